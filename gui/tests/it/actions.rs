//! The actions after a run, headless (iced_test's Simulator): saving
//! through the typed path, copying, opening a result file (and refusing
//! hostile ones), the history, the caveats before a run, and
//! `--screenshot`'s path checked before it.

use crate::common;
use crate::common::skip;
use common::{shows, temp_dir, until_done};

use diskmark::history::History;
use diskmark::report::Format;
use diskmark::report::model::Run;
use diskmark_gui::actions::PATH_INPUT;
use diskmark_gui::actions_state::{Action, ActionsMsg};
use diskmark_gui::app::{App, Message, Status, Unit};
use diskmark_gui::view::view;
use iced::Task;
use iced_test::simulator;
use std::path::Path;
use std::time::Duration;

/// A window on `dir` with the tiny run's options.
fn window(dir: &Path) -> App {
    common::tiny_window(dir, &[], Vec::new())
}

/// Clicks what `label` names in the window as drawn and applies what the
/// click said; the tasks the updates returned.
fn click(app: &mut App, label: &str) -> Vec<Task<Message>> {
    let messages: Vec<Message> = {
        let mut ui = simulator(view(app));
        ui.click(label).unwrap_or_else(|e| panic!("{label}: {e}"));
        ui.into_messages().collect()
    };
    assert!(!messages.is_empty(), "clicking {label} said nothing");
    messages.into_iter().map(|m| app.update(m)).collect()
}

/// Types `path` into the path row's input, as a user would.
fn type_path(app: &mut App, path: &Path) {
    let messages: Vec<Message> = {
        let mut ui = simulator(view(app));
        ui.click(PATH_INPUT).expect("the path row is open");
        ui.typewrite(&path.display().to_string());
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
}

/// `action`'s button, the path typed, then `confirm`.
fn act(app: &mut App, action: &str, path: &Path, confirm: &str) {
    click(app, "File");
    click(app, action);
    type_path(app, path);
    click(app, confirm);
}

/// A window that has run the tiny run in `dir/target`.
fn after_a_run(dir: &Path) -> App {
    let target = dir.join("target");
    std::fs::create_dir_all(&target).unwrap();
    let mut app = window(&target);
    click(&mut app, "All");
    until_done(&mut app);
    assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    app
}

fn message(app: &App) -> String {
    app.message.clone().unwrap_or_default()
}

fn validate(json: &str) {
    let schema: serde_json::Value =
        serde_json::from_str(&diskmark::report::model::schema()).unwrap();
    let instance: serde_json::Value = serde_json::from_str(json).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&instance)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "against the schema: {errors:#?}");
}

/// (width, height) of a PNG file, decoding all of it.
fn png_size(path: &Path) -> (u32, u32) {
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let mut reader = png::Decoder::new(file).read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    (info.width, info.height)
}

/// The `width`/`height` attribute of an SVG document's root.
fn svg_attr(svg: &str, name: &str) -> u32 {
    let key = format!(" {name}=\"");
    let at = svg.find(&key).unwrap() + key.len();
    let end = at + svg[at..].find('"').unwrap();
    svg[at..end].parse::<f64>().unwrap().round() as u32
}

#[test]
fn the_reports_and_the_png_are_saved_through_the_typed_path() {
    let dir = temp_dir();
    let mut app = after_a_run(dir.path());
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();

    act(&mut app, "Save text…", &out.join("r.txt"), "Save");
    assert_eq!(message(&app), "written: r.txt");
    let last = app.last().unwrap();
    let text = std::fs::read_to_string(out.join("r.txt")).unwrap();
    assert_eq!(
        text,
        diskmark_gui::save::text_report(diskmark_gui::save::Source::Run(last))
    );
    assert!(
        text.contains("[Read]") && text.contains("Sequential"),
        "{text}"
    );

    act(&mut app, "Save JSON…", &out.join("r.json"), "Save");
    assert_eq!(message(&app), "written: r.json");
    let json = std::fs::read_to_string(out.join("r.json")).unwrap();
    validate(&json);
    assert_eq!(Run::from_json(&json).unwrap().tests.len(), 4);

    act(&mut app, "Save Markdown…", &out.join("r.md"), "Save");
    let md = std::fs::read_to_string(out.join("r.md")).unwrap();
    assert!(
        md.starts_with("**diskmark ") && md.contains("| SEQ1M Q1T1 | read |"),
        "{md}"
    );

    act(&mut app, "Save chart (PNG)…", &out.join("r.png"), "Save");
    assert_eq!(message(&app), "written: r.png");
    let host = diskmark::host::HostInfo::current();
    let last = app.last().unwrap();
    let svg = diskmark::report::draw::chart::run_chart(&diskmark::report::model::Run::build(
        &diskmark::report::Report {
            settings: &last.settings,
            target: &last.target,
            host: &host,
            output: &last.output,
        },
    ));
    let chart = (svg_attr(&svg, "width"), svg_attr(&svg, "height"));
    assert_eq!(png_size(&out.join("r.png")), chart);
    // The card, from the File menu, as `--card` draws it.
    act(
        &mut app,
        "Save image (card)…",
        &out.join("card.png"),
        "Save",
    );
    assert_eq!(message(&app), "written: card.png");
    let last = app.last().unwrap();
    let card = diskmark::report::draw::card::render(&diskmark::report::model::Run::build(
        &diskmark::report::Report {
            settings: &last.settings,
            target: &last.target,
            host: &host,
            output: &last.output,
        },
    ));
    let size = (svg_attr(&card, "width"), svg_attr(&card, "height"));
    assert_eq!(png_size(&out.join("card.png")), size);
    assert!(!shows(&app, "Save"), "the path row closes once saved");
    // A path chosen in the desktop's dialog saves as a typed one does.
    let _ = app.update(Message::Actions(ActionsMsg::Ask(Action::SaveJson)));
    let chosen = out.join("chosen.json");
    let _ = app.update(Message::Actions(ActionsMsg::Picked(Some(chosen.clone()))));
    assert_eq!(message(&app), "written: chosen.json");
    assert_eq!(std::fs::read_to_string(&chosen).unwrap(), json);
    assert_eq!(
        std::fs::read_dir(dir.path().join("target"))
            .unwrap()
            .count(),
        0,
        "a test file remains"
    );
}

#[test]
fn copying_puts_the_text_report_on_the_clipboard() {
    use iced::futures::StreamExt;
    let dir = temp_dir();
    let mut app = after_a_run(dir.path());
    let expected =
        diskmark_gui::save::text_report(diskmark_gui::save::Source::Run(app.last().unwrap()));
    click(&mut app, "File");
    let tasks = click(&mut app, "Copy report");
    let mut written = Vec::new();
    for t in tasks {
        let Some(mut stream) = iced_runtime::task::into_stream(t) else {
            continue;
        };
        while let Some(action) = iced::futures::executor::block_on(stream.next()) {
            if let iced_runtime::Action::Clipboard(iced_runtime::clipboard::Action::Write {
                contents,
                ..
            }) = action
            {
                written.push(contents);
            }
        }
    }
    assert_eq!(written, vec![expected]);
    assert_eq!(message(&app), "the text report is on the clipboard");
}

#[test]
fn an_opened_result_shows_the_files_figures_and_notes() {
    let dir = temp_dir();
    let mut app = after_a_run(dir.path());
    let saved = dir.path().join("r.json");
    act(&mut app, "Save JSON…", &saved, "Save");
    // Figures no run gives, and a note with a terminal escape: the grid
    // shows the file's, and the note as text.
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    v["tests"][0]["result"]["total"]["mbps"] = 4321.125.into();
    v["notes"] = serde_json::json!(["a note from the file \u{1b}[2J"]);
    let edited = dir.path().join("edited.json");
    std::fs::write(&edited, v.to_string()).unwrap();

    let mut fresh = window(&dir.path().join("target"));
    act(&mut fresh, "Open result…", &edited, "Open");
    assert!(fresh.message.is_none(), "{:?}", fresh.message);
    assert!(matches!(&fresh.status, Status::Shown(f) if f.ends_with("edited.json")));
    assert!(shows(
        &fresh,
        &format!(
            "Showing {}: its figures are the file's, not a run's",
            edited.display()
        )
    ));
    assert!(shows(&fresh, &Unit::MBps.format(4321.125)));
    let run = Run::from_json(&v.to_string()).unwrap();
    for t in run.tests.iter().skip(1) {
        let mbps = t.result.total.mbps.unwrap();
        assert!(shows(&fresh, &Unit::MBps.format(mbps)), "{} {mbps}", t.name);
    }
    assert_eq!(
        fresh.notes(),
        vec!["a note from the file \\x1b[2J".to_string()]
    );
    assert!(shows(&fresh, "a note from the file \\x1b[2J"));
    // Its JSON saved again is the file's.
    let again = dir.path().join("again.json");
    act(&mut fresh, "Save JSON…", &again, "Save");
    assert_eq!(
        Run::from_json(&std::fs::read_to_string(&again).unwrap()).unwrap(),
        run
    );
}

/// An opened result is a result (issue 29, item 4): its text, Markdown
/// and chart are saved as `diskmark report` writes them from the same
/// file, and its text report goes to the clipboard.
#[test]
fn an_opened_result_saves_in_every_format_as_diskmark_report_does() {
    let dir = temp_dir();
    let mut app = after_a_run(dir.path());
    let saved = dir.path().join("r.json");
    act(&mut app, "Save JSON…", &saved, "Save");
    let mut fresh = window(&dir.path().join("target"));
    act(&mut fresh, "Open result…", &saved, "Open");
    for (label, name) in [("Save text…", "w.txt"), ("Save Markdown…", "w.md")] {
        act(&mut fresh, label, &dir.path().join(name), "Save");
        assert!(
            message(&fresh).starts_with("written: "),
            "{}",
            message(&fresh)
        );
    }
    act(
        &mut fresh,
        "Save chart (PNG)…",
        &dir.path().join("w.png"),
        "Save",
    );
    let png = std::fs::read(dir.path().join("w.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // Its card, as `diskmark report --card` draws it from the same file.
    act(
        &mut fresh,
        "Save image (card)…",
        &dir.path().join("card.png"),
        "Save",
    );
    let model = Run::from_json(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    let card = diskmark::report::draw::card::render(&model);
    let size = (svg_attr(&card, "width"), svg_attr(&card, "height"));
    assert_eq!(png_size(&dir.path().join("card.png")), size);
    // `diskmark report` renders with the library's `report::render` (its
    // own test holds it to the run's outputs byte for byte).
    let run = Run::from_json(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    for (name, format) in [("w.txt", Format::Text), ("w.md", Format::Markdown)] {
        let written = std::fs::read_to_string(dir.path().join(name)).unwrap();
        assert_eq!(written, diskmark::report::render(&run, format), "{name}");
    }
    click_maybe(&mut fresh, "File");
    click_maybe(&mut fresh, "Copy report");
    assert_eq!(message(&fresh), "the text report is on the clipboard");
}

/// Clicks `label` and applies what it said, if anything.
fn click_maybe(app: &mut App, label: &str) {
    let messages: Vec<Message> = {
        let mut ui = simulator(view(app));
        let _ = ui.click(label);
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
}

#[test]
fn hostile_result_files_give_one_sentence() {
    let dir = temp_dir();
    let good = serde_json::json!({"schema_version": 1, "tool": {"name": "diskmark"},
        "tests": [{"name": "SEQ1M Q8T1", "direction": "read",
            "result": {"window_ns": 1000000, "total": {"ios": 10, "mbps": 100.0, "iops": 10.0}}}]})
    .to_string();
    let files: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "truncated.json",
            good.as_bytes()[..good.len() / 2].to_vec(),
            "is not a diskmark result (not JSON: ",
        ),
        (
            "types.json",
            good.replace("100.0", "\"fast\"").into_bytes(),
            "is not a valid diskmark result: tests[0].result.total.mbps is not a number",
        ),
        (
            "nested.json",
            vec![b'['; 10 << 20],
            "is not a diskmark result (not JSON: recursion limit exceeded",
        ),
        (
            "other.json",
            br#"{"tool": {"name": "fio"}}"#.to_vec(),
            "is not a diskmark result (no schema_version",
        ),
        (
            "name.json",
            good.replace("SEQ1M Q8T1", "\\u001b[2J").into_bytes(),
            "tests[0].name ",
        ),
        (
            "binary.json",
            vec![0xff, 0xfe, 0x00],
            "is not a diskmark result (not JSON: not UTF-8 text)",
        ),
    ];
    let mut app = window(dir.path());
    for (name, bytes, says) in files {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        act(&mut app, "Open result…", &path, "Open");
        let m = message(&app);
        assert!(m.starts_with("error: ") && m.contains(says), "{name}: {m}");
        assert!(
            !m.contains('\n') && !m.contains('\u{1b}'),
            "{name}: one line, escaped: {m:?}"
        );
        assert_eq!(app.status, Status::Ready, "{name}: nothing is shown");
        click(&mut app, "Cancel");
    }
    // Larger than the limit (sparse: nothing is read), not a file at all.
    let huge = dir.path().join("huge.json");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(diskmark_gui::opened::MAX_RESULT_BYTES + 1)
        .unwrap();
    for (path, says) in [
        (
            huge.as_path(),
            "huge.json is larger than 64 MiB, more than a diskmark result file can be; give a diskmark result file".to_string(),
        ),
        (
            Path::new("/dev/zero"),
            "/dev/zero is a character device, not a diskmark result file; give a regular file".into(),
        ),
        (
            dir.path(),
            format!(
                "{} is a directory, not a diskmark result file; give a regular file",
                dir.path().display()
            ),
        ),
        (
            &dir.path().join("gone.json"),
            "No such file or directory".into(),
        ),
    ] {
        act(&mut app, "Open result…", path, "Open");
        let m = message(&app);
        assert!(
            m.starts_with("error: ") && m.contains(&says),
            "{path:?}: {m}"
        );
        click(&mut app, "Cancel");
    }
}

#[test]
fn outputs_onto_the_target_or_where_nothing_can_be_written_are_refused() {
    let dir = temp_dir();
    let mut app = after_a_run(dir.path());
    let target = dir.path().join("target");
    let test_file = target.join(".diskmark-1-0badf00d.tmp");
    for (path, says) in [
        (
            target.clone(),
            format!(
                "error: --output: {} is the target under test; diskmark never writes there: give a file name",
                target.display()
            ),
        ),
        (
            test_file.clone(),
            format!(
                "error: --output: {} has the name of a diskmark test file; choose another name",
                test_file.display()
            ),
        ),
        (
            dir.path().join("gone/r.json"),
            format!(
                "error: --output: the directory {} does not exist; create it or choose another file",
                dir.path().join("gone").display()
            ),
        ),
    ] {
        act(&mut app, "Save JSON…", &path, "Save");
        assert_eq!(message(&app), says);
        assert!(shows(&app, &says));
        click(&mut app, "Cancel");
    }
    assert_eq!(std::fs::read_dir(&target).unwrap().count(), 0);
    // A read-only filesystem: root may write anywhere else.
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "ro,size=1M", "tmpfs"])
        .arg(&ro)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        skip(
            "actions: the read-only part",
            "mounting a tmpfs needs root and mount(8)",
        );
        return;
    }
    let _unmount = Unmount(ro.clone());
    act(&mut app, "Save chart (PNG)…", &ro.join("r.png"), "Save");
    let m = message(&app);
    assert!(
        m.starts_with(&format!(
            "error: --output: cannot write {}: ",
            ro.join("r.png").display()
        )) && m.ends_with("; choose a file you may write"),
        "{m}"
    );
}

/// Unmounts its mount point when dropped, a failed assertion too.
struct Unmount(std::path::PathBuf);

impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_run_and_a_result_file_are_saved_into_the_history() {
    let dir = temp_dir();
    let mut app = after_a_run(dir.path());
    let db = dir.path().join("new/dir/history.db");
    act(&mut app, "Save to history…", &db, "Save");
    assert_eq!(
        message(&app),
        format!("saved as run #1 in {}", db.display())
    );
    let json = dir.path().join("r.json");
    act(&mut app, "Save JSON…", &json, "Save");
    act(&mut app, "Open result…", &json, "Open");
    act(&mut app, "Save to history…", &db, "Save");
    assert_eq!(
        message(&app),
        format!("saved as run #2 in {}", db.display())
    );
    // As `diskmark history` lists them.
    let runs = History::open_existing(&db)
        .unwrap()
        .list(None, None)
        .unwrap();
    assert_eq!(runs.len(), 2);
    let list = diskmark::history::render_list(&runs, false);
    assert!(list.contains("psync"), "{list}");
    let stored = Run::from_json(&History::open_existing(&db).unwrap().get(2).unwrap().json);
    assert_eq!(
        stored.unwrap(),
        Run::from_json(&std::fs::read_to_string(&json).unwrap()).unwrap()
    );
    // A file that is not a history is refused, and left as it was.
    let other = dir.path().join("notes.db");
    std::fs::write(&other, b"not SQLite\n").unwrap();
    act(&mut app, "Save to history…", &other, "Save");
    let m = message(&app);
    assert!(
        m.starts_with("error: --history: ") && m.contains("is not a diskmark history"),
        "{m}"
    );
    assert_eq!(std::fs::read(&other).unwrap(), b"not SQLite\n");
}

#[test]
fn the_caveats_known_before_the_run_show_as_soon_as_it_starts() {
    let dir = temp_dir();
    let mem = dir.path().join("mem");
    std::fs::create_dir(&mem).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64M", "tmpfs"])
        .arg(&mem)
        .status()
        .is_ok_and(|s| s.success());
    let _unmount = mounted.then(|| Unmount(mem.clone()));
    if !mounted {
        skip(
            "actions: the tmpfs caveat",
            "mounting a tmpfs needs root and mount(8)",
        );
    }
    let target = if mounted {
        mem.clone()
    } else {
        dir.path().to_path_buf()
    };
    let mut app = window(&target);
    click(&mut app, "All");
    assert!(app.notes().is_empty());
    // The first thing the run says is what it knows before it starts.
    assert!(app.wait(Duration::from_secs(30)), "the run said nothing");
    assert!(app.running() && app.cell(0, 0).is_none(), "before any loop");
    let buffered = "buffered writes: each write window ends with an fsync, whose time counts";
    assert!(
        app.notes().iter().any(|n| n == buffered),
        "{:?}",
        app.notes()
    );
    assert!(shows(&app, buffered));
    // Nothing is saved or opened while the run goes.
    let _ = app.update(Message::Actions(ActionsMsg::Ask(Action::Open)));
    assert!(!shows(&app, "Open"), "no path row while running");
    if mounted {
        let tmpfs = "tmpfs is memory, not a disk: O_DIRECT is accepted but has no effect";
        assert!(app.notes().iter().any(|n| n == tmpfs), "{:?}", app.notes());
    }
    until_done(&mut app);
    assert!(
        app.notes().iter().any(|n| n == buffered),
        "the report's notes keep it"
    );
}

#[test]
fn a_bad_screenshot_path_is_refused_before_anything_is_created() {
    let dir = temp_dir();
    // A target whose name a screenshot could have.
    let target = dir.path().join("target.png");
    std::fs::create_dir(&target).unwrap();
    let gone = dir.path().join("gone");
    let json = dir.path().join("r.json");
    let same = dir.path().join("r.png");
    let shown = |p: &Path| p.display().to_string();
    let cases: [(&Path, &[&str], String); 5] = [
        (
            &gone.join("s.png"),
            &[],
            format!(
                "the directory {} does not exist; create it or choose another file",
                shown(&gone)
            ),
        ),
        (
            &dir.path().join("s.jpg"),
            &[],
            format!(
                "{} does not end in .png; the screenshot is a PNG image: name it e.g. window.png",
                shown(&dir.path().join("s.jpg"))
            ),
        ),
        (
            &target,
            &[],
            format!(
                "{} is the target under test; diskmark never writes there: give a file name",
                shown(&target)
            ),
        ),
        (
            &same,
            &["--format", "json", "-o"],
            format!(
                "{} and {} are the same file; give each output its own file",
                shown(&same),
                shown(&same)
            ),
        ),
        // Allowed: it gets as far as the window, which fails here.
        (&dir.path().join("s.png"), &[], String::new()),
    ];
    for (shot, extra, says) in cases {
        let mut cmd = crate::common::gui_command();
        cmd.arg(&target).args(common::TINY);
        if extra.is_empty() {
            cmd.arg("-o").arg(&json);
        } else {
            cmd.args(extra).arg(shot);
        }
        let output = cmd
            .args(["--start", "--quit-when-done", "--screenshot"])
            .arg(shot)
            // No display: a refused path never gets as far as the window.
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if says.is_empty() {
            assert_ne!(output.status.code(), Some(2), "{shot:?}: {stderr}");
            assert!(!stderr.contains("--screenshot"), "{stderr}");
        } else {
            assert_eq!(output.status.code(), Some(2), "{shot:?}: {stderr}");
            assert_eq!(stderr.trim_end(), format!("error: --screenshot: {says}"));
        }
        assert_eq!(std::fs::read_dir(&target).unwrap().count(), 0, "{shot:?}");
        assert!(!json.exists() && !same.exists(), "{shot:?}");
    }
}
