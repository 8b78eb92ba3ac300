//! Unit tests of the contraction internals; the properties against a
//! reference Dijkstra are in `tests/search/contraction.rs`.

use super::*;

#[test]
fn a_shortcut_is_unpacked_to_the_edges_it_skips() {
    // A chain whose middle nodes go first: shortcuts over them.
    let g = StaticGraph::from_undirected_edges(5, [(0, 1, 1u32), (1, 2, 1), (2, 3, 1), (3, 4, 1)])
        .unwrap();
    let ch = ContractionHierarchy::new(&g).unwrap();
    let mut s = ChSearch::new();
    let mut path = Vec::new();
    for a in 0..5u32 {
        for b in 0..5u32 {
            assert_eq!(
                s.find_path(&ch, &g, a, b, &mut path).unwrap(),
                Some(a.abs_diff(b))
            );
            let want: Vec<u32> = if a <= b {
                (a..=b).collect()
            } else {
                (b..=a).rev().collect()
            };
            assert_eq!(path, want);
        }
    }
}

#[test]
fn an_edited_graph_is_refused() {
    let g = StaticGraph::from_edges(2, [(0, 1, 3u32)]).unwrap();
    let ch = ContractionHierarchy::new(&g).unwrap();
    let other = StaticGraph::from_edges(2, [(0, 1, 5u32)]).unwrap();
    let mut s = ChSearch::new();
    assert!(matches!(
        s.distance(&ch, &other, 0, 1),
        Err(ContractionError::MapChanged(_))
    ));
    let bigger = StaticGraph::from_edges(3, [(0, 1, 5u32)]).unwrap();
    assert!(matches!(
        s.distance(&ch, &bigger, 0, 1),
        Err(ContractionError::WrongGraph { .. })
    ));
    assert_eq!(s.distance(&ch, &g, 0, 1), Ok(Some(3)));
}

/// Long chains and a grid: shortcuts of more edges than are kept
/// unpacked, so paths walk shortcut halves and read unpacked runs both.
#[test]
fn long_shortcuts_unpack_to_optimal_paths() {
    let n = 700u32;
    let mut edges: Vec<(u32, u32, u32)> = (0..n).map(|i| (i, (i + 1) % n, 1 + i * 7 % 5)).collect();
    // A 20 x 20 grid hangs off node 0.
    let at = |x: u32, y: u32| n + y * 20 + x;
    for y in 0..20 {
        for x in 0..20 {
            if x + 1 < 20 {
                edges.push((at(x, y), at(x + 1, y), 1 + (x * y) % 3));
            }
            if y + 1 < 20 {
                edges.push((at(x, y), at(x, y + 1), 2));
            }
        }
    }
    edges.push((0, at(0, 0), 1));
    let g = StaticGraph::from_undirected_edges((n + 400) as usize, edges).unwrap();
    let ch = ContractionHierarchy::new(&g).unwrap();
    let mut s = ChSearch::new();
    let mut path = Vec::new();
    for (a, b) in [
        (0, 350),
        (5, 690),
        (300, at(19, 19)),
        (at(3, 17), 444),
        (123, 124),
    ] {
        let want = crate::astar(&g, a, b, |_| 0).found().map(|p| p.cost);
        let got = s.find_path(&ch, &g, a, b, &mut path).unwrap();
        assert_eq!(got, want, "{a} -> {b}");
        let mut cost = 0;
        for w in path.windows(2) {
            cost += g
                .edges(w[0])
                .filter(|e| e.0 == w[1])
                .map(|e| e.1)
                .min()
                .expect("an edge");
        }
        assert_eq!((path[0], path[path.len() - 1], Some(cost)), (a, b, got));
    }
    let up = &ch.upward().0;
    assert!(!up.flat.is_empty(), "some shortcuts are kept unpacked");
    let walked = up
        .details
        .iter()
        .flat_map(|d| d.halves)
        .filter(|h| h[0] != upward::ORIGINAL && h[0] & upward::FLAT == 0);
    assert!(
        walked.count() > 0,
        "some shortcuts are too long to keep unpacked"
    );
}

/// Preparation spread over threads gives the hierarchy one thread gives
/// (big enough that the rounds do split over threads).
#[cfg(feature = "rayon")]
#[test]
fn threads_prepare_the_same_hierarchy() {
    // A 60 x 60 street grid, one-way in places, costs varying.
    let at = |x: u32, y: u32| y * 60 + x;
    let mut edges = Vec::new();
    for y in 0..60 {
        for x in 0..60 {
            let c = 1 + (x * 7 + y * 13) % 9;
            if x + 1 < 60 {
                edges.push((at(x, y), at(x + 1, y), c));
                if y % 5 != 0 {
                    edges.push((at(x + 1, y), at(x, y), c));
                }
            }
            if y + 1 < 60 {
                edges.push((at(x, y), at(x, y + 1), c + 1));
                edges.push((at(x, y + 1), at(x, y), c + 1));
            }
        }
    }
    let g = StaticGraph::from_edges(3600, edges).unwrap();
    let pool = |k| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(k)
            .build()
            .unwrap()
    };
    let one = pool(1).install(|| ContractionHierarchy::new(&g).unwrap());
    let four = pool(4).install(|| ContractionHierarchy::new(&g).unwrap());
    assert_eq!(one, four);
    let mut s = ChSearch::new();
    for (a, b) in [(0, 1500), (3599, 3), (17, 18), (61, 3000)] {
        let want = crate::astar(&g, a, b, |_| 0).found().map(|p| p.cost);
        assert_eq!(s.distance(&four, &g, a, b).unwrap(), want);
    }
}

#[test]
fn a_blocked_start_or_goal_is_an_error() {
    use crate::{Cell, Connectivity, Grid, GridCosts};
    let mut grid = Grid::new(6, 6, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    grid.set_passable(Cell::new(3, 3), false).unwrap();
    let ch = ContractionHierarchy::new(&grid).unwrap();
    let mut s = ChSearch::new();
    let blocked = Err(ContractionError::BlockedNode);
    assert_eq!(
        s.distance(&ch, &grid, Cell::new(3, 3), Cell::new(0, 0)),
        blocked
    );
    assert_eq!(
        s.distance(&ch, &grid, Cell::new(0, 0), Cell::new(3, 3)),
        blocked
    );
    let t = s.table(&ch, &grid, &[Cell::new(0, 0)], &[Cell::new(3, 3)]);
    assert_eq!(t.err(), blocked.err());
    assert_eq!(
        s.distance(&ch, &grid, Cell::new(9, 0), Cell::new(0, 0)),
        Err(ContractionError::UnknownNode)
    );
    let (a, b) = (Cell::new(0, 0), Cell::new(5, 5));
    let want = crate::astar(&grid, a, b, |_| 0).found().map(|p| p.cost);
    assert!(want > Some(15), "round the blocked cell");
    assert_eq!(s.distance(&ch, &grid, a, b), Ok(want));
}
