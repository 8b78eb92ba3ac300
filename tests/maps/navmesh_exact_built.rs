//! (c) Meshes from grids (triangles, and polygons of up to eight corners)
//! and from outlines with random holes, islands and pinches (feature
//! `navmesh`).

use pathseek::navmesh::{MeshError, MeshQuery, NavMesh, Point};
use proptest::prelude::*;

use crate::common::any_angle_reference::optimal_length;
use crate::common::mesh_reference::MeshReference;
use crate::navmesh::render;
use crate::navmesh_exact::*;
use pathseek::navmesh::BuildOptions;

/// Meshes of `from_grid` (triangles, and up to eight corners): the
/// exact length is the GPPC optimum; the mesh reference agrees on a
/// few queries.
#[test]
fn exact_paths_on_grid_meshes_are_the_optimum() {
    crate::common::run_property_with(
        "exact_paths_on_grid_meshes_are_the_optimum",
        regressions_file!("navmesh_exact_grid_meshes"),
        128,
        (grids(14), picks(6), any::<bool>(), 0usize..4),
        |(grid, picks, triangles, landmarks)| {
            let corners = if triangles { 3 } else { 8 };
            let options = BuildOptions::default().max_corners(corners);
            let mut mesh = match NavMesh::from_grid_with(&grid, options) {
                Ok(mesh) => mesh,
                Err(MeshError::Empty) => return,
                Err(e) => panic!("build: {e}\n{}", render(&grid)),
            };
            mesh.add_landmarks(landmarks);
            let mut reference = MeshReference::new(&mesh);
            let mut query = MeshQuery::new();
            let mut points = Vec::new();
            for (i, (a, b)) in grid_queries(&grid, &picks, 8).into_iter().enumerate() {
                let optimum = optimal_length(&grid, [a.x, a.y], [b.x, b.y]);
                if i % 8 == 0 {
                    let mine = reference.shortest_length(a, b);
                    assert!(
                        mine.is_some() == optimum.is_some()
                            && mine.zip(optimum).is_none_or(|(x, y)| close(x, y)),
                        "{a:?} -> {b:?}: mesh reference {mine:?}, grid {optimum:?}\n{}{}",
                        render(&grid),
                        mesh_picture(&mesh)
                    );
                }
                let what = || {
                    format!(
                        "from_grid, max corners {corners}, {landmarks} landmarks\n{}{}",
                        render(&grid),
                        mesh_picture(&mesh)
                    )
                };
                check_exact(
                    &mesh,
                    &reference,
                    Some(&grid),
                    &mut query,
                    &mut points,
                    a,
                    b,
                    optimum,
                    &what,
                );
            }
        },
    );
}

/// The outlines of a random map: a square of `k` x `k` blocks of side
/// 4 (with a margin of 1 round it), each block empty or holding an
/// obstacle: a random triangle (not too thin), a diamond whose left and right tips
/// touch its neighbours' (pinches), one whose top and bottom tips do,
/// or a square hole with a square island inside it.
fn outlines(k: usize, blocks: &[(u8, [f64; 6])]) -> Vec<Vec<Point>> {
    let side = 4.0 * k as f64;
    let p = Point::new;
    let mut outlines = vec![vec![
        p(-1.0, -1.0),
        p(side + 1.0, -1.0),
        p(side + 1.0, side + 1.0),
        p(-1.0, side + 1.0),
    ]];
    for (i, &(kind, r)) in blocks.iter().enumerate() {
        let (x, y) = (4.0 * (i % k) as f64, 4.0 * (i / k) as f64);
        let square = |inset: f64| {
            vec![
                p(x + inset, y + inset),
                p(x + 4.0 - inset, y + inset),
                p(x + 4.0 - inset, y + 4.0 - inset),
                p(x + inset, y + 4.0 - inset),
            ]
        };
        match kind % 5 {
            1 => {
                let t = [
                    p(x + 0.2 + 3.6 * r[0], y + 0.2 + 3.6 * r[1]),
                    p(x + 0.2 + 3.6 * r[2], y + 0.2 + 3.6 * r[3]),
                    p(x + 0.2 + 3.6 * r[4], y + 0.2 + 3.6 * r[5]),
                ];
                let area = ((t[1].x - t[0].x) * (t[2].y - t[0].y)
                    - (t[1].y - t[0].y) * (t[2].x - t[0].x))
                    .abs();
                // No slivers: a random triangle of some area.
                if area > 0.5 {
                    outlines.push(t.to_vec());
                }
            }
            2 => outlines.push(vec![
                p(x, y + 2.0),
                p(x + 2.0, y + 2.0 - 0.1 - 1.8 * r[0]),
                p(x + 4.0, y + 2.0),
                p(x + 2.0, y + 2.0 + 0.1 + 1.8 * r[1]),
            ]),
            3 => outlines.push(vec![
                p(x + 2.0, y),
                p(x + 2.0 + 0.1 + 1.8 * r[0], y + 2.0),
                p(x + 2.0, y + 4.0),
                p(x + 2.0 - 0.1 - 1.8 * r[1], y + 2.0),
            ]),
            4 => {
                outlines.push(square(0.3));
                outlines.push(square(1.0 + r[0]));
            }
            _ => {}
        }
    }
    outlines
}

/// Meshes of `from_outlines` (triangles, and up to eight corners) with
/// random holes, islands inside holes and pinches: the exact length is
/// the mesh reference's, between random points.
#[test]
fn exact_paths_on_outline_meshes_match_the_reference() {
    let case = (1usize..5).prop_flat_map(|k| {
        (
            Just(k),
            proptest::collection::vec((any::<u8>(), proptest::array::uniform6(0.0f64..1.0)), k * k),
            proptest::collection::vec((0.0f64..1.0, 0.0f64..1.0), 10),
            any::<bool>(),
        )
    });
    crate::common::run_property_with(
        "exact_paths_on_outline_meshes_match_the_reference",
        regressions_file!("navmesh_exact_outlines"),
        128,
        case,
        |(k, blocks, picks, triangles)| {
            let outlines = outlines(k, &blocks);
            let corners = if triangles { 3 } else { 8 };
            let options = BuildOptions::default().max_corners(corners);
            let mesh = match NavMesh::from_outlines_with(&outlines, options) {
                Ok(mesh) => mesh,
                Err(e) => panic!("build: {e} {outlines:?}"),
            };
            let mut reference = MeshReference::new(&mesh);
            let size = 4.0 * k as f64 + 2.0;
            let points: Vec<Point> = picks
                .iter()
                .map(|&(f, g)| Point::new(-1.0 + size * f, -1.0 + size * g))
                .filter(|&p| mesh.locate(p).is_some() && !reference.is_pinch(p))
                .collect();
            let mut query = MeshQuery::new();
            let mut path = Vec::new();
            for &a in &points {
                for &b in &points {
                    let best = reference.shortest(a, b);
                    let what = || {
                        format!(
                            "outlines {outlines:?}\nmax corners {corners}\n\
                             reference path {best:?}"
                        )
                    };
                    let optimum = best.as_ref().map(|b| b.0);
                    check_exact(
                        &mesh, &reference, None, &mut query, &mut path, a, b, optimum, &what,
                    );
                }
            }
        },
    );
}

/// Landmarks on den520d's mesh: every exact length the same as without
/// them (every fourth scenario, cell centres), for far fewer expansions.
#[test]
fn landmarks_cut_the_exact_search_on_den520d() {
    use pathseek::{Connectivity, Grid, GridCosts};
    let (map, scenarios) = crate::common::load_movingai("den520d");
    let grid: Grid<f64> = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    let plain = NavMesh::from_grid(&grid).unwrap();
    let mut guided = plain.clone();
    let before = guided.heap_bytes();
    guided.add_landmarks(8);
    assert_eq!(guided.landmark_count(), 8);
    assert!(guided.heap_bytes() >= before + 8 * 8 * plain.vertex_count());
    let mut query = MeshQuery::new();
    let mut points = Vec::new();
    let (mut expanded_plain, mut expanded_guided) = (0u64, 0u64);
    for s in scenarios
        .iter()
        .filter(|s| !s.expects_no_path() && s.start != s.goal)
        .step_by(4)
    {
        let (a, b) = (
            crate::navmesh::centre(s.start),
            crate::navmesh::centre(s.goal),
        );
        let x = query
            .find_exact_path_into(&plain, a, b, &mut points)
            .unwrap()
            .unwrap();
        expanded_plain += query.stats().expanded;
        let y = query
            .find_exact_path_into(&guided, a, b, &mut points)
            .unwrap()
            .unwrap();
        expanded_guided += query.stats().expanded;
        assert!(close(x, y), "{s:?}: {x} without landmarks, {y} with");
        assert!(close(
            points.windows(2).map(|w| w[0].distance(w[1])).sum(),
            y
        ));
    }
    assert!(
        (expanded_guided as f64) < 0.8 * expanded_plain as f64,
        "expansions: {expanded_guided} with landmarks, {expanded_plain} without"
    );
}
