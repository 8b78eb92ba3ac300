//! Property tests of the A* core on random directed graphs (`AdjacencyList`), for
//! every open set (the library's registry plus the tests' stress configurations,
//! `common::visit_open_sets`) and every node store (the registry),
//! against a reference Dijkstra that shares no code with the core.
//!
//! Graphs: 0..=300 nodes, sparse to dense, zero-cost edges, self-loops, parallel
//! edges with different costs, unreachable goals, start == goal; costs `u32`, `u64`,
//! `f64` and `f32` (dyadic, so `f32` sums stay exact). Each query runs with five
//! heuristics (zero, exact, a fraction of exact, a per-node random fraction, and an
//! inflated one) and checks:
//!
//! - a path exactly when Dijkstra reaches the goal;
//! - the path begins at the start, ends at the goal, every step is an edge, and
//!   the reported cost is exactly the sum of its (cheapest) edges;
//! - admissible heuristics: the cost equals Dijkstra's (exactly for integers and
//!   `f32`, 1e-9 relative for `f64`); inadmissible: at least the optimum;
//! - stats: expanded <= pushed, reopened <= pushed, stored <= nodes, largest open
//!   set >= 1; integer costs with a consistent heuristic: no reopening and no node
//!   expanded twice; exact heuristic on positive integer costs: only the path's own
//!   nodes are expanded (ties to the larger g head straight for the goal);
//! - start == goal: the one-node path at cost 0, nothing expanded;
//! - a reused engine (across queries, heuristics, a search on a different graph and
//!   the first query again) returns exactly what a fresh engine returns;
//! - an empty graph, or a start/goal outside the graph, gives `StartBlocked` /
//!   `GoalBlocked`.
//!
//! The driver lives in `common::graph_props`, so `tests/search/external_store.rs` and
//! `tests/search/external_open_set.rs` run the same property on their own structures.

use crate::common;

use common::graph_props::{property, GenCost};

fn every_pair<C: GenCost>(name: &str) {
    let reopened = property::<C>(
        name,
        regressions_file!("prop_graphs"),
        common::cases(),
        common::check_every_pair,
    );
    assert!(
        reopened > 0,
        "the inconsistent heuristic never made the core reopen a node"
    );
}

#[test]
fn random_graphs_u32() {
    every_pair::<u32>("random_graphs_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_graphs_u64() {
    every_pair::<u64>("random_graphs_u64");
}

#[test]
fn random_graphs_f64() {
    every_pair::<f64>("random_graphs_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_graphs_f32() {
    every_pair::<f32>("random_graphs_f32");
}
