//! A living map: a search spread over frames while the grid is edited
//! between them. Every answer is checked against a fresh search on the grid
//! as it is, and every path found against the grid (`graph::path_cost`).
//! The first three tests are the cases that once gave a wrong answer
//! without an error: a cell blocked on the partial path, a wall opened, the
//! goal blocked mid-search; then a goal cut off mid-search, found out at
//! once through component labels.

use crate::common::{self, Lcg};
use pathseek::components::GridComponents;
use pathseek::graph::path_cost;
use pathseek::open_set::DaryHeap;
use pathseek::store::{HashStore, IndexedStore};
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, SearchError, Status};
use proptest::prelude::*;

type GridQuery = Query<Cell, u32, pathseek::grid::GridHeuristic<u32>>;

fn query(grid: &Grid<u32>, start: Cell, goal: Cell) -> GridQuery {
    Query::new(start, goal, pathseek::grid::GridHeuristic::new(grid, goal))
}

/// The cost of a fresh search on the grid as it is.
fn fresh(grid: &Grid<u32>, start: Cell, goal: Cell) -> Option<u32> {
    pathseek::astar(grid, start, goal, grid.heuristic(goal))
        .found()
        .map(|p| p.cost)
}

/// Advances until the search ends, in frames of `budget` expansions.
fn run_out<S: pathseek::ClosedSet<Grid<u32>>>(
    search: &mut AStar<DaryHeap<u32, 4>, S, GridQuery>,
    grid: &Grid<u32>,
    budget: u64,
) -> Status<Cell, u32> {
    for _ in 0..100_000 {
        let s = search.advance(grid, budget);
        if s != Status::InProgress {
            return s;
        }
    }
    panic!("the search never ended");
}

/// A found path is valid on the grid and costs what the status says.
fn check_found(
    search: &AStar<DaryHeap<u32, 4>, IndexedStore<u32>, GridQuery>,
    grid: &Grid<u32>,
    cost: u32,
) {
    let mut path = Vec::new();
    assert_eq!(search.path_into(grid, &mut path), Some(cost));
    assert_eq!(
        path_cost(grid, &path),
        Some(cost),
        "the path is valid on the grid now"
    );
}

#[test]
fn a_cell_blocked_on_the_partial_path_is_not_crossed() {
    let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let (start, goal) = (Cell::new(0, 32), Cell::new(63, 32));
    let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    search.start(&grid, query(&grid, start, goal));
    search.advance(&grid, 16);
    search.advance(&grid, 16);
    let mut partial = Vec::new();
    search
        .path_into(&grid, &mut partial)
        .expect("a partial path");
    let on_path = partial[partial.len() / 2];
    assert_ne!(on_path, start);
    grid.set_passable(on_path, false).unwrap();
    let Status::Found { cost } = run_out(&mut search, &grid, 16) else {
        panic!("a way round the blocked cell")
    };
    assert_eq!(Some(cost), fresh(&grid, start, goal));
    check_found(&search, &grid, cost);
    assert_eq!(search.stats().restarts, 1);
}

#[test]
fn a_wall_opened_mid_search_gives_the_new_best_path() {
    // A wall down column 32 with one door at the bottom; the door nearer the
    // straight line opens while the search walks round.
    let mut grid = Grid::from_fn(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        c.x != 32 || c.y == 63
    })
    .unwrap();
    let (start, goal) = (Cell::new(10, 10), Cell::new(54, 10));
    let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    search.start(&grid, query(&grid, start, goal));
    search.advance(&grid, 200);
    grid.set_passable(Cell::new(32, 10), true).unwrap();
    let Status::Found { cost } = run_out(&mut search, &grid, 200) else {
        panic!("found")
    };
    assert_eq!(Some(cost), fresh(&grid, start, goal));
    assert_eq!(cost, 44 * 2, "straight through the opened door");
    check_found(&search, &grid, cost);
}

#[test]
fn a_goal_blocked_mid_search_is_an_error_at_the_next_advance() {
    let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(63, 63));
    let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    search.start(&grid, query(&grid, start, goal));
    search.advance(&grid, 8);
    grid.set_passable(goal, false).unwrap();
    let mut path = vec![start];
    assert_eq!(
        search.path_into(&grid, &mut path),
        None,
        "stale until advanced"
    );
    assert!(path.is_empty());
    assert_eq!(
        search.advance(&grid, 8),
        Status::Error(SearchError::GoalBlocked { node: goal })
    );
    assert_eq!(
        search.stats().expanded,
        0,
        "nothing explored to find it out"
    );
}

/// An error describes the map as it is: after `GoalBlocked` or
/// `StartBlocked`, once the cell is open again, the next `advance` searches
/// (issue "No silent answer at the seams": the old error was answered again
/// in 7,595 of 360,000 frames).
#[test]
fn an_error_is_checked_again_when_the_map_changes() {
    let mut grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(15, 15));
    let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    grid.set_passable(goal, false).unwrap();
    assert_eq!(
        search.start(&grid, query(&grid, start, goal)),
        Status::Error(SearchError::GoalBlocked { node: goal })
    );
    // Unchanged map: the same error, nothing searched.
    assert_eq!(
        search.advance(&grid, 1000),
        Status::Error(SearchError::GoalBlocked { node: goal })
    );
    grid.set_passable(goal, true).unwrap();
    let fresh = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    let cost = fresh.found().expect("open again").cost;
    assert_eq!(search.advance(&grid, 1000), Status::Found { cost });
    // The same with the start.
    grid.set_passable(start, false).unwrap();
    assert_eq!(
        search.start(&grid, query(&grid, start, goal)),
        Status::Error(SearchError::StartBlocked { node: start })
    );
    grid.set_passable(start, true).unwrap();
    assert_eq!(search.advance(&grid, 1000), Status::Found { cost });
}

/// The goal's corner of a 64 x 64 grid walled off (columns and rows 56..64
/// behind a wall at 56), through the labels, so they stay current.
fn wall_off_corner(grid: &mut Grid<u32>, parts: &mut GridComponents) {
    for i in 56..64 {
        parts.block(grid, Cell::new(56, i)).unwrap();
        parts.block(grid, Cell::new(i, 56)).unwrap();
    }
}

#[test]
fn a_goal_cut_off_mid_search_is_no_path_at_the_next_advance_within() {
    let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let mut parts = GridComponents::new(&grid);
    let (start, goal) = (Cell::new(0, 0), Cell::new(63, 63));
    let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut plain = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    search.start_within(
        &grid,
        &parts.reach(&grid).unwrap(),
        query(&grid, start, goal),
    );
    plain.start(&grid, query(&grid, start, goal));
    let reach = parts.reach(&grid).unwrap();
    assert_eq!(search.advance_within(&grid, &reach, 8), Status::InProgress);
    assert_eq!(plain.advance(&grid, 8), Status::InProgress);
    wall_off_corner(&mut grid, &mut parts);
    assert_eq!(fresh(&grid, start, goal), None);

    let expanded = search.stats().expanded;
    let reach = parts.reach(&grid).unwrap();
    assert_eq!(search.advance_within(&grid, &reach, 8), Status::NoPath);
    assert_eq!(
        search.stats().expanded,
        expanded,
        "found out without expanding"
    );
    assert_eq!(search.advance_within(&grid, &reach, 8), Status::NoPath);
    // Without the labels the same search finds it out by exhausting the
    // start's side of the wall.
    assert_eq!(run_out(&mut plain, &grid, 64), Status::NoPath);
    assert!(plain.stats().expanded > 64 * 64 - 16 * 16);
}

#[test]
fn a_goal_cut_off_mid_search_with_the_fallback_heads_for_the_nearest_reachable_cell() {
    let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let mut parts = GridComponents::new(&grid);
    let (start, goal) = (Cell::new(0, 0), Cell::new(63, 63));
    let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let q = query(&grid, start, goal).fallback_to_nearest();
    search.start_within(&grid, &parts.reach(&grid).unwrap(), q);
    search.advance_within(&grid, &parts.reach(&grid).unwrap(), 8);
    wall_off_corner(&mut grid, &mut parts);
    let reach = parts.reach(&grid).unwrap();
    let status = loop {
        let s = search.advance_within(&grid, &reach, 64);
        if s != Status::InProgress {
            break s;
        }
    };
    // The open cells nearest the goal: 8 cells straight up or left of it.
    let nearest = search.goal().unwrap();
    assert!(
        [Cell::new(63, 55), Cell::new(55, 63)].contains(&nearest),
        "{nearest:?}"
    );
    let cost = fresh(&grid, start, nearest).unwrap();
    assert_eq!(cost, 55 * 3 + 8 * 2);
    assert_eq!(status, Status::Found { cost });
    assert_eq!(search.stats().restarts, 1);
    check_found(&search, &grid, cost);
}

#[test]
fn edits_out_of_the_searchs_sight_do_not_restart_it() {
    let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(40, 0));
    let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    search.start(&grid, query(&grid, start, goal));
    search.advance(&grid, 5);
    grid.set_passable(Cell::new(60, 60), false).unwrap(); // far from anything seen
    let Status::Found { cost } = run_out(&mut search, &grid, 5) else {
        panic!("found")
    };
    assert_eq!(search.stats().restarts, 0);
    assert_eq!(Some(cost), fresh(&grid, start, goal));
    // A found path read after an edit elsewhere is still given ...
    grid.set_passable(Cell::new(60, 59), false).unwrap();
    check_found(&search, &grid, cost);
    // ... and one across it is not, until the search catches up.
    grid.set_passable(Cell::new(20, 0), false).unwrap();
    let mut path = Vec::new();
    assert_eq!(search.path_into(&grid, &mut path), None);
    let Status::Found { cost } = run_out(&mut search, &grid, 5) else {
        panic!("found")
    };
    assert_eq!(Some(cost), fresh(&grid, start, goal));
    check_found(&search, &grid, cost);
    assert_eq!(search.stats().restarts, 1);
}

#[test]
fn a_log_outrun_or_a_store_that_cannot_tell_restarts() {
    let mut grid = Grid::new(32, 32, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    grid.set_edit_log_capacity(2);
    let (start, goal) = (Cell::new(0, 0), Cell::new(31, 0));
    let mut search = AStar::new(DaryHeap::<u32, 4>::new(), HashStore::new());
    search.start(&grid, query(&grid, start, goal));
    search.advance(&grid, 4);
    for x in 0..3 {
        grid.set_passable(Cell::new(x, 31), false).unwrap(); // far, but three edits
    }
    assert_eq!(run_out(&mut search, &grid, 4), Status::Found { cost: 62 });
    assert_eq!(
        search.stats().restarts,
        1,
        "the log kept two of three edits"
    );
}

/// One frame of the property: advance, then edit a few random cells.
#[derive(Clone, Debug)]
struct Frame {
    budget: u64,
    edits: Vec<(u32, u32, bool)>,
}

fn frames() -> impl Strategy<Value = Vec<Frame>> {
    prop::collection::vec(
        (
            1u64..40,
            prop::collection::vec((0u32..24, 0u32..24, any::<bool>()), 0..4),
        )
            .prop_map(|(budget, edits)| Frame { budget, edits }),
        1..12,
    )
}

proptest! {
    #![proptest_config(common::config(regressions_file!("living_map")))]

    #[test]
    fn sliced_searches_on_an_edited_grid_answer_for_the_grid_as_it_is(
        seed in any::<u64>(),
        frames in frames(),
        eight in any::<bool>(),
    ) {
        let mut rng = Lcg(seed);
        let connectivity = if eight { Connectivity::Eight } else { Connectivity::Four };
        let mut grid = Grid::from_fn(24, 24, connectivity, GridCosts::new(2u32, 3), |_| rng.next(100) >= 25).unwrap();
        let (start, goal) = (Cell::new(0, 0), Cell::new(23, 23));
        grid.set_passable(start, true).unwrap();
        grid.set_passable(goal, true).unwrap();
        let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
        search.start(&grid, query(&grid, start, goal));
        let mut status = Status::InProgress;
        for frame in &frames {
            status = search.advance(&grid, frame.budget);
            let mut path = Vec::new();
            if let Status::Found { cost } = status {
                prop_assert_eq!(Some(cost), fresh(&grid, start, goal));
                prop_assert_eq!(search.path_into(&grid, &mut path), Some(cost));
                prop_assert_eq!(path_cost(&grid, &path), Some(cost));
            }
            for &(x, y, open) in &frame.edits {
                let cell = Cell::new(x, y);
                if cell != start {
                    grid.set_passable(cell, open).unwrap();
                }
            }
            // Whatever the search offers now is a path on the grid as it is.
            if let Some(cost) = search.path_into(&grid, &mut path) {
                prop_assert_eq!(path_cost(&grid, &path), Some(cost));
            }
        }
        if status == Status::InProgress || !frames.last().unwrap().edits.is_empty() {
            status = run_out(&mut search, &grid, 64);
        }
        match status {
            Status::Found { cost } => {
                prop_assert_eq!(Some(cost), fresh(&grid, start, goal));
                let mut path = Vec::new();
                prop_assert_eq!(search.path_into(&grid, &mut path), Some(cost));
                prop_assert_eq!(path_cost(&grid, &path), Some(cost));
            }
            Status::NoPath => prop_assert_eq!(fresh(&grid, start, goal), None),
            Status::Error(SearchError::GoalBlocked { node }) => {
                prop_assert_eq!(node, goal);
                prop_assert!(!grid.is_passable(goal));
            }
            other => prop_assert!(false, "unexpected {:?}", other),
        }
    }
}

#[test]
fn precomputed_jumps_never_answer_for_a_map_they_do_not_describe() {
    use pathseek::jump_points::PrecomputedJumps;
    let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let mut tables = PrecomputedJumps::new(&grid).unwrap();
    let (start, goal) = (Cell::new(0, 10), Cell::new(63, 10));
    // A wall across the straight ray, open at the bottom.
    for y in 0..63 {
        grid.set_passable(Cell::new(30, y), false).unwrap();
    }
    // Not synced: refused, never a ray through the wall.
    assert!(tables.on(&grid).is_err());
    // Synced from the edit log: the grid's own cost.
    let on = tables.synced(&grid).unwrap();
    let r = pathseek::astar(&on, start, goal, grid.heuristic(goal));
    let cost = r.found().map(|p| p.cost);
    assert_eq!(cost, fresh(&grid, start, goal));
    let nodes = r.into_path().unwrap().nodes;
    assert_eq!(pathseek::jump_points::path_cost(&grid, &nodes), cost);
    // The goal blocked since: refused again until synced, then an error.
    grid.set_passable(goal, false).unwrap();
    assert!(tables.on(&grid).is_err());
    let on = tables.synced(&grid).unwrap();
    let r = pathseek::astar(&on, start, goal, grid.heuristic(goal));
    assert_eq!(r.error(), Some(&SearchError::GoalBlocked { node: goal }));
}

/// The fallback follows the map: a search heading for the nearest reachable
/// cell, when the door to the real goal opens before it ends, goes to the
/// real goal, as a fresh search within the labels would (issue "No silent
/// answer at the seams": `Found { cost: 1 }` at the old nearest cell, where
/// a fresh `search_within` reaches the goal at cost 5).
#[test]
fn a_door_opened_under_a_fallback_search_leads_it_to_the_real_goal() {
    // One row: the start at x = 0, a door at x = 2, the goal at x = 5.
    let mut grid = Grid::from_fn(6, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| {
        c.x != 2
    })
    .unwrap();
    let mut parts = GridComponents::new(&grid);
    let (start, goal) = (Cell::new(0, 0), Cell::new(5, 0));
    let q = query(&grid, start, goal).fallback_to_nearest();
    let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let status = search.start_within(&grid, &parts.reach(&grid).unwrap(), q.clone());
    assert_eq!(status, Status::InProgress);
    assert_eq!(search.goal(), Some(Cell::new(1, 0)));
    parts.open(&mut grid, Cell::new(2, 0)).unwrap();
    let reach = parts.reach(&grid).unwrap();
    let status = loop {
        match search.advance_within(&grid, &reach, 1) {
            Status::InProgress => {}
            other => break other,
        }
    };
    let mut again = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let fresh = again.search_within(&grid, &reach, q.clone());
    assert_eq!(fresh.found().map(|p| p.cost), Some(5));
    assert_eq!(status, Status::Found { cost: 5 });
    assert_eq!(search.goal(), Some(goal));
    check_found(&search, &grid, 5);

    // Ended at the nearest cell, then the door opens: the next
    // `advance_within` answers for the map as it is.
    parts.block(&mut grid, Cell::new(2, 0)).unwrap();
    let reach = parts.reach(&grid).unwrap();
    search.start_within(&grid, &reach, q.clone());
    assert_eq!(
        search.advance_within(&grid, &reach, 100),
        Status::Found { cost: 1 }
    );
    parts.open(&mut grid, Cell::new(2, 0)).unwrap();
    let reach = parts.reach(&grid).unwrap();
    assert_eq!(
        search.advance_within(&grid, &reach, 100),
        Status::Found { cost: 5 }
    );
    assert_eq!(search.goal(), Some(goal));
    // And closes again: back to the nearest cell.
    parts.block(&mut grid, Cell::new(2, 0)).unwrap();
    let reach = parts.reach(&grid).unwrap();
    assert_eq!(
        search.advance_within(&grid, &reach, 100),
        Status::Found { cost: 1 }
    );
    assert_eq!(search.goal(), Some(Cell::new(1, 0)));
}

/// A "no path" the labels gave before anything was searched is checked
/// again once the map changes, with or without the labels.
#[test]
fn no_path_from_the_labels_is_checked_again_when_a_door_opens() {
    let mut grid = Grid::from_fn(6, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| {
        c.x != 2
    })
    .unwrap();
    let mut parts = GridComponents::new(&grid);
    let (start, goal) = (Cell::new(0, 0), Cell::new(5, 0));
    for within in [true, false] {
        parts.block(&mut grid, Cell::new(2, 0)).unwrap();
        let mut search = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
        let reach = parts.reach(&grid).unwrap();
        let status = search.start_within(&grid, &reach, query(&grid, start, goal));
        assert_eq!((status, search.stats().expanded), (Status::NoPath, 0));
        let mut path = vec![start];
        assert_eq!(search.path_into(&grid, &mut path), None);
        parts.open(&mut grid, Cell::new(2, 0)).unwrap();
        let reach = parts.reach(&grid).unwrap();
        let status = if within {
            search.advance_within(&grid, &reach, 100)
        } else {
            search.advance(&grid, 100)
        };
        assert_eq!(status, Status::Found { cost: 5 }, "within: {within}");
        check_found(&search, &grid, 5);
    }
}
