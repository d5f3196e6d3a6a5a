//! `slamrs-relational`: declarative relational models and their symbolic
//! model checker, after Chang and Jackson, "Symbolic Model Checking of
//! Declarative Relational Models" (ICSE 2006).
//!
//! A model declares enumerations, bit-sized integers, sets and relations of
//! any arity, procedures made of imperative and declarative statements, and
//! CTL assertions. [`syntax`] parses it, [`typeck`] checks it into a
//! [`model::Model`], [`symbolic`] checks the assertions with BDDs (the
//! paper's §5 semantics, including the "loop" state of procedures and loops
//! that may not return), and [`explicit`] is an independent explicit-state
//! evaluator of the same semantics used as a test oracle, fed by [`gen`].

pub mod diff;
pub mod explicit;
pub mod gen;
pub mod model;
pub mod report;
pub mod symbolic;
pub mod syntax;
pub mod typeck;

use bebop::diag::Diagnostic;

/// Parses and type-checks a model.
pub fn load(src: &str) -> Result<model::Model, Diagnostic> {
    let ast = syntax::parser::parse(src)?;
    typeck::check(&ast)
}

/// Parses, type-checks and checks a model with the symbolic engine.
pub fn check_source(src: &str, opts: &symbolic::Options) -> Result<report::Outcome, Error> {
    let model = load(src).map_err(Error::Syntax)?;
    symbolic::check::check_model(model, opts).map_err(Error::Check)
}

/// Why a model has no verdict.
#[derive(Debug)]
pub enum Error {
    /// The model does not parse or type-check.
    Syntax(Diagnostic),
    /// The checker gave up.
    Check(symbolic::CheckError),
}
