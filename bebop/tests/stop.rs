//! A search asked to stop (another engine answered, or the time limit passed) gives up
//! with the reason instead of running to the end; left alone, it answers. A search whose
//! BDD node table fills up gives up too, never answering from meaningless results.

use bebop::cfg::Cfg;
use bebop::driver::{decide, Engine};
use bebop::parser::parse;
use bebop::reach::{Limit, Outcome, Target};
use bebop::symbolic::{Stop, SymbolicOptions};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A procedure of `n` assignments before a failing assertion: `n` worklist items.
fn long_program(n: usize) -> Cfg {
    let mut text = String::from("decl g;\nvoid main()\nbegin\n  g := F;\n");
    for _ in 0..n {
        text.push_str("  g := !g;\n");
    }
    text.push_str("  assert(g);\nend\n");
    let p = parse(&text).expect("parses");
    Cfg::build(&p).expect("well formed")
}

fn run(cfg: &Cfg, stop: Stop) -> Outcome {
    let engine = Engine::Bdd(SymbolicOptions {
        stop,
        ..SymbolicOptions::default()
    });
    decide(cfg, &Target::AssertFailure, &engine).0
}

#[test]
fn a_search_stops_when_asked() {
    // 2,000 flips of g from false: g is false at the assertion, which fails
    let cfg = long_program(2000);
    assert!(matches!(run(&cfg, Stop::default()), Outcome::Reachable(_)));
    let answered = Stop {
        flag: Some(Arc::new(AtomicBool::new(true))),
        deadline: None,
    };
    match run(&cfg, answered) {
        Outcome::GaveUp(why) => assert!(why.message.contains("another search answered"), "{why}"),
        o => panic!("not stopped: {o:?}"),
    }
    let late = Stop {
        flag: Some(Arc::new(AtomicBool::new(false))),
        deadline: Some(Instant::now() - Duration::from_millis(1)),
    };
    match run(&cfg, late) {
        Outcome::GaveUp(why) => assert!(why.message.contains("time limit"), "{why}"),
        o => panic!("not stopped: {o:?}"),
    }
    // a flag that is not set and a deadline far away change nothing
    let idle = Stop {
        flag: Some(Arc::new(AtomicBool::new(false))),
        deadline: Some(Instant::now() + Duration::from_secs(3600)),
    };
    assert!(matches!(run(&cfg, idle), Outcome::Reachable(_)));
}

/// `n` boolean variables set from choices, then an assertion that holds exactly when their
/// parity is even and that a last flip keeps unreachable to fail: a search must explore all
/// 2^n valuations' BDD to prove it.
fn wide_program(n: usize) -> Cfg {
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!("decl g{i};\n"));
    }
    text.push_str("void main()\nbegin\n");
    for i in 0..n {
        text.push_str(&format!("  g{i} := *;\n"));
    }
    // the assertion can fail (some valuation makes every g true)
    let all: Vec<String> = (0..n).map(|i| format!("g{i}")).collect();
    text.push_str(&format!("  assert(!({}));\nend\n", all.join(" & ")));
    let p = parse(&text).expect("parses");
    Cfg::build(&p).expect("well formed")
}

#[test]
fn a_full_node_table_gives_up_instead_of_answering() {
    let cfg = wide_program(24);
    let roomy = Engine::Bdd(SymbolicOptions::default());
    assert!(matches!(
        decide(&cfg, &Target::AssertFailure, &roomy).0,
        Outcome::Reachable(_)
    ));
    // a table of 8 nodes cannot even hold the literals
    for capacity in [8, 40] {
        let tiny = Engine::Bdd(SymbolicOptions {
            node_capacity: capacity,
            ..SymbolicOptions::default()
        });
        match decide(&cfg, &Target::AssertFailure, &tiny).0 {
            Outcome::GaveUp(why) => {
                assert_eq!(why.limit, Limit::NodeTable, "{why}");
                assert!(why.message.contains("BDD node table full"), "{why}");
            }
            o => panic!("capacity {capacity}: answered from a full table: {o:?}"),
        }
    }
}
