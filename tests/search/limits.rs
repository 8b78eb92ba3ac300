//! The query's limits and checks at their edges: `max_stored` exactly, an
//! invalid `max_cost`, an infinite heuristic value, `AStar::finish`, and
//! `search_within` with the fallback and an off-map goal.

use pathseek::components::GridComponents;
use pathseek::open_set::BinaryHeap;
use pathseek::store::{HashStore, IndexedStore};
use pathseek::{
    graph, AStar, AdjacencyList, Cell, Connectivity, Grid, GridCosts, Limit, Outcome, Query,
    SearchError, Status,
};

/// The line 0 -> 1 -> 2 -> ... -> 99, every edge costing 1.
fn line(len: u32) -> AdjacencyList<u32> {
    AdjacencyList::from_edges(len as usize, (1..len).map(|n| (n - 1, n, 1u32))).unwrap()
}

#[test]
fn max_stored_stores_exactly_that_many_nodes() {
    // The goal is far away and h = 0: the limit is what stops the search.
    let dense = line(100);
    let endless = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
    let mut indexed = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut hashed = AStar::new(BinaryHeap::new(), HashStore::new());
    let h = |_: u32| 0u32;
    let mut seen = Vec::new();
    for n in 1..=10usize {
        let runs = [
            (
                "search, dense ids",
                pathseek::search(&dense, Query::new(0, 99, h).max_stored(n)),
            ),
            (
                "search, from_fn",
                pathseek::search(&endless, Query::new(0, 1_000, h).max_stored(n)),
            ),
            (
                "indexed store",
                indexed.search(&dense, Query::new(0, 99, h).max_stored(n)),
            ),
            (
                "hash store",
                hashed.search(&endless, Query::new(0, 1_000, h).max_stored(n)),
            ),
        ];
        for (name, r) in runs {
            seen.push((name, n, r.stats.stored, r.stats.expanded));
            let (path, limit) = r
                .partial()
                .unwrap_or_else(|| panic!("{name}, max_stored({n}): {:?}", r.outcome));
            assert_eq!(limit, Limit::Stored, "{name}, max_stored({n})");
            assert_eq!(
                (r.stats.stored, r.stats.expanded),
                (n, n as u64 - 1),
                "{name}, max_stored({n}): (stored, expanded); all runs: {seen:?}"
            );
            // The partial path runs from the start along the line.
            assert_eq!(path.nodes.first(), Some(&0), "{name}, max_stored({n})");
            assert_eq!(path.cost as usize, path.nodes.len() - 1, "{name}");
        }
    }
}

#[test]
fn an_invalid_max_cost_is_an_error_before_any_expansion() {
    let g = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, f64)| edge(n + 1, 1.0));
    for max in [f64::NAN, -1.0, -f64::MIN_POSITIVE] {
        let r = pathseek::search(&g, Query::new(0, 10, |_| 0.0).max_cost(max));
        match &r.outcome {
            Outcome::Error(SearchError::InvalidMaxCost { cost }) => {
                assert!(cost.is_nan() || *cost == max, "max_cost({max}): {cost}")
            }
            other => panic!("max_cost({max}): expected InvalidMaxCost, got {other:?}"),
        }
        assert_eq!(r.stats.expanded, 0, "max_cost({max})");
        // The engine's entry points agree.
        let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
        let status = engine.start(&g, Query::new(0, 10, |_| 0.0).max_cost(max));
        assert!(
            matches!(status, Status::Error(SearchError::InvalidMaxCost { .. })),
            "start, max_cost({max}): {status:?}"
        );
        assert_eq!(engine.stats().expanded, 0);
    }
    // below_cost is checked the same way, by A* and the fringe search.
    for bound in [f64::NAN, -1.0] {
        let query = || Query::new(0, 10, |_| 0.0).below_cost(bound);
        let runs = [
            ("A*", pathseek::search(&g, query())),
            ("fringe", pathseek::fringe::search(&g, query())),
        ];
        for (name, r) in runs {
            assert!(
                matches!(
                    r.outcome,
                    Outcome::Error(SearchError::InvalidMaxCost { .. })
                ),
                "{name}, below_cost({bound}): {:?}",
                r.outcome
            );
        }
    }
    // A valid max_cost still works: zero stops at once with a partial path.
    let r = pathseek::search(&g, Query::new(0, 10, |_| 0.0).max_cost(0.0));
    assert!(r.error().is_none(), "{:?}", r.outcome);
}

#[test]
fn an_infinite_heuristic_value_is_invalid_heuristic_naming_the_node() {
    let gf = AdjacencyList::from_edges(10, (1..10u32).map(|n| (n - 1, n, 1.0f64))).unwrap();
    for bad in [0u32, 3, 7] {
        let h = move |n: u32| if n == bad { f64::INFINITY } else { 0.0 };
        let r = pathseek::search(&gf, Query::new(0, 9, h));
        match r.error() {
            Some(SearchError::InvalidHeuristic { node, value }) => {
                assert_eq!(*node, bad);
                assert_eq!(*value, f64::INFINITY);
            }
            other => panic!("h = inf at {bad}: expected InvalidHeuristic, got {other:?}"),
        }
        assert!(r.stats.expanded <= u64::from(bad), "{:?}", r.stats);
    }
    // f32 too.
    let g = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, f32)| edge(n + 1, 1.0));
    let r = pathseek::search(
        &g,
        Query::new(0, 9, |n: u32| if n == 2 { f32::INFINITY } else { 0.0 }),
    );
    assert_eq!(
        r.error(),
        Some(&SearchError::InvalidHeuristic {
            node: 2,
            value: f32::INFINITY
        })
    );
}

#[test]
fn finish_while_in_progress_is_a_stopped_partial_to_the_best_node() {
    let g = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 2));
    let h = |n: u32| 2 * 100u32.saturating_sub(n);
    let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    assert_eq!(engine.start(&g, Query::new(0, 100, h)), Status::InProgress);
    assert_eq!(engine.advance(&g, 5), Status::InProgress);
    let mut before = Vec::new();
    let cost = engine
        .path_into(&g, &mut before)
        .expect("a path to the best node");
    let stats = engine.stats();
    let r = engine.finish(&g);
    let (path, limit) = r.partial().expect("in progress: a partial result");
    assert_eq!(limit, Limit::Stopped);
    assert_eq!(path.nodes, before, "the path to the best node so far");
    assert_eq!(path.cost, cost);
    let k = path.nodes.len() as u32 - 1;
    assert!(k >= 4, "five expansions walk at least four steps: {path:?}");
    assert_eq!(path.nodes, (0..=k).collect::<Vec<_>>());
    assert_eq!(path.cost, 2 * k);
    assert_eq!(r.stats, stats, "finish expands nothing");
    assert_eq!(
        engine.status(),
        Status::Partial {
            limit: Limit::Stopped,
            cost
        }
    );
    assert_eq!(
        engine.advance(&g, 10),
        Status::Partial {
            limit: Limit::Stopped,
            cost
        }
    );
    assert_eq!(engine.stats(), stats, "a finished search does not go on");
}

#[test]
fn finish_with_nothing_started_is_not_started() {
    type Q = Query<u32, u32, fn(u32) -> u32>;
    let g = line(5);
    let mut engine: AStar<BinaryHeap<u32>, IndexedStore<u32>, Q> =
        AStar::new(BinaryHeap::new(), IndexedStore::new());
    let r = engine.finish(&g);
    assert_eq!(r.error(), Some(&SearchError::NotStarted));
    assert_eq!(r.stats.expanded, 0);
    // Cancelled is the same as never started.
    let h: fn(u32) -> u32 = |_| 0;
    assert!(engine.search(&g, Query::new(0, 4, h)).found().is_some());
    engine.cancel();
    assert_eq!(engine.finish(&g).error(), Some(&SearchError::NotStarted));
}

#[test]
fn search_is_start_advance_and_finish() {
    let grid = Grid::from_fn(16, 16, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        let door_in_column_8 = c.x != 8 || c.y == 3;
        let door_in_row_11 = c.y != 11 || c.x <= 2;
        door_in_column_8 && door_in_row_11
    })
    .unwrap();
    let mut one_go = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut stepped = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut outcomes = 0;
    for (start, goal) in [
        (Cell::new(0, 0), Cell::new(15, 15)),
        (Cell::new(15, 0), Cell::new(0, 15)),
        (Cell::new(2, 2), Cell::new(2, 2)),
        (Cell::new(0, 0), Cell::new(8, 5)), // blocked goal
        (Cell::new(0, 0), Cell::new(12, 3)),
    ] {
        let q = Query::new(start, goal, grid.heuristic(goal));
        let direct = one_go.search(&grid, q.clone());
        let first = stepped.start(&grid, q.clone());
        if first == Status::InProgress {
            assert_ne!(stepped.advance(&grid, u64::MAX), Status::InProgress);
        }
        let parts = stepped.finish(&grid);
        assert_eq!(parts, direct, "{start:?} -> {goal:?}");
        assert_eq!(parts.stats, direct.stats);
        assert_eq!(stepped.stats(), one_go.stats());
        // And a fresh engine in small budgets.
        let mut fresh = AStar::new(BinaryHeap::new(), IndexedStore::new());
        if fresh.start(&grid, q) == Status::InProgress {
            while fresh.advance(&grid, 3) == Status::InProgress {}
        }
        assert_eq!(
            fresh.finish(&grid),
            direct,
            "{start:?} -> {goal:?}, budget 3"
        );
        outcomes += usize::from(direct.found().is_some());
    }
    assert_eq!(outcomes, 3, "three of the five queries have a path");
}

#[test]
fn search_within_with_the_fallback_and_an_off_map_goal_is_goal_blocked() {
    let grid = Grid::new(10, 10, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let parts = GridComponents::new(&grid);
    let reach = parts.reach(&grid).unwrap();
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let (start, goal) = (Cell::new(0, 0), Cell::new(999, 999));
    let q = Query::new(start, goal, grid.heuristic(goal));
    let plain = engine.search_within(&grid, &reach, q.clone());
    assert_eq!(
        plain.error(),
        Some(&SearchError::GoalBlocked { node: goal })
    );
    let fell = engine.search_within(&grid, &reach, q.clone().fallback_to_nearest());
    assert_eq!(fell.error(), Some(&SearchError::GoalBlocked { node: goal }));
    assert_eq!(fell, plain);
    assert_eq!(fell.stats.expanded, 0);
    // The sliced start agrees.
    let status = engine.start_within(&grid, &reach, q.fallback_to_nearest());
    assert_eq!(
        status,
        Status::Error(SearchError::GoalBlocked { node: goal })
    );
}

#[test]
fn max_stored_and_max_expansions_are_exact_when_advanced_one_node_at_a_time() {
    // The same line, but the search spread over calls of one expansion each:
    // the limit must not slip by one at a call boundary.
    let dense = line(100);
    let h = |_: u32| 0u32;
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    for n in 1..=10usize {
        engine.start(&dense, Query::new(0, 99, h).max_stored(n));
        let mut calls = 0;
        let status = loop {
            let s = engine.advance(&dense, 1);
            calls += 1;
            if s != Status::InProgress {
                break s;
            }
            assert!(calls <= 100, "max_stored({n}) never ended");
        };
        assert!(
            matches!(
                status,
                Status::Partial {
                    limit: Limit::Stored,
                    ..
                }
            ),
            "max_stored({n}): {status:?}"
        );
        let stats = engine.stats();
        assert_eq!(
            (stats.stored, stats.expanded),
            (n, n as u64 - 1),
            "max_stored({n})"
        );

        // max_expansions(n): exactly n expanded, n + 1 stored on the line.
        engine.start(&dense, Query::new(0, 99, h).max_expansions(n as u64));
        while engine.advance(&dense, 1) == Status::InProgress {}
        let status = engine.status();
        assert!(
            matches!(
                status,
                Status::Partial {
                    limit: Limit::Expansions,
                    ..
                }
            ),
            "max_expansions({n}): {status:?}"
        );
        let stats = engine.stats();
        assert_eq!(
            (stats.expanded, stats.stored),
            (n as u64, n + 1),
            "max_expansions({n})"
        );
    }
}

#[test]
fn max_stored_on_a_grid_holds_at_most_one_expansion_more() {
    // On a grid an expansion stores up to eight successors at once: the
    // search stops before the expansion that would start from `n` or more
    // stored nodes, so it never holds more than n - 1 + 8.
    let grid = Grid::new(40, 40, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let goal = Cell::new(39, 39);
    for n in [1usize, 2, 5, 9, 10, 50, 200] {
        let r = pathseek::search(
            &grid,
            Query::new(Cell::new(0, 0), goal, |_: Cell| 0u32).max_stored(n),
        );
        assert!(
            matches!(
                r.outcome,
                Outcome::Partial {
                    limit: Limit::Stored,
                    ..
                }
            ),
            "max_stored({n}): {:?}",
            r.outcome
        );
        assert!(r.stats.stored >= n, "max_stored({n}): {:?}", r.stats);
        assert!(r.stats.stored < n + 8, "max_stored({n}): {:?}", r.stats);
    }
}
