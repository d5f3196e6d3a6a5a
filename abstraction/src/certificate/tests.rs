//! The checker on small programs with hand-written claims: what is inductive is proved,
//! what is not (or proves too little) is refused, with the segment that fails.

use super::check::{check, ClaimError, GoalKind, Options, Outcome, Start};
use super::{loop_at, loop_heads, Claim, Site};
use crate::analysis::Analyses;
use crate::cir::{FuncId, Loc, Program};
use crate::frontend::{load_text, LoadOptions};

fn program(src: &str) -> Program {
    load_text("t.c", src.to_string(), &LoadOptions::default()).expect("loads")
}

/// A claim: `site` is `loop@LINE`, `requires` or `ensures`.
fn claim(prog: &Program, func: &str, site: &str, text: &str) -> Claim {
    let f = prog.func_by_name(func).expect("function");
    let site = match site {
        "requires" => Site::Requires,
        "ensures" => Site::Ensures,
        s => {
            let line: u32 = s.trim_start_matches("loop@").parse().expect("loop@LINE");
            Site::Loop(loop_at(prog, f, line, None).expect("a loop on that line"))
        }
    };
    Claim {
        func: f,
        site,
        text: text.into(),
        loc: Loc::default(),
    }
}

fn run(src: &str, claims: &[(&str, &str, &str)]) -> Result<Outcome, ClaimError> {
    let mut prog = program(src);
    let cs: Vec<Claim> = claims
        .iter()
        .map(|(f, s, t)| claim(&prog, f, s, t))
        .collect();
    let an = Analyses::compute(&prog);
    let main = prog.func_by_name("main").expect("main");
    check(&mut prog, &an, main, &cs, &Options::default())
}

fn proved(o: &Result<Outcome, ClaimError>) -> bool {
    matches!(o, Ok(Outcome::Proved { .. }))
}

/// The start of the failing segment, if the claims are not inductive.
fn fails_at(o: &Result<Outcome, ClaimError>) -> Option<Start> {
    match o {
        Ok(Outcome::NotInductive(ob)) => Some(ob.start),
        _ => None,
    }
}

/// The end of the failing segment that fails alone, with its line.
fn fails_to(o: &Result<Outcome, ClaimError>) -> Option<(GoalKind, u32)> {
    match o {
        Ok(Outcome::NotInductive(ob)) => ob.goal.map(|g| (g.kind, g.loc.line)),
        _ => None,
    }
}

const COUNT: &str = "extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  if (n < 0 || n > 100) return 0;
  while (i < n) {
    s = s + 2;
    i++;
  }
  if (s != 2 * n) reach_error();
  return 0;
}
";

#[test]
fn an_inductive_loop_invariant_proves_the_program() {
    let o = run(COUNT, &[("main", "loop@7", "s == 2 * i && i <= n")]);
    assert!(proved(&o), "{o:?}");
}

#[test]
fn a_loop_invariant_that_is_not_preserved_is_refused_at_its_loop() {
    // true initially, not preserved (s grows past 10)
    let o = run(COUNT, &[("main", "loop@7", "s <= 10")]);
    assert!(matches!(fails_at(&o), Some(Start::Loop(_))), "{o:?}");
    // at the loop head it comes back to
    assert!(
        matches!(fails_to(&o), Some((GoalKind::LoopInvariant, _))),
        "{o:?}"
    );
}

#[test]
fn an_invariant_too_weak_to_exclude_the_error_is_refused() {
    // inductive, but says nothing of s at the loop's exit
    let o = run(COUNT, &[("main", "loop@7", "i <= n")]);
    assert!(matches!(fails_at(&o), Some(Start::Loop(_))), "{o:?}");
    // the error after the loop, on line 11
    assert_eq!(fails_to(&o), Some((GoalKind::NoError, 11)), "{o:?}");
    // no claim at all: the loop head's claim is `true`
    let o = run(COUNT, &[]);
    assert!(fails_at(&o).is_some(), "{o:?}");
}

#[test]
fn an_invariant_false_initially_is_refused_at_the_start() {
    let o = run(
        COUNT,
        &[("main", "loop@7", "s == 2 * i && i <= n && i > 0")],
    );
    assert_eq!(fails_at(&o), Some(Start::Initial), "{o:?}");
}

#[test]
fn a_reachable_error_is_never_proved() {
    let src = "extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) { int x = __VERIFIER_nondet_int(); if (x == 3) reach_error(); return 0; }
";
    let o = run(src, &[]);
    assert_eq!(fails_at(&o), Some(Start::Initial), "{o:?}");
}

const CALLS: &str = "extern void reach_error(void);
int calls;
int inc(int a) {
  calls = calls + 1;
  return a + 1;
}
int main(void) {
  int x = inc(5);
  if (x != 6) reach_error();
  if (calls != 1) reach_error();
  return 0;
}
";

#[test]
fn a_call_is_replaced_by_the_callee_contract() {
    let o = run(
        CALLS,
        &[(
            "inc",
            "ensures",
            "\\result == a + 1 && calls == \\old(calls) + 1",
        )],
    );
    assert!(proved(&o), "{o:?}");
}

#[test]
fn without_a_contract_a_callee_may_return_anything() {
    let o = run(CALLS, &[]);
    assert_eq!(fails_at(&o), Some(Start::Initial), "{o:?}");
    // half a contract: the global the callee modifies takes any value
    let o = run(CALLS, &[("inc", "ensures", "\\result == a + 1")]);
    assert_eq!(fails_at(&o), Some(Start::Initial), "{o:?}");
}

#[test]
fn a_postcondition_the_callee_does_not_establish_is_refused_at_its_entry() {
    let o = run(
        CALLS,
        &[("inc", "ensures", "\\result == a + 1 && calls == 1")],
    );
    assert_eq!(fails_at(&o), Some(Start::Entry), "{o:?}");
    assert!(
        matches!(fails_to(&o), Some((GoalKind::Ensures, _))),
        "{o:?}"
    );
}

#[test]
fn a_precondition_is_shown_at_every_call() {
    let src = "extern void reach_error(void);
int half(int a) { if (a % 2 != 0) reach_error(); return a / 2; }
int main(void) { int x = half(4); int y = half(3); return x + y; }
";
    // the callee is correct under its precondition, the second call breaks it
    let o = run(src, &[("half", "requires", "a % 2 == 0")]);
    assert_eq!(fails_at(&o), Some(Start::Initial), "{o:?}");
    let half = program(src).func_by_name("half").unwrap();
    assert_eq!(fails_to(&o), Some((GoalKind::Requires(half), 3)), "{o:?}");
    let ok = src.replace("half(3)", "half(6)");
    let o = run(&ok, &[("half", "requires", "a % 2 == 0")]);
    assert!(proved(&o), "{o:?}");
}

#[test]
fn recursion_is_proved_by_its_own_contract() {
    let src = "extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) { int k = __VERIFIER_nondet_int(); if (sum(k) < 0) reach_error(); return 0; }
";
    let o = run(src, &[("sum", "ensures", "\\result >= 0")]);
    assert!(proved(&o), "{o:?}");
    // a postcondition that only holds of the base case is refused in the recursive case
    let o = run(src, &[("sum", "ensures", "\\result == 0")]);
    assert_eq!(fails_at(&o), Some(Start::Entry), "{o:?}");
}

#[test]
fn memory_written_by_a_callee_is_known_only_through_its_contract() {
    let src = "extern void reach_error(void);
void set(int *p) { *p = 5; }
int main(void) { int x = 0; int y = 7; set(&x); if (x != 5) reach_error(); if (y != 7) reach_error(); return 0; }
";
    let o = run(src, &[("set", "ensures", "*p == 5")]);
    assert!(proved(&o), "{o:?}");
    let o = run(src, &[]);
    assert_eq!(fails_at(&o), Some(Start::Initial), "{o:?}");
}

#[test]
fn a_postcondition_over_a_parameter_the_function_assigns_is_refused() {
    let src = "int dec(int a) { a = a - 1; return a; }
int main(void) { return dec(3); }
";
    let o = run(src, &[("dec", "ensures", "\\result == a")]);
    assert!(matches!(o, Err(ClaimError { .. })), "{o:?}");
}

#[test]
fn loop_heads_are_the_targets_of_back_edges() {
    let prog = program(COUNT);
    let main = prog.func_by_name("main").expect("main");
    let body = prog.func(main).body.as_ref().expect("body");
    let heads = loop_heads(body);
    assert_eq!(heads.len(), 1);
    assert_eq!(body.node(heads[0]).edges[0].loc.line, 7);
    let _: FuncId = main;
}

#[test]
fn a_claim_through_the_result_pointer_sees_every_write() {
    // `\result` is no variable of the program: the points-to analysis knows nothing of
    // what it points to, so a write through `p` must still reach `\result->c`
    let src = "extern void reach_error(void);
struct s { int a; int c; };
struct s g;
struct s *make(void) { struct s *p = &g; p->c = 1; return p; }
int main(void) { struct s *q = make(); if (q->c != 0) reach_error(); return 0; }
";
    let o = run(
        src,
        &[
            ("make", "requires", "g.c == 0"),
            ("make", "ensures", "\\result->c == 0"),
        ],
    );
    assert!(fails_at(&o).is_some(), "{o:?}");
    let o = run(
        src.replace("p->c = 1", "p->c = 0").as_str(),
        &[("make", "ensures", "\\result->c == 0")],
    );
    assert!(proved(&o), "{o:?}");
}

#[test]
fn a_chain_of_branches_is_decided_through_its_joins() {
    // 16 diamonds: 65536 paths; the joins' WPs are shared, so the check stays small, and
    // it still finds the one combination that reaches the error
    let mut src = String::from(
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int x = 0;\n",
    );
    for _ in 0..16 {
        src.push_str("  if (__VERIFIER_nondet_int()) x = x + 1; else x = x + 2;\n");
    }
    let reachable = format!("{src}  if (x == 16) reach_error();\n  return 0;\n}}\n");
    let o = run(&reachable, &[]);
    assert_eq!(fails_at(&o), Some(Start::Initial), "{o:?}");
    let unreachable = format!("{src}  if (x < 16 || x > 32) reach_error();\n  return 0;\n}}\n");
    let o = run(&unreachable, &[]);
    assert!(proved(&o), "{o:?}");
}

const WRAP: &str = "extern void reach_error(void);
unsigned char c = 0;
int main(void) {
  int i = 0;
  while (i < 300) {
    c = c + 1;
    i++;
  }
  if (c != 44) reach_error();
  return 0;
}
";

#[test]
fn a_claim_with_a_narrowing_cast_is_read_with_its_wraparound() {
    // c counts i modulo 256: only the cast says so
    let o = run(
        WRAP,
        &[("main", "loop@5", "c == (unsigned char)i && i <= 300")],
    );
    assert!(proved(&o), "{o:?}");
    // without the cast the claim breaks when c wraps
    let o = run(WRAP, &[("main", "loop@5", "c == i && i <= 300")]);
    assert!(fails_at(&o).is_some(), "{o:?}");
    // the cast is a cast, not a parenthesized variable: a wrong width fails too
    let o = run(
        WRAP,
        &[("main", "loop@5", "c == (unsigned short)i && i <= 300")],
    );
    assert!(fails_at(&o).is_some(), "{o:?}");
}

const INC: &str = "extern void reach_error(void);
void inc(int *p) {
  *p = *p + 1;
}
int main(void) {
  int c = 5;
  inc(&c);
  inc(&c);
  if (c != 7) reach_error();
  return 0;
}
";

#[test]
fn the_old_value_of_a_cell_is_read_at_entry_and_at_each_call() {
    let o = run(INC, &[("inc", "ensures", "*p == \\old(*p) + 1")]);
    assert!(proved(&o), "{o:?}");
    // a postcondition the body does not establish (main, checked first, then misses 7)
    let o = run(INC, &[("inc", "ensures", "*p == \\old(*p) + 2")]);
    assert!(fails_at(&o).is_some(), "{o:?}");
    let quiet = INC.replace("if (c != 7) reach_error();", "");
    let o = run(&quiet, &[("inc", "ensures", "*p == \\old(*p) + 2")]);
    assert_eq!(fails_at(&o), Some(Start::Entry), "{o:?}");
    // one that holds but, with the old value unrelated to the caller's, proves nothing
    let o = run(INC, &[("inc", "ensures", "*p > \\old(*p)")]);
    assert!(fails_at(&o).is_some(), "{o:?}");
    // `\old` of a local that is not a formal has no value at entry
    let o = run(
        "int main(void) { int x = 0; return x; }",
        &[("main", "ensures", "\\old(x) == 0")],
    );
    assert!(matches!(o, Err(ClaimError { .. })), "{o:?}");
}
