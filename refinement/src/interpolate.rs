//! Interpolants of an infeasible path, for when the weakest preconditions of its unsat core
//! give no new predicate, or the same path comes back after they were added.
//!
//! Z3 4.8.12 has no interpolation API, so interpolants are derived from the path formula
//! ([`encode::encode_stepped`]: each constraint with the step that made it). At a *cut*
//! before step `i` (a loop head, a function's first step, the first step back in a caller)
//! the path splits into its prefix `A` (static storage, the entry and the steps before `i`)
//! and its suffix `B`. The integer variables in scope there (the function's locals and
//! formals, `\result`s, globals; not those in memory) name the values `A` and `B` share: a
//! fresh constant `p_v` per variable, equal to its value in the path formula.
//! 1. **Projection**: the model-based projection (Z3's `qe_model_project`) of `A` onto the
//!    `p_v`, around a model of `A`: a conjunction of linear literals that implies
//!    `∃ (everything else) . A`, so it contradicts `B` as `A` does.
//! 2. **Generalization**: for each pair of the projection's literals with constants, the
//!    combination in which the constants cancel (`i == 2`, `k >= 2` give `i - k <= 0`;
//!    `i == 2`, `j == 4` give `2 * i - j == 0`): the relational facts a loop's invariant is
//!    made of, which the projection of one unrolling states through constants only.
//! 3. **Minimization against `B`**: of the candidates, which together contradict `B`, a
//!    minimal set, dropping the most specific first (a variable equal to a constant, then
//!    bounds, then relations with constants, then relations without), so the interpolant
//!    says as little about the particular unrolling as it can.
//!
//! Each literal left is an atom (`i <= k`, `j == 2 * i`) true before the cut's step; the
//! caller places it like an unsat core's atoms ([`crate::discover::carry_atoms`]: weakest
//! preconditions back to where it is established, `0 <= k` before `i = 0`). Predicates only
//! ever cost precision, never soundness, so a cut whose projection cannot be computed or
//! translated is skipped.

use crate::discover::Placed;
use crate::encode::{self, CutValues};
use crate::path::CirPath;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::cir::{BinOp, Expr, ExprKind, FuncId, Lval, Program, Stmt, Ty, VarId};
use slamrs_abstraction::smt::encode::Addresses;
use slamrs_abstraction::smt::solver_pool::{Arith, Limit, PooledSolver};
use std::collections::{BTreeMap, BTreeSet};
use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{DeclKind, SatResult};

/// Most cuts tried on one path.
const MAX_CUTS: usize = 12;
/// Most candidate literals minimized at one cut.
const MAX_CANDIDATES: usize = 48;
/// Largest coefficient of a relation derived by cancelling constants (`2 * i == j`; not
/// `50 * t <= 49 * n`).
const MAX_DERIVED_COEFF: i128 = 4;
/// Largest coefficient or constant a predicate may have.
const MAX_COEFF: i128 = 1 << 20;

/// The atoms of interpolants of the infeasible `path` (which starts in `entry`), each with
/// the step it holds before (an expression of that step's function) and how far back to
/// carry it; each query may use `rlimit` resource units.
pub fn interpolants(
    prog: &mut Program,
    pt: &PointsTo,
    addrs: &Addresses,
    path: &CirPath,
    entry: FuncId,
    facts: &Facts,
    rlimit: u32,
) -> Vec<Placed> {
    let int = prog.types.int();
    let prog = &*prog;
    let cuts = cuts(facts, path);
    if cuts.is_empty() {
        return Vec::new();
    }
    let Ok(f) = encode::encode_stepped(prog, pt, addrs, path, entry, &cuts) else {
        return Vec::new();
    };
    let mut found: Vec<(usize, Expr)> = Vec::new();
    for cut in &f.cuts {
        for lit in interpolant_at(&f.constraints, cut, &facts.natural, rlimit) {
            let Some(e) = lit_expr(prog, int, cut, &lit) else {
                continue;
            };
            if !found.contains(&(cut.step, e.clone())) {
                found.push((cut.step, e));
            }
        }
    }
    if !found.is_empty() {
        tracing::debug!(
            found = %found.iter().map(|(k, e)| format!("{} before step {k}", slamrs_abstraction::cir::print::expr(prog, e))).collect::<Vec<_>>().join(", "),
            "interpolants"
        );
    }
    // An atom found at a place the path visits several times is carried back over one
    // round only (through the loop body: the forms it takes between statements), and
    // from the place's first visit back to the start (`0 <= k` before `i = 0`); carried
    // from a later visit through the rounds before, it would name their values
    // (`i + 2 <= k`).
    let mut out: Vec<Placed> = Vec::new();
    for (k, atom) in found {
        let here = (path.steps[k].func, path.steps[k].node);
        let visits: Vec<usize> = (0..k)
            .filter(|&j| (path.steps[j].func, path.steps[j].node) == here)
            .collect();
        let floor = visits.last().copied().unwrap_or(0);
        out.push(Placed {
            step: k,
            floor,
            atom: atom.clone(),
        });
        if let Some(&first) = visits.first() {
            let p = Placed {
                step: first,
                floor: 0,
                atom,
            };
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// The step boundaries to cut the path at: before a loop head's step, a function's first
/// step, and the first step back in a caller; of each place (function and node) the first
/// and the last visit; at most [`MAX_CUTS`], the later ones preferred.
fn cuts(facts: &Facts, path: &CirPath) -> Vec<usize> {
    let mut first: BTreeMap<(FuncId, u32), usize> = BTreeMap::new();
    let mut last: BTreeMap<(FuncId, u32), usize> = BTreeMap::new();
    for i in 1..path.steps.len() {
        let s = &path.steps[i];
        let boundary = s.func != path.steps[i - 1].func || facts.at_head(s);
        if boundary {
            first.entry((s.func, s.node.0)).or_insert(i);
            last.insert((s.func, s.node.0), i);
        }
    }
    let mut all: Vec<usize> = first.values().chain(last.values()).copied().collect();
    all.sort_unstable();
    all.dedup();
    if all.len() > MAX_CUTS {
        all.drain(..all.len() - MAX_CUTS);
    }
    all
}

/// What interpolation needs to know of the program, computed once per check: its loop
/// heads and its constants.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// The nodes each function's loops are entered at.
    heads: HashMap<FuncId, BTreeSet<u32>>,
    /// The integer constants of the program's statements ([`program_constants`]).
    natural: BTreeSet<i128>,
}

impl Facts {
    pub fn compute(prog: &Program) -> Facts {
        let mut heads: HashMap<FuncId, BTreeSet<u32>> = HashMap::default();
        for f in prog.func_ids() {
            let Some(body) = &prog.func(f).body else {
                continue;
            };
            let h = heads.entry(f).or_default();
            for scc in crate::loops::loops(body) {
                for (i, n) in body.nodes.iter().enumerate() {
                    if scc.contains(&slamrs_abstraction::cir::NodeId(i as u32)) {
                        continue;
                    }
                    h.extend(
                        n.edges
                            .iter()
                            .filter(|e| scc.contains(&e.to))
                            .map(|e| e.to.0),
                    );
                }
            }
        }
        Facts {
            heads,
            natural: program_constants(prog),
        }
    }

    /// Whether step `s` is at a loop head.
    fn at_head(&self, s: &crate::path::PathStep) -> bool {
        self.heads
            .get(&s.func)
            .is_some_and(|h| h.contains(&s.node.0))
    }

    /// Whether `path` goes around a loop (comes back to a loop head in the same
    /// activation or another).
    pub fn unrolls_a_loop(
        &self,
        path: &CirPath,
        except: &std::collections::BTreeSet<(FuncId, slamrs_abstraction::cir::NodeId)>,
    ) -> bool {
        let mut seen = HashSet::default();
        path.steps.iter().any(|s| {
            self.at_head(s) && !except.contains(&(s.func, s.node)) && !seen.insert((s.func, s.node))
        })
    }
}

/// The integer constants of `prog`'s statements (with 0 and 1), the natural constants of
/// its predicates.
fn program_constants(prog: &Program) -> BTreeSet<i128> {
    fn walk(e: &Expr, out: &mut BTreeSet<i128>) {
        match &e.kind {
            ExprKind::Int(n) => {
                out.insert(*n);
            }
            ExprKind::Read(lv) | ExprKind::AddrOf(lv) => walk_lval(lv, out),
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => walk(a, out),
            ExprKind::Binary(_, a, b) => {
                walk(a, out);
                walk(b, out);
            }
            ExprKind::Func(_) | ExprKind::Str(_) => {}
        }
    }
    fn walk_lval(lv: &Lval, out: &mut BTreeSet<i128>) {
        match lv {
            Lval::Var(_) => {}
            Lval::Deref(e) => walk(e, out),
            Lval::Field(l, ..) => walk_lval(l, out),
            Lval::Index(l, e) => {
                walk_lval(l, out);
                walk(e, out);
            }
        }
    }
    let mut out: BTreeSet<i128> = [0, 1].into_iter().collect();
    for f in prog.func_ids() {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        for (_, edge) in body.edges() {
            match &edge.stmt {
                Stmt::Assume(c) => walk(c, &mut out),
                Stmt::Assign { lhs, rhs } => {
                    walk_lval(lhs, &mut out);
                    walk(rhs, &mut out);
                }
                Stmt::Call { args, .. } => args.iter().for_each(|a| walk(a, &mut out)),
                Stmt::Return(Some(e)) => walk(e, &mut out),
                _ => {}
            }
        }
    }
    for init in &prog.inits {
        walk(&init.rhs, &mut out);
    }
    out
}

/// How a linear form compares with 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rel {
    /// `form <= 0`
    Le,
    /// `form == 0`
    Eq,
}

/// `Σ c·v + k`, the variables by their index in the cut's values.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Form {
    coeffs: BTreeMap<usize, i128>,
    k: i128,
}

/// A literal `form rel 0`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Lit {
    form: Form,
    rel: Rel,
}

impl Lit {
    /// Sum of the coefficients' magnitudes.
    fn weight(&self) -> i128 {
        self.form.coeffs.values().map(|c| c.abs()).sum()
    }

    /// The order literals are dropped in when minimizing (highest first): literals whose
    /// constant the program does not contain (`i == 9` after nine unrollings; `k <= 100`
    /// of a program testing `k > 100` is natural, and so is `k >= 101`), then
    /// single-variable equalities, single-variable bounds, and the heavier relations
    /// first (`50 * t <= 49 * n` before `t < n`).
    fn drop_rank(&self, natural: &BTreeSet<i128>) -> (bool, bool, bool, i128) {
        let k = self.form.k;
        let is_natural = |c: i128| {
            natural.contains(&c)
                || [c - 1, c + 1]
                    .iter()
                    .any(|n| n.abs() >= 2 && natural.contains(n))
        };
        let unnatural = k != 0 && !is_natural(k) && !is_natural(-k);
        let single = self.form.coeffs.len() == 1;
        (
            unnatural,
            single && self.rel == Rel::Eq,
            single,
            self.weight(),
        )
    }

    /// Divided by the gcd of its coefficients (and the constant rounded for `<=`).
    fn normalized(mut self) -> Option<Lit> {
        self.form.coeffs.retain(|_, c| *c != 0);
        if self.form.coeffs.is_empty() {
            return None;
        }
        let g = self
            .form
            .coeffs
            .values()
            .fold(0i128, |g, &c| gcd(g, c.abs()));
        if g > 1 {
            if self.rel == Rel::Eq && self.form.k % g != 0 {
                return None; // no integer solution: not a useful predicate
            }
            for c in self.form.coeffs.values_mut() {
                *c /= g;
            }
            // Σ c·v + k <= 0 over integers: Σ (c/g)·v <= floor(-k/g)
            self.form.k = match self.rel {
                Rel::Eq => self.form.k / g,
                Rel::Le => -(-self.form.k).div_euclid(g),
            };
        }
        if self.rel == Rel::Eq && self.form.coeffs.values().next().is_some_and(|&c| c < 0) {
            for c in self.form.coeffs.values_mut() {
                *c = -*c;
            }
            self.form.k = -self.form.k;
        }
        let small = self.form.k.abs() <= MAX_COEFF
            && self.form.coeffs.values().all(|c| c.abs() <= MAX_COEFF);
        small.then_some(self)
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The interpolant's literals at `cut`, or none.
fn interpolant_at(
    constraints: &[(Option<usize>, Bool)],
    cut: &CutValues,
    natural: &BTreeSet<i128>,
    rlimit: u32,
) -> Vec<Lit> {
    // the cut's values are symbols of their own (`encode_stepped`), shared by A and B
    let shared: Vec<Int> = cut.values.iter().map(|(_, t)| t.clone()).collect();
    let index: HashMap<String, usize> = shared
        .iter()
        .enumerate()
        .map(|(k, p)| (p.to_string(), k))
        .collect();
    let (a, b): (Vec<&Bool>, Vec<&Bool>) = {
        let mut a = Vec::new();
        let mut b = Vec::new();
        for (s, c) in constraints {
            if s.is_some_and(|s| s >= cut.step) {
                b.push(c);
            } else {
                a.push(c);
            }
        }
        (a, b)
    };
    // 1. projection of A around one of its models
    let sa = PooledSolver::with(Limit::Resources(rlimit), Arith::Default);
    for c in &a {
        sa.assert(*c);
    }
    if sa.check() != SatResult::Sat {
        return Vec::new();
    }
    let Some(model) = sa.get_model() else {
        return Vec::new();
    };
    let body = Bool::and(&a);
    let mut consts: Vec<Dynamic> = Vec::new();
    collect_consts(
        &Dynamic::from_ast(&body),
        &mut HashSet::default(),
        &mut consts,
    );
    let elim = z3::AstVector::new();
    for c in consts
        .iter()
        .filter(|c| !index.contains_key(&c.to_string()))
    {
        elim.push(c);
    }
    // Z3's light quantifier elimination: by the equalities that define the eliminated
    // symbols (a path formula's are mostly such); the literals still mentioning one are
    // dropped below, which keeps the result implied by A
    let projected = z3::quantifier_elimination::QuantifierElimination::lite(&elim, &body);
    tracing::trace!(step = cut.step, %projected, "projection");
    let value = |f: &Form| -> Option<i128> {
        let mut n = f.k;
        for (&v, &c) in &f.coeffs {
            let x = model.eval(&shared[v], true)?.as_i128()?;
            n = n.checked_add(c.checked_mul(x)?)?;
        }
        Some(n)
    };
    let mut lits: Vec<Lit> = Vec::new();
    for c in conjuncts(&projected) {
        let l = match literal(&c, &index) {
            Some(Literal::Lit(l)) => l,
            // a disequality `f != 0`: the side the model is on (as model-based projection
            // does for the variables it eliminates)
            Some(Literal::Ne(f)) => match value(&f) {
                Some(n) if n < 0 => Lit {
                    form: Form {
                        coeffs: f.coeffs,
                        k: f.k + 1,
                    },
                    rel: Rel::Le,
                },
                Some(n) if n > 0 => Lit {
                    form: Form {
                        coeffs: f.coeffs.into_iter().map(|(v, c)| (v, -c)).collect(),
                        k: 1 - f.k,
                    },
                    rel: Rel::Le,
                },
                _ => continue,
            },
            None => continue,
        };
        let Some(l) = l.normalized() else {
            continue;
        };
        // of the bounds on one form only the tightest
        if l.rel == Rel::Le {
            if let Some(o) = lits
                .iter_mut()
                .find(|o| o.rel == Rel::Le && o.form.coeffs == l.form.coeffs)
            {
                o.form.k = o.form.k.max(l.form.k);
                continue;
            }
        }
        if !lits.contains(&l) {
            lits.push(l);
        }
    }
    // 2. generalization
    let mut cands: BTreeSet<Lit> = lits.iter().cloned().collect();
    for (x, l1) in lits.iter().enumerate() {
        for l2 in &lits[x + 1..] {
            if let Some(c) = cancel_constants(l1, l2) {
                cands.insert(c);
            }
        }
    }
    let mut cands: Vec<Lit> = cands.into_iter().collect();
    // the ones dropped first last, so the cap keeps the general ones
    cands.sort_by_key(|l| l.drop_rank(natural));
    cands.truncate(MAX_CANDIDATES);
    // 3. minimization against B
    let sb = PooledSolver::with(Limit::Resources(rlimit), Arith::Default);
    for c in &b {
        sb.assert(*c);
    }
    if sb.check() != SatResult::Sat {
        // the suffix contradicts itself (through memory the prefix wrote, which the
        // cut's values do not name): nothing to interpolate here
        return Vec::new();
    }
    let guards: Vec<Bool> = cands
        .iter()
        .enumerate()
        .map(|(j, l)| {
            let g = Bool::new_const(format!("cand{}!{j}", cut.step));
            sb.assert(g.implies(lit_term(l, &shared)));
            g
        })
        .collect();
    if sb.check_assumptions(&guards) != SatResult::Unsat {
        tracing::trace!(step = cut.step, candidates = cands.len(), "no interpolant");
        return Vec::new();
    }
    // deletion over all candidates (an unsat core would be Z3's choice among the
    // explanations, often the most specific one)
    let mut keep: Vec<bool> = vec![true; cands.len()];
    let mut order: Vec<usize> = (0..cands.len()).collect();
    order.sort_by_key(|&j| std::cmp::Reverse(cands[j].drop_rank(natural)));
    for j in order {
        keep[j] = false;
        let on: Vec<Bool> = guards
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(g, _)| g.clone())
            .collect();
        if sb.check_assumptions(&on) != SatResult::Unsat {
            keep[j] = true;
        }
    }
    let kept: Vec<Lit> = cands
        .into_iter()
        .zip(keep)
        .filter_map(|(l, k)| k.then_some(l))
        .collect();
    tracing::trace!(step = cut.step, ?lits, ?kept, "interpolant");
    kept
}

/// The uninterpreted constants of `e`.
fn collect_consts(e: &Dynamic, seen: &mut HashSet<Dynamic>, out: &mut Vec<Dynamic>) {
    if !seen.insert(e.clone()) {
        return;
    }
    if e.is_const() {
        // (not a numeral or a truth value; `DeclKind::Uninterpreted` is numbered
        // differently in Z3 4.8.12 than in the bindings)
        let interpreted = matches!(
            e.decl().kind(),
            DeclKind::Anum | DeclKind::Agnum | DeclKind::True | DeclKind::False
        );
        if !interpreted {
            out.push(e.clone());
        }
        return;
    }
    if e.is_app() {
        for c in e.children() {
            collect_consts(&c, seen, out);
        }
    }
}

/// The conjuncts of `b` (`b` itself when it is no conjunction).
fn conjuncts(b: &Bool) -> Vec<Dynamic> {
    let d = Dynamic::from_ast(b);
    if d.is_app() && d.decl().kind() == DeclKind::And {
        d.children()
    } else {
        vec![d]
    }
}

/// A literal of the projection.
enum Literal {
    Lit(Lit),
    /// `form != 0`
    Ne(Form),
}

/// `e` (a Z3 literal over the shared constants) as a [`Literal`].
fn literal(e: &Dynamic, index: &HashMap<String, usize>) -> Option<Literal> {
    if !e.is_app() {
        return None;
    }
    let ch = e.children();
    let diff = |a: &Dynamic, b: &Dynamic| -> Option<Form> {
        let mut f = Form {
            coeffs: BTreeMap::new(),
            k: 0,
        };
        linear(a, 1, index, &mut f)?;
        linear(b, -1, index, &mut f)?;
        Some(f)
    };
    let le = |mut f: Form, strict: bool| {
        if strict {
            f.k += 1;
        }
        Some(Literal::Lit(Lit {
            form: f,
            rel: Rel::Le,
        }))
    };
    let neg = |f: Form| {
        let coeffs = f.coeffs.into_iter().map(|(k, c)| (k, -c)).collect();
        Form { coeffs, k: -f.k }
    };
    match (e.decl().kind(), &ch[..]) {
        (DeclKind::Le, [a, b]) => le(diff(a, b)?, false),
        (DeclKind::Lt, [a, b]) => le(diff(a, b)?, true),
        (DeclKind::Ge, [a, b]) => le(diff(b, a)?, false),
        (DeclKind::Gt, [a, b]) => le(diff(b, a)?, true),
        (DeclKind::Eq, [a, b]) if a.as_int().is_some() => Some(Literal::Lit(Lit {
            form: diff(a, b)?,
            rel: Rel::Eq,
        })),
        (DeclKind::Distinct, [a, b]) if a.as_int().is_some() => Some(Literal::Ne(diff(a, b)?)),
        (DeclKind::Not, [x]) if x.is_app() => {
            let xc = x.children();
            match (x.decl().kind(), &xc[..]) {
                // ¬(a <= b): b - a < 0
                (DeclKind::Le, [a, b]) => le(neg(diff(a, b)?), true),
                (DeclKind::Lt, [a, b]) => le(neg(diff(a, b)?), false),
                (DeclKind::Ge, [a, b]) => le(neg(diff(b, a)?), true),
                (DeclKind::Gt, [a, b]) => le(neg(diff(b, a)?), false),
                (DeclKind::Eq, [a, b]) if a.as_int().is_some() => Some(Literal::Ne(diff(a, b)?)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Adds `c · e` to `f`; `None` unless `e` is linear over the shared constants.
fn linear(e: &Dynamic, c: i128, index: &HashMap<String, usize>, f: &mut Form) -> Option<()> {
    if let Some(n) = e.as_int().and_then(|i| i.as_i128()) {
        f.k = f.k.checked_add(c.checked_mul(n)?)?;
        return Some(());
    }
    if !e.is_app() {
        return None;
    }
    if e.is_const() {
        let &k = index.get(&e.to_string())?;
        *f.coeffs.entry(k).or_insert(0) += c;
        return Some(());
    }
    let ch = e.children();
    match (e.decl().kind(), &ch[..]) {
        (DeclKind::Add, xs) => xs.iter().try_for_each(|x| linear(x, c, index, f)),
        (DeclKind::Sub, [a, rest @ ..]) => {
            linear(a, c, index, f)?;
            rest.iter().try_for_each(|x| linear(x, -c, index, f))
        }
        (DeclKind::Uminus, [a]) => linear(a, -c, index, f),
        (DeclKind::Mul, [a, b]) => {
            if let Some(n) = a.as_int().and_then(|i| i.as_i128()) {
                linear(b, c.checked_mul(n)?, index, f)
            } else if let Some(n) = b.as_int().and_then(|i| i.as_i128()) {
                linear(a, c.checked_mul(n)?, index, f)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The combination of two literals with constants in which the constants cancel, when
/// one exists (an equality may be scaled by any sign, an inequality by a positive factor
/// only), normalized.
fn cancel_constants(l1: &Lit, l2: &Lit) -> Option<Lit> {
    let (k1, k2) = (l1.form.k, l2.form.k);
    if k1 == 0 || k2 == 0 {
        return None;
    }
    // a·l1 + b·l2 with a·k1 + b·k2 == 0: a = k2·s1, b = -k1·s1 up to sign
    let (a, b) = match (l1.rel, l2.rel) {
        (Rel::Eq, Rel::Eq) => (k2, -k1),
        // b must be positive
        (Rel::Eq, Rel::Le) => (-k2 * k1.signum(), k1.abs()),
        (Rel::Le, Rel::Eq) => (k2.abs(), -k1 * k2.signum()),
        // both positive: the constants must have opposite signs
        (Rel::Le, Rel::Le) if k1.signum() != k2.signum() => (k2.abs(), k1.abs()),
        _ => return None,
    };
    let mut coeffs = l1.form.coeffs.clone();
    for (&v, &c) in &coeffs.clone() {
        coeffs.insert(v, c.checked_mul(a)?);
    }
    for (&v, &c) in &l2.form.coeffs {
        let e = coeffs.entry(v).or_insert(0);
        *e = e.checked_add(c.checked_mul(b)?)?;
    }
    let rel = if l1.rel == Rel::Eq && l2.rel == Rel::Eq {
        Rel::Eq
    } else {
        Rel::Le
    };
    Lit {
        form: Form { coeffs, k: 0 },
        rel,
    }
    .normalized()
    .filter(|l| {
        l.form.coeffs.len() >= 2 && l.form.coeffs.values().all(|c| c.abs() <= MAX_DERIVED_COEFF)
    })
}

/// `l` as a Z3 literal over the shared constants.
fn lit_term(l: &Lit, shared: &[Int]) -> Bool {
    let mut sum = Int::from_i64(0);
    for (&v, &c) in &l.form.coeffs {
        sum = &sum + &(&shared[v] * &Int::from_i128(c));
    }
    sum = &sum + &Int::from_i128(l.form.k);
    match l.rel {
        Rel::Le => sum.le(Int::from_i64(0)),
        Rel::Eq => sum.eq(Int::from_i64(0)),
    }
}

/// `l` as a CIR comparison of the cut's variables: the positive terms on the left, the
/// negative ones and the constant on the right (`i <= k`, `j == 2 * i`). Variables of one
/// type are compared in it; signed ones of at most `int`'s width in `int`; others not.
fn lit_expr(prog: &Program, int: Ty, cut: &CutValues, l: &Lit) -> Option<Expr> {
    let vars: Vec<(VarId, Ty)> = l
        .form
        .coeffs
        .keys()
        .map(|&k| {
            let v = cut.values[k].0;
            (v, prog.var(v).ty)
        })
        .collect();
    let ty = if vars.iter().all(|(_, t)| *t == vars[0].1) {
        vars[0].1
    } else if vars.iter().all(|(_, t)| {
        prog.types
            .as_int(*t)
            .is_some_and(|k| k.signed && k.bits <= 32)
    }) {
        int
    } else {
        return None;
    };
    let read = |v: VarId, vt: Ty| {
        let r = Expr {
            kind: ExprKind::Read(Box::new(Lval::Var(v))),
            ty: vt,
        };
        if vt == ty {
            r
        } else {
            Expr {
                kind: ExprKind::Cast(Box::new(r)),
                ty,
            }
        }
    };
    let num = |n: i128| Expr {
        kind: ExprKind::Int(n),
        ty,
    };
    let bin = |op: BinOp, a: Expr, b: Expr, t: Ty| Expr {
        kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
        ty: t,
    };
    let scaled = |v: VarId, vt: Ty, c: i128| {
        if c == 1 {
            read(v, vt)
        } else {
            bin(BinOp::Mul, num(c), read(v, vt), ty)
        }
    };
    let side = |terms: Vec<Expr>, k: i128| {
        let mut acc: Option<Expr> = None;
        for t in terms {
            acc = Some(match acc {
                None => t,
                Some(a) => bin(BinOp::Add, a, t, ty),
            });
        }
        match acc {
            None => num(k),
            Some(a) if k > 0 => bin(BinOp::Add, a, num(k), ty),
            Some(a) if k < 0 => bin(BinOp::Sub, a, num(-k), ty),
            Some(a) => a,
        }
    };
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for ((&k, &c), (v, vt)) in l.form.coeffs.iter().zip(&vars) {
        debug_assert_eq!(cut.values[k].0, *v);
        if c > 0 {
            left.push(scaled(*v, *vt, c));
        } else {
            right.push(scaled(*v, *vt, -c));
        }
    }
    // Σ⁺ - Σ⁻ + k rel 0  →  Σ⁺ rel Σ⁻ - k, or Σ⁻ (rel mirrored) k when Σ⁺ is empty
    let op = match (l.rel, left.is_empty()) {
        (Rel::Eq, _) => BinOp::Eq,
        (Rel::Le, false) => BinOp::Le,
        (Rel::Le, true) => BinOp::Ge,
    };
    let (l_side, r_side) = if left.is_empty() {
        (side(right, 0), num(l.form.k))
    } else {
        (side(left, 0), side(right, -l.form.k))
    };
    Some(bin(op, l_side, r_side, int))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::walk;
    use slamrs_abstraction::analysis::Analyses;
    use slamrs_abstraction::cir::NodeId;
    use slamrs_abstraction::frontend::{load_text, LoadOptions};

    #[test]
    fn an_unrolled_scan_is_generalized_to_a_relation() {
        let src = r#"
            extern int __VERIFIER_nondet_int(void);
            extern void reach_error(void);
            int main(void) {
                int k = __VERIFIER_nondet_int();
                int i = 0;
                if (k < 0 || k > 100)
                    return 0;
                while (i < 100) {
                    if (i == k)
                        break;
                    i = i + 1;
                }
                if (i != k)
                    reach_error();
                return 0;
            }"#;
        let mut prog = load_text("scan.c", src.into(), &LoadOptions::default()).expect("loads");
        let main = prog.func_by_name("main").expect("main");
        // k in range; twice around the loop with i != k; out at i >= 100 (i == 2 there:
        // infeasible); i != k to the error
        let path = walk(&prog, main, &[1, 1, 0, 1, 0, 1, 1, 0]);
        let analyses = Analyses::compute(&prog);
        let addrs = Addresses::new(&prog);
        let facts = Facts::compute(&prog);
        let placed = interpolants(
            &mut prog,
            &analyses.pt,
            &addrs,
            &path,
            main,
            &facts,
            Limit::millis(500).units(),
        );
        let shown: Vec<(usize, usize, String)> = placed
            .iter()
            .map(|p| {
                let e = slamrs_abstraction::cir::print::expr(&prog, &p.atom);
                (p.step, p.floor, e)
            })
            .collect();
        // the loop head is n7, visited before steps 4, 7 and 10: at the last visit the
        // interpolant is `i <= k` with `k <= 100` (not `i == 2`), carried over one round
        // (floor 7), and placed at the first visit too (floor 0)
        let head = |k: usize| path.steps[k].node == NodeId(7);
        assert!(head(4) && head(7) && head(10), "{shown:?}");
        for atom in ["i <= k", "k <= 100"] {
            assert!(
                shown.contains(&(10, 7, atom.to_string())),
                "{atom} at the last visit: {shown:?}"
            );
            assert!(
                shown.contains(&(4, 0, atom.to_string())),
                "{atom} at the first visit: {shown:?}"
            );
        }
        assert!(
            !shown.iter().any(|(_, _, e)| e == "i == 2"),
            "the unrolling's value is dropped: {shown:?}"
        );
    }

    fn lit(coeffs: &[(usize, i128)], k: i128, rel: Rel) -> Lit {
        Lit {
            form: Form {
                coeffs: coeffs.iter().copied().collect(),
                k,
            },
            rel,
        }
    }

    #[test]
    fn an_equality_and_a_bound_give_the_relation_between_them() {
        // i - 2 == 0 and 2 - k <= 0 (k >= 2): i - k <= 0
        let i_is_2 = lit(&[(0, 1)], -2, Rel::Eq);
        let k_ge_2 = lit(&[(1, -1)], 2, Rel::Le);
        assert_eq!(
            cancel_constants(&i_is_2, &k_ge_2),
            Some(lit(&[(0, 1), (1, -1)], 0, Rel::Le))
        );
    }

    #[test]
    fn two_equalities_give_their_ratio() {
        // i == 2 and j == 4: 2i - j == 0
        let i = lit(&[(0, 1)], -2, Rel::Eq);
        let j = lit(&[(1, 1)], -4, Rel::Eq);
        assert_eq!(
            cancel_constants(&i, &j),
            Some(lit(&[(0, 2), (1, -1)], 0, Rel::Eq))
        );
    }

    #[test]
    fn bounds_in_the_same_direction_do_not_combine() {
        // i <= 3 and k <= 5 say nothing about i - k
        let i = lit(&[(0, 1)], -3, Rel::Le);
        let k = lit(&[(1, 1)], -5, Rel::Le);
        assert_eq!(cancel_constants(&i, &k), None);
    }

    #[test]
    fn normalizing_rounds_an_inequality_and_refuses_an_unsolvable_equality() {
        // 2i - 3 <= 0: i <= 1
        assert_eq!(
            lit(&[(0, 2)], -3, Rel::Le).normalized(),
            Some(lit(&[(0, 1)], -1, Rel::Le))
        );
        assert_eq!(lit(&[(0, 2)], -3, Rel::Eq).normalized(), None);
    }
}
