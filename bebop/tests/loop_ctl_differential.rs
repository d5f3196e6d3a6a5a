//! Differential testing of "may loop", procedure relations and CTL: the BDD
//! analyses (`relations`, `termination`, `ctl_check`) and the explicit oracle
//! (`oracle`) agree on generated programs — at every explored configuration
//! (may loop), on every entry/exit pair of every procedure (relations), and
//! on random CTL formulas at every configuration of a procedure — and every
//! lasso and CTL explanation replays. `BEBOP_LOOP_DIFF_PROGRAMS` sets the
//! number of programs (default 300), `BEBOP_LOOP_DIFF_SEED` the first seed,
//! `BEBOP_LOOP_DIFF_LARGE=1` larger programs (more procedures, deeper
//! nesting, longer blocks).

use bebop::cfg::{Cfg, ProcId, Var};
use bebop::ctl::{Ctl, Unary};
use bebop::ctl_check::{CtlAnswer, Kripke};
use bebop::gen::{generate_seeded, GenConfig};
use bebop::oracle::Oracle;
use bebop::relations::Relations;
use bebop::state::State;
use bebop::symbolic::SymbolicOptions;
use bebop::termination::{lasso, Termination};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A random formula over `names`, at most `depth` operators deep.
fn formula(rng: &mut StdRng, names: &[String], depth: u32) -> Ctl {
    if depth == 0 || rng.gen_range(0..4) == 0 {
        return match rng.gen_range(0..10) {
            0 => Ctl::Const(rng.gen()),
            _ if names.is_empty() => Ctl::Const(true),
            _ => Ctl::Var(names[rng.gen_range(0..names.len())].clone(), 0, 0),
        };
    }
    let sub = |rng: &mut StdRng| Box::new(formula(rng, names, depth - 1));
    let ops = [
        Unary::EX,
        Unary::AX,
        Unary::EF,
        Unary::AF,
        Unary::EG,
        Unary::AG,
    ];
    match rng.gen_range(0..11) {
        0 => Ctl::Not(sub(rng)),
        1 => Ctl::And(sub(rng), sub(rng)),
        2 => Ctl::Or(sub(rng), sub(rng)),
        3 => Ctl::Implies(sub(rng), sub(rng)),
        4 => Ctl::Until {
            exists: rng.gen(),
            hold: sub(rng),
            goal: sub(rng),
        },
        _ => Ctl::Temporal(ops[rng.gen_range(0..6)], sub(rng)),
    }
}

/// Every valuation of the globals and the return registers, as exit states
/// of procedure `q`.
fn exit_candidates(cfg: &Cfg, q: ProcId) -> Vec<State> {
    let ng = cfg.globals.len() as u32;
    let nr = cfg.procs[q as usize].returns;
    (0..1u64 << (ng + nr))
        .map(|bits| {
            let mut s = State::zeros(cfg, q);
            for i in 0..ng {
                s.g.set(i, bits >> i & 1 == 1);
            }
            for r in 0..nr {
                s.set(Var::Ret(r), bits >> (ng + r) & 1 == 1);
            }
            s
        })
        .collect()
}

#[derive(Default, Debug)]
struct Counts {
    programs: u64,
    skipped: u64,
    configs: u64,
    relation_pairs: u64,
    formulas: u64,
    formula_states: u64,
    lassos: u64,
    explanations: u64,
    loops: u64,
}

/// The generator's settings: the default small programs, or larger ones.
fn gen_config() -> GenConfig {
    if env("BEBOP_LOOP_DIFF_LARGE", 0) == 0 {
        return GenConfig::default();
    }
    GenConfig {
        max_procs: 6,
        max_stmts: 7,
        max_depth: 3,
        max_scope: 11,
        ..GenConfig::default()
    }
}

fn compare(seed: u64, c: &mut Counts) {
    let p = generate_seeded(seed, &gen_config());
    let cfg = Cfg::build(&p).expect("generated programs are well formed");
    let show = || bebop::printer::print_program(&p);
    let Ok(oracle) = Oracle::new(&cfg, 12, 2_000_000) else {
        c.skipped += 1;
        return;
    };
    c.programs += 1;
    let r = Relations::compute(&cfg, &SymbolicOptions::default()).expect("BDD relations");
    let t = Termination::compute(&r).expect("BDD may-loop");
    for q in 0..cfg.procs.len() as ProcId {
        for (_, v, st) in oracle.configs_of(q) {
            c.configs += 1;
            let (e, b) = (oracle.may_loop_at(v, st), t.may_loop_at(&r, v, st));
            assert_eq!(
                e,
                Some(b),
                "seed {seed}: may loop at {} {st:?}\n{}",
                cfg.describe(v),
                show()
            );
        }
        assert_eq!(
            oracle.may_loop(q),
            t.may_loop(&r, q),
            "seed {seed} proc {q}\n{}",
            show()
        );
        if t.may_loop(&r, q) {
            c.loops += 1;
            if let Err(e) = lasso(&r, &t, q) {
                panic!("seed {seed} proc {q}: no lasso: {e}\n{}", show());
            }
            c.lassos += 1;
        }
        compare_relation(seed, &cfg, &oracle, &r, q, c, &show);
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..3 {
        let q = rng.gen_range(0..cfg.procs.len()) as ProcId;
        let mut names: Vec<String> = cfg.globals.clone();
        names.extend(cfg.procs[q as usize].locals.iter().cloned());
        let f = formula(&mut rng, &names, 3);
        compare_ctl(seed, &cfg, &oracle, &r, &t, q, &f, c, &show);
    }
}

fn compare_relation(
    seed: u64,
    cfg: &Cfg,
    oracle: &Oracle,
    r: &Relations,
    q: ProcId,
    c: &mut Counts,
    show: &dyn Fn() -> String,
) {
    let first = cfg.procs[q as usize].first;
    let entries: Vec<State> = oracle
        .configs_of(q)
        .filter(|(_, v, _)| *v == first)
        .map(|(_, _, s)| s.clone())
        .collect();
    for e in entries {
        let Some(exits) = oracle.exits(q, &e) else {
            continue;
        };
        let nr = cfg.procs[q as usize].returns;
        for x in exit_candidates(cfg, q) {
            c.relation_pairs += 1;
            let explicit = exits
                .iter()
                .any(|y| y.g == x.g && (0..nr).all(|k| y.get(Var::Ret(k)) == x.get(Var::Ret(k))));
            assert_eq!(
                explicit,
                r.summary_holds(q, &e, &x),
                "seed {seed}: relation of proc {q} from {e:?} to {x:?}\n{}",
                show()
            );
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn compare_ctl(
    seed: u64,
    cfg: &Cfg,
    oracle: &Oracle,
    r: &Relations,
    t: &Termination,
    q: ProcId,
    f: &Ctl,
    c: &mut Counts,
    show: &dyn Fn() -> String,
) {
    c.formulas += 1;
    let k = Kripke::new(r, t, q);
    let sat = k.sat(f);
    let esat = oracle.ctl(q, f).expect("names exist");
    for (_, v, st) in oracle.configs_of(q) {
        c.formula_states += 1;
        assert_eq!(
            oracle.at(&esat, v, st),
            Some(r.holds(&sat[v as usize], v, st)),
            "seed {seed}: {f} in proc {q} at {} {st:?}\n{}",
            cfg.describe(v),
            show()
        );
    }
    if let CtlAnswer::Fails { explanation, .. } = k.check(f).expect("checks") {
        if let Err(e) = explanation {
            panic!(
                "seed {seed}: {f} in proc {q}: no explanation: {e}\n{}",
                show()
            );
        }
        c.explanations += 1;
    }
}

#[test]
fn bdd_and_oracle_agree_on_may_loop_relations_and_ctl() {
    let n = env("BEBOP_LOOP_DIFF_PROGRAMS", 300);
    let seed0 = env("BEBOP_LOOP_DIFF_SEED", 0);
    let mut c = Counts::default();
    for seed in seed0..seed0 + n {
        compare(seed, &mut c);
    }
    eprintln!("loop/CTL differential: {c:?} (0 disagreements)");
    assert!(c.programs * 10 >= n * 9, "too many skipped: {c:?}");
}
