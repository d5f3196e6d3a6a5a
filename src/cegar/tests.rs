//! CEGAR on small programs whose error locations are calls of an external `reach_error`.

use super::*;
use slamrs_abstraction::frontend::{load_text, LoadOptions};

fn check(src: &str) -> Outcome {
    let text =
        format!("extern void reach_error(void); extern int __VERIFIER_nondet_int(void);\n{src}");
    let mut prog = load_text("t.c", text, &LoadOptions::default()).expect("loads");
    run(
        &mut prog,
        PredicateSet::default(),
        &Options::default(),
        &mut |_| {},
        &mut |_, _| Ok(Confirmation::InterpreterOnly),
    )
}

fn is_safe(o: &Outcome) -> bool {
    matches!(o.verdict, Verdict::Safe)
}

fn is_violation(o: &Outcome) -> bool {
    matches!(o.verdict, Verdict::Violation(_))
}

#[test]
fn straight_line_safe_and_unsafe() {
    let safe = check("int main() { int x = 1; if (x != 1) reach_error(); return 0; }");
    assert!(is_safe(&safe), "{:?}", safe.verdict);
    let bad = check(
        "int main() { int x = __VERIFIER_nondet_int(); if (x == 42) reach_error(); return 0; }",
    );
    match &bad.verdict {
        Verdict::Violation(cex) => assert_eq!(cex.inputs, vec![42]),
        v => panic!("{v:?}"),
    }
}

#[test]
fn facts_through_calls() {
    let safe = check(
        "int inc(int a) { return a + 1; }
         int main() { int x = __VERIFIER_nondet_int(); int y = inc(x);
                      if (y == 5) { if (x != 4) reach_error(); } return 0; }",
    );
    assert!(is_safe(&safe), "{:?}", safe.verdict);
    let bad = check(
        "int inc(int a) { return a + 1; }
         int main() { int x = __VERIFIER_nondet_int(); int y = inc(x);
                      if (y == 5) { if (x == 4) reach_error(); } return 0; }",
    );
    assert!(is_violation(&bad), "{:?}", bad.verdict);
}

#[test]
fn lock_discipline_in_a_loop() {
    let src = "int locked = 0;
        void lock(void) { if (locked) reach_error(); locked = 1; }
        void unlock(void) { if (!locked) reach_error(); locked = 0; }
        int main() {
          int n = __VERIFIER_nondet_int();
          while (n > 0) { lock(); if (__VERIFIER_nondet_int()) { unlock(); } else { unlock(); } n--; }
          return 0;
        }";
    let safe = check(src);
    assert!(is_safe(&safe), "{:?}", safe.verdict);
    let bad = check(&src.replace("} else { unlock(); }", "} else { }"));
    assert!(is_violation(&bad), "{:?}", bad.verdict);
}

#[test]
fn pointers_and_fields() {
    let safe = check(
        "struct dev { int state; int lock; };
         void set(struct dev *d, int v) { d->state = v; }
         int main() { struct dev d; struct dev *p = &d; set(p, 3);
                      if (d.state != 3) reach_error(); return 0; }",
    );
    assert!(is_safe(&safe), "{:?}", safe.verdict);
}

#[test]
fn exploration_proves_what_predicates_do_not() {
    // twice the sum is n * (n + 1): no predicate the refinement finds proves it, while
    // the directed exploration covers the 103 paths the input bound allows
    let src = "int sum(int n) { if (n == 0) return 0; return n + sum(n - 1); }
        int main() { int n = __VERIFIER_nondet_int();
          if (n < 0 || n > 100) return 0;
          if (2 * sum(n) != n * (n + 1)) reach_error();
          return 0; }";
    let safe = check(src);
    assert!(is_safe(&safe), "{:?}", safe.verdict);
    assert_eq!(safe.proof, Some(Proof::Exploration));
    assert_eq!(safe.stats.explored_paths, 103);
    let bad = check(&src.replace("n * (n + 1)", "n * (n + 1) + (n == 77)"));
    match &bad.verdict {
        Verdict::Violation(cex) => assert_eq!(cex.inputs, vec![77]),
        v => panic!("{v:?}"),
    }
    // without the exploration the loop gives up
    let mut prog = load_text(
        "t.c",
        format!("extern void reach_error(void); extern int __VERIFIER_nondet_int(void);\n{src}"),
        &LoadOptions::default(),
    )
    .expect("loads");
    let alone = run(
        &mut prog,
        PredicateSet::default(),
        &Options {
            explore: false,
            ..Options::default()
        },
        &mut |_| {},
        &mut |_, _| Ok(Confirmation::InterpreterOnly),
    );
    assert!(
        matches!(alone.verdict, Verdict::Unknown(_)),
        "{:?}",
        alone.verdict
    );
    assert_eq!(alone.stats.explored_paths, 0);
}

#[test]
fn bebop_proofs_say_so() {
    let safe = check("int main() { int x = 1; if (x != 1) reach_error(); return 0; }");
    assert_eq!(safe.proof, Some(Proof::Abstraction));
}
