//! The drive's link and the tests' flags in the JSON model
//! (docs/measurement.md#flags), from the run's own values.

use super::model;
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
