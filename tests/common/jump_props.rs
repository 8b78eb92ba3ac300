//! What the jump point tests share (`tests/jump_points.rs` for `JumpPoints`,
//! `tests/block_jump_points.rs` for `BlockJumpPoints`): random grid cases,
//! the move costs each cost type is tried with, a wrapper that hides the
//! parent (so every ray is scanned), and the check of one answer against the
//! reference Dijkstra.

use pathseek::graph::{EdgeSink, Expansion};
use pathseek::jump_points;
use pathseek::{Cell, Cost, Graph, Grid, GridCosts};
use proptest::prelude::*;
use proptest::sample::Index;

use super::Adjacency;

/// A jump point graph with the parent hidden from its expansions: the core
/// then scans all eight rays from every node (a larger graph with the same
/// distances).
pub struct NoPruning<G>(pub G);

impl<G: Graph<Node = Cell>> Graph for NoPruning<G> {
    type Node = Cell;
    type Cost = G::Cost;
    fn successors(&self, node: Cell, edge: impl FnMut(Cell, G::Cost)) {
        self.0.successors(node, edge)
    }
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, G::Cost>) {
        self.0
            .expand(Expansion::new(at.node).with_goal(at.goal), edges)
    }
    fn contains(&self, node: Cell) -> bool {
        self.0.contains(node)
    }
    fn node_count(&self) -> Option<usize> {
        self.0.node_count()
    }
    fn node_index(&self, node: Cell) -> Option<usize> {
        self.0.node_index(node)
    }
    fn node_at(&self, index: usize) -> Option<Cell> {
        self.0.node_at(index)
    }
}

/// A random grid and a few queries (indices into its open cells).
#[derive(Clone, Debug)]
pub struct Case {
    pub width: u32,
    pub height: u32,
    /// Which of [`JpsCost::choices`].
    pub costs: usize,
    pub blocked: Vec<bool>,
    pub queries: Vec<(Index, Index)>,
}

/// Random grids at several obstacle densities: sides up to 28, and with
/// `long_sides` one side up to 150 a quarter of the time (rows of several
/// machine words).
pub fn case(long_sides: bool) -> impl Strategy<Value = Case> {
    let long = if long_sides {
        prop_oneof![3 => 1u32..=28, 1 => 60u32..=150].boxed()
    } else {
        (1u32..=28).boxed()
    };
    (
        long,
        1u32..=28,
        any::<bool>(),
        0usize..16,
        prop_oneof![Just(0.0), Just(0.1), Just(0.2), Just(0.3), Just(0.45)],
    )
        .prop_flat_map(|(long, short, tall, costs, density)| {
            let (width, height) = if tall { (short, long) } else { (long, short) };
            let cells = (width * height) as usize;
            (
                Just((width, height, costs)),
                prop::collection::vec(prop::bool::weighted(density), cells),
                prop::collection::vec((any::<Index>(), any::<Index>()), 1..=4),
            )
        })
        .prop_map(|((width, height, costs), blocked, queries)| Case {
            width,
            height,
            costs,
            blocked,
            queries,
        })
}

/// Move costs a jump point search accepts, per cost type.
pub trait JpsCost: Cost {
    fn choices() -> Vec<GridCosts<Self>>;
    /// Relative tolerance when comparing with Dijkstra's sums (rays multiply).
    fn tolerance() -> f64;
}

impl JpsCost for u32 {
    fn choices() -> Vec<GridCosts<u32>> {
        vec![
            GridCosts::<u32>::exact_octile(),
            GridCosts::new(10, 14),
            GridCosts::new(2, 3),
            GridCosts::new(1, 1),
            GridCosts::new(1, 2),
        ]
    }
    fn tolerance() -> f64 {
        0.0
    }
}

impl JpsCost for pathseek::Length {
    fn choices() -> Vec<GridCosts<pathseek::Length>> {
        let cells = |c: u32| pathseek::Length::from_cells(c).unwrap();
        vec![
            GridCosts::octile(),
            GridCosts::new(cells(1), cells(1)),
            GridCosts::new(cells(2), cells(3)),
        ]
    }
    fn tolerance() -> f64 {
        0.0
    }
}

impl JpsCost for f64 {
    fn choices() -> Vec<GridCosts<f64>> {
        vec![
            GridCosts::float_octile(),
            GridCosts::new(1.0, std::f64::consts::SQRT_2),
            GridCosts::new(1.0, 1.0),
        ]
    }
    fn tolerance() -> f64 {
        1e-12
    }
}

/// The grid of a case, with its cost choice.
pub fn grid_of<C: JpsCost>(case: &Case) -> Grid<C> {
    let choices = C::choices();
    let costs = choices[case.costs % choices.len()];
    let w = case.width;
    Grid::from_fn(w, case.height, pathseek::Connectivity::Eight, costs, |c| {
        !case.blocked[(c.y * w + c.x) as usize]
    })
    .unwrap()
}

/// The cell of dense id `i` on a grid `width` wide.
pub fn cell_of(width: u32, i: usize) -> Cell {
    Cell::new(i as u32 % width, i as u32 / width)
}

/// The shape consecutive jump points of a path may have.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// On one straight or diagonal line (`JumpPoints`).
    Lines,
    /// Diagonal moves then straight ones (`BlockJumpPoints`' stronger
    /// pruning); `fill_path` follows either.
    DiagonalThenStraight,
}

/// Checks one search answer (`found`: its jump points and cost) against
/// Dijkstra's distance `want`: the same cost, consecutive points of the
/// expected shape, and the filled-in path a grid path of that cost.
#[allow(clippy::too_many_arguments)]
pub fn check_answer<C: JpsCost>(
    grid: &Grid<C>,
    adj: &Adjacency<C>,
    what: &str,
    (start, goal): (Cell, Cell),
    found: Option<(Vec<Cell>, C)>,
    want: Option<C>,
    shape: Shape,
) {
    let index = |c: Cell| grid.cell_index(c).unwrap();
    match (found, want) {
        (None, None) => {}
        (Some((points, cost)), Some(want)) => {
            assert!(
                super::close(cost, want, C::tolerance()),
                "{what}: {start:?} -> {goal:?} costs {cost:?}, Dijkstra {want:?}"
            );
            if shape == Shape::Lines {
                for w in points.windows(2) {
                    let (dx, dy) = (w[0].x.abs_diff(w[1].x), w[0].y.abs_diff(w[1].y));
                    assert!(
                        (dx == 0) != (dy == 0) || (dx == dy && dx > 0),
                        "{what}: jump points {:?} -> {:?} are not on one line",
                        w[0],
                        w[1]
                    );
                }
            }
            let cells: Vec<usize> = jump_points::fill_path(&points)
                .into_iter()
                .map(index)
                .collect();
            let sum = super::path_cost(adj, &cells, index(start), index(goal))
                .unwrap_or_else(|e| panic!("{what}: filled path is not a grid path: {e}"));
            assert!(
                super::close(sum, cost, C::tolerance()),
                "{what}: filled path sums to {sum:?}, search says {cost:?}"
            );
        }
        (got, want) => panic!(
            "{what}: {start:?} -> {goal:?} found {:?}, Dijkstra {want:?}",
            got.map(|g| g.1)
        ),
    }
}
