//! `F(e)`: the weakest disjunction of cubes over the predicates that implies `e`, computed
//! with Z3, and the cubes of predicates that are inconsistent (for `enforce`).
//!
//! Cubes are enumerated by length (up to the configured bound) over the atoms relevant to the
//! target. `F(e)` and `F(¬e)` are found together: a cube `c` is in `F(e)` when `c ∧ ¬e` is
//! unsatisfiable, in `F(¬e)` when `c ∧ e` is, and only cubes that decide neither are
//! extended. Unsat cores shrink each cube found, and supersets of found cubes are skipped.
//! A query that times out counts as satisfiable, which only drops cubes: the answer stays
//! sound, just less precise.

use crate::smt::encode::{Addresses, Encoder};
use crate::smt::solver_pool::PooledSolver;
use crate::smt::term::Term;
use rustc_hash::FxHashMap as HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use z3::ast::Bool;
use z3::SatResult;

/// A cube: atoms (by index) with their required values, sorted by index.
pub type Cube = Vec<(u16, bool)>;

/// Limits of the cube search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeLimits {
    /// Longest cube tried.
    pub max_len: usize,
    /// Z3 timeout per query, in milliseconds.
    pub timeout_ms: u32,
    /// Most queries for one `F` computation (then the cubes found so far are used).
    pub max_queries: u32,
}

/// The question: which cubes over `atoms` imply `target` (and which imply its negation),
/// given that `background` holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Query {
    pub atoms: Vec<Term>,
    pub target: Term,
    pub background: Vec<Term>,
    /// Cubes tried first, whatever their length (learnt from spurious traces:
    /// `super::learned`).
    pub seeds: Vec<Cube>,
}

/// The answer.
#[derive(Clone, Debug, Default)]
pub struct Cover {
    /// Cubes implying the target (`[[]]` if the target is valid).
    pub pos: Vec<Cube>,
    /// Cubes implying its negation.
    pub neg: Vec<Cube>,
}

/// Counters shared by all threads.
#[derive(Debug, Default)]
pub struct Counters {
    pub queries: AtomicU64,
    pub timeouts: AtomicU64,
    pub cache_hits: AtomicU64,
    pub cache_misses: AtomicU64,
    /// Computations stopped by the query limit (their answer is sound but may be weak).
    pub capped: AtomicU64,
    /// Set by another thread when the abstraction is abandoned: searches stop at their next
    /// query (their answers are sound but weak; the abstraction is not used).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Counters {
    /// Whether the abstraction has been abandoned.
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// A cache of answers keyed on the canonical query, shared by threads and kept across
/// abstractions (this is what makes re-abstraction incremental).
/// Threads asking the same question at once wait for the first one's answer instead of
/// computing it again.
#[derive(Default)]
pub struct Cache {
    covers: SlotMap<(Query, CubeLimits), Cover>,
    incons: SlotMap<(Vec<Term>, CubeLimits), Vec<Cube>>,
    /// Whether one cube over the atoms is unsatisfiable (learnt constraints, proved again
    /// by every abstraction that uses them).
    unsat: SlotMap<(Vec<Term>, Cube), bool>,
}

type Slot<T> = Arc<OnceLock<Arc<T>>>;
type SlotMap<K, T> = Mutex<HashMap<K, Slot<T>>>;

/// The cached answer for `key`, computing it with `compute` if no thread has.
fn cached<K: std::hash::Hash + Eq, T>(
    map: &SlotMap<K, T>,
    key: K,
    counters: &Counters,
    compute: impl FnOnce() -> T,
) -> Arc<T> {
    let slot = map
        .lock()
        .expect("cache lock")
        .entry(key)
        .or_default()
        .clone();
    let mut ran = false;
    let v = slot
        .get_or_init(|| {
            ran = true;
            Arc::new(compute())
        })
        .clone();
    if ran {
        counters.cache_misses.fetch_add(1, Ordering::Relaxed);
    } else {
        counters.cache_hits.fetch_add(1, Ordering::Relaxed);
    }
    v
}

/// One Z3 solver with a literal per atom, for one query.
struct Session {
    solver: PooledSolver,
    lits: Vec<Bool>,
    target: Option<Bool>,
    names: HashMap<String, (usize, bool)>,
    queries: u64,
    timeouts: u64,
}

const TARGET: usize = usize::MAX;

impl Session {
    fn new(
        addrs: &Addresses,
        atoms: &[Term],
        target: Option<&Term>,
        background: &[Term],
        timeout_ms: u32,
    ) -> Session {
        let solver = PooledSolver::new(timeout_ms);
        let mut enc = Encoder::new(addrs);
        for b in background {
            solver.assert(enc.boolean(b));
        }
        let mut names = HashMap::default();
        let mut lits = Vec::new();
        for (i, a) in atoms.iter().enumerate() {
            let l = Bool::new_const(format!("atom{i}"));
            solver.assert(l.eq(enc.boolean(a)));
            names.insert(format!("atom{i}"), (i, true));
            names.insert(format!("(not atom{i})"), (i, false));
            lits.push(l);
        }
        let target = target.map(|t| {
            let l = Bool::new_const("target");
            solver.assert(l.eq(enc.boolean(t)));
            names.insert("target".into(), (TARGET, true));
            names.insert("(not target)".into(), (TARGET, false));
            l
        });
        Session {
            solver,
            lits,
            target,
            names,
            queries: 0,
            timeouts: 0,
        }
    }

    /// Checks `cube ∧ target == tv` (no target literal if `tv` is None). Returns the core's
    /// cube and whether the target literal was in the core, when unsatisfiable.
    fn unsat(&mut self, cube: &[(u16, bool)], tv: Option<bool>) -> Option<(Cube, bool)> {
        let mut assumptions: Vec<Bool> = cube
            .iter()
            .map(|&(i, v)| {
                let l = &self.lits[i as usize];
                if v {
                    l.clone()
                } else {
                    l.not()
                }
            })
            .collect();
        if let (Some(t), Some(v)) = (&self.target, tv) {
            assumptions.push(if v { t.clone() } else { t.not() });
        }
        self.queries += 1;
        match self.solver.check_assumptions(&assumptions) {
            SatResult::Unsat => {
                let mut core: Cube = Vec::new();
                let mut uses_target = false;
                for c in self.solver.get_unsat_core() {
                    match self.names.get(&c.to_string()) {
                        Some(&(TARGET, _)) => uses_target = true,
                        Some(&(i, v)) => core.push((i as u16, v)),
                        None => return Some((cube.to_vec(), tv.is_some())),
                    }
                }
                core.sort_unstable();
                core.dedup();
                Some((core, uses_target))
            }
            SatResult::Sat => None,
            SatResult::Unknown => {
                self.timeouts += 1;
                tracing::trace!(
                    assertions = %*self.solver,
                    assumptions = ?assumptions.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
                    "undecided cube query"
                );
                None
            }
        }
    }
}

fn subset(small: &[(u16, bool)], big: &[(u16, bool)]) -> bool {
    small.iter().all(|l| big.contains(l))
}

fn add_cube(list: &mut Vec<Cube>, c: Cube) {
    if !list.iter().any(|d| subset(d, &c)) {
        list.retain(|d| !subset(&c, d));
        list.push(c);
    }
}

/// `F(target)` and `F(¬target)` over the query's atoms.
pub fn cover(
    q: &Query,
    lim: CubeLimits,
    addrs: &Addresses,
    cache: &Cache,
    counters: &Counters,
) -> Arc<Cover> {
    cached(&cache.covers, (q.clone(), lim), counters, || {
        compute_cover(q, lim, addrs, counters)
    })
}

fn compute_cover(q: &Query, lim: CubeLimits, addrs: &Addresses, counters: &Counters) -> Cover {
    let mut s = Session::new(
        addrs,
        &q.atoms,
        Some(&q.target),
        &q.background,
        lim.timeout_ms,
    );
    let mut out = Cover::default();
    if s.unsat(&[], Some(false)).is_some() {
        out.pos.push(vec![]);
    } else if s.unsat(&[], Some(true)).is_some() {
        out.neg.push(vec![]);
    } else {
        for seed in &q.seeds {
            for (tv, list) in [(false, &mut out.pos), (true, &mut out.neg)] {
                if let Some((core, true)) = s.unsat(seed, Some(tv)) {
                    add_cube(list, core);
                    break;
                }
            }
        }
        enumerate(&mut s, q.atoms.len(), lim, counters, |s, c| {
            for (tv, list) in [(false, &mut out.pos), (true, &mut out.neg)] {
                if let Some((core, with_t)) = s.unsat(c, Some(tv)) {
                    if with_t {
                        add_cube(list, core.clone());
                    }
                    return Step::Decided(core);
                }
            }
            Step::Extend
        });
    }
    counters.queries.fetch_add(s.queries, Ordering::Relaxed);
    counters.timeouts.fetch_add(s.timeouts, Ordering::Relaxed);
    out
}

/// Undecided queries after which a cube search stops with what it found (each costs the
/// query's whole time limit: on `cdaudio`'s `a = a + 1` under predicates with unsigned
/// casts, one edge took 24 s of timeouts).
const MAX_TIMEOUTS: u64 = 2;

/// What the cube search does with a cube.
enum Step {
    /// The cube (or this sub-cube of it) is decided: skip its supersets.
    Decided(Cube),
    /// Undecided: try its extensions.
    Extend,
    /// Neither record nor extend it.
    Drop,
}

/// Visits cubes over `n` atoms by increasing length (up to `lim.max_len`), extending only
/// the cubes `decide` leaves undecided and skipping supersets of decided ones, until the
/// session has run `lim.max_queries` queries.
fn enumerate(
    s: &mut Session,
    n: usize,
    lim: CubeLimits,
    counters: &Counters,
    mut decide: impl FnMut(&mut Session, &Cube) -> Step,
) {
    let mut decided: Vec<Cube> = Vec::new();
    let mut frontier: Vec<Cube> = vec![vec![]];
    for _ in 1..=lim.max_len {
        let mut next = Vec::new();
        for cube in &frontier {
            let start = cube.last().map(|l| l.0 + 1).unwrap_or(0);
            for j in start..n as u16 {
                for v in [true, false] {
                    // a search whose queries Z3 cannot decide in time would spend its
                    // whole query budget on timeouts: what it found so far is a sound
                    // (weaker) answer
                    if s.queries >= lim.max_queries as u64 || s.timeouts >= MAX_TIMEOUTS {
                        counters.capped.fetch_add(1, Ordering::Relaxed);
                        return;
                    }
                    if counters.cancelled() {
                        return;
                    }
                    let mut c = cube.clone();
                    c.push((j, v));
                    if decided.iter().any(|d| subset(d, &c)) {
                        continue;
                    }
                    match decide(s, &c) {
                        Step::Decided(core) => add_cube(&mut decided, core),
                        Step::Extend => next.push(c),
                        Step::Drop => {}
                    }
                }
            }
        }
        frontier = next;
    }
}

/// A minimal sub-cube of `cube` over `atoms` (no literal can be dropped) that is
/// unsatisfiable together with `background`, or `None` when `cube` is satisfiable with it,
/// Z3 cannot decide it, or the background alone is unsatisfiable. At most `max_checks` queries
/// go into minimizing the first core; past them the core found so far is returned.
pub(super) fn minimal_unsat(
    atoms: &[Term],
    cube: &[(u16, bool)],
    background: &[Term],
    addrs: &Addresses,
    timeout_ms: u32,
    max_checks: usize,
) -> Option<Cube> {
    let mut s = Session::new(addrs, atoms, None, background, timeout_ms);
    let (mut core, _) = s.unsat(cube, None)?;
    if core.is_empty() {
        // the atoms' definitions alone are inconsistent: nothing to learn from the cube
        return None;
    }
    let mut k = 0;
    let mut checks = 0;
    while k < core.len() && checks < max_checks {
        let mut without = core.clone();
        without.remove(k);
        checks += 1;
        match s.unsat(&without, None) {
            Some((smaller, _)) if !smaller.is_empty() => core = smaller,
            _ => k += 1,
        }
    }
    Some(core)
}

/// Whether `cube` over `atoms` is unsatisfiable (one query, cached; undecided counts as
/// satisfiable).
pub(super) fn is_unsat(
    atoms: &[Term],
    cube: &Cube,
    lim: CubeLimits,
    addrs: &Addresses,
    cache: &Cache,
    counters: &Counters,
) -> bool {
    *cached(
        &cache.unsat,
        (atoms.to_vec(), cube.clone()),
        counters,
        || {
            let mut s = Session::new(addrs, atoms, None, &[], lim.timeout_ms);
            let unsat = s.unsat(cube, None).is_some();
            counters.queries.fetch_add(s.queries, Ordering::Relaxed);
            counters.timeouts.fetch_add(s.timeouts, Ordering::Relaxed);
            unsat
        },
    )
}

/// The minimal cubes (up to `lim.max_len` literals) over `atoms` that are unsatisfiable.
pub fn inconsistent(
    atoms: &[Term],
    lim: CubeLimits,
    addrs: &Addresses,
    cache: &Cache,
    counters: &Counters,
) -> Arc<Vec<Cube>> {
    cached(&cache.incons, (atoms.to_vec(), lim), counters, || {
        compute_inconsistent(atoms, lim, addrs, counters)
    })
}

fn compute_inconsistent(
    atoms: &[Term],
    lim: CubeLimits,
    addrs: &Addresses,
    counters: &Counters,
) -> Vec<Cube> {
    let mut s = Session::new(addrs, atoms, None, &[], lim.timeout_ms);
    let mut found: Vec<Cube> = Vec::new();
    enumerate(&mut s, atoms.len(), lim, counters, |s, c| {
        match s.unsat(c, None) {
            Some((core, _)) if !core.is_empty() => {
                add_cube(&mut found, core.clone());
                Step::Decided(core)
            }
            // unsatisfiable without any atom: the background itself is inconsistent
            Some(_) => Step::Drop,
            None => Step::Extend,
        }
    });
    counters.queries.fetch_add(s.queries, Ordering::Relaxed);
    counters.timeouts.fetch_add(s.timeouts, Ordering::Relaxed);
    found
}
