//! `printf` formatting, as glibc does it for the integer, character, string and pointer
//! conversions (`%d %i %u %o %x %X %c %s %p %%`, flags `-+ #0`, width, precision, `*`,
//! length modifiers `hh h l ll q j z t`). Floating-point conversions and `%n` are
//! unsupported. `%p` of a non-null pointer prints a made-up address (the real one is not
//! known), so programs whose output depends on it cannot be compared with gcc's.

use super::arith;
use super::machine::{Machine, RVal, R};
use super::value::{ObjKind, Pointer, Value};
use crate::cir::IntKind;

/// Largest width or precision accepted (a bigger one is surely a bug in the program).
const MAX_FIELD: usize = 1 << 20;

/// A parsed conversion specification.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Spec {
    pub(crate) minus: bool,
    pub(crate) plus: bool,
    pub(crate) space: bool,
    pub(crate) hash: bool,
    pub(crate) zero: bool,
    pub(crate) width: usize,
    pub(crate) precision: Option<usize>,
}

/// Pad `body` to the spec's width with spaces (left, or right with `-`).
fn pad(body: Vec<u8>, spec: &Spec) -> Vec<u8> {
    if body.len() >= spec.width {
        return body;
    }
    let fill = vec![b' '; spec.width - body.len()];
    if spec.minus {
        [body, fill].concat()
    } else {
        [fill, body].concat()
    }
}

/// Format an integer conversion: `digits` is the magnitude in the conversion's base,
/// `sign` the sign character (if any), `prefix` `0x`/`0X` (if any).
pub(crate) fn format_number(
    digits: &str,
    zero_value: bool,
    sign: Option<u8>,
    prefix: &str,
    octal_hash: bool,
    spec: &Spec,
) -> Vec<u8> {
    let mut digits: Vec<u8> = if spec.precision == Some(0) && zero_value {
        Vec::new()
    } else {
        digits.as_bytes().to_vec()
    };
    if let Some(p) = spec.precision {
        if p > digits.len() {
            let mut z = vec![b'0'; p - digits.len()];
            z.extend_from_slice(&digits);
            digits = z;
        }
    }
    if octal_hash && digits.first() != Some(&b'0') {
        digits.insert(0, b'0');
    }
    let mut head: Vec<u8> = sign.into_iter().collect();
    head.extend_from_slice(prefix.as_bytes());
    let len = head.len() + digits.len();
    if spec.zero && !spec.minus && spec.precision.is_none() && len < spec.width {
        head.extend(std::iter::repeat_n(b'0', spec.width - len));
        head.extend_from_slice(&digits);
        return head;
    }
    head.extend_from_slice(&digits);
    pad(head, spec)
}

impl Machine<'_, '_> {
    /// The bytes `printf(args[0], args[1..])` writes.
    pub(crate) fn printf(&mut self, args: &[RVal]) -> R<Vec<u8>> {
        let fmt = self.scalar_arg(args, 0, "printf")?;
        let fmt = self.deref_target(fmt)?;
        let fmt = self.read_cstr(fmt, None)?;
        let mut out = Vec::new();
        let mut next = 1usize;
        let mut i = 0usize;
        while i < fmt.len() {
            let c = fmt[i];
            i += 1;
            if c != b'%' {
                out.push(c);
                continue;
            }
            let mut spec = Spec::default();
            while let Some(&f) = fmt.get(i) {
                match f {
                    b'-' => spec.minus = true,
                    b'+' => spec.plus = true,
                    b' ' => spec.space = true,
                    b'#' => spec.hash = true,
                    b'0' => spec.zero = true,
                    _ => break,
                }
                i += 1;
            }
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                let w = self.int_arg(args, next, "printf")?;
                next += 1;
                if w < 0 {
                    spec.minus = true;
                }
                spec.width = self.field_size(w.unsigned_abs())?;
            } else {
                spec.width = self.field_size(read_number(&fmt, &mut i))?;
            }
            if fmt.get(i) == Some(&b'.') {
                i += 1;
                if fmt.get(i) == Some(&b'*') {
                    i += 1;
                    let p = self.int_arg(args, next, "printf")?;
                    next += 1;
                    spec.precision = if p < 0 {
                        None
                    } else {
                        Some(self.field_size(p.unsigned_abs())?)
                    };
                } else {
                    spec.precision = Some(self.field_size(read_number(&fmt, &mut i))?);
                }
            }
            let bits = self.length_bits(&fmt, &mut i);
            let Some(&conv) = fmt.get(i) else {
                return Err(self.unsup("printf: incomplete conversion at the end of the format"));
            };
            i += 1;
            match conv {
                b'%' => out.push(b'%'),
                b'd' | b'i' => {
                    let v = self.int_arg(args, next, "printf")?;
                    next += 1;
                    let v = self.as_printf_int(v, bits, true)?;
                    let sign = if v < 0 {
                        Some(b'-')
                    } else if spec.plus {
                        Some(b'+')
                    } else if spec.space {
                        Some(b' ')
                    } else {
                        None
                    };
                    out.extend(format_number(
                        &v.unsigned_abs().to_string(),
                        v == 0,
                        sign,
                        "",
                        false,
                        &spec,
                    ));
                }
                b'u' | b'o' | b'x' | b'X' => {
                    let v = self.int_arg(args, next, "printf")?;
                    next += 1;
                    let v = self.as_printf_int(v, bits, false)?.unsigned_abs();
                    let (digits, prefix) = match conv {
                        b'u' => (v.to_string(), ""),
                        b'o' => (format!("{v:o}"), ""),
                        b'x' => (
                            format!("{v:x}"),
                            if spec.hash && v != 0 { "0x" } else { "" },
                        ),
                        _ => (
                            format!("{v:X}"),
                            if spec.hash && v != 0 { "0X" } else { "" },
                        ),
                    };
                    let octal_hash = conv == b'o' && spec.hash;
                    out.extend(format_number(
                        &digits,
                        v == 0,
                        None,
                        prefix,
                        octal_hash,
                        &spec,
                    ));
                }
                b'c' => {
                    let v = self.int_arg(args, next, "printf")?;
                    next += 1;
                    out.extend(pad(vec![v as u8], &spec));
                }
                b's' => {
                    let v = self.scalar_arg(args, next, "printf")?;
                    next += 1;
                    let s = match v {
                        Value::Int(0) => b"(null)".to_vec(),
                        v => {
                            let p = self.deref_target(v)?;
                            self.read_cstr(p, spec.precision.map(|p| p as u64))?
                        }
                    };
                    out.extend(pad(s, &spec));
                }
                b'p' => {
                    let v = self.scalar_arg(args, next, "printf")?;
                    next += 1;
                    let s = match v {
                        Value::Int(0) => "(nil)".to_string(),
                        Value::Int(x) => format!("0x{:x}", x as u64),
                        Value::Ptr(p) => format!("0x{:x}", fake_address(p)),
                        Value::Func(f) => format!("0x{:x}", 0x401000 + 16 * u64::from(f.0)),
                    };
                    out.extend(pad(s.into_bytes(), &spec));
                }
                b'n' => return Err(self.unsup("printf: %n")),
                b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                    return Err(self.unsup("printf: floating-point conversion"))
                }
                other => {
                    return Err(self.unsup(format!(
                        "printf: unknown conversion `%{}`",
                        char::from(other)
                    )))
                }
            }
        }
        Ok(out)
    }

    fn field_size(&self, n: u128) -> R<usize> {
        usize::try_from(n)
            .ok()
            .filter(|n| *n <= MAX_FIELD)
            .ok_or_else(|| self.unsup("printf: field width or precision too large"))
    }

    /// Width in bits of the argument a length modifier announces (32 without one).
    fn length_bits(&self, fmt: &[u8], i: &mut usize) -> u16 {
        let long = self.prog.types.data_model.long_bits();
        let (bits, len) = match (fmt.get(*i), fmt.get(*i + 1)) {
            (Some(b'h'), Some(b'h')) => (8, 2),
            (Some(b'h'), _) => (16, 1),
            (Some(b'l'), Some(b'l')) => (64, 2),
            (Some(b'l'), _) => (long, 1),
            (Some(b'z'), _) | (Some(b't'), _) => (self.prog.types.data_model.pointer_bits(), 1),
            (Some(b'q'), _) | (Some(b'j'), _) => (64, 1),
            (Some(b'L'), _) => (64, 1),
            _ => (32, 0),
        };
        *i += len;
        bits
    }

    /// An argument as the conversion reads it: reinterpreted in `bits` bits.
    fn as_printf_int(&self, v: i128, bits: u16, signed: bool) -> R<i128> {
        arith::wrap(
            v,
            IntKind {
                bits,
                signed,
                is_bool: false,
            },
        )
        .map_err(|e| self.arith_err(e))
    }
}

/// Digits at `fmt[*i..]` as a number (0 if none), advancing `i`.
fn read_number(fmt: &[u8], i: &mut usize) -> u128 {
    let mut n: u128 = 0;
    while let Some(d) = fmt.get(*i).filter(|c| c.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add(u128::from(d - b'0'));
        *i += 1;
    }
    n
}

/// A stable made-up address for `%p` (real addresses are not modelled).
fn fake_address(p: Pointer) -> u64 {
    let (tag, id) = match p.obj.kind {
        ObjKind::Var(v) => (1u64, u64::from(v.0)),
        ObjKind::Alloc(a) => (2, u64::from(a.0)),
        ObjKind::Str(s) => (3, u64::from(s.0)),
        ObjKind::Argv => (4, 0),
        ObjKind::ArgvStr(i) => (5, u64::from(i)),
        ObjKind::Env => (6, 0),
    };
    let base = 0x5555_0000_0000u64
        .wrapping_add(tag << 36)
        .wrapping_add((id & 0xffff) << 20)
        .wrapping_add((p.obj.instance & 0xff) << 12);
    base.wrapping_add(p.offset as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(f: impl FnOnce(&mut Spec)) -> Spec {
        let mut s = Spec::default();
        f(&mut s);
        s
    }

    fn num(d: &str, sign: Option<u8>, s: &Spec) -> String {
        String::from_utf8(format_number(d, d == "0", sign, "", false, s)).unwrap()
    }

    #[test]
    fn widths_flags_and_precision() {
        assert_eq!(num("42", None, &spec(|s| s.width = 5)), "   42");
        assert_eq!(
            num(
                "42",
                Some(b'-'),
                &spec(|s| {
                    s.width = 5;
                    s.zero = true
                })
            ),
            "-0042"
        );
        assert_eq!(
            num(
                "42",
                None,
                &spec(|s| {
                    s.width = 5;
                    s.minus = true
                })
            ),
            "42   "
        );
        assert_eq!(
            num(
                "42",
                None,
                &spec(|s| {
                    s.width = 6;
                    s.precision = Some(4)
                })
            ),
            "  0042"
        );
        assert_eq!(num("0", None, &spec(|s| s.precision = Some(0))), "");
        assert_eq!(num("7", Some(b'+'), &spec(|_| {})), "+7");
        let hex = format_number(
            "ff",
            false,
            None,
            "0x",
            false,
            &spec(|s| {
                s.width = 8;
                s.zero = true
            }),
        );
        assert_eq!(hex, b"0x0000ff");
        assert_eq!(
            format_number("17", false, None, "", true, &spec(|_| {})),
            b"017"
        );
    }
}
