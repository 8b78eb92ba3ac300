//! A counting global allocator for this test binary: per thread, the bytes
//! live now, the peak since [`measure`] started, and the largest single
//! allocation. The library forbids `unsafe`; a test may not, to wrap the
//! system allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

pub struct Counting;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn grew(by: usize) {
    // `try_with`: nothing to count once the thread's locals are gone.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + by as isize;
        live.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
    let _ = LARGEST.try_with(|l| l.set(l.get().max(by)));
}

fn shrank(by: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get() - by as isize));
}

// SAFETY: every call is passed on to the system allocator unchanged; the
// counting touches only const-initialised thread locals (no allocation).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrank(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Counted as the new block arriving before the old one leaves: the
        // peak of a copying realloc.
        grew(new_size);
        shrank(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// What [`measure`] saw on this thread.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// The most bytes live at once, above those live when it started.
    pub peak: usize,
    /// The largest single allocation (or reallocation's new size).
    pub largest: usize,
}

/// Runs `f` on this thread and reports its allocations.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, Usage) {
    let start = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(start));
    LARGEST.with(|l| l.set(0));
    let out = f();
    let usage = Usage {
        peak: (PEAK.with(Cell::get) - start).max(0) as usize,
        largest: LARGEST.with(Cell::get),
    };
    (out, usage)
}
