//! Literals: integer constants with C's typing rules, character constants and string
//! literals with their escapes.

use crate::cir::{DataModel, Ty, Types};
use lang_c::ast::{Integer, IntegerBase, IntegerSize};

/// Value and type of an integer constant (C11 6.4.4.1: the first type of the suffix's
/// list that can represent the value; octal and hex constants may be unsigned).
pub(super) fn integer(types: &mut Types, c: &Integer) -> Result<(i128, Ty), String> {
    if c.suffix.imaginary {
        return Err("imaginary constants are not supported".into());
    }
    let radix = match c.base {
        IntegerBase::Decimal => 10,
        IntegerBase::Octal => 8,
        IntegerBase::Hexadecimal => 16,
        IntegerBase::Binary => 2,
    };
    let digits = if c.number.is_empty() { "0" } else { &c.number };
    let value = u128::from_str_radix(digits, radix)
        .ok()
        .filter(|v| *v <= u64::MAX as u128)
        .ok_or_else(|| format!("integer constant `{digits}` is too large"))?;
    let l = types.data_model.long_bits();
    let decimal = matches!(c.base, IntegerBase::Decimal);
    let cands: Vec<(u16, bool)> = match (c.suffix.unsigned, c.suffix.size, decimal) {
        (false, IntegerSize::Int, true) => vec![(32, true), (l, true), (64, true)],
        (false, IntegerSize::Long, true) => vec![(l, true), (64, true)],
        (false, IntegerSize::LongLong, true) => vec![(64, true)],
        (false, IntegerSize::Int, false) => vec![
            (32, true),
            (32, false),
            (l, true),
            (l, false),
            (64, true),
            (64, false),
        ],
        (false, IntegerSize::Long, false) => vec![(l, true), (l, false), (64, true), (64, false)],
        (false, IntegerSize::LongLong, false) => vec![(64, true), (64, false)],
        (true, IntegerSize::Int, _) => vec![(32, false), (l, false), (64, false)],
        (true, IntegerSize::Long, _) => vec![(l, false), (64, false)],
        (true, IntegerSize::LongLong, _) => vec![(64, false)],
    };
    let fits = |bits: u16, signed: bool| {
        let max = if signed {
            (1u128 << (bits - 1)) - 1
        } else {
            (1u128 << bits) - 1
        };
        value <= max
    };
    // gcc gives a too-large decimal constant the type unsigned long long.
    let (bits, signed) = cands
        .into_iter()
        .find(|&(b, s)| fits(b, s))
        .unwrap_or((64, false));
    Ok((value as i128, types.int_kind(bits, signed)))
}

/// One element of a literal's text: a character (as written, or a universal character
/// name), or the value of an octal or hexadecimal escape (a code unit, not a character).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Unit {
    Char(char),
    Value(u32),
}

/// Decode the escapes of the text between the quotes of a character constant or string
/// literal into bytes (universal character names become UTF-8).
pub(super) fn unescape(body: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(body.len());
    for u in decode(body)? {
        match u {
            Unit::Char(c) => out.extend_from_slice(c.encode_utf8(&mut [0u8; 4]).as_bytes()),
            Unit::Value(v) => out.push(v as u8),
        }
    }
    Ok(out)
}

/// The characters and escape values of a literal's text.
fn decode(body: &str) -> Result<Vec<Unit>, String> {
    let mut out = Vec::with_capacity(body.len());
    let mut chars = body.char_indices().peekable();
    while let Some((_, ch)) = chars.next() {
        if ch != '\\' {
            out.push(Unit::Char(ch));
            continue;
        }
        let Some((at, c)) = chars.next() else {
            return Err("lone backslash at the end of a literal".into());
        };
        let simple = |v: u8| Unit::Value(v as u32);
        out.push(match c {
            'n' => simple(b'\n'),
            't' => simple(b'\t'),
            'r' => simple(b'\r'),
            'a' => simple(7),
            'b' => simple(8),
            'f' => simple(12),
            'v' => simple(11),
            'e' | 'E' => simple(27),
            '\\' | '\'' | '"' | '?' => Unit::Char(c),
            '0'..='7' => {
                let mut v = c as u32 - '0' as u32;
                for _ in 0..2 {
                    match chars.peek() {
                        Some(&(_, d @ '0'..='7')) => {
                            v = v * 8 + (d as u32 - '0' as u32);
                            chars.next();
                        }
                        _ => break,
                    }
                }
                Unit::Value(v)
            }
            'x' => {
                let mut v: u32 = 0;
                let mut n = 0;
                while let Some(&(_, d)) = chars.peek() {
                    let Some(x) = d.to_digit(16) else { break };
                    v = v.wrapping_mul(16).wrapping_add(x);
                    n += 1;
                    chars.next();
                }
                if n == 0 {
                    return Err("\\x used with no following hex digits".into());
                }
                Unit::Value(v)
            }
            'u' | 'U' => {
                let n = if c == 'u' { 4 } else { 8 };
                let hex = body
                    .get(at + 1..at + 1 + n)
                    .ok_or("incomplete universal character name")?;
                let v = u32::from_str_radix(hex, 16)
                    .map_err(|_| "bad universal character name".to_string())?;
                for _ in 0..n {
                    chars.next();
                }
                Unit::Char(char::from_u32(v).ok_or("bad universal character name")?)
            }
            other => Unit::Char(other),
        });
    }
    Ok(out)
}

/// Value and type of a character constant (`'a'`, `'\n'`, `L'x'`, multi-character
/// constants as gcc computes them).
pub(super) fn character(types: &mut Types, text: &str) -> Result<(i128, Ty), String> {
    let (prefix, rest) = match text.find('\'') {
        Some(p) => (&text[..p], &text[p..]),
        None => return Err(format!("bad character constant {text}")),
    };
    let body = rest
        .strip_prefix('\'')
        .and_then(|r| r.strip_suffix('\''))
        .ok_or_else(|| format!("bad character constant {text}"))?;
    let bytes = unescape(body)?;
    if bytes.is_empty() {
        return Err("empty character constant".into());
    }
    match prefix {
        "" => {
            let int = types.int();
            if bytes.len() == 1 {
                return Ok((bytes[0] as i8 as i128, int));
            }
            // gcc: each character shifts the value left by 8 bits; truncated to int.
            let v = bytes
                .iter()
                .fold(0i128, |acc, &c| ((acc << 8) | c as i128) & 0xffff_ffff);
            Ok((v as u32 as i32 as i128, int))
        }
        _ => {
            // Wide character: the code point of the (UTF-8) character.
            let s = String::from_utf8_lossy(&bytes);
            let cp = s.chars().next().map(|c| c as i128).unwrap_or(0);
            let ty = match prefix {
                "u" => types.int_kind(16, false),
                "U" => types.int_kind(32, false),
                _ => types.int(),
            };
            Ok((cp, ty))
        }
    }
}

/// A string literal's contents (possibly concatenated), without the final NUL.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum StringLit {
    /// `"..."`, `u8"..."`: bytes (a character beyond ASCII as its UTF-8 bytes).
    Narrow(Vec<u8>),
    /// `L"..."`, `u"..."`, `U"..."`: code units of `bits` each (`wchar_t` is 16 bits,
    /// unsigned, in the LLP64 data model of Windows and a 32-bit `int` elsewhere; `u` is
    /// UTF-16 with surrogate pairs, `U` UTF-32); `signed` is the element type's.
    Wide {
        units: Vec<u32>,
        bits: u16,
        signed: bool,
    },
}

/// The bytes of a (possibly concatenated) narrow string literal, without the final NUL.
pub(super) fn string(pieces: &[String]) -> Result<Vec<u8>, String> {
    match string_lit(pieces, DataModel::Lp64)? {
        StringLit::Narrow(b) => Ok(b),
        StringLit::Wide { .. } => Err("a wide string literal is not allowed here".into()),
    }
}

/// A (possibly concatenated) string literal under a data model. Adjacent pieces with
/// and without a prefix concatenate into the prefixed kind (C11 6.4.5); two different
/// prefixes are an error, as in gcc.
pub(super) fn string_lit(pieces: &[String], model: DataModel) -> Result<StringLit, String> {
    let mut prefix = "";
    let mut text = Vec::new();
    for p in pieces {
        let q = p
            .find('"')
            .ok_or_else(|| format!("bad string literal {p}"))?;
        let this = match &p[..q] {
            "u8" => "",
            other => other,
        };
        if !matches!(this, "" | "L" | "u" | "U") {
            return Err(format!("bad string literal {p}"));
        }
        if !this.is_empty() {
            if !prefix.is_empty() && prefix != this {
                return Err(format!(
                    "string literals with prefixes {prefix} and {this} do not concatenate"
                ));
            }
            prefix = this;
        }
        let body = p[q..]
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .ok_or_else(|| format!("bad string literal {p}"))?;
        text.extend(decode(body)?);
    }
    let (bits, signed) = match prefix {
        "" => {
            let mut out = Vec::with_capacity(text.len());
            for u in text {
                match u {
                    Unit::Char(c) => out.extend_from_slice(c.encode_utf8(&mut [0u8; 4]).as_bytes()),
                    Unit::Value(v) => out.push(v as u8),
                }
            }
            return Ok(StringLit::Narrow(out));
        }
        "L" if model == DataModel::Llp64 => (16, false),
        "L" => (32, true),
        "u" => (16, false),
        _ => (32, false),
    };
    let mask = if bits == 16 { 0xffff } else { u32::MAX };
    let mut units = Vec::with_capacity(text.len());
    for u in text {
        match u {
            Unit::Char(c) if bits == 16 => {
                units.extend(c.encode_utf16(&mut [0u16; 2]).iter().map(|&x| x as u32))
            }
            Unit::Char(c) => units.push(c as u32),
            Unit::Value(v) => units.push(v & mask),
        }
    }
    Ok(StringLit::Wide {
        units,
        bits,
        signed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lang_c::ast::IntegerSuffix;

    fn lit(base: IntegerBase, n: &str, unsigned: bool, size: IntegerSize) -> Integer {
        Integer {
            base,
            number: n.into(),
            suffix: IntegerSuffix {
                size,
                unsigned,
                imaginary: false,
            },
        }
    }

    #[test]
    fn integer_types_follow_c() {
        let mut t = Types::new();
        let int = t.int();
        let uint = t.int_kind(32, false);
        let long = t.long();
        let ulong = t.int_kind(64, false);
        let d = |n| lit(IntegerBase::Decimal, n, false, IntegerSize::Int);
        assert_eq!(integer(&mut t, &d("7")).unwrap(), (7, int));
        assert_eq!(integer(&mut t, &d("2147483648")).unwrap().1, long);
        let h = lit(
            IntegerBase::Hexadecimal,
            "FFFFFFFF",
            false,
            IntegerSize::Int,
        );
        assert_eq!(integer(&mut t, &h).unwrap(), (0xffff_ffff, uint));
        let u = lit(IntegerBase::Decimal, "1", true, IntegerSize::Long);
        assert_eq!(integer(&mut t, &u).unwrap().1, ulong);
        let big = lit(
            IntegerBase::Decimal,
            "99999999999999999999999",
            false,
            IntegerSize::Int,
        );
        assert!(integer(&mut t, &big).is_err());
        let mut t32 = Types::with_data_model(crate::cir::DataModel::Ilp32);
        let ll = t32.int_kind(64, true);
        assert_eq!(integer(&mut t32, &d("2147483648")).unwrap().1, ll);
    }

    #[test]
    fn characters_and_strings() {
        let mut t = Types::new();
        assert_eq!(character(&mut t, "'a'").unwrap().0, 97);
        assert_eq!(character(&mut t, "'\\n'").unwrap().0, 10);
        assert_eq!(character(&mut t, "'\\xff'").unwrap().0, -1);
        assert_eq!(character(&mut t, "'\\0'").unwrap().0, 0);
        assert_eq!(character(&mut t, "'\\101'").unwrap().0, 65);
        assert_eq!(character(&mut t, "'ab'").unwrap().0, 0x6162);
        assert_eq!(character(&mut t, "L'a'").unwrap().0, 97);
        assert_eq!(
            string(&["\"a\\tb\"".into(), "\"c\\x41\"".into()]).unwrap(),
            b"a\tbcA".to_vec()
        );
        assert!(string(&["L\"x\"".into()]).is_err());
        let wide =
            |p: &[&str], m| string_lit(&p.iter().map(|s| s.to_string()).collect::<Vec<_>>(), m);
        assert_eq!(
            wide(&["L\"a\\x1234\"", "\"\u{e9}\\n\""], DataModel::Llp64).unwrap(),
            StringLit::Wide {
                units: vec![97, 0x1234, 0xe9, 10],
                bits: 16,
                signed: false
            }
        );
        assert_eq!(
            wide(&["L\"\\U0001F600\""], DataModel::Lp64).unwrap(),
            StringLit::Wide {
                units: vec![0x1F600],
                bits: 32,
                signed: true
            }
        );
        // UTF-16 needs a surrogate pair beyond the basic plane
        assert_eq!(
            wide(&["u\"\\U0001F600\""], DataModel::Lp64).unwrap(),
            StringLit::Wide {
                units: vec![0xD83D, 0xDE00],
                bits: 16,
                signed: false
            }
        );
        assert!(wide(&["L\"a\"", "U\"b\""], DataModel::Lp64).is_err());
        assert_eq!(
            wide(&["\"\\303\\251\"", "u8\"\u{e9}\""], DataModel::Lp64).unwrap(),
            StringLit::Narrow(vec![0xc3, 0xa9, 0xc3, 0xa9])
        );
    }
}
