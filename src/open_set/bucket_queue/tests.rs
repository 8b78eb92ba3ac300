//! The bucket queue's own tests: its contract against a model, and its
//! lists, popped bucket and free list checked after every operation.

use super::*;
use proptest::prelude::*;

impl<C: Cost> BucketQueue<C> {
    /// Checks the lists, `current`, the free list, the bitmaps, the
    /// positions and the count against each other.
    fn check(&self) {
        let key = |n: u32| self.nodes[n as usize].entry.f.to_key().to_u64();
        let mut seen = vec![false; self.nodes.len()];
        let mut live = 0;
        let visit = |n: u32, seen: &mut Vec<bool>| {
            assert!(!seen[n as usize], "node {n} reached twice");
            seen[n as usize] = true;
            let slot = self.nodes[n as usize].entry.slot;
            assert_eq!(self.node_of(slot), Some(n), "position of slot {slot}");
        };
        for (i, &head) in self.heads.iter().enumerate() {
            let bit = self.occupied[i / 64] >> (i % 64) & 1 == 1;
            assert_eq!(bit, head != NIL, "occupied bit of bucket {i}");
            let (mut prev, mut n) = (NIL, head);
            while n != NIL {
                visit(n, &mut seen);
                let node = self.nodes[n as usize];
                assert_eq!(node.prev, prev, "prev link of node {n}");
                assert_eq!(key(n) & self.mask, i as u64, "node {n} in the wrong bucket");
                assert!(self.in_window(key(n)) && key(n) != self.base);
                live += 1;
                (prev, n) = (n, node.next);
            }
        }
        for (w, &word) in self.occupied.iter().enumerate() {
            assert_eq!(
                self.summary[w / 64] >> (w % 64) & 1 == 1,
                word != 0,
                "summary bit {w}"
            );
        }
        for pair in self.current.windows(2) {
            let g = |n: u32| self.nodes[n as usize].entry.g.to_key();
            assert!(g(pair[0]) <= g(pair[1]), "current out of g order");
        }
        for &n in &self.current {
            visit(n, &mut seen);
            assert_eq!(self.nodes[n as usize].prev, CURRENT);
            assert_eq!(key(n), self.base, "current holds a key other than base");
            live += 1;
        }
        assert_eq!(live, self.bucketed, "bucketed count");
        let mut n = self.free;
        while n != NIL {
            assert!(!seen[n as usize], "free node {n} also live");
            seen[n as usize] = true;
            assert_eq!(self.nodes[n as usize].prev, FREE);
            n = self.nodes[n as usize].next;
        }
        assert!(seen.iter().all(|&s| s), "a node neither live nor free");
    }
}

const SLOTS: u32 = 40;

#[derive(Clone, Copy, Debug)]
enum Op {
    /// A new key for `slot`: a decrease-key with a smaller `g` if it is in
    /// the set, else a push (or, with `via_decrease`, a decrease-key,
    /// which must act as a push) of `g = floor + step - h` (below the
    /// last popped `f` when `below`).
    Touch {
        slot: u32,
        step: u64,
        h: u64,
        below: bool,
        via_decrease: bool,
    },
    Pop,
    Clear,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        12 => (0..SLOTS, 0u64..160, 0u64..40, prop::bool::weighted(0.1), prop::bool::weighted(0.2))
            .prop_map(|(slot, step, h, below, via_decrease)| Op::Touch { slot, step, h, below, via_decrease }),
        8 => Just(Op::Pop),
        1 => Just(Op::Clear),
    ]
}

/// The model: each slot's live key `(f, g)`, and how many stale entries
/// the queue may still hold (decrease-keys of side-heap entries, which
/// stay re-pushes). Pops must give the best live key; `len` must be the
/// live entries plus those stale ones, exactly.
fn run<C: Cost>(ops: &[Op], max_edge: u64) {
    let c = |raw: u64| C::from_count(raw);
    let mut q = BucketQueue::<C>::with_max_edge_cost(c(max_edge));
    assert!(q.buckets() > 0);
    let mut live: Vec<Option<(u64, u64)>> = vec![None; SLOTS as usize];
    let mut stale = 0usize;
    let mut floor = 50u64;
    let best = |live: &[Option<(u64, u64)>]| {
        live.iter()
            .flatten()
            .copied()
            .min_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
    };
    for &op in ops {
        match op {
            Op::Touch {
                slot,
                step,
                h,
                below,
                via_decrease,
            } => {
                let s = slot as usize;
                let (f, g) = match live[s] {
                    Some((f, g)) => {
                        if g == 0 {
                            continue;
                        }
                        let drop = 1 + step % g;
                        (f - drop, g - drop)
                    }
                    None => {
                        let f = if below {
                            floor.saturating_sub(step + 1)
                        } else {
                            floor + step
                        };
                        (f.max(h), f.max(h) - h)
                    }
                };
                let entry = Entry {
                    f: c(f),
                    g: c(g),
                    slot,
                };
                if live[s].is_some() {
                    if q.node_of(slot).is_none() {
                        stale += 1; // in the side heap: re-pushed there
                    }
                    q.decrease_key(entry);
                } else if via_decrease {
                    q.decrease_key(entry);
                } else {
                    q.push(entry);
                }
                live[s] = Some((f, g));
            }
            Op::Pop => loop {
                let Some(e) = q.pop() else {
                    assert_eq!(best(&live), None, "ran dry with live entries");
                    assert_eq!(stale, 0);
                    break;
                };
                let want = live[e.slot as usize].map(|(f, g)| (c(f), c(g)));
                if want != Some((e.f, e.g)) {
                    assert!(stale > 0, "a stale entry {e:?} that is not a side re-push");
                    stale -= 1;
                    continue;
                }
                let (bf, bg) = best(&live).expect("a live entry popped");
                assert_eq!(
                    (e.f, e.g),
                    (c(bf), c(bg)),
                    "popped {e:?}, not the best live key"
                );
                live[e.slot as usize] = None;
                floor = bf;
                break;
            },
            Op::Clear => {
                q.clear();
                live.fill(None);
                stale = 0;
                floor = 50;
                assert!(q.is_empty() && q.pop().is_none());
            }
        }
        q.check();
        assert_eq!(q.len(), live.iter().flatten().count() + stale, "len");
    }
    while q.pop().is_some() {}
    q.check();
    assert!(q.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Keys both in the 64-key window (largest edge 20) and outside it.
    #[test]
    fn decrease_key_matches_the_model_u32(ops in prop::collection::vec(op(), 0..300)) {
        run::<u32>(&ops, 20);
    }

    /// The same with 64-bit keys and a smaller largest edge.
    #[test]
    fn decrease_key_matches_the_model_u64(ops in prop::collection::vec(op(), 0..300)) {
        run::<u64>(&ops, 3);
    }
}

#[test]
fn decrease_key_moves_the_entry_between_buckets() {
    let mut q = BucketQueue::with_max_edge_cost(10u32);
    for slot in 0..10 {
        q.push(Entry {
            f: 20 + slot,
            g: slot,
            slot,
        });
    }
    q.decrease_key(Entry {
        f: 15,
        g: 1,
        slot: 7,
    });
    q.decrease_key(Entry {
        f: 19,
        g: 3,
        slot: 9,
    });
    q.check();
    assert_eq!(q.len(), 10, "no stale entries");
    let order: Vec<u32> = std::iter::from_fn(|| q.pop().map(|e| e.slot)).collect();
    assert_eq!(order, [7, 9, 0, 1, 2, 3, 4, 5, 6, 8]);
    // Slots reused after a clear: their old positions are not trusted.
    q.clear();
    q.decrease_key(Entry {
        f: 30,
        g: 0,
        slot: 7,
    });
    q.push(Entry {
        f: 31,
        g: 0,
        slot: 3,
    });
    q.decrease_key(Entry {
        f: 29,
        g: 0,
        slot: 3,
    });
    q.check();
    assert_eq!(q.len(), 2);
    assert_eq!(q.pop().map(|e| e.slot), Some(3));
    assert_eq!(q.pop().map(|e| e.slot), Some(7));
    assert_eq!(q.pop(), None);
}
