//! Property tests: the parsers never panic, valid values round-trip, and
//! the histogram merges exactly. (The fio parser's are in fio_parse.rs.)

use diskmark::stats::Histogram;
use diskmark::units::{MIB, parse_seconds, parse_size};
use diskmark::workload::{Pattern, TestSpec, parse_test};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn notation_parser_never_panics(s in "\\PC{0,40}") {
        let _ = parse_test(&s);
    }

    #[test]
    fn notation_like_noise_never_panics(s in "[SEQRNDseqrnd0-9KMGBikmgb QTqt_-]{0,24}") {
        if let Ok(t) = parse_test(&s) {
            prop_assert!(t.validate().is_ok());
        }
    }

    #[test]
    fn valid_tests_round_trip(
        seq in any::<bool>(),
        shift in 9u32..=26,
        q in 1u32..=512,
        t in 1u32..=64,
    ) {
        let spec = TestSpec::new(if seq { Pattern::Seq } else { Pattern::Rnd }, 1 << shift, q, t);
        prop_assert_eq!(parse_test(&spec.to_string()), Ok(spec));
        let lower = spec.to_string().to_lowercase().replace(' ', "-");
        prop_assert_eq!(parse_test(&lower), Ok(spec));
    }

    #[test]
    fn size_parser_never_panics(s in "\\PC{0,30}") {
        let _ = parse_size(&s);
        let _ = parse_seconds(&s);
    }

    #[test]
    fn sizes_round_trip(n in 1u64..=1_000_000, unit in 0usize..4) {
        let (suffix, mult) = [("M", MIB), ("MiB", MIB), ("k", 1024), ("KiB", 1024)][unit];
        prop_assert_eq!(parse_size(&format!("{n}{suffix}")), Ok(n * mult));
    }

    /// Any split of any sample set, merged, equals the whole.
    #[test]
    fn histogram_merge_of_any_split_equals_the_whole(
        values in proptest::collection::vec(0u64..u64::MAX / 2, 0..400),
        cuts in proptest::collection::vec(0usize..400, 0..6),
    ) {
        let mut whole = Histogram::new();
        values.iter().for_each(|&v| whole.record(v));
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(values.len())).collect();
        cuts.sort_unstable();
        let mut merged = Histogram::new();
        let mut start = 0;
        for end in cuts.into_iter().chain([values.len()]) {
            let mut part = Histogram::new();
            values[start..end].iter().for_each(|&v| part.record(v));
            merged.merge(&part);
            start = end;
        }
        prop_assert_eq!(merged.count(), values.len() as u64);
        prop_assert!(merged == whole);
    }
}
