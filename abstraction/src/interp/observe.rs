//! Hooks for watching an interpretation (used by the points-to soundness check and tests).

use super::value::{Pointer, Value};
use crate::cir::{FuncId, Ty};

/// Receives the interpreter's events. All methods default to doing nothing.
pub trait Observer {
    /// A scalar `value` of type `ty` was written at `addr`: every assignment, parameter
    /// binding, returned value, havoc, allocation result and static initializer, for each
    /// scalar cell written (an aggregate copy reports each scalar it copies).
    fn on_store(&mut self, _addr: Pointer, _ty: Ty, _value: Value) {}

    /// A call is about to enter `callee` (after the callee expression was evaluated).
    fn on_call(&mut self, _caller: FuncId, _callee: FuncId) {}
}

/// An observer that ignores everything.
pub struct NoObserver;

impl Observer for NoObserver {}
