//! Random well-typed models for differential testing: a few small
//! enumerations, scalars, integers, sets and binary relations (with
//! multiplicities), procedures with imperative and declarative statements,
//! `if`, `foreach`, `while`, calls (recursion included) and CTL assertions
//! with quantifiers and `loop`. Small enough for the explicit oracle.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A scalar domain of the generated model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum D {
    E,
    F,
    Bool,
    U2,
    I2,
}

impl D {
    fn name(self) -> &'static str {
        match self {
            D::E => "E",
            D::F => "F",
            D::Bool => "bool",
            D::U2 => "uint<2>",
            D::I2 => "int<2>",
        }
    }

    fn is_int(self) -> bool {
        matches!(self, D::U2 | D::I2)
    }

    fn has_universe(self) -> bool {
        !self.is_int()
    }
}

#[derive(Clone, Debug)]
enum Kind {
    Scalar(D),
    Set(D),
    Rel(D, D, &'static str),
}

struct G {
    rng: SmallRng,
    vars: Vec<(String, Kind)>,
    doms: Vec<D>,
    /// Bound names in scope and their domains.
    scope: Vec<(String, D)>,
    procs: Vec<(String, Option<D>)>,
    fresh: usize,
}

/// A random model from `seed` (same seed, same model).
pub fn random_model(seed: u64) -> String {
    let mut g = G {
        rng: SmallRng::seed_from_u64(seed),
        vars: Vec::new(),
        doms: vec![D::E, D::Bool],
        scope: Vec::new(),
        procs: Vec::new(),
        fresh: 0,
    };
    g.model()
}

impl G {
    fn pick<T: Clone>(&mut self, v: &[T]) -> T {
        v[self.rng.gen_range(0..v.len())].clone()
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.gen_bool(p)
    }

    fn model(&mut self) -> String {
        let mut out = String::from("enum E { e0, e1 };\n");
        if self.chance(0.4) {
            out.push_str("enum F { f0, f1, f2 };\n");
            self.doms.push(D::F);
        }
        if self.chance(0.4) {
            let d = self.pick(&[D::U2, D::I2]);
            self.doms.push(d);
        }
        out.push_str(&self.declare_vars());
        let nprocs = self.rng.gen_range(1..=3);
        for i in 0..nprocs {
            let param = if self.chance(0.4) {
                Some(self.pick(&[D::E, D::Bool]))
            } else {
                None
            };
            self.procs.push((format!("p{i}"), param));
        }
        for i in 0..nprocs {
            let top = i == 0 || self.chance(0.4);
            out.push_str(&self.proc(i, top));
        }
        if self.chance(0.3) {
            let f = self.formula(1, false);
            out.push_str(&format!("init {f};\n"));
        }
        for _ in 0..self.rng.gen_range(1..=2) {
            let f = self.formula(2, true);
            out.push_str(&format!("assert {f};\n"));
        }
        out
    }

    fn bits(&self, d: D) -> u32 {
        match d {
            D::E | D::Bool | D::F | D::U2 | D::I2 => {
                if d == D::E || d == D::Bool {
                    1
                } else {
                    2
                }
            }
        }
    }

    fn size(&self, d: D) -> u32 {
        match d {
            D::E | D::Bool => 2,
            D::F => 3,
            D::U2 | D::I2 => 4,
        }
    }

    fn declare_vars(&mut self) -> String {
        let mut out = String::new();
        let mut budget: i64 = 6;
        let n = self.rng.gen_range(1..=3);
        for i in 0..n {
            let d = self.pick(&self.doms.clone());
            let k = match self.rng.gen_range(0..3) {
                0 => Kind::Scalar(d),
                1 => Kind::Set(d),
                _ => {
                    let d2 = self.pick(&[D::E, D::Bool]);
                    Kind::Rel(D::E, d2, self.pick(&["", "lone ", "one "]))
                }
            };
            let cost = match &k {
                Kind::Scalar(d) => self.bits(*d),
                Kind::Set(d) => self.size(*d),
                Kind::Rel(a, b, _) => self.size(*a) * self.size(*b),
            } as i64;
            if cost > budget {
                continue;
            }
            budget -= cost;
            let name = format!("v{i}");
            let decl = match &k {
                Kind::Scalar(d) => format!("{} {name};\n", d.name()),
                Kind::Set(d) => format!("set {} {name};\n", d.name()),
                Kind::Rel(a, b, m) => format!("{}->{m}{} {name};\n", a.name(), b.name()),
            };
            out.push_str(&decl);
            self.vars.push((name, k));
        }
        out
    }

    fn proc(&mut self, i: usize, toplevel: bool) -> String {
        let (name, param) = self.procs[i].clone();
        let mut head = format!("{}void {name}(", if toplevel { "toplevel " } else { "" });
        if let Some(d) = param {
            head.push_str(&format!("{} a", d.name()));
            self.scope.push(("a".into(), d));
        }
        let body = self.block(2, i);
        self.scope.clear();
        format!("{head}) {body}\n")
    }

    fn block(&mut self, depth: u32, me: usize) -> String {
        let n = self.rng.gen_range(1..=3);
        let stmts: Vec<String> = (0..n).map(|_| self.stmt(depth, me)).collect();
        format!("{{ {} }}", stmts.join(" "))
    }

    fn stmt(&mut self, depth: u32, me: usize) -> String {
        let choice = self.rng.gen_range(0..if depth == 0 { 4 } else { 8 });
        match choice {
            0 | 1 => self.assign(),
            2 => self.declarative(),
            3 => self.call(me),
            4 => {
                let c = self.formula(1, false);
                let t = self.block(depth - 1, me);
                let e = self.block(depth - 1, me);
                format!("if ({c}) {t} else {e}")
            }
            5 => {
                let d = self.pick(&[D::E, D::Bool]);
                let set = self.set(d, 1);
                let x = self.fresh_name();
                self.scope.push((x.clone(), d));
                let b = self.block(depth - 1, me);
                self.scope.pop();
                format!("foreach {x}: {set} {b}")
            }
            6 => {
                let c = self.formula(1, false);
                let b = self.block(depth - 1, me);
                format!("while ({c}) {b}")
            }
            _ => self.assign(),
        }
    }

    fn fresh_name(&mut self) -> String {
        self.fresh += 1;
        format!("q{}", self.fresh)
    }

    fn call(&mut self, me: usize) -> String {
        let i = if self.chance(0.3) {
            me
        } else {
            self.rng.gen_range(0..self.procs.len())
        };
        let (name, param) = self.procs[i].clone();
        match param {
            Some(d) => {
                let a = self.scalar(d, 1);
                format!("{name}({a});")
            }
            None => format!("{name}();"),
        }
    }

    fn assign(&mut self) -> String {
        if self.vars.is_empty() {
            return "bad := !bad;".into();
        }
        let (name, k) = self.pick(&self.vars.clone());
        match k {
            Kind::Scalar(d) if d.is_int() && self.chance(0.3) => format!("{name}++;"),
            Kind::Scalar(D::Bool) if self.chance(0.5) => {
                let f = self.formula(1, false);
                format!("{name} := {f};")
            }
            Kind::Scalar(d) if self.chance(0.3) && d.has_universe() => {
                let s = self.set(d, 1);
                format!("{name} := {s};")
            }
            Kind::Scalar(d) => {
                let v = self.scalar(d, 2);
                format!("{name} := {v};")
            }
            Kind::Set(d) => {
                let s = self.set(d, 2);
                format!("{name} := {s};")
            }
            Kind::Rel(a, b, _) if self.chance(0.5) => {
                let key = self.scalar(a, 1);
                let row = self.set(b, 1);
                format!("{key}.{name} := {row};")
            }
            Kind::Rel(a, b, _) => {
                let r = self.rel(a, b, 1);
                format!("{name} := {r};")
            }
        }
    }

    fn declarative(&mut self) -> String {
        if self.vars.is_empty() {
            return "(bad' == bad);".into();
        }
        let mut parts = Vec::new();
        for _ in 0..self.rng.gen_range(1..=2) {
            let (name, k) = self.pick(&self.vars.clone());
            let c = match k {
                Kind::Scalar(d) => {
                    let v = self.scalar(d, 1);
                    let op = if d.is_int() {
                        self.pick(&["==", "!=", "<"])
                    } else {
                        self.pick(&["==", "!="])
                    };
                    format!("{name}' {op} {v}")
                }
                Kind::Set(d) => {
                    let s = self.set(d, 1);
                    format!("{name}' {} {s}", self.pick(&["in", "==", "!in"]))
                }
                Kind::Rel(a, b, _) => {
                    let r = self.rel(a, b, 1);
                    format!("{name}' {} {r}", self.pick(&["in", "=="]))
                }
            };
            parts.push(c);
        }
        if self.chance(0.2) {
            parts.push("bad' == bad".into());
        }
        format!("({});", parts.join(" && "))
    }

    fn scalar(&mut self, d: D, depth: u32) -> String {
        let mut opts: Vec<String> = self
            .vars
            .iter()
            .filter(|(_, k)| matches!(k, Kind::Scalar(x) if *x == d))
            .map(|(n, _)| n.clone())
            .collect();
        opts.extend(
            self.scope
                .iter()
                .filter(|(_, x)| *x == d)
                .map(|(n, _)| n.clone()),
        );
        if d.is_int() && depth > 0 && !opts.is_empty() && self.chance(0.4) {
            let a = self.scalar(d, depth - 1);
            let b = self.scalar(d, depth - 1);
            let op = self.pick(&["+", "-", "*", "/", "%"]);
            return format!("({a} {op} {b})");
        }
        if opts.is_empty() || self.chance(0.3) {
            return self.constant(d);
        }
        self.pick(&opts)
    }

    /// An integer variable or bound name of domain `d`, typing literals
    /// compared with it.
    fn int_anchor(&mut self, d: D) -> Option<String> {
        let mut opts: Vec<String> = self
            .vars
            .iter()
            .filter(|(_, k)| matches!(k, Kind::Scalar(x) if *x == d))
            .map(|(n, _)| n.clone())
            .collect();
        opts.extend(
            self.scope
                .iter()
                .filter(|(_, x)| *x == d)
                .map(|(n, _)| n.clone()),
        );
        if opts.is_empty() {
            None
        } else {
            Some(self.pick(&opts))
        }
    }

    fn constant(&mut self, d: D) -> String {
        match d {
            D::E => self.pick(&["e0", "e1"]).into(),
            D::F => self.pick(&["f0", "f1", "f2"]).into(),
            D::Bool => self.pick(&["true", "false"]).into(),
            D::U2 => self.rng.gen_range(0..4).to_string(),
            D::I2 => self.rng.gen_range(-2..2).to_string(),
        }
    }

    fn set(&mut self, d: D, depth: u32) -> String {
        let sets: Vec<String> = self
            .vars
            .iter()
            .filter(|(_, k)| matches!(k, Kind::Set(x) if *x == d))
            .map(|(n, _)| n.clone())
            .collect();
        let joins: Vec<(String, D)> = self
            .vars
            .iter()
            .filter_map(|(n, k)| match k {
                Kind::Rel(a, b, _) if *b == d => Some((n.clone(), *a)),
                _ => None,
            })
            .collect();
        let r = self.rng.gen_range(0..7);
        match r {
            0 if !sets.is_empty() => self.pick(&sets),
            1 if depth > 0 => {
                let a = self.set(d, depth - 1);
                let b = self.set(d, depth - 1);
                format!("({a} {} {b})", self.pick(&["+", "&", "-"]))
            }
            2 if !joins.is_empty() => {
                let (r, a) = self.pick(&joins);
                let s = self.set(a, depth.saturating_sub(1));
                format!("({s}.{r})")
            }
            3 if d.has_universe() && depth > 0 => {
                let x = self.fresh_name();
                self.scope.push((x.clone(), d));
                let f = self.formula(0, false);
                self.scope.pop();
                format!("{{{x}: {} | {f}}}", d.name())
            }
            4 if d.has_universe() => d.name().into(),
            _ => self.scalar(d, 0),
        }
    }

    fn rel(&mut self, a: D, b: D, depth: u32) -> String {
        let rels: Vec<String> = self
            .vars
            .iter()
            .filter(|(_, k)| matches!(k, Kind::Rel(x, y, _) if *x == a && *y == b))
            .map(|(n, _)| n.clone())
            .collect();
        match self.rng.gen_range(0..4) {
            0 if !rels.is_empty() && a == b && depth > 0 => {
                let r = self.pick(&rels);
                format!("{}{r}", self.pick(&["^", "*", "~"]))
            }
            1 if !rels.is_empty() && depth > 0 => {
                let r = self.pick(&rels);
                let s = self.rel(a, b, depth - 1);
                format!("({r} {} {s})", self.pick(&["+", "&", "-"]))
            }
            2 | 3 if !rels.is_empty() => self.pick(&rels),
            _ => {
                let x = self.set(a, 0);
                let y = self.set(b, 0);
                format!("({x}->{y})")
            }
        }
    }

    fn formula(&mut self, depth: u32, ctl: bool) -> String {
        let top = if depth == 0 { 5 } else { 11 };
        let d = self.pick(&self.doms.clone());
        if d.is_int() {
            if let Some(anchor) = self.int_anchor(d) {
                let b = self.scalar(d, 1);
                return format!(
                    "{anchor} {} {b}",
                    self.pick(&["==", "<", "<=", ">", ">=", "!="])
                );
            }
        }
        let d = if d.is_int() { D::E } else { d };
        match self.rng.gen_range(0..top) {
            0 => {
                let s = self.set(d, 1);
                format!("{} {s}", self.pick(&["no", "some", "one", "lone"]))
            }
            1 => {
                let (a, b) = (self.set(d, 1), self.set(d, 1));
                format!("{a} {} {b}", self.pick(&["in", "==", "!in", "!="]))
            }
            2 => {
                let (a, b) = (self.scalar(d, 1), self.scalar(d, 1));
                let ops: &[&str] = if d == D::Bool {
                    &["==", "!="]
                } else {
                    &["==", "<", "<=", ">", ">="]
                };
                format!("{a} {} {b}", self.pick(ops))
            }
            3 => {
                let (a, b) = (self.set(d, 0), self.set(d, 0));
                format!("{a} {} {b}", self.pick(&["<", ">="]))
            }
            4 if ctl => "loop".into(),
            4 => self.pick(&["bad", "!bad", "true"]).into(),
            5 | 6 => {
                let (a, b) = (self.formula(depth - 1, ctl), self.formula(depth - 1, ctl));
                format!("({a} {} {b})", self.pick(&["&&", "||", "=>", "<=>"]))
            }
            7 => format!("!({})", self.formula(depth - 1, ctl)),
            8 => {
                let dd = self.pick(&[D::E, D::Bool]);
                let x = self.fresh_name();
                self.scope.push((x.clone(), dd));
                let f = self.formula(depth - 1, ctl);
                self.scope.pop();
                let q = self.pick(&["all", "some", "no", "one", "lone"]);
                format!("({q} {x}: {} | {f})", dd.name())
            }
            _ if ctl => {
                let f = self.formula(depth - 1, ctl);
                match self.rng.gen_range(0..8) {
                    0 => format!("AX ({f})"),
                    1 => format!("AF ({f})"),
                    2 => format!("AG ({f})"),
                    3 => format!("EX ({f})"),
                    4 => format!("EF ({f})"),
                    5 => format!("EG ({f})"),
                    6 => format!("A[{f} U {}]", self.formula(depth - 1, ctl)),
                    _ => format!("E[{f} U {}]", self.formula(depth - 1, ctl)),
                }
            }
            _ => format!("!({})", self.formula(depth - 1, ctl)),
        }
    }
}
