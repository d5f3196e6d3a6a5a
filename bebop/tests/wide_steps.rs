//! Steps too wide to enumerate: a callee with 48 locals and parallel assignments of 40
//! variables, each with its own choice. The BDD engine and its trace builder must neither
//! enumerate the callee's entry states (2^48) nor the choices of one step (2^40), and the
//! trace must replay. Steps with more than 64 choices (c2bp gives every `schoose` its
//! own) must not alias choice 64 to choice 0 either.

use bebop::cfg::Cfg;
use bebop::driver::{decide, Engine};
use bebop::explicit::{self, ExplicitLimits};
use bebop::parser::parse;
use bebop::reach::{is_assert, Outcome, Target};
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

/// `x0, …, x64 := *, …, *; assert(!(x0 & !x64));`: the failure needs choice 0 true and
/// choice 64 false, which a choice set packed in a `u64` cannot express.
fn aliased_program() -> String {
    let xs: Vec<String> = (0..65).map(|i| format!("x{i}")).collect();
    format!(
        "void main()\nbegin\n  decl {};\n  {} := {};\n  assert(!(x0 & !x64));\nend\n",
        xs.join(", "),
        xs.join(", "),
        vec!["*"; 65].join(", ")
    )
}

/// `a := * & … & *; assert(!a);`: one expression with 65 choices, all of which must be
/// true (the trace checker once enumerated a group's choices in a `u64`).
fn conjunction_program() -> String {
    format!(
        "void main()\nbegin\n  decl a;\n  a := {};\n  assert(!a);\nend\n",
        vec!["*"; 65].join(" & ")
    )
}

/// Regression: on a c2bp program whose loop body makes 66 choices in one step
/// (`programs/wide/geometric_66_choices.bp`, reduced from a real abstraction), the
/// trace builder reported "no successor of vertex 11 in `main` matches". There, on a
/// distilled program and on one expression with 65 choices, the trace must be built,
/// replay, and end at the assertion; the explicit engine, which cannot enumerate the
/// choices, must give up (never answer unreachable).
#[test]
fn steps_with_more_than_64_choices_give_a_replayed_trace() {
    let geometric = include_str!("programs/wide/geometric_66_choices.bp");
    let aliased = aliased_program();
    let conjunction = conjunction_program();
    let all_off = SymbolicOptions {
        live_ranges: false,
        mod_ref: false,
        skip_jumps: false,
        ..SymbolicOptions::default()
    };
    for (name, src) in [
        ("geometric", geometric),
        ("aliased", aliased.as_str()),
        ("conjunction", conjunction.as_str()),
    ] {
        let p = parse(src).expect("parses");
        let cfg = Cfg::build(&p).expect("well formed");
        assert!(cfg.max_choices > 64, "{name}: {} choices", cfg.max_choices);
        for opts in [SymbolicOptions::default(), all_off.clone()] {
            let (outcome, _) = decide(&cfg, &Target::AssertFailure, &Engine::Bdd(opts));
            let Outcome::Reachable(trace) = outcome else {
                panic!("{name}: expected a trace, got {outcome:?}");
            };
            let n = trace.steps.len();
            assert!(n >= 2, "{name}: {trace:?}");
            assert_eq!(trace.steps[n - 1].vertex, cfg.err, "{name}");
            assert!(is_assert(&cfg, trace.steps[n - 2].vertex), "{name}");
        }
        let (outcome, _) =
            explicit::check(&cfg, &Target::AssertFailure, &ExplicitLimits::default());
        assert!(
            matches!(outcome, Outcome::GaveUp(_)),
            "{name}: explicit engine: {outcome:?}"
        );
    }
}

/// `main` calls `pick` with 40 `*` arguments; `pick` keeps at most one of its formals
/// true (`enforce`) and fails only when it is formal 37 (a one-hot state of c2bp's state
/// machines passed as a parameter). The engine must not build `formal_j ↔ choice_j` as one
/// conjunction (exponential with the choices last in the order), and the trace builder
/// must find the callee's entry without enumerating 2^40 choices.
fn one_hot_program() -> String {
    let n = 40;
    let fs: Vec<String> = (0..n).map(|i| format!("f{i}")).collect();
    let mut clauses = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            clauses.push(format!("!({} & {})", fs[i], fs[j]));
        }
    }
    // balanced, so the parser's nesting bound holds
    fn balanced(c: &[String]) -> String {
        match c.len() {
            1 => c[0].clone(),
            n => format!("({}) & ({})", balanced(&c[..n / 2]), balanced(&c[n / 2..])),
        }
    }
    let stars = vec!["*"; n].join(", ");
    format!(
        "void main()\nbegin\n  pick({stars});\nend\n\
         void pick({})\nbegin\n  enforce {};\n  assert(!f37);\nend\n",
        fs.join(", "),
        balanced(&clauses)
    )
}

#[test]
fn calls_with_many_star_arguments_give_a_replayed_trace() {
    let p = parse(&one_hot_program()).expect("parses");
    let cfg = Cfg::build(&p).expect("well formed");
    let (outcome, _) = decide(
        &cfg,
        &Target::AssertFailure,
        &Engine::Bdd(SymbolicOptions::default()),
    );
    match outcome {
        Outcome::Reachable(trace) => {
            let last = trace.steps.last().expect("steps");
            assert!(last.state.l.get(37), "{trace:?}");
        }
        other => panic!("expected a trace, got {other:?}"),
    }
}
