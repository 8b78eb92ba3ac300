//! Jump point search (`JumpPoints`): on random grids its costs must equal a
//! reference Dijkstra over the plain grid (sharing no code with the core), its
//! filled-in paths must be legal grid paths of that cost, and on the MovingAI
//! scenario files every length must be optimal (and plain A*'s) while
//! expanding far fewer nodes than plain A*. Also: the construction errors,
//! blocked ends, and the graph without a parent (all eight rays from every
//! node).

use crate::common;

use common::jump_props::{self, case, grid_of, Case, JpsCost, MapCase, Shape};
use pathseek::jump_points::{JumpPoints, JumpPointsError};
use pathseek::{Cell, Connectivity, Grid, GridCosts};

fn check_case<C: JpsCost>(case: &Case) {
    let grid = grid_of::<C>(case);
    let jps = JumpPoints::new(&grid).unwrap();
    jump_props::check_queries(case, &grid, &jps, Shape::Lines, |_, _| {});
}

#[test]
fn prop_jump_points_match_dijkstra_u32() {
    common::run_property(
        "prop_jump_points_match_dijkstra_u32",
        regressions_file!("jump_points"),
        case(false),
        |c| check_case::<u32>(&c),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn prop_jump_points_match_dijkstra_f64() {
    common::run_property(
        "prop_jump_points_match_dijkstra_f64",
        regressions_file!("jump_points"),
        case(false),
        |c| check_case::<f64>(&c),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn prop_jump_points_match_dijkstra_length() {
    common::run_property(
        "prop_jump_points_match_dijkstra_length",
        regressions_file!("jump_points"),
        case(false),
        |c| check_case::<pathseek::Length>(&c),
    );
}

/// Every scenario of `name` at its optimal length (and plain A*'s cost),
/// exact integer and float costs; returns (jump point expansions, plain A*
/// expansions) with exact costs.
fn check_map(name: &str, unreachable: usize) -> (u64, u64) {
    let map = MapCase::load(name);
    map.check(
        &JumpPoints::new(&map.exact).unwrap(),
        &JumpPoints::new(&map.float).unwrap(),
        &map.exact,
        "jump points and plain A*",
        unreachable,
    )
}

#[test]
fn den520d_every_scenario_optimal_with_far_fewer_expansions() {
    let (jps, plain) = check_map("den520d", 0);
    // Measured: 83,582 against 3,930,799. A tenth is a loose bound that still
    // fails if the pruning or the jumping stops working.
    assert!(
        jps * 10 < plain,
        "jump points expanded {jps} nodes, plain A* {plain}"
    );
}

#[test]
fn rmtst01_every_scenario_optimal_and_two_unreachable() {
    let (jps, plain) = check_map("rmtst01", 2);
    assert!(
        jps < plain,
        "jump points expanded {jps} nodes, plain A* {plain}"
    );
}

#[test]
fn arena_every_scenario_optimal() {
    check_map("arena", 0);
}

#[test]
fn grids_jump_points_cannot_serve_are_refused() {
    jump_props::check_refusals(|grid| JumpPoints::new(grid).map(drop));
    // Errors explain themselves.
    assert!(JumpPointsError::Terrain.to_string().contains("terrain"));
}

#[test]
fn blocked_or_outside_ends_are_errors_not_searches() {
    let grid = jump_props::blocked_ends_grid();
    jump_props::check_blocked_ends(&grid, &JumpPoints::new(&grid).unwrap());
}

#[test]
fn start_equal_to_goal_and_walled_off_goal() {
    jump_props::check_start_is_goal_and_walled_off(|grid, start, goal| {
        let jps = JumpPoints::new(grid).unwrap();
        jump_props::search_jumps(&jps, start, goal, grid.heuristic(goal))
    });
}

/// The goal is the search's alone: one `JumpPoints` serves every goal, and a
/// goal predicate gets the grid's own moves, never a `NoPath` that the grid
/// would contradict.
#[test]
fn one_jump_point_graph_serves_every_goal_and_predicates() {
    let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    let jps = JumpPoints::new(&grid).unwrap();
    let goals = [Cell::new(7, 7), Cell::new(3, 0), Cell::new(0, 5)];
    jump_props::check_every_goal(&grid, &jps, &goals);
    // The case: cost 3 to (3, 0), after a search to (7, 7).
    let r = jump_props::search_jumps(&jps, Cell::new(0, 0), Cell::new(3, 0), |_| 0);
    assert_eq!(r.found().map(|p| p.cost), Some(3));
}

/// `graph::path_cost` checks steps against `successors` (the grid's single
/// moves), so it refuses jump point paths; `jump_points::path_cost` checks
/// them against the grid, for all three graphs, and refuses invalid ones.
#[test]
fn path_cost_checks_jump_point_paths_of_every_graph() {
    use pathseek::jump_points::{self, BlockJumpPoints, PrecomputedJumps};
    let mut grid = Grid::new(12, 8, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    for y in 0..6 {
        grid.set_passable(Cell::new(5, y), false).unwrap();
    }
    grid.set_passable(Cell::new(8, 6), false).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(11, 1));
    let h = grid.heuristic(goal);
    let plain = pathseek::astar(&grid, start, goal, h).into_path().unwrap();
    let online = JumpPoints::new(&grid).unwrap();
    let block = BlockJumpPoints::new(&grid).unwrap();
    let tables = PrecomputedJumps::new(&grid).unwrap();
    let paths = [
        jump_props::search_jumps(&online, start, goal, h)
            .into_path()
            .unwrap(),
        jump_props::search_jumps(&block, start, goal, h)
            .into_path()
            .unwrap(),
        jump_props::search_jumps(&tables.on(&grid).unwrap(), start, goal, h)
            .into_path()
            .unwrap(),
    ];
    for path in &paths {
        assert_eq!(path.cost, plain.cost);
        assert!(path.nodes.len() < plain.nodes.len());
        assert_eq!(jump_points::path_cost(&grid, &path.nodes), Some(path.cost));
        // The filled-in cells are a path of single moves, of the same cost.
        let cells = jump_points::fill_path(&path.nodes);
        assert_eq!(pathseek::graph::path_cost(&grid, &cells), Some(path.cost));
        // A jump point step is not an edge of `successors`.
        assert_eq!(pathseek::graph::path_cost(&online, &path.nodes), None);
    }
    // Through the wall, cutting its corner, a repeated point, off the grid,
    // from a blocked cell: not paths.
    let check = |points: &[Cell]| jump_points::path_cost(&grid, points);
    assert_eq!(check(&[Cell::new(4, 0), Cell::new(6, 0)]), None);
    assert_eq!(check(&[Cell::new(4, 6), Cell::new(6, 4)]), None);
    assert_eq!(check(&[Cell::new(4, 6), Cell::new(4, 6)]), None);
    assert_eq!(check(&[Cell::new(11, 0), Cell::new(12, 0)]), None);
    assert_eq!(check(&[Cell::new(5, 0), Cell::new(5, 7)]), None);
    // Round the wall's end: 3 diagonal moves then 1 straight, then 2 straight.
    let round = [Cell::new(1, 3), Cell::new(5, 6), Cell::new(7, 6)];
    assert_eq!(check(&round), Some(3 * 3 + 2 + 2 * 2));
    // One more step east enters the blocked (8, 6).
    assert_eq!(
        check(&[Cell::new(1, 3), Cell::new(5, 6), Cell::new(8, 6)]),
        None
    );
    assert_eq!(check(&[]), Some(0));
    assert_eq!(check(&[start]), Some(0));
    assert_eq!(check(&[Cell::new(5, 0)]), None);
}
