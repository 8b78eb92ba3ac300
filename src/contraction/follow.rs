//! How the hierarchies follow their graph ([`FollowMap`]): a contraction
//! hierarchy is prepared again, a customizable one customized again (built
//! again only when the graph gained an edge its shape lacks).

use super::{BuiltFor, ContractionError, ContractionHierarchy, CustomizableHierarchy};
use crate::cost::Cost;
use crate::graph::{DenseIds, FollowMap};

impl<C: Cost + Send + Sync, G: DenseIds<Cost = C>> FollowMap<G> for ContractionHierarchy<C> {
    /// Whether it was prepared again.
    type Synced = bool;
    type Error = ContractionError;

    #[inline]
    fn map_version(&self) -> u64 {
        self.built.version
    }

    /// Prepares the hierarchy again for `graph` as it is now, unless it
    /// answers for it already. Returns whether it prepared.
    ///
    /// # Errors
    /// As [`ContractionHierarchy::new`]; the hierarchy is then left as it
    /// was (and still refuses the changed graph).
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{ChSearch, ContractionHierarchy};
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut ch = ContractionHierarchy::new(&grid)?;
    /// let mut search = ChSearch::new();
    /// let (a, b) = (Cell::new(0, 3), Cell::new(7, 3));
    /// assert_eq!(search.distance(&ch, &grid, a, b)?, Some(7));
    /// for y in 0..7 {
    ///     grid.set_passable(Cell::new(4, y), false)?; // a wall, open at the bottom
    /// }
    /// assert!(search.distance(&ch, &grid, a, b).is_err()); // never the old answer
    /// assert!(ch.sync(&grid)?);
    /// assert_eq!(search.distance(&ch, &grid, a, b)?, Some(7 + 8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn sync(&mut self, graph: &G) -> Result<bool, ContractionError> {
        if self.built.check(graph).is_ok() {
            return Ok(false);
        }
        *self = ContractionHierarchy::new(graph)?;
        Ok(true)
    }
}

impl<C: Cost, G: DenseIds<Cost = C>> FollowMap<G> for CustomizableHierarchy<C> {
    /// Whether it had to be built again (the graph gained an edge), not
    /// only customized.
    type Synced = bool;
    type Error = ContractionError;

    /// The version of the graph it was last customized for (none after a
    /// failed customization: `u64::MAX`, which no graph has).
    #[inline]
    fn map_version(&self) -> u64 {
        self.customized.map_or(u64::MAX, |b: BuiltFor| b.version)
    }

    /// Customizes the hierarchy for `graph` as it is now, unless it answers
    /// for it already; builds it again when the graph has an edge (or a
    /// node count) it was not built with. Returns whether it built again.
    ///
    /// # Errors
    /// As [`CustomizableHierarchy::new`]: a NaN or negative cost, a cost
    /// overflow. The hierarchy then answers nothing until a sync succeeds.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{ChSearch, CustomizableHierarchy};
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut cch = CustomizableHierarchy::new(&grid)?;
    /// let mut search = ChSearch::new();
    /// let (a, b) = (Cell::new(0, 3), Cell::new(7, 3));
    /// for y in 0..7 {
    ///     grid.set_passable(Cell::new(4, y), false)?; // fewer edges: customizing is enough
    /// }
    /// assert_eq!(cch.sync(&grid)?, false);
    /// assert_eq!(search.distance(&cch, &grid, a, b)?, Some(7 + 8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn sync(&mut self, graph: &G) -> Result<bool, ContractionError> {
        if self.customized.is_some_and(|b| b.check(graph).is_ok()) {
            return Ok(false);
        }
        match self.customize(graph) {
            Ok(()) => Ok(false),
            Err(ContractionError::UnknownEdge { .. } | ContractionError::WrongGraph { .. }) => {
                *self = CustomizableHierarchy::new(graph)?;
                Ok(true)
            }
            Err(e) => Err(e),
        }
    }
}
