//! Reading a result file into the model: refused unless it is diskmark's,
//! of this schema version, with every present field of its type and every
//! headline figure one a measurement can give. Text in a refusal that
//! came from the file is escaped for the terminal.

use super::run::{Run, SCHEMA_VERSION};
use super::test::NOT_A_NUMBER;
use crate::report::escape::escaped;
use serde::Deserialize;

/// Why a text is not a result this diskmark reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// Not JSON at all.
    #[error("not JSON: {0}")]
    NotJson(String),
    /// JSON, but no `schema_version` and `tool` `diskmark`.
    #[error("no schema_version and tool \"diskmark\"")]
    NotDiskmark,
    /// Another version of the layout.
    #[error("schema version {0}; this diskmark reads version {SCHEMA_VERSION}")]
    Schema(i64),
    /// A field of the wrong type, or a figure no measurement gives.
    #[error("{field} {why}")]
    BadValue {
        /// Where, as `tests[0].result.total.mbps` (escaped).
        field: String,
        /// What is wrong (escaped).
        why: String,
    },
}

/// Larger than any MB/s, IOPS or µs a run can measure (an hour is 3.6e9
/// µs): a figure above it is not a measurement.
pub const MAX_FIGURE: f64 = 1e12;

/// Serde's word for a value of the wrong type is cut to this many
/// characters: it may quote the file.
const MAX_WHY: usize = 100;

/// Enough of a document to tell whether it is diskmark's and which version.
#[derive(Deserialize)]
struct Header {
    schema_version: i64,
    tool: HeaderTool,
}

#[derive(Deserialize)]
struct HeaderTool {
    name: String,
}

impl Run {
    /// Reads a result. Absent fields read as empty (files of earlier
    /// versions lack some); present ones must have their type.
    pub fn from_json(text: &str) -> Result<Run, ReadError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ReadError::NotJson(escaped(&e.to_string())))?;
        unique_keys(text)?;
        match Header::deserialize(&value) {
            Ok(h) if h.tool.name == "diskmark" => {
                if h.schema_version != i64::from(SCHEMA_VERSION) {
                    return Err(ReadError::Schema(h.schema_version));
                }
            }
            _ => return Err(ReadError::NotDiskmark),
        }
        let run: Run = serde_path_to_error::deserialize(value).map_err(|e| {
            let field = escaped(&e.path().to_string());
            let msg = e.into_inner().to_string();
            let why = if msg == NOT_A_NUMBER {
                msg
            } else {
                let msg = escaped(&msg);
                let cut: String = msg.chars().take(MAX_WHY).collect();
                let more = if cut.len() < msg.len() { "…" } else { "" };
                format!("is not valid ({cut}{more})")
            };
            ReadError::BadValue { field, why }
        })?;
        run.check_figures()?;
        Ok(run)
    }

    /// Every headline figure finite and in 0..=[`MAX_FIGURE`].
    fn check_figures(&self) -> Result<(), ReadError> {
        for (i, t) in self.tests.iter().enumerate() {
            let total = &t.result.total;
            let mean = total.lat_us.as_ref().and_then(|l| l.mean);
            for (name, v) in [
                ("mbps", total.mbps),
                ("iops", total.iops),
                ("lat_us.mean", mean),
            ] {
                let why = match v {
                    Some(x) if x.is_finite() && (0.0..=MAX_FIGURE).contains(&x) => continue,
                    None => continue,
                    Some(x) if x < 0.0 => "is negative",
                    Some(_) => "is larger than any measurement",
                };
                return Err(ReadError::BadValue {
                    field: format!("tests[{i}].result.total.{name}"),
                    why: why.into(),
                });
            }
        }
        Ok(())
    }
}

/// Refuses a key given twice in one object, at any depth: JSON parsers
/// keep one of the two (serde_json the last) without a word, so a file
/// could show one figure to one reader and another to the next.
fn unique_keys(text: &str) -> Result<(), ReadError> {
    let found = std::cell::RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    let seed = Unique {
        at: &Place::Root,
        found: &found,
    };
    match serde::de::DeserializeSeed::deserialize(seed, &mut de) {
        Ok(()) => Ok(()),
        Err(e) => Err(match found.into_inner() {
            Some(field) => ReadError::BadValue {
                field: escaped(&field),
                why: "is given twice; a result names each key once".into(),
            },
            None => ReadError::NotJson(escaped(&e.to_string())),
        }),
    }
}

/// Where a value is, as `tests[0].result`: built only for a duplicate.
enum Place<'a> {
    Root,
    Key(&'a Place<'a>, &'a str),
    Index(&'a Place<'a>, usize),
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Root => Ok(()),
            Place::Key(Place::Root, k) => write!(f, "{k}"),
            Place::Key(p, k) => write!(f, "{p}.{k}"),
            Place::Index(p, i) => write!(f, "{p}[{i}]"),
        }
    }
}

/// A value read only to find duplicate keys; the first one found is
/// written to `found`.
#[derive(Clone, Copy)]
struct Unique<'a> {
    at: &'a Place<'a>,
    found: &'a std::cell::RefCell<Option<String>>,
}

impl<'de> serde::de::DeserializeSeed<'de> for Unique<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Unique<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        loop {
            let at = Place::Index(self.at, i);
            let seed = Unique { at: &at, ..self };
            if seq.next_element_seed(seed)?.is_none() {
                return Ok(());
            }
            i += 1;
        }
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let at = Place::Key(self.at, &key);
            if seen.contains(&key) {
                *self.found.borrow_mut() = Some(at.to_string());
                return Err(serde::de::Error::custom("duplicate key"));
            }
            map.next_value_seed(Unique { at: &at, ..self })?;
            seen.insert(key);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(tests: &str) -> String {
        format!(r#"{{"schema_version": 1, "tool": {{"name": "diskmark"}}, "tests": {tests}}}"#)
    }

    #[test]
    fn refusals_name_the_field_and_escape_the_file() {
        let e = Run::from_json(&doc(r#"[{"result": {"total": {"mbps": "fast"}}}]"#));
        assert_eq!(
            e.unwrap_err().to_string(),
            "tests[0].result.total.mbps is not a number"
        );
        let e = Run::from_json(&doc(r#"[{"pattern": "\u001b[2J"}]"#)).unwrap_err();
        let msg = e.to_string();
        assert!(msg.starts_with("tests[0].pattern is not valid ("), "{msg}");
        assert!(msg.contains("\\x1b[2J") && !msg.contains('\u{1b}'), "{msg}");
        let e = Run::from_json(&doc(r#"[{"result": {"total": {"iops": -2}}}]"#)).unwrap_err();
        assert_eq!(e.to_string(), "tests[0].result.total.iops is negative");
        assert_eq!(Run::from_json("[1]"), Err(ReadError::NotDiskmark));
        assert_eq!(
            Run::from_json(r#"{"schema_version": 2, "tool": {"name": "diskmark"}}"#),
            Err(ReadError::Schema(2))
        );
        assert!(matches!(Run::from_json("{"), Err(ReadError::NotJson(_))));
    }

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth() {
        for (text, field) in [
            (
                r#"{"schema_version": 1, "tool": {"name": "diskmark"}, "tests": [], "tests": []}"#
                    .to_string(),
                "tests",
            ),
            (
                r#"{"schema_version": 1, "schema_version": 1, "tool": {"name": "diskmark"}}"#
                    .to_string(),
                "schema_version",
            ),
            (
                doc(r#"[{"result": {"total": {"mbps": 1, "mbps": 900}}}]"#),
                "tests[0].result.total.mbps",
            ),
            // A map (not a struct) in the model: percentiles.
            (
                doc(
                    r#"[{}, {"result": {"total": {"lat_us": {"percentiles": {"99": 1, "99": 2}}}}}]"#,
                ),
                "tests[1].result.total.lat_us.percentiles.99",
            ),
            (
                doc(r#"[{"name": "SEQ1M Q8T1", "\u006eame": "x"}]"#),
                "tests[0].name",
            ),
        ] {
            assert_eq!(
                Run::from_json(&text),
                Err(ReadError::BadValue {
                    field: field.into(),
                    why: "is given twice; a result names each key once".into()
                }),
                "{text}"
            );
        }
        // The same key in two objects is no duplicate.
        assert!(
            Run::from_json(&doc(r#"[{"name": "SEQ1M Q8T1"}, {"name": "RND4K Q1T1"}]"#)).is_ok()
        );
    }

    #[test]
    fn absent_fields_read_as_empty_and_figures_as_none() {
        let run =
            Run::from_json(&doc(r#"[{"name": "SEQ1M Q8T1", "result": {"total": {}}}]"#)).unwrap();
        let t = &run.tests[0];
        assert_eq!(t.name, "SEQ1M Q8T1");
        assert_eq!(t.direction, None);
        assert_eq!(t.direction_label(), "?");
        assert_eq!((t.result.total.ios, t.result.total.mbps), (None, None));
        assert_eq!(t.result.window_ns, None);
    }

    #[test]
    fn percentiles_read_back_in_ascending_order() {
        let run = Run::from_json(&doc(
            r#"[{"result": {"total": {"lat_us": {"mean": 1, "percentiles": {"1": 1, "10": 3, "5": 2, "99.9": 4}}}}}]"#,
        ))
        .unwrap();
        let p = &run.tests[0]
            .result
            .total
            .lat_us
            .as_ref()
            .unwrap()
            .percentiles;
        let order: Vec<f64> = p.0.iter().map(|x| x.p).collect();
        assert_eq!(order, [1.0, 5.0, 10.0, 99.9]);
        assert_eq!(p.at(99.9), Some(4.0));
    }
}
