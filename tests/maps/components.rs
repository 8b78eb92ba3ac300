//! Property tests of `pathseek::components` against a breadth-first labelling
//! that uses nothing but `Graph::successors`:
//!
//! - `GridComponents` on random grids (1 to 40 cells a side, 4- and
//!   8-connected, 0 to 75 % walls), before and after every edit of a random
//!   sequence of `open` / `block` calls (including no-op edits): the labels
//!   partition the passable cells exactly as the reference does (same label iff
//!   same reference component), blocked and outside cells have none, the count
//!   matches, `is_current` holds; `GraphComponents` on the same grid agrees;
//! - long edit runs on 4x4 to 16x16 grids (four phases of `width * height`
//!   random edits at 75, 25, 60 and 10 % blocking), checked after every edit,
//!   so components split and merge many times over;
//! - `GraphComponents` on random symmetric `AdjacencyList`s (isolated nodes,
//!   self-loops, zero-cost and parallel edges, the two directions of an edge at
//!   different costs): the same partition, and components numbered by their
//!   smallest node;
//! - the same graphs with one edge whose reverse is missing are refused with
//!   `NotSymmetric` naming the smallest such edge;
//! - edit errors leave grid and labels unchanged.

use crate::common;

use std::collections::HashMap;

use common::Lcg;
use pathseek::components::{
    ComponentId, EditError, GraphComponents, GraphComponentsError, GridComponents,
};
use pathseek::{AdjacencyList, Cell, Connectivity, DenseIds, FollowMap, Graph, Grid, GridCosts};
use proptest::prelude::*;

/// Reference labels by breadth-first search over `successors`: `None` for a node
/// outside the graph, components numbered by their smallest id.
fn bfs_labels<G: DenseIds>(graph: &G) -> Vec<Option<usize>> {
    let n = graph.node_count();
    let mut label = vec![None; n];
    let mut next = 0;
    for s in 0..n {
        let node = graph.node_at(s).unwrap();
        if !graph.contains(node) || label[s].is_some() {
            continue;
        }
        label[s] = Some(next);
        let mut queue = std::collections::VecDeque::from([node]);
        while let Some(u) = queue.pop_front() {
            graph.successors(u, |v, _| {
                let j = graph.node_index(v).unwrap();
                if label[j].is_none() {
                    label[j] = Some(next);
                    queue.push_back(v);
                }
            });
        }
        next += 1;
    }
    label
}

/// `ours` and `reference` are the same partition (a bijection between labels),
/// with `None` in the same places; returns the number of parts.
fn same_partition(ours: &[Option<ComponentId>], reference: &[Option<usize>]) -> usize {
    assert_eq!(ours.len(), reference.len());
    let mut there: HashMap<ComponentId, usize> = HashMap::new();
    let mut back: HashMap<usize, ComponentId> = HashMap::new();
    for (i, (&a, &b)) in ours.iter().zip(reference).enumerate() {
        match (a, b) {
            (None, None) => {}
            (Some(a), Some(b)) => {
                assert_eq!(
                    *there.entry(a).or_insert(b),
                    b,
                    "node {i}: label {a:?} spans two components"
                );
                assert_eq!(
                    *back.entry(b).or_insert(a),
                    a,
                    "node {i}: component {b} has two labels"
                );
            }
            _ => panic!("node {i}: ours {a:?}, reference {b:?}"),
        }
    }
    there.len()
}

fn check_grid(grid: &Grid<u32>, parts: &GridComponents) {
    let reference = bfs_labels(grid);
    let (w, h) = (grid.width(), grid.height());
    let ours: Vec<Option<ComponentId>> = (0..w * h)
        .map(|i| parts.component(grid, Cell::new(i % w, i / w)).unwrap())
        .collect();
    let n = same_partition(&ours, &reference);
    assert_eq!(parts.count(), n, "count");
    assert_eq!(
        parts.count(),
        reference.iter().flatten().max().map_or(0, |m| m + 1)
    );
    assert!(parts.is_current(grid));
    assert_eq!(parts.heap_bytes(), 4 * (w * h) as usize);
    for c in [
        Cell::new(w, 0),
        Cell::new(0, h),
        Cell::new(u32::MAX, u32::MAX),
    ] {
        assert_eq!(parts.component(grid, c), Ok(None));
        assert_eq!(parts.connected(grid, c, Cell::new(0, 0)), Ok(false));
    }
    // Spot-check connected() against the labels.
    let a = Cell::new(0, 0);
    for i in 0..w * h {
        let b = Cell::new(i % w, i / w);
        let expect = reference[0].is_some() && reference[0] == reference[i as usize];
        assert_eq!(parts.connected(grid, a, b), Ok(expect));
    }
}

#[derive(Debug, Clone)]
struct GridCase {
    width: u32,
    height: u32,
    eight: bool,
    /// Wall probability, percent.
    walls: u64,
    seed: u64,
    /// `(x, y, passable)` per edit (coordinates taken modulo the size).
    edits: Vec<(u32, u32, bool)>,
}

fn grid_case() -> impl Strategy<Value = GridCase> {
    (
        1u32..=40,
        1u32..=40,
        any::<bool>(),
        0u64..=75,
        any::<u64>(),
        prop::collection::vec((0u32..40, 0u32..40, any::<bool>()), 0..40),
    )
        .prop_map(|(width, height, eight, walls, seed, edits)| GridCase {
            width,
            height,
            eight,
            walls,
            seed,
            edits,
        })
}

fn run_grid_case(case: GridCase) {
    let mut rng = Lcg(case.seed);
    let connectivity = if case.eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let mut grid = Grid::from_fn(
        case.width,
        case.height,
        connectivity,
        GridCosts::new(2u32, 3),
        |_| rng.next(100) >= case.walls,
    )
    .unwrap();
    let mut parts = GridComponents::new(&grid);
    check_grid(&grid, &parts);
    let graph_parts = GraphComponents::new(&grid).unwrap();
    let ours: Vec<_> = (0..grid.node_count())
        .map(|i| graph_parts.component(i))
        .collect();
    assert_eq!(
        same_partition(&ours, &bfs_labels(&grid)),
        graph_parts.count()
    );
    for &(x, y, passable) in &case.edits {
        let cell = Cell::new(x % case.width, y % case.height);
        parts.set_passable(&mut grid, cell, passable).unwrap();
        assert_eq!(grid.is_passable(cell), passable);
        check_grid(&grid, &parts);
    }
    // A fresh build of the edited grid gives the same partition.
    let fresh = GridComponents::new(&grid);
    assert_eq!(fresh.count(), parts.count());
}

#[test]
fn grid_labels_match_bfs_through_edits() {
    common::run_property_with(
        "grid_labels_match_bfs_through_edits",
        regressions_file!("components"),
        common::cases(),
        grid_case(),
        run_grid_case,
    );
}

/// Long edit sequences that mostly block and then mostly open cells of one
/// small grid, so that components split and merge many times over.
#[test]
fn grid_labels_match_bfs_through_long_edit_runs() {
    common::run_property_with(
        "grid_labels_match_bfs_through_long_edit_runs",
        regressions_file!("components"),
        common::cases(),
        (4u32..=16, 4u32..=16, any::<bool>(), any::<u64>()),
        |(w, h, eight, seed)| {
            let mut rng = Lcg(seed);
            let connectivity = if eight {
                Connectivity::Eight
            } else {
                Connectivity::Four
            };
            let mut grid = Grid::new(w, h, connectivity, GridCosts::new(2u32, 3)).unwrap();
            let mut parts = GridComponents::new(&grid);
            for phase in [75, 25, 60, 10] {
                for _ in 0..(w * h) {
                    let cell = Cell::new(rng.next(w.into()) as u32, rng.next(h.into()) as u32);
                    let passable = rng.next(100) >= phase;
                    parts.set_passable(&mut grid, cell, passable).unwrap();
                    check_grid(&grid, &parts);
                }
            }
        },
    );
}

#[test]
fn grid_edit_errors_change_nothing() {
    let mut grid = Grid::from_fn(6, 4, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        c.x != 3
    })
    .unwrap();
    let mut parts = GridComponents::new(&grid);
    let before = parts.clone();
    let outside = parts.open(&mut grid, Cell::new(6, 0));
    assert_eq!(
        outside,
        Err(EditError::OutOfBounds {
            cell: Cell::new(6, 0),
            width: 6,
            height: 4
        })
    );
    let mut other = Grid::new(5, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    assert!(matches!(
        parts.block(&mut other, Cell::new(0, 0)),
        Err(EditError::SizeMismatch { .. })
    ));
    assert!(other.is_passable(Cell::new(0, 0)));
    assert_eq!(parts, before);
    // Changed behind the labels' back: refused, and the grid is not touched.
    grid.set_passable(Cell::new(3, 0), true).unwrap();
    let err = parts.open(&mut grid, Cell::new(3, 2)).unwrap_err();
    assert_eq!(err, EditError::Stale);
    assert!(err.to_string().contains("rebuild"));
    assert!(!grid.is_passable(Cell::new(3, 2)));
    assert_eq!(parts, before);
    assert!(!parts.is_current(&grid));
    // Blocking one cell and opening another keeps the number of passable
    // cells: still seen as a change.
    parts.rebuild(&grid);
    assert!(parts.is_current(&grid));
    grid.set_passable(Cell::new(3, 0), false).unwrap();
    grid.set_passable(Cell::new(0, 0), true).unwrap();
    grid.set_passable(Cell::new(1, 1), false).unwrap();
    grid.set_passable(Cell::new(3, 0), true).unwrap();
    assert!(!parts.is_current(&grid));
    assert_eq!(
        parts.open(&mut grid, Cell::new(3, 2)),
        Err(EditError::Stale)
    );
    // A clone is the same grid until one of them changes.
    parts.rebuild(&grid);
    let mut copy = grid.clone();
    assert!(parts.is_current(&copy));
    copy.set_passable(Cell::new(1, 1), true).unwrap();
    assert!(!parts.is_current(&copy) && parts.is_current(&grid));
    parts.rebuild(&grid);
    check_grid(&grid, &parts);
    // No-op edits are fine.
    parts.open(&mut grid, Cell::new(0, 0)).unwrap();
    parts.block(&mut grid, Cell::new(3, 1)).unwrap();
    check_grid(&grid, &parts);
}

#[test]
fn fully_blocked_and_single_cell_grids() {
    let mut grid =
        Grid::from_fn(3, 3, Connectivity::Four, GridCosts::new(1u32, 1), |_| false).unwrap();
    let mut parts = GridComponents::new(&grid);
    assert_eq!(parts.count(), 0);
    parts.open(&mut grid, Cell::new(1, 1)).unwrap();
    assert_eq!(parts.count(), 1);
    parts.block(&mut grid, Cell::new(1, 1)).unwrap();
    assert_eq!(parts.count(), 0);
    let mut one = Grid::new(1, 1, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    let mut parts = GridComponents::new(&one);
    assert_eq!(
        parts.connected(&one, Cell::new(0, 0), Cell::new(0, 0)),
        Ok(true)
    );
    parts.block(&mut one, Cell::new(0, 0)).unwrap();
    check_grid(&one, &parts);
}

// ---------------------------------------------------------------------------
// Graphs

#[derive(Debug, Clone)]
struct GraphCase {
    nodes: usize,
    /// Undirected edges `(a, b, cost a -> b, cost b -> a)`, ids modulo `nodes`;
    /// repeated pairs are parallel edges.
    edges: Vec<(u32, u32, u32, u32)>,
}

fn graph_case() -> impl Strategy<Value = GraphCase> {
    (1usize..=60).prop_flat_map(|nodes| {
        let edges = prop::collection::vec((0u32..60, 0u32..60, 0u32..4, 0u32..4), 0..=nodes * 2);
        edges.prop_map(move |edges| GraphCase { nodes, edges })
    })
}

fn symmetric_graph(case: &GraphCase) -> AdjacencyList<u32> {
    let n = case.nodes as u32;
    let mut g = AdjacencyList::new(case.nodes);
    for &(a, b, ab, ba) in &case.edges {
        let (a, b) = (a % n, b % n);
        g.add_edge(a, b, ab).unwrap();
        g.add_edge(b, a, ba).unwrap();
    }
    g
}

#[test]
fn graph_labels_match_bfs() {
    common::run_property_with(
        "graph_labels_match_bfs",
        regressions_file!("components"),
        common::cases(),
        graph_case(),
        |case| {
            let g = symmetric_graph(&case);
            let parts = GraphComponents::new(&g).unwrap();
            let reference = bfs_labels(&g);
            let ours: Vec<_> = (0..case.nodes).map(|i| parts.component(i)).collect();
            assert_eq!(same_partition(&ours, &reference), parts.count());
            // Numbered by smallest node, like the reference.
            for (i, r) in reference.iter().enumerate() {
                assert_eq!(ours[i].map(|c| c.get() as usize), *r);
                assert!(parts.nodes_connected(&g, i as u32, 0) == (*r == reference[0]));
            }
            assert_eq!(parts.len(), case.nodes);
            assert_eq!(parts.component(case.nodes), None);
            assert_eq!(parts.heap_bytes(), 4 * case.nodes);
        },
    );
}

#[test]
fn directed_graphs_are_refused() {
    common::run_property_with(
        "directed_graphs_are_refused",
        regressions_file!("components"),
        common::cases(),
        (graph_case(), any::<(u32, u32)>()),
        |(case, (a, b))| {
            let n = case.nodes as u32;
            let (a, b) = (a % n, b % n);
            let mut g = symmetric_graph(&case);
            let had_reverse = g.edges(b).iter().any(|&(t, _)| t == a);
            g.add_edge(a, b, 1).unwrap();
            // The smallest edge (u, v) whose reverse is missing, by brute force.
            let missing = (0..n)
                .flat_map(|u| g.edges(u).iter().map(move |&(v, _)| (u, v)))
                .filter(|&(u, v)| !g.edges(v).iter().any(|&(t, _)| t == u))
                .min();
            match (GraphComponents::new(&g), missing) {
                (Ok(_), None) => assert!(had_reverse || a == b),
                (Err(GraphComponentsError::NotSymmetric { from, to }), Some((u, v))) => {
                    assert_eq!((from, to), (u as usize, v as usize));
                    assert!(!had_reverse && a != b);
                }
                (got, want) => panic!("got {got:?}, missing reverse {want:?}"),
            }
        },
    );
}

#[test]
fn graphs_without_dense_ids_or_with_bad_edges_are_refused() {
    // A graph without dense ids (a `from_fn` graph) was refused at run time
    // with `GraphComponentsError::NoDenseIds`; `GraphComponents::new` now
    // needs `G: DenseIds`, so the compiler refuses it and that check is gone.
    let err =
        GraphComponents::new(&AdjacencyList::from_edges(3, [(2, 0, 1u32)]).unwrap()).unwrap_err();
    assert_eq!(err, GraphComponentsError::NotSymmetric { from: 2, to: 0 });
    let empty = GraphComponents::new(&AdjacencyList::<f64>::new(0)).unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.count(), 0);
    assert!(!empty.connected(0, 0));
    // A node the graph does not contain, entered by an edge.
    struct Holey;
    impl Graph for Holey {
        type Node = u32;
        type Cost = u32;
        fn successors(&self, n: u32, mut edge: impl FnMut(u32, u32)) {
            if n == 0 {
                edge(1, 1);
            }
        }
        fn contains(&self, n: u32) -> bool {
            n != 1
        }
        fn dense_ids(&self) -> Option<&impl DenseIds<Node = u32, Cost = u32>> {
            Some(self)
        }
    }
    impl DenseIds for Holey {
        fn node_count(&self) -> usize {
            3
        }
        fn node_index(&self, n: u32) -> Option<usize> {
            (n < 3).then_some(n as usize)
        }
        fn node_at(&self, i: usize) -> Option<u32> {
            (i < 3).then_some(i as u32)
        }
    }
    assert_eq!(
        GraphComponents::new(&Holey).unwrap_err(),
        GraphComponentsError::EdgeToExcluded { from: 0, to: 1 }
    );
}

/// Issue "No silent answer at the seams": `connected(a, b)` took no map, so
/// after a door opened behind the labels' back it answered `false` for the
/// old map. Every question now takes the grid and is refused with
/// `MapChanged` unless the labels describe it as it is; terrain edits keep
/// them (weights never change who reaches whom), and so does a clone.
#[test]
fn labels_refuse_a_map_changed_behind_their_back() {
    let mut grid = Grid::from_fn(5, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| {
        c.x != 2
    })
    .unwrap();
    let mut parts = GridComponents::new(&grid);
    let (a, b) = (Cell::new(0, 0), Cell::new(4, 0));
    assert_eq!(parts.connected(&grid, a, b), Ok(false));
    let door = Cell::new(2, 0);
    grid.set_passable(door, true).unwrap(); // behind the labels' back
    let err = parts.connected(&grid, a, b).unwrap_err();
    assert_ne!(err.built, err.now);
    assert!(parts.component(&grid, door).is_err());
    assert!(parts.reach(&grid).is_err());
    assert!(parts.sync(&grid).unwrap());
    assert_eq!(parts.connected(&grid, a, b), Ok(true));
    assert!(parts.component(&grid, door).unwrap().is_some());
    // Terrain (a weight of 0 too) leaves the labels current.
    grid.set_terrain(Cell::new(1, 0), 0).unwrap();
    assert_eq!(parts.connected(&grid, a, b), Ok(true));
    assert!(!parts.sync(&grid).unwrap());
    // A clone is the same map; a new map of the same size is not.
    let copy = grid.clone();
    assert_eq!(parts.connected(&copy, a, b), Ok(true));
    let other = Grid::new(5, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    assert!(parts.connected(&other, a, b).is_err());
    assert!(parts
        .connected(
            &Grid::new(6, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap(),
            a,
            b
        )
        .is_err());
}
