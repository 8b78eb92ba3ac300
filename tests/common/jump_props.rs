//! What the jump point tests share (`tests/maps/jump_points.rs` for `JumpPoints`,
//! `tests/maps/block_jump_points.rs` for `BlockJumpPoints`,
//! `tests/maps/precomputed_jumps.rs` for `PrecomputedJumps`):
//! - random grid cases ([`Case`], [`case`], [`grid_of`], [`cell_of`]) and the
//!   move costs each cost type is tried with ([`JpsCost`]);
//! - a wrapper that hides the parent, so every ray is scanned ([`NoPruning`]);
//! - the check of one answer against the reference Dijkstra ([`check_answer`])
//!   and of every query of a case, by several engines ([`check_queries`]);
//! - the MovingAI scenarios of a map in tests/data ([`MapCase`]);
//! - the edges of the contract every jump point graph keeps: refused grids
//!   ([`check_refusals`]), blocked or outside ends ([`check_blocked_ends`]),
//!   start at the goal and a walled-off goal ([`check_start_is_goal_and_walled_off`]),
//!   one graph for every goal and a goal predicate ([`check_every_goal`]).
//!
//! The helpers take the graph under test already built on the grid they
//! check it with (the graphs may borrow the grid, so a helper cannot build the
//! grid and then call a graph-building closure on it); where a helper makes
//! the grid itself, it hands it out first ([`blocked_ends_grid`],
//! [`MapCase::load`]) or takes a closure that builds the graph and searches.

use pathseek::graph::{EdgeSink, Expansion};
use pathseek::grid::EXACT_OCTILE_SCALE;
use pathseek::io::movingai::Scenario;
use pathseek::jump_points::{self, JumpPointsError};
use pathseek::open_set::{BinaryHeap, DaryHeap};
use pathseek::store::IndexedStore;
use pathseek::{
    AStar, Cell, Connectivity, Cost, DenseIds, Graph, Grid, GridCosts, Query, SearchError,
    SearchResult,
};
use proptest::prelude::*;
use proptest::sample::Index;

use super::Adjacency;

/// A jump point graph with the parent hidden from its expansions: the core
/// then scans all eight rays from every node (a larger graph with the same
/// distances).
pub struct NoPruning<G>(pub G);

impl<G: DenseIds<Node = Cell>> Graph for NoPruning<G> {
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
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Cell, Cost = G::Cost>> {
        Some(self)
    }
}

impl<G: DenseIds<Node = Cell>> DenseIds for NoPruning<G> {
    fn node_count(&self) -> usize {
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
    case_up_to(28, long_sides)
}

/// [`case`] with sides up to `max` (the long side too, when `long_sides`
/// is false): smaller grids for the structures whose build is quadratic.
pub fn case_up_to(max: u32, long_sides: bool) -> impl Strategy<Value = Case> {
    let long = if long_sides {
        prop_oneof![3 => 1u32..=max, 1 => 60u32..=150].boxed()
    } else {
        (1u32..=max).boxed()
    };
    (
        long,
        1u32..=max,
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
    /// The open set of the reused engines for this cost type: the one the
    /// one-shot search picks for it, so a test's engine and its
    /// `pathseek::astar` calls share one compiled search.
    type Open: pathseek::OpenSet<Self> + Default;
    fn choices() -> Vec<GridCosts<Self>>;
    /// Relative tolerance when comparing with Dijkstra's sums (rays multiply).
    fn tolerance() -> f64;
}

impl JpsCost for u32 {
    type Open = DaryHeap<u32, 4>;
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
    type Open = DaryHeap<pathseek::Length, 4>;
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
    type Open = BinaryHeap<f64>;
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
            // The family's own check of a jump point path agrees.
            let checked = jump_points::path_cost(grid, &points)
                .unwrap_or_else(|| panic!("{what}: jump_points::path_cost refuses {points:?}"));
            assert!(
                super::close(checked, cost, C::tolerance()),
                "{what}: jump_points::path_cost {checked:?}, search says {cost:?}"
            );
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

/// Checks `graph`, a jump point graph of `grid` (the grid of `case`, from
/// [`grid_of`]), on every query of `case` against the reference Dijkstra over
/// the grid ([`check_answer`], jump points of shape `shape`): searched by
/// `pathseek::astar`, by a reused `DaryHeap<4>` engine, by an engine with a
/// `HashStore`, and with the parent hidden ([`NoPruning`], by the reused
/// engine). Then
/// `also(start, goal)` runs the checks of the query that are the graph's own.
pub fn check_queries<C, G>(
    case: &Case,
    grid: &Grid<C>,
    graph: &G,
    shape: Shape,
    mut also: impl FnMut(Cell, Cell),
) where
    C: JpsCost,
    G: DenseIds<Node = Cell, Cost = C>,
{
    assert_eq!(
        (grid.width(), grid.height()),
        (case.width, case.height),
        "not the grid of the case"
    );
    let adj = super::adjacency(grid);
    let passable: Vec<usize> = (0..adj.len()).filter(|&i| !case.blocked[i]).collect();
    if passable.is_empty() {
        return;
    }
    let mut engine = AStar::new(DaryHeap::<C, 4>::new(), IndexedStore::new());
    #[cfg(feature = "deep-tests")]
    let mut hashed = AStar::new(BinaryHeap::new(), pathseek::store::HashStore::new());
    for (s, g) in &case.queries {
        let (si, gi) = (
            passable[s.index(passable.len())],
            passable[g.index(passable.len())],
        );
        let (start, goal) = (cell_of(case.width, si), cell_of(case.width, gi));
        let want = super::dijkstra(&adj, si)[gi];
        let h = grid.heuristic(goal);

        let check = |what: &str, r: SearchResult<Cell, C>| {
            let found = r.into_path().map(|p| (p.nodes, p.cost));
            check_answer(grid, &adj, what, (start, goal), found, want, shape);
        };
        // The one-shot search and the hashed store in the deep tier: each
        // compiles more searches of the jump point graph, and the core is
        // the one the reused engine runs.
        #[cfg(feature = "deep-tests")]
        {
            check("astar()", pathseek::astar(graph, start, goal, h));
            check(
                "HashStore",
                hashed.search(graph, Query::new(start, goal, h)),
            );
        }
        check(
            "reused DaryHeap<4>",
            engine.search(graph, Query::new(start, goal, h)),
        );
        // Through the reused engine rather than `astar()`: one compiled
        // search of the larger graph instead of the one-shot's three.
        check(
            "all eight rays",
            engine.search(&NoPruning(graph), Query::new(start, goal, h)),
        );
        also(start, goal);
    }
}

/// A MovingAI map of tests/data and its scenarios, as grids with exact
/// integer and with float octile costs.
pub struct MapCase {
    pub name: String,
    pub scenarios: Vec<Scenario>,
    pub exact: Grid<u32>,
    pub float: Grid<f64>,
}

impl MapCase {
    /// The map `name.map` and its scenarios `name.map.scen`.
    pub fn load(name: &str) -> Self {
        let (map, scenarios) = super::load_movingai(name);
        MapCase {
            name: name.to_string(),
            scenarios,
            exact: map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile()),
            float: map.to_grid(Connectivity::Eight, GridCosts::float_octile()),
        }
    }

    /// Searches every scenario on `graph` (a jump point graph of `exact`),
    /// on `graph_f` (the same kind of graph of `float`) and on `reference`
    /// (another graph of `exact`; `pair` names the two in messages): the
    /// exact cost equals the reference's and is at the optimal length, the
    /// float length is optimal too, both find a path or neither, the
    /// filled-in path is a legal grid path of that cost, and exactly
    /// `unreachable` scenarios have no path. Returns (expansions on `graph`,
    /// expansions on `reference`) with exact costs.
    pub fn check<G, F, R>(
        &self,
        graph: &G,
        graph_f: &F,
        reference: &R,
        pair: &str,
        unreachable: usize,
    ) -> (u64, u64)
    where
        G: DenseIds<Node = Cell, Cost = u32>,
        F: DenseIds<Node = Cell, Cost = f64>,
        R: DenseIds<Node = Cell, Cost = u32>,
    {
        let (name, exact, float) = (&self.name, &self.exact, &self.float);
        let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
        let mut reference_engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
        let mut float_engine = AStar::new(<f64 as JpsCost>::Open::default(), IndexedStore::new());
        let (mut expanded, mut reference_expanded, mut nopath) = (0, 0, 0);
        let mut cells = Vec::new();
        for (i, sc) in self.scenarios.iter().enumerate() {
            let line = i + 2;
            let h = exact.heuristic(sc.goal);
            let r = engine.search(graph, Query::new(sc.start, sc.goal, h));
            let old = reference_engine.search(reference, Query::new(sc.start, sc.goal, h));
            expanded += r.stats.expanded;
            reference_expanded += old.stats.expanded;
            assert_eq!(
                r.found().map(|p| p.cost),
                old.found().map(|p| p.cost),
                "{name} line {line}: {pair} differ"
            );
            let rf = float_engine.search(
                graph_f,
                Query::new(sc.start, sc.goal, float.heuristic(sc.goal)),
            );
            match (r.found(), rf.found()) {
                (Some(p), Some(pf)) => {
                    let len = f64::from(p.cost) / f64::from(EXACT_OCTILE_SCALE);
                    assert!(
                        sc.matches(len),
                        "{name} line {line}: length {len}, optimal {}",
                        sc.optimal
                    );
                    assert!(
                        sc.matches(pf.cost),
                        "{name} line {line}: f64 length {}",
                        pf.cost
                    );
                    jump_points::fill_path_into(&p.nodes, &mut cells);
                    assert_eq!(cells.first(), Some(&sc.start));
                    assert_eq!(cells.last(), Some(&sc.goal));
                    // Every step is a legal move: the sum of the grid's move
                    // costs is the cost.
                    let mut sum = 0u32;
                    for w in cells.windows(2) {
                        let mut step = None;
                        exact.successors(w[0], |c, k| {
                            if c == w[1] {
                                step = Some(k)
                            }
                        });
                        sum += step.unwrap_or_else(|| {
                            panic!("{name} line {line}: {:?} -> {:?} is not a move", w[0], w[1])
                        });
                    }
                    assert_eq!(sum, p.cost, "{name} line {line}");
                    assert_eq!(
                        jump_points::path_cost(exact, &p.nodes),
                        Some(p.cost),
                        "{name} line {line}: jump_points::path_cost"
                    );
                }
                (None, None) => {
                    assert!(sc.expects_no_path(), "{name} line {line}: no path found");
                    nopath += 1;
                }
                _ => panic!("{name} line {line}: exact and float searches disagree"),
            }
        }
        assert_eq!(nopath, unreachable, "{name}: scenarios without a path");
        (expanded, reference_expanded)
    }
}

/// One search of a jump point graph by a fresh engine of the type
/// [`check_queries`] reuses (`C::Open` and an `IndexedStore`: what
/// `pathseek::astar` runs on these graphs). The tests call it rather than
/// `pathseek::astar`, which compiles three searches of each graph (hashed,
/// indexed, paged), the costliest code of the test build; `check_queries`
/// calls `pathseek::astar` itself in the deep tier.
pub fn search_jumps<C, G, H>(graph: &G, start: Cell, goal: Cell, h: H) -> SearchResult<Cell, C>
where
    C: JpsCost,
    G: DenseIds<Node = Cell, Cost = C>,
    H: Fn(Cell) -> C,
{
    AStar::new(C::Open::default(), IndexedStore::new()).search(graph, Query::new(start, goal, h))
}

/// Checks that `new`, a jump point graph's constructor, refuses the grids no
/// jump point graph serves, each with its error: 4-connected, with terrain,
/// costs outside `straight <= diagonal <= 2 * straight`, and costs whose
/// diagonal run across the grid overflows.
pub fn check_refusals(new: impl Fn(&Grid<u32>) -> Result<(), JumpPointsError>) {
    let four = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    assert_eq!(new(&four).unwrap_err(), JumpPointsError::NotEightConnected);
    let mut terrain = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    terrain.set_terrain(Cell::new(1, 1), 2).unwrap();
    assert_eq!(new(&terrain).unwrap_err(), JumpPointsError::Terrain);
    for (s, d) in [(5u32, 3u32), (2, 5)] {
        let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(s, d)).unwrap();
        assert_eq!(
            new(&grid).unwrap_err(),
            JumpPointsError::UnsupportedCosts,
            "costs {s} / {d}"
        );
    }
    let big = u32::MAX / 3;
    let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(big, big)).unwrap();
    assert_eq!(new(&grid).unwrap_err(), JumpPointsError::CostOverflow);
}

/// The grid of [`check_blocked_ends`]: 6 by 6 with exact octile costs, the
/// cell (3, 3) blocked.
pub fn blocked_ends_grid() -> Grid<u32> {
    let mut grid = Grid::new(6, 6, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    grid.set_passable(Cell::new(3, 3), false).unwrap();
    grid
}

/// Checks that on `graph`, a jump point graph of `grid` (from
/// [`blocked_ends_grid`]), a blocked goal, a blocked start and a goal outside
/// the grid are errors, not searches.
pub fn check_blocked_ends<G: DenseIds<Node = Cell, Cost = u32>>(grid: &Grid<u32>, graph: &G) {
    let goal = Cell::new(3, 3);
    let r = search_jumps(graph, Cell::new(0, 0), goal, grid.heuristic(goal));
    assert_eq!(r.error(), Some(&SearchError::GoalBlocked { node: goal }));
    let (start, goal) = (Cell::new(3, 3), Cell::new(5, 5));
    let r = search_jumps(graph, start, goal, grid.heuristic(goal));
    assert_eq!(r.error(), Some(&SearchError::StartBlocked { node: start }));
    let outside = Cell::new(9, 0);
    let r = search_jumps(graph, Cell::new(0, 0), outside, grid.heuristic(outside));
    assert_eq!(r.error(), Some(&SearchError::GoalBlocked { node: outside }));
}

/// Checks on an open 7 by 7 grid with float octile costs that a search from
/// the goal (5, 5) to itself finds the goal alone at cost 0, then, with a
/// ring of walls round the goal, that a search from (0, 0) ends with neither
/// a path nor an error. `search(grid, start, goal)` builds the graph under
/// test on `grid` and searches it. Returns the walled grid and the goal.
pub fn check_start_is_goal_and_walled_off(
    search: impl Fn(&Grid<f64>, Cell, Cell) -> SearchResult<Cell, f64>,
) -> (Grid<f64>, Cell) {
    let mut grid = Grid::new(7, 7, Connectivity::Eight, GridCosts::float_octile()).unwrap();
    let goal = Cell::new(5, 5);
    let r = search(&grid, goal, goal);
    assert_eq!(
        r.found().map(|p| (p.nodes.clone(), p.cost)),
        Some((vec![goal], 0.0))
    );
    for c in [
        (4, 4),
        (5, 4),
        (6, 4),
        (4, 5),
        (6, 5),
        (4, 6),
        (5, 6),
        (6, 6),
    ] {
        grid.set_passable(Cell::from(c), false).unwrap();
    }
    let r = search(&grid, Cell::new(0, 0), goal);
    assert!(r.found().is_none() && r.error().is_none());
    (grid, goal)
}

/// Checks that `graph`, a jump point graph of `grid` (open, every move
/// costing 1), serves every goal: one engine searching from (0, 0) to each
/// of `goals` in turn finds the plain grid's costs; and that a goal
/// predicate (the cell (3, 5), 5 moves away) gets the plain grid's answer.
pub fn check_every_goal<G: DenseIds<Node = Cell, Cost = u32>>(
    grid: &Grid<u32>,
    graph: &G,
    goals: &[Cell],
) {
    // The engine type `check_queries` uses too, so the test build compiles
    // one search of each graph fewer.
    let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    for &goal in goals {
        let h = grid.heuristic(goal);
        let plain = pathseek::astar(grid, Cell::new(0, 0), goal, h).into_path();
        let jumped = engine
            .search(graph, Query::new(Cell::new(0, 0), goal, h))
            .into_path();
        assert_eq!(
            jumped.map(|p| p.cost),
            plain.map(|p| p.cost),
            "goal {goal:?}"
        );
    }
    let at = |c: Cell| c.x == 3 && c.y == 5;
    let until = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new())
        .search(graph, Query::until(Cell::new(0, 0), at, |_| 0));
    let plain = pathseek::search(grid, Query::until(Cell::new(0, 0), at, |_| 0));
    assert_eq!(until.found().map(|p| p.cost), Some(5));
    assert_eq!(until.found().map(|p| p.cost), plain.found().map(|p| p.cost));
}
