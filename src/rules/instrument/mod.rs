//! Instrumentation: makes the `Error` edges of a CIR program exactly the violations of a
//! [`Spec`](super::Spec), and proposes initial predicates for CEGAR.

mod emit;
mod errors;
mod events;
pub use events::redirect_calls;
mod fold;
mod nesting;
mod rewrite;
mod seed;

use rustc_hash::FxHashMap as HashMap;

use slamrs_abstraction::c2bp::PredicateSet;
use slamrs_abstraction::cir::{verify, FileId, FuncId, Init, Loc, Lval, Program, VarKind};

use super::ast::Rule;
use super::property::VERIFIER_ERROR;
use super::{RuleError, Spec};
use emit::{int_const, new_var, Output, RuleCtx};

/// The result of [`instrument`].
#[derive(Clone, Debug, Default)]
pub struct Instrumented {
    /// Every `Error` edge of the instrumented program but the `giveup`s' ([`Self::bounds`]),
    /// by its `Loc`, with a message: the
    /// rule's abort message (the `Loc` points into the rule text), "`reach_error` is called"
    /// for error-function calls, or a generic message for the program's own assertions.
    pub aborts: Vec<(Loc, String)>,
    /// The `Error` edges of the rule's `giveup` statements, by their `Loc` (in the rule
    /// text), with the statement's message. They are not violations: a counterexample that
    /// ends at one makes the answer UNKNOWN (`rule-bound`), never a violation, and the
    /// engines never drop it, so that it never makes a proof either.
    pub bounds: Vec<(Loc, String)>,
    /// Initial predicates for CEGAR: every atomic condition of the rule (comparisons over
    /// its state variables are global; those over `$1`… or `$return` belong to the
    /// function the handler was put in).
    pub predicates: PredicateSet,
    /// The rule text's entry in `Program::files` (rule specs only).
    pub rule_file: Option<FileId>,
    /// The program's functions whose events the rule observes (`$entry` not included).
    pub observed: Vec<String>,
    /// Functions the instrumentation created: wrappers of external functions (`slic_F`)
    /// and the uninstrumented copy of a recursive entry function (`slic_F_rec`).
    pub synthetic: Vec<FuncId>,
}

/// Instruments `prog` for `spec`; `entry` is the entry function (it must exist with a
/// body). The result passes the CIR verifier (a failure is reported as an internal error).
///
/// After instrumentation an `Error` edge is exactly a violation:
/// - [`Spec::Assertions`]: the program's error locations, plus every direct call of
///   `reach_error` / `__VERIFIER_error` even when the program defines them;
/// - [`Spec::Property`]: calls of the property's error functions only (other error
///   locations, such as failing `assert`s, end the path);
/// - [`Spec::Rule`]: the rule's aborts only — and its `giveup`s, whose `Error` edges are
///   listed apart ([`Instrumented::bounds`]): reaching one is UNKNOWN, not a violation.
pub fn instrument(prog: &mut Program, spec: &Spec, entry: &str) -> Result<Instrumented, RuleError> {
    instrument_units(prog, spec, entry, &[])
}

/// [`instrument`] for a program whose entry is a driver's harness: the rule's `$entry`
/// events happen at each of `units` (the harness's calls of the driver's entry points)
/// instead of at `entry`.
pub fn instrument_units(
    prog: &mut Program,
    spec: &Spec,
    entry: &str,
    units: &[String],
) -> Result<Instrumented, RuleError> {
    let program_file = prog
        .files
        .first()
        .cloned()
        .unwrap_or_else(|| "<program>".to_string());
    match prog.func_by_name(entry) {
        Some(f) if prog.func(f).body.is_some() => {}
        Some(_) => {
            return Err(RuleError::whole(
                &program_file,
                format!("the entry function `{entry}` is declared but not defined"),
            ))
        }
        None => {
            return Err(RuleError::whole(
                &program_file,
                format!("the entry function `{entry}` is not defined in the program"),
            ))
        }
    }
    let mut out = Output::default();
    let mut result = Instrumented::default();
    match spec {
        Spec::Assertions => {
            let names = vec!["reach_error".to_string(), VERIFIER_ERROR.to_string()];
            errors::error_calls(prog, &names, &mut out);
            errors::record_assertions(prog, &mut out);
        }
        Spec::Property(p) => {
            let mut names = p.error_functions.clone();
            if !names.iter().any(|n| n == VERIFIER_ERROR) {
                names.push(VERIFIER_ERROR.to_string());
            }
            errors::narrow_to_property(prog, &names, &mut out)?;
            errors::error_calls(prog, &names, &mut out);
        }
        Spec::Rule(rule) => {
            errors::halt_errors(prog);
            instrument_rule(prog, rule, entry, units, &mut out, &mut result)?;
        }
    }
    // the environment model's bounds, under every spec (reaching one is UNKNOWN)
    let bounds: Vec<&str> = slamrs_abstraction::harness::MODEL_BOUNDS
        .iter()
        .map(|(n, _)| *n)
        .collect();
    errors::error_bodies(prog, &bounds, &mut out);
    // what unknown functions write through their output parameters, made explicit once the
    // observed functions have their wrappers: inside a wrapper the writes come after the
    // entry handlers and before the result, as in native replay's wrapper and stub
    slamrs_abstraction::frontend::havoc_outputs(prog);
    let problems = verify::verify(prog);
    if let Some(first) = problems.first() {
        let file = match spec {
            Spec::Rule(r) => r.file.clone(),
            _ => program_file,
        };
        return Err(RuleError::whole(
            &file,
            format!(
                "internal error: the instrumented program breaks a CIR invariant ({} problem{}; first: {first})",
                problems.len(),
                if problems.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    let at_calls = seed::at_call_sites(prog, &out.preds);
    let mut preds = PredicateSet::default();
    for (f, e) in out.preds.into_iter().chain(at_calls) {
        preds.add(prog, Some(f), e);
    }
    result.aborts = out.aborts;
    result.bounds = out.bounds;
    result.predicates = preds;
    Ok(result)
}

/// Registers the rule's file, creates its state variables and attaches its handlers.
fn instrument_rule(
    prog: &mut Program,
    rule: &Rule,
    entry: &str,
    units: &[String],
    out: &mut Output,
    result: &mut Instrumented,
) -> Result<(), RuleError> {
    let file_id = FileId(prog.files.len() as u32);
    prog.system_files.resize(prog.files.len(), false);
    prog.files.push(rule.file.clone());
    prog.system_files.push(false);
    result.rule_file = Some(file_id);
    let mut ctx = RuleCtx {
        file: rule.file.clone(),
        file_id,
        state: Vec::new(),
    };
    ctx.state = state_variables(prog, rule, &ctx);
    let simplified = fold::simplify(rule, prog);
    let (named, entry_hooks) = events::plan(&simplified, prog, &ctx)?;
    let separated = nesting::separate_inner_calls(prog, &named.keys().copied().collect());
    result.synthetic.extend(&separated.copies);
    let mut redirects = HashMap::default();
    for (&f, hooks) in &named {
        result.observed.push(prog.func(f).name.clone());
        if prog.func(f).body.is_some() {
            events::splice(prog, f, hooks, &ctx, out)?;
        } else {
            let (w, addr) = events::wrap(prog, f, hooks, &ctx, out)?;
            result.synthetic.push(w);
            redirects.insert(f, (w, addr));
        }
    }
    let mut skip = result.synthetic.clone();
    skip.extend(&separated.inside);
    events::redirect(prog, &redirects, &skip);
    if let Some(hooks) = entry_hooks.as_ref().filter(|_| !units.is_empty()) {
        // a driver: each harness unit is an entry point's call; only the harness calls them
        for u in units {
            let Some(e) = prog.func_by_name(u) else {
                return Err(ctx.err(hooks.pos, format!("internal error: no harness unit `{u}`")));
            };
            events::splice(prog, e, hooks, &ctx, out)?;
        }
        return Ok(());
    }
    if let Some(hooks) = entry_hooks {
        let Some(e) = prog.func_by_name(entry) else {
            return Err(ctx.err(hooks.pos, "internal error: the entry function vanished"));
        };
        if events::referenced(prog, e) {
            let copy = events::clone_function(prog, e);
            let addr = events::address_of(prog, copy);
            let map: HashMap<_, _> = [(e, (copy, addr))].into_iter().collect();
            events::redirect(prog, &map, &[]);
            result.synthetic.push(copy);
        }
        events::splice(prog, e, &hooks, &ctx, out)?;
    }
    Ok(())
}

/// The rule's state variables: static globals `slic_NAME` with their initializers.
fn state_variables(
    prog: &mut Program,
    rule: &Rule,
    ctx: &RuleCtx,
) -> Vec<slamrs_abstraction::cir::VarId> {
    let int = prog.types.int();
    let mut state = Vec::new();
    for s in &rule.state {
        let mut name = format!("slic_{}", s.name);
        while prog
            .vars
            .iter()
            .any(|v| v.is_static_storage() && v.name == name)
        {
            name.push('_');
        }
        let loc = ctx.loc(s.pos);
        let ty = if s.pointer {
            let void = prog.types.void();
            prog.types.pointer(void)
        } else {
            int
        };
        let v = new_var(prog, &name, ty, VarKind::Global { is_static: true }, loc);
        let rhs = if s.pointer {
            slamrs_abstraction::cir::Expr {
                kind: slamrs_abstraction::cir::ExprKind::Int(0),
                ty,
            }
        } else {
            int_const(prog, s.init)
        };
        prog.inits.push(Init {
            lhs: Lval::Var(v),
            rhs,
            loc,
        });
        state.push(v);
    }
    state
}
