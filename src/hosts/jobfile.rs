//! fio's client sends job files, not command-line job options: every job a
//! host runs is written here as a job file, in a private directory of this
//! machine that is removed with it (docs/hosts.md#how-a-run-goes).

use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// A directory only this user can read (0700), made new for one run and
/// removed, with its job files, when dropped.
#[derive(Debug)]
pub struct PrivateDir {
    path: PathBuf,
    next: usize,
}

impl PrivateDir {
    /// A new directory under the system's temporary directory; never one
    /// that exists already (a name taken by someone else is an error, not
    /// a directory to share).
    pub fn new(token: &str) -> std::io::Result<PrivateDir> {
        let path =
            std::env::temp_dir().join(format!("diskmark-hosts-{}-{token}", std::process::id()));
        std::fs::DirBuilder::new().mode(0o700).create(&path)?;
        Ok(PrivateDir { path, next: 0 })
    }

    /// Writes `text` as a new job file (0600) and returns its path.
    /// A line fio would read otherwise than written is refused
    /// (`InvalidInput`), and nothing is written.
    pub fn write(&mut self, text: &str) -> std::io::Result<PathBuf> {
        check_lines(text)?;
        self.next += 1;
        let path = self.path.join(format!("job-{}.fio", self.next));
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path)?;
        f.write_all(text.as_bytes())?;
        Ok(path)
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// One job section from fio's command-line job options (`--name=X` starts
/// the section; `--key=value` becomes `key=value`, `--flag` becomes
/// `flag`). Options that are fio's own, not a job's, are left out:
/// `--output-format` goes on the client's command line.
pub fn job_text(args: &[String]) -> String {
    let mut name = "diskmark".to_string();
    let mut lines = Vec::new();
    for a in args {
        let Some(opt) = a.strip_prefix("--") else {
            continue;
        };
        if let Some(n) = opt.strip_prefix("name=") {
            name = n.to_string();
        } else if !opt.starts_with("output-format=") {
            lines.push(opt.to_string());
        }
    }
    let mut text = format!("[{name}]\n");
    for l in lines {
        text.push_str(&l);
        text.push('\n');
    }
    text
}

/// A section from `key=value` lines.
pub fn section(name: &str, options: &[String]) -> String {
    let mut text = format!("[{name}]\n");
    for o in options {
        text.push_str(o);
        text.push('\n');
    }
    text
}

pub use crate::fio::job::fio_filename;

/// Every line of a job file is one fio reads as written
/// ([`crate::fio::job::literal`]): the last guard before a file a fio
/// server will parse, whatever the caller checked before.
fn check_lines(text: &str) -> std::io::Result<()> {
    for line in text.lines() {
        crate::fio::job::literal(line).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("the job line {} {e}", crate::escape::escaped(line)),
            )
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn command_line_options_become_one_section() {
        let args: Vec<String> = [
            "--name=RND4K_Q32T1",
            "--filename=/srv/x\\:y.tmp",
            "--thread",
            "--runtime=300ms",
            "--output-format=json+",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            job_text(&args),
            "[RND4K_Q32T1]\nfilename=/srv/x\\:y.tmp\nthread\nruntime=300ms\n"
        );
    }

    #[test]
    fn the_directory_is_private_and_goes_away() {
        let mut d = PrivateDir::new("t1").unwrap();
        let f = d.write("[a]\n").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(d.path()), 0o700);
        assert_eq!(mode(&f), 0o600);
        assert!(
            PrivateDir::new("t1").is_err(),
            "an existing name is refused"
        );
        for bad in [
            "[a]\nfilename=/x;y\n",
            "[a]\nfilename=/${HOME}\n",
            "[a]\rthread\n",
        ] {
            let e = d.write(bad).unwrap_err();
            assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{bad:?}");
        }
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
        let p = d.path().to_path_buf();
        drop(d);
        assert!(!p.exists());
    }
}
