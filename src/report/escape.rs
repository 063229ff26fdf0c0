//! Text that came from outside diskmark (a result file, the history
//! database, sysfs) made safe for a terminal: every control character,
//! and every character that reorders or hides what follows, is shown as an
//! escape instead of being acted on.

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
}
