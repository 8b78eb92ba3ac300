use super::division::{divide, reciprocal};
use super::*;
use crate::cost::Cost;
use crate::graph::{DenseIds, Graph};

fn succ<C: Cost>(g: &Grid<C>, c: Cell) -> Vec<(Cell, C)> {
    let mut v = Vec::new();
    g.successors(c, |n, k| v.push((n, k)));
    v
}

fn ascii(rows: &[&str], conn: Connectivity) -> Grid<u32> {
    let h = rows.len() as u32;
    let w = rows[0].len() as u32;
    Grid::from_fn(w, h, conn, GridCosts::new(2, 3), |c| {
        rows[c.y as usize].as_bytes()[c.x as usize] == b'.'
    })
    .unwrap()
}

#[test]
fn sizes_are_checked() {
    let c = GridCosts::new(1u32, 1);
    assert_eq!(
        Grid::new(0, 1, Connectivity::Four, c).unwrap_err(),
        GridError::InvalidSize {
            width: 0,
            height: 1
        }
    );
    assert!(Grid::new(1, 0, Connectivity::Four, c).is_err());
    assert!(Grid::new(u32::MAX, 2, Connectivity::Four, c).is_err());
    assert!(Grid::new(65_536, 65_536, Connectivity::Four, c).is_err());
    let g = Grid::new(1, 1, Connectivity::Eight, c).unwrap();
    assert!(succ(&g, Cell::new(0, 0)).is_empty());
    // Costs are not checked at construction: invalid ones reach the search,
    // which rejects them; terrain against NaN costs is refused.
    let mut g = Grid::new(2, 2, Connectivity::Four, GridCosts::new(1.0, f64::NAN)).unwrap();
    assert!(g.set_terrain(Cell::new(0, 0), 2.0).is_err());
    assert!(succ(&g, Cell::new(0, 0)).iter().all(|&(_, c)| c == 1.0));
}

#[test]
fn four_connected_moves() {
    let g = ascii(&["...", ".@.", "..."], Connectivity::Four);
    assert_eq!(
        succ(&g, Cell::new(1, 0)),
        vec![(Cell::new(2, 0), 2), (Cell::new(0, 0), 2)]
    );
    assert_eq!(
        succ(&g, Cell::new(0, 1)),
        vec![(Cell::new(0, 0), 2), (Cell::new(0, 2), 2)]
    );
    assert!(succ(&g, Cell::new(1, 1)).is_empty());
    assert!(succ(&g, Cell::new(3, 0)).is_empty());
    assert!(succ(&g, Cell::new(u32::MAX, u32::MAX)).is_empty());
}

#[test]
fn eight_connected_no_corner_cutting() {
    let g = ascii(&["...", ".@.", "..."], Connectivity::Eight);
    // Corner (0,0): E, S, and the diagonal to (1,1) is blocked.
    assert_eq!(
        succ(&g, Cell::new(0, 0)),
        vec![(Cell::new(1, 0), 2), (Cell::new(0, 1), 2)]
    );
    // (1,0): E, W; diagonals SE/SW need (1,1) passable.
    assert_eq!(
        succ(&g, Cell::new(1, 0)),
        vec![(Cell::new(2, 0), 2), (Cell::new(0, 0), 2)]
    );
    let open = ascii(&["...", "...", "..."], Connectivity::Eight);
    let s = succ(&open, Cell::new(1, 1));
    assert_eq!(
        s,
        vec![
            (Cell::new(1, 0), 2),
            (Cell::new(2, 1), 2),
            (Cell::new(1, 2), 2),
            (Cell::new(0, 1), 2),
            (Cell::new(2, 0), 3),
            (Cell::new(2, 2), 3),
            (Cell::new(0, 2), 3),
            (Cell::new(0, 0), 3),
        ]
    );
    // One orthogonal blocked is enough to forbid the diagonal.
    let g = ascii(&["..", "@."], Connectivity::Eight);
    assert_eq!(succ(&g, Cell::new(0, 0)), vec![(Cell::new(1, 0), 2)]);
    // Diagonal into a blocked cell is never emitted.
    let g = ascii(&["..", ".@"], Connectivity::Eight);
    assert_eq!(
        succ(&g, Cell::new(0, 0)),
        vec![(Cell::new(1, 0), 2), (Cell::new(0, 1), 2)]
    );
}

#[test]
fn edges_are_symmetric_and_in_bounds() {
    let g = ascii(
        &["..@..", ".@...", ".....", "@..@.", "...@."],
        Connectivity::Eight,
    );
    for y in 0..5 {
        for x in 0..5 {
            let a = Cell::new(x, y);
            for (b, c) in succ(&g, a) {
                assert!(g.is_passable(a) && g.is_passable(b));
                assert!(succ(&g, b).contains(&(a, c)), "{a:?} -> {b:?}");
            }
        }
    }
}

#[test]
fn terrain_weights_apply_to_destination() {
    let mut g = ascii(&["...", "...", "..."], Connectivity::Eight);
    g.set_terrain(Cell::new(1, 1), 5).unwrap();
    assert_eq!(g.min_terrain(), 1);
    let s = succ(&g, Cell::new(0, 0));
    assert!(s.contains(&(Cell::new(1, 1), 15)));
    assert!(s.contains(&(Cell::new(1, 0), 2)));
    let s = succ(&g, Cell::new(1, 1));
    assert!(s.iter().all(|&(_, c)| c == 2 || c == 3));
    assert_eq!(
        g.set_terrain(Cell::new(3, 0), 1),
        Err(GridError::OutOfBounds {
            cell: Cell::new(3, 0),
            width: 3,
            height: 3
        })
    );
    assert_eq!(
        g.set_terrain(Cell::new(0, 0), u32::MAX / 2),
        Err(GridError::TerrainOverflow {
            cell: Cell::new(0, 0)
        })
    );
    let mut f = Grid::new(2, 2, Connectivity::Four, GridCosts::float_octile()).unwrap();
    assert_eq!(
        f.set_terrain(Cell::new(0, 0), f64::NAN),
        Err(GridError::InvalidTerrain {
            cell: Cell::new(0, 0)
        })
    );
    assert!(f.set_terrain(Cell::new(0, 0), -1.0).is_err());
    assert!(f.set_terrain(Cell::new(0, 0), f64::MAX).is_err());
    assert!(!f.has_terrain());
}

#[test]
fn min_terrain_tracks_sets() {
    let mut g = Grid::new(3, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    g.set_terrain(Cell::new(0, 0), 3).unwrap();
    assert_eq!(g.min_terrain(), 1);
    g.set_terrain(Cell::new(1, 0), 3).unwrap();
    g.set_terrain(Cell::new(2, 0), 4).unwrap();
    assert_eq!(g.min_terrain(), 3);
    g.set_terrain(Cell::new(0, 0), 4).unwrap();
    assert_eq!(g.min_terrain(), 3);
    g.set_terrain(Cell::new(1, 0), 7).unwrap();
    assert_eq!(g.min_terrain(), 4);
    g.set_terrain(Cell::new(1, 0), 0).unwrap();
    assert_eq!(g.min_terrain(), 0);
    g.set_terrain(Cell::new(1, 0), 0).unwrap();
    g.set_terrain(Cell::new(1, 0), 9).unwrap();
    assert_eq!(g.min_terrain(), 4);
    // Brute-force comparison over a pseudo-random sequence.
    let mut g = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    let mut seed = 12345u32;
    for _ in 0..500 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let cell = Cell::new((seed >> 8) % 4, (seed >> 12) % 4);
        let w = (seed >> 16) % 6;
        g.set_terrain(cell, w).unwrap();
        let brute = (0..16)
            .map(|i| g.terrain(g.node_at(i).unwrap()))
            .min()
            .unwrap();
        assert_eq!(g.min_terrain(), brute);
    }
}

#[test]
fn passability_and_indices() {
    let mut g = ascii(&["..@", "..."], Connectivity::Four);
    assert_eq!(g.passable_count(), 5);
    g.set_passable(Cell::new(2, 0), true).unwrap();
    g.set_passable(Cell::new(2, 0), true).unwrap();
    assert_eq!(g.passable_count(), 6);
    g.set_passable(Cell::new(0, 0), false).unwrap();
    assert_eq!(g.passable_count(), 5);
    assert!(g.set_passable(Cell::new(0, 2), true).is_err());
    assert!(!g.is_passable(Cell::new(0, 2)));
    for i in 0..6 {
        let c = g.node_at(i).unwrap();
        assert_eq!(g.node_index(c), Some(i));
    }
    assert_eq!(g.node_at(6), None);
    assert_eq!(g.node_index(Cell::new(3, 0)), None);
    assert_eq!(g.node_count(), 6);
}

/// The moves `expand` emits, from the flags alone (the rule of the module docs).
fn moves_by_rule(g: &Grid<u32>, c: Cell) -> Vec<Cell> {
    let open = |dx: i64, dy: i64| {
        let (x, y) = (i64::from(c.x) + dx, i64::from(c.y) + dy);
        x >= 0 && y >= 0 && g.is_passable(Cell::new(x as u32, y as u32))
    };
    if !open(0, 0) {
        return Vec::new();
    }
    STEPS
        .iter()
        .filter(|&&(dx, dy)| {
            let (dx, dy) = (i64::from(dx), i64::from(dy));
            open(dx, dy) && (dx == 0 || dy == 0 || (open(dx, 0) && open(0, dy)))
        })
        .map(|&(dx, dy)| Cell::new(c.x.wrapping_add_signed(dx), c.y.wrapping_add_signed(dy)))
        .collect()
}

#[test]
fn move_masks_follow_set_passable() {
    // A 7x5 grid with edits everywhere, borders and corners included: after
    // every edit, each cell's successors must match the rule applied to the
    // current flags.
    let mut g = Grid::new(7, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let mut state = 12345u32;
    for _ in 0..300 {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let c = Cell::new((state >> 8) % 7, (state >> 16) % 5);
        g.set_passable(c, state & 3 != 0).unwrap();
        for i in 0..35 {
            let cell = g.node_at(i).unwrap();
            let got: Vec<Cell> = succ(&g, cell).into_iter().map(|(n, _)| n).collect();
            assert_eq!(got, moves_by_rule(&g, cell), "successors of {cell:?}");
        }
    }
}

#[test]
fn division_by_reciprocal_is_exact() {
    let mut divisors: Vec<u32> = (1..=600).collect();
    divisors.extend([
        1023,
        1024,
        1025,
        4095,
        65_535,
        65_536,
        65_537,
        1 << 31,
        u32::MAX - 1,
        u32::MAX,
    ]);
    for d in divisors {
        let r = reciprocal(d);
        let mut numerators = vec![0, 1, d - 1, d, u32::MAX, u32::MAX - 1, u32::MAX / 2];
        for k in [1u64, 2, 3, 1000, 65_535, u64::from(u32::MAX / d)] {
            let m = k * u64::from(d);
            for n in [m.saturating_sub(1), m, m + 1] {
                if let Ok(n) = u32::try_from(n) {
                    numerators.push(n);
                }
            }
        }
        for n in numerators {
            assert_eq!(divide(n, d, r), n / d, "{n} / {d}");
        }
    }
}

#[test]
fn render_marks_path() {
    let g = ascii(&["...", ".@.", "..."], Connectivity::Eight);
    assert_eq!(g.render(&[]), "...\n.@.\n...\n");
    assert_eq!(g.render(&[Cell::new(0, 0)]), "S..\n.@.\n...\n");
    assert_eq!(
        g.render(&[
            Cell::new(0, 0),
            Cell::new(1, 0),
            Cell::new(2, 0),
            Cell::new(9, 9)
        ]),
        "S**\n.@.\n...\n"
    );
}

#[test]
fn exact_octile_is_a_pell_solution() {
    let (a, b) = (EXACT_OCTILE_SCALE as u64, EXACT_OCTILE_DIAGONAL as u64);
    assert_eq!(b * b, 2 * a * a + 1);
    let err = b as f64 / a as f64 - core::f64::consts::SQRT_2;
    assert!(err > 0.0 && err < 2e-12);
}

/// Memory the allocator refuses is an error value, not an abort (issue "No
/// silent answer at the seams": `Grid::new(65_536, 65_535, ..)` under a 2 GB
/// limit aborted asking for 4,295,163,906 bytes). The layout is made by hand:
/// more than `isize::MAX` bytes, which `try_reserve` refuses on every
/// target and machine (no supported size needs that much on 64-bit targets;
/// the real sizes take the same path when the allocator says no). Today's
/// code panicked here with "capacity overflow".
#[test]
fn memory_refused_is_an_error_not_an_abort() {
    let layout = Layout {
        stride: 3,
        total: isize::MAX as usize + 1,
    };
    let mut asked = 0;
    let built = Grid::with_layout(
        1,
        1,
        layout,
        Connectivity::Four,
        GridCosts::new(1u32, 1),
        |_| {
            asked += 1;
            true
        },
    );
    let err = built.unwrap_err();
    // 2 * 2^63 bytes: beyond u64, so saturated.
    let expected = GridError::OutOfMemory {
        width: 1,
        height: 1,
        bytes: u64::MAX,
    };
    assert_eq!(err, expected);
    assert_eq!(asked, 0, "refused before any cell is asked about");
    // What the grid needs, and how it is reported.
    let bytes = Layout::new(65_536, 65_535).unwrap().bytes();
    assert_eq!(bytes, 2 * 65_538 * 65_537);
    let err = GridError::OutOfMemory {
        width: 65_536,
        height: 65_535,
        bytes,
    };
    assert_eq!(
        err.to_string(),
        "out of memory: a 65536 x 65535 grid needs 8590327812 bytes, which could not be allocated"
    );
}

/// `step_cost` and `walk_cost` answer what listing the successors answers,
/// for every pair of cells within two of each other (moves, non-moves,
/// blocked and outside cells), with and without terrain, both
/// connectivities, integer and float costs.
#[test]
fn step_cost_is_the_successors_cost() {
    fn check<C: Cost + core::fmt::Debug>(g: &Grid<C>) {
        let (w, h) = (g.width() as i64, g.height() as i64);
        for y in -1..=h {
            for x in -1..=w {
                let (Ok(fx), Ok(fy)) = (u32::try_from(x), u32::try_from(y)) else {
                    continue;
                };
                let from = Cell::new(fx, fy);
                for dy in -2..=2i64 {
                    for dx in -2..=2i64 {
                        let (tx, ty) = (x + dx, y + dy);
                        if tx < 0 || ty < 0 {
                            continue;
                        }
                        let to = Cell::new(tx as u32, ty as u32);
                        let listed = crate::graph::cheapest_edge(g, from, to);
                        assert_eq!(g.step_cost(from, to), listed, "{from:?} -> {to:?}");
                        let pair = [from, to];
                        assert_eq!(g.walk_cost(&pair), crate::graph::path_cost(g, &pair));
                    }
                }
            }
        }
    }
    let open = |c: Cell| !(c.x * 7 + c.y * 5).is_multiple_of(4);
    for conn in [Connectivity::Four, Connectivity::Eight] {
        let mut gu = Grid::from_fn(9, 7, conn, GridCosts::new(5u32, 7), open).unwrap();
        let mut gf = Grid::from_fn(9, 7, conn, GridCosts::float_octile(), open).unwrap();
        check(&gu);
        check(&gf);
        for (i, c) in [(1, 1), (4, 2), (8, 6), (0, 5)].into_iter().enumerate() {
            gu.set_terrain(Cell::from(c), i as u32 + 2).unwrap();
            gf.set_terrain(Cell::from(c), (i + 2) as f64).unwrap();
        }
        check(&gu);
        check(&gf);
    }
}
