//! The terminal's keys, read by diskmark itself with poll(2), so that a
//! terminal that goes away is seen at once: a hang-up (POLLHUP), an error
//! (POLLERR, EIO) or the end of input (a read of 0 bytes) ends the
//! interface. crossterm's own reader cannot be used for this: on a read of
//! 0 bytes or an error other than EAGAIN it reads again at once, forever,
//! without returning to its caller (crossterm 0.29
//! `UnixInternalEventSource::try_read`), which spun at full CPU after
//! `tmux kill-session` and never looked at a signal again.

use crate::fl;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rustix::event::{PollFd, PollFlags, Timespec, poll};
use std::time::Duration;

/// A key of the terminal interface and what it does.
pub struct Key {
    /// The keys (never translated).
    pub keys: &'static str,
    /// What they do, in the interface's language.
    pub what: fn() -> String,
}

/// What each key does in the terminal interface: the help overlay (`?`)
/// and `diskmark help tui` both show this table.
pub const KEYS: [Key; 12] = [
    Key {
        keys: "↑ ↓  k j",
        what: || fl!("tui-key-move"),
    },
    Key {
        keys: "← →  h l",
        what: || fl!("tui-key-change"),
    },
    Key {
        keys: "Enter Space",
        what: || fl!("tui-key-start"),
    },
    Key {
        keys: "Esc",
        what: || fl!("tui-key-stop"),
    },
    Key {
        keys: "t",
        what: || fl!("tui-key-target"),
    },
    Key {
        keys: "u",
        what: || fl!("tui-key-unit"),
    },
    Key {
        keys: "s / J",
        what: || fl!("tui-key-save"),
    },
    Key {
        keys: "c",
        what: || fl!("tui-key-copy"),
    },
    Key {
        keys: "Tab g w H",
        what: || fl!("tui-key-pages"),
    },
    Key {
        keys: "",
        what: || fl!("tui-key-fill"),
    },
    Key {
        keys: "",
        what: || fl!("tui-key-history"),
    },
    Key {
        keys: "q  Ctrl-C",
        what: || fl!("tui-key-quit"),
    },
];

/// The table as lines: the keys in a column of their own.
pub fn keys() -> Vec<String> {
    KEYS.iter()
        .map(|k| format!("{:<13}{}", k.keys, (k.what)()))
        .collect()
}

/// The keys as the end of `diskmark help tui` lists them (the CLI's
/// thread never chooses a language: English, as the manual's).
pub fn keys_help() -> String {
    let mut out = String::from("Keys:");
    for line in keys() {
        out.push_str("\n  ");
        out.push_str(line.trim_end());
    }
    out
}

/// What waiting for input brought.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    /// Keys (maybe none: the wait ended, or the bytes were no key).
    Keys(Vec<KeyEvent>),
    /// The terminal is gone: hung up, failed, or its input ended.
    Gone,
}

/// Reads keys from standard input (a terminal in raw mode).
#[derive(Debug, Default)]
pub struct Keys {
    /// The start of a UTF-8 character cut by the end of a read.
    partial: Vec<u8>,
}

impl Keys {
    /// Waits at most `timeout` for input and returns it.
    pub fn wait(&mut self, timeout: Duration) -> Input {
        let stdin = std::io::stdin();
        let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
        let ts = Timespec {
            tv_sec: timeout.as_secs() as i64,
            tv_nsec: i64::from(timeout.subsec_nanos()),
        };
        match poll(&mut fds, Some(&ts)) {
            Ok(0) => return Input::Keys(Vec::new()),
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => return Input::Keys(Vec::new()),
            Err(_) => return Input::Gone,
        }
        let revents = fds[0].revents();
        if !revents.contains(PollFlags::IN) {
            // POLLHUP, POLLERR or POLLNVAL with nothing left to read.
            return Input::Gone;
        }
        let mut buf = [0u8; 1024];
        match rustix::io::read(&stdin, &mut buf) {
            Ok(0) => Input::Gone,
            Ok(n) => {
                let mut bytes = std::mem::take(&mut self.partial);
                bytes.extend_from_slice(&buf[..n]);
                let (keys, rest) = parse(&bytes);
                self.partial = rest.to_vec();
                Input::Keys(keys)
            }
            Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => Input::Keys(Vec::new()),
            Err(_) => Input::Gone,
        }
    }
}

/// Whether the terminal on standard input has hung up or failed (asked
/// without waiting).
pub fn terminal_gone() -> bool {
    let stdin = std::io::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::empty())];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    match poll(&mut fds, Some(&now)) {
        Ok(0) => false,
        Ok(_) => {
            !(fds[0].revents() & (PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL)).is_empty()
        }
        Err(e) => e != rustix::io::Errno::INTR,
    }
}

/// The keys in `bytes`, and the start of a UTF-8 character at its end
/// that the next read completes.
pub fn parse(bytes: &[u8]) -> (Vec<KeyEvent>, &[u8]) {
    let mut keys = Vec::new();
    let mut i = 0;
    let key = |c: KeyCode| KeyEvent::new(c, KeyModifiers::NONE);
    while i < bytes.len() {
        let b = bytes[i];
        i += 1;
        match b {
            0x1b => match bytes.get(i) {
                // CSI: parameters, then one final byte (0x40..=0x7e).
                Some(b'[') => {
                    let end = bytes[i + 1..]
                        .iter()
                        .position(|c| (0x40..=0x7e).contains(c))
                        .map(|p| i + 1 + p);
                    let Some(end) = end else {
                        // Cut: drop it (a key is never split in practice).
                        break;
                    };
                    if let Some(c) = arrow(bytes[end]) {
                        keys.push(key(c));
                    }
                    i = end + 1;
                }
                // SS3: one byte (application cursor keys).
                Some(b'O') if i + 1 < bytes.len() => {
                    if let Some(c) = arrow(bytes[i + 1]) {
                        keys.push(key(c));
                    }
                    i += 2;
                }
                // Alone, or before an ordinary key: Esc itself.
                _ => keys.push(key(KeyCode::Esc)),
            },
            b'\r' | b'\n' => keys.push(key(KeyCode::Enter)),
            0x7f | 0x08 => keys.push(key(KeyCode::Backspace)),
            b'\t' => keys.push(key(KeyCode::Tab)),
            1..=26 => keys.push(KeyEvent::new(
                KeyCode::Char(char::from(b'a' + b - 1)),
                KeyModifiers::CONTROL,
            )),
            0x20..=0x7e => keys.push(key(KeyCode::Char(char::from(b)))),
            0x80.. => {
                let rest = &bytes[i - 1..];
                let len = rest.len().min(utf8_len(b));
                match std::str::from_utf8(&rest[..len]) {
                    Ok(s) => {
                        keys.extend(s.chars().map(|c| key(KeyCode::Char(c))));
                        i += len - 1;
                    }
                    Err(e) if e.error_len().is_none() => return (keys, rest),
                    // Not UTF-8: this byte is no key.
                    Err(_) => {}
                }
            }
            // Other control bytes (NUL, FS..US) are no key here.
            _ => {}
        }
    }
    (keys, &[])
}

/// The arrow a CSI or SS3 final byte stands for.
fn arrow(b: u8) -> Option<KeyCode> {
    Some(match b {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        _ => return None,
    })
}

/// The length of the UTF-8 character that starts with `b` (1 if `b` starts
/// none).
fn utf8_len(b: u8) -> usize {
    match b {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(bytes: &[u8]) -> Vec<KeyCode> {
        parse(bytes).0.into_iter().map(|k| k.code).collect()
    }

    #[test]
    fn keys_the_interface_uses() {
        use KeyCode::*;
        assert_eq!(codes(b"q"), [Char('q')]);
        assert_eq!(codes(b"\r"), [Enter]);
        assert_eq!(codes(b"\x1b"), [Esc]);
        assert_eq!(codes(b"\x1b[A\x1b[B\x1b[C\x1b[D"), [Up, Down, Right, Left]);
        assert_eq!(codes(b"\x1bOA\x1bOD"), [Up, Left]);
        assert_eq!(codes(b"\x1b[1;5C"), [Right]);
        assert_eq!(codes(b"\x1b[3~x"), [Char('x')]);
        assert_eq!(codes(b"\x7f"), [Backspace]);
        assert_eq!(codes(b"\x1bq"), [Esc, Char('q')]);
        let c = parse(b"\x03").0;
        assert_eq!(c[0].code, Char('c'));
        assert!(c[0].modifiers.contains(KeyModifiers::CONTROL));
    }

    #[test]
    fn utf8_also_when_a_read_cuts_a_character() {
        assert_eq!(codes("/tmp/é".as_bytes()).len(), 6);
        let bytes = "é".as_bytes();
        let (keys, rest) = parse(&bytes[..1]);
        assert!(keys.is_empty());
        assert_eq!(rest, &bytes[..1]);
        assert_eq!(codes(&[0xff, b'a']), [KeyCode::Char('a')]);
        assert_eq!(codes(&[0xc3, b'a']), [KeyCode::Char('a')]);
    }
}
