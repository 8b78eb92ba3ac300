//! What a search returns: its outcome (a path, no path, or an error) and its stats.

use crate::query::Limit;
use core::fmt;

/// A path found by a search.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Debug, PartialEq)]
pub struct Path<N, C> {
    /// The nodes from the start to the goal, both included.
    pub nodes: Vec<N>,
    /// The sum of the edge costs along `nodes`.
    pub cost: C,
}

impl<N, C> Path<N, C> {
    /// The node the path ends at (the goal that was reached).
    ///
    /// # Example
    /// ```
    /// let p = pathseek::Path { nodes: vec![1, 2, 3], cost: 2u32 };
    /// assert_eq!(p.goal(), Some(&3));
    /// ```
    pub fn goal(&self) -> Option<&N> {
        self.nodes.last()
    }
}

/// Counters kept by every search.
///
/// `expanded <= pushed` always holds; with a consistent heuristic `reopened` is 0.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Nodes taken from the open set and expanded (their successors generated).
    pub expanded: u64,
    /// Entries pushed into the open set (first discoveries, improvements and reopenings).
    pub pushed: u64,
    /// Closed nodes put back into the open set because a cheaper path to them was found.
    pub reopened: u64,
    /// The largest number of entries the open set held at once.
    pub max_open: usize,
    /// Distinct nodes that got a search record (touched) in this search.
    pub stored: usize,
    /// Times a search in progress started again by itself because an edit
    /// of its graph touched what it had seen ([`AStar::advance`](crate::AStar::advance));
    /// the other counters are those of the search since its last start.
    pub restarts: u64,
}

/// An error that stopped a search. It names the node where it happened.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum SearchError<N, C> {
    /// An edge had a NaN or negative cost.
    InvalidEdgeCost {
        /// The node being expanded.
        from: N,
        /// The successor the edge leads to.
        to: N,
        /// The offending cost.
        cost: C,
    },
    /// The heuristic returned NaN or a negative value.
    InvalidHeuristic {
        /// The node the heuristic was evaluated at.
        node: N,
        /// The offending value.
        value: C,
    },
    /// A path cost (g, or f = g + h) overflowed the cost type or stopped being finite.
    CostOverflow {
        /// The node whose cost could not be represented.
        node: N,
    },
    /// A node has no dense id in the graph (out of range), so an indexed node store
    /// cannot hold it.
    NodeOutOfRange {
        /// The node without an id.
        node: N,
    },
    /// The node store could not be set up for this graph (for example an indexed
    /// store on a graph without [`node_count`](crate::graph::DenseIds::node_count)).
    StoreUnsupported {
        /// What is missing.
        reason: &'static str,
    },
    /// The start node cannot be used (for example a blocked grid cell).
    StartBlocked {
        /// The start node.
        node: N,
    },
    /// The goal node cannot be reached by construction (for example a blocked grid cell).
    GoalBlocked {
        /// The goal node.
        node: N,
    },
    /// A start's initial cost was NaN or negative.
    InvalidStartCost {
        /// The start.
        node: N,
        /// The offending initial cost.
        cost: C,
    },
    /// The query has no start.
    NoStart,
    /// The query's [`max_cost`](crate::Query::max_cost) or
    /// [`below_cost`](crate::Query::below_cost) is NaN or negative.
    InvalidMaxCost {
        /// The offending limit.
        cost: C,
    },
    /// A result was asked of an engine with no search started
    /// ([`AStar::finish`](crate::AStar::finish) before
    /// [`start`](crate::AStar::start)).
    NotStarted,
}

impl<N: fmt::Debug, C: fmt::Debug> fmt::Display for SearchError<N, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::InvalidEdgeCost { from, to, cost } => write!(
                f,
                "edge {from:?} -> {to:?} has cost {cost:?}: costs must be non-negative and not NaN"
            ),
            SearchError::InvalidHeuristic { node, value } => write!(
                f,
                "heuristic at {node:?} is {value:?}: it must be non-negative and not NaN"
            ),
            SearchError::CostOverflow { node } => write!(
                f,
                "path cost to {node:?} overflows the cost type (`Length` holds paths of up to \
                 309,882 cells; use `u64` or `f64` costs, `GridCosts::float_octile()`, for longer ones)"
            ),
            SearchError::NodeOutOfRange { node } => {
                write!(
                    f,
                    "node {node:?} has no dense id in this graph (out of range)"
                )
            }
            SearchError::StoreUnsupported { reason } => {
                write!(f, "node store cannot be used with this graph: {reason}")
            }
            SearchError::StartBlocked { node } => write!(f, "start {node:?} is blocked"),
            SearchError::GoalBlocked { node } => write!(f, "goal {node:?} is blocked"),
            SearchError::InvalidStartCost { node, cost } => write!(
                f,
                "start {node:?} has initial cost {cost:?}: it must be non-negative and not NaN"
            ),
            SearchError::NoStart => write!(f, "the query has no start"),
            SearchError::InvalidMaxCost { cost } => write!(
                f,
                "the query's cost limit (max_cost or below_cost) is {cost:?}: it must be non-negative and not NaN"
            ),
            SearchError::NotStarted => write!(f, "no search was started"),
        }
    }
}

impl<N: fmt::Debug, C: fmt::Debug> std::error::Error for SearchError<N, C> {}

/// How a search ended, with its path: what [`AStar::search`](crate::AStar::search),
/// [`AStar::finish`](crate::AStar::finish) and [`search`](fn@crate::search)
/// return (in a [`SearchResult`]). [`Status`] says the same without the path.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Outcome<N, C> {
    /// A goal was reached; the path is optimal when the heuristic is admissible.
    Found(Path<N, C>),
    /// Every node reachable from the start was expanded and none is a goal.
    NoPath,
    /// A limit of the [`Query`](crate::Query) was reached first: the path to
    /// the best node reached (the start or popped node with the smallest
    /// `h`, ties to the smaller `g`; see [`Query`](crate::Query)).
    Partial {
        /// The path from a start to the best node reached, and its cost.
        path: Path<N, C>,
        /// The limit that ended the search.
        limit: Limit,
    },
    /// The search stopped on bad input.
    Error(SearchError<N, C>),
}

/// Where a search stands: what [`AStar::start`](crate::AStar::start),
/// [`AStar::advance`](crate::AStar::advance) and
/// [`AStar::search_into`](crate::AStar::search_into) return. The same words
/// as [`Outcome`] (found, no path, partial, error) plus the two states of a
/// search that has not ended; the path is read separately, into a buffer of
/// the caller's ([`AStar::path_into`](crate::AStar::path_into)).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Status<N, C> {
    /// No search has been started (or it was cancelled).
    Idle,
    /// The search goes on: call [`advance`](crate::AStar::advance) again.
    InProgress,
    /// A goal was reached at this cost.
    Found {
        /// The cost of the path to the goal.
        cost: C,
    },
    /// Every node reachable from the starts was expanded and none is a goal.
    NoPath,
    /// A limit was reached: the path to the best node reached is the result.
    Partial {
        /// The limit that ended the search.
        limit: Limit,
        /// The cost of the path to the best node reached.
        cost: C,
    },
    /// The search stopped on bad input.
    Error(SearchError<N, C>),
}

impl<N, C> Status<N, C> {
    /// `true` once the search has ended (found, no path, partial or error).
    ///
    /// # Example
    /// ```
    /// use pathseek::Status;
    /// assert!(Status::<u32, u32>::Found { cost: 3 }.is_finished());
    /// assert!(!Status::<u32, u32>::InProgress.is_finished());
    /// ```
    pub fn is_finished(&self) -> bool {
        !matches!(self, Status::Idle | Status::InProgress)
    }
}

/// The outcome of a search together with its [`Stats`].
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<N, C> {
    /// How the search ended.
    pub outcome: Outcome<N, C>,
    /// What it cost.
    pub stats: Stats,
}

impl<N, C> SearchResult<N, C> {
    /// The path, if one was found.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::graph::from_fn(|n: u8, edge: &mut dyn FnMut(u8, u32)| {
    ///     if n < 5 { edge(n + 1, 1) }
    /// });
    /// assert!(pathseek::astar(&g, 0, 5, |_| 0).found().is_some());
    /// assert!(pathseek::astar(&g, 5, 0, |_| 0).found().is_none());
    /// ```
    pub fn found(&self) -> Option<&Path<N, C>> {
        match &self.outcome {
            Outcome::Found(p) => Some(p),
            _ => None,
        }
    }

    /// The path, if one was found, taken out of the result.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::AdjacencyList::from_edges(2, [(0, 1, 4u32)]).unwrap();
    /// let path = pathseek::astar(&g, 0, 1, |_| 0).into_path().unwrap();
    /// assert_eq!((path.nodes, path.cost), (vec![0, 1], 4));
    /// ```
    pub fn into_path(self) -> Option<Path<N, C>> {
        match self.outcome {
            Outcome::Found(p) => Some(p),
            _ => None,
        }
    }

    /// The partial path and the limit that ended the search, if a limit did.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Limit, Query};
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
    /// let r = pathseek::search(&g, Query::new(0, 100, |n: u32| 100 - n.min(100)).max_expansions(5));
    /// let (path, limit) = r.partial().unwrap();
    /// assert_eq!((path.goal(), limit), (Some(&5), Limit::Expansions));
    /// ```
    pub fn partial(&self) -> Option<(&Path<N, C>, Limit)> {
        match &self.outcome {
            Outcome::Partial { path, limit } => Some((path, *limit)),
            _ => None,
        }
    }

    /// The error, if the search stopped on one.
    ///
    /// # Example
    /// ```
    /// use pathseek::SearchError;
    /// let g = pathseek::graph::from_fn(|n: u8, edge: &mut dyn FnMut(u8, f64)| {
    ///     edge(n + 1, f64::NAN)
    /// });
    /// let r = pathseek::astar(&g, 0, 5, |_| 0.0);
    /// assert!(matches!(r.error(), Some(SearchError::InvalidEdgeCost { from: 0, to: 1, .. })));
    /// ```
    pub fn error(&self) -> Option<&SearchError<N, C>> {
        match &self.outcome {
            Outcome::Error(e) => Some(e),
            _ => None,
        }
    }

    /// `Ok(Some(path))`, `Ok(None)` for no path (or only a partial one: see
    /// [`partial`](SearchResult::partial)), or `Err(error)`: for use with `?`.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// let g = pathseek::graph::from_fn(|n: u8, edge: &mut dyn FnMut(u8, u32)| {
    ///     if n < 5 { edge(n + 1, 2) }
    /// });
    /// let path = pathseek::astar(&g, 0, 3, |_| 0).into_result()?.expect("reachable");
    /// assert_eq!(path.cost, 6);
    /// # Ok(()) }
    /// ```
    pub fn into_result(self) -> Result<Option<Path<N, C>>, SearchError<N, C>> {
        match self.outcome {
            Outcome::Found(p) => Ok(Some(p)),
            Outcome::NoPath | Outcome::Partial { .. } => Ok(None),
            Outcome::Error(e) => Err(e),
        }
    }
}
