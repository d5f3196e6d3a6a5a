//! One call that parses nothing and trusts nothing: run an engine on a CFG
//! and replay its trace before anyone sees it.

use crate::cfg::Cfg;
use crate::explicit::{self, ExplicitLimits};
use crate::reach::{GiveUp, Limit, Outcome, Stats, Target};
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
///
/// The engines and the trace builders recurse once per call level of a
/// trace, so the work runs on a thread with a large stack (reserved, not
/// committed: only the pages used cost memory).
pub fn decide(cfg: &Cfg, target: &Target, engine: &Engine) -> (Outcome, Stats) {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("bebop-engine".into())
            .stack_size(ENGINE_STACK)
            .spawn_scoped(scope, || decide_here(cfg, target, engine))
            .map(|h| h.join())
            .unwrap_or_else(|_| Ok(decide_here(cfg, target, engine)))
            .unwrap_or_else(|p| std::panic::resume_unwind(p))
    })
}

/// Stack size of the engine thread.
const ENGINE_STACK: usize = 4 << 30;

fn decide_here(cfg: &Cfg, target: &Target, engine: &Engine) -> (Outcome, Stats) {
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
                GiveUp::outcome(
                    Limit::Internal,
                    format!(
                        "internal error: the {} engine's trace does not replay: {e}",
                        stats.engine
                    ),
                ),
                stats,
            );
        }
    }
    (outcome, stats)
}
