use super::*;
use crate::graph::Graph;
use crate::{Cell, Connectivity, Grid, GridCosts};

#[test]
fn every_selection_gives_distinct_usable_landmarks() {
    let mut grid = Grid::new(12, 9, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    for y in 0..8 {
        grid.set_passable(Cell::new(6, y), false).unwrap();
    }
    for selection in [Selection::Farthest, Selection::Avoid, Selection::Random] {
        let lm = Landmarks::new(&grid, 6, selection).unwrap();
        assert_eq!(lm.len(), 6, "{selection:?}");
        let mut ids = lm.nodes().to_vec();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 6, "{selection:?}: {:?}", lm.nodes());
        for &id in lm.nodes() {
            assert!(
                grid.contains(grid.node_at(id).unwrap()),
                "{selection:?}: {id}"
            );
        }
        assert!(lm.is_symmetric());
        assert_eq!(lm.bytes_per_node(), 6 * 4);
    }
}

#[test]
fn farthest_reaches_every_component() {
    // Two separate lines: 0..5 and 5..10.
    let edges = (0..4).chain(5..9).map(|v| (v, v + 1, 1u32));
    let g = StaticGraph::from_undirected_edges(10, edges).unwrap();
    let lm = Landmarks::new(&g, 2, Selection::Farthest).unwrap();
    let sides: Vec<bool> = lm.nodes().iter().map(|&v| v < 5).collect();
    assert!(
        sides.contains(&true) && sides.contains(&false),
        "{:?}",
        lm.nodes()
    );
}

#[test]
fn directed_graphs_keep_both_directions() {
    let g = StaticGraph::from_edges(3, [(0, 1, 2u32), (1, 2, 3), (2, 0, 4)]).unwrap();
    let lm = Landmarks::from_nodes(&g, &[0]).unwrap();
    assert!(!lm.is_symmetric());
    assert_eq!(lm.distance_from(0, 2), Some(5));
    assert_eq!(lm.distance_to(0, 2), Some(4));
    assert_eq!(lm.distance_to(0, 1), Some(7));
    let h = lm.heuristic(&g, 2).unwrap();
    // d(1, 2) = 3 >= max(d(0,2) - d(0,1), d(1,0) - d(2,0)) = max(3, 3).
    assert_eq!(h.estimate(1), 3);
    assert_eq!(h.estimate(2), 0);
}

#[test]
fn float_costs_use_the_wide_table() {
    let g = StaticGraph::from_undirected_edges(3, [(0, 1, 0.5f64), (1, 2, 0.25)]).unwrap();
    let lm = Landmarks::from_nodes(&g, &[0]).unwrap();
    assert_eq!(lm.bytes_per_node(), 8);
    let h = lm.heuristic(&g, 2).unwrap();
    assert_eq!(h.estimate(0), 0.75);
    assert_eq!(h.estimate(1), 0.25);
    // Whole-number float distances fit the narrow table exactly.
    let g = StaticGraph::from_undirected_edges(2, [(0, 1, 2.0f64)]).unwrap();
    assert_eq!(Landmarks::from_nodes(&g, &[0]).unwrap().bytes_per_node(), 4);
}

#[test]
fn unreached_entries_never_overestimate() {
    // 0 -> 1 -> 2, and 3 alone; landmarks at 1 and 3.
    let g = StaticGraph::from_edges(4, [(0, 1, 5u32), (1, 2, 5)]).unwrap();
    let lm = Landmarks::from_nodes(&g, &[1, 3]).unwrap();
    for goal in 0..4u32 {
        let h = lm.heuristic(&g, goal).unwrap();
        for v in 0..4u32 {
            let exact = crate::astar(&g, v, goal, |_| 0).found().map(|p| p.cost);
            if let Some(d) = exact {
                assert!(h.estimate(v) <= d, "{v} -> {goal}: {} > {d}", h.estimate(v));
            }
        }
    }
}

#[test]
fn errors() {
    let g = StaticGraph::<u32>::from_edges(0, []).unwrap();
    assert_eq!(
        Landmarks::new(&g, 1, Selection::Farthest).unwrap_err(),
        LandmarkError::NoNodes
    );
    let g = StaticGraph::from_edges(2, [(0, 1, 1u32)]).unwrap();
    assert_eq!(
        Landmarks::from_nodes(&g, &[5]).unwrap_err(),
        LandmarkError::UnknownNode
    );
    let chain = StaticGraph::from_edges(3, [(0, 1, u32::MAX), (1, 2, u32::MAX)]).unwrap();
    assert_eq!(
        Landmarks::from_nodes(&chain, &[0]).unwrap_err(),
        LandmarkError::CostOverflow
    );
}
