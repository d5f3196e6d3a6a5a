//! Concrete values of the CIR interpreter.

use crate::cir::{AllocId, FuncId, StrId, VarId};

/// Which program object a concrete memory object comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ObjKind {
    /// A variable (global, static local, or an activation's formal/local/temporary).
    Var(VarId),
    /// A heap object created at an allocation site.
    Alloc(AllocId),
    /// A string literal.
    Str(StrId),
    /// The `argv` array the interpreter passes to an entry function with parameters
    /// (`{"prog", NULL, NULL}`: `argv[0]`, the terminating NULL, and an empty `envp`).
    Argv,
    /// The contents of `argv[i]` (`"prog"` for `i == 0`).
    ArgvStr(u32),
    /// An object of the environment that an uninitialized pointer member of a local
    /// aggregate points to under SV-COMP's reading
    /// ([`crate::cir::Program::environment_slots`]), [`ENV_OBJECT_BYTES`] zeroed bytes.
    Env,
}

/// The size of an object of the environment ([`ObjKind::Env`]): what the program may
/// reach through an uninitialized pointer (native replay allocates the same).
pub const ENV_OBJECT_BYTES: u64 = 1 << 16;

/// A concrete memory object: its program object and which instance of it
/// (0 for static storage and string literals; a fresh number per activation or allocation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjRef {
    pub kind: ObjKind,
    pub instance: u64,
}

/// A pointer into an object: byte offset from its start (may be one past the end).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pointer {
    pub obj: ObjRef,
    pub offset: i64,
}

/// A scalar value. The null pointer is `Int(0)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Int(i128),
    Ptr(Pointer),
    Func(FuncId),
}
