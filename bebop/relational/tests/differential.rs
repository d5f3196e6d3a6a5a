//! The symbolic checker against the explicit oracle on random models: every
//! generated model must type-check, and both engines must agree on every
//! assertion's verdict and on its truth at every state. The quick test runs
//! 200 models; the ignored one runs `RELATIONAL_DIFF_MODELS`
//! (default 100 000) from `RELATIONAL_DIFF_SEED` (default 0).

use slamrs_relational::diff::{compare, Comparison};
use slamrs_relational::gen::random_model;
use slamrs_relational::load;

fn run(from: u64, count: u64) -> (u64, u64) {
    let (mut agreed, mut skipped) = (0, 0);
    for seed in from..from + count {
        let src = random_model(seed);
        let model =
            load(&src).unwrap_or_else(|d| panic!("seed {seed}: {}\n{src}", d.render("gen", &src)));
        match compare(&model) {
            Comparison::Agree => agreed += 1,
            Comparison::Skipped(_) => skipped += 1,
            Comparison::Disagree(why) => panic!("seed {seed}: {why}\n{src}"),
        }
    }
    (agreed, skipped)
}

#[test]
fn symbolic_and_explicit_agree_on_random_models() {
    let (agreed, skipped) = run(0, 200);
    assert!(
        agreed >= 190,
        "only {agreed} models compared ({skipped} skipped)"
    );
}

#[test]
#[ignore = "long: the full differential run (scripts/relational-differential)"]
fn symbolic_and_explicit_agree_on_many_random_models() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let count = env("RELATIONAL_DIFF_MODELS", 100_000);
    let seed = env("RELATIONAL_DIFF_SEED", 0);
    let (agreed, skipped) = run(seed, count);
    println!("differential: {count} models from seed {seed}: {agreed} agree, {skipped} too large for the oracle, 0 disagree");
}
