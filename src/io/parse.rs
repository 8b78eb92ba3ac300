//! The fields the readers share: counts, ids, weights and coordinates, the
//! line numbers of items, and vectors that grow only as data arrives.

use std::num::IntErrorKind;
use std::str::FromStr;

use super::error::{LoadError, LoadErrorKind};
use crate::cost::Cost;

/// `true` for a line of nothing but ASCII whitespace.
pub(crate) fn is_blank(line: &str) -> bool {
    line.trim_ascii().is_empty()
}

/// A copy of a token for an error message, cut to 32 characters.
pub(crate) fn found(token: &str) -> String {
    token.chars().take(32).collect()
}

/// A required field, or [`MissingField`](LoadErrorKind::MissingField).
pub(crate) fn field<'a>(
    token: Option<&'a str>,
    name: &'static str,
) -> Result<&'a str, LoadErrorKind> {
    token.ok_or(LoadErrorKind::MissingField { field: name })
}

/// A non-negative integer field (a count).
pub(crate) fn parse_count(token: &str, name: &'static str) -> Result<u64, LoadErrorKind> {
    token.parse().map_err(|_| LoadErrorKind::NotANumber {
        field: name,
        found: found(token),
    })
}

/// A node count from a header: below `u32::MAX`, so that ids fit `u32`.
pub(crate) fn parse_node_count(token: &str) -> Result<usize, LoadErrorKind> {
    let n = parse_count(token, "node count")?;
    if n >= u64::from(u32::MAX) {
        return Err(LoadErrorKind::TooManyNodes { node_count: n });
    }
    // Below u32::MAX, so it fits a usize.
    usize::try_from(n).map_err(|_| LoadErrorKind::TooManyNodes { node_count: n })
}

/// A 1-based node id in `1..=node_count`, returned 0-based.
pub(crate) fn parse_id(
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
/// [`WeightOutOfRange`](LoadErrorKind::WeightOutOfRange) for digits the type
/// cannot hold (`99999999999` for `u32`),
/// [`NotANumber`](LoadErrorKind::NotANumber) for anything else that does not
/// parse.
pub(crate) fn parse_weight<C: Cost + FromStr>(token: &str) -> Result<C, LoadErrorKind> {
    match token.parse::<C>() {
        Ok(w) if w.is_valid() => Ok(w),
        Ok(_) => Err(LoadErrorKind::InvalidWeight),
        Err(_) if is_negative_number(token) => Err(LoadErrorKind::InvalidWeight),
        Err(_) if is_digits(token) => Err(LoadErrorKind::WeightOutOfRange {
            found: found(token),
        }),
        Err(_) => Err(LoadErrorKind::NotANumber {
            field: "weight",
            found: found(token),
        }),
    }
}

/// Decimal digits, with an optional `+`: a number that fails to parse as an
/// integer type only because it is too large.
fn is_digits(token: &str) -> bool {
    let digits = token.strip_prefix('+').unwrap_or(token);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `-` followed by a number that is not NaN (`-3`, `-0.5`, `-1e9`).
fn is_negative_number(token: &str) -> bool {
    token.strip_prefix('-').is_some_and(|rest| {
        rest.starts_with(|c: char| c.is_ascii_digit() || c == '.')
            && rest.parse::<f64>().is_ok_and(|x| !x.is_nan())
    })
}

/// A coordinate: a finite number.
pub(crate) fn parse_coordinate(token: &str, name: &'static str) -> Result<f64, LoadErrorKind> {
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
pub(crate) fn check_number(token: &str, name: &'static str) -> Result<(), LoadErrorKind> {
    match token.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(()),
        _ => Err(LoadErrorKind::NotANumber {
            field: name,
            found: found(token),
        }),
    }
}

/// The line of each item of a file (a node line, a coordinate line) without
/// storing one number per item: a mark `(item, line)` wherever the items
/// stop following each other line by line (comments between them).
#[derive(Default)]
pub(crate) struct LineMap {
    marks: Vec<(usize, usize)>,
}

impl LineMap {
    /// Item `item` (counting up from 0, in order) is on line `line`.
    pub(crate) fn record(&mut self, item: usize, line: usize) {
        match self.marks.last() {
            Some(&(i, l)) if item >= i && l + (item - i) == line => {}
            _ => self.marks.push((item, line)),
        }
    }

    /// The line of a recorded item (0 if none was recorded).
    pub(crate) fn line(&self, item: usize) -> usize {
        let at = self.marks.partition_point(|&(i, _)| i <= item);
        match at.checked_sub(1).and_then(|k| self.marks.get(k)) {
            Some(&(i, l)) => l + (item - i),
            None => 0,
        }
    }
}

/// Appends `item` to `v`, growing it as data arrives; an allocation the
/// allocator refuses is an [`OutOfMemory`](LoadErrorKind::OutOfMemory)
/// error on line `line` rather than an abort.
pub(crate) fn try_push<T>(v: &mut Vec<T>, item: T, line: usize) -> Result<(), LoadError> {
    if v.len() == v.capacity() {
        v.try_reserve(1).map_err(|_| {
            let bytes = v.capacity().max(4).saturating_mul(2 * size_of::<T>());
            LoadError::out_of_memory(line, bytes)
        })?;
    }
    v.push(item);
    Ok(())
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
        assert_eq!(
            parse_weight::<u32>("99999999999"),
            Err(LoadErrorKind::WeightOutOfRange {
                found: "99999999999".into()
            })
        );
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
