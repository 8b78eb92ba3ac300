//! The `.map` format: [`MovingAiMap`], its parser and its conversion to a [`Grid`].

use std::path::Path;

use super::input::{numbered_lines, read};
use super::{MovingAiError, MovingAiErrorKind};
use crate::cost::Cost;
use crate::grid::{Connectivity, Grid, GridCosts, Layout};

#[cfg(test)]
mod tests;

/// Whether a MovingAI tile character is passable.
#[inline]
pub(super) fn tile_passable(tile: u8) -> bool {
    matches!(tile, b'.' | b'G' | b'S')
}

/// A MovingAI `.map`: its size and raw tile characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovingAiMap {
    width: u32,
    height: u32,
    tiles: Vec<u8>,
    /// The grid layout of this size (accepted when parsing).
    layout: Layout,
}

impl MovingAiMap {
    /// Parses the text of a `.map` file (see the [module docs](super)).
    ///
    /// # Example
    /// ```
    /// use pathseek::movingai::MovingAiMap;
    /// let map = MovingAiMap::parse("type octile\r\nwidth 3\r\nheight 1\r\nmap\r\n.@T")?;
    /// assert_eq!((map.width(), map.height()), (3, 1));
    /// assert!(MovingAiMap::parse("type octile\nheight 1\nwidth 3\nmap\n.@\n").is_err());
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, MovingAiError> {
        use MovingAiErrorKind as K;
        let mut lines = numbered_lines(text);
        let mut map_type: Option<()> = None;
        let mut height: Option<u32> = None;
        let mut width: Option<u32> = None;
        let first_missing = |t: &Option<()>, h: &Option<u32>, w: &Option<u32>| {
            if t.is_none() {
                Some("type")
            } else if h.is_none() {
                Some("height")
            } else if w.is_none() {
                Some("width")
            } else {
                None
            }
        };
        // Header.
        let (width, height) = loop {
            let Some((n, line)) = lines.next() else {
                let field = first_missing(&map_type, &height, &width).unwrap_or("map");
                return Err(MovingAiError::new(None, K::MissingHeader { field }));
            };
            let mut words = line.split_whitespace();
            let Some(key) = words.next() else {
                continue; // blank line
            };
            let value = words.next();
            let bad_line = || {
                MovingAiError::at(
                    n,
                    K::BadHeaderLine {
                        found: line.trim().to_string(),
                    },
                )
            };
            if words.next().is_some() {
                return Err(bad_line());
            }
            match (key, value) {
                ("map", None) => {
                    if let Some(field) = first_missing(&map_type, &height, &width) {
                        return Err(MovingAiError::at(n, K::MissingHeader { field }));
                    }
                    match (width, height) {
                        (Some(w), Some(h)) => break (w, h),
                        _ => return Err(bad_line()),
                    }
                }
                ("type", Some(t)) => {
                    if map_type.is_some() {
                        return Err(MovingAiError::at(n, K::DuplicateHeader { field: "type" }));
                    }
                    if t != "octile" {
                        return Err(MovingAiError::at(
                            n,
                            K::UnsupportedType {
                                found: t.to_string(),
                            },
                        ));
                    }
                    map_type = Some(());
                }
                ("height", Some(v)) | ("width", Some(v)) => {
                    let (field, slot) = if key == "height" {
                        ("height", &mut height)
                    } else {
                        ("width", &mut width)
                    };
                    if slot.is_some() {
                        return Err(MovingAiError::at(n, K::DuplicateHeader { field }));
                    }
                    match v.parse::<u32>() {
                        Ok(size) if size > 0 => *slot = Some(size),
                        _ => {
                            return Err(MovingAiError::at(
                                n,
                                K::BadSize {
                                    field,
                                    found: v.to_string(),
                                },
                            ))
                        }
                    }
                }
                _ => return Err(bad_line()),
            }
        };
        let cells = u64::from(width) * u64::from(height);
        let Some(layout) = Layout::new(width, height) else {
            return Err(MovingAiError::new(None, K::TooLarge { width, height }));
        };
        // Rows. Reserve no more than the text could hold.
        let mut tiles = Vec::with_capacity((cells as usize).min(text.len()));
        let mut rows = 0u32;
        for (n, line) in lines {
            if rows == height {
                if line.trim().is_empty() {
                    continue; // trailing blank lines
                }
                return Err(MovingAiError::at(n, K::TooManyRows { expected: height }));
            }
            let found = line.chars().count();
            if found != width as usize {
                return Err(MovingAiError::at(
                    n,
                    K::RowLength {
                        found,
                        expected: width,
                    },
                ));
            }
            for (column, ch) in line.chars().enumerate() {
                match ch {
                    '.' | 'G' | 'S' | '@' | 'O' | 'T' | 'W' => tiles.push(ch as u8),
                    _ => {
                        return Err(MovingAiError::at(
                            n,
                            K::UnknownTile {
                                column: column + 1,
                                found: ch,
                            },
                        ))
                    }
                }
            }
            rows += 1;
        }
        if rows < height {
            return Err(MovingAiError::new(
                None,
                K::TooFewRows {
                    found: rows,
                    expected: height,
                },
            ));
        }
        Ok(MovingAiMap {
            width,
            height,
            tiles,
            layout,
        })
    }

    /// Reads and parses a `.map` file. I/O errors and parse errors carry the path
    /// ([`MovingAiError::path`]).
    ///
    /// # Example
    /// ```
    /// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arena.map");
    /// let map = pathseek::movingai::MovingAiMap::load(path)?;
    /// assert_eq!((map.width(), map.height()), (49, 49));
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Self, MovingAiError> {
        let path = path.as_ref();
        Self::parse(&read(path)?).map_err(|e| e.with_path(path))
    }

    /// Number of columns.
    ///
    /// # Example
    /// ```
    /// let map = pathseek::movingai::MovingAiMap::parse("type octile\nheight 1\nwidth 2\nmap\n..\n")?;
    /// assert_eq!(map.width(), 2);
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    ///
    /// # Example
    /// ```
    /// let map = pathseek::movingai::MovingAiMap::parse("type octile\nheight 1\nwidth 2\nmap\n..\n")?;
    /// assert_eq!(map.height(), 1);
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The tile characters, row by row (`y * width + x`), as ASCII bytes.
    ///
    /// # Example
    /// ```
    /// let map = pathseek::movingai::MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n.T\n@G\n")?;
    /// assert_eq!(map.tiles(), b".T@G");
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The tile character at `(x, y)`, or `None` outside the map.
    ///
    /// # Example
    /// ```
    /// let map = pathseek::movingai::MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n.T\n@G\n")?;
    /// assert_eq!(map.tile(1, 0), Some(b'T'));
    /// assert_eq!(map.tile(2, 0), None);
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn tile(&self, x: u32, y: u32) -> Option<u8> {
        if x < self.width && y < self.height {
            Some(self.tiles[y as usize * self.width as usize + x as usize])
        } else {
            None
        }
    }

    /// Whether `(x, y)` is passable (`.`, `G` or `S`); `false` outside the map.
    ///
    /// # Example
    /// ```
    /// let map = pathseek::movingai::MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n.T\n@G\n")?;
    /// assert!(map.is_passable(0, 0) && map.is_passable(1, 1));
    /// assert!(!map.is_passable(1, 0) && !map.is_passable(0, 1) && !map.is_passable(5, 5));
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn is_passable(&self, x: u32, y: u32) -> bool {
        self.tile(x, y).is_some_and(tile_passable)
    }

    /// This map as a [`Grid`]: `.`, `G`, `S` passable; `@`, `O`, `T`, `W` blocked.
    ///
    /// Use [`Connectivity::Eight`] and octile costs to reproduce the scenario
    /// lengths. The size was checked when parsing, so this cannot fail.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, GridCosts};
    /// let map = pathseek::movingai::MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n.T\nSG\n")?;
    /// let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    /// assert_eq!(grid.passable_count(), 3);
    /// assert!(!grid.is_passable(Cell::new(1, 0)));
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn to_grid<C: Cost>(&self, connectivity: Connectivity, costs: GridCosts<C>) -> Grid<C> {
        Grid::with_layout(
            self.width,
            self.height,
            self.layout,
            connectivity,
            costs,
            |c| self.is_passable(c.x, c.y),
        )
    }
}
