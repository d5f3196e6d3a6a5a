//! Encoding of [`Term`]s into Z3 (linear integer arithmetic plus uninterpreted functions).
//!
//! Z3 terms live on the thread that made them (z3's thread-local context); an [`Encoder`] is
//! made per query on the worker thread and nothing Z3 leaves it.
//!
//! - Integers are mathematical. `*` with a constant operand, `/` and `%` by a nonzero
//!   constant (C's truncating division), `<<` and `>>` by a constant are exact; other
//!   non-linear and bitwise operations are uninterpreted functions (sound: C's are functions).
//! - Each memory access kind is an uninterpreted function of the address.
//! - Object addresses are fixed integers, placed far apart ([`Addresses`]).

use super::term::{CellsKey, MemKind, Obj, Op, Term};
use crate::cir::{Program, Ty, VarId, RESULT_NAME};
use rustc_hash::FxHashMap as HashMap;
use z3::ast::{Array, Bool, Int};
use z3::{FuncDecl, Sort};

/// Where each object lives: fixed, disjoint address ranges with wide gaps.
#[derive(Clone, Debug, Default)]
pub struct Addresses {
    base: HashMap<Obj, i128>,
    /// The range `[lo, hi)` holding exactly the variables of static storage (globals and
    /// function statics, zeroed before `main`), placed first and contiguously.
    statics: (i128, i128),
    /// Above every named object: where allocated objects live.
    heap: i128,
}

/// Most distinct scalar writes [`Encoder::note_write`] keeps (a path is seldom near it;
/// past it, a later write of another width goes unnoticed and the path keeps the per-width
/// arrays' answer).
const MAX_NOTED_WRITES: usize = 4096;

/// Gap between objects, wider than any offset arithmetic predicates use.
const GAP: i128 = 1 << 16;

impl Addresses {
    /// Addresses for every variable, function and string of `prog`.
    pub fn new(prog: &Program) -> Addresses {
        let mut base = HashMap::default();
        let mut next: i128 = 1 << 20;
        let place = |o: Obj, size: i128, base: &mut HashMap<Obj, i128>, next: &mut i128| {
            base.insert(o, *next);
            *next += size.max(1) + GAP;
            *next = (*next + 15) & !15;
        };
        let size = |t: Ty| -> i128 { prog.types.size_of(t).map(|s| s as i128).unwrap_or(1 << 24) };
        let zeroed = |v: VarId| {
            let var = prog.var(v);
            var.is_static_storage() && var.name != RESULT_NAME
        };
        let lo = next;
        for v in prog.var_ids().filter(|&v| zeroed(v)) {
            place(Obj::Var(v), size(prog.var(v).ty), &mut base, &mut next);
        }
        let statics = (lo, next);
        for v in prog.var_ids().filter(|&v| !zeroed(v)) {
            place(Obj::Var(v), size(prog.var(v).ty), &mut base, &mut next);
        }
        for f in prog.func_ids() {
            place(Obj::Func(f), 1, &mut base, &mut next);
        }
        for (i, s) in prog.strings.iter().enumerate() {
            place(
                Obj::Str(crate::cir::StrId(i as u32)),
                s.len() as i128 + 1,
                &mut base,
                &mut next,
            );
        }
        Addresses {
            base,
            statics,
            heap: next,
        }
    }

    /// The address range `[lo, hi)` of the zero-initialized static storage: every byte in
    /// it is 0 before the static initializers run, whatever type it is read as.
    pub fn static_range(&self) -> (i128, i128) {
        self.statics
    }

    /// The lowest address an allocated object may have: allocations never overlap a
    /// variable, function or string, so a fresh pointer never equals their addresses.
    pub fn heap_start(&self) -> i128 {
        self.heap.max(1 << 20)
    }

    /// The address of an object.
    pub fn of(&self, o: Obj) -> i128 {
        self.base.get(&o).copied().unwrap_or(1 << 60)
    }
}

/// The memory of `kind` before the program runs: 0 over the static storage (zeroed as a
/// whole, so also where it is read as another type than it was declared with), arbitrary
/// elsewhere (the stack and the heap).
fn initial_memory(kind: MemKind, (lo, hi): (i128, i128)) -> Array {
    let free = Array::new_const(format!("{}_0", kind.fn_name()), &Sort::int(), &Sort::int());
    if lo >= hi {
        return free;
    }
    let a = Int::new_const(format!("{}_addr", kind.fn_name()));
    let in_statics = Bool::and(&[a.ge(Int::from_i128(lo)), a.lt(Int::from_i128(hi))]);
    let value = in_statics.ite(
        &Int::from_i64(0),
        &free.select(&a).as_int().expect("Int array"),
    );
    z3::ast::lambda_const(&[&a], &z3::ast::Dynamic::from_ast(&value))
}

/// `by(k)` where the shift amount `amount` is `k` in `0..64`, `other` for any other amount
/// (undefined behaviour in C).
fn shift_cases(amount: &Int, other: Int, by: impl Fn(i128) -> Int) -> Int {
    (0..64).rev().fold(other, |rest, k| {
        amount.eq(Int::from_i128(k)).ite(&by(k), &rest)
    })
}

/// Builds Z3 terms for [`Term`]s on the current thread.
pub struct Encoder<'a> {
    addrs: &'a Addresses,
    mems: HashMap<MemKind, FuncDecl>,
    ufs: HashMap<Op, FuncDecl>,
    /// Memory as versioned arrays (path formulas) instead of uninterpreted functions.
    arrays: Option<HashMap<MemKind, Array>>,
    /// Every memory read in array mode: its kind, address and value, in encoding order
    /// (a model's values of them are the memory a replay reads: [`Encoder::take_reads`]).
    reads: Vec<(MemKind, Int, Int)>,
    /// Integers in memory as bytes ([`Encoder::with_bytes`]).
    bytes: bool,
    /// The scalar writes of integers so far (array mode): width in bytes and the points-to
    /// cells written ([`Encoder::note_write`]).
    writes: std::collections::BTreeSet<(u8, CellsKey)>,
    /// A read of an integer may have read cells a write of another width wrote.
    mixed: bool,
}

impl<'a> Encoder<'a> {
    /// An encoder where memory is one uninterpreted function per access kind.
    pub fn new(addrs: &'a Addresses) -> Self {
        Encoder {
            addrs,
            mems: HashMap::default(),
            ufs: HashMap::default(),
            arrays: None,
            reads: Vec::new(),
            bytes: false,
            writes: Default::default(),
            mixed: false,
        }
    }

    /// An encoder where memory is one Z3 array per access kind, whose current version the
    /// caller replaces with [`Encoder::set_memory`] as a path writes memory.
    pub fn with_arrays(addrs: &'a Addresses) -> Self {
        Encoder {
            arrays: Some(HashMap::default()),
            ..Encoder::new(addrs)
        }
    }

    /// An encoder with arrays where the integers in memory are bytes: one array of bytes
    /// for integers of every width, an access of `n` bytes reading or writing `n` of them
    /// (little-endian). Exact where a path writes memory with one width and reads it with
    /// another (a buffer filled byte by byte and read as a `ULONG`), and dearer: refinement
    /// uses it only to decide again a path whose model the replay could not follow.
    pub fn with_bytes(addrs: &'a Addresses) -> Self {
        Encoder {
            bytes: true,
            ..Encoder::with_arrays(addrs)
        }
    }

    /// Whether an integer read so far (array mode) may have read cells that a scalar write
    /// of another width wrote (a `ULONG` read of bytes written one by one): only then can
    /// the byte model ([`Encoder::with_bytes`]) decide otherwise.
    pub fn mixed_widths(&self) -> bool {
        self.mixed
    }

    /// Records a scalar write of `kind` to the points-to `cells`, for
    /// [`Encoder::mixed_widths`] (the writes of whole aggregates, leaf by leaf in their
    /// declared types, are not recorded).
    pub fn note_write(&mut self, kind: MemKind, cells: &CellsKey) {
        if let MemKind::Int { bytes, .. } = kind {
            if self.arrays.is_some() && self.writes.len() < MAX_NOTED_WRITES {
                self.writes.insert((bytes, cells.clone()));
            }
        }
    }

    fn note_read(&mut self, kind: MemKind, cells: &CellsKey) {
        if let MemKind::Int { bytes, .. } = kind {
            if !self.mixed {
                self.mixed = self
                    .writes
                    .iter()
                    .any(|(w, c)| *w != bytes && c.may_overlap(cells));
            }
        }
    }

    /// The array an access of `kind` uses: integers of one width share one (in bytes mode
    /// integers of every width do).
    fn array_key(&mut self, kind: MemKind) -> MemKind {
        match kind {
            MemKind::Int { bytes, .. } => MemKind::Int {
                bytes: if self.bytes { 1 } else { bytes },
                signed: false,
            },
            other => other,
        }
    }

    /// The current memory array of `kind` (array mode only; created on first use). The
    /// integers of one width share an array whatever their signedness, in the unsigned
    /// form (a `char` written and read as `unsigned char` is the same byte):
    /// [`Encoder::read_mem`] and [`Encoder::write_mem`] convert.
    pub fn memory(&mut self, kind: MemKind) -> Option<Array> {
        let key = self.array_key(kind);
        let arrays = self.arrays.as_mut()?;
        Some(
            arrays
                .entry(key)
                .or_insert_with(|| initial_memory(key, self.addrs.static_range()))
                .clone(),
        )
    }

    /// The value an access of `kind` reads at `a` in the current memory (array mode only).
    pub fn read_mem(&mut self, kind: MemKind, a: &Int) -> Option<Int> {
        let arr = self.memory(kind)?;
        let at = |i: i128| {
            let addr = if i == 0 {
                a.clone()
            } else {
                Int::add(&[a.clone(), Int::from_i128(i)])
            };
            arr.select(&addr).as_int().expect("memory arrays hold Int")
        };
        let raw = match (self.bytes, kind) {
            (true, MemKind::Int { bytes, .. }) if bytes > 1 => {
                let parts: Vec<Int> = (0..i128::from(bytes))
                    .map(|i| Int::mul(&[at(i), Int::from_i128(1i128 << (8 * i))]))
                    .collect();
                Int::add(&parts)
            }
            _ => at(0),
        };
        Some(from_array_form(kind, raw))
    }

    /// Writes `v` with an access of `kind` at `a` (array mode only).
    pub fn write_mem(&mut self, kind: MemKind, a: &Int, v: &Int) {
        let Some(mut arr) = self.memory(kind) else {
            return;
        };
        let u = to_array_form(kind, v.clone());
        match (self.bytes, kind) {
            (true, MemKind::Int { bytes, .. }) if bytes > 1 => {
                for i in 0..i128::from(bytes) {
                    let byte = u
                        .div(Int::from_i128(1i128 << (8 * i)))
                        .modulo(Int::from_i64(256));
                    arr = arr.store(&Int::add(&[a.clone(), Int::from_i128(i)]), &byte);
                }
            }
            _ => arr = arr.store(a, &u),
        }
        self.set_memory(kind, arr);
    }

    /// The memory reads encoded so far (array mode), emptied: (kind, address, value).
    pub fn take_reads(&mut self) -> Vec<(MemKind, Int, Int)> {
        std::mem::take(&mut self.reads)
    }

    /// Replaces the current memory array of `kind` (array mode only; the array holds
    /// [`Encoder::memory`]'s form).
    pub fn set_memory(&mut self, kind: MemKind, array: Array) {
        let key = self.array_key(kind);
        if let Some(arrays) = self.arrays.as_mut() {
            arrays.insert(key, array);
        }
    }

    /// The access kinds with a memory array so far (array mode only).
    pub fn memory_kinds(&self) -> Vec<MemKind> {
        self.arrays
            .as_ref()
            .map(|a| a.keys().copied().collect())
            .unwrap_or_default()
    }

    /// The term as a boolean.
    pub fn boolean(&mut self, t: &Term) -> Bool {
        match t {
            Term::Not(a) => self.boolean(a).not(),
            Term::Bin(Op::And, a, b) => Bool::and(&[self.boolean(a), self.boolean(b)]),
            Term::Bin(Op::Or, a, b) => Bool::or(&[self.boolean(a), self.boolean(b)]),
            Term::Bin(op, a, b) if op.is_bool() => {
                let (x, y) = (self.int(a), self.int(b));
                match op {
                    Op::Eq => x.eq(&y),
                    Op::Ne => x.eq(&y).not(),
                    Op::Lt => x.lt(&y),
                    Op::Le => x.le(&y),
                    Op::Gt => x.gt(&y),
                    Op::Ge => x.ge(&y),
                    _ => unreachable!("boolean operators handled above"),
                }
            }
            Term::Ite(c, a, b) if t.is_bool() => {
                let c = self.boolean(c);
                c.ite(&self.boolean(a), &self.boolean(b))
            }
            _ => self.int(t).eq(Int::from_i64(0)).not(),
        }
    }

    /// The term as an integer.
    pub fn int(&mut self, t: &Term) -> Int {
        match t {
            Term::Int(n) => Int::from_i128(*n),
            Term::Var(v) => Int::new_const(format!("v{}", v.0)),
            Term::Base(o) => Int::from_i128(self.addrs.of(*o)),
            Term::Fresh(i) => Int::new_const(format!("fresh{i}")),
            Term::Mem { kind, addr, cells } => {
                let a = self.int(addr);
                if self.arrays.is_some() {
                    self.note_read(*kind, cells);
                }
                if let Some(v) = self.read_mem(*kind, &a) {
                    self.reads.push((*kind, a, v.clone()));
                    return v;
                }
                let f = self.mems.entry(*kind).or_insert_with(|| {
                    FuncDecl::new(kind.fn_name(), &[&Sort::int()], &Sort::int())
                });
                f.apply(&[&a])
                    .as_int()
                    .expect("memory functions return Int")
            }
            Term::Ite(c, a, b) if !t.is_bool() => {
                let c = self.boolean(c);
                c.ite(&self.int(a), &self.int(b))
            }
            Term::Bin(op, a, b) if !op.is_bool() => self.arith(*op, a, b),
            _ => {
                let b = self.boolean(t);
                b.ite(&Int::from_i64(1), &Int::from_i64(0))
            }
        }
    }

    fn arith(&mut self, op: Op, a: &Term, b: &Term) -> Int {
        let (x, y) = (self.int(a), self.int(b));
        let konst = |t: &Term| match t {
            Term::Int(n) => Some(*n),
            _ => None,
        };
        match op {
            Op::Add => Int::add(&[x, y]),
            Op::Sub => Int::sub(&[x, y]),
            Op::Mul if konst(a).is_some() || konst(b).is_some() => Int::mul(&[x, y]),
            // a path formula decides one path: nonlinear products are exact there (an
            // abstraction's many queries keep them uninterpreted)
            Op::Mul if self.arrays.is_some() => Int::mul(&[x, y]),
            Op::Div => match konst(b) {
                Some(c) if c != 0 => trunc_div(&x, c),
                None if self.arrays.is_some() => {
                    let q = trunc_div_var(&x, &y);
                    let zero = y.eq(Int::from_i64(0));
                    zero.ite(&self.uf(op, x, y.clone()), &q)
                }
                _ => self.uf(op, x, y),
            },
            Op::Rem => match konst(b) {
                Some(c) if c != 0 => {
                    let q = trunc_div(&x, c);
                    Int::sub(&[x, Int::mul(&[q, Int::from_i128(c)])])
                }
                None if self.arrays.is_some() => {
                    let q = trunc_div_var(&x, &y);
                    let r = Int::sub(&[x.clone(), Int::mul(&[q, y.clone()])]);
                    let zero = y.eq(Int::from_i64(0));
                    zero.ite(&self.uf(op, x, y.clone()), &r)
                }
                _ => self.uf(op, x, y),
            },
            Op::Shl => match konst(b) {
                Some(k) if (0..100).contains(&k) => Int::mul(&[x, Int::from_i128(1i128 << k)]),
                // a path formula decides one path: a variable shift is exact as a case split
                // over the amounts the widest type allows
                None if self.arrays.is_some() => {
                    let other = self.uf(op, x.clone(), y.clone());
                    shift_cases(&y, other, |k| {
                        Int::mul(&[x.clone(), Int::from_i128(1i128 << k)])
                    })
                }
                _ => self.uf(op, x, y),
            },
            Op::Shr => match konst(b) {
                // arithmetic shift: floor division (Z3's div rounds down for positive divisors)
                Some(k) if (0..100).contains(&k) => x.div(Int::from_i128(1i128 << k)),
                None if self.arrays.is_some() => {
                    let other = self.uf(op, x.clone(), y.clone());
                    shift_cases(&y, other, |k| x.div(Int::from_i128(1i128 << k)))
                }
                _ => self.uf(op, x, y),
            },
            Op::BitAnd => match (konst(a), konst(b)) {
                (_, Some(c)) if (0..1 << 62).contains(&c) => mask(&x, c),
                (Some(c), _) if (0..1 << 62).contains(&c) => mask(&y, c),
                _ => self.uf(op, x, y),
            },
            Op::BitOr => match (konst(a), konst(b)) {
                // x | c = x + c - (x & c)
                (_, Some(c)) if (0..1 << 62).contains(&c) => {
                    Int::sub(&[Int::add(&[x.clone(), Int::from_i128(c)]), mask(&x, c)])
                }
                (Some(c), _) if (0..1 << 62).contains(&c) => {
                    Int::sub(&[Int::add(&[y.clone(), Int::from_i128(c)]), mask(&y, c)])
                }
                _ => self.uf(op, x, y),
            },
            _ => self.uf(op, x, y),
        }
    }

    fn uf(&mut self, op: Op, x: Int, y: Int) -> Int {
        let f = self.ufs.entry(op).or_insert_with(|| {
            FuncDecl::new(
                format!("op_{op:?}"),
                &[&Sort::int(), &Sort::int()],
                &Sort::int(),
            )
        });
        f.apply(&[&x, &y]).as_int().expect("operators return Int")
    }
}

/// Bits of a signed integer access of `kind` whose array holds the unsigned form.
fn signed_bits(kind: MemKind) -> Option<u32> {
    match kind {
        MemKind::Int {
            bytes,
            signed: true,
        } if bytes < 16 => Some(u32::from(bytes) * 8),
        _ => None,
    }
}

/// `v` (a value of `kind`) as its array holds it: a negative signed value plus `2^bits`.
fn to_array_form(kind: MemKind, v: Int) -> Int {
    match signed_bits(kind) {
        Some(bits) => v
            .lt(Int::from_i64(0))
            .ite(&Int::add(&[v.clone(), Int::from_i128(1i128 << bits)]), &v),
        None => v,
    }
}

/// The value of `kind` an array's `raw` form stands for.
fn from_array_form(kind: MemKind, raw: Int) -> Int {
    match signed_bits(kind) {
        Some(bits) => raw.ge(Int::from_i128(1i128 << (bits - 1))).ite(
            &Int::sub(&[raw.clone(), Int::from_i128(1i128 << bits)]),
            &raw,
        ),
        None => raw,
    }
}

/// `x & c` for a constant `c >= 0`, exact for two's complement integers of any width: each
/// run of set bits `[lo, lo + len)` of `c` contributes `(floor(x / 2^lo) mod 2^len) * 2^lo`.
fn mask(x: &Int, c: i128) -> Int {
    let mut parts = Vec::new();
    let mut bit = 0;
    while bit < 63 {
        if c >> bit & 1 == 0 {
            bit += 1;
            continue;
        }
        let lo = bit;
        while bit < 63 && c >> bit & 1 == 1 {
            bit += 1;
        }
        let len = bit - lo;
        let shifted = x.div(Int::from_i128(1i128 << lo));
        let run = shifted.modulo(Int::from_i128(1i128 << len));
        parts.push(Int::mul(&[run, Int::from_i128(1i128 << lo)]));
    }
    if parts.is_empty() {
        Int::from_i64(0)
    } else {
        Int::add(&parts)
    }
}

/// C's truncating division of `x` by `y` (for `y != 0`; the caller handles 0).
fn trunc_div_var(x: &Int, y: &Int) -> Int {
    let zero = Int::from_i64(0);
    let (xp, yp) = (x.ge(&zero), y.ge(&zero));
    let ax = xp.ite(x, &Int::unary_minus(x));
    let ay = yp.ite(y, &Int::unary_minus(y));
    let mag = ax.div(&ay);
    xp.eq(&yp).ite(&mag, &Int::unary_minus(&mag))
}

/// C's truncating division by a nonzero constant.
pub fn trunc_div(x: &Int, c: i128) -> Int {
    let ac = Int::from_i128(c.abs());
    let zero = Int::from_i64(0);
    // |x| / |c| rounded down, with the sign of x*c
    let pos = x.ge(&zero);
    let mag = pos.ite(&x.div(&ac), &Int::unary_minus(x).div(&ac));
    let signed = pos.ite(&mag, &Int::unary_minus(&mag));
    if c < 0 {
        Int::unary_minus(&signed)
    } else {
        signed
    }
}
