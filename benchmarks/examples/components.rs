//! Times `pathseek::components::GridComponents`: the build on a seeded random
//! grid (30 % walls by default), single edits against a full relabel, and the
//! build on every MovingAI map of a directory.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example components
//! cargo run --release -p pathseek-benchmarks --example components -- --help
//! ```
//!
//! Every time is the median of several runs. An edit is timed alone: open a
//! wall cell (or block an open one), then undo it untimed, over many random
//! cells.

use std::path::{Path, PathBuf};
use std::time::Instant;

use pathseek::components::GridComponents;
use pathseek::io::movingai::MovingAiMap;
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::FollowMap;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query};
use pathseek_benchmarks::common::{median, Flags, Help, Lcg};

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn parse<T: std::str::FromStr>(flags: &Flags, name: &str, default: &str) -> Result<T, String> {
    flags
        .get_or(name, default)
        .parse()
        .map_err(|_| format!("--{name} needs a number"))
}

fn run() -> Result<(), String> {
    let default_maps = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/movingai");
    let maps_help = format!("directory of MovingAI .map files (default {default_maps})");
    let flags = Flags::parse(&Help {
        about: "Times the connected-component labels of pathseek::components: the build on a \
                seeded random grid, single cell edits against a full relabel, and the build on \
                every MovingAI map of a directory.",
        usage: "components [--size N] [--walls PERCENT] [--seed S] [--builds N] [--edits N] \
                [--maps DIR]",
        flags: &[
            ("--size N", "side of the random square grid (default 1500)"),
            (
                "--walls PERCENT",
                "wall probability of the random grid (default 30)",
            ),
            (
                "--seed S",
                "seed of the random grid and edit cells (default 1)",
            ),
            (
                "--builds N",
                "builds timed per grid, median reported (default 15)",
            ),
            (
                "--edits N",
                "edits of each kind timed, median reported (default 2000)",
            ),
            ("--maps DIR", &maps_help),
        ],
        more: "Build rows: ns per cell and ms for the whole grid, the number of components \
               and the bytes held per cell. Edit rows: the median, 90th percentile and \
               largest time of one edit, and the median as a fraction of a full relabel.",
    })?;
    let size: u32 = parse(&flags, "size", "1500")?;
    let walls: u64 = parse(&flags, "walls", "30")?;
    let seed: u64 = parse(&flags, "seed", "1")?;
    let builds: usize = parse(&flags, "builds", "15")?;
    let edits: usize = parse(&flags, "edits", "2000")?;
    if size == 0 || builds == 0 || walls > 100 {
        return Err("--size and --builds must be positive, --walls at most 100".into());
    }
    let mut rng = Lcg(seed);
    let mut grid = Grid::from_fn(
        size,
        size,
        Connectivity::Eight,
        GridCosts::<u32>::exact_octile(),
        |_| rng.next(100) >= walls,
    )
    .map_err(|e| e.to_string())?;

    println!("| grid | cells | components | build ns/cell | build ms | bytes/cell |");
    println!("|---|---:|---:|---:|---:|---:|");
    let name = format!("random {size}x{size}, {walls}% walls");
    let relabel = build_row(&name, &grid, builds);

    println!();
    println!(
        "| edit on the {size}x{size} grid | median us | p90 us | max us | median / full relabel |"
    );
    println!("|---|---:|---:|---:|---:|");
    let mut parts = GridComponents::new(&grid);
    for (what, to) in [("open a wall cell", true), ("block an open cell", false)] {
        let mut times = Vec::with_capacity(edits);
        while times.len() < edits {
            let cell = Cell::new(rng.next(size.into()) as u32, rng.next(size.into()) as u32);
            if grid.is_passable(cell) == to {
                continue;
            }
            let t = Instant::now();
            parts
                .set_passable(&mut grid, cell, to)
                .map_err(|e| e.to_string())?;
            times.push(t.elapsed().as_secs_f64());
            parts
                .set_passable(&mut grid, cell, !to)
                .map_err(|e| e.to_string())?;
        }
        if !parts.is_current(&grid) {
            return Err("labels went stale during the edits".into());
        }
        times.sort_by(f64::total_cmp);
        let p90 = times.get(times.len() * 9 / 10).copied().unwrap_or(f64::NAN);
        let max = times.last().copied().unwrap_or(f64::NAN);
        let med = median(&times);
        println!(
            "| {what} | {:.2} | {:.2} | {:.1} | {:.6} |",
            med * 1e6,
            p90 * 1e6,
            max * 1e6,
            med / relabel
        );
    }
    println!(
        "\nfull relabel of the {size}x{size} grid: {:.2} ms",
        relabel * 1e3
    );

    println!();
    let dir = PathBuf::from(flags.get_or("maps", default_maps));
    maps(&dir, builds)
}

/// Times `builds` builds of `grid`, prints a table row, returns the median
/// seconds.
fn build_row(name: &str, grid: &Grid<u32>, builds: usize) -> f64 {
    let mut parts = GridComponents::new(grid);
    let mut times = Vec::with_capacity(builds);
    for _ in 0..builds {
        let t = Instant::now();
        parts.rebuild(grid);
        times.push(t.elapsed().as_secs_f64());
    }
    let secs = median(&times);
    let cells = grid.width() as f64 * grid.height() as f64;
    println!(
        "| {name} | {} | {} | {:.2} | {:.2} | {:.2} |",
        grid.width() as u64 * grid.height() as u64,
        parts.count(),
        secs * 1e9 / cells,
        secs * 1e3,
        parts.heap_bytes() as f64 / cells
    );
    secs
}

fn maps(dir: &Path, builds: usize) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        println!(
            "no MovingAI maps: {} is not a readable directory (skipped; see --maps)",
            dir.display()
        );
        return Ok(());
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "map"))
        .collect();
    files.sort();
    if files.is_empty() {
        println!("no .map files in {} (skipped)", dir.display());
        return Ok(());
    }
    println!("| MovingAI map | cells | components | build ns/cell | build ms | bytes/cell |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut split = Vec::new();
    for file in files {
        let map = MovingAiMap::load(&file).map_err(|e| e.to_string())?;
        let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        build_row(&name, &grid, builds);
        if GridComponents::new(&grid).count() > 1 {
            split.push((name, grid));
        }
    }
    println!();
    println!(
        "| unreachable queries (start and goal in different components) | queries | \
         plain A*: expanded | ms | within the labels: expanded | ms | speed-up |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (name, grid) in &split {
        unreachable_row(name, grid, 200);
    }
    Ok(())
}

/// Times `n` queries between random passable cells of different components:
/// plain A* (which floods the start's component before it says no path)
/// against the same engine within the labels (which says it at once).
fn unreachable_row(name: &str, grid: &Grid<u32>, n: usize) {
    let parts = GridComponents::new(grid);
    let Ok(reach) = parts.reach(grid) else {
        return;
    };
    let open: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
        .filter(|&c| grid.is_passable(c))
        .collect();
    let mut rng = Lcg(7);
    let mut pairs = Vec::with_capacity(n);
    while pairs.len() < n {
        let a = open[rng.next(open.len() as u64) as usize];
        let b = open[rng.next(open.len() as u64) as usize];
        if parts.connected(grid, a, b) == Ok(false) {
            pairs.push((a, b));
        }
    }
    let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let (mut plain_exp, mut within_exp) = (0u64, 0u64);
    let t = Instant::now();
    for &(a, b) in &pairs {
        let r = engine.search(grid, Query::new(a, b, grid.heuristic(b)));
        assert!(r.found().is_none() && r.error().is_none(), "{a:?} -> {b:?}");
        plain_exp += r.stats.expanded;
    }
    let plain = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for &(a, b) in &pairs {
        let r = engine.search_within(grid, &reach, Query::new(a, b, grid.heuristic(b)));
        assert!(r.found().is_none() && r.error().is_none(), "{a:?} -> {b:?}");
        within_exp += r.stats.expanded;
    }
    let within = t.elapsed().as_secs_f64();
    println!(
        "| {name} | {n} | {plain_exp} | {:.2} | {within_exp} | {:.3} | {:.0}x |",
        plain * 1e3,
        within * 1e3,
        plain / within
    );
}
