//! The registry of node stores: every node store of the crate, by name.
//!
//! Read by the tests, benchmarks and tools that run over all of them. As with
//! the open-set registry, the stores are different types, so "all stores" is
//! a visitor. The list is written once, in the `registry!` call below: adding
//! a store is one line there.

use super::{ClosedSet, HashStore, IndexedStore, PagedStore};
use crate::graph::{DenseIds, Graph};

/// Receives the node stores of the registry for graphs of type `G`, one call
/// per store ([`visit_closed_sets`]).
///
/// # Example
/// Which stores serve a small graph:
/// ```
/// use pathseek::store::{ClosedSet, ClosedSetVisitor, visit_closed_sets};
/// use pathseek::{AdjacencyList, Graph};
///
/// struct Serves<'g, G>(&'g G, Vec<&'static str>);
/// impl<G: Graph> ClosedSetVisitor<G> for Serves<'_, G> {
///     fn visit<S: ClosedSet<G>>(&mut self, name: &'static str, make: &dyn Fn() -> S) {
///         if make().reset(self.0).is_ok() {
///             self.1.push(name);
///         }
///     }
/// }
/// let g = AdjacencyList::from_edges(3, [(0, 1, 1u32), (1, 2, 1)]).unwrap();
/// let mut serves = Serves(&g, Vec::new());
/// visit_closed_sets(&mut serves);
/// assert_eq!(serves.1, ["hash", "indexed", "paged"]);
/// ```
pub trait ClosedSetVisitor<G: Graph> {
    /// Called once per store: its registry `name` and a constructor of an
    /// empty one (call it once per engine; it may be called any number of
    /// times).
    fn visit<S: ClosedSet<G>>(&mut self, name: &'static str, make: &dyn Fn() -> S);
}

/// Writes the registry once: `name => constructor` per line gives both
/// [`CLOSED_SET_NAMES`] and the calls of [`visit_closed_sets`], in that order.
macro_rules! registry {
    ($($name:literal => $make:expr,)*) => {
        /// The names of the registry's node stores, in the order
        /// [`visit_closed_sets`] visits them: the names the examples accept
        /// (the stores are listed at [`visit_closed_sets`]).
        ///
        /// # Example
        /// ```
        /// use pathseek::store::CLOSED_SET_NAMES;
        /// assert_eq!(CLOSED_SET_NAMES, ["hash", "indexed", "paged"]);
        /// ```
        pub const CLOSED_SET_NAMES: &[&str] = &[$($name),*];

        /// Calls `visitor.visit(name, make)` once for every node store of the
        /// registry, in the order of [`CLOSED_SET_NAMES`].
        ///
        /// | name | store |
        /// |---|---|
        /// | `hash` | [`HashStore`] |
        /// | `indexed` | [`IndexedStore`] |
        /// | `paged` | [`PagedStore`] |
        ///
        /// The indexed and paged stores need [dense ids](crate::graph::DenseIds),
        /// so the registry is for graphs that have them (checked by the
        /// compiler); on other graphs [`HashStore`] is the one store.
        ///
        /// # Example
        /// Search one grid with every store and check they agree:
        /// ```
        /// use pathseek::store::{ClosedSet, ClosedSetVisitor, visit_closed_sets};
        /// use pathseek::open_set::BinaryHeap;
        /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query};
        ///
        /// struct Costs(Grid<u32>, Vec<Option<u32>>);
        /// impl ClosedSetVisitor<Grid<u32>> for Costs {
        ///     fn visit<S: ClosedSet<Grid<u32>>>(&mut self, _name: &'static str, make: &dyn Fn() -> S) {
        ///         let goal = Cell::new(7, 5);
        ///         let mut engine = AStar::new(BinaryHeap::new(), make());
        ///         let r = engine.search(&self.0, Query::new(Cell::new(0, 0), goal, self.0.heuristic(goal)));
        ///         self.1.push(r.found().map(|p| p.cost));
        ///     }
        /// }
        /// let grid = Grid::new(8, 6, Connectivity::Eight, GridCosts::new(10u32, 14)).unwrap();
        /// let mut run = Costs(grid, Vec::new());
        /// visit_closed_sets(&mut run);
        /// assert_eq!(run.1, [Some(90); 3]);
        /// ```
        pub fn visit_closed_sets<G: DenseIds, V: ClosedSetVisitor<G>>(visitor: &mut V) {
            $(
                visitor.visit($name, &|| $make);
            )*
        }
    };
}

registry! {
    "hash" => HashStore::<G::Node, G::Cost>::new(),
    "indexed" => IndexedStore::<G::Cost>::new(),
    "paged" => PagedStore::<G::Cost>::new(),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records the names visited and checks every store starts empty.
    struct Names(Vec<&'static str>);

    impl<G: Graph> ClosedSetVisitor<G> for Names {
        fn visit<S: ClosedSet<G>>(&mut self, name: &'static str, make: &dyn Fn() -> S) {
            let store = make();
            assert!(store.is_empty(), "{name} starts with records");
            self.0.push(name);
        }
    }

    #[test]
    fn the_names_are_the_visits() {
        let mut names = Names(Vec::new());
        visit_closed_sets::<crate::AdjacencyList<u32>, _>(&mut names);
        assert_eq!(names.0, CLOSED_SET_NAMES);
    }
}
