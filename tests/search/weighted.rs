//! Weighted A* (`Query::weighted`): on random directed graphs and random
//! grids, with admissible heuristics (exact, a fraction of exact, and a
//! per-node random fraction of exact, which is inconsistent), the cost found
//! is at least the optimum and at most `w` times it, the path is a path of
//! the graph of that cost, and `w = 1` is plain A* (same cost, same
//! expansions); with the consistent ones, `without_reopening` keeps the
//! bound, reopens nothing and expands no more. The optimum is the reference
//! Dijkstra's (`common`).

use crate::common::{self, Lcg};
use pathseek::graph::path_cost;
use pathseek::query::Weight;
use pathseek::{AdjacencyList, Cell, Connectivity, Cost, Grid, GridCosts, Length, Query};
use proptest::prelude::*;

const WEIGHTS: [f64; 5] = [1.0, 1.2, 1.5, 2.0, 5.0];

/// `found <= w * optimum`, up to one estimate's rounding for floats.
fn within<C: Cost>(found: C, optimum: C, w: f64, slack: f64) -> bool {
    found.as_f64() <= w * optimum.as_f64() * (1.0 + 1e-12) + slack
}

#[derive(Clone, Debug)]
struct GraphCase {
    n: u32,
    edges: Vec<(u32, u32, u32)>,
    start: u32,
    goal: u32,
    seed: u64,
}

fn graph_case() -> impl Strategy<Value = GraphCase> {
    (1u32..80, any::<u64>()).prop_map(|(n, seed)| {
        let mut rng = Lcg(seed);
        let m = rng.next(u64::from(n) * 4 + 1);
        let edges = (0..m)
            .map(|_| {
                let a = rng.next(u64::from(n)) as u32;
                let b = rng.next(u64::from(n)) as u32;
                (a, b, rng.next(20) as u32)
            })
            .collect();
        let start = rng.next(u64::from(n)) as u32;
        let goal = rng.next(u64::from(n)) as u32;
        GraphCase {
            n,
            edges,
            start,
            goal,
            seed,
        }
    })
}

/// The property on one graph, for one cost type (`to_cost` maps the
/// integer edge costs).
fn check_graph<C: Cost>(case: &GraphCase, to_cost: impl Fn(u32) -> C, slack: f64) {
    let edges = case.edges.iter().map(|&(a, b, c)| (a, b, to_cost(c)));
    let graph = AdjacencyList::from_edges(case.n as usize, edges).unwrap();
    let adj = common::adjacency(&graph);
    let to_goal = common::dijkstra(&common::reversed(&adj), case.goal as usize);
    let optimum = to_goal[case.start as usize];
    let mut rng = Lcg(case.seed ^ 0x5151);
    let random: Vec<f64> = (0..case.n).map(|_| rng.next(101) as f64 / 100.0).collect();
    let integer = C::one() / (C::one() + C::one()) == C::zero();
    // Exact, half of exact, and a random fraction per node (inconsistent).
    for kind in 0..3 {
        let h = |n: u32| -> C {
            let Some(d) = to_goal[n as usize] else {
                return C::zero();
            };
            let scale = match kind {
                0 => 1.0,
                1 => 0.5,
                _ => random[n as usize],
            };
            // Integers round down (a fraction of a consistent estimate
            // stays consistent); floats keep the product.
            let x = d.as_f64() * scale;
            let x = if integer { x.floor() } else { x };
            <C as num_traits::NumCast>::from(x).unwrap_or(C::zero())
        };
        for w in WEIGHTS {
            let q = Query::new(case.start, case.goal, h).weighted(Weight::new(w).unwrap());
            let r = pathseek::search(&graph, q);
            match (r.found(), optimum) {
                (Some(p), Some(opt)) => {
                    assert!(p.cost >= opt, "w {w} kind {kind}: {:?} < {opt:?}", p.cost);
                    assert!(
                        within(p.cost, opt, w, slack),
                        "w {w} kind {kind}: {:?} > {w} * {opt:?}",
                        p.cost
                    );
                    assert_eq!(path_cost(&graph, &p.nodes), Some(p.cost), "w {w}");
                    if kind < 2 {
                        // Consistent: without reopening, the same bound.
                        let q = Query::new(case.start, case.goal, h)
                            .weighted(Weight::new(w).unwrap())
                            .without_reopening();
                        let once = pathseek::search(&graph, q);
                        let c = once.found().expect("reachable").cost;
                        assert!(c >= opt && within(c, opt, w, slack), "w {w}: {c:?} {opt:?}");
                        assert_eq!(once.stats.reopened, 0);
                        assert!(once.stats.expanded <= r.stats.expanded);
                    }
                    if w == 1.0 {
                        assert_eq!(p.cost, opt, "w 1 is plain A*");
                        let plain = pathseek::search(&graph, Query::new(case.start, case.goal, h));
                        assert_eq!(r.stats.expanded, plain.stats.expanded);
                    }
                }
                (None, None) => {}
                (found, opt) => panic!("w {w}: found {:?}, optimum {opt:?}", found.map(|p| p.cost)),
            }
        }
    }
}

#[derive(Clone, Debug)]
struct GridCase {
    width: u32,
    height: u32,
    density: u64,
    eight: bool,
    seed: u64,
}

fn grid_case() -> impl Strategy<Value = GridCase> {
    (2u32..40, 2u32..40, 0u64..40, any::<bool>(), any::<u64>()).prop_map(
        |(width, height, density, eight, seed)| GridCase {
            width,
            height,
            density,
            eight,
            seed,
        },
    )
}

fn check_grid(case: &GridCase) {
    let mut rng = Lcg(case.seed);
    let connectivity = if case.eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let grid = Grid::from_fn(
        case.width,
        case.height,
        connectivity,
        GridCosts::octile(),
        |_| rng.next(100) >= case.density,
    )
    .unwrap();
    let start = Cell::new(0, 0);
    let goal = Cell::new(case.width - 1, case.height - 1);
    if !grid.is_passable(start) || !grid.is_passable(goal) {
        return;
    }
    let adj = common::adjacency(&grid);
    let optimum: Option<Length> =
        common::dijkstra(&adj, grid.cell_index(start).unwrap())[grid.cell_index(goal).unwrap()];
    for w in WEIGHTS {
        let q = Query::new(start, goal, grid.heuristic(goal)).weighted(Weight::new(w).unwrap());
        let r = pathseek::search(&grid, q);
        match (r.found(), optimum) {
            (Some(p), Some(opt)) => {
                assert!(p.cost >= opt);
                // Length rounds each estimate to its nearest unit.
                assert!(within(p.cost, opt, w, 1e-6), "w {w}: {:?} {opt:?}", p.cost);
                assert_eq!(path_cost(&grid, &p.nodes), Some(p.cost));
            }
            (None, None) => {}
            (found, opt) => panic!("w {w}: found {:?}, optimum {opt:?}", found.map(|p| p.cost)),
        }
    }
}

#[test]
fn weighted_costs_are_within_w_of_optimal_on_graphs() {
    common::run_property(
        "weighted_graphs",
        regressions_file!("weighted"),
        graph_case(),
        |case| {
            check_graph(&case, |c| c, 0.0);
            check_graph(&case, |c| f64::from(c) * 0.75, 1e-9);
        },
    );
}

#[test]
fn weighted_costs_are_within_w_of_optimal_on_grids() {
    common::run_property(
        "weighted_grids",
        regressions_file!("weighted"),
        grid_case(),
        |case| check_grid(&case),
    );
}

/// Round a wall, weighted A* without reopening expands fewer nodes as the
/// weight grows (with reopening, w = 5 re-expands thousands).
#[test]
fn a_larger_weight_expands_fewer_nodes_round_a_wall() {
    let grid = Grid::from_fn(96, 96, Connectivity::Eight, GridCosts::octile(), |c| {
        !(c.x == 48 && c.y < 80)
    })
    .unwrap();
    let (start, goal) = (Cell::new(10, 20), Cell::new(90, 20));
    let mut last = u64::MAX;
    for w in WEIGHTS {
        let q = Query::new(start, goal, grid.heuristic(goal))
            .weighted(Weight::new(w).unwrap())
            .without_reopening();
        let r = pathseek::search(&grid, q);
        assert!(r.found().is_some());
        assert_eq!(r.stats.reopened, 0);
        assert!(
            r.stats.expanded <= last,
            "w {w}: {} > {last}",
            r.stats.expanded
        );
        last = r.stats.expanded;
    }
    let plain = pathseek::search(&grid, Query::new(start, goal, grid.heuristic(goal)));
    assert!(
        last < plain.stats.expanded,
        "{last} vs {}",
        plain.stats.expanded
    );
}
