//! The test file: created exclusively in the target, locked, pre-filled,
//! and removed whatever happens (DESIGN §5).

use super::RunError;
use crate::engine::AlignedBuf;
use crate::workload::DataKind;
use crate::workload::access::{PREFILL_MAGIC, Rng, splitmix64, stamp_pages};
use rustix::fs::{FlockOperation, OFlags};
use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Prefix of every test file name; a later run recognises leftovers by it.
pub const FILE_PREFIX: &str = ".diskmark-";
/// Suffix of every test file name.
pub const FILE_SUFFIX: &str = ".tmp";
/// Bytes per pre-fill write.
const PREFILL_CHUNK: u64 = 4 * crate::units::MIB;

/// A test file that exists for as long as this value does.
#[derive(Debug)]
pub struct TestFile {
    path: PathBuf,
    file: File,
    size: u64,
    keep: bool,
}

impl TestFile {
    /// Creates `.diskmark-<pid>-<random>.tmp` in `dir` with O_EXCL (so never
    /// through a symlink, never over an existing file), takes an advisory
    /// lock on it, and turns O_DIRECT on when asked.
    pub fn create(dir: &Path, size: u64, direct: bool) -> Result<TestFile, RunError> {
        let pid = std::process::id();
        let mut entropy = u64::from(pid)
            ^ std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
        let mut attempt = 0;
        let (path, file) = loop {
            let name = format!(
                "{FILE_PREFIX}{pid}-{:08x}{FILE_SUFFIX}",
                splitmix64(&mut entropy) as u32
            );
            let path = dir.join(name);
            match OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .mode(0o600)
                .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
                .open(&path)
            {
                Ok(f) => break (path, f),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 16 => {
                    attempt += 1;
                }
                Err(e) => return Err(RunError::create(dir, e)),
            }
        };
        // From here on, dropping `tf` removes the file.
        let tf = TestFile {
            path,
            file,
            size,
            keep: false,
        };
        // The lock tells a later run that this file's owner is alive.
        rustix::fs::flock(&tf.file, FlockOperation::NonBlockingLockExclusive)
            .map_err(|e| RunError::create(dir, e.into()))?;
        if direct {
            let flags =
                rustix::fs::fcntl_getfl(&tf.file).map_err(|e| RunError::create(dir, e.into()))?;
            if let Err(e) = rustix::fs::fcntl_setfl(&tf.file, flags | OFlags::DIRECT) {
                return Err(match e {
                    rustix::io::Errno::INVAL | rustix::io::Errno::NOTSUP => {
                        RunError::DirectUnsupported {
                            path: dir.to_path_buf(),
                        }
                    }
                    e => RunError::create(dir, e.into()),
                });
            }
        }
        Ok(tf)
    }

    /// The path of the file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The open file (read-write, O_DIRECT when asked).
    pub fn file(&self) -> &File {
        &self.file
    }

    /// Size in bytes.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Writes the whole file once with `data` and fsyncs it, so that reads
    /// hit real blocks and no write-back of the pre-fill runs during a
    /// test. `progress(done)` is called after each chunk and may stop the
    /// pre-fill by returning an error.
    pub fn prefill(
        &self,
        data: DataKind,
        seed: u64,
        mut progress: impl FnMut(u64) -> Result<(), RunError>,
    ) -> Result<(), RunError> {
        let chunk = PREFILL_CHUNK.min(self.size);
        let mut buf = AlignedBuf::new(1, chunk as usize).map_err(|e| RunError::Prefill {
            path: self.path.clone(),
            source: io::Error::new(io::ErrorKind::OutOfMemory, e),
        })?;
        let mut rng = Rng::new(seed ^ 0x5EED_F111);
        if data == DataKind::Random {
            rng.fill(buf.slot_mut(0));
        }
        let mut offset = 0u64;
        while offset < self.size {
            let len = chunk.min(self.size - offset) as usize;
            let b = &mut buf.slot_mut(0)[..len];
            if data == DataKind::Random {
                // Same random bytes each chunk, but every 4 KiB page carries
                // its own offset: no two pages of the file are identical.
                stamp_pages(b, &PREFILL_MAGIC, offset, 0);
            }
            let mut done = 0usize;
            while done < len {
                let n = crate::engine::retry_eintr(|| {
                    self.file.write_at(&b[done..], offset + done as u64)
                })
                .map_err(|e| self.prefill_error(e))?;
                if n == 0 {
                    return Err(self.prefill_error(io::Error::from(io::ErrorKind::WriteZero)));
                }
                done += n;
            }
            offset += len as u64;
            progress(offset)?;
        }
        self.file.sync_all().map_err(|e| self.prefill_error(e))?;
        Ok(())
    }

    fn prefill_error(&self, e: io::Error) -> RunError {
        match e.raw_os_error() {
            Some(libc::ENOSPC) | Some(libc::EDQUOT) => RunError::DiskFull {
                path: self.path.clone(),
                during: "pre-fill".into(),
            },
            Some(libc::EINVAL) => RunError::DirectUnsupported {
                path: self.path.parent().unwrap_or(Path::new(".")).to_path_buf(),
            },
            _ => RunError::Prefill {
                path: self.path.clone(),
                source: e,
            },
        }
    }

    /// Drops the file's cached pages (fdatasync, then
    /// posix_fadvise(DONTNEED)): works without root.
    pub fn drop_cache(&self) -> io::Result<()> {
        self.file.sync_data()?;
        rustix::fs::fadvise(&self.file, 0, None, rustix::fs::Advice::DontNeed)?;
        Ok(())
    }

    /// Makes the file's size right without writing it (for the null
    /// engine, which never touches the data).
    pub fn set_len(&self) -> io::Result<()> {
        self.file.set_len(self.size)
    }
}

impl TestFile {
    /// Leaves the file in place (closed, unlocked) and returns its path.
    pub fn keep(mut self) -> PathBuf {
        self.keep = true;
        self.path.clone()
    }
}

impl Drop for TestFile {
    fn drop(&mut self) {
        if self.keep {
            return;
        }
        // Best effort: nothing sensible is left to do if removal fails, and
        // the lock is released with the descriptor.
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workload::access::read_stamp;

    #[test]
    fn created_prefilled_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path;
        {
            let tf = TestFile::create(dir.path(), 8 << 20, false).unwrap();
            path = tf.path().to_path_buf();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                name.starts_with(".diskmark-") && name.ends_with(".tmp"),
                "{name}"
            );
            let mut seen = Vec::new();
            tf.prefill(DataKind::Random, 1, |d| {
                seen.push(d);
                Ok(())
            })
            .unwrap();
            assert_eq!(seen, [4 << 20, 8 << 20]);
            let content = std::fs::read(&path).unwrap();
            assert_eq!(content.len(), 8 << 20);
            for page in [0usize, 1, 1024, 2047] {
                let at = page * 4096;
                assert_eq!(
                    read_stamp(&content[at..]),
                    Some((PREFILL_MAGIC, at as u64, 0))
                );
            }
            // Pages differ from each other although the chunk repeats.
            assert_ne!(&content[..4096], &content[4 << 20..(4 << 20) + 4096]);
            tf.drop_cache().unwrap();
        }
        assert!(!path.exists());
    }

    #[test]
    fn zeros_are_zeros() {
        let dir = tempfile::tempdir().unwrap();
        let tf = TestFile::create(dir.path(), 1 << 20, false).unwrap();
        tf.prefill(DataKind::Zeros, 1, |_| Ok(())).unwrap();
        assert!(std::fs::read(tf.path()).unwrap().iter().all(|&b| b == 0));
    }

    #[test]
    fn a_stopping_progress_ends_the_prefill_and_the_file_goes() {
        let dir = tempfile::tempdir().unwrap();
        let tf = TestFile::create(dir.path(), 8 << 20, false).unwrap();
        let path = tf.path().to_path_buf();
        let r = tf.prefill(DataKind::Random, 1, |_| Err(RunError::Interrupted(2)));
        assert!(matches!(r, Err(RunError::Interrupted(2))));
        drop(tf);
        assert!(!path.exists());
    }

    #[test]
    fn two_files_in_one_directory_do_not_collide() {
        let dir = tempfile::tempdir().unwrap();
        let a = TestFile::create(dir.path(), 1 << 20, false).unwrap();
        let b = TestFile::create(dir.path(), 1 << 20, false).unwrap();
        assert_ne!(a.path(), b.path());
    }
}
