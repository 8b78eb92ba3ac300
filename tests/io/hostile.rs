//! Files whose headers lie: every loader's memory must stay in proportion to
//! the bytes it read, whatever a header claims, and it must answer with an
//! error value at once. Measured with the counting allocator of
//! `alloc_count.rs`.

use std::time::{Duration, Instant};

use pathseek::io::movingai::{read_scenarios, MovingAiMap};
use pathseek::io::{dimacs, metis, LoadError, LoadErrorKind};

use crate::alloc_count::measure;

/// The most any of these small files may make a loader allocate.
const BOUND: usize = 1 << 20;

/// Runs `load` on `bytes` and checks it fails quickly within [`BOUND`].
pub(crate) fn bounded<T: std::fmt::Debug>(
    name: &str,
    bytes: &[u8],
    load: impl FnOnce(&[u8]) -> Result<T, LoadError>,
) -> LoadError {
    let t = Instant::now();
    let (result, usage) = measure(|| load(bytes));
    let elapsed = t.elapsed();
    let e = result.expect_err(name);
    println!(
        "{name}: {} bytes in, peak {} bytes, largest allocation {} bytes, {elapsed:?}: {e}",
        bytes.len(),
        usage.peak,
        usage.largest
    );
    assert!(usage.peak < BOUND, "{name}: peak {} bytes", usage.peak);
    assert!(elapsed < Duration::from_secs(1), "{name}: {elapsed:?}");
    e
}

#[test]
fn the_26_byte_gr_file_is_an_error_in_bounded_memory() {
    let text = b"p sp 4000000000 1\na 1 2 3\n";
    assert_eq!(text.len(), 26);
    let e = bounded("gr 4e9 nodes", text, |b| dimacs::read_gr::<u32, _>(b));
    assert_eq!(e.line(), Some(1));
    assert_eq!(
        e.kind(),
        &LoadErrorKind::NodeCountExceedsInput {
            declared: 4_000_000_000,
            bytes: 26
        }
    );
    // f64 costs and no arcs at all: the same answer.
    let e = bounded("gr 4e9 nodes, no arcs", b"p sp 4000000000 0\n", |b| {
        dimacs::read_gr::<f64, _>(b)
    });
    assert!(matches!(
        e.kind(),
        LoadErrorKind::NodeCountExceedsInput { .. }
    ));
}

#[test]
fn every_loader_ignores_a_lying_header() {
    let gr = |b: &[u8]| dimacs::read_gr::<u32, _>(b);
    let graph = |b: &[u8]| metis::read_graph::<u32, _>(b);
    bounded("gr 4e9 arcs", b"p sp 2 4000000000\na 1 2 3\n", gr);
    bounded("gr both", b"p sp 4294967294 4294967294\na 1 2 3\n", gr);
    bounded("co 4e9 nodes", b"p aux sp co 4000000000\nv 1 0 0\n", |b| {
        dimacs::read_co(b)
    });
    bounded("co 4e9 nodes, none", b"p aux sp co 4000000000\n", |b| {
        dimacs::read_co(b)
    });
    bounded("graph 4e9 nodes", b"4000000000 1\n2\n1\n", graph);
    bounded("graph 2e9 edges", b"2 2000000000\n2\n1\n", graph);
    bounded("graph huge ncon", b"2 1 10 4000000000\n1 2\n1 1\n", graph);
    bounded(
        "graph weighted",
        b"4294967294 2147483646 111 1\n1 1 2\n",
        graph,
    );
    bounded("xyz for 4e9", b"0 0 0\n", |b| {
        metis::read_xyz_for(b, 4_000_000_000)
    });
    let map = |b: &[u8]| MovingAiMap::read(b);
    bounded(
        "map 65535^2",
        b"type octile\nheight 65535\nwidth 65535\nmap\n.\n",
        map,
    );
    bounded(
        "map rows short",
        b"type octile\nheight 65535\nwidth 1\nmap\n.\n",
        map,
    );
    bounded(
        "map 1 x 4e9",
        b"type octile\nheight 1\nwidth 4000000000\nmap\n..\n",
        map,
    );
    bounded(
        "scen",
        b"version 1\n0\tm.map\t4000000000\t4000000000\t1\t1\t2\t2\n",
        |b| read_scenarios(b),
    );
}

#[test]
fn a_node_count_the_input_can_account_for_is_read() {
    // 65,536 nodes come free; beyond that, one per byte.
    let g = dimacs::read_gr::<u32, _>(&b"p sp 65536 0\n"[..]).unwrap();
    assert_eq!((g.len(), g.edge_count()), (65536, 0));
    let e = dimacs::read_gr::<u32, _>(&b"p sp 65550 0\n"[..]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: the header declares 65550 nodes but the input has only 13 bytes \
         (at most 65536 nodes plus one per byte are accepted)"
    );
}

#[test]
fn a_real_map_stays_within_a_small_multiple_of_its_size() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/den520d.map");
    let bytes = std::fs::read(path).unwrap();
    let (map, usage) = measure(|| MovingAiMap::read(&bytes[..]).unwrap());
    assert_eq!((map.width(), map.height()), (256, 257));
    // The tiles (one byte a cell, grown by doubling: while one is copied
    // into the next, both are live) and a line buffer.
    println!("den520d.map: {} bytes in, {usage:?}", bytes.len());
    assert!(usage.peak < 4 * bytes.len(), "{usage:?}");
}
