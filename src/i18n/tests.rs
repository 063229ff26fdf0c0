//! Every language against the English file: the same messages, with the
//! same arguments, no others, and each file parses whole (docs/i18n.md).

use super::catalog::{Files, languages};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};

/// Each message of a file, with the variables it uses.
fn messages(lang: &str) -> BTreeMap<String, BTreeSet<String>> {
    let path = format!("{lang}/diskmark.ftl");
    let bytes = Files::get(&path)
        .unwrap_or_else(|| panic!("{path} is not embedded"))
        .data;
    let text = String::from_utf8(bytes.into_owned()).expect("UTF-8");
    let resource = match fluent_syntax::parser::parse(text.as_str()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{path} does not parse: {errors:?}"),
    };
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern_vars(p, &mut vars);
                }
                assert!(
                    m.attributes.is_empty(),
                    "{path}: {} has attributes",
                    m.id.name
                );
                let again = out.insert(m.id.name.to_string(), vars);
                assert!(again.is_none(), "{path}: {} twice", m.id.name);
            }
            Entry::Junk { content } => panic!("{path}: not Fluent: {content}"),
            Entry::Term(t) => panic!("{path}: a term (-{}) the English has not", t.id.name),
            _ => {}
        }
    }
    out
}

fn pattern_vars(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_vars(i, vars),
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
    }
}

fn inline_vars(i: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        _ => {}
    }
}

#[test]
fn every_language_has_every_message_with_the_same_arguments_and_no_other() {
    let en = messages("en");
    assert!(en.len() > 200, "the English file has {} messages", en.len());
    for lang in languages().iter().skip(1) {
        let id = lang.id.to_string();
        let other = messages(&id);
        let missing: Vec<&String> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<&String> = other.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{id} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{id} has messages English has not: {extra:?}"
        );
        for (k, vars) in &en {
            assert_eq!(
                &other[k], vars,
                "{id}: {k} uses other arguments than the English"
            );
        }
    }
}

#[test]
fn at_least_twelve_languages_and_one_written_right_to_left() {
    let ids: Vec<String> = languages().iter().map(|l| l.id.to_string()).collect();
    for want in [
        "de", "fr", "es", "it", "pt-BR", "ru", "uk", "pl", "cs", "tr", "zh-CN", "ja", "ko", "ar",
    ] {
        assert!(ids.iter().any(|i| i == want), "no {want} in {ids:?}");
    }
    // Each names itself, in its own words: no file fell back to English.
    for l in languages().iter().skip(1) {
        assert_ne!(l.name, "English", "{} does not load", l.id);
    }
    super::choose(super::best(&"ar".parse().unwrap()));
    assert!(super::right_to_left());
    super::choose(0);
    assert!(!super::right_to_left());
}

#[test]
fn every_setting_has_its_label_and_hint_in_every_language() {
    let en = messages("en");
    for s in crate::front::SETTINGS.iter() {
        let name = s.option.trim_start_matches('-');
        assert!(en.contains_key(&format!("setting-{name}")), "{}", s.option);
        if s.hint.is_some() {
            assert!(
                en.contains_key(&format!("setting-{name}-hint")),
                "{}",
                s.option
            );
        }
    }
}

#[test]
fn numbers_follow_the_language() {
    let at = |lang: &str| {
        super::choose(super::best(&lang.parse().unwrap()));
        let n = super::number(1234.5, 2);
        super::choose(0);
        n
    };
    assert_eq!(at("en"), "1,234.50");
    assert_eq!(at("de"), "1.234,50");
    // French groups with a narrow no-break space, as CLDR says.
    assert_eq!(at("fr"), "1\u{202f}234,50");
    // The same through a message, where plural rules see the number.
    super::choose(super::best(&"de".parse().unwrap()));
    let m = crate::fl!("gbps", v = super::num(1234.5678, 3));
    super::choose(0);
    assert_eq!(m, "1.234,568 GB/s");
}

#[test]
fn a_date_is_written_in_the_language_s_order() {
    super::choose(super::best(&"de".parse().unwrap()));
    let de = super::date_time("2026-11-30T09:05:00+00:00");
    super::choose(0);
    assert_eq!(de, "30.11.2026 09:05");
    assert_eq!(
        super::date_time("2026-11-30T09:05:00+00:00"),
        "2026-11-30 09:05"
    );
    // Not a date: shown as recorded, to the minute.
    assert_eq!(super::date_time("yesterday"), "yesterday");
}
