//! When two hierarchies are equal: the same answers from the same
//! abstract graph, up to node numbering and list order (what a sync is
//! tested against: a fresh build).

use super::Hierarchy;
use crate::cost::Cost;
use crate::grid::Cell;

/// One abstract node as its answers see it: its cell, cluster and uses,
/// its edges by target cell (sorted), each intra-cluster edge with the moves
/// of its path, and its cached field (empty when not kept). Node ids are
/// left out.
type NodeForm<C> = (
    Cell,
    u32,
    u32,
    Vec<(Cell, C)>,
    Vec<(Cell, C, Vec<u8>)>,
    Vec<C>,
);

/// The whole abstract graph in that form, with each border's transitions.
type GraphForm<C> = (Vec<NodeForm<C>>, Vec<Vec<(Cell, Cell)>>);

impl<C: Cost> Hierarchy<C> {
    /// The abstract graph without node ids or list order: live nodes sorted
    /// by cell (see [`NodeForm`]), and each border's transitions sorted.
    fn canonical(&self) -> GraphForm<C> {
        let g = &self.graph;
        let by_cell = |a: &(Cell, C), b: &(Cell, C)| {
            a.0.cmp(&b.0)
                .then(a.1.partial_cmp(&b.1).unwrap_or(core::cmp::Ordering::Equal))
        };
        let mut nodes: Vec<NodeForm<C>> = (0..g.cells.len())
            .filter(|&n| g.refs[n] > 0)
            .map(|n| {
                let mut inter: Vec<(Cell, C)> = g.inter[n]
                    .iter()
                    .map(|&(m, c)| (g.cells[m as usize], c))
                    .collect();
                inter.sort_by(by_cell);
                let moves = &g.moves[g.cluster[n] as usize];
                let mut intra: Vec<(Cell, C, Vec<u8>)> = g.intra[n]
                    .iter()
                    .zip(&g.intra_paths[n])
                    .map(|(&(m, c), &(at, len))| {
                        let path = moves
                            .get(at as usize..at as usize + len as usize)
                            .map_or_else(Vec::new, <[u8]>::to_vec);
                        (g.cells[m as usize], c, path)
                    })
                    .collect();
                intra.sort_by(|a, b| by_cell(&(a.0, a.1), &(b.0, b.1)).then(a.2.cmp(&b.2)));
                let field = if self.cached {
                    g.fields[n].clone()
                } else {
                    Vec::new()
                };
                (g.cells[n], g.cluster[n], g.refs[n], inter, intra, field)
            })
            .collect();
        nodes.sort_by_key(|node| node.0);
        let mut borders = g.borders.clone();
        borders.iter_mut().for_each(|b| b.sort_unstable());
        (nodes, borders)
    }
}

/// Two hierarchies are equal when they describe the same grid version with
/// the same options, layout and costs, the same per-cluster labels, and
/// the same abstract graph up to node numbering and list order (the form
/// every answer is made from: nodes by cell, their edges, the moves of each
/// intra-cluster path, border transitions), and the same cached fields when
/// both keep them: whether fields are kept is not compared (a hierarchy
/// built before a grid's first terrain weight of one keeps its fields, still
/// exact, where a fresh build does not). Scratch buffers, search engines and
/// query counters are not compared.
impl<C: Cost> PartialEq for Hierarchy<C> {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.layout == other.layout
            && self.connectivity == other.connectivity
            && self.costs == other.costs
            && self.version == other.version
            && self.labels == other.labels
            && {
                let (mut a, mut b) = (self.canonical(), other.canonical());
                if !(self.cached && other.cached) {
                    a.0.iter_mut()
                        .chain(b.0.iter_mut())
                        .for_each(|n| n.5.clear());
                }
                a == b
            }
    }
}
