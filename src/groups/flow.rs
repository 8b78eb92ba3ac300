//! [`FlowField`]: a [`DistanceField`] of a grid packed to a direction byte
//! and a cost per cell, to keep for many frames.

use super::DistanceField;
use crate::cost::Cost;
use crate::grid::{Cell, Grid, STEPS};

/// The direction byte of the goal cell.
const AT_GOAL: u8 = 8;
/// The direction byte of a cell the field does not reach.
const UNREACHED: u8 = u8::MAX;

/// A grid's flow field, packed: per cell the direction of its next step to
/// the goal (one byte) and its cost to the goal. `1 + size_of::<C>()` bytes
/// per cell: 5 with `u32` costs, against the 16 of the [`DistanceField`] it
/// is made from, which can then build the next field.
///
/// It does not borrow the grid. It answers for the grid as it was: after a
/// cell is blocked, a unit following it may be sent into that cell, so make
/// a new one after an edit (or check [`Grid::is_passable`] on each step).
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
/// assert_eq!(flow.cost(unit), field.cost(&grid, unit));
/// assert_eq!(flow.next_step(unit), field.next_step(&grid, unit));
/// let mut path = Vec::new();
/// assert_eq!(flow.path_into(unit, &mut path), flow.cost(unit));
/// assert_eq!(path.last(), Some(&goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct FlowField<C> {
    width: u32,
    height: u32,
    directions: Vec<u8>,
    costs: Vec<C>,
}

impl<C: Cost> FlowField<C> {
    /// Packs `field` (built on `grid`, or on [`Grid::reversed`] of it); a
    /// field built on another graph, or not built, packs to a field where
    /// no cell is reached.
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
    /// assert_eq!(flow.next_step(Cell::new(6, 6)), Some(Cell::new(7, 7)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refill(&mut self, field: &DistanceField<Cell, C>, grid: &Grid<C>) {
        let (width, height) = (grid.width(), grid.height());
        let cells = width as usize * height as usize;
        (self.width, self.height) = (width, height);
        self.directions.clear();
        self.directions.resize(cells, UNREACHED);
        self.costs.clear();
        self.costs.resize(cells, C::zero());
        for y in 0..height {
            for x in 0..width {
                let cell = Cell::new(x, y);
                let Some(cost) = field.cost(grid, cell) else {
                    continue;
                };
                let i = y as usize * width as usize + x as usize;
                self.costs[i] = cost;
                self.directions[i] = match field.next_step(grid, cell) {
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

    /// The cost from `cell` to the goal; `None` if the field does not reach
    /// it (or it is off the grid).
    ///
    /// # Example
    /// See [`FlowField`].
    pub fn cost(&self, cell: Cell) -> Option<C> {
        let i = self.index(cell)?;
        (self.directions[i] != UNREACHED).then(|| self.costs[i])
    }

    /// The next cell from `cell` towards the goal; `None` at the goal and
    /// for a cell not reached.
    ///
    /// # Example
    /// See [`FlowField`].
    pub fn next_step(&self, cell: Cell) -> Option<Cell> {
        let d = self.directions[self.index(cell)?];
        let &(dx, dy) = STEPS.get(usize::from(d))?;
        Some(Cell::new(
            cell.x.wrapping_add_signed(dx),
            cell.y.wrapping_add_signed(dy),
        ))
    }

    /// Writes the path from `cell` to the goal into `path` (cleared first)
    /// and returns its cost; `None` and an empty path for a cell not reached.
    ///
    /// # Example
    /// See [`FlowField`].
    pub fn path_into(&self, cell: Cell, path: &mut Vec<Cell>) -> Option<C> {
        path.clear();
        let cost = self.cost(cell)?;
        let mut at = cell;
        path.push(at);
        while let Some(next) = self.next_step(at) {
            if path.len() > self.directions.len() {
                path.clear();
                return None;
            }
            path.push(next);
            at = next;
        }
        Some(cost)
    }

    /// Bytes per cell: one direction byte and one cost.
    ///
    /// # Example
    /// See [`FlowField`].
    pub fn bytes_per_cell(&self) -> usize {
        1 + core::mem::size_of::<C>()
    }
}
