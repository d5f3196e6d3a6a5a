//! The program text the harness compiles: the preprocessed source the frontend read, with
//! - references of error functions, allocators and bodiless functions a rule observes
//!   renamed to harness functions (one per error or allocation site, so the harness knows
//!   which one was reached), each declared with the original's type (`__typeof__`) after
//!   every declaration of the original;
//! - the program's `main` renamed, so that the harness's `main` calls the entry function;
//! - a rule's handlers spliced into the bodies of the functions it observes (on entry, and
//!   before every `return` and the end of the body), as instrumentation does in CIR;
//! - uninitialized scalar locals initialized from the harness (the interpreter's choice
//!   for them), so the compiled run sees the values the counterexample chose.

use super::runtime::{c_type, param_type};
use super::scan::{self, Scan};
use super::{AllocSite, ErrorSite, ErrorSpec, Hooks, NativeError, Request};
use crate::cir::env::{classify, EnvFn};
use crate::cir::{FuncId, HavocKind, Loc, Lval, Program, Stmt, VarKind};
use crate::frontend::source::{self, PreprocessOptions, Source};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::BTreeMap;

/// The name the program's `main` gets.
pub const MAIN: &str = "__slamrs_main";

/// A function of the program whose body gets a rule's handlers.
#[derive(Clone, Debug)]
pub(crate) struct Spliced {
    pub func: FuncId,
    pub hooks: Hooks,
}

/// A bodiless function of the program a rule observes: calls go to a harness wrapper.
#[derive(Clone, Debug)]
pub(crate) struct Wrapped {
    pub func: FuncId,
    pub hooks: Hooks,
}

/// The patched program and what the harness must provide for it.
pub(crate) struct Planned {
    pub tu: String,
    pub errors: Vec<ErrorSite>,
    pub allocs: Vec<AllocSite>,
    pub uninit: Vec<Loc>,
    pub spliced: Vec<Spliced>,
    pub wrapped: Vec<Wrapped>,
    /// The entry function is the program's `main` (else the harness calls a trampoline).
    pub entry_is_main: bool,
}

/// How references to a function are renamed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Rename {
    Error { violation: bool, assert_call: bool },
    Alloc,
    Rule,
    Main,
}

/// The name of error site `k`, allocation site `k`, and the wrapper of an observed function.
pub fn error_site(k: usize) -> String {
    format!("__slamrs_err_{k}")
}
pub fn alloc_site(k: usize) -> String {
    format!("__slamrs_alloc_{k}")
}
pub fn rule_wrapper(name: &str) -> String {
    format!("__slamrs_rule_{name}")
}
pub fn hook_fn(k: usize, exit: bool) -> String {
    format!("__slamrs_ev_{k}_{}", if exit { "exit" } else { "entry" })
}

/// One edit of the text: replace `start..end` (empty for an insertion) by `text`.
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// Plans the program's text for `req`.
pub(crate) fn plan(req: &Request) -> Result<Planned, NativeError> {
    let prog = req.prog;
    let source = source::preprocess(
        req.file,
        &PreprocessOptions {
            cppflags: req.cppflags.to_vec(),
            compiler: None,
        },
    )
    .map_err(|e| NativeError(format!("cannot preprocess the program again: {e}")))?;
    let text = source.text.clone();
    let scanned = parse_and_scan(source.text.clone())?;
    let mut p = Planner {
        prog,
        req,
        source: &source,
        scan: &scanned,
        edits: Vec::new(),
        prelude: Vec::new(),
        errors: Vec::new(),
        allocs: Vec::new(),
        uninit: Vec::new(),
    };
    let renames = p.renames();
    p.rename_references(&renames)?;
    let (spliced, wrapped) = p.splice_rule()?;
    p.initialize_locals();
    let entry_is_main = req.spec.entry == "main";
    let mut appendix = String::new();
    if !entry_is_main {
        appendix = p.entry_trampoline()?;
    }
    let tu = apply(&text, p.edits, &p.prelude.join("\n"), &appendix)?;
    Ok(Planned {
        tu,
        errors: p.errors,
        allocs: p.allocs,
        uninit: p.uninit,
        spliced,
        wrapped,
        entry_is_main,
    })
}

/// Parses `text` as the frontend does (on a thread with a large stack) and scans it.
fn parse_and_scan(text: String) -> Result<Scan, NativeError> {
    std::thread::Builder::new()
        .name("native-scan".into())
        .stack_size(256 << 20)
        .spawn(move || {
            let src = Source::new("<native>", text);
            let unit = crate::frontend::parse_unit(&src)
                .map_err(|e| NativeError(format!("cannot parse the program again: {e}")))?;
            Ok(scan::scan(&unit, &src.text))
        })
        .map_err(|e| NativeError(format!("cannot start a thread: {e}")))?
        .join()
        .unwrap_or_else(|_| Err(NativeError("the parser panicked".into())))
}

struct Planner<'a> {
    prog: &'a Program,
    req: &'a Request<'a>,
    source: &'a Source,
    scan: &'a Scan,
    edits: Vec<Edit>,
    prelude: Vec<String>,
    errors: Vec<ErrorSite>,
    allocs: Vec<AllocSite>,
    uninit: Vec<Loc>,
}

impl Planner<'_> {
    fn loc(&self, offset: usize) -> Loc {
        let (file, line, col) = self.source.locate(offset);
        Loc {
            file: crate::cir::FileId(file),
            line,
            col,
        }
    }

    /// Which function names are renamed, and how.
    fn renames(&self) -> HashMap<String, Rename> {
        let mut out = HashMap::default();
        let mut names: Vec<&str> = self.scan.refs.iter().map(|r| r.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        let observed: HashSet<&str> = self
            .req
            .spec
            .monitor
            .iter()
            .flat_map(|m| m.functions.iter().map(|h| h.func.as_str()))
            .collect();
        for name in names {
            let Some(f) = self.prog.func_by_name(name) else {
                continue;
            };
            let bodiless = self.prog.func(f).body.is_none();
            if name == "main" && !bodiless {
                out.insert(name.to_string(), Rename::Main);
                continue;
            }
            if let Some((violation, assert_call)) = self.error_kind(name, bodiless) {
                out.insert(
                    name.to_string(),
                    Rename::Error {
                        violation,
                        assert_call,
                    },
                );
                continue;
            }
            if bodiless && matches!(classify(name), EnvFn::Alloc { .. }) {
                out.insert(name.to_string(), Rename::Alloc);
                continue;
            }
            if bodiless && observed.contains(name) {
                out.insert(name.to_string(), Rename::Rule);
            }
        }
        out
    }

    /// Whether references of `name` are error sites: (a violation, `assert(c)`-like).
    fn error_kind(&self, name: &str, bodiless: bool) -> Option<(bool, bool)> {
        let env = classify(name);
        let errorish = bodiless && matches!(env, EnvFn::Error | EnvFn::AssertCall);
        let assert_call = bodiless && env == EnvFn::AssertCall;
        let always = name == "__VERIFIER_error";
        match &self.req.spec.errors {
            ErrorSpec::Assertions => {
                (errorish || always || name == "reach_error").then_some((true, assert_call))
            }
            ErrorSpec::Property(names) => {
                if always || names.iter().any(|n| n == name) {
                    Some((true, assert_call))
                } else {
                    errorish.then_some((false, assert_call))
                }
            }
            ErrorSpec::Rule => errorish.then_some((false, assert_call)),
        }
    }

    fn rename_references(&mut self, renames: &HashMap<String, Rename>) -> Result<(), NativeError> {
        // new names of each renamed function, for its declarations
        let mut declared: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for r in &self.scan.refs {
            let Some(how) = renames.get(&r.name) else {
                continue;
            };
            let new = match how {
                Rename::Error {
                    violation,
                    assert_call,
                } => {
                    let k = self.errors.len();
                    self.errors.push(ErrorSite {
                        func: r.name.clone(),
                        violation: *violation,
                        assert_call: *assert_call,
                        call_loc: r.call.then(|| self.loc(r.span.start)),
                    });
                    error_site(k)
                }
                Rename::Alloc => {
                    let k = self.allocs.len();
                    self.allocs.push(AllocSite {
                        func: r.name.clone(),
                    });
                    alloc_site(k)
                }
                Rename::Rule => rule_wrapper(&r.name),
                Rename::Main => MAIN.to_string(),
            };
            if *how != Rename::Main {
                let list = declared.entry(r.name.clone()).or_default();
                if !list.contains(&new) {
                    list.push(new.clone());
                }
            }
            self.edits.push(Edit {
                start: r.span.start,
                end: r.span.end,
                text: new,
            });
        }
        // the definition of `main` is renamed too
        if renames.get("main") == Some(&Rename::Main) || self.has_def("main") {
            if let Some(d) = self.scan.defs.iter().find(|d| d.name == "main") {
                self.edits.push(Edit {
                    start: d.name_span.start,
                    end: d.name_span.end,
                    text: MAIN.to_string(),
                });
            }
        }
        // each new name is declared like the original wherever the original is declared
        for (name, news) in &declared {
            let mut points: Vec<usize> = self
                .scan
                .decls
                .iter()
                .filter(|d| &d.name == name)
                .map(|d| d.after)
                .collect();
            points.extend(
                self.scan
                    .defs
                    .iter()
                    .filter(|d| &d.name == name)
                    .map(|d| d.end),
            );
            let decl = format!(" __typeof__({name}) {};", news.join(", "));
            if points.is_empty() {
                // never declared (a builtin, or an implicit declaration): declare it from CIR
                let f = self
                    .prog
                    .func_by_name(name)
                    .ok_or_else(|| NativeError(format!("`{name}` is not a function")))?;
                let proto = self.prelude_proto(f)?;
                for n in news {
                    self.prelude.push(proto.replace("@", n));
                }
                continue;
            }
            for at in points {
                self.edits.push(Edit {
                    start: at,
                    end: at,
                    text: decl.clone(),
                });
            }
        }
        Ok(())
    }

    fn has_def(&self, name: &str) -> bool {
        self.scan.defs.iter().any(|d| d.name == name)
    }

    /// A declaration of a function like `f` with its name replaced by `@`, from CIR types.
    fn prelude_proto(&self, f: FuncId) -> Result<String, NativeError> {
        let func = self.prog.func(f);
        let t = &self.prog.types;
        let sig = t
            .fn_sig(func.ty)
            .ok_or_else(|| NativeError(format!("`{}` has no function type", func.name)))?;
        let ret = c_type(self.prog, sig.ret)?;
        let params = if func.name.starts_with("__builtin_") && !sig.prototyped {
            if matches!(classify(&func.name), EnvFn::Alloc { .. }) {
                "__SIZE_TYPE__".to_string()
            } else {
                String::new()
            }
        } else if sig.prototyped {
            let ps: Result<Vec<String>, NativeError> = sig
                .params
                .iter()
                .map(|&p| param_type(self.prog, p))
                .collect();
            let mut ps = ps?;
            if sig.variadic {
                ps.push("...".into());
            }
            if ps.is_empty() {
                "void".into()
            } else {
                ps.join(", ")
            }
        } else {
            String::new()
        };
        Ok(format!("{ret} @({params});"))
    }

    /// Splices the rule's handlers into the functions it observes that have a body, and
    /// lists the bodiless ones (their calls were renamed to the harness's wrappers).
    fn splice_rule(&mut self) -> Result<(Vec<Spliced>, Vec<Wrapped>), NativeError> {
        let Some(monitor) = &self.req.spec.monitor else {
            return Ok((Vec::new(), Vec::new()));
        };
        let mut spliced = Vec::new();
        let mut wrapped = Vec::new();
        for h in &monitor.functions {
            let Some(f) = self.prog.func_by_name(&h.func) else {
                continue;
            };
            if self.prog.func(f).body.is_none() {
                wrapped.push(Wrapped {
                    func: f,
                    hooks: h.hooks.clone(),
                });
                continue;
            }
            let k = spliced.len();
            self.splice(k, f)?;
            spliced.push(Spliced {
                func: f,
                hooks: h.hooks.clone(),
            });
        }
        Ok((spliced, wrapped))
    }

    /// Splices the calls of hook functions `k` (entry and exit) into the body of `f`.
    fn splice(&mut self, k: usize, f: FuncId) -> Result<(), NativeError> {
        let func = self.prog.func(f);
        let name = func.name.clone();
        let def = self
            .scan
            .defs
            .iter()
            .find(|d| d.name == name)
            .ok_or_else(|| NativeError(format!("the definition of `{name}` was not found")))?
            .clone();
        let t = &self.prog.types;
        let sig = t
            .fn_sig(func.ty)
            .ok_or_else(|| NativeError(format!("`{name}` has no function type")))?
            .clone();
        if def.params.len() != func.params.len() || def.params.iter().any(Option::is_none) {
            return Err(NativeError(format!(
                "cannot splice the rule into `{name}`: its parameters do not match"
            )));
        }
        let final_name = if name == "main" {
            MAIN.to_string()
        } else {
            name.clone()
        };
        // prototypes of the hook functions
        let mut ptys = Vec::new();
        for &p in &func.params {
            let ty = self.prog.var(p).ty;
            ptys.push(if t.is_scalar(ty) {
                c_type(self.prog, ty)?
            } else {
                "int".to_string()
            });
        }
        let void_ret = matches!(t.kind(sig.ret), crate::cir::TypeKind::Void);
        let ret_ty = if void_ret {
            None
        } else if t.is_scalar(sig.ret) {
            Some(c_type(self.prog, sig.ret)?)
        } else {
            Some("int".to_string())
        };
        let entry_params = if ptys.is_empty() {
            "void".to_string()
        } else {
            ptys.join(", ")
        };
        let mut exit_ptys = ptys.clone();
        if let Some(r) = &ret_ty {
            exit_ptys.push(r.clone());
        }
        let exit_params = if exit_ptys.is_empty() {
            "void".to_string()
        } else {
            exit_ptys.join(", ")
        };
        self.prelude
            .push(format!("void {}({entry_params});", hook_fn(k, false)));
        self.prelude
            .push(format!("void {}({exit_params});", hook_fn(k, true)));
        // argument copies, and the values passed to the hooks
        let names: Vec<String> = def.params.iter().flatten().cloned().collect();
        let copies: String = names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("__typeof__({n}) __slamrs_a{} = {n}; ", i + 1))
            .collect();
        let args: Vec<String> = func
            .params
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                if t.is_scalar(self.prog.var(p).ty) {
                    format!("__slamrs_a{}", i + 1)
                } else {
                    "0".to_string()
                }
            })
            .collect();
        let copy_args: Vec<String> = (1..=names.len())
            .map(|i| format!("__slamrs_a{i}"))
            .collect();
        let exit_call = |ret: Option<&str>| {
            let mut a = args.clone();
            if let Some(r) = ret {
                a.push(r.to_string());
            }
            format!("{}({});", hook_fn(k, true), a.join(", "))
        };
        self.edits.push(Edit {
            start: def.body.start + 1,
            end: def.body.start + 1,
            text: format!(" {copies}{}({}); ", hook_fn(k, false), args.join(", ")),
        });
        let ret_value = if ret_ty.is_some() && t.is_scalar(sig.ret) {
            "__slamrs_r"
        } else {
            "0"
        };
        for r in &def.returns {
            match (r.value, void_ret) {
                (Some(v), false) => {
                    self.edits.push(Edit {
                        start: r.span.start,
                        end: v.start,
                        text: format!(
                            "{{ __typeof__({final_name}({})) __slamrs_r = (",
                            copy_args.join(", ")
                        ),
                    });
                    self.edits.push(Edit {
                        start: v.end,
                        end: r.span.end,
                        text: format!("); {} return __slamrs_r; }}", exit_call(Some(ret_value))),
                    });
                }
                (Some(v), true) => {
                    self.edits.push(Edit {
                        start: r.span.start,
                        end: v.start,
                        text: "{ (".to_string(),
                    });
                    self.edits.push(Edit {
                        start: v.end,
                        end: r.span.end,
                        text: format!("); {} return; }}", exit_call(None)),
                    });
                }
                (None, _) => {
                    let ret = ret_ty.as_ref().map(|_| "0");
                    self.edits.push(Edit {
                        start: r.span.start,
                        end: r.span.end,
                        text: format!("{{ {} return; }}", exit_call(ret)),
                    });
                }
            }
        }
        // falling off the end of the body
        let ret = ret_ty.as_ref().map(|_| "0");
        self.edits.push(Edit {
            start: def.body.end - 1,
            end: def.body.end - 1,
            text: format!(" {} ", exit_call(ret)),
        });
        Ok(())
    }

    /// Uninitialized scalar locals get the value the interpreter chose at their declaration;
    /// uninitialized structs whose pointer members point to objects of the environment
    /// ([`Program::environment_slots`]) get them (zeroed objects of
    /// `interp::ENV_OBJECT_BYTES`, the rest of the struct zero).
    fn initialize_locals(&mut self) {
        let mut locs: HashSet<Loc> = HashSet::default();
        let mut env: HashMap<Loc, Vec<u64>> = HashMap::default();
        for f in &self.prog.functions {
            let Some(b) = &f.body else { continue };
            for (_, e) in b.edges() {
                if let Stmt::Havoc {
                    lhs: Lval::Var(v),
                    why: HavocKind::Uninit,
                } = &e.stmt
                {
                    let var = self.prog.var(*v);
                    if matches!(var.kind, VarKind::Local(_)) && self.prog.types.is_scalar(var.ty) {
                        locs.insert(e.loc);
                    }
                    let slots = self.prog.environment_slots(*v);
                    if !slots.is_empty() {
                        env.insert(e.loc, slots.into_iter().map(|(off, _)| off).collect());
                    }
                }
            }
        }
        let mut env_used = false;
        for l in &self.scan.locals {
            let loc = self.loc(l.name_start);
            if let Some(offsets) = env.get(&loc) {
                let list: Vec<String> = offsets.iter().map(u64::to_string).collect();
                self.edits.push(Edit {
                    start: l.end,
                    end: l.end,
                    text: format!(
                        " = *(__typeof__({n}) *)__slamrs_env_fill(sizeof({n}), \"{}\")",
                        list.join(","),
                        n = l.name
                    ),
                });
                env_used = true;
                continue;
            }
            if !locs.contains(&loc) {
                continue;
            }
            let k = self.uninit.len();
            self.uninit.push(loc);
            self.edits.push(Edit {
                start: l.end,
                end: l.end,
                text: format!(" = (__typeof__({}))__slamrs_uninit({k})", l.name),
            });
        }
        if !self.uninit.is_empty() {
            self.prelude
                .push("long long __slamrs_uninit(int);".to_string());
        }
        if env_used {
            self.prelude
                .push("void *__slamrs_env_fill(unsigned long, const char *);".to_string());
        }
    }

    /// `__slamrs_call_entry`: calls an entry function other than `main` with zero arguments.
    fn entry_trampoline(&self) -> Result<String, NativeError> {
        let name = &self.req.spec.entry;
        let f = self
            .prog
            .func_by_name(name)
            .ok_or_else(|| NativeError(format!("no entry function `{name}`")))?;
        let func = self.prog.func(f);
        let mut args = Vec::new();
        for &p in &func.params {
            if !self.prog.types.is_scalar(self.prog.var(p).ty) {
                return Err(NativeError(format!(
                    "the entry function `{name}` takes an aggregate by value"
                )));
            }
            args.push("0");
        }
        Ok(format!(
            "void __slamrs_call_entry(void) {{ {name}({}); }}\n",
            args.join(", ")
        ))
    }
}

/// Applies `edits` to `text`, with `prelude` before it and `appendix` after it.
fn apply(
    text: &str,
    mut edits: Vec<Edit>,
    prelude: &str,
    appendix: &str,
) -> Result<String, NativeError> {
    edits.sort_by_key(|e| (e.start, e.end));
    let mut out = String::with_capacity(text.len() + 4096);
    out.push_str("/* slamrs native replay: the program, with the harness's hooks */\n");
    out.push_str(prelude);
    out.push('\n');
    let mut pos = 0;
    for e in edits {
        if e.start < pos || e.end > text.len() || !text.is_char_boundary(e.start) {
            return Err(NativeError(format!(
                "internal error: overlapping edits of the program text at offset {}",
                e.start
            )));
        }
        out.push_str(&text[pos..e.start]);
        out.push_str(&e.text);
        pos = e.end;
    }
    out.push_str(&text[pos..]);
    out.push_str("\n# 1 \"<slamrs-harness>\"\n");
    out.push_str(appendix);
    Ok(out)
}
