//! Many units, one goal, on every MovingAI map of a directory: the distance
//! field's build (`pathseek::groups::DistanceField`), and a group of units
//! moved three ways: one A* per unit, one backward search that settles every
//! unit (`UnitSearch`), and group paths (`group_paths`: one shared path, each
//! unit spliced on at `P[k]`).
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example groups_maps
//! cargo run --release -p pathseek-benchmarks --example groups_maps -- --help
//! cargo run --release -p pathseek-benchmarks --example groups_maps -- \
//!     --map ../shared/movingai/den520d.map --groups 50 --units 50 --k 20
//! ```
//!
//! Every map is an 8-connected grid with exact integer octile costs
//! (`GridCosts::<u32>::exact_octile()`). Its scenario file (`FILE.map.scen`
//! next to it) gives the queries:
//! - the field's goals: `--goals` scenario goals spread evenly over the file
//!   (seeded random open cells when the map has no scenario file);
//! - the groups: `--groups` scenarios spread evenly over the file, those the
//!   file marks unreachable left out. A group is the `--units` open cells
//!   nearest the scenario's start (breadth-first over the grid's moves, as in
//!   the library's `groups` example), its goal the scenario's goal.
//!
//! The columns, one row per map:
//! - `cells`: width x height.
//! - `field ms`: the median time of one distance field build (one Dijkstra
//!   from the goal over the whole reversed grid) over the goals, after one
//!   untimed warm-up build; `settled`: the median number of cells it settles
//!   (`Stats::expanded`); `ns/settled`: the median over the goals of the
//!   build time per settled cell; `field B/cell`: `DistanceField::heap_bytes`
//!   over the map's cells (walls included).
//! - `groups`: groups measured; per method, the expansions and ms summed over
//!   the groups (each group's time is the median of `--repeat` runs; the
//!   methods take turns): `per-unit` one reused A* engine (`BinaryHeap` +
//!   `IndexedStore`, `grid.heuristic(goal)`) per unit, which also gives every
//!   unit's optimal cost; `reverse` one `UnitSearch` per group, reading every
//!   unit's path; `group` one `group_paths` per group (`--k`).
//! - `saved`: per-unit expansions / group expansions (above 1, group paths
//!   search less).
//! - `cost/opt mean`, `cost/opt worst`: a unit's group-path cost over its
//!   optimal cost, the mean and the largest over every unit of every group.
//!
//! The last row sums the maps (ms, expansions, cells), with `ns/settled` and
//! `field B/cell` over all the maps' builds and cells, `saved` from the summed
//! expansions and the cost ratios over every unit measured; the line after it
//! gives the time ratios. Checks, outside the timed runs: the reverse search
//! gives exactly the per-unit costs, with valid paths; every group path is a
//! path of the grid (`pathseek::graph::path_cost` equals its cost) from its
//! unit to the goal, never cheaper than optimal. A failed check prints a
//! `WRONG:` line and the exit code is 1; bad flags or files exit with 2.
//! Without the maps directory the tool says so and exits 0.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use pathseek::graph::path_cost;
use pathseek::grid::GridHeuristic;
use pathseek::groups::{grid_units_heuristic, group_paths, DistanceField, UnitSearch};
use pathseek::io::movingai::{load_scenarios, MovingAiMap, Scenario};
use pathseek::open_set::BinaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};
use pathseek_benchmarks::common::{
    cluster, file_name, map_files, median, report_checks, Flags, Help, Lcg,
};

/// The engine of the per-unit searches and of the group paths.
/// Its query type names the heuristic: the grid's as a `GridHeuristic` (what
/// `grid.heuristic(goal)` wraps).
type Engine = AStar<BinaryHeap<u32>, IndexedStore<u32>, Query<Cell, u32, GridHeuristic<u32>>>;

fn main() {
    pathseek_benchmarks::common::exit(run())
}

/// What every map is measured with.
struct Config {
    goals: usize,
    groups: usize,
    units: usize,
    k: usize,
    repeat: usize,
    seed: u64,
}

/// The distance field's columns of one map.
struct FieldRow {
    ms: f64,
    settled: f64,
    ns_per_settled: f64,
    bytes: usize,
    /// Sums over the goals, for the total row.
    total_seconds: f64,
    total_settled: u64,
}

/// One method's expansions and time, summed over the groups.
#[derive(Clone, Copy, Default)]
struct Method {
    expanded: u64,
    seconds: f64,
}

impl Method {
    fn add(&mut self, other: Method) {
        self.expanded += other.expanded;
        self.seconds += other.seconds;
    }
}

/// The group columns of one map.
#[derive(Default)]
struct GroupRow {
    groups: usize,
    units: usize,
    /// The smallest group (fewer than `--units` when the start's region is small).
    smallest: usize,
    per_unit: Method,
    reverse: Method,
    group: Method,
    ratio_sum: f64,
    ratios: usize,
    worst: f64,
}

/// One map's row.
struct MapRow {
    name: String,
    cells: u64,
    field: FieldRow,
    group: Option<GroupRow>,
}

fn number(flags: &Flags, name: &str, default: &str, least: u64) -> Result<u64, String> {
    flags
        .get_or(name, default)
        .parse()
        .ok()
        .filter(|&n| n >= least)
        .ok_or_else(|| format!("--{name} needs a whole number of at least {least}"))
}

/// Runs the tool: `Ok(false)` when a check failed.
fn run() -> Result<bool, String> {
    let default_maps = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/movingai");
    let maps_help = format!(
        "directory of MovingAI .map files, each with its .map.scen next to it \
         (default {default_maps})"
    );
    let flags = Flags::parse(&Help {
        about: "Many units, one goal, on every MovingAI map of a directory: the distance \
                field's build (time, ns per settled cell, bytes per cell), and groups of \
                units moved three ways: one A* per unit, one backward search for the group \
                (UnitSearch) and group paths (group_paths), with their expansions, times \
                and the group paths' cost over optimal. Exact integer octile costs, \
                8-connected.",
        usage: "groups_maps [--maps DIR | --map FILE.map] [--goals N] [--groups G] \
                [--units U] [--k K] [--repeat R] [--seed S]",
        flags: &[
            ("--maps DIR", &maps_help),
            (
                "--map FILE",
                "one map (.map) instead of a directory; its scenarios are FILE.map.scen",
            ),
            (
                "--goals N",
                "distance field builds per map: scenario goals spread evenly over the \
                 file (default 20)",
            ),
            (
                "--groups G",
                "groups per map: reachable scenarios spread evenly over the file (default 20)",
            ),
            (
                "--units U",
                "units per group: the open cells nearest the scenario's start (default 20)",
            ),
            (
                "--k K",
                "group paths: units join the shared path at P[k] (default 10)",
            ),
            (
                "--repeat R",
                "timed runs of each method per group, median reported (default 3)",
            ),
            (
                "--seed S",
                "picks the field's goals on a map without a scenario file (default 1)",
            ),
        ],
        more: "Columns: cells (width x height); field ms, the median build of a distance \
               field over the whole map; settled, the median cells it settles; ns/settled, \
               the median build time per settled cell; field B/cell, the field's heap bytes \
               per cell; groups measured; per-unit, reverse and group: expansions and ms \
               summed over the groups (one A* per unit, one UnitSearch, one group_paths); \
               saved, per-unit expansions / group expansions; cost/opt mean and worst, a \
               unit's group-path cost over its optimal cost, over every unit of every \
               group. The last row sums the maps.\n\nChecks (untimed): the reverse search \
               gives exactly the per-unit costs; every group path is a valid path from \
               its unit to the goal. A failure prints a WRONG: line and exits with code 1.",
    })?;
    let config = Config {
        goals: number(&flags, "goals", "20", 1)? as usize,
        groups: number(&flags, "groups", "20", 0)? as usize,
        units: number(&flags, "units", "20", 1)? as usize,
        k: number(&flags, "k", "10", 0)? as usize,
        repeat: number(&flags, "repeat", "3", 1)? as usize,
        seed: number(&flags, "seed", "1", 0)?,
    };

    let files = if let Some(map) = flags.get("map") {
        if flags.is_set("maps") {
            return Err("give --map or --maps, not both".into());
        }
        vec![PathBuf::from(map)]
    } else {
        let dir = PathBuf::from(flags.get_or("maps", default_maps));
        let Some(files) = map_files(&dir) else {
            println!(
                "no MovingAI maps: {} is not a readable directory (nothing to do; see --maps)",
                dir.display()
            );
            return Ok(true);
        };
        if files.is_empty() {
            println!("no .map files in {} (nothing to do)", dir.display());
            return Ok(true);
        }
        files
    };

    println!(
        "many units, one goal: {} field builds per map; {} groups of {} units per map, \
         group paths with k = {}; median of {} runs per group and method; exact integer \
         octile costs, 8-connected",
        config.goals, config.groups, config.units, config.k, config.repeat
    );
    println!();
    println!(
        "| map | cells | field ms | settled | ns/settled | field B/cell | groups | \
         per-unit exp | per-unit ms | reverse exp | reverse ms | group exp | group ms | \
         saved | cost/opt mean | cost/opt worst |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");

    let mut engine: Engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut search = UnitSearch::new();
    let mut wrong = Vec::new();
    let mut notes = Vec::new();
    let mut rows = Vec::new();
    for file in &files {
        let name = file_name(file);
        match measure_map(
            file,
            &config,
            &mut engine,
            &mut search,
            &mut wrong,
            &mut notes,
        ) {
            Ok(row) => {
                print_row(&row);
                rows.push(row);
            }
            Err(e) => notes.push(format!("{name}: skipped, {e}")),
        }
        let _ = std::io::stdout().flush();
    }
    if rows.len() > 1 {
        print_total(&rows);
    }
    println!();
    summary(&rows);
    Ok(report_checks(
        &notes,
        &wrong,
        "WRONG: ",
        "WRONG: ",
        "failed checks",
    ))
}

/// Up to `n` scenarios the file says are reachable, spread evenly over it,
/// each with its line number and checked against the map.
fn spread(
    map: &MovingAiMap,
    scenarios: &[Scenario],
    n: usize,
) -> Result<Vec<(usize, Scenario)>, String> {
    let reachable: Vec<(usize, &Scenario)> = scenarios
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.expects_no_path())
        .collect();
    let len = reachable.len();
    let take = n.min(len);
    (0..take)
        .map(|i| {
            let (index, s) = reachable[i * len / take];
            s.check_against(map)
                .map_err(|e| format!("scenario line {}: {e}", index + 2))?;
            Ok((index + 2, s.clone()))
        })
        .collect()
}

/// `n` seeded random open cells (`None` if the map seems to have none).
fn random_open(grid: &Grid<u32>, n: usize, seed: u64) -> Option<Vec<Cell>> {
    let mut rng = Lcg(seed);
    let (w, h) = (u64::from(grid.width()), u64::from(grid.height()));
    let mut out = Vec::with_capacity(n);
    let mut tries = 0u64;
    while out.len() < n {
        tries += 1;
        if tries > 1_000_000 {
            return None;
        }
        let c = Cell::new(rng.next(w) as u32, rng.next(h) as u32);
        if grid.is_passable(c) {
            out.push(c);
        }
    }
    Some(out)
}

/// Measures one map: its field builds, then its groups.
fn measure_map(
    file: &Path,
    config: &Config,
    engine: &mut Engine,
    search: &mut UnitSearch<Cell, u32>,
    wrong: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> Result<MapRow, String> {
    let name = file_name(file);
    let map = MovingAiMap::load(file).map_err(|e| e.to_string())?;
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let cells = u64::from(map.width()) * u64::from(map.height());
    let mut scen = file.as_os_str().to_owned();
    scen.push(".scen");
    let scen = PathBuf::from(scen);
    let scenarios = if scen.is_file() {
        Some(load_scenarios(&scen).map_err(|e| e.to_string())?)
    } else {
        None
    };

    let goals: Vec<Cell> = match &scenarios {
        Some(s) => spread(&map, s, config.goals)?
            .into_iter()
            .map(|(_, s)| s.goal)
            .collect(),
        None => {
            notes.push(format!(
                "{name}: no scenario file {}: field goals are random open cells, no groups",
                file_name(&scen)
            ));
            random_open(&grid, config.goals, config.seed).ok_or("no open cell found")?
        }
    };
    if goals.is_empty() {
        return Err("no reachable scenario".into());
    }
    let field = measure_field(&grid, &goals)?;

    let group = match &scenarios {
        Some(s) if config.groups > 0 => {
            let chosen = spread(&map, s, config.groups)?;
            let row = measure_groups(&grid, &name, &chosen, config, engine, search, wrong)?;
            if row.smallest < config.units {
                notes.push(format!(
                    "{name}: some groups have fewer than {} units (smallest {}): the \
                     start's region is small",
                    config.units, row.smallest
                ));
            }
            Some(row)
        }
        _ => None,
    };
    Ok(MapRow {
        name,
        cells,
        field,
        group,
    })
}

/// Builds the distance field to every goal, once untimed first.
fn measure_field(grid: &Grid<u32>, goals: &[Cell]) -> Result<FieldRow, String> {
    let mut field = DistanceField::new();
    field
        .build_grid(grid, goals[0], None)
        .map_err(|e| format!("distance field to {:?}: {e}", goals[0]))?;
    let mut times = Vec::with_capacity(goals.len());
    let mut settled = Vec::with_capacity(goals.len());
    let mut per_settled = Vec::with_capacity(goals.len());
    let mut total_settled = 0;
    for &goal in goals {
        let t = Instant::now();
        let stats = field
            .build_grid(grid, goal, None)
            .map_err(|e| format!("distance field to {goal:?}: {e}"))?;
        let seconds = t.elapsed().as_secs_f64();
        times.push(seconds);
        settled.push(stats.expanded as f64);
        per_settled.push(seconds * 1e9 / stats.expanded.max(1) as f64);
        total_settled += stats.expanded;
    }
    Ok(FieldRow {
        ms: median(&times) * 1e3,
        settled: median(&settled),
        ns_per_settled: median(&per_settled),
        bytes: field.heap_bytes(),
        total_seconds: times.iter().sum(),
        total_settled,
    })
}

/// The median of a method's times, and its expansions.
fn method(expanded: u64, times: &[f64]) -> Method {
    Method {
        expanded,
        seconds: median(times),
    }
}

/// Moves every chosen scenario's group three ways; failed checks go to `wrong`.
fn measure_groups(
    grid: &Grid<u32>,
    name: &str,
    chosen: &[(usize, Scenario)],
    config: &Config,
    engine: &mut Engine,
    search: &mut UnitSearch<Cell, u32>,
    wrong: &mut Vec<String>,
) -> Result<GroupRow, String> {
    let mut row = GroupRow {
        smallest: usize::MAX,
        worst: 1.0,
        ..GroupRow::default()
    };
    let mut path = Vec::new();
    let mut optimal: Vec<Option<u32>> = Vec::new();
    let mut reverse: Vec<Option<u32>> = Vec::new();
    for (line, sc) in chosen {
        let goal = sc.goal;
        let units = cluster(grid, sc.start, config.units);
        let here = |i: usize| {
            format!(
                "{name}: group of scenario line {line}, unit {i} at ({}, {}) to goal ({}, {})",
                units[i].x, units[i].y, goal.x, goal.y
            )
        };
        let mut times = [
            Vec::with_capacity(config.repeat),
            Vec::with_capacity(config.repeat),
            Vec::with_capacity(config.repeat),
        ];
        let mut expanded = [0u64; 3];
        let mut plan = None;
        for _ in 0..config.repeat {
            // (a) One A* per unit: also the optimal costs.
            let t = Instant::now();
            optimal.clear();
            expanded[0] = 0;
            for &u in &units {
                let query = Query::new(u, goal, GridHeuristic::new(grid, goal));
                let status = engine.search_into(grid, query, &mut path);
                expanded[0] += engine.stats().expanded;
                optimal.push(match status {
                    Status::Found { cost } => Some(cost),
                    Status::Error(e) => return Err(format!("A* from {u:?} to {goal:?}: {e}")),
                    _ => None,
                });
            }
            times[0].push(t.elapsed().as_secs_f64());

            // (b) One backward search for the group, every unit's path read.
            let t = Instant::now();
            let stats = search
                .run_grid(grid, goal, &units, grid_units_heuristic(grid, &units))
                .map_err(|e| format!("UnitSearch to {goal:?}: {e}"))?;
            reverse.clear();
            for i in 0..units.len() {
                reverse.push(
                    search
                        .path_into(grid, i, &mut path)
                        .map_err(|e| e.to_string())?,
                );
            }
            expanded[1] = stats.expanded;
            times[1].push(t.elapsed().as_secs_f64());

            // (c) Group paths.
            let t = Instant::now();
            let p = group_paths(engine, grid, &units, goal, config.k, |t| {
                GridHeuristic::new(grid, t)
            })
            .map_err(|e| format!("group_paths to {goal:?}: {e}"))?;
            times[2].push(t.elapsed().as_secs_f64());
            expanded[2] = p.expanded;
            plan = Some(p);
        }
        row.groups += 1;
        row.units += units.len();
        row.smallest = row.smallest.min(units.len());
        row.per_unit.add(method(expanded[0], &times[0]));
        row.reverse.add(method(expanded[1], &times[1]));
        row.group.add(method(expanded[2], &times[2]));

        // The checks, untimed: the reverse search against the per-unit costs.
        for i in 0..units.len() {
            let cost = search
                .path_into(grid, i, &mut path)
                .map_err(|e| e.to_string())?;
            if cost != optimal[i] || reverse[i] != optimal[i] {
                wrong.push(format!(
                    "{}: reverse search cost {:?}, one A* per unit {:?}",
                    here(i),
                    reverse[i],
                    optimal[i]
                ));
            } else if cost.is_some()
                && (path.first() != Some(&units[i])
                    || path.last() != Some(&goal)
                    || path_cost(grid, &path) != cost)
            {
                wrong.push(format!(
                    "{}: the reverse search's path is not a path of cost {cost:?} from the \
                     unit to the goal",
                    here(i)
                ));
            }
        }
        // Group paths: valid paths, never below optimal; the cost ratios.
        let Some(plan) = plan else { continue };
        if plan.paths.len() != units.len() {
            wrong.push(format!(
                "{name}: group of scenario line {line}: {} paths for {} units",
                plan.paths.len(),
                units.len()
            ));
            continue;
        }
        for (i, p) in plan.paths.iter().enumerate() {
            match (p, optimal[i]) {
                (None, None) => {}
                (None, Some(o)) => {
                    wrong.push(format!("{}: no group path, optimal cost {o}", here(i)));
                }
                (Some(p), None) => wrong.push(format!(
                    "{}: group path of cost {}, one A* per unit finds none",
                    here(i),
                    p.cost
                )),
                (Some(p), Some(o)) => {
                    if p.nodes.first() != Some(&units[i])
                        || p.nodes.last() != Some(&goal)
                        || path_cost(grid, &p.nodes) != Some(p.cost)
                    {
                        wrong.push(format!(
                            "{}: the group path is not a path of cost {} from the unit to \
                             the goal (path_cost {:?})",
                            here(i),
                            p.cost,
                            path_cost(grid, &p.nodes)
                        ));
                    } else if p.cost < o {
                        wrong.push(format!(
                            "{}: group path cost {} below the optimal {o}",
                            here(i),
                            p.cost
                        ));
                    }
                    let ratio = if o == 0 {
                        1.0
                    } else {
                        f64::from(p.cost) / f64::from(o)
                    };
                    row.ratio_sum += ratio;
                    row.ratios += 1;
                    row.worst = row.worst.max(ratio);
                }
            }
        }
    }
    if row.groups == 0 {
        row.smallest = 0;
    }
    Ok(row)
}

/// `a / b` with two decimals, `-` when `b` is 0.
fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 {
        format!("{:.2}", a / b)
    } else {
        "-".into()
    }
}

/// The group columns, or dashes.
fn group_columns(g: Option<&GroupRow>) -> String {
    let Some(g) = g else {
        return " - | - | - | - | - | - | - | - | - | - |".into();
    };
    let (mean, worst) = if g.ratios > 0 {
        (
            format!("{:.4}", g.ratio_sum / g.ratios as f64),
            format!("{:.4}", g.worst),
        )
    } else {
        ("-".into(), "-".into())
    };
    format!(
        " {} | {} | {:.2} | {} | {:.2} | {} | {:.2} | {}x | {mean} | {worst} |",
        g.groups,
        g.per_unit.expanded,
        g.per_unit.seconds * 1e3,
        g.reverse.expanded,
        g.reverse.seconds * 1e3,
        g.group.expanded,
        g.group.seconds * 1e3,
        ratio(g.per_unit.expanded as f64, g.group.expanded as f64),
    )
}

fn print_row(row: &MapRow) {
    let f = &row.field;
    println!(
        "| {} | {} | {:.2} | {:.0} | {:.2} | {:.2} |{}",
        row.name,
        row.cells,
        f.ms,
        f.settled,
        f.ns_per_settled,
        f.bytes as f64 / row.cells as f64,
        group_columns(row.group.as_ref())
    );
}

/// The groups of every map together.
fn total_groups(rows: &[MapRow]) -> Option<GroupRow> {
    let mut total = GroupRow {
        smallest: usize::MAX,
        worst: 1.0,
        ..GroupRow::default()
    };
    let mut any = false;
    for g in rows.iter().filter_map(|r| r.group.as_ref()) {
        any = true;
        total.groups += g.groups;
        total.units += g.units;
        total.smallest = total.smallest.min(g.smallest);
        total.per_unit.add(g.per_unit);
        total.reverse.add(g.reverse);
        total.group.add(g.group);
        total.ratio_sum += g.ratio_sum;
        total.ratios += g.ratios;
        total.worst = total.worst.max(g.worst);
    }
    any.then_some(total)
}

fn print_total(rows: &[MapRow]) {
    let cells: u64 = rows.iter().map(|r| r.cells).sum();
    let ms: f64 = rows.iter().map(|r| r.field.ms).sum();
    let settled: f64 = rows.iter().map(|r| r.field.settled).sum();
    let seconds: f64 = rows.iter().map(|r| r.field.total_seconds).sum();
    let all_settled: u64 = rows.iter().map(|r| r.field.total_settled).sum();
    let bytes: usize = rows.iter().map(|r| r.field.bytes).sum();
    println!(
        "| all {} maps | {cells} | {ms:.2} | {settled:.0} | {:.2} | {:.2} |{}",
        rows.len(),
        seconds * 1e9 / all_settled.max(1) as f64,
        bytes as f64 / cells.max(1) as f64,
        group_columns(total_groups(rows).as_ref())
    );
}

/// "1 map", "2 maps".
fn count_maps(n: usize) -> String {
    if n == 1 {
        "1 map".into()
    } else {
        format!("{n} maps")
    }
}

fn summary(rows: &[MapRow]) {
    if rows.is_empty() {
        println!("no map measured");
        return;
    }
    let Some(g) = total_groups(rows) else {
        println!("{} measured, no groups", count_maps(rows.len()));
        return;
    };
    let worst_map = rows
        .iter()
        .filter_map(|r| r.group.as_ref().map(|g| (r, g.worst)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or_else(String::new, |(r, _)| format!(" (on {})", r.name));
    println!(
        "total over {}, {} groups, {} units: per-unit {} exp {:.2} ms; reverse {} exp \
         {:.2} ms ({}x less time than per-unit); group paths {} exp {:.2} ms ({}x less time \
         than per-unit, {}x fewer expansions); group cost / optimal mean {}, worst {:.4}{}",
        count_maps(rows.len()),
        g.groups,
        g.units,
        g.per_unit.expanded,
        g.per_unit.seconds * 1e3,
        g.reverse.expanded,
        g.reverse.seconds * 1e3,
        ratio(g.per_unit.seconds, g.reverse.seconds),
        g.group.expanded,
        g.group.seconds * 1e3,
        ratio(g.per_unit.seconds, g.group.seconds),
        ratio(g.per_unit.expanded as f64, g.group.expanded as f64),
        if g.ratios > 0 {
            format!("{:.4}", g.ratio_sum / g.ratios as f64)
        } else {
            "-".into()
        },
        g.worst,
        worst_map
    );
}
