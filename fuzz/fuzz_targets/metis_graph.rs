//! METIS `.graph`: any bytes; a graph read agrees with itself, has no
//! self-loops and is symmetric (its reverse is itself).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathseek::io::metis;
use pathseek_fuzz::{check_error, check_graph};

fuzz_target!(|data: &[u8]| match metis::read_graph::<u32, _>(data) {
    Ok(g) => {
        check_graph(data, &g);
        assert_eq!(g.edge_count() % 2, 0);
        let reverse = g.reverse();
        for v in 0..g.len() as u32 {
            let mut out: Vec<_> = g.edges(v).collect();
            let mut back: Vec<_> = reverse.edges(v).collect();
            assert!(out.iter().all(|&(to, _)| to != v), "self-loop at {v}");
            out.sort_unstable();
            back.sort_unstable();
            assert_eq!(out, back, "node {v}");
        }
    }
    Err(e) => check_error(data, &e),
});
