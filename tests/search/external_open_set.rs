//! An open set written outside the crate, through the public API only: a
//! `BTreeSet` of `(f.to_key(), Reverse(g.to_key()), slot, sequence)`, so the
//! first element is the entry that comes out next (smallest `f`, then largest
//! `g`), with `Cost::to_key` / `Cost::from_key` for the order. Decrease-key is
//! the trait's default re-push.
//!
//! It passes the open-set conformance suite the crate's own sets pass
//! (`common::open_set_suite`), and the Dijkstra property tests of
//! `prop_graphs.rs` and `prop_grids.rs` paired with every node store (a
//! quarter of their cases, to keep the run short).

use crate::common;

use std::cmp::Reverse;
use std::collections::BTreeSet;

use pathseek::open_set::{Entry, OpenSet};
use pathseek::{AStar, Connectivity, Cost, GridCosts, Query};

/// `(f key, reversed g key, slot, push number)`: the push number keeps equal
/// entries apart (a set holds each element once).
type Key<C> = (<C as Cost>::Key, Reverse<<C as Cost>::Key>, u32, u64);

/// An open set over a `BTreeSet`.
#[derive(Clone, Debug)]
struct BTreeOpen<C: Cost> {
    entries: BTreeSet<Key<C>>,
    pushed: u64,
}

impl<C: Cost> BTreeOpen<C> {
    fn new() -> Self {
        BTreeOpen {
            entries: BTreeSet::new(),
            pushed: 0,
        }
    }
}

impl<C: Cost> OpenSet<C> for BTreeOpen<C> {
    fn push(&mut self, entry: Entry<C>) {
        self.pushed += 1;
        self.entries.insert((
            entry.f.to_key(),
            Reverse(entry.g.to_key()),
            entry.slot,
            self.pushed,
        ));
    }

    fn pop(&mut self) -> Option<Entry<C>> {
        let (f, Reverse(g), slot, _) = self.entries.pop_first()?;
        Some(Entry {
            f: C::from_key(f),
            g: C::from_key(g),
            slot,
        })
    }

    fn len(&self) -> usize {
        self.entries.len()
    }

    fn clear(&mut self) {
        self.entries.clear();
    }
}

// ---------------------------------------------------------------------------
// The conformance suite

#[test]
fn conforms_u32() {
    common::open_set_suite::run("btree", &BTreeOpen::<u32>::new);
}

#[test]
#[cfg(feature = "deep-tests")]
fn conforms_u64() {
    common::open_set_suite::run("btree", &BTreeOpen::<u64>::new);
}

#[test]
#[cfg(feature = "deep-tests")]
fn conforms_f64() {
    common::open_set_suite::run("btree", &BTreeOpen::<f64>::new);
}

#[test]
#[cfg(feature = "deep-tests")]
fn conforms_f32() {
    common::open_set_suite::run("btree", &BTreeOpen::<f32>::new);
}

/// It serves the crate's engine: the same answers as the binary heap on a
/// MovingAI map (ties go the same way: smallest `f`, then largest `g`).
#[test]
fn serves_a_search() {
    use pathseek::open_set::BinaryHeap;
    use pathseek::store::IndexedStore;
    let (map, scenarios) = common::load_movingai("den520d");
    let grid = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    let mut ours = AStar::new(BTreeOpen::new(), IndexedStore::new());
    let mut theirs = AStar::new(BinaryHeap::new(), IndexedStore::new());
    for sc in scenarios.iter().step_by(40) {
        let h = grid.heuristic(sc.goal);
        let a = ours.search(&grid, Query::new(sc.start, sc.goal, h));
        let b = theirs.search(&grid, Query::new(sc.start, sc.goal, h));
        let cost = |r: &pathseek::SearchResult<_, f64>| r.found().map(|p| p.cost);
        assert_eq!(cost(&a), cost(&b), "{:?} -> {:?}", sc.start, sc.goal);
        assert!(sc.matches(cost(&a).unwrap_or(-1.0)));
    }
}

// ---------------------------------------------------------------------------
// The Dijkstra properties, with every node store

/// A quarter of the property tests' cases.
fn cases() -> u32 {
    (common::cases() / 4).max(1)
}

fn graphs<C: common::graph_props::GenCost>(name: &str) {
    common::graph_props::property::<C>(
        name,
        regressions_file!("external_open_set_graphs"),
        cases(),
        |p| common::check_with_open_set(p, "btree", &BTreeOpen::new),
    );
}

fn grids<C: common::grid_props::GridCost>(name: &str) {
    common::grid_props::property::<C>(
        name,
        regressions_file!("external_open_set_grids"),
        cases(),
        |p| common::check_with_open_set(p, "btree", &BTreeOpen::new),
    );
}

#[test]
fn random_graphs_u32() {
    graphs::<u32>("external_open_set_random_graphs_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_graphs_u64() {
    graphs::<u64>("external_open_set_random_graphs_u64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_graphs_f64() {
    graphs::<f64>("external_open_set_random_graphs_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_graphs_f32() {
    graphs::<f32>("external_open_set_random_graphs_f32");
}

#[test]
fn random_grids_u32() {
    grids::<u32>("external_open_set_random_grids_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_grids_u64() {
    grids::<u64>("external_open_set_random_grids_u64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_grids_f64() {
    grids::<f64>("external_open_set_random_grids_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_grids_f32() {
    grids::<f32>("external_open_set_random_grids_f32");
}
