//! [`AltHeuristic`]: the landmark lower bound to one goal, for one graph.

use smallvec::SmallVec;

use super::table::{Table, UNREACHED};
use super::Landmarks;
use crate::graph::DenseIds;
use crate::query::Heuristic;
use num_traits::{Bounded, Zero};

/// The ALT heuristic to one goal: for a node `v`, the largest of the
/// triangle-inequality bounds `d(L, goal) - d(L, v)` and `d(v, L) - d(goal, L)`
/// over the landmarks `L` (and 0). Admissible, and consistent on every edge
/// into a node that can reach the goal (up to float rounding with float
/// costs). A node that cannot reach the goal may get a bound of 0 below a
/// predecessor's larger one; no path to the goal runs through it, so this
/// costs nothing.
///
/// Made by [`Landmarks::heuristic`]; pass it to [`Query::new`](crate::Query::new)
/// or call [`estimate`](Self::estimate) from a closure for
/// [`astar`](fn@crate::astar). It borrows the landmarks and the graph (to map
/// nodes to dense ids) and allocates nothing for up to 32 landmarks.
///
/// # Complexity
/// O(landmarks) per call, reading one run of the node's table row.
#[derive(Clone, Debug)]
pub struct AltHeuristic<'a, G: DenseIds> {
    graph: &'a G,
    landmarks: &'a Landmarks<G::Cost>,
    /// Per landmark `k`: the goal's values in the same form as the table
    /// (`d(L, goal)` for the first `k` columns, `d(goal, L)` for the rest),
    /// with unreached entries replaced so that their bounds come out at most 0.
    goal: Goal<G::Cost>,
    goal_node: G::Node,
}

/// Per table column `k`, the goal's values for the two bounds: `a[k]` in
/// `a[k] - value(v)` and `b[k]` in `value(v) - b[k]`. A column of distances
/// from a landmark uses the first bound, a column of distances to it the
/// second; on a symmetric graph one column serves both. A bound a column
/// does not give, or that an unreached goal entry voids, is disabled by a
/// value that makes it negative.
// One per query, never in an array: the size difference is harmless.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Goal<C> {
    Narrow {
        a: SmallVec<[i64; 32]>,
        b: SmallVec<[i64; 32]>,
    },
    Wide {
        /// Disabled: 0 (never above a distance).
        a: SmallVec<[C; 32]>,
        /// Disabled: `C::max_value()` (never below one).
        b: SmallVec<[C; 32]>,
    },
}

/// Beyond any `u32` distance: `x - OFF < 0` and `ON - x < 0` for every entry.
const OFF: i64 = 1 << 40;

impl<'a, G: DenseIds> AltHeuristic<'a, G> {
    pub(super) fn new(
        graph: &'a G,
        landmarks: &'a Landmarks<G::Cost>,
        goal_node: G::Node,
        goal_index: usize,
    ) -> Self {
        let (count, width) = (landmarks.len(), landmarks.width());
        let symmetric = width == count;
        let row = goal_index * width;
        // Column k: distances from landmark k (k < count), or to landmark
        // k - count. Symmetric: both at once.
        let from = |k: usize| symmetric || k < count;
        let to = |k: usize| symmetric || k >= count;
        let goal = match &landmarks.table {
            Table::Narrow(t) => {
                let at = |k: usize| (t[row + k] != UNREACHED).then(|| i64::from(t[row + k]));
                Goal::Narrow {
                    a: (0..width)
                        .map(|k| at(k).filter(|_| from(k)).unwrap_or(-OFF))
                        .collect(),
                    b: (0..width)
                        .map(|k| at(k).filter(|_| to(k)).unwrap_or(OFF))
                        .collect(),
                }
            }
            Table::Wide(_) => {
                let at = |k: usize| landmarks.table.get(row + k);
                Goal::Wide {
                    a: (0..width)
                        .map(|k| at(k).filter(|_| from(k)).unwrap_or_else(Zero::zero))
                        .collect(),
                    b: (0..width)
                        .map(|k| at(k).filter(|_| to(k)).unwrap_or_else(Bounded::max_value))
                        .collect(),
                }
            }
        };
        AltHeuristic {
            graph,
            landmarks,
            goal,
            goal_node,
        }
    }

    /// The goal this heuristic estimates the distance to.
    ///
    /// # Example
    /// ```
    /// use pathseek::landmarks::{Landmarks, Selection};
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 2u32), (1, 2, 2)])?;
    /// let lm = Landmarks::new(&g, 1, Selection::Farthest)?;
    /// assert_eq!(lm.heuristic(&g, 2)?.goal(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goal(&self) -> G::Node {
        self.goal_node
    }

    /// The lower bound on the cost from `node` to the goal; 0 for a node
    /// with no dense id in the graph.
    ///
    /// # Example
    /// ```
    /// use pathseek::landmarks::Landmarks;
    /// // A line 0 - 1 - 2 - 3: a landmark at an end makes the bound exact.
    /// let g = pathseek::StaticGraph::from_undirected_edges(4, [(0, 1, 1u32), (1, 2, 1), (2, 3, 1)])?;
    /// let lm = Landmarks::from_nodes(&g, &[0])?;
    /// let h = lm.heuristic(&g, 3)?;
    /// assert_eq!((h.estimate(0), h.estimate(2)), (3, 1));
    /// let r = pathseek::astar(&g, 0, 3, |n| h.estimate(n));
    /// assert_eq!(r.found().unwrap().cost, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn estimate(&self, node: G::Node) -> G::Cost {
        let Some(v) = self.graph.node_index(node) else {
            return G::Cost::zero();
        };
        let width = self.landmarks.width();
        let row = v * width;
        match (&self.goal, &self.landmarks.table) {
            (Goal::Narrow { a, b }, Table::Narrow(t)) => {
                let Some(row) = t.get(row..row + width) else {
                    return G::Cost::zero();
                };
                let mut best = 0i64;
                for ((&a, &b), &x) in a.iter().zip(b).zip(row) {
                    // Unreached (u32::MAX) voids the first bound by itself;
                    // as 0 it voids the second.
                    let lo = if x == UNREACHED { 0 } else { i64::from(x) };
                    best = best.max(a - i64::from(x)).max(lo - b);
                }
                num_traits::cast(best).unwrap_or_else(G::Cost::zero)
            }
            (Goal::Wide { a, b }, Table::Wide(t)) => {
                let Some(row) = t.get(row..row + width) else {
                    return G::Cost::zero();
                };
                let unreached = G::Cost::max_value();
                let mut best = G::Cost::zero();
                for ((&a, &b), &x) in a.iter().zip(b).zip(row) {
                    if x == unreached {
                        continue;
                    }
                    if a > x && a - x > best {
                        best = a - x;
                    }
                    if x > b && x - b > best {
                        best = x - b;
                    }
                }
                best
            }
            _ => G::Cost::zero(),
        }
    }
}

impl<G: DenseIds> Heuristic<G::Node, G::Cost> for AltHeuristic<'_, G> {
    #[inline]
    fn estimate(&mut self, node: G::Node) -> G::Cost {
        AltHeuristic::estimate(self, node)
    }
}
