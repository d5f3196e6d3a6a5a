//! The Windows kernel's status codes: which routines may return `STATUS_PENDING`.
//!
//! `STATUS_PENDING` means "the request goes on after the routine returns": only routines
//! that pass an IRP on (`IoCallDriver`, `PoCallDriver`) or start asynchronous I/O (`Zw*`,
//! `Nt*` on a handle opened for it, the filter manager's `Flt*`) return it. Every other
//! kernel routine a system header declares to return `NTSTATUS` returns success or an
//! error; a call of one whose value is used gets `assume(value != STATUS_PENDING)`, so a
//! dispatch routine that returns the status of, say, `ObRegisterCallbacks` is not taken
//! to return `STATUS_PENDING` without marking its IRP pending.

use super::expr::Operand;
use super::{fold, LResult, Lowerer};
use crate::cir::{BinOp, Stmt};
use crate::frontend::prune::{tokens, Tok};
use crate::frontend::Source;
use lang_c::span::Span;
use rustc_hash::FxHashSet as HashSet;

/// `STATUS_PENDING` as a 32-bit `NTSTATUS`.
const STATUS_PENDING: i128 = 0x103;

/// The functions the system headers of `source` declare to return `NTSTATUS`, except
/// those whose name starts with one of `prefixes`.
pub(super) fn never_pending(source: &Source, prefixes: &[String]) -> HashSet<String> {
    let text = &source.text;
    let toks = tokens(text);
    let in_header = |off: usize| {
        let (f, _, _) = source.locate(off);
        source.system.get(f as usize).copied().unwrap_or(false)
    };
    let mut out = HashSet::default();
    for i in 0..toks.len() {
        if toks[i].1 != Tok::Ident("NTSTATUS") || !in_header(toks[i].0) {
            continue;
        }
        // NTSTATUS [__attribute__((...)) | __stdcall | ...] NAME (
        let mut k = i + 1;
        loop {
            match toks.get(k).map(|t| t.1) {
                Some(Tok::Ident("__attribute__" | "__declspec")) => {
                    k += 1;
                    let mut depth = 0usize;
                    while let Some((_, t)) = toks.get(k) {
                        match t {
                            Tok::Punct(b'(') => depth += 1,
                            Tok::Punct(b')') => depth = depth.saturating_sub(1),
                            _ => {}
                        }
                        k += 1;
                        if depth == 0 {
                            break;
                        }
                    }
                }
                Some(Tok::Ident("__stdcall" | "__cdecl" | "__fastcall" | "NTAPI")) => k += 1,
                _ => break,
            }
        }
        if let (Some(Tok::Ident(name)), Some(Tok::Punct(b'('))) =
            (toks.get(k).map(|t| t.1), toks.get(k + 1).map(|t| t.1))
        {
            if !prefixes.iter().any(|p| name.starts_with(p.as_str())) {
                out.insert(name.to_string());
            }
        }
    }
    out
}

impl Lowerer<'_> {
    /// After a call of a routine that never returns `STATUS_PENDING`: its value is not.
    pub(super) fn not_pending(&mut self, value: &Operand, span: Span) -> LResult<()> {
        let Operand::Val(v) = value else {
            return Ok(());
        };
        let Some(k) = self.prog.types.as_int(v.ty) else {
            return Ok(());
        };
        if k.bits != 32 {
            return Ok(());
        }
        let int = self.prog.types.int();
        let pending = fold::int(STATUS_PENDING, v.ty);
        let ne = fold::binary(&self.prog.types, BinOp::Ne, v.clone(), pending, int);
        self.emit(Stmt::Assume(ne), span)
    }
}
