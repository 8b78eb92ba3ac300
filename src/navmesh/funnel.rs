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
            if apex == right || cross(apex, left, r) < 0.0 {
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
            if apex == left || cross(apex, right, l) > 0.0 {
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
