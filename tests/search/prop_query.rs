//! Property tests of queries (several starts with initial costs, limits,
//! partial paths) and sliced searches, on random directed graphs
//! (`AdjacencyList`: zero-cost edges, self-loops, parallel edges) and random
//! grids (obstacles, 4- and 8-connected, terrain), against the reference
//! Dijkstra of `tests/common`:
//!
//! - a sliced search, for any budget per call (1..=40 and large ones), ends
//!   exactly as `AStar::run` on the same query: status, cost, path and counters
//!   (with or without a limit, any heuristic, admissible or not; a binary heap
//!   with an indexed store, and a re-push heap with a hash store);
//! - several starts: the cost is the least over the starts of the initial cost
//!   plus the distance to the goal (a Dijkstra from a super-source); the path
//!   begins at a start and costs the result minus that start's initial cost;
//!   no path exactly when no start reaches the goal;
//! - each limit (`max_expansions`, `max_stored`, `max_cost`, `below_cost`) when reached: the
//!   partial path is a path of the graph from a start at its reported cost, it
//!   ends at the start or closed node of least `h` (ties: least `g`), the
//!   counters respect the limit; `max_cost` ends only when no path within it
//!   exists and the partial path costs at most the limit (`below_cost`: no
//!   path cheaper than it, a partial path cheaper than it);
//! - an edit of a grid between two calls, away from every expanded cell and its
//!   neighbours, gives what a fresh search on the edited grid gives.
//!
//! The limit properties run twice: with zero initial costs and consistent
//! heuristics, and (`limits_with_initial_costs_and_inconsistent_heuristics`)
//! with any initial costs and admissible, possibly inconsistent, heuristics,
//! where the best node can be reached again more cheaply after it became best.
//!
//! The random cases are generated here (the shared strategies of
//! `common::graph_props` and `common::grid_props` keep their fields private),
//! with their cost and terrain choices (`GenCost`, `GridCost`).

use crate::common;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};

use common::graph_props::GenCost;
use common::grid_props::GridCost;
use common::{Adjacency, HKind};
use pathseek::open_set::{BinaryHeap, LazyBinaryHeap, OpenSet};
use pathseek::store::{HashStore, IndexedStore};
use pathseek::{
    AStar, AdjacencyList, Cell, ClosedSet, Connectivity, Cost, DenseIds, Graph, Grid, Limit,
    Outcome, Query, Records, SearchResult, Status,
};
use proptest::prelude::*;
use proptest::sample::Index;

const REGRESSIONS: &str = regressions_file!("prop_query");

/// Four times proptest's number of cases (256, or `PROPTEST_CASES`): the
/// cases are small.
fn cases() -> u32 {
    common::cases().saturating_mul(4)
}

/// Counts what the cases of a property did, so that a property that no longer
/// exercises what it is about fails (checked when at least 64 cases run).
#[derive(Default)]
struct Tally(RefCell<BTreeMap<&'static str, u64>>);

impl Tally {
    fn add(&self, what: &'static str) {
        *self.0.borrow_mut().entry(what).or_default() += 1;
    }

    fn require(&self, name: &str, whats: &[&'static str]) {
        if common::cases() < 64 {
            return;
        }
        let seen = self.0.borrow();
        for what in whats {
            assert!(
                seen.get(what).is_some_and(|&n| n > 0),
                "property `{name}`: no case with {what} ({seen:?})"
            );
        }
        if std::env::var_os("PATHSEEK_PROP_VERBOSE").is_some() {
            eprintln!("property `{name}`: {seen:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// Random cases
// ---------------------------------------------------------------------------

/// The heuristic of a case: a table from the exact distances to the goal, or
/// (grids only; `Exact` on graphs) the grid's own.
#[derive(Clone, Copy, Debug, PartialEq)]
enum HChoice {
    Table(HKind),
    Grid,
}

impl HChoice {
    const ALL: [HChoice; 6] = [
        HChoice::Table(HKind::Zero),
        HChoice::Table(HKind::Exact),
        HChoice::Table(HKind::Fraction),
        HChoice::Table(HKind::RandomFraction),
        HChoice::Table(HKind::Inflated),
        HChoice::Grid,
    ];
    const ADMISSIBLE: [HChoice; 5] = [
        HChoice::Table(HKind::Zero),
        HChoice::Table(HKind::Exact),
        HChoice::Table(HKind::Fraction),
        HChoice::Table(HKind::RandomFraction),
        HChoice::Grid,
    ];
    const CONSISTENT: [HChoice; 4] = [
        HChoice::Table(HKind::Zero),
        HChoice::Table(HKind::Exact),
        HChoice::Table(HKind::Fraction),
        HChoice::Grid,
    ];
}

/// Initial costs: zero only, or zero and random edge costs.
fn initial<C: GenCost>(zero_only: bool) -> BoxedStrategy<C> {
    if zero_only {
        Just(C::zero()).boxed()
    } else {
        prop_oneof![2 => Just(C::zero()), 3 => C::edge()].boxed()
    }
}

#[derive(Clone, Debug)]
struct GraphSpec<C> {
    n: usize,
    edges: Vec<(u32, u32, C)>,
    starts: Vec<(u32, C)>,
    goal: u32,
    seed: u64,
}

fn graph_spec<C: GenCost>(zero_initial: bool) -> impl Strategy<Value = GraphSpec<C>> {
    (prop_oneof![1 => 1usize..=10, 3 => 10usize..=100], 0u8..3)
        .prop_flat_map(move |(n, density)| {
            let node = 0..n as u32;
            let max_edges = [n, 3 * n, 8 * n][density as usize];
            (
                Just(n),
                prop::collection::vec((node.clone(), node.clone(), C::edge()), 0..=max_edges),
                // Sometimes a chain 0 -> 1 -> ... -> n-1: long searches.
                prop::option::weighted(0.4, prop::collection::vec(C::edge(), n - 1)),
                prop::collection::vec((node.clone(), initial::<C>(zero_initial)), 1..=3),
                node,
                any::<u64>(),
            )
        })
        .prop_map(|(n, mut edges, chain, starts, goal, seed)| {
            for (i, c) in chain.into_iter().flatten().enumerate() {
                edges.push((i as u32, i as u32 + 1, c));
            }
            GraphSpec {
                n,
                edges,
                starts,
                goal,
                seed,
            }
        })
}

#[derive(Clone, Debug)]
struct GridSpec<C> {
    width: u32,
    height: u32,
    eight: bool,
    costs: usize,
    blocked: Vec<bool>,
    terrain: Option<Vec<usize>>,
    /// Indices into the passable cells, with initial costs.
    starts: Vec<(Index, C)>,
    goal: Index,
    seed: u64,
}

fn grid_spec<C: GenCost>(zero_initial: bool) -> impl Strategy<Value = GridSpec<C>> {
    (
        1u32..=24,
        1u32..=24,
        any::<bool>(),
        0usize..8,
        prop_oneof![Just(0.0), Just(0.15), Just(0.3), Just(0.45)],
    )
        .prop_flat_map(move |(width, height, eight, costs, density)| {
            let cells = (width * height) as usize;
            (
                Just((width, height, eight, costs)),
                prop::collection::vec(prop::bool::weighted(density), cells),
                prop::option::weighted(0.4, prop::collection::vec(0usize..8, cells)),
                prop::collection::vec((any::<Index>(), initial::<C>(zero_initial)), 1..=3),
                any::<Index>(),
                any::<u64>(),
            )
        })
        .prop_map(
            |((width, height, eight, costs), blocked, terrain, starts, goal, seed)| GridSpec {
                width,
                height,
                eight,
                costs,
                blocked,
                terrain,
                starts,
                goal,
                seed,
            },
        )
}

/// A graph with dense ids, its edges, and a query's parts.
struct Instance<G: Graph> {
    graph: G,
    adj: Adjacency<G::Cost>,
    starts: Vec<(G::Node, G::Cost)>,
    goal: G::Node,
    /// The exact distance of every node to the goal.
    to_goal: Vec<Option<G::Cost>>,
    seed: u64,
}

impl<G: DenseIds> Instance<G> {
    fn new(graph: G, starts: Vec<(G::Node, G::Cost)>, goal: G::Node, seed: u64) -> Self {
        let adj = common::adjacency(&graph);
        let goal_id = graph.node_index(goal).expect("the goal has an id");
        let to_goal = common::dijkstra(&common::reversed(&adj), goal_id);
        Instance {
            graph,
            adj,
            starts,
            goal,
            to_goal,
            seed,
        }
    }

    fn id(&self, node: G::Node) -> usize {
        self.graph.node_index(node).expect("a node of the graph")
    }

    fn node(&self, id: usize) -> G::Node {
        self.graph.node_at(id).expect("an id of the graph")
    }

    /// The heuristic table of `choice`; `grid` is the grid's own heuristic, if any.
    fn table(&self, choice: HChoice, grid: Option<&dyn Fn(G::Node) -> G::Cost>) -> Vec<G::Cost> {
        match (choice, grid) {
            (HChoice::Grid, Some(h)) => (0..self.adj.len()).map(|i| h(self.node(i))).collect(),
            (HChoice::Grid, None) => {
                common::heuristic_table(&self.to_goal, HKind::Exact, self.seed)
            }
            (HChoice::Table(kind), _) => common::heuristic_table(&self.to_goal, kind, self.seed),
        }
    }

    /// The cheapest initial cost of `node` among the starts, if it is one.
    fn initial(&self, node: G::Node) -> Option<G::Cost> {
        self.starts
            .iter()
            .filter(|s| s.0 == node)
            .map(|s| s.1)
            .reduce(|a, b| if b < a { b } else { a })
    }

    /// The distance of every node from the starts, counting initial costs (a
    /// Dijkstra from a super-source with an edge to each start).
    fn distances_from_starts(&self) -> Vec<Option<G::Cost>> {
        let mut adj = self.adj.clone();
        let source = adj.len();
        adj.push(self.starts.iter().map(|&(s, c)| (self.id(s), c)).collect());
        let mut dist = common::dijkstra(&adj, source);
        dist.pop();
        dist
    }

    fn max_degree(&self) -> usize {
        self.adj.iter().map(Vec::len).max().unwrap_or(0)
    }

    fn distinct_starts(&self) -> usize {
        self.starts
            .iter()
            .map(|s| s.0)
            .collect::<HashSet<_>>()
            .len()
    }
}

fn graph_instance<C: GenCost>(spec: &GraphSpec<C>) -> Instance<AdjacencyList<C>> {
    let graph = AdjacencyList::from_edges(spec.n, spec.edges.iter().copied()).unwrap();
    Instance::new(graph, spec.starts.clone(), spec.goal, spec.seed)
}

/// The grid of `spec`, or `None` if it has no passable cell.
fn grid_instance<C: GenCost + GridCost>(spec: &GridSpec<C>) -> Option<Instance<Grid<C>>> {
    let all_costs = C::costs();
    let conn = if spec.eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let w = spec.width;
    let mut grid = Grid::from_fn(
        w,
        spec.height,
        conn,
        all_costs[spec.costs % all_costs.len()],
        |c| !spec.blocked[(c.y * w + c.x) as usize],
    )
    .unwrap();
    let weights = C::weights();
    if let Some(t) = &spec.terrain {
        for (i, &k) in t.iter().enumerate() {
            let cell = Cell::new(i as u32 % w, i as u32 / w);
            grid.set_terrain(cell, weights[k % weights.len()]).unwrap();
        }
    }
    let passable: Vec<Cell> = (0..spec.blocked.len())
        .filter(|&i| !spec.blocked[i])
        .map(|i| Cell::new(i as u32 % w, i as u32 / w))
        .collect();
    if passable.is_empty() {
        return None;
    }
    let pick = |i: &Index| passable[i.index(passable.len())];
    let starts = spec.starts.iter().map(|(i, c)| (pick(i), *c)).collect();
    Some(Instance::new(grid, starts, pick(&spec.goal), spec.seed))
}

/// The grid's own heuristic towards the instance's goal.
fn grid_h<C: GridCost>(inst: &Instance<Grid<C>>) -> impl Fn(Cell) -> C + use<C> {
    inst.graph.heuristic(inst.goal)
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/// A limit to put on a query: its kind (0: none) and a raw value.
#[derive(Clone, Copy, Debug)]
struct LimitSpec {
    kind: u8,
    count: u64,
    /// For `max_cost` and `below_cost`: a fraction of the largest distance
    /// from the starts.
    fraction: f64,
}

fn limit_spec(with_none: bool) -> impl Strategy<Value = LimitSpec> {
    let lo = if with_none { 0u8 } else { 1 };
    (lo..5, 0u64..1000, 0.0f64..1.25).prop_map(|(kind, count, fraction)| LimitSpec {
        kind,
        count,
        fraction,
    })
}

/// A limit resolved for an instance.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Resolved<C> {
    None,
    Expansions(u64),
    Stored(usize),
    Cost(C),
    Below(C),
}

impl LimitSpec {
    fn resolve<G: DenseIds>(&self, inst: &Instance<G>) -> Resolved<G::Cost> {
        match self.kind {
            // Up to about half the graph, so that limits are often reached.
            1 => Resolved::Expansions(self.count % (inst.adj.len() as u64 / 2 + 2)),
            2 => Resolved::Stored((self.count % (inst.adj.len() as u64 / 2 + 2)) as usize),
            3 | 4 => {
                let far = inst
                    .distances_from_starts()
                    .into_iter()
                    .flatten()
                    .map(Cost::as_f64)
                    .fold(0.0f64, f64::max);
                let bound = G::Cost::from_count((far * self.fraction) as u64);
                if self.kind == 3 {
                    Resolved::Cost(bound)
                } else {
                    Resolved::Below(bound)
                }
            }
            _ => Resolved::None,
        }
    }
}

impl<C: Cost> Resolved<C> {
    /// Whether a path of cost `c` is within a cost limit (`max_cost`: at
    /// most it; `below_cost`: below it); `true` for the other limits.
    fn admits(&self, c: C) -> bool {
        match *self {
            Resolved::Cost(max) => c <= max,
            Resolved::Below(bound) => c < bound,
            _ => true,
        }
    }
}

fn with_limit<N: Copy, C: Cost, H>(q: Query<N, C, H>, limit: Resolved<C>) -> Query<N, C, H> {
    match limit {
        Resolved::None => q,
        Resolved::Expansions(n) => q.max_expansions(n),
        Resolved::Stored(n) => q.max_stored(n),
        Resolved::Cost(m) => q.max_cost(m),
        Resolved::Below(b) => q.below_cost(b),
    }
}

/// The query of an instance with heuristic table `h`.
fn query<'a, G: DenseIds>(
    inst: &'a Instance<G>,
    h: &'a [G::Cost],
) -> Query<G::Node, G::Cost, impl FnMut(G::Node) -> G::Cost + Clone + 'a> {
    let graph = &inst.graph;
    Query::new(inst.starts[0].0, inst.goal, move |n: G::Node| {
        h[graph.node_index(n).expect("a node of the graph")]
    })
    .with_starts(inst.starts.iter().copied())
}

/// (a) A sliced search with each budget ends as `AStar::run` does.
fn check_sliced_equals_run<G>(
    inst: &Instance<G>,
    h: &[G::Cost],
    limit: Resolved<G::Cost>,
    budgets: &[u64],
    tally: &Tally,
) where
    G: DenseIds,
    IndexedStore<G::Cost>: ClosedSet<G>,
{
    let direct = sliced_equals_run(inst, h, limit, budgets, &|| {
        (BinaryHeap::new(), IndexedStore::new())
    });
    tally.add(match direct.outcome {
        Outcome::Found(_) => "found",
        Outcome::NoPath => "no path",
        Outcome::Partial { .. } => "partial",
        _ => "error",
    });
    if direct.stats.expanded > 2 * budgets[0] {
        tally.add("three calls or more");
    }
    // Other structures: a re-push heap and a hash store.
    sliced_equals_run(inst, h, limit, budgets, &|| {
        (LazyBinaryHeap::new(), HashStore::new())
    });
}

/// [`check_sliced_equals_run`] with the structures `structures` makes; returns
/// the one-shot result.
fn sliced_equals_run<G, O, S>(
    inst: &Instance<G>,
    h: &[G::Cost],
    limit: Resolved<G::Cost>,
    budgets: &[u64],
    structures: &dyn Fn() -> (O, S),
) -> SearchResult<G::Node, G::Cost>
where
    G: DenseIds,
    O: OpenSet<G::Cost>,
    S: ClosedSet<G>,
{
    let q = with_limit(query(inst, h), limit);
    let engine = || {
        let (open, store) = structures();
        AStar::new(open, store)
    };
    let direct = engine().search(&inst.graph, q.clone());
    // One sliced search for every budget: a warm engine too.
    let mut sliced = engine();
    let mut path = Vec::new();
    for &budget in budgets {
        let label = format!("budget {budget}, limit {limit:?}");
        let mut status = sliced.start(&inst.graph, q.clone());
        assert_eq!(sliced.stats().expanded, 0, "{label}");
        while status == Status::InProgress {
            let before = sliced.stats().expanded;
            status = sliced.advance(&inst.graph, budget);
            let done = sliced.stats().expanded - before;
            assert!(done <= budget, "{label}: {done} expansions");
            if status == Status::InProgress {
                assert_eq!(done, budget, "{label}: stopped early but in progress");
                // The path offered meanwhile runs from a start along edges.
                sliced
                    .path_into(&inst.graph, &mut path)
                    .expect("a best node");
                assert!(inst.initial(path[0]).is_some(), "{label}: {path:?}");
                assert!(
                    pathseek::graph::path_cost(&inst.graph, &path).is_some(),
                    "{label}: {path:?}"
                );
            }
        }
        let offered = sliced.path_into(&inst.graph, &mut path);
        match (&direct.outcome, &status) {
            (Outcome::Found(p), Status::Found { cost }) => {
                assert!(p.cost == *cost, "{label}: {p:?} vs {status:?}");
                assert_eq!(offered, Some(*cost), "{label}");
                assert_eq!(path, p.nodes, "{label}");
            }
            (Outcome::Partial { path: p, limit }, Status::Partial { limit: l, cost }) => {
                assert_eq!(limit, l, "{label}");
                assert!(p.cost == *cost, "{label}: {p:?} vs {status:?}");
                assert_eq!(offered, Some(*cost), "{label}");
                assert_eq!(path, p.nodes, "{label}");
            }
            (Outcome::NoPath, Status::NoPath) => {}
            (Outcome::Error(e), Status::Error(f)) => assert_eq!(e, f, "{label}"),
            (outcome, status) => panic!("{label}: run gave {outcome:?}, sliced {status:?}"),
        }
        assert_eq!(sliced.stats(), direct.stats, "{label}");
        // Ended: further calls change nothing.
        assert_eq!(sliced.advance(&inst.graph, budget), status, "{label}");
        assert_eq!(sliced.stats(), direct.stats, "{label}");
    }
    direct
}

/// The node ids whose records are closed, and the starts, with their current
/// `(h, g)`: the candidates for the best node.
fn candidates<G>(
    inst: &Instance<G>,
    store: &IndexedStore<G::Cost>,
) -> Vec<(usize, G::Cost, G::Cost)>
where
    G: DenseIds,
{
    let mut out = Vec::new();
    for id in 0..inst.adj.len() {
        let Some(r) = store.record(id as u32) else {
            continue;
        };
        if r.is_closed() {
            out.push((id, r.h, r.g));
        } else if let Some(initial) = inst.initial(inst.node(id)) {
            // A start still open competed at its initial cost (its record may
            // hold a smaller g found since through another start).
            out.push((id, r.h, initial));
        }
    }
    out
}

/// (b) and the found/no-path part of (c): the outcome against the Dijkstra from
/// the starts. Returns the optimum.
fn check_against_dijkstra<G: DenseIds>(
    inst: &Instance<G>,
    r: &SearchResult<G::Node, G::Cost>,
    admissible: bool,
    label: &str,
) -> Option<G::Cost> {
    let tol = common::tolerance::<G::Cost>();
    let opt = inst.distances_from_starts()[inst.id(inst.goal)];
    match (&r.outcome, opt) {
        (Outcome::Found(p), Some(opt)) => {
            check_path_from_a_start(inst, &p.nodes, p.cost, label);
            assert_eq!(p.goal(), Some(&inst.goal), "{label}");
            if admissible {
                assert!(
                    common::close(p.cost, opt, tol),
                    "{label}: cost {:?}, optimum {opt:?}",
                    p.cost
                );
            }
        }
        (Outcome::NoPath, None) | (Outcome::Partial { .. }, _) => {}
        (outcome, opt) => panic!("{label}: {outcome:?} but Dijkstra says {opt:?}"),
    }
    opt
}

/// `nodes` begins at a start, follows edges, and costs `cost` with that
/// start's initial cost.
fn check_path_from_a_start<G: DenseIds>(
    inst: &Instance<G>,
    nodes: &[G::Node],
    cost: G::Cost,
    label: &str,
) {
    let tol = common::tolerance::<G::Cost>();
    let first = *nodes
        .first()
        .unwrap_or_else(|| panic!("{label}: empty path"));
    let initial = inst
        .initial(first)
        .unwrap_or_else(|| panic!("{label}: path {nodes:?} does not begin at a start"));
    let walked = pathseek::graph::path_cost(&inst.graph, nodes)
        .unwrap_or_else(|| panic!("{label}: path {nodes:?} is not a path of the graph"));
    assert!(
        common::close(initial + walked, cost, tol),
        "{label}: path {nodes:?} costs {initial:?} + {walked:?}, reported {cost:?}"
    );
}

/// (c) One limit: the outcome and, when the limit is reached, the partial path.
fn check_limit<G>(
    inst: &Instance<G>,
    h: &[G::Cost],
    limit: Resolved<G::Cost>,
    admissible: bool,
    tally: &Tally,
) where
    G: DenseIds,
    IndexedStore<G::Cost>: ClosedSet<G>,
{
    let label = format!("limit {limit:?}");
    let tol = common::tolerance::<G::Cost>();
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let r = engine.search(&inst.graph, with_limit(query(inst, h), limit));
    let opt = check_against_dijkstra(inst, &r, admissible, &label);
    let stats = r.stats;
    let store = engine.store();
    match limit {
        Resolved::Expansions(n) => assert!(stats.expanded <= n, "{label}: {stats:?}"),
        Resolved::Stored(n) => {
            let bound = n.max(inst.distinct_starts()) + inst.max_degree();
            assert!(stats.stored <= bound, "{label}: {stats:?}, bound {bound}");
        }
        Resolved::Cost(_) | Resolved::Below(_) => {
            if let Some(p) = r.found() {
                assert!(limit.admits(p.cost), "{label}: found {p:?}");
            }
            // Every node expanded had a g the limit admits.
            for id in 0..inst.adj.len() {
                if let Some(rec) = store.record(id as u32)
                    && rec.is_closed()
                {
                    assert!(
                        limit.admits(rec.g),
                        "{label}: closed node {id} at g {:?}",
                        rec.g
                    );
                }
            }
        }
        Resolved::None => {}
    }
    let Outcome::Partial { path, limit: got } = &r.outcome else {
        tally.add(if r.found().is_some() {
            "found"
        } else {
            "no path"
        });
        return;
    };
    tally.add(match got {
        Limit::Expansions => "partial by expansions",
        Limit::Stored => "partial by stored",
        Limit::Cost => "partial by cost",
        _ => "partial by deadline",
    });
    if path.nodes.len() > 2 {
        tally.add("a partial path of 3 nodes or more");
    }
    let label = format!("{label}: partial {path:?}");
    match (limit, got) {
        (Resolved::Expansions(n), Limit::Expansions) => {
            assert_eq!(stats.expanded, n, "{label}: {stats:?}")
        }
        (Resolved::Stored(n), Limit::Stored) => assert!(stats.stored >= n, "{label}: {stats:?}"),
        (Resolved::Cost(bound) | Resolved::Below(bound), Limit::Cost) => {
            // Stopped only when no path the limit admits remained.
            if admissible && let Some(opt) = opt {
                assert!(
                    !limit.admits(opt) || common::close(opt, bound, tol),
                    "{label}: the optimum {opt:?} is within {limit:?}"
                );
            }
            if inst.starts.iter().all(|s| limit.admits(s.1)) {
                assert!(limit.admits(path.cost), "{label}");
            }
        }
        (limit, got) => panic!("{label}: limit {limit:?} but ended by {got:?}"),
    }
    check_path_from_a_start(inst, &path.nodes, path.cost, &label);
    // It ends at the start or closed node of least h, ties to least g.
    let end = inst.id(*path.goal().unwrap());
    let all = candidates(inst, store);
    let least_h = all
        .iter()
        .map(|c| c.1)
        .reduce(|a, b| if b < a { b } else { a })
        .expect("a start at least");
    let least_g = all
        .iter()
        .filter(|c| c.1 == least_h)
        .map(|c| c.2)
        .reduce(|a, b| if b < a { b } else { a })
        .unwrap();
    let (h_end, g_end) = match all.iter().find(|c| c.0 == end) {
        Some(&(_, h, g)) => {
            // With reopening, the g a node had when it competed may be gone
            // from its record: check h alone.
            assert!(
                h == least_h && (g == least_g || stats.reopened > 0),
                "{label}: ends at (h, g) = ({h:?}, {g:?}), but the least is ({least_h:?}, {least_g:?})"
            );
            (h, g)
        }
        None => {
            // A node taken from the open set, then reached more cheaply and
            // reopened (inconsistent heuristic) before the limit: it is open
            // again, with a smaller g than when it became the best. Every
            // node closed now was taken from the open set too, so the end's h
            // is at most theirs, and on a tie its g (smaller now) too.
            let r = store.record(end as u32).unwrap_or_else(|| {
                panic!("{label}: the end {end} was never reached (candidates {all:?})")
            });
            assert!(
                stats.reopened > 0,
                "{label}: the end {end} is neither a start nor closed, and nothing was reopened \
                 (candidates {all:?})"
            );
            assert!(
                r.h <= least_h,
                "{label}: ends at the reopened (h, g) = ({:?}, {:?}), but a closed node has ({least_h:?}, {least_g:?})",
                r.h,
                r.g
            );
            (r.h, r.g)
        }
    };
    let _ = h_end;
    // The reported cost is the path's (checked above); the end's recorded g
    // is that, or more when an ancestor was reached more cheaply after the
    // end was (reopened under an inconsistent heuristic) and the limit came
    // before the end was updated.
    assert!(path.cost <= g_end, "{label}: the end's g is {g_end:?}");
}

/// (d) Flips cells of the grid between calls, each away from every expanded
/// cell and its neighbours (and from the goal and the starts), then compares
/// with a fresh search on the edited grid.
fn check_edits<C: GridCost>(
    inst: &Instance<Grid<C>>,
    h: &[C],
    edits: &[(u64, Index, bool)],
    tally: &Tally,
) {
    let mut grid = inst.graph.clone();
    let (w, ht) = (grid.width() as i64, grid.height() as i64);
    let q = query(inst, h);
    let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut status = sliced.start(&grid, q.clone());
    let mut flipped = Vec::new();
    for &(budget, pick, on_path) in edits {
        if status != Status::InProgress {
            break;
        }
        status = sliced.advance(&grid, budget);
        if status != Status::InProgress {
            break;
        }
        let store = sliced.store();
        // Without reopening every expanded cell is closed; otherwise keep away
        // from every cell reached.
        let strict = sliced.stats().reopened > 0;
        let touched = |x: i64, y: i64| {
            (0..w).contains(&x)
                && (0..ht).contains(&y)
                && store
                    .record((y * w + x) as u32)
                    .is_some_and(|r| strict || r.is_closed())
        };
        let mut eligible: Vec<Cell> = (0..w * ht)
            .map(|i| Cell::new((i % w) as u32, (i / w) as u32))
            .filter(|&c| c != inst.goal && inst.initial(c).is_none())
            .filter(|c| {
                let (x, y) = (c.x as i64, c.y as i64);
                !(-1..=1).any(|dy| (-1..=1).any(|dx| touched(x + dx, y + dy)))
            })
            .collect();
        if on_path {
            // Prefer the cells of the path the grid has now: edits that matter.
            let now = pathseek::search(&grid, q.clone());
            let on: Vec<Cell> = match now.found() {
                Some(p) => eligible
                    .iter()
                    .copied()
                    .filter(|c| p.nodes.contains(c))
                    .collect(),
                None => Vec::new(),
            };
            if !on.is_empty() {
                eligible = on;
            }
        }
        if eligible.is_empty() {
            continue;
        }
        let cell = eligible[pick.index(eligible.len())];
        let passable = grid.is_passable(cell);
        grid.set_passable(cell, !passable).unwrap();
        flipped.push(cell);
    }
    while status == Status::InProgress {
        status = sliced.advance(&grid, 1 << 20);
    }
    let label = format!("flipped {flipped:?}");
    let unedited =
        AStar::new(BinaryHeap::new(), IndexedStore::new()).search(&inst.graph, q.clone());
    let fresh = AStar::new(BinaryHeap::new(), IndexedStore::new()).search(&grid, q);
    if !flipped.is_empty() {
        tally.add("an edit");
        if unedited.outcome != fresh.outcome {
            tally.add("an edit that changed the outcome");
        }
    }
    let mut path = Vec::new();
    match &fresh.outcome {
        Outcome::Found(p) => {
            assert_eq!(status, Status::Found { cost: p.cost }, "{label}");
            sliced.path_into(&grid, &mut path);
            assert_eq!(path, p.nodes, "{label}");
        }
        Outcome::NoPath => assert_eq!(status, Status::NoPath, "{label}"),
        other => panic!("{label}: {other:?}"),
    }
    // Edits beside nodes the search has reached make it start again by
    // itself (counted apart): the other counters are those of a fresh search.
    let mut stats = sliced.stats();
    assert!(stats.restarts <= flipped.len() as u64, "{label}");
    stats.restarts = 0;
    assert_eq!(stats, fresh.stats, "{label}");
}

// ---------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------

fn budgets() -> impl Strategy<Value = Vec<u64>> {
    (
        1u64..=40,
        1u64..=40,
        prop_oneof![Just(41u64), Just(1000), Just(u64::MAX)],
    )
        .prop_map(|(a, b, c)| vec![a, b, c])
}

const SLICED_COVERAGE: [&str; 4] = ["found", "no path", "partial", "three calls or more"];

fn sliced_graphs<C: GenCost>(name: &str) {
    let tally = Tally::default();
    let strategy = (
        graph_spec::<C>(false),
        0usize..6,
        limit_spec(true),
        budgets(),
    );
    common::run_property_with(
        name,
        REGRESSIONS,
        cases(),
        strategy,
        |(spec, h, limit, budgets)| {
            let inst = graph_instance(&spec);
            let table = inst.table(HChoice::ALL[h], None);
            let limit = limit.resolve(&inst);
            check_sliced_equals_run(&inst, &table, limit, &budgets, &tally);
        },
    );
    tally.require(name, &SLICED_COVERAGE);
}

fn sliced_grids<C: GenCost + GridCost>(name: &str) {
    let tally = Tally::default();
    let strategy = (
        grid_spec::<C>(false),
        0usize..6,
        limit_spec(true),
        budgets(),
    );
    common::run_property_with(
        name,
        REGRESSIONS,
        cases(),
        strategy,
        |(spec, h, limit, budgets)| {
            let Some(inst) = grid_instance(&spec) else {
                return;
            };
            let table = inst.table(HChoice::ALL[h], Some(&grid_h(&inst)));
            let limit = limit.resolve(&inst);
            check_sliced_equals_run(&inst, &table, limit, &budgets, &tally);
        },
    );
    tally.require(name, &SLICED_COVERAGE);
}

#[test]
fn sliced_equals_run_graphs_u32() {
    sliced_graphs::<u32>("sliced_equals_run_graphs_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn sliced_equals_run_graphs_f64() {
    sliced_graphs::<f64>("sliced_equals_run_graphs_f64");
}

#[test]
fn sliced_equals_run_grids_u64() {
    sliced_grids::<u64>("sliced_equals_run_grids_u64");
}

#[test]
fn sliced_equals_run_grids_f32() {
    sliced_grids::<f32>("sliced_equals_run_grids_f32");
}

/// (b) Several starts, no limit, an admissible heuristic, through `search`
/// (the default structures).
fn check_several_starts<G: DenseIds>(inst: &Instance<G>, h: &[G::Cost], tally: &Tally) {
    let r = pathseek::search(&inst.graph, query(inst, h));
    check_against_dijkstra(inst, &r, true, "several starts");
    match &r.outcome {
        Outcome::Found(p) => {
            tally.add("found");
            if p.nodes[0] != inst.starts[0].0 {
                tally.add("a path from another start than the first");
            }
            if inst.initial(p.nodes[0]) > Some(G::Cost::from_count(0)) {
                tally.add("a path from a start with an initial cost");
            }
            if inst.distinct_starts() > 1 && p.nodes.len() > 2 {
                tally.add("a longer path among several starts");
            }
        }
        Outcome::NoPath => tally.add("no path"),
        other => panic!("{other:?}"),
    }
}

const SEVERAL_STARTS_COVERAGE: [&str; 5] = [
    "found",
    "no path",
    "a path from another start than the first",
    "a path from a start with an initial cost",
    "a longer path among several starts",
];

fn several_starts_graphs<C: GenCost>(name: &str) {
    let tally = Tally::default();
    let strategy = (graph_spec::<C>(false), 0usize..5);
    common::run_property_with(name, REGRESSIONS, cases(), strategy, |(spec, h)| {
        let inst = graph_instance(&spec);
        let table = inst.table(HChoice::ADMISSIBLE[h], None);
        check_several_starts(&inst, &table, &tally);
    });
    tally.require(name, &SEVERAL_STARTS_COVERAGE);
}

fn several_starts_grids<C: GenCost + GridCost>(name: &str) {
    let tally = Tally::default();
    let strategy = (grid_spec::<C>(false), 0usize..5);
    common::run_property_with(name, REGRESSIONS, cases(), strategy, |(spec, h)| {
        let Some(inst) = grid_instance(&spec) else {
            return;
        };
        let table = inst.table(HChoice::ADMISSIBLE[h], Some(&grid_h(&inst)));
        check_several_starts(&inst, &table, &tally);
    });
    tally.require(name, &SEVERAL_STARTS_COVERAGE);
}

#[test]
fn several_starts_graphs_u64() {
    several_starts_graphs::<u64>("several_starts_graphs_u64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn several_starts_graphs_f32() {
    several_starts_graphs::<f32>("several_starts_graphs_f32");
}

#[test]
fn several_starts_grids_u32() {
    several_starts_grids::<u32>("several_starts_grids_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn several_starts_grids_f64() {
    several_starts_grids::<f64>("several_starts_grids_f64");
}

const LIMITS_COVERAGE: [&str; 6] = [
    "found",
    "no path",
    "partial by expansions",
    "partial by stored",
    "partial by cost",
    "a partial path of 3 nodes or more",
];

/// (c) on graphs. `any_h`: any initial costs and admissible, possibly
/// inconsistent, heuristics (see `partial_cost_follows_*` in `tests/search/query.rs`).
fn limits_graphs<C: GenCost>(name: &str, any_h: bool) {
    let tally = Tally::default();
    let strategy = (graph_spec::<C>(!any_h), 0usize..5, limit_spec(false));
    common::run_property_with(name, REGRESSIONS, cases(), strategy, |(spec, h, limit)| {
        let inst = graph_instance(&spec);
        let choice = if any_h {
            HChoice::ADMISSIBLE[h]
        } else {
            HChoice::CONSISTENT[h % 4]
        };
        let table = inst.table(choice, None);
        check_limit(&inst, &table, limit.resolve(&inst), true, &tally);
    });
    tally.require(name, &LIMITS_COVERAGE);
}

fn limits_grids<C: GenCost + GridCost>(name: &str, any_h: bool) {
    let tally = Tally::default();
    let strategy = (grid_spec::<C>(!any_h), 0usize..5, limit_spec(false));
    common::run_property_with(name, REGRESSIONS, cases(), strategy, |(spec, h, limit)| {
        let Some(inst) = grid_instance(&spec) else {
            return;
        };
        let choice = if any_h {
            HChoice::ADMISSIBLE[h]
        } else {
            HChoice::CONSISTENT[h % 4]
        };
        let table = inst.table(choice, Some(&grid_h(&inst)));
        check_limit(&inst, &table, limit.resolve(&inst), true, &tally);
    });
    tally.require(name, &LIMITS_COVERAGE);
}

#[test]
fn limits_graphs_u32() {
    limits_graphs::<u32>("limits_graphs_u32", false);
}

#[test]
#[cfg(feature = "deep-tests")]
fn limits_graphs_f64() {
    limits_graphs::<f64>("limits_graphs_f64", false);
}

#[test]
fn limits_grids_u32() {
    limits_grids::<u32>("limits_grids_u32", false);
}

#[test]
#[cfg(feature = "deep-tests")]
fn limits_grids_f64() {
    limits_grids::<f64>("limits_grids_f64", false);
}

#[test]
fn limits_with_initial_costs_and_inconsistent_heuristics() {
    limits_graphs::<u32>("limits_with_initial_costs_graphs_u32", true);
    limits_grids::<u32>("limits_with_initial_costs_grids_u32", true);
}

/// (d) Edits between calls on random grids.
fn edits<C: GenCost + GridCost>(name: &str) {
    let tally = Tally::default();
    let edit = (1u64..=20, any::<Index>(), any::<bool>());
    let strategy = (
        grid_spec::<C>(false),
        0usize..6,
        prop::collection::vec(edit, 1..=4),
    );
    common::run_property_with(name, REGRESSIONS, cases(), strategy, |(spec, h, edits)| {
        let Some(inst) = grid_instance(&spec) else {
            return;
        };
        let table = inst.table(HChoice::ALL[h], Some(&grid_h(&inst)));
        check_edits(&inst, &table, &edits, &tally);
    });
    tally.require(name, &["an edit", "an edit that changed the outcome"]);
}

#[test]
fn edits_between_calls_grids_u32() {
    edits::<u32>("edits_between_calls_grids_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn edits_between_calls_grids_f64() {
    edits::<f64>("edits_between_calls_grids_f64");
}
