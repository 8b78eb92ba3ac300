//! An exact, deliberately plain reference for any-angle paths on grid maps
//! under the rules of the Grid-Based Path Planning Competition's 2023
//! any-angle track (GPPC): [`segment_valid`] and [`optimal_length`].
//!
//! Written from the track's problem statement only, on `pathseek`'s public
//! API (`Grid::width`, `Grid::height`, `Grid::is_passable`); shared by the
//! main crate's tests (`tests/common`) and the benchmarks member
//! (`#[path]`-included), so it must build under both editions.
//!
//! # The plane
//! Cell `(x, y)` is the closed unit square `[x, x + 1] x [y, y + 1]`, `y`
//! pointing down (south). Free space is the union of the passable cells'
//! squares; everything outside `[0, width] x [0, height]` counts as blocked.
//! A *corner* is a point with integer coordinates; a *double corner* is one
//! whose four surrounding cells are two diagonally opposite blocked cells
//! and two diagonally opposite free ones (outside cells count as blocked).
//!
//! # Valid segments ([`segment_valid`])
//! A segment `a -> b` is valid when:
//! 1. both ends are finite and in `[0, width] x [0, height]`;
//! 2. no point of it lies in the interior of a blocked (or outside) cell;
//! 3. no piece of positive length of it runs along a grid line between two
//!    blocked cells (an outside cell counts as blocked, so the map's border
//!    is usable only beside a free cell);
//! 4. no point strictly between its ends is a double corner (no squeezing
//!    between two blocked cells that touch at a corner, not even along a
//!    grid line).
//!
//! A segment of length 0 is valid when its point lies in free space. The
//! GPPC's rule that a path segment is at least 0.01 long is a rule on
//! reported paths and is not checked here. An end of a segment may be a
//! double corner: which side a *path* may use there is a rule on paths
//! ([`optimal_length`] applies it to the start and the goal).
//!
//! # Arithmetic
//! Floating point with one tolerance, [`EPS`] (`1e-9` map units): a
//! coordinate within `EPS` of an integer is taken to be that integer, and
//! two grid-line crossings of a segment less than `EPS` apart along it are
//! taken to be one point (a segment passing within about `EPS` of a corner
//! is treated as passing through it). Everything else is decided on exact
//! comparisons of the crossings. Points built from integers and halves (cell
//! corners and centres) are represented exactly, so on them the answers are
//! exact. Path lengths are sums of `f64` square roots.
//!
//! # Optimal lengths ([`optimal_length`])
//! Dijkstra over the visibility graph of the start, the goal and every
//! *reflex* corner (three free cells and one blocked cell around it, all
//! inside the map): a shortest path in a polygonal domain bends only at
//! reflex vertices of its boundary, and those are the only corners where
//! free space turns by more than 180 degrees. Corners on the map's border
//! and double corners never are (see [`optimal_length`] for the argument);
//! [`optimal_length_all_corners`] searches over every corner in free space
//! instead, to check that claim in tests.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use pathseek::{Cell, Cost, Grid};

/// The tolerance of every decision, in map units (see the module docs).
pub const EPS: f64 = 1e-9;

/// `v` rounded to the nearest integer when it lies within [`EPS`] of it.
fn snap(v: f64) -> f64 {
    let r = v.round();
    if (v - r).abs() <= EPS {
        r
    } else {
        v
    }
}

/// Whether cell `(x, y)` is passable; cells outside the map are not.
pub fn free_cell<C: Cost>(grid: &Grid<C>, x: i64, y: i64) -> bool {
    x >= 0
        && y >= 0
        && x < i64::from(grid.width())
        && y < i64::from(grid.height())
        && grid.is_passable(Cell::new(x as u32, y as u32))
}

/// The four cells around corner `(x, y)`: north-west, north-east, south-west,
/// south-east (`y` down), `true` when free.
fn around<C: Cost>(grid: &Grid<C>, x: i64, y: i64) -> [bool; 4] {
    [
        free_cell(grid, x - 1, y - 1),
        free_cell(grid, x, y - 1),
        free_cell(grid, x - 1, y),
        free_cell(grid, x, y),
    ]
}

/// Whether corner `(x, y)` is a double corner: two diagonally opposite cells
/// blocked (or outside), the other two free.
pub fn is_double_corner_at<C: Cost>(grid: &Grid<C>, x: i64, y: i64) -> bool {
    let [nw, ne, sw, se] = around(grid, x, y);
    (nw && se && !ne && !sw) || (ne && sw && !nw && !se)
}

/// Whether point `p` is a double corner (after snapping to integers within
/// [`EPS`]).
pub fn is_double_corner<C: Cost>(grid: &Grid<C>, p: [f64; 2]) -> bool {
    let (x, y) = (snap(p[0]), snap(p[1]));
    x.fract() == 0.0 && y.fract() == 0.0 && is_double_corner_at(grid, x as i64, y as i64)
}

/// Whether point `p` lies in free space: finite, inside the map, and in the
/// closed square of some passable cell.
pub fn point_free<C: Cost>(grid: &Grid<C>, p: [f64; 2]) -> bool {
    let (x, y) = (snap(p[0]), snap(p[1]));
    if !in_map(grid, x, y) {
        return false;
    }
    // The cells whose closed squares hold the point: one, two (on an edge)
    // or four (on a corner).
    let xs: &[i64] = if x.fract() == 0.0 {
        &[x as i64 - 1, x as i64]
    } else {
        &[x.floor() as i64]
    };
    let ys: &[i64] = if y.fract() == 0.0 {
        &[y as i64 - 1, y as i64]
    } else {
        &[y.floor() as i64]
    };
    xs.iter()
        .any(|&cx| ys.iter().any(|&cy| free_cell(grid, cx, cy)))
}

fn in_map<C: Cost>(grid: &Grid<C>, x: f64, y: f64) -> bool {
    x.is_finite()
        && y.is_finite()
        && (0.0..=f64::from(grid.width())).contains(&x)
        && (0.0..=f64::from(grid.height())).contains(&y)
}

/// A point where a segment crosses grid lines, at parameter `t` along it:
/// the vertical line `x = vx` and/or the horizontal line `y = hy`.
#[derive(Clone, Copy, Debug)]
struct Crossing {
    t: f64,
    vx: Option<i64>,
    hy: Option<i64>,
}

/// Whether the segment `a -> b` is valid under the GPPC rules (see the
/// module docs for the exact rules and the tolerance).
pub fn segment_valid<C: Cost>(grid: &Grid<C>, a: [f64; 2], b: [f64; 2]) -> bool {
    let (ax, ay, bx, by) = (snap(a[0]), snap(a[1]), snap(b[0]), snap(b[1]));
    if !in_map(grid, ax, ay) || !in_map(grid, bx, by) {
        return false;
    }
    let (dx, dy) = (bx - ax, by - ay);
    let length = dx.hypot(dy);
    if length <= EPS {
        return point_free(grid, [ax, ay]);
    }
    // Every crossing of a grid line strictly inside the segment.
    let mut crossings: Vec<Crossing> = Vec::new();
    let on_vertical = dx == 0.0 && ax.fract() == 0.0;
    let on_horizontal = dy == 0.0 && ay.fract() == 0.0;
    if dx != 0.0 {
        let (lo, hi) = (ax.min(bx), ax.max(bx));
        let mut k = lo.floor() as i64 + 1;
        while (k as f64) < hi {
            let t = (k as f64 - ax) / dx;
            let hy = on_horizontal.then_some(ay as i64);
            crossings.push(Crossing { t, vx: Some(k), hy });
            k += 1;
        }
    }
    if dy != 0.0 {
        let (lo, hi) = (ay.min(by), ay.max(by));
        let mut k = lo.floor() as i64 + 1;
        while (k as f64) < hi {
            let t = (k as f64 - ay) / dy;
            let vx = on_vertical.then_some(ax as i64);
            crossings.push(Crossing { t, vx, hy: Some(k) });
            k += 1;
        }
    }
    crossings.sort_by(|p, q| p.t.total_cmp(&q.t));
    // Merge crossings less than EPS apart along the segment into one point;
    // drop those within EPS of an end (they are the end itself).
    let tol = EPS / length;
    let mut points: Vec<Crossing> = Vec::with_capacity(crossings.len() + 2);
    points.push(Crossing {
        t: 0.0,
        vx: None,
        hy: None,
    });
    for c in crossings {
        if c.t >= 1.0 - tol {
            continue;
        }
        let last = points.last_mut().expect("the start is there");
        if c.t - last.t <= tol {
            if last.t > 0.0 {
                last.vx = last.vx.or(c.vx);
                last.hy = last.hy.or(c.hy);
            }
        } else {
            points.push(c);
        }
    }
    points.push(Crossing {
        t: 1.0,
        vx: None,
        hy: None,
    });
    // Rule 4: no double corner strictly between the ends.
    for p in &points[1..points.len() - 1] {
        // (No let chains: the benchmarks member builds this file as 2021.)
        let double = match (p.vx, p.hy) {
            (Some(x), Some(y)) => is_double_corner_at(grid, x, y),
            _ => false,
        };
        if double {
            return false;
        }
    }
    // Rules 2 and 3: each piece between consecutive points lies in one cell's
    // interior, or runs along one grid edge.
    for w in points.windows(2) {
        let tm = 0.5 * (w[0].t + w[1].t);
        let (mx, my) = (ax + tm * dx, ay + tm * dy);
        let ok = if on_vertical {
            let (x, y) = (ax as i64, my.floor() as i64);
            free_cell(grid, x - 1, y) || free_cell(grid, x, y)
        } else if on_horizontal {
            let (x, y) = (mx.floor() as i64, ay as i64);
            free_cell(grid, x, y - 1) || free_cell(grid, x, y)
        } else {
            free_cell(grid, mx.floor() as i64, my.floor() as i64)
        };
        if !ok {
            return false;
        }
    }
    true
}

/// Whether `p` may be the start or the goal of a path: in free space and,
/// on a double corner, the corner of a free cell to its south-east (the
/// GPPC's query points are the north-west corners of free cells; a double
/// corner whose south-east cell is blocked is never a valid end).
pub fn endpoint_valid<C: Cost>(grid: &Grid<C>, p: [f64; 2]) -> bool {
    if !point_free(grid, p) {
        return false;
    }
    if is_double_corner(grid, p) {
        let (x, y) = (snap(p[0]) as i64, snap(p[1]) as i64);
        return free_cell(grid, x, y);
    }
    true
}

/// Whether a path may leave endpoint `p` towards `q` (or arrive at `p` from
/// `q`): a valid segment and, when `p` is a double corner, a direction into
/// the closed south-east quadrant (the GPPC's rule for starts and targets on
/// double corners).
fn endpoint_segment<C: Cost>(grid: &Grid<C>, p: [f64; 2], q: [f64; 2]) -> bool {
    if !segment_valid(grid, p, q) {
        return false;
    }
    if is_double_corner(grid, p) {
        return snap(q[0]) >= snap(p[0]) && snap(q[1]) >= snap(p[1]);
    }
    true
}

/// The length of a shortest valid path from `a` to `b` under the GPPC rules,
/// `None` when there is none (or an end is not a valid endpoint, see
/// [`endpoint_valid`]). `Some(0.0)` when `a == b`.
///
/// Paths bend only at reflex corners (three free cells and one blocked cell
/// around them). Why no other corner: a path bending at a point `v` is
/// shortened by cutting the bend unless free space around `v` is not convex
/// on the bend's inner side, that is unless the free cells around `v` cover
/// more than a half-plane there; with one or two blocked (or outside) cells
/// around `v` that happens only with exactly one blocked cell, inside the
/// map. A double corner never qualifies either: a path through it must stay
/// in one free quadrant on both sides (rule 4), and a bend inside one free
/// closed square is always cut short inside that square.
///
/// Cost: `O(V^2)` segment checks of `O(width + height)` each, for `V`
/// reflex corners: meant for maps up to about 32 x 32.
pub fn optimal_length<C: Cost>(grid: &Grid<C>, a: [f64; 2], b: [f64; 2]) -> Option<f64> {
    shortest(grid, a, b, |nw, ne, sw, se| {
        [nw, ne, sw, se].iter().filter(|f| !**f).count() == 1
    })
}

/// [`optimal_length`] over the visibility graph of every corner in free
/// space that is not a double corner (instead of only the reflex ones):
/// slower, for checking that restricting the bends changes nothing.
pub fn optimal_length_all_corners<C: Cost>(
    grid: &Grid<C>,
    a: [f64; 2],
    b: [f64; 2],
) -> Option<f64> {
    shortest(grid, a, b, |nw, ne, sw, se| {
        let free = [nw, ne, sw, se];
        free.iter().any(|f| *f) && !((nw && se && !ne && !sw) || (ne && sw && !nw && !se))
    })
}

/// A distance with a total order for `BinaryHeap` (never NaN here).
#[derive(Clone, Copy, PartialEq)]
struct Dist(f64);
impl Eq for Dist {}
impl PartialOrd for Dist {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Dist {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: the smallest distance pops first.
        other.0.total_cmp(&self.0)
    }
}

/// Dijkstra over the start (node 0), the goal (node 1) and the corners that
/// `bend(nw, ne, sw, se)` (free flags of the four cells around) accepts.
fn shortest<C: Cost>(
    grid: &Grid<C>,
    a: [f64; 2],
    b: [f64; 2],
    bend: impl Fn(bool, bool, bool, bool) -> bool,
) -> Option<f64> {
    if !endpoint_valid(grid, a) || !endpoint_valid(grid, b) {
        return None;
    }
    let (a, b) = ([snap(a[0]), snap(a[1])], [snap(b[0]), snap(b[1])]);
    if a == b {
        return Some(0.0);
    }
    let mut nodes = vec![a, b];
    for y in 0..=i64::from(grid.height()) {
        for x in 0..=i64::from(grid.width()) {
            let [nw, ne, sw, se] = around(grid, x, y);
            let p = [x as f64, y as f64];
            if bend(nw, ne, sw, se) && p != a && p != b {
                nodes.push(p);
            }
        }
    }
    let n = nodes.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    let mut heap = BinaryHeap::new();
    dist[0] = 0.0;
    heap.push((Dist(0.0), 0usize));
    while let Some((Dist(d), u)) = heap.pop() {
        if done[u] {
            continue;
        }
        if u == 1 {
            return Some(d);
        }
        done[u] = true;
        for v in 1..n {
            if done[v] {
                continue;
            }
            let (p, q) = (nodes[u], nodes[v]);
            let valid = match (u, v) {
                (0, 1) => endpoint_segment(grid, p, q) && endpoint_segment(grid, q, p),
                (0, _) => endpoint_segment(grid, p, q),
                (_, 1) => endpoint_segment(grid, q, p),
                _ => segment_valid(grid, p, q),
            };
            if !valid {
                continue;
            }
            let nd = d + (q[0] - p[0]).hypot(q[1] - p[1]);
            if nd < dist[v] {
                dist[v] = nd;
                heap.push((Dist(nd), v));
            }
        }
    }
    None
}

/// The length of a polyline (the sum of its segments' lengths).
pub fn polyline_length(points: &[[f64; 2]]) -> f64 {
    points
        .windows(2)
        .map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]))
        .sum()
}
