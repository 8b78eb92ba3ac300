//! What every fuzz target checks of a loader's answer, whatever it is.

use pathseek::io::LoadError;
use pathseek::StaticGraph;

/// Lines in `data` as the loaders count them (a last line without its
/// newline counts).
pub fn line_count(data: &[u8]) -> usize {
    let newlines = data.iter().filter(|&&b| b == b'\n').count();
    newlines + usize::from(!data.is_empty() && !data.ends_with(b"\n"))
}

/// An error names a line of the input or the one after it, and says
/// something.
pub fn check_error(data: &[u8], e: &LoadError) {
    if let Some(line) = e.line() {
        let lines = line_count(data);
        assert!(
            (1..=lines + 1).contains(&line),
            "line {line} of {lines}: {e}"
        );
    }
    assert!(!e.to_string().is_empty());
}

/// A graph agrees with its own accessors: the degrees add up to the edge
/// count, every target is a node, every cost is valid; and its size is in
/// proportion to the input (`.gr` headers may add 65,536 isolated nodes).
pub fn check_graph(data: &[u8], g: &StaticGraph<u32>) {
    use pathseek::Cost;
    let n = g.len();
    let mut edges = 0usize;
    for v in 0..n as u32 {
        let mut degree = 0;
        for (to, cost) in g.edges(v) {
            assert!((to as usize) < n, "edge {v} -> {to} of {n} nodes");
            assert!(cost.is_valid());
            degree += 1;
        }
        assert_eq!(degree, g.degree(v));
        edges += degree;
    }
    assert_eq!(edges, g.edge_count());
    assert!(
        n <= data.len() + (1 << 16),
        "{n} nodes from {} bytes",
        data.len()
    );
    assert!(
        edges <= data.len(),
        "{edges} edges from {} bytes",
        data.len()
    );
}

/// The grid the `goal_bounds` target reads every input for (and
/// `tests/io/fuzz_regressions.rs` its kept inputs): 9 x 6, exact-ratio costs
/// 2 / 3, a wall open at the bottom and one more blocked cell.
pub fn goal_bounds_grid() -> pathseek::Grid<u32> {
    use pathseek::{Cell, Connectivity, Grid, GridCosts};
    Grid::from_fn(9, 6, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        !(c.x == 4 && c.y < 4) && c != Cell::new(1, 4)
    })
    .expect("a valid size")
}
