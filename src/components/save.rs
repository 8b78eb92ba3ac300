//! [`GridComponents`] to and from serde (the `serde` feature): the labels,
//! checked on load, attached to no grid until [`GridComponents::attach`];
//! see [`save`](crate::save).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::grid::{BLOCKED, EAST, LABEL_LIMIT, SOUTH};
use super::GridComponents;
use crate::cost::Cost;
use crate::grid::{Cell, Grid};
use crate::save::{cells, check_len, SaveError};

/// What the labels are saved as.
#[derive(Serialize)]
struct LabelsOut<'a> {
    width: u32,
    height: u32,
    labels: &'a [u32],
    count: usize,
    next_label: u32,
}

/// What the labels are loaded from.
#[derive(Deserialize)]
struct LabelsIn {
    width: u32,
    height: u32,
    labels: Vec<u32>,
    count: usize,
    next_label: u32,
}

impl Serialize for GridComponents {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        LabelsOut {
            width: self.width,
            height: self.height,
            labels: &self.labels,
            count: self.count,
            next_label: self.next_label,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GridComponents {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = LabelsIn::deserialize(deserializer)?;
        GridComponents::try_from_saved(saved).map_err(serde::de::Error::custom)
    }
}

impl GridComponents {
    fn try_from_saved(saved: LabelsIn) -> Result<Self, SaveError> {
        let LabelsIn {
            width,
            height,
            labels,
            count,
            next_label,
        } = saved;
        check_len("labels", cells(width, height), labels.len())?;
        if next_label > LABEL_LIMIT {
            return Err(SaveError::Inconsistent {
                reason: "the next label is past the last one edits hand out",
            });
        }
        if labels.iter().any(|&l| l != BLOCKED && l >= next_label) {
            return Err(SaveError::Inconsistent {
                reason: "a label is not below the next one to hand out",
            });
        }
        let mut used: Vec<u32> = labels.iter().copied().filter(|&l| l != BLOCKED).collect();
        used.sort_unstable();
        used.dedup();
        if used.len() != count {
            return Err(SaveError::Inconsistent {
                reason: "the component count is not the number of labels in use",
            });
        }
        Ok(GridComponents {
            width,
            height,
            labels,
            count,
            // No grid's passability stamp is 0: current for no grid.
            stamp: 0,
            next_label,
            version: 0,
        })
    }

    /// Makes loaded labels (or labels of a grid changed behind their back)
    /// the current labels of `grid`, after checking that they describe it:
    /// the same size, a label on exactly the passable cells, one label on
    /// cells a move joins, and as many labels as `grid` has components (so
    /// cells no path joins never share one). The labels keep their values,
    /// so component ids a game saved beside them keep naming the same
    /// regions. With the `serde` feature; see [`save`](crate::save).
    ///
    /// # Errors
    /// [`SaveError::NotThisMap`] naming the first cell (by row-major index)
    /// where the labels and the grid disagree; the labels are then left as
    /// they were, current for no grid.
    ///
    /// # Complexity
    /// O(cells), with a temporary labelling of `grid` (4 bytes per cell):
    /// about what [`rebuild`](Self::rebuild) costs, which renumbers the
    /// labels instead.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts, Length};
    /// let mut grid = Grid::from_fn(8, 8, Connectivity::Eight, GridCosts::octile(), |c| c.x != 3)?;
    /// let mut parts = GridComponents::new(&grid);
    /// parts.open(&mut grid, Cell::new(3, 3))?; // a door: the two sides merge
    /// let saved = serde_json::to_string(&(&grid, &parts))?;
    ///
    /// let (grid, mut parts): (Grid<Length>, GridComponents) = serde_json::from_str(&saved)?;
    /// assert!(!parts.is_current(&grid)); // a loaded grid is a new map
    /// parts.attach(&grid)?;
    /// assert!(parts.connected(&grid, Cell::new(0, 0), Cell::new(7, 7))?);
    /// // Labels of another map are refused.
    /// let other = Grid::from_fn(8, 8, Connectivity::Eight, GridCosts::octile(), |c| c.x != 3)?;
    /// assert!(parts.attach(&other).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn attach<C: Cost>(&mut self, grid: &Grid<C>) -> Result<(), SaveError> {
        if (grid.width(), grid.height()) != (self.width, self.height) {
            return Err(SaveError::NotThisMap {
                index: 0,
                reason: "the grid has another size",
            });
        }
        let w = self.width as usize;
        let (masks, stride) = grid.move_masks();
        for (i, &label) in self.labels.iter().enumerate() {
            let (x, y) = (i % w, i / w);
            let open = grid.is_passable(Cell::new(x as u32, y as u32));
            if open != (label != BLOCKED) {
                return Err(SaveError::NotThisMap {
                    index: i,
                    reason: "passable in one and blocked in the other",
                });
            }
            let m = masks[(y + 1) * stride + x + 1];
            let joined = (m & EAST != 0 && self.labels.get(i + 1) != Some(&label))
                || (m & SOUTH != 0 && self.labels.get(i + w) != Some(&label));
            if joined {
                return Err(SaveError::NotThisMap {
                    index: i,
                    reason: "a move joins cells with different labels",
                });
            }
        }
        // Labels are constant on components and `count` of them are in
        // use: they name the components exactly when there are `count`.
        if GridComponents::new(grid).count() != self.count {
            return Err(SaveError::NotThisMap {
                index: 0,
                reason: "one label covers cells that no path joins",
            });
        }
        self.stamp = grid.passability_stamp();
        self.version = grid.version().0;
        Ok(())
    }
}
