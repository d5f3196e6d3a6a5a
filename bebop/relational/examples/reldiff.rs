//! The differential run of the symbolic checker against the explicit
//! oracle, for many random models: `reldiff COUNT [SEED]` prints one line of
//! totals (and every disagreement, with its model), exit 1 on any.

use std::time::Instant;

use slamrs_relational::diff::{compare, Comparison};
use slamrs_relational::gen::random_model;
use slamrs_relational::load;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let count = args.first().copied().unwrap_or(1000);
    let from = args.get(1).copied().unwrap_or(0);
    let start = Instant::now();
    let (mut agree, mut skipped, mut disagree, mut bad_gen) = (0u64, 0u64, 0u64, 0u64);
    for seed in from..from + count {
        let src = random_model(seed);
        let t = Instant::now();
        let model = match load(&src) {
            Ok(m) => m,
            Err(d) => {
                bad_gen += 1;
                eprintln!(
                    "seed {seed}: generated model rejected: {}",
                    d.render("gen", &src)
                );
                continue;
            }
        };
        match compare(&model) {
            Comparison::Agree => agree += 1,
            Comparison::Skipped(_) => skipped += 1,
            Comparison::Disagree(why) => {
                disagree += 1;
                eprintln!("seed {seed}: DISAGREE: {why}\n{src}");
            }
        }
        if (seed + 1 - from) % 5000 == 0 {
            eprintln!(
                "progress: seeds {from}..={seed}: {agree} agree, {disagree} disagree, {skipped} skipped, {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
        let dt = t.elapsed().as_secs_f64();
        if dt > 2.0 {
            eprintln!("seed {seed}: slow ({dt:.1} s)");
        }
    }
    println!(
        "differential: {count} models from seed {from}: {agree} agree, {disagree} disagree, \
         {skipped} too large for the oracle, {bad_gen} rejected by the type checker, {:.0} s",
        start.elapsed().as_secs_f64()
    );
    if disagree + bad_gen > 0 {
        std::process::exit(1);
    }
}
