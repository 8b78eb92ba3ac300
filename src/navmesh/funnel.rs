//! The funnel algorithm (string pulling): the shortest path from a start to
//! a goal through a sequence of portals, bending only at portal ends.

use super::point::{cross, Point};

/// The shortest path from `start` to `goal` through `portals` (each
/// `(left, right)` as seen walking from the start towards the goal), pushed
/// onto `out`: the start, each point where the path bends, the goal.
///
/// The funnel is the wedge from the apex (the last bend) between the
/// tightest left and right portal ends seen since; a portal end that would
/// cross over the other side makes that side's end the next bend.
///
/// # Complexity
/// O(portals) amortised: a restart after a bend resumes just past the bend.
pub(crate) fn string_pull(
    start: Point,
    goal: Point,
    portals: impl Fn(usize) -> (Point, Point),
    count: usize,
    out: &mut Vec<Point>,
) {
    out.push(start);
    let given = count;
    let count = given + 1;
    // Portal i of the walk: the given ones, then the goal as a point portal.
    let portal = |i: usize| if i < given { portals(i) } else { (goal, goal) };
    let (mut apex, mut left, mut right) = (start, start, start);
    let (mut left_at, mut right_at) = (0usize, 0usize);
    let mut i = 0usize;
    while i < count {
        let (l, r) = portal(i);
        // A portal the apex lies on (the start, placed on a shared edge) is
        // crossed where the path already is; its ends, straight ahead and
        // straight behind, would make the funnel flat.
        if i < given && inside_segment(apex, l, r) {
            i += 1;
            continue;
        }
        // The right side: tighten when r is on or inside the right edge.
        if cross(apex, right, r) >= 0.0 {
            if apex == right || cross(apex, left, r) < 0.0 || on_ray_before(apex, left, r) {
                right = r;
                right_at = i;
            } else {
                // r crosses over the left side: the left end is a bend.
                apex = left;
                push(out, apex);
                right = apex;
                right_at = left_at;
                i = left_at + 1;
                continue;
            }
        }
        // The left side, mirrored.
        if cross(apex, left, l) <= 0.0 {
            if apex == left || cross(apex, right, l) > 0.0 || on_ray_before(apex, right, l) {
                left = l;
                left_at = i;
            } else {
                apex = right;
                push(out, apex);
                left = apex;
                left_at = right_at;
                i = right_at + 1;
                continue;
            }
        }
        i += 1;
    }
    push(out, goal);
}

/// Whether `p` lies on the segment from `apex` to `side` (either end
/// included): on the funnel's side, no further out than its end. A portal
/// end there does not cross that side (the funnel narrows to the ray, and
/// the path goes straight through `p`); without this, a portal seen edge-on
/// from the apex (its line through the apex) or a goal on such a portal made
/// the far end a bend, and the path ran past the goal and came back.
///
/// "On" within rounding: the sine of the angle between the two directions
/// at most 1e-12, so points meant to be on one line (a goal placed on a
/// portal, collinear corners given in decimal) count as on it.
fn on_ray_before(apex: Point, side: Point, p: Point) -> bool {
    let (dx, dy) = (side.x - apex.x, side.y - apex.y);
    let (px, py) = (p.x - apex.x, p.y - apex.y);
    let (len2, plen2) = (dx * dx + dy * dy, px * px + py * py);
    let c = cross(apex, side, p);
    if c * c > 1e-24 * len2 * plen2 {
        return false;
    }
    let along = px * dx + py * dy;
    along >= 0.0 && along <= len2
}

/// Whether `p` lies on the segment from `a` to `b`, not at either end.
fn inside_segment(p: Point, a: Point, b: Point) -> bool {
    if p == a || p == b {
        return false;
    }
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let along = (p.x - a.x) * dx + (p.y - a.y) * dy;
    cross(a, b, p).abs() <= 1e-12 * len2 && along > 0.0 && along < len2
}

fn push(out: &mut Vec<Point>, p: Point) {
    if out.last() != Some(&p) {
        out.push(p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn straight_through_wide_portals() {
        let mut out = Vec::new();
        // Walking +x with y up: left is +y.
        let portals = [(p(1.0, 5.0), p(1.0, -5.0)), (p(2.0, 5.0), p(2.0, -5.0))];
        string_pull(
            p(0.0, 0.0),
            p(3.0, 0.0),
            |i| portals[i],
            portals.len(),
            &mut out,
        );
        assert_eq!(out, [p(0.0, 0.0), p(3.0, 0.0)]);
    }

    #[test]
    fn bends_round_a_corner() {
        let mut out = Vec::new();
        // A corridor turning left at (2, 1): the inner corner is a left end.
        let portals = [(p(2.0, 1.0), p(2.0, 0.0)), (p(2.0, 1.0), p(3.0, 1.0))];
        string_pull(
            p(0.5, 0.5),
            p(2.5, 3.0),
            |i| portals[i],
            portals.len(),
            &mut out,
        );
        assert_eq!(out, [p(0.5, 0.5), p(2.0, 1.0), p(2.5, 3.0)]);
    }

    #[test]
    fn a_start_on_the_first_portal_goes_straight() {
        let mut out = Vec::new();
        // The start lies on the first portal; the second is ahead and wide.
        let portals = [(p(0.0, 5.0), p(0.0, -5.0)), (p(2.0, 5.0), p(2.0, -5.0))];
        string_pull(
            p(0.0, 1.0),
            p(3.0, 2.0),
            |i| portals[i],
            portals.len(),
            &mut out,
        );
        assert_eq!(out, [p(0.0, 1.0), p(3.0, 2.0)]);
    }

    /// Issue "No silent answer at the seams", the 18 x 4 map: after the
    /// bend at (10, 1) the portal from (4, 1) to (9, 1) lies on the line
    /// through the apex (seen edge-on), and the next portal's right end
    /// (9, 1), on that line short of the left end (4, 1), was taken to cross
    /// over the left side: (4, 1) became a bend, and the path ran on to it
    /// and back to the goal (13.08 long for 4.26).
    #[test]
    fn a_portal_seen_edge_on_bends_at_its_near_end() {
        let mut out = Vec::new();
        let portals = [
            (p(18.0, 4.0), p(10.0, 2.0)),
            (p(18.0, 0.0), p(10.0, 1.0)),
            (p(4.0, 1.0), p(9.0, 1.0)),
            (p(8.0, 2.0), p(9.0, 1.0)),
        ];
        string_pull(
            p(10.5, 3.5),
            p(8.5, 1.5),
            |i| portals[i],
            portals.len(),
            &mut out,
        );
        assert_eq!(out, [p(10.5, 3.5), p(10.0, 1.0), p(9.0, 1.0), p(8.5, 1.5)]);
    }

    /// The goal on a portal seen edge-on, short of its far end: straight
    /// there (the path ran on to the far end (5, 6) and back).
    #[test]
    fn a_goal_on_a_portal_seen_edge_on_is_reached_straight() {
        let mut out = Vec::new();
        let portals = [(p(2.0, 3.0), p(3.0, 4.0)), (p(5.0, 6.0), p(3.0, 4.0))];
        string_pull(
            p(2.5, 3.5),
            p(3.5, 4.5),
            |i| portals[i],
            portals.len(),
            &mut out,
        );
        assert_eq!(out, [p(2.5, 3.5), p(3.5, 4.5)]);
        // Mirrored, the far end on the right: straight on through the near
        // end (a bend of no angle), not to the far end.
        let portals = [(p(3.0, 4.0), p(2.0, 3.0)), (p(3.0, 4.0), p(5.0, 6.0))];
        out.clear();
        string_pull(
            p(2.5, 3.5),
            p(3.5, 4.5),
            |i| portals[i],
            portals.len(),
            &mut out,
        );
        let length: f64 = out.windows(2).map(|w| w[0].distance(w[1])).sum();
        assert!((length - 2f64.sqrt()).abs() < 1e-12, "{out:?}");
    }

    #[test]
    fn zig_zag_bends_on_both_sides() {
        let mut out = Vec::new();
        // Gates alternately open at the top and the bottom.
        let portals = [
            (p(1.0, 4.0), p(1.0, 3.0)),
            (p(2.0, 1.0), p(2.0, 0.0)),
            (p(3.0, 4.0), p(3.0, 3.0)),
        ];
        string_pull(
            p(0.0, 2.0),
            p(4.0, 2.0),
            |i| portals[i],
            portals.len(),
            &mut out,
        );
        assert_eq!(
            out,
            [
                p(0.0, 2.0),
                p(1.0, 3.0),
                p(2.0, 1.0),
                p(3.0, 3.0),
                p(4.0, 2.0)
            ]
        );
    }
}
