//! The front end never panics: mutilated versions of the example models
//! (bytes cut out, tokens swapped in) are either rejected with a located
//! error or accepted, and an accepted model is checked under a small node
//! limit without panicking (a verdict or an out-of-nodes error).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use slamrs_relational::symbolic::Options;
use slamrs_relational::{check_source, load, Error};

const TOKENS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    ";",
    ".",
    "->",
    "^",
    "~",
    "*",
    "'",
    "all",
    "one",
    "AG",
    "A[",
    "U",
    "]",
    "emptyset",
    "int<3>",
    "-7",
    "99999999999",
    "!in",
    "=>",
    "foreach",
    "while",
    "x",
    "\u{e9}",
];

fn mutate(src: &str, rng: &mut SmallRng) -> String {
    let mut s: Vec<char> = src.chars().collect();
    for _ in 0..rng.gen_range(1..4) {
        let at = rng.gen_range(0..=s.len());
        if rng.gen_bool(0.5) && at < s.len() {
            let end = (at + rng.gen_range(1..12)).min(s.len());
            s.drain(at..end);
        } else {
            let t = TOKENS[rng.gen_range(0..TOKENS.len())];
            s.splice(at..at, format!(" {t} ").chars());
        }
    }
    s.into_iter().collect()
}

#[test]
fn mutilated_models_never_panic() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../c-tests/relational");
    let mut sources: Vec<String> = std::fs::read_dir(dir)
        .expect("examples")
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .filter(|s| !s.contains("Node[4]"))
        .collect();
    sources.sort();
    let mut rng = SmallRng::seed_from_u64(7);
    let (mut rejected, mut checked) = (0, 0);
    let opts = Options {
        node_capacity: 1 << 14,
        traces: true,
    };
    for i in 0..400 {
        let src = mutate(&sources[i % sources.len()], &mut rng);
        match load(&src) {
            Err(d) => {
                assert!(d.span.end as usize <= src.len(), "span inside the text");
                rejected += 1;
            }
            Ok(_) => {
                match check_source(&src, &opts) {
                    Ok(_) | Err(Error::Check(_)) => {}
                    Err(Error::Syntax(d)) => panic!("loads but does not check: {}", d.message),
                }
                checked += 1;
            }
        }
    }
    assert!(
        rejected > 100 && checked > 10,
        "{rejected} rejected, {checked} checked"
    );
}
