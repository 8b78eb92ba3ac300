//! Clearance annotations and unit graphs (`pathseek::grid::Clearance`)
//! against references written here from the documented rules alone.
//!
//! The property: random small grids (4- and 8-connected, with and without
//! terrain, `u32`, `f64` and `Length` costs, largest sizes 1 to 4), then
//! random edits (blocking, opening, re-weighting) and an update, twice.
//! Each time:
//! - every clearance equals a brute-force count of the largest free square
//!   anchored at the cell (top left, growing right and down), capped;
//! - for every unit size, A* on the unit graph finds a path exactly when a
//!   reference Dijkstra over the cells of clearance >= k (moves and costs
//!   built here from the documented rules) does, at the same cost; every
//!   cell of the path fits the unit, every step is a move of the reference;
//! - size 1 gives exactly the plain grid's costs;
//! - after the edits, the updated map equals a fresh build, the update was
//!   not a rebuild and recomputed at most `max_size²` cells per edit, and
//!   every cell whose moves changed was reported by `changed_since`.

use crate::common;

use common::edit_costs::{random_cell, random_grid, EditCost};
use common::{Adjacency, Lcg};
use pathseek::components::GraphComponents;
use pathseek::graph::{DenseIds, MapChanged};
use pathseek::grid::{Clearance, ClearanceError};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::FollowMap;
use pathseek::{AStar, Cell, Connectivity, Cost, Graph, Grid, GridCosts, Length, Query};
use pathseek::{SearchError, Status};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Case {
    width: u32,
    height: u32,
    eight: bool,
    terrain: bool,
    density: u64,
    max_size: u8,
    seed: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (
        (1u32..18, 1u32..18),
        any::<bool>(),
        any::<bool>(),
        0u64..40,
        1u8..=4,
        any::<u64>(),
    )
        .prop_map(
            |((width, height), eight, terrain, density, max_size, seed)| Case {
                width,
                height,
                eight,
                terrain,
                density,
                max_size,
                seed,
            },
        )
}

/// Whether every cell of the `k x k` square with `cell` top left is inside
/// and passable.
fn fits<C: Cost>(grid: &Grid<C>, cell: Cell, k: u32) -> bool {
    (0..k).all(|dy| (0..k).all(|dx| grid.is_passable(Cell::new(cell.x + dx, cell.y + dy))))
}

/// The clearance by brute force: the largest fitting square, at most `max`.
fn brute_clearance<C: Cost>(grid: &Grid<C>, cell: Cell, max: u8) -> u8 {
    (1..=max)
        .take_while(|&k| fits(grid, cell, u32::from(k)))
        .count() as u8
}

/// The unit graph of the documented rules, by dense id: a straight move
/// into a cell the unit fits on; a diagonal move when the two cells beside
/// it and the destination fit; each at the move cost times the largest
/// weight under the destination's footprint.
fn reference<C: Cost>(grid: &Grid<C>, k: u32) -> Adjacency<C> {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let id = |x: i64, y: i64| (y * w + x) as usize;
    let ok = |x: i64, y: i64| {
        x >= 0 && y >= 0 && x < w && y < h && fits(grid, Cell::new(x as u32, y as u32), k)
    };
    let weight = |x: i64, y: i64| {
        let mut most = grid.terrain(Cell::new(x as u32, y as u32));
        for dy in 0..k as i64 {
            for dx in 0..k as i64 {
                let t = grid.terrain(Cell::new((x + dx) as u32, (y + dy) as u32));
                if t > most {
                    most = t;
                }
            }
        }
        most
    };
    let costs = grid.costs();
    let mut adj = vec![Vec::new(); (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            if !ok(x, y) {
                continue;
            }
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                if ok(x + dx, y + dy) {
                    let c = costs.straight * weight(x + dx, y + dy);
                    adj[id(x, y)].push((id(x + dx, y + dy), c));
                }
            }
            if grid.connectivity() == Connectivity::Eight {
                for (dx, dy) in [(1, -1), (1, 1), (-1, 1), (-1, -1)] {
                    if ok(x + dx, y) && ok(x, y + dy) && ok(x + dx, y + dy) {
                        let c = costs.diagonal * weight(x + dx, y + dy);
                        adj[id(x, y)].push((id(x + dx, y + dy), c));
                    }
                }
            }
        }
    }
    adj
}

/// Every clearance against the brute-force count.
fn check_values<C: Cost>(clearance: &Clearance, grid: &Grid<C>, what: &str) {
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let cell = Cell::new(x, y);
            assert_eq!(
                clearance.get(grid, cell).unwrap(),
                brute_clearance(grid, cell, clearance.max_size()),
                "{what}: clearance of {cell:?}"
            );
        }
    }
}

/// Searches on every unit size against the reference.
fn check_searches<C: EditCost>(clearance: &Clearance, grid: &Grid<C>, rng: &mut Lcg, what: &str) {
    let tol = common::tolerance::<C>();
    for k in 1..=clearance.max_size() {
        let unit = clearance.unit(grid, k).unwrap();
        let adj = reference(grid, u32::from(k));
        for _ in 0..2 {
            let start = random_cell(rng, grid);
            let dist = (fits(grid, start, u32::from(k)))
                .then(|| common::dijkstra(&adj, grid.cell_index(start).unwrap()));
            for _ in 0..6 {
                let goal = random_cell(rng, grid);
                let what = format!("{what}: size {k}, {start:?} -> {goal:?}");
                let result = pathseek::astar(&unit, start, goal, unit.heuristic(goal));
                if k == 1 {
                    let plain = pathseek::astar(grid, start, goal, grid.heuristic(goal));
                    assert_eq!(
                        result.found().map(|p| p.cost),
                        plain.found().map(|p| p.cost),
                        "{what}: size 1 against the grid"
                    );
                    assert_eq!(result.error(), plain.error(), "{what}");
                }
                let Some(dist) = &dist else {
                    assert!(
                        matches!(result.error(), Some(SearchError::StartBlocked { .. })),
                        "{what}: {:?}",
                        result.error()
                    );
                    continue;
                };
                if !fits(grid, goal, u32::from(k)) {
                    assert!(
                        matches!(result.error(), Some(SearchError::GoalBlocked { .. })),
                        "{what}: {:?}",
                        result.error()
                    );
                    continue;
                }
                let best = dist[grid.cell_index(goal).unwrap()];
                match (result.found(), best) {
                    (None, None) => assert!(result.error().is_none(), "{what}"),
                    (Some(path), Some(best)) => {
                        assert!(
                            common::close(path.cost, best, tol),
                            "{what}: {:?}, reference {best:?}",
                            path.cost
                        );
                        for &c in &path.nodes {
                            assert!(
                                clearance.get(grid, c).unwrap() >= k,
                                "{what}: {c:?} too narrow"
                            );
                            assert!(fits(grid, c, u32::from(k)), "{what}: {c:?} does not fit");
                        }
                        let ids: Vec<usize> = path
                            .nodes
                            .iter()
                            .map(|&c| grid.cell_index(c).unwrap())
                            .collect();
                        let cost =
                            common::path_cost(&adj, &ids, ids[0], *ids.last().unwrap()).unwrap();
                        assert!(common::close(cost, path.cost, tol), "{what}: walk");
                    }
                    (found, best) => panic!("{what}: found {found:?}, reference {best:?}"),
                }
            }
        }
    }
}

/// Every cell's moves (and whether it is a node) for each unit size.
type Moves<C> = Vec<Vec<(bool, Vec<(Cell, C)>)>>;

fn all_moves<C: Cost>(clearance: &Clearance, grid: &Grid<C>) -> Moves<C> {
    (1..=clearance.max_size())
        .map(|k| {
            let unit = clearance.unit(grid, k).unwrap();
            (0..unit.node_count())
                .map(|i| {
                    let cell = unit.node_at(i).unwrap();
                    let mut out = Vec::new();
                    unit.successors(cell, |c, cost| out.push((c, cost)));
                    (unit.contains(cell), out)
                })
                .collect()
        })
        .collect()
}

fn run<C: EditCost>(case: &Case) {
    let mut rng = Lcg(case.seed);
    let mut grid: Grid<C> = random_grid(
        &mut rng,
        case.width,
        case.height,
        case.eight,
        case.density,
        case.terrain,
    );
    let mut clearance = Clearance::new(&grid, case.max_size).unwrap();
    check_values(&clearance, &grid, "built");
    check_searches(&clearance, &grid, &mut rng, "built");
    for round in 0..2 {
        let what = format!("round {round}");
        let before = all_moves(&clearance, &grid);
        let seen = grid.version().get();
        let mut flips = 0;
        for _ in 0..rng.range(1, 6) {
            let cell = random_cell(&mut rng, &grid);
            if case.terrain && rng.next(2) == 0 {
                grid.set_terrain(cell, C::weight(&mut rng)).unwrap();
            } else {
                let open = !grid.is_passable(cell);
                grid.set_passable(cell, open).unwrap();
                flips += 1;
            }
        }
        let now = grid.version().get();
        let stale = ClearanceError::MapChanged(MapChanged { built: seen, now });
        assert_eq!(
            clearance.unit(&grid, 1).err(),
            (seen != now).then_some(stale),
            "{what}: a stale map is refused"
        );
        let update = clearance.sync(&grid).unwrap();
        let (window, cells) = (usize::from(case.max_size).pow(2), grid.node_count());
        if flips * window <= cells {
            // The log holds every edit, and the windows are smaller than the map.
            assert!(!update.full, "{what}: {update:?}");
            assert!(update.cells <= flips * window, "{what}: {update:?}");
        } else {
            assert!(
                update.full || update.cells <= flips * window,
                "{what}: {update:?}"
            );
        }
        assert_eq!(
            clearance,
            Clearance::new(&grid, case.max_size).unwrap(),
            "{what}"
        );
        check_values(&clearance, &grid, &what);
        // Every cell whose moves changed is reported.
        let after = all_moves(&clearance, &grid);
        for (k, (old, new)) in before.iter().zip(&after).enumerate() {
            let unit = clearance.unit(&grid, k as u8 + 1).unwrap();
            let mut told = vec![false; unit.node_count()];
            assert!(unit.changed_since(seen, &mut |c| told[unit.node_index(c).unwrap()] = true));
            for (i, (a, b)) in old.iter().zip(new).enumerate() {
                assert!(
                    told[i] || a == b,
                    "{what}: size {}: cell {i} changed unreported",
                    k + 1
                );
            }
        }
        check_searches(&clearance, &grid, &mut rng, &what);
    }
}

#[test]
fn clearance_matches_references_u32() {
    common::run_property(
        "clearance_matches_references_u32",
        regressions_file!("clearance"),
        case(),
        |c| run::<u32>(&c),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn clearance_matches_references_f64() {
    common::run_property(
        "clearance_matches_references_f64",
        regressions_file!("clearance"),
        case(),
        |c| run::<f64>(&c),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn clearance_matches_references_length() {
    common::run_property(
        "clearance_matches_references_length",
        regressions_file!("clearance"),
        case(),
        |c| run::<Length>(&c),
    );
}

/// A unit of size 2 keeps out of a one-cell corridor that a unit of size 1 takes.
#[test]
fn a_wide_unit_goes_round_a_narrow_gap() {
    // A wall across x = 5 with a gap of one cell at y = 1 and of two cells at y = 8, 9.
    let grid = Grid::from_fn(10, 12, Connectivity::Eight, GridCosts::octile(), |c| {
        c.x != 5 || c.y == 1 || c.y == 8 || c.y == 9
    })
    .unwrap();
    let clearance = Clearance::new(&grid, 3).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(8, 0));
    let small = clearance.unit(&grid, 1).unwrap();
    let big = clearance.unit(&grid, 2).unwrap();
    let huge = clearance.unit(&grid, 3).unwrap();
    let one = pathseek::astar(&small, start, goal, small.heuristic(goal));
    let two = pathseek::astar(&big, start, goal, big.heuristic(goal));
    let one = one.found().unwrap();
    let two = two.found().unwrap();
    assert!(one.nodes.contains(&Cell::new(5, 1)));
    assert!(two.nodes.iter().any(|c| c.x == 5 && c.y == 8));
    assert!(two.cost > one.cost);
    assert!(pathseek::astar(&huge, start, goal, huge.heuristic(goal))
        .found()
        .is_none());
    // A kept engine with an array store works on the unit graph too.
    let mut engine = AStar::new(DaryHeap::<Length, 4>::new(), IndexedStore::new());
    let status = engine.search_into(
        &big,
        Query::new(start, goal, big.heuristic(goal)),
        &mut Vec::new(),
    );
    assert_eq!(status, Status::Found { cost: two.cost });
    // Its moves are reversible, so component labels serve it.
    let parts = GraphComponents::new(&big).unwrap();
    let id = |c: Cell| big.node_index(c).unwrap();
    assert!(parts.connected(id(start), id(goal)));
    assert_eq!(parts.component(id(Cell::new(9, 0))), None); // hangs over the edge
}

/// Bad sizes, other grids, stale maps: errors, never an answer for another map.
#[test]
fn bad_input_and_stale_maps_are_refused() {
    let mut grid = Grid::new(16, 16, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    assert_eq!(
        Clearance::new(&grid, 0).unwrap_err(),
        ClearanceError::MaxSize
    );
    let mut clearance = Clearance::new(&grid, 3).unwrap();
    for size in [0, 4, 255] {
        assert_eq!(
            clearance.unit(&grid, size).unwrap_err(),
            ClearanceError::UnitSize { size, max_size: 3 }
        );
    }
    let other_size = Grid::new(16, 15, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    assert_eq!(
        clearance.unit(&other_size, 1).unwrap_err(),
        ClearanceError::SizeMismatch {
            clearance: (16, 16),
            grid: (16, 15)
        }
    );
    // Another grid of the same size and content: its own versions.
    let twin = Grid::new(16, 16, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    assert!(matches!(
        clearance.unit(&twin, 1),
        Err(ClearanceError::MapChanged(_))
    ));
    // A terrain edit changes no clearance but makes the map stale all the same.
    grid.set_terrain(Cell::new(3, 3), 2).unwrap();
    assert!(clearance.unit(&grid, 1).is_err());
    assert_eq!(clearance.sync(&grid).unwrap().cells, 0);
    assert!(clearance.unit(&grid, 1).is_ok());
    // Blocked or off-map ends: the search's own errors.
    let unit = clearance.unit(&grid, 2).unwrap();
    let r = pathseek::astar(&unit, Cell::new(15, 0), Cell::new(0, 0), |_| 0);
    assert!(matches!(r.error(), Some(SearchError::StartBlocked { .. })));
    let r = pathseek::astar(&unit, Cell::new(0, 0), Cell::new(99, 0), |_| 0);
    assert!(matches!(r.error(), Some(SearchError::GoalBlocked { .. })));
    // Updating from another grid, another size, or a log that lost edits: rebuilt.
    assert!(clearance.sync(&twin).unwrap().full);
    assert!(clearance.unit(&grid, 1).is_err());
    assert!(clearance.unit(&twin, 1).is_ok());
    assert!(clearance.sync(&other_size).unwrap().full);
    assert_eq!(clearance.size(), (16, 15));
    assert_eq!(clearance, Clearance::new(&other_size, 3).unwrap());
    let mut small_log = other_size.clone();
    small_log.set_edit_log_capacity(1);
    assert!(!clearance.sync(&small_log).unwrap().full); // a clone: same version, nothing to do
    small_log.set_passable(Cell::new(1, 1), false).unwrap();
    small_log.set_passable(Cell::new(8, 8), false).unwrap();
    assert!(clearance.sync(&small_log).unwrap().full);
    assert_eq!(clearance, Clearance::new(&small_log, 3).unwrap());
}

/// Many edits at once: more window cells than the grid holds means a rebuild.
#[test]
fn many_edits_rebuild() {
    let mut grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile()).unwrap();
    let mut clearance = Clearance::new(&grid, 4).unwrap();
    for i in 0..6 {
        grid.set_passable(Cell::new(i, 7 - i), false).unwrap();
    }
    let update = clearance.sync(&grid).unwrap();
    assert!(update.full && update.cells == 64, "{update:?}");
    assert_eq!(clearance, Clearance::new(&grid, 4).unwrap());
}

/// The MovingAI den520d scenarios: size 1 gives the optimal lengths; a wider
/// unit never does better, and fits on every cell of its paths.
#[test]
fn den520d_sizes() {
    let (map, scen) = common::load_movingai("den520d");
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let clearance = Clearance::new(&grid, 3).unwrap();
    let (one, two) = (
        clearance.unit(&grid, 1).unwrap(),
        clearance.unit(&grid, 2).unwrap(),
    );
    let mut wider = 0;
    for s in scen.iter().step_by(10) {
        let a = pathseek::astar(&one, s.start, s.goal, one.heuristic(s.goal));
        let a = a.found().unwrap();
        assert!((a.cost.to_f64() - s.optimal).abs() < 1e-3 * s.optimal.max(1.0));
        let b = pathseek::astar(&two, s.start, s.goal, two.heuristic(s.goal));
        if let Some(b) = b.found() {
            assert!(b.cost >= a.cost);
            assert!(b
                .nodes
                .iter()
                .all(|&c| clearance.get(&grid, c).unwrap() >= 2));
            wider += usize::from(b.cost > a.cost);
        }
    }
    assert!(wider > 0, "no scenario where the wide unit had to go round");
}
