//! Numbers in the language's own digits, decimal separator and grouping
//! (`1 234,5` in French, `1,234.5` in English), by ICU4X's decimal
//! formatter and CLDR's data: Fluent's own formatting ignores the locale.

use fluent_bundle::FluentValue;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use i18n_embed::unic_langid::LanguageIdentifier;
use icu_decimal::DecimalFormatter;
use icu_decimal::input::Decimal;
use icu_decimal::options::{DecimalFormatterOptions, GroupingStrategy};
use icu_locale_core::Locale;
use intl_memoizer::Memoizable;
use intl_memoizer::concurrent::IntlLangMemoizer;

/// A number for a message, shown with `decimals` digits after the
/// separator (`fl!("mbps", v = num(1234.5, 2))`): a Fluent number, so
/// that plural rules still choose by it.
pub fn num(value: f64, decimals: usize) -> FluentValue<'static> {
    FluentValue::Number(FluentNumber::new(
        value,
        FluentNumberOptions {
            minimum_fraction_digits: Some(decimals),
            maximum_fraction_digits: Some(decimals),
            ..FluentNumberOptions::default()
        },
    ))
}

/// `value` with `decimals` digits after the separator in language `id`.
pub fn format(id: &LanguageIdentifier, value: f64, decimals: usize) -> String {
    Digits::construct(id.clone(), true).map_or_else(
        |_| format!("{value:.decimals$}"),
        |d| d.format(value, Some(decimals)),
    )
}

/// A language's decimal formatter, made once per bundle (Fluent's
/// memoizer keeps it).
pub struct Digits(DecimalFormatter);

impl Memoizable for Digits {
    /// Whether digits are grouped.
    type Args = bool;
    type Error = ();

    fn construct(lang: LanguageIdentifier, grouping: bool) -> Result<Self, ()> {
        let locale: Locale = lang.to_string().parse().map_err(|_| ())?;
        let options = DecimalFormatterOptions::from(if grouping {
            GroupingStrategy::Auto
        } else {
            GroupingStrategy::Never
        });
        DecimalFormatter::try_new((&locale).into(), options)
            .map(Digits)
            .map_err(|_| ())
    }
}

impl Digits {
    /// `value` with exactly `decimals` digits after the separator, or as
    /// few as show it when `None`.
    fn format(&self, value: f64, decimals: Option<usize>) -> String {
        let text = match decimals {
            Some(d) => format!("{value:.d$}"),
            None => value.to_string(),
        };
        match text.parse::<Decimal>() {
            Ok(d) => self.0.format(&d).to_string(),
            // NaN or infinity: no figure to localise; never a measured one.
            Err(_) => text,
        }
    }
}

/// The bundles' formatter for Fluent numbers: the language's digits.
pub(super) fn fluent_formatter(v: &FluentValue, intls: &IntlLangMemoizer) -> Option<String> {
    let FluentValue::Number(n) = v else {
        return None;
    };
    let decimals = n
        .options
        .maximum_fraction_digits
        .or(n.options.minimum_fraction_digits);
    intls
        .with_try_get::<Digits, _, _>(n.options.use_grouping, |d| d.format(n.value, decimals))
        .ok()
}
