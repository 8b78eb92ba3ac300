//! Contraction hierarchies against the reference Dijkstra of `tests/common`,
//! on random graphs (directed and undirected, zero-cost edges, parallel
//! edges, self-loops, unreachable pairs), for both kinds of hierarchy:
//!
//! - every distance between every pair of nodes equals Dijkstra's, `None`
//!   exactly when there is no path;
//! - every path found runs along the graph's edges from the start to the
//!   goal and costs what was returned;
//! - a distance table equals Dijkstra's for random sources and targets
//!   (repeats included);
//! - a customizable hierarchy customized for new random costs on the same
//!   edges answers for them, and refuses the old graph;
//! - (rayon) preparation in one thread and in several gives the same
//!   hierarchy.

use crate::common;

use common::graph_props::GenCost;
use common::{adjacency, dijkstra, path_cost, Adjacency};
use pathseek::contraction::{
    ChSearch, Contracted, ContractionError, ContractionHierarchy, CustomizableHierarchy,
};
use pathseek::{Cost, StaticGraph};
use proptest::prelude::*;

const REGRESSIONS: &str = regressions_file!("contraction");

/// A random graph, a second set of costs for its edges, and table rows.
#[derive(Clone, Debug)]
struct Case<C> {
    n: usize,
    edges: Vec<(u32, u32, C)>,
    recosted: Vec<C>,
    undirected: bool,
    sources: Vec<u32>,
    targets: Vec<u32>,
}

fn case<C: GenCost>() -> impl Strategy<Value = Case<C>> {
    (1usize..=45, any::<bool>(), 0usize..=3)
        .prop_flat_map(|(n, undirected, density)| {
            let node = 0..n as u32;
            let edges = prop::collection::vec(
                (node.clone(), node.clone(), C::edge()),
                0..=(density + 1) * n,
            );
            let ends = prop::collection::vec(node, 0..=6);
            (Just(n), edges, Just(undirected), ends.clone(), ends)
        })
        .prop_flat_map(|(n, edges, undirected, sources, targets)| {
            let recosted = prop::collection::vec(C::edge(), edges.len());
            (
                Just(n),
                Just(edges),
                recosted,
                Just(undirected),
                Just(sources),
                Just(targets),
            )
        })
        .prop_map(|(n, mut edges, recosted, undirected, sources, targets)| {
            // Parallel copies of a few edges with other costs.
            let copies: Vec<_> = edges.iter().step_by(5).map(|&(a, b, _)| (a, b)).collect();
            for (k, (a, b)) in copies.into_iter().enumerate() {
                edges.push((a, b, edges[k].2));
            }
            let recosted = (0..edges.len())
                .map(|i| recosted[i % recosted.len().max(1)])
                .collect();
            Case {
                n,
                edges,
                recosted,
                undirected,
                sources,
                targets,
            }
        })
}

fn build<C: Cost>(
    n: usize,
    edges: impl Iterator<Item = (u32, u32, C)>,
    undirected: bool,
) -> StaticGraph<C> {
    if undirected {
        StaticGraph::from_undirected_edges(n, edges).unwrap()
    } else {
        StaticGraph::from_edges(n, edges).unwrap()
    }
}

fn same<C: Cost>(a: Option<C>, b: Option<C>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => common::close(x, y, common::tolerance::<C>()),
        (None, None) => true,
        _ => false,
    }
}

/// Every pair's distance and path, and a table, against Dijkstra.
fn check<C: Cost, H: Contracted<C>>(g: &StaticGraph<C>, h: &H, case: &Case<C>, label: &str) {
    let adj: Adjacency<C> = adjacency(g);
    let mut search = ChSearch::new();
    let mut path = Vec::new();
    let n = g.len() as u32;
    let truth: Vec<Vec<Option<C>>> = (0..g.len()).map(|s| dijkstra(&adj, s)).collect();
    for s in 0..n {
        for t in 0..n {
            let want = truth[s as usize][t as usize];
            let got = search.distance(h, g, s, t).unwrap();
            assert!(
                same(got, want),
                "{label}: {s} -> {t}: {got:?}, Dijkstra {want:?}"
            );
            let cost = search.find_path(h, g, s, t, &mut path).unwrap();
            assert_eq!(
                cost, got,
                "{label}: {s} -> {t}: find_path and distance differ"
            );
            match cost {
                Some(c) => {
                    let nodes: Vec<usize> = path.iter().map(|&v| v as usize).collect();
                    let along = path_cost(&adj, &nodes, s as usize, t as usize)
                        .unwrap_or_else(|e| panic!("{label}: {s} -> {t}: {e}"));
                    assert!(
                        common::close(along, c, common::tolerance::<C>()),
                        "{label}: {s} -> {t}: path {path:?} costs {along:?}, returned {c:?}"
                    );
                }
                None => assert!(path.is_empty()),
            }
        }
    }
    let table = search.table(h, g, &case.sources, &case.targets).unwrap();
    assert_eq!(
        (table.sources(), table.targets()),
        (case.sources.len(), case.targets.len())
    );
    for (i, &s) in case.sources.iter().enumerate() {
        for (j, &t) in case.targets.iter().enumerate() {
            let want = truth[s as usize][t as usize];
            assert!(
                same(table.get(i, j), want),
                "{label}: table {s} -> {t}: {:?}, Dijkstra {want:?}",
                table.get(i, j)
            );
        }
    }
}

fn property<C: GenCost + Send + Sync>(name: &str) {
    common::run_property(name, REGRESSIONS, case::<C>(), |case| {
        let g = build(case.n, case.edges.iter().copied(), case.undirected);
        let ch = ContractionHierarchy::new(&g).unwrap();
        check(&g, &ch, &case, &format!("CH {case:?}"));
        let mut cch = CustomizableHierarchy::new(&g).unwrap();
        check(&g, &cch, &case, &format!("CCH {case:?}"));
        // New costs, same edges: customize, answer for them, refuse the old.
        let edges = case
            .edges
            .iter()
            .zip(&case.recosted)
            .map(|(&(a, b, _), &c)| (a, b, c));
        let g2 = build(case.n, edges, case.undirected);
        cch.customize(&g2).unwrap();
        check(&g2, &cch, &case, &format!("CCH recosted {case:?}"));
        let refused = ChSearch::new().distance(&cch, &g, 0, 0);
        assert!(
            matches!(refused, Err(ContractionError::MapChanged(_))),
            "{refused:?}"
        );
        #[cfg(feature = "rayon")]
        {
            let one = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .unwrap();
            let four = rayon::ThreadPoolBuilder::new()
                .num_threads(4)
                .build()
                .unwrap();
            let a = one.install(|| ContractionHierarchy::new(&g).unwrap());
            let b = four.install(|| ContractionHierarchy::new(&g).unwrap());
            assert_eq!(a, b, "one thread and four prepare the same hierarchy");
        }
    });
}

#[test]
fn hierarchies_equal_dijkstra_u32() {
    property::<u32>("hierarchies_equal_dijkstra_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn hierarchies_equal_dijkstra_u64() {
    property::<u64>("hierarchies_equal_dijkstra_u64");
}

#[test]
fn hierarchies_equal_dijkstra_f64() {
    property::<f64>("hierarchies_equal_dijkstra_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn hierarchies_equal_dijkstra_f32() {
    property::<f32>("hierarchies_equal_dijkstra_f32");
}

#[test]
fn bad_input_is_an_error() {
    let nan = StaticGraph::from_edges(2, [(0, 1, 1.0f64)])
        .unwrap()
        .map_costs(|_, _, _| f64::NAN);
    assert!(nan.is_err(), "a NaN cost never reaches a hierarchy");
    // A path whose cost overflows: refused when preparing or when asked,
    // never answered as no path.
    let huge = StaticGraph::from_edges(3, [(0, 1, u32::MAX - 1), (1, 2, 5)]).unwrap();
    let overflow = Err(ContractionError::CostOverflow);
    if let Ok(ch) = ContractionHierarchy::new(&huge) {
        assert_eq!(ChSearch::new().distance(&ch, &huge, 0, 2), overflow);
    }
    if let Ok(cch) = CustomizableHierarchy::new(&huge) {
        assert_eq!(ChSearch::new().distance(&cch, &huge, 0, 2), overflow);
        assert_eq!(
            ChSearch::new().table(&cch, &huge, &[0], &[2]).err(),
            overflow.err()
        );
    }
    let g = StaticGraph::from_edges(3, [(0, 1, 1u32)]).unwrap();
    let ch = ContractionHierarchy::new(&g).unwrap();
    let mut s = ChSearch::new();
    assert_eq!(
        s.distance(&ch, &g, 0, 3),
        Err(ContractionError::UnknownNode)
    );
    assert_eq!(
        s.table(&ch, &g, &[0], &[7]).err(),
        Some(ContractionError::UnknownNode)
    );
    let other = StaticGraph::from_edges(3, [(0, 1, 1u32)]).unwrap();
    assert!(matches!(
        s.distance(&ch, &other, 0, 1),
        Err(ContractionError::MapChanged(_))
    ));
}
