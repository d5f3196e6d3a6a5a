//! Indentation of trace steps by call depth. It is bounded: a trace through deep recursion
//! (a Bebop trace of the T(N) template goes N calls deep) would otherwise print a number of
//! spaces proportional to the depth on every line, quadratic output. Beyond
//! [`MAX_INDENT`] levels the depth is written as a number instead.

/// Deepest call level shown by indentation alone.
pub const MAX_INDENT: u32 = 24;

/// `unit` repeated `depth` times, or, from [`MAX_INDENT`] levels on, repeated
/// [`MAX_INDENT`] times followed by `[depth N] `.
pub fn by_depth(depth: u32, unit: &str) -> String {
    if depth <= MAX_INDENT {
        unit.repeat(depth as usize)
    } else {
        format!("{}[depth {depth}] ", unit.repeat(MAX_INDENT as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::{by_depth, MAX_INDENT};

    #[test]
    fn shallow_depths_indent_and_deep_ones_are_numbered() {
        assert_eq!(by_depth(0, "  "), "");
        assert_eq!(by_depth(3, "  "), "      ");
        assert_eq!(by_depth(MAX_INDENT, "  ").len(), 2 * MAX_INDENT as usize);
        let deep = by_depth(12_800, "  ");
        assert_eq!(deep.len(), 2 * MAX_INDENT as usize + "[depth 12800] ".len());
        assert!(deep.ends_with("[depth 12800] "));
    }
}
