//! Variadic function definitions: `va_start`, `va_arg`, `va_copy` and `va_end`.
//!
//! CIR does not carry the arguments past the prototype into the callee: a call passes
//! them (they are evaluated, and the compiled program gets them), but the callee reads
//! each `va_arg(ap, T)` as an arbitrary `T` — an [`Opaque::VaArg`] value. That
//! over-approximates every run, so a proof stays a proof; a violation that depends on such
//! a value is confirmed only by the compiled program, which reads the real argument.
//! `va_start`, `va_copy` and `va_end` change nothing CIR reads.

use super::expr::{read, Operand};
use super::types::is_void;
use super::{LResult, Lowerer};
use crate::cir::{DataModel, HavocKind, Lval, Opaque, Stmt, Ty};
use crate::frontend::ErrorKind;
use lang_c::ast::{Expression, VaArgExpression};
use lang_c::span::{Node, Span};

/// The `va_*` macros' builtins that slamrs lowers (the rest are refused).
pub(super) const VA: &[&str] = &[
    "__builtin_va_start",
    "__builtin_va_end",
    "__builtin_va_copy",
    "__builtin_va_arg_pack",
    "__builtin_va_arg_pack_len",
    "__builtin_c23_va_start",
    "va_start",
    "va_end",
    "va_copy",
];

impl Lowerer<'_> {
    /// `__builtin_va_list` as the target's ABI has it: on x86-64 Linux an array of one
    /// 24-byte record (`char[24]` here: CIR never reads it), elsewhere `char *`.
    pub(super) fn va_list_type(&mut self) -> Ty {
        let c = self.prog.types.char();
        match self.prog.types.data_model {
            DataModel::Lp64 => self.prog.types.array(c, Some(24)),
            DataModel::Ilp32 | DataModel::Llp64 => self.prog.types.pointer(c),
        }
    }

    /// `va_start(ap, last)`, `va_copy(dst, src)`, `va_end(ap)`: the arguments are
    /// evaluated for their side effects and nothing else happens.
    pub(super) fn va_macro(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        span: Span,
    ) -> LResult<Operand> {
        if name.starts_with("__builtin_va_arg_pack") {
            return Err(self.err(
                span,
                ErrorKind::Unsupported,
                format!("`{name}` (forwarding the arguments of an inline variadic function) is not supported"),
            ));
        }
        self.inside_variadic(name, span)?;
        for a in args {
            self.discard(a)?;
        }
        Ok(Operand::Val(self.void_expr()))
    }

    /// `va_arg(ap, T)`: an arbitrary value of type `T` ([`Opaque::VaArg`]).
    pub(super) fn va_arg(&mut self, v: &Node<VaArgExpression>, span: Span) -> LResult<Operand> {
        self.inside_variadic("va_arg", span)?;
        self.discard(&v.node.va_list)?;
        let ty = self.type_name(&v.node.type_name)?;
        if is_void(&self.prog.types, ty) {
            return Err(self.err(span, ErrorKind::Invalid, "`va_arg` of type void"));
        }
        let tmp = self.new_temp(ty, span)?;
        self.emit(
            Stmt::Havoc {
                lhs: Lval::Var(tmp),
                why: HavocKind::Opaque(Opaque::VaArg),
            },
            span,
        )?;
        Ok(Operand::Val(read(Lval::Var(tmp), ty)))
    }

    /// The `va_*` macros belong in the body of a variadic function.
    fn inside_variadic(&mut self, what: &str, span: Span) -> LResult<()> {
        if self.fcx.variadic {
            return Ok(());
        }
        Err(self.err(
            span,
            ErrorKind::Invalid,
            format!(
                "`{what}` used in `{}`, which is not variadic",
                self.fcx.name
            ),
        ))
    }
}
