//! Colours, the look of a layer, points: [`Rgb`], [`Style`], [`Point`],
//! and the colour ramp the search layers are shaded with, [`ramp`].

use core::fmt;

use crate::grid::Cell;

/// A colour, written as `#rrggbb`.
///
/// # Example
/// ```
/// use pathseek::debug_view::Rgb;
/// assert_eq!(Rgb::new(255, 128, 0).to_string(), "#ff8000");
/// assert_eq!(Rgb::new(0, 0, 0).mix(Rgb::new(200, 100, 50), 0.5), Rgb::new(100, 50, 25));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
}

impl Rgb {
    /// The colour `(r, g, b)`.
    pub const fn new(r: u8, g: u8, b: u8) -> Self {
        Rgb { r, g, b }
    }

    /// The colour a fraction `t` of the way from `self` to `other` (`t`
    /// clamped to `0..=1`; NaN counts as 0).
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let channel = |a: u8, b: u8| {
            let v = f64::from(a) + (f64::from(b) - f64::from(a)) * t;
            // In 0..=255 by the clamp of `t`.
            v.round() as u8
        };
        Rgb::new(
            channel(self.r, other.r),
            channel(self.g, other.g),
            channel(self.b, other.b),
        )
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// The stops of [`ramp`]: dark blue, blue, teal, green, yellow. Each is
/// lighter than the one before, so the order reads in grey too, and none
/// is as dark as the walls or as light as the floor.
const RAMP: [Rgb; 5] = [
    Rgb::new(0x2b, 0x2f, 0x8f),
    Rgb::new(0x2f, 0x6e, 0xc9),
    Rgb::new(0x1f, 0xa6, 0xa6),
    Rgb::new(0x6c, 0xc8, 0x5a),
    Rgb::new(0xf4, 0xdc, 0x3a),
];

/// The colour ramp of the search layers: `t = 0` (the first expansion)
/// dark blue, through blue, teal and green, to `t = 1` (the last) yellow.
/// `t` is clamped to `0..=1`; NaN counts as 0.
///
/// # Example
/// ```
/// use pathseek::debug_view::{ramp, Rgb};
/// assert_eq!(ramp(0.0), Rgb::new(0x2b, 0x2f, 0x8f));
/// assert_eq!(ramp(1.0), Rgb::new(0xf4, 0xdc, 0x3a));
/// assert_eq!(ramp(2.0), ramp(1.0));
/// ```
pub fn ramp(t: f64) -> Rgb {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let spans = (RAMP.len() - 1) as f64;
    let at = t * spans;
    // `at` is in 0..=spans, so the index is in range.
    let i = (at.floor() as usize).min(RAMP.len() - 2);
    RAMP[i].mix(RAMP[i + 1], at - i as f64)
}

/// A point in cell units: cell `(x, y)` covers `x..x + 1` by `y..y + 1`,
/// so its centre is `(x + 0.5, y + 0.5)`; `(0, 0)` is the top left corner
/// of the map. A [`Cell`] converts to its centre.
///
/// # Example
/// ```
/// use pathseek::debug_view::Point;
/// use pathseek::Cell;
/// assert_eq!(Point::from(Cell::new(2, 3)), Point::new(2.5, 3.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Across, in cells from the left edge.
    pub x: f64,
    /// Down, in cells from the top edge.
    pub y: f64,
}

impl Point {
    /// The point `(x, y)`.
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    /// Whether both coordinates are finite (a picture leaves out any other
    /// point and counts it as skipped).
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl From<Cell> for Point {
    fn from(cell: Cell) -> Self {
        Point::new(f64::from(cell.x) + 0.5, f64::from(cell.y) + 0.5)
    }
}

impl From<(f64, f64)> for Point {
    fn from((x, y): (f64, f64)) -> Self {
        Point::new(x, y)
    }
}

/// How a layer is drawn: a fill, a stroke (colour and width in cells), an
/// opacity, dashes. Build one from [`Style::fill`] or [`Style::stroke`].
///
/// # Example
/// ```
/// use pathseek::debug_view::{Rgb, Style};
/// let outline = Style::stroke(Rgb::new(0, 0, 0), 0.2).dashed().with_opacity(0.5);
/// let region = Style::fill(Rgb::new(200, 60, 60)).with_stroke(Rgb::new(90, 0, 0), 0.1);
/// # let _ = (outline, region);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub(crate) fill: Option<Rgb>,
    pub(crate) stroke: Option<(Rgb, f64)>,
    pub(crate) opacity: f64,
    pub(crate) dashed: bool,
}

impl Style {
    /// Filled with `colour`, no outline.
    pub fn fill(colour: Rgb) -> Self {
        Style {
            fill: Some(colour),
            stroke: None,
            opacity: 1.0,
            dashed: false,
        }
    }

    /// An outline (or a line) of `colour`, `width` cells wide, not filled.
    /// A width that is not a positive finite number becomes 0.1.
    pub fn stroke(colour: Rgb, width: f64) -> Self {
        Style {
            fill: None,
            stroke: Some((colour, positive_or(width, 0.1))),
            opacity: 1.0,
            dashed: false,
        }
    }

    /// The same with an outline (or line) of `colour`, `width` cells wide.
    pub fn with_stroke(self, colour: Rgb, width: f64) -> Self {
        Style {
            stroke: Some((colour, positive_or(width, 0.1))),
            ..self
        }
    }

    /// The same at `opacity` (0 transparent to 1 opaque; clamped, NaN is 1).
    pub fn with_opacity(self, opacity: f64) -> Self {
        let opacity = if opacity.is_nan() {
            1.0
        } else {
            opacity.clamp(0.0, 1.0)
        };
        Style { opacity, ..self }
    }

    /// The same with a dashed outline.
    pub fn dashed(self) -> Self {
        Style {
            dashed: true,
            ..self
        }
    }
}

/// `x` if it is positive and finite, else `default`.
pub(crate) fn positive_or(x: f64, default: f64) -> f64 {
    if x.is_finite() && x > 0.0 {
        x
    } else {
        default
    }
}
