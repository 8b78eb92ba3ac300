//! The node-store conformance suite: the checks every [`ClosedSet`] passes,
//! written once and run through [`run`] for any store (the library's registry
//! in `tests/search/store_conformance.rs`, a store written outside the crate in
//! `tests/search/external_store.rs`).
//!
//! What a store promises the A* core (see `pathseek::store`):
//!
//! - a fresh store, and a store after `reset`, has no records: `record` and
//!   `record_mut` answer `None` for every slot, `len` is 0;
//! - `find_or_insert` of a node first reached hands out a fresh record (open,
//!   no parent) in a slot of its own; of a known node, the same slot with
//!   `fresh == false` and the record as it was left;
//! - `node(graph, slot)` gives the node back; `len` counts distinct nodes;
//!   `record`/`record_mut` answer `None` for slots that hold no record in this
//!   search;
//! - `reset` forgets everything, and a kept store then answers exactly like a
//!   fresh one (same slots, same `fresh` flags), so reused engines repeat
//!   themselves;
//! - a node the store cannot hold gives `SearchError::NodeOutOfRange`;
//! - `find_or_insert_at` with the node's dense id agrees with `find_or_insert`;
//! - `heap_bytes` is positive once the store holds records;
//! - nothing in the public API panics, whatever the slot or node.

use std::collections::BTreeSet;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use pathseek::store::{ClosedSet, ClosedSetVisitor};
use pathseek::{Cost, DenseIds, Graph, SearchError};

/// A graph to run the suite on, and the nodes it uses.
pub struct StoreCase<'g, G: Graph> {
    /// The graph.
    pub graph: &'g G,
    /// Distinct nodes of the graph (at least 4), in the order they are inserted.
    pub nodes: Vec<G::Node>,
    /// A node the store must refuse with `NodeOutOfRange` (stores addressed by
    /// dense ids: a node without one), or `None` for stores that hold any node.
    pub out_of_range: Option<G::Node>,
}

/// One check of the suite.
type Check<G, S> = fn(&StoreCase<'_, G>, &dyn Fn() -> S);

/// Every check of the suite, with its name.
fn checks<G: Graph, S: ClosedSet<G>>() -> [(&'static str, Check<G, S>); 11] {
    [
        ("a_fresh_store_has_no_records", a_fresh_store_has_no_records),
        (
            "fresh_records_are_open_without_parent",
            fresh_records_are_open_without_parent,
        ),
        (
            "a_known_node_keeps_its_slot_and_record",
            a_known_node_keeps_its_slot_and_record,
        ),
        ("slots_give_their_nodes_back", slots_give_their_nodes_back),
        ("len_counts_distinct_nodes", len_counts_distinct_nodes),
        (
            "no_record_for_slots_not_handed_out",
            no_record_for_slots_not_handed_out,
        ),
        (
            "reset_forgets_and_a_kept_store_answers_like_a_fresh_one",
            reset_forgets_and_a_kept_store_answers_like_a_fresh_one,
        ),
        (
            "nodes_out_of_range_are_refused",
            nodes_out_of_range_are_refused,
        ),
        ("heap_bytes_once_used", heap_bytes_once_used),
        (
            "find_or_insert_at_agrees_with_find_or_insert",
            find_or_insert_at_agrees_with_find_or_insert,
        ),
        ("nothing_panics", nothing_panics),
    ]
}

/// Runs every check of the suite on fresh stores from `make`; a failure names
/// the store and the check.
pub fn run<G: Graph, S: ClosedSet<G>>(case: &StoreCase<'_, G>, name: &str, make: &dyn Fn() -> S) {
    assert!(case.nodes.len() >= 4, "the suite needs at least 4 nodes");
    for (check_name, check) in checks::<G, S>() {
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(case, make))) {
            eprintln!("node store `{name}` fails the conformance check `{check_name}`");
            resume_unwind(panic);
        }
    }
}

/// Runs the suite on every store it visits and records their names.
pub struct Suite<'a, 'g, G: Graph> {
    /// The graph and nodes.
    pub case: &'a StoreCase<'g, G>,
    /// Whether the stores are addressed by dense id and must refuse
    /// `case.out_of_range` (`false`: the check is skipped for this visit).
    pub refuses: fn(&str) -> bool,
    /// The names visited, in order.
    pub visited: Vec<&'static str>,
}

impl<G: Graph> ClosedSetVisitor<G> for Suite<'_, '_, G> {
    fn visit<S: ClosedSet<G>>(&mut self, name: &'static str, make: &dyn Fn() -> S) {
        if (self.refuses)(name) {
            run(self.case, name, make);
        } else {
            let case = StoreCase {
                graph: self.case.graph,
                nodes: self.case.nodes.clone(),
                out_of_range: None,
            };
            run(&case, name, make);
        }
        self.visited.push(name);
    }
}

// ---------------------------------------------------------------------------
// Helpers

/// Slots no sane store hands out, plus a few ordinary ones, for the "no
/// record here" and "no panic" probes.
fn probe_slots(extra: impl IntoIterator<Item = u32>) -> BTreeSet<u32> {
    let mut slots: BTreeSet<u32> = (0..200).collect();
    slots.extend([
        1 << 10,
        1 << 16,
        1 << 20,
        1 << 31,
        u32::MAX / 2,
        u32::MAX - 64,
        u32::MAX - 1,
        u32::MAX,
    ]);
    slots.extend(extra);
    slots
}

fn reset<G: Graph, S: ClosedSet<G>>(store: &mut S, graph: &G) {
    if let Err(e) = store.reset(graph) {
        panic!("reset failed: {e:?}");
    }
}

/// Inserts `node`; returns `(slot, fresh)`.
fn insert<G: Graph, S: ClosedSet<G>>(store: &mut S, graph: &G, node: G::Node) -> (u32, bool) {
    match store.find_or_insert(graph, node) {
        Ok(found) => (found.slot, found.fresh),
        Err(e) => panic!("find_or_insert({node:?}) failed: {e:?}"),
    }
}

/// A store reset for `case.graph` with every node of the case inserted; the
/// slots in node order.
fn filled<G: Graph, S: ClosedSet<G>>(
    case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) -> (S, Vec<u32>) {
    let mut store = make();
    reset(&mut store, case.graph);
    let slots = case
        .nodes
        .iter()
        .map(|&n| insert(&mut store, case.graph, n).0)
        .collect();
    (store, slots)
}

/// `record` and `record_mut` both answer `None` for `slot`.
fn assert_no_record<S: pathseek::Records>(store: &mut S, slot: u32, when: &str) {
    assert!(
        store.record(slot).is_none(),
        "record({slot}) is Some {when}"
    );
    assert!(
        store.record_mut(slot).is_none(),
        "record_mut({slot}) is Some {when}"
    );
}

// ---------------------------------------------------------------------------
// The checks

fn a_fresh_store_has_no_records<G: Graph, S: ClosedSet<G>>(
    _case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) {
    let mut store = make();
    assert_eq!(store.len(), 0);
    assert!(store.is_empty());
    for slot in probe_slots([]) {
        assert_no_record(&mut store, slot, "on a fresh store");
    }
}

fn fresh_records_are_open_without_parent<G: Graph, S: ClosedSet<G>>(
    case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) {
    let mut store = make();
    reset(&mut store, case.graph);
    let mut seen = BTreeSet::new();
    for &node in &case.nodes {
        let found = store
            .find_or_insert(case.graph, node)
            .unwrap_or_else(|e| panic!("find_or_insert({node:?}) failed: {e:?}"));
        assert!(found.fresh, "{node:?} is not fresh on first insertion");
        assert_eq!(
            found.record.parent(),
            None,
            "{node:?}: fresh record has a parent"
        );
        assert!(
            !found.record.is_closed(),
            "{node:?}: fresh record is closed"
        );
        assert_ne!(
            found.slot,
            u32::MAX,
            "{node:?}: slot u32::MAX means 'no parent'"
        );
        assert!(
            seen.insert(found.slot),
            "{node:?} shares slot {}",
            found.slot
        );
        let slot = found.slot;
        let record = store.record(slot).expect("record of a node just inserted");
        assert_eq!(record.parent(), None);
        assert!(!record.is_closed());
    }
}

fn a_known_node_keeps_its_slot_and_record<G: Graph, S: ClosedSet<G>>(
    case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) {
    let graph = case.graph;
    let mut store = make();
    reset(&mut store, graph);
    let c = |n: u64| G::Cost::from_count(n);
    let mut slots = Vec::new();
    for (i, &node) in case.nodes.iter().enumerate() {
        let found = store.find_or_insert(graph, node).unwrap();
        found.record.g = c(10 + i as u64);
        found.record.h = c(100 + i as u64);
        found.record.set_closed(i % 2 == 0);
        slots.push(found.slot);
    }
    for (i, &node) in case.nodes.iter().enumerate() {
        let found = store.find_or_insert(graph, node).unwrap();
        assert_eq!(found.slot, slots[i], "{node:?} moved");
        assert!(!found.fresh, "{node:?} fresh a second time");
        assert!(found.record.g == c(10 + i as u64), "{node:?}: g not kept");
        assert!(found.record.h == c(100 + i as u64), "{node:?}: h not kept");
        assert_eq!(
            found.record.is_closed(),
            i % 2 == 0,
            "{node:?}: closed flag"
        );
        // Reopen through record_mut; find_or_insert and record see it.
        let record = store
            .record_mut(slots[i])
            .expect("record_mut of a stored node");
        record.set_closed(false);
        record.g = c(5);
        let record = store.record(slots[i]).expect("record of a stored node");
        assert!(!record.is_closed() && record.g == c(5));
        let found = store.find_or_insert(graph, node).unwrap();
        assert!(!found.fresh && !found.record.is_closed() && found.record.g == c(5));
    }
    assert_eq!(store.len(), case.nodes.len());
}

fn slots_give_their_nodes_back<G: Graph, S: ClosedSet<G>>(
    case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) {
    let (store, slots) = filled(case, make);
    for (&node, &slot) in case.nodes.iter().zip(&slots) {
        assert_eq!(store.node(case.graph, slot), Some(node), "slot {slot}");
    }
}

fn len_counts_distinct_nodes<G: Graph, S: ClosedSet<G>>(
    case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) {
    let graph = case.graph;
    let mut store = make();
    reset(&mut store, graph);
    assert_eq!(store.len(), 0);
    assert!(store.is_empty());
    for (i, &node) in case.nodes.iter().enumerate() {
        insert(&mut store, graph, node);
        // Every earlier node again: no new record.
        for &again in &case.nodes[..=i] {
            insert(&mut store, graph, again);
        }
        assert_eq!(store.len(), i + 1);
        assert!(!store.is_empty());
    }
    reset(&mut store, graph);
    assert_eq!(store.len(), 0);
    assert!(store.is_empty());
}

fn no_record_for_slots_not_handed_out<G: Graph, S: ClosedSet<G>>(
    case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) {
    let graph = case.graph;
    // The slots of every node, from a first search.
    let (mut store, all_slots) = filled(case, make);
    // A second search that reaches only every other node.
    reset(&mut store, graph);
    let mut handed = BTreeSet::new();
    for &node in case.nodes.iter().step_by(2) {
        handed.insert(insert(&mut store, graph, node).0);
    }
    let highest = all_slots.iter().chain(&handed).copied().max().unwrap_or(0);
    let probes = probe_slots(
        all_slots
            .iter()
            .copied()
            .chain(highest..highest.saturating_add(130)),
    );
    for slot in probes {
        if handed.contains(&slot) {
            assert!(
                store.record(slot).is_some(),
                "no record in handed-out slot {slot}"
            );
        } else {
            assert_no_record(&mut store, slot, "for a slot not handed out in this search");
        }
    }
}

fn reset_forgets_and_a_kept_store_answers_like_a_fresh_one<G: Graph, S: ClosedSet<G>>(
    case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) {
    let graph = case.graph;
    let (mut kept, old_slots) = filled(case, make);
    for &slot in &old_slots {
        let record = kept.record_mut(slot).unwrap();
        record.set_closed(true);
        record.g = G::Cost::from_count(3);
    }
    reset(&mut kept, graph);
    assert_eq!(kept.len(), 0, "len after reset");
    assert!(kept.is_empty(), "is_empty after reset");
    for slot in probe_slots(old_slots.iter().copied()) {
        assert_no_record(&mut kept, slot, "after reset");
    }
    // The same insertions, in another order, with repeats, in the kept store
    // and in a fresh one.
    let mut order: Vec<G::Node> = case.nodes.iter().rev().copied().collect();
    order.extend(case.nodes.iter().step_by(3).copied());
    let mut fresh = make();
    reset(&mut fresh, graph);
    for &node in &order {
        let a = kept.find_or_insert(graph, node).unwrap();
        let (a_slot, a_fresh) = (a.slot, a.fresh);
        if a_fresh {
            assert_eq!(
                a.record.parent(),
                None,
                "{node:?}: a reset record keeps a parent"
            );
            assert!(
                !a.record.is_closed(),
                "{node:?}: a reset record stays closed"
            );
        }
        let b = fresh.find_or_insert(graph, node).unwrap();
        assert_eq!(
            (a_slot, a_fresh),
            (b.slot, b.fresh),
            "{node:?}: the kept store answers (slot, fresh) = {:?}, a fresh one {:?}",
            (a_slot, a_fresh),
            (b.slot, b.fresh)
        );
    }
    assert_eq!(kept.len(), fresh.len());
    // Several resets in a row change nothing.
    for _ in 0..3 {
        reset(&mut kept, graph);
    }
    let (_, fresh_slots) = filled(case, make);
    for (i, &node) in case.nodes.iter().enumerate() {
        let (slot, is_fresh) = insert(&mut kept, graph, node);
        assert!(is_fresh);
        assert_eq!(slot, fresh_slots[i], "{node:?} after repeated resets");
    }
}

fn nodes_out_of_range_are_refused<G: Graph, S: ClosedSet<G>>(
    case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) {
    let Some(outside) = case.out_of_range else {
        return;
    };
    let graph = case.graph;
    let (mut store, slots) = filled(case, make);
    let want = SearchError::NodeOutOfRange { node: outside };
    match store.find_or_insert(graph, outside) {
        Err(e) => assert_eq!(e, want),
        Ok(f) => panic!("{outside:?} was stored in slot {}", f.slot),
    }
    match store.find_or_insert_at(graph, outside, None) {
        Err(e) => assert_eq!(e, want),
        Ok(f) => panic!(
            "{outside:?} was stored in slot {} (find_or_insert_at)",
            f.slot
        ),
    }
    // The store is unharmed.
    assert_eq!(store.len(), case.nodes.len());
    for (&node, &slot) in case.nodes.iter().zip(&slots) {
        assert_eq!(insert(&mut store, graph, node), (slot, false));
    }
}

fn heap_bytes_once_used<G: Graph, S: ClosedSet<G>>(case: &StoreCase<'_, G>, make: &dyn Fn() -> S) {
    let (mut store, _) = filled(case, make);
    assert!(
        store.heap_bytes() > 0,
        "heap_bytes 0 with {} records",
        store.len()
    );
    // Memory is kept across a reset (it is capacity, not use).
    reset(&mut store, case.graph);
    assert!(store.heap_bytes() > 0, "heap_bytes 0 after a reset");
}

fn find_or_insert_at_agrees_with_find_or_insert<G: Graph, S: ClosedSet<G>>(
    case: &StoreCase<'_, G>,
    make: &dyn Fn() -> S,
) {
    let graph = case.graph;
    let (mut by_node, slots) = filled(case, make);
    let mut by_index = make();
    reset(&mut by_index, graph);
    for (&node, &slot) in case.nodes.iter().zip(&slots) {
        let index = graph.dense_ids().and_then(|ids| ids.node_index(node));
        let found = by_index.find_or_insert_at(graph, node, index).unwrap();
        assert_eq!(
            (found.slot, found.fresh),
            (slot, true),
            "{node:?} (index {index:?})"
        );
        // A known node through the other call: the same slot, not fresh.
        let found = by_node.find_or_insert_at(graph, node, index).unwrap();
        assert_eq!(
            (found.slot, found.fresh),
            (slot, false),
            "{node:?} (index {index:?})"
        );
    }
    for (&node, &slot) in case.nodes.iter().zip(&slots) {
        assert_eq!(
            insert(&mut by_index, graph, node),
            (slot, false),
            "{node:?}"
        );
    }
    assert_eq!(by_index.len(), by_node.len());
}

/// Calls everything that takes a slot, node or index with extreme values on
/// `store`; answers are not checked, only that there is no panic.
fn poke<G: Graph, S: ClosedSet<G>>(store: &mut S, case: &StoreCase<'_, G>) {
    let graph = case.graph;
    for slot in probe_slots([]) {
        let _ = store.record(slot);
        let _ = store.record_mut(slot);
        let _ = store.node(graph, slot);
    }
    let _ = (store.len(), store.is_empty(), store.heap_bytes());
}

fn nothing_panics<G: Graph, S: ClosedSet<G>>(case: &StoreCase<'_, G>, make: &dyn Fn() -> S) {
    let graph = case.graph;
    // A fresh store, never reset.
    let mut store = make();
    poke(&mut store, case);
    // Inserting before the first reset: any answer, no panic.
    let _ = store.find_or_insert(graph, case.nodes[0]).map(|f| f.slot);
    poke(&mut store, case);
    // A used store, with out-of-range nodes and wrong dense ids (a broken
    // promise by the caller: any answer, but no panic).
    let (mut store, _) = filled(case, make);
    poke(&mut store, case);
    if let Some(outside) = case.out_of_range {
        let _ = store.find_or_insert(graph, outside).map(|f| f.slot);
    }
    for index in [
        Some(usize::MAX),
        Some(u32::MAX as usize),
        Some(1 << 40),
        Some(0),
    ] {
        let _ = store
            .find_or_insert_at(graph, case.nodes[1], index)
            .map(|f| f.slot);
    }
    poke(&mut store, case);
    reset(&mut store, graph);
    poke(&mut store, case);
}
