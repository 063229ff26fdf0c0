//! The headings `--help` groups the options under: one table for the run,
//! `tui`, `sustained` and `span` (they share option names), applied to the
//! command before it parses, so that `--help`, the manual pages and the
//! completions all show the same groups.

use clap::Command;

/// Each heading and the options under it, by their ids (the field names of
/// [`super::RunArgs`], [`super::SpanArgs`], [`super::SustainedArgs`]).
const HEADINGS: [Heading; 8] = [
    Heading {
        name: "Tests",
        ids: &[
            "profile",
            "tests",
            "test",
            "mix",
            "mix_read",
            "mode",
            "qos",
            "samples",
            "sample_size",
            "sample_test",
            "access",
        ],
    },
    Heading {
        name: "Timing",
        ids: &[
            "loops",
            "measure",
            "warmup",
            "interval",
            "loop_stat",
            "steady_state",
            "max_rounds",
            "max_time",
            "sample_interval",
        ],
    },
    Heading {
        name: "Data and cache",
        ids: &[
            "size",
            "data",
            "buffered",
            "keep_cache",
            "drop_caches",
            "dsync",
            "verify",
            "cow",
            "keep_file",
            "seed",
        ],
    },
    Heading {
        name: "Engine",
        ids: &["engine", "fio", "strict", "hipri", "sqpoll", "cpus"],
    },
    Heading {
        name: "Output",
        ids: &[
            "format",
            "output",
            "quiet",
            "progress",
            "host_agent",
            "chart",
            "card",
            "details",
            "label",
            "csv_loops",
        ],
    },
    Heading {
        name: "History",
        ids: &["save", "history"],
    },
    Heading {
        name: "Hosts",
        ids: &[
            "host",
            "hosts",
            "remote_dir",
            "remote_diskmark",
            "ssh_config",
        ],
    },
    Heading {
        name: "Interface",
        ids: &["lang"],
    },
];

/// One heading of `--help`.
struct Heading {
    name: &'static str,
    ids: &'static [&'static str],
}

/// The subcommands whose options are grouped (the others have a few
/// options each, which need no headings).
const GROUPED: [&str; 3] = ["tui", "sustained", "span"];

/// `cmd` with every option of the run and of [`GROUPED`] under its
/// heading.
pub fn grouped(cmd: Command) -> Command {
    let mut cmd = with_headings(cmd);
    for name in GROUPED {
        if cmd.find_subcommand(name).is_some() {
            cmd = cmd.mut_subcommand(name, with_headings);
        }
    }
    cmd
}

fn with_headings(mut cmd: Command) -> Command {
    for heading in &HEADINGS {
        for id in heading.ids {
            // mut_arg panics on an id the command lacks: ask first.
            if cmd.get_arguments().any(|a| a.get_id() == id) {
                cmd = cmd.mut_arg(*id, |a| a.help_heading(heading.name));
            }
        }
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every option but --help and --version has a heading, in the run and
    /// in each grouped subcommand: a new option must be put in the table.
    #[test]
    fn every_option_has_a_heading() {
        let cmd = grouped(super::super::Cli::command());
        let mut commands = vec![cmd.clone()];
        commands.extend(GROUPED.map(|n| cmd.find_subcommand(n).unwrap().clone()));
        for c in &commands {
            for a in c.get_arguments() {
                let own = ["help", "version"].contains(&a.get_id().as_str());
                if a.is_positional() || own || a.is_hide_set() {
                    continue;
                }
                assert!(
                    a.get_help_heading().is_some(),
                    "{} --{}: no heading",
                    c.get_name(),
                    a.get_id()
                );
            }
        }
    }

    #[test]
    fn every_id_of_the_table_is_an_option_somewhere() {
        let cmd = grouped(super::super::Cli::command());
        let mut all: Vec<String> = Vec::new();
        let mut stack = vec![cmd];
        while let Some(c) = stack.pop() {
            all.extend(c.get_arguments().map(|a| a.get_id().to_string()));
            stack.extend(c.get_subcommands().cloned());
        }
        for h in &HEADINGS {
            for id in h.ids {
                assert!(all.iter().any(|a| a == id), "{id} is no option");
            }
        }
    }
}
