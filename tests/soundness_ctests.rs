//! `slamrs check` on the corpora of verification tasks with a known truth: the
//! C-semantics soundness corpus `c-tests/soundness/`, and the refinement corpora
//! `c-tests/recursion/` and `c-tests/loops/` (recursive functions and loops whose proofs
//! or bugs need predicates that relate values across calls and iterations).
//!
//! Each program starts with `// key: value` header lines (see `c-tests/README.md`):
//! `class:` (the C semantics class it probes), `expect:` (`safe` or `violation`: the truth,
//! confirmed under gcc by `scripts/soundness-gcc`), optionally `rule:` (a built-in rule; by
//! default the program's own assertions), `answer:` (what slamrs answers today when it is not
//! the truth: `unknown`, or `error` for a program it rejects with exit status 2), and
//! `inputs:` / `cflags:` (used by `scripts/soundness-gcc` only).
//!
//! Every program is checked with `--format json --timeout 60` (20 for the refinement
//! corpora, and for a program whose recorded answer is `unknown`), two at a time. A wrong
//! verdict
//! (VIOLATION on a safe program, SAFE on a buggy one) always fails, whatever the header says.
//! Without `answer:` the verdict must be the truth; with `answer: unknown` it must be UNKNOWN
//! and with `answer: error` the program must be rejected (exit 2 with a located diagnostic),
//! so that progress forces the header to be updated. A panic always fails. At the end a table
//! per class (correct / wrong / unknown / rejected) is printed, then every failure with its
//! command line, exit status and output tails.
//!
//! `SLAMRS_SOUNDNESS_FILTER=substring` restricts the run to the matching file names.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{c_programs, file_name, header, parallel, run_bounded, tail, Run};
use serde_json::Value;

/// One corpus: its directory, the classes its programs may have, and its size targets.
struct Corpus {
    dirs: &'static [&'static str],
    classes: &'static [&'static str],
    /// Fewest programs the corpus must have.
    min_programs: usize,
    /// `--timeout` given to `slamrs check`.
    timeout_s: u64,
}

const SOUNDNESS: Corpus = Corpus {
    dirs: &["c-tests/soundness"],
    classes: CLASSES,
    min_programs: 90,
    timeout_s: 60,
};

const REFINEMENT: Corpus = Corpus {
    dirs: &["c-tests/recursion", "c-tests/loops"],
    classes: &["recursion", "loop"],
    min_programs: 60,
    timeout_s: 20,
};
/// `--timeout` for a program whose recorded answer is UNKNOWN: it checks that no wrong
/// verdict comes, not how long slamrs tries (five soundness programs run into any timeout).
const UNKNOWN_TIMEOUT_S: u64 = 20;
/// The process is killed if it outlives its own timeout by this much.
const GRACE: Duration = Duration::from_secs(30);
/// Worker threads running the programs.
const THREADS: usize = 2;
/// A run that ends UNKNOWN after this fraction of its timeout, where the recorded answer is
/// definitive, is "slow" (the machine was loaded) rather than failed ...
const SLOW_FRACTION: f64 = 0.9;
/// ... unless more than this share of the corpus (and more than 2 programs) is slow.
const MAX_SLOW_SHARE: f64 = 0.10;
/// The corpus tests run one at a time: each runs [`THREADS`] checks at once, and a check
/// runs the loop and the directed exploration on two threads.
static ONE_CORPUS_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
/// The classes of the corpus, in the order of the table.
const CLASSES: &[&str] = &[
    "fnptr",
    "callback",
    "ctor",
    "bitfield",
    "packed",
    "narrow",
    "builtin",
    "asm",
    "vla",
    "volatile",
    "float",
    "setjmp",
    "alias",
    "ptrarith",
    "union",
    "structcopy",
    "static",
    "switch",
    "goto",
    "shortcircuit",
    "comma",
    "ternary",
    "recursion",
    "loop",
    "list",
    "memfn",
    "overflow",
    "rule",
    "variadic",
];

fn filter() -> Option<String> {
    std::env::var("SLAMRS_SOUNDNESS_FILTER").ok()
}

/// The `.c` files of the corpus, sorted, restricted by `SLAMRS_SOUNDNESS_FILTER`.
fn programs(corpus: &Corpus) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    corpus
        .dirs
        .iter()
        .flat_map(|d| c_programs(&root.join(d), &filter().unwrap_or_default()))
        .collect()
}

/// A verdict of `slamrs check`, or its rejection of the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Safe,
    Violation,
    Unknown,
    /// Exit status 2: the program is rejected (unsupported construct or a frontend error).
    Error,
}

impl Answer {
    fn name(self) -> &'static str {
        match self {
            Answer::Safe => "safe",
            Answer::Violation => "violation",
            Answer::Unknown => "unknown",
            Answer::Error => "error",
        }
    }
}

/// One program of the corpus and its header.
#[derive(Debug)]
struct Case {
    path: PathBuf,
    class: String,
    /// The truth.
    expect: Answer,
    /// What slamrs is recorded to answer today when it is not the truth.
    answer: Option<Answer>,
    rule: Option<String>,
    witnesses: usize,
    timeout_s: u64,
}

impl Case {
    fn parse(path: &Path, corpus: &Corpus) -> Result<Case, String> {
        let mut class = None;
        let mut expect = None;
        let mut answer = None;
        let mut rule = None;
        let mut cflags = None;
        let mut witnesses = 0;
        for (key, value) in header(path)? {
            let slot = match key.as_str() {
                "class" => &mut class,
                "expect" => &mut expect,
                "answer" => &mut answer,
                "rule" => &mut rule,
                "cflags" => &mut cflags,
                "inputs" => {
                    witnesses += 1;
                    continue;
                }
                // A misspelt key must not pass silently.
                _ => return Err(format!("unknown header key `{key}`")),
            };
            if slot.replace(value).is_some() {
                return Err(format!("header key `{key}` given twice"));
            }
        }
        let class = match class {
            Some(c) if corpus.classes.contains(&c.as_str()) => c,
            other => return Err(format!("`// class:` missing or unknown (got {other:?})")),
        };
        let expect = match expect.as_deref() {
            Some("safe") => Answer::Safe,
            Some("violation") => Answer::Violation,
            other => {
                return Err(format!(
                    "`// expect: safe|violation` missing (got {other:?})"
                ))
            }
        };
        let answer = match answer.as_deref() {
            None => None,
            Some("unknown") => Some(Answer::Unknown),
            Some("error") => Some(Answer::Error),
            Some(other) => return Err(format!("`// answer: {other}` is not unknown|error")),
        };
        if expect == Answer::Violation && witnesses == 0 {
            return Err("a violation needs an `// inputs:` witness line".into());
        }
        Ok(Case {
            path: path.to_path_buf(),
            class,
            expect,
            answer,
            rule,
            witnesses,
            timeout_s: match answer {
                Some(Answer::Unknown) => corpus.timeout_s.min(UNKNOWN_TIMEOUT_S),
                _ => corpus.timeout_s,
            },
        })
    }

    fn args(&self) -> Vec<String> {
        let mut args: Vec<String> = vec!["check".into(), self.path.to_string_lossy().into()];
        if let Some(rule) = &self.rule {
            args.push("--rule".into());
            args.push(rule.clone());
        }
        args.extend(["--format", "json", "--timeout"].map(String::from));
        args.push(self.timeout_s.to_string());
        args
    }

    /// Runs the check: slamrs's answer, and every way the outcome differs from the header.
    fn run(&self) -> Outcome {
        let args = self.args();
        let run = match run_bounded(
            &args,
            Duration::from_secs(self.timeout_s) + GRACE,
            "soundness-ctests-out",
        ) {
            Ok(run) => run,
            Err(e) => {
                return Outcome {
                    answer: None,
                    problems: vec![e],
                    context: format!("  command: slamrs {}", args.join(" ")),
                    secs: (Duration::from_secs(self.timeout_s) + GRACE).as_secs_f64(),
                    slow: false,
                    progress: false,
                }
            }
        };
        let context = format!(
            "  command: slamrs {}\n  exit: {:?}, {:.1} s\n  stdout: {}\n  stderr: {}",
            args.join(" "),
            run.code,
            run.secs,
            tail(&run.stdout, 1500),
            tail(&run.stderr, 1500)
        );
        let mut problems = Vec::new();
        let mut slow = false;
        let mut progress = false;
        if run.stderr.contains("panicked") {
            problems.push("slamrs panicked".into());
        }
        let answer = self.answer_of(&run, &mut problems);
        if let Some(got) = answer {
            let wrong = matches!(
                (self.expect, got),
                (Answer::Safe, Answer::Violation) | (Answer::Violation, Answer::Safe)
            );
            let want = self.answer.unwrap_or(self.expect);
            if wrong {
                problems.push(format!(
                    "WRONG: slamrs answers {}, the truth is {}",
                    got.name(),
                    self.expect.name()
                ));
            } else if got == Answer::Unknown
                && want != Answer::Unknown
                && run.secs >= SLOW_FRACTION * self.timeout_s as f64
            {
                // out of time where it answered when recorded: counted, not failed (a
                // loaded machine); too many of them fail the corpus
                slow = true;
            } else if got == self.expect && self.answer == Some(Answer::Unknown) {
                // decided where UNKNOWN is recorded: progress, listed for the header
                progress = true;
            } else if got != want {
                let why = if self.answer.is_some() {
                    " (recorded in `// answer:`; update the header if this is progress)"
                } else {
                    ""
                };
                problems.push(format!(
                    "slamrs answers {}, expected {}{why}",
                    got.name(),
                    want.name()
                ));
            }
        }
        Outcome {
            answer,
            problems,
            context,
            secs: run.secs,
            slow,
            progress,
        }
    }

    /// The answer of one run, checking that exit status and output agree.
    fn answer_of(&self, run: &Run, problems: &mut Vec<String>) -> Option<Answer> {
        if run.code == Some(2) {
            // Rejected: a located diagnostic, no verdict.
            if !run.stderr.contains(&file_name(&self.path)) {
                problems.push("exit status 2 without a diagnostic naming the file".into());
            }
            return Some(Answer::Error);
        }
        let json = match serde_json::from_str::<Value>(run.stdout.trim()) {
            Ok(json) => json,
            Err(e) => {
                problems.push(format!(
                    "exit status {:?} and stdout is not one JSON object: {e}",
                    run.code
                ));
                return None;
            }
        };
        let (answer, code) = match json["verdict"].as_str() {
            Some("safe") => (Answer::Safe, 0),
            Some("violation") => (Answer::Violation, 10),
            Some("unknown") => (Answer::Unknown, 20),
            other => {
                problems.push(format!("no verdict in the JSON output: {other:?}"));
                return None;
            }
        };
        if run.code != Some(code) {
            problems.push(format!(
                "exit status {:?} does not match the verdict {} (expected {code})",
                run.code,
                answer.name()
            ));
        }
        if answer == Answer::Violation && json["replayed"] != Value::Bool(true) {
            problems.push(format!(
                "a violation without a replayed counterexample (replayed: {})",
                json["replayed"]
            ));
        }
        Some(answer)
    }
}

/// What one program gave.
struct Outcome {
    answer: Option<Answer>,
    problems: Vec<String>,
    context: String,
    secs: f64,
    /// UNKNOWN at (nearly) the timeout where the recorded answer is definitive.
    slow: bool,
    /// The truth where UNKNOWN is recorded (the header should be updated).
    progress: bool,
}

/// Counts per class for the summary table.
#[derive(Default)]
struct Tally {
    correct: usize,
    wrong: usize,
    unknown: usize,
    rejected: usize,
    failed: usize,
}

fn table(rows: &BTreeMap<usize, (String, Tally)>) -> String {
    let mut out = format!(
        "{:<14}{:>8}{:>7}{:>8}{:>9}{:>8}\n",
        "class", "correct", "wrong", "unknown", "rejected", "failed"
    );
    let mut total = Tally::default();
    for (class, t) in rows.values() {
        let _ = writeln!(
            out,
            "{class:<14}{:>8}{:>7}{:>8}{:>9}{:>8}",
            t.correct, t.wrong, t.unknown, t.rejected, t.failed
        );
        total.correct += t.correct;
        total.wrong += t.wrong;
        total.unknown += t.unknown;
        total.rejected += t.rejected;
        total.failed += t.failed;
    }
    let _ = writeln!(
        out,
        "{:<14}{:>8}{:>7}{:>8}{:>9}{:>8}",
        "total", total.correct, total.wrong, total.unknown, total.rejected, total.failed
    );
    out
}

/// The headers alone: parseable, and the corpus keeps a safe and a buggy program per class.
fn headers_are_well_formed(corpus: &Corpus) {
    let files = programs(corpus);
    let mut problems = Vec::new();
    let mut per_class: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for path in &files {
        match Case::parse(path, corpus) {
            Ok(case) => {
                let entry = per_class.entry(case.class.clone()).or_default();
                if case.expect == Answer::Safe {
                    entry.0 += 1;
                } else {
                    entry.1 += 1;
                    assert!(case.witnesses > 0);
                }
                if case.answer == Some(case.expect) {
                    problems.push(format!(
                        "{}: `// answer:` repeats the truth; drop it",
                        file_name(path)
                    ));
                }
            }
            Err(e) => problems.push(format!("{}: {e}", file_name(path))),
        }
    }
    if filter().is_none() {
        if files.len() < corpus.min_programs {
            problems.push(format!(
                "only {} programs (at least {})",
                files.len(),
                corpus.min_programs
            ));
        }
        for class in corpus.classes {
            let (safe, buggy) = per_class.get(*class).copied().unwrap_or_default();
            if safe == 0 || buggy == 0 {
                problems.push(format!(
                    "class {class} has {safe} safe and {buggy} buggy programs (at least 1 each)"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn soundness_headers_are_well_formed() {
    headers_are_well_formed(&SOUNDNESS);
}

#[test]
fn refinement_headers_are_well_formed() {
    headers_are_well_formed(&REFINEMENT);
}

#[test]
fn soundness_programs_answer_as_recorded() {
    answer_as_recorded(&SOUNDNESS);
}

#[test]
fn refinement_programs_answer_as_recorded() {
    answer_as_recorded(&REFINEMENT);
}

fn answer_as_recorded(corpus: &Corpus) {
    let _one = ONE_CORPUS_AT_A_TIME
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let files = programs(corpus);
    let outcomes = parallel(&files, THREADS, |path| match Case::parse(path, corpus) {
        Ok(case) => {
            let outcome = case.run();
            (Some(case), outcome)
        }
        Err(e) => (
            None,
            Outcome {
                answer: None,
                problems: vec![format!("bad header: {e}")],
                context: String::new(),
                secs: 0.0,
                slow: false,
                progress: false,
            },
        ),
    });
    let mut rows: BTreeMap<usize, (String, Tally)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut wrong = Vec::new();
    for (path, (case, outcome)) in files.iter().zip(&outcomes) {
        let name = file_name(path);
        let class = case.as_ref().map_or("?", |c| c.class.as_str());
        let order = corpus
            .classes
            .iter()
            .position(|c| *c == class)
            .unwrap_or(corpus.classes.len());
        let (_, tally) = rows
            .entry(order)
            .or_insert_with(|| (class.to_string(), Tally::default()));
        let expect = case.as_ref().map(|c| c.expect);
        match outcome.answer {
            Some(Answer::Unknown) => tally.unknown += 1,
            Some(Answer::Error) => tally.rejected += 1,
            Some(a) if Some(a) == expect => tally.correct += 1,
            Some(a) => {
                tally.wrong += 1;
                wrong.push(format!(
                    "  {name}: expected {}, got {}",
                    expect.map_or("?", Answer::name),
                    a.name()
                ));
            }
            None => {}
        }
        let got = outcome.answer.map_or("-", Answer::name);
        if outcome.problems.is_empty() {
            eprintln!("ok   {name} ({got}, {:.1} s)", outcome.secs);
        } else {
            tally.failed += 1;
            eprintln!("FAIL {name} ({got}, {:.1} s)", outcome.secs);
            failures.push(format!(
                "{name}: {}\n{}",
                outcome.problems.join("; "),
                outcome.context
            ));
        }
    }
    let listed = |which: fn(&Outcome) -> bool| -> Vec<String> {
        files
            .iter()
            .zip(&outcomes)
            .filter(|(_, (_, o))| which(o))
            .map(|(p, _)| file_name(p))
            .collect()
    };
    let slow = listed(|o| o.slow);
    if !slow.is_empty() {
        eprintln!(
            "out of time where an answer is recorded (not counted as failures up to {:.0}% of the corpus): {}",
            MAX_SLOW_SHARE * 100.0,
            slow.join(", ")
        );
    }
    let decided = listed(|o| o.progress);
    if !decided.is_empty() {
        eprintln!(
            "decided where `// answer: unknown` is recorded (scripts/soundness-answers updates the headers): {}",
            decided.join(", ")
        );
    }
    if slow.len() > 2 && slow.len() as f64 > MAX_SLOW_SHARE * files.len() as f64 {
        failures.push(format!(
            "{} programs ran out of time where an answer is recorded: {}",
            slow.len(),
            slow.join(", ")
        ));
    }
    let summary = table(&rows);
    eprintln!("\n{summary}");
    if !wrong.is_empty() {
        eprintln!("wrong answers:\n{}\n", wrong.join("\n"));
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs failed:\n\n{}\n\n{summary}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}
