//! Theta* (`grid::AnyAngle` searched by the A* core) on random 4- and
//! 8-connected grids: a path exactly when the grid has one; it starts and
//! ends at the query's cells; every point sees the next (`path_length` is
//! `Some`, checked cell by cell by `Grid::line_of_sight`) and the cost is
//! that length; it is never longer than the grid's shortest path (the
//! reference Dijkstra on the grid's own costs, octile `f64` or unit
//! 4-connected) nor shorter than the straight line.

use crate::common::{self, Lcg};
use pathseek::grid::AnyAngle;
use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Case {
    width: u32,
    height: u32,
    density: u64,
    eight: bool,
    seed: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (2u32..48, 2u32..48, 0u64..45, any::<bool>(), any::<u64>()).prop_map(
        |(width, height, density, eight, seed)| Case {
            width,
            height,
            density,
            eight,
            seed,
        },
    )
}

fn check(case: &Case) {
    let mut rng = Lcg(case.seed);
    let (connectivity, costs) = if case.eight {
        (Connectivity::Eight, GridCosts::float_octile())
    } else {
        (Connectivity::Four, GridCosts::new(1.0, 1.0))
    };
    let grid = Grid::from_fn(case.width, case.height, connectivity, costs, |_| {
        rng.next(100) >= case.density
    })
    .unwrap();
    let theta = AnyAngle::new(&grid).unwrap();
    let adj = common::adjacency(&grid);
    for _ in 0..4 {
        let start = Cell::new(
            rng.next(u64::from(case.width)) as u32,
            rng.next(u64::from(case.height)) as u32,
        );
        let goal = Cell::new(
            rng.next(u64::from(case.width)) as u32,
            rng.next(u64::from(case.height)) as u32,
        );
        if !grid.is_passable(start) || !grid.is_passable(goal) {
            continue;
        }
        let optimum: Option<f64> =
            common::dijkstra(&adj, grid.cell_index(start).unwrap())[grid.cell_index(goal).unwrap()];
        let r = pathseek::search(&theta, Query::new(start, goal, theta.heuristic(goal)));
        match (r.found(), optimum) {
            (Some(p), Some(opt)) => {
                assert_eq!(p.nodes.first(), Some(&start));
                assert_eq!(p.nodes.last(), Some(&goal));
                let length = theta
                    .path_length(&p.nodes)
                    .unwrap_or_else(|| panic!("points out of sight: {:?}", p.nodes));
                assert!(
                    (length - p.cost).abs() <= 1e-9 * length.max(1.0),
                    "{length} {}",
                    p.cost
                );
                assert!(p.cost <= opt + 1e-9, "{} > grid optimum {opt}", p.cost);
                let dx = f64::from(start.x.abs_diff(goal.x));
                let dy = f64::from(start.y.abs_diff(goal.y));
                assert!(p.cost >= dx.hypot(dy) - 1e-9);
            }
            (None, None) => {}
            (p, o) => panic!("Theta* {:?}, grid optimum {o:?}", p.map(|p| p.cost)),
        }
    }
}

#[test]
fn theta_star_paths_are_valid_and_never_longer_than_grid_paths() {
    common::run_property(
        "theta_star",
        regressions_file!("theta_star"),
        case(),
        |case| check(&case),
    );
}

/// Round a pillar, Theta* turns once at a corner the grid path would
/// reach by a staircase.
#[test]
fn theta_star_turns_at_corners() {
    let grid = Grid::from_fn(
        20,
        20,
        Connectivity::Eight,
        GridCosts::float_octile(),
        |c| !(8..12).contains(&c.x) || !(2..20).contains(&c.y),
    )
    .unwrap();
    let theta = AnyAngle::new(&grid).unwrap();
    let (start, goal) = (Cell::new(2, 15), Cell::new(17, 15));
    let r = pathseek::search(&theta, Query::new(start, goal, theta.heuristic(goal)));
    let p = r.found().unwrap();
    assert!(p.nodes.len() <= 4, "{:?}", p.nodes);
    let octile = pathseek::astar(&grid, start, goal, grid.heuristic(goal))
        .found()
        .unwrap()
        .cost;
    assert!(p.cost < octile - 1.0, "{} vs {octile}", p.cost);
}
