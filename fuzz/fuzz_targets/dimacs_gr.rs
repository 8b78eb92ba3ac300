//! DIMACS `.gr`: any bytes; a graph read agrees with itself, an error names a
//! line of the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathseek::io::dimacs;
use pathseek_fuzz::{check_error, check_graph};

fuzz_target!(|data: &[u8]| {
    match dimacs::read_gr::<u32, _>(data) {
        Ok(g) => check_graph(data, &g),
        Err(e) => check_error(data, &e),
    }
    if let Err(e) = dimacs::read_gr::<f64, _>(data) {
        check_error(data, &e);
    }
});
