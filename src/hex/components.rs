//! [`HexComponents`]: the connected components of a [`HexGrid`], kept
//! current through its edit log.

use super::{Hex, HexGrid};
use crate::components::{ComponentId, GraphComponents, GraphComponentsError, GraphReach};
use crate::cost::Cost;
use crate::graph::MapChanged;

/// The connected components of a [`HexGrid`]: the generic
/// [`GraphComponents`] labels, tied to the version of the map they describe.
///
/// Every question takes the map and is refused with [`MapChanged`] when it
/// has been edited since the labels were made: call
/// [`sync`](crate::graph::FollowMap::sync), which reads the edit log and keeps the labels
/// when only terrain changed (weights never change who reaches whom), and
/// labels again otherwise.
///
/// Memory: 4 bytes per hexagon.
///
/// # Example
/// ```
/// use pathseek::hex::{Hex, HexComponents, HexGrid};
/// use pathseek::FollowMap;
/// // Row 1 blocked: two components.
/// let mut grid = HexGrid::from_fn(4, 3, 1u32, |h| h.r != 1)?;
/// let mut parts = HexComponents::new(&grid)?;
/// let (top, bottom) = (Hex::new(0, 0), Hex::new(0, 2));
/// assert_eq!(parts.connected(&grid, top, bottom), Ok(false));
/// grid.set_passable(Hex::new(1, 1), true)?;
/// assert!(parts.connected(&grid, top, bottom).is_err()); // the map changed
/// parts.sync(&grid)?;
/// assert_eq!(parts.connected(&grid, top, bottom), Ok(true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct HexComponents {
    parts: GraphComponents,
    /// The map's version the labels describe.
    version: u64,
}

impl HexComponents {
    /// Labels the components of `grid`.
    ///
    /// Errors: [`GraphComponentsError::TooManyNodes`] for a map of exactly
    /// `u32::MAX` hexagons (labels are `u32`s); no other.
    ///
    /// # Complexity
    /// O(n) time and memory for `n` hexagons (the six moves of each are
    /// collected once, see [`GraphComponents::new`]).
    ///
    /// # Example
    /// See [`HexComponents`].
    pub fn new<C: Cost>(grid: &HexGrid<C>) -> Result<Self, GraphComponentsError> {
        Ok(HexComponents {
            parts: GraphComponents::new(grid)?,
            version: grid.version,
        })
    }

    /// [`sync`](crate::graph::FollowMap::sync)'s work.
    fn follow<C: Cost>(&mut self, grid: &HexGrid<C>) -> Result<bool, GraphComponentsError> {
        if grid.version == self.version {
            return Ok(false);
        }
        let terrain_only = grid
            .edits_since(crate::grid::MapVersion(self.version))
            .is_some_and(|mut edits| edits.all(|e| e.was.passable == e.now.passable));
        if terrain_only {
            self.version = grid.version;
            return Ok(false);
        }
        *self = Self::new(grid)?;
        Ok(true)
    }

    /// `Ok(())` if the labels describe `grid` as it is now.
    fn check<C: Cost>(&self, grid: &HexGrid<C>) -> Result<(), MapChanged> {
        crate::graph::check_version(grid, self.version)
    }

    /// Whether a path joins `a` and `b` on `grid` (`false` when either is
    /// blocked or off the map); [`MapChanged`] if `grid` was edited since
    /// the labels were made or updated.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// See [`HexComponents`].
    pub fn connected<C: Cost>(
        &self,
        grid: &HexGrid<C>,
        a: Hex,
        b: Hex,
    ) -> Result<bool, MapChanged> {
        self.check(grid)?;
        Ok(self.parts.nodes_connected(grid, a, b))
    }

    /// The component of `hex` (`None` when blocked or off the map);
    /// [`MapChanged`] as for [`connected`](Self::connected).
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexComponents, HexGrid};
    /// use pathseek::FollowMap;
    /// let grid = HexGrid::from_fn(3, 1, 1u32, |h| h.q != 1)?;
    /// let parts = HexComponents::new(&grid)?;
    /// let left = parts.component(&grid, Hex::new(0, 0))?.unwrap();
    /// assert_ne!(Some(left), parts.component(&grid, Hex::new(2, 0))?);
    /// assert_eq!(parts.component(&grid, Hex::new(1, 0))?, None);
    /// assert_eq!(parts.count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn component<C: Cost>(
        &self,
        grid: &HexGrid<C>,
        hex: Hex,
    ) -> Result<Option<ComponentId>, MapChanged> {
        self.check(grid)?;
        Ok(self.parts.component_of(grid, hex))
    }

    /// The number of components (of the map as it was labelled).
    ///
    /// # Example
    /// See [`HexComponents::component`].
    pub fn count(&self) -> usize {
        self.parts.count()
    }

    /// These labels as the [`Reachability`](crate::components::Reachability)
    /// of `grid`, for [`AStar::search_within`](crate::AStar::search_within)
    /// and its kin; [`MapChanged`] unless they describe `grid` as it is now.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexComponents, HexGrid};
    /// use pathseek::FollowMap;
    /// use pathseek::{AStar, Query, open_set::BinaryHeap, store::IndexedStore};
    /// let grid = HexGrid::from_fn(8, 8, 1u32, |h| h.r != 4)?;
    /// let parts = HexComponents::new(&grid)?;
    /// let (start, goal) = (Hex::new(0, 0), Hex::new(0, 7));
    /// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    /// let r = engine.search_within(&grid, &parts.reach(&grid)?, Query::new(start, goal, grid.heuristic(goal)));
    /// assert!(r.found().is_none());
    /// assert_eq!(r.stats.expanded, 0); // answered by the labels
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reach<'a, C: Cost>(
        &'a self,
        grid: &'a HexGrid<C>,
    ) -> Result<GraphReach<'a, HexGrid<C>>, MapChanged> {
        self.check(grid)?;
        Ok(self.parts.reach(grid))
    }
}

/// Two labellings are equal when they describe the same map version and
/// split its hexagons into the same components: labels are compared up to
/// renaming (a sync that keeps its labels need not number components as a
/// fresh labelling would).
impl PartialEq for HexComponents {
    fn eq(&self, other: &Self) -> bool {
        use std::collections::HashMap;
        let (a, b) = (&self.parts, &other.parts);
        if self.version != other.version || a.len() != b.len() || a.count() != b.count() {
            return false;
        }
        let mut there = HashMap::new();
        let mut back = HashMap::new();
        (0..a.len()).all(|i| match (a.component(i), b.component(i)) {
            (None, None) => true,
            (Some(x), Some(y)) => {
                *there.entry(x).or_insert(y) == y && *back.entry(y).or_insert(x) == x
            }
            _ => false,
        })
    }
}

impl<C: Cost> crate::graph::FollowMap<HexGrid<C>> for HexComponents {
    type Synced = bool;
    type Error = GraphComponentsError;

    #[inline]
    fn map_version(&self) -> u64 {
        self.version
    }

    /// Brings the labels up to date with `grid` (the map they were made
    /// from): nothing when it has not changed, or when every edit since only
    /// changed terrain weights (read from the edit log); else labels again.
    /// Returns whether it labelled again.
    ///
    /// # Complexity
    /// O(k) for `k` terrain-only edits; O(n) when it labels again.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexComponents, HexGrid};
    /// use pathseek::FollowMap;
    /// let mut grid = HexGrid::new(4, 4, 1u32)?;
    /// let mut parts = HexComponents::new(&grid)?;
    /// grid.set_terrain(Hex::new(1, 1), 5)?;
    /// assert!(!parts.sync(&grid)?); // terrain only: the labels still hold
    /// grid.set_passable(Hex::new(1, 1), false)?;
    /// assert!(parts.sync(&grid)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn sync(&mut self, map: &HexGrid<C>) -> Result<Self::Synced, Self::Error> {
        self.follow(map)
    }
}
