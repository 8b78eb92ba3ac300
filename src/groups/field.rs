//! [`DistanceField`]: every node's cost to one goal and its next step there,
//! from one Dijkstra over the reversed graph: a flow field.

use super::same_size;
use crate::astar::Engine;
use crate::cost::Cost;
use crate::graph::{check_version, DenseIds, FollowMap, MapChanged};
use crate::grid::{Cell, Grid};
use crate::open_set::BinaryHeap;
use crate::result::{SearchError, Stats, Status};
use crate::store::{IndexedStore, Records};
use crate::Query;

/// A distance field (flow field) to one goal: for every node reached, its
/// cost to the goal and the next node on a cheapest path there.
///
/// Built by one Dijkstra from the goal over the *reversed* graph (the A*
/// core with a zero heuristic and no goal): [`build_grid`](Self::build_grid)
/// reverses a grid itself ([`Grid::reversed`]: terrain charged on the cell
/// entered stays right); for another graph pass its reverse to
/// [`build`](Self::build) ([`StaticGraph::reverse`](crate::StaticGraph::reverse);
/// a graph whose every edge has its reverse at the same cost is its own).
/// Units then walk [`next_step`](Self::next_step) with no search of their own.
///
/// Queries take the forward graph (the one the units walk) to map nodes to
/// dense ids; it must have the same node count as the graph the field was
/// built on, or they return `Ok(None)`. The field records the graph's
/// [`version`](crate::Graph::version) when built (a reversed grid's is the
/// grid's): on a graph edited since, queries return
/// [`MapChanged`] instead of a step that may lead into a new wall. After an
/// edit, [`sync`](crate::graph::FollowMap::sync) builds it again to the
/// same goal (on a grid; [`refresh`](Self::refresh) on another graph).
///
/// # Memory
/// One node record per node of the graph, kept between builds: 16 bytes
/// with `u32` costs, 24 with `f64` (cost, an unused estimate, the next
/// step's id, a generation stamp), and the open set. A warm field builds
/// again without allocating.
///
/// # Complexity
/// One Dijkstra: O((n + m) log n) for the nodes within `max_cost`.
/// Queries are O(1); [`path_into`](Self::path_into) O(path length).
///
/// # Example
/// ```
/// use pathseek::groups::DistanceField;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
///
/// let mut grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::new(2u32, 3))?;
/// for y in 0..7 {
///     grid.set_passable(Cell::new(4, y), false)?; // a wall with a gap at the bottom
/// }
/// let goal = Cell::new(7, 0);
/// let mut field = DistanceField::new();
/// field.build_grid(&grid, goal, None)?;
/// // Any unit: its cost to the goal, and where to step next.
/// let unit = Cell::new(0, 0);
/// assert_eq!(field.cost(&grid, unit)?, pathseek::astar(&grid, unit, goal, |_| 0).found().map(|p| p.cost));
/// let mut path = Vec::new();
/// field.path_into(&grid, unit, &mut path)?;
/// assert_eq!((path.first(), path.last()), (Some(&unit), Some(&goal)));
/// assert!(path.contains(&Cell::new(4, 7))); // through the gap
/// // The map changes: the field refuses to answer until built again.
/// grid.set_passable(Cell::new(4, 7), false)?;
/// assert!(field.next_step(&grid, unit).is_err());
/// field.build_grid(&grid, goal, None)?;
/// assert_eq!(field.cost(&grid, unit)?, None); // the gap is closed
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct DistanceField<N, C: Cost> {
    engine: Engine<BinaryHeap<C>, IndexedStore<C>>,
    /// The engine's partial path, kept to reuse its buffer.
    scratch: Vec<N>,
    node_count: usize,
    goal: Option<N>,
    /// The bound of the last build.
    max_cost: Option<C>,
    /// The graph's version at the last build.
    version: u64,
    /// `false` for a field loaded and not yet attached to a graph: it
    /// answers for none (see `crate::save`).
    attached: bool,
    /// The goal and bound of the last build when it failed because the goal
    /// was blocked, and the graph's version then: the field answers
    /// "nothing reached" for that version only (refused with [`MapChanged`]
    /// once the graph changed), and [`refresh`](Self::refresh) builds again.
    blocked: Option<(N, Option<C>, u64)>,
}

impl<N, C: Cost> Default for DistanceField<N, C> {
    fn default() -> Self {
        DistanceField {
            engine: Engine::new(BinaryHeap::new(), IndexedStore::new()),
            scratch: Vec::new(),
            node_count: 0,
            goal: None,
            max_cost: None,
            version: 0,
            attached: true,
            blocked: None,
        }
    }
}

impl<N: Copy, C: Cost> DistanceField<N, C> {
    /// An empty field; its buffers grow on the first build.
    ///
    /// # Example
    /// ```
    /// let field = pathseek::groups::DistanceField::<u32, u32>::new();
    /// assert_eq!(field.goal(), None);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Builds the field to `goal` over `reversed`, the graph the units walk
    /// with every edge turned round. With `max_cost`, only nodes whose cost
    /// to the goal is at most that are settled (the rest stay unreached).
    ///
    /// After a [`GoalBlocked`](SearchError::GoalBlocked) error the field
    /// reaches nothing, on `reversed` as it is: its questions answer "not
    /// reached" there and [`MapChanged`] once the graph changes (the goal
    /// may be open again), and [`refresh`](Self::refresh) builds again.
    ///
    /// # Errors
    /// [`GoalBlocked`](SearchError::GoalBlocked) for a goal outside the graph,
    /// and the search's errors (an invalid edge cost, an overflow, a graph
    /// without dense ids).
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::DistanceField;
    /// use pathseek::StaticGraph;
    /// // One-way streets 0 -> 1 -> 2 and 0 -> 2.
    /// let g = StaticGraph::from_edges(3, [(0, 1, 1u32), (1, 2, 1), (0, 2, 5)])?;
    /// let mut field = DistanceField::new();
    /// field.build(&g.reverse(), 2, None)?;
    /// assert_eq!(field.cost(&g, 0)?, Some(2));
    /// assert_eq!(field.next_step(&g, 0)?, Some(1));
    /// // Within a cost of 1, node 0 is not reached.
    /// field.build(&g.reverse(), 2, Some(1))?;
    /// assert_eq!((field.cost(&g, 0)?, field.cost(&g, 1)?), (None, Some(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build<R: DenseIds<Node = N, Cost = C>>(
        &mut self,
        reversed: &R,
        goal: N,
        max_cost: Option<C>,
    ) -> Result<Stats, SearchError<N, C>> {
        self.goal = None;
        self.blocked = Some((goal, max_cost, reversed.version()));
        if !reversed.contains(goal) {
            return Err(SearchError::GoalBlocked { node: goal });
        }
        let mut query = Query::until(goal, |_| false, |_| C::zero());
        if let Some(max) = max_cost {
            query = query.max_cost(max);
        }
        match self.engine.run_into(reversed, query, &mut self.scratch).0 {
            Status::NoPath | Status::Partial { .. } => {}
            Status::Error(SearchError::StartBlocked { node }) => {
                return Err(SearchError::GoalBlocked { node });
            }
            Status::Error(e) => {
                self.blocked = None;
                return Err(e);
            }
            // No goal test passes, and the search runs to its end.
            Status::Found { .. } | Status::InProgress | Status::Idle => {}
        }
        self.node_count = reversed.node_count();
        self.blocked = None;
        self.goal = Some(goal);
        self.max_cost = max_cost;
        self.version = reversed.version();
        self.attached = true;
        Ok(self.engine.stats)
    }

    /// [`build`](Self::build) again, to the same goal within the same
    /// bound, if `reversed` has changed since the last build (its
    /// [`version`](crate::Graph::version) differs) or the field was loaded
    /// and not attached (the `serde` feature: see `pathseek::save`);
    /// returns whether it built. The field's memory is reused. A field never built has nothing
    /// to refresh: `Ok(false)`.
    ///
    /// # Errors
    /// Those of [`build`](Self::build) (the goal blocked by the edit: the
    /// field is then empty, and the next refresh after the graph changes
    /// builds again, to the same goal).
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::DistanceField;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut field = DistanceField::new();
    /// field.build_grid(&grid, Cell::new(7, 0), None)?;
    /// assert!(!field.refresh(&grid.reversed())?); // nothing changed
    /// grid.set_passable(Cell::new(6, 0), false)?;
    /// assert!(field.refresh(&grid.reversed())?);
    /// assert_eq!(field.next_step(&grid, Cell::new(5, 0))?, Some(Cell::new(5, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refresh<R: DenseIds<Node = N, Cost = C>>(
        &mut self,
        reversed: &R,
    ) -> Result<bool, SearchError<N, C>> {
        match (self.goal, self.blocked) {
            (Some(goal), _) if !self.attached || reversed.version() != self.version => {
                self.build(reversed, goal, self.max_cost).map(|_| true)
            }
            (None, Some((goal, max_cost, version))) if reversed.version() != version => {
                self.build(reversed, goal, max_cost).map(|_| true)
            }
            _ => Ok(false),
        }
    }

    /// The graph's [`version`](crate::Graph::version) at the last
    /// successful build (or `attach`, with the `serde` feature); `None`
    /// before one, and for a field loaded and not attached.
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::DistanceField;
    /// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
    /// let grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut field = DistanceField::new();
    /// assert_eq!(field.version(), None);
    /// field.build_grid(&grid, Cell::new(0, 0), None)?;
    /// assert_eq!(field.version(), Some(Graph::version(&grid)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn version(&self) -> Option<u64> {
        self.goal.filter(|_| self.attached).map(|_| self.version)
    }

    /// The goal of the last successful build.
    ///
    /// # Example
    /// See [`build`](Self::build).
    pub fn goal(&self) -> Option<N> {
        self.goal
    }

    /// The search counts of the last build: `expanded` is the number of
    /// nodes settled.
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::DistanceField;
    /// let g = pathseek::StaticGraph::from_undirected_edges(4, [(0, 1, 1u32), (1, 2, 1)])?;
    /// let mut field = DistanceField::new();
    /// field.build(&g, 0, None)?; // undirected: its own reverse
    /// assert_eq!(field.stats().expanded, 3); // node 3 is cut off
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.engine.stats
    }

    /// The settled record of `node`, if the field has one (the version is
    /// not checked).
    fn record<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        node: N,
    ) -> Option<&crate::store::NodeRecord<C>> {
        self.goal?;
        if !same_size(graph, self.node_count) {
            return None;
        }
        let index = graph.node_index(node)?;
        self.engine
            .store
            .record(u32::try_from(index).ok()?)
            .filter(|r| r.is_closed())
    }

    /// `Ok(())` for a field not built or built on `graph`'s version.
    fn check_graph<G: DenseIds<Node = N, Cost = C>>(&self, graph: &G) -> Result<(), MapChanged> {
        match self.goal {
            // Loaded, attached to no graph: it answers for none.
            Some(_) if !self.attached => Err(MapChanged {
                built: self.version,
                now: graph.version(),
            }),
            Some(_) => check_version(graph, self.version),
            // The goal was blocked: nothing is reached, on that map only.
            None => match self.blocked {
                Some((_, _, version)) => check_version(graph, version),
                None => Ok(()),
            },
        }
    }

    /// The graph's version a field whose goal was blocked answers for.
    pub(super) fn blocked_version(&self) -> Option<u64> {
        self.blocked.map(|(_, _, version)| version)
    }

    /// The goal and bound of the last build, also when it failed because
    /// the goal was blocked: what a rebuild builds to.
    pub(super) fn target(&self) -> Option<(N, Option<C>)> {
        match (self.goal, self.blocked) {
            (Some(goal), _) => Some((goal, self.max_cost)),
            (None, Some((goal, max_cost, _))) => Some((goal, max_cost)),
            (None, None) => None,
        }
    }

    /// Whether the field answers for some graph (not loaded and left
    /// unattached).
    pub(super) fn is_attached(&self) -> bool {
        self.attached
    }

    /// [`next_step`](Self::next_step) without the version check.
    pub(super) fn next_unchecked<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        node: N,
    ) -> Option<N> {
        let parent = self.record(graph, node)?.parent()?;
        graph.node_at(parent as usize)
    }

    /// [`cost`](Self::cost) without the version check.
    pub(super) fn cost_unchecked<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        node: N,
    ) -> Option<C> {
        self.record(graph, node).map(|r| r.g)
    }

    /// The cost of a cheapest path from `node` to the goal; `Ok(None)` if
    /// the node was not reached (cut off, beyond `max_cost`, or not a node
    /// of the graph).
    ///
    /// # Errors
    /// [`MapChanged`] if `graph` has changed since the field was built.
    ///
    /// # Example
    /// See [`DistanceField`].
    pub fn cost<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        node: N,
    ) -> Result<Option<C>, MapChanged> {
        self.check_graph(graph)?;
        Ok(self.cost_unchecked(graph, node))
    }

    /// The next node on a cheapest path from `node` to the goal; `Ok(None)`
    /// at the goal and for a node not reached.
    ///
    /// # Errors
    /// [`MapChanged`] if `graph` has changed since the field was built: the
    /// step might lead into a new wall.
    ///
    /// # Example
    /// See [`build`](Self::build).
    pub fn next_step<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        node: N,
    ) -> Result<Option<N>, MapChanged> {
        self.check_graph(graph)?;
        Ok(self.next_unchecked(graph, node))
    }

    /// Writes the path from `node` to the goal, following the next steps,
    /// into `path` (cleared first) and returns its cost; `Ok(None)` (and an
    /// empty path) if the node was not reached.
    ///
    /// # Errors
    /// [`MapChanged`] (and an empty path) if `graph` has changed since the
    /// field was built.
    ///
    /// # Example
    /// See [`DistanceField`].
    pub fn path_into<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        node: N,
        path: &mut Vec<N>,
    ) -> Result<Option<C>, MapChanged> {
        path.clear();
        self.check_graph(graph)?;
        let Some(cost) = self.cost_unchecked(graph, node) else {
            return Ok(None);
        };
        let mut at = node;
        path.push(at);
        while let Some(next) = self.next_unchecked(graph, at) {
            if path.len() > self.node_count {
                path.clear();
                return Ok(None);
            }
            path.push(next);
            at = next;
        }
        Ok(Some(cost))
    }

    /// Heap memory held by the field's records, in bytes (the open set,
    /// whose size depends on the graph's shape, is not counted).
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::DistanceField;
    /// let g = pathseek::StaticGraph::from_undirected_edges(100, (0..99).map(|v| (v, v + 1, 1u32)))?;
    /// let mut field = DistanceField::new();
    /// field.build(&g, 0, None)?;
    /// assert!(field.heap_bytes() >= 100 * 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.engine.store.heap_bytes() + self.scratch.capacity() * core::mem::size_of::<N>()
    }
}

impl<C: Cost> DistanceField<Cell, C> {
    /// [`build`](Self::build) on [`grid.reversed()`](Grid::reversed): the
    /// field of the units walking `grid` to `goal`.
    ///
    /// # Example
    /// See [`DistanceField`].
    pub fn build_grid(
        &mut self,
        grid: &Grid<C>,
        goal: Cell,
        max_cost: Option<C>,
    ) -> Result<Stats, SearchError<Cell, C>> {
        self.build(&grid.reversed(), goal, max_cost)
    }
}

impl<C: Cost> FollowMap<Grid<C>> for DistanceField<Cell, C> {
    type Synced = bool;
    type Error = SearchError<Cell, C>;

    /// The grid's [`version`](crate::Graph::version) the field answers
    /// for: its last build (or `attach`), or the build that found the goal
    /// blocked; 0 (no map's) before a build and for a field loaded and not
    /// attached.
    #[inline]
    fn map_version(&self) -> u64 {
        self.version()
            .or_else(|| self.blocked_version())
            .unwrap_or(0)
    }

    /// [`refresh`](DistanceField::refresh) on
    /// [`grid.reversed()`](Grid::reversed): builds the field again, to the
    /// same goal within the same bound, when `grid` has changed since (a
    /// field cannot follow single edits: a rebuild is one Dijkstra).
    /// Returns whether it built.
    ///
    /// # Errors
    /// Those of [`build`](DistanceField::build): the goal blocked by an
    /// edit (the field then reaches nothing on this grid, and the next sync
    /// after the grid changes builds again).
    ///
    /// # Complexity
    /// O(1) when current; one Dijkstra otherwise.
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::DistanceField;
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut field = DistanceField::new();
    /// field.build_grid(&grid, Cell::new(7, 0), None)?;
    /// assert_eq!(field.sync(&grid), Ok(false)); // nothing changed
    /// grid.set_passable(Cell::new(6, 0), false)?;
    /// assert!(field.cost(&grid, Cell::new(5, 0)).is_err()); // refused until synced
    /// assert_eq!(field.sync(&grid), Ok(true));
    /// assert_eq!(field.cost(&grid, Cell::new(5, 0))?, Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn sync(&mut self, grid: &Grid<C>) -> Result<bool, Self::Error> {
        self.refresh(&grid.reversed())
    }
}

#[cfg(feature = "serde")]
mod save {
    //! [`DistanceField`] to and from serde: per node its cost and next
    //! step, checked on load; attached to no graph until
    //! [`DistanceField::attach`].

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::DistanceField;
    use crate::astar::Engine;
    use crate::cost::Cost;
    use crate::graph::DenseIds;
    use crate::groups::verify::verify;
    use crate::open_set::BinaryHeap;
    use crate::save::{check_len, SaveError};
    use crate::store::{IndexedStore, Records};

    /// What a field is saved as: per dense id, `None` (not reached) or its
    /// cost to the goal and its next step's id (`None` at the goal).
    #[derive(Serialize)]
    struct FieldOut<N, C> {
        node_count: usize,
        goal: Option<N>,
        max_cost: Option<C>,
        nodes: Vec<Option<(C, Option<u32>)>>,
    }

    /// What a field is loaded from.
    #[derive(Deserialize)]
    struct FieldIn<N, C> {
        node_count: usize,
        goal: Option<N>,
        max_cost: Option<C>,
        nodes: Vec<Option<(C, Option<u32>)>>,
    }

    impl<N: Copy + Serialize, C: Cost + Serialize> Serialize for DistanceField<N, C> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let nodes = match self.goal {
                None => Vec::new(),
                Some(_) => (0..self.node_count)
                    .map(|i| {
                        let r = self
                            .engine
                            .store
                            .record(u32::try_from(i).ok()?)
                            .filter(|r| r.is_closed())?;
                        Some((r.g, r.parent()))
                    })
                    .collect(),
            };
            FieldOut {
                node_count: if self.goal.is_some() {
                    self.node_count
                } else {
                    0
                },
                goal: self.goal,
                max_cost: self.max_cost,
                nodes,
            }
            .serialize(serializer)
        }
    }

    impl<'de, N: Copy + Deserialize<'de>, C: Cost + Deserialize<'de>> Deserialize<'de>
        for DistanceField<N, C>
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let saved = FieldIn::<N, C>::deserialize(deserializer)?;
            DistanceField::try_from_saved(saved).map_err(serde::de::Error::custom)
        }
    }

    impl<N: Copy, C: Cost> DistanceField<N, C> {
        fn try_from_saved(saved: FieldIn<N, C>) -> Result<Self, SaveError> {
            let FieldIn {
                node_count,
                goal,
                max_cost,
                nodes,
            } = saved;
            let mut field = DistanceField::new();
            if goal.is_none() {
                // Never built: nothing else may be there.
                if node_count != 0 || !nodes.is_empty() || max_cost.is_some() {
                    return Err(SaveError::Inconsistent {
                        reason: "a field without a goal holds nodes or a bound",
                    });
                }
                return Ok(field);
            }
            check_len("field nodes", node_count as u64, nodes.len())?;
            if node_count >= u32::MAX as usize {
                return Err(SaveError::Inconsistent {
                    reason: "more nodes than a field holds",
                });
            }
            if max_cost.is_some_and(|m| !m.is_valid()) {
                return Err(SaveError::Inconsistent {
                    reason: "the bound is NaN or negative",
                });
            }
            let mut goals = 0;
            for entry in nodes.iter().flatten() {
                let (cost, next) = *entry;
                if !cost.is_valid() {
                    return Err(SaveError::Inconsistent {
                        reason: "a cost is NaN or negative",
                    });
                }
                match next {
                    None => goals += 1,
                    Some(n) if nodes.get(n as usize).is_some_and(Option::is_some) => {}
                    Some(_) => {
                        return Err(SaveError::Inconsistent {
                            reason: "a next step is not a node reached",
                        })
                    }
                }
            }
            if goals != 1 {
                return Err(SaveError::Inconsistent {
                    reason: "not exactly one node reached is without a next step (the goal)",
                });
            }
            let mut engine = Engine::new(BinaryHeap::new(), IndexedStore::new());
            engine
                .store
                .restore(nodes.iter().map(|e| e.map(|(c, next)| (c, next))));
            field.engine = engine;
            field.node_count = node_count;
            field.goal = goal;
            field.max_cost = max_cost;
            field.attached = false;
            Ok(field)
        }

        /// Makes a loaded field answer for `graph` (the graph the units
        /// walk, as its queries take), after checking that it is that
        /// graph's field: the goal reached at cost zero; each other node
        /// reached has as next step an edge whose cost plus the next node's
        /// is its own, and no edge gives it a cheaper one; next steps lead
        /// to the goal; and the nodes reached are exactly those within the
        /// field's bound. Then it takes `graph`'s version. A field not
        /// built has nothing to check. With the `serde` feature; see
        /// [`save`](crate::save).
        ///
        /// # Errors
        /// [`SaveError::NotThisMap`] naming the first node (by dense id)
        /// where field and graph disagree; the field is then left attached
        /// to no graph.
        ///
        /// # Complexity
        /// O(nodes + edges): each node's edges once, no search (a
        /// [`build`](Self::build) is a Dijkstra over them).
        ///
        /// # Example
        /// ```
        /// use pathseek::groups::DistanceField;
        /// use pathseek::StaticGraph;
        /// let g = StaticGraph::from_undirected_edges(4, [(0, 1, 2u32), (1, 2, 2), (2, 3, 2)])?;
        /// let mut field = DistanceField::new();
        /// field.build(&g, 3, None)?;
        /// let saved = serde_json::to_string(&field)?;
        ///
        /// let mut loaded: DistanceField<u32, u32> = serde_json::from_str(&saved)?;
        /// assert!(loaded.cost(&g, 0).is_err()); // answers for no graph yet
        /// loaded.attach(&g)?;
        /// assert_eq!(loaded.cost(&g, 0)?, Some(6));
        /// // Another graph with as many nodes: refused.
        /// let other = StaticGraph::from_undirected_edges(4, [(0, 1, 1u32), (1, 2, 2), (2, 3, 2)])?;
        /// let mut loaded: DistanceField<u32, u32> = serde_json::from_str(&saved)?;
        /// assert!(loaded.attach(&other).is_err());
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        pub fn attach<G: DenseIds<Node = N, Cost = C>>(
            &mut self,
            graph: &G,
        ) -> Result<(), SaveError> {
            let Some(goal) = self.goal else {
                self.attached = true;
                return Ok(());
            };
            self.attached = false;
            let Some(goal_index) = graph.node_index(goal) else {
                return Err(SaveError::NotThisMap {
                    index: 0,
                    reason: "the goal is not a node of the map",
                });
            };
            let store = &self.engine.store;
            verify(
                graph,
                self.node_count,
                goal_index,
                |i| {
                    let r = store
                        .record(u32::try_from(i).ok()?)
                        .filter(|r| r.is_closed())?;
                    Some((r.g, r.parent().map(|p| p as usize)))
                },
                self.max_cost,
            )?;
            self.version = graph.version();
            self.attached = true;
            Ok(())
        }
    }
}
