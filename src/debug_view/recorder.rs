//! [`Recorder`]: any [`Graph`], with a log of the nodes the search expands,
//! in order.

use core::cell::Cell as Slot;
use core::fmt;

use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};

/// One expansion, as the A* core announced it to [`Graph::expand`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expanded<N> {
    /// The node expanded.
    pub node: N,
    /// Its parent on the best path known when it was expanded (`None` for
    /// a start). On a jump point graph, the jump point it was reached from.
    pub parent: Option<N>,
    /// The frame it was expanded in: [`Recorder::next_frame`] counts them,
    /// from 0.
    pub frame: u32,
}

/// A graph that writes down every node the search expands, in order, and
/// otherwise is the graph it wraps: the same edges, ids, version and
/// reopening rule, so a search over it takes the same steps, expands the
/// same nodes and returns the same path and counters.
///
/// The A\* core calls [`Graph::expand`] once per expansion (the goal,
/// popped and not expanded, is not in the log), so after a search the log
/// has [`Stats::expanded`](crate::Stats::expanded) entries. It works for
/// any graph: grids, the jump point graphs (the log holds the jump points),
/// [`AnyAngle`](crate::grid::AnyAngle), your own; with any query (weighted,
/// landmarks) and any open set and node store; and for a search spread
/// over frames, whose frames [`next_frame`](Recorder::next_frame) tells
/// apart. Fringe search calls `expand` once per visit, so its log can name
/// a node several times.
///
/// It costs nothing when not used: the search loop is not changed; only a
/// search over a `Recorder` pays for the log (one push per expansion).
/// Calls to [`Graph::successors`] (path checks) are passed on and not
/// logged. The log keeps growing over searches until
/// [`take`](Recorder::take) or [`clear`](Recorder::clear); a search that
/// restarts by itself after an edit ([`Stats::restarts`](crate::Stats::restarts))
/// logs the expansions before the restart too.
///
/// # Example
/// ```
/// use pathseek::debug_view::Recorder;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
///
/// let grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::octile()).unwrap();
/// let recorder = Recorder::new(&grid);
/// let goal = Cell::new(15, 9);
/// let result = pathseek::search(&recorder, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// let log = recorder.expansions();
/// assert_eq!(log.len() as u64, result.stats.expanded);
/// assert_eq!((log[0].node, log[0].parent), (Cell::new(0, 0), None));
/// ```
pub struct Recorder<G: Graph> {
    graph: G,
    log: Slot<Vec<Expanded<G::Node>>>,
    frame: Slot<u32>,
}

impl<G: Graph> Recorder<G> {
    /// `graph`, with an empty log, at frame 0. Pass a reference
    /// (`Recorder::new(&grid)`) to keep using the graph elsewhere.
    pub fn new(graph: G) -> Self {
        Recorder {
            graph,
            log: Slot::new(Vec::new()),
            frame: Slot::new(0),
        }
    }

    /// The graph it wraps.
    pub fn graph(&self) -> &G {
        &self.graph
    }

    /// The graph it wraps and the log.
    pub fn into_parts(self) -> (G, Vec<Expanded<G::Node>>) {
        (self.graph, self.log.into_inner())
    }

    /// A copy of the log: every expansion since the last
    /// [`take`](Recorder::take) or [`clear`](Recorder::clear), first first.
    pub fn expansions(&self) -> Vec<Expanded<G::Node>> {
        let log = self.log.take();
        let copy = log.clone();
        self.log.set(log);
        copy
    }

    /// The nodes of the log, in the order they were expanded.
    ///
    /// # Example
    /// ```
    /// use pathseek::debug_view::Recorder;
    /// let line = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
    /// let recorder = Recorder::new(&line);
    /// pathseek::astar(&recorder, 0, 3, |n: u32| 3 - n.min(3));
    /// assert_eq!(recorder.expanded_nodes(), [0, 1, 2]); // 3, the goal, is not expanded
    /// ```
    pub fn expanded_nodes(&self) -> Vec<G::Node> {
        let log = self.log.take();
        let nodes = log.iter().map(|e| e.node).collect();
        self.log.set(log);
        nodes
    }

    /// The number of expansions in the log.
    pub fn len(&self) -> usize {
        let log = self.log.take();
        let n = log.len();
        self.log.set(log);
        n
    }

    /// `true` when the log is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Hands over the log and starts an empty one (the frame count stays).
    pub fn take(&self) -> Vec<Expanded<G::Node>> {
        self.log.take()
    }

    /// Empties the log and sets the frame count back to 0.
    pub fn clear(&self) {
        let mut log = self.log.take();
        log.clear();
        self.log.set(log);
        self.frame.set(0);
    }

    /// Starts the next frame: expansions from now on carry its number
    /// ([`Expanded::frame`]), which it returns. Call it between the
    /// [`advance`](crate::AStar::advance) calls of a search spread over
    /// frames.
    ///
    /// # Example
    /// ```
    /// use pathseek::debug_view::Recorder;
    /// use pathseek::{open_set::BinaryHeap, store::HashStore, AStar, Query};
    /// let line = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
    /// let recorder = Recorder::new(&line);
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// engine.start(&recorder, Query::new(0, 10, |n: u32| 10 - n.min(10)));
    /// engine.advance(&recorder, 4);
    /// assert_eq!(recorder.next_frame(), 1);
    /// engine.advance(&recorder, 4);
    /// let frames: Vec<u32> = recorder.expansions().iter().map(|e| e.frame).collect();
    /// assert_eq!(frames, [0, 0, 0, 0, 1, 1, 1, 1]);
    /// ```
    pub fn next_frame(&self) -> u32 {
        let next = self.frame.get().saturating_add(1);
        self.frame.set(next);
        next
    }

    /// The frame expansions are logged under now.
    pub fn frame(&self) -> u32 {
        self.frame.get()
    }
}

impl<G: Graph> fmt::Debug for Recorder<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Recorder")
            .field("expansions", &self.len())
            .field("frame", &self.frame())
            .finish_non_exhaustive()
    }
}

impl<G: Graph> Graph for Recorder<G> {
    type Node = G::Node;
    type Cost = G::Cost;
    const REOPEN: bool = G::REOPEN;

    #[inline]
    fn successors(&self, node: Self::Node, edge: impl FnMut(Self::Node, Self::Cost)) {
        self.graph.successors(node, edge)
    }

    #[inline]
    fn expand(&self, at: Expansion<Self::Node>, edges: &mut impl EdgeSink<Self::Node, Self::Cost>) {
        let mut log = self.log.take();
        log.push(Expanded {
            node: at.node,
            parent: at.parent,
            frame: self.frame.get(),
        });
        self.log.set(log);
        self.graph.expand(at, edges)
    }

    #[inline]
    fn contains(&self, node: Self::Node) -> bool {
        self.graph.contains(node)
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Self::Node, Cost = Self::Cost>> {
        // One-shot searches run on what this returns: the recorder itself,
        // never the graph inside, or nothing would be logged.
        self.graph.dense_ids().map(|_| self)
    }

    #[inline]
    fn version(&self) -> u64 {
        self.graph.version()
    }

    #[inline]
    fn changed_since(&self, since: u64, changed: &mut dyn FnMut(Self::Node)) -> bool {
        self.graph.changed_since(since, changed)
    }
}

/// The ids of the graph inside, when it has them ([`Graph::dense_ids`]);
/// without them, no node has an id (an array-backed store then refuses the
/// search with [`NodeOutOfRange`](crate::SearchError::NodeOutOfRange)).
impl<G: Graph> DenseIds for Recorder<G> {
    #[inline]
    fn node_count(&self) -> usize {
        self.graph.dense_ids().map_or(0, |d| d.node_count())
    }

    #[inline]
    fn node_index(&self, node: Self::Node) -> Option<usize> {
        self.graph.dense_ids()?.node_index(node)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<Self::Node> {
        self.graph.dense_ids()?.node_at(index)
    }
}
