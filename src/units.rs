//! Parsing and printing of sizes and durations, shared by the CLI, the
//! workload notation and the reports.

use std::time::Duration;

/// One KiB, MiB, GiB, TiB.
pub const KIB: u64 = 1024;
/// One MiB.
pub const MIB: u64 = 1024 * KIB;
/// One GiB.
pub const GIB: u64 = 1024 * MIB;
/// One TiB.
pub const TIB: u64 = 1024 * GIB;

/// Why a size or duration could not be parsed. The caller names the option.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing usable was given.
    #[error("'{}' is empty", crate::escape::escaped(.0))]
    Empty(String),
    /// The number part is not a non-negative decimal number.
    #[error("'{}' is not a number followed by an optional unit", crate::escape::escaped(.0))]
    Malformed(String),
    /// The unit is not one we know.
    #[error("'{}' has an unknown unit '{}' (use {accepted})", crate::escape::escaped(.input), crate::escape::escaped(.unit))]
    Unit {
        /// The whole input.
        input: String,
        /// The unit as written.
        unit: String,
        /// The units that would have been accepted.
        accepted: &'static str,
    },
    /// The value has a fraction of a byte, or overflows.
    #[error("'{}' is not a whole number of bytes", crate::escape::escaped(.0))]
    NotWhole(String),
    /// The value is too large to represent.
    #[error("'{}' is too large", crate::escape::escaped(.0))]
    TooLarge(String),
}

/// Splits `"1.5GiB"` into `("1.5", "GiB")`.
fn split_number(s: &str) -> (&str, &str) {
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    (&s[..end], &s[end..])
}

/// A non-negative decimal number as an exact fraction `num / den`.
fn parse_decimal(number: &str, input: &str) -> Result<(u128, u128), ParseError> {
    let malformed = || ParseError::Malformed(input.to_string());
    let (int, frac) = match number.split_once('.') {
        Some((i, f)) => (i, f),
        None => (number, ""),
    };
    if (int.is_empty() && frac.is_empty())
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || int.len() + frac.len() > 30
    {
        return Err(malformed());
    }
    let digits = format!("{int}{frac}");
    let num: u128 = digits.parse().map_err(|_| malformed())?;
    let den = 10u128.pow(frac.len() as u32);
    Ok((num, den))
}

/// Parses a byte size such as `1G`, `1GiB`, `512M`, `512MiB`, `4k`, `4096`
/// or `1.5G`. Units are binary (as in fio): `K`, `KB` and `KiB` all mean
/// 1024 bytes. A bare number is bytes.
pub fn parse_size(input: &str) -> Result<u64, ParseError> {
    let s = input.trim();
    if s.is_empty() {
        return Err(ParseError::Empty(input.to_string()));
    }
    let (number, unit) = split_number(s);
    let (num, den) = parse_decimal(number, input)?;
    let mult = size_unit(unit.trim()).ok_or_else(|| ParseError::Unit {
        input: input.to_string(),
        unit: unit.to_string(),
        accepted: "B, K, KiB, M, MiB, G, GiB, T or TiB",
    })?;
    let bytes = num
        .checked_mul(u128::from(mult))
        .ok_or_else(|| ParseError::TooLarge(input.to_string()))?;
    if bytes % den != 0 {
        return Err(ParseError::NotWhole(input.to_string()));
    }
    u64::try_from(bytes / den).map_err(|_| ParseError::TooLarge(input.to_string()))
}

/// The multiplier of a size unit, case-insensitively; `None` if unknown.
pub(crate) fn size_unit(unit: &str) -> Option<u64> {
    let u = unit.to_ascii_lowercase();
    let base = u
        .strip_suffix("ib")
        .or_else(|| u.strip_suffix('b'))
        .unwrap_or(&u);
    // "B" alone and "" are bytes; "iB" alone is not a unit.
    if base.is_empty() {
        return (u.is_empty() || u == "b").then_some(1);
    }
    match base {
        "k" => Some(KIB),
        "m" => Some(MIB),
        "g" => Some(GIB),
        "t" => Some(TIB),
        _ => None,
    }
}

/// Parses a duration in seconds: `5`, `0.2`, `5s`, `500ms`.
pub fn parse_seconds(input: &str) -> Result<Duration, ParseError> {
    let s = input.trim();
    if s.is_empty() {
        return Err(ParseError::Empty(input.to_string()));
    }
    let (number, unit) = split_number(s);
    let (num, den) = parse_decimal(number, input)?;
    let ns_per_unit: u128 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "s" | "sec" => 1_000_000_000,
        "ms" => 1_000_000,
        _ => {
            return Err(ParseError::Unit {
                input: input.to_string(),
                unit: unit.to_string(),
                accepted: "s or ms",
            });
        }
    };
    let ns = num
        .checked_mul(ns_per_unit)
        .ok_or_else(|| ParseError::TooLarge(input.to_string()))?
        / den;
    let ns = u64::try_from(ns).map_err(|_| ParseError::TooLarge(input.to_string()))?;
    Ok(Duration::from_nanos(ns))
}

/// A block size as CrystalDiskMark names it in a test: `1M`, `128K`, `512B`.
pub fn block_label(bytes: u64) -> String {
    if bytes.is_multiple_of(MIB) {
        format!("{}M", bytes / MIB)
    } else if bytes.is_multiple_of(KIB) {
        format!("{}K", bytes / KIB)
    } else {
        format!("{bytes}B")
    }
}

/// A block size as the text report prints it: `(N, "MiB")`, `(N, "KiB")` or
/// `(N, "B")`.
pub fn block_report_parts(bytes: u64) -> (u64, &'static str) {
    if bytes.is_multiple_of(MIB) {
        (bytes / MIB, "MiB")
    } else if bytes.is_multiple_of(KIB) {
        (bytes / KIB, "KiB")
    } else {
        (bytes, "B")
    }
}

/// A file size as KDiskMark prints it: `1 GiB` when whole GiB, else `N MiB`.
pub fn file_size_label(bytes: u64) -> String {
    if bytes.is_multiple_of(GIB) {
        format!("{} GiB", bytes / GIB)
    } else if bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{:.2} MiB", bytes as f64 / MIB as f64)
    }
}

/// Seconds as the report prints them: `5 sec`, `0.25 sec`, `2 min`.
pub fn seconds_label(d: Duration) -> String {
    let ns = d.as_nanos();
    if ns >= 60_000_000_000 && ns.is_multiple_of(60_000_000_000) {
        return format!("{} min", ns / 60_000_000_000);
    }
    if ns.is_multiple_of(1_000_000_000) {
        return format!("{} sec", ns / 1_000_000_000);
    }
    let text = format!("{:.2}", d.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} sec")
}

/// Bytes in 1024-based units with two decimals, the unit chosen by `total`:
/// returns the divisor and its name (`Bytes`, `KiB`, ... `PiB`).
pub fn usage_unit(total: u64) -> (f64, &'static str) {
    const NAMES: [&str; 6] = ["Bytes", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut div = 1u64;
    let mut i = 0;
    while i + 1 < NAMES.len() && total / div >= 1024 {
        div *= 1024;
        i += 1;
    }
    (div as f64, NAMES[i])
}

/// Bytes in 1024-based units with two decimals: `20.00 MiB`, `512 Bytes`.
pub fn human_bytes(n: u64) -> String {
    let (div, unit) = usage_unit(n);
    if div == 1.0 {
        format!("{n} {unit}")
    } else {
        format!("{:.2} {unit}", n as f64 / div)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_every_accepted_spelling() {
        assert_eq!(parse_size("1G"), Ok(GIB));
        assert_eq!(parse_size("1GiB"), Ok(GIB));
        assert_eq!(parse_size("1gb"), Ok(GIB));
        assert_eq!(parse_size("512M"), Ok(512 * MIB));
        assert_eq!(parse_size("512MiB"), Ok(512 * MIB));
        assert_eq!(parse_size("4k"), Ok(4096));
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("4096B"), Ok(4096));
        assert_eq!(parse_size("1.5G"), Ok(1536 * MIB));
        assert_eq!(parse_size(" 64GiB "), Ok(64 * GIB));
        assert_eq!(parse_size("1T"), Ok(TIB));
    }

    #[test]
    fn bad_sizes_are_refused_with_a_reason() {
        assert!(matches!(parse_size(""), Err(ParseError::Empty(_))));
        assert!(matches!(parse_size("G"), Err(ParseError::Malformed(_))));
        assert!(matches!(parse_size("-1G"), Err(ParseError::Malformed(_))));
        assert!(matches!(parse_size("1..5G"), Err(ParseError::Malformed(_))));
        assert!(matches!(parse_size("1X"), Err(ParseError::Unit { .. })));
        assert!(matches!(parse_size("1iB"), Err(ParseError::Unit { .. })));
        assert!(matches!(parse_size("0.3"), Err(ParseError::NotWhole(_))));
        assert!(matches!(
            parse_size("99999999999999999999T"),
            Err(ParseError::TooLarge(_))
        ));
        assert!(matches!(
            parse_size("1234567890123456789012345678901234567890"),
            Err(ParseError::Malformed(_))
        ));
    }

    #[test]
    fn seconds() {
        assert_eq!(parse_seconds("5"), Ok(Duration::from_secs(5)));
        assert_eq!(parse_seconds("0.2"), Ok(Duration::from_millis(200)));
        assert_eq!(parse_seconds("0.25s"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_seconds("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds(".5"), Ok(Duration::from_millis(500)));
        assert!(parse_seconds("abc").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("5h").is_err());
        assert!(parse_seconds("").is_err());
    }

    #[test]
    fn labels() {
        assert_eq!(block_label(MIB), "1M");
        assert_eq!(block_label(128 * KIB), "128K");
        assert_eq!(block_label(512), "512B");
        assert_eq!(block_report_parts(256 * KIB), (256, "KiB"));
        assert_eq!(block_report_parts(MIB), (1, "MiB"));
        assert_eq!(block_report_parts(512), (512, "B"));
        assert_eq!(file_size_label(GIB), "1 GiB");
        assert_eq!(file_size_label(256 * MIB), "256 MiB");
        assert_eq!(file_size_label(1536 * MIB), "1536 MiB");
        assert_eq!(seconds_label(Duration::from_secs(5)), "5 sec");
        assert_eq!(seconds_label(Duration::from_millis(250)), "0.25 sec");
        assert_eq!(seconds_label(Duration::from_millis(200)), "0.2 sec");
        assert_eq!(seconds_label(Duration::from_secs(120)), "2 min");
        assert_eq!(seconds_label(Duration::from_secs(90)), "90 sec");
        assert_eq!(seconds_label(Duration::ZERO), "0 sec");
        assert_eq!(usage_unit(252 * GIB), (GIB as f64, "GiB"));
        assert_eq!(usage_unit(1000), (1.0, "Bytes"));
        assert_eq!(human_bytes(20 * MIB), "20.00 MiB");
        assert_eq!(human_bytes(0), "0 Bytes");
        assert_eq!(human_bytes(1536 * MIB), "1.50 GiB");
    }
}
