//! `slamrs-abstraction` owns the C side of slamrs: the frontend (lang-c to CIR), CIR itself
//! and its interpreter, the program analyses (call graph, points-to, MOD/REF, liveness),
//! entry-point discovery and environment models for drivers (`harness`), and
//! predicate abstraction into `bebop` boolean programs (c2bp).

pub mod analysis;
pub mod c2bp;
pub mod certificate;
pub mod cir;
pub mod frontend;
pub mod harness;
pub mod interp;
pub mod native;
pub mod simcheck;
pub mod smt;
pub mod testgen;
