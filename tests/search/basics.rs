//! The A* core on small hand-made graphs: optimality, reopening, errors, stepping,
//! reuse, every cost type and both node stores.

use pathseek::open_set::{BinaryHeap, OpenSet};
use pathseek::store::{ClosedSet, HashStore, IndexedStore};
use pathseek::{graph, AStar, AdjacencyList, Cost, Graph, Outcome, Query, SearchError};
use pathseek::{DenseIds, Status};

/// S=0 -> A=1 (1), A -> B=2 (1), S -> B (3), B -> G=3 (10), plus a detour S -> G (20).
fn reopen_graph<C: Cost>() -> AdjacencyList<C> {
    let c = |n: u64| C::from_count(n);
    AdjacencyList::from_edges(
        4,
        [
            (0, 1, c(1)),
            (1, 2, c(1)),
            (0, 2, c(3)),
            (2, 3, c(10)),
            (0, 3, c(20)),
        ],
    )
    .unwrap()
}

/// Admissible (never above the true distance) but inconsistent: h(A) = 5 while
/// A -> B costs 1 and h(B) = 0.
fn inconsistent<C: Cost>(n: u32) -> C {
    C::from_count(if n == 1 { 5 } else { 0 })
}

/// The engine runs one query type: the inconsistent heuristic as a `fn` pointer.
type Reopen<C> = Query<u32, C, fn(u32) -> C>;

fn check_reopen_with<G, O, S>(graph: &G, engine: &mut AStar<O, S, Reopen<G::Cost>>)
where
    G: Graph<Node = u32>,
    O: OpenSet<G::Cost>,
    S: ClosedSet<G>,
{
    let h: fn(u32) -> G::Cost = inconsistent::<G::Cost>;
    let r = engine.search(graph, Query::new(0, 3, h));
    let path = r.found().expect("reachable");
    assert_eq!(path.nodes, vec![0, 1, 2, 3]);
    assert_eq!(path.cost, G::Cost::from_count(12));
    assert_eq!(
        r.stats.reopened, 1,
        "B was closed at g=3 and must be reopened at g=2"
    );
    assert!(r.stats.expanded <= r.stats.pushed);
    // A second search on the same engine gives the same answer.
    let again = engine.search(graph, Query::new(0, 3, h));
    assert_eq!(again, r);
}

fn reopens_closed_nodes<C: Cost>() {
    let g = reopen_graph::<C>();
    check_reopen_with(&g, &mut AStar::new(BinaryHeap::new(), HashStore::new()));
    check_reopen_with(&g, &mut AStar::new(BinaryHeap::new(), IndexedStore::new()));
}
for_cost_types!(reopen, reopens_closed_nodes);

fn start_is_goal<C: Cost>() {
    let g = reopen_graph::<C>();
    let r = pathseek::astar(&g, 2, 2, |_| C::zero());
    let p = r.found().unwrap();
    assert_eq!(p.nodes, vec![2]);
    assert_eq!(p.cost, C::zero());
    assert_eq!(r.stats.expanded, 0);
}
for_cost_types!(start_goal, start_is_goal);

fn unreachable_goal<C: Cost>() {
    let g = reopen_graph::<C>();
    let r = pathseek::astar(&g, 3, 0, |_| C::zero());
    assert_eq!(r.outcome, Outcome::NoPath);
    assert_eq!(r.stats.expanded, 1);
}
for_cost_types!(no_path, unreachable_goal);

#[test]
fn nan_edge_cost_is_an_error_naming_the_edge() {
    let g = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, f64)| {
        edge(n + 1, if n == 3 { f64::NAN } else { 1.0 })
    });
    let r = pathseek::astar(&g, 0, 10, |_| 0.0);
    match r.error() {
        Some(SearchError::InvalidEdgeCost {
            from: 3,
            to: 4,
            cost,
        }) => assert!(cost.is_nan()),
        other => panic!("expected InvalidEdgeCost at 3 -> 4, got {other:?}"),
    }
}

#[test]
fn negative_edge_cost_is_an_error() {
    let g = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, i64)| {
        edge(n + 1, if n == 1 { -2 } else { 1 })
    });
    let r = pathseek::astar(&g, 0, 10, |_| 0);
    assert_eq!(
        r.error(),
        Some(&SearchError::InvalidEdgeCost {
            from: 1,
            to: 2,
            cost: -2
        })
    );
}

#[test]
fn overflowing_path_cost_is_an_error() {
    let g = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u8)| edge(n + 1, 100));
    let r = pathseek::astar(&g, 0, 10, |_| 0);
    assert_eq!(r.error(), Some(&SearchError::CostOverflow { node: 3 }));
    let r = pathseek::astar(&g, 0, 2, |n| if n == 1 { 200 } else { 0 });
    assert_eq!(
        r.error(),
        Some(&SearchError::CostOverflow { node: 1 }),
        "f = 100 + 200 overflows u8"
    );
}

#[test]
fn infinite_float_cost_is_an_overflow_error() {
    let g = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, f32)| {
        edge(n + 1, if n == 0 { f32::INFINITY } else { 1.0 })
    });
    let r = pathseek::astar(&g, 0, 5, |_| 0.0);
    assert_eq!(r.error(), Some(&SearchError::CostOverflow { node: 1 }));
}

#[test]
fn bad_heuristic_values_are_errors() {
    let g = reopen_graph::<f64>();
    let r = pathseek::astar(&g, 0, 3, |n| if n == 2 { f64::NAN } else { 0.0 });
    assert!(matches!(
        r.error(),
        Some(SearchError::InvalidHeuristic { node: 2, .. })
    ));
    let g = reopen_graph::<i32>();
    let r = pathseek::astar(&g, 0, 3, |n| if n == 0 { -1 } else { 0 });
    assert_eq!(
        r.error(),
        Some(&SearchError::InvalidHeuristic { node: 0, value: -1 })
    );
}

#[test]
fn nodes_outside_the_graph_are_errors() {
    let g = reopen_graph::<u32>();
    assert_eq!(
        pathseek::astar(&g, 0, 99, |_| 0).error(),
        Some(&SearchError::GoalBlocked { node: 99 })
    );
    assert_eq!(
        pathseek::astar(&g, 99, 0, |_| 0).error(),
        Some(&SearchError::StartBlocked { node: 99 })
    );
}

/// Claims 5 dense nodes but links node 4 to node 7.
struct LyingGraph;
impl Graph for LyingGraph {
    type Node = u32;
    type Cost = u32;
    fn successors(&self, node: u32, mut edge: impl FnMut(u32, u32)) {
        edge(node + 3, 1);
    }
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = u32, Cost = u32>> {
        Some(self)
    }
}
impl DenseIds for LyingGraph {
    fn node_count(&self) -> usize {
        5
    }
    fn node_index(&self, node: u32) -> Option<usize> {
        (node < 5).then_some(node as usize)
    }
    fn node_at(&self, index: usize) -> Option<u32> {
        (index < 5).then_some(index as u32)
    }
}

#[test]
fn successor_without_dense_id_is_node_out_of_range() {
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let r = engine.search(&LyingGraph, Query::until(1, |_| false, |_| 0));
    assert_eq!(r.error(), Some(&SearchError::NodeOutOfRange { node: 7 }));
    // The hash store has no such limit: the same graph just runs to its end.
    let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    let r = engine.search(&LyingGraph, Query::new(1, 7, |_| 0));
    assert_eq!(r.found().unwrap().nodes, vec![1, 4, 7]);
}

#[test]
fn indexed_store_needs_dense_ids() {
    let g = graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
    // An `IndexedStore` on a graph without dense ids (this `from_fn` graph) was
    // refused at run time with `SearchError::StoreUnsupported`; the compiler
    // now refuses it (`IndexedStore: ClosedSet<G>` needs `G: DenseIds`), so
    // that assertion is gone. The hash store runs on such a graph.
    let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    let r = engine.search(&g, Query::new(0, 3, |_| 0));
    assert_eq!(r.found().unwrap().nodes, vec![0, 1, 2, 3]);
}

#[test]
fn one_expansion_per_call_matches_running() {
    let g = reopen_graph::<u32>();
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let direct = engine.search(&g, Query::new(0, 3, inconsistent::<u32>));
    // The engine is the sliced search; cancelled, nothing is in progress.
    engine.cancel();
    let mut sliced = engine;
    assert_eq!(sliced.advance(&g, 1), Status::Idle);
    sliced.start(&g, Query::new(0, 3, inconsistent::<u32>));
    let mut calls = 0;
    while sliced.advance(&g, 1) == Status::InProgress {
        calls += 1;
        assert_eq!(sliced.stats().expanded, calls);
    }
    let cost = direct.found().unwrap().cost;
    assert_eq!(sliced.status(), Status::Found { cost });
    assert_eq!(
        sliced.advance(&g, 1),
        Status::Found { cost },
        "advancing a finished search is harmless"
    );
    let mut path = Vec::new();
    assert_eq!(sliced.path_into(&g, &mut path), Some(cost));
    assert_eq!(path, direct.found().unwrap().nodes);
    assert_eq!(sliced.stats(), direct.stats);
    assert_eq!(calls, direct.stats.expanded);
}

#[test]
fn predicate_goal_takes_the_first_goal_popped() {
    // Two goals: 2 at cost 2 via 1, 3 at cost 1 directly from 0.
    let g = AdjacencyList::from_edges(4, [(0, 1, 1u32), (1, 2, 1), (0, 3, 1)]).unwrap();
    let r = pathseek::search(&g, Query::until(0, |n| n == 2 || n == 3, |_| 0));
    assert_eq!(r.found().unwrap().nodes, vec![0, 3]);
}

#[test]
fn reused_engine_forgets_the_previous_search() {
    let g = AdjacencyList::from_edges(3, [(0, 1, 1u32), (1, 2, 1)]).unwrap();
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let h = |_: u32| 0;
    assert!(engine.search(&g, Query::new(0, 2, h)).found().is_some());
    // From 2 nothing is reachable: records from the first search must not leak in.
    let r = engine.search(&g, Query::new(2, 0, h));
    assert_eq!(r.outcome, Outcome::NoPath);
    assert_eq!(r.stats.stored, 1);
}

#[test]
fn zero_cost_cycles_terminate() {
    let g = AdjacencyList::from_edges(3, [(0, 1, 0u32), (1, 0, 0), (1, 1, 0), (1, 2, 5)]).unwrap();
    let r = pathseek::astar(&g, 0, 2, |_| 0);
    assert_eq!(r.found().unwrap().cost, 5);
}
