//! A node store written outside the crate, through the public API only: a
//! `BTreeMap` from node to slot and the records in `Vec`s, implementing
//! `pathseek::store::{Records, ClosedSet}` with `NodeRecord::new()`.
//!
//! It passes the node-store conformance suite the crate's own stores pass
//! (`common::store_suite`), and the Dijkstra property tests of
//! `prop_graphs.rs` and `prop_grids.rs` paired with every open set (a quarter
//! of their cases, to keep the run short).

use crate::common;

use std::collections::BTreeMap;

use common::store_suite::StoreCase;
use pathseek::store::{ClosedSet, FindResult, Found, NodeRecord, Records};
use pathseek::{AStar, Cell, Connectivity, Cost, Graph, Grid, GridCosts, Query, SearchError};

/// A node store for any graph with ordered nodes.
#[derive(Clone, Debug)]
struct BTreeStore<N, C> {
    slots: BTreeMap<N, u32>,
    nodes: Vec<N>,
    records: Vec<NodeRecord<C>>,
}

impl<N, C> BTreeStore<N, C> {
    fn new() -> Self {
        BTreeStore {
            slots: BTreeMap::new(),
            nodes: Vec::new(),
            records: Vec::new(),
        }
    }
}

impl<N, C: Cost> Records for BTreeStore<N, C> {
    type Cost = C;

    fn record(&self, slot: u32) -> Option<&NodeRecord<C>> {
        self.records.get(slot as usize)
    }

    fn record_mut(&mut self, slot: u32) -> Option<&mut NodeRecord<C>> {
        self.records.get_mut(slot as usize)
    }

    fn len(&self) -> usize {
        self.nodes.len()
    }

    fn heap_bytes(&self) -> usize {
        // A B-tree node holds up to 11 entries; count each entry's share.
        self.slots.len() * (std::mem::size_of::<(N, u32)>() + 8)
            + self.nodes.capacity() * std::mem::size_of::<N>()
            + self.records.capacity() * std::mem::size_of::<NodeRecord<C>>()
    }
}

impl<G: Graph> ClosedSet<G> for BTreeStore<G::Node, G::Cost>
where
    G::Node: Ord,
{
    fn reset(&mut self, _graph: &G) -> Result<(), SearchError<G::Node, G::Cost>> {
        self.slots.clear();
        self.nodes.clear();
        self.records.clear();
        Ok(())
    }

    fn find_or_insert(&mut self, _graph: &G, node: G::Node) -> FindResult<'_, G> {
        let (slot, fresh) = match self.slots.get(&node) {
            Some(&slot) => (slot, false),
            None => {
                // u32::MAX is the "no parent" slot: never hand it out.
                let slot = u32::try_from(self.nodes.len())
                    .ok()
                    .filter(|&s| s != u32::MAX)
                    .ok_or(SearchError::NodeOutOfRange { node })?;
                self.slots.insert(node, slot);
                self.nodes.push(node);
                self.records.push(NodeRecord::new());
                (slot, true)
            }
        };
        Ok(Found {
            slot,
            fresh,
            record: &mut self.records[slot as usize],
        })
    }

    fn node(&self, _graph: &G, slot: u32) -> Option<G::Node> {
        self.nodes.get(slot as usize).copied()
    }
}

// ---------------------------------------------------------------------------
// The conformance suite

#[test]
fn conforms_on_a_grid() {
    let grid = Grid::from_fn(20, 20, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        (c.x + 3 * c.y) % 11 != 0
    })
    .unwrap();
    let nodes = [(5, 5), (0, 0), (19, 19), (3, 0), (0, 11), (12, 7), (19, 0)]
        .into_iter()
        .map(|(x, y)| Cell::new(x, y))
        .collect();
    let case = StoreCase {
        graph: &grid,
        nodes,
        out_of_range: None,
    };
    common::store_suite::run(&case, "btree", &BTreeStore::new);
}

#[test]
fn conforms_without_dense_ids() {
    let graph = pathseek::graph::from_fn(|n: (i32, i32), edge: &mut dyn FnMut((i32, i32), f64)| {
        edge((n.0 + 1, n.1), 1.0);
        edge((n.0, n.1 + 1), 1.5);
    });
    let case = StoreCase {
        graph: &graph,
        nodes: vec![(0, 0), (-4, 9), (i32::MAX, i32::MIN), (3, 3), (1, 0)],
        out_of_range: None,
    };
    common::store_suite::run(&case, "btree", &BTreeStore::new);
}

/// It serves the crate's engine: the same answers as the hash store, and a
/// kept engine answers like a fresh one.
#[test]
fn serves_a_search() {
    use pathseek::open_set::BinaryHeap;
    use pathseek::store::HashStore;
    let (map, scenarios) = common::load_movingai("den520d");
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let mut ours = AStar::new(BinaryHeap::new(), BTreeStore::new());
    let mut theirs = AStar::new(BinaryHeap::new(), HashStore::new());
    for sc in scenarios.iter().step_by(40) {
        let h = grid.heuristic(sc.goal);
        let a = ours.search(&grid, Query::new(sc.start, sc.goal, h));
        let b = theirs.search(&grid, Query::new(sc.start, sc.goal, h));
        assert_eq!(a, b, "{:?} -> {:?}", sc.start, sc.goal);
        assert!(sc.matches(a.found().map_or(-1.0, |p| p.cost as f64
            / f64::from(pathseek::grid::EXACT_OCTILE_SCALE))));
    }
}

// ---------------------------------------------------------------------------
// The Dijkstra properties, with every open set

/// A quarter of the property tests' cases.
fn cases() -> u32 {
    (common::cases() / 4).max(1)
}

fn graphs<C: common::graph_props::GenCost>(name: &str) {
    common::graph_props::property::<C>(
        name,
        regressions_file!("external_store_graphs"),
        cases(),
        |p| common::check_with_store(p, "btree", &BTreeStore::new),
    );
}

fn grids<C: common::grid_props::GridCost>(name: &str) {
    common::grid_props::property::<C>(
        name,
        regressions_file!("external_store_grids"),
        cases(),
        |p| common::check_with_store(p, "btree", &BTreeStore::new),
    );
}

#[test]
fn random_graphs_u32() {
    graphs::<u32>("external_store_random_graphs_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_graphs_u64() {
    graphs::<u64>("external_store_random_graphs_u64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_graphs_f64() {
    graphs::<f64>("external_store_random_graphs_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_graphs_f32() {
    graphs::<f32>("external_store_random_graphs_f32");
}

#[test]
fn random_grids_u32() {
    grids::<u32>("external_store_random_grids_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_grids_u64() {
    grids::<u64>("external_store_random_grids_u64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_grids_f64() {
    grids::<f64>("external_store_random_grids_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_grids_f32() {
    grids::<f32>("external_store_random_grids_f32");
}
