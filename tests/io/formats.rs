//! The graph-file readers of `pathseek::io`: the hand-written files of
//! `tests/data` (`tiny.gr`, `tiny.co`, `tiny.graph`, `tiny.xyz`), every kind
//! of malformed input with its error kind and line, properties (no input
//! makes a reader panic; a random graph written out and read back is the
//! same graph), and the Luxembourg road graph of `../shared/roads` when it
//! is there.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::time::Instant;

use pathseek::io::{dimacs, metis, LoadError, LoadErrorKind};
use pathseek::{Cost, StaticGraph};

use LoadErrorKind as K;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A file in `tests/data`, opened for buffered reading.
pub(crate) fn data(name: &str) -> BufReader<File> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    BufReader::new(File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The line and kind of an expected error.
pub(crate) fn fail<T: std::fmt::Debug>(result: Result<T, LoadError>) -> (usize, LoadErrorKind) {
    let e = result.expect_err("the input is malformed");
    (
        e.line().expect("a loader error has a line"),
        e.kind().clone(),
    )
}

pub(crate) fn gr(text: &str) -> Result<StaticGraph<u32>, LoadError> {
    dimacs::read_gr(text.as_bytes())
}

pub(crate) fn gr_f64(text: &str) -> Result<StaticGraph<f64>, LoadError> {
    dimacs::read_gr(text.as_bytes())
}

pub(crate) fn co(text: &str) -> Result<Vec<[f64; 2]>, LoadError> {
    dimacs::read_co(text.as_bytes())
}

pub(crate) fn graph(text: &str) -> Result<StaticGraph<u32>, LoadError> {
    metis::read_graph(text.as_bytes())
}

pub(crate) fn graph_f64(text: &str) -> Result<StaticGraph<f64>, LoadError> {
    metis::read_graph(text.as_bytes())
}

pub(crate) fn xyz(text: &str) -> Result<Vec<[f64; 2]>, LoadError> {
    metis::read_xyz(text.as_bytes())
}

pub(crate) fn not_a_number(field: &'static str, found: &str) -> LoadErrorKind {
    K::NotANumber {
        field,
        found: found.into(),
    }
}

/// Each node's edges, sorted.
pub(crate) fn sorted_edges<C: Cost>(g: &StaticGraph<C>) -> Vec<Vec<(u32, C)>> {
    (0..g.len() as u32)
        .map(|v| {
            let mut out: Vec<(u32, C)> = g.edges(v).collect();
            out.sort_by_key(|&(to, c)| (to, c.to_key()));
            out
        })
        .collect()
}

/// Each node's edges in order.
pub(crate) fn edges<C: Cost>(g: &StaticGraph<C>) -> Vec<Vec<(u32, C)>> {
    (0..g.len() as u32).map(|v| g.edges(v).collect()).collect()
}

/// The cost of a cheapest path found by A* with a zero heuristic.
pub(crate) fn cost<C: Cost>(g: &StaticGraph<C>, from: u32, to: u32) -> Option<C> {
    pathseek::astar(g, from, to, |_| C::zero())
        .into_path()
        .map(|p| p.cost)
}

/// The point of node `i` (0-based) of the tiny files: a 4 x 3 grid, 10 apart.
pub(crate) fn grid_point(i: usize) -> [f64; 2] {
    [(i % 4 * 10) as f64, (i / 4 * 10) as f64]
}

// ---------------------------------------------------------------------------
// The hand-written files
// ---------------------------------------------------------------------------

#[test]
fn tiny_gr_loads_from_a_file() {
    let g: StaticGraph<u32> = dimacs::read_gr(data("tiny.gr")).unwrap();
    assert_eq!((g.len(), g.edge_count()), (12, 30));
    assert_eq!(cost(&g, 0, 11), Some(50));
    assert_eq!(cost(&g, 11, 0), Some(72)); // the one-way street down the left
                                           // The parallel arc and the self-loop are kept, in file order.
    assert_eq!(g.edges(0).collect::<Vec<_>>(), [(1, 10), (4, 10), (1, 15)]);
    assert!(g.edges(5).any(|e| e == (5, 3)));

    let f: StaticGraph<f64> = dimacs::read_gr(data("tiny.gr")).unwrap();
    assert_eq!(cost(&f, 0, 11), Some(50.0));
}

#[test]
fn tiny_co_loads_from_a_file() {
    let points = dimacs::read_co(data("tiny.co")).unwrap();
    let expected: Vec<[f64; 2]> = (0..12).map(grid_point).collect();
    assert_eq!(points, expected);
    // Every arc of tiny.gr is at least as long as the straight line, so
    // the straight-line distance is an admissible heuristic.
    let g: StaticGraph<u32> = dimacs::read_gr(data("tiny.gr")).unwrap();
    for u in 0..12u32 {
        for (v, c) in g.edges(u) {
            let ([ax, ay], [bx, by]) = (points[u as usize], points[v as usize]);
            assert!((ax - bx).hypot(ay - by) <= f64::from(c));
        }
    }
}

#[test]
fn tiny_graph_loads_from_a_file() {
    let g: StaticGraph<u32> = metis::read_graph(data("tiny.graph")).unwrap();
    assert_eq!((g.len(), g.edge_count()), (12, 30));
    assert_eq!(cost(&g, 0, 10), Some(4));
    assert_eq!(cost(&g, 10, 0), Some(4));
    // Node 12 (index 11) is the empty last line: no edges, unreachable.
    assert_eq!(g.degree(11), 0);
    assert_eq!(cost(&g, 0, 11), None);
    // Both directions of every edge, as from_undirected_edges gives.
    let mut pairs = Vec::new();
    for u in 0..12u32 {
        pairs.extend(g.edges(u).filter(|&(v, _)| u < v).map(|(v, c)| (u, v, c)));
    }
    let undirected = StaticGraph::from_undirected_edges(12, pairs).unwrap();
    assert_eq!(sorted_edges(&g), sorted_edges(&undirected));
}

#[test]
fn tiny_xyz_loads_from_a_file() {
    let points = metis::read_xyz(data("tiny.xyz")).unwrap();
    let expected: Vec<[f64; 2]> = (0..12).map(grid_point).collect();
    assert_eq!(points, expected);
    assert_eq!(metis::read_xyz_for(data("tiny.xyz"), 12).unwrap(), expected);
    assert_eq!(
        fail(metis::read_xyz_for(data("tiny.xyz"), 11)),
        (
            15,
            K::NodeCountMismatch {
                declared: 11,
                found: 12
            }
        )
    );
}

#[test]
fn metis_weighted_variants() {
    // fmt 1: edge weights; the triangle 1 - 2 - 3 with a long side 1 - 3.
    let text = "% weighted\n3 3 1\n2 4 3 10\n1 4 3 5\n1 10 2 5\n";
    let g = graph(text).unwrap();
    assert_eq!(g.edge_count(), 6);
    assert_eq!(g.edges(0).collect::<Vec<_>>(), [(1, 4), (2, 10)]);
    assert_eq!(cost(&g, 0, 2), Some(9));
    let f = graph_f64("3 3 001\n2 0.5 3 10\n1 0.5 3 2.25\n1 10 2 2.25\n").unwrap();
    assert_eq!(cost(&f, 0, 2), Some(2.75));

    // fmt 11 with ncon 2: two node weights, then neighbour-weight pairs.
    let two_weights = "3 3 11 2\n7 1 2 4 3 10\n0 0 1 4 3 5\n1.5 2 1 10 2 5\n";
    assert_eq!(sorted_edges(&graph(two_weights).unwrap()), sorted_edges(&g));
    // fmt 10: one node weight per line, no edge weights.
    let node_weights = "3 2 10\n5 2\n6 1 3\n7 2\n";
    let h = graph(node_weights).unwrap();
    assert_eq!(cost(&h, 0, 2), Some(2));
    // fmt 111: a node size, a node weight, then weighted neighbours.
    let sizes = "3 3 111\n1 7 2 4 3 10\n1 0 1 4 3 5\n2 1 1 10 2 5\n";
    assert_eq!(sorted_edges(&graph(sizes).unwrap()), sorted_edges(&g));
    // fmt 100: node sizes only; an isolated node still has its size.
    let g2 = graph("3 1 100\n1 2\n1 1\n4\n").unwrap();
    assert_eq!((g2.edge_count(), g2.degree(2)), (2, 0));
}

#[test]
fn crlf_line_ends_and_blank_lines() {
    let g = gr("c x\r\n\r\np sp 2 1\r\n\r\na 1 2 3\r\n").unwrap();
    assert_eq!(g.edges(0).collect::<Vec<_>>(), [(1, 3)]);
    let m = graph("2 1\r\n2\r\n1\r\n").unwrap();
    assert_eq!(m.edge_count(), 2);
    // A CRLF empty line is a node without neighbours.
    let m = graph("3 1\r\n2\r\n1\r\n\r\n").unwrap();
    assert_eq!((m.len(), m.degree(2)), (3, 0));
    assert_eq!(co("p aux sp co 1\r\nv 1 2 3\r\n").unwrap(), [[2.0, 3.0]]);
    assert_eq!(xyz("\r\n1 2 0\r\n\r\n").unwrap(), [[1.0, 2.0]]);
}

#[test]
fn empty_and_edgeless_inputs() {
    assert_eq!(gr("p sp 0 0\n").unwrap().len(), 0);
    assert_eq!(gr("p sp 3 0").unwrap().edge_count(), 0);
    assert!(co("p aux sp co 0\n").unwrap().is_empty());
    assert_eq!(graph("0 0\n").unwrap().len(), 0);
    assert!(xyz("").unwrap().is_empty());
    assert!(xyz("% nothing\n\n").unwrap().is_empty());
}

// ---------------------------------------------------------------------------
// METIS: empty node lines and the end of the file
// ---------------------------------------------------------------------------

#[test]
fn metis_empty_node_lines() {
    // Two isolated nodes: two empty lines.
    assert_eq!(graph("2 0\n\n\n").unwrap().len(), 2);
    // Blank lines between node lines are nodes without neighbours.
    let g = graph("4 1\n\n3\n2\n\n").unwrap();
    assert_eq!(
        (g.degree(0), g.degree(1), g.degree(2), g.degree(3)),
        (0, 1, 1, 0)
    );
    // Comment lines between node lines are skipped.
    let g = graph("% a\n3 1\n% b\n2\n% c\n1\n% d\n\n% e\n").unwrap();
    assert_eq!((g.len(), g.edge_count()), (3, 2));
    // Blank lines and comments after the last node line are fine.
    assert_eq!(graph("2 1\n2\n1\n\n\n% end\n  \n").unwrap().len(), 2);
    // The last node without neighbours, written without its own line end:
    // the empty text after the final newline is its line.
    let g = graph("3 1\n2\n1\n").unwrap();
    assert_eq!((g.len(), g.edge_count(), g.degree(2)), (3, 2, 0));
    assert_eq!(graph("1 0\n").unwrap().len(), 1);
    // ... but not without that newline, nor two lines short.
    let short = K::NodeCountMismatch {
        declared: 3,
        found: 2,
    };
    assert_eq!(fail(graph("3 1\n2\n1")), (4, short));
    let short = K::NodeCountMismatch {
        declared: 2,
        found: 0,
    };
    assert_eq!(fail(graph("2 0\n")), (2, short));
    let short = K::NodeCountMismatch {
        declared: 1,
        found: 0,
    };
    assert_eq!(fail(graph("1 0")), (2, short));
    // The implied last line must still carry its node weight.
    let missing = K::MissingField {
        field: "node weight",
    };
    assert_eq!(fail(graph("2 0 10\n5\n")), (3, missing));
}

// ---------------------------------------------------------------------------
// Malformed .gr files
// ---------------------------------------------------------------------------

#[test]
fn gr_counts() {
    // Truncated: fewer arcs than declared, on the header's line.
    let text = "c c\np sp 3 3\na 1 2 1\na 2 3 1\n";
    let k = K::EdgeCountMismatch {
        declared: 3,
        found: 2,
    };
    assert_eq!(fail(gr(text)), (2, k));
    // More arcs than declared.
    let text = "p sp 3 1\na 1 2 1\na 2 3 1\nc\na 3 1 1\n";
    let k = K::EdgeCountMismatch {
        declared: 1,
        found: 3,
    };
    assert_eq!(fail(gr(text)), (1, k));
    // A header alone with arcs declared.
    let k = K::EdgeCountMismatch {
        declared: 2,
        found: 0,
    };
    assert_eq!(fail(gr("p sp 3 2")), (1, k));
}

#[test]
fn gr_ids_out_of_range() {
    let zero = K::NodeOutOfRange {
        id: 0,
        node_count: 3,
    };
    assert_eq!(fail(gr("p sp 3 1\na 0 2 1\n")), (2, zero));
    let four = K::NodeOutOfRange {
        id: 4,
        node_count: 3,
    };
    assert_eq!(fail(gr("p sp 3 2\na 1 2 1\na 1 4 1\n")), (3, four));
    let huge = K::NodeOutOfRange {
        id: u64::MAX,
        node_count: 3,
    };
    assert_eq!(
        fail(gr("p sp 3 1\na 99999999999999999999 1 1\n")),
        (2, huge)
    );
}

#[test]
fn gr_weights() {
    assert_eq!(fail(gr("p sp 2 1\na 1 2 -5\n")), (2, K::InvalidWeight));
    assert_eq!(fail(gr("p sp 2 1\na 1 2 -0.5\n")), (2, K::InvalidWeight));
    assert_eq!(fail(gr_f64("p sp 2 1\na 1 2 -5\n")), (2, K::InvalidWeight));
    assert_eq!(fail(gr_f64("p sp 2 1\na 1 2 NaN\n")), (2, K::InvalidWeight));
    assert_eq!(
        fail(gr_f64("c\np sp 2 1\na 1 2 nan\n")),
        (3, K::InvalidWeight)
    );
    let nan = not_a_number("weight", "nan");
    assert_eq!(fail(gr("p sp 2 1\na 1 2 nan\n")), (2, nan));
    let frac = not_a_number("weight", "1.5");
    assert_eq!(fail(gr("p sp 2 1\na 1 2 1.5\n")), (2, frac));
    // Digits too large for the cost type: out of range, not "not a number".
    let big = |found: &str| K::WeightOutOfRange {
        found: found.into(),
    };
    assert_eq!(
        fail(gr("p sp 2 1\na 1 2 4294967296\n")),
        (2, big("4294967296"))
    );
    let e = gr("p sp 2 1\na 1 2 99999999999\n").unwrap_err();
    assert_eq!(e.kind(), &big("99999999999"));
    assert_eq!(
        e.to_string(),
        "line 2: weight `99999999999` is out of range for the cost type"
    );
    let e = metis::read_graph::<u32, _>(&b"2 1 1\n2 99999999999\n1 99999999999\n"[..]);
    assert_eq!(fail(e), (2, big("99999999999")));
    assert_eq!(
        gr_f64("p sp 2 1\na 1 2 2.5e1\n").unwrap().edges(0).next(),
        Some((1, 25.0))
    );
    assert_eq!(gr_f64("p sp 2 1\na 1 2 -0\n").unwrap().edge_count(), 1);
}

#[test]
fn gr_fields() {
    let word = not_a_number("target", "x");
    assert_eq!(fail(gr("p sp 2 1\na 1 x 2\n")), (2, word));
    let word = not_a_number("source", "-1");
    assert_eq!(fail(gr("p sp 2 1\na -1 2 2\n")), (2, word));
    let word = not_a_number("node count", "three");
    assert_eq!(fail(gr("p sp three 1\n")), (1, word));
    let word = not_a_number("arc count", "-1");
    assert_eq!(fail(gr("p sp 3 -1\n")), (1, word));
    let long = "x".repeat(100);
    let (_, kind) = fail(gr(&format!("p sp 2 1\na 1 2 {long}\n")));
    assert_eq!(kind, not_a_number("weight", &long[..32]));
    let missing = K::MissingField { field: "weight" };
    assert_eq!(fail(gr("p sp 2 1\na 1 2\n")), (2, missing));
    let missing = K::MissingField { field: "source" };
    assert_eq!(fail(gr("p sp 2 1\na\n")), (2, missing));
    assert_eq!(fail(gr("p sp 2 1\na 1 2 3 4\n")), (2, K::ExtraField));
    let missing = K::MissingField { field: "arc count" };
    assert_eq!(fail(gr("p sp 2\n")), (1, missing));
    assert_eq!(fail(gr("p sp 2 1 1\n")), (1, K::ExtraField));
}

#[test]
fn gr_headers_and_lines() {
    // Missing: an arc before the header, or no header at all.
    assert_eq!(
        fail(gr("c hello\na 1 2 3\np sp 2 1\n")),
        (2, K::MissingHeader { header: "p sp" })
    );
    assert_eq!(fail(gr("")), (1, K::MissingHeader { header: "p sp" }));
    assert_eq!(
        fail(gr("c only\nc comments\n")),
        (3, K::MissingHeader { header: "p sp" })
    );
    assert_eq!(
        fail(gr("c no newline")),
        (2, K::MissingHeader { header: "p sp" })
    );
    // Duplicate.
    let text = "p sp 2 1\na 1 2 1\np sp 2 1\n";
    assert_eq!(fail(gr(text)), (3, K::DuplicateHeader { header: "p sp" }));
    // Bad.
    let (line, kind) = fail(gr("p max 2 1\n"));
    assert!(matches!((line, kind), (1, K::BadHeader { .. })));
    assert!(matches!(fail(gr("p\n")), (1, K::BadHeader { .. })));
    assert!(matches!(
        fail(gr("p aux sp co 2\n")),
        (1, K::BadHeader { .. })
    ));
    // Lines of no kind.
    assert_eq!(fail(gr("p sp 2 1\nx 1 2\n")), (2, K::UnexpectedLine));
    assert_eq!(fail(gr("v 1 2 3\n")), (1, K::UnexpectedLine));
    assert_eq!(fail(gr("p sp 2 1\nab 1 2 3\n")), (2, K::UnexpectedLine));
    // Too large for u32 ids.
    let nodes = K::TooManyNodes {
        node_count: 4_294_967_295,
    };
    assert_eq!(fail(gr("p sp 4294967295 0\n")), (1, nodes));
    let arcs = K::TooManyEdges {
        edge_count: 4_294_967_295,
    };
    assert_eq!(fail(gr("p sp 2 4294967295\n")), (1, arcs));
}

#[test]
fn gr_keeps_self_loops_and_parallel_arcs() {
    let g = gr("p sp 2 3\na 1 1 5\na 1 2 3\na 1 2 2\n").unwrap();
    assert_eq!(g.edges(0).collect::<Vec<_>>(), [(0, 5), (1, 3), (1, 2)]);
    assert_eq!(cost(&g, 0, 1), Some(2));
}

// ---------------------------------------------------------------------------
// Malformed .co files
// ---------------------------------------------------------------------------

#[test]
fn co_nodes_repeated_or_missing() {
    // In order, one short: the next id is missing, at the line after the last.
    let text = "p aux sp co 3\nv 1 0 0\nv 2 0 0\n";
    assert_eq!(fail(co(text)), (4, K::MissingNode { id: 3 }));
    // Out of order with a gap.
    let text = "p aux sp co 3\nv 3 0 0\nc\nv 1 0 0\n";
    assert_eq!(fail(co(text)), (5, K::MissingNode { id: 2 }));
    // A repeat, with all lines present: at the second occurrence's line.
    let text = "p aux sp co 3\nv 1 0 0\nv 2 0 0\nc gap\nv 1 5 5\n";
    assert_eq!(fail(co(text)), (5, K::DuplicateNode { id: 1 }));
    // More lines than nodes.
    let text = "p aux sp co 2\nv 2 0 0\nv 1 0 0\nv 2 1 1\nv 1 1 1\n";
    assert_eq!(fail(co(text)), (4, K::DuplicateNode { id: 2 }));
    // The first repeat in file order is reported.
    let text = "p aux sp co 4\nv 4 0 0\nv 3 0 0\nv 3 0 0\nv 4 0 0\n";
    assert_eq!(fail(co(text)), (4, K::DuplicateNode { id: 3 }));
    // In order, then a repeat of the first.
    let text = "p aux sp co 2\nv 1 0 0\nv 2 0 0\nv 1 0 0\n";
    assert_eq!(fail(co(text)), (4, K::DuplicateNode { id: 1 }));
}

#[test]
fn co_fields_and_headers() {
    let zero = K::NodeOutOfRange {
        id: 0,
        node_count: 2,
    };
    assert_eq!(fail(co("p aux sp co 2\nv 0 1 1\n")), (2, zero));
    let three = K::NodeOutOfRange {
        id: 3,
        node_count: 2,
    };
    assert_eq!(fail(co("p aux sp co 2\nv 1 1 1\nv 3 1 1\n")), (3, three));
    let word = not_a_number("y", "north");
    assert_eq!(fail(co("p aux sp co 1\nv 1 1 north\n")), (2, word));
    let text = "p aux sp co 1\nv 1 NaN 1\n";
    assert_eq!(fail(co(text)), (2, K::InvalidCoordinate));
    assert_eq!(
        fail(co("p aux sp co 1\nv 1 1 inf\n")),
        (2, K::InvalidCoordinate)
    );
    let missing = K::MissingField { field: "y" };
    assert_eq!(fail(co("p aux sp co 1\nv 1 1\n")), (2, missing));
    assert_eq!(fail(co("p aux sp co 1\nv 1 1 1 1\n")), (2, K::ExtraField));
    assert_eq!(
        fail(co("c\nv 1 1 1\np aux sp co 1\n")),
        (
            2,
            K::MissingHeader {
                header: "p aux sp co"
            }
        )
    );
    assert_eq!(
        fail(co("")),
        (
            1,
            K::MissingHeader {
                header: "p aux sp co"
            }
        )
    );
    let text = "p aux sp co 1\nv 1 1 1\np aux sp co 1\n";
    assert_eq!(
        fail(co(text)),
        (
            3,
            K::DuplicateHeader {
                header: "p aux sp co"
            }
        )
    );
    assert!(matches!(fail(co("p sp 2 1\n")), (1, K::BadHeader { .. })));
    assert_eq!(fail(co("p aux sp co 1\na 1 2 3\n")), (2, K::UnexpectedLine));
    assert_eq!(fail(co("p aux sp co 1 2\n")), (1, K::ExtraField));
    let decimals = co("p aux sp co 2\nv 2 -1.25 3e2\nv 1 -73530767 41085396\n").unwrap();
    assert_eq!(decimals, [[-73530767.0, 41085396.0], [-1.25, 300.0]]);
}

// ---------------------------------------------------------------------------
// Malformed METIS files
// ---------------------------------------------------------------------------

#[test]
fn metis_counts() {
    // Truncated by two lines: too few node lines, at the line after the last.
    let k = K::NodeCountMismatch {
        declared: 3,
        found: 1,
    };
    assert_eq!(fail(graph("3 2\n2\n")), (3, k));
    // Truncated by one line that listed neighbours: the edge count shows it.
    let k = K::EdgeCountMismatch {
        declared: 4,
        found: 3,
    };
    assert_eq!(fail(graph("3 2\n2\n1 3\n")), (1, k));
    // m not matching the lines.
    let k = K::EdgeCountMismatch {
        declared: 2,
        found: 4,
    };
    assert_eq!(fail(graph("% c\n3 1\n2\n1 3\n2\n")), (2, k));
    // More node lines than n.
    assert_eq!(fail(graph("2 1\n2\n1\n\n3 4\n")), (5, K::UnexpectedLine));
    assert_eq!(fail(graph("2 1\n2\n1\n1\n")), (4, K::UnexpectedLine));
}

#[test]
fn metis_ids_and_weights() {
    let zero = K::NodeOutOfRange {
        id: 0,
        node_count: 2,
    };
    assert_eq!(fail(graph("2 1\n0\n1\n")), (2, zero));
    let three = K::NodeOutOfRange {
        id: 3,
        node_count: 2,
    };
    assert_eq!(fail(graph("2 1\n2\n1 3\n")), (3, three));
    assert_eq!(fail(graph("2 1 1\n2 -1\n1 -1\n")), (2, K::InvalidWeight));
    assert_eq!(
        fail(graph_f64("2 1 1\n2 -1\n1 -1\n")),
        (2, K::InvalidWeight)
    );
    assert_eq!(
        fail(graph_f64("2 1 1\n2 3\n1 NaN\n")),
        (3, K::InvalidWeight)
    );
    let word = not_a_number("neighbour", "x");
    assert_eq!(fail(graph("2 1\nx\n1\n")), (2, word));
    let word = not_a_number("weight", "heavy");
    assert_eq!(fail(graph("2 1 1\n2 heavy\n1 1\n")), (2, word));
    let word = not_a_number("node weight", "w");
    assert_eq!(fail(graph("2 1 10\nw 2\n1 1\n")), (2, word));
    let word = not_a_number("node weight", "nan");
    assert_eq!(fail(graph("2 1 10\n1 2\nnan 1\n")), (3, word));
    let missing = K::MissingField { field: "weight" };
    assert_eq!(fail(graph("2 1 1\n2 1\n1\n")), (3, missing));
    let missing = K::MissingField { field: "node size" };
    assert_eq!(fail(graph("2 1 100\n1 2\n\n")), (3, missing));
}

#[test]
fn metis_self_loops_and_symmetry() {
    assert_eq!(fail(graph("2 1\n1\n\n")), (2, K::SelfLoop { node: 1 }));
    assert_eq!(fail(graph("3 2\n2\n1 2\n\n")), (3, K::SelfLoop { node: 2 }));
    // 1 lists 2, but 2 lists 3 instead of 1 (the count is right).
    let k = K::NotSymmetric { from: 1, to: 2 };
    assert_eq!(fail(graph("3 1\n2\n3\n\n")), (2, k));
    // 2 lists 1, 1 lists nobody: at node 2's line (comments counted).
    let k = K::NotSymmetric { from: 2, to: 1 };
    assert_eq!(fail(graph("% c\n3 1\n% c\n\n% c\n1\n2\n")), (6, k));
    // Both ends list the edge, with different weights.
    let k = K::NotSymmetric { from: 1, to: 2 };
    assert_eq!(fail(graph("2 1 1\n2 5\n1 7\n")), (2, k));
    let k = K::NotSymmetric { from: 2, to: 1 };
    assert_eq!(fail(graph("2 1 1\n2 7\n1 5\n")), (3, k));
    // A parallel edge listed at one end only.
    let k = K::NotSymmetric { from: 1, to: 2 };
    assert_eq!(fail(graph("3 2\n2 2\n1 3\n\n")), (2, k));
    // Parallel edges listed at both ends are kept.
    let g = graph("2 2\n2 2\n1 1\n").unwrap();
    assert_eq!(g.edge_count(), 4);
}

#[test]
fn metis_headers() {
    assert_eq!(
        fail(graph("")),
        (
            1,
            K::MissingHeader {
                header: "<nodes> <edges>"
            }
        )
    );
    assert_eq!(
        fail(graph("% only a comment\n\n")),
        (
            3,
            K::MissingHeader {
                header: "<nodes> <edges>"
            }
        )
    );
    let word = not_a_number("node count", "n");
    assert_eq!(fail(graph("n 1\n")), (1, word));
    let missing = K::MissingField {
        field: "edge count",
    };
    assert_eq!(fail(graph("% c\n5\n")), (2, missing));
    for bad in [
        "2 1 2\n",
        "2 1 1111\n",
        "2 1 0 2\n",
        "2 1 10 0\n",
        "2 1 x\n",
    ] {
        assert!(
            matches!(fail(graph(bad)), (1, K::BadHeader { .. })),
            "{bad:?}"
        );
    }
    assert_eq!(fail(graph("2 1 0 1 5\n")), (1, K::ExtraField));
    let nodes = K::TooManyNodes {
        node_count: 4_294_967_295,
    };
    assert_eq!(fail(graph("4294967295 0\n")), (1, nodes));
    let edges = K::TooManyEdges {
        edge_count: 4_294_967_296,
    };
    assert_eq!(fail(graph("2 2147483648\n")), (1, edges));
    // A second header-like line is a node line.
    let k = K::NodeOutOfRange {
        id: 3,
        node_count: 2,
    };
    assert_eq!(fail(graph("2 1\n2 1\n")), (2, K::SelfLoop { node: 1 }));
    assert_eq!(fail(graph("2 1\n3 1\n")), (2, k));
}

/// A header may declare almost `u32::MAX` nodes; a file that breaks off
/// fails without allocating anything for them (16 GiB of offsets here).
#[test]
fn huge_headers_of_broken_files_cost_nothing() {
    let k = K::NodeCountMismatch {
        declared: 4_294_967_294,
        found: 1,
    };
    assert_eq!(fail(graph("4294967294 0\n\n")), (3, k));
    let k = K::EdgeCountMismatch {
        declared: 4,
        found: 1,
    };
    assert_eq!(fail(gr("p sp 4294967294 4\na 1 2 3\n")), (1, k));
    let word = not_a_number("weight", "x");
    assert_eq!(fail(gr("p sp 4294967294 4\na 1 2 x\n")), (2, word));
    let k = K::MissingNode { id: 2 };
    assert_eq!(fail(co("p aux sp co 4294967294\nv 1 0 0\n")), (3, k));
}

#[test]
fn xyz_fields_and_counts() {
    assert_eq!(fail(xyz("1 2 3 4\n")), (1, K::ExtraField));
    assert_eq!(fail(xyz("% c\n1\n")), (2, K::MissingField { field: "y" }));
    assert_eq!(fail(xyz("1 2 0\n1 x\n")), (2, not_a_number("y", "x")));
    assert_eq!(fail(xyz("1 2 z\n")), (1, not_a_number("z", "z")));
    assert_eq!(fail(xyz("nan 1 0\n")), (1, K::InvalidCoordinate));
    assert_eq!(xyz("1 2\n3.5 -4 7\n").unwrap(), [[1.0, 2.0], [3.5, -4.0]]);
    let short = K::NodeCountMismatch {
        declared: 3,
        found: 2,
    };
    assert_eq!(fail(metis::read_xyz_for(&b"1 2\n3 4"[..], 3)), (3, short));
}

// ---------------------------------------------------------------------------
// I/O errors
// ---------------------------------------------------------------------------

/// Gives `data`, then fails.
struct FailAfter<'a>(&'a [u8]);

impl Read for FailAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn io_errors_carry_the_line_and_the_source() {
    let reader = BufReader::new(FailAfter(b"p sp 2 1\nc ok\n"));
    let e = dimacs::read_gr::<u32, _>(reader).unwrap_err();
    assert_eq!(e.line(), Some(3));
    assert_eq!(
        e.kind(),
        &K::Io {
            kind: io::ErrorKind::Other
        }
    );
    let source = std::error::Error::source(&e).expect("the io error");
    assert_eq!(source.to_string(), "disk on fire");
    assert_eq!(e.to_string(), "line 3: cannot read: disk on fire");

    let reader = BufReader::new(FailAfter(b"2 1\n2\n"));
    let e = metis::read_graph::<u32, _>(reader).unwrap_err();
    assert_eq!(e.line(), Some(3));
    // Not UTF-8: an io error of kind InvalidData, on its line.
    let e = metis::read_xyz(&b"1 2 0\n1 \xff 0\n"[..]).unwrap_err();
    assert_eq!(
        (e.line(), e.kind()),
        (
            Some(2),
            &K::Io {
                kind: io::ErrorKind::InvalidData
            }
        )
    );
    let e = dimacs::read_co(io::Cursor::new(b"\xc3(".to_vec())).unwrap_err();
    assert_eq!(e.line(), Some(1));
    // Other errors have no source.
    assert!(std::error::Error::source(&gr("").unwrap_err()).is_none());
}

#[test]
fn messages_name_the_line() {
    let e = graph("3 1\n2\n3\n\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: node 1 lists 2, but 2 does not list 1 (with the same weight)"
    );
    let e = gr("p sp 2 1\na 1 two 3\n").unwrap_err();
    assert_eq!(e.to_string(), "line 2: target `two` is not a valid number");
    let e = gr("p sp 2 2\na 1 2 3\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: the header declares 2 directed edges, the file has 1"
    );
}

#[test]
fn messages_count_in_the_singular_and_plural() {
    let e = gr("p sp 2 1\na 1 2 3\na 2 1 3\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: the header declares 1 directed edge, the file has 2"
    );
    let e = gr("p sp 2 0\na 1 2 3\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: the header declares 0 directed edges, the file has 1"
    );
    let e = metis::read_xyz_for(&b"0 0\n1 1\n"[..], 1).unwrap_err();
    assert_eq!(e.to_string(), "line 3: expected 1 node, found 2");
    let e = pathseek::io::movingai::MovingAiMap::parse("type octile\nheight 1\nwidth 2\nmap\n.\n")
        .unwrap_err();
    assert_eq!(e.to_string(), "line 5: row has 1 character, expected 2");
}

// ---------------------------------------------------------------------------
// A real road graph
// ---------------------------------------------------------------------------

#[test]
fn luxembourg_road_graph() {
    let graph_path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/roads/luxembourg.osm.graph"
    );
    let xyz_path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/roads/luxembourg.osm.xyz"
    );
    for path in [graph_path, xyz_path] {
        if !Path::new(path).exists() {
            eprintln!("skipped: {path} not found (the road data is not in this checkout)");
            return;
        }
    }
    let open = |p: &str| BufReader::new(File::open(p).unwrap());
    let t = Instant::now();
    let g: StaticGraph<u32> = metis::read_graph(open(graph_path)).unwrap();
    let graph_time = t.elapsed();
    let t = Instant::now();
    let points = metis::read_xyz_for(open(xyz_path), g.len()).unwrap();
    let xyz_time = t.elapsed();
    eprintln!("luxembourg: graph read in {graph_time:?}, coordinates in {xyz_time:?}");
    assert_eq!(g.len(), 114_599);
    assert_eq!(g.edge_count(), 239_332);
    assert_eq!(points.len(), 114_599);
    assert!((0..g.len() as u32).all(|v| g.degree(v) > 0));
    // One connected component: the last node is reachable from the first.
    assert!(cost(&g, 0, g.len() as u32 - 1).is_some());
    let last = open(xyz_path).lines().last().unwrap().unwrap();
    let [x, y] = points[points.len() - 1];
    assert_eq!(last, format!("{x} {y} 0"));
}
