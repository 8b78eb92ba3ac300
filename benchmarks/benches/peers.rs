//! Criterion benchmark of pathseek against its peers: `pathfinding`'s and
//! `petgraph`'s A*, pathseek's default (`pathseek::astar` on `Grid<f64>`, as in
//! the README) and pathseek's fastest configuration (chosen from
//! `examples/compare.rs` measurements, fixed here), and the same two pathseek
//! set-ups over the grid's jump points (`pathseek::jump_points`), each solving a
//! whole MovingAI scenario file per iteration.
//!
//! ```text
//! cargo bench -p pathseek-benchmarks --bench peers
//! PATHSEEK_MOVINGAI_DIR=/path/to/maps cargo bench -p pathseek-benchmarks --bench peers
//! ```
//!
//! Maps are read from `$PATHSEEK_MOVINGAI_DIR`, else `shared/movingai/`
//! beside the crate; den520d falls back to the library's `tests/data/`. A missing map is
//! reported as "skipping" and gets no benchmark. Throughput is the total number
//! of nodes pathseek's default expands on the file, for every engine (the peers
//! do not count expansions), so "elements/s" compares equal work. Before timing,
//! every engine's cost for every scenario is checked against pathseek's default.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek_benchmarks::peers::{check_same, fits_u32, Contender, ExactInt, World};

/// The maps benchmarked.
const MAPS: &[&str] = &["den520d", "lak303d"];

/// Where the map `name` is, or why it is skipped.
fn locate(name: &str) -> Result<(PathBuf, PathBuf), String> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::var_os("PATHSEEK_MOVINGAI_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("../../shared/movingai"));
    let mut dirs = vec![dir];
    if name == "den520d" {
        dirs.push(manifest.join("../tests/data"));
    }
    for d in &dirs {
        let map = d.join(format!("{name}.map"));
        let scen = d.join(format!("{name}.map.scen"));
        if map.is_file() && scen.is_file() {
            return Ok((map, scen));
        }
    }
    let tried: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    Err(format!(
        "{name}.map / {name}.map.scen not found in {}",
        tried.join(" or ")
    ))
}

fn load(name: &str) -> Result<(MovingAiMap, Vec<Scenario>), String> {
    let (map_path, scen_path) = locate(name)?;
    let map = MovingAiMap::load(&map_path).map_err(|e| e.to_string())?;
    let scenarios = movingai::load_scenarios(&scen_path).map_err(|e| e.to_string())?;
    for (i, sc) in scenarios.iter().enumerate() {
        sc.check_against(&map)
            .map_err(|e| format!("{}: line {}: {e}", scen_path.display(), i + 2))?;
    }
    Ok((map, scenarios))
}

fn peers(c: &mut Criterion) {
    for name in MAPS {
        match load(name) {
            Ok((map, scenarios)) if fits_u32(&map, &scenarios) => {
                bench_map::<u32>(c, name, &map, &scenarios)
            }
            Ok((map, scenarios)) => bench_map::<u64>(c, name, &map, &scenarios),
            Err(e) => eprintln!("skipping {name}: {e}"),
        }
    }
}

fn bench_map<C: ExactInt>(
    c: &mut Criterion,
    name: &str,
    map: &MovingAiMap,
    scenarios: &[Scenario],
) {
    let world = World::<C>::new(map);
    let mut engines: Vec<Contender<'_>> = vec![
        world.pathseek_default(),
        world.pathseek_fastest(),
        world.pathfinding_grid(),
        world.pathfinding_closure(),
        world.petgraph(),
        world.pathseek_jump_points_default(),
        world.pathseek_jump_points_fastest(),
        world.pathseek_block_jump_points_fastest(),
        world.pathseek_precomputed_jumps_fastest(),
    ];
    // The same-cost check, which doubles as the warm-up.
    let reference = engines[0].run_file(scenarios);
    let reference_name = engines[0].name.clone();
    for e in engines.iter_mut().skip(1) {
        let answers = e.run_file(scenarios);
        if let Err(msg) = check_same(&reference_name, &reference, &e.name, &answers) {
            // Benchmarking wrong answers would be meaningless: stop loudly.
            eprintln!("{name}: {msg}");
            std::process::exit(1);
        }
    }
    let expanded: u64 = reference.iter().filter_map(|s| s.expanded).sum();

    let mut group = c.benchmark_group(format!("peers/{name}"));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1))
        .throughput(Throughput::Elements(expanded));
    for e in &mut engines {
        let id = e.name.clone();
        group.bench_function(id, |b| {
            b.iter(|| {
                for sc in scenarios {
                    std::hint::black_box(e.solve(std::hint::black_box(sc)));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, peers);
criterion_main!(benches);
