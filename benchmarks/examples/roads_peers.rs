//! The Luxembourg street network (or any METIS graph with `.xyz`
//! coordinates): the same random queries through pathseek (straight line and
//! ALT), `pathfinding` and `petgraph` A*, in one run; then contraction
//! hierarchies, pathseek's against `fast_paths`
//! (`pathseek_benchmarks::road_hierarchies`: preparation, queries, a distance
//! table, new costs).
//!
//! ```text
//! cargo run --release -p pathseek-benchmarks --example roads_peers
//! cargo run --release -p pathseek-benchmarks --example roads_peers -- --help
//! ```
//!
//! `pathfinding` needs totally ordered costs, so every contender here uses
//! the same integer costs: each edge costs its length in centimetres rounded
//! up, at least 1 (`fast_paths` drops edges of weight 0), and the straight-line heuristic is the distance in centimetres rounded
//! down (admissible and consistent: the rounding keeps `h(u) - h(v) <=
//! cost(u, v)`). Every contender must give the same cost for every query
//! (exit code 1 otherwise). Times are medians of `--repeat` whole runs of the
//! query set, the contenders taking turns in each round; the ALT rows of the
//! peers feed them pathseek's ALT heuristic as a closure, to compare the
//! search engines on equal guidance.
//!
//! Then the same queries on the graph renumbered for locality
//! ([`Renumbered`]: Hilbert, the recommended order, and breadth-first), with
//! landmarks at the same nodes and the points in the new order, through
//! pathseek and, on the Hilbert order, through `pathfinding` too. These rows
//! take the original ids and map the start and goal in and the path back
//! out, timed with the search; the time of that translation alone is printed
//! above the table. The last line is
//! `ratio_line L ratio_alt A ratio_ch_vs_fast_paths Q prep_ratio P customize_speedup C`:
//! L and A the faster `pathfinding` run (original or Hilbert order) over
//! pathseek on the Hilbert order, with the straight line and with ALT; Q
//! `fast_paths`' query time over pathseek's contraction hierarchy's, P
//! pathseek's one-thread preparation time over `fast_paths`', C a fresh
//! preparation's time over a customization's.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::time::Instant;

use pathseek::graph::{Renumbered, RenumberedId};
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

/// The graph and its points with the ids in a seeded random order.
fn scrambled(
    graph: &StaticGraph<u64>,
    points: &[[f64; 2]],
    seed: u64,
) -> Result<(StaticGraph<u64>, Vec<[f64; 2]>), String> {
    let n = graph.len() as u32;
    let mut state = seed ^ 0x2545_F491_4F6C_DD1D;
    let mut keyed: Vec<(u64, u32)> = (0..n)
        .map(|v| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state, v)
        })
        .collect();
    keyed.sort_unstable();
    // `new_of[v]`: the scrambled id of node v.
    let mut new_of = vec![0u32; n as usize];
    for (new, &(_, v)) in keyed.iter().enumerate() {
        new_of[v as usize] = new as u32;
    }
    let edges = (0..n).flat_map(|u| {
        let new_of = &new_of;
        graph
            .edges(u)
            .map(move |(v, c)| (new_of[u as usize], new_of[v as usize], c))
    });
    let g = StaticGraph::from_edges(n as usize, edges).map_err(|e| e.to_string())?;
    let mut p = vec![[0.0; 2]; n as usize];
    for (v, &q) in points.iter().enumerate() {
        p[new_of[v] as usize] = q;
    }
    Ok((g, p))
}

/// The distance between two points in centimetres (the units of the .xyz
/// file taken as metres).
fn centimetres(p: [f64; 2], q: [f64; 2]) -> f64 {
    100.0 * ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt()
}

/// The straight-line bound: the distance in centimetres rounded down (a
/// cast, which rounds a non-negative number down, and not `f64::floor`,
/// which is a library call without SSE4.1).
#[inline(always)]
fn below(p: [f64; 2], q: [f64; 2]) -> u64 {
    centimetres(p, q) as u64
}

/// A contender: a query's cost and, for pathseek, its expansions.
type Solve<'a> = Box<dyn FnMut(u32, u32) -> (Option<u64>, Option<u64>) + 'a>;

/// Per contender, the times of its runs and its expansions and costs.
type Measured = (Vec<Vec<f64>>, Vec<(Option<u64>, Vec<Option<u64>>)>);

/// Rounds: every contender runs the whole query set once per round, in
/// turn, so drift from other work on the machine spreads over all. (Not
/// inlined: the function callgrind is told to measure.)
#[inline(never)]
fn run_rounds(contenders: &mut [(String, Solve)], pairs: &[(u32, u32)], repeat: usize) -> Measured {
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); contenders.len()];
    let mut results: Vec<(Option<u64>, Vec<Option<u64>>)> =
        vec![(None, Vec::new()); contenders.len()];
    for _ in 0..repeat {
        for (k, (_, solve)) in contenders.iter_mut().enumerate() {
            let (expanded, costs) = &mut results[k];
            costs.clear();
            let mut total = 0u64;
            let t = Instant::now();
            for &(s, g) in pairs {
                let (cost, exp) = solve(s, g);
                costs.push(cost);
                if let Some(e) = exp {
                    total += e;
                    *expanded = Some(total);
                }
            }
            times[k].push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    (times, results)
}

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
                [--landmarks K] [--repeat R] [--shuffle S] [--only NAME] [--table K]",
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
            (
                "--shuffle S",
                "give the nodes new ids in a random order (seed S) first: a graph whose \
                 ids carry no locality (the file's own order is already mostly local)",
            ),
            (
                "--only NAME",
                "run only the A* contender named NAME, as in the table (for profiling; the ratio \
                 line then shows NaN)",
            ),
            (
                "--table K",
                "sources and targets of the distance table of the contraction rows (default 100)",
            ),
        ],
        more: "",
    })?;
    let number = |name: &str, default: &str| flags.number(name, default);
    let (queries, seed) = (number("queries", "1000")? as usize, number("seed", "1")?);
    let (count, repeat) = (
        number("landmarks", "16")? as usize,
        number("repeat", "3")?.max(1) as usize,
    );
    let table = number("table", "100")? as usize;
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
    let mut topology: StaticGraph<u64> = metis::read_graph(open(&graph_path)?)
        .map_err(|e| format!("{}: {e}", graph_path.display()))?;
    let mut points = metis::read_xyz(open(&coords_path)?)
        .map_err(|e| format!("{}: {e}", coords_path.display()))?;
    if points.len() != topology.len() {
        return Err(format!(
            "{} nodes but {} coordinates",
            topology.len(),
            points.len()
        ));
    }
    if let Some(shuffle) = flags.get("shuffle") {
        let seed: u64 = shuffle
            .parse()
            .map_err(|_| format!("--shuffle needs a number, not {shuffle:?}"))?;
        (topology, points) = scrambled(&topology, &points, seed)?;
    }
    let cm = |a: u32, b: u32| centimetres(points[a as usize], points[b as usize]);
    let graph = topology
        .map_costs(|u, v, _| (cm(u, v).ceil() as u64).max(1))
        .map_err(|e| e.to_string())?;
    let n = graph.len();
    println!(
        "{}: {} nodes, {} directed edges, loaded in {:.0} ms",
        graph_path.display(),
        n,
        graph.edge_count(),
        t.elapsed().as_secs_f64() * 1e3
    );
    let line = |goal: u32| {
        let points = &points;
        let q = points[goal as usize];
        move |v: u32| below(points[v as usize], q)
    };

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

    // The recommended renumbering (Hilbert, over the points) and the
    // breadth-first one, each with landmarks at the same nodes as above, so
    // that every ALT row gets the same bounds.
    let t = Instant::now();
    let hilbert = Renumbered::hilbert(&graph, &points).map_err(|e| e.to_string())?;
    let hilbert_ms = t.elapsed().as_secs_f64() * 1e3;
    let t = Instant::now();
    let bfs = Renumbered::breadth_first(&graph);
    let bfs_ms = t.elapsed().as_secs_f64() * 1e3;
    println!(
        "renumbered: Hilbert {hilbert_ms:.0} ms, breadth-first {bfs_ms:.0} ms ({} bytes of mappings)",
        hilbert.heap_bytes() - graph.heap_bytes()
    );
    let same_landmarks = |r: &Renumbered<u64>| {
        let at: Vec<RenumberedId> = lm
            .nodes()
            .iter()
            .map(|&i| r.id(i as u32).expect("a landmark of the graph"))
            .collect();
        Landmarks::from_nodes(r, &at).map_err(|e| e.to_string())
    };
    let (lm_hilbert, lm_bfs) = (same_landmarks(&hilbert)?, same_landmarks(&bfs)?);
    let (at_hilbert, at_bfs) = (
        hilbert.reorder(&points).map_err(|e| e.to_string())?,
        bfs.reorder(&points).map_err(|e| e.to_string())?,
    );

    // Every contender answers a query with its cost and, for pathseek, its
    // expansions; the renumbered ones map the start and goal in and the path
    // back out (timed with the search).
    let graph = &graph;
    let mut contenders: Vec<(String, Solve)> = Vec::new();
    // An engine runs one query type: one per heuristic. Each engine is grown
    // by one untimed search.
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut engine_alt = AStar::new(BinaryHeap::new(), IndexedStore::new());
    if let Some(&(s, g)) = pairs.first() {
        engine.search(graph, Query::new(s, g, line(g)));
        engine_alt.search(graph, Query::new(s, g, alt(g)));
    }
    contenders.push((
        "pathseek straight line".into(),
        Box::new(move |s, g| {
            let r = engine.search(graph, Query::new(s, g, line(g)));
            (r.found().map(|p| p.cost), Some(r.stats.expanded))
        }),
    ));
    contenders.push((
        format!("pathseek ALT-{count}"),
        Box::new(move |s, g| {
            let r = engine_alt.search(graph, Query::new(s, g, alt(g)));
            (r.found().map(|p| p.cost), Some(r.stats.expanded))
        }),
    ));
    let successors = |&v: &u32| graph.edges(v);
    contenders.push((
        "pathfinding straight line".into(),
        Box::new(move |s, g| {
            let h = line(g);
            let r = pathfinding::directed::astar::astar(&s, successors, |&v| h(v), |&v| v == g);
            (r.map(|(_, c)| c), None)
        }),
    ));
    contenders.push((
        format!("pathfinding ALT-{count}"),
        Box::new(move |s, g| {
            let h = alt(g);
            let r = pathfinding::directed::astar::astar(
                &s,
                successors,
                |&v| h.estimate(v),
                |&v| v == g,
            );
            (r.map(|(_, c)| c), None)
        }),
    ));
    let pg = &pg;
    contenders.push((
        "petgraph straight line".into(),
        Box::new(move |s, g| {
            let h = line(g);
            let r = petgraph::algo::astar(
                pg,
                s.into(),
                |v| v.index() as u32 == g,
                |e| *e.weight(),
                |v| h(v.index() as u32),
            );
            (r.map(|(c, _)| c), None)
        }),
    ));
    contenders.push((
        format!("petgraph ALT-{count}"),
        Box::new(move |s, g| {
            let h = alt(g);
            let r = petgraph::algo::astar(
                pg,
                s.into(),
                |v| v.index() as u32 == g,
                |e| *e.weight(),
                |v| h.estimate(v.index() as u32),
            );
            (r.map(|(c, _)| c), None)
        }),
    ));
    let orders = [
        ("Hilbert", &hilbert, &lm_hilbert, &at_hilbert),
        ("breadth-first", &bfs, &lm_bfs, &at_bfs),
    ];
    for (order, r, lm, at) in orders {
        // The straight line in centimetres over the points in the new order:
        // the same values as `line`.
        let line_r = move |g: RenumberedId| {
            let q = at[g];
            move |v: RenumberedId| below(at[v], q)
        };
        let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
        let mut engine_alt = AStar::new(BinaryHeap::new(), IndexedStore::new());
        let ids = move |s: u32, g: u32| (r.id(s).expect("a node"), r.id(g).expect("a node"));
        if let Some(&(s, g)) = pairs.first() {
            let (s, g) = ids(s, g);
            engine.search(r, Query::new(s, g, line_r(g)));
            engine_alt.search(r, Query::new(s, g, lm.heuristic(r, g).expect("its graph")));
        }
        contenders.push((
            format!("pathseek straight line, {order}"),
            Box::new(move |s, g| {
                let (s, g) = ids(s, g);
                let res = engine.search(r, Query::new(s, g, line_r(g)));
                let path = res.found().map(|p| (p.cost, r.originals(&p.nodes)));
                (path.map(|(c, _)| c), Some(res.stats.expanded))
            }),
        ));
        contenders.push((
            format!("pathseek ALT-{count}, {order}"),
            Box::new(move |s, g| {
                let (s, g) = ids(s, g);
                let h = lm.heuristic(r, g).expect("its graph");
                let res = engine_alt.search(r, Query::new(s, g, h));
                let path = res.found().map(|p| (p.cost, r.originals(&p.nodes)));
                (path.map(|(c, _)| c), Some(res.stats.expanded))
            }),
        ));
    }
    // `pathfinding` on the Hilbert order too: its reads of edges and points
    // gain from the order as well, so the faster of its two runs is the peer.
    let (r, lm_r, at) = (&hilbert, &lm_hilbert, &at_hilbert);
    let successors_r = move |&v: &RenumberedId| r.edges(v);
    contenders.push((
        "pathfinding straight line, Hilbert".into(),
        Box::new(move |s, g| {
            let (s, g) = (r.id(s).expect("a node"), r.id(g).expect("a node"));
            let q = at[g];
            let res = pathfinding::directed::astar::astar(
                &s,
                successors_r,
                |&v| below(at[v], q),
                |&v| v == g,
            );
            (res.map(|(p, c)| (c, r.originals(&p)).0), None)
        }),
    ));
    contenders.push((
        format!("pathfinding ALT-{count}, Hilbert"),
        Box::new(move |s, g| {
            let (s, g) = (r.id(s).expect("a node"), r.id(g).expect("a node"));
            let h = lm_r.heuristic(r, g).expect("its graph");
            let res = pathfinding::directed::astar::astar(
                &s,
                successors_r,
                |&v| h.estimate(v),
                |&v| v == g,
            );
            (res.map(|(p, c)| (c, r.originals(&p)).0), None)
        }),
    ));

    let only = flags.get("only");
    contenders.retain(|(name, _)| only.is_none_or(|o| name == o));
    let (times, results) = run_rounds(&mut contenders, &pairs, repeat);
    let rows: Vec<Row> = contenders
        .iter()
        .zip(results)
        .zip(&times)
        .map(|(((name, _), (expanded, costs)), t)| (name.clone(), expanded, median(t), costs))
        .collect();
    let ms = |name: &str| rows.iter().find(|r| r.0 == name).map_or(f64::NAN, |r| r.2);

    // What the translation alone costs: every query's ids in and path out.
    let paths: Vec<Vec<RenumberedId>> = pairs
        .iter()
        .map(|&(s, g)| {
            let (s, g) = (
                hilbert.id(s).expect("a node"),
                hilbert.id(g).expect("a node"),
            );
            pathseek::astar(&hilbert, s, g, |_| 0)
                .into_path()
                .map_or(Vec::new(), |p| p.nodes)
        })
        .collect();
    let mut translate = Vec::new();
    for _ in 0..repeat {
        let t = Instant::now();
        let mut sum = 0u64;
        for (&(s, g), p) in pairs.iter().zip(&paths) {
            let ids = (hilbert.id(s), hilbert.id(g));
            sum += ids.0.map_or(0, |v| v.index() as u64) + ids.1.map_or(0, |v| v.index() as u64);
            sum += hilbert.originals(p).map_or(0, |o| o.len() as u64);
        }
        std::hint::black_box(sum);
        translate.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let nodes: usize = paths.iter().map(Vec::len).sum();
    println!(
        "translation (Hilbert): {:.2} ms per run of the query set for the ids in and {} path nodes out",
        median(&translate),
        nodes
    );

    let base = rows.first().map_or(f64::NAN, |r| r.2);
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
    let peer_line = ms("pathfinding straight line").min(ms("pathfinding straight line, Hilbert"));
    let peer_alt = ms(&format!("pathfinding ALT-{count}"))
        .min(ms(&format!("pathfinding ALT-{count}, Hilbert")));
    let ch = pathseek_benchmarks::road_hierarchies::run(graph, &pairs, repeat, table, seed, true)?;
    println!(
        "ratio_line {:.2} ratio_alt {:.2} ratio_ch_vs_fast_paths {:.2} prep_ratio {:.2} customize_speedup {:.1}",
        peer_line / ms("pathseek straight line, Hilbert"),
        peer_alt / ms(&format!("pathseek ALT-{count}, Hilbert")),
        ch.query_ratio,
        ch.prep_ratio,
        ch.customize_speedup
    );
    Ok(agree)
}
