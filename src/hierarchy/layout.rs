//! How a grid is cut into square clusters, and the borders between them.

use crate::grid::Cell;

/// A rectangle of cells: `x0..x0 + width`, `y0..y0 + height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rect {
    pub(crate) x0: u32,
    pub(crate) y0: u32,
    pub(crate) width: u32,
    pub(crate) height: u32,
}

impl Rect {
    #[inline(always)]
    pub(crate) fn contains(&self, cell: Cell) -> bool {
        cell.x.wrapping_sub(self.x0) < self.width && cell.y.wrapping_sub(self.y0) < self.height
    }

    /// The cell's index inside the rectangle, row by row.
    #[inline(always)]
    pub(crate) fn local(&self, cell: Cell) -> usize {
        (cell.y - self.y0) as usize * self.width as usize + (cell.x - self.x0) as usize
    }

    #[inline(always)]
    pub(crate) fn area(&self) -> usize {
        self.width as usize * self.height as usize
    }

    #[inline(always)]
    pub(crate) fn cell_at(&self, local: usize) -> Option<Cell> {
        (local < self.area()).then(|| {
            let w = self.width as usize;
            Cell::new(self.x0 + (local % w) as u32, self.y0 + (local / w) as u32)
        })
    }
}

/// Clusters of `size` x `size` cells (smaller at the right and bottom
/// edges), numbered row by row, and the borders between neighbours: first
/// the vertical ones (cluster `(cx, cy)` | `(cx + 1, cy)`), then the
/// horizontal ones (`(cx, cy)` over `(cx, cy + 1)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub(crate) size: u32,
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) cols: u32,
    pub(crate) rows: u32,
}

/// One border: the pairs of cells facing each other across it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Border {
    /// The first cell of the line on the lower cluster's side.
    pub(crate) first: Cell,
    /// From one pair to the next along the border: `(0, 1)` or `(1, 0)`.
    pub(crate) along: (u32, u32),
    /// From a cell to the one facing it: `(1, 0)` or `(0, 1)`.
    pub(crate) across: (u32, u32),
    pub(crate) len: u32,
}

impl Layout {
    pub(crate) fn new(width: u32, height: u32, size: u32) -> Self {
        Layout {
            size,
            width,
            height,
            cols: width.div_ceil(size),
            rows: height.div_ceil(size),
        }
    }

    pub(crate) fn cluster_count(&self) -> usize {
        self.cols as usize * self.rows as usize
    }

    #[inline(always)]
    pub(crate) fn cluster_of(&self, cell: Cell) -> u32 {
        (cell.y / self.size) * self.cols + cell.x / self.size
    }

    pub(crate) fn rect(&self, cluster: u32) -> Rect {
        let (cx, cy) = (cluster % self.cols, cluster / self.cols);
        let (x0, y0) = (cx * self.size, cy * self.size);
        Rect {
            x0,
            y0,
            width: self.size.min(self.width - x0),
            height: self.size.min(self.height - y0),
        }
    }

    fn vertical_count(&self) -> u32 {
        (self.cols - 1) * self.rows
    }

    pub(crate) fn border_count(&self) -> usize {
        self.vertical_count() as usize + (self.cols * (self.rows - 1)) as usize
    }

    pub(crate) fn border(&self, id: u32) -> Border {
        let v = self.vertical_count();
        if id < v {
            let (cx, cy) = (id % (self.cols - 1), id / (self.cols - 1));
            let rect = self.rect(cy * self.cols + cx);
            Border {
                first: Cell::new(rect.x0 + rect.width - 1, rect.y0),
                along: (0, 1),
                across: (1, 0),
                len: rect.height,
            }
        } else {
            let id = id - v;
            let (cx, cy) = (id % self.cols, id / self.cols);
            let rect = self.rect(cy * self.cols + cx);
            Border {
                first: Cell::new(rect.x0, rect.y0 + rect.height - 1),
                along: (1, 0),
                across: (0, 1),
                len: rect.width,
            }
        }
    }

    /// The borders of cluster `c` (2 to 4 of them), as `f(border)`.
    pub(crate) fn borders_of(&self, c: u32, mut f: impl FnMut(u32)) {
        let (cx, cy) = (c % self.cols, c / self.cols);
        let v = self.vertical_count();
        if cx + 1 < self.cols {
            f(cy * (self.cols - 1) + cx);
        }
        if cx > 0 {
            f(cy * (self.cols - 1) + cx - 1);
        }
        if cy + 1 < self.rows {
            f(v + cy * self.cols + cx);
        }
        if cy > 0 {
            f(v + (cy - 1) * self.cols + cx);
        }
    }

    /// The borders `cell` lies on (0 to 2 of them: a cluster's corner cell
    /// is on two), as `f(border)`.
    pub(crate) fn borders_at(&self, cell: Cell, mut f: impl FnMut(u32)) {
        let (cx, cy) = (cell.x / self.size, cell.y / self.size);
        let (lx, ly) = (cell.x % self.size, cell.y % self.size);
        let v = self.vertical_count();
        if lx == self.size - 1 && cx + 1 < self.cols {
            f(cy * (self.cols - 1) + cx);
        }
        if lx == 0 && cx > 0 {
            f(cy * (self.cols - 1) + cx - 1);
        }
        if ly == self.size - 1 && cy + 1 < self.rows {
            f(v + cy * self.cols + cx);
        }
        if ly == 0 && cy > 0 {
            f(v + (cy - 1) * self.cols + cx);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clusters_cover_the_grid_and_borders_face_each_other() {
        let layout = Layout::new(10, 7, 4);
        assert_eq!((layout.cols, layout.rows), (3, 2));
        assert_eq!(
            layout.rect(2),
            Rect {
                x0: 8,
                y0: 0,
                width: 2,
                height: 4
            }
        );
        assert_eq!(
            layout.rect(5),
            Rect {
                x0: 8,
                y0: 4,
                width: 2,
                height: 3
            }
        );
        assert_eq!(layout.border_count(), 2 * 2 + 3);
        for id in 0..layout.border_count() as u32 {
            let b = layout.border(id);
            for i in 0..b.len {
                let a = Cell::new(b.first.x + i * b.along.0, b.first.y + i * b.along.1);
                let c = Cell::new(a.x + b.across.0, a.y + b.across.1);
                assert_ne!(layout.cluster_of(a), layout.cluster_of(c));
                for cell in [a, c] {
                    let mut on = Vec::new();
                    layout.borders_at(cell, |x| on.push(x));
                    assert!(on.contains(&id), "{cell:?} on border {id}");
                }
            }
        }
        let mut corner = Vec::new();
        layout.borders_at(Cell::new(3, 3), |b| corner.push(b));
        assert_eq!(corner.len(), 2);
    }
}
