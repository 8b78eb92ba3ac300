//! ALT landmarks against the reference Dijkstra of `tests/common`, on random
//! graphs (directed and undirected, with zero-cost edges, parallel edges and
//! self-loops) and random grids with terrain (asymmetric costs):
//!
//! - every landmark distance equals Dijkstra's, from the landmark and to it;
//! - the heuristic is admissible (`h(v) <= d(v, goal)` for every node) and
//!   consistent (`h(u) <= c + h(v)` for every edge `u -> v` of cost `c`
//!   whose end `v` can reach the goal);
//! - A* with it finds Dijkstra's cost, or no path when there is none;
//! - for every selection method and for landmarks given by hand.

use crate::common;

use common::graph_props::GenCost;
use common::{adjacency, dijkstra, reversed, Adjacency};
use pathseek::landmarks::{LandmarkError, Landmarks, Selection};
use pathseek::{Cell, Connectivity, Cost, DenseIds, Grid, GridCosts, Length, Query, StaticGraph};
use proptest::prelude::*;

const REGRESSIONS: &str = regressions_file!("landmarks");

const SELECTIONS: [Selection; 3] = [Selection::Farthest, Selection::Avoid, Selection::Random];

/// A random graph: node count, edges, directed or not, landmark count, seed.
#[derive(Clone, Debug)]
struct Case<C> {
    n: usize,
    edges: Vec<(u32, u32, C)>,
    undirected: bool,
    landmarks: usize,
    seed: u64,
}

fn case<C: GenCost>() -> impl Strategy<Value = Case<C>> {
    (1usize..=60, any::<bool>(), 1usize..=6, any::<u64>())
        .prop_flat_map(|(n, undirected, landmarks, seed)| {
            let node = 0..n as u32;
            let edges = prop::collection::vec((node.clone(), node, C::edge()), 0..=3 * n);
            (
                Just(n),
                edges,
                Just(undirected),
                Just(landmarks),
                Just(seed),
            )
        })
        .prop_map(|(n, edges, undirected, landmarks, seed)| Case {
            n,
            edges,
            undirected,
            landmarks,
            seed,
        })
}

fn build<C: Cost>(case: &Case<C>) -> StaticGraph<C> {
    let edges = case.edges.iter().copied();
    if case.undirected {
        StaticGraph::from_undirected_edges(case.n, edges).unwrap()
    } else {
        StaticGraph::from_edges(case.n, edges).unwrap()
    }
}

/// `a <= b` up to the float tolerance of the cost type.
fn at_most<C: Cost>(a: C, b: C) -> bool {
    a <= b || common::close(a, b, common::tolerance::<C>())
}

/// Every check of the file, on one graph and its landmarks.
fn check_all<G: DenseIds>(graph: &G, lm: &Landmarks<G::Cost>, label: &str) {
    let adj: Adjacency<G::Cost> = adjacency(graph);
    let rev = reversed(&adj);
    let n = adj.len();
    // The stored distances are Dijkstra's.
    for (k, &l) in lm.nodes().iter().enumerate() {
        let (from, to) = (dijkstra(&adj, l), dijkstra(&rev, l));
        for v in 0..n {
            assert_eq!(lm.distance_from(k, v), from[v], "{label}: d(L{k}={l}, {v})");
            assert_eq!(lm.distance_to(k, v), to[v], "{label}: d({v}, L{k}={l})");
        }
    }
    let mut engine = pathseek::AStar::new(
        pathseek::open_set::BinaryHeap::new(),
        pathseek::store::IndexedStore::new(),
    );
    for t in 0..n {
        let goal = graph.node_at(t).unwrap();
        if !graph.contains(goal) {
            continue;
        }
        let h = lm.heuristic(graph, goal).unwrap();
        // Distances to t: Dijkstra from t on the reverse graph.
        let to_goal = dijkstra(&rev, t);
        for v in 0..n {
            let node = graph.node_at(v).unwrap();
            let hv = h.estimate(node);
            assert!(hv.is_valid(), "{label}: h({v}) = {hv:?}");
            if let Some(d) = to_goal[v] {
                assert!(
                    at_most(hv, d),
                    "{label}: h({v}) = {hv:?} > d({v}, {t}) = {d:?}"
                );
            }
            // Consistent on every edge into a node that can reach the goal
            // (from a node that cannot, the distance is infinite: any
            // finite h is a lower bound there, and no path runs through it).
            for &(w, c) in adj[v].iter().filter(|e| to_goal[e.0].is_some()) {
                let hw = h.estimate(graph.node_at(w).unwrap());
                assert!(
                    at_most(hv, c + hw),
                    "{label}: inconsistent on {v} -> {w} ({c:?}): h {hv:?} > {hw:?} + c"
                );
            }
        }
        // A* from a few starts finds Dijkstra's cost.
        for s in (0..n).step_by(n / 4 + 1) {
            let start = graph.node_at(s).unwrap();
            if !graph.contains(start) {
                continue;
            }
            let r = engine.search(
                graph,
                Query::new(start, goal, lm.heuristic(graph, goal).unwrap()),
            );
            match (r.found(), to_goal[s]) {
                (Some(p), Some(d)) => assert!(
                    common::close(p.cost, d, common::tolerance::<G::Cost>()),
                    "{label}: {s} -> {t} cost {:?}, Dijkstra {d:?}",
                    p.cost
                ),
                (None, None) => {}
                (found, d) => panic!("{label}: {s} -> {t}: found {found:?}, Dijkstra {d:?}"),
            }
        }
    }
}

fn graph_property<C: GenCost>(name: &str) {
    common::run_property(name, REGRESSIONS, case::<C>(), |case| {
        let g = build(&case);
        for selection in SELECTIONS {
            let lm = Landmarks::with_seed(&g, case.landmarks, selection, case.seed).unwrap();
            assert!(lm.len() <= case.landmarks && !lm.is_empty());
            check_all(&g, &lm, &format!("{selection:?} {case:?}"));
        }
        let given: Vec<u32> = (0..case.landmarks as u32)
            .map(|i| i * 7 % case.n as u32)
            .collect();
        let lm = Landmarks::from_nodes(&g, &given).unwrap();
        check_all(&g, &lm, &format!("given {given:?} {case:?}"));
    });
}

#[test]
fn alt_on_random_graphs_u32() {
    graph_property::<u32>("alt_on_random_graphs_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn alt_on_random_graphs_u64() {
    graph_property::<u64>("alt_on_random_graphs_u64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn alt_on_random_graphs_f64() {
    graph_property::<f64>("alt_on_random_graphs_f64");
}

/// Random grids with walls and terrain, costs `costs` and a terrain weight
/// `weight(k)` for cell kind `k` in 1..=5: moves are charged on the cell
/// entered, so the reverse costs differ and both directions are stored.
fn grid_property<C: Cost>(name: &str, costs: GridCosts<C>, weight: fn(u8) -> C) {
    let strategy = (
        2u32..=14,
        2u32..=14,
        any::<bool>(),
        1usize..=5,
        any::<u64>(),
        prop::collection::vec(0u8..6, 196),
    );
    common::run_property(
        name,
        REGRESSIONS,
        strategy,
        |(w, h, eight, count, seed, cells)| {
            let connectivity = if eight {
                Connectivity::Eight
            } else {
                Connectivity::Four
            };
            let at = |c: Cell| cells[(c.y * 14 + c.x) as usize];
            let mut grid = Grid::from_fn(w, h, connectivity, costs, |c| at(c) != 0).unwrap();
            let terrain = cells.contains(&5);
            if terrain {
                for y in 0..h {
                    for x in 0..w {
                        let c = Cell::new(x, y);
                        grid.set_terrain(c, weight(at(c).max(1))).unwrap();
                    }
                }
            }
            for selection in SELECTIONS {
                match Landmarks::with_seed(&grid, count, selection, seed) {
                    Ok(lm) => {
                        if terrain && !lm.is_symmetric() {
                            // Both directions, 4 bytes an entry (a `u32` table, or `Length`).
                            assert!(lm.bytes_per_node() == 2 * 4 * lm.len());
                        }
                        check_all(
                            &grid,
                            &lm,
                            &format!("{selection:?} {w}x{h} terrain {terrain}"),
                        );
                    }
                    Err(LandmarkError::NoNodes) => assert_eq!(grid.passable_count(), 0),
                    Err(e) => panic!("{e}"),
                }
            }
        },
    );
}

#[test]
fn alt_on_random_grids_with_terrain() {
    grid_property(
        "alt_on_random_grids_with_terrain",
        GridCosts::new(2u32, 3),
        u32::from,
    );
}

/// The default grid costs (`Length`), with terrain weights of whole and half
/// cells.
#[test]
fn alt_on_random_grids_with_length_costs() {
    grid_property(
        "alt_on_random_grids_with_length_costs",
        GridCosts::octile(),
        |k| Length::from_f64(f64::from(k) / 2.0 + 0.5).unwrap(),
    );
}

#[test]
fn a_stale_graph_is_refused() {
    let g = StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)]).unwrap();
    let lm = Landmarks::new(&g, 1, Selection::Avoid).unwrap();
    let bigger = StaticGraph::from_undirected_edges(4, [(0, 1, 1u32)]).unwrap();
    assert_eq!(
        lm.heuristic(&bigger, 0).unwrap_err(),
        LandmarkError::WrongGraph {
            expected: 3,
            found: 4
        }
    );
}

/// The Luxembourg street network of `../shared/roads` (skipped when absent):
/// ALT-16 against Dijkstra on random queries, edge cost = straight-line
/// length.
#[test]
fn alt_on_luxembourg_equals_dijkstra() {
    use pathseek::io::metis;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/roads/");
    let open =
        |name: &str| std::fs::File::open(format!("{dir}{name}")).map(std::io::BufReader::new);
    let (Ok(graph), Ok(xyz)) = (open("luxembourg.osm.graph"), open("luxembourg.osm.xyz")) else {
        eprintln!("skipped: {dir}luxembourg.osm.graph and .xyz not found (the road data is not in this checkout)");
        return;
    };
    let topology: StaticGraph<f64> = metis::read_graph(graph).unwrap();
    let points = metis::read_xyz_for(xyz, topology.len()).unwrap();
    let g = topology
        .map_costs(|a, b, _| {
            let ([ax, ay], [bx, by]) = (points[a as usize], points[b as usize]);
            (ax - bx).hypot(ay - by)
        })
        .unwrap();
    let lm = Landmarks::new(&g, 16, Selection::Avoid).unwrap();
    assert_eq!(lm.len(), 16);
    assert!(lm.is_symmetric());
    let mut engine = pathseek::AStar::new(
        pathseek::open_set::BinaryHeap::new(),
        pathseek::store::IndexedStore::new(),
    );
    // An engine runs one query type: the zero heuristic gets its own.
    let mut exact_engine = pathseek::AStar::new(
        pathseek::open_set::BinaryHeap::new(),
        pathseek::store::IndexedStore::new(),
    );
    let n = g.len() as u64;
    let mut state = 7u64;
    let (mut alt_expanded, mut dijkstra_expanded) = (0, 0);
    for _ in 0..60 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (s, t) = (((state >> 33) % n) as u32, ((state >> 7) % n) as u32);
        let exact = exact_engine.search(&g, Query::new(s, t, |_| 0.0));
        dijkstra_expanded += exact.stats.expanded;
        let alt = engine.search(&g, Query::new(s, t, lm.heuristic(&g, t).unwrap()));
        alt_expanded += alt.stats.expanded;
        let (a, b) = (exact.found().unwrap().cost, alt.found().unwrap().cost);
        assert!(
            (a - b).abs() <= 1e-9 * a.max(1.0),
            "{s} -> {t}: Dijkstra {a}, ALT {b}"
        );
    }
    assert!(
        alt_expanded * 5 < dijkstra_expanded,
        "ALT {alt_expanded}, Dijkstra {dijkstra_expanded}"
    );
}
