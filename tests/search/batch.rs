//! `pathseek::batch` (the `rayon` feature): a batch answers exactly what
//! one engine answers running the queries one after the other (statuses,
//! costs, paths, counters), on MovingAI maps and on random graphs, with
//! good and bad queries, limits and several starts; and a warm batch
//! allocates nothing, counted on every thread of the pool it runs on.

use pathseek::batch::{Batch, BatchResults};
use pathseek::grid::GridHeuristic;
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek::open_set::{BinaryHeap, DaryHeap, OpenSet};
use pathseek::store::{ClosedSet, HashStore, IndexedStore};
use pathseek::{AStar, Cell, Connectivity, Graph, GridCosts, Length, Query, StaticGraph, Status};

use crate::common::{data, Lcg};

/// A pool of `threads` threads of this test's own, so that what its
/// threads allocate is this test's alone.
fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
}

/// Runs `queries` one after the other on `engine` and checks every answer
/// of `results` against it: status, path and counters.
fn check_sequential<G, O, S, H>(
    graph: &G,
    queries: &[Query<G::Node, G::Cost, H>],
    mut engine: AStar<O, S, Query<G::Node, G::Cost, H>>,
    results: &BatchResults<G::Node, G::Cost>,
) where
    G: Graph,
    G::Node: Copy + Eq + std::hash::Hash + std::fmt::Debug,
    O: OpenSet<G::Cost>,
    S: ClosedSet<G>,
    H: pathseek::Heuristic<G::Node, G::Cost> + Clone,
{
    assert_eq!(results.len(), queries.len());
    let mut path = Vec::new();
    for (i, q) in queries.iter().enumerate() {
        let status = engine.search_into(graph, q.clone(), &mut path);
        assert_eq!(results.status(i), Some(&status), "query {i}");
        assert_eq!(results.path(i), Some(&path[..]), "query {i}");
        assert_eq!(results.stats(i), Some(engine.stats()), "query {i}");
    }
    assert_eq!(results.status(queries.len()), None);
    assert_eq!(results.path(queries.len()), None);
    let (statuses, paths): (Vec<_>, Vec<_>) = results.iter().unzip();
    assert_eq!(statuses.len(), queries.len());
    assert_eq!(paths.len(), queries.len());
}

type GridQuery = Query<Cell, Length, GridHeuristic<Length>>;

fn movingai_queries(map: &str) -> (pathseek::Grid<Length>, Vec<GridQuery>, Vec<Scenario>) {
    let grid = MovingAiMap::load(data(map))
        .unwrap()
        .to_grid(Connectivity::Eight, GridCosts::octile());
    let scenarios = movingai::load_scenarios(data(&format!("{map}.scen"))).unwrap();
    let queries = scenarios
        .iter()
        .map(|sc| Query::new(sc.start, sc.goal, GridHeuristic::new(&grid, sc.goal)))
        .collect();
    (grid, queries, scenarios)
}

#[test]
fn batch_answers_the_movingai_scenarios_as_one_engine_does() {
    let threads = pool(2);
    for map in ["den520d.map", "arena.map", "rmtst01.map"] {
        let (grid, queries, scenarios) = movingai_queries(map);
        let make = || AStar::new(DaryHeap::<Length, 4>::new(), IndexedStore::new());
        let mut batch = threads.install(|| Batch::new(make));
        assert_eq!(batch.workers(), 2);
        let mut results = BatchResults::new();
        // Twice on the same batch and results: the second batch must not
        // see anything of the first.
        for round in 0..2 {
            threads.install(|| batch.search(&grid, &queries, &mut results));
            check_sequential(&grid, &queries, make(), &results);
            // And they are right: the files' optimal lengths.
            for (i, sc) in scenarios.iter().enumerate() {
                match results.status(i) {
                    Some(Status::Found { cost }) => {
                        assert!(
                            sc.matches(cost.to_f64()),
                            "{map} scenario {i}, round {round}"
                        )
                    }
                    other => assert!(
                        sc.expects_no_path() && other == Some(&Status::NoPath),
                        "{map} scenario {i}: {other:?}"
                    ),
                }
            }
        }
        // A smaller batch after a larger one: only its answers.
        threads.install(|| batch.search(&grid, &queries[..5], &mut results));
        check_sequential(&grid, &queries[..5], make(), &results);
    }
}

#[test]
fn batch_on_the_global_pool_with_more_workers_than_threads() {
    let (grid, queries, _) = movingai_queries("arena.map");
    let make = || AStar::new(BinaryHeap::<Length>::new(), HashStore::new());
    let mut batch = Batch::with_workers(5, make);
    assert_eq!(batch.workers(), 5);
    let mut results = BatchResults::new();
    batch.search(&grid, &queries, &mut results);
    check_sequential(&grid, &queries, make(), &results);
    // An empty batch.
    batch.search(&grid, &[], &mut results);
    assert!(results.is_empty());
    assert_eq!(results.iter().len(), 0);
}

/// A heuristic of zero, named.
type Zero = fn(u32) -> u32;

/// A random directed graph of `n` nodes and about `3n` edges.
fn random_graph<C: pathseek::Cost>(
    rng: &mut Lcg,
    n: u32,
    cost: impl Fn(u64) -> C,
) -> StaticGraph<C> {
    let edges: Vec<(u32, u32, C)> = (0..3 * n)
        .map(|_| {
            (
                rng.next(n as u64) as u32,
                rng.next(n as u64) as u32,
                cost(rng.range(1, 20)),
            )
        })
        .collect();
    StaticGraph::from_edges(n as usize, edges).unwrap()
}

#[test]
fn batch_answers_random_graphs_as_one_engine_does() {
    let threads = pool(2);
    let mut rng = Lcg(0x5eed_ba7c);
    for case in 0..40 {
        let n = rng.range(1, 300) as u32;
        let graph = random_graph(&mut rng, n, |c| c as u32);
        // Good queries, goals outside the graph (errors), limits (partial
        // paths), several starts, and starts outside the graph.
        let queries: Vec<Query<u32, u32, Zero>> = (0..rng.range(0, 60))
            .map(|_| {
                let (s, g) = (rng.next(n as u64 + 2) as u32, rng.next(n as u64 + 2) as u32);
                let q = Query::new(s, g, (|_| 0) as Zero);
                match rng.next(4) {
                    0 => q.max_expansions(rng.range(0, 20)),
                    1 => q.with_start(rng.next(n as u64) as u32, rng.range(0, 30) as u32),
                    _ => q,
                }
            })
            .collect();
        let make = || AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
        let mut batch = Batch::with_workers(1 + case % 3, make);
        let mut results = BatchResults::new();
        threads.install(|| batch.search(&graph, &queries, &mut results));
        check_sequential(&graph, &queries, make(), &results);
        assert!(results.statuses().iter().all(|s| s.is_finished()));
    }
}

#[test]
fn batch_answers_random_float_graphs_with_a_hash_store() {
    let threads = pool(2);
    let mut rng = Lcg(0xf10a7);
    for _ in 0..20 {
        let n = rng.range(2, 200) as u32;
        let graph = random_graph(&mut rng, n, |c| c as f64 * 0.37);
        let queries: Vec<_> = (0..50)
            .map(|_| {
                let (s, g) = (rng.next(n as u64) as u32, rng.next(n as u64) as u32);
                Query::new(s, g, (|_| 0.0) as fn(u32) -> f64)
            })
            .collect();
        let make = || AStar::new(BinaryHeap::<f64>::new(), HashStore::new());
        let mut batch = threads.install(|| Batch::new(make));
        let mut results = BatchResults::new();
        threads.install(|| batch.search(&graph, &queries, &mut results));
        check_sequential(&graph, &queries, make(), &results);
    }
}

/// The allocations counted so far on each thread of `pool` (the counter of
/// `zero_alloc`, which is per thread), and on this one.
fn pool_allocations(pool: &rayon::ThreadPool, counts: &mut Vec<u64>) {
    counts.clear();
    counts.resize(pool.current_num_threads(), 0);
    let counts = std::sync::Mutex::new(counts);
    pool.broadcast(|ctx| {
        let n = crate::zero_alloc::allocations();
        if let Ok(mut c) = counts.lock() {
            c[ctx.index()] = n;
        }
    });
}

#[test]
fn a_warm_batch_allocates_nothing() {
    use crate::zero_alloc::allocations;
    let threads = pool(2);
    let (grid, queries, _) = movingai_queries("den520d.map");
    let make = || AStar::new(DaryHeap::<Length, 4>::new(), IndexedStore::new());
    let mut batch = threads.install(|| Batch::new(make));
    // Every engine sees every query once, so none meets a larger search
    // than it has seen, whichever queries it draws later.
    for engine in batch.engines_mut() {
        let mut path = Vec::new();
        for q in &queries {
            engine.search_into(&grid, q.clone(), &mut path);
        }
    }
    let mut results = BatchResults::new();
    threads.install(|| batch.search(&grid, &queries, &mut results)); // grows the buffers
    let (mut before, mut after, mut idle) = (Vec::new(), Vec::new(), Vec::new());
    // What reading the counters costs by itself.
    pool_allocations(&threads, &mut before);
    pool_allocations(&threads, &mut idle);
    let reading: u64 = idle.iter().zip(&before).map(|(a, b)| a - b).sum();
    for round in 0..3 {
        pool_allocations(&threads, &mut before);
        let here = allocations();
        threads.install(|| batch.search(&grid, &queries, &mut results));
        let here = allocations() - here;
        pool_allocations(&threads, &mut after);
        let workers: Vec<u64> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
        assert_eq!(here, 0, "round {round}: allocations on the calling thread");
        assert_eq!(
            workers.iter().sum::<u64>(),
            reading,
            "round {round}: allocations on the pool's threads {workers:?} \
             (reading the counters alone: {reading})"
        );
        assert!(results
            .statuses()
            .iter()
            .all(|s| matches!(s, Status::Found { .. })));
    }
    // The counter sees the workers' allocations: a cold batch allocates there.
    let mut cold = threads.install(|| Batch::new(make));
    pool_allocations(&threads, &mut before);
    threads.install(|| cold.search(&grid, &queries[..10], &mut results));
    pool_allocations(&threads, &mut after);
    let workers: u64 = after.iter().zip(&before).map(|(a, b)| a - b).sum();
    assert!(
        workers > reading,
        "the counters saw no allocation on the pool's threads"
    );
}
