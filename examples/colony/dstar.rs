//! D* Lite scouts in unknown terrain.

use super::*;

impl<S: Store> Unit<S> {
    pub(crate) fn think_dstar(&mut self, ctx: &mut Ctx) {
        let Brain::DStar(b) = &mut self.brain else {
            return;
        };
        let (planner, started) = &mut **b;
        let known = ctx.known;
        if !*started {
            if let Err(e) = planner.start(known, self.at, self.goal) {
                ctx.report.answer(Structure::DStar, ctx.frame);
                self.answer = Answer::DStar {
                    at: self.at,
                    goal: self.goal,
                    status: Status::Error(e),
                };
                self.idle += 1;
                return;
            }
            *started = true;
        }
        let status = planner.compute(known);
        if status.is_finished() {
            ctx.report.answer(Structure::DStar, ctx.frame);
            self.answer = Answer::DStar {
                at: self.at,
                goal: self.goal,
                status: status.clone(),
            };
        }
        match status {
            Status::Found { cost } => {
                let pc = planner.path_into(known, &mut self.path);
                let free = |x: i64, y: i64| {
                    x >= 0
                        && y >= 0
                        && x < i64::from(known.width())
                        && y < i64::from(known.height())
                        && known.is_passable(Cell::new(x as u32, y as u32))
                };
                let sum = path_fault(&free, ctx.map.eight, 1, &self.path);
                let ok = pc == Some(cost)
                    && matches!(sum, Ok(s) if s == cost)
                    && self.path.first() == Some(&self.at)
                    && self.path.last() == Some(&self.goal);
                if !ok {
                    ctx.report.stale(
                        Structure::DStar,
                        ctx.frame,
                        format!(
                            "unit {}: compute says Found {{ cost: {cost:?} }} {:?} -> {:?}, path_into gives {pc:?} ({} cells), by the rules {sum:?}",
                            self.id,
                            self.at,
                            self.goal,
                            self.path.len()
                        ),
                    );
                    *started = false;
                    self.idle += 1;
                    return;
                }
                // A path of one cell: the unit stands on its goal already.
                let Some(&next) = self.path.get(1) else {
                    *started = false;
                    self.idle += 1;
                    return;
                };
                if self.step(next, ctx) {
                    let Brain::DStar(b) = &mut self.brain else {
                        return;
                    };
                    if b.0.move_to(known, next).is_err() {
                        b.1 = false;
                    }
                }
            }
            Status::Error(_) => {
                *started = false;
                self.idle += 1;
            }
            _ => self.idle += 1,
        }
    }
}
