//! `cargo run -p archcheck [-- --graph] [ROOT]`: checks the rules of
//! docs/architecture.md#rules-the-tests-keep on the repository at ROOT (by
//! default the one this tool was built from), prints each broken rule with
//! its offenders as `path:line`, and exits 1 when one is broken, 2 on a
//! usage error or a file it cannot read. `--graph` also prints the module
//! graphs.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut graph = false;
    let mut root = None;
    for arg in std::env::args_os().skip(1) {
        match arg.to_str() {
            Some("--graph") => graph = true,
            Some("-h" | "--help") => {
                println!("usage: archcheck [--graph] [REPOSITORY_ROOT]");
                return ExitCode::SUCCESS;
            }
            _ if root.is_none() => root = Some(PathBuf::from(arg)),
            _ => {
                eprintln!(
                    "error: one repository root at most; usage: archcheck [--graph] [REPOSITORY_ROOT]"
                );
                return ExitCode::from(2);
            }
        }
    }
    // This crate lives at tools/archcheck: the repository is two levels up.
    let root = root.unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")));
    let repo = match archcheck::Repo::read(&root) {
        Ok(repo) => repo,
        Err(e) => {
            eprintln!(
                "error: {e}; give the repository's root (the folder with src/, gui/src/ and docs/)"
            );
            return ExitCode::from(2);
        }
    };
    if graph {
        print!("{}", repo.graph());
    }
    let excepted = repo.excepted();
    if !excepted.is_empty() {
        println!(
            "{} known exceptions to the layer table ({}, to be removed):",
            excepted.len(),
            archcheck::EXCEPTIONS
        );
        for e in &excepted {
            println!("{e}");
        }
    }
    let broken = repo.check();
    if broken.is_empty() {
        println!(
            "archcheck: every rule of {}#rules-the-tests-keep holds",
            archcheck::DOC
        );
        return ExitCode::SUCCESS;
    }
    for b in &broken {
        println!("rule broken: {}:", b.rule);
        for o in &b.offenders {
            println!("{}", o.trim_end());
        }
    }
    let rules = if broken.len() == 1 { "rule" } else { "rules" };
    println!("archcheck: {} {rules} broken", broken.len());
    ExitCode::from(1)
}
