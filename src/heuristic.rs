//! Distance estimates for [`Grid`] searches: manhattan, octile, chebyshev and
//! euclidean, plus [`Grid::heuristic`], which picks the right one for a grid.
//!
//! Each function takes the goal and the step costs and returns a cheap, copyable
//! closure `Fn(Cell) -> C` estimating the cost from a cell to the goal. With
//! `dx`, `dy` the distances to the goal along each axis, `hi = max(dx, dy)`,
//! `lo = min(dx, dy)`, straight cost `s` and diagonal cost `d`:
//!
//! | heuristic | value | 4-connected | 8-connected (no corner cutting) |
//! |---|---|---|---|
//! | [`manhattan`] | `s·(dx + dy)` | admissible, consistent (exact without obstacles) | only if `d ≥ 2s` |
//! | [`octile`] | `s·(hi − lo) + d·lo` | admissible, consistent if `d ≤ 2s` (weaker than manhattan) | admissible, consistent if `s ≤ d ≤ 2s` (exact without obstacles) |
//! | [`chebyshev`] | `min(s, d)·hi` | admissible, consistent | admissible, consistent, for any `s`, `d` |
//! | [`euclidean`] | `s·√(dx² + dy²)` | admissible, consistent | admissible, consistent if `d ≥ √2·s` |
//!
//! Why the octile conditions: with `d > 2s` two straight steps are cheaper than a
//! diagonal, so the true distance is `s·(dx + dy)`, below the octile value; with
//! `d < s` a zig-zag of diagonals (`(+1, +1)`, `(+1, −1)`) covers two straight
//! cells for `2d < 2s`, again below the octile value. Inside `s ≤ d ≤ 2s` the
//! octile value is the exact obstacle-free distance, hence consistent.
//!
//! Every common choice ([`GridCosts::octile`], [`GridCosts::exact_octile`],
//! `GridCosts::new(10, 14)`) has `s ≤ d ≤ 2s`, so [`octile`] is the right
//! 8-connected heuristic for them; [`euclidean`] is admissible for `(1, √2)` and
//! exact octile (`665857 > 470832·√2`) but not for `(10, 14)` (`14 < 10·√2`).
//!
//! **Terrain.** The table assumes a move costs exactly `s` or `d`. With terrain
//! weights a move costs `s·w` or `d·w`; the estimates stay admissible and
//! consistent if the costs passed in are multiplied by the smallest weight
//! ([`Grid::min_terrain`]). [`Grid::heuristic`] does this.
//!
//! **Arithmetic.** Values saturate at `C::max_value()` instead of overflowing or
//! panicking (an estimate that large is only reached when every real path would
//! overflow too). [`euclidean`] is computed in `f64`; for integer cost types it is
//! rounded *down* (with a tiny safety margin for rounding error), so it never
//! exceeds the true distance. For float cost types every estimate is admissible
//! up to float rounding (a last-bit difference from a summed path cost).
//!
//! # Example
//! ```
//! use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
//! use pathseek::heuristic;
//!
//! let costs = GridCosts::new(10u32, 14);
//! let h = heuristic::octile(Cell::new(0, 0), costs);
//! assert_eq!(h(Cell::new(3, 1)), 10 * 2 + 14);
//!
//! let grid = Grid::new(8, 8, Connectivity::Eight, costs)?;
//! let h = grid.heuristic(Cell::new(0, 0));
//! assert_eq!(h(Cell::new(3, 1)), 34);
//! # Ok::<(), pathseek::grid::GridError>(())
//! ```

use crate::cost::Cost;
use crate::grid::{Cell, Connectivity, Grid, GridCosts};

/// `|a.x − b.x|`, `|a.y − b.y|`.
#[inline]
fn deltas(a: Cell, b: Cell) -> (u64, u64) {
    (u64::from(a.x.abs_diff(b.x)), u64::from(a.y.abs_diff(b.y)))
}

/// `cost · n`, saturating at `C::max_value()`.
#[inline]
fn times<C: Cost>(cost: C, n: u64) -> C {
    if n == 0 {
        return C::zero();
    }
    cost.checked_mul(C::from_count(n))
        .unwrap_or_else(C::max_value)
}

/// `a + b`, saturating at `C::max_value()`.
#[inline]
fn plus<C: Cost>(a: C, b: C) -> C {
    a.checked_add(b).unwrap_or_else(C::max_value)
}

#[inline]
fn smaller<C: Cost>(a: C, b: C) -> C {
    if b < a {
        b
    } else {
        a
    }
}

#[inline]
fn manhattan_value<C: Cost>(goal: Cell, costs: GridCosts<C>, cell: Cell) -> C {
    let (dx, dy) = deltas(cell, goal);
    times(costs.straight, dx + dy)
}

#[inline]
fn octile_value<C: Cost>(goal: Cell, costs: GridCosts<C>, cell: Cell) -> C {
    let (dx, dy) = deltas(cell, goal);
    let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
    plus(times(costs.straight, hi - lo), times(costs.diagonal, lo))
}

#[inline]
fn chebyshev_value<C: Cost>(goal: Cell, costs: GridCosts<C>, cell: Cell) -> C {
    let (dx, dy) = deltas(cell, goal);
    times(smaller(costs.straight, costs.diagonal), dx.max(dy))
}

/// `1 − 2⁻⁵⁰`: shrinks an `f64` estimate past any rounding error before it is
/// truncated to an integer cost (the computation's relative error is below 2⁻⁵¹).
const ROUND_DOWN: f64 = 1.0 - 1.0 / (1u64 << 50) as f64;

/// Whether `C` is an integer type (`0.5` converts to zero).
#[inline]
fn is_integer<C: Cost>() -> bool {
    <C as num_traits::NumCast>::from(0.5f64).is_some_and(|half: C| half == C::zero())
}

#[inline]
fn euclidean_value<C: Cost>(goal: Cell, straight: C, integer: bool, cell: Cell) -> C {
    let (dx, dy) = deltas(cell, goal);
    if dx == 0 || dy == 0 {
        return times(straight, dx + dy);
    }
    // dx, dy < 2^32, so the sum of squares fits a u128 exactly.
    let squares = u128::from(dx * dx) + u128::from(dy * dy);
    let root = (squares as f64).sqrt();
    if squares < (1u128 << 52) && root.fract() == 0.0 {
        // A perfect square (e.g. 3-4-5): the distance is an exact integer.
        return times(straight, root as u64);
    }
    let value = straight.as_f64() * root;
    let value = if integer { value * ROUND_DOWN } else { value };
    // Integer casts truncate (round down, values are non-negative); out-of-range
    // or non-finite results saturate.
    <C as num_traits::NumCast>::from(value)
        .and_then(|h: C| h.checked_add(C::zero()))
        .unwrap_or_else(C::max_value)
}

/// Manhattan distance `straight · (dx + dy)`: the heuristic for 4-connected grids.
///
/// Admissible and consistent for 4-connected moves; for 8-connected moves only
/// if `diagonal ≥ 2 · straight` (see the [module table](self)).
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, GridCosts};
/// let h = pathseek::heuristic::manhattan(Cell::new(5, 5), GridCosts::new(2u32, 3));
/// assert_eq!(h(Cell::new(2, 1)), 2 * (3 + 4));
/// assert_eq!(h(Cell::new(5, 5)), 0);
/// ```
pub fn manhattan<C: Cost>(goal: Cell, costs: GridCosts<C>) -> impl Fn(Cell) -> C + Copy {
    move |cell| manhattan_value(goal, costs, cell)
}

/// Octile distance `straight · (hi − lo) + diagonal · lo`: the heuristic for
/// 8-connected grids, exact on an empty map.
///
/// Admissible and consistent for 8-connected moves when
/// `straight ≤ diagonal ≤ 2 · straight` (every usual choice); outside that range
/// it can overestimate (see the [module docs](self)). For 4-connected moves it is
/// admissible when `diagonal ≤ 2 · straight`, but [`manhattan`] is tighter.
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, GridCosts};
/// let h = pathseek::heuristic::octile(Cell::new(0, 0), GridCosts::<f64>::octile());
/// assert!((h(Cell::new(3, 1)) - (2.0 + 2f64.sqrt())).abs() < 1e-10);
/// ```
pub fn octile<C: Cost>(goal: Cell, costs: GridCosts<C>) -> impl Fn(Cell) -> C + Copy {
    move |cell| octile_value(goal, costs, cell)
}

/// Chebyshev distance `min(straight, diagonal) · max(dx, dy)`.
///
/// Admissible and consistent for 4- and 8-connected moves with any costs, since
/// every step changes `max(dx, dy)` by at most one; weaker than [`octile`].
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, GridCosts};
/// let h = pathseek::heuristic::chebyshev(Cell::new(0, 0), GridCosts::new(10u32, 14));
/// assert_eq!(h(Cell::new(3, 1)), 30);
/// ```
pub fn chebyshev<C: Cost>(goal: Cell, costs: GridCosts<C>) -> impl Fn(Cell) -> C + Copy {
    move |cell| chebyshev_value(goal, costs, cell)
}

/// Straight-line distance `straight · √(dx² + dy²)`, computed in `f64`.
///
/// For integer cost types the value is rounded down so it stays admissible.
/// Admissible and consistent for 4-connected moves, and for 8-connected moves
/// when `diagonal ≥ √2 · straight` (true for [`GridCosts::octile`] and
/// [`GridCosts::exact_octile`], false for `GridCosts::new(10, 14)`). Weaker than
/// [`octile`] and slower (a square root per call).
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, GridCosts};
/// let h = pathseek::heuristic::euclidean(Cell::new(0, 0), GridCosts::<f64>::octile());
/// assert_eq!(h(Cell::new(3, 4)), 5.0);
/// let h = pathseek::heuristic::euclidean(Cell::new(0, 0), GridCosts::<u32>::exact_octile());
/// assert_eq!(h(Cell::new(1, 1)), 665_856); // 470832 · √2 = 665856.99999..., rounded down
/// ```
pub fn euclidean<C: Cost>(goal: Cell, costs: GridCosts<C>) -> impl Fn(Cell) -> C + Copy {
    let straight = costs.straight;
    let integer = is_integer::<C>();
    move |cell| euclidean_value(goal, straight, integer, cell)
}

#[derive(Clone, Copy)]
enum Kind {
    Manhattan,
    Octile,
    Chebyshev,
}

impl<C: Cost> Grid<C> {
    /// An admissible, consistent estimate of the cost from a cell to `goal` on
    /// this grid, for use as the A* heuristic.
    ///
    /// - 4-connected: [`manhattan`].
    /// - 8-connected: [`octile`] when `straight ≤ diagonal ≤ 2 · straight` (all the
    ///   usual costs), [`manhattan`] when `diagonal > 2 · straight` (diagonals
    ///   never pay), [`chebyshev`] when `diagonal < straight`.
    ///
    /// With terrain weights set, both costs are first multiplied by
    /// [`min_terrain`](Grid::min_terrain): every move costs at least that much
    /// times its base cost, so the estimate stays admissible even when weights are
    /// below one (and gets tighter when all weights exceed one). The returned
    /// closure copies what it needs; it does not borrow the grid, so later changes
    /// to the grid are not seen by it.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(10, 10, Connectivity::Four, GridCosts::<f64>::octile())?;
    /// assert_eq!(grid.heuristic(Cell::new(0, 0))(Cell::new(3, 4)), 7.0);
    /// grid.set_terrain(Cell::new(5, 5), 0.5)?; // a road: half price
    /// assert_eq!(grid.heuristic(Cell::new(0, 0))(Cell::new(3, 4)), 3.5);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn heuristic(&self, goal: Cell) -> impl Fn(Cell) -> C + Copy {
        let mut costs = self.costs();
        if self.has_terrain() {
            let m = self.min_terrain();
            // `set_terrain` checked that every weight times either cost fits.
            costs.straight = costs.straight * m;
            costs.diagonal = costs.diagonal * m;
        }
        let kind = match self.connectivity() {
            Connectivity::Four => Kind::Manhattan,
            Connectivity::Eight => {
                let (s, d) = (costs.straight, costs.diagonal);
                if d < s {
                    Kind::Chebyshev
                } else if s.checked_add(s).is_some_and(|two_s| d > two_s) {
                    Kind::Manhattan
                } else {
                    Kind::Octile
                }
            }
        };
        move |cell| match kind {
            Kind::Manhattan => manhattan_value(goal, costs, cell),
            Kind::Octile => octile_value(goal, costs, cell),
            Kind::Chebyshev => chebyshev_value(goal, costs, cell),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;

    const MAPS: &[&[&str]] = &[
        &["......", "......", "......", "......"],
        &[
            "..@.....", ".@@..@@.", "....@...", "@@..@.@.", "......@.", ".@@@....",
        ],
        &[".@....", ".@.@@.", ".@..@.", "...@..", "@.@@.@", "......"],
        &["..@", "@..", "..@", ".@."],
    ];

    fn grid<C: Cost>(rows: &[&str], conn: Connectivity, costs: GridCosts<C>) -> Grid<C> {
        Grid::from_fn(rows[0].len() as u32, rows.len() as u32, conn, costs, |c| {
            rows[c.y as usize].as_bytes()[c.x as usize] == b'.'
        })
        .unwrap()
    }

    fn cells<C: Cost>(g: &Grid<C>) -> Vec<Cell> {
        (0..g.node_count().unwrap())
            .map(|i| g.node_at(i).unwrap())
            .collect()
    }

    /// True cost from every cell to `goal` (Dijkstra on reversed edges, O(V²)).
    fn distances_to<C: Cost>(g: &Grid<C>, goal: Cell) -> Vec<Option<C>> {
        let n = g.node_count().unwrap();
        let mut reverse: Vec<Vec<(usize, C)>> = vec![Vec::new(); n];
        for a in cells(g) {
            let ia = g.node_index(a).unwrap();
            g.successors(a, |b, c| reverse[g.node_index(b).unwrap()].push((ia, c)));
        }
        let mut dist: Vec<Option<C>> = vec![None; n];
        let mut done = vec![false; n];
        if !g.is_passable(goal) {
            return dist;
        }
        dist[g.node_index(goal).unwrap()] = Some(C::zero());
        loop {
            let mut best: Option<usize> = None;
            for i in 0..n {
                if let (false, Some(d)) = (done[i], dist[i]) {
                    if best.is_none_or(|b| d < dist[b].unwrap()) {
                        best = Some(i);
                    }
                }
            }
            let Some(u) = best else { break };
            done[u] = true;
            let du = dist[u].unwrap();
            for &(v, c) in &reverse[u] {
                let nd = du + c;
                if dist[v].is_none_or(|old| nd < old) {
                    dist[v] = Some(nd);
                }
            }
        }
        dist
    }

    /// Checks admissibility against true distances and consistency on every edge.
    fn check<C: Cost, H: Fn(Cell) -> C>(g: &Grid<C>, goal: Cell, h: H, slack: f64, name: &str) {
        let dist = distances_to(g, goal);
        assert_eq!(h(goal).as_f64(), 0.0, "{name}: h(goal) != 0");
        for a in cells(g) {
            let ha = h(a);
            assert!(ha.is_valid(), "{name}: invalid h at {a:?}");
            if let Some(d) = dist[g.node_index(a).unwrap()] {
                assert!(
                    ha.as_f64() <= d.as_f64() + slack,
                    "{name}: h({a:?}) = {ha:?} > true {d:?} (goal {goal:?})"
                );
            }
            g.successors(a, |b, c| {
                assert!(
                    ha.as_f64() <= c.as_f64() + h(b).as_f64() + slack,
                    "{name}: inconsistent on {a:?} -> {b:?} (cost {c:?})"
                );
            });
        }
    }

    fn goals<C: Cost>(g: &Grid<C>) -> Vec<Cell> {
        cells(g).into_iter().filter(|&c| g.is_passable(c)).collect()
    }

    fn check_all<C: Cost>(costs: GridCosts<C>, slack: f64, eight: &[&str], four: &[&str]) {
        for rows in MAPS {
            let g8 = grid(rows, Connectivity::Eight, costs);
            for goal in goals(&g8) {
                for name in eight {
                    match *name {
                        "manhattan" => check(&g8, goal, manhattan(goal, costs), slack, name),
                        "octile" => check(&g8, goal, octile(goal, costs), slack, name),
                        "chebyshev" => check(&g8, goal, chebyshev(goal, costs), slack, name),
                        "euclidean" => check(&g8, goal, euclidean(goal, costs), slack, name),
                        _ => unreachable!(),
                    }
                }
                check(&g8, goal, g8.heuristic(goal), slack, "grid 8");
            }
            let g4 = grid(rows, Connectivity::Four, costs);
            for goal in goals(&g4) {
                for name in four {
                    match *name {
                        "manhattan" => check(&g4, goal, manhattan(goal, costs), slack, name),
                        "octile" => check(&g4, goal, octile(goal, costs), slack, name),
                        "chebyshev" => check(&g4, goal, chebyshev(goal, costs), slack, name),
                        "euclidean" => check(&g4, goal, euclidean(goal, costs), slack, name),
                        _ => unreachable!(),
                    }
                }
                check(&g4, goal, g4.heuristic(goal), slack, "grid 4");
            }
        }
    }

    const ALL: &[&str] = &["manhattan", "octile", "chebyshev", "euclidean"];

    #[test]
    fn exact_octile_u32() {
        check_all(
            GridCosts::<u32>::exact_octile(),
            0.0,
            &["octile", "chebyshev", "euclidean"],
            ALL,
        );
    }

    #[test]
    fn exact_octile_u64() {
        check_all(
            GridCosts::<u64>::exact_octile(),
            0.0,
            &["octile", "chebyshev", "euclidean"],
            ALL,
        );
    }

    #[test]
    fn float_octile() {
        check_all(
            GridCosts::<f64>::octile(),
            1e-9,
            &["octile", "chebyshev", "euclidean"],
            ALL,
        );
        check_all(
            GridCosts::new(1.0f32, core::f32::consts::SQRT_2),
            1e-4,
            &["octile", "chebyshev", "euclidean"],
            ALL,
        );
    }

    #[test]
    fn approximate_integer_costs() {
        // 14 < 10·√2: euclidean is not admissible for 8-connected moves.
        check_all(
            GridCosts::new(10u32, 14),
            0.0,
            &["octile", "chebyshev"],
            ALL,
        );
        check_all(
            GridCosts::new(1u32, 1),
            0.0,
            &["octile", "chebyshev"],
            &["manhattan", "chebyshev", "euclidean"],
        );
    }

    #[test]
    fn unusual_costs_use_a_safe_heuristic() {
        // Diagonal dearer than two straight steps: manhattan is exact.
        check_all(
            GridCosts::new(2u32, 5),
            0.0,
            &["manhattan", "chebyshev", "euclidean"],
            &["manhattan", "chebyshev", "euclidean"],
        );
        // Diagonal cheaper than straight: octile would overestimate (zig-zags).
        check_all(GridCosts::new(5u32, 3), 0.0, &["chebyshev"], ALL);
        let g = Grid::new(5, 1, Connectivity::Eight, GridCosts::new(5u32, 3)).unwrap();
        let o = octile(Cell::new(0, 0), g.costs());
        assert_eq!(o(Cell::new(4, 0)), 20); // but 4 straight steps is the only path here
        let g = Grid::new(5, 3, Connectivity::Eight, GridCosts::new(5u32, 3)).unwrap();
        let d = distances_to(&g, Cell::new(0, 1));
        assert_eq!(d[g.node_index(Cell::new(4, 1)).unwrap()], Some(12)); // 4 diagonals < octile 20
        assert!(g.heuristic(Cell::new(0, 1))(Cell::new(4, 1)) <= 12);
    }

    #[test]
    fn terrain_scaling_keeps_admissibility() {
        for rows in MAPS {
            for conn in [Connectivity::Four, Connectivity::Eight] {
                let mut g = grid(rows, conn, GridCosts::<f64>::octile());
                let mut gi = grid(rows, conn, GridCosts::<u32>::exact_octile());
                for (k, c) in cells(&g).into_iter().enumerate() {
                    let w = [1.0, 0.5, 3.0, 0.25, 2.0][k % 5];
                    g.set_terrain(c, w).unwrap();
                    gi.set_terrain(c, [1, 2, 3, 5][k % 4]).unwrap();
                }
                for goal in goals(&g) {
                    check(&g, goal, g.heuristic(goal), 1e-9, "terrain f64");
                    check(&gi, goal, gi.heuristic(goal), 0.0, "terrain u32");
                }
            }
        }
        // All weights 2: the heuristic doubles.
        let mut g = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
        for c in cells(&g) {
            g.set_terrain(c, 2).unwrap();
        }
        assert_eq!(
            g.heuristic(Cell::new(0, 0))(Cell::new(3, 1)),
            2 * (2 * 2 + 3)
        );
    }

    #[test]
    fn exact_values() {
        let costs = GridCosts::new(2u32, 3);
        let goal = Cell::new(10, 10);
        let at = Cell::new(7, 5); // dx 3, dy 5
        assert_eq!(manhattan(goal, costs)(at), 16);
        assert_eq!(octile(goal, costs)(at), 2 * 2 + 3 * 3);
        assert_eq!(chebyshev(goal, costs)(at), 10);
        assert_eq!(euclidean(goal, costs)(at), 11); // 2·√34 = 11.66
        assert_eq!(euclidean(goal, costs)(Cell::new(7, 6)), 10); // 2·5
        assert_eq!(euclidean(goal, costs)(Cell::new(10, 3)), 14);
        let ex = GridCosts::<u32>::exact_octile();
        assert_eq!(
            octile(Cell::new(0, 0), ex)(Cell::new(2, 1)),
            470_832 + 665_857
        );
        assert_eq!(euclidean(Cell::new(0, 0), ex)(Cell::new(1, 1)), 665_856);
        assert_eq!(euclidean(Cell::new(0, 0), ex)(Cell::new(4, 3)), 5 * 470_832);
        let f = GridCosts::<f64>::octile();
        assert_eq!(euclidean(Cell::new(0, 0), f)(Cell::new(5, 12)), 13.0);
        assert!((euclidean(Cell::new(0, 0), f)(Cell::new(1, 1)) - 2f64.sqrt()).abs() < 1e-15);
        assert_eq!(chebyshev(Cell::new(0, 0), f)(Cell::new(5, 12)), 12.0);
    }

    #[test]
    fn huge_values_saturate() {
        let far = Cell::new(u32::MAX, u32::MAX);
        let o = Cell::new(0, 0);
        let ex = GridCosts::<u32>::exact_octile();
        assert_eq!(manhattan(o, ex)(far), u32::MAX);
        assert_eq!(octile(o, ex)(far), u32::MAX);
        assert_eq!(chebyshev(o, ex)(far), u32::MAX);
        assert_eq!(euclidean(o, ex)(far), u32::MAX);
        let big = GridCosts::new(200u8, 250);
        assert_eq!(octile(o, big)(Cell::new(1, 0)), 200);
        assert_eq!(octile(o, big)(Cell::new(2, 0)), u8::MAX);
        assert_eq!(euclidean(o, big)(Cell::new(3, 3)), u8::MAX);
        let f = GridCosts::new(f64::MAX, f64::MAX);
        assert_eq!(octile(o, f)(far), f64::MAX);
        assert_eq!(euclidean(o, f)(far), f64::MAX);
        let f32c = GridCosts::new(1e30f32, 1e30);
        assert_eq!(euclidean(o, f32c)(far), f32::MAX);
        let u = GridCosts::<u64>::exact_octile();
        let e = euclidean(o, u)(far);
        let exact = 470_832.0 * (2.0f64).sqrt() * u32::MAX as f64;
        assert!((e as f64) <= exact && (e as f64) > exact * (1.0 - 1e-12));
        let zero = GridCosts::new(0u32, 0);
        assert_eq!(octile(o, zero)(far), 0);
        assert_eq!(euclidean(o, zero)(far), 0);
    }
}
