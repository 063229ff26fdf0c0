//! The terminal interface on the real binary, in a pseudo-terminal (tmux):
//! start a run with keys, watch it finish, save the report, quit with the
//! terminal restored; stop a second run with Esc. Without tmux the test
//! says it skipped.

use crate::common;
use common::tmux::Tmux;
use common::{disk_dir, diskmark, leftovers, skip};
use std::process::Command;

fn launch(t: &Tmux, dir: &std::path::Path, extra: &str) {
    let cmd = format!(
        "{} tui {} --size 16M --measure 0.5 --warmup 0 --interval 0 --loops 1 --engine psync {extra}; echo EXITED=$?",
        env!("CARGO_BIN_EXE_diskmark"),
        dir.display()
    );
    t.keys(&[&cmd, "Enter"]);
}

/// `s` saves the finished Real World run's text report in `cwd`, the
/// status line saying so with `said` before the file's name; the report
/// is the CLI's, in English.
fn save_the_real_world_report(t: &Tmux, cwd: &std::path::Path, said: &str) {
    t.keys(&["s"]);
    let s = t.wait_for(&format!("{said}diskmark_"), 10);
    let name = s
        .split(said)
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap()
        .to_string();
    let report = std::fs::read_to_string(cwd.join(&name)).unwrap();
    assert!(
        report.contains("[Read]") && report.contains("Profile: Real World Performance"),
        "{report}"
    );
}

#[test]
fn without_a_terminal_it_points_to_the_cli() {
    let out = diskmark().args(["tui", "/tmp"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: diskmark tui needs an interactive terminal"),
        "{err}"
    );
    assert!(err.contains("diskmark [OPTIONS] [TARGET]"), "{err}");
}

#[test]
fn run_save_and_quit_then_stop_with_esc() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return skip("tui in a pseudo-terminal", "tmux is not installed");
    }
    let dir = disk_dir();
    let cwd = tempfile::tempdir().unwrap();
    let Some(t) = Tmux::start(cwd.path()) else {
        return skip("tui in a pseudo-terminal", "tmux could not start a session");
    };
    launch(&t, dir.path(), "--profile real");
    t.wait_for("Ready", 20);
    t.keys(&["Enter"]);
    let s = t.wait_for("Finished", 60);
    for test in ["SEQ1M Q1T1", "RND4K Q1T1"] {
        let row = s
            .lines()
            .find(|l| l.contains(test))
            .unwrap_or_else(|| panic!("{test}:\n{s}"));
        let digits = row
            .split_once(test)
            .unwrap()
            .1
            .chars()
            .filter(|c| c.is_ascii_digit())
            .count();
        assert!(digits >= 6, "no figures in {row:?}");
    }
    save_the_real_world_report(&t, cwd.path(), "saved to ");
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
    // The terminal is back in cooked mode, with echo.
    // (The marker is split in the command so that only the output has it.)
    t.keys(&[
        "echo \"MO\"\"DE=$(stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo)' | tr '\\n' ' ')\"",
        "Enter",
    ]);
    let s = t.wait_for("MODE=", 10);
    let mode = s.lines().find(|l| l.starts_with("MODE=")).unwrap();
    assert_eq!(mode.trim_end(), "MODE=icanon echo", "{s}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());

    // A second run, stopped mid-test with Esc.
    t.keys(&["clear", "Enter"]);
    launch(&t, dir.path(), "--profile demo --measure 30");
    t.wait_for("Ready", 20);
    t.keys(&["Enter"]);
    t.wait_for("Measuring", 30);
    t.keys(&["Escape"]);
    t.wait_for("Stopped", 20);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
}

/// The interface in German (issue 30, docs/i18n.md): `--lang de` draws
/// the labels, the status and the figures in German (a decimal comma),
/// while the saved report stays English, as the CLI's.
#[test]
fn in_german_the_screen_is_german_and_the_report_stays_english() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return skip("tui in German", "tmux is not installed");
    }
    let dir = disk_dir();
    let cwd = tempfile::tempdir().unwrap();
    let Some(t) = Tmux::start(cwd.path()) else {
        return skip("tui in German", "tmux could not start a session");
    };
    launch(&t, dir.path(), "--profile real --lang de");
    let s = t.wait_for("Bereit", 20);
    for word in [
        "Einstellungen",
        "Durchläufe",
        "Lesen",
        "Schreiben",
        "Profil",
        "Reelle Leistung",
    ] {
        assert!(s.contains(word), "{word} is not on the screen:\n{s}");
    }
    assert!(!s.contains("Settings") && !s.contains("Loops"), "{s}");
    t.keys(&["Enter"]);
    let s = t.wait_for("Fertig.", 60);
    // Each figure has a decimal comma and no decimal point.
    let row = s.lines().find(|l| l.contains("RND4K Q1T1")).unwrap();
    // A figure is a run of digits and separators (its bar runs into it).
    let figures: Vec<&str> = row
        .split(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_digit()) && w.contains(','))
        .collect();
    assert!(!figures.is_empty(), "no German figure in {row:?}");
    for f in &figures {
        let (_, decimals) = f.rsplit_once(',').unwrap();
        assert_eq!(decimals.len(), 2, "{f} in {row:?}");
        assert!(
            !f.contains('.') || f.find('.') < f.find(','),
            "{f} in {row:?}"
        );
    }
    // In German words, the report saved is the CLI's, in English.
    save_the_real_world_report(&t, cwd.path(), "gespeichert unter ");
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

/// The TUI offers -o, --chart and --save in its help: a finished run goes
/// to each of them (through the same output path as the CLI), and the
/// status line says so; nothing reaches the terminal as a report.
#[test]
fn a_finished_run_goes_to_the_outputs_the_command_line_asked_for() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return skip("tui outputs in a pseudo-terminal", "tmux is not installed");
    }
    let dir = disk_dir();
    let out = tempfile::tempdir().unwrap();
    let Some(t) = Tmux::start(out.path()) else {
        return skip(
            "tui outputs in a pseudo-terminal",
            "tmux could not start a session",
        );
    };
    let (json, md, svg, db) = (
        out.path().join("run.json"),
        out.path().join("run.md"),
        out.path().join("run.svg"),
        out.path().join("runs.db"),
    );
    let extra = format!(
        "--test 'RND4K Q1T1' --mode read -o {} -o {} --chart {} --save --history {}",
        json.display(),
        md.display(),
        svg.display(),
        db.display()
    );
    launch(&t, dir.path(), &extra);
    t.wait_for("Ready", 20);
    t.keys(&["Enter"]);
    let s = t.wait_for("saved as run #1", 60);
    assert!(s.contains("Finished"), "{s}");
    assert!(s.contains("written: run.json, run.md, run.svg"), "{s}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["tests"][0]["name"], "RND4K Q1T1", "{report}");
    assert!(
        report["tests"][0]["result"]["read"]["iops"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    assert!(std::fs::read_to_string(&md).unwrap().contains("RND4K Q1T1"));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let stored = diskmark()
        .args(["history", "show", "1", "--format", "json", "--history"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(stored.status.success(), "{stored:?}");
    let stored: serde_json::Value = serde_json::from_slice(&stored.stdout).unwrap();
    assert_eq!(stored["tests"], report["tests"]);
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

/// Issue 28: the TUI shows the run's notes. A psync run on tmpfs says,
/// as the report does, that tmpfs is memory and that Q8T1 ran as Q1T8,
/// beside the grid whose figures they qualify.
#[test]
fn a_psync_run_on_tmpfs_shows_its_notes() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return skip("tui notes in a pseudo-terminal", "tmux is not installed");
    }
    let tmpfs = match common::Mount::new("tmpfs", "size=64m") {
        Ok(m) => m,
        Err(why) => return skip("tui notes in a pseudo-terminal", &why),
    };
    let cwd = tempfile::tempdir().unwrap();
    let Some(t) = Tmux::start_sized(cwd.path(), 100, 40) else {
        return skip(
            "tui notes in a pseudo-terminal",
            "tmux could not start a session",
        );
    };
    launch(&t, tmpfs.path(), "--test 'SEQ1M Q8T1' --mode read");
    t.wait_for("Ready", 20);
    t.keys(&["Enter"]);
    t.wait_for("Finished", 60);
    let s = t.wait_for("tmpfs is memory, not a disk", 10);
    assert!(s.contains("Notes"), "{s}");
    assert!(s.contains("psync is synchronous: Q8T1 ran as Q1T8"), "{s}");
    let row = s.lines().find(|l| l.contains("SEQ1M Q8T1")).unwrap();
    let figures = row.split_once("SEQ1M Q8T1").unwrap().1;
    let digits = figures.chars().filter(|c| c.is_ascii_digit()).count();
    assert!(digits >= 4, "no figure in {row:?}");
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
    assert_eq!(leftovers(tmpfs.path()), Vec::<String>::new());
}

/// The target prompt (`t`) starts with the current path and takes a
/// shell's line keys from a real terminal: Ctrl-W erases the word before
/// the cursor, Ctrl-A and Ctrl-E move to the start and the end, Ctrl-U
/// erases to the start (issue 29).
#[test]
fn the_target_prompt_edits_as_a_shell_line() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return skip("tui target prompt", "tmux is not installed");
    }
    let dir = disk_dir();
    let cwd = tempfile::tempdir().unwrap();
    let Some(t) = Tmux::start(cwd.path()) else {
        return skip("tui target prompt", "tmux could not start a session");
    };
    launch(&t, dir.path(), "--profile demo");
    t.wait_for("Ready", 20);
    t.keys(&["t"]);
    t.wait_for(&format!("Target path: {}▏", dir.path().display()), 10);
    t.keys(&["-l", " a b"]);
    t.keys(&["C-w"]);
    t.wait_for(&format!("Target path: {} a ▏", dir.path().display()), 10);
    t.keys(&["C-a"]);
    t.keys(&["-l", "X"]);
    t.wait_for(&format!("Target path: X▏{} a ", dir.path().display()), 10);
    t.keys(&["C-e", "C-u"]);
    t.keys(&["-l", "/srv/y"]);
    t.wait_for("Target path: /srv/y▏", 10);
    t.keys(&["Escape", "q"]);
    t.wait_for("EXITED=0", 10);
}

/// Issue 29: a sustained write started from the TUI's own page (`w`, the
/// size chosen with →) draws its samples and ends with the report's
/// section: the speeds and the knee, or that there was none. No test file
/// is left.
#[test]
fn a_sustained_write_from_its_page_shows_its_result_and_leaves_no_file() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return skip("tui sustained write", "tmux is not installed");
    }
    let dir = common::memory_dir();
    let cwd = tempfile::tempdir().unwrap();
    let Some(t) = Tmux::start_sized(cwd.path(), 100, 40) else {
        return skip("tui sustained write", "tmux could not start a session");
    };
    launch(&t, dir.path(), "");
    t.wait_for("Ready", 20);
    t.keys(&["w"]);
    t.wait_for("[w sustained write]", 10);
    t.keys(&["Right"]);
    t.wait_for("size: 64.00 MiB", 10);
    t.keys(&["Enter"]);
    let s = t.wait_for("Samples:", 120);
    for want in [
        "Finished",
        "[Sustained write] SEQ1M",
        "0.07 GB (64.00 MiB) planned",
        "Average:",
        "GB written",
    ] {
        assert!(s.contains(want), "{want:?} in\n{s}");
    }
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    // Back to the grid, which the write left as it was.
    t.keys(&["g"]);
    t.wait_for("[g grid]", 10);
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

/// The stop key stops a sustained write as soon as it writes (its first
/// step on screen, well before 4 GiB are written), the pages stay locked
/// while it runs, and its test file is removed.
#[test]
fn a_sustained_write_stops_with_esc_and_removes_its_file() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return skip("tui sustained write stop", "tmux is not installed");
    }
    let dir = disk_dir();
    let cwd = tempfile::tempdir().unwrap();
    let Some(t) = Tmux::start_sized(cwd.path(), 100, 40) else {
        return skip("tui sustained write stop", "tmux could not start a session");
    };
    launch(&t, dir.path(), "");
    t.wait_for("Ready", 20);
    t.keys(&["w"]);
    // 4 GiB: far more than is written before the stop.
    t.keys(&["Right", "Right", "Right", "Right"]);
    t.wait_for("size: 4.00 GiB", 10);
    t.keys(&["Enter"]);
    t.wait_for("of 4.29 GB", 60);
    t.keys(&["H"]);
    t.wait_for("a run is going: stop it (Esc)", 10);
    t.keys(&["Escape"]);
    t.wait_for("Stopped", 30);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
}

/// The history page (`H`) lists what `diskmark --save --history DB`
/// stored, newest first with its headline figures; `--history` alone
/// names the database the page reads. A database that does not exist is
/// one line.
#[test]
fn the_history_page_lists_the_runs_diskmark_saved() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return skip("tui history", "tmux is not installed");
    }
    let dir = disk_dir();
    let cwd = tempfile::tempdir().unwrap();
    let db = cwd.path().join("runs.db");
    for label in ["first", "second"] {
        let out = diskmark()
            .arg(dir.path())
            .args(["--test", "SEQ1M Q1T1", "--size", "16M", "--measure", "0.2"])
            .args(["--warmup", "0", "--interval", "0", "--loops", "1"])
            .args([
                "--engine",
                "psync",
                "-q",
                "--save",
                "--label",
                label,
                "--history",
            ])
            .arg(&db)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    }
    let Some(t) = Tmux::start_sized(cwd.path(), 120, 30) else {
        return skip("tui history", "tmux could not start a session");
    };
    launch(&t, dir.path(), &format!("--history {}", db.display()));
    t.wait_for("Ready", 20);
    t.keys(&["H"]);
    let s = t.wait_for("2 runs", 20);
    let second = s.find("[second] SEQ1M Q1T1  read").expect(&s);
    let first = s.find("[first] SEQ1M Q1T1  read").expect(&s);
    assert!(second < first, "newest first:\n{s}");
    let row = s.lines().find(|l| l.contains("[second]")).unwrap();
    assert!(row.contains("custom") && row.contains("MB/s"), "{row}");
    assert!(
        row.split("read")
            .nth(1)
            .unwrap()
            .chars()
            .any(|c| c.is_ascii_digit()),
        "{row}"
    );
    t.keys(&["Down", "q"]);
    t.wait_for("EXITED=0", 10);

    t.keys(&["clear", "Enter"]);
    launch(
        &t,
        dir.path(),
        &format!("--history {}", cwd.path().join("none.db").display()),
    );
    t.wait_for("Ready", 20);
    t.keys(&["H"]);
    t.wait_for("there is no history database at", 20);
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
    assert!(!cwd.path().join("none.db").exists());
}

/// An output the command line named that holds only the grid's rows (a
/// CSV) is refused before a sustained write starts, as `diskmark
/// sustained` refuses it; nothing is written.
#[test]
fn a_sustained_write_with_a_grid_only_output_is_refused_before_it_starts() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return skip("tui sustained write refusal", "tmux is not installed");
    }
    let dir = common::memory_dir();
    let cwd = tempfile::tempdir().unwrap();
    let Some(t) = Tmux::start_sized(cwd.path(), 140, 30) else {
        return skip(
            "tui sustained write refusal",
            "tmux could not start a session",
        );
    };
    let csv = cwd.path().join("r.csv");
    launch(&t, dir.path(), &format!("-o {}", csv.display()));
    t.wait_for("Ready", 20);
    t.keys(&["w", "Right", "Enter"]);
    t.wait_for("cannot start: an output in CSV holds the grid's rows", 10);
    assert!(t.screen().contains("[ Start ]"));
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
    assert!(!csv.exists());
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}
