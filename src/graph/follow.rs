//! How everything built from a map follows it: one rule, one trait, one
//! error.
//!
//! # The rule
//! 1. **Every query takes the map.** A structure built from a map keeps no
//!    borrow of it; each question passes the map as it is now.
//! 2. **A query never answers for an old map.** Asked about a map edited
//!    since it last looked (or another map, or a clone edited apart), a
//!    structure either brings itself up to date first (queries through
//!    `&mut self`: the searches, the hierarchy, `GridMesh`) or refuses with
//!    [`MapChanged`] (queries through `&self`: labels, fields, tables).
//! 3. **[`FollowMap::sync`] brings it up to date**, the same call for
//!    every structure: from the map's edit log where the structure can
//!    ([`Grid::edits_since`](crate::Grid::edits_since)), by a rebuild where
//!    it cannot or the log was outrun. The table below says which.
//! 4. **Errors describe the map as it is now**: a search that ended in an
//!    error (a blocked goal, say) checks it again once the map changes.
//! 5. **Saved structures attach only to the exact map they describe**
//!    (feature `serde`): a save made before an edit is refused.
//!
//! Versions ([`Graph::version`]) are unique in the process: every grid,
//! hex map and [`StaticGraph`](crate::StaticGraph) takes a number no other
//! map has had, and a grid or hex map takes a new one at every edit. A
//! clone shares its original's version until one of the two is edited, when
//! they describe the same cells; so "same version" means "same map".
//!
//! # Who follows how
//! | structure | queries | on a changed map | [`sync`](FollowMap::sync) | cost of a sync |
//! |---|---|---|---|---|
//! | [`AStar`](crate::AStar) (sliced: `start` / `advance`) | `advance(&graph, ..)` | follows by itself: resumes on the edits, or starts again | (by itself) | the edited cells' subtrees, or a new search |
//! | [`DStarLite`](crate::incremental::DStarLite) | `compute(&graph)`, `path_into(&graph, ..)` | follows by itself from the edit log | (by itself) | the edited cells' neighbourhoods; a restart when the log was outrun |
//! | [`Hierarchy`](crate::hierarchy::Hierarchy) | `find_path(&grid, ..)`, `plan` | follows by itself (a plan made before an edit: `MapChanged`) | yes | the clusters the edits touch; a rebuild when the log was outrun |
//! | `GridMesh` (feature `navmesh`) | `find_path(&grid, ..)` | follows by itself | yes | a rebuild of the mesh |
//! | [`Clearance`](crate::grid::Clearance) | `get(&grid, cell)`, `unit(&grid, size)` | `MapChanged` | yes | a `max_size²` window per edited cell |
//! | [`PrecomputedJumps`](crate::jump_points::PrecomputedJumps) | `on(&grid)` | `MapChanged` | yes | the rows and columns through the edited cells |
//! | [`HexComponents`](crate::hex::HexComponents) | `connected(&map, ..)`, `component`, `reach` | `MapChanged` | yes | nothing for terrain edits; a relabelling for passability edits |
//! | [`GridComponents`](crate::components::GridComponents) | `connected(&grid, ..)`, `component`, `reach` | `MapChanged` after a passability edit (terrain edits and clones keep it current) | yes | nothing for terrain edits; a relabelling otherwise (edit through it, `open` / `block`, to keep it current without one) |
//! | [`DistanceField`](crate::groups::DistanceField) | `cost(&graph, ..)`, `next_step`, `path_into` | `MapChanged` | yes (`refresh(&reversed)` on graphs other than grids) | a new field: one Dijkstra, in the field's memory |
//! | [`FlowField`](crate::groups::FlowField) | `cost(&grid, ..)`, `next_step`, `path_into` | `MapChanged` | yes (or `refill(&field, &grid)` from a synced [`DistanceField`](crate::groups::DistanceField)) | a new field: one Dijkstra through a distance field allocated for the call, O(cells) to pack |
//! | [`Landmarks`](crate::landmarks::Landmarks) | `heuristic(&graph, goal)` | `MapChanged` | yes | one Dijkstra per landmark (the same landmarks) |
//! | [`ContractionHierarchy`](crate::contraction::ContractionHierarchy) | `ChSearch::distance(&ch, &graph, ..)`, `find_path`, `table` | `MapChanged` | yes | a new preparation |
//! | [`CustomizableHierarchy`](crate::contraction::CustomizableHierarchy) | the same | `MapChanged` | yes | a customization (weights only); a new build when the graph gained an edge |
//! | [`BoundedJumps`](crate::jump_points::BoundedJumps) | `on(&grid)` | `MapChanged` | no: build again (one Dijkstra per cell) | - |
//! | [`NavMesh`](crate::navmesh::NavMesh) | `find_path(from, to)` | a mesh is its own map: made from a grid, it is a copy of it | no: `GridMesh` follows a grid | - |
//!
//! # Example
//! ```
//! use pathseek::graph::{FollowMap, MapChanged};
//! use pathseek::grid::Clearance;
//! use pathseek::{Cell, Connectivity, Grid, GridCosts};
//!
//! let mut grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::octile())?;
//! let mut clearance = Clearance::new(&grid, 3)?;
//! assert_eq!(clearance.get(&grid, Cell::new(4, 4))?, 3);
//! grid.set_passable(Cell::new(5, 5), false)?;
//! // Asked about the grid as it is now, the old values are refused...
//! assert!(matches!(clearance.get(&grid, Cell::new(4, 4)), Err(MapChanged { .. })));
//! // ... until the structure follows the edit.
//! clearance.sync(&grid)?;
//! assert_eq!(clearance.get(&grid, Cell::new(4, 4))?, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Graph, MapChanged};

/// A structure built from a map `M` that can bring itself up to date with
/// it: the one call every such structure answers (see the
/// [module](self) for the rule and the table of who follows how).
///
/// Implement it for your own structures built on a pathseek map: keep the
/// map's [`Graph::version`] when you build, compare it in each query
/// ([`check`](FollowMap::check)), and follow the edits in
/// [`sync`](FollowMap::sync).
///
/// # Example
/// A structure of your own: how many cells of a grid are open.
/// ```
/// use pathseek::graph::{FollowMap, MapChanged};
/// use pathseek::grid::MapVersion;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
///
/// struct OpenCount { count: usize, version: MapVersion }
///
/// impl OpenCount {
///     fn count(&self, grid: &Grid<pathseek::Length>) -> Result<usize, MapChanged> {
///         self.check(grid)?; // never the old map's answer
///         Ok(self.count)
///     }
/// }
///
/// impl FollowMap<Grid<pathseek::Length>> for OpenCount {
///     type Synced = bool;
///     type Error = std::convert::Infallible;
///     fn map_version(&self) -> u64 { self.version.get() }
///     fn sync(&mut self, grid: &Grid<pathseek::Length>) -> Result<bool, Self::Error> {
///         if self.is_current(grid) { return Ok(false); }
///         match grid.edits_since(self.version) {
///             Some(edits) => for e in edits {
///                 if e.was.passable != e.now.passable {
///                     if e.now.passable { self.count += 1 } else { self.count -= 1 }
///                 }
///             },
///             None => {
///                 let cells = (0..grid.height())
///                     .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)));
///                 self.count = cells.filter(|&c| grid.is_passable(c)).count();
///             }
///         }
///         self.version = grid.version();
///         Ok(true)
///     }
/// }
///
/// let mut grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::octile())?;
/// let mut open = OpenCount { count: 16, version: grid.version() };
/// grid.set_passable(Cell::new(1, 1), false)?;
/// assert!(open.count(&grid).is_err());
/// open.sync(&grid)?;
/// assert_eq!(open.count(&grid)?, 15);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait FollowMap<M: Graph + ?Sized> {
    /// What [`sync`](Self::sync) reports (what it redid).
    type Synced;
    /// Why [`sync`](Self::sync) could not bring the structure up to date.
    type Error;

    /// The [`Graph::version`] of the map the structure describes now.
    fn map_version(&self) -> u64;

    /// Brings the structure up to date with `map` as it is now: nothing
    /// when it is current, from the map's edit log where the structure can,
    /// a rebuild otherwise.
    ///
    /// # Errors
    /// The structure's own (a map it cannot describe at all).
    fn sync(&mut self, map: &M) -> Result<Self::Synced, Self::Error>;

    /// Whether the structure describes `map` as it is now.
    #[inline]
    fn is_current(&self, map: &M) -> bool {
        self.map_version() == map.version()
    }

    /// `Ok(())` when the structure describes `map` as it is now, else
    /// [`MapChanged`]: what a query through `&self` checks first.
    #[inline]
    fn check(&self, map: &M) -> Result<(), MapChanged> {
        super::check_version(map, self.map_version())
    }
}

/// A version no map has had before in this process.
pub(crate) fn fresh_version() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
