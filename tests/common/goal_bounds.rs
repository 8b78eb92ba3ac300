//! What the goal-bounding tests share (`tests/maps/goal_bounds.rs`): the
//! reference table, from all-pairs distances of the reference Dijkstra
//! (never the library's core), and the comparison of a built table with it.

use pathseek::jump_points::GoalBounds;
use pathseek::{Cell, Cost, Grid};

use super::{adjacency, close, dijkstra};

/// The moves in the library's order: north, east, south, west, then
/// north-east, south-east, south-west, north-west.
pub const MOVES: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// Per cell (row-major) and move of [`MOVES`]: the least and greatest
/// corner of the box of the goals `t` for which the move, then a shortest
/// path, is a shortest path to `t` (sums within `rel` of each other count
/// as equal; `0.0`: exactly); `None` when there is none.
pub type Boxes = Vec<[Option<(Cell, Cell)>; 8]>;

/// The reference table of `grid` (every move, every goal, every tie).
pub fn reference_boxes<C: Cost>(grid: &Grid<C>, rel: f64) -> Boxes {
    let adj = adjacency(grid);
    let n = adj.len();
    let w = grid.width() as usize;
    let cell = |i: usize| Cell::new((i % w) as u32, (i / w) as u32);
    let dist: Vec<Vec<Option<C>>> = (0..n)
        .map(|s| {
            if grid.is_passable(cell(s)) {
                dijkstra(&adj, s)
            } else {
                Vec::new()
            }
        })
        .collect();
    let mut out: Boxes = vec![[None; 8]; n];
    for s in 0..n {
        for &(v, c) in &adj[s] {
            let (a, b) = (cell(s), cell(v));
            let step = (b.x as i32 - a.x as i32, b.y as i32 - a.y as i32);
            let d = MOVES.iter().position(|&m| m == step).expect("a move");
            for t in (0..n).filter(|&t| t != s) {
                let (Some(st), Some(vt)) = (dist[s][t], dist[v][t]) else {
                    continue;
                };
                if close(c + vt, st, rel) {
                    let g = cell(t);
                    let b = out[s][d].get_or_insert((g, g));
                    b.0 = Cell::new(b.0.x.min(g.x), b.0.y.min(g.y));
                    b.1 = Cell::new(b.1.x.max(g.x), b.1.y.max(g.y));
                }
            }
        }
    }
    out
}

/// `inner` fits in `outer` (a missing box fits anywhere).
pub fn fits(inner: Option<(Cell, Cell)>, outer: Option<(Cell, Cell)>) -> bool {
    match (inner, outer) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some((a, b)), Some((c, d))) => c.x <= a.x && c.y <= a.y && b.x <= d.x && b.y <= d.y,
    }
}

/// Checks `bounds` (built for `grid`) against the reference: equal to the
/// reference with exact ties when `exact`; otherwise holding the exact
/// reference and held by the reference with ties within `1e-6`.
pub fn check_against_reference<C: Cost>(grid: &Grid<C>, bounds: &GoalBounds, exact: bool) {
    let w = grid.width() as usize;
    let low = reference_boxes(grid, 0.0);
    let high = if exact {
        low.clone()
    } else {
        reference_boxes(grid, 1e-6)
    };
    for (i, (lo, hi)) in low.iter().zip(&high).enumerate() {
        let cell = Cell::new((i % w) as u32, (i / w) as u32);
        for (d, &(dx, dy)) in MOVES.iter().enumerate() {
            let got = bounds.bounding_box(cell, dx, dy);
            if exact {
                assert_eq!(
                    got, lo[d],
                    "{cell:?} move {d}: box differs from the reference"
                );
            } else {
                assert!(
                    fits(lo[d], got),
                    "{cell:?} move {d}: {got:?} misses goals of {:?}",
                    lo[d]
                );
                assert!(
                    fits(got, hi[d]),
                    "{cell:?} move {d}: {got:?} larger than {:?}",
                    hi[d]
                );
            }
        }
    }
}
