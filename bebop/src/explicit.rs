//! The explicit-state reference engine, in the spirit of Bogor: explicit
//! valuations, a seen-state set, and procedure summaries at calls so that
//! recursion terminates.
//!
//! It explores triples (vertex, entry valuation, current valuation) breadth
//! first — the explicit counterpart of RHS path edges — keeps for each
//! (procedure, entry valuation) the exits reached (summaries) and the calls
//! waiting for them, and remembers how each triple was first reached, which
//! gives a trajectory to any reached vertex. It applies no optimization
//! (no live ranges, no MOD/REF), so it is an independent oracle for the
//! BDD engine. It enumerates every valuation of a statement's choices and of
//! a callee's uninitialized locals, so it gives up on a program with a
//! statement or callee that has more than [`MAX_ENUMERATED_CHOICES`] of them.

use rustc_hash::FxHashMap as HashMap;
use std::collections::VecDeque;
use std::time::Instant;

use crate::cfg::{Cfg, ProcId, VKind, VertexId};
use crate::reach::{GiveUp, Limit, Outcome, Stats, Target, Trace, TraceStep};
use crate::semantics::{
    call_entries, enforce_holds, initial_states, intra_successors, return_state,
    MAX_ENUMERATED_CHOICES,
};
use crate::state::{Bits, State};

/// Limits of the explicit engine.
#[derive(Clone, Debug)]
pub struct ExplicitLimits {
    /// Give up when more triples than this have been explored.
    pub max_nodes: usize,
    /// Give up when `main` has more than 2^this initial valuations.
    pub max_initial_bits: u32,
}

impl Default for ExplicitLimits {
    fn default() -> Self {
        ExplicitLimits {
            max_nodes: 20_000_000,
            max_initial_bits: 22,
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Pred {
    Init,
    Intra(u32),
    /// First vertex of a callee, entered from this call node.
    Entry(u32),
    /// Return site reached from a call node over the callee's exit node.
    Summary {
        call: u32,
        exit: u32,
    },
}

struct Node {
    v: VertexId,
    entry: u32,
    state: State,
    pred: Pred,
}

/// What an exploration looks for.
enum Goal<'a> {
    /// A target vertex, in any frame.
    Target(&'a Target),
    /// A state of a root frame (one entered from the initial states, not
    /// by a call) that satisfies the predicate.
    RootStates(&'a dyn Fn(VertexId, &State) -> bool),
    /// Nothing: explore everything reachable.
    Nothing,
}

impl Goal<'_> {
    fn reached(&self, cfg: &Cfg, roots: &[u32], v: VertexId, entry: u32, s: &State) -> bool {
        match self {
            Goal::Target(t) => t.contains(cfg, v),
            Goal::RootStates(f) => roots.contains(&entry) && f(v, s),
            Goal::Nothing => false,
        }
    }
}

struct Explorer<'a> {
    cfg: &'a Cfg,
    goal: Goal<'a>,
    nodes: Vec<Node>,
    seen: HashMap<(VertexId, u32, State), u32>,
    keys: HashMap<(ProcId, State), u32>,
    waiting: HashMap<u32, Vec<u32>>,
    exits: HashMap<u32, Vec<u32>>,
    queue: VecDeque<u32>,
    found: Option<u32>,
    /// Entry keys of the initial states.
    roots: Vec<u32>,
}

/// Every valuation of a step's choices and of a called procedure's
/// uninitialized locals is enumerated: past 2^63 that cannot be done.
fn enumerable(cfg: &Cfg) -> Result<(), GiveUp> {
    let choices = cfg.max_choices;
    let free = cfg
        .procs
        .iter()
        .filter(|p| !p.callers.is_empty())
        .map(|p| p.locals.len() as u32 - p.formals)
        .max()
        .unwrap_or(0);
    if choices <= MAX_ENUMERATED_CHOICES && free <= MAX_ENUMERATED_CHOICES {
        return Ok(());
    }
    let what = if choices > MAX_ENUMERATED_CHOICES {
        format!("a statement's choices, and one makes {choices}")
    } else {
        format!("a callee's uninitialized locals, and one has {free}")
    };
    Err(GiveUp {
        limit: Limit::States,
        message: format!(
            "the explicit engine enumerates every valuation of {what} (at most {MAX_ENUMERATED_CHOICES} can be)"
        ),
    })
}

/// Decides whether `target` is reachable in `cfg` by explicit-state search.
pub fn check(cfg: &Cfg, target: &Target, limits: &ExplicitLimits) -> (Outcome, Stats) {
    let _span = tracing::info_span!("explicit").entered();
    let start = Instant::now();
    let mut stats = Stats {
        engine: "explicit",
        ..Stats::default()
    };
    if let Err(g) = enumerable(cfg) {
        return (Outcome::GaveUp(g), stats);
    }
    let Some(init) = initial_states(cfg, limits.max_initial_bits) else {
        return (
            GiveUp::outcome(Limit::States, format!(
                "the explicit engine enumerates all initial valuations, and `main` has more than 2^{} of them",
                limits.max_initial_bits
            )),
            stats,
        );
    };
    let mut ex = Explorer::new(cfg, Goal::Target(target));
    let first = cfg.procs[cfg.main as usize].first;
    for s in init {
        if enforce_holds(cfg, cfg.main, &s) {
            let key = ex.key(cfg.main, &s);
            ex.add(first, key, s, Pred::Init);
        }
    }
    while ex.found.is_none() {
        let Some(n) = ex.queue.pop_front() else { break };
        stats.worklist_iterations += 1;
        if ex.nodes.len() > limits.max_nodes {
            stats.path_edges = ex.nodes.len() as u64;
            return (
                GiveUp::outcome(
                    Limit::States,
                    format!(
                        "explicit engine explored more than {} states",
                        limits.max_nodes
                    ),
                ),
                stats,
            );
        }
        ex.step(n);
    }
    stats.path_edges = ex.nodes.len() as u64;
    stats.summary_edges = ex.exits.values().map(|v| v.len() as u64).sum();
    stats.phases.push(("search", start.elapsed()));
    let outcome = match ex.found {
        None => Outcome::Unreachable,
        Some(n) => {
            let t = Instant::now();
            let trace = ex.trace(n);
            stats.phases.push(("trace", t.elapsed()));
            Outcome::Reachable(trace)
        }
    };
    (outcome, stats)
}

impl Explorer<'_> {
    /// Interns the entry valuation of procedure `p`: globals and formals.
    fn key(&mut self, p: ProcId, s: &State) -> u32 {
        let k = entry_key(self.cfg, p, s);
        let n = self.keys.len() as u32;
        *self.keys.entry((p, k)).or_insert(n)
    }

    fn add(&mut self, v: VertexId, entry: u32, state: State, pred: Pred) -> Option<u32> {
        if let Some(p) = self.cfg.proc_of(v) {
            if !enforce_holds(self.cfg, p, &state) {
                return None;
            }
        }
        let key = (v, entry, state);
        if self.seen.contains_key(&key) {
            return None;
        }
        let id = self.nodes.len() as u32;
        if self.found.is_none() && self.goal.reached(self.cfg, &self.roots, v, entry, &key.2) {
            self.found = Some(id);
        }
        self.seen.insert(key.clone(), id);
        self.nodes.push(Node {
            v,
            entry,
            state: key.2,
            pred,
        });
        self.queue.push_back(id);
        Some(id)
    }

    fn step(&mut self, n: u32) {
        let cfg = self.cfg;
        let (v, entry) = (self.nodes[n as usize].v, self.nodes[n as usize].entry);
        let state = self.nodes[n as usize].state.clone();
        match &cfg.vertex(v).kind {
            VKind::Err => {}
            VKind::Call { callee, ret, .. } => {
                let (callee, ret) = (*callee, *ret);
                let first = cfg.procs[callee as usize].first;
                for e in call_entries(cfg, v, &state) {
                    if !enforce_holds(cfg, callee, &e) {
                        continue;
                    }
                    let key = self.key(callee, &e);
                    self.add(first, key, e, Pred::Entry(n));
                    let waiting = self.waiting.entry(key).or_default();
                    if waiting.contains(&n) {
                        continue;
                    }
                    waiting.push(n);
                    for x in self.exits.get(&key).cloned().unwrap_or_default() {
                        let t = return_state(&state, &self.nodes[x as usize].state);
                        self.add(ret, entry, t, Pred::Summary { call: n, exit: x });
                    }
                }
            }
            VKind::Exit => {
                self.exits.entry(entry).or_default().push(n);
                for c in self.waiting.get(&entry).cloned().unwrap_or_default() {
                    let (cv, cstate, centry) = {
                        let c = &self.nodes[c as usize];
                        (c.v, c.state.clone(), c.entry)
                    };
                    let VKind::Call { ret, .. } = cfg.vertex(cv).kind else {
                        continue;
                    };
                    let t = return_state(&cstate, &state);
                    self.add(ret, centry, t, Pred::Summary { call: c, exit: n });
                }
            }
            _ => {
                for (w, t) in intra_successors(cfg, v, &state) {
                    self.add(w, entry, t, Pred::Intra(n));
                }
            }
        }
    }

    /// The steps of the frame ending at node `n`, from the frame's first
    /// node, with callee frames of summaries expanded one level deeper
    /// (relative depth 0 for this frame). Also returns the call node that
    /// entered this frame, if any.
    fn frame(&self, n: u32, depth: u32) -> (Vec<TraceStep>, Option<u32>) {
        let mut rev: Vec<TraceStep> = Vec::new();
        let mut cur = n;
        loop {
            let node = &self.nodes[cur as usize];
            rev.push(TraceStep {
                vertex: node.v,
                depth,
                state: node.state.clone(),
            });
            match node.pred {
                Pred::Init => return (finish(rev), None),
                Pred::Entry(c) => return (finish(rev), Some(c)),
                Pred::Intra(p) => cur = p,
                Pred::Summary { call, exit } => {
                    let (sub, _) = self.frame(exit, depth + 1);
                    rev.extend(sub.into_iter().rev());
                    cur = call;
                }
            }
        }
    }

    fn trace(&self, n: u32) -> Trace {
        // Frames from the target's back to main's, then laid out outermost first.
        let mut frames = Vec::new();
        let mut cur = Some(n);
        while let Some(c) = cur {
            let (steps, caller) = self.frame(c, 0);
            frames.push(steps);
            cur = caller;
        }
        let mut steps = Vec::new();
        for (d, frame) in frames.into_iter().rev().enumerate() {
            steps.extend(frame.into_iter().map(|mut s| {
                s.depth += d as u32;
                s
            }));
        }
        Trace { steps }
    }
}

fn finish(mut rev: Vec<TraceStep>) -> Vec<TraceStep> {
    rev.reverse();
    rev
}

/// Everything reachable from some roots: the explored (vertex, entry,
/// state) triples and the exits reached from each entry (the summaries).
pub struct Explored {
    nodes: Vec<Node>,
    keys: HashMap<(ProcId, State), u32>,
    exits: HashMap<u32, Vec<u32>>,
}

impl Explored {
    /// Every explored (vertex, state), with repetitions across entries.
    pub fn states(&self) -> impl Iterator<Item = (VertexId, &State)> {
        self.nodes.iter().map(|n| (n.v, &n.state))
    }

    /// The states at `p`'s exit reached from the entry `entry` (a state at
    /// `p`'s first vertex; only its globals and formals count), if that
    /// entry was explored.
    pub fn exits(&self, cfg: &Cfg, p: ProcId, entry: &State) -> Option<Vec<&State>> {
        let key = self.keys.get(&(p, entry_key(cfg, p, entry)))?;
        Some(
            self.exits
                .get(key)
                .map(|xs| xs.iter().map(|&x| &self.nodes[x as usize].state).collect())
                .unwrap_or_default(),
        )
    }
}

/// The entry valuation of `p` in `s`: globals and formals, the rest cleared.
fn entry_key(cfg: &Cfg, p: ProcId, s: &State) -> State {
    let formals = cfg.procs[p as usize].formals;
    let mut k = s.clone();
    k.r = Bits::default();
    for j in formals..cfg.procs[p as usize].locals.len() as u32 {
        k.l.set(j, false);
    }
    k
}

impl<'a> Explorer<'a> {
    fn new(cfg: &'a Cfg, goal: Goal<'a>) -> Explorer<'a> {
        Explorer {
            cfg,
            goal,
            nodes: Vec::new(),
            seen: HashMap::default(),
            keys: HashMap::default(),
            waiting: HashMap::default(),
            exits: HashMap::default(),
            queue: VecDeque::new(),
            found: None,
            roots: Vec::new(),
        }
    }

    /// Adds root frames of procedure `p` starting in each of `states`
    /// (those its invariant allows).
    fn seed(&mut self, p: ProcId, states: Vec<State>) {
        let first = self.cfg.procs[p as usize].first;
        for s in states {
            if enforce_holds(self.cfg, p, &s) {
                let key = self.key(p, &s);
                if !self.roots.contains(&key) {
                    self.roots.push(key);
                }
                self.add(first, key, s, Pred::Init);
            }
        }
    }

    /// Explores until the goal is found or nothing is left.
    fn explore(&mut self, max_nodes: usize) -> Result<(), GiveUp> {
        while self.found.is_none() {
            let Some(n) = self.queue.pop_front() else {
                return Ok(());
            };
            if self.nodes.len() > max_nodes {
                return Err(GiveUp {
                    limit: Limit::States,
                    message: format!("explicit engine explored more than {max_nodes} states"),
                });
            }
            self.step(n);
        }
        Ok(())
    }
}

/// Explores everything reachable from root frames of the given procedures
/// in the given states (no target), for the oracle of may-loop and CTL
/// ([`crate::oracle`]).
pub fn explore(
    cfg: &Cfg,
    roots: Vec<(ProcId, Vec<State>)>,
    max_nodes: usize,
) -> Result<Explored, GiveUp> {
    enumerable(cfg)?;
    let mut ex = Explorer::new(cfg, Goal::Nothing);
    for (p, states) in roots {
        ex.seed(p, states);
    }
    ex.explore(max_nodes)?;
    Ok(Explored {
        nodes: ex.nodes,
        keys: ex.keys,
        exits: ex.exits,
    })
}

/// A shortest run of procedure `p` from one of `init` (root frames, depth 0)
/// to a state of a root frame that `goal` accepts, with the calls on the way
/// expanded; `None` if there is none. Used to expand a call that returns in
/// a trace built over summaries ([`crate::paths`]).
pub fn run_to(
    cfg: &Cfg,
    p: ProcId,
    init: Vec<State>,
    goal: &dyn Fn(VertexId, &State) -> bool,
    max_nodes: usize,
) -> Result<Option<Trace>, GiveUp> {
    enumerable(cfg)?;
    let mut ex = Explorer::new(cfg, Goal::RootStates(goal));
    ex.seed(p, init);
    ex.explore(max_nodes)?;
    Ok(ex.found.map(|n| ex.trace(n)))
}
