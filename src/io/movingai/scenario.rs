//! The `.scen` format: [`Scenario`], [`read_scenarios`], [`parse_scenarios`]
//! and [`load_scenarios`].

use core::fmt;
use std::io::BufRead;
use std::path::Path;

use super::map::tile_passable;
use super::MovingAiMap;
use crate::grid::Cell;
use crate::io::error::{LoadError, LoadErrorKind};
use crate::io::lines::{open, Lines};
use crate::io::parse::{found, try_push};

#[cfg(test)]
mod tests;

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
    /// let s = &pathseek::io::movingai::parse_scenarios("version 1\n0\tm.map\t9\t9\t1\t1\t5\t5\t0\n")?[0];
    /// assert!(s.expects_no_path());
    /// # Ok::<(), pathseek::io::LoadError>(())
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
    /// let s = &pathseek::io::movingai::parse_scenarios("version 1\n0\tm.map\t9\t9\t1\t1\t5\t5\t5.65685\n")?[0];
    /// assert_eq!(s.tolerance(), 1e-3);
    /// # Ok::<(), pathseek::io::LoadError>(())
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
    /// let s = &pathseek::io::movingai::parse_scenarios("version 1\n0\tm.map\t9\t9\t1\t1\t5\t5\t5.65685\n")?[0];
    /// assert!(s.matches(4.0 * 2f64.sqrt()));
    /// assert!(!s.matches(5.66));
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn matches(&self, cost: f64) -> bool {
        !self.expects_no_path() && (cost - self.optimal).abs() <= self.tolerance()
    }

    /// The map's file name: the part of [`map`](Scenario::map) after the last `/`
    /// or `\` (old files give paths such as `maps/dao/arena.map`).
    ///
    /// # Example
    /// ```
    /// let s = &pathseek::io::movingai::parse_scenarios("version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n")?[0];
    /// assert_eq!(s.map_file_name(), "arena.map");
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn map_file_name(&self) -> &str {
        self.map.rsplit(['/', '\\']).next().unwrap_or(&self.map)
    }

    /// Checks this problem against `map`: same size, start and goal inside and
    /// passable. The error ([`LoadErrorKind::SizeMismatch`],
    /// [`OutsideMap`](LoadErrorKind::OutsideMap) or
    /// [`Blocked`](LoadErrorKind::Blocked)) has no line number.
    ///
    /// # Example
    /// ```
    /// use pathseek::io::movingai::{parse_scenarios, Endpoint, MovingAiMap};
    /// use pathseek::io::LoadErrorKind;
    /// let map = MovingAiMap::parse("type octile\nheight 1\nwidth 3\nmap\n..T\n")?;
    /// let s = parse_scenarios("version 1\n0\tm.map\t3\t1\t0\t0\t2\t0\t2\n")?;
    /// let err = s[0].check_against(&map).unwrap_err();
    /// assert!(matches!(err.kind(), LoadErrorKind::Blocked { endpoint: Endpoint::Goal, .. }));
    /// # Ok::<(), pathseek::io::LoadError>(())
    /// ```
    pub fn check_against(&self, map: &MovingAiMap) -> Result<(), LoadError> {
        use LoadErrorKind as K;
        if (self.map_width, self.map_height) != (map.width(), map.height()) {
            return Err(LoadError::lineless(K::SizeMismatch {
                scenario: (self.map_width, self.map_height),
                map: (map.width(), map.height()),
            }));
        }
        for (endpoint, cell) in [(Endpoint::Start, self.start), (Endpoint::Goal, self.goal)] {
            match map.tile(cell.x, cell.y) {
                None => return Err(LoadError::lineless(K::OutsideMap { endpoint, cell })),
                Some(tile) if !tile_passable(tile) => {
                    return Err(LoadError::lineless(K::Blocked {
                        endpoint,
                        cell,
                        tile: char::from(tile),
                    }))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
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

/// Reads a `.scen` file line by line from any [`BufRead`] (see the
/// [module docs](super)).
///
/// The first non-blank line must be `version 1` (or `version 1.0`). Each further
/// non-blank line holds nine tab-separated fields (lines without tabs are split
/// at whitespace). Errors name the line and, for a bad value, the field.
///
/// # Memory
/// In proportion to the input: the scenarios grow as their lines are read,
/// and a refused allocation is an [`OutOfMemory`](LoadErrorKind::OutOfMemory)
/// error.
///
/// # Example
/// ```
/// use pathseek::grid::Cell;
/// let text = "version 1\n3\tarena.map\t49\t49\t1\t13\t4\t12\t3.41421\n";
/// let scen = pathseek::io::movingai::read_scenarios(text.as_bytes())?;
/// assert_eq!((scen[0].start, scen[0].goal), (Cell::new(1, 13), Cell::new(4, 12)));
/// # Ok::<(), pathseek::io::LoadError>(())
/// ```
pub fn read_scenarios<R: BufRead>(reader: R) -> Result<Vec<Scenario>, LoadError> {
    use LoadErrorKind as K;
    let mut lines = Lines::new(reader);
    let (n, first) = loop {
        match lines.next_trimmed()? {
            None => return Err(LoadError::lineless(K::MissingVersion)),
            Some((_, l)) if l.trim().is_empty() => continue,
            Some(line) => break line,
        }
    };
    let mut words = first.split_whitespace();
    let version_ok = matches!(
        (words.next(), words.next(), words.next()),
        (Some("version"), Some(v), None) if v.parse::<f64>() == Ok(1.0)
    );
    if !version_ok {
        let found = found(first.trim());
        return Err(LoadError::new(n, K::BadVersion { found }));
    }
    let mut scenarios = Vec::new();
    while let Some((n, line)) = lines.next_trimmed()? {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let scenario = parse_line(line).map_err(|kind| LoadError::new(n, kind))?;
        try_push(&mut scenarios, scenario, n)?;
    }
    Ok(scenarios)
}

/// One scenario line, trimmed and not blank.
fn parse_line(line: &str) -> Result<Scenario, LoadErrorKind> {
    use LoadErrorKind as K;
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
        return Err(K::FieldCount { found: count });
    }
    let bad = |i: usize, expected| K::BadField {
        field: i + 1,
        name: FIELD_NAMES[i],
        found: found(fields[i]),
        expected,
    };
    let int = |i: usize| {
        fields[i]
            .parse::<u32>()
            .map_err(|_| bad(i, "a non-negative integer"))
    };
    let bucket = int(0)?;
    let map_width = int(2)?;
    let map_height = int(3)?;
    let start = Cell::new(int(4)?, int(5)?);
    let goal = Cell::new(int(6)?, int(7)?);
    let optimal = match fields[8].parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => v,
        _ => return Err(bad(8, "a finite, non-negative number")),
    };
    if fields[1].is_empty() {
        return Err(bad(1, "a map name"));
    }
    Ok(Scenario {
        bucket,
        map: fields[1].to_string(),
        map_width,
        map_height,
        start,
        goal,
        optimal,
    })
}

/// Parses the text of a `.scen` file: [`read_scenarios`] from a string.
///
/// # Example
/// ```
/// use pathseek::grid::Cell;
/// let text = "version 1\n3\tarena.map\t49\t49\t1\t13\t4\t12\t3.41421\n";
/// let scen = pathseek::io::movingai::parse_scenarios(text)?;
/// assert_eq!(scen[0].bucket, 3);
/// assert_eq!((scen[0].start, scen[0].goal), (Cell::new(1, 13), Cell::new(4, 12)));
/// let err = pathseek::io::movingai::parse_scenarios("version 1\n0\ta.map\t4\t4\t1\t1\t2\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 2: expected 9 fields, found 7");
/// # Ok::<(), pathseek::io::LoadError>(())
/// ```
pub fn parse_scenarios(text: &str) -> Result<Vec<Scenario>, LoadError> {
    read_scenarios(text.as_bytes())
}

/// Reads a `.scen` file from disk; errors carry the path
/// ([`LoadError::path`]).
///
/// # Example
/// ```
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arena.map.scen");
/// let scen = pathseek::io::movingai::load_scenarios(path)?;
/// assert_eq!(scen.len(), 160);
/// # Ok::<(), pathseek::io::LoadError>(())
/// ```
pub fn load_scenarios(path: impl AsRef<Path>) -> Result<Vec<Scenario>, LoadError> {
    let path = path.as_ref();
    read_scenarios(open(path)?).map_err(|e| e.with_path(path))
}
