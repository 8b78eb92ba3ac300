//! [`Hex`]: axial coordinates of a pointy-top hexagon, its six neighbours,
//! the hex distance, and the odd-r offset coordinates of map storage.

/// A hexagon in axial coordinates `(q, r)` on a **pointy-top** layout (each
/// hexagon has a vertex at the top, rows run left to right): `r` counts rows
/// downwards, `q` runs along a row to the east, and the third cube
/// coordinate is `s = -q - r`.
///
/// Neighbours, in the order of [`Hex::DIRECTIONS`]: east `(+1, 0)`,
/// north-east `(+1, -1)`, north-west `(0, -1)`, west `(-1, 0)`, south-west
/// `(-1, +1)`, south-east `(0, +1)`.
///
/// Maps store hexagons in rectangular **odd-r** offset coordinates
/// `(col, row)`: `row = r`, `col = q + (r - (r & 1)) / 2`, so every odd row
/// is drawn half a hexagon to the right of the even rows
/// ([`from_offset`](Hex::from_offset), [`to_offset`](Hex::to_offset)).
///
/// ```text
///  row 0:  (0,0) (1,0) (2,0)        q = col
///  row 1:     (0,1) (1,1) (2,1)     q = col
///  row 2:  (-1,2) (0,2) (1,2)       q = col - 1
/// ```
///
/// # Example
/// ```
/// use pathseek::hex::Hex;
/// let a = Hex::new(0, 0);
/// assert_eq!(a.distance(Hex::new(2, -1)), 2);
/// assert_eq!(Hex::from_offset(0, 2), Some(Hex::new(-1, 2)));
/// assert_eq!(Hex::new(-1, 2).to_offset(), Some((0, 2)));
/// assert_eq!(a.neighbours().count(), 6);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    /// The axial column: grows to the east along a row.
    pub q: i32,
    /// The axial row: grows downwards (south).
    pub r: i32,
}

impl Hex {
    /// The six steps to the neighbours, as `Hex` offsets: east, north-east,
    /// north-west, west, south-west, south-east.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::Hex;
    /// // Every step moves one hexagon: distance 1 from the origin.
    /// assert!(Hex::DIRECTIONS.iter().all(|&d| Hex::new(0, 0).distance(d) == 1));
    /// ```
    pub const DIRECTIONS: [Hex; 6] = [
        Hex::new(1, 0),
        Hex::new(1, -1),
        Hex::new(0, -1),
        Hex::new(-1, 0),
        Hex::new(-1, 1),
        Hex::new(0, 1),
    ];

    /// The hexagon `(q, r)`.
    ///
    /// # Example
    /// ```
    /// let h = pathseek::hex::Hex::new(3, -2);
    /// assert_eq!((h.q, h.r, h.s()), (3, -2, -1));
    /// ```
    #[inline]
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// The third cube coordinate `s = -q - r` (so `q + r + s = 0`).
    ///
    /// # Example
    /// See [`Hex::new`].
    #[inline]
    pub const fn s(self) -> i64 {
        -(self.q as i64) - self.r as i64
    }

    /// The neighbour in direction `direction` (an index into
    /// [`DIRECTIONS`](Hex::DIRECTIONS)); `None` for an index above 5 or a
    /// coordinate past the ends of `i32`.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::Hex;
    /// assert_eq!(Hex::new(0, 0).neighbour(1), Some(Hex::new(1, -1))); // north-east
    /// assert_eq!(Hex::new(i32::MAX, 0).neighbour(0), None);
    /// assert_eq!(Hex::new(0, 0).neighbour(6), None);
    /// ```
    #[inline]
    pub fn neighbour(self, direction: usize) -> Option<Hex> {
        let d = Hex::DIRECTIONS.get(direction)?;
        Some(Hex {
            q: self.q.checked_add(d.q)?,
            r: self.r.checked_add(d.r)?,
        })
    }

    /// The neighbours in the order of [`DIRECTIONS`](Hex::DIRECTIONS)
    /// (all six, except past the ends of `i32`).
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::Hex;
    /// let around: Vec<Hex> = Hex::new(2, 3).neighbours().collect();
    /// assert_eq!(around[0], Hex::new(3, 3)); // east
    /// assert_eq!(around[5], Hex::new(2, 4)); // south-east
    /// ```
    pub fn neighbours(self) -> impl Iterator<Item = Hex> {
        (0..6).filter_map(move |d| self.neighbour(d))
    }

    /// The hex distance: the fewest steps from `self` to `other`,
    /// `(|dq| + |dr| + |ds|) / 2`.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::Hex;
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(3, -1)), 3);
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(-2, -2)), 4);
    /// ```
    #[inline]
    pub fn distance(self, other: Hex) -> u64 {
        let dq = i64::from(self.q) - i64::from(other.q);
        let dr = i64::from(self.r) - i64::from(other.r);
        (dq.unsigned_abs() + dr.unsigned_abs() + (dq + dr).unsigned_abs()) / 2
    }

    /// The hexagon at odd-r offset `(col, row)` (see [`Hex`]); `None` if
    /// `col` or `row` exceeds `i32::MAX`.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::Hex;
    /// assert_eq!(Hex::from_offset(3, 0), Some(Hex::new(3, 0)));
    /// assert_eq!(Hex::from_offset(3, 1), Some(Hex::new(3, 1)));
    /// assert_eq!(Hex::from_offset(3, 3), Some(Hex::new(2, 3)));
    /// ```
    #[inline]
    pub fn from_offset(col: u32, row: u32) -> Option<Hex> {
        let (col, row) = (i32::try_from(col).ok()?, i32::try_from(row).ok()?);
        // row >= 0, so `row >> 1` is `(row - (row & 1)) / 2`.
        Some(Hex {
            q: col - (row >> 1),
            r: row,
        })
    }

    /// The odd-r offset `(col, row)` of this hexagon (see [`Hex`]); `None`
    /// when either would be negative.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::Hex;
    /// assert_eq!(Hex::new(2, 3).to_offset(), Some((3, 3)));
    /// assert_eq!(Hex::new(-1, 0).to_offset(), None);
    /// ```
    #[inline]
    pub fn to_offset(self) -> Option<(u32, u32)> {
        let row = u32::try_from(self.r).ok()?;
        let col = i64::from(self.q) + i64::from(self.r >> 1);
        Some((u32::try_from(col).ok()?, row))
    }
}
