//! Full MovingAI scenario files (copied into tests/data, see PROVENANCE.md): every
//! scenario must come out at its optimal length, with both node stores and with
//! float and exact-integer costs.

use crate::common;

use pathseek::grid::{GridHeuristic, EXACT_OCTILE_SCALE};
use pathseek::io::movingai::Scenario;
use pathseek::open_set::{BinaryHeap, OpenSet};
use pathseek::store::{ClosedSet, HashStore, IndexedStore};
use pathseek::{AStar, Cell, Connectivity, Cost, Grid, GridCosts, Query};

/// Runs all scenarios; returns the number that expected and got no path.
fn check_all<C, O, S>(
    name: &str,
    grid: &Grid<C>,
    scenarios: &[Scenario],
    mut engine: AStar<O, S, Query<Cell, C, GridHeuristic<C>>>,
    scale: f64,
) -> usize
where
    C: Cost,
    O: OpenSet<C>,
    S: ClosedSet<Grid<C>>,
{
    let mut nopath = 0;
    for (i, sc) in scenarios.iter().enumerate() {
        let r = engine.search(
            grid,
            Query::new(sc.start, sc.goal, GridHeuristic::new(grid, sc.goal)),
        );
        let line = i + 2;
        match r.found() {
            Some(p) => {
                let len = p.cost.as_f64() / scale;
                assert!(
                    sc.matches(len),
                    "{name} line {line}: length {len}, optimal {}",
                    sc.optimal
                );
                assert_eq!(p.nodes.first(), Some(&sc.start));
                assert_eq!(p.nodes.last(), Some(&sc.goal));
                assert_valid_steps(grid, &p.nodes);
                // Octile is consistent and both cost choices add up exactly
                // (integers, and f64 multiples of 2^-32), so nothing is reopened.
                assert_eq!(r.stats.reopened, 0, "{name} line {line}");
            }
            None => {
                assert!(sc.expects_no_path(), "{name} line {line}: {:?}", r.outcome);
                nopath += 1;
            }
        }
    }
    nopath
}

fn assert_valid_steps<C: Cost>(grid: &Grid<C>, nodes: &[Cell]) {
    for w in nodes.windows(2) {
        let (a, b) = (w[0], w[1]);
        assert!(grid.is_passable(a) && grid.is_passable(b));
        let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
        assert!(
            dx <= 1 && dy <= 1 && dx + dy > 0,
            "{a:?} -> {b:?} is not a grid step"
        );
        if dx == 1 && dy == 1 {
            assert!(
                grid.is_passable(Cell::new(a.x, b.y)) && grid.is_passable(Cell::new(b.x, a.y)),
                "corner cut at {a:?} -> {b:?}"
            );
        }
    }
}

fn check_map(name: &str, expected_nopath: usize) {
    let (map, scenarios) = common::load_movingai(name);
    for sc in &scenarios {
        sc.check_against(&map).unwrap();
    }
    let grid = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    let a = check_all(
        name,
        &grid,
        &scenarios,
        AStar::new(BinaryHeap::new(), IndexedStore::new()),
        1.0,
    );
    let b = check_all(
        name,
        &grid,
        &scenarios,
        AStar::new(BinaryHeap::new(), HashStore::new()),
        1.0,
    );
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let scale = EXACT_OCTILE_SCALE as f64;
    let c = check_all(
        name,
        &grid,
        &scenarios,
        AStar::new(BinaryHeap::new(), IndexedStore::new()),
        scale,
    );
    let d = check_all(
        name,
        &grid,
        &scenarios,
        AStar::new(BinaryHeap::new(), HashStore::new()),
        scale,
    );
    assert_eq!([a, b, c, d], [expected_nopath; 4]);
}

#[test]
fn arena_every_scenario_optimal() {
    check_map("arena", 0);
}

#[test]
fn rmtst01_every_scenario_optimal_and_two_unreachable() {
    check_map("rmtst01", 2);
}

#[test]
fn den520d_every_scenario_optimal() {
    check_map("den520d", 0);
}

/// The true octile length of a grid path: straight steps plus `sqrt 2` per
/// diagonal step.
fn octile_length(nodes: &[Cell]) -> f64 {
    let diagonals = nodes
        .windows(2)
        .filter(|w| w[0].x != w[1].x && w[0].y != w[1].y)
        .count();
    let straights = nodes.len().saturating_sub(1) - diagonals;
    straights as f64 + diagonals as f64 * std::f64::consts::SQRT_2
}

/// Every scenario of a map with the small Pell costs (2378 / 3363) and a
/// `BucketQueue`: the path found must have the optimal octile length, which
/// is the claim of `GridCosts::pell_octile`. Returns the scenarios run.
fn check_pell(
    name: &str,
    map: &pathseek::io::movingai::MovingAiMap,
    scenarios: &[Scenario],
) -> usize {
    use pathseek::open_set::BucketQueue;
    let costs = GridCosts::<u32>::pell_octile();
    let grid = map.to_grid(Connectivity::Eight, costs);
    let mut engine = AStar::new(
        BucketQueue::with_max_edge_cost(costs.diagonal),
        IndexedStore::new(),
    );
    for (i, sc) in scenarios.iter().enumerate() {
        let r = engine.search(
            &grid,
            Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)),
        );
        match r.found() {
            Some(p) => {
                let len = octile_length(&p.nodes);
                assert!(
                    sc.matches(len),
                    "{name} line {}: Pell costs found a path of length {len}, optimal {}",
                    i + 2,
                    sc.optimal
                );
                assert_valid_steps(&grid, &p.nodes);
            }
            None => assert!(sc.expects_no_path(), "{name} line {}", i + 2),
        }
    }
    scenarios.len()
}

/// Every scenario of a map with the default costs (`GridCosts::octile()`,
/// `Length`) through the README's one-shot `pathseek::astar`: the path has
/// the optimal octile length, and so has its reported cost. Returns the
/// scenarios run.
fn check_default(
    name: &str,
    map: &pathseek::io::movingai::MovingAiMap,
    scenarios: &[Scenario],
) -> usize {
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    for (i, sc) in scenarios.iter().enumerate() {
        let r = pathseek::astar(&grid, sc.start, sc.goal, grid.heuristic(sc.goal));
        match r.found() {
            Some(p) => {
                let len = octile_length(&p.nodes);
                assert!(
                    sc.matches(len) && sc.matches(p.cost.to_f64()),
                    "{name} line {}: the default costs found a path of length {len} \
                     reported as {}, optimal {}",
                    i + 2,
                    p.cost,
                    sc.optimal
                );
                assert_valid_steps(&grid, &p.nodes);
            }
            None => assert!(sc.expects_no_path(), "{name} line {}", i + 2),
        }
    }
    scenarios.len()
}

#[test]
fn default_length_costs_find_optimal_lengths() {
    for name in ["arena", "rmtst01", "den520d"] {
        let (map, scenarios) = common::load_movingai(name);
        check_default(name, &map, &scenarios);
    }
}

#[test]
fn pell_costs_with_a_bucket_queue_find_optimal_lengths() {
    for name in ["arena", "rmtst01", "den520d"] {
        let (map, scenarios) = common::load_movingai(name);
        check_pell(name, &map, &scenarios);
    }
}

/// The same, Pell and default costs, on every map of `../shared/movingai`
/// (slow: run with `cargo test --release --test maps movingai_scenarios -- --ignored`).
#[test]
#[ignore = "every MovingAI map of ../shared/movingai; minutes"]
fn pell_and_default_costs_on_every_shared_map() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/movingai");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: {} not found", dir.display());
        return;
    };
    let mut maps: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "map"))
        .collect();
    maps.sort();
    for path in maps {
        let scen = path.with_extension("map.scen");
        let (Ok(map), Ok(scenarios)) = (
            pathseek::io::movingai::MovingAiMap::load(&path),
            pathseek::io::movingai::load_scenarios(&scen),
        ) else {
            eprintln!("skipped: {} (no scenarios)", path.display());
            continue;
        };
        let name = path.display().to_string();
        let n = check_pell(&name, &map, &scenarios);
        assert_eq!(check_default(&name, &map, &scenarios), n);
        eprintln!("{name}: {n} scenarios, every length optimal with Pell and default costs");
    }
}
