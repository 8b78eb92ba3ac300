//! What slicing a search costs in time, measured interleaved: each round runs
//! every variant once over the same queries, in rotating order, so that the
//! VM's drift (10-35% over minutes) hits every variant alike; the result is
//! the median over rounds of each round's ratio to the one-shot search.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example sliced_ratio
//! cargo run --release -p pathseek-benchmarks --example sliced_ratio -- \
//!     --map ../shared/movingai/lak303d.map --scen ../shared/movingai/lak303d.map.scen --rounds 40
//! ```
//!
//! Every variant runs on the same engine (a `DaryHeap<u32, 4>` and an
//! `IndexedStore` in one `AStar`: one-shot and sliced searches are calls on
//! it), because separate engines sit at different heap addresses, which alone
//! moved the time of identical searches by up to 10% here. Every round checks
//! that all variants found the same total cost. The last line is
//! `rounds R sliced256_vs_oneshot X` (X: the median ratio of the sliced search
//! at 256 expansions per call to the one-shot `AStar::search_into` on the same
//! query). An engine runs one query type, so every variant uses the grid's
//! heuristic as a `GridHeuristic`: `oneshot/search_into` (once the old
//! `search_into` with a closure) and `oneshot/run_into` (the old `run_into`)
//! are now the same `search_into` call, kept as two variants so that the
//! output keeps its rows (their difference is the measurement's noise).

use std::hint::black_box;
use std::time::Instant;

use pathseek::grid::GridHeuristic;
use pathseek::io::movingai::{load_scenarios, MovingAiMap};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};
use pathseek_benchmarks::common::{Flags, Help};

const VARIANTS: [&str; 6] = [
    "oneshot/search_into",
    "oneshot/run_into",
    "sliced/64",
    "sliced/256",
    "sliced/1024",
    "sliced/unbounded",
];

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn run() -> Result<(), String> {
    let flags = Flags::parse(&Help {
        about: "Times one-shot searches against sliced ones (64, 256, 1024 expansions \
                per call, and one unbounded call) on every N-th scenario of a MovingAI \
                file, interleaved round by round; prints each variant's median time and \
                median per-round ratio to the one-shot search. Default: den520d from \
                tests/data.",
        usage: "sliced_ratio [--map FILE.map --scen FILE.map.scen] [--every N] [--rounds R]",
        flags: &[
            ("--map FILE", "the map (default: tests/data/den520d.map)"),
            (
                "--scen FILE",
                "its scenarios (default: tests/data/den520d.map.scen)",
            ),
            ("--every N", "every N-th scenario (default 8)"),
            (
                "--rounds R",
                "timed rounds, after 3 warm-up rounds (default 40)",
            ),
        ],
        more: "Last line: `rounds R sliced256_vs_oneshot X`.",
    })?;
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/");
    let map_path = flags
        .get("map")
        .map_or(format!("{data}den520d.map"), str::to_string);
    let scen_path = flags
        .get("scen")
        .map_or(format!("{data}den520d.map.scen"), str::to_string);
    let positive = |name: &str, default: &str| -> Result<usize, String> {
        flags
            .get_or(name, default)
            .parse()
            .ok()
            .filter(|&n: &usize| n > 0)
            .ok_or(format!("--{name} needs a positive integer"))
    };
    let every = positive("every", "8")?;
    let rounds = positive("rounds", "40")?;

    let map = MovingAiMap::load(&map_path).map_err(|e| e.to_string())?;
    let pairs: Vec<(Cell, Cell)> = load_scenarios(&scen_path)
        .map_err(|e| e.to_string())?
        .iter()
        .step_by(every)
        .map(|s| (s.start, s.goal))
        .collect();
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());

    let mut shared: Shared = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut path = Vec::new();
    let mut times = vec![Vec::new(); VARIANTS.len()];
    for round in 0..rounds + 3 {
        let mut totals = [0u64; VARIANTS.len()];
        for k in 0..VARIANTS.len() {
            let v = (k + round) % VARIANTS.len();
            let t = Instant::now();
            totals[v] = run_variant(v, &grid, &pairs, &mut shared, &mut path);
            let dt = t.elapsed().as_secs_f64();
            if round >= 3 {
                times[v].push(dt);
            }
        }
        if totals.iter().any(|&t| t != totals[0]) {
            return Err(format!("the variants disagree: {totals:?}"));
        }
    }
    println!(
        "{} queries, {rounds} rounds (after 3 warm-up rounds)",
        pairs.len()
    );
    let one_shot = &times[1];
    let mut sliced256 = 0.0;
    for (i, name) in VARIANTS.iter().enumerate() {
        let ratios: Vec<f64> = times[i].iter().zip(one_shot).map(|(a, b)| a / b).collect();
        let ratio = median(&ratios);
        if i == 3 {
            sliced256 = ratio;
        }
        println!(
            "{name:20} median {:8.3} ms   median ratio to oneshot/run_into {ratio:.3}",
            median(&times[i]) * 1e3
        );
    }
    println!("rounds {rounds} sliced256_vs_oneshot {sliced256:.3}");
    Ok(())
}

type Shared = AStar<DaryHeap<u32, 4>, IndexedStore<u32>, Query<Cell, u32, GridHeuristic<u32>>>;

/// Runs variant `v` over every query; returns the sum of the costs.
fn run_variant(
    v: usize,
    grid: &Grid<u32>,
    pairs: &[(Cell, Cell)],
    shared: &mut Shared,
    path: &mut Vec<Cell>,
) -> u64 {
    let mut total = 0u64;
    if v < 2 {
        let engine = shared;
        for &(s, g) in pairs {
            let query = Query::new(s, g, GridHeuristic::new(grid, g));
            // Variants 0 and 1 are now the same call (see the module's notes).
            let cost = match engine.search_into(grid, query, path) {
                Status::Found { cost } => Some(cost),
                _ => None,
            };
            total += u64::from(black_box(cost).unwrap_or(0));
        }
        return total;
    }
    let budget = [64, 256, 1024, u64::MAX][v - 2];
    let search = shared;
    for &(s, g) in pairs {
        search.start(grid, Query::new(s, g, GridHeuristic::new(grid, g)));
        let cost = loop {
            match search.advance(grid, budget) {
                Status::InProgress => {}
                Status::Found { .. } => break search.path_into(grid, path),
                _ => break None,
            }
        };
        total += u64::from(black_box(cost).unwrap_or(0));
    }
    total
}
