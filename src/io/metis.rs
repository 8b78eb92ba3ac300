//! METIS `.graph`/`.xyz`: the undirected graph format of the METIS
//! partitioner and the 10th DIMACS Implementation Challenge (DIMACS10:
//! `luxembourg.osm.graph` with `luxembourg.osm.xyz`), and its coordinates.
//!
//! # `.graph`: an undirected graph
//! ```text
//! % comment lines start with %, anywhere
//! 4 4
//! 2 3
//! 1 3 4
//! 1 2
//! 2
//! ```
//! A header `<nodes> <edges> [<fmt> [<ncon>]]` (`<edges>` counts undirected
//! edges), then one line per node, in order: line `i` lists the neighbours
//! of node `i`, ids from 1 to `<nodes>`. Every edge appears in the lines of
//! both its ends, with the same weight. An empty line is a node without
//! neighbours, so blank lines after the header are node lines, not skipped
//! (before the header they are). A node may not list itself; parallel edges
//! are kept when both ends list them equally often.
//!
//! `<fmt>` is up to three digits 0 or 1, read from the right: the last says
//! that each neighbour is followed by the edge's weight, the one before that
//! each line starts with `<ncon>` node weights (default 1), the one before
//! that with a node size (before the weights). Node sizes and weights must
//! be numbers and are ignored. So with `<fmt>` `11` and `<ncon>` 2 a line
//! reads `<w1> <w2> <v> <weight> <v> <weight> ...`.
//!
//! The graph read holds both directions of every edge (what
//! [`StaticGraph::from_undirected_edges`] gives), node `i` of the file
//! being node `i - 1`; without edge weights every edge costs `C::one()`.
//!
//! ## Lenient ends
//! After the last node line, blank lines and comments are fine; any other
//! line is an [`UnexpectedLine`](LoadErrorKind::UnexpectedLine). A file
//! that ends with a newline but has one node line too few is read as if the
//! empty text after that newline were the last node's line (a last node
//! without neighbours written without its own line end): the graph is the
//! same either way, and a missing line that did list neighbours shows up in
//! the edge count.
//!
//! # `.xyz`: a point per node
//! ```text
//! 604893 5063036 0
//! 604946 5063032 0
//! ```
//! One line `x y [z]` per node, in node order: `z` is read (it must be a
//! number) and ignored. Comments (`%`) and blank lines are skipped.

use std::io::BufRead;
use std::str::FromStr;

use super::error::{oom_at, LoadError, LoadErrorKind};
use super::lines::Lines;
use super::parse::{
    check_number, field, found, is_blank, parse_coordinate, parse_count, parse_id,
    parse_node_count, parse_weight, try_push, LineMap,
};
use crate::cost::Cost;
use crate::graph::StaticGraph;

/// Reads a METIS graph: both directions of every edge, weighted by the
/// file's edge weights (parsed with `C::from_str`) or `C::one()` without
/// them.
///
/// # Errors
/// With the line of the problem ([`LoadError::line`]):
/// [`MissingHeader`](LoadErrorKind::MissingHeader) (at the line after the
/// last) if there is no header, [`BadHeader`](LoadErrorKind::BadHeader) for
/// a bad `<fmt>` or `<ncon>`, [`NotANumber`](LoadErrorKind::NotANumber),
/// [`MissingField`](LoadErrorKind::MissingField) (a node line without its
/// node weights, or a neighbour without its weight),
/// [`ExtraField`](LoadErrorKind::ExtraField) (a header of more than four
/// fields), [`NodeOutOfRange`](LoadErrorKind::NodeOutOfRange),
/// [`SelfLoop`](LoadErrorKind::SelfLoop),
/// [`InvalidWeight`](LoadErrorKind::InvalidWeight),
/// [`UnexpectedLine`](LoadErrorKind::UnexpectedLine) after the last node,
/// [`TooManyNodes`](LoadErrorKind::TooManyNodes),
/// [`TooManyEdges`](LoadErrorKind::TooManyEdges),
/// [`Io`](LoadErrorKind::Io); once all lines are read, in this order:
/// [`NodeCountMismatch`](LoadErrorKind::NodeCountMismatch) (too few node
/// lines, at the line after the last),
/// [`EdgeCountMismatch`](LoadErrorKind::EdgeCountMismatch) (neighbour
/// entries other than twice the header's edge count, at the header's line)
/// and [`NotSymmetric`](LoadErrorKind::NotSymmetric) (at the line of the
/// node that lists the edge with no way back).
///
/// Parallel edges are accepted when both ends list them equally often.
///
/// # Complexity
/// O(n + m log d) time for `m` edges of largest degree `d` (the symmetry
/// check sorts each node's edges).
///
/// # Memory
/// In proportion to the input, whatever its header says: the edges are kept
/// as their lines are read (growing with them), and the node arrays are
/// allocated only once a line was read for every node. At the peak, the
/// edge list, the graph and its reverse (to check symmetry). Every
/// allocation is fallible: a refused one is an
/// [`OutOfMemory`](LoadErrorKind::OutOfMemory) error, never an abort.
///
/// # Example
/// ```
/// use pathseek::io::metis;
///
/// // A path 1 - 2 - 3 and an isolated node 4 (its empty line ends the file).
/// let g = metis::read_graph::<u32, _>(&b"% a comment\n4 2\n2\n1 3\n2\n\n"[..])?;
/// assert_eq!((g.len(), g.edge_count()), (4, 4));
/// assert_eq!(pathseek::astar(&g, 0, 2, |_| 0).into_path().unwrap().cost, 2);
///
/// // Edge weights (fmt 1): each neighbour followed by the weight.
/// let w = metis::read_graph::<f64, _>(&b"3 2 1\n2 0.5\n1 0.5 3 2\n2 2\n"[..])?;
/// assert_eq!(w.edges(1).collect::<Vec<_>>(), [(0, 0.5), (2, 2.0)]);
/// # Ok::<(), pathseek::io::LoadError>(())
/// ```
pub fn read_graph<C: Cost + FromStr, R: BufRead>(reader: R) -> Result<StaticGraph<C>, LoadError> {
    let mut lines = Lines::new(reader);
    let (header_line, header) = loop {
        let Some((no, text)) = lines.next_line()? else {
            return Err(LoadError::new(lines.end(), MISSING_HEADER));
        };
        if is_comment(text) || is_blank(text) {
            continue;
        }
        break (
            no,
            parse_header(text).map_err(|kind| LoadError::new(no, kind))?,
        );
    };
    let mut nodes = NodeLines {
        lines,
        header_line,
        header,
        node: 0,
        pending: Vec::new(),
        entries: Vec::new(),
        line_of: LineMap::default(),
    };
    nodes.read_all()?;
    let NodeLines {
        mut entries,
        line_of,
        lines,
        ..
    } = nodes;
    let n = header.node_count;
    let bytes = (n + 1) * 8 + entries.len() * (4 + size_of::<C>());
    let oom = || LoadError::out_of_memory(header_line, bytes);
    let graph = StaticGraph::try_from_checked_edges(n, &entries).map_err(|_| oom())?;
    for (from, to, _) in &mut entries {
        core::mem::swap(from, to);
    }
    let reverse = StaticGraph::try_from_checked_edges(n, &entries).map_err(|_| oom())?;
    drop(entries);
    match asymmetric_edge(&graph, &reverse).map_err(oom_at(lines.end()))? {
        None => Ok(graph),
        Some((from, to)) => {
            let line = line_of.line(from as usize);
            let kind = LoadErrorKind::NotSymmetric {
                from: from + 1,
                to: to + 1,
            };
            Err(LoadError::new(line, kind))
        }
    }
}

const MISSING_HEADER: LoadErrorKind = LoadErrorKind::MissingHeader {
    header: "<nodes> <edges>",
};

/// Reads a coordinate file: the point `[x, y]` on each line, in order (the
/// optional `z` is checked to be a number and dropped). The caller compares
/// the count with the graph's, or uses [`read_xyz_for`].
///
/// # Errors
/// [`NotANumber`](LoadErrorKind::NotANumber),
/// [`InvalidCoordinate`](LoadErrorKind::InvalidCoordinate) (NaN or
/// infinite), [`MissingField`](LoadErrorKind::MissingField) (fewer than two
/// numbers), [`ExtraField`](LoadErrorKind::ExtraField) (more than three),
/// [`TooManyNodes`](LoadErrorKind::TooManyNodes) (`u32::MAX` lines or more)
/// or [`Io`](LoadErrorKind::Io), with the line.
///
/// # Example
/// ```
/// use pathseek::io::metis;
///
/// let points = metis::read_xyz(&b"% x y z\n604893 5063036 0\n604946 5063032.5 0\n"[..])?;
/// assert_eq!(points, [[604893.0, 5063036.0], [604946.0, 5063032.5]]);
/// # Ok::<(), pathseek::io::LoadError>(())
/// ```
pub fn read_xyz<R: BufRead>(reader: R) -> Result<Vec<[f64; 2]>, LoadError> {
    read_points(reader).map(|(points, _)| points)
}

/// [`read_xyz`] for a graph of `node_count` nodes: a file with another
/// number of points is a
/// [`NodeCountMismatch`](LoadErrorKind::NodeCountMismatch) (`declared` is
/// `node_count`) on the line after the last.
///
/// # Errors
/// As [`read_xyz`], and the count.
///
/// # Example
/// ```
/// use pathseek::io::{metis, LoadErrorKind};
///
/// let text = b"0 0 0\n3 4 0\n";
/// assert_eq!(metis::read_xyz_for(&text[..], 2)?.len(), 2);
/// let err = metis::read_xyz_for(&text[..], 3).unwrap_err();
/// assert_eq!(err.kind(), &LoadErrorKind::NodeCountMismatch { declared: 3, found: 2 });
/// assert_eq!(err.line(), Some(3));
/// # Ok::<(), pathseek::io::LoadError>(())
/// ```
pub fn read_xyz_for<R: BufRead>(reader: R, node_count: usize) -> Result<Vec<[f64; 2]>, LoadError> {
    let (points, end) = read_points(reader)?;
    if points.len() != node_count {
        let kind = LoadErrorKind::NodeCountMismatch {
            declared: node_count,
            found: points.len(),
        };
        return Err(LoadError::new(end, kind));
    }
    Ok(points)
}

/// The points of an `.xyz` file and the number of the line after the last.
fn read_points<R: BufRead>(reader: R) -> Result<(Vec<[f64; 2]>, usize), LoadError> {
    let mut lines = Lines::new(reader);
    let mut points = Vec::new();
    while let Some((no, text)) = lines.next_line()? {
        if is_comment(text) || is_blank(text) {
            continue;
        }
        let point = parse_point(text).map_err(|kind| LoadError::new(no, kind))?;
        if points.len() >= u32::MAX as usize - 1 {
            let kind = LoadErrorKind::TooManyNodes {
                node_count: points.len() as u64 + 1,
            };
            return Err(LoadError::new(no, kind));
        }
        try_push(&mut points, point, no)?;
    }
    Ok((points, lines.end()))
}

/// `x y [z]`.
fn parse_point(text: &str) -> Result<[f64; 2], LoadErrorKind> {
    let mut fields = text.split_ascii_whitespace();
    let x = parse_coordinate(field(fields.next(), "x")?, "x")?;
    let y = parse_coordinate(field(fields.next(), "y")?, "y")?;
    if let Some(z) = fields.next() {
        parse_coordinate(z, "z")?;
    }
    if fields.next().is_some() {
        return Err(LoadErrorKind::ExtraField);
    }
    Ok([x, y])
}

/// A `%` comment line.
fn is_comment(text: &str) -> bool {
    text.trim_ascii_start().starts_with('%')
}

/// The header `<nodes> <edges> [<fmt> [<ncon>]]`.
#[derive(Clone, Copy, Debug)]
struct Header {
    node_count: usize,
    /// Twice the undirected edge count: the neighbour entries expected.
    edge_entries: usize,
    node_sizes: bool,
    /// Node weights per line (0 without).
    node_weights: usize,
    edge_weights: bool,
}

fn parse_header(text: &str) -> Result<Header, LoadErrorKind> {
    let mut fields = text.split_ascii_whitespace();
    let node_count = parse_node_count(field(fields.next(), "node count")?)?;
    let edges = parse_count(field(fields.next(), "edge count")?, "edge count")?;
    let fmt = fields.next().unwrap_or("0");
    let ncon = fields.next();
    if fields.next().is_some() {
        return Err(LoadErrorKind::ExtraField);
    }
    if fmt.is_empty() || fmt.len() > 3 || !fmt.bytes().all(|b| b == b'0' || b == b'1') {
        return Err(LoadErrorKind::BadHeader {
            reason: "fmt must be one to three digits 0 or 1",
            found: found(fmt),
        });
    }
    // Right to left: edge weights, node weights, node sizes.
    let mut flags = fmt.bytes().rev().map(|b| b == b'1');
    let edge_weights = flags.next().unwrap_or(false);
    let has_node_weights = flags.next().unwrap_or(false);
    let node_sizes = flags.next().unwrap_or(false);
    let node_weights = match (has_node_weights, ncon) {
        (false, None) => 0,
        (false, Some(token)) => {
            return Err(LoadErrorKind::BadHeader {
                reason: "ncon is given but fmt has no node weights",
                found: found(token),
            });
        }
        (true, None) => 1,
        (true, Some(token)) => match parse_count(token, "ncon")? {
            0 => {
                return Err(LoadErrorKind::BadHeader {
                    reason: "ncon must be at least 1",
                    found: found(token),
                });
            }
            k => usize::try_from(k).unwrap_or(usize::MAX),
        },
    };
    let edge_entries = match edges.checked_mul(2) {
        Some(e) if e < u64::from(u32::MAX) => e as usize,
        _ => {
            return Err(LoadErrorKind::TooManyEdges {
                edge_count: edges.saturating_mul(2),
            });
        }
    };
    Ok(Header {
        node_count,
        edge_entries,
        node_sizes,
        node_weights,
        edge_weights,
    })
}

/// The node lines of a METIS file after its header, read into directed
/// edges (one per neighbour entry) as they arrive.
struct NodeLines<R, C> {
    lines: Lines<R>,
    header_line: usize,
    header: Header,
    /// Node lines read.
    node: usize,
    /// The neighbours of the last node line read.
    pending: Vec<(u32, C)>,
    /// The neighbour entries read, as edges `(node, neighbour, cost)`.
    entries: Vec<(u32, u32, C)>,
    line_of: LineMap,
}

impl<R: BufRead, C: Cost + FromStr> NodeLines<R, C> {
    /// Reads every node line and checks what follows them, the number of
    /// node lines and of neighbour entries.
    fn read_all(&mut self) -> Result<(), LoadError> {
        while self.node < self.header.node_count {
            let Some((no, text)) = self.lines.next_line()? else {
                break;
            };
            if is_comment(text) {
                continue;
            }
            parse_node(&self.header, self.node, text, &mut self.pending)
                .map_err(|kind| LoadError::new(no, kind))?;
            self.line_of.record(self.node, no);
            self.entries
                .try_reserve(self.pending.len())
                .map_err(oom_at(no))?;
            let from = self.node as u32;
            self.entries
                .extend(self.pending.iter().map(|&(to, cost)| (from, to, cost)));
            if self.entries.len() > self.header.edge_entries {
                // More entries than declared: the rest are counted, not
                // kept, and `finish` reports the count.
                return self.count_rest();
            }
            self.node += 1;
        }
        self.finish(self.entries.len())
    }

    /// Reads the node lines after the current one for their errors and
    /// counts their neighbour entries, keeping none; then the checks of
    /// [`finish`](Self::finish) with the full count.
    fn count_rest(&mut self) -> Result<(), LoadError> {
        self.node += 1;
        let mut more = 0usize;
        while self.node < self.header.node_count {
            let Some((no, text)) = self.lines.next_line()? else {
                break;
            };
            if is_comment(text) {
                continue;
            }
            parse_node(&self.header, self.node, text, &mut self.pending)
                .map_err(|kind| LoadError::new(no, kind))?;
            more += self.pending.len();
            self.node += 1;
        }
        self.finish(self.entries.len() + more)
    }

    /// The checks once the node lines are read: what follows them, the
    /// number of node lines and of neighbour entries (`entries` of them).
    fn finish(&mut self, entries: usize) -> Result<(), LoadError> {
        let n = self.header.node_count;
        if self.node == n {
            // After the node lines: only blank lines and comments.
            while let Some((no, text)) = self.lines.next_line()? {
                if !is_blank(text) && !is_comment(text) {
                    return Err(LoadError::new(no, LoadErrorKind::UnexpectedLine));
                }
            }
        } else if self.node + 1 == n && self.lines.ended_with_newline() {
            // One node line short after a final newline: the empty text
            // after it is the last node's line (which may still lack its
            // node weights).
            let end = self.lines.end();
            parse_node::<C>(&self.header, self.node, "", &mut Vec::new())
                .map_err(|kind| LoadError::new(end, kind))?;
            self.line_of.record(self.node, end);
            self.node += 1;
        }
        if self.node < n {
            let kind = LoadErrorKind::NodeCountMismatch {
                declared: n,
                found: self.node,
            };
            return Err(LoadError::new(self.lines.end(), kind));
        }
        if entries != self.header.edge_entries {
            let kind = LoadErrorKind::EdgeCountMismatch {
                declared: self.header.edge_entries,
                found: entries,
            };
            return Err(LoadError::new(self.header_line, kind));
        }
        Ok(())
    }
}

/// Parses the line of node `node` (0-based) into `out`: its neighbours,
/// 0-based, with their costs.
fn parse_node<C: Cost + FromStr>(
    header: &Header,
    node: usize,
    text: &str,
    out: &mut Vec<(u32, C)>,
) -> Result<(), LoadErrorKind> {
    let mut fields = text.split_ascii_whitespace();
    if header.node_sizes {
        check_number(field(fields.next(), "node size")?, "node size")?;
    }
    for _ in 0..header.node_weights {
        check_number(field(fields.next(), "node weight")?, "node weight")?;
    }
    out.clear();
    while let Some(token) = fields.next() {
        let to = parse_id(token, "neighbour", header.node_count)?;
        if to as usize == node {
            return Err(LoadErrorKind::SelfLoop { node: to + 1 });
        }
        let cost = if header.edge_weights {
            parse_weight(field(fields.next(), "weight")?)?
        } else {
            C::one()
        };
        if out.len() == out.capacity() && out.try_reserve(1).is_err() {
            return Err(LoadErrorKind::OutOfMemory { bytes: 0 });
        }
        out.push((to, cost));
    }
    Ok(())
}

/// An edge `from -> to` (0-based) without a matching `to -> from` of the same
/// cost (as many of them), if there is one: the first found going through
/// the nodes in order. Compares each node's out-edges with its in-edges (its
/// edges in the reverse graph), both sorted.
fn asymmetric_edge<C: Cost>(
    graph: &StaticGraph<C>,
    reverse: &StaticGraph<C>,
) -> Result<Option<(u32, u32)>, std::collections::TryReserveError> {
    let (mut out, mut into) = (Vec::new(), Vec::new());
    for v in 0..graph.len() as u32 {
        out.clear();
        out.try_reserve(graph.degree(v))?;
        out.extend(graph.edges(v).map(|(to, c)| (to, c.to_key())));
        into.clear();
        into.try_reserve(reverse.degree(v))?;
        into.extend(reverse.edges(v).map(|(from, c)| (from, c.to_key())));
        if out == into {
            continue; // the same order already (sorted lists, typically)
        }
        out.sort_unstable();
        into.sort_unstable();
        let mut k = 0;
        loop {
            match (out.get(k), into.get(k)) {
                (None, None) => break,
                (Some(a), Some(b)) if a == b => k += 1,
                // b.0 -> v has no match among the edges out of v.
                (Some(a), Some(b)) if b < a => return Ok(Some((b.0, v))),
                (None, Some(b)) => return Ok(Some((b.0, v))),
                // v -> a.0 has no match among the edges into v.
                (Some(a), _) => return Ok(Some((v, a.0))),
            }
        }
    }
    Ok(None)
}
