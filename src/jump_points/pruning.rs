//! The stronger pruning of Harabor and Grastien (2014), shared by
//! [`BlockJumpPoints`](super::BlockJumpPoints) and
//! [`PrecomputedJumps`](super::PrecomputedJumps): which rays to follow from a
//! node, given the direction it was entered from.

use crate::grid::{move_bit, Cell, STEPS};

/// The sign of `d`, as an `i32`.
#[inline]
fn sign(d: i64) -> i32 {
    d.signum() as i32
}

/// The direction in which `node` was entered from `parent`, for graphs whose
/// edges are `k` diagonal moves then `m` straight ones: straight along the
/// longer axis when the edge ended straight, diagonal when it was diagonal
/// only; `None` without a parent (a start) or for a parent equal to the node.
#[inline(always)]
fn arrival(node: Cell, parent: Option<Cell>) -> Option<(i32, i32)> {
    parent.and_then(|parent| {
        let ax = i64::from(node.x) - i64::from(parent.x);
        let ay = i64::from(node.y) - i64::from(parent.y);
        match ax.abs().cmp(&ay.abs()) {
            core::cmp::Ordering::Greater => Some((sign(ax), 0)),
            core::cmp::Ordering::Less => Some((0, sign(ay))),
            core::cmp::Ordering::Equal => (ax != 0).then(|| (sign(ax), sign(ay))),
        }
    })
}

/// What [`pruned_rays`] needs of a graph for one expansion.
pub(super) trait Rays {
    /// Follows ray `(dx, dy)` from the node and reports what it finds.
    fn ray(&mut self, dx: i32, dy: i32);
    /// The move mask of the cell one step back against `(dx, dy)`.
    fn behind(&self, dx: i32, dy: i32) -> u8;
}

/// The rays to follow from `node`, entered from `parent`, under the 2014
/// pruning, for the graphs whose diagonal rays report their sub-rays' jump
/// points (block-based and precomputed jump points): calls `rays.ray(dx, dy)`
/// for each, in the order both graphs report their edges. `here` is the
/// node's move mask.
///
/// From a start, all eight rays. After a diagonal move, its two straight
/// components and the diagonal. After a straight move, the ray ahead, and for
/// each side open here but blocked one step back (a forced neighbour), the
/// straight turn towards it and the diagonal between; north or west first.
#[inline(always)]
pub(super) fn pruned_rays(node: Cell, parent: Option<Cell>, here: u8, rays: &mut impl Rays) {
    match arrival(node, parent) {
        None => {
            for (dx, dy) in STEPS {
                rays.ray(dx, dy);
            }
        }
        Some((dx, dy)) if dx != 0 && dy != 0 => {
            rays.ray(dx, 0);
            rays.ray(0, dy);
            rays.ray(dx, dy);
        }
        Some((dx, dy)) => {
            let opened = here & !rays.behind(dx, dy);
            rays.ray(dx, dy);
            let (ax, ay) = (dy.abs(), dx.abs());
            if opened & move_bit(-ax, -ay) != 0 {
                rays.ray(-ax, -ay);
                rays.ray(dx - ax, dy - ay);
            }
            if opened & move_bit(ax, ay) != 0 {
                rays.ray(ax, ay);
                rays.ray(dx + ax, dy + ay);
            }
        }
    }
}
