//! What a driver's PASS covers: a rule that holds because an entry point never runs
//! checked nothing about that entry point, and saying PASS would hide it (a module whose
//! init always fails, a device that is never created).
//!
//! The boolean program that proved the rule over-approximates the driver in its harness,
//! so an entry point whose procedure it cannot reach never runs in any execution: Bebop
//! decides, for each of the harness's units (an entry point's call) other than the first
//! (`DriverEntry`, `module-init`, which always run), whether the first statement of its
//! procedure is reachable. An entry point it can reach may still never run concretely,
//! but then the proof covered it anyway (it holds on every abstract path through it).

use bebop::cfg::Cfg;
use bebop::driver::{decide, Engine};
use bebop::reach::{Outcome as BpOutcome, Target};
use bebop::symbolic::SymbolicOptions;
use slamrs_abstraction::harness::Role;

use crate::cegar::ProvedBy;
use slamrs_abstraction::cir::Program;

/// One of the harness's units: its function, the entry point's role and routine.
pub type Unit = (String, Role, String);

/// The entry points (role name and routine) that the proof shows never run, in the
/// harness's order; empty when every one may run or the proof cannot tell.
pub fn never_run(proved: &ProvedBy, prog: &Program, units: &[Unit]) -> Vec<String> {
    let Ok(cfg) = Cfg::build(&proved.abstraction.program) else {
        return Vec::new();
    };
    units
        .iter()
        .filter(|(_, role, _)| !matches!(role, Role::DriverEntry | Role::ModuleInit))
        .filter(|(unit, ..)| unreachable(&cfg, proved, prog, unit))
        .map(|(_, role, routine)| format!("{} {routine}", role.name()))
        .collect()
}

/// Whether the boolean program cannot reach the procedure of the function `unit`.
fn unreachable(cfg: &Cfg, proved: &ProvedBy, prog: &Program, unit: &str) -> bool {
    let Some(f) = prog.func_by_name(unit) else {
        return false;
    };
    let Some(sig) = proved.abstraction.procs.get(&f) else {
        return false;
    };
    let Some(first) = cfg
        .procs
        .iter()
        .find(|p| p.name == sig.name)
        .map(|p| p.first)
    else {
        return false;
    };
    let engine = Engine::Bdd(SymbolicOptions::default());
    let (outcome, _) = decide(cfg, &Target::Vertices(vec![first]), &engine);
    matches!(outcome, BpOutcome::Unreachable)
}

/// The reason of the answer that replaces a PASS whose proof leaves `never` out.
pub fn reason(never: &[String]) -> String {
    format!(
        "the rule holds, but only because {} never run{} in the harness (the proof shows {} unreachable), so nothing was checked about {}",
        never.join(", "),
        if never.len() == 1 { "s" } else { "" },
        if never.len() == 1 { "it" } else { "them" },
        if never.len() == 1 { "it" } else { "them" },
    )
}

/// The warning for each routine the driver registers whose body is in none of the files
/// given ([`EntryMap::missing`](slamrs_abstraction::harness::EntryMap::missing)).
pub(crate) fn missing_warnings(map: &slamrs_abstraction::harness::EntryMap) -> Vec<String> {
    map.missing
        .iter()
        .map(|e| {
            format!(
                "warning: {}: `{}` is registered ({}) but its body is in none of the files given: pass the file that defines it (the check runs without it)",
                e.at.as_deref().unwrap_or("?"),
                e.function,
                e.role.name()
            )
        })
        .collect()
}

/// Why a rule that holds for the routines given says nothing about `missing` ones.
pub fn missing_reason(map: &slamrs_abstraction::harness::EntryMap) -> Option<String> {
    if map.missing.is_empty() {
        return None;
    }
    let names: Vec<String> = map
        .missing
        .iter()
        .map(|e| format!("`{}`", e.function))
        .collect();
    let one = names.len() == 1;
    Some(format!(
        "the rule holds for the routines given, but {} registered by the driver {} no body in the files given, so nothing was checked about {}: pass the file that defines {}",
        names.join(", "),
        if one { "has" } else { "have" },
        if one { "it" } else { "them" },
        if one { "it" } else { "them" },
    ))
}
