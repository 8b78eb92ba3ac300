//! [`LoadError`]: what went wrong reading a file of any of the [`io`](super)
//! formats, on which line, and in which file.

use core::fmt;
use std::collections::TryReserveError;
use std::io;
use std::path::{Path, PathBuf};

use super::movingai::Endpoint;
use crate::grid::Cell;

/// An error reading a DIMACS, METIS or MovingAI file: what went wrong
/// ([`kind`](Self::kind)), on which line ([`line`](Self::line)) and, for the
/// loaders that open a file themselves, in which file ([`path`](Self::path)).
///
/// # Line numbers
/// Lines count from 1, comment and blank lines included. Most errors belong
/// to the line they were found on. Problems that only show at the end of a
/// DIMACS or METIS input carry:
/// - the line of the header, for counts that do not match it
///   ([`EdgeCountMismatch`](LoadErrorKind::EdgeCountMismatch));
/// - the number of the line after the last one for everything else found at
///   the end (no header at all, too few lines, a node without coordinates):
///   1 for an empty input, 3 for a two-line input with or without a final
///   newline.
///
/// A few errors belong to no line and have none: a MovingAI map that ends
/// early or is too large, an empty scenario file, a scenario checked against
/// a map, a file that cannot be opened.
///
/// # Example
/// ```
/// use pathseek::io::{dimacs, LoadErrorKind};
///
/// let text = "p sp 2 1\nc one arc\na 1 3 7\n";
/// let err = dimacs::read_gr::<u32, _>(text.as_bytes()).unwrap_err();
/// assert_eq!(err.line(), Some(3));
/// assert_eq!(err.kind(), &LoadErrorKind::NodeOutOfRange { id: 3, node_count: 2 });
/// assert_eq!(err.to_string(), "line 3: node id 3 is out of range 1..=2");
/// ```
#[derive(Debug)]
pub struct LoadError {
    line: Option<usize>,
    path: Option<PathBuf>,
    kind: LoadErrorKind,
    source: Option<io::Error>,
}

/// What went wrong; see [`LoadError::kind`].
///
/// Node ids in these variants are as written in the file, 1-based: node `id`
/// of the file is node `id - 1` of the loaded graph.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadErrorKind {
    // --- every format ---
    /// The input could not be read (or is not UTF-8).
    Io {
        /// The I/O error's kind (the error itself is the
        /// [`source`](std::error::Error::source)).
        kind: io::ErrorKind,
    },
    /// Memory for what was read could not be allocated (the allocator
    /// refused; the loaders never ask for memory a header merely claims).
    OutOfMemory {
        /// The size of the allocation refused, in bytes (an estimate when
        /// the allocator does not say).
        bytes: usize,
    },
    /// A required header line is missing: none before the first data line
    /// (an arc, a coordinate, a map row), or none at all.
    MissingHeader {
        /// The header line, e.g. `"p sp"`, `"<nodes> <edges>"`, or the
        /// keyword of a `.map` header line (`"type"`, `"height"`, ...).
        header: &'static str,
    },
    /// A header line appears twice.
    DuplicateHeader {
        /// The header line, as in [`MissingHeader`](Self::MissingHeader).
        header: &'static str,
    },
    /// A header line is not of the expected form.
    BadHeader {
        /// What is wrong with it, or what was expected.
        reason: &'static str,
        /// The text found (the line or the field), cut to 32 characters.
        found: String,
    },
    /// A line that is neither a comment, a header nor a data line of the
    /// format (also: a non-blank line after the last METIS node line).
    UnexpectedLine,
    /// A field that should be a number is not one (of the expected type:
    /// an edge weight must parse as the cost type).
    NotANumber {
        /// Which field, e.g. `"weight"` or `"node count"`.
        field: &'static str,
        /// The text found, cut to at most 32 characters.
        found: String,
    },
    /// An edge weight that is a number, but too large for the cost type
    /// (`99999999999` for `u32`).
    WeightOutOfRange {
        /// The text found, cut to at most 32 characters.
        found: String,
    },
    /// The line ends before a required field.
    MissingField {
        /// Which field, e.g. `"target"`.
        field: &'static str,
    },
    /// The line has more fields than the format allows.
    ExtraField,

    // --- graphs and coordinates (DIMACS, METIS) ---
    /// A node id outside `1..=node_count`.
    NodeOutOfRange {
        /// The id (`u64::MAX` for an id too large for a `u64`).
        id: u64,
        /// The number of nodes.
        node_count: usize,
    },
    /// An edge weight that is negative or NaN (or that the cost type's
    /// [`is_valid`](crate::Cost::is_valid) refuses).
    InvalidWeight,
    /// A coordinate that is NaN or infinite.
    InvalidCoordinate,
    /// A METIS node lists itself as a neighbour (METIS graphs have no
    /// self-loops).
    SelfLoop {
        /// The node.
        node: u32,
    },
    /// The number of edges differs from the header's (reported on the
    /// header's line). Both counts are directed edges: DIMACS arcs, or METIS
    /// neighbour entries (twice the header's undirected edge count).
    EdgeCountMismatch {
        /// Directed edges the header declares.
        declared: usize,
        /// Directed edges the file has.
        found: usize,
    },
    /// The number of nodes differs from the one declared or expected:
    /// too few METIS node lines, or a coordinate file with another number
    /// of lines than asked for.
    NodeCountMismatch {
        /// Nodes declared by the header or asked for.
        declared: usize,
        /// Nodes found.
        found: usize,
    },
    /// A METIS edge with no way back: node `from` lists `to`, but `to`
    /// does not list `from` (as many times, with the same weights).
    NotSymmetric {
        /// The node whose line lists the edge (the error's line).
        from: u32,
        /// The neighbour that does not list it back.
        to: u32,
    },
    /// Coordinates given twice for a node.
    DuplicateNode {
        /// The node.
        id: u32,
    },
    /// No coordinates for a node.
    MissingNode {
        /// The first node without them.
        id: u32,
    },
    /// The header declares more nodes than `u32` ids can name (`u32::MAX`
    /// or more).
    TooManyNodes {
        /// The declared number.
        node_count: u64,
    },
    /// The header declares more directed edges than a
    /// [`StaticGraph`](crate::StaticGraph) holds (`u32::MAX` or more).
    TooManyEdges {
        /// The declared number of directed edges.
        edge_count: u64,
    },
    /// A DIMACS `.gr` header declares more nodes than the input can account
    /// for. Nodes that no arc mentions take no room in the file but 8 bytes
    /// each in the graph, so a node count is accepted up to 65,536 plus one
    /// per byte of the input: memory then stays in proportion to the input,
    /// whatever its header says (reported on the header's line).
    NodeCountExceedsInput {
        /// Nodes the header declares.
        declared: usize,
        /// Bytes in the input.
        bytes: u64,
    },

    // --- MovingAI maps and scenarios ---
    /// The map type is not `octile`.
    UnsupportedType {
        /// The type found.
        found: String,
    },
    /// `height` or `width` is not a positive integer.
    BadSize {
        /// `"height"` or `"width"`.
        field: &'static str,
        /// The value found.
        found: String,
    },
    /// The map has more than `u32::MAX` cells (a hex map: or a side
    /// above `i32::MAX`).
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
    /// A tile character the format does not know: in a MovingAI map, not
    /// `.`, `G`, `S`, `@`, `O`, `T` or `W`; in a hex map
    /// ([`io::hex`](super::hex)), not `.`, a digit, `@` or `T`.
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
        /// The line's text, cut to 32 characters.
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
        /// The text found, cut to 32 characters.
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

impl LoadError {
    /// An error on line `line`.
    pub(crate) fn new(line: usize, kind: LoadErrorKind) -> Self {
        LoadError {
            line: Some(line),
            path: None,
            kind,
            source: None,
        }
    }

    /// An error that belongs to no line.
    pub(crate) fn lineless(kind: LoadErrorKind) -> Self {
        LoadError {
            line: None,
            path: None,
            kind,
            source: None,
        }
    }

    /// An I/O error, on the line being read (if any).
    pub(crate) fn io(line: Option<usize>, error: io::Error) -> Self {
        LoadError {
            line,
            path: None,
            kind: LoadErrorKind::Io { kind: error.kind() },
            source: Some(error),
        }
    }

    /// An allocation refused while reading line `line`.
    pub(crate) fn out_of_memory(line: usize, bytes: usize) -> Self {
        Self::new(line, LoadErrorKind::OutOfMemory { bytes })
    }

    /// This error, about the file at `path`.
    pub(crate) fn with_path(mut self, path: &Path) -> Self {
        self.path = Some(path.to_path_buf());
        self
    }

    /// The 1-based line the error is on, if it belongs to one (see
    /// [Line numbers](Self#line-numbers)).
    ///
    /// # Example
    /// ```
    /// let err = pathseek::io::metis::read_graph::<u32, _>(&b"% empty\n"[..]).unwrap_err();
    /// assert_eq!(err.line(), Some(2)); // no header: the line after the last
    /// ```
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The file the error is about, for errors from the loaders that open a
    /// file ([`MovingAiMap::load`](super::movingai::MovingAiMap::load),
    /// [`load_scenarios`](super::movingai::load_scenarios)).
    ///
    /// # Example
    /// ```
    /// let err = pathseek::io::movingai::MovingAiMap::load("no/such/file.map").unwrap_err();
    /// assert_eq!(err.path(), Some(std::path::Path::new("no/such/file.map")));
    /// ```
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// What went wrong.
    ///
    /// # Example
    /// ```
    /// use pathseek::io::{metis, LoadErrorKind};
    /// let err = metis::read_graph::<u32, _>(&b"2 1\n2\n2\n"[..]).unwrap_err();
    /// assert_eq!(err.kind(), &LoadErrorKind::SelfLoop { node: 2 });
    /// assert_eq!(err.line(), Some(3));
    /// ```
    pub fn kind(&self) -> &LoadErrorKind {
        &self.kind
    }
}

/// A refused allocation on line `line`, of a size the allocator does not
/// say (reported as 0).
pub(crate) fn oom_at(line: usize) -> impl FnOnce(TryReserveError) -> LoadError {
    move |_| LoadError::out_of_memory(line, 0)
}

/// `1 edge`, `2 edges`.
struct Count(usize, &'static str);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = if self.0 == 1 { "" } else { "s" };
        write!(f, "{} {}{s}", self.0, self.1)
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{}: ", path.display())?;
        }
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        match (&self.kind, &self.source) {
            (LoadErrorKind::Io { .. }, Some(e)) => write!(f, "cannot read: {e}"),
            (kind, _) => fmt::Display::fmt(kind, f),
        }
    }
}

impl fmt::Display for LoadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LoadErrorKind as K;
        match self {
            K::Io { kind } => write!(f, "cannot read: {kind}"),
            K::OutOfMemory { bytes: 0 } => write!(f, "out of memory"),
            K::OutOfMemory { bytes } => write!(f, "out of memory: cannot allocate {bytes} bytes"),
            K::MissingHeader { header } => {
                write!(
                    f,
                    "missing `{header}` header line (it must come before the data)"
                )
            }
            K::DuplicateHeader { header } => write!(f, "a second `{header}` header line"),
            K::BadHeader { reason, found } => write!(f, "bad header `{found}`: {reason}"),
            K::UnexpectedLine => write!(f, "unexpected line"),
            K::NotANumber { field, found } => {
                write!(f, "{field} `{found}` is not a valid number")
            }
            K::WeightOutOfRange { found } => {
                write!(f, "weight `{found}` is out of range for the cost type")
            }
            K::MissingField { field } => write!(f, "missing {field}"),
            K::ExtraField => write!(f, "more fields than the format allows"),
            K::NodeOutOfRange { id, node_count } => {
                write!(f, "node id {id} is out of range 1..={node_count}")
            }
            K::InvalidWeight => write!(f, "edge weight is negative or NaN"),
            K::InvalidCoordinate => write!(f, "coordinate is NaN or infinite"),
            K::SelfLoop { node } => write!(f, "node {node} lists itself as a neighbour"),
            K::EdgeCountMismatch { declared, found } => write!(
                f,
                "the header declares {}, the file has {found}",
                Count(*declared, "directed edge")
            ),
            K::NodeCountMismatch { declared, found } => {
                write!(f, "expected {}, found {found}", Count(*declared, "node"))
            }
            K::NotSymmetric { from, to } => write!(
                f,
                "node {from} lists {to}, but {to} does not list {from} (with the same weight)"
            ),
            K::DuplicateNode { id } => write!(f, "node {id} appears twice"),
            K::MissingNode { id } => write!(f, "no coordinates for node {id}"),
            K::TooManyNodes { node_count } => write!(
                f,
                "{node_count} nodes: at most {} fit u32 ids",
                u32::MAX - 1
            ),
            K::TooManyEdges { edge_count } => write!(
                f,
                "{edge_count} directed edges: a static graph holds at most {}",
                u32::MAX - 1
            ),
            K::NodeCountExceedsInput { declared, bytes } => write!(
                f,
                "the header declares {} but the input has only {bytes} bytes \
                 (at most 65536 nodes plus one per byte are accepted)",
                Count(*declared, "node")
            ),
            K::UnsupportedType { found } => write!(
                f,
                "map type `{found}` is not supported (only `type octile`)"
            ),
            K::BadSize { field, found } => {
                write!(f, "{field} `{found}` is not a positive integer")
            }
            K::TooLarge { width, height } => write!(
                f,
                "map of {width} x {height} cells is too large (at most u32::MAX cells; hex maps: sides of at most i32::MAX)"
            ),
            K::RowLength { found, expected } => write!(
                f,
                "row has {}, expected {expected}",
                Count(*found, "character")
            ),
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

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}
