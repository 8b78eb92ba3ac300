//! The abstract graph: one node per entrance cell, edges across borders
//! (one move) and inside clusters (the cheapest path within the cluster),
//! and the overlay that adds a query's start and goal to it.

use smallvec::SmallVec;

use super::landmarks::AbstractLandmarks;
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};
use crate::grid::heuristic::GridHeuristic;
use crate::grid::Cell;
use crate::query::Heuristic;

/// No node: the free mark of [`Abstract::node_of`].
pub(crate) const NONE: u32 = u32::MAX;

/// The nodes and edges of one level over a grid. Node ids are slots, reused
/// after a repair frees them (a free slot has no edges and is never reached).
#[derive(Clone, Debug)]
pub(crate) struct Abstract<C> {
    /// Per node: its cell.
    pub(crate) cells: Vec<Cell>,
    /// Per node: its cluster.
    pub(crate) cluster: Vec<u32>,
    /// Per node: how many border transitions use its cell (0: a free slot).
    pub(crate) refs: Vec<u32>,
    /// Per node: edges across a border.
    pub(crate) inter: Vec<SmallVec<[(u32, C); 2]>>,
    /// Per node: edges to the other nodes of its cluster.
    pub(crate) intra: Vec<Vec<(u32, C)>>,
    /// Per node, beside `intra`: where each edge's path lies in its
    /// cluster's `moves` (offset, number of moves).
    pub(crate) intra_paths: Vec<Vec<(u32, u32)>>,
    /// Per node, when the hierarchy keeps them: its cost to every cell of
    /// its cluster (row by row; `C::max_value()` where it cannot go), from
    /// the Dijkstra that made its edges. On a grid without terrain moves
    /// cost the same both ways, so this is also every cell's cost to it.
    pub(crate) fields: Vec<Vec<C>>,
    /// Per cluster: the moves of its intra-cluster paths, one byte each
    /// ([`encode_move`]).
    pub(crate) moves: Vec<Vec<u8>>,
    pub(crate) free: Vec<u32>,
    /// Per grid cell (`y * width + x`): its node, or [`NONE`].
    pub(crate) node_of: Vec<u32>,
    /// Per cluster: its nodes.
    pub(crate) cluster_nodes: Vec<Vec<u32>>,
    /// Per border: its transitions, the cell on the lower cluster's side first.
    pub(crate) borders: Vec<Vec<(Cell, Cell)>>,
}

impl<C> Default for Abstract<C> {
    fn default() -> Self {
        Abstract {
            cells: Vec::new(),
            cluster: Vec::new(),
            refs: Vec::new(),
            inter: Vec::new(),
            intra: Vec::new(),
            intra_paths: Vec::new(),
            fields: Vec::new(),
            moves: Vec::new(),
            free: Vec::new(),
            node_of: Vec::new(),
            cluster_nodes: Vec::new(),
            borders: Vec::new(),
        }
    }
}

impl<C: Cost> Abstract<C> {
    /// The node of `cell` (index `at` in `node_of`), made if it has none.
    pub(crate) fn node_for(&mut self, cell: Cell, at: usize, cluster: u32) -> u32 {
        let n = self.node_of[at];
        if n != NONE {
            return n;
        }
        let n = match self.free.pop() {
            Some(n) => {
                self.cells[n as usize] = cell;
                self.cluster[n as usize] = cluster;
                n
            }
            None => {
                self.cells.push(cell);
                self.cluster.push(cluster);
                self.refs.push(0);
                self.inter.push(SmallVec::new());
                self.intra.push(Vec::new());
                self.intra_paths.push(Vec::new());
                self.fields.push(Vec::new());
                (self.cells.len() - 1) as u32
            }
        };
        self.node_of[at] = n;
        self.cluster_nodes[cluster as usize].push(n);
        n
    }

    /// Drops one use of node `n`; frees it when none is left. Returns
    /// whether it was freed.
    pub(crate) fn release(&mut self, n: u32, at: usize) -> bool {
        let i = n as usize;
        self.refs[i] -= 1;
        if self.refs[i] > 0 {
            return false;
        }
        self.node_of[at] = NONE;
        let list = &mut self.cluster_nodes[self.cluster[i] as usize];
        if let Some(k) = list.iter().position(|&m| m == n) {
            list.swap_remove(k);
        }
        self.inter[i].clear();
        self.intra[i].clear();
        self.intra_paths[i].clear();
        self.fields[i] = Vec::new();
        self.free.push(n);
        true
    }

    /// Live nodes.
    pub(crate) fn node_count(&self) -> usize {
        self.cells.len() - self.free.len()
    }

    /// Edges of live nodes (each direction counted).
    pub(crate) fn edge_count(&self) -> usize {
        self.inter.iter().map(|e| e.len()).sum::<usize>()
            + self.intra.iter().map(|e| e.len()).sum::<usize>()
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        use core::mem::size_of;
        let n = self.cells.capacity();
        n * (size_of::<Cell>() + 2 * size_of::<u32>())
            + self.inter.capacity() * size_of::<SmallVec<[(u32, C); 2]>>()
            + self
                .inter
                .iter()
                .filter(|e| e.spilled())
                .map(|e| e.capacity() * size_of::<(u32, C)>())
                .sum::<usize>()
            + self.intra.capacity() * size_of::<Vec<(u32, C)>>()
            + self
                .intra
                .iter()
                .map(|e| e.capacity() * size_of::<(u32, C)>())
                .sum::<usize>()
            + self
                .intra_paths
                .iter()
                .map(|e| e.capacity() * 8 + 24)
                .sum::<usize>()
            + self
                .fields
                .iter()
                .map(|f| f.capacity() * size_of::<C>() + 24)
                .sum::<usize>()
            + self.moves.iter().map(|m| m.capacity() + 24).sum::<usize>()
            + self.free.capacity() * 4
            + self.node_of.capacity() * 4
            + self
                .cluster_nodes
                .iter()
                .map(|v| v.capacity() * 4 + 24)
                .sum::<usize>()
            + self
                .borders
                .iter()
                .map(|v| v.capacity() * 16 + 24)
                .sum::<usize>()
    }
}

/// One move as a byte: `(dx + 1) + 3 (dy + 1)`.
#[inline(always)]
pub(crate) fn encode_move(from: Cell, to: Cell) -> u8 {
    let dx = (to.x as i64 - from.x as i64 + 1) as u8;
    let dy = (to.y as i64 - from.y as i64 + 1) as u8;
    dx + 3 * dy
}

/// The cell one move (from [`encode_move`]) away from `from`.
#[inline(always)]
pub(crate) fn apply_move(from: Cell, code: u8) -> Cell {
    Cell::new(
        from.x.wrapping_add_signed(i32::from(code % 3) - 1),
        from.y.wrapping_add_signed(i32::from(code / 3) - 1),
    )
}

/// The abstract graph with a query's start and goal added: node ids
/// `0..n` are the graph's, `n` is the start and `n + 1` the goal.
pub(crate) struct Overlay<'a, C> {
    pub(crate) graph: &'a Abstract<C>,
    /// The start's edges to the nodes of its cluster.
    pub(crate) from_start: &'a [(u32, C)],
    /// The edges from the nodes of the goal's cluster to the goal.
    pub(crate) to_goal: &'a [(u32, C)],
    pub(crate) goal_cluster: u32,
    /// A path from start to goal inside their one cluster, if they share one.
    pub(crate) direct: Option<C>,
}

impl<C> Overlay<'_, C> {
    #[inline(always)]
    pub(crate) fn start(&self) -> u32 {
        self.graph.cells.len() as u32
    }

    #[inline(always)]
    pub(crate) fn goal(&self) -> u32 {
        self.graph.cells.len() as u32 + 1
    }
}

impl<C: Cost> Graph for Overlay<'_, C> {
    type Node = u32;
    type Cost = C;

    fn successors(&self, node: u32, mut edge: impl FnMut(u32, C)) {
        self.expand(Expansion::new(node), &mut edge);
    }

    #[inline(always)]
    fn expand(&self, at: Expansion<u32>, edges: &mut impl EdgeSink<u32, C>) {
        let n = at.node as usize;
        let g = self.graph;
        if n < g.cells.len() {
            for &(m, c) in g.inter[n].iter().chain(g.intra[n].iter()) {
                edges.indexed_edge(m, m as usize, c);
            }
            if g.cluster[n] == self.goal_cluster {
                let goal = self.goal();
                for &(m, c) in self.to_goal {
                    if m == at.node {
                        edges.indexed_edge(goal, goal as usize, c);
                    }
                }
            }
        } else if at.node == self.start() {
            for &(m, c) in self.from_start {
                edges.indexed_edge(m, m as usize, c);
            }
            if let Some(c) = self.direct {
                let goal = self.goal();
                edges.indexed_edge(goal, goal as usize, c);
            }
        }
    }

    fn dense_ids(&self) -> Option<&impl DenseIds<Node = u32, Cost = C>> {
        Some(self)
    }
}

impl<C: Cost> DenseIds for Overlay<'_, C> {
    #[inline(always)]
    fn node_count(&self) -> usize {
        self.graph.cells.len() + 2
    }

    #[inline(always)]
    fn node_index(&self, node: u32) -> Option<usize> {
        ((node as usize) < self.node_count()).then_some(node as usize)
    }

    #[inline(always)]
    fn node_at(&self, index: usize) -> Option<u32> {
        (index < self.node_count()).then_some(index as u32)
    }
}

/// The grid's heuristic to the goal, read at each abstract node's cell,
/// and at the graph's nodes the landmarks' bound when it is larger.
pub(crate) struct OverlayHeuristic<'a, C: Cost> {
    pub(crate) cells: &'a [Cell],
    pub(crate) start: Cell,
    pub(crate) goal: Cell,
    pub(crate) grid: GridHeuristic<C>,
    /// Landmarks aimed at this query's goal.
    pub(crate) landmarks: Option<&'a AbstractLandmarks<C>>,
    /// Moves cost the same both ways (no terrain).
    pub(crate) both_ways: bool,
}

impl<C: Cost> Heuristic<u32, C> for OverlayHeuristic<'_, C> {
    #[inline(always)]
    fn estimate(&mut self, node: u32) -> C {
        let n = node as usize;
        match self.cells.get(n) {
            Some(&c) => {
                let h = self.grid.estimate(c);
                match self.landmarks.map(|l| l.bound(n, self.both_ways)) {
                    Some(b) if b > h => b,
                    _ => h,
                }
            }
            None if n == self.cells.len() => self.grid.estimate(self.start),
            None => self.grid.estimate(self.goal),
        }
    }
}
