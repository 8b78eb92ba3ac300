//! The engines of the peer comparison (`examples/compare.rs`, `benches/peers.rs`):
//! the `pathfinding` and `petgraph` crates' A* and several pathseek
//! configurations, all solving the same MovingAI scenarios.
//!
//! Every engine is a [`Contender`]: a name, a [`Family`] and a closure that solves
//! one scenario and reports its [`Answer`] (and its expansion count, when the
//! engine counts them). [`World`] holds the map in every form the engines need
//! (pathseek grids, a passability table, a `petgraph::Graph`), built once and
//! never timed.
//!
//! The peers need `Ord` costs, so they get the exact integer octile costs
//! (straight 470832, diagonal 665857, see [`pathseek::grid::EXACT_OCTILE_SCALE`])
//! in the integer type `C` ([`ExactInt`]: `u32`, or `u64` for maps whose costs
//! might not fit), with the MovingAI rule: a diagonal step needs both orthogonal
//! cells beside it passable.

use std::hash::Hash;

use crate::terrain::Terrain;
use pathseek::fringe::Fringe;
use pathseek::grid::{EXACT_OCTILE_DIAGONAL, EXACT_OCTILE_SCALE};
use pathseek::io::movingai::{MovingAiMap, Scenario};
use pathseek::jump_points::{
    BlockJumpPoints, BoundedJumps, JumpPoints, JumpPointsError, PrecomputedJumps,
};
use pathseek::open_set::{
    visit_open_sets, BinaryHeap, BucketQueue, DaryHeap, OpenSet, OpenSetVisitor,
};
use pathseek::store::{HashStore, IndexedStore};
use pathseek::FollowMap;
use pathseek::{
    AStar, Cell, ClosedSet, Connectivity, Cost, DenseIds, Graph, Grid, GridCosts, Length, Query,
    SearchResult,
};

/// An integer cost type the peers and the exact pathseek grids can use.
pub trait ExactInt:
    Cost + Ord + Hash + num_traits::Zero + petgraph::algo::Measure + From<u32> + Into<u64> + Send + Sync
{
    /// The type's name, for the table.
    const NAME: &'static str;
}

impl ExactInt for u32 {
    const NAME: &'static str = "u32";
}

impl ExactInt for u64 {
    const NAME: &'static str = "u64";
}

/// The exact integer octile costs in `C`.
pub fn exact_costs<C: ExactInt>() -> GridCosts<C> {
    GridCosts::new(
        <C as From<u32>>::from(EXACT_OCTILE_SCALE),
        <C as From<u32>>::from(EXACT_OCTILE_DIAGONAL),
    )
}

/// Whether every `f = g + h` a search on `map` can produce fits a `u32` with exact
/// octile costs, given the longest optimal length in the scenario file.
///
/// With a consistent heuristic every node pushed has `g <=` (optimal length + one
/// diagonal) and `h <=` the octile distance across the map (at most
/// `sqrt 2 * max(width, height)`); a margin of one unit covers the rest.
pub fn fits_u32(map: &MovingAiMap, scenarios: &[Scenario]) -> bool {
    let longest = scenarios.iter().map(|s| s.optimal).fold(0.0, f64::max);
    let side = f64::from(map.width().max(map.height()));
    let bound = (longest + 3.0 + 1.5 * side) * f64::from(EXACT_OCTILE_SCALE);
    bound < f64::from(u32::MAX)
}

/// A search's answer for one scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// No path.
    NoPath,
    /// A path of this exact integer octile cost (divide by the scale for a length).
    Int(u64),
    /// A path of this float length.
    Float(f64),
    /// The search failed.
    Error(String),
}

impl Answer {
    /// Whether `self` and `other` are the same cost: exact equality for two
    /// integer costs, otherwise lengths within `1e-6` relative.
    pub fn same_as(&self, other: &Answer) -> bool {
        match (self, other) {
            (Answer::NoPath, Answer::NoPath) => true,
            (Answer::Int(a), Answer::Int(b)) => a == b,
            (Answer::Error(_), _) | (_, Answer::Error(_)) => false,
            (a, b) => match (a.length(), b.length()) {
                (Some(x), Some(y)) => (x - y).abs() <= 1e-6 * x.abs().max(y.abs()),
                _ => false,
            },
        }
    }

    /// The path length in cells, if a path was found.
    pub fn length(&self) -> Option<f64> {
        match self {
            Answer::Int(c) => Some(*c as f64 / f64::from(EXACT_OCTILE_SCALE)),
            Answer::Float(x) => Some(*x),
            _ => None,
        }
    }
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::NoPath => write!(f, "no path"),
            Answer::Int(c) => write!(f, "cost {c} (length {:.9})", self.length().unwrap_or(0.0)),
            Answer::Float(x) => write!(f, "length {x:.9}"),
            Answer::Error(e) => write!(f, "error: {e}"),
        }
    }
}

/// One scenario solved by one engine.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The cost found.
    pub answer: Answer,
    /// Nodes expanded, for engines that count them (pathseek).
    pub expanded: Option<u64>,
}

/// The answer of a contender whose graph could not be built.
fn refused(e: &JumpPointsError) -> Solved {
    Solved {
        answer: Answer::Error(e.to_string()),
        expanded: None,
    }
}

/// The last part of the name of type `K` (`f64`, `Length`).
fn cost_name<K>() -> &'static str {
    let name = std::any::type_name::<K>();
    name.rsplit("::").next().unwrap_or(name)
}

/// `pathseek::astar` one-shot on `grid`: a fresh search per query.
fn one_shot<'a, K: Cost>(name: &str, family: Family, grid: &'a Grid<K>) -> Contender<'a> {
    Contender::new(name, cost_name::<K>(), family, move |sc| {
        from_pathseek(
            pathseek::astar(grid, sc.start, sc.goal, grid.heuristic(sc.goal)),
            false,
        )
    })
}

/// `pathseek::astar` one-shot over a jump point graph of `grid` (the
/// README's, `Length` costs), built once with the contender (untimed).
fn jump_one_shot<'a, K, G>(
    name: &str,
    family: Family,
    grid: &'a Grid<K>,
    graph: Result<G, JumpPointsError>,
) -> Contender<'a>
where
    K: Cost,
    G: Graph<Node = Cell, Cost = K> + 'a,
{
    Contender::new(name, cost_name::<K>(), family, move |sc| match &graph {
        Ok(g) => from_pathseek(
            pathseek::astar(g, sc.start, sc.goal, grid.heuristic(sc.goal)),
            false,
        ),
        Err(e) => refused(e),
    })
}

/// A reused engine (4-ary heap, indexed store) over a jump point graph of
/// the exact integer `grid`, built once with the contender (untimed).
fn jump_reused<'a, C, G>(
    name: &str,
    family: Family,
    grid: &'a Grid<C>,
    graph: Result<G, JumpPointsError>,
) -> Contender<'a>
where
    C: ExactInt,
    G: DenseIds<Node = Cell, Cost = C> + 'a,
{
    let mut engine = AStar::new(DaryHeap::<C, 4>::new(), IndexedStore::new());
    Contender::new(name, C::NAME, family, move |sc| match &graph {
        Ok(g) => from_pathseek(
            engine.search(g, Query::new(sc.start, sc.goal, grid.heuristic(sc.goal))),
            true,
        ),
        Err(e) => refused(e),
    })
}

/// [`jump_one_shot`] over precomputed jumps: each search runs on the tables
/// checked against `grid` ([`PrecomputedJumps::on`], a version comparison),
/// as a user's search does.
fn pre_one_shot<'a, K: Cost>(
    name: &str,
    family: Family,
    grid: &'a Grid<K>,
    tables: Result<PrecomputedJumps<K>, JumpPointsError>,
) -> Contender<'a> {
    Contender::new(name, cost_name::<K>(), family, move |sc| match &tables {
        Ok(t) => from_pathseek(
            pathseek::astar(
                &t.on(grid).expect("tables of this grid"),
                sc.start,
                sc.goal,
                grid.heuristic(sc.goal),
            ),
            false,
        ),
        Err(e) => refused(e),
    })
}

/// [`jump_reused`] over precomputed jumps checked against `grid` per search.
fn pre_reused<'a, C: ExactInt>(
    name: &str,
    family: Family,
    grid: &'a Grid<C>,
    tables: Result<PrecomputedJumps<C>, JumpPointsError>,
) -> Contender<'a> {
    let mut engine = AStar::new(DaryHeap::<C, 4>::new(), IndexedStore::new());
    Contender::new(name, C::NAME, family, move |sc| match &tables {
        Ok(t) => from_pathseek(
            engine.search(
                &t.on(grid).expect("tables of this grid"),
                Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)),
            ),
            true,
        ),
        Err(e) => refused(e),
    })
}

/// Turns a pathseek result into a [`Solved`]; `int` says whether the cost is an
/// exact integer octile cost.
fn from_pathseek<C: Cost>(r: SearchResult<Cell, C>, int: bool) -> Solved {
    let answer = if let Some(p) = r.found() {
        if int {
            // Integer costs: the exact value (an integer cost always converts).
            Answer::Int(num_traits::ToPrimitive::to_u64(&p.cost).unwrap_or(u64::MAX))
        } else {
            Answer::Float(p.cost.as_f64())
        }
    } else if let Some(e) = r.error() {
        Answer::Error(e.to_string())
    } else {
        Answer::NoPath
    };
    Solved {
        answer,
        expanded: Some(r.stats.expanded),
    }
}

/// Which kind of engine a [`Contender`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `pathfinding::directed::astar::astar`.
    Pathfinding,
    /// `petgraph::algo::astar`.
    Petgraph,
    /// `pathseek::astar` on a `Grid<f64>`, exactly as the README shows.
    PathseekDefault,
    /// Any other pathseek configuration of A* over the full grid.
    Pathseek,
    /// pathseek's A* over [`JumpPoints`] or [`BlockJumpPoints`]: the same core
    /// on a pruned graph, so it is reported beside the open-set configurations,
    /// not among them.
    PathseekJumpPoints,
    /// pathseek's A* over [`PrecomputedJumps`] (JPS+): jump point search with
    /// a preprocessing step (the jump tables, built once and not timed).
    PathseekJumpPointsPre,
    /// pathseek's A* over [`BoundedJumps`]: precomputed jumps with goal
    /// bounds (a long preprocessing step, one Dijkstra per cell, loaded from
    /// a file or built once and not timed).
    PathseekGoalBounding,
    /// pathseek's fringe search ([`Fringe`]) over the full grid.
    PathseekFringe,
    /// `pathfinding::directed::fringe::fringe`.
    PathfindingFringe,
}

/// The open sets (registry names, `pathseek::open_set::OPEN_SET_NAMES`) tried
/// as pathseek's fastest configuration by [`World::pathseek_candidates`].
pub const CANDIDATE_OPEN_SETS: &[&str] = &[
    "binary-heap",
    "dary-heap-4",
    "radix-heap",
    "hot-queue",
    "two-level",
];

/// Collects a reused-engine [`Contender`] per candidate open set on one grid.
struct Candidates<'a, 'v, C: ExactInt, K: Cost> {
    world: &'a World<C>,
    grid: &'a Grid<K>,
    int: bool,
    out: &'v mut Vec<Contender<'a>>,
}

impl<'a, C: ExactInt, K: Cost> OpenSetVisitor<K> for Candidates<'a, '_, C, K> {
    fn visit<O: OpenSet<K> + 'static>(&mut self, name: &'static str, make: &dyn Fn() -> O) {
        if CANDIDATE_OPEN_SETS.contains(&name) {
            let contender = self.world.reused(
                &format!("pathseek reused {name}"),
                self.grid,
                make(),
                IndexedStore::new(),
                self.int,
            );
            self.out.push(contender);
        }
    }
}

/// An engine under test: solves one scenario per call.
pub struct Contender<'a> {
    /// Its name in the table.
    pub name: String,
    /// Its cost type.
    pub cost: &'static str,
    /// What kind of engine it is.
    pub family: Family,
    solve: Box<dyn FnMut(&Scenario) -> Solved + 'a>,
}

impl<'a> Contender<'a> {
    pub(crate) fn new(
        name: impl Into<String>,
        cost: &'static str,
        family: Family,
        solve: impl FnMut(&Scenario) -> Solved + 'a,
    ) -> Self {
        Contender {
            name: name.into(),
            cost,
            family,
            solve: Box::new(solve),
        }
    }

    /// Solves one scenario.
    pub fn solve(&mut self, scenario: &Scenario) -> Solved {
        (self.solve)(scenario)
    }

    /// Solves every scenario, in order.
    pub fn run_file(&mut self, scenarios: &[Scenario]) -> Vec<Solved> {
        scenarios.iter().map(|s| self.solve(s)).collect()
    }
}

/// Checks that `answers` agree with `reference` scenario by scenario; the error
/// names the first scenario line (1-based, in the `.scen` file) that differs.
pub fn check_same(
    reference_name: &str,
    reference: &[Solved],
    name: &str,
    answers: &[Solved],
) -> Result<(), String> {
    if reference.len() != answers.len() {
        return Err(format!(
            "{name} answered {} scenarios, {reference_name} {}",
            answers.len(),
            reference.len()
        ));
    }
    for (i, (r, a)) in reference.iter().zip(answers).enumerate() {
        if !r.answer.same_as(&a.answer) {
            return Err(format!(
                "scenario line {}: {name} gives {}, {reference_name} gives {}",
                i + 2,
                a.answer,
                r.answer
            ));
        }
    }
    Ok(())
}

/// Octile distance with straight cost `s` and diagonal cost `d`, the heuristic a
/// `pathfinding` or `petgraph` user writes for an 8-connected grid.
#[inline]
pub(crate) fn octile<C: ExactInt>(a: (u32, u32), b: (u32, u32), s: C, d: C) -> C {
    let dx = a.0.abs_diff(b.0);
    let dy = a.1.abs_diff(b.1);
    let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
    s * <C as From<u32>>::from(hi - lo) + d * <C as From<u32>>::from(lo)
}

/// The eight moves: `(dx, dy, diagonal)`.
pub(crate) const MOVES: [(i32, i32, bool); 8] = [
    (0, -1, false),
    (1, 0, false),
    (0, 1, false),
    (-1, 0, false),
    (1, -1, true),
    (1, 1, true),
    (-1, 1, true),
    (-1, -1, true),
];

/// The map in every form the engines need, built once (untimed).
pub struct World<C> {
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// Row-major passability, `width * height`.
    pub(crate) passable: Vec<bool>,
    /// The README's grid: `GridCosts::octile()`, fixed-point `Length` costs.
    pub(crate) grid_len: Grid<Length>,
    /// Float octile costs (`GridCosts::float_octile()`).
    pub(crate) grid_f64: Grid<f64>,
    /// The small Pell integer costs (`GridCosts::<u32>::pell_octile()`, 2378 /
    /// 3363) that a `BucketQueue` needs.
    pub(crate) grid_pell: Grid<u32>,
    /// Exact integer octile costs.
    pub(crate) grid_int: Grid<C>,
    /// The terrain weights set on every grid (and priced into the petgraph
    /// edges), if any: see [`crate::terrain`].
    pub(crate) terrain: Option<Terrain>,
    /// One node per passable cell, directed edges both ways.
    petgraph: petgraph::Graph<(), C, petgraph::Directed, u32>,
    /// The petgraph node of each cell (row-major), `u32::MAX` if blocked.
    node_of: Vec<u32>,
    /// The cell of each petgraph node.
    cell_of: Vec<(u32, u32)>,
}

impl<C: ExactInt> World<C> {
    /// Builds every representation of `map`.
    pub fn new(map: &MovingAiMap) -> Self {
        Self::build(map, None).expect("no terrain to set")
    }

    /// Builds every representation of `map` with `terrain`'s weights set on
    /// every grid ([`Grid::set_terrain`]) and priced into the petgraph edges
    /// (taken from the weighted exact integer grid). Errors: a terrain of
    /// another size, or a weight the grids refuse.
    pub fn with_terrain(map: &MovingAiMap, terrain: Terrain) -> Result<Self, String> {
        Self::build(map, Some(terrain))
    }

    fn build(map: &MovingAiMap, terrain: Option<Terrain>) -> Result<Self, String> {
        let (width, height) = (map.width(), map.height());
        let costs = exact_costs::<C>();
        let mut grid_len = map.to_grid(Connectivity::Eight, GridCosts::octile());
        let mut grid_f64 = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
        let mut grid_pell = map.to_grid(Connectivity::Eight, GridCosts::<u32>::pell_octile());
        let mut grid_int = map.to_grid(Connectivity::Eight, costs);
        if let Some(t) = &terrain {
            t.apply(&mut grid_len)?;
            t.apply(&mut grid_f64)?;
            t.apply(&mut grid_pell)?;
            t.apply(&mut grid_int)?;
        }
        let mut passable = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height {
            for x in 0..width {
                passable.push(map.is_passable(x, y));
            }
        }
        let mut petgraph = petgraph::Graph::default();
        let mut node_of = vec![u32::MAX; passable.len()];
        let mut cell_of = Vec::new();
        for y in 0..height {
            for x in 0..width {
                let i = (y * width + x) as usize;
                if passable[i] {
                    node_of[i] = petgraph.add_node(()).index() as u32;
                    cell_of.push((x, y));
                }
            }
        }
        // The same moves and costs as the pathseek grid; each direction of each
        // move is its own directed edge (the reverse move adds the other one).
        for &(x, y) in &cell_of {
            let from = node_of[(y * width + x) as usize];
            grid_int.successors(Cell::new(x, y), |to, cost| {
                let to = node_of[(to.y * width + to.x) as usize];
                petgraph.add_edge(from.into(), to.into(), cost);
            });
        }
        Ok(World {
            width,
            height,
            passable,
            grid_len,
            grid_f64,
            grid_pell,
            grid_int,
            terrain,
            petgraph,
            node_of,
            cell_of,
        })
    }

    /// The largest terrain weight (one without terrain): the largest move
    /// costs this times the diagonal.
    pub(crate) fn max_weight(&self) -> u32 {
        self.terrain.as_ref().map_or(1, Terrain::max_weight)
    }

    /// `pathfinding`'s A* with successors written as a pathfinding user would: a
    /// closure over the map's passability table returning an iterator of the
    /// eight moves, filtered by bounds, passability and the no-corner-cutting
    /// rule. No allocation per expansion.
    pub fn pathfinding_closure(&self) -> Contender<'_> {
        let GridCosts { straight, diagonal } = exact_costs::<C>();
        let (w, h) = (self.width as i32, self.height as i32);
        let pass = &self.passable[..];
        let open =
            move |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h && pass[(y * w + x) as usize];
        Contender::new(
            "pathfinding (closure over tiles)",
            C::NAME,
            Family::Pathfinding,
            move |sc| {
                let goal = (sc.goal.x, sc.goal.y);
                let successors = |&(x, y): &(u32, u32)| {
                    let (x, y) = (x as i32, y as i32);
                    MOVES.iter().filter_map(move |&(dx, dy, diag)| {
                        let (nx, ny) = (x + dx, y + dy);
                        let ok = open(nx, ny) && (!diag || (open(nx, y) && open(x, ny)));
                        ok.then(|| {
                            let cost = if diag { diagonal } else { straight };
                            ((nx as u32, ny as u32), cost)
                        })
                    })
                };
                let r = pathfinding::directed::astar::astar(
                    &(sc.start.x, sc.start.y),
                    successors,
                    |&p| octile(p, goal, straight, diagonal),
                    |&p| p == goal,
                );
                Solved {
                    answer: r.map_or(Answer::NoPath, |(_, c)| Answer::Int(c.into())),
                    expanded: None,
                }
            },
        )
    }

    /// `pathfinding`'s fringe search (`pathfinding::directed::fringe::fringe`)
    /// with the successors of [`World::pathfinding_closure`] (an iterator
    /// over the eight moves, filtered by bounds, passability and corner
    /// cutting) and the same octile heuristic. Its answers carry its
    /// expansions, counted as calls of the successor function.
    pub fn pathfinding_fringe(&self) -> Contender<'_> {
        let GridCosts { straight, diagonal } = exact_costs::<C>();
        let (w, h) = (self.width as i32, self.height as i32);
        let pass = &self.passable[..];
        let open =
            move |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h && pass[(y * w + x) as usize];
        Contender::new(
            "pathfinding fringe (closure over tiles)",
            C::NAME,
            Family::PathfindingFringe,
            move |sc| {
                let goal = (sc.goal.x, sc.goal.y);
                let expanded = std::cell::Cell::new(0u64);
                let successors = |&(x, y): &(u32, u32)| {
                    expanded.set(expanded.get() + 1);
                    let (x, y) = (x as i32, y as i32);
                    MOVES.iter().filter_map(move |&(dx, dy, diag)| {
                        let (nx, ny) = (x + dx, y + dy);
                        let ok = open(nx, ny) && (!diag || (open(nx, y) && open(x, ny)));
                        ok.then(|| {
                            let cost = if diag { diagonal } else { straight };
                            ((nx as u32, ny as u32), cost)
                        })
                    })
                };
                let r = pathfinding::directed::fringe::fringe(
                    &(sc.start.x, sc.start.y),
                    successors,
                    |&p| octile(p, goal, straight, diagonal),
                    |&p| p == goal,
                );
                Solved {
                    answer: r.map_or(Answer::NoPath, |(_, c)| Answer::Int(c.into())),
                    expanded: Some(expanded.get()),
                }
            },
        )
    }

    /// pathseek's fringe search kept across queries ([`Fringe`] over an
    /// [`IndexedStore`]) on the exact integer grid: the structures of
    /// [`World::pathseek_fastest`], the open set aside.
    pub fn pathseek_fringe(&self) -> Contender<'_> {
        let grid = &self.grid_int;
        let mut fringe = Fringe::new(IndexedStore::new());
        Contender::new(
            "pathseek Fringe, reused IndexedStore",
            C::NAME,
            Family::PathseekFringe,
            move |sc| {
                let q = Query::new(sc.start, sc.goal, grid.heuristic(sc.goal));
                from_pathseek(fringe.search(grid, q), true)
            },
        )
    }

    /// [`World::pathseek_fringe`] on the README's grid (`GridCosts::octile()`,
    /// `Length` costs).
    pub fn pathseek_fringe_length(&self) -> Contender<'_> {
        let grid = &self.grid_len;
        let mut fringe = Fringe::new(IndexedStore::new());
        Contender::new(
            "pathseek Fringe, reused IndexedStore",
            cost_name::<Length>(),
            Family::PathseekFringe,
            move |sc| {
                let q = Query::new(sc.start, sc.goal, grid.heuristic(sc.goal));
                from_pathseek(fringe.search(grid, q), false)
            },
        )
    }

    /// The structures of [`World::pathseek_fastest`] (reused `DaryHeap<4>`
    /// and `IndexedStore`) on the README's grid (`Length` costs).
    pub fn pathseek_fastest_length(&self) -> Contender<'_> {
        self.reused(
            "pathseek fastest: reused DaryHeap<4>",
            &self.grid_len,
            DaryHeap::<Length, 4>::new(),
            IndexedStore::new(),
            false,
        )
    }

    /// `pathfinding`'s A* with successors taken from pathseek's
    /// [`Graph::successors`] on the exact integer grid, collected into a `Vec`.
    pub fn pathfinding_grid(&self) -> Contender<'_> {
        let GridCosts { straight, diagonal } = exact_costs::<C>();
        let grid = &self.grid_int;
        Contender::new(
            "pathfinding (Vec from Grid::successors)",
            C::NAME,
            Family::Pathfinding,
            move |sc| {
                let goal = sc.goal;
                let r = pathfinding::directed::astar::astar(
                    &sc.start,
                    |&c: &Cell| {
                        let mut v = Vec::with_capacity(8);
                        grid.successors(c, |n, k| v.push((n, k)));
                        v
                    },
                    |c: &Cell| octile((c.x, c.y), (goal.x, goal.y), straight, diagonal),
                    |&c| c == goal,
                );
                Solved {
                    answer: r.map_or(Answer::NoPath, |(_, c)| Answer::Int(c.into())),
                    expanded: None,
                }
            },
        )
    }

    /// `petgraph::algo::astar` on the prebuilt `petgraph::Graph`.
    pub fn petgraph(&self) -> Contender<'_> {
        let GridCosts { straight, diagonal } = exact_costs::<C>();
        Contender::new("petgraph (Graph)", C::NAME, Family::Petgraph, move |sc| {
            let cell = |c: Cell| self.node_of[(c.y * self.width + c.x) as usize];
            let (start, goal) = (cell(sc.start), cell(sc.goal));
            let goal_xy = (sc.goal.x, sc.goal.y);
            let r = petgraph::algo::astar(
                &self.petgraph,
                start.into(),
                |n| n.index() as u32 == goal,
                |e| *e.weight(),
                |n| octile(self.cell_of[n.index()], goal_xy, straight, diagonal),
            );
            Solved {
                answer: r.map_or(Answer::NoPath, |(c, _)| Answer::Int(c.into())),
                expanded: None,
            }
        })
    }

    /// The README's call, a fresh search per query:
    /// `pathseek::astar(&grid, start, goal, grid.heuristic(goal))` on the
    /// README's grid (`GridCosts::octile()`, `Length` costs).
    pub fn pathseek_default(&self) -> Contender<'_> {
        one_shot(
            "pathseek default: astar() one-shot",
            Family::PathseekDefault,
            &self.grid_len,
        )
    }

    /// The README's call on a float grid (`GridCosts::float_octile()`): what
    /// the default was before `Length`.
    pub fn pathseek_float_one_shot(&self) -> Contender<'_> {
        one_shot(
            "pathseek astar() one-shot, float costs",
            Family::Pathseek,
            &self.grid_f64,
        )
    }

    /// A reused engine with `open` and an indexed store over the Pell grid
    /// (2378 / 3363), answering lengths in cells (cost / 2378).
    fn pell<O: OpenSet<u32> + 'static>(&self, name: &str, open: O) -> Contender<'_> {
        let grid = &self.grid_pell;
        let straight = f64::from(grid.costs().straight);
        let mut engine = AStar::new(open, IndexedStore::new());
        Contender::new(name, "u32", Family::Pathseek, move |sc| {
            let r = engine.search(grid, Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)));
            let mut solved = from_pathseek(r, false);
            if let Answer::Float(cost) = solved.answer {
                solved.answer = Answer::Float(cost / straight);
            }
            solved
        })
    }

    /// The bucket queue on the Pell costs, and the 4-ary heap on the same
    /// grid for comparison.
    pub fn pathseek_pell(&self) -> Vec<Contender<'_>> {
        let diagonal = self.grid_pell.costs().diagonal * self.max_weight();
        vec![
            self.pell(
                "pathseek reused bucket-queue, Pell costs",
                BucketQueue::with_max_edge_cost(diagonal),
            ),
            self.pell(
                "pathseek reused dary-heap-4, Pell costs",
                DaryHeap::<u32, 4>::new(),
            ),
        ]
    }

    /// A binary heap and an indexed store kept across queries, on the
    /// README's grid.
    pub fn pathseek_default_reused(&self) -> Contender<'_> {
        self.reused(
            "pathseek default grid, reused engine",
            &self.grid_len,
            BinaryHeap::new(),
            IndexedStore::new(),
            false,
        )
    }

    /// A fresh engine per query with a hash store.
    pub fn pathseek_hash_one_shot(&self) -> Contender<'_> {
        let grid = &self.grid_f64;
        Contender::new(
            "pathseek BinaryHeap + HashStore one-shot",
            "f64",
            Family::Pathseek,
            move |sc| {
                let r = AStar::new(BinaryHeap::new(), HashStore::new())
                    .search(grid, Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)));
                from_pathseek(r, false)
            },
        )
    }

    /// The candidate fastest configurations: reused engines with an indexed
    /// store over the exact integer grid and the float grid, one per open set
    /// of [`CANDIDATE_OPEN_SETS`] (built from the library's registry).
    pub fn pathseek_candidates(&self) -> Vec<Contender<'_>> {
        let mut out = Vec::new();
        let mut int = Candidates {
            world: self,
            grid: &self.grid_int,
            int: true,
            out: &mut out,
        };
        let weight = <C as From<u32>>::from(self.max_weight());
        visit_open_sets(&mut int, exact_costs::<C>().diagonal * weight);
        let mut float = Candidates {
            world: self,
            grid: &self.grid_f64,
            int: false,
            out: &mut out,
        };
        visit_open_sets(
            &mut float,
            std::f64::consts::SQRT_2 * f64::from(self.max_weight()),
        );
        out
    }

    /// The fastest configuration by the `compare` measurements on den520d
    /// (reused engine, exact integer costs, 4-ary heap, indexed store; the
    /// binary heap and TwoLevel were within a few percent): chosen there, fixed
    /// here.
    pub fn pathseek_fastest(&self) -> Contender<'_> {
        self.reused(
            "pathseek fastest: reused DaryHeap<4>",
            &self.grid_int,
            DaryHeap::<C, 4>::new(),
            IndexedStore::new(),
            true,
        )
    }

    /// Jump point search as a user would first write it: `pathseek::astar` over
    /// [`JumpPoints`] of the README's float grid, one-shot.
    pub fn pathseek_jump_points_default(&self) -> Contender<'_> {
        jump_one_shot(
            "pathseek jump points: astar() one-shot",
            Family::PathseekJumpPoints,
            &self.grid_len,
            JumpPoints::new(&self.grid_len),
        )
    }

    /// Jump point search with the structures of [`pathseek_fastest`]: a reused
    /// engine (4-ary heap, indexed store) over [`JumpPoints`] of the exact
    /// integer grid.
    ///
    /// [`pathseek_fastest`]: World::pathseek_fastest
    pub fn pathseek_jump_points_fastest(&self) -> Contender<'_> {
        jump_reused(
            "pathseek jump points: reused DaryHeap<4>",
            Family::PathseekJumpPoints,
            &self.grid_int,
            JumpPoints::new(&self.grid_int),
        )
    }

    /// Block-based jump point search as a user would first write it:
    /// `pathseek::astar` over [`BlockJumpPoints`] of the README's float grid,
    /// one-shot. The graph (the grid's bit rows and columns, O(cells)) is built
    /// once, with the contender, like the grids: only the searches are timed.
    pub fn pathseek_block_jump_points_default(&self) -> Contender<'_> {
        jump_one_shot(
            "pathseek block jump points: astar() one-shot",
            Family::PathseekJumpPoints,
            &self.grid_len,
            BlockJumpPoints::new(&self.grid_len),
        )
    }

    /// Block-based jump point search with the structures of
    /// [`pathseek_fastest`]: a reused engine (4-ary heap, indexed store) over
    /// [`BlockJumpPoints`] of the exact integer grid, built once (untimed).
    ///
    /// [`pathseek_fastest`]: World::pathseek_fastest
    pub fn pathseek_block_jump_points_fastest(&self) -> Contender<'_> {
        jump_reused(
            "pathseek block jump points: reused DaryHeap<4>",
            Family::PathseekJumpPoints,
            &self.grid_int,
            BlockJumpPoints::new(&self.grid_int),
        )
    }

    /// Precomputed jumps (JPS+) as a user would first write them:
    /// `pathseek::astar` over [`PrecomputedJumps`] of the README's float grid,
    /// one-shot. The tables are built once, with the contender (untimed; see
    /// [`World::precomputed_build_seconds`]).
    pub fn pathseek_precomputed_jumps_default(&self) -> Contender<'_> {
        pre_one_shot(
            "pathseek precomputed jumps: astar() one-shot",
            Family::PathseekJumpPointsPre,
            &self.grid_len,
            PrecomputedJumps::new(&self.grid_len),
        )
    }

    /// Precomputed jumps (JPS+) with the structures of [`pathseek_fastest`]: a
    /// reused engine (4-ary heap, indexed store) over [`PrecomputedJumps`] of
    /// the exact integer grid, built once (untimed).
    ///
    /// [`pathseek_fastest`]: World::pathseek_fastest
    pub fn pathseek_precomputed_jumps_fastest(&self) -> Contender<'_> {
        pre_reused(
            "pathseek precomputed jumps: reused DaryHeap<4>",
            Family::PathseekJumpPointsPre,
            &self.grid_int,
            PrecomputedJumps::new(&self.grid_int),
        )
    }

    /// Goal bounding (Rabin and Sturtevant 2016) over precomputed jumps with
    /// the structures of [`pathseek_precomputed_jumps_fastest`]: a reused
    /// engine (4-ary heap, indexed store) over `bounded` (the
    /// [`BoundedJumps`] of the exact integer grid, from
    /// [`World::goal_bounds`]), checked against the grid per search.
    ///
    /// [`pathseek_precomputed_jumps_fastest`]: World::pathseek_precomputed_jumps_fastest
    pub fn pathseek_goal_bounding<'a>(&'a self, bounded: &'a BoundedJumps<C>) -> Contender<'a> {
        let mut engine = AStar::new(DaryHeap::<C, 4>::new(), IndexedStore::new());
        let grid = &self.grid_int;
        Contender::new(
            "pathseek goal bounding: reused DaryHeap<4>",
            C::NAME,
            Family::PathseekGoalBounding,
            move |sc| {
                from_pathseek(
                    engine.search(
                        &bounded.on(grid).expect("goal bounds of this grid"),
                        Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)),
                    ),
                    true,
                )
            },
        )
    }

    /// The goal bounds ([`BoundedJumps`]) of the exact integer grid: read
    /// from `cache` if it holds the table of this map (same size, costs,
    /// cost type and passability), else built on every core and, with a
    /// `cache` path, saved there. Returns the table and a line saying which
    /// (with the build time, or why the file was not used), or why the grid
    /// has none.
    pub fn goal_bounds(&self, cache: Option<&str>) -> Result<(BoundedJumps<C>, String), String> {
        let per_cell = format!(
            "{} bytes per cell of boxes (+{} for the jumps)",
            pathseek::jump_points::GoalBounds::BYTES_PER_CELL,
            PrecomputedJumps::<C>::BYTES_PER_CELL
        );
        let mut unused = String::new();
        if let Some(path) = cache {
            match std::fs::File::open(path) {
                Ok(file) => {
                    let t = std::time::Instant::now();
                    match BoundedJumps::read_from(std::io::BufReader::new(file), &self.grid_int) {
                        Ok(b) => {
                            let line = format!(
                                "goal bounds: loaded from {path} in {:.0} ms (checked against \
                                 this map), {per_cell}",
                                t.elapsed().as_secs_f64() * 1e3
                            );
                            return Ok((b, line));
                        }
                        Err(e) => unused = format!(" ({path} not used: {e})"),
                    }
                }
                Err(_) => unused = format!(" ({path} not found)"),
            }
        }
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let t = std::time::Instant::now();
        let bounded =
            BoundedJumps::with_threads(&self.grid_int, threads).map_err(|e| e.to_string())?;
        let seconds = t.elapsed().as_secs_f64();
        let mut line = format!(
            "goal bounds: built in {seconds:.1} s on {threads} threads ({} passable cells, one \
             Dijkstra each){unused}, {per_cell}",
            self.grid_int.passable_count()
        );
        if let Some(path) = cache {
            let file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
            bounded
                .write_to(std::io::BufWriter::new(file))
                .map_err(|e| format!("{path}: {e}"))?;
            line.push_str(&format!(", saved to {path}"));
        }
        Ok((bounded, line))
    }

    /// The preprocessing of the precomputed jumps on the exact integer grid:
    /// `(median seconds of a build over `runs` builds, bytes per cell, median
    /// seconds of one [`PrecomputedJumps::sync`] after one edited cell)`, the update timed over
    /// `edits` cells spread over the map (each toggled, updated, toggled back
    /// and updated again; two updates per cell), or `None` if the grid cannot
    /// be searched by jump points.
    pub fn precomputed_build_seconds(&self, runs: usize, edits: u32) -> Option<(f64, f64, f64)> {
        let mut builds = Vec::with_capacity(runs);
        let mut jps = None;
        for _ in 0..runs.max(1) {
            let t = std::time::Instant::now();
            let built = PrecomputedJumps::new(&self.grid_int).ok()?;
            builds.push(t.elapsed().as_secs_f64());
            jps = Some(built);
        }
        let mut jps = jps?;
        let cells = f64::from(self.width) * f64::from(self.height);
        let bytes = jps.heap_bytes() as f64 / cells;
        let mut grid = self.grid_int.clone();
        let mut updates = Vec::with_capacity(2 * edits as usize);
        for i in 0..edits {
            let cell = Cell::new(
                (i * 7919 + 13) % self.width,
                (i * 104729 + 29) % self.height,
            );
            for _ in 0..2 {
                let open = grid.is_passable(cell);
                grid.set_passable(cell, !open).ok()?;
                let t = std::time::Instant::now();
                jps.sync(&grid).ok()?;
                updates.push(t.elapsed().as_secs_f64());
            }
        }
        std::hint::black_box(&jps);
        Some((
            crate::common::median(&builds),
            bytes,
            crate::common::median(&updates),
        ))
    }

    /// A reused engine over `grid`; `int` says whether its costs are exact integers.
    fn reused<'a, K, O, S>(
        &'a self,
        name: &str,
        grid: &'a Grid<K>,
        open: O,
        store: S,
        int: bool,
    ) -> Contender<'a>
    where
        K: Cost,
        O: OpenSet<K> + 'a,
        S: ClosedSet<Grid<K>> + 'a,
    {
        let mut engine = AStar::new(open, store);
        let cost = if int { C::NAME } else { cost_name::<K>() };
        Contender::new(name, cost, Family::Pathseek, move |sc| {
            let r = engine.search(grid, Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)));
            from_pathseek(r, int)
        })
    }

    /// Every engine of the comparison, pathseek's default first.
    pub fn all(&self) -> Vec<Contender<'_>> {
        let mut v = vec![
            self.pathseek_default(),
            self.pathseek_default_reused(),
            self.pathseek_float_one_shot(),
            self.pathseek_hash_one_shot(),
            self.pathfinding_closure(),
            self.pathfinding_grid(),
            self.petgraph(),
        ];
        v.extend(self.pathseek_candidates());
        v.extend(self.pathseek_pell());
        v.push(self.pathseek_jump_points_default());
        v.push(self.pathseek_jump_points_fastest());
        v.push(self.pathseek_block_jump_points_default());
        v.push(self.pathseek_block_jump_points_fastest());
        v.push(self.pathseek_precomputed_jumps_default());
        v.push(self.pathseek_precomputed_jumps_fastest());
        v
    }
}
