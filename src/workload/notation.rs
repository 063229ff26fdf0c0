//! The CrystalDiskMark test notation: `SEQ1M Q8T1`, `RND4K-Q32T16`,
//! `seq128k q32t1`, `RND512B_Q1T1`.

use super::{MAX_BLOCK, MAX_Q, MAX_T, NotationError, Pattern, TestSpec};
use crate::units::size_unit;

/// Takes the leading ASCII digits of `s` as a number.
fn take_number(s: &str) -> Option<(u64, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if end == 0 || end > 12 {
        return None;
    }
    Some((s[..end].parse().ok()?, &s[end..]))
}

/// Takes a number that may carry a minus sign (Q-1 is a negative depth,
/// not Q1 after a separator).
fn take_signed(s: &str) -> Option<(i64, &str)> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let (n, rest) = take_number(digits)?;
    let n = i64::try_from(n).ok()?;
    Some((if neg { -n } else { n }, rest))
}

/// A test's name as a label that says how it ran: `SEQ1M Q8T1`, or
/// `SEQ1M Q8T1 → ran Q1T8` when the engine changed it, so that an image
/// shared without its notes still says what ran
/// (docs/report.md#images).
pub fn ran_label(name: &str, applied_name: &str) -> String {
    if name == applied_name {
        return name.to_string();
    }
    let ran = applied_name
        .split_once(' ')
        .map_or(applied_name, |(_, qt)| qt);
    format!("{name} → ran {ran}")
}

/// Parses one test name, case-insensitively, with any of ` `, `-` or `_`
/// between its parts (or none), and checks its ranges.
pub fn parse_test(input: &str) -> Result<TestSpec, NotationError> {
    let shape = || NotationError::Shape(input.to_string());
    // `-` separates parts, except right after Q or T, where it is a sign.
    let mut s = String::new();
    for c in input.chars().map(|c| c.to_ascii_uppercase()) {
        match c {
            ' ' | '_' | '\t' => {}
            '-' if s.ends_with('Q') || s.ends_with('T') => s.push('-'),
            '-' => {}
            c => s.push(c),
        }
    }
    let (pattern, rest) = if let Some(r) = s.strip_prefix("SEQ") {
        (Pattern::Seq, r)
    } else if let Some(r) = s.strip_prefix("RND") {
        (Pattern::Rnd, r)
    } else {
        return Err(shape());
    };
    let (size, rest) = take_number(rest).ok_or_else(shape)?;
    let q_at = rest.find('Q').ok_or_else(shape)?;
    let mult = size_unit(&rest[..q_at]).ok_or_else(shape)?;
    let rest = &rest[q_at + 1..];
    let (q, rest) = take_signed(rest).ok_or_else(shape)?;
    let rest = rest.strip_prefix('T').ok_or_else(shape)?;
    let (t, rest) = take_signed(rest).ok_or_else(shape)?;
    if !rest.is_empty() {
        return Err(shape());
    }
    // Ranges checked on the numbers as typed, before they are narrowed.
    if !(1..=i64::from(MAX_Q)).contains(&q) {
        return Err(NotationError::QRange(q));
    }
    if !(1..=i64::from(MAX_T)).contains(&t) {
        return Err(NotationError::TRange(t));
    }
    let block = size.checked_mul(mult).ok_or_else(|| {
        NotationError::BlockTyped(input.split_whitespace().next().unwrap_or(input).to_string())
    })?;
    let spec = TestSpec::new(
        pattern,
        block,
        u32::try_from(q).unwrap_or(u32::MAX),
        u32::try_from(t).unwrap_or(u32::MAX),
    );
    spec.validate()?;
    debug_assert!(spec.block_size <= MAX_BLOCK);
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::{KIB, MIB};

    #[test]
    fn a_label_says_how_an_adapted_test_ran() {
        assert_eq!(ran_label("SEQ1M Q8T1", "SEQ1M Q8T1"), "SEQ1M Q8T1");
        assert_eq!(
            ran_label("SEQ1M Q8T1", "SEQ1M Q1T8"),
            "SEQ1M Q8T1 → ran Q1T8"
        );
    }

    #[test]
    fn accepted_spellings() {
        let cases = [
            ("SEQ1M Q8T1", TestSpec::new(Pattern::Seq, MIB, 8, 1)),
            ("RND4K-Q32T16", TestSpec::new(Pattern::Rnd, 4 * KIB, 32, 16)),
            (
                "seq128k q32t1",
                TestSpec::new(Pattern::Seq, 128 * KIB, 32, 1),
            ),
            ("RND4KiB Q1T1", TestSpec::new(Pattern::Rnd, 4 * KIB, 1, 1)),
            ("rnd512b_q2t3", TestSpec::new(Pattern::Rnd, 512, 2, 3)),
            ("RND512Q1T1", TestSpec::new(Pattern::Rnd, 512, 1, 1)),
            (
                "SEQ64M Q512T64",
                TestSpec::new(Pattern::Seq, 64 * MIB, 512, 64),
            ),
            (" SEQ 1 M Q 8 T 1 ", TestSpec::new(Pattern::Seq, MIB, 8, 1)),
        ];
        for (text, want) in cases {
            assert_eq!(parse_test(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "SEQ1M Q8T1",
            "RND4K Q32T16",
            "SEQ128K Q32T1",
            "RND512B Q1T1",
        ] {
            assert_eq!(parse_test(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn refused_with_the_reason() {
        let shape = [
            "",
            "SEQ",
            "SEQ1M",
            "SEQ1MQ8",
            "SEQ1M Q8T",
            "XYZ1M Q8T1",
            "SEQM Q8T1",
            "SEQ1X Q8T1",
            "SEQ1M Q8T1X",
            "SEQ1M T1Q8",
            "SEQ1.5M Q8T1",
            "SEQ1M Q+1T1",
            "RND4K Q1T1 extra",
            "SEQ1iB Q1T1",
        ];
        for text in shape {
            assert!(
                matches!(parse_test(text), Err(NotationError::Shape(_))),
                "{text}: {:?}",
                parse_test(text)
            );
        }
        assert_eq!(
            parse_test("RND256B Q1T1"),
            Err(NotationError::BlockRange(256))
        );
        assert_eq!(
            parse_test("SEQ128M Q1T1"),
            Err(NotationError::BlockRange(128 * MIB))
        );
        assert_eq!(parse_test("RND4K Q0T1"), Err(NotationError::QRange(0)));
        assert_eq!(parse_test("RND4K Q513T1"), Err(NotationError::QRange(513)));
        assert_eq!(parse_test("RND4K Q1T0"), Err(NotationError::TRange(0)));
        assert_eq!(parse_test("RND4K Q1T65"), Err(NotationError::TRange(65)));
        assert!(parse_test("RND99999999999T Q1T1").is_err());
        assert_eq!(parse_test("SEQ1M Q-1T1"), Err(NotationError::QRange(-1)));
        assert_eq!(parse_test("SEQ1M-Q8T-2"), Err(NotationError::TRange(-2)));
        assert_eq!(
            parse_test("RND4K Q99999999999T1"),
            Err(NotationError::QRange(99_999_999_999))
        );
    }
}
