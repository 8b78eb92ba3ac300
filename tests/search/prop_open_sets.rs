//! The open-set conformance check as a property: a random sequence of pushes,
//! decrease-keys, pops and clears, applied to every open set (the library's
//! registry plus the tests' stress configurations, `common::visit_open_sets`)
//! and to a simple model (a `Vec` kept sorted by `(f ascending, g
//! descending)`), must pop the same sequence of `(f, g)` keys.
//!
//! The sequence mimics the A* core: each slot has a fixed `h` (cached per node);
//! a touched slot that is open in the model gets `decrease_key` with a strictly
//! smaller `g` (so `f` drops by as much), a new or popped slot gets `push`; keys
//! are mostly at or above the last popped `f`, sometimes below it (reopening under
//! an inconsistent heuristic); popped entries whose `(f, g)` is no longer the
//! slot's current key are skipped as stale. Keys are scaled per case (1 to 2^20)
//! so bucket-based sets see both narrow and far-apart keys.

use crate::common;

use pathseek::open_set::{Entry, OpenSet, OpenSetVisitor};
use pathseek::Cost;
use proptest::prelude::*;

const SLOTS: u32 = 48;

#[derive(Clone, Copy, Debug)]
enum Op {
    /// Push or decrease-key `slot`: `g_raw` and `h_raw` shape the new key; `below`
    /// puts it under the last popped `f`.
    Touch {
        slot: u32,
        g_raw: u64,
        h_raw: u64,
        below: bool,
    },
    Pop,
    Clear,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        12 => (0..SLOTS, 0u64..60, 0u64..40, prop::bool::weighted(0.1)).prop_map(
            |(slot, g_raw, h_raw, below)| Op::Touch { slot, g_raw, h_raw, below }
        ),
        8 => Just(Op::Pop),
        1 => Just(Op::Clear),
    ]
}

#[derive(Clone, Debug)]
struct Case {
    ops: Vec<Op>,
    scale: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(op(), 0..400),
        prop_oneof![Just(1u64), Just(7), Just(1000), Just(1 << 20)],
    )
        .prop_map(|(ops, scale)| Case { ops, scale })
}

/// A key in raw units as a cost: integers as is, floats in quarters (exact).
fn key<C: Cost>(raw: u64, scale: u64) -> C {
    if common::is_integer::<C>() {
        C::from_count(raw * scale)
    } else {
        C::from_count(raw * scale) / C::from_count(4)
    }
}

/// The case's key scale, capped for `u32` so that keys cannot saturate.
fn scale_for<C: Cost>(case: &Case) -> u64 {
    if C::max_value().as_f64() < 1e12 {
        case.scale.min(1000)
    } else {
        case.scale
    }
}

/// The model: live entries sorted so that the next to pop is first, and per slot
/// the current key (raw units) and the cached `h`.
#[derive(Default)]
struct Model {
    /// `(f, g, slot)`, sorted by f ascending, then g descending.
    live: Vec<(u64, u64, u32)>,
    key: Vec<Option<(u64, u64)>>,
    h: Vec<Option<u64>>,
}

impl Model {
    fn new() -> Self {
        Model {
            live: Vec::new(),
            key: vec![None; SLOTS as usize],
            h: vec![None; SLOTS as usize],
        }
    }
    fn set(&mut self, slot: u32, f: u64, g: u64) {
        self.live.retain(|e| e.2 != slot);
        let at = self
            .live
            .partition_point(|&(ef, eg, _)| ef < f || (ef == f && eg >= g));
        self.live.insert(at, (f, g, slot));
        self.key[slot as usize] = Some((f, g));
    }
    fn clear(&mut self) {
        *self = Model::new();
    }
}

/// Runs `case` on `set` and the model; panics on the first difference.
fn run<C: Cost, O: OpenSet<C>>(case: &Case, mut set: O, name: &str) {
    let scale = scale_for::<C>(case);
    let k = |raw| key::<C>(raw, scale);
    let mut model = Model::new();
    let mut floor = 0u64; // the last popped f
    let mut popped = Vec::new();
    let pop_live = |set: &mut O, model: &mut Model, popped: &mut Vec<(u64, u64)>| -> Option<u64> {
        loop {
            let Some(e) = set.pop() else {
                assert!(
                    model.live.is_empty(),
                    "{name}: ran dry with live entries {:?} (popped so far {popped:?})",
                    model.live
                );
                return None;
            };
            let s = e.slot as usize;
            let Some((f, g)) = model.key[s] else {
                continue; // stale: the slot was popped already
            };
            if (k(f), k(g)) != (e.f, e.g) {
                continue; // stale: the slot has a newer key
            }
            let &(bf, bg, _) = model.live.first().expect("a live key was popped");
            assert_eq!(
                (e.f, e.g),
                (k(bf), k(bg)),
                "{name}: popped {e:?} but the best live key is (f, g) = ({bf}, {bg}) x scale \
                 (popped so far {popped:?})"
            );
            model.live.retain(|x| x.2 != e.slot);
            model.key[s] = None;
            popped.push((f, g));
            return Some(f);
        }
    };
    for op in &case.ops {
        match *op {
            Op::Touch {
                slot,
                g_raw,
                h_raw,
                below,
            } => {
                let s = slot as usize;
                let h = *model.h[s].get_or_insert(h_raw);
                match model.key[s] {
                    Some((_, old_g)) => {
                        // Open: a strictly cheaper g, as the core's decrease-key.
                        if old_g == 0 {
                            continue;
                        }
                        let g = old_g - 1 - g_raw % old_g;
                        set.decrease_key(Entry {
                            f: k(g + h),
                            g: k(g),
                            slot,
                        });
                        model.set(slot, g + h, g);
                    }
                    None => {
                        let g = if below {
                            floor.saturating_sub(h).saturating_sub(g_raw + 1)
                        } else {
                            floor.saturating_sub(h) + g_raw
                        };
                        set.push(Entry {
                            f: k(g + h),
                            g: k(g),
                            slot,
                        });
                        model.set(slot, g + h, g);
                    }
                }
            }
            Op::Pop => {
                if let Some(f) = pop_live(&mut set, &mut model, &mut popped) {
                    floor = f;
                }
            }
            Op::Clear => {
                set.clear();
                model.clear();
                floor = 0;
                assert!(
                    set.is_empty() && set.len() == 0,
                    "{name}: clear left entries"
                );
                assert!(set.pop().is_none(), "{name}: pop after clear");
            }
        }
        assert!(
            set.len() >= model.live.len(),
            "{name}: len {} below the {} live entries",
            set.len(),
            model.live.len()
        );
    }
    while pop_live(&mut set, &mut model, &mut popped).is_some() {}
    assert!(set.is_empty(), "{name}: not empty after draining");
    assert!(set.pop().is_none(), "{name}: pop after draining");
}

struct Runner<'a> {
    case: &'a Case,
}

impl<C: Cost> OpenSetVisitor<C> for Runner<'_> {
    fn visit<O: OpenSet<C>>(&mut self, name: &'static str, make: &dyn Fn() -> O) {
        run::<C, O>(self.case, make(), name);
    }
}

fn property<C: Cost>(name: &str) {
    common::run_property(name, regressions_file!("prop_open_sets"), case(), |case| {
        // The largest "edge": the widest key step a Touch makes.
        let max_edge: C = key(100, scale_for::<C>(&case));
        common::visit_open_sets(&mut Runner { case: &case }, max_edge);
    });
}

#[test]
fn open_sets_match_the_model_u32() {
    property::<u32>("open_sets_match_the_model_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn open_sets_match_the_model_u64() {
    property::<u64>("open_sets_match_the_model_u64");
}

#[test]
fn open_sets_match_the_model_f64() {
    property::<f64>("open_sets_match_the_model_f64");
}

#[test]
#[cfg(feature = "deep-tests")]
fn open_sets_match_the_model_f32() {
    property::<f32>("open_sets_match_the_model_f32");
}
