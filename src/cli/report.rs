//! The options of `diskmark report FILE.json`: a saved result redrawn in
//! any format, as a chart or as a card, without running anything. Its
//! outputs are checked as a run's are (never a device, never through a
//! link, each format from its extension), and none may be the result
//! file itself.

use super::outputs::OutputOptions;
use crate::config::UsageError;
use crate::report::Format;
use clap::Args;
use std::ffi::OsString;
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;

/// Options of `diskmark report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// A result diskmark wrote as JSON (--format json, -o FILE.json)
    #[arg(value_name = "FILE.json")]
    pub input: PathBuf,

    /// Report format: text, json, csv, markdown or openmetrics [default:
    /// text, or from the extension of each --output]
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Write the report to FILE instead of standard output, in the format
    /// its extension says unless --format says otherwise; repeatable
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Vec<PathBuf>,

    /// Draw the result as a chart, SVG or PNG by its name
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub chart: Option<PathBuf>,

    /// Draw the CrystalDiskMark-style result card, SVG or PNG by its name
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub card: Option<PathBuf>,
}

impl ReportArgs {
    /// Every output, checked as a run's are; one that is the result file
    /// itself (by inode: a link or another name of it too) is refused.
    pub fn outputs(&self) -> Result<OutputOptions, UsageError> {
        self.refuse_input_as_output()?;
        let mut argv: Vec<OsString> = vec!["diskmark".into()];
        let outputs = super::as_run::Outputs {
            format: self.format,
            output: &self.output,
            chart: self.chart.as_deref(),
            card: self.card.as_deref(),
        };
        super::as_run::push_outputs(&mut argv, outputs);
        // The result file stands where a run's target would: what no
        // output may be.
        super::as_run::parse("diskmark report", argv)?.outputs(&self.input)
    }

    fn refuse_input_as_output(&self) -> Result<(), UsageError> {
        let Ok(input) = std::fs::metadata(&self.input) else {
            return Ok(());
        };
        let named = (self.output.iter().map(|p| (p, "--output")))
            .chain(self.chart.iter().map(|p| (p, "--chart")))
            .chain(self.card.iter().map(|p| (p, "--card")));
        for (path, option) in named {
            let same = std::fs::metadata(path)
                .is_ok_and(|m| (m.dev(), m.ino()) == (input.dev(), input.ino()));
            if same {
                return Err(UsageError::new(
                    option,
                    format!(
                        "{} is the result being redrawn; writing it would lose it: give another file",
                        crate::escape::path(path)
                    ),
                ));
            }
        }
        Ok(())
    }
}
