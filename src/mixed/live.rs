//! Live cells per block (F-Soft §6.2): a cell is live at a block if some path from it
//! reads the cell before writing it. Values of dead cells are projected out of the
//! reachable states at the block, so they neither grow the formulas nor keep the search
//! from converging. Cells outside the cone of influence of every guard are dead everywhere.

use super::ltg::{Ltg, Transition};

/// `live[b][c]`: cell `c` is live at block `b`. With `enabled` off every cell is live
/// everywhere (the paper's `old` configuration).
pub fn live_cells(ltg: &Ltg, enabled: bool) -> Vec<Vec<bool>> {
    let n = ltg.cells.len();
    if !enabled {
        return vec![vec![true; n]; ltg.blocks.len()];
    }
    let words = n.div_ceil(64);
    let set = |cells: &mut dyn Iterator<Item = usize>| {
        let mut s = vec![0u64; words];
        for c in cells {
            s[c / 64] |= 1 << (c % 64);
        }
        s
    };
    let relevant = relevant_cells(ltg);
    let uses: Vec<Vec<u64>> = ltg
        .transitions
        .iter()
        .map(|t| set(&mut reads(t).into_iter().filter(|&c| relevant[c])))
        .collect();
    let defs: Vec<Vec<u64>> = ltg
        .transitions
        .iter()
        .map(|t| {
            set(&mut t
                .data
                .iter()
                .map(|(c, _)| c.0 as usize)
                .chain(t.control.iter().map(|(c, _)| c.0 as usize))
                .chain(t.havoc.iter().map(|(c, _)| c.0 as usize)))
        })
        .collect();
    let mut live = vec![vec![0u64; words]; ltg.blocks.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for (i, t) in ltg.transitions.iter().enumerate().rev() {
            let (from, to) = (t.from.0 as usize, t.to.0 as usize);
            for w in 0..words {
                let add = uses[i][w] | (live[to][w] & !defs[i][w]);
                if add & !live[from][w] != 0 {
                    live[from][w] |= add;
                    changed = true;
                }
            }
        }
    }
    live.iter()
        .map(|s| (0..n).map(|c| s[c / 64] >> (c % 64) & 1 == 1).collect())
        .collect()
}

/// Drops the assignments to cells outside the cone of influence of the guards (they never
/// decide which transitions are enabled); returns how many.
pub fn drop_irrelevant(ltg: &mut Ltg) -> usize {
    let relevant = relevant_cells(ltg);
    let mut dropped = 0;
    for t in &mut ltg.transitions {
        let before = t.data.len();
        t.data.retain(|(c, _)| relevant[c.0 as usize]);
        dropped += before - t.data.len();
    }
    dropped
}

/// The cells that can influence a guard: those guards read, and everything a relevant
/// cell is computed from (the cone of influence). The others never decide which
/// transitions are enabled, so projecting them out everywhere keeps the reachable blocks
/// exact.
pub fn relevant_cells(ltg: &Ltg) -> Vec<bool> {
    let mut relevant = vec![false; ltg.cells.len()];
    for t in &ltg.transitions {
        t.guard.cells(&mut |c| relevant[c.0 as usize] = true);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for t in &ltg.transitions {
            for (c, e) in &t.data {
                if relevant[c.0 as usize] {
                    e.cells(&mut |d| {
                        if !relevant[d.0 as usize] {
                            relevant[d.0 as usize] = true;
                            changed = true;
                        }
                    });
                }
            }
        }
    }
    relevant
}

/// The cells a transition reads.
fn reads(t: &Transition) -> Vec<usize> {
    let mut out = Vec::new();
    t.guard.cells(&mut |c| out.push(c.0 as usize));
    for (_, e) in &t.data {
        e.cells(&mut |c| out.push(c.0 as usize));
    }
    out
}
