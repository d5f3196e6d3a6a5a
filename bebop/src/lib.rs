//! `bebop`: boolean programs and their model checking.
//!
//! This crate owns the boolean-program language (parser with spans, semantic
//! checks, a printer that round-trips), its control-flow graph (§2.3 of the
//! Bebop paper), the BDD summary engine (RHS over oxidd, with procedure
//! summaries, live ranges and MOD/REF), shortest hierarchical traces, an
//! explicit-state reference engine, and an independent trace checker; and,
//! beyond reachability, procedure relations from every entry (`relations`),
//! "may loop" (`termination`, the relational paper's loop outcome), CTL over a
//! procedure's states (`ctl`, `ctl_check`), their lassos and paths (`paths`)
//! and an explicit oracle of the three (`oracle`).
//! It knows nothing about C, SMT or the command line.

pub mod analysis;
pub mod ast;
pub mod bdd;
pub mod cfg;
pub mod check;
pub mod ctl;
pub mod ctl_check;
mod ctl_explain;
pub mod diag;
pub mod driver;
pub mod explicit;
pub mod gen;
pub mod lexer;
pub mod oracle;
pub mod parser;
pub mod paths;
pub mod printer;
pub mod reach;
pub mod relations;
pub mod replay;
pub mod semantics;
pub mod state;
pub mod states;
pub mod summaries;
pub mod symbolic;
pub mod termination;
pub mod witness;
