//! CFG construction: the per-function lowering context, edge-emitting helpers, temporaries,
//! dry runs (for `sizeof`, `typeof` and constant expressions), and the final clean-up of a
//! body (Skip-chain contraction, unreachable-node pruning).

use super::{LResult, Lowerer};
use crate::cir::{
    Body, Edge, FuncId, HavocKind, Loc, Lval, Node, NodeId, Stmt, Ty, Var, VarId, VarKind,
};
use crate::frontend::{ErrorKind, FrontendError};
use lang_c::span::Span;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The cases of a `switch` being lowered.
pub(super) struct SwitchCtx {
    /// The promoted type of the controlling expression.
    pub ctrl_ty: Ty,
    /// `case lo ... hi:` ranges (`lo == hi` for a plain case) and their nodes.
    pub cases: Vec<(i128, i128, NodeId)>,
    pub default: Option<NodeId>,
}

/// The lowering context of one function body (or of file scope, where only constant
/// expressions may be lowered).
pub(super) struct FnCtx {
    /// `None` at file scope.
    pub func: Option<FuncId>,
    /// The function's name (for `__func__`).
    pub name: String,
    /// Where the function's name is in its definition (for errors about the definition).
    pub def_span: Option<Span>,
    /// The function is variadic.
    pub variadic: bool,
    /// Only constant expressions: emitting an edge or creating a temporary is an error.
    pub const_mode: bool,
    /// Set when a constant-mode rule was broken (distinguishes "not constant" errors).
    pub const_violation: bool,
    pub nodes: Vec<Node>,
    /// The current program point: statements are appended here.
    pub cur: NodeId,
    pub entry: NodeId,
    pub exit: NodeId,
    pub halt: NodeId,
    /// The function's return type.
    pub ret_ty: Ty,
    /// Locals and temporaries, in creation order.
    pub locals: Vec<VarId>,
    /// How many locals of each source name exist (for `x.1`, `x.2`).
    pub names: HashMap<String, u32>,
    /// Next temporary number.
    pub temps: u32,
    pub breaks: Vec<NodeId>,
    pub continues: Vec<NodeId>,
    pub switches: Vec<SwitchCtx>,
    pub labels: HashMap<String, NodeId>,
    pub defined_labels: HashSet<String>,
    pub gotos: Vec<(String, Span)>,
    /// Locals whose declaration a jump may bypass (declared inside a switch, after a label,
    /// or while a forward `goto` is pending): havocked at function entry too.
    pub bypassable: Vec<VarId>,
    /// The `__try` bodies the statement being lowered is in, innermost last.
    pub seh: Vec<super::seh::SehFrame>,
}

impl FnCtx {
    /// The file-scope context: constants only.
    pub(super) fn file_scope(void: Ty) -> Self {
        let mut cx = Self::function(None, String::new(), void);
        cx.const_mode = true;
        cx
    }

    /// A fresh context for a function body: entry, exit and halt nodes.
    pub(super) fn function(func: Option<FuncId>, name: String, ret_ty: Ty) -> Self {
        FnCtx {
            func,
            name,
            def_span: None,
            variadic: false,
            const_mode: false,
            const_violation: false,
            nodes: vec![Node::default(), Node::default(), Node::default()],
            cur: NodeId(0),
            entry: NodeId(0),
            exit: NodeId(1),
            halt: NodeId(2),
            ret_ty,
            locals: Vec::new(),
            names: HashMap::default(),
            temps: 0,
            breaks: Vec::new(),
            continues: Vec::new(),
            switches: Vec::new(),
            labels: HashMap::default(),
            defined_labels: HashSet::default(),
            gotos: Vec::new(),
            bypassable: Vec::new(),
            seh: Vec::new(),
        }
    }

    pub(super) fn new_node(&mut self) -> NodeId {
        self.nodes.push(Node::default());
        NodeId(self.nodes.len() as u32 - 1)
    }

    pub(super) fn add_edge(&mut self, from: NodeId, stmt: Stmt, loc: Loc, to: NodeId) {
        self.nodes[from.0 as usize]
            .edges
            .push(Edge { stmt, loc, to });
    }

    /// True if a jump could bypass a declaration made now.
    pub(super) fn jumps_may_bypass(&self) -> bool {
        !self.switches.is_empty()
            || !self.defined_labels.is_empty()
            || self
                .gotos
                .iter()
                .any(|(l, _)| !self.defined_labels.contains(l))
    }

    /// True if some edge leads to `n` (or `n` is the entry).
    pub(super) fn has_incoming(&self, n: NodeId) -> bool {
        n == self.entry
            || self
                .nodes
                .iter()
                .any(|node| node.edges.iter().any(|e| e.to == n))
    }

    /// The finished body: Skip chains contracted, unreachable nodes removed.
    pub(super) fn finish(&mut self) -> Body {
        let nodes = std::mem::take(&mut self.nodes);
        finish_body(nodes, self.entry, self.exit, self.halt)
    }
}

/// Contract Skip-only nodes into their successor and drop nodes unreachable from `entry`
/// (`exit` and `halt` always stay). Node ids are renumbered in their original order.
fn finish_body(mut nodes: Vec<Node>, entry: NodeId, exit: NodeId, halt: NodeId) -> Body {
    let n = nodes.len();
    // forward[i]: the node a Skip-only node i may be replaced by.
    let forward: Vec<Option<usize>> = (0..n)
        .map(|i| {
            let node = &nodes[i];
            let keep = i == exit.0 as usize || i == halt.0 as usize || !node.labels.is_empty();
            match node.edges.as_slice() {
                [e] if !keep && matches!(e.stmt, Stmt::Skip) && e.to.0 as usize != i => {
                    Some(e.to.0 as usize)
                }
                _ => None,
            }
        })
        .collect();
    let mut resolved: Vec<Option<usize>> = vec![None; n];
    for i in 0..n {
        if resolved[i].is_some() {
            continue;
        }
        // Follow the chain; a cycle of Skips stays as it is.
        let mut path = vec![i];
        let mut seen: HashSet<_> = [i].into_iter().collect();
        let mut cur = i;
        let end = loop {
            if let Some(r) = resolved[cur] {
                break r;
            }
            match forward[cur] {
                Some(next) if !seen.contains(&next) => {
                    seen.insert(next);
                    path.push(next);
                    cur = next;
                }
                Some(_) => break cur,
                None => break cur,
            }
        };
        for p in path {
            resolved[p] = Some(end);
        }
    }
    let res = |i: usize| resolved[i].unwrap_or(i);
    for node in &mut nodes {
        for e in &mut node.edges {
            e.to = NodeId(res(e.to.0 as usize) as u32);
        }
    }
    let entry = res(entry.0 as usize);
    // Reachability from the (resolved) entry.
    let mut live = vec![false; n];
    let mut stack = vec![entry];
    live[entry] = true;
    while let Some(i) = stack.pop() {
        for e in &nodes[i].edges {
            let t = e.to.0 as usize;
            if !live[t] {
                live[t] = true;
                stack.push(t);
            }
        }
    }
    live[exit.0 as usize] = true;
    live[halt.0 as usize] = true;
    let mut renum = vec![u32::MAX; n];
    let mut out = Vec::new();
    for (i, node) in nodes.into_iter().enumerate() {
        if live[i] {
            renum[i] = out.len() as u32;
            out.push(node);
        }
    }
    for node in &mut out {
        for e in &mut node.edges {
            e.to = NodeId(renum[e.to.0 as usize]);
        }
    }
    Body {
        nodes: out,
        entry: NodeId(renum[entry]),
        exit: NodeId(renum[exit.0 as usize]),
        halt: NodeId(renum[halt.0 as usize]),
    }
}

/// What a dry run restores.
struct Snapshot {
    nodes: usize,
    cur: NodeId,
    cur_edges: usize,
    locals: usize,
    temps: u32,
    names: HashMap<String, u32>,
    labels: HashMap<String, NodeId>,
    defined_labels: HashSet<String>,
    gotos: usize,
    cases: Vec<(usize, Option<NodeId>)>,
    vars: usize,
    allocs: usize,
    inits: usize,
    warnings: usize,
    const_mode: bool,
    violation: bool,
}

impl Lowerer<'_> {
    /// The CIR location of an AST span.
    pub(super) fn loc(&self, span: Span) -> Loc {
        let (file, line, col) = self.src.locate(span.start);
        Loc {
            file: crate::cir::FileId(file),
            line,
            col,
        }
    }

    /// An error at an AST span.
    pub(super) fn err(&self, span: Span, kind: ErrorKind, msg: impl Into<String>) -> FrontendError {
        self.src.error_at(span.start, kind, msg)
    }

    /// Record a warning at an AST span (once per location and message).
    pub(super) fn warn(&mut self, span: Span, message: &str) {
        let loc = self.loc(span);
        self.warn_at(loc, message);
    }

    /// Records a use of a construct slamrs does not model exactly (with a warning).
    pub(super) fn refuse(&mut self, construct: crate::cir::Construct, span: Span) -> LResult<()> {
        let func = self.cur_func(span)?;
        let loc = self.loc(span);
        let msg = format!("{construct}: no answer can depend on it");
        self.warn_at(loc, &msg);
        self.prog.refusals.push(crate::cir::Refusal {
            construct,
            loc,
            func,
        });
        Ok(())
    }

    /// In constant mode, nothing may be executed: fail.
    fn check_exec(&mut self, span: Span) -> LResult<()> {
        if self.fcx.const_mode {
            self.fcx.const_violation = true;
            return Err(self.err(span, ErrorKind::Invalid, "not a constant expression"));
        }
        Ok(())
    }

    /// Append a statement at the current point.
    pub(super) fn emit(&mut self, stmt: Stmt, span: Span) -> LResult<()> {
        self.check_exec(span)?;
        let n = self.fcx.new_node();
        let loc = self.loc(span);
        let cur = self.fcx.cur;
        self.fcx.add_edge(cur, stmt, loc, n);
        self.fcx.cur = n;
        Ok(())
    }

    /// Add an edge from the current point to `to` (the current point does not move).
    pub(super) fn emit_to(&mut self, stmt: Stmt, span: Span, to: NodeId) -> LResult<()> {
        self.check_exec(span)?;
        let loc = self.loc(span);
        let cur = self.fcx.cur;
        self.fcx.add_edge(cur, stmt, loc, to);
        Ok(())
    }

    /// Jump to `to`; what follows is unreachable until a label.
    pub(super) fn jump(&mut self, to: NodeId, span: Span) -> LResult<()> {
        self.emit_to(Stmt::Skip, span, to)?;
        self.fcx.cur = self.fcx.new_node();
        Ok(())
    }

    /// Continue at `n` (a Skip edge from the current point, then `n` is current).
    pub(super) fn goto_node(&mut self, n: NodeId, span: Span) -> LResult<()> {
        if self.fcx.cur != n {
            self.emit_to(Stmt::Skip, span, n)?;
        }
        self.fcx.cur = n;
        Ok(())
    }

    /// A path-ending statement (`Error`, `Halt`): edge to `halt`.
    pub(super) fn terminate(&mut self, stmt: Stmt, span: Span) -> LResult<()> {
        let halt = self.fcx.halt;
        self.emit_to(stmt, span, halt)?;
        self.fcx.cur = self.fcx.new_node();
        Ok(())
    }

    /// A `Return` edge to `exit`.
    pub(super) fn ret(&mut self, stmt: Stmt, span: Span) -> LResult<()> {
        let exit = self.fcx.exit;
        self.emit_to(stmt, span, exit)?;
        self.fcx.cur = self.fcx.new_node();
        Ok(())
    }

    /// The current function (an error at file scope).
    pub(super) fn cur_func(&mut self, span: Span) -> LResult<FuncId> {
        match self.fcx.func {
            Some(f) if !self.fcx.const_mode => Ok(f),
            _ => {
                self.check_exec(span)?;
                Err(self.err(span, ErrorKind::Invalid, "not a constant expression"))
            }
        }
    }

    /// A new temporary `tmp.N` of type `ty`.
    pub(super) fn new_temp(&mut self, ty: Ty, span: Span) -> LResult<VarId> {
        let f = self.cur_func(span)?;
        let name = format!("tmp.{}", self.fcx.temps);
        self.fcx.temps += 1;
        Ok(self.new_var(name, ty, VarKind::Temp(f), span))
    }

    /// A new variable (any kind); locals and temporaries are added to the function.
    pub(super) fn new_var(&mut self, name: String, ty: Ty, kind: VarKind, span: Span) -> VarId {
        let v = VarId(self.prog.vars.len() as u32);
        let loc = self.loc(span);
        self.prog.vars.push(Var {
            name,
            ty,
            kind,
            loc,
            addr_taken: false,
        });
        if matches!(kind, VarKind::Local(_) | VarKind::Temp(_)) {
            self.fcx.locals.push(v);
        }
        v
    }

    /// A function-unique name for a source name: `x`, then `x.1`, `x.2`, ...
    pub(super) fn unique_local_name(&mut self, name: &str) -> String {
        let n = self.fcx.names.entry(name.to_string()).or_insert(0);
        let out = if *n == 0 {
            name.to_string()
        } else {
            format!("{name}.{n}")
        };
        *n += 1;
        out
    }

    /// `tmp = e` into a fresh temporary; returns the temporary's value.
    pub(super) fn snapshot(
        &mut self,
        e: crate::cir::Expr,
        span: Span,
    ) -> LResult<crate::cir::Expr> {
        let t = self.new_temp(e.ty, span)?;
        let ty = e.ty;
        self.emit(
            Stmt::Assign {
                lhs: Lval::Var(t),
                rhs: e,
            },
            span,
        )?;
        Ok(super::expr::read(Lval::Var(t), ty))
    }

    /// A temporary holding an arbitrary value of `ty` (why: `why`).
    pub(super) fn havoc_temp(&mut self, ty: Ty, why: HavocKind, span: Span) -> LResult<VarId> {
        let t = self.new_temp(ty, span)?;
        self.emit(
            Stmt::Havoc {
                lhs: Lval::Var(t),
                why,
            },
            span,
        )?;
        Ok(t)
    }

    /// Run `f` and undo everything it added to the program (nodes, edges, variables,
    /// allocation sites, warnings). With `const_mode`, nothing may be executed. Returns
    /// `f`'s result and whether it broke a constant-mode rule.
    pub(super) fn dry_run<T>(
        &mut self,
        const_mode: bool,
        f: impl FnOnce(&mut Self) -> LResult<T>,
    ) -> (LResult<T>, bool) {
        let cur = self.fcx.cur;
        let snap = Snapshot {
            nodes: self.fcx.nodes.len(),
            cur,
            cur_edges: self.fcx.nodes[cur.0 as usize].edges.len(),
            locals: self.fcx.locals.len(),
            temps: self.fcx.temps,
            names: self.fcx.names.clone(),
            labels: self.fcx.labels.clone(),
            defined_labels: self.fcx.defined_labels.clone(),
            gotos: self.fcx.gotos.len(),
            cases: self
                .fcx
                .switches
                .iter()
                .map(|s| (s.cases.len(), s.default))
                .collect(),
            vars: self.prog.vars.len(),
            allocs: self.prog.allocs.len(),
            inits: self.prog.inits.len(),
            warnings: self.prog.warnings.len(),
            const_mode: self.fcx.const_mode,
            violation: self.fcx.const_violation,
        };
        self.fcx.const_mode |= const_mode;
        self.fcx.const_violation = false;
        let r = f(self);
        let violated = self.fcx.const_violation;
        let cx = &mut self.fcx;
        cx.nodes.truncate(snap.nodes);
        cx.cur = snap.cur;
        cx.nodes[snap.cur.0 as usize].edges.truncate(snap.cur_edges);
        cx.locals.truncate(snap.locals);
        cx.temps = snap.temps;
        cx.names = snap.names;
        cx.labels = snap.labels;
        cx.defined_labels = snap.defined_labels;
        cx.gotos.truncate(snap.gotos);
        for (s, (n, d)) in cx.switches.iter_mut().zip(snap.cases) {
            s.cases.truncate(n);
            s.default = d;
        }
        cx.const_mode = snap.const_mode;
        cx.const_violation = snap.violation;
        self.prog.vars.truncate(snap.vars);
        self.prog.allocs.truncate(snap.allocs);
        self.prog.inits.truncate(snap.inits);
        self.prog.warnings.truncate(snap.warnings);
        (r, violated)
    }

    /// The result of `f` on an operand C does not evaluate (`sizeof e`, `typeof(e)`),
    /// rolled back like [`Self::dry_run`]. Inside a function it is lowered as code even
    /// within a constant expression: `sizeof` of anything but a variable-length array is
    /// a constant whatever its operand contains (the kernel's `__is_constexpr(x)` takes
    /// the size of a conditional whose arm holds `x`, a call).
    pub(super) fn unevaluated<T>(&mut self, f: impl FnOnce(&mut Self) -> LResult<T>) -> LResult<T> {
        let saved = self.fcx.const_mode;
        if self.fcx.func.is_some() {
            self.fcx.const_mode = false;
        }
        let (r, _) = self.dry_run(false, f);
        self.fcx.const_mode = saved;
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skip(to: u32) -> Edge {
        Edge {
            stmt: Stmt::Skip,
            loc: Loc::default(),
            to: NodeId(to),
        }
    }

    #[test]
    fn skip_chains_contract_and_dead_nodes_go() {
        // 0 -skip-> 3 -skip-> 4 -error-> 2 ; 5 unreachable ; 1 exit
        let mut nodes: Vec<Node> = (0..6).map(|_| Node::default()).collect();
        nodes[0].edges.push(skip(3));
        nodes[3].edges.push(skip(4));
        nodes[4].edges.push(Edge {
            stmt: Stmt::Error,
            loc: Loc::default(),
            to: NodeId(2),
        });
        nodes[5].edges.push(skip(1));
        let b = finish_body(nodes, NodeId(0), NodeId(1), NodeId(2));
        assert_eq!(b.nodes.len(), 3);
        let e = &b.node(b.entry).edges;
        assert_eq!(e.len(), 1);
        assert!(matches!(e[0].stmt, Stmt::Error));
        assert_eq!(e[0].to, b.halt);
    }

    #[test]
    fn skip_cycles_survive() {
        let mut nodes: Vec<Node> = (0..5).map(|_| Node::default()).collect();
        nodes[0].edges.push(skip(3));
        nodes[3].edges.push(skip(4));
        nodes[4].edges.push(skip(3));
        let b = finish_body(nodes, NodeId(0), NodeId(1), NodeId(2));
        // The entry resolves into the cycle; the loop is still there.
        let e = b.node(b.entry);
        assert_eq!(e.edges.len(), 1);
        let next = e.edges[0].to;
        assert!(b.node(next).edges.iter().any(|x| x.to == b.entry));
    }
}
