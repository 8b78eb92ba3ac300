//! Many units, one goal (`pathseek::groups`) against the reference Dijkstra
//! of `tests/common`, on random grids with walls and terrain (costs charged
//! on the cell entered, so reversing them is not the identity) and random
//! directed graphs:
//!
//! - the distance field's cost of every node is Dijkstra's cost from it to
//!   the goal (none when it cannot reach it, or beyond `max_cost`), and
//!   following its next steps arrives at the goal for exactly that cost;
//!   packed into a `FlowField` it gives the same answers;
//! - the reverse unit search gives every unit the cost of a search of its
//!   own, and a valid path of that cost;
//! - every group path is a valid path from its unit to the goal, of the cost
//!   reported, and no cheaper than the optimum; units that cannot reach the
//!   goal get none.

use crate::common;

use common::{adjacency, dijkstra, reversed};
use pathseek::graph::path_cost;
use pathseek::groups::{grid_units_heuristic, group_paths, DistanceField, FlowField, UnitSearch};
use pathseek::open_set::BinaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Cost, DenseIds, Grid, GridCosts, Length, StaticGraph};
use proptest::prelude::*;

const REGRESSIONS: &str = regressions_file!("groups");

/// Distances from every node to `goal` (by dense id).
fn to_goal<G: DenseIds>(graph: &G, goal: G::Node) -> Vec<Option<G::Cost>> {
    let adj = adjacency(graph);
    dijkstra(&reversed(&adj), graph.node_index(goal).unwrap())
}

/// The field against `dist` (Dijkstra to the goal), within `max`.
fn check_field<G: DenseIds>(
    graph: &G,
    field: &DistanceField<G::Node, G::Cost>,
    goal: G::Node,
    dist: &[Option<G::Cost>],
    max: Option<G::Cost>,
    label: &str,
) {
    let mut path = Vec::new();
    for (i, &d) in dist.iter().enumerate() {
        let node = graph.node_at(i).unwrap();
        let expected = d.filter(|&d| max.is_none_or(|m| d <= m));
        assert_eq!(
            field.cost(graph, node),
            Ok(expected),
            "{label}: cost of {node:?}"
        );
        let got = field.path_into(graph, node, &mut path);
        assert_eq!(got, Ok(expected), "{label}: path cost of {node:?}");
        if let Some(cost) = expected {
            assert_eq!(path.first(), Some(&node), "{label}");
            assert_eq!(path.last(), Some(&goal), "{label}");
            assert_eq!(path_cost(graph, &path), Some(cost), "{label}: {path:?}");
        } else {
            assert!(path.is_empty(), "{label}");
        }
    }
}

#[derive(Clone, Debug)]
struct GridCase {
    w: u32,
    h: u32,
    eight: bool,
    cells: Vec<u8>,
    goal: (u32, u32),
    units: Vec<(u32, u32)>,
    max: Option<u32>,
    k: usize,
}

fn grid_case() -> impl Strategy<Value = GridCase> {
    (
        1u32..=16,
        1u32..=16,
        any::<bool>(),
        prop::collection::vec(0u8..8, 256),
        (0u32..16, 0u32..16),
        prop::collection::vec((0u32..16, 0u32..16), 1..8),
        prop::option::of(0u32..60),
        0usize..6,
    )
        .prop_map(|(w, h, eight, cells, goal, units, max, k)| GridCase {
            w,
            h,
            eight,
            cells,
            goal: (goal.0 % w, goal.1 % h),
            units: units.into_iter().map(|(x, y)| (x % w, y % h)).collect(),
            max,
            k,
        })
}

impl GridCase {
    /// Cell kinds: 0 wall, 1..=3 plain ground, 4..=7 terrain weight
    /// `weight(2..=5)`.
    fn grid<C: Cost>(&self, costs: GridCosts<C>, weight: fn(u32) -> C) -> Grid<C> {
        let at = |c: Cell| self.cells[(c.y * 16 + c.x) as usize];
        let (goal, units) = (self.goal_cell(), self.unit_cells());
        let connectivity = if self.eight {
            Connectivity::Eight
        } else {
            Connectivity::Four
        };
        let mut grid = Grid::from_fn(self.w, self.h, connectivity, costs, |c| {
            at(c) != 0 || c == goal || units.contains(&c)
        })
        .unwrap();
        for y in 0..self.h {
            for x in 0..self.w {
                let c = Cell::new(x, y);
                if at(c) >= 4 {
                    grid.set_terrain(c, weight(u32::from(at(c)) - 2)).unwrap();
                }
            }
        }
        grid
    }
    fn goal_cell(&self) -> Cell {
        Cell::new(self.goal.0, self.goal.1)
    }
    fn unit_cells(&self) -> Vec<Cell> {
        self.units.iter().map(|&(x, y)| Cell::new(x, y)).collect()
    }
}

/// One random grid case with costs `costs`, terrain weights `weight(2..=5)`
/// and the field's bound `max_of(case.max)`: the field against Dijkstra,
/// unbounded and bounded; the flow field against the field; the unit search
/// and the group paths against Dijkstra.
fn check_grid_case<C: Cost>(
    case: &GridCase,
    costs: GridCosts<C>,
    weight: fn(u32) -> C,
    max_of: fn(u32) -> C,
) {
    let grid = case.grid(costs, weight);
    let max = case.max.map(max_of);
    let (goal, units) = (case.goal_cell(), case.unit_cells());
    let dist = to_goal(&grid, goal);
    let label = format!("{case:?}");
    // The field, unbounded and bounded, built twice into the same buffers.
    let mut field = DistanceField::new();
    field.build_grid(&grid, goal, None).unwrap();
    check_field(&grid, &field, goal, &dist, None, &label);
    field.build_grid(&grid, goal, max).unwrap();
    check_field(&grid, &field, goal, &dist, max, &label);
    // Packed to a flow field: the same answers for every cell.
    let flow = FlowField::from_field(&field, &grid);
    let mut path = Vec::new();
    for i in 0..dist.len() {
        let cell = grid.node_at(i).unwrap();
        assert_eq!(
            flow.cost(&grid, cell),
            field.cost(&grid, cell),
            "{label}: {cell:?}"
        );
        assert_eq!(
            flow.next_step(&grid, cell),
            field.next_step(&grid, cell),
            "{label}: {cell:?}"
        );
        let cost = flow.path_into(&grid, cell, &mut path).unwrap();
        if cost.is_some() {
            assert_eq!(path_cost(&grid, &path), cost, "{label}: {path:?}");
        }
    }
    // One backward search for all the units.
    let mut search = UnitSearch::new();
    search
        .run_grid(&grid, goal, &units, grid_units_heuristic(&grid, &units))
        .unwrap();
    let mut path = Vec::new();
    for (i, &u) in units.iter().enumerate() {
        let d = dist[grid.node_index(u).unwrap()];
        assert_eq!(search.cost(&grid, i), Ok(d), "{label}: unit {i}");
        assert_eq!(
            search.path_into(&grid, i, &mut path),
            Ok(d),
            "{label}: unit {i}"
        );
        if let Some(d) = d {
            assert_eq!((path.first(), path.last()), (Some(&u), Some(&goal)));
            assert_eq!(path_cost(&grid, &path), Some(d), "{label}: {path:?}");
        }
    }
    // Group paths.
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let plan = group_paths(&mut engine, &grid, &units, goal, case.k, |t| {
        grid.heuristic(t)
    })
    .unwrap();
    assert_eq!(plan.paths.len(), units.len());
    for (i, (&u, p)) in units.iter().zip(&plan.paths).enumerate() {
        let d = dist[grid.node_index(u).unwrap()];
        match (p, d) {
            (Some(p), Some(d)) => {
                assert_eq!((p.nodes.first(), p.nodes.last()), (Some(&u), Some(&goal)));
                assert_eq!(
                    path_cost(&grid, &p.nodes),
                    Some(p.cost),
                    "{label}: unit {i}"
                );
                assert!(p.cost >= d, "{label}: unit {i} below the optimum");
            }
            (None, None) => {}
            (p, d) => panic!("{label}: unit {i}: {p:?} against Dijkstra {d:?}"),
        }
    }
}

#[test]
fn groups_on_random_grids_with_terrain() {
    common::run_property(
        "groups_on_random_grids_with_terrain",
        REGRESSIONS,
        grid_case(),
        |case| check_grid_case(&case, GridCosts::new(2u32, 3), |w| w, |m| m),
    );
}

/// The same with the default grid costs (`Length`): terrain weights and the
/// bound in cells.
#[test]
fn groups_on_random_grids_with_length_costs() {
    fn cells(n: u32) -> Length {
        Length::from_cells(n).unwrap()
    }
    common::run_property(
        "groups_on_random_grids_with_length_costs",
        REGRESSIONS,
        grid_case(),
        |case| check_grid_case(&case, GridCosts::octile(), cells, |m| cells(m / 2)),
    );
}

#[derive(Clone, Debug)]
struct GraphCase {
    n: usize,
    edges: Vec<(u32, u32, u32)>,
    goal: u32,
    units: Vec<u32>,
    max: Option<u32>,
}

fn graph_case() -> impl Strategy<Value = GraphCase> {
    (1usize..=40)
        .prop_flat_map(|n| {
            let node = 0..n as u32;
            (
                Just(n),
                prop::collection::vec(
                    (
                        node.clone(),
                        node.clone(),
                        prop_oneof![Just(0u32), 1u32..20],
                    ),
                    0..4 * n,
                ),
                node.clone(),
                prop::collection::vec(node, 1..6),
                prop::option::of(0u32..40),
            )
        })
        .prop_map(|(n, edges, goal, units, max)| GraphCase {
            n,
            edges,
            goal,
            units,
            max,
        })
}

#[test]
fn groups_on_random_directed_graphs() {
    common::run_property(
        "groups_on_random_directed_graphs",
        REGRESSIONS,
        graph_case(),
        |case| {
            let g = StaticGraph::from_edges(case.n, case.edges.iter().copied()).unwrap();
            let back = g.reverse();
            let dist = to_goal(&g, case.goal);
            let label = format!("{case:?}");
            let mut field = DistanceField::new();
            field.build(&back, case.goal, None).unwrap();
            check_field(&g, &field, case.goal, &dist, None, &label);
            field.build(&back, case.goal, case.max).unwrap();
            check_field(&g, &field, case.goal, &dist, case.max, &label);
            let mut search = UnitSearch::new();
            search.run(&back, case.goal, &case.units, |_| 0).unwrap();
            let mut path = Vec::new();
            for (i, &u) in case.units.iter().enumerate() {
                let d = dist[u as usize];
                assert_eq!(
                    search.path_into(&g, i, &mut path),
                    Ok(d),
                    "{label}: unit {i}"
                );
                if let Some(d) = d {
                    assert_eq!(path_cost(&g, &path), Some(d), "{label}: {path:?}");
                }
            }
            let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
            let plan =
                group_paths(&mut engine, &g, &case.units, case.goal, 2, |_| |_: u32| 0).unwrap();
            for (i, (&u, p)) in case.units.iter().zip(&plan.paths).enumerate() {
                match (p, dist[u as usize]) {
                    (Some(p), Some(d)) => {
                        assert_eq!((p.nodes[0], *p.nodes.last().unwrap()), (u, case.goal));
                        assert_eq!(path_cost(&g, &p.nodes), Some(p.cost), "{label}: unit {i}");
                        assert!(p.cost >= d);
                    }
                    (None, None) => {}
                    (p, d) => panic!("{label}: unit {i}: {p:?} against Dijkstra {d:?}"),
                }
            }
        },
    );
}

#[test]
fn blocked_goal_and_units_are_errors() {
    let mut grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    grid.set_passable(Cell::new(3, 3), false).unwrap();
    let mut field = DistanceField::new();
    assert!(matches!(
        field.build_grid(&grid, Cell::new(3, 3), None),
        Err(pathseek::SearchError::GoalBlocked { .. })
    ));
    assert_eq!(field.cost(&grid, Cell::new(0, 0)), Ok(None));
    let mut search = UnitSearch::new();
    assert!(matches!(
        search.run_grid(&grid, Cell::new(0, 0), &[Cell::new(3, 3)], |_| 0),
        Err(pathseek::SearchError::StartBlocked { .. })
    ));
    // A field is read with a graph of its own size only; another grid has
    // another version, so it is refused outright.
    field.build_grid(&grid, Cell::new(0, 0), None).unwrap();
    let other = Grid::new(5, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    assert!(field.cost(&other, Cell::new(1, 1)).is_err());
    assert_eq!(field.cost(&grid, Cell::new(1, 1)), Ok(Some(3)));
    // Graphs that never change (version 0) of another size: no answer.
    let path = StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)]).unwrap();
    let longer = StaticGraph::from_undirected_edges(4, [(0, 1, 1u32), (1, 2, 1)]).unwrap();
    let mut graph_field = DistanceField::new();
    graph_field.build(&path, 0, None).unwrap();
    assert_eq!(graph_field.cost(&path, 2), Ok(Some(2)));
    assert_eq!(graph_field.cost(&longer, 2), Ok(None));
}

/// `group_paths` over the jump point graphs: every unit gets a valid jump
/// point path to the goal, of the cost reported (checked on the grid by
/// `jump_points::path_cost`), no cheaper than its own optimum; units join
/// the shared path.
#[test]
fn group_paths_over_jump_point_graphs() {
    use pathseek::jump_points::{self, BlockJumpPoints, JumpPoints, PrecomputedJumps};
    let mut grid = Grid::new(
        40,
        30,
        Connectivity::Eight,
        GridCosts::<u32>::exact_octile(),
    )
    .unwrap();
    for y in 0..24 {
        grid.set_passable(Cell::new(15, y), false).unwrap();
    }
    for y in 6..30 {
        grid.set_passable(Cell::new(28, y), false).unwrap();
    }
    let units = [
        Cell::new(1, 1),
        Cell::new(3, 4),
        Cell::new(6, 2),
        Cell::new(2, 20),
    ];
    let goal = Cell::new(38, 28);
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let online = JumpPoints::new(&grid).unwrap();
    let block = BlockJumpPoints::new(&grid).unwrap();
    let tables = PrecomputedJumps::new(&grid).unwrap();
    let plans = [
        group_paths(&mut engine, &online, &units, goal, 2, |t| grid.heuristic(t)),
        group_paths(&mut engine, &block, &units, goal, 2, |t| grid.heuristic(t)),
        group_paths(&mut engine, &tables, &units, goal, 2, |t| grid.heuristic(t)),
    ];
    for plan in plans {
        let plan = plan.expect("group paths over jump points");
        assert!(plan.shared.nodes.len() > 2);
        assert_eq!(
            jump_points::path_cost(&grid, &plan.shared.nodes),
            Some(plan.shared.cost)
        );
        for (i, (path, join)) in plan.paths.iter().zip(&plan.joins).enumerate() {
            let path = path.as_ref().expect("every unit reaches the goal");
            assert_eq!(path.nodes.first(), Some(&units[i]));
            assert_eq!(path.nodes.last(), Some(&goal));
            assert_eq!(
                jump_points::path_cost(&grid, &path.nodes),
                Some(path.cost),
                "unit {i}"
            );
            let own = pathseek::astar(&grid, units[i], goal, grid.heuristic(goal));
            assert!(path.cost >= own.found().unwrap().cost, "unit {i}");
            assert!(join.is_some(), "unit {i} joins the shared path");
        }
    }
}
