//! HPA* against the full-grid A* on one MovingAI map: build, query, first
//! stretch and repair times, and path quality, every answer checked.
//!
//! ```text
//! cargo run --release --example hierarchy                   # den520d, embedded
//! cargo run --release --example hierarchy -- --map FILE.map --scen FILE.map.scen [--cluster 16]
//! cargo run --release --example hierarchy -- --help
//! ```
//!
//! Rows, each over the whole scenario file (the fastest of `--rounds`
//! passes, methods in turn): the full-grid A* (`DaryHeap<4>` +
//! `IndexedStore`, the crate's fastest full-grid configuration), the
//! hierarchy's `find_path` (refined and smoothed), its `plan` plus the first
//! `next_stretch` (time to the first stretch), its `find_exact`, and its
//! `cost_bound` (the abstract search alone).
//!
//! The last line is
//! `queries Q speedup S mean_ratio M worst_ratio W first_step_speedup F repair_us R`:
//! S = A* time / `find_path` time over all queries; M, W = mean and worst
//! `find_path` cost over the optimum; F = A* time / time to the first
//! stretch; R = median microseconds of `update` after one random cell is
//! blocked. Exit code 1 if a check fails, 2 on bad flags or files.

mod common;

use std::time::{Duration, Instant};

use common::{Flags, Help, Lcg};
use pathseek::graph::path_cost;
use pathseek::grid::GridHeuristic;
use pathseek::hierarchy::{Hierarchy, HierarchyOptions};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::FollowMap;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Length, Query, Status};

const MAP: &str = include_str!("../tests/data/den520d.map");
const SCEN: &str = include_str!("../tests/data/den520d.map.scen");

type Engine =
    AStar<DaryHeap<Length, 4>, IndexedStore<Length>, Query<Cell, Length, GridHeuristic<Length>>>;

fn main() {
    common::exit(run())
}

/// The time to plan every query and hand out its first stretch (a
/// function of its own, so a profiler can single it out).
#[inline(never)]
fn first_stretches(
    h: &mut Hierarchy<Length>,
    grid: &Grid<Length>,
    pairs: &[(Cell, Cell)],
    stretch: &mut Vec<Cell>,
) -> Duration {
    let t = Instant::now();
    for &(s, g) in pairs {
        stretch.clear();
        if let Ok(Some(mut plan)) = h.plan(grid, s, g) {
            let _ = plan.next_stretch(h, grid, stretch);
        }
    }
    t.elapsed()
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "HPA* (pathseek::hierarchy) against the full-grid A* on one MovingAI map: \
                build, query, first-stretch and repair times, and path quality over the \
                scenario file, every answer checked. Without --map: den520d (256 x 257) \
                and its scenarios, embedded.",
        usage: "cargo run --release --example hierarchy [-- --map FILE.map --scen FILE.map.scen] [--cluster N]",
        flags: &[
            ("--map FILE", "a MovingAI map (.map) instead of the embedded den520d"),
            ("--scen FILE", "its scenarios (.map.scen); needed with --map"),
            ("--cluster N", "cluster size in cells (default 16)"),
            ("--window N", "smoothing window in steps (default the cluster size)"),
            ("--direct N", "expansions the direct search may spend on a start and goal close by (default 2 clusters' cells; 0: never)"),
            ("--smooth-limit N", "expansions each smoothing search may spend (default 8 times the cluster size)"),
            ("--patience N", "smoothing searches in a row that may find nothing before the rest of a path is kept (default 0: never give up)"),
            ("--merge", "merge the runs of a border joined inside both clusters into one entrance"),
            ("--wide N", "entrances of at least N cells get a transition at each end, narrower ones one in the middle (default 6)"),
            ("--landmarks N", "landmarks guiding the abstract search (HierarchyOptions::landmarks; default 0)"),
            ("--rounds N", "timed passes over the file per method, the fastest kept (default 3)"),
            ("--edits N", "random one-cell edits timed for the repair (default 200)"),
        ],
        more: "The last line is `queries Q speedup S mean_ratio M worst_ratio W \
               first_step_speedup F repair_us R` (see the example's source). Exit code 1 if \
               a check fails, 2 on bad flags or files.",
    })?;
    let (map, scen) = common::map_and_scenarios(&flags, MAP, SCEN)?;
    let cluster = flags.number("cluster", "16")? as u32;
    let rounds = flags.number("rounds", "3")?.max(1);
    let edits = flags.number("edits", "200")?.max(1);
    let mut grid: Grid<Length> = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let pairs: Vec<(Cell, Cell)> = scen
        .iter()
        .filter(|s| !s.expects_no_path() && s.start != s.goal)
        .map(|s| (s.start, s.goal))
        .collect();
    let mut failures: Vec<String> = Vec::new();
    let mut fail = |what: String| {
        if failures.len() < 20 {
            eprintln!("FAIL {what}");
        }
        failures.push(what);
    };

    let t = Instant::now();
    let mut options = HierarchyOptions::new(cluster);
    if let Some(w) = flags.parsed("window")? {
        options = options.smoothing_window(w);
    }
    if let Some(d) = flags.parsed("smooth-limit")? {
        options = options.smoothing_limit(d);
    }
    if let Some(k) = flags.parsed::<u64>("patience")? {
        options = options.smoothing_patience(if k == 0 { u64::MAX } else { k });
    }
    if flags.is_set("merge") {
        options = options.merge_entrances(true);
    }
    if let Some(d) = flags.parsed("wide")? {
        options = options.wide_entrance(d);
    }
    if let Some(d) = flags.parsed("direct")? {
        options = options.direct_limit(d);
    }
    if let Some(n) = flags.parsed("landmarks")? {
        options = options.landmarks(n);
    }
    let mut h = Hierarchy::with_options(&grid, options).map_err(|e| e.to_string())?;
    let build = t.elapsed();
    println!(
        "map {} x {}, {} queries; cluster {cluster}: {} clusters, {} nodes, {} edges, {:.2} MB, built in {:.1} ms",
        grid.width(),
        grid.height(),
        pairs.len(),
        h.cluster_count(),
        h.node_count(),
        h.edge_count(),
        h.heap_bytes() as f64 / 1e6,
        build.as_secs_f64() * 1e3
    );

    // The optima, and every answer checked once (untimed).
    let mut engine: Engine = AStar::new(DaryHeap::new(), IndexedStore::new());
    let mut path = Vec::new();
    let mut optima = Vec::with_capacity(pairs.len());
    let (mut ratio_sum, mut worst) = (0.0f64, 1.0f64);
    let mut worst_query = None;
    let (mut plan_sum, mut plan_worst) = (0.0f64, 1.0f64);
    let mut stretch = Vec::new();
    let (mut astar_expanded, mut sums) = (0u64, [0u64; 4]);
    for &(s, g) in &pairs {
        let status = engine.search_into(
            &grid,
            Query::new(s, g, GridHeuristic::new(&grid, g)),
            &mut path,
        );
        let Status::Found { cost: opt } = status else {
            fail(format!("{s:?} -> {g:?}: A* {status:?}"));
            optima.push(None);
            continue;
        };
        optima.push(Some(opt));
        astar_expanded += engine.stats().expanded;
        let found = h.find_path(&grid, s, g, &mut path);
        let q = h.last_query();
        for (sum, x) in sums.iter_mut().zip([
            u64::from(q.direct),
            q.insert_expanded,
            q.abstract_expanded,
            q.cell_expanded,
        ]) {
            *sum += x;
        }
        match found {
            Ok(Some(cost)) => {
                let valid = path.first() == Some(&s)
                    && path.last() == Some(&g)
                    && path_cost(&grid, &path) == Some(cost);
                if !valid || cost < opt {
                    fail(format!(
                        "{s:?} -> {g:?}: find_path {cost:?} invalid or below {opt:?}"
                    ));
                }
                let r = cost.to_f64() / opt.to_f64();
                ratio_sum += r;
                if r > worst {
                    worst_query = Some((s, g, cost, opt, path.len()));
                }
                worst = worst.max(r);
            }
            other => fail(format!("{s:?} -> {g:?}: find_path {other:?}")),
        }
        match h.find_exact(&grid, s, g, &mut path) {
            Ok(Some(cost)) if cost == opt && path_cost(&grid, &path) == Some(cost) => {}
            other => fail(format!(
                "{s:?} -> {g:?}: find_exact {other:?}, optimum {opt:?}"
            )),
        }
        match h.cost_bound(&grid, s, g) {
            Ok(Some(bound)) if bound >= opt => {}
            other => fail(format!(
                "{s:?} -> {g:?}: cost_bound {other:?}, optimum {opt:?}"
            )),
        }
        // The plan, stretch by stretch, is a walk from start to goal.
        match h.plan(&grid, s, g) {
            Ok(Some(mut plan)) => {
                stretch.clear();
                loop {
                    match plan.next_stretch(&mut h, &grid, &mut stretch) {
                        Ok(true) => {}
                        Ok(false) => break,
                        Err(e) => {
                            fail(format!("{s:?} -> {g:?}: next_stretch {e}"));
                            break;
                        }
                    }
                }
                let cost = path_cost(&grid, &stretch);
                if let Some(c) = cost {
                    let r = c.to_f64() / opt.to_f64();
                    plan_sum += r;
                    plan_worst = plan_worst.max(r);
                }
                if stretch.first() != Some(&s)
                    || stretch.last() != Some(&g)
                    || cost.is_none_or(|c| c < opt)
                {
                    fail(format!(
                        "{s:?} -> {g:?}: the plan's stretches are not a path ({cost:?})"
                    ));
                }
            }
            other => fail(format!("{s:?} -> {g:?}: plan {other:?}")),
        }
    }
    println!(
        "expansions: full-grid A* {astar_expanded}; find_path: {} direct answers, {} inserting, {} abstract, {} on cells (refining, smoothing, direct)",
        sums[0], sums[1], sums[2], sums[3]
    );
    if let Some((s, g, cost, opt, len)) = worst_query {
        println!(
            "worst find_path: ({}, {}) -> ({}, {}), {len} cells, cost {:.3} against {:.3}",
            s.x,
            s.y,
            g.x,
            g.y,
            cost.to_f64(),
            opt.to_f64()
        );
    }
    let answered = optima.iter().filter(|o| o.is_some()).count().max(1);
    let mean = ratio_sum / answered as f64;
    println!(
        "plan, stretch by stretch: mean cost / optimal {:.4}, worst {plan_worst:.4}",
        plan_sum / answered as f64
    );

    // Timing: whole-file passes, methods in turn, the fastest pass kept.
    let mut best = [Duration::MAX; 5];
    for _ in 0..rounds {
        let t = Instant::now();
        for &(s, g) in &pairs {
            engine.search_into(
                &grid,
                Query::new(s, g, GridHeuristic::new(&grid, g)),
                &mut path,
            );
        }
        best[0] = best[0].min(t.elapsed());
        let t = Instant::now();
        for &(s, g) in &pairs {
            let _ = h.find_path(&grid, s, g, &mut path);
        }
        best[1] = best[1].min(t.elapsed());
        best[2] = best[2].min(first_stretches(&mut h, &grid, &pairs, &mut stretch));
        let t = Instant::now();
        for &(s, g) in &pairs {
            let _ = h.find_exact(&grid, s, g, &mut path);
        }
        best[3] = best[3].min(t.elapsed());
        let t = Instant::now();
        for &(s, g) in &pairs {
            let _ = h.cost_bound(&grid, s, g);
        }
        best[4] = best[4].min(t.elapsed());
    }

    // Repair: block a random open cell, time the update, open it again.
    let mut rng = Lcg(7);
    let mut repairs = Vec::new();
    let mut full = 0;
    while repairs.len() < edits as usize {
        let c = Cell::new(
            rng.next(u64::from(grid.width())) as u32,
            rng.next(u64::from(grid.height())) as u32,
        );
        if !grid.is_passable(c) {
            continue;
        }
        grid.set_passable(c, false).map_err(|e| e.to_string())?;
        let t = Instant::now();
        let r = h.sync(&grid).map_err(|e| e.to_string())?;
        repairs.push(t.elapsed().as_secs_f64() * 1e6);
        full += usize::from(r.full);
        grid.set_passable(c, true).map_err(|e| e.to_string())?;
        h.sync(&grid).map_err(|e| e.to_string())?;
    }
    // After the edits, the hierarchy still answers like the optimum bounds it.
    for (&(s, g), opt) in pairs.iter().zip(&optima).step_by(7) {
        let Some(opt) = opt else { continue };
        match h.find_exact(&grid, s, g, &mut path) {
            Ok(Some(c)) if c == *opt => {}
            other => fail(format!(
                "{s:?} -> {g:?} after edits: {other:?}, optimum {opt:?}"
            )),
        }
    }
    repairs.sort_by(f64::total_cmp);
    let repair_us = repairs[repairs.len() / 2];

    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!();
    println!("| method | ms (all queries) | speedup | mean cost / optimal | worst |");
    println!("|---|---:|---:|---:|---:|");
    println!(
        "| full-grid A* | {:.1} | 1.00 | 1.0000 | 1.0000 |",
        ms(best[0])
    );
    println!(
        "| hierarchy find_path | {:.1} | {:.2} | {mean:.4} | {worst:.4} |",
        ms(best[1]),
        ms(best[0]) / ms(best[1])
    );
    println!(
        "| hierarchy plan + first stretch | {:.1} | {:.2} | | |",
        ms(best[2]),
        ms(best[0]) / ms(best[2])
    );
    println!(
        "| hierarchy find_exact | {:.1} | {:.2} | 1.0000 | 1.0000 |",
        ms(best[3]),
        ms(best[0]) / ms(best[3])
    );
    println!(
        "| hierarchy cost_bound (abstract only) | {:.1} | {:.2} | | |",
        ms(best[4]),
        ms(best[0]) / ms(best[4])
    );
    println!();
    println!(
        "repair after one blocked cell: median {repair_us:.1} us, max {:.1} us over {} edits ({full} full rebuilds)",
        repairs[repairs.len() - 1],
        repairs.len()
    );
    println!(
        "queries {} speedup {:.2} mean_ratio {mean:.4} worst_ratio {worst:.4} first_step_speedup {:.2} repair_us {repair_us:.1}",
        pairs.len(),
        ms(best[0]) / ms(best[1]),
        ms(best[0]) / ms(best[2])
    );
    if !failures.is_empty() {
        eprintln!("{} checks failed", failures.len());
    }
    Ok(failures.is_empty())
}
