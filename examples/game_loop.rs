//! A search spread over game frames: a unit keeps an `AStar` engine and
//! advances it by a budget of expansions per frame, walking the partial path
//! (to the best node so far) meanwhile.
//!
//! ```text
//! cargo run --release --example game_loop                 # an embedded map
//! cargo run --release --example game_loop -- --map FILE.map --scen FILE.map.scen [--budget N]
//! cargo run --release --example game_loop -- --help
//! ```
//! With `--map` and `--scen` it runs the scenario of the file with the longest
//! optimal length. It prints one line per frame (expansions so far, open set
//! size, length of the path available now), and last the line
//! `frames F cost C oneshot C2 first_partial_len L`: `C` is the sliced
//! search's cost, `C2` the cost of the same query searched in one go (both in
//! exact octile units, `pathseek::grid::EXACT_OCTILE_SCALE` per straight step;
//! `none` for no path), `L` the length in cells of the partial path after the
//! first frame. Exit code 1 if the sliced and one-shot answers differ (or
//! the length differs from the scenario's optimal one), 2 on bad flags or files.

mod common;

use common::{Flags, Help};
use pathseek::grid::{GridHeuristic, EXACT_OCTILE_SCALE};
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, OpenSet, Query, Status};

/// A 60 x 24 map of six rooms. The doors make the path from the bottom-left
/// room to the top-right one zigzag through all of them, while the heuristic
/// keeps pulling the search towards the walls: a few hundred expansions.
const EMBEDDED: &str = "type octile
height 24
width 60
map
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
@...................@...................@..................@
@...................@...................@..................@
@.......................................@..................@
@...@@@@@@@@@..............@@...........@..................@
@...@@@@@@@@@.......@......@@...........@.....TT...........@
@...................@......@@...........@.....TT...........@
@...................@......@@...........@.....TT...........@
@...................@......@@...........@.....TT...........@
@...................@...................@.....TT...........@
@...................@...................@..................@
@...................@...................@..................@
@@@@@@@@..@@@@@@@@@@@@@@@@@@@@..@@@@@@@@@@@@@@@@@@..@@@@@@@@
@...................@...................@..................@
@...................@...................@..................@
@...................@...................@...........TT.....@
@............@@@....@.....@@@@@@@@@.....@...........TT.....@
@............@@@....@.....@@@@@@@@@.....@...........TT.....@
@............@@@....@...................@...........TT.....@
@............@@@....@...............................TT.....@
@............@@@....@......................................@
@............@@@....@...................@..................@
@...................@...................@..................@
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
";

/// The embedded map's query.
const EMBEDDED_START: Cell = Cell::new(3, 20);
const EMBEDDED_GOAL: Cell = Cell::new(56, 3);

/// Expansions per frame: on the embedded map (small, so that its search
/// takes a handful of frames) and on a map file.
const EMBEDDED_BUDGET: u64 = 64;
const FILE_BUDGET: u64 = 256;

/// The search a unit keeps between frames. Its heuristic is a named type
/// (`GridHeuristic`), so the whole type can be written in a struct field.
type UnitSearch = AStar<DaryHeap<u32, 4>, IndexedStore<u32>, Query<Cell, u32, GridHeuristic<u32>>>;

/// A game unit: its search in progress and the path it follows. It holds
/// no borrow of the map: the map is passed to each call.
struct Unit {
    search: UnitSearch,
    /// The path the unit follows: to the goal once found, else to the best
    /// node reached so far. One buffer, refilled every frame.
    path: Vec<Cell>,
}

impl Unit {
    fn new() -> Unit {
        Unit {
            search: AStar::new(DaryHeap::new(), IndexedStore::new()),
            path: Vec::new(),
        }
    }

    /// Orders a move: starts a search (the start and goal checks, nothing
    /// expanded yet). An error status is returned as is.
    fn order_move(&mut self, grid: &Grid<u32>, from: Cell, to: Cell) -> Status<Cell, u32> {
        let query = Query::new(from, to, GridHeuristic::new(grid, to));
        self.path.clear();
        self.search.start(grid, query)
    }

    /// The unit's share of one frame: up to `budget` more expansions, then
    /// the path to follow for now.
    fn think(&mut self, grid: &Grid<u32>, budget: u64) -> Status<Cell, u32> {
        let status = self.search.advance(grid, budget);
        self.search.path_into(grid, &mut self.path);
        status
    }
}

/// The rest of the game's frame. It gets the map mutably: that compiles
/// because the unit's search borrows nothing between frames, so the game
/// could open a door here (`world.set_passable(cell, true)`; see "Edits
/// between calls" in `AStar`'s documentation). This demo edits
/// nothing, so that the result can be compared with a one-shot search.
fn rest_of_frame(_world: &mut Grid<u32>) {}

fn main() {
    common::exit(run())
}

fn run() -> Result<bool, String> {
    let budget_help = format!(
        "expansions per frame (default {FILE_BUDGET} with --map, \
         {EMBEDDED_BUDGET} on the embedded map)"
    );
    let flags = Flags::parse(&Help {
        about: "A search spread over game frames: a unit advances an AStar engine by a \
                budget of expansions per frame (exact integer octile costs, a 4-ary heap \
                and an indexed store) and follows the path to the best node so far \
                meanwhile; then the same query is searched in one go and the answers are \
                compared. Without --map it searches an embedded 60 x 24 map of six rooms \
                from (3, 20) to (56, 3).",
        usage: "cargo run --release --example game_loop \
                [-- --map FILE.map --scen FILE.map.scen] [--budget N]",
        flags: &[
            (
                "--map FILE",
                "a MovingAI map (.map) instead of the embedded one (needs --scen)",
            ),
            (
                "--scen FILE",
                "its scenarios (.map.scen): the one with the longest optimal length is run",
            ),
            ("--budget N", &budget_help),
        ],
        more: "One line per frame: the expansions so far, the open set's size and the \
               length (in cells) of the path the unit can follow now. The last line is \
               `frames F cost C oneshot C2 first_partial_len L`: C the sliced search's \
               cost, C2 the one-shot search's (exact octile units, 470832 per straight \
               step; `none` for no path), L the partial path's length after the first \
               frame. Exit code 1 if the two searches disagree, 2 on bad flags or files.",
    })?;

    let (map, start, goal, scenario) = match (flags.get("map"), flags.get("scen")) {
        (Some(map_path), Some(scen_path)) => {
            let map = MovingAiMap::load(map_path).map_err(|e| e.to_string())?;
            let sc = longest_scenario(&map, scen_path)?;
            (map, sc.start, sc.goal, Some(sc))
        }
        (None, None) => {
            let map = MovingAiMap::parse(EMBEDDED).map_err(|e| e.to_string())?;
            (map, EMBEDDED_START, EMBEDDED_GOAL, None)
        }
        (Some(_), None) => return Err("--map needs --scen FILE.map.scen".into()),
        (None, Some(_)) => return Err("--scen needs --map FILE.map".into()),
    };
    let default_budget = if scenario.is_some() {
        FILE_BUDGET
    } else {
        EMBEDDED_BUDGET
    };
    let budget = match flags.get("budget") {
        None => default_budget,
        Some(text) => text
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("--budget needs a positive integer, got '{text}'"))?,
    };
    if let Some(sc) = &scenario {
        println!(
            "scenario ({}, {}) -> ({}, {}), optimal length {:.4}, {budget} expansions per frame",
            sc.start.x, sc.start.y, sc.goal.x, sc.goal.y, sc.optimal
        );
    } else {
        println!(
            "embedded map ({}, {}) -> ({}, {}), {budget} expansions per frame",
            start.x, start.y, goal.x, goal.y
        );
    }

    // The game owns its map, mutably; the unit only borrows it during a call.
    let mut grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let mut unit = Unit::new();
    if let Status::Error(e) = unit.order_move(&grid, start, goal) {
        return Err(e.to_string());
    }

    let mut frames = 0u64;
    let mut first_partial_len = 0;
    let status = loop {
        frames += 1;
        let status = unit.think(&grid, budget);
        if frames == 1 {
            first_partial_len = unit.path.len();
        }
        let stats = unit.search.stats();
        let open = unit.search.open_set().len();
        let what = match status {
            Status::InProgress => "partial",
            Status::Found { .. } => "found",
            _ => "ended",
        };
        println!(
            "frame {frames:>4}  expanded {:>7}  open {:>6}  path {:>5} ({what})",
            stats.expanded,
            open,
            unit.path.len()
        );
        if status.is_finished() {
            break status;
        }
        rest_of_frame(&mut grid);
    };
    let sliced_stats = unit.search.stats();
    let cost = match status {
        Status::Found { cost } => Some(cost),
        Status::NoPath => None,
        Status::Error(e) => return Err(e.to_string()),
        other => return Err(format!("unexpected end of the search: {other:?}")),
    };

    // The same query in one go, with structures of its own.
    let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut oneshot_path = Vec::new();
    let query = Query::new(start, goal, GridHeuristic::new(&grid, goal));
    let oneshot = match engine.search_into(&grid, query, &mut oneshot_path) {
        Status::Found { cost } => Some(cost),
        Status::NoPath => None,
        Status::Error(e) => return Err(e.to_string()),
        other => return Err(format!("unexpected end of the one-shot search: {other:?}")),
    };
    let oneshot_stats = engine.stats();

    if grid.width() <= 100 {
        print!("{}", grid.render(&unit.path));
    }
    let length = cost.map(|c| f64::from(c) / f64::from(EXACT_OCTILE_SCALE));
    println!(
        "path {} cells, length {}, expanded {} (one-shot {}), largest open {} (one-shot {})",
        unit.path.len(),
        length.map_or("none".to_string(), |l| format!("{l:.4}")),
        sliced_stats.expanded,
        oneshot_stats.expanded,
        sliced_stats.max_open,
        oneshot_stats.max_open
    );

    let mut ok = true;
    if cost != oneshot {
        eprintln!("error: the sliced search's cost {cost:?} differs from the one-shot {oneshot:?}");
        ok = false;
    } else if unit.path != oneshot_path || sliced_stats.expanded != oneshot_stats.expanded {
        eprintln!("error: the sliced search's path or expansion count differs from the one-shot's");
        ok = false;
    }
    if let Some(sc) = &scenario {
        let matches = match length {
            Some(l) => sc.matches(l),
            None => sc.expects_no_path(),
        };
        if !matches {
            eprintln!(
                "error: length {length:?} differs from the scenario's optimal {:.6}",
                sc.optimal
            );
            ok = false;
        }
    }
    let show = |c: Option<u32>| c.map_or("none".to_string(), |c| c.to_string());
    println!(
        "frames {frames} cost {} oneshot {} first_partial_len {first_partial_len}",
        show(cost),
        show(oneshot)
    );
    Ok(ok)
}

/// The scenario of `scen_path` with the longest optimal length (the first
/// of equals), checked against `map`.
fn longest_scenario(map: &MovingAiMap, scen_path: &str) -> Result<Scenario, String> {
    let scenarios = movingai::load_scenarios(scen_path).map_err(|e| e.to_string())?;
    for (i, sc) in scenarios.iter().enumerate() {
        sc.check_against(map)
            .map_err(|e| format!("{scen_path}: scenario line {}: {e}", i + 2))?;
    }
    scenarios
        .into_iter()
        .reduce(|best, sc| if sc.optimal > best.optimal { sc } else { best })
        .ok_or_else(|| format!("{scen_path} has no scenario"))
}
