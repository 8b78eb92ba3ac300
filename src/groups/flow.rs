//! [`FlowField`]: a [`DistanceField`] of a grid packed to a direction byte
//! and a cost per cell, to keep for many frames.

use super::DistanceField;
use crate::cost::Cost;
use crate::graph::{check_version, FollowMap, Graph, MapChanged};
use crate::grid::{Cell, Grid, STEPS};
use crate::result::SearchError;

/// The direction byte of the goal cell.
const AT_GOAL: u8 = 8;
/// The direction byte of a cell the field does not reach.
const UNREACHED: u8 = u8::MAX;

/// A grid's flow field, packed: per cell the direction of its next step to
/// the goal (one byte) and its cost to the goal. `1 + size_of::<C>()` bytes
/// per cell: 5 with `u32` costs, against the 16 of the [`DistanceField`] it
/// is made from, which can then build the next field.
///
/// It does not borrow the grid, but records the grid's
/// [`version`](crate::Graph::version) the field was built for, and its
/// queries take the grid: on a grid edited since, they return
/// [`MapChanged`] (never a step into a new wall). After an edit,
/// [`sync`](crate::graph::FollowMap::sync) builds it again to the same goal
/// (through a distance field of its own for the time of the call), or
/// [`refill`](Self::refill) it from a distance field you keep and sync.
///
/// # Example
/// ```
/// use pathseek::groups::{DistanceField, FlowField};
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
///
/// let grid = Grid::new(32, 32, Connectivity::Eight, GridCosts::new(2u32, 3))?;
/// let goal = Cell::new(30, 2);
/// let mut field = DistanceField::new();
/// field.build_grid(&grid, goal, None)?;
/// let flow = FlowField::from_field(&field, &grid);
/// assert_eq!(flow.bytes_per_cell(), 5);
/// let unit = Cell::new(1, 30);
/// assert_eq!(flow.cost(&grid, unit)?, field.cost(&grid, unit)?);
/// assert_eq!(flow.next_step(&grid, unit)?, field.next_step(&grid, unit)?);
/// let mut path = Vec::new();
/// assert_eq!(flow.path_into(&grid, unit, &mut path)?, flow.cost(&grid, unit)?);
/// assert_eq!(path.last(), Some(&goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct FlowField<C> {
    width: u32,
    height: u32,
    directions: Vec<u8>,
    costs: Vec<C>,
    /// The grid's version the packed field was built for.
    version: u64,
    /// The bound the field was built within (`None`: unbounded), saved so
    /// that attaching checks what a distance field's attach checks.
    max_cost: Option<C>,
    /// `false` when loaded and not yet attached to a grid, or packed from
    /// such a field: it answers for none (see `crate::save`).
    attached: bool,
    /// The goal the field leads to, also when the field was built with
    /// the goal blocked (then no cell is reached): what a sync builds to.
    goal: Option<Cell>,
}

impl<C: Cost> FlowField<C> {
    /// Packs `field` (built on `grid`, or on [`Grid::reversed`] of it); a
    /// field built on another graph, or not built, packs to a field where
    /// no cell is reached. The flow field takes the field's
    /// [`version`](DistanceField::version) (the grid's, for a field not
    /// built): packed from a field older than `grid`, it answers only
    /// [`MapChanged`] for `grid`.
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Example
    /// See [`FlowField`].
    pub fn from_field(field: &DistanceField<Cell, C>, grid: &Grid<C>) -> Self {
        let mut flow = FlowField {
            width: 0,
            height: 0,
            directions: Vec::new(),
            costs: Vec::new(),
            version: 0,
            max_cost: None,
            attached: true,
            goal: None,
        };
        flow.refill(field, grid);
        flow
    }

    /// [`from_field`](Self::from_field) into this flow field's memory: no
    /// allocation once it has held a grid of this size.
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::{DistanceField, FlowField};
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// let mut field = DistanceField::new();
    /// field.build_grid(&grid, Cell::new(0, 0), None)?;
    /// let mut flow = FlowField::from_field(&field, &grid);
    /// field.build_grid(&grid, Cell::new(7, 7), None)?; // the rally point moves
    /// flow.refill(&field, &grid);
    /// assert_eq!(flow.next_step(&grid, Cell::new(6, 6))?, Some(Cell::new(7, 7)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refill(&mut self, field: &DistanceField<Cell, C>, grid: &Grid<C>) {
        let (width, height) = (grid.width(), grid.height());
        let cells = width as usize * height as usize;
        (self.width, self.height) = (width, height);
        self.version = field
            .version()
            .or(field.blocked_version())
            .unwrap_or_else(|| Graph::version(grid));
        self.attached = field.goal().is_none() || field.is_attached();
        let target = field.target();
        self.goal = target.map(|(goal, _)| goal);
        self.max_cost = target.and_then(|(_, max_cost)| max_cost);
        self.directions.clear();
        self.directions.resize(cells, UNREACHED);
        self.costs.clear();
        self.costs.resize(cells, C::zero());
        for y in 0..height {
            for x in 0..width {
                let cell = Cell::new(x, y);
                let Some(cost) = field.cost_unchecked(grid, cell) else {
                    continue;
                };
                let i = y as usize * width as usize + x as usize;
                self.costs[i] = cost;
                self.directions[i] = match field.next_unchecked(grid, cell) {
                    None => AT_GOAL,
                    Some(next) => {
                        let d = (
                            i64::from(next.x) - i64::from(x),
                            i64::from(next.y) - i64::from(y),
                        );
                        STEPS
                            .iter()
                            .position(|&(dx, dy)| (i64::from(dx), i64::from(dy)) == d)
                            .map_or(UNREACHED, |k| k as u8)
                    }
                };
            }
        }
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height)
            .then(|| cell.y as usize * self.width as usize + cell.x as usize)
    }

    /// `Ok(true)` when `grid` is the grid packed, as it was; `Ok(false)` for
    /// a grid of another size (nothing is reached on it).
    fn answers_for(&self, grid: &Grid<C>) -> Result<bool, MapChanged> {
        if !self.attached {
            return Err(MapChanged {
                built: self.version,
                now: Graph::version(grid),
            });
        }
        check_version(grid, self.version)?;
        Ok(grid.width() == self.width && grid.height() == self.height)
    }

    fn cost_unchecked(&self, cell: Cell) -> Option<C> {
        let i = self.index(cell)?;
        (self.directions[i] != UNREACHED).then(|| self.costs[i])
    }

    fn next_unchecked(&self, cell: Cell) -> Option<Cell> {
        let d = self.directions[self.index(cell)?];
        let &(dx, dy) = STEPS.get(usize::from(d))?;
        Some(Cell::new(
            cell.x.wrapping_add_signed(dx),
            cell.y.wrapping_add_signed(dy),
        ))
    }

    /// The cost from `cell` to the goal; `Ok(None)` if the field does not
    /// reach it (or it is off the grid).
    ///
    /// # Errors
    /// [`MapChanged`] if `grid` has changed since the field was built.
    ///
    /// # Example
    /// See [`FlowField`].
    pub fn cost(&self, grid: &Grid<C>, cell: Cell) -> Result<Option<C>, MapChanged> {
        Ok(self
            .answers_for(grid)?
            .then(|| self.cost_unchecked(cell))
            .flatten())
    }

    /// The next cell from `cell` towards the goal; `Ok(None)` at the goal
    /// and for a cell not reached.
    ///
    /// # Errors
    /// [`MapChanged`] if `grid` has changed since the field was built: the
    /// step might lead into a new wall.
    ///
    /// # Example
    /// See [`FlowField`].
    pub fn next_step(&self, grid: &Grid<C>, cell: Cell) -> Result<Option<Cell>, MapChanged> {
        Ok(self
            .answers_for(grid)?
            .then(|| self.next_unchecked(cell))
            .flatten())
    }

    /// Writes the path from `cell` to the goal into `path` (cleared first)
    /// and returns its cost; `Ok(None)` and an empty path for a cell not
    /// reached.
    ///
    /// # Errors
    /// [`MapChanged`] (and an empty path) if `grid` has changed since the
    /// field was built.
    ///
    /// # Example
    /// See [`FlowField`].
    pub fn path_into(
        &self,
        grid: &Grid<C>,
        cell: Cell,
        path: &mut Vec<Cell>,
    ) -> Result<Option<C>, MapChanged> {
        path.clear();
        if !self.answers_for(grid)? {
            return Ok(None);
        }
        let Some(cost) = self.cost_unchecked(cell) else {
            return Ok(None);
        };
        let mut at = cell;
        path.push(at);
        while let Some(next) = self.next_unchecked(at) {
            if path.len() > self.directions.len() {
                path.clear();
                return Ok(None);
            }
            path.push(next);
            at = next;
        }
        Ok(Some(cost))
    }

    /// The grid's [`version`](crate::Graph::version) this flow field
    /// answers for.
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::{DistanceField, FlowField};
    /// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
    /// let mut grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// let mut field = DistanceField::new();
    /// field.build_grid(&grid, Cell::new(0, 0), None)?;
    /// let flow = FlowField::from_field(&field, &grid);
    /// assert_eq!(flow.version(), Graph::version(&grid));
    /// grid.set_passable(Cell::new(1, 1), false)?;
    /// assert!(flow.next_step(&grid, Cell::new(2, 2)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Bytes per cell: one direction byte and one cost.
    ///
    /// # Example
    /// See [`FlowField`].
    pub fn bytes_per_cell(&self) -> usize {
        1 + core::mem::size_of::<C>()
    }
}

impl<C: Cost> FollowMap<Grid<C>> for FlowField<C> {
    type Synced = bool;
    type Error = SearchError<Cell, C>;

    /// The grid's [`version`](crate::Graph::version) this flow field
    /// answers for (0, no map's, while loaded and not attached).
    #[inline]
    fn map_version(&self) -> u64 {
        if self.attached {
            self.version
        } else {
            0
        }
    }

    /// Builds the field again when `grid` has changed since (or it was
    /// loaded and not attached): a distance field to the same goal within
    /// the same bound, packed into this flow field's memory. A flow field
    /// of no goal becomes one of no goal on `grid`. Returns whether it
    /// built.
    ///
    /// # Errors
    /// Those of [`DistanceField::build`]: the goal blocked (the flow field
    /// then reaches nothing on this grid, and the next sync after the grid
    /// changes builds again).
    ///
    /// # Complexity
    /// O(1) when current; otherwise one Dijkstra and O(cells), with a
    /// distance field (16 bytes a cell with `u32` costs) allocated for the
    /// time of the call. To build without allocating, keep a
    /// [`DistanceField`], [`sync`](FollowMap::sync) it and
    /// [`refill`](FlowField::refill) from it.
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::{DistanceField, FlowField};
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut field = DistanceField::new();
    /// field.build_grid(&grid, Cell::new(7, 0), None)?;
    /// let mut flow = FlowField::from_field(&field, &grid);
    /// assert_eq!(flow.sync(&grid), Ok(false)); // nothing changed
    /// grid.set_passable(Cell::new(6, 0), false)?;
    /// assert!(flow.next_step(&grid, Cell::new(5, 0)).is_err()); // refused until synced
    /// assert_eq!(flow.sync(&grid), Ok(true));
    /// assert_eq!(flow.next_step(&grid, Cell::new(5, 0))?, Some(Cell::new(5, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn sync(&mut self, grid: &Grid<C>) -> Result<bool, Self::Error> {
        if self.is_current(grid) {
            return Ok(false);
        }
        let mut field = DistanceField::new();
        let built = match self.goal {
            Some(goal) => field.build_grid(grid, goal, self.max_cost).map(|_| ()),
            None => Ok(()),
        };
        self.refill(&field, grid);
        built.map(|()| true)
    }
}

#[cfg(feature = "serde")]
mod save {
    //! [`FlowField`] to and from serde: the direction bytes and costs,
    //! checked on load; attached to no grid until [`FlowField::attach`].

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{FlowField, AT_GOAL, UNREACHED};
    use crate::cost::Cost;
    use crate::graph::Graph;
    use crate::grid::{Cell, Grid, STEPS};
    use crate::groups::verify::verify;
    use crate::save::{cells, check_len, SaveError};

    /// What a flow field is saved as: per cell, row-major, a direction byte
    /// (0 to 7: north, east, south, west, north-east, south-east,
    /// south-west, north-west; 8: the goal; 255: not reached) and its cost
    /// to the goal (0 when not reached); and the bound the field was built
    /// within (`null`: unbounded).
    #[derive(Serialize)]
    struct FlowOut<'a, C> {
        width: u32,
        height: u32,
        directions: &'a [u8],
        costs: &'a [C],
        max_cost: Option<C>,
        goal: Option<Cell>,
    }

    /// What a flow field is loaded from. A save without a bound (made
    /// before it was saved) is read as unbounded: one made within a bound
    /// is then refused by `attach`, never taken for a field it is not.
    #[derive(Deserialize)]
    struct FlowRepr<C> {
        width: u32,
        height: u32,
        directions: Vec<u8>,
        costs: Vec<C>,
        #[serde(default = "unbounded")]
        max_cost: Option<C>,
        /// Saves made before the goal was saved have none: it is then the
        /// cell at the goal, if any.
        #[serde(default)]
        goal: Option<Cell>,
    }

    /// The bound of a save that has none (not `#[serde(default)]`, which
    /// would ask `C: Default`).
    fn unbounded<C>() -> Option<C> {
        None
    }

    impl<C: Cost + Serialize> Serialize for FlowField<C> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            FlowOut {
                width: self.width,
                height: self.height,
                directions: &self.directions,
                costs: &self.costs,
                max_cost: self.max_cost,
                goal: self.goal,
            }
            .serialize(serializer)
        }
    }

    impl<'de, C: Cost + Deserialize<'de>> Deserialize<'de> for FlowField<C> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let saved = FlowRepr::<C>::deserialize(deserializer)?;
            FlowField::try_from_saved(saved).map_err(serde::de::Error::custom)
        }
    }

    impl<C: Cost> FlowField<C> {
        /// The next cell's row-major index from cell `i` in direction `d`
        /// (`None` off the grid or for a byte that is no step).
        fn step_index(&self, i: usize, d: u8) -> Option<usize> {
            let w = self.width as usize;
            let &(dx, dy) = STEPS.get(usize::from(d))?;
            let x = u32::try_from(i % w).ok()?.checked_add_signed(dx)?;
            let y = u32::try_from(i / w).ok()?.checked_add_signed(dy)?;
            (x < self.width && y < self.height).then(|| y as usize * w + x as usize)
        }

        fn try_from_saved(saved: FlowRepr<C>) -> Result<Self, SaveError> {
            let FlowRepr {
                width,
                height,
                directions,
                costs,
                max_cost,
                goal,
            } = saved;
            let n = cells(width, height);
            check_len("flow directions", n, directions.len())?;
            check_len("flow costs", n, costs.len())?;
            if max_cost.is_some_and(|m| !m.is_valid()) {
                return Err(SaveError::Inconsistent {
                    reason: "the bound is NaN or negative",
                });
            }
            let mut flow = FlowField {
                width,
                height,
                directions,
                costs,
                version: 0,
                max_cost,
                attached: false,
                goal,
            };
            let mut goals = 0;
            for (i, &d) in flow.directions.iter().enumerate() {
                match d {
                    UNREACHED => continue,
                    AT_GOAL => goals += 1,
                    _ => match flow.step_index(i, d) {
                        Some(j) if flow.directions[j] != UNREACHED => {}
                        _ => {
                            return Err(SaveError::Inconsistent {
                                reason: "a direction leads off the grid, to a cell not reached, \
                                         or is no direction",
                            })
                        }
                    },
                }
                if !flow.costs[i].is_valid() {
                    return Err(SaveError::Inconsistent {
                        reason: "a cost is NaN or negative",
                    });
                }
            }
            if goals > 1 || (goals == 0 && flow.directions.iter().any(|&d| d != UNREACHED)) {
                return Err(SaveError::Inconsistent {
                    reason: "cells reached, but not exactly one goal",
                });
            }
            let at_goal = flow.directions.iter().position(|&d| d == AT_GOAL);
            match (flow.goal, at_goal) {
                (Some(goal), at)
                    if flow.index(goal).is_none()
                        || at.is_some_and(|i| flow.index(goal) != Some(i)) =>
                {
                    return Err(SaveError::Inconsistent {
                        reason: "the goal is off the grid or not the cell at the goal",
                    })
                }
                (None, Some(i)) => {
                    let w = width as usize;
                    flow.goal = Some(Cell::new((i % w) as u32, (i / w) as u32));
                }
                _ => {}
            }
            Ok(flow)
        }

        /// Makes a loaded flow field answer for `grid`, after checking that
        /// it is that grid's field, exactly as
        /// [`DistanceField::attach`](crate::groups::DistanceField::attach)
        /// does (one check for both): the goal at cost zero, every step an
        /// edge that makes up its cost, no cheaper edge, steps that lead to
        /// the goal, and the cells reached exactly those within the bound
        /// the field was built within (saved with it). So a field saved
        /// before a door opened, or for another map of the same size, is
        /// refused. Then it takes `grid`'s version. With the `serde`
        /// feature; see [`save`](crate::save).
        ///
        /// # Errors
        /// [`SaveError::NotThisMap`] naming the first cell (row-major
        /// index) where field and grid disagree; the field is then left
        /// attached to no grid.
        ///
        /// # Complexity
        /// O(cells): each cell's moves once.
        ///
        /// # Example
        /// ```
        /// use pathseek::groups::{DistanceField, FlowField};
        /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
        /// let mut grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::new(2u32, 3))?;
        /// let mut field = DistanceField::new();
        /// field.build_grid(&grid, Cell::new(8, 8), None)?;
        /// let saved = serde_json::to_string(&FlowField::from_field(&field, &grid))?;
        ///
        /// let mut flow: FlowField<u32> = serde_json::from_str(&saved)?;
        /// flow.attach(&grid)?;
        /// assert_eq!(flow.next_step(&grid, Cell::new(0, 0))?, Some(Cell::new(1, 1)));
        /// // The same field on the grid after an edit is refused.
        /// grid.set_passable(Cell::new(4, 4), false)?;
        /// let mut flow: FlowField<u32> = serde_json::from_str(&saved)?;
        /// assert!(flow.attach(&grid).is_err());
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        pub fn attach(&mut self, grid: &Grid<C>) -> Result<(), SaveError> {
            self.attached = false;
            if (grid.width(), grid.height()) != (self.width, self.height) {
                return Err(SaveError::NotThisMap {
                    index: 0,
                    reason: "the grid has another size",
                });
            }
            if let Some(goal) = self.directions.iter().position(|&d| d == AT_GOAL) {
                let entry = |i: usize| {
                    let d = *self.directions.get(i)?;
                    if d == UNREACHED {
                        return None;
                    }
                    let next = if d == AT_GOAL {
                        None
                    } else {
                        // A byte checked on load: a step inside the grid.
                        Some(self.step_index(i, d)?)
                    };
                    Some((self.costs[i], next))
                };
                verify(grid, self.directions.len(), goal, entry, self.max_cost)?;
            }
            self.version = Graph::version(grid);
            self.attached = true;
            Ok(())
        }
    }
}
