//! The environment model: what calls to well-known functions without a body mean.
//! docs/cir.md states the model; lowering, the interpreter and the analyses all ask here.

/// How the program's environment behaves: what a function without a body may do, and
/// whether allocation may fail. One value per program ([`crate::cir::Program::externals`]),
/// read by every engine (lowering, points-to, MOD/REF, c2bp, path formulas, the
/// interpreter and native replay), so they all agree (docs/cir.md, "The environment").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Externals {
    /// The hostile reading (drivers, user programs): an unknown function may read and write
    /// every escaped object and call back every escaped function; `malloc` may fail.
    #[default]
    Hostile,
    /// SV-COMP's reading of a verification task: a function without a body returns an
    /// arbitrary value of its type and has no other effect (it writes no memory of the
    /// program and calls nothing back), and the C library's allocators (`malloc`,
    /// `calloc`, `alloca`) always succeed.
    SvComp,
}

impl Externals {
    /// A call of `name`, an unknown function (no body, no model), has no effect but its
    /// result. Never for the C library's and POSIX's functions that call the functions
    /// they are given (`pthread_create`, `qsort`, `signal`, ...): a task that calls them
    /// means them.
    pub fn unknown_is_pure(self, name: &str) -> bool {
        self == Externals::SvComp && !calls_back_by_definition(name)
    }

    /// Whether an allocation by `allocator`, which may fail in the hostile reading,
    /// may fail here.
    pub fn alloc_may_fail(self, allocator: &str, may_fail: bool) -> bool {
        may_fail && !(self == Externals::SvComp && is_libc_allocator(allocator))
    }
}

/// Library functions whose definition is to call a function they are given.
fn calls_back_by_definition(name: &str) -> bool {
    matches!(
        name,
        "pthread_create"
            | "pthread_once"
            | "pthread_atfork"
            | "pthread_cleanup_push"
            | "thrd_create"
            | "call_once"
            | "signal"
            | "sigaction"
            | "sigset"
            | "bsd_signal"
            | "qsort"
            | "qsort_r"
            | "bsearch"
            | "atexit"
            | "at_quick_exit"
            | "on_exit"
            | "ftw"
            | "nftw"
            | "scandir"
            | "tsearch"
            | "tfind"
            | "tdelete"
            | "twalk"
            | "lfind"
            | "lsearch"
            | "dl_iterate_phdr"
            | "makecontext"
            | "clone"
    )
}

/// The C library's allocators (SV-COMP: they never fail), as opposed to a kernel's.
fn is_libc_allocator(name: &str) -> bool {
    let name = name.strip_prefix("__builtin_").unwrap_or(name);
    matches!(name, "malloc" | "calloc" | "alloca")
}

/// What a call to a function without a body does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnvFn {
    /// `__VERIFIER_nondet_*`: returns an arbitrary value of its return type; no other effect.
    Nondet,
    /// `__VERIFIER_assume(c)`: paths where `c == 0` are cut.
    Assume,
    /// `reach_error`, `__VERIFIER_error`, `__assert_fail`, ...: an error location.
    Error,
    /// `assert(c)` called as a function (no `<assert.h>`): an error location if `c == 0`.
    AssertCall,
    /// `abort`, `exit`, ...: the path ends; `code_arg` is the index of the exit status argument.
    Halt { code_arg: Option<usize> },
    /// A malloc-like allocator. `size_args`: the arguments whose product is the size in bytes.
    Alloc {
        size_args: Vec<usize>,
        may_fail: bool,
        zeroed: bool,
    },
    /// Library function with a known effect, implemented by the interpreter (see [`Known`]).
    Known(Known),
    /// Any other function without a body: see docs/cir.md ("calls to unknown functions").
    Unknown,
}

/// Library functions the interpreter implements and the analyses know the effects of.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Known {
    /// `printf`, `puts`, `putchar`: write to standard output, no effect on program memory.
    Output,
    /// `free`: no effect on program memory as modelled (use after free is not checked).
    Free,
    /// `memset(p, c, n)`: writes `n` bytes at `p`.
    Memset,
    /// `memcpy(d, s, n)` / `memmove`: copies `n` bytes from `s` to `d`.
    Memcpy,
    /// `strlen(s)`: reads only.
    Strlen,
    /// `strcmp(a, b)` / `strncmp`: reads only.
    Strcmp,
    /// `strcpy(d, s)`: writes the string at `d`.
    Strcpy,
    /// `abs(x)` / `labs`: pure.
    Abs,
}

/// The model of a call to `name`, a function with no body in the program.
pub fn classify(name: &str) -> EnvFn {
    if name.starts_with("__VERIFIER_nondet_") || name == "nondet" {
        return EnvFn::Nondet;
    }
    match name {
        "__VERIFIER_assume" | "assume_abort_if_not" => EnvFn::Assume,
        "reach_error"
        | "__VERIFIER_error"
        | "__assert_fail"
        | "__assert_perror_fail"
        | "__assert"
        | "__assert_rtn"
        | "_assert"
        | "__builtin_trap" => EnvFn::Error,
        "assert" => EnvFn::AssertCall,
        "abort" | "__builtin_abort" => EnvFn::Halt { code_arg: None },
        "exit" | "_exit" | "_Exit" | "__builtin_exit" => EnvFn::Halt { code_arg: Some(0) },
        "malloc" | "kmalloc" | "vmalloc" | "__builtin_malloc" => EnvFn::Alloc {
            size_args: vec![0],
            may_fail: true,
            zeroed: false,
        },
        "alloca" | "__builtin_alloca" | "xmalloc" => EnvFn::Alloc {
            size_args: vec![0],
            may_fail: false,
            zeroed: false,
        },
        "calloc" | "__builtin_calloc" => EnvFn::Alloc {
            size_args: vec![0, 1],
            may_fail: true,
            zeroed: true,
        },
        "kzalloc" | "vzalloc" => EnvFn::Alloc {
            size_args: vec![0],
            may_fail: true,
            zeroed: true,
        },
        "kcalloc" | "kmalloc_array" => EnvFn::Alloc {
            size_args: vec![0, 1],
            may_fail: true,
            zeroed: name == "kcalloc",
        },
        // Windows kernel pools: (PoolType, NumberOfBytes[, Tag]).
        "ExAllocatePool"
        | "ExAllocatePoolWithTag"
        | "ExAllocatePoolWithQuotaTag"
        | "ExAllocatePoolWithTagPriority" => EnvFn::Alloc {
            size_args: vec![1],
            may_fail: true,
            zeroed: false,
        },
        // ExAllocatePool2/3 zero the memory.
        "ExAllocatePool2" | "ExAllocatePool3" => EnvFn::Alloc {
            size_args: vec![1],
            may_fail: true,
            zeroed: true,
        },
        "printf" | "puts" | "putchar" => EnvFn::Known(Known::Output),
        "free" | "kfree" | "vfree" | "ExFreePool" | "ExFreePoolWithTag" => {
            EnvFn::Known(Known::Free)
        }
        "memset" | "__builtin_memset" => EnvFn::Known(Known::Memset),
        "memcpy" | "memmove" | "__builtin_memcpy" | "__builtin_memmove" => {
            EnvFn::Known(Known::Memcpy)
        }
        "strlen" | "__builtin_strlen" => EnvFn::Known(Known::Strlen),
        "strcmp" | "strncmp" | "__builtin_strcmp" => EnvFn::Known(Known::Strcmp),
        "strcpy" | "__builtin_strcpy" => EnvFn::Known(Known::Strcpy),
        "abs" | "labs" | "llabs" | "__builtin_abs" => EnvFn::Known(Known::Abs),
        _ => EnvFn::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::Externals;
    use crate::cir::{Construct, Program};
    use crate::frontend::{load_text, LoadOptions};

    const SRC: &str = "
        extern void *malloc(unsigned long n);
        extern void *kmalloc(unsigned long n, int flags);
        extern int register_handler(void (*h)(void));
        extern int pthread_create(unsigned long *t, const void *a, void *(*f)(void *), void *x);
        static void handler(void) {}
        static void *worker(void *x) { return x; }
        int main(void) {
            unsigned long t;
            void *p = malloc(4);
            void *q = kmalloc(4, 0);
            register_handler(handler);
            pthread_create(&t, 0, worker, 0);
            return p == q;
        }";

    fn load(externals: Externals) -> Program {
        let opts = LoadOptions {
            externals,
            ..Default::default()
        };
        load_text("t.c", SRC.into(), &opts).expect("lowers")
    }

    fn may_fail(p: &Program, allocator: &str) -> bool {
        p.allocs
            .iter()
            .find(|s| s.allocator == allocator)
            .expect("an allocation site")
            .may_fail
    }

    fn refused(p: &Program) -> Vec<String> {
        p.refusals
            .iter()
            .filter_map(|r| match &r.construct {
                Construct::Callback(n) => Some(n.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_hostile_reading_lets_malloc_fail_and_refuses_callbacks() {
        let p = load(Externals::Hostile);
        assert!(may_fail(&p, "malloc"));
        assert!(may_fail(&p, "kmalloc"));
        assert_eq!(refused(&p), ["register_handler", "pthread_create"]);
        let f = p.func_by_name("register_handler").expect("declared");
        assert!(!p.unknown_is_pure(f));
    }

    #[test]
    fn svcomp_reads_undefined_functions_as_pure_and_c_allocation_as_succeeding() {
        let p = load(Externals::SvComp);
        assert!(!may_fail(&p, "malloc"), "SV-COMP: malloc never fails");
        assert!(
            may_fail(&p, "kmalloc"),
            "a kernel allocator is not the C library's"
        );
        assert_eq!(
            refused(&p),
            ["pthread_create"],
            "only what calls back by definition"
        );
        let f = p.func_by_name("register_handler").expect("declared");
        assert!(p.unknown_is_pure(f));
        let t = p.func_by_name("pthread_create").expect("declared");
        assert!(!p.unknown_is_pure(t));
    }
}
