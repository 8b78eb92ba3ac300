//! A navigation mesh against the full-grid A* on one MovingAI map: mesh
//! size and build time, then every scenario answered both ways, start and
//! goal at cell centres.
//!
//! ```text
//! cargo run --release --features navmesh --example navmesh            # den520d, embedded
//! cargo run --release --features navmesh --example navmesh -- --map FILE.map --scen FILE.map.scen
//! cargo run --release --features navmesh --example navmesh -- --help
//! ```
//!
//! The mesh follows the GPPC 2023 any-angle rules (see
//! `NavMesh::from_grid`), so each mesh path is also a path on the grid's
//! plane, and never longer than the grid's octile optimum, the length the
//! scenario file gives, unless its route goes round the wrong side of
//! something. The comparison with the optimal any-angle lengths (polyanya)
//! is `cargo run --release -p pathseek-benchmarks --example navmesh_peers`.
//!
//! The last line is
//! `queries Q polygons P mean_vs_octile M worst_vs_octile W speedup_vs_grid S`:
//! M, W = mean and worst mesh length over the octile optimum; S = the
//! full-grid A* time (`DaryHeap<4>` + `IndexedStore`, the crate's fastest
//! full-grid configuration) over the mesh's, whole file, fastest of
//! `--rounds` passes. Exit code 1 if a check fails, 2 on bad flags or files.

mod common;

use std::time::{Duration, Instant};

use common::{Flags, Help};
use pathseek::grid::GridHeuristic;
use pathseek::navmesh::{BuildOptions, MeshQuery, NavMesh, Point};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Length, Query, Status};

const MAP: &str = include_str!("../tests/data/den520d.map");
const SCEN: &str = include_str!("../tests/data/den520d.map.scen");

type Engine =
    AStar<DaryHeap<Length, 4>, IndexedStore<Length>, Query<Cell, Length, GridHeuristic<Length>>>;

fn main() {
    common::exit(run())
}

fn centre(c: Cell) -> Point {
    Point::new(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5)
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "A navigation mesh (pathseek::navmesh, built from the map by the GPPC 2023 \
                any-angle rules) against the full-grid A* on one MovingAI map: mesh size and \
                build time, path lengths against the octile optimum, query times. Without \
                --map: den520d (256 x 257) and its scenarios, embedded.",
        usage: "cargo run --release --features navmesh --example navmesh [-- --map FILE.map --scen FILE.map.scen]",
        flags: &[
            ("--map FILE", "a MovingAI map (.map) instead of the embedded den520d"),
            ("--scen FILE", "its scenarios (.map.scen); needed with --map"),
            ("--max-corners N", "the most corners of a merged polygon (default 8; 3: triangles)"),
            ("--rounds N", "timed passes over the file per method, the fastest kept (default 3)"),
            ("--landmarks N", "landmarks for the exact search (NavMesh::add_landmarks; default 0)"),
            ("--exact", "answer with the exact search (find_exact_path: the optimum) instead of find_path"),
        ],
        more: "The last line is `queries Q polygons P mean_vs_octile M worst_vs_octile W \
               speedup_vs_grid S` (see the example's source). Exit code 1 if a check fails, \
               2 on bad flags or files.",
    })?;
    let (map, scen) = common::map_and_scenarios(&flags, MAP, SCEN)?;
    let rounds = flags.number("rounds", "3")?.max(1);
    let max_corners = flags.number("max-corners", "8")? as usize;
    let landmarks = flags.number("landmarks", "0")? as usize;
    let exact = flags.is_set("exact");
    let find =
        |query: &mut MeshQuery, mesh: &NavMesh, a: Point, b: Point, points: &mut Vec<Point>| {
            if exact {
                query.find_exact_path_into(mesh, a, b, points)
            } else {
                query.find_path_into(mesh, a, b, points)
            }
        };
    let grid: Grid<Length> = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let queries: Vec<(Cell, Cell, f64)> = scen
        .iter()
        .filter(|s| !s.expects_no_path() && s.start != s.goal)
        .map(|s| (s.start, s.goal, s.optimal))
        .collect();

    let options = BuildOptions::default().max_corners(max_corners);
    let mut build = Duration::MAX;
    let mut mesh = None;
    for _ in 0..rounds {
        let t = Instant::now();
        let m = NavMesh::from_grid_with(&grid, options).map_err(|e| e.to_string())?;
        build = build.min(t.elapsed());
        mesh = Some(m);
    }
    let mut mesh = mesh.expect("at least one round");
    let t = Instant::now();
    mesh.add_landmarks(landmarks);
    if landmarks > 0 {
        println!(
            "{} landmarks in {:.1} ms",
            mesh.landmark_count(),
            t.elapsed().as_secs_f64() * 1e3
        );
    }
    println!(
        "map {} x {} ({} free cells), {} queries; mesh: {} polygons, {} vertices, {} portals, \
         {:.2} MB, built in {:.1} ms",
        grid.width(),
        grid.height(),
        grid.passable_count(),
        queries.len(),
        mesh.polygon_count(),
        mesh.vertex_count(),
        mesh.portal_count(),
        mesh.heap_bytes() as f64 / 1e6,
        build.as_secs_f64() * 1e3
    );

    // Every answer checked once (untimed).
    let mut failures = 0usize;
    let mut query = MeshQuery::new();
    let mut points = Vec::new();
    let (mut sum, mut worst, mut expanded) = (0.0f64, 0.0f64, 0u64);
    let mut worst_query = None;
    for &(s, g, octile) in &queries {
        let (a, b) = (centre(s), centre(g));
        match find(&mut query, &mesh, a, b, &mut points) {
            Ok(Some(length)) => {
                expanded += query.stats().expanded;
                let ok = points.first() == Some(&a)
                    && points.last() == Some(&b)
                    && length >= a.distance(b) - 1e-9;
                if !ok {
                    failures += 1;
                    eprintln!("FAIL {s:?} -> {g:?}: path {points:?}");
                }
                let r = length / octile;
                sum += r;
                if r > worst {
                    worst = r;
                    worst_query = Some((s, g, length, octile));
                }
            }
            other => {
                failures += 1;
                eprintln!("FAIL {s:?} -> {g:?}: {other:?}");
            }
        }
    }
    let n = queries.len().max(1) as f64;
    println!(
        "mesh lengths ({}) over the octile optimum: mean {:.4}, worst {:.4} ({worst_query:?}); \
         {:.1} expansions a query",
        if exact {
            "find_exact_path"
        } else {
            "find_path"
        },
        sum / n,
        worst,
        expanded as f64 / n
    );

    // Timed passes, methods in turn.
    let mut engine: Engine = AStar::new(DaryHeap::new(), IndexedStore::new());
    let mut cells = Vec::new();
    let (mut grid_time, mut mesh_time) = (Duration::MAX, Duration::MAX);
    let mut grid_expanded = 0u64;
    for _ in 0..rounds {
        let t = Instant::now();
        grid_expanded = 0;
        for &(s, g, _) in &queries {
            let status = engine.search_into(
                &grid,
                Query::new(s, g, GridHeuristic::new(&grid, g)),
                &mut cells,
            );
            if !matches!(status, Status::Found { .. }) {
                failures += 1;
            }
            grid_expanded += engine.stats().expanded;
        }
        grid_time = grid_time.min(t.elapsed());
        let t = Instant::now();
        for &(s, g, _) in &queries {
            if !matches!(
                find(&mut query, &mesh, centre(s), centre(g), &mut points),
                Ok(Some(_))
            ) {
                failures += 1;
            }
        }
        mesh_time = mesh_time.min(t.elapsed());
    }
    let us = |d: Duration| d.as_secs_f64() * 1e6 / n;
    println!(
        "full-grid A*: {:.1} us a query ({:.0} expansions); mesh: {:.1} us a query",
        us(grid_time),
        grid_expanded as f64 / n,
        us(mesh_time)
    );
    println!(
        "queries {} polygons {} mean_vs_octile {:.4} worst_vs_octile {:.4} speedup_vs_grid {:.2}",
        queries.len(),
        mesh.polygon_count(),
        sum / n,
        worst,
        grid_time.as_secs_f64() / mesh_time.as_secs_f64()
    );
    if failures > 0 {
        eprintln!("{failures} checks failed");
    }
    Ok(failures == 0)
}
