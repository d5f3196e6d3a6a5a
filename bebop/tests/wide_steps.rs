//! Steps too wide to enumerate: a callee with 48 locals and parallel assignments of 40
//! variables, each with its own choice. The BDD engine and its trace builder must neither
//! enumerate the callee's entry states (2^48) nor the choices of one step (2^40), and the
//! trace must replay.

use bebop::cfg::Cfg;
use bebop::driver::{decide, Engine};
use bebop::parser::parse;
use bebop::reach::{Outcome, Target};
use bebop::symbolic::SymbolicOptions;

/// `main` calls `wide`, whose 48 locals are assigned in parallel from `*` and from
/// `schoose` over each other; the assertion fails only when every one of the first 40
/// ends up true, which needs the right value of every choice.
fn program() -> String {
    let n = 48;
    let k = 40;
    let locals: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let first: Vec<&str> = locals[..k].iter().map(String::as_str).collect();
    let stars = vec!["*"; k].join(", ");
    let chooses: Vec<String> = (0..k)
        .map(|i| format!("schoose[v{i} & v{}, F]", (i + 1) % k))
        .collect();
    let all_true = first.join(" & ");
    format!(
        "void main()\nbegin\n  wide();\nend\n\
         void wide()\nbegin\n  decl {};\n  {} := {};\n  {} := {};\n  assert(!({}));\nend\n",
        locals.join(", "),
        first.join(", "),
        stars,
        first.join(", "),
        chooses.join(", "),
        all_true
    )
}

#[test]
fn wide_steps_give_a_replayed_trace() {
    let p = parse(&program()).expect("parses");
    let cfg = Cfg::build(&p).expect("well formed");
    let (outcome, _) = decide(
        &cfg,
        &Target::AssertFailure,
        &Engine::Bdd(SymbolicOptions::default()),
    );
    // `decide` replays the trace with the independent checker; a trace that does not
    // replay would be GaveUp.
    match outcome {
        Outcome::Reachable(trace) => assert!(trace.steps.len() >= 4, "{trace:?}"),
        other => panic!("expected a trace, got {other:?}"),
    }
}
