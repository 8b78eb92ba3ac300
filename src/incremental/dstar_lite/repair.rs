//! The algorithm of [`DStarLite`]: the per-cell state, the keys, the lazy
//! queue and `ComputeShortestPath`.

use super::DStarLite;
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};
use crate::grid::{Cell, Grid, GridHeuristic};
use crate::open_set::{Entry, OpenSet};
use crate::result::{SearchError, Status};

#[derive(Clone, Copy, Debug)]
pub(super) struct NodeState<C> {
    /// Settled cost to the goal (`C::max_value()`: infinite).
    pub(super) g: C,
    /// One-step look-ahead: `min over successors s' of c(s, s') + g(s')`
    /// (0 at the goal).
    pub(super) rhs: C,
    /// The key of the node's live entry (`k1`), when `queued`.
    pub(super) key_f: C,
    /// The tie half of that entry (see "Ties" on [`DStarLite`]).
    pub(super) key_tie: C,
    /// How many entries of this node the open set physically holds (live or stale).
    pub(super) copies: u32,
    /// `true` when the node is in D* Lite's queue `U` (its live entry is the
    /// one with key `(key_f, key_tie)`).
    pub(super) queued: bool,
}

impl<C: Cost> NodeState<C> {
    pub(super) fn fresh() -> Self {
        NodeState {
            g: C::max_value(),
            rhs: C::max_value(),
            key_f: C::zero(),
            key_tie: C::zero(),
            copies: 0,
            queued: false,
        }
    }
}

/// Up to eight edges of one cell, collected before the state is changed.
struct Edges<C> {
    len: usize,
    items: [(usize, Cell, C); 8],
}

impl<C: Cost> Edges<C> {
    fn new() -> Self {
        Edges {
            len: 0,
            items: [(0, Cell::new(0, 0), C::zero()); 8],
        }
    }

    fn as_slice(&self) -> &[(usize, Cell, C)] {
        &self.items[..self.len]
    }
}

impl<C: Cost> EdgeSink<Cell, C> for Edges<C> {
    fn edge(&mut self, _to: Cell, _cost: C) {
        // Grids always report dense ids (`indexed_edge`).
        unreachable_edge()
    }

    #[inline]
    fn indexed_edge(&mut self, to: Cell, index: usize, cost: C) {
        if self.len < self.items.len() {
            self.items[self.len] = (index, to, cost);
            self.len += 1;
        }
    }
}

#[cold]
fn unreachable_edge() {}

/// `a + b` with `C::max_value()` as infinity: infinite if either is, `None`
/// when a finite sum overflows (or reaches the infinity value).
#[inline]
pub(super) fn sum<C: Cost>(a: C, b: C) -> Option<C> {
    let inf = C::max_value();
    if a == inf || b == inf {
        return Some(inf);
    }
    a.checked_add_valid(b).filter(|&s| s < inf)
}

/// The second half of a key, as an [`Entry`]'s `g` (larger first on equal
/// `k1`): infinite for an underconsistent node (`g < rhs`: raised before any
/// overconsistent node of the same `k1`), else `k2 = min(g, rhs)`, so that
/// among overconsistent nodes the one nearer the unit comes first, as A*
/// breaks ties.
#[inline]
fn tie<C: Cost>(g: C, rhs: C) -> C {
    if g < rhs {
        C::max_value()
    } else {
        rhs
    }
}

#[inline]
fn smaller<C: Cost>(a: C, b: C) -> C {
    if b < a {
        b
    } else {
        a
    }
}

impl<C: Cost, O: OpenSet<C>> DStarLite<C, O> {
    pub(super) fn same_size(&self, grid: &Grid<C>) -> bool {
        grid.width() == self.width && grid.height() == self.height
    }

    pub(super) fn start_index(&self) -> usize {
        self.start.y as usize * self.width as usize + self.start.x as usize
    }

    /// The heuristic estimate from the unit's cell to `cell` (0 before a
    /// start, which every caller follows).
    #[inline]
    pub(super) fn estimate(&self, cell: Cell) -> C {
        match &self.h {
            Some(h) => h.estimate(cell),
            None => C::zero(),
        }
    }

    fn overflow(&self, grid: &Grid<C>, i: usize) -> SearchError<Cell, C> {
        SearchError::CostOverflow {
            node: grid.node_at(i).unwrap_or(self.start),
        }
    }

    /// The cell of dense index `i` (an index of this grid's size).
    #[inline]
    pub(super) fn cell_of(&self, grid: &Grid<C>, i: usize) -> Cell {
        grid.node_at(i).unwrap_or(self.start)
    }

    /// The entry of node `i`'s key: `Entry { f: k1, g: tie }`, where `tie`
    /// is `k2 = min(g, rhs)` for an overconsistent node and infinite for an
    /// underconsistent one (see "Ties" on [`DStarLite`]).
    #[inline]
    fn key(&self, i: usize, cell: Cell) -> Result<Entry<C>, SearchError<Cell, C>> {
        let n = &self.nodes[i];
        let k2 = smaller(n.g, n.rhs);
        let Some(f) = sum(self.estimate(cell), self.k_m).and_then(|hk| sum(k2, hk)) else {
            return Err(SearchError::CostOverflow { node: cell });
        };
        Ok(Entry {
            f,
            g: tie(n.g, n.rhs),
            slot: i as u32,
        })
    }

    fn push(&mut self, entry: Entry<C>) {
        let before = self.open.len();
        self.open.push(entry);
        self.note_growth(entry.slot as usize, before);
    }

    /// Counts the entries a push or decrease-key added.
    fn note_growth(&mut self, i: usize, before: usize) {
        let after = self.open.len();
        self.nodes[i].copies += (after.saturating_sub(before)) as u32;
        self.current.pushed += 1;
        self.current.max_open = self.current.max_open.max(after);
    }

    /// D* Lite's `UpdateVertex(u)` (its `rhs` already current): queued with
    /// its key when inconsistent, out of the queue when consistent.
    pub(super) fn update_vertex(
        &mut self,
        i: usize,
        cell: Cell,
    ) -> Result<(), SearchError<Cell, C>> {
        self.current.updated += 1;
        let n = self.nodes[i];
        if n.g == n.rhs {
            self.nodes[i].queued = false; // lazy removal
            return Ok(());
        }
        if self.needs_rekey {
            // The keys are rebuilt from scratch before the next replan.
            self.nodes[i].queued = true;
            return Ok(());
        }
        let entry = self.key(i, cell)?;
        let old = Entry {
            f: n.key_f,
            g: n.key_tie,
            slot: entry.slot,
        };
        if n.queued && entry == old {
            return Ok(());
        }
        self.nodes[i].key_f = entry.f;
        self.nodes[i].key_tie = entry.g;
        self.nodes[i].queued = true;
        if n.queued && n.copies == 1 && entry.precedes(&old) {
            let before = self.open.len();
            self.open.decrease_key(entry);
            self.note_growth(i, before);
        } else {
            self.push(entry);
        }
        Ok(())
    }

    /// `rhs(i) = min over successors s' of c(i, s') + g(s')` (the goal keeps
    /// 0), then `UpdateVertex(i)`.
    pub(super) fn recompute_rhs(
        &mut self,
        grid: &Grid<C>,
        i: usize,
        cell: Cell,
    ) -> Result<(), SearchError<Cell, C>> {
        if i != self.goal_index {
            let mut out = Edges::new();
            grid.expand(Expansion::new(cell), &mut out);
            let mut rhs = C::max_value();
            for &(s, _, c) in out.as_slice() {
                let through =
                    sum(c, self.nodes[s].g).ok_or(SearchError::CostOverflow { node: cell })?;
                rhs = smaller(rhs, through);
            }
            self.nodes[i].rhs = rhs;
        }
        self.update_vertex(i, cell)
    }

    /// Pops entries until a live one (the node's current key, node queued).
    fn pop_live(&mut self) -> Option<Entry<C>> {
        while let Some(e) = self.open.pop() {
            let n = &mut self.nodes[e.slot as usize];
            n.copies = n.copies.saturating_sub(1);
            if n.queued && n.key_f == e.f && n.key_tie == e.g {
                return Some(e);
            }
            self.current.stale += 1;
        }
        None
    }

    /// Recomputes every queued key from the current start with `k_m = 0`
    /// (after the heuristic changed).
    fn rekey(&mut self, grid: &Grid<C>) -> Result<(), SearchError<Cell, C>> {
        self.open.clear();
        self.k_m = C::zero();
        self.h = Some(GridHeuristic::new(grid, self.start));
        self.h_terrain = grid.min_terrain();
        self.needs_rekey = false;
        for i in 0..self.nodes.len() {
            let n = &mut self.nodes[i];
            n.copies = 0;
            n.queued = false;
            if n.g != n.rhs {
                let cell = self.cell_of(grid, i);
                self.update_vertex(i, cell)?;
            }
        }
        Ok(())
    }

    pub(super) fn replan(&mut self, grid: &Grid<C>) -> Status<Cell, C> {
        if !self.started || !self.same_size(grid) {
            return Status::Error(SearchError::NotStarted);
        }
        if let Some(e) = &self.error {
            return Status::Error(e.clone());
        }
        match self.repair(grid) {
            Ok(status) => status,
            Err(e) => {
                self.error = Some(e.clone());
                Status::Error(e)
            }
        }
    }

    fn repair(&mut self, grid: &Grid<C>) -> Result<Status<Cell, C>, SearchError<Cell, C>> {
        if self.needs_rekey || grid.min_terrain() != self.h_terrain {
            self.rekey(grid)?;
        }
        if !grid.is_passable(self.start) {
            return Ok(Status::Error(SearchError::StartBlocked {
                node: self.start,
            }));
        }
        if !grid.is_passable(self.goal) {
            return Ok(Status::NoPath);
        }
        let s = self.start_index();
        let inf = C::max_value();
        let mut budget = self.max_expansions;
        while let Some(top) = self.pop_live() {
            let start = self.nodes[s];
            let start_key = Entry {
                f: sum(smaller(start.g, start.rhs), self.k_m)
                    .ok_or_else(|| self.overflow(grid, s))?,
                g: tie(start.g, start.rhs),
                slot: s as u32,
            };
            if !(top.precedes(&start_key) || start.rhs != start.g) {
                self.push(top); // no peek: put it back
                break;
            }
            if budget == 0 {
                self.push(top);
                return Ok(Status::InProgress);
            }
            budget -= 1;
            let u = top.slot as usize;
            let cell = self.cell_of(grid, u);
            let fresh = self.key(u, cell)?;
            let n = self.nodes[u];
            if top.precedes(&fresh) {
                // The key was made from an older start: queue it again with its own.
                self.current.rekeyed += 1;
                self.nodes[u].key_f = fresh.f;
                self.nodes[u].key_tie = fresh.g;
                self.push(fresh);
                continue;
            }
            self.current.expanded += 1;
            if n.g > n.rhs {
                // Overconsistent: settle it, and offer it to its predecessors.
                self.nodes[u].g = n.rhs;
                self.nodes[u].queued = false;
                let mut pred = Edges::new();
                grid.reversed().expand(Expansion::new(cell), &mut pred);
                for &(p, p_cell, c) in pred.as_slice() {
                    // Only a lowered rhs changes p: an unchanged p keeps its
                    // place (a key made from an older start is renewed when
                    // it surfaces), and the goal's rhs stays 0.
                    let through =
                        sum(c, n.rhs).ok_or(SearchError::CostOverflow { node: p_cell })?;
                    if p != self.goal_index && through < self.nodes[p].rhs {
                        self.nodes[p].rhs = through;
                        self.update_vertex(p, p_cell)?;
                    }
                }
            } else {
                // Underconsistent: raise it, and recompute whoever relied on it.
                self.current.raised += 1;
                let g_old = n.g;
                self.nodes[u].g = inf;
                let mut pred = Edges::new();
                grid.reversed().expand(Expansion::new(cell), &mut pred);
                for &(p, p_cell, c) in pred.as_slice() {
                    if p != self.goal_index && sum(c, g_old) == Some(self.nodes[p].rhs) {
                        self.recompute_rhs(grid, p, p_cell)?;
                    }
                }
                self.update_vertex(u, cell)?;
            }
        }
        let g = self.nodes[s].g;
        Ok(if g == inf {
            Status::NoPath
        } else {
            Status::Found { cost: g }
        })
    }
}
