//! A certificate read off the boolean program that proved a program SAFE.
//!
//! Bebop runs once more on the final abstraction, to its fixpoint
//! ([`bebop::states::reachable`]), and the reachable predicate valuations become claims:
//! - at each loop head of each function (the BP vertex labelled with the CIR node), the
//!   current values of the predicates C can name there: a loop invariant;
//! - at each function's entry: its `requires`;
//! - at each procedure's exit, which pairs the entry values of the formal predicates and
//!   of the global predicates with the values returned (return predicates, with
//!   `\result`) and left in the globals: its `ensures`.
//!
//! A predicate that cannot be named where the claim is made ([`super::ctext`]) is
//! quantified out of that claim, so every claim is the projection of a set Bebop proved to
//! over-approximate the reachable states: each is true in every run. Whether the claims
//! that remain are still inductive is for [`super::check`] to decide.

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;

use bebop::cfg::{Cfg, Var, VertexId};
use bebop::states::{self, Consistency, Lit, NoStates, States, When};
use bebop::symbolic::SymbolicOptions;

use super::ctext::{self, Naming};
use super::{loop_heads, loop_loc, Certificate, Claim, Site};
use crate::analysis::Analyses;
use crate::c2bp::{node_label, Abstraction};
use crate::cir::{FuncId, Loc, Program, VarId};
use crate::smt::encode::{Addresses, Encoder};
use crate::smt::solver_pool::PooledSolver;
use crate::smt::term::{Conv, Term};
use z3::ast::Bool;

/// Most cubes of a claim that states its set exactly; a set that needs more is stated by
/// the short clauses it implies, which may not be inductive. A state machine's loop head
/// takes a cube for each state and the values that go with it (the SSL state machines of
/// SV-COMP up to a few hundred), so the bound is high: a claim that is long but inductive
/// is worth more than a short one that is not.
const MAX_CUBES: usize = 1024;

/// Z3's time to decide whether one cube's predicates can hold together, in milliseconds.
const CONSISTENCY_MS: u32 = 1000;

/// Why no certificate could be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoCertificate {
    /// The boolean program does not build (it did when it was checked: an internal error).
    BadProgram(String),
    /// The error is reachable in the boolean program: it proves nothing.
    NotProved,
    /// The model checker gave up (limit, with its message).
    GaveUp(String),
}

impl std::fmt::Display for NoCertificate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoCertificate::BadProgram(m) => write!(f, "the boolean program does not build: {m}"),
            NoCertificate::NotProved => write!(
                f,
                "the boolean program does not prove the error unreachable"
            ),
            NoCertificate::GaveUp(m) => write!(f, "the model checker gave up: {m}"),
        }
    }
}

/// Reads the certificate of `abs`, the abstraction of `prog` that proved it SAFE (`an`,
/// the program's analyses). `source(loc)` is the text of `loc`'s line, to place loop
/// invariants at their keyword.
pub fn extract(
    prog: &Program,
    an: &Analyses,
    abs: &Abstraction,
    opts: &SymbolicOptions,
    source: &dyn Fn(Loc) -> Option<String>,
) -> Result<Certificate, NoCertificate> {
    let _span = tracing::info_span!("certificate").entered();
    let cfg = Cfg::build(&abs.program).map_err(NoCertificate::BadProgram)?;
    let assigned = crate::c2bp::modified_params(prog);
    let pred_by_name = abs.preds.index_by_name();
    let func_of_proc: HashMap<u32, FuncId> = abs
        .procs
        .iter()
        .filter_map(|(&f, sig)| {
            let p = cfg.procs.iter().position(|p| p.name == sig.name)?;
            Some((p as u32, f))
        })
        .collect();
    let mut vertex_of: HashMap<(u32, &str), VertexId> = HashMap::default();
    for (v, vx) in cfg.vertices.iter().enumerate() {
        if let Some(p) = vx.proc {
            for l in &vx.labels {
                vertex_of.entry((p, l.as_str())).or_insert(v as VertexId);
            }
        }
    }

    // the vertices asked about: loop heads, with their claims' sites (entries and exits
    // are read for every procedure)
    let mut asked: Vec<(VertexId, FuncId, Site)> = Vec::new();
    let mut funcs: Vec<(u32, FuncId)> = func_of_proc.iter().map(|(&p, &f)| (p, f)).collect();
    funcs.sort();
    for &(p, f) in &funcs {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        for h in loop_heads(body) {
            if let Some(&v) = vertex_of.get(&(p, node_label(h).as_str())) {
                asked.push((v, f, Site::Loop(h)));
            }
        }
    }

    // the predicate a literal's variable stands for
    let pred_of = |v: VertexId, var: Var| -> Option<usize> {
        let p = cfg.vertices[v as usize].proc?;
        let name = match var {
            Var::Global(i) => cfg.globals.get(i as usize)?,
            Var::Local(i) => cfg.procs[p as usize].locals.get(i as usize)?,
            Var::Ret(i) => {
                let f = func_of_proc.get(&p)?;
                let k = *abs.procs[f].returns.get(i as usize)?;
                return Some(k);
            }
        };
        pred_by_name.get(name.as_str()).copied()
    };
    let is_exit = |v: VertexId| {
        cfg.vertices[v as usize]
            .proc
            .is_some_and(|p| cfg.procs[p as usize].exit == v)
    };
    // how a literal is named at a vertex, if it is kept there
    let naming = |v: VertexId, var: Var, when: When| -> Option<Naming> {
        let p = cfg.vertices[v as usize].proc?;
        match (is_exit(v), var, when) {
            (false, Var::Ret(_), _) => None,
            // at a loop head, the values at entry of the globals' and the formals'
            // predicates (a loop may start the body: its head is then the first vertex,
            // reached again with other values)
            (false, Var::Global(_), When::Entry) => Some(Naming::Entry),
            (false, Var::Local(i), When::Entry) if i < cfg.procs[p as usize].formals => {
                Some(Naming::Entry)
            }
            (false, _, When::Entry) => None,
            (false, _, When::Now) => Some(Naming::Here),
            (true, Var::Local(i), When::Entry) if i < cfg.procs[p as usize].formals => {
                Some(Naming::Entry)
            }
            (true, Var::Local(_), _) => None,
            (true, Var::Global(_), When::Entry) => Some(Naming::Entry),
            (true, _, When::Now) => Some(Naming::Returned),
            (true, Var::Ret(_), When::Entry) => None,
        }
    };
    let texts: RefCell<HashMap<(usize, FuncId, Naming), Option<String>>> =
        RefCell::new(HashMap::default());
    // the claim parser may add `\result` and `\old(x)` variables: it reads into a copy
    let scratch = RefCell::new(prog.clone());
    let empty: Vec<VarId> = Vec::new();
    let text_of = |v: VertexId, var: Var, when: When| -> Option<String> {
        let p = cfg.vertices[v as usize].proc?;
        let f = *func_of_proc.get(&p)?;
        let how = naming(v, var, when)?;
        let k = pred_of(v, var)?;
        texts
            .borrow_mut()
            .entry((k, f, how))
            .or_insert_with(|| {
                let params = assigned
                    .get(&f)
                    .map(|s| s.iter().copied().collect::<Vec<_>>());
                let t = ctext::text(
                    prog,
                    f,
                    params.as_deref().unwrap_or(&empty),
                    how,
                    &abs.preds.preds[k].expr,
                )?;
                // only what the claim parser reads back
                crate::c2bp::parse_expr(&mut scratch.borrow_mut(), Some(f), &t).ok()?;
                Some(t)
            })
            .clone()
    };
    let keep = |v: VertexId, var: Var, when: When| text_of(v, var, when).is_some();
    // which literals of a cube contradict each other, by Z3 (the current values only)
    let addrs = Addresses::new(prog);
    let no_subst = HashMap::default();
    // the term of a literal about the current state at `v`, for Z3
    let term_of = |v: VertexId, l: &Lit| -> Option<Term> {
        if l.when != When::Now {
            return None;
        }
        let p = cfg.vertices[v as usize].proc?;
        let f = *func_of_proc.get(&p)?;
        let conv = Conv {
            prog,
            pt: &an.pt,
            func: f,
            subst: &no_subst,
            wrap_casts: true,
        };
        let i = pred_of(v, l.var)?;
        let t = conv.expr(&abs.preds.preds[i].expr).ok()?.truth();
        Some(if l.value { t } else { Term::not(t) })
    };
    let mut consistency = ByZ3 {
        term_of: &term_of,
        pred_of: &pred_of,
        preds: &abs.preds.preds,
        addrs: &addrs,
        pairs: HashMap::default(),
    };
    let vertices: Vec<VertexId> = asked.iter().map(|a| a.0).collect();
    let reach = states::reachable(&cfg, opts, &vertices, &keep, MAX_CUBES, &mut consistency)
        .map_err(|e| match e {
            NoStates::ErrorReachable => NoCertificate::NotProved,
            NoStates::GaveUp(g) => NoCertificate::GaveUp(g.message),
        })?;

    let mut claims = Vec::new();
    let render = |v: VertexId, states: &States| -> Option<String> {
        let lit = |l: &Lit| -> String {
            let t = text_of(v, l.var, l.when).unwrap_or_default();
            if l.value {
                t
            } else {
                format!("!{t}")
            }
        };
        // a disjunction of conjunctions, or a conjunction of disjunctions
        let (groups, inner, outer) = match states {
            States::Exact(cubes) if cubes.is_false() => return Some("0".into()),
            States::Exact(cubes) => (
                super::simplify::simplify(cubes.0.clone(), &|l| term_of(v, l), &addrs),
                " && ",
                " || ",
            ),
            States::Implied(clauses) => (clauses.clone(), " || ", " && "),
        };
        // no clause, or a cube all of whose literals went: the claim is `true`
        if groups.is_empty() || (inner == " && " && groups.iter().any(|g| g.is_empty())) {
            return None;
        }
        let group = |c: &Vec<Lit>| -> String {
            let lits: Vec<String> = c.iter().map(lit).collect();
            if c.len() == 1 || groups.len() == 1 {
                lits.join(inner)
            } else {
                format!("({})", lits.join(inner))
            }
        };
        Some(groups.iter().map(group).collect::<Vec<_>>().join(outer))
    };
    for (k, &(v, f, site)) in asked.iter().enumerate() {
        let Some(Some(states)) = reach.at.get(k) else {
            continue;
        };
        let Some(text) = render(v, states) else {
            continue;
        };
        let loc = match site {
            Site::Loop(h) => loop_loc(prog, f, h, source),
            _ => prog.func(f).loc,
        };
        claims.push(Claim {
            func: f,
            site,
            text,
            loc,
        });
    }
    for &(p, f) in &funcs {
        // the entry procedure starts before the static initializers (c2bp puts them first
        // in it): what holds there is not a precondition worth stating
        if p == cfg.main || prog.func(f).body.is_none() {
            continue;
        }
        let Some(Some(states)) = reach.entries.get(p as usize) else {
            continue;
        };
        if let Some(text) = render(cfg.procs[p as usize].first, states) {
            claims.push(Claim {
                func: f,
                site: Site::Requires,
                text,
                loc: prog.func(f).loc,
            });
        }
    }
    for &(p, f) in &funcs {
        let Some(Some(states)) = reach.exits.get(p as usize) else {
            continue;
        };
        let exit = cfg.procs[p as usize].exit;
        if let Some(text) = render(exit, states) {
            claims.push(Claim {
                func: f,
                site: Site::Ensures,
                text,
                loc: prog.func(f).loc,
            });
        }
    }
    claims.sort_by_key(|c| (c.func, c.site));
    Ok(Certificate { claims })
}

/// Which literals contradict each other, decided by Z3 on the predicates' terms.
struct ByZ3<'a> {
    /// The term of a literal about the current state at a vertex.
    term_of: &'a dyn Fn(VertexId, &Lit) -> Option<Term>,
    /// The predicate a variable of a vertex stands for.
    pred_of: &'a dyn Fn(VertexId, Var) -> Option<usize>,
    preds: &'a [crate::c2bp::Predicate],
    addrs: &'a Addresses,
    /// For two predicates (the lower index first): the pairs of values they cannot take
    /// together.
    pairs: HashMap<(usize, usize), Vec<(bool, bool)>>,
}

impl ByZ3<'_> {
    /// Which values predicates `i` and `j` (the literals `a` and `b` at `v`) cannot take
    /// together.
    fn exclusive(
        &mut self,
        v: VertexId,
        (i, a): (usize, Lit),
        (j, b): (usize, Lit),
    ) -> Vec<(bool, bool)> {
        if let Some(known) = self.pairs.get(&(i, j)) {
            return known.clone();
        }
        let now = |l: Lit, value: bool| Lit {
            when: When::Now,
            value,
            ..l
        };
        let mut out = Vec::new();
        let (Some(ta), Some(tb)) = (
            (self.term_of)(v, &now(a, true)),
            (self.term_of)(v, &now(b, true)),
        ) else {
            self.pairs.insert((i, j), out.clone());
            return out;
        };
        let solver = PooledSolver::new(CONSISTENCY_MS);
        let mut enc = Encoder::new(self.addrs);
        let (pa, pb) = (Bool::new_const("pair_a"), Bool::new_const("pair_b"));
        solver.assert(pa.iff(enc.boolean(&ta)));
        solver.assert(pb.iff(enc.boolean(&tb)));
        for (va, vb) in [(true, true), (true, false), (false, true), (false, false)] {
            let la = if va { pa.clone() } else { pa.not() };
            let lb = if vb { pb.clone() } else { pb.not() };
            if solver.check_assumptions(&[la, lb]) == z3::SatResult::Unsat {
                out.push((va, vb));
            }
        }
        self.pairs.insert((i, j), out.clone());
        out
    }
}

impl Consistency for ByZ3<'_> {
    fn contradictions(&mut self, v: VertexId, lits: &[(Var, When)]) -> Vec<Vec<Lit>> {
        let mut out = Vec::new();
        let with_pred: Vec<(usize, Lit, Vec<VarId>)> = lits
            .iter()
            .filter_map(|&(var, when)| {
                let i = (self.pred_of)(v, var)?;
                let mut vars = Vec::new();
                crate::c2bp::expr_vars(&self.preds[i].expr, &mut vars);
                Some((
                    i,
                    Lit {
                        var,
                        when,
                        value: true,
                    },
                    vars,
                ))
            })
            .collect();
        for (k, (i, a, va)) in with_pred.iter().enumerate() {
            for (j, b, vb) in &with_pred[k + 1..] {
                if a.when != b.when || i == j || !va.iter().any(|x| vb.contains(x)) {
                    continue;
                }
                let (lo, hi) = if i < j {
                    ((*i, *a), (*j, *b))
                } else {
                    ((*j, *b), (*i, *a))
                };
                for (x, y) in self.exclusive(v, lo, hi) {
                    out.push(vec![Lit { value: x, ..lo.1 }, Lit { value: y, ..hi.1 }]);
                }
            }
        }
        out
    }

    fn infeasible(&mut self, v: VertexId, lits: &[Lit]) -> Option<Vec<Lit>> {
        let solver = PooledSolver::new(CONSISTENCY_MS);
        let mut enc = Encoder::new(self.addrs);
        let mut named: Vec<(Bool, Lit)> = Vec::new();
        for (k, l) in lits.iter().enumerate() {
            let Some(t) = (self.term_of)(v, l) else {
                continue;
            };
            let b = Bool::new_const(format!("lit{k}"));
            solver.assert(b.implies(enc.boolean(&t)));
            named.push((b, *l));
        }
        let assumptions: Vec<Bool> = named.iter().map(|n| n.0.clone()).collect();
        if solver.check_assumptions(&assumptions) != z3::SatResult::Unsat {
            return None;
        }
        let core: Vec<String> = solver
            .get_unsat_core()
            .iter()
            .map(|c| c.to_string())
            .collect();
        Some(
            named
                .iter()
                .filter(|n| core.contains(&n.0.to_string()))
                .map(|n| n.1)
                .collect(),
        )
    }
}
