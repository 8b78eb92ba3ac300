//! Block-based jump point search (`BlockJumpPoints`): on random grids its costs
//! must equal a reference Dijkstra over the plain grid and those of the
//! cell-by-cell `JumpPoints`, its filled-in paths must be legal grid paths of
//! that cost; on the MovingAI scenario files of tests/data every cost must equal
//! `JumpPoints`' and the optimal length; a warm search must not allocate.
//! Also: construction errors, blocked ends, edits, and the graph without a
//! parent (all eight rays from every node).

#[macro_use]
mod common;

use common::jump_props::{case, cell_of, check_answer, grid_of, Case, JpsCost, NoPruning, Shape};
use pathseek::closed_set::{HashStore, IndexedStore};
use pathseek::grid::{BlockJumpPoints, EXACT_OCTILE_SCALE};
use pathseek::jump_points::{self, JumpPoints, JumpPointsError};
use pathseek::open_set::{BinaryHeap, DaryHeap};
use pathseek::{AStar, Cell, Connectivity, Graph, Grid, GridCosts, SearchError, SearchResult};

// ---------------------------------------------------------------------------
// Random grids against Dijkstra
// ---------------------------------------------------------------------------

fn check_case<C: JpsCost>(case: &Case) {
    let w = case.width;
    let grid = grid_of::<C>(case);
    let adj = common::adjacency(&grid);
    let passable: Vec<usize> = (0..adj.len()).filter(|&i| !case.blocked[i]).collect();
    if passable.is_empty() {
        return;
    }
    let block = BlockJumpPoints::new(&grid).unwrap();
    let cells = JumpPoints::new(&grid).unwrap();
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
        check("astar()", pathseek::astar(&block, start, goal, h));
        check("reused DaryHeap<4>", engine.search(&block, start, goal, h));
        check("HashStore", hashed.search(&block, start, goal, h));
        check(
            "all eight rays",
            pathseek::astar(&NoPruning(&block), start, goal, h),
        );
        // The same cost as the cell-by-cell search (floats: up to the rounding
        // of sums taken in another order).
        let cell_by_cell = pathseek::astar(&cells, start, goal, h).into_path();
        let blocked = pathseek::astar(&block, start, goal, h).into_path();
        let same = match (blocked.map(|p| p.cost), cell_by_cell.map(|p| p.cost)) {
            (Some(a), Some(b)) => common::close(a, b, C::tolerance()),
            (a, b) => a.is_none() && b.is_none(),
        };
        assert!(
            same,
            "{start:?} -> {goal:?}: block-based and cell-by-cell jump points differ"
        );
    }
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
    let (map, scenarios) = common::load_movingai(name);
    let exact = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let float = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    let block = BlockJumpPoints::new(&exact).unwrap();
    let cells_jps = JumpPoints::new(&exact).unwrap();
    let block_f = BlockJumpPoints::new(&float).unwrap();
    let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut reference = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut float_engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let (mut block_expanded, mut cell_expanded, mut nopath) = (0, 0, 0);
    let mut cells = Vec::new();
    for (i, sc) in scenarios.iter().enumerate() {
        let line = i + 2;
        let h = exact.heuristic(sc.goal);
        let r = engine.search(&block, sc.start, sc.goal, h);
        let old = reference.search(&cells_jps, sc.start, sc.goal, h);
        block_expanded += r.stats.expanded;
        cell_expanded += old.stats.expanded;
        assert_eq!(
            r.found().map(|p| p.cost),
            old.found().map(|p| p.cost),
            "{name} line {line}: block-based and cell-by-cell jump points differ"
        );
        let rf = float_engine.search(&block_f, sc.start, sc.goal, float.heuristic(sc.goal));
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
    (block_expanded, cell_expanded)
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
    let four = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    assert_eq!(
        BlockJumpPoints::new(&four).unwrap_err(),
        JumpPointsError::NotEightConnected
    );
    let mut terrain = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    terrain.set_terrain(Cell::new(1, 1), 2).unwrap();
    assert_eq!(
        BlockJumpPoints::new(&terrain).unwrap_err(),
        JumpPointsError::Terrain
    );
    for (s, d) in [(5u32, 3u32), (2, 5)] {
        let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(s, d)).unwrap();
        assert_eq!(
            BlockJumpPoints::new(&grid).unwrap_err(),
            JumpPointsError::UnsupportedCosts,
            "costs {s} / {d}"
        );
    }
    let big = u32::MAX / 3;
    let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(big, big)).unwrap();
    assert_eq!(
        BlockJumpPoints::new(&grid).unwrap_err(),
        JumpPointsError::CostOverflow
    );
}

#[test]
fn blocked_or_outside_ends_are_errors_not_searches() {
    let mut grid = Grid::new(6, 6, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    grid.set_passable(Cell::new(3, 3), false).unwrap();
    let jps = BlockJumpPoints::new(&grid).unwrap();
    let goal = Cell::new(3, 3);
    let r = pathseek::astar(&jps, Cell::new(0, 0), goal, grid.heuristic(goal));
    assert_eq!(r.error(), Some(&SearchError::GoalBlocked { node: goal }));
    let (start, goal) = (Cell::new(3, 3), Cell::new(5, 5));
    let r = pathseek::astar(&jps, start, goal, grid.heuristic(goal));
    assert_eq!(r.error(), Some(&SearchError::StartBlocked { node: start }));
    let outside = Cell::new(9, 0);
    let r = pathseek::astar(&jps, Cell::new(0, 0), outside, grid.heuristic(outside));
    assert_eq!(r.error(), Some(&SearchError::GoalBlocked { node: outside }));
}

#[test]
fn start_equal_to_goal_walled_off_goal_and_edits() {
    let mut grid = Grid::new(7, 7, Connectivity::Eight, GridCosts::float_octile()).unwrap();
    let goal = Cell::new(5, 5);
    let jps = BlockJumpPoints::new(&grid).unwrap();
    let r = pathseek::astar(&jps, goal, goal, grid.heuristic(goal));
    assert_eq!(
        r.found().map(|p| (p.nodes.clone(), p.cost)),
        Some((vec![goal], 0.0))
    );
    // A ring of walls round the goal, made after the first graph: a new graph
    // sees it, and finds no path.
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
    let jps = BlockJumpPoints::new(&grid).unwrap();
    let r = pathseek::astar(&jps, Cell::new(0, 0), goal, grid.heuristic(goal));
    assert!(r.found().is_none() && r.error().is_none());
    // Opened again at (5, 4): the path goes round.
    grid.set_passable(Cell::new(5, 4), true).unwrap();
    let jps = BlockJumpPoints::new(&grid).unwrap();
    let r = pathseek::astar(&jps, Cell::new(0, 0), goal, grid.heuristic(goal));
    let plain = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
    assert_eq!(r.found().map(|p| p.cost), plain.found().map(|p| p.cost));
    assert!(r.found().is_some());
}

/// One graph serves every goal; a goal predicate gets the grid's own moves.
#[test]
fn one_graph_serves_every_goal_and_predicates() {
    let grid = Grid::new(130, 70, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    let jps = BlockJumpPoints::new(&grid).unwrap();
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
}
