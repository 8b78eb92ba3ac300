//! The callgrind subset runner: one fixed pathseek configuration over every
//! N-th scenario of a MovingAI file (every 8th by default: the subset whose
//! instruction counts BENCHMARKS.md tracks).
//!
//! ```text
//! cargo build --profile profiling -p pathseek-benchmarks --example profile
//! valgrind --tool=callgrind target/profiling/examples/profile --config fast \
//!     --map ../shared/movingai/den520d.map --scen ../shared/movingai/den520d.map.scen
//! target/profiling/examples/profile --help        # the configurations
//! ```
//!
//! It prints one line, `CONFIG scenarios N expanded E total T`, where `T` is
//! the sum of the path costs (so that a change in the answers shows). Every
//! configuration loads the map and scenarios and builds both grids (exact
//! `u32` and `f64` octile costs) before it searches, so the `none`
//! configuration measures that set-up alone. Bad flags or files are reported
//! as `error: ...` with exit code 2.

use pathseek::grid::GridHeuristic;
use pathseek::io::movingai::{load_scenarios, MovingAiMap};
use pathseek::jump_points::{BlockJumpPoints, JumpPoints, PrecomputedJumps};
use pathseek::open_set::{BinaryHeap, BucketQueue, DaryHeap};
use pathseek::store::{IndexedStore, PagedStore};
use pathseek::{AStar, Connectivity, GridCosts, Query, Status};
use pathseek_benchmarks::common::{check_name, Flags, Help};
use pathseek_benchmarks::tiled::Tiled;

/// The configurations: `(name, what it runs)`.
const CONFIGS: &[(&str, &str)] = &[
    (
        "fast",
        "reused DaryHeap<4> + IndexedStore, exact u32 octile costs",
    ),
    (
        "fast-paged",
        "reused DaryHeap<4> + PagedStore, exact u32 octile costs",
    ),
    (
        "default",
        "pathseek::astar() one-shot on the README's grid: GridCosts::octile() (Length costs)",
    ),
    (
        "default-u64",
        "as default with 64-bit integer costs (GridCosts::<u64>::exact_octile()): what widening Length to a u64 would cost",
    ),
    (
        "float",
        "pathseek::astar() one-shot: f64 octile costs (GridCosts::float_octile())",
    ),
    (
        "binary-f64",
        "reused BinaryHeap + IndexedStore, f64 octile costs",
    ),
    (
        "jps-u32",
        "jump points, reused DaryHeap<4> + IndexedStore, exact u32 octile costs",
    ),
    (
        "jps-f64",
        "jump points, pathseek::astar() one-shot, f64 octile costs",
    ),
    (
        "block-u32",
        "block-based jump points (built once), reused DaryHeap<4> + IndexedStore, exact u32 octile costs",
    ),
    (
        "block-f64",
        "block-based jump points (built once), pathseek::astar() one-shot, f64 octile costs",
    ),
    (
        "pre-u32",
        "precomputed jumps, JPS+ (built once), reused DaryHeap<4> + IndexedStore, exact u32 octile costs",
    ),
    (
        "fast-query",
        "as fast, through AStar::search_into with a Query (the loop that checks limits; none set)",
    ),
    (
        "fast-named-h",
        "as fast-query, with the heuristic as a GridHeuristic (a named type) instead of a closure (its own engine: one engine runs one query type)",
    ),
    (
        "fast-sliced",
        "as fast, through an AStar started, then advanced 256 expansions per call",
    ),
    (
        "bucket-pell",
        "reused BucketQueue + IndexedStore, Pell u32 octile costs (2378 / 3363)",
    ),
    (
        "fast-pell",
        "reused DaryHeap<4> + IndexedStore, Pell u32 octile costs (2378 / 3363)",
    ),
    (
        "tiled-1",
        "as fast, through the wrapper that renumbers the dense ids (pathseek_benchmarks::tiled) in the grid's own order",
    ),
    (
        "tiled-2",
        "as fast, the dense ids (node records, heap positions) in 2 x 2 tiles",
    ),
    (
        "tiled-4",
        "as fast, the dense ids in 4 x 4 tiles",
    ),
    (
        "tiled-8",
        "as fast, the dense ids in 8 x 8 tiles",
    ),
    ("none", "no search: the set-up alone (loading, both grids)"),
];

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let width = CONFIGS.iter().map(|c| c.0.len()).max().unwrap_or(0);
    let configs: Vec<String> = CONFIGS
        .iter()
        .map(|(name, what)| format!("  {name:width$}  {what}"))
        .collect();
    let more = format!(
        "configurations (--config):\n{}\n\nOutput: one line, \
         `CONFIG scenarios N expanded E total T`\n(T: the sum of the path costs).",
        configs.join("\n")
    );
    let flags = Flags::parse(&Help {
        about: "Runs one fixed pathseek configuration over every N-th scenario of a \
                MovingAI file: the callgrind subset (run it under \
                `valgrind --tool=callgrind`).",
        usage: "profile --config NAME --map FILE.map --scen FILE.map.scen [--every N]",
        flags: &[
            (
                "--config NAME",
                "the configuration, required (listed below)",
            ),
            ("--map FILE", "the map (.map), required"),
            ("--scen FILE", "its scenarios (.map.scen), required"),
            (
                "--every N",
                "run every N-th scenario, from the first (default 8)",
            ),
        ],
        more: &more,
    })?;
    let config = flags
        .get("config")
        .ok_or("--config NAME is required (see --help for the list)")?;
    let names: Vec<&str> = CONFIGS.iter().map(|c| c.0).collect();
    check_name("configuration", config, &names)?;
    let map_path = flags.get("map").ok_or("--map FILE.map is required")?;
    let scen_path = flags
        .get("scen")
        .ok_or("--scen FILE.map.scen is required")?;
    let every: usize = flags
        .get_or("every", "8")
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or("--every needs a positive integer")?;

    let map = MovingAiMap::load(map_path).map_err(|e| e.to_string())?;
    let scen: Vec<_> = load_scenarios(scen_path)
        .map_err(|e| e.to_string())?
        .into_iter()
        .step_by(every)
        .collect();
    let (mut exp, mut total) = (0u64, 0f64);
    let gu = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let gf = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    // The README's grid, built only for the default (so the others count the
    // same set-up as before).
    let gl = (config == "default").then(|| map.to_grid(Connectivity::Eight, GridCosts::octile()));
    let g64 = (config == "default-u64")
        .then(|| map.to_grid(Connectivity::Eight, GridCosts::<u64>::exact_octile()));
    let pell = GridCosts::<u32>::pell_octile();
    // Built only for the configurations that use it, so that the others
    // count the same set-up as before.
    let gp = if config.ends_with("-pell") {
        map.to_grid(Connectivity::Eight, pell)
    } else {
        pathseek::Grid::new(1, 1, Connectivity::Eight, pell).map_err(|e| e.to_string())?
    };
    let mut bucket = AStar::new(
        BucketQueue::with_max_edge_cost(pell.diagonal),
        IndexedStore::new(),
    );
    let mut fast = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut fastp = AStar::new(DaryHeap::<u32, 4>::new(), PagedStore::new());
    // An engine runs one query type: the named heuristic needs its own.
    let mut fast_named = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut bf = AStar::new(BinaryHeap::<f64>::new(), IndexedStore::new());
    let mut sliced = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut path = Vec::new();
    let jump_points = |e| format!("jump points: {e}");
    // Built once per run, by the block configurations only (so the others
    // keep their instruction counts): O(cells).
    let block = config.starts_with("block");
    let block_u = block
        .then(|| BlockJumpPoints::new(&gu))
        .transpose()
        .map_err(jump_points)?;
    let block_f = block
        .then(|| BlockJumpPoints::new(&gf))
        .transpose()
        .map_err(jump_points)?;
    // Built once per run, by the precomputed configuration only: O(cells).
    let pre_u = (config == "pre-u32")
        .then(|| PrecomputedJumps::new(&gu))
        .transpose()
        .map_err(jump_points)?;
    // The tiled numbering of `tiled-T` (side 2^k), through its own engine
    // (an engine runs one graph type).
    let tiled = config
        .strip_prefix("tiled-")
        .and_then(|t| t.parse::<u32>().ok())
        .map(|side| Tiled::new(&gu, side.trailing_zeros()));
    let mut tiled_engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    for s in &scen {
        let (e, c) = match config {
            "fast" => {
                let r = fast.search(&gu, Query::new(s.start, s.goal, gu.heuristic(s.goal)));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "fast-paged" => {
                let r = fastp.search(&gu, Query::new(s.start, s.goal, gu.heuristic(s.goal)));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "default" => {
                let gl = gl.as_ref().ok_or("no Length grid")?;
                let r = pathseek::astar(gl, s.start, s.goal, gl.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost.to_f64()))
            }
            "default-u64" => {
                let g64 = g64.as_ref().ok_or("no u64 grid")?;
                let r = pathseek::astar(g64, s.start, s.goal, g64.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "float" => {
                let r = pathseek::astar(&gf, s.start, s.goal, gf.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost))
            }
            "binary-f64" => {
                let r = bf.search(&gf, Query::new(s.start, s.goal, gf.heuristic(s.goal)));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost))
            }
            "jps-u32" => {
                let j = JumpPoints::new(&gu).map_err(jump_points)?;
                let r = fast.search(&j, Query::new(s.start, s.goal, gu.heuristic(s.goal)));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "jps-f64" => {
                let j = JumpPoints::new(&gf).map_err(jump_points)?;
                let r = pathseek::astar(&j, s.start, s.goal, gf.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost))
            }
            "block-u32" => {
                let j = block_u.as_ref().ok_or("no block graph")?;
                let r = fast.search(j, Query::new(s.start, s.goal, gu.heuristic(s.goal)));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "block-f64" => {
                let j = block_f.as_ref().ok_or("no block graph")?;
                let r = pathseek::astar(j, s.start, s.goal, gf.heuristic(s.goal));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost))
            }
            _ if tiled.is_some() => {
                let t = tiled.as_ref().ok_or("no tiled grid")?;
                let r = tiled_engine.search(t, Query::new(s.start, s.goal, gu.heuristic(s.goal)));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "pre-u32" => {
                let j = pre_u.as_ref().ok_or("no precomputed graph")?;
                let j = j.on(&gu).map_err(|e| e.to_string())?;
                let r = fast.search(&j, Query::new(s.start, s.goal, gu.heuristic(s.goal)));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            "fast-query" => {
                let q = Query::new(s.start, s.goal, gu.heuristic(s.goal));
                let cost = match fast.search_into(&gu, q, &mut path) {
                    Status::Found { cost } => cost as f64,
                    _ => 0.0,
                };
                (fast.stats().expanded, cost)
            }
            "fast-named-h" => {
                let q = Query::new(s.start, s.goal, GridHeuristic::new(&gu, s.goal));
                let cost = match fast_named.search_into(&gu, q, &mut path) {
                    Status::Found { cost } => cost as f64,
                    _ => 0.0,
                };
                (fast_named.stats().expanded, cost)
            }
            "fast-sliced" => {
                sliced.start(&gu, Query::new(s.start, s.goal, gu.heuristic(s.goal)));
                let status = loop {
                    match sliced.advance(&gu, 256) {
                        Status::InProgress => {}
                        other => break other,
                    }
                };
                let cost = match status {
                    Status::Found { cost } => cost as f64,
                    _ => 0.0,
                };
                (sliced.stats().expanded, cost)
            }
            "bucket-pell" => {
                let r = bucket.search(&gp, Query::new(s.start, s.goal, gp.heuristic(s.goal)));
                let cost = r.found().map_or(0.0, |p| p.cost as f64);
                (r.stats.expanded, cost)
            }
            "fast-pell" => {
                let r = fast.search(&gp, Query::new(s.start, s.goal, gp.heuristic(s.goal)));
                (r.stats.expanded, r.found().map_or(0.0, |p| p.cost as f64))
            }
            _ => (0, 0.0), // "none"
        };
        exp += e;
        total += c;
    }
    println!(
        "{config} scenarios {} expanded {exp} total {total}",
        scen.len()
    );
    Ok(())
}
