//! `Grid::nearest_cell` (the fallback goal: the accepted passable cell
//! nearest to a target, searched ring by ring) against a scan of every cell,
//! on random grids: 4- and 8-connected, integer costs of every kind of
//! heuristic (octile, Manhattan when diagonals never pay, Chebyshev when they
//! are cheaper than straight moves), float octile costs, terrain, targets
//! anywhere in the grid, and tests that accept few or no cells.

use pathseek::{Cell, Connectivity, Cost, Grid, GridCosts};
use proptest::prelude::*;

/// The nearest accepted passable cell by the grid's heuristic, ties to the
/// smaller `y` then `x`, found by looking at every cell.
fn scan<C: Cost>(grid: &Grid<C>, target: Cell, accept: impl Fn(Cell) -> bool) -> Option<Cell> {
    let h = grid.heuristic(target);
    let mut best: Option<(C, Cell)> = None;
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let cell = Cell::new(x, y);
            if !grid.is_passable(cell) || !accept(cell) {
                continue;
            }
            let d = h(cell);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, cell)); // row-major order: earlier cells win ties
            }
        }
    }
    best.map(|(_, c)| c)
}

#[derive(Clone, Debug)]
struct Case {
    width: u32,
    height: u32,
    eight: bool,
    costs: (u32, u32),
    walls: Vec<bool>,
    terrain: Option<Vec<u32>>,
    target: (u32, u32),
    modulus: u32,
    seed: u32,
}

fn case() -> impl Strategy<Value = Case> {
    (1u32..24, 1u32..24, any::<bool>(), 0usize..5, 0u32..80)
        .prop_flat_map(|(width, height, eight, kind, density)| {
            let n = (width * height) as usize;
            // Straight and diagonal costs: octile-like, exact octile, diagonal
            // dearer than two straight (Manhattan), cheaper than straight
            // (Chebyshev), equal.
            let costs = [(2, 3), (470_832, 665_857), (1, 5), (4, 3), (1, 1)][kind];
            (
                Just((width, height, eight, costs)),
                prop::collection::vec(prop::bool::weighted(f64::from(density) / 100.0), n),
                prop::option::of(prop::collection::vec(1u32..4, n)),
                (0..width, 0..height),
                1u32..6,
                any::<u32>(),
            )
        })
        .prop_map(
            |((width, height, eight, costs), walls, terrain, target, modulus, seed)| Case {
                width,
                height,
                eight,
                costs,
                walls,
                terrain,
                target,
                modulus,
                seed,
            },
        )
}

fn grid<C: Cost>(case: &Case, costs: GridCosts<C>, terrain: impl Fn(u32) -> C) -> Grid<C> {
    let conn = if case.eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let mut grid = Grid::new(case.width, case.height, conn, costs).unwrap();
    for y in 0..case.height {
        for x in 0..case.width {
            let i = (y * case.width + x) as usize;
            let cell = Cell::new(x, y);
            grid.set_passable(cell, !case.walls[i]).unwrap();
            if let Some(t) = &case.terrain {
                grid.set_terrain(cell, terrain(t[i])).unwrap();
            }
        }
    }
    grid
}

/// A test that accepts some cells: none when `modulus` is 1.
fn accept(case: &Case) -> impl Fn(Cell) -> bool + '_ {
    move |c: Cell| {
        case.modulus > 1
            && !(c.x.wrapping_mul(7) ^ c.y.wrapping_mul(13) ^ case.seed)
                .is_multiple_of(case.modulus)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::common::tier_cases(2000), ..ProptestConfig::default() })]

    #[test]
    fn ring_search_equals_a_scan_u32(case in case()) {
        let grid = grid(&case, GridCosts::new(case.costs.0, case.costs.1), |t| t);
        let target = Cell::new(case.target.0, case.target.1);
        for accept in [&accept(&case) as &dyn Fn(Cell) -> bool, &|_| true] {
            prop_assert_eq!(grid.nearest_cell(target, accept), scan(&grid, target, accept));
        }
    }

    #[test]
    fn ring_search_equals_a_scan_f64(case in case()) {
        let grid = grid(&case, GridCosts::float_octile(), f64::from);
        let target = Cell::new(case.target.0, case.target.1);
        for accept in [&accept(&case) as &dyn Fn(Cell) -> bool, &|_| true] {
            prop_assert_eq!(grid.nearest_cell(target, accept), scan(&grid, target, accept));
        }
    }
}

#[test]
fn a_target_outside_the_grid_has_no_nearest_cell() {
    let grid = Grid::new(4, 3, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    assert_eq!(grid.nearest_cell(Cell::new(4, 0), |_| true), None);
    assert_eq!(
        grid.nearest_cell(Cell::new(u32::MAX, u32::MAX), |_| true),
        None
    );
    assert_eq!(
        grid.nearest_cell(Cell::new(3, 2), |_| true),
        Some(Cell::new(3, 2))
    );
}

#[test]
fn an_accepted_target_is_its_own_answer() {
    let grid = Grid::new(5, 5, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    let mut asked = 0;
    let t = Cell::new(2, 2);
    assert_eq!(
        grid.nearest_cell(t, |_| {
            asked += 1;
            true
        }),
        Some(t)
    );
    assert_eq!(asked, 1, "nothing beyond the target itself is tested");
}
