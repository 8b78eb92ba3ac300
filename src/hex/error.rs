//! [`HexError`]: why a hex map could not be built, changed or written.

use core::fmt;

use super::Hex;

/// Why a [`HexGrid`](super::HexGrid) could not be built, changed or written
/// as text.
///
/// # Example
/// ```
/// use pathseek::hex::{Hex, HexError, HexGrid};
/// let mut grid = HexGrid::new(3, 3, 1.0)?;
/// let err = grid.set_terrain(Hex::new(0, 0), f64::NAN).unwrap_err();
/// assert_eq!(err, HexError::InvalidTerrain { hex: Hex::new(0, 0) });
/// assert_eq!(err.to_string(), "terrain weight for hex (0, 0) is NaN or negative");
/// # Ok::<(), HexError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HexError {
    /// The hexagon is not on the map.
    OutOfBounds {
        /// The offending hexagon.
        hex: Hex,
        /// Map width (hexagons per row).
        width: u32,
        /// Map height (rows).
        height: u32,
    },
    /// A terrain weight was NaN or negative.
    InvalidTerrain {
        /// The hexagon the weight was meant for.
        hex: Hex,
    },
    /// A terrain weight times the step cost overflows the cost type.
    TerrainOverflow {
        /// The hexagon the weight was meant for.
        hex: Hex,
    },
    /// The step cost is NaN, negative, or (floats) infinite.
    InvalidStep,
    /// A side is 0 or above `i32::MAX`, or the map has more than
    /// `u32::MAX` hexagons.
    InvalidSize {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// The size is supported, but the memory for the map's hexagons could
    /// not be allocated: the allocator refused (a memory limit such as
    /// `ulimit -v`, or an address space too small). Nothing was built, and
    /// the process goes on. (Where the system promises memory it does not
    /// have, an overcommitting Linux for one, the allocation succeeds and
    /// the system may end the process later; no error value can report that.)
    OutOfMemory {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
        /// The bytes the map's hexagons need: one each, `width * height`.
        bytes: u64,
    },
    /// The text format cannot write this terrain weight: only whole weights
    /// 0 to 9 have a tile character
    /// ([`HexMap::from_grid`](crate::io::hex::HexMap::from_grid)).
    UnwritableTerrain {
        /// The passable hexagon whose weight has no character.
        hex: Hex,
    },
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::OutOfBounds { hex, width, height } => write!(
                f,
                "hex ({}, {}) is outside the {width} x {height} hex map",
                hex.q, hex.r
            ),
            HexError::InvalidTerrain { hex } => write!(
                f,
                "terrain weight for hex ({}, {}) is NaN or negative",
                hex.q, hex.r
            ),
            HexError::TerrainOverflow { hex } => write!(
                f,
                "terrain weight for hex ({}, {}) times the step cost overflows the cost type",
                hex.q, hex.r
            ),
            HexError::InvalidStep => {
                write!(f, "the step cost is NaN, negative or infinite")
            }
            HexError::InvalidSize { width, height } => write!(
                f,
                "hex map size {width} x {height} is not supported (sides 1 to i32::MAX, at most u32::MAX hexagons)"
            ),
            HexError::OutOfMemory {
                width,
                height,
                bytes,
            } => write!(
                f,
                "out of memory: a {width} x {height} hex map needs {bytes} bytes, which could not be allocated"
            ),
            HexError::UnwritableTerrain { hex } => write!(
                f,
                "terrain weight of hex ({}, {}) is not a whole number from 0 to 9, so the text format cannot write it",
                hex.q, hex.r
            ),
        }
    }
}

impl std::error::Error for HexError {}
