//! The polyanya peer on cell meshes (`cell_mesh`) against the exact any-angle
//! reference (`any_angle_reference`, GPPC 2023 rules): the same lengths on
//! random small grids, valid segments, and hand-made maps; and the peer's
//! refusals of bad meshes.
//!
//! ```text
//! cargo test -p pathseek-benchmarks --release --test polyanya_cells
//! ```

use pathseek::{Connectivity, Grid, GridCosts};
use pathseek_benchmarks::any_angle_reference::{
    is_double_corner, optimal_length, polyline_length, segment_valid,
};
use pathseek_benchmarks::cell_mesh::cell_mesh;
use pathseek_benchmarks::polyanya_peer::{PeerPath, PolyanyaPeer};

/// A grid from rows of `.` (passable) and `#` (blocked).
fn grid(rows: &[&str]) -> Grid<f64> {
    let width = rows[0].len() as u32;
    Grid::from_fn(
        width,
        rows.len() as u32,
        Connectivity::Eight,
        GridCosts::float_octile(),
        |c| rows[c.y as usize].as_bytes()[c.x as usize] == b'.',
    )
    .unwrap()
}

fn peer(grid: &Grid<f64>) -> PolyanyaPeer {
    let (vertices, polygons) = cell_mesh(grid);
    PolyanyaPeer::new(&vertices, &polygons).unwrap()
}

/// Checks a path's shape: from `a` to `b`, length the sum of its segments,
/// every segment valid under the GPPC rules.
fn check_path(grid: &Grid<f64>, path: &PeerPath, a: [f64; 2], b: [f64; 2]) {
    assert_eq!(path.points.first(), Some(&a), "{path:?}");
    assert_eq!(path.points.last(), Some(&b), "{path:?}");
    assert!((path.length - polyline_length(&path.points)).abs() < 1e-9);
    for w in path.points.windows(2) {
        assert!(
            segment_valid(grid, w[0], w[1]),
            "segment {:?} -> {:?} of {path:?} is not valid",
            w[0],
            w[1]
        );
    }
}

fn close(x: f64, y: f64) -> bool {
    (x - y).abs() <= 1e-9 * x.abs().max(1.0)
}

#[test]
fn open_square_is_a_straight_line() {
    let g = grid(&["....", "....", "....", "...."]);
    let p = peer(&g);
    let path = p.path([0.5, 0.5], [3.5, 3.5]).unwrap();
    check_path(&g, &path, [0.5, 0.5], [3.5, 3.5]);
    assert_eq!(path.points.len(), 2);
    assert!(close(path.length, 3.0 * 2f64.sqrt()));
    // Corners of the map and points on its border are in the mesh.
    let path = p.path([0.0, 0.0], [4.0, 2.5]).unwrap();
    assert!(close(path.length, 4.0f64.hypot(2.5)));
    // Start equals goal: one point, length 0.
    let path = p.path([1.5, 1.5], [1.5, 1.5]).unwrap();
    assert_eq!(path.points, vec![[1.5, 1.5]]);
    assert_eq!(path.length, 0.0);
}

#[test]
fn square_with_a_hole_goes_around_it() {
    let g = grid(&[".....", ".....", "..#..", ".....", "....."]);
    let p = peer(&g);
    let (a, b) = ([1.5, 2.5], [3.5, 2.5]);
    let path = p.path(a, b).unwrap();
    check_path(&g, &path, a, b);
    let expected = 1.0 + 2f64.sqrt();
    assert!(close(path.length, expected), "{path:?}");
    assert!(close(optimal_length(&g, a, b).unwrap(), expected));
    // Along row 1, above the hole: straight.
    let path = p.path([1.5, 1.5], [3.5, 1.5]).unwrap();
    assert_eq!(path.points.len(), 2);
}

#[test]
fn pinched_cells_do_not_connect() {
    // Two free cells touching only at the corner (1, 1).
    let g = grid(&[".#", "#."]);
    let p = peer(&g);
    assert_eq!(p.path([0.5, 0.5], [1.5, 1.5]), None);
    assert_eq!(optimal_length(&g, [0.5, 0.5], [1.5, 1.5]), None);
    // A start on the pinch point: GPPC lets it leave only into the cell it is
    // the north-west corner of; polyanya leaves into both (its quirk).
    assert!(is_double_corner(&g, [1.0, 1.0]));
    assert!(close(
        optimal_length(&g, [1.0, 1.0], [1.5, 1.5]).unwrap(),
        0.5f64.sqrt()
    ));
    assert_eq!(optimal_length(&g, [1.0, 1.0], [0.5, 0.5]), None);
    let path = p.path([1.0, 1.0], [0.5, 0.5]).unwrap();
    assert!(close(path.length, 0.5f64.sqrt()));
    // Passing straight through the pinch point is not a valid segment.
    assert!(!segment_valid(&g, [0.5, 0.5], [1.5, 1.5]));
    assert!(segment_valid(&g, [0.5, 0.5], [1.0, 1.0]));
}

#[test]
fn u_shape_goes_around_the_wall() {
    let g = grid(&[".#.", ".#.", "..."]);
    let p = peer(&g);
    let (a, b) = ([0.5, 0.5], [2.5, 0.5]);
    let path = p.path(a, b).unwrap();
    check_path(&g, &path, a, b);
    assert_eq!(path.points, vec![a, [1.0, 2.0], [2.0, 2.0], b]);
    let expected = 1.0 + 2.0 * 2.5f64.sqrt();
    assert!(close(path.length, expected), "{path:?}");
    assert!(close(optimal_length(&g, a, b).unwrap(), expected));
}

#[test]
fn unreachable_goals_have_no_path() {
    let g = grid(&[".#.", ".#.", ".#."]);
    let p = peer(&g);
    // Across the wall.
    assert_eq!(p.path([0.5, 1.5], [2.5, 1.5]), None);
    assert_eq!(optimal_length(&g, [0.5, 1.5], [2.5, 1.5]), None);
    // In a blocked cell, outside the map, just outside the map (polyanya's
    // default would snap a point within 0.1 onto the mesh), not finite.
    for goal in [
        [1.5, 1.5],
        [5.0, 1.5],
        [-0.05, 1.5],
        [f64::NAN, 1.0],
        [1.0, f64::INFINITY],
    ] {
        assert_eq!(p.path([0.5, 1.5], goal), None, "goal {goal:?}");
        assert_eq!(optimal_length(&g, [0.5, 1.5], goal), None, "goal {goal:?}");
    }
}

/// A mesh (vertices, polygons) and a word its refusal must contain.
type Case = (Vec<[f64; 2]>, Vec<Vec<u32>>, &'static str);

#[test]
fn bad_meshes_are_refused() {
    let square = vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
    assert!(PolyanyaPeer::new(&square, &[vec![0, 1, 2, 3]]).is_ok());
    // Clockwise (with y up) is accepted too and reversed.
    let reversed = PolyanyaPeer::new(&square, &[vec![3, 2, 1, 0]]).unwrap();
    let path = reversed.path([0.25, 0.5], [0.75, 0.5]).unwrap();
    assert_eq!(path.points, vec![[0.25, 0.5], [0.75, 0.5]]);
    let cases: Vec<Case> = vec![
        (vec![], vec![], "empty"),
        (square.clone(), vec![], "empty"),
        (square.clone(), vec![vec![0, 1]], "at least 3"),
        (square.clone(), vec![vec![0, 1, 7]], "names vertex 7"),
        (square.clone(), vec![vec![0, 1, 1, 2]], "twice"),
        (
            vec![[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]],
            vec![vec![0, 1, 2]],
            "no area",
        ),
        (
            vec![[0.0, 0.0], [2.0, 0.0], [1.0, 0.5], [1.0, 2.0]],
            vec![vec![0, 1, 2, 3]],
            "not convex",
        ),
        (
            vec![[0.0, 0.0], [f64::NAN, 0.0], [1.0, 1.0]],
            vec![vec![0, 1, 2]],
            "finite",
        ),
        (
            vec![[0.0, 0.0], [1e300, 0.0], [1.0, 1.0]],
            vec![vec![0, 1, 2]],
            "finite",
        ),
        (
            square.clone(),
            vec![vec![0, 1, 2, 3], vec![0, 1, 2]],
            "same direction",
        ),
    ];
    for (vertices, polygons, message) in cases {
        match PolyanyaPeer::new(&vertices, &polygons) {
            Ok(_) => panic!("{vertices:?} {polygons:?} accepted"),
            Err(e) => assert!(e.contains(message), "{e:?} lacks {message:?}"),
        }
    }
}

/// A 64-bit LCG, high bits out (seeded, so failures reproduce).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }
}

#[test]
fn random_grids_match_the_reference() {
    let mut rng = Lcg(2026);
    let (mut queries, mut found, mut on_double, mut worst) = (0, 0, 0, 0f64);
    for _ in 0..150 {
        let (w, h) = (2 + rng.next(15) as u32, 2 + rng.next(15) as u32);
        let density = 10 + rng.next(30);
        let g = Grid::from_fn(w, h, Connectivity::Eight, GridCosts::float_octile(), |_| {
            rng.next(100) >= density
        })
        .unwrap();
        let (vertices, polygons) = cell_mesh(&g);
        if polygons.is_empty() {
            continue;
        }
        let p = PolyanyaPeer::new(&vertices, &polygons).unwrap();
        // Query points: free cells' centres and north-west corners (the GPPC's
        // query points, double corners among them).
        let mut points = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if g.is_passable(pathseek::Cell::new(x, y)) {
                    points.push([x as f64 + 0.5, y as f64 + 0.5]);
                    points.push([x as f64, y as f64]);
                }
            }
        }
        for _ in 0..8 {
            let a = points[rng.next(points.len() as u64) as usize];
            let b = points[rng.next(points.len() as u64) as usize];
            queries += 1;
            let reference = optimal_length(&g, a, b);
            let path = p.path(a, b);
            if let Some(path) = &path {
                check_path(&g, path, a, b);
            }
            if is_double_corner(&g, a) || is_double_corner(&g, b) {
                // polyanya leaves a double corner into both free cells, the
                // GPPC only into the south-east one: never longer.
                on_double += 1;
                if let Some(r) = reference {
                    let path = path.expect("polyanya has a path when GPPC has");
                    assert!(path.length <= r * (1.0 + 1e-9), "{a:?} {b:?}");
                }
                continue;
            }
            match (reference, &path) {
                (None, None) => {}
                (Some(r), Some(path)) => {
                    found += 1;
                    let rel = (path.length - r).abs() / r.max(1.0);
                    worst = worst.max(rel);
                    assert!(
                        rel <= 1e-9,
                        "{w}x{h} {a:?} -> {b:?}: polyanya {path:?}, reference {r}"
                    );
                }
                _ => panic!("{w}x{h} {a:?} -> {b:?}: polyanya {path:?}, reference {reference:?}"),
            }
        }
    }
    eprintln!(
        "{queries} queries, {found} with equal paths, {on_double} on double corners, \
         worst relative difference {worst:e}"
    );
    assert!(
        queries >= 1000 && found >= 500,
        "{queries} queries, {found} found"
    );
}
