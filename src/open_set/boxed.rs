//! Open sets chosen at run time: a boxed open set is an open set.

use super::{Entry, OpenSet};
use crate::cost::Cost;

/// A `Box<dyn OpenSet<C>>` (or any boxed open set) is an open set, so the
/// structure can be picked at run time, by name from a configuration file or
/// a command line, at the price of a dynamic call per operation.
///
/// # Example
/// ```
/// use pathseek::open_set::{BinaryHeap, OpenSet, RadixHeap};
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, store::IndexedStore};
/// let name = "radix-heap";
/// let open: Box<dyn OpenSet<f64>> = match name {
///     "radix-heap" => Box::new(RadixHeap::new()),
///     _ => Box::new(BinaryHeap::new()),
/// };
/// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::float_octile()).unwrap();
/// let mut engine = AStar::new(open, IndexedStore::new());
/// let goal = Cell::new(7, 3);
/// use pathseek::Query;
/// let r = engine.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// assert_eq!(r.found().map(|p| p.nodes.len()), Some(8));
/// ```
impl<C: Cost, O: OpenSet<C> + ?Sized> OpenSet<C> for Box<O> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        (**self).push(entry)
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        (**self).pop()
    }

    #[inline]
    fn decrease_key(&mut self, entry: Entry<C>) {
        (**self).decrease_key(entry)
    }

    #[inline]
    fn len(&self) -> usize {
        (**self).len()
    }

    #[inline]
    fn is_empty(&self) -> bool {
        (**self).is_empty()
    }

    fn clear(&mut self) {
        (**self).clear()
    }
}
