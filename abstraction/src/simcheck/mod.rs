//! The abstraction simulation check: a concrete run of the CIR interpreter, mapped through
//! the predicates, must be a path the boolean program (BP) built by predicate abstraction
//! allows. This tests c2bp's soundness on concrete runs, independently of how c2bp works.
//!
//! # The contract with the abstraction
//! - Each CIR function with a body is a BP procedure ([`SimSpec::proc_names`]); the entry
//!   function is the BP procedure `main`.
//! - In a procedure, the code of CIR node `k` starts at the statement labelled `n<k>`; the
//!   code of edge `e` of a node may start at `n<k>_<e>` (required for nodes with several
//!   edges). An edge's code ends at `n<to>`, by returning, by failing an assert (`Error`
//!   edge) or with `assume(0)` (`Halt` edge); between two node labels the code is
//!   loop-free and calls the BP procedure of the CIR callee exactly when the CIR edge calls
//!   a function with a body.
//! - Predicates ([`SimSpec::globals`], [`SimSpec::locals`]) name BP variables (globals, or
//!   formals/locals of the function's procedure) and give their meaning as CIR expressions
//!   (nonzero is true), evaluated in the function's frame.
//!
//! # How a run is checked
//! The checker keeps the SET of BP configurations (vertex, state, call stack) consistent
//! with the run so far, starting at label `n<entry>` of `main` with the concrete valuation
//! there (the BP's initializer code is not simulated). At every node visit of the run it
//! moves the set through BP statements to the vertex labelled `n<k>` (through `n<k>_<e>`
//! for the edge taken, when that label exists), into a BP callee exactly when the run
//! enters the callee and out of it when the run returns, and then keeps only the states
//! whose predicate bits equal the concrete predicate values. A predicate whose value is
//! unknown (uninitialized or undefined memory, or one mentioning the return-value pseudo
//! variable) matches both values; an entry value `\old(g)` is the value `g` had when the
//! frame was entered (the first frame: at the run's first node). `enforce` invariants
//! remove states. An empty set is a [`Violation`]; so is a run that reaches an error (an
//! `Error` edge) where the BP cannot fail its assert, and a return from the entry function
//! the BP cannot follow.
//!
//! Unknown values are wildcards split only when the BP reads them (see `astate.rs`), so they
//! cost nothing until used; an assignment or call argument that can take both values (`*`,
//! an undecided `schoose`) makes its target a wildcard instead of two states. BP variables
//! that are no predicate (the abstraction's temporaries) are forgotten (made wildcards) at
//! every node label: they are scratch within the code of one edge. Forgetting only adds
//! states, so it can hide a violation that depends on a temporary's value across nodes,
//! never invent one. Likewise `enforce` is decided exactly on a state with few wildcards
//! among its variables, and otherwise only excludes states where it is definitely false.
//!
//! The set is capped ([`SET_CAP`] configurations); when a step
//! would exceed the cap, the visit is counted as skipped and the set is re-seeded from the
//! concrete valuation at the next node visit (inside a callee, with unknown callers: their
//! return re-seeds again at the caller's next node). [`SimResult::visits_skipped`] counts
//! the visits not checked this way.

mod astate;
mod conf;
mod prepare;
mod run;

#[cfg(test)]
mod tests;

use crate::cir::{Expr, FuncId, Loc, Program};
use crate::interp::{self, Oracle, Outcome};
use rustc_hash::FxHashMap as HashMap;
use std::fmt;

/// Largest set of BP configurations kept (beyond it, the visit is skipped and re-seeded).
pub const SET_CAP: usize = 4096;

/// What the checker compares: a CIR program, the BP abstraction of it, and the predicates.
pub struct SimSpec<'a> {
    pub prog: &'a Program,
    pub bp: &'a bebop::ast::Program,
    /// The function the runs start in (its BP procedure is `main`).
    pub entry: FuncId,
    /// The BP procedure of every function with a body.
    pub proc_names: HashMap<FuncId, String>,
    /// Global predicates: BP global name, CIR expression.
    pub globals: Vec<(String, Expr)>,
    /// Per function: BP formal/local name, CIR expression (evaluated in the function's frame).
    pub locals: HashMap<FuncId, Vec<(String, Expr)>>,
}

/// What kind of mismatch a [`Violation`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ViolationKind {
    /// The spec itself is unusable: the BP does not check, a procedure or predicate
    /// variable is missing.
    Spec,
    /// The run visits a node whose label `n<k>` is not in the BP procedure.
    MissingLabel,
    /// The BP cannot follow the run's control path (reach the next label, make the call,
    /// return).
    NoPath,
    /// The BP reaches the label, but in no state agreeing with the concrete predicate values.
    Predicates,
    /// The concrete valuation violates the procedure's `enforce` invariant.
    Enforce,
    /// The run reaches an error location where the BP cannot fail.
    MissedError,
}

/// A concrete run the BP does not allow, described for a reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub kind: ViolationKind,
    /// The CIR function, node and edge (index in the node's edges) where it was found.
    pub func: Option<String>,
    pub node: Option<u32>,
    pub edge: Option<usize>,
    /// `file:line:col` of the node or edge.
    pub loc: Option<String>,
    /// The BP label the checker was moving to.
    pub bp_label: Option<String>,
    /// Concrete predicate values at the previous node visit (`None`: unknown).
    pub before: Vec<(String, Option<bool>)>,
    /// Concrete predicate values here.
    pub after: Vec<(String, Option<bool>)>,
    /// What went wrong.
    pub message: String,
}

impl Violation {
    fn plain(kind: ViolationKind, message: String) -> Violation {
        Violation {
            kind,
            func: None,
            node: None,
            edge: None,
            loc: None,
            bp_label: None,
            before: Vec::new(),
            after: Vec::new(),
            message,
        }
    }
}

fn show_vals(vals: &[(String, Option<bool>)]) -> String {
    if vals.is_empty() {
        return "(none)".to_string();
    }
    vals.iter()
        .map(|(n, v)| {
            let v = match v {
                Some(true) => "1",
                Some(false) => "0",
                None => "?",
            };
            format!("{n}={v}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.message)?;
        if let Some(func) = &self.func {
            write!(f, "\n  at `{func}`")?;
            if let Some(n) = self.node {
                write!(f, " node {n}")?;
            }
            if let Some(e) = self.edge {
                write!(f, " edge {e}")?;
            }
            if let Some(loc) = &self.loc {
                write!(f, " ({loc})")?;
            }
        }
        if let Some(l) = &self.bp_label {
            write!(f, "\n  BP label: {l}")?;
        }
        if !self.before.is_empty() || !self.after.is_empty() {
            write!(f, "\n  predicates before: {}", show_vals(&self.before))?;
            write!(f, "\n  predicates now:    {}", show_vals(&self.after))?;
        }
        Ok(())
    }
}

/// The result of checking one run.
#[derive(Clone, Debug)]
pub struct SimResult {
    /// How the interpreter's run ended.
    pub outcome: Outcome,
    /// Edges the run took.
    pub steps: u64,
    /// Node visits checked against the BP.
    pub visits_checked: u64,
    /// Node visits not checked (the set was lost to the cap and re-seeded there).
    pub visits_skipped: u64,
    /// The first mismatch found, if any.
    pub violation: Option<Violation>,
}

/// A spec read once, to check many runs.
pub struct Simulator<'a> {
    prog: &'a Program,
    entry: FuncId,
    pre: prepare::Prepared,
}

impl<'a> Simulator<'a> {
    /// Read `spec`; a [`ViolationKind::Spec`] violation if it is unusable.
    pub fn new(spec: &SimSpec<'a>) -> Result<Simulator<'a>, Box<Violation>> {
        Ok(Simulator {
            prog: spec.prog,
            entry: spec.entry,
            pre: prepare::Prepared::new(spec)?,
        })
    }

    /// Run the program from the spec's entry function with `cfg` (its `entry` is replaced)
    /// and `oracle`, checking the run against the BP.
    pub fn check_run(&self, cfg: &interp::Config, oracle: &mut dyn Oracle) -> SimResult {
        let Some(entry) = self.prog.functions.get(self.entry.0 as usize) else {
            return unusable(Violation::plain(
                ViolationKind::Spec,
                format!("entry function #{} does not exist", self.entry.0),
            ));
        };
        let cfg = interp::Config {
            entry: entry.name.clone(),
            ..cfg.clone()
        };
        let mut sim = run::Sim::new(&self.pre, self.prog);
        let r = interp::run(self.prog, &cfg, oracle, &mut sim);
        sim.finish(&r.outcome);
        SimResult {
            outcome: r.outcome,
            steps: r.steps,
            visits_checked: sim.checked,
            visits_skipped: sim.skipped,
            violation: sim.violation,
        }
    }
}

fn unusable(v: Violation) -> SimResult {
    SimResult {
        outcome: Outcome::Unsupported {
            loc: Loc::default(),
            reason: "the simulation spec is unusable".to_string(),
        },
        steps: 0,
        visits_checked: 0,
        visits_skipped: 0,
        violation: Some(v),
    }
}

/// Check one run of `spec.prog` against `spec.bp` (see the module documentation).
pub fn check_run(spec: &SimSpec, cfg: &interp::Config, oracle: &mut dyn Oracle) -> SimResult {
    match Simulator::new(spec) {
        Ok(sim) => sim.check_run(cfg, oracle),
        Err(v) => unusable(*v),
    }
}
