//! The drive's temperature, read on a thread of its own every half second
//! (docs/measurement.md#temperature): reading an NVMe sensor asks the drive,
//! and a drive that does not answer must not hold up the window's
//! coordinator, so the coordinator only loads the last reading (one atomic)
//! when it takes a throughput sample.

use crate::target::thermal::Sensor;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// How often the sensor is read.
pub const THERMAL_EVERY: Duration = Duration::from_millis(500);

/// The latest reading and whether the sampler must stop.
#[derive(Debug, Default)]
struct State {
    /// The reading count (high 32 bits, 0: none yet) and the last reading
    /// in millidegrees (low 32 bits, as i32): one word, so that a load
    /// sees a count and its reading together.
    latest: AtomicU64,
    stop: AtomicBool,
}

/// A sensor read every [`THERMAL_EVERY`] on its own thread, until dropped.
/// `diskmark sustained` uses it as the grid's loops do: [`Self::newer`] at
/// each throughput sample.
#[derive(Debug)]
pub struct ThermalSampler {
    state: Arc<State>,
    sensor: Sensor,
}

impl ThermalSampler {
    /// Starts reading `sensor`; `None` when no thread could be made (then
    /// there is no temperature, and no figure).
    pub fn start(sensor: Sensor) -> Option<ThermalSampler> {
        let state = Arc::new(State::default());
        let (s, reader) = (Arc::clone(&state), sensor.clone());
        std::thread::Builder::new()
            .name("diskmark-thermal".into())
            .spawn(move || sample(&s, &reader))
            .ok()?;
        Some(ThermalSampler { state, sensor })
    }

    /// The sensor read.
    pub fn sensor(&self) -> &Sensor {
        &self.sensor
    }

    /// How many readings were taken so far: what [`Self::newer`] starts
    /// from so that a reading taken before a window is not counted in it.
    pub fn count(&self) -> u32 {
        (self.state.latest.load(Ordering::Acquire) >> 32) as u32
    }

    /// The latest reading, °C, when it is newer than the one counted
    /// `seen` (which it then becomes); `None` when no new reading came.
    pub fn newer(&self, seen: &mut u32) -> Option<f64> {
        let word = self.state.latest.load(Ordering::Acquire);
        let count = (word >> 32) as u32;
        if count == *seen {
            return None;
        }
        *seen = count;
        Some(f64::from(word as u32 as i32) / 1000.0)
    }
}

impl Drop for ThermalSampler {
    /// Tells the thread to stop. It is not joined: a sensor read the drive
    /// does not answer would hold the run's end; the thread ends after it.
    fn drop(&mut self) {
        self.state.stop.store(true, Ordering::Release);
    }
}

/// The sampler thread: a reading, then a wait of [`THERMAL_EVERY`] in
/// steps of 100 ms that look at the stop flag.
fn sample(state: &State, sensor: &Sensor) {
    let mut count: u32 = 0;
    let step = Duration::from_millis(100);
    while !state.stop.load(Ordering::Acquire) {
        if let Some(mc) = sensor.read_mc().and_then(|mc| i32::try_from(mc).ok()) {
            count = count.wrapping_add(1).max(1);
            let word = (u64::from(count) << 32) | u64::from(mc as u32);
            state.latest.store(word, Ordering::Release);
        }
        let mut waited = Duration::ZERO;
        while waited < THERMAL_EVERY && !state.stop.load(Ordering::Acquire) {
            std::thread::sleep(step);
            waited += step;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_are_counted_once() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("name"), "nvme\n").unwrap();
        std::fs::write(d.path().join("temp1_input"), "-5250\n").unwrap();
        let s = ThermalSampler::start(Sensor::at(d.path()).unwrap()).unwrap();
        // The first reading is taken at once; wait for it with a deadline.
        let until = std::time::Instant::now() + Duration::from_secs(5);
        let mut seen = 0;
        let mut got = None;
        while got.is_none() && std::time::Instant::now() < until {
            got = s.newer(&mut seen);
            std::thread::yield_now();
        }
        assert_eq!(got, Some(-5.25));
        // The same reading is not handed out twice (unless the next one
        // came in between).
        if s.count() == seen {
            assert_eq!(s.newer(&mut seen), None);
        }
    }
}
