//! The parsed form of a rule (the SLIC subset of docs/rules.md).

/// A position in the rule text: 1-based line and column (columns count characters).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

/// A state variable: an `int` with a constant initial value, or a `ptr` (initially null)
/// that remembers a pointer the program passed or returned (an IRP, a lock).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateVar {
    pub name: String,
    pub init: i128,
    /// Declared `ptr`: holds a pointer (`void *`), compared with pointers only.
    pub pointer: bool,
    pub pos: Pos,
}

/// The function an event is attached to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EventFunc {
    /// `$entry`: the entry function (its first activation).
    Entry,
    /// A function of the program, by name.
    Named(String),
}

/// When an event happens: on entry to the function or when it returns.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    Entry,
    Exit,
}

/// One `f.entry` / `f.exit` of a handler's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub func: EventFunc,
    pub kind: EventKind,
    pub pos: Pos,
}

/// An event handler: the events it runs on and its statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handler {
    pub events: Vec<Event>,
    pub body: Vec<RStmt>,
    pub pos: Pos,
}

/// A statement of a handler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RStmt {
    /// `if (cond) then [else els]`
    If {
        cond: RExpr,
        then: Box<RStmt>,
        els: Option<Box<RStmt>>,
        pos: Pos,
    },
    /// `{ ... }`
    Block(Vec<RStmt>),
    /// `x = value;` where `var` indexes [`Rule::state`].
    Assign { var: usize, value: RExpr, pos: Pos },
    /// `abort "message";`
    Abort { message: String, pos: Pos },
    /// `giveup "message";`: the rule cannot follow the run past this point (a bound of the
    /// rule, such as the number of locks it tracks at once). A run that reaches it is
    /// neither a violation nor safe: the check's answer is UNKNOWN with the message.
    GiveUp { message: String, pos: Pos },
}

/// An expression of a handler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RExpr {
    pub kind: RExprKind,
    pub pos: Pos,
}

/// The forms of [`RExpr`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RExprKind {
    /// An integer constant.
    Int(i128),
    /// A state variable (index into [`Rule::state`]).
    State(usize),
    /// `$n`: the n-th argument of the call (1-based).
    Arg(u32),
    /// `$return`: the value the function returns (exit events only).
    Return,
    Unary(RUnOp, Box<RExpr>),
    Binary(RBinOp, Box<RExpr>, Box<RExpr>),
}

/// Unary operators of rule expressions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RUnOp {
    /// `-e`
    Neg,
    /// `~e`
    BitNot,
    /// `!e`
    Not,
}

/// Binary operators of rule expressions (C's, with C's precedence).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RBinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    /// `&&` (short-circuit)
    And,
    /// `||` (short-circuit)
    Or,
}

/// A parsed rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The rule's name: the built-in's name, or the file name without `.slic`.
    pub name: String,
    /// Where the rule text came from: a path, or `<builtin:NAME>`. Instrumentation names
    /// this file in the locations of the code it adds.
    pub file: String,
    /// The rule text, for showing rule lines in traces.
    pub text: String,
    /// State variables, in declaration order.
    pub state: Vec<StateVar>,
    /// Event handlers, in the order of the text (handlers of one event run in this order).
    pub handlers: Vec<Handler>,
}

impl Rule {
    /// The names of the functions the rule's events name (`$entry` not included), without
    /// duplicates, in order of first mention.
    pub fn event_functions(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for h in &self.handlers {
            for e in &h.events {
                if let EventFunc::Named(n) = &e.func {
                    if !out.contains(&n.as_str()) {
                        out.push(n);
                    }
                }
            }
        }
        out
    }

    /// The source line `line` (1-based) of the rule text, if it exists.
    pub fn line(&self, line: u32) -> Option<&str> {
        self.text.lines().nth((line as usize).checked_sub(1)?)
    }
}

impl RExpr {
    /// Calls `f` on this expression and every subexpression.
    pub fn visit(&self, f: &mut impl FnMut(&RExpr)) {
        f(self);
        match &self.kind {
            RExprKind::Unary(_, a) => a.visit(f),
            RExprKind::Binary(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            RExprKind::Int(_) | RExprKind::State(_) | RExprKind::Arg(_) | RExprKind::Return => {}
        }
    }
}

impl RStmt {
    /// Calls `f` on every expression of this statement (nested statements included).
    pub fn visit_exprs(&self, f: &mut impl FnMut(&RExpr)) {
        match self {
            RStmt::If {
                cond, then, els, ..
            } => {
                cond.visit(f);
                then.visit_exprs(f);
                if let Some(e) = els {
                    e.visit_exprs(f);
                }
            }
            RStmt::Block(b) => b.iter().for_each(|s| s.visit_exprs(f)),
            RStmt::Assign { value, .. } => value.visit(f),
            RStmt::Abort { .. } | RStmt::GiveUp { .. } => {}
        }
    }
}
