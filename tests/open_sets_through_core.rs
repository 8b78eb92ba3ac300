//! Every open set through the real A* core: on random grid-like graphs with
//! random integer and float costs and an admissible but inconsistent heuristic (so
//! nodes are reopened), each must find paths of exactly the cost the default
//! `BinaryHeap` finds.

use pathseek::closed_set::{HashStore, IndexedStore};
use pathseek::open_set::*;
use pathseek::{AStar, AdjacencyList, Cost, OpenSet};

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

/// A `w x h` 8-connected grid with ~15% blocked cells and symmetric random edge
/// costs from `cost(rng)`.
fn random_grid<C: Cost>(
    w: u32,
    h: u32,
    seed: u64,
    mut cost: impl FnMut(&mut Lcg) -> C,
) -> AdjacencyList<C> {
    let mut rng = Lcg(seed);
    let blocked: Vec<bool> = (0..w * h).map(|_| rng.next(100) < 15).collect();
    let mut g = AdjacencyList::new((w * h) as usize);
    for y in 0..h {
        for x in 0..w {
            let a = y * w + x;
            if blocked[a as usize] {
                continue;
            }
            for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (-1, 1)] {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                    continue;
                }
                let b = (ny as u32) * w + nx as u32;
                if blocked[b as usize] {
                    continue;
                }
                let c = cost(&mut rng);
                g.add_edge(a, b, c).unwrap();
                g.add_edge(b, a, c).unwrap();
            }
        }
    }
    g
}

/// Exact distances to `goal` (the graph is symmetric), by a plain Dijkstra.
fn distances_to<C: Cost>(g: &AdjacencyList<C>, goal: u32) -> Vec<Option<C>> {
    let mut dist: Vec<Option<C>> = vec![None; g.len()];
    let mut done = vec![false; g.len()];
    let mut heap = BinaryHeap::new();
    dist[goal as usize] = Some(C::zero());
    heap.push(Entry {
        f: C::zero(),
        g: C::zero(),
        slot: goal,
    });
    while let Some(e) = heap.pop() {
        if done[e.slot as usize] {
            continue;
        }
        done[e.slot as usize] = true;
        for &(to, c) in g.edges(e.slot) {
            let d = e.f + c;
            if dist[to as usize].is_none_or(|old| d < old) {
                dist[to as usize] = Some(d);
                heap.push(Entry {
                    f: d,
                    g: C::zero(),
                    slot: to,
                });
            }
        }
    }
    dist
}

/// Admissible but inconsistent: the exact distance scaled by a per-node factor in
/// {0, 1/4, 1/2, 3/4, 1}, so neighbours disagree wildly.
fn inconsistent_heuristic<C: Cost>(dist: &[Option<C>], seed: u64) -> Vec<C> {
    let mut rng = Lcg(seed);
    dist.iter()
        .map(|d| {
            let d = d.unwrap_or_else(C::zero);
            let k = rng.next(5);
            let four = C::from_count(4);
            if k == 4 {
                d
            } else {
                d * C::from_count(k) / four
            }
        })
        .collect()
}

fn compare_on<C: Cost, O: OpenSet<C>>(
    g: &AdjacencyList<C>,
    name: &str,
    open: O,
    pairs: &[(u32, u32, Vec<C>)],
) -> u64 {
    let mut reference = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut engine = AStar::new(open, IndexedStore::new());
    let mut reopened = 0;
    for (start, goal, h) in pairs {
        let want = reference.search(g, *start, *goal, |n| h[n as usize]);
        let got = engine.search(g, *start, *goal, |n| h[n as usize]);
        let (want_cost, got_cost) = (want.found().map(|p| p.cost), got.found().map(|p| p.cost));
        assert_eq!(got_cost, want_cost, "{name}: {start} -> {goal}");
        if let Some(p) = got.found() {
            // The path is real: consecutive nodes are linked and the costs add up.
            let mut sum = C::zero();
            for w in p.nodes.windows(2) {
                sum = sum
                    + g.edges(w[0])
                        .iter()
                        .filter(|e| e.0 == w[1])
                        .map(|e| e.1)
                        .fold(C::max_value(), |a, b| if b < a { b } else { a });
            }
            assert_eq!(sum, p.cost, "{name}: path cost");
        }
        reopened += got.stats.reopened;
    }
    reopened
}

fn pairs<C: Cost>(g: &AdjacencyList<C>, n: usize, seed: u64) -> Vec<(u32, u32, Vec<C>)> {
    let mut rng = Lcg(seed);
    (0..n)
        .map(|i| {
            let start = rng.next(g.len() as u64) as u32;
            let goal = rng.next(g.len() as u64) as u32;
            let dist = distances_to(g, goal);
            (start, goal, inconsistent_heuristic(&dist, seed + i as u64))
        })
        .collect()
}

macro_rules! every_open_set {
    ($g:expr, $pairs:expr) => {{
        let (g, p) = (&$g, &$pairs);
        let mut reopened = 0;
        reopened += compare_on(g, "LazyBinaryHeap", LazyBinaryHeap::new(), p);
        reopened += compare_on(g, "LazyDaryHeap<2>", LazyDaryHeap::<_, 2>::new(), p);
        reopened += compare_on(g, "LazyDaryHeap<4>", LazyDaryHeap::<_, 4>::new(), p);
        reopened += compare_on(g, "LazyDaryHeap<8>", LazyDaryHeap::<_, 8>::new(), p);
        reopened += compare_on(g, "BinaryHeap", BinaryHeap::new(), p);
        reopened += compare_on(g, "DaryHeap<4>", DaryHeap::<_, 4>::new(), p);
        reopened += compare_on(g, "DaryHeap<8>", DaryHeap::<_, 8>::new(), p);
        reopened += compare_on(g, "HotQueue default", HotQueue::default(), p);
        reopened += compare_on(
            g,
            "HotQueue tuned",
            HotQueue::for_max_edge_cost(Cost::from_count(20)),
            p,
        );
        reopened += compare_on(
            g,
            "HotQueue narrow",
            HotQueue::new(Cost::from_count(1), 2).unwrap(),
            p,
        );
        reopened += compare_on(g, "RadixHeap", RadixHeap::new(), p);
        assert!(
            reopened > 0,
            "the heuristic must be inconsistent enough to reopen nodes"
        );
    }};
}

#[test]
fn integer_costs() {
    for seed in 1..4 {
        let g = random_grid::<u32>(40, 30, seed, |r| 1 + r.next(20) as u32);
        let p = pairs(&g, 12, seed * 100);
        every_open_set!(g, p);
    }
}

#[test]
fn dyadic_float_costs_are_exact() {
    // Quarters are exact in f64, so every optimal path has bit-identical cost.
    for seed in 1..4 {
        let g = random_grid::<f64>(40, 30, seed, |r| (1 + r.next(80)) as f64 / 4.0);
        let p = pairs(&g, 12, seed * 77);
        every_open_set!(g, p);
    }
}

#[test]
fn arbitrary_float_costs_agree_closely() {
    // With arbitrary floats, equal-cost paths summed in another order may differ in
    // the last bits, so compare with a tolerance.
    let g = random_grid::<f64>(40, 30, 9, |r| 0.1 + r.next(1 << 20) as f64 / 65_536.0);
    let p = pairs(&g, 12, 5);
    let mut reference = AStar::new(BinaryHeap::new(), HashStore::new());
    let opens: Vec<(&str, Runner)> = vec![
        ("LazyBinaryHeap", run_with(&g, LazyBinaryHeap::new())),
        ("LazyDaryHeap<4>", run_with(&g, LazyDaryHeap::<_, 4>::new())),
        ("HotQueue", run_with(&g, HotQueue::for_max_edge_cost(16.0))),
        ("RadixHeap", run_with(&g, RadixHeap::new())),
    ];
    for (name, mut run) in opens {
        for q in &p {
            let want = reference
                .search(&g, q.0, q.1, |n| q.2[n as usize])
                .found()
                .map(|p| p.cost);
            let got = run(q);
            match (want, got) {
                (Some(a), Some(b)) => {
                    assert!((a - b).abs() <= 1e-9 * a.max(1.0), "{name}: {a} vs {b}")
                }
                (a, b) => assert_eq!(a, b, "{name}"),
            }
        }
    }
}

/// A query: start, goal, and the heuristic value of every node.
type Query = (u32, u32, Vec<f64>);
/// Answers a query with one engine: the path cost, if any.
type Runner<'g> = Box<dyn FnMut(&Query) -> Option<f64> + 'g>;

fn run_with<'g, O: OpenSet<f64> + 'g>(g: &'g AdjacencyList<f64>, open: O) -> Runner<'g> {
    let mut engine = AStar::new(open, IndexedStore::new());
    Box::new(move |q| {
        engine
            .search(g, q.0, q.1, |n| q.2[n as usize])
            .found()
            .map(|p| p.cost)
    })
}
