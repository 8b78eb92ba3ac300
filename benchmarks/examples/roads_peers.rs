//! The Luxembourg street network (or any METIS graph with `.xyz`
//! coordinates): the same random queries through pathseek (straight line and
//! ALT), `pathfinding` and `petgraph` A*, in one run.
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example roads_peers
//! cargo run --release -p pathseek-benchmarks --example roads_peers -- --help
//! ```
//!
//! `pathfinding` needs totally ordered costs, so every contender here uses
//! the same integer costs: each edge costs its length in centimetres rounded
//! up, and the straight-line heuristic is the distance in centimetres rounded
//! down (admissible and consistent: the rounding keeps `h(u) - h(v) <=
//! cost(u, v)`). Every contender must give the same cost for every query
//! (exit code 1 otherwise). Times are medians of `--repeat` whole runs of the
//! query set; the ALT rows of the peers feed them pathseek's ALT heuristic
//! as a closure, to compare the search engines on equal guidance.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::time::Instant;

use pathseek::io::metis;
use pathseek::landmarks::{Landmarks, Selection};
use pathseek::open_set::BinaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Query, StaticGraph};
use pathseek_benchmarks::common::{median, Flags, Help};

fn main() {
    pathseek_benchmarks::common::exit(run())
}

/// A contender's name, total expansions (pathseek only), median ms and costs.
type Row = (String, Option<u64>, f64, Vec<Option<u64>>);

fn run() -> Result<bool, String> {
    let default_graph = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/roads/luxembourg.osm.graph"
    );
    let graph_help = format!("METIS graph (default {default_graph})");
    let flags = Flags::parse(&Help {
        about: "Runs the same random queries on a road graph through pathseek (straight-line \
                and ALT-16 heuristics), pathfinding and petgraph A*, and prints expansions and \
                times side by side.",
        usage: "roads_peers [--graph FILE.graph] [--coords FILE.xyz] [--queries N] [--seed S] \
                [--landmarks K] [--repeat R]",
        flags: &[
            ("--graph FILE", &graph_help),
            (
                "--coords FILE",
                "node coordinates, .xyz (default: the graph's name with .xyz)",
            ),
            ("--queries N", "random start-goal pairs (default 1000)"),
            (
                "--seed S",
                "seed of the pairs and of the landmarks (default 1)",
            ),
            (
                "--landmarks K",
                "ALT landmarks, chosen by Avoid (default 16)",
            ),
            ("--repeat R", "runs per contender, median time (default 3)"),
        ],
        more: "",
    })?;
    let number = |name: &str, default: &str| flags.number(name, default);
    let (queries, seed) = (number("queries", "1000")? as usize, number("seed", "1")?);
    let (count, repeat) = (
        number("landmarks", "16")? as usize,
        number("repeat", "3")?.max(1) as usize,
    );
    let graph_path = PathBuf::from(flags.get_or("graph", default_graph));
    let coords_path = flags
        .get("coords")
        .map(PathBuf::from)
        .unwrap_or_else(|| graph_path.with_extension("xyz"));
    if !graph_path.exists() {
        println!(
            "skipped: {} not found (the road data is not in this checkout)",
            graph_path.display()
        );
        return Ok(true);
    }
    let open = |p: &PathBuf| {
        File::open(p)
            .map(BufReader::new)
            .map_err(|e| format!("{}: {e}", p.display()))
    };
    let t = Instant::now();
    let topology: StaticGraph<u64> = metis::read_graph(open(&graph_path)?)
        .map_err(|e| format!("{}: {e}", graph_path.display()))?;
    let points = metis::read_xyz(open(&coords_path)?)
        .map_err(|e| format!("{}: {e}", coords_path.display()))?;
    if points.len() != topology.len() {
        return Err(format!(
            "{} nodes but {} coordinates",
            topology.len(),
            points.len()
        ));
    }
    let cm = |a: u32, b: u32| {
        let (p, q) = (points[a as usize], points[b as usize]);
        100.0 * ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt()
    };
    let graph = topology
        .map_costs(|u, v, _| cm(u, v).ceil() as u64)
        .map_err(|e| e.to_string())?;
    let n = graph.len();
    println!(
        "{}: {} nodes, {} directed edges, loaded in {:.0} ms",
        graph_path.display(),
        n,
        graph.edge_count(),
        t.elapsed().as_secs_f64() * 1e3
    );
    let line = |goal: u32| move |v: u32| cm(v, goal).floor() as u64;

    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as u32
    };
    let pairs: Vec<(u32, u32)> = (0..queries).map(|_| (next(), next())).collect();

    let t = Instant::now();
    let lm =
        Landmarks::with_seed(&graph, count, Selection::Avoid, seed).map_err(|e| e.to_string())?;
    println!(
        "ALT-{count}: preprocessing {:.0} ms, {} bytes per node ({:.1} MB)",
        t.elapsed().as_secs_f64() * 1e3,
        lm.bytes_per_node(),
        lm.heap_bytes() as f64 / 1e6
    );
    let alt = |goal: u32| lm.heuristic(&graph, goal).expect("built for this graph");

    // petgraph's own graph, built once, edge for edge.
    let mut pg =
        petgraph::Graph::<(), u64, petgraph::Directed, u32>::with_capacity(n, graph.edge_count());
    for _ in 0..n {
        pg.add_node(());
    }
    for u in 0..n as u32 {
        for (v, c) in graph.edges(u) {
            pg.add_edge(u.into(), v.into(), c);
        }
    }

    // An engine runs one query type: one per heuristic. The ALT engine is
    // grown by one untimed search, as the straight-line runs grew the one
    // engine both used to share.
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut engine_alt = AStar::new(BinaryHeap::new(), IndexedStore::new());
    if let Some(&(s, g)) = pairs.first() {
        engine_alt.search(&graph, Query::new(s, g, alt(g)));
    }
    let mut rows: Vec<Row> = Vec::new();
    let mut time = |name: &str, solve: &mut dyn FnMut(u32, u32) -> (Option<u64>, Option<u64>)| {
        let mut times = Vec::new();
        let (mut expanded, mut costs) = (None, Vec::new());
        for _ in 0..repeat {
            costs.clear();
            let mut total = 0u64;
            let t = Instant::now();
            for &(s, g) in &pairs {
                let (cost, exp) = solve(s, g);
                costs.push(cost);
                if let Some(e) = exp {
                    total += e;
                    expanded = Some(total);
                }
            }
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        rows.push((name.to_string(), expanded, median(&times), costs));
    };
    time("pathseek straight line", &mut |s, g| {
        let r = engine.search(&graph, Query::new(s, g, line(g)));
        (r.found().map(|p| p.cost), Some(r.stats.expanded))
    });
    time(&format!("pathseek ALT-{count}"), &mut |s, g| {
        let r = engine_alt.search(&graph, Query::new(s, g, alt(g)));
        (r.found().map(|p| p.cost), Some(r.stats.expanded))
    });
    let successors = |&v: &u32| graph.edges(v);
    time("pathfinding straight line", &mut |s, g| {
        let h = line(g);
        let r = pathfinding::directed::astar::astar(&s, successors, |&v| h(v), |&v| v == g);
        (r.map(|(_, c)| c), None)
    });
    time(&format!("pathfinding ALT-{count}"), &mut |s, g| {
        let h = alt(g);
        let r =
            pathfinding::directed::astar::astar(&s, successors, |&v| h.estimate(v), |&v| v == g);
        (r.map(|(_, c)| c), None)
    });
    time("petgraph straight line", &mut |s, g| {
        let h = line(g);
        let r = petgraph::algo::astar(
            &pg,
            s.into(),
            |v| v.index() as u32 == g,
            |e| *e.weight(),
            |v| h(v.index() as u32),
        );
        (r.map(|(c, _)| c), None)
    });
    time(&format!("petgraph ALT-{count}"), &mut |s, g| {
        let h = alt(g);
        let r = petgraph::algo::astar(
            &pg,
            s.into(),
            |v| v.index() as u32 == g,
            |e| *e.weight(),
            |v| h.estimate(v.index() as u32),
        );
        (r.map(|(c, _)| c), None)
    });

    let base = rows[0].2;
    println!();
    println!(
        "{:<28} {:>12} {:>10} {:>16}",
        "contender", "expansions", "time ms", "vs pathseek line"
    );
    let mut agree = true;
    for (name, expanded, ms, costs) in &rows {
        println!(
            "{:<28} {:>12} {:>10.1} {:>15.2}x",
            name,
            expanded.map_or("-".into(), |e| e.to_string()),
            ms,
            base / ms
        );
        if costs != &rows[0].3 {
            eprintln!("{name}: costs differ from pathseek straight line");
            agree = false;
        }
    }
    Ok(agree)
}
