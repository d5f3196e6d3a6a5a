//! Why refinement stalled: where the abstract trace first leaves what the program can do.
//!
//! When refinement makes no progress on a spurious trace ([`crate::NoProgress`]), the
//! predicates it would add are there already, so the boolean program lets the trace through
//! *despite* them. This module finds where: it walks the trace's C path with an incremental
//! path formula ([`crate::encode::Incremental`]) and, before each step, asks whether the
//! values Bebop gives the predicates at that point can hold on the concrete path that led
//! there. The first state that cannot is where the abstraction lost a fact; the statement
//! just before it says how ([`StallCause`]): a call of a function without a body that the
//! abstraction reads as writing memory, a write through a pointer that may alias what a
//! predicate reads, a call or return whose formal or return predicates do not carry the
//! fact, or an assignment or assumption whose bounded cube search was too coarse. When
//! every state is consistent, the predicates cannot tell the path infeasible at all: the
//! fact that would is missing, and the condition where the path fails says whether it is
//! over memory (a field through a pointer, an array cell) or over scalars.
//!
//! Each query is bounded (`RLIMIT`), and the walk stops after `MAX_QUERIES`: a cause it
//! cannot find is [`StallCause::Undiagnosed`], never a guess.

use crate::encode::Incremental;
use crate::path::{CirPath, PathStep};
use bebop::cfg::Cfg;
use bebop::reach::Trace;
use rustc_hash::FxHashSet as HashSet;
use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::c2bp::{expr_vars, is_result_var, Abstraction};
use slamrs_abstraction::cir::{Expr, ExprKind, FuncId, Loc, Lval, Program, Stmt, VarId, VarKind};
use slamrs_abstraction::smt::encode::Addresses;
use z3::SatResult;

/// Z3 resource units per query of the diagnosis.
const RLIMIT: u32 = 2_000_000;
/// Most queries one diagnosis makes.
const MAX_QUERIES: usize = 2_000;

/// How the abstraction let a spurious trace through, by the statement where it first
/// leaves the concrete path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StallCause {
    /// After a call of a function without a body: the abstraction's environment model lets
    /// it change what the path formula keeps (its hostile reading of unknown code).
    ExternalCall { function: String },
    /// After a write through a pointer: the abstraction could not tell which predicates
    /// the write changes (points-to too coarse for Morris' axiom, or no predicate on the
    /// address equality).
    WriteThroughPointer,
    /// On entering a callee: the caller's fact did not reach the callee's formal
    /// predicates.
    CallEntry,
    /// On returning to the caller: the callee's fact did not come back through its return
    /// predicates or the caller's predicates over what it may write.
    CallReturn,
    /// After an assignment or assumption over scalars: the predicates decide the step but
    /// c2bp's bounded cube search did not find the cube that does.
    CoarseCubes,
    /// After an input, an uninitialized value or an allocation.
    Nondeterminism,
    /// Every state of the trace agrees with the path, but the path fails on a condition
    /// over memory (a field through a pointer, an array cell) that no predicate decides.
    MissingMemoryPredicate,
    /// Every state agrees with the path, but the path fails on a condition over scalars
    /// that no predicate decides.
    MissingPredicate,
    /// The diagnosis could not decide (a query undecided, a step without a term, the
    /// budget spent).
    Undiagnosed,
}

impl StallCause {
    /// A short identifier (JSON, tables).
    pub fn id(&self) -> &'static str {
        match self {
            StallCause::ExternalCall { .. } => "external-call",
            StallCause::WriteThroughPointer => "write-through-pointer",
            StallCause::CallEntry => "call-entry",
            StallCause::CallReturn => "call-return",
            StallCause::CoarseCubes => "coarse-cubes",
            StallCause::Nondeterminism => "nondeterminism",
            StallCause::MissingMemoryPredicate => "missing-memory-predicate",
            StallCause::MissingPredicate => "missing-predicate",
            StallCause::Undiagnosed => "undiagnosed",
        }
    }
}

impl std::fmt::Display for StallCause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StallCause::ExternalCall { function } => write!(
                f,
                "the abstraction lets `{function}`, a function without a body, change state the path keeps"
            ),
            StallCause::WriteThroughPointer => {
                f.write_str("the abstraction loses a predicate at a write through a pointer")
            }
            StallCause::CallEntry => {
                f.write_str("the abstraction loses a fact on entering a callee")
            }
            StallCause::CallReturn => {
                f.write_str("the abstraction loses a fact on returning from a callee")
            }
            StallCause::CoarseCubes => f.write_str(
                "the abstraction's cube search is too coarse for a step the predicates decide",
            ),
            StallCause::Nondeterminism => {
                f.write_str("the abstraction loses a fact at an input or allocation")
            }
            StallCause::MissingMemoryPredicate => {
                f.write_str("no predicate decides a condition over memory the path fails on")
            }
            StallCause::MissingPredicate => {
                f.write_str("no predicate decides the condition the path fails on")
            }
            StallCause::Undiagnosed => f.write_str("the cause could not be found"),
        }
    }
}

/// A stall's cause and where it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnosis {
    pub cause: StallCause,
    /// The statement responsible (or the condition the path fails on) and its function.
    pub at: Option<(FuncId, Loc)>,
    /// The predicate whose value first contradicts the path, by its name.
    pub predicate: Option<String>,
}

impl Diagnosis {
    fn undiagnosed() -> Diagnosis {
        Diagnosis {
            cause: StallCause::Undiagnosed,
            at: None,
            predicate: None,
        }
    }
}

/// The inputs of a diagnosis: the trace, its C path, and what built them.
pub struct Stalled<'a> {
    pub prog: &'a Program,
    pub pt: &'a PointsTo,
    pub addrs: &'a Addresses,
    pub entry: FuncId,
    pub abs: &'a Abstraction,
    pub cfg: &'a Cfg,
    pub trace: &'a Trace,
    pub path: &'a CirPath,
    /// The predicates that explain why the path is infeasible (discovery's, all present
    /// already): only their values are checked, when there are any, so that a fact the
    /// abstraction loses on the way but the infeasibility does not rest on is not blamed.
    pub relevant: &'a [Expr],
}

/// Finds where the abstract trace first leaves the concrete path ([`StallCause`]).
pub fn diagnose(s: &Stalled) -> Diagnosis {
    let _span = tracing::info_span!("diagnose_stall").entered();
    let d = walk(s).unwrap_or_else(Diagnosis::undiagnosed);
    tracing::info!(cause = d.cause.id(), predicate = ?d.predicate, "stall diagnosed");
    d
}

fn walk(s: &Stalled) -> Option<Diagnosis> {
    let prog = s.prog;
    let path = s.path;
    if path.at_trace.len() != path.steps.len() {
        return None;
    }
    let states = crate::constrain::valuations(s.abs, s.cfg, s.trace);
    let mut w = Walk {
        s,
        inc: Incremental::new(prog, s.pt, s.addrs, s.entry, RLIMIT).ok()?,
        frames: Frames::default(),
        queries: 0,
    };
    for i in 0..path.steps.len() {
        w.frames.enter(prog, &path.steps[i]);
        // the state before step i, as Bebop has it
        if let Some(Some((f, valuation))) = states.get(path.at_trace[i]) {
            if *f == path.steps[i].func && i > 0 {
                if let Some(d) = w.check_state(i, *f, valuation)? {
                    return Some(d);
                }
            }
        }
        if w.queries > MAX_QUERIES {
            return None;
        }
        if let Some(d) = w.take_step(i)? {
            return Some(d);
        }
    }
    None
}

/// The walk along the path: its formula so far, the activations' set locals, the queries.
struct Walk<'a> {
    s: &'a Stalled<'a>,
    inc: Incremental<'a>,
    frames: Frames,
    queries: usize,
}

impl Walk<'_> {
    /// Checks Bebop's state before step `i` (in `f`) against the path so far: `Some(Some)`
    /// when it contradicts it (the step before lost a fact), `Some(None)` when it agrees,
    /// `None` when undecided.
    fn check_state(
        &mut self,
        i: usize,
        f: FuncId,
        valuation: &[(usize, bool)],
    ) -> Option<Option<Diagnosis>> {
        let s = self.s;
        let prog = s.prog;
        let mut lits = Vec::new();
        for &(p, v) in valuation {
            let e = &s.abs.preds.preds[p].expr;
            if !s.relevant.is_empty() && !s.relevant.contains(e) {
                continue;
            }
            // a predicate over a local the path has not set yet in this activation (or
            // over `\result`) has no value the path decides
            if !self.frames.defined(prog, e) {
                continue;
            }
            let Ok(c) = self.inc.condition(f, e) else {
                continue;
            };
            lits.push((p, if v { c } else { c.not() }));
        }
        self.queries += 1;
        tracing::trace!(
            step = i,
            state = ?lits
                .iter()
                .map(|(p, l)| format!("{}: {l}", s.abs.preds.preds[*p].name))
                .collect::<Vec<_>>(),
            "state checked"
        );
        let all: Vec<_> = lits.iter().map(|(_, l)| l.clone()).collect();
        match self.inc.solver().check_assumptions(&all) {
            SatResult::Sat => Some(None),
            SatResult::Unknown => None,
            SatResult::Unsat => {
                let culprit = first_contradicted(&self.inc, &lits, &mut self.queries)?;
                let path = s.path;
                Some(Some(Diagnosis {
                    cause: cause_of_step(prog, path, i - 1),
                    at: Some((path.steps[i - 1].func, path.edge(prog, i - 1).loc)),
                    predicate: Some(s.abs.preds.preds[culprit].name.clone()),
                }))
            }
        }
    }

    /// Adds step `i` to the path formula: `Some(Some)` when an `assume` makes the path
    /// infeasible with every state so far agreeing (no predicate rules the condition out),
    /// `Some(None)` otherwise, `None` when undecided.
    fn take_step(&mut self, i: usize) -> Option<Option<Diagnosis>> {
        let (prog, path) = (self.s.prog, self.s.path);
        if let Some(g) = self.inc.step(path, i).ok()? {
            self.inc.solver().assert(&g);
        }
        let stmt = path.stmt(prog, i);
        self.frames.executed(stmt);
        let Stmt::Assume(c) = stmt else {
            return Some(None);
        };
        self.queries += 1;
        match self.inc.solver().check() {
            SatResult::Sat => Some(None),
            SatResult::Unknown => None,
            SatResult::Unsat => Some(Some(Diagnosis {
                cause: if reads_memory(c) {
                    StallCause::MissingMemoryPredicate
                } else {
                    StallCause::MissingPredicate
                },
                at: Some((path.steps[i].func, path.edge(prog, i).loc)),
                predicate: None,
            })),
        }
    }
}

/// The locals each activation on the path has set so far (formals are set on entry).
#[derive(Default)]
struct Frames {
    /// Per call depth: the function and the variables it has set.
    stack: Vec<(FuncId, HashSet<VarId>)>,
}

impl Frames {
    /// Before `step`: a new activation when the path went one call deeper, the caller's
    /// again when it returned.
    fn enter(&mut self, prog: &Program, step: &PathStep) {
        let depth = step.depth as usize;
        self.stack.truncate(depth + 1);
        if self.stack.len() == depth + 1 && self.stack[depth].0 == step.func {
            return;
        }
        self.stack.truncate(depth);
        while self.stack.len() < depth {
            // the path starts deeper than depth 0 (it never does): nothing known there
            self.stack.push((step.func, HashSet::default()));
        }
        let formals = prog.func(step.func).params.iter().copied().collect();
        self.stack.push((step.func, formals));
    }

    /// After a statement of the current activation: what it set.
    fn executed(&mut self, stmt: &Stmt) {
        let lhs = match stmt {
            Stmt::Assign { lhs, .. } | Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => {
                Some(lhs)
            }
            Stmt::Call { lhs, .. } => lhs.as_ref(),
            _ => None,
        };
        if let (Some(Lval::Var(v)), Some((_, set))) = (lhs, self.stack.last_mut()) {
            set.insert(*v);
        }
    }

    /// Every variable of `e` has a value on the path here: static storage, entry values,
    /// and the current activation's formals and the locals it has set.
    fn defined(&self, prog: &Program, e: &Expr) -> bool {
        let mut vars = Vec::new();
        expr_vars(e, &mut vars);
        let Some((_, set)) = self.stack.last() else {
            return false;
        };
        vars.iter().all(|&v| {
            if is_result_var(prog, v) {
                return false;
            }
            match prog.var(v).kind {
                VarKind::Global { .. } | VarKind::StaticLocal(_) => true,
                VarKind::Param(_) | VarKind::Local(_) | VarKind::Temp(_) => {
                    set.contains(&v) || prog.entry_values.contains_key(&v)
                }
            }
        })
    }
}

/// The predicate of the first literal that alone contradicts the path (each checked on
/// its own); `None` when only several together do (then the first of them).
fn first_contradicted(
    inc: &Incremental,
    lits: &[(usize, z3::ast::Bool)],
    queries: &mut usize,
) -> Option<usize> {
    for (p, l) in lits {
        *queries += 1;
        if inc.solver().check_assumptions(std::slice::from_ref(l)) == SatResult::Unsat {
            return Some(*p);
        }
    }
    lits.first().map(|(p, _)| *p)
}

/// The cause a state that contradicts the path shows, by the statement before it.
fn cause_of_step(prog: &Program, path: &CirPath, k: usize) -> StallCause {
    let step = &path.steps[k];
    match path.stmt(prog, k) {
        Stmt::Call { callee, .. } => match step.callee {
            Some(_) => StallCause::CallEntry,
            None => StallCause::ExternalCall {
                function: match callee {
                    slamrs_abstraction::cir::Callee::Direct(g) => prog.func(*g).name.clone(),
                    slamrs_abstraction::cir::Callee::Indirect(_) => "(an indirect call)".into(),
                },
            },
        },
        Stmt::Return(_) => StallCause::CallReturn,
        Stmt::Assign { lhs, .. } if through_memory(lhs) => StallCause::WriteThroughPointer,
        Stmt::Havoc { .. } | Stmt::Alloc { .. } => StallCause::Nondeterminism,
        _ => StallCause::CoarseCubes,
    }
}

/// An lvalue reached through a pointer (or an array cell with a computed index).
fn through_memory(lv: &Lval) -> bool {
    match lv {
        Lval::Var(_) => false,
        Lval::Deref(_) => true,
        Lval::Field(inner, ..) => through_memory(inner),
        Lval::Index(..) => true,
    }
}

/// The expression reads memory: through a pointer or an array cell.
fn reads_memory(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Read(lv) => through_memory(lv) || lval_reads_memory(lv),
        ExprKind::AddrOf(lv) => lval_reads_memory(lv),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => reads_memory(a),
        ExprKind::Binary(_, a, b) => reads_memory(a) || reads_memory(b),
        _ => false,
    }
}

fn lval_reads_memory(lv: &Lval) -> bool {
    match lv {
        Lval::Var(_) => false,
        Lval::Deref(e) => reads_memory(e),
        Lval::Field(inner, ..) => lval_reads_memory(inner),
        Lval::Index(inner, i) => lval_reads_memory(inner) || reads_memory(i),
    }
}
