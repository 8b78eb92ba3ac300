//! String pulling (`grid::smooth_path`) and shortcut refinement
//! (`grid::ShortcutRefiner`) on random grids: 4- and 8-connected, random
//! walls, with and without terrain weights; paths from A*, detours (A* to a
//! random waypoint, then on to the goal) and random walks (which loop).
//!
//! Smoothing:
//! - the result starts and ends at the path's cells, lists some of the
//!   path's cells in their order, never the same cell twice in a row;
//! - every consecutive pair has line of sight, by the library and by the
//!   independent reference of `common::segments`; with terrain, a pair that
//!   is not a single move touches cells of one weight only (reference);
//! - its Euclidean length is never above the path's, and its length with
//!   terrain (each segment times the weight of the cell it ends in, summed
//!   here) never above the path's.
//!
//! Refinement (windows of 0 to 12 steps, and one as long as the path):
//! - the result is a walk of the grid (`graph::path_cost` is `Some`) from
//!   the path's first cell to its last, and never costs more;
//! - an A* path comes back at its cost; with a window as long as the path
//!   the result is optimal.
//!
//! Then the errors on bad paths, and every scenario of `arena.map`.

use crate::common;

use common::segments::{reference, touched};
use common::Lcg;
use pathseek::graph::path_cost;
use pathseek::grid::{euclidean_length, smooth_path, weighted_length, PathError, ShortcutRefiner};
use pathseek::{Cell, Connectivity, Cost, Graph, Grid, GridCosts, Length};
use proptest::prelude::*;
use std::cell::Cell as Counter;

thread_local! {
    /// Paths that smoothing shortened and refinements that cost less, over
    /// the cases the property on this thread ran: it must exercise both.
    static SMOOTHED: Counter<u64> = const { Counter::new(0) };
    static SHORTENED: Counter<u64> = const { Counter::new(0) };
    /// Refinements that gave up early with a patience of one search.
    static GAVE_UP: Counter<u64> = const { Counter::new(0) };
}

#[derive(Clone, Debug)]
struct Case {
    width: u32,
    height: u32,
    eight: bool,
    walls: Vec<bool>,
    /// Terrain weights 1 to 3, per cell.
    terrain: Option<Vec<u8>>,
    seed: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (2u32..24, 2u32..24, any::<bool>(), 0u32..45, any::<bool>())
        .prop_flat_map(|(width, height, eight, density, with_terrain)| {
            let n = (width * height) as usize;
            let terrain = if with_terrain {
                prop::option::of(prop::collection::vec(1u8..4, n)).boxed()
            } else {
                Just(None).boxed()
            };
            (
                Just((width, height, eight)),
                prop::collection::vec(prop::bool::weighted(f64::from(density) / 100.0), n),
                terrain,
                any::<u64>(),
            )
        })
        .prop_map(|((width, height, eight), walls, terrain, seed)| Case {
            width,
            height,
            eight,
            walls,
            terrain,
            seed,
        })
}

fn grid<C: Cost>(case: &Case, costs: GridCosts<C>, weight: impl Fn(u8) -> C) -> Grid<C> {
    let conn = if case.eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let w = case.width;
    let mut grid = Grid::from_fn(w, case.height, conn, costs, |c| {
        !case.walls[(c.y * w + c.x) as usize]
    })
    .unwrap();
    if let Some(t) = &case.terrain {
        for (i, &k) in t.iter().enumerate() {
            let cell = Cell::new(i as u32 % w, i as u32 / w);
            grid.set_terrain(cell, weight(k)).unwrap();
        }
    }
    grid
}

/// A random passable cell (`None` when every cell is blocked).
fn passable_cell<C: Cost>(grid: &Grid<C>, rng: &mut Lcg) -> Option<Cell> {
    (0..50).find_map(|_| {
        let c = Cell::new(
            rng.next(u64::from(grid.width())) as u32,
            rng.next(u64::from(grid.height())) as u32,
        );
        grid.is_passable(c).then_some(c)
    })
}

fn astar_path<C: Cost>(grid: &Grid<C>, a: Cell, b: Cell) -> Option<Vec<Cell>> {
    pathseek::astar(grid, a, b, grid.heuristic(b))
        .into_path()
        .map(|p| p.nodes)
}

/// A walk of up to 60 random moves from `start`.
fn random_walk<C: Cost>(grid: &Grid<C>, start: Cell, rng: &mut Lcg) -> Vec<Cell> {
    let mut path = vec![start];
    let steps = rng.next(60);
    for _ in 0..steps {
        let mut next = Vec::new();
        grid.successors(*path.last().unwrap(), |n, _| next.push(n));
        if next.is_empty() {
            break;
        }
        path.push(next[rng.next(next.len() as u64) as usize]);
    }
    path
}

/// Paths to smooth and refine on `grid`: A* paths, detours and random
/// walks; each with the A* path between its ends, if any.
fn paths<C: Cost>(grid: &Grid<C>, seed: u64) -> Vec<(Vec<Cell>, Option<Vec<Cell>>)> {
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    for _ in 0..6 {
        let (Some(a), Some(b), Some(via)) = (
            passable_cell(grid, &mut rng),
            passable_cell(grid, &mut rng),
            passable_cell(grid, &mut rng),
        ) else {
            return out;
        };
        let best = astar_path(grid, a, b);
        if let Some(p) = &best {
            out.push((p.clone(), best.clone()));
        }
        if let (Some(first), Some(second)) = (astar_path(grid, a, via), astar_path(grid, via, b)) {
            let detour: Vec<Cell> = first.iter().chain(&second[1..]).copied().collect();
            out.push((detour, best.clone()));
        }
        let walk = random_walk(grid, a, &mut rng);
        let last = *walk.last().unwrap();
        out.push((walk, astar_path(grid, a, last)));
    }
    out
}

fn is_move(a: Cell, b: Cell) -> bool {
    a != b && a.x.abs_diff(b.x) <= 1 && a.y.abs_diff(b.y) <= 1
}

/// The length with terrain of `path`, summed here: each segment's length
/// times the weight of the cell it ends in.
fn terrain_length<C: Cost>(grid: &Grid<C>, path: &[Cell]) -> f64 {
    path.windows(2)
        .map(|w| {
            let (dx, dy) = (
                f64::from(w[0].x.abs_diff(w[1].x)),
                f64::from(w[0].y.abs_diff(w[1].y)),
            );
            dx.hypot(dy) * grid.terrain(w[1]).as_f64() / C::one().as_f64()
        })
        .sum()
}

fn check_smoothing<C: Cost>(grid: &Grid<C>, path: &[Cell]) {
    let mut out = vec![Cell::new(99, 99)]; // cleared by the call
    let length = smooth_path(grid, path, &mut out).unwrap();
    assert_eq!(out.first(), path.first());
    assert_eq!(out.last(), path.last());
    // A subsequence of the path, in order.
    let mut rest = path.iter();
    for c in &out {
        assert!(
            rest.any(|p| p == c),
            "{out:?} is not a subsequence of {path:?}"
        );
    }
    for w in out.windows(2) {
        assert_ne!(w[0], w[1], "a cell twice in a row: {out:?}");
        assert!(
            grid.line_of_sight(w[0], w[1]),
            "{:?} does not see {:?}",
            w[0],
            w[1]
        );
        assert!(
            reference(grid, w[0], w[1]),
            "the reference: {:?} does not see {:?}",
            w[0],
            w[1]
        );
        if grid.has_terrain() && !is_move(w[0], w[1]) {
            let weight = grid.terrain(w[0]);
            for c in touched(grid, w[0], w[1]) {
                assert!(
                    grid.terrain(c) == weight,
                    "{:?} -> {:?} crosses {c:?} of another weight",
                    w[0],
                    w[1]
                );
            }
        }
    }
    let (before, after) = (euclidean_length(path), euclidean_length(&out));
    assert_eq!(length, after);
    if out.len() < path.len() && after < before - 1e-6 {
        SMOOTHED.with(|n| n.set(n.get() + 1));
    }
    assert!(
        after <= before + 1e-9 * before.max(1.0),
        "longer: {after} > {before}"
    );
    let (before, after) = (terrain_length(grid, path), terrain_length(grid, &out));
    assert!(
        after <= before + 1e-9 * before.max(1.0),
        "dearer with terrain: {after} > {before}"
    );
    assert!((weighted_length(grid, &out) - after).abs() <= 1e-9 * after.max(1.0));
}

fn check_refinement<C: Cost>(
    grid: &Grid<C>,
    refiner: &mut ShortcutRefiner<C>,
    path: &[Cell],
    best: Option<&[Cell]>,
    from_astar: bool,
    rng: &mut Lcg,
) {
    let cost = path_cost(grid, path).expect("a walk of the grid");
    let optimum = best.and_then(|b| path_cost(grid, b));
    let exact = common::is_integer::<C>();
    let mut out = Vec::new();
    for window in [rng.next(13) as usize, path.len()] {
        refiner.set_window(window);
        let refined = refiner.refine(grid, path, &mut out).unwrap();
        // With a patience of one search: the same up to the first search
        // that finds nothing, then the rest as given, so never cheaper than
        // every window searched, never dearer than the path given.
        refiner.set_patience(1);
        let mut early = Vec::new();
        let given_up = refiner.refine(grid, path, &mut early).unwrap();
        refiner.set_patience(u64::MAX);
        assert_eq!(path_cost(grid, &early), Some(given_up.cost));
        assert!(
            given_up.cost >= refined.cost || !exact,
            "patience: {given_up:?} {refined:?}"
        );
        assert!(given_up.cost <= cost && given_up.searches <= refined.searches);
        assert_eq!((early.first(), early.last()), (path.first(), path.last()));
        if given_up.searches < refined.searches {
            GAVE_UP.with(|n| n.set(n.get() + 1));
        }
        let got = path_cost(grid, &out).expect("the refined path is a walk of the grid");
        assert_eq!(got, refined.cost);
        assert_eq!(refined.original, cost);
        assert!(got <= cost, "window {window}: {got:?} > {cost:?}");
        if got < cost {
            SHORTENED.with(|n| n.set(n.get() + 1));
        }
        assert_eq!(out.first(), path.first());
        assert_eq!(out.last(), path.last());
        if from_astar {
            assert_eq!(got, cost, "an A* path came back at another cost");
        }
        if let Some(optimum) = optimum {
            assert!(
                got >= optimum || !exact,
                "below the optimum: {got:?} < {optimum:?}"
            );
            if window >= path.len() && exact {
                assert_eq!(
                    got, optimum,
                    "one window over the whole path is not optimal"
                );
            }
        }
    }
}

/// Runs `property` and checks that it smoothed and shortened some paths.
fn exercised(property: impl FnOnce() -> u64) {
    SMOOTHED.with(|n| n.set(0));
    SHORTENED.with(|n| n.set(0));
    GAVE_UP.with(|n| n.set(0));
    let cases = property();
    assert!(
        GAVE_UP.with(Counter::get) > 0,
        "no refinement gave up early in {cases} cases"
    );
    assert!(
        SMOOTHED.with(Counter::get) > 0,
        "no path was smoothed in {cases} cases"
    );
    assert!(
        SHORTENED.with(Counter::get) > 0,
        "no path was refined in {cases} cases"
    );
}

fn run<C: Cost>(case: &Case, costs: GridCosts<C>, weight: impl Fn(u8) -> C) {
    let grid = grid(case, costs, weight);
    let mut refiner = ShortcutRefiner::new(4);
    let mut rng = Lcg(case.seed ^ 0x5eed);
    for (path, best) in paths(&grid, case.seed) {
        check_smoothing(&grid, &path);
        let from_astar = best.as_ref() == Some(&path);
        check_refinement(
            &grid,
            &mut refiner,
            &path,
            best.as_deref(),
            from_astar,
            &mut rng,
        );
    }
}

#[test]
#[cfg(feature = "deep-tests")]
fn smoothing_and_refinement_on_random_grids_length() {
    exercised(|| {
        common::run_property(
            "smoothing_length",
            regressions_file!("smoothing"),
            case(),
            |case| {
                run(&case, GridCosts::octile(), |k| {
                    Length::from_cells(u32::from(k)).unwrap()
                })
            },
        )
    });
}

#[test]
fn smoothing_and_refinement_on_random_grids_u32() {
    // Costs with the diagonal dearer than two straight steps, and cheaper
    // than one, too: A* never takes such moves where they lose, walks do.
    let costs = [(2, 3), (2, 5), (5, 3), (1, 1)];
    exercised(|| {
        common::run_property(
            "smoothing_u32",
            regressions_file!("smoothing"),
            (case(), 0..costs.len()),
            |(case, k)| run(&case, GridCosts::new(costs[k].0, costs[k].1), u32::from),
        )
    });
}

#[test]
#[cfg(feature = "deep-tests")]
fn smoothing_and_refinement_on_random_grids_f64() {
    exercised(|| {
        common::run_property(
            "smoothing_f64",
            regressions_file!("smoothing"),
            case(),
            |case| run(&case, GridCosts::float_octile(), f64::from),
        )
    });
}

#[test]
fn bad_paths_are_errors() {
    let mut grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    grid.set_passable(Cell::new(2, 1), false).unwrap();
    let mut refiner = ShortcutRefiner::new(8);
    let mut out = vec![Cell::new(0, 0)];
    let c = |x, y| Cell::new(x, y);
    let cases: Vec<(Vec<Cell>, PathError)> = vec![
        (vec![], PathError::Empty),
        (
            vec![c(0, 0), c(4, 0)],
            PathError::OutOfBounds {
                index: 1,
                cell: c(4, 0),
            },
        ),
        (
            vec![c(u32::MAX, 0)],
            PathError::OutOfBounds {
                index: 0,
                cell: c(u32::MAX, 0),
            },
        ),
        (
            vec![c(1, 1), c(2, 1)],
            PathError::Blocked {
                index: 1,
                cell: c(2, 1),
            },
        ),
        (
            vec![c(0, 0), c(2, 0)],
            PathError::NotAMove {
                index: 0,
                from: c(0, 0),
                to: c(2, 0),
            },
        ),
        (
            vec![c(0, 0), c(0, 0)],
            PathError::NotAMove {
                index: 0,
                from: c(0, 0),
                to: c(0, 0),
            },
        ),
        // Cutting the corner of the wall at (2, 1).
        (
            vec![c(0, 0), c(1, 0), c(2, 0), c(3, 1)],
            PathError::NotAMove {
                index: 2,
                from: c(2, 0),
                to: c(3, 1),
            },
        ),
    ];
    for (path, error) in cases {
        assert_eq!(smooth_path(&grid, &path, &mut out), Err(error), "{path:?}");
        assert!(out.is_empty());
        assert_eq!(
            refiner.refine(&grid, &path, &mut out).map(|r| r.cost),
            Err(error),
            "{path:?}"
        );
        assert!(out.is_empty());
    }
    // A diagonal step on a 4-connected grid.
    let four = Grid::new(3, 3, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    let path = [c(0, 0), c(1, 1)];
    let error = PathError::NotAMove {
        index: 0,
        from: c(0, 0),
        to: c(1, 1),
    };
    assert_eq!(smooth_path(&four, &path, &mut out), Err(error));
    assert!(error.to_string().contains("not a move"));
    // A cost that overflows the cost type.
    let tiny = Grid::new(8, 1, Connectivity::Four, GridCosts::new(100u8, 141)).unwrap();
    let path: Vec<Cell> = (0..4).map(|x| c(x, 0)).collect();
    let mut refiner = ShortcutRefiner::new(2);
    assert_eq!(
        refiner.refine(&tiny, &path, &mut out).map(|r| r.cost),
        Err(PathError::CostOverflow)
    );
    assert!(
        smooth_path(&tiny, &path, &mut out).is_ok(),
        "smoothing counts no cost"
    );
}

#[test]
fn a_single_cell_is_its_own_smooth_path() {
    let grid = Grid::new(3, 3, Connectivity::Eight, GridCosts::octile()).unwrap();
    let mut out = Vec::new();
    assert_eq!(smooth_path(&grid, &[Cell::new(1, 1)], &mut out), Ok(0.0));
    assert_eq!(out, [Cell::new(1, 1)]);
    let refined = ShortcutRefiner::new(3)
        .refine(&grid, &[Cell::new(1, 1)], &mut out)
        .unwrap();
    assert_eq!((refined.cost, refined.searches), (Length::ZERO, 0));
    assert_eq!(out, [Cell::new(1, 1)]);
}

#[test]
fn smoothing_keeps_off_other_terrain() {
    // A swamp (weight 5) in the middle of an open field; the path goes round
    // it along the top row, and smoothing must not cut across it.
    let mut grid = Grid::new(9, 5, Connectivity::Eight, GridCosts::float_octile()).unwrap();
    for x in 2..7 {
        for y in 1..5 {
            grid.set_terrain(Cell::new(x, y), 5.0).unwrap();
        }
    }
    let (start, goal) = (Cell::new(0, 4), Cell::new(8, 4));
    let path = astar_path(&grid, start, goal).unwrap();
    let mut out = Vec::new();
    let length = smooth_path(&grid, &path, &mut out).unwrap();
    // Up the left side, along the top row, down the right side.
    assert!(out.len() < path.len(), "{out:?} from {path:?}");
    assert!(length < euclidean_length(&path));
    // Single moves stay as the path had them (the grid charges the cell a
    // move enters); longer segments touch no swamp.
    for w in out.windows(2).filter(|w| !is_move(w[0], w[1])) {
        assert!(touched(&grid, w[0], w[1])
            .iter()
            .all(|&c| grid.terrain(c) == 1.0));
    }
    // Without the swamp the path is one straight segment.
    let plain = Grid::new(9, 5, Connectivity::Eight, GridCosts::float_octile()).unwrap();
    smooth_path(&plain, &astar_path(&plain, start, goal).unwrap(), &mut out).unwrap();
    assert_eq!(out, [start, goal]);
}

/// Every scenario of `arena.map` (8-connected, octile): the checks of the
/// properties on real paths, and a saving on the whole.
#[test]
fn arena_scenarios() {
    let (map, scenarios) = common::load_movingai("arena");
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let mut refiner = ShortcutRefiner::new(16);
    let mut rng = Lcg(1);
    let (mut before, mut after) = (0.0, 0.0);
    for sc in &scenarios {
        let Some(path) = astar_path(&grid, sc.start, sc.goal) else {
            assert!(sc.expects_no_path());
            continue;
        };
        check_smoothing(&grid, &path);
        check_refinement(&grid, &mut refiner, &path, Some(&path), true, &mut rng);
        let mut out = Vec::new();
        after += smooth_path(&grid, &path, &mut out).unwrap();
        before += euclidean_length(&path);
    }
    assert!(
        after < 0.98 * before,
        "string pulling saved little: {after} of {before}"
    );
}
