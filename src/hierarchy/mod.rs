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
//! 10-25x faster than the full-grid A\* on the 512 x 512 city and game
//! maps measured (about 5.7x on lak303d and a maze of narrow corridors, 3x
//! on maps of scattered single obstacles), with paths within 1% of optimal
//! on average, a first stretch to walk sooner still, and repairs of one
//! edit in tens of microseconds (BENCHMARKS.md,
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
mod options;
mod plan;
mod search;
mod window;

pub use error::HierarchyError;
pub use options::HierarchyOptions;
pub use plan::Plan;

use abstract_graph::Abstract;
use landmarks::AbstractLandmarks;
use layout::Layout;

use crate::astar::Engine;
use crate::cost::Cost;
use crate::grid::{Cell, Connectivity, Grid, GridCosts, MapVersion, ShortcutRefiner};
use crate::open_set::{BinaryHeap, DaryHeap};
use crate::store::IndexedStore;

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
