//! The build of the goal-bounding table: one Dijkstra per passable cell (the
//! crate's one search core, over the grid itself), spread over threads, then
//! the optimal first moves of every cell reached, through every tie.

use core::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::table::{grow, Box4, EMPTY};
use super::GoalBoundsError;
use crate::astar::Engine;
use crate::cost::{is_float, Cost};
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};
use crate::grid::{Cell, Grid, STEPS};
use crate::open_set::BinaryHeap;
use crate::store::{IndexedStore, Records};
use crate::{Outcome, Query, SearchError};

/// The grid searched, recording the order in which the search closes its
/// cells (dense ids): nondecreasing distance, which the propagation of first
/// moves follows.
struct Recorder<'a, C> {
    grid: &'a Grid<C>,
    order: RefCell<Vec<u32>>,
}

impl<C: Cost> Graph for Recorder<'_, C> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors(&self, node: Cell, edge: impl FnMut(Cell, C)) {
        self.grid.successors(node, edge)
    }

    #[inline(always)]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, C>) {
        if let Some(i) = self.grid.cell_index(at.node) {
            self.order.borrow_mut().push(i as u32);
        }
        self.grid.expand(at, edges)
    }

    #[inline]
    fn contains(&self, node: Cell) -> bool {
        self.grid.contains(node)
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Cell, Cost = C>> {
        Some(self)
    }
}

impl<C: Cost> DenseIds for Recorder<'_, C> {
    #[inline]
    fn node_count(&self) -> usize {
        self.grid.node_count()
    }
    #[inline]
    fn node_index(&self, node: Cell) -> Option<usize> {
        self.grid.node_index(node)
    }
    #[inline]
    fn node_at(&self, index: usize) -> Option<Cell> {
        self.grid.node_at(index)
    }
}

/// When two distances are equal for the propagation of first moves: exactly
/// for exact cost types, within a relative tolerance for floats (a near-tie
/// taken as a tie only makes a box larger, which is safe; a tie missed would
/// make it too small).
#[derive(Clone, Copy, Debug)]
pub(super) struct Tie {
    /// `None`: exact comparison.
    tolerance: Option<f64>,
}

impl Tie {
    /// The comparison for cost type `C` on a grid of `cells` cells: floats
    /// (a type that holds infinity, or whose 0.1 + 0.2 is not its 0.3) get
    /// a relative tolerance of 4 units in the last place per cell a path can
    /// cross, at least `1e-9`.
    pub(super) fn new<C: Cost>(cells: usize) -> Self {
        let from = |v: f64| <C as num_traits::NumCast>::from(v);
        if !is_float::<C>() {
            return Tie { tolerance: None };
        }
        // The type's machine epsilon, probed.
        let one = C::one();
        let mut eps = 1.0f64;
        for _ in 0..80 {
            match from(1.0 + eps / 2.0) {
                Some(v) if v != one => eps /= 2.0,
                _ => break,
            }
        }
        Tie {
            tolerance: Some((4.0 * eps * cells as f64).max(1e-9)),
        }
    }

    /// Whether `a` and `b` are equal (or nearly, for floats).
    #[inline(always)]
    pub(super) fn equal<C: Cost>(self, a: C, b: C) -> bool {
        match self.tolerance {
            None => a == b,
            Some(t) => {
                let (a, b) = (a.as_f64(), b.as_f64());
                (a - b).abs() <= t * a.abs().max(b.abs())
            }
        }
    }
}

/// One thread's structures: the engine, the recorder, the distances and
/// first-move sets by dense id.
struct Worker<'a, C: Cost> {
    recorder: Recorder<'a, C>,
    engine: Engine<BinaryHeap<C>, IndexedStore<C>>,
    g: Vec<C>,
    first: Vec<u8>,
    shared: &'a Shared<C>,
}

/// What every thread reads.
struct Shared<C> {
    width: usize,
    /// Each cell's coordinates, by dense id.
    xy: Vec<(u16, u16)>,
    /// Each cell's move mask, by dense id (0 for blocked cells).
    masks: Vec<u8>,
    /// The dense-id offset of each move of [`STEPS`].
    offsets: [isize; 8],
    /// The cost of each move of [`STEPS`].
    costs: [C; 8],
    tie: Tie,
}

impl<'a, C: Cost> Worker<'a, C> {
    fn new(grid: &'a Grid<C>, shared: &'a Shared<C>) -> Self {
        let cells = shared.xy.len();
        Worker {
            recorder: Recorder {
                grid,
                order: RefCell::new(Vec::with_capacity(cells)),
            },
            engine: Engine::new(BinaryHeap::new(), IndexedStore::new()),
            g: vec![C::zero(); cells],
            first: vec![0; cells],
            shared,
        }
    }

    /// The eight boxes of the cell with dense id `source` (passable).
    fn boxes_of(&mut self, source: usize) -> Result<[Box4; 8], GoalBoundsError> {
        let sh = self.shared;
        let start = Cell::new((source % sh.width) as u32, (source / sh.width) as u32);
        self.recorder.order.borrow_mut().clear();
        let query = Query::until(start, |_: Cell| false, |_: Cell| C::zero());
        let r = self.engine.run(&self.recorder, query);
        match r.outcome {
            Outcome::NoPath => {}
            Outcome::Error(SearchError::CostOverflow { .. }) => {
                return Err(GoalBoundsError::CostOverflow);
            }
            // A full search from a passable cell ends with no goal found.
            _ => return Err(GoalBoundsError::CostOverflow),
        }
        let order = self.recorder.order.borrow();
        for &u in order.iter() {
            let record = self.engine.store.record(u);
            self.g[u as usize] = record.map_or(C::zero(), |r| r.g);
        }
        // First moves: out of the source, each move that is a shortest path
        // to its cell; then, in order of distance, each cell passes its set
        // on along every move that is a shortest path to the next cell.
        let (g, first) = (&self.g, &mut self.first);
        for (k, &u) in order.iter().enumerate() {
            let u = u as usize;
            let mut moves = sh.masks[u];
            let gu = g[u];
            while moves != 0 {
                let d = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                let v = u.wrapping_add_signed(sh.offsets[d]);
                if sh.tie.equal(gu + sh.costs[d], g[v]) {
                    first[v] |= if k == 0 { 1 << d } else { first[u] };
                }
            }
        }
        let mut boxes = [EMPTY; 8];
        for &v in order.iter().skip(1) {
            let v = v as usize;
            let (x, y) = sh.xy[v];
            let mut bits = first[v];
            first[v] = 0;
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                grow(&mut boxes[d], x, y);
            }
        }
        first[source] = 0;
        Ok(boxes)
    }
}

/// Cells handed to a thread at a time.
const CHUNK: usize = 32;

/// The boxes of every cell of `grid` (8-connected, no terrain, sides below
/// 65535), on `threads` threads.
pub(super) fn build<C: Cost + Send + Sync>(
    grid: &Grid<C>,
    threads: usize,
) -> Result<Vec<[Box4; 8]>, GoalBoundsError> {
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    let cells = w * h;
    let (padded, stride) = grid.move_masks();
    let costs = grid.costs();
    let mut offsets = [0isize; 8];
    let mut move_costs = [costs.straight; 8];
    for (d, &(dx, dy)) in STEPS.iter().enumerate() {
        offsets[d] = dy as isize * w as isize + dx as isize;
        move_costs[d] = if d < 4 {
            costs.straight
        } else {
            costs.diagonal
        };
    }
    let shared = Shared {
        width: w,
        xy: (0..cells)
            .map(|i| ((i % w) as u16, (i / w) as u16))
            .collect(),
        masks: (0..cells)
            .map(|i| padded[(i / w + 1) * stride + i % w + 1])
            .collect(),
        offsets,
        costs: move_costs,
        tie: Tie::new::<C>(cells),
    };
    let mut boxes = vec![[EMPTY; 8]; cells];
    let work = Mutex::new(boxes.chunks_mut(CHUNK).enumerate());
    let failed = AtomicBool::new(false);
    let threads = threads.clamp(1, cells.div_ceil(CHUNK).max(1));
    let run = || -> Result<(), GoalBoundsError> {
        let mut worker = Worker::new(grid, &shared);
        loop {
            if failed.load(Ordering::Relaxed) {
                return Ok(());
            }
            let next = work.lock().unwrap_or_else(|e| e.into_inner()).next();
            let Some((k, chunk)) = next else {
                return Ok(());
            };
            for (j, out) in chunk.iter_mut().enumerate() {
                let i = k * CHUNK + j;
                // A cell without moves (blocked, or walled in) reaches nothing.
                if shared.masks[i] != 0 {
                    match worker.boxes_of(i) {
                        Ok(b) => *out = b,
                        Err(e) => {
                            failed.store(true, Ordering::Relaxed);
                            return Err(e);
                        }
                    }
                }
            }
        }
    };
    let results: Vec<Result<(), GoalBoundsError>> = std::thread::scope(|s| {
        let handles: Vec<_> = (1..threads).map(|_| s.spawn(run)).collect();
        let mut results = vec![run()];
        for h in handles {
            results.push(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        results
    });
    results.into_iter().collect::<Result<(), _>>()?;
    Ok(boxes)
}
