//! Fringe search (`pathseek::fringe`): property tests against the reference
//! Dijkstra on the random graphs of `prop_graphs.rs` and the random grids of
//! `tests/maps/prop_grids.rs` (the same generators, `common::graph_props`
//! and `common::grid_props`), with every node store of the registry, and the
//! query's limits and checks, compared with A* where the two must agree.
//!
//! Properties, for every query and heuristic (zero, exact, a fraction of
//! exact: consistent; a per-node random fraction: admissible and
//! inconsistent; inflated: inadmissible; on grids also the grid's own):
//!
//! - the checks of `check_outcome` (a path exactly when Dijkstra reaches
//!   the goal, valid, its cost the sum of its edges; Dijkstra's cost for
//!   admissible heuristics, at least that for the inflated one; start ==
//!   goal expands nothing; an exact heuristic on positive integer costs
//!   expands only the path), and `pathseek::graph::path_cost` agrees;
//! - the same cost as A* and as the one-shot `pathseek::fringe::search`;
//! - a reused engine gives exactly what a fresh one gives;
//! - `max_expansions(k)`: the unlimited outcome when that expanded at most
//!   `k` nodes, otherwise a partial path (`Limit::Expansions`) after exactly
//!   `k` expansions, from a start, its cost the sum of its edges;
//! - `max_cost`: found at the optimum, partial (`Limit::Cost`) just below
//!   it, the partial path within the bound; `below_cost`: found just above
//!   the optimum, partial at it;
//! - a start or goal outside the graph (or blocked) is the same error as
//!   A*'s.

use crate::common;

use common::graph_props::{self, GenCost};
use common::grid_props::{self, GridCost};
use common::HKind;
use pathseek::fringe::Fringe;
use pathseek::store::{visit_closed_sets, ClosedSetVisitor, HashStore, IndexedStore};
use pathseek::{
    graph, AStar, AdjacencyList, Cell, ClosedSet, Connectivity, Cost, Grid, GridCosts, Limit,
    Outcome, Query, SearchError, SearchResult,
};

// ---------------------------------------------------------------------------
// Shared checks

/// The checks of a limited search, given the unlimited one (`full`) of the
/// same query on the same engine type: `max_expansions(k)` for a few `k`,
/// `max_cost` at and just below the optimum, `below_cost` just above and at it.
fn check_limits<'h, G, S>(
    graph: &G,
    make_store: &dyn Fn() -> S,
    query: impl Fn() -> Query<G::Node, G::Cost, Box<dyn Fn(G::Node) -> G::Cost + 'h>>,
    full: &SearchResult<G::Node, G::Cost>,
    admissible: bool,
    label: &str,
) where
    G: pathseek::Graph,
    S: ClosedSet<G>,
{
    let mut engine = Fringe::new(make_store());
    let starts: Vec<G::Node> = query().starts().iter().map(|s| s.0).collect();
    let expanded = full.stats.expanded;
    for k in [0, 1, expanded / 2, expanded.saturating_sub(1), expanded] {
        let r = engine.search(graph, query().max_expansions(k));
        let label = format!("{label}, max_expansions({k})");
        if expanded <= k {
            assert_eq!(r.outcome, full.outcome, "{label}: limit not reached");
            continue;
        }
        let Outcome::Partial { path, limit } = &r.outcome else {
            panic!("{label}: {:?} after {expanded} unlimited", r.outcome)
        };
        assert_eq!(*limit, Limit::Expansions, "{label}");
        assert_eq!(r.stats.expanded, k, "{label}");
        assert!(starts.contains(&path.nodes[0]), "{label}: {path:?}");
        let initial = query()
            .starts()
            .iter()
            .filter(|s| s.0 == path.nodes[0])
            .map(|s| s.1)
            .fold(None, |m: Option<G::Cost>, c| {
                Some(m.map_or(c, |m| if c < m { c } else { m }))
            });
        let edges = graph::path_cost(graph, &path.nodes).expect("a path along edges");
        let sum = initial.expect("a start") + edges;
        assert!(
            common::close(path.cost, sum, common::tolerance::<G::Cost>()),
            "{label}: partial cost {:?}, its edges and initial cost sum to {sum:?}",
            path.cost
        );
    }
    // Floats: the tables' sums run in another order than the search's, so
    // `f` on the optimal path may pass the optimum by an ulp.
    let Some(found) = full.found() else { return };
    if !admissible || !common::is_integer::<G::Cost>() {
        return;
    }
    use num_traits::{One, Zero};
    let r = engine.search(graph, query().max_cost(found.cost));
    assert_eq!(
        r.found().map(|p| p.cost),
        Some(found.cost),
        "{label}: max_cost at the optimum"
    );
    // Just below the optimum: nothing within reach.
    if found.cost > G::Cost::zero() {
        let max = found.cost - G::Cost::one();
        let r = engine.search(graph, query().max_cost(max));
        let Outcome::Partial { path, limit } = &r.outcome else {
            panic!(
                "{label}: max_cost({max:?}) below the optimum: {:?}",
                r.outcome
            )
        };
        assert_eq!(*limit, Limit::Cost, "{label}");
        assert!(
            path.cost <= max,
            "{label}: partial cost {:?} > {max:?}",
            path.cost
        );
    }
    // below_cost: found just above the optimum, partial at it.
    if let Some(above) = found.cost.checked_add(G::Cost::one()) {
        let r = engine.search(graph, query().below_cost(above));
        assert_eq!(
            r.found().map(|p| p.cost),
            Some(found.cost),
            "{label}: below_cost just above the optimum"
        );
    }
    let r = engine.search(graph, query().below_cost(found.cost));
    let Outcome::Partial { path, limit } = &r.outcome else {
        panic!(
            "{label}: below_cost({:?}) at the optimum: {:?}",
            found.cost, r.outcome
        )
    };
    assert_eq!(*limit, Limit::Cost, "{label}: below_cost");
    if found.cost > G::Cost::zero() {
        assert!(
            path.cost < found.cost,
            "{label}: partial {path:?} not below the bound"
        );
    }
}

/// Two searches' costs agree: both found, the same cost (floats: up to the
/// rounding of sums made along different paths), or neither found.
fn same_cost<C: Cost>(a: Option<C>, b: Option<C>, label: &str) {
    let same = match (a, b) {
        (Some(a), Some(b)) => common::close(a, b, common::tolerance::<C>()),
        (None, None) => true,
        _ => false,
    };
    assert!(same, "{label}: {a:?} and {b:?}");
}

/// With an exact heuristic and positive integer costs, the nodes with
/// `f` at most the optimum are those on optimal paths, reached at their
/// optimal `g`: a search that finds the goal does so in its first pass (the
/// limit starts at the optimum) and expands no node twice. (Unlike A*, it
/// may expand nodes of other optimal paths: it does not break ties.)
/// `engine` ran the same search as `r`.
fn exact_walks_in_one_pass<S, N: std::fmt::Debug, C: std::fmt::Debug>(
    engine: &Fringe<S>,
    r: &SearchResult<N, C>,
    label: &str,
) {
    if r.found().is_none() {
        return;
    }
    let s = r.stats;
    assert_eq!(
        engine.fringe_stats().iterations,
        1,
        "{label}: exact h, {s:?}"
    );
    assert_eq!(s.reopened, 0, "{label}: exact h, {s:?}");
    assert!(s.expanded as usize <= s.stored, "{label}: exact h, {s:?}");
}

// ---------------------------------------------------------------------------
// Random graphs

type GraphH<'a, C> = Box<dyn Fn(u32) -> C + 'a>;

fn table<C: Cost>(h: &[C]) -> GraphH<'_, C> {
    Box::new(move |n: u32| h[n as usize])
}

struct GraphStores<'a, C>(&'a graph_props::Prepared<C>);

impl<C: GenCost> ClosedSetVisitor<AdjacencyList<C>> for GraphStores<'_, C> {
    fn visit<S: ClosedSet<AdjacencyList<C>>>(&mut self, name: &'static str, make: &dyn Fn() -> S) {
        check_graph_store(self.0, name, make);
    }
}

fn check_graph_store<C: GenCost, S: ClosedSet<AdjacencyList<C>>>(
    p: &graph_props::Prepared<C>,
    name: &str,
    make: &dyn Fn() -> S,
) {
    let mut engine = Fringe::new(make());
    let zero = |_: u32| C::zero();
    if p.graph.is_empty() {
        for q in &p.queries {
            let r = engine.search(&p.graph, Query::new(q.start, q.goal, zero));
            assert_eq!(
                r.error(),
                Some(&SearchError::StartBlocked { node: q.start }),
                "{name}: empty graph"
            );
        }
        return;
    }
    let mut astar = AStar::new(pathseek::open_set::BinaryHeap::new(), make());
    for (i, q) in p.queries.iter().enumerate() {
        for (kind, h) in &q.h {
            let label = format!("fringe + {name}, {kind:?}, {} -> {}", q.start, q.goal);
            let query = || Query::new(q.start, q.goal, table(h));
            let reused = engine.search(&p.graph, query());
            let fresh = Fringe::new(make()).search(&p.graph, query());
            assert_eq!(
                reused, fresh,
                "{label}: reused engine differs from a fresh one"
            );
            graph_props::check_outcome(p, q, *kind, &fresh, &label);
            if *kind == HKind::Exact && common::is_integer::<C>() && p.positive {
                exact_walks_in_one_pass(&engine, &fresh, &label);
            }
            let cost = fresh.found().map(|f| f.cost);
            if let Some(path) = fresh.found() {
                assert_eq!(
                    graph::path_cost(&p.graph, &path.nodes),
                    Some(path.cost),
                    "{label}: graph::path_cost"
                );
            }
            if kind.admissible() {
                let a = astar.search(&p.graph, query());
                same_cost(cost, a.found().map(|f| f.cost), &format!("{label}: A*"));
                let one = pathseek::fringe::search(&p.graph, query());
                same_cost(
                    cost,
                    one.found().map(|f| f.cost),
                    &format!("{label}: one-shot"),
                );
            }
            // The limits, once per query and store (they run several searches).
            if *kind == HKind::ALL[(i + p.queries.len()) % HKind::ALL.len()]
                || *kind == HKind::RandomFraction
            {
                check_limits(&p.graph, make, query, &fresh, kind.admissible(), &label);
            }
        }
        // Two starts, the second with an initial cost: A*'s cost.
        if let Some((_, exact)) = q.h.iter().find(|(k, _)| *k == HKind::Exact) {
            let other = (q.goal + 1) % p.graph.len() as u32;
            let extra = C::from_count(3);
            let query = || Query::new(q.start, q.goal, table(exact)).with_start(other, extra);
            let f = engine.search(&p.graph, query());
            let a = astar.search(&p.graph, query());
            let label = format!(
                "fringe + {name}: two starts, {} (0) and {other} ({extra:?}) -> {}",
                q.start, q.goal
            );
            same_cost(f.found().map(|f| f.cost), a.found().map(|f| f.cost), &label);
        }
    }
    // Outside the graph: A*'s errors.
    let n = p.graph.len() as u32;
    for (s, g) in [(n, 0), (0, n + 3), (n, n)] {
        let f = engine.search(&p.graph, Query::new(s, g, zero));
        let a = AStar::new(pathseek::open_set::BinaryHeap::new(), make())
            .search(&p.graph, Query::new(s, g, zero));
        assert!(f.error().is_some(), "fringe + {name}: {s} -> {g}");
        assert_eq!(f.error(), a.error(), "fringe + {name}: {s} -> {g}");
    }
    // Another graph, then a query on the first again: as fresh.
    let (s, g) = p.other_query;
    let r = engine.search(&p.other, Query::new(s, g, zero));
    assert_eq!(
        r,
        Fringe::new(make()).search(&p.other, Query::new(s, g, zero))
    );
}

fn fringe_graphs<C: GenCost>(name: &str) {
    let reopened =
        graph_props::property::<C>(name, regressions_file!("fringe"), common::cases(), |p| {
            visit_closed_sets(&mut GraphStores(p))
        });
    assert!(
        reopened > 0,
        "the inconsistent heuristic never made fringe search reopen a node"
    );
}

#[test]
fn fringe_random_graphs_u32() {
    fringe_graphs::<u32>("fringe_random_graphs_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn fringe_random_graphs_u64() {
    fringe_graphs::<u64>("fringe_random_graphs_u64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn fringe_random_graphs_f64() {
    fringe_graphs::<f64>("fringe_random_graphs_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn fringe_random_graphs_f32() {
    fringe_graphs::<f32>("fringe_random_graphs_f32");
}

// ---------------------------------------------------------------------------
// Random grids

type GridH<'a, C> = Box<dyn Fn(Cell) -> C + 'a>;

struct GridStores<'a, C>(&'a grid_props::Prepared<C>);

impl<C: GridCost> ClosedSetVisitor<Grid<C>> for GridStores<'_, C> {
    fn visit<S: ClosedSet<Grid<C>>>(&mut self, name: &'static str, make: &dyn Fn() -> S) {
        check_grid_store(self.0, name, make);
    }
}

fn check_grid_store<C: GridCost, S: ClosedSet<Grid<C>>>(
    p: &grid_props::Prepared<C>,
    name: &str,
    make: &dyn Fn() -> S,
) {
    use grid_props::Heuristic;
    let mut engine = Fringe::new(make());
    let mut astar = AStar::new(pathseek::open_set::DaryHeap::<C, 4>::new(), make());
    let w = p.grid.width();
    for q in &p.queries {
        let grid_h = p.grid.heuristic(q.goal);
        let heuristics = std::iter::once(Heuristic::Grid).chain(HKind::ALL.map(Heuristic::Table));
        for (i, heuristic) in heuristics.enumerate() {
            let table = match heuristic {
                Heuristic::Grid => None,
                Heuristic::Table(k) => q.tables.iter().find(|t| t.0 == k).map(|t| &t.1),
            };
            let h = move |c: Cell| match table {
                Some(t) => t[(c.y * w + c.x) as usize],
                None => grid_h(c),
            };
            let query = || Query::new(q.start, q.goal, Box::new(h) as GridH<C>);
            let label = format!(
                "fringe + {name}, {heuristic:?}, {:?} -> {:?}",
                q.start, q.goal
            );
            let reused = engine.search(&p.grid, query());
            let fresh = Fringe::new(make()).search(&p.grid, query());
            assert_eq!(
                reused, fresh,
                "{label}: reused engine differs from a fresh one"
            );
            grid_props::check_outcome(p, q, heuristic, &fresh, &label);
            let exact = match heuristic {
                Heuristic::Grid => p.grid_h_exact,
                Heuristic::Table(k) => k == HKind::Exact,
            };
            if exact && common::is_integer::<C>() {
                exact_walks_in_one_pass(&engine, &fresh, &label);
            }
            if let Some(path) = fresh.found() {
                assert_eq!(
                    graph::path_cost(&p.grid, &path.nodes),
                    Some(path.cost),
                    "{label}: graph::path_cost"
                );
            }
            let admissible = match heuristic {
                Heuristic::Grid => true,
                Heuristic::Table(k) => k.admissible(),
            };
            if admissible {
                let a = astar.search(&p.grid, query());
                let (f, a) = (fresh.found().map(|f| f.cost), a.found().map(|f| f.cost));
                same_cost(f, a, &format!("{label}: A*"));
            }
            if i == 0 || heuristic == Heuristic::Table(HKind::RandomFraction) {
                check_limits(&p.grid, make, query, &fresh, admissible, &label);
            }
        }
    }
    if let Some(b) = p.blocked_cell {
        let open = p.queries.first().map_or(b, |q| q.start);
        let zero = |_: Cell| C::zero();
        for (s, g) in [(b, open), (open, b)] {
            let f = engine.search(&p.grid, Query::new(s, g, zero));
            let a = AStar::new(pathseek::open_set::BinaryHeap::new(), make())
                .search(&p.grid, Query::new(s, g, zero));
            assert!(f.error().is_some(), "fringe + {name}: {s:?} -> {g:?}");
            assert_eq!(f.error(), a.error(), "fringe + {name}: {s:?} -> {g:?}");
        }
    }
    let outside = Cell::new(w, 0);
    let r = engine.search(&p.grid, Query::new(outside, outside, |_: Cell| C::zero()));
    assert_eq!(
        r.error(),
        Some(&SearchError::StartBlocked { node: outside })
    );
}

fn fringe_grids<C: GridCost>(name: &str) {
    let reopened =
        grid_props::property::<C>(name, regressions_file!("fringe"), common::cases(), |p| {
            visit_closed_sets(&mut GridStores(p))
        });
    assert!(
        reopened > 0,
        "the inconsistent heuristic never made fringe search reopen a cell"
    );
}

#[test]
fn fringe_random_grids_u32() {
    fringe_grids::<u32>("fringe_random_grids_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn fringe_random_grids_f64() {
    fringe_grids::<f64>("fringe_random_grids_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn fringe_random_grids_length() {
    fringe_grids::<pathseek::Length>("fringe_random_grids_length");
}

// ---------------------------------------------------------------------------
// Hand-made cases

/// A closed node reached again more cheaply is put back and expanded again:
/// the inconsistent heuristic here makes the first path to `2` the dear one.
#[test]
fn a_closed_node_reached_more_cheaply_is_expanded_again() {
    // 0 -> 1 (1), 0 -> 2 (5), 1 -> 2 (1), 2 -> 3 (10).
    let g = AdjacencyList::from_edges(4, [(0, 1, 1u32), (0, 2, 5), (1, 2, 1), (2, 3, 10)]).unwrap();
    // Admissible (h <= the true distances 12, 11, 10, 0), inconsistent at 1.
    let h = |n: u32| [0u32, 11, 0, 0][n as usize];
    let mut fringe = Fringe::new(IndexedStore::new());
    let r = fringe.search(&g, Query::new(0, 3, h));
    let path = r.found().expect("a path");
    assert_eq!((path.cost, &path.nodes[..]), (12, &[0, 1, 2, 3][..]));
    assert!(r.stats.reopened >= 1, "{:?}", r.stats);
    assert_eq!(
        r.stats.expanded,
        pathseek::search(&g, Query::new(0, 3, h)).stats.expanded,
        "the same expansions as A* here: 0, 2 (dear), 1, 2 (cheap)"
    );
}

/// Passes: each raises the limit to the smallest `f` deferred.
#[test]
fn each_pass_raises_the_limit_to_the_smallest_deferred_f() {
    // A line 0 -> 1 -> ... -> 5 of unit edges and h = 0: f = g, so each
    // pass expands one node.
    let g = AdjacencyList::from_edges(6, (1..6u32).map(|n| (n - 1, n, 1u32))).unwrap();
    let mut fringe = Fringe::new(HashStore::new());
    let r = fringe.search(&g, Query::new(0, 5, |_: u32| 0u32));
    assert_eq!(r.found().unwrap().cost, 5);
    assert_eq!(fringe.fringe_stats().iterations, 6);
    assert_eq!(r.stats.expanded, 5);
    // An exact heuristic: one pass.
    let r = fringe.search(&g, Query::new(0, 5, |n: u32| 5 - n));
    assert_eq!(r.found().unwrap().cost, 5);
    assert_eq!(fringe.fringe_stats().iterations, 1);
}

/// The line 0 -> 1 -> ... -> len - 1, every edge costing 1.
fn line(len: u32) -> AdjacencyList<u32> {
    AdjacencyList::from_edges(len as usize, (1..len).map(|n| (n - 1, n, 1u32))).unwrap()
}

#[test]
fn limits_end_the_search_as_they_end_astar() {
    let g = line(100);
    let exact = |n: u32| 99 - n;
    let mut fringe = Fringe::new(IndexedStore::new());
    let mut astar = AStar::new(pathseek::open_set::BinaryHeap::new(), IndexedStore::new());
    // Expansions, stored nodes and cost: the same partial path as A* here.
    for n in [1usize, 2, 10, 50] {
        let queries = [
            Query::new(0, 99, exact).max_expansions(n as u64),
            Query::new(0, 99, exact).max_stored(n),
            Query::new(0, 99, exact).max_cost(98),
        ];
        for q in queries {
            let f = fringe.search(&g, q.clone());
            let a = astar.search(&g, q);
            assert_eq!(f.outcome, a.outcome, "{:?}", f.stats);
            assert_eq!(f.stats.expanded, a.stats.expanded);
            assert_eq!(f.stats.stored, a.stats.stored);
        }
    }
    // The expansion limit lets the goal be taken as the last node.
    let r = fringe.search(&g, Query::new(0, 99, exact).max_expansions(99));
    assert_eq!(r.found().map(|p| p.cost), Some(99));
    let r = fringe.search(&g, Query::new(0, 99, exact).max_expansions(98));
    assert_eq!(
        r.partial().map(|p| (p.0.cost, p.1)),
        Some((98, Limit::Expansions))
    );
    // max_cost beyond the start's f: nothing expanded.
    let r = fringe.search(&g, Query::new(0, 99, exact).max_cost(50));
    assert_eq!(
        r.partial().map(|p| (p.0.nodes.clone(), p.1)),
        Some((vec![0], Limit::Cost))
    );
    assert_eq!(r.stats.expanded, 0);
    // A deadline on an endless graph.
    let endless = graph::from_fn(|n: u64, edge: &mut dyn FnMut(u64, u32)| edge(n + 1, 1));
    let at = std::time::Instant::now() + std::time::Duration::from_millis(5);
    let r =
        Fringe::new(HashStore::new()).search(&endless, Query::new(0, u64::MAX, |_| 0).deadline(at));
    assert_eq!(r.partial().map(|p| p.1), Some(Limit::Deadline));
    // A deadline in the past: nothing expanded.
    let past = std::time::Instant::now();
    let r = fringe.search(&g, Query::new(0, 99, exact).deadline(past));
    assert_eq!(r.partial().map(|p| p.1), Some(Limit::Deadline));
    assert_eq!(r.stats.expanded, 0);
}

#[test]
fn bad_input_gives_the_errors_astar_gives() {
    let mut fringe = Fringe::new(HashStore::new());
    // NaN and negative edge costs name the edge.
    for bad in [f64::NAN, -1.0] {
        let g = graph::from_fn(move |n: u32, edge: &mut dyn FnMut(u32, f64)| {
            edge(n + 1, if n == 3 { bad } else { 1.0 })
        });
        let r = fringe.search(&g, Query::new(0, 9, |_| 0.0));
        match r.error() {
            Some(SearchError::InvalidEdgeCost {
                from: 3,
                to: 4,
                cost,
            }) => {
                assert!(cost.is_nan() || *cost == bad)
            }
            other => panic!("edge cost {bad}: {other:?}"),
        }
        assert_eq!(r.stats.expanded, 4);
    }
    let signed = graph::from_fn(|n: i32, edge: &mut dyn FnMut(i32, i32)| {
        edge(n + 1, if n == 2 { -3 } else { 1 })
    });
    let r = fringe_i32(&signed, Query::new(0, 9, |_| 0));
    assert_eq!(
        r.error(),
        Some(&SearchError::InvalidEdgeCost {
            from: 2,
            to: 3,
            cost: -3
        })
    );
    // The query's checks, before anything is expanded.
    let g = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, f64)| edge(n + 1, 1.0));
    let mut astar = AStar::new(pathseek::open_set::BinaryHeap::new(), HashStore::new());
    let zero: fn(u32) -> f64 = |_| 0.0;
    let infinite: fn(u32) -> f64 = |_| f64::INFINITY;
    let queries = [
        Query::new(0, 9, zero).with_starts([]),
        Query::new(0, 9, zero).with_start(4, f64::NAN),
        Query::new(0, 9, zero).max_cost(-1.0),
        Query::new(0, 9, infinite),
    ];
    for q in queries {
        let f = fringe.search(&g, q.clone());
        let a = astar.search(&g, q);
        assert!(f.error().is_some(), "{:?}", f.outcome);
        // Debug: a NaN in the error is not equal to itself.
        assert_eq!(format!("{:?}", f.error()), format!("{:?}", a.error()));
        assert_eq!(f.stats.expanded, 0);
    }
    // A heuristic value that is invalid mid-search names the node.
    let q = Query::new(0, 9, |n: u32| if n == 5 { -1.0 } else { 0.0 });
    assert_eq!(
        fringe.search(&g, q).error(),
        Some(&SearchError::InvalidHeuristic {
            node: 5,
            value: -1.0
        })
    );
    // Costs that overflow.
    let big = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, u32::MAX / 3));
    let r = Fringe::new(HashStore::new()).search(&big, Query::new(0, 9, |_| 0));
    assert_eq!(r.error(), Some(&SearchError::CostOverflow { node: 4 }));
    // Blocked cells and a successor out of range of an indexed store.
    let mut grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    grid.set_passable(Cell::new(3, 3), false).unwrap();
    let mut on_grid = Fringe::new(IndexedStore::new());
    let h = |_: Cell| 0u32;
    assert_eq!(
        on_grid
            .search(&grid, Query::new(Cell::new(3, 3), Cell::new(0, 0), h))
            .error(),
        Some(&SearchError::StartBlocked {
            node: Cell::new(3, 3)
        })
    );
    assert_eq!(
        on_grid
            .search(&grid, Query::new(Cell::new(0, 0), Cell::new(3, 3), h))
            .error(),
        Some(&SearchError::GoalBlocked {
            node: Cell::new(3, 3)
        })
    );
    let r = Fringe::new(IndexedStore::new()).search(&OffTheEdge, Query::new(0, 9, |_| 0));
    let a = AStar::new(pathseek::open_set::BinaryHeap::new(), IndexedStore::new())
        .search(&OffTheEdge, Query::new(0, 9, |_| 0));
    assert_eq!(r.error(), Some(&SearchError::NodeOutOfRange { node: 5 }));
    assert_eq!(r.error(), a.error());
}

fn fringe_i32<G: pathseek::Graph<Node = i32, Cost = i32>>(
    g: &G,
    q: Query<i32, i32, impl pathseek::Heuristic<i32, i32>>,
) -> SearchResult<i32, i32> {
    Fringe::new(HashStore::new()).search(g, q)
}

/// A line of 5 dense ids whose last node has an edge to node 5, past the end.
struct OffTheEdge;

impl pathseek::Graph for OffTheEdge {
    type Node = u32;
    type Cost = u32;
    fn successors(&self, n: u32, mut edge: impl FnMut(u32, u32)) {
        edge(n + 1, 1);
    }
    fn dense_ids(&self) -> Option<&impl pathseek::DenseIds<Node = u32, Cost = u32>> {
        Some(self)
    }
}

impl pathseek::DenseIds for OffTheEdge {
    fn node_count(&self) -> usize {
        5
    }
    fn node_index(&self, n: u32) -> Option<usize> {
        (n < 5).then_some(n as usize)
    }
    fn node_at(&self, i: usize) -> Option<u32> {
        (i < 5).then_some(i as u32)
    }
}

/// Fringe search and A* on a whole MovingAI scenario file: every cost the
/// file's optimal length (the octile `Length` costs and exact integer ones).
#[test]
fn movingai_scenarios_at_their_optimal_length() {
    let (map, scenarios) = common::load_movingai("arena");
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let exact = map.to_grid(Connectivity::Eight, GridCosts::<u64>::exact_octile());
    let mut fringe = Fringe::new(IndexedStore::new());
    let mut fringe_exact = Fringe::new(IndexedStore::new());
    let mut path = Vec::new();
    for (i, sc) in scenarios.iter().enumerate() {
        let q = Query::new(sc.start, sc.goal, grid.heuristic(sc.goal));
        let status = fringe.search_into(&grid, q, &mut path);
        let pathseek::Status::Found { cost } = status else {
            panic!("scenario {i}: {status:?}")
        };
        assert!(
            sc.matches(cost.to_f64()),
            "scenario {i}: {cost:?}, optimal {}",
            sc.optimal
        );
        assert_eq!(graph::path_cost(&grid, &path), Some(cost), "scenario {i}");
        let q = Query::new(sc.start, sc.goal, exact.heuristic(sc.goal));
        let r = fringe_exact.search(&exact, q);
        let cost = r.found().expect("a path").cost;
        let length = cost as f64 / f64::from(pathseek::grid::EXACT_OCTILE_SCALE);
        assert!(
            sc.matches(length),
            "scenario {i}: exact {length}, optimal {}",
            sc.optimal
        );
    }
}
