//! Queries on hand-made graphs and grids: limits and partial paths (on an
//! infinite graph too), the start and goal checks through every entry point,
//! several starts with initial costs, sliced searches (one expansion per call,
//! edits of the grid between calls, goal tests), for integer and float costs.
//!
//! The random counterparts (against a reference Dijkstra) are in
//! `tests/search/prop_query.rs`.

use std::time::{Duration, Instant};

use pathseek::graph::{self, path_cost};
use pathseek::open_set::BinaryHeap;
use pathseek::query::CLOCK_INTERVAL;
use pathseek::store::{HashStore, IndexedStore, PagedStore};
use pathseek::{
    AStar, AdjacencyList, Cell, Connectivity, Cost, Graph, Grid, GridCosts, Limit, Outcome, Query,
    Records, SearchError, Status,
};

fn c<C: Cost>(n: u64) -> C {
    C::from_count(n)
}

/// A float cost from an `f32` (exact for the values used here).
fn fc<C: Cost + From<f32>>(x: f32) -> C {
    <C as From<f32>>::from(x)
}

// ---------------------------------------------------------------------------
// 1. Limits on an infinite graph
// ---------------------------------------------------------------------------

/// `n -> 2n + 1, 2n + 3`, every edge costs 1: infinite (up to where `u64`
/// ends, some 60 steps deep), and the goal 2 (even) is never reached.
fn doubling() -> impl Graph<Node = u64, Cost = u32> {
    graph::from_fn(|n: u64, edge: &mut dyn FnMut(u64, u32)| {
        if let Some(m) = n.checked_mul(2).and_then(|m| m.checked_add(3)) {
            edge(m - 2, 1);
            edge(m, 1);
        }
    })
}

/// Consistent on `doubling` (it drops by at most 1 per edge), smallest deep
/// down: the best node of a partial path is far from the start.
fn depth_h(n: u64) -> u32 {
    n.saturating_add(2).leading_zeros()
}

/// The partial path of `r`: from 0, along edges, at its reported cost.
fn check_partial_on_doubling(r: &pathseek::SearchResult<u64, u32>, limit: Limit) -> Vec<u64> {
    let Some((path, got)) = r.partial() else {
        panic!("expected a partial outcome, got {:?}", r.outcome);
    };
    assert_eq!(got, limit);
    assert_eq!(path.nodes.first(), Some(&0), "{path:?}");
    assert_eq!(
        path_cost(&doubling(), &path.nodes),
        Some(path.cost),
        "the partial path is a path of the graph at its cost: {path:?}"
    );
    path.nodes.clone()
}

#[test]
fn infinite_graph_max_expansions() {
    let g = doubling();
    let r = pathseek::search(&g, Query::new(0, 2, depth_h).max_expansions(100_000));
    let nodes = check_partial_on_doubling(&r, Limit::Expansions);
    assert_eq!(r.stats.expanded, 100_000);
    assert!(r.stats.stored <= 2 * 100_000 + 1, "{:?}", r.stats);
    assert!(nodes.len() > 30, "the best node lies deep: {nodes:?}");
    // h = 0: every node ties on h, so the best is the one with the smallest g,
    // the start.
    let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    let r = engine.search(&g, Query::new(0, 2, |_: u64| 0u32).max_expansions(1_000));
    assert_eq!(check_partial_on_doubling(&r, Limit::Expansions), [0]);
    assert_eq!(r.stats.expanded, 1_000);
}

#[test]
fn infinite_graph_max_stored() {
    let g = doubling();
    for n in [0, 1, 2, 3, 1_000, 50_000] {
        let r = pathseek::search(&g, Query::new(0, 2, depth_h).max_stored(n));
        check_partial_on_doubling(&r, Limit::Stored);
        // The start is always stored; each expansion stores at most 2 more.
        assert!(
            r.stats.stored <= n.max(1) + 2,
            "max_stored({n}): {:?}",
            r.stats
        );
        assert!(r.stats.stored >= n, "max_stored({n}): {:?}", r.stats);
    }
}

#[test]
fn infinite_graph_deadline() {
    let g = doubling();
    let wait = Duration::from_millis(10);
    let began = Instant::now();
    let r = pathseek::search(&g, Query::new(0, 2, depth_h).deadline(began + wait));
    assert!(began.elapsed() >= wait);
    check_partial_on_doubling(&r, Limit::Deadline);
    assert!(r.stats.expanded > 0);
    assert_eq!(
        r.stats.expanded % CLOCK_INTERVAL,
        0,
        "the clock is read every {CLOCK_INTERVAL} expansions: {:?}",
        r.stats
    );
    // A deadline already passed: nothing expanded, the path is the start.
    let r = pathseek::search(&g, Query::new(0, 2, depth_h).deadline(Instant::now()));
    assert_eq!(check_partial_on_doubling(&r, Limit::Deadline), [0]);
    assert_eq!(r.stats.expanded, 0);
    // The same through a sliced search (HashStore: the graph has no dense ids).
    let mut sliced = AStar::new(BinaryHeap::new(), HashStore::new());
    let started = sliced.start(&g, Query::new(0, 2, depth_h).deadline(Instant::now()));
    assert!(
        matches!(
            started,
            Status::InProgress
                | Status::Partial {
                    limit: Limit::Deadline,
                    ..
                }
        ),
        "{started:?}"
    );
    assert_eq!(
        sliced.advance(&g, 100),
        Status::Partial {
            limit: Limit::Deadline,
            cost: 0
        }
    );
    assert_eq!(sliced.stats().expanded, 0);
}

#[test]
fn infinite_graph_several_limits_first_one_wins() {
    let g = doubling();
    let q = Query::new(0, 2, depth_h)
        .max_expansions(500)
        .max_stored(1_000_000)
        .deadline(Instant::now() + Duration::from_secs(3600));
    let r = pathseek::search(&g, q);
    check_partial_on_doubling(&r, Limit::Expansions);
    assert_eq!(r.stats.expanded, 500);
    let q = Query::new(0, 2, depth_h)
        .max_expansions(1_000_000)
        .max_stored(500);
    let r = pathseek::search(&g, q);
    check_partial_on_doubling(&r, Limit::Stored);
    assert!(r.stats.expanded < 500);
}

// ---------------------------------------------------------------------------
// 2. Start and goal checks, through every entry point
// ---------------------------------------------------------------------------

/// What one entry point gave: its name, its error if any, its expansions.
type EntryResult<C> = (&'static str, Option<SearchError<Cell, C>>, u64);

/// The error (if any) and the number of expansions of `query` through every
/// entry point that takes a query. With `offers_no_path`, also checks that a
/// sliced search whose start failed offers no path.
fn query_entry_points<C, H>(
    grid: &Grid<C>,
    query: &Query<Cell, C, H>,
    offers_no_path: bool,
) -> Vec<EntryResult<C>>
where
    C: Cost,
    H: FnMut(Cell) -> C + Clone,
{
    let mut out = Vec::new();
    let r = pathseek::search(grid, query.clone());
    out.push(("search", r.error().cloned(), r.stats.expanded));
    let r = AStar::new(BinaryHeap::new(), IndexedStore::new()).search(grid, query.clone());
    out.push(("run indexed", r.error().cloned(), r.stats.expanded));
    let r = AStar::new(BinaryHeap::new(), HashStore::new()).search(grid, query.clone());
    out.push(("run hash", r.error().cloned(), r.stats.expanded));
    let mut engine = AStar::new(BinaryHeap::new(), PagedStore::new());
    let mut path = vec![Cell::new(0, 0)];
    let status = engine.search_into(grid, query.clone(), &mut path);
    assert!(path.is_empty(), "run_into clears the path on an error");
    let error = match status {
        Status::Error(e) => Some(e),
        _ => None,
    };
    out.push(("run_into", error, engine.stats().expanded));
    let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let status = sliced.start(grid, query.clone());
    let error = match &status {
        Status::Error(e) => Some(e.clone()),
        _ => None,
    };
    if error.is_some() {
        // A failed start stays failed, and offers no path (compared by their
        // Debug text: a NaN cost is not equal to itself).
        let text = format!("{status:?}");
        assert_eq!(format!("{:?}", sliced.advance(grid, 10)), text);
        assert_eq!(format!("{:?}", sliced.status()), text);
        if offers_no_path {
            let mut path = vec![Cell::new(0, 0)];
            assert_eq!(sliced.path_into(grid, &mut path), None);
            assert!(path.is_empty());
        }
    }
    out.push(("AStar::start", error, sliced.stats().expanded));
    out
}

fn assert_every_entry_point<C: Cost, H: FnMut(Cell) -> C + Clone>(
    grid: &Grid<C>,
    query: &Query<Cell, C, H>,
    want: &SearchError<Cell, C>,
) {
    for (name, error, expanded) in query_entry_points(grid, query, true) {
        assert_eq!(error.as_ref(), Some(want), "{name}");
        assert_eq!(expanded, 0, "{name}: nothing is expanded before the checks");
    }
}

/// An 8x8 open grid but for `blocked`.
fn grid_with_blocked<C: Cost>(blocked: Cell) -> Grid<C> {
    let costs = GridCosts::new(c(2), c(3));
    let mut grid = Grid::new(8, 8, Connectivity::Eight, costs).unwrap();
    grid.set_passable(blocked, false).unwrap();
    grid
}

fn start_and_goal_checks<C: Cost>() {
    let (open, blocked) = (Cell::new(0, 0), Cell::new(7, 7));
    let grid = grid_with_blocked::<C>(blocked);
    let h = grid.heuristic(blocked);
    let goal_blocked = SearchError::GoalBlocked { node: blocked };
    // The shortcuts taking a start and a goal.
    let r = pathseek::astar(&grid, open, blocked, h);
    assert_eq!((r.error(), r.stats.expanded), (Some(&goal_blocked), 0));
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let r = engine.search(&grid, Query::new(open, blocked, h));
    assert_eq!((r.error(), r.stats.expanded), (Some(&goal_blocked), 0));
    let mut path = vec![open];
    let r = engine.search_into(&grid, Query::new(open, blocked, h), &mut path);
    assert_eq!(r, Status::Error(goal_blocked.clone()));
    assert_eq!(engine.stats().expanded, 0);
    assert!(path.is_empty());
    // The entry points taking a query.
    assert_every_entry_point(&grid, &Query::new(open, blocked, h), &goal_blocked);
    // A blocked start, off the grid too; the starts are checked before the goal.
    let start_blocked = SearchError::StartBlocked { node: blocked };
    assert_every_entry_point(&grid, &Query::new(blocked, open, h), &start_blocked);
    assert_every_entry_point(&grid, &Query::new(blocked, blocked, h), &start_blocked);
    let r = pathseek::astar(&grid, blocked, open, h);
    assert_eq!((r.error(), r.stats.expanded), (Some(&start_blocked), 0));
    let outside = Cell::new(8, 0);
    assert_every_entry_point(
        &grid,
        &Query::new(outside, open, h),
        &SearchError::StartBlocked { node: outside },
    );
    assert_every_entry_point(
        &grid,
        &Query::new(open, outside, h),
        &SearchError::GoalBlocked { node: outside },
    );
    // One bad start among good ones is enough.
    let q = Query::new(open, Cell::new(5, 5), h).with_start(blocked, C::zero());
    assert_every_entry_point(&grid, &q, &start_blocked);
    // No start at all.
    let q = Query::new(open, Cell::new(5, 5), h).with_starts([]);
    assert_every_entry_point(&grid, &q, &SearchError::NoStart);
    let q = Query::new(open, blocked, h).with_starts(std::iter::empty());
    assert_every_entry_point(&grid, &q, &SearchError::NoStart);
}
for_cost_types!(
    start_and_goal_checks_every_entry_point,
    start_and_goal_checks
);

fn invalid_start_costs<C: Cost + From<f32>>() {
    let grid = grid_with_blocked::<C>(Cell::new(7, 7));
    let goal = Cell::new(5, 5);
    let h = grid.heuristic(goal);
    let (a, b) = (Cell::new(0, 0), Cell::new(1, 0));
    let minus_one = fc::<C>(-1.0f32);
    let q = Query::new(a, goal, h).with_start(b, minus_one);
    assert_every_entry_point(
        &grid,
        &q,
        &SearchError::InvalidStartCost {
            node: b,
            cost: minus_one,
        },
    );
    let q = Query::new(a, goal, h).with_starts([(a, C::zero()), (b, fc::<C>(f32::NAN))]);
    for (name, error, expanded) in query_entry_points(&grid, &q, true) {
        assert!(
            matches!(error, Some(SearchError::InvalidStartCost { node, cost }) if node == b && cost.as_f64().is_nan()),
            "{name}: {error:?}"
        );
        assert_eq!(expanded, 0, "{name}");
    }
    // A bad initial cost on a blocked start: either error is fair, but one is given.
    let q = Query::new(a, goal, h).with_starts([(Cell::new(7, 7), minus_one)]);
    for (name, error, _) in query_entry_points(&grid, &q, true) {
        assert!(
            matches!(
                error,
                Some(SearchError::StartBlocked { .. } | SearchError::InvalidStartCost { .. })
            ),
            "{name}: {error:?}"
        );
    }
    // Infinity is neither NaN nor negative, but no path cost: an error too.
    let inf = fc::<C>(f32::INFINITY);
    let q = Query::new(a, goal, h).with_start(b, inf);
    // (Not checking path_into here: see `failed_start_offers_no_path`.)
    for (name, error, expanded) in query_entry_points(&grid, &q, false) {
        assert!(
            matches!(
                error,
                Some(SearchError::CostOverflow { node } | SearchError::InvalidStartCost { node, .. })
                    if node == b
            ),
            "{name}: {error:?}"
        );
        assert_eq!(expanded, 0, "{name}");
    }
}

#[test]
fn invalid_start_costs_f64() {
    invalid_start_costs::<f64>();
}

#[test]
#[cfg(feature = "deep-tests")]
fn invalid_start_costs_f32() {
    invalid_start_costs::<f32>();
}

#[test]
fn sliced_search_idle_before_start_and_after_cancel() {
    let grid = grid_with_blocked::<u32>(Cell::new(7, 7));
    let goal = Cell::new(6, 3);
    let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut path = vec![Cell::new(1, 1)];
    // Nothing started: the type comes from the query given to `start` below.
    assert_eq!(sliced.status(), Status::Idle);
    assert_eq!(sliced.advance(&grid, 10), Status::Idle);
    assert_eq!(sliced.path_into(&grid, &mut path), None);
    assert!(path.is_empty());
    assert!(sliced.query().is_none());
    assert_eq!(sliced.stats().expanded, 0);
    let q = Query::new(Cell::new(0, 0), goal, grid.heuristic(goal));
    assert_eq!(sliced.start(&grid, q.clone()), Status::InProgress);
    assert_eq!(
        sliced.advance(&grid, 0),
        Status::InProgress,
        "budget 0 only reports"
    );
    assert_eq!(sliced.stats().expanded, 0);
    assert_eq!(sliced.advance(&grid, 2), Status::InProgress);
    assert_eq!(sliced.stats().expanded, 2);
    assert!(sliced.path_into(&grid, &mut path).is_some());
    sliced.cancel();
    assert_eq!(sliced.status(), Status::Idle);
    assert_eq!(sliced.advance(&grid, 10), Status::Idle);
    assert_eq!(sliced.path_into(&grid, &mut path), None);
    assert!(path.is_empty(), "path_into clears the path");
    assert!(sliced.query().is_none());
    // Cancelled after the end too; and it starts again afterwards.
    let cost = match sliced.start(&grid, q.clone()) {
        Status::InProgress => loop {
            match sliced.advance(&grid, 3) {
                Status::InProgress => {}
                Status::Found { cost } => break cost,
                other => panic!("{other:?}"),
            }
        },
        other => panic!("{other:?}"),
    };
    assert_eq!(cost, 3 * 3 + 3 * 2);
    sliced.cancel();
    assert_eq!(sliced.advance(&grid, 10), Status::Idle);
    assert_eq!(sliced.path_into(&grid, &mut path), None);
    sliced.start(&grid, q);
    assert_eq!(sliced.advance(&grid, 1000), Status::Found { cost: 15 });
}

// ---------------------------------------------------------------------------
// 3. Several starts
// ---------------------------------------------------------------------------

fn two_units<C: Cost>() {
    let costs = GridCosts::new(c::<C>(2), c(3));
    let grid = Grid::new(20, 20, Connectivity::Eight, costs).unwrap();
    let goal = Cell::new(19, 10);
    let (a, b) = (Cell::new(0, 10), Cell::new(10, 10)); // 38 and 18 from the goal
    let h = grid.heuristic(goal);
    for (busy, first, cost) in [(30, a, 38), (15, b, 33), (0, b, 18), (21, a, 38)] {
        let q = Query::new(a, goal, h).with_start(b, c(busy));
        let r = pathseek::search(&grid, q.clone());
        let path = r.found().expect("reachable");
        assert_eq!(path.cost, c(cost), "unit b busy for {busy}");
        assert_eq!(path.nodes[0], first, "unit b busy for {busy}");
        assert_eq!(path.goal(), Some(&goal));
        let initial = if first == a { C::zero() } else { c(busy) };
        assert_eq!(
            path_cost(&grid, &path.nodes).map(|p| p + initial),
            Some(path.cost)
        );
        // The order of the starts does not matter.
        let swapped = q.with_starts([(b, c(busy)), (a, C::zero())]);
        let r2 = pathseek::search(&grid, swapped);
        assert_eq!(r2.found().map(|p| p.cost), Some(path.cost));
    }
    // A tie (20 + 18 == 38): either unit, at the same cost.
    let q = Query::new(a, goal, h).with_start(b, c(20));
    let path = pathseek::search(&grid, q).into_path().unwrap();
    assert_eq!(path.cost, c(38));
    assert!(path.nodes[0] == a || path.nodes[0] == b);
    // A start listed twice keeps its cheaper initial cost.
    let q = Query::new(a, goal, h).with_starts([(b, c(40)), (a, c(30)), (b, c(5))]);
    let path = pathseek::search(&grid, q).into_path().unwrap();
    assert_eq!((path.nodes[0], path.cost), (b, c(23)));
    // A start on the goal: the one-node path at its initial cost.
    let q = Query::new(a, goal, h).with_start(goal, c(7));
    let r = pathseek::search(&grid, q);
    assert_eq!(r.found().unwrap().nodes, [goal]);
    assert_eq!(r.found().unwrap().cost, c(7));
}
for_cost_types!(several_starts_cheapest_unit_leads, two_units);

fn unit_between_cells<C: Cost + From<f32>>() {
    let costs = GridCosts::new(C::one(), C::one());
    let grid = Grid::new(10, 5, Connectivity::Four, costs).unwrap();
    // A unit a quarter of the way from (3, 3) to (4, 3).
    let (left, right) = (Cell::new(3, 3), Cell::new(4, 3));
    let starts = [(left, fc::<C>(0.25)), (right, fc::<C>(0.75))];
    for (goal, first, cost) in [
        (Cell::new(9, 3), right, 5.75),
        (Cell::new(0, 3), left, 3.25),
        (Cell::new(4, 0), right, 3.75),
        (Cell::new(3, 3), left, 0.25),
        (Cell::new(4, 3), right, 0.75),
    ] {
        let q = Query::new(left, goal, grid.heuristic(goal)).with_starts(starts);
        let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
        let r = engine.search(&grid, q.clone());
        let path = r.found().expect("reachable");
        assert_eq!(
            (path.nodes[0], path.cost),
            (first, fc::<C>(cost)),
            "to {goal:?}"
        );
        // Sliced, the same.
        engine.cancel();
        let mut sliced = engine;
        sliced.start(&grid, q);
        let mut status = Status::InProgress;
        while status == Status::InProgress {
            status = sliced.advance(&grid, 1);
        }
        assert_eq!(
            status,
            Status::Found {
                cost: fc::<C>(cost)
            }
        );
        let mut nodes = Vec::new();
        sliced.path_into(&grid, &mut nodes);
        assert_eq!(nodes, path.nodes);
    }
}

#[test]
fn several_starts_unit_between_cells_f64() {
    unit_between_cells::<f64>();
}

#[test]
#[cfg(feature = "deep-tests")]
fn several_starts_unit_between_cells_f32() {
    unit_between_cells::<f32>();
}

#[test]
fn several_starts_on_a_graph_with_unreachable_ones() {
    // 0 -> 1 -> 2 -> 3 (cost 1 each), 4 isolated, 5 -> 3 (cost 10).
    let g = AdjacencyList::from_edges(6, [(0, 1, 1u32), (1, 2, 1), (2, 3, 1), (5, 3, 10)]).unwrap();
    let q = Query::new(4, 3, |_: u32| 0).with_starts([(4, 0), (5, 0), (0, 8)]);
    let r = pathseek::search(&g, q);
    assert_eq!(r.found().unwrap().nodes, [5, 3]);
    assert_eq!(r.found().unwrap().cost, 10);
    let q = Query::new(4, 3, |_: u32| 0).with_starts([(4, 0), (5, 0), (0, 6)]);
    let r = pathseek::search(&g, q);
    assert_eq!(r.found().unwrap().nodes, [0, 1, 2, 3]);
    assert_eq!(r.found().unwrap().cost, 9);
    // No start reaches the goal.
    let q = Query::new(4, 0, |_: u32| 0).with_starts([(4, 0), (3, 0), (5, 1)]);
    assert_eq!(pathseek::search(&g, q).outcome, Outcome::NoPath);
}

// ---------------------------------------------------------------------------
// 4. Sliced searches equal one-shot ones
// ---------------------------------------------------------------------------

/// A 40x30 grid with two walls with gaps, and terrain on some cells.
fn walled_grid<C: Cost>(eight: bool) -> Grid<C> {
    let conn = if eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let mut grid = Grid::from_fn(40, 30, conn, GridCosts::new(c(2), c(3)), |cell| {
        !(cell.x == 12 && cell.y < 25 || cell.x == 27 && cell.y > 4)
    })
    .unwrap();
    for x in 0..40 {
        for y in 10..14 {
            grid.set_terrain(Cell::new(x, y), c(3)).unwrap();
        }
    }
    grid
}

fn sliced_one_expansion_per_call<C: Cost>() {
    for eight in [false, true] {
        let grid = walled_grid::<C>(eight);
        let (start, goal) = (Cell::new(1, 1), Cell::new(38, 2));
        let q = Query::new(start, goal, grid.heuristic(goal));
        let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
        let direct = engine.search(&grid, q.clone());
        let found = direct.found().expect("reachable");
        engine.cancel();
        let mut sliced = engine;
        assert_eq!(sliced.start(&grid, q), Status::InProgress);
        let mut path = Vec::new();
        let mut calls = 0u64;
        let status = loop {
            let status = sliced.advance(&grid, 1);
            calls += 1;
            if status != Status::InProgress {
                break status;
            }
            assert_eq!(sliced.stats().expanded, calls);
            // The path offered meanwhile: from the start, along moves, at its cost.
            let cost = sliced.path_into(&grid, &mut path).expect("a best node");
            assert_eq!(path[0], start);
            assert_eq!(path_cost(&grid, &path), Some(cost), "{path:?}");
        };
        assert_eq!(status, Status::Found { cost: found.cost });
        assert_eq!(sliced.path_into(&grid, &mut path), Some(found.cost));
        assert_eq!(path, found.nodes);
        assert_eq!(sliced.stats(), direct.stats);
        // The last call popped the goal without expanding it.
        assert_eq!(calls, direct.stats.expanded + 1);
        // Ended: more calls change nothing.
        for budget in [0, 1, 1000, u64::MAX] {
            assert_eq!(sliced.advance(&grid, budget), status);
            assert_eq!(sliced.stats(), direct.stats);
        }
        assert_eq!(sliced.status(), status);
        assert_eq!(sliced.path_into(&grid, &mut path), Some(found.cost));
        assert_eq!(path, found.nodes);

        // No path: the goal walled in.
        let mut closed = grid.clone();
        for cell in [
            Cell::new(37, 1),
            Cell::new(39, 1),
            Cell::new(37, 3),
            Cell::new(39, 3),
        ] {
            closed.set_passable(cell, false).unwrap();
        }
        for cell in [
            Cell::new(38, 1),
            Cell::new(37, 2),
            Cell::new(39, 2),
            Cell::new(38, 3),
        ] {
            closed.set_passable(cell, false).unwrap();
        }
        let q = Query::new(start, goal, closed.heuristic(goal));
        let direct = AStar::new(BinaryHeap::new(), IndexedStore::new()).search(&closed, q.clone());
        assert_eq!(direct.outcome, Outcome::NoPath);
        sliced.start(&closed, q);
        let mut status = Status::InProgress;
        while status == Status::InProgress {
            status = sliced.advance(&closed, 7);
        }
        assert_eq!(status, Status::NoPath);
        assert_eq!(sliced.stats(), direct.stats);
        assert_eq!(sliced.advance(&closed, 7), Status::NoPath);
        assert_eq!(sliced.stats(), direct.stats);
        // The best node reached is still offered.
        let cost = sliced.path_into(&closed, &mut path).expect("a best node");
        assert_eq!(path[0], start);
        assert_eq!(path_cost(&closed, &path), Some(cost));
    }
}
for_cost_types!(sliced_equals_one_shot, sliced_one_expansion_per_call);

fn sliced_with_limits<C: Cost>() {
    let grid = walled_grid::<C>(true);
    let (start, goal) = (Cell::new(1, 1), Cell::new(38, 2));
    let h = grid.heuristic(goal);
    let queries = [
        Query::new(start, goal, h).max_expansions(100),
        Query::new(start, goal, h).max_stored(300),
        Query::new(start, goal, h).max_cost(c(120)),
        Query::new(start, goal, h)
            .with_start(Cell::new(20, 28), c(10))
            .max_expansions(150),
    ];
    for q in queries {
        let direct = AStar::new(BinaryHeap::new(), IndexedStore::new()).search(&grid, q.clone());
        let (want, limit) = direct.partial().expect("a limit is reached");
        assert!(direct.stats.expanded > 50, "{limit:?}: {:?}", direct.stats);
        for budget in [1, 2, 5, 31, 32, 33, 1000] {
            let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
            sliced.start(&grid, q.clone());
            let mut status = Status::InProgress;
            while status == Status::InProgress {
                status = sliced.advance(&grid, budget);
            }
            assert_eq!(
                status,
                Status::Partial {
                    limit,
                    cost: want.cost
                },
                "budget {budget}"
            );
            let mut path = Vec::new();
            assert_eq!(sliced.path_into(&grid, &mut path), Some(want.cost));
            assert_eq!(path, want.nodes, "budget {budget}");
            assert_eq!(sliced.stats(), direct.stats, "budget {budget}");
        }
    }
}
for_cost_types!(sliced_with_limits_equals_one_shot, sliced_with_limits);

// ---------------------------------------------------------------------------
// 5. Edits between calls
// ---------------------------------------------------------------------------

const SIDE: u32 = 32;

/// A 32x32 grid with a wall down x = 16 from the top to y = 29.
fn edit_grid() -> Grid<u32> {
    Grid::from_fn(SIDE, SIDE, Connectivity::Eight, GridCosts::new(2, 3), |c| {
        !(c.x == 16 && c.y < 30)
    })
    .unwrap()
}

type GridQuery = Query<Cell, u32, pathseek::grid::GridHeuristic<u32>>;
type Sliced = AStar<BinaryHeap<u32>, IndexedStore<u32>, GridQuery>;

fn edit_query(grid: &Grid<u32>) -> GridQuery {
    let goal = Cell::new(31, 0);
    Query::new(
        Cell::new(0, 0),
        goal,
        pathseek::grid::GridHeuristic::new(grid, goal),
    )
}

/// `true` if `cell` or one of its 8 neighbours is closed in the sliced search.
fn near_closed(sliced: &Sliced, cell: Cell) -> bool {
    let store = sliced.store();
    let (x, y) = (cell.x as i64, cell.y as i64);
    (-1..=1).any(|dy| {
        (-1..=1).any(|dx| {
            let (nx, ny) = (x + dx, y + dy);
            (0..SIDE as i64).contains(&nx)
                && (0..SIDE as i64).contains(&ny)
                && store
                    .record((ny * SIDE as i64 + nx) as u32)
                    .is_some_and(|r| r.is_closed())
        })
    })
}

fn finish(sliced: &mut Sliced, grid: &Grid<u32>) -> Status<Cell, u32> {
    loop {
        match sliced.advance(grid, 16) {
            Status::InProgress => {}
            status => return status,
        }
    }
}

/// The sliced search, after an edit far from its closed cells, ends as a
/// fresh search on the edited grid: same status, path and counters.
fn assert_same_as_fresh(sliced: &mut Sliced, grid: &Grid<u32>) -> Status<Cell, u32> {
    let status = finish(sliced, grid);
    let fresh = AStar::new(BinaryHeap::new(), IndexedStore::new()).search(grid, edit_query(grid));
    let mut path = Vec::new();
    match &fresh.outcome {
        Outcome::Found(p) => {
            assert_eq!(status, Status::Found { cost: p.cost });
            sliced.path_into(grid, &mut path);
            assert_eq!(path, p.nodes);
        }
        Outcome::NoPath => assert_eq!(status, Status::NoPath),
        other => panic!("{other:?}"),
    }
    assert_eq!(sliced.stats(), fresh.stats);
    status
}

#[test]
fn edit_far_from_the_closed_cells_gives_the_fresh_answer() {
    let mut grid = edit_grid();
    let before = pathseek::search(&grid, edit_query(&grid));
    let before_path = before.found().expect("round the wall").clone();
    let mut sliced = Sliced::new(BinaryHeap::new(), IndexedStore::new());
    sliced.start(&grid, edit_query(&grid));
    assert_eq!(sliced.advance(&grid, 40), Status::InProgress);
    // Block a cell of the path the unedited grid would give, far from every
    // closed cell, beyond the wall.
    let far: Vec<Cell> = before_path
        .nodes
        .iter()
        .copied()
        .filter(|&c| c.x > 16 && c != Cell::new(31, 0) && !near_closed(&sliced, c))
        .collect();
    let blocked = far[far.len() / 2];
    grid.set_passable(blocked, false).unwrap();
    let status = assert_same_as_fresh(&mut sliced, &grid);
    let Status::Found { cost } = status else {
        panic!("{status:?}")
    };
    assert!(cost >= before_path.cost);

    // Opening a gap in the wall (far from the closed cells) makes the path
    // shorter, and the sliced search takes it.
    let mut grid = edit_grid();
    let mut sliced = Sliced::new(BinaryHeap::new(), IndexedStore::new());
    sliced.start(&grid, edit_query(&grid));
    assert_eq!(sliced.advance(&grid, 25), Status::InProgress);
    let gap = Cell::new(16, 20);
    assert!(!near_closed(&sliced, gap));
    grid.set_passable(gap, true).unwrap();
    let Status::Found { cost } = assert_same_as_fresh(&mut sliced, &grid) else {
        panic!()
    };
    assert!(cost < before_path.cost, "{cost} vs {}", before_path.cost);

    // Several edits at different times.
    let mut grid = edit_grid();
    let mut sliced = Sliced::new(BinaryHeap::new(), IndexedStore::new());
    sliced.start(&grid, edit_query(&grid));
    for (i, cell) in [Cell::new(16, 20), Cell::new(25, 5), Cell::new(16, 10)]
        .into_iter()
        .enumerate()
    {
        assert_eq!(sliced.advance(&grid, 10), Status::InProgress, "edit {i}");
        assert!(!near_closed(&sliced, cell), "edit {i}");
        let passable = grid.is_passable(cell);
        grid.set_passable(cell, !passable).unwrap();
    }
    assert_same_as_fresh(&mut sliced, &grid);
}

#[test]
fn edit_on_the_closed_cells_still_ends() {
    for (budget, which) in [(5, 1), (40, 1), (40, 5), (200, 3), (400, 20)] {
        let mut grid = edit_grid();
        let mut sliced = Sliced::new(BinaryHeap::new(), IndexedStore::new());
        sliced.start(&grid, edit_query(&grid));
        assert_eq!(sliced.advance(&grid, budget), Status::InProgress);
        let mut partial = Vec::new();
        sliced.path_into(&grid, &mut partial).expect("a best node");
        // A closed cell of the best partial path.
        let cell = partial[which.min(partial.len() - 1)];
        assert!(near_closed(&sliced, cell));
        grid.set_passable(cell, false).unwrap();
        let status = finish(&mut sliced, &grid);
        assert!(status.is_finished(), "{status:?}");
        let fresh = pathseek::search(&grid, edit_query(&grid));
        let best = fresh.found().map(|p| p.cost);
        if let Status::Found { cost } = status {
            let mut path = Vec::new();
            assert_eq!(sliced.path_into(&grid, &mut path), Some(cost));
            // The path may cross the blocked cell (then path_cost says None),
            // but it is never cheaper than the best path of the edited grid.
            if let Some(walked) = path_cost(&grid, &path) {
                assert!(best.is_some_and(|b| walked >= b), "{walked} vs {best:?}");
            }
        }
    }
}

#[test]
fn goal_blocked_between_calls_is_never_found() {
    let mut grid = edit_grid();
    let mut sliced = Sliced::new(BinaryHeap::new(), IndexedStore::new());
    sliced.start(&grid, edit_query(&grid));
    assert_eq!(sliced.advance(&grid, 10), Status::InProgress);
    grid.set_passable(Cell::new(31, 0), false).unwrap();
    // A fresh search says GoalBlocked (checked at the start); the sliced search,
    // whose checks were made at its start, runs out of cells instead.
    let status = finish(&mut sliced, &grid);
    assert!(
        matches!(
            status,
            Status::NoPath | Status::Error(SearchError::GoalBlocked { .. })
        ),
        "{status:?}"
    );
    assert_eq!(
        pathseek::search(&grid, edit_query(&grid)).error(),
        Some(&SearchError::GoalBlocked {
            node: Cell::new(31, 0)
        })
    );
}

// ---------------------------------------------------------------------------
// 6. Goal tests through a sliced search
// ---------------------------------------------------------------------------

fn predicate_goals<C: Cost>() {
    let grid = walled_grid::<C>(true);
    let start = Cell::new(1, 1);
    // Any cell of column 30 from row 10 down.
    let is_goal = |cell: Cell| cell.x == 30 && cell.y >= 10;
    // Admissible: every move costs at least 2 and changes x by at most 1.
    let h = |cell: Cell| c::<C>(2 * u64::from(cell.x.abs_diff(30)));
    let dijkstra = pathseek::search(&grid, Query::until(start, is_goal, |_: Cell| C::zero()));
    let want = dijkstra.found().expect("reachable").cost;
    let q = Query::until(start, is_goal, h);
    let direct = AStar::new(BinaryHeap::new(), IndexedStore::new()).search(&grid, q.clone());
    let found = direct.found().expect("reachable");
    assert_eq!(found.cost, want);
    assert!(is_goal(*found.goal().unwrap()));
    for budget in [1, 3, 64] {
        let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
        assert_eq!(sliced.start(&grid, q.clone()), Status::InProgress);
        let mut status = Status::InProgress;
        while status == Status::InProgress {
            status = sliced.advance(&grid, budget);
        }
        assert_eq!(status, Status::Found { cost: want }, "budget {budget}");
        let mut path = Vec::new();
        sliced.path_into(&grid, &mut path);
        assert_eq!(path, found.nodes);
        assert_eq!(sliced.stats(), direct.stats);
    }
    // The start itself passes the test: found at once.
    let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
    sliced.start(&grid, Query::until(start, |c: Cell| c == start, h));
    assert_eq!(sliced.advance(&grid, 1), Status::Found { cost: C::zero() });
    assert_eq!(sliced.stats().expanded, 0);
    // No cell passes: every reachable cell is expanded, then no path.
    let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
    sliced.start(&grid, Query::until(start, |_: Cell| false, h));
    let mut status = Status::InProgress;
    while status == Status::InProgress {
        status = sliced.advance(&grid, 100);
    }
    assert_eq!(status, Status::NoPath);
    assert_eq!(sliced.stats().expanded as usize, grid.passable_count());
    // A goal test with a limit.
    let q = Query::until(start, is_goal, h).max_expansions(10);
    let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
    sliced.start(&grid, q);
    assert!(matches!(sliced.advance(&grid, 4), Status::InProgress));
    assert!(matches!(
        sliced.advance(&grid, 100),
        Status::Partial {
            limit: Limit::Expansions,
            ..
        }
    ));
    assert_eq!(sliced.stats().expanded, 10);
}
for_cost_types!(predicate_goals_through_sliced_search, predicate_goals);

// ---------------------------------------------------------------------------
// Partial paths: the best node, and max_cost
// ---------------------------------------------------------------------------

fn partial_best_node<C: Cost>() {
    // A line 0 - 1 - ... - 9 with the goal 20 unreachable; h = 9 - n except at 5.
    let mut edges = Vec::new();
    for n in 0..9u32 {
        edges.push((n, n + 1, c::<C>(1)));
        edges.push((n + 1, n, c::<C>(1)));
    }
    let g = AdjacencyList::from_edges(21, edges).unwrap();
    let h = |n: u32| c::<C>(u64::from(9u32.saturating_sub(n)));
    let r = pathseek::search(&g, Query::new(0, 20, h).max_expansions(4));
    let (path, limit) = r.partial().unwrap();
    assert_eq!(limit, Limit::Expansions);
    // 0, 1, 2, 3 expanded, 4 popped: the smallest h so far.
    assert_eq!(path.nodes, [0, 1, 2, 3, 4]);
    assert_eq!(path.cost, c(4));
    // max_cost: stops when the smallest f exceeds the limit; every node expanded
    // has g within it, so the partial path too.
    for max in [0u64, 3, 8, 9, 100] {
        let r = pathseek::search(&g, Query::new(0, 20, h).max_cost(c(max)));
        match r.partial() {
            Some((path, Limit::Cost)) => {
                assert!(path.cost <= c(max), "max {max}: {path:?}");
                assert_eq!(path_cost(&g, &path.nodes), Some(path.cost));
            }
            // Everything reachable fits the limit (f <= 9): no path.
            None => assert!(max >= 9 && r.outcome == Outcome::NoPath, "{max}: {r:?}"),
            other => panic!("{other:?}"),
        }
    }
    // The start is the best node when nothing improves on its h; with two
    // starts of equal h, the cheaper one.
    let q = Query::new(3, 20, |_: u32| C::one())
        .with_starts([(6, c(5)), (3, c(2))])
        .max_expansions(0);
    let r = pathseek::search(&g, q);
    let (path, _) = r.partial().unwrap();
    assert_eq!((path.nodes.as_slice(), path.cost), (&[3][..], c(2)));
}
for_cost_types!(partial_path_ends_at_the_best_node, partial_best_node);

#[test]
fn max_cost_below_the_start_heuristic_expands_nothing() {
    let grid = walled_grid::<u32>(true);
    let goal = Cell::new(38, 2);
    let q = Query::new(Cell::new(1, 1), goal, grid.heuristic(goal)).max_cost(10);
    let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
    sliced.start(&grid, q);
    assert_eq!(
        sliced.advance(&grid, 5),
        Status::Partial {
            limit: Limit::Cost,
            cost: 0
        }
    );
    assert_eq!(sliced.stats().expanded, 0);
}

// ---------------------------------------------------------------------------
// Known problems (see the reasons)
// ---------------------------------------------------------------------------

/// Starts 0 (initial 0) and 1 (initial 100); 0 -> 1 costs 5, 0 -> 2 costs 0;
/// h = [2, 0, 1, 0] and the goal 3 is unreachable. Start 1 is the best node
/// (h 0) at g 100; expanding 0 lowers its g to 5 (parent 0); the limit then
/// stops the search after popping 2 (f 1), before 1 is popped again.
fn stale_best_graph() -> AdjacencyList<u32> {
    AdjacencyList::from_edges(4, [(0, 1, 5u32), (0, 2, 0)]).unwrap()
}

#[test]
fn partial_cost_follows_a_cheaper_path_to_the_best_start() {
    let g = stale_best_graph();
    let h = |n: u32| [2u32, 0, 1, 0][n as usize];
    let q = Query::new(0, 3, h).with_start(1, 100).max_expansions(1);
    let r = pathseek::search(&g, q.clone());
    let (path, _) = r.partial().unwrap();
    assert_eq!(path.nodes, [0, 1]);
    assert_eq!(
        Some(path.cost),
        path_cost(&g, &path.nodes),
        "partial path {path:?}"
    );
    // The same while a sliced search is in progress.
    let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
    sliced.start(&g, q.max_expansions(100));
    assert_eq!(sliced.advance(&g, 1), Status::InProgress);
    let mut nodes = Vec::new();
    let cost = sliced.path_into(&g, &mut nodes);
    assert_eq!(cost, path_cost(&g, &nodes), "path_into gave {nodes:?}");
}

#[test]
fn partial_cost_follows_a_reopened_best_node() {
    // S=0 -> X=1 (20), S -> Y=2 (2), Y -> X (2), Y -> W=3 (0); goal 4 unreachable.
    // h: S 10, X 0, Y 40, W 1. X is expanded at g 20 (the best node, h 0), Y
    // reopens it at g 4, then W (f 3) is popped at the limit, before X.
    let g = AdjacencyList::from_edges(5, [(0, 1, 20u32), (0, 2, 2), (2, 1, 2), (2, 3, 0)]).unwrap();
    let h = |n: u32| [10u32, 0, 40, 1, 0][n as usize];
    let r = pathseek::search(&g, Query::new(0, 4, h).max_expansions(3));
    let (path, _) = r.partial().unwrap();
    assert_eq!(r.stats.reopened, 1);
    assert_eq!(
        Some(path.cost),
        path_cost(&g, &path.nodes),
        "partial path {path:?}"
    );
}

#[test]
fn failed_start_offers_no_path() {
    let g = AdjacencyList::from_edges(3, [(0, 1, 1.0f64), (1, 2, 1.0)]).unwrap();
    let bad_h = |n: u32| if n == 1 { f64::NAN } else { 0.0 };
    let queries = [
        Query::new(0, 2, (|_: u32| 0.0) as fn(u32) -> f64).with_start(1, f64::INFINITY),
        Query::new(0, 2, bad_h as fn(u32) -> f64).with_start(1, 0.0),
    ];
    let mut offered = Vec::new();
    for q in queries {
        let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
        let status = sliced.start(&g, q);
        assert!(matches!(status, Status::Error(_)), "{status:?}");
        let mut path = Vec::new();
        if let Some(cost) = sliced.path_into(&g, &mut path) {
            offered.push((status, path, cost));
        }
    }
    assert!(
        offered.is_empty(),
        "failed starts offered paths: {offered:?}"
    );
}

#[test]
fn store_limit_reached_by_the_starts() {
    let g = AdjacencyList::from_edges(3, [(0, 1, 1u32), (1, 2, 1)]).unwrap();
    let h = |_: u32| 0u32;
    let queries = [
        Query::new(0, 2, h).max_stored(1),
        Query::new(0, 2, h).max_stored(0),
        // The start is the goal.
        Query::new(0, 0, h).max_stored(1),
    ];
    let mut differ = Vec::new();
    for (i, q) in queries.into_iter().enumerate() {
        let direct = AStar::new(BinaryHeap::new(), IndexedStore::new()).search(&g, q.clone());
        let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
        sliced.start(&g, q);
        let status = sliced.advance(&g, 100);
        let same = match (&direct.outcome, &status) {
            (Outcome::Found(p), Status::Found { cost }) => p.cost == *cost,
            (Outcome::Partial { path, limit }, Status::Partial { limit: l, cost }) => {
                limit == l && path.cost == *cost
            }
            (Outcome::NoPath, Status::NoPath) => true,
            _ => false,
        };
        if !same || sliced.stats() != direct.stats {
            differ.push((i, direct, status, sliced.stats()));
        }
    }
    assert!(differ.is_empty(), "run and sliced differ: {differ:#?}");
}
