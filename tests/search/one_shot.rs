//! One-shot searches (`astar`, `astar_until`, `search`) borrow a spare engine
//! kept per thread and cost type: the answers must not depend on what the
//! thread searched before, on a search started from inside a heuristic, on
//! another thread, or on `release_search_memory`.

use pathseek::{
    AdjacencyList, Cell, Connectivity, Graph, Grid, GridCosts, Length, Limit, Outcome, Query,
};

/// A grid with a wall and a gap, and the reference cost from a fresh engine.
fn walled(width: u32, height: u32) -> Grid<Length> {
    let mut grid = Grid::new(width, height, Connectivity::Eight, GridCosts::octile()).unwrap();
    for y in 1..height {
        grid.set_passable(Cell::new(width / 2, y), false).unwrap();
    }
    grid
}

fn fresh_cost(grid: &Grid<Length>, start: Cell, goal: Cell) -> Option<Length> {
    use pathseek::open_set::BinaryHeap;
    use pathseek::store::IndexedStore;
    let mut engine = pathseek::AStar::new(BinaryHeap::new(), IndexedStore::new());
    engine
        .search(grid, Query::new(start, goal, grid.heuristic(goal)))
        .found()
        .map(|p| p.cost)
}

#[test]
fn large_then_small_then_large_graphs_agree_with_fresh_engines() {
    let big = walled(300, 200);
    let small = walled(7, 5);
    for round in 0..3 {
        for (grid, goal) in [(&big, Cell::new(299, 199)), (&small, Cell::new(6, 4))] {
            let start = Cell::new(round, 0);
            let r = pathseek::astar(grid, start, goal, grid.heuristic(goal));
            assert_eq!(r.found().map(|p| p.cost), fresh_cost(grid, start, goal));
            let p = r.found().unwrap();
            assert_eq!(
                (p.nodes.first(), p.nodes.last()),
                (Some(&start), Some(&goal))
            );
        }
    }
}

#[test]
fn a_search_inside_a_heuristic_gets_its_own_engine() {
    let grid = walled(40, 30);
    let goal = Cell::new(39, 29);
    let mut inner_calls = 0;
    // A heuristic that runs a whole search of the same cost type per call
    // (for a few nodes): the outer search holds the spare engine meanwhile.
    let h = |c: Cell| {
        if inner_calls < 5 {
            inner_calls += 1;
            let inner = pathseek::astar(&grid, c, goal, grid.heuristic(goal));
            inner.found().map_or(Length::ZERO, |p| p.cost)
        } else {
            grid.heuristic(goal)(c)
        }
    };
    let r = pathseek::astar(&grid, Cell::new(0, 0), goal, h);
    assert_eq!(inner_calls, 5);
    assert_eq!(
        r.found().map(|p| p.cost),
        fresh_cost(&grid, Cell::new(0, 0), goal)
    );
    // And the thread's engine still answers afterwards.
    let again = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
    assert_eq!(again.found().map(|p| p.cost), r.found().map(|p| p.cost));
}

#[test]
fn threads_and_released_memory_change_nothing() {
    let grid = walled(64, 48);
    let goal = Cell::new(63, 47);
    let want = fresh_cost(&grid, Cell::new(0, 0), goal);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for i in 0..20 {
                    if i % 7 == 3 {
                        pathseek::release_search_memory();
                    }
                    let r = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
                    assert_eq!(r.found().map(|p| p.cost), want);
                }
            });
        }
    });
}

#[test]
fn a_limited_search_leaves_nothing_behind_for_the_next() {
    let grid = walled(50, 50);
    let goal = Cell::new(49, 49);
    let q = Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)).max_expansions(20);
    let r = pathseek::search(&grid, q);
    assert!(matches!(
        r.outcome,
        Outcome::Partial {
            limit: Limit::Expansions,
            ..
        }
    ));
    let full = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
    assert_eq!(
        full.found().map(|p| p.cost),
        fresh_cost(&grid, Cell::new(0, 0), goal)
    );
}

#[test]
fn other_cost_types_and_graphs_share_the_thread() {
    // u32 and f64 graphs with dense ids, one after the other.
    let mut g = AdjacencyList::<u32>::new(5);
    for (a, b, c) in [(0, 1, 4), (1, 2, 4), (0, 2, 9), (2, 3, 1), (3, 4, 1)] {
        g.add_edge(a, b, c).unwrap();
    }
    let f = Grid::new(9, 9, Connectivity::Eight, GridCosts::float_octile()).unwrap();
    for _ in 0..3 {
        let r = pathseek::astar(&g, 0, 4, |_| 0);
        assert_eq!(r.found().map(|p| p.cost), Some(10));
        let goal = Cell::new(8, 5);
        let r = pathseek::astar(&f, Cell::new(0, 0), goal, f.heuristic(goal));
        let cost = r.found().unwrap().cost;
        assert!((cost - (3.0 + 5.0 * 2f64.sqrt())).abs() < 1e-9);
        assert!(g.dense_ids().is_some());
    }
}

#[test]
fn graphs_past_a_million_nodes_and_small_ones_alternate() {
    // 1,100 x 1,000 cells: past the 2^20 nodes up to which the spare engine
    // keeps a record per node, so its paged engine serves it.
    let big = walled(1_100, 1_000);
    let small = walled(30, 20);
    for _ in 0..2 {
        for (grid, start, goal) in [
            (&big, Cell::new(0, 999), Cell::new(1_099, 0)),
            (&small, Cell::new(0, 19), Cell::new(29, 0)),
        ] {
            let r = pathseek::astar(grid, start, goal, grid.heuristic(goal));
            assert_eq!(r.found().map(|p| p.cost), fresh_cost(grid, start, goal));
        }
    }
}
