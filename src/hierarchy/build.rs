//! Building the abstract graph and keeping it current: border scans
//! (entrances), one Dijkstra per entrance inside its cluster (the crate's
//! core on a [`Window`]), and repairs of what an edit touched.

use super::abstract_graph::{encode_move, Abstract, NONE};
use super::layout::{Border, Layout};
use super::window::{settle_nodes, Window};
use super::{Hierarchy, Repair, Run};
use crate::cost::Cost;
use crate::graph::{cheapest_edge, Graph};
use crate::grid::{Cell, Grid};
use crate::result::SearchError;
use crate::store::Records;

impl<C: Cost> Hierarchy<C> {
    /// Brings the abstract graph up to date with `grid`, and with it the
    /// landmarks (the one way in for `sync` and the queries).
    pub(super) fn bring_up_to_date(
        &mut self,
        grid: &Grid<C>,
    ) -> Result<Repair, SearchError<Cell, C>> {
        let repair = self.repair(grid)?;
        self.refresh_landmarks();
        Ok(repair)
    }

    /// Everything from scratch. The landmarks are left for the caller to
    /// mark: a new hierarchy starts with none, and `repair` marks them
    /// stale before it comes here.
    pub(super) fn rebuild(&mut self, grid: &Grid<C>) -> Result<Repair, SearchError<Cell, C>> {
        self.layout = Layout::new(grid.width(), grid.height(), self.layout.size);
        self.connectivity = grid.connectivity();
        self.cached = self.options.cache_fields && !grid.has_terrain();
        self.costs = grid.costs();
        let cells = grid.width() as usize * grid.height() as usize;
        self.graph = Abstract {
            node_of: vec![NONE; cells],
            cluster_nodes: vec![Vec::new(); self.layout.cluster_count()],
            moves: vec![Vec::new(); self.layout.cluster_count()],
            borders: vec![Vec::new(); self.layout.border_count()],
            ..Abstract::default()
        };
        self.dirty = vec![false; self.layout.cluster_count()];
        if self.options.merge_entrances {
            self.labels = vec![u32::MAX; cells];
            for c in 0..self.layout.cluster_count() as u32 {
                self.label_cluster(grid, c);
            }
        } else {
            self.labels = Vec::new();
        }
        for b in 0..self.layout.border_count() as u32 {
            self.rescan_border(grid, b);
        }
        let clusters = self.layout.cluster_count();
        self.dirty_list.clear();
        for c in 0..clusters as u32 {
            self.rebuild_cluster(grid, c)?;
        }
        self.dirty.iter_mut().for_each(|d| *d = false);
        self.version = grid.version();
        Ok(Repair {
            full: true,
            borders: self.layout.border_count(),
            clusters,
        })
    }

    /// Brings the graph to `grid`'s version from its edit log, or from
    /// scratch when the log cannot tell.
    pub(super) fn repair(&mut self, grid: &Grid<C>) -> Result<Repair, SearchError<Cell, C>> {
        let same_shape = grid.width() == self.layout.width
            && grid.height() == self.layout.height
            && grid.connectivity() == self.connectivity
            && grid.costs() == self.costs;
        if same_shape && grid.version() == self.version {
            return Ok(Repair::default());
        }
        self.landmarks.stale = true;
        let edits = match grid.edits_since(self.version) {
            Some(edits) if same_shape => edits,
            _ => return self.rebuild(grid),
        };
        if self.cached && grid.has_terrain() {
            // Terrain makes moves cost differently each way: the fields no
            // longer give a cell's cost to a node. Dropped, not rebuilt.
            self.cached = false;
            self.graph.fields.iter_mut().for_each(|f| *f = Vec::new());
        }
        let mut borders = core::mem::take(&mut self.border_list);
        borders.clear();
        for edit in edits {
            let c = self.layout.cluster_of(edit.cell);
            self.mark(c);
            if self.options.merge_entrances {
                // Its inner components may have changed, and with them
                // which runs of every border of the cluster merge.
                self.label_cluster(grid, c);
                self.layout.borders_of(c, |b| borders.push(b));
            } else {
                self.layout.borders_at(edit.cell, |b| borders.push(b));
            }
        }
        borders.sort_unstable();
        borders.dedup();
        for &b in &borders {
            self.rescan_border(grid, b);
        }
        let rescanned = borders.len();
        self.border_list = borders;
        let mut list = core::mem::take(&mut self.dirty_list);
        let clusters = list.len();
        for &c in &list {
            self.dirty[c as usize] = false;
        }
        let mut result = Ok(());
        for &c in &list {
            if let Err(e) = self.rebuild_cluster(grid, c) {
                result = Err(e);
                break;
            }
        }
        list.clear();
        self.dirty_list = list;
        match result {
            Ok(()) => {
                self.version = grid.version();
                Ok(Repair {
                    full: false,
                    borders: rescanned,
                    clusters,
                })
            }
            // Leave the graph marked out of date: the next call rebuilds.
            Err(e) => {
                self.layout.width = 0;
                Err(e)
            }
        }
    }

    fn mark(&mut self, cluster: u32) {
        if !self.dirty[cluster as usize] {
            self.dirty[cluster as usize] = true;
            self.dirty_list.push(cluster);
        }
    }

    /// The transitions of one border: runs of facing pairs both passable;
    /// a run shorter than `wide` gets one transition (its middle), a longer
    /// one two (its ends). With merged entrances, the runs whose cells lie
    /// in the same component of their cluster on each side (joined inside
    /// both clusters) count as one run from the first's start to the last's
    /// end.
    fn scan(
        &self,
        grid: &Grid<C>,
        border: Border,
        runs: &mut Vec<Run>,
        out: &mut Vec<(Cell, Cell)>,
    ) {
        out.clear();
        let pair = |i: u32| {
            let a = Cell::new(
                border.first.x + i * border.along.0,
                border.first.y + i * border.along.1,
            );
            (a, Cell::new(a.x + border.across.0, a.y + border.across.1))
        };
        let open = |i: u32| {
            let (a, b) = pair(i);
            grid.is_passable(a) && grid.is_passable(b)
        };
        let w = grid.width() as usize;
        let key = |i: u32| {
            let (a, b) = pair(i);
            if self.labels.is_empty() {
                (0, 0)
            } else {
                (
                    self.labels[a.y as usize * w + a.x as usize],
                    self.labels[b.y as usize * w + b.x as usize],
                )
            }
        };
        runs.clear();
        let mut i = 0;
        while i < border.len {
            if !open(i) {
                i += 1;
                continue;
            }
            let first = i;
            while i < border.len && open(i) {
                i += 1;
            }
            runs.push((first, i - 1, key(first)));
        }
        // Runs grouped by key (in order of their first run), each group one entrance.
        let mut done = 0;
        while done < runs.len() {
            let (first, mut last, k) = runs[done];
            let mut members = 1;
            if !self.labels.is_empty() {
                for r in &runs[done + 1..] {
                    if r.2 == k {
                        last = r.1;
                        members += 1;
                    }
                }
            }
            if members == 1 && last - first + 1 < self.options.wide_entrance {
                out.push(pair(first + (last - first) / 2));
            } else if last == first {
                out.push(pair(first));
            } else {
                out.push(pair(first));
                out.push(pair(last));
            }
            // Drop the group's runs.
            let mut keep = done + 1;
            for j in done + 1..runs.len() {
                if self.labels.is_empty() || runs[j].2 != k {
                    runs[keep] = runs[j];
                    keep += 1;
                }
            }
            runs.truncate(keep);
            done += 1;
        }
    }

    /// Labels the cells of cluster `c` by their component inside it (the
    /// grid's moves between its cells): `u32::MAX` for a blocked cell.
    fn label_cluster(&mut self, grid: &Grid<C>, c: u32) {
        let rect = self.layout.rect(c);
        let w = grid.width() as usize;
        for y in rect.y0..rect.y0 + rect.height {
            for x in rect.x0..rect.x0 + rect.width {
                self.labels[y as usize * w + x as usize] = u32::MAX;
            }
        }
        let window = Window::new(grid, rect);
        let mut stack = core::mem::take(&mut self.scratch);
        let mut next = 0;
        for y in rect.y0..rect.y0 + rect.height {
            for x in rect.x0..rect.x0 + rect.width {
                let cell = Cell::new(x, y);
                let at = y as usize * w + x as usize;
                if self.labels[at] != u32::MAX || !grid.is_passable(cell) {
                    continue;
                }
                self.labels[at] = next;
                stack.clear();
                stack.push(cell);
                while let Some(u) = stack.pop() {
                    window.successors(u, |v, _| {
                        let i = v.y as usize * w + v.x as usize;
                        if self.labels[i] == u32::MAX {
                            self.labels[i] = next;
                            stack.push(v);
                        }
                    });
                }
                next += 1;
            }
        }
        self.scratch = stack;
    }

    /// Scans border `b` again: new transitions first (so a node kept keeps
    /// its id), then the old ones dropped. Clusters that gain or lose a
    /// node are marked for a rebuild.
    fn rescan_border(&mut self, grid: &Grid<C>, b: u32) {
        let mut fresh = core::mem::take(&mut self.scratch_pairs);
        let mut runs = core::mem::take(&mut self.runs);
        self.scan(grid, self.layout.border(b), &mut runs, &mut fresh);
        self.runs = runs;
        let w = grid.width() as usize;
        let at = |c: Cell| c.y as usize * w + c.x as usize;
        for &(a, c) in &fresh {
            let (ca, cc) = (self.layout.cluster_of(a), self.layout.cluster_of(c));
            let (na, nc) = (self.node(a, at(a), ca), self.node(c, at(c), cc));
            self.graph.refs[na as usize] += 1;
            self.graph.refs[nc as usize] += 1;
            // Both cells are passable and face each other: the move exists.
            let ac = cheapest_edge(grid, a, c).unwrap_or_else(C::zero);
            let ca_cost = cheapest_edge(grid, c, a).unwrap_or_else(C::zero);
            self.graph.inter[na as usize].push((nc, ac));
            self.graph.inter[nc as usize].push((na, ca_cost));
        }
        let old = core::mem::replace(&mut self.graph.borders[b as usize], fresh);
        for &(a, c) in &old {
            let (na, nc) = (self.graph.node_of[at(a)], self.graph.node_of[at(c)]);
            remove_edge(&mut self.graph.inter[na as usize], nc);
            remove_edge(&mut self.graph.inter[nc as usize], na);
            for (n, cell) in [(na, a), (nc, c)] {
                let cluster = self.graph.cluster[n as usize];
                if self.graph.release(n, at(cell)) {
                    self.mark(cluster);
                }
            }
        }
        self.scratch_pairs = old;
    }

    /// The node of `cell`, made (and its cluster marked) if it has none.
    fn node(&mut self, cell: Cell, at: usize, cluster: u32) -> u32 {
        if self.graph.node_of[at] == NONE {
            self.mark(cluster);
        }
        self.graph.node_for(cell, at, cluster)
    }

    /// The intra-cluster edges of cluster `c`: one Dijkstra per node inside
    /// the cluster, until every other node of the cluster is settled.
    fn rebuild_cluster(&mut self, grid: &Grid<C>, c: u32) -> Result<(), SearchError<Cell, C>> {
        // `fields` is about to hold this cluster's searches.
        self.trees = 0;
        let nodes = core::mem::take(&mut self.graph.cluster_nodes[c as usize]);
        for &n in &nodes {
            self.graph.intra[n as usize].clear();
            self.graph.intra_paths[n as usize].clear();
        }
        let mut moves = core::mem::take(&mut self.graph.moves[c as usize]);
        moves.clear();
        let window = Window::new(grid, self.layout.rect(c));
        let mut result = Ok(());
        for (k, &n) in nodes.iter().enumerate() {
            let from = self.graph.cells[n as usize];
            // Kept fields need every cell of the cluster: no early stop.
            let targets = if self.cached { usize::MAX } else { nodes.len() };
            let node_of = &self.graph.node_of;
            let w = grid.width() as usize;
            if let Err(e) = settle_nodes(
                &mut self.fields,
                &window,
                from,
                node_of,
                w,
                targets,
                None,
                &mut self.scratch,
            ) {
                result = Err(e);
                break;
            }
            if self.cached {
                let field = &mut self.graph.fields[n as usize];
                field.clear();
                let store = &self.fields.store;
                field.extend((0..window.rect.area() as u32).map(|i| {
                    store
                        .record(i)
                        .filter(|r| r.is_closed())
                        .map_or_else(C::max_value, |r| r.g)
                }));
            }
            for (j, &m) in nodes.iter().enumerate() {
                if j == k {
                    continue;
                }
                let local = window.rect.local(self.graph.cells[m as usize]) as u32;
                let Some(r) = self.fields.store.record(local).filter(|r| r.is_closed()) else {
                    continue;
                };
                self.graph.intra[n as usize].push((m, r.g));
                // The path's moves, read back from `m` and stored from `n`.
                let at = moves.len();
                let mut slot = local;
                let mut cell = self.graph.cells[m as usize];
                while let Some(parent) = self.fields.store.record(slot).and_then(|r| r.parent()) {
                    let Some(prev) = window.rect.cell_at(parent as usize) else {
                        break;
                    };
                    moves.push(encode_move(prev, cell));
                    (slot, cell) = (parent, prev);
                }
                moves[at..].reverse();
                self.graph.intra_paths[n as usize].push((at as u32, (moves.len() - at) as u32));
            }
        }
        self.graph.moves[c as usize] = moves;
        self.graph.cluster_nodes[c as usize] = nodes;
        result
    }
}

fn remove_edge<C>(edges: &mut smallvec::SmallVec<[(u32, C); 2]>, to: u32) {
    if let Some(k) = edges.iter().position(|&(m, _)| m == to) {
        edges.remove(k);
    }
}
