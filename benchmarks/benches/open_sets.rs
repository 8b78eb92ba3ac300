//! Open-set and node-store benchmarks: full A* searches, one structure at a time.
//!
//! What it measures: the wall time of complete searches (all scenarios of one
//! group, run back to back through one reused [`AStar`] engine), reported by
//! criterion as a median time and as expansions per second (the throughput is
//! the structure's own expansion count, measured by an untimed warm-up run).
//! Before a benchmark is timed, that warm-up run checks every cost: against the
//! `.scen` file's optimal length on the MovingAI maps (`Scenario::matches`), and
//! against an independent Dijkstra on the synthetic graphs. A wrong answer panics;
//! it is never timed.
//!
//! Two families of benchmarks:
//! - `open_sets/<map>/<group>/<open-set>+<store>`: the MovingAI maps den520d,
//!   lak303d, maze512-4-0, random512-10-0 and rmtst01, read from
//!   `shared/movingai/` beside the repository (or from `$PATHSEEK_MOVINGAI_DIR`);
//!   den520d and rmtst01 fall back to the library's `tests/data/`. A missing map prints
//!   `skipping <map>: <path> not found` and registers nothing. Scenarios are
//!   split by bucket into four equal bucket ranges (`short`, `medium`, `long`,
//!   `longest`); each group keeps at most [`MAX_PER_GROUP`] scenarios, every k-th
//!   line of its range. Costs are `f64` octile (`GridCosts::float_octile()`,
//!   the grid's heuristic as a `GridHeuristic`, what `grid.heuristic(goal)`
//!   wraps: an engine's query type must be named here).
//! - `synthetic/f<target>/<open-set>`: graphs sized so that the largest open set
//!   (`stats.max_open` of the `BinaryHeap`, printed) is near 100, 800, 1,500,
//!   10,000 and 60,000 (100,000 would take ~5 s per search; see [`SYNTHETIC`]). The three small sizes are 8-connected grids with 20%
//!   random obstacles, searched between opposite corners (four searches); a 2-D
//!   grid's frontier grows only with its side (about 2.3 x side here), so the two
//!   large sizes are 26-connected 3-D voxel grids (costs 1, sqrt 2, sqrt 3) with
//!   20% random obstacles, searched with `h = 0` from the centre to a corner (a
//!   spherical wavefront: the frontier grows with the square of the side). O(F)-pop
//!   structures are skipped (with a printed reason) where one iteration would take
//!   more than a few seconds.
//!
//! Every open set of the library's registry (`pathseek::open_set::visit_open_sets`,
//! ids by registry name: `dary-heap-4+indexed`) runs with the `IndexedStore`;
//! the `HashStore` runs only with `binary-heap` and `hot-queue` (`+hash`), to
//! keep the matrix small. An open set added to the registry is benchmarked
//! without a line here.
//!
//! ```text
//! cargo bench -p pathseek-benchmarks --bench open_sets                       # everything (about 20 minutes)
//! cargo bench -p pathseek-benchmarks --bench open_sets -- den520d            # one map
//! cargo bench -p pathseek-benchmarks --bench open_sets -- 'open_sets/maze512-4-0/long'
//! cargo bench -p pathseek-benchmarks --bench open_sets -- synthetic/f1500
//! cargo bench -p pathseek-benchmarks --bench open_sets -- hot-queue          # one structure everywhere
//! cargo run --release --example bench_table           # markdown table of the medians
//! ```
//! Setup (loading maps, the checked warm-up runs) happens for every benchmark,
//! even those the filter leaves out; only the timing is filtered.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use pathseek::grid::GridHeuristic;
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek::open_set::{visit_open_sets, BinaryHeap, OpenSetVisitor};
use pathseek::store::{HashStore, IndexedStore};
use pathseek::{
    AStar, Cell, ClosedSet, Connectivity, DenseIds, Graph, Grid, GridCosts, Heuristic, OpenSet,
    Query,
};

/// The most scenarios one map group keeps (every k-th line of its bucket range).
const MAX_PER_GROUP: usize = 24;

/// The maps, each with the most scenarios one of its groups keeps (the maze's
/// paths are long: 6 of its scenarios already take ~0.25 s with the heap).
const MAPS: &[(&str, usize)] = &[
    ("den520d", MAX_PER_GROUP),
    ("lak303d", MAX_PER_GROUP),
    ("maze512-4-0", 6),
    ("random512-10-0", MAX_PER_GROUP),
    ("rmtst01", MAX_PER_GROUP),
];

/// Bucket groups: names of the four equal ranges of a map's buckets.
const GROUPS: &[&str] = &["short", "medium", "long", "longest"];

/// Skip an O(F)-pop structure when its estimated iteration time exceeds this.
const SKIP_SECONDS: f64 = 3.0;

// ---------------------------------------------------------------------------
// Workloads: a graph and a list of problems, with a ground truth per problem.

/// What one full run of a workload produced.
struct RunStats {
    expanded: u64,
    max_open: usize,
    costs: Vec<Option<f64>>,
}

impl RunStats {
    /// Runs `searches` and keeps their expansions, largest open set and costs.
    fn collect<N>(searches: impl Iterator<Item = pathseek::SearchResult<N, f64>>) -> RunStats {
        let mut out = RunStats {
            expanded: 0,
            max_open: 0,
            costs: Vec::with_capacity(searches.size_hint().0),
        };
        for r in searches {
            out.expanded += r.stats.expanded;
            out.max_open = out.max_open.max(r.stats.max_open);
            out.costs.push(r.found().map(|p| p.cost));
        }
        out
    }
}

/// The query type of a workload's engine.
type WorkQuery<W> = Query<<<W as Workload>::G as Graph>::Node, f64, <W as Workload>::H>;

/// A set of searches on one graph, each with a known optimal cost.
trait Workload {
    type G: Graph<Cost = f64>;
    /// The heuristic of its searches (a named type: an engine's query type
    /// names it).
    type H: Heuristic<<Self::G as Graph>::Node, f64>;
    /// Runs every search once through `engine`.
    fn run<O, S>(&self, engine: &mut AStar<O, S, WorkQuery<Self>>) -> RunStats
    where
        O: OpenSet<f64>,
        S: ClosedSet<Self::G>;
    /// Checks the costs of a run; `Err` names the first wrong one.
    fn check(&self, costs: &[Option<f64>]) -> Result<(), String>;
    /// The largest edge cost (for the HOT queue's window).
    fn max_edge(&self) -> f64;
}

/// A MovingAI map and some of its scenarios.
struct MapWorkload {
    grid: Grid<f64>,
    scenarios: Vec<Scenario>,
}

impl Workload for MapWorkload {
    type G = Grid<f64>;
    type H = GridHeuristic<f64>;
    fn run<O, S>(&self, engine: &mut AStar<O, S, WorkQuery<Self>>) -> RunStats
    where
        O: OpenSet<f64>,
        S: ClosedSet<Grid<f64>>,
    {
        RunStats::collect(self.scenarios.iter().map(|sc| {
            let h = GridHeuristic::new(&self.grid, sc.goal);
            engine.search(&self.grid, Query::new(sc.start, sc.goal, h))
        }))
    }
    fn check(&self, costs: &[Option<f64>]) -> Result<(), String> {
        for (sc, cost) in self.scenarios.iter().zip(costs) {
            let ok = match cost {
                Some(c) => sc.matches(*c),
                None => sc.expects_no_path(),
            };
            if !ok {
                return Err(format!(
                    "scenario {:?} -> {:?}: got {cost:?}, the file says {}",
                    sc.start, sc.goal, sc.optimal
                ));
            }
        }
        Ok(())
    }
    fn max_edge(&self) -> f64 {
        GridCosts::float_octile().diagonal
    }
}

/// A synthetic 8-connected grid and corner-to-corner searches, with costs from
/// an independent Dijkstra.
struct GridWorkload {
    grid: Grid<f64>,
    pairs: Vec<(Cell, Cell)>,
    truth: Vec<Option<f64>>,
}

impl Workload for GridWorkload {
    type G = Grid<f64>;
    type H = GridHeuristic<f64>;
    fn run<O, S>(&self, engine: &mut AStar<O, S, WorkQuery<Self>>) -> RunStats
    where
        O: OpenSet<f64>,
        S: ClosedSet<Grid<f64>>,
    {
        RunStats::collect(self.pairs.iter().map(|&(a, b)| {
            let h = GridHeuristic::new(&self.grid, b);
            engine.search(&self.grid, Query::new(a, b, h))
        }))
    }
    fn check(&self, costs: &[Option<f64>]) -> Result<(), String> {
        check_against(&self.truth, costs)
    }
    fn max_edge(&self) -> f64 {
        GridCosts::float_octile().diagonal
    }
}

/// A 26-connected voxel grid (costs 1, sqrt 2, sqrt 3 by the number of axes a
/// step changes; every step between passable voxels is allowed).
struct Voxels {
    side: u32,
    passable: Vec<bool>,
}

impl Voxels {
    fn new(side: u32, blocked: f64, seed: u64) -> Voxels {
        let n = side as usize * side as usize * side as usize;
        let mut rng = Lcg(seed);
        let mut passable: Vec<bool> = (0..n).map(|_| rng.unit() >= blocked).collect();
        // Keep the centre, the corners and their neighbours open.
        let mid = side / 2;
        passable[Self::id_of(side, mid, mid, mid) as usize] = true;
        for corner in [0, side - 1] {
            for d in 0..2u32 {
                for e in 0..2u32 {
                    for f in 0..2u32 {
                        let c = |v: u32| if corner == 0 { v } else { corner - v };
                        passable[Self::id_of(side, c(d), c(e), c(f)) as usize] = true;
                    }
                }
            }
        }
        Voxels { side, passable }
    }
    fn id_of(side: u32, x: u32, y: u32, z: u32) -> u32 {
        (z * side + y) * side + x
    }
    fn xyz(&self, id: u32) -> (u32, u32, u32) {
        (
            id % self.side,
            (id / self.side) % self.side,
            id / (self.side * self.side),
        )
    }
}

impl Graph for Voxels {
    type Node = u32;
    type Cost = f64;
    #[inline]
    fn successors(&self, node: u32, mut edge: impl FnMut(u32, f64)) {
        const COST: [f64; 4] = [0.0, 1.0, std::f64::consts::SQRT_2, 1.732_050_807_568_877_2];
        let (x, y, z) = self.xyz(node);
        let s = self.side as i64;
        for dz in -1i64..=1 {
            let nz = z as i64 + dz;
            if nz < 0 || nz >= s {
                continue;
            }
            for dy in -1i64..=1 {
                let ny = y as i64 + dy;
                if ny < 0 || ny >= s {
                    continue;
                }
                for dx in -1i64..=1 {
                    let nx = x as i64 + dx;
                    if nx < 0 || nx >= s || (dx == 0 && dy == 0 && dz == 0) {
                        continue;
                    }
                    let id = ((nz * s + ny) * s + nx) as u32;
                    if self.passable[id as usize] {
                        let axes = (dx != 0) as usize + (dy != 0) as usize + (dz != 0) as usize;
                        edge(id, COST[axes]);
                    }
                }
            }
        }
    }
    fn contains(&self, node: u32) -> bool {
        self.passable.get(node as usize).copied().unwrap_or(false)
    }
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = u32, Cost = f64>> {
        Some(self)
    }
}

impl DenseIds for Voxels {
    fn node_count(&self) -> usize {
        self.passable.len()
    }
    fn node_index(&self, node: u32) -> Option<usize> {
        ((node as usize) < self.passable.len()).then_some(node as usize)
    }
    fn node_at(&self, index: usize) -> Option<u32> {
        (index < self.passable.len()).then_some(index as u32)
    }
}

/// `h = 0`, as a named type (an engine's query type names it).
#[derive(Clone, Copy)]
struct Zero;

impl Heuristic<u32, f64> for Zero {
    #[inline(always)]
    fn estimate(&mut self, _: u32) -> f64 {
        0.0
    }
}

/// A voxel search from the centre to a corner with `h = 0`: a spherical
/// wavefront that grows until it meets the faces (a 3-D octile heuristic would
/// head straight for the goal and keep the frontier small); costs from Dijkstra.
struct VoxelWorkload {
    voxels: Voxels,
    pairs: Vec<(u32, u32)>,
    truth: Vec<Option<f64>>,
}

impl Workload for VoxelWorkload {
    type G = Voxels;
    type H = Zero;
    fn run<O, S>(&self, engine: &mut AStar<O, S, WorkQuery<Self>>) -> RunStats
    where
        O: OpenSet<f64>,
        S: ClosedSet<Voxels>,
    {
        RunStats::collect(
            self.pairs
                .iter()
                .map(|&(a, b)| engine.search(&self.voxels, Query::new(a, b, Zero))),
        )
    }
    fn check(&self, costs: &[Option<f64>]) -> Result<(), String> {
        check_against(&self.truth, costs)
    }
    fn max_edge(&self) -> f64 {
        3f64.sqrt()
    }
}

fn check_against(truth: &[Option<f64>], costs: &[Option<f64>]) -> Result<(), String> {
    for (i, (t, c)) in truth.iter().zip(costs).enumerate() {
        let ok = match (t, c) {
            (Some(t), Some(c)) => (t - c).abs() <= 1e-9 * t.max(1.0),
            (None, None) => true,
            _ => false,
        };
        if !ok {
            return Err(format!("search {i}: got {c:?}, Dijkstra says {t:?}"));
        }
    }
    Ok(())
}

/// Plain Dijkstra over a dense-id graph (std's binary heap, no decrease-key):
/// the ground truth for the synthetic graphs, independent of the crate's core.
fn dijkstra<G: DenseIds<Cost = f64>>(graph: &G, start: G::Node, goal: G::Node) -> Option<f64> {
    use std::cmp::Reverse;
    let n = graph.node_count();
    let index = |v| graph.node_index(v).expect("dense ids");
    let mut dist = vec![f64::INFINITY; n];
    let mut heap = std::collections::BinaryHeap::new();
    dist[index(start)] = 0.0;
    // Non-negative floats order like their bit patterns.
    heap.push(Reverse((0f64.to_bits(), index(start))));
    let goal = index(goal);
    while let Some(Reverse((bits, u))) = heap.pop() {
        let d = f64::from_bits(bits);
        if d > dist[u] {
            continue;
        }
        if u == goal {
            return Some(d);
        }
        let node = graph.node_at(u).expect("dense ids");
        graph.successors(node, |v, w| {
            let v = index(v);
            let nd = d + w;
            if nd < dist[v] {
                dist[v] = nd;
                heap.push(Reverse((nd.to_bits(), v)));
            }
        });
    }
    None
}

/// A small deterministic generator for the obstacle patterns.
struct Lcg(u64);

impl Lcg {
    fn unit(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

// ---------------------------------------------------------------------------
// Running one structure.

/// Checks one structure on `work` (untimed), then times it; `id` is its name
/// in the group. `skip_slow` names an O(F)-pop structure: it is skipped when the
/// reference run says one iteration would take more than [`SKIP_SECONDS`].
fn bench_one<W, O, S>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    prefix: &str,
    name: &str,
    work: &W,
    mut engine: AStar<O, S, WorkQuery<W>>,
    skip_estimate: Option<f64>,
) -> Option<RunStats>
where
    W: Workload,
    O: OpenSet<f64>,
    S: ClosedSet<W::G>,
{
    if let Some(seconds) = skip_estimate {
        if seconds > SKIP_SECONDS {
            println!(
                "skipping {prefix}/{name}: O(F) operations, one iteration estimated at {seconds:.0} s (> {SKIP_SECONDS} s)"
            );
            return None;
        }
    }
    let t = Instant::now();
    let warm = work.run(&mut engine);
    let took = t.elapsed();
    if let Err(e) = work.check(&warm.costs) {
        panic!("{prefix}/{name} gives a wrong answer: {e}");
    }
    println!(
        "checked {prefix}/{name}: {} searches optimal, {} expanded, max_open {}, warm-up {:.1} ms",
        warm.costs.len(),
        warm.expanded,
        warm.max_open,
        took.as_secs_f64() * 1e3
    );
    group.throughput(Throughput::Elements(warm.expanded.max(1)));
    group.bench_function(format!("{prefix}/{name}"), |b| {
        b.iter(|| black_box(work.run(&mut engine).expanded))
    });
    Some(warm)
}

/// The open sets (registry names) that pop in O(F), or push in O(F) (the
/// sorted vec shifts, the sorted list walks): skipped where the reference run
/// predicts more than [`SKIP_SECONDS`] per iteration.
const SLOW_POPS: &[&str] = &["sorted-vec", "unsorted-vec", "indexed-array", "sorted-list"];

/// The open sets (registry names) also run with the hash store.
const WITH_HASH: &[&str] = &["binary-heap", "hot-queue"];

/// Runs every open set of the library's registry (with the indexed store) and
/// the hash-store pairs of [`WITH_HASH`].
///
/// The binary heap runs first, as the reference: the O(F)-pop structures
/// ([`SLOW_POPS`]) are skipped when its run predicts more than
/// [`SKIP_SECONDS`] per iteration for them: expansions x largest open set x
/// 1 ns per entry scanned or shifted.
fn bench_all<W>(group: &mut BenchmarkGroup<'_, WallTime>, prefix: &str, work: &W)
where
    W: Workload,
    IndexedStore<f64>: ClosedSet<W::G>,
    HashStore<<W::G as Graph>::Node, f64>: ClosedSet<W::G>,
{
    let Some(reference) = bench_one(
        group,
        prefix,
        "binary-heap+indexed",
        work,
        AStar::new(BinaryHeap::new(), IndexedStore::new()),
        None,
    ) else {
        return;
    };
    let mut every = EveryOpenSet {
        group,
        prefix,
        work,
        o_f_estimate: reference.expanded as f64 * reference.max_open as f64 * 1e-9,
    };
    visit_open_sets(&mut every, work.max_edge());
}

/// Benchmarks the open sets it visits: each with the indexed store (the
/// binary heap, already run as the reference, excepted), and those of
/// [`WITH_HASH`] with the hash store too.
struct EveryOpenSet<'g, 'c, 'w, W> {
    group: &'g mut BenchmarkGroup<'c, WallTime>,
    prefix: &'w str,
    work: &'w W,
    /// Estimated seconds per iteration of an O(F)-pop structure.
    o_f_estimate: f64,
}

impl<W> OpenSetVisitor<f64> for EveryOpenSet<'_, '_, '_, W>
where
    W: Workload,
    IndexedStore<f64>: ClosedSet<W::G>,
    HashStore<<W::G as Graph>::Node, f64>: ClosedSet<W::G>,
{
    fn visit<O: OpenSet<f64>>(&mut self, name: &'static str, make: &dyn Fn() -> O) {
        let skip = SLOW_POPS.contains(&name).then_some(self.o_f_estimate);
        if name != "binary-heap" {
            bench_one(
                self.group,
                self.prefix,
                &format!("{name}+indexed"),
                self.work,
                AStar::new(make(), IndexedStore::new()),
                skip,
            );
        }
        if WITH_HASH.contains(&name) {
            bench_one(
                self.group,
                self.prefix,
                &format!("{name}+hash"),
                self.work,
                AStar::new(make(), HashStore::new()),
                skip,
            );
        }
    }
}

// ---------------------------------------------------------------------------
// The MovingAI maps.

fn movingai_dir() -> PathBuf {
    match std::env::var_os("PATHSEEK_MOVINGAI_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/movingai"),
    }
}

/// The map and scenario paths for `name`, falling back to `tests/data/`.
fn find_map(name: &str) -> Result<(PathBuf, PathBuf), PathBuf> {
    let dirs = [
        movingai_dir(),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data"),
    ];
    for dir in &dirs {
        let map = dir.join(format!("{name}.map"));
        let scen = dir.join(format!("{name}.map.scen"));
        if map.is_file() && scen.is_file() {
            return Ok((map, scen));
        }
    }
    Err(dirs[0].join(format!("{name}.map")))
}

/// Splits the scenarios into the four bucket ranges, keeping at most
/// `cap` per range (every k-th line).
fn bucket_groups(scenarios: &[Scenario], cap: usize) -> Vec<Vec<Scenario>> {
    let max_bucket = scenarios.iter().map(|s| s.bucket).max().unwrap_or(0) as usize;
    let span = max_bucket / GROUPS.len() + 1;
    let mut groups = vec![Vec::new(); GROUPS.len()];
    for s in scenarios {
        groups[(s.bucket as usize / span).min(GROUPS.len() - 1)].push(s.clone());
    }
    groups
        .into_iter()
        .map(|g| {
            let step = g.len().div_ceil(cap).max(1);
            g.into_iter().step_by(step).collect()
        })
        .collect()
}

fn bench_maps(c: &mut Criterion) {
    let mut group = c.benchmark_group("open_sets");
    for &(name, cap) in MAPS {
        let (map_path, scen_path) = match find_map(name) {
            Ok(p) => p,
            Err(missing) => {
                println!("skipping {name}: {} not found", missing.display());
                continue;
            }
        };
        let loaded = MovingAiMap::load(&map_path)
            .and_then(|m| movingai::load_scenarios(&scen_path).map(|s| (m, s)));
        let (map, scenarios) = match loaded {
            Ok(x) => x,
            Err(e) => {
                println!("skipping {name}: {e}");
                continue;
            }
        };
        let grid = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
        for (gname, sample) in GROUPS.iter().zip(bucket_groups(&scenarios, cap)) {
            if sample.is_empty() {
                continue;
            }
            let buckets = (
                sample.iter().map(|s| s.bucket).min().unwrap_or(0),
                sample.iter().map(|s| s.bucket).max().unwrap_or(0),
            );
            println!(
                "{name}/{gname}: {} scenarios, buckets {}..={}",
                sample.len(),
                buckets.0,
                buckets.1
            );
            let work = MapWorkload {
                grid: grid.clone(),
                scenarios: sample,
            };
            bench_all(&mut group, &format!("{name}/{gname}"), &work);
        }
    }
    group.finish();
}

// ---------------------------------------------------------------------------
// The synthetic graphs.

/// Target frontier, and the graph that reaches it: a 2-D grid side, or a 3-D
/// voxel side.
const SYNTHETIC: &[(u32, Synthetic)] = &[
    (100, Synthetic::Grid(44)),
    (800, Synthetic::Grid(340)),
    (1500, Synthetic::Grid(640)),
    (10_000, Synthetic::Voxels(52)),
    // 100,000 would need a side of about 165 (4.5 M voxels, ~5 s per search):
    // too slow for this matrix, so the largest size stops near 60,000.
    (60_000, Synthetic::Voxels(128)),
];

/// The share of blocked cells in every synthetic graph.
const BLOCKED: f64 = 0.2;

#[derive(Clone, Copy)]
enum Synthetic {
    Grid(u32),
    Voxels(u32),
}

fn grid_workload(side: u32) -> GridWorkload {
    let mut rng = Lcg(0x5EED ^ u64::from(side));
    let far = side - 1;
    let corners = [
        Cell::new(0, 0),
        Cell::new(far, far),
        Cell::new(far, 0),
        Cell::new(0, far),
    ];
    let near_corner = |c: Cell| {
        corners
            .iter()
            .any(|k| k.x.abs_diff(c.x) < 2 && k.y.abs_diff(c.y) < 2)
    };
    let grid = Grid::from_fn(
        side,
        side,
        Connectivity::Eight,
        GridCosts::float_octile(),
        |c| {
            let open = rng.unit() >= BLOCKED;
            open || near_corner(c)
        },
    )
    .expect("a valid grid size");
    let pairs = vec![
        (corners[0], corners[1]),
        (corners[1], corners[0]),
        (corners[2], corners[3]),
        (corners[3], corners[2]),
    ];
    let truth = pairs.iter().map(|&(a, b)| dijkstra(&grid, a, b)).collect();
    GridWorkload { grid, pairs, truth }
}

fn voxel_workload(side: u32) -> VoxelWorkload {
    let voxels = Voxels::new(side, BLOCKED, 0xB0C5 ^ u64::from(side));
    let far = side - 1;
    let id = |x, y, z| Voxels::id_of(side, x, y, z);
    let mid = side / 2;
    let pairs = vec![(id(mid, mid, mid), id(far, far, far))];
    let truth = pairs
        .iter()
        .map(|&(a, b)| dijkstra(&voxels, a, b))
        .collect();
    VoxelWorkload {
        voxels,
        pairs,
        truth,
    }
}

fn bench_synthetic(c: &mut Criterion) {
    let mut group = c.benchmark_group("synthetic");
    for &(target, shape) in SYNTHETIC {
        let prefix = format!("f{target}");
        match shape {
            Synthetic::Grid(side) => {
                println!("synthetic/{prefix}: {side} x {side} 8-connected grid, 20% blocked, 4 corner-to-corner searches");
                bench_all(&mut group, &prefix, &grid_workload(side));
            }
            Synthetic::Voxels(side) => {
                println!("synthetic/{prefix}: {side}^3 26-connected voxel grid, 20% blocked, h = 0 from the centre to a corner");
                bench_all(&mut group, &prefix, &voxel_workload(side));
            }
        }
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_synthetic, bench_maps
}
criterion_main!(benches);
