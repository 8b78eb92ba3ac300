//! A living map: D* Lite (`pathseek::incremental::DStarLite`) against
//! repeated A* from scratch, while a unit walks and the map changes under it.
//!
//! ```text
//! cargo run --release --example living_map               # an embedded map, a few walks
//! cargo run --release --example living_map -- --map FILE.map [--scen FILE.map.scen] \
//!     [--walks N] [--seed S] [--radius R] [--only edits|unknown|target]
//! cargo run --release --example living_map -- --help
//! ```
//!
//! Three kinds of scenario, each walked from start to goal by a unit that
//! follows D* Lite's path:
//!
//! * **edits**: the unit knows the map, but at every step, with probability
//!   1/4 (seeded by `--seed`), three cells near its path a few steps ahead are
//!   toggled (blocked if open, opened if blocked);
//! * **unknown terrain**: the unit's grid starts all open; at every step it
//!   senses the true map within a radius (a disc: the cells whose centre is
//!   within radius + 1/2, so that radius 1 sees the eight neighbours) and
//!   blocks the walls it sees; radius 1 and radius `--radius` (default 5);
//! * **moving target**: the map is known and fixed, and the goal takes a
//!   random step (seeded) every third step of the unit; D* Lite is restarted
//!   (`start`) whenever the goal moves and only repaired (`move_to`) when it
//!   did not. Its search runs from the goal: moving the root in place (Basic
//!   Moving Target D* Lite) raises the whole search tree, and measured
//!   slower than starting over (BENCHMARKS.md, "A living map").
//!
//! The baseline is repeated A* from scratch at every step, from the unit's
//! cell on the unit's current grid: one kept `AStar` with a `DaryHeap<4>` and
//! an `IndexedStore` on `GridCosts::octile()` (`Length` costs), warm after the
//! first search. D* Lite uses a `DaryHeap<4>` too. The map's edits reach D*
//! Lite through the grid's edit log (no `cells_changed`).
//!
//! Timed: the A* searches (`search_into`, the path included) against D*
//! Lite's `start`, `move_to`, `compute` and `next_step` (the unit's next
//! step: all a unit walking its plan needs); not the sensing, the edits nor
//! the checks, which read D* Lite's whole path back with `path_into`. Every answer is checked: at every step D* Lite's
//! cost must be the fresh A* search's (`None` iff the goal cannot be reached)
//! and its path must run from the unit to the goal with that cost on the
//! current grid (`pathseek::graph::path_cost`); each step that fails counts
//! one `stale`. The last line is
//! `walks W edits E repeated_expanded A incremental_expanded D expansion_ratio X time_ratio T stale S`
//! for the unknown-terrain walks of both radii together; `X` and `T` are
//! A* / D* Lite. Exit code 1 if any answer was stale (in any kind), 2 on bad
//! flags or files.

mod common;

use std::time::{Duration, Instant};

use common::{Flags, Help, Lcg};
use pathseek::grid::GridHeuristic;
use pathseek::incremental::DStarLite;
use pathseek::io::movingai::{self, MovingAiMap};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Graph, Grid, GridCosts, Length, Query, Status};

/// A 47 x 24 maze of corridors and rooms, with a few loops, so that an edit
/// or a wall seen late has more than one way round.
const EMBEDDED: &str = "type octile
height 24
width 47
map
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
@.........@...........@.........@.............@
@.........@...........@.........@.............@
@..@@@@...@...@@@@@...@...@@@...@....@@@@@....@
@..@......@...@.......@...@.....@....@........@
@..@......@...@.......@...@..........@........@
@..@..@@@@@...@...@@@@@...@@@@@@@....@...@@@@@@
@..@..........@.......@.........@....@........@
@..@..........@.......@.........@....@........@
@..@@@@@@@@...@@@@@...@@@@@@....@@@@@@@@@@....@
@.........@.......@.........@.................@
@.........@.......@.........@.................@
@@@@@@....@...@...@@@@@@....@@@@@@@@@@@@...@@@@
@.........@...@.........@.....................@
@.........@...@.........@.....................@
@...@@@@@@@...@@@@@@....@...@@@@@@@@@@@@@@@...@
@...@.........@.........@...@.............@...@
@...@.........@.........@...@.............@...@
@...@...@@@@@@@...@@@@@@@...@...@@@@@@@...@...@
@.......@.................@.....@.....@.......@
@.......@.................@.....@.....@.......@
@@@@....@@@@@@@@@@@@@.....@.....@.....@@@@....@
@.....................................@.......@
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
";

/// Walks per kind: on the embedded map, and on a map file.
const EMBEDDED_WALKS: u64 = 4;
const FILE_WALKS: u64 = 10;
/// Edits: the chance per step (1 in `EDIT_ODDS`) and the cells toggled.
const EDIT_ODDS: u64 = 4;
const EDIT_CELLS: usize = 3;
/// Edits fall near the path's cell 2 to `EDIT_AHEAD` steps ahead, within
/// `EDIT_SPREAD` cells of it.
const EDIT_AHEAD: usize = 10;
const EDIT_SPREAD: i64 = 2;
/// The moving target steps every `TARGET_EVERY` steps of the unit.
const TARGET_EVERY: u64 = 3;

/// The repeated A*: the crate's fastest full-grid configuration, kept warm.
type Repeated =
    AStar<DaryHeap<Length, 4>, IndexedStore<Length>, Query<Cell, Length, GridHeuristic<Length>>>;
type Planner = DStarLite<Grid<Length>, DaryHeap<Length, 4>>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Edits,
    Unknown(i64),
    Target,
}

impl Kind {
    fn name(self) -> String {
        match self {
            Kind::Edits => "(a) edits ahead".to_string(),
            Kind::Unknown(r) => format!("(b) unknown r={r}"),
            Kind::Target => "(c) moving target".to_string(),
        }
    }
}

/// What the walks of one kind add up to.
#[derive(Default, Clone)]
struct Tally {
    walks: u64,
    steps: u64,
    edits: u64,
    astar_expanded: u64,
    dstar_expanded: u64,
    astar_time: Duration,
    dstar_time: Duration,
    stale: u64,
    /// Walks that ended with the goal cut off (both answers: no path).
    cut_off: u64,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.walks += o.walks;
        self.steps += o.steps;
        self.edits += o.edits;
        self.astar_expanded += o.astar_expanded;
        self.dstar_expanded += o.dstar_expanded;
        self.astar_time += o.astar_time;
        self.dstar_time += o.dstar_time;
        self.stale += o.stale;
        self.cut_off += o.cut_off;
    }

    fn expansion_ratio(&self) -> f64 {
        self.astar_expanded as f64 / self.dstar_expanded.max(1) as f64
    }

    fn time_ratio(&self) -> f64 {
        self.astar_time.as_secs_f64() / self.dstar_time.as_secs_f64().max(1e-12)
    }
}

/// Blocks on `known` the walls of `truth` within `radius` of `at` (the cells
/// whose centre is within `radius + 1/2`: `dx² + dy² <= radius² + radius`,
/// so radius 1 sees all eight neighbours); returns how many it blocked.
fn sense(truth: &Grid<Length>, known: &mut Grid<Length>, at: Cell, radius: i64) -> u64 {
    let mut blocked = 0;
    for dy in -radius..=radius {
        for dx in -radius..=radius {
            if dx * dx + dy * dy > radius * radius + radius {
                continue;
            }
            let Some(cell) = offset(known, at, dx, dy) else {
                continue;
            };
            if !truth.is_passable(cell) && known.is_passable(cell) {
                known.set_passable(cell, false).expect("in bounds");
                blocked += 1;
            }
        }
    }
    blocked
}

/// `at + (dx, dy)` if it is on the grid.
fn offset(grid: &Grid<Length>, at: Cell, dx: i64, dy: i64) -> Option<Cell> {
    let x = u32::try_from(i64::from(at.x) + dx).ok()?;
    let y = u32::try_from(i64::from(at.y) + dy).ok()?;
    let cell = Cell::new(x, y);
    grid.in_bounds(cell).then_some(cell)
}

/// The engines a run keeps from walk to walk (warm).
struct Engines {
    astar: Repeated,
    dstar: Planner,
    apath: Vec<Cell>,
    dpath: Vec<Cell>,
}

/// One walk of `kind` from `start` to `goal` on the map `truth`.
fn walk(
    kind: Kind,
    truth: &Grid<Length>,
    start: Cell,
    mut goal: Cell,
    rng: &mut Lcg,
    e: &mut Engines,
    failures: &mut Vec<String>,
) -> Result<Tally, String> {
    let max_steps = 50 * u64::from(truth.width() + truth.height());
    let mut t = Tally {
        walks: 1,
        ..Tally::default()
    };
    let mut grid = match kind {
        Kind::Unknown(_) => Grid::new(
            truth.width(),
            truth.height(),
            Connectivity::Eight,
            GridCosts::octile(),
        )
        .map_err(|e| e.to_string())?,
        _ => truth.clone(),
    };
    let mut at = start;
    if let Kind::Unknown(r) = kind {
        t.edits += sense(truth, &mut grid, at, r);
    }
    let clock = Instant::now();
    e.dstar.start(&grid, at, goal).map_err(|e| e.to_string())?;
    t.dstar_time += clock.elapsed();
    loop {
        let clock = Instant::now();
        let status = e.dstar.compute(&grid);
        let next = e.dstar.next_step(&grid);
        t.dstar_time += clock.elapsed();
        t.dstar_expanded += e.dstar.stats().expanded;
        // The whole path, read back for the check only (not timed: the
        // unit needs its next step).
        let path_cost = e.dstar.path_into(&grid, &mut e.dpath);

        let clock = Instant::now();
        let query = Query::new(at, goal, GridHeuristic::new(&grid, goal));
        let fresh = e.astar.search_into(&grid, query, &mut e.apath);
        t.astar_time += clock.elapsed();
        t.astar_expanded += e.astar.stats().expanded;
        let fresh = match fresh {
            Status::Found { cost } => Some(cost),
            Status::NoPath => None,
            other => return Err(format!("A* from {at:?} to {goal:?}: {other:?}")),
        };

        // The check: the same cost as the fresh search, and a valid path.
        let answer = match &status {
            Status::Found { cost } => Some(Some(*cost)),
            Status::NoPath => Some(None),
            _ => None,
        };
        let path_ok = match path_cost {
            None => e.dpath.is_empty(),
            Some(c) => {
                e.dpath.first() == Some(&at)
                    && e.dpath.last() == Some(&goal)
                    && pathseek::graph::path_cost(&grid, &e.dpath) == Some(c)
                    && next.map(|(n, _)| n) == e.dpath.get(1).copied()
            }
        };
        let ok = answer == Some(fresh) && path_cost == fresh && path_ok;
        if !ok {
            t.stale += 1;
            failures.push(format!(
                "{}: {start:?} -> {goal:?}, step {} at {at:?}: D* Lite {status:?} \
                 (path cost {path_cost:?}, valid {path_ok}), fresh A* {fresh:?}",
                kind.name(),
                t.steps
            ));
        }
        if fresh.is_none() {
            t.cut_off += 1;
            return Ok(t);
        }
        if at == goal {
            return Ok(t);
        }
        if t.steps == max_steps {
            return Err(format!(
                "{}: {start:?} -> {goal:?} not reached after {max_steps} steps",
                kind.name()
            ));
        }
        // The unit follows D* Lite's path (the fresh one if D* Lite's failed).
        let ahead: &[Cell] = if ok { &e.dpath } else { &e.apath };
        at = ahead[1];
        t.steps += 1;
        match kind {
            Kind::Edits => {
                if rng.next(EDIT_ODDS) == 0 && ahead.len() > 3 {
                    let last = (ahead.len() - 2).min(EDIT_AHEAD);
                    let k = 2 + rng.next((last - 1) as u64) as usize;
                    let centre = ahead[k];
                    let span = 2 * EDIT_SPREAD as u64 + 1;
                    for _ in 0..EDIT_CELLS {
                        let dx = rng.next(span) as i64 - EDIT_SPREAD;
                        let dy = rng.next(span) as i64 - EDIT_SPREAD;
                        let Some(cell) = offset(&grid, centre, dx, dy) else {
                            continue;
                        };
                        if cell == at || cell == goal {
                            continue;
                        }
                        let open = grid.is_passable(cell);
                        grid.set_passable(cell, !open).expect("in bounds");
                        t.edits += 1;
                    }
                }
                let clock = Instant::now();
                e.dstar.move_to(&grid, at).map_err(|e| e.to_string())?;
                t.dstar_time += clock.elapsed();
            }
            Kind::Unknown(r) => {
                let clock = Instant::now();
                e.dstar.move_to(&grid, at).map_err(|e| e.to_string())?;
                t.dstar_time += clock.elapsed();
                t.edits += sense(truth, &mut grid, at, r);
            }
            Kind::Target => {
                if t.steps.is_multiple_of(TARGET_EVERY) {
                    let mut next = Vec::new();
                    grid.successors(goal, |c, _| next.push(c));
                    if !next.is_empty() {
                        goal = next[rng.next(next.len() as u64) as usize];
                        t.edits += 1;
                    }
                }
                let clock = Instant::now();
                if e.dstar.goal() == Some(goal) {
                    e.dstar.move_to(&grid, at).map_err(|e| e.to_string())?;
                } else {
                    e.dstar.start(&grid, at, goal).map_err(|e| e.to_string())?;
                }
                t.dstar_time += clock.elapsed();
            }
        }
    }
}

/// `count` start and goal pairs picked deterministically on `grid`: open
/// cells at least a quarter of the map apart with a path between them.
fn pick_pairs(grid: &Grid<Length>, count: u64) -> Vec<(Cell, Cell)> {
    let mut rng = Lcg(0x5eed_1234);
    let mut engine: Repeated = AStar::new(DaryHeap::new(), IndexedStore::new());
    let mut path = Vec::new();
    let far = u64::from(grid.width() + grid.height()) / 4;
    let mut pairs = Vec::new();
    let mut tries = 0;
    while (pairs.len() as u64) < count && tries < 100_000 {
        tries += 1;
        let mut cell = || {
            Cell::new(
                rng.next(u64::from(grid.width())) as u32,
                rng.next(u64::from(grid.height())) as u32,
            )
        };
        let (a, b) = (cell(), cell());
        if !grid.is_passable(a) || !grid.is_passable(b) {
            continue;
        }
        if u64::from(a.x.abs_diff(b.x) + a.y.abs_diff(b.y)) < far {
            continue;
        }
        let query = Query::new(a, b, GridHeuristic::new(grid, b));
        if matches!(
            engine.search_into(grid, query, &mut path),
            Status::Found { .. }
        ) {
            pairs.push((a, b));
        }
    }
    pairs
}

fn main() {
    common::exit(run())
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "A living map: a unit walks from start to goal while the map changes \
                under it, and D* Lite (repairing its plan) is measured against repeated \
                A* from scratch (a kept AStar, DaryHeap<4> + IndexedStore, octile Length \
                costs) searching from the unit's cell at every step. Three kinds: \
                (a) random edits near the path ahead on a known map; (b) unknown \
                terrain sensed within a radius, radius 1 and --radius; (c) a moving \
                target (D* Lite restarted when it moves). Every D* Lite answer is \
                checked against the fresh A* search on the unit's current grid. \
                Without --map: an embedded 47 x 24 maze and 4 walks per kind.",
        usage: "cargo run --release --example living_map \
                [-- --map FILE.map [--scen FILE.map.scen]] [--walks N] [--seed S] [--radius R] [--only KIND]",
        flags: &[
            (
                "--map FILE",
                "a MovingAI map (.map) instead of the embedded one",
            ),
            (
                "--scen FILE",
                "its scenarios (.map.scen); without it, start and goal pairs are \
                 picked deterministically on the map",
            ),
            (
                "--walks N",
                "scenarios walked per kind, spread evenly over the file \
                 (default 4 on the embedded map, 10 with --map)",
            ),
            (
                "--seed S",
                "seeds the edits of (a) and the target's steps of (c) (default 1)",
            ),
            (
                "--radius R",
                "the sensing radius of (b), besides radius 1 (default 5)",
            ),
            (
                "--only KIND",
                "walk one kind only: edits, unknown or target (for profiling)",
            ),
        ],
        more: "One table row per kind: walks, steps, edits (cells toggled in (a), walls \
               sensed in (b), target moves in (c)), repeated A* expansions and ms, D* \
               Lite expansions and ms, expansion ratio and time ratio (A* / D* Lite), and \
               stale (steps whose D* Lite answer failed the check). Timed: the searches \
               only (A*'s search_into; D* Lite's start, move_to, compute and path_into).\n\n\
               The last line is `walks W edits E repeated_expanded A \
               incremental_expanded D expansion_ratio X time_ratio T stale S` for the \
               unknown-terrain walks (b), both radii together. Exit code 1 if any answer \
               was stale, 2 on bad flags or files.",
    })?;

    let seed = flags.number("seed", "1")?;
    let radius = flags.number("radius", "5")? as i64;
    if radius < 1 {
        return Err("--radius needs a whole number of at least 1".into());
    }
    let (map, label) = match flags.get("map") {
        Some(path) => (
            MovingAiMap::load(path).map_err(|e| e.to_string())?,
            path.to_string(),
        ),
        None => {
            if flags.get("scen").is_some() {
                return Err("--scen needs --map FILE.map".into());
            }
            (
                MovingAiMap::parse(EMBEDDED).map_err(|e| e.to_string())?,
                "the embedded map".to_string(),
            )
        }
    };
    let default_walks = if flags.get("map").is_some() {
        FILE_WALKS
    } else {
        EMBEDDED_WALKS
    };
    let walks = flags.number("walks", &default_walks.to_string())?.max(1);
    let truth = map.to_grid(Connectivity::Eight, GridCosts::octile());

    let pairs: Vec<(Cell, Cell)> = match flags.get("scen") {
        Some(scen) => {
            let scenarios = movingai::load_scenarios(scen).map_err(|e| e.to_string())?;
            for (i, sc) in scenarios.iter().enumerate() {
                sc.check_against(&map)
                    .map_err(|e| format!("{scen}: scenario line {}: {e}", i + 2))?;
            }
            let usable: Vec<_> = scenarios
                .iter()
                .filter(|s| !s.expects_no_path() && s.start != s.goal)
                .collect();
            let n = (walks as usize).min(usable.len());
            (0..n)
                .map(|i| usable[i * usable.len() / n])
                .map(|s| (s.start, s.goal))
                .collect()
        }
        None => pick_pairs(&truth, walks),
    };
    if pairs.is_empty() {
        return Err("no start and goal pair to walk".into());
    }
    println!(
        "{label}: {} x {}, {} walks per kind, seed {seed}",
        truth.width(),
        truth.height(),
        pairs.len()
    );

    let mut kinds = vec![Kind::Edits, Kind::Unknown(1)];
    if radius != 1 {
        kinds.push(Kind::Unknown(radius));
    }
    kinds.push(Kind::Target);
    if let Some(only) = flags.get("only") {
        kinds.retain(|k| match only {
            "edits" => *k == Kind::Edits,
            "unknown" => matches!(k, Kind::Unknown(_)),
            "target" => *k == Kind::Target,
            _ => false,
        });
        if kinds.is_empty() {
            return Err(format!("--only {only}: expected edits, unknown or target"));
        }
    }

    let mut engines = Engines {
        astar: AStar::new(DaryHeap::new(), IndexedStore::new()),
        dstar: DStarLite::new(DaryHeap::new()),
        apath: Vec::new(),
        dpath: Vec::new(),
    };
    // One search each before timing, so that both start warm.
    let (s, g) = pairs[0];
    let q = Query::new(s, g, GridHeuristic::new(&truth, g));
    engines.astar.search_into(&truth, q, &mut engines.apath);
    engines
        .dstar
        .start(&truth, s, g)
        .map_err(|e| e.to_string())?;
    engines.dstar.compute(&truth);

    println!(
        "{:<18} {:>5} {:>7} {:>7} {:>12} {:>9} {:>12} {:>9} {:>8} {:>7} {:>5}",
        "kind",
        "walks",
        "steps",
        "edits",
        "astar_exp",
        "astar_ms",
        "dstar_exp",
        "dstar_ms",
        "exp_x",
        "time_x",
        "stale"
    );
    let mut failures = Vec::new();
    let mut unknown = Tally::default();
    let mut stale = 0;
    let mut cut_off = 0;
    for kind in kinds {
        let mut rng = Lcg(seed ^ 0x9e37_79b9_7f4a_7c15);
        let mut tally = Tally::default();
        for &(start, goal) in &pairs {
            let w = walk(
                kind,
                &truth,
                start,
                goal,
                &mut rng,
                &mut engines,
                &mut failures,
            )?;
            tally.add(&w);
        }
        println!(
            "{:<18} {:>5} {:>7} {:>7} {:>12} {:>9.1} {:>12} {:>9.1} {:>8.2} {:>7.2} {:>5}",
            kind.name(),
            tally.walks,
            tally.steps,
            tally.edits,
            tally.astar_expanded,
            tally.astar_time.as_secs_f64() * 1e3,
            tally.dstar_expanded,
            tally.dstar_time.as_secs_f64() * 1e3,
            tally.expansion_ratio(),
            tally.time_ratio(),
            tally.stale
        );
        stale += tally.stale;
        cut_off += tally.cut_off;
        if matches!(kind, Kind::Unknown(_)) {
            unknown.add(&tally);
        }
    }
    let mut notes = Vec::new();
    if cut_off > 0 {
        notes.push(format!(
            "{cut_off} walks ended early with the goal cut off by edits (both answers: no path)"
        ));
    }
    if !failures.is_empty() {
        eprintln!();
        for f in failures.iter().take(20) {
            eprintln!("stale: {f}");
        }
        if failures.len() > 20 {
            eprintln!("stale: ... and {} more", failures.len() - 20);
        }
    }
    for n in &notes {
        println!("note: {n}");
    }
    println!(
        "walks {} edits {} repeated_expanded {} incremental_expanded {} \
         expansion_ratio {:.2} time_ratio {:.2} stale {}",
        unknown.walks,
        unknown.edits,
        unknown.astar_expanded,
        unknown.dstar_expanded,
        unknown.expansion_ratio(),
        unknown.time_ratio(),
        unknown.stale
    );
    Ok(stale == 0)
}
