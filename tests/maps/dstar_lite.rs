//! D* Lite (`pathseek::incremental::DStarLite`) against the reference
//! Dijkstra of `common`, which shares no code with it.
//!
//! The property: random small grids (4- and 8-connected, with and without
//! terrain, `u32`, `f64` and `Length` costs), a random start and goal, then a
//! random sequence of steps: the unit walks one cell along its current
//! path (`move_to`), or one to three random cells are blocked, opened or
//! re-weighted (`cells_changed`, sometimes with an off-map cell that must be
//! ignored). After every step and its `compute`, the cost equals the
//! reference Dijkstra's from the unit's cell to the goal on the grid as it
//! is now (no path exactly when Dijkstra finds none; `StartBlocked` or
//! `GoalBlocked`, as A* answers, when the unit's cell or the goal is
//! blocked), and the path is a path of the current grid of
//! that cost. Several open sets: in-place and lazy heaps, a slot-indexed
//! array that overwrites, a radix heap and a splay tree.

use crate::common;

use common::edit_costs::{random_cell, random_grid, EditCost};
use common::Lcg;
use pathseek::graph::path_cost;
use pathseek::incremental::DStarLite;
use pathseek::open_set::{BinaryHeap, IndexedArray, LazyDaryHeap, RadixHeap, SplayTree};
use pathseek::{Cell, Connectivity, Cost, Grid, GridCosts, OpenSet, SearchError, Status};
use proptest::prelude::*;

/// A cost type the property runs on: its grid costs and its terrain weights.
#[derive(Clone, Debug)]
struct Case {
    width: u32,
    height: u32,
    eight: bool,
    terrain: bool,
    /// Blocked cells, in percent.
    density: u64,
    steps: usize,
    /// Which open set.
    open: usize,
    seed: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (
        2u32..12,
        2u32..12,
        any::<bool>(),
        any::<bool>(),
        0u64..40,
        1usize..30,
        0usize..5,
        any::<u64>(),
    )
        .prop_map(
            |(width, height, eight, terrain, density, steps, open, seed)| Case {
                width,
                height,
                eight,
                terrain,
                density,
                steps,
                open,
                seed,
            },
        )
}

/// The reference: Dijkstra's cost from `start` to `goal` on `grid` as it is.
fn reference<C: Cost>(grid: &Grid<C>, start: Cell, goal: Cell) -> Option<C> {
    if !grid.is_passable(start) || !grid.is_passable(goal) {
        return None;
    }
    let adj = common::adjacency(grid);
    let dist = common::dijkstra(&adj, grid.cell_index(start).unwrap());
    dist[grid.cell_index(goal).unwrap()]
}

/// One `compute` and every check of the property; returns the path.
fn check<C: EditCost, O: OpenSet<C>>(
    dstar: &mut DStarLite<Grid<C>, O>,
    grid: &Grid<C>,
    start: Cell,
    goal: Cell,
    path: &mut Vec<Cell>,
    what: &str,
) {
    let status = dstar.compute(grid);
    let expected = reference(grid, start, goal);
    let tol = common::tolerance::<C>();
    match (&status, expected) {
        (Status::Found { cost }, Some(e)) => assert!(
            common::close(*cost, e, tol),
            "{what}: D* Lite cost {cost:?}, Dijkstra {e:?}"
        ),
        (Status::NoPath, None) => {}
        (Status::Error(SearchError::StartBlocked { node }), None) => {
            assert_eq!(*node, start, "{what}");
            assert!(!grid.is_passable(start), "{what}");
        }
        (Status::Error(SearchError::GoalBlocked { node }), None) => {
            assert_eq!(*node, goal, "{what}");
            assert!(grid.is_passable(start), "{what}");
            assert!(!grid.is_passable(goal), "{what}");
        }
        (s, e) => panic!("{what}: D* Lite says {s:?}, Dijkstra {e:?}"),
    }
    assert_eq!(dstar.position(), Some(start), "{what}");
    let cost = dstar.path_into(grid, path);
    let next = dstar.next_step(grid);
    assert_eq!(
        next.map(|(n, _)| n),
        path.get(1).copied(),
        "{what}: next_step"
    );
    if let (Some((_, c)), Some(two)) = (next, path.get(..2)) {
        assert_eq!(path_cost(grid, two), Some(c), "{what}: next_step's cost");
    }
    match (cost, expected) {
        (Some(c), Some(e)) => {
            assert!(
                common::close(c, e, tol),
                "{what}: path cost {c:?}, Dijkstra {e:?}"
            );
            assert_eq!(path.first(), Some(&start), "{what}");
            assert_eq!(path.last(), Some(&goal), "{what}");
            assert_eq!(path_cost(grid, path), Some(c), "{what}: path {path:?}");
        }
        (None, None) => assert!(path.is_empty(), "{what}"),
        (c, e) => panic!("{what}: path cost {c:?}, Dijkstra {e:?}, path {path:?}"),
    }
}

fn run<C: EditCost, O: OpenSet<C>>(case: &Case, open: O) {
    let mut rng = Lcg(case.seed);
    let mut grid: Grid<C> = random_grid(
        &mut rng,
        case.width,
        case.height,
        case.eight,
        case.density,
        case.terrain,
    );
    let mut start = random_cell(&mut rng, &grid);
    let goal = random_cell(&mut rng, &grid);
    grid.set_passable(start, true).unwrap();
    grid.set_passable(goal, true).unwrap();

    let mut dstar = DStarLite::new(open);
    dstar.start(&grid, start, goal).unwrap();
    let mut path = Vec::new();
    check(&mut dstar, &grid, start, goal, &mut path, "first compute");
    for step in 0..case.steps {
        if rng.next(3) == 0 && path.len() >= 2 {
            start = path[1];
            dstar.move_to(&grid, start).unwrap();
            let what = format!("step {step}: moved to {start:?}");
            check(&mut dstar, &grid, start, goal, &mut path, &what);
            continue;
        }
        let mut changed = Vec::new();
        for _ in 0..rng.range(1, 3) {
            let cell = random_cell(&mut rng, &grid);
            if case.terrain && rng.next(2) == 0 {
                grid.set_terrain(cell, C::weight(&mut rng)).unwrap();
            } else {
                let open = !grid.is_passable(cell);
                grid.set_passable(cell, open).unwrap();
            }
            changed.push(cell);
        }
        let off_map = rng.next(4) == 0;
        if off_map {
            changed.push(Cell::new(case.width + 1, 0));
        }
        // Half the time the plan is told; otherwise it reads the grid's
        // edit log by itself at the next compute.
        if rng.next(2) == 0 {
            assert_eq!(
                dstar.cells_changed(&grid, changed.iter().copied()),
                usize::from(off_map)
            );
        }
        let what = format!("step {step}: changed {changed:?}");
        check(&mut dstar, &grid, start, goal, &mut path, &what);
    }
}

fn property<C: EditCost>(name: &str) {
    common::run_property(name, regressions_file!("dstar_lite"), case(), |case| {
        // Boxed (an open set chosen at run time): one instantiation of
        // the planner per cost type, not one per open set, so the test
        // binary compiles in less time; the same five structures run.
        let open: Box<dyn OpenSet<C>> = match case.open {
            0 => Box::new(BinaryHeap::new()),
            1 => Box::new(LazyDaryHeap::<C, 4>::new()),
            2 => Box::new(IndexedArray::new()),
            3 => Box::new(RadixHeap::new()),
            _ => Box::new(SplayTree::new()),
        };
        run::<C, _>(&case, open)
    });
}

#[test]
fn replans_match_dijkstra_u32() {
    property::<u32>("replans_match_dijkstra_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn replans_match_dijkstra_f64() {
    property::<f64>("replans_match_dijkstra_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn replans_match_dijkstra_length() {
    property::<pathseek::Length>("replans_match_dijkstra_length");
}

/// A replan after an edit far from the path touches only that corner.
#[test]
fn replan_touches_only_what_the_edit_changed() {
    let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
    let mut dstar = DStarLite::new(BinaryHeap::new());
    let (start, goal) = (Cell::new(2, 5), Cell::new(40, 44));
    dstar.start(&grid, start, goal).unwrap();
    let Status::Found { cost } = dstar.compute(&grid) else {
        panic!("open grid")
    };
    let first = dstar.stats().expanded;
    // A corner behind the goal, as seen from the start.
    grid.set_passable(Cell::new(63, 63), false).unwrap();
    dstar.cells_changed(&grid, [Cell::new(63, 63)]);
    assert_eq!(dstar.compute(&grid), Status::Found { cost });
    let second = dstar.stats().expanded;
    assert!(
        second * 20 < first,
        "first compute {first} expansions, replan {second}"
    );
    // And a wall right across the path costs a real replan, still below a fresh search.
    let wall: Vec<Cell> = (0..40).map(|y| Cell::new(20, y)).collect();
    for &cell in &wall {
        grid.set_passable(cell, false).unwrap();
    }
    dstar.cells_changed(&grid, wall);
    let Status::Found { cost: round } = dstar.compute(&grid) else {
        panic!("a way round the wall")
    };
    let fresh = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    assert_eq!(Some(round), fresh.found().map(|p| p.cost));
}

#[test]
fn bad_input_is_an_error_value() {
    let mut grid = Grid::new(6, 6, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    grid.set_passable(Cell::new(5, 5), false).unwrap();
    let mut dstar = DStarLite::new(BinaryHeap::new());
    // Nothing started.
    assert_eq!(dstar.compute(&grid), Status::Error(SearchError::NotStarted));
    assert_eq!(dstar.cells_changed(&grid, [Cell::new(0, 0)]), 1);
    assert!(dstar.move_to(&grid, Cell::new(0, 0)).is_err());
    let mut path = vec![Cell::new(0, 0)];
    assert_eq!(dstar.path_into(&grid, &mut path), None);
    assert!(path.is_empty());
    // Blocked or off-map start and goal.
    assert_eq!(
        dstar.start(&grid, Cell::new(0, 0), Cell::new(5, 5)),
        Err(SearchError::GoalBlocked {
            node: Cell::new(5, 5)
        })
    );
    assert_eq!(
        dstar.start(&grid, Cell::new(0, 0), Cell::new(6, 0)),
        Err(SearchError::GoalBlocked {
            node: Cell::new(6, 0)
        })
    );
    assert_eq!(
        dstar.start(&grid, Cell::new(5, 5), Cell::new(0, 0)),
        Err(SearchError::StartBlocked {
            node: Cell::new(5, 5)
        })
    );
    assert_eq!(dstar.status(), Status::Idle);
    // Start is goal.
    dstar
        .start(&grid, Cell::new(2, 2), Cell::new(2, 2))
        .unwrap();
    assert_eq!(dstar.compute(&grid), Status::Found { cost: 0 });
    assert_eq!(dstar.path_into(&grid, &mut path), Some(0));
    assert_eq!(path, [Cell::new(2, 2)]);
    // The goal cut off, then blocked, then the unit's own cell blocked.
    dstar
        .start(&grid, Cell::new(0, 0), Cell::new(4, 4))
        .unwrap();
    assert_eq!(dstar.compute(&grid), Status::Found { cost: 8 });
    let ring = [
        Cell::new(3, 4),
        Cell::new(4, 3),
        Cell::new(5, 4),
        Cell::new(4, 5),
    ];
    for c in ring {
        grid.set_passable(c, false).unwrap();
    }
    dstar.cells_changed(&grid, ring);
    assert_eq!(dstar.compute(&grid), Status::NoPath);
    assert_eq!(dstar.path_into(&grid, &mut path), None);
    grid.set_passable(Cell::new(4, 4), false).unwrap();
    dstar.cells_changed(&grid, [Cell::new(4, 4)]);
    assert_eq!(
        dstar.compute(&grid),
        Status::Error(SearchError::GoalBlocked {
            node: Cell::new(4, 4)
        })
    );
    grid.set_passable(Cell::new(0, 0), false).unwrap();
    dstar.cells_changed(&grid, [Cell::new(0, 0)]);
    assert_eq!(
        dstar.compute(&grid),
        Status::Error(SearchError::StartBlocked {
            node: Cell::new(0, 0)
        })
    );
    assert_eq!(dstar.path_into(&grid, &mut path), None);
    // A grid of another size is not this plan's.
    let other = Grid::new(7, 6, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    assert_eq!(
        dstar.compute(&other),
        Status::Error(SearchError::NotStarted)
    );
}

#[test]
fn an_expansion_limit_resumes_where_it_stopped() {
    let grid = Grid::new(40, 40, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let mut whole = DStarLite::new(BinaryHeap::new());
    whole
        .start(&grid, Cell::new(0, 0), Cell::new(39, 20))
        .unwrap();
    let all = whole.compute(&grid);
    let mut sliced = DStarLite::new(BinaryHeap::new()).with_max_expansions(7);
    sliced
        .start(&grid, Cell::new(0, 0), Cell::new(39, 20))
        .unwrap();
    let mut calls = 1;
    while sliced.compute(&grid) == Status::InProgress {
        calls += 1;
    }
    assert!(calls > 2);
    assert_eq!(sliced.status(), all);
}

#[test]
fn edits_reach_the_plan_through_the_grid_edit_log() {
    let mut grid = Grid::new(32, 32, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let (start, goal) = (Cell::new(0, 16), Cell::new(31, 16));
    let mut dstar = DStarLite::new(BinaryHeap::new());
    dstar.start(&grid, start, goal).unwrap();
    dstar.compute(&grid);
    for y in 0..31 {
        grid.set_passable(Cell::new(16, y), false).unwrap(); // not told
    }
    let mut path = Vec::new();
    assert_eq!(
        dstar.path_into(&grid, &mut path),
        None,
        "stale until computed"
    );
    let fresh = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    let Status::Found { cost } = dstar.compute(&grid) else {
        panic!("found")
    };
    assert_eq!(Some(cost), fresh.found().map(|p| p.cost));
    assert_eq!(dstar.path_into(&grid, &mut path), Some(cost));
    assert_eq!(pathseek::graph::path_cost(&grid, &path), Some(cost));
    // A log outrun: the plan starts again from the unit's cell.
    grid.set_edit_log_capacity(1);
    grid.set_passable(Cell::new(16, 31), false).unwrap();
    grid.set_passable(Cell::new(16, 30), true).unwrap();
    let fresh = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    let Status::Found { cost } = dstar.compute(&grid) else {
        panic!("found")
    };
    assert_eq!(Some(cost), fresh.found().map(|p| p.cost));
}

// ---------------------------------------------------------------------------
// Seams: the plan against the map as it is now
// ---------------------------------------------------------------------------

/// A case of the seam property: a small grid, how many edits its log keeps,
/// an optional expansion limit, and the steps.
#[derive(Clone, Debug)]
struct SeamCase {
    width: u32,
    height: u32,
    eight: bool,
    /// Blocked cells, in percent.
    density: u64,
    /// The grid's edit log: 0, 1 or 2 edits, or the default (3).
    log: usize,
    /// Expansions per `compute` (0: no limit).
    limit: u64,
    steps: usize,
    open: usize,
    seed: u64,
}

fn seam_case() -> impl Strategy<Value = SeamCase> {
    (
        (1u32..=12, 1u32..=12, any::<bool>(), 0u64..35),
        (0usize..4, 0u64..4, 1usize..40, 0usize..3, any::<u64>()),
    )
        .prop_map(
            |((width, height, eight, density), (log, limit, steps, open, seed))| SeamCase {
                width,
                height,
                eight,
                density,
                log,
                // One case in four is sliced, a few expansions per call.
                limit: if limit == 0 { 1 + seed % 9 } else { 0 },
                steps,
                open,
                seed,
            },
        )
}

/// A terrain weight of 0 to 3, the edits of the seam property.
trait SeamCost: EditCost {
    fn seam_weight(rng: &mut Lcg) -> Self;
}

impl SeamCost for u32 {
    fn seam_weight(rng: &mut Lcg) -> u32 {
        rng.next(4) as u32
    }
}

impl SeamCost for f64 {
    fn seam_weight(rng: &mut Lcg) -> f64 {
        [0.0, 0.5, 1.0, 2.0, 3.0][rng.next(5) as usize]
    }
}

/// What a fresh search says on `grid` as it is: A*'s statuses (a blocked
/// start first, then a blocked goal), the cost from the reference Dijkstra.
fn seam_expected<C: Cost>(grid: &Grid<C>, start: Cell, goal: Cell) -> Status<Cell, C> {
    if !grid.is_passable(start) {
        return Status::Error(SearchError::StartBlocked { node: start });
    }
    if !grid.is_passable(goal) {
        return Status::Error(SearchError::GoalBlocked { node: goal });
    }
    match reference(grid, start, goal) {
        Some(cost) => Status::Found { cost },
        None => Status::NoPath,
    }
}

/// One edit of a random kind at `cell`: blocked or opened, or a weight of 0 to 3.
fn seam_edit<C: SeamCost>(rng: &mut Lcg, grid: &mut Grid<C>, cell: Cell) {
    if rng.next(2) == 0 {
        grid.set_terrain(cell, C::seam_weight(rng)).unwrap();
    } else {
        let open = !grid.is_passable(cell);
        grid.set_passable(cell, open).unwrap();
    }
}

fn seam_grid<C: SeamCost>(rng: &mut Lcg, case: &SeamCase) -> Grid<C> {
    let mut grid: Grid<C> = random_grid(
        rng,
        case.width,
        case.height,
        case.eight,
        case.density,
        false,
    );
    for y in 0..case.height {
        for x in 0..case.width {
            if rng.next(3) == 0 {
                grid.set_terrain(Cell::new(x, y), C::seam_weight(rng))
                    .unwrap();
            }
        }
    }
    if case.log < 3 {
        grid.set_edit_log_capacity(case.log);
    }
    grid
}

/// `compute` (called again while it answers `InProgress`) and every check:
/// the status and the path against a fresh search on `grid` as it is.
fn seam_check<C: SeamCost, O: OpenSet<C>>(
    dstar: &mut DStarLite<Grid<C>, O>,
    grid: &Grid<C>,
    other: Option<&Grid<C>>,
    (start, goal): (Cell, Cell),
    path: &mut Vec<Cell>,
    what: &str,
) {
    let mut status = dstar.compute(grid);
    let mut calls = 1;
    while status == Status::InProgress {
        calls += 1;
        assert!(calls < 100_000, "{what}: compute never ends");
        status = dstar.compute(grid);
    }
    let expected = seam_expected(grid, start, goal);
    let tol = common::tolerance::<C>();
    let same = match (&status, &expected) {
        (Status::Found { cost }, Status::Found { cost: e }) => common::close(*cost, *e, tol),
        (s, e) => s == e,
    };
    assert!(
        same,
        "{what}: D* Lite says {status:?}, a fresh search {expected:?}"
    );
    assert_eq!(dstar.status(), status, "{what}: status()");
    assert_eq!(dstar.position(), Some(start), "{what}");
    let cost = dstar.path_into(grid, path);
    let next = dstar.next_step(grid).map(|(n, _)| n);
    assert_eq!(next, path.get(1).copied(), "{what}: next_step");
    match (&status, cost) {
        (Status::Found { cost: want }, Some(c)) => {
            assert!(
                common::close(c, *want, tol),
                "{what}: path cost {c:?}, status {want:?}"
            );
            let adj = common::adjacency(grid);
            let ids: Vec<usize> = path.iter().map(|&c| grid.cell_index(c).unwrap()).collect();
            let s = grid.cell_index(start).unwrap();
            let g = grid.cell_index(goal).unwrap();
            match common::path_cost(&adj, &ids, s, g) {
                Ok(sum) => assert!(
                    common::close(sum, c, tol),
                    "{what}: path {path:?} costs {sum:?}, said {c:?}"
                ),
                Err(e) => panic!("{what}: {e}"),
            }
        }
        (Status::Found { .. }, None) => panic!("{what}: {status:?} but no path"),
        (_, None) => assert!(path.is_empty(), "{what}"),
        (_, Some(c)) => panic!("{what}: {status:?} but a path of cost {c:?}: {path:?}"),
    }
    // Another map (a clone edited apart, an older copy): never this plan's path.
    if let Some(other) = other.filter(|o| o.version() != grid.version()) {
        let mut elsewhere = vec![start];
        assert_eq!(
            dstar.path_into(other, &mut elsewhere),
            None,
            "{what}: another map"
        );
        assert!(elsewhere.is_empty(), "{what}");
    }
}

fn seam_run<C: SeamCost, O: OpenSet<C>>(case: &SeamCase, open: O) {
    let mut rng = Lcg(case.seed);
    let mut grid: Grid<C> = seam_grid(&mut rng, case);
    let mut start = random_cell(&mut rng, &grid);
    let goal = random_cell(&mut rng, &grid);
    grid.set_passable(start, true).unwrap();
    grid.set_passable(goal, true).unwrap();
    let mut dstar = DStarLite::new(open);
    if case.limit > 0 {
        dstar = dstar.with_max_expansions(case.limit);
    }
    dstar.start(&grid, start, goal).unwrap();
    // A copy of the map made at some step, edited apart or left behind.
    let mut spare: Option<Grid<C>> = None;
    let mut path = Vec::new();
    seam_check(
        &mut dstar,
        &grid,
        None,
        (start, goal),
        &mut path,
        "first compute",
    );
    for step in 0..case.steps {
        let mut edited = Vec::new();
        let what = match rng.next(16) {
            0..=3 if path.len() >= 2 => {
                start = path[1];
                dstar.move_to(&grid, start).unwrap();
                format!("step {step}: walked to {start:?}")
            }
            0..=3 => {
                // Not on a path: the unit is put down on a random cell.
                let cell = random_cell(&mut rng, &grid);
                match dstar.move_to(&grid, cell) {
                    Ok(()) => {
                        assert!(grid.is_passable(cell), "step {step}: moved onto a wall");
                        start = cell;
                    }
                    Err(e) => {
                        assert_eq!(e, SearchError::StartBlocked { node: cell });
                        assert!(!grid.is_passable(cell), "step {step}");
                    }
                }
                format!("step {step}: put at {cell:?}, now at {start:?}")
            }
            4 | 5 if !path.is_empty() => {
                let cell = path[rng.next(path.len() as u64) as usize];
                seam_edit(&mut rng, &mut grid, cell);
                edited.push(cell);
                format!("step {step}: edited {cell:?} on the path")
            }
            6 | 7 => {
                let cell = if rng.next(2) == 0 { start } else { goal };
                seam_edit(&mut rng, &mut grid, cell);
                edited.push(cell);
                format!("step {step}: edited {cell:?} (start {start:?}, goal {goal:?})")
            }
            8 | 9 => {
                // A burst, past a small log.
                for _ in 0..rng.range(3, 10) {
                    let cell = random_cell(&mut rng, &grid);
                    seam_edit(&mut rng, &mut grid, cell);
                    edited.push(cell);
                }
                format!("step {step}: a burst of edits {edited:?}")
            }
            10 => {
                // Copy the map, then edit the original: the copy is now another map.
                spare = Some(grid.clone());
                let cell = random_cell(&mut rng, &grid);
                seam_edit(&mut rng, &mut grid, cell);
                edited.push(cell);
                format!("step {step}: copied the map, then edited {cell:?}")
            }
            11 if spare.is_some() => {
                // The other map handed in instead.
                let other = spare.take().unwrap();
                spare = Some(core::mem::replace(&mut grid, other));
                format!("step {step}: the other copy handed in")
            }
            11 => {
                // A different grid of the same size.
                let fresh = seam_grid(&mut rng, case);
                spare = Some(core::mem::replace(&mut grid, fresh));
                format!("step {step}: a new grid of the same size")
            }
            _ => {
                for _ in 0..rng.range(1, 3) {
                    let cell = random_cell(&mut rng, &grid);
                    seam_edit(&mut rng, &mut grid, cell);
                    edited.push(cell);
                }
                format!("step {step}: edited {edited:?}")
            }
        };
        // A third of the time the plan is also told what changed; now and
        // then on the other copy (a mistake, which must not mix the maps).
        if !edited.is_empty() && rng.next(3) == 0 {
            match spare.as_ref().filter(|_| rng.next(4) == 0) {
                Some(other) => dstar.cells_changed(other, edited.iter().copied()),
                None => dstar.cells_changed(&grid, edited.iter().copied()),
            };
        }
        seam_check(
            &mut dstar,
            &grid,
            spare.as_ref(),
            (start, goal),
            &mut path,
            &what,
        );
    }
}

fn seam_property<C: SeamCost>(name: &str, cases: u32) {
    common::run_property_with(
        name,
        regressions_file!("dstar_lite"),
        cases,
        seam_case(),
        |case| {
            let open: Box<dyn OpenSet<C>> = match case.open {
                0 => Box::new(BinaryHeap::new()),
                1 => Box::new(LazyDaryHeap::<C, 4>::new()),
                _ => Box::new(RadixHeap::new()),
            };
            seam_run::<C, _>(&case, open)
        },
    );
}

/// The seams of D* Lite: terrain weights 0 to 3, edits on the path and at
/// the unit's cell and the goal, bursts past an edit log of 0, 1 or 2
/// edits, sliced computes, a copy of the map edited apart and handed in,
/// and a new grid of the same size: every answer (status, cost, path) is a
/// fresh search's on the map as it is now.
/// (256 cases deep, a quarter by default; more in the deep tier below.)
#[test]
fn seams_match_a_fresh_search_u32() {
    seam_property::<u32>("seams_match_a_fresh_search_u32", 256);
}

#[test]
fn seams_match_a_fresh_search_f64() {
    seam_property::<f64>("seams_match_a_fresh_search_f64", 128);
}

/// The seam property at length: many more cases, deep tier only.
#[test]
#[cfg(feature = "deep-tests")]
fn seams_match_a_fresh_search_deep() {
    seam_property::<u32>("seams_match_a_fresh_search_deep_u32", 200_000);
    seam_property::<f64>("seams_match_a_fresh_search_deep_f64", 50_000);
}

/// A row `S a b D G`, 4-connected, each move costing the weight of the cell
/// entered: `a` and `b` weigh 0, so `a -> b` and `b -> a` are free moves.
fn zero_weight_row() -> (Grid<u32>, Cell, Cell) {
    let mut grid = Grid::new(5, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    grid.set_terrain(Cell::new(1, 0), 0).unwrap();
    grid.set_terrain(Cell::new(2, 0), 0).unwrap();
    (grid, Cell::new(0, 0), Cell::new(4, 0))
}

/// Zero weights, no edit: the path of a `Found` answer is the answer's.
/// Before labels counted zero-cost steps, `path_into` could follow the free
/// moves `a -> b -> a ...` (equal `c + g` both ways, the first of equals
/// taken) until it gave up, and answered nothing beside `Found { cost: 2 }`:
/// on the row read right to left (`G D b a S`).
#[test]
fn zero_weight_cells_give_the_path_of_the_answer() {
    for mirrored in [false, true] {
        let (row, start, goal) = zero_weight_row();
        let at = |x: u32| Cell::new(if mirrored { 4 - x } else { x }, 0);
        let mut grid = Grid::new(5, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
        for x in 0..5 {
            grid.set_terrain(at(x), row.terrain(Cell::new(x, 0)))
                .unwrap();
        }
        let (start, goal) = (at(start.x), at(goal.x));
        let mut dstar = DStarLite::new(BinaryHeap::new());
        dstar.start(&grid, start, goal).unwrap();
        assert_eq!(dstar.compute(&grid), Status::Found { cost: 2 });
        let mut path = Vec::new();
        assert_eq!(
            dstar.path_into(&grid, &mut path),
            Some(2),
            "mirrored {mirrored}"
        );
        assert_eq!(path, [0, 1, 2, 3, 4].map(at), "mirrored {mirrored}");
    }
}

/// Zero weights, a door closes and cuts the goal off: no path, as a fresh
/// search says. Before, `a` and `b` kept each other's cost (each one's
/// `rhs` through the other, at no cost, equal to its `g`: consistent) and
/// the plan answered `Found { cost: 2 }`; and again after the unit moved.
#[test]
fn zero_weight_cells_do_not_hold_up_a_cut_off_goal() {
    let (mut grid, start, goal) = zero_weight_row();
    let mut dstar = DStarLite::new(BinaryHeap::new());
    dstar.start(&grid, start, goal).unwrap();
    assert_eq!(dstar.compute(&grid), Status::Found { cost: 2 });
    let door = Cell::new(3, 0);
    grid.set_passable(door, false).unwrap();
    let fresh = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    assert!(fresh.found().is_none());
    assert_eq!(dstar.compute(&grid), Status::NoPath);
    let mut path = Vec::new();
    assert_eq!(dstar.path_into(&grid, &mut path), None);
    dstar.move_to(&grid, Cell::new(1, 0)).unwrap();
    assert_eq!(dstar.compute(&grid), Status::NoPath);
    // The door opens again: the plan comes back, path and all.
    grid.set_passable(door, true).unwrap();
    assert_eq!(dstar.compute(&grid), Status::Found { cost: 2 });
    assert_eq!(dstar.path_into(&grid, &mut path), Some(2));
    assert_eq!(path, [1, 2, 3, 4].map(|x| Cell::new(x, 0)));
}

/// A burst of edits outruns the edit log while the goal is blocked: the
/// plan answers what A* answers (`GoalBlocked`) while it is, and the path
/// once it opens. Before, the failed rebuild stuck: `GoalBlocked` (where
/// an edit the log kept gave `NoPath`) until `start` was called again.
#[test]
fn a_blocked_goal_is_checked_again_after_the_log_was_outrun() {
    let mut grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    grid.set_edit_log_capacity(1);
    let (start, goal) = (Cell::new(0, 0), Cell::new(7, 5));
    let mut dstar = DStarLite::new(BinaryHeap::new());
    dstar.start(&grid, start, goal).unwrap();
    assert_eq!(
        dstar.compute(&grid),
        Status::Found {
            cost: 2 * 2 + 5 * 3
        }
    );
    // Two edits, one kept: the plan must start again, with the goal blocked.
    grid.set_passable(Cell::new(4, 4), false).unwrap();
    grid.set_passable(goal, false).unwrap();
    let blocked = Status::Error(SearchError::GoalBlocked { node: goal });
    let mut engine = pathseek::AStar::new(BinaryHeap::new(), pathseek::store::IndexedStore::new());
    let query = pathseek::Query::new(start, goal, grid.heuristic(goal));
    assert_eq!(engine.start(&grid, query), blocked);
    assert_eq!(dstar.compute(&grid), blocked);
    assert_eq!(dstar.status(), blocked);
    // The goal opens (one edit, which the log keeps): the plan is back.
    grid.set_passable(goal, true).unwrap();
    let fresh = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    let cost = fresh.found().unwrap().cost;
    assert_eq!(dstar.compute(&grid), Status::Found { cost });
    let mut path = Vec::new();
    assert_eq!(dstar.path_into(&grid, &mut path), Some(cost));
    // Blocked again and opened again by a burst (the log outrun both ways).
    grid.set_passable(goal, false).unwrap();
    grid.set_passable(Cell::new(4, 4), true).unwrap();
    assert_eq!(dstar.compute(&grid), blocked);
    grid.set_passable(goal, true).unwrap();
    grid.set_passable(Cell::new(4, 4), false).unwrap();
    assert_eq!(dstar.compute(&grid), Status::Found { cost });
    // And the unit's own cell: StartBlocked, checked first, as A* does.
    grid.set_passable(start, false).unwrap();
    grid.set_passable(goal, false).unwrap();
    assert_eq!(
        dstar.compute(&grid),
        Status::Error(SearchError::StartBlocked { node: start })
    );
    grid.set_passable(start, true).unwrap();
    grid.set_passable(goal, true).unwrap();
    assert_eq!(dstar.compute(&grid), Status::Found { cost });
}

/// Told about a copy of the map, then asked on the map: the answer is the
/// map's. Before, `cells_changed` recomputed the told cells on the copy
/// (where a wall cuts the row) and `compute` on the map, whose version had
/// not moved, settled on that mix: `NoPath` where the row is open (cost 7).
#[test]
fn cells_told_on_another_map_do_not_mix_into_the_plan() {
    let grid = Grid::new(8, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(7, 0));
    let mut dstar = DStarLite::new(BinaryHeap::new());
    dstar.start(&grid, start, goal).unwrap();
    assert_eq!(dstar.compute(&grid), Status::Found { cost: 7 });
    let mut copy = grid.clone();
    copy.set_passable(Cell::new(3, 0), false).unwrap();
    dstar.cells_changed(&copy, [Cell::new(3, 0)]);
    assert_eq!(dstar.compute(&grid), Status::Found { cost: 7 });
    let mut path = Vec::new();
    assert_eq!(dstar.path_into(&grid, &mut path), Some(7));
    assert_eq!(dstar.path_into(&copy, &mut path), None);
    // And the copy, handed in, is answered as it is.
    assert_eq!(dstar.compute(&copy), Status::NoPath);
    assert_eq!(dstar.compute(&grid), Status::Found { cost: 7 });
}

/// A planner started again resets only the nodes its last plan touched
/// (or everything, past a quarter of them or on a map of another size): it
/// answers exactly as a new planner at every step of every walk, on maps
/// of one size and of others, with edits, zero weights and cut-off goals.
#[test]
fn a_planner_started_again_answers_as_a_new_one() {
    let mut rng = Lcg(0x5747_a7ed);
    let mut kept: DStarLite<Grid<u32>, BinaryHeap<u32>> = DStarLite::new(BinaryHeap::new());
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut walked = 0;
    for case in 0..common::tier_cases(1600) {
        // Mostly one size, and short trips, so that most starts reset a
        // list (a plan touching a quarter of the nodes resets them all).
        let (w, h) = if rng.next(8) == 0 {
            (rng.range(2, 14) as u32, rng.range(2, 14) as u32)
        } else {
            (32, 32)
        };
        let (density, eight) = (rng.range(0, 40), rng.next(2) == 0);
        let mut grid: Grid<u32> = random_grid(&mut rng, w, h, eight, density, true);
        for _ in 0..rng.next(6) {
            let c = random_cell(&mut rng, &grid);
            grid.set_terrain(c, 0).unwrap();
        }
        let mut at = random_cell(&mut rng, &grid);
        let near = |rng: &mut Lcg, v: u32, size: u32| {
            (i64::from(v) + rng.range(0, 12) as i64 - 6).clamp(0, i64::from(size) - 1) as u32
        };
        let goal = Cell::new(near(&mut rng, at.x, w), near(&mut rng, at.y, h));
        if rng.next(4) != 0 {
            grid.set_passable(at, true).unwrap();
            grid.set_passable(goal, true).unwrap();
        }
        let mut fresh: DStarLite<Grid<u32>, BinaryHeap<u32>> = DStarLite::new(BinaryHeap::new());
        let started = kept.start(&grid, at, goal);
        assert_eq!(started, fresh.start(&grid, at, goal), "case {case}");
        if started.is_err() {
            continue;
        }
        for step in 0..40 {
            let what = format!("case {case} step {step} at {at:?} to {goal:?}");
            let status = kept.compute(&grid);
            assert_eq!(status, fresh.compute(&grid), "{what}");
            assert_eq!(status, seam_expected(&grid, at, goal), "{what}");
            assert_eq!(
                kept.path_into(&grid, &mut a),
                fresh.path_into(&grid, &mut b),
                "{what}"
            );
            assert_eq!(a, b, "{what}");
            let Some((next, _)) = kept.next_step(&grid) else {
                break;
            };
            walked += 1;
            at = next;
            kept.move_to(&grid, at).unwrap();
            fresh.move_to(&grid, at).unwrap();
            if rng.next(2) == 0 {
                // An edit near the unit: cells opened that no plan touched.
                let c = Cell::new(near(&mut rng, at.x, w), near(&mut rng, at.y, h));
                if c != at {
                    grid.set_passable(c, !grid.is_passable(c)).unwrap();
                }
            }
        }
    }
    assert!(walked > 100, "{walked} steps walked");
}
