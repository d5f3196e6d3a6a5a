//! Live cells per block (F-Soft §6.2): a cell is live at a block if some path from it
//! reads the cell before writing it. Values of dead cells are projected out of the
//! reachable states at the block, so they neither grow the formulas nor keep the search
//! from converging.

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
    let uses: Vec<Vec<u64>> = ltg
        .transitions
        .iter()
        .map(|t| set(&mut reads(t).into_iter()))
        .collect();
    let defs: Vec<Vec<u64>> = ltg
        .transitions
        .iter()
        .map(|t| {
            set(&mut t
                .data
                .iter()
                .map(|(c, _)| c.0 as usize)
                .chain(t.control.iter().map(|(c, _)| c.0 as usize)))
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

/// The cells a transition reads.
fn reads(t: &Transition) -> Vec<usize> {
    let mut out = Vec::new();
    t.guard.cells(&mut |c| out.push(c.0 as usize));
    for (_, e) in &t.data {
        e.cells(&mut |c| out.push(c.0 as usize));
    }
    out
}
