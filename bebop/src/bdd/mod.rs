//! Binary decision diagrams for the Bebop summary engine.
//!
//! This module is a thin, safe wrapper around [oxidd]'s complement-edge BDDs
//! (`oxidd::bcdd`). The engine only ever talks to [`BddManager`]: it owns the
//! variables, hands out [`Bdd`] handles and performs every operation.
//! Quantification and renaming take prebuilt objects ([`VarSet`],
//! [`Renaming`]) so that the hot paths do not allocate or rebuild anything
//! per call.
//!
//! See [`manager`] for the design notes (capacities, out-of-memory policy,
//! why renaming does not use oxidd's `substitute`).

pub mod manager;

pub use manager::{Bdd, BddManager, NodeTableFull, Renaming, VarSet};
