//! The CIR interpreter: runs a program on concrete inputs.
//!
//! [`run`] executes the entry function (after the static initializers) and reports how the
//! run ended ([`Outcome`]), what the program printed, and which nondeterministic values it
//! used. It is used by the gcc differential test (Machine mode), by refinement to replay
//! counterexamples (Math mode), and by the points-to soundness check and the abstraction simulation check (through
//! [`Observer`]).
//!
//! Semantics in brief (details on each module):
//! - Branching: at a node the edges are tried in order; an `Assume` edge is enabled iff its
//!   condition is nonzero, every other edge is always enabled, and the first enabled edge is
//!   taken. Lowering emits complementary `Assume` pairs, so normally exactly one is enabled.
//!   If none is, the run ends with [`Outcome::AssumeFailed`].
//! - Memory: byte-addressed objects (variables per activation, allocations, string literals,
//!   `argv`), pointers are (object, byte offset). Static storage starts zeroed; automatic and
//!   `malloc`ed storage starts uninitialized, and reading it asks the oracle
//!   (`HavocKind::Uninit`) once, storing the value so that re-reads agree.
//! - Integers: unbounded (`i128`) in [`IntMode::Math`], wrapped to their C type's width in
//!   [`IntMode::Machine`]. Pointer-to-integer casts of non-null pointers are unsupported.
//! - Calls of functions without a body follow `cir::env::classify`; see `extern_call.rs`.

mod arith;
mod check;
mod eval;
mod exec;
mod extern_call;
mod format;
mod machine;
mod memory;
pub mod observe;
mod oracle;
mod probe;
pub mod value;

#[cfg(test)]
mod tests;

pub use machine::MAX_OBJECT;
pub use observe::{NoObserver, Observer, Probe};
pub use oracle::{int_range, Choice, Oracle, RandomOracle, Recording, SeqOracle};
pub use value::{ObjKind, ObjRef, Pointer, Value, ENV_OBJECT_BYTES};

use crate::cir::{FuncId, Loc, NodeId, Program};

/// How integers behave.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum IntMode {
    /// Mathematical integers (held in `i128`; leaving its range ends the run with
    /// [`Outcome::Unsupported`]). Conversions keep values, except to `_Bool`.
    #[default]
    Math,
    /// Every integer wraps to its C type's width (two's complement, widths from the
    /// program's data model), as gcc's code does.
    Machine,
}

/// Settings of a run.
#[derive(Clone, Debug)]
pub struct Config {
    pub int_mode: IntMode,
    /// Edges the run may take before it ends with [`Outcome::StepBound`].
    pub max_steps: u64,
    /// Deepest call stack (frames, the entry function included); a deeper call ends the
    /// run with [`Outcome::StepBound`].
    pub max_depth: usize,
    /// The function to run (`"main"` by default).
    pub entry: String,
    /// Record every edge taken in [`Run::path`].
    pub record_path: bool,
    /// Objects apart: an access past the end of an object extends the object instead of
    /// stopping the run (the memory model of path formulas, where objects sit far apart);
    /// each such access is listed in [`Run::grown`]. Off by default: the access is
    /// undefined behaviour.
    pub objects_apart: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            int_mode: IntMode::Math,
            max_steps: 1_000_000,
            max_depth: 10_000,
            entry: "main".to_string(),
            record_path: false,
            objects_apart: false,
        }
    }
}

/// How the reason of an [`Outcome::Undefined`] for an access past the end of an object
/// begins.
pub const OUT_OF_BOUNDS: &str = "out-of-bounds access:";

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An `Error` edge (or a call of an error function) was taken in `func` at `loc`.
    Error { func: FuncId, loc: Loc },
    /// Every edge out of a node was blocked by its `assume` (or `__VERIFIER_assume(0)`).
    AssumeFailed { loc: Loc },
    /// A `Halt` edge: `Some(n)` for `exit(n)`, `None` for `abort()`.
    Exit { code: Option<i128> },
    /// The entry function returned (`None` for `void` or a non-integer value).
    Return { value: Option<i128> },
    /// `max_steps` edges were taken, or the call stack exceeded `max_depth`.
    StepBound,
    /// The oracle had no value for an input at `loc`.
    OutOfInputs { loc: Loc },
    /// The program did something C leaves undefined (null or dangling dereference, access
    /// out of bounds, division by zero, ...).
    Undefined { loc: Loc, reason: String },
    /// The interpreter cannot follow the program (or the program breaks CIR invariants).
    Unsupported { loc: Loc, reason: String },
}

impl Outcome {
    /// A short name for the kind of outcome (`error`, `return`, `exit`, `assume-failed`,
    /// `step-bound`, `out-of-inputs`, `undefined`, `unsupported`).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Outcome::Error { .. } => "error",
            Outcome::AssumeFailed { .. } => "assume-failed",
            Outcome::Exit { .. } => "exit",
            Outcome::Return { .. } => "return",
            Outcome::StepBound => "step-bound",
            Outcome::OutOfInputs { .. } => "out-of-inputs",
            Outcome::Undefined { .. } => "undefined",
            Outcome::Unsupported { .. } => "unsupported",
        }
    }
}

/// One edge taken: `edge` is its index in the node's `edges`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub func: FuncId,
    pub node: NodeId,
    pub edge: usize,
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Run {
    pub outcome: Outcome,
    /// Bytes written to standard output (`printf`, `puts`, `putchar`).
    pub output: Vec<u8>,
    /// Edges taken.
    pub steps: u64,
    /// Every value the oracle gave for an input (`HavocKind::Input`: nondet functions and
    /// unknown external calls), in order, as the oracle gave it. Values for uninitialized
    /// reads and inline assembly are not listed, so `SeqOracle::new(run.inputs)` replays
    /// the run's inputs.
    pub inputs: Vec<i128>,
    /// The edges taken, if `Config::record_path` (callee edges included).
    pub path: Vec<Step>,
    /// The accesses past the end of an object that [`Config::objects_apart`] let through:
    /// where, and what each would have been ("out-of-bounds access: ...").
    pub grown: Vec<(Loc, String)>,
}

/// Run `prog` from `cfg.entry`: static initializers first, in order, then the entry
/// function. Never panics; a program breaking CIR invariants gives `Unsupported`.
pub fn run(prog: &Program, cfg: &Config, oracle: &mut dyn Oracle, obs: &mut dyn Observer) -> Run {
    machine::Machine::new(prog, cfg, oracle, obs).run()
}

/// [`run`] with inputs from a [`SeqOracle`] and no observer.
pub fn run_main(prog: &Program, cfg: &Config, inputs: &[i128]) -> Run {
    let mut oracle = SeqOracle::new(inputs.to_vec());
    run(prog, cfg, &mut oracle, &mut NoObserver)
}
