//! A parser for the C expressions of predicate files, producing typed CIR expressions.
//!
//! Names resolve in the scope of one function (its formals and locals, then its static
//! locals) and then among the globals. `\result` is the function's return value.

use super::predicates::{
    entry_memory_var, entry_value_of, entry_value_var, expr_vars, is_result_var, result_var,
};
use crate::analysis::points_to::lval_ty;
use crate::cir::{
    BinOp, Expr, ExprKind, FuncId, Lval, Program, Ty, TypeKind, UnOp, VarId, VarKind,
};

type PResult<T> = Result<T, (usize, String)>;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Num(i128),
    Op(&'static str),
}

const OPS: [&str; 28] = [
    "->", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")", "[", "]", ".", "*", "&", "+",
    "-", "/", "%", "<", ">", "!", "~", "^", "|", "\\result", "\\old",
];

fn lex(s: &str) -> PResult<Vec<(usize, Tok)>> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            let (radix, digits_at) = if s[i..].starts_with("0x") || s[i..].starts_with("0X") {
                (16, i + 2)
            } else {
                (10, i)
            };
            i = digits_at;
            while i < b.len() && b[i].is_ascii_hexdigit() && (radix == 16 || b[i].is_ascii_digit())
            {
                i += 1;
            }
            let v = i128::from_str_radix(&s[digits_at..i], radix)
                .map_err(|_| (start, "malformed number".to_string()))?;
            while i < b.len() && matches!(b[i], b'u' | b'U' | b'l' | b'L') {
                i += 1;
            }
            out.push((start, Tok::Num(v)));
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            // `$` as GCC allows it in identifiers (a rule's parameters are `$1`, ...)
            let start = i;
            while i < b.len()
                && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.' || b[i] == b'$')
            {
                // `.` continues a CIR name like `x.1` only when followed by a digit
                if b[i] == b'.' && !(i + 1 < b.len() && b[i + 1].is_ascii_digit()) {
                    break;
                }
                i += 1;
            }
            out.push((start, Tok::Ident(s[start..i].to_string())));
        } else if let Some(op) = OPS.iter().find(|op| s[i..].starts_with(**op)) {
            out.push((i, Tok::Op(op)));
            i += op.len();
        } else {
            return Err((
                i,
                format!(
                    "unexpected character `{}`",
                    s[i..].chars().next().unwrap_or('?')
                ),
            ));
        }
    }
    Ok(out)
}

/// A parsed operand: an lvalue (can be assigned, addressed) or a value.
enum PE {
    Lv(Lval, Ty),
    Val(Expr),
}

struct Parser<'p> {
    prog: &'p mut Program,
    func: Option<FuncId>,
    toks: Vec<(usize, Tok)>,
    pos: usize,
    end: usize,
}

/// Parses `text` as a predicate in the scope of `func` (globals only if `None`). Errors
/// carry a 0-based column into `text`.
pub fn parse(prog: &mut Program, func: Option<FuncId>, text: &str) -> PResult<Expr> {
    let toks = lex(text)?;
    if toks.is_empty() {
        return Err((0, "empty predicate".into()));
    }
    let mut p = Parser {
        prog,
        func,
        toks,
        pos: 0,
        end: text.trim_end().len(),
    };
    let e = p.binary(0)?;
    if p.pos < p.toks.len() {
        return Err((
            p.toks[p.pos].0,
            "unexpected token after the expression".into(),
        ));
    }
    let e = p.value(e);
    if !p.prog.types.is_scalar(e.ty) {
        return Err((
            0,
            "a predicate must be a scalar (boolean) expression".into(),
        ));
    }
    Ok(e)
}

fn prec(op: &str) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "|" => 3,
        "^" => 4,
        "&" => 5,
        "==" | "!=" => 6,
        "<" | "<=" | ">" | ">=" => 7,
        "<<" | ">>" => 8,
        "+" | "-" => 9,
        "*" | "/" | "%" => 10,
        _ => return None,
    })
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.1)
    }
    fn at(&self) -> usize {
        self.toks.get(self.pos).map(|t| t.0).unwrap_or(self.end)
    }
    fn eat(&mut self, op: &str) -> bool {
        if self.peek() == Some(&Tok::Op(leak(op))) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, op: &str) -> PResult<()> {
        if self.eat(op) {
            Ok(())
        } else {
            Err((self.at(), format!("expected `{op}`")))
        }
    }

    fn int_ty(&mut self) -> Ty {
        self.prog.types.int()
    }

    fn value(&mut self, pe: PE) -> Expr {
        match pe {
            PE::Val(e) => e,
            PE::Lv(lv, ty) => {
                if let TypeKind::Array(elem, _) = self.prog.types.kind(ty).clone() {
                    // array decays to a pointer to its first element
                    let pty = self.prog.types.pointer(elem);
                    let zero = Expr {
                        kind: ExprKind::Int(0),
                        ty: self.prog.types.ptrdiff_t(),
                    };
                    Expr {
                        kind: ExprKind::AddrOf(Box::new(Lval::Index(Box::new(lv), Box::new(zero)))),
                        ty: pty,
                    }
                } else {
                    Expr {
                        kind: ExprKind::Read(Box::new(lv)),
                        ty,
                    }
                }
            }
        }
    }

    fn truth(&mut self, e: Expr) -> Expr {
        if let ExprKind::Binary(op, ..) = &e.kind {
            if op.is_comparison() {
                return e;
            }
        }
        if let ExprKind::Unary(UnOp::LogNot, _) = &e.kind {
            return e;
        }
        let zero = Expr {
            kind: ExprKind::Int(0),
            ty: e.ty,
        };
        let int = self.int_ty();
        Expr {
            kind: ExprKind::Binary(BinOp::Ne, Box::new(e), Box::new(zero)),
            ty: int,
        }
    }

    fn binary(&mut self, min: u8) -> PResult<PE> {
        let mut lhs = self.unary()?;
        while let Some(Tok::Op(op)) = self.peek().cloned() {
            let Some(p) = prec(op) else { break };
            if p < min {
                break;
            }
            let at = self.at();
            self.pos += 1;
            let rhs = self.binary(p + 1)?;
            let (a, b) = (self.value(lhs), self.value(rhs));
            lhs = PE::Val(self.combine(op, a, b, at)?);
        }
        Ok(lhs)
    }

    fn combine(&mut self, op: &str, a: Expr, b: Expr, at: usize) -> PResult<Expr> {
        let int = self.int_ty();
        let (pa, pb) = (
            self.prog.types.is_pointer(a.ty),
            self.prog.types.is_pointer(b.ty),
        );
        let mk = |op: BinOp, a: Expr, b: Expr, ty: Ty| Expr {
            kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
            ty,
        };
        Ok(match op {
            "&&" | "||" => {
                let (a, b) = (self.truth(a), self.truth(b));
                let o = if op == "&&" {
                    BinOp::BitAnd
                } else {
                    BinOp::BitOr
                };
                mk(o, a, b, int)
            }
            "==" | "!=" | "<" | "<=" | ">" | ">=" => {
                let o = match op {
                    "==" => BinOp::Eq,
                    "!=" => BinOp::Ne,
                    "<" => BinOp::Lt,
                    "<=" => BinOp::Le,
                    ">" => BinOp::Gt,
                    _ => BinOp::Ge,
                };
                // a null pointer constant compared with a pointer takes its type
                let (a, b) = match (pa, pb) {
                    (true, false) => {
                        let t = a.ty;
                        (a, Expr { ty: t, ..b })
                    }
                    (false, true) => {
                        let t = b.ty;
                        (Expr { ty: t, ..a }, b)
                    }
                    _ => (a, b),
                };
                mk(o, a, b, int)
            }
            "+" if pa && !pb => mk(BinOp::PtrAdd, a.clone(), b, a.ty),
            "+" if pb && !pa => mk(BinOp::PtrAdd, b.clone(), a, b.ty),
            "-" if pa && pb => {
                let long = self.prog.types.ptrdiff_t();
                mk(BinOp::PtrDiff, a, b, long)
            }
            "-" if pa => {
                let neg = Expr {
                    ty: b.ty,
                    kind: ExprKind::Unary(UnOp::Neg, Box::new(b)),
                };
                mk(BinOp::PtrAdd, a.clone(), neg, a.ty)
            }
            _ => {
                if pa || pb {
                    return Err((at, format!("operator `{op}` is not defined on pointers")));
                }
                let o = match op {
                    "+" => BinOp::Add,
                    "-" => BinOp::Sub,
                    "*" => BinOp::Mul,
                    "/" => BinOp::Div,
                    "%" => BinOp::Rem,
                    "<<" => BinOp::Shl,
                    ">>" => BinOp::Shr,
                    "&" => BinOp::BitAnd,
                    "|" => BinOp::BitOr,
                    _ => BinOp::BitXor,
                };
                let ty = self.arith_ty(a.ty, b.ty);
                mk(o, a, b, ty)
            }
        })
    }

    /// A simplified usual arithmetic conversion (values are mathematical integers, so only
    /// the kind of the result matters).
    fn arith_ty(&mut self, a: Ty, b: Ty) -> Ty {
        let bits = |t: Ty, p: &Program| p.types.as_int(t).map(|k| k.bits).unwrap_or(32);
        let (ba, bb) = (bits(a, self.prog), bits(b, self.prog));
        if ba.max(bb) > 32 {
            if ba >= bb {
                a
            } else {
                b
            }
        } else {
            self.int_ty()
        }
    }

    fn unary(&mut self) -> PResult<PE> {
        let at = self.at();
        if self.eat("!") {
            let e = self.unary()?;
            let e = self.value(e);
            let int = self.int_ty();
            return Ok(PE::Val(Expr {
                kind: ExprKind::Unary(UnOp::LogNot, Box::new(e)),
                ty: int,
            }));
        }
        for (op, u) in [("-", UnOp::Neg), ("~", UnOp::BitNot)] {
            if self.eat(op) {
                let e = self.unary()?;
                let e = self.value(e);
                if self.prog.types.is_pointer(e.ty) {
                    return Err((at, format!("operator `{op}` is not defined on pointers")));
                }
                let ty = self.arith_ty(e.ty, e.ty);
                return Ok(PE::Val(Expr {
                    kind: ExprKind::Unary(u, Box::new(e)),
                    ty,
                }));
            }
        }
        if self.eat("*") {
            let e = self.unary()?;
            let e = self.value(e);
            return self.deref(e, at);
        }
        if let Some(ty) = self.cast_type()? {
            let e = self.unary()?;
            let e = self.value(e);
            if self.prog.types.as_int(e.ty).is_none() {
                return Err((at, "only integers can be cast to an integer type".into()));
            }
            return Ok(PE::Val(Expr {
                kind: ExprKind::Cast(Box::new(e)),
                ty,
            }));
        }
        if self.eat("&") {
            match self.unary()? {
                PE::Lv(lv, ty) => {
                    let pty = self.prog.types.pointer(ty);
                    return Ok(PE::Val(Expr {
                        kind: ExprKind::AddrOf(Box::new(lv)),
                        ty: pty,
                    }));
                }
                PE::Val(_) => return Err((at, "`&` needs an lvalue".into())),
            }
        }
        self.postfix()
    }

    /// A cast's parenthesized integer type, `(unsigned long)` say, if one starts here
    /// (then eaten).
    fn cast_type(&mut self) -> PResult<Option<Ty>> {
        const WORDS: [&str; 7] = [
            "unsigned", "signed", "char", "short", "int", "long", "_Bool",
        ];
        let is_word = |t: Option<&(usize, Tok)>| matches!(t, Some((_, Tok::Ident(w))) if WORDS.contains(&w.as_str()));
        if self.peek() != Some(&Tok::Op("(")) || !is_word(self.toks.get(self.pos + 1)) {
            return Ok(None);
        }
        let at = self.at();
        self.pos += 1;
        let mut words = Vec::new();
        while is_word(self.toks.get(self.pos)) {
            if let Some((_, Tok::Ident(w))) = self.toks.get(self.pos) {
                words.push(w.clone());
            }
            self.pos += 1;
        }
        self.expect(")")?;
        let count = |w: &str| words.iter().filter(|x| x.as_str() == w).count();
        let unsigned = count("unsigned") > 0;
        if unsigned && count("signed") > 0 || count("unsigned") + count("signed") > 1 {
            return Err((at, "conflicting signedness in the cast".into()));
        }
        let types = &mut self.prog.types;
        let bits = match (count("_Bool"), count("char"), count("short"), count("long")) {
            (1, 0, 0, 0) if words.len() == 1 => return Ok(Some(types.bool())),
            (0, 1, 0, 0) => 8,
            (0, 0, 1, 0) => 16,
            (0, 0, 0, 0) => 32,
            (0, 0, 0, 1) => types.data_model.long_bits(),
            (0, 0, 0, 2) => 64,
            _ => return Err((at, format!("`{}` is not an integer type", words.join(" ")))),
        };
        if count("int") > 1 || (count("int") == 1 && bits == 8) {
            return Err((at, format!("`{}` is not an integer type", words.join(" "))));
        }
        Ok(Some(types.int_kind(bits, !unsigned)))
    }

    fn deref(&mut self, e: Expr, at: usize) -> PResult<PE> {
        let Some(t) = self.prog.types.pointee(e.ty) else {
            return Err((at, "`*` needs a pointer".into()));
        };
        if matches!(
            self.prog.types.kind(t),
            TypeKind::Void | TypeKind::Function(_)
        ) {
            return Err((
                at,
                "cannot dereference a pointer to void or to a function".into(),
            ));
        }
        Ok(PE::Lv(Lval::Deref(Box::new(e)), t))
    }

    fn postfix(&mut self) -> PResult<PE> {
        let mut cur = self.primary()?;
        loop {
            let at = self.at();
            if self.eat("[") {
                let idx = self.binary(0)?;
                let idx = self.value(idx);
                self.expect("]")?;
                cur = match cur {
                    PE::Lv(lv, ty) if matches!(self.prog.types.kind(ty), TypeKind::Array(..)) => {
                        let elem = self.prog.types.elem(ty).unwrap_or(ty);
                        PE::Lv(Lval::Index(Box::new(lv), Box::new(idx)), elem)
                    }
                    other => {
                        let base = self.value(other);
                        let sum = self.combine("+", base, idx, at)?;
                        self.deref(sum, at)?
                    }
                };
            } else if self.eat(".") || self.eat("->") {
                let arrow = matches!(self.toks.get(self.pos - 1), Some((_, Tok::Op("->"))));
                let Some(Tok::Ident(name)) = self.peek().cloned() else {
                    return Err((self.at(), "expected a field name".into()));
                };
                self.pos += 1;
                let (lv, ty) = match cur {
                    PE::Lv(lv, ty) if !arrow => (lv, ty),
                    PE::Val(_) if !arrow => return Err((at, "`.` needs an lvalue".into())),
                    other => {
                        let e = self.value(other);
                        match self.deref(e, at)? {
                            PE::Lv(lv, ty) => (lv, ty),
                            PE::Val(_) => unreachable!("deref gives an lvalue"),
                        }
                    }
                };
                let TypeKind::Struct(sid) = self.prog.types.kind(ty).clone() else {
                    return Err((at, format!("`{name}`: not a struct or union")));
                };
                let def = self.prog.types.struct_def(sid);
                let Some((idx, f)) = def
                    .fields
                    .as_ref()
                    .and_then(|fs| fs.iter().enumerate().find(|(_, f)| f.name == name))
                else {
                    return Err((at, format!("no field `{name}` in `{}`", def.name)));
                };
                let fty = f.ty;
                cur = PE::Lv(Lval::Field(Box::new(lv), sid, idx as u32), fty);
            } else {
                return Ok(cur);
            }
        }
    }

    fn primary(&mut self) -> PResult<PE> {
        let at = self.at();
        match self.peek().cloned() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                let ty = if i32::try_from(n).is_ok() {
                    self.int_ty()
                } else {
                    self.prog.types.long()
                };
                Ok(PE::Val(Expr {
                    kind: ExprKind::Int(n),
                    ty,
                }))
            }
            Some(Tok::Op("\\result")) => {
                self.pos += 1;
                let Some(f) = self.func else {
                    return Err((
                        at,
                        "`\\result` is only allowed in a function's scope".into(),
                    ));
                };
                let v = result_var(self.prog, f);
                let ty = self.prog.var(v).ty;
                if !self.prog.types.is_scalar(ty) {
                    return Err((at, "the function does not return a scalar".into()));
                }
                Ok(PE::Lv(Lval::Var(v), ty))
            }
            Some(Tok::Op("\\old")) => {
                self.pos += 1;
                let Some(f) = self.func else {
                    return Err((at, "`\\old` is only allowed in a function's scope".into()));
                };
                self.expect("(")?;
                let at_x = self.at();
                let inner = self.binary(0)?;
                self.expect(")")?;
                let refused = || {
                    (
                        at_x,
                        "`\\old` takes a global (or static) scalar, or a scalar cell read \
                         through the formals and globals"
                            .to_string(),
                    )
                };
                let PE::Lv(lv, ty) = inner else {
                    return Err(refused());
                };
                if !self.prog.types.is_scalar(ty) {
                    return Err(refused());
                }
                if let Lval::Var(x) = lv {
                    let var = self.prog.var(x);
                    if var.is_static_storage() && !var.addr_taken {
                        let v = entry_value_var(self.prog, f, x);
                        let ty = self.prog.var(v).ty;
                        return Ok(PE::Lv(Lval::Var(v), ty));
                    }
                }
                // a cell: what it reads must have a value at entry
                let params = &self.prog.func(f).params;
                let mut reads = Vec::new();
                lval_vars(&lv, &mut reads);
                let at_entry = |v: &VarId| {
                    let var = self.prog.var(*v);
                    params.contains(v) || var.is_static_storage()
                };
                if !reads.iter().all(at_entry) || reads.iter().any(|v| is_pseudo(self.prog, *v)) {
                    return Err(refused());
                }
                let text = crate::cir::print::lval(self.prog, &lv);
                let v = entry_memory_var(self.prog, f, &lv, ty, &text);
                Ok(PE::Lv(Lval::Var(v), ty))
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if name == "NULL" {
                    let vp = self.prog.types.void();
                    let ty = self.prog.types.pointer(vp);
                    return Ok(PE::Val(Expr {
                        kind: ExprKind::Int(0),
                        ty,
                    }));
                }
                let Some(v) = self.lookup(&name) else {
                    // a function's name is its address
                    if let Some(g) = self.prog.func_by_name(&name) {
                        let fty = self.prog.func(g).ty;
                        let ty = self.prog.types.pointer(fty);
                        return Ok(PE::Val(Expr {
                            kind: ExprKind::Func(g),
                            ty,
                        }));
                    }
                    return Err((at, format!("unknown variable `{name}`")));
                };
                let ty = self.prog.var(v).ty;
                let lv = Lval::Var(v);
                debug_assert_eq!(lval_ty(self.prog, &lv), Some(ty));
                Ok(PE::Lv(lv, ty))
            }
            Some(Tok::Op("(")) => {
                self.pos += 1;
                let e = self.binary(0)?;
                self.expect(")")?;
                Ok(e)
            }
            _ => Err((at, "expected an expression".into())),
        }
    }

    fn lookup(&self, name: &str) -> Option<VarId> {
        let p = &*self.prog;
        if let Some(f) = self.func {
            let func = p.func(f);
            if let Some(v) = func
                .params
                .iter()
                .chain(func.locals.iter())
                .find(|&&v| p.var(v).name == name)
            {
                return Some(*v);
            }
            if let Some(v) = p
                .var_ids()
                .find(|&v| p.var(v).name == name && p.var(v).kind == VarKind::StaticLocal(f))
            {
                return Some(v);
            }
        }
        p.var_ids()
            .find(|&v| p.var(v).name == name && matches!(p.var(v).kind, VarKind::Global { .. }))
    }
}

/// The variables `lv` reads (itself, for a variable).
fn lval_vars(lv: &Lval, out: &mut Vec<VarId>) {
    match lv {
        Lval::Var(v) => out.push(*v),
        Lval::Deref(p) => expr_vars(p, out),
        Lval::Field(base, ..) => lval_vars(base, out),
        Lval::Index(base, i) => {
            lval_vars(base, out);
            expr_vars(i, out);
        }
    }
}

/// `\result` or an `\old` variable.
fn is_pseudo(prog: &Program, v: VarId) -> bool {
    is_result_var(prog, v)
        || entry_value_of(prog, v).is_some()
        || prog.entry_memory.contains_key(&v)
}

fn leak(op: &str) -> &'static str {
    OPS.iter().find(|o| **o == op).copied().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{load_text, LoadOptions};

    fn program() -> Program {
        let src = "int x; long long w; void (*fp)(void); void h(void) {}\n\
                   void set(int *q) { int k = 1; *q = k; }\n\
                   int main(void) { fp = h; return x; }";
        load_text("t.c", src.to_string(), &LoadOptions::default()).expect("loads")
    }

    /// The width and signedness of the cast at the top of the left operand of `text`.
    fn cast_of(text: &str) -> Result<(u16, bool), String> {
        let mut prog = program();
        let e = parse(&mut prog, None, text).map_err(|(at, m)| format!("{at}: {m}"))?;
        let ExprKind::Binary(_, a, _) = &e.kind else {
            return Err(format!("not a comparison: {e:?}"));
        };
        let ExprKind::Cast(_) = &a.kind else {
            return Err(format!("no cast: {a:?}"));
        };
        let k = prog.types.as_int(a.ty).expect("an integer type");
        Ok((k.bits, k.signed))
    }

    #[test]
    fn integer_casts_parse_with_the_data_models_widths() {
        assert_eq!(cast_of("(unsigned char)x == 1"), Ok((8, false)));
        assert_eq!(cast_of("(signed char)x == 1"), Ok((8, true)));
        assert_eq!(cast_of("(short int)x == 1"), Ok((16, true)));
        assert_eq!(cast_of("(unsigned)x == 1"), Ok((32, false)));
        assert_eq!(cast_of("(unsigned long long)w == 1"), Ok((64, false)));
        assert_eq!(cast_of("(long long int)x == 1"), Ok((64, true)));
        // `long` as wide as the data model says (LP64 by default)
        assert_eq!(cast_of("(unsigned long)x == 1"), Ok((64, false)));
        // a parenthesized variable is no cast
        assert!(cast_of("(x) == 1").is_err());
    }

    #[test]
    fn a_functions_name_is_its_address() {
        let mut prog = program();
        let e = parse(&mut prog, None, "fp == h").expect("parses");
        let ExprKind::Binary(_, _, b) = &e.kind else {
            panic!("{e:?}");
        };
        let h = prog.func_by_name("h").unwrap();
        assert_eq!(b.kind, ExprKind::Func(h));
        assert!(prog.types.is_pointer(b.ty));
        assert!(parse(&mut prog, None, "fp == nosuch").is_err());
    }

    #[test]
    fn old_takes_globals_and_cells_read_through_formals() {
        let mut prog = program();
        let set = prog.func_by_name("set").unwrap();
        let e = parse(&mut prog, Some(set), "*q == \\old(*q) + 1").expect("parses");
        let ExprKind::Binary(_, _, b) = &e.kind else {
            panic!("{e:?}");
        };
        let mut vars = Vec::new();
        expr_vars(b, &mut vars);
        assert_eq!(vars.len(), 1, "{b:?}");
        assert!(prog.entry_memory.contains_key(&vars[0]));
        // the same cell, the same variable
        let again = parse(&mut prog, Some(set), "\\old(*q) > 0").expect("parses");
        let mut more = Vec::new();
        expr_vars(&again, &mut more);
        assert_eq!(more, vars);
        assert!(parse(&mut prog, Some(set), "\\old(x) == x").is_ok());
        for bad in ["\\old(x + 1) == 0", "\\old(k) == 1", "\\old(*q) == 0"] {
            let func = if bad.contains("*q") { None } else { Some(set) };
            assert!(parse(&mut prog, func, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn malformed_casts_are_refused_with_their_place() {
        for bad in [
            "(unsigned signed)x == 1",
            "(char int)x == 1",
            "(long short)x == 1",
            "(unsigned x == 1",
        ] {
            let mut prog = program();
            let e = parse(&mut prog, None, bad);
            assert!(e.is_err(), "{bad}: {e:?}");
        }
        let mut prog = program();
        let (at, _) = parse(&mut prog, None, "x + (char int)x == 1").unwrap_err();
        assert_eq!(at, 4);
    }
}
