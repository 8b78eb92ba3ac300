//! HPA* units on long trips.

use super::*;

impl<S: Store> Unit<S> {
    pub(crate) fn think_hpa(&mut self, ctx: &mut Ctx) {
        let Brain::Hpa(b) = &mut self.brain else {
            return;
        };
        let map = ctx.map;
        let grid = &map.grid;
        let free = |x: i64, y: i64| map.free(x, y);
        if b.version != Some(grid.version()) || b.plan.is_none() && b.answer.is_none() {
            // Planned again from where the unit stands: the map changed.
            b.stretch.clear();
            b.pos = 0;
            b.version = Some(grid.version());
            match ctx.hierarchy.plan(grid, self.at, self.goal) {
                Ok(Some(plan)) => {
                    b.answer = Some(Ok(Some(plan.cost_bound())));
                    b.plan = Some(plan);
                }
                Ok(None) => {
                    b.answer = Some(Ok(None));
                    b.plan = None;
                }
                Err(e) => {
                    b.answer = Some(Err(e.to_string()));
                    b.plan = None;
                }
            }
        }
        if let Some(answer) = &b.answer {
            ctx.report.answer(Structure::Hpa, ctx.frame);
            self.answer = Answer::Hpa {
                at: self.at,
                goal: self.goal,
                bound: answer.clone(),
            };
        }
        // More cells from the plan when the unit has walked those it has.
        if let Some(plan) = &mut b.plan {
            while b.pos + 1 >= b.stretch.len() && !plan.is_done() {
                let before = b.stretch.len();
                match plan.next_stretch(ctx.hierarchy, grid, &mut b.stretch) {
                    Ok(_) => {
                        if b.stretch.len() == before {
                            break;
                        }
                        if before == 0 && b.stretch.first() != Some(&self.at) {
                            ctx.report.stale(
                                Structure::Hpa,
                                ctx.frame,
                                format!(
                                    "unit {}: plan {:?} -> {:?}: the first stretch starts at {:?}",
                                    self.id,
                                    self.at,
                                    self.goal,
                                    b.stretch.first()
                                ),
                            );
                        }
                        let from = before.saturating_sub(1);
                        if let Err(why) = path_fault(&free, map.eight, 1, &b.stretch[from..]) {
                            ctx.report.stale(
                                Structure::Hpa,
                                ctx.frame,
                                format!(
                                    "unit {}: plan {:?} -> {:?}, stretch {from}.. illegal: {why}",
                                    self.id, self.at, self.goal
                                ),
                            );
                            b.plan = None;
                            b.stretch.clear();
                            break;
                        }
                    }
                    Err(e) => {
                        ctx.report.stale(
                            Structure::Hpa,
                            ctx.frame,
                            format!("unit {}: next_stretch on the plan's own map: {e}", self.id),
                        );
                        b.plan = None;
                        b.stretch.clear();
                        break;
                    }
                }
            }
        }
        if b.pos + 1 < b.stretch.len() && b.stretch[b.pos] == self.at {
            let next = b.stretch[b.pos + 1];
            if self.step(next, ctx)
                && let Brain::Hpa(b) = &mut self.brain
            {
                b.pos += 1;
            }
        } else {
            self.idle += 1;
        }
    }
}
