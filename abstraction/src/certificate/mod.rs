//! Certificates of correctness: the invariants a SAFE verdict rests on, as C expressions,
//! and the check that such invariants prove the program correct.
//!
//! A [`Certificate`] holds loop invariants (at the heads of the program's loops) and
//! function contracts (`requires` at a function's entry, `ensures` at its return, with
//! ACSL's `\result` and `\old(x)`). [`extract`] reads one off the final abstraction of a
//! CEGAR run: the reachable predicate valuations Bebop computed at each loop head and
//! function entry, and each procedure's summary, projected to the predicates C can state.
//! [`check`] decides whether a set of such claims, from slamrs or any other tool, proves
//! that no error location is reachable: every claim must be inductive, which Z3 decides
//! one loop-free segment at a time, calls replaced by their callee's contract.
//!
//! The text of a claim is parsed in its function's scope by the predicate-file parser
//! ([`crate::c2bp::parse_expr`]); [`ctext`] prints CIR expressions back in that syntax, and
//! the extraction keeps only predicates whose text parses back.

pub mod check;
pub mod ctext;
pub mod extract;
pub mod simplify;

use crate::cir::{Body, FuncId, Loc, NodeId, Program};

/// Where a claim is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Site {
    /// At a loop head (before its condition is evaluated), each time it is reached.
    Loop(NodeId),
    /// At the function's entry, for every call (the precondition).
    Requires,
    /// At every return of the function, about the value returned, the entry values and
    /// the state left behind (the postcondition).
    Ensures,
}

/// One claim about a function, as text in its scope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub func: FuncId,
    pub site: Site,
    /// A C expression (with `\result` and `\old(x)` in an `ensures`).
    pub text: String,
    /// Where the claim is located in the source: the loop's first line (and the column of
    /// its `while`/`for`/`do` keyword when found on that line), or the function's
    /// definition.
    pub loc: Loc,
}

/// The claims a proof rests on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Certificate {
    pub claims: Vec<Claim>,
}

/// The loop heads of a function body: the targets of the back edges of a depth-first
/// search from the entry, in node order. Every cycle of the control-flow graph passes
/// through one.
pub fn loop_heads(body: &Body) -> Vec<NodeId> {
    let n = body.nodes.len();
    // 0 unseen, 1 on the stack, 2 done
    let mut state = vec![0u8; n];
    let mut heads = vec![false; n];
    let mut stack: Vec<(NodeId, usize)> = Vec::new();
    if (body.entry.0 as usize) < n {
        state[body.entry.0 as usize] = 1;
        stack.push((body.entry, 0));
    }
    while let Some((node, i)) = stack.last_mut() {
        let edges = &body.nodes[node.0 as usize].edges;
        if *i < edges.len() {
            let to = edges[*i].to;
            *i += 1;
            match state.get(to.0 as usize) {
                Some(0) => {
                    state[to.0 as usize] = 1;
                    stack.push((to, 0));
                }
                Some(1) => heads[to.0 as usize] = true,
                _ => {}
            }
        } else {
            state[node.0 as usize] = 2;
            stack.pop();
        }
    }
    (0..n as u32)
        .map(NodeId)
        .filter(|k| heads[k.0 as usize])
        .collect()
}

/// The source location of a loop head: the line of its first edge, with the column of a
/// loop keyword on that line when there is one (witness formats locate a loop invariant at
/// the loop's keyword).
pub fn loop_loc(
    prog: &Program,
    f: FuncId,
    head: NodeId,
    source: &dyn Fn(Loc) -> Option<String>,
) -> Loc {
    let Some(body) = &prog.func(f).body else {
        return prog.func(f).loc;
    };
    let Some(edge) = body.node(head).edges.first() else {
        return prog.func(f).loc;
    };
    let loc = edge.loc;
    let Some(line) = source(loc) else { return loc };
    let upto = (loc.col as usize).saturating_sub(1).min(line.len());
    let found = ["while", "for", "do"]
        .iter()
        .filter_map(|kw| keyword_at(&line[..upto], kw))
        .max();
    match found {
        Some(col) => Loc {
            col: col as u32 + 1,
            ..loc
        },
        None => loc,
    }
}

/// The byte offset of the last whole-word occurrence of `kw` in `text`.
fn keyword_at(text: &str, kw: &str) -> Option<usize> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    text.match_indices(kw)
        .map(|(i, _)| i)
        .filter(|&i| (i == 0 || !word(b[i - 1])) && b.get(i + kw.len()).is_none_or(|&c| !word(c)))
        .last()
}

/// The loop head a claim at `line` of function `f` means: the one whose first edge is on
/// that line (the leftmost at or after `column` when several are).
pub fn loop_at(prog: &Program, f: FuncId, line: u32, column: Option<u32>) -> Option<NodeId> {
    let body = prog.func(f).body.as_ref()?;
    leftmost_at(body, loop_heads(body), line, column)
}

/// The program point of `f` a claim at `line` means: the node whose first edge is the
/// leftmost on the line (at or after `column`, when one is).
pub fn point_at(prog: &Program, f: FuncId, line: u32, column: Option<u32>) -> Option<NodeId> {
    let body = prog.func(f).body.as_ref()?;
    leftmost_at(body, (0..body.nodes.len() as u32).map(NodeId), line, column)
}

/// Among `nodes`, the one whose first edge is on `line`, leftmost at or after `column`
/// (else leftmost).
fn leftmost_at(
    body: &Body,
    nodes: impl IntoIterator<Item = NodeId>,
    line: u32,
    column: Option<u32>,
) -> Option<NodeId> {
    let mut on_line: Vec<(u32, NodeId)> = nodes
        .into_iter()
        .filter_map(|n| {
            let e = body.node(n).edges.first()?;
            (e.loc.line == line).then_some((e.loc.col, n))
        })
        .collect();
    on_line.sort();
    let c = column.unwrap_or(0);
    on_line
        .iter()
        .find(|(col, _)| *col >= c)
        .or(on_line.first())
        .map(|x| x.1)
}

#[cfg(test)]
mod tests;
