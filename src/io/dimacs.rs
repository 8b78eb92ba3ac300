//! DIMACS `.gr`/`.co`: the road-network formats of the 9th DIMACS
//! Implementation Challenge (`USA-road-d.NY.gr` with `USA-road-d.NY.co`).
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

use std::collections::TryReserveError;
use std::io::BufRead;
use std::str::{FromStr, SplitAsciiWhitespace};

use super::error::{oom_at, LoadError, LoadErrorKind};
use super::lines::Lines;
use super::parse::{
    field, found, is_blank, parse_coordinate, parse_count, parse_id, parse_node_count,
    parse_weight, try_push, LineMap,
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
/// ids, [`Io`](LoadErrorKind::Io),
/// [`OutOfMemory`](LoadErrorKind::OutOfMemory); and, on the header's line,
/// [`EdgeCountMismatch`](LoadErrorKind::EdgeCountMismatch) when the file
/// has more or fewer than `m` arcs, then
/// [`NodeCountExceedsInput`](LoadErrorKind::NodeCountExceedsInput) when `n`
/// exceeds the input's size in bytes by more than 65,536.
///
/// # Memory
/// In proportion to the input, whatever its header says: the arcs are kept
/// as they are read (about `8 + size_of::<C>()` bytes each, growing with
/// them), and the graph's node arrays (8 bytes per node while building, 4
/// after) are allocated only once every arc is read and the node count is
/// found to be at most 65,536 plus one per byte of the input. Every allocation is
/// fallible: a refused one is an [`OutOfMemory`](LoadErrorKind::OutOfMemory)
/// error, never an abort.
///
/// # Example
/// ```
/// use pathseek::io::dimacs;
///
/// let text = "c a triangle\np sp 3 4\na 1 2 7\na 2 1 7\na 2 3 4\na 1 3 15\n";
/// let g = dimacs::read_gr::<u32, _>(text.as_bytes())?;
/// assert_eq!((g.len(), g.edge_count()), (3, 4));
/// assert_eq!(g.edges(0).collect::<Vec<_>>(), [(1, 7), (2, 15)]);
/// let path = pathseek::astar(&g, 0, 2, |_| 0).into_path().unwrap();
/// assert_eq!(path.cost, 11);
/// # Ok::<(), pathseek::io::LoadError>(())
/// ```
pub fn read_gr<C: Cost + FromStr, R: BufRead>(reader: R) -> Result<StaticGraph<C>, LoadError> {
    let mut lines = Lines::new(reader);
    let (header_line, node_count, declared) = loop {
        let Some((no, text)) = lines.next_line()? else {
            return Err(LoadError::new(lines.end(), MISSING_GR_HEADER));
        };
        let header = match classify(text, "a") {
            Line::Skip => continue,
            Line::Header(fields) => gr_header(fields, text),
            Line::Data(_) => Err(MISSING_GR_HEADER),
            Line::Other => Err(LoadErrorKind::UnexpectedLine),
        };
        let (n, m) = header.map_err(|kind| LoadError::new(no, kind))?;
        break (no, n, m);
    };
    // The arcs as read (any beyond `declared` counted, not kept).
    let mut arcs: Vec<(u32, u32, C)> = Vec::new();
    let mut found = 0usize;
    while let Some((no, text)) = lines.next_line()? {
        let arc = match classify(text, "a") {
            Line::Skip => continue,
            Line::Header(_) => Err(LoadErrorKind::DuplicateHeader { header: "p sp" }),
            Line::Other => Err(LoadErrorKind::UnexpectedLine),
            Line::Data(fields) => arc(fields, node_count),
        }
        .map_err(|kind| LoadError::new(no, kind))?;
        found += 1;
        if found <= declared {
            try_push(&mut arcs, arc, no)?;
        }
    }
    let at_header = |kind| LoadError::new(header_line, kind);
    if found != declared {
        return Err(at_header(LoadErrorKind::EdgeCountMismatch {
            declared,
            found,
        }));
    }
    if node_count as u64 > lines.bytes() + FREE_NODES {
        return Err(at_header(LoadErrorKind::NodeCountExceedsInput {
            declared: node_count,
            bytes: lines.bytes(),
        }));
    }
    StaticGraph::try_from_checked_edges(node_count, &arcs).map_err(|_| {
        let bytes = (node_count + 1) * 8 + arcs.len() * (4 + size_of::<C>());
        LoadError::out_of_memory(header_line, bytes)
    })
}

/// Nodes a `.gr` header may declare beyond one per byte of its input (see
/// [`NodeCountExceedsInput`](LoadErrorKind::NodeCountExceedsInput)): half a
/// megabyte of node arrays at most.
const FREE_NODES: u64 = 1 << 16;

const MISSING_GR_HEADER: LoadErrorKind = LoadErrorKind::MissingHeader { header: "p sp" };
const MISSING_CO_HEADER: LoadErrorKind = LoadErrorKind::MissingHeader {
    header: "p aux sp co",
};

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
/// About 20 bytes per `v` line while reading, growing with them (nothing is
/// allocated for the header's node count before its lines are there), then
/// the result. A refused allocation is an
/// [`OutOfMemory`](LoadErrorKind::OutOfMemory) error.
///
/// # Example
/// ```
/// use pathseek::io::{dimacs, LoadErrorKind};
///
/// let text = "p aux sp co 3\nv 2 5 6.5\nv 1 -1 0\nv 3 7 8\n";
/// let points = dimacs::read_co(text.as_bytes())?;
/// assert_eq!(points, [[-1.0, 0.0], [5.0, 6.5], [7.0, 8.0]]);
///
/// let err = dimacs::read_co("p aux sp co 2\nv 1 0 0\nv 1 0 0\n".as_bytes()).unwrap_err();
/// assert_eq!((err.line(), err.kind()), (Some(3), &LoadErrorKind::DuplicateNode { id: 1 }));
/// # Ok::<(), pathseek::io::LoadError>(())
/// ```
pub fn read_co<R: BufRead>(reader: R) -> Result<Vec<[f64; 2]>, LoadError> {
    let mut lines = Lines::new(reader);
    let node_count = loop {
        let Some((no, text)) = lines.next_line()? else {
            return Err(LoadError::new(lines.end(), MISSING_CO_HEADER));
        };
        let header = match classify(text, "v") {
            Line::Skip => continue,
            Line::Header(fields) => co_header(fields, text),
            Line::Data(_) => Err(MISSING_CO_HEADER),
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
            Line::Header(_) => Err(LoadErrorKind::DuplicateHeader {
                header: "p aux sp co",
            }),
            Line::Other => Err(LoadErrorKind::UnexpectedLine),
            Line::Data(fields) => co_point(fields, node_count),
        }
        .map_err(|kind| LoadError::new(no, kind))?;
        in_order &= id as usize == ids.len();
        line_of.record(ids.len(), no);
        try_push(&mut ids, id, no)?;
        try_push(&mut points, point, no)?;
        if ids.len() > node_count {
            break; // a node repeats among these lines
        }
    }
    if in_order && ids.len() == node_count {
        return Ok(points);
    }
    let end = lines.end();
    if !in_order && let Some(item) = first_repeat(&ids).map_err(oom_at(end))? {
        let id = ids.get(item).map_or(0, |&id| id + 1);
        let kind = LoadErrorKind::DuplicateNode { id };
        return Err(LoadError::new(line_of.line(item), kind));
    }
    // No repeats and every id in range: a missing node unless all are there.
    if ids.len() < node_count {
        let id = first_missing(&ids).map_err(oom_at(end))?;
        return Err(LoadError::new(end, LoadErrorKind::MissingNode { id }));
    }
    // Every node has its line: the result is no larger than what was read.
    let mut result = Vec::new();
    result.try_reserve_exact(node_count).map_err(oom_at(end))?;
    result.resize(node_count, [0.0; 2]);
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
fn gr_header(
    mut fields: SplitAsciiWhitespace<'_>,
    text: &str,
) -> Result<(usize, usize), LoadErrorKind> {
    if fields.next() != Some("sp") {
        return Err(LoadErrorKind::BadHeader {
            reason: "expected `p sp <nodes> <arcs>`",
            found: found(text.trim_ascii()),
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
fn co_header(mut fields: SplitAsciiWhitespace<'_>, text: &str) -> Result<usize, LoadErrorKind> {
    for word in ["aux", "sp", "co"] {
        if fields.next() != Some(word) {
            return Err(LoadErrorKind::BadHeader {
                reason: "expected `p aux sp co <nodes>`",
                found: found(text.trim_ascii()),
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

/// The index of the first item (in file order) whose id an earlier item has.
fn first_repeat(ids: &[u32]) -> Result<Option<usize>, TryReserveError> {
    let mut order: Vec<u32> = Vec::new();
    order.try_reserve_exact(ids.len())?;
    order.extend(0..ids.len() as u32);
    order.sort_unstable_by_key(|&k| (ids.get(k as usize), k));
    Ok(order
        .windows(2)
        .filter(|w| ids.get(w[0] as usize) == ids.get(w[1] as usize))
        .map(|w| w[1] as usize)
        .min())
}

/// The smallest id (1-based) missing from distinct 0-based `ids`.
fn first_missing(ids: &[u32]) -> Result<u32, TryReserveError> {
    let mut sorted = Vec::new();
    sorted.try_reserve_exact(ids.len())?;
    sorted.extend_from_slice(ids);
    sorted.sort_unstable();
    let mut expect = 0u32;
    for id in sorted {
        if id != expect {
            break;
        }
        expect += 1;
    }
    Ok(expect + 1)
}
