//! What a counterexample the interpreter replayed still needs before it is reported.

use slamrs_abstraction::cir::Program;
use slamrs_abstraction::interp::Choice;
use slamrs_refinement::Counterexample;

use crate::reason::{Reason, ReasonKind};

/// Why a run the interpreter alone replayed is not a confirmed violation: it took a value
/// CIR leaves arbitrary although the C program determines it ([`Choice::Opaque`]: an
/// inline-assembly output, a variadic argument). Only the compiled program computes those,
/// so without native replay the violation may not exist.
pub(crate) fn opaque_dependence(prog: &Program, cex: &Counterexample) -> Option<Reason> {
    cex.choices.iter().find_map(|c| match c {
        Choice::Opaque { what, loc, .. } => Some(Reason::new(
            ReasonKind::Unconfirmed,
            format!(
                "the counterexample takes {what} at {} as arbitrary, and only the compiled program computes it, which is not replayed natively here",
                prog.loc_string(*loc)
            ),
        )),
        _ => None,
    })
}
