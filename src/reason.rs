//! Why an answer is UNKNOWN: a typed kind, which scripts, SDV and SV-COMP statuses, SARIF
//! and exit codes decide on, and the message a person reads, which later steps may extend
//! with what they found ("timeout after 3 iterations; 1000 random runs did not reach the
//! error").

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What kind of limit or refusal kept slamrs from an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReasonKind {
    /// The time limit (`--timeout`) passed.
    Timeout,
    /// The process passed its memory limit (`--memory-limit`).
    MemoryLimit,
    /// The model checker's BDD node table filled up.
    BddNodeLimit,
    /// The mixed backend stored more symbolic states than its limit.
    StateLimit,
    /// The abstraction–check–refine loop ran `--max-iterations` times.
    IterationLimit,
    /// Refinement found no new predicate that rules out the spurious path, and the
    /// searches that follow did not find a bug.
    RefinementStalled,
    /// A path to the error was found but not confirmed by a concrete replay (the
    /// interpreter cannot follow it, or the gcc-compiled program disagrees).
    Unconfirmed,
    /// A path reached a bound of a model (an environment model's, the mixed backend's
    /// stack or heap bound), so no answer holds beyond it.
    ModelBound,
    /// A path reached a bound of the rule (its `giveup` statement: more locks held at
    /// once than the rule follows, ...), so the rule cannot tell whether the run goes on
    /// to break it.
    RuleBound,
    /// The program uses a construct slamrs does not model exactly, and the answer would
    /// depend on it.
    Unsupported,
    /// The only violations take a library model's unspecified choice that the real
    /// library does not make.
    LibraryModel,
    /// The entry function is missing or has no body.
    NoEntry,
    /// A bug of slamrs (a panic, a malformed intermediate result).
    InternalError,
    /// Another engine answered first and this one was stopped (seen only in an engine's
    /// own reason, never as the final answer's).
    Cancelled,
    /// A driver's rule holds only because some of its entry points never run in the
    /// harness (the proof shows them unreachable): nothing was checked about them.
    Vacuous,
}

impl ReasonKind {
    /// The kind's name as JSON spells it.
    pub fn name(self) -> &'static str {
        match self {
            ReasonKind::Timeout => "timeout",
            ReasonKind::MemoryLimit => "memory-limit",
            ReasonKind::BddNodeLimit => "bdd-node-limit",
            ReasonKind::StateLimit => "state-limit",
            ReasonKind::IterationLimit => "iteration-limit",
            ReasonKind::RefinementStalled => "refinement-stalled",
            ReasonKind::Unconfirmed => "unconfirmed",
            ReasonKind::ModelBound => "model-bound",
            ReasonKind::RuleBound => "rule-bound",
            ReasonKind::Unsupported => "unsupported",
            ReasonKind::LibraryModel => "library-model",
            ReasonKind::NoEntry => "no-entry",
            ReasonKind::InternalError => "internal-error",
            ReasonKind::Cancelled => "cancelled",
            ReasonKind::Vacuous => "vacuous",
        }
    }

    /// A resource ran out (time, memory, BDD nodes, stored states): more of it may give
    /// an answer.
    pub fn is_resource(self) -> bool {
        matches!(
            self,
            ReasonKind::Timeout
                | ReasonKind::MemoryLimit
                | ReasonKind::BddNodeLimit
                | ReasonKind::StateLimit
                | ReasonKind::IterationLimit
        )
    }

    /// The limit that ran out is memory (SDV's SPACEOUT).
    pub fn is_memory(self) -> bool {
        matches!(
            self,
            ReasonKind::MemoryLimit | ReasonKind::BddNodeLimit | ReasonKind::StateLimit
        )
    }
}

/// Why an answer is UNKNOWN.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Reason {
    /// What stopped the run first; what later steps add to the message does not change it.
    pub kind: ReasonKind,
    /// The explanation, for a person.
    pub message: String,
}

impl Reason {
    pub fn new(kind: ReasonKind, message: impl Into<String>) -> Reason {
        Reason {
            kind,
            message: message.into(),
        }
    }

    /// This reason, with what a later step found after it (`first; more`).
    pub fn and(mut self, more: impl fmt::Display) -> Reason {
        self.message = format!("{}; {more}", self.message);
        self
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_of_a_reason_is_its_first_steps() {
        let r = Reason::new(ReasonKind::Timeout, "timeout after 3 iterations")
            .and("10 random runs did not reach the error");
        assert_eq!(r.kind, ReasonKind::Timeout);
        assert_eq!(
            r.to_string(),
            "timeout after 3 iterations; 10 random runs did not reach the error"
        );
    }

    #[test]
    fn kinds_are_named_as_serde_spells_them() {
        use ReasonKind::*;
        for k in [
            Timeout,
            MemoryLimit,
            BddNodeLimit,
            StateLimit,
            IterationLimit,
            RefinementStalled,
            Unconfirmed,
            ModelBound,
            RuleBound,
            Unsupported,
            LibraryModel,
            NoEntry,
            InternalError,
            Cancelled,
        ] {
            assert_eq!(
                serde_json::to_value(k).unwrap(),
                serde_json::Value::from(k.name())
            );
        }
    }
}
