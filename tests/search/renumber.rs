//! `graph::Renumbered`: a graph renumbered for locality answers every query
//! like the original, with the ids mapped back.
//!
//! Random directed graphs (0..=60 nodes, zero-cost edges, self-loops,
//! parallel edges, unreachable goals) with random points, each renumbered
//! three ways (Hilbert over the points, breadth-first, a random
//! permutation). For every renumbering:
//!
//! - the mapping goes both ways: `original(id(v)) == v` for every node, the
//!   new ids are `0..n`, reordered values follow their nodes;
//! - every edge of the original is an edge of the renumbered graph, mapped;
//! - for every query, A* on the renumbered graph (no heuristic, and ALT with
//!   landmarks built on the renumbered graph, both at the original graph's
//!   landmark nodes and chosen by `Avoid`) finds a path exactly when
//!   Dijkstra on the original does, at the same cost, and the path mapped
//!   back starts at the start, ends at the goal and is a path of the
//!   original graph whose cost is that cost;
//! - on the same graph made undirected, the components of the renumbered
//!   graph join the same pairs as those of the original.

use crate::common;

use common::Adjacency;
use pathseek::components::GraphComponents;
use pathseek::graph::{RenumberError, Renumbered, RenumberedId};
use pathseek::landmarks::{LandmarkError, Landmarks, Selection};
use pathseek::{DenseIds, Query, StaticGraph};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Case {
    n: usize,
    edges: Vec<(u32, u32, u32)>,
    points: Vec<[f64; 2]>,
    /// Sort keys of a random permutation.
    keys: Vec<u64>,
    queries: Vec<(u32, u32)>,
}

fn case() -> impl Strategy<Value = Case> {
    (0usize..=60).prop_flat_map(|n| {
        let node = 0..n.max(1) as u32;
        let cost = prop_oneof![1 => Just(0u32), 4 => 1u32..=20, 1 => 1u32..=1000];
        let edges = prop::collection::vec((node.clone(), node.clone(), cost), 0..=3 * n);
        // Coarse points: many ties on the curve.
        let point = (0u8..=12, 0u8..=12).prop_map(|(x, y)| [f64::from(x), f64::from(y) * 0.5]);
        let points = prop::collection::vec(point, n);
        let keys = prop::collection::vec(any::<u64>(), n);
        let queries =
            prop::collection::vec((node.clone(), node), if n == 0 { 0..=0 } else { 1..=12 });
        (edges, points, keys, queries).prop_map(move |(edges, points, keys, queries)| Case {
            n,
            edges: if n == 0 { Vec::new() } else { edges },
            points,
            keys,
            queries,
        })
    })
}

fn renumberings(g: &StaticGraph<u32>, case: &Case) -> Vec<(&'static str, Renumbered<u32>)> {
    let mut order: Vec<u32> = (0..case.n as u32).collect();
    order.sort_by_key(|&v| (case.keys[v as usize], v));
    vec![
        (
            "hilbert",
            Renumbered::hilbert(g, &case.points).expect("finite points"),
        ),
        ("breadth-first", Renumbered::breadth_first(g)),
        (
            "random",
            Renumbered::from_order(g, order).expect("a permutation"),
        ),
    ]
}

/// The adjacency of a static graph by original ids.
fn adjacency(g: &StaticGraph<u32>) -> Adjacency<u32> {
    (0..g.len() as u32)
        .map(|v| g.edges(v).map(|(t, c)| (t as usize, c)).collect())
        .collect()
}

fn check(case: Case) {
    let g = StaticGraph::from_edges(case.n, case.edges.iter().copied()).expect("valid edges");
    let adj = adjacency(&g);
    let original_landmarks =
        (case.n > 0).then(|| Landmarks::with_seed(&g, 3, Selection::Avoid, 5).expect("landmarks"));
    for (name, r) in renumberings(&g, &case) {
        assert_eq!(r.len(), case.n, "{name}");
        assert_eq!(r.edge_count(), g.edge_count(), "{name}");
        // The mapping, both ways.
        let mut seen = vec![false; case.n];
        for v in 0..case.n as u32 {
            let id = r.id(v).expect("every original id maps");
            assert_eq!(r.original(id), Some(v), "{name}");
            assert_eq!(r.node_index(id), Some(id.index()), "{name}");
            assert!(
                !std::mem::replace(&mut seen[id.index()], true),
                "{name}: twice"
            );
            // The edges, mapped.
            let mapped: Vec<(u32, u32)> = r
                .edges(id)
                .map(|(t, c)| (r.original(t).expect("in range"), c))
                .collect();
            assert_eq!(
                mapped,
                g.edges(v).collect::<Vec<_>>(),
                "{name}: edges of {v}"
            );
        }
        assert_eq!(r.id(case.n as u32), None, "{name}");
        let at = r.reorder(&case.points).expect("one point per node");
        for v in 0..case.n as u32 {
            assert_eq!(at[r.id(v).unwrap()], case.points[v as usize], "{name}");
        }
        // Landmarks at the original's landmark nodes, and chosen afresh.
        let alts: Vec<Landmarks<u32>> = original_landmarks
            .iter()
            .flat_map(|lm| {
                let nodes: Vec<RenumberedId> = lm
                    .nodes()
                    .iter()
                    .map(|&i| r.id(i as u32).unwrap())
                    .collect();
                let same = Landmarks::from_nodes(&r, &nodes).expect("same landmarks");
                // Same nodes, same distances, read through the new ids.
                for k in 0..lm.len() {
                    for v in 0..case.n {
                        let new = r.id(v as u32).unwrap().index();
                        assert_eq!(same.distance_from(k, new), lm.distance_from(k, v));
                        assert_eq!(same.distance_to(k, new), lm.distance_to(k, v));
                    }
                }
                let fresh = Landmarks::with_seed(&r, 3, Selection::Avoid, 5).expect("landmarks");
                [same, fresh]
            })
            .collect();
        for &(s, t) in &case.queries {
            let best = common::dijkstra(&adj, s as usize)[t as usize];
            let (rs, rt) = (r.id(s).unwrap(), r.id(t).unwrap());
            let mut found = vec![pathseek::astar(&r, rs, rt, |_| 0).into_path()];
            for lm in &alts {
                let h = lm.heuristic(&r, rt).expect("built on r");
                found.push(pathseek::search(&r, Query::new(rs, rt, h)).into_path());
            }
            for (k, path) in found.into_iter().enumerate() {
                let what = format!("{name}, search {k}, {s} -> {t}");
                assert_eq!(path.as_ref().map(|p| p.cost), best, "{what}");
                if let Some(p) = path {
                    let nodes: Vec<usize> = r
                        .originals(&p.nodes)
                        .expect("ids of r")
                        .into_iter()
                        .map(|v| v as usize)
                        .collect();
                    let cost = common::path_cost(&adj, &nodes, s as usize, t as usize)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(cost, p.cost, "{what}");
                }
            }
        }
    }
    // Components, on the graph made undirected.
    let u = StaticGraph::from_undirected_edges(case.n, case.edges.iter().copied()).unwrap();
    let parts = GraphComponents::new(&u).expect("symmetric");
    for (name, r) in renumberings(&u, &case) {
        let new_parts = GraphComponents::new(&r).expect("symmetric");
        assert_eq!(new_parts.count(), parts.count(), "{name}");
        for a in 0..case.n as u32 {
            for b in 0..case.n as u32 {
                assert_eq!(
                    new_parts.nodes_connected(&r, r.id(a).unwrap(), r.id(b).unwrap()),
                    parts.connected(a as usize, b as usize),
                    "{name}: {a} and {b}"
                );
            }
        }
    }
}

#[test]
fn renumbered_graphs_answer_like_the_original() {
    common::run_property(
        "renumbered_graphs_answer_like_the_original",
        regressions_file!("renumber"),
        case(),
        check,
    );
}

#[test]
fn misuse_is_an_error() {
    let g = StaticGraph::from_undirected_edges(4, [(0, 1, 2u32), (1, 2, 2), (2, 3, 2)]).unwrap();
    let r = Renumbered::from_order(&g, vec![3, 1, 0, 2]).unwrap();
    // Landmarks of the original graph do not serve the renumbered one (its
    // ids name other nodes), nor those of one renumbering another.
    let lm = Landmarks::from_nodes(&g, &[0]).unwrap();
    let goal = r.id(3).unwrap();
    assert_eq!(
        lm.heuristic(&r, goal).unwrap_err(),
        LandmarkError::WrongNumbering
    );
    let lm_r = Landmarks::from_nodes(&r, &[r.id(0).unwrap()]).unwrap();
    assert!(matches!(
        lm_r.heuristic(&g, 3),
        Err(LandmarkError::WrongNumbering)
    ));
    let other = Renumbered::breadth_first(&g);
    assert!(matches!(
        lm_r.heuristic(&other, other.id(3).unwrap()),
        Err(LandmarkError::WrongNumbering)
    ));
    // The same order twice is the same numbering.
    let again = Renumbered::from_order(&g, vec![3, 1, 0, 2]).unwrap();
    assert_eq!(again.numbering(), r.numbering());
    assert!(lm_r.heuristic(&again, again.id(3).unwrap()).is_ok());
    // Lists of the wrong length, bad points, orders that are no permutation.
    assert_eq!(
        Renumbered::from_order(&g, vec![0, 1, 2]).unwrap_err(),
        RenumberError::WrongLength {
            expected: 4,
            found: 3
        }
    );
    assert_eq!(
        Renumbered::from_order(&g, vec![0, 1, 2, 4]).unwrap_err(),
        RenumberError::NotAPermutation { position: 3 }
    );
    let mut points = vec![[0.0, 0.0]; 4];
    points[2][1] = f64::NAN;
    assert_eq!(
        Renumbered::hilbert(&g, &points).unwrap_err(),
        RenumberError::NonFinitePoint { node: 2 }
    );
    assert!(r.reorder(&[1, 2, 3]).is_err());
    // An id of a larger renumbered graph is out of range here, not a node.
    let big = StaticGraph::from_edges(10, [(0, 1, 1u32)]).unwrap();
    let rb = Renumbered::breadth_first(&big);
    let far = (0..10).map(|v| rb.id(v).unwrap()).max().unwrap();
    assert_eq!(r.original(far), None);
    assert_eq!(r.reorder(&[0; 4]).unwrap().get(far), None);
    let out = pathseek::astar(&r, far, goal, |_| 0);
    assert!(out.found().is_none());
}

#[test]
fn hilbert_puts_neighbours_close() {
    // A 32 x 32 grid of streets with ids in a scrambled order: after the
    // Hilbert renumbering, most edges join ids that are close.
    let side = 32u32;
    let scramble = |v: u32| (v * 389) % (side * side);
    let mut edges = Vec::new();
    let mut points = vec![[0.0; 2]; (side * side) as usize];
    for y in 0..side {
        for x in 0..side {
            let v = scramble(y * side + x);
            points[v as usize] = [f64::from(x), f64::from(y)];
            if x + 1 < side {
                edges.push((v, scramble(y * side + x + 1), 1u32));
            }
            if y + 1 < side {
                edges.push((v, scramble((y + 1) * side + x), 1u32));
            }
        }
    }
    let g = StaticGraph::from_undirected_edges((side * side) as usize, edges).unwrap();
    let spread = |span: &dyn Fn(u32, u32) -> u32| {
        let mut near = 0;
        for v in 0..side * side {
            for (t, _) in g.edges(v) {
                near += u32::from(span(v, t) <= 32);
            }
        }
        near as f64 / g.edge_count() as f64
    };
    let before = spread(&|a, b| a.abs_diff(b));
    let r = Renumbered::hilbert(&g, &points).unwrap();
    let after = spread(&|a, b| {
        let (a, b) = (r.id(a).unwrap().index(), r.id(b).unwrap().index());
        a.abs_diff(b) as u32
    });
    assert!(before < 0.2, "{before}");
    assert!(after > 0.7, "{after}");
}
