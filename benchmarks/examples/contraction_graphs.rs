//! Contraction hierarchies off the road: the rows of `roads_peers`' contraction
//! part (`pathseek_benchmarks::road_hierarchies`: pathseek against
//! `fast_paths`, preparation, queries, a distance table, new costs, and the
//! plain Dijkstra a hierarchy replaces) on graphs that are not road
//! networks, to show where contraction pays and where it does not:
//!
//! - a MovingAI grid map's graph, 8-connected, straight moves 100 and
//!   diagonal ones 141 (many paths of equal cost: hard for contraction);
//! - a random sparse graph: a ring with random chords, each edge both ways
//!   (an expander, no geometry: contraction's worst case).
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example contraction_graphs
//! cargo run --release -p pathseek-benchmarks --example contraction_graphs -- --help
//! ```
//!
//! Every answer is checked across the contenders (exit code 1 otherwise).

use pathseek::io::movingai::MovingAiMap;
use pathseek::{Connectivity, GridCosts, StaticGraph};
use pathseek_benchmarks::common::{Flags, Help, Lcg};
use pathseek_benchmarks::road_hierarchies;

fn main() {
    pathseek_benchmarks::common::exit(run())
}

fn run() -> Result<bool, String> {
    let default_map = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/den520d.map");
    let map_help = format!("MovingAI map whose graph to contract (default {default_map})");
    let flags = Flags::parse(&Help {
        about: "Runs the contraction hierarchy rows of roads_peers (pathseek against fast_paths, \
                and plain Dijkstra) on a grid map's graph and on a random sparse graph.",
        usage: "contraction_graphs [--map FILE.map] [--random N] [--queries N] [--repeat R] [--seed S] \
                [--no-peer]",
        flags: &[
            ("--map FILE", &map_help),
            (
                "--random N",
                "nodes of the random graph, a ring with N random chords (default 20000; 0: none)",
            ),
            ("--queries N", "random start-goal pairs (default 1000)"),
            ("--repeat R", "runs per contender, median time (default 3)"),
            ("--seed S", "seed of the pairs and the random graph (default 1)"),
            (
                "--no-peer",
                "leave fast_paths out (its preparation takes minutes on large grids and random graphs)",
            ),
        ],
        more: "",
    })?;
    let queries = flags.number("queries", "1000")? as usize;
    let repeat = flags.number("repeat", "3")?.max(1) as usize;
    let seed = flags.number("seed", "1")?;
    let random = flags.number("random", "20000")? as usize;
    let peer = !flags.is_set("no-peer");
    let mut rng = Lcg(seed ^ 0xC0FF_EE00);

    let map_path = flags.get_or("map", default_map);
    let map = MovingAiMap::load(map_path).map_err(|e| format!("{map_path}: {e}"))?;
    let grid = map.to_grid(Connectivity::Eight, GridCosts::new(100u64, 141));
    let graph = StaticGraph::from_graph(&grid).map_err(|e| e.to_string())?;
    let open: Vec<u32> = (0..graph.len() as u32)
        .filter(|&v| graph.degree(v) > 0)
        .collect();
    let pairs: Vec<(u32, u32)> = (0..queries)
        .map(|_| {
            let mut pick = || open[rng.next(open.len() as u64) as usize];
            (pick(), pick())
        })
        .collect();
    println!(
        "== {map_path}: {} x {} cells, {} passable, 8-connected (100 / 141)",
        map.width(),
        map.height(),
        open.len()
    );
    let grid_figures = road_hierarchies::run(&graph, &pairs, repeat, 100, seed, peer)?;

    let mut summary = vec![("grid", grid_figures)];
    if random > 1 {
        let n = random as u32;
        let mut edges: Vec<(u32, u32, u64)> = Vec::new();
        for v in 0..n {
            edges.push((v, (v + 1) % n, 1 + rng.next(100)));
            edges.push((v, rng.next(u64::from(n)) as u32, 1 + rng.next(100)));
        }
        let graph = StaticGraph::from_undirected_edges(random, edges).map_err(|e| e.to_string())?;
        let pairs: Vec<(u32, u32)> = (0..queries)
            .map(|_| (rng.next(u64::from(n)) as u32, rng.next(u64::from(n)) as u32))
            .collect();
        println!("== random: a ring of {n} nodes with {n} random chords, costs 1 to 100");
        summary.push((
            "random",
            road_hierarchies::run(&graph, &pairs, repeat, 100, seed, peer)?,
        ));
    }
    println!();
    for (name, f) in summary {
        println!(
            "{name}: ratio_ch_vs_fast_paths {:.2} prep_ratio {:.2} customize_speedup {:.1}",
            f.query_ratio, f.prep_ratio, f.customize_speedup
        );
    }
    Ok(true)
}
