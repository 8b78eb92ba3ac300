//! What slicing a search costs: an [`AStar`] advanced a budget of
//! expansions per call against the one-shot searches of the same queries,
//! with the same reused structures, in the same run.
//!
//! The target: a sliced search with a budget of 256 expansions per call takes
//! no more than 5% longer in total than the one-shot search of the same query
//! (compare `sliced/256` with `oneshot/run_into` and `oneshot/search_into`).
//!
//! Every iteration solves every 8th scenario of den520d (the library's
//! `tests/data/`; the callgrind subset of `benchmarks/examples/profile.rs`)
//! with a `DaryHeap<u32, 4>` and an `IndexedStore` reused from one search to
//! the next, exact integer octile costs (`GridCosts::<u32>::exact_octile()`)
//! and `grid.heuristic(goal)`; each search writes its path into one reused
//! buffer. The benchmarks, in group `den520d` (ids `den520d/sliced/256`, ...):
//!
//! - `oneshot/search_into`: `AStar::search_into` with `Query::new` (no
//!   limits), its cost read as an `Option` (what the old
//!   `search_into(graph, start, goal, h, path)` returned);
//! - `oneshot/run_into`: the same `AStar::search_into` call (named after the
//!   old `run_into`, which it replaces), summing `Status::Found` costs;
//! - `sliced/<B>` for B = 64, 256, 1024: `AStar::start`, then
//!   `advance(&grid, B)` until the search ends, then `path_into`;
//! - `sliced/unbounded`: one `advance(&grid, u64::MAX)` (the sliced path's
//!   own overhead, without the calls).
//!
//! Before timing, the costs are checked against the `.scen` file's optimal
//! lengths; every iteration then checks that the sums of its costs and of its
//! expansions equal the reference sums (a wrong answer panics). Throughput: the expansions of one
//! iteration (the same for every benchmark).
//!
//! ```text
//! cargo bench -p pathseek-benchmarks --bench sliced
//! cargo bench -p pathseek-benchmarks --bench sliced -- --measurement-time 10
//! cargo bench -p pathseek-benchmarks --bench sliced -- sliced/256
//! ```

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use pathseek::grid::EXACT_OCTILE_SCALE;
use pathseek::io::movingai::{self, MovingAiMap};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};

/// Every this many scenarios of the file are searched.
const EVERY: usize = 8;

/// The expansion budgets per call of the sliced benchmarks.
const BUDGETS: &[u64] = &[64, 256, 1024];

/// The open set of every benchmark.
type Open = DaryHeap<u32, 4>;

/// The queries of one iteration and what their answers must add up to.
struct Work {
    grid: Grid<u32>,
    pairs: Vec<(Cell, Cell)>,
    /// The sum of the optimal costs.
    total: u64,
    /// The expansions of one iteration.
    expanded: u64,
}

impl Work {
    fn load() -> Result<Work, String> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data");
        let (map_path, scen_path) = (dir.join("den520d.map"), dir.join("den520d.map.scen"));
        let map = MovingAiMap::load(&map_path).map_err(|e| e.to_string())?;
        let scenarios = movingai::load_scenarios(&scen_path).map_err(|e| e.to_string())?;
        let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
        let mut engine = AStar::new(Open::new(), IndexedStore::new());
        let mut path = Vec::new();
        let (mut pairs, mut total, mut expanded) = (Vec::new(), 0u64, 0u64);
        for (i, sc) in scenarios.iter().enumerate().step_by(EVERY) {
            sc.check_against(&map)
                .map_err(|e| format!("{}: line {}: {e}", scen_path.display(), i + 2))?;
            let query = Query::new(sc.start, sc.goal, grid.heuristic(sc.goal));
            let cost = match engine.search_into(&grid, query, &mut path) {
                Status::Found { cost } => Some(cost),
                Status::Error(e) => return Err(e.to_string()),
                _ => None,
            };
            let ok = match cost {
                Some(c) => sc.matches(f64::from(c) / f64::from(EXACT_OCTILE_SCALE)),
                None => sc.expects_no_path(),
            };
            if !ok {
                return Err(format!(
                    "line {}: cost {cost:?}, the file says {}",
                    i + 2,
                    sc.optimal
                ));
            }
            pairs.push((sc.start, sc.goal));
            total += u64::from(cost.unwrap_or(0));
            expanded += engine.stats().expanded;
        }
        Ok(Work {
            grid,
            pairs,
            total,
            expanded,
        })
    }

    /// Panics unless `total` and `expanded` are the reference sums.
    fn check(&self, what: &str, total: u64, expanded: u64) {
        assert_eq!(total, self.total, "{what}: wrong sum of costs");
        assert_eq!(
            expanded, self.expanded,
            "{what}: wrong number of expansions"
        );
    }
}

/// Runs one sliced search to its end, `budget` expansions per call, and
/// returns its cost (`None`: no path).
fn sliced_search<H>(
    search: &mut AStar<Open, IndexedStore<u32>, Query<Cell, u32, H>>,
    grid: &Grid<u32>,
    query: Query<Cell, u32, H>,
    budget: u64,
    path: &mut Vec<Cell>,
) -> Option<u32>
where
    H: pathseek::Heuristic<Cell, u32>,
{
    search.start(grid, query);
    loop {
        match search.advance(grid, budget) {
            Status::InProgress => {}
            Status::Found { .. } => return search.path_into(grid, path),
            Status::NoPath => return None,
            other => panic!("sliced search ended with {other:?}"),
        }
    }
}

fn sliced(c: &mut Criterion) {
    let work = match Work::load() {
        Ok(w) => w,
        Err(e) => {
            eprintln!("sliced: {e}");
            std::process::exit(1);
        }
    };
    println!(
        "den520d: {} scenarios (every {EVERY}th), {} expansions per iteration",
        work.pairs.len(),
        work.expanded
    );
    let grid = &work.grid;
    let mut group = c.benchmark_group("den520d");
    // An iteration takes tens of milliseconds: the same number of them in
    // every sample (flat sampling) fits 20 samples in the measurement time.
    group
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(work.expanded));

    // Every benchmark runs on the same engine (one-shot and sliced searches
    // are calls on one `AStar`): separate engines would sit at different heap
    // addresses, which alone moved the time of identical searches by up to
    // 10% on this machine.
    let mut engine = AStar::new(Open::new(), IndexedStore::new());
    let mut path = Vec::new();
    group.bench_function("oneshot/search_into", |b| {
        b.iter(|| {
            let (mut total, mut expanded) = (0u64, 0u64);
            for &(s, g) in &work.pairs {
                let query = Query::new(s, g, grid.heuristic(g));
                let cost = match engine.search_into(grid, query, &mut path) {
                    Status::Found { cost } => Some(cost),
                    _ => None,
                };
                total += u64::from(black_box(cost).unwrap_or(0));
                expanded += engine.stats().expanded;
            }
            work.check("oneshot/search_into", total, expanded);
        })
    });

    group.bench_function("oneshot/run_into", |b| {
        b.iter(|| {
            let (mut total, mut expanded) = (0u64, 0u64);
            for &(s, g) in &work.pairs {
                let query = Query::new(s, g, grid.heuristic(g));
                if let Status::Found { cost } =
                    black_box(engine.search_into(grid, query, &mut path))
                {
                    total += u64::from(cost);
                }
                expanded += engine.stats().expanded;
            }
            work.check("oneshot/run_into", total, expanded);
        })
    });

    let budgets = BUDGETS.iter().map(|&b| (b.to_string(), b));
    for (name, budget) in budgets.chain([("unbounded".to_string(), u64::MAX)]) {
        let id = format!("sliced/{name}");
        group.bench_function(&id, |b| {
            b.iter(|| {
                let search = &mut engine;
                let (mut total, mut expanded) = (0u64, 0u64);
                for &(s, g) in &work.pairs {
                    let query = Query::new(s, g, grid.heuristic(g));
                    let cost = sliced_search(search, grid, query, budget, &mut path);
                    total += u64::from(black_box(cost).unwrap_or(0));
                    expanded += search.stats().expanded;
                }
                work.check(&id, total, expanded);
            })
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5))
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = sliced
}
criterion_main!(benches);
