//! One conformance suite for every open set: `common::open_set_suite` run over
//! the library's registry (`pathseek::open_set::visit_open_sets`), the tests'
//! stress configurations (`common::STRESS_EXTRAS`) and a few more tunings of
//! the same structures, with `u32`, `u64`, `f64` and `f32` keys.
//!
//! A structure added to the registry is checked here without a line of its
//! own; `tests/search/external_open_set.rs` runs the same suite on an open set written
//! outside the crate.

use crate::common;

use common::open_set_suite::Suite;
use pathseek::open_set::{HotQueue, LazyDaryHeap, OpenSetVisitor, OPEN_SET_NAMES};
use pathseek::Cost;

/// Tunings the suite also runs (conformance only; the property tests run the
/// registry and `common::STRESS_EXTRAS`).
fn more_tunings<C: Cost>(suite: &mut Suite) {
    suite.visit("HotQueue default", &HotQueue::<C>::default);
    suite.visit("HotQueue wide", &|| {
        HotQueue::<C>::new(C::from_count(1000), 64).expect("a valid HOT queue")
    });
    suite.visit("LazyDaryHeap<2>", &LazyDaryHeap::<C, 2>::new);
    suite.visit("LazyDaryHeap<8>", &LazyDaryHeap::<C, 8>::new);
}

/// Runs the suite over everything with keys of type `C`; checks that every
/// registry entry and stress configuration was visited.
fn conformance<C: Cost>() {
    let mut suite = Suite::default();
    // The largest "edge" the suite's keys step by (tunes the HOT queue).
    common::visit_open_sets(&mut suite, C::from_count(60));
    more_tunings::<C>(&mut suite);
    let expected: Vec<&str> = OPEN_SET_NAMES
        .iter()
        .chain(common::STRESS_EXTRAS)
        .copied()
        .collect();
    assert_eq!(suite.visited[..expected.len()], expected[..]);
}

#[test]
fn every_open_set_conforms_u32() {
    conformance::<u32>();
}

#[test]
#[cfg(feature = "deep-tests")]
fn every_open_set_conforms_u64() {
    conformance::<u64>();
}

#[test]
fn every_open_set_conforms_f64() {
    conformance::<f64>();
}

#[test]
#[cfg(feature = "deep-tests")]
fn every_open_set_conforms_f32() {
    conformance::<f32>();
}

/// The suite itself catches a broken open set (one that pops in push order).
#[test]
fn the_suite_rejects_a_fifo() {
    use pathseek::open_set::{Entry, OpenSet};
    use std::collections::VecDeque;

    struct Fifo(VecDeque<Entry<u32>>);
    impl OpenSet<u32> for Fifo {
        fn push(&mut self, entry: Entry<u32>) {
            self.0.push_back(entry);
        }
        fn pop(&mut self) -> Option<Entry<u32>> {
            self.0.pop_front()
        }
        fn len(&self) -> usize {
            self.0.len()
        }
        fn clear(&mut self) {
            self.0.clear();
        }
    }
    let result = std::panic::catch_unwind(|| {
        common::open_set_suite::run("fifo", &|| Fifo(VecDeque::new()));
    });
    assert!(result.is_err(), "a FIFO passed the open-set suite");
}
