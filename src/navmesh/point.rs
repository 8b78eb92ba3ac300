//! Points of the plane a navigation mesh lies in.

use super::MeshError;

/// A point of the plane, in the map's units (for a mesh built from a grid,
/// cells: cell `(x, y)` covers `[x, x + 1] x [y, y + 1]`, so its centre is
/// `(x + 0.5, y + 0.5)`). The y axis may point up or down: the mesh only
/// needs the same axes for its polygons and its queries.
///
/// # Example
/// ```
/// use pathseek::navmesh::Point;
/// let a = Point::new(1.0, 2.0);
/// let b: Point = [4.0, 6.0].into();
/// assert_eq!(a.distance(b), 5.0);
/// assert_eq!(Point::from((4.0, 6.0)), b);
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// The x coordinate.
    pub x: f64,
    /// The y coordinate.
    pub y: f64,
}

/// Equal coordinates (as `f64`: a NaN equals nothing). Both compared
/// always, without a branch between: the exact search compares points in
/// its inner loop, where either answer is common.
impl PartialEq for Point {
    #[inline]
    fn eq(&self, other: &Point) -> bool {
        (self.x == other.x) & (self.y == other.y)
    }
}

impl Point {
    /// The point `(x, y)`.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::Point;
    /// assert_eq!(Point::new(0.5, 1.5).y, 1.5);
    /// ```
    #[inline]
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// The straight-line distance to `other`.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::Point;
    /// assert_eq!(Point::new(0.0, 0.0).distance(Point::new(3.0, 4.0)), 5.0);
    /// ```
    #[inline]
    pub fn distance(self, other: Point) -> f64 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        (dx * dx + dy * dy).sqrt()
    }

    /// Whether both coordinates are finite (not NaN, not infinite).
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::Point;
    /// assert!(Point::new(1.0, 2.0).is_finite());
    /// assert!(!Point::new(f64::NAN, 2.0).is_finite());
    /// ```
    #[inline]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl From<[f64; 2]> for Point {
    #[inline]
    fn from([x, y]: [f64; 2]) -> Point {
        Point { x, y }
    }
}

impl From<(f64, f64)> for Point {
    #[inline]
    fn from((x, y): (f64, f64)) -> Point {
        Point { x, y }
    }
}

impl From<Point> for [f64; 2] {
    #[inline]
    fn from(p: Point) -> [f64; 2] {
        [p.x, p.y]
    }
}

/// Twice the signed area of the triangle `o, a, b`: positive when `b` lies
/// to the left of the line from `o` to `a` (counter-clockwise with the y
/// axis up), negative to the right, zero when the three are on one line.
#[inline]
pub(crate) fn cross(o: Point, a: Point, b: Point) -> f64 {
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
}

/// The largest coordinate magnitude a mesh takes: 2^201.
pub(crate) const MAX_COORDINATE: f64 = 3.213_876_088_517_980_6e60;

/// The smallest coordinate magnitude other than zero a mesh takes: 2^-142.
pub(crate) const MIN_COORDINATE: f64 = 1.793_662_034_335_766e-43;

/// [`MeshError::CoordinateRange`] unless every coordinate of `points` is
/// zero or of a magnitude from [`MIN_COORDINATE`] to [`MAX_COORDINATE`] (a
/// NaN is out of range too: the callers report it as
/// [`NotFinite`](MeshError::NotFinite) first).
///
/// The one range check of every mesh: polygons given
/// ([`NavMesh::from_polygons`](super::NavMesh::from_polygons)) and outlines
/// triangulated (the `navmesh` feature). It is the range of `spade`'s
/// triangulation (its `MIN_ALLOWED_VALUE` and `MAX_ALLOWED_VALUE`:
/// Shewchuk's bounds for exact predicates that neither overflow nor
/// underflow), and in it the mesh's own products of two coordinate
/// differences (areas, cross products, squared lengths) stay finite, where
/// a square of side 1e155 has an infinite area.
pub(crate) fn check_coordinate_range(points: &[Point]) -> Result<(), MeshError> {
    let in_range = |c: f64| c == 0.0 || (MIN_COORDINATE..=MAX_COORDINATE).contains(&c.abs());
    if points.iter().all(|p| in_range(p.x) && in_range(p.y)) {
        Ok(())
    } else {
        Err(MeshError::CoordinateRange)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coordinate_range_is_2_to_the_minus_142_to_2_to_the_201() {
        assert_eq!(MAX_COORDINATE, 2f64.powi(201));
        assert_eq!(MIN_COORDINATE, 2f64.powi(-142));
        let check = |c: f64| check_coordinate_range(&[Point::new(1.0, c)]);
        for c in [0.0, -0.0, MIN_COORDINATE, -MAX_COORDINATE, 1e60, -1e-40] {
            assert_eq!(check(c), Ok(()), "{c:e}");
        }
        let outside = [
            MAX_COORDINATE.next_up(),
            -MIN_COORDINATE.next_up() / 2.0,
            1e155,
            f64::MIN_POSITIVE,
            f64::INFINITY,
            f64::NAN,
        ];
        for c in outside {
            assert_eq!(check(c), Err(MeshError::CoordinateRange), "{c:e}");
        }
    }

    /// The triangulation's own limits: the same range, so the outline
    /// builder's check before it and its own check agree.
    #[cfg(feature = "navmesh")]
    #[test]
    fn the_coordinate_range_is_the_triangulations() {
        assert_eq!(MAX_COORDINATE, spade::MAX_ALLOWED_VALUE);
        assert_eq!(MIN_COORDINATE, spade::MIN_ALLOWED_VALUE);
        for c in [
            0.0,
            MIN_COORDINATE,
            MIN_COORDINATE.next_down(),
            MAX_COORDINATE,
            MAX_COORDINATE.next_up(),
            -MAX_COORDINATE.next_up(),
            1e155,
        ] {
            assert_eq!(
                check_coordinate_range(&[Point::new(c, c)]).is_ok(),
                spade::validate_coordinate(c).is_ok(),
                "{c:e}"
            );
        }
    }
}
