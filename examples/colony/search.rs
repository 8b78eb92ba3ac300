//! Units that search with A* (plain, within labels, with fallback, large on
//! the clearance map): sliced under the frame's budget.

use super::*;

impl<S: Store> Unit<S> {
    pub(crate) fn think_search(&mut self, ctx: &mut Ctx) {
        let map = ctx.map;
        // The brain is taken out while it thinks, so that it and the unit
        // are borrowed apart.
        let mut brain = std::mem::replace(&mut self.brain, Brain::Group);
        match &mut brain {
            Brain::Search(b) => {
                let labelled = matches!(self.kind, Kind::Labelled | Kind::Fallback);
                let reach = if labelled { ctx.reach } else { None };
                if labelled && reach.is_none() {
                    ctx.report.stale(
                        Structure::Components,
                        ctx.frame,
                        "the labels refused the grid (reach)".into(),
                    );
                }
                self.drive(b, &map.grid, reach, ctx);
            }
            Brain::Large(b) => match ctx.clearance.unit(&map.grid, LARGE as u8) {
                Ok(unit_graph) => self.drive(b, &unit_graph, None, ctx),
                Err(e) => ctx.report.stale(
                    Structure::Clearance,
                    ctx.frame,
                    format!("clearance.unit refused after update: {e}"),
                ),
            },
            _ => {}
        }
        self.brain = brain;
    }

    /// A sliced search on `graph` (the grid, or a large unit's graph),
    /// within the labels `reach` if given: started from where the unit
    /// stands, advanced by a slice of the frame's budget, its path walked.
    pub(crate) fn drive<G, T>(
        &mut self,
        b: &mut SearchBrain<T>,
        graph: &G,
        reach: Option<GridReach<'_, Length>>,
        ctx: &mut Ctx,
    ) where
        G: Graph<Node = Cell, Cost = Length>,
        T: ClosedSet<G>,
    {
        let map = ctx.map;
        let grid = &map.grid;
        let structure = self.kind.structure();
        let reach = reach.as_ref();
        if !b.started {
            let mut query = Query::new(self.at, self.goal, GridHeuristic::new(grid, self.goal));
            if self.kind == Kind::Fallback {
                query = query.fallback_to_nearest();
            }
            if let Some(reach) = reach {
                b.engine.start_within(graph, reach, query);
            } else {
                b.engine.start(graph, query);
            }
            b.started = true;
            b.restarts = 0;
        }
        // A slice of the frame's budget while the search runs.
        let running = b.engine.status() == Status::InProgress;
        let slice = if running { ctx.budget.min(SLICE) } else { 0 };
        let expanded = b.engine.stats().expanded;
        let status = match reach {
            Some(reach) => b.engine.advance_within(graph, reach, slice),
            None => b.engine.advance(graph, slice),
        };
        let spent = if status == Status::InProgress {
            slice
        } else {
            b.engine
                .stats()
                .expanded
                .saturating_sub(expanded)
                .min(slice)
        };
        ctx.budget = ctx.budget.saturating_sub(spent);
        let restarts = b.engine.stats().restarts;
        if restarts > b.restarts && !status.is_finished() {
            // The map changed under the search and it started again from
            // where the unit was; start from where it is now.
            b.started = false;
            self.idle += 1;
            return;
        }
        b.restarts = restarts;
        let Some(query) = b.engine.query() else {
            return;
        };
        let from = query.starts().first().map_or(self.at, |s| s.0);
        let goal = b.engine.goal().unwrap_or(self.goal);
        if status.is_finished() {
            ctx.report.answer(structure, ctx.frame);
            // The labels are asked too, as a game asks before searching.
            let connected = reach.map(|_| labels_connected(&map.parts, grid, from, self.goal));
            if connected.is_some() {
                ctx.report.answer(Structure::Components, ctx.frame);
            }
            self.answer = Answer::Search {
                from,
                goal,
                wanted: self.goal,
                status: status.clone(),
                connected,
            };
        }
        // The path offered now (to the goal, or to the best node so far).
        let cost = b.engine.path_into(graph, &mut self.path);
        if let Some(cost) = cost {
            let free = |x: i64, y: i64| map.free(x, y);
            match path_fault(&free, map.eight, self.kind.size(), &self.path) {
                Ok(sum) if sum == cost && self.path.first() == Some(&from) => {}
                other => ctx.report.stale(
                    structure,
                    ctx.frame,
                    format!(
                        "unit {}: path_into {from:?} -> {goal:?} (status {status:?}) says cost {cost:?}, by the rules: {other:?}",
                        self.id
                    ),
                ),
            }
            if matches!(status, Status::Found { .. }) && self.path.last() != Some(&goal) {
                ctx.report.stale(
                    structure,
                    ctx.frame,
                    format!(
                        "unit {}: found path ends at {:?}, not {goal:?}",
                        self.id,
                        self.path.last()
                    ),
                );
            }
        }
        match status {
            Status::Found { .. } | Status::InProgress => {
                match self.path.iter().position(|&c| c == self.at) {
                    Some(k) if k + 1 < self.path.len() => {
                        let next = self.path[k + 1];
                        self.step(next, ctx);
                    }
                    _ => {
                        self.idle += 1;
                        // Found, but not from here (restarted from an older
                        // cell): ask again from here.
                        if status != Status::InProgress {
                            b.started = false;
                        }
                    }
                }
            }
            Status::Error(SearchError::StartBlocked { .. }) => {
                // The cell the search started from is built over: ask again.
                b.started = false;
                self.idle += 1;
            }
            // No path, or the goal blocked: wait for the map to change (the
            // search follows it), or give up after a while.
            _ => self.idle += 1,
        }
    }
}
