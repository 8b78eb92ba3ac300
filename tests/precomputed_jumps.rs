//! Jump point search with precomputed jumps (`PrecomputedJumps`, JPS+): on
//! random grids its costs must equal a reference Dijkstra over the plain grid,
//! and its expansions must report exactly the edges of `BlockJumpPoints` (same
//! cells, costs and order) for every node, direction of arrival and goal; its
//! filled-in paths must be legal grid paths of that cost. On the MovingAI
//! scenario files of tests/data every cost must equal `BlockJumpPoints`' and
//! the optimal length. After edits, `update` must give a graph equal to a
//! fresh build. Also: construction errors, blocked ends, predicates.

#[macro_use]
mod common;

use common::jump_props::{case, cell_of, check_answer, grid_of, Case, JpsCost, NoPruning, Shape};
use pathseek::closed_set::{HashStore, IndexedStore};
use pathseek::graph::Expansion;
use pathseek::grid::{BlockJumpPoints, PrecomputedJumps, EXACT_OCTILE_SCALE};
use pathseek::jump_points::{self, JumpPointsError};
use pathseek::open_set::{BinaryHeap, DaryHeap};
use pathseek::{AStar, Cell, Connectivity, Graph, Grid, GridCosts, SearchError, SearchResult};
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
                pre.expand(at, &mut |c, k| a.push((c, k)));
                block.expand(at, &mut |c, k| b.push((c, k)));
                assert_eq!(a, b, "{node:?} from {parent:?} to {goal:?}");
            }
        }
    }
}

fn check_case<C: JpsCost>(case: &Case) {
    let w = case.width;
    let grid = grid_of::<C>(case);
    let adj = common::adjacency(&grid);
    let passable: Vec<usize> = (0..adj.len()).filter(|&i| !case.blocked[i]).collect();
    if passable.is_empty() {
        return;
    }
    let pre = PrecomputedJumps::new(&grid).unwrap();
    let block = BlockJumpPoints::new(&grid).unwrap();
    let mut engine = AStar::new(DaryHeap::<C, 4>::new(), IndexedStore::new());
    let mut hashed = AStar::new(BinaryHeap::new(), HashStore::new());
    for (s, g) in &case.queries {
        let (si, gi) = (
            passable[s.index(passable.len())],
            passable[g.index(passable.len())],
        );
        let (start, goal) = (cell_of(w, si), cell_of(w, gi));
        let want = common::dijkstra(&adj, si)[gi];
        let h = grid.heuristic(goal);
        if grid.width() * grid.height() <= 28 * 28 {
            same_expansions(&grid, &pre, &block, goal);
        }
        let check = |what: &str, r: SearchResult<Cell, C>| {
            let found = r.into_path().map(|p| (p.nodes, p.cost));
            check_answer(
                &grid,
                &adj,
                what,
                (start, goal),
                found,
                want,
                Shape::DiagonalThenStraight,
            );
        };
        check("astar()", pathseek::astar(&pre, start, goal, h));
        check("reused DaryHeap<4>", engine.search(&pre, start, goal, h));
        check("HashStore", hashed.search(&pre, start, goal, h));
        check(
            "all eight rays",
            pathseek::astar(&NoPruning(&pre), start, goal, h),
        );
        // Exactly the cost of the block-based search (the same sums, floats too).
        let a = pathseek::astar(&pre, start, goal, h).into_path();
        let b = pathseek::astar(&block, start, goal, h).into_path();
        assert_eq!(
            a.map(|p| p.cost),
            b.map(|p| p.cost),
            "{start:?} -> {goal:?}: precomputed and block-based jump points differ"
        );
    }
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
        let r = pathseek::astar(&pre, start, goal, grid.heuristic(goal)).into_path();
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
        let a = pathseek::astar(&pre, sc.start, sc.goal, h);
        let b = pathseek::astar(&block, sc.start, sc.goal, h);
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
    let (map, scenarios) = common::load_movingai(name);
    let exact = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let float = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    let pre = PrecomputedJumps::new(&exact).unwrap();
    let block = BlockJumpPoints::new(&exact).unwrap();
    let pre_f = PrecomputedJumps::new(&float).unwrap();
    let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut reference = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut float_engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let (mut pre_expanded, mut block_expanded, mut nopath) = (0, 0, 0);
    let mut cells = Vec::new();
    for (i, sc) in scenarios.iter().enumerate() {
        let line = i + 2;
        let h = exact.heuristic(sc.goal);
        let r = engine.search(&pre, sc.start, sc.goal, h);
        let old = reference.search(&block, sc.start, sc.goal, h);
        pre_expanded += r.stats.expanded;
        block_expanded += old.stats.expanded;
        assert_eq!(
            r.found().map(|p| p.cost),
            old.found().map(|p| p.cost),
            "{name} line {line}: precomputed and block-based jump points differ"
        );
        let rf = float_engine.search(&pre_f, sc.start, sc.goal, float.heuristic(sc.goal));
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
            }
            (None, None) => {
                assert!(sc.expects_no_path(), "{name} line {line}: no path found");
                nopath += 1;
            }
            _ => panic!("{name} line {line}: exact and float searches disagree"),
        }
    }
    assert_eq!(nopath, unreachable, "{name}: scenarios without a path");
    (pre_expanded, block_expanded)
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
    let four = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    assert_eq!(
        PrecomputedJumps::new(&four).unwrap_err(),
        JumpPointsError::NotEightConnected
    );
    let mut terrain = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    terrain.set_terrain(Cell::new(1, 1), 2).unwrap();
    assert_eq!(
        PrecomputedJumps::new(&terrain).unwrap_err(),
        JumpPointsError::Terrain
    );
    for (s, d) in [(5u32, 3u32), (2, 5)] {
        let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(s, d)).unwrap();
        assert_eq!(
            PrecomputedJumps::new(&grid).unwrap_err(),
            JumpPointsError::UnsupportedCosts,
            "costs {s} / {d}"
        );
    }
    let big = u32::MAX / 3;
    let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(big, big)).unwrap();
    assert_eq!(
        PrecomputedJumps::new(&grid).unwrap_err(),
        JumpPointsError::CostOverflow
    );
}

#[test]
fn blocked_or_outside_ends_are_errors_not_searches() {
    let mut grid = Grid::new(6, 6, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    grid.set_passable(Cell::new(3, 3), false).unwrap();
    let jps = PrecomputedJumps::new(&grid).unwrap();
    let goal = Cell::new(3, 3);
    let r = pathseek::astar(&jps, Cell::new(0, 0), goal, grid.heuristic(goal));
    assert_eq!(r.error(), Some(&SearchError::GoalBlocked { node: goal }));
    let (start, goal) = (Cell::new(3, 3), Cell::new(5, 5));
    let r = pathseek::astar(&jps, start, goal, grid.heuristic(goal));
    assert_eq!(r.error(), Some(&SearchError::StartBlocked { node: start }));
    let outside = Cell::new(9, 0);
    let r = pathseek::astar(&jps, Cell::new(0, 0), outside, grid.heuristic(outside));
    assert_eq!(r.error(), Some(&SearchError::GoalBlocked { node: outside }));
    // An isolated open cell (no moves) is still a node: start = goal works.
    let lone = Grid::from_fn(3, 3, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        c == Cell::new(1, 1)
    })
    .unwrap();
    let jps = PrecomputedJumps::new(&lone).unwrap();
    let c = Cell::new(1, 1);
    let r = pathseek::astar(&jps, c, c, lone.heuristic(c));
    assert_eq!(r.found().map(|p| p.cost), Some(0));
}

/// One graph serves every goal; a goal predicate gets the grid's own moves.
#[test]
fn one_graph_serves_every_goal_and_predicates() {
    let grid = Grid::new(130, 70, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    let jps = PrecomputedJumps::new(&grid).unwrap();
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    for goal in [
        Cell::new(129, 69),
        Cell::new(3, 0),
        Cell::new(0, 5),
        Cell::new(100, 2),
    ] {
        let h = grid.heuristic(goal);
        let plain = pathseek::astar(&grid, Cell::new(0, 0), goal, h).into_path();
        let jumped = engine.search(&jps, Cell::new(0, 0), goal, h).into_path();
        assert_eq!(
            jumped.map(|p| p.cost),
            plain.map(|p| p.cost),
            "goal {goal:?}"
        );
    }
    let until = pathseek::astar_until(&jps, Cell::new(0, 0), |c| c.x == 3 && c.y == 5, |_| 0);
    assert_eq!(until.found().map(|p| p.cost), Some(5));
    // Without a goal the successors are the grid's moves, in the grid's order.
    let mut mine = Vec::new();
    let mut its = Vec::new();
    jps.successors(Cell::new(5, 5), |c, k| mine.push((c, k)));
    grid.successors(Cell::new(5, 5), |c, k| its.push((c, k)));
    assert_eq!(mine, its);
    assert_eq!(jps.size(), (130, 70));
    assert_eq!(jps.node_count(), grid.node_count());
    assert_eq!(jps.node_at(131), grid.node_at(131));
    assert_eq!(
        jps.node_index(Cell::new(7, 3)),
        grid.node_index(Cell::new(7, 3))
    );
}
