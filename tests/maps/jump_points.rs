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
fn prop_jump_points_match_dijkstra_f64() {
    common::run_property(
        "prop_jump_points_match_dijkstra_f64",
        regressions_file!("jump_points"),
        case(false),
        |c| check_case::<f64>(&c),
    );
}

#[test]
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
        pathseek::astar(&jps, start, goal, grid.heuristic(goal))
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
    let r = pathseek::astar(&jps, Cell::new(0, 0), Cell::new(3, 0), |_| 0);
    assert_eq!(r.found().map(|p| p.cost), Some(3));
}
