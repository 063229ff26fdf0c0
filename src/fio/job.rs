//! One loop of one test as fio runs it: the job and its command line.

use crate::workload::{DataKind, Direction, Pattern, TestSpec};
use std::path::Path;
use std::time::Duration;

/// One loop of one test, as fio will run it.
#[derive(Debug, Clone)]
pub struct FioJob<'a> {
    /// diskmark's test file.
    pub file: &'a Path,
    /// Its size.
    pub file_size: u64,
    /// The applied test.
    pub test: TestSpec,
    /// Read, write or mix.
    pub direction: Direction,
    /// Measure window.
    pub measure: Duration,
    /// Warm-up.
    pub warmup: Duration,
    /// O_DIRECT.
    pub direct: bool,
    /// Written data.
    pub data: DataKind,
    /// Whether the file's cached pages are dropped first.
    pub drop_cache: bool,
    /// O_DSYNC writes.
    pub dsync: bool,
    /// A raw block device, read read-only.
    pub raw: bool,
}

impl FioJob<'_> {
    /// The fio arguments equivalent to one loop of a native test, for
    /// fio's `ioengine`.
    pub fn args(&self, ioengine: &str) -> Vec<String> {
        let spec = self.test;
        let rw = match (spec.pattern, self.direction) {
            (Pattern::Seq, Direction::Read) => "read",
            (Pattern::Seq, Direction::Write) => "write",
            (Pattern::Seq, Direction::Mix { .. }) => "rw",
            (Pattern::Rnd, Direction::Read) => "randread",
            (Pattern::Rnd, Direction::Write) => "randwrite",
            (Pattern::Rnd, Direction::Mix { .. }) => "randrw",
        };
        let ms = |d: Duration| format!("{}ms", d.as_millis());
        let mut a = vec![
            format!("--name={}", spec.to_string().replace(' ', "_")),
            format!("--filename={}", fio_filename(self.file)),
            format!("--ioengine={ioengine}"),
            format!("--rw={rw}"),
            format!("--bs={}", spec.block_size),
            format!("--iodepth={}", spec.q),
            format!("--numjobs={}", spec.t),
            "--thread".into(),
            "--group_reporting".into(),
            "--time_based".into(),
            // Milliseconds: fio reads --runtime=0.5 as 0, and then runs
            // until the file has been read once.
            format!("--runtime={}", ms(self.measure)),
            format!("--ramp_time={}", ms(self.warmup)),
            format!("--direct={}", u8::from(self.direct)),
            "--randrepeat=0".into(),
            "--norandommap".into(),
            format!("--invalidate={}", u8::from(self.drop_cache)),
            "--lat_percentiles=1".into(),
            "--allow_file_create=0".into(),
            "--output-format=json+".into(),
        ];
        // fio cannot share one sequential cursor between jobs: with T > 1
        // each job gets its own region (a job given the whole file grows
        // it past its end).
        let (size, region) = seq_regions(self.file_size, spec);
        a.push(format!("--size={size}"));
        if let Some(step) = region {
            a.push(format!("--offset_increment={step}"));
        }
        if let Direction::Mix { read_pct } = self.direction {
            a.push(format!("--rwmixread={read_pct}"));
        }
        if self.data == DataKind::Zeros {
            a.push("--zero_buffers".into());
        }
        if !self.direct && self.direction.writes() {
            a.push("--end_fsync=1".into());
        }
        if self.dsync {
            a.push("--sync=dsync".into());
        }
        if self.raw {
            a.push("--readonly".into());
        }
        a
    }

    /// How long one loop's fio may run before it is killed: warm-up +
    /// measure, and for buffered writes the measure once more for fio's
    /// closing fsync, which flushes what the window wrote to the cache.
    pub fn window(&self) -> Duration {
        let flush = if !self.direct && self.direction.writes() {
            self.measure
        } else {
            Duration::ZERO
        };
        self.warmup + self.measure + flush
    }
}

/// The `--size` of each job and, for SEQ with several jobs, the step
/// between their regions: the file cut into T block-aligned parts.
pub fn seq_regions(file_size: u64, spec: TestSpec) -> (u64, Option<u64>) {
    if spec.pattern == Pattern::Seq && spec.t > 1 {
        let part = file_size / u64::from(spec.t) / spec.block_size * spec.block_size;
        (part.max(spec.block_size), Some(part.max(spec.block_size)))
    } else {
        (file_size, None)
    }
}

/// A value fio would not read back as diskmark wrote it into a job file
/// or onto its command line: the character, and what fio does with it
/// (docs/fio.md#what-fio-reads-as-written).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("holds {what}, {effect}")]
pub struct NotLiteral {
    /// The character, named visibly (`a newline`, `';'`, `the control
    /// character \x1b`).
    pub what: String,
    /// What fio would do with it.
    pub effect: &'static str,
}

/// Checks that fio 3.33 reads `value` back as written, in a job file
/// (`key=value` lines, also those a fio server receives) and on its
/// command line (`--key=value`). fio's parser (init.c and options.c,
/// measured in docs/fio.md#what-fio-reads-as-written):
///
/// - ends a line at a newline: the rest is another option (`exec_prerun=`
///   runs a command);
/// - ends a value at `;` or `#`: the rest is a comment;
/// - expands `${VAR}` from its environment, and `$pagesize`, `$mb_memory`
///   and `$ncpus` (then runs `bc` on the value);
/// - strips blanks and control characters at both ends.
///
/// A control character anywhere (a tab, an escape, C1) is refused too:
/// fio keeps it inside, but it is never part of a name anyone meant. Each
/// of these is refused, never escaped: fio has no escape for them.
/// Every other character is read as written; ':' in a file name has an
/// escape, added by [`fio_filename`].
pub fn literal(value: &str) -> Result<(), NotLiteral> {
    let refuse = |what: String, effect| Err(NotLiteral { what, effect });
    for c in value.chars() {
        match c {
            '\n' | '\r' => {
                return refuse(
                    if c == '\n' {
                        "a newline"
                    } else {
                        "a carriage return"
                    }
                    .into(),
                    "where a line of fio's job file ends: fio would read the rest as another option",
                );
            }
            ';' | '#' => {
                return refuse(
                    format!("'{c}'"),
                    "where fio ends the value: it would read the rest as a comment",
                );
            }
            '$' => {
                return refuse(
                    "'$'".into(),
                    "which fio expands ($VAR, ${VAR}, $ncpus and the like)",
                );
            }
            c if c.is_control() => {
                return refuse(
                    format!("the control character U+{:04X}", c as u32),
                    "which fio does not read back as written",
                );
            }
            _ => {}
        }
    }
    if value.starts_with(char::is_whitespace) {
        return refuse("a leading blank".into(), "which fio strips");
    }
    if value.ends_with(char::is_whitespace) {
        return refuse("a trailing blank".into(), "which fio strips");
    }
    Ok(())
}

/// [`literal`] for a path, which must also be UTF-8 to be written into a
/// job file as it is; the path as text.
pub fn literal_path(p: &Path) -> Result<&str, NotLiteral> {
    let text = p.to_str().ok_or_else(|| NotLiteral {
        what: "bytes that are not UTF-8".into(),
        effect: "which diskmark cannot write into fio's job file as they are",
    })?;
    literal(text)?;
    Ok(text)
}

/// A path as fio's `filename=` value: fio splits its value into several
/// files at ':', so each ':' is escaped as `\:`, which fio reads back as
/// ':' (a '\' elsewhere is kept as it is). The path must have passed
/// [`literal_path`].
pub fn fio_filename(p: &Path) -> String {
    p.to_string_lossy().replace(':', "\\:")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::MIB;
    use crate::workload::parse_test;

    fn job(test: &str, direction: Direction) -> FioJob<'static> {
        FioJob {
            file: Path::new("/var/tmp/a:b/.diskmark-1-2.tmp"),
            file_size: 64 * MIB,
            test: parse_test(test).unwrap(),
            direction,
            measure: Duration::from_millis(500),
            warmup: Duration::from_millis(200),
            direct: true,
            data: DataKind::Random,
            drop_cache: true,
            dsync: false,
            raw: false,
        }
    }

    #[test]
    fn arguments_mirror_the_native_test() {
        let a = job("RND4K Q32T2", Direction::Mix { read_pct: 70 }).args("libaio");
        for want in [
            "--filename=/var/tmp/a\\:b/.diskmark-1-2.tmp",
            "--ioengine=libaio",
            "--rw=randrw",
            "--rwmixread=70",
            "--bs=4096",
            "--iodepth=32",
            "--numjobs=2",
            "--thread",
            "--group_reporting",
            "--time_based",
            "--runtime=500ms",
            "--ramp_time=200ms",
            "--direct=1",
            "--randrepeat=0",
            "--norandommap",
            "--invalidate=1",
            "--lat_percentiles=1",
            "--allow_file_create=0",
            "--output-format=json+",
            "--size=67108864",
        ] {
            assert!(a.iter().any(|x| x == want), "{want} missing in {a:?}");
        }
        assert!(!a.iter().any(|x| x.starts_with("--offset_increment")));
        assert!(
            !a.iter()
                .any(|x| x == "--zero_buffers" || x == "--end_fsync=1")
        );
    }

    #[test]
    fn values_fio_reads_otherwise_are_refused_naming_the_character() {
        for (bad, what) in [
            ("/a\nexec_prerun=rm x", "a newline"),
            ("/a\rb", "a carriage return"),
            ("/rd;$(id)", "';'"),
            ("/a#b", "'#'"),
            ("/${HOME}", "'$'"),
            ("/x$ncpus", "'$'"),
            ("/a\tb", "the control character U+0009"),
            ("/a\u{1b}[2J", "the control character U+001B"),
            ("/a\u{9b}", "the control character U+009B"),
            (" /a", "a leading blank"),
            ("/a ", "a trailing blank"),
        ] {
            let e = literal(bad).unwrap_err();
            assert_eq!(e.what, what, "{bad:?}");
            assert!(e.to_string().starts_with(&format!("holds {what}, ")), "{e}");
        }
        for good in [
            "/var/tmp/a b",
            "/x/a:b",
            "/x/a\\b",
            "/x/'q\"[x]=y,z%d~&é",
            "libaio",
            "4096",
        ] {
            assert_eq!(literal(good), Ok(()), "{good:?}");
        }
        use std::os::unix::ffi::OsStrExt;
        let raw = Path::new(std::ffi::OsStr::from_bytes(b"/x/\xff"));
        assert_eq!(
            literal_path(raw).unwrap_err().what,
            "bytes that are not UTF-8"
        );
        assert_eq!(literal_path(Path::new("/x/y")), Ok("/x/y"));
    }

    #[test]
    fn a_colon_in_a_file_name_is_escaped_and_a_backslash_kept() {
        // fio turns `\:` into `:` and keeps any other backslash
        // (options.c, get_next_str; docs/fio.md#what-fio-reads-as-written).
        assert_eq!(fio_filename(Path::new("/x/a:b")), "/x/a\\:b");
        assert_eq!(fio_filename(Path::new("/x/a\\:b")), "/x/a\\\\:b");
        assert_eq!(fio_filename(Path::new("/x/a\\b")), "/x/a\\b");
    }

    #[test]
    fn sequential_jobs_get_their_own_regions() {
        let a = job("SEQ1M Q1T8", Direction::Read).args("psync");
        assert!(a.contains(&"--rw=read".to_string()));
        assert!(a.contains(&format!("--size={}", 8 * MIB)));
        assert!(a.contains(&format!("--offset_increment={}", 8 * MIB)));
        // 64 MiB in 3 parts of whole 1 MiB blocks: 21 MiB each.
        assert_eq!(
            seq_regions(64 * MIB, parse_test("SEQ1M Q1T3").unwrap()),
            (21 * MIB, Some(21 * MIB))
        );
    }

    #[test]
    fn zeros_and_buffered_writes() {
        let mut j = job("SEQ1M Q8T1", Direction::Write);
        j.data = DataKind::Zeros;
        j.direct = false;
        j.drop_cache = false;
        let a = j.args("io_uring");
        for want in [
            "--zero_buffers",
            "--end_fsync=1",
            "--direct=0",
            "--invalidate=0",
            "--rw=write",
        ] {
            assert!(a.iter().any(|x| x == want), "{want} missing in {a:?}");
        }
    }

    #[test]
    fn the_deadline_allows_for_the_closing_fsync_of_buffered_writes() {
        let read = job("SEQ1M Q8T1", Direction::Read);
        assert_eq!(read.window(), Duration::from_millis(700));
        let mut write = job("SEQ1M Q8T1", Direction::Write);
        assert_eq!(write.window(), Duration::from_millis(700));
        write.direct = false;
        assert_eq!(write.window(), Duration::from_millis(1200));
    }
}
