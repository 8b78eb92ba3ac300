//! The grid leaves out the moves an expanded cell's parent has already
//! offered at no greater cost (`src/grid/parent_pruning.rs`). That must change
//! nothing but the work: on random grids (4- and 8-connected, obstacles,
//! terrain, integer, fixed-point and float costs, move costs with the diagonal
//! dearer than two straight steps and cheaper than one), with consistent,
//! inconsistent and inadmissible heuristics, the search on the grid and on a
//! view of it that hides the parent (so nothing is pruned) give the same
//! outcome, path and counters (expanded, pushed, reopened, largest open set,
//! stored) for every pair of a sample, searched through two open sets;
//! and the same holds for the reversed grid.

use crate::common;

use common::Lcg;
use pathseek::graph::{EdgeSink, Expansion};
use pathseek::open_set::{BinaryHeap, DaryHeap};
use pathseek::store::IndexedStore;
use pathseek::{
    AStar, Cell, Connectivity, Cost, DenseIds, Graph, Grid, GridCosts, Length, OpenSet, Query,
};
use proptest::prelude::*;

/// A graph seen without its parents: the same expansion with `parent` dropped.
struct NoParent<'a, G>(&'a G);

impl<G: DenseIds> Graph for NoParent<'_, G> {
    type Node = G::Node;
    type Cost = G::Cost;

    fn successors(&self, node: G::Node, edge: impl FnMut(G::Node, G::Cost)) {
        self.0.successors(node, edge);
    }

    fn expand(&self, at: Expansion<G::Node>, edges: &mut impl EdgeSink<G::Node, G::Cost>) {
        self.0
            .expand(Expansion::new(at.node).with_goal(at.goal), edges);
    }

    fn contains(&self, node: G::Node) -> bool {
        self.0.contains(node)
    }
}

impl<G: DenseIds> DenseIds for NoParent<'_, G> {
    fn node_count(&self) -> usize {
        self.0.node_count()
    }
    fn node_index(&self, node: G::Node) -> Option<usize> {
        self.0.node_index(node)
    }
    fn node_at(&self, index: usize) -> Option<G::Node> {
        self.0.node_at(index)
    }
}

/// How the cases draw their heuristics.
#[derive(Clone, Copy, Debug)]
enum H {
    /// The grid's own.
    Own,
    /// Zero: Dijkstra.
    Zero,
    /// The grid's own times a per-cell factor in `[0, 1]`: admissible,
    /// inconsistent (closed cells reopen).
    Shaken,
    /// The grid's own, doubled: inadmissible.
    Doubled,
}

/// A cost type the property runs on: its move cost choices and weights.
trait PruneCost: Cost {
    fn costs() -> Vec<GridCosts<Self>>;
    fn weight(rng: &mut Lcg) -> Self;
    fn scaled(self, per_mille: u64) -> Self;
}

impl PruneCost for u32 {
    fn costs() -> Vec<GridCosts<u32>> {
        vec![
            GridCosts::<u32>::exact_octile(),
            GridCosts::new(2, 3),
            GridCosts::new(1, 1),
            GridCosts::new(2, 4), // diagonal exactly two straight steps
            GridCosts::new(2, 5), // diagonal dearer than two straight steps
            GridCosts::new(5, 3), // diagonal cheaper than straight
            GridCosts::new(0, 1), // free straight moves
        ]
    }
    fn weight(rng: &mut Lcg) -> u32 {
        rng.range(0, 5) as u32
    }
    fn scaled(self, per_mille: u64) -> u32 {
        (u64::from(self) * per_mille / 1000) as u32
    }
}

impl PruneCost for Length {
    fn costs() -> Vec<GridCosts<Length>> {
        vec![GridCosts::octile()]
    }
    fn weight(rng: &mut Lcg) -> Length {
        Length::from_cells(rng.range(1, 4) as u32).unwrap()
    }
    fn scaled(self, per_mille: u64) -> Length {
        Length::from_units((u64::from(self.units()) * per_mille / 1000) as u32)
    }
}

impl PruneCost for f64 {
    fn costs() -> Vec<GridCosts<f64>> {
        vec![
            GridCosts::float_octile(),
            GridCosts::new(1.0, std::f64::consts::SQRT_2),
            GridCosts::new(0.1, 0.2),
            GridCosts::new(1.0, 2.5),
        ]
    }
    fn weight(rng: &mut Lcg) -> f64 {
        [0.3, 0.5, 1.0, 2.0, 3.7][rng.next(5) as usize]
    }
    fn scaled(self, per_mille: u64) -> f64 {
        self * per_mille as f64 / 1000.0
    }
}

fn random_grid<C: PruneCost>(seed: u64, side: (u32, u32), eight: bool, terrain: bool) -> Grid<C> {
    let mut rng = Lcg(seed);
    let choices = C::costs();
    let costs = choices[rng.next(choices.len() as u64) as usize];
    let connectivity = if eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let density = rng.next(40);
    let mut grid = Grid::new(side.0, side.1, connectivity, costs).unwrap();
    for y in 0..side.1 {
        for x in 0..side.0 {
            let cell = Cell::new(x, y);
            if rng.next(100) < density {
                grid.set_passable(cell, false).unwrap();
            }
            if terrain && rng.next(3) == 0 {
                grid.set_terrain(cell, C::weight(&mut rng)).unwrap();
            }
        }
    }
    grid
}

/// Runs `start -> goal` on `graph` and on its parent-less view with a fresh
/// `O` each, and asserts the same result and counters.
fn same_search<C, G, O>(graph: &G, start: Cell, goal: Cell, h: &dyn Fn(Cell) -> C, what: &str)
where
    C: Cost,
    G: DenseIds<Node = Cell, Cost = C>,
    O: OpenSet<C> + Default,
{
    let mut pruned = AStar::new(O::default(), IndexedStore::new());
    let mut plain = AStar::new(O::default(), IndexedStore::new());
    let a = pruned.search(graph, Query::new(start, goal, h));
    let b = plain.search(&NoParent(graph), Query::new(start, goal, h));
    assert_eq!(
        format!("{:?}", a.outcome),
        format!("{:?}", b.outcome),
        "{what}: {start:?} -> {goal:?}"
    );
    assert_eq!(a.stats, b.stats, "{what}: {start:?} -> {goal:?}");
}

fn check<C: PruneCost>(seed: u64, side: (u32, u32), eight: bool, terrain: bool, h: H) {
    let grid = random_grid::<C>(seed, side, eight, terrain);
    let mut rng = Lcg(seed ^ 0x9E37_79B9_7F4A_7C15);
    let cells: Vec<Cell> = (0..side.1)
        .flat_map(|y| (0..side.0).map(move |x| Cell::new(x, y)))
        .filter(|&c| grid.is_passable(c))
        .collect();
    if cells.is_empty() {
        return;
    }
    let shake: Vec<u64> = (0..side.0 * side.1).map(|_| rng.next(1001)).collect();
    let width = side.0;
    for _ in 0..12 {
        let start = cells[rng.next(cells.len() as u64) as usize];
        let goal = cells[rng.next(cells.len() as u64) as usize];
        let own = grid.heuristic(goal);
        let h: Box<dyn Fn(Cell) -> C> = match h {
            H::Own => Box::new(own),
            H::Zero => Box::new(|_| C::zero()),
            H::Shaken => Box::new(|c: Cell| own(c).scaled(shake[(c.y * width + c.x) as usize])),
            H::Doubled => Box::new(move |c: Cell| own(c).scaled(2000)),
        };
        let what = format!("{grid:?}");
        same_search::<C, _, BinaryHeap<C>>(&grid, start, goal, &h, &what);
        same_search::<C, _, DaryHeap<C, 4>>(&grid, start, goal, &h, &what);
        // Backwards: the goal's view of the same moves.
        same_search::<C, _, BinaryHeap<C>>(&grid.reversed(), goal, start, &|_| C::zero(), &what);
    }
}

fn strategy() -> impl Strategy<Value = (u64, (u32, u32), bool, bool, u8)> {
    (
        any::<u64>(),
        (1u32..14, 1u32..14),
        any::<bool>(),
        any::<bool>(),
        0u8..4,
    )
}

fn heuristic(k: u8) -> H {
    [H::Own, H::Zero, H::Shaken, H::Doubled][usize::from(k)]
}

macro_rules! pruning_changes_nothing {
    ($name:ident, $c:ty) => {
        #[test]
        fn $name() {
            common::run_property(
                stringify!($name),
                regressions_file!("parent_pruning"),
                strategy(),
                |(seed, side, eight, terrain, h)| {
                    check::<$c>(seed, side, eight, terrain, heuristic(h))
                },
            );
        }
    };
}

pruning_changes_nothing!(pruning_changes_nothing_u32, u32);
// `Length` has exact sums as `u32` has: the same rules, in the deep tier.
#[cfg(feature = "deep-tests")]
pruning_changes_nothing!(pruning_changes_nothing_length, Length);
pruning_changes_nothing!(pruning_changes_nothing_f64, f64);

/// The pruning does leave moves out: a search across an open grid looks at
/// fewer edges than the parent-less one (counted by a sink that sees them).
#[test]
fn pruning_leaves_moves_out() {
    struct Count<'a, G>(&'a G, std::cell::Cell<u64>, bool);
    impl<G: Graph> Graph for Count<'_, G> {
        type Node = G::Node;
        type Cost = G::Cost;
        fn successors(&self, node: G::Node, edge: impl FnMut(G::Node, G::Cost)) {
            self.0.successors(node, edge);
        }
        fn expand(&self, at: Expansion<G::Node>, edges: &mut impl EdgeSink<G::Node, G::Cost>) {
            let at = if self.2 { at } else { Expansion::new(at.node) };
            let mut n = 0;
            self.0.expand(at, &mut |m, c| {
                n += 1;
                edges.edge(m, c);
            });
            self.1.set(self.1.get() + n);
        }
    }
    let grid = Grid::new(40, 40, Connectivity::Eight, GridCosts::octile()).unwrap();
    let (start, goal) = (Cell::new(1, 3), Cell::new(37, 30));
    let mut edges = [0; 2];
    for (k, keep_parent) in [true, false].into_iter().enumerate() {
        let view = Count(&grid, std::cell::Cell::new(0), keep_parent);
        let found = pathseek::astar(&view, start, goal, grid.heuristic(goal));
        assert_eq!(found.found().unwrap().cost, grid.heuristic(goal)(start));
        edges[k] = view.1.get();
    }
    assert!(
        edges[0] * 10 < edges[1] * 7,
        "pruned {} edges, plain {}",
        edges[0],
        edges[1]
    );
}
