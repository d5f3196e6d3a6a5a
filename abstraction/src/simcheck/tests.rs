//! The simulation check on small C programs and hand-written boolean programs that follow
//! the c2bp contract: sound ones pass, deliberately unsound ones are flagged.

use super::*;
use crate::cir::{BinOp, ExprKind, Lval, VarId};
use crate::frontend::{load_text, LoadOptions};
use crate::interp::{Config, RandomOracle, SeqOracle};

fn load(src: &str) -> Program {
    load_text("t.c", src.to_string(), &LoadOptions::default()).expect("test program loads")
}

fn parse_bp(text: &str) -> bebop::ast::Program {
    bebop::parser::parse(text).expect("test BP parses")
}

fn var_id(p: &Program, func: Option<&str>, name: &str) -> VarId {
    p.var_ids()
        .find(|&v| {
            let var = p.var(v);
            var.name == name && var.frame_of().map(|f| p.func(f).name.as_str()) == func
        })
        .expect("variable exists")
}

fn read(p: &Program, func: Option<&str>, name: &str) -> Expr {
    let v = var_id(p, func, name);
    Expr {
        kind: ExprKind::Read(Box::new(Lval::Var(v))),
        ty: p.var(v).ty,
    }
}

fn int_ty(p: &Program) -> crate::cir::Ty {
    read(p, None, "g").ty
}

/// `a op b` with the type of the global `g` (an `int`).
fn bin(p: &Program, op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr {
        kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
        ty: int_ty(p),
    }
}

fn int(p: &Program, n: i128) -> Expr {
    Expr {
        kind: ExprKind::Int(n),
        ty: int_ty(p),
    }
}

fn func(p: &Program, name: &str) -> FuncId {
    p.func_by_name(name).expect("function exists")
}

/// A spec with procedure names equal to the C function names.
fn spec<'a>(
    p: &'a Program,
    bp: &'a bebop::ast::Program,
    globals: Vec<(&str, Expr)>,
    locals: Vec<(&str, Vec<(&str, Expr)>)>,
) -> SimSpec<'a> {
    let proc_names = p
        .func_ids()
        .filter(|&f| p.func(f).body.is_some())
        .map(|f| (f, p.func(f).name.clone()))
        .collect();
    SimSpec {
        prog: p,
        bp,
        entry: func(p, "main"),
        proc_names,
        globals: globals
            .into_iter()
            .map(|(n, e)| (n.to_string(), e))
            .collect(),
        locals: locals
            .into_iter()
            .map(|(f, ps)| {
                let ps = ps.into_iter().map(|(n, e)| (n.to_string(), e)).collect();
                (func(p, f), ps)
            })
            .collect(),
    }
}

fn bounded() -> Config {
    Config {
        max_steps: 2_000,
        ..Config::default()
    }
}

fn run_seq(s: &SimSpec, inputs: &[i128]) -> SimResult {
    check_run(s, &bounded(), &mut SeqOracle::new(inputs.to_vec()))
}

fn violation(s: &SimSpec, inputs: &[i128]) -> Violation {
    let r = run_seq(s, inputs);
    r.violation
        .unwrap_or_else(|| panic!("expected a violation, run ended with {:?}", r.outcome))
}

// ----- program 1: branches, a call, a global and a local predicate -----

const BRANCHES: &str = "
int g;
int *p;
int inc(int a) { return a + 1; }
int main() {
  int x;
  x = __VERIFIER_nondet_int();
  if (x == 0) { g = 1; } else { g = inc(x); }
  if (g == 1) { x = 5; }
  return 0;
}";

/// The BP of [`BRANCHES`] in the contract's shape, with `n5`'s code, `n4_0`'s assume and
/// `inc`'s body replaceable.
fn branches_bp(n5: &str, n4_0: &str, inc_body: &str, enforce: &str) -> String {
    format!(
        "
decl {{g == 1}}, {{*p == 0}};

void inc({{a == 0}})
begin
  {inc_body}
end

void main()
begin
  decl {{x == 0}};
  {enforce}
  {{g == 1}} := 0;
  n0: {{x == 0}} := *;
  n3: {{x == 0}} := *;
  n4: goto n4_0, n4_1;
  n4_0: {n4_0} goto n5;
  n4_1: assume(!{{x == 0}}); goto n7;
  n7: inc({{x == 0}}); {{g == 1}} := *; goto n6;
  n5: {n5} goto n6;
  n6: goto n6_0, n6_1;
  n6_0: assume({{g == 1}}); goto n8;
  n6_1: assume(!{{g == 1}}); goto n9;
  n8: {{x == 0}} := 0; goto n9;
  n9: return;
end"
    )
}

fn sound_branches_bp() -> String {
    branches_bp("{g == 1} := 1;", "assume({x == 0});", "n0: return;", "")
}

fn branches_spec<'a>(p: &'a Program, bp: &'a bebop::ast::Program) -> SimSpec<'a> {
    let g = read(p, None, "g");
    let pv = read(p, None, "p");
    let deref_p = Expr {
        kind: ExprKind::Read(Box::new(Lval::Deref(Box::new(pv)))),
        ty: int_ty(p),
    };
    let x = read(p, Some("main"), "x");
    let a = read(p, Some("inc"), "a");
    spec(
        p,
        bp,
        vec![
            ("{g == 1}", bin(p, BinOp::Eq, g, int(p, 1))),
            // `p` is null: this predicate is never known, so it never constrains.
            ("{*p == 0}", bin(p, BinOp::Eq, deref_p, int(p, 0))),
        ],
        vec![
            ("main", vec![("{x == 0}", bin(p, BinOp::Eq, x, int(p, 0)))]),
            ("inc", vec![("{a == 0}", bin(p, BinOp::Eq, a, int(p, 0)))]),
        ],
    )
}

#[test]
fn a_sound_bp_allows_every_run() {
    let p = load(BRANCHES);
    let bp = parse_bp(&sound_branches_bp());
    let s = branches_spec(&p, &bp);
    let sim = Simulator::new(&s).unwrap_or_else(|v| panic!("{v}"));
    for inputs in [vec![0], vec![7], vec![-1]] {
        let r = run_seq(&s, &inputs);
        assert!(r.violation.is_none(), "{}", r.violation.unwrap());
        assert_eq!(r.outcome, Outcome::Return { value: Some(0) });
        assert!(r.visits_checked >= 6, "{r:?}");
        assert_eq!(r.visits_skipped, 0);
    }
    for seed in 0..50 {
        let r = sim.check_run(&bounded(), &mut RandomOracle::new(seed));
        assert!(
            r.violation.is_none(),
            "seed {seed}: {}",
            r.violation.unwrap()
        );
    }
}

#[test]
fn a_predicate_not_updated_after_an_assignment_is_flagged() {
    let p = load(BRANCHES);
    let bp = parse_bp(&branches_bp(
        "skip;",
        "assume({x == 0});",
        "n0: return;",
        "",
    ));
    let s = branches_spec(&p, &bp);
    // x != 0 does not take the faulty edge.
    assert!(run_seq(&s, &[3]).violation.is_none());
    let v = violation(&s, &[0]);
    assert_eq!(v.kind, ViolationKind::Predicates, "{v}");
    assert_eq!(v.func.as_deref(), Some("main"));
    assert_eq!(v.node, Some(6));
    assert_eq!(v.bp_label.as_deref(), Some("n6"));
    assert!(v.message.contains("{g == 1} is 1 concretely"), "{v}");
    assert!(
        v.after.contains(&("{g == 1}".to_string(), Some(true))),
        "{v}"
    );
    assert!(
        v.before.contains(&("{g == 1}".to_string(), Some(false))),
        "{v}"
    );
    let text = v.to_string();
    assert!(
        text.contains("t.c:") && text.contains("BP label: n6"),
        "{text}"
    );
}

#[test]
fn a_wrong_assume_is_flagged_after_the_edge_it_blocks() {
    let p = load(BRANCHES);
    let bp = parse_bp(&branches_bp(
        "{g == 1} := 1;",
        "assume(!{x == 0});",
        "n0: return;",
        "",
    ));
    let s = branches_spec(&p, &bp);
    let v = violation(&s, &[0]);
    // The edge's code starts at `n4_0`; its assume blocks the way to `n5`.
    assert_eq!(v.kind, ViolationKind::NoPath, "{v}");
    assert_eq!(v.node, Some(5));
    assert_eq!(v.bp_label.as_deref(), Some("n5"));
    assert!(v.message.contains("node 4 edge 0"), "{v}");
}

#[test]
fn a_wrong_assume_in_a_callee_is_flagged_at_its_return() {
    let p = load(BRANCHES);
    let bp = parse_bp(&branches_bp(
        "{g == 1} := 1;",
        "assume({x == 0});",
        "n0: assume({a == 0}); return;",
        "",
    ));
    let s = branches_spec(&p, &bp);
    let v = violation(&s, &[4]);
    assert_eq!(v.kind, ViolationKind::NoPath, "{v}");
    assert_eq!(v.func.as_deref(), Some("inc"));
    assert!(v.message.contains("returns from `inc`"), "{v}");
}

#[test]
fn a_missing_call_is_flagged() {
    let p = load(BRANCHES);
    let text = sound_branches_bp().replace("inc({x == 0}); ", "");
    let bp = parse_bp(&text);
    let s = branches_spec(&p, &bp);
    assert!(run_seq(&s, &[0]).violation.is_none());
    let v = violation(&s, &[2]);
    assert_eq!(v.kind, ViolationKind::NoPath, "{v}");
    assert!(v.message.contains("cannot call `inc`"), "{v}");
}

#[test]
fn an_enforce_excluding_a_concrete_state_is_flagged() {
    let p = load(BRANCHES);
    let bp = parse_bp(&branches_bp(
        "{g == 1} := 1;",
        "assume({x == 0});",
        "n0: return;",
        "enforce !{x == 0};",
    ));
    let s = branches_spec(&p, &bp);
    // `x` is 0 after its uninitialized declaration (the sequence oracle's value).
    let v = violation(&s, &[5]);
    assert_eq!(v.kind, ViolationKind::Enforce, "{v}");
    assert_eq!(v.node, Some(3));
}

#[test]
fn a_missing_label_is_flagged() {
    let p = load(BRANCHES);
    let bp = parse_bp(&sound_branches_bp().replace("n8", "m8"));
    let s = branches_spec(&p, &bp);
    let v = violation(&s, &[0]);
    assert_eq!(v.kind, ViolationKind::MissingLabel, "{v}");
    assert_eq!(v.node, Some(8));
}

#[test]
fn unusable_specs_are_reported_not_run() {
    let p = load(BRANCHES);
    let bp = parse_bp(&sound_branches_bp());
    let mut s = branches_spec(&p, &bp);
    s.globals[0].0 = "{g == 2}".to_string();
    let r = run_seq(&s, &[0]);
    assert_eq!(r.violation.map(|v| v.kind), Some(ViolationKind::Spec));
    assert_eq!(r.steps, 0);
    // A BP that does not pass bebop's checks.
    let bad = parse_bp("void main() begin x := 1; end");
    let s = branches_spec(&p, &bad);
    let v = Simulator::new(&s).err().expect("rejected");
    assert_eq!(v.kind, ViolationKind::Spec);
    assert!(v.message.contains("bebop"), "{v}");
}

// ----- program 2: a loop in a callee, a returned predicate, an error location -----

const LOOP: &str = "
void reach_error(void);
int g;
int count(int n) {
  int i = 0;
  while (i < n) { i = i + 1; }
  return i;
}
int main() {
  int x = __VERIFIER_nondet_int();
  int r = count(x);
  if (r == 3) reach_error();
  return 0;
}";

fn loop_bp(ret: &str, error: &str) -> String {
    format!(
        "
bool count()
begin
  decl {{i < n}}, {{i == 3}};
  n0: {{i < n}}, {{i == 3}} := *, 0;
  n3: goto n3_0, n3_1;
  n3_0: assume({{i < n}}); goto n4;
  n3_1: assume(!{{i < n}}); goto n5;
  n4: {{i < n}}, {{i == 3}} := *, *;
  goto n3;
  n5: return {ret};
end

void main()
begin
  decl {{r == 3}};
  n0: skip;
  n3: {{r == 3}} := count();
  n4: goto n4_0, n4_1;
  n4_0: assume({{r == 3}}); goto n5;
  n4_1: assume(!{{r == 3}}); goto n6;
  n6: return;
  n5: {error}
end"
    )
}

fn loop_spec<'a>(p: &'a Program, bp: &'a bebop::ast::Program) -> SimSpec<'a> {
    let i = read(p, Some("count"), "i");
    let n = read(p, Some("count"), "n");
    let r = read(p, Some("main"), "r");
    spec(
        p,
        bp,
        vec![],
        vec![
            (
                "count",
                vec![
                    ("{i < n}", bin(p, BinOp::Lt, i.clone(), n)),
                    ("{i == 3}", bin(p, BinOp::Eq, i, int(p, 3))),
                ],
            ),
            ("main", vec![("{r == 3}", bin(p, BinOp::Eq, r, int(p, 3)))]),
        ],
    )
}

#[test]
fn loops_returned_predicates_and_errors_are_followed() {
    let p = load(LOOP);
    let bp = parse_bp(&loop_bp("{i == 3}", "assert(0);"));
    let s = loop_spec(&p, &bp);
    let r = run_seq(&s, &[3]);
    assert!(r.violation.is_none(), "{}", r.violation.unwrap());
    assert!(
        matches!(r.outcome, Outcome::Error { .. }),
        "{:?}",
        r.outcome
    );
    // Three loop iterations: n3 is checked four times in count.
    assert!(r.visits_checked >= 12, "{r:?}");
    let sim = Simulator::new(&s).unwrap_or_else(|v| panic!("{v}"));
    for seed in 0..50 {
        let r = sim.check_run(&bounded(), &mut RandomOracle::new(seed));
        assert!(
            r.violation.is_none(),
            "seed {seed}: {}",
            r.violation.unwrap()
        );
        assert_eq!(r.visits_skipped, 0);
    }
}

#[test]
fn an_error_the_bp_cannot_reach_is_flagged() {
    let p = load(LOOP);
    let bp = parse_bp(&loop_bp("{i == 3}", "assume(0);"));
    let s = loop_spec(&p, &bp);
    assert!(run_seq(&s, &[2]).violation.is_none());
    let v = violation(&s, &[3]);
    assert_eq!(v.kind, ViolationKind::MissedError, "{v}");
    assert_eq!(v.node, Some(5));
}

#[test]
fn a_wrong_return_value_is_flagged_in_the_caller() {
    let p = load(LOOP);
    let bp = parse_bp(&loop_bp("0", "assert(0);"));
    let s = loop_spec(&p, &bp);
    assert!(run_seq(&s, &[1]).violation.is_none());
    let v = violation(&s, &[3]);
    assert_eq!(v.kind, ViolationKind::Predicates, "{v}");
    assert_eq!((v.func.as_deref(), v.node), (Some("main"), Some(4)));
    assert!(v.message.contains("{r == 3} is 1 concretely"), "{v}");
}

#[test]
fn a_set_beyond_the_cap_is_skipped_and_reseeded() {
    // Thirteen nondeterministic BP locals that are not predicates, all read at once:
    // 2^13 states after n0.
    let p = load(BRANCHES);
    let extra: Vec<String> = (0..13).map(|i| format!("t{i}")).collect();
    let text = sound_branches_bp()
        .replace(
            "decl {x == 0};",
            &format!("decl {{x == 0}}, {};", extra.join(", ")),
        )
        .replace(
            "n0: {x == 0} := *;",
            &format!(
                "n0: {{x == 0}}, {} := *, {}; assume({} | 1);",
                extra.join(", "),
                vec!["*"; 13].join(", "),
                extra.join(" | ")
            ),
        );
    let bp = parse_bp(&text);
    let s = branches_spec(&p, &bp);
    let r = run_seq(&s, &[0]);
    assert!(r.violation.is_none(), "{}", r.violation.unwrap());
    assert_eq!(r.visits_skipped, 1, "{r:?}");
    assert!(r.visits_checked >= 5, "{r:?}");
    // Unread, they stay wildcards: no state is enumerated and nothing is skipped.
    let unread = text.replace(&format!(" assume({} | 1);", extra.join(" | ")), "");
    let bp2 = parse_bp(&unread);
    let r = run_seq(&branches_spec(&p, &bp2), &[0]);
    assert!(r.violation.is_none() && r.visits_skipped == 0, "{r:?}");
    // The re-seeded set still catches a later fault.
    let faulty = text.replace("n5: {g == 1} := 1;", "n5: skip;");
    let bp = parse_bp(&faulty);
    let s = branches_spec(&p, &bp);
    assert_eq!(violation(&s, &[0]).kind, ViolationKind::Predicates);
}

#[test]
fn a_node_whose_code_blocks_the_edge_taken_is_flagged_at_the_edge() {
    let p = load(BRANCHES);
    let text = sound_branches_bp().replace(
        "n4: goto n4_0, n4_1;",
        "n4: assume(!{x == 0}); goto n4_0, n4_1;",
    );
    let bp = parse_bp(&text);
    let s = branches_spec(&p, &bp);
    let v = violation(&s, &[0]);
    assert_eq!(v.kind, ViolationKind::NoPath, "{v}");
    assert_eq!((v.node, v.edge), (Some(4), Some(0)));
    assert_eq!(v.bp_label.as_deref(), Some("n4_0"));
}

#[test]
fn code_going_to_another_node_than_the_run_is_flagged() {
    let p = load(BRANCHES);
    let text = sound_branches_bp().replace(
        "n4_0: assume({x == 0}); goto n5;",
        "n4_0: assume({x == 0}); goto n7;",
    );
    let bp = parse_bp(&text);
    let s = branches_spec(&p, &bp);
    let v = violation(&s, &[0]);
    assert_eq!((v.kind, v.node), (ViolationKind::NoPath, Some(5)), "{v}");
}

const RECURSION: &str = "
int g;
int down(int n) {
  if (n <= 0) return 0;
  g = g + 1;
  return down(n - 1);
}
int main() {
  int k = __VERIFIER_nondet_int();
  down(k);
  return 0;
}";

#[test]
fn recursive_calls_keep_one_bp_frame_per_activation() {
    let p = load(RECURSION);
    let down = p.func(func(&p, "down")).body.as_ref().unwrap();
    // The CIR shape this BP is written for.
    assert_eq!(down.nodes.len(), 7, "{:?}", down.nodes);
    let text = "
decl {g == 0};
void down({n <= 0})
begin
  n0: goto n0_0, n0_1;
  n0_0: assume({n <= 0}); goto n3;
  n0_1: assume(!{n <= 0}); goto n4;
  n3: return;
  n4: {g == 0} := 0; goto n5;
  n5: down(*); goto n6;
  n6: return;
end
void main()
begin
  decl {k == 0};
  {g == 0} := 1;
  n0: {k == 0} := *;
  n3: down({k == 0} | *); goto n4;
  n4: return;
end";
    let bp = parse_bp(text);
    let n = read(&p, Some("down"), "n");
    let k = read(&p, Some("main"), "k");
    let g = read(&p, None, "g");
    let s = spec(
        &p,
        &bp,
        vec![("{g == 0}", bin(&p, BinOp::Eq, g, int(&p, 0)))],
        vec![
            (
                "down",
                vec![("{n <= 0}", bin(&p, BinOp::Le, n, int(&p, 0)))],
            ),
            (
                "main",
                vec![("{k == 0}", bin(&p, BinOp::Eq, k, int(&p, 0)))],
            ),
        ],
    );
    let r = run_seq(&s, &[4]);
    assert!(r.violation.is_none(), "{}", r.violation.unwrap());
    assert_eq!(r.visits_skipped, 0);
    // Forgetting that `g` changes is caught at the next node.
    let bad = parse_bp(&text.replace("n4: {g == 0} := 0; goto n5;", "n4: goto n5;"));
    let s = SimSpec { bp: &bad, ..s };
    assert_eq!(violation(&s, &[4]).kind, ViolationKind::Predicates);
}
