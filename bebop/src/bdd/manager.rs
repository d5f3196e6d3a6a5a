//! [`BddManager`]: the BDD layer used by the model-checking engine.
//!
//! # Design
//!
//! * **Representation.** Functions are oxidd complement-edge BDDs
//!   ([`oxidd::bcdd::BCDDFunction`]) wrapped in the newtype [`Bdd`]. A `Bdd`
//!   is a reference-counted handle (one node index plus a manager reference);
//!   cloning and dropping are cheap, and `==` / `Hash` are pointer based,
//!   which for canonical BDDs is semantic equality. Negation is O(1).
//! * **Variables.** The manager is created with a fixed number of variables;
//!   variable `i` lives on level `i` and the order is never changed. The
//!   positive literals are built once and cached.
//! * **Prebuilt operands.** Quantification takes a [`VarSet`] (a prebuilt
//!   cube) and renaming takes a [`Renaming`] (prebuilt, sorted pairs). The
//!   hot operations perform no per-call allocation apart from the result
//!   nodes (renaming reuses a scratch memo table kept in the manager).
//! * **Renaming is implemented here, not with oxidd's `substitute`.** oxidd's
//!   substitution first builds a level-indexed table covering every level
//!   down to the deepest substituted variable (including creating or looking
//!   up one literal node per level), so each call costs O(number of manager
//!   variables) before it even looks at the BDD. [`BddManager::rename`]
//!   instead walks the BDD once (memoised) and rebuilds renamed nodes with
//!   `ite(var(to), t, e)`, so it costs O(size of the BDD) and stops at the
//!   deepest renamed level. This also makes it a correct *simultaneous*
//!   substitution for arbitrary renamings (swaps, order-reversing maps).
//! * **Out of memory.** oxidd reports a full node table as an allocation
//!   error. Every operation here returns a plain [`Bdd`]: on failure the
//!   manager first runs a garbage collection and retries the operation once
//!   (operations are pure, so this is safe); if it fails again the manager
//!   becomes *exhausted*: the operation returns the constant false, and so may
//!   every later one, and [`BddManager::check`] returns
//!   `Err(NodeTableFull)` from then on. Returning `Result` from every
//!   operation would put a `?` on each of the engine's hundreds of thousands
//!   of calls for a condition it cannot handle locally anyway; instead an
//!   engine calls [`BddManager::check`] where it checks its other limits, and
//!   **before it gives any answer** (an answer computed after exhaustion is
//!   meaningless). The manager stays consistent (oxidd unwinds its own state
//!   through `AllocResult`), so it can be dropped or collected normally.
//! * **Capacities.** oxidd's node table is reserved up front but committed
//!   lazily (pages are touched in chunks of 64 Ki nodes as nodes are
//!   created), so the default node capacity of 2^24 costs virtual address
//!   space only. The apply cache, in contrast, is initialised eagerly, so its
//!   size is scaled with the number of variables (2^16 entries for tiny
//!   programs up to 2^20 for large ones). One worker thread is used. oxidd
//!   also runs a background garbage collection when the table is 95 % full.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::sync::{Mutex, TryLockError};

use oxidd::bcdd::{BCDDFunction, BCDDManagerRef};
use oxidd::util::{AllocResult, FxHasher, OptBool, Ref};
use oxidd::{
    BooleanFunction, BooleanFunctionQuant, BooleanOperator, Edge, Function, HasLevel, Manager,
    ManagerRef, Node, NodeID,
};

/// oxidd manager type of [`BCDDFunction`] (with its branding lifetime).
type OxManager<'id> = <BCDDFunction as Function>::Manager<'id>;
/// oxidd edge type of [`BCDDFunction`].
type OxEdge<'id> = <OxManager<'id> as Manager>::Edge;

type FxBuild = BuildHasherDefault<FxHasher>;
/// Memo table used by [`BddManager::rename`]: edge key -> renamed function.
type RenameMemo = HashMap<usize, BCDDFunction, FxBuild>;

/// The node table filled up (even after a garbage collection): every result
/// computed since is meaningless.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeTableFull {
    /// The table's capacity, in nodes.
    pub capacity: usize,
}

impl fmt::Display for NodeTableFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BDD node table full ({} nodes)", self.capacity)
    }
}

impl std::error::Error for NodeTableFull {}

/// Default maximal number of inner nodes (reserved lazily, see module docs).
const DEFAULT_NODE_CAPACITY: usize = 1 << 24;

/// Rename memo tables that grew beyond this many entries are freed after the
/// call instead of being cleared, so that one huge rename does not make all
/// later (tiny) renames pay for clearing a big table.
const MEMO_KEEP_CAPACITY: usize = 4096;

/// A Boolean function, i.e. a handle to a node of a [`BddManager`].
///
/// Cloning is cheap (reference count increment). Equality and hashing are
/// pointer based; as BDDs are canonical this is semantic equality (for
/// functions of the same manager). All operations go through the
/// [`BddManager`] that created the function; mixing functions of different
/// managers panics.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Bdd(BCDDFunction);

impl Bdd {
    /// The underlying oxidd function (escape hatch for functionality that the
    /// wrapper does not expose).
    pub fn as_oxidd(&self) -> &BCDDFunction {
        &self.0
    }

    /// Whether this is one of the two constant functions.
    pub fn is_const(&self) -> bool {
        self.0
            .with_manager_shared(|m, e| matches!(m.get_node(e), Node::Terminal(_)))
    }
}

impl fmt::Debug for Bdd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (id, complemented, terminal) = self.0.with_manager_shared(|m, e| {
            (
                e.node_id(),
                e.tag() != Default::default(),
                matches!(m.get_node(e), Node::Terminal(_)),
            )
        });
        match (terminal, complemented) {
            (true, false) => f.write_str("Bdd(true)"),
            (true, true) => f.write_str("Bdd(false)"),
            (false, false) => write!(f, "Bdd(#{id})"),
            (false, true) => write!(f, "Bdd(!#{id})"),
        }
    }
}

/// A prebuilt set of variables for quantification ([`BddManager::exists`],
/// [`BddManager::and_exists`]), represented as the conjunction of their
/// positive literals. Build it once with [`BddManager::cube`] and reuse it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct VarSet {
    cube: Bdd,
    vars: Arc<[u32]>,
}

impl VarSet {
    /// The variables of the set, sorted and without duplicates.
    pub fn vars(&self) -> &[u32] {
        &self.vars
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// The set as a BDD (conjunction of positive literals).
    pub fn as_bdd(&self) -> &Bdd {
        &self.cube
    }
}

impl fmt::Debug for VarSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("VarSet").field(&self.vars).finish()
    }
}

/// A prebuilt simultaneous variable renaming for [`BddManager::rename`].
/// Build it once with [`BddManager::renaming`] and reuse it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Renaming {
    /// `(from, to)` pairs sorted by `from`; `from` values are distinct and no
    /// pair is the identity.
    pairs: Arc<[(u32, u32)]>,
    /// Deepest level of a `from` variable; nodes below it are left untouched.
    max_from_level: u32,
}

impl Renaming {
    /// The non-trivial `(from, to)` pairs, sorted by `from`.
    pub fn pairs(&self) -> &[(u32, u32)] {
        &self.pairs
    }

    /// Whether this renaming is the identity.
    pub fn is_identity(&self) -> bool {
        self.pairs.is_empty()
    }

    #[inline]
    fn lookup(&self, var: u32) -> Option<u32> {
        if self.pairs.len() <= 8 {
            self.pairs.iter().find(|p| p.0 == var).map(|p| p.1)
        } else {
            self.pairs
                .binary_search_by_key(&var, |p| p.0)
                .ok()
                .map(|i| self.pairs[i].1)
        }
    }
}

impl fmt::Debug for Renaming {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Renaming").field(&self.pairs).finish()
    }
}

/// Owner of all BDD nodes and variables, and the entry point for every BDD
/// operation. See the [module documentation](self) for the design.
pub struct BddManager {
    mref: BCDDManagerRef,
    num_vars: u32,
    node_capacity: usize,
    t: Bdd,
    f: Bdd,
    /// Cached positive literals, indexed by variable.
    vars: Box<[Bdd]>,
    /// Scratch memo table for [`Self::rename`], reused across calls.
    rename_memo: Mutex<RenameMemo>,
    /// Set once an operation found the node table full ([`Self::check`]).
    exhausted: AtomicBool,
}

impl fmt::Debug for BddManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BddManager")
            .field("num_vars", &self.num_vars)
            .field("node_capacity", &self.node_capacity)
            .finish_non_exhaustive()
    }
}

impl BddManager {
    /// Creates a manager with `num_vars` variables; variable `i` is at level
    /// `i` (index order).
    ///
    /// Uses a node capacity of 2^24 inner nodes (reserved lazily, so a tiny
    /// program only commits a few MiB) and an apply cache scaled with
    /// `num_vars` (2^16 ..= 2^20 entries).
    pub fn new(num_vars: u32) -> Self {
        Self::with_node_capacity(num_vars, DEFAULT_NODE_CAPACITY)
    }

    /// Creates a manager with `num_vars` variables, at most `node_capacity`
    /// inner nodes, and the apply cache [`Self::new`] would choose.
    pub fn with_node_capacity(num_vars: u32, node_capacity: usize) -> Self {
        let cache = (num_vars.max(1) as usize)
            .next_power_of_two()
            .saturating_mul(1 << 10)
            .clamp(1 << 14, 1 << 20);
        Self::with_capacity(num_vars, node_capacity, cache)
    }

    /// Creates a manager with `num_vars` variables and explicit capacities:
    /// at most `node_capacity` inner nodes, and an apply cache of
    /// `cache_capacity` entries (rounded up to a power of two, allocated and
    /// initialised eagerly, roughly 20 bytes per entry).
    ///
    /// If the `num_vars` literal nodes do not fit into `node_capacity`, the
    /// manager starts exhausted ([`Self::check`]).
    pub fn with_capacity(num_vars: u32, node_capacity: usize, cache_capacity: usize) -> Self {
        let node_capacity = node_capacity.clamp(1, (1 << 31) - 1);
        let mref = oxidd::bcdd::new_manager(node_capacity, cache_capacity.max(1), 1);
        let (t, f, vars) = mref.with_manager_exclusive(|m| {
            m.add_vars(num_vars);
            let t = Bdd(BCDDFunction::t(m));
            let f = Bdd(BCDDFunction::f(m));
            let vars: AllocResult<Vec<Bdd>> = (0..num_vars)
                .map(|i| BCDDFunction::var(m, i).map(Bdd))
                .collect();
            (t, f, vars)
        });
        let (vars, exhausted) = match vars {
            Ok(v) => (v.into_boxed_slice(), false),
            Err(_) => (vec![f.clone(); num_vars as usize].into_boxed_slice(), true),
        };
        BddManager {
            mref,
            num_vars,
            node_capacity,
            t,
            f,
            vars,
            rename_memo: Mutex::new(RenameMemo::default()),
            exhausted: AtomicBool::new(exhausted),
        }
    }

    /// `Err` once an operation found the node table full: from then on results
    /// are meaningless, and an engine must give up rather than answer.
    pub fn check(&self) -> Result<(), NodeTableFull> {
        if self.exhausted.load(AtomicOrdering::Relaxed) {
            Err(NodeTableFull {
                capacity: self.node_capacity,
            })
        } else {
            Ok(())
        }
    }

    /// Number of variables (`0..num_vars()` are valid variable indices).
    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// Maximal number of inner nodes of this manager.
    pub fn node_capacity(&self) -> usize {
        self.node_capacity
    }

    /// The constant true function.
    #[inline]
    pub fn t(&self) -> Bdd {
        self.t.clone()
    }

    /// The constant false function.
    #[inline]
    pub fn f(&self) -> Bdd {
        self.f.clone()
    }

    /// The constant `b`.
    #[inline]
    pub fn constant(&self, b: bool) -> Bdd {
        if b {
            self.t()
        } else {
            self.f()
        }
    }

    /// The positive literal of variable `i` (cached, no allocation).
    ///
    /// Panics if `i >= num_vars()`.
    #[inline]
    pub fn var(&self, i: u32) -> Bdd {
        self.vars[i as usize].clone()
    }

    /// The negative literal of variable `i`.
    #[inline]
    pub fn nvar(&self, i: u32) -> Bdd {
        self.not(&self.vars[i as usize])
    }

    /// The literal of variable `i` with the given polarity.
    #[inline]
    pub fn lit(&self, i: u32, positive: bool) -> Bdd {
        if positive {
            self.var(i)
        } else {
            self.nvar(i)
        }
    }

    /// Negation `¬a` (O(1) with complement edges).
    #[inline]
    pub fn not(&self, a: &Bdd) -> Bdd {
        self.run(|| a.0.not())
    }

    /// Conjunction `a ∧ b`.
    #[inline]
    pub fn and(&self, a: &Bdd, b: &Bdd) -> Bdd {
        self.run(|| a.0.and(&b.0))
    }

    /// Disjunction `a ∨ b`.
    #[inline]
    pub fn or(&self, a: &Bdd, b: &Bdd) -> Bdd {
        self.run(|| a.0.or(&b.0))
    }

    /// Exclusive or `a ⊕ b`.
    #[inline]
    pub fn xor(&self, a: &Bdd, b: &Bdd) -> Bdd {
        self.run(|| a.0.xor(&b.0))
    }

    /// Equivalence `a ↔ b`.
    #[inline]
    pub fn iff(&self, a: &Bdd, b: &Bdd) -> Bdd {
        self.run(|| a.0.equiv(&b.0))
    }

    /// Implication `a → b`.
    #[inline]
    pub fn imp(&self, a: &Bdd, b: &Bdd) -> Bdd {
        self.run(|| a.0.imp(&b.0))
    }

    /// If-then-else `(c ∧ t) ∨ (¬c ∧ e)`.
    #[inline]
    pub fn ite(&self, c: &Bdd, t: &Bdd, e: &Bdd) -> Bdd {
        self.run(|| c.0.ite(&t.0, &e.0))
    }

    /// Conjunction of all functions in `fs` (true for an empty slice).
    pub fn and_all<'a>(&self, fs: impl IntoIterator<Item = &'a Bdd>) -> Bdd {
        let mut acc = self.t();
        for f in fs {
            acc = self.and(&acc, f);
        }
        acc
    }

    /// Disjunction of all functions in `fs` (false for an empty slice).
    pub fn or_all<'a>(&self, fs: impl IntoIterator<Item = &'a Bdd>) -> Bdd {
        let mut acc = self.f();
        for f in fs {
            acc = self.or(&acc, f);
        }
        acc
    }

    /// Whether `a` is the constant false function.
    #[inline]
    pub fn is_false(&self, a: &Bdd) -> bool {
        *a == self.f
    }

    /// Whether `a` is the constant true function.
    #[inline]
    pub fn is_true(&self, a: &Bdd) -> bool {
        *a == self.t
    }

    /// Whether `a → b` is valid (i.e. `a ∧ ¬b` is false).
    #[inline]
    pub fn implies(&self, a: &Bdd, b: &Bdd) -> bool {
        let nb = self.not(b);
        self.is_false(&self.and(a, &nb))
    }

    /// The conjunction of the literals `(variable, value)`, built bottom-up
    /// (linear in their number); false if two of them contradict.
    pub fn lits(&self, lits: impl IntoIterator<Item = (u32, bool)>) -> Bdd {
        let mut ls: Vec<(u32, bool)> = lits.into_iter().collect();
        ls.sort_unstable();
        ls.dedup();
        if ls.windows(2).any(|w| w[0].0 == w[1].0) {
            return self.f();
        }
        let mut r = self.t();
        for &(v, b) in ls.iter().rev() {
            r = self.and(&self.lit(v, b), &r);
        }
        r
    }

    /// A prebuilt set of variables for quantification (the conjunction of
    /// their positive literals). Duplicates are ignored.
    ///
    /// Panics if a variable is out of range.
    pub fn cube(&self, vars: &[u32]) -> VarSet {
        let mut vs: Vec<u32> = vars.to_vec();
        vs.sort_unstable();
        vs.dedup();
        // Build bottom-up so that every intermediate result is a small cube.
        let mut cube = self.t();
        for &v in vs.iter().rev() {
            cube = self.and(&self.vars[v as usize], &cube);
        }
        VarSet {
            cube,
            vars: vs.into(),
        }
    }

    /// Existential quantification `∃vs. a`.
    #[inline]
    pub fn exists(&self, a: &Bdd, vs: &VarSet) -> Bdd {
        self.run(|| a.0.exists(&vs.cube.0))
    }

    /// Universal quantification `∀vs. a`.
    #[inline]
    pub fn forall(&self, a: &Bdd, vs: &VarSet) -> Bdd {
        self.run(|| a.0.forall(&vs.cube.0))
    }

    /// Relational product `∃vs. a ∧ b`, computed in one pass.
    #[inline]
    pub fn and_exists(&self, a: &Bdd, b: &Bdd, vs: &VarSet) -> Bdd {
        self.run(|| a.0.apply_exists(BooleanOperator::And, &b.0, &vs.cube.0))
    }

    /// A prebuilt simultaneous renaming `var(from) ↦ var(to)` for each pair.
    ///
    /// Identity pairs are dropped. Panics if a variable is out of range or
    /// if a `from` variable occurs twice with different targets.
    pub fn renaming(&self, pairs: &[(u32, u32)]) -> Renaming {
        let mut ps: Vec<(u32, u32)> = pairs.iter().copied().filter(|p| p.0 != p.1).collect();
        for &(a, b) in &ps {
            assert!(
                a < self.num_vars && b < self.num_vars,
                "renaming pair ({a}, {b}) out of range (num_vars = {})",
                self.num_vars
            );
        }
        ps.sort_unstable();
        ps.dedup();
        for w in ps.windows(2) {
            assert!(
                w[0].0 != w[1].0,
                "renaming maps variable {} to both {} and {}",
                w[0].0,
                w[0].1,
                w[1].1
            );
        }
        let max_from_level = self
            .mref
            .with_manager_shared(|m| ps.iter().map(|p| m.var_to_level(p.0)).max().unwrap_or(0));
        Renaming {
            pairs: ps.into(),
            max_from_level,
        }
    }

    /// Simultaneous substitution `a[from ↦ to]` of variables by variables.
    ///
    /// Runs in O(|a|) (memoised walk over `a`, rebuilding only the nodes at
    /// or above the deepest renamed level), independently of the number of
    /// variables of the manager. The result is correct for any renaming; it
    /// is fastest when the `to` variables do not occur in `a` and the
    /// renaming preserves the relative order of the renamed variables.
    pub fn rename(&self, a: &Bdd, r: &Renaming) -> Bdd {
        if r.pairs.is_empty() {
            return a.clone();
        }
        let res = self.rename_once(a, r);
        match res {
            Ok(f) => Bdd(f),
            Err(_) => {
                self.gc();
                match self.rename_once(a, r) {
                    Ok(f) => Bdd(f),
                    Err(_) => self.node_table_full(),
                }
            }
        }
    }

    fn rename_once(&self, a: &Bdd, r: &Renaming) -> AllocResult<BCDDFunction> {
        // Reuse the manager's scratch table unless another thread is renaming
        // concurrently (then fall back to a fresh local table).
        let mut guard = match self.rename_memo.try_lock() {
            Ok(g) => Some(g),
            Err(TryLockError::WouldBlock) => None,
            Err(TryLockError::Poisoned(p)) => {
                // A previous rename panicked (e.g. foreign `Bdd`): drop stale
                // entries and keep using the table.
                let mut g = p.into_inner();
                g.clear();
                Some(g)
            }
        };
        let mut local = RenameMemo::default();
        let memo: &mut RenameMemo = match guard.as_deref_mut() {
            Some(m) => m,
            None => &mut local,
        };
        let res =
            a.0.with_manager_shared(|m, e| rename_rec(m, e, r, &self.vars, memo));
        if memo.capacity() > MEMO_KEEP_CAPACITY {
            *memo = RenameMemo::default();
        } else {
            memo.clear();
        }
        res
    }

    /// One satisfying partial assignment of `a`, indexed by variable
    /// (`None` = don't care); `None` if `a` is false. Where both branches
    /// are possible the `false` branch is taken.
    pub fn pick_cube(&self, a: &Bdd) -> Option<Vec<Option<bool>>> {
        let cube = a.0.pick_cube(|_, _, _| false)?;
        Some(
            cube.into_iter()
                .map(|b| match b {
                    OptBool::None => None,
                    OptBool::False => Some(false),
                    OptBool::True => Some(true),
                })
                .collect(),
        )
    }

    /// Evaluates `a` under the assignment `values` (called at most once per
    /// variable on one root-to-terminal path; no allocation).
    pub fn eval(&self, a: &Bdd, values: &dyn Fn(u32) -> bool) -> bool {
        a.0.with_manager_shared(|m, e| {
            let mut e: Ref<'_, OxEdge<'_>> = e;
            while let Node::Inner(node) = m.get_node(e) {
                let var = m.level_to_var(node.level());
                let (t, f) = BCDDFunction::cofactors_node(e.tag(), node);
                e = if values(var) { t } else { f };
            }
            // The only terminal is `true`; a complemented edge to it is `false`.
            e.tag() == Default::default()
        })
    }

    /// Number of satisfying assignments of `a` over all variables of the
    /// manager (as a float: it can exceed any integer type).
    pub fn sat_count(&self, a: &Bdd) -> f64 {
        let mut cache: oxidd::util::SatCountCache<oxidd::util::num::F64, FxBuild> =
            oxidd::util::SatCountCache::default();
        a.0.sat_count(self.num_vars(), &mut cache).0
    }

    /// Number of nodes of `a`, including the (single) terminal node; the
    /// constants have count 1, a literal has count 2.
    pub fn node_count(&self, a: &Bdd) -> usize {
        a.0.node_count()
    }

    /// Number of inner nodes currently stored in the manager, including dead
    /// nodes that have not been garbage collected yet (and the cached
    /// literals).
    pub fn live_nodes(&self) -> usize {
        self.mref.with_manager_shared(|m| m.num_inner_nodes())
    }

    /// Runs a garbage collection, freeing every node that is not reachable
    /// from a live [`Bdd`]; returns the number of freed nodes. Live
    /// functions are unaffected.
    pub fn gc(&self) -> usize {
        self.mref.with_manager_shared(|m| m.gc())
    }

    /// The variables `a` depends on, sorted.
    pub fn support(&self, a: &Bdd) -> Vec<u32> {
        a.0.with_manager_shared(|m, e| {
            let mut seen: HashSet<NodeID, FxBuild> = HashSet::default();
            let mut used = vec![false; self.num_vars as usize];
            let mut stack = vec![e];
            while let Some(e) = stack.pop() {
                if let Node::Inner(node) = m.get_node(e) {
                    if seen.insert(e.node_id()) {
                        used[m.level_to_var(node.level()) as usize] = true;
                        let (t, f) = BCDDFunction::cofactors_node(e.tag(), node);
                        stack.push(t);
                        stack.push(f);
                    }
                }
            }
            (0..self.num_vars).filter(|&v| used[v as usize]).collect()
        })
    }

    /// Runs `op`; on allocation failure collects garbage and retries once,
    /// then marks the manager exhausted and returns false.
    #[inline(always)]
    fn run(&self, op: impl Fn() -> AllocResult<BCDDFunction>) -> Bdd {
        match op() {
            Ok(f) => Bdd(f),
            Err(_) => self.retry_after_gc(&op),
        }
    }

    #[cold]
    #[inline(never)]
    fn retry_after_gc(&self, op: &dyn Fn() -> AllocResult<BCDDFunction>) -> Bdd {
        self.gc();
        match op() {
            Ok(f) => Bdd(f),
            Err(_) => self.node_table_full(),
        }
    }

    #[cold]
    #[inline(never)]
    fn node_table_full(&self) -> Bdd {
        if !self.exhausted.swap(true, AtomicOrdering::Relaxed) {
            tracing::warn!(capacity = self.node_capacity, "BDD node table full");
        }
        self.f()
    }
}

/// Memo key of an edge: node id and complement bit.
#[inline]
fn edge_key(e: OxEdge<'_>) -> usize {
    (e.node_id() << 1) | (e.tag() != Default::default()) as usize
}

/// Recursive worker of [`BddManager::rename`].
fn rename_rec<'a, 'id>(
    m: &'a OxManager<'id>,
    e: Ref<'a, OxEdge<'id>>,
    r: &Renaming,
    vars: &[Bdd],
    memo: &mut RenameMemo,
) -> AllocResult<BCDDFunction> {
    let Node::Inner(node) = m.get_node(e) else {
        return Ok(BCDDFunction::from_edge_ref(m, e));
    };
    let level = node.level();
    if level > r.max_from_level {
        // Nothing at or below this node is renamed.
        return Ok(BCDDFunction::from_edge_ref(m, e));
    }
    let key = edge_key(e.raw());
    if let Some(res) = memo.get(&key) {
        return Ok(res.clone());
    }
    let (t, f) = BCDDFunction::cofactors_node(e.tag(), node);
    let rt = rename_rec(m, t, r, vars, memo)?;
    let rf = rename_rec(m, f, r, vars, memo)?;
    let var = m.level_to_var(level);
    let res = match r.lookup(var) {
        None if rt.as_edge(m) == t && rf.as_edge(m) == f => BCDDFunction::from_edge_ref(m, e),
        target => {
            let v = vars[target.unwrap_or(var) as usize].0.as_edge(m);
            let h = BCDDFunction::ite_edge(m, v, rt.as_edge(m), rf.as_edge(m))?;
            BCDDFunction::from_edge(m, h)
        }
    };
    memo.insert(key, res.clone());
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use std::time::Instant;

    /// Builds the function with truth table `tt` over `vars` (bit `i` of the
    /// table index is the value of `vars[i]`).
    fn from_tt(m: &BddManager, vars: &[u32], tt: &[bool]) -> Bdd {
        assert_eq!(tt.len(), 1 << vars.len());
        fn rec(m: &BddManager, vars: &[u32], tt: &[bool], depth: usize, base: usize) -> Bdd {
            if depth == vars.len() {
                return m.constant(tt[base]);
            }
            let lo = rec(m, vars, tt, depth + 1, base);
            let hi = rec(m, vars, tt, depth + 1, base | (1 << depth));
            m.ite(&m.var(vars[depth]), &hi, &lo)
        }
        rec(m, vars, tt, 0, 0)
    }

    fn random_tt(rng: &mut SmallRng, n: usize) -> Vec<bool> {
        let density = rng.gen_range(0.05..0.95);
        (0..1usize << n).map(|_| rng.gen_bool(density)).collect()
    }

    /// Evaluates `f` on assignment `bits` over `vars` (others false).
    fn eval_bits(m: &BddManager, f: &Bdd, vars: &[u32], bits: usize) -> bool {
        m.eval(f, &|v| {
            vars.iter()
                .position(|&x| x == v)
                .is_some_and(|i| bits >> i & 1 == 1)
        })
    }

    #[test]
    fn manager_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<BddManager>();
        check::<Bdd>();
        check::<VarSet>();
        check::<Renaming>();
    }

    #[test]
    fn zero_variables() {
        let m = BddManager::new(0);
        assert_eq!(m.and(&m.t(), &m.f()), m.f());
        assert_eq!(m.pick_cube(&m.t()), Some(vec![]));
        assert!(m.eval(&m.t(), &|_| false));
        assert_eq!(m.exists(&m.t(), &m.cube(&[])), m.t());
    }

    #[test]
    fn constants_and_literals() {
        let m = BddManager::new(4);
        assert!(m.is_true(&m.t()));
        assert!(m.is_false(&m.f()));
        assert!(!m.is_true(&m.f()));
        assert_eq!(m.not(&m.t()), m.f());
        let x = m.var(0);
        let nx = m.nvar(0);
        assert_eq!(m.and(&x, &nx), m.f());
        assert_eq!(m.or(&x, &nx), m.t());
        assert_eq!(m.not(&nx), x);
        assert_eq!(m.lit(2, false), m.not(&m.var(2)));
        assert!(m.eval(&x, &|v| v == 0));
        assert!(!m.eval(&x, &|_| false));
        assert!(m.eval(&nx, &|_| false));
        assert!(m.t().is_const() && m.f().is_const() && !x.is_const());
        assert_eq!(format!("{:?}", m.t()), "Bdd(true)");
        assert_eq!(format!("{:?}", m.f()), "Bdd(false)");
    }

    #[test]
    fn connectives_truth_tables() {
        let mut rng = SmallRng::seed_from_u64(1);
        let m = BddManager::new(6);
        let vars = [0, 2, 3, 5];
        for _ in 0..50 {
            let ta = random_tt(&mut rng, 4);
            let tb = random_tt(&mut rng, 4);
            let tc = random_tt(&mut rng, 4);
            let (a, b, c) = (
                from_tt(&m, &vars, &ta),
                from_tt(&m, &vars, &tb),
                from_tt(&m, &vars, &tc),
            );
            let ops: [(Bdd, &dyn Fn(usize) -> bool); 7] = [
                (m.not(&a), &|i| !ta[i]),
                (m.and(&a, &b), &|i| ta[i] && tb[i]),
                (m.or(&a, &b), &|i| ta[i] || tb[i]),
                (m.xor(&a, &b), &|i| ta[i] ^ tb[i]),
                (m.iff(&a, &b), &|i| ta[i] == tb[i]),
                (m.imp(&a, &b), &|i| !ta[i] || tb[i]),
                (m.ite(&a, &b, &c), &|i| if ta[i] { tb[i] } else { tc[i] }),
            ];
            for (f, expect) in ops.iter() {
                for i in 0..16 {
                    assert_eq!(eval_bits(&m, f, &vars, i), expect(i));
                }
            }
            assert!(m.implies(&m.and(&a, &b), &a));
            assert_eq!(from_tt(&m, &vars, &ta), a, "canonicity");
        }
    }

    #[test]
    fn exists_and_and_exists_match_truth_tables() {
        let mut rng = SmallRng::seed_from_u64(2);
        let m = BddManager::new(10);
        for round in 0..200 {
            let n = rng.gen_range(1..=8usize);
            // a random increasing selection of n variables out of 10
            let mut vars: Vec<u32> = (0..10).collect();
            while vars.len() > n {
                let i = rng.gen_range(0..vars.len());
                vars.remove(i);
            }
            let qmask: usize = rng.gen_range(0..1usize << n);
            let qvars: Vec<u32> = (0..n)
                .filter(|i| qmask >> i & 1 == 1)
                .map(|i| vars[i])
                .collect();
            let vs = m.cube(&qvars);
            assert_eq!(vs.vars(), &qvars[..]);
            let ta = random_tt(&mut rng, n);
            let tb = random_tt(&mut rng, n);
            let a = from_tt(&m, &vars, &ta);
            let b = from_tt(&m, &vars, &tb);
            let ex = m.exists(&a, &vs);
            let fa = m.forall(&a, &vs);
            let ae = m.and_exists(&a, &b, &vs);
            for bits in 0..1usize << n {
                // all assignments that agree with `bits` outside qmask
                let free = bits & !qmask;
                let mut sub = qmask;
                let (mut e_a, mut f_a, mut e_ab) = (false, true, false);
                loop {
                    let x = free | sub;
                    e_a |= ta[x];
                    f_a &= ta[x];
                    e_ab |= ta[x] && tb[x];
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & qmask;
                }
                assert_eq!(eval_bits(&m, &ex, &vars, bits), e_a, "exists round {round}");
                assert_eq!(eval_bits(&m, &fa, &vars, bits), f_a, "forall round {round}");
                assert_eq!(
                    eval_bits(&m, &ae, &vars, bits),
                    e_ab,
                    "and_exists round {round}"
                );
            }
            // the result does not depend on quantified variables
            for v in m.support(&ae) {
                assert!(!qvars.contains(&v));
            }
            assert_eq!(ae, m.exists(&m.and(&a, &b), &vs));
        }
        // empty variable set
        let a = m.xor(&m.var(1), &m.var(4));
        let empty = m.cube(&[]);
        assert!(empty.is_empty());
        assert_eq!(m.exists(&a, &empty), a);
        assert_eq!(m.and_exists(&a, &m.var(1), &empty), m.and(&a, &m.var(1)));
    }

    /// Checks `rename(f, r)` against the definition
    /// `f[σ](x) = f(x ∘ σ)` by exhaustive evaluation over `vars`.
    fn check_rename(m: &BddManager, f: &Bdd, pairs: &[(u32, u32)], vars: &[u32]) -> Bdd {
        let r = m.renaming(pairs);
        let g = m.rename(f, &r);
        let n = vars.len();
        for bits in 0..1usize << n {
            let val = |v: u32| {
                vars.iter()
                    .position(|&x| x == v)
                    .is_some_and(|i| bits >> i & 1 == 1)
            };
            let sigma = |v: u32| pairs.iter().find(|p| p.0 == v).map_or(v, |p| p.1);
            assert_eq!(
                m.eval(&g, &|v| val(v)),
                m.eval(f, &|v| val(sigma(v))),
                "{pairs:?}"
            );
        }
        g
    }

    #[test]
    fn rename_correctness() {
        let mut rng = SmallRng::seed_from_u64(3);
        let m = BddManager::new(12);
        let all: Vec<u32> = (0..12).collect();
        for _ in 0..100 {
            // f over 0..4, renamed to fresh variables 6..12 in random order
            let src = [0u32, 1, 2, 3];
            let f = from_tt(&m, &src, &random_tt(&mut rng, 4));
            let mut dst: Vec<u32> = (6..12).collect();
            let pairs: Vec<(u32, u32)> = src
                .iter()
                .map(|&s| (s, dst.remove(rng.gen_range(0..dst.len()))))
                .collect();
            let g = check_rename(&m, &f, &pairs, &all);
            // renaming back restores f
            let back: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (b, a)).collect();
            assert_eq!(m.rename(&g, &m.renaming(&back)), f);
            if pairs.windows(2).all(|w| w[0].1 < w[1].1) {
                // order-preserving renaming: isomorphic BDD
                assert_eq!(m.node_count(&g), m.node_count(&f));
            }
            // agrees with oxidd's own substitution
            let subst = oxidd::Subst::new(
                pairs.iter().map(|p| p.0).collect::<Vec<_>>(),
                pairs.iter().map(|p| m.var(p.1).0).collect::<Vec<_>>(),
            );
            assert_eq!(
                Bdd(oxidd::FunctionSubst::substitute(&f.0, &subst).unwrap()),
                g
            );
        }
        // non-injective-target and overlapping cases: swaps and cycles
        for _ in 0..100 {
            let f = from_tt(&m, &all[..6], &random_tt(&mut rng, 6));
            check_rename(&m, &f, &[(0, 1), (1, 0)], &all[..6]);
            check_rename(&m, &f, &[(0, 5), (5, 3), (3, 0)], &all[..6]);
            check_rename(&m, &f, &[(2, 4)], &all[..6]);
            check_rename(&m, &f, &[(4, 2), (5, 4)], &all[..6]);
        }
        // identity / out-of-support renamings
        let f = m.and(&m.var(0), &m.var(1));
        assert_eq!(m.rename(&f, &m.renaming(&[])), f);
        assert_eq!(m.rename(&f, &m.renaming(&[(3, 3)])), f);
        assert_eq!(m.rename(&f, &m.renaming(&[(5, 7)])), f);
        assert!(m.renaming(&[(3, 3)]).is_identity());
        assert_eq!(m.rename(&m.t(), &m.renaming(&[(0, 7)])), m.t());
        assert_eq!(
            m.rename(&m.not(&f), &m.renaming(&[(0, 7)])),
            m.not(&m.and(&m.var(7), &m.var(1)))
        );
    }

    #[test]
    #[should_panic(expected = "renaming maps variable")]
    fn renaming_rejects_conflicts() {
        let m = BddManager::new(4);
        m.renaming(&[(0, 1), (0, 2)]);
    }

    #[test]
    fn pick_cube_satisfies() {
        let mut rng = SmallRng::seed_from_u64(4);
        let m = BddManager::new(8);
        let vars: Vec<u32> = (0..8).collect();
        assert_eq!(m.pick_cube(&m.f()), None);
        assert_eq!(m.pick_cube(&m.t()), Some(vec![None; 8]));
        assert_eq!(
            m.pick_cube(&m.and(&m.var(1), &m.nvar(6))),
            Some(vec![
                None,
                Some(true),
                None,
                None,
                None,
                None,
                Some(false),
                None
            ])
        );
        for _ in 0..200 {
            let f = from_tt(&m, &vars, &random_tt(&mut rng, 8));
            let Some(cube) = m.pick_cube(&f) else {
                assert!(m.is_false(&f));
                continue;
            };
            assert_eq!(cube.len(), 8);
            // every completion of the partial assignment satisfies f
            for fill in [false, true] {
                assert!(m.eval(&f, &|v| cube[v as usize].unwrap_or(fill)));
            }
            let dc: Vec<u32> = (0..8).filter(|&v| cube[v as usize].is_none()).collect();
            for bits in 0..1usize << dc.len().min(4) {
                assert!(m.eval(&f, &|v| {
                    cube[v as usize].unwrap_or_else(|| {
                        dc.iter()
                            .position(|&x| x == v)
                            .is_some_and(|i| bits >> i & 1 == 1)
                    })
                }));
            }
            // the cube as a BDD implies f
            let c = m.and_all(
                cube.iter()
                    .enumerate()
                    .filter_map(|(v, b)| b.map(|b| m.lit(v as u32, b)))
                    .collect::<Vec<_>>()
                    .iter(),
            );
            assert!(m.implies(&c, &f));
        }
    }

    #[test]
    fn node_counts_and_support() {
        let m = BddManager::new(10);
        assert_eq!(m.node_count(&m.t()), 1);
        assert_eq!(m.node_count(&m.f()), 1);
        assert_eq!(m.node_count(&m.var(3)), 2);
        assert_eq!(m.node_count(&m.nvar(3)), 2);
        let x0x1 = m.and(&m.var(0), &m.var(1));
        assert_eq!(m.node_count(&x0x1), 3);
        // parity of n variables: n inner nodes with complement edges
        let mut p = m.f();
        for v in 0..10 {
            p = m.xor(&p, &m.var(v));
        }
        assert_eq!(m.node_count(&p), 11);
        assert_eq!(m.support(&p), (0..10).collect::<Vec<_>>());
        assert_eq!(m.support(&x0x1), vec![0, 1]);
        assert_eq!(m.support(&m.t()), Vec::<u32>::new());
        let vs = m.cube(&[7, 2, 7, 5]);
        assert_eq!(vs.vars(), &[2, 5, 7]);
        assert_eq!(m.node_count(vs.as_bdd()), 4);
        assert_eq!(m.support(vs.as_bdd()), vec![2, 5, 7]);
    }

    #[test]
    fn gc_keeps_live_functions() {
        let mut rng = SmallRng::seed_from_u64(5);
        let m = BddManager::new(12);
        let vars: Vec<u32> = (0..12).collect();
        let base = m.live_nodes();
        assert_eq!(base, 12, "only the literals");
        let tts: Vec<Vec<bool>> = (0..5).map(|_| random_tt(&mut rng, 12)).collect();
        let keep: Vec<Bdd> = tts.iter().map(|tt| from_tt(&m, &vars, tt)).collect();
        let counts: Vec<usize> = keep.iter().map(|f| m.node_count(f)).collect();
        for _ in 0..20 {
            let _garbage = from_tt(&m, &vars, &random_tt(&mut rng, 12));
        }
        let before = m.live_nodes();
        let freed = m.gc();
        assert!(freed > 0);
        let after = m.live_nodes();
        assert_eq!(before - freed, after);
        assert!(after >= counts.iter().sum::<usize>() / 5);
        for ((f, tt), c) in keep.iter().zip(&tts).zip(&counts) {
            assert_eq!(m.node_count(f), *c);
            for bits in (0..1usize << 12).step_by(7) {
                assert_eq!(eval_bits(&m, f, &vars, bits), tt[bits]);
            }
            // rebuilding yields the very same node
            assert_eq!(&from_tt(&m, &vars, tt), f);
        }
        // literals survive collection too
        assert_eq!(m.node_count(&m.var(11)), 2);
        drop(keep);
        m.gc();
        assert_eq!(m.live_nodes(), base);
    }

    #[test]
    fn out_of_nodes_is_reported() {
        let m = BddManager::with_capacity(16, 64, 1 << 10);
        let vars: Vec<u32> = (0..16).collect();
        let mut rng = SmallRng::seed_from_u64(6);
        assert_eq!(m.check(), Ok(()));
        let _ = from_tt(&m, &vars, &random_tt(&mut rng, 16));
        let err = m.check().unwrap_err();
        assert_eq!(err.to_string(), "BDD node table full (64 nodes)");
        // the manager is still consistent afterwards (and stays marked)
        m.gc();
        assert!(m.check().is_err());
        let f = m.and(&m.var(0), &m.var(1));
        assert!(m.eval(&f, &|v| v < 2));
    }

    #[test]
    fn many_variables_rename_is_cheap() {
        // Smoke version of the benchmark below: far-apart variables in a big
        // manager.
        let m = BddManager::new(20_000);
        let f = m.or(
            &m.and(&m.var(100), &m.var(19_990)),
            &m.xor(&m.var(5_000), &m.var(12_000)),
        );
        let r = m.renaming(&[
            (100, 101),
            (5_000, 5_001),
            (12_000, 12_001),
            (19_990, 19_991),
        ]);
        let g = m.rename(&f, &r);
        let expect = m.or(
            &m.and(&m.var(101), &m.var(19_991)),
            &m.xor(&m.var(5_001), &m.var(12_001)),
        );
        assert_eq!(g, expect);
    }

    /// `cargo test --release -p bebop bdd::manager::tests::bench -- --ignored --nocapture`
    #[test]
    #[ignore = "benchmark"]
    fn bench_rename_20k_vars() {
        let m = BddManager::new(20_000);
        let (a, b, c, d) = (100, 7_000, 13_000, 19_000);
        let f = m.or(&m.and(&m.var(a), &m.var(b)), &m.xor(&m.var(c), &m.var(d)));
        let r = m.renaming(&[(a, a + 1), (b, b + 1), (c, c + 1), (d, d + 1)]);
        let back = m.renaming(&[(a + 1, a), (b + 1, b), (c + 1, c), (d + 1, d)]);
        let n = 100_000;
        let start = Instant::now();
        let mut g = f.clone();
        for i in 0..n {
            g = m.rename(&g, if i % 2 == 0 { &r } else { &back });
        }
        let ours = start.elapsed();
        assert_eq!(g, f);

        // oxidd's substitute, for comparison (fewer iterations)
        let subst = |pairs: &[(u32, u32)]| {
            oxidd::Subst::new(
                pairs.iter().map(|p| p.0).collect::<Vec<_>>(),
                pairs.iter().map(|p| m.var(p.1).0).collect::<Vec<_>>(),
            )
        };
        let s = subst(r.pairs());
        let sb = subst(back.pairs());
        let k = 1_000;
        let start = Instant::now();
        let mut g = f.clone();
        for i in 0..k {
            let s = if i % 2 == 0 { &s } else { &sb };
            g = Bdd(oxidd::FunctionSubst::substitute(&g.0, s).unwrap());
        }
        let theirs = start.elapsed();
        assert_eq!(g, f);
        eprintln!(
            "rename, 20000-var manager, 4-var BDD ({} nodes): {n} renames in {ours:?} ({:.0} ns/op); \
             oxidd substitute: {k} in {theirs:?} ({:.0} ns/op)",
            m.node_count(&f),
            ours.as_nanos() as f64 / n as f64,
            theirs.as_nanos() as f64 / k as f64,
        );
    }

    #[test]
    #[ignore = "benchmark"]
    fn bench_and_1m() {
        let m = BddManager::new(30);
        let mut rng = SmallRng::seed_from_u64(7);
        // 1024 random functions, each over `k` random variables out of 30
        let mut pool = |k: usize| -> Vec<Bdd> {
            (0..1024)
                .map(|_| {
                    let mut sel: Vec<u32> = (0..30).collect();
                    while sel.len() > k {
                        sel.remove(rng.gen_range(0..sel.len()));
                    }
                    from_tt(&m, &sel, &random_tt(&mut rng, k))
                })
                .collect()
        };
        let n = 1usize << 20;
        let run = |label: &str, pool: &[Bdd], distinct: bool| {
            let avg = pool.iter().map(|f| m.node_count(f)).sum::<usize>() as f64 / 1024.0;
            m.gc();
            let start = Instant::now();
            let mut falses = 0usize;
            for i in 0..n {
                // `distinct`: all 2^20 (a, b) pairs are different; otherwise
                // only 64 * 64 pairs, i.e. apply-cache hits after warm-up
                let (a, b) = if distinct {
                    (i & 1023, i >> 10)
                } else {
                    (i & 63, (i >> 6) & 63)
                };
                let c = m.and(&pool[a], &pool[b]);
                falses += m.is_false(&c) as usize;
                if (i + 1) % (1 << 16) == 0 {
                    m.gc();
                }
            }
            let el = start.elapsed();
            eprintln!(
                "{label}: {n} x and (operands avg {avg:.1} nodes incl. terminal): {el:?} \
                 = {:.0} ns/op ({falses} false results)",
                el.as_nanos() as f64 / n as f64,
            );
        };
        let p2 = pool(2);
        let p3 = pool(3);
        let p5 = pool(5);
        run("2-var operands, cached pairs", &p2, false);
        run("2-var operands, distinct pairs", &p2, true);
        run("3-var operands, distinct pairs", &p3, true);
        run("5-var operands, distinct pairs", &p5, true);
    }
}
