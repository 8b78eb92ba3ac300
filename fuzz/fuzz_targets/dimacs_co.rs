//! DIMACS `.co`: any bytes; every point read is finite, one per `v` line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathseek::io::dimacs;
use pathseek_fuzz::{check_error, line_count};

fuzz_target!(|data: &[u8]| match dimacs::read_co(data) {
    Ok(points) => {
        assert!(points.len() < line_count(data));
        assert!(points.iter().flatten().all(|x| x.is_finite()));
    }
    Err(e) => check_error(data, &e),
});
