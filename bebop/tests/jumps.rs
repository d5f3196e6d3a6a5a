//! Straight-line compression (`symbolic::jumps`): the BDD engine passes over `goto`, `skip`
//! and `assume`, including gotos with several labels, diamonds of gotos, cycles of them and
//! assumes that decide the way. The
//! verdicts must be those of the engine without it and of the explicit engine, and every
//! trace must replay and show the statements passed over.

use bebop::cfg::{Cfg, VKind};
use bebop::driver::{decide, Engine};
use bebop::explicit::ExplicitLimits;
use bebop::parser::parse;
use bebop::reach::{Outcome, Target};
use bebop::symbolic::SymbolicOptions;

/// Programs whose control flow is mostly jumps, each with the expected verdict of its
/// assertion (true: it can fail).
const PROGRAMS: &[(&str, &str, bool)] = &[
    (
        "a diamond of gotos to a failing assertion",
        "decl g;\n\
         void main()\nbegin\n  g := T;\n  goto a, b;\n  a: goto c;\n  b: goto c;\n  \
         c: skip;\n  goto d;\n  d: assert(!g);\nend\n",
        true,
    ),
    (
        "a cycle of gotos that a branch leaves",
        "decl g;\n\
         void main()\nbegin\n  g := F;\n  l1: goto l2, out;\n  l2: goto l3;\n  l3: goto l1;\n  \
         out: g := !g;\n  assert(!g);\nend\n",
        true,
    ),
    (
        "a goto to itself after the assertion",
        "decl g;\n\
         void main()\nbegin\n  g := F;\n  assert(!g);\n  l: goto l;\nend\n",
        false,
    ),
    (
        "a loop through jumps that sets a flag on its second round",
        "decl g, h;\n\
         void main()\nbegin\n  g, h := F, F;\n  top: goto x;\n  x: goto y;\n  \
         y: if (g) then h := T; fi\n  g := T;\n  goto z, top;\n  z: goto w;\n  \
         w: assert(!h);\nend\n",
        true,
    ),
    (
        "assumes on the jumps decide which way a state takes (safe)",
        "decl g, h;\n\
         void main()\nbegin\n  g, h := *, F;\n  goto a, b;\n  a: assume(g);\n  goto c;\n  \
         b: assume(!g);\n  h := T;\n  goto c;\n  c: assert(!(g & h));\nend\n",
        false,
    ),
    (
        "assumes on the jumps decide which way a state takes (failing)",
        "decl g, h;\n\
         void main()\nbegin\n  g, h := *, F;\n  goto a, b;\n  a: assume(g);\n  goto c;\n  \
         b: assume(!g);\n  h := T;\n  goto c;\n  c: assert(g | !h);\nend\n",
        true,
    ),
    (
        "an assume with a choice between jumps",
        "decl g;\n\
         void main()\nbegin\n  g := *;\n  goto a;\n  a: assume(g | *);\n  goto b;\n  \
         b: assume(!g);\n  goto c;\n  c: assert(g);\nend\n",
        true,
    ),
    (
        "jumps in a callee whose result the caller asserts",
        "void main()\nbegin\n  decl r;\n  r := f(T);\n  assert(r);\nend\n\
         bool f(x)\nbegin\n  goto a, b;\n  a: goto c;\n  b: goto c;\n  c: return x;\nend\n",
        false,
    ),
];

fn bdd(skip_jumps: bool) -> Engine {
    Engine::Bdd(SymbolicOptions {
        skip_jumps,
        ..SymbolicOptions::default()
    })
}

#[test]
fn jumps_are_passed_over_with_the_same_verdicts_and_full_traces() {
    for (what, text, fails) in PROGRAMS {
        let p = parse(text).unwrap_or_else(|e| panic!("{what}: {e:?}"));
        let cfg = Cfg::build(&p).unwrap_or_else(|e| panic!("{what}: {e:?}"));
        let t = Target::AssertFailure;
        let engines = [
            ("bdd", bdd(true)),
            ("bdd without jumps skipped", bdd(false)),
            ("explicit", Engine::Explicit(ExplicitLimits::default())),
        ];
        for (name, engine) in engines {
            // `decide` replays every trace with the independent checker; one that does
            // not replay is GaveUp.
            let (outcome, _) = decide(&cfg, &t, &engine);
            match outcome {
                Outcome::Reachable(trace) => {
                    assert!(*fails, "{what}: {name} found a failure");
                    // Consecutive steps of one frame are CFG successors: no jump is
                    // left out of the trace.
                    for pair in trace.steps.windows(2) {
                        let (a, b) = (&pair[0], &pair[1]);
                        if a.depth == b.depth
                            && matches!(
                                cfg.vertex(a.vertex).kind,
                                VKind::Goto | VKind::Skip | VKind::Cond { .. }
                            )
                        {
                            assert!(
                                cfg.vertex(a.vertex).succ.contains(&b.vertex),
                                "{what}: {name}: the trace jumps from {} to {}",
                                cfg.describe(a.vertex),
                                cfg.describe(b.vertex)
                            );
                        }
                    }
                }
                Outcome::Unreachable => assert!(!*fails, "{what}: {name} missed the failure"),
                Outcome::GaveUp(r) => panic!("{what}: {name} gave up: {r}"),
            }
        }
    }
}
