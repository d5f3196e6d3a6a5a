//! The engines behind `slamrs check --backend`: the CEGAR loop, the mixed symbolic
//! backend, or both at once (the portfolio).
//!
//! The portfolio runs the mixed backend on a second thread, on its own copy of the
//! program, and the CEGAR loop on this one. The first definitive answer stops the other
//! engine: SAFE from a sound run, or a violation after its replay on the interpreter (and
//! then, on this thread, the caller's native confirmation). Two engines that contradict
//! each other are a bug in one of them: the replayed violation is reported, and the
//! disagreement is logged as an error.

use crate::cegar::{self, Confirm, Progress, Verdict};
use crate::mixed;
use slamrs_abstraction::c2bp::PredicateSet;
use slamrs_abstraction::cir::Program;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Which engine decides (`--backend`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Backend {
    /// Predicate abstraction, Bebop and refinement (SLAM), with the directed exploration.
    Cegar,
    /// The F-Soft-style mixed symbolic reachability.
    Mixed,
    /// Both on two threads; the first definitive answer wins.
    Portfolio,
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Backend::Cegar => "cegar",
            Backend::Mixed => "mixed",
            Backend::Portfolio => "portfolio",
        })
    }
}

/// Decides `prog` with `backend`.
pub fn run(
    backend: Backend,
    prog: &mut Program,
    initial: PredicateSet,
    copts: &cegar::Options,
    mopts: &mixed::Options,
    progress: &mut dyn FnMut(&Progress),
    confirm: &mut Confirm,
) -> cegar::Outcome {
    match backend {
        Backend::Cegar => cegar::run(prog, initial, copts, progress, confirm),
        Backend::Mixed => mixed::run(prog, mopts, confirm),
        Backend::Portfolio => portfolio(prog, initial, copts, mopts, progress, confirm),
    }
}

fn portfolio(
    prog: &mut Program,
    initial: PredicateSet,
    copts: &cegar::Options,
    mopts: &mixed::Options,
    progress: &mut dyn FnMut(&Progress),
    confirm: &mut Confirm,
) -> cegar::Outcome {
    let stop_cegar = Arc::new(AtomicBool::new(false));
    let stop_mixed = Arc::new(AtomicBool::new(false));
    let mut copts = copts.clone();
    copts.stop = Some(stop_cegar.clone());
    let mut mopts = mopts.clone();
    mopts.cancel = stop_mixed.clone();
    let mut mprog = prog.clone();
    let (cegar_out, (mfound, mstats)) = std::thread::scope(|s| {
        let mixed = std::thread::Builder::new()
            .name("mixed".into())
            .spawn_scoped(s, || {
                let (found, stats) = mixed::find(&mut mprog, &mopts);
                if matches!(found, mixed::Found::Safe | mixed::Found::Violation(_)) {
                    stop_cegar.store(true, Ordering::Release);
                }
                (found, stats)
            })
            .expect("cannot start the mixed backend's thread");
        let out = cegar::run(prog, initial, &copts, progress, confirm);
        if matches!(out.verdict, Verdict::Safe | Verdict::Violation(_)) {
            stop_mixed.store(true, Ordering::Release);
        }
        let m = mixed.join().unwrap_or_else(|_| {
            (
                mixed::Found::Unknown("internal error: the mixed backend panicked".into()),
                Default::default(),
            )
        });
        (out, m)
    });
    let mut stats = cegar_out.stats.clone();
    stats.mixed = mstats.mixed.clone();
    match (&cegar_out.verdict, mfound) {
        (Verdict::Violation(_), m) => {
            if matches!(m, mixed::Found::Safe) {
                tracing::error!("the engines disagree: the CEGAR loop found a replayed violation, the mixed backend proved the error unreachable");
            }
            cegar::Outcome { stats, ..cegar_out }
        }
        (Verdict::Safe, mixed::Found::Violation(cex)) => {
            tracing::error!("the engines disagree: the mixed backend found a replayed violation, the CEGAR loop proved the error unreachable");
            let out = mixed::outcome(&mprog, mixed::Found::Violation(cex), stats, confirm);
            if matches!(out.verdict, Verdict::Violation(_)) {
                *prog = mprog;
            }
            out
        }
        (Verdict::Safe, _) => cegar::Outcome { stats, ..cegar_out },
        (Verdict::Unknown(why), m) => {
            let why = why.clone();
            let out = mixed::outcome(&mprog, m, stats, confirm);
            match out.verdict {
                Verdict::Violation(_) => {
                    *prog = mprog;
                    out
                }
                Verdict::Safe => out,
                Verdict::Unknown(mwhy) => cegar::Outcome {
                    verdict: Verdict::Unknown(format!("{why}; mixed backend: {mwhy}")),
                    stats: out.stats,
                    ..cegar_out
                },
            }
        }
    }
}
