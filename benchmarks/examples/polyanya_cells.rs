//! polyanya (the optimal any-angle peer) on the simplest navigation mesh of
//! a MovingAI map, one unit square per passable cell (`cell_mesh`): mesh
//! size and build time, then the first `--queries` scenarios of the file
//! with start and goal at cell centres, timed as a whole.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example polyanya_cells -- \
//!     [--map FILE.map] [--scen FILE.map.scen] [--queries N] [--rounds R]
//! cargo run --release -p pathseek-benchmarks --example polyanya_cells -- --help
//! ```
//!
//! Every answer is checked outside the timed runs: a path exactly when the
//! file has one, every segment valid under the GPPC 2023 any-angle rules
//! (`any_angle_reference::segment_valid`), and a length between the straight
//! line and the file's optimal octile length. Exit code 0 when all checks
//! pass, 1 otherwise, 2 on bad flags or files.

use std::hint::black_box;
use std::time::Instant;

use pathseek::io::movingai::{self, MovingAiMap};
use pathseek::{Cell, Connectivity, GridCosts};
use pathseek_benchmarks::any_angle_reference::segment_valid;
use pathseek_benchmarks::cell_mesh::cell_mesh;
use pathseek_benchmarks::common::{self, median, Flags, Help};
use pathseek_benchmarks::polyanya_peer::PolyanyaPeer;

fn main() {
    common::exit(run())
}

fn centre(c: Cell) -> [f64; 2] {
    [f64::from(c.x) + 0.5, f64::from(c.y) + 0.5]
}

fn run() -> Result<bool, String> {
    let default_map = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/den520d.map");
    let map_help = format!("the map (default {default_map})");
    let flags = Flags::parse(&Help {
        about: "Builds the cell mesh of a MovingAI map (one square per passable cell), hands \
                it to polyanya and times the first scenarios of the file between cell centres, \
                checking every path against the GPPC 2023 any-angle rules.",
        usage: "polyanya_cells [--map FILE.map] [--scen FILE.map.scen] [--queries N] [--rounds R]",
        flags: &[
            ("--map FILE", &map_help),
            (
                "--scen FILE",
                "its scenarios (default: the map's path + .scen)",
            ),
            ("--queries N", "the first N scenarios (default 300; 0: all)"),
            (
                "--rounds R",
                "timed builds and timed runs over the queries (default 5): min and median",
            ),
        ],
        more: "Times are wall-clock: the mesh build is cell_mesh plus PolyanyaPeer::new \
               (vertex rings, polyanya's baking); a query is PolyanyaPeer::path (point \
               location and search, f64 in and out).",
    })?;
    let map_path = flags.get_or("map", default_map).to_string();
    let scen_path = flags
        .get("scen")
        .map_or_else(|| format!("{map_path}.scen"), str::to_string);
    let limit = flags.number("queries", "300")? as usize;
    let rounds = flags.number("rounds", "5")?.max(1) as usize;
    let map = MovingAiMap::load(&map_path).map_err(|e| format!("{map_path}: {e}"))?;
    let mut scenarios =
        movingai::load_scenarios(&scen_path).map_err(|e| format!("{scen_path}: {e}"))?;
    for (i, sc) in scenarios.iter().enumerate() {
        sc.check_against(&map)
            .map_err(|e| format!("{scen_path}: scenario line {}: {e}", i + 2))?;
    }
    if limit > 0 {
        scenarios.truncate(limit);
    }
    if scenarios.is_empty() {
        return Err(format!("{scen_path}: no scenarios"));
    }
    let grid = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    println!(
        "map {map_path} ({} x {}, {} passable cells), {} scenarios, {rounds} rounds",
        map.width(),
        map.height(),
        grid.passable_count(),
        scenarios.len()
    );

    // The mesh: built `rounds` times, the last one kept.
    let (mut convert, mut build) = (Vec::new(), Vec::new());
    let mut built = None;
    for _ in 0..rounds {
        let t = Instant::now();
        let (vertices, polygons) = cell_mesh(&grid);
        convert.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let peer = PolyanyaPeer::new(&vertices, &polygons)?;
        build.push(t.elapsed().as_secs_f64() * 1e3);
        built = Some((peer, vertices.len(), polygons.len()));
    }
    let (peer, vertex_count, polygon_count) = built.expect("at least one round");
    let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "mesh: {polygon_count} polygons, {vertex_count} vertices; cell_mesh {:.2} ms \
         (min {:.2}), PolyanyaPeer::new {:.2} ms (min {:.2}), median of {rounds}",
        median(&convert),
        min(&convert),
        median(&build),
        min(&build)
    );

    let queries: Vec<([f64; 2], [f64; 2])> = scenarios
        .iter()
        .map(|s| (centre(s.start), centre(s.goal)))
        .collect();
    let mut times = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        for &(a, b) in &queries {
            black_box(peer.path(black_box(a), black_box(b)));
        }
        times.push(t.elapsed().as_secs_f64() * 1e6 / queries.len() as f64);
    }
    println!(
        "queries: {} in {rounds} runs, mean query {:.1} us (median run; min run {:.1} us)",
        queries.len(),
        median(&times),
        min(&times)
    );

    // The checks, untimed.
    let mut failures = Vec::new();
    let (mut found, mut ratio_sum, mut worst_ratio) = (0usize, 0.0, 0f64);
    for (sc, &(a, b)) in scenarios.iter().zip(&queries) {
        let path = peer.path(a, b);
        let tag = format!("{:?} -> {:?}", sc.start, sc.goal);
        match (&path, sc.expects_no_path()) {
            (None, true) => continue,
            (Some(_), true) => failures.push(format!("{tag}: a path where the file has none")),
            (None, false) => failures.push(format!("{tag}: no path, the file has one")),
            (Some(_), false) => {}
        }
        let Some(path) = path else { continue };
        found += 1;
        if let Some(w) = path
            .points
            .windows(2)
            .find(|w| !segment_valid(&grid, w[0], w[1]))
        {
            failures.push(format!("{tag}: invalid segment {:?} -> {:?}", w[0], w[1]));
        }
        let straight = (b[0] - a[0]).hypot(b[1] - a[1]);
        if path.length < straight - 1e-9 || path.length > sc.optimal + sc.tolerance() {
            failures.push(format!(
                "{tag}: length {} outside [{straight}, octile {}]",
                path.length, sc.optimal
            ));
        }
        if sc.optimal > 0.0 {
            let ratio = path.length / sc.optimal;
            ratio_sum += ratio;
            worst_ratio = worst_ratio.max(ratio);
        }
    }
    println!(
        "checked: {found} paths, any-angle length / octile length mean {:.4}, largest {:.4}",
        ratio_sum / found.max(1) as f64,
        worst_ratio
    );
    println!(
        "polyanya_cells queries {} polygons {polygon_count} build_ms {:.2} mean_query_us {:.1}",
        queries.len(),
        median(&convert) + median(&build),
        median(&times)
    );
    Ok(common::report_checks(
        &[],
        &failures,
        "",
        "",
        "failed checks",
    ))
}
