//! `diskmark targets`: the filesystems a user would benchmark, with usage
//! as KDiskMark prints it, backing device and model.

use crate::target::TargetInfo;
use serde::Serialize;
use std::fmt::Write;

/// The table.
pub fn render_text(targets: &[TargetInfo]) -> String {
    let rows: Vec<[String; 5]> = targets
        .iter()
        .map(|t| {
            // Mount points, sources and sysfs models are anyone's text.
            let e = crate::report::escape::escaped;
            [
                e(&t.path.display().to_string()),
                e(&t.fs_type),
                t.usage.text(),
                e(t.source.as_deref().unwrap_or("-")),
                e(&crate::target::link::describe(t.model(), t.link()).unwrap_or("-".into())),
            ]
        })
        .collect();
    let head = ["target", "fs", "usage", "device", "model"];
    let width = |i: usize| {
        rows.iter()
            .map(|r| r[i].chars().count())
            .chain([head[i].len()])
            .max()
            .unwrap_or(0)
    };
    let w: Vec<usize> = (0..4).map(width).collect();
    let mut out = String::new();
    for r in std::iter::once(head.map(String::from)).chain(rows) {
        let _ = writeln!(
            out,
            "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {}",
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3]
        );
    }
    if targets.is_empty() {
        out.push_str("(no writable filesystem found)\n");
    }
    out
}

#[derive(Serialize)]
struct Entry<'a> {
    target: &'a std::path::Path,
    fs_type: &'a str,
    usage_text: String,
    total_bytes: u64,
    used_bytes: u64,
    available_bytes: u64,
    used_percent: u64,
    source: Option<&'a str>,
    model: Option<&'a str>,
    device: Option<&'a crate::target::sysfs::BlockDevice>,
    caveats: &'a [crate::target::caveats::Caveat],
}

/// The JSON: one object per target.
pub fn render_json(targets: &[TargetInfo]) -> String {
    let entries: Vec<Entry<'_>> = targets
        .iter()
        .map(|t| Entry {
            target: &t.path,
            fs_type: &t.fs_type,
            usage_text: t.usage.text(),
            total_bytes: t.usage.total,
            used_bytes: t.usage.used,
            available_bytes: t.usage.available,
            used_percent: t.usage.used_percent(),
            source: t.source.as_deref(),
            model: t.model(),
            device: t.device.as_ref(),
            caveats: &t.caveats,
        })
        .collect();
    // Strings, numbers and plain structs always serialise.
    let mut s = crate::escape::to_json_pretty(&serde_json::json!({ "targets": entries }))
        .unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    #[test]
    fn kdiskmark_usage_and_a_table() {
        let t = fixtures::target();
        assert_eq!(t.usage.text(), "13% (11.00/252.00 GiB)");
        let text = render_text(std::slice::from_ref(&t));
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("target    fs    usage"), "{text}");
        assert_eq!(
            lines[1],
            "/var/tmp  ext4  13% (11.00/252.00 GiB)  /dev/vda  Virtio Disk"
        );
        let v: serde_json::Value = serde_json::from_str(&render_json(&[t])).unwrap();
        assert_eq!(v["targets"][0]["fs_type"], "ext4");
        assert_eq!(v["targets"][0]["used_percent"], 13);
        assert_eq!(v["targets"][0]["model"], "Virtio Disk");
        assert!(render_text(&[]).contains("no writable filesystem"));
    }
}
