//! Sliced A* on a living map, at the seams: `start` / `advance` and the
//! searches within component labels (`start_within` / `advance_within`),
//! with and without `fallback_to_nearest`, with and without a limit on
//! expansions, while the grid is edited between frames: cells on the path,
//! the start and the goal, bursts that outrun an edit log of one entry,
//! terrain weights from 0 to 3, the map replaced by a clone. Every answer a
//! search gives (any status but "in progress") is checked against the map
//! as it is at that moment:
//!
//! - without a limit, against an independent Dijkstra over the grid's moves
//!   (the cost, no path, a blocked start or goal) and, with the fallback,
//!   the reached cell nearest to the goal by the grid's heuristic (ties:
//!   smaller y, then x), found by a scan;
//! - with a limit, against a fresh search of the same kind on the map as it
//!   is (the documented contract: an edit the search has not seen lets it go
//!   on as a fresh search would, any other restarts it), and any path it
//!   offers is a path on the grid that costs what it says.

use crate::common::{self, Lcg};
use pathseek::components::GridComponents;
use pathseek::graph::path_cost;
use pathseek::grid::GridHeuristic;
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, SearchError, Status};
use proptest::prelude::*;

type GridQuery = Query<Cell, u32, GridHeuristic<u32>>;
type Engine = AStar<DaryHeap<u32, 4>, IndexedStore<u32>, GridQuery>;

const SIZE: u32 = 12;

/// How the search is run.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Plain,
    Within,
    Fallback,
}

/// One edit between frames.
#[derive(Clone, Debug)]
enum Edit {
    /// A cell of the path the search offers now, between its ends (its
    /// index among them, modulo their number), blocked.
    OnPath(usize),
    /// The start opened or blocked.
    Start(bool),
    /// The goal opened or blocked.
    Goal(bool),
    /// A cell opened or blocked.
    Cell(u32, u32, bool),
    /// A cell's terrain weight (0 only when the case allows it).
    Terrain(u32, u32, u32),
    /// Several cells flipped at once (past a log of one entry).
    Burst(Vec<(u32, u32)>),
    /// The map replaced by a clone of itself.
    Clone,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (0usize..64).prop_map(Edit::OnPath),
        1 => prop::bool::weighted(0.6).prop_map(Edit::Start),
        2 => prop::bool::weighted(0.6).prop_map(Edit::Goal),
        3 => (0..SIZE, 0..SIZE, any::<bool>()).prop_map(|(x, y, o)| Edit::Cell(x, y, o)),
        3 => (0..SIZE, 0..SIZE, 0u32..4).prop_map(|(x, y, w)| Edit::Terrain(x, y, w)),
        1 => prop::collection::vec((0..SIZE, 0..SIZE), 2..6).prop_map(Edit::Burst),
        1 => Just(Edit::Clone),
    ]
}

#[derive(Clone, Debug)]
struct Case {
    seed: u64,
    eight: bool,
    mode: Mode,
    limit: Option<u64>,
    /// Terrain weights may be 0 (the heuristic is then 0: admissible).
    zero_weights: bool,
    log_capacity: Option<usize>,
    start: (u32, u32),
    goal: (u32, u32),
    frames: Vec<(u64, Vec<Edit>)>,
}

fn case() -> impl Strategy<Value = Case> {
    (
        any::<u64>(),
        any::<bool>(),
        prop_oneof![Just(Mode::Plain), Just(Mode::Within), Just(Mode::Fallback)],
        prop::option::weighted(0.3, 1u64..60),
        any::<bool>(),
        prop::option::weighted(0.4, 1usize..3),
        (0..SIZE, 0..SIZE),
        (0..SIZE, 0..SIZE),
        prop::collection::vec((1u64..24, prop::collection::vec(edit(), 0..4)), 1..10),
    )
        .prop_map(
            |(seed, eight, mode, limit, zero_weights, log_capacity, start, goal, frames)| Case {
                seed,
                eight,
                mode,
                limit,
                zero_weights,
                log_capacity,
                start,
                goal,
                frames,
            },
        )
}

/// The cost of the cheapest path from `start` to every cell (row-major), by
/// a plain Dijkstra over the grid's moves.
fn distances(grid: &Grid<u32>, start: Cell) -> Vec<Option<u32>> {
    let adj = common::adjacency(grid);
    let i = grid.cell_index(start).unwrap();
    if !grid.is_passable(start) {
        return vec![None; adj.len()];
    }
    common::dijkstra(&adj, i)
}

/// What a fresh search of `mode` without a limit answers on `grid` as it
/// is, by the reference: the status and the goal searched for.
fn reference(grid: &Grid<u32>, mode: Mode, start: Cell, goal: Cell) -> (Status<Cell, u32>, Cell) {
    if !grid.is_passable(start) {
        return (
            Status::Error(SearchError::StartBlocked { node: start }),
            goal,
        );
    }
    let dist = distances(grid, start);
    let at = |c: Cell| dist[grid.cell_index(c).unwrap()];
    let found = |c: Cell| at(c).map_or(Status::NoPath, |cost| Status::Found { cost });
    match mode {
        Mode::Fallback if at(goal).is_none() => {
            let h = grid.heuristic(goal);
            let nearest = (0..SIZE * SIZE)
                .map(|i| Cell::new(i % SIZE, i / SIZE))
                .filter(|&c| at(c).is_some())
                .min_by_key(|&c| (h(c), c.y, c.x))
                .expect("the start reaches itself");
            (found(nearest), nearest)
        }
        _ if !grid.is_passable(goal) => {
            (Status::Error(SearchError::GoalBlocked { node: goal }), goal)
        }
        _ => (found(goal), goal),
    }
}

/// Advances once, the way of `mode`.
fn advance(
    search: &mut Engine,
    grid: &Grid<u32>,
    parts: &GridComponents,
    mode: Mode,
    budget: u64,
) -> Status<Cell, u32> {
    match mode {
        Mode::Plain => search.advance(grid, budget),
        _ => search.advance_within(grid, &parts.reach(grid).unwrap(), budget),
    }
}

/// Starts the way of `mode`.
fn start_as(
    search: &mut Engine,
    grid: &Grid<u32>,
    parts: &GridComponents,
    mode: Mode,
    query: GridQuery,
) -> Status<Cell, u32> {
    match mode {
        Mode::Plain => search.start(grid, query),
        _ => search.start_within(grid, &parts.reach(grid).unwrap(), query),
    }
}

/// Checks an answer of `search` against the map as it is.
fn check(
    search: &Engine,
    status: &Status<Cell, u32>,
    grid: &Grid<u32>,
    parts: &GridComponents,
    case: &Case,
    query: &GridQuery,
) -> Result<(), TestCaseError> {
    let (start, goal) = (
        Cell::new(case.start.0, case.start.1),
        Cell::new(case.goal.0, case.goal.1),
    );
    if *status == Status::InProgress {
        return Ok(());
    }
    let mut path = Vec::new();
    if let Some(cost) = search.path_into(grid, &mut path) {
        prop_assert_eq!(
            path_cost(grid, &path),
            Some(cost),
            "a path on the grid as it is"
        );
    }
    if let Status::Found { cost } | Status::Partial { cost, .. } = *status {
        prop_assert_eq!(search.path_into(grid, &mut path), Some(cost));
        prop_assert_eq!(path.first(), Some(&start));
    }
    if case.limit.is_some() {
        let mut fresh = Engine::new(DaryHeap::new(), IndexedStore::new());
        let r = match case.mode {
            Mode::Plain => fresh.search(grid, query.clone()),
            _ => fresh.search_within(grid, &parts.reach(grid).unwrap(), query.clone()),
        };
        let want = match r.outcome {
            pathseek::Outcome::Found(p) => Status::Found { cost: p.cost },
            pathseek::Outcome::Partial { path, limit } => Status::Partial {
                limit,
                cost: path.cost,
            },
            pathseek::Outcome::NoPath => Status::NoPath,
            pathseek::Outcome::Error(e) => Status::Error(e),
            other => panic!("{other:?}"),
        };
        prop_assert_eq!(status, &want, "as a fresh search with the limit");
        prop_assert_eq!(search.goal(), fresh.goal());
        if let Status::Found { .. } = want {
            prop_assert_eq!(&want, &reference(grid, case.mode, start, goal).0);
        }
        return Ok(());
    }
    let (want, to) = reference(grid, case.mode, start, goal);
    prop_assert_eq!(status, &want, "as the reference on the map as it is");
    if let Status::Found { .. } = want {
        prop_assert_eq!(search.goal(), Some(to));
        prop_assert_eq!(path.last(), Some(&to));
    }
    Ok(())
}

fn run(case: Case) -> Result<(), TestCaseError> {
    let mut rng = Lcg(case.seed);
    let connectivity = if case.eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let (start, goal) = (
        Cell::new(case.start.0, case.start.1),
        Cell::new(case.goal.0, case.goal.1),
    );
    let mut grid = Grid::from_fn(SIZE, SIZE, connectivity, GridCosts::new(2u32, 3), |c| {
        c == start || c == goal || rng.next(100) >= 25
    })
    .unwrap();
    if let Some(capacity) = case.log_capacity {
        grid.set_edit_log_capacity(capacity);
    }
    // An admissible heuristic for every weight the case may set: scaled by
    // the smallest (1, or 0).
    let mut model = grid.clone();
    if case.zero_weights {
        model.set_terrain(goal, 0).unwrap();
    }
    let mut query = Query::new(start, goal, GridHeuristic::new(&model, goal));
    if case.mode == Mode::Fallback {
        query = query.fallback_to_nearest();
    }
    if let Some(n) = case.limit {
        query = query.max_expansions(n);
    }
    let mut parts = GridComponents::new(&grid);
    let mut search = Engine::new(DaryHeap::new(), IndexedStore::new());
    let status = start_as(&mut search, &grid, &parts, case.mode, query.clone());
    check(&search, &status, &grid, &parts, &case, &query)?;
    let weight = |w: u32| if case.zero_weights { w } else { w.max(1) };
    for (budget, edits) in &case.frames {
        let status = advance(&mut search, &grid, &parts, case.mode, *budget);
        check(&search, &status, &grid, &parts, &case, &query)?;
        for e in edits {
            match e {
                Edit::OnPath(i) => {
                    let mut path = Vec::new();
                    search.path_into(&grid, &mut path);
                    // Between its ends (the ends have edits of their own).
                    if path.len() > 2 {
                        let cell = path[1 + i % (path.len() - 2)];
                        parts.block(&mut grid, cell).unwrap();
                    }
                }
                Edit::Start(open) => parts.set_passable(&mut grid, start, *open).unwrap(),
                Edit::Goal(open) => parts.set_passable(&mut grid, goal, *open).unwrap(),
                Edit::Cell(x, y, open) => parts
                    .set_passable(&mut grid, Cell::new(*x, *y), *open)
                    .unwrap(),
                Edit::Terrain(x, y, w) => grid.set_terrain(Cell::new(*x, *y), weight(*w)).unwrap(),
                Edit::Burst(cells) => {
                    for &(x, y) in cells {
                        let c = Cell::new(x, y);
                        let open = !grid.is_passable(c);
                        parts.set_passable(&mut grid, c, open).unwrap();
                    }
                }
                Edit::Clone => grid = grid.clone(),
            }
        }
    }
    // Run out on the map as it ends: the last answer.
    let mut status = Status::InProgress;
    for _ in 0..10_000 {
        status = advance(&mut search, &grid, &parts, case.mode, 64);
        if status != Status::InProgress {
            break;
        }
    }
    prop_assert_ne!(&status, &Status::InProgress, "the search ends");
    check(&search, &status, &grid, &parts, &case, &query)?;
    Ok(())
}

proptest! {
    // Cheap cases (a 12 x 12 grid): 512 in the default tier, 2,048 deep.
    #![proptest_config(ProptestConfig {
        cases: common::tier_cases(2048),
        ..common::config(regressions_file!("sliced_seams"))
    })]

    #[test]
    fn sliced_searches_answer_for_the_map_as_it_is(case in case()) {
        run(case)?;
    }
}
