//! The sorted/unsorted vectors, splay tree, indexed array and two-level set through
//! the real A* core: on random graphs with an admissible but inconsistent heuristic
//! (so closed nodes get reopened) every structure must find the same path cost as
//! the default binary heap and as a reference Dijkstra.

use pathseek::closed_set::{HashStore, IndexedStore};
use pathseek::open_set::{
    BinaryHeap, IndexedArray, OpenSet, SortedVec, SplayTree, TwoLevel, UnsortedVec,
};
use pathseek::{AStar, AdjacencyList, Cost};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }
}

/// A random directed graph and the true distance of every node to each goal.
struct Case<C> {
    graph: AdjacencyList<C>,
    /// `(start, goal, true distance start -> goal, heuristic per node)`.
    queries: Vec<(u32, u32, Option<C>, Vec<C>)>,
}

/// Distances from every node to `goal` (Dijkstra on the reversed edges, O(n^2)).
fn distances_to<C: Cost>(n: usize, edges: &[(u32, u32, C)], goal: u32) -> Vec<Option<C>> {
    let mut rev: Vec<Vec<(u32, C)>> = vec![Vec::new(); n];
    for &(a, b, c) in edges {
        rev[b as usize].push((a, c));
    }
    let mut dist: Vec<Option<C>> = vec![None; n];
    let mut done = vec![false; n];
    dist[goal as usize] = Some(C::zero());
    loop {
        let mut best: Option<usize> = None;
        for v in 0..n {
            if !done[v] && dist[v].is_some() && best.is_none_or(|b| dist[v] < dist[b]) {
                best = Some(v);
            }
        }
        let Some(u) = best else { break };
        done[u] = true;
        let du = dist[u].unwrap();
        for &(p, c) in &rev[u] {
            let nd = du + c;
            if dist[p as usize].is_none_or(|old| nd < old) {
                dist[p as usize] = Some(nd);
            }
        }
    }
    dist
}

/// `cost(rng)` draws an edge cost; `shrink(d, rng)` an admissible value `<= d`.
fn make_case<C: Cost>(
    seed: u64,
    n: usize,
    cost: impl Fn(&mut Lcg) -> C,
    shrink: impl Fn(C, &mut Lcg) -> C,
) -> Case<C> {
    let mut rng = Lcg(seed);
    let mut edges = Vec::new();
    for a in 0..n as u32 {
        for _ in 0..1 + rng.next(5) {
            let b = rng.next(n as u64) as u32;
            edges.push((a, b, cost(&mut rng)));
        }
        // A backbone so most queries have a path.
        edges.push((a, (a + 1) % n as u32, cost(&mut rng)));
    }
    let graph = AdjacencyList::from_edges(n, edges.iter().copied()).unwrap();
    let mut queries = Vec::new();
    for _ in 0..6 {
        let start = rng.next(n as u64) as u32;
        let goal = rng.next(n as u64) as u32;
        let dist = distances_to(n, &edges, goal);
        // Each node gets a random fraction of its true distance: admissible, and
        // inconsistent because neighbours get unrelated fractions.
        let h = dist
            .iter()
            .map(|d| d.map_or(C::zero(), |d| shrink(d, &mut rng)))
            .collect();
        queries.push((start, goal, dist[start as usize], h));
    }
    Case { graph, queries }
}

fn int_case(seed: u64) -> Case<u32> {
    make_case(
        seed,
        160,
        |r| 1 + r.next(30) as u32,
        |d, r| d * r.next(9) as u32 / 8,
    )
}

/// Dyadic costs (multiples of 1/8): every sum is exact, so costs compare exactly.
fn dyadic_case(seed: u64) -> Case<f64> {
    make_case(
        seed,
        160,
        |r| (1 + r.next(40)) as f64 / 8.0,
        |d, r| d * r.next(9) as f64 / 8.0,
    )
}

/// Arbitrary float costs: sums round, so costs compare with a tolerance and the
/// heuristic keeps a little slack below the true distance.
fn float_case(seed: u64) -> Case<f64> {
    make_case(
        seed,
        160,
        |r| 1.0 + r.next(1 << 30) as f64 / (1u64 << 30) as f64 * 9.0,
        |d, r| d * 0.999 * r.next(1001) as f64 / 1000.0,
    )
}

/// Runs every query of `case` on `engine` (reused across queries and cases) and
/// returns the path costs plus the number of reopenings.
fn costs<C, O>(engine: &mut AStar<O, IndexedStore<C>>, case: &Case<C>) -> (Vec<Option<C>>, u64)
where
    C: Cost,
    O: OpenSet<C>,
{
    let mut reopened = 0;
    let out = case
        .queries
        .iter()
        .map(|(start, goal, _, h)| {
            let r = engine.search(&case.graph, *start, *goal, |n: u32| h[n as usize]);
            assert!(r.error().is_none(), "{:?}", r.error());
            reopened += r.stats.reopened;
            r.found().map(|p| p.cost)
        })
        .collect();
    (out, reopened)
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.abs().max(1.0),
        (None, None) => true,
        _ => false,
    }
}

macro_rules! through_core {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;

            /// One engine per structure, reused across all cases (exercises `clear`).
            fn check_exact<C: Cost>(cases: &[Case<C>], open: impl OpenSet<C>) {
                let mut reference = AStar::new(BinaryHeap::new(), IndexedStore::new());
                let mut engine = AStar::new(open, IndexedStore::new());
                let mut reopened = 0;
                for case in cases {
                    let (want, _) = costs(&mut reference, case);
                    for (w, q) in want.iter().zip(&case.queries) {
                        assert_eq!(*w, q.2, "binary heap vs Dijkstra");
                    }
                    let (got, r) = costs(&mut engine, case);
                    assert_eq!(got, want);
                    reopened += r;
                }
                assert!(reopened > 0, "the heuristic never caused a reopening");
            }

            #[test]
            fn integer_costs() {
                let cases: Vec<_> = (0..12).map(int_case).collect();
                check_exact(&cases, $make);
            }

            #[test]
            fn dyadic_float_costs() {
                let cases: Vec<_> = (100..112).map(dyadic_case).collect();
                check_exact(&cases, $make);
            }

            #[test]
            fn arbitrary_float_costs() {
                let mut reference = AStar::new(BinaryHeap::new(), IndexedStore::new());
                let mut engine = AStar::new($make, IndexedStore::new());
                let mut reopened = 0;
                for seed in 200..212 {
                    let case = float_case(seed);
                    let (want, _) = costs(&mut reference, &case);
                    let (got, r) = costs(&mut engine, &case);
                    reopened += r;
                    for ((w, g), q) in want.iter().zip(&got).zip(&case.queries) {
                        assert!(close(*w, q.2), "binary heap {w:?} vs Dijkstra {:?}", q.2);
                        assert!(close(*g, *w), "{g:?} vs binary heap {w:?}");
                    }
                }
                assert!(reopened > 0);
            }

            #[test]
            fn hash_store_too() {
                let case = int_case(7);
                let mut reference = AStar::new(BinaryHeap::new(), IndexedStore::new());
                let (want, _) = costs(&mut reference, &case);
                let mut engine = AStar::new($make, HashStore::new());
                for ((start, goal, _, h), w) in case.queries.iter().zip(want) {
                    let r = engine.search(&case.graph, *start, *goal, |n: u32| h[n as usize]);
                    assert_eq!(r.found().map(|p| p.cost), w);
                }
            }
        }
    };
}

through_core!(sorted_vec, SortedVec::new());
through_core!(unsorted_vec, UnsortedVec::new());
through_core!(splay_tree, SplayTree::new());
through_core!(indexed_array, IndexedArray::new());
through_core!(two_level, TwoLevel::new());
through_core!(two_level_tiny_top, TwoLevel::with_top_capacity(2));
