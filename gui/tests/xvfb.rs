//! The real binary under Xvfb: `--start --quit-when-done --screenshot
//! s.png -o r.json` on a tiny run. Skips, saying why, without Xvfb.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// An X server of our own, ended when dropped.
struct Xvfb {
    child: Child,
    display: String,
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts Xvfb on a free display number, or says why not.
fn xvfb() -> Option<Xvfb> {
    if Command::new("Xvfb")
        .arg("-help")
        .stderr(Stdio::null())
        .status()
        .is_err()
    {
        eprintln!("skipped: Xvfb is not installed (apt-get install xvfb)");
        return None;
    }
    for n in 90..110 {
        if Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
            || Path::new(&format!("/tmp/.X{n}-lock")).exists()
        {
            continue;
        }
        let display = format!(":{n}");
        let mut child = Command::new("Xvfb")
            .args([
                display.as_str(),
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        // Ready once its socket exists.
        let end = Instant::now() + Duration::from_secs(10);
        while Instant::now() < end {
            if Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
                return Some(Xvfb { child, display });
            }
            if child.try_wait().ok().flatten().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    eprintln!("skipped: Xvfb did not start on any display :90..:109");
    None
}

#[test]
fn start_quit_when_done_screenshot_and_report() {
    let Some(x) = xvfb() else { return };
    let dir = tempfile::Builder::new()
        .prefix("dm-gui-")
        .tempdir_in("/var/tmp")
        .unwrap();
    let target = dir.path().join("target");
    std::fs::create_dir(&target).unwrap();
    let shot = dir.path().join("s.png");
    let json = dir.path().join("r.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_diskmark-gui"))
        .arg(&target)
        .args([
            "--size",
            "16M",
            "--measure",
            "0.2",
            "--warmup",
            "0",
            "--interval",
            "0",
        ])
        .args(["--loops", "1", "--engine", "psync", "--buffered"])
        .args(["--test", "SEQ1M Q1T1", "--test", "RND4K Q1T1"])
        .args(["--start", "--quit-when-done", "--screenshot"])
        .arg(&shot)
        .arg("-o")
        .arg(&json)
        .env("DISPLAY", &x.display)
        .env_remove("WAYLAND_DISPLAY")
        .spawn()
        .unwrap();
    let end = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("diskmark-gui did not quit when done");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0));
    assert_eq!(
        std::fs::read_dir(&target).unwrap().count(),
        0,
        "a test file remains"
    );

    let run =
        diskmark::report::model::Run::from_json(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let names: Vec<String> = run.tests.iter().map(|t| t.name.clone()).collect();
    assert_eq!(run.tests.len(), 4, "{names:?}");
    assert!(!run.interrupted);

    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&shot).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (900, 560));
    let bar = diskmark_gui::view::BAR;
    let rgb = [bar.r, bar.g, bar.b].map(|c| (c * 255.0).round() as u8);
    let step = info.color_type.samples();
    let bar_pixels = buf[..info.buffer_size()]
        .chunks(step)
        .filter(|p| p[..3] == rgb)
        .count();
    assert!(bar_pixels > 100, "{bar_pixels} pixels of the bar colour");
}
