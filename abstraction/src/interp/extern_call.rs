//! Calls of functions without a body, following the environment model (`cir::env`).
//!
//! - Nondet functions and unknown functions returning a scalar take one value from the
//!   oracle (`HavocKind::Input(name)`) per call, whether or not the result is used; a
//!   nonzero pointer an unknown function returns is the start of an object of the
//!   environment, one per distinct value (`Machine::env_pointer`); unknown
//!   functions change nothing else here (one of the behaviours docs/cir.md allows): the
//!   writes through their output parameters are CIR statements before the call
//!   (`frontend/lower/out_params.rs`).
//! - `__VERIFIER_assume`, error functions, `assert`, `exit`/`abort` end or cut the path.
//! - `printf`, `puts`, `putchar` write to the run's output; `memset`, `memcpy`/`memmove`,
//!   `strlen`, `strcmp`/`strncmp`, `strcpy`, `abs`/`labs`/`llabs` are implemented
//!   concretely; `free` does nothing.
//! - A malloc-like function reached through a call (not an allocation site) is unsupported.

use super::arith;
use super::eval::truthy;
use super::machine::{Machine, RVal, R};
use super::value::{Pointer, Value};
use super::Outcome;
use crate::cir::env::{classify, EnvFn, Known};
use crate::cir::{FuncId, Function, HavocKind, Ty, TypeKind};

/// Longest string a library function reads (longer ones end the run as unsupported,
/// since reading them is not bounded by the step count).
const MAX_STRING: usize = 1 << 24;

impl<'p> Machine<'p, '_> {
    /// Call `func` (no body) with argument values `args`; the result, if the function
    /// produces one (`None`: the caller's lhs, if any, becomes uninitialized).
    pub(crate) fn call_extern(
        &mut self,
        caller: FuncId,
        func: &'p Function,
        args: &[RVal],
    ) -> R<Option<RVal>> {
        let name = func.name.as_str();
        let ret = self.ret_ty(func);
        match classify(name) {
            env @ (EnvFn::Nondet | EnvFn::Unknown) => match ret {
                Some(t)
                    if !self.is_aggregate(t)? && !matches!(self.kind(t)?, TypeKind::Float(_)) =>
                {
                    let v = self.ask(&HavocKind::Input(name.to_string()), t)?;
                    let v = match (env, v) {
                        // a pointer unknown code returns: an object of the environment
                        (EnvFn::Unknown, Value::Int(n)) if self.prog.types.is_pointer(t) => {
                            self.env_pointer(n)
                        }
                        _ => v,
                    };
                    Ok(Some(RVal::Scalar(v)))
                }
                _ => Ok(None),
            },
            EnvFn::Assume => {
                if truthy(self.scalar_arg(args, 0, name)?) {
                    Ok(None)
                } else {
                    Err(Outcome::AssumeFailed { loc: self.loc })
                }
            }
            EnvFn::Error => Err(Outcome::Error {
                func: caller,
                loc: self.loc,
            }),
            EnvFn::AssertCall => {
                if truthy(self.scalar_arg(args, 0, name)?) {
                    Ok(None)
                } else {
                    Err(Outcome::Error {
                        func: caller,
                        loc: self.loc,
                    })
                }
            }
            EnvFn::Halt { code_arg } => {
                let code = match code_arg {
                    Some(i) => Some(self.int_arg(args, i, name)?),
                    None => None,
                };
                Err(Outcome::Exit { code })
            }
            EnvFn::Alloc { .. } => Err(self.unsup(format!(
                "`{name}` called where lowering made no allocation site (e.g. through a pointer)"
            ))),
            EnvFn::Known(k) => self.known(k, name, ret, args).map(|v| v.map(RVal::Scalar)),
        }
    }

    pub(crate) fn scalar_arg(&self, args: &[RVal], i: usize, name: &str) -> R<Value> {
        match args.get(i) {
            Some(RVal::Scalar(v)) => Ok(*v),
            Some(RVal::Block(..)) => Err(self.unsup(format!("`{name}`: aggregate argument"))),
            None => Err(self.undef(format!("`{name}` called with too few arguments"))),
        }
    }

    pub(crate) fn int_arg(&self, args: &[RVal], i: usize, name: &str) -> R<i128> {
        let v = self.scalar_arg(args, i, name)?;
        self.as_int(v, name)
    }

    /// A pointer argument that must designate an object.
    fn ptr_arg(&self, args: &[RVal], i: usize, name: &str) -> R<Pointer> {
        let v = self.scalar_arg(args, i, name)?;
        self.deref_target(v)
    }

    /// A size argument (non-negative, at most the largest object).
    fn size_arg(&self, args: &[RVal], i: usize, name: &str) -> R<u64> {
        let n = self.int_arg(args, i, name)?;
        u64::try_from(n)
            .ok()
            .filter(|n| *n <= i64::MAX as u64)
            .ok_or_else(|| self.undef(format!("`{name}`: size {n} out of range")))
    }

    fn known(&mut self, k: Known, name: &str, ret: Option<Ty>, args: &[RVal]) -> R<Option<Value>> {
        match k {
            Known::Output => self.output_call(name, args).map(|n| Some(Value::Int(n))),
            Known::Free => Ok(None),
            Known::Memset => {
                let n = self.size_arg(args, 2, name)?;
                let d = self.scalar_arg(args, 0, name)?;
                if n > 0 {
                    let p = self.deref_target(d)?;
                    let c = self.int_arg(args, 1, name)?;
                    self.fill(p, n, c as u8)?;
                }
                Ok(Some(d))
            }
            Known::Memcpy => {
                let n = self.size_arg(args, 2, name)?;
                let d = self.scalar_arg(args, 0, name)?;
                if n > 0 {
                    let dp = self.deref_target(d)?;
                    let sp = self.ptr_arg(args, 1, name)?;
                    let pieces = self.read_block(sp, n)?;
                    self.write_block(dp, n, &pieces)?;
                }
                Ok(Some(d))
            }
            Known::Strlen => {
                let p = self.ptr_arg(args, 0, name)?;
                let s = self.read_cstr(p, None)?;
                Ok(Some(Value::Int(s.len() as i128)))
            }
            Known::Strcmp => {
                let limit = if name == "strncmp" {
                    Some(self.size_arg(args, 2, name)?)
                } else {
                    None
                };
                if limit == Some(0) {
                    return Ok(Some(Value::Int(0)));
                }
                let a = self.ptr_arg(args, 0, name)?;
                let b = self.ptr_arg(args, 1, name)?;
                Ok(Some(Value::Int(self.compare_strings(a, b, limit)?)))
            }
            Known::Strcpy => {
                let d = self.scalar_arg(args, 0, name)?;
                let dp = self.deref_target(d)?;
                let sp = self.ptr_arg(args, 1, name)?;
                let mut s = self.read_cstr(sp, None)?;
                s.push(0);
                self.check_write(dp, s.len() as u64)?;
                for (i, b) in s.iter().enumerate() {
                    let at = Pointer {
                        offset: dp.offset + i as i64,
                        ..dp
                    };
                    self.fill(at, 1, *b)?;
                }
                Ok(Some(d))
            }
            Known::Abs => {
                let x = self.int_arg(args, 0, name)?;
                let r = if self.machine_mode() {
                    let t =
                        ret.ok_or_else(|| self.unsup(format!("`{name}` without a return type")))?;
                    let k = self.int_kind(t)?;
                    arith::wrap(x.wrapping_abs(), k).map_err(|e| self.arith_err(e))?
                } else {
                    x.checked_abs()
                        .ok_or_else(|| self.unsup("integer value beyond the range of i128"))?
                };
                Ok(Some(Value::Int(r)))
            }
        }
    }

    /// The bytes of the NUL-terminated string at `p` (without the NUL), at most `limit`.
    pub(crate) fn read_cstr(&mut self, p: Pointer, limit: Option<u64>) -> R<Vec<u8>> {
        let mut out = Vec::new();
        loop {
            if limit.is_some_and(|l| out.len() as u64 >= l) {
                return Ok(out);
            }
            if out.len() >= MAX_STRING {
                return Err(self.unsup("string longer than 16 MiB"));
            }
            let at = Pointer {
                offset: p.offset + out.len() as i64,
                ..p
            };
            match self.read_byte(at)? {
                0 => return Ok(out),
                b => out.push(b),
            }
        }
    }

    /// `strcmp` / `strncmp`: the difference of the first differing bytes (as unsigned char).
    fn compare_strings(&mut self, a: Pointer, b: Pointer, limit: Option<u64>) -> R<i128> {
        let mut i = 0i64;
        loop {
            if limit.is_some_and(|l| i as u64 >= l) {
                return Ok(0);
            }
            if i as usize >= MAX_STRING {
                return Err(self.unsup("string longer than 16 MiB"));
            }
            let x = self.read_byte(Pointer {
                offset: a.offset + i,
                ..a
            })?;
            let y = self.read_byte(Pointer {
                offset: b.offset + i,
                ..b
            })?;
            if x != y || x == 0 {
                return Ok(i128::from(x) - i128::from(y));
            }
            i += 1;
        }
    }

    /// `printf`, `puts`, `putchar`: write to the output, return what C returns.
    fn output_call(&mut self, name: &str, args: &[RVal]) -> R<i128> {
        match name {
            "puts" => {
                let p = self.ptr_arg(args, 0, name)?;
                let mut s = self.read_cstr(p, None)?;
                s.push(b'\n');
                self.output.extend_from_slice(&s);
                Ok(s.len() as i128)
            }
            "putchar" => {
                let c = self.int_arg(args, 0, name)? as u8;
                self.output.push(c);
                Ok(i128::from(c))
            }
            _ => {
                let s = self.printf(args)?;
                self.output.extend_from_slice(&s);
                Ok(s.len() as i128)
            }
        }
    }
}
