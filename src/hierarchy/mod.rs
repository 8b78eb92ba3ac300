//! HPA\*, hierarchical path-finding (Botea, Müller and Schaeffer 2004):
//! a grid cut into clusters, a small abstract graph of the cells where
//! clusters meet, searched first; the cell path refined from it.
//!
//! A [`Hierarchy`] is built once from a [`Grid`]:
//! - the grid is cut into square clusters of a size you choose;
//! - where two clusters touch, each run of facing passable cells is an
//!   *entrance*, with one transition (a run shorter than 6 cells, in its
//!   middle) or two (at its ends): a pair of cells, one move apart, each a
//!   node of the abstract graph;
//! - the nodes of a cluster are linked by the cost of the cheapest path
//!   between them inside the cluster, found by the crate's own A\* core
//!   (one Dijkstra per node over the cluster's cells).
//!
//! A query inserts its start and goal into their clusters (one Dijkstra
//! each, inside the cluster), searches the abstract graph with the same
//! core, then refines each abstract edge into cells (a search inside one
//! cluster, or one move across a border) and shortens the result with
//! [`ShortcutRefiner`]. Start and goal close by (neighbouring clusters, or
//! at most four cluster widths apart) are searched on the grid directly
//! first, within a budget of expansions.
//!
//! | call | answers | cost |
//! |---|---|---|
//! | [`find_path`](Hierarchy::find_path) | a path, near optimal | abstract search, refinement, smoothing |
//! | [`plan`](Hierarchy::plan) + [`Plan::next_stretch`] | the same path, stretch by stretch | the first stretch after the abstract search |
//! | [`find_exact`](Hierarchy::find_exact) | an optimal path | abstract search, then A\* bounded by its cost |
//! | [`reachable`](Hierarchy::reachable) | whether a path exists (exactly) | abstract search only |
//! | [`cost_bound`](Hierarchy::cost_bound) | a cost no optimal path exceeds | abstract search only |
//!
//! # A living map
//! The hierarchy records the grid's [`MapVersion`]. Every query first
//! brings it up to date ([`sync`](crate::graph::FollowMap::sync)): from the grid's
//! edit log it scans again the borders an edited cell lies on and rebuilds
//! only the clusters that hold an edited cell or gained or lost an
//! entrance; when the log cannot tell (too many edits, another grid), it
//! builds everything again. It never answers for an older map. A [`Plan`]
//! made before an edit refuses to go on ([`HierarchyError::MapChanged`]).
//!
//! Intra-cluster edges come from one Dijkstra per entrance by the crate's
//! A\* core (on a window of the grid), and the abstract search runs on the
//! same core; 4- and 8-connected grids with terrain are supported.
//! [`HierarchyOptions`] sets the cluster size, the smoothing window and
//! budget, the kept per-node fields, merged entrances, and landmarks that
//! guide the abstract search on maps edited seldom.
//!
//! # Measured
//! About 10x faster than the full-grid A\* on 512 x 512 city maps, with
//! paths within 1% of optimal on average, a first stretch to walk sooner
//! still, and repairs of one edit in tens of microseconds (BENCHMARKS.md,
//! "Hierarchy"; `examples/hierarchy.rs`, and `hierarchical_pathfinding` as a
//! peer in `benchmarks/examples/hierarchy_peers.rs`).
//!
//! # Example
//! ```
//! use pathseek::hierarchy::Hierarchy;
//! use pathseek::{Cell, Connectivity, Grid, GridCosts};
//!
//! // A 64 x 64 map with a wall across it, open at its far end.
//! let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile())?;
//! for x in 0..60 {
//!     grid.set_passable(Cell::new(x, 32), false)?;
//! }
//! let mut h = Hierarchy::new(&grid, 16)?;
//! let (start, goal) = (Cell::new(2, 2), Cell::new(2, 60));
//! let mut path = Vec::new();
//! let cost = h.find_path(&grid, start, goal, &mut path)?.expect("round the wall");
//! let best = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
//! let best = best.found().unwrap().cost;
//! assert!(cost >= best && cost.to_f64() <= best.to_f64() * 1.10);
//! assert_eq!((path.first(), path.last()), (Some(&start), Some(&goal)));
//! // Close the gap: the hierarchy repairs the clusters it touches.
//! for x in 60..64 {
//!     grid.set_passable(Cell::new(x, 32), false)?;
//! }
//! assert!(!h.reachable(&grid, start, goal)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Plans and edits
//! ```
//! use pathseek::hierarchy::Hierarchy;
//! use pathseek::{Cell, Connectivity, Grid, GridCosts};
//!
//! let mut grid = Grid::new(256, 256, Connectivity::Eight, GridCosts::octile()).unwrap();
//! for y in 0..250 {
//!     grid.set_passable(Cell::new(128, y), false).unwrap(); // a wall, open at the bottom
//! }
//! let mut hpa = Hierarchy::new(&grid, 16).unwrap(); // clusters of 16 x 16 cells
//! let (start, goal) = (Cell::new(5, 5), Cell::new(250, 5));
//! let mut path = Vec::new();
//! let cost = hpa.find_path(&grid, start, goal, &mut path).unwrap().expect("round the wall");
//! assert!(path.iter().any(|c| c.x == 128 && c.y >= 250)); // through the gap
//! let exact = hpa.find_exact(&grid, start, goal, &mut path).unwrap().unwrap();
//! assert!(cost >= exact); // near optimal, never below the optimum
//! // A unit can go before the whole path is refined: a plan, stretch by stretch.
//! let mut plan = hpa.plan(&grid, start, goal).unwrap().unwrap();
//! let mut walk = Vec::new();
//! plan.next_stretch(&mut hpa, &grid, &mut walk).unwrap();
//! assert_eq!(walk[0], start);
//! // Edits: the next query repairs the clusters they touch; nothing is stale.
//! grid.set_passable(Cell::new(128, 252), false).unwrap();
//! assert!(hpa.reachable(&grid, start, goal).unwrap()); // the gap is not closed
//! assert!(hpa.find_exact(&grid, start, goal, &mut path).unwrap().unwrap() >= exact);
//! ```

mod abstract_graph;
mod build;
mod equality;
mod error;
mod landmarks;
mod layout;
mod plan;
mod search;
mod window;

pub use error::HierarchyError;
pub use plan::Plan;

use abstract_graph::Abstract;
use landmarks::AbstractLandmarks;
use layout::Layout;

use crate::astar::Engine;
use crate::cost::Cost;
use crate::grid::{Cell, Connectivity, Grid, GridCosts, MapVersion, ShortcutRefiner};
use crate::open_set::{BinaryHeap, DaryHeap};
use crate::store::IndexedStore;

/// How a [`Hierarchy`] is cut and how its paths are finished.
///
/// # Example
/// ```
/// use pathseek::hierarchy::{Hierarchy, HierarchyOptions};
/// use pathseek::{Connectivity, Grid, GridCosts};
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile())?;
/// let options = HierarchyOptions::new(8).smoothing_window(0);
/// let h = Hierarchy::with_options(&grid, options)?;
/// assert_eq!(h.options().cluster_size(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HierarchyOptions {
    cluster_size: u32,
    wide_entrance: u32,
    smoothing_window: usize,
    smoothing_limit: u64,
    smoothing_patience: u64,
    direct_limit: u64,
    cache_fields: bool,
    merge_entrances: bool,
    landmarks: usize,
}

impl HierarchyOptions {
    /// Clusters of `cluster_size` x `cluster_size` cells; entrances of 6
    /// cells or more get two transitions; smoothing windows of twice the
    /// cluster size, each search capped at 8 times the cluster size in
    /// expansions, every window searched; start and goal close by (in neighbouring clusters, or at
    /// most 4 cluster widths apart along x and y) searched on the grid
    /// first, for up to 4 clusters' worth of expansions.
    ///
    /// # Example
    /// ```
    /// let o = pathseek::hierarchy::HierarchyOptions::new(16);
    /// assert_eq!((o.cluster_size(), o.window()), (16, 32));
    /// ```
    pub fn new(cluster_size: u32) -> Self {
        HierarchyOptions {
            cluster_size,
            wide_entrance: 6,
            smoothing_window: 2 * cluster_size as usize,
            smoothing_limit: 8 * u64::from(cluster_size),
            smoothing_patience: u64::MAX,
            direct_limit: 4 * u64::from(cluster_size) * u64::from(cluster_size),
            cache_fields: true,
            merge_entrances: false,
            landmarks: 0,
        }
    }

    /// The cluster size.
    ///
    /// # Example
    /// See [`new`](Self::new).
    pub fn cluster_size(&self) -> u32 {
        self.cluster_size
    }

    /// The smoothing window, in steps (0: paths are not smoothed).
    ///
    /// # Example
    /// See [`new`](Self::new).
    pub fn window(&self) -> usize {
        self.smoothing_window
    }

    /// Entrances (runs of facing passable cells) at least `cells` long get
    /// a transition at each end instead of one in the middle (at least 1;
    /// the default is 6).
    ///
    /// Lower it for maps of narrow corridors: on a maze of 4-cell corridors
    /// (MovingAI's maze512-4-0) a value of 3 brings the mean path cost from
    /// 1.040 to 1.022 of the optimum for a graph with 38% more nodes and
    /// about 10% slower queries (BENCHMARKS.md, "Hierarchy"); on open maps
    /// it gains nothing.
    ///
    /// # Example
    /// ```
    /// let o = pathseek::hierarchy::HierarchyOptions::new(16).wide_entrance(3);
    /// # let _ = o;
    /// ```
    pub fn wide_entrance(mut self, cells: u32) -> Self {
        self.wide_entrance = cells.max(1);
        self
    }

    /// The [`ShortcutRefiner`] window the refined paths are smoothed with,
    /// in steps; 0 leaves them as refined.
    ///
    /// # Example
    /// See [`HierarchyOptions`].
    pub fn smoothing_window(mut self, steps: usize) -> Self {
        self.smoothing_window = steps;
        self
    }

    /// Caps each smoothing search at `expansions` (a search that reaches
    /// it keeps its stretch): [`ShortcutRefiner::set_max_expansions`].
    ///
    /// # Example
    /// ```
    /// let o = pathseek::hierarchy::HierarchyOptions::new(16).smoothing_limit(512);
    /// # let _ = o;
    /// ```
    pub fn smoothing_limit(mut self, expansions: u64) -> Self {
        self.smoothing_limit = expansions;
        self
    }

    /// Gives up smoothing a path after `searches` searched windows in a
    /// row found nothing cheaper (the rest kept as refined):
    /// [`ShortcutRefiner::set_patience`]. `u64::MAX` (the default) searches
    /// every window.
    ///
    /// A trade of quality for time that pays where refined paths are
    /// already optimal (rooms joined by doors: on MovingAI's 8room_000,
    /// 2 searches of patience made queries 2.3 times faster, every path
    /// still optimal) and costs quality where a path winds (lak303d: mean
    /// over the optimum 1.008 -> 1.024, worst 1.085 -> 1.124);
    /// BENCHMARKS.md has the figures for nine maps.
    ///
    /// # Example
    /// ```
    /// let o = pathseek::hierarchy::HierarchyOptions::new(16).smoothing_patience(2);
    /// # let _ = o;
    /// ```
    pub fn smoothing_patience(mut self, searches: u64) -> Self {
        self.smoothing_patience = searches;
        self
    }

    /// Whether to keep, per abstract node, its cost to every cell of its
    /// cluster (default `true`; used on grids without terrain): a query
    /// then joins its start and goal to the abstract graph by reading them,
    /// where it would otherwise run a Dijkstra in each of their clusters.
    /// Costs one `C` per node and cluster cell (about 5 MB for 4,800 nodes
    /// of 16 x 16 clusters with 4-byte costs).
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::{Hierarchy, HierarchyOptions};
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile())?;
    /// let lean = Hierarchy::with_options(&grid, HierarchyOptions::new(16).cache_fields(false))?;
    /// let kept = Hierarchy::with_options(&grid, HierarchyOptions::new(16))?;
    /// assert!(kept.heap_bytes() > lean.heap_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cache_fields(mut self, keep: bool) -> Self {
        self.cache_fields = keep;
        self
    }

    /// Whether runs of a border whose cells are joined inside both
    /// clusters count as one entrance (default `false`): far fewer
    /// transitions where obstacles are scattered (a random map's borders
    /// break into many short runs), at the price of paths that lean more on
    /// smoothing, and of repairs that rescan every border of an edited
    /// cluster. Reachability stays exact.
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::{Hierarchy, HierarchyOptions};
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// // A border broken by a post every third cell: 5 runs, one entrance when merged.
    /// let grid = Grid::from_fn(16, 8, Connectivity::Eight, GridCosts::octile(), |c| c.x != 8 || c.y % 3 != 2)?;
    /// let plain = Hierarchy::new(&grid, 8)?;
    /// let merged = Hierarchy::with_options(&grid, HierarchyOptions::new(8).merge_entrances(true))?;
    /// assert!(merged.node_count() < plain.node_count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn merge_entrances(mut self, merge: bool) -> Self {
        self.merge_entrances = merge;
        self
    }

    /// Start and goal close by (in neighbouring clusters, or at most 4
    /// cluster widths apart along x and y) are searched on the grid for up
    /// to `expansions` first (0: never); a search that runs out goes on
    /// through the hierarchy.
    ///
    /// # Example
    /// ```
    /// let o = pathseek::hierarchy::HierarchyOptions::new(16).direct_limit(0);
    /// # let _ = o;
    /// ```
    pub fn direct_limit(mut self, expansions: u64) -> Self {
        self.direct_limit = expansions;
        self
    }

    /// Guides the abstract search with `count` landmarks on the abstract
    /// graph (ALT; default 0: the straight-line estimate alone): each
    /// landmark's shortest distance to every node bounds a node's distance
    /// to the goal by the triangle inequality, which on maps whose walls
    /// force detours lets the search expand fewer nodes. The abstract
    /// search stays optimal on the abstract graph, so every answer is the
    /// one it gives without them, up to ties.
    ///
    /// Costs `count` Dijkstras over the abstract graph when built and again
    /// after each repair, in [`sync`](crate::graph::FollowMap::sync) or the
    /// next query (edits make the distances stale: they are never used for
    /// another state of the map), and `count` costs per abstract node.
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::{Hierarchy, HierarchyOptions};
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// // A wall with a gap at its far end: the straight-line estimate points at the wall.
    /// let grid = Grid::from_fn(128, 128, Connectivity::Eight, GridCosts::octile(), |c| {
    ///     c.x != 64 || c.y >= 120
    /// })?;
    /// let (start, goal) = (Cell::new(10, 10), Cell::new(120, 10));
    /// let mut plain = Hierarchy::new(&grid, 16)?;
    /// let mut guided = Hierarchy::with_options(&grid, HierarchyOptions::new(16).landmarks(4))?;
    /// assert_eq!(guided.cost_bound(&grid, start, goal)?, plain.cost_bound(&grid, start, goal)?);
    /// assert!(guided.last_query().abstract_expanded < plain.last_query().abstract_expanded);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn landmarks(mut self, count: usize) -> Self {
        self.landmarks = count;
        self
    }
}

/// What a [`sync`](crate::graph::FollowMap::sync) did.
///
/// # Example
/// See [`sync`](crate::graph::FollowMap::sync).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Repair {
    /// Everything was built again (the log could not tell).
    pub full: bool,
    /// Borders scanned again.
    pub borders: usize,
    /// Clusters whose inner edges were computed again.
    pub clusters: usize,
}

/// What the last query of a [`Hierarchy`] did.
///
/// # Example
/// ```
/// use pathseek::hierarchy::Hierarchy;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile())?;
/// let mut h = Hierarchy::new(&grid, 8)?;
/// h.find_path(&grid, Cell::new(0, 0), Cell::new(63, 63), &mut Vec::new())?;
/// let s = h.last_query();
/// assert!(!s.direct && s.abstract_expanded > 0 && s.waypoints >= 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct QueryStats {
    /// Answered by a search on the grid (start and goal close by).
    pub direct: bool,
    /// Cells expanded inserting the start and the goal.
    pub insert_expanded: u64,
    /// Abstract nodes expanded.
    pub abstract_expanded: u64,
    /// Cells expanded refining and smoothing (or by the direct search).
    pub cell_expanded: u64,
    /// Cells of the abstract path, start and goal included.
    pub waypoints: usize,
}

/// A run of open facing pairs along a border: first and last index, and
/// the components of its first pair's cells (in their clusters).
type Run = (u32, u32, (u32, u32));

/// HPA\* over a [`Grid`]: see the [module](self).
///
/// # Memory
/// Per grid cell 4 bytes (its abstract node, if any); per abstract node
/// its cell, cluster and edges; the search engines hold a record per
/// abstract node, per cluster cell, and (for the direct and exact
/// searches, and smoothing) per grid cell. [`heap_bytes`](Self::heap_bytes)
/// counts the abstract graph.
///
/// # Complexity
/// Building: one Dijkstra per abstract node over its cluster, O(n k² log k)
/// for n nodes and clusters of k x k cells. A repair: the same for the
/// clusters touched. A query: two cluster Dijkstras, an A\* over the
/// abstract graph, and searches inside the clusters along the path.
pub struct Hierarchy<C: Cost> {
    options: HierarchyOptions,
    layout: Layout,
    connectivity: Connectivity,
    costs: GridCosts<C>,
    version: MapVersion,
    graph: Abstract<C>,
    /// Per cluster: marked for a rebuild.
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    border_list: Vec<u32>,
    scratch_pairs: Vec<(Cell, Cell)>,
    /// Cluster Dijkstras (building) and the goal's insertion.
    fields: Engine<BinaryHeap<C>, IndexedStore<C>>,
    /// The start's insertion, kept for the first stretch of the path.
    start_field: Engine<BinaryHeap<C>, IndexedStore<C>>,
    /// The abstract search.
    top: Engine<DaryHeap<C, 4>, IndexedStore<C>>,
    /// Searches on cells: inside a cluster, direct, exact.
    cells: Engine<DaryHeap<C, 4>, IndexedStore<C>>,
    refiner: ShortcutRefiner<C>,
    from_start: Vec<(u32, C)>,
    to_goal: Vec<(u32, C)>,
    ids: Vec<u32>,
    waypoints: Vec<Cell>,
    raw: Vec<Cell>,
    scratch: Vec<Cell>,
    stats: QueryStats,
    /// With merged entrances: per grid cell, its component inside its
    /// cluster (`u32::MAX` blocked); else empty.
    labels: Vec<u32>,
    /// The runs of the border being scanned (reused).
    runs: Vec<Run>,
    /// Node fields are kept (`options.cache_fields` on a grid without terrain).
    cached: bool,
    /// The number of the last query (counting from 1).
    serial: u64,
    /// The query whose start and goal insertions are still in
    /// `start_field` and `fields` (0: none).
    trees: u64,
    /// The abstract search's landmarks (`options.landmarks` of them).
    landmarks: AbstractLandmarks<C>,
}

impl<C: Cost> core::fmt::Debug for Hierarchy<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Hierarchy")
            .field("options", &self.options)
            .field("clusters", &self.layout.cluster_count())
            .field("nodes", &self.graph.node_count())
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

impl<C: Cost> Hierarchy<C> {
    /// Builds the hierarchy of `grid` with clusters of `cluster_size` cells
    /// and the other [`HierarchyOptions`] at their defaults.
    ///
    /// # Errors
    /// [`HierarchyError::ClusterSize`] for a size below 2 or above 4096.
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(40, 40, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let h = Hierarchy::new(&grid, 10)?;
    /// // 4 x 4 clusters and 24 borders, each one open run of 10 cells: two
    /// // transitions (4 cells) each, but the 4 cells round each of the 9 inner
    /// // corners serve two borders.
    /// assert_eq!((h.cluster_count(), h.node_count()), (16, 24 * 4 - 9 * 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grid: &Grid<C>, cluster_size: u32) -> Result<Self, HierarchyError<C>> {
        Self::with_options(grid, HierarchyOptions::new(cluster_size))
    }

    /// Builds the hierarchy of `grid` with `options`.
    ///
    /// # Errors
    /// [`HierarchyError::ClusterSize`] for a size below 2 or above 4096;
    /// [`HierarchyError::Search`] if a path cost overflows `C`.
    ///
    /// # Example
    /// See [`HierarchyOptions`].
    pub fn with_options(
        grid: &Grid<C>,
        options: HierarchyOptions,
    ) -> Result<Self, HierarchyError<C>> {
        let size = options.cluster_size;
        if !(2..=4096).contains(&size) {
            return Err(HierarchyError::ClusterSize { size });
        }
        let mut h = Hierarchy {
            options,
            layout: Layout::new(grid.width(), grid.height(), size),
            connectivity: grid.connectivity(),
            costs: grid.costs(),
            version: grid.version(),
            graph: Abstract::default(),
            dirty: Vec::new(),
            dirty_list: Vec::new(),
            border_list: Vec::new(),
            scratch_pairs: Vec::new(),
            fields: Engine::new(BinaryHeap::new(), IndexedStore::new()),
            start_field: Engine::new(BinaryHeap::new(), IndexedStore::new()),
            top: Engine::new(DaryHeap::new(), IndexedStore::new()),
            cells: Engine::new(DaryHeap::new(), IndexedStore::new()),
            refiner: {
                let mut r = ShortcutRefiner::new(options.smoothing_window);
                r.set_max_expansions(options.smoothing_limit);
                r.set_patience(options.smoothing_patience);
                r
            },
            from_start: Vec::new(),
            to_goal: Vec::new(),
            ids: Vec::new(),
            waypoints: Vec::new(),
            raw: Vec::new(),
            scratch: Vec::new(),
            stats: QueryStats::default(),
            labels: Vec::new(),
            runs: Vec::new(),
            cached: false,
            serial: 0,
            trees: 0,
            landmarks: AbstractLandmarks::default(),
        };
        h.rebuild(grid)?;
        h.refresh_landmarks();
        Ok(h)
    }

    /// [`sync`](crate::graph::FollowMap::sync)'s work.
    fn follow(&mut self, grid: &Grid<C>) -> Result<Repair, HierarchyError<C>> {
        Ok(self.bring_up_to_date(grid)?)
    }

    /// The options it was built with.
    ///
    /// # Example
    /// See [`HierarchyOptions`].
    pub fn options(&self) -> HierarchyOptions {
        self.options
    }

    /// The grid version the hierarchy stands for.
    ///
    /// # Example
    /// See [`sync`](crate::graph::FollowMap::sync).
    pub fn version(&self) -> MapVersion {
        self.version
    }

    /// Clusters.
    ///
    /// # Example
    /// See [`new`](Self::new).
    pub fn cluster_count(&self) -> usize {
        self.layout.cluster_count()
    }

    /// Nodes of the abstract graph (entrance cells).
    ///
    /// # Example
    /// See [`new`](Self::new).
    pub fn node_count(&self) -> usize {
        self.graph.node_count()
    }

    /// Edges of the abstract graph (each direction counted once).
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(8, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let h = Hierarchy::new(&grid, 4)?;
    /// // One border, 4 open pairs (fewer than 6): one transition, a move each way.
    /// assert_eq!((h.node_count(), h.edge_count()), (2, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// Heap bytes of the abstract graph (the engines' buffers not counted).
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile())?;
    /// let h = Hierarchy::new(&grid, 16)?;
    /// assert!(h.heap_bytes() >= 64 * 64 * 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.graph.heap_bytes() + self.landmarks.heap_bytes()
    }

    /// What the last query did.
    ///
    /// # Example
    /// See [`QueryStats`].
    pub fn last_query(&self) -> QueryStats {
        self.stats
    }
}

impl<C: Cost> Hierarchy<C> {
    /// The abstract graph's edges as `(from, to, cost)` cells: moves
    /// across borders and paths inside clusters, in no set order (sort them
    /// to compare). For drawing the graph, or checking it.
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(8, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let h = Hierarchy::new(&grid, 4)?;
    /// let mut edges: Vec<_> = h.abstract_edges().collect();
    /// edges.sort();
    /// assert_eq!(edges, [(Cell::new(3, 1), Cell::new(4, 1), 1), (Cell::new(4, 1), Cell::new(3, 1), 1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn abstract_edges(&self) -> impl Iterator<Item = (Cell, Cell, C)> + '_ {
        let g = &self.graph;
        (0..g.cells.len())
            .filter(|&n| g.refs[n] > 0)
            .flat_map(move |n| {
                g.inter[n]
                    .iter()
                    .chain(g.intra[n].iter())
                    .map(move |&(m, c)| (g.cells[n], g.cells[m as usize], c))
            })
    }
}

impl<C: Cost> crate::graph::FollowMap<Grid<C>> for Hierarchy<C> {
    type Synced = Repair;
    type Error = HierarchyError<C>;

    #[inline]
    fn map_version(&self) -> u64 {
        self.version().get()
    }

    /// Brings the hierarchy up to date with `grid` (every query does this
    /// first): nothing if the grid is at the version it was built for;
    /// otherwise, from the grid's edit log, the borders an edited cell lies
    /// on are scanned again and the clusters holding an edited cell or
    /// gaining or losing an entrance rebuilt; when the log cannot tell (it
    /// lost edits, or this is another grid), everything is built again.
    ///
    /// # Errors
    /// [`HierarchyError::Search`] if a path cost overflows `C` (the
    /// hierarchy then rebuilds on its next call).
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile())?;
    /// let mut h = Hierarchy::new(&grid, 16)?;
    /// grid.set_passable(Cell::new(5, 5), false)?; // inside one cluster
    /// let repair = h.sync(&grid)?;
    /// assert_eq!((repair.full, repair.borders, repair.clusters), (false, 0, 1));
    /// assert_eq!(h.version(), grid.version());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn sync(&mut self, map: &Grid<C>) -> Result<Self::Synced, Self::Error> {
        self.follow(map)
    }
}
