//! `F(e)`: the weakest disjunction of cubes over the predicates that implies `e`, computed
//! with Z3, and the cubes of predicates that are inconsistent (for `enforce`).
//!
//! Cubes are enumerated by length (up to the configured bound) over the atoms relevant to the
//! target. `F(e)` and `F(¬e)` are found together: a cube `c` is in `F(e)` when `c ∧ ¬e` is
//! unsatisfiable, in `F(¬e)` when `c ∧ e` is, and only cubes that decide neither are
//! extended. Unsat cores shrink each cube found, and supersets of found cubes are skipped.
//! A query that times out counts as satisfiable, which only drops cubes: the answer stays
//! sound, just less precise.

use super::smt::{Addresses, Encoder};
use super::term::Term;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use z3::ast::Bool;
use z3::{Params, SatResult, Solver};

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
}

/// A cache of answers keyed on the canonical query, shared by threads and kept across
/// abstractions (this is what makes re-abstraction incremental).
#[derive(Default)]
pub struct Cache {
    covers: Mutex<HashMap<(Query, CubeLimits), Arc<Cover>>>,
    incons: Mutex<HashMap<(Vec<Term>, CubeLimits), Arc<Vec<Cube>>>>,
}

/// One Z3 solver with a literal per atom, for one query.
struct Session {
    solver: Solver,
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
        let solver = Solver::new();
        let mut p = Params::new();
        p.set_u32("timeout", timeout_ms);
        solver.set_params(&p);
        let mut enc = Encoder::new(addrs);
        for b in background {
            solver.assert(enc.boolean(b));
        }
        let mut names = HashMap::new();
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
    let key = (q.clone(), lim);
    if let Some(c) = cache.covers.lock().expect("cache lock").get(&key) {
        counters.cache_hits.fetch_add(1, Ordering::Relaxed);
        return c.clone();
    }
    counters.cache_misses.fetch_add(1, Ordering::Relaxed);
    let mut s = Session::new(
        addrs,
        &q.atoms,
        Some(&q.target),
        &q.background,
        lim.timeout_ms,
    );
    let mut out = Cover::default();
    let mut decided: Vec<Cube> = Vec::new();
    if s.unsat(&[], Some(false)).is_some() {
        out.pos.push(vec![]);
    } else if s.unsat(&[], Some(true)).is_some() {
        out.neg.push(vec![]);
    } else {
        let n = q.atoms.len() as u16;
        let mut frontier: Vec<Cube> = vec![vec![]];
        'levels: for _len in 1..=lim.max_len {
            let mut next = Vec::new();
            for cube in &frontier {
                let start = cube.last().map(|l| l.0 + 1).unwrap_or(0);
                for j in start..n {
                    for v in [true, false] {
                        if s.queries >= lim.max_queries as u64 {
                            break 'levels;
                        }
                        let mut c = cube.clone();
                        c.push((j, v));
                        if decided.iter().any(|d| subset(d, &c)) {
                            continue;
                        }
                        if let Some((core, with_t)) = s.unsat(&c, Some(false)) {
                            if with_t {
                                add_cube(&mut out.pos, core.clone());
                            }
                            add_cube(&mut decided, core);
                            continue;
                        }
                        if let Some((core, with_t)) = s.unsat(&c, Some(true)) {
                            if with_t {
                                add_cube(&mut out.neg, core.clone());
                            }
                            add_cube(&mut decided, core);
                            continue;
                        }
                        next.push(c);
                    }
                }
            }
            frontier = next;
        }
    }
    counters.queries.fetch_add(s.queries, Ordering::Relaxed);
    counters.timeouts.fetch_add(s.timeouts, Ordering::Relaxed);
    let out = Arc::new(out);
    cache
        .covers
        .lock()
        .expect("cache lock")
        .insert(key, out.clone());
    out
}

/// The minimal cubes (up to `lim.max_len` literals) over `atoms` that are unsatisfiable.
pub fn inconsistent(
    atoms: &[Term],
    lim: CubeLimits,
    addrs: &Addresses,
    cache: &Cache,
    counters: &Counters,
) -> Arc<Vec<Cube>> {
    let key = (atoms.to_vec(), lim);
    if let Some(c) = cache.incons.lock().expect("cache lock").get(&key) {
        counters.cache_hits.fetch_add(1, Ordering::Relaxed);
        return c.clone();
    }
    counters.cache_misses.fetch_add(1, Ordering::Relaxed);
    let mut s = Session::new(addrs, atoms, None, &[], lim.timeout_ms);
    let mut found: Vec<Cube> = Vec::new();
    let n = atoms.len() as u16;
    let mut frontier: Vec<Cube> = vec![vec![]];
    'levels: for _ in 1..=lim.max_len {
        let mut next = Vec::new();
        for cube in &frontier {
            let start = cube.last().map(|l| l.0 + 1).unwrap_or(0);
            for j in start..n {
                for v in [true, false] {
                    if s.queries >= lim.max_queries as u64 {
                        break 'levels;
                    }
                    let mut c = cube.clone();
                    c.push((j, v));
                    if found.iter().any(|d| subset(d, &c)) {
                        continue;
                    }
                    match s.unsat(&c, None) {
                        Some((core, _)) if !core.is_empty() => add_cube(&mut found, core),
                        Some(_) => {}
                        None => next.push(c),
                    }
                }
            }
        }
        frontier = next;
    }
    counters.queries.fetch_add(s.queries, Ordering::Relaxed);
    counters.timeouts.fetch_add(s.timeouts, Ordering::Relaxed);
    let out = Arc::new(found);
    cache
        .incons
        .lock()
        .expect("cache lock")
        .insert(key, out.clone());
    out
}
