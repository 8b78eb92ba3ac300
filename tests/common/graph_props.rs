//! The random-graph property of `tests/search/prop_graphs.rs` (A* on random
//! `AdjacencyList`s against a reference Dijkstra; the checks are listed
//! there), callable for any open sets and stores: [`property`] runs the cases
//! and hands each prepared case to a function that picks the engines
//! ([`check_every_pair`](super::check_every_pair),
//! [`check_with_store`](super::check_with_store),
//! [`check_with_open_set`](super::check_with_open_set)).

use pathseek::{AStar, AdjacencyList, ClosedSet, Cost, OpenSet, Outcome, SearchError};
use proptest::prelude::*;
use proptest::sample::Index;

use super::{Adjacency, HKind, PairCheck};

/// Edge costs drawn for a cost type: zeros, small values (many ties), large values.
pub trait GenCost: Cost {
    fn edge() -> BoxedStrategy<Self>;
}

impl GenCost for u32 {
    fn edge() -> BoxedStrategy<Self> {
        prop_oneof![2 => Just(0u32), 5 => 1u32..=8, 3 => 1u32..=1000].boxed()
    }
}

impl GenCost for u64 {
    fn edge() -> BoxedStrategy<Self> {
        prop_oneof![2 => Just(0u64), 4 => 1u64..=8, 4 => 1u64..=(1 << 24)].boxed()
    }
}

impl GenCost for f64 {
    fn edge() -> BoxedStrategy<Self> {
        prop_oneof![
            2 => Just(0.0f64),
            3 => (1u32..=40).prop_map(|k| k as f64 / 4.0),
            5 => 0.0f64..100.0,
        ]
        .boxed()
    }
}

impl GenCost for f32 {
    fn edge() -> BoxedStrategy<Self> {
        // Multiples of 1/8 below 100: every path sum here is exact in f32.
        prop_oneof![2 => Just(0.0f32), 8 => (1u32..=800).prop_map(|k| k as f32 / 8.0)].boxed()
    }
}

/// A generated graph and its queries.
#[derive(Clone, Debug)]
pub struct GraphCase<C> {
    n: usize,
    edges: Vec<(u32, u32, C)>,
    /// `(start, goal)`; for `n == 0` arbitrary ids (none is valid).
    queries: Vec<(u32, u32)>,
    /// Seeds the random heuristic fractions.
    seed: u64,
    /// Size of the second graph searched by the reused engine.
    other_n: usize,
}

pub fn graph_case<C: GenCost>() -> impl Strategy<Value = GraphCase<C>> {
    let size = prop_oneof![2 => 0usize..=8, 4 => 0usize..=50, 2 => 0usize..=300];
    (size, 0u8..3)
        .prop_flat_map(|(n, density)| {
            let max_edges = match density {
                0 => 2 * n,                      // sparse: many unreachable goals
                1 => 6 * n,                      // medium
                _ => (n * n / 2).clamp(n, 3000), // dense
            };
            let node = 0..n.max(1) as u32;
            let edges =
                prop::collection::vec((node.clone(), node.clone(), C::edge()), 0..=max_edges);
            // Parallel copies of existing edges with other costs, and self-loops.
            let parallel = prop::collection::vec((any::<Index>(), C::edge()), 0..=n / 4 + 1);
            let loops = prop::collection::vec((node.clone(), C::edge()), 0..=n / 10 + 1);
            let query_node = if n == 0 {
                (0u32..5).boxed()
            } else {
                node.boxed()
            };
            let queries = prop::collection::vec(
                (query_node.clone(), query_node, prop::bool::weighted(0.15)),
                1..=3,
            );
            (
                Just(n),
                edges,
                parallel,
                loops,
                queries,
                any::<u64>(),
                0usize..=40,
            )
        })
        .prop_map(|(n, mut edges, parallel, loops, queries, seed, other_n)| {
            if n == 0 {
                edges.clear();
            } else {
                if !edges.is_empty() {
                    for (i, c) in parallel {
                        let (a, b, _) = edges[i.index(edges.len())];
                        edges.push((a, b, c));
                    }
                }
                edges.extend(loops.into_iter().map(|(a, c)| (a, a, c)));
            }
            let queries = queries
                .into_iter()
                .map(|(s, g, same)| (s, if same { s } else { g }))
                .collect();
            GraphCase {
                n,
                edges,
                queries,
                seed,
                other_n,
            }
        })
}

/// One query with everything the checks need.
pub struct Query<C> {
    pub start: u32,
    pub goal: u32,
    /// The optimum, `None` when the goal is unreachable.
    pub optimum: Option<C>,
    /// A heuristic table per kind of `HKind::ALL`.
    pub h: Vec<(HKind, Vec<C>)>,
}

pub struct Prepared<C> {
    pub graph: AdjacencyList<C>,
    pub adj: Adjacency<C>,
    pub queries: Vec<Query<C>>,
    /// No zero-cost edge (for the exact-heuristic expansion bound).
    pub positive: bool,
    pub max_edge: C,
    /// A different graph for the reused engine, and a query on it.
    pub other: AdjacencyList<C>,
    pub other_query: (u32, u32),
}

pub fn prepare<C: GenCost>(case: &GraphCase<C>) -> Prepared<C> {
    let graph = AdjacencyList::from_edges(case.n, case.edges.iter().copied()).expect("valid edges");
    let adj = super::adjacency(&graph);
    let rev = super::reversed(&adj);
    let queries = case
        .queries
        .iter()
        .enumerate()
        .map(|(i, &(start, goal))| {
            if case.n == 0 {
                return Query {
                    start,
                    goal,
                    optimum: None,
                    h: Vec::new(),
                };
            }
            // Exact distances to the goal, by a reverse Dijkstra.
            let dist = super::dijkstra(&rev, goal as usize);
            let h = HKind::ALL
                .iter()
                .map(|&k| (k, super::heuristic_table(&dist, k, case.seed + i as u64)))
                .collect();
            Query {
                start,
                goal,
                optimum: dist[start as usize],
                h,
            }
        })
        .collect();
    let mut max_edge = C::zero();
    for &(_, _, c) in &case.edges {
        if c > max_edge {
            max_edge = c;
        }
    }
    // The other graph: a ring with chords over `other_n + 1` nodes.
    let m = case.other_n as u32 + 1;
    let mut other = AdjacencyList::new(m as usize);
    for a in 0..m {
        other.add_edge(a, (a + 1) % m, C::one()).unwrap();
        other
            .add_edge(a, (a * 7 + 3) % m, C::from_count(3))
            .unwrap();
    }
    Prepared {
        positive: case.edges.iter().all(|e| e.2 > C::zero()),
        graph,
        adj,
        queries,
        max_edge,
        other,
        other_query: (0, m / 2),
    }
}

pub fn check_result<C: GenCost>(
    p: &Prepared<C>,
    q: &Query<C>,
    kind: HKind,
    r: &pathseek::SearchResult<u32, C>,
    label: &str,
) {
    let s = &r.stats;
    if super::is_integer::<C>() && kind.consistent() {
        assert_eq!(
            s.reopened, 0,
            "{label}: reopened with a consistent heuristic"
        );
        assert!(
            s.expanded as usize <= s.stored,
            "{label}: a node expanded twice with a consistent heuristic: {s:?}"
        );
    }
    check_outcome(p, q, kind, r, label);
    if let Outcome::Found(path) = &r.outcome
        && super::is_integer::<C>()
        && kind == HKind::Exact
        && p.positive
    {
        // Exact h: every node off the optimal paths has f > optimum, and ties
        // to the larger g always pick the successor just generated, so the
        // search walks the path and expands nothing else.
        assert_eq!(
            s.expanded as usize,
            path.nodes.len() - 1,
            "{label}: exact heuristic expanded nodes off the path ({s:?}, path {:?})",
            path.nodes
        );
    }
}

/// The checks of [`check_result`] that hold for any optimal search, A* or
/// fringe search (which may expand a node twice under a consistent
/// heuristic, and breaks ties otherwise): the counters' bounds, the outcome
/// against Dijkstra, the path, and start == goal.
pub fn check_outcome<C: GenCost>(
    p: &Prepared<C>,
    q: &Query<C>,
    kind: HKind,
    r: &pathseek::SearchResult<u32, C>,
    label: &str,
) {
    let tol = super::tolerance::<C>();
    let s = &r.stats;
    assert!(s.expanded <= s.pushed, "{label}: expanded > pushed: {s:?}");
    assert!(s.reopened <= s.pushed, "{label}: reopened > pushed: {s:?}");
    assert!(s.stored <= p.graph.len(), "{label}: stored > nodes: {s:?}");
    assert!(s.max_open >= 1, "{label}: largest open set 0: {s:?}");
    if kind == HKind::RandomFraction {
        super::count_reopened(s.reopened);
    }
    match (&r.outcome, q.optimum) {
        (Outcome::Found(path), Some(opt)) => {
            let nodes: Vec<usize> = path.nodes.iter().map(|&n| n as usize).collect();
            let sum = super::path_cost(&p.adj, &nodes, q.start as usize, q.goal as usize)
                .unwrap_or_else(|e| panic!("{label}: {e}"));
            assert!(
                path.cost == sum,
                "{label}: reported cost {:?} but the path's edges sum to {sum:?} (path {:?})",
                path.cost,
                path.nodes
            );
            if kind.admissible() {
                assert!(
                    super::close(path.cost, opt, tol),
                    "{label}: cost {:?} but the optimum is {opt:?}",
                    path.cost
                );
            } else {
                assert!(
                    path.cost >= opt || super::close(path.cost, opt, tol),
                    "{label}: cost {:?} below the optimum {opt:?}",
                    path.cost
                );
            }
            if q.start == q.goal {
                assert_eq!(path.nodes, vec![q.start], "{label}: start == goal");
                assert!(path.cost == C::zero(), "{label}: start == goal costs 0");
                assert_eq!(s.expanded, 0, "{label}: start == goal expands nothing");
            }
        }
        (Outcome::NoPath, None) => {}
        (outcome, opt) => panic!("{label}: outcome {outcome:?} but Dijkstra says {opt:?}"),
    }
}

/// A heuristic read from a table by node id (`None`: zero everywhere), as one
/// type, so that one engine runs every query of a case.
fn table<C: Cost>(h: Option<&[C]>) -> impl Fn(u32) -> C + Copy + '_ {
    move |n| h.map_or(C::zero(), |h| h[n as usize])
}

/// Runs every query and heuristic of a case with one open set and one node store.
pub fn check_pair<C, O, S>(
    p: &Prepared<C>,
    label: &str,
    make_open: &dyn Fn() -> O,
    make_store: &dyn Fn() -> S,
) where
    C: GenCost,
    O: OpenSet<C>,
    S: ClosedSet<AdjacencyList<C>>,
{
    let fresh = |graph: &AdjacencyList<C>, start: u32, goal: u32, h: &[C]| {
        AStar::new(make_open(), make_store())
            .search(graph, pathseek::Query::new(start, goal, table(Some(h))))
    };
    // Zero on the other graph (made before the engine, which borrows it).
    let zero = vec![C::zero(); p.other.len()];
    let mut engine = AStar::new(make_open(), make_store());
    if p.graph.is_empty() {
        for q in &p.queries {
            // A goal predicate is another query type: a fresh engine.
            let until = pathseek::Query::until(q.start, |_| true, |_: u32| C::zero());
            let r = AStar::new(make_open(), make_store()).search(&p.graph, until);
            assert_eq!(
                r.error(),
                Some(&SearchError::StartBlocked { node: q.start }),
                "{label}: empty graph, start {}",
                q.start
            );
            // Both are outside the graph; the starts are checked first.
            let r = engine.search(&p.graph, pathseek::Query::new(q.start, q.goal, table(None)));
            assert_eq!(
                r.error(),
                Some(&SearchError::StartBlocked { node: q.start }),
                "{label}: empty graph, goal {}",
                q.goal
            );
        }
        return;
    }
    let mut first = None;
    for q in &p.queries {
        for (kind, h) in &q.h {
            let label = format!("{label}, {kind:?}, {} -> {}", q.start, q.goal);
            let reused = engine.search(
                &p.graph,
                pathseek::Query::new(q.start, q.goal, table(Some(&h[..]))),
            );
            let new = fresh(&p.graph, q.start, q.goal, h);
            assert_eq!(
                reused, new,
                "{label}: reused engine differs from a fresh one"
            );
            check_result(p, q, *kind, &new, &label);
            first.get_or_insert((q, h, new));
        }
    }
    // Outside the graph.
    let n = p.graph.len() as u32;
    let r = engine.search(&p.graph, pathseek::Query::new(n, 0, table(None)));
    assert_eq!(
        r.error(),
        Some(&SearchError::StartBlocked { node: n }),
        "{label}"
    );
    let r = engine.search(&p.graph, pathseek::Query::new(0, n + 3, table(None)));
    assert_eq!(
        r.error(),
        Some(&SearchError::GoalBlocked { node: n + 3 }),
        "{label}"
    );
    // Another graph, then the first query again.
    let (s, g) = p.other_query;
    let reused = engine.search(&p.other, pathseek::Query::new(s, g, table(Some(&zero[..]))));
    assert_eq!(reused, fresh(&p.other, s, g, &zero), "{label}: other graph");
    let (q, h, want) = first.expect("at least one query");
    let again = engine.search(
        &p.graph,
        pathseek::Query::new(q.start, q.goal, table(Some(&h[..]))),
    );
    assert_eq!(
        again, want,
        "{label}: first query repeated on the reused engine"
    );
}

impl<C: GenCost> PairCheck for Prepared<C> {
    type G = AdjacencyList<C>;
    fn max_edge(&self) -> C {
        self.max_edge
    }
    fn check<O, S>(&self, label: &str, make_open: &dyn Fn() -> O, make_store: &dyn Fn() -> S)
    where
        O: OpenSet<C>,
        S: ClosedSet<AdjacencyList<C>>,
    {
        check_pair(self, label, make_open, make_store)
    }
}

/// Runs the property for cost type `C` with `cases` cases (`regressions` from
/// `regressions_file!`); `engines` checks the engines of one prepared case.
/// Returns the reopenings seen under the inconsistent heuristic.
pub fn property<C: GenCost>(
    name: &str,
    regressions: &'static str,
    cases: u32,
    engines: impl Fn(&Prepared<C>),
) -> u64 {
    super::run_property_counting_reopened(name, regressions, cases, graph_case::<C>(), |case| {
        engines(&prepare(&case))
    })
}
