//! [`DStarLite`]: D* Lite on any [`Replannable`] graph (a [`Grid`], or
//! your own), over any [`OpenSet`].

mod changes;
mod repair;

use self::repair::{step, Label, NodeState};
use super::replannable::Replannable;
use super::stats::ReplanStats;
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion};
#[cfg(doc)]
use crate::grid::Grid;
use crate::open_set::OpenSet;
use crate::result::{SearchError, Status};
#[cfg(doc)]
use crate::Graph;

/// D* Lite (Koenig and Likhachev 2002): the cost and path from a unit's
/// node to a goal, repaired after the unit moves and the map changes, on a
/// [`Grid`] or any graph that is [`Replannable`], generic over the graph
/// `G` (its cost type: integers, floats, the default
/// [`Length`](crate::Length)) and the open set `O`.
///
/// The search runs from the goal backwards: `g(s)` is the cost from `s` to
/// the goal, found through the *predecessors* of each settled node
/// ([`Replannable::predecessors`]; on a grid [`Grid::reversed`], which
/// charges terrain on the cell entered, so the edge `s -> u` costs
/// `move * weight(u)` whichever way it is read). The heuristic is the
/// graph's estimate from the unit's node ([`Replannable::estimate_from`];
/// on a grid its own [`Grid::heuristic`], scaled by [`Grid::min_terrain`]).
///
/// # Use
/// 1. [`start(&graph, start, goal)`](Self::start), then
///    [`compute(&graph)`](Self::compute) and
///    [`path_into(&graph, &mut path)`](Self::path_into).
/// 2. Each step: [`move_to(&graph, node)`](Self::move_to) when the unit
///    has walked; edit the map; then [`compute`](Self::compute) again.
///
/// The graph is passed to every call and nothing is borrowed between calls.
/// Edits reach the plan through the graph's version and change log
/// ([`Graph::version`], [`Graph::changed_since`]: a grid's edit log), read
/// by `compute` and `move_to`; when the log cannot tell (it dropped edits,
/// or this is another graph: a grid's versions are never shared by two
/// maps, except a clone not edited since, which is the same map), the
/// plan starts again from the unit's node at the next `compute`. So an
/// answer is always for the graph passed to that call, as it is then;
/// `path_into` gives nothing for a graph whose version is not the one the
/// last `compute` saw. A graph without a log (its version never
/// changes) tells the plan with [`nodes_changed`](Self::nodes_changed) (a
/// grid also has [`cells_changed`](Self::cells_changed)). A change of the
/// estimate itself (on a grid: of its smallest terrain weight) is noticed:
/// every key in the queue is recomputed, `O(nodes)`.
///
/// # The open set and ties
/// D* Lite's key is the pair `(k1, k2) = (min(g, rhs) + h + k_m, min(g, rhs))`.
/// An [`Entry`](crate::open_set::Entry) carries `f = k1` and, as its `g`
/// (larger first on equal `f`), a tie value: infinite for an
/// underconsistent node (`g < rhs`), `k2` otherwise.
///
/// The paper breaks ties on `k1` by the smaller `k2`, like an A* that
/// prefers the node nearest its start (here the goal): on an open grid
/// under the octile heuristic every cell of the parallelogram between goal
/// and unit ties, and such a search expands all of them (6,579 cells where
/// A* preferring the larger `g` expands 195, on the den520d walk of
/// `examples/living_map.rs`). The order used here is A*'s: the node
/// nearest the unit first, except that raised (underconsistent) nodes come
/// before any lowered one of the same `k1`. That exception is what keeps
/// the answer exact: a node `u` whose `rhs` rests on a successor `v` whose
/// `g` is too low has `k1(u) >= k1(v)` (the heuristic is consistent), so
/// `v` is raised before `u` is settled; and the unit's cell, once
/// consistent with `k1 = g + k_m`, can only rest on such a `v` with
/// `k1(v) <= k1(start)`, which is popped before the search stops. The
/// property tests check the result against Dijkstra after every step.
///
/// # Zero-cost moves
/// A move may cost 0 (a grid cell of terrain weight 0; an edge of cost 0;
/// a float cost too small to change a sum). D* Lite's argument needs every
/// move to add to the cost: with free moves, two nodes whose `rhs` each
/// rest on the other's `g` at no cost are consistent at any cost, so after
/// the edit that cuts them off from the goal they would keep their old cost
/// (and a path read from the `g`s could go round between them for ever).
/// So `g` and `rhs` are labels `(cost, zero steps)`: the cost, and how many
/// moves of the path it was read from added nothing to it, compared by cost
/// and then by that count. Every move adds to a label, a cycle of labels
/// resting on each other is never consistent, and the path ends (each step
/// has a smaller label). Keys stay costs; the argument above holds for the
/// costs of the labels, with "underconsistent" read on labels. On a graph
/// without free moves the count is always 0 and nothing changes.
///
/// D* Lite removes nodes from its queue and raises their keys; an
/// [`OpenSet`] only pushes, pops and lowers keys. So removal is **lazy**:
/// every node keeps the key of its live entry and an "in the queue" flag,
/// and a popped entry that does not carry the node's current key, or whose
/// node left the queue, is stale and skipped. A raised key is a new push
/// (the old entry goes stale). A lowered key uses
/// [`decrease_key`](OpenSet::decrease_key) only when the open set holds
/// exactly one entry of the node (counted through [`OpenSet::len`]), since
/// that is what its contract assumes ("in the set with a larger key"): an
/// in-place heap then moves it, a lazy one pushes. With stale copies around
/// it is a push. The open set has no peek, so the entry that ends a
/// [`compute`](Self::compute) is pushed back: one push per call.
///
/// # Why not a node store
/// The crate's node stores ([`store`](crate::store)) keep per node a `g`,
/// an `h` computed once, a parent and an open/closed flag. D* Lite needs
/// `g` and `rhs` (no parent: the path is read from the neighbours' `g`),
/// the key of the node's live entry for lazy deletion (two costs: `h`
/// changes whenever the unit moves, so it cannot be cached), a count of
/// its entries, and *no* per-search reset: the whole point is that the
/// state outlives a search. So the state is one flat array of
/// `4 * size_of::<C>() + 16` bytes per node (with the two counts of zero
/// steps; 32 bytes for `u32` costs, 48 for `f64`), indexed by the graph's dense
/// ids ([`DenseIds::node_index`]), allocated by [`start`](Self::start) and
/// reused by the next start on a graph of the same size or smaller.
///
/// # Cost of a call
/// [`start`](Self::start): `O(touched)`, resetting only the nodes the
/// previous plan took out of their fresh state (a list of their ids, at
/// most a quarter of the nodes; past that, and on a graph of another size,
/// the whole array, `O(nodes)`). A replan:
/// `O(k log k)` for the `k` nodes it expands, times their degree, plus one
/// `rhs` per node whose edges changed (on a grid, each edited cell and its
/// eight neighbours). No allocation once the array, the open set and the
/// edge buffers have grown.
///
/// # Example
/// ```
/// use pathseek::incremental::DStarLite;
/// use pathseek::open_set::DaryHeap;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Status};
///
/// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
/// let mut dstar = DStarLite::new(DaryHeap::<u32, 4>::new());
/// dstar.start(&grid, Cell::new(0, 0), Cell::new(7, 0))?;
/// assert_eq!(dstar.compute(&grid), Status::Found { cost: 7 });
/// // A wall across row 0 but for its last row: round it.
/// for y in 0..7 {
///     grid.set_passable(Cell::new(3, y), false)?;
/// }
/// dstar.cells_changed(&grid, (0..7).map(|y| Cell::new(3, y)));
/// assert_eq!(dstar.compute(&grid), Status::Found { cost: 7 + 14 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct DStarLite<G: Replannable, O> {
    open: O,
    nodes: Vec<NodeState<G::Cost>>,
    /// The unit's node and the goal, with their dense ids (`None`: not started).
    start: Option<G::Node>,
    goal: Option<G::Node>,
    start_index: usize,
    goal_index: usize,
    k_m: G::Cost,
    /// The estimate from the unit's node, as the graph made it.
    h: Option<G::Estimate>,
    /// The estimate changed: every key must be recomputed before the next replan.
    needs_rekey: bool,
    /// The state must be built again from the unit's node before the next
    /// replan (the change log could not tell what changed, or an error lost
    /// the state and the map has changed since).
    rebuild: bool,
    /// The last `compute` ended with an answer (not `InProgress`), and
    /// nothing changed since.
    settled: bool,
    /// That answer.
    answer: Status<G::Node, G::Cost>,
    /// An error that lost the state (an invalid edge cost, an overflow):
    /// answered until the map changes, then the plan is built again.
    error: Option<SearchError<G::Node, G::Cost>>,
    max_expansions: u64,
    current: ReplanStats,
    last: ReplanStats,
    total: ReplanStats,
    /// The graph's [`version`](Graph::version) the plan has caught up with.
    seen: u64,
    /// The nodes whose edges changed, read from the graph's log, reused.
    edited: Vec<G::Node>,
    /// Edge buffers (dense id, node, cost), reused: the edges of the node
    /// being expanded, and of a node whose `rhs` is recomputed.
    around: Vec<(usize, G::Node, G::Cost)>,
    out: Vec<(usize, G::Node, G::Cost)>,
    /// The dense ids of the nodes this plan has taken out of their fresh
    /// state, so that the next start resets those only; `None` once more
    /// than a quarter of the nodes were touched (a full reset is then as
    /// cheap).
    touched: Option<Vec<u32>>,
}

impl<G: Replannable, O: Clone> Clone for DStarLite<G, O> {
    fn clone(&self) -> Self {
        DStarLite {
            open: self.open.clone(),
            nodes: self.nodes.clone(),
            start: self.start,
            goal: self.goal,
            start_index: self.start_index,
            goal_index: self.goal_index,
            k_m: self.k_m,
            h: self.h,
            needs_rekey: self.needs_rekey,
            rebuild: self.rebuild,
            settled: self.settled,
            answer: self.answer.clone(),
            error: self.error.clone(),
            max_expansions: self.max_expansions,
            current: self.current,
            last: self.last,
            total: self.total,
            seen: self.seen,
            edited: Vec::new(),
            around: Vec::new(),
            out: Vec::new(),
            touched: None,
        }
    }
}

impl<G: Replannable, O> core::fmt::Debug for DStarLite<G, O> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DStarLite")
            .field("start", &self.start)
            .field("goal", &self.goal)
            .field("k_m", &self.k_m)
            .field("nodes", &self.nodes.len())
            .field("answer", &self.answer)
            .field("error", &self.error)
            .field("total", &self.total())
            .finish_non_exhaustive()
    }
}

impl<G: Replannable, O: Default> Default for DStarLite<G, O> {
    fn default() -> Self {
        DStarLite::new(O::default())
    }
}

impl<G: Replannable, O> DStarLite<G, O> {
    /// A planner with the given (empty) open set; nothing started.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::Grid;
    /// let dstar = DStarLite::<Grid<f64>, BinaryHeap<f64>>::new(BinaryHeap::new());
    /// assert_eq!(dstar.position(), None);
    /// ```
    pub fn new(open: O) -> Self {
        DStarLite {
            open,
            nodes: Vec::new(),
            start: None,
            goal: None,
            start_index: 0,
            goal_index: 0,
            k_m: num_traits::Zero::zero(),
            h: None,
            needs_rekey: false,
            rebuild: false,
            settled: false,
            answer: Status::Idle,
            error: None,
            max_expansions: u64::MAX,
            current: ReplanStats::default(),
            last: ReplanStats::default(),
            total: ReplanStats::default(),
            seen: 0,
            edited: Vec::new(),
            around: Vec::new(),
            out: Vec::new(),
            touched: None,
        }
    }

    /// The same planner with at most `max` expansions per
    /// [`compute`](Self::compute) call (re-keys count too: each is an entry
    /// taken from the open set); a call that reaches it returns
    /// [`Status::InProgress`], and the next call goes on where it stopped.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Status};
    /// let grid = Grid::new(32, 32, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new()).with_max_expansions(10);
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(31, 31))?;
    /// let mut frames = 1;
    /// while dstar.compute(&grid) == Status::InProgress {
    ///     frames += 1;
    /// }
    /// assert!(frames > 1);
    /// assert_eq!(dstar.status(), Status::Found { cost: 31 * 3 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_max_expansions(mut self, max: u64) -> Self {
        self.max_expansions = max.max(1);
        self
    }

    /// The unit's node (the start of the path); `None` before
    /// [`start`](Self::start).
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// assert_eq!(dstar.position(), None);
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(3, 3))?;
    /// assert_eq!(dstar.position(), Some(Cell::new(0, 0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> Option<G::Node> {
        self.start
    }

    /// The goal; `None` before [`start`](Self::start).
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(3, 3))?;
    /// assert_eq!(dstar.goal(), Some(Cell::new(3, 3)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goal(&self) -> Option<G::Node> {
        self.goal
    }

    /// The counters of the last replan: the [`move_to`](Self::move_to) and
    /// [`cells_changed`](Self::cells_changed) calls since the
    /// [`compute`](Self::compute) before it, and that compute (for the first
    /// one, the initial search).
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile())?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(40, 40))?;
    /// dstar.compute(&grid);
    /// let first = dstar.stats().expanded;
    /// grid.set_passable(Cell::new(63, 63), false)?; // far behind the goal
    /// dstar.cells_changed(&grid, [Cell::new(63, 63)]);
    /// dstar.compute(&grid);
    /// assert!(dstar.stats().expanded * 20 < first);
    /// assert_eq!(dstar.total().expanded, first + dstar.stats().expanded);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> ReplanStats {
        self.last
    }

    /// The counters since [`start`](Self::start), every replan added up
    /// (`max_open`: the largest).
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(7, 7))?;
    /// dstar.compute(&grid);
    /// dstar.move_to(&grid, Cell::new(1, 0))?;
    /// dstar.compute(&grid);
    /// assert!(dstar.total().expanded >= dstar.stats().expanded);
    /// assert!(dstar.total().pushed > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn total(&self) -> ReplanStats {
        let mut t = self.total;
        t.add(&self.current);
        t
    }

    /// The open set.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::{BinaryHeap, OpenSet};
    /// use pathseek::Grid;
    /// let dstar = DStarLite::<Grid<u32>, BinaryHeap<u32>>::new(BinaryHeap::new());
    /// assert!(dstar.open_set().is_empty());
    /// ```
    pub fn open_set(&self) -> &O {
        &self.open
    }

    /// Heap memory held by the per-node state array and the list of the
    /// nodes a plan touched, in bytes (the open set's is not counted).
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(10, 10, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(9, 9))?;
    /// assert!(dstar.heap_bytes() >= 100 * (4 * 4 + 16));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * core::mem::size_of::<NodeState<G::Cost>>()
            + self.touched.as_ref().map_or(0, |t| t.capacity() * 4)
    }
}

impl<N, C, G, O> DStarLite<G, O>
where
    N: Copy + Eq + core::hash::Hash + core::fmt::Debug,
    C: Cost,
    G: Replannable<Node = N, Cost = C>,
    O: OpenSet<C>,
{
    /// Starts a plan from `start` (the unit's node) to `goal` on `graph`:
    /// every node's state is reset (the nodes the last plan touched, or all
    /// of them: see "Cost of a call"; the memory is reused) and the
    /// goal is queued; nothing is expanded yet. Returns the error, and keeps
    /// nothing started, when `start` or `goal` is not in the graph
    /// ([`DenseIds::node_index`], [`Graph::contains`]: off the grid or blocked)
    /// ([`StartBlocked`](SearchError::StartBlocked),
    /// [`GoalBlocked`](SearchError::GoalBlocked)).
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, SearchError};
    /// let mut grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// grid.set_passable(Cell::new(3, 3), false)?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// let err = dstar.start(&grid, Cell::new(0, 0), Cell::new(3, 3));
    /// assert_eq!(err, Err(SearchError::GoalBlocked { node: Cell::new(3, 3) }));
    /// let err = dstar.start(&grid, Cell::new(9, 0), Cell::new(1, 1));
    /// assert_eq!(err, Err(SearchError::StartBlocked { node: Cell::new(9, 0) }));
    /// assert!(dstar.start(&grid, Cell::new(0, 0), Cell::new(1, 1)).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&mut self, graph: &G, start: N, goal: N) -> Result<(), SearchError<N, C>> {
        self.start = None;
        self.goal = None;
        if graph.node_index(start).is_none() || !graph.contains(start) {
            return Err(SearchError::StartBlocked { node: start });
        }
        if graph.node_index(goal).is_none() || !graph.contains(goal) {
            return Err(SearchError::GoalBlocked { node: goal });
        }
        self.start = Some(start);
        self.goal = Some(goal);
        self.error = None;
        self.settled = false;
        self.answer = Status::InProgress;
        self.current = ReplanStats::default();
        self.last = ReplanStats::default();
        self.total = ReplanStats::default();
        if let Err(e) = self.reset(graph) {
            self.error = Some(e.clone());
            return Err(e);
        }
        Ok(())
    }

    /// Builds the plan's state afresh on `graph` as it is, from the unit's
    /// node to the goal (both in the graph): every node's state reset, the
    /// goal queued, nothing expanded.
    fn reset(&mut self, graph: &G) -> Result<(), SearchError<N, C>> {
        let (Some(start), Some(goal)) = (self.start, self.goal) else {
            return Err(SearchError::NotStarted);
        };
        let (Some(start_index), Some(goal_index)) =
            (graph.node_index(start), graph.node_index(goal))
        else {
            return Err(SearchError::NotStarted);
        };
        let count = graph.node_count();
        match self.touched.as_mut() {
            // Only what the last plan touched (a generation's worth), when
            // the graph has the same size.
            Some(touched) if self.nodes.len() == count => {
                for &i in touched.iter() {
                    self.nodes[i as usize] = NodeState::fresh();
                }
                touched.clear();
            }
            _ => {
                self.nodes.clear();
                self.nodes.resize(count, NodeState::fresh());
                let mut touched = self.touched.take().unwrap_or_default();
                touched.clear();
                self.touched = Some(touched);
            }
        }
        self.open.clear();
        self.start_index = start_index;
        self.goal_index = goal_index;
        self.k_m = C::zero();
        self.h = Some(graph.estimate_from(start));
        self.needs_rekey = false;
        self.rebuild = false;
        self.seen = graph.version();
        self.touch(goal_index);
        self.nodes[goal_index].set_rhs(Label::zero());
        self.update_vertex(goal_index, goal)
    }

    /// Computes, or repairs after [`move_to`](Self::move_to) and edits, the
    /// cheapest path from the unit's node to the goal (D* Lite's
    /// `ComputeShortestPath`) on `graph` as it is now. Returns
    /// [`Status::Found`] with its cost, [`Status::NoPath`] when the goal
    /// cannot be reached from the unit's node,
    /// [`Status::InProgress`] when the
    /// [expansion limit](Self::with_max_expansions) was reached (call again),
    /// or an error:
    /// - [`StartBlocked`](SearchError::StartBlocked) while the unit's node is
    ///   not in the graph (on a grid: blocked), then
    ///   [`GoalBlocked`](SearchError::GoalBlocked) while the goal is not, as
    ///   [`AStar`](crate::AStar) answers a query from that node. Both are
    ///   read from the graph at every call, so they end when the node is
    ///   open again, and the plan is not lost meanwhile;
    /// - [`CostOverflow`](SearchError::CostOverflow) or
    ///   [`InvalidEdgeCost`](SearchError::InvalidEdgeCost) (a NaN or
    ///   negative cost): the state is lost; answered again until the graph
    ///   changes (a new [`version`](Graph::version), or
    ///   [`nodes_changed`](Self::nodes_changed)) or the unit moves, and the
    ///   plan is then built again from the unit's node;
    /// - [`NotStarted`](SearchError::NotStarted) before a start, or on a graph
    ///   of another size than the one started on.
    ///
    /// [`stats`](Self::stats) has the work done.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, SearchError, Status};
    /// let mut grid = Grid::new(5, 5, Connectivity::Eight, GridCosts::float_octile())?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(4, 4));
    /// dstar.start(&grid, start, goal)?;
    /// assert!(matches!(dstar.compute(&grid), Status::Found { .. }));
    /// // Wall the goal in: no path, and the plan comes back when it opens.
    /// let ring = [(3, 3), (4, 3), (3, 4)].map(|(x, y)| Cell::new(x, y));
    /// for cell in ring {
    ///     grid.set_passable(cell, false)?;
    /// }
    /// assert_eq!(dstar.compute(&grid), Status::NoPath);
    /// grid.set_passable(ring[1], true)?;
    /// let fresh = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    /// let cost = fresh.found().unwrap().cost; // round by (4, 2) and (4, 3)
    /// assert_eq!(dstar.compute(&grid), Status::Found { cost });
    /// // The goal itself blocked: the error A* gives, until it opens.
    /// grid.set_passable(goal, false)?;
    /// assert_eq!(dstar.compute(&grid), Status::Error(SearchError::GoalBlocked { node: goal }));
    /// grid.set_passable(goal, true)?;
    /// assert_eq!(dstar.compute(&grid), Status::Found { cost });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute(&mut self, graph: &G) -> Status<N, C> {
        self.catch_up(graph);
        let status = self.replan(graph);
        self.settled = !matches!(status, Status::InProgress);
        self.answer = status.clone();
        if self.settled {
            self.last = core::mem::take(&mut self.current);
            self.total.add(&self.last);
        }
        status
    }

    /// Where the plan stands without working on it: the answer of the last
    /// [`compute`](Self::compute) (found, no path, or an error) when nothing
    /// was reported since, [`Status::InProgress`] when a replan is due (the
    /// unit moved, or edits were told, since), [`Status::Idle`] before a
    /// start. It reads no graph: edits made since the last `compute` show
    /// at the next one.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Status};
    /// let grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// assert_eq!(dstar.status(), Status::Idle);
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(3, 3))?;
    /// assert_eq!(dstar.status(), Status::InProgress); // computed by `compute` only
    /// dstar.compute(&grid);
    /// assert_eq!(dstar.status(), Status::Found { cost: 6 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> Status<N, C> {
        if self.start.is_none() {
            return Status::Idle;
        }
        if let Some(e) = &self.error {
            return Status::Error(e.clone());
        }
        if !self.settled {
            return Status::InProgress;
        }
        self.answer.clone()
    }

    /// Writes into `path` (cleared first) the current cheapest path from the
    /// unit's node to the goal, both included, and returns its cost (the sum
    /// of its steps on `graph`). `None`, and an empty `path`, when there is
    /// none, or when the plan is not up to date: before
    /// [`compute`](Self::compute) has answered since the last
    /// [`move_to`](Self::move_to) or edit. Each step goes to the successor
    /// `s'` with the smallest `c(s, s') + g(s')` (ties: the graph's
    /// successor order).
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(3, 1, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// grid.set_terrain(Cell::new(2, 0), 5)?; // entering the goal costs 5
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(2, 0))?;
    /// let mut path = Vec::new();
    /// assert_eq!(dstar.path_into(&grid, &mut path), None); // not computed yet
    /// dstar.compute(&grid);
    /// assert_eq!(dstar.path_into(&grid, &mut path), Some(6));
    /// assert_eq!(path, [(0, 0), (1, 0), (2, 0)].map(Cell::from));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_into(&self, graph: &G, path: &mut Vec<N>) -> Option<C> {
        path.clear();
        let (mut at, goal) = self.ready(graph)?;
        let mut cost = C::zero();
        path.push(at);
        while at != goal {
            let Some((next, c)) = self.best_step(graph, at) else {
                path.clear();
                return None;
            };
            cost = match cost.checked_add_valid(c) {
                Some(total) if path.len() <= self.nodes.len() => total,
                _ => {
                    path.clear();
                    return None;
                }
            };
            path.push(next);
            at = next;
        }
        Some(cost)
    }

    /// The unit's next step on the current cheapest path and its cost on
    /// `graph`: the second node of [`path_into`](Self::path_into)'s path,
    /// without walking the rest of it. `None` at the goal, and whenever
    /// `path_into` answers `None` (no path; not computed since the last
    /// [`move_to`](Self::move_to) or edit): [`status`](Self::status) tells
    /// which.
    ///
    /// # Complexity
    /// One expansion of the unit's node (`path_into`: one per node of the
    /// path). A unit that walks its plan needs only this at every step.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Status};
    /// let grid = Grid::new(3, 1, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(2, 0))?;
    /// assert_eq!(dstar.next_step(&grid), None); // not computed yet
    /// let mut at = Cell::new(0, 0);
    /// while let Status::Found { .. } = dstar.compute(&grid) {
    ///     let Some((next, _)) = dstar.next_step(&grid) else { break }; // arrived
    ///     at = next;
    ///     dstar.move_to(&grid, at)?;
    /// }
    /// assert_eq!(at, Cell::new(2, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn next_step(&self, graph: &G) -> Option<(N, C)> {
        let (at, goal) = self.ready(graph)?;
        if at == goal {
            return None;
        }
        self.best_step(graph, at)
    }

    /// The unit's node and the goal when a path can be read off the plan:
    /// it answered `Found` and `graph` is the map it answered for.
    fn ready(&self, graph: &G) -> Option<(N, N)> {
        let (Some(at), Some(goal)) = (self.start, self.goal) else {
            return None;
        };
        // Not computed, or the graph was edited since: compute first.
        (matches!(self.status(), Status::Found { .. })
            && self.same_size(graph)
            && graph.version() == self.seen)
            .then_some((at, goal))
    }

    /// The successor of `at` with the smallest `c(s, s') + g(s')`, and the
    /// cost of the step.
    #[inline]
    fn best_step(&self, graph: &G, at: N) -> Option<(N, C)> {
        let mut best = BestStep {
            graph,
            nodes: &self.nodes,
            best: Label::inf(),
            next: None,
        };
        graph.expand(Expansion::new(at), &mut best);
        best.next
    }
}

/// The successor `s'` of a node with the smallest `c(s, s') + g(s')`, as
/// labels (fewer zero-cost steps first on equal costs; the first of
/// equals), as the edges are reported: by dense id when the graph gives it.
struct BestStep<'a, G: DenseIds> {
    graph: &'a G,
    nodes: &'a [NodeState<G::Cost>],
    best: Label<G::Cost>,
    next: Option<(G::Node, G::Cost)>,
}

impl<G: DenseIds> EdgeSink<G::Node, G::Cost> for BestStep<'_, G> {
    #[inline]
    fn edge(&mut self, to: G::Node, cost: G::Cost) {
        if let Some(index) = self.graph.node_index(to) {
            self.indexed_edge(to, index, cost);
        }
    }

    #[inline]
    fn indexed_edge(&mut self, to: G::Node, index: usize, cost: G::Cost) {
        let Some(node) = self.nodes.get(index) else {
            return;
        };
        // Infinite (unreached) or overflowing: not a step of a path.
        if !cost.is_valid() {
            return;
        }
        if let Some(through) = step(cost, node.g())
            && !through.is_inf()
            && through.lt(self.best)
        {
            self.best = through;
            self.next = Some((to, cost));
        }
    }
}
