//! The file loaders of `pathseek::io`: DIMACS, METIS, MovingAI and hex map files,
//! hostile input included.
//!
//! One test binary per family (linking dominates the test command's time);
//! each module was once a test file of its own. This binary counts its
//! allocations (`alloc_count.rs`) to check that no header makes a loader
//! allocate more than it read.

mod alloc_count;
mod formats;
mod fuzz_regressions;
mod hex;
mod hostile;
mod properties;
