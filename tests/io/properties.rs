//! Properties of the graph-file readers of `pathseek::io`: no input makes a
//! reader panic (random bytes, characters, lines and edits of valid files),
//! and a random graph written out and read back is the same graph.

use std::io::Read;

use pathseek::io::{dimacs, metis, LoadError};
use pathseek::StaticGraph;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

use crate::formats::{co, data, edges, gr, gr_f64, graph, sorted_edges};

fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/proptest-regressions/formats.txt"
        )))),
        ..ProptestConfig::default()
    }
}

/// The number of lines of an input, as the readers count them.
fn line_count(bytes: &[u8]) -> usize {
    bytes.split(|&b| b == b'\n').count() - usize::from(bytes.is_empty() || bytes.ends_with(b"\n"))
}

/// Runs every reader on `bytes` (as the types they are used with): each must
/// return, and an error must name a line of the input or the one after it.
fn read_all(bytes: &[u8]) {
    let lines = line_count(bytes);
    let check = |result: Result<(), LoadError>| {
        if let Err(e) = result {
            assert!(
                (1..=lines + 1).contains(&e.line().unwrap_or(0)),
                "line {:?} of {lines}: {e}",
                e.line()
            );
            assert!(e
                .to_string()
                .starts_with(&format!("line {}: ", e.line().unwrap_or(0))));
        }
    };
    check(dimacs::read_gr::<u32, _>(bytes).map(drop));
    check(dimacs::read_gr::<f64, _>(bytes).map(drop));
    check(dimacs::read_gr::<i32, _>(bytes).map(drop));
    check(dimacs::read_co(bytes).map(drop));
    check(metis::read_graph::<u32, _>(bytes).map(drop));
    check(metis::read_graph::<f32, _>(bytes).map(drop));
    check(metis::read_xyz(bytes).map(drop));
    check(metis::read_xyz_for(bytes, 12).map(drop));
}

/// Tokens that stress the parsers. No node count of more than a few digits
/// that would fit a u32: a `.gr` header's count is trusted and allocated.
const TOKENS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "12",
    "-1",
    "-0",
    "+3",
    "1.5",
    "-2.5",
    "1e3",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "4294967295",
    "4294967296",
    "99999999999999999999",
    "x",
    "",
    " ",
    "%",
    "c",
    "a",
    "p",
    "v",
    "sp",
    "aux",
    "co",
    "\t",
    "\r",
    "01",
    "111",
    "11",
    "10",
    "é",
];

/// The hand-written files, as text.
fn tiny_files() -> Vec<String> {
    ["tiny.gr", "tiny.co", "tiny.graph", "tiny.xyz"]
        .iter()
        .map(|name| {
            let mut text = String::new();
            data(name).read_to_string(&mut text).unwrap();
            text
        })
        .collect()
}

/// An edit of a text: what, where (scaled to the text), and a token.
#[derive(Clone, Debug)]
enum Edit {
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    ReplaceToken(usize, &'static str),
    InsertByte(usize, u8),
    DeleteByte(usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = any::<usize>;
    let token = prop::sample::select(TOKENS);
    let byte = prop::sample::select(b" \n\r\t0123456789-.+eapcv%x\xff".to_vec());
    prop_oneof![
        at().prop_map(Edit::DeleteLine),
        at().prop_map(Edit::DuplicateLine),
        (at(), at()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        (at(), token).prop_map(|(a, t)| Edit::ReplaceToken(a, t)),
        (at(), byte).prop_map(|(a, b)| Edit::InsertByte(a, b)),
        at().prop_map(Edit::DeleteByte),
        at().prop_map(Edit::Truncate),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = text.split('\n').map(|l| l.as_bytes().to_vec()).collect();
    for e in edits {
        let n = lines.len().max(1);
        match *e {
            Edit::DeleteLine(i) if !lines.is_empty() => {
                lines.remove(i % n);
            }
            Edit::DuplicateLine(i) if !lines.is_empty() => {
                let line = lines[i % n].clone();
                lines.insert(i % n, line);
            }
            Edit::SwapLines(i, j) if !lines.is_empty() => lines.swap(i % n, j % n),
            Edit::ReplaceToken(i, token) if !lines.is_empty() => {
                let line = String::from_utf8_lossy(&lines[i % n]).into_owned();
                let mut tokens: Vec<&str> = line.split(' ').collect();
                let k = (i / n) % tokens.len();
                tokens[k] = token;
                lines[i % n] = tokens.join(" ").into_bytes();
            }
            Edit::InsertByte(i, b) if !lines.is_empty() => {
                let line = &mut lines[i % n];
                let at = (i / n) % (line.len() + 1);
                line.insert(at, b);
            }
            Edit::DeleteByte(i) if !lines.is_empty() => {
                let line = &mut lines[i % n];
                if !line.is_empty() {
                    let at = (i / n) % line.len();
                    line.remove(at);
                }
            }
            Edit::Truncate(i) => {
                let mut all = lines.join(&b'\n');
                all.truncate(i % (all.len() + 1));
                lines = all.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            }
            _ => {}
        }
    }
    lines.join(&b'\n')
}

/// A line of tokens, as the readers meet them.
fn soup_line() -> impl Strategy<Value = String> {
    let head = prop::sample::select(
        &[
            "a",
            "p sp",
            "p aux sp co",
            "v",
            "c",
            "%",
            "",
            "p",
            "1",
            "0",
            "3",
            "2 1",
        ][..],
    );
    let tail = prop::collection::vec(
        prop_oneof![
            prop::sample::select(TOKENS).prop_map(str::to_string),
            (0u32..16).prop_map(|v| v.to_string()),
        ],
        0..6,
    );
    (head, tail).prop_map(|(h, t)| format!("{h} {}", t.join(" ")))
}

/// A random directed graph with weights drawn as `weight` gives.
fn directed<C: std::fmt::Debug>(
    weight: impl Strategy<Value = C> + Clone,
) -> impl Strategy<Value = (usize, Vec<(u32, u32, C)>)> {
    (1usize..20).prop_flat_map(move |n| {
        let node = 0..n as u32;
        let arcs = prop::collection::vec((node.clone(), node, weight.clone()), 0..60);
        (Just(n), arcs)
    })
}

/// Writes a `.gr` file, with comments here and there.
fn write_gr<C: std::fmt::Display>(n: usize, arcs: &[(u32, u32, C)]) -> String {
    let mut s = format!("c written by the round trip\np sp {n} {}\n", arcs.len());
    for (i, (u, v, w)) in arcs.iter().enumerate() {
        if i % 7 == 3 {
            s.push_str("c a comment\n\n");
        }
        s.push_str(&format!("a {} {} {w}\n", u + 1, v + 1));
    }
    s
}

/// A random simple undirected graph: each pair `u < v` at most once.
fn undirected() -> impl Strategy<Value = (usize, Vec<(u32, u32, u32)>)> {
    (1usize..20).prop_flat_map(|n| {
        let node = 0..n as u32;
        let pairs = prop::collection::vec((node.clone(), node, 0u32..100), 0..50);
        (Just(n), pairs).prop_map(|(n, pairs)| {
            let mut seen = std::collections::BTreeSet::new();
            let edges = pairs
                .into_iter()
                .map(|(u, v, w)| (u.min(v), u.max(v), w))
                .filter(|&(u, v, _)| u != v && seen.insert((u, v)))
                .collect();
            (n, edges)
        })
    })
}

/// Writes a METIS file in the format `fmt` (`""`, `"1"`, `"11"` with two
/// node weights, `"111"`), comments between some node lines.
fn write_metis(n: usize, edges: &[(u32, u32, u32)], fmt: &str) -> String {
    let mut adj = vec![Vec::new(); n];
    for &(u, v, w) in edges {
        adj[u as usize].push((v, w));
        adj[v as usize].push((u, w));
    }
    let header = match fmt {
        "" => format!("{n} {}", edges.len()),
        "11" => format!("{n} {} 11 2", edges.len()),
        _ => format!("{n} {} {fmt}", edges.len()),
    };
    let mut s = format!("% written by the round trip\n{header}\n");
    for (i, out) in adj.iter().enumerate() {
        if i % 5 == 2 {
            s.push_str("% a comment\n");
        }
        let mut fields: Vec<String> = Vec::new();
        if fmt == "111" {
            fields.push("1".into());
        }
        if fmt == "11" {
            fields.extend(["3".to_string(), "0".to_string()]);
        }
        if fmt == "111" {
            fields.push("2".into());
        }
        for &(v, w) in out {
            fields.push((v + 1).to_string());
            if !fmt.is_empty() {
                fields.push(w.to_string());
            }
        }
        s.push_str(&fields.join(" "));
        s.push('\n');
    }
    s
}

fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        (-100_000_000i64..100_000_000).prop_map(|v| v as f64),
        (-1e9f64..1e9),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn no_input_panics_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        read_all(&bytes);
    }

    #[test]
    fn no_input_panics_characters(
        bytes in prop::collection::vec(
            prop::sample::select(b" \n\r\t0123456789-.+eEaApcovsxyzn%".to_vec()),
            0..300,
        )
    ) {
        read_all(&bytes);
    }

    #[test]
    fn no_input_panics_lines(lines in prop::collection::vec(soup_line(), 0..20)) {
        read_all(lines.join("\n").as_bytes());
    }

    #[test]
    fn no_edit_of_a_valid_file_panics(
        which in 0usize..4,
        edits in prop::collection::vec(edit(), 1..5),
    ) {
        let files = tiny_files();
        read_all(&apply(&files[which], &edits));
    }

    #[test]
    fn gr_round_trips_u32((n, arcs) in directed(0u32..1000)) {
        let g = gr(&write_gr(n, &arcs)).unwrap();
        let expected = StaticGraph::from_edges(n, arcs).unwrap();
        prop_assert_eq!(edges(&g), edges(&expected));
    }

    #[test]
    fn gr_round_trips_f64((n, arcs) in directed(0.0f64..1e6)) {
        let g = gr_f64(&write_gr(n, &arcs)).unwrap();
        let expected = StaticGraph::from_edges(n, arcs).unwrap();
        prop_assert_eq!(edges(&g), edges(&expected));
    }

    #[test]
    fn metis_round_trips(
        (n, pairs) in undirected(),
        fmt in prop::sample::select(&["", "1", "11", "111"][..]),
    ) {
        let g = graph(&write_metis(n, &pairs, fmt)).unwrap();
        let weighted = pairs.iter().map(|&(u, v, w)| (u, v, if fmt.is_empty() { 1 } else { w }));
        let expected = StaticGraph::from_undirected_edges(n, weighted).unwrap();
        prop_assert_eq!(sorted_edges(&g), sorted_edges(&expected));
    }

    #[test]
    fn coordinates_round_trip(
        points in prop::collection::vec((coordinate(), coordinate()), 0..40),
        seed in any::<u64>(),
    ) {
        let points: Vec<[f64; 2]> = points.into_iter().map(|(x, y)| [x, y]).collect();
        // .co in a shuffled order.
        let mut order: Vec<usize> = (0..points.len()).collect();
        let mut state = seed;
        for i in (1..order.len()).rev() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            order.swap(i, (state >> 33) as usize % (i + 1));
        }
        let mut text = format!("c shuffled\np aux sp co {}\n", points.len());
        for &i in &order {
            text.push_str(&format!("v {} {} {}\n", i + 1, points[i][0], points[i][1]));
        }
        prop_assert_eq!(co(&text).unwrap(), points.clone());
        let mut text = String::from("% x y z\n");
        for p in &points {
            text.push_str(&format!("{} {} 0\n", p[0], p[1]));
        }
        prop_assert_eq!(metis::read_xyz_for(text.as_bytes(), points.len()).unwrap(), points);
    }
}
