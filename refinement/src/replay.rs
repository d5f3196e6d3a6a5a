//! Replaying a path formula's model on the CIR interpreter, in machine integers, and
//! recording the concrete trace (statements, call depth, values of the variables involved).

use crate::encode::{Choice, ChoiceKind};
use rustc_hash::FxHashMap as HashMap;
use slamrs_abstraction::cir::{
    print, AllocId, Expr, ExprKind, FuncId, HavocKind, Loc, Lval, NodeId, Program, Stmt, Ty, VarId,
};
use slamrs_abstraction::interp::{
    self, Config, IntMode, ObjKind, Observer, Oracle, Outcome, Probe, Recording, Value,
};
use slamrs_abstraction::smt::encode::Addresses;
use slamrs_abstraction::smt::term::Obj;
use std::collections::VecDeque;

/// What a model says memory only the environment names holds: scalars by address, width in
/// bytes and whether they are pointers (pointers of any width: width 0).
#[derive(Clone, Debug, Default)]
pub struct EnvMemory {
    pub cells: HashMap<(i128, u64, bool), i128>,
}

impl EnvMemory {
    /// The value at `addr` read as `bytes` bytes (a pointer if `pointer`).
    pub fn get(&self, addr: i128, bytes: u64, pointer: bool) -> Option<i128> {
        let width = if pointer { 0 } else { bytes };
        self.cells.get(&(addr, width, pointer)).copied()
    }
}

/// Gives the interpreter the values a model chose: inputs in order, uninitialized values
/// and inline-assembly outputs by the location of their `havoc`, allocation failures in
/// order, the memory of the environment by address. Anything else is 0.
pub struct ReplayOracle<'a> {
    inputs: VecDeque<i128>,
    uninit: HashMap<Loc, VecDeque<i128>>,
    opaque: HashMap<Loc, VecDeque<i128>>,
    alloc_fails: VecDeque<bool>,
    env: EnvMemory,
    /// Where the path formula placed the variables ([`ReplayOracle::with_places`]).
    places: Option<&'a Addresses>,
    /// Input values handed out, in order.
    pub given: Vec<i128>,
}

impl<'a> ReplayOracle<'a> {
    /// An oracle for these choices and their values.
    pub fn new(choices: &[Choice], values: &[i128]) -> Self {
        let mut o = ReplayOracle {
            inputs: VecDeque::new(),
            uninit: HashMap::default(),
            opaque: HashMap::default(),
            alloc_fails: VecDeque::new(),
            env: EnvMemory::default(),
            places: None,
            given: Vec::new(),
        };
        for (c, &v) in choices.iter().zip(values) {
            match &c.kind {
                ChoiceKind::Input(_) => o.inputs.push_back(v),
                ChoiceKind::Uninit(loc) => o.uninit.entry(*loc).or_default().push_back(v),
                ChoiceKind::Opaque(_, loc) => o.opaque.entry(*loc).or_default().push_back(v),
                ChoiceKind::AllocFails(_) => o.alloc_fails.push_back(v == 1),
            }
        }
        o
    }

    /// The same, reading the memory of the environment from `env`.
    pub fn with_env(mut self, env: EnvMemory) -> Self {
        self.env = env;
        self
    }

    /// The same, placing the variables where the path formula did: a run with objects
    /// apart reads the bytes past a variable's end from the environment's memory there.
    pub fn with_places(mut self, places: Option<&'a Addresses>) -> Self {
        self.places = places;
        self
    }
}

impl Oracle for ReplayOracle<'_> {
    fn var_address(&mut self, v: VarId) -> Option<i128> {
        self.places.map(|a| a.of(Obj::Var(v)))
    }

    fn next(&mut self, why: &HavocKind, _ty: Ty, _prog: &Program, loc: Loc) -> Option<i128> {
        let v = match why {
            HavocKind::Input(_) => self.inputs.pop_front().unwrap_or(0),
            HavocKind::Uninit => self
                .uninit
                .get_mut(&loc)
                .and_then(|q| q.pop_front())
                .unwrap_or(0),
            HavocKind::Opaque(_) => self
                .opaque
                .get_mut(&loc)
                .and_then(|q| q.pop_front())
                .unwrap_or(0),
        };
        if matches!(why, HavocKind::Input(_)) {
            self.given.push(v);
        }
        Some(v)
    }

    fn alloc_fails(&mut self, _site: AllocId) -> bool {
        self.alloc_fails.pop_front().unwrap_or(false)
    }

    fn env_memory(&mut self, addr: i128, bytes: u64, pointer: bool) -> Option<i128> {
        self.env.get(addr, bytes, pointer)
    }
}

/// One step of a concrete counterexample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CexStep {
    pub func: FuncId,
    pub node: NodeId,
    pub edge: usize,
    /// Call depth (the entry function is 0).
    pub depth: u32,
    pub loc: Loc,
    /// The CIR statement, as `slamrs cir` prints it.
    pub stmt: String,
    /// Values of the variables the statement mentions, just before it executes.
    pub values: Vec<(String, String)>,
}

/// A concrete run that reached an error location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The input values, in the order the program asks for them.
    pub inputs: Vec<i128>,
    pub steps: Vec<CexStep>,
    /// Where the error was reached.
    pub error_func: FuncId,
    pub error_loc: Loc,
    /// Every choice the run made (inputs, uninitialized values, allocation failures), in
    /// order: what a native replay of the compiled program must be given.
    pub choices: Vec<interp::Choice>,
    /// The undefined behaviour the run went through, where and what: accesses past the end
    /// of an object, each letting the object extend ([`interp::Config::objects_apart`]).
    /// Empty for a run whose behaviour is defined.
    pub undefined: Vec<(Loc, String)>,
}

/// The result of a replay.
#[derive(Clone, Debug)]
pub enum Replay {
    Reached(Counterexample),
    /// The run ended otherwise: the outcome's description, the edges it took, and how it
    /// ended.
    Missed(String, Vec<(FuncId, NodeId, usize)>, Stop),
}

/// How a replay that missed the error ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The program went elsewhere (an assumption failed, it returned, it exited, ...).
    Elsewhere,
    /// The interpreter cannot follow the program there (floating point, ...).
    CannotFollow,
    /// An access past the end of an object (undefined behaviour) stopped it.
    OutOfBounds,
    /// Other undefined behaviour stopped it.
    Undefined,
}

impl Stop {
    fn of(o: &Outcome) -> Stop {
        match o {
            Outcome::Unsupported { .. } => Stop::CannotFollow,
            Outcome::Undefined { reason, .. } if reason.starts_with(interp::OUT_OF_BOUNDS) => {
                Stop::OutOfBounds
            }
            Outcome::Undefined { .. } => Stop::Undefined,
            _ => Stop::Elsewhere,
        }
    }
}

struct Recorder<'p> {
    prog: &'p Program,
    depth: u32,
    pending: Vec<(VarId, Option<Value>)>,
    steps: Vec<CexStep>,
    max_steps: usize,
}

fn lval_vars(lv: &Lval, out: &mut Vec<VarId>) {
    match lv {
        Lval::Var(v) => out.push(*v),
        Lval::Deref(e) => expr_vars(e, out),
        Lval::Field(b, ..) => lval_vars(b, out),
        Lval::Index(b, i) => {
            lval_vars(b, out);
            expr_vars(i, out);
        }
    }
}

fn expr_vars(e: &Expr, out: &mut Vec<VarId>) {
    match &e.kind {
        ExprKind::Read(lv) => lval_vars(lv, out),
        ExprKind::AddrOf(lv) => {
            if let Lval::Var(_) = **lv {
            } else {
                lval_vars(lv, out)
            }
        }
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => expr_vars(a, out),
        ExprKind::Binary(_, a, b) => {
            expr_vars(a, out);
            expr_vars(b, out);
        }
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
    }
}

/// Variables a statement mentions.
fn stmt_vars(s: &Stmt) -> Vec<VarId> {
    let mut out = Vec::new();
    match s {
        Stmt::Assign { lhs, rhs } => {
            lval_vars(lhs, &mut out);
            expr_vars(rhs, &mut out);
        }
        Stmt::Assume(c) => expr_vars(c, &mut out),
        Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => lval_vars(lhs, &mut out),
        Stmt::Call { lhs, args, .. } => {
            if let Some(l) = lhs {
                lval_vars(l, &mut out);
            }
            for a in args {
                expr_vars(a, &mut out);
            }
        }
        Stmt::Return(Some(e)) => expr_vars(e, &mut out),
        Stmt::Halt { code: Some(e) } => expr_vars(e, &mut out),
        _ => {}
    }
    out.sort();
    out.dedup();
    out
}

fn show(prog: &Program, v: &Value) -> String {
    match v {
        Value::Int(x) => x.to_string(),
        Value::Ptr(p) => {
            let base = match p.obj.kind {
                ObjKind::Var(v) => format!("&{}", prog.var(v).name),
                ObjKind::Alloc(a) => {
                    let site = &prog.allocs[a.0 as usize];
                    format!("&<{} at line {}>", site.allocator, site.loc.line)
                }
                ObjKind::Str(_) => "&<string>".to_string(),
                ObjKind::Env => format!("&<environment object {}>", p.obj.instance),
                ObjKind::Argv | ObjKind::ArgvStr(_) => "&<argv>".to_string(),
            };
            if p.offset == 0 {
                base
            } else {
                format!("{base}+{}", p.offset)
            }
        }
        Value::Func(f) => format!("&{}", prog.func(*f).name),
    }
}

impl Observer for Recorder<'_> {
    fn on_node(&mut self, func: FuncId, node: NodeId, probe: &mut dyn Probe) {
        let Some(body) = self.prog.func(func).body.as_ref() else {
            return;
        };
        let mut vars = Vec::new();
        for e in &body.nodes[node.0 as usize].edges {
            vars.extend(stmt_vars(&e.stmt));
        }
        vars.sort();
        vars.dedup();
        self.pending = vars
            .into_iter()
            .filter(|&v| self.prog.types.is_scalar(self.prog.var(v).ty))
            .map(|v| {
                let ty = self.prog.var(v).ty;
                let e = Expr {
                    kind: ExprKind::Read(Box::new(Lval::Var(v))),
                    ty,
                };
                (v, probe.eval(&e))
            })
            .collect();
    }

    fn on_edge(&mut self, func: FuncId, node: NodeId, edge: usize) {
        if self.steps.len() >= self.max_steps {
            return;
        }
        let Some(body) = self.prog.func(func).body.as_ref() else {
            return;
        };
        let e = &body.nodes[node.0 as usize].edges[edge];
        let mentioned = stmt_vars(&e.stmt);
        let values = self
            .pending
            .iter()
            .filter(|(v, _)| mentioned.contains(v))
            .filter_map(|(v, val)| {
                let name = self.prog.var(*v).name.clone();
                val.as_ref().map(|x| (name, show(self.prog, x)))
            })
            .collect();
        self.steps.push(CexStep {
            func,
            node,
            edge,
            depth: self.depth,
            loc: e.loc,
            stmt: print::stmt(self.prog, &e.stmt),
            values,
        });
    }

    fn on_enter(&mut self, _caller: FuncId, _callee: FuncId, _probe: &mut dyn Probe) {
        self.depth += 1;
    }

    fn on_return(&mut self, _callee: FuncId, _caller: FuncId) {
        self.depth = self.depth.saturating_sub(1);
    }
}

/// The counterexample a path and a model of its formula describe, without an interpreter
/// run: the statements of the path (no values), and the model's choices. For a native
/// replay where the interpreter cannot follow the program.
pub fn from_model(
    prog: &Program,
    path: &crate::path::CirPath,
    choices: &[Choice],
    values: &[i128],
) -> Option<Counterexample> {
    let last = path.steps.last()?;
    let body = prog.func(last.func).body.as_ref()?;
    let error_loc = body.nodes[last.node.0 as usize].edges.get(last.edge)?.loc;
    let mut steps = Vec::new();
    for s in &path.steps {
        let body = prog.func(s.func).body.as_ref()?;
        let e = body.nodes[s.node.0 as usize].edges.get(s.edge)?;
        steps.push(CexStep {
            func: s.func,
            node: s.node,
            edge: s.edge,
            depth: s.depth,
            loc: e.loc,
            stmt: print::stmt(prog, &e.stmt),
            values: Vec::new(),
        });
    }
    let mut inputs = Vec::new();
    let mut model = Vec::new();
    for (c, &v) in choices.iter().zip(values) {
        model.push(match &c.kind {
            ChoiceKind::Input(func) => {
                // the models' own choices and float values are not the program's inputs
                if func != slamrs_abstraction::frontend::models::CHOICE && func != "float" {
                    inputs.push(v);
                }
                interp::Choice::Input {
                    func: func.clone(),
                    value: v,
                }
            }
            ChoiceKind::Uninit(loc) => interp::Choice::Uninit {
                loc: *loc,
                value: v,
            },
            ChoiceKind::Opaque(what, loc) => interp::Choice::Opaque {
                what: *what,
                loc: *loc,
                value: v,
            },
            ChoiceKind::AllocFails(site) => interp::Choice::Alloc {
                site: *site,
                fails: v == 1,
            },
        });
    }
    Some(Counterexample {
        inputs,
        steps,
        error_func: last.func,
        error_loc,
        choices: model,
        undefined: Vec::new(),
    })
}

/// Runs `prog` from `entry` with the model's choices, in machine integers.
pub fn replay(
    prog: &Program,
    entry: &str,
    choices: &[Choice],
    values: &[i128],
    env: EnvMemory,
    max_steps: u64,
    apart: Option<&Addresses>,
) -> Replay {
    let mut inner = ReplayOracle::new(choices, values)
        .with_env(env)
        .with_places(apart);
    let mut oracle = Recording::new(&mut inner);
    let mut rec = Recorder {
        prog,
        depth: 0,
        pending: Vec::new(),
        steps: Vec::new(),
        max_steps: 100_000,
    };
    let cfg = Config {
        int_mode: IntMode::Machine,
        max_steps,
        max_depth: 10_000,
        entry: entry.to_string(),
        record_path: false,
        objects_apart: apart.is_some(),
    };
    let run = interp::run(prog, &cfg, &mut oracle, &mut rec);
    match run.outcome {
        Outcome::Error { func, loc } => Replay::Reached(Counterexample {
            inputs: run.inputs,
            steps: rec.steps,
            error_func: func,
            error_loc: loc,
            choices: oracle.choices,
            undefined: run.grown,
        }),
        other => Replay::Missed(
            describe(prog, &other),
            rec.steps.iter().map(|s| (s.func, s.node, s.edge)).collect(),
            Stop::of(&other),
        ),
    }
}

fn describe(prog: &Program, o: &Outcome) -> String {
    match o {
        Outcome::AssumeFailed { loc } => {
            format!("an assumption failed at {}", prog.loc_string(*loc))
        }
        Outcome::Exit { code } => format!("the program exited ({code:?})"),
        Outcome::Return { .. } => "the entry function returned".into(),
        Outcome::StepBound => "the step bound was reached".into(),
        Outcome::OutOfInputs { loc } => format!("inputs ran out at {}", prog.loc_string(*loc)),
        Outcome::Undefined { loc, reason } => {
            format!("undefined behaviour at {}: {reason}", prog.loc_string(*loc))
        }
        Outcome::Unsupported { loc, reason } => {
            format!(
                "the interpreter cannot follow {}: {reason}",
                prog.loc_string(*loc)
            )
        }
        Outcome::Error { .. } => "the error was reached".into(),
    }
}
