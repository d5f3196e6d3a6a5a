//! The watchdog of `slamrs check`: ends the process with an UNKNOWN report (typed reason
//! `timeout` or `memory-limit`) when the time or memory limit passes in the middle of a
//! phase, unless the run has begun its own report.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::reason::{Reason, ReasonKind};
use crate::report::emit::Emit;
use crate::report::model::{CheckReport, Checked, EntryPoint, SdvStatus, Status};

/// What the watchdog needs to report an interrupted run.
#[derive(Clone, Debug, Default)]
pub(super) struct Snapshot {
    /// The driver's entry points, once known (its report carries them).
    pub entry_points: Vec<EntryPoint>,
    pub iteration: usize,
    pub predicates: usize,
    /// The phase times and counters as the last progress report had them.
    pub phases: Option<crate::cegar::PhaseTimes>,
    pub z3_queries: u64,
    pub cache_hits: u64,
    pub peak_bdd_nodes: u64,
    pub peak_rss_mb: u64,
    /// The run has its answer and is reporting it: the watchdog stands down (one report,
    /// one exit status).
    pub done: bool,
}

/// Takes the right to report from the watchdog: after this returns, the watchdog prints
/// nothing and exits no more (if it has already begun, it holds the lock and ends the
/// process before this returns).
pub(super) fn stand_down(snapshot: &Mutex<Snapshot>) {
    if let Ok(mut s) = snapshot.lock() {
        s.done = true;
    }
}

/// Resident memory of this process in MB (0 if unknown).
pub(crate) fn rss_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map(|kb| kb / 1024)
        .unwrap_or(0)
}

/// What the watchdog reports an interrupted run with.
pub(super) struct Watched {
    pub file: String,
    pub checked: Checked,
    pub emit: Emit,
    pub driver: bool,
    pub progress: indicatif::ProgressBar,
}

/// Ends the process with an unknown verdict when the time or memory limit is passed in
/// the middle of a phase (the CEGAR loop itself checks the deadline between phases).
pub(super) fn start(
    memory_limit: Option<u64>,
    w: Watched,
    deadline: Option<Instant>,
    snapshot: Arc<Mutex<Snapshot>>,
) {
    let limit = memory_limit;
    let grace = Duration::from_millis(500);
    let start = Instant::now();
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(100));
        let rss = rss_mb();
        // the lock is held until the process ends when the limit is passed, so the run
        // cannot begin its own report meanwhile
        let Ok(mut snap) = snapshot.lock() else {
            return;
        };
        if snap.done {
            return;
        }
        snap.peak_rss_mb = snap.peak_rss_mb.max(rss);
        let reason = if limit.is_some_and(|l| rss > l) {
            Some(Reason::new(
                ReasonKind::MemoryLimit,
                format!("memory limit ({} MB) exceeded", limit.unwrap_or(0)),
            ))
        } else if deadline.is_some_and(|d| Instant::now() > d + grace) {
            Some(Reason::new(
                ReasonKind::Timeout,
                format!("timeout in iteration {}", snap.iteration),
            ))
        } else {
            None
        };
        if let Some(reason) = reason {
            let mut r = CheckReport::new(&w.file, w.checked.clone(), Status::Unknown);
            r.reason = Some(reason);
            r.iterations = snap.iteration;
            r.predicates = snap.predicates;
            r.entry_points = snap.entry_points.clone();
            r.stats.iterations = snap.iteration;
            r.stats.predicates = snap.predicates;
            r.stats.peak_memory_mb = snap.peak_rss_mb;
            if let Some(t) = &snap.phases {
                r.stats.abstraction_s = t.abstraction.as_secs_f64();
                r.stats.model_checking_s = t.model_checking.as_secs_f64();
                r.stats.refinement_s = t.refinement.as_secs_f64();
                r.stats.search_s = t.search.as_secs_f64();
                r.stats.native_replay_s = t.confirmation.as_secs_f64();
            }
            r.stats.z3_queries = snap.z3_queries;
            r.stats.cache_hits = snap.cache_hits;
            r.stats.peak_bdd_nodes = snap.peak_bdd_nodes;
            r.stats.total_s = start.elapsed().as_secs_f64();
            if w.driver {
                r.status = Some(SdvStatus::of(r.verdict, r.reason.as_ref()));
            }
            w.progress.finish_and_clear();
            let code = w.emit.print(&r, &[]);
            use std::io::Write;
            let _ = std::io::stderr().flush();
            // `_exit`: no atexit handlers or static destructors run (Z3's would race with
            // a worker thread still inside Z3)
            unsafe { libc::_exit(code as i32) };
        }
    });
}
