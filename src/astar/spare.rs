//! The engines that one-shot searches ([`astar`](fn@crate::astar),
//! [`search`](fn@crate::search)) borrow:
//! one per thread and engine type, so that a one-shot search on a graph with
//! dense ids reuses the open set and node store of the last one instead of
//! allocating and zeroing fresh memory.

use std::any::Any;
use std::cell::RefCell;

thread_local! {
    /// Spare engines of this thread, at most one per type.
    static SPARE: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with this thread's spare `E` (a new one if there is none, or if
/// it is in use further up the stack: a search started from inside a
/// heuristic), then keeps it for the next call.
pub(crate) fn with_spare<E: Any + Default, R>(f: impl FnOnce(&mut E) -> R) -> R {
    let taken = SPARE
        .try_with(|spare| {
            let mut spare = spare.borrow_mut();
            let at = spare.iter().position(|e| e.is::<E>())?;
            spare.swap_remove(at).downcast::<E>().ok()
        })
        .ok()
        .flatten();
    let mut engine = taken.unwrap_or_default();
    let result = f(&mut engine);
    // Gone during thread teardown: then the engine is simply dropped.
    let _ = SPARE.try_with(|spare| {
        let mut spare = spare.borrow_mut();
        if !spare.iter().any(|e| e.is::<E>()) {
            spare.push(engine);
        }
    });
    result
}

/// Frees the memory that one-shot searches keep for the next search on this
/// thread.
///
/// [`astar`](fn@crate::astar) and
/// [`search`](fn@crate::search) on a graph with dense ids
/// ([`DenseIds`](crate::graph::DenseIds)) borrow an engine kept
/// per thread and cost type, so a game calling `astar` every frame does not
/// allocate and zero fresh memory each time. That engine keeps its open set
/// and its node records: a record per node (16 bytes with 32-bit costs, 24
/// with 64-bit ones) for graphs of up to 2^20 nodes, and beyond that the
/// records of the parts of the graph its searches reached. Call this after a
/// burst of searches on a large graph to give that memory back; the next
/// search starts afresh.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
/// let goal = Cell::new(63, 63);
/// let first = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
/// pathseek::release_search_memory();
/// let again = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
/// assert_eq!(first.found().map(|p| p.cost), again.found().map(|p| p.cost));
/// ```
pub fn release_search_memory() {
    let _ = SPARE.try_with(|spare| spare.borrow_mut().clear());
}
