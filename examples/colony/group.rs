//! Units in groups that follow a distance field or a flow field.

use super::*;

impl<S: Store> Unit<S> {
    pub(crate) fn think_group(&mut self, ctx: &mut Ctx) {
        let g = &ctx.groups[self.group];
        self.goal = g.goal;
        let grid = &ctx.map.grid;
        let structure = self.kind.structure();
        if let Some((e, version)) = &g.error {
            if *version == grid.version() {
                ctx.report.answer(structure, ctx.frame);
                self.answer = Answer::Group {
                    at: self.at,
                    goal: g.goal,
                    cost: Err(e.clone()),
                };
            } else {
                ctx.report.refused(structure);
            }
            self.idle += 1;
            return;
        }
        if g.field.goal() != Some(g.goal) {
            // Not built for this goal yet: wait for the rebuild (patience
            // counts only frames with an answer).
            return;
        }
        let (cost, next) = if self.kind == Kind::Field {
            (
                g.field.cost(grid, self.at),
                g.field.next_step(grid, self.at),
            )
        } else {
            (g.flow.cost(grid, self.at), g.flow.next_step(grid, self.at))
        };
        match cost {
            Ok(cost) => {
                ctx.report.answer(structure, ctx.frame);
                self.answer = Answer::Group {
                    at: self.at,
                    goal: g.goal,
                    cost: Ok(cost),
                };
            }
            Err(_) => {
                // The map changed since the rebuild: wait for the next one.
                ctx.report.refused(structure);
                return;
            }
        }
        match next {
            Ok(Some(next)) => {
                self.step(next, ctx);
            }
            _ => {
                if self.at != self.goal {
                    self.idle += 1;
                }
            }
        }
    }
}
