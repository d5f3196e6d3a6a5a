//! Strongly connected components of a directed graph given by successor lists (Tarjan's
//! algorithm, iteratively: deep call chains and long CFGs must not overflow the stack).
//! Shared by the call graph (recursion, bottom-up order) and refinement's loop finder.

/// The components of the graph whose node `v` has successors `succ[v]`, each sorted, in
/// the order Tarjan's algorithm closes them: a component comes after every component it
/// reaches (callees before callers).
pub fn sccs(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const NONE: usize = usize::MAX;
    let n = succ.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut next = 0usize;
    let mut out = Vec::new();
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        // (node, next successor position)
        let mut frames: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut pos)) = frames.last_mut() {
            if let Some(&w) = succ[v].get(*pos) {
                *pos += 1;
                if index[w] == NONE {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    frames.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(u, _)) = frames.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                comp.sort_unstable();
                out.push(comp);
            }
        }
    }
    out
}

/// True if component `comp` (of [`sccs`]) contains a cycle: several nodes, or one node
/// with an edge to itself.
pub fn is_cyclic(succ: &[Vec<usize>], comp: &[usize]) -> bool {
    comp.len() > 1 || comp.first().is_some_and(|&v| succ[v].contains(&v))
}

#[cfg(test)]
mod tests {
    use super::{is_cyclic, sccs};

    #[test]
    fn components_in_reverse_topological_order() {
        // 0 -> 1 -> 2 -> 1, 2 -> 3, 4 -> 4
        let succ = vec![vec![1], vec![2], vec![1, 3], vec![], vec![4]];
        let c = sccs(&succ);
        assert_eq!(c, vec![vec![3], vec![1, 2], vec![0], vec![4]]);
        let cyclic: Vec<bool> = c.iter().map(|k| is_cyclic(&succ, k)).collect();
        assert_eq!(cyclic, [false, true, false, true]);
    }
}
