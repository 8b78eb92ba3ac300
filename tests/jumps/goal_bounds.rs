//! Goal bounding over precomputed jumps (`BoundedJumps`): on random grids
//! the table equals the reference built from all-pairs Dijkstra (every
//! optimal first move, through every tie), searches cost exactly what the
//! reference Dijkstra and `PrecomputedJumps` find, on every pair of cells of
//! the small grids and a sample of the larger ones, with valid paths; a
//! saved and loaded table is the same table and answers the same; a changed
//! map is refused; damaged or hostile files give errors. On the MovingAI
//! maps of tests/data: every scenario at the optimal length, as
//! `PrecomputedJumps`, with fewer expansions.

use crate::common;

use common::goal_bounds::check_against_reference;
use common::jump_props::{
    self, case_up_to, cell_of, check_answer, grid_of, Case, JpsCost, MapCase, Shape,
};
use pathseek::jump_points::{BoundedJumps, GoalBoundsError, PrecomputedJumps};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query};

// ---------------------------------------------------------------------------
// Random grids
// ---------------------------------------------------------------------------

/// The pairs of passable cells (dense ids) a case searches: all of them on
/// grids of at most 40 passable cells, else 150 spread over them.
fn pairs(open: &[usize]) -> Vec<(usize, usize)> {
    let n = open.len();
    if n <= 40 {
        return open
            .iter()
            .flat_map(|&s| open.iter().map(move |&g| (s, g)))
            .collect();
    }
    let mut rng = common::Lcg(n as u64);
    (0..150)
        .map(|_| {
            (
                open[rng.next(n as u64) as usize],
                open[rng.next(n as u64) as usize],
            )
        })
        .collect()
}

fn check_case<C: JpsCost + Send + Sync>(case: &Case, exact: bool) {
    let grid = grid_of::<C>(case);
    let bounded = BoundedJumps::new(&grid).unwrap();
    check_against_reference(&grid, bounded.bounds(), exact);
    let on = bounded.on(&grid).unwrap();
    // The jump point contract, by several engines and with every ray.
    jump_props::check_queries(case, &grid, &on, Shape::DiagonalThenStraight, |_, _| {});

    let pre = PrecomputedJumps::new(&grid).unwrap();
    let adj = common::adjacency(&grid);
    let cells = adj.len();
    let open: Vec<usize> = (0..cells).filter(|&i| !case.blocked[i]).collect();
    let mut engine = AStar::new(DaryHeap::<C, 4>::new(), IndexedStore::new());
    let mut by_source = pairs(&open);
    by_source.sort_unstable();
    let mut last = None;
    let mut dist = Vec::new();
    for (s, g) in by_source {
        if last != Some(s) {
            dist = common::dijkstra(&adj, s);
            last = Some(s);
        }
        let (start, goal) = (cell_of(case.width, s), cell_of(case.width, g));
        let h = grid.heuristic(goal);
        let a = engine.search(&on, Query::new(start, goal, h)).into_path();
        let b = jump_props::search_jumps(&pre.on(&grid).unwrap(), start, goal, h).into_path();
        assert!(
            match (&a, &b) {
                (Some(a), Some(b)) => common::close(a.cost, b.cost, C::tolerance()),
                (None, None) => true,
                _ => false,
            },
            "{start:?} -> {goal:?}: goal bounded {:?}, precomputed {:?}",
            a.as_ref().map(|p| p.cost),
            b.as_ref().map(|p| p.cost)
        );
        check_answer(
            &grid,
            &adj,
            "goal bounded",
            (start, goal),
            a.map(|p| (p.nodes, p.cost)),
            dist[g],
            Shape::DiagonalThenStraight,
        );
    }
}

/// Cases per cost type: each builds a table (a Dijkstra per cell) and the
/// all-pairs reference.
const CASES: u32 = 48;

#[test]
fn prop_goal_bounds_match_dijkstra_u32() {
    common::run_property_with(
        "prop_goal_bounds_match_dijkstra_u32",
        regressions_file!("goal_bounds"),
        CASES,
        case_up_to(16, false),
        |c| check_case::<u32>(&c, true),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn prop_goal_bounds_match_dijkstra_f64() {
    common::run_property_with(
        "prop_goal_bounds_match_dijkstra_f64",
        regressions_file!("goal_bounds"),
        CASES,
        case_up_to(16, false),
        |c| check_case::<f64>(&c, false),
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn prop_goal_bounds_match_dijkstra_length() {
    common::run_property_with(
        "prop_goal_bounds_match_dijkstra_length",
        regressions_file!("goal_bounds"),
        CASES,
        case_up_to(16, false),
        |c| check_case::<pathseek::Length>(&c, true),
    );
}

fn check_round_trip<C: JpsCost + Send + Sync>(case: &Case) {
    let grid = grid_of::<C>(case);
    let bounded = BoundedJumps::with_threads(&grid, 2).unwrap();
    let bytes = bounded.to_bytes();
    let loaded = BoundedJumps::from_bytes(&bytes, &grid).unwrap();
    assert!(
        loaded == bounded,
        "a loaded table differs from the one saved"
    );
    let mut streamed = Vec::new();
    bounded.write_to(&mut streamed).unwrap();
    assert_eq!(streamed, bytes);
    let open: Vec<usize> = (0..case.blocked.len())
        .filter(|&i| !case.blocked[i])
        .collect();
    // A reused engine (one compiled search of the bounded graph per cost
    // type, where `pathseek::astar` compiles three).
    let mut engine = AStar::new(C::Open::default(), IndexedStore::new());
    for (s, g) in pairs(&open).into_iter().take(40) {
        let (start, goal) = (cell_of(case.width, s), cell_of(case.width, g));
        let h = grid.heuristic(goal);
        let a = engine.search(&bounded.on(&grid).unwrap(), Query::new(start, goal, h));
        let b = engine.search(&loaded.on(&grid).unwrap(), Query::new(start, goal, h));
        assert_eq!(a.found(), b.found(), "{start:?} -> {goal:?}");
        assert_eq!(a.stats.expanded, b.stats.expanded);
    }
    // Any cell toggled: the saved table is refused for the edited grid, and
    // the built one by `on`.
    if let Some(&i) = open.first() {
        let mut edited = grid.clone();
        edited.set_passable(cell_of(case.width, i), false).unwrap();
        assert!(bounded.on(&edited).is_err());
        assert!(matches!(
            BoundedJumps::from_bytes(&bytes, &edited),
            Err(GoalBoundsError::NotThisMap { .. })
        ));
    }
}

#[test]
fn prop_save_and_load_round_trip() {
    common::run_property_with(
        "prop_save_and_load_round_trip",
        regressions_file!("goal_bounds"),
        CASES,
        case_up_to(16, false),
        |c| {
            check_round_trip::<u32>(&c);
            check_round_trip::<f64>(&c);
        },
    );
}

// ---------------------------------------------------------------------------
// The contract of every jump point graph
// ---------------------------------------------------------------------------

#[test]
fn refuses_what_jump_points_refuse() {
    jump_props::check_refusals(|g| match BoundedJumps::new(g) {
        Ok(_) => Ok(()),
        Err(GoalBoundsError::Jumps(e)) => Err(e),
        Err(e) => panic!("not a jump point error: {e}"),
    });
}

#[test]
fn blocked_ends_start_at_goal_and_every_goal() {
    let grid = jump_props::blocked_ends_grid();
    let bounded = BoundedJumps::new(&grid).unwrap();
    jump_props::check_blocked_ends(&grid, &bounded.on(&grid).unwrap());
    let (walled, goal) = jump_props::check_start_is_goal_and_walled_off(|g, s, t| {
        let b = BoundedJumps::new(g).unwrap();
        jump_props::search_jumps(&b.on(g).unwrap(), s, t, g.heuristic(t))
    });
    assert!(!walled.is_passable(Cell::new(4, 4)) && walled.is_passable(goal));
    let open = Grid::new(9, 7, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    let bounded = BoundedJumps::new(&open).unwrap();
    let goals: Vec<Cell> = (0..7)
        .flat_map(|y| (0..9).map(move |x| Cell::new(x, y)))
        .collect();
    jump_props::check_every_goal(&open, &bounded.on(&open).unwrap(), &goals);
}

#[test]
fn threads_do_not_change_the_table() {
    let (map, _) = common::load_movingai("arena");
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let one = BoundedJumps::with_threads(&grid, 1).unwrap();
    assert!(one == BoundedJumps::with_threads(&grid, 3).unwrap());
    assert!(one == BoundedJumps::with_threads(&grid, 0).unwrap());
}

#[test]
fn an_edited_map_is_refused() {
    let mut grid = Grid::new(
        10,
        10,
        Connectivity::Eight,
        GridCosts::<u32>::exact_octile(),
    )
    .unwrap();
    let bounded = BoundedJumps::new(&grid).unwrap();
    let bytes = bounded.to_bytes();
    grid.set_passable(Cell::new(5, 5), false).unwrap();
    let err = bounded.on(&grid).unwrap_err();
    assert_ne!(err.built, err.now);
    // Back as it was: a new version all the same, so still refused by
    // `on`; the saved table loads (same passability) and answers.
    grid.set_passable(Cell::new(5, 5), true).unwrap();
    assert!(bounded.on(&grid).is_err());
    let loaded = BoundedJumps::from_bytes(&bytes, &grid).unwrap();
    let goal = Cell::new(9, 9);
    let r = jump_props::search_jumps(
        &loaded.on(&grid).unwrap(),
        Cell::new(0, 0),
        goal,
        grid.heuristic(goal),
    );
    assert!(r.found().is_some());
    // Other costs, another cost type, another size.
    let cheaper = Grid::new(10, 10, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    assert!(matches!(
        BoundedJumps::from_bytes(&bytes, &cheaper),
        Err(GoalBoundsError::NotThisMap {
            reason: "other move costs"
        })
    ));
    let wide = Grid::new(
        10,
        10,
        Connectivity::Eight,
        GridCosts::<u64>::exact_octile(),
    )
    .unwrap();
    assert!(matches!(
        BoundedJumps::from_bytes(&bytes, &wide),
        Err(GoalBoundsError::NotThisMap {
            reason: "another cost type"
        })
    ));
    let other = Grid::new(
        10,
        11,
        Connectivity::Eight,
        GridCosts::<u32>::exact_octile(),
    )
    .unwrap();
    assert!(matches!(
        BoundedJumps::from_bytes(&bytes, &other),
        Err(GoalBoundsError::NotThisMap {
            reason: "another size"
        })
    ));
}

// ---------------------------------------------------------------------------
// Hostile files
// ---------------------------------------------------------------------------

/// A small map with walls, its table and the table's bytes.
fn small_table() -> (Grid<u32>, Vec<u8>) {
    let grid = Grid::from_fn(9, 6, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        !(c.x == 4 && c.y < 4) && c != Cell::new(1, 4)
    })
    .unwrap();
    let bytes = BoundedJumps::new(&grid).unwrap().to_bytes();
    (grid, bytes)
}

#[test]
fn every_truncation_is_refused() {
    let (grid, bytes) = small_table();
    for len in 0..bytes.len() {
        assert_eq!(
            BoundedJumps::from_bytes(&bytes[..len], &grid).unwrap_err(),
            GoalBoundsError::Truncated,
            "{len} bytes of {}",
            bytes.len()
        );
    }
}

#[test]
fn every_damaged_byte_is_refused() {
    let (grid, bytes) = small_table();
    for i in 0..bytes.len() {
        for flip in [1u8, 0x80, 0xFF] {
            let mut bad = bytes.clone();
            bad[i] ^= flip;
            let err = BoundedJumps::from_bytes(&bad, &grid).unwrap_err();
            assert!(!err.to_string().is_empty());
            if i < 8 {
                assert_eq!(err, GoalBoundsError::BadMagic);
            }
        }
    }
}

#[test]
fn hostile_headers_and_boxes() {
    let (grid, bytes) = small_table();
    // A header claiming a huge map: refused before anything is allocated.
    let mut huge = bytes.clone();
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    huge[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        BoundedJumps::from_bytes(&huge, &grid),
        Err(GoalBoundsError::NotThisMap {
            reason: "another size"
        })
    ));
    let mut count = bytes.clone();
    count[56..64].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(
        BoundedJumps::from_bytes(&count, &grid),
        Err(GoalBoundsError::NotThisMap { .. })
    ));
    let mut format = bytes.clone();
    format[8] = 9;
    assert_eq!(
        BoundedJumps::from_bytes(&format, &grid).unwrap_err(),
        GoalBoundsError::UnsupportedFormat(9)
    );
    // The first passable cell is (0, 0): its north box must be empty, its
    // east box inside the grid and holding (1, 0).
    let north = 64;
    let mut bad = bytes.clone();
    bad[north] = 0;
    assert_eq!(
        BoundedJumps::from_bytes(&bad, &grid).unwrap_err(),
        GoalBoundsError::BadBox {
            cell: Cell::new(0, 0),
            direction: 0
        }
    );
    let east_max_x = 64 + 8 + 4;
    let mut bad = bytes.clone();
    bad[east_max_x..east_max_x + 2].copy_from_slice(&9u16.to_le_bytes());
    assert_eq!(
        BoundedJumps::from_bytes(&bad, &grid).unwrap_err(),
        GoalBoundsError::BadBox {
            cell: Cell::new(0, 0),
            direction: 1
        }
    );
    let east_min_x = 64 + 8;
    let mut bad = bytes.clone();
    bad[east_min_x..east_min_x + 2].copy_from_slice(&2u16.to_le_bytes());
    assert_eq!(
        BoundedJumps::from_bytes(&bad, &grid).unwrap_err(),
        GoalBoundsError::BadBox {
            cell: Cell::new(0, 0),
            direction: 1
        }
    );
    // A box shrunk but still plausible: the checksum catches it.
    let last_box = bytes.len() - 8 - 8;
    let mut bad = bytes.clone();
    let v = u16::from_le_bytes([bad[last_box], bad[last_box + 1]]);
    bad[last_box..last_box + 2].copy_from_slice(&v.wrapping_add(1).to_le_bytes());
    assert!(BoundedJumps::from_bytes(&bad, &grid).is_err());
    // Reading from a stream stops at the table's end.
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"more");
    let mut rest = longer.as_slice();
    assert!(BoundedJumps::read_from(&mut rest, &grid).is_ok());
    assert_eq!(rest, b"more");
}

// ---------------------------------------------------------------------------
// MovingAI maps
// ---------------------------------------------------------------------------

/// Every scenario of `name` (see `MapCase::check`); returns the expansions
/// (goal bounded, precomputed).
fn check_map(name: &str, unreachable: usize) -> (u64, u64) {
    let case = MapCase::load(name);
    let bounded = BoundedJumps::new(&case.exact).unwrap();
    let bounded_f = BoundedJumps::new(&case.float).unwrap();
    let pre = PrecomputedJumps::new(&case.exact).unwrap();
    case.check(
        &bounded.on(&case.exact).unwrap(),
        &bounded_f.on(&case.float).unwrap(),
        &pre.on(&case.exact).unwrap(),
        "goal bounded and precomputed jumps",
        unreachable,
    )
}

#[test]
fn arena_scenarios() {
    // Open and short: little to prune.
    let (bounded, pre) = check_map("arena", 0);
    assert!(
        bounded <= pre,
        "{bounded} expansions goal bounded, {pre} precomputed"
    );
}

#[test]
fn rmtst01_scenarios() {
    let (bounded, pre) = check_map("rmtst01", 2);
    assert!(
        bounded < pre,
        "{bounded} expansions goal bounded, {pre} precomputed"
    );
}
