//! Concrete syntax of relational models: the lexer, the surface tree and the
//! parser (grammar in docs/relational.md).

pub mod ast;
pub mod lexer;
pub mod parser;
