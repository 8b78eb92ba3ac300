//! A node of the exact search: an interval of a polygon edge, every point
//! of which the search can reach by a straight line from one root point.

use crate::navmesh::point::Point;

/// The root id of the start point (not a vertex of the mesh).
pub(super) const START_ROOT: u32 = u32::MAX;

/// [`Interval::flags`]: the left end is the entry edge's first corner (`A`).
pub(super) const LEFT_AT_CORNER: u8 = 1;
/// [`Interval::flags`]: the right end is the entry edge's second corner (`B`).
pub(super) const RIGHT_AT_CORNER: u8 = 2;

/// The [`Interval::flags`] of an interval running from `from` to `to` on
/// its edge (in the order of the polygon it leaves): whether each end is
/// the edge's corner. `from` becomes the new node's right end, `to` its
/// left.
#[inline]
pub(super) fn corner_flags(from_corner: bool, to_corner: bool) -> u8 {
    (if from_corner { RIGHT_AT_CORNER } else { 0 }) | if to_corner { LEFT_AT_CORNER } else { 0 }
}

/// A search node: the interval `[left, right]` of the edge by which the
/// search enters `polygon`, seen from `root`. Looking from the root into
/// the polygon, `left` is towards the entry edge's first corner in the
/// polygon's order (`A`, slot `slot`) and `right` towards its second (`B`).
///
/// The records of one search live in one vector and are never moved or
/// revisited: a node is made once, by the expansion of its parent.
#[derive(Clone, Copy, Debug)]
pub(super) struct Interval {
    pub(super) left: Point,
    pub(super) right: Point,
    /// Where the straight lines start: the start point or a vertex.
    pub(super) root: Point,
    /// The length of the shortest path found to the root.
    pub(super) g: f64,
    /// The length of the shortest path from the root through the interval
    /// to the goal that ignores walls: the heuristic.
    pub(super) h: f64,
    /// The cost of the step from the parent: the distance from its root to
    /// this root (0 when the root is the same).
    pub(super) step: f64,
    /// The vertex id of the root, or [`START_ROOT`].
    pub(super) root_id: u32,
    /// A vertex the path bends at just before the root (an edge seen
    /// edge-on moved the root along a wall to its end), or [`START_ROOT`].
    pub(super) via: u32,
    /// The node whose expansion made this one (not always a node the
    /// core saw: see `Arena::expand`).
    pub(super) parent: u32,
    /// The node whose polygon's goal step the core took as this node's
    /// edge to the goal: itself, or a node made and expanded at once by
    /// its expansion.
    pub(super) goal_from: u32,
    /// The polygon the interval leads into.
    pub(super) polygon: u32,
    /// The slot (in `polygon`) of the edge the interval lies on.
    pub(super) slot: u32,
    /// [`LEFT_AT_CORNER`], [`RIGHT_AT_CORNER`].
    pub(super) flags: u8,
}

impl Interval {
    /// A record with no interval (the start and goal nodes).
    pub(super) fn point(at: Point) -> Interval {
        Interval {
            left: at,
            right: at,
            root: at,
            g: 0.0,
            h: 0.0,
            step: 0.0,
            root_id: START_ROOT,
            via: START_ROOT,
            parent: u32::MAX,
            goal_from: u32::MAX,
            polygon: u32::MAX,
            slot: u32::MAX,
            flags: 0,
        }
    }
}

/// How far from collinear three points may be and still count as on one
/// line: the sine of the angle at `o`, about 1e-10.
const COLLINEAR: f64 = 1e-10;

/// Which side of the line from `o` through `a` the point `p` lies on:
/// positive to the left (counter-clockwise), negative to the right, and
/// exactly 0 when the angle between `a - o` and `p - o` is below
/// [`COLLINEAR`] (relative to both lengths), so that points computed on a
/// line by rounding count as on it.
#[inline]
pub(super) fn side(o: Point, a: Point, p: Point) -> f64 {
    let (ax, ay, px, py) = (a.x - o.x, a.y - o.y, p.x - o.x, p.y - o.y);
    let c = ax * py - ay * px;
    if c.abs() <= COLLINEAR * (ax.abs() + ay.abs()) * (px.abs() + py.abs()) {
        0.0
    } else {
        c
    }
}

/// The point where the segment `a -> b` meets the line whose sides put
/// `a` at `sa` and `b` at `sb` (of opposite signs, or one of them 0):
/// exactly `a` or `b` when that end is on the line.
#[inline]
pub(super) fn crossing(a: Point, b: Point, sa: f64, sb: f64) -> Point {
    if sa == 0.0 {
        a
    } else if sb == 0.0 {
        b
    } else {
        let t = sa / (sa - sb);
        Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }
}

/// Whether `p`, on the line through `a` and `b`, lies between them (ends
/// included).
#[inline]
pub(super) fn between(a: Point, b: Point, p: Point) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let t = (p.x - a.x) * dx + (p.y - a.y) * dy;
    t >= 0.0 && t <= dx * dx + dy * dy
}

/// The length of the shortest way from `root` through the segment
/// `[left, right]` to `goal`, walls ignored (Polyanya's heuristic): the
/// straight line when it crosses the segment (after mirroring the goal to
/// the far side of the segment's line if it lies on the root's side), else
/// round the nearer end. A root on the segment's line gets the straight
/// distance. Never more than the shortest path through the interval.
#[inline]
pub(super) fn estimate(root: Point, left: Point, right: Point, goal: Point) -> f64 {
    let sr = side(left, right, root);
    if sr == 0.0 {
        return root.distance(goal);
    }
    let sg = side(left, right, goal);
    let goal = if ((sr > 0.0) == (sg > 0.0)) & (sg != 0.0) {
        mirror(goal, left, right)
    } else {
        goal
    };
    let (sl, srt) = (side(root, goal, left), side(root, goal, right));
    if ((sl <= 0.0) & (srt >= 0.0)) | ((sl >= 0.0) & (srt <= 0.0)) {
        root.distance(goal)
    } else {
        (root.distance(left) + left.distance(goal)).min(root.distance(right) + right.distance(goal))
    }
}

/// `p` mirrored in the line through `a` and `b` (distinct).
#[inline]
fn mirror(p: Point, a: Point, b: Point) -> Point {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy);
    let (fx, fy) = (a.x + dx * t, a.y + dy * t);
    Point::new(2.0 * fx - p.x, 2.0 * fy - p.y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_goes_straight_through_or_round_an_end() {
        let (l, r) = (Point::new(0.0, 0.0), Point::new(2.0, 0.0));
        let root = Point::new(1.0, -1.0);
        // Straight through the interval.
        assert_eq!(estimate(root, l, r, Point::new(1.0, 1.0)), 2.0);
        // A goal on the root's side is mirrored: still straight through.
        assert_eq!(estimate(root, l, r, Point::new(1.0, -0.5)), 1.5);
        // Round the right end.
        let far = Point::new(5.0, 1.0);
        let via = root.distance(r) + r.distance(far);
        assert!((estimate(root, l, r, far) - via).abs() < 1e-12);
        // A root on the interval's line: the straight distance.
        assert_eq!(
            estimate(Point::new(0.0, 0.0), l, r, Point::new(0.0, 3.0)),
            3.0
        );
    }

    #[test]
    fn sides_snap_to_the_line() {
        let (o, a) = (Point::new(0.0, 0.0), Point::new(3.0, 1.0));
        assert_eq!(side(o, a, Point::new(6.0, 2.0)), 0.0);
        assert!(side(o, a, Point::new(0.0, 1.0)) > 0.0);
        assert!(side(o, a, Point::new(1.0, 0.0)) < 0.0);
        let p = crossing(Point::new(0.0, 0.0), Point::new(0.0, 2.0), -1.0, 1.0);
        assert_eq!(p, Point::new(0.0, 1.0));
        assert!(between(o, a, Point::new(1.5, 0.5)) && !between(o, a, Point::new(4.5, 1.5)));
    }
}
