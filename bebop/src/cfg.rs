//! The control-flow graph of a boolean program, as in §2.3 of the Bebop paper.
//!
//! One vertex per statement, one `Exit` vertex per procedure and one `Err`
//! vertex. Vertices are numbered in the paper's order: statements first (in
//! program order), then the exit vertices, then `Err`. Besides the paper's
//! statements there are two kinds of synthetic vertices:
//! - after every call, a [`VKind::ReturnSite`] vertex: the paper's `skip_c`
//!   that its syntactic restriction puts after each call (`ReturnPt`); it also
//!   copies the callee's return values into the call's targets;
//! - for a procedure that returns values, an implicit `return *, …, *` at its
//!   lexical end (falling off the end returns nondeterministic values), and a
//!   `skip` for a procedure with an empty body.
//!
//! Names are resolved here: [`Var::Global`] slots index [`Cfg::globals`],
//! [`Var::Local`] slots index the procedure's [`ProcInfo::locals`] (formals
//! first), [`Var::Ret`] the return-value registers.

use rustc_hash::FxHashMap as HashMap;

use crate::ast::{self, BinOp, ExprKind, Span, StmtKind};

pub type VertexId = u32;
pub type ProcId = u32;

/// A resolved variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Var {
    Global(u32),
    Local(u32),
    /// Return-value register `i`: written by `return`, read by the return site.
    Ret(u32),
}

/// A resolved expression. `Choice(k)` is the k-th nondeterministic choice of
/// the statement it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CExpr {
    Const(bool),
    Var(Var),
    Choice(u32),
    Not(Box<CExpr>),
    Bin(BinOp, Box<CExpr>, Box<CExpr>),
    /// `schoose[pos, neg]` with the choice used when neither holds.
    Schoose(Box<CExpr>, Box<CExpr>, u32),
}

impl CExpr {
    /// Evaluates with variable values from `var` and choice values from `choice`.
    pub fn eval(&self, var: &impl Fn(Var) -> bool, choice: &impl Fn(u32) -> bool) -> bool {
        match self {
            CExpr::Const(b) => *b,
            CExpr::Var(v) => var(*v),
            CExpr::Choice(k) => choice(*k),
            CExpr::Not(e) => !e.eval(var, choice),
            CExpr::Bin(op, a, b) => op.apply(a.eval(var, choice), b.eval(var, choice)),
            CExpr::Schoose(p, n, k) => {
                if p.eval(var, choice) {
                    true
                } else if n.eval(var, choice) {
                    false
                } else {
                    choice(*k)
                }
            }
        }
    }

    /// Calls `f` on every variable read.
    /// Calls `f` on the index of every choice (`?`, `*`, `schoose`) the expression uses.
    pub fn for_each_choice(&self, f: &mut impl FnMut(u32)) {
        match self {
            CExpr::Const(_) | CExpr::Var(_) => {}
            CExpr::Choice(k) => f(*k),
            CExpr::Not(e) => e.for_each_choice(f),
            CExpr::Bin(_, a, b) => {
                a.for_each_choice(f);
                b.for_each_choice(f);
            }
            CExpr::Schoose(a, b, k) => {
                a.for_each_choice(f);
                b.for_each_choice(f);
                f(*k);
            }
        }
    }

    pub fn for_each_var(&self, f: &mut impl FnMut(Var)) {
        match self {
            CExpr::Const(_) | CExpr::Choice(_) => {}
            CExpr::Var(v) => f(*v),
            CExpr::Not(e) => e.for_each_var(f),
            CExpr::Bin(_, a, b) | CExpr::Schoose(a, b, _) => {
                a.for_each_var(f);
                b.for_each_var(f);
            }
        }
    }
}

/// Which statement a conditional vertex comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CondKind {
    If,
    While,
    Assert,
    /// `assume(d)`: only the true successor exists.
    Assume,
}

/// What a vertex does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VKind {
    Skip,
    Print(Vec<CExpr>),
    /// `goto L1, …`: one successor per label.
    Goto,
    /// `return e1, …`: writes the return registers; successor is the exit.
    Return(Vec<CExpr>),
    Assign {
        lhs: Vec<Var>,
        rhs: Vec<CExpr>,
    },
    /// `if`, `while`, `assert`, `assume`: `succ[0]` is Tsucc, `succ[1]` Fsucc
    /// (absent for `assume`; `Err` for `assert`).
    Cond {
        kind: CondKind,
        cond: CExpr,
    },
    /// A call; `succ` is `[First(callee)]`, `ret` the return site.
    Call {
        callee: ProcId,
        args: Vec<CExpr>,
        ret: VertexId,
    },
    /// The return point of `call`: assigns the return registers to `lhs`.
    ReturnSite {
        call: VertexId,
        lhs: Vec<Var>,
    },
    /// `Exit_pr`; `succ` lists the return sites of all calls to the procedure.
    Exit,
    /// The error vertex reached by a failing `assert`.
    Err,
}

/// One CFG vertex.
#[derive(Clone, Debug)]
pub struct Vertex {
    /// The owning procedure (`None` for `Err`).
    pub proc: Option<ProcId>,
    pub kind: VKind,
    pub succ: Vec<VertexId>,
    /// Labels written on the statement.
    pub labels: Vec<String>,
    /// Source span (of the statement, or of the procedure's `end` for
    /// synthetic vertices).
    pub span: Span,
    /// Number of nondeterministic choices one execution of the vertex makes.
    pub choices: u32,
    /// True for vertices with no statement in the source.
    pub synthetic: bool,
}

/// A procedure of the CFG.
#[derive(Clone, Debug)]
pub struct ProcInfo {
    pub name: String,
    /// Number of returned booleans.
    pub returns: u32,
    /// Number of formals: they are local slots `0..formals`.
    pub formals: u32,
    /// Names of the local slots, formals first.
    pub locals: Vec<String>,
    pub first: VertexId,
    pub exit: VertexId,
    /// The procedure invariant (`enforce e;`), if any.
    pub enforce: Option<CExpr>,
    /// Call vertices that call this procedure.
    pub callers: Vec<VertexId>,
    pub span: Span,
}

/// The CFG of a whole program.
#[derive(Clone, Debug)]
pub struct Cfg {
    pub globals: Vec<String>,
    pub procs: Vec<ProcInfo>,
    pub vertices: Vec<Vertex>,
    pub main: ProcId,
    pub err: VertexId,
    /// Largest number of local slots of any procedure.
    pub max_locals: u32,
    /// Largest number of return values of any procedure.
    pub max_returns: u32,
    /// Largest number of choices of any vertex.
    pub max_choices: u32,
}

impl Cfg {
    /// Builds the CFG of a program that passed [`crate::check::check`].
    ///
    /// Returns an error message only for programs the checker would reject.
    pub fn build(p: &ast::Program) -> Result<Cfg, String> {
        Builder::new(p)?.build(p)
    }

    pub fn proc_of(&self, v: VertexId) -> Option<ProcId> {
        self.vertices[v as usize].proc
    }

    pub fn vertex(&self, v: VertexId) -> &Vertex {
        &self.vertices[v as usize]
    }

    /// Name of a variable as seen from procedure `p`.
    pub fn var_name(&self, p: ProcId, v: Var) -> String {
        match v {
            Var::Global(i) => self.globals[i as usize].clone(),
            Var::Local(i) => self.procs[p as usize].locals[i as usize].clone(),
            Var::Ret(i) => format!("$ret{i}"),
        }
    }

    /// Vertices carrying label `name`; `name` may be qualified as `proc:label`.
    pub fn find_label(&self, name: &str) -> Vec<VertexId> {
        let (proc, label) = match name.split_once(':') {
            Some((p, l)) if !p.is_empty() && !p.starts_with('{') => (Some(p), l),
            _ => (None, name),
        };
        (0..self.vertices.len() as u32)
            .filter(|&v| {
                let vx = self.vertex(v);
                vx.labels.iter().any(|l| l == label)
                    && proc
                        .is_none_or(|p| vx.proc.is_some_and(|q| self.procs[q as usize].name == p))
            })
            .collect()
    }

    /// The vertices a vertex can pass control to *within* its procedure:
    /// like `succ`, but a call continues at its return site and an exit has none.
    pub fn intra_succ(&self, v: VertexId) -> Vec<VertexId> {
        match &self.vertex(v).kind {
            VKind::Call { ret, .. } => vec![*ret],
            VKind::Exit | VKind::Err => vec![],
            _ => self.vertex(v).succ.clone(),
        }
    }

    /// Line:column-free description of a vertex for messages.
    pub fn describe(&self, v: VertexId) -> String {
        let vx = self.vertex(v);
        let proc = vx
            .proc
            .map(|p| self.procs[p as usize].name.as_str())
            .unwrap_or("");
        match vx.kind {
            VKind::Exit => format!("exit of `{proc}`"),
            VKind::Err => "assertion failure".to_string(),
            _ => format!("vertex {v} in `{proc}`"),
        }
    }
}

struct Builder {
    globals: HashMap<String, u32>,
    proc_ids: HashMap<String, ProcId>,
    vertices: Vec<Vertex>,
}

/// Per-procedure state while lowering statements.
struct ProcCtx<'a> {
    id: ProcId,
    locals: HashMap<&'a str, u32>,
    label_vertex: HashMap<String, VertexId>,
    /// (goto vertex, label, span) fixed up once all labels are known.
    pending_gotos: Vec<(VertexId, Vec<ast::Ident>)>,
    choice: u32,
}

impl Builder {
    fn new(p: &ast::Program) -> Result<Builder, String> {
        let mut globals = HashMap::default();
        for d in &p.globals {
            for v in &d.vars {
                let n = globals.len() as u32;
                if globals.insert(v.name.clone(), n).is_some() {
                    return Err(format!("duplicate global `{}`", v.name));
                }
            }
        }
        let mut proc_ids = HashMap::default();
        for (i, pr) in p.procs.iter().enumerate() {
            if proc_ids.insert(pr.name.name.clone(), i as ProcId).is_some() {
                return Err(format!("duplicate procedure `{}`", pr.name.name));
            }
        }
        Ok(Builder {
            globals,
            proc_ids,
            vertices: Vec::new(),
        })
    }

    fn build(mut self, p: &ast::Program) -> Result<Cfg, String> {
        let main = *self
            .proc_ids
            .get("main")
            .ok_or_else(|| "no procedure `main`".to_string())?;
        let mut procs = Vec::new();
        // Statement vertices first, procedure by procedure.
        let nprocs = p.procs.len() as u32;
        let mut firsts = Vec::new();
        let mut contexts = Vec::new();
        for (i, pr) in p.procs.iter().enumerate() {
            let mut locals = HashMap::default();
            let mut names = Vec::new();
            for f in pr
                .formals
                .iter()
                .chain(pr.locals.iter().flat_map(|d| &d.vars))
            {
                if locals.insert(f.name.as_str(), names.len() as u32).is_some() {
                    return Err(format!("duplicate variable `{}`", f.name));
                }
                names.push(f.name.clone());
            }
            let mut ctx = ProcCtx {
                id: i as ProcId,
                locals,
                label_vertex: HashMap::default(),
                pending_gotos: Vec::new(),
                choice: 0,
            };
            // Exit vertices get ids n+1..n+p; use placeholders now and patch.
            let exit_placeholder = u32::MAX - i as u32;
            let end_span = Span::new(pr.span.end.saturating_sub(3) as usize, pr.span.end as usize);
            let tail = if pr.returns > 0 {
                // implicit `return *, …, *;`
                self.push(Vertex {
                    proc: Some(i as ProcId),
                    kind: VKind::Return((0..pr.returns as u32).map(CExpr::Choice).collect()),
                    succ: vec![exit_placeholder],
                    labels: vec![],
                    span: end_span,
                    choices: pr.returns as u32,
                    synthetic: true,
                })
            } else {
                exit_placeholder
            };
            let first = if pr.body.is_empty() {
                self.push(Vertex {
                    proc: Some(i as ProcId),
                    kind: VKind::Skip,
                    succ: vec![tail],
                    labels: vec![],
                    span: end_span,
                    choices: 0,
                    synthetic: true,
                })
            } else {
                self.lower_seq(&pr.body, tail, exit_placeholder, &mut ctx)?
            };
            let enforce = match &pr.enforce {
                Some(e) => Some(self.expr(e, &mut ctx)?),
                None => None,
            };
            ctx.choice = 0;
            firsts.push(first);
            procs.push(ProcInfo {
                name: pr.name.name.clone(),
                returns: pr.returns as u32,
                formals: pr.formals.len() as u32,
                locals: names,
                first,
                exit: 0,
                enforce,
                callers: vec![],
                span: pr.span,
            });
            contexts.push((ctx.label_vertex, ctx.pending_gotos));
        }
        let n = self.vertices.len() as u32;
        for (i, pr) in procs.iter_mut().enumerate() {
            pr.exit = n + i as u32;
        }
        for (i, pr) in p.procs.iter().enumerate() {
            let end_span = Span::new(pr.span.end.saturating_sub(3) as usize, pr.span.end as usize);
            self.push(Vertex {
                proc: Some(i as ProcId),
                kind: VKind::Exit,
                succ: vec![],
                labels: vec![],
                span: end_span,
                choices: 0,
                synthetic: true,
            });
        }
        let err = self.push(Vertex {
            proc: None,
            kind: VKind::Err,
            succ: vec![],
            labels: vec![],
            span: Span::default(),
            choices: 0,
            synthetic: true,
        });
        debug_assert_eq!(err, n + nprocs);
        // Patch placeholders: exits, the error vertex, gotos, call targets.
        for v in 0..n as usize {
            for s in self.vertices[v].succ.iter_mut() {
                if *s > u32::MAX - nprocs {
                    *s = n + (u32::MAX - *s);
                } else if *s == ERR_PLACEHOLDER {
                    *s = err;
                }
            }
        }
        for (labels, gotos) in contexts {
            for (v, targets) in gotos {
                let mut succ = Vec::new();
                for t in targets {
                    let w = *labels
                        .get(&t.name)
                        .ok_or_else(|| format!("goto to undefined label `{}`", t.name))?;
                    if !succ.contains(&w) {
                        succ.push(w);
                    }
                }
                self.vertices[v as usize].succ = succ;
            }
        }
        for v in 0..n {
            if let VKind::Call { callee, ret, .. } = self.vertices[v as usize].kind {
                self.vertices[v as usize].succ = vec![firsts[callee as usize]];
                procs[callee as usize].callers.push(v);
                let exit = procs[callee as usize].exit;
                self.vertices[exit as usize].succ.push(ret);
            }
        }
        let max_locals = procs
            .iter()
            .map(|p| p.locals.len() as u32)
            .max()
            .unwrap_or(0);
        let max_returns = procs.iter().map(|p| p.returns).max().unwrap_or(0);
        let max_choices = self.vertices.iter().map(|v| v.choices).max().unwrap_or(0);
        let mut globals = vec![String::new(); self.globals.len()];
        for (name, i) in self.globals {
            globals[i as usize] = name;
        }
        Ok(Cfg {
            globals,
            procs,
            vertices: self.vertices,
            main,
            err,
            max_locals,
            max_returns,
            max_choices,
        })
    }

    fn push(&mut self, v: Vertex) -> VertexId {
        self.vertices.push(v);
        (self.vertices.len() - 1) as VertexId
    }

    /// Lowers a statement sequence whose lexical successor is `next`; returns
    /// the first vertex (or `next` for an empty sequence).
    fn lower_seq(
        &mut self,
        seq: &[ast::Stmt],
        next: VertexId,
        exit: VertexId,
        ctx: &mut ProcCtx<'_>,
    ) -> Result<VertexId, String> {
        // Statements are numbered in program order, so allocate each
        // statement's vertex before lowering the rest of the sequence; the
        // successor of statement i is the first vertex of statement i+1,
        // patched after the later statements exist.
        let mut ids = Vec::with_capacity(seq.len());
        for s in seq {
            ids.push(self.lower_stmt(s, exit, ctx)?);
        }
        let end = self.vertices.len() as VertexId;
        for i in 0..seq.len() {
            let succ_of_i = if i + 1 < seq.len() { ids[i + 1] } else { next };
            let range_end = if i + 1 < seq.len() { ids[i + 1] } else { end };
            // The vertices of statement i are exactly ids[i]..range_end; any
            // successor still marked "lexical successor" means Next(i).
            for u in ids[i]..range_end {
                for s in self.vertices[u as usize].succ.iter_mut() {
                    if *s == NEXT_PLACEHOLDER {
                        *s = succ_of_i;
                    }
                }
            }
        }
        Ok(ids.first().copied().unwrap_or(next))
    }

    fn lower_stmt(
        &mut self,
        s: &ast::Stmt,
        exit: VertexId,
        ctx: &mut ProcCtx<'_>,
    ) -> Result<VertexId, String> {
        ctx.choice = 0;
        let labels: Vec<String> = s.labels.iter().map(|l| l.name.clone()).collect();
        let proc = Some(ctx.id);
        let mk = |kind, succ, choices| Vertex {
            proc,
            kind,
            succ,
            labels: labels.clone(),
            span: s.span,
            choices,
            synthetic: false,
        };
        let id = match &s.kind {
            StmtKind::Skip => self.push(mk(VKind::Skip, vec![NEXT_PLACEHOLDER], 0)),
            StmtKind::Print(es) => {
                let es = self.exprs(es, ctx)?;
                let c = ctx.choice;
                self.push(mk(VKind::Print(es), vec![NEXT_PLACEHOLDER], c))
            }
            StmtKind::Goto(targets) => {
                let id = self.push(mk(VKind::Goto, vec![], 0));
                ctx.pending_gotos.push((id, targets.clone()));
                id
            }
            StmtKind::Return(es) => {
                let es = self.exprs(es, ctx)?;
                let c = ctx.choice;
                self.push(mk(VKind::Return(es), vec![exit], c))
            }
            StmtKind::Assign { lhs, rhs } => {
                let rhs = self.exprs(rhs, ctx)?;
                let lhs = lhs
                    .iter()
                    .map(|x| self.var(&x.name, ctx))
                    .collect::<Result<Vec<_>, _>>()?;
                let c = ctx.choice;
                self.push(mk(VKind::Assign { lhs, rhs }, vec![NEXT_PLACEHOLDER], c))
            }
            StmtKind::Call { lhs, callee, args } => {
                let callee_id = *self
                    .proc_ids
                    .get(&callee.name)
                    .ok_or_else(|| format!("call to undefined procedure `{}`", callee.name))?;
                let args = self.exprs(args, ctx)?;
                let lhs = lhs
                    .iter()
                    .map(|x| self.var(&x.name, ctx))
                    .collect::<Result<Vec<_>, _>>()?;
                let c = ctx.choice;
                let call = self.push(mk(
                    VKind::Call {
                        callee: callee_id,
                        args,
                        ret: 0,
                    },
                    vec![],
                    c,
                ));
                let ret = self.push(Vertex {
                    proc,
                    kind: VKind::ReturnSite { call, lhs },
                    succ: vec![NEXT_PLACEHOLDER],
                    labels: vec![],
                    span: s.span,
                    choices: 0,
                    synthetic: true,
                });
                if let VKind::Call { ret: r, .. } = &mut self.vertices[call as usize].kind {
                    *r = ret;
                }
                call
            }
            StmtKind::If { arms, els } => {
                // `if a then A elsif b then B else C fi` is a chain of
                // conditional vertices: the elsif test is the false
                // successor of the previous test.
                let mut tests = Vec::new();
                for (i, (cond, _)) in arms.iter().enumerate() {
                    ctx.choice = 0;
                    let c = self.expr(cond, ctx)?;
                    let vx = Vertex {
                        proc,
                        kind: VKind::Cond {
                            kind: CondKind::If,
                            cond: c,
                        },
                        succ: vec![],
                        labels: if i == 0 { labels.clone() } else { vec![] },
                        span: if i == 0 { s.span } else { cond.span },
                        choices: ctx.choice,
                        synthetic: false,
                    };
                    tests.push(self.push(vx));
                }
                for (i, (_, body)) in arms.iter().enumerate() {
                    let t = self.lower_seq(body, NEXT_PLACEHOLDER, exit, ctx)?;
                    self.vertices[tests[i] as usize].succ.push(t);
                }
                let e = match els {
                    Some(body) => self.lower_seq(body, NEXT_PLACEHOLDER, exit, ctx)?,
                    None => NEXT_PLACEHOLDER,
                };
                for i in 0..tests.len() {
                    let f = if i + 1 < tests.len() { tests[i + 1] } else { e };
                    self.vertices[tests[i] as usize].succ.push(f);
                }
                tests[0]
            }
            StmtKind::While { cond, body } => {
                let c = self.expr(cond, ctx)?;
                let w = self.push(mk(
                    VKind::Cond {
                        kind: CondKind::While,
                        cond: c,
                    },
                    vec![],
                    ctx.choice,
                ));
                let t = self.lower_seq(body, w, exit, ctx)?;
                self.vertices[w as usize].succ = vec![t, NEXT_PLACEHOLDER];
                w
            }
            StmtKind::Assert(cond) | StmtKind::Assume(cond) => {
                let c = self.expr(cond, ctx)?;
                let assert = matches!(s.kind, StmtKind::Assert(_));
                let (kind, succ) = if assert {
                    (CondKind::Assert, vec![NEXT_PLACEHOLDER, ERR_PLACEHOLDER])
                } else {
                    (CondKind::Assume, vec![NEXT_PLACEHOLDER])
                };
                self.push(mk(VKind::Cond { kind, cond: c }, succ, ctx.choice))
            }
        };
        for l in &s.labels {
            if ctx.label_vertex.insert(l.name.clone(), id).is_some() {
                return Err(format!("duplicate label `{}`", l.name));
            }
        }
        Ok(id)
    }

    fn exprs(&mut self, es: &[ast::Expr], ctx: &mut ProcCtx<'_>) -> Result<Vec<CExpr>, String> {
        es.iter().map(|e| self.expr(e, ctx)).collect()
    }

    fn expr(&mut self, e: &ast::Expr, ctx: &mut ProcCtx<'_>) -> Result<CExpr, String> {
        Ok(match &e.kind {
            ExprKind::Const(b) => CExpr::Const(*b),
            ExprKind::Var(v) => CExpr::Var(self.var(v, ctx)?),
            ExprKind::Nondet => {
                ctx.choice += 1;
                CExpr::Choice(ctx.choice - 1)
            }
            ExprKind::Not(a) => CExpr::Not(Box::new(self.expr(a, ctx)?)),
            ExprKind::Bin(op, a, b) => CExpr::Bin(
                *op,
                Box::new(self.expr(a, ctx)?),
                Box::new(self.expr(b, ctx)?),
            ),
            ExprKind::Schoose(a, b) => {
                let a = self.expr(a, ctx)?;
                let b = self.expr(b, ctx)?;
                ctx.choice += 1;
                CExpr::Schoose(Box::new(a), Box::new(b), ctx.choice - 1)
            }
        })
    }

    fn var(&self, name: &str, ctx: &ProcCtx<'_>) -> Result<Var, String> {
        if let Some(&i) = ctx.locals.get(name) {
            Ok(Var::Local(i))
        } else if let Some(&i) = self.globals.get(name) {
            Ok(Var::Global(i))
        } else {
            Err(format!("undeclared variable `{name}`"))
        }
    }
}

/// Successor placeholder for "the lexical successor", patched by `lower_seq`.
const NEXT_PLACEHOLDER: VertexId = u32::MAX - 2_000_000;
/// Successor placeholder for the error vertex.
const ERR_PLACEHOLDER: VertexId = u32::MAX - 2_000_001;

/// Groups the right-hand sides of a parallel assignment so that no choice is
/// used in two groups: (member indices, choice indices) per group, in order.
pub fn choice_groups<'a>(rhs: impl IntoIterator<Item = &'a CExpr>) -> Vec<(Vec<usize>, Vec<u32>)> {
    let mut groups: Vec<(Vec<usize>, Vec<u32>)> = Vec::new();
    for (i, e) in rhs.into_iter().enumerate() {
        let mut chs = Vec::new();
        e.for_each_choice(&mut |k| {
            if !chs.contains(&k) {
                chs.push(k)
            }
        });
        let mut merged = (vec![i], chs);
        let mut j = 0;
        while j < groups.len() {
            if groups[j].1.iter().any(|k| merged.1.contains(k)) {
                let (ms, ks) = groups.remove(j);
                merged.0.extend(ms);
                for k in ks {
                    if !merged.1.contains(&k) {
                        merged.1.push(k);
                    }
                }
            } else {
                j += 1;
            }
        }
        groups.push(merged);
    }
    for g in &mut groups {
        g.0.sort_unstable();
    }
    groups
}
