//! How a [`Hierarchy`](super::Hierarchy) is cut and how its paths are
//! finished: cluster size, entrances, smoothing, the direct search, kept
//! fields and landmarks.

/// How a [`Hierarchy`](super::Hierarchy) is cut and how its paths are finished.
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
    pub(super) cluster_size: u32,
    pub(super) wide_entrance: u32,
    pub(super) smoothing_window: usize,
    pub(super) smoothing_limit: u64,
    pub(super) smoothing_patience: u64,
    pub(super) direct_limit: u64,
    pub(super) cache_fields: bool,
    pub(super) merge_entrances: bool,
    pub(super) landmarks: usize,
}

impl HierarchyOptions {
    /// Clusters of `cluster_size` x `cluster_size` cells; entrances of 6
    /// cells or more get two transitions; smoothing windows of the cluster
    /// size in steps, each search capped at 8 times the cluster size in
    /// expansions, every window searched; start and goal close by (in
    /// neighbouring clusters, or at most 4 cluster widths apart along x and
    /// y) searched on the grid first, for up to 2 clusters' worth of
    /// expansions.
    ///
    /// # Example
    /// ```
    /// let o = pathseek::hierarchy::HierarchyOptions::new(16);
    /// assert_eq!((o.cluster_size(), o.window()), (16, 16));
    /// ```
    pub fn new(cluster_size: u32) -> Self {
        HierarchyOptions {
            cluster_size,
            wide_entrance: 6,
            smoothing_window: cluster_size as usize,
            smoothing_limit: 8 * u64::from(cluster_size),
            smoothing_patience: u64::MAX,
            direct_limit: 2 * u64::from(cluster_size) * u64::from(cluster_size),
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
    /// A lower value gives narrow corridors two transitions: on a maze of
    /// 4-cell corridors (MovingAI's maze512-4-0), with the 32-step
    /// smoothing windows of an earlier default, a value of 3 brought the
    /// mean path cost from 1.040 to 1.022 of the optimum for a graph with
    /// 38% more nodes and about 10% slower queries; the default windows of
    /// the cluster size now bring that maze to 1.004 with one transition
    /// (BENCHMARKS.md, "Hierarchy"). On open maps it gains nothing.
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

    /// The [`ShortcutRefiner`](crate::grid::ShortcutRefiner) window the refined paths are smoothed with,
    /// in steps; 0 leaves them as refined.
    ///
    /// The default, the cluster size, was measured against twice and three
    /// times it and against smaller ones on eight MovingAI maps
    /// (BENCHMARKS.md, "Hierarchy"): longer windows reach the expansion cap
    /// ([`smoothing_limit`](Self::smoothing_limit)) in winding terrain
    /// and find less for more work; shorter ones see too little of a detour.
    ///
    /// # Example
    /// See [`HierarchyOptions`].
    pub fn smoothing_window(mut self, steps: usize) -> Self {
        self.smoothing_window = steps;
        self
    }

    /// Caps each smoothing search at `expansions` (a search that reaches
    /// it keeps its stretch): [`ShortcutRefiner::set_max_expansions`](crate::grid::ShortcutRefiner::set_max_expansions).
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
    /// [`ShortcutRefiner::set_patience`](crate::grid::ShortcutRefiner::set_patience). `u64::MAX` (the default) searches
    /// every window.
    ///
    /// A trade of quality for time that pays where refined paths are
    /// already optimal (rooms joined by doors: on MovingAI's 8room_000,
    /// 2 searches of patience made queries 2.3 times faster, every path
    /// still optimal) and costs quality where a path winds (lak303d: mean
    /// over the optimum 1.008 -> 1.024, worst 1.085 -> 1.124);
    /// BENCHMARKS.md has the figures for nine maps, measured with the
    /// 32-step windows of an earlier default.
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
    /// The default, 2 clusters' cells (512 for clusters of 16), was 4
    /// clusters' until the smoothing windows became the cluster size: with
    /// them, the short detours the direct search is there for come out of
    /// the hierarchy within the quality targets, and the searches that run
    /// out spend half as much (BENCHMARKS.md, "Hierarchy").
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
