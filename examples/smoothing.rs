//! String pulling (`pathseek::grid::smooth_path`) on MovingAI scenarios:
//! how much shorter, in Euclidean length, the straightened path is than the
//! octile-optimal path A* finds; and shortcut refinement
//! (`pathseek::grid::ShortcutRefiner`) of weighted-A* paths.
//!
//! ```text
//! cargo run --release --example smoothing                 # an embedded map
//! cargo run --release --example smoothing -- --map FILE.map [--scen FILE.map.scen] [--window N]
//! cargo run --release --example smoothing -- --dir DIR    # every DIR/NAME.map with NAME.map.scen
//! cargo run --release --example smoothing -- --help
//! ```
//!
//! Every scenario is searched with A* (8-connected, `GridCosts::octile()`,
//! no corner cutting) and its path smoothed. Per map a table by bucket
//! (`floor(optimal / 4)`, in ten rows), then the line
//! `map NAME paths N mean_saved_percent M total_saved_percent T kept K us_per_smoothing U`:
//! `M` is the mean over paths of `100 · (1 − smoothed / octile)`, `T` the
//! saving on the sum of all lengths, `K` the mean number of cells kept
//! (turning points and both ends), `U` the mean time of one `smooth_path`.
//!
//! Then `theta NAME paths N theta_saved_percent P us_per_theta T us_per_astar A`:
//! the same queries as any-angle searches (Theta*, `pathseek::grid::AnyAngle`
//! searched by the one A* core); `P` the mean percent its path is shorter
//! than the octile one, `T` and `A` the mean time of one Theta* search and
//! of the octile A* search (a kept engine). Checked: Theta*'s cost is its
//! path's length (every point in sight of the next) and never above the
//! octile length.
//!
//! Then the refinement line
//! `refine NAME window W weighted_excess_percent E refined_excess_percent R shortened S us_per_refine V`:
//! each scenario is searched again with weighted A* (the grid's heuristic
//! doubled, so its paths may cost up to twice the optimum), the path
//! refined with windows of `W` steps (`--window`, default 16); `E` and `R`
//! are the mean percent above the optimal cost before and after, `S` the
//! share of paths made cheaper, `V` the mean time of one `refine`.
//!
//! With several maps the last line is
//! `maps N paths P mean_saved_percent M refined_excess_percent R theta_saved_percent Q` over every
//! path of every map.
//!
//! Checked, exit code 1 on any miss: the A* length is the file's optimal
//! length; the smoothed path starts and ends where the path does, each pair
//! of consecutive cells has line of sight, and it is never longer; the
//! refined path is a walk of the grid (`graph::path_cost`), costs what
//! `refine` says, never more than the weighted path, never less than the
//! optimum. Bad flags or files: exit code 2. The embedded map's scenarios
//! are 200 random pairs of open cells (seeded), their optimal lengths from
//! A*.

mod common;

use std::path::{Path, PathBuf};
use std::time::Instant;

use common::{Flags, Help, Lcg};
use pathseek::graph::path_cost;
use pathseek::grid::{euclidean_length, smooth_path, AnyAngle, GridHeuristic, ShortcutRefiner};
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Cost, Grid, GridCosts, Length, Query, Status};

/// A 48 x 20 map of open rooms, pillars and slanting walls, where the
/// octile paths zig-zag and string pulling has room to work.
const EMBEDDED: &str = "type octile
height 20
width 48
map
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
@..............................................@
@.....@@.............@@@@@@@...................@
@......@@..................@...........@@......@
@.......@@.................@..........@@.......@
@........@@.......@@.......@.........@@........@
@.........@@......@@.......@........@@.........@
@..........@@..............@.......@@..........@
@...........@@.............@......@@...........@
@..........................@...................@
@.....@@@@@@@@@@@@@@.......@@@@@@@@@@@@@@......@
@......................................@.......@
@.........@@......@@@..................@.......@
@.........@@......@@@.........@@.......@.......@
@..............................@@......@.......@
@...@@@@@.......................@@.....@@@@....@
@...@...........@@@@@@@@@........@@............@
@...@...........@.................@@...........@
@...............@..............................@
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
";

/// Scenarios made up for the embedded map.
const EMBEDDED_PAIRS: usize = 200;

/// The optimal searches: the crate's fastest full-grid configuration.
type Engine =
    AStar<DaryHeap<Length, 4>, IndexedStore<Length>, Query<Cell, Length, GridHeuristic<Length>>>;

/// The weighted A* heuristic: the grid's own, doubled.
#[derive(Clone, Copy)]
struct Doubled(GridHeuristic<Length>);

impl pathseek::Heuristic<Cell, Length> for Doubled {
    fn estimate(&mut self, cell: Cell) -> Length {
        let h = self.0.estimate(cell);
        h.checked_add(h).unwrap_or(Length::MAX)
    }
}

/// The engines every map is run through, kept warm.
struct Tools {
    optimal: Engine,
    weighted: AStar<DaryHeap<Length, 4>, IndexedStore<Length>, Query<Cell, Length, Doubled>>,
    refiner: ShortcutRefiner<Length>,
}

fn main() {
    common::exit(run())
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "String pulling (pathseek::grid::smooth_path) on the octile-optimal A* paths \
                of MovingAI scenarios: the Euclidean length saved, per bucket and per map; \
                and shortcut refinement (pathseek::grid::ShortcutRefiner) of weighted-A* \
                paths. Without --map or --dir it runs an embedded 48 x 20 map with 200 \
                random pairs.",
        usage: "cargo run --release --example smoothing [-- --map FILE.map [--scen FILE.map.scen] | --dir DIR] [--window N]",
        flags: &[
            ("--map FILE", "a MovingAI map (.map) instead of the embedded one"),
            (
                "--scen FILE",
                "its scenarios (.map.scen; default: the map's path with .scen added)",
            ),
            (
                "--dir DIR",
                "every map of DIR that has its scenarios beside it (NAME.map, NAME.map.scen)",
            ),
            ("--window N", "the refiner's window, in steps (default 16)"),
        ],
        more: "Per map: a table by bucket, then `map NAME paths N mean_saved_percent M \
               total_saved_percent T kept K us_per_smoothing U`, `theta NAME paths N \
               theta_saved_percent P us_per_theta T us_per_astar A` (Theta*, any-angle) and \
               `refine NAME window W weighted_excess_percent E refined_excess_percent R \
               shortened S us_per_refine V`. With several maps the last line is `maps N \
               paths P mean_saved_percent M refined_excess_percent R theta_saved_percent Q`. \
               Exit code 1 if a check fails (A* length against the file, line of sight, \
               never longer, Theta* cost equal to its path's length, refined path valid and \
               never dearer), 2 on bad flags or files.",
    })?;
    let window = usize::try_from(flags.number("window", "16")?)
        .map_err(|_| "--window is too large".to_string())?;
    let mut tools = Tools {
        optimal: AStar::default(),
        weighted: AStar::default(),
        refiner: ShortcutRefiner::new(window),
    };
    let mut all = Totals::default();
    let mut ok = true;
    match (flags.get("map"), flags.get("dir")) {
        (Some(_), Some(_)) => return Err("give --map or --dir, not both".to_string()),
        (Some(map), None) => {
            let scen = flags
                .get("scen")
                .map_or_else(|| format!("{map}.scen"), str::to_string);
            ok &= run_file(&mut tools, Path::new(map), Path::new(&scen), &mut all)?;
        }
        (None, Some(dir)) => {
            let files = common::map_files(Path::new(dir))
                .ok_or_else(|| format!("cannot read the directory {dir}"))?;
            let mut maps = 0;
            for map in files {
                let mut scen = map.clone().into_os_string();
                scen.push(".scen");
                let scen = PathBuf::from(scen);
                if scen.exists() {
                    maps += 1;
                    ok &= run_file(&mut tools, &map, &scen, &mut all)?;
                    println!();
                }
            }
            println!(
                "maps {maps} paths {} mean_saved_percent {:.2} refined_excess_percent {:.2} theta_saved_percent {:.2}",
                all.paths,
                all.mean_saved(),
                all.mean(all.refined_excess),
                all.mean(all.theta_saved_percent)
            );
        }
        (None, None) => {
            let map = MovingAiMap::parse(EMBEDDED).map_err(|e| e.to_string())?;
            let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
            let scenarios = embedded_scenarios(&mut tools.optimal, &grid);
            show_one(
                &mut tools.optimal,
                &grid,
                Cell::new(2, 18),
                Cell::new(45, 1),
            )?;
            ok &= run_map("embedded", &mut tools, &grid, &scenarios, &mut all);
        }
    }
    Ok(ok)
}

/// Loads a map and its scenarios and runs them.
fn run_file(tools: &mut Tools, map: &Path, scen: &Path, all: &mut Totals) -> Result<bool, String> {
    let name = common::file_name(map);
    let loaded = MovingAiMap::load(map).map_err(|e| e.to_string())?;
    let scenarios = movingai::load_scenarios(scen).map_err(|e| e.to_string())?;
    for (i, sc) in scenarios.iter().enumerate() {
        sc.check_against(&loaded)
            .map_err(|e| format!("{}: scenario line {}: {e}", scen.display(), i + 2))?;
    }
    let grid = loaded.to_grid(Connectivity::Eight, GridCosts::octile());
    Ok(run_map(&name, tools, &grid, &scenarios, all))
}

/// Random pairs of open cells with a path between them, their optimal
/// lengths found by A*.
fn embedded_scenarios(engine: &mut Engine, grid: &Grid<Length>) -> Vec<Scenario> {
    let mut rng = Lcg(2024);
    let mut cell = || loop {
        let c = Cell::new(
            rng.next(u64::from(grid.width())) as u32,
            rng.next(u64::from(grid.height())) as u32,
        );
        if grid.is_passable(c) {
            return c;
        }
    };
    let mut out = Vec::new();
    let mut path = Vec::new();
    while out.len() < EMBEDDED_PAIRS {
        let (start, goal) = (cell(), cell());
        let query = Query::new(start, goal, GridHeuristic::new(grid, goal));
        if let Status::Found { cost } = engine.search_into(grid, query, &mut path) {
            let optimal = cost.to_f64();
            out.push(Scenario {
                bucket: (optimal / 4.0) as u32,
                map: "embedded".to_string(),
                map_width: grid.width(),
                map_height: grid.height(),
                start,
                goal,
                optimal,
            });
        }
    }
    out
}

/// Prints one path on the embedded map: the A* path, then its smoothing.
fn show_one(
    engine: &mut Engine,
    grid: &Grid<Length>,
    start: Cell,
    goal: Cell,
) -> Result<(), String> {
    let mut path = Vec::new();
    let query = Query::new(start, goal, GridHeuristic::new(grid, goal));
    let Status::Found { cost } = engine.search_into(grid, query, &mut path) else {
        return Err("the embedded map's example has no path".to_string());
    };
    let mut smooth = Vec::new();
    let length = smooth_path(grid, &path, &mut smooth).map_err(|e| e.to_string())?;
    println!("A* path ({} cells, octile length {cost:.3}):", path.len());
    print!("{}", grid.render(&path));
    println!(
        "smoothed: {} cells kept, Euclidean length {length:.3}:",
        smooth.len()
    );
    print!("{}", grid.render(&smooth));
    println!();
    Ok(())
}

/// What the paths of a map, of a bucket, or of every map add up to.
#[derive(Default)]
struct Totals {
    paths: u64,
    /// Sum over paths of the percent saved by smoothing.
    saved_percent: f64,
    octile: f64,
    smoothed: f64,
    kept: u64,
    smooth_seconds: f64,
    /// Sums over paths of the percent above the optimal cost: the weighted
    /// path, the refined one.
    weighted_excess: f64,
    refined_excess: f64,
    /// Weighted paths the refinement made cheaper.
    shortened: u64,
    refine_seconds: f64,
    /// Sum over paths of the percent Theta*'s path is shorter than the
    /// octile one; seconds in Theta* and in the octile A* search.
    theta_saved_percent: f64,
    theta_seconds: f64,
    astar_seconds: f64,
}

impl Totals {
    fn mean_saved(&self) -> f64 {
        self.mean(self.saved_percent)
    }

    fn mean(&self, total: f64) -> f64 {
        total / self.paths.max(1) as f64
    }
}

/// One path's figures.
struct Measured {
    octile: f64,
    smoothed: f64,
    kept: usize,
    smooth_seconds: f64,
    weighted_excess: f64,
    refined_excess: f64,
    shortened: bool,
    refine_seconds: f64,
    theta: f64,
    theta_seconds: f64,
    astar_seconds: f64,
}

impl Totals {
    fn add(&mut self, m: &Measured) {
        self.paths += 1;
        self.saved_percent += 100.0 * (1.0 - m.smoothed / m.octile);
        self.octile += m.octile;
        self.smoothed += m.smoothed;
        self.kept += m.kept as u64;
        self.smooth_seconds += m.smooth_seconds;
        self.weighted_excess += m.weighted_excess;
        self.refined_excess += m.refined_excess;
        self.shortened += u64::from(m.shortened);
        self.refine_seconds += m.refine_seconds;
        self.theta_saved_percent += 100.0 * (1.0 - m.theta / m.octile);
        self.theta_seconds += m.theta_seconds;
        self.astar_seconds += m.astar_seconds;
    }
}

/// Searches, smooths and refines one scenario and checks the answers;
/// `None` when there is nothing to measure (no path, or start = goal).
fn measure(
    tools: &mut Tools,
    grid: &Grid<Length>,
    sc: &Scenario,
    failures: &mut Vec<String>,
) -> Option<Measured> {
    let mut fail =
        |what: String| failures.push(format!("{} -> {}: {what}", fmt(sc.start), fmt(sc.goal)));
    let (mut path, mut smooth, mut refined) = (Vec::new(), Vec::new(), Vec::new());
    let query = Query::new(sc.start, sc.goal, GridHeuristic::new(grid, sc.goal));
    let t = Instant::now();
    let found = tools.optimal.search_into(grid, query, &mut path);
    let astar_seconds = t.elapsed().as_secs_f64();
    let optimum = match found {
        Status::Found { cost } => cost,
        Status::NoPath if sc.expects_no_path() => return None,
        other => {
            fail(format!("{other:?}"));
            return None;
        }
    };
    if !sc.matches(optimum.to_f64()) {
        fail(format!(
            "length {:.6}, optimal {:.6}",
            optimum.to_f64(),
            sc.optimal
        ));
    }
    if sc.start == sc.goal {
        return None;
    }

    let t = Instant::now();
    let smoothed = smooth_path(grid, &path, &mut smooth);
    let smooth_seconds = t.elapsed().as_secs_f64();
    let smoothed = match smoothed {
        Ok(length) => length,
        Err(e) => {
            fail(e.to_string());
            return None;
        }
    };
    let octile = euclidean_length(&path);
    if smooth.first() != path.first() || smooth.last() != path.last() {
        fail("the smoothed path moved its ends".to_string());
    }
    if let Some(w) = smooth.windows(2).find(|w| !grid.line_of_sight(w[0], w[1])) {
        fail(format!("{} does not see {}", fmt(w[0]), fmt(w[1])));
    }
    if smoothed > octile + 1e-9 * octile {
        fail(format!("smoothed {smoothed} > {octile}"));
    }

    // Theta*: the same query as an any-angle search of the one core.
    let theta_graph = AnyAngle::new(grid).map_err(|e| fail(e.to_string())).ok()?;
    let t = Instant::now();
    let r = pathseek::search(
        &theta_graph,
        Query::new(sc.start, sc.goal, theta_graph.heuristic(sc.goal)),
    );
    let theta_seconds = t.elapsed().as_secs_f64();
    let Some(theta_path) = r.found() else {
        fail("Theta* found no path".to_string());
        return None;
    };
    let theta = theta_path.cost;
    match theta_graph.path_length(&theta_path.nodes) {
        Some(l) if (l - theta).abs() <= 1e-9 * l.max(1.0) => {}
        other => fail(format!("Theta* cost {theta}, path length {other:?}")),
    }
    if theta > octile + 1e-9 * octile {
        fail(format!("Theta* {theta} > octile {octile}"));
    }

    let query = Query::new(
        sc.start,
        sc.goal,
        Doubled(GridHeuristic::new(grid, sc.goal)),
    );
    let Status::Found { cost: weighted } = tools.weighted.search_into(grid, query, &mut path)
    else {
        fail("weighted A* found no path".to_string());
        return None;
    };
    let t = Instant::now();
    let result = tools.refiner.refine(grid, &path, &mut refined);
    let refine_seconds = t.elapsed().as_secs_f64();
    let result = match result {
        Ok(r) => r,
        Err(e) => {
            fail(e.to_string());
            return None;
        }
    };
    if path_cost(grid, &refined) != Some(result.cost) || result.original != weighted {
        fail("the refined path's cost is not what refine says".to_string());
    }
    if result.cost > weighted || result.cost < optimum {
        fail(format!(
            "refined {:.6}, weighted {:.6}, optimal {:.6}",
            result.cost.to_f64(),
            weighted.to_f64(),
            optimum.to_f64()
        ));
    }
    if refined.first() != path.first() || refined.last() != path.last() {
        fail("the refined path moved its ends".to_string());
    }
    let excess = |c: Length| 100.0 * (c.to_f64() / optimum.to_f64() - 1.0);
    Some(Measured {
        octile,
        smoothed,
        kept: smooth.len(),
        smooth_seconds,
        weighted_excess: excess(weighted),
        refined_excess: excess(result.cost),
        shortened: result.cost < weighted,
        refine_seconds,
        theta,
        theta_seconds,
        astar_seconds,
    })
}

fn fmt(c: Cell) -> String {
    format!("({}, {})", c.x, c.y)
}

/// Runs every scenario on `grid`, prints the table and the map's lines,
/// adds the paths to `all`; `false` if a check failed.
fn run_map(
    name: &str,
    tools: &mut Tools,
    grid: &Grid<Length>,
    scenarios: &[Scenario],
    all: &mut Totals,
) -> bool {
    let rows = 10u32;
    let per_row = scenarios.iter().map(|s| s.bucket).max().unwrap_or(0) / rows + 1;
    let mut table: Vec<Totals> = (0..rows).map(|_| Totals::default()).collect();
    let mut map = Totals::default();
    let mut failures = Vec::new();
    for sc in scenarios {
        let Some(m) = measure(tools, grid, sc, &mut failures) else {
            continue;
        };
        map.add(&m);
        all.add(&m);
        table[(sc.bucket / per_row).min(rows - 1) as usize].add(&m);
    }
    println!("{name}: {} scenarios", scenarios.len());
    println!("| buckets | paths | mean octile length | mean smoothed length | mean saved % | mean cells kept | weighted A* % over optimal | refined % over optimal |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (i, row) in table.iter().enumerate().filter(|(_, r)| r.paths > 0) {
        let lo = i as u32 * per_row;
        println!(
            "| {lo}-{} | {} | {:.2} | {:.2} | {:.2} | {:.1} | {:.2} | {:.2} |",
            lo + per_row - 1,
            row.paths,
            row.mean(row.octile),
            row.mean(row.smoothed),
            row.mean_saved(),
            row.mean(row.kept as f64),
            row.mean(row.weighted_excess),
            row.mean(row.refined_excess),
        );
    }
    println!(
        "map {name} paths {} mean_saved_percent {:.2} total_saved_percent {:.2} kept {:.1} us_per_smoothing {:.2}",
        map.paths,
        map.mean_saved(),
        100.0 * (1.0 - map.smoothed / map.octile.max(f64::MIN_POSITIVE)),
        map.mean(map.kept as f64),
        map.mean(map.smooth_seconds) * 1e6,
    );
    println!(
        "theta {name} paths {} theta_saved_percent {:.2} us_per_theta {:.1} us_per_astar {:.1}",
        map.paths,
        map.mean(map.theta_saved_percent),
        map.mean(map.theta_seconds) * 1e6,
        map.mean(map.astar_seconds) * 1e6,
    );
    println!(
        "refine {name} window {} weighted_excess_percent {:.3} refined_excess_percent {:.3} shortened {:.1}% us_per_refine {:.1}",
        tools.refiner.window(),
        map.mean(map.weighted_excess),
        map.mean(map.refined_excess),
        100.0 * map.mean(map.shortened as f64),
        map.mean(map.refine_seconds) * 1e6,
    );
    common::report_checks(&[], &failures, "FAIL ", "FAIL ", "failed checks")
}
