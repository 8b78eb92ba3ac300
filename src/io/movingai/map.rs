//! The `.map` format: [`MovingAiMap`], its parser and its conversion to a [`Grid`].

use std::io::BufRead;
use std::path::Path;

use crate::cost::Cost;
use crate::grid::{Connectivity, Grid, GridCosts, GridError, Layout};
use crate::io::error::{LoadError, LoadErrorKind};
use crate::io::lines::{open, Lines};
use crate::io::parse::found;

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
    /// Reads a `.map` file line by line from any [`BufRead`] (see the
    /// [module docs](super)).
    ///
    /// # Memory
    /// In proportion to the input: the tiles grow row by row as they are
    /// read, whatever size the header gives, and a refused allocation is an
    /// [`OutOfMemory`](LoadErrorKind::OutOfMemory) error.
    ///
    /// # Example
    /// ```
    /// use pathseek::io::movingai::MovingAiMap;
    /// let text = "type octile\nheight 1\nwidth 3\nmap\n.@T\n";
    /// let map = MovingAiMap::read(std::io::Cursor::new(text))?;
    /// assert_eq!(map.tiles(), b".@T");
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn read<R: BufRead>(reader: R) -> Result<Self, LoadError> {
        use LoadErrorKind as K;
        let mut lines = Lines::new(reader);
        let mut map_type = false;
        let mut height: Option<u32> = None;
        let mut width: Option<u32> = None;
        let first_missing = |t: bool, h: Option<u32>, w: Option<u32>| {
            if !t {
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
            let Some((n, line)) = lines.next_trimmed()? else {
                let header = first_missing(map_type, height, width).unwrap_or("map");
                return Err(LoadError::lineless(K::MissingHeader { header }));
            };
            let mut words = line.split_whitespace();
            let Some(key) = words.next() else {
                continue; // blank line
            };
            let value = words.next();
            let bad_line = || {
                let reason = "expected `type octile`, `height N`, `width N` or `map`";
                let found = found(line.trim());
                LoadError::new(n, K::BadHeader { reason, found })
            };
            if words.next().is_some() {
                return Err(bad_line());
            }
            match (key, value) {
                ("map", None) => {
                    if let Some(header) = first_missing(map_type, height, width) {
                        return Err(LoadError::new(n, K::MissingHeader { header }));
                    }
                    match (width, height) {
                        (Some(w), Some(h)) => break (w, h),
                        _ => return Err(bad_line()),
                    }
                }
                ("type", Some(t)) => {
                    if map_type {
                        return Err(LoadError::new(n, K::DuplicateHeader { header: "type" }));
                    }
                    if t != "octile" {
                        let found = found(t);
                        return Err(LoadError::new(n, K::UnsupportedType { found }));
                    }
                    map_type = true;
                }
                ("height", Some(v)) | ("width", Some(v)) => {
                    let (header, slot) = if key == "height" {
                        ("height", &mut height)
                    } else {
                        ("width", &mut width)
                    };
                    if slot.is_some() {
                        return Err(LoadError::new(n, K::DuplicateHeader { header }));
                    }
                    match v.parse::<u32>() {
                        Ok(size) if size > 0 => *slot = Some(size),
                        _ => {
                            let found = found(v);
                            return Err(LoadError::new(
                                n,
                                K::BadSize {
                                    field: header,
                                    found,
                                },
                            ));
                        }
                    }
                }
                _ => return Err(bad_line()),
            }
        };
        let Some(layout) = Layout::new(width, height) else {
            return Err(LoadError::lineless(K::TooLarge { width, height }));
        };
        let tiles = lines.tile_rows(width, height, |ch| {
            matches!(ch, '.' | 'G' | 'S' | '@' | 'O' | 'T' | 'W')
        })?;
        Ok(MovingAiMap {
            width,
            height,
            tiles,
            layout,
        })
    }

    /// Parses the text of a `.map` file: [`read`](Self::read) from a string.
    ///
    /// # Example
    /// ```
    /// use pathseek::io::movingai::MovingAiMap;
    /// let map = MovingAiMap::parse("type octile\r\nwidth 3\r\nheight 1\r\nmap\r\n.@T")?;
    /// assert_eq!((map.width(), map.height()), (3, 1));
    /// assert!(MovingAiMap::parse("type octile\nheight 1\nwidth 3\nmap\n.@\n").is_err());
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, LoadError> {
        Self::read(text.as_bytes())
    }

    /// Reads a `.map` file from disk. I/O errors and parse errors carry the
    /// path ([`LoadError::path`]).
    ///
    /// # Example
    /// ```
    /// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arena.map");
    /// let map = pathseek::io::movingai::MovingAiMap::load(path)?;
    /// assert_eq!((map.width(), map.height()), (49, 49));
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Self, LoadError> {
        let path = path.as_ref();
        Self::read(open(path)?).map_err(|e| e.with_path(path))
    }

    /// Number of columns.
    ///
    /// # Example
    /// ```
    /// let map = pathseek::io::movingai::MovingAiMap::parse("type octile\nheight 1\nwidth 2\nmap\n..\n")?;
    /// assert_eq!(map.width(), 2);
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    ///
    /// # Example
    /// ```
    /// let map = pathseek::io::movingai::MovingAiMap::parse("type octile\nheight 1\nwidth 2\nmap\n..\n")?;
    /// assert_eq!(map.height(), 1);
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The tile characters, row by row (`y * width + x`), as ASCII bytes.
    ///
    /// # Example
    /// ```
    /// let map = pathseek::io::movingai::MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n.T\n@G\n")?;
    /// assert_eq!(map.tiles(), b".T@G");
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The tile character at `(x, y)`, or `None` outside the map.
    ///
    /// # Example
    /// ```
    /// let map = pathseek::io::movingai::MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n.T\n@G\n")?;
    /// assert_eq!(map.tile(1, 0), Some(b'T'));
    /// assert_eq!(map.tile(2, 0), None);
    /// # Ok::<(), pathseek::io::LoadError>(())
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
    /// let map = pathseek::io::movingai::MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n.T\n@G\n")?;
    /// assert!(map.is_passable(0, 0) && map.is_passable(1, 1));
    /// assert!(!map.is_passable(1, 0) && !map.is_passable(0, 1) && !map.is_passable(5, 5));
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn is_passable(&self, x: u32, y: u32) -> bool {
        self.tile(x, y).is_some_and(tile_passable)
    }

    /// This map as a [`Grid`]: `.`, `G`, `S` passable; `@`, `O`, `T`, `W` blocked.
    ///
    /// Use [`Connectivity::Eight`] and octile costs to reproduce the scenario
    /// lengths. The size was checked when parsing; what remains is memory:
    /// the grid needs about two bytes per cell (the map holds one), and if
    /// the allocator refuses them this aborts the process, as a `Vec` does.
    /// [`try_to_grid`](Self::try_to_grid) reports that as an error instead.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, GridCosts};
    /// let map = pathseek::io::movingai::MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n.T\nSG\n")?;
    /// let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    /// assert_eq!(grid.passable_count(), 3);
    /// assert!(!grid.is_passable(Cell::new(1, 0)));
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn to_grid<C: Cost>(&self, connectivity: Connectivity, costs: GridCosts<C>) -> Grid<C> {
        match self.try_to_grid(connectivity, costs) {
            Ok(grid) => grid,
            // Only memory can fail (the size was accepted when parsing): the
            // abort of an infallible allocation, for the cells' memory.
            Err(_) => std::alloc::handle_alloc_error(
                std::alloc::Layout::array::<u8>(self.layout.bytes() as usize)
                    .unwrap_or(std::alloc::Layout::new::<u8>()),
            ),
        }
    }

    /// [`to_grid`](Self::to_grid), with the grid's memory asked for
    /// fallibly.
    ///
    /// Errors: [`GridError::OutOfMemory`] if the allocator refuses the
    /// grid's memory (the only error: the size was accepted when parsing).
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Connectivity, GridCosts};
    /// let map = pathseek::io::movingai::MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n.T\nSG\n")?;
    /// let grid = map.try_to_grid(Connectivity::Eight, GridCosts::octile())?;
    /// assert_eq!(grid.passable_count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_to_grid<C: Cost>(
        &self,
        connectivity: Connectivity,
        costs: GridCosts<C>,
    ) -> Result<Grid<C>, GridError> {
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
