//! Trading path quality for speed, on one map: plain A*, weighted A*
//! (several `w`), coarse-then-refine on terrain, string pulling and Theta*,
//! every answer checked.
//!
//! ```text
//! cargo run --release --example tradeoffs                 # an embedded map
//! cargo run --release --example tradeoffs -- --map FILE.map [--scen FILE.map.scen]
//! cargo run --release --example tradeoffs -- --help
//! ```
//!
//! Rows (one search per scenario each, in turn, a kept engine per row):
//!
//! * **plain**: A* (`DaryHeap<4>` + `IndexedStore`, octile `Length` costs);
//! * **weighted w**: `Query::weighted(w).without_reopening()`, w = 1.2, 1.5,
//!   2, 5; cost over the optimum (at most `w`);
//! * **fringe**: fringe search (`pathseek::fringe::Fringe`, an
//!   `IndexedStore`, the same queries and costs), optimal like A*;
//! * **smoothed**: the plain path string-pulled (`grid::smooth_path`), its
//!   Euclidean length over the octile optimum; time: the search plus the
//!   smoothing;
//! * **theta***: `grid::AnyAngle` searched by the one core, its length over
//!   the octile optimum;
//! * **terrain exact / coarse / coarse+refined**: the same map with terrain
//!   weights 1, 2 or 3 in 8 x 8 blocks (seeded, `--seed`), costs 10 and 14
//!   per straight and diagonal step times the weight. Exact: A* on the true
//!   weights. Coarse: A* with the weights compressed to 1, 1.1 and 1.2 (10,
//!   11, 12 over 10), its path priced at the true weights. Refined: that
//!   path searched again window by window at the true weights
//!   (`grid::ShortcutRefiner`, window 16; the time is coarse + refine).
//!
//! Columns: expansions (all scenarios), ms, mean and worst cost (or length)
//! over the optimum. The last line is
//! `w2_speedup S w2_worst_ratio R smooth_saving P fringe_ratio F`: S = plain
//! time / w = 2 time, R = worst cost ratio at w = 2, P = mean percent of
//! Euclidean length saved by string pulling over the octile optimum, F =
//! A* time / fringe time.
//! Exit code 1 if a check fails, 2 on bad flags or files.

mod common;

use std::time::{Duration, Instant};

use common::{Flags, Help, Lcg};
use pathseek::fringe::Fringe;
use pathseek::grid::{euclidean_length, smooth_path, AnyAngle, GridHeuristic, ShortcutRefiner};
use pathseek::io::movingai::{self, MovingAiMap};
use pathseek::open_set::DaryHeap;
use pathseek::query::Weight;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Cost, Grid, GridCosts, Length, Query, Status};

/// A 48 x 20 map of rooms, pillars and slanting walls.
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

const WEIGHTS: [f64; 4] = [1.2, 1.5, 2.0, 5.0];

type Engine<C> = AStar<DaryHeap<C, 4>, IndexedStore<C>, Query<Cell, C, GridHeuristic<C>>>;

/// One row of the table.
#[derive(Default)]
struct Row {
    name: String,
    expanded: u64,
    time: Duration,
    ratio_sum: f64,
    worst: f64,
    paths: u64,
}

impl Row {
    fn named(name: &str) -> Row {
        Row {
            name: name.to_string(),
            ..Row::default()
        }
    }

    fn add(&mut self, ratio: f64, expanded: u64, time: Duration) {
        self.paths += 1;
        self.ratio_sum += ratio;
        self.worst = self.worst.max(ratio);
        self.expanded += expanded;
        self.time += time;
    }

    fn mean(&self) -> f64 {
        self.ratio_sum / self.paths.max(1) as f64
    }

    fn ms(&self) -> f64 {
        self.time.as_secs_f64() * 1e3
    }
}

fn main() {
    common::exit(run())
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "Trading path quality for speed on one map: plain A*, weighted A* (w 1.2, \
                1.5, 2, 5, without reopening), fringe search, string pulling, Theta* (any-angle), and on \
                the same map with seeded terrain: exact A*, a coarse search under compressed \
                terrain costs, and that path refined at the true costs. Every answer is \
                checked. Without --map: an embedded 48 x 20 map and 200 random pairs.",
        usage: "cargo run --release --example tradeoffs [-- --map FILE.map [--scen FILE.map.scen]] [--seed S]",
        flags: &[
            ("--map FILE", "a MovingAI map (.map) instead of the embedded one"),
            (
                "--scen FILE",
                "its scenarios (.map.scen); without it, 200 random pairs of open cells",
            ),
            ("--seed S", "seeds the terrain and the random pairs (default 1)"),
        ],
        more: "Columns: expansions over all scenarios, ms, mean and worst cost (or length) \
               over the optimum. The last line is `w2_speedup S w2_worst_ratio R \
               smooth_saving P fringe_ratio F` (see the example's source). Exit code 1 if a \
               check fails, 2 on bad flags or files.",
    })?;
    let seed = flags.number("seed", "1")?;
    let map = match flags.get("map") {
        Some(path) => MovingAiMap::load(path).map_err(|e| e.to_string())?,
        None => {
            if flags.get("scen").is_some() {
                return Err("--scen needs --map FILE.map".into());
            }
            MovingAiMap::parse(EMBEDDED).map_err(|e| e.to_string())?
        }
    };
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let pairs: Vec<(Cell, Cell)> = match flags.get("scen") {
        Some(scen) => movingai::load_scenarios(scen)
            .map_err(|e| e.to_string())?
            .iter()
            .filter(|s| !s.expects_no_path() && s.start != s.goal)
            .map(|s| (s.start, s.goal))
            .collect(),
        None => random_pairs(&grid, 200, seed),
    };
    let mut failures = Vec::new();
    let mut fail = |what: String| {
        if failures.len() < 20 {
            eprintln!("FAIL {what}");
        }
        failures.push(what);
    };

    // Plain A*: the optima everything else is measured against.
    let mut engine: Engine<Length> = AStar::new(DaryHeap::new(), IndexedStore::new());
    let mut path = Vec::new();
    if let Some(&(s, g)) = pairs.first() {
        // Untimed: every engine starts warm.
        engine.search_into(
            &grid,
            Query::new(s, g, GridHeuristic::new(&grid, g)),
            &mut path,
        );
        let any = AnyAngle::new(&grid).map_err(|e| e.to_string())?;
        pathseek::search(&any, Query::new(s, g, any.heuristic(g)));
    }
    let mut plain = Row::named("plain");
    let mut optima = Vec::with_capacity(pairs.len());
    let mut plain_paths = Vec::with_capacity(pairs.len());
    for &(s, g) in &pairs {
        let t = Instant::now();
        let status = engine.search_into(
            &grid,
            Query::new(s, g, GridHeuristic::new(&grid, g)),
            &mut path,
        );
        let time = t.elapsed();
        let Status::Found { cost } = status else {
            fail(format!("{s:?} -> {g:?}: A* {status:?}"));
            optima.push(None);
            plain_paths.push(Vec::new());
            continue;
        };
        plain.add(1.0, engine.stats().expanded, time);
        optima.push(Some(cost));
        plain_paths.push(path.clone());
    }

    // Weighted A*.
    let mut weighted_rows = Vec::new();
    for w in WEIGHTS {
        let weight = Weight::new(w).map_err(|e| e.to_string())?;
        let mut row = Row::named(&format!("weighted w={w}"));
        let mut engine = AStar::new(DaryHeap::<Length, 4>::new(), IndexedStore::new());
        // One untimed search first, so that the engine starts warm like the plain one.
        if let Some(&(s, g)) = pairs.first() {
            let q = Query::new(s, g, GridHeuristic::new(&grid, g)).weighted(weight);
            engine.search_into(&grid, q.without_reopening(), &mut path);
        }
        for (&(s, g), optimum) in pairs.iter().zip(&optima) {
            let Some(opt) = optimum else { continue };
            let q = Query::new(s, g, GridHeuristic::new(&grid, g))
                .weighted(weight)
                .without_reopening();
            let t = Instant::now();
            let status = engine.search_into(&grid, q, &mut path);
            let time = t.elapsed();
            match status {
                Status::Found { cost } => {
                    let ratio = ratio(cost, *opt);
                    if ratio > w + 1e-6 || ratio < 1.0 - 1e-9 {
                        fail(format!("{s:?} -> {g:?}: w {w} ratio {ratio}"));
                    }
                    row.add(ratio, engine.stats().expanded, time);
                }
                other => fail(format!("{s:?} -> {g:?}: weighted {other:?}")),
            }
        }
        weighted_rows.push(row);
    }

    // Fringe search: optimal, like A*.
    let mut fringe_row = Row::named("fringe");
    let mut fringe = Fringe::new(IndexedStore::new());
    if let Some(&(s, g)) = pairs.first() {
        fringe.search_into(
            &grid,
            Query::new(s, g, GridHeuristic::new(&grid, g)),
            &mut path,
        );
    }
    for (&(s, g), optimum) in pairs.iter().zip(&optima) {
        let Some(opt) = optimum else { continue };
        let q = Query::new(s, g, GridHeuristic::new(&grid, g));
        let t = Instant::now();
        let status = fringe.search_into(&grid, q, &mut path);
        let time = t.elapsed();
        match status {
            Status::Found { cost } if cost == *opt => {
                fringe_row.add(1.0, fringe.stats().expanded, time)
            }
            other => fail(format!("{s:?} -> {g:?}: fringe {other:?}, A* {opt:?}")),
        }
    }

    // String pulling of the plain paths.
    let mut smoothed = Row::named("smoothed");
    let mut out = Vec::new();
    for (p, (plain_time_path, opt)) in plain_paths.iter().zip(&optima).enumerate() {
        let Some(_) = opt else { continue };
        let t = Instant::now();
        let length = smooth_path(&grid, plain_time_path, &mut out);
        let time = t.elapsed();
        match length {
            Ok(length) => {
                let octile = euclidean_length(plain_time_path);
                if length > octile * (1.0 + 1e-9) {
                    fail(format!("path {p}: smoothed {length} > {octile}"));
                }
                smoothed.add(length / octile, 0, time);
            }
            Err(e) => fail(format!("path {p}: {e}")),
        }
    }
    // The smoothed row's time includes the search that made the path.
    smoothed.time += plain.time;
    smoothed.expanded = plain.expanded;

    // Theta*.
    let mut theta = Row::named("theta*");
    let any = AnyAngle::new(&grid).map_err(|e| e.to_string())?;
    for (&(s, g), (opt, octile_path)) in pairs.iter().zip(optima.iter().zip(&plain_paths)) {
        let Some(_) = opt else { continue };
        let t = Instant::now();
        let r = pathseek::search(&any, Query::new(s, g, any.heuristic(g)));
        let time = t.elapsed();
        let Some(p) = r.found() else {
            fail(format!("{s:?} -> {g:?}: Theta* found nothing"));
            continue;
        };
        let octile = euclidean_length(octile_path);
        if any.path_length(&p.nodes).is_none() || p.cost > octile * (1.0 + 1e-9) {
            fail(format!("{s:?} -> {g:?}: Theta* path invalid or longer"));
        }
        theta.add(p.cost / octile, r.stats.expanded, time);
    }

    // Terrain: exact, coarse, coarse + refined.
    let (exact, coarse, refined) = terrain_rows(&map, &pairs, seed, &mut fail)?;

    println!(
        "{} x {}, {} scenarios",
        grid.width(),
        grid.height(),
        pairs.len()
    );
    println!("| search | expanded | ms | mean over optimum | worst over optimum |");
    println!("|---|---:|---:|---:|---:|");
    let mut rows = vec![&plain];
    rows.extend(weighted_rows.iter());
    rows.extend([&fringe_row, &smoothed, &theta, &exact, &coarse, &refined]);
    for r in rows {
        println!(
            "| {} | {} | {:.1} | {:.4} | {:.4} |",
            r.name,
            r.expanded,
            r.ms(),
            r.mean(),
            r.worst
        );
    }
    let w2 = &weighted_rows[2];
    println!(
        "w2_speedup {:.2} w2_worst_ratio {:.4} smooth_saving {:.2} fringe_ratio {:.2}",
        plain.time.as_secs_f64() / w2.time.as_secs_f64().max(1e-12),
        w2.worst,
        100.0 * (1.0 - smoothed.mean()),
        plain.time.as_secs_f64() / fringe_row.time.as_secs_f64().max(1e-12),
    );
    Ok(failures.is_empty())
}

fn ratio<C: Cost>(cost: C, optimum: C) -> f64 {
    if optimum == C::zero() {
        1.0
    } else {
        cost.as_f64() / optimum.as_f64()
    }
}

/// `count` pairs of open cells with a path between them (seeded).
fn random_pairs(grid: &Grid<Length>, count: usize, seed: u64) -> Vec<(Cell, Cell)> {
    let mut rng = Lcg(seed ^ 0x7a3d);
    let open: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
        .filter(|&c| grid.is_passable(c))
        .collect();
    let mut pairs = Vec::new();
    for _ in 0..count * 20 {
        if pairs.len() == count || open.len() < 2 {
            break;
        }
        let s = open[rng.next(open.len() as u64) as usize];
        let g = open[rng.next(open.len() as u64) as usize];
        if s != g
            && pathseek::astar(grid, s, g, grid.heuristic(g))
                .found()
                .is_some()
        {
            pairs.push((s, g));
        }
    }
    pairs
}

/// The terrain rows: the map with weights 1, 2 or 3 per 8 x 8 block
/// (seeded), as exact weights and compressed ones.
fn terrain_rows(
    map: &MovingAiMap,
    pairs: &[(Cell, Cell)],
    seed: u64,
    fail: &mut impl FnMut(String),
) -> Result<(Row, Row, Row), String> {
    let costs = GridCosts::new(10u32, 14);
    let mut exact = map.to_grid(Connectivity::Eight, costs);
    let mut coarse = exact.clone();
    let mut rng = Lcg(seed ^ 0x7e77);
    let (w, h) = (exact.width(), exact.height());
    for by in (0..h).step_by(8) {
        for bx in (0..w).step_by(8) {
            let weight = 1 + rng.next(3) as u32;
            for y in by..(by + 8).min(h) {
                for x in bx..(bx + 8).min(w) {
                    let c = Cell::new(x, y);
                    // Weights scaled by 10: true 10, 20, 30; compressed 10, 11, 12.
                    exact
                        .set_terrain(c, 10 * weight)
                        .map_err(|e| e.to_string())?;
                    coarse
                        .set_terrain(c, 9 + weight)
                        .map_err(|e| e.to_string())?;
                }
            }
        }
    }
    let mut engine: Engine<u32> = AStar::new(DaryHeap::new(), IndexedStore::new());
    let mut refiner = ShortcutRefiner::<u32>::new(16);
    let (mut rows, mut path, mut out) = (
        (
            Row::named("terrain exact"),
            Row::named("terrain coarse"),
            Row::named("terrain coarse+refined"),
        ),
        Vec::new(),
        Vec::new(),
    );
    for &(s, g) in pairs {
        let t = Instant::now();
        let status = engine.search_into(
            &exact,
            Query::new(s, g, GridHeuristic::new(&exact, g)),
            &mut path,
        );
        let time = t.elapsed();
        let Status::Found { cost: optimum } = status else {
            fail(format!("{s:?} -> {g:?}: terrain A* {status:?}"));
            continue;
        };
        rows.0.add(1.0, engine.stats().expanded, time);

        let t = Instant::now();
        let status = engine.search_into(
            &coarse,
            Query::new(s, g, GridHeuristic::new(&coarse, g)),
            &mut path,
        );
        let coarse_time = t.elapsed();
        let coarse_expanded = engine.stats().expanded;
        if !matches!(status, Status::Found { .. }) {
            fail(format!("{s:?} -> {g:?}: coarse {status:?}"));
            continue;
        }
        let Some(true_cost) = pathseek::graph::path_cost(&exact, &path) else {
            fail(format!(
                "{s:?} -> {g:?}: the coarse path is not a path of the map"
            ));
            continue;
        };
        rows.1
            .add(ratio(true_cost, optimum), coarse_expanded, coarse_time);

        let t = Instant::now();
        let r = refiner.refine(&exact, &path, &mut out);
        let refine_time = t.elapsed();
        match r {
            Ok(r) if r.cost <= true_cost && r.cost >= optimum => rows.2.add(
                ratio(r.cost, optimum),
                coarse_expanded + r.expanded,
                coarse_time + refine_time,
            ),
            other => fail(format!("{s:?} -> {g:?}: refine {other:?}")),
        }
    }
    Ok(rows)
}
