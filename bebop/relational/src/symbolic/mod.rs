//! The symbolic model checker: states and relations as BDDs (§5). The
//! [`Engine`] owns the BDD manager and the variable [`layout`]; [`algebra`]
//! and [`eval`] give expressions their symbolic values, [`trans`] and
//! [`stmt`] statements their transition relations, [`procs`] procedures
//! their summaries (with the loop outcome), [`kripke`] the partitioned
//! transition structure, [`ctl`] the temporal operators, [`check`] the
//! assertions and [`trace`] their counterexamples and witnesses.

pub mod algebra;
pub mod check;
pub mod ctl;
pub mod eval;
pub mod kripke;
pub mod layout;
pub mod procs;
pub mod stmt;
pub mod trace;
pub mod trans;

use std::cell::Cell;
use std::fmt;

use bebop::bdd::{BddManager, NodeTableFull};

use crate::model::Model;
use eval::{CtlHook, Eval};
use layout::Layout;
use trans::Tx;

/// Why a check gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// The BDD node table filled up.
    OutOfNodes(NodeTableFull),
    /// The model is beyond a fixed limit of the checker.
    TooLarge(String),
    /// A bug: an inconsistency between the type checker and the engine.
    Internal(String),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::OutOfNodes(n) => write!(f, "{n}"),
            CheckError::TooLarge(s) => write!(f, "model too large: {s}"),
            CheckError::Internal(s) => write!(f, "internal error: {s}"),
        }
    }
}

impl std::error::Error for CheckError {}

impl From<NodeTableFull> for CheckError {
    fn from(e: NodeTableFull) -> Self {
        CheckError::OutOfNodes(e)
    }
}

/// Limits of a run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Maximal number of BDD nodes.
    pub node_capacity: usize,
    /// Whether failing assertions get a trace.
    pub traces: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            node_capacity: 1 << 24,
            traces: true,
        }
    }
}

/// Most BDD variables a model may need.
pub const MAX_BDD_VARS: u32 = 30_000;

/// Below this many nodes the table is never collected.
const GC_FLOOR: usize = 1 << 18;

/// One checking run over one model.
pub struct Engine {
    pub model: Model,
    pub lay: Layout,
    pub m: BddManager,
    peak: Cell<usize>,
    /// Node count above which the next checkpoint collects garbage.
    gc_at: Cell<usize>,
}

impl Engine {
    pub fn new(model: Model, opts: &Options) -> Result<Engine, CheckError> {
        let lay = Layout::new(&model);
        if lay.bdd_vars() > MAX_BDD_VARS {
            return Err(CheckError::TooLarge(format!(
                "{} state bits (at most {})",
                lay.state_bits,
                MAX_BDD_VARS / 3
            )));
        }
        let m = BddManager::with_node_capacity(lay.bdd_vars(), opts.node_capacity);
        m.check()?;
        Ok(Engine {
            model,
            lay,
            m,
            peak: Cell::new(0),
            gc_at: Cell::new(GC_FLOOR),
        })
    }

    pub(crate) fn eval<'a>(&'a self, ctl: Option<&'a dyn CtlHook>) -> Eval<'a> {
        Eval {
            m: &self.m,
            model: &self.model,
            lay: &self.lay,
            ctl,
        }
    }

    pub(crate) fn tx(&self) -> Tx<'_> {
        Tx {
            m: &self.m,
            lay: &self.lay,
        }
    }

    /// A checkpoint between fixpoint iterations: collects garbage when the
    /// node table has grown well beyond what was live after the last
    /// collection (a small table keeps the unique table in cache), and
    /// records the peak number of live nodes.
    pub(crate) fn note_peak(&self) {
        let n = self.m.live_nodes();
        if n < self.gc_at.get() {
            return;
        }
        self.m.gc();
        let live = self.m.live_nodes();
        self.peak.set(self.peak.get().max(live));
        self.gc_at.set((2 * live).max(GC_FLOOR));
    }

    /// The largest number of live nodes seen at a collection (or now).
    pub fn peak_nodes(&self) -> usize {
        self.m.gc();
        self.peak.get().max(self.m.live_nodes())
    }
}
