//! Navigation meshes built from grids and outlines (feature `navmesh`):
//! meshes of random grids checked against the GPPC any-angle rules, an
//! exact any-angle reference (`tests/common/any_angle_reference.rs`, a
//! visibility-graph Dijkstra) and the grid's own octile A*; meshes from
//! outlines; the den520d scenarios. What needs no feature (meshes from
//! polygons, cell meshes, points on shared edges, bad polygons) is in
//! `navmesh.rs`, which the default test command runs.

use pathseek::navmesh::{BuildOptions, MeshError, MeshQuery, NavMesh, Point};
use pathseek::{Cell, Connectivity, Grid, GridCosts};
use proptest::prelude::*;

use crate::common::any_angle_reference::{optimal_length, segment_valid};
use crate::navmesh::{centre, check_path, grid_from, grid_of, render};

fn grids() -> impl Strategy<Value = (Grid<f64>, usize)> {
    (2u32..14, 2u32..14, 0u32..45, 3usize..9).prop_flat_map(|(w, h, density, corners)| {
        proptest::collection::vec(0u32..100, (w * h) as usize).prop_map(move |v| {
            let blocked: Vec<bool> = v.iter().map(|&r| r < density).collect();
            (grid_of(w, h, &blocked), corners)
        })
    })
}

/// The bound over the optimum that the property asserts, by the most
/// corners a polygon has: on 134,307 random paths on grids of up to 13 x 13
/// cells each, the worst were 1.69 (triangles; 1.44 with a node on every
/// portal), 1.25 (four corners) and 1.14 (eight, the default). Before the
/// fix of issue "No silent answer at the seams" paths ran past the goal and
/// back, up to 4 times the optimum on such maps.
fn bound(corners: usize) -> f64 {
    if corners == 3 {
        2.0
    } else {
        1.4
    }
}

/// Every pair of free cells of a small grid, both ways: the mesh path is a
/// walk of valid segments from centre to centre, no shorter than the exact
/// any-angle optimum and within [`bound`] of it, found exactly when the
/// grid has a path (`navmesh::check_path`).
fn check_grid(grid: &Grid<f64>, corners: usize) -> Result<(), TestCaseError> {
    let free = crate::navmesh::free_cells(grid);
    let mut mesh = match NavMesh::from_grid_with(grid, BuildOptions::default().max_corners(corners))
    {
        Ok(mesh) => mesh,
        Err(MeshError::Empty) => {
            prop_assert!(free.is_empty());
            return Ok(());
        }
        Err(e) => return Err(TestCaseError::fail(format!("build: {e}"))),
    };
    // Half the cases search with a node in the middle of every portal.
    if corners.is_multiple_of(2) {
        mesh.set_portal_nodes(0.0).unwrap();
    }
    let mut query = MeshQuery::new();
    let mut points = Vec::new();
    let step = (free.len() / 12).max(1);
    for &s in free.iter().step_by(step) {
        for &g in &free {
            let (a, b) = (centre(s), centre(g));
            let what = format!("{s:?} -> {g:?} (corners {corners})");
            let found = query
                .find_path_into(&mesh, a, b, &mut points)
                .map_err(|e| TestCaseError::fail(format!("{what}: {e}")))?;
            let octile = pathseek::astar(grid, s, g, grid.heuristic(g))
                .found()
                .map(|p| p.cost);
            prop_assert_eq!(found.is_some(), octile.is_some(), "{}", what);
            let Some((length, optimum)) = check_path(grid, a, b, found, &points, &what) else {
                continue;
            };
            prop_assert!(
                length <= bound(corners) * optimum + 1e-9,
                "{}: {} over {} x the optimum {} ({:?})\n{}",
                what,
                length,
                bound(corners),
                optimum,
                points,
                render(grid)
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn grid_meshes_give_valid_paths_no_shorter_than_the_optimum((grid, corners) in grids()) {
        check_grid(&grid, corners)?;
    }
}

/// Mesh paths against the exact optimum and the octile A*: how far off
/// they are on random maps (reported, and bounded: a route round the wrong
/// side of an obstacle is the known weakness).
#[test]
fn mesh_paths_are_close_to_the_optimum_on_random_maps() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut sum, mut count, mut worst, mut over_octile) = (0.0f64, 0usize, 1.0f64, 0usize);
    for _ in 0..40 {
        let (w, h) = (12u32, 12u32);
        let blocked: Vec<bool> = (0..w * h).map(|_| next() % 100 < 25).collect();
        let grid = grid_of(w, h, &blocked);
        let Ok(mesh) = NavMesh::from_grid(&grid) else {
            continue;
        };
        let free: Vec<Cell> = (0..h)
            .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
            .filter(|&c| grid.is_passable(c))
            .collect();
        for _ in 0..20 {
            let s = free[(next() % free.len() as u64) as usize];
            let g = free[(next() % free.len() as u64) as usize];
            let (a, b) = (centre(s), centre(g));
            let Some(path) = mesh.find_path(a, b).unwrap() else {
                continue;
            };
            let optimum = optimal_length(&grid, [a.x, a.y], [b.x, b.y]).unwrap();
            let octile = pathseek::astar(&grid, s, g, grid.heuristic(g))
                .found()
                .unwrap()
                .cost;
            if optimum > 0.0 {
                let r = path.length / optimum;
                sum += r;
                count += 1;
                worst = worst.max(r);
            }
            if path.length > octile + 1e-9 {
                over_octile += 1;
            }
        }
    }
    let mean = sum / count as f64;
    eprintln!("{count} queries: mean {mean:.4}, worst {worst:.4} over the optimum; {over_octile} longer than octile");
    // 729 queries: mean 1.0001, worst 1.0257, none longer than the octile
    // path (before the fix of issue "No silent answer at the seams": mean
    // 1.0022, worst 1.1785, 4 longer than the octile path).
    assert!(mean < 1.002, "mean {mean}");
    assert!(worst < 1.1, "worst {worst}");
    assert_eq!(over_octile, 0);
}

#[test]
fn two_cells_touching_at_a_corner_are_not_joined_there() {
    // .@
    // @.
    let grid = grid_of(2, 2, &[false, true, true, false]);
    let mesh = NavMesh::from_grid(&grid).unwrap();
    assert_eq!(mesh.polygon_count(), 2);
    assert_eq!(mesh.find_path([0.5, 0.5], [1.5, 1.5]), Ok(None));
    // The shared corner itself is in both cells, and leads nowhere.
    assert!(mesh.locate(Point::new(1.0, 1.0)).is_some());
}

#[test]
fn a_path_hugs_a_wall_and_bends_at_convex_corners_only() {
    // A U: the path from one arm's end to the other goes round the inner wall.
    // ....
    // .@@.
    // .@@.
    let mut blocked = vec![false; 12];
    for i in [5, 6, 9, 10] {
        blocked[i] = true;
    }
    let grid = grid_of(4, 3, &blocked);
    let mesh = NavMesh::from_grid(&grid).unwrap();
    let path = mesh.find_path([0.5, 2.5], [3.5, 2.5]).unwrap().unwrap();
    assert_eq!(
        path.points,
        [
            Point::new(0.5, 2.5),
            Point::new(1.0, 1.0),
            Point::new(3.0, 1.0),
            Point::new(3.5, 2.5)
        ]
    );
}

/// Issue "No silent answer at the seams", as reported: on this 18 x 4 map
/// `from_grid` then `find_path` from (10.5, 3.5) to (8.5, 1.5) ran through
/// (10, 1), (4, 1) and back to the goal, 13.08 long, where the optimum is
/// 4.26 and the octile path 6. The apex (10, 1) saw the portal from (4, 1)
/// to (9, 1) edge-on; the next portal's end (9, 1), on that line, was taken
/// to cross over its far end (4, 1), which became a bend.
#[test]
fn the_18_by_4_path_from_the_issue_is_the_optimum() {
    let grid = grid_from(&[
        "..................",
        "...@.....@........",
        "........@.........",
        ".......@..........",
    ]);
    let (a, b) = (Point::new(10.5, 3.5), Point::new(8.5, 1.5));
    let mesh = NavMesh::from_grid(&grid).unwrap();
    let path = mesh.find_path(a, b).unwrap().unwrap();
    check_path(&grid, a, b, Some(path.length), &path.points, "18 x 4");
    assert_eq!(
        path.points,
        [a, Point::new(10.0, 1.0), Point::new(9.0, 1.0), b]
    );
    assert!(
        (path.length - 4.256_616_537_982_94).abs() < 1e-12,
        "{}",
        path.length
    );
}

/// The same defect with the goal on the portal seen edge-on: from (2.5,
/// 3.5) to (3.5, 4.5), both on the diagonal portal of two triangles, the
/// path ran on to (5, 6) and back (5.66 for 1.41).
#[test]
fn a_goal_on_a_portal_seen_edge_on_is_reached_straight() {
    let grid = grid_from(&["....@", "...@@", "..@..", "...@.", ".....", "....."]);
    let (a, b) = (Point::new(2.5, 3.5), Point::new(3.5, 4.5));
    let mesh = NavMesh::from_grid(&grid).unwrap();
    let path = mesh.find_path(a, b).unwrap().unwrap();
    check_path(&grid, a, b, Some(path.length), &path.points, "5 x 6");
    assert!(
        (path.length - 2f64.sqrt()).abs() < 1e-12,
        "{:?}",
        path.points
    );
}

/// The wrong way round a one-cell pillar, 2.9 times the optimum: from (3.5,
/// 3.5) to (2.5, 0.5), in sight of each other, the graph's route went round
/// the pillar at (6, 2) by its far side, because the goal's polygon, 18
/// cells wide, was reached from the near side only by corners far from the
/// goal (9.28 long for 3.16). Points in sight now take the straight line;
/// the start and the goal also join the nodes they see across a portal.
#[test]
fn points_in_sight_of_each_other_take_the_straight_line() {
    let grid = grid_from(&[
        "..................",
        "..................",
        "......@...........",
        ".................@",
    ]);
    let mesh = NavMesh::from_grid(&grid).unwrap();
    let (a, b) = (Point::new(3.5, 3.5), Point::new(2.5, 0.5));
    let mut query = MeshQuery::new();
    let path = query.find_path(&mesh, a, b).unwrap().unwrap();
    assert_eq!(path.points, [a, b]);
    assert_eq!(query.stats().expanded, 0); // no search
                                           // Not in sight: round the pillar by the near side.
    let (a, b) = (Point::new(9.5, 2.5), Point::new(3.5, 2.5));
    let path = query.find_path(&mesh, a, b).unwrap().unwrap();
    let optimum = optimal_length(&grid, [a.x, a.y], [b.x, b.y]).unwrap();
    check_path(
        &grid,
        a,
        b,
        Some(path.length),
        &path.points,
        "round the pillar",
    );
    assert!(
        (path.length - optimum).abs() < 1e-9,
        "{} {optimum} {:?}",
        path.length,
        path.points
    );
    assert!(query.stats().expanded > 0);
}

#[test]
fn an_empty_grid_makes_no_mesh() {
    let grid = grid_of(2, 2, &[true; 4]);
    assert_eq!(NavMesh::from_grid(&grid).unwrap_err(), MeshError::Empty);
}

#[test]
fn outlines_make_a_mesh_with_holes_and_islands() {
    let p = |x, y| Point::new(x, y);
    let square =
        |x0: f64, y0: f64, s: f64| vec![p(x0, y0), p(x0 + s, y0), p(x0 + s, y0 + s), p(x0, y0 + s)];
    let outer = square(0.0, 0.0, 12.0);
    let hole = square(2.0, 2.0, 8.0);
    let island = square(4.0, 4.0, 4.0);
    let mesh = NavMesh::from_outlines(&[outer, hole, island]).unwrap();
    assert!(mesh.locate(p(1.0, 1.0)).is_some());
    assert!(mesh.locate(p(3.0, 3.0)).is_none()); // in the hole
    assert!(mesh.locate(p(6.0, 6.0)).is_some()); // on the island
                                                 // The island cannot be reached from the outer ring.
    assert_eq!(mesh.find_path([1.0, 1.0], [6.0, 6.0]), Ok(None));
    // Round the hole: two of its corners.
    let path = mesh.find_path([1.0, 6.0], [11.0, 6.0]).unwrap().unwrap();
    assert_eq!(path.points.len(), 4);
    let expected = 2.0 * (1.0f64 + 16.0).sqrt() + 8.0;
    assert!((path.length - expected).abs() < 1e-9, "{}", path.length);
    // Degenerate outlines.
    assert_eq!(
        NavMesh::from_outlines(&[vec![p(0.0, 0.0), p(1.0, 0.0), p(0.0, 0.0)]]).unwrap_err(),
        MeshError::BadOutline { outline: 0 }
    );
    assert_eq!(
        NavMesh::from_outlines(&[vec![p(0.0, 0.0), p(f64::INFINITY, 0.0), p(0.0, 1.0)]])
            .unwrap_err(),
        MeshError::NotFinite { vertex: 1 }
    );
    let empty: [Vec<Point>; 0] = [];
    assert_eq!(
        NavMesh::from_outlines(&empty).unwrap_err(),
        MeshError::Empty
    );
}

/// Every den520d scenario, start and goal at cell centres: valid segments,
/// never shorter than the straight line, and within 1% of the octile
/// optimum the file gives (the any-angle optimum is about 5% below it).
/// Catches a channel that enters a polygon twice, or a funnel flattened by a
/// start on a portal, which both gave paths 20-70% too long on MovingAI maps.
#[test]
fn den520d_scenarios_stay_close_to_the_octile_optimum() {
    let (map, scenarios) = crate::common::load_movingai("den520d");
    let grid: Grid<f64> = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    for corners in [3, 8] {
        let mesh =
            NavMesh::from_grid_with(&grid, BuildOptions::default().max_corners(corners)).unwrap();
        let mut query = MeshQuery::new();
        let mut points = Vec::new();
        let mut worst = 0.0f64;
        for s in scenarios
            .iter()
            .filter(|s| !s.expects_no_path() && s.start != s.goal)
        {
            let (a, b) = (centre(s.start), centre(s.goal));
            let length = query
                .find_path_into(&mesh, a, b, &mut points)
                .unwrap()
                .unwrap();
            for w in points.windows(2) {
                assert!(
                    segment_valid(&grid, [w[0].x, w[0].y], [w[1].x, w[1].y]),
                    "{s:?}: {points:?}"
                );
            }
            assert!(length >= a.distance(b) - 1e-9);
            worst = worst.max(length / s.optimal);
        }
        assert!(
            worst < 1.01,
            "corners {corners}: worst {worst} of the octile optimum"
        );
    }
}
