//! Points of the plane a navigation mesh lies in.

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
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// The x coordinate.
    pub x: f64,
    /// The y coordinate.
    pub y: f64,
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
