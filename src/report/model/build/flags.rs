//! The drive's link and the tests' flags in the JSON model
//! (docs/measurement.md#flags), from the run's own values.

use crate::report::model;
use crate::run::flags::{Flag, Traffic};
use crate::target::link::{Link, LinkKind};

/// The model of a drive's link.
pub fn link(l: &Link) -> model::Link {
    model::Link {
        kind: match l.kind {
            LinkKind::Sata => model::LinkKind::Sata,
            LinkKind::Usb => model::LinkKind::Usb,
            LinkKind::Pcie => model::LinkKind::Pcie,
        },
        label: l.label.clone(),
        line_gbps: l.line_gbps,
        width: l.width,
        usable_mbps: l.usable_mbps,
        virtual_machine: l.virtual_machine,
    }
}

fn traffic(t: Traffic) -> model::Traffic {
    match t {
        Traffic::Read => model::Traffic::Read,
        Traffic::Write => model::Traffic::Write,
        Traffic::Both => model::Traffic::Both,
    }
}

/// The model of one flag.
pub fn flag(f: &Flag) -> model::Flag {
    match f {
        Flag::Cache {
            traffic: t,
            device_pct,
        } => model::Flag::Cache {
            traffic: traffic(*t),
            device_pct: *device_pct,
        },
        Flag::Link {
            traffic: t,
            label,
            usable_mbps,
            figure_mbps,
            loop_index,
            ..
        } => model::Flag::Link {
            traffic: traffic(*t),
            link: label.clone(),
            usable_mbps: *usable_mbps,
            figure_mbps: *figure_mbps,
            loop_index: loop_index.map(|i| i as u64),
        },
    }
}

#[cfg(test)]
mod tests {
    use crate::report::model::{self, Run};
    use crate::report::{Report, fixtures, text};
    use crate::run::flags::{Flag, Traffic};
    use crate::target::link::{Link, LinkKind};

    #[test]
    fn the_link_and_the_flags_in_the_json_and_the_text() {
        let settings = fixtures::settings();
        let mut output = fixtures::output(&settings);
        let mut target = fixtures::target();
        let sata = Link {
            kind: LinkKind::Sata,
            label: "SATA 6 Gb/s".into(),
            line_gbps: 6.0,
            width: None,
            usable_mbps: 593.6,
            virtual_machine: false,
        };
        if let Some(d) = target.device.as_mut() {
            d.disks[0].link = Some(sata);
        }
        output.tests[0].flags = vec![
            Flag::Cache {
                traffic: Traffic::Read,
                device_pct: 12.5,
            },
            Flag::Link {
                traffic: Traffic::Read,
                label: "SATA 6 Gb/s".into(),
                usable_mbps: 593.6,
                figure_mbps: 1800.0,
                loop_index: Some(1),
                loops: 2,
            },
        ];
        let host = fixtures::host();
        let r = Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        };
        let run = Run::build(&r);
        let text = run.to_json();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            v["target"]["link"],
            serde_json::json!({"kind": "sata", "label": "SATA 6 Gb/s", "line_gbps": 6.0, "usable_mbps": 593.6})
        );
        assert_eq!(
            v["tests"][0]["flags"],
            serde_json::json!([
                {"kind": "cache", "traffic": "read", "device_pct": 12.5},
                {"kind": "link", "traffic": "read", "link": "SATA 6 Gb/s", "usable_mbps": 593.6, "figure_mbps": 1800.0, "loop_index": 1}
            ])
        );
        // The other tests have none, and say nothing of it.
        assert!(v["tests"][1].get("flags").is_none());
        // What is written reads back the same.
        let back = model::Run::from_json(&text).unwrap();
        assert_eq!(back, run);
        assert_eq!(back.tests[0].flags.len(), 2);
        let shown = text::render(&run);
        let line = shown.lines().find(|l| l.contains("Target:")).unwrap();
        assert!(line.ends_with(" [Virtio Disk · SATA 6 Gb/s]"), "{line}");
    }

    #[test]
    fn a_virtual_machines_link_flags_nothing() {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let slow = Link {
            kind: LinkKind::Usb,
            label: "USB 1.1".into(),
            line_gbps: 0.012,
            width: None,
            usable_mbps: 1.216,
            virtual_machine: false,
        };
        let test = &output.tests[0];
        let flags = crate::run::flags(&settings, test, Some(&slow));
        assert!(
            matches!(
                flags[..],
                [Flag::Link {
                    loop_index: None,
                    ..
                }]
            ),
            "{flags:?}"
        );
        let vm = Link {
            virtual_machine: true,
            ..slow
        };
        assert_eq!(crate::run::flags(&settings, test, Some(&vm)), []);
        assert_eq!(crate::run::flags(&settings, test, None), []);
    }
}
