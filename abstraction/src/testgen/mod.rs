//! A seeded generator of small, deterministic, UB-free C programs for differential testing
//! of the frontend and the CIR interpreter against gcc (`tests/gen_differential.rs`), and
//! for the soundness check of `slamrs check` (`tests/gen_soundness.rs` of the root crate,
//! `scripts/gen-soundness`).
//!
//! The base language ([`GenConfig::default()`], module `base`) uses `int`, `unsigned`,
//! `unsigned char`, `signed char`, `long` and `unsigned long` variables, arrays, helper
//! functions, `if`, `switch`, bounded `for` and `while` loops, and prints every variable at
//! the end. Undefined behaviour is avoided by construction:
//! - every expression is computed in `unsigned int` (wrap-around is defined); signed
//!   variables enter expressions through a cast to `unsigned` and are assigned only values
//!   masked into a small range;
//! - divisors are forced odd (`| 1u`), shift counts masked (`& 31u`), array indices reduced
//!   modulo the array length;
//! - loops count a fresh counter up to a small constant; helpers do not call helpers, so the
//!   number of steps stays small;
//! - every variable and array is initialised where it is declared.
//!
//! Conversions to `signed char` of out-of-range values are implementation-defined; gcc (and
//! the interpreter's machine mode) wrap them.
//!
//! Optional features ([`Feature`], one `GenConfig` flag each, all off by default so that
//! `GenConfig::default()` generates exactly the programs it always did) add the constructs
//! where a C frontend most easily misreads C, each in its own module:
//! `bitfields`, `layout` (packed/aligned structs), `funcptr` (function pointers),
//! `callbacks` (`qsort`/`bsearch`), `builtins` (GCC builtins), `narrow` (narrow integer
//! arithmetic, with value ranges tracked so that no `int` operation overflows) and `vla`
//! (variable length arrays). `plant` puts `if (c) reach_error();` checks into a program
//! ([`GenConfig::plant_errors`]) for the soundness check of `slamrs check`.
//!
//! Every feature keeps the program free of undefined behaviour (checked with
//! `-fsanitize=undefined,address` by `tests/gen_differential.rs`), and free of unspecified
//! output: struct bytes are printed only when every byte (padding included) is determined,
//! functions called through pointers and comparators are pure, `bsearch` results are
//! printed by value, never by position.

mod base;
mod bitfields;
mod builtins;
mod callbacks;
mod funcptr;
mod layout;
mod narrow;
mod plant;
#[cfg(test)]
mod tests;
mod vla;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write;

/// Size limits and features of generated programs.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Number of helper functions (0..=max).
    pub max_helpers: usize,
    /// Statements per block at the top level of a body.
    pub max_stmts: usize,
    /// Nesting depth of `if`/loops/`switch`.
    pub max_nesting: usize,
    /// Depth of expression trees.
    pub max_expr_depth: usize,
    /// Number of `__VERIFIER_nondet_uint()` inputs `main` reads.
    pub inputs: usize,
    /// Structs with `unsigned`/`int`/`_Bool` bit-fields ([`Feature::Bitfields`]).
    pub bitfields: bool,
    /// Packed and aligned structs, `#pragma pack` ([`Feature::Layout`]).
    pub layout: bool,
    /// Function pointer variables, tables, members, parameters and results
    /// ([`Feature::FuncPtrs`]).
    pub func_ptrs: bool,
    /// `qsort` and `bsearch` with comparators ([`Feature::Callbacks`]).
    pub callbacks: bool,
    /// GCC builtins: bit counting, byte swaps, overflow checks, `__builtin_expect`
    /// ([`Feature::Builtins`]).
    pub builtins: bool,
    /// `short`/`unsigned short` variables and arithmetic on narrow operands after integer
    /// promotion ([`Feature::Narrow`]).
    pub narrow: bool,
    /// Variable length arrays ([`Feature::Vlas`]).
    pub vlas: bool,
    /// With `vlas`: also two-dimensional VLAs with a variable inner dimension and pointers
    /// to their rows. slamrs refuses those (docs/cir.md), so [`GenConfig::all_features`]
    /// leaves them out; turn this on to see them refused.
    pub vla_2d: bool,
    /// Number of `if (c) reach_error();` checks to plant (0: none, the program never calls
    /// `reach_error`). Some conditions hold for some inputs, some never do.
    pub plant_errors: usize,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            max_helpers: 3,
            max_stmts: 8,
            max_nesting: 2,
            max_expr_depth: 3,
            inputs: 2,
            bitfields: false,
            layout: false,
            func_ptrs: false,
            callbacks: false,
            builtins: false,
            narrow: false,
            vlas: false,
            vla_2d: false,
            plant_errors: 0,
        }
    }
}

/// An optional construct of the generated programs (a `GenConfig` flag).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    Bitfields,
    Layout,
    FuncPtrs,
    Callbacks,
    Builtins,
    Narrow,
    Vlas,
}

impl Feature {
    /// Every feature, in a fixed order.
    pub const ALL: [Feature; 7] = [
        Feature::Bitfields,
        Feature::Layout,
        Feature::FuncPtrs,
        Feature::Callbacks,
        Feature::Builtins,
        Feature::Narrow,
        Feature::Vlas,
    ];

    /// The feature's name (as `from_name` reads it).
    pub fn name(self) -> &'static str {
        match self {
            Feature::Bitfields => "bitfields",
            Feature::Layout => "layout",
            Feature::FuncPtrs => "funcptrs",
            Feature::Callbacks => "callbacks",
            Feature::Builtins => "builtins",
            Feature::Narrow => "narrow",
            Feature::Vlas => "vlas",
        }
    }

    /// The feature called `name`.
    pub fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl GenConfig {
    /// The default sizes with every feature on.
    pub fn all_features() -> GenConfig {
        let mut c = GenConfig::default();
        for f in Feature::ALL {
            c.set(f, true);
        }
        c
    }

    /// The default sizes with only `f` on.
    pub fn only(f: Feature) -> GenConfig {
        GenConfig::default().with(f)
    }

    /// This configuration with `f` on.
    pub fn with(mut self, f: Feature) -> GenConfig {
        self.set(f, true);
        self
    }

    /// Small programs (one helper, short blocks, shallow nesting and expressions), as the
    /// soundness check of `slamrs check` uses them.
    pub fn small() -> GenConfig {
        GenConfig {
            max_helpers: 1,
            max_stmts: 4,
            max_nesting: 1,
            max_expr_depth: 2,
            ..GenConfig::default()
        }
    }

    /// This configuration with `n` planted `reach_error()` checks.
    pub fn planting(mut self, n: usize) -> GenConfig {
        self.plant_errors = n;
        self
    }

    /// Is `f` on?
    pub fn has(&self, f: Feature) -> bool {
        match f {
            Feature::Bitfields => self.bitfields,
            Feature::Layout => self.layout,
            Feature::FuncPtrs => self.func_ptrs,
            Feature::Callbacks => self.callbacks,
            Feature::Builtins => self.builtins,
            Feature::Narrow => self.narrow,
            Feature::Vlas => self.vlas,
        }
    }

    /// Turn `f` on or off.
    pub fn set(&mut self, f: Feature, on: bool) {
        let flag = match f {
            Feature::Bitfields => &mut self.bitfields,
            Feature::Layout => &mut self.layout,
            Feature::FuncPtrs => &mut self.func_ptrs,
            Feature::Callbacks => &mut self.callbacks,
            Feature::Builtins => &mut self.builtins,
            Feature::Narrow => &mut self.narrow,
            Feature::Vlas => &mut self.vlas,
        };
        *flag = on;
    }

    /// The features that are on, in `Feature::ALL` order.
    pub fn features(&self) -> Vec<Feature> {
        Feature::ALL.into_iter().filter(|&f| self.has(f)).collect()
    }

    /// Is any feature on?
    pub fn any_feature(&self) -> bool {
        Feature::ALL.into_iter().any(|f| self.has(f))
    }
}

/// A generated program and the inputs to run it on.
#[derive(Clone, Debug)]
pub struct GenProgram {
    /// C source text (self-contained; declares what it uses).
    pub source: String,
    /// Values for the `__VERIFIER_nondet_uint()` calls, in order.
    pub inputs: Vec<i128>,
    /// Number of `if (c) reach_error();` checks planted (0 unless
    /// [`GenConfig::plant_errors`] is set).
    pub planted: usize,
}

/// Generate the program for `seed` (the same seed and configuration always give the same
/// program).
pub fn generate(seed: u64, cfg: &GenConfig) -> GenProgram {
    let mut g = Gen {
        rng: SmallRng::seed_from_u64(seed),
        cfg: cfg.clone(),
        out: String::new(),
        vars: Vec::new(),
        arrays: Vec::new(),
        helpers: Vec::new(),
        counters: 0,
        call_in_expr: false,
        indent: 1,
        ctx: Ctx::Main,
        globals: Globals::default(),
        locals: Locals::default(),
        fresh: 0,
        planted: 0,
    };
    g.program(seed)
}

/// The scalar types a generated variable can have.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum VTy {
    Int,
    UInt,
    UChar,
    SChar,
    Long,
    ULong,
    /// Only with [`Feature::Narrow`].
    UShort,
    /// Only with [`Feature::Narrow`].
    Short,
}

impl VTy {
    /// The types of the base language.
    const ALL: [VTy; 6] = [
        VTy::Int,
        VTy::UInt,
        VTy::UChar,
        VTy::SChar,
        VTy::Long,
        VTy::ULong,
    ];

    /// The types with [`Feature::Narrow`].
    const WITH_SHORT: [VTy; 8] = [
        VTy::Int,
        VTy::UInt,
        VTy::UChar,
        VTy::SChar,
        VTy::Long,
        VTy::ULong,
        VTy::UShort,
        VTy::Short,
    ];

    fn c_name(self) -> &'static str {
        match self {
            VTy::Int => "int",
            VTy::UInt => "unsigned",
            VTy::UChar => "unsigned char",
            VTy::SChar => "signed char",
            VTy::Long => "long",
            VTy::ULong => "unsigned long",
            VTy::UShort => "unsigned short",
            VTy::Short => "short",
        }
    }

    fn format(self) -> &'static str {
        match self {
            VTy::Int | VTy::UChar | VTy::SChar | VTy::UShort | VTy::Short => "%d",
            VTy::UInt => "%u",
            VTy::Long => "%ld",
            VTy::ULong => "%lu",
        }
    }

    /// Narrow types: promoted to `int` in arithmetic.
    fn is_narrow(self) -> bool {
        matches!(self, VTy::UChar | VTy::SChar | VTy::UShort | VTy::Short)
    }

    /// The range of values of a narrow type.
    fn narrow_range(self) -> Option<(i64, i64)> {
        match self {
            VTy::UChar => Some((0, 255)),
            VTy::SChar => Some((-128, 127)),
            VTy::UShort => Some((0, 65535)),
            VTy::Short => Some((-32768, 32767)),
            _ => None,
        }
    }

    /// A C expression converting the unsigned expression `e` to a value of this type that
    /// is safe to store (signed types get a small range, so later reads cannot overflow).
    fn convert(self, e: &str) -> String {
        match self {
            VTy::Int => format!("(int)(({e}) & 0xffffu) - 32768"),
            VTy::UInt => format!("({e})"),
            VTy::UChar => format!("(unsigned char)({e})"),
            VTy::SChar => format!("(signed char)({e})"),
            VTy::Long => format!("(long)({e}) * 3L - 4000000000L"),
            VTy::ULong => format!("(unsigned long)({e}) * 2654435761UL"),
            VTy::UShort => format!("(unsigned short)({e})"),
            VTy::Short => format!("(short)({e})"),
        }
    }
}

struct Var {
    name: String,
    ty: VTy,
}

/// An `unsigned` array in scope.
#[derive(Clone)]
struct Array {
    name: String,
    /// The length; for a variable length array its smallest possible length (1).
    len: usize,
    /// For a variable length array, the `const unsigned` variable holding its length.
    dyn_len: Option<String>,
}

impl Array {
    /// The length as C text.
    fn len_text(&self) -> String {
        match &self.dyn_len {
            Some(n) => n.clone(),
            None => format!("{}u", self.len),
        }
    }
}

struct Helper {
    name: String,
    params: usize,
}

/// Which kind of function is being generated.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Ctx {
    /// `main`: may write global objects of the features.
    Main,
    /// A helper: prints, writes its own locals and global arrays.
    Helper,
    /// A pure function (a target of a function pointer, a comparator): one expression over
    /// its parameters, no calls, no memory reads.
    Pure,
}

/// The objects of the features visible everywhere (types, functions, global instances).
#[derive(Default)]
struct Globals {
    bf_types: Vec<bitfields::StructTy>,
    bf_insts: Vec<bitfields::Inst>,
    ly_types: Vec<layout::StructTy>,
    ly_insts: Vec<layout::Inst>,
    fp: funcptr::Globals,
    cb: callbacks::Globals,
    vla_sum: Option<String>,
}

/// The objects of the features local to the function being generated.
#[derive(Default)]
struct Locals {
    bf_insts: Vec<bitfields::Inst>,
    ly_insts: Vec<layout::Inst>,
    fp_vars: Vec<String>,
    fp_ops: Vec<String>,
    kv_arrays: Vec<callbacks::KvArray>,
}

struct Gen {
    rng: SmallRng,
    cfg: GenConfig,
    out: String,
    /// Assignable variables in scope.
    vars: Vec<Var>,
    /// `unsigned` arrays in scope.
    arrays: Vec<Array>,
    /// Helpers defined so far (callable from `main`).
    helpers: Vec<Helper>,
    /// Fresh loop-counter numbering.
    counters: usize,
    indent: usize,
    /// The full expression being generated already calls a helper. Helpers print, and C
    /// leaves the order of two calls in one expression unspecified, so one is the limit.
    call_in_expr: bool,
    /// The function being generated.
    ctx: Ctx,
    /// Feature objects visible everywhere.
    globals: Globals,
    /// Feature objects of the current function.
    locals: Locals,
    /// Numbering of fresh names of feature objects.
    fresh: usize,
    /// `reach_error` checks planted so far.
    planted: usize,
}

impl Gen {
    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// A fresh name `prefix<N>`, unique in the program.
    fn fresh(&mut self, prefix: &str) -> String {
        let n = self.fresh;
        self.fresh += 1;
        format!("{prefix}{n}")
    }

    /// Pick one element of a non-empty slice.
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.rng.gen_range(0..items.len())]
    }

    /// The variable types to choose from.
    fn var_types(&self) -> &'static [VTy] {
        if self.cfg.narrow {
            &VTy::WITH_SHORT
        } else {
            &VTy::ALL
        }
    }

    fn program(&mut self, seed: u64) -> GenProgram {
        writeln!(self.out, "// generated by slamrs testgen, seed {seed}").ok();
        self.out.push_str("int printf(const char *, ...);\n");
        self.out
            .push_str("extern unsigned int __VERIFIER_nondet_uint(void);\n");
        self.prelude();
        self.out.push('\n');
        self.indent = 0;
        for _ in 0..self.rng.gen_range(0..2) {
            self.declare_array("g");
        }
        self.out.push('\n');
        self.feature_decls();
        self.indent = 1;
        let globals = std::mem::take(&mut self.arrays);
        for h in 0..self.rng.gen_range(0..=self.cfg.max_helpers) {
            self.arrays = globals.clone();
            self.helper(h);
        }
        self.arrays = globals;
        self.ctx = Ctx::Main;
        self.out.push_str("int main(void) {\n");
        let mut inputs = Vec::new();
        for i in 0..self.cfg.inputs {
            let name = format!("in{i}");
            self.line(&format!("unsigned {name} = __VERIFIER_nondet_uint();"));
            self.vars.push(Var {
                name,
                ty: VTy::UInt,
            });
            inputs.push(i128::from(
                self.rng.gen::<u32>() >> self.rng.gen_range(0..32),
            ));
        }
        for _ in 0..self.rng.gen_range(1..5) {
            self.declare_var("v", true);
        }
        if self.rng.gen_bool(0.6) {
            self.declare_array("a");
        }
        self.feature_locals();
        self.block(0, true);
        if self.cfg.plant_errors > 0 && self.planted == 0 {
            self.plant();
        }
        let names: Vec<(String, VTy)> = self.vars.iter().map(|v| (v.name.clone(), v.ty)).collect();
        for (name, ty) in names {
            self.line(&format!("printf(\"{name}={}\\n\", {name});", ty.format()));
        }
        let arrays = self.arrays.clone();
        for a in arrays {
            let (name, len) = (a.name, a.len);
            match a.dyn_len {
                None => self.line(&format!(
                    "for (int k = 0; k < {len}; k++) printf(\"{name}[%d]=%u\\n\", k, {name}[k]);"
                )),
                Some(n) => self.line(&format!(
                    "for (unsigned k = 0; k < {n}; k++) printf(\"{name}[%u]=%u\\n\", k, {name}[k]);"
                )),
            }
        }
        self.feature_prints(true);
        let r = self.expr(2, false);
        self.line(&format!("return (int)(({r}) & 0x3fu);"));
        self.out.push_str("}\n");
        GenProgram {
            source: std::mem::take(&mut self.out),
            inputs,
            planted: self.planted,
        }
    }

    /// Declarations of the library functions the features call.
    fn prelude(&mut self) {
        if self.cfg.bitfields || self.cfg.layout {
            self.out
                .push_str("void *memcpy(void *, const void *, unsigned long);\n");
            self.out
                .push_str("void *memset(void *, int, unsigned long);\n");
        }
        if self.cfg.callbacks {
            self.out.push_str(
                "void qsort(void *, unsigned long, unsigned long, int (*)(const void *, const void *));\n",
            );
            self.out.push_str(
                "void *bsearch(const void *, const void *, unsigned long, unsigned long, int (*)(const void *, const void *));\n",
            );
        }
        if self.cfg.plant_errors > 0 {
            self.out.push_str("void reach_error(void);\n");
        }
    }

    /// Global types, functions and objects of the features that are on.
    fn feature_decls(&mut self) {
        if !self.cfg.any_feature() {
            return;
        }
        self.ctx = Ctx::Main;
        self.indent = 0;
        if self.cfg.bitfields {
            self.bitfield_decls();
        }
        if self.cfg.layout {
            self.layout_decls();
        }
        if self.cfg.func_ptrs {
            self.funcptr_decls();
        }
        if self.cfg.callbacks {
            self.callback_decls();
        }
        if self.cfg.vlas {
            self.vla_decls();
        }
        self.indent = 1;
    }

    /// Local objects of the features, declared at the top of a body.
    fn feature_locals(&mut self) {
        if self.cfg.bitfields {
            self.bitfield_locals();
        }
        if self.cfg.layout {
            self.layout_locals();
        }
        if self.cfg.func_ptrs {
            self.funcptr_locals();
        }
        if self.cfg.callbacks {
            self.callback_locals();
        }
        if self.cfg.vlas {
            self.vla_locals();
        }
    }

    /// Print the feature objects of the current function (and, in `main`, the globals).
    fn feature_prints(&mut self, with_globals: bool) {
        if self.cfg.bitfields {
            self.bitfield_prints(with_globals);
        }
        if self.cfg.layout {
            self.layout_prints(with_globals);
        }
        if self.cfg.func_ptrs {
            self.funcptr_prints(with_globals);
        }
        if self.cfg.callbacks {
            self.callback_prints();
        }
    }

    /// A statement of one of the features (false if none could be made here).
    fn feature_stmt(&mut self, nesting: usize, calls: bool) -> bool {
        let feats = self.cfg.features();
        let f = self.pick(&feats);
        match f {
            Feature::Bitfields => self.bitfield_stmt(calls),
            Feature::Layout => self.layout_stmt(calls),
            Feature::FuncPtrs => self.funcptr_stmt(calls),
            Feature::Callbacks => self.callback_stmt(calls),
            Feature::Builtins => self.builtin_stmt(nesting, calls),
            Feature::Narrow => self.narrow_stmt(calls),
            Feature::Vlas => self.vla_stmt(calls),
        }
    }

    /// An `unsigned int` expression of one of the features (None if none could be made).
    fn feature_expr(&mut self, depth: usize, calls: bool) -> Option<String> {
        let feats = self.cfg.features();
        let f = self.pick(&feats);
        match f {
            Feature::Bitfields => self.bitfield_expr(depth, calls),
            Feature::Layout => self.layout_expr(depth, calls),
            Feature::FuncPtrs => self.funcptr_expr(depth, calls),
            Feature::Callbacks => None,
            Feature::Builtins => self.builtin_expr(depth, calls),
            Feature::Narrow => self.narrow_expr(depth, calls),
            Feature::Vlas => self.vla_expr(depth, calls),
        }
    }
}
