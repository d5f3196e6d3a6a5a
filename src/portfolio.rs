//! The engines behind `slamrs check --backend`: the CEGAR loop, the mixed symbolic
//! backend, or both at once (the portfolio).
//!
//! The portfolio runs the mixed backend on a second thread (a one-thread rayon pool), on
//! its own copy of the program and at a lower priority, and the CEGAR loop on this one.
//! The first definitive answer stops the other
//! engine: SAFE from a sound run, or a violation after its replay on the interpreter (and
//! then, on this thread, the caller's native confirmation). Two engines that contradict
//! each other are a bug in one of them: the replayed violation is reported, and the
//! disagreement is logged as an error.

use crate::cegar::{self, Confirm, Progress, Verdict};
use crate::mixed;
use crate::reason::{Reason, ReasonKind};
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

/// Nice value of the mixed backend's thread: the CEGAR loop, the primary engine, gets the
/// processor first where the two compete for it (more jobs than cores), and the mixed
/// backend the time it leaves.
const MIXED_NICE: i32 = 10;

/// Lowers the calling thread's scheduling priority to [`MIXED_NICE`] (Linux: the nice
/// value is per thread).
fn lower_priority() {
    // SAFETY: gettid and setpriority have no memory effects; failure leaves the priority.
    let tid = unsafe { libc::syscall(libc::SYS_gettid) };
    let r = unsafe { libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, MIXED_NICE) };
    if r != 0 {
        tracing::debug!("cannot lower the mixed backend's priority");
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
    // the mixed backend on a rayon pool of its own (one thread at a lower priority: the
    // global pool's threads stay with the abstraction), with its own copy of the program;
    // its job is not waited for once the CEGAR loop has answered (dropping the pool does
    // not wait; the search sees the stop at its next check)
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .thread_name(|_| "mixed".into())
        .start_handler(|_| lower_priority())
        .build();
    let pool = match pool {
        Ok(p) => p,
        Err(e) => {
            tracing::warn!("cannot start the mixed backend's thread: {e}");
            return cegar::run(prog, initial, &copts, progress, confirm);
        }
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let mprog = prog.clone();
    let mthread_opts = mopts.clone();
    let stop = stop_cegar.clone();
    let bounds = copts.bounds.clone();
    pool.spawn(move || {
        let mut mprog = mprog;
        let (found, stats) = mixed::find(&mut mprog, &mthread_opts);
        // a path to a bound (the environment model's, the rule's `giveup`) is no answer:
        // the CEGAR loop goes on, and may find a violation within the bounds
        let answer = match &found {
            mixed::Found::Safe => true,
            mixed::Found::Violation(cex) => {
                !bounds.contains(&cex.error_loc)
                    && slamrs_abstraction::harness::model_bound(&mprog.func(cex.error_func).name)
                        .is_none()
            }
            mixed::Found::Unknown(_) => false,
        };
        if answer {
            stop.store(true, Ordering::Release);
        }
        let _ = tx.send((found, stats, mprog));
    });
    drop(pool);
    let cegar_out = cegar::run(prog, initial, &copts, progress, confirm);
    let definitive = matches!(cegar_out.verdict, Verdict::Safe | Verdict::Violation(_));
    let (mfound, mstats, mprog) = if definitive {
        stop_mixed.store(true, Ordering::Release);
        // an answer the mixed backend already has is still compared
        rx.try_recv().unwrap_or_else(|_| {
            (
                mixed::Found::Unknown(Reason::new(
                    ReasonKind::Cancelled,
                    "the CEGAR loop answered first",
                )),
                Default::default(),
                prog.clone(),
            )
        })
    } else {
        rx.recv().unwrap_or_else(|_| {
            (
                mixed::Found::Unknown(Reason::new(
                    ReasonKind::InternalError,
                    "internal error: the mixed backend's thread ended",
                )),
                Default::default(),
                prog.clone(),
            )
        })
    };
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
                    verdict: Verdict::Unknown(why.and(format_args!("mixed backend: {mwhy}"))),
                    stats: out.stats,
                    ..cegar_out
                },
            }
        }
    }
}
