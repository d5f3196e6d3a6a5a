//! The directed path exploration ([`refinement::explore`]) as a second engine beside the
//! CEGAR loop: on its own thread (with its own Z3 context and a copy of the program),
//! started once the loop has run for [`START_AFTER`] without an answer, so the programs the
//! loop decides quickly cost nothing more. The loop asks [`Explorer::decided`] between
//! phases and stops when the exploration has an answer; when the loop itself stalls it
//! waits for the exploration ([`Explorer::wait`]) — for as long as the exploration may
//! still prove the program, and [`HUNT_AFTER_STALL`] at most once it cannot (a reason of
//! [`Incomplete`], such as the endless environment loop of a driver harness, makes it a
//! bug hunt); when the loop answers, it cancels it. A hunt beside a loop that still works
//! takes only a share of the time ([`HUNT_SHARE`]) until the loop waits for it.
//!
//! The threads run at the lowest priority ([`lower_priority`]), and are kept and reused,
//! never ended: a thread that used Z3 and ends destroys
//! its thread-local Z3 context and the solvers of its pool in an order that corrupted the
//! heap of the threads still solving (glibc aborts, "corrupted unsorted chunks", seen on 9
//! of 16 loaded runs of one program before this).

use slamrs_abstraction::analysis::Analyses;
use slamrs_abstraction::cir::{FuncId, Program};
use slamrs_abstraction::smt::encode::Addresses;
use slamrs_refinement::explore::{self, Budget, Explored, Incomplete, Interrupt, Throttle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long the loop runs alone before the exploration starts.
pub const START_AFTER: Duration = Duration::from_secs(1);

/// Longest exploration when the run has no deadline.
pub const MAX_TIME: Duration = Duration::from_secs(120);

/// How long a stalled loop waits for an exploration that can no longer prove anything and
/// is only looking for a bug.
pub const HUNT_AFTER_STALL: Duration = Duration::from_secs(5);

/// A bug hunt beside a loop that is still working runs for [`HUNT_FREE`] and then for
/// [`HUNT_SHARE`] of the time ([`Throttle`]): the loop decides most programs, and a hunt
/// at full speed beside it doubled their CPU time (the SSH tasks of `scripts/svcomp`, whose
/// input-driven state-machine loop makes the exploration a hunt from its first run).
pub const HUNT_FREE: Duration = Duration::from_secs(1);

/// See [`HUNT_FREE`].
pub const HUNT_SHARE: f64 = 0.2;

/// A running (or finished) exploration.
pub struct Explorer {
    result: Option<Receiver<Explored>>,
    /// Interrupts the exploring thread's Z3 query when cancelling: one can take a minute
    /// (bit operations as integer arithmetic). The thread never ends ([`spawn_worker`]), as
    /// [`Interrupt::register`] requires.
    interrupt: Interrupt,
    cancel: Arc<AtomicBool>,
    /// Set by the thread when it ends with an answer (a counterexample, or every path).
    decided: Arc<AtomicBool>,
    /// Set by the thread once the exploration cannot prove anything any more.
    unprovable: Arc<AtomicBool>,
    /// Set when the loop waits for the exploration: the hunt runs at full speed.
    full_speed: Arc<AtomicBool>,
}

/// Ends [`Explorer::stop_on`]'s polling when dropped.
pub struct StopRelay {
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for StopRelay {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Explorer {
    /// Starts exploring `prog` (whose analyses are `analyses`) from `entry` on a new
    /// thread, after [`START_AFTER`], until `deadline` (at most [`MAX_TIME`]). With
    /// `enabled` false nothing runs.
    pub fn spawn(
        prog: &Program,
        analyses: Arc<Analyses>,
        entry: FuncId,
        deadline: Option<Instant>,
        enabled: bool,
    ) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let decided = Arc::new(AtomicBool::new(false));
        let unprovable = Arc::new(AtomicBool::new(false));
        let full_speed = Arc::new(AtomicBool::new(false));
        let interrupt = Interrupt::default();
        let mut me = Explorer {
            result: None,
            interrupt: interrupt.clone(),
            cancel: cancel.clone(),
            decided: decided.clone(),
            unprovable: unprovable.clone(),
            full_speed: full_speed.clone(),
        };
        if !enabled {
            return me;
        }
        let prog = prog.clone();
        let (tx, rx) = channel();
        let job = move || {
            interrupt.register();
            let start = Instant::now();
            while start.elapsed() < START_AFTER {
                if cancel.load(Ordering::Relaxed) {
                    let _ = tx.send(not_run());
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let now = Instant::now();
            let time = deadline
                .map_or(MAX_TIME, |d| d.saturating_duration_since(now))
                .min(MAX_TIME);
            let budget = Budget {
                time,
                cancel: Some(cancel),
                unprovable: Some(unprovable),
                throttle: Some(Throttle {
                    free: HUNT_FREE,
                    share: HUNT_SHARE,
                    lifted: full_speed,
                }),
                ..Budget::default()
            };
            let addrs = Addresses::new(&prog);
            let out = explore::explore(&prog, &analyses.pt, &addrs, entry, &budget);
            if out.found.is_some() || out.complete.is_ok() {
                decided.store(true, Ordering::Release);
            }
            interrupt.unregister();
            let _ = tx.send(out);
        };
        match submit(Box::new(job)) {
            Ok(()) => me.result = Some(rx),
            Err(e) => tracing::warn!("cannot start the exploration thread: {e}"),
        }
        me
    }

    /// A flag that is set once the exploration has ended with an answer (to cancel work
    /// that no longer matters).
    pub fn decided_flag(&self) -> Arc<AtomicBool> {
        self.decided.clone()
    }

    /// Stops the exploration and everything that waits on its answer (c2bp and Bebop poll
    /// [`Explorer::decided_flag`]) once `stop` is set, e.g. by another engine of the
    /// portfolio: a thread polls it every 20 ms until the returned guard is dropped.
    pub fn stop_on(&self, stop: Arc<AtomicBool>) -> StopRelay {
        let done = Arc::new(AtomicBool::new(false));
        let (d, cancel, decided) = (done.clone(), self.cancel.clone(), self.decided.clone());
        let interrupt = self.interrupt.clone();
        let thread = std::thread::Builder::new()
            .name("portfolio-stop".into())
            .spawn(move || {
                while !d.load(Ordering::Acquire) {
                    if stop.load(Ordering::Acquire) {
                        cancel.store(true, Ordering::Release);
                        decided.store(true, Ordering::Release);
                        interrupt.interrupt();
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            })
            .ok();
        StopRelay { done, thread }
    }

    /// Whether the exploration has ended with an answer.
    pub fn decided(&self) -> bool {
        self.decided.load(Ordering::Acquire)
    }

    /// Stops the exploration and returns what it did.
    pub fn cancel(mut self) -> Option<Explored> {
        self.stop();
        self.join_cancelled()
    }

    /// Waits for a cancelled exploration, interrupting its Z3 query again every 20 ms (an
    /// interrupt between two queries is lost).
    fn join_cancelled(&mut self) -> Option<Explored> {
        let rx = self.result.take()?;
        loop {
            match rx.recv_timeout(Duration::from_millis(20)) {
                Ok(out) => return Some(out),
                Err(RecvTimeoutError::Timeout) => self.interrupt.interrupt(),
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Sets the cancel flag and interrupts the Z3 query the exploration is in.
    fn stop(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.interrupt.interrupt();
    }

    /// Waits for the exploration to end (by its budget, or with an answer); once it can no
    /// longer prove anything, [`HUNT_AFTER_STALL`] at most, then cancels it.
    pub fn wait(mut self) -> Option<Explored> {
        self.full_speed.store(true, Ordering::Release);
        let rx = self.result.take()?;
        let mut hunt_until: Option<Instant> = None;
        loop {
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(out) => return Some(out),
                Err(RecvTimeoutError::Disconnected) => {
                    tracing::warn!("the exploration panicked");
                    return None;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if !self.unprovable.load(Ordering::Acquire) {
                        continue;
                    }
                    let until =
                        *hunt_until.get_or_insert_with(|| Instant::now() + HUNT_AFTER_STALL);
                    if Instant::now() >= until {
                        tracing::debug!("no proof possible, and no bug found while hunting");
                        self.result = Some(rx);
                        self.stop();
                        return self.join_cancelled();
                    }
                }
            }
        }
    }
}

impl Drop for Explorer {
    fn drop(&mut self) {
        self.stop();
        let _ = self.join_cancelled();
    }
}

/// What an exploration cancelled before it began reports.
fn not_run() -> Explored {
    Explored {
        found: None,
        paths: 0,
        queries: 0,
        complete: Err(Incomplete::Budget),
    }
}

/// A job for an exploration thread.
type Job = Box<dyn FnOnce() + Send>;

/// Exploration threads waiting for a job.
static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

/// Runs `job` on an idle exploration thread, or on a new one.
fn submit(job: Job) -> std::io::Result<()> {
    let idle = IDLE.lock().ok().and_then(|mut v| v.pop());
    let worker = match idle {
        Some(w) => w,
        None => spawn_worker()?,
    };
    worker
        .send(job)
        .map_err(|_| std::io::Error::other("the exploration thread is gone"))
}

/// A thread that runs jobs, one at a time, and goes back to [`IDLE`] after each.
fn spawn_worker() -> std::io::Result<Sender<Job>> {
    let (tx, rx) = channel::<Job>();
    let me = tx.clone();
    std::thread::Builder::new()
        .name("explore".into())
        .spawn(move || {
            lower_priority();
            while let Ok(job) = rx.recv() {
                // a panic ends the job (its result channel closes), not the thread
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                if let Ok(mut idle) = IDLE.lock() {
                    idle.push(me.clone());
                }
            }
        })?;
    Ok(tx)
}

/// Gives the calling thread the lowest scheduling priority (nice 19): the exploration uses
/// the time the loop leaves idle (while c2bp's workers keep both cores busy, it hardly
/// runs; while the loop waits for it, it has a core). Measured: with the same priority,
/// three SV-COMP tasks that the loop proves in 30–50 s went past the 60 s timeout of
/// `scripts/svcomp --jobs 2`.
fn lower_priority() {
    // SAFETY: plain system calls on the calling thread (Linux: a thread's nice value is
    // set through its thread id).
    let r = unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 19)
    };
    if r != 0 {
        tracing::debug!("cannot lower the exploration thread's priority");
    }
}
