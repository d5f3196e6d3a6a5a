//! Concrete search for a violation, for when refinement stalls: runs of the CIR
//! interpreter in machine integers with seeded random inputs, allocations that may fail
//! sometimes failing. Runs take turns between distributions (a swarm, [`SWARM`]): the
//! program's own integer constants and their neighbours mixed with small values, the
//! type's extremes and uniform ones; that with zero half of the time; values uniform in
//! `0..=1`, `0..=3`, `0..=7` (the choices of an environment loop). So a bug any
//! concrete run finds is not answered UNKNOWN because no predicate explained a spurious
//! path. A run that reaches the error is replayed from its recorded choices exactly like a
//! path formula's model ([`crate::replay::replay`]), so what it returns is an ordinary
//! counterexample with its trace, which the caller still confirms natively.
//!
//! Uninitialized values and inline-assembly outputs are 0 in these runs (what the compiled
//! program of a native replay reads where it cannot be given a value); the library
//! models' own choices are 0, as in every interpreter run.

use crate::encode::{Choice, ChoiceKind};
use crate::replay::{replay, Counterexample, Replay};
use slamrs_abstraction::cir::{
    AllocId, Expr, ExprKind, HavocKind, Loc, Lval, Program, Stmt, Ty, TypeKind,
};
use slamrs_abstraction::interp::{
    self, Config, IntMode, NoObserver, Oracle, Outcome, RandomOracle, Recording,
};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// How much searching to do.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Most runs.
    pub runs: u64,
    /// Wall-clock time for all runs together.
    pub time: Duration,
    /// Runs made even past `time` (seeds 0 to `min_runs - 1`): what the search finds then
    /// does not depend on how fast the machine is.
    pub min_runs: u64,
    /// Most interpreter steps per run.
    pub max_steps: u64,
    /// Probability that an allocation that may fail does.
    pub alloc_fail_probability: f64,
    /// Set by another thread to end the search (checked between runs, before `min_runs`
    /// too).
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            runs: 1_000_000,
            time: Duration::from_secs(10),
            min_runs: 0,
            max_steps: 200_000,
            alloc_fail_probability: 0.1,
            stop: None,
        }
    }
}

/// What the search did.
#[derive(Clone, Debug)]
pub struct Searched {
    /// A replayed counterexample, if a run reached the error.
    pub found: Option<Counterexample>,
    /// Runs made.
    pub runs: u64,
}

/// Most constants of the program the search draws from.
const MAX_CONSTANTS: usize = 512;

/// The integer constants the program's conditions, assignments, calls and returns
/// mention, each with its neighbours (`c - 1`, `c`, `c + 1`): the values at which its
/// branches change.
fn constants(prog: &Program) -> Vec<i128> {
    fn expr(e: &Expr, out: &mut BTreeSet<i128>) {
        match &e.kind {
            ExprKind::Int(n) => {
                for d in [-1, 0, 1] {
                    out.insert(n.saturating_add(d));
                }
            }
            ExprKind::Read(lv) | ExprKind::AddrOf(lv) => lval(lv, out),
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => expr(a, out),
            ExprKind::Binary(_, a, b) => {
                expr(a, out);
                expr(b, out);
            }
            _ => {}
        }
    }
    fn lval(lv: &Lval, out: &mut BTreeSet<i128>) {
        match lv {
            Lval::Var(_) => {}
            Lval::Deref(e) => expr(e, out),
            Lval::Field(b, ..) => lval(b, out),
            Lval::Index(b, i) => {
                lval(b, out);
                expr(i, out);
            }
        }
    }
    let mut out = BTreeSet::new();
    for f in prog.func_ids() {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        for (_, e) in body.edges() {
            match &e.stmt {
                Stmt::Assume(c) => expr(c, &mut out),
                Stmt::Assign { rhs, .. } => expr(rhs, &mut out),
                Stmt::Call { args, .. } => args.iter().for_each(|a| expr(a, &mut out)),
                Stmt::Return(Some(r)) => expr(r, &mut out),
                _ => {}
            }
        }
    }
    out.into_iter().take(MAX_CONSTANTS).collect()
}

/// How run `k` draws its integer inputs: `SWARM[k % SWARM.len()]`. A swarm of runs with
/// different distributions instead of one: an environment that asks `if (nondet())` before
/// each step and `switch (nondet())` for which routine to call (a driver harness, an OS
/// model deciding whether an allocation fails) takes a long sequence of particular
/// branches only when its inputs are drawn from a few small values, which the wide
/// distribution almost never does several times in a row.
const SWARM: [Swarm; 5] = [
    Swarm::Wide,
    Swarm::HalfZero,
    Swarm::UpTo(1),
    Swarm::UpTo(3),
    Swarm::UpTo(7),
];

/// One distribution of a run's integer inputs (see [`SWARM`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Swarm {
    /// Half the program's constants, half [`RandomOracle`]'s small, extreme and uniform
    /// values.
    Wide,
    /// Zero half of the time, [`Swarm::Wide`] otherwise.
    HalfZero,
    /// Uniform in `0..=n`.
    UpTo(u64),
}

/// Random inputs, with uninitialized values and assembly outputs 0.
struct SearchOracle<'c> {
    random: RandomOracle,
    /// The program's constants (see [`constants`]), drawn for half of the inputs.
    constants: &'c [i128],
    /// xorshift state choosing between zero, the constants and [`RandomOracle`].
    state: u64,
    /// This run's distribution of integer inputs.
    swarm: Swarm,
    /// Random values drawn (inputs other than the models' choices, allocation outcomes):
    /// a run that draws none is the same run with every seed.
    draws: u64,
}

/// The next number of a xorshift64 generator with `state` (nonzero), for seeded choices
/// that need no statistical quality.
pub(crate) fn xorshift64(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

impl Oracle for SearchOracle<'_> {
    fn next(&mut self, why: &HavocKind, ty: Ty, prog: &Program, loc: Loc) -> Option<i128> {
        match why {
            HavocKind::Input(f) if f == slamrs_abstraction::frontend::models::CHOICE => Some(0),
            HavocKind::Input(_) => {
                self.draws += 1;
                let r = xorshift64(&mut self.state);
                let int = matches!(prog.types.kind(ty), TypeKind::Int(_));
                match self.swarm {
                    Swarm::UpTo(n) if int => return Some(i128::from((r >> 32) % (n + 1))),
                    Swarm::HalfZero if int && (r >> 32).is_multiple_of(2) => return Some(0),
                    _ => {}
                }
                if !self.constants.is_empty() && r.is_multiple_of(2) {
                    let i = (r / 2) as usize % self.constants.len();
                    return Some(self.constants[i]);
                }
                self.random.next(why, ty, prog, loc)
            }
            HavocKind::Uninit | HavocKind::Opaque(_) => Some(0),
        }
    }

    fn alloc_fails(&mut self, site: AllocId) -> bool {
        self.draws += 1;
        self.random.alloc_fails(site)
    }
}

/// Runs `prog` from `entry` with seeds 0, 1, … until a run reaches the error or the budget
/// is spent.
pub fn random_runs(prog: &Program, entry: &str, budget: &Budget) -> Searched {
    let _span = tracing::info_span!("search", runs = budget.runs).entered();
    let start = Instant::now();
    let cfg = Config {
        int_mode: IntMode::Machine,
        max_steps: budget.max_steps,
        max_depth: 10_000,
        entry: entry.to_string(),
        record_path: false,
        objects_apart: false,
    };
    let pool = constants(prog);
    let mut runs = 0;
    let stopped = || {
        budget
            .stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    };
    while runs < budget.runs
        && (runs < budget.min_runs || start.elapsed() < budget.time)
        && !stopped()
    {
        let mut inner = SearchOracle {
            random: RandomOracle::new(runs)
                .with_alloc_fail_probability(budget.alloc_fail_probability),
            constants: &pool,
            state: runs.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
            swarm: SWARM[(runs % SWARM.len() as u64) as usize],
            draws: 0,
        };
        let mut oracle = Recording::new(&mut inner);
        let run = interp::run(prog, &cfg, &mut oracle, &mut NoObserver);
        runs += 1;
        if !matches!(run.outcome, Outcome::Error { .. }) {
            let recorded = oracle.choices.len();
            drop(oracle);
            if inner.draws == 0 {
                tracing::debug!(
                    recorded,
                    "the program draws no random value: one run decides"
                );
                break;
            }
            continue;
        }
        let (choices, values) = as_model(&oracle.choices);
        match replay(
            prog,
            entry,
            &choices,
            &values,
            Default::default(),
            budget.max_steps,
            None,
        ) {
            Replay::Reached(cex) => {
                tracing::info!(runs, "a random run reached the error");
                return Searched {
                    found: Some(cex),
                    runs,
                };
            }
            Replay::Missed(why, ..) => {
                // the same choices must take the same run: a bug in the interpreter
                tracing::warn!(%why, "the replay of a run that reached the error missed it");
            }
        }
    }
    tracing::info!(
        runs,
        ms = start.elapsed().as_millis() as u64,
        "no run reached the error"
    );
    Searched { found: None, runs }
}

/// A run's recorded choices as the choices and values of a model, for [`replay`].
pub(crate) fn as_model(recorded: &[interp::Choice]) -> (Vec<Choice>, Vec<i128>) {
    let mut choices = Vec::new();
    let mut values = Vec::new();
    for c in recorded {
        let (kind, value) = match c {
            interp::Choice::Input { func, value } => (ChoiceKind::Input(func.clone()), *value),
            interp::Choice::Uninit { loc, value } => (ChoiceKind::Uninit(*loc), *value),
            interp::Choice::Opaque { what, loc, value } => {
                (ChoiceKind::Opaque(*what, *loc), *value)
            }
            interp::Choice::Alloc { site, fails } => {
                (ChoiceKind::AllocFails(*site), i128::from(*fails))
            }
            // read from memory again by address, not a choice in order
            interp::Choice::EnvMemory { .. } => continue,
        };
        choices.push(Choice {
            step: None,
            kind,
            sym: 0,
        });
        values.push(value);
    }
    (choices, values)
}

#[cfg(test)]
mod tests {
    use super::{random_runs, Budget};
    use slamrs_abstraction::frontend::{load_text, LoadOptions};

    fn search(src: &str) -> bool {
        let prog = load_text("t.c", src.into(), &LoadOptions::default()).expect("loads");
        let budget = Budget {
            runs: 2_000,
            ..Budget::default()
        };
        random_runs(&prog, "main", &budget).found.is_some()
    }

    #[test]
    fn finds_a_bug_behind_recursion() {
        let src = "extern void reach_error(void);\n\
                   void f(int n) { if (n < 3) return; n--; f(n); reach_error(); }\n\
                   int main(void) { f(4); return 0; }";
        assert!(search(src));
    }

    #[test]
    fn finds_a_bug_behind_an_input_extreme() {
        let src = "extern void reach_error(void); extern int __VERIFIER_nondet_int(void);\n\
                   int main(void) { int x = __VERIFIER_nondet_int();\n\
                   if (x == 2147483647) reach_error(); return 0; }";
        assert!(search(src));
    }

    #[test]
    fn finds_a_bug_behind_a_constant_of_the_program() {
        let src = "extern void reach_error(void); extern int __VERIFIER_nondet_int(void);\n\
                   int main(void) { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();\n\
                   if (x == 1234 && y == 77) reach_error(); return 0; }";
        assert!(search(src));
    }

    /// An environment model: setup that fails unless an input is 0, then a loop calling one
    /// of two routines while an input says so; the bug needs two reads before a tick.
    #[test]
    fn finds_a_bug_behind_a_sequence_of_environment_choices() {
        let src = "extern void reach_error(void); extern int __VERIFIER_nondet_int(void);\n\
                   int reads, ticks;\n\
                   void read(void) { reads++; }\n\
                   void tick(void) { ticks++; if (reads > 1 && ticks == 1) reach_error(); }\n\
                   int main(void) {\n\
                     if (__VERIFIER_nondet_int()) return 1;\n\
                     while (__VERIFIER_nondet_int()) {\n\
                       switch (__VERIFIER_nondet_int()) {\n\
                       case 0: read(); break; case 1: tick(); break; }\n\
                     }\n\
                     return 0; }";
        let prog = load_text("t.c", src.into(), &LoadOptions::default()).expect("loads");
        let budget = Budget {
            runs: 40, // the wide distribution alone needs 89 (seeds 0, 1, ...)
            ..Budget::default()
        };
        assert!(random_runs(&prog, "main", &budget).found.is_some());
    }

    #[test]
    fn finds_nothing_in_a_safe_program() {
        let src = "extern void reach_error(void); extern int __VERIFIER_nondet_int(void);\n\
                   int main(void) { int x = __VERIFIER_nondet_int(); int y = x;\n\
                   if (x != y) reach_error(); return 0; }";
        assert!(!search(src));
    }
}
