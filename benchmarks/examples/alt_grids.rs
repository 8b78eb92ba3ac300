//! Compares the ALT landmark heuristic (`pathseek::landmarks`) with the octile
//! heuristic on the MovingAI grid maps: for every `.map` file of a directory
//! that has its `.map.scen` next to it, the same queries through reused A*
//! engines (`BinaryHeap` + `IndexedStore`, exact integer octile costs) with
//! either heuristic: one engine per heuristic type (an engine runs one query
//! type), the octile one (the grid's heuristic as a `GridHeuristic`) kept
//! over the maps, the ALT ones made per map (they hold the landmarks'
//! borrow) and grown by the untimed warm-up.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example alt_grids
//! cargo run --release -p pathseek-benchmarks --example alt_grids -- --help
//! cargo run --release -p pathseek-benchmarks --example alt_grids -- \
//!     --map ../shared/movingai/den520d.map --landmarks 1,4,8,16 --selection farthest
//! ```
//!
//! The queries of a map are up to `--queries` scenarios (300 by default)
//! spread evenly over its file, leaving out those the file marks unreachable.
//! Every heuristic first solves them once untimed: a warm-up that also checks
//! the answers, octile A* against the file's optimal lengths and ALT against
//! octile A*, exactly (any difference is reported, and the tool exits with
//! code 1). Then come `--repeat` timed rounds, in which the heuristics take
//! turns; the time reported is the median round.
//!
//! The columns, one row per map:
//! - `cells`: width x height (every cell has a row in the landmark table,
//!   walls included); `queries`: the scenarios run.
//! - `octile exp`, `octile ms`: octile A*'s total expansions over the queries
//!   and its time for all of them.
//! - per landmark count `k` (`--landmarks`, default 4 and 16): `ALTk prep ms`,
//!   choosing the landmarks (`--selection`, default avoid) and computing their
//!   distances, timed once; `B/cell`, the bytes of distances per cell
//!   (`Landmarks::bytes_per_node`); `exp` and `ms` as for octile (the ALT
//!   heuristic is made per query, inside the time); `exp x` and `time x`,
//!   octile / ALT: above 1, ALT does better.
//!
//! The summary gives, per landmark count, the geometric means of the two
//! ratios over the maps and the maps on which ALT is slower than octile (time
//! ratio below 1). Exit codes: 0, 1 for a wrong answer, 2 for bad flags or
//! files. Without the maps directory the tool says so and exits 0.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use pathseek::grid::{GridHeuristic, EXACT_OCTILE_SCALE};
use pathseek::io::movingai::{load_scenarios, MovingAiMap, Scenario};
use pathseek::landmarks::{LandmarkError, Landmarks, Selection};
use pathseek::open_set::BinaryHeap;
use pathseek::query::MaxOf;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, Heuristic, Query, SearchError, Status};
use pathseek_benchmarks::common::{
    check_name, file_name, map_files, median, report_checks, Flags, Help,
};
use pathseek_benchmarks::peers::{exact_costs, fits_u32, ExactInt};

/// The `--selection` names, in the order of [`SELECTIONS`].
const SELECTION_NAMES: &[&str] = &["farthest", "avoid", "random"];
const SELECTIONS: [Selection; 3] = [Selection::Farthest, Selection::Avoid, Selection::Random];

/// The engine the searches of one cost type and heuristic type run on.
type Engine<C, H> = AStar<BinaryHeap<C>, IndexedStore<C>, Query<Cell, C, H>>;

/// The engine of the octile searches, kept from map to map.
type OctileEngine<C> = Engine<C, GridHeuristic<C>>;

fn main() {
    pathseek_benchmarks::common::exit(run())
}

/// What every map is measured with.
struct Config {
    counts: Vec<usize>,
    selection: Selection,
    seed: u64,
    queries: usize,
    repeat: usize,
    /// Use the larger of ALT and octile (`MaxOf`) instead of ALT alone.
    with_octile: bool,
}

/// One landmark count on one map.
struct AltRun {
    /// Landmarks chosen (fewer than asked on a tiny map).
    chosen: usize,
    prep_seconds: f64,
    bytes_per_cell: usize,
    expanded: u64,
    seconds: f64,
}

/// One map's row.
struct MapRow {
    name: String,
    cells: u64,
    queries: usize,
    octile_expanded: u64,
    octile_seconds: f64,
    alt: Vec<AltRun>,
}

/// Why a map could not be measured.
enum MapError {
    /// A cost overflowed `u32`: measure the map again with `u64` costs.
    Overflow,
    /// Anything else: the map is skipped with this message.
    Other(String),
}

fn positive(flags: &Flags, name: &str, default: &str) -> Result<usize, String> {
    flags
        .get_or(name, default)
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("--{name} needs a positive integer"))
}

/// Runs the tool: `Ok(false)` when an answer was wrong.
fn run() -> Result<bool, String> {
    let default_maps = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/movingai");
    let maps_help = format!(
        "directory of MovingAI .map files, each with its .map.scen next to it \
         (default {default_maps})"
    );
    let flags = Flags::parse(&Help {
        about: "Compares the ALT landmark heuristic (pathseek::landmarks) with the octile \
                heuristic on MovingAI maps: the same scenarios through one reused A* engine \
                (BinaryHeap + IndexedStore, exact integer octile costs), checked for equal \
                costs, timed as whole query sets.",
        usage: "alt_grids [--maps DIR | --map FILE.map [--scen FILE.map.scen]] \
                [--queries N] [--landmarks LIST] [--selection NAME] [--seed S] [--repeat R]",
        flags: &[
            ("--maps DIR", &maps_help),
            ("--map FILE", "one map (.map) instead of a directory"),
            (
                "--scen FILE",
                "the scenarios of --map (default FILE.map.scen next to it)",
            ),
            (
                "--queries N",
                "scenarios per map, spread evenly over its file, unreachable ones left \
                 out (default 300)",
            ),
            (
                "--landmarks LIST",
                "landmark counts, comma-separated (default 4,16)",
            ),
            (
                "--selection NAME",
                "how landmarks are chosen: farthest, avoid or random (default avoid)",
            ),
            ("--seed S", "seed of the landmark choice (default 1)"),
            (
                "--with-octile",
                "ALT rows use the larger of ALT and octile (pathseek::query::MaxOf)",
            ),
            (
                "--repeat R",
                "timed rounds over each query set, median reported (default 3)",
            ),
        ],
        more: "Columns: cells (width x height), queries run, octile A*'s total expansions \
               and ms for the query set; per landmark count k: ALTk prep ms (choosing the \
               landmarks and their distances, once), B/cell (Landmarks::bytes_per_node), \
               total expansions, ms, and the ratios octile / ALT of expansions and time \
               (above 1: ALT does better). Every answer is checked first (octile against \
               the file's optimal lengths, ALT against octile, exactly); a difference exits \
               with code 1.\n\nThe summary: per landmark count, the geometric means of the \
               two ratios over the maps, and the maps where ALT is slower (time ratio \
               below 1).",
    })?;
    let queries = positive(&flags, "queries", "300")?;
    let repeat = positive(&flags, "repeat", "3")?;
    let seed: u64 = flags
        .get_or("seed", "1")
        .parse()
        .map_err(|_| "--seed needs a number")?;
    let counts: Vec<usize> = flags
        .get_or("landmarks", "4,16")
        .split(',')
        .map(|s| s.trim().parse().ok().filter(|&n: &usize| n > 0))
        .collect::<Option<_>>()
        .ok_or("--landmarks needs a comma-separated list of positive integers")?;
    let selection_name = flags.get_or("selection", "avoid");
    check_name("selection", selection_name, SELECTION_NAMES)?;
    let selection = SELECTION_NAMES
        .iter()
        .position(|&n| n == selection_name)
        .map(|i| SELECTIONS[i])
        .ok_or("unknown selection")?;
    let config = Config {
        counts,
        selection,
        seed,
        queries,
        repeat,
        with_octile: flags.is_set("with-octile"),
    };

    // The maps and their scenario files.
    let mut notes = Vec::new();
    let pairs: Vec<(PathBuf, PathBuf)> = if let Some(map) = flags.get("map") {
        let scen = flags
            .get("scen")
            .map_or_else(|| PathBuf::from(format!("{map}.scen")), PathBuf::from);
        if !scen.is_file() {
            return Err(format!(
                "{}: no such scenario file (see --scen)",
                scen.display()
            ));
        }
        vec![(PathBuf::from(map), scen)]
    } else {
        if flags.is_set("scen") {
            return Err("--scen goes with --map".into());
        }
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
        let mut pairs = Vec::new();
        for map in files {
            let mut scen = map.clone().into_os_string();
            scen.push(".scen");
            let scen = PathBuf::from(scen);
            if scen.is_file() {
                pairs.push((map, scen));
            } else {
                notes.push(format!(
                    "{}: skipped, no scenario file {}",
                    file_name(&map),
                    file_name(&scen)
                ));
            }
        }
        pairs
    };

    let selection_label = format!(
        "{selection_name}, seed {seed}{}",
        if flags.is_set("with-octile") {
            ", each ALT heuristic maxed with octile"
        } else {
            ""
        }
    );
    println!(
        "ALT ({selection_label}) against octile A*: up to {queries} queries per map, exact \
         integer octile costs, reused BinaryHeap + IndexedStore engines (one per heuristic \
         type), median of \
         {repeat} timed rounds; ratios are octile / ALT"
    );
    println!();
    print_header(&config.counts);

    let mut engine32: OctileEngine<u32> = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut engine64: OctileEngine<u64> = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut mismatches = Vec::new();
    let mut rows = Vec::new();
    for (map_path, scen_path) in &pairs {
        let name = file_name(map_path);
        let loaded = MovingAiMap::load(map_path)
            .map_err(|e| e.to_string())
            .and_then(|m| Ok((m, load_scenarios(scen_path).map_err(|e| e.to_string())?)));
        let (map, scenarios) = match loaded {
            Ok(x) => x,
            Err(e) => {
                notes.push(format!("{name}: skipped, {e}"));
                continue;
            }
        };
        let chosen = match pick(&map, &scenarios, config.queries) {
            Ok(c) if c.is_empty() => {
                notes.push(format!("{name}: skipped, no reachable scenario"));
                continue;
            }
            Ok(c) => c,
            Err(e) => {
                notes.push(format!("{name}: skipped, {e}"));
                continue;
            }
        };
        let mut wrong = Vec::new();
        let mut result = Err(MapError::Overflow);
        let mut label = name.clone();
        if fits_u32(&map, &chosen) {
            result = measure(&mut engine32, &map, &chosen, &config, &mut wrong);
        }
        if matches!(result, Err(MapError::Overflow)) {
            wrong.clear();
            label = format!("{name} (u64)");
            result = measure(&mut engine64, &map, &chosen, &config, &mut wrong);
        }
        mismatches.extend(wrong.into_iter().map(|w| format!("{name}: {w}")));
        match result {
            Ok(mut row) => {
                row.name = label;
                print_row(&row);
                rows.push(row);
            }
            Err(MapError::Overflow) => notes.push(format!("{name}: skipped, u64 costs overflow")),
            Err(MapError::Other(e)) => notes.push(format!("{name}: skipped, {e}")),
        }
    }

    println!();
    summary(&rows, &config, &selection_label);
    Ok(report_checks(
        &notes,
        &mismatches,
        "WRONG ANSWER: ",
        "",
        "wrong answers",
    ))
}

/// Up to `n` scenarios the file says are reachable, spread evenly over it,
/// each checked against the map.
fn pick(map: &MovingAiMap, scenarios: &[Scenario], n: usize) -> Result<Vec<Scenario>, String> {
    let reachable: Vec<(usize, &Scenario)> = scenarios
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.expects_no_path())
        .collect();
    let len = reachable.len();
    let take = n.min(len);
    (0..take)
        .map(|i| {
            let (line, s) = reachable[i * len / take];
            s.check_against(map)
                .map_err(|e| format!("scenario line {}: {e}", line + 2))?;
            Ok(s.clone())
        })
        .collect()
}

/// One search's answer: the cost (`None`: no path) and the expansions.
type Answer<C> = (Option<C>, u64);

/// Solves every query once with the heuristics `make` gives, into `answers`;
/// returns the seconds it took.
fn solve_all<C: ExactInt, H: Heuristic<Cell, C>>(
    engine: &mut Engine<C, H>,
    grid: &Grid<C>,
    queries: &[Scenario],
    make: impl Fn(Cell) -> Result<H, LandmarkError>,
    path: &mut Vec<Cell>,
    answers: &mut Vec<Answer<C>>,
) -> Result<f64, MapError> {
    answers.clear();
    let t = Instant::now();
    for sc in queries {
        let h = make(sc.goal).map_err(|e| MapError::Other(e.to_string()))?;
        let status = engine.search_into(grid, Query::new(sc.start, sc.goal, h), path);
        let cost = match black_box(status) {
            Status::Found { cost } => Some(cost),
            Status::Error(SearchError::CostOverflow { .. }) => return Err(MapError::Overflow),
            Status::Error(e) => return Err(MapError::Other(e.to_string())),
            _ => None,
        };
        answers.push((cost, engine.stats().expanded));
    }
    Ok(t.elapsed().as_secs_f64())
}

/// Measures one map in the cost type `C`; wrong answers go to `wrong`.
fn measure<C: ExactInt>(
    engine: &mut OctileEngine<C>,
    map: &MovingAiMap,
    queries: &[Scenario],
    config: &Config,
    wrong: &mut Vec<String>,
) -> Result<MapRow, MapError> {
    let grid = map.to_grid(Connectivity::Eight, exact_costs::<C>());
    let octile = |goal: Cell| Ok::<_, LandmarkError>(GridHeuristic::new(&grid, goal));
    // The ALT engines (one per heuristic type), grown by the warm-up below.
    let mut alt_engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut max_engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut path = Vec::new();
    let scale = f64::from(EXACT_OCTILE_SCALE);

    // The landmarks, timed once each.
    let mut sets = Vec::with_capacity(config.counts.len());
    for &k in &config.counts {
        let t = Instant::now();
        let lm = Landmarks::with_seed(&grid, k, config.selection, config.seed);
        let prep_seconds = t.elapsed().as_secs_f64();
        match lm {
            Ok(lm) => sets.push((lm, prep_seconds)),
            Err(LandmarkError::CostOverflow) => return Err(MapError::Overflow),
            Err(e) => return Err(MapError::Other(format!("{k} landmarks: {e}"))),
        }
    }

    // Untimed warm-up and check: octile against the file, ALT against octile.
    let mut reference = Vec::with_capacity(queries.len());
    solve_all(engine, &grid, queries, octile, &mut path, &mut reference)?;
    for (sc, (cost, _)) in queries.iter().zip(&reference) {
        let length = cost.map(|c| Into::<u64>::into(c) as f64 / scale);
        if !length.is_some_and(|l| sc.matches(l)) {
            wrong.push(format!(
                "octile A* from {:?} to {:?}: {}, the file says optimal {}",
                sc.start,
                sc.goal,
                length.map_or_else(|| "no path".to_string(), |l| format!("length {l:.6}")),
                sc.optimal
            ));
        }
    }
    let mut alt_answers = Vec::with_capacity(sets.len());
    for (lm, _) in &sets {
        let mut answers = Vec::with_capacity(queries.len());
        if config.with_octile {
            solve_all(
                &mut max_engine,
                &grid,
                queries,
                |goal| Ok(MaxOf(lm.heuristic(&grid, goal)?, grid.heuristic(goal))),
                &mut path,
                &mut answers,
            )?;
        } else {
            solve_all(
                &mut alt_engine,
                &grid,
                queries,
                |goal| lm.heuristic(&grid, goal),
                &mut path,
                &mut answers,
            )?;
        }
        for (sc, (a, o)) in queries.iter().zip(answers.iter().zip(&reference)) {
            if a.0 != o.0 {
                wrong.push(format!(
                    "ALT with {} landmarks from {:?} to {:?}: cost {:?}, octile A* {:?}",
                    lm.len(),
                    sc.start,
                    sc.goal,
                    a.0.map(Into::<u64>::into),
                    o.0.map(Into::<u64>::into)
                ));
            }
        }
        alt_answers.push(answers);
    }

    // Timed rounds: the heuristics take turns, so load changes spread over all.
    let mut scratch = Vec::with_capacity(queries.len());
    let mut octile_times = Vec::with_capacity(config.repeat);
    let mut alt_times = vec![Vec::with_capacity(config.repeat); sets.len()];
    for _ in 0..config.repeat {
        octile_times.push(solve_all(
            engine,
            &grid,
            queries,
            octile,
            &mut path,
            &mut scratch,
        )?);
        for ((lm, _), times) in sets.iter().zip(&mut alt_times) {
            times.push(if config.with_octile {
                solve_all(
                    &mut max_engine,
                    &grid,
                    queries,
                    |goal| Ok(MaxOf(lm.heuristic(&grid, goal)?, grid.heuristic(goal))),
                    &mut path,
                    &mut scratch,
                )?
            } else {
                solve_all(
                    &mut alt_engine,
                    &grid,
                    queries,
                    |goal| lm.heuristic(&grid, goal),
                    &mut path,
                    &mut scratch,
                )?
            });
        }
    }

    let total = |answers: &[Answer<C>]| answers.iter().map(|a| a.1).sum::<u64>();
    Ok(MapRow {
        name: String::new(),
        cells: u64::from(map.width()) * u64::from(map.height()),
        queries: queries.len(),
        octile_expanded: total(&reference),
        octile_seconds: median(&octile_times),
        alt: sets
            .iter()
            .zip(&alt_answers)
            .zip(&alt_times)
            .map(|(((lm, prep), answers), times)| AltRun {
                chosen: lm.len(),
                prep_seconds: *prep,
                bytes_per_cell: lm.bytes_per_node(),
                expanded: total(answers),
                seconds: median(times),
            })
            .collect(),
    })
}

fn print_header(counts: &[usize]) {
    let mut head = "| map | cells | queries | octile exp | octile ms |".to_string();
    let mut rule = "|---|---:|---:|---:|---:|".to_string();
    for k in counts {
        head += &format!(
            " ALT{k} prep ms | ALT{k} B/cell | ALT{k} exp | ALT{k} ms | ALT{k} exp x | \
             ALT{k} time x |"
        );
        rule += "---:|---:|---:|---:|---:|---:|";
    }
    println!("{head}");
    println!("{rule}");
}

fn print_row(row: &MapRow) {
    let mut line = format!(
        "| {} | {} | {} | {} | {:.2} |",
        row.name,
        row.cells,
        row.queries,
        row.octile_expanded,
        row.octile_seconds * 1e3
    );
    for a in &row.alt {
        line += &format!(
            " {:.1} | {} | {} | {:.2} | {:.2} | {:.2} |",
            a.prep_seconds * 1e3,
            a.bytes_per_cell,
            a.expanded,
            a.seconds * 1e3,
            row.octile_expanded as f64 / a.expanded as f64,
            row.octile_seconds / a.seconds
        );
    }
    println!("{line}");
}

fn geometric_mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v.ln(), n + 1));
    if n == 0 {
        f64::NAN
    } else {
        (sum / n as f64).exp()
    }
}

/// "1 map", "2 maps".
fn count_maps(n: usize) -> String {
    if n == 1 {
        "1 map".into()
    } else {
        format!("{n} maps")
    }
}

fn summary(rows: &[MapRow], config: &Config, selection: &str) {
    if rows.is_empty() {
        println!("no map measured");
        return;
    }
    for (i, k) in config.counts.iter().enumerate() {
        let runs = || rows.iter().map(move |r| (r, &r.alt[i]));
        let exp = geometric_mean(runs().map(|(r, a)| r.octile_expanded as f64 / a.expanded as f64));
        let time = geometric_mean(runs().map(|(r, a)| r.octile_seconds / a.seconds));
        let losses: Vec<String> = runs()
            .filter(|(r, a)| r.octile_seconds < a.seconds)
            .map(|(r, a)| format!("{} ({:.2}x)", r.name, r.octile_seconds / a.seconds))
            .collect();
        let fewer: Vec<&str> = runs()
            .filter(|(_, a)| a.chosen < *k)
            .map(|(r, _)| r.name.as_str())
            .collect();
        println!(
            "ALT{k} ({selection}), geometric mean over {}: expansions octile/ALT {exp:.2}x, \
             time octile/ALT {time:.2}x; ALT slower on {}{}",
            count_maps(rows.len()),
            if losses.is_empty() {
                "none".to_string()
            } else {
                format!("{}: {}", count_maps(losses.len()), losses.join(", "))
            },
            if fewer.is_empty() {
                String::new()
            } else {
                format!("; fewer landmarks than asked on {}", fewer.join(", "))
            }
        );
    }
}
