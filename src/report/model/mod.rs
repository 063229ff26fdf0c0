//! The typed result model: the JSON report as serde types that write it
//! (byte for byte what diskmark prints) and read it back, with its JSON
//! Schema generated from them (docs/schema.json; after a change here,
//! regenerate it with `UPDATE_SCHEMA=1 cargo test --release --test it schema::`,
//! which otherwise checks that it is current). Every front-end, compare
//! and the history read runs through these types.
//!
//! The model owns its types instead of serialising the library's own: the
//! published layout changes only when these files do. [`Run::build`] makes it
//! from a [`Report`] (what was asked, where it ran, what was measured);
//! every renderer reads the model, never the `Report`.

pub(crate) mod build;
mod flags;
mod qos;
mod read;
mod run;
mod setup;
mod shown;
mod source;
mod span;
mod steady;
mod sustained;
mod target;
mod test;
mod thermal;

pub use flags::{Flag, Link, LinkKind, Traffic};
pub use qos::{Qos, QosReads};
pub use read::{MAX_FIGURE, ReadError};
pub use run::{LATENCY, Run, SCHEMA_VERSION, Tool};
pub use setup::{
    Backend, Cache, DataKind, Engine, EngineSetup, LoopStat, Mode, Settings, TestFile,
};
pub use source::{LoopSpread, Report, collapse, signal_name};
pub use span::{AccessPoint, AccessUs, Span, SpanRegion, SpanSample};
pub use steady::{SteadySettings, SteadyState};
pub use sustained::{Recovery, Sustained, SustainedKnee, SustainedSample};
pub use target::{Caveat, Device, Disk, Host, REMOTE, Target, TargetKind, Usage};
pub use test::{
    Across, CpuView, DeviceView, Dir, Direction, HostTest, InCommon, Latency, Loop, NOT_A_NUMBER,
    Pattern, Percentile, Percentiles, Qt, Sample, Spread, Test,
};
pub use thermal::Temperature;

/// The JSON Schema of [`Run`], as docs/schema.json holds it: what diskmark
/// writes (every field it always writes is required), every field
/// described by its doc comment.
pub fn schema() -> String {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let mut schema =
        serde_json::to_value(generator.into_root_schema_for::<Run>()).unwrap_or_default();
    drop_defaults(&mut schema);
    let mut text = crate::escape::to_json_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// Removes the `default` of every property: they are what an absent field
/// reads as, not part of what diskmark writes.
fn drop_defaults(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(m) => {
            if let Some(serde_json::Value::Object(props)) = m.get_mut("properties") {
                for p in props.values_mut() {
                    if let Some(p) = p.as_object_mut() {
                        p.remove("default");
                    }
                }
            }
            m.values_mut().for_each(drop_defaults);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(drop_defaults),
        _ => {}
    }
}
