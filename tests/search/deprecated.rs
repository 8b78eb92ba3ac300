//! The deprecated names still work, the same as their new names.
#![allow(deprecated)]

use pathseek::components::GridComponents;
use pathseek::open_set::BinaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{
    AStar, AdjacencyList, Cell, Connectivity, CostResult, Grid, GridCosts, Outcome, Query,
    SlicedSearch, Status,
};

fn graph() -> AdjacencyList<u32> {
    AdjacencyList::from_edges(5, [(0, 1, 4), (1, 2, 4), (0, 2, 9), (2, 3, 1), (3, 4, 1)]).unwrap()
}

/// The old `search_into` answer, from the new status.
fn cost_result(status: Status<u32, u32>) -> CostResult<u32, u32> {
    match status {
        Status::Found { cost } => Ok(Some(cost)),
        Status::Error(e) => Err(e),
        _ => Ok(None),
    }
}

#[test]
fn astar_until_is_search_with_a_predicate() {
    let g = graph();
    for target in 0..5 {
        let old = pathseek::astar_until(&g, 0, |n| n == target, |_| 0);
        let new = pathseek::search(&g, Query::until(0, |n| n == target, |_| 0));
        assert_eq!(old, new, "target {target}");
        assert!(old.found().is_some());
    }
    let old = pathseek::astar_until(&g, 4, |n| n == 0, |_| 0);
    assert_eq!(old.outcome, Outcome::NoPath);
}

#[test]
fn run_run_into_and_last_stats_are_search_search_into_and_stats() {
    let g = graph();
    let h = |_: u32| 0;
    let mut old = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut new = AStar::new(BinaryHeap::new(), IndexedStore::new());
    for (s, t) in [(0, 4), (4, 0), (2, 2), (0, 9)] {
        let a = old.run(&g, Query::new(s, t, h));
        let b = new.search(&g, Query::new(s, t, h));
        assert_eq!(a, b, "{s} -> {t}");
        assert_eq!(old.last_stats(), new.stats());
        assert_eq!(old.last_stats(), a.stats);
        let (mut pa, mut pb) = (Vec::new(), Vec::new());
        let a = old.run_into(&g, Query::new(s, t, h), &mut pa);
        let b = new.search_into(&g, Query::new(s, t, h), &mut pb);
        assert_eq!(a, b, "{s} -> {t}");
        assert_eq!(pa, pb);
        assert_eq!(old.last_stats(), new.stats());
    }
}

#[test]
fn run_within_is_search_within_and_goal() {
    // A wall down column 5 with no door.
    let grid = Grid::from_fn(10, 10, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        c.x != 5
    })
    .unwrap();
    let parts = GridComponents::new(&grid);
    let reach = parts.reach(&grid).unwrap();
    let mut old = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut new = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let start = Cell::new(0, 5);
    for goal in [Cell::new(3, 3), Cell::new(9, 5)] {
        let q = Query::new(start, goal, grid.heuristic(goal));
        for q in [q.clone(), q.fallback_to_nearest()] {
            let (a, searched) = old.run_within(&grid, &reach, q.clone());
            let b = new.search_within(&grid, &reach, q);
            assert_eq!(a, b, "goal {goal:?}");
            let precheck_no_path = b.stats.expanded == 0 && b.outcome == Outcome::NoPath;
            let want = if precheck_no_path { None } else { new.goal() };
            assert_eq!(searched, want, "goal {goal:?}");
        }
    }
    // Across the wall: no path at once (nothing searched), or with the
    // fallback the nearest cell on the start's side.
    let q = Query::new(start, Cell::new(9, 5), grid.heuristic(Cell::new(9, 5)));
    assert_eq!(old.run_within(&grid, &reach, q.clone()).1, None);
    assert_eq!(
        old.run_within(&grid, &reach, q.fallback_to_nearest()).1,
        Some(Cell::new(4, 5))
    );
}

#[test]
fn sliced_search_is_an_astar() {
    let g = graph();
    let h = |n: u32| u32::from(n < 4);
    let mut sliced: SlicedSearch<_, _, _> =
        SlicedSearch::new(BinaryHeap::new(), IndexedStore::new());
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let direct = engine.search(&g, Query::new(0, 4, h));
    assert_eq!(sliced.start(&g, Query::new(0, 4, h)), Status::InProgress);
    while sliced.advance(&g, 1) == Status::InProgress {}
    assert_eq!(sliced.finish(&g), direct);
    assert_eq!(sliced.stats(), engine.stats());
    // The alias is the same type: an engine goes where a sliced search is asked.
    let _: &SlicedSearch<BinaryHeap<u32>, IndexedStore<u32>, _> = &engine;
}

#[test]
fn cost_result_is_the_old_search_into_answer() {
    let g = graph();
    let h = |_: u32| 0;
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut path = Vec::new();
    let found: CostResult<u32, u32> =
        cost_result(engine.search_into(&g, Query::new(0, 4, h), &mut path));
    assert_eq!(found, Ok(Some(10)));
    assert_eq!(path, vec![0, 1, 2, 3, 4]);
    let none = cost_result(engine.search_into(&g, Query::new(4, 0, h), &mut path));
    assert_eq!(none, Ok(None));
    let err = cost_result(engine.search_into(&g, Query::new(0, 9, h), &mut path));
    assert_eq!(err, Err(pathseek::SearchError::GoalBlocked { node: 9 }));
}
