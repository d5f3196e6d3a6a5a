//! Hooks for watching an interpretation (used by the points-to soundness check, the
//! abstraction simulation check and tests).
//!
//! Order of the control events of one step: [`Observer::on_node`] when execution is at a
//! node (before an edge is chosen; also at a function's exit node before the implicit
//! return), then [`Observer::on_edge`] for the edge taken, then the statement's effects.
//! A call of a function with a body reports [`Observer::on_call`], then
//! [`Observer::on_enter`] once the callee's frame is pushed and its parameters are bound;
//! the callee's return reports [`Observer::on_return`] once the returned value is stored in
//! the caller (a return from the entry function ends the run instead).

use super::value::{Pointer, Value};
use crate::cir::{Expr, FuncId, NodeId, Ty};

/// Evaluates expressions in the current frame of a running interpreter, without side
/// effects: no oracle call, no store, no observer event. Reading uninitialized memory, an
/// undefined read (null, dangling, out of bounds), a variable of another frame, or any
/// evaluation error gives `None`.
pub trait Probe {
    /// The value of `e` in the current frame, if it is defined and known.
    fn eval(&mut self, e: &Expr) -> Option<Value>;

    /// The C truth of `e` (nonzero integers and every pointer or function are true).
    fn truth(&mut self, e: &Expr) -> Option<bool> {
        self.eval(e).map(|v| match v {
            Value::Int(x) => x != 0,
            Value::Ptr(_) | Value::Func(_) => true,
        })
    }
}

/// Receives the interpreter's events. All methods default to doing nothing.
pub trait Observer {
    /// A scalar `value` of type `ty` was written at `addr`: every assignment, parameter
    /// binding, returned value, havoc, allocation result and static initializer, for each
    /// scalar cell written (an aggregate copy reports each scalar it copies).
    fn on_store(&mut self, _addr: Pointer, _ty: Ty, _value: Value) {}

    /// A call is about to enter `callee` (after the callee expression was evaluated).
    fn on_call(&mut self, _caller: FuncId, _callee: FuncId) {}

    /// Execution is at `node` of `func` (the current frame), before an edge is chosen.
    /// `probe` evaluates expressions in that frame.
    fn on_node(&mut self, _func: FuncId, _node: NodeId, _probe: &mut dyn Probe) {}

    /// Edge number `edge` (an index into the node's `edges`) of `node` in `func` is taken.
    fn on_edge(&mut self, _func: FuncId, _node: NodeId, _edge: usize) {}

    /// `caller` called `callee`, a function with a body: its frame is pushed and its
    /// parameters are bound. `probe` evaluates expressions in the callee's frame.
    fn on_enter(&mut self, _caller: FuncId, _callee: FuncId, _probe: &mut dyn Probe) {}

    /// `callee` returned to `caller`, and the returned value has been stored.
    fn on_return(&mut self, _callee: FuncId, _caller: FuncId) {}
}

/// An observer that ignores everything.
pub struct NoObserver;

impl Observer for NoObserver {}
