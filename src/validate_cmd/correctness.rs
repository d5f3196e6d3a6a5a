//! Validation of correctness witnesses: their claims must prove the program correct.
//!
//! Each claim of the witness is placed in the program (instrumented for the rule or
//! property, as `check` does): a loop invariant at the loop head on its line (the one its
//! column points into, when several are), a location invariant at the first program point
//! on its line, a function contract at the function it names. Then
//! [`certificate::check`] decides, with Z3, whether the claims are inductive and exclude
//! every error: CONFIRMED (exit 0: the program is correct), REJECTED with the segment whose
//! obligation fails (exit 20), or UNKNOWN where Z3 could not decide (exit 20). A claim
//! that cannot be placed is left out and said so; a claim that does not parse is bad
//! input (exit 2).

use serde::Serialize;
use slamrs_abstraction::analysis::Analyses;
use slamrs_abstraction::certificate::check::{self as cert_check, Goal, GoalKind, Outcome, Start};
use slamrs_abstraction::certificate::{self as certificate, Claim, Site};
use slamrs_abstraction::cir::{FuncId, Loc, Program};

use super::{load, read_and_validate, Loaded, ValidateArgs, ValidateFormat};
use crate::exit;
use crate::witness::invariants::{self, Correctness, Invariant, InvariantKind};
use crate::witness::sha256_hex;

/// The validator's answer for a correctness witness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CorrectnessValidation {
    pub witness: String,
    /// Always `correctness`.
    pub kind: String,
    /// `confirmed`, `rejected` or `unknown`.
    pub result: String,
    pub reason: String,
    /// Claims in the witness (a contract's `requires` and `ensures` count one each), and
    /// how many of them were placed in the program and checked.
    pub claims: usize,
    pub placed: usize,
    /// Claims that could not be placed, with why.
    pub unplaced: Vec<String>,
    /// Proof obligations Z3 decided (when confirmed).
    pub obligations: usize,
}

/// Validates the correctness witness `text`; returns the exit status.
pub fn run(args: &ValidateArgs, text: &str) -> u8 {
    let v = match read_and_validate(args, text, invariants::read, validate) {
        Ok(v) => v,
        Err(code) => return code,
    };
    match args.format {
        ValidateFormat::Text => {
            for u in &v.unplaced {
                eprintln!("warning: claim not used: {u}");
            }
            println!(
                "{}: {} ({} of {} claims placed{})",
                v.result.to_uppercase(),
                v.reason,
                v.placed,
                v.claims,
                if v.result == "confirmed" {
                    format!("; {} obligations proved by Z3", v.obligations)
                } else {
                    String::new()
                }
            );
        }
        ValidateFormat::Json => println!("{}", serde_json::to_string(&v).unwrap_or_default()),
    }
    if v.result == "confirmed" {
        exit::SAFE
    } else {
        exit::UNKNOWN
    }
}

fn validate(args: &ValidateArgs, w: &Correctness) -> Result<CorrectnessValidation, String> {
    let mut v = CorrectnessValidation {
        witness: args.witness.display().to_string(),
        kind: "correctness".into(),
        result: "rejected".into(),
        reason: String::new(),
        claims: 0,
        placed: 0,
        unplaced: Vec::new(),
        obligations: 0,
    };
    let bytes =
        std::fs::read(&args.file).map_err(|e| format!("error: {}: {e}", args.file.display()))?;
    if let Some(h) = &w.program_hash {
        let ours = sha256_hex(&bytes);
        if !h.eq_ignore_ascii_case(&ours) {
            v.reason =
                format!("the witness is for another program (its hash {h}, this file's {ours})");
            return Ok(v);
        }
    }
    let Loaded {
        mut prog, entry, ..
    } = load(args, w.data_model.as_deref())?;
    let Some(entry_func) = prog
        .func_by_name(&entry)
        .filter(|&f| prog.func(f).body.is_some())
    else {
        return Err(format!("error: entry function `{entry}` is not defined"));
    };
    // the claims, placed
    let mut claims: Vec<Claim> = Vec::new();
    let mut sources: Vec<&Invariant> = Vec::new();
    for inv in &w.invariants {
        let texts: Vec<(Option<Site>, &str)> = match &inv.kind {
            InvariantKind::Loop { value } | InvariantKind::Location { value } => {
                vec![(None, value.as_str())]
            }
            InvariantKind::Contract { requires, ensures } => requires
                .iter()
                .map(|r| (Some(Site::Requires), r.as_str()))
                .chain(ensures.iter().map(|e| (Some(Site::Ensures), e.as_str())))
                .collect(),
        };
        for (site, text) in texts {
            v.claims += 1;
            match place(&prog, inv, site) {
                Ok((func, site)) => {
                    claims.push(Claim {
                        func,
                        site,
                        text: text.to_string(),
                        loc: Loc {
                            line: inv.location.line,
                            col: inv.location.column,
                            ..Loc::default()
                        },
                    });
                    sources.push(inv);
                }
                Err(why) => v.unplaced.push(format!(
                    "{}:{}: {why}",
                    inv.location.file, inv.location.line
                )),
            }
        }
    }
    v.placed = claims.len();
    let an = Analyses::compute(&prog);
    let outcome = cert_check::check(
        &mut prog,
        &an,
        entry_func,
        &claims,
        &cert_check::Options::default(),
    )
    .map_err(|e| {
        let inv = sources[e.claim];
        format!(
            "error: {}:{}:{}: the claim `{}` does not parse in `{}`: {}",
            args.witness.display(),
            inv.location.line,
            inv.location.column.max(1),
            claims[e.claim].text,
            prog.func(claims[e.claim].func).name,
            e.message
        )
    })?;
    match outcome {
        Outcome::Proved {
            obligations,
            functions,
        } => {
            v.result = "confirmed".into();
            v.obligations = obligations;
            v.reason = format!(
                "the witness's claims are inductive and exclude every error ({functions} function{} checked)",
                if functions == 1 { "" } else { "s" }
            );
        }
        Outcome::NotInductive(ob) => {
            let example = if ob.example.is_empty() {
                String::new()
            } else {
                let vals: Vec<String> = ob
                    .example
                    .iter()
                    .map(|(n, v)| format!("{n} = {v}"))
                    .collect();
                format!(", e.g. from {}", vals.join(", "))
            };
            let what = match ob.goal {
                Some(g) => goal(&prog, ob.func, g),
                None => "what must hold after it (a loop invariant, a contract, or that no error is reached)".into(),
            };
            v.reason = format!(
                "{} does not establish {what}{example}",
                segment(&prog, ob.func, ob.start, ob.loc)
            );
        }
        Outcome::Unknown(ob, why) => {
            v.result = "unknown".into();
            v.reason = format!(
                "{} could not be decided: {why}",
                segment(&prog, ob.func, ob.start, ob.loc)
            );
        }
    }
    Ok(v)
}

/// Where a claim goes: its function and site (`site` given for a contract's halves).
fn place(prog: &Program, inv: &Invariant, site: Option<Site>) -> Result<(FuncId, Site), String> {
    let loc = &inv.location;
    let func = if !loc.function.is_empty() {
        prog.func_by_name(&loc.function)
            .filter(|&f| prog.func(f).body.is_some())
            .ok_or_else(|| format!("no function `{}` with a body", loc.function))?
    } else {
        function_at(prog, loc.line).ok_or_else(|| format!("no function at line {}", loc.line))?
    };
    if let Some(site) = site {
        return Ok((func, site));
    }
    let column = (loc.column > 0).then_some(loc.column);
    if let (InvariantKind::Loop { .. }, Some(h)) = (
        &inv.kind,
        certificate::loop_at(prog, func, loc.line, column),
    ) {
        return Ok((func, Site::Loop(h)));
    }
    // a location invariant, or a loop slamrs sees elsewhere: the first program point on
    // the line, which becomes a cut point of the check
    certificate::point_at(prog, func, loc.line, column)
        .map(|n| (func, Site::Loop(n)))
        .ok_or_else(|| {
            format!(
                "no program point of `{}` at line {}",
                prog.func(func).name,
                loc.line
            )
        })
}

/// The function with a body that has a statement at `line`.
fn function_at(prog: &Program, line: u32) -> Option<FuncId> {
    prog.func_ids().find(|&f| {
        prog.func(f)
            .body
            .as_ref()
            .is_some_and(|b| b.edges().any(|(_, e)| e.loc.line == line))
    })
}

/// Names a segment's start for a message.
/// What the segment of `f` must establish at the end that fails.
fn goal(prog: &Program, f: FuncId, g: Goal) -> String {
    let at = prog.loc_string(g.loc);
    match g.kind {
        GoalKind::LoopInvariant => format!("the loop invariant at {at}"),
        GoalKind::Ensures => format!(
            "the postcondition of `{}` at the return at {at}",
            prog.func(f).name
        ),
        GoalKind::Requires(callee) => format!(
            "the precondition of `{}` at the call at {at}",
            prog.func(callee).name
        ),
        GoalKind::NoError => format!("that the error at {at} is not reached"),
    }
}

fn segment(prog: &Program, f: FuncId, start: Start, loc: Loc) -> String {
    let name = &prog.func(f).name;
    match start {
        Start::Initial => format!("the initial state of `{name}`"),
        Start::Entry => format!("the entry of `{name}` under its precondition"),
        Start::Loop(_) => format!(
            "the loop head at {} in `{name}` under its invariant",
            prog.loc_string(loc)
        ),
    }
}
