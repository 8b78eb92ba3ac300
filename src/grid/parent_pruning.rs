//! The moves a grid expansion may leave out because the expanded cell's
//! parent has already offered their cells at no greater cost.
//!
//! When the A\* core expands a cell `n` reached from its parent `p` (one move
//! away), `p` was expanded first at the `g` that gave `n` its own, and it
//! offered every cell it can move to. A cell `x` next to both is offered by
//! `n` at `g(p) + c(p, n) + c(n, x)`, and by `p` at `g(p) + c(p, x)`; when the
//! second is never the larger, relaxing `x` from `n` cannot lower its `g`, so
//! the search does exactly the same without it: the same `g`s, the same
//! parents, the same open-set operations, only fewer edges looked at. (If `p`
//! itself left `x` out, its own parent offered `x` at no more than `p` would
//! have; by induction over the expansions the bound holds all the same.)
//!
//! Which `x` qualify (the move `p -> x` must be one `p` can make). After a
//! diagonal arrival every such `x` is a straight move from both; after a
//! straight one, `x` is straight from `p` and diagonal from `n`, or the other
//! way round. Rounding is monotone, so a rule that needs only
//! `c(p, x) <= c(p, n)` or `c(p, x) <= c(n, x)` holds for floats bit for bit:
//! - `x = p`: always (`g(p) <= g(n)`).
//! - the same kind of move from `p` and from `n`: always (both enter `x`).
//! - without terrain, `x` straight from `p` after a straight arrival:
//!   always (`c(p, x) = c(p, n)`); `x` diagonal from `p` (straight from
//!   `n`): when `diagonal <= straight`, or, for costs whose sums are exact
//!   ([`Cost::EXACT_SUMS`](crate::Cost::EXACT_SUMS)), `diagonal <= 2 straight`.
//! - with terrain (a move costs its length times the weight of the cell it
//!   enters, so only moves into the same `x` compare): when the move from `p`
//!   is no longer than the one from `n` (`straight <= diagonal` or the other
//!   way round).

use super::layout::STEPS;
use super::GridCosts;
use crate::cost::Cost;

/// Per arrival direction (the move `p -> n`, an index into [`STEPS`]) and
/// parent move mask, the moves of `n` to leave out.
pub(crate) type PruneTable = [[u8; 256]; 8];

/// The tables for each pair of rules on mixed moves: index bit 0, `x`
/// straight from `p` and diagonal from `n`; bit 1, the other way round.
static TABLES: [PruneTable; 4] = [
    table(false, false),
    table(true, false),
    table(false, true),
    table(true, true),
];

/// The pruning of a grid with move costs `costs`, with or without `terrain`:
/// `None` when a move cost is not valid (the search must meet such edges
/// and report them).
pub(crate) fn pruning_for<C: Cost>(
    costs: &GridCosts<C>,
    terrain: bool,
) -> Option<&'static PruneTable> {
    let (s, d) = (costs.straight, costs.diagonal);
    if !(s.is_valid() && d.is_valid()) {
        return None;
    }
    let (straight_first, diagonal_first) = if terrain {
        (s <= d, d <= s)
    } else {
        let triangle = C::EXACT_SUMS && s.checked_add(s).is_some_and(|two| d <= two);
        (true, d <= s || triangle)
    };
    Some(&TABLES[usize::from(straight_first) | usize::from(diagonal_first) << 1])
}

const fn table(straight_first: bool, diagonal_first: bool) -> PruneTable {
    let mut t = [[0u8; 256]; 8];
    let mut d_in = 0;
    while d_in < 8 {
        let mut mask = 0;
        while mask < 256 {
            t[d_in][mask] = pruned(d_in, mask as u8, straight_first, diagonal_first);
            mask += 1;
        }
        d_in += 1;
    }
    t
}

/// The moves of `n` to leave out after arriving by move `d_in` from a parent
/// whose move mask is `parent_moves`, with the rules on mixed moves that hold.
const fn pruned(d_in: usize, parent_moves: u8, straight_first: bool, diagonal_first: bool) -> u8 {
    let (ix, iy) = STEPS[d_in];
    let mut out = 0u8;
    let mut d = 0;
    while d < 8 {
        let (ox, oy) = STEPS[d];
        // `x` relative to `p`.
        let (rx, ry) = (ix + ox, iy + oy);
        if rx == 0 && ry == 0 {
            out |= 1 << d;
        } else if rx.abs() <= 1 && ry.abs() <= 1 {
            let m = step_index(rx, ry);
            let from_parent = parent_moves & (1 << m) != 0;
            let allowed = match (m >= 4, d >= 4) {
                (false, true) => straight_first,
                (true, false) => diagonal_first,
                _ => true,
            };
            if from_parent && allowed {
                out |= 1 << d;
            }
        }
        d += 1;
    }
    out
}

/// The place of move `(dx, dy)` in [`STEPS`] (a move: not `(0, 0)`).
const fn step_index(dx: i32, dy: i32) -> usize {
    let mut d = 0;
    while d < 8 {
        if STEPS[d].0 == dx && STEPS[d].1 == dy {
            return d;
        }
        d += 1;
    }
    8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bits of the moves in `names` (as in [`STEPS`]: N E S W NE SE SW NW).
    fn bits(names: &[&str]) -> u8 {
        const ORDER: [&str; 8] = ["N", "E", "S", "W", "NE", "SE", "SW", "NW"];
        names.iter().fold(0, |m, n| {
            m | 1 << ORDER.iter().position(|o| o == n).expect("a move name")
        })
    }

    #[test]
    fn a_straight_arrival_into_open_ground() {
        let east = 1;
        let all = 0xFF;
        // Back to the parent, and the two cells straight from it.
        assert_eq!(TABLES[1][east][all], bits(&["W", "NW", "SW"]));
        assert_eq!(TABLES[0][east][all], bits(&["W"]));
        // And the two the parent reaches diagonally.
        assert_eq!(TABLES[3][east][all], bits(&["W", "NW", "SW", "N", "S"]));
        assert_eq!(TABLES[2][east][all], bits(&["W", "N", "S"]));
    }

    #[test]
    fn a_diagonal_arrival_into_open_ground() {
        let north_east = 4;
        for table in &TABLES {
            assert_eq!(table[north_east][0xFF], bits(&["SW", "W", "S"]));
        }
    }

    #[test]
    fn only_the_parents_own_moves_are_left_out() {
        let east = 1;
        // The parent cannot move north (a wall there): its north cell,
        // north-west of `n`, stays; the way back always goes.
        let parent = !bits(&["N", "NE", "NW"]);
        assert_eq!(TABLES[3][east][parent as usize], bits(&["W", "SW", "S"]));
        assert_eq!(TABLES[3][east][0], bits(&["W"]));
    }

    #[test]
    fn the_rules_follow_the_costs() {
        let octile = GridCosts::new(2u32, 3);
        let east = 1;
        let all = |t: Option<&PruneTable>| t.map(|t| t[east][0xFF]);
        assert_eq!(
            all(pruning_for(&octile, false)),
            Some(TABLES[3][east][0xFF])
        );
        assert_eq!(all(pruning_for(&octile, true)), Some(TABLES[1][east][0xFF]));
        // Floats: no triangle unless the diagonal is the cheaper move.
        let float = GridCosts::float_octile();
        assert_eq!(all(pruning_for(&float, false)), Some(TABLES[1][east][0xFF]));
        let cheap_diagonal = GridCosts::new(5u32, 3);
        assert_eq!(
            all(pruning_for(&cheap_diagonal, true)),
            Some(TABLES[2][east][0xFF])
        );
        let dear_diagonal = GridCosts::new(2u32, 5);
        assert_eq!(
            all(pruning_for(&dear_diagonal, false)),
            Some(TABLES[1][east][0xFF])
        );
        assert_eq!(pruning_for(&GridCosts::new(f64::NAN, 1.0), false), None);
    }
}
