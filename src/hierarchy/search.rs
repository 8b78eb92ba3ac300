//! Queries: the start and goal inserted, the abstract search, refinement
//! into cells, smoothing, and the exact and abstract-only answers.

use super::abstract_graph::{apply_move, Overlay, OverlayHeuristic, NONE};
use super::layout::Layout;
use super::window::{settle_nodes, settled_costs, Window};
use super::{Hierarchy, HierarchyError, QueryStats};
use crate::astar::path_into;
use crate::cost::Cost;
use crate::graph::Graph;
use crate::grid::heuristic::GridHeuristic;
use crate::grid::{Cell, Grid};
use crate::query::Query;
use crate::result::{SearchError, Status};
use crate::store::Records;

/// One abstract edge to refine, and where it lies on its path.
#[derive(Clone, Copy, Debug)]
pub(super) struct Leg {
    pub(super) from: Cell,
    pub(super) to: Cell,
    /// From the query's start.
    pub(super) first: bool,
    /// To the query's goal.
    pub(super) last: bool,
    /// The query's serial number.
    pub(super) query: u64,
}

/// How far a query got before refinement.
pub(super) enum Abstracted<C> {
    /// No path.
    None,
    /// Found by the direct search on the grid: the path is in `raw`.
    Direct(C),
    /// The abstract path is in `waypoints` (start and goal included).
    Waypoints(C),
}

impl<C: Cost> Hierarchy<C> {
    /// A path from `start` to `goal` into `path` (cleared first): the
    /// abstract path refined into cells and smoothed. `Ok(None)` when there
    /// is none. The hierarchy is first brought up to date with `grid`
    /// ([`sync`](crate::graph::FollowMap::sync)).
    ///
    /// The cost returned is the path's, as the grid counts it; it is at
    /// least the optimal cost and at most the abstract path's
    /// ([`cost_bound`](Self::cost_bound)).
    ///
    /// # Errors
    /// [`SearchError::StartBlocked`] / [`SearchError::GoalBlocked`] (in
    /// [`HierarchyError::Search`]) for a start or goal off the map or
    /// blocked; a cost overflow.
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(100, 100, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// let mut h = Hierarchy::new(&grid, 10)?;
    /// let mut path = Vec::new();
    /// let cost = h.find_path(&grid, Cell::new(0, 0), Cell::new(99, 50), &mut path)?;
    /// // Open ground: smoothing straightens it to an optimal path (50 diagonal, 49 straight).
    /// assert_eq!(cost, Some(50 * 3 + 49 * 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_path(
        &mut self,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> Result<Option<C>, HierarchyError<C>> {
        path.clear();
        match self.abstract_path(grid, start, goal, true)? {
            Abstracted::None => Ok(None),
            Abstracted::Direct(cost) => {
                core::mem::swap(path, &mut self.raw);
                Ok(Some(cost))
            }
            Abstracted::Waypoints(_) => {
                let mut raw = core::mem::take(&mut self.raw);
                let refined = self.refine_all(grid, &mut raw);
                let result = refined.and_then(|()| self.smooth(grid, &raw, path));
                self.raw = raw;
                result.map(Some)
            }
        }
    }

    /// An optimal path from `start` to `goal` into `path` (cleared first),
    /// and its cost; `Ok(None)` when there is none. The abstract search
    /// answers first: no abstract path means no path (at once, where a
    /// plain A\* would search the whole of the start's side); otherwise its
    /// cost bounds an A\* on the grid ([`Query::max_cost`]), which finds
    /// the optimum.
    ///
    /// # Errors
    /// As [`find_path`](Self::find_path).
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// for y in 0..63 {
    ///     grid.set_passable(Cell::new(30, y), false)?;
    /// }
    /// let mut h = Hierarchy::new(&grid, 8)?;
    /// let (start, goal) = (Cell::new(0, 10), Cell::new(63, 5));
    /// let mut path = Vec::new();
    /// let exact = h.find_exact(&grid, start, goal, &mut path)?;
    /// let best = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    /// assert_eq!(exact, Some(best.found().unwrap().cost));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_exact(
        &mut self,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> Result<Option<C>, HierarchyError<C>> {
        path.clear();
        match self.abstract_path(grid, start, goal, true)? {
            Abstracted::None => Ok(None),
            Abstracted::Direct(cost) => {
                core::mem::swap(path, &mut self.raw);
                Ok(Some(cost))
            }
            Abstracted::Waypoints(bound) => {
                let query = Query::new(start, goal, GridHeuristic::new(grid, goal)).max_cost(bound);
                let (status, _, _) = self.cells.run_into(grid, query, path);
                self.stats.cell_expanded += self.cells.stats.expanded;
                match status {
                    Status::Found { cost } => Ok(Some(cost)),
                    Status::Error(e) => Err(e.into()),
                    // The abstract path is a path of at most `bound`: not reached.
                    _ => Err(SearchError::StoreUnsupported {
                        reason: "the bounded search missed the abstract path",
                    }
                    .into()),
                }
            }
        }
    }

    /// Whether `goal` can be reached from `start`, from the abstract graph
    /// alone (exact: every way between clusters crosses an entrance).
    ///
    /// # Errors
    /// As [`find_path`](Self::find_path).
    ///
    /// # Example
    /// See the [module](super).
    pub fn reachable(
        &mut self,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
    ) -> Result<bool, HierarchyError<C>> {
        Ok(self.cost_bound(grid, start, goal)?.is_some())
    }

    /// The cost of the abstract path from `start` to `goal`, a real path's
    /// cost and so at least the optimum, with no refinement; `None` when
    /// `goal` cannot be reached.
    ///
    /// # Errors
    /// As [`find_path`](Self::find_path).
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(64, 64, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut h = Hierarchy::new(&grid, 8)?;
    /// let bound = h.cost_bound(&grid, Cell::new(0, 0), Cell::new(63, 63))?.unwrap();
    /// assert!(bound >= 126);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cost_bound(
        &mut self,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
    ) -> Result<Option<C>, HierarchyError<C>> {
        Ok(match self.abstract_path(grid, start, goal, false)? {
            Abstracted::None => None,
            Abstracted::Direct(c) | Abstracted::Waypoints(c) => Some(c),
        })
    }

    /// Checks the query, brings the hierarchy up to date, and finds the
    /// abstract path (into `waypoints`), or with `direct`, the path itself
    /// for a start and goal close by.
    pub(super) fn abstract_path(
        &mut self,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
        direct: bool,
    ) -> Result<Abstracted<C>, HierarchyError<C>> {
        self.stats = QueryStats::default();
        self.serial += 1;
        self.waypoints.clear();
        if !grid.is_passable(start) {
            return Err(SearchError::StartBlocked { node: start }.into());
        }
        if !grid.is_passable(goal) {
            return Err(SearchError::GoalBlocked { node: goal }.into());
        }
        self.bring_up_to_date(grid)?;
        let (cs, cg) = (self.layout.cluster_of(start), self.layout.cluster_of(goal));
        // Close by (at most four clusters' width apart along x and y): a
        // search on the grid first, optimal and cheap when it succeeds.
        let span = start.x.abs_diff(goal.x).max(start.y.abs_diff(goal.y));
        let close = span <= 4 * self.layout.size;
        if direct && self.options.direct_limit > 0 && close {
            let query = Query::new(start, goal, GridHeuristic::new(grid, goal))
                .max_expansions(self.options.direct_limit);
            let (status, _, _) = self.cells.run_into(grid, query, &mut self.raw);
            self.stats.cell_expanded = self.cells.stats.expanded;
            match status {
                Status::Found { cost } => {
                    self.stats.direct = true;
                    return Ok(Abstracted::Direct(cost));
                }
                Status::NoPath => {
                    self.stats.direct = true;
                    return Ok(Abstracted::None);
                }
                Status::Error(e) => return Err(e.into()),
                _ => {}
            }
        }
        if self.insert(grid, start, goal)? {
            self.trees = self.serial;
        }
        let overlay = Overlay {
            graph: &self.graph,
            from_start: &self.from_start,
            to_goal: &self.to_goal,
            goal_cluster: cg,
            direct: (cs == cg)
                .then(|| {
                    self.start_field
                        .store
                        .record(self.layout.rect(cs).local(goal) as u32)
                })
                .flatten()
                .filter(|r| r.is_closed())
                .map(|r| r.g),
        };
        let guided = self.landmarks.count() > 0;
        if guided {
            self.landmarks.aim(&self.to_goal);
        }
        let h = OverlayHeuristic {
            cells: &self.graph.cells,
            start,
            goal,
            grid: GridHeuristic::new(grid, goal),
            landmarks: guided.then_some(&self.landmarks),
            both_ways: !grid.has_terrain(),
        };
        let query = Query::new(overlay.start(), overlay.goal(), h);
        let (status, _, _) = self.top.run_into(&overlay, query, &mut self.ids);
        self.stats.abstract_expanded = self.top.stats.expanded;
        let cost = match status {
            Status::Found { cost } => cost,
            Status::NoPath => return Ok(Abstracted::None),
            Status::Error(e) => {
                return Err(match e {
                    SearchError::CostOverflow { .. } => SearchError::CostOverflow { node: goal },
                    _ => SearchError::StoreUnsupported {
                        reason: "the abstract search failed",
                    },
                }
                .into());
            }
            _ => {
                return Err(SearchError::StoreUnsupported {
                    reason: "the abstract search stopped before its end",
                }
                .into());
            }
        };
        let n = self.graph.cells.len() as u32;
        self.waypoints.extend(self.ids.iter().map(|&id| match id {
            id if id < n => self.graph.cells[id as usize],
            id if id == n => start,
            _ => goal,
        }));
        self.stats.waypoints = self.waypoints.len();
        Ok(Abstracted::Waypoints(cost))
    }

    /// The start's edges and the goal's: read from the nodes' kept fields
    /// (start and goal in different clusters of a grid without terrain;
    /// returns `false`), or from a Dijkstra from the start inside its
    /// cluster (kept in `start_field`) and one from the goal over the
    /// reversed grid inside its cluster (kept in `fields`; returns `true`).
    fn insert(
        &mut self,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
    ) -> Result<bool, SearchError<Cell, C>> {
        let w = grid.width() as usize;
        let (cs, cg) = (self.layout.cluster_of(start), self.layout.cluster_of(goal));
        if self.cached && cs != cg {
            let g = &self.graph;
            for (out, cluster, cell) in [
                (&mut self.from_start, cs, start),
                (&mut self.to_goal, cg, goal),
            ] {
                out.clear();
                let local = self.layout.rect(cluster).local(cell);
                for &m in &g.cluster_nodes[cluster as usize] {
                    let d = g.fields[m as usize][local];
                    if d != C::max_value() {
                        out.push((m, d));
                    }
                }
            }
            return Ok(false);
        }
        // From the start (and to the goal if it shares the cluster).
        let window = Window::new(grid, self.layout.rect(cs));
        let nodes = &self.graph.cluster_nodes[cs as usize];
        let node_of = &self.graph.node_of;
        let targets = nodes.len() + usize::from(cs == cg);
        let scratch = &mut self.scratch;
        settle_nodes(
            &mut self.start_field,
            &window,
            start,
            node_of,
            w,
            targets,
            Some(goal),
            scratch,
        )?;
        self.stats.insert_expanded = self.start_field.stats.expanded;
        settled_costs(
            &self.start_field,
            window.rect,
            nodes,
            &self.graph.cells,
            &mut self.from_start,
        );
        // To the goal, over the reversed grid.
        let reversed = grid.reversed();
        let window = Window::new(&reversed, self.layout.rect(cg));
        let nodes = &self.graph.cluster_nodes[cg as usize];
        settle_nodes(
            &mut self.fields,
            &window,
            goal,
            node_of,
            w,
            nodes.len(),
            None,
            scratch,
        )?;
        self.stats.insert_expanded += self.fields.stats.expanded;
        settled_costs(
            &self.fields,
            window.rect,
            nodes,
            &self.graph.cells,
            &mut self.to_goal,
        );
        Ok(true)
    }

    /// Refines the whole abstract path in `waypoints` into `out`.
    fn refine_all(&mut self, grid: &Grid<C>, out: &mut Vec<Cell>) -> Result<(), HierarchyError<C>> {
        out.clear();
        let waypoints = core::mem::take(&mut self.waypoints);
        let mut result = Ok(());
        let last = waypoints.len() - 2;
        for (i, leg) in waypoints.windows(2).enumerate() {
            let leg = Leg {
                from: leg[0],
                to: leg[1],
                first: i == 0,
                last: i == last,
                query: self.serial,
            };
            result = self.refine_leg(grid, self.layout, leg, out);
            if result.is_err() {
                break;
            }
        }
        self.waypoints = waypoints;
        result
    }

    /// Appends to `out` the cells of the abstract edge `leg` (clusters cut
    /// by `layout`), without its first cell unless `out` is empty: one move
    /// across a border; the first and last legs read back from the start's
    /// and the goal's insertion (if those are still in their engines); the
    /// others from the stored paths of the abstract graph (if it is at the
    /// grid's version); else a search inside the cluster.
    pub(super) fn refine_leg(
        &mut self,
        grid: &Grid<C>,
        layout: Layout,
        leg: Leg,
        out: &mut Vec<Cell>,
    ) -> Result<(), HierarchyError<C>> {
        let (a, b) = (leg.from, leg.to);
        let skip = usize::from(!out.is_empty());
        let (ca, cb) = (layout.cluster_of(a), layout.cluster_of(b));
        if ca != cb {
            // A transition: one move across the border.
            if out.is_empty() {
                out.push(a);
            }
            out.push(b);
            return Ok(());
        }
        let rect = layout.rect(ca);
        let trees = leg.query != 0 && leg.query == self.trees && layout == self.layout;
        if trees && leg.first {
            let window = Window::new(grid, rect);
            if path_into(
                &window,
                &self.start_field.store,
                rect.local(b) as u32,
                &mut self.scratch,
            )
            .is_ok()
                && self.scratch.first() == Some(&a)
            {
                out.extend_from_slice(&self.scratch[skip..]);
                return Ok(());
            }
        } else if trees && leg.last {
            let reversed = grid.reversed();
            let window = Window::new(&reversed, rect);
            if path_into(
                &window,
                &self.fields.store,
                rect.local(a) as u32,
                &mut self.scratch,
            )
            .is_ok()
                && self.scratch.first() == Some(&b)
            {
                self.scratch.reverse();
                out.extend_from_slice(&self.scratch[skip..]);
                return Ok(());
            }
        } else if self.version == grid.version() && layout == self.layout {
            let done = if leg.first && self.cached {
                self.field_walk(grid, b, a, false, out)
            } else if leg.last && self.cached {
                self.field_walk(grid, a, b, true, out)
            } else {
                self.stored_path(grid, a, b, out)
            };
            if done {
                return Ok(());
            }
        }
        let window = Window::new(grid, rect);
        let query = Query::new(a, b, GridHeuristic::new(grid, b));
        let (status, _, _) = self.cells.run_into(&window, query, &mut self.scratch);
        self.stats.cell_expanded += self.cells.stats.expanded;
        match status {
            Status::Found { .. } => {
                out.extend_from_slice(&self.scratch[skip..]);
                Ok(())
            }
            Status::Error(e) => Err(e.into()),
            _ => Err(SearchError::StoreUnsupported {
                reason: "an abstract edge has no path in its cluster",
            }
            .into()),
        }
    }

    /// Appends a cheapest path inside the cluster between node `node` and
    /// `cell`, read down the node's kept field (a grid without terrain:
    /// moves cost the same both ways): from `cell` to `node`, or with
    /// `from_node` from `node` to `cell`. Without the first cell unless
    /// `out` is empty; `false` if `node` has no field or `cell` is not in
    /// it.
    fn field_walk(
        &mut self,
        grid: &Grid<C>,
        node: Cell,
        cell: Cell,
        from_node: bool,
        out: &mut Vec<Cell>,
    ) -> bool {
        let g = &self.graph;
        let w = grid.width() as usize;
        let n = g.node_of[node.y as usize * w + node.x as usize];
        if n == NONE {
            return false;
        }
        let rect = self.layout.rect(g.cluster[n as usize]);
        let field = &g.fields[n as usize];
        if field.len() != rect.area() || !rect.contains(cell) {
            return false;
        }
        let walk = &mut self.scratch;
        walk.clear();
        walk.push(cell);
        let mut at = cell;
        while at != node {
            let d = field[rect.local(at)];
            if d == C::max_value() || walk.len() > rect.area() {
                return false;
            }
            // A neighbour one move nearer the node along a cheapest path.
            let mut next = None;
            grid.successors(at, |m, c| {
                if next.is_none() && rect.contains(m) {
                    let dm = field[rect.local(m)];
                    if dm != C::max_value() && dm.checked_add(c) == Some(d) {
                        next = Some(m);
                    }
                }
            });
            let Some(m) = next else {
                return false;
            };
            walk.push(m);
            at = m;
        }
        if from_node {
            walk.reverse();
        }
        let skip = usize::from(!out.is_empty());
        out.extend_from_slice(&walk[skip..]);
        true
    }

    /// Appends the stored path of the intra-cluster edge `a -> b` (without
    /// `a` unless `out` is empty); `false` if there is no such edge.
    fn stored_path(&self, grid: &Grid<C>, a: Cell, b: Cell, out: &mut Vec<Cell>) -> bool {
        let g = &self.graph;
        let w = grid.width() as usize;
        let (na, nb) = (
            g.node_of[a.y as usize * w + a.x as usize],
            g.node_of[b.y as usize * w + b.x as usize],
        );
        if na == NONE || nb == NONE {
            return false;
        }
        let Some(j) = g.intra[na as usize].iter().position(|&(m, _)| m == nb) else {
            return false;
        };
        let (at, len) = g.intra_paths[na as usize][j];
        let moves = &g.moves[g.cluster[na as usize] as usize][at as usize..(at + len) as usize];
        if out.is_empty() {
            out.push(a);
        }
        let mut cell = a;
        for &code in moves {
            cell = apply_move(cell, code);
            out.push(cell);
        }
        true
    }

    /// Smooths `raw` into `path` (or copies it, with smoothing off); the
    /// path's cost.
    pub(super) fn smooth(
        &mut self,
        grid: &Grid<C>,
        raw: &[Cell],
        path: &mut Vec<Cell>,
    ) -> Result<C, HierarchyError<C>> {
        if self.options.smoothing_window == 0 || raw.len() < 3 {
            path.clear();
            path.extend_from_slice(raw);
            return grid.walk_cost(path).ok_or_else(|| {
                SearchError::CostOverflow {
                    node: raw[raw.len() - 1],
                }
                .into()
            });
        }
        match self.refiner.refine(grid, raw, path) {
            Ok(r) => {
                self.stats.cell_expanded += r.expanded;
                Ok(r.cost)
            }
            Err(_) => Err(SearchError::CostOverflow {
                node: raw[raw.len() - 1],
            }
            .into()),
        }
    }
}
