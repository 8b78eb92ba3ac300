//! The random-grid property of `tests/maps/prop_grids.rs` (A* on random `Grid`s
//! against a reference Dijkstra; the checks are listed there), callable for
//! any open sets and stores: [`property`] runs the cases and hands each
//! prepared case to a function that picks the engines
//! ([`check_every_pair`](super::check_every_pair),
//! [`check_with_store`](super::check_with_store),
//! [`check_with_open_set`](super::check_with_open_set)).

use pathseek::{
    AStar, Cell, ClosedSet, Connectivity, Cost, Grid, GridCosts, OpenSet, Outcome, SearchError,
};

/// The heuristics one engine runs for a case (the grid's own, tables, zero),
/// as one type.
type DynH<'a, C> = Box<dyn Fn(Cell) -> C + 'a>;
use proptest::prelude::*;
use proptest::sample::Index;

use super::{Adjacency, HKind, PairCheck};

/// Move costs and terrain weights for a cost type.
pub trait GridCost: Cost {
    /// Move cost choices `(straight, diagonal)`.
    fn costs() -> Vec<GridCosts<Self>>;
    /// Terrain weight choices.
    fn weights() -> Vec<Self>;
}

impl GridCost for u32 {
    fn costs() -> Vec<GridCosts<u32>> {
        vec![
            GridCosts::<u32>::exact_octile(),
            GridCosts::new(10, 14),
            GridCosts::new(1, 1),
            GridCosts::new(2, 3),
            GridCosts::new(2, 5), // diagonal dearer than two straight steps
            GridCosts::new(5, 3), // diagonal cheaper than straight
        ]
    }
    fn weights() -> Vec<u32> {
        vec![1, 1, 2, 3]
    }
}

impl GridCost for u64 {
    fn costs() -> Vec<GridCosts<u64>> {
        vec![
            GridCosts::<u64>::exact_octile(),
            GridCosts::new(10, 14),
            GridCosts::new(1, 1),
        ]
    }
    fn weights() -> Vec<u64> {
        vec![1, 2, 3, 7]
    }
}

impl GridCost for f64 {
    fn costs() -> Vec<GridCosts<f64>> {
        vec![
            GridCosts::float_octile(),
            GridCosts::new(1.0, 1.0),
            GridCosts::new(1.0, 1.5),
            GridCosts::new(0.3, 0.5),
        ]
    }
    fn weights() -> Vec<f64> {
        vec![1.0, 0.5, 1.5, 2.25, 3.0]
    }
}

impl GridCost for pathseek::Length {
    fn costs() -> Vec<GridCosts<pathseek::Length>> {
        let cells = |c: f64| pathseek::Length::from_f64(c).unwrap();
        vec![
            GridCosts::octile(),
            GridCosts::new(cells(1.0), cells(1.0)),
            GridCosts::new(cells(1.0), cells(1.5)),
            GridCosts::new(cells(0.3), cells(0.5)),
        ]
    }
    fn weights() -> Vec<pathseek::Length> {
        [1.0, 0.5, 1.5, 2.25, 3.0]
            .into_iter()
            .map(|w| pathseek::Length::from_f64(w).unwrap())
            .collect()
    }
}

impl GridCost for f32 {
    fn costs() -> Vec<GridCosts<f32>> {
        vec![
            GridCosts::new(1.0, core::f32::consts::SQRT_2),
            GridCosts::new(1.0, 1.0),
            GridCosts::new(0.5, 0.75),
        ]
    }
    fn weights() -> Vec<f32> {
        vec![1.0, 0.5, 1.5, 2.0, 3.0]
    }
}

#[derive(Clone, Debug)]
pub struct GridCase {
    width: u32,
    height: u32,
    eight: bool,
    costs: usize,
    blocked: Vec<bool>,
    /// Terrain weight choice per cell, if terrain is set.
    terrain: Option<Vec<usize>>,
    /// `(start, goal)` as indices into the passable cells; `same` makes goal = start.
    queries: Vec<(Index, Index, bool)>,
    seed: u64,
}

pub fn grid_case() -> impl Strategy<Value = GridCase> {
    (
        1u32..=20,
        1u32..=20,
        any::<bool>(),
        0usize..8,
        prop_oneof![Just(0.0), Just(0.1), Just(0.25), Just(0.4)],
    )
        .prop_flat_map(|(width, height, eight, costs, density)| {
            let cells = (width * height) as usize;
            (
                Just((width, height, eight, costs)),
                prop::collection::vec(prop::bool::weighted(density), cells),
                prop::option::weighted(0.4, prop::collection::vec(0usize..8, cells)),
                prop::collection::vec(
                    (any::<Index>(), any::<Index>(), prop::bool::weighted(0.1)),
                    1..=3,
                ),
                any::<u64>(),
            )
        })
        .prop_map(
            |((width, height, eight, costs), blocked, terrain, queries, seed)| GridCase {
                width,
                height,
                eight,
                costs,
                blocked,
                terrain,
                queries,
                seed,
            },
        )
}

/// A heuristic: the grid's own, or a table from exact distances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Heuristic {
    Grid,
    Table(HKind),
}

pub struct Query<C> {
    pub start: Cell,
    pub goal: Cell,
    pub optimum: Option<C>,
    /// Tables for `HKind::ALL`, by cell index.
    pub tables: Vec<(HKind, Vec<C>)>,
}

pub struct Prepared<C> {
    pub grid: Grid<C>,
    pub adj: Adjacency<C>,
    pub queries: Vec<Query<C>>,
    /// No obstacles and no terrain: the grid heuristic is exact (for costs with
    /// straight <= diagonal <= 2 straight).
    pub grid_h_exact: bool,
    pub max_edge: C,
    pub blocked_cell: Option<Cell>,
    pub other: Grid<C>,
}

pub fn prepare<C: GridCost>(case: &GridCase) -> Prepared<C> {
    let all_costs = C::costs();
    let costs = all_costs[case.costs % all_costs.len()];
    let conn = if case.eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let w = case.width;
    let mut grid = Grid::from_fn(w, case.height, conn, costs, |c| {
        !case.blocked[(c.y * w + c.x) as usize]
    })
    .unwrap();
    let weights = C::weights();
    if let Some(t) = &case.terrain {
        for (i, &k) in t.iter().enumerate() {
            let cell = Cell::new(i as u32 % w, i as u32 / w);
            grid.set_terrain(cell, weights[k % weights.len()]).unwrap();
        }
    }
    let adj = super::adjacency(&grid);
    let rev = super::reversed(&adj);
    let cell = |i: usize| Cell::new(i as u32 % w, i as u32 / w);
    let passable: Vec<usize> = (0..adj.len()).filter(|&i| !case.blocked[i]).collect();
    let queries = if passable.is_empty() {
        Vec::new()
    } else {
        case.queries
            .iter()
            .enumerate()
            .map(|(k, (s, g, same))| {
                let s = passable[s.index(passable.len())];
                let g = if *same {
                    s
                } else {
                    passable[g.index(passable.len())]
                };
                let dist = super::dijkstra(&rev, g);
                let tables = HKind::ALL
                    .iter()
                    .map(|&kind| {
                        (
                            kind,
                            super::heuristic_table(&dist, kind, case.seed + k as u64),
                        )
                    })
                    .collect();
                Query {
                    start: cell(s),
                    goal: cell(g),
                    optimum: dist[s],
                    tables,
                }
            })
            .collect()
    };
    let mut max_edge = C::zero();
    for out in &adj {
        for &(_, c) in out {
            if c > max_edge {
                max_edge = c;
            }
        }
    }
    let (s, d) = (costs.straight, costs.diagonal);
    let usual = s <= d && d <= s + s;
    let other_conn = if case.eight {
        Connectivity::Four
    } else {
        Connectivity::Eight
    };
    Prepared {
        grid_h_exact: case.terrain.is_none()
            && passable.len() == adj.len()
            && (usual || !case.eight),
        blocked_cell: (0..adj.len()).find(|&i| case.blocked[i]).map(cell),
        other: Grid::new(case.height + 3, 2, other_conn, costs).unwrap(),
        grid,
        adj,
        queries,
        max_edge,
    }
}

pub fn check_result<C: GridCost>(
    p: &Prepared<C>,
    q: &Query<C>,
    heuristic: Heuristic,
    r: &pathseek::SearchResult<Cell, C>,
    label: &str,
) {
    let consistent = match heuristic {
        Heuristic::Grid => true,
        Heuristic::Table(k) => k.consistent(),
    };
    let s = &r.stats;
    if super::is_integer::<C>() && consistent {
        assert_eq!(
            s.reopened, 0,
            "{label}: reopened with a consistent heuristic"
        );
        assert!(
            s.expanded as usize <= s.stored,
            "{label}: a cell expanded twice with a consistent heuristic: {s:?}"
        );
    }
    check_outcome(p, q, heuristic, r, label);
    let exact = match heuristic {
        Heuristic::Grid => p.grid_h_exact,
        Heuristic::Table(k) => k == HKind::Exact,
    };
    if let Outcome::Found(path) = &r.outcome
        && super::is_integer::<C>()
        && exact
    {
        // All grid moves cost at least 1 here: with an exact heuristic and
        // ties to the larger g, the search expands exactly the path.
        assert_eq!(
            s.expanded as usize,
            path.nodes.len() - 1,
            "{label}: exact heuristic expanded cells off the path ({s:?})"
        );
    }
}

/// The checks of [`check_result`] that hold for any optimal search, A* or
/// fringe search (which may expand a cell twice under a consistent
/// heuristic, and breaks ties otherwise): the counters' bounds, the outcome
/// against Dijkstra, the path, and start == goal.
pub fn check_outcome<C: GridCost>(
    p: &Prepared<C>,
    q: &Query<C>,
    heuristic: Heuristic,
    r: &pathseek::SearchResult<Cell, C>,
    label: &str,
) {
    let tol = super::tolerance::<C>();
    let admissible = match heuristic {
        Heuristic::Grid => true,
        Heuristic::Table(k) => k.admissible(),
    };
    let s = &r.stats;
    let cells = p.adj.len();
    assert!(s.expanded <= s.pushed, "{label}: expanded > pushed: {s:?}");
    assert!(s.reopened <= s.pushed, "{label}: reopened > pushed: {s:?}");
    assert!(s.stored <= cells, "{label}: stored > cells: {s:?}");
    assert!(s.max_open >= 1, "{label}: largest open set 0: {s:?}");
    if heuristic == Heuristic::Table(HKind::RandomFraction) {
        super::count_reopened(s.reopened);
    }
    let index = |c: &Cell| (c.y * p.grid.width() + c.x) as usize;
    match (&r.outcome, q.optimum) {
        (Outcome::Found(path), Some(opt)) => {
            let nodes: Vec<usize> = path.nodes.iter().map(index).collect();
            let sum = super::path_cost(&p.adj, &nodes, index(&q.start), index(&q.goal))
                .unwrap_or_else(|e| panic!("{label}: {e}"));
            assert!(
                path.cost == sum,
                "{label}: reported cost {:?} but the path's moves sum to {sum:?} (path {:?})",
                path.cost,
                path.nodes
            );
            if admissible {
                assert!(
                    super::close(path.cost, opt, tol),
                    "{label}: cost {:?} but the optimum is {opt:?}",
                    path.cost
                );
            } else {
                assert!(
                    path.cost >= opt || super::close(path.cost, opt, tol),
                    "{label}: cost {:?} below the optimum {opt:?}",
                    path.cost
                );
            }
            if q.start == q.goal {
                assert_eq!(path.nodes, vec![q.start], "{label}: start == goal");
                assert_eq!(s.expanded, 0, "{label}: start == goal expands nothing");
            }
        }
        (Outcome::NoPath, None) => {}
        (outcome, opt) => panic!("{label}: outcome {outcome:?} but Dijkstra says {opt:?}"),
    }
}

pub fn check_pair<C, O, S>(
    p: &Prepared<C>,
    label: &str,
    make_open: &dyn Fn() -> O,
    make_store: &dyn Fn() -> S,
) where
    C: GridCost,
    O: OpenSet<C>,
    S: ClosedSet<Grid<C>>,
{
    let mut engine = AStar::new(make_open(), make_store());
    let w = p.grid.width();
    let mut first = None;
    for q in &p.queries {
        let grid_h = p.grid.heuristic(q.goal);
        let run = |heuristic: Heuristic, engine: &mut AStar<O, S, _>| {
            let table = match heuristic {
                Heuristic::Grid => None,
                Heuristic::Table(k) => q.tables.iter().find(|t| t.0 == k).map(|t| &t.1),
            };
            let h = move |c: Cell| match table {
                Some(t) => t[(c.y * w + c.x) as usize],
                None => grid_h(c),
            };
            engine.search(
                &p.grid,
                pathseek::Query::new(q.start, q.goal, Box::new(h) as DynH<C>),
            )
        };
        let heuristics = std::iter::once(Heuristic::Grid).chain(HKind::ALL.map(Heuristic::Table));
        for heuristic in heuristics {
            let label = format!("{label}, {heuristic:?}, {:?} -> {:?}", q.start, q.goal);
            let reused = run(heuristic, &mut engine);
            let fresh = run(heuristic, &mut AStar::new(make_open(), make_store()));
            assert_eq!(
                reused, fresh,
                "{label}: reused engine differs from a fresh one"
            );
            check_result(p, q, heuristic, &fresh, &label);
            if first.is_none() {
                first = Some((fresh, q.start, q.goal));
            }
        }
    }
    if let Some(b) = p.blocked_cell {
        let open = p.queries.first().map_or(b, |q| q.start);
        let h = || -> DynH<C> { Box::new(|_| C::zero()) };
        let r = engine.search(&p.grid, pathseek::Query::new(b, open, h()));
        if open != b {
            assert_eq!(
                r.error(),
                Some(&SearchError::StartBlocked { node: b }),
                "{label}"
            );
        }
        let r = engine.search(&p.grid, pathseek::Query::new(open, b, h()));
        // The starts are checked before the goal.
        let expected = if open == b {
            SearchError::StartBlocked { node: b }
        } else {
            SearchError::GoalBlocked { node: b }
        };
        assert_eq!(r.error(), Some(&expected), "{label}");
    }
    let outside = Cell::new(w, 0);
    // Start and goal both outside: the start is checked first.
    let r = engine.search(
        &p.grid,
        pathseek::Query::new(outside, outside, Box::new(|_| C::zero()) as DynH<C>),
    );
    assert_eq!(
        r.error(),
        Some(&SearchError::StartBlocked { node: outside }),
        "{label}"
    );
    // A different grid, then the first query again (grid heuristic).
    let goal = Cell::new(p.other.width() - 1, 1);
    let h = p.other.heuristic(goal);
    let reused = engine.search(
        &p.other,
        pathseek::Query::new(Cell::new(0, 0), goal, Box::new(h) as DynH<C>),
    );
    let fresh = AStar::new(make_open(), make_store())
        .search(&p.other, pathseek::Query::new(Cell::new(0, 0), goal, h));
    assert_eq!(reused, fresh, "{label}: other grid");
    if let Some((want, start, goal)) = first {
        let again = engine.search(
            &p.grid,
            pathseek::Query::new(start, goal, Box::new(p.grid.heuristic(goal)) as DynH<C>),
        );
        assert_eq!(
            again, want,
            "{label}: first query repeated on the reused engine"
        );
    }
}

impl<C: GridCost> PairCheck for Prepared<C> {
    type G = Grid<C>;
    fn max_edge(&self) -> C {
        self.max_edge
    }
    fn check<O, S>(&self, label: &str, make_open: &dyn Fn() -> O, make_store: &dyn Fn() -> S)
    where
        O: OpenSet<C>,
        S: ClosedSet<Grid<C>>,
    {
        check_pair(self, label, make_open, make_store)
    }
}

/// Runs the property for cost type `C` with `cases` cases (`regressions` from
/// `regressions_file!`); `engines` checks the engines of one prepared case.
/// Returns the reopenings seen under the inconsistent heuristic.
pub fn property<C: GridCost>(
    name: &str,
    regressions: &'static str,
    cases: u32,
    engines: impl Fn(&Prepared<C>),
) -> u64 {
    super::run_property_counting_reopened(name, regressions, cases, grid_case(), |case| {
        engines(&prepare::<C>(&case))
    })
}
