//! Block-based jump point search (`BlockJumpPoints`): on random grids its costs
//! must equal a reference Dijkstra over the plain grid and those of the
//! cell-by-cell `JumpPoints`, its filled-in paths must be legal grid paths of
//! that cost; on the MovingAI scenario files of tests/data every cost must equal
//! `JumpPoints`' and the optimal length; a warm search must not allocate.
//! Also: construction errors, blocked ends, edits, and the graph without a
//! parent (all eight rays from every node).

use crate::common;

use common::jump_props::{self, case, grid_of, Case, JpsCost, MapCase, Shape};
use pathseek::jump_points::{BlockJumpPoints, JumpPoints};
use pathseek::{Cell, Connectivity, Grid, GridCosts};

// ---------------------------------------------------------------------------
// Random grids against Dijkstra
// ---------------------------------------------------------------------------

fn check_case<C: JpsCost>(case: &Case) {
    let grid = grid_of::<C>(case);
    let block = BlockJumpPoints::new(&grid).unwrap();
    let cells = JumpPoints::new(&grid).unwrap();
    jump_props::check_queries(
        case,
        &grid,
        &block,
        Shape::DiagonalThenStraight,
        |start, goal| {
            // The same cost as the cell-by-cell search (floats: up to the
            // rounding of sums taken in another order).
            let h = grid.heuristic(goal);
            let cell_by_cell = pathseek::astar(&cells, start, goal, h).into_path();
            let blocked = jump_props::search_jumps(&block, start, goal, h).into_path();
            let same = match (blocked.map(|p| p.cost), cell_by_cell.map(|p| p.cost)) {
                (Some(a), Some(b)) => common::close(a, b, C::tolerance()),
                (a, b) => a.is_none() && b.is_none(),
            };
            assert!(
                same,
                "{start:?} -> {goal:?}: block-based and cell-by-cell jump points differ"
            );
        },
    );
}

#[test]
fn prop_block_jump_points_match_dijkstra_u32() {
    common::run_property(
        "prop_block_jump_points_match_dijkstra_u32",
        regressions_file!("block_jump_points"),
        case(true),
        |c| check_case::<u32>(&c),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn prop_block_jump_points_match_dijkstra_f64() {
    common::run_property(
        "prop_block_jump_points_match_dijkstra_f64",
        regressions_file!("block_jump_points"),
        case(true),
        |c| check_case::<f64>(&c),
    );
}

// ---------------------------------------------------------------------------
// MovingAI maps
// ---------------------------------------------------------------------------

/// Every scenario of `name`: exact integer cost equal to `JumpPoints`' and at
/// the optimal length, float length optimal too, filled path a legal grid
/// path of that cost. Returns (block expansions, cell-by-cell expansions).
fn check_map(name: &str, unreachable: usize) -> (u64, u64) {
    let map = MapCase::load(name);
    map.check(
        &BlockJumpPoints::new(&map.exact).unwrap(),
        &BlockJumpPoints::new(&map.float).unwrap(),
        &JumpPoints::new(&map.exact).unwrap(),
        "block-based and cell-by-cell jump points",
        unreachable,
    )
}

#[test]
fn den520d_every_scenario_as_jump_points_and_optimal() {
    let (block, cells) = check_map("den520d", 0);
    // The stronger pruning never expands the intermediate diagonal cells.
    assert!(
        block < cells,
        "block jump points expanded {block} nodes, cell-by-cell {cells}"
    );
}

#[test]
fn rmtst01_every_scenario_as_jump_points_and_two_unreachable() {
    check_map("rmtst01", 2);
}

#[test]
fn arena_every_scenario_as_jump_points_and_optimal() {
    check_map("arena", 0);
}

// ---------------------------------------------------------------------------
// Edges of the contract
// ---------------------------------------------------------------------------

#[test]
fn grids_jump_points_cannot_serve_are_refused() {
    jump_props::check_refusals(|grid| BlockJumpPoints::new(grid).map(drop));
}

#[test]
fn blocked_or_outside_ends_are_errors_not_searches() {
    let grid = jump_props::blocked_ends_grid();
    jump_props::check_blocked_ends(&grid, &BlockJumpPoints::new(&grid).unwrap());
}

#[test]
fn start_equal_to_goal_walled_off_goal_and_edits() {
    let search = |grid: &Grid<f64>, start, goal| {
        let jps = BlockJumpPoints::new(grid).unwrap();
        jump_props::search_jumps(&jps, start, goal, grid.heuristic(goal))
    };
    // The ring of walls round the goal is made after the first graph: a new
    // graph sees it, and finds no path.
    let (mut grid, goal) = jump_props::check_start_is_goal_and_walled_off(search);
    // Opened again at (5, 4): the path goes round.
    grid.set_passable(Cell::new(5, 4), true).unwrap();
    let r = search(&grid, Cell::new(0, 0), goal);
    let plain = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
    assert_eq!(r.found().map(|p| p.cost), plain.found().map(|p| p.cost));
    assert!(r.found().is_some());
}

/// One graph serves every goal; a goal predicate gets the grid's own moves.
#[test]
fn one_graph_serves_every_goal_and_predicates() {
    let grid = Grid::new(130, 70, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    let jps = BlockJumpPoints::new(&grid).unwrap();
    let goals = [
        Cell::new(129, 69),
        Cell::new(3, 0),
        Cell::new(0, 5),
        Cell::new(100, 2),
    ];
    jump_props::check_every_goal(&grid, &jps, &goals);
}
