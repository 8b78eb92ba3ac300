//! Many units, one goal: fifty units clustered on a map, one click, four
//! ways to get them all there.
//!
//! ```text
//! cargo run --release --example groups                      # an embedded 64 x 64 map
//! cargo run --release --example groups -- --map FILE.map [--units N] [--seed S]
//! cargo run --release --example groups -- --help
//! ```
//! The four ways: one A* per unit; one backward search from the goal that
//! stops when every unit is settled (`UnitSearch`); a distance field that
//! every unit descends (`DistanceField`); group paths (`group_paths`, one
//! shared path, each unit spliced on at `P[k]`). It prints total expansions,
//! the time (median of `--repeat` runs) and, over the units, the mean and
//! worst cost divided by the unit's optimal cost, then the line
//! `units N per_unit_ms A reverse_ms B field_ms C group_ms D group_worst_ratio W`.
//! Exit code 1 if a method that must be exact is not, 2 on bad flags or files.

mod common;

use std::time::Instant;

use common::{cluster, Flags, Help};
use pathseek::groups::{
    grid_units_heuristic, group_paths, DistanceField, UnitSearch, DEFAULT_JOIN,
};
use pathseek::io::movingai::MovingAiMap;
use pathseek::open_set::BinaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query};

fn main() {
    common::exit(run())
}

/// The embedded map: 64 x 64, a 4 x 4 block of rooms whose walls have one
/// or two doors each, so paths wind through several rooms.
fn embedded() -> Grid<u32> {
    let door = |a: u32, b: u32| (a * 7 + b * 13) % 16 + 1;
    Grid::from_fn(
        64,
        64,
        Connectivity::Eight,
        GridCosts::<u32>::exact_octile(),
        |c| {
            let (rx, ry, ox, oy) = (c.x / 16, c.y / 16, c.x % 16, c.y % 16);
            if ox == 0 && rx > 0 {
                // A wall between room columns rx - 1 and rx: doors in it.
                return oy == door(rx, ry) || (ry % 2 == 1 && oy == 14);
            }
            if oy == 0 && ry > 0 {
                return ox == door(ry, rx) || (rx == 3 && ox == 8);
            }
            // A pillar in the middle of every room.
            !((6..10).contains(&ox) && (6..10).contains(&oy))
        },
    )
    .expect("a valid map")
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "Moves a group of units clustered on a map to one goal four ways: one A* per \
                unit, one backward search that settles every unit, a distance field, and \
                group paths (one shared path, units spliced on at P[k]); prints expansions, \
                times and the cost over optimal. Exact integer octile costs.",
        usage: "cargo run --release --example groups [-- --map FILE.map] [--units N] \
                [--seed S] [--k K] [--repeat R]",
        flags: &[
            (
                "--map FILE",
                "a MovingAI .map (default: an embedded 64 x 64 map of 16 rooms)",
            ),
            ("--units N", "units in the group (default 50)"),
            (
                "--seed S",
                "with --map: picks the group's centre and the goal (default 1)",
            ),
            (
                "--k K",
                "group paths: units join the shared path at P[k] (default 10)",
            ),
            (
                "--repeat R",
                "timed runs per method, median reported (default 5)",
            ),
        ],
        more: "The group is the N open cells nearest its centre (breadth-first); on the \
               embedded map the centre is (4, 58) and the goal (60, 3); with --map both \
               are random open cells of the largest region, the goal at least half the \
               map's width away.",
    })?;
    let number = |name: &str, default: &str| flags.number(name, default);
    let count = number("units", "50")?.max(1) as usize;
    let seed = number("seed", "1")?;
    let k = number("k", &DEFAULT_JOIN.to_string())? as usize;
    let repeat = number("repeat", "5")?.max(1) as usize;
    let (name, grid, centre, goal) = match flags.get("map") {
        None => (
            "embedded 64 x 64 rooms".to_string(),
            embedded(),
            Cell::new(4, 58),
            Cell::new(60, 3),
        ),
        Some(path) => {
            let map = MovingAiMap::load(path).map_err(|e| e.to_string())?;
            let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
            let (centre, goal) =
                pick(&grid, seed).ok_or("the map has no two distant open cells")?;
            (path.to_string(), grid, centre, goal)
        }
    };
    let units = cluster(&grid, centre, count);
    if units.len() < count {
        return Err(format!("only {} open cells near {centre:?}", units.len()));
    }
    println!(
        "{name}: {} units around ({}, {}), goal ({}, {})",
        units.len(),
        centre.x,
        centre.y,
        goal.x,
        goal.y
    );

    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut path = Vec::new();
    // 1. One A* per unit: also the optimal costs.
    let mut optimal = Vec::new();
    let per_unit = measure(repeat, || {
        optimal.clear();
        let mut expanded = 0;
        for &u in &units {
            let r = engine.search_into(&grid, Query::new(u, goal, grid.heuristic(goal)), &mut path);
            expanded += engine.stats().expanded;
            optimal.push(match r {
                pathseek::Status::Found { cost } => Some(cost),
                _ => None,
            });
        }
        (expanded, optimal.clone())
    });
    // 2. One backward search for all.
    let mut search = UnitSearch::new();
    let reverse = measure(repeat, || {
        let h = grid_units_heuristic(&grid, &units);
        let stats = search.run_grid(&grid, goal, &units, h).expect("open cells");
        let costs = (0..units.len())
            .map(|i| {
                search
                    .path_into(&grid, i, &mut path)
                    .expect("the grid is not edited")
            })
            .collect();
        (stats.expanded, costs)
    });
    // 3. A distance field, every unit walking it.
    let mut field = DistanceField::new();
    let flow = measure(repeat, || {
        let stats = field.build_grid(&grid, goal, None).expect("an open goal");
        let costs = units
            .iter()
            .map(|&u| {
                field
                    .path_into(&grid, u, &mut path)
                    .expect("the grid is not edited")
            })
            .collect();
        (stats.expanded, costs)
    });
    // 4. Group paths.
    let group = measure(repeat, || {
        let plan = group_paths(&mut engine, &grid, &units, goal, k, |t| grid.heuristic(t))
            .expect("open cells");
        let costs = plan
            .paths
            .iter()
            .map(|p| p.as_ref().map(|p| p.cost))
            .collect();
        (plan.expanded, costs)
    });

    println!();
    println!(
        "{:<28} {:>11} {:>9} {:>14} {:>15}",
        "method", "expansions", "ms", "mean / optimal", "worst / optimal"
    );
    let mut exact = true;
    let mut worst_group = 1.0;
    for (label, m, must_be_exact) in [
        ("one A* per unit", &per_unit, true),
        ("reverse search (UnitSearch)", &reverse, true),
        ("distance field", &flow, true),
        (&*format!("group paths (k = {k})"), &group, false),
    ] {
        let (mean, worst) = ratios(&m.costs, &optimal);
        println!(
            "{:<28} {:>11} {:>9.3} {:>14.4} {:>15.4}",
            label, m.expanded, m.ms, mean, worst
        );
        if must_be_exact && m.costs != optimal {
            eprintln!("{label}: costs differ from one search per unit");
            exact = false;
        }
        if !must_be_exact {
            worst_group = worst;
        }
    }
    println!(
        "units {} per_unit_ms {:.3} reverse_ms {:.3} field_ms {:.3} group_ms {:.3} group_worst_ratio {:.4}",
        units.len(),
        per_unit.ms,
        reverse.ms,
        flow.ms,
        group.ms,
        worst_group
    );
    Ok(exact)
}

/// A method's expansions, median time and per-unit costs.
struct Measured {
    expanded: u64,
    ms: f64,
    costs: Vec<Option<u32>>,
}

fn measure(repeat: usize, mut f: impl FnMut() -> (u64, Vec<Option<u32>>)) -> Measured {
    let mut times = Vec::new();
    let mut last = (0, Vec::new());
    for _ in 0..repeat {
        let t = Instant::now();
        last = f();
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    Measured {
        expanded: last.0,
        ms: common::median(&times),
        costs: last.1,
    }
}

/// Mean and worst cost / optimal over the units that reach the goal.
fn ratios(costs: &[Option<u32>], optimal: &[Option<u32>]) -> (f64, f64) {
    let pairs: Vec<f64> = costs
        .iter()
        .zip(optimal)
        .filter_map(|(c, o)| match (c, o) {
            (Some(c), Some(o)) if *o > 0 => Some(f64::from(*c) / f64::from(*o)),
            (Some(_), Some(_)) => Some(1.0),
            _ => None,
        })
        .collect();
    if pairs.is_empty() {
        return (1.0, 1.0);
    }
    let mean = pairs.iter().sum::<f64>() / pairs.len() as f64;
    (mean, pairs.iter().copied().fold(1.0, f64::max))
}

/// A random open centre and a goal at least half the map's width away that
/// it can reach (seeded; `None` after many tries).
fn pick(grid: &Grid<u32>, seed: u64) -> Option<(Cell, Cell)> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |bound: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(bound)) as u32
    };
    let (w, h) = (grid.width(), grid.height());
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    for _ in 0..1000 {
        let a = Cell::new(next(w), next(h));
        let b = Cell::new(next(w), next(h));
        let far = a.x.abs_diff(b.x).max(a.y.abs_diff(b.y)) >= w.min(h) / 2;
        if far && grid.is_passable(a) && grid.is_passable(b) {
            let r = engine.search(grid, Query::new(a, b, grid.heuristic(b)));
            if r.found().is_some() {
                return Some((a, b));
            }
        }
    }
    None
}
