//! Fringe search against A*: the same MovingAI scenarios through pathseek's
//! fastest full-grid A* (a reused `DaryHeap<4>` + `IndexedStore`), pathseek's
//! fringe search (`pathseek::fringe::Fringe` over an `IndexedStore`), both
//! with the exact integer octile costs and with the README's `Length` costs,
//! and the `pathfinding` crate's fringe search and A* (exact integer costs).
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example fringe_compare -- \
//!     --map FILE.map --scen FILE.map.scen [--repeat R] [--peer-repeat P]
//! ```
//!
//! First every engine solves the whole scenario file once, untimed, and
//! every answer is checked against the file's optimal length (and against
//! pathseek's A* of the same cost type: exact equality of integer costs);
//! any difference exits with code 1 naming the scenario line. Then the
//! whole file is timed `R` times per engine (default 3), the engines
//! interleaved round by round, each scenario timed on its own; the
//! `pathfinding` fringe search (whose list operations scan the list) `P`
//! times (default: `R`). Reported: the median total per engine, the
//! expansions, then, for pathseek's fringe search, its passes and visits
//! (counted in a separate untimed run), and the times by quarter of the
//! scenarios ordered by optimal length: where fringe search wins and where
//! it loses.
//!
//! The last line is `ratio_fringe_u32 X ratio_fringe_length Y
//! ratio_pathfinding_fringe Z`: the time of pathseek's A* over the time of
//! its fringe search (exact u32 costs, then `Length` costs), and over the
//! time of `pathfinding`'s fringe search (u32): above 1, the fringe search
//! is faster.

use std::hint::black_box;
use std::time::Instant;

use pathseek::fringe::Fringe;
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Cost, Grid, GridCosts, Query, Status};
use pathseek_benchmarks::common::{exit, median, Flags, Help};
use pathseek_benchmarks::peers::{
    check_same, exact_costs, fits_u32, Answer, Contender, ExactInt, Solved, World,
};

fn main() {
    exit(run());
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "Times the same MovingAI scenarios through pathseek's fastest full-grid A*, \
                pathseek's fringe search and the pathfinding crate's fringe search and A*, \
                checks every answer against the file's optimal length, and prints where \
                fringe search wins and loses. Exit code 1 on any wrong answer.",
        usage: "cargo run --release -p pathseek-benchmarks --example fringe_compare -- \
                --map FILE.map --scen FILE.map.scen [--repeat R] [--peer-repeat P]",
        flags: &[
            ("--map FILE", "the map (.map), required"),
            ("--scen FILE", "its scenarios (.map.scen), required"),
            (
                "--repeat R",
                "timed runs of the whole file per engine, the median is reported (default 3)",
            ),
            (
                "--peer-repeat P",
                "timed runs of pathfinding's fringe search (default: R; it is the slow one)",
            ),
        ],
        more: "The last line is `ratio_fringe_u32 X ratio_fringe_length Y \
               ratio_pathfinding_fringe Z`: pathseek A*'s time over pathseek fringe \
               search's (u32 and Length costs) and over pathfinding fringe search's (u32), \
               in the same run.",
    })?;
    let map_path = flags.get("map").ok_or("--map FILE.map is required")?;
    let scen_path = flags
        .get("scen")
        .ok_or("--scen FILE.map.scen is required")?;
    let repeat = flags.number("repeat", "3")?.max(1) as usize;
    let peer_repeat = match flags.get("peer-repeat") {
        Some(_) => flags.number("peer-repeat", "1")?.max(1) as usize,
        None => repeat,
    };
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
        "map {map_path} ({} x {}), {} scenarios; median of {repeat} timed runs of the whole \
         file ({peer_repeat} for pathfinding's fringe search)",
        map.width(),
        map.height(),
        scenarios.len()
    );
    if fits_u32(&map, &scenarios) {
        compare::<u32>(&map, &scenarios, repeat, peer_repeat)
    } else {
        compare::<u64>(&map, &scenarios, repeat, peer_repeat)
    }
}

/// The engines, in the order of the table.
const ASTAR_U32: usize = 0;
const FRINGE_U32: usize = 1;
const ASTAR_LENGTH: usize = 2;
const FRINGE_LENGTH: usize = 3;
const PF_FRINGE: usize = 4;
const PF_ASTAR: usize = 5;

/// What one engine measured.
struct Measured {
    /// Per timed run: the whole file's seconds.
    totals: Vec<f64>,
    /// Per scenario: its seconds in each timed run.
    each: Vec<Vec<f64>>,
}

impl Measured {
    fn total(&self) -> f64 {
        median(&self.totals)
    }

    /// The median seconds of each scenario.
    fn per_scenario(&self) -> Vec<f64> {
        self.each.iter().map(|t| median(t)).collect()
    }
}

/// Solves the whole file once, timing each scenario.
fn time_file(engine: &mut Contender<'_>, scenarios: &[Scenario], m: &mut Measured) {
    let start = Instant::now();
    for (sc, each) in scenarios.iter().zip(&mut m.each) {
        let t = Instant::now();
        black_box(engine.solve(black_box(sc)));
        each.push(t.elapsed().as_secs_f64());
    }
    m.totals.push(start.elapsed().as_secs_f64());
}

/// Whether `answer` is the file's optimal length for `sc`.
fn optimal(sc: &Scenario, answer: &Answer) -> bool {
    match answer.length() {
        Some(len) => sc.matches(len),
        None => *answer == Answer::NoPath && sc.expects_no_path(),
    }
}

/// Fringe search's own counters over the file (an untimed run).
#[derive(Default)]
struct FringeCounts {
    expanded: Vec<u64>,
    reopened: u64,
    passes: Vec<u64>,
    visited: Vec<u64>,
}

fn fringe_counts<K: Cost>(grid: &Grid<K>, scenarios: &[Scenario]) -> FringeCounts {
    let mut fringe = Fringe::new(IndexedStore::new());
    let mut path = Vec::new();
    let mut out = FringeCounts::default();
    for sc in scenarios {
        let q = Query::new(sc.start, sc.goal, grid.heuristic(sc.goal));
        fringe.search_into(grid, q, &mut path);
        let (s, f) = (fringe.stats(), fringe.fringe_stats());
        out.expanded.push(s.expanded);
        out.reopened += s.reopened;
        out.passes.push(f.iterations);
        out.visited.push(f.visited);
    }
    out
}

fn compare<C: ExactInt>(
    map: &MovingAiMap,
    scenarios: &[Scenario],
    repeat: usize,
    peer_repeat: usize,
) -> Result<bool, String> {
    let world = World::<C>::new(map);
    let mut engines = [
        world.pathseek_fastest(),
        world.pathseek_fringe(),
        world.pathseek_fastest_length(),
        world.pathseek_fringe_length(),
        world.pathfinding_fringe(),
        world.pathfinding_closure(),
    ];

    // Warm-up, which also gives every engine's answers for the checks.
    let answers: Vec<Vec<Solved>> = engines
        .iter_mut()
        .map(|e| {
            let t = Instant::now();
            let a = e.run_file(scenarios);
            eprintln!(
                "warm-up: {} ({}) {:.1} ms",
                e.name,
                e.cost,
                t.elapsed().as_secs_f64() * 1e3
            );
            a
        })
        .collect();
    let mut right = true;
    for (e, a) in engines.iter().zip(&answers) {
        for (i, (sc, s)) in scenarios.iter().zip(a).enumerate() {
            if !optimal(sc, &s.answer) {
                eprintln!(
                    "scenario line {}: {} ({}) gives {}, the file says optimal {}",
                    i + 2,
                    e.name,
                    e.cost,
                    s.answer,
                    sc.optimal
                );
                right = false;
            }
        }
    }
    // The same integer costs as A*'s, exactly (the Length rows: within 1e-6).
    for (reference, other) in [
        (ASTAR_U32, FRINGE_U32),
        (ASTAR_U32, PF_FRINGE),
        (ASTAR_U32, PF_ASTAR),
        (ASTAR_LENGTH, FRINGE_LENGTH),
    ] {
        let (r, o) = (&engines[reference], &engines[other]);
        if let Err(e) = check_same(&r.name, &answers[reference], &o.name, &answers[other]) {
            eprintln!("{e}");
            right = false;
        }
    }
    if !right {
        return Ok(false);
    }
    println!(
        "every answer of the {} engines is the file's optimal length ({} scenarios each)",
        engines.len(),
        scenarios.len()
    );

    // Timing, the engines taking turns round by round.
    let mut measured: Vec<Measured> = engines
        .iter()
        .map(|_| Measured {
            totals: Vec::new(),
            each: vec![Vec::new(); scenarios.len()],
        })
        .collect();
    for round in 0..repeat.max(peer_repeat) {
        for (i, (e, m)) in engines.iter_mut().zip(&mut measured).enumerate() {
            let runs = if i == PF_FRINGE { peer_repeat } else { repeat };
            if round < runs {
                time_file(e, scenarios, m);
            }
        }
    }

    // Expansions: pathseek's own counts and pathfinding fringe's successor
    // calls; pathfinding's A* does not count (marked *: A*'s count).
    let expansions: Vec<Option<u64>> = answers
        .iter()
        .map(|a| a.iter().map(|s| s.expanded).sum())
        .collect();
    let astar_total = measured[ASTAR_U32].total();
    println!();
    println!("| engine | cost | total ms | ms/query | expansions | A* u32 time / this time |");
    println!("|---|---|---:|---:|---:|---:|");
    for (i, (e, m)) in engines.iter().zip(&measured).enumerate() {
        let expanded = match expansions[i] {
            Some(n) => n.to_string(),
            None => format!("{}*", expansions[ASTAR_U32].unwrap_or(0)),
        };
        let kind = match i {
            ASTAR_U32 | ASTAR_LENGTH => "pathseek A*",
            FRINGE_U32 | FRINGE_LENGTH => "pathseek fringe",
            PF_FRINGE => "pathfinding fringe",
            _ => "pathfinding A*",
        };
        println!(
            "| {kind}: {} | {} | {:.1} | {:.4} | {expanded} | {:.2} |",
            e.name,
            e.cost,
            m.total() * 1e3,
            m.total() * 1e3 / scenarios.len() as f64,
            astar_total / m.total()
        );
    }
    println!();
    println!("\\* pathfinding's A* does not count its expansions: pathseek A*'s count.");

    // Fringe search's passes and visits, by its own counters.
    let grid_int = map.to_grid(Connectivity::Eight, exact_costs::<C>());
    let grid_len = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let counts = [
        ("u32", fringe_counts(&grid_int, scenarios)),
        ("Length", fringe_counts(&grid_len, scenarios)),
    ];
    let astar_expanded = |i: usize| -> u64 { expansions[i].unwrap_or(0) };
    println!();
    println!(
        "| fringe search | expansions (A*'s) | reopened | passes: total, mean, max | visits | visits per expansion |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for ((name, c), reference) in counts.iter().zip([ASTAR_U32, ASTAR_LENGTH]) {
        let expanded: u64 = c.expanded.iter().sum();
        let passes: u64 = c.passes.iter().sum();
        let visited: u64 = c.visited.iter().sum();
        println!(
            "| {name} | {expanded} ({}) | {} | {passes}, {:.1}, {} | {visited} | {:.2} |",
            astar_expanded(reference),
            c.reopened,
            passes as f64 / scenarios.len() as f64,
            c.passes.iter().max().copied().unwrap_or(0),
            visited as f64 / expanded.max(1) as f64
        );
    }

    // Where fringe search wins and loses: the scenarios by optimal length,
    // in four quarters.
    let mut order: Vec<usize> = (0..scenarios.len()).collect();
    order.sort_by(|&a, &b| scenarios[a].optimal.total_cmp(&scenarios[b].optimal));
    let each: Vec<Vec<f64>> = measured.iter().map(Measured::per_scenario).collect();
    println!();
    println!(
        "| quarter by optimal length | lengths | A* u32 ms | fringe u32 ms | ratio | A* Length ms | fringe Length ms | ratio | mean passes (u32) | fringe u32 faster in |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let quarter = scenarios.len().div_ceil(4);
    for (q, part) in order.chunks(quarter).enumerate() {
        let sum = |engine: usize| part.iter().map(|&i| each[engine][i]).sum::<f64>();
        let wins = part
            .iter()
            .filter(|&&i| each[FRINGE_U32][i] < each[ASTAR_U32][i])
            .count();
        let passes: u64 = part.iter().map(|&i| counts[0].1.passes[i]).sum();
        let (lo, hi) = (
            scenarios[part[0]].optimal,
            scenarios[part[part.len() - 1]].optimal,
        );
        println!(
            "| {} | {lo:.0}-{hi:.0} | {:.1} | {:.1} | {:.2} | {:.1} | {:.1} | {:.2} | {:.1} | {wins} of {} |",
            q + 1,
            sum(ASTAR_U32) * 1e3,
            sum(FRINGE_U32) * 1e3,
            sum(ASTAR_U32) / sum(FRINGE_U32),
            sum(ASTAR_LENGTH) * 1e3,
            sum(FRINGE_LENGTH) * 1e3,
            sum(ASTAR_LENGTH) / sum(FRINGE_LENGTH),
            passes as f64 / part.len() as f64,
            part.len()
        );
    }
    println!();
    println!(
        "ratio = A* time / fringe time over the quarter's scenarios (each scenario's median \
         over the timed runs); above 1, fringe search is faster."
    );
    coarse(map, scenarios, repeat)?;
    println!(
        "ratio_fringe_u32 {:.2} ratio_fringe_length {:.2} ratio_pathfinding_fringe {:.2}",
        astar_total / measured[FRINGE_U32].total(),
        measured[ASTAR_LENGTH].total() / measured[FRINGE_LENGTH].total(),
        astar_total / measured[PF_FRINGE].total()
    );
    Ok(true)
}

/// The same start and goal cells under costs with few distinct `f` values,
/// the case fringe search is made for: 4-connected unit tiles, and
/// 8-connected with diagonals at 1.5 (costs 2 and 3). The file's optimal
/// lengths do not apply: every fringe cost is checked against A*'s.
fn coarse(map: &MovingAiMap, scenarios: &[Scenario], repeat: usize) -> Result<(), String> {
    println!();
    println!(
        "| other costs (checked against A*) | A* ms | fringe ms | A* time / fringe time | A* expansions | fringe expansions | mean passes | visits per expansion |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let models = [
        (
            "tiles: 4-connected, unit costs",
            Connectivity::Four,
            GridCosts::new(1u32, 1),
        ),
        (
            "octile, diagonal 1.5 (costs 2, 3)",
            Connectivity::Eight,
            GridCosts::new(2u32, 3),
        ),
    ];
    for (name, connectivity, costs) in models {
        let grid = map.to_grid(connectivity, costs);
        let mut astar = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
        let mut fringe = Fringe::new(IndexedStore::new());
        let mut path: Vec<Cell> = Vec::new();
        let (mut a_expanded, mut f_expanded, mut passes, mut visits) = (0, 0, 0, 0);
        for (i, sc) in scenarios.iter().enumerate() {
            let q = Query::new(sc.start, sc.goal, grid.heuristic(sc.goal));
            let a = astar.search_into(&grid, q.clone(), &mut path);
            let f = fringe.search_into(&grid, q, &mut path);
            if a != f || !matches!(a, Status::Found { .. } | Status::NoPath) {
                return Err(format!(
                    "{name}: scenario line {}: A* {a:?}, fringe search {f:?}",
                    i + 2
                ));
            }
            a_expanded += astar.stats().expanded;
            f_expanded += fringe.stats().expanded;
            passes += fringe.fringe_stats().iterations;
            visits += fringe.fringe_stats().visited;
        }
        let (mut a_times, mut f_times) = (Vec::new(), Vec::new());
        for _ in 0..repeat {
            let t = Instant::now();
            for sc in scenarios {
                let q = Query::new(sc.start, sc.goal, grid.heuristic(sc.goal));
                black_box(astar.search_into(&grid, black_box(q), &mut path));
            }
            a_times.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            for sc in scenarios {
                let q = Query::new(sc.start, sc.goal, grid.heuristic(sc.goal));
                black_box(fringe.search_into(&grid, black_box(q), &mut path));
            }
            f_times.push(t.elapsed().as_secs_f64());
        }
        let (a, f) = (median(&a_times), median(&f_times));
        println!(
            "| {name} | {:.1} | {:.1} | {:.2} | {a_expanded} | {f_expanded} | {:.1} | {:.2} |",
            a * 1e3,
            f * 1e3,
            a / f,
            passes as f64 / scenarios.len() as f64,
            visits as f64 / f_expanded.max(1) as f64
        );
    }
    Ok(())
}
