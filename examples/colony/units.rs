//! The units: their kinds, brains and answers, and what every unit does
//! each frame (step, new goal, think).

use super::*;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Plain,
    Labelled,
    Fallback,
    Large,
    DStar,
    Hpa,
    Field,
    Flow,
    Mesh,
}

impl Kind {
    pub(crate) fn structure(self) -> Structure {
        match self {
            Kind::Plain => Structure::Astar,
            Kind::Labelled => Structure::AstarLabels,
            Kind::Fallback => Structure::AstarFallback,
            Kind::Large => Structure::Clearance,
            Kind::DStar => Structure::DStar,
            Kind::Hpa => Structure::Hpa,
            Kind::Field => Structure::Field,
            Kind::Flow => Structure::Flow,
            Kind::Mesh => Structure::Mesh,
        }
    }

    pub(crate) fn size(self) -> u32 {
        if self == Kind::Large {
            LARGE
        } else {
            1
        }
    }
}

/// Unit kinds in order, one unit each, repeated.
pub(crate) const PATTERN: [Kind; 20] = [
    Kind::Plain,
    Kind::Labelled,
    Kind::Fallback,
    Kind::Field,
    Kind::Flow,
    Kind::DStar,
    Kind::Hpa,
    Kind::Large,
    Kind::Mesh,
    Kind::Plain,
    Kind::Labelled,
    Kind::Fallback,
    Kind::Field,
    Kind::Flow,
    Kind::Plain,
    Kind::Labelled,
    Kind::Fallback,
    Kind::Field,
    Kind::Flow,
    Kind::Labelled,
];

/// A sliced A* search a unit keeps.
pub(crate) struct SearchBrain<S> {
    pub(crate) engine: Engine<S>,
    pub(crate) started: bool,
    pub(crate) restarts: u64,
}

pub(crate) struct HpaBrain {
    pub(crate) plan: Option<Plan<Length>>,
    pub(crate) version: Option<MapVersion>,
    /// The cells handed out by the plan, and where the unit is on them.
    pub(crate) stretch: Vec<Cell>,
    pub(crate) pos: usize,
    pub(crate) answer: Option<Result<Option<Length>, String>>,
}

pub(crate) enum Brain<S> {
    Search(Box<SearchBrain<S>>),
    Large(Box<SearchBrain<IndexedStore<Length>>>),
    DStar(Box<(Planner, bool)>),
    Hpa(Box<HpaBrain>),
    Group,
    #[cfg(feature = "navmesh")]
    Mesh(Box<mesh::MeshBrain>),
}

/// What a unit's structure answered this frame, for the checks.
#[derive(Clone, Debug)]
pub(crate) enum Answer {
    None,
    /// A sliced search from `from` for `goal` (the fallback's, or `wanted`).
    Search {
        from: Cell,
        goal: Cell,
        wanted: Cell,
        status: Status<Cell, Length>,
        connected: Option<bool>,
    },
    DStar {
        at: Cell,
        goal: Cell,
        status: Status<Cell, Length>,
    },
    Hpa {
        at: Cell,
        goal: Cell,
        bound: Result<Option<Length>, String>,
    },
    Group {
        at: Cell,
        goal: Cell,
        cost: Result<Option<Length>, String>,
    },
    #[cfg(feature = "navmesh")]
    Mesh {
        from: (f64, f64),
        to: Cell,
        length: Result<Option<f64>, String>,
    },
}

pub(crate) struct Unit<S> {
    pub(crate) id: usize,
    pub(crate) kind: Kind,
    pub(crate) at: Cell,
    pub(crate) goal: Cell,
    pub(crate) cursor: usize,
    pub(crate) group: usize,
    pub(crate) path: Vec<Cell>,
    pub(crate) idle: u32,
    pub(crate) rest: u32,
    pub(crate) last_check: u64,
    pub(crate) answer: Answer,
    pub(crate) brain: Brain<S>,
    pub(crate) trips: u64,
}

/// A group: one goal, one field.
pub(crate) struct Group {
    pub(crate) kind: Kind,
    pub(crate) goal: Cell,
    pub(crate) cursor: usize,
    pub(crate) field: DistanceField<Cell, Length>,
    pub(crate) flow: FlowField<Length>,
    /// The last build's error, with the map's version then.
    pub(crate) error: Option<(String, MapVersion)>,
    pub(crate) members: Vec<usize>,
}

/// Everything a unit thinks with, but the units.
pub(crate) struct Ctx<'a> {
    pub(crate) map: &'a Map,
    pub(crate) reach: Option<GridReach<'a, Length>>,
    pub(crate) clearance: &'a Clearance,
    pub(crate) known: &'a Grid<Length>,
    pub(crate) hierarchy: &'a mut Hierarchy<Length>,
    pub(crate) groups: &'a [Group],
    #[cfg(feature = "navmesh")]
    pub(crate) mesh: Option<&'a mut pathseek::navmesh::GridMesh>,
    #[cfg(feature = "navmesh")]
    pub(crate) mesh_now: bool,
    pub(crate) occ: &'a mut Occupancy,
    pub(crate) report: &'a mut Report,
    pub(crate) budget: u64,
    pub(crate) frame: u64,
    pub(crate) scen: &'a Scenarios,
    pub(crate) rng: &'a mut Lcg,
}

impl<S: Store> Unit<S> {
    /// Steps to `next`, if the step is legal on the map as it is (else
    /// counts it and stays).
    pub(crate) fn step(&mut self, next: Cell, ctx: &mut Ctx) -> bool {
        let map = ctx.map;
        let size = self.kind.size();
        let free = |x: i64, y: i64| map.free(x, y);
        if let Some(why) = step_fault(&free, map.eight, size, self.at, next) {
            ctx.report.illegal(
                self.kind.structure(),
                ctx.frame,
                format!(
                    "unit {} ({:?}) {:?} -> {next:?} (goal {:?}): {why}",
                    self.id, self.kind, self.at, self.goal
                ),
            );
            self.idle += 1;
            return false;
        }
        if next == self.at {
            self.idle += 1;
            return false;
        }
        ctx.occ.add(self.at, size, -1);
        ctx.occ.add(next, size, 1);
        self.at = next;
        self.idle = 0;
        true
    }

    /// The next goal from the scenarios; for a large unit, the cell nearest
    /// it where the unit fits.
    pub(crate) fn next_goal(&mut self, ctx: &mut Ctx) {
        self.cursor += 1;
        let mut goal = ctx.scen.goal(self.kind, self.cursor);
        if self.kind == Kind::Large {
            let clearance = ctx.clearance;
            if let Some(c) = ctx.map.grid.nearest_cell(goal, |c| {
                clearance_at(clearance, &ctx.map.grid, c) >= LARGE as u8
            }) {
                goal = c;
            }
        }
        self.goal = goal;
        self.idle = 0;
        self.forget();
    }

    pub(crate) fn forget(&mut self) {
        match &mut self.brain {
            Brain::Search(b) => b.started = false,
            Brain::Large(b) => b.started = false,
            Brain::DStar(b) => b.1 = false,
            Brain::Hpa(b) => {
                b.plan = None;
                b.version = None;
                b.stretch.clear();
                b.answer = None;
            }
            Brain::Group => {}
            #[cfg(feature = "navmesh")]
            Brain::Mesh(b) => b.forget(self.goal),
        }
        self.path.clear();
    }

    /// This frame's thinking and step.
    pub(crate) fn think(&mut self, ctx: &mut Ctx) {
        self.answer = Answer::None;
        if self.kind != Kind::Field && self.kind != Kind::Flow {
            if self.arrived() {
                if self.rest == 0 {
                    self.trips += 1;
                    self.rest = 1 + ctx.rng.next(4) as u32;
                }
                self.rest -= 1;
                if self.rest == 0 {
                    self.next_goal(ctx);
                }
                return;
            }
            if self.idle >= PATIENCE {
                self.next_goal(ctx);
            }
        }
        match self.kind {
            Kind::Plain | Kind::Labelled | Kind::Fallback | Kind::Large => self.think_search(ctx),
            Kind::DStar => self.think_dstar(ctx),
            Kind::Hpa => self.think_hpa(ctx),
            Kind::Field | Kind::Flow => self.think_group(ctx),
            Kind::Mesh => {
                #[cfg(feature = "navmesh")]
                mesh::think(self, ctx);
            }
        }
    }

    pub(crate) fn arrived(&self) -> bool {
        match &self.brain {
            #[cfg(feature = "navmesh")]
            Brain::Mesh(b) => b.arrived(),
            Brain::Search(b) if self.kind == Kind::Fallback && b.started => {
                self.at == self.goal
                    || matches!(b.engine.status(), Status::Found { .. })
                        && b.engine.goal() == Some(self.at)
            }
            _ => self.at == self.goal,
        }
    }
}
