//! `slamrs rules`: list the built-in rules, print one, or check a rule file.

use std::io::Write;

use clap::Args;

use crate::exit;
use crate::rules;

/// Arguments of `slamrs rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Print the text of this built-in rule.
    #[arg(long, value_name = "NAME", conflicts_with = "check")]
    pub show: Option<String>,
    /// Parse this rule file (or built-in name) and report its errors as
    /// FILE:LINE:COL; prints a summary of the rule when it is well formed.
    #[arg(long, value_name = "FILE.slic")]
    pub check: Option<String>,
}

/// Runs the subcommand and returns the exit status.
pub fn run(args: &RulesArgs) -> u8 {
    let mut out = std::io::stdout().lock();
    let result = match (&args.show, &args.check) {
        (Some(name), _) => show(&mut out, name),
        (None, Some(path)) => check(&mut out, path),
        (None, None) => list(&mut out),
    };
    match result {
        Ok(code) => code,
        // A closed pipe (`slamrs rules | head`) is not an error of ours.
        Err(_) => exit::SAFE,
    }
}

fn list(out: &mut impl Write) -> std::io::Result<u8> {
    let all = rules::builtins();
    let width = all.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (name, desc) in all {
        writeln!(out, "{name:width$}  {desc}")?;
    }
    Ok(exit::SAFE)
}

fn show(out: &mut impl Write, name: &str) -> std::io::Result<u8> {
    match rules::builtin_text(name) {
        Some(text) => {
            write!(out, "{text}")?;
            Ok(exit::SAFE)
        }
        None => {
            eprintln!("error: unknown rule `{name}`; the built-in rules are:");
            for (n, d) in rules::builtins() {
                eprintln!("  {n}: {d}");
            }
            Ok(exit::BAD_INPUT)
        }
    }
}

fn check(out: &mut impl Write, arg: &str) -> std::io::Result<u8> {
    match rules::load_rule(arg) {
        Ok(rule) => {
            writeln!(
                out,
                "{}: rule `{}` is well formed: {} state variable{}, {} handler{}",
                rule.file,
                rule.name,
                rule.state.len(),
                plural(rule.state.len()),
                rule.handlers.len(),
                plural(rule.handlers.len())
            )?;
            let mut events: Vec<String> = rule
                .event_functions()
                .iter()
                .map(|s| s.to_string())
                .collect();
            if rule
                .handlers
                .iter()
                .any(|h| h.events.iter().any(|e| e.func == rules::EventFunc::Entry))
            {
                events.push("$entry".into());
            }
            writeln!(out, "observes: {}", events.join(", "))?;
            Ok(exit::SAFE)
        }
        Err(e) => {
            // FILE:LINE:COL: error: MESSAGE, and the line with a caret
            e.report().eprint();
            Ok(exit::BAD_INPUT)
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
