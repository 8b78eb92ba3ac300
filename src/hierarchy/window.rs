//! A grid graph seen through a rectangle: the cells of one cluster, with
//! ids of their own, so the searches inside a cluster keep a record per
//! cluster cell, not per grid cell.

use super::abstract_graph::NONE;
use super::layout::Rect;
use crate::astar::Engine;
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};
use crate::grid::Cell;
use crate::open_set::BinaryHeap;
use crate::query::Query;
use crate::result::{SearchError, Status};
use crate::store::{IndexedStore, Records};

/// `graph` (a grid, forward or reversed) cut to the cells of `rect`: edges
/// leaving the rectangle are dropped, ids are local (row by row).
pub(crate) struct Window<'a, G> {
    pub(crate) graph: &'a G,
    pub(crate) rect: Rect,
}

impl<'a, G> Window<'a, G> {
    pub(crate) fn new(graph: &'a G, rect: Rect) -> Self {
        Window { graph, rect }
    }
}

/// Passes on the edges that stay inside the rectangle, with local ids.
struct Clip<'s, E> {
    sink: &'s mut E,
    rect: Rect,
}

impl<C, E: EdgeSink<Cell, C>> EdgeSink<Cell, C> for Clip<'_, E> {
    #[inline(always)]
    fn edge(&mut self, to: Cell, cost: C) {
        if self.rect.contains(to) {
            self.sink.indexed_edge(to, self.rect.local(to), cost);
        }
    }

    #[inline(always)]
    fn indexed_edge(&mut self, to: Cell, _index: usize, cost: C) {
        self.edge(to, cost);
    }
}

impl<G: Graph<Node = Cell>> Graph for Window<'_, G> {
    type Node = Cell;
    type Cost = G::Cost;

    fn successors(&self, node: Cell, mut edge: impl FnMut(Cell, G::Cost)) {
        self.expand(Expansion::new(node), &mut edge);
    }

    #[inline(always)]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, G::Cost>) {
        let mut clip = Clip {
            sink: edges,
            rect: self.rect,
        };
        self.graph.expand(at, &mut clip);
    }

    fn contains(&self, node: Cell) -> bool {
        self.rect.contains(node) && self.graph.contains(node)
    }

    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Cell, Cost = G::Cost>> {
        Some(self)
    }

    fn version(&self) -> u64 {
        self.graph.version()
    }
}

impl<G: Graph<Node = Cell>> DenseIds for Window<'_, G> {
    #[inline(always)]
    fn node_count(&self) -> usize {
        self.rect.area()
    }

    #[inline(always)]
    fn node_index(&self, node: Cell) -> Option<usize> {
        self.rect.contains(node).then(|| self.rect.local(node))
    }

    #[inline(always)]
    fn node_at(&self, index: usize) -> Option<Cell> {
        self.rect.cell_at(index)
    }
}

/// A Dijkstra from `from` over `window` (the crate's core, zero heuristic)
/// that stops once `targets` settled cells were nodes (`node_of`, row-major
/// over a grid `width` cells wide) or `also`; `usize::MAX` settles the
/// whole window. The records stay in `engine`, by the window's local ids.
#[allow(clippy::too_many_arguments)]
pub(crate) fn settle_nodes<G: Graph<Node = Cell, Cost = C>, C: Cost>(
    engine: &mut Engine<BinaryHeap<C>, IndexedStore<C>>,
    window: &Window<'_, G>,
    from: Cell,
    node_of: &[u32],
    width: usize,
    mut targets: usize,
    also: Option<Cell>,
    scratch: &mut Vec<Cell>,
) -> Result<(), SearchError<Cell, C>> {
    let query = Query::until(
        from,
        |cell: Cell| {
            if node_of[cell.y as usize * width + cell.x as usize] != NONE || Some(cell) == also {
                targets = targets.saturating_sub(1);
            }
            targets == 0
        },
        |_| C::zero(),
    );
    match engine.run_into(window, query, scratch).0 {
        Status::Error(e) => Err(e),
        _ => Ok(()),
    }
}

/// Pushes `(node, cost)` for each of `nodes` (at `cells`) that the last
/// search of `engine` over `rect` settled.
pub(crate) fn settled_costs<C: Cost>(
    engine: &Engine<BinaryHeap<C>, IndexedStore<C>>,
    rect: Rect,
    nodes: &[u32],
    cells: &[Cell],
    out: &mut Vec<(u32, C)>,
) {
    out.clear();
    for &m in nodes {
        let local = rect.local(cells[m as usize]) as u32;
        if let Some(r) = engine.store.record(local).filter(|r| r.is_closed()) {
            out.push((m, r.g));
        }
    }
}
