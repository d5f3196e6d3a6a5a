//! Reachability over the transition graph (F-Soft §7): the conventional breadth-first
//! fixpoint (`bfs`: the frontier's images, checked against every state reached so far),
//! Reach_Frontier (Algorithm 1: only the states at the tails of back edges are kept, the
//! frontier is checked against itself and them), and Reach_Lockstep (Algorithm 2: the
//! frontier goes through forward transitions until it is empty, then the new states at
//! back-edge tails go through the back edges together).
//!
//! New atoms at one block with the same data part are merged into one (their control
//! parts joined: the union of §3.2), so states that differ only in control share an atom.
//!
//! Every atom remembers the atom and transition it came from, or the atoms it was merged
//! from, so an atom at the error block gives the path of transitions that reaches it: from
//! the error backwards, the states that reach it are carried by pre-images, and at a
//! merged atom the path goes on through a part that holds such a state.

use super::ltg::{BlockId, BlockKind, Ltg, TransId};
use super::symbolic::{Atom, Calls, Counters, Space};
use rustc_hash::FxHashMap as HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The search strategy (`--strategy`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Strategy {
    /// Conventional breadth-first reachability (the paper's `old`).
    Bfs,
    /// Reach_Frontier (Algorithm 1).
    Frontier,
    /// Reach_Lockstep (Algorithm 2).
    Lockstep,
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Strategy::Bfs => "bfs",
            Strategy::Frontier => "frontier",
            Strategy::Lockstep => "lockstep",
        })
    }
}

/// Settings of one search.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    pub strategy: Strategy,
    /// Project out the cells that are not live (§6.2).
    pub live: bool,
    pub deadline: Option<Instant>,
    /// Set by another thread to stop the search (the portfolio's other engine answered).
    pub cancel: Arc<AtomicBool>,
    /// Z3's budget per query, in milliseconds of solving.
    pub query_ms: u32,
    /// Stop (unknown) when more atoms than this are stored.
    pub max_atoms: usize,
}

/// Why a search stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    Deadline,
    Cancelled,
    AtomLimit(usize),
    /// The BDD node table filled up (its capacity in nodes).
    BddFull(usize),
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The error block is reachable along these transitions.
    Error(Vec<TransId>),
    /// The error block is unreachable, and no bound was reached.
    Unreachable,
    /// The error block is unreachable on the paths within the bounds; these were reached.
    BoundReached(Vec<String>),
    Stopped(Stopped),
}

/// Counters of a search (`--stats`).
#[derive(Clone, Debug, Default)]
pub struct SearchStats {
    pub iterations: u64,
    /// Largest number of atoms stored at once (frontier plus kept states).
    pub peak_atoms: u64,
    pub back_edges: u64,
    /// Size of the transition graph.
    pub blocks: u64,
    pub cells: u64,
    /// Data cells moved into BDDs ([`super::finite`]).
    pub finite_cells: u64,
    pub counters: Counters,
    pub bdd_nodes: u64,
}

/// Interrupts the search's long Z3 calls ([`Calls`]) every 20 ms once the deadline has
/// passed or the search is cancelled, until dropped; the search then sees the stop at its
/// next check.
struct Watch {
    done: Arc<AtomicBool>,
    calls: Calls,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watch {
    fn start(opts: &SearchOptions, calls: Calls) -> Watch {
        calls.register();
        let done = Arc::new(AtomicBool::new(false));
        let (d, c) = (done.clone(), calls.clone());
        let (deadline, cancel) = (opts.deadline, opts.cancel.clone());
        let thread = std::thread::Builder::new()
            .name("mixed-watch".into())
            .spawn(move || {
                while !d.load(Ordering::Acquire) {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    if cancel.load(Ordering::Acquire)
                        || deadline.is_some_and(|t| Instant::now() >= t)
                    {
                        c.interrupt();
                    }
                }
            })
            .ok();
        Watch {
            done,
            calls,
            thread,
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.calls.unregister();
    }
}

struct Entry {
    block: BlockId,
    atom: Atom,
    node: usize,
}

/// Where an atom came from.
enum Node {
    /// The initial states.
    Root,
    /// The image of the atom of `parent` through `trans`.
    Image { parent: usize, trans: TransId },
    /// The union of these atoms (their nodes and the atoms themselves).
    Merged(Vec<(usize, Atom)>),
}

/// Atoms per block.
type Sets = HashMap<BlockId, Vec<Atom>>;

struct Search<'g, 's> {
    ltg: &'g Ltg,
    space: &'s mut Space<'g>,
    live: Vec<Vec<bool>>,
    /// Where each atom ever made came from.
    arena: Vec<Node>,
    bounds: Vec<String>,
    opts: &'s SearchOptions,
    stats: SearchStats,
}

/// Decides whether the error block of `ltg` is reachable.
pub fn search(ltg: &Ltg, opts: &SearchOptions) -> (Found, SearchStats) {
    let _s = tracing::info_span!("mixed_search", strategy = %opts.strategy).entered();
    let calls = Calls::default();
    let _watch = Watch::start(opts, calls.clone());
    let mut space = Space::new(ltg, opts.query_ms, calls);
    let live = super::live::live_cells(ltg, opts.live);
    let mut s = Search {
        ltg,
        space: &mut space,
        live,
        arena: vec![Node::Root],
        bounds: Vec::new(),
        opts,
        stats: SearchStats::default(),
    };
    let found = s.run();
    let mut stats = s.stats;
    stats.counters = space.counters.clone();
    stats.bdd_nodes = space.bdd_nodes() as u64;
    (found, stats)
}

impl<'g, 's> Search<'g, 's> {
    fn run(&mut self) -> Found {
        let back = back_transitions(self.ltg);
        self.stats.back_edges = back.iter().filter(|b| **b).count() as u64;
        let tails: Vec<bool> = {
            let mut t = vec![false; self.ltg.blocks.len()];
            for (i, tr) in self.ltg.transitions.iter().enumerate() {
                if back[i] {
                    t[tr.from.0 as usize] = true;
                }
            }
            t
        };
        let init = Entry {
            block: self.ltg.start,
            atom: self.space.universe(),
            node: 0,
        };
        let result = match self.opts.strategy {
            Strategy::Bfs => self.bfs(init),
            Strategy::Frontier => self.frontier(init, &tails),
            Strategy::Lockstep => self.lockstep(init, &tails, &back),
        };
        // no answer from a BDD table that filled up: its results are meaningless
        if let Err(full) = self.space.bdd_check() {
            return Found::Stopped(Stopped::BddFull(full.capacity));
        }
        match result {
            Ok(()) if self.bounds.is_empty() => Found::Unreachable,
            Ok(()) => Found::BoundReached(std::mem::take(&mut self.bounds)),
            Err(found) => found,
        }
    }

    fn check_stop(&self, stored: usize) -> Result<(), Found> {
        if self.opts.cancel.load(Ordering::Relaxed) {
            return Err(Found::Stopped(Stopped::Cancelled));
        }
        if self.opts.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Found::Stopped(Stopped::Deadline));
        }
        if stored > self.opts.max_atoms {
            return Err(Found::Stopped(Stopped::AtomLimit(self.opts.max_atoms)));
        }
        if let Err(full) = self.space.bdd_check() {
            return Err(Found::Stopped(Stopped::BddFull(full.capacity)));
        }
        Ok(())
    }

    /// The images of `from` through the transitions `take` allows; `Err` with the path when
    /// one reaches the error block.
    fn post(
        &mut self,
        from: &[Entry],
        take: &dyn Fn(TransId) -> bool,
    ) -> Result<Vec<Entry>, Found> {
        let mut out = Vec::new();
        for e in from {
            for &t in &self.ltg.out[e.block.0 as usize] {
                if !take(t) {
                    continue;
                }
                self.check_stop(out.len())?;
                let tr = self.ltg.trans(t);
                let live = &self.live[tr.to.0 as usize];
                for atom in self.space.post(&e.atom, tr, live) {
                    self.arena.push(Node::Image {
                        parent: e.node,
                        trans: t,
                    });
                    let node = self.arena.len() - 1;
                    if tr.to == self.ltg.error {
                        return Err(Found::Error(self.path(node, atom)));
                    }
                    if let BlockKind::Bound(why) = &self.ltg.blocks[tr.to.0 as usize] {
                        if !self.bounds.contains(why) {
                            self.bounds.push(why.clone());
                        }
                        continue;
                    }
                    out.push(Entry {
                        block: tr.to,
                        atom,
                        node,
                    });
                }
            }
        }
        Ok(out)
    }

    /// The transitions from the start to `node`, whose atom is `states`: backwards, the
    /// states that reach the end are carried through pre-images; a merged atom continues
    /// through a part that holds one of them (the first part if none can be shown to).
    fn path(&mut self, mut node: usize, states: Atom) -> Vec<TransId> {
        /// Most atoms carried backwards (a pre-image through a disjunctive guard is several).
        const MAX_CARRIED: usize = 16;
        let mut out = Vec::new();
        let mut carried = vec![states];
        // pre-images are only needed below a merged atom
        let mut merges_below = self.merges_below(node);
        loop {
            match &self.arena[node] {
                Node::Root => break,
                Node::Image { parent, trans } => {
                    let (parent, trans) = (*parent, *trans);
                    out.push(trans);
                    if merges_below {
                        let tr = self.ltg.trans(trans);
                        let mut next = Vec::new();
                        for a in &carried {
                            next.extend(self.space.pre(a, tr));
                        }
                        next.truncate(MAX_CARRIED);
                        carried = next;
                    }
                    node = parent;
                }
                Node::Merged(parts) => {
                    let parts: Vec<(usize, Atom)> = parts.clone();
                    let mut chosen = None;
                    for (n, atom) in &parts {
                        let mut meets: Vec<Atom> = Vec::new();
                        for a in &carried {
                            let m = self.space.meet(a, atom);
                            if !self.space.is_empty(&m) {
                                meets.push(m);
                            }
                        }
                        if !meets.is_empty() {
                            chosen = Some((*n, meets));
                            break;
                        }
                    }
                    let (n, meets) = chosen.unwrap_or_else(|| {
                        let (n, a) = &parts[0];
                        (*n, vec![a.clone()])
                    });
                    carried = meets;
                    node = n;
                    merges_below = self.merges_below(node);
                }
            }
        }
        out.reverse();
        out
    }

    /// True if a merged atom lies on some way back from `node` to the start.
    fn merges_below(&self, mut node: usize) -> bool {
        loop {
            match &self.arena[node] {
                Node::Root => return false,
                Node::Image { parent, .. } => node = *parent,
                Node::Merged(_) => return true,
            }
        }
    }

    /// `entries` with the atoms at one block that have the same data part merged.
    fn merge(&mut self, entries: Vec<Entry>) -> Vec<Entry> {
        let mut out: Vec<Entry> = Vec::new();
        let mut parts: Vec<Vec<(usize, Atom)>> = Vec::new();
        for e in entries {
            let same = out
                .iter()
                .position(|o| o.block == e.block && o.atom.data == e.atom.data);
            match same {
                Some(i) => {
                    out[i].atom = self.space.join_control(&out[i].atom, &e.atom);
                    parts[i].push((e.node, e.atom));
                }
                None => {
                    parts.push(vec![(e.node, e.atom.clone())]);
                    out.push(e);
                }
            }
        }
        for (e, p) in out.iter_mut().zip(parts) {
            if p.len() > 1 {
                self.arena.push(Node::Merged(p));
                e.node = self.arena.len() - 1;
            }
        }
        out
    }

    /// The entries of `cands` not covered by the atoms of `against` (or by earlier kept
    /// candidates) at their block.
    fn new_only(&mut self, cands: Vec<Entry>, against: &[&Sets]) -> Vec<Entry> {
        let mut kept: Vec<Entry> = Vec::new();
        for c in cands {
            if self.check_stop(0).is_err() {
                // the caller's next check reports the stop
                kept.push(c);
                continue;
            }
            let mut olds: Vec<&Atom> = Vec::new();
            for set in against {
                if let Some(v) = set.get(&c.block) {
                    olds.extend(v.iter());
                }
            }
            olds.extend(kept.iter().filter(|k| k.block == c.block).map(|k| &k.atom));
            if self.space.covered(&c.atom, &olds) {
                continue;
            }
            kept.push(c);
        }
        self.merge(kept)
    }

    fn note(&mut self, stored: usize) {
        self.stats.iterations += 1;
        self.stats.peak_atoms = self.stats.peak_atoms.max(stored as u64);
    }

    fn bfs(&mut self, init: Entry) -> Result<(), Found> {
        let mut reached: Sets = HashMap::default();
        reached
            .entry(init.block)
            .or_default()
            .push(init.atom.clone());
        let mut frontier = vec![init];
        while !frontier.is_empty() {
            let stored: usize = reached.values().map(Vec::len).sum();
            self.note(stored);
            self.check_stop(stored)?;
            let images = self.post(&frontier, &|_| true)?;
            frontier = self.new_only(images, &[&reached]);
            for e in &frontier {
                reached.entry(e.block).or_default().push(e.atom.clone());
            }
        }
        Ok(())
    }

    fn frontier(&mut self, init: Entry, tails: &[bool]) -> Result<(), Found> {
        let mut kept: Sets = HashMap::default();
        if tails[init.block.0 as usize] {
            kept.entry(init.block).or_default().push(init.atom.clone());
        }
        let mut frontier = vec![init];
        while !frontier.is_empty() {
            let stored = frontier.len() + kept.values().map(Vec::len).sum::<usize>();
            self.note(stored);
            self.check_stop(stored)?;
            let images = self.post(&frontier, &|_| true)?;
            let previous = sets_of(&frontier);
            frontier = self.new_only(images, &[&previous, &kept]);
            for e in frontier.iter().filter(|e| tails[e.block.0 as usize]) {
                kept.entry(e.block).or_default().push(e.atom.clone());
            }
        }
        Ok(())
    }

    fn lockstep(&mut self, init: Entry, tails: &[bool], back: &[bool]) -> Result<(), Found> {
        let mut kept: Sets = HashMap::default();
        let mut fresh: Vec<Entry> = Vec::new();
        if tails[init.block.0 as usize] {
            kept.entry(init.block).or_default().push(init.atom.clone());
            fresh.push(Entry {
                block: init.block,
                atom: init.atom.clone(),
                node: init.node,
            });
        }
        let mut frontier = vec![init];
        let forward = |t: TransId| !back[t.0 as usize];
        let backward = |t: TransId| back[t.0 as usize];
        while !frontier.is_empty() {
            let stored = frontier.len() + kept.values().map(Vec::len).sum::<usize>();
            self.note(stored);
            self.check_stop(stored)?;
            let images = self.post(&frontier, &forward)?;
            let previous = sets_of(&frontier);
            frontier = self.new_only(images, &[&previous, &kept]);
            for e in frontier.iter().filter(|e| tails[e.block.0 as usize]) {
                kept.entry(e.block).or_default().push(e.atom.clone());
                fresh.push(Entry {
                    block: e.block,
                    atom: e.atom.clone(),
                    node: e.node,
                });
            }
            if frontier.is_empty() {
                let images = self.post(&fresh, &backward)?;
                fresh.clear();
                frontier = self.new_only(images, &[&kept]);
                for e in frontier.iter().filter(|e| tails[e.block.0 as usize]) {
                    kept.entry(e.block).or_default().push(e.atom.clone());
                    fresh.push(Entry {
                        block: e.block,
                        atom: e.atom.clone(),
                        node: e.node,
                    });
                }
            }
        }
        Ok(())
    }
}

fn sets_of(entries: &[Entry]) -> Sets {
    let mut s: Sets = HashMap::default();
    for e in entries {
        s.entry(e.block).or_default().push(e.atom.clone());
    }
    s
}

/// The back transitions: those a depth-first search from the start block finds going to
/// a block on its stack. Removing them leaves the graph acyclic, so every cycle passes
/// through the tail of one (what Reach_Frontier's termination needs).
pub fn back_transitions(ltg: &Ltg) -> Vec<bool> {
    let n = ltg.blocks.len();
    let mut back = vec![false; ltg.transitions.len()];
    // 0 unvisited, 1 on the stack, 2 done
    let mut state = vec![0u8; n];
    let mut stack: Vec<(usize, usize)> = vec![(ltg.start.0 as usize, 0)];
    state[ltg.start.0 as usize] = 1;
    while let Some((b, i)) = stack.pop() {
        let outs = &ltg.out[b];
        if i < outs.len() {
            stack.push((b, i + 1));
            let t = outs[i];
            let to = ltg.trans(t).to.0 as usize;
            match state[to] {
                0 => {
                    state[to] = 1;
                    stack.push((to, 0));
                }
                1 => back[t.0 as usize] = true,
                _ => {}
            }
        } else {
            state[b] = 2;
        }
    }
    back
}
