//! The shortest-path formats of the 9th DIMACS Implementation Challenge
//! (road networks such as `USA-road-d.NY.gr` with `USA-road-d.NY.co`).
//!
//! # `.gr`: a directed graph
//! ```text
//! c comment lines start with c, anywhere
//! p sp 3 4
//! a 1 2 7
//! a 2 1 7
//! a 2 3 4
//! a 1 3 15
//! ```
//! One header `p sp <nodes> <arcs>` before the first arc, then exactly
//! `<arcs>` lines `a <from> <to> <weight>`, ids from 1 to `<nodes>`; blank
//! lines are skipped. Node `i` of the file is node `i - 1` of the graph. The
//! format allows self-loops and parallel arcs, and so does
//! [`read_gr`]: they are kept.
//!
//! # `.co`: a point per node
//! ```text
//! c comment lines start with c, anywhere
//! p aux sp co 3
//! v 1 -73530767 41085396
//! v 2 -73530538 41086098
//! v 3 -73519366 41048796
//! ```
//! One header `p aux sp co <nodes>`, then a line `v <id> <x> <y>` for every
//! node, each exactly once, in any order; coordinates are integers or
//! decimals.

use std::io::BufRead;
use std::marker::PhantomData;
use std::str::{FromStr, SplitAsciiWhitespace};

use super::error::{LoadError, LoadErrorKind};
use super::text::{
    field, graph_error, is_blank, parse_coordinate, parse_count, parse_id, parse_node_count,
    parse_weight, stop, LineMap, Lines,
};
use crate::cost::Cost;
use crate::graph::StaticGraph;

/// Reads a `.gr` file into a directed graph with costs of type `C` (parsed
/// with `C::from_str`).
///
/// Self-loops and parallel arcs are kept (the format allows them); each arc
/// leaves its source in file order.
///
/// # Errors
/// With the line of the problem ([`LoadError::line`]):
/// [`MissingHeader`](LoadErrorKind::MissingHeader) for an arc before the
/// header or no header at all,
/// [`DuplicateHeader`](LoadErrorKind::DuplicateHeader),
/// [`BadHeader`](LoadErrorKind::BadHeader) for a header other than
/// `p sp n m`, [`UnexpectedLine`](LoadErrorKind::UnexpectedLine) for a line
/// that is not `c`, `p` or `a`, [`MissingField`](LoadErrorKind::MissingField)
/// or [`ExtraField`](LoadErrorKind::ExtraField),
/// [`NotANumber`](LoadErrorKind::NotANumber),
/// [`NodeOutOfRange`](LoadErrorKind::NodeOutOfRange) for an id outside
/// `1..=n`, [`InvalidWeight`](LoadErrorKind::InvalidWeight) for a negative
/// or NaN weight, [`TooManyNodes`](LoadErrorKind::TooManyNodes) or
/// [`TooManyEdges`](LoadErrorKind::TooManyEdges) for a header beyond `u32`
/// ids, [`Io`](LoadErrorKind::Io); and, on the header's line,
/// [`EdgeCountMismatch`](LoadErrorKind::EdgeCountMismatch) when the file
/// has more or fewer than `m` arcs.
///
/// # Memory
/// The header's node count is trusted: a valid file's graph takes 4 bytes
/// per declared node, even for nodes no arc mentions (a file with an error
/// fails before anything is allocated for them). While reading, the arcs
/// take about `8 + size_of::<C>()` bytes each on top of the graph.
///
/// # Example
/// ```
/// use pathseek::formats::dimacs;
///
/// let text = "c a triangle\np sp 3 4\na 1 2 7\na 2 1 7\na 2 3 4\na 1 3 15\n";
/// let g = dimacs::read_gr::<u32, _>(text.as_bytes())?;
/// assert_eq!((g.len(), g.edge_count()), (3, 4));
/// assert_eq!(g.edges(0).collect::<Vec<_>>(), [(1, 7), (2, 15)]);
/// let path = pathseek::astar(&g, 0, 2, |_| 0).into_path().unwrap();
/// assert_eq!(path.cost, 11);
/// # Ok::<(), pathseek::formats::LoadError>(())
/// ```
pub fn read_gr<C: Cost + FromStr, R: BufRead>(reader: R) -> Result<StaticGraph<C>, LoadError> {
    let mut lines = Lines::new(reader);
    let (header_line, node_count, declared) = loop {
        let Some((no, text)) = lines.next_line()? else {
            return Err(LoadError::new(lines.end(), LoadErrorKind::MissingHeader));
        };
        let header = match classify(text, "a") {
            Line::Skip => continue,
            Line::Header(fields) => gr_header(fields),
            Line::Data(_) => Err(LoadErrorKind::MissingHeader),
            Line::Other => Err(LoadErrorKind::UnexpectedLine),
        };
        let (n, m) = header.map_err(|kind| LoadError::new(no, kind))?;
        break (no, n, m);
    };
    let mut arcs = Arcs::<R, C> {
        lines,
        header_line,
        node_count,
        declared,
        found: 0,
        finished: false,
        error: None,
        cost: PhantomData,
    };
    let graph = StaticGraph::from_edges(node_count, &mut arcs);
    match arcs.error {
        Some(e) => Err(e),
        None => graph.map_err(|e| LoadError::new(header_line, graph_error(e))),
    }
}

/// Reads a `.co` file: the point `[x, y]` of every node, indexed by node
/// (0-based: `v 1 ...` is element 0).
///
/// # Errors
/// As [`read_gr`] for the header (`p aux sp co n`) and the fields, plus
/// [`InvalidCoordinate`](LoadErrorKind::InvalidCoordinate) for NaN or
/// infinite coordinates, [`DuplicateNode`](LoadErrorKind::DuplicateNode)
/// (on the line of the second `v` line of a node) and, on the line after
/// the last, [`MissingNode`](LoadErrorKind::MissingNode) for the first node
/// of `1..=n` without coordinates. Repeats are looked for once all lines are
/// read (nodes may come in any order), so an error on a later line is
/// reported before them.
///
/// # Memory
/// About 20 bytes per `v` line while reading (nothing is allocated for the
/// header's node count before the lines are there), then the result.
///
/// # Example
/// ```
/// use pathseek::formats::{dimacs, LoadErrorKind};
///
/// let text = "p aux sp co 3\nv 2 5 6.5\nv 1 -1 0\nv 3 7 8\n";
/// let points = dimacs::read_co(text.as_bytes())?;
/// assert_eq!(points, [[-1.0, 0.0], [5.0, 6.5], [7.0, 8.0]]);
///
/// let err = dimacs::read_co("p aux sp co 2\nv 1 0 0\nv 1 0 0\n".as_bytes()).unwrap_err();
/// assert_eq!((err.line(), err.kind()), (3, &LoadErrorKind::DuplicateNode { id: 1 }));
/// # Ok::<(), pathseek::formats::LoadError>(())
/// ```
pub fn read_co<R: BufRead>(reader: R) -> Result<Vec<[f64; 2]>, LoadError> {
    let mut lines = Lines::new(reader);
    let node_count = loop {
        let Some((no, text)) = lines.next_line()? else {
            return Err(LoadError::new(lines.end(), LoadErrorKind::MissingHeader));
        };
        let header = match classify(text, "v") {
            Line::Skip => continue,
            Line::Header(fields) => co_header(fields),
            Line::Data(_) => Err(LoadErrorKind::MissingHeader),
            Line::Other => Err(LoadErrorKind::UnexpectedLine),
        };
        break header.map_err(|kind| LoadError::new(no, kind))?;
    };
    // The ids (0-based) and points in file order, and their lines.
    let mut ids: Vec<u32> = Vec::new();
    let mut points: Vec<[f64; 2]> = Vec::new();
    let mut line_of = LineMap::default();
    let mut in_order = true;
    while let Some((no, text)) = lines.next_line()? {
        let (id, point) = match classify(text, "v") {
            Line::Skip => continue,
            Line::Header(_) => Err(LoadErrorKind::DuplicateHeader),
            Line::Other => Err(LoadErrorKind::UnexpectedLine),
            Line::Data(fields) => co_point(fields, node_count),
        }
        .map_err(|kind| LoadError::new(no, kind))?;
        in_order &= id as usize == ids.len();
        line_of.record(ids.len(), no);
        ids.push(id);
        points.push(point);
        if ids.len() > node_count {
            break; // a node repeats among these lines
        }
    }
    if in_order && ids.len() == node_count {
        return Ok(points);
    }
    if !in_order && let Some(item) = first_repeat(&ids) {
        let id = ids.get(item).map_or(0, |&id| id + 1);
        let kind = LoadErrorKind::DuplicateNode { id };
        return Err(LoadError::new(line_of.line(item), kind));
    }
    // No repeats and every id in range: a missing node unless all are there.
    if ids.len() < node_count {
        let id = first_missing(&ids);
        return Err(LoadError::new(
            lines.end(),
            LoadErrorKind::MissingNode { id },
        ));
    }
    let mut result = vec![[0.0; 2]; node_count];
    for (&id, &point) in ids.iter().zip(&points) {
        if let Some(slot) = result.get_mut(id as usize) {
            *slot = point;
        }
    }
    Ok(result)
}

/// What a DIMACS line is.
enum Line<'a> {
    /// Blank or a comment.
    Skip,
    /// A `p` line; the fields after `p`.
    Header(SplitAsciiWhitespace<'a>),
    /// A data line (`a`, `v`); the fields after the tag.
    Data(SplitAsciiWhitespace<'a>),
    /// Anything else.
    Other,
}

fn classify<'a>(text: &'a str, data_tag: &str) -> Line<'a> {
    if is_blank(text) || text.trim_ascii_start().starts_with('c') {
        return Line::Skip;
    }
    let mut fields = text.split_ascii_whitespace();
    match fields.next() {
        Some("p") => Line::Header(fields),
        Some(tag) if tag == data_tag => Line::Data(fields),
        _ => Line::Other,
    }
}

/// `sp <nodes> <arcs>`.
fn gr_header(mut fields: SplitAsciiWhitespace<'_>) -> Result<(usize, usize), LoadErrorKind> {
    if fields.next() != Some("sp") {
        return Err(LoadErrorKind::BadHeader {
            reason: "expected `p sp <nodes> <arcs>`",
        });
    }
    let n = parse_node_count(field(fields.next(), "node count")?)?;
    let m = parse_count(field(fields.next(), "arc count")?, "arc count")?;
    if fields.next().is_some() {
        return Err(LoadErrorKind::ExtraField);
    }
    match usize::try_from(m) {
        Ok(m) if m < u32::MAX as usize => Ok((n, m)),
        _ => Err(LoadErrorKind::TooManyEdges { edge_count: m }),
    }
}

/// `aux sp co <nodes>`.
fn co_header(mut fields: SplitAsciiWhitespace<'_>) -> Result<usize, LoadErrorKind> {
    for word in ["aux", "sp", "co"] {
        if fields.next() != Some(word) {
            return Err(LoadErrorKind::BadHeader {
                reason: "expected `p aux sp co <nodes>`",
            });
        }
    }
    let n = parse_node_count(field(fields.next(), "node count")?)?;
    if fields.next().is_some() {
        return Err(LoadErrorKind::ExtraField);
    }
    Ok(n)
}

/// `<from> <to> <weight>`.
fn arc<C: Cost + FromStr>(
    mut fields: SplitAsciiWhitespace<'_>,
    node_count: usize,
) -> Result<(u32, u32, C), LoadErrorKind> {
    let from = parse_id(field(fields.next(), "source")?, "source", node_count)?;
    let to = parse_id(field(fields.next(), "target")?, "target", node_count)?;
    let weight = parse_weight(field(fields.next(), "weight")?)?;
    if fields.next().is_some() {
        return Err(LoadErrorKind::ExtraField);
    }
    Ok((from, to, weight))
}

/// `<id> <x> <y>`, the id 0-based.
fn co_point(
    mut fields: SplitAsciiWhitespace<'_>,
    node_count: usize,
) -> Result<(u32, [f64; 2]), LoadErrorKind> {
    let id = parse_id(field(fields.next(), "node id")?, "node id", node_count)?;
    let x = parse_coordinate(field(fields.next(), "x")?, "x")?;
    let y = parse_coordinate(field(fields.next(), "y")?, "y")?;
    if fields.next().is_some() {
        return Err(LoadErrorKind::ExtraField);
    }
    Ok((id, [x, y]))
}

/// The arcs of a `.gr` file after its header, read as the graph is built.
/// On an error (including a wrong arc count, found at the end) it keeps the
/// error and yields [`stop`].
struct Arcs<R, C> {
    lines: Lines<R>,
    header_line: usize,
    node_count: usize,
    declared: usize,
    /// Arcs read, including any beyond `declared` (read to the end and
    /// counted, not passed on).
    found: usize,
    finished: bool,
    error: Option<LoadError>,
    cost: PhantomData<fn() -> C>,
}

impl<R: BufRead, C: Cost + FromStr> Arcs<R, C> {
    /// The next arc to pass on, `None` at the end, or an error.
    fn read(&mut self) -> Result<Option<(u32, u32, C)>, LoadError> {
        while let Some((no, text)) = self.lines.next_line()? {
            let arc = match classify(text, "a") {
                Line::Skip => continue,
                Line::Header(_) => Err(LoadErrorKind::DuplicateHeader),
                Line::Other => Err(LoadErrorKind::UnexpectedLine),
                Line::Data(fields) => arc(fields, self.node_count),
            }
            .map_err(|kind| LoadError::new(no, kind))?;
            self.found += 1;
            if self.found <= self.declared {
                return Ok(Some(arc));
            }
        }
        if self.found != self.declared {
            let kind = LoadErrorKind::EdgeCountMismatch {
                declared: self.declared,
                found: self.found,
            };
            return Err(LoadError::new(self.header_line, kind));
        }
        Ok(None)
    }
}

impl<R: BufRead, C: Cost + FromStr> Iterator for Arcs<R, C> {
    type Item = (u32, u32, C);

    fn next(&mut self) -> Option<(u32, u32, C)> {
        if self.finished {
            return None;
        }
        match self.read() {
            Ok(Some(arc)) => Some(arc),
            Ok(None) => {
                self.finished = true;
                None
            }
            Err(e) => {
                self.finished = true;
                self.error = Some(e);
                Some(stop())
            }
        }
    }
}

/// The index of the first item (in file order) whose id an earlier item has.
fn first_repeat(ids: &[u32]) -> Option<usize> {
    let mut order: Vec<u32> = (0..ids.len() as u32).collect();
    order.sort_unstable_by_key(|&k| (ids.get(k as usize), k));
    order
        .windows(2)
        .filter(|w| ids.get(w[0] as usize) == ids.get(w[1] as usize))
        .map(|w| w[1] as usize)
        .min()
}

/// The smallest id (1-based) missing from distinct 0-based `ids`.
fn first_missing(ids: &[u32]) -> u32 {
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    let mut expect = 0u32;
    for id in sorted {
        if id != expect {
            break;
        }
        expect += 1;
    }
    expect + 1
}
