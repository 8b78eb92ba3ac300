//! Searches within component labels (`AStar::search_within`,
//! `AStar::start_within`) on random grids, against plain searches and
//! a breadth-first flood from the start:
//!
//! - a goal the start cannot reach ends with no path and zero expansions;
//!   otherwise the answer is the plain search's;
//! - with `fallback_to_nearest`, the goal used is the cell a scan of every
//!   cell the start reaches (by the flood) finds nearest to the goal by the
//!   grid's heuristic (ties: smaller y, then x), and the path is optimal to it;
//! - a blocked goal without the fallback, or a blocked start, keeps the plain
//!   search's error;
//! - the sliced search agrees with the one-shot one.

use pathseek::components::GridComponents;
use pathseek::open_set::BinaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{
    AStar, Cell, Connectivity, Graph, Grid, GridCosts, Outcome, Query, SearchError, Status,
};
use proptest::prelude::*;

/// Every cell the start reaches, by a flood over the grid's own moves.
fn flood(grid: &Grid<u32>, start: Cell) -> Vec<bool> {
    let w = grid.width() as usize;
    let mut seen = vec![false; w * grid.height() as usize];
    if !grid.is_passable(start) {
        return seen;
    }
    let mut stack = vec![start];
    seen[start.y as usize * w + start.x as usize] = true;
    while let Some(c) = stack.pop() {
        grid.successors(c, |n, _| {
            let i = n.y as usize * w + n.x as usize;
            if !seen[i] {
                seen[i] = true;
                stack.push(n);
            }
        });
    }
    seen
}

/// The reached cell nearest to `goal` by the grid's heuristic, ties to the
/// smaller y then x, by a scan of every cell.
fn scan_nearest(grid: &Grid<u32>, reached: &[bool], goal: Cell) -> Option<Cell> {
    let h = grid.heuristic(goal);
    let w = grid.width();
    (0..reached.len())
        .filter(|&i| reached[i])
        .map(|i| Cell::new(i as u32 % w, i as u32 / w))
        .min_by_key(|&c| (h(c), c.y, c.x))
}

fn grid_of(w: u32, h: u32, eight: bool, walls: &[bool]) -> Grid<u32> {
    let conn = if eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    Grid::from_fn(w, h, conn, GridCosts::new(2u32, 3), |c| {
        !walls[(c.y * w + c.x) as usize]
    })
    .unwrap()
}

/// Width, height, 8-connected, walls, start, goal.
type Case = (u32, u32, bool, Vec<bool>, (u32, u32), (u32, u32));

fn case() -> impl Strategy<Value = Case> {
    (2u32..20, 2u32..20, any::<bool>(), 0u32..60).prop_flat_map(|(w, h, eight, density)| {
        (
            Just(w),
            Just(h),
            Just(eight),
            prop::collection::vec(
                prop::bool::weighted(f64::from(density) / 100.0),
                (w * h) as usize,
            ),
            (0..w, 0..h),
            (0..w, 0..h),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::common::tier_cases(1500), ..ProptestConfig::default() })]

    #[test]
    fn searches_within_the_labels((w, h, eight, walls, s, g) in case()) {
        let grid = grid_of(w, h, eight, &walls);
        let parts = GridComponents::new(&grid);
        let reach = parts.reach(&grid).unwrap();
        let (start, goal) = (Cell::new(s.0, s.1), Cell::new(g.0, g.1));
        let query = Query::new(start, goal, grid.heuristic(goal));
        let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
        let plain = engine.search(&grid, query.clone());
        let within = engine.search_within(&grid, &reach, query.clone());
        // The goal searched for; when the labels answer "no path" at once
        // (nothing expanded) it is still the query's goal.
        let used = engine.goal();
        let reached = flood(&grid, start);
        let goal_reached = grid.is_passable(goal) && reached[(g.1 * w + g.0) as usize];
        if !grid.is_passable(start) {
            prop_assert_eq!(within.error(), Some(&SearchError::StartBlocked { node: start }));
        } else if goal_reached {
            prop_assert_eq!(&within, &plain);
            prop_assert_eq!(used, Some(goal));
        } else if !grid.is_passable(goal) {
            prop_assert_eq!(within.error(), Some(&SearchError::GoalBlocked { node: goal }));
        } else {
            prop_assert_eq!(&plain.outcome, &Outcome::NoPath);
            prop_assert_eq!((&within.outcome, within.stats.expanded), (&Outcome::NoPath, 0));
            prop_assert_eq!(used, Some(goal));
        }

        // With the fallback.
        let fell = engine.search_within(&grid, &reach, query.clone().fallback_to_nearest());
        let used = engine.goal();
        if grid.is_passable(start) {
            let nearest = if goal_reached { Some(goal) } else { scan_nearest(&grid, &reached, goal) };
            prop_assert_eq!(used, nearest);
            let to = nearest.expect("the start reaches itself");
            let direct = engine.search(&grid, Query::new(start, to, grid.heuristic(to)));
            prop_assert_eq!(fell.found().map(|p| p.cost), direct.found().map(|p| p.cost));
            prop_assert_eq!(fell.found().and_then(|p| p.goal()), Some(&to));
        } else {
            prop_assert_eq!(fell.error(), Some(&SearchError::StartBlocked { node: start }));
        }

        // Sliced, the same.
        let mut sliced = AStar::new(BinaryHeap::new(), IndexedStore::new());
        for q in [query.clone(), query.fallback_to_nearest()] {
            let one_shot = engine.search_within(&grid, &reach, q.clone());
            let used = engine.goal();
            let first = sliced.start_within(&grid, &reach, q);
            let status = if first == Status::InProgress {
                loop {
                    match sliced.advance(&grid, 3) {
                        Status::InProgress => {}
                        other => break other,
                    }
                }
            } else {
                first
            };
            let expected = match &one_shot.outcome {
                Outcome::Found(p) => Status::Found { cost: p.cost },
                Outcome::NoPath => Status::NoPath,
                Outcome::Error(e) => Status::Error(e.clone()),
                other => panic!("{other:?}"),
            };
            prop_assert_eq!(status, expected);
            prop_assert_eq!(sliced.stats().expanded, one_shot.stats.expanded);
            prop_assert_eq!(sliced.goal(), used);
        }
    }
}

#[test]
fn stale_labels_are_refused() {
    let mut grid = Grid::new(6, 6, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let parts = GridComponents::new(&grid);
    assert!(parts.reach(&grid).is_ok());
    grid.set_passable(Cell::new(3, 3), false).unwrap();
    assert!(parts.reach(&grid).is_err());
    let other = Grid::new(6, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    assert!(parts.reach(&other).is_err());
}
