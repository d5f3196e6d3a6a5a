//! c2bp: predicate abstraction of a CIR program into a `bebop` boolean program.
//!
//! Following Ball, Majumdar, Millstein and Rajamani (PLDI 2001):
//! - global predicates become global boolean variables, a function's predicates locals of
//!   its procedure; predicates over formals only are boolean formals (the caller computes
//!   them from the actuals), and predicates over the return value (`\result`) or over memory
//!   reached through formals are returned to the caller;
//! - an assignment updates each predicate it may affect (WP with Morris' axiom, aliasing
//!   pruned by points-to) to `schoose[F(WP(s, φ)), F(WP(s, ¬φ))]`; `assume(c)` becomes
//!   `assume(!F(!c))`; a call passes formal predicates, receives return predicates, and then
//!   updates the caller's predicates the callee may have changed;
//! - each procedure has an `enforce` excluding the cubes Z3 proves inconsistent;
//! - error locations are `assert(0)`, so a failing assert of the boolean program is an
//!   abstract path to the error.
//!
//! The boolean program has one label per CIR node (`n<k>`) and per edge of branching nodes
//! (`n<k>_<e>`), which is how traces map back to CIR. Z3 queries run in parallel (rayon,
//! one Z3 context per thread) and are cached on their canonical form; an [`Abstractor`]
//! keeps its cache across calls, so re-abstraction after adding predicates only pays for
//! the queries that changed.

mod bp;
mod cubes;
pub(crate) mod edges;
pub mod learned;
mod pexpr;
mod predicates;
pub(crate) mod wp;

pub use cubes::CubeLimits;
pub use pexpr::parse as parse_expr;
pub use predicates::{
    entry_memory_var, entry_value_of, entry_value_var, entry_values_of, expr_vars, is_result_var,
    parse_predicates, predicates_from_conditions, result_var, subst_var, subst_vars, LearntCube,
    PredError, Predicate, PredicateSet, Scope, RESULT_NAME,
};

use crate::analysis::modref::ModRef;
use crate::analysis::points_to::PointsTo;
use crate::analysis::Analyses;
use crate::cir::{print, ExprKind, FuncId, Lval, NodeId, Program, Stmt, VarId, VarKind};
use crate::smt::encode::Addresses;
use crate::smt::term::{Conv, Term};
use rayon::prelude::*;
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An edge whose abstraction takes this long is logged (debug: `slow edge`).
const SLOW_EDGE_MS: u64 = 500;

/// [`edges::abstract_edge`], logging an edge that takes [`SLOW_EDGE_MS`] or more.
fn abstract_edge_timed(ctx: &Ctx, f: FuncId, n: NodeId, e: usize) -> Vec<bebop::ast::Stmt> {
    let t0 = std::time::Instant::now();
    let code = edges::abstract_edge(ctx, f, n, e);
    let ms = t0.elapsed().as_millis() as u64;
    if ms >= SLOW_EDGE_MS {
        let prog = ctx.prog;
        let edge = &prog.func(f).body.as_ref().expect("a body").nodes[n.0 as usize].edges[e];
        tracing::debug!(
            ms,
            at = %prog.loc_string(edge.loc),
            stmt = %crate::cir::print::stmt(prog, &edge.stmt),
            "slow edge"
        );
    }
    code
}

/// Settings of the abstraction.
#[derive(Clone, Debug)]
pub struct Options {
    /// Longest cube in `F` (c2bp's bound; 3 by default).
    pub cube_len: usize,
    /// Z3 timeout per query, in milliseconds (a timed-out query gives the sound answer).
    pub timeout_ms: u32,
    /// Most Z3 queries for one `F` computation.
    pub max_queries: u32,
    /// Most predicates considered for one `F` (the ones sharing locations with the target
    /// first).
    pub max_atoms: usize,
    /// Worker threads (0: rayon's default, the number of cores).
    pub threads: usize,
    /// The entry function (its procedure is the boolean program's `main`).
    pub entry: String,
    /// Integer casts and unsigned arithmetic wrap as in C (default). Off: mathematical
    /// integers throughout, the interpreter's `Math` mode (used by the simulation check).
    pub wrap_ints: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            cube_len: 3,
            timeout_ms: 2000,
            max_queries: 256,
            max_atoms: 10,
            threads: 0,
            entry: "main".into(),
            wrap_ints: true,
        }
    }
}

/// Why there is no abstraction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AbsError {
    /// The entry function is missing or has no body.
    NoEntry(String),
    /// The flag given to [`Abstractor::with_cancel`] was set.
    Cancelled,
}

impl std::fmt::Display for AbsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AbsError::NoEntry(name) => write!(f, "entry function `{name}` is not defined"),
            AbsError::Cancelled => write!(f, "the abstraction was cancelled"),
        }
    }
}

/// How one C function appears in the boolean program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProcSig {
    /// Procedure name (`main` for the entry function).
    pub name: String,
    /// Predicates passed in, in order (indices into the predicate set).
    pub formals: Vec<usize>,
    /// Predicates returned, in order.
    pub returns: Vec<usize>,
    /// The other predicates of the function (boolean locals).
    pub locals: Vec<usize>,
}

/// Counters of one abstraction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// CIR edges abstracted.
    pub statements: usize,
    pub predicates: usize,
    /// Z3 queries run (cache misses only).
    pub queries: u64,
    /// `F` computations answered from the cache.
    pub cache_hits: u64,
    /// `F` computations that ran Z3.
    pub cache_misses: u64,
    /// Queries that hit the Z3 timeout.
    pub timeouts: u64,
    /// `F` or `enforce` computations stopped by the query limit.
    pub capped: u64,
    pub wall: Duration,
    pub threads: usize,
}

/// A boolean program and how it relates to the C program.
#[derive(Clone, Debug)]
pub struct Abstraction {
    pub program: bebop::ast::Program,
    /// The predicates used: the given ones plus those added for lowering's temporaries
    /// ([`PredicateSet::close_over_temps`]); [`ProcSig`] indices refer to this set.
    pub preds: PredicateSet,
    /// Every function with a body.
    pub procs: HashMap<FuncId, ProcSig>,
    pub stats: Stats,
}

/// The BP label of a CIR node.
pub fn node_label(n: NodeId) -> String {
    format!("n{}", n.0)
}

/// The BP label of an edge of a branching node.
pub fn edge_label(n: NodeId, e: usize) -> String {
    format!("n{}_{e}", n.0)
}

/// Abstracts programs, keeping a query cache across calls (incremental abstraction).
#[derive(Default)]
pub struct Abstractor {
    cache: cubes::Cache,
    counters: cubes::Counters,
    /// The program's analyses, when the caller computed them ([`Abstractor::with_analyses`]);
    /// otherwise each abstraction computes its own.
    analyses: Option<Arc<Analyses>>,
}

/// Everything the workers share (read-only).
pub(crate) struct Ctx<'a> {
    pub prog: &'a Program,
    pub pt: &'a PointsTo,
    pub modref: &'a ModRef,
    pub addrs: Addresses,
    pub preds: &'a PredicateSet,
    /// Term of each predicate, in its own scope.
    pub terms: Vec<Term>,
    /// The locations each predicate's term depends on.
    pub pred_syms: Vec<std::sync::Arc<BTreeSet<edges::Sym>>>,
    /// The `\result` pseudo variable of each function whose predicates mention it.
    pub results: HashMap<FuncId, VarId>,
    /// The learnt seed cubes ([`PredicateSet::seeds`]) as terms, for every function.
    pub seeds: Vec<Vec<(Term, bool)>>,
    /// The local each function returns on every `return` ([`returned_locals`]).
    pub returned: HashMap<FuncId, VarId>,
    pub sigs: HashMap<FuncId, ProcSig>,
    pub opts: &'a Options,
    pub lim: CubeLimits,
    pub cache: &'a cubes::Cache,
    pub counters: &'a cubes::Counters,
    /// Parameters each function assigns.
    pub modified_params: HashMap<FuncId, BTreeSet<VarId>>,
    pub entry: FuncId,
}

impl Abstractor {
    pub fn new() -> Self {
        Self::default()
    }

    /// An abstractor whose abstractions stop early, with [`AbsError::Cancelled`], once
    /// `cancel` is set (by another thread).
    pub fn with_cancel(cancel: Arc<AtomicBool>) -> Self {
        let mut a = Self::default();
        a.counters.cancel = Some(cancel);
        a
    }

    /// This abstractor, using `analyses` (of the programs it will abstract) instead of
    /// computing them for each abstraction.
    pub fn with_analyses(mut self, analyses: Arc<Analyses>) -> Self {
        self.analyses = Some(analyses);
        self
    }

    /// The boolean program of `prog` over `preds`.
    pub fn abstract_program(
        &self,
        prog: &Program,
        preds: &PredicateSet,
        opts: &Options,
    ) -> Result<Abstraction, AbsError> {
        let mut preds = preds.clone();
        preds.close_over_temps(prog);
        self.abstract_closed(prog, preds, opts)
    }

    fn abstract_closed(
        &self,
        prog: &Program,
        preds: PredicateSet,
        opts: &Options,
    ) -> Result<Abstraction, AbsError> {
        let preds = &preds;
        let _span = tracing::info_span!("abstraction", predicates = preds.len()).entered();
        let start = Instant::now();
        let entry = prog
            .func_by_name(&opts.entry)
            .filter(|&f| prog.func(f).body.is_some())
            .ok_or_else(|| AbsError::NoEntry(opts.entry.clone()))?;
        let before = (
            self.counters.queries.load(Ordering::Relaxed),
            self.counters.cache_hits.load(Ordering::Relaxed),
            self.counters.cache_misses.load(Ordering::Relaxed),
            self.counters.timeouts.load(Ordering::Relaxed),
            self.counters.capped.load(Ordering::Relaxed),
        );
        let computed;
        let analyses: &Analyses = match &self.analyses {
            Some(a) => a,
            None => {
                computed = Analyses::compute(prog);
                &computed
            }
        };
        let (pt, modref) = (&analyses.pt, &analyses.modref);
        let empty = HashMap::default();
        let terms: Vec<Term> = preds
            .preds
            .iter()
            .map(|p| {
                let func = match p.scope {
                    Scope::Func(f) => f,
                    Scope::Global => entry,
                };
                Conv {
                    prog,
                    pt,
                    func,
                    subst: &empty,
                    wrap_casts: opts.wrap_ints,
                }
                .expr(&p.expr)
                .map(Term::truth)
                // a predicate without a term (floats) is never known: a fresh value
                .unwrap_or(Term::Fresh(u32::MAX))
            })
            .collect();
        let pred_syms = terms_syms(&terms);
        let results = prog
            .var_ids()
            .filter(|&v| is_result_var(prog, v))
            .filter_map(|v| Some((prog.var(v).frame_of()?, v)))
            .collect();
        let mut ctx = Ctx {
            prog,
            pred_syms,
            results,
            returned: returned_locals(prog),
            seeds: Vec::new(),
            pt,
            modref,
            addrs: Addresses::new(prog),
            preds,
            terms,
            sigs: HashMap::default(),
            opts,
            lim: CubeLimits {
                max_len: opts.cube_len,
                timeout_ms: opts.timeout_ms,
                max_queries: opts.max_queries,
            },
            cache: &self.cache,
            counters: &self.counters,
            modified_params: modified_params(prog),
            entry,
        };
        ctx.sigs = signatures(&ctx);
        ctx.seeds = seed_terms(&ctx);

        // Work items: every edge of every function with a body, and one enforce per function.
        let mut items: Vec<(FuncId, NodeId, usize)> = Vec::new();
        for f in prog.func_ids() {
            if let Some(body) = &prog.func(f).body {
                for (i, n) in body.nodes.iter().enumerate() {
                    for e in 0..n.edges.len() {
                        items.push((f, NodeId(i as u32), e));
                    }
                }
            }
        }
        let funcs: Vec<FuncId> = ctx.sigs.keys().copied().collect();
        let cancelled = || self.counters.cancelled();
        let run = || {
            let codes: Vec<Vec<bebop::ast::Stmt>> = items
                .par_iter()
                .map(|&(f, n, e)| {
                    if cancelled() {
                        return Vec::new();
                    }
                    abstract_edge_timed(&ctx, f, n, e)
                })
                .collect();
            let enforces: Vec<Option<bebop::ast::Expr>> =
                funcs.par_iter().map(|&f| edges::enforce(&ctx, f)).collect();
            let init = edges::init_code(&ctx);
            (codes, enforces, init)
        };
        let threads = if opts.threads == 0 {
            rayon::current_num_threads()
        } else {
            opts.threads
        };
        let (codes, enforces, init) = if opts.threads == 0 {
            run()
        } else {
            match rayon::ThreadPoolBuilder::new()
                .num_threads(opts.threads)
                .build()
            {
                Ok(pool) => pool.install(run),
                Err(_) => run(),
            }
        };
        if cancelled() {
            return Err(AbsError::Cancelled);
        }
        let mut code_of: HashMap<(FuncId, NodeId, usize), Vec<bebop::ast::Stmt>> =
            items.iter().copied().zip(codes).collect();
        let enforce_of: HashMap<FuncId, Option<bebop::ast::Expr>> =
            funcs.iter().copied().zip(enforces).collect();

        let mut globals: Vec<bebop::ast::Ident> = preds
            .globals()
            .iter()
            .map(|&i| bp::ident(&preds.preds[i].name))
            .collect();
        globals.sort_by(|a, b| a.name.cmp(&b.name));
        let mut procs = Vec::new();
        let mut order: Vec<FuncId> = funcs.clone();
        order.sort_by_key(|&f| (f != entry, f));
        for f in order {
            procs.push(emit_proc(
                &ctx,
                f,
                &mut code_of,
                enforce_of.get(&f).cloned().flatten(),
                if f == entry { init.clone() } else { vec![] },
            ));
        }
        let program = bebop::ast::Program {
            globals: if globals.is_empty() {
                vec![]
            } else {
                vec![bebop::ast::Decl {
                    vars: globals,
                    span: Default::default(),
                }]
            },
            procs,
        };
        let stats = Stats {
            statements: items.len(),
            predicates: preds.len(),
            queries: self.counters.queries.load(Ordering::Relaxed) - before.0,
            cache_hits: self.counters.cache_hits.load(Ordering::Relaxed) - before.1,
            cache_misses: self.counters.cache_misses.load(Ordering::Relaxed) - before.2,
            timeouts: self.counters.timeouts.load(Ordering::Relaxed) - before.3,
            capped: self.counters.capped.load(Ordering::Relaxed) - before.4,
            wall: start.elapsed(),
            threads,
        };
        tracing::info!(
            statements = stats.statements,
            queries = stats.queries,
            cache_hits = stats.cache_hits,
            "abstraction done"
        );
        Ok(Abstraction {
            program,
            preds: preds.clone(),
            procs: ctx.sigs,
            stats,
        })
    }
}

fn terms_syms(terms: &[Term]) -> Vec<std::sync::Arc<BTreeSet<edges::Sym>>> {
    terms
        .iter()
        .map(|t| std::sync::Arc::new(edges::symbols(t)))
        .collect()
}

/// Parameters assigned anywhere in their function.
pub(crate) fn modified_params(prog: &Program) -> HashMap<FuncId, BTreeSet<VarId>> {
    let mut out = HashMap::default();
    for f in prog.func_ids() {
        let func = prog.func(f);
        let mut set = BTreeSet::new();
        if let Some(body) = &func.body {
            for (_, e) in body.edges() {
                let lhs = match &e.stmt {
                    Stmt::Assign { lhs, .. }
                    | Stmt::Havoc { lhs, .. }
                    | Stmt::Alloc { lhs, .. } => Some(lhs),
                    Stmt::Call { lhs, .. } => lhs.as_ref(),
                    _ => None,
                };
                if let Some(crate::cir::Lval::Var(v)) = lhs {
                    if func.params.contains(v) {
                        set.insert(*v);
                    }
                }
            }
        }
        for &p in &func.params {
            if prog.var(p).addr_taken {
                set.insert(p);
            }
        }
        out.insert(f, set);
    }
    out
}

/// The seed cubes of the predicate set as terms; a cube mentioning an expression that is
/// not a predicate of its function (or global) is left out.
fn seed_terms(ctx: &Ctx) -> Vec<Vec<(Term, bool)>> {
    let preds = ctx.preds;
    preds
        .seeds
        .iter()
        .filter_map(|c| {
            c.lits
                .iter()
                .map(|(e, v)| {
                    (0..preds.preds.len())
                        .find(|&i| {
                            let p = &preds.preds[i];
                            p.expr == *e
                                && (p.scope == Scope::Global || p.scope == Scope::Func(c.func))
                        })
                        .map(|i| (ctx.terms[i].clone(), *v))
                })
                .collect()
        })
        .collect()
}

/// The returned local of each function that has one: a scalar local whose address is not
/// taken and that every `return` of the function returns as it is (`return t;`). At a
/// return, `t` is the result, so a predicate over `t` and formals, entry values and globals
/// only is a return predicate (the c2bp paper's E_r, with `t` as the return variable r):
/// the caller reads it with its result in place of `t`.
fn returned_locals(prog: &Program) -> HashMap<FuncId, VarId> {
    let mut out = HashMap::default();
    for f in prog.func_ids() {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        let mut returned: Option<VarId> = None;
        let mut ok = true;
        for (_, e) in body.edges() {
            let Stmt::Return(value) = &e.stmt else {
                continue;
            };
            let t = match value.as_ref().map(|e| &e.kind) {
                Some(ExprKind::Read(lv)) => match **lv {
                    Lval::Var(t) => Some(t),
                    _ => None,
                },
                _ => None,
            };
            match t {
                Some(t) if returned.is_none_or(|r| r == t) => returned = Some(t),
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        let Some(t) = returned.filter(|_| ok) else {
            continue;
        };
        let var = prog.var(t);
        let local = matches!(var.kind, VarKind::Local(g) | VarKind::Temp(g) if g == f)
            && !is_result_var(prog, t)
            && entry_value_of(prog, t).is_none();
        if local && !var.addr_taken && prog.types.is_scalar(var.ty) {
            out.insert(f, t);
        }
    }
    out
}

/// Formal, return and local predicates of every function with a body.
fn signatures(ctx: &Ctx) -> HashMap<FuncId, ProcSig> {
    let prog = ctx.prog;
    let mut used_names: BTreeSet<String> = BTreeSet::new();
    let mut out = HashMap::default();
    for f in prog.func_ids() {
        let func = prog.func(f);
        if func.body.is_none() {
            continue;
        }
        let name = if f == ctx.entry {
            "main".to_string()
        } else {
            proc_name(&func.name, &used_names)
        };
        used_names.insert(name.clone());
        let mut sig = ProcSig {
            name,
            ..Default::default()
        };
        let modified = &ctx.modified_params[&f];
        let mods = ctx.modref.mod_of(f);
        for i in ctx.preds.of_func(f) {
            let mut vars = Vec::new();
            expr_vars(&ctx.preds.preds[i].expr, &mut vars);
            let frame: Vec<VarId> = vars
                .into_iter()
                .filter(|&v| prog.var(v).frame_of().is_some())
                .collect();
            let returned = ctx.returned.get(&f).copied();
            let mentions_result = frame
                .iter()
                .any(|&v| is_result_var(prog, v) || Some(v) == returned);
            // entry values are formals the callee never assigns, whose actual is the
            // caller's value of their variable
            let mentions_entry = frame.iter().any(|&v| entry_value_of(prog, v).is_some());
            let only_params = frame.iter().all(|&v| {
                func.params.contains(&v)
                    || is_result_var(prog, v)
                    || Some(v) == returned
                    || entry_value_of(prog, v).is_some()
            });
            let params_unmodified = frame.iter().all(|v| !modified.contains(v));
            let in_memory = {
                let mut m = false;
                ctx.terms[i].visit(&mut |t| m |= matches!(t, Term::Mem { .. }));
                m
            };
            if only_params && !mentions_result {
                sig.formals.push(i);
            } else {
                sig.locals.push(i);
            }
            // static storage the procedure may change: the caller learns its new value
            let mentions_changed = edges::meets(&ctx.terms[i], mods);
            if only_params
                && params_unmodified
                && (mentions_result || in_memory || mentions_entry || mentions_changed)
            {
                sig.returns.push(i);
            }
        }
        align_returns_with_formals(&mut sig);
        out.insert(f, sig);
    }
    out
}

/// Orders a signature so that the `k`-th return value, when it is a formal's predicate, is
/// the `k`-th formal: formals that are also returned first, then the other formals; returns
/// in that order, then those that are no formal (they mention the result). Bebop gives
/// formal `k` and return register `k` adjacent BDD variables, so a summary in which a
/// predicate's value at exit depends on its value at entry stays small.
fn align_returns_with_formals(sig: &mut ProcSig) {
    let returned: BTreeSet<usize> = sig.returns.iter().copied().collect();
    let (mut formals, rest): (Vec<usize>, Vec<usize>) =
        sig.formals.iter().partition(|i| returned.contains(i));
    let formal_set: BTreeSet<usize> = formals.iter().copied().collect();
    let mut returns = formals.clone();
    returns.extend(sig.returns.iter().filter(|i| !formal_set.contains(i)));
    formals.extend(rest);
    sig.formals = formals;
    sig.returns = returns;
}

/// A procedure name that is not a boolean-program keyword and not taken.
fn proc_name(c_name: &str, used: &BTreeSet<String>) -> String {
    const KEYWORDS: [&str; 22] = [
        "decl", "begin", "end", "if", "then", "elsif", "else", "fi", "while", "do", "od", "skip",
        "print", "goto", "return", "assert", "assume", "enforce", "schoose", "void", "bool",
        "main",
    ];
    let mut name = if KEYWORDS.contains(&c_name) || c_name == "T" || c_name == "F" {
        format!("{c_name}_")
    } else {
        c_name.to_string()
    };
    while used.contains(&name) {
        name.push('_');
    }
    name
}

/// Assembles one procedure from the code of its edges.
fn emit_proc(
    ctx: &Ctx,
    f: FuncId,
    code_of: &mut HashMap<(FuncId, NodeId, usize), Vec<bebop::ast::Stmt>>,
    enforce: Option<bebop::ast::Expr>,
    init: Vec<bebop::ast::Stmt>,
) -> bebop::ast::Proc {
    let prog = ctx.prog;
    let func = prog.func(f);
    let body = func.body.as_ref().expect("procedures have bodies");
    let sig = &ctx.sigs[&f];
    let mut stmts = init;
    let mut order = print::reverse_postorder(body);
    let seen: BTreeSet<NodeId> = order.iter().copied().collect();
    for i in 0..body.nodes.len() {
        let n = NodeId(i as u32);
        if !seen.contains(&n) {
            order.push(n);
        }
    }
    if order.first() != Some(&body.entry) {
        stmts.push(bp::goto(&[node_label(body.entry)]));
    }
    let mut max_temps = 0;
    for n in order {
        let node = body.node(n);
        let mut block: Vec<bebop::ast::Stmt> = Vec::new();
        if node.edges.len() > 1 {
            let targets: Vec<String> = (0..node.edges.len()).map(|e| edge_label(n, e)).collect();
            block.push(bp::goto(&targets));
        }
        for (e, edge) in node.edges.iter().enumerate() {
            let mut code = code_of.remove(&(f, n, e)).unwrap_or_default();
            max_temps = max_temps.max(edges::temps_used(&code));
            let ends = edge.stmt.is_terminal() || matches!(edge.stmt, Stmt::Return(_));
            if !ends {
                code.push(bp::goto(&[node_label(edge.to)]));
            }
            if code.is_empty() {
                code.push(bp::stmt(bebop::ast::StmtKind::Skip));
            }
            if node.edges.len() > 1 {
                code[0] = bp::labelled(&edge_label(n, e), code[0].clone());
            }
            block.extend(code);
        }
        if block.is_empty() {
            // exit, halt and other nodes without edges
            let end = if n == body.exit || sig.returns.is_empty() {
                bp::stmt(bebop::ast::StmtKind::Return(
                    sig.returns.iter().map(|_| bp::nondet()).collect(),
                ))
            } else {
                bp::stmt(bebop::ast::StmtKind::Assume(bp::konst(false)))
            };
            block.push(end);
        }
        block[0] = bp::labelled(&node_label(n), block[0].clone());
        stmts.extend(block);
    }
    let mut locals: Vec<bebop::ast::Ident> = sig
        .locals
        .iter()
        .map(|&i| bp::ident(&ctx.preds.preds[i].name))
        .collect();
    locals.extend((1..=max_temps).map(|k| bp::ident(&edges::temp_name(k))));
    bebop::ast::Proc {
        name: bp::ident(&sig.name),
        returns: sig.returns.len(),
        formals: sig
            .formals
            .iter()
            .map(|&i| bp::ident(&ctx.preds.preds[i].name))
            .collect(),
        locals: if locals.is_empty() {
            vec![]
        } else {
            vec![bebop::ast::Decl {
                vars: locals,
                span: Default::default(),
            }]
        },
        enforce,
        body: stmts,
        span: Default::default(),
    }
}
