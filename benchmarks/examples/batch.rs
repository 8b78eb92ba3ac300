//! Many queries per frame: a whole MovingAI scenario file answered on one
//! thread by one kept engine, and by `pathseek::batch::Batch` on every
//! thread of rayon's pool, one warm engine per worker.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example batch -- \
//!     [--map FILE.map] [--scen FILE.map.scen] [--rounds R] [--threads T]
//! ```
//!
//! Both sides run the same engine kind (`DaryHeap<4>` + `IndexedStore`,
//! octile `Length` costs) and write every path into a kept buffer. Both are
//! warmed up once, untimed; then the whole file is timed `R` times on each
//! side (default 7), the two sides interleaved round by round. Every cost
//! of the batch is checked against the sequential one and against the
//! file's optimal length in every round; any difference exits with code 1.
//!
//! The last line is `batch_speedup S threads T`: the median time on one
//! thread over the median time of the batch on T threads.

use std::time::Instant;

use pathseek::batch::{Batch, BatchResults};
use pathseek::grid::GridHeuristic;
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, GridCosts, Length, Query, Status};
use pathseek_benchmarks::common::{exit, median, Flags, Help};

fn main() {
    exit(run());
}

type GridQuery = Query<Cell, Length, GridHeuristic<Length>>;

fn engine() -> AStar<DaryHeap<Length, 4>, IndexedStore<Length>, GridQuery> {
    AStar::new(DaryHeap::new(), IndexedStore::new())
}

/// The cost of a found path, `None` for no path; an error for anything else.
fn cost(status: &Status<Cell, Length>, line: usize) -> Result<Option<Length>, String> {
    match status {
        Status::Found { cost } => Ok(Some(*cost)),
        Status::NoPath => Ok(None),
        other => Err(format!("scenario line {line}: {other:?}")),
    }
}

/// Whether `found` is the file's answer for `sc`.
fn optimal(sc: &Scenario, found: Option<Length>) -> bool {
    match found {
        Some(c) => sc.matches(c.to_f64()),
        None => sc.expects_no_path(),
    }
}

fn run() -> Result<bool, String> {
    let default_map = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/den520d.map");
    let flags = Flags::parse(&Help {
        about: "Answers a whole MovingAI scenario file on one thread (one kept engine) and \
                with pathseek::batch::Batch on every thread of rayon's pool (one warm engine \
                per worker), rounds interleaved; checks every cost of the batch against the \
                sequential one and the file's optimal lengths, and prints the speedup. \
                Exit code 1 on any difference.",
        usage: "cargo run --release -p pathseek-benchmarks --example batch -- \
                [--map FILE.map] [--scen FILE.map.scen] [--rounds R] [--threads T]",
        flags: &[
            ("--map FILE", "the map (default: tests/data/den520d.map)"),
            (
                "--scen FILE",
                "its scenarios (default: the map's path + .scen)",
            ),
            (
                "--rounds R",
                "timed runs of the whole file on each side, the median is reported (default 7)",
            ),
            (
                "--threads T",
                "the batch's threads (default: rayon's global pool, one per core)",
            ),
        ],
        more: "The last line is `batch_speedup S threads T`: the median time of the file on \
               one thread over the median time of the batch on T threads.",
    })?;
    let map_path = flags.get_or("map", default_map).to_string();
    let scen_path = flags
        .get("scen")
        .map_or_else(|| format!("{map_path}.scen"), str::to_string);
    let rounds = flags.number("rounds", "7")?.max(1) as usize;
    let pool = match flags.get("threads") {
        None => None,
        Some(_) => {
            let t = flags.number("threads", "1")?.max(1) as usize;
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(t)
                    .build()
                    .map_err(|e| e.to_string())?,
            )
        }
    };
    let threads = pool
        .as_ref()
        .map_or_else(rayon::current_num_threads, |p| p.current_num_threads());
    let install = |f: &mut (dyn FnMut() + Send)| match &pool {
        Some(p) => p.install(f),
        None => f(),
    };

    let map = MovingAiMap::load(&map_path).map_err(|e| e.to_string())?;
    let scenarios = movingai::load_scenarios(&scen_path).map_err(|e| e.to_string())?;
    for (i, sc) in scenarios.iter().enumerate() {
        sc.check_against(&map)
            .map_err(|e| format!("{scen_path}: scenario line {}: {e}", i + 2))?;
    }
    if scenarios.is_empty() {
        return Err(format!("{scen_path}: no scenarios"));
    }
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let queries: Vec<GridQuery> = scenarios
        .iter()
        .map(|sc| Query::new(sc.start, sc.goal, GridHeuristic::new(&grid, sc.goal)))
        .collect();
    println!(
        "map {map_path} ({} x {}), {} scenarios; {rounds} timed rounds per side, interleaved; \
         batch on {threads} threads",
        map.width(),
        map.height(),
        scenarios.len()
    );

    let mut one = engine();
    let mut path = Vec::new();
    let mut costs: Vec<Option<Length>> = Vec::with_capacity(queries.len());
    let mut batch = Batch::with_workers(threads, engine);
    let mut results = BatchResults::new();
    let mut wrong = 0usize;
    let (mut seq_ms, mut batch_ms) = (Vec::new(), Vec::new());
    // Round 0 is the warm-up, untimed.
    for round in 0..=rounds {
        costs.clear();
        let t = Instant::now();
        for q in &queries {
            let status = one.search_into(&grid, q.clone(), &mut path);
            costs.push(match status {
                Status::Found { cost } => Some(cost),
                _ => None,
            });
        }
        let seq = t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        install(&mut || batch.search(&grid, &queries, &mut results));
        let par = t.elapsed().as_secs_f64() * 1e3;
        for (i, (sc, want)) in scenarios.iter().zip(&costs).enumerate() {
            let status = results.status(i).ok_or("a missing answer")?;
            let got = cost(status, i + 2)?;
            if got != *want || !optimal(sc, got) {
                wrong += 1;
                eprintln!(
                    "round {round}, scenario line {}: batch {got:?}, one thread {want:?}, \
                     optimal {}",
                    i + 2,
                    sc.optimal
                );
            }
        }
        if round == 0 {
            println!("warm-up: one thread {seq:.1} ms, batch {par:.1} ms");
            continue;
        }
        println!(
            "round {round}: one thread {seq:.1} ms, batch {par:.1} ms, speedup {:.2}",
            seq / par
        );
        seq_ms.push(seq);
        batch_ms.push(par);
    }
    let (seq, par) = (median(&seq_ms), median(&batch_ms));
    println!(
        "median: one thread {seq:.1} ms, batch {par:.1} ms; {} costs checked per round, {wrong} wrong",
        costs.len()
    );
    println!("batch_speedup {:.2} threads {threads}", seq / par);
    Ok(wrong == 0)
}
