//! Peer comparison: the same MovingAI scenarios through the `pathfinding` and
//! `petgraph` crates' A* and through several pathseek configurations, timed, as a
//! markdown table.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example compare -- \
//!     --map FILE.map --scen FILE.map.scen [--repeat R] [--terrain SEED] [--only NAME] \
//!     [--bounds FILE]
//! cargo run --release -p pathseek-benchmarks --example compare -- --help
//! ```
//!
//! First every engine runs the whole scenario file once, untimed (warm-up); all
//! answers are then checked against pathseek's default (exact equality of integer
//! costs, float lengths within 1e-6 relative) and the default against the file's
//! optimal lengths; any difference exits with code 1 naming the scenario line.
//! Then the whole file is timed `R` times per engine (default 3, the engines
//! interleaved round by round) and the median total is reported.
//!
//! The last line is `ratio_default X ratio_best Y`: the `pathfinding` time
//! (its faster successor style in this run) divided by the time of pathseek's
//! default (`pathseek::astar` as in the README) and of the fastest pathseek
//! configuration of A* over the full grid measured in this run. The jump point
//! rows (A* over `pathseek::jump_points::JumpPoints`, cell by cell, and over
//! `pathseek::jump_points::BlockJumpPoints`, 64 cells per word: pruned graphs rather
//! than open-set configurations) are marked JUMP POINTS and get their own
//! lines just before it: `ratio_jump_points Z` (the fastest jump point
//! configuration without preprocessing) and `ratio_jump_points_pre W` (the
//! fastest row over `pathseek::jump_points::PrecomputedJumps`, JPS+: jump tables
//! built once before the timing, marked JUMP POINTS PRE). The build of the
//! tables is not part of any search's time; it is timed on its own and
//! printed once before the table (`precomputed jumps: build ... ms, ... bytes
//! per cell, sync after one edited cell ... us`).
//!
//! Goal bounding (`pathseek::jump_points::BoundedJumps`: precomputed jumps
//! whose rays are skipped when their first move's bounding box does not hold
//! the goal; Rabin and Sturtevant 2016) runs in the configuration of the
//! fastest precomputed jumps row (a reused `DaryHeap<4>` engine, exact
//! integer costs), marked GOAL BOUNDING, checked like every row. Its table
//! takes one Dijkstra per passable cell to build (tens of seconds or more on
//! den520d), never part of a search's time: `--bounds FILE` loads it from
//! FILE when FILE holds the table of this map (checked: size, costs, cost
//! type, passability), else builds it, prints the build time, and saves it
//! there, so repeated runs do not rebuild. Without `--bounds` it is built on
//! every run. Its lines, just before the last: the expansions of the
//! precomputed jumps and goal bounding rows over the whole file (and their
//! ratio), then `ratio_goal_bounding G`: the `pathfinding` time over the
//! goal-bounded engine's.
//!
//! `--terrain SEED` runs the same map with seeded terrain weights (1-3 per
//! 8 x 8 block, `pathseek_benchmarks::terrain`): every pathseek grid gets them
//! through `Grid::set_terrain`, the peers price each move into a cell the same
//! way (move cost times the cell's weight). The file's optimal lengths do not
//! hold then: every engine is checked against pathseek's default, and the
//! default against `pathfinding`'s Dijkstra on a spread of scenarios. The jump
//! point and goal bounding rows are left out (their graphs refuse terrain,
//! which the output says), and the last line
//! is `ratio_terrain_default D ratio_terrain_best B`.
//!
//! `--only NAME` is for profiling: it keeps the engines whose name contains
//! NAME, runs the file `R` times each with no check and no ratio line, and
//! prints each median.

use std::hint::black_box;
use std::time::Instant;

use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek_benchmarks::common::{median, Flags, Help};
use pathseek_benchmarks::peers::{
    check_same, fits_u32, Answer, Contender, ExactInt, Family, Solved, World,
};
use pathseek_benchmarks::terrain::{fits_u32_weighted, Terrain, BLOCK, MAX_WEIGHT};

fn main() {
    match run() {
        Ok(()) => {}
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}

fn run() -> Result<(), String> {
    let flags = Flags::parse(&Help {
        about: "Times the same MovingAI scenarios through the pathfinding and petgraph \
                crates' A* and through several pathseek configurations, checks that all \
                agree (and pathseek's default against the file's optimal lengths), and \
                prints a markdown table. Exit code 1 on any disagreement or error.",
        usage: "cargo run --release -p pathseek-benchmarks --example compare -- \
                --map FILE.map --scen FILE.map.scen [--repeat R] [--terrain SEED] [--only NAME] \
                [--bounds FILE]",
        flags: &[
            ("--map FILE", "the map (.map), required"),
            ("--scen FILE", "its scenarios (.map.scen), required"),
            (
                "--repeat R",
                "timed runs of the whole file per engine, the median is reported (default 3)",
            ),
            (
                "--terrain SEED",
                "seeded terrain weights 1-3 per 8 x 8 block (a whole number; the same seed \
                 gives the same weights); checks against pathseek's default, no jump point rows",
            ),
            (
                "--bounds FILE",
                "the goal bounds' table: loaded from FILE if it holds this map's, else built \
                 (the build time printed) and saved to FILE (default: built, not saved)",
            ),
            (
                "--only NAME",
                "profiling: only the engines whose name contains NAME, R unchecked \
                 timed runs each, medians printed, no ratios",
            ),
        ],
        more: "The last lines are `ratio_jump_points X` (the fastest jump point \
               configuration without preprocessing), `ratio_jump_points_pre Y` (with \
               precomputed jumps), the expansions of the precomputed jumps and goal \
               bounding rows, `ratio_goal_bounding G` (precomputed jumps with goal \
               bounds, pathseek::jump_points::BoundedJumps) and `ratio_default D \
               ratio_best B` (the README's one-shot astar() and the fastest full-grid \
               configuration): the pathfinding time over pathseek's, in the same run. \
               With --terrain the last line is `ratio_terrain_default D \
               ratio_terrain_best B` instead, and neither jump points nor goal bounding \
               run (they refuse terrain).",
    })?;
    let map_path = flags.get("map").ok_or("--map FILE.map is required")?;
    let scen_path = flags
        .get("scen")
        .ok_or("--scen FILE.map.scen is required")?;
    let repeat: usize = flags
        .get_or("repeat", "3")
        .parse()
        .ok()
        .filter(|&r| r > 0)
        .ok_or("--repeat needs a positive integer")?;
    let seed: Option<u64> = match flags.get("terrain") {
        Some(s) => Some(
            s.parse()
                .map_err(|_| format!("--terrain needs a whole number (a seed), not '{s}'"))?,
        ),
        None => None,
    };
    let only = flags.get("only");
    let bounds = flags.get("bounds");
    let map = MovingAiMap::load(map_path).map_err(|e| e.to_string())?;
    let scenarios = movingai::load_scenarios(scen_path).map_err(|e| e.to_string())?;
    for (i, sc) in scenarios.iter().enumerate() {
        sc.check_against(&map)
            .map_err(|e| format!("{scen_path}: scenario line {}: {e}", i + 2))?;
    }
    if scenarios.is_empty() {
        return Err(format!("{scen_path}: no scenarios"));
    }
    println!(
        "map {map_path} ({} x {}), {} scenarios, median of {repeat} timed runs of the whole file",
        map.width(),
        map.height(),
        scenarios.len()
    );
    let terrain = seed.map(|seed| Terrain::new(map.width(), map.height(), seed));
    if let Some(t) = &terrain {
        let [one, two, three] = t.counts();
        println!(
            "terrain: seed {}, weights 1-{MAX_WEIGHT} per {BLOCK} x {BLOCK} block (splitmix64), \
             cells of weight 1 / 2 / 3: {one} / {two} / {three}; a move costs its length times \
             the weight of the cell entered",
            t.seed()
        );
    }
    let fits = match &terrain {
        Some(t) => fits_u32_weighted(&map, &scenarios, t.max_weight()),
        None => fits_u32(&map, &scenarios),
    };
    let setup = Setup {
        scenarios: &scenarios,
        repeat,
        only,
        bounds,
    };
    if fits {
        compare::<u32>(&map, terrain, &setup)
    } else {
        compare::<u64>(&map, terrain, &setup)
    }
}

/// What every run shares.
struct Setup<'a> {
    scenarios: &'a [Scenario],
    repeat: usize,
    only: Option<&'a str>,
    /// `--bounds FILE`: where the goal bounds are cached.
    bounds: Option<&'a str>,
}

/// The goal-bounded engine's name (`--only` matches it).
const GOAL_BOUNDING: &str = "pathseek goal bounding: reused DaryHeap<4>";

/// How many scenarios, spread over the file, anchor pathseek's default to
/// `pathfinding`'s Dijkstra in terrain mode.
const ANCHORS: usize = 40;

/// One engine's measurements.
struct Row {
    name: String,
    cost: &'static str,
    family: Family,
    /// Median total seconds for the whole file.
    seconds: f64,
    /// Total expansions (own count, or the default's for peers).
    expanded: u64,
    own_count: bool,
}

fn compare<C: ExactInt>(
    map: &MovingAiMap,
    terrain: Option<Terrain>,
    setup: &Setup<'_>,
) -> Result<(), String> {
    let (scenarios, repeat) = (setup.scenarios, setup.repeat);
    let terrain_mode = terrain.is_some();
    let world = match terrain {
        Some(t) => World::<C>::with_terrain(map, t)?,
        None => World::<C>::new(map),
    };
    // Built (or loaded) before the engines, which borrow it.
    let bounded = if terrain_mode {
        println!(
            "goal bounding: not run with terrain (BoundedJumps refuses a grid with terrain \
             weights, like the jump point graphs it builds on)"
        );
        None
    } else if setup.only.is_none_or(|name| GOAL_BOUNDING.contains(name)) {
        match world.goal_bounds(setup.bounds) {
            Ok((b, line)) => {
                println!("{line}");
                Some(b)
            }
            Err(e) => {
                println!("goal bounding: not run ({e})");
                None
            }
        }
    } else {
        None
    };
    let mut engines = if terrain_mode {
        println!(
            "jump points: not run with terrain (JumpPoints, BlockJumpPoints and \
             PrecomputedJumps refuse a grid with terrain weights)"
        );
        world.all_terrain()
    } else {
        if setup.only.is_none() {
            match world.precomputed_build_seconds(5, 200) {
                Some((build, bytes, update)) => println!(
                    "precomputed jumps: build {:.2} ms (median of 5), {bytes:.1} bytes per \
                     cell, sync after one edited cell {:.1} us (median of 400)",
                    build * 1e3,
                    update * 1e6
                ),
                None => println!("precomputed jumps: the grid cannot be searched by jump points"),
            }
        }
        let mut all = world.all();
        if let Some(b) = &bounded {
            all.push(world.pathseek_goal_bounding(b));
        }
        all
    };
    if let Some(name) = setup.only {
        engines.retain(|e| e.name.contains(name));
        return profile(&mut engines, scenarios, repeat, name);
    }

    // Warm-up, which also gives every engine's answers for the cost check.
    let answers: Vec<Vec<Solved>> = engines.iter_mut().map(|e| e.run_file(scenarios)).collect();
    let reference = &answers[0];
    let reference_name = &engines[0].name;
    if terrain_mode {
        // The file's optimal lengths are for the plain map.
        anchor(&world, scenarios, reference, reference_name)?;
    } else {
        check_optimal(scenarios, reference, reference_name)?;
    }
    for (e, a) in engines.iter().zip(&answers).skip(1) {
        check_same(reference_name, reference, &e.name, a)?;
    }
    let default_expanded: u64 = reference.iter().filter_map(|s| s.expanded).sum();

    // Timing: the engines take turns, round by round, so load changes spread
    // over all of them.
    let mut times = vec![Vec::with_capacity(repeat); engines.len()];
    for _ in 0..repeat {
        for (e, t) in engines.iter_mut().zip(&mut times) {
            t.push(time_file(e, scenarios));
        }
    }
    let rows: Vec<Row> = engines
        .iter()
        .zip(&times)
        .zip(&answers)
        .map(|((e, t), a)| {
            let own: Option<u64> = a.iter().map(|s| s.expanded).sum();
            Row {
                name: e.name.clone(),
                cost: e.cost,
                family: e.family,
                seconds: median(t),
                expanded: own.unwrap_or(default_expanded),
                own_count: own.is_some(),
            }
        })
        .collect();
    print_table(&rows, scenarios.len(), terrain_mode);
    Ok(())
}

/// Checks pathseek's default (`reference`) against the file's optimal lengths.
fn check_optimal(
    scenarios: &[Scenario],
    reference: &[Solved],
    reference_name: &str,
) -> Result<(), String> {
    for (i, (sc, r)) in scenarios.iter().zip(reference).enumerate() {
        let ok = match r.answer.length() {
            Some(len) => sc.matches(len),
            None => r.answer == Answer::NoPath && sc.expects_no_path(),
        };
        if !ok {
            return Err(format!(
                "scenario line {}: {reference_name} gives {}, the file says optimal {}",
                i + 2,
                r.answer,
                sc.optimal
            ));
        }
    }
    Ok(())
}

/// Terrain mode: checks pathseek's default (`reference`) against
/// `pathfinding`'s Dijkstra on [`ANCHORS`] scenarios spread over the file
/// (the first, the last and evenly between) and prints how many agreed.
fn anchor<C: ExactInt>(
    world: &World<C>,
    scenarios: &[Scenario],
    reference: &[Solved],
    reference_name: &str,
) -> Result<(), String> {
    let n = scenarios.len();
    let mut picks: Vec<usize> = (0..ANCHORS.min(n))
        .map(|k| k * (n - 1) / (ANCHORS.min(n) - 1).max(1))
        .collect();
    picks.dedup();
    for &i in &picks {
        let d = world.dijkstra_terrain(&scenarios[i]);
        if !reference[i].answer.same_as(&d) {
            return Err(format!(
                "scenario line {}: {reference_name} gives {}, pathfinding's dijkstra gives {d}",
                i + 2,
                reference[i].answer
            ));
        }
    }
    println!(
        "anchor: {reference_name} equals pathfinding's dijkstra (exact integer costs, \
         no heuristic) on {} of the {n} scenarios, spread over the file",
        picks.len()
    );
    Ok(())
}

/// `--only`: each engine left runs the whole file `repeat` times, unchecked;
/// prints the median. Never inlined, so a profiler can collect inside it
/// alone (`valgrind --tool=callgrind --toggle-collect='*compare::profile*'`).
#[inline(never)]
fn profile(
    engines: &mut [Contender<'_>],
    scenarios: &[Scenario],
    repeat: usize,
    name: &str,
) -> Result<(), String> {
    if engines.is_empty() {
        return Err(format!("--only {name}: no engine's name contains it"));
    }
    for e in engines {
        let mut times = Vec::with_capacity(repeat);
        let mut expanded = None;
        for _ in 0..repeat {
            let t = Instant::now();
            let answers = e.run_file(scenarios);
            times.push(t.elapsed().as_secs_f64());
            expanded = answers.iter().map(|s| s.expanded).sum::<Option<u64>>();
        }
        let expanded = expanded.map_or("not counted".to_string(), |n| n.to_string());
        println!(
            "{}: median {:.1} ms over {repeat} runs, expansions per run {expanded} \
             (--only: no checks, no ratios)",
            e.name,
            median(&times) * 1e3
        );
    }
    Ok(())
}

/// Wall time of solving the whole file once.
fn time_file(engine: &mut Contender<'_>, scenarios: &[Scenario]) -> f64 {
    let t = Instant::now();
    for sc in scenarios {
        black_box(engine.solve(black_box(sc)));
    }
    t.elapsed().as_secs_f64()
}

fn fastest(rows: &[Row], keep: impl Fn(&Row) -> bool) -> Option<&Row> {
    rows.iter()
        .filter(|r| keep(r))
        .min_by(|a, b| a.seconds.total_cmp(&b.seconds))
}

fn print_table(rows: &[Row], queries: usize, terrain: bool) {
    let pathfinding =
        fastest(rows, |r| r.family == Family::Pathfinding).expect("a pathfinding row");
    let default = fastest(rows, |r| r.family == Family::PathseekDefault).expect("a default row");
    let best = fastest(rows, |r| {
        matches!(r.family, Family::Pathseek | Family::PathseekDefault)
    })
    .expect("a pathseek row");
    let jump = fastest(rows, |r| r.family == Family::PathseekJumpPoints);
    let jump_pre = fastest(rows, |r| r.family == Family::PathseekJumpPointsPre);
    let goal_bounding = fastest(rows, |r| r.family == Family::PathseekGoalBounding);
    println!();
    println!("| engine | cost | total ms | ms/query | expansions/s | ratio to pathfinding |");
    println!("|---|---|---:|---:|---:|---:|");
    for r in rows {
        let mut marks = Vec::new();
        if std::ptr::eq(r, pathfinding) {
            marks.push("pathfinding reference");
        }
        if std::ptr::eq(r, default) {
            marks.push("DEFAULT");
        }
        if std::ptr::eq(r, best) {
            marks.push("BEST");
        }
        if r.family == Family::PathseekJumpPoints {
            marks.push("JUMP POINTS");
        }
        if r.family == Family::PathseekJumpPointsPre {
            marks.push("JUMP POINTS PRE");
        }
        if r.family == Family::PathseekGoalBounding {
            marks.push("GOAL BOUNDING");
        }
        let name = if marks.is_empty() {
            r.name.clone()
        } else {
            format!("{} **[{}]**", r.name, marks.join(", "))
        };
        println!(
            "| {name} | {} | {:.1} | {:.4} | {:.2}M{} | {:.2} |",
            r.cost,
            r.seconds * 1e3,
            r.seconds * 1e3 / queries as f64,
            r.expanded as f64 / r.seconds / 1e6,
            if r.own_count { "" } else { "*" },
            pathfinding.seconds / r.seconds
        );
    }
    println!();
    println!(
        "\\* peers do not count expansions; their expansions/s use pathseek default's \
         expansion count for the same scenarios ({} in all) as the work measure.",
        default.expanded
    );
    println!(
        "Ratio = time of the faster pathfinding variant ({}) / the engine's time. \
         BEST = fastest pathseek configuration in this run: {} ({}).",
        pathfinding.name, best.name, best.cost
    );
    if terrain {
        println!(
            "Terrain: every answer checked against {}; no jump point rows (they refuse terrain).",
            default.name
        );
        println!(
            "ratio_terrain_default {:.2} ratio_terrain_best {:.2}",
            pathfinding.seconds / default.seconds,
            pathfinding.seconds / best.seconds
        );
        return;
    }
    if let Some(j) = jump {
        println!(
            "JUMP POINTS = A* over the grid's jump points (pathseek::jump_points::JumpPoints, \
             cell by cell, or pathseek::jump_points::BlockJumpPoints, 64 cells per word), whose \
             expansions are jump points; fastest: {} ({}).",
            j.name, j.cost
        );
    }
    match jump {
        Some(j) => println!("ratio_jump_points {:.2}", pathfinding.seconds / j.seconds),
        None => println!("ratio_jump_points none"),
    }
    if let Some(j) = jump_pre {
        println!(
            "JUMP POINTS PRE = A* over precomputed jumps (pathseek::jump_points::PrecomputedJumps, \
             JPS+, tables built once before the timing); fastest: {} ({}).",
            j.name, j.cost
        );
    }
    match jump_pre {
        Some(j) => println!(
            "ratio_jump_points_pre {:.2}",
            pathfinding.seconds / j.seconds
        ),
        None => println!("ratio_jump_points_pre none"),
    }
    print_goal_bounding(rows, pathfinding, goal_bounding);
    println!(
        "ratio_default {:.2} ratio_best {:.2}",
        pathfinding.seconds / default.seconds,
        pathfinding.seconds / best.seconds
    );
}

/// The goal bounding lines: what it is, the expansions of every precomputed
/// jumps row and of goal bounding over the whole file, goal bounding against
/// the precomputed jumps row of the same configuration (reused `DaryHeap<4>`,
/// exact integer costs), and `ratio_goal_bounding G`.
fn print_goal_bounding(rows: &[Row], pathfinding: &Row, goal_bounding: Option<&Row>) {
    let Some(g) = goal_bounding else {
        println!("ratio_goal_bounding none");
        return;
    };
    println!(
        "GOAL BOUNDING = A* over precomputed jumps with goal bounds \
         (pathseek::jump_points::BoundedJumps: a ray is skipped when its first move's box \
         does not hold the goal; table built once, not timed); {} ({}).",
        g.name, g.cost
    );
    for r in rows
        .iter()
        .filter(|r| r.family == Family::PathseekJumpPointsPre)
    {
        println!("expansions {}: {}", r.name, r.expanded);
    }
    println!("expansions {}: {}", g.name, g.expanded);
    let same = rows.iter().find(|r| {
        r.family == Family::PathseekJumpPointsPre && r.name.ends_with("reused DaryHeap<4>")
    });
    if let Some(p) = same {
        println!(
            "goal bounding against {}: {:.2} times fewer expansions, {:.2} times faster",
            p.name,
            p.expanded as f64 / g.expanded.max(1) as f64,
            p.seconds / g.seconds
        );
    }
    println!("ratio_goal_bounding {:.2}", pathfinding.seconds / g.seconds);
}
