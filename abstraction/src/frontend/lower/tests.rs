//! Tests of the lowering on small C programs.
