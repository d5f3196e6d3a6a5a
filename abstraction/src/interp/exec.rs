//! Statement execution: the main loop, edge choice, calls and returns, the entry set-up.

use super::check;
use super::eval::truthy;
use super::machine::{Frame, Machine, RVal, MAX_OBJECT, R};
use super::memory::{Content, Object};
use super::value::{ObjKind, ObjRef, Pointer, Value, ENV_OBJECT_BYTES};
use super::{Outcome, Step};
use crate::cir::{Body, Callee, Edge, Expr, FuncId, HavocKind, Lval, NodeId, Stmt, TypeKind};
use std::convert::Infallible;

impl<'p> Machine<'p, '_> {
    /// Run to the end and return how the run ended.
    pub(crate) fn execute(&mut self) -> Outcome {
        match self.try_execute() {
            Ok(never) => match never {},
            Err(outcome) => outcome,
        }
    }

    fn try_execute(&mut self) -> R<Infallible> {
        check::validate(self.prog).map_err(|reason| self.unsup(reason))?;
        self.byte_ty = check::byte_type(self.prog);
        for init in &self.prog.inits {
            self.loc = init.loc;
            self.assign(&init.lhs, &init.rhs)?;
        }
        let entry = self
            .prog
            .func_by_name(&self.cfg.entry)
            .filter(|f| {
                self.prog
                    .functions
                    .get(f.0 as usize)
                    .is_some_and(|x| x.name == self.cfg.entry)
            })
            .or_else(|| {
                self.prog
                    .func_ids()
                    .find(|f| self.prog.functions[f.0 as usize].name == self.cfg.entry)
            })
            .ok_or_else(|| self.unsup(format!("no function `{}`", self.cfg.entry)))?;
        let func = self.func(entry)?;
        self.loc = func.loc;
        if func.body.is_none() {
            return Err(self.unsup(format!("entry function `{}` has no body", func.name)));
        }
        self.push_frame(entry, None)?;
        if func.name == "main" {
            self.bind_main_args(entry)?;
        }
        loop {
            self.step()?;
        }
    }

    fn body(&self, f: FuncId) -> R<&'p Body> {
        self.func(f)?
            .body
            .as_ref()
            .ok_or_else(|| self.unsup("executing a function without a body"))
    }

    /// Take one edge (or return from a function whose exit node was reached).
    fn step(&mut self) -> R<()> {
        let Some(frame) = self.frames.last() else {
            return Err(self.unsup("internal: empty call stack"));
        };
        let (func, node_id) = (frame.func, frame.node);
        self.observe_node(func, node_id);
        let body = self.body(func)?;
        let node = body
            .nodes
            .get(node_id.0 as usize)
            .ok_or_else(|| self.unsup("internal: node out of range"))?;
        if node.edges.is_empty() {
            if node_id == body.exit {
                // Falling off the end: an implicit `return;`.
                return self.do_return(None);
            }
            return Err(self.unsup(format!(
                "node {} of `{}` has no outgoing edges",
                node_id.0,
                self.func(func)?.name
            )));
        }
        if self.steps >= self.cfg.max_steps {
            return Err(Outcome::StepBound);
        }
        let mut chosen = None;
        for (i, e) in node.edges.iter().enumerate() {
            self.loc = e.loc;
            match &e.stmt {
                Stmt::Assume(c) => {
                    if truthy(self.eval(c)?) {
                        chosen = Some(i);
                        break;
                    }
                }
                _ => {
                    chosen = Some(i);
                    break;
                }
            }
        }
        let Some(i) = chosen else {
            return Err(Outcome::AssumeFailed {
                loc: node.edges[0].loc,
            });
        };
        self.steps += 1;
        if self.cfg.record_path {
            self.path.push(Step {
                func,
                node: node_id,
                edge: i,
            });
        }
        self.observe_edge(func, node_id, i);
        let edge = &node.edges[i];
        self.loc = edge.loc;
        self.exec(func, edge)
    }

    fn goto(&mut self, to: NodeId) {
        if let Some(f) = self.frames.last_mut() {
            f.node = to;
        }
    }

    /// The pointer members of local `v` that point to an object of the environment from
    /// its uninitialized declaration on ([`crate::cir::Program::environment_slots`]).
    fn environment_objects(&mut self, v: crate::cir::VarId) -> R<()> {
        for (_, lv) in self.prog.environment_slots(v) {
            let obj = ObjRef {
                kind: ObjKind::Env,
                instance: self.fresh_instance(),
            };
            self.mem
                .insert(obj, Object::new(ENV_OBJECT_BYTES, Content::Fill(0)));
            let pl = self.place(&lv)?;
            self.write_place(&pl, Value::Ptr(Pointer { obj, offset: 0 }))?;
        }
        Ok(())
    }

    fn exec(&mut self, func: FuncId, edge: &'p Edge) -> R<()> {
        match &edge.stmt {
            Stmt::Skip | Stmt::Assume(_) => {}
            Stmt::Assign { lhs, rhs } => self.assign(lhs, rhs)?,
            Stmt::Havoc { lhs, why } => {
                let pl = self.place(lhs)?;
                self.havoc_place(&pl, why)?;
                if let (Lval::Var(v), HavocKind::Uninit) = (lhs, why) {
                    self.environment_objects(*v)?;
                }
            }
            Stmt::Alloc { lhs, site, size } => {
                let Some(s) = self.prog.allocs.get(site.0 as usize) else {
                    return Err(self.unsup(format!("allocation site #{} does not exist", site.0)));
                };
                let n = self.eval(size)?;
                let n = self.as_int(n, "allocation size")?;
                let pl = self.place(lhs)?;
                let ok_size = (0..=i128::from(MAX_OBJECT)).contains(&n);
                let value = if s.may_fail && (!ok_size || self.oracle.alloc_fails(*site)) {
                    Value::Int(0)
                } else if !ok_size {
                    return Err(self.unsup(format!("allocation of {n} bytes")));
                } else {
                    let obj = ObjRef {
                        kind: ObjKind::Alloc(*site),
                        instance: self.fresh_instance(),
                    };
                    let init = if s.zeroed {
                        Content::Fill(0)
                    } else {
                        Content::Uninit
                    };
                    self.mem.insert(obj, Object::new(n as u64, init));
                    Value::Ptr(Pointer { obj, offset: 0 })
                };
                self.write_place(&pl, value)?;
            }
            Stmt::Call { lhs, callee, args } => {
                return self.call(func, lhs.as_ref(), callee, args, edge.to)
            }
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => Some(self.eval_rval(e)?),
                    None => None,
                };
                return self.do_return(v);
            }
            Stmt::Error => {
                return Err(Outcome::Error {
                    func,
                    loc: edge.loc,
                })
            }
            Stmt::Halt { code } => {
                let code = match code {
                    Some(e) => {
                        let v = self.eval(e)?;
                        Some(self.as_int(v, "exit status")?)
                    }
                    None => None,
                };
                return Err(Outcome::Exit { code });
            }
        }
        self.goto(edge.to);
        Ok(())
    }

    /// `lhs = rhs`.
    pub(crate) fn assign(&mut self, lhs: &Lval, rhs: &Expr) -> R<()> {
        let v = self.eval_rval(rhs)?;
        let pl = self.place(lhs)?;
        self.assign_rval(&pl, v)
    }

    fn push_frame(&mut self, f: FuncId, ret_lhs: Option<&'p Lval>) -> R<()> {
        if self.frames.len() >= self.cfg.max_depth {
            return Err(Outcome::StepBound);
        }
        let entry = self.body(f)?.entry;
        let act = self.fresh_instance();
        self.live.insert(act);
        self.frames.push(Frame {
            func: f,
            act,
            node: entry,
            ret_lhs,
            objects: Vec::new(),
        });
        Ok(())
    }

    fn call(
        &mut self,
        caller: FuncId,
        lhs: Option<&'p Lval>,
        callee: &'p Callee,
        args: &'p [Expr],
        to: NodeId,
    ) -> R<()> {
        let f = match callee {
            Callee::Direct(f) => *f,
            Callee::Indirect(e) => match self.eval(e)? {
                Value::Func(f) => f,
                Value::Ptr(p) if p.obj.kind == ObjKind::Env => {
                    return self.call_environment(lhs, args, to)
                }
                Value::Int(0) => return Err(self.undef("call through a null function pointer")),
                _ => return Err(self.undef("call through a pointer that is not a function")),
            },
        };
        let func = self.func(f)?;
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.eval_rval(a)?);
        }
        if let Some(obs) = self.obs.as_mut() {
            obs.on_call(caller, f);
        }
        if func.body.is_none() {
            let result = self.call_extern(caller, func, &vals)?;
            if let Some(lhs) = lhs {
                let pl = self.place(lhs)?;
                match result {
                    Some(v) => self.assign_rval(&pl, v)?,
                    None => self.havoc_place(&pl, &HavocKind::Uninit)?,
                }
            }
            self.goto(to);
            return Ok(());
        }
        self.goto(to);
        self.push_frame(f, lhs)?;
        for (p, v) in func.params.iter().zip(vals) {
            let pl = self.place_var(*p)?;
            self.assign_rval(&pl, v)?;
        }
        self.observe_enter(caller, f);
        Ok(())
    }

    /// A call through a function pointer the environment gave (read from an object of the
    /// environment, [`Machine::env_pointer`]): unknown code, which here changes nothing
    /// and returns an unknown value (one of the behaviours the environment model allows;
    /// path formulas havoc memory at such a call).
    fn call_environment(&mut self, lhs: Option<&'p Lval>, args: &'p [Expr], to: NodeId) -> R<()> {
        for a in args {
            self.eval_rval(a)?;
        }
        if let Some(lhs) = lhs {
            let pl = self.place(lhs)?;
            self.havoc_place(&pl, &HavocKind::Uninit)?;
        }
        self.goto(to);
        Ok(())
    }

    /// Leave the current function with value `v`.
    fn do_return(&mut self, v: Option<RVal>) -> R<()> {
        let Some(frame) = self.frames.pop() else {
            return Err(self.unsup("internal: return with an empty call stack"));
        };
        self.live.remove(&frame.act);
        for obj in &frame.objects {
            self.mem.remove(*obj);
        }
        if self.frames.is_empty() {
            let func = self.func(frame.func)?;
            let value = match v {
                Some(RVal::Scalar(Value::Int(n))) => Some(n),
                // C99: reaching the end of `int main` returns 0.
                None if func.name == "main"
                    && self
                        .ret_ty(func)
                        .is_some_and(|t| matches!(self.kind(t), Ok(TypeKind::Int(_)))) =>
                {
                    Some(0)
                }
                _ => None,
            };
            return Err(Outcome::Return { value });
        }
        if let Some(lhs) = frame.ret_lhs {
            let pl = self.place(lhs)?;
            match v {
                Some(v) => self.assign_rval(&pl, v)?,
                None => self.havoc_place(&pl, &HavocKind::Uninit)?,
            }
        }
        if let Some(caller) = self.frames.last().map(|f| f.func) {
            self.observe_return(frame.func, caller);
        }
        Ok(())
    }

    /// `main(argc, argv[, envp])` gets `argc == 1`, `argv == {"prog", NULL}` and an empty
    /// environment (`argv` and its strings are objects of kind `Argv` / `ArgvStr`).
    fn bind_main_args(&mut self, main: FuncId) -> R<()> {
        let params = &self.func(main)?.params;
        let Some(&argc) = params.first() else {
            return Ok(());
        };
        let pl = self.place_var(argc)?;
        self.write_place(&pl, Value::Int(1))?;
        let Some(&argv) = params.get(1) else {
            return Ok(());
        };
        let argv_pl = self.place_var(argv)?;
        let elem = match self.kind(argv_pl.ty)? {
            TypeKind::Pointer(e) if matches!(self.kind(*e)?, TypeKind::Pointer(_)) => *e,
            _ => return Err(self.unsup("`main`'s second parameter is not a `char **`")),
        };
        let ps = self.prog.types.pointer_bytes();
        let prog_name = ObjRef {
            kind: ObjKind::ArgvStr(0),
            instance: 0,
        };
        self.mem
            .insert(prog_name, Object::from_bytes(b"prog\0", false));
        let arr = ObjRef {
            kind: ObjKind::Argv,
            instance: 0,
        };
        self.mem.insert(arr, Object::new(3 * ps, Content::Fill(0)));
        let slot = |i: u64| Pointer {
            obj: arr,
            offset: (i * ps) as i64,
        };
        self.write_scalar(
            slot(0),
            elem,
            Value::Ptr(Pointer {
                obj: prog_name,
                offset: 0,
            }),
        )?;
        self.write_scalar(slot(1), elem, Value::Int(0))?;
        self.write_scalar(slot(2), elem, Value::Int(0))?;
        self.write_place(&argv_pl, Value::Ptr(slot(0)))?;
        if let Some(&envp) = params.get(2) {
            let pl = self.place_var(envp)?;
            self.write_place(&pl, Value::Ptr(slot(2)))?;
        }
        Ok(())
    }
}
