//! Shared test helpers: a deterministic RNG, a reference Dijkstra written without
//! the library's core or open sets, graph conversion, path validation, the open
//! sets and stores every test runs on (the library's registries plus test-only
//! stress configurations), the pairing of open sets with stores, the
//! conformance suites and property drivers, and the proptest configuration.
//!
//! Used as `#[macro_use] mod common;` by the test files; not every file uses every
//! helper.
#![allow(dead_code, unused_macros)]

pub mod any_angle_reference;
pub mod cell_mesh;
pub mod edit_costs;
pub mod goal_bounds;
pub mod graph_props;
pub mod grid_props;
pub mod hex_model;
pub mod jump_props;
pub mod mesh_reference;
pub mod open_set_suite;
pub mod segments;
pub mod store_suite;

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap as StdHeap;
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

use pathseek::open_set::{HotQueue, OpenSetVisitor, TwoLevel};
use pathseek::store::{visit_closed_sets, ClosedSetVisitor};
use pathseek::{ClosedSet, Cost, DenseIds, Graph, OpenSet};
use proptest::test_runner::{Config, FileFailurePersistence};

// ---------------------------------------------------------------------------
// Random numbers
// ---------------------------------------------------------------------------

/// A small deterministic generator (64-bit LCG, high bits out), so failures
/// reproduce from the seed alone.
#[derive(Clone, Debug)]
pub struct Lcg(pub u64);

impl Lcg {
    /// A value in `0..bound` (`bound > 0`).
    pub fn next(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }

    /// A value in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next(hi - lo + 1)
    }
}

// ---------------------------------------------------------------------------
// Test data
// ---------------------------------------------------------------------------

/// A file in `tests/data` (copied MovingAI maps, see its PROVENANCE.md).
pub fn data(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The map `name.map` and its scenarios `name.map.scen` from `tests/data`.
pub fn load_movingai(
    name: &str,
) -> (
    pathseek::io::movingai::MovingAiMap,
    Vec<pathseek::io::movingai::Scenario>,
) {
    let map = pathseek::io::movingai::MovingAiMap::load(data(&format!("{name}.map"))).unwrap();
    let scen = pathseek::io::movingai::load_scenarios(data(&format!("{name}.map.scen"))).unwrap();
    (map, scen)
}

// ---------------------------------------------------------------------------
// Reference shortest paths
// ---------------------------------------------------------------------------

/// An explicit copy of a graph: `adj[i]` lists `(j, cost)` for every edge `i -> j`,
/// nodes by dense id. Built from the `Graph` trait only (never the search core).
pub type Adjacency<C> = Vec<Vec<(usize, C)>>;

/// Every edge of a graph with dense ids, by id.
pub fn adjacency<G: Graph>(graph: &G) -> Adjacency<G::Cost> {
    let ids = graph.dense_ids().expect("dense ids");
    let n = ids.node_count();
    let mut adj = vec![Vec::new(); n];
    for (i, out) in adj.iter_mut().enumerate() {
        let node = ids.node_at(i).expect("node_at inverts node_index");
        if !graph.contains(node) {
            continue;
        }
        graph.successors(node, |succ, cost| {
            out.push((ids.node_index(succ).expect("successor has an id"), cost))
        });
    }
    adj
}

/// The same edges, reversed.
pub fn reversed<C: Copy>(adj: &Adjacency<C>) -> Adjacency<C> {
    let mut rev = vec![Vec::new(); adj.len()];
    for (a, out) in adj.iter().enumerate() {
        for &(b, c) in out {
            rev[b].push((a, c));
        }
    }
    rev
}

/// A cost with a total order for `std::collections::BinaryHeap` (costs here are
/// never NaN).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Ordered<C>(C);
impl<C: PartialOrd> Eq for Ordered<C> {}
impl<C: PartialOrd> PartialOrd for Ordered<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: PartialOrd> Ord for Ordered<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.partial_cmp(&other.0).expect("no NaN costs")
    }
}

/// Plain Dijkstra from `source` over `adj` with std's binary heap (lazy deletion):
/// the distance of every node, `None` when unreachable. Independent of pathseek's
/// core and open sets.
pub fn dijkstra<C: Cost>(adj: &Adjacency<C>, source: usize) -> Vec<Option<C>> {
    let mut dist: Vec<Option<C>> = vec![None; adj.len()];
    let mut done = vec![false; adj.len()];
    let mut heap = StdHeap::new();
    dist[source] = Some(C::zero());
    heap.push(Reverse((Ordered(C::zero()), source)));
    while let Some(Reverse((Ordered(d), u))) = heap.pop() {
        if done[u] {
            continue;
        }
        done[u] = true;
        for &(v, c) in &adj[u] {
            let nd = d + c;
            if dist[v].is_none_or(|old| nd < old) {
                dist[v] = Some(nd);
                heap.push(Reverse((Ordered(nd), v)));
            }
        }
    }
    dist
}

/// The cheapest edge `a -> b`, if any (parallel edges: the cheapest one).
pub fn cheapest_edge<C: Cost>(adj: &Adjacency<C>, a: usize, b: usize) -> Option<C> {
    adj[a]
        .iter()
        .filter(|e| e.0 == b)
        .map(|e| e.1)
        .fold(None, |best: Option<C>, c| match best {
            Some(x) if x <= c => Some(x),
            _ => Some(c),
        })
}

/// Checks that `nodes` runs from `start` to `goal` along edges of `adj` and returns
/// the sum of its (cheapest) edge costs, added in path order as the core adds them.
pub fn path_cost<C: Cost>(
    adj: &Adjacency<C>,
    nodes: &[usize],
    start: usize,
    goal: usize,
) -> Result<C, String> {
    if nodes.first() != Some(&start) {
        return Err(format!(
            "path {nodes:?} does not begin at the start {start}"
        ));
    }
    if nodes.last() != Some(&goal) {
        return Err(format!("path {nodes:?} does not end at the goal {goal}"));
    }
    let mut sum = C::zero();
    for w in nodes.windows(2) {
        match cheapest_edge(adj, w[0], w[1]) {
            Some(c) => sum = sum + c,
            None => return Err(format!("path step {} -> {} is not an edge", w[0], w[1])),
        }
    }
    Ok(sum)
}

/// `a` equals `b` up to `rel` relative error (exactly for `rel == 0`).
pub fn close<C: Cost>(a: C, b: C, rel: f64) -> bool {
    if rel == 0.0 {
        return a == b;
    }
    let (x, y) = (a.as_f64(), b.as_f64());
    (x - y).abs() <= rel * x.abs().max(y.abs()).max(1.0)
}

/// The relative tolerance for comparing path costs of type `C` that were summed
/// in different orders: 0 for integers, 1e-9 for `f64`, 1e-4 for `f32`.
pub fn tolerance<C: Cost>() -> f64 {
    if C::one() / (C::one() + C::one()) == C::zero() {
        0.0
    } else if std::mem::size_of::<C>() == 4 {
        1e-4
    } else {
        1e-9
    }
}

/// `true` for integer cost types.
pub fn is_integer<C: Cost>() -> bool {
    C::one() / (C::one() + C::one()) == C::zero()
}

// ---------------------------------------------------------------------------
// Heuristics built from exact distances
// ---------------------------------------------------------------------------

/// How a per-node heuristic table is derived from the exact distances to the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HKind {
    /// h = 0: A* is Dijkstra.
    Zero,
    /// h = the exact distance (from a reverse Dijkstra).
    Exact,
    /// h = floor(exact * num / 8) with one `num` in 0..=8 for all nodes: admissible
    /// and consistent (also after integer rounding down).
    Fraction,
    /// h = a per-node random fraction of the exact distance: admissible, and
    /// inconsistent because neighbours get unrelated fractions (forces reopening).
    RandomFraction,
    /// h = exact times a per-node factor in 1.5..=3: inadmissible.
    Inflated,
}

impl HKind {
    pub const ALL: [HKind; 5] = [
        HKind::Zero,
        HKind::Exact,
        HKind::Fraction,
        HKind::RandomFraction,
        HKind::Inflated,
    ];
    pub fn admissible(self) -> bool {
        self != HKind::Inflated
    }
    pub fn consistent(self) -> bool {
        matches!(self, HKind::Zero | HKind::Exact | HKind::Fraction)
    }
}

/// The heuristic value for nodes that cannot reach the goal (any value is
/// admissible there; a large one keeps them at the back of the queue).
pub fn unreachable_h<C: Cost>() -> C {
    // 2^30, or a quarter of the largest value for types whose range is
    // smaller (`Length`): large, but room left to add a path's g.
    let big = C::from_count(1 << 30);
    let quarter = C::max_value() / C::from_count(4);
    if big < quarter {
        big
    } else {
        quarter
    }
}

/// A per-node heuristic table of kind `kind` from the exact distances `dist` to the
/// goal; `seed` draws the random fractions.
pub fn heuristic_table<C: Cost>(dist: &[Option<C>], kind: HKind, seed: u64) -> Vec<C> {
    let mut rng = Lcg(seed ^ 0x9e37_79b9_7f4a_7c15);
    let eight = C::from_count(8);
    // d * k / 8, rounded down for integers, without overflowing d * k.
    let scale = |d: C, k: u64| {
        let k = C::from_count(k);
        if is_integer::<C>() {
            d / eight * k + d % eight * k / eight
        } else {
            d * k / eight
        }
    };
    let num = rng.next(9);
    dist.iter()
        .map(|d| {
            let Some(d) = *d else {
                return if kind == HKind::Zero {
                    C::zero()
                } else {
                    unreachable_h()
                };
            };
            match kind {
                HKind::Zero => C::zero(),
                HKind::Exact => d,
                HKind::Fraction => scale(d, num),
                HKind::RandomFraction => scale(d, rng.next(9)),
                // 12..=24 eighths: 1.5 to 3 times the exact distance.
                HKind::Inflated => scale(d, rng.range(12, 24)),
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Case counting (for reporting when a property first failed)
// ---------------------------------------------------------------------------

/// Counts the cases a property ran and remembers the number of the first one that
/// failed (panicked), before proptest starts shrinking.
pub struct CaseCounter {
    pub ran: AtomicU64,
    pub first_failure: AtomicU64,
}

impl CaseCounter {
    pub const fn new() -> Self {
        CaseCounter {
            ran: AtomicU64::new(0),
            first_failure: AtomicU64::new(0),
        }
    }
    /// Call at the start of each case; the guard records a panic in that case.
    pub fn case(&self) -> CaseGuard<'_> {
        let n = self.ran.fetch_add(1, AtomicOrdering::Relaxed) + 1;
        CaseGuard { counter: self, n }
    }
    pub fn ran(&self) -> u64 {
        self.ran.load(AtomicOrdering::Relaxed)
    }
    pub fn first_failure(&self) -> Option<u64> {
        match self.first_failure.load(AtomicOrdering::Relaxed) {
            0 => None,
            n => Some(n),
        }
    }
}

pub struct CaseGuard<'a> {
    counter: &'a CaseCounter,
    n: u64,
}

impl Drop for CaseGuard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.counter.first_failure.compare_exchange(
                0,
                self.n,
                AtomicOrdering::Relaxed,
                AtomicOrdering::Relaxed,
            );
        }
    }
}

/// The path of a test file's regressions file, `tests/proptest-regressions/<name>.txt`
/// (proptest's default location needs a `lib.rs` next to the test, which
/// integration tests lack).
macro_rules! regressions_file {
    ($name:literal) => {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/proptest-regressions/",
            $name,
            ".txt"
        )
    };
}

/// How many cases a property runs in this tier, for `deep` cases in the deep
/// tier (the `deep-tests` feature): a quarter of them (at least one) in the
/// default tier, which keeps every property but leaves the high case counts
/// to the deep tier. With `PROPTEST_CASES` set, `deep` as it is in both.
pub fn tier_cases(deep: u32) -> u32 {
    if cfg!(feature = "deep-tests") || std::env::var_os("PROPTEST_CASES").is_some() {
        deep
    } else {
        (deep / 4).max(1)
    }
}

/// The proptest configuration of every property: proptest's default (256
/// cases, or `PROPTEST_CASES` from the environment; `Config::default()` reads
/// it) through [`tier_cases`], failing seeds saved to `regressions`.
pub fn config(regressions: &'static str) -> Config {
    Config {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(regressions))),
        cases: tier_cases(Config::default().cases),
        ..Config::default()
    }
}

/// The number of cases a property runs by default: proptest's (256, or
/// `PROPTEST_CASES`), before [`tier_cases`].
pub fn cases() -> u32 {
    Config::default().cases
}

/// Runs `test` on `strategy` with [`config`] (`regressions` from
/// `regressions_file!`) and panics with proptest's minimal
/// failing input and the number of the first failing case (counting from 1,
/// before shrinking) if it fails. Returns the number of cases run.
pub fn run_property<S: proptest::strategy::Strategy>(
    name: &str,
    regressions: &'static str,
    strategy: S,
    test: impl Fn(S::Value),
) -> u64
where
    S::Value: std::fmt::Debug,
{
    run_property_with(name, regressions, cases(), strategy, test)
}

thread_local! {
    /// Reopenings seen with the inconsistent heuristic over the cases of the
    /// property running on this thread (a suite must actually exercise reopening).
    static REOPENED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Adds `n` to the reopenings counted by [`run_property_counting_reopened`].
pub fn count_reopened(n: u64) {
    REOPENED.with(|r| r.set(r.get() + n));
}

/// [`run_property_with`], returning the reopenings the cases reported through
/// [`count_reopened`].
pub fn run_property_counting_reopened<S: proptest::strategy::Strategy>(
    name: &str,
    regressions: &'static str,
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value),
) -> u64
where
    S::Value: std::fmt::Debug,
{
    REOPENED.with(|r| r.set(0));
    run_property_with(name, regressions, cases, strategy, test);
    REOPENED.with(std::cell::Cell::get)
}

/// [`run_property`] with `cases` cases instead of the default.
pub fn run_property_with<S: proptest::strategy::Strategy>(
    name: &str,
    regressions: &'static str,
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value),
) -> u64
where
    S::Value: std::fmt::Debug,
{
    let counter = CaseCounter::new();
    let config = Config {
        cases: tier_cases(cases.max(1)),
        ..config(regressions)
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let result = runner.run(&strategy, |value| {
        let _guard = counter.case();
        test(value);
        Ok(())
    });
    if let Err(e) = result {
        panic!(
            "property `{name}` failed; first failing case: #{} (of {} runs including \
             shrinking and persisted regressions)\n{e}",
            counter
                .first_failure()
                .map_or("?".to_string(), |n| n.to_string()),
            counter.ran()
        );
    }
    if std::env::var_os("PATHSEEK_PROP_VERBOSE").is_some() {
        eprintln!("property `{name}`: {} cases passed", counter.ran());
    }
    counter.ran()
}

// ---------------------------------------------------------------------------
// The open sets and stores
// ---------------------------------------------------------------------------

/// The test-only stress configurations run after the registry's open sets:
/// a HOT queue with one-unit buckets and a two-bucket ring (almost every key
/// overflows), and a two-level set whose top holds two entries (refills all
/// the time).
pub const STRESS_EXTRAS: &[&str] = &["HotQueue narrow", "TwoLevel top 2"];

/// Every open set the tests run on: the library's registry
/// (`pathseek::open_set::visit_open_sets`, `max_edge` tuning the HOT queue),
/// then [`STRESS_EXTRAS`].
pub fn visit_open_sets<C: Cost, V: OpenSetVisitor<C>>(visitor: &mut V, max_edge: C) {
    pathseek::open_set::visit_open_sets(visitor, max_edge);
    visitor.visit("HotQueue narrow", &|| {
        HotQueue::new(C::from_count(1), 2).expect("a valid HOT queue")
    });
    visitor.visit("TwoLevel top 2", &|| TwoLevel::with_top_capacity(2));
}

/// A test case that checks one engine configuration (an open set and a node
/// store, each from its constructor), so that one driver pairs any open sets
/// with any stores.
pub trait PairCheck {
    /// The graph the case searches.
    type G: DenseIds;
    /// The largest edge cost of the graph (tunes the HOT queue).
    fn max_edge(&self) -> <Self::G as Graph>::Cost;
    /// Runs every check of the case on engines built from `make_open` and
    /// `make_store`; `label` names the pair in failure messages.
    fn check<O, S>(&self, label: &str, make_open: &dyn Fn() -> O, make_store: &dyn Fn() -> S)
    where
        O: OpenSet<<Self::G as Graph>::Cost>,
        S: ClosedSet<Self::G>;
}

/// `open` behind a `Box<dyn OpenSet>`: the property drivers run every open set
/// through one compiled copy of the search per store and cost type, which
/// keeps the test build short (the open sets' own code is what differs).
pub fn boxed<C: Cost, O: OpenSet<C> + 'static>(open: O) -> Box<dyn OpenSet<C>> {
    Box::new(open)
}

/// Checks every open set ([`visit_open_sets`]) with every registry store.
pub fn check_every_pair<P: PairCheck>(case: &P) {
    struct EveryOpenSet<'a, P>(&'a P);
    impl<P: PairCheck> OpenSetVisitor<<P::G as Graph>::Cost> for EveryOpenSet<'_, P> {
        fn visit<O: OpenSet<<P::G as Graph>::Cost> + 'static>(
            &mut self,
            name: &'static str,
            make: &dyn Fn() -> O,
        ) {
            // Boxed, so the checks are compiled once per store rather than once
            // per open set and store (the open set's own code is the same).
            check_with_open_set(self.0, name, &|| boxed(make()));
        }
    }
    visit_open_sets(&mut EveryOpenSet(case), case.max_edge());
}

/// Checks one open set with every registry store.
pub fn check_with_open_set<P: PairCheck, O: OpenSet<<P::G as Graph>::Cost>>(
    case: &P,
    open_name: &str,
    make_open: &dyn Fn() -> O,
) {
    struct EveryStore<'a, P, O> {
        case: &'a P,
        open_name: &'a str,
        make_open: &'a dyn Fn() -> O,
    }
    impl<P: PairCheck, O: OpenSet<<P::G as Graph>::Cost>> ClosedSetVisitor<P::G>
        for EveryStore<'_, P, O>
    {
        fn visit<S: ClosedSet<P::G>>(&mut self, name: &'static str, make: &dyn Fn() -> S) {
            let label = format!("{} + {name}", self.open_name);
            self.case.check(&label, self.make_open, make);
        }
    }
    visit_closed_sets(&mut EveryStore {
        case,
        open_name,
        make_open,
    });
}

/// Checks every open set ([`visit_open_sets`]) with one store.
pub fn check_with_store<P: PairCheck, S: ClosedSet<P::G>>(
    case: &P,
    store_name: &str,
    make_store: &dyn Fn() -> S,
) {
    struct EveryOpenSet<'a, P, S> {
        case: &'a P,
        store_name: &'a str,
        make_store: &'a dyn Fn() -> S,
    }
    impl<P: PairCheck, S: ClosedSet<P::G>> OpenSetVisitor<<P::G as Graph>::Cost>
        for EveryOpenSet<'_, P, S>
    {
        fn visit<O: OpenSet<<P::G as Graph>::Cost> + 'static>(
            &mut self,
            name: &'static str,
            make: &dyn Fn() -> O,
        ) {
            let label = format!("{name} + {}", self.store_name);
            self.case.check(&label, &|| boxed(make()), self.make_store);
        }
    }
    visit_open_sets(
        &mut EveryOpenSet {
            case,
            store_name,
            make_store,
        },
        case.max_edge(),
    );
}
