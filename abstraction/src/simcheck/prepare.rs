//! Reading a [`SimSpec`] once: the boolean program's CFG, its node and edge labels, the BP
//! slot of every predicate, and what each BP vertex reads.

use super::{SimSpec, Violation, ViolationKind};
use crate::cir::{Expr, ExprKind, FuncId, Lval, Program, VarId};
use bebop::cfg::{CExpr, Cfg, ProcId, VKind, Var, VertexId};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// A label of the c2bp contract: `n<k>` (code of CIR node k) or `n<k>_<e>` (code of edge e).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Label {
    Node(u32),
    Edge(u32, u32),
}

impl Label {
    /// The label's text.
    pub(super) fn text(self) -> String {
        match self {
            Label::Node(k) => format!("n{k}"),
            Label::Edge(k, e) => format!("n{k}_{e}"),
        }
    }
}

/// `n<k>` or `n<k>_<e>` (decimal, no sign); any other label is not part of the contract.
pub(super) fn parse_label(l: &str) -> Option<Label> {
    let rest = l.strip_prefix('n')?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 9 && s.bytes().all(|c| c.is_ascii_digit());
    match rest.split_once('_') {
        None if digits(rest) => rest.parse().ok().map(Label::Node),
        Some((a, b)) if digits(a) && digits(b) => {
            Some(Label::Edge(a.parse().ok()?, b.parse().ok()?))
        }
        _ => None,
    }
}

/// A predicate as the checker uses it.
#[derive(Clone, Debug)]
pub(super) struct Pred {
    /// The BP variable name (`{x == 0}`).
    pub(super) name: String,
    /// Its slot in the BP state.
    pub(super) var: Var,
    /// The CIR expression, or `None` when it cannot be evaluated concretely (it mentions
    /// the return-value pseudo variable, or a variable outside its scope).
    pub(super) expr: Option<Expr>,
}

/// Everything the simulation needs, computed once per spec.
pub(super) struct Prepared {
    pub(super) cfg: Cfg,
    /// The BP procedure of each CIR function with a body.
    pub(super) proc_of: HashMap<FuncId, ProcId>,
    /// Contract labels of each vertex.
    pub(super) labels: Vec<Vec<Label>>,
    /// Per procedure: label -> vertex.
    pub(super) label_at: Vec<HashMap<Label, VertexId>>,
    /// Variables each vertex reads (deduplicated).
    pub(super) reads: Vec<Vec<Var>>,
    /// Each `*`/`schoose` choice of the vertex occurs once, in one component.
    pub(super) read_once: Vec<bool>,
    /// Per procedure: the variables its `enforce` reads (deduplicated).
    pub(super) enforce_vars: Vec<Vec<Var>>,
    pub(super) globals: Vec<Pred>,
    pub(super) locals: HashMap<FuncId, Vec<Pred>>,
    /// Per function: the BP variables visible in its procedure that are no predicate
    /// (scratch variables of the abstraction, forgotten at node labels).
    pub(super) scratch: HashMap<FuncId, Vec<Var>>,
}

fn spec_error(msg: String) -> Box<Violation> {
    Box::new(Violation::plain(ViolationKind::Spec, msg))
}

impl Prepared {
    pub(super) fn new(spec: &SimSpec) -> Result<Prepared, Box<Violation>> {
        let diags = bebop::check::check(spec.bp);
        if let Some(d) = diags.first() {
            return Err(spec_error(format!(
                "the boolean program does not pass bebop's checks: {} ({} diagnostics)",
                d.message,
                diags.len()
            )));
        }
        let cfg = Cfg::build(spec.bp)
            .map_err(|e| spec_error(format!("the boolean program has no CFG: {e}")))?;
        let proc_by_name: HashMap<&str, ProcId> = cfg
            .procs
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.as_str(), i as ProcId))
            .collect();
        let prog = spec.prog;
        let mut proc_of = HashMap::default();
        for (&f, name) in &spec.proc_names {
            let Some(func) = prog.functions.get(f.0 as usize) else {
                return Err(spec_error(format!("function #{} does not exist", f.0)));
            };
            let name = if f == spec.entry {
                "main"
            } else {
                name.as_str()
            };
            let p = *proc_by_name.get(name).ok_or_else(|| {
                spec_error(format!(
                    "no BP procedure `{name}` for the C function `{}`",
                    func.name
                ))
            })?;
            proc_of.insert(f, p);
        }
        proc_of.insert(spec.entry, cfg.main);
        let (labels, label_at) = collect_labels(&cfg);
        let reads = cfg.vertices.iter().map(|v| vertex_reads(&v.kind)).collect();
        let read_once = cfg.vertices.iter().map(|v| is_read_once(&v.kind)).collect();
        let enforce_vars = cfg
            .procs
            .iter()
            .map(|p| {
                let mut vs = Vec::new();
                if let Some(e) = &p.enforce {
                    e.for_each_var(&mut |v| {
                        if !vs.contains(&v) {
                            vs.push(v);
                        }
                    });
                }
                vs
            })
            .collect();
        let globals = spec
            .globals
            .iter()
            .map(|(name, e)| {
                let slot = cfg.globals.iter().position(|g| g == name).ok_or_else(|| {
                    spec_error(format!("global predicate `{name}` is not a BP global"))
                })?;
                Ok(Pred {
                    name: name.clone(),
                    var: Var::Global(slot as u32),
                    expr: evaluable(prog, None, e).then(|| e.clone()),
                })
            })
            .collect::<Result<Vec<_>, Box<Violation>>>()?;
        let mut locals = HashMap::default();
        for (&f, preds) in &spec.locals {
            let Some(&p) = proc_of.get(&f) else {
                return Err(spec_error(format!(
                    "local predicates given for function #{} which has no BP procedure",
                    f.0
                )));
            };
            let info = &cfg.procs[p as usize];
            let mut out = Vec::new();
            for (name, e) in preds {
                let slot = info.locals.iter().position(|l| l == name).ok_or_else(|| {
                    spec_error(format!(
                        "predicate `{name}` is not a formal or local of BP procedure `{}`",
                        info.name
                    ))
                })?;
                out.push(Pred {
                    name: name.clone(),
                    var: Var::Local(slot as u32),
                    expr: evaluable(prog, Some(f), e).then(|| e.clone()),
                });
            }
            locals.insert(f, out);
        }
        let scratch = proc_of
            .iter()
            .map(|(&f, &p)| {
                let preds: Vec<Var> = globals
                    .iter()
                    .chain(locals.get(&f).into_iter().flatten())
                    .map(|q| q.var)
                    .collect();
                let nl = cfg.procs[p as usize].locals.len() as u32;
                let vars = (0..cfg.globals.len() as u32)
                    .map(Var::Global)
                    .chain((0..nl).map(Var::Local))
                    .filter(|v| !preds.contains(v))
                    .collect();
                (f, vars)
            })
            .collect();
        Ok(Prepared {
            cfg,
            proc_of,
            labels,
            label_at,
            reads,
            read_once,
            enforce_vars,
            globals,
            locals,
            scratch,
        })
    }

    /// The vertex carrying `label` in procedure `p`.
    pub(super) fn vertex_of(&self, p: ProcId, label: Label) -> Option<VertexId> {
        self.label_at.get(p as usize)?.get(&label).copied()
    }

    /// The local predicates of `f` (none if it has none).
    pub(super) fn locals_of(&self, f: FuncId) -> &[Pred] {
        self.locals.get(&f).map(Vec::as_slice).unwrap_or(&[])
    }
}

fn collect_labels(cfg: &Cfg) -> (Vec<Vec<Label>>, Vec<HashMap<Label, VertexId>>) {
    let mut labels = Vec::with_capacity(cfg.vertices.len());
    let mut label_at = vec![HashMap::default(); cfg.procs.len()];
    for (i, vx) in cfg.vertices.iter().enumerate() {
        let ls: Vec<Label> = vx.labels.iter().filter_map(|l| parse_label(l)).collect();
        if let Some(p) = vx.proc {
            for &l in &ls {
                label_at[p as usize].entry(l).or_insert(i as VertexId);
            }
        }
        labels.push(ls);
    }
    (labels, label_at)
}

/// The expressions a vertex evaluates (with choices).
fn vertex_exprs(k: &VKind) -> &[CExpr] {
    match k {
        VKind::Return(es) | VKind::Assign { rhs: es, .. } | VKind::Call { args: es, .. } => es,
        VKind::Cond { cond, .. } => std::slice::from_ref(cond),
        _ => &[],
    }
}

fn vertex_reads(k: &VKind) -> Vec<Var> {
    let mut out = Vec::new();
    for e in vertex_exprs(k) {
        e.for_each_var(&mut |v| {
            if !out.contains(&v) {
                out.push(v);
            }
        });
    }
    out
}

fn choices_of(e: &CExpr, out: &mut Vec<u32>) {
    match e {
        CExpr::Const(_) | CExpr::Var(_) => {}
        CExpr::Choice(k) => out.push(*k),
        CExpr::Not(a) => choices_of(a, out),
        CExpr::Bin(_, a, b) => {
            choices_of(a, out);
            choices_of(b, out);
        }
        CExpr::Schoose(a, b, k) => {
            out.push(*k);
            choices_of(a, out);
            choices_of(b, out);
        }
    }
}

fn is_read_once(k: &VKind) -> bool {
    let mut all = Vec::new();
    for e in vertex_exprs(k) {
        choices_of(e, &mut all);
    }
    let distinct: HashSet<u32> = all.iter().copied().collect();
    distinct.len() == all.len()
}

/// Whether `e` can be evaluated in the frame of `f` (or anywhere, for `None`): every
/// variable is static storage or a parameter or local of `f`.
fn evaluable(prog: &Program, f: Option<FuncId>, e: &Expr) -> bool {
    let mut ok = true;
    expr_vars(e, &mut |v| {
        ok &= match prog.vars.get(v.0 as usize) {
            None => false,
            Some(var) => match var.frame_of() {
                None => true,
                Some(g) => {
                    Some(g) == f
                        && prog.functions.get(g.0 as usize).is_some_and(|func| {
                            func.params.contains(&v) || func.locals.contains(&v)
                        })
                }
            },
        }
    });
    ok
}

fn expr_vars(e: &Expr, f: &mut impl FnMut(VarId)) {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
        ExprKind::Read(lv) | ExprKind::AddrOf(lv) => lval_vars(lv, f),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => expr_vars(a, f),
        ExprKind::Binary(_, a, b) => {
            expr_vars(a, f);
            expr_vars(b, f);
        }
    }
}

fn lval_vars(lv: &Lval, f: &mut impl FnMut(VarId)) {
    match lv {
        Lval::Var(v) => f(*v),
        Lval::Deref(e) => expr_vars(e, f),
        Lval::Field(b, _, _) => lval_vars(b, f),
        Lval::Index(b, i) => {
            lval_vars(b, f);
            expr_vars(i, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contract_labels_parse_and_others_do_not() {
        assert_eq!(parse_label("n12"), Some(Label::Node(12)));
        assert_eq!(parse_label("n3_0"), Some(Label::Edge(3, 0)));
        for l in [
            "n",
            "n_1",
            "n1_",
            "nx",
            "L3",
            "n1_2_3",
            "n+1",
            "n99999999999",
        ] {
            assert_eq!(parse_label(l), None, "{l}");
        }
        assert_eq!(Label::Edge(4, 1).text(), "n4_1");
    }
}
