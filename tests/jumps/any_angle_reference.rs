//! The exact any-angle reference (`tests/common/any_angle_reference.rs`, GPPC
//! 2023 rules) on hand-made maps, segment by segment; bending only at reflex
//! corners gives the same lengths as bending at any corner; and on random
//! grids the optimal length between cell centres is never longer than the
//! octile grid path (8-connected A*, no corner cutting) nor shorter than the
//! straight line, and exists exactly when the grid path does.

use crate::common::any_angle_reference::{
    endpoint_valid, is_double_corner, optimal_length, optimal_length_all_corners, point_free,
    segment_valid,
};
use crate::common::cell_mesh::cell_mesh;
use crate::common::Lcg;
use pathseek::{Cell, Connectivity, Grid, GridCosts};

/// A grid from rows of `.` (passable) and `#` (blocked).
fn grid(rows: &[&str]) -> Grid<f64> {
    Grid::from_fn(
        rows[0].len() as u32,
        rows.len() as u32,
        Connectivity::Eight,
        GridCosts::float_octile(),
        |c| rows[c.y as usize].as_bytes()[c.x as usize] == b'.',
    )
    .unwrap()
}

fn close(x: f64, y: f64) -> bool {
    (x - y).abs() <= 1e-12 * x.abs().max(1.0)
}

#[test]
fn segments_follow_the_gppc_rules() {
    // .#..
    // #...
    // ..#.
    let g = grid(&[".#..", "#...", "..#."]);
    let valid = |a: [f64; 2], b: [f64; 2]| segment_valid(&g, a, b);
    // Inside one free cell, and along its edges.
    assert!(valid([0.2, 0.2], [0.8, 0.9]));
    assert!(valid([0.0, 0.0], [1.0, 0.0]));
    // Along the map's border beside a free cell, not beside a blocked one.
    assert!(valid([2.0, 0.0], [4.0, 0.0]));
    assert!(!valid([1.0, 0.0], [2.0, 0.0]));
    assert!(!valid([0.0, 1.0], [0.0, 2.0]));
    // Along an edge between a free and a blocked cell.
    assert!(valid([2.0, 0.0], [2.0, 1.0]));
    // Through a blocked cell's interior.
    assert!(!valid([0.5, 0.5], [1.5, 0.5]));
    assert!(!valid([1.5, 1.5], [2.5, 2.5]));
    // (1, 1) is a double corner (blocked (1,0) and (0,1), free (0,0) and
    // (1,1)): no passing through it, not even along a grid line; ending on it
    // is a matter for paths, not segments.
    assert!(is_double_corner(&g, [1.0, 1.0]));
    assert!(!valid([0.5, 0.5], [1.5, 1.5]));
    assert!(!valid([0.0, 0.0], [2.0, 2.0]));
    assert!(valid([0.5, 0.5], [1.0, 1.0]));
    assert!(valid([1.0, 1.0], [1.5, 1.5]));
    // Grazing the corner of a single blocked cell, (2,2), is fine: through
    // (3,2) from (2,1) into (3,2), and through (2,2) from (1,2) into (2,1).
    assert!(valid([2.5, 1.5], [3.5, 2.5]));
    assert!(valid([1.0, 3.0], [3.0, 1.0]));
    // Cutting into it is not.
    assert!(!valid([2.5, 1.5], [3.5, 2.6]));
    // Ends outside the map or not finite; zero-length segments.
    assert!(!valid([-0.5, 0.5], [0.5, 0.5]));
    assert!(!valid([0.5, 0.5], [0.5, 3.5]));
    assert!(!valid([f64::NAN, 0.5], [0.5, 0.5]));
    assert!(valid([0.5, 0.5], [0.5, 0.5]));
    assert!(!valid([1.5, 0.5], [1.5, 0.5]));
    // Points: in a free square (boundary included) or not.
    assert!(point_free(&g, [1.0, 0.5]));
    assert!(!point_free(&g, [1.5, 0.5]));
    assert!(!point_free(&g, [0.0, 1.5]));
    // A double corner is a valid end only as the north-west corner of a
    // free cell.
    assert!(endpoint_valid(&g, [1.0, 1.0]));
}

#[test]
fn hand_made_maps() {
    // Open square: the straight line.
    let g = grid(&["....", "....", "...."]);
    assert_eq!(
        optimal_length(&g, [0.5, 0.5], [3.5, 2.5]),
        Some(13f64.sqrt())
    );
    assert_eq!(optimal_length(&g, [0.0, 0.0], [4.0, 3.0]), Some(5.0));
    assert_eq!(optimal_length(&g, [1.5, 1.5], [1.5, 1.5]), Some(0.0));
    // A hole: around its corners.
    let g = grid(&[".....", ".....", "..#..", ".....", "....."]);
    let around = optimal_length(&g, [1.5, 2.5], [3.5, 2.5]).unwrap();
    assert!(close(around, 1.0 + 2f64.sqrt()), "{around}");
    // Two cells touching at a corner: no path, except from the pinch point
    // into the cell it is the north-west corner of.
    let g = grid(&[".#", "#."]);
    assert_eq!(optimal_length(&g, [0.5, 0.5], [1.5, 1.5]), None);
    assert_eq!(optimal_length(&g, [1.0, 1.0], [0.5, 0.5]), None);
    assert!(close(
        optimal_length(&g, [1.0, 1.0], [1.5, 1.5]).unwrap(),
        0.5f64.sqrt()
    ));
    // The other kind of double corner, (1,1) with (0,1) and (1,0) free, is
    // no valid end at all.
    let g = grid(&["#.", ".#"]);
    assert!(!endpoint_valid(&g, [1.0, 1.0]));
    assert_eq!(optimal_length(&g, [1.0, 1.0], [1.5, 0.5]), None);
    // A U: down, along the bottom of the wall, up.
    let g = grid(&[".#.", ".#.", "..."]);
    let u = optimal_length(&g, [0.5, 0.5], [2.5, 0.5]).unwrap();
    assert!(close(u, 1.0 + 2.0 * 2.5f64.sqrt()), "{u}");
    // Unreachable: across a wall, into a blocked cell, out of the map.
    let g = grid(&[".#.", ".#.", ".#."]);
    assert_eq!(optimal_length(&g, [0.5, 1.5], [2.5, 1.5]), None);
    assert_eq!(optimal_length(&g, [0.5, 1.5], [1.5, 1.5]), None);
    assert_eq!(optimal_length(&g, [0.5, 1.5], [0.5, 3.5]), None);
    assert_eq!(optimal_length(&g, [0.5, 1.5], [f64::NAN, 0.5]), None);
    // Along the wall's free side is fine.
    assert_eq!(optimal_length(&g, [1.0, 0.0], [1.0, 3.0]), Some(3.0));
}

fn random_grid(rng: &mut Lcg, max_side: u64) -> Grid<f64> {
    let (w, h) = (rng.range(2, max_side) as u32, rng.range(2, max_side) as u32);
    let density = rng.range(5, 40);
    Grid::from_fn(w, h, Connectivity::Eight, GridCosts::float_octile(), |_| {
        rng.next(100) >= density
    })
    .unwrap()
}

/// Free cells' centres and north-west corners.
fn query_points(g: &Grid<f64>) -> Vec<[f64; 2]> {
    let mut points = Vec::new();
    for y in 0..g.height() {
        for x in 0..g.width() {
            if g.is_passable(Cell::new(x, y)) {
                points.push([f64::from(x) + 0.5, f64::from(y) + 0.5]);
                points.push([f64::from(x), f64::from(y)]);
            }
        }
    }
    points
}

#[test]
fn reflex_corners_suffice() {
    let mut rng = Lcg(26);
    let mut compared = 0;
    for _ in 0..25 {
        let g = random_grid(&mut rng, 7);
        let points = query_points(&g);
        if points.is_empty() {
            continue;
        }
        for _ in 0..4 {
            let a = points[rng.next(points.len() as u64) as usize];
            let b = points[rng.next(points.len() as u64) as usize];
            let (fast, all) = (
                optimal_length(&g, a, b),
                optimal_length_all_corners(&g, a, b),
            );
            match (fast, all) {
                (Some(x), Some(y)) => assert!(close(x, y), "{a:?} {b:?}: {x} {y}"),
                (x, y) => assert_eq!(x, y, "{a:?} {b:?}"),
            }
            compared += usize::from(fast.is_some());
        }
    }
    assert!(compared >= 40, "{compared}");
}

#[test]
fn between_the_straight_line_and_the_octile_path() {
    let mut rng = Lcg(2026);
    let (mut found, mut shorter) = (0, 0);
    for _ in 0..40 {
        let g = random_grid(&mut rng, 16);
        // The cell mesh covers exactly the free cells.
        let (vertices, polygons) = cell_mesh(&g);
        assert_eq!(polygons.len(), g.passable_count());
        assert!(vertices.iter().all(|v| point_free(&g, *v)));
        let cells: Vec<Cell> = (0..g.height())
            .flat_map(|y| (0..g.width()).map(move |x| Cell::new(x, y)))
            .filter(|c| g.is_passable(*c))
            .collect();
        if cells.is_empty() {
            continue;
        }
        for _ in 0..5 {
            let s = cells[rng.next(cells.len() as u64) as usize];
            let t = cells[rng.next(cells.len() as u64) as usize];
            let centre = |c: Cell| [f64::from(c.x) + 0.5, f64::from(c.y) + 0.5];
            let (a, b) = (centre(s), centre(t));
            let h = pathseek::grid::heuristic::octile(t, GridCosts::float_octile());
            let octile = pathseek::astar(&g, s, t, h).into_path().map(|p| p.cost);
            let any_angle = optimal_length(&g, a, b);
            assert_eq!(octile.is_some(), any_angle.is_some(), "{s:?} {t:?}");
            if let (Some(o), Some(l)) = (octile, any_angle) {
                found += 1;
                let straight = (b[0] - a[0]).hypot(b[1] - a[1]);
                assert!(l <= o + 1e-9, "{s:?} {t:?}: {l} > octile {o}");
                assert!(l >= straight - 1e-12, "{s:?} {t:?}: {l} < {straight}");
                shorter += usize::from(l < o - 1e-9);
            }
        }
    }
    assert!(
        found >= 100 && shorter >= 50,
        "{found} found, {shorter} shorter"
    );
}
