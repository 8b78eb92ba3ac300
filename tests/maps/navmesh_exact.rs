//! The exact any-angle search on navigation meshes (`find_exact_path`,
//! issue 39): the shortest path of all within the mesh's free space, never
//! squeezing through a vertex where two walls touch.
//!
//! Checked against two independent exact references: the GPPC any-angle
//! optimum of a grid (`tests/common/any_angle_reference.rs`) on meshes
//! whose free space is a grid's (cells, merged rectangles, rectangles cut
//! by diagonals, `from_grid`), and the mesh's own visibility-graph Dijkstra
//! (`tests/common/mesh_reference.rs`) on any mesh (triangles of half-cells
//! under a random shear, hand-made pinches, `from_outlines` with holes and
//! islands). The two references are checked against each other too.
//!
//! Every exact path must: be found exactly when the reference has one; run
//! from the start to the goal; be walkable by the mesh's rules (the
//! reference's walk: inside the free space, crossing between polygons
//! only at shared edges, no squeeze through a pinch), and on grids by the
//! GPPC rules; bend only at vertices of wall edges; have the length of the
//! sum of its segments; and equal the optimum within 1e-9 (relative).

use pathseek::navmesh::{MeshError, MeshQuery, NavMesh, Point};
use pathseek::{Cell, Grid};
use proptest::prelude::*;

use crate::common::any_angle_reference::{is_double_corner, optimal_length, segment_valid};
use crate::common::mesh_reference::MeshReference;
use crate::navmesh::{cells, centre, free_cells, grid_from, grid_of, render, visits_not_squeezes};

/// The relative tolerance of a length against the optimum.
pub(crate) const TOL: f64 = 1e-9;

pub(crate) fn close(x: f64, y: f64) -> bool {
    (x - y).abs() <= TOL * x.abs().max(y.abs()).max(1.0)
}

/// One exact query from `a` to `b`, checked against `optimum` (`what`
/// gives the query and the map for messages, made only on failure):
/// found exactly when `optimum` is, walkable by `reference`'s rules,
/// bending only at wall vertices, its length the sum of its segments and
/// equal to `optimum`. On a grid (`grid`), every segment is also valid by
/// the GPPC rules and no bend squeezes through a double corner. Returns
/// the exact length.
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_exact(
    mesh: &NavMesh,
    reference: &MeshReference,
    grid: Option<&Grid<f64>>,
    query: &mut MeshQuery,
    points: &mut Vec<Point>,
    a: Point,
    b: Point,
    optimum: Option<f64>,
    what: &dyn Fn() -> String,
) -> Option<f64> {
    let found = query
        .find_exact_path_into(mesh, a, b, points)
        .unwrap_or_else(|e| panic!("{a:?} -> {b:?}: {e}\n{}", what()));
    let (length, optimum) = match (found, optimum) {
        (None, None) => {
            assert!(
                points.is_empty(),
                "{a:?} -> {b:?}: no path, but points {points:?}"
            );
            return None;
        }
        (Some(length), Some(optimum)) => (length, optimum),
        (found, optimum) => panic!(
            "{a:?} -> {b:?}: exact search {found:?} ({points:?}), reference {optimum:?}\n{}",
            what()
        ),
    };
    assert_eq!(
        points.first(),
        Some(&a),
        "{a:?} -> {b:?}: {points:?}\n{}",
        what()
    );
    assert_eq!(
        points.last(),
        Some(&b),
        "{a:?} -> {b:?}: {points:?}\n{}",
        what()
    );
    let sum: f64 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
    assert!(
        close(sum, length),
        "{a:?} -> {b:?}: length {length}, segments sum to {sum} ({points:?})\n{}",
        what()
    );
    assert!(
        close(length, optimum),
        "{a:?} -> {b:?}: exact length {length}, optimum {optimum} (ratio {}) ({points:?})\n{}",
        length / optimum,
        what()
    );
    if let Err(e) = reference.path_valid(points) {
        panic!("{a:?} -> {b:?}: {e} ({points:?})\n{}", what());
    }
    if points.len() > 2 {
        for &bend in &points[1..points.len() - 1] {
            assert!(
                reference.is_wall_vertex(bend),
                "{a:?} -> {b:?}: bend {bend:?} is not a vertex of a wall edge ({points:?})\n{}",
                what()
            );
        }
    }
    if let Some(grid) = grid {
        for w in points.windows(2) {
            assert!(
                segment_valid(grid, [w[0].x, w[0].y], [w[1].x, w[1].y]),
                "{a:?} -> {b:?}: segment {:?} -> {:?} breaks the GPPC rules ({points:?})\n{}",
                w[0],
                w[1],
                what()
            );
        }
        for w in points.windows(3) {
            if is_double_corner(grid, [w[1].x, w[1].y]) {
                assert!(
                    visits_not_squeezes(grid, w[0], w[1], w[2]),
                    "{a:?} -> {b:?}: squeezes through {:?} ({points:?})\n{}",
                    w[1],
                    what()
                );
            }
        }
    }
    Some(length)
}

/// [`check_exact`] on a mesh whose free space is `grid`'s, against the
/// grid's GPPC any-angle optimum from `a` to `b`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_on_grid(
    mesh: &NavMesh,
    reference: &MeshReference,
    grid: &Grid<f64>,
    query: &mut MeshQuery,
    points: &mut Vec<Point>,
    a: Point,
    b: Point,
    what: &dyn Fn() -> String,
) -> Option<f64> {
    let optimum = optimal_length(grid, [a.x, a.y], [b.x, b.y]);
    check_exact(
        mesh,
        reference,
        Some(grid),
        query,
        points,
        a,
        b,
        optimum,
        what,
    )
}

/// A query point on a grid from random numbers: in free cell `cell`, by
/// `kind`: inside it (`f`, `g` the offsets), on its west edge, on its north
/// edge, on its north-west corner, or its centre.
pub(crate) fn grid_point(cell: Cell, kind: u8, f: f64, g: f64) -> Point {
    let (x, y) = (f64::from(cell.x), f64::from(cell.y));
    match kind % 5 {
        0 => Point::new(x + f, y + g),
        1 => Point::new(x, y + g),
        2 => Point::new(x + f, y),
        3 => Point::new(x, y),
        _ => Point::new(x + 0.5, y + 0.5),
    }
}

pub(crate) type Picks = Vec<(usize, u8, f64, f64)>;

pub(crate) fn picks(n: usize) -> impl Strategy<Value = Picks> {
    proptest::collection::vec((any::<usize>(), any::<u8>(), 0.0f64..1.0, 0.0f64..1.0), n)
}

pub(crate) fn grids(max: u32) -> impl Strategy<Value = Grid<f64>> {
    (2u32..max, 2u32..max, 0u32..45).prop_flat_map(|(w, h, density)| {
        proptest::collection::vec(0u32..100, (w * h) as usize).prop_map(move |v| {
            let blocked: Vec<bool> = v.iter().map(|&r| r < density).collect();
            grid_of(w, h, &blocked)
        })
    })
}

/// The query points of a grid: random points (inside cells, on their
/// edges and corners; none on a double corner, where which side is meant
/// is a convention) and the centres of about `centres` free cells.
pub(crate) fn grid_queries(grid: &Grid<f64>, picks: &Picks, centres: usize) -> Vec<(Point, Point)> {
    let free = free_cells(grid);
    if free.is_empty() {
        return Vec::new();
    }
    let random: Vec<Point> = picks
        .iter()
        .map(|&(i, kind, f, g)| grid_point(free[i % free.len()], kind, f, g))
        .filter(|p| !is_double_corner(grid, [p.x, p.y]))
        .collect();
    let step = (free.len() / centres).max(1);
    let middles: Vec<Point> = free.iter().step_by(step).map(|&c| centre(c)).collect();
    let mut queries = Vec::new();
    for &a in &random {
        for &b in random.iter().chain(&middles[..middles.len().min(3)]) {
            queries.push((a, b));
            queries.push((b, a));
        }
    }
    for &a in &middles {
        for &b in &middles {
            queries.push((a, b));
        }
    }
    queries
}

/// The mesh of maximal rectangles of free cells (greedy, row by row),
/// each polygon with every integer point of its boundary as a corner (so
/// neighbouring rectangles share unit edges); with `split`, each rectangle
/// cut by its diagonal into two triangles (with collinear corners). The
/// free space and its portals are those of the cell mesh.
pub(crate) fn rectangles(grid: &Grid<f64>, split: bool) -> (Vec<[f64; 2]>, Vec<Vec<u32>>) {
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    let free = |x: usize, y: usize| grid.is_passable(Cell::new(x as u32, y as u32));
    let mut covered = vec![false; w * h];
    let mut index = vec![u32::MAX; (w + 1) * (h + 1)];
    let mut vertices = Vec::new();
    let mut polygons = Vec::new();
    let mut vertex = |x: usize, y: usize, vertices: &mut Vec<[f64; 2]>| {
        let slot = &mut index[y * (w + 1) + x];
        if *slot == u32::MAX {
            *slot = vertices.len() as u32;
            vertices.push([x as f64, y as f64]);
        }
        *slot
    };
    for y0 in 0..h {
        for x0 in 0..w {
            if !free(x0, y0) || covered[y0 * w + x0] {
                continue;
            }
            let mut x1 = x0 + 1;
            while x1 < w && free(x1, y0) && !covered[y0 * w + x1] {
                x1 += 1;
            }
            let mut y1 = y0 + 1;
            while y1 < h && (x0..x1).all(|x| free(x, y1) && !covered[y1 * w + x]) {
                y1 += 1;
            }
            for y in y0..y1 {
                for x in x0..x1 {
                    covered[y * w + x] = true;
                }
            }
            // Round the boundary: north side east, east side south, south
            // side west, west side north.
            let mut north_east = Vec::new();
            for x in x0..x1 {
                north_east.push(vertex(x, y0, &mut vertices));
            }
            for y in y0..y1 {
                north_east.push(vertex(x1, y, &mut vertices));
            }
            let mut south_west = Vec::new();
            for x in (x0 + 1..=x1).rev() {
                south_west.push(vertex(x, y1, &mut vertices));
            }
            for y in (y0 + 1..=y1).rev() {
                south_west.push(vertex(x0, y, &mut vertices));
            }
            if split {
                // Corners (x0, y0) .. (x1, y1) and (x1, y1) .. (x0, y0).
                let mut first = north_east;
                first.push(vertex(x1, y1, &mut vertices));
                let mut second = south_west;
                second.push(vertex(x0, y0, &mut vertices));
                polygons.push(first);
                polygons.push(second);
            } else {
                north_east.extend(south_west);
                polygons.push(north_east);
            }
        }
    }
    (vertices, polygons)
}

/// A mesh of triangles: each cell of a `w` x `h` grid cut by a diagonal
/// (`\` when `diagonals[i]`, else `/`) into two triangles, each free
/// unless `blocked` (two per cell: for `\` the north-east then the
/// south-west half, for `/` the north-west then the south-east), all
/// vertices mapped by the linear map `m` (`[[m0, m1], [m2, m3]]`).
/// Obstacles of half-cells touch at vertices at many angles, so pinches
/// whose free side turns by more than 180 degrees occur.
pub(crate) fn triangles(
    w: usize,
    h: usize,
    diagonals: &[bool],
    blocked: &[bool],
    m: [f64; 4],
) -> (Vec<[f64; 2]>, Vec<Vec<u32>>) {
    let map = |x: f64, y: f64| [m[0] * x + m[1] * y, m[2] * x + m[3] * y];
    let vertices: Vec<[f64; 2]> = (0..=h)
        .flat_map(|y| (0..=w).map(move |x| (x as f64, y as f64)))
        .map(|(x, y)| map(x, y))
        .collect();
    let v = |x: usize, y: usize| (y * (w + 1) + x) as u32;
    let mut polygons = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let halves = if diagonals[i] {
                [
                    vec![v(x, y), v(x + 1, y), v(x + 1, y + 1)],
                    vec![v(x, y), v(x + 1, y + 1), v(x, y + 1)],
                ]
            } else {
                [
                    vec![v(x, y), v(x + 1, y), v(x, y + 1)],
                    vec![v(x + 1, y), v(x + 1, y + 1), v(x, y + 1)],
                ]
            };
            for (k, half) in halves.into_iter().enumerate() {
                if !blocked[2 * i + k] {
                    polygons.push(half);
                }
            }
        }
    }
    (vertices, polygons)
}

/// A picture of a triangle mesh, one character a cell: `.` both halves of
/// a `\` cell free, `,` both halves of a `/` cell free, `@` both blocked;
/// `7` a `\` cell with its north-east half blocked, `L` its south-west
/// half; `F` a `/` cell with its north-west half blocked, `J` its
/// south-east half. (The y axis points down, as in grid maps.)
pub(crate) fn triangles_from(rows: &[&str]) -> NavMesh {
    let (w, h) = (rows[0].len(), rows.len());
    let mut diagonals = Vec::new();
    let mut blocked = Vec::new();
    for row in rows {
        for c in row.chars() {
            let (diagonal, first, second) = match c {
                '.' => (true, false, false),
                ',' => (false, false, false),
                '@' => (true, true, true),
                '7' => (true, true, false),
                'L' => (true, false, true),
                'F' => (false, true, false),
                'J' => (false, false, true),
                _ => panic!("{c:?} in a triangle picture"),
            };
            diagonals.push(diagonal);
            blocked.extend([first, second]);
        }
    }
    let (vertices, polygons) = triangles(w, h, &diagonals, &blocked, [1.0, 0.0, 0.0, 1.0]);
    NavMesh::from_polygons(&vertices, &polygons).unwrap()
}

pub(crate) fn mesh_picture(mesh: &NavMesh) -> String {
    let mut out = String::new();
    for p in 0..mesh.polygon_count() {
        let corners: Vec<(f64, f64)> = mesh.polygon(p).map(|q| (q.x, q.y)).collect();
        out.push_str(&format!("{p}: {corners:?}\n"));
    }
    out
}

/// (a) Cell meshes of random grids: the exact length is the GPPC optimum
/// between random points (inside cells, on their edges and corners) and
/// cell centres, the path valid by the mesh's and the GPPC rules, and
/// never longer than the approximate search's.
#[test]
fn exact_paths_on_cell_meshes_are_the_optimum() {
    crate::common::run_property_with(
        "exact_paths_on_cell_meshes_are_the_optimum",
        regressions_file!("navmesh_exact_cells"),
        128,
        (grids(13), picks(6), 0usize..4),
        |(grid, picks, landmarks)| {
            let mut mesh = match cells(&grid) {
                Ok(mesh) => mesh,
                Err(MeshError::Empty) => return,
                Err(e) => panic!("build: {e}"),
            };
            // With landmarks the heuristic is larger: the optimum all the same.
            mesh.add_landmarks(landmarks);
            let reference = MeshReference::new(&mesh);
            let mut query = MeshQuery::new();
            let (mut points, mut approximate) = (Vec::new(), Vec::new());
            for (a, b) in grid_queries(&grid, &picks, 8) {
                let what = || format!("cell mesh, {landmarks} landmarks\n{}", render(&grid));
                let exact = check_on_grid(
                    &mesh,
                    &reference,
                    &grid,
                    &mut query,
                    &mut points,
                    a,
                    b,
                    &what,
                );
                let found = query.find_path_into(&mesh, a, b, &mut approximate).unwrap();
                if let (Some(exact), Some(found)) = (exact, found) {
                    assert!(
                        exact <= found + TOL * found.max(1.0),
                        "{a:?} -> {b:?}: exact {exact} ({points:?}) longer than the \
                         approximate {found} ({approximate:?})\n{}",
                        what()
                    );
                }
            }
        },
    );
}

/// The mesh reference against the grid reference on cell meshes and on
/// merged rectangles (with and without diagonals): the same optimum, and
/// the reference's own paths valid by the GPPC rules. Tests the
/// reference, not the search.
#[test]
fn the_mesh_reference_agrees_with_the_grid_reference() {
    crate::common::run_property_with(
        "the_mesh_reference_agrees_with_the_grid_reference",
        regressions_file!("navmesh_exact_reference"),
        64,
        (grids(10), picks(5), 0u8..3),
        |(grid, picks, kind)| {
            let (vertices, polygons) = match kind {
                0 => crate::common::cell_mesh::cell_mesh(&grid),
                k => rectangles(&grid, k == 2),
            };
            let mesh = match NavMesh::from_polygons(&vertices, &polygons) {
                Ok(mesh) => mesh,
                Err(MeshError::Empty) => return,
                Err(e) => panic!("build: {e}\n{}", render(&grid)),
            };
            let mut reference = MeshReference::new(&mesh);
            for (a, b) in grid_queries(&grid, &picks, 4) {
                let optimum = optimal_length(&grid, [a.x, a.y], [b.x, b.y]);
                let found = reference.shortest(a, b);
                assert_eq!(
                    found.is_some(),
                    optimum.is_some(),
                    "mesh {kind}: {a:?} -> {b:?}: {found:?} {optimum:?}\n{}",
                    render(&grid)
                );
                let (Some((length, path)), Some(optimum)) = (found, optimum) else {
                    continue;
                };
                assert!(
                    close(length, optimum),
                    "mesh {kind}: {a:?} -> {b:?}: reference {length} ({path:?}), grid {optimum}\n{}",
                    render(&grid)
                );
                for w in path.windows(2) {
                    assert!(
                        segment_valid(&grid, [w[0].x, w[0].y], [w[1].x, w[1].y]),
                        "mesh {kind}: {a:?} -> {b:?}: {path:?}\n{}",
                        render(&grid)
                    );
                }
                assert!(reference.path_valid(&path).is_ok());
            }
        },
    );
}

/// (b) Meshes of merged rectangles of free cells (each with its collinear
/// boundary points as corners), half of them cut by diagonals into
/// triangles: the free space is the grid's, so the exact length is the
/// GPPC optimum.
#[test]
fn exact_paths_on_merged_rectangles_are_the_optimum() {
    crate::common::run_property_with(
        "exact_paths_on_merged_rectangles_are_the_optimum",
        regressions_file!("navmesh_exact_rectangles"),
        128,
        (grids(13), picks(6), any::<bool>(), 0usize..4),
        |(grid, picks, split, landmarks)| {
            let (vertices, polygons) = rectangles(&grid, split);
            let mut mesh = match NavMesh::from_polygons(&vertices, &polygons) {
                Ok(mesh) => mesh,
                Err(MeshError::Empty) => return,
                Err(e) => panic!("build: {e}\n{}", render(&grid)),
            };
            mesh.add_landmarks(landmarks);
            let reference = MeshReference::new(&mesh);
            let mut query = MeshQuery::new();
            let mut points = Vec::new();
            for (a, b) in grid_queries(&grid, &picks, 6) {
                let what = || {
                    format!(
                        "rectangles (split {split}, {landmarks} landmarks)\n{}{}",
                        render(&grid),
                        mesh_picture(&mesh)
                    )
                };
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
        },
    );
}

/// (b) Triangles of half-cells, sheared: obstacles touch at vertices at
/// many angles (pinches on either side of 180 degrees), against the mesh
/// reference, between random points inside triangles, on their edges and
/// at their corners (none on a pinch).
#[test]
fn exact_paths_on_triangle_meshes_match_the_reference() {
    let case = (2usize..9, 2usize..9, 0u32..40).prop_flat_map(|(w, h, density)| {
        (
            proptest::collection::vec(any::<bool>(), w * h),
            proptest::collection::vec(0u32..100, 2 * w * h),
            (0.5f64..2.0, -0.6f64..0.6, -0.6f64..0.6, 0.5f64..2.0),
            picks(8),
        )
            .prop_map(move |(diagonals, blocked, m, picks)| {
                let blocked: Vec<bool> = blocked.iter().map(|&r| r < density).collect();
                (w, h, diagonals, blocked, [m.0, m.1, m.2, m.3], picks)
            })
    });
    crate::common::run_property_with(
        "exact_paths_on_triangle_meshes_match_the_reference",
        regressions_file!("navmesh_exact_triangles"),
        256,
        case,
        |(w, h, diagonals, blocked, m, picks)| {
            let (vertices, polygons) = triangles(w, h, &diagonals, &blocked, m);
            let mut mesh = match NavMesh::from_polygons(&vertices, &polygons) {
                Ok(mesh) => mesh,
                Err(MeshError::Empty) => return,
                Err(e) => panic!("build: {e}"),
            };
            // Landmarks on some of the meshes (0 to 3, by the map's size).
            let landmarks = (w + h) % 4;
            mesh.add_landmarks(landmarks);
            let mut reference = MeshReference::new(&mesh);
            let points: Vec<Point> = picks
                .iter()
                .map(|&(i, kind, f, g)| {
                    let corners: Vec<Point> = mesh.polygon(i % mesh.polygon_count()).collect();
                    let (p, q, r) = (corners[0], corners[1], corners[2]);
                    // Barycentric: inside, on an edge, at a corner.
                    let (u, v) = match kind % 4 {
                        0 | 1 => (f * (1.0 - g), g),
                        2 => (f, 0.0),
                        _ => (0.0, 0.0),
                    };
                    Point::new(
                        p.x + u * (q.x - p.x) + v * (r.x - p.x),
                        p.y + u * (q.y - p.y) + v * (r.y - p.y),
                    )
                })
                .filter(|&p| mesh.locate(p).is_some() && !reference.is_pinch(p))
                .collect();
            let mut query = MeshQuery::new();
            let mut path = Vec::new();
            let picture = || {
                let rows: Vec<String> = (0..h)
                    .map(|y| {
                        (0..w)
                            .map(|x| {
                                let i = y * w + x;
                                match (diagonals[i], blocked[2 * i], blocked[2 * i + 1]) {
                                    (true, false, false) => '.',
                                    (false, false, false) => ',',
                                    (_, true, true) => '@',
                                    (true, true, false) => '7',
                                    (true, false, true) => 'L',
                                    (false, true, false) => 'F',
                                    (false, false, true) => 'J',
                                }
                            })
                            .collect()
                    })
                    .collect();
                format!(
                    "triangles, sheared by {m:?}, {landmarks} landmarks:\n{}\n",
                    rows.join("\n")
                )
            };
            for &a in &points {
                for &b in &points {
                    let best = reference.shortest(a, b);
                    let what = || format!("{}reference path {best:?}", picture());
                    let optimum = best.as_ref().map(|b| b.0);
                    check_exact(
                        &mesh, &reference, None, &mut query, &mut path, a, b, optimum, &what,
                    );
                }
            }
        },
    );
}

/// Holes, an island inside a hole, obstacles touching at a corner: every
/// pair of a few points (centres, corners, points on edges), against both
/// references, on cells, merged rectangles and rectangles cut by diagonals.
#[test]
fn hand_made_maps_with_holes_islands_and_pinches() {
    let maps: [&[&str]; 4] = [
        &[
            "...........",
            ".@@@@@@@@@.",
            ".@.......@.",
            ".@..@@@..@.",
            ".@..@@@..@.",
            ".@.......@.",
            ".@@@@@@@@@.",
            "...........",
        ],
        &["......", "..@...", "...@..", "....@.", "......"],
        &[".@....", "..@.@.", "...@..", "..@.@.", "......"],
        &["...@...", ".@...@.", "@..@..@", ".@...@.", "...@..."],
    ];
    for rows in maps {
        let grid = grid_from(rows);
        let mut queries_points: Vec<Point> = free_cells(&grid)
            .iter()
            .step_by(3)
            .flat_map(|&c| {
                let (x, y) = (f64::from(c.x), f64::from(c.y));
                [
                    centre(c),
                    Point::new(x, y),
                    Point::new(x + 0.25, y),
                    Point::new(x, y + 0.75),
                ]
            })
            .filter(|p| !is_double_corner(&grid, [p.x, p.y]))
            .collect();
        queries_points.truncate(16);
        for kind in 0..3 {
            let (vertices, polygons) = match kind {
                0 => crate::common::cell_mesh::cell_mesh(&grid),
                k => rectangles(&grid, k == 2),
            };
            let mut mesh = NavMesh::from_polygons(&vertices, &polygons).unwrap();
            // Three landmarks on the merged rectangles, none on the others.
            mesh.add_landmarks(usize::from(kind == 1) * 3);
            let mut reference = MeshReference::new(&mesh);
            let mut query = MeshQuery::new();
            let mut points = Vec::new();
            for &a in &queries_points {
                for &b in &queries_points {
                    let optimum = optimal_length(&grid, [a.x, a.y], [b.x, b.y]);
                    let mine = reference.shortest_length(a, b);
                    assert_eq!(mine.is_some(), optimum.is_some(), "{a:?} -> {b:?}");
                    if let (Some(x), Some(y)) = (mine, optimum) {
                        assert!(close(x, y), "{a:?} -> {b:?}: {x} {y}\n{}", render(&grid));
                    }
                    let what = || format!("mesh {kind}\n{}", render(&grid));
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
            }
        }
    }
}
