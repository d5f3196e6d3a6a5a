//! Events do not nest: a call of an observed function that the body of another observed
//! function makes is part of the outer event, not an event of its own.
//!
//! A rule names an API at every spelling a program may use, and the spellings call each
//! other: with the kernel's headers, `spin_lock` is an inline function whose body calls
//! `_raw_spin_lock`, while `raw_spin_lock` is a macro that calls `_raw_spin_lock` straight
//! from the driver. A rule observing both `spin_lock` and `_raw_spin_lock` (so that either
//! spelling counts once) would see one `spin_lock` call as two acquisitions. So, before the
//! handlers are attached, the calls of observed functions made *inside* an observed
//! function of the library go to versions without handlers:
//! - the functions *inside* are the observed functions whose body a system header defines
//!   (the API's implementation, as `-isystem` headers and `# … 3` line markers say), and
//!   every function of a system header that only they call (directly or through other such
//!   helpers; a function whose address is taken is never inside, as its callers are not
//!   known);
//! - an inside call of an observed function without a body keeps calling it (the caller is
//!   left out of the redirection to its wrapper, [`super::events::redirect`]);
//! - an inside call of an observed function with a body goes to an uninstrumented copy of
//!   it (which is inside too).
//!
//! A call from the program's own code is always an event, also when the caller is itself
//! observed (a rule on the program's `main`, recursion) or when it happens while an event
//! runs (a callback the API function calls): only the static nesting of library bodies is
//! read, never the dynamic one.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::BTreeSet;

use slamrs_abstraction::cir::{Callee, Expr, ExprKind, FuncId, Program, Stmt};

use super::events;
use super::rewrite::{self, Redirect, Visitor};

/// What [`separate_inner_calls`] did.
pub struct Separated {
    /// The functions whose calls are inside: the redirection to wrappers skips them.
    pub inside: Vec<FuncId>,
    /// The uninstrumented copies it made.
    pub copies: Vec<FuncId>,
}

/// Separates the inside calls of `observed` (the functions the rule names): walks the
/// library code the observed library functions call, marking it inside, and gives the
/// inside calls a copy of each callee that is observed or that the program also reaches
/// by other ways.
pub fn separate_inner_calls(prog: &mut Program, observed: &BTreeSet<FuncId>) -> Separated {
    let escaped = address_taken(prog);
    let callers = direct_callers(prog);
    let library = |prog: &Program, f: FuncId| {
        let func = prog.func(f);
        func.body.is_some() && prog.in_system_header(func.loc)
    };
    let mut inside: BTreeSet<FuncId> = observed
        .iter()
        .copied()
        .filter(|&f| library(prog, f))
        .collect();
    let mut copy_of: HashMap<FuncId, FuncId> = HashMap::default();
    let mut work: Vec<FuncId> = inside.iter().copied().collect();
    while let Some(f) = work.pop() {
        for g in direct_callees(prog, f) {
            if copy_of.contains_key(&g) || prog.func(g).body.is_none() {
                continue;
            }
            let copy = if observed.contains(&g) {
                // it keeps its handlers for the program's calls (and may be a model of
                // the environment's, outside the headers)
                true
            } else if !library(prog, g) || inside.contains(&g) {
                continue;
            } else {
                // the program reaches it by other ways too
                escaped.contains(&g) || !only_called_from(&callers, g, &inside)
            };
            let g = if copy {
                let c = events::clone_function(prog, g);
                copy_of.insert(g, c);
                c
            } else {
                g
            };
            inside.insert(g);
            work.push(g);
        }
    }
    let inside: Vec<FuncId> = inside.into_iter().collect();
    let copies: Vec<FuncId> = copy_of.values().copied().collect();
    if !copy_of.is_empty() {
        let map: HashMap<FuncId, (FuncId, Expr)> = copy_of
            .iter()
            .map(|(&g, &copy)| (g, (copy, events::address_of(prog, copy))))
            .collect();
        rewrite::program(
            prog,
            Some(&inside),
            false,
            &mut CallsOnly(Redirect { map: &map }),
        );
    }
    Separated { inside, copies }
}

/// Whether every direct call of `g` is made by one of `from` (and there is one).
fn only_called_from(
    callers: &HashMap<FuncId, HashSet<FuncId>>,
    g: FuncId,
    from: &BTreeSet<FuncId>,
) -> bool {
    callers
        .get(&g)
        .is_some_and(|cs| cs.iter().all(|c| from.contains(c)))
}

/// For each function called directly, the functions calling it.
fn direct_callers(prog: &Program) -> HashMap<FuncId, HashSet<FuncId>> {
    let mut map: HashMap<FuncId, HashSet<FuncId>> = HashMap::default();
    for f in prog.func_ids() {
        for g in direct_callees(prog, f) {
            map.entry(g).or_default().insert(f);
        }
    }
    map
}

fn direct_callees(prog: &Program, f: FuncId) -> Vec<FuncId> {
    let Some(body) = prog.func(f).body.as_ref() else {
        return Vec::new();
    };
    body.nodes
        .iter()
        .flat_map(|n| &n.edges)
        .filter_map(|e| match &e.stmt {
            Stmt::Call {
                callee: Callee::Direct(g),
                ..
            } => Some(*g),
            _ => None,
        })
        .collect()
}

/// Functions whose address some code or initializer takes.
fn address_taken(prog: &mut Program) -> HashSet<FuncId> {
    struct Addresses(HashSet<FuncId>);
    impl Visitor for Addresses {
        fn expr(&mut self, e: &mut Expr) {
            if let ExprKind::Func(f) = e.kind {
                self.0.insert(f);
            }
        }
    }
    let mut a = Addresses(HashSet::default());
    rewrite::program(prog, None, true, &mut a);
    a.0
}

/// A [`Redirect`] of direct calls only: an address taken inside still names the function
/// with its handlers (a callback registered there is the program's business).
struct CallsOnly<'a>(Redirect<'a>);

impl Visitor for CallsOnly<'_> {
    fn callee(&mut self, f: &mut FuncId) {
        self.0.callee(f);
    }
}
