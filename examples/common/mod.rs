//! Shared by the examples: command-line flags, structure names, and running a
//! MovingAI scenario file through one engine.
#![allow(dead_code)]

use std::time::Instant;

use pathseek::jump_points::JumpPoints;
use pathseek::movingai::Scenario;
use pathseek::{AStar, ClosedSet, Cost, Grid, OpenSet};

/// The `--open-set` names the examples accept.
pub const OPEN_SETS: &[&str] = &[
    "binary-heap",
    "binary-heap-lazy",
    "dary-heap",
    "dary-heap-lazy",
    "hot-queue",
    "sorted-vec",
    "unsorted-vec",
    "splay-tree",
    "indexed-array",
    "two-level",
    "bucket-queue",
];
/// The `--arity` values a d-ary heap can be built with.
pub const ARITIES: &[&str] = &["2", "3", "4", "8", "16"];
/// The `--closed-set` names the examples accept.
pub const CLOSED_SETS: &[&str] = &["hash", "indexed", "paged"];
/// The `--cost` names: the grid's cost type.
pub const COSTS: &[&str] = &["f64", "u32"];

/// Checks `name` against `known`, or explains the choice.
pub fn check_name(flag: &str, name: &str, known: &[&str]) -> Result<(), String> {
    if known.contains(&name) {
        Ok(())
    } else {
        Err(format!(
            "unknown {flag} '{name}'; known: {}",
            known.join(", ")
        ))
    }
}

/// A tiny flag parser: `--name value` pairs.
pub struct Flags {
    pairs: Vec<(String, String)>,
}

impl Flags {
    /// Parses `std::env::args`, allowing only the given flag names.
    pub fn parse(allowed: &[&str]) -> Result<Flags, String> {
        let mut args = std::env::args().skip(1);
        let mut pairs = Vec::new();
        while let Some(a) = args.next() {
            let Some(name) = a.strip_prefix("--") else {
                return Err(format!("unexpected argument '{a}'"));
            };
            if !allowed.contains(&name) {
                return Err(format!(
                    "unknown flag --{name}; known: --{}",
                    allowed.join(", --")
                ));
            }
            let value = args
                .next()
                .ok_or_else(|| format!("--{name} needs a value"))?;
            pairs.push((name.to_string(), value));
        }
        Ok(Flags { pairs })
    }

    /// The value of `--name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `--name`, or `default`.
    pub fn get_or<'a>(&'a self, name: &str, default: &'a str) -> &'a str {
        self.get(name).unwrap_or(default)
    }
}

/// The result of one scenario.
pub struct ScenarioRun {
    /// 1-based line in the `.scen` file.
    pub line: usize,
    /// Path cost as a length in grid units, if a path was found.
    pub length: Option<f64>,
    /// An error message, if the search failed.
    pub error: Option<String>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Largest open set.
    pub max_open: usize,
    /// Wall time of the search alone, in seconds.
    pub seconds: f64,
}

/// Runs every scenario through `engine`; `scale` turns a cost into a length.
pub fn run_scenarios<'a, C, O, S>(
    grid: &'a Grid<C>,
    scenarios: &[Scenario],
    mut engine: AStar<O, S>,
    scale: f64,
    jump_points: bool,
) -> Vec<ScenarioRun>
where
    C: Cost,
    O: OpenSet<C>,
    S: ClosedSet<Grid<C>> + ClosedSet<JumpPoints<'a, C>>,
{
    scenarios
        .iter()
        .enumerate()
        .map(|(i, sc)| {
            let h = grid.heuristic(sc.goal);
            let t = Instant::now();
            let r = if jump_points {
                match JumpPoints::new(grid) {
                    Ok(jps) => engine.search(&jps, sc.start, sc.goal, h),
                    Err(e) => {
                        return ScenarioRun {
                            line: i + 2,
                            length: None,
                            error: Some(e.to_string()),
                            expanded: 0,
                            max_open: 0,
                            seconds: t.elapsed().as_secs_f64(),
                        }
                    }
                }
            } else {
                engine.search(grid, sc.start, sc.goal, h)
            };
            let seconds = t.elapsed().as_secs_f64();
            ScenarioRun {
                line: i + 2,
                length: r.found().map(|p| p.cost.as_f64() / scale),
                error: r.error().map(|e| e.to_string()),
                expanded: r.stats.expanded,
                max_open: r.stats.max_open,
                seconds,
            }
        })
        .collect()
}

/// Builds the d-ary heap type `$T` with the arity named `$arity`, binds it to
/// `$open`, and evaluates `$body`.
#[macro_export]
macro_rules! with_arity {
    ($T:ident, $arity:expr, $C:ty, |$open:ident| $body:expr) => {{
        match $arity {
            "2" => {
                let $open = $T::<$C, 2>::new();
                $body
            }
            "3" => {
                let $open = $T::<$C, 3>::new();
                $body
            }
            "8" => {
                let $open = $T::<$C, 8>::new();
                $body
            }
            "16" => {
                let $open = $T::<$C, 16>::new();
                $body
            }
            _ => {
                let $open = $T::<$C, 4>::new();
                $body
            }
        }
    }};
}

/// Builds the open set named `$name` for cost type `$C`, binds it to `$open`, and
/// evaluates `$body`; unknown names were rejected earlier by [`check_name`].
/// `$max_edge` is the graph's largest edge cost (for the bucket widths).
#[macro_export]
macro_rules! with_open_set {
    ($name:expr, $arity:expr, $max_edge:expr, $C:ty, |$open:ident| $body:expr) => {{
        use pathseek::open_set::*;
        match $name {
            "binary-heap" => {
                let $open = BinaryHeap::<$C>::new();
                $body
            }
            "binary-heap-lazy" => {
                let $open = LazyBinaryHeap::<$C>::new();
                $body
            }
            "dary-heap" => $crate::with_arity!(DaryHeap, $arity, $C, |$open| $body),
            "dary-heap-lazy" => $crate::with_arity!(LazyDaryHeap, $arity, $C, |$open| $body),
            "hot-queue" => {
                let $open = HotQueue::<$C>::with_max_edge_cost($max_edge);
                $body
            }
            "sorted-vec" => {
                let $open = SortedVec::<$C>::new();
                $body
            }
            "unsorted-vec" => {
                let $open = UnsortedVec::<$C>::new();
                $body
            }
            "splay-tree" => {
                let $open = SplayTree::<$C>::new();
                $body
            }
            "indexed-array" => {
                let $open = IndexedArray::<$C>::new();
                $body
            }
            "two-level" => {
                let $open = TwoLevel::<$C>::new();
                $body
            }
            "bucket-queue" => {
                let $open = RadixHeap::<$C>::new();
                $body
            }
            other => unreachable!("open set {other} was not checked"),
        }
    }};
}

/// Builds the node store named `$name`, binds it to `$store`, evaluates `$body`.
#[macro_export]
macro_rules! with_closed_set {
    ($name:expr, $C:ty, |$store:ident| $body:expr) => {{
        use pathseek::closed_set::*;
        match $name {
            "hash" => {
                let $store = HashStore::<pathseek::Cell, $C>::new();
                $body
            }
            "indexed" => {
                let $store = IndexedStore::<$C>::new();
                $body
            }
            "paged" => {
                let $store = PagedStore::<$C>::new();
                $body
            }
            other => unreachable!("closed set {other} was not checked"),
        }
    }};
}

/// The median of `values` (the mean of the middle two for an even count); `NaN`
/// when empty.
pub fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}
