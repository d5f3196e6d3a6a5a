//! Scopes: C's ordinary identifiers (variables, functions, enumeration constants, typedef
//! names) and tags (struct, union, enum), block by block.

use crate::cir::{FuncId, StructId, Ty, VarId};
use rustc_hash::FxHashMap as HashMap;

/// What an ordinary identifier names.
#[derive(Copy, Clone, Debug)]
pub(super) enum Binding {
    Var(VarId),
    Func(FuncId),
    /// An enumeration constant: its value and type.
    Enum(i128, Ty),
    Typedef(Ty),
}

/// What a tag names.
#[derive(Copy, Clone, Debug)]
pub(super) enum Tag {
    /// A struct or union (`is_union`).
    Struct(StructId, Ty, bool),
    Enum(Ty),
}

#[derive(Default)]
struct Scope {
    names: HashMap<String, Binding>,
    tags: HashMap<String, Tag>,
}

/// The scope stack; the bottom is file scope.
pub(super) struct Scopes {
    stack: Vec<Scope>,
}

impl Scopes {
    /// Only the file scope.
    pub(super) fn new() -> Self {
        Scopes {
            stack: vec![Scope::default()],
        }
    }

    pub(super) fn push(&mut self) {
        self.stack.push(Scope::default());
    }

    /// True outside every block.
    pub(super) fn at_file_scope(&self) -> bool {
        self.stack.len() == 1
    }

    /// Leave a block (the file scope is never left).
    pub(super) fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    /// The innermost binding of an ordinary identifier.
    pub(super) fn lookup(&self, name: &str) -> Option<Binding> {
        self.stack
            .iter()
            .rev()
            .find_map(|s| s.names.get(name).copied())
    }

    /// The file-scope binding of an identifier.
    pub(super) fn lookup_file(&self, name: &str) -> Option<Binding> {
        self.stack[0].names.get(name).copied()
    }

    /// Bind an identifier in the innermost scope.
    pub(super) fn bind(&mut self, name: &str, b: Binding) {
        if let Some(s) = self.stack.last_mut() {
            s.names.insert(name.to_string(), b);
        }
    }

    /// Bind an identifier at file scope.
    pub(super) fn bind_file(&mut self, name: &str, b: Binding) {
        self.stack[0].names.insert(name.to_string(), b);
    }

    /// The innermost tag of this name.
    pub(super) fn tag(&self, name: &str) -> Option<Tag> {
        self.stack
            .iter()
            .rev()
            .find_map(|s| s.tags.get(name).copied())
    }

    /// The tag of this name in the innermost scope only.
    pub(super) fn tag_current(&self, name: &str) -> Option<Tag> {
        self.stack.last().and_then(|s| s.tags.get(name).copied())
    }

    /// Bind a tag in the innermost scope.
    pub(super) fn bind_tag(&mut self, name: &str, t: Tag) {
        if let Some(s) = self.stack.last_mut() {
            s.tags.insert(name.to_string(), t);
        }
    }
}
