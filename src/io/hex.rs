//! The hex map text format: [`HexMap`], its reader and writer, and its
//! conversion to and from a [`HexGrid`].
//!
//! # Format
//! ```text
//! type hex
//! layout odd-r
//! height 3
//! width 5
//! map
//! ..@..
//! .2@3.
//! ...T.
//! ```
//! Five header lines, MovingAI-like: `type hex`, `layout odd-r`,
//! `height H` and `width W` (positive integers), in any order and each
//! once, then `map`. Then `H` rows of exactly `W` tile characters, top row
//! (row 0) first: the character in column `col` of row `row` is the hexagon
//! at odd-r offset `(col, row)`, [`Hex::from_offset(col, row)`](Hex::from_offset)
//! (pointy-top hexagons, odd rows shifted half a hexagon to the right).
//!
//! | tile | hexagon |
//! |---|---|
//! | `.` | passable, terrain weight 1 |
//! | `0`, `1`, ..., `9` | passable, terrain weight the digit (`1` is the same as `.`) |
//! | `@`, `T` | blocked |
//!
//! Any other character is an error. Blank lines are allowed in the header
//! and after the last row; CRLF line ends and a missing final newline are
//! fine. `layout` is required, and `odd-r` is the only layout: a map drawn
//! in another layout would otherwise be read with its neighbours silently
//! wrong. Sizes: sides up to `i32::MAX`, at most `u32::MAX` hexagons.
//!
//! The writer ([`HexMap::from_grid`], then [`Display`](core::fmt::Display))
//! writes the header in the order above, `.` for weight one, the digit for
//! other whole weights 0 to 9, and `@` for every blocked hexagon (a blocked
//! hexagon's weight is not written).
//!
//! Errors are the [`LoadError`] of every loader, with line numbers:
//! `MissingHeader`, `DuplicateHeader`, `BadHeader` (a line that is not a
//! header, a `type` other than `hex`, a `layout` other than `odd-r`),
//! `BadSize`, `TooLarge`, `RowLength`, `TooFewRows`, `TooManyRows`,
//! `UnknownTile`, `OutOfMemory` and `Io` (see [`LoadErrorKind`]).
//!
//! # Example
//! ```
//! use pathseek::hex::Hex;
//! use pathseek::io::hex::HexMap;
//!
//! let text = "type hex\nlayout odd-r\nheight 2\nwidth 3\nmap\n.@.\n.3.\n";
//! let map = HexMap::parse(text)?;
//! let grid = map.to_grid(1u32)?;
//! assert!(!grid.is_passable(Hex::new(1, 0)));
//! assert_eq!(grid.terrain(Hex::from_offset(1, 1).unwrap()), 3);
//! // Written back, the same text.
//! assert_eq!(HexMap::from_grid(&grid)?.to_string(), text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::io::BufRead;
use std::path::Path;

use crate::cost::Cost;
use crate::hex::{hex_cells, weight_tile, Hex, HexError, HexGrid};
use crate::io::error::{LoadError, LoadErrorKind};
use crate::io::lines::{open, Lines};
use crate::io::parse::found;

/// A hex map as read from text: its size and tile characters (see the
/// [module docs](self) for the format).
///
/// # Example
/// See the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexMap {
    width: u32,
    height: u32,
    /// `width * height` tile characters, row by row.
    tiles: Vec<u8>,
}

/// The header keywords, in the order the writer writes them.
const HEADERS: [&str; 4] = ["type", "layout", "height", "width"];

impl HexMap {
    /// Reads a hex map line by line from any [`BufRead`].
    ///
    /// # Memory
    /// In proportion to the input: the tiles grow row by row as they are
    /// read, whatever size the header gives; a refused allocation is an
    /// [`OutOfMemory`](LoadErrorKind::OutOfMemory) error.
    ///
    /// # Example
    /// ```
    /// use pathseek::io::{hex::HexMap, LoadErrorKind};
    /// let map = HexMap::read(std::io::Cursor::new("type hex\nlayout odd-r\nheight 1\nwidth 2\nmap\n.@\n"))?;
    /// assert_eq!(map.tiles(), b".@");
    /// let err = HexMap::parse("type hex\nlayout odd-r\nheight 1\nwidth 2\nmap\n.x\n").unwrap_err();
    /// assert_eq!(err.line(), Some(6));
    /// assert_eq!(err.kind(), &LoadErrorKind::UnknownTile { column: 2, found: 'x' });
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn read<R: BufRead>(reader: R) -> Result<Self, LoadError> {
        use LoadErrorKind as K;
        let mut lines = Lines::new(reader);
        // type, layout, height, width: seen yet?
        let mut seen = [false; 4];
        let (mut height, mut width) = (0u32, 0u32);
        loop {
            let Some((n, line)) = lines.next_trimmed()? else {
                let header = seen.iter().position(|&s| !s).map_or("map", |k| HEADERS[k]);
                return Err(LoadError::lineless(K::MissingHeader { header }));
            };
            let mut words = line.split_whitespace();
            let Some(key) = words.next() else {
                continue; // blank line
            };
            let value = words.next();
            let bad = |reason: &'static str, text: &str| {
                let found = found(text.trim());
                LoadError::new(n, K::BadHeader { reason, found })
            };
            let expected = "expected `type hex`, `layout odd-r`, `height N`, `width N` or `map`";
            if words.next().is_some() {
                return Err(bad(expected, line));
            }
            if key == "map" && value.is_none() {
                if let Some(k) = seen.iter().position(|&s| !s) {
                    let header = HEADERS[k];
                    return Err(LoadError::new(n, K::MissingHeader { header }));
                }
                break;
            }
            let (Some(k), Some(value)) = (HEADERS.iter().position(|&h| h == key), value) else {
                return Err(bad(expected, line));
            };
            if seen[k] {
                let header = HEADERS[k];
                return Err(LoadError::new(n, K::DuplicateHeader { header }));
            }
            seen[k] = true;
            match key {
                "type" if value != "hex" => return Err(bad("a hex map needs `type hex`", value)),
                "layout" if value != "odd-r" => {
                    return Err(bad("the only hex layout is `odd-r`", value));
                }
                "height" | "width" => {
                    let slot = if key == "height" {
                        &mut height
                    } else {
                        &mut width
                    };
                    match value.parse::<u32>() {
                        Ok(size) if size > 0 => *slot = size,
                        _ => {
                            let (field, found) = (HEADERS[k], found(value));
                            return Err(LoadError::new(n, K::BadSize { field, found }));
                        }
                    }
                }
                _ => {}
            }
        }
        if hex_cells(width, height).is_none() {
            return Err(LoadError::lineless(K::TooLarge { width, height }));
        }
        let tiles = lines.tile_rows(width, height, |ch| {
            matches!(ch, '.' | '@' | 'T' | '0'..='9')
        })?;
        Ok(HexMap {
            width,
            height,
            tiles,
        })
    }

    /// Parses the text of a hex map: [`read`](Self::read) from a string.
    ///
    /// # Example
    /// ```
    /// use pathseek::io::hex::HexMap;
    /// let map = HexMap::parse("width 2\r\nheight 1\r\nlayout odd-r\r\ntype hex\r\nmap\r\n9T")?;
    /// assert_eq!((map.width(), map.height()), (2, 1));
    /// assert!(HexMap::parse("type octile\nlayout odd-r\nheight 1\nwidth 2\nmap\n..\n").is_err());
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, LoadError> {
        Self::read(text.as_bytes())
    }

    /// Reads a hex map file from disk; errors carry the path
    /// ([`LoadError::path`]).
    ///
    /// # Example
    /// ```
    /// let err = pathseek::io::hex::HexMap::load("no/such/file.hex").unwrap_err();
    /// assert_eq!(err.path(), Some(std::path::Path::new("no/such/file.hex")));
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Self, LoadError> {
        let path = path.as_ref();
        Self::read(open(path)?).map_err(|e| e.with_path(path))
    }

    /// Hexagons per row.
    ///
    /// # Example
    /// See [`HexMap::parse`].
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    ///
    /// # Example
    /// See [`HexMap::parse`].
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The tile characters, row by row (`row * width + col`), as ASCII bytes.
    ///
    /// # Example
    /// See [`HexMap::read`].
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// This map as a [`HexGrid`] whose plain step costs `step`: `@` and
    /// `T` blocked, digits as terrain weights.
    ///
    /// Errors: [`HexError::InvalidStep`] for a NaN, negative or infinite
    /// step; [`HexError::TerrainOverflow`] when `step` times a digit on the
    /// map overflows `C`; [`HexError::OutOfMemory`] if the allocator refuses
    /// the memory for the map's hexagons.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::Hex;
    /// use pathseek::io::hex::HexMap;
    /// let map = HexMap::parse("type hex\nlayout odd-r\nheight 1\nwidth 3\nmap\n.5T\n")?;
    /// let grid = map.to_grid(2.0)?;
    /// assert_eq!((grid.passable_count(), grid.terrain(Hex::new(1, 0))), (2, 5.0));
    /// assert!(map.to_grid(u32::MAX).is_err()); // MAX * 5 overflows
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_grid<C: Cost>(&self, step: C) -> Result<HexGrid<C>, HexError> {
        let w = self.width as usize;
        let tile = |hex: Hex| -> u8 {
            // The grid calls this for its own hexagons only, all on the map.
            let (col, row) = hex.to_offset().unwrap_or_default();
            self.tiles[row as usize * w + col as usize]
        };
        let mut grid = HexGrid::from_fn(self.width, self.height, step, |h| {
            !matches!(tile(h), b'@' | b'T')
        })?;
        for (i, &t) in self.tiles.iter().enumerate() {
            if t.is_ascii_digit() && t != b'1' {
                // `i` is below `width * height`, so both fit in u32.
                let hex = Hex::from_offset((i % w) as u32, (i / w) as u32).ok_or(
                    HexError::InvalidSize {
                        width: self.width,
                        height: self.height,
                    },
                )?;
                grid.set_terrain(hex, C::from_count(u64::from(t - b'0')))?;
            }
        }
        Ok(grid)
    }

    /// The map of `grid`, for writing ([`Display`](core::fmt::Display)
    /// writes the text).
    ///
    /// Errors: [`HexError::UnwritableTerrain`] for a passable hexagon whose
    /// weight is not a whole number from 0 to 9.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexError, HexGrid};
    /// use pathseek::io::hex::HexMap;
    /// let mut grid = HexGrid::new(2, 1, 1.0)?;
    /// grid.set_terrain(Hex::new(1, 0), 4.0)?;
    /// assert_eq!(HexMap::from_grid(&grid)?.to_string(), "type hex\nlayout odd-r\nheight 1\nwidth 2\nmap\n.4\n");
    /// grid.set_terrain(Hex::new(1, 0), 0.5)?;
    /// assert_eq!(HexMap::from_grid(&grid), Err(HexError::UnwritableTerrain { hex: Hex::new(1, 0) }));
    /// # Ok::<(), HexError>(())
    /// ```
    pub fn from_grid<C: Cost>(grid: &HexGrid<C>) -> Result<Self, HexError> {
        let mut tiles = Vec::with_capacity(grid.passable_count());
        for row in 0..grid.height() {
            for col in 0..grid.width() {
                // Sides are at most i32::MAX: always a hexagon.
                let hex = Hex::from_offset(col, row).ok_or(HexError::InvalidSize {
                    width: grid.width(),
                    height: grid.height(),
                })?;
                let tile = if grid.is_passable(hex) {
                    weight_tile(grid.terrain(hex)).ok_or(HexError::UnwritableTerrain { hex })?
                } else {
                    b'@'
                };
                tiles.push(tile);
            }
        }
        Ok(HexMap {
            width: grid.width(),
            height: grid.height(),
            tiles,
        })
    }
}

impl fmt::Display for HexMap {
    /// The map as text, in the [format](self) the reader reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "type hex\nlayout odd-r\nheight {}\nwidth {}\nmap",
            self.height, self.width
        )?;
        for row in self.tiles.chunks(self.width as usize) {
            // Only ASCII tile characters are stored.
            writeln!(f, "{}", String::from_utf8_lossy(row))?;
        }
        Ok(())
    }
}
