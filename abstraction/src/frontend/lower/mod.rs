//! Lowering lang-c's AST into CIR.
//!
//! One [`Lowerer`] walks the translation unit in source order, the way a C compiler does:
//! declarations bind names in a scope stack ([`scope`]), types come from specifiers and
//! declarators ([`types`]), function bodies become control-flow automata ([`builder`],
//! [`stmt`]), and expressions are split into side-effect-free CIR expressions plus the
//! statements that carry their effects ([`expr`], [`call`], [`cond`], [`conv`]).
//! Initializers of every kind go through [`init`]. Constant folding ([`fold`]) keeps
//! constant expressions (array sizes, case labels, enumerators, static initializers) as
//! plain integers.
//!
//! Decisions worth knowing when reading the CIR this produces:
//! - Effects are hoisted left to right; a value read before a later operand's side effect
//!   (a call, an assignment) is first saved in a temporary (`tmp.N`).
//! - `&&`, `||`, `?:` become branches; as values they write a temporary. `!e` as a value is
//!   the comparison `e == 0` (or the negated comparison). Constant conditions give a single
//!   Skip edge, so dead branches disappear.
//! - Results of calls and `__VERIFIER_nondet_*` go straight into the assigned variable when
//!   the types allow (`x = f()` is one `Call`, `x = __VERIFIER_nondet_int()` one `Havoc`).
//! - Floating-point values are not modelled (see [`conv`]): every float computation or
//!   conversion is a temporary havocked with `Input("float")`, with a warning.
//! - Locals get an `Uninit` havoc at their declaration; those a jump may bypass (declared
//!   inside a `switch`, after a label, or past a pending forward `goto`) also at entry.
//! - Local aggregates with an initializer: every scalar is assigned (zeros included) when
//!   there are at most 64 and no union; otherwise `memset(&x, 0, sizeof x)` first.
//! - Static storage: only non-zero initializer parts become `Program::inits`.

mod arith;
mod assign;
mod builder;
mod builtins;
mod call;
mod cond;
mod consts;
mod conv;
mod decl;
mod expr;
mod fold;
mod init;
pub(crate) mod out_params;
mod retype;
mod scope;
mod seh;
mod status;
mod stmt;
mod types;
mod variadic;

#[cfg(test)]
mod tests;

use super::{ErrorKind, FrontendError, Source, SourcePos};
use crate::cir::{
    Callee, Construct, DataModel, FuncId, Loc, Program, Stmt, TypeKind, Types, Warning,
};
use lang_c::ast::{ExternalDeclaration, TranslationUnit};
use lang_c::span::Node;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Result of a lowering step.
type LResult<T> = Result<T, FrontendError>;

/// Lower a parsed translation unit into a CIR program.
///
/// Every edge carries the source location of the AST node it came from; errors are
/// [`ErrorKind::Unsupported`] for valid C that slamrs does not model and
/// [`ErrorKind::Invalid`] for ill-formed programs.
pub fn lower(
    source: &Source,
    unit: &TranslationUnit,
    data_model: DataModel,
    kernel_callbacks: Option<&[String]>,
    pending_from: Option<&[String]>,
) -> Result<Program, FrontendError> {
    let mut l = Lowerer::new(source, data_model);
    l.kernel_callbacks = kernel_callbacks.map(|k| k.to_vec());
    if let Some(prefixes) = pending_from {
        l.never_pending = status::never_pending(source, prefixes);
    }
    l.collect_defined(unit);
    for ext in &unit.0 {
        if let Err(e) = l.external(ext) {
            l.tolerate(ext, e)?;
        }
    }
    l.finish()
}

/// The state of one lowering run.
struct Lowerer<'a> {
    src: &'a Source,
    prog: Program,
    scopes: scope::Scopes,
    /// Names of all functions the unit defines (the environment model applies to others).
    defined: HashSet<String>,
    /// Allocation and free functions a system header defines inline (the Linux kernel's
    /// `kmalloc`, `kzalloc`, `kfree` wrappers): their calls are allocation sites and frees
    /// like the library functions of the same name, not calls of the header's body.
    header_env: HashSet<String>,
    /// Functions created by an implicit declaration (a call to an undeclared name).
    implicit: HashSet<FuncId>,
    /// The function being lowered, or the file-scope (constant) context.
    fcx: builder::FnCtx,
    /// Counter for synthetic names (`<anon N>`).
    anon: u32,
    /// Nesting depth of parameter lists being typed.
    in_params: u32,
    /// Attributes and pragmas the AST does not keep.
    text_attrs: crate::frontend::attrs::TextAttrs,
    /// Layout attributes written after a struct's `}` in the declaration being lowered.
    pending_struct_attrs: Option<crate::cir::LayoutAttrs>,
    /// A block-scope object declarator is being typed: its outermost array size may be
    /// variable (a VLA).
    vla_ok: bool,
    /// The element count of the VLA just typed (a temporary holding it).
    vla_len: Option<crate::cir::Expr>,
    /// Each VLA variable (a pointer to its storage) and the variable holding its size in
    /// bytes, for `sizeof`.
    vla_sizes: HashMap<crate::cir::VarId, crate::cir::VarId>,
    /// Typedefs of VLA types (`typedef int row[n];`): the temporary holding the length
    /// computed at the typedef.
    vla_typedefs: HashMap<String, crate::cir::Expr>,
    /// The length of the VLA typedef the last specifiers named, if any.
    vla_spec_len: Option<crate::cir::Expr>,
    /// Warnings already given (location, message), to give each once.
    warned: HashSet<(Loc, String)>,
    /// Names whose system-header declaration could not be lowered, with the reason (a use
    /// of one is refused with that reason; see [`Lowerer::tolerate`]).
    skipped: HashMap<String, String>,
    /// A kernel's routines call no program function back but these (see
    /// `LoadOptions::kernel_callbacks`).
    kernel_callbacks: Option<Vec<String>>,
    /// The unit uses structured exception handling (seh.rs): exceptions cross calls.
    seh_unit: bool,
    /// The variables seh.rs made (the exception's code, whether one is in flight).
    seh_vars: Vec<(&'static str, crate::cir::VarId)>,
    /// Functions whose definition changed the type an earlier declaration gave them.
    retyped: HashSet<FuncId>,
    /// Kernel routines that never return `STATUS_PENDING` (see `status.rs`).
    never_pending: HashSet<String>,
    /// Typedefs of pointers to `const` or `volatile` (see `out_params.rs`).
    input_pointer_typedefs: HashSet<String>,
}

impl<'a> Lowerer<'a> {
    fn new(src: &'a Source, data_model: DataModel) -> Self {
        let mut types = Types::with_data_model(data_model);
        let void = types.void();
        let prog = Program {
            files: src.files.clone(),
            types,
            ..Program::default()
        };
        Lowerer {
            src,
            prog,
            scopes: scope::Scopes::new(),
            defined: HashSet::default(),
            input_pointer_typedefs: HashSet::default(),
            header_env: HashSet::default(),
            implicit: HashSet::default(),
            fcx: builder::FnCtx::file_scope(void),
            anon: 0,
            in_params: 0,
            text_attrs: crate::frontend::attrs::scan(&src.text, false).0,
            pending_struct_attrs: None,
            vla_ok: false,
            vla_len: None,
            vla_sizes: HashMap::default(),
            vla_typedefs: HashMap::default(),
            vla_spec_len: None,
            warned: HashSet::default(),
            skipped: HashMap::default(),
            kernel_callbacks: None,
            seh_unit: src.text.contains(seh::TRY_EXCEPT) || src.text.contains(seh::TRY_FINALLY),
            retyped: HashSet::default(),
            seh_vars: Vec::new(),
            never_pending: HashSet::default(),
        }
    }

    /// Pre-pass: the names of all function definitions.
    fn collect_defined(&mut self, unit: &TranslationUnit) {
        for ext in &unit.0 {
            if let ExternalDeclaration::FunctionDefinition(fd) = &ext.node {
                if let Some(name) = types::declarator_name(&fd.node.declarator.node) {
                    let file = self.loc(ext.span).file.0 as usize;
                    let in_header = self.src.system.get(file).copied().unwrap_or(false);
                    let env = matches!(
                        crate::cir::env::classify(name),
                        crate::cir::env::EnvFn::Alloc { .. }
                            | crate::cir::env::EnvFn::Known(crate::cir::env::Known::Free)
                    );
                    if in_header && env {
                        self.header_env.insert(name.to_string());
                    }
                    self.defined.insert(name.to_string());
                }
            }
        }
    }

    /// A top-level item of a system header that does not lower is tolerated: real kernel
    /// and compiler headers declare far more than a driver uses (vector and `_Complex`
    /// types, `__int128` arithmetic, inline assembly). A declaration is skipped, and a later
    /// use of a name it declares is refused with its reason; a function definition keeps
    /// no body, and a [`Construct::Unlowered`] refusal on the function makes any answer
    /// that may call it UNKNOWN. Errors in the program's own files stay errors.
    fn tolerate(&mut self, ext: &Node<ExternalDeclaration>, e: FrontendError) -> LResult<()> {
        let loc = self.loc(ext.span);
        let in_header = self
            .src
            .system
            .get(loc.file.0 as usize)
            .copied()
            .unwrap_or(false);
        if !in_header || !matches!(e.kind, ErrorKind::Unsupported | ErrorKind::Invalid) {
            return Err(e);
        }
        let reason = match &e.pos {
            Some(p) => format!("{} ({}:{}:{})", e.message, p.file, p.line, p.col),
            None => e.message.clone(),
        };
        match &ext.node {
            ExternalDeclaration::FunctionDefinition(fd) => {
                let Some(name) = types::declarator_name(&fd.node.declarator.node) else {
                    return Ok(());
                };
                match self.scopes.lookup(name) {
                    Some(scope::Binding::Func(f)) if self.prog.func(f).body.is_none() => {
                        self.prog.refusals.push(crate::cir::Refusal {
                            construct: Construct::Unlowered {
                                function: name.to_string(),
                                reason,
                            },
                            loc,
                            func: f,
                        });
                    }
                    _ => {
                        self.skipped.insert(name.to_string(), reason);
                    }
                }
            }
            ExternalDeclaration::Declaration(d) => {
                for id in &d.node.declarators {
                    if let Some(name) = types::declarator_name(&id.node.declarator.node) {
                        if self.scopes.lookup(name).is_none() {
                            self.skipped.insert(name.to_string(), reason.clone());
                        }
                    }
                }
            }
            ExternalDeclaration::StaticAssert(_) => return Err(e),
        }
        Ok(())
    }

    /// The error for a use of a name whose header declaration was skipped, if it was.
    fn skipped_use(&self, name: &str, span: lang_c::span::Span) -> Option<FrontendError> {
        self.skipped.get(name).map(|reason| {
            self.err(
                span,
                ErrorKind::Unsupported,
                format!("`{name}` is declared in a system header with a construct slamrs cannot lower: {reason}"),
            )
        })
    }

    /// A fresh synthetic name `<what N>`.
    fn synthetic(&mut self, what: &str) -> String {
        self.anon += 1;
        format!("<{what} {}>", self.anon)
    }

    /// Checks that need the whole program: direct calls against the callee's final type
    /// (a call lowered before the declaration or definition that gave the callee its final
    /// type was lowered against an implicit `int f()` or an old-style type).
    fn finish(mut self) -> LResult<Program> {
        let retyped = std::mem::take(&mut self.retyped);
        self.retype_function_addresses(&retyped);
        // kernel routines of the headers that take no callbacks call nothing back
        if let Some(known) = &self.kernel_callbacks {
            for (fi, f) in self.prog.functions.iter().enumerate() {
                let in_header = self
                    .src
                    .system
                    .get(f.loc.file.0 as usize)
                    .copied()
                    .unwrap_or(false);
                if f.body.is_none() && in_header && !known.contains(&f.name) {
                    self.prog
                        .quiet_externals
                        .insert(crate::cir::FuncId(fi as u32));
                }
            }
        }
        let mut fixes = Vec::new();
        for (fi, f) in self.prog.functions.iter().enumerate() {
            let Some(body) = &f.body else { continue };
            for (ni, n) in body.nodes.iter().enumerate() {
                for (ei, e) in n.edges.iter().enumerate() {
                    let Stmt::Call {
                        lhs,
                        callee: Callee::Direct(g),
                        args,
                    } = &e.stmt
                    else {
                        continue;
                    };
                    let callee = self.prog.func(*g);
                    let TypeKind::Function(sig) = self.prog.types.kind(callee.ty) else {
                        continue;
                    };
                    if let Some(lv) = lhs {
                        let used = self.prog.lval_ty(lv);
                        if used != sig.ret {
                            return Err(self.error_at_loc(
                                e.loc,
                                ErrorKind::Invalid,
                                format!(
                                    "conflicting types for `{}`: called as returning `{}` before a declaration as returning `{}`",
                                    callee.name,
                                    self.prog.types.display(used),
                                    self.prog.types.display(sig.ret)
                                ),
                            ));
                        }
                    }
                    if !sig.prototyped {
                        continue;
                    }
                    let what = if callee.body.is_some() {
                        "definition"
                    } else {
                        "prototype"
                    };
                    let bad = if sig.variadic {
                        args.len() < sig.params.len()
                    } else {
                        args.len() != sig.params.len()
                    };
                    if bad {
                        return Err(self.error_at_loc(
                            e.loc,
                            ErrorKind::Invalid,
                            format!(
                                "call of `{}` with {} arguments; its {what} takes {}",
                                callee.name,
                                args.len(),
                                sig.params.len()
                            ),
                        ));
                    }
                    let wrong: Vec<usize> = (0..sig.params.len())
                        .filter(|&i| args[i].ty != sig.params[i])
                        .collect();
                    let types = &self.prog.types;
                    if let Some(&i) = wrong.iter().find(|&&i| {
                        !(types.is_scalar(args[i].ty) && types.is_scalar(sig.params[i]))
                    }) {
                        return Err(self.error_at_loc(
                            e.loc,
                            ErrorKind::Invalid,
                            format!(
                                "argument {} of `{}` has type `{}`, but its {what} takes `{}`",
                                i + 1,
                                callee.name,
                                types.display(args[i].ty),
                                types.display(sig.params[i])
                            ),
                        ));
                    }
                    if !wrong.is_empty() {
                        fixes.push((fi, ni, ei, sig.params.clone(), wrong));
                    }
                }
            }
        }
        // Calls lowered before a declaration gave the callee its prototype: convert the
        // (default-promoted) arguments to the parameter types.
        for (fi, ni, ei, params, wrong) in fixes {
            let Some(body) = self.prog.functions[fi].body.as_mut() else {
                continue;
            };
            let edge = &mut body.nodes[ni].edges[ei];
            if let Stmt::Call { args, .. } = &mut edge.stmt {
                for i in wrong {
                    let a = std::mem::replace(&mut args[i], fold::int(0, params[i]));
                    args[i] = fold::cast(&self.prog.types, a, params[i]);
                }
            }
        }
        Ok(self.prog)
    }

    /// An error at a CIR location (for checks made after the AST is gone).
    fn error_at_loc(&self, loc: Loc, kind: ErrorKind, msg: String) -> FrontendError {
        FrontendError {
            kind,
            message: msg,
            pos: Some(SourcePos {
                file: self.prog.file_name(loc).to_string(),
                line: loc.line,
                col: loc.col,
            }),
            snippet: None,
        }
    }

    /// Record a warning once per location.
    fn warn_at(&mut self, loc: Loc, message: &str) {
        if self.warned.insert((loc, message.to_string())) {
            self.prog.warnings.push(Warning {
                loc,
                message: message.to_string(),
            });
        }
    }
}
