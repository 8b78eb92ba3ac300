//! The cost types of the living-map properties (D* Lite, the hierarchy):
//! each one's grid move costs and a random terrain weight for an edit.

use pathseek::{Cost, GridCosts, Length};

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
