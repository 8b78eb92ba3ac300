//! One conformance suite for every node store: `common::store_suite` run over
//! the library's registry (`pathseek::store::visit_closed_sets`) on a
//! grid (dense ids), and for the hash store also on a graph without dense ids.
//!
//! A store added to the registry is checked here without a line of its own;
//! `tests/search/external_store.rs` runs the same suite on a store written outside
//! the crate.

use crate::common;

use common::store_suite::{StoreCase, Suite};
use pathseek::store::{visit_closed_sets, ClosedSet, HashStore, CLOSED_SET_NAMES};
use pathseek::{Cell, Connectivity, Cost, Graph, Grid, GridCosts, Records, SearchError};

/// A 20 x 20 grid with a few blocked cells (stores hold records for any cell
/// of the grid) and cells spread over several 64-cell pages, inserted out of
/// order.
fn grid() -> Grid<u32> {
    Grid::from_fn(20, 20, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        (c.x + 3 * c.y) % 11 != 0
    })
    .unwrap()
}

fn grid_nodes() -> Vec<Cell> {
    [
        (5, 5),
        (0, 0),
        (19, 19),
        (3, 0),
        (4, 3),
        (0, 16),
        (12, 7),
        (19, 0),
        (6, 5),
        (0, 11), // blocked: (0 + 33) % 11 == 0
        (8, 9),
        (11, 3),
    ]
    .into_iter()
    .map(|(x, y)| Cell::new(x, y))
    .collect()
}

/// The hash store holds any node; the others are addressed by dense id.
fn by_dense_id(name: &str) -> bool {
    name != "hash"
}

/// Runs the suite on every registry store for `case`; the dense-id stores
/// must refuse its out-of-range node.
fn every_store_conforms<C: Cost>(case: &StoreCase<'_, Grid<C>>) {
    let mut suite = Suite {
        case,
        refuses: by_dense_id,
        visited: Vec::new(),
    };
    visit_closed_sets(&mut suite);
    assert_eq!(suite.visited, CLOSED_SET_NAMES);
}

#[test]
fn every_store_conforms_on_a_grid() {
    let grid = grid();
    let case = StoreCase {
        graph: &grid,
        nodes: grid_nodes(),
        out_of_range: Some(Cell::new(20, 3)),
    };
    every_store_conforms(&case);
}

#[test]
fn every_store_conforms_on_a_grid_with_f64_costs() {
    let grid = Grid::new(9, 70, Connectivity::Four, GridCosts::float_octile()).unwrap();
    let nodes = [(8, 69), (0, 0), (4, 20), (1, 7), (8, 0), (2, 64)]
        .into_iter()
        .map(|(x, y)| Cell::new(x, y))
        .collect();
    let case = StoreCase {
        graph: &grid,
        nodes,
        out_of_range: Some(Cell::new(0, 70)),
    };
    every_store_conforms(&case);
}

/// A graph over `i64` without dense ids.
fn sparse_graph() -> impl Graph<Node = i64, Cost = u64> {
    pathseek::graph::from_fn(|n: i64, edge: &mut dyn FnMut(i64, u64)| {
        edge(n + 1, 1);
        edge(n.wrapping_mul(3), 2);
    })
}

#[test]
fn the_hash_store_conforms_without_dense_ids() {
    let graph = sparse_graph();
    let case = StoreCase {
        graph: &graph,
        nodes: vec![7, -3, 0, i64::MAX, 1 << 40, i64::MIN, 8],
        out_of_range: None,
    };
    common::store_suite::run(&case, "hash", &HashStore::new);
}

/// Without dense ids the indexed stores used to refuse the graph at `reset`
/// (`SearchError::StoreUnsupported`); they now need `G: DenseIds`, so the
/// compiler refuses them (`visit_closed_sets` itself needs `G: DenseIds`) and
/// that run-time refusal is no longer checked. What is left: the one registry
/// store that is not addressed by dense id runs on such a graph.
#[test]
fn dense_id_stores_refuse_a_graph_without_dense_ids() {
    let graph = sparse_graph();
    let not_dense: Vec<&str> = CLOSED_SET_NAMES
        .iter()
        .copied()
        .filter(|&n| !by_dense_id(n))
        .collect();
    assert_eq!(not_dense, ["hash"]);
    let mut store = HashStore::new();
    assert_eq!(store.reset(&graph), Ok(()));
    let slot = store.find_or_insert(&graph, 5).map(|f| f.slot).unwrap();
    assert_eq!(store.node(&graph, slot), Some(5));
}

/// The suite itself catches a broken store (one that forgets nothing at
/// `reset`).
#[test]
fn the_suite_rejects_a_store_that_keeps_records() {
    use pathseek::store::{FindResult, Found, NodeRecord};
    use std::collections::HashMap;

    #[derive(Default)]
    struct Sticky {
        slots: HashMap<Cell, u32>,
        nodes: Vec<Cell>,
        records: Vec<NodeRecord<u32>>,
    }
    impl Records for Sticky {
        type Cost = u32;
        fn record(&self, slot: u32) -> Option<&NodeRecord<u32>> {
            self.records.get(slot as usize)
        }
        fn record_mut(&mut self, slot: u32) -> Option<&mut NodeRecord<u32>> {
            self.records.get_mut(slot as usize)
        }
        fn len(&self) -> usize {
            self.nodes.len()
        }
        fn heap_bytes(&self) -> usize {
            self.records.capacity() * 16
        }
    }
    impl ClosedSet<Grid<u32>> for Sticky {
        fn reset(&mut self, _graph: &Grid<u32>) -> Result<(), SearchError<Cell, u32>> {
            Ok(()) // the bug: nothing is forgotten
        }
        fn find_or_insert(&mut self, _graph: &Grid<u32>, node: Cell) -> FindResult<'_, Grid<u32>> {
            let next = self.nodes.len() as u32;
            let slot = *self.slots.entry(node).or_insert(next);
            let fresh = slot == next;
            if fresh {
                self.nodes.push(node);
                self.records.push(NodeRecord::new());
            }
            Ok(Found {
                slot,
                fresh,
                record: &mut self.records[slot as usize],
            })
        }
        fn node(&self, _graph: &Grid<u32>, slot: u32) -> Option<Cell> {
            self.nodes.get(slot as usize).copied()
        }
    }
    let grid = grid();
    let case = StoreCase {
        graph: &grid,
        nodes: grid_nodes(),
        out_of_range: None,
    };
    let result = std::panic::catch_unwind(|| {
        common::store_suite::run(&case, "sticky", &Sticky::default);
    });
    assert!(
        result.is_err(),
        "a store that never resets passed the suite"
    );
}
