//! The cost types of the living-map properties (D* Lite, the hierarchy,
//! clearance maps): each one's grid move costs and a random terrain weight
//! for an edit; and the random grids and cells those properties start from.

use pathseek::{Cell, Connectivity, Cost, Grid, GridCosts, Length};

use super::Lcg;

/// A cost type a living-map property runs on.
pub trait EditCost: Cost {
    /// Move costs: 8-connected or 4-connected.
    fn costs(eight: bool) -> GridCosts<Self>;
    /// A random terrain weight.
    fn weight(rng: &mut Lcg) -> Self;
}

impl EditCost for u32 {
    fn costs(eight: bool) -> GridCosts<u32> {
        if eight {
            GridCosts::new(2, 3)
        } else {
            GridCosts::new(1, 1)
        }
    }
    fn weight(rng: &mut Lcg) -> u32 {
        rng.range(1, 4) as u32
    }
}

impl EditCost for f64 {
    fn costs(_eight: bool) -> GridCosts<f64> {
        GridCosts::float_octile()
    }
    fn weight(rng: &mut Lcg) -> f64 {
        // Below one too: the heuristic shrinks with the smallest weight, so
        // edits that change it make the planners recompute their estimates.
        [0.5, 1.0, 2.0, 3.0][rng.next(4) as usize]
    }
}

impl EditCost for Length {
    fn costs(_eight: bool) -> GridCosts<Length> {
        GridCosts::octile()
    }
    fn weight(rng: &mut Lcg) -> Length {
        Length::from_cells(rng.range(1, 3) as u32).unwrap()
    }
}

/// A random `width x height` grid: each cell blocked with probability
/// `density` percent and, with `terrain`, one cell in three weighted.
pub fn random_grid<C: EditCost>(
    rng: &mut Lcg,
    width: u32,
    height: u32,
    eight: bool,
    density: u64,
    terrain: bool,
) -> Grid<C> {
    let connectivity = if eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let mut grid = Grid::new(width, height, connectivity, C::costs(eight)).unwrap();
    for y in 0..height {
        for x in 0..width {
            let cell = Cell::new(x, y);
            if rng.next(100) < density {
                grid.set_passable(cell, false).unwrap();
            }
            if terrain && rng.next(3) == 0 {
                grid.set_terrain(cell, C::weight(rng)).unwrap();
            }
        }
    }
    grid
}

/// A random cell of `grid`, blocked or not.
pub fn random_cell(rng: &mut Lcg, grid: &Grid<impl Cost>) -> Cell {
    Cell::new(
        rng.next(u64::from(grid.width())) as u32,
        rng.next(u64::from(grid.height())) as u32,
    )
}
