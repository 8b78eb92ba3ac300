//! pathseek's navigation mesh against the optimal any-angle search of the
//! `polyanya` crate (Polyanya, Cui, Harabor and Grastien 2017) on the same
//! polygons, and against pathseek's fastest full-grid A*, on one MovingAI
//! map and its scenario file.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example navmesh_peers -- \
//!     [--map FILE.map --scen FILE.map.scen] [--max-corners N] [--rounds R] [--landmarks N]
//! cargo run --release -p pathseek-benchmarks --example navmesh_peers -- --help
//! ```
//!
//! The mesh is built once from the grid (`NavMesh::from_grid`, the GPPC 2023
//! any-angle rules) and its polygons are handed to polyanya as they are
//! (`polyanya_peer::PolyanyaPeer::new`), so both search the same free
//! space. Start and goal are cell centres. Every answer is checked: all
//! find a path exactly when the grid has one, pathseek's path is never
//! shorter than polyanya's (the optimum, up to polyanya's `f32`), and its
//! exact search's is polyanya's length.
//!
//! Rows: build times (min of R), then query times over the whole file (R
//! rounds, methods in turn, min), then lengths over polyanya's. The last
//! line is
//! `queries Q polygons P mean_ratio M worst_ratio W speedup_vs_grid S polyanya_time_ratio Y exact_worst_ratio E exact_time_ratio X`:
//! M, W = mean and worst pathseek length (`find_path`, the search over
//! corners) / polyanya's optimal length; S = full-grid A* time / `find_path`
//! time (the line above it gives the full-grid A* time over the fastest of
//! the mesh searches; the line before that the exact search guided by
//! `--landmarks` landmarks, whose lengths must equal the unguided ones);
//! Y = `find_path` time / polyanya time;
//! E = the worst length of pathseek's exact search (`find_exact_path`) /
//! polyanya's; X = exact search time / polyanya time. The exact length must
//! equal polyanya's (within polyanya's `f32`: 1e-5 relative) and be no
//! longer than `find_path`'s. Exit code 1 if a check fails, 2 on bad flags
//! or files.

use std::time::{Duration, Instant};

use pathseek::grid::GridHeuristic;
use pathseek::navmesh::{BuildOptions, MeshQuery, NavMesh, Point};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Length, Query, Status};
use pathseek_benchmarks::common::{self, Flags, Help};
use pathseek_benchmarks::polyanya_peer::PolyanyaPeer;

const MAP: &str = include_str!("../../tests/data/den520d.map");
const SCEN: &str = include_str!("../../tests/data/den520d.map.scen");

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
        about: "pathseek's navigation mesh against polyanya (optimal any-angle search) on the \
                same polygons, and against pathseek's fastest full-grid A*, over one MovingAI \
                scenario file; every answer checked. Without --map: den520d (256 x 257), \
                embedded.",
        usage: "cargo run --release -p pathseek-benchmarks --example navmesh_peers [-- --map FILE.map --scen FILE.map.scen]",
        flags: &[
            ("--map FILE", "a MovingAI map (.map) instead of the embedded den520d"),
            ("--scen FILE", "its scenarios (.map.scen); needed with --map"),
            ("--max-corners N", "the most corners of a merged polygon (default 8; 3: triangles)"),
            ("--rounds N", "timed passes over the file per method, the fastest kept (default 3)"),
            ("--landmarks N", "landmarks for a third mesh search, the exact one guided by them (NavMesh::add_landmarks; default 8, 0: none)"),
        ],
        more: "The last line is `queries Q polygons P mean_ratio M worst_ratio W speedup_vs_grid \
               S polyanya_time_ratio Y exact_worst_ratio E exact_time_ratio X` (see the \
               example's source). Exit code 1 if a check fails, 2 on bad flags or files.",
    })?;
    let (map, scen) = common::map_and_scenarios(&flags, MAP, SCEN)?;
    let rounds = flags.number("rounds", "3")?.max(1);
    let landmarks = flags.number("landmarks", "8")? as usize;
    let options = BuildOptions::default().max_corners(flags.number("max-corners", "8")? as usize);
    let grid: Grid<Length> = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let queries: Vec<(Cell, Cell)> = scen
        .iter()
        .filter(|s| !s.expects_no_path() && s.start != s.goal)
        .map(|s| (s.start, s.goal))
        .collect();
    let n = queries.len().max(1) as f64;

    // Builds: pathseek's mesh, then polyanya's from the same polygons.
    let (mut mesh_build, mut peer_build) = (Duration::MAX, Duration::MAX);
    let mut built = None;
    for _ in 0..rounds {
        let t = Instant::now();
        let mesh = NavMesh::from_grid_with(&grid, options).map_err(|e| e.to_string())?;
        mesh_build = mesh_build.min(t.elapsed());
        let vertices: Vec<[f64; 2]> = mesh.vertices().iter().map(|&p| p.into()).collect();
        let polygons: Vec<Vec<u32>> = (0..mesh.polygon_count())
            .map(|p| mesh.polygon_corners(p).to_vec())
            .collect();
        let t = Instant::now();
        let peer = PolyanyaPeer::new(&vertices, &polygons)?;
        peer_build = peer_build.min(t.elapsed());
        built = Some((mesh, peer));
    }
    let (mesh, peer) = built.expect("at least one round");
    let mut guided = mesh.clone();
    let t = Instant::now();
    guided.add_landmarks(landmarks);
    let landmark_build = t.elapsed();
    println!(
        "map {} x {}, {} queries; mesh: {} polygons, {} vertices, {} portals, {:.2} MB; \
         built in {:.1} ms (pathseek), then {:.1} ms (polyanya, from the same polygons)",
        grid.width(),
        grid.height(),
        queries.len(),
        mesh.polygon_count(),
        mesh.vertex_count(),
        mesh.portal_count(),
        mesh.heap_bytes() as f64 / 1e6,
        mesh_build.as_secs_f64() * 1e3,
        peer_build.as_secs_f64() * 1e3
    );
    if landmarks > 0 {
        println!(
            "{} landmarks in {:.1} ms ({:.2} MB more)",
            guided.landmark_count(),
            landmark_build.as_secs_f64() * 1e3,
            (guided.heap_bytes() as f64 - mesh.heap_bytes() as f64) / 1e6
        );
    }

    // Every answer checked once, untimed.
    let mut failures = 0usize;
    let mut fail = |what: String| {
        if failures < 20 {
            eprintln!("FAIL {what}");
        }
        failures += 1;
    };
    let mut query = MeshQuery::new();
    let mut engine: Engine = AStar::new(DaryHeap::new(), IndexedStore::new());
    let (mut points, mut cells, mut exact_points) = (Vec::new(), Vec::new(), Vec::new());
    let (mut sum, mut worst, mut counted) = (0.0f64, 0.0f64, 0usize);
    let mut worst_query = None;
    let (mut expanded, mut exact_expanded, mut guided_expanded) = (0u64, 0u64, 0u64);
    let mut exact_worst = 0.0f64;
    for &(s, g) in &queries {
        let (a, b) = (centre(s), centre(g));
        let grid_found = matches!(
            engine.search_into(
                &grid,
                Query::new(s, g, GridHeuristic::new(&grid, g)),
                &mut cells
            ),
            Status::Found { .. }
        );
        let ours = query.find_path_into(&mesh, a, b, &mut points);
        expanded += query.stats().expanded;
        let exact = query.find_exact_path_into(&mesh, a, b, &mut exact_points);
        exact_expanded += query.stats().expanded;
        if landmarks > 0 {
            let with = query.find_exact_path_into(&guided, a, b, &mut exact_points);
            guided_expanded += query.stats().expanded;
            let same = match (&with, &exact) {
                (Ok(Some(x)), Ok(Some(y))) => (x - y).abs() <= 1e-9 * y.max(1.0),
                (Ok(None), Ok(None)) => true,
                _ => false,
            };
            if !same {
                fail(format!(
                    "{s:?} -> {g:?}: exact with landmarks {with:?}, without {exact:?}"
                ));
            }
        }
        let theirs = peer.path([a.x, a.y], [b.x, b.y]);
        match (ours, exact, theirs) {
            (Ok(Some(length)), Ok(Some(exact)), Some(optimal)) if grid_found => {
                let off = (exact - optimal.length).abs();
                if off > optimal.length * 1e-5 + 1e-4 || exact > length * (1.0 + 1e-12) {
                    fail(format!(
                        "{s:?} -> {g:?}: exact {exact}, polyanya {}, find_path {length}",
                        optimal.length
                    ));
                }
                if optimal.length > 0.0 {
                    exact_worst = exact_worst.max(exact / optimal.length);
                }
                if length < optimal.length * (1.0 - 1e-5) - 1e-4 {
                    fail(format!(
                        "{s:?} -> {g:?}: {length} below polyanya's {}",
                        optimal.length
                    ));
                }
                if optimal.length > 0.0 {
                    let r = length / optimal.length;
                    sum += r;
                    counted += 1;
                    if r > worst {
                        worst = r;
                        worst_query = Some((s, g, length, optimal.length));
                    }
                }
            }
            (ours, exact, theirs) => fail(format!(
                "{s:?} -> {g:?}: pathseek {ours:?}, exact {exact:?}, polyanya {:?}, grid path {grid_found}",
                theirs.map(|p| p.length)
            )),
        }
    }
    let mean = sum / counted.max(1) as f64;
    println!(
        "lengths over polyanya's optimum: mean {mean:.4}, worst {worst:.4} ({worst_query:?}); \
         {:.1} expansions a query (exact: {:.1}, worst {exact_worst:.6} of polyanya's; \
         exact with landmarks: {:.1})",
        expanded as f64 / n,
        exact_expanded as f64 / n,
        guided_expanded as f64 / n
    );

    // Timed passes, methods in turn, the fastest of each kept.
    let methods = if landmarks > 0 { 5 } else { 4 };
    let mut times = [Duration::MAX; 5];
    for round in 0..rounds {
        for k in 0..methods {
            let method = (k + round as usize) % methods;
            let t = Instant::now();
            let mut found = 0usize;
            for &(s, g) in &queries {
                let ok = match method {
                    0 => matches!(
                        engine.search_into(
                            &grid,
                            Query::new(s, g, GridHeuristic::new(&grid, g)),
                            &mut cells
                        ),
                        Status::Found { .. }
                    ),
                    1 => matches!(
                        query.find_path_into(&mesh, centre(s), centre(g), &mut points),
                        Ok(Some(_))
                    ),
                    3 => matches!(
                        query.find_exact_path_into(&mesh, centre(s), centre(g), &mut points),
                        Ok(Some(_))
                    ),
                    2 => {
                        let (a, b) = (centre(s), centre(g));
                        peer.path([a.x, a.y], [b.x, b.y]).is_some()
                    }
                    4 => matches!(
                        query.find_exact_path_into(&guided, centre(s), centre(g), &mut points),
                        Ok(Some(_))
                    ),
                    _ => unreachable!(),
                };
                found += usize::from(ok);
            }
            times[method] = times[method].min(t.elapsed());
            if found != queries.len() {
                fail(format!(
                    "method {method}: {found} of {} found in a timed pass",
                    queries.len()
                ));
            }
        }
    }
    let us = |d: Duration| d.as_secs_f64() * 1e6 / n;
    println!(
        "query: full-grid A* {:.1} us, pathseek mesh {:.1} us, exact {:.1} us, polyanya {:.1} us (a query, min of {rounds})",
        us(times[0]),
        us(times[1]),
        us(times[3]),
        us(times[2])
    );
    if landmarks > 0 {
        println!(
            "exact with {} landmarks: {:.1} us a query, {:.2} of polyanya's time, {:.2}x the full-grid A*",
            guided.landmark_count(),
            us(times[4]),
            times[4].as_secs_f64() / times[2].as_secs_f64(),
            times[0].as_secs_f64() / times[4].as_secs_f64()
        );
    }
    let names = ["", "find_path", "", "exact", "exact with landmarks"];
    let fastest = [1, 3, 4][..methods - 2]
        .iter()
        .copied()
        .min_by_key(|&m| times[m])
        .expect("two mesh searches at least");
    println!(
        "the fastest mesh search ({}): {:.2}x the full-grid A*",
        names[fastest],
        times[0].as_secs_f64() / times[fastest].as_secs_f64()
    );
    println!(
        "queries {} polygons {} mean_ratio {:.4} worst_ratio {:.4} speedup_vs_grid {:.2} polyanya_time_ratio {:.2} exact_worst_ratio {:.6} exact_time_ratio {:.2}",
        queries.len(),
        mesh.polygon_count(),
        mean,
        worst,
        times[0].as_secs_f64() / times[1].as_secs_f64(),
        times[1].as_secs_f64() / times[2].as_secs_f64(),
        exact_worst,
        times[3].as_secs_f64() / times[2].as_secs_f64()
    );
    if failures > 0 {
        eprintln!("{failures} checks failed");
    }
    Ok(failures == 0)
}
