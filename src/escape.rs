//! Text that came from outside diskmark (a path, a label, a result file,
//! the history database, sysfs) made safe for where it is shown: every
//! control character, and every character that reorders or hides what
//! follows, is shown as an escape instead of being acted on
//! (docs/report.md#escaping).
//!
//! One home for every form: the terminal ([`escape`], [`path`], and the
//! one sink of the binaries' messages, [`say`]), JSON ([`SafeJson`],
//! [`to_json_pretty`]) and Markdown ([`markdown`]). It sits below every
//! layer that builds a sentence, so that a path is escaped where the
//! sentence is made (the terminal interface and the window get escaped text
//! too), and again, harmlessly, where it is printed.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether a terminal would act on `c` rather than show it: C0 (ESC, CR,
/// BS, BEL, line breaks...), DEL, C1 (U+0080..U+009F, of which U+009B is
/// a CSI in some terminals), the line and paragraph separators, and the
/// bidirectional overrides and isolates that reorder what is shown.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{061c}'
        )
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// `s` with every unsafe character (see [`is_unsafe`]) written as `\xNN`
/// (below U+0100) or `\u{NNNN}`; borrowed when there is none.
pub fn escape(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if !is_unsafe(c) {
            out.push(c);
        } else if (c as u32) < 0x100 {
            // Writing to a String cannot fail.
            let _ = write!(out, "\\x{:02x}", c as u32);
        } else {
            let _ = write!(out, "\\u{{{:04x}}}", c as u32);
        }
    }
    Cow::Owned(out)
}

/// [`escape`] into an owned string.
pub fn escaped(s: &str) -> String {
    escape(s).into_owned()
}

/// Escapes every string (keys included) inside a JSON value, so that a
/// document read from outside can be printed again.
pub fn escape_json(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::String(s) => {
            if let Cow::Owned(e) = escape(s) {
                *s = e;
            }
        }
        Value::Array(a) => a.iter_mut().for_each(escape_json),
        Value::Object(m) => {
            let entries = std::mem::take(m);
            for (k, mut val) in entries {
                escape_json(&mut val);
                m.insert(escaped(&k), val);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// A path as text for a sentence: lossy UTF-8, every unsafe character
/// escaped (see [`escape`]).
pub fn path(p: &std::path::Path) -> String {
    escaped(&p.to_string_lossy())
}

/// `s` for a terminal as a message of one or more lines: as [`escape`],
/// but the message's own line breaks stay. An escape already made
/// (`\x1b`) is left alone: a backslash is not a control character, so
/// escaping twice changes nothing.
pub fn for_terminal(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| c != '\n' && is_unsafe(c)) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(s.split('\n').map(escape).collect::<Vec<_>>().join("\n"))
}

/// The one sink of every message the binaries print on stderr (errors,
/// warnings, notes, progress lines written as lines): `line`, escaped by
/// [`for_terminal`], then a line break. A failed write is ignored, as a
/// message on a closed stderr has nowhere else to go (`eprintln!` would
/// panic).
pub fn say(line: impl std::fmt::Display) {
    use std::io::Write as _;
    let text = line.to_string();
    let mut safe = for_terminal(&text).into_owned();
    safe.push('\n');
    let _ = std::io::stderr().lock().write_all(safe.as_bytes());
}

/// serde_json's compact or pretty output, with every character that
/// serde_json writes raw but that a terminal or an editor acts on written
/// as `\uXXXX`: C1 controls, DEL, the line and paragraph separators and the
/// bidirectional controls (see [`is_unsafe`]). The document stays valid
/// JSON and reads back to the same value.
pub struct SafeJson<F>(pub F);

impl<F: serde_json::ser::Formatter> serde_json::ser::Formatter for SafeJson<F> {
    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if is_unsafe(c) {
                self.0.write_string_fragment(writer, &fragment[start..i])?;
                // Every unsafe character is in the Basic Multilingual
                // Plane, so one \uXXXX says it.
                write!(writer, "\\u{:04x}", c as u32)?;
                start = i + c.len_utf8();
            }
        }
        self.0.write_string_fragment(writer, &fragment[start..])
    }

    // Everything else as the inner formatter does it (indentation).
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.begin_array(w)
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.end_array(w)
    }
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.0.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.end_array_value(w)
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.begin_object(w)
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.end_object(w)
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.0.begin_object_key(w, first)
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.end_object_value(w)
    }
}

/// `value` as pretty JSON (two spaces, as `serde_json::to_string_pretty`)
/// through [`SafeJson`]: the one way diskmark writes a JSON document.
pub fn to_json_pretty<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let mut out = Vec::with_capacity(256);
    let fmt = SafeJson(serde_json::ser::PrettyFormatter::new());
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    value.serialize(&mut ser)?;
    // serde_json writes only UTF-8 (the escapes are ASCII).
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// `value` as compact JSON through [`SafeJson`].
pub fn to_json<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let mut out = Vec::with_capacity(128);
    let fmt = SafeJson(serde_json::ser::CompactFormatter);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    value.serialize(&mut ser)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Text that is not diskmark's own (a label, a path, a model, a host name,
/// a note) for a Markdown document, table cell or caption: shown as
/// written, never acted on. HTML (`<`, `>`, `&`) becomes entities; the
/// characters of links, images, emphasis, code and tables (`[ ] ( ) !`,
/// `* _ \` ``` ` ``` `|`, `#`, `~`) get a backslash; a line break is shown
/// as `\x0a` (a table row is one line) and every control as in [`escape`].
pub fn markdown(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in escape(s).chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '[' | ']' | '(' | ')' | '!' | '*' | '_' | '\\' | '`' | '|' | '#' | '~' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_become_visible() {
        assert!(matches!(escape("SEQ1M Q8T1 µs"), Cow::Borrowed(_)));
        assert_eq!(escape("a\x1b[2Jb"), "a\\x1b[2Jb");
        assert_eq!(escape("x\ny\rz\t\x7f"), "x\\x0ay\\x0dz\\x09\\x7f");
        assert_eq!(escape("\u{9b}31m"), "\\x9b31m");
        assert_eq!(escape("ab\u{202e}cd"), "ab\\u{202e}cd");
        assert_eq!(escape("\u{2028}"), "\\u{2028}");
    }

    #[test]
    fn json_strings_and_keys_are_escaped() {
        let mut v = serde_json::json!({"a\u{1b}": ["\u{7}", 1, {"m": "ok\u{85}"}]});
        escape_json(&mut v);
        let s = v.to_string();
        assert_eq!(s, r#"{"a\\x1b":["\\x07",1,{"m":"ok\\x85"}]}"#);
        assert!(!s.chars().any(is_unsafe));
    }

    #[test]
    fn a_message_keeps_its_lines_and_escapes_the_rest() {
        assert!(matches!(for_terminal("a\nb"), Cow::Borrowed(_)));
        assert_eq!(
            for_terminal("a\x1b]0;t\x07\nb\u{202e}c"),
            "a\\x1b]0;t\\x07\nb\\u{202e}c"
        );
        // Already escaped: unchanged, never escaped twice.
        assert_eq!(for_terminal("a\\x1b[2J"), "a\\x1b[2J");
        assert_eq!(
            path(std::path::Path::new("/t/\u{1b}[2J\n")),
            "/t/\\x1b[2J\\x0a"
        );
    }

    #[test]
    fn json_writes_bidi_and_c1_as_unicode_escapes_and_reads_back() {
        let v = serde_json::json!({
            "k\u{202e}": ["a\u{202a}b\u{2066}c\u{2069}\u{85}\u{2028}\u{7f}", "\u{1b}\n", "plain µs"]
        });
        for text in [to_json(&v).unwrap(), to_json_pretty(&v).unwrap()] {
            // The pretty form's own line breaks aside.
            assert!(!text.chars().any(|c| c != '\n' && is_unsafe(c)), "{text}");
            assert!(
                text.contains("\\u202e") && text.contains("\\u2066"),
                "{text}"
            );
            assert!(text.contains("plain µs"), "{text}");
            let back: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(back, v);
        }
        assert_eq!(
            to_json_pretty(&v)
                .unwrap()
                .replace("\\u202e", "\u{202e}")
                .lines()
                .count(),
            serde_json::to_string_pretty(&v).unwrap().lines().count()
        );
    }

    #[test]
    fn markdown_shows_html_and_links_as_text() {
        assert_eq!(
            markdown("<img src=x onerror=alert(1)>"),
            "&lt;img src=x onerror=alert\\(1\\)&gt;"
        );
        assert_eq!(
            markdown("[click](http://evil)"),
            "\\[click\\]\\(http://evil\\)"
        );
        assert_eq!(markdown("a|b\nc\u{1b}"), "a\\|b\\\\x0ac\\\\x1b");
        assert_eq!(markdown("nvme0n1 SSD 970"), "nvme0n1 SSD 970");
    }
}
