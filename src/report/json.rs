//! The JSON report (docs/report.md#the-json-report): the typed model
//! ([`super::model::Run`]) as diskmark writes it, pretty-printed, every
//! loop beside the derived figures; [`super::model::Run::build`] makes it.

use super::model::Run;

/// Renders the run as pretty-printed JSON.
pub fn render(run: &Run) -> String {
    run.to_json()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::model::Run;
    use crate::report::{Report, fixtures};
    use serde_json::Value;

    fn rendered_text() -> String {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let (target, host) = (fixtures::target(), fixtures::host());
        render(&Run::build(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        }))
    }

    fn rendered() -> Value {
        serde_json::from_str(&rendered_text()).unwrap()
    }

    #[test]
    fn percentiles_are_in_ascending_order() {
        let text = rendered_text();
        let at = |k: &str| text.find(&format!("\"{k}\": ")).unwrap();
        assert!(at("1") < at("5") && at("5") < at("10") && at("99.9") < at("99.99"));
    }

    #[test]
    fn holds_every_test_loop_and_setting() {
        let v = rendered();
        assert_eq!(v["schema_version"], 1);
        assert_eq!(v["interrupted"], false);
        assert_eq!(v["settings"]["seed"], 42);
        assert_eq!(v["settings"]["loops"], 2);
        assert_eq!(v["settings"]["direct"], true);
        assert_eq!(v["engine"]["name"], "psync");
        assert_eq!(v["target"]["fs_type"], "ext4");
        assert_eq!(v["target"]["device"]["model"], "Virtio Disk");
        let tests = v["tests"].as_array().unwrap();
        assert_eq!(tests.len(), 12);
        let first = &tests[0];
        assert_eq!(first["name"], "SEQ1M Q8T1");
        assert_eq!(first["applied_name"], "SEQ1M Q1T8");
        assert_eq!(first["requested"]["q"], 8);
        assert_eq!(first["applied"]["t"], 8);
        assert_eq!(first["notes"][0], "psync is synchronous: Q8T1 ran as Q1T8");
        assert_eq!(first["loops"].as_array().unwrap().len(), 2);
        assert!(first["write"].is_null());
        // Pooled mean: Σ I/Os over Σ windows.
        let ios: u64 = first["loops"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["total"]["ios"].as_u64().unwrap())
            .sum();
        assert_eq!(first["result"]["total"]["ios"], ios);
        assert_eq!(first["result"]["window_ns"], 10_000_000_000u64);
        let iops = first["result"]["total"]["iops"].as_f64().unwrap();
        assert!((iops - ios as f64 / 10.0).abs() < 1e-9);
        let p = &first["result"]["total"]["lat_us"]["percentiles"];
        assert!(p["99.9"].is_number() && p["50"].is_number(), "{p}");
        assert_eq!(p.as_object().unwrap().len(), 17);
        assert!(first["across_loops"]["mbps"]["min"].as_f64().unwrap() > 0.0);
        // Mix keeps the split and the total.
        let mix = tests.iter().find(|t| t["direction"] == "mix").unwrap();
        assert_eq!(mix["read_pct"], 70);
        let r = mix["result"]["read"]["ios"].as_u64().unwrap();
        let w = mix["result"]["write"]["ios"].as_u64().unwrap();
        assert_eq!(mix["result"]["total"]["ios"].as_u64().unwrap(), r + w);
    }
}
