//! The surface syntax tree, as parsed: names are strings, nothing is typed.
//! Expressions and formulas share one tree ([`Ast`]); the type checker
//! decides which is which.

use bebop::ast::Span;

/// A whole model file.
#[derive(Clone, Debug, Default)]
pub struct ModelAst {
    pub items: Vec<Item>,
}

/// A top-level declaration.
#[derive(Clone, Debug)]
pub enum Item {
    Enum {
        name: Ident,
        values: Vec<Ident>,
    },
    Var {
        ty: TypeAst,
        names: Vec<Ident>,
    },
    Pred {
        name: Ident,
        params: Vec<(TypeAst, Ident)>,
        body: Ast,
    },
    Proc {
        name: Ident,
        params: Vec<(TypeAst, Ident)>,
        toplevel: bool,
        body: Vec<StmtAst>,
    },
    Assert {
        formula: Ast,
        span: Span,
    },
    Init {
        formula: Ast,
    },
}

/// A name with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A scalar type as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScalarAst {
    Named(Ident),
    Bool,
    Int { width: u32, signed: bool },
}

/// Multiplicity annotation on a relation's last column (`A -> lone B`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mult {
    Lone,
    One,
    Some,
}

/// A variable or parameter type: a scalar, a set, or a relation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeAst {
    Scalar(ScalarAst, Span),
    Set(ScalarAst, Span),
    Rel {
        cols: Vec<ScalarAst>,
        mult: Option<Mult>,
        span: Span,
    },
}

impl TypeAst {
    pub fn span(&self) -> Span {
        match self {
            TypeAst::Scalar(_, s) | TypeAst::Set(_, s) | TypeAst::Rel { span: s, .. } => *s,
        }
    }
}

/// Binary operators of expressions and formulas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`: union, or addition on integers.
    Plus,
    /// `-`: difference, or subtraction on integers.
    Minus,
    Inter,
    Join,
    Product,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Implies,
    Iff,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    NotIn,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Not,
    Neg,
    Transpose,
    Closure,
    RClosure,
}

/// Quantifiers and cardinality tests share their keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quant {
    All,
    Some,
    No,
    One,
    Lone,
}

/// The eight CTL operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CtlOp {
    AX,
    AF,
    AG,
    AU,
    EX,
    EF,
    EG,
    EU,
}

impl CtlOp {
    pub fn name(self) -> &'static str {
        match self {
            CtlOp::AX => "AX",
            CtlOp::AF => "AF",
            CtlOp::AG => "AG",
            CtlOp::AU => "AU",
            CtlOp::EX => "EX",
            CtlOp::EF => "EF",
            CtlOp::EG => "EG",
            CtlOp::EU => "EU",
        }
    }
}

/// An expression or formula.
#[derive(Clone, Debug)]
pub struct Ast {
    pub kind: AstKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum AstKind {
    Name(Ident),
    Primed(Ident),
    Int(i64),
    True,
    False,
    Empty,
    Call(Ident, Vec<Ast>),
    Unary(UnOp, Box<Ast>),
    Binary(BinOp, Box<Ast>, Box<Ast>),
    /// `no E`, `some E`, `one E`, `lone E` (`sole` is `lone`).
    Card(Quant, Box<Ast>),
    /// `all x, y: E | F`.
    Quant(Quant, Vec<(Ident, Ast)>, Box<Ast>),
    /// `{x: E, y: F | G}`.
    Comprehension(Vec<(Ident, Ast)>, Box<Ast>),
    /// `AG f`, `A[f U g]`, ...
    Ctl(CtlOp, Box<Ast>, Option<Box<Ast>>),
}

/// A statement as written.
#[derive(Clone, Debug)]
pub struct StmtAst {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Block(Vec<StmtAst>),
    /// `target := value;` (target is a name or `key.name`).
    Assign(Ast, Ast),
    /// `target++;` / `target--;`
    Step(Ast, bool),
    /// A formula (declarative statement) or a procedure call.
    Expr(Ast),
    If(Ast, Box<StmtAst>, Option<Box<StmtAst>>),
    Foreach(Ident, Ast, Box<StmtAst>),
    While(Ast, Box<StmtAst>),
    DoWhile(Box<StmtAst>, Ast),
    Skip,
}
