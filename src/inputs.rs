//! The one way diskmark opens a file it reads (docs/architecture.md#files-diskmark-reads):
//! a result for `compare` or the window's "Open result", a `--hosts` list,
//! a `--history` database. Only a regular file is read: a FIFO, a socket,
//! a device or a directory is refused in one sentence before anything
//! waits on it, and no more than the input's limit is ever read, so that
//! no input can block a command or fill its memory.

use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// One kind of input: what it is called in a refusal and the most that
/// is read of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Input {
    /// What the file should be, with its article (`a diskmark result
    /// file`).
    pub what: &'static str,
    /// The most bytes read; a larger file is refused.
    pub limit: u64,
}

/// A result for `diskmark compare`: larger than any result diskmark
/// writes, every loop's samples included (docs/report.md#compare).
pub const RESULT: Input = Input {
    what: "a diskmark result file",
    limit: 256 << 20,
};

/// A `--hosts` list: a list of hosts is a few kilobytes (docs/hosts.md).
pub const HOSTS: Input = Input {
    what: "a list of hosts",
    limit: 1 << 20,
};

/// The language the window's Language menu remembered
/// (docs/i18n.md#choosing): one identifier.
pub const LANGUAGE: Input = Input {
    what: "a remembered language",
    limit: 64,
};

/// A `--history` database. SQLite opens it itself: only [`check`] applies.
pub const HISTORY: Input = Input {
    what: "a history database",
    limit: u64::MAX,
};

/// Why an input was not read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// A FIFO, a socket, a device or a directory.
    #[error("{shown} is {kind}, not {what}; give a regular file")]
    NotRegular {
        /// The path as shown (escaped by the caller).
        shown: String,
        /// What it is (`a FIFO`).
        kind: &'static str,
        /// What it should be.
        what: &'static str,
    },
    /// Larger than the input's limit.
    #[error("{shown} is larger than {limit}, more than {what} can be; give {what}")]
    TooLarge {
        /// The path as shown.
        shown: String,
        /// The limit, in words (`256 MiB`).
        limit: String,
        /// What it should be.
        what: &'static str,
    },
    /// It cannot be opened or read (absent, no permission, an I/O error).
    #[error("cannot read {shown}: {source}")]
    Io {
        /// The path as shown.
        shown: String,
        /// The cause.
        source: std::io::Error,
    },
}

impl InputError {
    /// Whether the user gave the wrong kind of file (a usage error, exit
    /// 2), rather than one that could not be read (exit 1).
    pub fn is_usage(&self) -> bool {
        !matches!(self, InputError::Io { .. })
    }
}

/// What a file that is not a regular one is, in words.
fn kind(ft: std::fs::FileType) -> Option<&'static str> {
    Some(if ft.is_file() {
        return None;
    } else if ft.is_fifo() {
        "a FIFO"
    } else if ft.is_socket() {
        "a socket"
    } else if ft.is_char_device() {
        "a character device"
    } else if ft.is_block_device() {
        "a block device"
    } else if ft.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    })
}

fn refuse(ft: std::fs::FileType, shown: &str, input: &Input) -> Result<(), InputError> {
    match kind(ft) {
        None => Ok(()),
        Some(kind) => Err(InputError::NotRegular {
            shown: shown.to_string(),
            kind,
            what: input.what,
        }),
    }
}

/// Checks, without opening it, that `path` is a regular file (through
/// links) or absent: `Ok(false)` when it does not exist. For a file that
/// another library opens by its name (SQLite).
pub fn check(path: &Path, shown: &str, input: &Input) -> Result<bool, InputError> {
    match std::fs::metadata(path) {
        Ok(m) => refuse(m.file_type(), shown, input).map(|()| true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(source) => Err(InputError::Io {
            shown: shown.to_string(),
            source,
        }),
    }
}

/// Reads `path` whole, refusing what is not a regular file or is larger
/// than `input.limit`. `shown` names it in a refusal (the caller escapes
/// it for the terminal).
///
/// The path is looked at first, so that a device is never opened (a
/// tape rewinds on open); then it is opened with `O_NONBLOCK` (a FIFO
/// put in its place meanwhile does not block the open) and `O_NOCTTY`,
/// what was opened is checked again, and at most `limit + 1` bytes are
/// read, so that a file that grows is refused too.
pub fn read(path: &Path, shown: &str, input: &Input) -> Result<Vec<u8>, InputError> {
    let io = |source: std::io::Error| InputError::Io {
        shown: shown.to_string(),
        source,
    };
    let before = std::fs::metadata(path).map_err(io)?;
    refuse(before.file_type(), shown, input)?;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    refuse(meta.file_type(), shown, input)?;
    let too_large = || InputError::TooLarge {
        shown: shown.to_string(),
        limit: crate::units::file_size_label(input.limit),
        what: input.what,
    };
    if meta.len() > input.limit {
        return Err(too_large());
    }
    // A regular file never blocks; blocking reads again, as any file.
    let flags = rustix::fs::fcntl_getfl(&file).map_err(|e| io(e.into()))?;
    rustix::fs::fcntl_setfl(&file, flags - rustix::fs::OFlags::NONBLOCK)
        .map_err(|e| io(e.into()))?;
    let mut bytes = Vec::new();
    file.take(input.limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > input.limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// For tests of every input: one of each kind of file that is not a
/// regular file, made in `dir` (the socket lives while its listener does).
#[cfg(test)]
pub(crate) struct NotFiles {
    /// Each path with the words its refusal uses.
    pub kinds: Vec<(std::path::PathBuf, &'static str)>,
    _listener: std::os::unix::net::UnixListener,
}

#[cfg(test)]
impl NotFiles {
    /// A FIFO, a socket, a character device and a directory.
    pub fn in_dir(dir: &Path) -> NotFiles {
        let fifo = dir.join("fifo");
        let mode = rustix::fs::Mode::from_raw_mode(0o600);
        rustix::fs::mknodat(rustix::fs::CWD, &fifo, rustix::fs::FileType::Fifo, mode, 0).unwrap();
        let sock = dir.join("sock");
        let listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
        NotFiles {
            kinds: vec![
                (fifo, "a FIFO"),
                (sock, "a socket"),
                (std::path::PathBuf::from("/dev/null"), "a character device"),
                (dir.to_path_buf(), "a directory"),
            ],
            _listener: listener,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: Input = Input {
        what: "a small file",
        limit: 1 << 20,
    };

    #[test]
    fn a_regular_file_is_read_up_to_its_limit() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, vec![7u8; 1 << 20]).unwrap();
        assert_eq!(read(&p, "f", &SMALL).unwrap().len(), 1 << 20);
        std::fs::write(&p, vec![7u8; (1 << 20) + 1]).unwrap();
        assert_eq!(
            read(&p, "f", &SMALL).unwrap_err().to_string(),
            "f is larger than 1 MiB, more than a small file can be; give a small file"
        );
        let gone = dir.path().join("gone");
        let e = read(&gone, "gone", &SMALL).unwrap_err();
        assert!(!e.is_usage(), "{e}");
        assert!(
            e.to_string()
                .starts_with("cannot read gone: No such file or directory"),
            "{e}"
        );
        assert!(!check(&gone, "gone", &SMALL).unwrap());
    }

    #[test]
    fn what_is_not_a_regular_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let not_files = NotFiles::in_dir(dir.path());
        for (p, kind) in &not_files.kinds {
            let p = p.as_path();
            let e = read(p, "x", &SMALL).unwrap_err();
            assert!(e.is_usage());
            assert_eq!(
                e.to_string(),
                format!("x is {kind}, not a small file; give a regular file")
            );
            assert!(check(p, "x", &SMALL).is_err());
        }
    }
}
