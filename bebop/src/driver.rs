//! One call that parses nothing and trusts nothing: run an engine on a CFG
//! and replay its trace before anyone sees it.

use crate::cfg::Cfg;
use crate::explicit::{self, ExplicitLimits};
use crate::reach::{Outcome, Stats, Target};
use crate::replay::replay;
use crate::symbolic::{self, SymbolicOptions};

/// Which reachability engine to run.
#[derive(Clone, Debug)]
pub enum Engine {
    Bdd(SymbolicOptions),
    Explicit(ExplicitLimits),
}

/// Runs `engine` and replays any trace with the independent checker
/// ([`crate::replay`]); a trace that does not replay becomes
/// [`Outcome::GaveUp`] with an internal-error reason, never a verdict.
pub fn decide(cfg: &Cfg, target: &Target, engine: &Engine) -> (Outcome, Stats) {
    let (outcome, mut stats) = match engine {
        Engine::Bdd(o) => symbolic::check(cfg, target, o),
        Engine::Explicit(l) => explicit::check(cfg, target, l),
    };
    if let Outcome::Reachable(trace) = &outcome {
        let t = std::time::Instant::now();
        let checked = replay(cfg, trace, target);
        stats.phases.push(("replay", t.elapsed()));
        if let Err(e) = checked {
            return (
                Outcome::GaveUp(format!(
                    "internal error: the {} engine's trace does not replay: {e}",
                    stats.engine
                )),
                stats,
            );
        }
    }
    (outcome, stats)
}
