//! The checked model: every name resolved to an index, every expression
//! typed. This is what both engines (the symbolic checker and the explicit
//! oracle) read; it is built only by [`crate::typeck`].

use bebop::ast::Span;

pub use crate::syntax::ast::{CtlOp, Mult, Quant};

/// A scalar domain: the values one column of a relation ranges over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dom {
    Enum(usize),
    Bool,
    Int { width: u32, signed: bool },
}

/// A type: a formula, a scalar, or a relation (a set is a relation of arity 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Formula,
    Scalar(Dom),
    Rel(Vec<Dom>),
}

/// An enumeration.
#[derive(Clone, Debug)]
pub struct EnumDef {
    pub name: String,
    pub values: Vec<String>,
}

/// A global variable (the built-in `bad` is variable 0).
#[derive(Clone, Debug)]
pub struct VarDef {
    pub name: String,
    pub kind: VarKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarKind {
    Scalar(Dom),
    Rel { cols: Vec<Dom>, mult: Option<Mult> },
}

impl VarKind {
    pub fn ty(&self) -> Ty {
        match self {
            VarKind::Scalar(d) => Ty::Scalar(*d),
            VarKind::Rel { cols, .. } => Ty::Rel(cols.clone()),
        }
    }
}

/// Index of a bound name (quantifier, comprehension, foreach, parameter).
pub type LocalId = usize;

/// Arithmetic operators on integer scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// Order comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Lt,
    Le,
}

/// A typed expression or formula.
#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Ty,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A global variable, in the pre-state or (primed) the post-state.
    Var {
        var: usize,
        primed: bool,
    },
    Local(LocalId),
    /// All values of a domain, as a set.
    Universe(Dom),
    /// The empty relation of the expression's type.
    Empty,
    /// A constant scalar, as its value index in the domain.
    Const(u64),
    /// A scalar as a singleton set.
    Promote(Box<Expr>),
    /// A bool scalar as a formula, and back.
    AsFormula(Box<Expr>),
    AsBool(Box<Expr>),
    Union(Box<Expr>, Box<Expr>),
    Inter(Box<Expr>, Box<Expr>),
    Diff(Box<Expr>, Box<Expr>),
    Join(Box<Expr>, Box<Expr>),
    Product(Box<Expr>, Box<Expr>),
    Transpose(Box<Expr>),
    Closure(Box<Expr>),
    RClosure(Box<Expr>),
    Arith(Arith, Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Comprehension(Vec<(LocalId, Dom)>, Box<Expr>),
    True,
    False,
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Implies(Box<Expr>, Box<Expr>),
    Iff(Box<Expr>, Box<Expr>),
    /// Equality of two values of the same type (scalars or relations).
    Eq(Box<Expr>, Box<Expr>),
    /// `a < b` / `a <= b`: on scalars, the domain order; on sets, every
    /// element of `a` is below every element of `b`.
    Order(Order, Box<Expr>, Box<Expr>),
    /// `a in b`: subset, on relations of the same type.
    In(Box<Expr>, Box<Expr>),
    Card(Quant, Box<Expr>),
    /// Quantifier over the values of a set expression, per binder.
    Quant(Quant, Vec<(LocalId, Expr)>, Box<Expr>),
    Ctl(CtlOp, Box<Expr>, Option<Box<Expr>>),
    /// A predicate applied: the body with the parameters bound to the arguments.
    PredCall(usize, Vec<Expr>),
    /// The built-in `loop` predicate: the state is the loop state.
    Loop,
}

/// A named formula with parameters (inlined at each use).
#[derive(Clone, Debug)]
pub struct PredDef {
    pub name: String,
    pub params: Vec<(LocalId, Ty)>,
    pub body: Expr,
}

/// The target of an assignment.
#[derive(Clone, Debug)]
pub enum LValue {
    Var(usize),
    /// `key.var := value`: replaces the rows of `var` whose first column is `key`.
    Row {
        var: usize,
        key: Expr,
    },
}

/// A statement.
#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// The value has the target's type, or is a set assigned to a scalar
    /// (then it must be a singleton, else `bad`).
    Assign {
        target: LValue,
        value: Expr,
    },
    /// A formula over pre- and post-state; `frees_bad` when it mentions `bad'`.
    Declare {
        formula: Expr,
        frees_bad: bool,
    },
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `foreach x: set body`; `snapshot` is the local slot holding the set's
    /// value at entry when the body may change it.
    Foreach {
        local: LocalId,
        dom: Dom,
        set: Expr,
        body: Vec<Stmt>,
        snapshot: Option<usize>,
    },
    While(Expr, Vec<Stmt>),
    Call {
        proc: usize,
        args: Vec<Expr>,
    },
}

/// A procedure; its parameters are scalars.
#[derive(Clone, Debug)]
pub struct ProcDef {
    pub name: String,
    pub params: Vec<(LocalId, Dom)>,
    pub toplevel: bool,
    pub body: Vec<Stmt>,
    /// Domains of the foreach snapshot slots of this procedure.
    pub slots: Vec<Dom>,
    pub span: Span,
}

/// An assertion, with its source text for reports.
#[derive(Clone, Debug)]
pub struct Assertion {
    pub formula: Expr,
    pub span: Span,
}

/// A whole checked model.
#[derive(Clone, Debug, Default)]
pub struct Model {
    pub enums: Vec<EnumDef>,
    pub vars: Vec<VarDef>,
    pub preds: Vec<PredDef>,
    pub procs: Vec<ProcDef>,
    pub asserts: Vec<Assertion>,
    pub init: Option<Expr>,
    /// Number of bound names ([`LocalId`]s are `0..locals`).
    pub locals: usize,
    /// Names of the bound names, for traces.
    pub local_names: Vec<String>,
}

/// The bad variable's index.
pub const BAD: usize = 0;

impl Model {
    /// Number of values of a domain.
    pub fn dom_size(&self, d: Dom) -> u64 {
        match d {
            Dom::Enum(e) => self.enums[e].values.len() as u64,
            Dom::Bool => 2,
            Dom::Int { width, .. } => 1 << width,
        }
    }

    /// Number of bits of a scalar of the domain.
    pub fn dom_bits(&self, d: Dom) -> u32 {
        match d {
            Dom::Int { width, .. } => width,
            _ => bits_for(self.dom_size(d)),
        }
    }

    /// Number of tuples of a relation over `cols`.
    pub fn tuples(&self, cols: &[Dom]) -> u64 {
        cols.iter().map(|d| self.dom_size(*d)).product()
    }

    /// The rank of value index `v` in the domain's order (signed integers
    /// are ordered by their two's complement value).
    pub fn rank(&self, d: Dom, v: u64) -> i64 {
        match d {
            Dom::Int {
                width,
                signed: true,
            } => sign_extend(v, width),
            _ => v as i64,
        }
    }

    /// The printed name of value `v` of domain `d`.
    pub fn value_name(&self, d: Dom, v: u64) -> String {
        match d {
            Dom::Enum(e) => self.enums[e]
                .values
                .get(v as usize)
                .cloned()
                .unwrap_or_else(|| format!("?{v}")),
            Dom::Bool => (v != 0).to_string(),
            Dom::Int { .. } => self.rank(d, v).to_string(),
        }
    }
}

/// Bits needed to encode `n` distinct values.
pub fn bits_for(n: u64) -> u32 {
    if n <= 1 {
        0
    } else {
        64 - (n - 1).leading_zeros()
    }
}

/// The two's complement value of the low `width` bits of `v`.
pub fn sign_extend(v: u64, width: u32) -> i64 {
    let shift = 64 - width;
    ((v << shift) as i64) >> shift
}

/// Splits a tuple index of a relation over domains of sizes `sizes` into its
/// column values (the first column is the most significant).
pub fn split_tuple(mut idx: u64, sizes: &[u64]) -> Vec<u64> {
    let mut out = vec![0; sizes.len()];
    for (k, s) in sizes.iter().enumerate().rev() {
        out[k] = idx % s;
        idx /= s;
    }
    out
}

/// Joins column values into a tuple index (inverse of [`split_tuple`]).
pub fn tuple_index(vals: &[u64], sizes: &[u64]) -> u64 {
    vals.iter().zip(sizes).fold(0, |acc, (v, s)| acc * s + v)
}
