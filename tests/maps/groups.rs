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
//!   goal get none;
//! - on an edited grid (the living map issue's regression: a distance field
//!   not rebuilt after an edit stepped into the new wall), the field, the
//!   flow field and the unit search answer `Err(MapChanged)` until built
//!   again, and then a valid step; with random edits interleaved with
//!   queries every answer is an error exactly when the grid changed since
//!   the build, and otherwise Dijkstra's on the grid as it is.

use crate::common;

use common::{adjacency, dijkstra, reversed};
use pathseek::graph::path_cost;
use pathseek::groups::{grid_units_heuristic, group_paths, DistanceField, FlowField, UnitSearch};
use pathseek::open_set::BinaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{
    AStar, Cell, Connectivity, Cost, DenseIds, FollowMap, Grid, GridCosts, Length, StaticGraph,
};
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
    // Every static graph has a version of its own: another graph is refused.
    let path = StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)]).unwrap();
    let longer = StaticGraph::from_undirected_edges(4, [(0, 1, 1u32), (1, 2, 1)]).unwrap();
    let mut graph_field = DistanceField::new();
    graph_field.build(&path, 0, None).unwrap();
    assert_eq!(graph_field.cost(&path, 2), Ok(Some(2)));
    assert!(matches!(
        graph_field.cost(&longer, 2),
        Err(pathseek::graph::MapChanged { .. })
    ));
}

/// `group_paths` over the jump point graphs: every unit gets a valid jump
/// point path to the goal, of the cost reported (checked on the grid by
/// `jump_points::path_cost`), no cheaper than its own optimum; units join
/// the shared path.
#[test]
fn group_paths_over_jump_point_graphs() {
    use pathseek::jump_points::{self, JumpPoints};
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
    #[allow(unused_mut)]
    let mut plans = vec![group_paths(&mut engine, &online, &units, goal, 2, |t| {
        grid.heuristic(t)
    })];
    // The other two jump point graphs in the deep tier: each compiles
    // another search of a jump point graph, the costliest code of the test
    // build, and `group_paths` is the same over them.
    #[cfg(feature = "deep-tests")]
    {
        use pathseek::jump_points::{BlockJumpPoints, PrecomputedJumps};
        let block = BlockJumpPoints::new(&grid).unwrap();
        let tables = PrecomputedJumps::new(&grid).unwrap();
        plans.push(group_paths(&mut engine, &block, &units, goal, 2, |t| {
            grid.heuristic(t)
        }));
        plans.push(group_paths(
            &mut engine,
            &tables.on(&grid).unwrap(),
            &units,
            goal,
            2,
            |t| grid.heuristic(t),
        ));
    }
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

// ---- A living map: the groups structures refuse an edited grid. ----

/// The grid of the regression: 64x64, open.
fn open_64() -> Grid<u32> {
    Grid::new(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap()
}

/// Draws a wall down column 30 with a gap at the bottom row.
fn wall_across(grid: &mut Grid<u32>) {
    for y in 0..63 {
        grid.set_passable(Cell::new(30, y), false).unwrap();
    }
}

/// The cost of a cheapest path from `from` to `goal` on `grid` as it is.
fn fresh_cost(grid: &Grid<u32>, from: Cell, goal: Cell) -> Option<u32> {
    pathseek::astar(grid, from, goal, grid.heuristic(goal))
        .found()
        .map(|p| p.cost)
}

/// A step from `from` to `to` is a move of `grid` as it is, and `to` lies
/// on a cheapest path to `goal`.
fn assert_valid_step(grid: &Grid<u32>, from: Cell, to: Cell, goal: Cell) {
    assert!(grid.is_passable(to), "{to:?} is a wall");
    let edge = path_cost(grid, &[from, to]).expect("a move of the grid");
    assert_eq!(
        fresh_cost(grid, to, goal).map(|c| c + edge),
        fresh_cost(grid, from, goal),
        "{from:?} -> {to:?} is not on a cheapest path"
    );
}

#[test]
fn a_distance_field_not_rebuilt_after_an_edit_refuses_to_step() {
    let mut grid = open_64();
    let (goal, unit) = (Cell::new(60, 32), Cell::new(29, 32));
    let mut field = DistanceField::new();
    field.build_grid(&grid, goal, None).unwrap();
    let before = pathseek::Graph::version(&grid);
    // The field's path runs straight through where the wall will be.
    assert_eq!(field.next_step(&grid, unit), Ok(Some(Cell::new(30, 32))));
    wall_across(&mut grid);
    let now = pathseek::Graph::version(&grid);
    assert_ne!(before, now);
    let changed = pathseek::graph::MapChanged { built: before, now };
    assert_eq!(field.next_step(&grid, unit), Err(changed));
    assert_eq!(field.cost(&grid, unit), Err(changed));
    let mut path = vec![Cell::new(0, 0)];
    assert_eq!(field.path_into(&grid, unit, &mut path), Err(changed));
    assert!(path.is_empty());
    // Built again, it answers for the edited grid.
    field.build_grid(&grid, goal, None).unwrap();
    assert_eq!(field.version(), Some(now));
    let step = field.next_step(&grid, unit).unwrap().unwrap();
    assert_valid_step(&grid, unit, step, goal);
    let cost = field.path_into(&grid, unit, &mut path).unwrap();
    assert_eq!(cost, fresh_cost(&grid, unit, goal));
    assert_eq!(path_cost(&grid, &path), cost);
    // `sync` rebuilds only a stale field, to the same goal.
    assert_eq!(field.sync(&grid), Ok(false));
    grid.set_passable(Cell::new(30, 63), false).unwrap(); // the gap closes
    assert!(field.next_step(&grid, unit).is_err());
    assert_eq!(field.sync(&grid), Ok(true));
    assert_eq!(field.goal(), Some(goal));
    assert_eq!(field.next_step(&grid, unit), Ok(None)); // cut off now
    assert_eq!(
        field.cost(&grid, Cell::new(31, 32)),
        Ok(Some(fresh_cost(&grid, Cell::new(31, 32), goal).unwrap()))
    );
}

#[test]
fn a_flow_field_not_refilled_after_an_edit_refuses_to_step() {
    let mut grid = open_64();
    let (goal, unit) = (Cell::new(60, 32), Cell::new(29, 32));
    let mut field = DistanceField::new();
    field.build_grid(&grid, goal, None).unwrap();
    let mut flow = FlowField::from_field(&field, &grid);
    assert_eq!(flow.next_step(&grid, unit), Ok(Some(Cell::new(30, 32))));
    let before = flow.version();
    wall_across(&mut grid);
    let changed = pathseek::graph::MapChanged {
        built: before,
        now: pathseek::Graph::version(&grid),
    };
    assert_eq!(flow.next_step(&grid, unit), Err(changed));
    assert_eq!(flow.cost(&grid, unit), Err(changed));
    let mut path = vec![unit];
    assert_eq!(flow.path_into(&grid, unit, &mut path), Err(changed));
    assert!(path.is_empty());
    // Refilled from the stale field: still refused.
    flow.refill(&field, &grid);
    assert_eq!(flow.next_step(&grid, unit), Err(changed));
    // From a field built again: answers for the edited grid.
    field.build_grid(&grid, goal, None).unwrap();
    flow.refill(&field, &grid);
    let step = flow.next_step(&grid, unit).unwrap().unwrap();
    assert_valid_step(&grid, unit, step, goal);
    let cost = flow.path_into(&grid, unit, &mut path).unwrap();
    assert_eq!(cost, fresh_cost(&grid, unit, goal));
    assert_eq!(path_cost(&grid, &path), cost);
}

#[test]
fn a_unit_search_not_run_again_after_an_edit_refuses_to_answer() {
    let mut grid = open_64();
    let goal = Cell::new(60, 32);
    let units = [Cell::new(29, 32), Cell::new(3, 32)];
    let mut search = UnitSearch::new();
    search
        .run_grid(&grid, goal, &units, grid_units_heuristic(&grid, &units))
        .unwrap();
    let mut path = Vec::new();
    assert!(search.path_into(&grid, 0, &mut path).unwrap().is_some());
    assert_eq!(path.get(1), Some(&Cell::new(30, 32)));
    let before = pathseek::Graph::version(&grid);
    wall_across(&mut grid);
    let changed = pathseek::graph::MapChanged {
        built: before,
        now: pathseek::Graph::version(&grid),
    };
    for i in 0..units.len() {
        assert_eq!(search.cost(&grid, i), Err(changed));
        assert_eq!(search.path_into(&grid, i, &mut path), Err(changed));
        assert!(path.is_empty());
    }
    search
        .run_grid(&grid, goal, &units, grid_units_heuristic(&grid, &units))
        .unwrap();
    for (i, &u) in units.iter().enumerate() {
        let cost = search.path_into(&grid, i, &mut path).unwrap();
        assert_eq!(cost, fresh_cost(&grid, u, goal));
        assert_eq!(search.cost(&grid, i), Ok(cost));
        assert_eq!(path_cost(&grid, &path), cost);
        assert_valid_step(&grid, u, path[1], goal);
    }
}

/// One step of the edit property.
#[derive(Clone, Debug)]
enum Op {
    /// Sets cell `(x, y)` (modulo the size) to kind `k` (0 wall, 1 plain, 2..=5
    /// terrain `k`); a cell already so is an edit that changes nothing.
    Edit(u32, u32, u8),
    /// Asks every structure about every cell.
    Query,
    /// Builds the field (by `sync` when `true`), refills the flow
    /// field and runs the unit search again.
    Rebuild(bool),
}

fn ops() -> impl Strategy<Value = Vec<Op>> {
    prop::collection::vec(
        prop_oneof![
            3 => (0u32..16, 0u32..16, 0u8..6).prop_map(|(x, y, k)| Op::Edit(x, y, k)),
            3 => Just(Op::Query),
            2 => any::<bool>().prop_map(Op::Rebuild),
        ],
        1..16,
    )
}

/// The state of one cell: passable and terrain.
fn state(grid: &Grid<u32>, c: Cell) -> (bool, u32) {
    (grid.is_passable(c), grid.terrain(c))
}

/// Every answer of the field, flow field and unit search on `grid`: an
/// error exactly when the grid changed since they were built (`edited`),
/// else the answer of a fresh Dijkstra on the grid as it is.
fn check_answers(
    grid: &Grid<u32>,
    goal: Cell,
    (field, flow, search): (
        &DistanceField<Cell, u32>,
        &FlowField<u32>,
        &UnitSearch<Cell, u32>,
    ),
    units: &[Cell],
    max: Option<u32>,
    edited: bool,
) {
    let dist = to_goal(grid, goal);
    let within =
        |c: Cell| dist[grid.node_index(c).unwrap()].filter(|&d| max.is_none_or(|m| d <= m));
    let mut path = Vec::new();
    for i in 0..dist.len() {
        let cell = grid.node_at(i).unwrap();
        let expected = within(cell);
        for (name, cost, step, walked) in [
            (
                "field",
                field.cost(grid, cell),
                field.next_step(grid, cell),
                field.path_into(grid, cell, &mut path),
            ),
            (
                "flow",
                flow.cost(grid, cell),
                flow.next_step(grid, cell),
                flow.path_into(grid, cell, &mut path),
            ),
        ] {
            assert_eq!(cost.is_err(), edited, "{name}: {cell:?}");
            assert_eq!(step.is_err(), edited, "{name}: {cell:?}");
            assert_eq!(walked.is_err(), edited, "{name}: {cell:?}");
            if edited {
                continue;
            }
            assert_eq!(cost, Ok(expected), "{name}: cost of {cell:?}");
            assert_eq!(walked, Ok(expected), "{name}: path of {cell:?}");
            match (expected, step.unwrap()) {
                (Some(d), Some(next)) => {
                    let edge = path_cost(grid, &[cell, next]).expect("a move");
                    assert_eq!(within(next).map(|n| n + edge), Some(d), "{name}: {cell:?}");
                }
                (Some(_), None) => assert_eq!(cell, goal, "{name}"),
                (None, step) => assert_eq!(step, None, "{name}: {cell:?}"),
            }
        }
        // The flow's path is checked above through `walked`; the field's
        // path once more on the grid as it is.
        if !edited && let Ok(Some(d)) = field.path_into(grid, cell, &mut path) {
            assert_eq!(path_cost(grid, &path), Some(d));
        }
    }
    for (i, &u) in units.iter().enumerate() {
        let cost = search.cost(grid, i);
        let walked = search.path_into(grid, i, &mut path);
        assert_eq!(
            (cost.is_err(), walked.is_err()),
            (edited, edited),
            "unit {i}"
        );
        if !edited {
            let d = dist[grid.node_index(u).unwrap()];
            assert_eq!((cost, walked), (Ok(d), Ok(d)), "unit {i}");
            if d.is_some() {
                assert_eq!(path_cost(grid, &path), d, "unit {i}: {path:?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(common::config(regressions_file!("groups_edits")))]

    #[test]
    fn groups_on_an_edited_grid_answer_fresh_or_refuse(case in grid_case(), ops in ops()) {
        let mut grid = case.grid(GridCosts::new(2u32, 3), |w| w);
        let goal = case.goal_cell();
        let mut field = DistanceField::new();
        let mut flow = FlowField::from_field(&field, &grid);
        let mut search = UnitSearch::new();
        let mut units = Vec::new();
        let mut edited = false;
        let rebuild = |grid: &Grid<u32>,
                           field: &mut DistanceField<Cell, u32>,
                           flow: &mut FlowField<u32>,
                           search: &mut UnitSearch<Cell, u32>,
                           units: &mut Vec<Cell>,
                           refresh: bool| {
            if refresh && field.goal().is_some() {
                field.sync(grid).unwrap();
            } else {
                field.build_grid(grid, goal, case.max).unwrap();
            }
            flow.refill(field, grid);
            units.clear();
            units.extend(case.unit_cells().into_iter().filter(|&u| grid.is_passable(u)));
            search.run_grid(grid, goal, units, grid_units_heuristic(grid, units)).unwrap();
        };
        rebuild(&grid, &mut field, &mut flow, &mut search, &mut units, false);
        for op in ops {
            match op {
                Op::Edit(x, y, k) => {
                    let c = Cell::new(x % case.w, y % case.h);
                    if c == goal {
                        continue; // the goal stays open: every rebuild succeeds
                    }
                    let was = state(&grid, c);
                    grid.set_passable(c, k != 0).unwrap();
                    if k >= 2 {
                        grid.set_terrain(c, u32::from(k)).unwrap();
                    } else if k == 1 {
                        grid.set_terrain(c, 1).unwrap();
                    }
                    edited |= state(&grid, c) != was;
                }
                Op::Query => {
                    check_answers(&grid, goal, (&field, &flow, &search), &units, case.max, edited);
                }
                Op::Rebuild(refresh) => {
                    rebuild(&grid, &mut field, &mut flow, &mut search, &mut units, refresh);
                    edited = false;
                }
            }
        }
        check_answers(&grid, goal, (&field, &flow, &search), &units, case.max, edited);
    }
}
