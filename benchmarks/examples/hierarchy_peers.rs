//! Hierarchical path-finding against pathseek's search on whole MovingAI
//! scenario files: the `hierarchical_pathfinding` crate (HPA*, 0.5) beside
//! pathseek's own HPA* (`pathseek::hierarchy`), its fastest full-grid A* and
//! its A* over `BlockJumpPoints`, on the same map and the same queries in
//! one run.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example hierarchy_peers -- \
//!     [--map FILE.map] [--scen FILE.map.scen] [--cluster N] [--rounds R] [--edits E]
//! cargo run --release -p pathseek-benchmarks --example hierarchy_peers -- --help
//! ```
//!
//! For each method (a [`Method`]: build, query, repair) it measures:
//!
//! - **build**: the time to build its structure from the grid, `R` builds
//!   per method, interleaved with the other methods', min and median;
//! - **memory**: the bytes its structure holds after the first build, and
//!   after the first pass over the file (what stays allocated: the
//!   structure plus the search scratch it keeps), counted by this example's
//!   global allocator (every allocation and free of the process goes through
//!   it; the number is the change of the live bytes, which is exact for one
//!   thread);
//! - **queries**: the time to answer the whole file with full cell paths,
//!   `R` rounds, the methods interleaved round by round (each round starts
//!   with the next method), min and median;
//! - **cost / optimal**: every answer is checked cell by cell against the
//!   MovingAI rules and re-costed with pathseek's octile costs
//!   (`hpa_peer::check_path`); the mean and worst ratio to the optimal cost
//!   (pathseek's own A* on the grid, itself checked against the file's
//!   optimal lengths) over the valid answers, and the number of invalid
//!   ones (no path where one exists, a step that is not a move, a blocked
//!   cell, a cut corner);
//! - **repair**: `E` edits, each blocking one cell, repairing every method
//!   (timed), checking one query on the edited map against A*, then
//!   unblocking it, repairing (timed) and checking again; the median repair
//!   times and the number of failed checks. The grids form a chain, each one
//!   edit from the one before (a clone edited), so a structure that repairs
//!   from the grid's edit log sees one edit at a time. By default each edited cell is
//!   a random interior cell of the optimal path of a random scenario (so
//!   the check query must go round it); `--edit-cells uniform` draws random
//!   passable cells instead.
//!
//! The last line is `peer_time_ratio astar X bjp Y hierarchy Z`: the median
//! query time of the whole file by pathseek's full-grid A* (X), by its A*
//! over block jump points (Y) and by its hierarchy (Z), each divided by that of the peer with the MovingAI
//! neighbourhood (the peer row that follows the MovingAI rules): above 1 the
//! peer answers the file faster, below 1 slower. Exit code 0 when pathseek's
//! A* agrees with the file and every pathseek answer is valid, 1 otherwise
//! (the peer's invalid answers are reported, never an exit code), 2 on bad
//! flags or files.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use hierarchical_pathfinding::neighbors::MooreNeighborhood;
use hierarchical_pathfinding::PathCacheConfig;
use pathseek::grid::GridHeuristic;
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};
use pathseek_benchmarks::common::{self, median, Flags, Help, Lcg};
use pathseek_benchmarks::hpa_peer::{
    check_path, BlockJps, Engine, Fault, FullGridAStar, HpaPeer, Method, MovingAiNeighborhood,
    OwnHierarchy,
};
use pathseek_benchmarks::peers::{exact_costs, fits_u32, ExactInt};

// ---------------------------------------------------------------------------
// Counting the live heap bytes

/// The system allocator, counting the bytes live and the most live so far.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let now = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call goes to `System` unchanged; only the counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc`, passed on.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc_zeroed`, passed on.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc`, passed on.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for `realloc`, passed on.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn live_bytes() -> usize {
    LIVE.load(Ordering::Relaxed)
}

// ---------------------------------------------------------------------------
// Methods behind one object-safe face

/// A [`Method`] with its current structure and the grid it is current for.
trait Runner<'g, C> {
    fn name(&self) -> String;
    /// Drops the structure.
    fn clear(&mut self);
    /// Builds the structure for the current grid.
    fn build(&mut self);
    fn query(&mut self, start: Cell, goal: Cell, path: &mut Vec<Cell>) -> bool;
    /// Makes `grid` (the current grid with `changed` edited) current.
    fn repair(&mut self, grid: &'g Grid<C>, changed: Cell);
    fn crashes(&self) -> u64;
}

struct Run<'g, C: ExactInt, M: Method<C>> {
    method: M,
    grid: &'g Grid<C>,
    built: Option<M::Built<'g>>,
}

impl<'g, C: ExactInt, M: Method<C>> Run<'g, C, M> {
    fn boxed(method: M, grid: &'g Grid<C>) -> Box<dyn Runner<'g, C> + 'g>
    where
        M: 'g,
    {
        Box::new(Run {
            method,
            grid,
            built: None,
        })
    }
}

impl<'g, C: ExactInt, M: Method<C>> Runner<'g, C> for Run<'g, C, M> {
    fn name(&self) -> String {
        self.method.name()
    }

    fn clear(&mut self) {
        self.built = None;
    }

    fn build(&mut self) {
        self.built = Some(self.method.build(self.grid));
    }

    fn query(&mut self, start: Cell, goal: Cell, path: &mut Vec<Cell>) -> bool {
        let built = self.built.as_mut().expect("built before the queries");
        self.method.query(built, self.grid, start, goal, path)
    }

    fn repair(&mut self, grid: &'g Grid<C>, changed: Cell) {
        let built = self.built.take().expect("built before the repairs");
        self.built = Some(self.method.repair(built, grid, changed));
        self.grid = grid;
    }

    fn crashes(&self) -> u64 {
        self.method.crashes()
    }
}

// ---------------------------------------------------------------------------

fn main() {
    common::exit(run());
}

struct Options {
    cluster: usize,
    rounds: usize,
    edits: usize,
    uniform_edits: bool,
    seed: u64,
    parallel: bool,
    perfect: bool,
    fallback: bool,
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "Times hierarchical path-finding (the hierarchical_pathfinding crate, HPA*) \
                against pathseek's fastest full-grid A* and its A* over block jump points \
                on one MovingAI map and its scenario file: build time, memory, query time \
                over the whole file, cost against the optimal, invalid paths, and the time \
                to repair after one edited cell. Every path is checked cell by cell against \
                the MovingAI rules and re-costed with pathseek's octile costs.",
        usage: "cargo run --release -p pathseek-benchmarks --example hierarchy_peers -- \
                [--map FILE.map] [--scen FILE.map.scen] [--cluster N] [--rounds R] [--edits E]",
        flags: &[
            ("--map FILE", "the map (default tests/data/den520d.map)"),
            (
                "--scen FILE",
                "its scenarios (default: the map's path + .scen)",
            ),
            (
                "--cluster N",
                "cluster side in cells, the peer's chunk_size (default 16)",
            ),
            (
                "--rounds R",
                "timed builds and whole-file query passes per method, interleaved (default 5)",
            ),
            (
                "--edits E",
                "edited cells for the repair timing (default 50)",
            ),
            (
                "--edit-cells KIND",
                "path (default: random interior cells of optimal paths) or uniform \
                 (random passable cells)",
            ),
            ("--seed S", "seed of the edited cells (default 1)"),
            (
                "--parallel",
                "build and repair the peer with its rayon entry points (PathCache::new, \
                 tiles_changed) instead of the sequential ones",
            ),
            ("--perfect", "the peer with perfect_paths = true"),
            ("--no-fallback", "the peer with a_star_fallback = false"),
        ],
        more: "The last line is `peer_time_ratio astar X bjp Y hierarchy Z`: the median \
               whole-file query time of pathseek's full-grid A* (X), of its A* over \
               BlockJumpPoints (Y) and of its hierarchy (Z) divided by that of the peer with the MovingAI neighbourhood; above 1 the peer \
               is faster. Memory is counted by a global allocator in this example (live heap \
               bytes). Exit code 1 if pathseek's A* disagrees with the file or a pathseek \
               method gives an invalid path (the peer's invalid paths are only reported).",
    })?;
    let map_path = flags.get_or("map", "tests/data/den520d.map").to_string();
    let scen_path = flags
        .get("scen")
        .map_or_else(|| format!("{map_path}.scen"), str::to_string);
    let positive = |name: &str, default: &str| -> Result<usize, String> {
        match flags.number(name, default)? {
            0 => Err(format!("--{name} needs a positive number")),
            n => Ok(n as usize),
        }
    };
    let uniform_edits = match flags.get_or("edit-cells", "path") {
        "path" => false,
        "uniform" => true,
        other => return Err(format!("--edit-cells path or uniform, not '{other}'")),
    };
    let options = Options {
        cluster: positive("cluster", "16")?,
        rounds: positive("rounds", "5")?,
        edits: flags.number("edits", "50")? as usize,
        uniform_edits,
        seed: flags.number("seed", "1")?,
        parallel: flags.is_set("parallel"),
        perfect: flags.is_set("perfect"),
        fallback: !flags.is_set("no-fallback"),
    };
    let map = MovingAiMap::load(&map_path).map_err(|e| format!("{map_path}: {e}"))?;
    let scenarios =
        movingai::load_scenarios(&scen_path).map_err(|e| format!("{scen_path}: {e}"))?;
    for (i, sc) in scenarios.iter().enumerate() {
        sc.check_against(&map)
            .map_err(|e| format!("{scen_path}: scenario line {}: {e}", i + 2))?;
    }
    if scenarios.is_empty() {
        return Err(format!("{scen_path}: no scenarios"));
    }
    println!(
        "map {map_path} ({} x {}), {} scenarios; cluster {}, {} rounds, \
         {} edits ({} cells), seed {}",
        map.width(),
        map.height(),
        scenarios.len(),
        options.cluster,
        options.rounds,
        options.edits,
        if options.uniform_edits {
            "uniform random passable"
        } else {
            "random interior optimal-path"
        },
        options.seed
    );
    if fits_u32(&map, &scenarios) {
        compare::<u32>(&map, &scenarios, &options)
    } else {
        compare::<u64>(&map, &scenarios, &options)
    }
}

/// What one method's checked answers came to.
#[derive(Default)]
struct Quality {
    /// Valid answers with a positive optimal cost, and their ratios' sum and maximum.
    ratios: usize,
    ratio_sum: f64,
    worst: f64,
    /// The same for the number of moves over the fewest moves possible.
    move_ratios: usize,
    move_ratio_sum: f64,
    move_worst: f64,
    /// Invalid answers: the count per kind, and the first few with their line.
    faults: Vec<(&'static str, usize)>,
    examples: Vec<String>,
}

impl Quality {
    fn invalid(&self) -> usize {
        self.faults.iter().map(|f| f.1).sum()
    }

    fn fault(&mut self, fault: Fault, what: String) {
        match self.faults.iter_mut().find(|f| f.0 == fault.kind()) {
            Some(f) => f.1 += 1,
            None => self.faults.push((fault.kind(), 1)),
        }
        if self.examples.len() < 3 {
            self.examples.push(format!("{what}: {fault}"));
        }
    }
}

/// Checks one answer (`found`, with `path`) against the optimal `reference`
/// cost (`None`: no path) on `grid`; `Ok(cost)` for a valid path.
fn judge<C: ExactInt>(
    grid: &Grid<C>,
    start: Cell,
    goal: Cell,
    found: bool,
    path: &[Cell],
    reference: Option<C>,
) -> Result<Option<C>, Fault> {
    match (found, reference) {
        (false, None) => Ok(None),
        (false, Some(_)) => Err(Fault::MissedPath),
        (true, None) => Err(Fault::PathToUnreachable),
        (true, Some(_)) => check_path(grid, start, goal, path).map(Some),
    }
}

/// The optimal cost from `start` to `goal` on `grid` (pathseek's A*), its
/// path in `path`.
fn optimal<C: ExactInt>(
    engine: &mut Engine<C>,
    grid: &Grid<C>,
    start: Cell,
    goal: Cell,
    path: &mut Vec<Cell>,
) -> Option<C> {
    let q = Query::new(start, goal, GridHeuristic::new(grid, goal));
    match engine.search_into(grid, q, path) {
        Status::Found { cost } => Some(cost),
        _ => None,
    }
}

fn as_f64<C: ExactInt>(c: C) -> f64 {
    let v: u64 = c.into();
    v as f64
}

struct Row {
    name: String,
    builds: Vec<f64>,
    build_bytes: isize,
    retained_bytes: isize,
    queries: Vec<f64>,
    quality: Quality,
    block_repairs: Vec<f64>,
    unblock_repairs: Vec<f64>,
    repair_checks_failed: usize,
    repair_examples: Vec<String>,
    crashes: u64,
}

fn compare<C: ExactInt + Sync>(
    map: &MovingAiMap,
    scenarios: &[Scenario],
    o: &Options,
) -> Result<bool, String> {
    let grid: Grid<C> = map.to_grid(Connectivity::Eight, exact_costs::<C>());
    let scale = as_f64(grid.costs().straight);
    println!(
        "{} passable cells; costs {} (pathseek's exact integer octile costs): straight {}, \
         diagonal {}",
        grid.passable_count(),
        C::NAME,
        scale,
        as_f64(grid.costs().diagonal)
    );

    // The optimal costs, checked against the file.
    let mut reference_engine: Engine<C> = AStar::new(DaryHeap::new(), IndexedStore::new());
    let mut cells = Vec::new();
    let reference: Vec<Option<C>> = scenarios
        .iter()
        .map(|sc| optimal(&mut reference_engine, &grid, sc.start, sc.goal, &mut cells))
        .collect();
    // The fewest moves of each query (every move costing one, the MovingAI
    // rules otherwise): the peer's own measure of a path.
    let unit: Grid<C> = map.to_grid(
        Connectivity::Eight,
        GridCosts::new(<C as From<u32>>::from(1), <C as From<u32>>::from(1)),
    );
    let fewest_moves: Vec<Option<C>> = scenarios
        .iter()
        .map(|sc| optimal(&mut reference_engine, &unit, sc.start, sc.goal, &mut cells))
        .collect();
    let mut disagree = Vec::new();
    for (i, (sc, r)) in scenarios.iter().zip(&reference).enumerate() {
        let ok = match r {
            Some(c) => sc.matches(as_f64(*c) / scale),
            None => sc.expects_no_path(),
        };
        if !ok {
            disagree.push(format!(
                "scenario line {}: pathseek A* {:?}, the file {}",
                i + 2,
                r.map(|c| as_f64(c) / scale),
                sc.optimal
            ));
        }
    }
    println!(
        "optimal costs: pathseek's A* agrees with the file's optimal length on {} of {} \
         scenarios",
        scenarios.len() - disagree.len(),
        scenarios.len()
    );
    for d in &disagree {
        println!("  DISAGREES: {d}");
    }

    // The edited cells, each with the scenario checked after its repair,
    // and one grid per edit (the methods' structures may borrow the grid).
    let mut rng = Lcg(o.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
    let mut edits: Vec<(Cell, usize)> = Vec::with_capacity(o.edits);
    let passable: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
        .filter(|c| grid.is_passable(*c))
        .collect();
    let mut tries = 0;
    while edits.len() < o.edits && tries < 100 * o.edits.max(1) {
        tries += 1;
        let s = rng.next(scenarios.len() as u64) as usize;
        let sc = &scenarios[s];
        let cell = if o.uniform_edits {
            passable[rng.next(passable.len() as u64) as usize]
        } else {
            if optimal(&mut reference_engine, &grid, sc.start, sc.goal, &mut cells).is_none()
                || cells.len() < 3
            {
                continue;
            }
            cells[1 + rng.next(cells.len() as u64 - 2) as usize]
        };
        if cell != sc.start && cell != sc.goal {
            edits.push((cell, s));
        }
    }
    // Each edit blocks its cell on the grid as the last edit left it, then
    // opens it again: a chain of grids one edit apart, so that a structure
    // that repairs from the grid's edit log (pathseek's hierarchy) sees one
    // edit each time, as in a game that edits its one map.
    let mut edited: Vec<Grid<C>> = Vec::with_capacity(edits.len());
    let mut restored: Vec<Grid<C>> = Vec::with_capacity(edits.len());
    let mut last = grid.clone();
    for &(cell, _) in &edits {
        let mut blocked = last.clone();
        blocked
            .set_passable(cell, false)
            .expect("a cell of the map");
        let mut open = blocked.clone();
        open.set_passable(cell, true).expect("a cell of the map");
        edited.push(blocked);
        restored.push(open.clone());
        last = open;
    }
    let edited_reference: Vec<Option<C>> = edits
        .iter()
        .zip(&edited)
        .map(|(&(_, s), g)| {
            let sc = &scenarios[s];
            optimal(&mut reference_engine, g, sc.start, sc.goal, &mut cells)
        })
        .collect();

    // The methods.
    let config = PathCacheConfig {
        chunk_size: o.cluster,
        cache_paths: true,
        a_star_fallback: o.fallback,
        perfect_paths: o.perfect,
    };
    let mut runners: Vec<Box<dyn Runner<'_, C> + '_>> = vec![
        Run::boxed(FullGridAStar, &grid),
        Run::boxed(BlockJps::default(), &grid),
        Run::boxed(
            OwnHierarchy {
                cluster: o.cluster as u32,
            },
            &grid,
        ),
        Run::boxed(
            HpaPeer::<MovingAiNeighborhood>::new(config, o.parallel),
            &grid,
        ),
        Run::boxed(HpaPeer::<MooreNeighborhood>::new(config, o.parallel), &grid),
    ];
    const ASTAR: usize = 0;
    const BJP: usize = 1;
    const OWN: usize = 2;
    const PEER: usize = 3;
    let n = runners.len();
    let mut rows: Vec<Row> = runners
        .iter()
        .map(|r| Row {
            name: r.name(),
            builds: Vec::new(),
            build_bytes: 0,
            retained_bytes: 0,
            queries: Vec::new(),
            quality: Quality::default(),
            block_repairs: Vec::new(),
            unblock_repairs: Vec::new(),
            repair_checks_failed: 0,
            repair_examples: Vec::new(),
            crashes: 0,
        })
        .collect();

    // Builds, interleaved; the first one of each method is weighed.
    for round in 0..o.rounds {
        for k in 0..n {
            let i = (round + k) % n;
            runners[i].clear();
            let before = live_bytes();
            let t = Instant::now();
            runners[i].build();
            rows[i].builds.push(t.elapsed().as_secs_f64());
            if round == 0 {
                rows[i].build_bytes = live_bytes() as isize - before as isize;
            }
        }
    }

    // One pass per method, untimed: every answer checked.
    let mut path = Vec::new();
    for (r, row) in runners.iter_mut().zip(&mut rows) {
        let before = live_bytes();
        for (i, ((sc, best), moves)) in scenarios
            .iter()
            .zip(&reference)
            .zip(&fewest_moves)
            .enumerate()
        {
            path.clear();
            let found = r.query(sc.start, sc.goal, &mut path);
            match judge(&grid, sc.start, sc.goal, found, &path, *best) {
                Ok(Some(cost)) => {
                    let best = as_f64(best.expect("a path exists"));
                    if best > 0.0 {
                        let ratio = as_f64(cost) / best;
                        row.quality.ratios += 1;
                        row.quality.ratio_sum += ratio;
                        row.quality.worst = row.quality.worst.max(ratio);
                        let fewest = as_f64(moves.expect("a path exists"));
                        let ratio = (path.len() - 1) as f64 / fewest;
                        row.quality.move_ratios += 1;
                        row.quality.move_ratio_sum += ratio;
                        row.quality.move_worst = row.quality.move_worst.max(ratio);
                    }
                }
                Ok(None) => {}
                Err(f) => row.quality.fault(f, format!("scenario line {}", i + 2)),
            }
        }
        row.retained_bytes = row.build_bytes + (live_bytes() as isize - before as isize);
    }

    // The whole file, timed, interleaved.
    for round in 0..o.rounds {
        for k in 0..n {
            let i = (round + k) % n;
            let t = Instant::now();
            for sc in scenarios {
                black_box(runners[i].query(black_box(sc.start), black_box(sc.goal), &mut path));
            }
            rows[i].queries.push(t.elapsed().as_secs_f64());
        }
    }

    // Repairs: block, repair, check; unblock, repair, check.
    for (e, (&(cell, s), g)) in edits.iter().zip(&edited).enumerate() {
        let sc = &scenarios[s];
        for k in 0..n {
            let i = (e + k) % n;
            let (r, row) = (&mut runners[i], &mut rows[i]);
            // Block the cell, then open it again: each repair timed, each
            // followed by one query checked on the grid as it is then.
            let steps = [
                (g, "blocked", edited_reference[e], true),
                (&restored[e], "unblocked again", reference[s], false),
            ];
            for (grid_now, what, expected, blocking) in steps {
                let t = Instant::now();
                r.repair(grid_now, cell);
                let took = t.elapsed().as_secs_f64();
                if blocking {
                    row.block_repairs.push(took);
                } else {
                    row.unblock_repairs.push(took);
                }
                let found = r.query(sc.start, sc.goal, &mut path);
                if let Err(f) = judge(grid_now, sc.start, sc.goal, found, &path, expected) {
                    row.repair_checks_failed += 1;
                    if row.repair_examples.len() < 3 {
                        row.repair_examples.push(format!(
                            "cell ({}, {}) {what}, scenario line {}: {f}",
                            cell.x,
                            cell.y,
                            s + 2
                        ));
                    }
                }
            }
        }
    }
    for (r, row) in runners.iter().zip(&mut rows) {
        row.crashes = r.crashes();
    }

    print_table(&rows, scenarios.len(), edits.len());

    let ok = disagree.is_empty()
        && rows[ASTAR].quality.invalid() == 0
        && rows[BJP].quality.invalid() == 0
        && rows[OWN].quality.invalid() == 0
        && rows[OWN].repair_checks_failed == 0
        && rows[ASTAR].repair_checks_failed == 0
        && rows[BJP].repair_checks_failed == 0;
    let peer = median(&rows[PEER].queries);
    println!(
        "peer_time_ratio astar {:.2} bjp {:.2} hierarchy {:.2}",
        median(&rows[ASTAR].queries) / peer,
        median(&rows[BJP].queries) / peer,
        median(&rows[OWN].queries) / peer
    );
    Ok(ok)
}

fn mb(bytes: isize) -> String {
    format!("{:.2}", bytes as f64 / 1e6)
}

fn min(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}

fn print_table(rows: &[Row], queries: usize, edits: usize) {
    println!();
    println!(
        "| method | build ms (min / median) | MB after build | MB after queries | \
         queries ms, whole file (min / median) | us/query (median) | mean cost/opt | \
         worst cost/opt | invalid paths (of {queries}) | repair us, median (block / unblock) | \
         failed checks after repairs (of {}) |",
        2 * edits
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        let q = &r.quality;
        let (mean, worst) = if q.ratios > 0 {
            (
                format!("{:.4}", q.ratio_sum / q.ratios as f64),
                format!("{:.4}", q.worst),
            )
        } else {
            ("-".into(), "-".into())
        };
        let repair = if r.block_repairs.is_empty() {
            "-".to_string()
        } else {
            format!(
                "{:.1} / {:.1}",
                median(&r.block_repairs) * 1e6,
                median(&r.unblock_repairs) * 1e6
            )
        };
        println!(
            "| {} | {:.2} / {:.2} | {} | {} | {:.1} / {:.1} | {:.1} | {mean} | {worst} | {} | \
             {repair} | {} |",
            r.name,
            min(&r.builds) * 1e3,
            median(&r.builds) * 1e3,
            mb(r.build_bytes),
            mb(r.retained_bytes),
            min(&r.queries) * 1e3,
            median(&r.queries) * 1e3,
            median(&r.queries) * 1e6 / queries as f64,
            q.invalid(),
            r.repair_checks_failed
        );
    }
    println!();
    println!("| method | mean moves / fewest moves | worst moves / fewest moves |");
    println!("|---|---:|---:|");
    for r in rows {
        let q = &r.quality;
        if q.move_ratios > 0 {
            println!(
                "| {} | {:.4} | {:.4} |",
                r.name,
                q.move_ratio_sum / q.move_ratios as f64,
                q.move_worst
            );
        }
    }
    println!();
    println!(
        "moves / fewest moves: the number of moves of each valid path over the fewest moves \
         possible under the MovingAI rules (pathseek's A* with every move costing one): the \
         peer's own measure, since it charges every move the same."
    );
    println!(
        "cost/opt: the path's octile cost (pathseek's exact costs, every step checked) over \
         the optimal cost (pathseek's A*), over the valid paths of queries with start != goal."
    );
    for r in rows {
        if r.quality.invalid() > 0 || r.repair_checks_failed > 0 || r.crashes > 0 {
            let kinds: Vec<String> = r
                .quality
                .faults
                .iter()
                .map(|(k, c)| format!("{k} {c}"))
                .collect();
            println!("{}:", r.name);
            if !kinds.is_empty() {
                println!("  invalid paths: {}", kinds.join(", "));
                for e in &r.quality.examples {
                    println!("    e.g. {e}");
                }
            }
            for e in &r.repair_examples {
                println!("  after a repair: {e}");
            }
            if r.crashes > 0 {
                println!(
                    "  {} queries panicked inside the method (answered as no path)",
                    r.crashes
                );
            }
        }
    }
}
