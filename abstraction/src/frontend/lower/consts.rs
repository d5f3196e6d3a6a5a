//! Literals: integer constants with C's typing rules, character constants and string
//! literals with their escapes.

use crate::cir::{Ty, Types};
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

/// Decode the escapes of the text between the quotes of a character constant or string
/// literal into bytes (universal character names become UTF-8).
pub(super) fn unescape(body: &str) -> Result<Vec<u8>, String> {
    let b = body.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&c) = b.get(i) else {
            return Err("lone backslash at the end of a literal".into());
        };
        i += 1;
        match c {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'v' => out.push(11),
            b'e' | b'E' => out.push(27),
            b'\\' | b'\'' | b'"' | b'?' => out.push(c),
            b'0'..=b'7' => {
                let mut v = (c - b'0') as u32;
                let mut n = 1;
                while n < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                    v = v * 8 + (b[i] - b'0') as u32;
                    i += 1;
                    n += 1;
                }
                out.push(v as u8);
            }
            b'x' => {
                let start = i;
                let mut v: u32 = 0;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    v = v
                        .wrapping_mul(16)
                        .wrapping_add((b[i] as char).to_digit(16).unwrap_or(0));
                    i += 1;
                }
                if i == start {
                    return Err("\\x used with no following hex digits".into());
                }
                out.push(v as u8);
            }
            b'u' | b'U' => {
                let n = if c == b'u' { 4 } else { 8 };
                let hex = body
                    .get(i..i + n)
                    .ok_or("incomplete universal character name")?;
                let v = u32::from_str_radix(hex, 16)
                    .map_err(|_| "bad universal character name".to_string())?;
                let ch = char::from_u32(v).ok_or("bad universal character name")?;
                let mut buf = [0u8; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                i += n;
            }
            other => out.push(other),
        }
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

/// The bytes of a (possibly concatenated) narrow string literal, without the final NUL.
pub(super) fn string(pieces: &[String]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for p in pieces {
        let q = p
            .find('"')
            .ok_or_else(|| format!("bad string literal {p}"))?;
        let prefix = &p[..q];
        if !prefix.is_empty() && prefix != "u8" {
            return Err(format!(
                "wide string literals ({prefix}\"...\") are not supported"
            ));
        }
        let body = p[q..]
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .ok_or_else(|| format!("bad string literal {p}"))?;
        out.extend(unescape(body)?);
    }
    Ok(out)
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
    }
}
