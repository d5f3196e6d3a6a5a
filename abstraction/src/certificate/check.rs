//! Whether a set of claims proves a program correct: every claim inductive, checked by Z3.
//!
//! The claims cut every function into loop-free segments: a segment starts at the
//! function's entry or at a loop head and ends at the next loop head, at a return, at an
//! error, or where the program halts. Every cycle of a function passes through a loop head
//! ([`super::loop_heads`]), and a loop head with no claim has the claim `true`. For each
//! start the weakest precondition of what must hold at the ends is computed backwards over
//! the segment's DAG (Morris' axiom for memory, as c2bp; [`crate::c2bp::wp`]):
//! - at a loop head, its invariant; at a return, the function's `ensures` (`\result` the
//!   value returned); at an error location, `false`; where the program halts, `true`;
//! - `assume(c)`: `c ⇒ Q`; an assignment: Q with the value written; an input, an
//!   uninitialized value, an allocation: Q for every value (one fresh symbol);
//! - a call of a function with a body: the callee's `requires` for the actuals, and Q for
//!   every state the callee may leave that its `ensures` allows: the globals and memory
//!   the callee may modify (MOD/REF) take fresh values, the result is fresh, and `ensures`
//!   relates them to the actuals and to the values before the call (`\old(x)`); a call
//!   through a pointer does this for every function it may reach;
//! - a call of a function without a body: its environment model ([`crate::cir::env`]), or,
//!   for an unknown one, fresh values for everything it may write.
//!
//! The obligation of a segment is `claim at the start ⇒ WP`, valid iff Z3 finds its
//! negation unsatisfiable. At the entry function's entry the start is the initial state
//! (the static initializers over zeroed statics). A recursive call uses the callee's own
//! contract, which is sound by induction on the depth of calls. When every obligation
//! holds, every state a run reaches at a loop head, entry or return satisfies its claim, no
//! run reaches an error location, and the program is correct. When an obligation fails,
//! each end of its segment is checked alone (the others `true`) to name the one that
//! fails ([`Goal`]); `\old(x)` and `\old(*p)` are the values read in the entry state,
//! or, at a call, in the caller's state through the actuals.
//!
//! Terms are the abstraction's ([`crate::smt::term`]): mathematical integers with C's
//! wrapping casts and unsigned arithmetic, memory as one function per access kind, the
//! flow-insensitive points-to analysis pruning aliases. So the check is as sound as the
//! abstraction a SAFE verdict comes from, and no more.

use rustc_hash::FxHashMap as HashMap;
use std::collections::{BTreeSet, VecDeque};

use super::{loop_heads, Claim, Site};
use crate::analysis::points_to::{AbsLoc, AbsObj};
use crate::analysis::Analyses;
use crate::c2bp::edges::{source_of, target_of};
use crate::c2bp::wp::{Source, Target, Wp};
use crate::c2bp::{is_result_var, modified_params, parse_expr, subst_var};
use crate::cir::env::{classify, EnvFn};
use crate::cir::{
    Callee, Expr, ExprKind, FuncId, Loc, Lval, NodeId, Program, Stmt, VarId, VarKind,
};
use crate::smt::encode::{Addresses, Encoder};
use crate::smt::solver_pool::PooledSolver;
use crate::smt::term::{as_int, CellsKey, Conv, Obj, Op, Term};

/// A join's WP larger than this (in term nodes) is shared ([`Checker::share`]).
const SHARE_ABOVE: usize = 32;

/// Settings of a check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Z3 time per obligation, in milliseconds.
    pub timeout_ms: u32,
    /// Largest weakest precondition, in term nodes, before the check gives up.
    pub max_term_nodes: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            timeout_ms: 10_000,
            max_term_nodes: 2_000_000,
        }
    }
}

/// A claim whose text does not parse in its function's scope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimError {
    /// Index into the claims given.
    pub claim: usize,
    /// Byte offset in the claim's text.
    pub col: usize,
    pub message: String,
}

/// Where an obligation's segment starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The program's initial state (before the entry function).
    Initial,
    /// A function's entry.
    Entry,
    /// A loop head.
    Loop(NodeId),
}

/// What a segment must establish at one of its ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalKind {
    /// The invariant of the loop head it reaches.
    LoopInvariant,
    /// Its function's postcondition, at a return.
    Ensures,
    /// The callee's precondition, at a call.
    Requires(FuncId),
    /// That an error location is not reached.
    NoError,
}

/// One end of a segment, and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    pub kind: GoalKind,
    pub loc: Loc,
}

/// The obligation that fails, or could not be decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obligation {
    pub func: FuncId,
    pub start: Start,
    /// Where the segment starts in the source.
    pub loc: Loc,
    /// For a failed obligation: the first end of the segment that fails alone, when one
    /// does (otherwise only several together fail, or the start itself).
    pub goal: Option<Goal>,
    /// For a failed obligation: a state at the start (the values of the variables the
    /// obligation reads, by name) from which the segment breaks a claim.
    pub example: Vec<(String, i128)>,
}

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every obligation is valid: no error location is reachable.
    Proved {
        /// Obligations checked.
        obligations: usize,
        /// Functions checked (those the entry function may reach).
        functions: usize,
    },
    /// Z3 found a state satisfying the claim at a segment's start from which the segment
    /// breaks a claim at its end (or reaches an error).
    NotInductive(Obligation),
    /// An obligation could not be decided (Z3's limit, a weakest precondition too large).
    Unknown(Obligation, String),
}

/// Checks that `claims` prove `prog` correct from `entry`. The claims' texts are parsed in
/// their functions' scopes first (which may add `\result` and `\old(x)` variables to
/// `prog`).
pub fn check(
    prog: &mut Program,
    an: &Analyses,
    entry: FuncId,
    claims: &[Claim],
    opts: &Options,
) -> Result<Outcome, ClaimError> {
    let _span = tracing::info_span!("certificate_check").entered();
    let mut parsed: Vec<(FuncId, Site, Expr)> = Vec::new();
    for (k, c) in claims.iter().enumerate() {
        let e = parse_expr(prog, Some(c.func), &c.text).map_err(|(col, message)| ClaimError {
            claim: k,
            col,
            message,
        })?;
        if c.site == Site::Ensures {
            let assigned = modified_params(prog);
            let mut vars = Vec::new();
            crate::c2bp::expr_vars(&e, &mut vars);
            if let Some(p) = vars
                .iter()
                .find(|v| assigned.get(&c.func).is_some_and(|s| s.contains(v)))
            {
                return Err(ClaimError {
                    claim: k,
                    col: 0,
                    message: format!(
                        "the postcondition reads the parameter `{}`, which `{}` assigns (a postcondition's parameters denote their values at entry)",
                        prog.var(*p).name,
                        prog.func(c.func).name
                    ),
                });
            }
        }
        parsed.push((c.func, c.site, e));
    }
    let prog: &Program = prog;
    let mut ck = Checker {
        prog,
        an,
        addrs: Addresses::new(prog),
        claims: parsed,
        wp: Wp {
            next_fresh: 1 << 20,
            ptr_bytes: prog.types.pointer_bytes(),
        },
        opts,
        obligations: 0,
        defs: Vec::new(),
        goals: Vec::new(),
        only_goal: None,
    };
    let funcs = reachable_functions(prog, an, entry);
    // the entry function starts from the initial state, unless the program calls it too
    let entry_called = funcs.iter().any(|&f| {
        prog.func(f).body.as_ref().is_some_and(|b| {
            b.edges().any(|(_, e)| match &e.stmt {
                Stmt::Call { callee, .. } => an.pt.call_targets(prog, f, callee).contains(&entry),
                _ => false,
            })
        })
    });
    for &f in &funcs {
        if let Some(outcome) = ck.function(f, f == entry, entry_called) {
            return Ok(outcome);
        }
    }
    Ok(Outcome::Proved {
        obligations: ck.obligations,
        functions: funcs.len(),
    })
}

/// The functions with a body that `entry` may reach through calls (itself included), in
/// the order found.
fn reachable_functions(prog: &Program, an: &Analyses, entry: FuncId) -> Vec<FuncId> {
    let mut seen = BTreeSet::from([entry]);
    let mut order = Vec::new();
    let mut queue = VecDeque::from([entry]);
    while let Some(f) = queue.pop_front() {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        order.push(f);
        for (_, e) in body.edges() {
            if let Stmt::Call { callee, .. } = &e.stmt {
                for g in an.pt.call_targets(prog, f, callee) {
                    if seen.insert(g) {
                        queue.push_back(g);
                    }
                }
            }
        }
    }
    order
}

struct Checker<'a> {
    prog: &'a Program,
    an: &'a Analyses,
    addrs: Addresses,
    claims: Vec<(FuncId, Site, Expr)>,
    wp: Wp,
    opts: &'a Options,
    obligations: usize,
    /// Definitions of the shared WPs of the current function's joins ([`Checker::share`]).
    defs: Vec<Term>,
    /// The ends of the segment whose WP is being built, in the order met.
    goals: Vec<Goal>,
    /// Keep only this end (the others are `true`): to find which end fails.
    only_goal: Option<usize>,
}

/// Why a weakest precondition was not computed.
enum Stop {
    TooLarge,
}

impl<'a> Checker<'a> {
    fn conv<'c>(&'c self, f: FuncId, subst: &'c HashMap<VarId, Term>) -> Conv<'c> {
        Conv {
            prog: self.prog,
            pt: &self.an.pt,
            func: f,
            subst,
            wrap_casts: true,
        }
    }

    fn fresh(&mut self) -> Term {
        self.wp.next_fresh += 1;
        Term::Fresh(self.wp.next_fresh - 1)
    }

    /// `t`, what the segment must establish at an end (`kind` at `loc`), registered; `true`
    /// when another end is being singled out.
    fn goal(&mut self, kind: GoalKind, loc: Loc, t: Term) -> Term {
        let k = self.goals.len();
        self.goals.push(Goal { kind, loc });
        match self.only_goal {
            Some(j) if j != k => tru(),
            _ => t,
        }
    }

    /// The conjunction of `f`'s claims at `site`, as a term over `f`'s state with `subst`
    /// applied (`true` when there are none; a claim with no term is `true` too, which only
    /// weakens what it could be used for, and fails where it must be shown).
    fn claim(&self, f: FuncId, site: Site, subst: &HashMap<VarId, Term>) -> Term {
        self.claim_as(f, site, f, None, subst)
    }

    /// [`Self::claim`], read in function `ctx` with `\result` standing for the expression
    /// `result` of `ctx` (the value returned, or the caller's variable that receives it):
    /// so the points-to facts of that expression, not of the pseudo variable `\result`
    /// (which the analysis never saw), decide which cells its dereferences read.
    fn claim_as(
        &self,
        f: FuncId,
        site: Site,
        ctx: FuncId,
        result: Option<&Expr>,
        subst: &HashMap<VarId, Term>,
    ) -> Term {
        let c = self.conv(ctx, subst);
        let res = result.and_then(|_| self.result_var(f));
        let mut out: Option<Term> = None;
        for (g, s, e) in &self.claims {
            if *g != f || *s != site {
                continue;
            }
            let e = match (res, result) {
                (Some(v), Some(by)) => subst_var(e, v, by),
                _ => e.clone(),
            };
            let t = c.expr(&e).map(Term::truth).unwrap_or(Term::Int(1).truth());
            // a claim may dereference what the points-to analysis never saw (`\result`,
            // `\old(x)`): its reads with no known cell may be any cell
            let t = t.rewrite(&mut |t| match t {
                Term::Mem { kind, addr, cells }
                    if cells.0.as_ref().is_some_and(|c| c.is_empty()) =>
                {
                    Term::Mem {
                        kind,
                        addr,
                        cells: CellsKey(None),
                    }
                }
                other => other,
            });
            out = Some(match out {
                None => t,
                Some(o) => Term::bin(Op::And, o, t),
            });
        }
        out.unwrap_or_else(tru)
    }

    /// Checks every segment of `f`; the first failure, if any.
    fn function(&mut self, f: FuncId, is_entry: bool, entry_called: bool) -> Option<Outcome> {
        let prog = self.prog;
        self.defs.clear();
        self.goals.clear();
        let body = prog.func(f).body.as_ref()?;
        let mut cuts: BTreeSet<NodeId> = loop_heads(body).into_iter().collect();
        for (g, s, _) in &self.claims {
            if let (true, Site::Loop(n)) = (*g == f, s) {
                cuts.insert(*n);
            }
        }
        let empty = HashMap::default();
        // at the entry, `\old(x)` is `x`
        let mut at_entry: HashMap<VarId, Term> = HashMap::default();
        let c = self.conv(f, &empty);
        for (old, lv) in entry_cells(prog, f) {
            if let Ok(t) = c.read(&lv) {
                at_entry.insert(old, as_int(t));
            }
        }
        let mut memo: HashMap<NodeId, Term> = HashMap::default();
        // segments from the entry
        let entry_loc = prog.func(f).loc;
        let requires = self.claim(f, Site::Requires, &empty);
        let from_entry = if cuts.contains(&body.entry) {
            self.claim(f, Site::Loop(body.entry), &empty)
        } else {
            match self.out_of(f, body.entry, &cuts, &mut memo) {
                Ok(t) => t,
                Err(Stop::TooLarge) => return Some(self.too_large(f, Start::Entry, entry_loc)),
            }
        };
        let from_entry = subst_vars(&from_entry, &at_entry);
        if is_entry {
            // the initial state: `requires` must hold there, and so must what the entry's
            // segments need (unless the program calls the entry function too: then they
            // are shown from `requires`, below)
            let post = if entry_called {
                subst_vars(&requires, &at_entry)
            } else {
                Term::bin(
                    Op::And,
                    subst_vars(&requires, &at_entry),
                    from_entry.clone(),
                )
            };
            let post = self.initially(f, &post);
            if let Some(o) = self.obligation(&tru(), &post, f, Start::Initial, entry_loc) {
                // the entry's segments (when they are shown from the initial state)
                let goal = if entry_called || cuts.contains(&body.entry) {
                    None
                } else {
                    let requires = subst_vars(&requires, &at_entry);
                    let finish = |ck: &mut Self, t: Term| {
                        let t = Term::bin(Op::And, requires.clone(), subst_vars(&t, &at_entry));
                        ck.initially(f, &t)
                    };
                    self.failing_goal(f, body.entry, &cuts, &tru(), &finish)
                };
                return Some(with_goal(o, goal));
            }
        }
        if !is_entry || entry_called {
            if let Some(o) = self.obligation(&requires, &from_entry, f, Start::Entry, entry_loc) {
                let goal = if cuts.contains(&body.entry) {
                    None
                } else {
                    let finish = |_: &mut Self, t: Term| subst_vars(&t, &at_entry);
                    self.failing_goal(f, body.entry, &cuts, &requires, &finish)
                };
                return Some(with_goal(o, goal));
            }
        }
        // segments from each loop head
        for &h in &cuts {
            let loc = body.node(h).edges.first().map_or(entry_loc, |e| e.loc);
            let post = match self.out_of(f, h, &cuts, &mut memo) {
                Ok(t) => t,
                Err(Stop::TooLarge) => return Some(self.too_large(f, Start::Loop(h), loc)),
            };
            let pre = self.claim(f, Site::Loop(h), &empty);
            if let Some(o) = self.obligation(&pre, &post, f, Start::Loop(h), loc) {
                let goal = self.failing_goal(f, h, &cuts, &pre, &|_, t| t);
                return Some(with_goal(o, goal));
            }
        }
        None
    }

    /// The first end of the segment from `from` that `pre` does not establish alone (its
    /// WP with the other ends `true`, made the obligation's by `finish`), if one fails
    /// alone.
    fn failing_goal(
        &mut self,
        f: FuncId,
        from: NodeId,
        cuts: &BTreeSet<NodeId>,
        pre: &Term,
        finish: &dyn Fn(&mut Self, Term) -> Term,
    ) -> Option<Goal> {
        let defs = self.defs.len();
        let wp = |ck: &mut Self| -> Option<Term> {
            ck.goals.clear();
            let mut memo = HashMap::default();
            let t = ck.out_of(f, from, cuts, &mut memo).ok()?;
            Some(finish(ck, t))
        };
        self.only_goal = None;
        wp(self)?;
        let goals = std::mem::take(&mut self.goals);
        let mut found = None;
        for (k, g) in goals.iter().enumerate() {
            self.only_goal = Some(k);
            if let Some(post) = wp(self) {
                if self.refuted(pre, &post) {
                    found = Some(*g);
                    break;
                }
            }
        }
        self.only_goal = None;
        self.goals.clear();
        self.defs.truncate(defs);
        found
    }

    /// Whether Z3 finds a state where `pre` holds and `post` does not (the shared joins'
    /// definitions assumed).
    fn refuted(&self, pre: &Term, post: &Term) -> bool {
        self.negated(pre, post).0.check() == z3::SatResult::Sat
    }

    /// A solver holding the shared joins' definitions, `pre` and `¬post`, with its encoder.
    fn negated(&self, pre: &Term, post: &Term) -> (PooledSolver, Encoder<'_>) {
        let solver = PooledSolver::new(self.opts.timeout_ms);
        let mut enc = Encoder::new(&self.addrs);
        for d in &self.defs {
            solver.assert(enc.boolean(d));
        }
        solver.assert(enc.boolean(pre));
        solver.assert(enc.boolean(post).not());
        (solver, enc)
    }

    fn too_large(&self, func: FuncId, start: Start, loc: Loc) -> Outcome {
        Outcome::Unknown(
            Obligation {
                func,
                start,
                loc,
                goal: None,
                example: Vec::new(),
            },
            format!(
                "the weakest precondition of the segment exceeds {} term nodes",
                self.opts.max_term_nodes
            ),
        )
    }

    /// Decides `pre ⇒ post`; the failure, if it is not valid.
    fn obligation(
        &mut self,
        pre: &Term,
        post: &Term,
        func: FuncId,
        start: Start,
        loc: Loc,
    ) -> Option<Outcome> {
        self.obligations += 1;
        let (solver, mut enc) = self.negated(pre, post);
        let mut ob = Obligation {
            func,
            start,
            loc,
            goal: None,
            example: Vec::new(),
        };
        match solver.check() {
            z3::SatResult::Unsat => None,
            z3::SatResult::Sat => {
                if let Some(model) = solver.get_model() {
                    let mut vars = BTreeSet::new();
                    for t in [pre, post] {
                        t.visit(&mut |t| {
                            if let Term::Var(v) = t {
                                vars.insert(*v);
                            }
                        });
                    }
                    for v in vars {
                        let value = model
                            .eval(&enc.int(&Term::Var(v)), true)
                            .and_then(|x| x.as_i128());
                        if let Some(value) = value {
                            ob.example.push((self.prog.var(v).name.clone(), value));
                        }
                    }
                }
                Some(Outcome::NotInductive(ob))
            }
            z3::SatResult::Unknown => Some(Outcome::Unknown(
                ob,
                format!(
                    "Z3 could not decide the obligation ({})",
                    solver.get_reason_unknown().unwrap_or_default()
                ),
            )),
        }
    }

    /// What must hold before the static initializers run on zeroed statics for `q` to hold
    /// after them, with the zeroes put in.
    fn initially(&mut self, f: FuncId, q: &Term) -> Term {
        let prog = self.prog;
        let empty = HashMap::default();
        let mut q = q.clone();
        for init in prog.inits.iter().rev() {
            let (target, source) = {
                let c = self.conv(f, &empty);
                (target_of(&c, &init.lhs), source_of(&c, &init.rhs))
            };
            q = self.assign(&target, source, &q);
        }
        // before the initializers, static storage is zero: its scalars, and memory read
        // anywhere in its address range
        let (lo, hi) = self.addrs.static_range();
        q.rewrite(&mut |t| match t {
            Term::Var(v) if prog.var(v).is_static_storage() => Term::Int(0),
            Term::Mem { ref addr, .. } if lo < hi => {
                let inside = Term::bin(
                    Op::And,
                    Term::bin(Op::Ge, (**addr).clone(), Term::Int(lo)),
                    Term::bin(Op::Lt, (**addr).clone(), Term::Int(hi)),
                );
                Term::Ite(Box::new(inside), Box::new(Term::Int(0)), Box::new(t))
            }
            other => other,
        })
    }

    /// `WP(lhs := source, q)`; a havoc is one fresh value for the whole target.
    fn assign(&mut self, target: &Target, source: Source, q: &Term) -> Term {
        let source = match (source, target) {
            (Source::Havoc, Target::Var(_) | Target::Mem { .. }) => Source::Value(self.fresh()),
            (s, _) => s,
        };
        self.wp.apply(target, &source, q)
    }

    /// The conjunction, over the edges leaving `n`, of each edge's WP of what must hold
    /// where it leads.
    fn out_of(
        &mut self,
        f: FuncId,
        n: NodeId,
        cuts: &BTreeSet<NodeId>,
        memo: &mut HashMap<NodeId, Term>,
    ) -> Result<Term, Stop> {
        let body = self.prog.func(f).body.as_ref().expect("has a body");
        // the nodes between `n` and the next cuts, children before parents
        let mut order: Vec<NodeId> = Vec::new();
        let mut stack: Vec<(NodeId, usize)> = vec![(n, 0)];
        let mut done: BTreeSet<NodeId> = BTreeSet::new();
        while let Some((m, i)) = stack.last_mut() {
            let edges = &body.node(*m).edges;
            if *i < edges.len() {
                let to = edges[*i].to;
                *i += 1;
                if !cuts.contains(&to) && !memo.contains_key(&to) && !done.contains(&to) {
                    stack.push((to, 0));
                }
            } else {
                let m = *m;
                stack.pop();
                if done.insert(m) {
                    order.push(m);
                }
            }
        }
        let mut into = vec![0usize; body.nodes.len()];
        for (_, e) in body.edges() {
            into[e.to.0 as usize] += 1;
        }
        let mut result = tru();
        for m in order {
            let t = self.node_wp(f, m, cuts, memo)?;
            if m == n {
                result = t;
            } else if into[m.0 as usize] > 1 && size(&t) > SHARE_ABOVE {
                // a join: its WP once, as a definition, not a copy per way into it
                let shared = self.share(&t);
                memo.insert(m, shared);
            } else {
                memo.insert(m, t);
            }
        }
        Ok(result)
    }

    /// `q`, the WP at a join, shared: a fresh proposition `B` defined (for every obligation
    /// of the function) as `q` over fresh copies of the variables and memory reads it reads,
    /// and used as `copies == values ⇒ B`. A way into the join then substitutes into the
    /// equations only, so the WP of a chain of branches grows linearly, not exponentially.
    /// The same copies serve every way in: a failing run passes the join once, and its
    /// values there are the copies'.
    fn share(&mut self, q: &Term) -> Term {
        let mut reads: Vec<(Term, Term)> = Vec::new();
        let over_copies = self.copy_reads(q, &mut reads);
        let b = Term::bin(Op::Ne, self.fresh(), Term::Int(0));
        self.defs.push(Term::bin(
            Op::And,
            implies(b.clone(), over_copies.clone()),
            implies(over_copies, b.clone()),
        ));
        let eqs = reads
            .into_iter()
            .map(|(read, copy)| Term::bin(Op::Eq, copy, read))
            .reduce(|a, c| Term::bin(Op::And, a, c))
            .unwrap_or_else(tru);
        implies(eqs, b)
    }

    /// `t` with each variable and each outermost memory read replaced by its copy (a fresh
    /// symbol, recorded in `reads` beside what it copies).
    fn copy_reads(&mut self, t: &Term, reads: &mut Vec<(Term, Term)>) -> Term {
        match t {
            Term::Var(_) | Term::Mem { .. } => {
                if let Some((_, c)) = reads.iter().find(|(r, _)| r == t) {
                    return c.clone();
                }
                let c = self.fresh();
                reads.push((t.clone(), c.clone()));
                c
            }
            Term::Not(a) => Term::not(self.copy_reads(a, reads)),
            Term::Bin(op, a, b) => {
                let (a, b) = (self.copy_reads(a, reads), self.copy_reads(b, reads));
                Term::bin(*op, a, b)
            }
            Term::Ite(c, a, b) => Term::Ite(
                Box::new(self.copy_reads(c, reads)),
                Box::new(self.copy_reads(a, reads)),
                Box::new(self.copy_reads(b, reads)),
            ),
            other => other.clone(),
        }
    }

    /// The WP at node `m` (its successors' WPs known).
    fn node_wp(
        &mut self,
        f: FuncId,
        m: NodeId,
        cuts: &BTreeSet<NodeId>,
        memo: &HashMap<NodeId, Term>,
    ) -> Result<Term, Stop> {
        let body = self.prog.func(f).body.as_ref().expect("has a body");
        let empty = HashMap::default();
        let mut parts = Vec::new();
        for e in &body.node(m).edges {
            let after = if cuts.contains(&e.to) {
                let claim = self.claim(f, Site::Loop(e.to), &empty);
                let at = body.node(e.to).edges.first().map_or(e.loc, |h| h.loc);
                self.goal(GoalKind::LoopInvariant, at, claim)
            } else {
                memo.get(&e.to).cloned().unwrap_or_else(tru)
            };
            let t = self.edge_wp(f, &e.stmt, e.loc, &after);
            if size(&t) > self.opts.max_term_nodes {
                return Err(Stop::TooLarge);
            }
            parts.push(t);
        }
        Ok(parts
            .into_iter()
            .reduce(|a, b| Term::bin(Op::And, a, b))
            .unwrap_or_else(tru))
    }

    /// `WP(stmt, q)` for an edge of `f`.
    fn edge_wp(&mut self, f: FuncId, stmt: &Stmt, loc: Loc, q: &Term) -> Term {
        let empty = HashMap::default();
        match stmt {
            Stmt::Skip => q.clone(),
            Stmt::Assign { lhs, rhs } => {
                let (target, source) = {
                    let c = self.conv(f, &empty);
                    (target_of(&c, lhs), source_of(&c, rhs))
                };
                self.assign(&target, source, q)
            }
            Stmt::Assume(c) => match self.conv(f, &empty).expr(c) {
                Ok(t) => implies(t.truth(), q.clone()),
                Err(_) => q.clone(),
            },
            Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => {
                let target = target_of(&self.conv(f, &empty), lhs);
                self.assign(&target, Source::Havoc, q)
            }
            Stmt::Return(value) => {
                let ensures = self.claim_as(f, Site::Ensures, f, value.as_ref(), &empty);
                self.goal(GoalKind::Ensures, loc, ensures)
            }
            Stmt::Error => self.goal(GoalKind::NoError, loc, fals()),
            Stmt::Halt { .. } => tru(),
            Stmt::Call { lhs, callee, args } => {
                let targets = self.an.pt.call_targets(self.prog, f, callee);
                // through a pointer, each target is called only when the pointer is its
                // address
                let pointer = match callee {
                    Callee::Indirect(e) => self.conv(f, &empty).expr(e).ok().map(as_int),
                    Callee::Direct(_) => None,
                };
                let mut parts = Vec::new();
                let mut external = targets.is_empty();
                for &g in &targets {
                    if self.prog.func(g).body.is_some() {
                        let wp = self.call_wp(f, lhs.as_ref(), g, args, loc, q);
                        parts.push(match &pointer {
                            Some(p) => {
                                implies(Term::bin(Op::Eq, p.clone(), Term::Base(Obj::Func(g))), wp)
                            }
                            None => wp,
                        });
                    } else {
                        external = true;
                    }
                }
                if external {
                    let env = match callee {
                        Callee::Direct(g) if targets.len() == 1 => {
                            classify(&self.prog.func(*g).name)
                        }
                        _ => EnvFn::Unknown,
                    };
                    parts.push(self.external_wp(f, lhs.as_ref(), args, stmt, env, q));
                }
                parts
                    .into_iter()
                    .reduce(|a, b| Term::bin(Op::And, a, b))
                    .unwrap_or_else(tru)
            }
        }
    }

    /// `\result` of `g`, if some claim made it.
    fn result_var(&self, g: FuncId) -> Option<VarId> {
        self.prog
            .var_ids()
            .find(|&v| is_result_var(self.prog, v) && self.prog.var(v).kind == VarKind::Temp(g))
    }

    /// `WP(lhs = g(args), q)` by `g`'s contract.
    fn call_wp(
        &mut self,
        f: FuncId,
        lhs: Option<&Lval>,
        g: FuncId,
        args: &[Expr],
        loc: Loc,
        q: &Term,
    ) -> Term {
        let prog = self.prog;
        let empty = HashMap::default();
        let params = &prog.func(g).params;
        // the actuals and the caller's values of `g`'s `\old(x)`, before the call
        let mut before: HashMap<VarId, Term> = HashMap::default();
        {
            let c = self.conv(f, &empty);
            for (k, &p) in params.iter().enumerate() {
                if let Some(t) = args.get(k).and_then(|a| c.expr(a).ok()) {
                    before.insert(p, as_int(t));
                }
            }
            // a cell read through `g`'s formals: through the actuals
            let actuals = before.clone();
            let c = self.conv(f, &actuals);
            for (old, lv) in entry_cells(prog, g) {
                if let Ok(t) = c.read(&lv) {
                    before.insert(old, as_int(t));
                }
            }
        }
        for &p in params {
            if let std::collections::hash_map::Entry::Vacant(e) = before.entry(p) {
                e.insert(self.fresh());
            }
        }
        let requires = self.claim(g, Site::Requires, &before);
        let requires = self.goal(GoalKind::Requires(g), loc, requires);
        // the callee's postcondition: formals and `\old(x)` through placeholders, so the
        // values before the call are not mistaken for values after it
        let mut holders: HashMap<VarId, Term> = HashMap::default();
        let mut filled: HashMap<u32, Term> = HashMap::default();
        for (&v, t) in &before {
            let h = self.fresh();
            if let Term::Fresh(k) = h {
                filled.insert(k, t.clone());
            }
            holders.insert(v, h);
        }
        let r = self.fresh();
        let mods = self.an.modref.mod_of(g).clone();
        let mut changed = Changed::default();
        // a result assigned to a plain variable: the postcondition is read after the
        // assignment with `\result` as that variable (whose points-to facts are known)
        let receiver = lhs.filter(|l| match l {
            Lval::Var(x) => {
                let var = prog.var(*x);
                !var.addr_taken && prog.types.is_scalar(var.ty)
            }
            _ => false,
        });
        if let Some(x) = receiver {
            let as_read = Expr {
                ty: prog.lval_ty(x),
                kind: ExprKind::Read(Box::new(x.clone())),
            };
            let ensures = self.claim_as(g, Site::Ensures, f, Some(&as_read), &holders);
            let target = target_of(&self.conv(f, &empty), x);
            let after = self.assign(&target, Source::Value(r), &implies(ensures, q.clone()));
            let after = changed.havoc(self, &after, &mods, &filled);
            return Term::bin(Op::And, requires, after);
        }
        let mut after = q.clone();
        if let Some(lhs) = lhs {
            let target = target_of(&self.conv(f, &empty), lhs);
            after = self.assign(&target, Source::Value(r.clone()), &after);
        }
        if let Some(res) = self.result_var(g) {
            holders.insert(res, r);
        }
        let ensures = self.claim(g, Site::Ensures, &holders);
        let after = changed.havoc(self, &after, &mods, &HashMap::default());
        let ensures = changed.havoc(self, &ensures, &mods, &filled);
        Term::bin(Op::And, requires, implies(ensures, after))
    }

    /// `WP(lhs = ext(args), q)` for a function without a body, by its environment model.
    fn external_wp(
        &mut self,
        f: FuncId,
        lhs: Option<&Lval>,
        args: &[Expr],
        stmt: &Stmt,
        env: EnvFn,
        q: &Term,
    ) -> Term {
        let empty = HashMap::default();
        let arg = |ck: &Self, k: usize| {
            args.get(k)
                .and_then(|a| ck.conv(f, &empty).expr(a).ok())
                .map(Term::truth)
        };
        match env {
            EnvFn::Error => return fals(),
            EnvFn::Halt { .. } => return tru(),
            EnvFn::Assume => {
                return match arg(self, 0) {
                    Some(c) => implies(c, q.clone()),
                    None => q.clone(),
                }
            }
            EnvFn::AssertCall => {
                return match arg(self, 0) {
                    Some(c) => Term::bin(Op::And, c.clone(), implies(c, q.clone())),
                    None => fals(),
                }
            }
            EnvFn::Nondet | EnvFn::Alloc { .. } => {
                return match lhs {
                    Some(l) => {
                        let target = target_of(&self.conv(f, &empty), l);
                        self.assign(&target, Source::Havoc, q)
                    }
                    None => q.clone(),
                }
            }
            EnvFn::Known(_) | EnvFn::Unknown => {}
        }
        let no_lhs = stmt.without_result();
        let mods = self.an.modref.stmt_mod(self.prog, &self.an.pt, f, &no_lhs);
        let mut q = q.clone();
        if let Some(l) = lhs {
            let target = target_of(&self.conv(f, &empty), l);
            q = self.assign(&target, Source::Havoc, &q);
        }
        Changed::default().havoc(self, &q, &mods, &HashMap::default())
    }
}

/// The fresh values a call gives what it may modify, shared by the caller's condition and
/// the callee's postcondition: the same variable, or the same access kind at the same
/// address, gets the same value.
#[derive(Default)]
struct Changed {
    vars: HashMap<VarId, Term>,
    cells: HashMap<Term, Term>,
}

impl Changed {
    /// `t` after a call that may modify `mods`; the placeholders `filled` are replaced by
    /// the values before the call (which the call does not change).
    fn havoc(
        &mut self,
        ck: &mut Checker,
        t: &Term,
        mods: &BTreeSet<AbsLoc>,
        filled: &HashMap<u32, Term>,
    ) -> Term {
        t.rewrite(&mut |t| match t {
            Term::Fresh(k) if filled.contains_key(&k) => filled[&k].clone(),
            Term::Var(v)
                if mods.contains(&AbsLoc {
                    obj: AbsObj::Var(v),
                    off: 0,
                }) =>
            {
                self.vars.entry(v).or_insert_with(|| ck.fresh()).clone()
            }
            Term::Mem {
                kind,
                ref addr,
                ref cells,
            } if cells.meets(mods) => {
                let key = Term::Mem {
                    kind,
                    addr: addr.clone(),
                    cells: CellsKey(None),
                };
                self.cells.entry(key).or_insert_with(|| ck.fresh()).clone()
            }
            other => other,
        })
    }
}

/// The `\old` variables of `f`, each with the lvalue whose value at entry it is.
fn entry_cells(prog: &Program, f: FuncId) -> Vec<(VarId, Lval)> {
    let scalars = prog.entry_values.iter().map(|(&o, &x)| (o, Lval::Var(x)));
    let cells = prog.entry_memory.iter().map(|(&o, lv)| (o, lv.clone()));
    let mut out: Vec<(VarId, Lval)> = scalars
        .chain(cells)
        .filter(|(o, _)| prog.var(*o).kind == VarKind::Temp(f))
        .collect();
    out.sort_by_key(|(o, _)| *o);
    out
}

/// `o` (a failed obligation) with the end it fails at.
fn with_goal(o: Outcome, goal: Option<Goal>) -> Outcome {
    match o {
        Outcome::NotInductive(ob) => Outcome::NotInductive(Obligation { goal, ..ob }),
        other => other,
    }
}

fn tru() -> Term {
    Term::bin(Op::Eq, Term::Int(0), Term::Int(0))
}

fn fals() -> Term {
    Term::bin(Op::Ne, Term::Int(0), Term::Int(0))
}

fn implies(a: Term, b: Term) -> Term {
    Term::bin(Op::Or, Term::not(a), b)
}

/// `t` with the variables of `subst` replaced.
fn subst_vars(t: &Term, subst: &HashMap<VarId, Term>) -> Term {
    t.rewrite(&mut |t| match t {
        Term::Var(v) if subst.contains_key(&v) => subst[&v].clone(),
        other => other,
    })
}

/// The number of nodes of a term.
fn size(t: &Term) -> usize {
    let mut n = 0;
    t.visit(&mut |_| n += 1);
    n
}
