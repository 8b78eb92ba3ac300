//! Jump point search with precomputed jumps (`PrecomputedJumps`, JPS+): on
//! random grids its costs must equal a reference Dijkstra over the plain grid,
//! and its expansions must report exactly the edges of `BlockJumpPoints` (same
//! cells, costs and order) for every node, direction of arrival and goal; its
//! filled-in paths must be legal grid paths of that cost. On the MovingAI
//! scenario files of tests/data every cost must equal `BlockJumpPoints`' and
//! the optimal length. After edits, `sync` must give a graph equal to a
//! fresh build. Also: construction errors, blocked ends, predicates.

use crate::common;

use common::jump_props::{
    self, case, cell_of, check_answer, grid_of, Case, JpsCost, MapCase, Shape,
};
use pathseek::graph::Expansion;
use pathseek::jump_points::{BlockJumpPoints, JumpPointsError, PrecomputedJumps};
use pathseek::FollowMap;
use pathseek::{Cell, Connectivity, DenseIds, Graph, Grid, GridCosts};
use proptest::prelude::*;
use proptest::sample::Index;

// ---------------------------------------------------------------------------
// Random grids against Dijkstra and BlockJumpPoints
// ---------------------------------------------------------------------------

/// Every expansion of `pre` equals `block`'s (edges, costs, order) for the
/// goal `goal`: each cell, without a parent and arriving from each of the
/// eight directions.
fn same_expansions<C: JpsCost>(
    grid: &Grid<C>,
    pre: &PrecomputedJumps<C>,
    block: &BlockJumpPoints<'_, C>,
    goal: Cell,
) {
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let node = Cell::new(x, y);
            let mut parents = vec![None];
            for (dx, dy) in [
                (0, -1),
                (1, 0),
                (0, 1),
                (-1, 0),
                (1, -1),
                (1, 1),
                (-1, 1),
                (-1, -1),
            ] {
                // A parent two steps back (or further, off the grid: the
                // direction is what counts).
                parents.push(Some(Cell::new(
                    x.wrapping_add_signed(-2 * dx),
                    y.wrapping_add_signed(-2 * dy),
                )));
            }
            for parent in parents {
                let at = Expansion::new(node)
                    .with_parent(parent)
                    .with_goal(Some(goal));
                let (mut a, mut b) = (Vec::new(), Vec::new());
                pre.on(grid).unwrap().expand(at, &mut |c, k| a.push((c, k)));
                block.expand(at, &mut |c, k| b.push((c, k)));
                assert_eq!(a, b, "{node:?} from {parent:?} to {goal:?}");
            }
        }
    }
}

fn check_case<C: JpsCost>(case: &Case) {
    let grid = grid_of::<C>(case);
    let tables = PrecomputedJumps::new(&grid).unwrap();
    let pre = tables.on(&grid).unwrap();
    let block = BlockJumpPoints::new(&grid).unwrap();
    jump_props::check_queries(
        case,
        &grid,
        &pre,
        Shape::DiagonalThenStraight,
        |start, goal| {
            if grid.width() * grid.height() <= 28 * 28 {
                same_expansions(&grid, &tables, &block, goal);
            }
            // Exactly the cost of the block-based search (the same sums,
            // floats too).
            let h = grid.heuristic(goal);
            let a = jump_props::search_jumps(&pre, start, goal, h).into_path();
            let b = jump_props::search_jumps(&block, start, goal, h).into_path();
            assert_eq!(
                a.map(|p| p.cost),
                b.map(|p| p.cost),
                "{start:?} -> {goal:?}: precomputed and block-based jump points differ"
            );
        },
    );
}

#[test]
fn prop_precomputed_jumps_match_dijkstra_u32() {
    common::run_property(
        "prop_precomputed_jumps_match_dijkstra_u32",
        regressions_file!("precomputed_jumps"),
        case(true),
        |c| check_case::<u32>(&c),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn prop_precomputed_jumps_match_dijkstra_f64() {
    common::run_property(
        "prop_precomputed_jumps_match_dijkstra_f64",
        regressions_file!("precomputed_jumps"),
        case(true),
        |c| check_case::<f64>(&c),
    );
}

// ---------------------------------------------------------------------------
// Edits
// ---------------------------------------------------------------------------

/// A random grid, then a few cells toggled (each index into all cells).
fn edits() -> impl Strategy<Value = (Case, Vec<Index>)> {
    (case(true), prop::collection::vec(any::<Index>(), 1..=6))
}

fn check_edits<C: JpsCost>((case, toggles): (Case, Vec<Index>)) {
    let mut grid = grid_of::<C>(&case);
    let cells = (grid.width() * grid.height()) as usize;
    let mut pre = PrecomputedJumps::new(&grid).unwrap();
    // One at a time, each followed by its update.
    for t in &toggles[..toggles.len() / 2] {
        let c = cell_of(grid.width(), t.index(cells));
        let open = grid.is_passable(c);
        grid.set_passable(c, !open).unwrap();
        assert_eq!(pre.sync(&grid), Ok(1));
        assert!(
            pre == PrecomputedJumps::new(&grid).unwrap(),
            "after toggling {c:?}: the update differs from a fresh build"
        );
    }
    // Several edits, then their updates.
    let rest: Vec<Cell> = toggles[toggles.len() / 2..]
        .iter()
        .map(|t| cell_of(grid.width(), t.index(cells)))
        .collect();
    for &c in &rest {
        let open = grid.is_passable(c);
        grid.set_passable(c, !open).unwrap();
    }
    // A cell toggled an even number of times is back as it was.
    let mut sorted = rest.clone();
    sorted.sort_by_key(|c| (c.y, c.x));
    let odd = sorted
        .chunk_by(|a, b| a == b)
        .filter(|run| run.len() % 2 == 1)
        .count();
    assert_eq!(pre.sync(&grid), Ok(odd));
    let fresh = PrecomputedJumps::new(&grid).unwrap();
    assert!(
        pre == fresh,
        "after toggling {rest:?}: the updates differ from a fresh build"
    );
    // And it searches like the grid.
    let adj = common::adjacency(&grid);
    let open: Vec<usize> = (0..cells)
        .filter(|&i| grid.is_passable(cell_of(grid.width(), i)))
        .collect();
    for (s, g) in case.queries.iter().filter(|_| !open.is_empty()) {
        let (si, gi) = (open[s.index(open.len())], open[g.index(open.len())]);
        let (start, goal) = (cell_of(grid.width(), si), cell_of(grid.width(), gi));
        let r =
            jump_props::search_jumps(&pre.on(&grid).unwrap(), start, goal, grid.heuristic(goal))
                .into_path();
        check_answer(
            &grid,
            &adj,
            "after edits",
            (start, goal),
            r.map(|p| (p.nodes, p.cost)),
            common::dijkstra(&adj, si)[gi],
            Shape::DiagonalThenStraight,
        );
    }
}

#[test]
fn prop_updates_equal_a_fresh_build_u32() {
    common::run_property(
        "prop_updates_equal_a_fresh_build_u32",
        regressions_file!("precomputed_jumps"),
        edits(),
        check_edits::<u32>,
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn prop_updates_equal_a_fresh_build_f64() {
    common::run_property(
        "prop_updates_equal_a_fresh_build_f64",
        regressions_file!("precomputed_jumps"),
        edits(),
        check_edits::<f64>,
    );
}

/// Walls drawn and erased on den520d, each followed by its update: always
/// equal to a fresh build, and searches agree with `BlockJumpPoints`.
#[test]
fn den520d_edits_update_like_a_rebuild() {
    let (map, scenarios) = common::load_movingai("den520d");
    let mut grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let mut pre = PrecomputedJumps::new(&grid).unwrap();
    let cells: Vec<Cell> = (0..60)
        .map(|i| Cell::new((i * 37 + 11) % grid.width(), (i * 53 + 7) % grid.height()))
        .collect();
    for (round, &c) in cells.iter().enumerate() {
        let open = grid.is_passable(c);
        grid.set_passable(c, !open).unwrap();
        assert_eq!(pre.sync(&grid), Ok(1));
        if round % 10 == 9 {
            assert!(pre == PrecomputedJumps::new(&grid).unwrap(), "after {c:?}");
        }
    }
    let block = BlockJumpPoints::new(&grid).unwrap();
    for sc in scenarios.iter().step_by(13) {
        let h = grid.heuristic(sc.goal);
        let a = jump_props::search_jumps(&pre.on(&grid).unwrap(), sc.start, sc.goal, h);
        let b = jump_props::search_jumps(&block, sc.start, sc.goal, h);
        assert_eq!(a.found().map(|p| p.cost), b.found().map(|p| p.cost));
        assert_eq!(a.error(), b.error());
    }
}

/// A grid of another size, other costs or with terrain is refused, and the
/// graph is left as it was.
#[test]
fn sync_refuses_another_grid() {
    let costs = GridCosts::<u32>::exact_octile();
    let grid = Grid::new(12, 9, Connectivity::Eight, costs).unwrap();
    let mut pre = PrecomputedJumps::new(&grid).unwrap();
    let built = pre.clone();
    let mut other = Grid::new(9, 12, Connectivity::Eight, costs).unwrap();
    other.set_passable(Cell::new(3, 3), false).unwrap();
    assert_eq!(pre.sync(&other), Err(JumpPointsError::WrongGrid));
    let cheaper = Grid::new(12, 9, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    assert_eq!(pre.sync(&cheaper), Err(JumpPointsError::WrongGrid));
    let mut rough = grid.clone();
    rough.set_passable(Cell::new(1, 1), false).unwrap();
    rough.set_terrain(Cell::new(5, 5), 3).unwrap();
    assert_eq!(pre.sync(&rough), Err(JumpPointsError::Terrain));
    assert!(pre == built, "a refused sync changed the graph");
    assert_eq!(pre.sync(&grid), Ok(0));
    assert!(JumpPointsError::WrongGrid
        .to_string()
        .contains("another size"));
}

// ---------------------------------------------------------------------------
// MovingAI maps
// ---------------------------------------------------------------------------

/// Every scenario of `name`: exact integer cost equal to `BlockJumpPoints`'
/// and at the optimal length, float length optimal too, filled path a legal
/// grid path of that cost. Returns (precomputed, block) expansions.
fn check_map(name: &str, unreachable: usize) -> (u64, u64) {
    let map = MapCase::load(name);
    let (exact, float) = (
        PrecomputedJumps::new(&map.exact).unwrap(),
        PrecomputedJumps::new(&map.float).unwrap(),
    );
    map.check(
        &exact.on(&map.exact).unwrap(),
        &float.on(&map.float).unwrap(),
        &BlockJumpPoints::new(&map.exact).unwrap(),
        "precomputed and block-based jump points",
        unreachable,
    )
}

#[test]
fn den520d_every_scenario_as_block_jump_points_and_optimal() {
    let (pre, block) = check_map("den520d", 0);
    // The same edges in the same order: the same expansions.
    assert_eq!(pre, block);
}

#[test]
fn rmtst01_every_scenario_and_two_unreachable() {
    check_map("rmtst01", 2);
}

#[test]
fn arena_every_scenario_as_block_jump_points_and_optimal() {
    check_map("arena", 0);
}

// ---------------------------------------------------------------------------
// Edges of the contract
// ---------------------------------------------------------------------------

#[test]
fn grids_jump_points_cannot_serve_are_refused() {
    jump_props::check_refusals(|grid| PrecomputedJumps::new(grid).map(drop));
}

#[test]
fn blocked_or_outside_ends_are_errors_not_searches() {
    let grid = jump_props::blocked_ends_grid();
    let tables = PrecomputedJumps::new(&grid).unwrap();
    jump_props::check_blocked_ends(&grid, &tables.on(&grid).unwrap());
    // An isolated open cell (no moves) is still a node: start = goal works.
    let lone = Grid::from_fn(3, 3, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        c == Cell::new(1, 1)
    })
    .unwrap();
    let jps = PrecomputedJumps::new(&lone).unwrap();
    let c = Cell::new(1, 1);
    let r = jump_props::search_jumps(&jps.on(&lone).unwrap(), c, c, lone.heuristic(c));
    assert_eq!(r.found().map(|p| p.cost), Some(0));
}

/// One graph serves every goal; a goal predicate gets the grid's own moves.
#[test]
fn one_graph_serves_every_goal_and_predicates() {
    let grid = Grid::new(130, 70, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    let tables = PrecomputedJumps::new(&grid).unwrap();
    let jps = tables.on(&grid).unwrap();
    let goals = [
        Cell::new(129, 69),
        Cell::new(3, 0),
        Cell::new(0, 5),
        Cell::new(100, 2),
    ];
    jump_props::check_every_goal(&grid, &jps, &goals);
    // Without a goal the successors are the grid's moves, in the grid's order.
    let mut mine = Vec::new();
    let mut its = Vec::new();
    jps.successors(Cell::new(5, 5), |c, k| mine.push((c, k)));
    grid.successors(Cell::new(5, 5), |c, k| its.push((c, k)));
    assert_eq!(mine, its);
    assert_eq!(tables.size(), (130, 70));
    assert_eq!(jps.node_count(), grid.node_count());
    assert_eq!(jps.node_at(131), grid.node_at(131));
    assert_eq!(
        jps.node_index(Cell::new(7, 3)),
        grid.node_index(Cell::new(7, 3))
    );
}
