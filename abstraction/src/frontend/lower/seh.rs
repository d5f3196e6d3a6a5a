//! Structured exception handling (MSVC's `__try`), after [`crate::frontend::msvc`] has
//! rewritten it into markers: `if (__slamrs_seh_try()) { B } else { filter and handler }`
//! and `if (__slamrs_seh_finally()) { B } else { F }`.
//!
//! Where exceptions come from: the kernel routines documented to raise one. Each call of
//! one of [`MAY_RAISE`] (`ProbeForRead`/`ProbeForWrite` on a bad user buffer,
//! `MmProbeAndLockPages`) inside a `__try` body of the same function may return normally
//! or raise: a choice of the environment (an input, `HavocKind::Input("exception raised by
//! NAME")`); the code is `STATUS_ACCESS_VIOLATION` or `STATUS_DATATYPE_MISALIGNMENT` for the
//! probes, an arbitrary error status for the others. [`RAISES`] (`ExRaiseStatus(s)`, ...)
//! always raise, with their status. `GetExceptionCode()` reads the code. Control goes to the
//! innermost enclosing handler:
//! - `__except (F) { H }`: `F` is evaluated; 1 runs `H` and goes on after the statement,
//!   0 passes the exception to the next enclosing handler, -1 goes on after the call;
//! - `__finally { F }`: `F` runs, then the exception goes on to the next enclosing handler.
//!
//! An exception with no enclosing handler in the function leaves it: the function returns
//! with the global `__slamrs_seh_raised` set, and after every call of a function of the
//! program (or through a pointer) the caller goes on with the exception at that point (its
//! innermost handler, or it leaves too). An exception that leaves an entry point unwinds
//! the harness to its end: the path stops there (the real system would stop). `F` of a
//! `__finally` also runs when `B` ends normally and when `return`, `break` or `continue`
//! leave `B` (the returned value is computed first, as MSVC does). All of this only in a
//! unit that has a `__try` (in others an exception would stop the system: nothing raises).
//!
//! Not modelled: memory accesses that fault (the harness's buffers are valid), and `goto`
//! out of a `__finally`-protected body (the `__finally` block does not run).

use super::expr::read;
use super::types::is_void;
use super::{fold, LResult, Lowerer};
use crate::cir::{BinOp, Expr, HavocKind, Lval, NodeId, Stmt, VarId, VarKind};
use lang_c::ast::{Expression, IfStatement, Statement};
use lang_c::span::{Node, Span};

/// The marker of a `__try` with an `__except` handler.
pub(super) const TRY_EXCEPT: &str = "__slamrs_seh_try";
/// The marker of a `__try` with a `__finally` block.
pub(super) const TRY_FINALLY: &str = "__slamrs_seh_finally";
/// Passes the exception being handled to the next enclosing handler.
pub(super) const PROPAGATE: &str = "__slamrs_seh_propagate";

/// Kernel routines documented to raise an exception (an error status) on bad input
/// instead of returning: they may return normally or raise.
pub(super) const MAY_RAISE: &[&str] = &[
    "ProbeForRead",
    "ProbeForWrite",
    "MmProbeAndLockPages",
    "MmProbeAndLockProcessPages",
    "MmProbeAndLockSelectedPages",
];

/// Kernel routines that always raise: the exception code is their argument, a fixed
/// status, or (`RtlRaiseException`) an arbitrary error status.
pub(super) const RAISES: &[&str] = &[
    "ExRaiseStatus",
    "RtlRaiseStatus",
    "ExRaiseAccessViolation",
    "ExRaiseDatatypeMisalignment",
    "RtlRaiseException",
];

/// What `GetExceptionCode()` is a macro of (MSVC's intrinsic, declared by `<excpt.h>`).
pub(super) const EXCEPTION_CODE: &str = "_exception_code";

/// The variable holding the code of the exception being handled.
const CODE_VAR: &str = "__slamrs_seh_code";
/// Nonzero while a function returns because an exception left it.
const RAISED_VAR: &str = "__slamrs_seh_raised";

/// `STATUS_ACCESS_VIOLATION` and `STATUS_DATATYPE_MISALIGNMENT` as 32-bit `NTSTATUS`.
const ACCESS_VIOLATION: i128 = 0xC000_0005u32 as i32 as i128;
const DATATYPE_MISALIGNMENT: i128 = 0x8000_0002u32 as i32 as i128;

/// One enclosing `__try` of the statement being lowered.
#[derive(Clone)]
pub(super) struct SehFrame {
    /// Where an exception raised in the body goes.
    handler: NodeId,
    /// The `__finally` block, run when control leaves the body.
    finally: Option<Node<Statement>>,
    /// How many `break` and `continue` targets were open when the body began: a jump to
    /// an older one leaves the body.
    breaks: usize,
    continues: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Except,
    Finally,
}

/// The kind of `__try` an `if` condition marks.
fn marker(cond: &Node<Expression>) -> Option<Kind> {
    let Expression::Call(c) = &cond.node else {
        return None;
    };
    let Expression::Identifier(id) = &c.node.callee.node else {
        return None;
    };
    if !c.node.arguments.is_empty() {
        return None;
    }
    match id.node.name.as_str() {
        TRY_EXCEPT => Some(Kind::Except),
        TRY_FINALLY => Some(Kind::Finally),
        _ => None,
    }
}

/// How a jump leaves the bodies it is in.
#[derive(Clone, Copy)]
pub(super) enum Exit {
    Return,
    Break,
    Continue,
}

impl Lowerer<'_> {
    /// Lowers `i` if it is a marked `__try`; `false` if it is an ordinary `if`.
    pub(super) fn seh_try(&mut self, i: &Node<IfStatement>, span: Span) -> LResult<bool> {
        let Some(kind) = marker(&i.node.condition) else {
            return Ok(false);
        };
        let Some(other) = &i.node.else_statement else {
            return Ok(false);
        };
        let handler = self.fcx.new_node();
        let join = self.fcx.new_node();
        let finally = (kind == Kind::Finally).then(|| (**other).clone());
        self.fcx.seh.push(SehFrame {
            handler,
            finally: finally.clone(),
            breaks: self.fcx.breaks.len(),
            continues: self.fcx.continues.len(),
        });
        let body = self.stmt(&i.node.then_statement);
        self.fcx.seh.pop();
        body?;
        if let Some(f) = &finally {
            self.stmt(f)?;
        }
        self.emit_to(Stmt::Skip, span, join)?;
        self.fcx.cur = handler;
        self.stmt(other)?;
        if kind == Kind::Finally {
            self.seh_propagate(span)?;
        }
        self.emit_to(Stmt::Skip, span, join)?;
        self.fcx.cur = join;
        Ok(true)
    }

    /// After a call of `name` (a [`MAY_RAISE`] routine) inside a `__try` body: it may
    /// have raised an error status, and control goes to the innermost handler.
    pub(super) fn seh_raise_point(&mut self, name: &str, span: Span) -> LResult<()> {
        if !self.seh_unit {
            return Ok(());
        }
        let int = self.prog.types.int();
        let why = HavocKind::Input(format!("exception raised by {name}"));
        let t = self.havoc_temp(int, why, span)?;
        let v = read(Lval::Var(t), int);
        let zero = fold::int(0, int);
        let raised = fold::binary(&self.prog.types, BinOp::Ne, v.clone(), zero.clone(), int);
        let normal = fold::binary(&self.prog.types, BinOp::Eq, v, zero, int);
        let (exc, next) = (self.fcx.new_node(), self.fcx.new_node());
        self.emit_to(Stmt::Assume(raised), span, exc)?;
        self.emit_to(Stmt::Assume(normal), span, next)?;
        self.fcx.cur = exc;
        let code = if name.starts_with("ProbeFor") {
            self.one_of(&[ACCESS_VIOLATION, DATATYPE_MISALIGNMENT], span)?
        } else {
            self.any_error_status(span)?
        };
        self.seh_throw(code, span)?;
        self.fcx.cur = next;
        Ok(())
    }

    /// A call of `name`, a [`RAISES`] routine with the (lowered) arguments `args`: the
    /// exception is raised.
    pub(super) fn seh_raise(&mut self, name: &str, args: Vec<Expr>, span: Span) -> LResult<()> {
        let int = self.prog.types.int();
        let code = match (name, args.into_iter().next()) {
            ("ExRaiseAccessViolation", _) => fold::int(ACCESS_VIOLATION, int),
            ("ExRaiseDatatypeMisalignment", _) => fold::int(DATATYPE_MISALIGNMENT, int),
            ("ExRaiseStatus" | "RtlRaiseStatus", Some(status)) => {
                self.convert(status, int, span)?
            }
            _ => self.any_error_status(span)?,
        };
        self.seh_throw(code, span)
    }

    /// The code of the exception being handled (`GetExceptionCode()`).
    pub(super) fn seh_code(&mut self, span: Span) -> Expr {
        let int = self.prog.types.int();
        read(Lval::Var(self.seh_code_var(span)), int)
    }

    fn seh_code_var(&mut self, span: Span) -> VarId {
        self.seh_global(CODE_VAR, span)
    }

    /// The `int` variable `name` of static storage (created on first use; remembered,
    /// and made again if a dry run rolled its creation back).
    fn seh_global(&mut self, name: &'static str, span: Span) -> VarId {
        let known = self
            .seh_vars
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, v)| v);
        if let Some(v) = known.filter(|v| {
            self.prog
                .vars
                .get(v.0 as usize)
                .is_some_and(|x| x.name == name)
        }) {
            return v;
        }
        let int = self.prog.types.int();
        let kind = VarKind::Global { is_static: true };
        let v = self.new_var(name.to_string(), int, kind, span);
        self.seh_vars.retain(|(n, _)| *n != name);
        self.seh_vars.push((name, v));
        v
    }

    /// After a call of a function of the program (or through a pointer) in a unit with
    /// exception handling: an exception that left the callee goes on here.
    pub(super) fn seh_after_call(&mut self, span: Span) -> LResult<()> {
        let int = self.prog.types.int();
        let var = self.seh_global(RAISED_VAR, span);
        let v = read(Lval::Var(var), int);
        let zero = fold::int(0, int);
        let raised = fold::binary(&self.prog.types, BinOp::Ne, v.clone(), zero.clone(), int);
        let normal = fold::binary(&self.prog.types, BinOp::Eq, v, zero.clone(), int);
        let (exc, next) = (self.fcx.new_node(), self.fcx.new_node());
        self.emit_to(Stmt::Assume(raised), span, exc)?;
        self.emit_to(Stmt::Assume(normal), span, next)?;
        self.fcx.cur = exc;
        self.emit(
            Stmt::Assign {
                lhs: Lval::Var(var),
                rhs: zero,
            },
            span,
        )?;
        self.seh_propagate(span)?;
        self.fcx.cur = next;
        Ok(())
    }

    /// Raises an exception with `code`: to the innermost handler, or the path ends.
    fn seh_throw(&mut self, code: Expr, span: Span) -> LResult<()> {
        let var = self.seh_code_var(span);
        self.emit(
            Stmt::Assign {
                lhs: Lval::Var(var),
                rhs: code,
            },
            span,
        )?;
        self.seh_propagate(span)
    }

    /// An arbitrary error status (negative as a 32-bit `NTSTATUS`), never a success or
    /// `STATUS_PENDING`.
    fn any_error_status(&mut self, span: Span) -> LResult<Expr> {
        let int = self.prog.types.int();
        let t = self.havoc_temp(int, HavocKind::Input("exception code".into()), span)?;
        let v = read(Lval::Var(t), int);
        let neg = fold::binary(
            &self.prog.types,
            BinOp::Lt,
            v.clone(),
            fold::int(0, int),
            int,
        );
        self.emit(Stmt::Assume(neg), span)?;
        Ok(v)
    }

    /// One of `values`, chosen by the environment.
    fn one_of(&mut self, values: &[i128], span: Span) -> LResult<Expr> {
        let int = self.prog.types.int();
        let t = self.havoc_temp(int, HavocKind::Input("exception code".into()), span)?;
        let v = read(Lval::Var(t), int);
        let next = self.fcx.new_node();
        for &c in values {
            let eq = fold::binary(
                &self.prog.types,
                BinOp::Eq,
                v.clone(),
                fold::int(c, int),
                int,
            );
            self.emit_to(Stmt::Assume(eq), span, next)?;
        }
        self.fcx.cur = next;
        Ok(v)
    }

    /// The exception being handled goes to the innermost enclosing handler; with none in
    /// the function, the function returns (an arbitrary value) with the exception raised,
    /// for its caller to go on with.
    pub(super) fn seh_propagate(&mut self, span: Span) -> LResult<()> {
        if let Some(frame) = self.fcx.seh.last() {
            return self.jump(frame.handler, span);
        }
        let int = self.prog.types.int();
        let var = self.seh_global(RAISED_VAR, span);
        self.emit(
            Stmt::Assign {
                lhs: Lval::Var(var),
                rhs: fold::int(1, int),
            },
            span,
        )?;
        let ret = self.fcx.ret_ty;
        let value = if is_void(&self.prog.types, ret) {
            None
        } else {
            let t = self.havoc_temp(ret, HavocKind::Uninit, span)?;
            Some(read(Lval::Var(t), ret))
        };
        self.ret(Stmt::Return(value), span)
    }

    /// Whether a `return` here leaves a `__finally`-protected body.
    pub(super) fn seh_has_finally(&self) -> bool {
        self.fcx.seh.iter().any(|f| f.finally.is_some())
    }

    /// Runs the `__finally` blocks of the bodies a jump of kind `exit` leaves, innermost
    /// first, each with only the frames outside it enclosing it.
    pub(super) fn seh_leave(&mut self, exit: Exit) -> LResult<()> {
        let frames = self.fcx.seh.clone();
        let left = |f: &SehFrame| match exit {
            Exit::Return => true,
            Exit::Break => f.breaks >= self.fcx.breaks.len(),
            Exit::Continue => f.continues >= self.fcx.continues.len(),
        };
        let leaving: Vec<usize> = (0..frames.len())
            .rev()
            .filter(|&k| left(&frames[k]))
            .collect();
        let mut r = Ok(());
        for k in leaving {
            if let Some(f) = &frames[k].finally {
                self.fcx.seh.truncate(k);
                r = self.stmt(f);
                if r.is_err() {
                    break;
                }
            }
        }
        self.fcx.seh = frames;
        r
    }
}

#[cfg(test)]
mod tests {
    use crate::frontend::{self, LoadOptions};
    use crate::interp::{self, Config, Outcome};

    /// Lowers `src` (MSVC C, rewritten as the frontend does) and runs `main` on `inputs`:
    /// what it prints.
    fn run(src: &str, inputs: &[i128]) -> String {
        let text = frontend::msvc::rewrite_all(src).unwrap_or_else(|| src.to_string());
        let prog = frontend::load_text("seh.c", text, &LoadOptions::default()).unwrap();
        let r = interp::run_main(&prog, &Config::default(), inputs);
        assert!(
            matches!(r.outcome, Outcome::Return { .. }),
            "{:?} on {inputs:?}",
            r.outcome
        );
        String::from_utf8(r.output).unwrap()
    }

    const PROGRAM: &str = r#"
int printf(const char *, ...);
void ProbeForRead(void *p, unsigned long n, unsigned long a);
void ExRaiseStatus(long s);
unsigned long _exception_code(void);
int g;
int inner(int *p) {
    __try {
        g = 1;
        ProbeForRead(p, 4, 4);
        g = 2;
        return g;
    } __finally {
        g = g + 10;
    }
    return -5;
}
int outer(int *p) {
    int r = 0;
    __try {
        r = inner(p);
        if (r == 2)
            ExRaiseStatus(-7);
    } __except (g == 11 ? 1 : 0) {
        printf("caught %ld g=%d\n", (long)_exception_code(), g);
        return -1;
    }
    return r;
}
int main(void) {
    int x = 0;
    __try {
        printf("outer %d\n", outer(&x));
    } __except (1) {
        printf("main caught %ld g=%d\n", (long)_exception_code(), g);
    }
    for (int i = 0; i < 3; i++) {
        __try { if (i == 1) break; } __finally { printf("finally %d\n", i); }
    }
    return 0;
}
"#;

    #[test]
    fn exceptions_go_to_the_innermost_handler_across_calls() {
        // ProbeForRead returns: inner returns 2 through its __finally (g = 12), outer raises
        // -7, its filter declines (g is not 11), main's handler takes it
        assert_eq!(
            run(PROGRAM, &[0]),
            "main caught -7 g=12\nfinally 0\nfinally 1\n"
        );
        // ProbeForRead raises an access violation: inner's __finally runs (g = 11), outer's
        // filter takes it
        assert_eq!(
            run(PROGRAM, &[1, -1073741819]),
            "caught -1073741819 g=11\nouter -1\nfinally 0\nfinally 1\n"
        );
    }
}
