//! Tests across both formats: loading files, and the real benchmark maps and
//! scenarios checked against a test-only search.

use std::io;
use std::path::Path;

use super::*;
use crate::graph::{DenseIds, Graph};
use crate::grid::{Cell, Connectivity, Grid, GridCosts, EXACT_OCTILE_SCALE};
use crate::io::LoadErrorKind as K;

const ARENA: &str = include_str!("../../../tests/data/arena.map");
const ARENA_SCEN: &str = include_str!("../../../tests/data/arena.map.scen");
const DEN: &str = include_str!("../../../tests/data/den520d.map");
const DEN_SCEN: &str = include_str!("../../../tests/data/den520d.map.scen");
const RMTST: &str = include_str!("../../../tests/data/rmtst01.map");
const RMTST_SCEN: &str = include_str!("../../../tests/data/rmtst01.map.scen");

#[test]
fn load_errors_carry_the_path() {
    let e = MovingAiMap::load("/nonexistent/x.map").unwrap_err();
    assert_eq!(e.path(), Some(Path::new("/nonexistent/x.map")));
    assert_eq!(
        e.kind(),
        &K::Io {
            kind: io::ErrorKind::NotFound
        }
    );
    assert!(std::error::Error::source(&e).is_some());
    assert!(e
        .to_string()
        .starts_with("/nonexistent/x.map: cannot read: "));
    let e = load_scenarios("/nonexistent/x.scen").unwrap_err();
    assert!(matches!(e.kind(), K::Io { .. }));
    // A parse error from a real file names the file and line.
    let scen = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arena.map.scen");
    let e = MovingAiMap::load(scen).unwrap_err();
    assert_eq!(e.path(), Some(Path::new(scen)));
    assert_eq!(e.line(), Some(1));
    assert!(e.to_string().starts_with(&format!("{scen}: line 1: ")));
}

/// A* over a grid with exact octile costs and the grid heuristic (a test-only
/// search, so these tests do not depend on the crate's own A*).
fn shortest(grid: &Grid<u64>, start: Cell, goal: Cell) -> Option<u64> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let h = grid.heuristic(goal);
    let n = grid.node_count();
    let mut g = vec![u64::MAX; n];
    let mut heap = BinaryHeap::new();
    let s = grid.node_index(start).unwrap();
    g[s] = 0;
    heap.push(Reverse((h(start), s)));
    while let Some(Reverse((f, u))) = heap.pop() {
        let cell = grid.node_at(u).unwrap();
        if f - h(cell) > g[u] {
            continue; // stale entry
        }
        if cell == goal {
            return Some(g[u]);
        }
        let gu = g[u];
        grid.successors(cell, |next, cost| {
            let v = grid.node_index(next).unwrap();
            if gu + cost < g[v] {
                g[v] = gu + cost;
                heap.push(Reverse((g[v] + h(next), v)));
            }
        });
    }
    None
}

fn check_real(map_text: &str, scen_text: &str, size: (u32, u32), lines: usize, step: usize) {
    let map = MovingAiMap::parse(map_text).unwrap();
    assert_eq!((map.width(), map.height()), size);
    let scen = parse_scenarios(scen_text).unwrap();
    assert_eq!(scen.len(), lines);
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u64>::exact_octile());
    for s in &scen {
        s.check_against(&map).unwrap();
        assert!(s.optimal == 0.0 || s.bucket == (s.optimal / 4.0) as u32);
    }
    for s in scen.iter().step_by(step) {
        match shortest(&grid, s.start, s.goal) {
            Some(cost) => {
                let length = cost as f64 / f64::from(EXACT_OCTILE_SCALE);
                assert!(s.matches(length), "{s:?}: computed {length}");
            }
            None => assert!(s.expects_no_path(), "{s:?}: no path found"),
        }
    }
}

#[test]
fn real_arena() {
    check_real(ARENA, ARENA_SCEN, (49, 49), 160, 1);
}

#[test]
fn real_rmtst01() {
    check_real(RMTST, RMTST_SCEN, (182, 50), 470, 1);
    let scen = parse_scenarios(RMTST_SCEN).unwrap();
    assert_eq!(scen.iter().filter(|s| s.expects_no_path()).count(), 2);
}

#[test]
fn real_den520d() {
    check_real(DEN, DEN_SCEN, (256, 257), 888, 8);
}
