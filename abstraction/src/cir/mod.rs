//! CIR: the C intermediate representation.
//!
//! A [`Program`] is a value holding everything needed to read it: the type table, every
//! variable (globals, statics, formals, locals, temporaries), the functions (with or without a
//! body), allocation sites, string literals and the global initializers.
//!
//! A function body is a control-flow automaton: nodes are program points, and each edge
//! carries one simple [`Stmt`] and the source location it came from. Expressions ([`Expr`])
//! are side-effect free; all effects (assignment, calls, nondeterminism, allocation) are
//! statements. Branches are pairs of `Assume` edges. `Return` edges go to the body's `exit`
//! node; `Error` and `Halt` edges go to its `halt` node; neither has outgoing edges.

pub mod env;
pub mod print;
pub mod types;
pub mod verify;

pub use types::{
    DataModel, Field, FnSig, IntKind, LayoutAttrs, MemberSpec, StructDef, StructId, Ty, TypeKind,
    Types,
};

use rustc_hash::FxHashMap as HashMap;

/// A source file named by a [`Loc`]: an index into [`Program::files`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A location in the original (not preprocessed) source. `line == 0` means unknown.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Loc {
    pub file: FileId,
    pub line: u32,
    pub col: u32,
}

/// A variable: an index into [`Program::vars`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// A function: an index into [`Program::functions`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// An allocation site: an index into [`Program::allocs`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AllocId(pub u32);

/// A string literal: an index into [`Program::strings`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StrId(pub u32);

/// A node (program point) of a function body: an index into [`Body::nodes`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

/// What kind of storage a variable has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// File-scope variable. `is_static`: internal linkage.
    Global { is_static: bool },
    /// `static` variable inside a function: global lifetime, function scope.
    StaticLocal(FuncId),
    /// Formal parameter.
    Param(FuncId),
    /// Automatic local variable declared in the source.
    Local(FuncId),
    /// Temporary introduced by lowering.
    Temp(FuncId),
}

/// Name of the pseudo variable standing for a function's return value in predicates
/// (c2bp and refinement create one per function, as a temporary of it).
pub const RESULT_NAME: &str = "\\result";

/// A variable.
#[derive(Clone, Debug)]
pub struct Var {
    /// Name unique within its scope (globals among globals, locals within their function).
    /// Shadowed source names get a suffix, e.g. `x.1`; temporaries are named `tmp.N`.
    pub name: String,
    pub ty: Ty,
    pub kind: VarKind,
    pub loc: Loc,
    /// The program takes its address (`&x`, or an array decays to a pointer into it).
    pub addr_taken: bool,
}

impl Var {
    /// The function whose frame holds this variable (`None` for globals and static locals).
    pub fn frame_of(&self) -> Option<FuncId> {
        match self.kind {
            VarKind::Param(f) | VarKind::Local(f) | VarKind::Temp(f) => Some(f),
            VarKind::Global { .. } | VarKind::StaticLocal(_) => None,
        }
    }

    /// Global lifetime: globals and static locals.
    pub fn is_static_storage(&self) -> bool {
        self.frame_of().is_none()
    }
}

/// Unary operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-e`
    Neg,
    /// `~e`
    BitNot,
    /// `!e` (result is `int` 0 or 1)
    LogNot,
}

/// Binary operators. Operands have been converted to a common type by lowering (the usual
/// arithmetic conversions are explicit casts), except where noted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Truncating division, as C.
    Div,
    /// Remainder with the sign of the dividend, as C.
    Rem,
    /// Shifts: the right operand may have any integer type.
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    /// Comparisons yield `int` 0 or 1; operands are both integers or both pointers.
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// `pointer + integer`, scaled by the pointee size (left operand is the pointer).
    PtrAdd,
    /// `pointer - pointer`, in elements of the pointee type; result `long`.
    PtrDiff,
}

impl BinOp {
    /// True for the six comparison operators.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }

    /// C spelling.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add | BinOp::PtrAdd => "+",
            BinOp::Sub | BinOp::PtrDiff => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
        }
    }
}

/// A side-effect-free expression with its C type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Ty,
}

/// The forms of [`Expr`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    /// Integer constant; with a pointer type, `0` is the null pointer.
    Int(i128),
    /// The value stored in an lvalue (scalar, struct or union).
    Read(Box<Lval>),
    /// `&lv`.
    AddrOf(Box<Lval>),
    /// Address of a function (a function designator used as a value).
    Func(FuncId),
    /// Address of the first character of a string literal.
    Str(StrId),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Conversion of the operand to `self.ty` (integer widths, int <-> pointer, pointer casts).
    Cast(Box<Expr>),
}

/// A memory location that can be read or assigned.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lval {
    Var(VarId),
    /// `*e`, `e` of pointer type.
    Deref(Box<Expr>),
    /// `lv.field` (`p->f` is `Field(Deref(p), f)`).
    Field(Box<Lval>, StructId, u32),
    /// `lv[e]` where `lv` has array type (`p[i]` on a pointer is `Deref(p + i)`).
    Index(Box<Lval>, Box<Expr>),
}

/// Why a value is nondeterministic.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HavocKind {
    /// An input of the program: the result of `__VERIFIER_nondet_*()` (the function's name).
    Input(String),
    /// An uninitialized automatic variable at its declaration.
    Uninit,
    /// A value the program computes in a way CIR does not model, which the compiled
    /// program computes for itself ([`Opaque`]).
    Opaque(Opaque),
}

/// Values CIR leaves arbitrary although the C program determines them: a trace that
/// depends on one is confirmed only by the compiled program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opaque {
    /// An output of inline assembly.
    Asm,
    /// `va_arg(ap, T)` in a variadic function: the argument is not tracked through the
    /// call.
    VaArg,
}

impl std::fmt::Display for Opaque {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Opaque::Asm => "the output of inline assembly",
            Opaque::VaArg => "a variadic argument (va_arg)",
        })
    }
}

/// The target of a call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Callee {
    Direct(FuncId),
    /// Call through a function pointer.
    Indirect(Expr),
}

/// A simple statement: the label of a CFG edge.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stmt {
    Skip,
    /// `lhs = rhs` (scalars, or whole structs and unions).
    Assign {
        lhs: Lval,
        rhs: Expr,
    },
    /// The edge can be taken only if `cond` is nonzero.
    Assume(Expr),
    /// `lhs` (any type; aggregates entirely) gets an arbitrary value.
    Havoc {
        lhs: Lval,
        why: HavocKind,
    },
    /// `lhs = malloc-like(size)`: a fresh object of `size` bytes from allocation site `site`;
    /// the null pointer instead when the site may fail.
    Alloc {
        lhs: Lval,
        site: AllocId,
        size: Expr,
    },
    /// Call of a function with a body or of an external one (see docs/cir.md for externals).
    Call {
        lhs: Option<Lval>,
        callee: Callee,
        args: Vec<Expr>,
    },
    /// Return from the function (edge goes to `exit`).
    Return(Option<Expr>),
    /// An error location is reached (`reach_error()`, failed `assert`): the path ends.
    Error,
    /// `exit(code)` / `abort()`: the path ends normally (`None` for abort).
    Halt {
        code: Option<Expr>,
    },
}

impl Stmt {
    /// The statement without the assignment of a call's result (a call's own effects).
    pub fn without_result(&self) -> Stmt {
        match self {
            Stmt::Call { callee, args, .. } => Stmt::Call {
                lhs: None,
                callee: callee.clone(),
                args: args.clone(),
            },
            other => other.clone(),
        }
    }

    /// True for statements after which the path ends.
    pub fn is_terminal(&self) -> bool {
        matches!(self, Stmt::Error | Stmt::Halt { .. })
    }

    /// Calls `f` with every expression of the statement and each of its subexpressions
    /// (those inside lvalues too), outer ones first.
    pub fn walk_exprs<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        match self {
            Stmt::Assign { lhs, rhs } => {
                lhs.walk_exprs(f);
                rhs.walk(f);
            }
            Stmt::Assume(e) | Stmt::Return(Some(e)) | Stmt::Halt { code: Some(e) } => e.walk(f),
            Stmt::Havoc { lhs, .. } => lhs.walk_exprs(f),
            Stmt::Alloc { lhs, size, .. } => {
                lhs.walk_exprs(f);
                size.walk(f);
            }
            Stmt::Call { lhs, callee, args } => {
                if let Some(l) = lhs {
                    l.walk_exprs(f);
                }
                if let Callee::Indirect(e) = callee {
                    e.walk(f);
                }
                for a in args {
                    a.walk(f);
                }
            }
            Stmt::Skip | Stmt::Return(None) | Stmt::Error | Stmt::Halt { code: None } => {}
        }
    }
}

impl Expr {
    /// Calls `f` with `self` and each of its subexpressions (those inside lvalues too),
    /// outer ones first.
    pub fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        f(self);
        match &self.kind {
            ExprKind::Read(lv) | ExprKind::AddrOf(lv) => lv.walk_exprs(f),
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => a.walk(f),
            ExprKind::Binary(_, a, b) => {
                a.walk(f);
                b.walk(f);
            }
            ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
        }
    }
}

impl Lval {
    /// The variable the lvalue is a part of (`v`, `v.f`, `v[i]`); none behind a pointer.
    pub fn base_var(&self) -> Option<VarId> {
        match self {
            Lval::Var(v) => Some(*v),
            Lval::Field(b, ..) | Lval::Index(b, _) => b.base_var(),
            Lval::Deref(_) => None,
        }
    }

    /// Calls [`Expr::walk`] on each expression inside the lvalue (pointers dereferenced,
    /// indices).
    pub fn walk_exprs<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        match self {
            Lval::Var(_) => {}
            Lval::Deref(e) => e.walk(f),
            Lval::Field(b, ..) => b.walk_exprs(f),
            Lval::Index(b, i) => {
                b.walk_exprs(f);
                i.walk(f);
            }
        }
    }
}

/// A CFG edge.
#[derive(Clone, Debug)]
pub struct Edge {
    pub stmt: Stmt,
    pub loc: Loc,
    pub to: NodeId,
}

/// A CFG node (program point) with its outgoing edges.
#[derive(Clone, Debug, Default)]
pub struct Node {
    pub edges: Vec<Edge>,
    /// Source labels at this point (`goto` targets), for display.
    pub labels: Vec<String>,
}

/// A function body: the control-flow automaton.
#[derive(Clone, Debug)]
pub struct Body {
    pub nodes: Vec<Node>,
    pub entry: NodeId,
    /// Where `Return` edges go.
    pub exit: NodeId,
    /// Where `Error` and `Halt` edges go.
    pub halt: NodeId,
}

impl Body {
    pub fn node(&self, n: NodeId) -> &Node {
        &self.nodes[n.0 as usize]
    }

    /// All edges as (source node, edge).
    pub fn edges(&self) -> impl Iterator<Item = (NodeId, &Edge)> {
        self.nodes
            .iter()
            .enumerate()
            .flat_map(|(i, n)| n.edges.iter().map(move |e| (NodeId(i as u32), e)))
    }

    /// Turns every `Error` edge into `Halt { code: None }` (the path ends there, no
    /// violation); the number of edges changed.
    pub fn halt_errors(&mut self) -> usize {
        let mut changed = 0;
        for e in self.nodes.iter_mut().flat_map(|n| n.edges.iter_mut()) {
            if e.stmt == Stmt::Error {
                e.stmt = Stmt::Halt { code: None };
                changed += 1;
            }
        }
        changed
    }

    /// The functions the body calls by name (calls through pointers not included).
    pub fn direct_callees(&self) -> impl Iterator<Item = FuncId> + '_ {
        self.edges().filter_map(|(_, e)| match &e.stmt {
            Stmt::Call {
                callee: Callee::Direct(g),
                ..
            } => Some(*g),
            _ => None,
        })
    }
}

/// A function, defined (with a body) or only declared (external).
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    /// A function type ([`TypeKind::Function`]).
    pub ty: Ty,
    pub params: Vec<VarId>,
    /// Locals and temporaries of the body (static locals are in [`Program::vars`] only).
    pub locals: Vec<VarId>,
    pub body: Option<Body>,
    pub loc: Loc,
    pub is_static: bool,
    /// `&f` appears somewhere (a candidate target of indirect calls).
    pub addr_taken: bool,
    /// Typedef names of function type it was declared with (`DRIVER_DISPATCH F;`): the
    /// role declarations entry-point discovery reads.
    pub declared_as: Vec<String>,
    /// For a function without a body: its parameters (0-based) that are pointers to a
    /// modifiable integer (`u32 *val`, `PULONG Length`; not `const`, not `char`): the
    /// outputs an unknown function writes (docs/cir.md, "Calls to unknown functions").
    pub out_params: Vec<usize>,
}

/// An allocation site: one malloc-like call in the source.
#[derive(Clone, Debug)]
pub struct AllocSite {
    pub func: FuncId,
    pub loc: Loc,
    /// The allocator called (`malloc`, `calloc`, `kzalloc`, ...).
    pub allocator: String,
    /// The real function can return NULL.
    pub may_fail: bool,
    /// The memory starts zeroed (`calloc`, `kzalloc`).
    pub zeroed: bool,
}

/// One initialization of static storage, executed before the entry function in order.
/// Static storage not initialized here is zero, as in C.
#[derive(Clone, Debug)]
pub struct Init {
    pub lhs: Lval,
    pub rhs: Expr,
    pub loc: Loc,
}

/// A warning produced while building the program (e.g. inline assembly havocked).
#[derive(Clone, Debug)]
pub struct Warning {
    pub loc: Loc,
    pub message: String,
}

/// A construct slamrs does not model exactly. The program is still analysed (the construct
/// gets a sound over-approximation where one exists), but no answer may depend on it: a
/// program that can reach it is never reported SAFE, and a violation is reported only when
/// the compiled program confirms it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Construct {
    /// A GCC builtin without a model (`__builtin_frame_address`, ...).
    Builtin(String),
    /// A library function that may call back into the program through a function pointer
    /// it is given (`signal`, `pthread_create`, ...), with no model of when.
    Callback(String),
    /// `setjmp` / `longjmp`: non-local jumps.
    NonLocalJump(String),
    /// A function of a system header whose body slamrs could not lower (a vector type,
    /// `__int128` arithmetic, ...): calling it is not modelled.
    Unlowered { function: String, reason: String },
}

impl std::fmt::Display for Construct {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Construct::Builtin(n) => write!(f, "the GCC builtin `{n}`, which slamrs does not model"),
            Construct::Callback(n) => write!(
                f,
                "`{n}`, a library function that may call the program back (slamrs does not model when)"
            ),
            Construct::NonLocalJump(n) => write!(f, "`{n}` (non-local jumps are not modelled)"),
            Construct::Unlowered { function, reason } => write!(
                f,
                "`{function}`, a header function slamrs could not lower ({reason})"
            ),
        }
    }
}

/// Where the program uses a [`Construct`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub construct: Construct,
    pub loc: Loc,
    /// The function using it.
    pub func: FuncId,
}

/// A whole C program in CIR.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// Source file names, indexed by [`FileId`].
    pub files: Vec<String>,
    /// For each of `files`: a system header (its definitions are not the program's own).
    pub system_files: Vec<bool>,
    pub types: Types,
    pub vars: Vec<Var>,
    pub functions: Vec<Function>,
    pub allocs: Vec<AllocSite>,
    /// String literal contents, without the terminating NUL.
    pub strings: Vec<Vec<u8>>,
    pub inits: Vec<Init>,
    pub warnings: Vec<Warning>,
    /// Constructs slamrs does not model exactly (see [`Construct`]).
    pub refusals: Vec<Refusal>,
    /// Variables declared `volatile`: something outside the program may change them, so
    /// the abstraction lets each read see any value (the interpreter and the path formulas
    /// read the last value written, as the compiled program does with no outside writer).
    pub volatile: rustc_hash::FxHashSet<VarId>,
    /// Function by name.
    pub func_index: HashMap<String, FuncId>,
    /// External functions known to call no function of the program back (kernel routines
    /// declared by a driver's kernel headers, other than the ones that take callbacks):
    /// unknown code they run reads and writes escaped memory but enters no escaped
    /// function.
    pub quiet_externals: rustc_hash::FxHashSet<FuncId>,
    /// How functions without a body and allocators behave ([`env::Externals`]): the
    /// hostile reading, or SV-COMP's.
    pub externals: env::Externals,
    /// Entry-value pseudo variables (`\old(x)` in a function's predicates: the value the
    /// static-storage scalar `x` had when that activation began), each with its `x`. Only
    /// predicates mention them; see `c2bp::entry_value_var`.
    pub entry_values: HashMap<VarId, VarId>,
    /// Entry-value pseudo variables of memory (`\old(*p)` in a claim of a function: the
    /// value the cell had when that activation began, the lvalue read in the entry
    /// state), each with its lvalue. Only the claims of correctness witnesses make them;
    /// see `c2bp::entry_memory_var`.
    pub entry_memory: HashMap<VarId, Lval>,
    /// The writes through unknown functions' output parameters are explicit CIR statements
    /// (`frontend::havoc_outputs` ran): native replay's stubs make them too.
    pub outputs_explicit: bool,
}

impl Program {
    /// Reads the program's environment as `m` ([`env::Externals`]): under SV-COMP's
    /// reading the C library's allocators never fail, and an unknown function calls nothing
    /// back, so passing it a function pointer is no longer a refused construct.
    pub fn set_externals(&mut self, m: env::Externals) {
        self.externals = m;
        for site in &mut self.allocs {
            site.may_fail = m.alloc_may_fail(&site.allocator, site.may_fail);
        }
        self.refusals.retain(|r| match &r.construct {
            Construct::Callback(name) => !m.unknown_is_pure(name),
            _ => true,
        });
    }

    /// A call of `g`, a function without a body and without a model, has no effect but
    /// its result ([`env::Externals::unknown_is_pure`]).
    pub fn unknown_is_pure(&self, g: FuncId) -> bool {
        self.functions
            .get(g.0 as usize)
            .is_some_and(|f| self.externals.unknown_is_pure(&f.name))
    }

    /// A call of `g` writes arbitrary values through its output parameters
    /// ([`Function::out_params`], not null) as it begins: the writes are explicit in the
    /// program ([`Program::outputs_explicit`]), `g` has no body and no model, and the
    /// program's reading of its environment lets it write memory. Lowering makes the
    /// writes explicit (`frontend/lower/out_params.rs`); native replay's stub of `g` makes
    /// the same writes, in the same order.
    pub fn writes_outputs(&self, g: FuncId) -> bool {
        let func = self.func(g);
        self.outputs_explicit
            && func.body.is_none()
            && !func.out_params.is_empty()
            && env::classify(&func.name) == env::EnvFn::Unknown
            && !self.unknown_is_pure(g)
    }

    /// The members of local `v`'s aggregate that hold an object of the environment from
    /// its uninitialized declaration on (SV-COMP's reading of an uninitialized pointer that
    /// is dereferenced: memory only the environment names; docs/cegar.md, "The
    /// environment"): every data pointer of an automatic struct, under
    /// [`env::Externals::SvComp`]; none otherwise. Each as its byte offset and access path. The interpreter, the path formula and native replay all read this.
    pub fn environment_slots(&self, v: VarId) -> Vec<(u64, Lval)> {
        let var = self.var(v);
        // a struct (an array local cannot be initialized from another array in the
        // compiled program that native replay runs)
        if self.externals != env::Externals::SvComp
            || !matches!(var.kind, VarKind::Local(_))
            || !matches!(self.types.kind(var.ty), TypeKind::Struct(_))
        {
            return Vec::new();
        }
        let int = TypeKind::Int(types::IntKind {
            bits: 32,
            signed: true,
            is_bool: false,
        });
        match self.types.find(&int) {
            Some(index) => self.types.pointer_slots(var.ty, &Lval::Var(v), index),
            None => Vec::new(),
        }
    }

    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }

    /// The expression reading variable `v` (of its declared type).
    pub fn read_var(&self, v: VarId) -> Expr {
        Expr {
            kind: ExprKind::Read(Box::new(Lval::Var(v))),
            ty: self.var(v).ty,
        }
    }

    pub fn func(&self, f: FuncId) -> &Function {
        &self.functions[f.0 as usize]
    }

    /// The function with this name.
    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.func_index.get(name).copied()
    }

    /// Ids of all functions.
    pub fn func_ids(&self) -> impl Iterator<Item = FuncId> {
        (0..self.functions.len() as u32).map(FuncId)
    }

    /// Ids of all variables.
    pub fn var_ids(&self) -> impl Iterator<Item = VarId> {
        (0..self.vars.len() as u32).map(VarId)
    }

    /// File name of a location.
    pub fn file_name(&self, loc: Loc) -> &str {
        self.files
            .get(loc.file.0 as usize)
            .map(String::as_str)
            .unwrap_or("<unknown>")
    }

    /// True if `loc` is in a system header.
    pub fn in_system_header(&self, loc: Loc) -> bool {
        self.system_files
            .get(loc.file.0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// `file:line:col` of a location.
    pub fn loc_string(&self, loc: Loc) -> String {
        format!("{}:{}:{}", self.file_name(loc), loc.line, loc.col)
    }

    /// The type of an lvalue.
    pub fn lval_ty(&self, lv: &Lval) -> Ty {
        match lv {
            Lval::Var(v) => self.var(*v).ty,
            Lval::Deref(e) => self
                .types
                .pointee(e.ty)
                .expect("CIR invariant: Deref of a pointer"),
            Lval::Field(_, s, i) => {
                self.types
                    .struct_def(*s)
                    .fields
                    .as_ref()
                    .expect("complete struct")[*i as usize]
                    .ty
            }
            Lval::Index(b, _) => self
                .types
                .elem(self.lval_ty(b))
                .expect("CIR invariant: Index of an array"),
        }
    }

    /// The field an `Lval::Field` names.
    pub fn field(&self, s: StructId, i: u32) -> &Field {
        &self
            .types
            .struct_def(s)
            .fields
            .as_ref()
            .expect("complete struct")[i as usize]
    }
}
