//! Runs every scenario of a MovingAI `.scen` file and checks each cost against the
//! file's optimal length.
//!
//! ```text
//! cargo run --release --example movingai -- --map FILE.map --scen FILE.map.scen \
//!     [--open-set NAME] [--closed-set hash|indexed|paged] [--cost f64|u32|length] \
//!     [--graph grid|jump-points] [--precheck]
//! cargo run --release --example movingai -- --help
//! ```
//! `--open-set` and `--closed-set` take the names of the library's registries
//! (`pathseek::open_set::OPEN_SET_NAMES`, `pathseek::store::CLOSED_SET_NAMES`;
//! the d-ary heaps carry their arity: `dary-heap-4`). `--graph jump-points`
//! searches the grid's jump points (`pathseek::jump_points::JumpPoints`)
//! instead of every cell. `--precheck` labels the map's connected components
//! once and runs every scenario within them (`AStar::search_within`): the
//! scenario lines of unreachable pairs (optimal length 0, start and goal
//! apart) then count under `nopath` with no expansion.
//! The last line is `scenarios N optimal M suboptimal K nopath P expanded E ms T`.
//! Every failure is reported by its line, and the exit code is then 1: a wrong
//! length, a path where the file has none, or an error count as `suboptimal`; no
//! path where the file has one counts under `nopath`. Bad flags or files: exit
//! code 2.

mod common;

use std::time::Instant;

use common::{
    check_name, closed_set_help, open_set_help, with_engine, Flags, Help, RunScenarios,
    ScenarioRun, COSTS,
};
use pathseek::components::GridComponents;
use pathseek::grid::EXACT_OCTILE_SCALE;
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek::jump_points::JumpPoints;
use pathseek::open_set::OPEN_SET_NAMES;
use pathseek::store::CLOSED_SET_NAMES;
use pathseek::{Connectivity, Cost, Grid, GridCosts};

fn main() {
    common::exit(run())
}

fn run() -> Result<bool, String> {
    let (open_help, closed_help) = (open_set_help(), closed_set_help());
    let flags = Flags::parse(&Help {
        about: "Runs every scenario of a MovingAI .scen file through one A* engine and \
                checks each cost against the file's optimal length (exit code 1 on any \
                miss, 2 on bad flags or files).",
        usage: "cargo run --release --example movingai -- --map FILE.map \
                --scen FILE.map.scen [flags]",
        flags: &[
            ("--map FILE", "the map (.map), required"),
            ("--scen FILE", "its scenarios (.map.scen), required"),
            ("--open-set NAME", &open_help),
            ("--closed-set NAME", &closed_help),
            (
                "--cost TYPE",
                "f64 (octile costs, the default), u32 (exact integer octile costs) or length (GridCosts::octile(): the library's default Length costs)",
            ),
            (
                "--graph GRAPH",
                "grid (every cell, the default) or jump-points (the grid's jump points)",
            ),
            (
                "--precheck",
                "label the map's connected components once, then run every scenario \
                 within them (AStar::search_within): an unreachable goal is answered with no \
                 path and zero expansions",
            ),
        ],
        more: "The last line is `scenarios N optimal M suboptimal K nopath P expanded E ms T`.",
    })?;
    let map_path = flags.get("map").ok_or("--map FILE.map is required")?;
    let scen_path = flags
        .get("scen")
        .ok_or("--scen FILE.map.scen is required")?;
    let open = flags.get_or("open-set", "binary-heap");
    let closed = flags.get_or("closed-set", "indexed");
    check_name("open set", open, OPEN_SET_NAMES)?;
    check_name("closed set", closed, CLOSED_SET_NAMES)?;
    let cost = flags.get_or("cost", "f64");
    check_name("cost", cost, COSTS)?;
    let graph = flags.get_or("graph", "grid");
    check_name("graph", graph, &["grid", "jump-points"])?;
    let jump_points = graph == "jump-points";

    let map = MovingAiMap::load(map_path).map_err(|e| e.to_string())?;
    let scenarios = movingai::load_scenarios(scen_path).map_err(|e| e.to_string())?;
    for (i, sc) in scenarios.iter().enumerate() {
        sc.check_against(&map)
            .map_err(|e| format!("{scen_path}: scenario line {}: {e}", i + 2))?;
    }

    let engine = Engine {
        open,
        closed,
        jump_points,
        precheck: flags.is_set("precheck"),
        scenarios: &scenarios,
    };
    let runs = match cost {
        "u32" => {
            let costs = GridCosts::<u32>::exact_octile();
            let grid = map.to_grid(Connectivity::Eight, costs);
            engine.run(&grid, costs.diagonal, EXACT_OCTILE_SCALE as f64)?
        }
        "length" => {
            let costs = GridCosts::octile();
            let grid = map.to_grid(Connectivity::Eight, costs);
            engine.run(&grid, costs.diagonal, 1.0)?
        }
        _ => {
            let costs = GridCosts::float_octile();
            let grid = map.to_grid(Connectivity::Eight, costs);
            engine.run(&grid, costs.diagonal, 1.0)?
        }
    };
    Ok(report(&scenarios, &runs))
}

/// The engine the flags chose, and the scenarios to run through it.
struct Engine<'a> {
    open: &'a str,
    closed: &'a str,
    jump_points: bool,
    precheck: bool,
    scenarios: &'a [Scenario],
}

impl Engine<'_> {
    /// Runs every scenario on `grid` (or its jump points); `max_edge` is the
    /// largest move cost, `scale` the cost of one grid unit.
    fn run<C: Cost>(
        &self,
        grid: &Grid<C>,
        max_edge: C,
        scale: f64,
    ) -> Result<Vec<ScenarioRun>, String> {
        if self.jump_points {
            let jps = JumpPoints::new(grid).map_err(|e| format!("jump points: {e}"))?;
            self.run_on(grid, &jps, max_edge, scale)
        } else {
            self.run_on(grid, grid, max_edge, scale)
        }
    }

    fn run_on<C: Cost, G: pathseek::DenseIds<Node = pathseek::Cell, Cost = C>>(
        &self,
        grid: &Grid<C>,
        graph: &G,
        max_edge: C,
        scale: f64,
    ) -> Result<Vec<ScenarioRun>, String> {
        let labels = self.precheck.then(|| {
            let t = Instant::now();
            let parts = GridComponents::new(grid);
            println!(
                "precheck: {} components labelled in {:.2} ms",
                parts.count(),
                t.elapsed().as_secs_f64() * 1e3
            );
            parts
        });
        let job = RunScenarios {
            grid,
            graph,
            scenarios: self.scenarios,
            scale,
            precheck: labels.as_ref(),
        };
        with_engine(self.open, self.closed, max_edge, job)
    }
}

/// Prints the per-bucket table, the failures and the summary line; `true` if all
/// scenarios were answered correctly.
fn report(scenarios: &[Scenario], runs: &[ScenarioRun]) -> bool {
    let (mut optimal, mut suboptimal, mut nopath) = (0, 0, 0);
    let (mut failed, mut expanded, mut seconds) = (0, 0u64, 0.0);
    let max_bucket = scenarios.iter().map(|s| s.bucket).max().unwrap_or(0);
    let rows = 10u32;
    let per_row = max_bucket / rows + 1;
    let mut table = vec![(0usize, 0usize, 0u64, 0usize, 0.0f64); rows as usize];
    for (sc, run) in scenarios.iter().zip(runs) {
        expanded += run.expanded;
        seconds += run.seconds;
        let ok = match (&run.error, run.length) {
            (Some(e), _) => {
                println!("FAIL line {}: error: {e}", run.line);
                suboptimal += 1;
                false
            }
            (None, Some(len)) if sc.expects_no_path() => {
                println!(
                    "FAIL line {}: found length {len:.6}, the file says no path",
                    run.line
                );
                suboptimal += 1;
                false
            }
            (None, Some(len)) if sc.matches(len) => {
                optimal += 1;
                true
            }
            (None, Some(len)) => {
                println!(
                    "FAIL line {}: length {len:.6}, optimal {:.6}",
                    run.line, sc.optimal
                );
                suboptimal += 1;
                false
            }
            (None, None) if sc.expects_no_path() => {
                nopath += 1;
                true
            }
            (None, None) => {
                nopath += 1;
                println!(
                    "FAIL line {}: no path found, optimal {:.6}",
                    run.line, sc.optimal
                );
                false
            }
        };
        if !ok {
            failed += 1;
        }
        let row = &mut table[(sc.bucket / per_row) as usize];
        row.0 += 1;
        row.1 += ok as usize;
        row.2 += run.expanded;
        row.3 = row.3.max(run.max_open);
        row.4 += run.seconds;
    }
    println!("| buckets | scenarios | correct | mean expanded | largest open | ms |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (i, &(n, ok, exp, open, secs)) in table.iter().enumerate() {
        if n > 0 {
            let lo = i as u32 * per_row;
            println!(
                "| {lo}-{} | {n} | {ok} | {:.0} | {open} | {:.2} |",
                lo + per_row - 1,
                exp as f64 / n as f64,
                secs * 1e3
            );
        }
    }
    println!(
        "scenarios {} optimal {optimal} suboptimal {suboptimal} nopath {nopath} expanded {expanded} ms {:.1}",
        scenarios.len(),
        seconds * 1e3
    );
    failed == 0
}
