//! Road graphs: A* with the straight-line heuristic against ALT landmarks, on
//! a DIMACS or METIS file or on a small road network built here.
//!
//! ```text
//! cargo run --release --example roads               # a generated 4,000-node network
//! cargo run --release --example roads -- --graph ../shared/roads/luxembourg.osm.graph \
//!     --coords ../shared/roads/luxembourg.osm.xyz
//! cargo run --release --example roads -- --help
//! ```
//! The graph is first renumbered for locality ([`Renumbered`]: along a
//! Hilbert curve over the points when there are coordinates, breadth-first
//! when there are none; `--order` chooses), which is the recommended way to
//! search a road graph: the queries keep the file's ids, mapped in once, and
//! the points and landmark tables are kept in the new order.
//!
//! It runs the same random queries with each heuristic in one reused engine
//! and prints a table (preprocessing, bytes per node, expansions, time, and
//! the ratios to straight-line A*), then the line
//! `queries Q heuristic_ratio R alt_ratio A`: `R` is straight-line expansions
//! divided by ALT-16 expansions, `A` straight-line time divided by ALT-16
//! time (Dijkstra's stands in for straight-line when there are no
//! coordinates). Exit code 1 if two heuristics disagree on a cost, 2 on bad
//! flags or files.

mod common;

use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::time::Instant;

use common::{Flags, Help};
use pathseek::graph::{Renumbered, RenumberedId};
use pathseek::io::{dimacs, metis};
use pathseek::landmarks::{Landmarks, Selection};
use pathseek::open_set::BinaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Heuristic, Query, StaticGraph};

fn main() {
    common::exit(run())
}

/// A graph with `f64` edge costs and, when known, a point per node.
struct Network {
    name: String,
    graph: StaticGraph<f64>,
    points: Option<Vec<[f64; 2]>>,
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "Runs random shortest-path queries on a road graph with the straight-line \
                heuristic and with ALT landmarks (A*, Landmarks, Triangle inequality) and \
                prints expansions and times side by side. Without --graph it builds a \
                road-like network of 4,000 nodes (a jittered grid of streets with gaps and \
                a few diagonal avenues; edge cost = length).",
        usage: "cargo run --release --example roads [-- --graph FILE --coords FILE] \
                [--queries N] [--seed S] [--landmarks LIST] [--selection NAME] [--repeat R] \
                [--order NAME]",
        flags: &[
            (
                "--graph FILE",
                "a DIMACS .gr file (arc weights as costs) or a METIS graph (other names; \
                 edge cost = straight-line length, so --coords is needed unless the file \
                 has edge weights)",
            ),
            (
                "--coords FILE",
                "node coordinates: DIMACS .co, or METIS .xyz (other names)",
            ),
            ("--queries N", "random start-goal pairs (default 1000)"),
            (
                "--seed S",
                "seed of the pairs and of the landmark choice (default 1)",
            ),
            (
                "--landmarks LIST",
                "landmark counts, comma-separated (default 4,8,16)",
            ),
            (
                "--selection NAME",
                "farthest, avoid or random (default avoid)",
            ),
            (
                "--repeat R",
                "runs of each query set; the median time is reported (default 3)",
            ),
            (
                "--order NAME",
                "how the nodes are renumbered for locality: hilbert (needs coordinates), \
                 breadth-first, or none (the file's order); default hilbert with \
                 coordinates, else breadth-first",
            ),
        ],
        more: "The straight-line heuristic is the distance between the points times the \
               largest factor that keeps it a lower bound on every edge (1 when edge costs \
               are the lengths). Times are whole query sets in one reused engine (binary \
               heap, indexed store).",
    })?;
    let number = |name: &str, default: &str| flags.number(name, default);
    let queries = number("queries", "1000")? as usize;
    let seed = number("seed", "1")?;
    let repeat = number("repeat", "3")?.max(1) as usize;
    let counts: Vec<usize> = flags
        .get_or("landmarks", "4,8,16")
        .split(',')
        .map(|s| {
            s.trim()
                .parse()
                .map_err(|_| "--landmarks needs numbers like 4,8,16".to_string())
        })
        .collect::<Result<_, _>>()?;
    let selection = match flags.get_or("selection", "avoid") {
        "farthest" => Selection::Farthest,
        "avoid" => Selection::Avoid,
        "random" => Selection::Random,
        other => {
            return Err(format!(
                "--selection: unknown {other:?} (farthest, avoid, random)"
            ))
        }
    };
    let net = match flags.get("graph") {
        Some(path) => load(Path::new(path), flags.get("coords").map(Path::new))?,
        None => generated(seed),
    };
    let n = net.graph.len();
    if n == 0 {
        return Err("the graph has no nodes".into());
    }
    let default_order = if net.points.is_some() {
        "hilbert"
    } else {
        "breadth-first"
    };
    let order = flags.get_or("order", default_order);
    let t = Instant::now();
    let renumbered = match (order, &net.points) {
        ("hilbert", Some(points)) => {
            Renumbered::hilbert(&net.graph, points).map_err(|e| e.to_string())?
        }
        ("hilbert", None) => return Err("--order hilbert needs --coords".into()),
        ("breadth-first", _) => Renumbered::breadth_first(&net.graph),
        ("none", _) => Renumbered::from_order(&net.graph, (0..n as u32).collect())
            .map_err(|e| e.to_string())?,
        (other, _) => {
            return Err(format!(
                "--order: unknown {other:?} (hilbert, breadth-first, none)"
            ))
        }
    };
    println!(
        "renumbered for locality ({order}) in {:.0} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let graph = &renumbered;
    println!(
        "{}: {} nodes, {} directed edges, {:.1} MB as a StaticGraph ({} bytes per node and {} per edge)",
        net.name,
        n,
        net.graph.edge_count(),
        net.graph.heap_bytes() as f64 / 1e6,
        4,
        4 + std::mem::size_of::<f64>()
    );
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as u32
    };
    // The queries name nodes by the file's ids; they are mapped in once.
    let id = |v: u32| graph.id(v).ok_or(format!("node {v} is not in the graph"));
    let pairs: Vec<(RenumberedId, RenumberedId)> = (0..queries)
        .map(|_| Ok((id(next())?, id(next())?)))
        .collect::<Result<_, String>>()?;
    // The baseline: straight-line distance, or none without coordinates.
    let (base_name, base) = match &net.points {
        Some(points) => {
            let scale = line_scale(&net.graph, points);
            // The points in the renumbered order, read by the new ids.
            let at = graph.reorder(points).map_err(|e| e.to_string())?;
            let at = &at;
            let line = |goal: RenumberedId| {
                let g = at[goal];
                move |v: RenumberedId| scale * distance(at[v], g)
            };
            ("straight line", run_queries(graph, &pairs, repeat, line))
        }
        None => (
            "Dijkstra (no coordinates)",
            run_queries(graph, &pairs, repeat, |_| |_: RenumberedId| 0.0),
        ),
    };
    println!();
    println!(
        "{:<26} {:>9} {:>10} {:>12} {:>9} {:>8} {:>8}",
        "heuristic", "prep ms", "bytes/node", "expansions", "time ms", "exp x", "time x"
    );
    let row = |name: &str, prep: Option<f64>, bytes: Option<usize>, r: &Run| {
        println!(
            "{:<26} {:>9} {:>10} {:>12} {:>9.1} {:>8.2} {:>8.2}",
            name,
            prep.map_or("-".into(), |p| format!("{p:.0}")),
            bytes.map_or("-".into(), |b| b.to_string()),
            r.expanded,
            r.ms,
            base.expanded as f64 / r.expanded.max(1) as f64,
            base.ms / r.ms,
        );
    };
    row(base_name, None, None, &base);
    let mut agree = true;
    let mut alt16: Option<Run> = None;
    let largest = counts.iter().copied().max().unwrap_or(0);
    let key = if counts.contains(&16) { 16 } else { largest };
    for &k in &counts {
        let t = Instant::now();
        let lm = Landmarks::with_seed(graph, k, selection, seed).map_err(|e| e.to_string())?;
        let prep = t.elapsed().as_secs_f64() * 1e3;
        let r = run_queries(graph, &pairs, repeat, |goal| {
            lm.heuristic(graph, goal).expect("the landmarks' own graph")
        });
        for (i, (a, b)) in base.costs.iter().zip(&r.costs).enumerate() {
            let same = match (a, b) {
                (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.abs().max(1.0),
                (a, b) => a == b,
            };
            if !same {
                let (s, g) = pairs[i];
                let (s, g) = (graph.original(s), graph.original(g));
                eprintln!("query {i} ({s:?}, {g:?}): {base_name} {a:?}, ALT-{k} {b:?}");
                agree = false;
            }
        }
        row(
            &format!("ALT-{k} ({selection:?})"),
            Some(prep),
            Some(lm.bytes_per_node()),
            &r,
        );
        if k == key {
            alt16 = Some(r);
        }
    }
    let alt = alt16.ok_or("no landmark count given")?;
    println!(
        "queries {} heuristic_ratio {:.2} alt_ratio {:.2}",
        queries,
        base.expanded as f64 / alt.expanded.max(1) as f64,
        base.ms / alt.ms
    );
    Ok(agree)
}

/// One heuristic over the query set: total expansions, median time, costs.
struct Run {
    expanded: u64,
    ms: f64,
    costs: Vec<Option<f64>>,
}

fn run_queries<H: Heuristic<RenumberedId, f64>>(
    graph: &Renumbered<f64>,
    pairs: &[(RenumberedId, RenumberedId)],
    repeat: usize,
    heuristic: impl Fn(RenumberedId) -> H,
) -> Run {
    // One engine per heuristic (an engine runs one query type), kept over
    // the repeats so only the first pays for its memory.
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut times = Vec::new();
    let (mut expanded, mut costs) = (0, Vec::new());
    for _ in 0..repeat {
        expanded = 0;
        costs.clear();
        let t = Instant::now();
        for &(s, g) in pairs {
            let r = engine.search(graph, Query::new(s, g, heuristic(g)));
            expanded += r.stats.expanded;
            costs.push(r.found().map(|p| p.cost));
        }
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    Run {
        expanded,
        ms: common::median(&times),
        costs,
    }
}

/// The largest `s` with `s * |uv| <= cost(u, v)` on every edge (at most 1):
/// the straight line times `s` is then admissible and consistent.
fn line_scale(graph: &StaticGraph<f64>, points: &[[f64; 2]]) -> f64 {
    let mut scale = 1.0f64;
    for u in 0..graph.len() as u32 {
        for (v, cost) in graph.edges(u) {
            let (p, q) = (points[u as usize], points[v as usize]);
            let length = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
            if length > 0.0 {
                scale = scale.min(cost / length);
            }
        }
    }
    scale
}

fn open(path: &Path) -> Result<BufReader<File>, String> {
    File::open(path)
        .map(BufReader::new)
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn load(graph: &Path, coords: Option<&Path>) -> Result<Network, String> {
    let name = graph
        .file_name()
        .map_or("graph".into(), |s| s.to_string_lossy().into_owned());
    let points = match coords {
        None => None,
        Some(p) if p.extension().is_some_and(|e| e == "co") => {
            Some(dimacs::read_co(open(p)?).map_err(at(p))?)
        }
        Some(p) => Some(metis::read_xyz(open(p)?).map_err(at(p))?),
    };
    let dimacs_file = graph.extension().is_some_and(|e| e == "gr");
    let mut g: StaticGraph<f64> = if dimacs_file {
        dimacs::read_gr(open(graph)?).map_err(at(graph))?
    } else {
        metis::read_graph(open(graph)?).map_err(at(graph))?
    };
    if let Some(points) = &points {
        if points.len() != g.len() {
            return Err(format!(
                "{} nodes in the graph but {} coordinates",
                g.len(),
                points.len()
            ));
        }
        if !dimacs_file {
            // METIS edges carry no lengths here: the cost is the distance.
            g = g
                .map_costs(|u, v, _| distance(points[u as usize], points[v as usize]))
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(Network {
        name,
        graph: g,
        points,
    })
}

/// A load error with the file it came from.
fn at(path: &Path) -> impl Fn(pathseek::io::LoadError) -> String + '_ {
    move |e| format!("{}: {e}", path.display())
}

fn distance(p: [f64; 2], q: [f64; 2]) -> f64 {
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt()
}

/// A road-like network: a 80 x 50 grid of junctions, jittered, with a fifth
/// of the streets missing and a few long diagonal avenues. Costs are lengths.
fn generated(seed: u64) -> Network {
    let (w, h) = (80u32, 50u32);
    let mut state = seed ^ 0x5DEE_CE66_D1CE_4E5B;
    let mut unit = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let points: Vec<[f64; 2]> = (0..w * h)
        .map(|i| {
            let (x, y) = (f64::from(i % w), f64::from(i / w));
            [100.0 * x + 30.0 * unit(), 100.0 * y + 30.0 * unit()]
        })
        .collect();
    let id = |x: u32, y: u32| y * w + x;
    let mut edges = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if x + 1 < w && unit() > 0.2 {
                edges.push((id(x, y), id(x + 1, y)));
            }
            if y + 1 < h && unit() > 0.2 {
                edges.push((id(x, y), id(x, y + 1)));
            }
            // Avenues: every 10th row and column is complete, and diagonals
            // run through the blocks.
            if (x % 10 == 0 || y % 10 == 0) && x + 1 < w && y + 1 < h && (x + y) % 10 == 0 {
                edges.push((id(x, y), id(x + 1, y + 1)));
            }
        }
    }
    for y in (0..h).step_by(10) {
        for x in 0..w - 1 {
            edges.push((id(x, y), id(x + 1, y)));
        }
    }
    for x in (0..w).step_by(10) {
        for y in 0..h - 1 {
            edges.push((id(x, y), id(x, y + 1)));
        }
    }
    let weighted = edges
        .into_iter()
        .map(|(a, b)| (a, b, distance(points[a as usize], points[b as usize])));
    let graph = StaticGraph::from_undirected_edges((w * h) as usize, weighted)
        .expect("generated edges are in range with finite lengths");
    Network {
        name: format!("generated {w} x {h} street grid"),
        graph,
        points: Some(points),
    }
}
