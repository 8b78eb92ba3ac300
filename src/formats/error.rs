//! [`LoadError`]: what went wrong reading a graph or coordinate file, and on
//! which line.

use core::fmt;
use std::io;

/// An error reading a DIMACS or METIS file: what went wrong
/// ([`kind`](Self::kind)) and on which line ([`line`](Self::line)).
///
/// # Line numbers
/// Lines count from 1, comment and blank lines included. Most errors belong
/// to the line they were found on. Two kinds of problems only show at the end
/// of the input:
/// - counts that do not match a header
///   ([`EdgeCountMismatch`](LoadErrorKind::EdgeCountMismatch)) carry the
///   line of that header;
/// - everything else found at the end (no header at all, too few lines,
///   a node without coordinates) carries the number of the line after the
///   last one: 1 for an empty input, 3 for a two-line input with or without
///   a final newline.
///
/// # Example
/// ```
/// use pathseek::formats::{dimacs, LoadErrorKind};
///
/// let text = "p sp 2 1\nc one arc\na 1 3 7\n";
/// let err = dimacs::read_gr::<u32, _>(text.as_bytes()).unwrap_err();
/// assert_eq!(err.line(), 3);
/// assert_eq!(err.kind(), &LoadErrorKind::NodeOutOfRange { id: 3, node_count: 2 });
/// assert_eq!(err.to_string(), "line 3: node id 3 is out of range 1..=2");
/// ```
#[derive(Debug)]
pub struct LoadError {
    line: usize,
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
    /// The input could not be read (or is not UTF-8).
    Io {
        /// The I/O error's kind (the error itself is the
        /// [`source`](std::error::Error::source)).
        kind: io::ErrorKind,
    },
    /// No header line before the first data line (an arc, a coordinate),
    /// or none at all.
    MissingHeader,
    /// A second header line.
    DuplicateHeader,
    /// The header line is not of the expected form.
    BadHeader {
        /// What is wrong with it.
        reason: &'static str,
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
    /// The line ends before a required field.
    MissingField {
        /// Which field, e.g. `"target"`.
        field: &'static str,
    },
    /// The line has more fields than the format allows.
    ExtraField,
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
}

impl LoadError {
    pub(super) fn new(line: usize, kind: LoadErrorKind) -> Self {
        LoadError {
            line,
            kind,
            source: None,
        }
    }

    pub(super) fn io(line: usize, error: io::Error) -> Self {
        LoadError {
            line,
            kind: LoadErrorKind::Io { kind: error.kind() },
            source: Some(error),
        }
    }

    /// The 1-based line the error is on (see [Line numbers](Self#line-numbers)
    /// for errors found at the end of the input).
    ///
    /// # Example
    /// ```
    /// let err = pathseek::formats::metis::read_graph::<u32, _>(&b"% empty\n"[..]).unwrap_err();
    /// assert_eq!(err.line(), 2); // no header: the line after the last one
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// What went wrong.
    ///
    /// # Example
    /// ```
    /// use pathseek::formats::{metis, LoadErrorKind};
    /// let err = metis::read_graph::<u32, _>(&b"2 1\n2\n2\n"[..]).unwrap_err();
    /// assert_eq!(err.kind(), &LoadErrorKind::SelfLoop { node: 2 });
    /// assert_eq!(err.line(), 3);
    /// ```
    pub fn kind(&self) -> &LoadErrorKind {
        &self.kind
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LoadErrorKind as K;
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            K::Io { kind } => match &self.source {
                Some(e) => write!(f, "cannot read: {e}"),
                None => write!(f, "cannot read: {kind}"),
            },
            K::MissingHeader => write!(f, "missing header line (it must come before the data)"),
            K::DuplicateHeader => write!(f, "a second header line"),
            K::BadHeader { reason } => write!(f, "bad header: {reason}"),
            K::UnexpectedLine => write!(f, "unexpected line"),
            K::NotANumber { field, found } => {
                write!(f, "{field} `{found}` is not a valid number")
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
                "the header declares {declared} directed edges, the file has {found}"
            ),
            K::NodeCountMismatch { declared, found } => {
                write!(f, "expected {declared} nodes, found {found}")
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
