//! Writing a checked output: the file is opened without following a link,
//! and what was opened is checked before the first byte goes out.

use super::{Kind, OutputPath, harmless_char_device, is_pseudo};
use rustix::fs::{FileType, Mode, OFlags};
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

impl OutputPath {
    /// Whether two outputs would write the same file. /dev/null may take
    /// any number of them.
    pub(super) fn same_as(&self, other: &OutputPath) -> bool {
        let null = |p: &OutputPath| {
            p.kind == Kind::Stream
                && std::fs::metadata(&p.shown).is_ok_and(|m| m.rdev() == rustix::fs::makedev(1, 3))
        };
        if null(self) && null(other) {
            return false;
        }
        (self.identity.is_some() && self.identity == other.identity)
            || (self.kind == Kind::File
                && other.kind == Kind::File
                && self.dir == other.dir
                && self.name == other.name)
    }

    /// The resolved path (what SQLite is given for the history database).
    pub fn resolved(&self) -> PathBuf {
        match self.kind {
            Kind::File => self.dir.join(&self.name),
            Kind::Stream | Kind::Std(_) => self.shown.clone(),
        }
    }

    /// Whether this is diskmark's own standard output.
    pub fn is_stdout(&self) -> bool {
        self.kind == Kind::Std(1)
    }

    /// Whether this is a stream (terminal, pipe, /dev/null, a standard
    /// stream) rather than a file.
    pub fn is_stream(&self) -> bool {
        matches!(self.kind, Kind::Stream | Kind::Std(_))
    }

    /// Writes `bytes` as the whole content of the output. The file is
    /// opened without following a link and checked before anything is
    /// written; it is emptied only once it is known to be a regular file.
    pub fn write(&self, bytes: &[u8]) -> io::Result<()> {
        let mut f = self.open_stream()?;
        f.write_all(bytes)?;
        f.flush()
    }

    /// Opens the output for writing as it goes (`--progress jsonl=PATH`):
    /// opened and checked as [`OutputPath::write`] does, emptied once it
    /// is known to be a regular file; a standard stream is written through
    /// its descriptor.
    pub fn open_stream(&self) -> io::Result<Box<dyn Write + Send>> {
        // Standard streams were checked at start (a block device there
        // ends diskmark before anything) and cannot change under it.
        match self.kind {
            Kind::Std(1) => return Ok(Box::new(std::io::stdout())),
            Kind::Std(_) => return Ok(Box::new(std::io::stderr())),
            _ => {}
        }
        let fd = self.open()?;
        let st = rustix::fs::fstat(&fd)?;
        let ft = FileType::from_raw_mode(st.st_mode);
        let ok = match self.kind {
            Kind::File => ft == FileType::RegularFile,
            Kind::Stream | Kind::Std(_) => {
                ft == FileType::Fifo
                    || (ft == FileType::CharacterDevice && harmless_char_device(st.st_rdev))
            }
        };
        if !ok || rustix::fs::fstatfs(&fd).is_ok_and(|st| is_pseudo(&st)) {
            return Err(io::Error::other(
                "it is no longer a regular file, a terminal or a pipe (replaced during the run); nothing was written",
            ));
        }
        if ft == FileType::RegularFile {
            rustix::fs::ftruncate(&fd, 0)?;
        }
        // Opened non-blocking so that a pipe nobody reads fails at once
        // (ENXIO) instead of hanging; the writing itself may block.
        rustix::fs::fcntl_setfl(&fd, OFlags::empty())?;
        Ok(Box::new(std::fs::File::from(fd)))
    }

    /// Writes `bytes` to a file that must not exist yet (a kept result, a
    /// saved report). If writing fails, the file is removed — by its
    /// directory and only while its name still holds the file written — so
    /// that no empty or partial file is left.
    pub fn write_new(&self, bytes: &[u8]) -> io::Result<()> {
        if self.kind != Kind::File {
            return self.write(bytes);
        }
        let dir = open_dir(&self.dir)?;
        let fd = rustix::fs::openat(
            &dir,
            self.name.as_os_str(),
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::from_raw_mode(0o666),
        )?;
        let st = rustix::fs::fstat(&fd)?;
        let mut f = std::fs::File::from(fd);
        let written = f.write_all(bytes).and_then(|()| f.sync_all());
        if written.is_err() {
            let same = rustix::fs::statat(
                &dir,
                self.name.as_os_str(),
                rustix::fs::AtFlags::SYMLINK_NOFOLLOW,
            )
            .is_ok_and(|now| (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino));
            if same {
                let _ =
                    rustix::fs::unlinkat(&dir, self.name.as_os_str(), rustix::fs::AtFlags::empty());
            }
        }
        written
    }

    fn open(&self) -> io::Result<std::os::fd::OwnedFd> {
        let common = OFlags::WRONLY | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
        match self.kind {
            Kind::Stream | Kind::Std(_) => {
                Ok(rustix::fs::open(&self.shown, common, Mode::empty())?)
            }
            Kind::File => {
                let dir = open_dir(&self.dir)?;
                Ok(rustix::fs::openat(
                    &dir,
                    self.name.as_os_str(),
                    common | OFlags::CREATE | OFlags::NOFOLLOW,
                    Mode::from_raw_mode(0o666),
                )?)
            }
        }
    }
}

/// Opens the resolved directory `dir`, refusing a link swapped into it
/// since it was resolved (openat2 RESOLVE_NO_SYMLINKS where the kernel has
/// it, since 5.6).
fn open_dir(dir: &Path) -> io::Result<std::os::fd::OwnedFd> {
    let flags = OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC;
    match rustix::fs::openat2(
        rustix::fs::CWD,
        dir,
        flags,
        Mode::empty(),
        rustix::fs::ResolveFlags::NO_SYMLINKS,
    ) {
        Err(rustix::io::Errno::NOSYS) => Ok(rustix::fs::open(dir, flags, Mode::empty())?),
        r => Ok(r?),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Forbidden, check};
    use super::*;

    fn no_target() -> Forbidden {
        Forbidden::default()
    }

    #[test]
    fn a_link_swapped_in_after_the_check_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep").unwrap();
        let out = dir.path().join("r.txt");
        let o = check(&out, "--output", no_target()).unwrap();
        std::os::unix::fs::symlink(&victim, &out).unwrap();
        assert!(o.write(b"report").is_err());
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
    }

    #[test]
    fn write_new_never_replaces_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("kept.json");
        let o = check(&f, "--history", no_target()).unwrap();
        o.write_new(b"{}").unwrap();
        assert!(o.write_new(b"other").is_err());
        assert_eq!(std::fs::read(&f).unwrap(), b"{}");
    }

    #[test]
    fn a_pipe_without_a_reader_fails_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            FileType::Fifo,
            Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        let o = check(&fifo, "--output", no_target()).unwrap();
        assert!(o.write(b"x").is_err());
    }
}
