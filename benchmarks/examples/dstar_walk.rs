//! D* Lite against repeated A* on a walk through unknown terrain.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example dstar_walk
//! cargo run --release -p pathseek-benchmarks --example dstar_walk -- --every 50 --radius 5
//! ```
//!
//! A unit walks from a scenario's start to its goal on a MovingAI map it does
//! not know: its own grid starts all open, and at every step the cells within
//! `--radius` of it (a disc) are sensed; walls it had not seen are blocked on
//! its grid. D* Lite (`pathseek::incremental::DStarLite`, a `DaryHeap<4>`) is
//! told those cells through `cells_changed` and replans; at the same step,
//! on the same grid, `pathseek::astar` searches again from the unit's cell.
//! The unit walks D* Lite's path. Every step checks that both costs agree.
//! Printed per scenario: steps walked, expansions of each (D* Lite: live
//! entries processed), their ratio, and the time of each (the searches only:
//! not the sensing, not the checks).

use std::time::{Duration, Instant};

use pathseek::incremental::DStarLite;
use pathseek::io::movingai::{load_scenarios, MovingAiMap};
use pathseek::open_set::DaryHeap;
use pathseek::{Cell, Connectivity, Grid, GridCosts, Length, Status};
use pathseek_benchmarks::common::{Flags, Help};

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

/// Blocks on `known` the walls of `truth` within `radius` of `at`, and lists them.
fn sense(
    truth: &Grid<Length>,
    known: &mut Grid<Length>,
    at: Cell,
    radius: i64,
    changed: &mut Vec<Cell>,
) {
    changed.clear();
    for dy in -radius..=radius {
        for dx in -radius..=radius {
            if dx * dx + dy * dy > radius * radius {
                continue;
            }
            let (x, y) = (i64::from(at.x) + dx, i64::from(at.y) + dy);
            let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else {
                continue;
            };
            let cell = Cell::new(x, y);
            if known.in_bounds(cell) && !truth.is_passable(cell) && known.is_passable(cell) {
                known.set_passable(cell, false).expect("in bounds");
                changed.push(cell);
            }
        }
    }
}

#[derive(Default)]
struct Walk {
    steps: u64,
    dstar_expanded: u64,
    astar_expanded: u64,
    dstar_time: Duration,
    astar_time: Duration,
}

fn walk(
    truth: &Grid<Length>,
    start: Cell,
    goal: Cell,
    radius: i64,
    max_steps: u64,
) -> Result<Walk, String> {
    let mut known = Grid::new(
        truth.width(),
        truth.height(),
        Connectivity::Eight,
        GridCosts::octile(),
    )
    .map_err(|e| e.to_string())?;
    let mut changed = Vec::new();
    let mut path = Vec::new();
    let mut w = Walk::default();
    let mut dstar = DStarLite::new(DaryHeap::<Length, 4>::new());
    let mut at = start;
    sense(truth, &mut known, at, radius, &mut changed);
    let t = Instant::now();
    dstar
        .start(&known, start, goal)
        .map_err(|e| e.to_string())?;
    w.dstar_time += t.elapsed();
    let mut first = true;
    loop {
        let t = Instant::now();
        if !first {
            dstar.cells_changed(&known, changed.iter().copied());
        }
        first = false;
        let status = dstar.compute(&known);
        let cost = dstar.path_into(&known, &mut path);
        w.dstar_time += t.elapsed();
        w.dstar_expanded += dstar.stats().expanded;

        let t = Instant::now();
        let fresh = pathseek::astar(&known, at, goal, known.heuristic(goal));
        w.astar_time += t.elapsed();
        w.astar_expanded += fresh.stats.expanded;
        let astar_cost = fresh.found().map(|p| p.cost);
        if cost != astar_cost || !matches!(status, Status::Found { .. }) {
            return Err(format!(
                "at {at:?}, step {}: D* Lite {status:?} (path {cost:?}), A* {astar_cost:?}",
                w.steps
            ));
        }
        if at == goal {
            return Ok(w);
        }
        if w.steps == max_steps {
            return Err(format!("not at the goal after {max_steps} steps"));
        }
        at = path[1];
        w.steps += 1;
        let t = Instant::now();
        dstar.move_to(&known, at).map_err(|e| e.to_string())?;
        w.dstar_time += t.elapsed();
        sense(truth, &mut known, at, radius, &mut changed);
    }
}

fn run() -> Result<(), String> {
    let flags = Flags::parse(&Help {
        about: "A unit walks MovingAI scenarios on a map it discovers as it goes \
                (cells within a radius sensed at every step); D* Lite replans from \
                the sensed cells, repeated A* searches again from the unit's cell at \
                every step. Prints the expansions and time of each per scenario and \
                in total, and checks that their costs agree at every step. Default: \
                den520d from tests/data.",
        usage: "dstar_walk [--map FILE.map --scen FILE.map.scen] [--every N] [--radius R] [--max-steps S]",
        flags: &[
            ("--map FILE", "the map (default: tests/data/den520d.map)"),
            (
                "--scen FILE",
                "its scenarios (default: tests/data/den520d.map.scen)",
            ),
            (
                "--every N",
                "every N-th scenario, starting with the last (default 100)",
            ),
            ("--radius R", "the sensing radius in cells (default 5)"),
            ("--max-steps S", "give up a walk after S steps (default 100000)"),
        ],
        more: "Last line: `total ... ratio X` (A* expansions / D* Lite expansions).",
    })?;
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/");
    let map_path = flags
        .get("map")
        .map_or(format!("{data}den520d.map"), str::to_string);
    let scen_path = flags
        .get("scen")
        .map_or(format!("{data}den520d.map.scen"), str::to_string);
    let every = flags.number("every", "100")?.max(1) as usize;
    let radius = flags.number("radius", "5")? as i64;
    let max_steps = flags.number("max-steps", "100000")?;

    let map = MovingAiMap::load(&map_path).map_err(|e| e.to_string())?;
    let truth = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let scenarios = load_scenarios(&scen_path).map_err(|e| e.to_string())?;
    println!(
        "{:>5} {:>8} {:>6} {:>12} {:>12} {:>7} {:>10} {:>10}",
        "scen", "optimal", "steps", "dstar_exp", "astar_exp", "ratio", "dstar_ms", "astar_ms"
    );
    let mut total = Walk::default();
    for (k, s) in scenarios.iter().enumerate().rev().step_by(every) {
        if s.expects_no_path() || s.start == s.goal {
            continue;
        }
        let w = walk(&truth, s.start, s.goal, radius, max_steps)?;
        println!(
            "{:>5} {:>8.1} {:>6} {:>12} {:>12} {:>7.2} {:>10.2} {:>10.2}",
            k,
            s.optimal,
            w.steps,
            w.dstar_expanded,
            w.astar_expanded,
            w.astar_expanded as f64 / w.dstar_expanded.max(1) as f64,
            w.dstar_time.as_secs_f64() * 1e3,
            w.astar_time.as_secs_f64() * 1e3,
        );
        total.steps += w.steps;
        total.dstar_expanded += w.dstar_expanded;
        total.astar_expanded += w.astar_expanded;
        total.dstar_time += w.dstar_time;
        total.astar_time += w.astar_time;
    }
    println!(
        "total steps {} dstar_expanded {} astar_expanded {} dstar_ms {:.1} astar_ms {:.1} ratio {:.2} time_ratio {:.2}",
        total.steps,
        total.dstar_expanded,
        total.astar_expanded,
        total.dstar_time.as_secs_f64() * 1e3,
        total.astar_time.as_secs_f64() * 1e3,
        total.astar_expanded as f64 / total.dstar_expanded.max(1) as f64,
        total.astar_time.as_secs_f64() / total.dstar_time.as_secs_f64().max(1e-12),
    );
    Ok(())
}
