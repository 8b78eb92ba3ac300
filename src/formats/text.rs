//! What the readers share: a line reader with one reused buffer, the parsing
//! of counts, ids, weights and coordinates, and line numbers of items.

use std::io::BufRead;
use std::num::IntErrorKind;
use std::str::FromStr;

use super::error::{LoadError, LoadErrorKind};
use crate::cost::Cost;
use crate::graph::StaticGraphError;

/// Reads an input line by line into one reused buffer, counting lines.
pub(super) struct Lines<R> {
    reader: R,
    buf: String,
    number: usize,
    ends_with_newline: bool,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(reader: R) -> Self {
        Lines {
            reader,
            buf: String::new(),
            number: 0,
            ends_with_newline: false,
        }
    }

    /// The next line's number and text (line end included), or `None` at the
    /// end of the input.
    pub(super) fn next_line(&mut self) -> Result<Option<(usize, &str)>, LoadError> {
        self.buf.clear();
        match self.reader.read_line(&mut self.buf) {
            Ok(0) => Ok(None),
            Ok(_) => {
                self.number += 1;
                self.ends_with_newline = self.buf.ends_with('\n');
                Ok(Some((self.number, &self.buf)))
            }
            Err(e) => Err(LoadError::io(self.number + 1, e)),
        }
    }

    /// The number of the line after the last one read: where errors found at
    /// the end of the input are reported.
    pub(super) fn end(&self) -> usize {
        self.number + 1
    }

    /// `true` if the input read so far is not empty and ends with a newline.
    pub(super) fn ended_with_newline(&self) -> bool {
        self.ends_with_newline
    }
}

/// `true` for a line of nothing but ASCII whitespace.
pub(super) fn is_blank(line: &str) -> bool {
    line.trim_ascii().is_empty()
}

/// A copy of a token for an error message, cut to 32 characters.
pub(super) fn found(token: &str) -> String {
    token.chars().take(32).collect()
}

/// A required field, or [`MissingField`](LoadErrorKind::MissingField).
pub(super) fn field<'a>(
    token: Option<&'a str>,
    name: &'static str,
) -> Result<&'a str, LoadErrorKind> {
    token.ok_or(LoadErrorKind::MissingField { field: name })
}

/// A non-negative integer field (a count).
pub(super) fn parse_count(token: &str, name: &'static str) -> Result<u64, LoadErrorKind> {
    token.parse().map_err(|_| LoadErrorKind::NotANumber {
        field: name,
        found: found(token),
    })
}

/// A node count from a header: below `u32::MAX`, so that ids fit `u32`.
pub(super) fn parse_node_count(token: &str) -> Result<usize, LoadErrorKind> {
    let n = parse_count(token, "node count")?;
    if n >= u64::from(u32::MAX) {
        return Err(LoadErrorKind::TooManyNodes { node_count: n });
    }
    // Below u32::MAX, so it fits a usize.
    usize::try_from(n).map_err(|_| LoadErrorKind::TooManyNodes { node_count: n })
}

/// A 1-based node id in `1..=node_count`, returned 0-based.
pub(super) fn parse_id(
    token: &str,
    name: &'static str,
    node_count: usize,
) -> Result<u32, LoadErrorKind> {
    let id = match token.parse::<u64>() {
        Ok(id) => id,
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => u64::MAX,
        Err(_) => {
            return Err(LoadErrorKind::NotANumber {
                field: name,
                found: found(token),
            });
        }
    };
    match u32::try_from(id) {
        Ok(v) if v >= 1 && (v as usize) <= node_count => Ok(v - 1),
        _ => Err(LoadErrorKind::NodeOutOfRange { id, node_count }),
    }
}

/// An edge weight of the cost type: [`InvalidWeight`](LoadErrorKind::InvalidWeight)
/// for a value that parses but is not [valid](Cost::is_valid) (negative, NaN)
/// and for a negative number the type cannot hold (`-3` for `u32`),
/// [`NotANumber`](LoadErrorKind::NotANumber) for anything else that does not
/// parse.
pub(super) fn parse_weight<C: Cost + FromStr>(token: &str) -> Result<C, LoadErrorKind> {
    match token.parse::<C>() {
        Ok(w) if w.is_valid() => Ok(w),
        Ok(_) => Err(LoadErrorKind::InvalidWeight),
        Err(_) if is_negative_number(token) => Err(LoadErrorKind::InvalidWeight),
        Err(_) => Err(LoadErrorKind::NotANumber {
            field: "weight",
            found: found(token),
        }),
    }
}

/// `-` followed by a number that is not NaN (`-3`, `-0.5`, `-1e9`).
fn is_negative_number(token: &str) -> bool {
    token.strip_prefix('-').is_some_and(|rest| {
        rest.starts_with(|c: char| c.is_ascii_digit() || c == '.')
            && rest.parse::<f64>().is_ok_and(|x| !x.is_nan())
    })
}

/// A coordinate: a finite number.
pub(super) fn parse_coordinate(token: &str, name: &'static str) -> Result<f64, LoadErrorKind> {
    match token.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        Ok(_) => Err(LoadErrorKind::InvalidCoordinate),
        Err(_) => Err(LoadErrorKind::NotANumber {
            field: name,
            found: found(token),
        }),
    }
}

/// Checks that a field is a finite number (a METIS node weight or size,
/// read and ignored).
pub(super) fn check_number(token: &str, name: &'static str) -> Result<(), LoadErrorKind> {
    match token.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(()),
        _ => Err(LoadErrorKind::NotANumber {
            field: name,
            found: found(token),
        }),
    }
}

/// What an edge iterator feeding [`StaticGraph::from_edges`] yields after
/// it has kept an error: an edge out of range for every graph (the readers
/// allow fewer than `u32::MAX` nodes), so that `from_edges` returns at once,
/// before it allocates anything for the header's node count, and the reader
/// then reports the error kept. A file that declares a huge graph but breaks
/// off costs no more than its own size.
///
/// [`StaticGraph::from_edges`]: crate::StaticGraph::from_edges
pub(super) fn stop<C: Cost>() -> (u32, u32, C) {
    (u32::MAX, u32::MAX, C::zero())
}

/// The line of each item of a file (a node line, a coordinate line) without
/// storing one number per item: a mark `(item, line)` wherever the items
/// stop following each other line by line (comments between them).
#[derive(Default)]
pub(super) struct LineMap {
    marks: Vec<(usize, usize)>,
}

impl LineMap {
    /// Item `item` (counting up from 0, in order) is on line `line`.
    pub(super) fn record(&mut self, item: usize, line: usize) {
        match self.marks.last() {
            Some(&(i, l)) if item >= i && l + (item - i) == line => {}
            _ => self.marks.push((item, line)),
        }
    }

    /// The line of a recorded item (0 if none was recorded).
    pub(super) fn line(&self, item: usize) -> usize {
        let at = self.marks.partition_point(|&(i, _)| i <= item);
        match at.checked_sub(1).and_then(|k| self.marks.get(k)) {
            Some(&(i, l)) => l + (item - i),
            None => 0,
        }
    }
}

/// A [`StaticGraph`](crate::StaticGraph) build error as a load error. The
/// readers check ids, weights and counts first, so these do not occur in
/// practice.
pub(super) fn graph_error(e: StaticGraphError) -> LoadErrorKind {
    match e {
        StaticGraphError::NodeOutOfRange { node, node_count } => LoadErrorKind::NodeOutOfRange {
            id: node.saturating_add(1),
            node_count,
        },
        StaticGraphError::InvalidCost { .. } => LoadErrorKind::InvalidWeight,
        StaticGraphError::TooManyNodes { node_count } => LoadErrorKind::TooManyNodes {
            node_count: node_count as u64,
        },
        StaticGraphError::TooManyEdges { edge_count } => LoadErrorKind::TooManyEdges {
            edge_count: edge_count as u64,
        },
        // `from_edges` returns none of the other kinds.
        _ => LoadErrorKind::TooManyEdges {
            edge_count: u64::MAX,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_map_finds_lines_across_gaps() {
        let mut map = LineMap::default();
        for (item, line) in [(0, 3), (1, 4), (2, 5), (3, 9), (4, 10), (5, 12)] {
            map.record(item, line);
        }
        assert_eq!(map.marks.len(), 3);
        let lines: Vec<usize> = (0..6).map(|i| map.line(i)).collect();
        assert_eq!(lines, [3, 4, 5, 9, 10, 12]);
    }

    #[test]
    fn weights_ids_and_counts() {
        assert_eq!(parse_weight::<u32>("7"), Ok(7));
        assert_eq!(parse_weight::<u32>("-7"), Err(LoadErrorKind::InvalidWeight));
        assert_eq!(
            parse_weight::<u32>("-0.5"),
            Err(LoadErrorKind::InvalidWeight)
        );
        assert_eq!(
            parse_weight::<f64>("NaN"),
            Err(LoadErrorKind::InvalidWeight)
        );
        assert_eq!(
            parse_weight::<f64>("-1e3"),
            Err(LoadErrorKind::InvalidWeight)
        );
        assert!(matches!(
            parse_weight::<u32>("--5"),
            Err(LoadErrorKind::NotANumber { .. })
        ));
        assert!(matches!(
            parse_weight::<u32>("1.5"),
            Err(LoadErrorKind::NotANumber { .. })
        ));
        assert_eq!(parse_id("1", "id", 3), Ok(0));
        assert_eq!(
            parse_id("99999999999999999999999", "id", 3),
            Err(LoadErrorKind::NodeOutOfRange {
                id: u64::MAX,
                node_count: 3
            })
        );
        assert_eq!(
            parse_id("4294967297", "id", 3),
            Err(LoadErrorKind::NodeOutOfRange {
                id: 4294967297,
                node_count: 3
            })
        );
        assert_eq!(
            parse_node_count("4294967295"),
            Err(LoadErrorKind::TooManyNodes {
                node_count: 4294967295
            })
        );
        assert_eq!(found(&"x".repeat(100)).len(), 32);
    }
}
