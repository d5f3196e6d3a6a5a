//! Differential testing: the BDD engine and the explicit-state engine agree
//! on every label and on assertion failure of generated programs, and every
//! trace either prints replays. `BEBOP_DIFF_PROGRAMS` sets the number of
//! programs (default 1000), `BEBOP_DIFF_SEED` the first seed.

use bebop::cfg::Cfg;
use bebop::explicit::{self, ExplicitLimits};
use bebop::gen::{generate_seeded, labels, GenConfig};
use bebop::reach::{Outcome, Target};
use bebop::replay::replay;
use bebop::symbolic::{self, SymbolicOptions};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn bdd_and_explicit_engines_agree_on_generated_programs() {
    let n = env("BEBOP_DIFF_PROGRAMS", 1000);
    let seed0 = env("BEBOP_DIFF_SEED", 0);
    let (mut checks, mut reachable, mut traces) = (0u64, 0u64, 0u64);
    let option_sets = [
        SymbolicOptions::default(),
        SymbolicOptions {
            live_ranges: false,
            mod_ref: false,
            skip_jumps: false,
            ..SymbolicOptions::default()
        },
    ];
    for seed in seed0..seed0 + n {
        let p = generate_seeded(seed, &GenConfig::default());
        let cfg = Cfg::build(&p).expect("generated programs are well formed");
        let mut targets = vec![Target::AssertFailure];
        for (proc, label) in labels(&p) {
            targets.push(Target::Vertices(cfg.find_label(&format!("{proc}:{label}"))));
        }
        // Alternate the optimizations so both settings are covered.
        let opts = &option_sets[(seed % 4 == 3) as usize];
        for t in &targets {
            let (e, _) = explicit::check(&cfg, t, &ExplicitLimits::default());
            let (b, _) = symbolic::check(&cfg, t, opts);
            checks += 1;
            let e_reach = match &e {
                Outcome::Reachable(tr) => {
                    traces += 1;
                    if let Err(err) = replay(&cfg, tr, t) {
                        panic!("seed {seed} {t:?}: explicit trace does not replay: {err}");
                    }
                    true
                }
                Outcome::Unreachable => false,
                Outcome::GaveUp(r) => panic!("seed {seed}: explicit gave up: {r}"),
            };
            let b_reach = match &b {
                Outcome::Reachable(tr) => {
                    traces += 1;
                    if let Err(err) = replay(&cfg, tr, t) {
                        panic!(
                            "seed {seed} {t:?}: BDD trace does not replay: {err}\n{}",
                            bebop::printer::print_program(&p)
                        );
                    }
                    true
                }
                Outcome::Unreachable => false,
                Outcome::GaveUp(r) => panic!(
                    "seed {seed} {t:?}: BDD engine gave up: {r}\n{}",
                    bebop::printer::print_program(&p)
                ),
            };
            assert_eq!(
                e_reach,
                b_reach,
                "seed {seed} {t:?}: explicit says {e_reach}, BDD says {b_reach}\n{}",
                bebop::printer::print_program(&p)
            );
            reachable += e_reach as u64;
        }
    }
    eprintln!("{n} programs, {checks} targets, {reachable} reachable, {traces} traces replayed");
    assert!(reachable > 0 && reachable < checks);
}
