//! [`MovingAiError`]: what went wrong reading a `.map` or `.scen` file, and where.

use core::fmt;
use std::io;
use std::path::{Path, PathBuf};

use super::Endpoint;
use crate::grid::Cell;

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

impl MovingAiError {
    pub(super) fn new(line: Option<usize>, kind: MovingAiErrorKind) -> Self {
        MovingAiError {
            line,
            path: None,
            kind,
            source: None,
        }
    }

    pub(super) fn at(line: usize, kind: MovingAiErrorKind) -> Self {
        Self::new(Some(line), kind)
    }

    pub(super) fn io(path: &Path, error: io::Error) -> Self {
        MovingAiError {
            line: None,
            path: Some(path.to_path_buf()),
            kind: MovingAiErrorKind::Io { kind: error.kind() },
            source: Some(error),
        }
    }

    pub(super) fn with_path(mut self, path: &Path) -> Self {
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

    /// The file the error is about, for errors from [`MovingAiMap::load`](super::MovingAiMap::load) and
    /// [`load_scenarios`](super::load_scenarios).
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
