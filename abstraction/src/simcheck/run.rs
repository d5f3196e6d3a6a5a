//! The interpreter observer that replays a run on the BP.

use super::astate::{return_to, AState, Blowup};
use super::conf::{Conf, Stack, Target};
use super::prepare::{Label, Pred, Prepared};
use super::{Violation, ViolationKind, SET_CAP};
use crate::cir::{Expr, ExprKind, FuncId, NodeId, Program, Stmt, VarId};
use crate::interp::{Observer, Outcome, Probe};
use bebop::cfg::{ProcId, VKind};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

const ENFORCE_MSG: &str = "the concrete predicate values violate the procedure's `enforce`";

/// Where the replay stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mode {
    /// No node visited yet: the first visit seeds the set.
    Start,
    /// The set follows the run.
    Active,
    /// The set was given up (cap); the next node visit re-seeds it.
    Lost,
}

/// Concrete predicate values at a node visit: (predicate, value) for the global predicates
/// and those of the current function.
type Valuation<'p> = Vec<(&'p Pred, Option<bool>)>;

/// Predicate values by name, for violation descriptions.
type Named = Vec<(String, Option<bool>)>;

/// The replay state; an [`Observer`] of the run.
pub(super) struct Sim<'a> {
    pre: &'a Prepared,
    prog: &'a Program,
    mode: Mode,
    set: Vec<Conf>,
    /// The concrete call stack.
    frames: Vec<FuncId>,
    /// For each frame of `frames`, the entry values of its function (`\old(x)`: the value
    /// `x` had when the frame was entered), as constants; missing where unknown.
    entry_values: Vec<HashMap<VarId, Expr>>,
    /// The predicate values at the last node visit (for descriptions).
    last_vals: Named,
    /// The last edge taken.
    last_edge: Option<(FuncId, NodeId, usize)>,
    pub(super) checked: u64,
    pub(super) skipped: u64,
    pub(super) violation: Option<Violation>,
}

fn named(vals: &Valuation) -> Named {
    vals.iter().map(|(p, v)| (p.name.clone(), *v)).collect()
}

impl<'a> Sim<'a> {
    pub(super) fn new(pre: &'a Prepared, prog: &'a Program) -> Sim<'a> {
        Sim {
            pre,
            prog,
            mode: Mode::Start,
            set: Vec::new(),
            frames: Vec::new(),
            entry_values: Vec::new(),
            last_vals: Vec::new(),
            last_edge: None,
            checked: 0,
            skipped: 0,
            violation: None,
        }
    }

    fn func_name(&self, f: FuncId) -> String {
        self.prog
            .functions
            .get(f.0 as usize)
            .map_or_else(|| format!("#{}", f.0), |x| x.name.clone())
    }

    /// The source location of a node (its first edge) or of one of its edges.
    fn loc_of(&self, f: FuncId, node: NodeId, edge: Option<usize>) -> Option<String> {
        let func = self.prog.functions.get(f.0 as usize)?;
        let n = func.body.as_ref()?.nodes.get(node.0 as usize)?;
        let e = n.edges.get(edge.unwrap_or(0))?;
        Some(self.prog.loc_string(e.loc))
    }

    /// Record a violation (the first one only) and stop following the run.
    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        kind: ViolationKind,
        f: FuncId,
        node: Option<NodeId>,
        edge: Option<usize>,
        label: Option<String>,
        after: Named,
        message: String,
    ) {
        if self.violation.is_some() {
            return;
        }
        let loc = node.and_then(|n| self.loc_of(f, n, edge));
        let before = self.last_vals.clone();
        self.violation = Some(Violation {
            kind,
            func: Some(self.func_name(f)),
            node: node.map(|n| n.0),
            edge,
            loc,
            bp_label: label,
            before,
            after,
            message,
        });
        self.set.clear();
    }

    fn proc_of(&mut self, f: FuncId) -> Option<ProcId> {
        let p = self.pre.proc_of.get(&f).copied();
        if p.is_none() {
            let msg = format!(
                "the function `{}` has a body but no BP procedure",
                self.func_name(f)
            );
            self.report(ViolationKind::Spec, f, None, None, None, vec![], msg);
        }
        p
    }

    fn valuation(&self, f: FuncId, probe: &mut dyn Probe) -> Valuation<'a> {
        let pre: &'a Prepared = self.pre;
        let entry = self.entry_values.last();
        pre.globals
            .iter()
            .chain(pre.locals_of(f))
            .map(|p| {
                let value = p
                    .expr
                    .as_ref()
                    .and_then(|e| match self.with_entry_values(e, entry) {
                        Some(e) => probe.truth(&e),
                        None => None,
                    });
                (p, value)
            })
            .collect()
    }

    /// `e` with the current frame's entry values put in (`None` if one is unknown).
    fn with_entry_values(&self, e: &Expr, entry: Option<&HashMap<VarId, Expr>>) -> Option<Expr> {
        if self.prog.entry_values.is_empty() {
            return Some(e.clone());
        }
        let mut vs = Vec::new();
        crate::c2bp::expr_vars(e, &mut vs);
        let mut out = e.clone();
        for v in vs {
            if crate::c2bp::entry_value_of(self.prog, v).is_some() {
                out = crate::c2bp::subst_var(&out, v, entry?.get(&v)?);
            }
        }
        Some(out)
    }

    /// The entry values of `f` in a frame just entered (globals as `probe` sees them).
    fn entry_values_now(&self, f: FuncId, probe: &mut dyn Probe) -> HashMap<VarId, Expr> {
        let mut out = HashMap::default();
        for (old, x) in crate::c2bp::entry_values_of(self.prog, f) {
            if let Some(crate::interp::Value::Int(v)) = probe.eval(&self.prog.read_var(x)) {
                let ty = self.prog.var(x).ty;
                out.insert(
                    old,
                    Expr {
                        kind: ExprKind::Int(v),
                        ty,
                    },
                );
            }
        }
        out
    }

    /// Keep the configurations agreeing with the known predicate values (binding
    /// wildcards to them) and satisfying `p`'s `enforce`, and forget the scratch variables
    /// of `f`'s procedure (variables that are no predicate: the abstraction's temporaries,
    /// which only live within the code of one edge).
    fn filter(&self, f: FuncId, p: ProcId, set: Vec<Conf>, vals: &Valuation) -> Vec<Conf> {
        let scratch = self.pre.scratch.get(&f).map(Vec::as_slice).unwrap_or(&[]);
        let mut out: Vec<Conf> = Vec::new();
        let mut seen: HashSet<Conf> = HashSet::default();
        'confs: for mut c in set {
            let mut bound = false;
            for (pred, v) in vals {
                if let Some(b) = v {
                    match c.st.get(pred.var) {
                        None => {
                            c.st.set(pred.var, *b);
                            bound = true;
                        }
                        Some(x) if x != *b => continue 'confs,
                        Some(_) => {}
                    }
                }
            }
            // Binding wildcards is the only change: `enforce` held before it.
            if bound && !self.pre.enforce_ok(p, &c.st) {
                continue;
            }
            for &v in scratch {
                c.st.forget(v);
            }
            if seen.insert(c.clone()) {
                out.push(c);
            }
        }
        out
    }

    /// Why no configuration survives `filter`: the predicates no reached state agrees on.
    fn mismatch(&self, set: &[Conf], vals: &Valuation) -> String {
        let mut forced = Vec::new();
        for (pred, v) in vals {
            if let Some(b) = v {
                if !set
                    .iter()
                    .any(|c| c.st.get(pred.var).is_none_or(|x| x == *b))
                {
                    forced.push(format!(
                        "{} is {} concretely but {} in every BP state here",
                        pred.name,
                        u8::from(*b),
                        u8::from(!*b)
                    ));
                }
            }
        }
        if forced.is_empty() {
            format!(
                "no BP state ({} reached) agrees with all the predicate values at once \
                 (or they violate `enforce`)",
                set.len()
            )
        } else {
            forced.join("; ")
        }
    }

    /// The BP state of procedure `p` that the concrete valuation determines (unknown
    /// predicates and other BP variables are wildcards).
    fn concrete_state(&self, p: ProcId, vals: &Valuation) -> AState {
        let mut st = AState::unknown(self.pre, p);
        for (pred, b) in vals {
            if let Some(b) = b {
                st.set(pred.var, *b);
            }
        }
        st
    }

    /// Start a set at label `n<k>` of `f`'s procedure from the concrete valuation.
    fn seed(&mut self, f: FuncId, k: NodeId, vals: &Valuation) {
        let Some(p) = self.proc_of(f) else { return };
        let Some(v) = self.pre.vertex_of(p, Label::Node(k.0)) else {
            self.missing_label(f, k, vals);
            return;
        };
        let st = self.concrete_state(p, vals);
        if !self.pre.enforce_ok(p, &st) {
            let msg = ENFORCE_MSG.to_string();
            let label = Some(Label::Node(k.0).text());
            self.report(
                ViolationKind::Enforce,
                f,
                Some(k),
                None,
                label,
                named(vals),
                msg,
            );
            return;
        }
        let stack = Stack::opaque(self.frames.len().saturating_sub(1));
        self.set = vec![Conf {
            v,
            st,
            stack,
            unmoved_at: Some(k.0),
        }];
        self.mode = Mode::Active;
    }

    fn missing_label(&mut self, f: FuncId, k: NodeId, vals: &Valuation) {
        let label = Label::Node(k.0).text();
        let msg = format!("the BP procedure has no label `{label}` for a node the run visits");
        let label = Some(label);
        self.report(
            ViolationKind::MissingLabel,
            f,
            Some(k),
            None,
            label,
            named(vals),
            msg,
        );
    }

    /// The set outgrew the limits: skip until the next node visit re-seeds it.
    fn lose(&mut self) {
        self.mode = Mode::Lost;
        self.set.clear();
    }

    fn visit(&mut self, f: FuncId, k: NodeId, vals: &Valuation) {
        let Some(p) = self.proc_of(f) else { return };
        if self.pre.vertex_of(p, Label::Node(k.0)).is_none() {
            self.missing_label(f, k, vals);
            return;
        }
        let set = std::mem::take(&mut self.set);
        let reached = match self.pre.advance(set, p, Target::Node(k.0), SET_CAP) {
            Ok(r) => r,
            Err(Blowup) => {
                self.skipped += 1;
                self.seed(f, k, vals);
                return;
            }
        };
        let label = Some(Label::Node(k.0).text());
        if reached.is_empty() {
            let msg = match self.last_edge {
                Some((g, n, e)) => format!(
                    "the BP cannot reach `{}` from the code of `{}` node {} edge {e}",
                    Label::Node(k.0).text(),
                    self.func_name(g),
                    n.0
                ),
                None => format!("the BP cannot reach `{}`", Label::Node(k.0).text()),
            };
            self.report(
                ViolationKind::NoPath,
                f,
                Some(k),
                None,
                label,
                named(vals),
                msg,
            );
            return;
        }
        let mut kept = self.filter(f, p, reached.clone(), vals);
        if kept.is_empty() {
            let (kind, msg) = if self.pre.enforce_ok(p, &self.concrete_state(p, vals)) {
                (ViolationKind::Predicates, self.mismatch(&reached, vals))
            } else {
                (ViolationKind::Enforce, ENFORCE_MSG.to_string())
            };
            self.report(kind, f, Some(k), None, label, named(vals), msg);
            return;
        }
        for c in &mut kept {
            c.unmoved_at = Some(k.0);
        }
        self.set = kept;
        self.checked += 1;
    }

    /// After the run: an error must be reachable in the BP, and a return from the entry
    /// function must be possible.
    pub(super) fn finish(&mut self, outcome: &Outcome) {
        if self.violation.is_some() || self.mode != Mode::Active {
            return;
        }
        let Some(&f) = self.frames.last() else { return };
        let Some(p) = self.proc_of(f) else { return };
        let (target, what) = match outcome {
            Outcome::Error { .. } => {
                let Some((g, n, e)) = self.last_edge else {
                    return;
                };
                let is_error_edge = self
                    .prog
                    .functions
                    .get(g.0 as usize)
                    .and_then(|x| x.body.as_ref())
                    .and_then(|b| b.nodes.get(n.0 as usize))
                    .and_then(|node| node.edges.get(e))
                    .is_some_and(|edge| matches!(edge.stmt, Stmt::Error));
                if !is_error_edge || g != f {
                    return;
                }
                (
                    Target::Err,
                    "the run reaches an error here, but the BP cannot fail",
                )
            }
            Outcome::Return { .. } => {
                let Some(exit) = self.exit_node(f) else {
                    return;
                };
                (
                    Target::Exit { exit_node: exit },
                    "the entry function returns, but the BP cannot",
                )
            }
            _ => return,
        };
        let set = std::mem::take(&mut self.set);
        if let Ok(r) = self.pre.advance(set, p, target, SET_CAP) {
            if r.is_empty() {
                let (node, edge) = match self.last_edge {
                    Some((g, n, e)) if g == f => (Some(n), Some(e)),
                    _ => (None, None),
                };
                let kind = if target == Target::Err {
                    ViolationKind::MissedError
                } else {
                    ViolationKind::NoPath
                };
                self.report(kind, f, node, edge, None, vec![], what.to_string());
            }
        }
    }

    fn exit_node(&self, f: FuncId) -> Option<u32> {
        let func = self.prog.functions.get(f.0 as usize)?;
        Some(func.body.as_ref()?.exit.0)
    }
}

impl Observer for Sim<'_> {
    fn on_node(&mut self, f: FuncId, k: NodeId, probe: &mut dyn Probe) {
        if self.violation.is_some() {
            return;
        }
        if self.frames.is_empty() {
            // the run's first frame: its entry values are the initial ones
            self.frames.push(f);
            let entry = self.entry_values_now(f, probe);
            self.entry_values.push(entry);
        }
        let vals = self.valuation(f, probe);
        match self.mode {
            Mode::Start => {
                self.seed(f, k, &vals);
                if self.mode == Mode::Active {
                    self.checked += 1;
                }
            }
            Mode::Lost => {
                self.skipped += 1;
                self.seed(f, k, &vals);
            }
            Mode::Active => self.visit(f, k, &vals),
        }
        self.last_vals = named(&vals);
        self.last_edge = None;
    }

    fn on_edge(&mut self, f: FuncId, k: NodeId, e: usize) {
        self.last_edge = Some((f, k, e));
        if self.violation.is_some() || self.mode != Mode::Active {
            return;
        }
        let Some(p) = self.proc_of(f) else { return };
        let label = Label::Edge(k.0, e as u32);
        if self.pre.vertex_of(p, label).is_none() {
            return;
        }
        let set = std::mem::take(&mut self.set);
        match self
            .pre
            .advance(set, p, Target::Edge(k.0, e as u32), SET_CAP)
        {
            Err(Blowup) => self.lose(),
            Ok(r) if r.is_empty() => {
                let msg = format!(
                    "the BP cannot take the code of the edge the run takes (`{}`)",
                    label.text()
                );
                let after = self.last_vals.clone();
                let label = Some(label.text());
                self.report(
                    ViolationKind::NoPath,
                    f,
                    Some(k),
                    Some(e),
                    label,
                    after,
                    msg,
                );
            }
            Ok(r) => self.set = r,
        }
    }

    fn on_enter(&mut self, caller: FuncId, callee: FuncId, probe: &mut dyn Probe) {
        self.frames.push(callee);
        let entry = self.entry_values_now(callee, probe);
        self.entry_values.push(entry);
        if self.violation.is_some() || self.mode != Mode::Active {
            return;
        }
        let (Some(p), Some(q)) = (self.proc_of(caller), self.proc_of(callee)) else {
            return;
        };
        let set = std::mem::take(&mut self.set);
        let at_call = match self.pre.advance(set, p, Target::Call(q), SET_CAP) {
            Ok(r) => r,
            Err(Blowup) => return self.lose(),
        };
        let (node, edge) = match self.last_edge {
            Some((g, n, e)) if g == caller => (Some(n), Some(e)),
            _ => (None, None),
        };
        let qname = self.pre.cfg.procs[q as usize].name.clone();
        if at_call.is_empty() {
            let msg = format!(
                "the run calls `{}`, but the BP cannot call `{qname}` here",
                self.func_name(callee)
            );
            self.report(ViolationKind::NoPath, caller, node, edge, None, vec![], msg);
            return;
        }
        let first = self.pre.cfg.procs[q as usize].first;
        let mut entered = Vec::new();
        let mut seen: HashSet<Conf> = HashSet::default();
        for c in at_call {
            let entries = match self.pre.call_entries(c.v, &c.st, SET_CAP) {
                Ok(e) => e,
                Err(Blowup) => return self.lose(),
            };
            let stack = c.stack.push(c.v, c.st);
            for st in entries {
                let next = Conf {
                    v: first,
                    st,
                    stack: stack.clone(),
                    unmoved_at: None,
                };
                if seen.insert(next.clone()) {
                    entered.push(next);
                }
            }
            if entered.len() > SET_CAP {
                return self.lose();
            }
        }
        if entered.is_empty() {
            let msg =
                format!("`{qname}` cannot be entered: its `enforce` excludes every entry state");
            self.report(
                ViolationKind::Enforce,
                caller,
                node,
                edge,
                None,
                vec![],
                msg,
            );
            return;
        }
        self.set = entered;
    }

    fn on_return(&mut self, callee: FuncId, caller: FuncId) {
        self.frames.pop();
        self.entry_values.pop();
        if self.violation.is_some() || self.mode != Mode::Active {
            return;
        }
        let (Some(q), Some(p)) = (self.proc_of(callee), self.proc_of(caller)) else {
            return;
        };
        let Some(exit_node) = self.exit_node(callee) else {
            return self.lose();
        };
        let set = std::mem::take(&mut self.set);
        let at_exit = match self
            .pre
            .advance(set, q, Target::Exit { exit_node }, SET_CAP)
        {
            Ok(r) => r,
            Err(Blowup) => return self.lose(),
        };
        let (node, edge) = match self.last_edge {
            Some((g, n, e)) if g == callee => (Some(n), Some(e)),
            _ => (None, None),
        };
        if at_exit.is_empty() {
            let msg = format!(
                "the run returns from `{}`, but the BP cannot",
                self.func_name(callee)
            );
            self.report(ViolationKind::NoPath, callee, node, edge, None, vec![], msg);
            return;
        }
        let mut back = Vec::new();
        let mut seen: HashSet<Conf> = HashSet::default();
        for c in at_exit {
            let Some((frame, parent)) = c.stack.pop() else {
                return self.lose();
            };
            let Some((call, caller_st)) = frame else {
                // Re-seeded inside the callee: the caller's BP state is unknown.
                return self.lose();
            };
            let ret = match self.pre.cfg.vertex(*call).kind {
                VKind::Call { ret, .. } => ret,
                _ => return self.lose(),
            };
            let st = return_to(caller_st, &c.st);
            if !self.pre.enforce_ok(p, &st) {
                continue;
            }
            let next = Conf {
                v: ret,
                st,
                stack: parent,
                unmoved_at: None,
            };
            if seen.insert(next.clone()) {
                back.push(next);
            }
        }
        if back.is_empty() {
            let msg = "every return state violates the caller's `enforce`".to_string();
            self.report(
                ViolationKind::Enforce,
                callee,
                node,
                edge,
                None,
                vec![],
                msg,
            );
            return;
        }
        self.set = back;
    }
}
