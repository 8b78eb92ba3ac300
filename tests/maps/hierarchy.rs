//! HPA* (`pathseek::hierarchy`) against the reference Dijkstra of `common`,
//! which shares no code with it.
//!
//! The property: random small grids (4- and 8-connected, with and without
//! terrain, `u32`, `f64` and `Length` costs, clusters of 2 to 7 cells,
//! node fields kept or not, entrances merged or not, direct searches or
//! not), and
//! random queries, then random edits (blocking, opening, re-weighting one
//! to three cells) and more queries. For every query:
//! - `reachable` is true exactly when Dijkstra finds a path (a blocked
//!   start or goal is an error);
//! - `find_path` gives a walk of the grid from start to goal whose cost is
//!   the one returned and at least the optimum, and at most `cost_bound`;
//! - `find_exact` equals Dijkstra;
//! - the stretches of `plan` make a walk from start to goal.
//!
//! After the edits, the repaired abstract graph equals a fresh build's.
//! Half the cases guide the abstract search with landmarks; their abstract
//! paths then cost what a twin hierarchy without them finds.

use crate::common;

use common::edit_costs::{random_cell, random_grid, EditCost};
use common::Lcg;
use pathseek::graph::path_cost;
use pathseek::hierarchy::{Hierarchy, HierarchyError, HierarchyOptions};
use pathseek::FollowMap;
use pathseek::{Cell, Connectivity, Cost, Grid, GridCosts, SearchError};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Case {
    width: u32,
    height: u32,
    cluster: u32,
    eight: bool,
    terrain: bool,
    density: u64,
    window: usize,
    seed: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (
        (2u32..40, 2u32..40, 2u32..8),
        any::<bool>(),
        any::<bool>(),
        0u64..45,
        prop_oneof![Just(0usize), 1usize..20],
        any::<u64>(),
    )
        .prop_map(
            |((width, height, cluster), eight, terrain, density, window, seed)| Case {
                width,
                height,
                cluster,
                eight,
                terrain,
                density,
                window,
                seed,
            },
        )
}

fn reference<C: Cost>(grid: &Grid<C>, start: Cell, goal: Cell) -> Option<C> {
    let adj = common::adjacency(grid);
    let dist = common::dijkstra(&adj, grid.cell_index(start).unwrap());
    dist[grid.cell_index(goal).unwrap()]
}

fn check_query<C: EditCost>(
    h: &mut Hierarchy<C>,
    grid: &Grid<C>,
    start: Cell,
    goal: Cell,
    what: &str,
) {
    let tol = common::tolerance::<C>();
    if !grid.is_passable(start) || !grid.is_passable(goal) {
        let err = h.reachable(grid, start, goal).unwrap_err();
        assert!(
            matches!(
                err,
                HierarchyError::Search(
                    SearchError::StartBlocked { .. } | SearchError::GoalBlocked { .. }
                )
            ),
            "{what}: {err:?}"
        );
        return;
    }
    let best = reference(grid, start, goal);
    assert_eq!(
        h.reachable(grid, start, goal).unwrap(),
        best.is_some(),
        "{what}: reachable"
    );
    let bound = h.cost_bound(grid, start, goal).unwrap();
    let mut path = Vec::new();
    let found = h.find_path(grid, start, goal, &mut path).unwrap();
    let exact = h.find_exact(grid, start, goal, &mut Vec::new()).unwrap();
    match best {
        None => {
            assert_eq!((bound, found, exact), (None, None, None), "{what}");
            assert!(path.is_empty(), "{what}");
            assert!(h.plan(grid, start, goal).unwrap().is_none(), "{what}");
        }
        Some(best) => {
            let (bound, found, exact) = (bound.unwrap(), found.unwrap(), exact.unwrap());
            assert!(
                common::close(exact, best, tol),
                "{what}: exact {exact:?}, Dijkstra {best:?}"
            );
            assert_eq!(
                (path.first(), path.last()),
                (Some(&start), Some(&goal)),
                "{what}"
            );
            assert_eq!(path_cost(grid, &path), Some(found), "{what}: {path:?}");
            assert!(
                found.as_f64() >= best.as_f64() * (1.0 - tol),
                "{what}: {found:?} < {best:?}"
            );
            assert!(
                bound.as_f64() >= best.as_f64() * (1.0 - tol),
                "{what}: bound {bound:?} < {best:?}"
            );
            assert!(
                found.as_f64() <= bound.as_f64() * (1.0 + tol),
                "{what}: {found:?} > bound {bound:?}"
            );
            let mut plan = h.plan(grid, start, goal).unwrap().expect("a path");
            let mut walk = Vec::new();
            let mut stretches = 0;
            while plan.next_stretch(h, grid, &mut walk).unwrap() {
                stretches += 1;
                assert!(
                    stretches <= walk.len() + 1,
                    "{what}: stretches without cells"
                );
            }
            assert!(plan.is_done());
            if plan.waypoints().is_empty() {
                // Found by the direct search: find_path's path, whole.
                assert_eq!((&walk, stretches), (&path, 1), "{what}: direct plan");
            }
            assert_eq!(
                (walk.first(), walk.last()),
                (Some(&start), Some(&goal)),
                "{what}: plan"
            );
            let cost = path_cost(grid, &walk).expect("the stretches make a walk");
            assert!(
                cost.as_f64() >= best.as_f64() * (1.0 - tol),
                "{what}: plan {cost:?} < {best:?}"
            );
        }
    }
}

fn sorted_edges<C: Cost>(h: &Hierarchy<C>) -> Vec<(Cell, Cell, C)> {
    let mut edges: Vec<_> = h.abstract_edges().collect();
    edges.sort_by(|a, b| {
        (a.0, a.1)
            .cmp(&(b.0, b.1))
            .then(a.2.partial_cmp(&b.2).unwrap())
    });
    edges
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
    // Mostly no direct search (small grids would answer most queries by
    // it), sometimes one with a small budget; kept fields or not.
    let options = HierarchyOptions::new(case.cluster)
        .smoothing_window(case.window)
        .direct_limit([0, 0, 10, 40][rng.next(4) as usize])
        .cache_fields(rng.next(2) == 0)
        .merge_entrances(rng.next(2) == 0);
    // Half the time landmarks guide the abstract search; a twin without
    // them must then find abstract paths of the same cost.
    let landmarks = [0, 0, 1, 4][rng.next(4) as usize];
    let mut h = Hierarchy::with_options(&grid, options.landmarks(landmarks)).unwrap();
    let mut plain = Hierarchy::with_options(&grid, options).unwrap();
    for round in 0..3 {
        for q in 0..4 {
            let (start, goal) = (random_cell(&mut rng, &grid), random_cell(&mut rng, &grid));
            let what = format!("round {round} query {q}: {start:?} -> {goal:?}");
            check_query(&mut h, &grid, start, goal, &what);
            if landmarks > 0 && grid.is_passable(start) && grid.is_passable(goal) {
                let (a, b) = (
                    h.cost_bound(&grid, start, goal).unwrap(),
                    plain.cost_bound(&grid, start, goal).unwrap(),
                );
                assert_eq!(a.is_some(), b.is_some(), "{what}: landmarks");
                if let (Some(a), Some(b)) = (a, b) {
                    assert!(
                        common::close(a, b, common::tolerance::<C>()),
                        "{what}: {landmarks} landmarks {a:?}, none {b:?}"
                    );
                }
            }
        }
        for _ in 0..rng.range(1, 4) {
            let cell = random_cell(&mut rng, &grid);
            if case.terrain && rng.next(2) == 0 {
                grid.set_terrain(cell, C::weight(&mut rng)).unwrap();
            } else {
                let open = !grid.is_passable(cell);
                grid.set_passable(cell, open).unwrap();
            }
        }
        // Half the time the repair is asked for; otherwise the next query does it.
        if rng.next(2) == 0 {
            let repair = h.sync(&grid).unwrap();
            assert!(!repair.full, "round {round}: the log holds every edit");
            let fresh = Hierarchy::with_options(&grid, options.landmarks(landmarks)).unwrap();
            let (a, b) = (sorted_edges(&h), sorted_edges(&fresh));
            assert_eq!(
                a.len(),
                b.len(),
                "round {round}: repaired {a:?}\nfresh {b:?}"
            );
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(
                    (x.0, x.1),
                    (y.0, y.1),
                    "round {round}: repaired {a:?}\nfresh {b:?}"
                );
                assert!(
                    common::close(x.2, y.2, common::tolerance::<C>()),
                    "round {round}: {x:?} {y:?}"
                );
            }
            assert_eq!(h.node_count(), fresh.node_count());
        }
    }
}

#[test]
fn hierarchy_matches_dijkstra_u32() {
    common::run_property(
        "hierarchy_matches_dijkstra_u32",
        regressions_file!("hierarchy"),
        case(),
        |c| run::<u32>(&c),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn hierarchy_matches_dijkstra_f64() {
    common::run_property(
        "hierarchy_matches_dijkstra_f64",
        regressions_file!("hierarchy"),
        case(),
        |c| run::<f64>(&c),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn hierarchy_matches_dijkstra_length() {
    common::run_property(
        "hierarchy_matches_dijkstra_length",
        regressions_file!("hierarchy"),
        case(),
        |c| run::<pathseek::Length>(&c),
    );
}

/// A plan made before an edit refuses to go on; a query after it sees the edit.
#[test]
fn plans_refuse_a_changed_map_and_queries_see_it() {
    let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
    let mut h = Hierarchy::new(&grid, 8).unwrap();
    let (start, goal) = (Cell::new(1, 1), Cell::new(62, 1));
    let mut plan = h.plan(&grid, start, goal).unwrap().unwrap();
    let mut walk = Vec::new();
    assert!(plan.next_stretch(&mut h, &grid, &mut walk).unwrap());
    for y in 0..64 {
        grid.set_passable(Cell::new(32, y), false).unwrap();
    }
    assert!(matches!(
        plan.next_stretch(&mut h, &grid, &mut walk),
        Err(HierarchyError::MapChanged(_))
    ));
    assert!(!h.reachable(&grid, start, goal).unwrap());
    grid.set_passable(Cell::new(32, 63), true).unwrap();
    let mut path = Vec::new();
    assert!(h
        .find_path(&grid, start, goal, &mut path)
        .unwrap()
        .is_some());
    assert!(path.contains(&Cell::new(32, 63)));
}

/// Another grid of the same size (its own versions): built again, not repaired.
#[test]
fn another_grid_is_built_again() {
    let a = Grid::new(32, 32, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    let mut b = a.clone();
    let mut h = Hierarchy::new(&a, 8).unwrap();
    for y in 0..32 {
        b.set_passable(Cell::new(16, y), false).unwrap();
    }
    let c = Grid::from_fn(
        32,
        32,
        Connectivity::Four,
        GridCosts::new(1u32, 1),
        |cell| cell.x != 16,
    )
    .unwrap();
    // `b` is `a` edited (its log says how); `c` is another grid.
    assert!(!h.sync(&b).unwrap().full);
    assert!(!h.reachable(&b, Cell::new(0, 0), Cell::new(31, 0)).unwrap());
    assert!(h.sync(&c).unwrap().full);
    assert!(h.sync(&a).unwrap().full);
    assert!(h.reachable(&a, Cell::new(0, 0), Cell::new(31, 0)).unwrap());
}

/// The MovingAI den520d scenarios: every path valid, no worse than 10%, exact ones optimal.
#[test]
fn den520d_scenarios() {
    let (map, scen) = common::load_movingai("den520d");
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let mut h = Hierarchy::new(&grid, 16).unwrap();
    let mut path = Vec::new();
    let (mut sum, mut n) = (0.0, 0);
    for s in scen.iter().step_by(5) {
        let cost = h
            .find_path(&grid, s.start, s.goal, &mut path)
            .unwrap()
            .unwrap();
        assert_eq!(path_cost(&grid, &path), Some(cost));
        let opt = h
            .find_exact(&grid, s.start, s.goal, &mut Vec::new())
            .unwrap()
            .unwrap();
        assert!(
            (opt.as_f64() - s.optimal).abs() < 1e-3 * s.optimal.max(1.0),
            "{s:?}: {opt:?}"
        );
        let ratio = cost.as_f64() / opt.as_f64().max(1e-9);
        assert!(
            (1.0..=1.10).contains(&ratio) || cost == opt,
            "{s:?}: ratio {ratio}"
        );
        sum += ratio;
        n += 1;
    }
    assert!(sum / n as f64 <= 1.01, "mean ratio {}", sum / n as f64);
}
