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
//! is now (no path exactly when Dijkstra finds none, or when the goal or the
//! unit's cell is blocked), and the path is a path of the current grid of
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
        (s, e) => panic!("{what}: D* Lite says {s:?}, Dijkstra {e:?}"),
    }
    assert_eq!(dstar.position(), Some(start), "{what}");
    let cost = dstar.path_into(grid, path);
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
    assert_eq!(dstar.compute(&grid), Status::NoPath);
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
