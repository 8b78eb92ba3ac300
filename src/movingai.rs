//! Readers for the MovingAI grid benchmark formats: `.map` files and `.scen`
//! scenario files.
//!
//! The MovingAI Lab's "2D Pathfinding Benchmarks" (N. Sturtevant, "Benchmarks for
//! Grid-Based Pathfinding", IEEE TCIAIG 4(2), 2012) give maps from games and
//! mazes, each with a scenario file of start/goal problems and their optimal
//! octile lengths.
//!
//! # `.map`
//! ```text
//! type octile
//! height 4
//! width 6
//! map
//! @@@@@@
//! @..T.@
//! @....@
//! @@@@@@
//! ```
//! Four header lines (`height` and `width` may come in either order), then
//! `height` rows of exactly `width` tiles, top row first: cell `(x, y)` is column
//! `x` of row `y`. Tiles `.`, `G` and `S` are passable; `@`, `O`, `T` (trees) and
//! `W` (water) are blocked, as in the benchmarks' reference lengths. Any other
//! character is an error. CRLF line ends and a missing final newline are fine.
//!
//! # `.scen`
//! ```text
//! version 1
//! 0  maps/dao/arena.map  49  49  1  11  1  12  1
//! 0  maps/dao/arena.map  49  49  1  13  4  12  3.41421
//! ```
//! A `version 1` line, then one problem per line, nine tab-separated fields
//! (shown with spaces above):
//! bucket, map, map width, map height, start x, start y, goal x, goal y, optimal
//! length (8-connected, straight 1, diagonal `√2`, no corner cutting). A length of
//! 0 with start ≠ goal means no path exists. Lengths are printed with limited
//! precision; compare with [`Scenario::matches`].
//!
//! # Example
//! ```
//! use pathseek::grid::{Cell, Connectivity, GridCosts};
//! use pathseek::movingai::{parse_scenarios, MovingAiMap};
//!
//! let map = MovingAiMap::parse("type octile\nheight 2\nwidth 3\nmap\n...\n.T.\n")?;
//! let grid = map.to_grid(Connectivity::Eight, GridCosts::<f64>::octile());
//! assert!(!grid.is_passable(Cell::new(1, 1)));
//!
//! let scen = parse_scenarios("version 1\n0\tx.map\t3\t2\t0\t0\t2\t0\t2\n")?;
//! scen[0].check_against(&map)?;
//! assert!(scen[0].matches(2.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::cost::Cost;
use crate::grid::{Cell, Connectivity, Grid, GridCosts, Layout};

/// An error reading a `.map` or `.scen` file: what went wrong and on which line.
#[derive(Debug)]
pub struct MovingAiError {
    line: Option<usize>,
    path: Option<PathBuf>,
    kind: MovingAiErrorKind,
    source: Option<io::Error>,
}

/// What went wrong; see [`MovingAiError::kind`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MovingAiErrorKind {
    /// The file could not be read.
    Io {
        /// The I/O error's kind (the error itself is the [`source`](std::error::Error::source)).
        kind: io::ErrorKind,
    },
    /// A required `.map` header line (`type`, `height`, `width` or `map`) is missing.
    MissingHeader {
        /// The missing line's keyword.
        field: &'static str,
    },
    /// A `.map` header line appears twice.
    DuplicateHeader {
        /// The repeated keyword.
        field: &'static str,
    },
    /// The map type is not `octile`.
    UnsupportedType {
        /// The type found.
        found: String,
    },
    /// A `.map` header line that is not `type T`, `height N`, `width N` or `map`.
    BadHeaderLine {
        /// The line's text.
        found: String,
    },
    /// `height` or `width` is not a positive integer.
    BadSize {
        /// `"height"` or `"width"`.
        field: &'static str,
        /// The value found.
        found: String,
    },
    /// The map has more than `u32::MAX` cells.
    TooLarge {
        /// Width from the header.
        width: u32,
        /// Height from the header.
        height: u32,
    },
    /// A map row does not have `width` characters.
    RowLength {
        /// Characters in the row.
        found: usize,
        /// The header's width.
        expected: u32,
    },
    /// The file ends before `height` rows.
    TooFewRows {
        /// Rows read.
        found: u32,
        /// The header's height.
        expected: u32,
    },
    /// A non-blank line follows the last of the `height` rows.
    TooManyRows {
        /// The header's height.
        expected: u32,
    },
    /// A tile character that is not `.`, `G`, `S`, `@`, `O`, `T` or `W`.
    UnknownTile {
        /// 1-based column of the character.
        column: usize,
        /// The character.
        found: char,
    },
    /// The scenario file is empty.
    MissingVersion,
    /// The scenario file's first line is not `version 1`.
    BadVersion {
        /// The line's text.
        found: String,
    },
    /// A scenario line does not have nine fields.
    FieldCount {
        /// Fields found.
        found: usize,
    },
    /// A scenario field does not hold the value it should.
    BadField {
        /// 1-based field number.
        field: usize,
        /// The field's name, e.g. `"start x"`.
        name: &'static str,
        /// The text found.
        found: String,
        /// What was expected, e.g. `"a non-negative integer"`.
        expected: &'static str,
    },
    /// A scenario's map size differs from the map's.
    SizeMismatch {
        /// `(width, height)` in the scenario.
        scenario: (u32, u32),
        /// `(width, height)` of the map.
        map: (u32, u32),
    },
    /// A scenario's start or goal lies outside the map.
    OutsideMap {
        /// Start or goal.
        endpoint: Endpoint,
        /// The cell.
        cell: Cell,
    },
    /// A scenario's start or goal is a blocked tile.
    Blocked {
        /// Start or goal.
        endpoint: Endpoint,
        /// The cell.
        cell: Cell,
        /// The tile character there.
        tile: char,
    },
}

/// The start or the goal of a [`Scenario`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// The start cell.
    Start,
    /// The goal cell.
    Goal,
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Endpoint::Start => "start",
            Endpoint::Goal => "goal",
        })
    }
}

impl MovingAiError {
    fn new(line: Option<usize>, kind: MovingAiErrorKind) -> Self {
        MovingAiError {
            line,
            path: None,
            kind,
            source: None,
        }
    }

    fn at(line: usize, kind: MovingAiErrorKind) -> Self {
        Self::new(Some(line), kind)
    }

    fn io(path: &Path, error: io::Error) -> Self {
        MovingAiError {
            line: None,
            path: Some(path.to_path_buf()),
            kind: MovingAiErrorKind::Io { kind: error.kind() },
            source: Some(error),
        }
    }

    fn with_path(mut self, path: &Path) -> Self {
        self.path = Some(path.to_path_buf());
        self
    }

    /// The 1-based line the error is on, if it belongs to one line.
    ///
    /// # Example
    /// ```
    /// let err = pathseek::movingai::MovingAiMap::parse("type octile\nheight 1\nwidth 2\nmap\n.x\n")
    ///     .unwrap_err();
    /// assert_eq!(err.line(), Some(5));
    /// ```
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The file the error is about, for errors from [`MovingAiMap::load`] and
    /// [`load_scenarios`].
    ///
    /// # Example
    /// ```
    /// let err = pathseek::movingai::MovingAiMap::load("no/such/file.map").unwrap_err();
    /// assert_eq!(err.path(), Some(std::path::Path::new("no/such/file.map")));
    /// ```
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// What went wrong.
    ///
    /// # Example
    /// ```
    /// use pathseek::movingai::{MovingAiErrorKind, MovingAiMap};
    /// let err = MovingAiMap::parse("type octile\nheight 1\nwidth 2\nmap\n.\n").unwrap_err();
    /// assert_eq!(err.kind(), &MovingAiErrorKind::RowLength { found: 1, expected: 2 });
    /// ```
    pub fn kind(&self) -> &MovingAiErrorKind {
        &self.kind
    }
}

impl fmt::Display for MovingAiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MovingAiErrorKind as K;
        if let Some(path) = &self.path {
            write!(f, "{}: ", path.display())?;
        }
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        match &self.kind {
            K::Io { .. } => match &self.source {
                Some(e) => write!(f, "cannot read file: {e}"),
                None => write!(f, "cannot read file"),
            },
            K::MissingHeader { field } => write!(f, "missing `{field}` header line"),
            K::DuplicateHeader { field } => write!(f, "duplicate `{field}` header line"),
            K::UnsupportedType { found } => write!(
                f,
                "map type `{found}` is not supported (only `type octile`)"
            ),
            K::BadHeaderLine { found } => write!(
                f,
                "expected `type octile`, `height N`, `width N` or `map`, found `{found}`"
            ),
            K::BadSize { field, found } => {
                write!(f, "{field} `{found}` is not a positive integer")
            }
            K::TooLarge { width, height } => write!(
                f,
                "map of {width} x {height} cells is too large (at most u32::MAX cells)"
            ),
            K::RowLength { found, expected } => {
                write!(f, "row has {found} characters, expected {expected}")
            }
            K::TooFewRows { found, expected } => {
                write!(f, "file ends after {found} of {expected} map rows")
            }
            K::TooManyRows { expected } => {
                write!(f, "more map rows than the {expected} the header gives")
            }
            K::UnknownTile { column, found } => {
                write!(f, "column {column}: unknown tile character {found:?}")
            }
            K::MissingVersion => write!(f, "scenario file is empty (expected `version 1`)"),
            K::BadVersion { found } => write!(f, "expected `version 1`, found `{found}`"),
            K::FieldCount { found } => write!(f, "expected 9 fields, found {found}"),
            K::BadField {
                field,
                name,
                found,
                expected,
            } => write!(f, "field {field} ({name}): `{found}` is not {expected}"),
            K::SizeMismatch { scenario, map } => write!(
                f,
                "scenario is for a {} x {} map, but the map is {} x {}",
                scenario.0, scenario.1, map.0, map.1
            ),
            K::OutsideMap { endpoint, cell } => {
                write!(f, "{endpoint} ({}, {}) is outside the map", cell.x, cell.y)
            }
            K::Blocked {
                endpoint,
                cell,
                tile,
            } => write!(
                f,
                "{endpoint} ({}, {}) is on blocked tile {tile:?}",
                cell.x, cell.y
            ),
        }
    }
}

impl std::error::Error for MovingAiError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// Lines numbered from 1, with a trailing `\r` (CRLF files) removed.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

/// Whether a MovingAI tile character is passable.
#[inline]
fn tile_passable(tile: u8) -> bool {
    matches!(tile, b'.' | b'G' | b'S')
}

fn read(path: &Path) -> Result<String, MovingAiError> {
    std::fs::read_to_string(path).map_err(|e| MovingAiError::io(path, e))
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
    /// Parses the text of a `.map` file (see the [module docs](self)).
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

/// One problem from a `.scen` file.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Difficulty bucket: `floor(optimal / 4)` in the benchmark sets.
    pub bucket: u32,
    /// The map field as written: a bare name or an old path; see
    /// [`Scenario::map_file_name`].
    pub map: String,
    /// Map width the problem was made for.
    pub map_width: u32,
    /// Map height the problem was made for.
    pub map_height: u32,
    /// Start cell.
    pub start: Cell,
    /// Goal cell.
    pub goal: Cell,
    /// Optimal octile length (straight 1, diagonal `√2`, no corner cutting); 0 with
    /// `start != goal` means no path.
    pub optimal: f64,
}

impl Scenario {
    /// Whether the file says there is no path (length 0 with start ≠ goal).
    ///
    /// # Example
    /// ```
    /// let s = &pathseek::movingai::parse_scenarios("version 1\n0\tm.map\t9\t9\t1\t1\t5\t5\t0\n")?[0];
    /// assert!(s.expects_no_path());
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn expects_no_path(&self) -> bool {
        self.optimal == 0.0 && self.start != self.goal
    }

    /// How far a computed length may be from [`optimal`](Scenario::optimal) and
    /// still match: `max(1e-3, 1e-5 · optimal)`, which covers the 6 significant
    /// digits older files print.
    ///
    /// # Example
    /// ```
    /// let s = &pathseek::movingai::parse_scenarios("version 1\n0\tm.map\t9\t9\t1\t1\t5\t5\t5.65685\n")?[0];
    /// assert_eq!(s.tolerance(), 1e-3);
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn tolerance(&self) -> f64 {
        (1e-5 * self.optimal).max(1e-3)
    }

    /// Whether a found path of length `cost` matches the optimal length within
    /// [`tolerance`](Scenario::tolerance). Always `false` for a scenario that
    /// [expects no path](Scenario::expects_no_path), and for NaN.
    ///
    /// # Example
    /// ```
    /// let s = &pathseek::movingai::parse_scenarios("version 1\n0\tm.map\t9\t9\t1\t1\t5\t5\t5.65685\n")?[0];
    /// assert!(s.matches(4.0 * 2f64.sqrt()));
    /// assert!(!s.matches(5.66));
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn matches(&self, cost: f64) -> bool {
        !self.expects_no_path() && (cost - self.optimal).abs() <= self.tolerance()
    }

    /// The map's file name: the part of [`map`](Scenario::map) after the last `/`
    /// or `\` (old files give paths such as `maps/dao/arena.map`).
    ///
    /// # Example
    /// ```
    /// let s = &pathseek::movingai::parse_scenarios("version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n")?[0];
    /// assert_eq!(s.map_file_name(), "arena.map");
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn map_file_name(&self) -> &str {
        self.map.rsplit(['/', '\\']).next().unwrap_or(&self.map)
    }

    /// Checks this problem against `map`: same size, start and goal inside and
    /// passable. The error ([`MovingAiErrorKind::SizeMismatch`],
    /// [`OutsideMap`](MovingAiErrorKind::OutsideMap) or
    /// [`Blocked`](MovingAiErrorKind::Blocked)) has no line number.
    ///
    /// # Example
    /// ```
    /// use pathseek::movingai::{parse_scenarios, Endpoint, MovingAiErrorKind, MovingAiMap};
    /// let map = MovingAiMap::parse("type octile\nheight 1\nwidth 3\nmap\n..T\n")?;
    /// let s = parse_scenarios("version 1\n0\tm.map\t3\t1\t0\t0\t2\t0\t2\n")?;
    /// let err = s[0].check_against(&map).unwrap_err();
    /// assert!(matches!(err.kind(), MovingAiErrorKind::Blocked { endpoint: Endpoint::Goal, .. }));
    /// # Ok::<(), pathseek::movingai::MovingAiError>(())
    /// ```
    pub fn check_against(&self, map: &MovingAiMap) -> Result<(), MovingAiError> {
        use MovingAiErrorKind as K;
        if (self.map_width, self.map_height) != (map.width, map.height) {
            return Err(MovingAiError::new(
                None,
                K::SizeMismatch {
                    scenario: (self.map_width, self.map_height),
                    map: (map.width, map.height),
                },
            ));
        }
        for (endpoint, cell) in [(Endpoint::Start, self.start), (Endpoint::Goal, self.goal)] {
            match map.tile(cell.x, cell.y) {
                None => return Err(MovingAiError::new(None, K::OutsideMap { endpoint, cell })),
                Some(tile) if !tile_passable(tile) => {
                    return Err(MovingAiError::new(
                        None,
                        K::Blocked {
                            endpoint,
                            cell,
                            tile: char::from(tile),
                        },
                    ))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

const FIELD_NAMES: [&str; 9] = [
    "bucket",
    "map",
    "map width",
    "map height",
    "start x",
    "start y",
    "goal x",
    "goal y",
    "optimal length",
];

/// Parses the text of a `.scen` file (see the [module docs](self)).
///
/// The first non-blank line must be `version 1` (or `version 1.0`). Each further
/// non-blank line holds nine tab-separated fields (lines without tabs are split
/// at whitespace). Errors name the line and, for a bad value, the field.
///
/// # Example
/// ```
/// use pathseek::grid::Cell;
/// let text = "version 1\n3\tarena.map\t49\t49\t1\t13\t4\t12\t3.41421\n";
/// let scen = pathseek::movingai::parse_scenarios(text)?;
/// assert_eq!(scen[0].bucket, 3);
/// assert_eq!((scen[0].start, scen[0].goal), (Cell::new(1, 13), Cell::new(4, 12)));
/// let err = pathseek::movingai::parse_scenarios("version 1\n0\ta.map\t4\t4\t1\t1\t2\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 2: expected 9 fields, found 7");
/// # Ok::<(), pathseek::movingai::MovingAiError>(())
/// ```
pub fn parse_scenarios(text: &str) -> Result<Vec<Scenario>, MovingAiError> {
    use MovingAiErrorKind as K;
    let mut lines = numbered_lines(text).filter(|(_, l)| !l.trim().is_empty());
    let Some((n, first)) = lines.next() else {
        return Err(MovingAiError::new(None, K::MissingVersion));
    };
    let mut words = first.split_whitespace();
    let version_ok = matches!(
        (words.next(), words.next(), words.next()),
        (Some("version"), Some(v), None) if v.parse::<f64>() == Ok(1.0)
    );
    if !version_ok {
        return Err(MovingAiError::at(
            n,
            K::BadVersion {
                found: first.trim().to_string(),
            },
        ));
    }
    let mut scenarios = Vec::new();
    for (n, line) in lines {
        let line = line.trim();
        let mut fields: [&str; 9] = [""; 9];
        let mut count = 0usize;
        let mut store = |f| {
            if let Some(slot) = fields.get_mut(count) {
                *slot = f;
            }
            count += 1;
        };
        if line.contains('\t') {
            line.split('\t').map(str::trim).for_each(&mut store);
        } else {
            line.split_whitespace().for_each(&mut store);
        }
        if count != 9 {
            return Err(MovingAiError::at(n, K::FieldCount { found: count }));
        }
        let int = |i: usize| {
            fields[i].parse::<u32>().map_err(|_| {
                MovingAiError::at(
                    n,
                    K::BadField {
                        field: i + 1,
                        name: FIELD_NAMES[i],
                        found: fields[i].to_string(),
                        expected: "a non-negative integer",
                    },
                )
            })
        };
        let bucket = int(0)?;
        let map_width = int(2)?;
        let map_height = int(3)?;
        let start = Cell::new(int(4)?, int(5)?);
        let goal = Cell::new(int(6)?, int(7)?);
        let optimal = match fields[8].parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => v,
            _ => {
                return Err(MovingAiError::at(
                    n,
                    K::BadField {
                        field: 9,
                        name: FIELD_NAMES[8],
                        found: fields[8].to_string(),
                        expected: "a finite, non-negative number",
                    },
                ))
            }
        };
        if fields[1].is_empty() {
            return Err(MovingAiError::at(
                n,
                K::BadField {
                    field: 2,
                    name: FIELD_NAMES[1],
                    found: String::new(),
                    expected: "a map name",
                },
            ));
        }
        scenarios.push(Scenario {
            bucket,
            map: fields[1].to_string(),
            map_width,
            map_height,
            start,
            goal,
            optimal,
        });
    }
    Ok(scenarios)
}

/// Reads and parses a `.scen` file; errors carry the path
/// ([`MovingAiError::path`]).
///
/// # Example
/// ```
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arena.map.scen");
/// let scen = pathseek::movingai::load_scenarios(path)?;
/// assert_eq!(scen.len(), 160);
/// # Ok::<(), pathseek::movingai::MovingAiError>(())
/// ```
pub fn load_scenarios(path: impl AsRef<Path>) -> Result<Vec<Scenario>, MovingAiError> {
    let path = path.as_ref();
    parse_scenarios(&read(path)?).map_err(|e| e.with_path(path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;
    use crate::grid::EXACT_OCTILE_SCALE;
    use MovingAiErrorKind as K;

    const ARENA: &str = include_str!("../tests/data/arena.map");
    const ARENA_SCEN: &str = include_str!("../tests/data/arena.map.scen");
    const DEN: &str = include_str!("../tests/data/den520d.map");
    const DEN_SCEN: &str = include_str!("../tests/data/den520d.map.scen");
    const RMTST: &str = include_str!("../tests/data/rmtst01.map");
    const RMTST_SCEN: &str = include_str!("../tests/data/rmtst01.map.scen");

    fn map_err(text: &str) -> MovingAiError {
        MovingAiMap::parse(text).expect_err("should fail")
    }

    fn scen_err(text: &str) -> MovingAiError {
        parse_scenarios(text).expect_err("should fail")
    }

    #[test]
    fn parses_small_map() {
        let m = MovingAiMap::parse("type octile\nheight 2\nwidth 4\nmap\n.GS@\nOTW.\n").unwrap();
        assert_eq!((m.width(), m.height()), (4, 2));
        assert_eq!(m.tiles(), b".GS@OTW.");
        let open: Vec<bool> = (0..8).map(|i| m.is_passable(i % 4, i / 4)).collect();
        assert_eq!(open, [true, true, true, false, false, false, false, true]);
        let g = m.to_grid(Connectivity::Four, GridCosts::new(1u32, 1));
        assert_eq!(g.passable_count(), 4);
        for i in 0..8 {
            assert_eq!(
                g.is_passable(Cell::new(i % 4, i / 4)),
                m.is_passable(i % 4, i / 4)
            );
        }
        assert_eq!(g.width(), 4);
        assert_eq!(g.connectivity(), Connectivity::Four);
    }

    #[test]
    fn header_variants_are_accepted() {
        let a = MovingAiMap::parse("type octile\nwidth 3\nheight 1\nmap\n...").unwrap();
        let b = MovingAiMap::parse("type octile\r\nheight 1\r\nwidth 3\r\nmap\r\n...\r\n").unwrap();
        let c = MovingAiMap::parse("type octile\nheight 1\nwidth 3\nmap\n...\n\n\n").unwrap();
        let d = MovingAiMap::parse("type  octile \n height\t1\nwidth 3\nmap \n...\r").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a, d);
    }

    #[test]
    fn header_errors() {
        let e = map_err("type tile\nheight 1\nwidth 1\nmap\n.\n");
        assert_eq!(e.line(), Some(1));
        assert_eq!(
            e.kind(),
            &K::UnsupportedType {
                found: "tile".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "line 1: map type `tile` is not supported (only `type octile`)"
        );

        let e = map_err("height 1\nwidth 1\nmap\n.\n");
        assert_eq!(
            (e.line(), e.kind()),
            (Some(3), &K::MissingHeader { field: "type" })
        );
        let e = map_err("type octile\nheight 1\nmap\n.\n");
        assert_eq!(
            (e.line(), e.kind()),
            (Some(3), &K::MissingHeader { field: "width" })
        );
        let e = map_err("type octile\nwidth 1\nmap\n.\n");
        assert_eq!(
            (e.line(), e.kind()),
            (Some(3), &K::MissingHeader { field: "height" })
        );
        let e = map_err("type octile\nheight 1\nwidth 1\n");
        assert_eq!(
            (e.line(), e.kind()),
            (None, &K::MissingHeader { field: "map" })
        );
        let e = map_err("");
        assert_eq!(
            (e.line(), e.kind()),
            (None, &K::MissingHeader { field: "type" })
        );

        let e = map_err("type octile\nheight 1\nheight 1\nwidth 1\nmap\n.\n");
        assert_eq!(
            (e.line(), e.kind()),
            (Some(3), &K::DuplicateHeader { field: "height" })
        );

        let e = map_err("type octile\nheight abc\nwidth 1\nmap\n.\n");
        assert_eq!(
            (e.line(), e.kind()),
            (
                Some(2),
                &K::BadSize {
                    field: "height",
                    found: "abc".into()
                }
            )
        );
        let e = map_err("type octile\nheight 1\nwidth 0\nmap\n");
        assert_eq!(
            (e.line(), e.kind()),
            (
                Some(3),
                &K::BadSize {
                    field: "width",
                    found: "0".into()
                }
            )
        );
        let e = map_err("type octile\nheight -2\nwidth 1\nmap\n");
        assert!(matches!(
            e.kind(),
            K::BadSize {
                field: "height",
                ..
            }
        ));
        let e = map_err("type octile\nheight 99999999999\nwidth 1\nmap\n");
        assert!(matches!(
            e.kind(),
            K::BadSize {
                field: "height",
                ..
            }
        ));

        let e = map_err("type octile\nheight 1 2\nwidth 1\nmap\n.\n");
        assert_eq!(
            (e.line(), e.kind()),
            (
                Some(2),
                &K::BadHeaderLine {
                    found: "height 1 2".into()
                }
            )
        );
        let e = map_err("type octile\nheight 1\nwidth 1\ndepth 3\nmap\n.\n");
        assert_eq!(e.line(), Some(4));
        assert!(matches!(e.kind(), K::BadHeaderLine { .. }));
        let e = map_err("type\nheight 1\nwidth 1\nmap\n.\n");
        assert_eq!(
            (e.line(), e.kind()),
            (
                Some(1),
                &K::BadHeaderLine {
                    found: "type".into()
                }
            )
        );
        let e = map_err("type octile\nheight 65536\nwidth 65536\nmap\n");
        assert_eq!(
            e.kind(),
            &K::TooLarge {
                width: 65536,
                height: 65536
            }
        );
    }

    #[test]
    fn row_errors() {
        // The example from the docs: a 49-wide map with a short row on line 7.
        let mut text = String::from("type octile\nheight 5\nwidth 49\nmap\n");
        for row in 0..5 {
            let len = if row == 2 { 48 } else { 49 };
            text.push_str(&".".repeat(len));
            text.push('\n');
        }
        let e = map_err(&text);
        assert_eq!(e.line(), Some(7));
        assert_eq!(
            e.kind(),
            &K::RowLength {
                found: 48,
                expected: 49
            }
        );
        assert_eq!(e.to_string(), "line 7: row has 48 characters, expected 49");

        let e = map_err("type octile\nheight 2\nwidth 3\nmap\n...\n....\n");
        assert_eq!(
            (e.line(), e.kind()),
            (
                Some(6),
                &K::RowLength {
                    found: 4,
                    expected: 3
                }
            )
        );
        let e = map_err("type octile\nheight 2\nwidth 3\nmap\n...\n\n...\n");
        assert_eq!(
            (e.line(), e.kind()),
            (
                Some(6),
                &K::RowLength {
                    found: 0,
                    expected: 3
                }
            )
        );

        let e = map_err("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n");
        assert_eq!(
            (e.line(), e.kind()),
            (
                Some(6),
                &K::UnknownTile {
                    column: 2,
                    found: 'x'
                }
            )
        );
        assert_eq!(
            e.to_string(),
            "line 6: column 2: unknown tile character 'x'"
        );
        let e = map_err("type octile\nheight 1\nwidth 3\nmap\n..é\n");
        assert_eq!(
            e.kind(),
            &K::UnknownTile {
                column: 3,
                found: 'é'
            }
        );
        let e = map_err("type octile\nheight 1\nwidth 3\nmap\n.\r.\n");
        assert_eq!(
            e.kind(),
            &K::UnknownTile {
                column: 2,
                found: '\r'
            }
        );

        let e = map_err("type octile\nheight 3\nwidth 3\nmap\n...\n...\n");
        assert_eq!(
            (e.line(), e.kind()),
            (
                None,
                &K::TooFewRows {
                    found: 2,
                    expected: 3
                }
            )
        );
        assert_eq!(e.to_string(), "file ends after 2 of 3 map rows");
        let e = map_err("type octile\nheight 1\nwidth 3\nmap\n");
        assert_eq!(
            e.kind(),
            &K::TooFewRows {
                found: 0,
                expected: 1
            }
        );
        let e = map_err("type octile\nheight 2\nwidth 3\nmap\n...\n...\n...\n");
        assert_eq!(
            (e.line(), e.kind()),
            (Some(7), &K::TooManyRows { expected: 2 })
        );
        let e = map_err("type octile\nheight 1\nwidth 3\nmap\n...\n\nextra\n");
        assert_eq!(
            (e.line(), e.kind()),
            (Some(7), &K::TooManyRows { expected: 1 })
        );
    }

    #[test]
    fn parses_scenarios() {
        let text = "version 1.0\n\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\r\n\
                    1 arena.map 49 49 1 13 4 12 3.41421\n\n";
        let s = parse_scenarios(text).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(
            s[0],
            Scenario {
                bucket: 0,
                map: "maps/dao/arena.map".into(),
                map_width: 49,
                map_height: 49,
                start: Cell::new(1, 11),
                goal: Cell::new(1, 12),
                optimal: 1.0,
            }
        );
        assert_eq!(s[0].map_file_name(), "arena.map");
        assert_eq!(s[1].map_file_name(), "arena.map");
        assert_eq!(s[1].bucket, 1);
        assert_eq!(s[1].optimal, 3.41421);
        assert!(parse_scenarios("version 1\n").unwrap().is_empty());
        // A map name with a space survives tab splitting.
        let s =
            parse_scenarios("version 1\n0\tmy map.map\t4\t4\t0\t0\t1\t1\t1.41421356\n").unwrap();
        assert_eq!(s[0].map, "my map.map");
    }

    #[test]
    fn scenario_errors() {
        assert_eq!(scen_err("").kind(), &K::MissingVersion);
        assert_eq!(scen_err("\n \n").kind(), &K::MissingVersion);
        let e = scen_err("version 2\n");
        assert_eq!(
            (e.line(), e.kind()),
            (
                Some(1),
                &K::BadVersion {
                    found: "version 2".into()
                }
            )
        );
        let e = scen_err("0\ta.map\t4\t4\t1\t1\t2\t2\t1.4\n");
        assert_eq!(e.line(), Some(1));
        assert!(matches!(e.kind(), K::BadVersion { .. }));
        assert!(scen_err("version\n")
            .to_string()
            .contains("expected `version 1`"));

        let e = scen_err("version 1\n0\ta.map\t4\t4\t1\t1\t2\t2\t1\n\n0\ta.map\t4\t4\t1\t1\t2\n");
        assert_eq!((e.line(), e.kind()), (Some(4), &K::FieldCount { found: 7 }));
        let e = scen_err("version 1\n0\ta.map\t4\t4\t1\t1\t2\t2\t1\t7\n");
        assert_eq!(
            (e.line(), e.kind()),
            (Some(2), &K::FieldCount { found: 10 })
        );
        let e = scen_err("version 1\n0 a.map 4 4 1 1 2 2 1 9\n");
        assert_eq!(e.kind(), &K::FieldCount { found: 10 });

        let e = scen_err("version 1\n0\ta.map\t4\t4\tx\t1\t2\t2\t1\n");
        assert_eq!(e.line(), Some(2));
        assert_eq!(
            e.kind(),
            &K::BadField {
                field: 5,
                name: "start x",
                found: "x".into(),
                expected: "a non-negative integer"
            }
        );
        assert_eq!(
            e.to_string(),
            "line 2: field 5 (start x): `x` is not a non-negative integer"
        );
        let e = scen_err("version 1\n0\ta.map\t4\t-4\t1\t1\t2\t2\t1\n");
        assert!(matches!(
            e.kind(),
            K::BadField {
                field: 4,
                name: "map height",
                ..
            }
        ));
        let e = scen_err("version 1\nb\ta.map\t4\t4\t1\t1\t2\t2\t1\n");
        assert!(matches!(
            e.kind(),
            K::BadField {
                field: 1,
                name: "bucket",
                ..
            }
        ));
        let e = scen_err("version 1\n0\ta.map\t4\t4\t1\t1\t2\t2.5\t1\n");
        assert!(matches!(
            e.kind(),
            K::BadField {
                field: 8,
                name: "goal y",
                ..
            }
        ));
        for bad in ["-1", "NaN", "nan", "inf", "-inf", "1e999", "1.2.3", "x"] {
            let e = scen_err(&format!("version 1\n0\ta.map\t4\t4\t1\t1\t2\t2\t{bad}\n"));
            assert_eq!(e.line(), Some(2), "{bad}");
            assert!(
                matches!(
                    e.kind(),
                    K::BadField {
                        field: 9,
                        name: "optimal length",
                        ..
                    }
                ),
                "{bad}: {e}"
            );
        }
        let e = scen_err("version 1\n0\t\t4\t4\t1\t1\t2\t2\t1\n");
        assert!(matches!(
            e.kind(),
            K::BadField {
                field: 2,
                name: "map",
                ..
            }
        ));
    }

    #[test]
    fn scenario_checks_and_tolerance() {
        let map = MovingAiMap::parse("type octile\nheight 2\nwidth 3\nmap\n..T\n.@.\n").unwrap();
        let one = |line: &str| {
            parse_scenarios(&format!("version 1\n{line}\n"))
                .unwrap()
                .remove(0)
        };
        assert!(one("0\tm\t3\t2\t0\t0\t0\t1\t1").check_against(&map).is_ok());
        let e = one("0\tm\t2\t3\t0\t0\t0\t1\t1")
            .check_against(&map)
            .unwrap_err();
        assert_eq!(
            e.kind(),
            &K::SizeMismatch {
                scenario: (2, 3),
                map: (3, 2)
            }
        );
        assert_eq!(e.line(), None);
        let e = one("0\tm\t3\t2\t3\t0\t0\t1\t1")
            .check_against(&map)
            .unwrap_err();
        assert_eq!(
            e.kind(),
            &K::OutsideMap {
                endpoint: Endpoint::Start,
                cell: Cell::new(3, 0)
            }
        );
        let e = one("0\tm\t3\t2\t1\t1\t0\t0\t1")
            .check_against(&map)
            .unwrap_err();
        assert_eq!(
            e.kind(),
            &K::Blocked {
                endpoint: Endpoint::Start,
                cell: Cell::new(1, 1),
                tile: '@'
            }
        );
        assert_eq!(e.to_string(), "start (1, 1) is on blocked tile '@'");
        let e = one("0\tm\t3\t2\t0\t0\t2\t0\t2")
            .check_against(&map)
            .unwrap_err();
        assert_eq!(
            e.kind(),
            &K::Blocked {
                endpoint: Endpoint::Goal,
                cell: Cell::new(2, 0),
                tile: 'T'
            }
        );
        let e = one("0\tm\t3\t2\t0\t0\t0\t2\t2")
            .check_against(&map)
            .unwrap_err();
        assert!(matches!(
            e.kind(),
            K::OutsideMap {
                endpoint: Endpoint::Goal,
                ..
            }
        ));

        let none = one("0\tm\t3\t2\t0\t0\t2\t1\t0");
        assert!(none.expects_no_path());
        assert!(!none.matches(0.0));
        let same = one("0\tm\t3\t2\t0\t0\t0\t0\t0");
        assert!(!same.expects_no_path());
        assert!(same.matches(0.0));
        let long = one("0\tm\t3\t2\t0\t0\t0\t1\t1234.56");
        assert!((long.tolerance() - 0.0123456).abs() < 1e-12);
        assert!(long.matches(1234.57) && !long.matches(1234.58));
        let short = one("0\tm\t3\t2\t0\t0\t0\t1\t3.41421");
        assert_eq!(short.tolerance(), 1e-3);
        assert!(short.matches(2.0 + 2f64.sqrt()));
        assert!(!short.matches(3.416) && !short.matches(f64::NAN));
    }

    #[test]
    fn load_errors_carry_the_path() {
        let e = MovingAiMap::load("/nonexistent/x.map").unwrap_err();
        assert_eq!(e.path(), Some(Path::new("/nonexistent/x.map")));
        assert_eq!(
            e.kind(),
            &K::Io {
                kind: io::ErrorKind::NotFound
            }
        );
        assert!(std::error::Error::source(&e).is_some());
        assert!(e
            .to_string()
            .starts_with("/nonexistent/x.map: cannot read file: "));
        let e = load_scenarios("/nonexistent/x.scen").unwrap_err();
        assert!(matches!(e.kind(), K::Io { .. }));
        // A parse error from a real file names the file and line.
        let scen = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arena.map.scen");
        let e = MovingAiMap::load(scen).unwrap_err();
        assert_eq!(e.path(), Some(Path::new(scen)));
        assert_eq!(e.line(), Some(1));
        assert!(e.to_string().starts_with(&format!("{scen}: line 1: ")));
    }

    /// A* over a grid with exact octile costs and the grid heuristic (a test-only
    /// search, so these tests do not depend on the crate's own A*).
    fn shortest(grid: &Grid<u64>, start: Cell, goal: Cell) -> Option<u64> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let h = grid.heuristic(goal);
        let n = grid.node_count().unwrap();
        let mut g = vec![u64::MAX; n];
        let mut heap = BinaryHeap::new();
        let s = grid.node_index(start).unwrap();
        g[s] = 0;
        heap.push(Reverse((h(start), s)));
        while let Some(Reverse((f, u))) = heap.pop() {
            let cell = grid.node_at(u).unwrap();
            if f - h(cell) > g[u] {
                continue; // stale entry
            }
            if cell == goal {
                return Some(g[u]);
            }
            let gu = g[u];
            grid.successors(cell, |next, cost| {
                let v = grid.node_index(next).unwrap();
                if gu + cost < g[v] {
                    g[v] = gu + cost;
                    heap.push(Reverse((g[v] + h(next), v)));
                }
            });
        }
        None
    }

    fn check_real(map_text: &str, scen_text: &str, size: (u32, u32), lines: usize, step: usize) {
        let map = MovingAiMap::parse(map_text).unwrap();
        assert_eq!((map.width(), map.height()), size);
        let scen = parse_scenarios(scen_text).unwrap();
        assert_eq!(scen.len(), lines);
        let grid = map.to_grid(Connectivity::Eight, GridCosts::<u64>::exact_octile());
        for s in &scen {
            s.check_against(&map).unwrap();
            assert!(s.optimal == 0.0 || s.bucket == (s.optimal / 4.0) as u32);
        }
        for s in scen.iter().step_by(step) {
            match shortest(&grid, s.start, s.goal) {
                Some(cost) => {
                    let length = cost as f64 / f64::from(EXACT_OCTILE_SCALE);
                    assert!(s.matches(length), "{s:?}: computed {length}");
                }
                None => assert!(s.expects_no_path(), "{s:?}: no path found"),
            }
        }
    }

    #[test]
    fn real_arena() {
        check_real(ARENA, ARENA_SCEN, (49, 49), 160, 1);
    }

    #[test]
    fn real_rmtst01() {
        check_real(RMTST, RMTST_SCEN, (182, 50), 470, 1);
        let scen = parse_scenarios(RMTST_SCEN).unwrap();
        assert_eq!(scen.iter().filter(|s| s.expects_no_path()).count(), 2);
    }

    #[test]
    fn real_den520d() {
        check_real(DEN, DEN_SCEN, (256, 257), 888, 8);
    }
}
