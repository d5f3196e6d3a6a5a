//! The explicit engine on generated programs: every trace it prints replays.

use bebop::cfg::Cfg;
use bebop::explicit::{self, ExplicitLimits};
use bebop::gen::{generate_seeded, GenConfig};
use bebop::reach::{Outcome, Target};
use bebop::replay::replay;

#[test]
fn explicit_traces_replay_on_generated_programs() {
    let mut reachable = 0;
    let mut unreachable = 0;
    for seed in 0..300 {
        let p = generate_seeded(seed, &GenConfig::default());
        let cfg = Cfg::build(&p).expect("generated programs are well formed");
        let mut targets: Vec<Target> = vec![Target::AssertFailure];
        for (proc, label) in bebop::gen::labels(&p) {
            targets.push(Target::Vertices(cfg.find_label(&format!("{proc}:{label}"))));
        }
        for t in &targets {
            match explicit::check(&cfg, t, &ExplicitLimits::default()).0 {
                Outcome::Reachable(trace) => {
                    reachable += 1;
                    if let Err(e) = replay(&cfg, &trace, t) {
                        panic!("seed {seed}, target {t:?}: {e}\n{trace:#?}");
                    }
                }
                Outcome::Unreachable => unreachable += 1,
                Outcome::GaveUp(r) => panic!("seed {seed}: gave up: {r}"),
            }
        }
    }
    assert!(
        reachable > 100 && unreachable > 10,
        "{reachable} {unreachable}"
    );
}
