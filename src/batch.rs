//! Many queries on one graph, answered on every core: a [`Batch`] keeps one
//! warm [`AStar`] per worker thread and writes the answers, in query order,
//! into a [`BatchResults`] the caller keeps. Behind the `rayon` feature.
//!
//! Each worker takes the next query not yet taken (one atomic counter, so a
//! worker that drew short queries simply takes more of them), runs it with
//! [`AStar::search_into`] and appends its path to its own buffer; when all
//! are done the answers are put in query order into the results. Once the
//! engines, the workers' buffers and the results have grown to the size the
//! queries need, a batch allocates nothing per query (each query is cloned,
//! which allocates nothing for a [`Query`] with at most two starts and a
//! heuristic that does not allocate to clone).
//!
//! The answers are those of the sequential searches: the same statuses,
//! costs, paths and counters as one [`AStar`] of the same kind running the
//! queries one after the other, whichever worker ran which query.
//!
//! `cargo run --release -p pathseek-benchmarks --example batch` answers a
//! whole scenario file on one thread and with a [`Batch`] on every core
//! (`--map`, `--scen`; den520d by default), every cost checked, and prints
//! the speedup (2.0x on the project's 2-core VM when nothing else runs).
//!
//! # Example
//! ```
//! use pathseek::batch::{Batch, BatchResults};
//! use pathseek::open_set::DaryHeap;
//! use pathseek::store::IndexedStore;
//! use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};
//!
//! let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
//! // One engine per thread of rayon's pool.
//! let mut batch = Batch::new(|| AStar::new(DaryHeap::<_, 4>::new(), IndexedStore::new()));
//! let queries: Vec<_> = (0..64)
//!     .map(|x| {
//!         let goal = Cell::new(x, 63);
//!         Query::new(Cell::new(0, 0), goal, grid.heuristic(goal))
//!     })
//!     .collect();
//! let mut results = BatchResults::new(); // keep it: the next batch reuses its memory
//! batch.search(&grid, &queries, &mut results);
//! assert_eq!(results.len(), 64);
//! for (i, (status, path)) in results.iter().enumerate() {
//!     assert!(matches!(status, Status::Found { .. }));
//!     assert_eq!(path.last(), Some(&Cell::new(i as u32, 63)));
//! }
//! ```

use core::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::astar::SearchQuery;
use crate::graph::Graph;
use crate::open_set::OpenSet;
use crate::query::{Goal, Heuristic, Query};
use crate::result::{Stats, Status};
use crate::store::ClosedSet;
use crate::AStar;

/// One answer as a worker wrote it: the query's index, its status and
/// counters, and where its path lies in the worker's buffer.
#[derive(Clone, Debug)]
struct Answer<N, C> {
    index: usize,
    status: Status<N, C>,
    stats: Stats,
    start: usize,
    end: usize,
}

/// A worker: its engine, the path of the query it is running, and the
/// answers it has given in this batch (their paths one after the other in
/// `nodes`). Aligned to 128 bytes, so that two workers, written by two
/// threads at every expansion, never share a cache line (or the pair of
/// lines a core fetches together).
#[repr(align(128))]
struct Worker<O, S, Q: SearchQuery> {
    engine: AStar<O, S, Q>,
    path: Vec<Q::Node>,
    nodes: Vec<Q::Node>,
    answers: Vec<Answer<Q::Node, Q::Cost>>,
}

/// Answers a slice of queries on one graph over rayon's threads, one warm
/// [`AStar`] per worker; the results go, in query order, into a
/// [`BatchResults`] (see the [module docs](self)).
///
/// The engines are made once, by the function given to [`new`](Batch::new)
/// (so every worker runs the same open set and node store), and keep their
/// memory from batch to batch, as a kept [`AStar`] does. A batch runs on
/// the rayon pool it is called in (the global one unless inside
/// `ThreadPool::install`), on at most [`workers`](Batch::workers) of its
/// threads at once.
///
/// # Memory
/// Each worker holds its engine (with an [`IndexedStore`](crate::store::IndexedStore),
/// one record per graph node), and room for the answers and the paths of a
/// whole batch: after a batch it reserves as much as the batch needed in
/// all, so that the next batch of that size allocates nothing whichever
/// worker draws which query.
///
/// # Example
/// ```
/// use pathseek::batch::{Batch, BatchResults};
/// use pathseek::open_set::BinaryHeap;
/// use pathseek::store::IndexedStore;
/// use pathseek::{AStar, Query, StaticGraph, Status};
///
/// // A ring of 100 one-way streets.
/// let ring = StaticGraph::from_edges(100, (0..100).map(|v| (v, (v + 1) % 100, 3u32)))?;
/// let mut batch = Batch::with_workers(2, || AStar::new(BinaryHeap::new(), IndexedStore::new()));
/// let queries: Vec<_> = (0..100).map(|g| Query::new(0, g, |_: u32| 0)).collect();
/// let mut results = BatchResults::new();
/// batch.search(&ring, &queries, &mut results);
/// assert_eq!(results.status(99), Some(&Status::Found { cost: 297 }));
/// assert_eq!(results.path(2), Some(&[0, 1, 2][..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Batch<O, S, Q: SearchQuery> {
    workers: Vec<Worker<O, S, Q>>,
}

impl<O: core::fmt::Debug, S: core::fmt::Debug, Q: SearchQuery> core::fmt::Debug for Batch<O, S, Q>
where
    Q::Node: core::fmt::Debug,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Batch")
            .field("workers", &self.workers.len())
            .field(
                "engines",
                &self.workers.iter().map(|w| &w.engine).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl<O, S, Q: SearchQuery> Batch<O, S, Q> {
    /// A batch with one engine, made by `make`, per thread of the current
    /// rayon pool ([`rayon::current_num_threads`]).
    ///
    /// # Example
    /// See [`batch`](self).
    pub fn new(make: impl FnMut() -> AStar<O, S, Q>) -> Self {
        Self::with_workers(rayon::current_num_threads(), make)
    }

    /// A batch with `workers` engines made by `make` (at least one: 0 is
    /// taken as 1). More workers than the pool has threads cost memory and
    /// gain nothing.
    ///
    /// # Example
    /// See [`Batch`].
    pub fn with_workers(workers: usize, mut make: impl FnMut() -> AStar<O, S, Q>) -> Self {
        Batch {
            workers: (0..workers.max(1))
                .map(|_| Worker {
                    engine: make(),
                    path: Vec::new(),
                    nodes: Vec::new(),
                    answers: Vec::new(),
                })
                .collect(),
        }
    }

    /// The number of workers (engines).
    ///
    /// # Example
    /// ```
    /// use pathseek::batch::Batch;
    /// use pathseek::{AStar, Query, open_set::BinaryHeap, store::IndexedStore};
    /// let batch: Batch<_, _, Query<u32, u32, fn(u32) -> u32>> =
    ///     Batch::with_workers(3, || AStar::new(BinaryHeap::<u32>::new(), IndexedStore::<u32>::new()));
    /// assert_eq!(batch.workers(), 3);
    /// ```
    pub fn workers(&self) -> usize {
        self.workers.len()
    }

    /// The engines, one per worker: to warm them up before timing, or to
    /// read their memory.
    ///
    /// # Example
    /// ```
    /// use pathseek::batch::Batch;
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query};
    /// use pathseek::{open_set::BinaryHeap, store::IndexedStore};
    /// let grid = Grid::new(16, 16, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    /// let mut batch = Batch::with_workers(2, || AStar::new(BinaryHeap::new(), IndexedStore::new()));
    /// let goal = Cell::new(15, 15);
    /// for engine in batch.engines_mut() {
    ///     // Each engine sizes its node store to the grid.
    ///     engine.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
    /// }
    /// ```
    pub fn engines_mut(&mut self) -> impl Iterator<Item = &mut AStar<O, S, Q>> {
        self.workers.iter_mut().map(|w| &mut w.engine)
    }
}

impl<O, S, N, C, H, T> Batch<O, S, Query<N, C, H, T>>
where
    N: Copy + Eq + core::hash::Hash + core::fmt::Debug + Send + Sync,
    C: crate::Cost + Send + Sync,
    O: OpenSet<C> + Send,
    S: Send,
    H: Heuristic<N, C> + Clone + Send + Sync,
    T: Goal<N> + Clone + Send + Sync,
{
    /// Answers every query of `queries` on `graph` and writes the answers,
    /// in query order, into `results` (its previous contents replaced): for
    /// query `i`, [`results.status(i)`](BatchResults::status) is what
    /// [`AStar::search_into`] returns for it and
    /// [`results.path(i)`](BatchResults::path) the path it writes (to the
    /// goal, or the partial path when a limit was reached; empty for no
    /// path or an error). Bad queries give their error statuses, as in
    /// [`AStar::search_into`]; the others are answered all the same.
    ///
    /// # Example
    /// See [`Batch`].
    pub fn search<G>(
        &mut self,
        graph: &G,
        queries: &[Query<N, C, H, T>],
        results: &mut BatchResults<N, C>,
    ) where
        G: Graph<Node = N, Cost = C> + Sync,
        S: ClosedSet<G>,
    {
        let n = queries.len();
        let next = AtomicUsize::new(0);
        self.workers.par_iter_mut().for_each(|w| {
            w.nodes.clear();
            w.answers.clear();
            w.answers.reserve(n);
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(query) = queries.get(index) else {
                    break;
                };
                let status = w.engine.search_into(graph, query.clone(), &mut w.path);
                let start = w.nodes.len();
                w.nodes.extend_from_slice(&w.path);
                w.answers.push(Answer {
                    index,
                    status,
                    stats: w.engine.stats(),
                    start,
                    end: w.nodes.len(),
                });
            }
        });
        results.gather(n, &mut self.workers);
    }
}

/// Where one answer lies: the worker and the range in its buffer.
#[derive(Clone, Copy, Debug, Default)]
struct Span {
    worker: usize,
    start: usize,
    end: usize,
}

/// The answers of a [`Batch`], in query order: a status, the counters and a
/// path per query. Keep one and pass it to every batch: its memory is
/// reused, so once it has held a batch as large, filling it allocates
/// nothing.
///
/// The paths lie one after the other in one buffer; [`path`](Self::path)
/// gives each as a slice.
///
/// # Example
/// See [`batch`](crate::batch).
#[derive(Clone, Debug)]
pub struct BatchResults<N, C> {
    statuses: Vec<Status<N, C>>,
    stats: Vec<Stats>,
    /// Path `i` is `nodes[ends[i - 1]..ends[i]]` (from 0 for the first).
    ends: Vec<usize>,
    nodes: Vec<N>,
    /// The answers' places in the workers' buffers, while gathering.
    spans: Vec<Span>,
}

impl<N, C> Default for BatchResults<N, C> {
    fn default() -> Self {
        BatchResults {
            statuses: Vec::new(),
            stats: Vec::new(),
            ends: Vec::new(),
            nodes: Vec::new(),
            spans: Vec::new(),
        }
    }
}

impl<N, C> BatchResults<N, C> {
    /// Empty results; they grow on the first batch.
    ///
    /// # Example
    /// ```
    /// let results = pathseek::batch::BatchResults::<u32, u32>::new();
    /// assert!(results.is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of answers: the number of queries of the last batch.
    ///
    /// # Example
    /// See [`batch`](crate::batch).
    pub fn len(&self) -> usize {
        self.statuses.len()
    }

    /// `true` when there is no answer.
    ///
    /// # Example
    /// See [`BatchResults::new`].
    pub fn is_empty(&self) -> bool {
        self.statuses.is_empty()
    }

    /// The status of query `i`: never [`Status::InProgress`] or
    /// [`Status::Idle`]; `None` past the last query.
    ///
    /// # Example
    /// See [`Batch`].
    pub fn status(&self, i: usize) -> Option<&Status<N, C>> {
        self.statuses.get(i)
    }

    /// The path of query `i` (to the goal, or the partial path; empty for
    /// no path or an error); `None` past the last query.
    ///
    /// # Example
    /// See [`Batch`].
    pub fn path(&self, i: usize) -> Option<&[N]> {
        let end = *self.ends.get(i)?;
        let start = match i {
            0 => 0,
            _ => self.ends[i - 1],
        };
        self.nodes.get(start..end)
    }

    /// The counters of query `i`'s search (what [`AStar::stats`] says after
    /// it); `None` past the last query.
    ///
    /// # Example
    /// ```
    /// use pathseek::batch::{Batch, BatchResults};
    /// use pathseek::{AStar, Query, StaticGraph, open_set::BinaryHeap, store::IndexedStore};
    /// let line = StaticGraph::from_edges(10, (0..9).map(|v| (v, v + 1, 1u32)))?;
    /// let mut batch = Batch::new(|| AStar::new(BinaryHeap::new(), IndexedStore::new()));
    /// let mut results = BatchResults::new();
    /// batch.search(&line, &[Query::new(0, 9, |_: u32| 0)], &mut results);
    /// // Nodes 0 to 8 expanded; the goal is taken from the open set, not expanded.
    /// assert_eq!(results.stats(0).map(|s| s.expanded), Some(9));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self, i: usize) -> Option<Stats> {
        self.stats.get(i).copied()
    }

    /// The statuses, in query order.
    ///
    /// # Example
    /// ```
    /// use pathseek::batch::{Batch, BatchResults};
    /// use pathseek::{AStar, Query, StaticGraph, Status, open_set::BinaryHeap, store::IndexedStore};
    /// let g = StaticGraph::from_edges(3, [(0, 1, 5u32)])?;
    /// let mut batch = Batch::new(|| AStar::new(BinaryHeap::new(), IndexedStore::new()));
    /// let mut results = BatchResults::new();
    /// let h = |_: u32| 0;
    /// let queries = [Query::new(0, 1, h), Query::new(0, 2, h)];
    /// batch.search(&g, &queries, &mut results);
    /// assert_eq!(results.statuses(), &[Status::Found { cost: 5 }, Status::NoPath]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn statuses(&self) -> &[Status<N, C>] {
        &self.statuses
    }

    /// Each query's status and path, in query order.
    ///
    /// # Example
    /// See [`batch`](crate::batch).
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&Status<N, C>, &[N])> {
        self.statuses.iter().enumerate().map(|(i, s)| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            (s, &self.nodes[start..self.ends[i]])
        })
    }

    /// Heap memory held, in bytes.
    ///
    /// # Example
    /// ```
    /// let results = pathseek::batch::BatchResults::<u32, u32>::new();
    /// assert_eq!(results.heap_bytes(), 0);
    /// ```
    pub fn heap_bytes(&self) -> usize {
        use core::mem::size_of;
        self.statuses.capacity() * size_of::<Status<N, C>>()
            + self.stats.capacity() * size_of::<Stats>()
            + self.ends.capacity() * size_of::<usize>()
            + self.nodes.capacity() * size_of::<N>()
            + self.spans.capacity() * size_of::<Span>()
    }
}

impl<N: Copy, C> BatchResults<N, C> {
    /// Puts the workers' answers to `n` queries in query order, and makes
    /// each worker room for a whole batch like this one.
    fn gather<O, S, Q>(&mut self, n: usize, workers: &mut [Worker<O, S, Q>])
    where
        Q: SearchQuery<Node = N, Cost = C>,
    {
        self.statuses.clear();
        self.statuses.resize_with(n, || Status::Idle);
        self.stats.clear();
        self.stats.resize(n, Stats::default());
        self.spans.clear();
        self.spans.resize(n, Span::default());
        for (k, w) in workers.iter_mut().enumerate() {
            for a in w.answers.drain(..) {
                // Every index below `n` was taken by exactly one worker.
                if let (Some(status), Some(stats), Some(span)) = (
                    self.statuses.get_mut(a.index),
                    self.stats.get_mut(a.index),
                    self.spans.get_mut(a.index),
                ) {
                    *status = a.status;
                    *stats = a.stats;
                    *span = Span {
                        worker: k,
                        start: a.start,
                        end: a.end,
                    };
                }
            }
        }
        self.ends.clear();
        self.nodes.clear();
        for span in &self.spans {
            if let Some(path) = workers
                .get(span.worker)
                .and_then(|w| w.nodes.get(span.start..span.end))
            {
                self.nodes.extend_from_slice(path);
            }
            self.ends.push(self.nodes.len());
        }
        // Room for a batch as large, whichever worker draws which query.
        let total = self.nodes.len();
        for w in workers {
            w.nodes.clear();
            w.nodes.reserve(total);
        }
    }
}
