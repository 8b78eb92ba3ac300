//! `Grid::line_of_sight` on random grids (4- and 8-connected, walls at
//! every density, cells off the grid) against a reference that shares
//! nothing with the library's walk: a cell is in the way when its closed
//! square meets the closed segment between the two centres, decided for
//! every cell of the grid by separating axes in exact integers (doubled
//! coordinates, so centres are whole numbers). Checked:
//!
//! - the answer is the reference's, for every pair of cells on small grids
//!   and for random pairs on larger ones;
//! - it is symmetric, and the same for the 4- and 8-connected grid of the
//!   same walls;
//! - between neighbouring cells it is exactly the 8-connected grid's move
//!   rule (`Graph::successors`: no corner cutting);
//! - long segments on a long thin grid (large `dx · dy` products).

use crate::common;

use common::segments::{reference, touches};
use common::Lcg;
use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Case {
    width: u32,
    height: u32,
    walls: Vec<bool>,
    seed: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (1u32..20, 1u32..20, 0u32..70)
        .prop_flat_map(|(width, height, density)| {
            let n = (width * height) as usize;
            (
                Just((width, height)),
                prop::collection::vec(prop::bool::weighted(f64::from(density) / 100.0), n),
                any::<u64>(),
            )
        })
        .prop_map(|((width, height), walls, seed)| Case {
            width,
            height,
            walls,
            seed,
        })
}

fn grids(case: &Case) -> [Grid<u32>; 2] {
    [Connectivity::Four, Connectivity::Eight].map(|conn| {
        Grid::from_fn(case.width, case.height, conn, GridCosts::new(2, 3), |c| {
            !case.walls[(c.y * case.width + c.x) as usize]
        })
        .unwrap()
    })
}

/// A cell on the grid, or now and then one just off it (or far off).
fn some_cell(rng: &mut Lcg, width: u32, height: u32) -> Cell {
    match rng.next(16) {
        0 => Cell::new(
            width + rng.next(3) as u32,
            rng.next(u64::from(height)) as u32,
        ),
        1 => Cell::new(rng.next(u64::from(width)) as u32, height),
        2 => Cell::new(u32::MAX, u32::MAX),
        _ => Cell::new(
            rng.next(u64::from(width)) as u32,
            rng.next(u64::from(height)) as u32,
        ),
    }
}

fn check_pair(grids: &[Grid<u32>; 2], a: Cell, b: Cell) {
    let [four, eight] = grids;
    let expected = reference(eight, a, b);
    let got = eight.line_of_sight(a, b);
    assert_eq!(
        got, expected,
        "line of sight {a:?} -> {b:?}: {got}, the reference says {expected}"
    );
    assert_eq!(
        eight.line_of_sight(b, a),
        got,
        "not symmetric: {a:?}, {b:?}"
    );
    assert_eq!(
        four.line_of_sight(a, b),
        got,
        "4- and 8-connected differ: {a:?} -> {b:?}"
    );
}

#[test]
fn agrees_with_the_reference_on_random_grids() {
    common::run_property(
        "line_of_sight_random_grids",
        regressions_file!("line_of_sight"),
        case(),
        |case| {
            let grids = grids(&case);
            let (w, h) = (case.width, case.height);
            if w * h <= 64 {
                for i in 0..w * h {
                    for j in 0..w * h {
                        let a = Cell::new(i % w, i / w);
                        let b = Cell::new(j % w, j / w);
                        check_pair(&grids, a, b);
                    }
                }
            }
            let mut rng = Lcg(case.seed);
            for _ in 0..300 {
                let (a, b) = (some_cell(&mut rng, w, h), some_cell(&mut rng, w, h));
                check_pair(&grids, a, b);
            }
        },
    );
}

#[test]
fn between_neighbours_it_is_the_grid_move_rule() {
    common::run_property(
        "line_of_sight_neighbours",
        regressions_file!("line_of_sight"),
        case(),
        |case| {
            let [four, eight] = grids(&case);
            for y in 0..case.height {
                for x in 0..case.width {
                    let a = Cell::new(x, y);
                    let mut moves = Vec::new();
                    eight.successors(a, |n, _| moves.push(n));
                    for (dx, dy) in [
                        (-1i64, -1i64),
                        (0, -1),
                        (1, -1),
                        (-1, 0),
                        (1, 0),
                        (-1, 1),
                        (0, 1),
                        (1, 1),
                    ] {
                        let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
                        if nx < 0
                            || ny < 0
                            || nx >= i64::from(case.width)
                            || ny >= i64::from(case.height)
                        {
                            continue;
                        }
                        let n = Cell::new(nx as u32, ny as u32);
                        let is_move = moves.contains(&n);
                        assert_eq!(
                            eight.line_of_sight(a, n),
                            is_move,
                            "{a:?} -> {n:?}: line of sight differs from the 8-connected move rule"
                        );
                        assert_eq!(four.line_of_sight(a, n), is_move);
                    }
                }
            }
        },
    );
}

#[test]
fn a_cell_sees_itself_when_passable() {
    let grid = Grid::from_fn(3, 3, Connectivity::Eight, GridCosts::new(1u32, 1), |c| {
        c != Cell::new(1, 1)
    })
    .unwrap();
    assert!(grid.line_of_sight(Cell::new(0, 0), Cell::new(0, 0)));
    assert!(!grid.line_of_sight(Cell::new(1, 1), Cell::new(1, 1)));
    assert!(!grid.line_of_sight(Cell::new(3, 0), Cell::new(3, 0)));
}

#[test]
fn two_walls_meeting_at_a_corner_block_the_diagonal() {
    // . @
    // @ .
    let grid = Grid::from_fn(2, 2, Connectivity::Eight, GridCosts::new(1u32, 1), |c| {
        c.x == c.y
    })
    .unwrap();
    assert!(!grid.line_of_sight(Cell::new(0, 0), Cell::new(1, 1)));
    assert!(!grid.line_of_sight(Cell::new(1, 1), Cell::new(0, 0)));
    // One wall beside the corner is enough (no corner cutting).
    let grid = Grid::from_fn(2, 2, Connectivity::Four, GridCosts::new(1u32, 1), |c| {
        c != Cell::new(1, 0)
    })
    .unwrap();
    assert!(!grid.line_of_sight(Cell::new(0, 0), Cell::new(1, 1)));
    assert!(grid.line_of_sight(Cell::new(0, 0), Cell::new(0, 1)));
}

#[test]
fn long_segments_on_a_long_thin_grid() {
    let (w, h) = (60_000u32, 3u32);
    let mut grid = Grid::new(w, h, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    let mut rng = Lcg(7);
    for _ in 0..40 {
        let cell = Cell::new(rng.next(u64::from(w)) as u32, rng.next(u64::from(h)) as u32);
        grid.set_passable(cell, false).unwrap();
    }
    for _ in 0..200 {
        let a = Cell::new(rng.next(u64::from(w)) as u32, rng.next(u64::from(h)) as u32);
        // Half the pairs within a few hundred columns of each other.
        let bx = if rng.next(2) == 0 {
            rng.next(u64::from(w)) as u32
        } else {
            (a.x + rng.next(400) as u32).min(w - 1)
        };
        let b = Cell::new(bx, rng.next(u64::from(h)) as u32);
        // The reference only needs the bounding box of the segment here.
        let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
        let clear = grid.in_bounds(a)
            && (x0..=x1).all(|x| {
                (0..h).all(|y| {
                    let c = Cell::new(x, y);
                    !touches(a, b, c) || grid.is_passable(c)
                })
            });
        assert_eq!(grid.line_of_sight(a, b), clear, "{a:?} -> {b:?}");
        assert_eq!(grid.line_of_sight(b, a), clear, "{b:?} -> {a:?}");
    }
    // The whole length, on a grid without walls in the way.
    let open = Grid::new(w, h, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    assert!(open.line_of_sight(Cell::new(0, 0), Cell::new(w - 1, h - 1)));
    assert!(open.line_of_sight(Cell::new(w - 1, 0), Cell::new(0, h - 1)));
}
