//! The open-set conformance suite: the checks every [`OpenSet`] passes, written
//! once and run through [`run`] for any structure (the library's registry in
//! `tests/search/open_set_conformance.rs`, an open set written outside the crate in
//! `tests/search/external_open_set.rs`).
//!
//! The checks mirror how the A* core uses an open set: it pushes, lowers keys
//! with `decrease_key` (which may leave stale entries behind), pushes keys below
//! the last popped one (reopening under an inconsistent heuristic) and skips an
//! entry whose `(f, g)` is no longer the node's current key.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use pathseek::open_set::{Entry, OpenSet, OpenSetVisitor};
use pathseek::Cost;

use super::Lcg;

/// One check of the suite: it gets a fresh set.
type Check<O> = fn(O);

/// Every check of the suite, with its name.
fn checks<C: Cost, O: OpenSet<C>>() -> [(&'static str, Check<O>); 7] {
    [
        (
            "orders_by_f_then_larger_g",
            orders_by_f_then_larger_g::<C, O>,
        ),
        (
            "breaks_ties_towards_larger_g",
            breaks_ties_towards_larger_g::<C, O>,
        ),
        ("decrease_key_reorders", decrease_key_reorders::<C, O>),
        (
            "accepts_keys_below_the_last_popped",
            accepts_keys_below_the_last_popped::<C, O>,
        ),
        ("handles_far_apart_keys", handles_far_apart_keys::<C, O>),
        (
            "clear_empties_and_allows_reuse",
            clear_empties_and_allows_reuse::<C, O>,
        ),
        (
            "matches_model_on_an_interleaved_run",
            matches_model_on_an_interleaved_run::<C, O>,
        ),
    ]
}

/// Runs every check of the suite on fresh sets from `make`; a failure names the
/// open set and the check.
pub fn run<C: Cost, O: OpenSet<C>>(name: &str, make: &dyn Fn() -> O) {
    for (check_name, check) in checks::<C, O>() {
        let set = make();
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(set))) {
            eprintln!(
                "open set `{name}` ({}) fails the conformance check `{check_name}`",
                std::any::type_name::<C>()
            );
            resume_unwind(panic);
        }
    }
}

/// Runs the suite on every open set it visits and records their names.
#[derive(Default)]
pub struct Suite {
    /// The names visited, in order.
    pub visited: Vec<&'static str>,
}

impl<C: Cost> OpenSetVisitor<C> for Suite {
    fn visit<O: OpenSet<C>>(&mut self, name: &'static str, make: &dyn Fn() -> O) {
        run(name, make);
        self.visited.push(name);
    }
}

/// The reference: the live key of every slot, popped by (f ascending, g descending).
struct Model<C> {
    live: Vec<Option<(C, C)>>,
}

impl<C: Cost> Model<C> {
    fn new() -> Self {
        Model { live: Vec::new() }
    }
    fn set(&mut self, slot: u32, f: C, g: C) {
        let i = slot as usize;
        if self.live.len() <= i {
            self.live.resize(i + 1, None);
        }
        self.live[i] = Some((f, g));
    }
    fn key(&self, slot: u32) -> Option<(C, C)> {
        self.live.get(slot as usize).copied().flatten()
    }
    fn best(&self) -> Option<(C, C)> {
        let mut best: Option<(C, C)> = None;
        for &(f, g) in self.live.iter().flatten() {
            let e = Entry { f, g, slot: 0 };
            if best.is_none_or(|(bf, bg)| {
                e.precedes(&Entry {
                    f: bf,
                    g: bg,
                    slot: 0,
                })
            }) {
                best = Some((f, g));
            }
        }
        best
    }
    fn is_empty(&self) -> bool {
        self.live.iter().all(Option::is_none)
    }
}

/// Pops the next live entry the way the core does, skipping stale ones, and checks
/// it against the model.
fn pop_live<C: Cost, O: OpenSet<C>>(set: &mut O, model: &mut Model<C>) -> Option<Entry<C>> {
    loop {
        let Some(e) = set.pop() else {
            assert!(
                model.is_empty(),
                "open set ran dry while the model still holds live entries"
            );
            return None;
        };
        if model.key(e.slot) != Some((e.f, e.g)) {
            continue; // stale
        }
        let best = model.best().expect("model has the entry");
        assert_eq!(
            (e.f, e.g),
            best,
            "popped {e:?} but the best live key is {best:?}"
        );
        model.live[e.slot as usize] = None;
        return Some(e);
    }
}

fn push<C: Cost, O: OpenSet<C>>(set: &mut O, model: &mut Model<C>, slot: u32, f: u64, g: u64) {
    let (f, g) = (C::from_count(f), C::from_count(g));
    if model.key(slot).is_some() {
        set.decrease_key(Entry { f, g, slot });
    } else {
        set.push(Entry { f, g, slot });
    }
    model.set(slot, f, g);
}

fn drain<C: Cost, O: OpenSet<C>>(set: &mut O, model: &mut Model<C>) -> Vec<(C, C)> {
    let mut out = Vec::new();
    while let Some(e) = pop_live(set, model) {
        out.push((e.f, e.g));
    }
    assert!(set.is_empty() && set.pop().is_none());
    out
}

fn orders_by_f_then_larger_g<C: Cost, O: OpenSet<C>>(mut set: O) {
    let mut model = Model::new();
    let mut rng = Lcg(7);
    for slot in 0..500 {
        let g = rng.next(50);
        push(&mut set, &mut model, slot, g + rng.next(30), g);
    }
    assert_eq!(set.len(), 500);
    let out = drain(&mut set, &mut model);
    assert_eq!(out.len(), 500);
}

fn breaks_ties_towards_larger_g<C: Cost, O: OpenSet<C>>(mut set: O) {
    for (slot, g) in [3u64, 9, 1, 7, 5].into_iter().enumerate() {
        set.push(Entry {
            f: C::from_count(10),
            g: C::from_count(g),
            slot: slot as u32,
        });
    }
    let gs: Vec<C> = std::iter::from_fn(|| set.pop()).map(|e| e.g).collect();
    let expected: Vec<C> = [9u64, 7, 5, 3, 1].into_iter().map(C::from_count).collect();
    assert_eq!(gs, expected);
}

fn decrease_key_reorders<C: Cost, O: OpenSet<C>>(mut set: O) {
    let mut model = Model::new();
    for slot in 0..100u32 {
        push(&mut set, &mut model, slot, 200 + slot as u64, 100);
    }
    // Lower every third key below all others, in reverse order.
    for slot in (0..100u32).rev().step_by(3) {
        push(&mut set, &mut model, slot, 150 - slot as u64, 50);
    }
    // Same f, smaller g: a "decrease" that moves later in tie order.
    push(&mut set, &mut model, 1, 201, 90);
    let out = drain(&mut set, &mut model);
    assert_eq!(out.len(), 100);
    assert_eq!(out[0].0, C::from_count(150 - 99));
}

fn accepts_keys_below_the_last_popped<C: Cost, O: OpenSet<C>>(mut set: O) {
    let mut model = Model::new();
    for slot in 0..50u32 {
        push(&mut set, &mut model, slot, 1000 + 3 * slot as u64, 10);
    }
    for _ in 0..10 {
        pop_live(&mut set, &mut model).unwrap();
    }
    // Reopened nodes come back with keys below everything popped so far.
    push(&mut set, &mut model, 2, 700, 5);
    push(&mut set, &mut model, 60, 5, 5);
    push(&mut set, &mut model, 61, 0, 0);
    assert_eq!(pop_live(&mut set, &mut model).unwrap().slot, 61);
    assert_eq!(pop_live(&mut set, &mut model).unwrap().slot, 60);
    assert_eq!(pop_live(&mut set, &mut model).unwrap().slot, 2);
    drain(&mut set, &mut model);
}

fn handles_far_apart_keys<C: Cost, O: OpenSet<C>>(mut set: O) {
    let mut model = Model::new();
    let keys = [5u64, 1 << 20, 3, 1 << 30, 70_000, 0, 1 << 30, 12];
    for (slot, &f) in keys.iter().enumerate() {
        push(&mut set, &mut model, slot as u32, f, 0);
    }
    let out = drain(&mut set, &mut model);
    assert_eq!(out.len(), keys.len());
}

fn clear_empties_and_allows_reuse<C: Cost, O: OpenSet<C>>(mut set: O) {
    for round in 0..3u64 {
        let mut model = Model::new();
        for slot in 0..40u32 {
            push(
                &mut set,
                &mut model,
                slot,
                100 * round + (slot as u64 * 7) % 40,
                1,
            );
        }
        pop_live(&mut set, &mut model).unwrap();
        set.clear();
        assert_eq!(set.len(), 0);
        assert!(set.is_empty());
        assert!(set.pop().is_none());
    }
    let mut model = Model::new();
    push(&mut set, &mut model, 3, 9, 2);
    assert_eq!(
        drain(&mut set, &mut model),
        vec![(C::from_count(9), C::from_count(2))]
    );
}

fn matches_model_on_an_interleaved_run<C: Cost, O: OpenSet<C>>(mut set: O) {
    let mut rng = Lcg(42);
    let mut model = Model::new();
    let mut floor = 0u64; // the last popped f, as in A* with a consistent heuristic
    let mut popped = 0;
    for step in 0..5_000u32 {
        match rng.next(10) {
            0..=4 => {
                let slot = rng.next(800) as u32;
                let g = rng.next(1000);
                // Mostly at or above the floor; sometimes below it (reopening).
                let f = if rng.next(20) == 0 {
                    floor.saturating_sub(rng.next(50))
                } else {
                    floor + rng.next(60)
                };
                match model.key(slot) {
                    Some((old_f, _)) if C::from_count(f) >= old_f => {} // not an improvement
                    _ => push(&mut set, &mut model, slot, f, g.min(f)),
                }
            }
            _ => {
                if let Some(e) = pop_live(&mut set, &mut model) {
                    floor = e.f.as_f64() as u64;
                    popped += 1;
                }
            }
        }
        if step % 1000 == 999 {
            assert!(set.len() >= model.live.iter().flatten().count());
        }
    }
    popped += drain(&mut set, &mut model).len();
    assert!(popped > 1000);
}
