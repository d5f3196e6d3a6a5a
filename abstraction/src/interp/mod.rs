//! The CIR interpreter: runs a program on concrete inputs.

pub mod observe;
pub mod value;

pub use observe::{NoObserver, Observer};
pub use value::{ObjKind, ObjRef, Pointer, Value};
