//! Customizable contraction hierarchies (Dibbelt, Strasser and Wagner
//! 2014): the node order and the shortcuts come from the graph's shape
//! alone, so new edge costs (traffic, a raised bridge, a locked door) only
//! recompute the arcs' weights, many times faster than preparing again.
//!
//! Every node is contracted without witness searches, in an order that
//! keeps the added arcs few (least remaining neighbours first, the
//! minimum-degree order): the arcs form a chordal graph, in which every
//! shortest path has an up-down form. Customization then walks the nodes
//! from the least important up and, for each pair of its arcs to `a` and
//! `b`, offers the way through it to the arc between `a` and `b` (the
//! lower triangles), in both directions.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::upward::{Arc, Upward, ORIGINAL};
use super::{BuiltFor, Contracted, ContractionError, UpwardGraph};
use crate::cost::Cost;
use crate::graph::{DenseIds, StaticGraphError};

/// A contraction hierarchy whose shape is fixed by the graph's edges and
/// whose weights follow its costs: [`customize`](Self::customize) after the
/// costs change, then query through a [`ChSearch`](super::ChSearch) as
/// with a [`ContractionHierarchy`](super::ContractionHierarchy).
///
/// It answers only for the graph it was last customized for, as it was
/// ([`ContractionError::MapChanged`] otherwise); a failed customization
/// leaves it answering nothing ([`ContractionError::NotCustomized`]).
///
/// # Example
/// ```
/// use pathseek::contraction::{ChSearch, CustomizableHierarchy};
/// use pathseek::StaticGraph;
///
/// let edges = [(0, 1, 4u32), (1, 2, 4), (0, 2, 10)];
/// let g = StaticGraph::from_undirected_edges(3, edges)?;
/// let mut cch = CustomizableHierarchy::new(&g)?;
/// let mut search = ChSearch::new();
/// assert_eq!(search.distance(&cch, &g, 0, 2)?, Some(8));
///
/// // Traffic on 0 - 1: new costs, same streets.
/// let jammed = g.map_costs(|a, b, c| if a.min(b) == 0 && a.max(b) == 1 { 20 } else { c })?;
/// assert!(search.distance(&cch, &jammed, 0, 2).is_err()); // not customized for it yet
/// cch.customize(&jammed)?;
/// assert_eq!(search.distance(&cch, &jammed, 0, 2)?, Some(10));
/// assert!(search.distance(&cch, &g, 0, 2).is_err()); // the old costs are refused
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CustomizableHierarchy<C> {
    upward: UpwardGraph<C>,
    /// The graph it was built for (its version is that of the build).
    shape: BuiltFor,
    pub(super) customized: Option<BuiltFor>,
}

impl<C: Cost> CustomizableHierarchy<C> {
    /// Builds the hierarchy of `graph`'s shape (its edges, either way, in
    /// the minimum-degree order) and customizes it for `graph`'s costs.
    ///
    /// # Errors
    /// As [`customize`](Self::customize); [`ContractionError::Graph`] when
    /// the graph has too many nodes or an edge to a node without a dense id.
    ///
    /// # Complexity
    /// The contraction adds every fill-in arc of the order; on road graphs
    /// a few times the edges.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::CustomizableHierarchy;
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// let cch = CustomizableHierarchy::new(&g)?;
    /// assert_eq!(cch.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<G: DenseIds<Cost = C>>(graph: &G) -> Result<Self, ContractionError> {
        let n = graph.node_count();
        if n >= u32::MAX as usize {
            return Err(StaticGraphError::TooManyNodes { node_count: n }.into());
        }
        // The shape: every edge either way, no loops, no repeats.
        let mut adjacent: Vec<Vec<u32>> = vec![Vec::new(); n];
        for i in 0..n {
            let node = graph
                .node_at(i)
                .ok_or(StaticGraphError::UnknownNode { from: i })?;
            let mut bad = false;
            graph.successors(node, |to, _| match graph.node_index(to) {
                Some(j) if j < n => {
                    if j != i {
                        adjacent[i].push(j as u32);
                        adjacent[j].push(i as u32);
                    }
                }
                _ => bad = true,
            });
            if bad {
                return Err(StaticGraphError::UnknownNode { from: i }.into());
            }
        }
        for a in &mut adjacent {
            a.sort_unstable();
            a.dedup();
        }
        let upward = eliminate(adjacent);
        let mut cch = CustomizableHierarchy {
            upward: UpwardGraph(upward),
            shape: BuiltFor::of(graph),
            customized: None,
        };
        cch.customize(graph)?;
        Ok(cch)
    }

    /// Recomputes every arc's weight for `graph`'s costs: the graph the
    /// hierarchy was built from, with the same edges and any costs. Queries
    /// then answer for `graph` as it is now, and for nothing else.
    ///
    /// # Errors
    /// [`ContractionError::UnknownEdge`] for an edge between two nodes the
    /// built graph did not join; [`ContractionError::Graph`] for a NaN or
    /// negative cost; [`ContractionError::CostOverflow`] for a path cost
    /// that reaches the cost type's largest value;
    /// [`WrongGraph`](ContractionError::WrongGraph) and
    /// [`WrongNumbering`](ContractionError::WrongNumbering) for another
    /// graph. After an error the hierarchy answers nothing until a
    /// customization succeeds.
    ///
    /// # Complexity
    /// One pass over the graph's edges and one over the lower triangles of
    /// the arcs; no search.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{ChSearch, ContractionError, CustomizableHierarchy};
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// let mut cch = CustomizableHierarchy::new(&g)?;
    /// let slower = g.map_costs(|_, _, c| c * 5)?;
    /// cch.customize(&slower)?;
    /// assert_eq!(ChSearch::new().distance(&cch, &slower, 0, 2)?, Some(10));
    /// // A new street is a new shape: build again.
    /// let wider = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32), (1, 2, 1), (2, 0, 1)])?;
    /// assert!(matches!(cch.customize(&wider), Err(ContractionError::UnknownEdge { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn customize<G: DenseIds<Cost = C>>(&mut self, graph: &G) -> Result<(), ContractionError> {
        self.customized = None;
        self.shape.check_shape(graph)?;
        let found = self.shape.nodes;
        let g = &mut self.upward.0;
        let absent = Upward::<C>::absent();
        for a in &mut g.arcs {
            (a.up, a.down) = (absent, absent);
        }
        for d in &mut g.details {
            d.halves = [[ORIGINAL; 2]; 2];
        }
        // The graph's own edges.
        for i in 0..found {
            let node = graph
                .node_at(i)
                .ok_or(StaticGraphError::UnknownNode { from: i })?;
            let mut failure = None;
            let from = g.rank[i];
            graph.successors(node, |to, cost| {
                if failure.is_some() {
                    return;
                }
                let Some(j) = graph.node_index(to).filter(|&j| j < found) else {
                    failure = Some(ContractionError::from(StaticGraphError::UnknownNode {
                        from: i,
                    }));
                    return;
                };
                if !cost.is_valid() {
                    failure = Some(
                        StaticGraphError::InvalidCost {
                            from: i as u32,
                            to: j as u32,
                        }
                        .into(),
                    );
                    return;
                }
                if cost >= absent {
                    failure = Some(ContractionError::CostOverflow);
                    return;
                }
                if j == i {
                    return;
                }
                let to = g.rank[j];
                let (low, high) = (from.min(to), from.max(to));
                let Some(k) = g.find(low, high) else {
                    failure = Some(ContractionError::UnknownEdge { from: i, to: j });
                    return;
                };
                let arc = &mut g.arcs[k];
                let w = if from < to {
                    &mut arc.up
                } else {
                    &mut arc.down
                };
                if cost < *w {
                    *w = cost;
                }
            });
            if let Some(e) = failure {
                return Err(e);
            }
        }
        // The lower triangles, from the least important node up.
        for x in 0..g.len() as u32 {
            let range = g.arcs(x);
            for i in range.clone() {
                let a = g.arcs[i];
                let mut at = g.arcs(a.head).start;
                for k in i + 1..range.end {
                    let b = g.arcs[k];
                    // The arc from `a` up to `b`: `a`'s heads are sorted,
                    // and the chordal shape guarantees it is there.
                    while g.arcs[at].head != b.head {
                        at += 1;
                    }
                    // a -> x -> b and b -> x -> a.
                    let through_up = sum(a.down, b.up)?;
                    let through_down = sum(b.down, a.up)?;
                    let ab = &mut g.arcs[at];
                    if let Some(c) = through_up.filter(|&c| c < ab.up) {
                        ab.up = c;
                        g.details[at].halves[0] = [i as u32, k as u32];
                    }
                    let ab = &mut g.arcs[at];
                    if let Some(c) = through_down.filter(|&c| c < ab.down) {
                        ab.down = c;
                        g.details[at].halves[1] = [k as u32, i as u32];
                    }
                }
            }
        }
        self.customized = Some(BuiltFor::of(graph));
        Ok(())
    }

    /// The number of nodes.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::CustomizableHierarchy;
    /// let g = pathseek::StaticGraph::<u32>::from_edges(4, [])?;
    /// assert_eq!(CustomizableHierarchy::new(&g)?.len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.shape.nodes
    }

    /// `true` when the graph has no node.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::CustomizableHierarchy;
    /// let g = pathseek::StaticGraph::<u32>::from_edges(0, [])?;
    /// assert!(CustomizableHierarchy::new(&g)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.shape.nodes == 0
    }

    /// Bytes of heap memory held.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::CustomizableHierarchy;
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32)])?;
    /// assert!(CustomizableHierarchy::new(&g)?.heap_bytes() > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.upward.heap_bytes()
    }
}

/// `a + b` when both are present: `Ok(None)` when either is absent, an
/// error when the sum reaches the largest cost.
#[inline]
fn sum<C: Cost>(a: C, b: C) -> Result<Option<C>, ContractionError> {
    let absent = Upward::<C>::absent();
    if a == absent || b == absent {
        return Ok(None);
    }
    match a.checked_add(b) {
        Some(c) if c < absent => Ok(Some(c)),
        _ => Err(ContractionError::CostOverflow),
    }
}

impl<C: Cost> Contracted<C> for CustomizableHierarchy<C> {
    fn upward(&self) -> &UpwardGraph<C> {
        &self.upward
    }

    fn answers_for<G: DenseIds<Cost = C>>(&self, graph: &G) -> Result<(), ContractionError> {
        self.customized
            .ok_or(ContractionError::NotCustomized)?
            .check(graph)
    }
}

/// Eliminates the nodes of the undirected graph `adjacent` in
/// minimum-degree order, joining each one's remaining neighbours: the
/// chordal supergraph's arcs, by rank, with no weights yet.
fn eliminate<C: Cost>(mut adjacent: Vec<Vec<u32>>) -> Upward<C> {
    let n = adjacent.len();
    let mut rank = vec![u32::MAX; n];
    let mut order = Vec::with_capacity(n);
    let mut queue: BinaryHeap<Reverse<(usize, u32)>> = adjacent
        .iter()
        .enumerate()
        .map(|(v, a)| Reverse((a.len(), v as u32)))
        .collect();
    let mut kept: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut mark = vec![0u32; n];
    let mut stamp = 0u32;
    while let Some(Reverse((degree, v))) = queue.pop() {
        let vi = v as usize;
        if rank[vi] != u32::MAX || adjacent[vi].len() != degree {
            continue;
        }
        rank[vi] = order.len() as u32;
        order.push(v);
        let around = core::mem::take(&mut adjacent[vi]);
        // Every remaining neighbour loses `v` and gains the others.
        for &a in &around {
            stamp += 1;
            let list = &mut adjacent[a as usize];
            list.retain(|&x| x != v);
            for &x in list.iter() {
                mark[x as usize] = stamp;
            }
            for &b in &around {
                if b != a && mark[b as usize] != stamp {
                    list.push(b);
                    mark[b as usize] = stamp;
                }
            }
            queue.push(Reverse((list.len(), a)));
        }
        kept[vi] = around;
    }
    let mut first = Vec::with_capacity(n + 1);
    first.push(0u32);
    let mut arcs = Vec::new();
    let absent = Upward::<C>::absent();
    for &v in &order {
        let start = arcs.len();
        arcs.extend(kept[v as usize].iter().map(|&x| Arc {
            head: rank[x as usize],
            up: absent,
            down: absent,
        }));
        arcs[start..].sort_unstable_by_key(|a| a.head);
        first.push(arcs.len() as u32);
    }
    let mut up = Upward {
        first,
        arcs,
        details: Vec::new(),
        flat: Vec::new(),
        rank,
        node: order,
    };
    up.details = up.plain_details();
    up
}
