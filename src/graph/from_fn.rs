//! Graphs from closures: [`from_fn`] wraps a successor closure as a [`Graph`].

use core::fmt::Debug;
use core::hash::Hash;

use super::Graph;
use crate::cost::Cost;

/// A [`Graph`] made from a closure that lists a node's successors; see [`from_fn`].
#[derive(Clone, Copy, Debug)]
pub struct FnGraph<N, C, F> {
    successors: F,
    _types: core::marker::PhantomData<fn(N) -> C>,
}

/// Wraps a closure `|node, edge| { edge(next, cost); ... }` as a [`Graph`].
///
/// The closure receives the node and a callback `&mut dyn FnMut(N, C)` to call once
/// per outgoing edge.
///
/// # Example
/// ```
/// // Integers: from n you may go to n + 1 (cost 1) or 2n (cost 1).
/// let g = pathseek::graph::from_fn(|n: u64, edge: &mut dyn FnMut(u64, u32)| {
///     edge(n + 1, 1);
///     edge(n * 2, 1);
/// });
/// let found = pathseek::astar(&g, 1, 10, |_| 0).into_path().unwrap();
/// assert_eq!(found.cost, 4); // 1 -> 2 -> 4 -> 5 -> 10
/// ```
pub fn from_fn<N, C, F>(successors: F) -> FnGraph<N, C, F>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    F: Fn(N, &mut dyn FnMut(N, C)),
{
    FnGraph {
        successors,
        _types: core::marker::PhantomData,
    }
}

impl<N, C, F> Graph for FnGraph<N, C, F>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    F: Fn(N, &mut dyn FnMut(N, C)),
{
    type Node = N;
    type Cost = C;

    #[inline]
    fn successors(&self, node: N, mut edge: impl FnMut(N, C)) {
        (self.successors)(node, &mut edge)
    }
}
