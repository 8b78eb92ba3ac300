//! [`HexGrid`] as a [`Graph`] with [`DenseIds`]: the six moves and the ids.

use super::{Hex, HexGrid};
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};

/// The `(dcol, drow)` offset steps of [`Hex::DIRECTIONS`] from an even row
/// and from an odd row of the odd-r layout.
const OFFSET_STEPS: [[(isize, isize); 6]; 2] = [
    [(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)],
    [(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)],
];

/// Nodes are [`Hex`]es with dense ids `row * width + col` (odd-r offset).
///
/// Successors of a passable hexagon: its passable neighbours on the map, in
/// the order of [`Hex::DIRECTIONS`] (east, north-east, north-west, west,
/// south-west, south-east), each costing `step` times the terrain weight of
/// the hexagon entered. Blocked or off-map hexagons have none and are not
/// [`contains`](Graph::contains)ed, so a search from or to one is an error.
///
/// # Example
/// ```
/// use pathseek::hex::{Hex, HexGrid};
/// use pathseek::{DenseIds, Graph};
/// let mut grid = HexGrid::new(3, 3, 2u32)?;
/// grid.set_terrain(Hex::new(1, 1), 5)?;
/// let mut steps = Vec::new();
/// grid.successors(Hex::new(0, 1), |h, cost| steps.push((h, cost)));
/// // East costs 2 x 5, four more cost 2; west lies off the map.
/// assert_eq!(steps[0], (Hex::new(1, 1), 10));
/// assert_eq!(steps.len(), 5);
/// assert_eq!(grid.node_count(), 9);
/// assert_eq!(grid.node_at(4), Some(Hex::new(1, 1)));
/// # Ok::<(), pathseek::hex::HexError>(())
/// ```
impl<C: Cost> Graph for HexGrid<C> {
    type Node = Hex;
    type Cost = C;

    #[inline]
    fn successors(&self, node: Hex, mut edge: impl FnMut(Hex, C)) {
        self.expand(Expansion::new(node), &mut edge);
    }

    /// The moves of [`successors`](Graph::successors), each with the dense
    /// id of the hexagon it enters.
    #[inline]
    fn expand(&self, at: Expansion<Hex>, edges: &mut impl EdgeSink<Hex, C>) {
        let node = at.node;
        let Some((col, row)) = node.to_offset() else {
            return;
        };
        let (w, h) = (self.width as usize, self.height as usize);
        let (col, row) = (col as usize, row as usize);
        if col >= w || row >= h || !self.passable[row * w + col] {
            return;
        }
        for (d, &(dc, dr)) in OFFSET_STEPS[row & 1].iter().enumerate() {
            let (c, r) = (col.wrapping_add_signed(dc), row.wrapping_add_signed(dr));
            if c >= w || r >= h {
                continue;
            }
            let j = r * w + c;
            if !self.passable[j] {
                continue;
            }
            let step = Hex::DIRECTIONS[d];
            // On the map, so the coordinates fit (sides are at most i32::MAX).
            let to = Hex::new(node.q + step.q, node.r + step.r);
            // `set_terrain` checked that `step * weight` fits.
            let cost = match &self.terrain {
                None => self.step,
                Some(t) => self.step * t[j],
            };
            edges.indexed_edge(to, j, cost);
        }
    }

    /// A hexagon is part of the graph when it is on the map and passable.
    #[inline]
    fn contains(&self, node: Hex) -> bool {
        self.is_passable(node)
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Hex, Cost = C>> {
        Some(self)
    }

    #[inline]
    fn version(&self) -> u64 {
        self.version
    }

    /// From the edit log: every edited hexagon and its neighbours on the map.
    fn changed_since(&self, since: u64, changed: &mut dyn FnMut(Hex)) -> bool {
        let Some(edits) = self.edits_since(crate::grid::MapVersion(since)) else {
            return false;
        };
        for edit in edits {
            changed(edit.hex);
            edit.hex
                .neighbours()
                .filter(|&n| self.in_bounds(n))
                .for_each(&mut *changed);
        }
        true
    }
}

impl<C: Cost> DenseIds for HexGrid<C> {
    #[inline]
    fn node_count(&self) -> usize {
        self.passable.len()
    }

    #[inline]
    fn node_index(&self, node: Hex) -> Option<usize> {
        self.hex_index(node)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<Hex> {
        self.hex_at(index)
    }
}
