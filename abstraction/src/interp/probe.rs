//! Observer notifications that hand the observer a [`Probe`] into the running machine.

use super::machine::Machine;
use super::observe::Probe;
use super::value::{Pointer, Value};
use crate::cir::{Expr, FuncId, NodeId, Ty};

/// A [`Probe`] evaluating in the machine's current frame.
///
/// Side-effect free as far as the program can tell: the machine's `probing` flag makes any
/// oracle request an error (so uninitialized memory is unknown, never materialized), and
/// expressions only read. Evaluation may create the storage of a variable the program has
/// not touched yet (zero-filled static storage, uninitialized automatic storage) exactly as
/// its first use would, which is not observable.
struct MachineProbe<'m, 'p, 'o> {
    m: &'m mut Machine<'p, 'o>,
}

impl Probe for MachineProbe<'_, '_, '_> {
    fn eval(&mut self, e: &Expr) -> Option<Value> {
        let saved_loc = self.m.loc;
        self.m.probing = true;
        let r = self.m.eval(e);
        self.m.probing = false;
        self.m.loc = saved_loc;
        r.ok()
    }
}

impl Machine<'_, '_> {
    /// Report a scalar store to the observer.
    pub(crate) fn observe_store(&mut self, addr: Pointer, ty: Ty, v: Value) {
        if let Some(obs) = self.obs.as_mut() {
            obs.on_store(addr, ty, v);
        }
    }

    /// Report that execution is at `node` of `func`.
    pub(crate) fn observe_node(&mut self, func: FuncId, node: NodeId) {
        if let Some(obs) = self.obs.take() {
            obs.on_node(func, node, &mut MachineProbe { m: self });
            self.obs = Some(obs);
        }
    }

    /// Report the edge taken.
    pub(crate) fn observe_edge(&mut self, func: FuncId, node: NodeId, edge: usize) {
        if let Some(obs) = self.obs.as_mut() {
            obs.on_edge(func, node, edge);
        }
    }

    /// Report that `callee`'s frame is pushed and its parameters bound.
    pub(crate) fn observe_enter(&mut self, caller: FuncId, callee: FuncId) {
        if let Some(obs) = self.obs.take() {
            obs.on_enter(caller, callee, &mut MachineProbe { m: self });
            self.obs = Some(obs);
        }
    }

    /// Report that `callee` returned to `caller`.
    pub(crate) fn observe_return(&mut self, callee: FuncId, caller: FuncId) {
        if let Some(obs) = self.obs.as_mut() {
            obs.on_return(callee, caller);
        }
    }
}
