//! The file readers: DIMACS, METIS and MovingAI files, hostile input included.
//!
//! One test binary per family (linking dominates the test command's time);
//! each module was once a test file of its own.

mod formats;
