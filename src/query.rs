//! A query: the question one search answers — where it starts, what it is
//! looking for, how it estimates, and when it must give up.
//!
//! A [`Query`] holds:
//! - **starts**: one or several, each with an initial cost
//!   ([`with_start`](Query::with_start), [`with_starts`](Query::with_starts)):
//!   several units, or a unit between two cells;
//! - **a goal**: a single node ([`Query::new`]), any predicate
//!   ([`Query::until`]: the first goal popped wins), or a [`Goal`] of your
//!   own ([`Query::with_goal`]);
//! - **a heuristic**: any `FnMut(Node) -> Cost`, or a named type through the
//!   [`Heuristic`] trait ([`GridHeuristic`](crate::grid::GridHeuristic) for
//!   grids), so a query can be kept in a struct field; the grids offer
//!   Manhattan, octile, Chebyshev and Euclidean estimates
//!   ([`grid::heuristic`](crate::grid::heuristic)), and [`MaxOf`] combines
//!   two (ALT landmarks with octile on grids, say);
//! - **limits**: maximum expansions, maximum nodes stored (a node pool),
//!   maximum path cost, a wall-clock deadline. A limit ends the search with a
//!   partial outcome, the path to the best node reached (smallest `h`), never
//!   an error.
//!
//! Start and goal are checked once, before anything is expanded, for every
//! entry point. [`Query::weighted`] makes it weighted A\*: `f = g + w * h`,
//! a path within `w` times the optimum (property-tested);
//! [`Query::without_reopening`] keeps closed nodes closed (a compile-time
//! choice of the heuristic type: no cost to plain searches).

use crate::cost::Cost;
use smallvec::SmallVec;
use std::time::Instant;

/// An estimate of the cost from a node to the goal: the A* heuristic.
///
/// Every `FnMut(node) -> cost` closure is one. Name a type of your own (or use
/// [`GridHeuristic`](crate::grid::GridHeuristic)) when the heuristic must be
/// written in a struct field, for instance in an [`AStar`](crate::AStar)
/// kept by a game unit.
///
/// For optimal paths the estimate must be *admissible* (never above the true
/// remaining cost); it need not be consistent (closed nodes are reopened).
///
/// # Example
/// ```
/// use pathseek::Heuristic;
/// struct Distance { goal: i32 }
/// impl Heuristic<i32, u32> for Distance {
///     fn estimate(&mut self, node: i32) -> u32 {
///         node.abs_diff(self.goal)
///     }
/// }
/// let line = pathseek::graph::from_fn(|n: i32, edge: &mut dyn FnMut(i32, u32)| {
///     edge(n - 1, 1);
///     edge(n + 1, 1);
/// });
/// let r = pathseek::search(&line, pathseek::Query::new(0, 9, Distance { goal: 9 }));
/// assert_eq!((r.found().unwrap().cost, r.stats.expanded), (9, 9));
/// ```
pub trait Heuristic<N, C> {
    /// Whether a search opens a closed node again when it finds a cheaper
    /// path to it (the default, `true`: optimal paths even with an
    /// inconsistent heuristic). [`NoReopening`] says `false`
    /// ([`Query::without_reopening`]). A constant, so the choice costs
    /// nothing at run time.
    const REOPEN: bool = true;

    /// The estimated cost from `node` to the goal. Called once per node and
    /// search, when the node is first reached.
    fn estimate(&mut self, node: N) -> C;
}

impl<N, C, F: FnMut(N) -> C> Heuristic<N, C> for F {
    #[inline(always)]
    fn estimate(&mut self, node: N) -> C {
        self(node)
    }
}

/// The larger of two estimates: admissible when both are, consistent when
/// both are. Combines a heuristic that is strong in some places with one
/// that is strong in others, such as ALT landmarks
/// ([`AltHeuristic`](crate::landmarks::AltHeuristic), strong in mazes) with
/// the grid's octile distance (exact in the open).
///
/// # Example
/// ```
/// use pathseek::landmarks::Landmarks;
/// use pathseek::query::MaxOf;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
///
/// let grid = Grid::new(40, 40, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
/// let landmarks = Landmarks::from_nodes(&grid, &[Cell::new(0, 0)])?;
/// let (start, goal) = (Cell::new(39, 0), Cell::new(39, 39));
/// let alt = landmarks.heuristic(&grid, goal)?;
/// let both = pathseek::search(&grid, Query::new(start, goal, MaxOf(alt.clone(), grid.heuristic(goal))));
/// let alone = pathseek::search(&grid, Query::new(start, goal, alt));
/// assert_eq!(both.found().unwrap().cost, alone.found().unwrap().cost);
/// assert!(both.stats.expanded < alone.stats.expanded); // the landmark is behind the start
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MaxOf<A, B>(pub A, pub B);

impl<N: Copy, C: PartialOrd, A: Heuristic<N, C>, B: Heuristic<N, C>> Heuristic<N, C>
    for MaxOf<A, B>
{
    const REOPEN: bool = A::REOPEN && B::REOPEN;

    #[inline(always)]
    fn estimate(&mut self, node: N) -> C {
        let (a, b) = (self.0.estimate(node), self.1.estimate(node));
        if b > a {
            b
        } else {
            a
        }
    }
}

/// A weight `w >= 1` for weighted A\*, where a search orders its frontier by
/// `f = g + w * h` ([`Query::weighted`]): checked when made, so a query never
/// holds a weight below one, NaN or infinite.
///
/// # Example
/// ```
/// use pathseek::query::Weight;
/// assert_eq!(Weight::new(1.5).map(Weight::get), Ok(1.5));
/// assert!(Weight::new(0.5).is_err());
/// assert!(Weight::new(f64::NAN).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Weight(f64);

impl Weight {
    /// No inflation: plain A\*.
    pub const ONE: Weight = Weight(1.0);

    /// The weight `w`, if it is finite and at least 1.
    ///
    /// # Example
    /// See [`Weight`].
    pub fn new(w: f64) -> Result<Weight, InvalidWeight> {
        if w.is_finite() && w >= 1.0 {
            Ok(Weight(w))
        } else {
            Err(InvalidWeight(w))
        }
    }

    /// The weight's value.
    ///
    /// # Example
    /// See [`Weight`].
    pub fn get(self) -> f64 {
        self.0
    }
}

/// A weight below 1, NaN or infinite, refused by [`Weight::new`].
///
/// # Example
/// ```
/// let err = pathseek::query::Weight::new(0.9).unwrap_err();
/// assert_eq!(err.to_string(), "weight 0.9: weighted A* needs a finite weight of at least 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InvalidWeight(pub f64);

impl core::fmt::Display for InvalidWeight {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "weight {}: weighted A* needs a finite weight of at least 1",
            self.0
        )
    }
}

impl std::error::Error for InvalidWeight {}

/// A heuristic inflated by a [`Weight`]: `w * h`, the estimate of weighted
/// A\* ([`Query::weighted`] makes one).
///
/// With an admissible `h` (consistent or not: the core reopens closed nodes)
/// the path found costs at most `w` times the optimum. Integer costs round
/// `w * h` down, so the bound is exact; floats round to nearest and
/// [`Length`](crate::Length) to its nearest unit, so theirs holds up to that
/// rounding of one estimate.
///
/// # Example
/// ```
/// use pathseek::query::{Weight, Weighted};
/// use pathseek::Heuristic;
/// let mut h = Weighted::new(|n: u32| n, Weight::new(1.5)?);
/// assert_eq!(Heuristic::<u32, u32>::estimate(&mut h, 7), 10); // 10.5, rounded down
/// # Ok::<(), pathseek::query::InvalidWeight>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Weighted<H> {
    heuristic: H,
    weight: Weight,
}

impl<H> Weighted<H> {
    /// `heuristic` inflated by `weight`.
    ///
    /// # Example
    /// See [`Weighted`].
    pub fn new(heuristic: H, weight: Weight) -> Self {
        Weighted { heuristic, weight }
    }

    /// The weight.
    ///
    /// # Example
    /// ```
    /// use pathseek::query::{Weight, Weighted};
    /// assert_eq!(Weighted::new((), Weight::ONE).weight(), Weight::ONE);
    /// ```
    pub fn weight(&self) -> Weight {
        self.weight
    }
}

impl<N, C: Cost, H: Heuristic<N, C>> Heuristic<N, C> for Weighted<H> {
    const REOPEN: bool = H::REOPEN;

    #[inline]
    fn estimate(&mut self, node: N) -> C {
        let h = self.heuristic.estimate(node);
        let w = self.weight.0;
        if w == 1.0 || !h.is_valid() {
            // An invalid estimate stays invalid: the search reports it.
            return h;
        }
        // Too large for the type: the largest value, which the search
        // reports as an overflow of f = g + h.
        <C as num_traits::NumCast>::from(h.as_f64() * w).unwrap_or_else(C::max_value)
    }
}

/// A heuristic whose searches never open a closed node again
/// ([`Query::without_reopening`] makes one; see there for what it changes).
///
/// # Example
/// ```
/// use pathseek::query::NoReopening;
/// use pathseek::Heuristic;
/// fn reopens<H: Heuristic<u32, u32>>(_: &H) -> bool {
///     H::REOPEN
/// }
/// let h = |n: u32| 10 - n.min(10);
/// assert!(reopens(&h));
/// assert!(!reopens(&NoReopening(h)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoReopening<H>(pub H);

impl<N, C, H: Heuristic<N, C>> Heuristic<N, C> for NoReopening<H> {
    const REOPEN: bool = false;

    #[inline(always)]
    fn estimate(&mut self, node: N) -> C {
        self.0.estimate(node)
    }
}

/// What a search looks for: one node ([`Target`]) or any node that passes a
/// test ([`Predicate`]).
///
/// Required: [`is_goal`](Goal::is_goal); [`node`](Goal::node) defaults to `None`.
///
/// # Example
/// ```
/// use pathseek::{Goal, Query};
/// // Any multiple of 10 at or above 25.
/// struct Round;
/// impl Goal<u32> for Round {
///     fn is_goal(&mut self, node: u32) -> bool {
///         node >= 25 && node % 10 == 0
///     }
/// }
/// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
/// let query = Query::with_goal(21, Round, |_| 0);
/// let r = pathseek::search(&g, query);
/// assert_eq!(r.found().unwrap().goal(), Some(&30));
/// ```
pub trait Goal<N> {
    /// `true` if the search may end at `node`. Tested when a node is popped
    /// from the open set, so the first goal popped is reached optimally.
    fn is_goal(&mut self, node: N) -> bool;

    /// The goal node, when there is exactly one: its reachability is checked
    /// before the search starts ([`Graph::contains`](crate::Graph::contains)), and graphs that prune by
    /// direction (jump points) stop their scans at it
    /// ([`Expansion::goal`](crate::graph::Expansion::goal)).
    fn node(&self) -> Option<N> {
        None
    }
}

/// One goal node.
///
/// # Example
/// ```
/// use pathseek::{Goal, query::Target};
/// let mut goal = Target(7u32);
/// assert!(goal.is_goal(7) && !goal.is_goal(8));
/// assert_eq!(goal.node(), Some(7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target<N>(pub N);

impl<N: Copy + PartialEq> Goal<N> for Target<N> {
    #[inline(always)]
    fn is_goal(&mut self, node: N) -> bool {
        node == self.0
    }

    #[inline(always)]
    fn node(&self) -> Option<N> {
        Some(self.0)
    }
}

/// Any node for which a test is `true`: the first one popped wins.
///
/// The heuristic must not overestimate the distance to the *nearest* goal.
///
/// # Example
/// ```
/// use pathseek::{Goal, query::Predicate};
/// let mut goal = Predicate(|n: u32| n % 7 == 0);
/// assert!(goal.is_goal(14) && !goal.is_goal(15));
/// assert_eq!(Goal::<u32>::node(&goal), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Predicate<P>(pub P);

impl<N, P: FnMut(N) -> bool> Goal<N> for Predicate<P> {
    #[inline(always)]
    fn is_goal(&mut self, node: N) -> bool {
        (self.0)(node)
    }
}

/// The limits of a search. Reaching one ends the search with a **partial**
/// outcome: the path to the best node reached (see [`Query`]), never an error.
/// Each limit is checked once per expansion; the clock every
/// [`CLOCK_INTERVAL`] expansions.
///
/// Set them through [`Query`]'s builder methods; every limit is off by default.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Limits<C> {
    /// The most nodes the search expands ([`Limit::Expansions`]).
    pub max_expansions: Option<u64>,
    /// The most nodes the search stores ([`Limit::Stored`]).
    pub max_stored: Option<usize>,
    /// The largest path cost the search looks for ([`Limit::Cost`]).
    pub max_cost: Option<C>,
    /// The search looks only for paths cheaper than this ([`Limit::Cost`]).
    pub below_cost: Option<C>,
    /// When the search must stop ([`Limit::Deadline`]).
    pub deadline: Option<Instant>,
}

impl<C> Default for Limits<C> {
    fn default() -> Self {
        Limits {
            max_expansions: None,
            max_stored: None,
            max_cost: None,
            below_cost: None,
            deadline: None,
        }
    }
}

/// Which limit ended a search.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// [`Query::max_expansions`] nodes were expanded.
    Expansions,
    /// [`Query::max_stored`] nodes were stored.
    Stored,
    /// Every path still open would cost more than [`Query::max_cost`], or
    /// at least [`Query::below_cost`].
    Cost,
    /// [`Query::deadline`] passed.
    Deadline,
    /// The caller ended the search before it was over
    /// ([`AStar::finish`](crate::AStar::finish) while in progress).
    Stopped,
}

/// The question one search answers: its starts (each with an initial cost),
/// its goal (a node or a test), its heuristic and its limits.
///
/// Every search of the crate runs a query through the same core loop:
/// [`AStar::search`](crate::AStar::search) in one go, [`AStar::advance`](crate::AStar::advance)
/// a few expansions at a time, and [`astar`](fn@crate::astar) and the other
/// shortcuts build one for you. The start and goal checks are made in one place
/// for all of them, when the search starts:
///
/// - a start the graph does not [contain](crate::Graph::contains) is
///   [`SearchError::StartBlocked`](crate::SearchError::StartBlocked), an initial
///   cost that is NaN or negative is
///   [`SearchError::InvalidStartCost`](crate::SearchError::InvalidStartCost), no
///   start at all is [`SearchError::NoStart`](crate::SearchError::NoStart); an
///   infinite float initial cost is
///   [`SearchError::CostOverflow`](crate::SearchError::CostOverflow);
/// - a goal node the graph does not contain is
///   [`SearchError::GoalBlocked`](crate::SearchError::GoalBlocked)
///   (found before expanding anything).
///
/// A closure given as the heuristic needs its parameter's type written
/// (`|n: u32| ...`): the query does not know the graph's node type until it
/// is run. [`astar`](fn@crate::astar) takes closures without that.
///
/// # Several starts
/// Each start has an initial cost, the `g` it begins with: several units
/// heading to one place (the path comes from whichever is cheapest), or a unit
/// between two cells (each cell at the cost of getting there). A node listed
/// twice keeps its cheapest initial cost.
///
/// # Limits and partial paths
/// When a limit is reached the search ends with a partial outcome: the path
/// to the **best node reached**: of the starts and the nodes taken from the
/// open set so far, the one with the smallest `h`, ties to the smaller `g`
/// (then to the first found). Only those count, not every node seen as a
/// successor: following them costs one comparison per expansion, and their
/// paths are the ones the search has settled (with a consistent heuristic,
/// optimal). The path and its cost are read from the search's records when
/// asked for, so a cheaper path found later to that node is the one given.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Limit, Outcome, Query};
/// let grid = Grid::new(100, 100, Connectivity::Eight, GridCosts::<u32>::new(2, 3)).unwrap();
/// let goal = Cell::new(99, 99);
/// // Two units, one at (0, 0) and one at (50, 0) that is busy for 40 more.
/// let query = Query::new(Cell::new(0, 0), goal, grid.heuristic(goal))
///     .with_start(Cell::new(50, 0), 40)
///     .max_expansions(20);
/// let r = pathseek::search(&grid, query);
/// let Outcome::Partial { path, limit } = r.outcome else { panic!("limited") };
/// assert_eq!(limit, Limit::Expansions);
/// assert_eq!(path.nodes.first(), Some(&Cell::new(50, 0))); // the closer unit leads
/// assert_eq!(r.stats.expanded, 20);
/// ```
#[derive(Clone, Debug)]
pub struct Query<N, C, H, T = Target<N>> {
    pub(crate) starts: SmallVec<[(N, C); 2]>,
    pub(crate) goal: T,
    pub(crate) heuristic: H,
    pub(crate) limits: Limits<C>,
    /// Searches within a reachability replace an unreachable goal by the
    /// nearest reachable node.
    pub(crate) fallback: bool,
}

impl<N: Copy + PartialEq, C: Cost, H> Query<N, C, H, Target<N>> {
    /// A search from `start` (initial cost zero) to the node `goal`.
    ///
    /// # Example
    /// ```
    /// use pathseek::Query;
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 2));
    /// let r = pathseek::search(&g, Query::new(3, 6, |n: u32| 2 * 6u32.saturating_sub(n)));
    /// assert_eq!(r.found().unwrap().cost, 6);
    /// ```
    pub fn new(start: N, goal: N, heuristic: H) -> Self {
        Query::with_goal(start, Target(goal), heuristic)
    }
}

impl<N: Copy, C: Cost, H, P: FnMut(N) -> bool> Query<N, C, H, Predicate<P>> {
    /// A search from `start` to any node for which `is_goal` is true.
    ///
    /// # Example
    /// ```
    /// use pathseek::Query;
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 3, 1));
    /// let r = pathseek::search(&g, Query::until(1, |n| n > 10, |_| 0));
    /// assert_eq!(r.found().unwrap().goal(), Some(&13));
    /// ```
    pub fn until(start: N, is_goal: P, heuristic: H) -> Self {
        Query::with_goal(start, Predicate(is_goal), heuristic)
    }
}

impl<N: Copy, C: Cost, H, T> Query<N, C, H, T> {
    /// A search from `start` to whatever `goal` accepts.
    ///
    /// # Example
    /// See [`Goal`].
    pub fn with_goal(start: N, goal: T, heuristic: H) -> Self {
        let mut starts = SmallVec::new();
        starts.push((start, C::zero()));
        Query {
            starts,
            goal,
            heuristic,
            limits: Limits::default(),
            fallback: false,
        }
    }

    /// The same query as weighted A\*: the frontier ordered by
    /// `f = g + w * h` ([`Weighted`]), so the search heads for the goal more
    /// greedily and expands fewer nodes, for a path that costs at most `w`
    /// times the optimum (with an admissible heuristic; see [`Weighted`] for
    /// rounding). `Weight::ONE` is plain A\*.
    ///
    /// # Example
    /// ```
    /// use pathseek::query::Weight;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
    /// let grid = Grid::from_fn(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
    ///     c.x != 32 || c.y > 50 // a wall with a gap at the bottom
    /// })?;
    /// let (start, goal) = (Cell::new(0, 10), Cell::new(63, 10));
    /// let plain = pathseek::search(&grid, Query::new(start, goal, grid.heuristic(goal)));
    /// let w = Weight::new(2.0)?;
    /// let fast = pathseek::search(&grid, Query::new(start, goal, grid.heuristic(goal)).weighted(w));
    /// let (best, found) = (plain.found().unwrap().cost, fast.found().unwrap().cost);
    /// assert!(found >= best && f64::from(found) <= 2.0 * f64::from(best));
    /// assert!(fast.stats.expanded < plain.stats.expanded);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn weighted(self, weight: Weight) -> Query<N, C, Weighted<H>, T> {
        Query {
            starts: self.starts,
            goal: self.goal,
            heuristic: Weighted::new(self.heuristic, weight),
            limits: self.limits,
            fallback: self.fallback,
        }
    }

    /// The same query, but a node already expanded is never opened again,
    /// even when reached more cheaply later. With a *consistent* heuristic
    /// this changes nothing for plain A\* (a closed node is never reached
    /// more cheaply), and weighted A\* ([`weighted`](Query::weighted)) keeps
    /// its bound of `w` times the optimum (Likhachev, Gordon and Thrun 2003)
    /// while expanding each node once: the usual way to run it. With an
    /// inconsistent heuristic the path may cost more than the optimum (or
    /// than `w` times it); [`Stats::reopened`](crate::Stats::reopened) stays 0.
    ///
    /// # Example
    /// ```
    /// use pathseek::query::Weight;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
    /// let grid = Grid::from_fn(96, 96, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
    ///     !(c.x == 48 && c.y < 80)
    /// })?;
    /// let (start, goal) = (Cell::new(10, 20), Cell::new(90, 20));
    /// let q = Query::new(start, goal, grid.heuristic(goal)).weighted(Weight::new(5.0)?);
    /// let reopening = pathseek::search(&grid, q.clone());
    /// let once = pathseek::search(&grid, q.without_reopening());
    /// assert!(reopening.stats.reopened > 0);
    /// assert_eq!(once.stats.reopened, 0);
    /// assert!(once.stats.expanded < reopening.stats.expanded);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn without_reopening(self) -> Query<N, C, NoReopening<H>, T> {
        Query {
            starts: self.starts,
            goal: self.goal,
            heuristic: NoReopening(self.heuristic),
            limits: self.limits,
            fallback: self.fallback,
        }
    }

    /// Adds a start with an initial cost.
    ///
    /// # Example
    /// See [`Query`].
    pub fn with_start(mut self, node: N, initial_cost: C) -> Self {
        self.starts.push((node, initial_cost));
        self
    }

    /// Replaces the starts: each node with its initial cost. An empty list
    /// makes the search end with [`SearchError::NoStart`](crate::SearchError::NoStart).
    ///
    /// # Example
    /// ```
    /// use pathseek::Query;
    /// // A unit 0.25 of the way from node 4 to node 5, going to node 9.
    /// let g = pathseek::graph::from_fn(|n: i32, edge: &mut dyn FnMut(i32, f64)| {
    ///     edge(n - 1, 1.0);
    ///     edge(n + 1, 1.0);
    /// });
    /// let q = Query::new(4, 9, |n: i32| (9 - n).abs() as f64).with_starts([(4, 0.25), (5, 0.75)]);
    /// let r = pathseek::search(&g, q);
    /// assert_eq!(r.found().unwrap().cost, 4.75);
    /// assert_eq!(r.found().unwrap().nodes[0], 5);
    /// ```
    pub fn with_starts(mut self, starts: impl IntoIterator<Item = (N, C)>) -> Self {
        self.starts.clear();
        self.starts.extend(starts);
        self
    }

    /// Stops after `n` expansions with a partial outcome ([`Limit::Expansions`]).
    ///
    /// # Example
    /// See [`Query`].
    pub fn max_expansions(mut self, n: u64) -> Self {
        self.limits.max_expansions = Some(n);
        self
    }

    /// Stops with a partial outcome ([`Limit::Stored`]) before expanding a node
    /// when `n` nodes are stored: a node pool. An expansion stores at most the
    /// expanded node's successors, so a search never holds more than `n` plus
    /// the out-degree of one node (8 on a grid).
    ///
    /// # Example
    /// ```
    /// use pathseek::{Limit, Outcome, Query};
    /// let g = pathseek::graph::from_fn(|n: u64, edge: &mut dyn FnMut(u64, u32)| {
    ///     edge(2 * n + 1, 1);
    ///     edge(2 * n + 3, 1);
    /// });
    /// // Node 2 is never reached, and the graph is infinite.
    /// let r = pathseek::search(&g, Query::new(0, 2, |_| 0).max_stored(1000));
    /// assert!(matches!(r.outcome, Outcome::Partial { limit: Limit::Stored, .. }));
    /// assert!(r.stats.stored <= 1002);
    /// ```
    pub fn max_stored(mut self, n: usize) -> Self {
        self.limits.max_stored = Some(n);
        self
    }

    /// Looks only for paths of cost at most `max`: the search stops with a
    /// partial outcome ([`Limit::Cost`]) when the smallest `f = g + h` in the
    /// open set exceeds it (so, with an admissible heuristic, as soon as no
    /// path to a goal of cost `<= max` can remain). Every node it expands has
    /// `g <= max`, so the partial path costs at most `max`.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Limit, Outcome, Query};
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 3));
    /// let h = |n: u32| 3 * 10u32.saturating_sub(n);
    /// let r = pathseek::search(&g, Query::new(0, 10, h).max_cost(30));
    /// assert_eq!(r.found().unwrap().cost, 30);
    /// // The heuristic already says 30 at the start: nothing within 29 exists.
    /// let r = pathseek::search(&g, Query::new(0, 10, h).max_cost(29));
    /// let Outcome::Partial { path, limit } = r.outcome else { panic!() };
    /// assert_eq!((limit, path.nodes, r.stats.expanded), (Limit::Cost, vec![0], 0));
    /// ```
    pub fn max_cost(mut self, max: C) -> Self {
        self.limits.max_cost = Some(max);
        self
    }

    /// Looks only for paths cheaper than `bound`: the search stops with a
    /// partial outcome ([`Limit::Cost`]) when the smallest `f = g + h` in
    /// the open set reaches it. For a search that must beat a path already
    /// known (the shortcut searches of
    /// [`ShortcutRefiner`](crate::grid::ShortcutRefiner)): with
    /// [`max_cost`](Self::max_cost) at the known cost it would go on to
    /// expand the nodes on paths that only tie it. Every node it expands has
    /// `g < bound`. Both limits can be set; each applies.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Limit, Outcome, Query};
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 3));
    /// let h = |n: u32| 3 * 10u32.saturating_sub(n);
    /// let r = pathseek::search(&g, Query::new(0, 10, h).below_cost(31));
    /// assert_eq!(r.found().unwrap().cost, 30);
    /// // Nothing costs less than 30.
    /// let r = pathseek::search(&g, Query::new(0, 10, h).below_cost(30));
    /// let Outcome::Partial { limit, .. } = r.outcome else { panic!() };
    /// assert_eq!((limit, r.stats.expanded), (Limit::Cost, 0));
    /// ```
    pub fn below_cost(mut self, bound: C) -> Self {
        self.limits.below_cost = Some(bound);
        self
    }

    /// Stops with a partial outcome ([`Limit::Deadline`]) once `at` has passed.
    /// The clock is read every [`CLOCK_INTERVAL`] expansions, not per node.
    ///
    /// # Example
    /// ```
    /// use std::time::{Duration, Instant};
    /// use pathseek::{Limit, Outcome, Query};
    /// let g = pathseek::graph::from_fn(|n: u64, edge: &mut dyn FnMut(u64, u32)| edge(n + 1, 1));
    /// let q = Query::new(0, u64::MAX, |_| 0).deadline(Instant::now() + Duration::from_millis(5));
    /// let r = pathseek::search(&g, q);
    /// assert!(matches!(r.outcome, Outcome::Partial { limit: Limit::Deadline, .. }));
    /// ```
    pub fn deadline(mut self, at: Instant) -> Self {
        self.limits.deadline = Some(at);
        self
    }

    /// For a search within a [`Reachability`](crate::components::Reachability)
    /// ([`AStar::search_within`](crate::AStar::search_within),
    /// [`AStar::start_within`](crate::AStar::start_within)): when
    /// no start can reach the goal (blocked, or in another component), search
    /// to the reachable node nearest to it instead
    /// ([`Grid::nearest_cell`](crate::Grid::nearest_cell) on grids: by the
    /// grid's heuristic distance, ties to the smaller `y`, then `x`). Without
    /// it, such a search ends with no path and nothing expanded. Other
    /// searches ignore it.
    ///
    /// # Example
    /// See [`AStar::search_within`](crate::AStar::search_within).
    pub fn fallback_to_nearest(mut self) -> Self {
        self.fallback = true;
        self
    }

    /// Replaces all the limits.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Query, query::Limits};
    /// let q = Query::<u32, u32, _>::new(0, 5, |_: u32| 0).max_expansions(10).with_limits(Limits::default());
    /// assert_eq!(q.limits().max_expansions, None);
    /// ```
    pub fn with_limits(mut self, limits: Limits<C>) -> Self {
        self.limits = limits;
        self
    }

    /// The limits set.
    pub fn limits(&self) -> &Limits<C> {
        &self.limits
    }

    /// The starts and their initial costs.
    pub fn starts(&self) -> &[(N, C)] {
        &self.starts
    }

    /// The goal.
    pub fn goal(&self) -> &T {
        &self.goal
    }

    /// The heuristic.
    pub fn heuristic(&self) -> &H {
        &self.heuristic
    }
}

/// How often a search with a [`deadline`](Query::deadline) reads the clock:
/// every this many expansions.
pub const CLOCK_INTERVAL: u64 = 32;
