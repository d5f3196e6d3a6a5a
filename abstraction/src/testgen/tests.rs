//! Unit tests of the generator: determinism, the default configuration's programs unchanged
//! (a fingerprint of 300 seeds), the syntactic guards of the base language, each feature
//! producing its constructs, and planting.

use super::*;

#[test]
fn same_seed_same_program() {
    for cfg in [GenConfig::default(), GenConfig::all_features().planting(3)] {
        let a = generate(7, &cfg);
        let b = generate(7, &cfg);
        assert_eq!(a.source, b.source);
        assert_eq!(a.inputs, b.inputs);
        assert_ne!(a.source, generate(8, &cfg).source);
    }
}

/// FNV-1a over the sources and inputs of seeds 0..300.
fn fingerprint(cfg: &GenConfig) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for seed in 0..300 {
        let p = generate(seed, cfg);
        for b in p.source.bytes().chain(format!("{:?}", p.inputs).bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

/// `GenConfig::default()` generates exactly the programs it generated before the features
/// existed (seeds named in bug reports and benchmarks stay reproducible).
#[test]
fn default_programs_are_unchanged() {
    assert_eq!(
        fingerprint(&GenConfig::default()),
        0x3c12_97d8_f00c_792d,
        "the default generator's output changed"
    );
}

#[test]
fn programs_have_main_inputs_and_guards() {
    let cfg = GenConfig::default();
    for seed in 0..50 {
        let p = generate(seed, &cfg);
        assert!(p.source.contains("int main(void) {"), "seed {seed}");
        assert_eq!(p.inputs.len(), cfg.inputs);
        assert_eq!(p.planted, 0);
        assert_eq!(
            p.source.matches("__VERIFIER_nondet_uint()").count(),
            cfg.inputs,
            "seed {seed}"
        );
        // Every division and remainder has an odd divisor, every shift a masked count.
        for op in [" / (", " % ("] {
            for (i, _) in p.source.match_indices(op) {
                let rest = &p.source[i + op.len()..];
                let close = matching_paren(rest).expect("balanced");
                assert!(
                    rest[..close].ends_with(" | 1u"),
                    "seed {seed}: {}",
                    &rest[..close]
                );
            }
        }
        assert_balanced(&p.source, seed);
    }
}

fn assert_balanced(src: &str, seed: u64) {
    for (open, close) in [('{', '}'), ('(', ')'), ('[', ']')] {
        let balance = src.matches(open).count() as i64 - src.matches(close).count() as i64;
        assert_eq!(balance, 0, "seed {seed}: {open}{close} unbalanced\n{src}");
    }
}

/// Index of the `)` closing an already opened parenthesis in `s`.
fn matching_paren(s: &str) -> Option<usize> {
    let mut depth = 1i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Each feature alone produces its constructs on some seeds, and never another feature's
/// library calls.
#[test]
fn each_feature_produces_its_constructs() {
    let markers: [(Feature, &[&str]); 7] = [
        (Feature::Bitfields, &[" : ", "memset(&", " bytes:"]),
        (
            Feature::Layout,
            &[
                "__attribute__((packed))",
                "#pragma pack(push",
                "aligned(",
                "__builtin_offsetof",
            ],
        ),
        (
            Feature::FuncPtrs,
            &["typedef unsigned (*", "(*", "])(unsigned)"],
        ),
        (Feature::Callbacks, &["qsort(", "bsearch(&key"]),
        (
            Feature::Builtins,
            &[
                "__builtin_popcount",
                "__builtin_clz",
                "__builtin_bswap",
                "_overflow(",
                "__builtin_expect",
            ],
        ),
        (Feature::Narrow, &["unsigned short ", "short "]),
        (
            Feature::Vlas,
            &[
                " t[n];",
                "% 16u + 1u;",
                "unsigned a[n]",
                "typedef unsigned short vt[n]",
            ],
        ),
    ];
    for (f, want) in markers {
        let cfg = GenConfig::only(f);
        assert_eq!(cfg.features(), vec![f]);
        let all: String = (0..40).map(|s| generate(s, &cfg).source).collect();
        for m in want {
            assert!(all.contains(m), "{}: no `{m}` in 40 programs", f.name());
        }
        if f != Feature::Callbacks {
            assert!(!all.contains("qsort("), "{}", f.name());
        }
        if f != Feature::Builtins {
            assert!(!all.contains("_overflow("), "{}", f.name());
        }
        for seed in 0..40 {
            assert_balanced(&generate(seed, &cfg).source, seed);
        }
    }
    assert_eq!(GenConfig::all_features().features(), Feature::ALL.to_vec());
    for f in Feature::ALL {
        assert_eq!(Feature::from_name(f.name()), Some(f));
    }
}

#[test]
fn planting_puts_reach_error_checks() {
    let cfg = GenConfig::small().planting(3);
    for seed in 0..50 {
        let p = generate(seed, &cfg);
        assert!((1..=3).contains(&p.planted), "seed {seed}: {}", p.planted);
        assert_eq!(
            p.source.matches(") reach_error();").count(),
            p.planted,
            "seed {seed}"
        );
        assert!(p.source.contains("void reach_error(void);"));
        assert_balanced(&p.source, seed);
    }
    let p = generate(1, &GenConfig::default());
    assert!(!p.source.contains("reach_error"));
}
