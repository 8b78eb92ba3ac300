//! [`JumpPointsError`]: why a grid cannot be searched by jump points.

use core::fmt;

/// Why a grid cannot be searched by jump points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JumpPointsError {
    /// The grid is 4-connected; jump points are defined here for 8-connected moves.
    NotEightConnected,
    /// The grid has terrain weights: the rays assume every move of a kind costs
    /// the same.
    Terrain,
    /// The move costs are outside `straight <= diagonal <= 2 * straight`, where
    /// skipping equal-cost orderings of moves is not safe.
    UnsupportedCosts,
    /// A ray across the whole grid would overflow the cost type.
    CostOverflow,
    /// A side of the grid is too long for precomputed jump distances (`i32`).
    GridTooLarge,
    /// [`PrecomputedJumps`](super::PrecomputedJumps)'s [`sync`](crate::graph::FollowMap::sync) was given a
    /// grid of another size or other move costs than the graph was built from.
    WrongGrid,
}

impl fmt::Display for JumpPointsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JumpPointsError::NotEightConnected => {
                write!(f, "jump point search needs an 8-connected grid")
            }
            JumpPointsError::Terrain => write!(
                f,
                "jump point search needs uniform move costs, but the grid has terrain weights"
            ),
            JumpPointsError::UnsupportedCosts => write!(
                f,
                "jump point search needs straight <= diagonal <= 2 * straight move costs"
            ),
            JumpPointsError::CostOverflow => {
                write!(f, "a move across the whole grid overflows the cost type")
            }
            JumpPointsError::GridTooLarge => write!(
                f,
                "a side of the grid is too long for precomputed jump distances (i32)"
            ),
            JumpPointsError::WrongGrid => write!(
                f,
                "the grid has another size or other move costs than the jump tables were built for"
            ),
        }
    }
}

impl std::error::Error for JumpPointsError {}
