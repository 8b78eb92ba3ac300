//! The search core, queries, open sets, node stores, one-shot and sliced runs, memory and allocation.
//!
//! One test binary per family (linking dominates the test command's time);
//! each module was once a test file of its own.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;
#[macro_use]
#[path = "../common/cost_types.rs"]
mod cost_types;

mod basics;
#[cfg(feature = "rayon")]
mod batch;
mod contraction;
mod external_open_set;
mod external_store;
mod fringe;
mod limits;
mod memory;
mod one_shot;
mod open_set_conformance;
mod prop_graphs;
mod prop_open_sets;
mod prop_query;
mod query;
mod renumber;
mod store_conformance;
mod weighted;
mod zero_alloc;
