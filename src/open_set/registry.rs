//! The registry of open sets: every open set of the crate, by name.
//!
//! Read by the tests, benchmarks and tools that run over all of them. Each
//! open set is a different type, so "all open sets" is a visitor rather than
//! a list of values. The list is written once, in the `registry!` call below:
//! adding an open set is one line there.

use super::{
    BinaryHeap, BucketQueue, DaryHeap, HotQueue, IndexedArray, LazyBinaryHeap, LazyDaryHeap,
    OpenSet, RadixHeap, SkipList, SortedList, SortedVec, SplayTree, TwoLevel, UnsortedVec,
};
use crate::cost::Cost;

/// Receives the open sets of the registry, one call per structure
/// ([`visit_open_sets`]).
///
/// # Example
/// Count the entries each structure holds after the same pushes:
/// ```
/// use pathseek::open_set::{Entry, OpenSet, OpenSetVisitor, visit_open_sets};
///
/// struct PushThree(Vec<(&'static str, usize)>);
/// impl OpenSetVisitor<u32> for PushThree {
///     fn visit<O: OpenSet<u32>>(&mut self, name: &'static str, make: &dyn Fn() -> O) {
///         let mut open = make();
///         for slot in 0..3 {
///             open.push(Entry { f: 10 - slot, g: 0, slot });
///         }
///         assert_eq!(open.pop().map(|e| e.slot), Some(2), "{name}");
///         self.0.push((name, open.len()));
///     }
/// }
/// let mut counts = PushThree(Vec::new());
/// visit_open_sets(&mut counts, 1u32);
/// assert!(counts.0.iter().all(|&(_, len)| len == 2));
/// ```
///
/// Keep the one named on a command line, boxed (the `'static` bound lets a
/// visitor keep what it builds):
/// ```
/// use pathseek::open_set::{Entry, OpenSet, OpenSetVisitor, visit_open_sets};
///
/// struct Pick(&'static str, Option<Box<dyn OpenSet<f64>>>);
/// impl OpenSetVisitor<f64> for Pick {
///     fn visit<O: OpenSet<f64> + 'static>(&mut self, name: &'static str, make: &dyn Fn() -> O) {
///         if name == self.0 {
///             self.1 = Some(Box::new(make()));
///         }
///     }
/// }
/// let mut pick = Pick("radix-heap", None);
/// visit_open_sets(&mut pick, std::f64::consts::SQRT_2);
/// let mut open = pick.1.expect("a registry name");
/// open.push(Entry { f: 2.5, g: 1.0, slot: 7 });
/// assert_eq!(open.pop().map(|e| e.slot), Some(7));
/// ```
pub trait OpenSetVisitor<C: Cost> {
    /// Called once per open set: its registry `name` and a constructor of an
    /// empty one (call it once per engine; it may be called any number of
    /// times). Open sets own their entries (`'static`), so a visitor may keep
    /// what it builds, boxed or inside an engine; an implementation may leave
    /// the `'static` bound out.
    fn visit<O: OpenSet<C> + 'static>(&mut self, name: &'static str, make: &dyn Fn() -> O);
}

/// Writes the registry once: `name => |max_edge| constructor` per line gives
/// both [`OPEN_SET_NAMES`] and the calls of [`visit_open_sets`], in that order.
macro_rules! registry {
    ($($name:literal => |$max_edge:ident| $make:expr,)*) => {
        /// The names of the registry's open sets, in the order
        /// [`visit_open_sets`] visits them: the names the examples and
        /// benchmarks accept (the structures are listed at
        /// [`visit_open_sets`]).
        ///
        /// # Example
        /// ```
        /// use pathseek::open_set::OPEN_SET_NAMES;
        /// assert_eq!(OPEN_SET_NAMES[0], "binary-heap");
        /// assert!(OPEN_SET_NAMES.contains(&"dary-heap-4"));
        /// ```
        pub const OPEN_SET_NAMES: &[&str] = &[$($name),*];

        /// Calls `visitor.visit(name, make)` once for every open set of the
        /// registry, in the order of [`OPEN_SET_NAMES`]. `max_edge` is the
        /// largest edge cost of the graph the sets will serve; it tunes the
        /// HOT queue and sizes the bucket queue's window, and is ignored by
        /// the rest.
        ///
        /// | name | structure |
        /// |---|---|
        /// | `binary-heap` | [`BinaryHeap`] |
        /// | `binary-heap-lazy` | [`LazyBinaryHeap`] |
        /// | `dary-heap-4` | [`DaryHeap<C, 4>`](DaryHeap) |
        /// | `dary-heap-8` | [`DaryHeap<C, 8>`](DaryHeap) |
        /// | `dary-heap-lazy-4` | [`LazyDaryHeap<C, 4>`](LazyDaryHeap) |
        /// | `hot-queue` | [`HotQueue::with_max_edge_cost(max_edge)`](HotQueue::with_max_edge_cost) |
        /// | `radix-heap` | [`RadixHeap`] |
        /// | `sorted-vec` | [`SortedVec`] |
        /// | `unsorted-vec` | [`UnsortedVec`] |
        /// | `splay-tree` | [`SplayTree`] |
        /// | `indexed-array` | [`IndexedArray`] |
        /// | `two-level` | [`TwoLevel`] |
        /// | `bucket-queue` | [`BucketQueue::with_max_edge_cost(max_edge)`](BucketQueue::with_max_edge_cost) |
        /// | `sorted-list` | [`SortedList`] |
        /// | `skip-list` | [`SkipList`] |
        ///
        /// Each structure is built with `new()` (untuned) apart from the HOT
        /// queue and the bucket queue. Open sets are different types, so the registry is a
        /// visitor: the visitor does its work with each concrete type.
        ///
        /// # Example
        /// Search one grid with every open set and check they agree:
        /// ```
        /// use pathseek::store::IndexedStore;
        /// use pathseek::open_set::{OpenSet, OpenSetVisitor, visit_open_sets};
        /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
        ///
        /// struct Costs<'a>(&'a Grid<u32>, Vec<Option<u32>>);
        /// impl OpenSetVisitor<u32> for Costs<'_> {
        ///     fn visit<O: OpenSet<u32>>(&mut self, _name: &'static str, make: &dyn Fn() -> O) {
        ///         let grid = self.0;
        ///         let goal = Cell::new(7, 5);
        ///         let mut engine = AStar::new(make(), IndexedStore::new());
        ///         use pathseek::Query;
        ///         let r = engine.search(grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
        ///         self.1.push(r.found().map(|p| p.cost));
        ///     }
        /// }
        /// let costs = GridCosts::new(10u32, 14);
        /// let grid = Grid::new(8, 6, Connectivity::Eight, costs).unwrap();
        /// let mut run = Costs(&grid, Vec::new());
        /// visit_open_sets(&mut run, costs.diagonal);
        /// assert_eq!(run.1.len(), pathseek::open_set::OPEN_SET_NAMES.len());
        /// assert!(run.1.iter().all(|&c| c == Some(5 * 14 + 2 * 10)));
        /// ```
        pub fn visit_open_sets<C: Cost, V: OpenSetVisitor<C>>(visitor: &mut V, max_edge: C) {
            $(
                visitor.visit($name, &|| {
                    let $max_edge: C = max_edge;
                    $make
                });
            )*
        }
    };
}

registry! {
    "binary-heap" => |_max_edge| BinaryHeap::<C>::new(),
    "binary-heap-lazy" => |_max_edge| LazyBinaryHeap::<C>::new(),
    "dary-heap-4" => |_max_edge| DaryHeap::<C, 4>::new(),
    "dary-heap-8" => |_max_edge| DaryHeap::<C, 8>::new(),
    "dary-heap-lazy-4" => |_max_edge| LazyDaryHeap::<C, 4>::new(),
    "hot-queue" => |max_edge| HotQueue::<C>::with_max_edge_cost(max_edge),
    "radix-heap" => |_max_edge| RadixHeap::<C>::new(),
    "sorted-vec" => |_max_edge| SortedVec::<C>::new(),
    "unsorted-vec" => |_max_edge| UnsortedVec::<C>::new(),
    "splay-tree" => |_max_edge| SplayTree::<C>::new(),
    "indexed-array" => |_max_edge| IndexedArray::<C>::new(),
    "two-level" => |_max_edge| TwoLevel::<C>::new(),
    "bucket-queue" => |max_edge| BucketQueue::<C>::with_max_edge_cost(max_edge),
    "sorted-list" => |_max_edge| SortedList::<C>::new(),
    "skip-list" => |_max_edge| SkipList::<C>::new(),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records the names visited and checks every set starts empty.
    struct Names(Vec<&'static str>);

    impl<C: Cost> OpenSetVisitor<C> for Names {
        fn visit<O: OpenSet<C>>(&mut self, name: &'static str, make: &dyn Fn() -> O) {
            let open = make();
            assert!(open.is_empty(), "{name} starts with entries");
            self.0.push(name);
        }
    }

    #[test]
    fn the_names_are_the_visits() {
        let mut names = Names(Vec::new());
        visit_open_sets(&mut names, 3u32);
        assert_eq!(names.0, OPEN_SET_NAMES);
        let mut names = Names(Vec::new());
        visit_open_sets(&mut names, 1.5f64);
        assert_eq!(names.0, OPEN_SET_NAMES);
    }

    #[test]
    fn the_names_are_distinct_kebab_case() {
        for (i, name) in OPEN_SET_NAMES.iter().enumerate() {
            assert!(!OPEN_SET_NAMES[..i].contains(name), "{name} twice");
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{name} is not kebab-case"
            );
        }
    }
}
