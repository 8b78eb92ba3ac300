//! Bytes per node of search state, for every node store (printed with
//! `cargo test --release --test search memory -- --nocapture`).

use std::path::PathBuf;

use pathseek::io::movingai::{self, MovingAiMap};
use pathseek::open_set::BinaryHeap;
use pathseek::store::{HashStore, IndexedStore, NodeRecord, PagedStore, Records};
use pathseek::{AStar, Connectivity, Cost, DenseIds, Grid, GridCosts, Query};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

#[test]
fn records_are_compact() {
    assert_eq!(std::mem::size_of::<NodeRecord<u32>>(), 16);
    assert_eq!(std::mem::size_of::<NodeRecord<f32>>(), 16);
    assert_eq!(std::mem::size_of::<NodeRecord<f64>>(), 24);
    assert_eq!(std::mem::size_of::<NodeRecord<u64>>(), 24);
}

/// Bytes per node of each store over the 20 longest den520d searches.
struct Report {
    /// Indexed store, per node of the map.
    indexed_per_node: f64,
    /// Hash store, largest per node touched (capacity included).
    hash_per_touched: f64,
    /// A fresh paged store per search (as `astar()` uses it), largest per node touched.
    paged_per_touched: f64,
}

/// Runs the longest den520d scenarios and reports each store's bytes per node.
fn report<C: Cost>(costs: GridCosts<C>, label: &str) -> Report {
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let mut scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    scenarios.sort_by_key(|s| std::cmp::Reverse(s.bucket));
    let grid: Grid<C> = map.to_grid(Connectivity::Eight, costs);
    let nodes = grid.node_count();

    let mut indexed = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut hash = AStar::new(BinaryHeap::new(), HashStore::new());
    let (mut per_touched_indexed, mut per_touched_hash) = (0.0f64, 0.0f64);
    let mut per_touched_paged = 0.0f64;
    for sc in scenarios.iter().take(20) {
        let a = indexed.search(
            &grid,
            Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)),
        );
        let b = hash.search(
            &grid,
            Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)),
        );
        let mut paged = AStar::new(BinaryHeap::new(), PagedStore::new());
        let c = paged.search(
            &grid,
            Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)),
        );
        assert_eq!(a.found().map(|p| p.cost), b.found().map(|p| p.cost));
        assert_eq!(a.found().map(|p| p.cost), c.found().map(|p| p.cost));
        let touched = a.stats.stored as f64;
        per_touched_indexed =
            per_touched_indexed.max(Records::heap_bytes(indexed.store()) as f64 / touched);
        per_touched_hash = per_touched_hash.max(Records::heap_bytes(hash.store()) as f64 / touched);
        per_touched_paged =
            per_touched_paged.max(Records::heap_bytes(paged.store()) as f64 / touched);
    }
    let per_node = Records::heap_bytes(indexed.store()) as f64 / nodes as f64;
    println!(
        "{label}: indexed store {per_node:.1} bytes per map node (up to {per_touched_indexed:.1} per node touched, since it spans the whole map); \
         hash store up to {per_touched_hash:.1} bytes per node touched (capacity included); \
         a fresh paged store up to {per_touched_paged:.1} per node touched; over the 20 longest searches"
    );
    Report {
        indexed_per_node: per_node,
        hash_per_touched: per_touched_hash,
        paged_per_touched: per_touched_paged,
    }
}

#[test]
fn bytes_per_node_for_each_store() {
    let u = report(GridCosts::<u32>::exact_octile(), "u32 costs");
    let f = report(GridCosts::float_octile(), "f64 costs");
    assert_eq!(u.indexed_per_node, 16.0);
    assert_eq!(f.indexed_per_node, 24.0);
    // The hash store pays for the map's buckets and spare capacity, but stays bounded.
    assert!(
        u.hash_per_touched < 96.0 && f.hash_per_touched < 112.0,
        "{} {}",
        u.hash_per_touched,
        f.hash_per_touched
    );
    // The paged store pays for whole pages and the record array's spare
    // capacity: a small multiple of the record size per node touched.
    assert!(
        u.paged_per_touched < 96.0 && f.paged_per_touched < 128.0,
        "{} {}",
        u.paged_per_touched,
        f.paged_per_touched
    );
}
