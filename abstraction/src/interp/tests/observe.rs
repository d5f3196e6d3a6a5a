//! The control events and the side-effect-free probe of [`Observer`].

use super::*;
use crate::frontend::{load_text, LoadOptions};

fn load(src: &str) -> Program {
    load_text("t.c", src.to_string(), &LoadOptions::default()).expect("test program loads")
}

/// `Read(v)` of the variable named `name` (in function `func`, or a global).
fn read_var(p: &Program, func: Option<&str>, name: &str) -> Expr {
    let id = p
        .var_ids()
        .find(|&v| {
            let var = p.var(v);
            var.name == name && var.frame_of().map(|f| p.func(f).name.as_str()) == func
        })
        .expect("variable exists");
    Expr {
        kind: ExprKind::Read(Box::new(Lval::Var(id))),
        ty: p.var(id).ty,
    }
}

/// Records the control events, and at each node of `main` the probed values of `exprs`.
struct Events<'a> {
    prog: &'a Program,
    exprs: Vec<Expr>,
    /// Probed in the callee's frame at `on_enter`.
    enter_expr: Option<Expr>,
    log: Vec<String>,
    probed: Vec<Vec<Option<Value>>>,
    entered_with: Vec<Option<Value>>,
}

impl Observer for Events<'_> {
    fn on_node(&mut self, func: FuncId, node: NodeId, probe: &mut dyn Probe) {
        let name = &self.prog.func(func).name;
        self.log.push(format!("node {name} {}", node.0));
        if name == "main" {
            let vals = self.exprs.iter().map(|e| probe.eval(e)).collect();
            self.probed.push(vals);
        }
    }
    fn on_edge(&mut self, func: FuncId, node: NodeId, edge: usize) {
        let name = &self.prog.func(func).name;
        self.log.push(format!("edge {name} {} {edge}", node.0));
    }
    fn on_enter(&mut self, caller: FuncId, callee: FuncId, probe: &mut dyn Probe) {
        let (a, b) = (&self.prog.func(caller).name, &self.prog.func(callee).name);
        self.log.push(format!("enter {a} {b}"));
        if let Some(e) = &self.enter_expr {
            self.entered_with.push(probe.eval(e));
        }
    }
    fn on_return(&mut self, callee: FuncId, caller: FuncId) {
        let (a, b) = (&self.prog.func(callee).name, &self.prog.func(caller).name);
        self.log.push(format!("return {a} {b}"));
    }
}

const CALLS: &str = "
int g;
int inc(int a) { return a + 1; }
void bump(void) { g = g + 10; }
int main() {
  int x; int *p = 0;
  x = 4;
  g = inc(x);
  bump();
  return g;
}";

#[test]
fn control_events_follow_nodes_edges_calls_and_returns() {
    let p = load(CALLS);
    let mut obs = Events {
        prog: &p,
        exprs: vec![read_var(&p, None, "g")],
        enter_expr: Some(read_var(&p, Some("inc"), "a")),
        log: vec![],
        probed: vec![],
        entered_with: vec![],
    };
    let r = run(
        &p,
        &Config::default(),
        &mut SeqOracle::new(vec![]),
        &mut obs,
    );
    assert_eq!(r.outcome, returned(15));
    let log = &obs.log;
    // Every edge is preceded by the node it leaves.
    for (i, ev) in log.iter().enumerate() {
        if let Some(rest) = ev.strip_prefix("edge ") {
            let mut w = rest.split(' ');
            let (f, n) = (w.next().unwrap(), w.next().unwrap());
            assert_eq!(log[i - 1], format!("node {f} {n}"), "{log:?}");
        }
    }
    // A call: the caller's edge, the callee entered, then the callee's entry node.
    let enter = log.iter().position(|e| e == "enter main inc").unwrap();
    assert!(log[enter - 1].starts_with("edge main "));
    let inc_entry = p
        .func(p.func_by_name("inc").unwrap())
        .body
        .as_ref()
        .unwrap()
        .entry;
    assert_eq!(log[enter + 1], format!("node inc {}", inc_entry.0));
    // The return: reported after the callee's last event, before the caller's next node.
    let ret = log.iter().position(|e| e == "return inc main").unwrap();
    assert!(log[ret - 1].starts_with("edge inc ") || log[ret - 1].starts_with("node inc "));
    assert!(log[ret + 1].starts_with("node main "));
    assert!(log.contains(&"return bump main".to_string()));
    // The parameter is bound when `on_enter` runs (and `inc`'s `a` is not in `bump`'s frame).
    assert_eq!(obs.entered_with, vec![Some(Value::Int(4)), None]);
    // `g` is probed in main's frame: 0 at first, 5 after the first call, 15 after `bump`.
    let gs: Vec<Option<Value>> = obs.probed.iter().map(|v| v[0]).collect();
    assert_eq!(gs.first(), Some(&Some(Value::Int(0))));
    assert!(gs.contains(&Some(Value::Int(5))));
    assert_eq!(gs.last(), Some(&Some(Value::Int(15))));
}

#[test]
fn probes_of_unknown_or_undefined_values_are_none() {
    let p = load(CALLS);
    let x = read_var(&p, Some("main"), "x");
    let pv = read_var(&p, Some("main"), "p");
    let int = x.ty;
    let deref_p = Expr {
        kind: ExprKind::Read(Box::new(Lval::Deref(Box::new(pv)))),
        ty: int,
    };
    // A variable of another function is not in main's frame.
    let a = read_var(&p, Some("inc"), "a");
    let mut obs = Events {
        prog: &p,
        exprs: vec![x, deref_p, a],
        enter_expr: None,
        log: vec![],
        probed: vec![],
        entered_with: vec![],
    };
    run(
        &p,
        &Config::default(),
        &mut SeqOracle::new(vec![]),
        &mut obs,
    );
    // `x` is uninitialized at main's entry (a SeqOracle would have answered 0 if asked).
    assert_eq!(obs.probed[0][0], None);
    assert!(obs.probed.iter().any(|v| v[0] == Some(Value::Int(4))));
    assert!(obs.probed.iter().all(|v| v[1].is_none() && v[2].is_none()));
}

#[test]
fn probing_does_not_change_the_run() {
    // `y` is read uninitialized by the program after the probe has looked at it: if the probe
    // asked the oracle, the random values (and so the inputs and the result) would shift.
    let src = "
int main() {
  int y; int z;
  z = __VERIFIER_nondet_int();
  if (z > 0) z = z + y;
  return z + __VERIFIER_nondet_int();
}";
    let p = load(src);
    let exprs = vec![
        read_var(&p, Some("main"), "y"),
        read_var(&p, Some("main"), "z"),
    ];
    for seed in 0..20 {
        let plain = run(
            &p,
            &Config::default(),
            &mut RandomOracle::new(seed),
            &mut NoObserver,
        );
        let mut obs = Events {
            prog: &p,
            exprs: exprs.clone(),
            enter_expr: None,
            log: vec![],
            probed: vec![],
            entered_with: vec![],
        };
        let watched = run(
            &p,
            &Config::default(),
            &mut RandomOracle::new(seed),
            &mut obs,
        );
        assert_eq!(plain.outcome, watched.outcome, "seed {seed}");
        assert_eq!(plain.inputs, watched.inputs, "seed {seed}");
        assert_eq!(plain.steps, watched.steps, "seed {seed}");
    }
}

#[test]
fn falling_off_the_end_visits_the_exit_node_then_returns() {
    // void f() { skip to exit }  int main() { f(); return 0; }
    let mut pb = Pb::new();
    let int = pb.int();
    let void = pb.p.types.void();
    let f = pb.func("f", void, &[]);
    let mut fb = Fb::new();
    let entry = fb.node();
    fb.edge(NodeId(0), Stmt::Skip, entry);
    fb.edge(entry, Stmt::Skip, NodeId(1));
    pb.set_body(f, fb);
    let main = pb.func("main", int, &[]);
    let mut fb = Fb::new();
    fb.push(call(None, f, vec![]));
    fb.ret(Some(pb.c(0)));
    pb.set_body(main, fb);
    let mut obs = Events {
        prog: &pb.p,
        exprs: vec![],
        enter_expr: None,
        log: vec![],
        probed: vec![],
        entered_with: vec![],
    };
    let r = run(
        &pb.p,
        &Config::default(),
        &mut SeqOracle::new(vec![]),
        &mut obs,
    );
    assert_eq!(r.outcome, returned(0));
    let ret = obs.log.iter().position(|e| e == "return f main").unwrap();
    assert_eq!(obs.log[ret - 1], "node f 1", "{:?}", obs.log);
}
