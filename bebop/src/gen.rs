//! Random generation of well-formed boolean programs, for differential testing
//! of the model-checking engines (the BDD summary engine and the explicit-state
//! reference engine must agree on the reachability of every label and on
//! whether an assertion can fail).
//!
//! Every generated program is meant to pass the semantic checks:
//!
//! * there is a `main` procedure with no return values (with or without
//!   formals), and nothing calls `main`;
//! * every name is declared once in the whole program (globals `g<i>`, formals
//!   `p<i>_f<j>`, locals `p<i>_l<j>`, procedures `main` and `p<i>`), with the
//!   occasional `{…}` name for a global (rarely a local) to exercise that
//!   syntax;
//! * every variable used is in scope (the procedure's formals and locals, then
//!   the globals), and at most [`GenConfig::max_scope`] variables are in scope
//!   in any procedure, so an explicit-state engine can enumerate valuations;
//! * labels (`L0`, `L1`, …, plenty of them) are unique within a procedure and
//!   every `goto` (forward or backward, sometimes with two targets) names a
//!   label of its own procedure;
//! * parallel assignments have distinct targets and equal arity; calls pass
//!   the callee's number of formals and take either no results or exactly
//!   the callee's number of results into distinct variables; `return` carries
//!   exactly the procedure's number of values (returns occur mid-body too,
//!   and value-returning procedures sometimes fall off the end);
//! * blocks are never empty; every statement makes at most
//!   [`GenConfig::max_choices`] nondeterministic choices; `enforce`
//!   expressions are deterministic (no `*`, `?` or `schoose`), and so are the
//!   operands of `schoose`.
//!
//! Recursion (direct and mutual) arises freely: any procedure but `main` may
//! be called from anywhere, itself included.

use crate::ast::{BinOp, Decl, Expr, ExprKind, Ident, Proc, Program, Span, Stmt, StmtKind};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Size limits and knobs for [`generate`].
#[derive(Clone, Debug, PartialEq)]
pub struct GenConfig {
    /// Most global variables.
    pub max_globals: usize,
    /// Most procedures, `main` included (at least one: `main`).
    pub max_procs: usize,
    /// Most local variables per procedure.
    pub max_locals: usize,
    /// Most formal parameters per procedure.
    pub max_formals: usize,
    /// Most return values per procedure (`main` always returns none).
    pub max_returns: usize,
    /// Most statements per block (every block has at least one).
    pub max_stmts: usize,
    /// Deepest nesting of `if`/`while` (0: straight-line bodies with gotos).
    pub max_depth: usize,
    /// Deepest nesting of operators in an expression.
    pub max_expr_depth: usize,
    /// Most nondeterministic choices (`*`, `?`, free `schoose`) per statement.
    pub max_choices: usize,
    /// Most variables in scope in any procedure (globals + formals + locals);
    /// locals are dropped first, then formals, to respect it.
    pub max_scope: usize,
    /// Probability that a statement carries a label.
    pub label_prob: f64,
    /// Probability that a procedure has an `enforce` invariant.
    pub enforce_prob: f64,
    /// Probability that a global gets a `{…}` name (locals get one a quarter
    /// as often).
    pub brace_name_prob: f64,
}

impl Default for GenConfig {
    /// Small programs: ≤3 globals, ≤4 procedures, ≤3 locals, ≤2 formals,
    /// ≤2 return values, ≤5 statements per block, nesting depth ≤2.
    fn default() -> GenConfig {
        GenConfig {
            max_globals: 3,
            max_procs: 4,
            max_locals: 3,
            max_formals: 2,
            max_returns: 2,
            max_stmts: 5,
            max_depth: 2,
            max_expr_depth: 3,
            max_choices: 3,
            max_scope: 10,
            label_prob: 0.6,
            enforce_prob: 0.1,
            brace_name_prob: 0.15,
        }
    }
}

/// Generates a random well-formed boolean program (see the module docs for
/// the guarantees). The result depends only on the random stream and `cfg`.
pub fn generate(rng: &mut impl Rng, cfg: &GenConfig) -> Program {
    // Globals.
    let n_globals = rng.gen_range(0..=cfg.max_globals.min(cfg.max_scope));
    let globals: Vec<String> = (0..n_globals)
        .map(|i| var_name(rng, &format!("g{i}"), cfg.brace_name_prob))
        .collect();

    // Procedure signatures: index 0 is `main`, the others are `p1`, `p2`, ….
    let n_procs = rng.gen_range(1..=cfg.max_procs.max(1));
    let mut sigs = Vec::with_capacity(n_procs);
    for i in 0..n_procs {
        let room = cfg.max_scope.saturating_sub(n_globals);
        let n_formals = rng.gen_range(0..=cfg.max_formals).min(room);
        let n_locals = rng
            .gen_range(0..=cfg.max_locals)
            .min(room.saturating_sub(n_formals));
        let prefix = format!("p{i}");
        let formals = (0..n_formals)
            .map(|j| var_name(rng, &format!("{prefix}_f{j}"), cfg.brace_name_prob / 4.0))
            .collect();
        let locals = (0..n_locals)
            .map(|j| var_name(rng, &format!("{prefix}_l{j}"), cfg.brace_name_prob / 4.0))
            .collect();
        sigs.push(Sig {
            name: if i == 0 { "main".to_string() } else { prefix },
            returns: if i == 0 {
                0
            } else {
                rng.gen_range(0..=cfg.max_returns)
            },
            formals,
            locals,
        });
    }

    let mut procs: Vec<Proc> = (0..n_procs)
        .map(|me| {
            let mut scope: Vec<String> = sigs[me].formals.clone();
            scope.extend(sigs[me].locals.iter().cloned());
            scope.extend(globals.iter().cloned());
            ProcGen {
                rng: &mut *rng,
                cfg,
                sigs: &sigs,
                me,
                scope,
                next_label: 0,
            }
            .proc()
        })
        .collect();
    // `main` need not come first.
    let main = procs.remove(0);
    let at = rng.gen_range(0..=procs.len());
    procs.insert(at, main);

    Program {
        globals: split_decls(rng, &globals),
        procs,
    }
}

/// [`generate`] driven by `SmallRng::seed_from_u64(seed)`: the same seed and
/// configuration always give the same program.
pub fn generate_seeded(seed: u64, cfg: &GenConfig) -> Program {
    generate(&mut SmallRng::seed_from_u64(seed), cfg)
}

/// Every label of the program as `(procedure, label)`, in program order
/// (procedure by procedure, statements in source order, nested blocks
/// before the statements that follow them).
pub fn labels(p: &Program) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for proc in &p.procs {
        let mut ls = Vec::new();
        collect_labels(&proc.body, &mut ls);
        out.extend(ls.into_iter().map(|l| (proc.name.name.clone(), l)));
    }
    out
}

fn collect_labels(block: &[Stmt], out: &mut Vec<String>) {
    for s in block {
        out.extend(s.labels.iter().map(|l| l.name.clone()));
        for b in sub_blocks(&s.kind) {
            collect_labels(b, out);
        }
    }
}

/// The nested blocks of a statement (the arms and `else` of an `if`, the body
/// of a `while`).
fn sub_blocks(kind: &StmtKind) -> Vec<&Vec<Stmt>> {
    match kind {
        StmtKind::If { arms, els } => arms
            .iter()
            .map(|(_, b)| b)
            .chain(els.iter())
            .collect::<Vec<_>>(),
        StmtKind::While { body, .. } => vec![body],
        _ => Vec::new(),
    }
}

fn sub_blocks_mut(kind: &mut StmtKind) -> Vec<&mut Vec<Stmt>> {
    match kind {
        StmtKind::If { arms, els } => arms
            .iter_mut()
            .map(|(_, b)| b)
            .chain(els.iter_mut())
            .collect::<Vec<_>>(),
        StmtKind::While { body, .. } => vec![body],
        _ => Vec::new(),
    }
}

/// A procedure's signature and variables, decided before any body is built
/// so that calls can target any procedure.
struct Sig {
    name: String,
    returns: usize,
    formals: Vec<String>,
    locals: Vec<String>,
}

fn ident(name: impl Into<String>) -> Ident {
    Ident {
        name: name.into(),
        span: Span::default(),
    }
}

fn expr(kind: ExprKind) -> Expr {
    Expr {
        kind,
        span: Span::default(),
    }
}

fn stmt(kind: StmtKind) -> Stmt {
    Stmt {
        labels: Vec::new(),
        kind,
        span: Span::default(),
    }
}

/// `base`, or with probability `brace_prob` a `{…}` name built around it
/// (still unique, since `base` is).
fn var_name<R: Rng>(rng: &mut R, base: &str, brace_prob: f64) -> String {
    if !rng.gen_bool(brace_prob.clamp(0.0, 1.0)) {
        return base.to_string();
    }
    match rng.gen_range(0..4) {
        0 => format!("{{{base} == 0}}"),
        1 => format!("{{*{base} != q}}"),
        2 => format!("{{{base}->next == NULL}}"),
        _ => format!("{{{base} <= x + 1}}"),
    }
}

/// Splits variables into one or more `decl` lines.
fn split_decls<R: Rng>(rng: &mut R, vars: &[String]) -> Vec<Decl> {
    let mut decls = Vec::new();
    let mut i = 0;
    while i < vars.len() {
        let n = rng.gen_range(1..=vars.len() - i);
        decls.push(Decl {
            vars: vars[i..i + n].iter().map(ident).collect(),
            span: Span::default(),
        });
        i += n;
    }
    decls
}

const BINOPS: [BinOp; 6] = [
    BinOp::Implies,
    BinOp::Or,
    BinOp::Xor,
    BinOp::And,
    BinOp::Eq,
    BinOp::Ne,
];

/// Builds the body of one procedure.
struct ProcGen<'a, R> {
    rng: &'a mut R,
    cfg: &'a GenConfig,
    sigs: &'a [Sig],
    me: usize,
    /// Formals, locals, then globals.
    scope: Vec<String>,
    next_label: usize,
}

/// Statement kinds the generator picks from.
#[derive(Clone, Copy)]
enum Pick {
    Assign,
    Call,
    If,
    While,
    Goto,
    Return,
    Assert,
    Assume,
    Skip,
    Print,
}

impl<R: Rng> ProcGen<'_, R> {
    fn proc(mut self) -> Proc {
        let sigs = self.sigs;
        let sig = &sigs[self.me];
        let enforce = if self.rng.gen_bool(self.cfg.enforce_prob.clamp(0.0, 1.0)) {
            let d = self.cfg.max_expr_depth.min(2);
            Some(self.expr(d, &mut 0))
        } else {
            None
        };
        let mut body = self.block(0);
        // Value-returning procedures usually end with a `return`, and
        // sometimes fall off the end; void ones sometimes end in `return;`.
        let end_return = if sig.returns > 0 {
            self.rng.gen_bool(0.7)
        } else {
            self.rng.gen_bool(0.2)
        };
        if end_return && !matches!(body.last().map(|s| &s.kind), Some(StmtKind::Return(_))) {
            let r = self.ret();
            body.push(r);
        }
        self.fill_gotos(&mut body);
        Proc {
            name: ident(sig.name.clone()),
            returns: sig.returns,
            formals: sig.formals.iter().map(ident).collect(),
            locals: split_decls(self.rng, &sig.locals),
            enforce,
            body,
            span: Span::default(),
        }
    }

    /// A non-empty block of statements at nesting `depth`.
    fn block(&mut self, depth: usize) -> Vec<Stmt> {
        let n = self.rng.gen_range(1..=self.cfg.max_stmts.max(1));
        (0..n).map(|_| self.labelled(depth)).collect()
    }

    fn labelled(&mut self, depth: usize) -> Stmt {
        // Labels are numbered in source order: a compound statement's labels
        // come before those of its nested statements.
        let mut labels = Vec::new();
        if self.rng.gen_bool(self.cfg.label_prob.clamp(0.0, 1.0)) {
            labels.push(self.fresh_label());
            if self.rng.gen_bool(0.05) {
                labels.push(self.fresh_label());
            }
        }
        let mut s = self.stmt(depth);
        s.labels = labels;
        s
    }

    fn fresh_label(&mut self) -> Ident {
        let l = ident(format!("L{}", self.next_label));
        self.next_label += 1;
        l
    }

    fn stmt(&mut self, depth: usize) -> Stmt {
        let nest = depth < self.cfg.max_depth;
        let has_vars = !self.scope.is_empty();
        let has_callees = self.sigs.len() > 1;
        let table: [(Pick, u32); 10] = [
            (Pick::Assign, if has_vars { 25 } else { 0 }),
            (Pick::Call, if has_callees { 12 } else { 0 }),
            (Pick::If, if nest { 12 } else { 0 }),
            (Pick::While, if nest { 7 } else { 0 }),
            (Pick::Goto, 6),
            (Pick::Return, 3),
            (Pick::Assert, 8),
            (Pick::Assume, 5),
            (Pick::Skip, 3),
            (Pick::Print, 2),
        ];
        let pick = table
            .choose_weighted(self.rng, |&(_, w)| w)
            .expect("skip always has weight")
            .0;
        let mut budget = self.cfg.max_choices;
        let ed = self.cfg.max_expr_depth;
        let kind = match pick {
            Pick::Assign => {
                let k = self.rng.gen_range(1..=self.scope.len().min(3));
                let lhs = self.distinct_vars(k);
                let rhs = (0..k).map(|_| self.expr(ed, &mut budget)).collect();
                StmtKind::Assign { lhs, rhs }
            }
            Pick::Call => {
                let callee = self.rng.gen_range(1..self.sigs.len());
                let sig = &self.sigs[callee];
                let (returns, n_args) = (sig.returns, sig.formals.len());
                let callee = ident(sig.name.clone());
                let lhs = if returns > 0 && returns <= self.scope.len() && self.rng.gen_bool(0.75) {
                    self.distinct_vars(returns)
                } else {
                    Vec::new()
                };
                let args = (0..n_args)
                    .map(|_| self.expr(ed.min(2), &mut budget))
                    .collect();
                StmtKind::Call { lhs, callee, args }
            }
            Pick::If => {
                let n_arms = if self.rng.gen_bool(0.7) {
                    1
                } else {
                    self.rng.gen_range(2..=3)
                };
                let arms = (0..n_arms)
                    .map(|_| {
                        let c = self.decider(&mut budget);
                        (c, self.block(depth + 1))
                    })
                    .collect();
                let els = self.rng.gen_bool(0.5).then(|| self.block(depth + 1));
                StmtKind::If { arms, els }
            }
            Pick::While => {
                let cond = self.decider(&mut budget);
                StmtKind::While {
                    cond,
                    body: self.block(depth + 1),
                }
            }
            // Targets are filled in once all the procedure's labels exist.
            Pick::Goto => StmtKind::Goto(Vec::new()),
            Pick::Return => return self.ret(),
            Pick::Assert => StmtKind::Assert(self.decider(&mut budget)),
            Pick::Assume => StmtKind::Assume(self.decider(&mut budget)),
            Pick::Skip => StmtKind::Skip,
            Pick::Print => {
                let n = self.rng.gen_range(1..=2);
                StmtKind::Print((0..n).map(|_| self.expr(ed, &mut budget)).collect())
            }
        };
        stmt(kind)
    }

    /// `return e1, …;` with exactly the procedure's number of values.
    fn ret(&mut self) -> Stmt {
        let mut budget = self.cfg.max_choices;
        let d = self.cfg.max_expr_depth.min(2);
        let vals = (0..self.sigs[self.me].returns)
            .map(|_| self.expr(d, &mut budget))
            .collect();
        stmt(StmtKind::Return(vals))
    }

    /// `k` distinct in-scope variables (`k` ≤ the scope's size).
    fn distinct_vars(&mut self, k: usize) -> Vec<Ident> {
        self.scope
            .choose_multiple(self.rng, k)
            .map(ident)
            .collect::<Vec<_>>()
    }

    /// A decider: `?` sometimes, an expression otherwise.
    fn decider(&mut self, budget: &mut usize) -> Expr {
        if *budget > 0 && self.rng.gen_bool(0.25) {
            *budget -= 1;
            expr(ExprKind::Nondet)
        } else {
            self.expr(self.cfg.max_expr_depth, budget)
        }
    }

    /// An expression of operator depth ≤ `depth` making at most `*budget`
    /// nondeterministic choices (the budget is decreased by those made).
    fn expr(&mut self, depth: usize, budget: &mut usize) -> Expr {
        if depth == 0 || self.rng.gen_bool(0.35) {
            return self.leaf(budget);
        }
        let r = self.rng.gen_range(0..100);
        if r < 15 {
            expr(ExprKind::Not(Box::new(self.expr(depth - 1, budget))))
        } else if r < 22 && *budget > 0 {
            *budget -= 1;
            let pos = self.expr(depth - 1, &mut 0);
            let neg = self.expr(depth - 1, &mut 0);
            expr(ExprKind::Schoose(Box::new(pos), Box::new(neg)))
        } else {
            let op = *BINOPS.choose(self.rng).expect("non-empty");
            let a = self.expr(depth - 1, budget);
            let b = self.expr(depth - 1, budget);
            expr(ExprKind::Bin(op, Box::new(a), Box::new(b)))
        }
    }

    fn leaf(&mut self, budget: &mut usize) -> Expr {
        let r = self.rng.gen_range(0..100);
        if r < 8 && *budget > 0 {
            *budget -= 1;
            expr(ExprKind::Nondet)
        } else if r < 20 || self.scope.is_empty() {
            expr(ExprKind::Const(self.rng.gen()))
        } else {
            let v = self.scope.choose(self.rng).expect("non-empty").clone();
            expr(ExprKind::Var(v))
        }
    }

    /// Gives every placeholder `goto` one or two targets among the
    /// procedure's labels (labelling the first statement if none has one).
    fn fill_gotos(&mut self, body: &mut [Stmt]) {
        let mut all = Vec::new();
        collect_labels(body, &mut all);
        if all.is_empty() {
            if !has_goto(body) {
                return;
            }
            let l = self.fresh_label();
            all.push(l.name.clone());
            body[0].labels.push(l);
        }
        self.patch(body, &all);
    }

    fn patch(&mut self, block: &mut [Stmt], all: &[String]) {
        for s in block {
            if let StmtKind::Goto(targets) = &mut s.kind {
                if targets.is_empty() {
                    let k = if all.len() > 1 && self.rng.gen_bool(0.15) {
                        2
                    } else {
                        1
                    };
                    *targets = all.choose_multiple(self.rng, k).map(ident).collect();
                }
            }
            for b in sub_blocks_mut(&mut s.kind) {
                self.patch(b, all);
            }
        }
    }
}

fn has_goto(block: &[Stmt]) -> bool {
    block.iter().any(|s| {
        matches!(s.kind, StmtKind::Goto(_)) || sub_blocks(&s.kind).into_iter().any(|b| has_goto(b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

    /// Checks the generator's own guarantees; returns the violations found.
    fn self_check(p: &Program, cfg: &GenConfig) -> Vec<String> {
        let mut errs = Vec::new();
        let globals: Vec<&str> = p
            .globals
            .iter()
            .flat_map(|d| d.vars.iter().map(|v| v.name.as_str()))
            .collect();
        let mut all_names: HashSet<&str> = HashSet::default();
        for g in &globals {
            if !all_names.insert(g) {
                errs.push(format!("duplicate name {g}"));
            }
        }
        let mut sigs: HashMap<&str, &Proc> = HashMap::default();
        for pr in &p.procs {
            if !all_names.insert(&pr.name.name) {
                errs.push(format!("duplicate name {}", pr.name.name));
            }
            sigs.insert(&pr.name.name, pr);
        }
        match sigs.get("main") {
            None => errs.push("no main".into()),
            Some(m) if m.returns != 0 => errs.push("main returns values".into()),
            _ => {}
        }
        for pr in &p.procs {
            let mut scope: HashSet<&str> = globals.iter().copied().collect();
            let own = pr
                .formals
                .iter()
                .chain(pr.locals.iter().flat_map(|d| d.vars.iter()));
            for v in own {
                if !all_names.insert(&v.name) {
                    errs.push(format!("duplicate name {}", v.name));
                }
                scope.insert(&v.name);
            }
            if scope.len() > cfg.max_scope {
                errs.push(format!("{}: {} vars in scope", pr.name.name, scope.len()));
            }
            if pr.body.is_empty() {
                errs.push(format!("{}: empty body", pr.name.name));
            }
            if let Some(e) = &pr.enforce {
                if e.choice_count() != 0 {
                    errs.push(format!("{}: nondeterministic enforce", pr.name.name));
                }
                check_expr(e, &scope, &mut errs);
            }
            let mut labels = Vec::new();
            collect_labels(&pr.body, &mut labels);
            let label_set: HashSet<&String> = labels.iter().collect();
            if label_set.len() != labels.len() {
                errs.push(format!("{}: duplicate labels", pr.name.name));
            }
            let cx = Cx {
                proc: pr,
                scope: &scope,
                labels: &label_set,
                sigs: &sigs,
                cfg,
            };
            check_block(&cx, &pr.body, &mut errs);
        }
        errs
    }

    struct Cx<'a> {
        proc: &'a Proc,
        scope: &'a HashSet<&'a str>,
        labels: &'a HashSet<&'a String>,
        sigs: &'a HashMap<&'a str, &'a Proc>,
        cfg: &'a GenConfig,
    }

    fn check_expr(e: &Expr, scope: &HashSet<&str>, errs: &mut Vec<String>) {
        e.for_each_var(&mut |v| {
            if !scope.contains(v) {
                errs.push(format!("undeclared {v}"));
            }
        });
        fn schoose_det(e: &Expr) -> bool {
            match &e.kind {
                ExprKind::Schoose(a, b) => a.choice_count() == 0 && b.choice_count() == 0,
                ExprKind::Not(a) => schoose_det(a),
                ExprKind::Bin(_, a, b) => schoose_det(a) && schoose_det(b),
                _ => true,
            }
        }
        if !schoose_det(e) {
            errs.push("nondeterministic schoose operand".into());
        }
    }

    fn check_targets(lhs: &[Ident], cx: &Cx, errs: &mut Vec<String>) {
        let set: HashSet<&str> = lhs.iter().map(|v| v.name.as_str()).collect();
        if set.len() != lhs.len() {
            errs.push("repeated assignment target".into());
        }
        for v in &set {
            if !cx.scope.contains(v) {
                errs.push(format!("undeclared target {v}"));
            }
        }
    }

    fn check_block(cx: &Cx, block: &[Stmt], errs: &mut Vec<String>) {
        if block.is_empty() {
            errs.push("empty block".into());
        }
        for s in block {
            let mut exprs: Vec<&Expr> = Vec::new();
            match &s.kind {
                StmtKind::Skip => {}
                StmtKind::Print(es) => {
                    if es.is_empty() {
                        errs.push("empty print".into());
                    }
                    exprs.extend(es);
                }
                StmtKind::Goto(ts) => {
                    if ts.is_empty() {
                        errs.push("goto without target".into());
                    }
                    for t in ts {
                        if !cx.labels.contains(&t.name) {
                            errs.push(format!("goto to missing label {}", t.name));
                        }
                    }
                }
                StmtKind::Return(es) => {
                    if es.len() != cx.proc.returns {
                        errs.push(format!("{}: bad return arity", cx.proc.name.name));
                    }
                    exprs.extend(es);
                }
                StmtKind::Assign { lhs, rhs } => {
                    if lhs.is_empty() || lhs.len() != rhs.len() {
                        errs.push("bad assignment arity".into());
                    }
                    check_targets(lhs, cx, errs);
                    exprs.extend(rhs);
                }
                StmtKind::Call { lhs, callee, args } => match cx.sigs.get(callee.name.as_str()) {
                    None => errs.push(format!("call to unknown {}", callee.name)),
                    Some(c) => {
                        if callee.name == "main" {
                            errs.push("call to main".into());
                        }
                        if args.len() != c.formals.len() {
                            errs.push(format!("bad arg count calling {}", callee.name));
                        }
                        if !lhs.is_empty() && lhs.len() != c.returns {
                            errs.push(format!("bad result count calling {}", callee.name));
                        }
                        check_targets(lhs, cx, errs);
                        exprs.extend(args);
                    }
                },
                StmtKind::If { arms, els } => {
                    if arms.is_empty() {
                        errs.push("if without arms".into());
                    }
                    exprs.extend(arms.iter().map(|(c, _)| c));
                    if let Some(b) = els {
                        check_block(cx, b, errs);
                    }
                    for (_, b) in arms {
                        check_block(cx, b, errs);
                    }
                }
                StmtKind::While { cond, body } => {
                    exprs.push(cond);
                    check_block(cx, body, errs);
                }
                StmtKind::Assert(e) | StmtKind::Assume(e) => exprs.push(e),
            }
            let choices: usize = exprs.iter().map(|e| e.choice_count()).sum();
            if choices > cx.cfg.max_choices {
                errs.push(format!("{choices} choices in one statement"));
            }
            for e in exprs {
                check_expr(e, cx.scope, errs);
            }
        }
    }

    #[test]
    fn deterministic_for_a_seed() {
        let cfg = GenConfig::default();
        for seed in [0, 1, 42, 0xdead_beef] {
            assert_eq!(generate_seeded(seed, &cfg), generate_seeded(seed, &cfg));
        }
        assert_ne!(generate_seeded(1, &cfg), generate_seeded(2, &cfg));
    }

    #[test]
    fn generated_programs_satisfy_invariants() {
        let cfg = GenConfig::default();
        for seed in 0..2000 {
            let p = generate_seeded(seed, &cfg);
            let errs = self_check(&p, &cfg);
            assert!(errs.is_empty(), "seed {seed}: {errs:?}\n{p:#?}");
        }
    }

    #[test]
    fn larger_and_degenerate_configs_satisfy_invariants() {
        let configs = [
            GenConfig {
                max_globals: 8,
                max_procs: 7,
                max_locals: 6,
                max_formals: 4,
                max_returns: 4,
                max_stmts: 8,
                max_depth: 3,
                ..GenConfig::default()
            },
            GenConfig {
                max_globals: 0,
                max_procs: 1,
                max_locals: 0,
                max_formals: 0,
                max_returns: 0,
                max_stmts: 1,
                max_depth: 0,
                max_choices: 0,
                ..GenConfig::default()
            },
        ];
        for cfg in &configs {
            for seed in 0..500 {
                let p = generate_seeded(seed, cfg);
                let errs = self_check(&p, cfg);
                assert!(errs.is_empty(), "seed {seed}: {errs:?}\n{p:#?}");
            }
        }
    }

    /// The generator actually exercises every construct it promises.
    #[test]
    fn covers_the_language() {
        #[derive(Default)]
        struct Seen {
            kinds: HashSet<&'static str>,
        }
        fn expr_kinds(e: &Expr, seen: &mut Seen) {
            let k = match &e.kind {
                ExprKind::Const(_) => "const",
                ExprKind::Var(_) => "var",
                ExprKind::Nondet => "nondet",
                ExprKind::Not(a) => {
                    expr_kinds(a, seen);
                    "not"
                }
                ExprKind::Bin(op, a, b) => {
                    expr_kinds(a, seen);
                    expr_kinds(b, seen);
                    op.symbol()
                }
                ExprKind::Schoose(a, b) => {
                    expr_kinds(a, seen);
                    expr_kinds(b, seen);
                    "schoose"
                }
            };
            seen.kinds.insert(k);
        }
        fn walk(pr: &Proc, block: &[Stmt], seen: &mut Seen, top: bool) {
            for (i, s) in block.iter().enumerate() {
                if s.labels.len() > 1 {
                    seen.kinds.insert("two labels");
                }
                let k = match &s.kind {
                    StmtKind::Skip => "skip",
                    StmtKind::Print(es) => {
                        es.iter().for_each(|e| expr_kinds(e, seen));
                        "print"
                    }
                    StmtKind::Goto(ts) => {
                        if ts.len() > 1 {
                            seen.kinds.insert("goto2");
                        }
                        "goto"
                    }
                    StmtKind::Return(es) => {
                        es.iter().for_each(|e| expr_kinds(e, seen));
                        if !(top && i + 1 == block.len()) {
                            seen.kinds.insert("mid return");
                        }
                        "return"
                    }
                    StmtKind::Assign { lhs, rhs } => {
                        rhs.iter().for_each(|e| expr_kinds(e, seen));
                        if lhs.len() > 1 {
                            seen.kinds.insert("parallel assign");
                        }
                        "assign"
                    }
                    StmtKind::Call { lhs, callee, args } => {
                        args.iter().for_each(|e| expr_kinds(e, seen));
                        if callee.name == pr.name.name {
                            seen.kinds.insert("self call");
                        }
                        if lhs.len() > 1 {
                            seen.kinds.insert("multi-result call");
                        }
                        "call"
                    }
                    StmtKind::If { arms, els } => {
                        for (c, b) in arms {
                            expr_kinds(c, seen);
                            walk(pr, b, seen, false);
                        }
                        if arms.len() > 1 {
                            seen.kinds.insert("elsif");
                        }
                        if let Some(b) = els {
                            seen.kinds.insert("else");
                            walk(pr, b, seen, false);
                        }
                        "if"
                    }
                    StmtKind::While { cond, body } => {
                        expr_kinds(cond, seen);
                        walk(pr, body, seen, false);
                        "while"
                    }
                    StmtKind::Assert(e) => {
                        expr_kinds(e, seen);
                        "assert"
                    }
                    StmtKind::Assume(e) => {
                        expr_kinds(e, seen);
                        "assume"
                    }
                };
                seen.kinds.insert(k);
            }
        }
        let cfg = GenConfig::default();
        let mut seen = Seen::default();
        for seed in 0..500 {
            let p = generate_seeded(seed, &cfg);
            for d in &p.globals {
                if d.vars.iter().any(|v| v.name.starts_with('{')) {
                    seen.kinds.insert("brace name");
                }
            }
            for pr in &p.procs {
                if pr.enforce.is_some() {
                    seen.kinds.insert("enforce");
                }
                if pr.returns > 0
                    && !matches!(pr.body.last().map(|s| &s.kind), Some(StmtKind::Return(_)))
                {
                    seen.kinds.insert("fall off end");
                }
                if pr.name.name == "main" && !pr.formals.is_empty() {
                    seen.kinds.insert("main with formals");
                }
                walk(pr, &pr.body, &mut seen, true);
            }
        }
        for k in [
            "const",
            "var",
            "nondet",
            "not",
            "=>",
            "|",
            "^",
            "&",
            "=",
            "!=",
            "schoose",
            "skip",
            "print",
            "goto",
            "goto2",
            "return",
            "mid return",
            "assign",
            "parallel assign",
            "call",
            "self call",
            "multi-result call",
            "if",
            "elsif",
            "else",
            "while",
            "assert",
            "assume",
            "two labels",
            "brace name",
            "enforce",
            "fall off end",
            "main with formals",
        ] {
            assert!(seen.kinds.contains(k), "never generated: {k}");
        }
    }

    #[test]
    fn generated_programs_pass_the_semantic_checker() {
        let cfg = GenConfig::default();
        for seed in 0..2000 {
            let p = generate_seeded(seed, &cfg);
            let diags = crate::check::check(&p);
            assert!(
                diags.is_empty(),
                "seed {seed}: {diags:?}\n{}",
                crate::printer::print_program(&p)
            );
        }
    }

    #[test]
    fn generated_programs_print_and_parse_back() {
        let cfg = GenConfig::default();
        for seed in 0..2000 {
            let p = generate_seeded(seed, &cfg);
            let src = crate::printer::print_program(&p);
            let q = crate::parser::parse(&src)
                .unwrap_or_else(|d| panic!("seed {seed}: {}", d.render("gen.bp", &src)));
            assert_eq!(crate::printer::without_spans(&q), p, "seed {seed}:\n{src}");
            assert!(
                crate::check::check_with_source(&q, &src).is_empty(),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn labels_lists_every_label() {
        let cfg = GenConfig::default();
        let mut total = 0;
        for seed in 0..200 {
            let p = generate_seeded(seed, &cfg);
            let ls = labels(&p);
            for pr in &p.procs {
                let mut own = Vec::new();
                collect_labels(&pr.body, &mut own);
                let listed: Vec<&String> = ls
                    .iter()
                    .filter(|(q, _)| *q == pr.name.name)
                    .map(|(_, l)| l)
                    .collect();
                assert_eq!(listed, own.iter().collect::<Vec<_>>());
            }
            total += ls.len();
        }
        assert!(total > 200 * 3, "too few labels: {total}");
    }
}
