//! Models of the C library functions that call back into the program, and of program
//! start-up and exit (docs/cir.md, "Library functions that call the program back"):
//! - `atexit(f)` registers `f`; at exit (`exit(n)` anywhere, or `main` returning) the
//!   registered functions run, last registered first, then the destructors;
//! - `__attribute__((constructor))` functions run before `main`, prioritised ones first
//!   (ascending priority), then the others in the order of the text; destructors in the
//!   reverse order, after the `atexit` functions;
//! - `qsort` and `bsearch` call the comparator: any number of times on any elements first
//!   (which comparisons the library makes is unspecified), then as an insertion sort / a
//!   scan would. `bsearch` returns any matching element.
//!
//! The models are C, appended to the program's text as a system file `<slamrs-model>`
//! when the program uses them, so the frontend lowers them like the program (and traces show
//! them); the calls at start-up and exit are wired into CIR afterwards ([`wire`]). The
//! choices inside the models are inputs of `__VERIFIER_nondet_slamrs_model`, which the
//! native replay does not expect from the compiled program (it runs the real library).

use crate::cir::{
    Callee, DataModel, Edge, Expr, ExprKind, FuncId, HavocKind, Node, NodeId, Program, Stmt,
};
use lang_c::ast::{
    Constant, DeclarationSpecifier, Declarator, DeclaratorKind, DerivedDeclarator, Expression,
    Extension, ExternalDeclaration, TranslationUnit,
};
use lang_c::span::Node as LNode;
use lang_c::visit::{self, Visit};
use rustc_hash::FxHashSet as HashSet;

/// The name of the models' nondeterministic choices.
pub const CHOICE: &str = "__VERIFIER_nondet_slamrs_model";
/// The file name of the models.
pub const FILE: &str = "<slamrs-model>";
const INIT: &str = "__slamrs_run_constructors";
const EXIT: &str = "__slamrs_run_exit_handlers";

/// What a program needs of the models.
#[derive(Clone, Debug, Default)]
pub(crate) struct Needs {
    pub qsort: bool,
    pub bsearch: bool,
    pub atexit: bool,
    /// (name, priority) of constructors and destructors, in the order of the text.
    pub ctors: Vec<(String, Option<i64>)>,
    pub dtors: Vec<(String, Option<i64>)>,
}

impl Needs {
    pub fn any(&self) -> bool {
        self.qsort
            || self.bsearch
            || self.atexit
            || !self.ctors.is_empty()
            || !self.dtors.is_empty()
    }

    /// Start-up or exit code must be wired in.
    fn lifecycle(&self) -> bool {
        self.atexit || !self.ctors.is_empty() || !self.dtors.is_empty()
    }
}

struct Names(HashSet<String>);

impl<'a> Visit<'a> for Names {
    fn visit_expression(&mut self, e: &'a Expression, span: &'a lang_c::span::Span) {
        if let Expression::Identifier(id) = e {
            self.0.insert(id.node.name.clone());
        }
        visit::visit_expression(self, e, span);
    }
}

/// `constructor` / `destructor` attributes (with their priority) among `exts`.
fn lifecycle_attrs(exts: &[LNode<Extension>], out: &mut Vec<(bool, Option<i64>)>) {
    for e in exts {
        let Extension::Attribute(a) = &e.node else {
            continue;
        };
        let ctor = match a.name.node.trim_matches('_') {
            "constructor" => true,
            "destructor" => false,
            _ => continue,
        };
        let prio = a.arguments.first().and_then(|x| match &x.node {
            Expression::Constant(c) => match &c.node {
                Constant::Integer(i) => i.number.parse().ok(),
                _ => None,
            },
            _ => None,
        });
        out.push((ctor, prio));
    }
}

fn declarator_name(d: &Declarator) -> Option<&str> {
    match &d.kind.node {
        DeclaratorKind::Identifier(id) => Some(&id.node.name),
        DeclaratorKind::Declarator(inner) => declarator_name(&inner.node),
        DeclaratorKind::Abstract => None,
    }
}

fn is_function(d: &Declarator) -> bool {
    d.derived.iter().any(|x| {
        matches!(
            x.node,
            DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_)
        )
    })
}

/// What `unit` needs: library functions it names without defining them, and its
/// constructors and destructors.
pub(crate) fn needs(unit: &TranslationUnit) -> Needs {
    let mut names = Names(HashSet::default());
    names.visit_translation_unit(unit);
    let mut defined = HashSet::default();
    let mut n = Needs::default();
    let add = |name: &str, attrs: Vec<(bool, Option<i64>)>, n: &mut Needs| {
        for (ctor, prio) in attrs {
            let list = if ctor { &mut n.ctors } else { &mut n.dtors };
            if !list.iter().any(|(x, _)| x == name) {
                list.push((name.to_string(), prio));
            }
        }
    };
    for ext in &unit.0 {
        match &ext.node {
            ExternalDeclaration::FunctionDefinition(fd) => {
                let Some(name) = declarator_name(&fd.node.declarator.node) else {
                    continue;
                };
                defined.insert(name.to_string());
                let mut attrs = Vec::new();
                for s in &fd.node.specifiers {
                    if let DeclarationSpecifier::Extension(e) = &s.node {
                        lifecycle_attrs(e, &mut attrs);
                    }
                }
                lifecycle_attrs(&fd.node.declarator.node.extensions, &mut attrs);
                add(name, attrs, &mut n);
            }
            ExternalDeclaration::Declaration(d) => {
                let mut spec_attrs = Vec::new();
                for s in &d.node.specifiers {
                    if let DeclarationSpecifier::Extension(e) = &s.node {
                        lifecycle_attrs(e, &mut spec_attrs);
                    }
                }
                for id in &d.node.declarators {
                    let decl = &id.node.declarator.node;
                    if !is_function(decl) {
                        continue;
                    }
                    let Some(name) = declarator_name(decl) else {
                        continue;
                    };
                    let mut attrs = spec_attrs.clone();
                    lifecycle_attrs(&decl.extensions, &mut attrs);
                    add(name, attrs, &mut n);
                }
            }
            ExternalDeclaration::StaticAssert(_) => {}
        }
    }
    let used = |f: &str| names.0.contains(f) && !defined.contains(f);
    n.qsort = used("qsort");
    n.bsearch = used("bsearch");
    n.atexit = used("atexit");
    // constructors and destructors only count if the program defines them
    n.ctors.retain(|(f, _)| defined.contains(f));
    n.dtors.retain(|(f, _)| defined.contains(f));
    n
}

/// Constructors in the order they run.
fn ctor_order(list: &[(String, Option<i64>)]) -> Vec<String> {
    let mut with: Vec<(i64, usize, &String)> = list
        .iter()
        .enumerate()
        .filter_map(|(i, (f, p))| p.map(|p| (p, i, f)))
        .collect();
    with.sort();
    let mut out: Vec<String> = with.into_iter().map(|(_, _, f)| f.clone()).collect();
    out.extend(
        list.iter()
            .filter(|(_, p)| p.is_none())
            .map(|(f, _)| f.clone()),
    );
    out
}

/// The models' C text for `needs` (a system file appended to the program).
pub(crate) fn text(needs: &Needs, dm: DataModel) -> String {
    let size_t = match dm {
        DataModel::Lp64 => "unsigned long",
        DataModel::Ilp32 => "unsigned int",
        DataModel::Llp64 => "unsigned long long",
    };
    let mut t = format!("\n# 1 \"{FILE}\" 1 3\nextern int {CHOICE}(void);\n");
    if needs.qsort || needs.bsearch {
        t.push_str(&format!(
            "extern void *memcpy(void *, const void *, {size_t});\n\
             extern void *__builtin_alloca({size_t});\n"
        ));
    }
    if needs.qsort {
        t.push_str(&format!(
            "void qsort(void *base, {size_t} n, {size_t} size, int (*cmp)(const void *, const void *)) {{\n\
             char *b = (char *)base; char *tmp; {size_t} i, j;\n\
             if (n < 2) return;\n\
             while ({CHOICE}()) {{ {size_t} x = ({size_t}){CHOICE}() % n; {size_t} y = ({size_t}){CHOICE}() % n; cmp(b + x * size, b + y * size); }}\n\
             tmp = (char *)__builtin_alloca(size);\n\
             for (i = 1; i < n; i++)\n\
             for (j = i; j > 0 && cmp(b + (j - 1) * size, b + j * size) > 0; j--) {{\n\
             memcpy(tmp, b + j * size, size); memcpy(b + j * size, b + (j - 1) * size, size); memcpy(b + (j - 1) * size, tmp, size); }}\n\
             }}\n"
        ));
    }
    if needs.bsearch {
        t.push_str(&format!(
            "void *bsearch(const void *key, const void *base, {size_t} n, {size_t} size, int (*cmp)(const void *, const void *)) {{\n\
             const char *b = (const char *)base; const char *found = 0; {size_t} i;\n\
             if (n == 0) return 0;\n\
             while ({CHOICE}()) {{ {size_t} x = ({size_t}){CHOICE}() % n; cmp(key, b + x * size); }}\n\
             for (i = 0; i < n; i++)\n\
             if (cmp(key, b + i * size) == 0 && (found == 0 || {CHOICE}())) found = b + i * size;\n\
             return (void *)found;\n\
             }}\n"
        ));
    }
    if needs.lifecycle() {
        t.push_str(
            "static void (*__slamrs_atexit_fns[64])(void);\nstatic int __slamrs_atexit_n;\n",
        );
        if needs.atexit {
            t.push_str(
                "int atexit(void (*f)(void)) {\n\
                 if (__slamrs_atexit_n >= 64) return -1;\n\
                 __slamrs_atexit_fns[__slamrs_atexit_n] = f; __slamrs_atexit_n = __slamrs_atexit_n + 1; return 0;\n\
                 }\n",
            );
        }
        let ctors = ctor_order(&needs.ctors);
        let mut dtors = ctor_order(&needs.dtors);
        dtors.reverse();
        let decl = |f: &String| format!("void {f}(void);\n");
        for f in ctors.iter().chain(&dtors) {
            t.push_str(&decl(f));
        }
        t.push_str(&format!("void {INIT}(void) {{\n"));
        for f in &ctors {
            t.push_str(&format!("{f}();\n"));
        }
        t.push_str("}\n");
        t.push_str(&format!(
            "void {EXIT}(void) {{\n\
             while (__slamrs_atexit_n > 0) {{ __slamrs_atexit_n = __slamrs_atexit_n - 1; __slamrs_atexit_fns[__slamrs_atexit_n](); }}\n"
        ));
        for f in &dtors {
            t.push_str(&format!("{f}();\n"));
        }
        t.push_str("}\n");
    }
    t
}

/// Wires the start-up and exit code into `prog` (entry `main` only): constructors run
/// first in `main`; before `main` returns and before every `exit(n)`, the exit handlers.
pub(crate) fn wire(prog: &mut Program, entry: &str, needs: &Needs) {
    if !needs.lifecycle() || entry != "main" {
        return;
    }
    let (Some(main), Some(init), Some(exit)) = (
        prog.func_by_name("main"),
        prog.func_by_name(INIT),
        prog.func_by_name(EXIT),
    ) else {
        return;
    };
    if prog.func(main).body.is_none() {
        return;
    }
    let call = |f: FuncId| Stmt::Call {
        lhs: None,
        callee: Callee::Direct(f),
        args: Vec::new(),
    };
    let funcs: Vec<FuncId> = prog.func_ids().collect();
    let main_loc = prog.func(main).loc;
    for f in funcs {
        if f == init || f == exit {
            continue;
        }
        let Some(body) = prog.functions[f.0 as usize].body.as_mut() else {
            continue;
        };
        // before each exit(n) (and, in main, each return): the exit handlers
        let mut sites = Vec::new();
        for (n, node) in body.nodes.iter().enumerate() {
            for (k, e) in node.edges.iter().enumerate() {
                let hit = match &e.stmt {
                    Stmt::Halt { code: Some(_) } => true,
                    Stmt::Return(_) => f == main,
                    _ => false,
                };
                if hit {
                    sites.push((n, k));
                }
            }
        }
        for (n, k) in sites {
            let e = body.nodes[n].edges[k].clone();
            let mid = NodeId(body.nodes.len() as u32);
            body.nodes.push(Node {
                edges: vec![e.clone()],
                labels: Vec::new(),
            });
            body.nodes[n].edges[k] = Edge {
                stmt: call(exit),
                loc: e.loc,
                to: mid,
            };
        }
        if f == main {
            // constructors before the first statement
            let old_entry = body.entry;
            let start = NodeId(body.nodes.len() as u32);
            body.nodes.push(Node {
                edges: vec![Edge {
                    stmt: call(init),
                    loc: main_loc,
                    to: old_entry,
                }],
                labels: Vec::new(),
            });
            body.entry = start;
        }
    }
}

/// Pins every choice of the models to `0`: the models then do what the library they
/// stand for does when it makes no unspecified call (`qsort` only sorts, `bsearch` returns
/// the first match). The pinned program has fewer runs than the modelled one, so a
/// violation of it is a violation of the program, and a proof of it proves nothing.
/// Returns how many choices were pinned.
pub fn pin_choices(prog: &mut Program) -> usize {
    let mut sites = Vec::new();
    for f in prog.func_ids() {
        let Some(body) = prog.func(f).body.as_ref() else {
            continue;
        };
        for (n, node) in body.nodes.iter().enumerate() {
            for (k, e) in node.edges.iter().enumerate() {
                if let Stmt::Havoc {
                    lhs,
                    why: HavocKind::Input(name),
                } = &e.stmt
                {
                    if name == CHOICE {
                        let ty = prog.lval_ty(lhs);
                        sites.push((f, n, k, lhs.clone(), ty));
                    }
                }
            }
        }
    }
    let pinned = sites.len();
    for (f, n, k, lhs, ty) in sites {
        let body = prog.functions[f.0 as usize]
            .body
            .as_mut()
            .expect("collected from a body");
        body.nodes[n].edges[k].stmt = Stmt::Assign {
            lhs,
            rhs: Expr {
                kind: ExprKind::Int(0),
                ty,
            },
        };
    }
    pinned
}
