//! The labeled transition graph (F-Soft §5.1): the program as blocks joined by transitions,
//! each transition a guard and a set of parallel assignments over the state cells.
//!
//! The state is a finite set of [`Cell`]s: every scalar leaf of every variable and of one
//! object per allocation site (structs flattened, arrays expanded up to a bound), the
//! result of each function, and one return-location cell per function that is called
//! (F-Soft's `rtr`). Data cells are integers (pointers are addresses); control cells
//! (return locations, flags only ever set to constants and compared with constants) have a
//! small finite domain and live in BDDs ([`super::symbolic`]).
//!
//! A transition is the straight-line code between two blocks composed into one step:
//! later reads see earlier writes (substituted), so the step is a guard over the
//! pre-state and the inputs, and simultaneous assignments. It also remembers the CIR edges
//! it stands for, so that a path of transitions is a CIR path the CEGAR loop's replay can
//! confirm.

use slamrs_abstraction::cir::{FuncId, NodeId};

/// Index of a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellId(pub u32);

/// Index of a block.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// Index of a transition.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TransId(pub u32);

/// How a cell's values are represented.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// An integer (or an address) in linear arithmetic.
    Data,
    /// A value in `0..2^bits`, encoded in `bits` BDD variables.
    Control { bits: u32 },
}

/// One state variable.
#[derive(Clone, Debug)]
pub struct Cell {
    /// A readable name: `x`, `s.b`, `arr[2]`, `rtr(f)`.
    pub name: String,
    pub kind: CellKind,
}

/// An integer expression over the pre-state cells and the transition's inputs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ex {
    Int(i128),
    Cell(CellId),
    /// The transition's `i`-th input (see [`Transition::inputs`]).
    Input(u32),
    Add(Box<Ex>, Box<Ex>),
    Sub(Box<Ex>, Box<Ex>),
    /// Multiplication by a constant.
    Scale(Box<Ex>, i128),
    /// The product of two non-constant values (non-linear: exact for Z3, which may not
    /// decide or eliminate it).
    Mul(Box<Ex>, Box<Ex>),
    /// Division truncating toward zero by a nonzero constant (C's `/`).
    Div(Box<Ex>, i128),
    /// C's `%` by a nonzero constant.
    Rem(Box<Ex>, i128),
    /// Floor division by a positive constant (`>>` by a constant).
    FloorDiv(Box<Ex>, i128),
    /// The remainder of floor division by a positive constant (`& (2^k - 1)`).
    FloorRem(Box<Ex>, i128),
    /// The value wrapped to `bits` bits (a cast).
    Wrap {
        e: Box<Ex>,
        bits: u16,
        signed: bool,
    },
    Ite(Box<Cond>, Box<Ex>, Box<Ex>),
}

/// Comparison operators of [`Cond::Cmp`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
}

/// A condition over the pre-state cells and the transition's inputs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    True,
    False,
    Cmp(Cmp, Ex, Ex),
    /// A control cell has (or, `eq == false`, has not) this value.
    Control {
        cell: CellId,
        value: u64,
        eq: bool,
    },
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

impl Ex {
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Ex::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// `a + b`, folding constants.
    pub fn plus(a: Ex, b: Ex) -> Ex {
        match (a.as_int(), b.as_int()) {
            (Some(x), Some(y)) => x
                .checked_add(y)
                .map_or_else(|| Ex::Add(a.into(), b.into()), Ex::Int),
            (Some(0), None) => b,
            (None, Some(0)) => a,
            _ => Ex::Add(Box::new(a), Box::new(b)),
        }
    }

    /// `a - b`, folding constants.
    pub fn minus(a: Ex, b: Ex) -> Ex {
        match (a.as_int(), b.as_int()) {
            (Some(x), Some(y)) => x
                .checked_sub(y)
                .map_or_else(|| Ex::Sub(a.into(), b.into()), Ex::Int),
            (None, Some(0)) => a,
            _ => Ex::Sub(Box::new(a), Box::new(b)),
        }
    }

    /// `a * k`, folding constants.
    pub fn scale(a: Ex, k: i128) -> Ex {
        match (a.as_int(), k) {
            (_, 0) => Ex::Int(0),
            (_, 1) => a,
            (Some(x), _) => x
                .checked_mul(k)
                .map_or_else(|| Ex::Scale(a.into(), k), Ex::Int),
            _ => Ex::Scale(Box::new(a), k),
        }
    }

    /// `if c then a else b`, folding constant conditions and equal branches.
    pub fn ite(c: Cond, a: Ex, b: Ex) -> Ex {
        match c {
            Cond::True => a,
            Cond::False => b,
            _ if a == b => a,
            c => Ex::Ite(Box::new(c), Box::new(a), Box::new(b)),
        }
    }

    /// Calls `f` on every cell the expression reads.
    pub fn cells(&self, f: &mut impl FnMut(CellId)) {
        match self {
            Ex::Int(_) | Ex::Input(_) => {}
            Ex::Cell(c) => f(*c),
            Ex::Add(a, b) | Ex::Sub(a, b) | Ex::Mul(a, b) => {
                a.cells(f);
                b.cells(f);
            }
            Ex::Scale(a, _)
            | Ex::Div(a, _)
            | Ex::Rem(a, _)
            | Ex::FloorDiv(a, _)
            | Ex::FloorRem(a, _) => a.cells(f),
            Ex::Wrap { e, .. } => e.cells(f),
            Ex::Ite(c, a, b) => {
                c.cells(f);
                a.cells(f);
                b.cells(f);
            }
        }
    }
}

impl Cond {
    pub fn cmp(op: Cmp, a: Ex, b: Ex) -> Cond {
        if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
            let holds = match op {
                Cmp::Eq => x == y,
                Cmp::Ne => x != y,
                Cmp::Lt => x < y,
                Cmp::Le => x <= y,
            };
            return if holds { Cond::True } else { Cond::False };
        }
        if a == b {
            return if matches!(op, Cmp::Eq | Cmp::Le) {
                Cond::True
            } else {
                Cond::False
            };
        }
        Cond::Cmp(op, a, b)
    }

    pub fn negate(c: Cond) -> Cond {
        match c {
            Cond::True => Cond::False,
            Cond::False => Cond::True,
            Cond::Not(c) => *c,
            c => Cond::Not(Box::new(c)),
        }
    }

    pub fn and(cs: impl IntoIterator<Item = Cond>) -> Cond {
        let mut out = Vec::new();
        for c in cs {
            match c {
                Cond::True => {}
                Cond::False => return Cond::False,
                Cond::And(inner) => out.extend(inner),
                c => out.push(c),
            }
        }
        match out.len() {
            0 => Cond::True,
            1 => out.pop().expect("one"),
            _ => Cond::And(out),
        }
    }

    pub fn or(cs: impl IntoIterator<Item = Cond>) -> Cond {
        let mut out = Vec::new();
        for c in cs {
            match c {
                Cond::False => {}
                Cond::True => return Cond::True,
                Cond::Or(inner) => out.extend(inner),
                c => out.push(c),
            }
        }
        match out.len() {
            0 => Cond::False,
            1 => out.pop().expect("one"),
            _ => Cond::Or(out),
        }
    }

    /// Calls `f` on every cell the condition reads.
    pub fn cells(&self, f: &mut impl FnMut(CellId)) {
        match self {
            Cond::True | Cond::False => {}
            Cond::Cmp(_, a, b) => {
                a.cells(f);
                b.cells(f);
            }
            Cond::Control { cell, .. } => f(*cell),
            Cond::Not(c) => c.cells(f),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| c.cells(f)),
        }
    }

    /// True if the condition reads only control cells (no comparison of data).
    pub fn is_control_only(&self) -> bool {
        match self {
            Cond::True | Cond::False | Cond::Control { .. } => true,
            Cond::Cmp(..) => false,
            Cond::Not(c) => c.is_control_only(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().all(Cond::is_control_only),
        }
    }

    /// True if the condition reads a control cell.
    pub fn has_control(&self) -> bool {
        match self {
            Cond::Control { .. } => true,
            Cond::Not(c) => c.has_control(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(Cond::has_control),
            _ => false,
        }
    }
}

/// What a transition's input is, and the values it may take.
#[derive(Clone, Debug, Default)]
pub struct Input {
    /// Inclusive bounds (`None`: unbounded).
    pub range: Option<(i128, i128)>,
    /// For the result of an operation the graph does not model exactly (§5.5): the
    /// operation and its operands, from which [`super::interval`] bounds the result.
    pub of: Option<Box<NonLinear>>,
}

/// An operation whose result is an input of the graph (bounded by intervals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonLinear {
    pub op: NonLinearOp,
    pub a: Ex,
    pub b: Ex,
}

/// The operations of [`NonLinear`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NonLinearOp {
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
    Div,
    Rem,
}

/// A CIR edge a transition stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CirStep {
    pub func: FuncId,
    pub node: NodeId,
    pub edge: usize,
    /// For a call of a function with a body: the function entered.
    pub callee: Option<FuncId>,
}

/// One step of the graph: from `from` to `to` when `guard` holds, with the parallel
/// assignments `data` and `control`.
#[derive(Clone, Debug)]
pub struct Transition {
    pub from: BlockId,
    pub to: BlockId,
    pub guard: Cond,
    /// Data cells and their new values (expressions over the pre-state).
    pub data: Vec<(CellId, Ex)>,
    /// Control cells and their new values (constants).
    pub control: Vec<(CellId, u64)>,
    /// Control cells set to any one of these values.
    pub havoc: Vec<(CellId, Vec<u64>)>,
    pub inputs: Vec<Input>,
    pub steps: Vec<CirStep>,
}

/// What a block is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// Before the static initializers.
    Start,
    /// A CIR node of a function's instance: the depth of its activation among the active
    /// ones of its recursive call-graph component (0 for a function that is not recursive).
    Node(FuncId, NodeId, u32),
    /// The error location.
    Error,
    /// The program ended (returned from the entry function, `exit`, `abort`).
    End,
    /// An environment model's bound or an allocation site's bound was reached: paths
    /// here are not followed, and a run that reaches it cannot prove the program safe.
    Bound(String),
}

/// The labeled transition graph.
#[derive(Clone, Debug)]
pub struct Ltg {
    pub cells: Vec<Cell>,
    pub blocks: Vec<BlockKind>,
    pub transitions: Vec<Transition>,
    pub start: BlockId,
    pub error: BlockId,
    /// Transitions leaving each block.
    pub out: Vec<Vec<TransId>>,
    /// Objects too large to expand into cells: their reads are arbitrary values and their
    /// writes are dropped (sound; a counterexample through them may be spurious).
    pub smashed: Vec<String>,
}

impl Ltg {
    pub fn trans(&self, t: TransId) -> &Transition {
        &self.transitions[t.0 as usize]
    }

    pub fn cell(&self, c: CellId) -> &Cell {
        &self.cells[c.0 as usize]
    }

    pub fn is_control(&self, c: CellId) -> bool {
        matches!(self.cell(c).kind, CellKind::Control { .. })
    }
}
