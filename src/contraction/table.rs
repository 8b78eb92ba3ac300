//! Distance tables: the shortest distances from N sources to M targets in
//! N + M upward searches instead of N x M queries (bucket-based
//! many-to-many, Knopp, Sanders, Schultes, Schulz and Wagner 2007).
//!
//! An upward search down from every target leaves, at every node it
//! settles, an entry in that node's bucket (the target and the cost to
//! it). An upward search from every source then meets them: the distance
//! from a source to a target is the smallest sum over the nodes the two
//! searches share.

use super::search::Side;
use super::upward::Upward;
use super::{ChSearch, Contracted, ContractionError};
use crate::cost::Cost;
use crate::graph::DenseIds;

/// A table of shortest distances from sources (rows) to targets
/// (columns): what [`ChSearch::table`] returns.
///
/// # Example
/// ```
/// use pathseek::contraction::{ChSearch, ContractionHierarchy};
/// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
/// let ch = ContractionHierarchy::new(&g)?;
/// let t = ChSearch::new().table(&ch, &g, &[0, 2], &[1, 2])?;
/// assert_eq!((t.sources(), t.targets()), (2, 2));
/// assert_eq!(t.row(0), [Some(1), Some(2)]);
/// assert_eq!(t.get(1, 0), None); // 2 does not reach 1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct DistanceTable<C> {
    sources: usize,
    targets: usize,
    cells: Vec<Option<C>>,
}

impl<C> Default for DistanceTable<C> {
    fn default() -> Self {
        DistanceTable {
            sources: 0,
            targets: 0,
            cells: Vec::new(),
        }
    }
}

impl<C: Copy> DistanceTable<C> {
    /// The number of sources (rows).
    ///
    /// # Example
    /// ```
    /// let t = pathseek::contraction::DistanceTable::<u32>::default();
    /// assert_eq!(t.sources(), 0);
    /// ```
    pub fn sources(&self) -> usize {
        self.sources
    }

    /// The number of targets (columns).
    ///
    /// # Example
    /// ```
    /// let t = pathseek::contraction::DistanceTable::<u32>::default();
    /// assert_eq!(t.targets(), 0);
    /// ```
    pub fn targets(&self) -> usize {
        self.targets
    }

    /// The distance from source `i` to target `j`, `None` when there is no
    /// path (or `i` or `j` is out of range).
    ///
    /// # Example
    /// ```
    /// # use pathseek::contraction::{ChSearch, ContractionHierarchy};
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 4u32)])?;
    /// let ch = ContractionHierarchy::new(&g)?;
    /// let t = ChSearch::new().table(&ch, &g, &[0], &[1])?;
    /// assert_eq!((t.get(0, 0), t.get(0, 5)), (Some(4), None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, i: usize, j: usize) -> Option<C> {
        if j >= self.targets {
            return None;
        }
        self.cells.get(i * self.targets + j).copied().flatten()
    }

    /// The distances from source `i` to every target, in the targets'
    /// order (empty when `i` is out of range).
    ///
    /// # Example
    /// ```
    /// # use pathseek::contraction::{ChSearch, ContractionHierarchy};
    /// let g = pathseek::StaticGraph::from_undirected_edges(2, [(0, 1, 4u32)])?;
    /// let ch = ContractionHierarchy::new(&g)?;
    /// let t = ChSearch::new().table(&ch, &g, &[0, 1], &[0, 1])?;
    /// assert_eq!(t.row(1), [Some(4), Some(0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn row(&self, i: usize) -> &[Option<C>] {
        let start = (i * self.targets).min(self.cells.len());
        let end = (start + self.targets).min(self.cells.len());
        &self.cells[start..end]
    }
}

/// The buckets of a table in progress, kept across tables.
#[derive(Clone, Debug)]
pub(crate) struct Buckets<C> {
    /// (rank, target column, cost from the rank down to the target).
    entries: Vec<(u32, u32, C)>,
    /// Per rank, where its entries start in `entries`, valid when its
    /// stamp is the table's.
    start: Vec<(u32, u32)>,
    now: u32,
    ranks: Vec<u32>,
}

impl<C: Cost> Buckets<C> {
    pub(crate) fn new() -> Self {
        Buckets {
            entries: Vec::new(),
            start: Vec::new(),
            now: 0,
            ranks: Vec::new(),
        }
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.entries.capacity() * core::mem::size_of::<(u32, u32, C)>()
            + self.start.capacity() * 8
            + self.ranks.capacity() * 4
    }
}

/// Runs one upward search from `root` (`up`: along up arcs) to the end,
/// calling `settled(rank, cost)` for every node settled.
fn sweep<C: Cost>(
    side: &mut Side<C>,
    g: &Upward<C>,
    root: u32,
    up: bool,
    stamp: u32,
    mut settled: impl FnMut(u32, C),
) {
    side.root(root, stamp);
    while let Some((r, d)) = side.pop_below(None, stamp) {
        if side.settle(g, r, d, up, stamp) {
            settled(r, d);
        }
    }
}

impl<C: Cost> ChSearch<C> {
    /// The shortest distances from every node of `sources` to every node of
    /// `targets`, as a table with a row per source and a column per target.
    ///
    /// # Errors
    /// As [`distance`](Self::distance), for any source or target.
    ///
    /// # Complexity
    /// One upward search per source and per target, and a scan of the
    /// buckets each source search meets: far less than one query per pair
    /// when both lists are long.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{ChSearch, ContractionHierarchy};
    /// // Depots 0 and 4 on a line of five towns; customers 1, 2 and 3.
    /// let g = pathseek::StaticGraph::from_undirected_edges(5, [(0, 1, 3u32), (1, 2, 3), (2, 3, 3), (3, 4, 3)])?;
    /// let ch = ContractionHierarchy::new(&g)?;
    /// let t = ChSearch::new().table(&ch, &g, &[0, 4], &[1, 2, 3])?;
    /// assert_eq!(t.row(0), [Some(3), Some(6), Some(9)]);
    /// assert_eq!(t.row(1), [Some(9), Some(6), Some(3)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn table<G: DenseIds<Cost = C>, H: Contracted<C>>(
        &mut self,
        h: &H,
        graph: &G,
        sources: &[G::Node],
        targets: &[G::Node],
    ) -> Result<DistanceTable<C>, ContractionError> {
        let mut out = DistanceTable::default();
        self.table_into(h, graph, sources, targets, &mut out)?;
        Ok(out)
    }

    /// [`table`](Self::table) into a table of the caller's, whose memory is
    /// reused.
    ///
    /// # Errors
    /// As [`distance`](Self::distance), for any source or target; `out` is
    /// then empty.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{ChSearch, ContractionHierarchy, DistanceTable};
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// let ch = ContractionHierarchy::new(&g)?;
    /// let (mut search, mut t) = (ChSearch::new(), DistanceTable::default());
    /// search.table_into(&ch, &g, &[0], &[2], &mut t)?;
    /// assert_eq!(t.get(0, 0), Some(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn table_into<G: DenseIds<Cost = C>, H: Contracted<C>>(
        &mut self,
        h: &H,
        graph: &G,
        sources: &[G::Node],
        targets: &[G::Node],
        out: &mut DistanceTable<C>,
    ) -> Result<(), ContractionError> {
        out.cells.clear();
        (out.sources, out.targets) = (0, 0);
        h.answers_for(graph)?;
        let g = &h.upward().0;
        let b = &mut self.table;
        b.ranks.clear();
        for &node in sources.iter().chain(targets) {
            let i = graph
                .node_index(node)
                .filter(|&i| i < g.len())
                .ok_or(ContractionError::UnknownNode)?;
            if !graph.contains(node) {
                return Err(ContractionError::BlockedNode);
            }
            b.ranks.push(g.rank[i]);
        }
        let (source_ranks, target_ranks) = b.ranks.split_at(sources.len());
        // Down from every target: the buckets.
        b.entries.clear();
        for (j, &t) in target_ranks.iter().enumerate() {
            let stamp = self.bi.fresh_stamp(g.len());
            let entries = &mut b.entries;
            sweep(&mut self.bi.backward, g, t, false, stamp, |r, d| {
                entries.push((r, j as u32, d));
            });
            if self.bi.backward.overflow {
                return Err(ContractionError::CostOverflow);
            }
        }
        b.entries.sort_unstable_by_key(|e| e.0);
        b.now = b.now.wrapping_add(1);
        if b.now == 0 || b.start.len() != g.len() {
            b.start.clear();
            b.start.resize(g.len(), (0, 0));
            b.now = 1;
        }
        for (k, e) in b.entries.iter().enumerate() {
            let slot = &mut b.start[e.0 as usize];
            if slot.1 != b.now {
                *slot = (k as u32, b.now);
            }
        }
        // Up from every source: meet the buckets.
        let mut overflow = false;
        (out.sources, out.targets) = (sources.len(), targets.len());
        out.cells.resize(sources.len() * targets.len(), None);
        for (i, &s) in source_ranks.iter().enumerate() {
            let stamp = self.bi.fresh_stamp(g.len());
            let row = &mut out.cells[i * targets.len()..(i + 1) * targets.len()];
            let (entries, start, now) = (&b.entries, &b.start, b.now);
            let met_overflow = &mut overflow;
            sweep(&mut self.bi.forward, g, s, true, stamp, |r, d| {
                let (first, seen) = start[r as usize];
                if seen != now {
                    return;
                }
                for &(at, j, down) in &entries[first as usize..] {
                    if at != r {
                        break;
                    }
                    match d.checked_add(down).filter(|&c| c < Upward::<C>::absent()) {
                        Some(total) => {
                            let cell = &mut row[j as usize];
                            if cell.is_none_or(|c| total < c) {
                                *cell = Some(total);
                            }
                        }
                        None => *met_overflow = true,
                    }
                }
            });
            if self.bi.forward.overflow {
                overflow = true;
            }
        }
        if overflow {
            out.cells.clear();
            (out.sources, out.targets) = (0, 0);
            return Err(ContractionError::CostOverflow);
        }
        Ok(())
    }
}
