//! The exact mesh search on hand-made cases: pinches, start equal to
//! goal, no path, bad points, goals on shared edges and vertices, the three
//! query forms (helpers and the properties: `navmesh_exact.rs`).

use pathseek::navmesh::{MeshQuery, Point, PointError};

use crate::common::any_angle_reference::optimal_length;
use crate::common::mesh_reference::MeshReference;
use crate::navmesh::{cells, centre, free_cells, grid_from, grid_of, render};
use crate::navmesh_exact::*;

/// Two thin triangular obstacles touching at `(2, 2)`: between them a free
/// triangle of 45 degrees, round the rest 270 degrees of free space. The
/// path from above the one to below the other bends at the pinch on the
/// wide side; a path may not squeeze through the pinch from the narrow
/// side to the wide one.
#[test]
fn a_path_bends_at_a_pinch_but_does_not_squeeze_through_it() {
    let rows = ["....", "..F.", "..7.", "...."];
    let mesh = triangles_from(&rows);
    let mut reference = MeshReference::new(&mesh);
    let v = Point::new(2.0, 2.0);
    assert!(reference.is_pinch(v));
    let what = || format!("{}\n{}", rows.join("\n"), mesh_picture(&mesh));
    let mut query = MeshQuery::new();
    let mut points = Vec::new();
    // Round the pinch on its wide side.
    let (a, b) = (Point::new(1.9, 1.0), Point::new(2.9, 3.0));
    let expected = 1.01f64.sqrt() + 1.81f64.sqrt();
    let optimum = reference.shortest(a, b).unwrap();
    assert!(close(optimum.0, expected), "{optimum:?}");
    assert_eq!(optimum.1, [a, v, b]);
    for (a, b) in [(a, b), (b, a)] {
        check_exact(
            &mesh,
            &reference,
            None,
            &mut query,
            &mut points,
            a,
            b,
            Some(expected),
            &what,
        );
    }
    // Straight through the pinch from the narrow side: refused, the way
    // round is longer.
    let (a, b) = (Point::new(2.75, 1.75), Point::new(1.25, 2.25));
    assert!(reference.walk(&reference.polygons_at(a), a, b).is_empty());
    let optimum = reference.shortest_length(a, b).unwrap();
    assert!(optimum > a.distance(b) + 0.1, "{optimum}");
    for (a, b) in [(a, b), (b, a)] {
        check_exact(
            &mesh,
            &reference,
            None,
            &mut query,
            &mut points,
            a,
            b,
            Some(optimum),
            &what,
        );
    }
}

#[test]
fn start_equal_to_goal_and_both_in_one_polygon() {
    let grid = grid_from(&["....", ".@..", "...."]);
    let mesh = cells(&grid).unwrap();
    let mut query = MeshQuery::new();
    let mut points = Vec::new();
    for p in [
        Point::new(0.5, 0.5),
        Point::new(1.0, 1.0),
        Point::new(2.0, 0.5),
    ] {
        let length = query
            .find_exact_path_into(&mesh, p, p, &mut points)
            .unwrap();
        assert_eq!(length, Some(0.0), "{p:?}");
        assert_eq!(points.first(), Some(&p));
        assert!(points.iter().all(|&q| q == p), "{points:?}");
    }
    // One polygon: the straight segment.
    let (a, b) = (Point::new(0.1, 0.2), Point::new(0.9, 0.7));
    let path = mesh.find_exact_path(a, b).unwrap().unwrap();
    assert_eq!(path.points, [a, b]);
    assert_eq!(path.length, a.distance(b));
}

#[test]
fn no_path_between_two_islands() {
    let grid = grid_from(&["..@..", "..@..", "..@.."]);
    let mesh = cells(&grid).unwrap();
    let mut query = MeshQuery::new();
    let mut points = vec![Point::new(9.0, 9.0)];
    assert_eq!(
        query.find_exact_path_into(&mesh, [0.5, 0.5], [4.5, 2.5], &mut points),
        Ok(None)
    );
    assert!(points.is_empty(), "{points:?}");
    assert_eq!(mesh.find_exact_path([0.5, 0.5], [4.5, 2.5]), Ok(None));
    // Cells touching at a corner only: no way through.
    let grid = grid_of(2, 2, &[false, true, true, false]);
    let mesh = cells(&grid).unwrap();
    assert_eq!(mesh.find_exact_path([0.5, 0.5], [1.5, 1.5]), Ok(None));
}

#[test]
fn points_outside_or_not_finite_give_the_errors_of_find_path() {
    let grid = grid_from(&["...", ".@.", "..."]);
    let mesh = cells(&grid).unwrap();
    let inside = Point::new(0.5, 0.5);
    let mut query = MeshQuery::new();
    let mut points = Vec::new();
    for bad in [
        Point::new(1.5, 1.5),
        Point::new(-0.5, 0.5),
        Point::new(9.0, 9.0),
        Point::new(f64::NAN, 0.5),
        Point::new(0.5, f64::INFINITY),
        Point::new(f64::NEG_INFINITY, f64::NAN),
    ] {
        for (a, b) in [(inside, bad), (bad, inside), (bad, bad)] {
            let approximate = mesh.find_path(a, b).map(|p| p.map(|p| p.length));
            assert!(approximate.is_err(), "{a:?} -> {b:?}");
            let same = |r: Result<Option<f64>, PointError>| {
                // NaN != NaN: compare the errors' kinds and shown text.
                format!("{r:?}") == format!("{approximate:?}")
            };
            assert!(
                same(mesh.find_exact_path(a, b).map(|p| p.map(|p| p.length))),
                "{a:?} -> {b:?}: {:?}, find_path {approximate:?}",
                mesh.find_exact_path(a, b)
            );
            assert!(same(
                query
                    .find_exact_path(&mesh, a, b)
                    .map(|p| p.map(|p| p.length))
            ));
            assert!(same(query.find_exact_path_into(&mesh, a, b, &mut points)));
        }
    }
    assert_eq!(
        mesh.find_exact_path(inside, Point::new(1.5, 1.5)),
        Err(PointError::Outside {
            point: Point::new(1.5, 1.5)
        })
    );
    // Points on the mesh's boundary are in it.
    let path = mesh
        .find_exact_path([0.0, 0.0], [3.0, 3.0])
        .unwrap()
        .unwrap();
    assert!(close(path.length, 2.0 * 5.0f64.sqrt()), "{path:?}");
}

/// Goals on an edge two cells share, on a vertex inside the free space, on
/// a reflex corner of an obstacle and on the map's outer corner: each the
/// optimum, from every cell centre.
#[test]
fn goals_on_shared_edges_and_vertices() {
    let grid = grid_from(&["......", ".@@...", ".@....", "....@."]);
    let mesh = cells(&grid).unwrap();
    let reference = MeshReference::new(&mesh);
    let mut query = MeshQuery::new();
    let mut points = Vec::new();
    for goal in [
        Point::new(3.0, 2.5),
        Point::new(4.0, 1.0),
        Point::new(2.0, 2.0),
        Point::new(3.0, 1.0),
        Point::new(6.0, 4.0),
        Point::new(0.0, 4.0),
    ] {
        for start in free_cells(&grid).into_iter().map(centre) {
            for (a, b) in [(start, goal), (goal, start)] {
                let what = || render(&grid);
                check_on_grid(
                    &mesh,
                    &reference,
                    &grid,
                    &mut query,
                    &mut points,
                    a,
                    b,
                    &what,
                );
            }
        }
    }
}

/// The three ways to ask give the same path.
#[test]
fn the_three_exact_queries_agree() {
    let grid = grid_from(&[".....", ".@@@.", ".@...", "....."]);
    let mesh = cells(&grid).unwrap();
    let (a, b) = (Point::new(2.5, 2.5), Point::new(0.5, 0.5));
    let one = mesh.find_exact_path(a, b).unwrap().unwrap();
    let mut query = MeshQuery::new();
    let two = query.find_exact_path(&mesh, a, b).unwrap().unwrap();
    let mut points = Vec::new();
    let three = query
        .find_exact_path_into(&mesh, a, b, &mut points)
        .unwrap();
    assert_eq!(one, two);
    assert_eq!(Some(one.length), three);
    assert_eq!(one.points, points);
    let optimum = optimal_length(&grid, [a.x, a.y], [b.x, b.y]).unwrap();
    assert!(close(one.length, optimum), "{one:?} {optimum}");
}

/// A room hanging off a corridor by a one-cell door is a pocket: the
/// straight line to a goal beyond it runs through the room, yet a query
/// makes no interval inside it (without pockets the search goes in); one
/// with its goal in the room goes in; both are the optimum.
#[test]
fn a_room_behind_one_door_is_searched_only_for_a_goal_inside() {
    let rows = [
        "@@@@@@@@@@@@",
        "...........@",
        "@@@@@.@@@@.@",
        "@@@.....@@.@",
        "@@@.....@@.@",
        "@@@.....@@.@",
        "@@@@@@@@@@.@",
        "@@@@@@@@@@..",
    ];
    let grid = grid_from(&rows);
    let mesh = cells(&grid).unwrap();
    let reference = MeshReference::new(&mesh);
    let mut query = MeshQuery::new();
    let mut points = Vec::new();
    let what = || render(&grid);
    // The room, and the door's far edge (its near edge is y = 3).
    let in_room = |p: Point| p.y > 3.5 && p.x < 8.5;
    let (a, b) = (Point::new(0.5, 1.5), Point::new(11.5, 7.5));
    check_on_grid(
        &mesh,
        &reference,
        &grid,
        &mut query,
        &mut points,
        a,
        b,
        &what,
    );
    let made: Vec<[Point; 3]> = query.exact_intervals().collect();
    assert!(!made.is_empty());
    assert!(
        made.iter().all(|i| !in_room(i[1]) && !in_room(i[2])),
        "intervals in the room: {made:?}"
    );
    // Into the room: it is searched.
    let c = centre(pathseek::Cell::new(4, 5));
    check_on_grid(
        &mesh,
        &reference,
        &grid,
        &mut query,
        &mut points,
        a,
        c,
        &what,
    );
    assert!(query
        .exact_intervals()
        .any(|i| in_room(i[1]) || in_room(i[2])));
}
