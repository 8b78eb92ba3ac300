use super::*;
use crate::graph::{DenseIds, Graph};

const MAPS: &[&[&str]] = &[
    &["......", "......", "......", "......"],
    &[
        "..@.....", ".@@..@@.", "....@...", "@@..@.@.", "......@.", ".@@@....",
    ],
    &[".@....", ".@.@@.", ".@..@.", "...@..", "@.@@.@", "......"],
    &["..@", "@..", "..@", ".@."],
];

fn grid<C: Cost>(rows: &[&str], conn: Connectivity, costs: GridCosts<C>) -> Grid<C> {
    Grid::from_fn(rows[0].len() as u32, rows.len() as u32, conn, costs, |c| {
        rows[c.y as usize].as_bytes()[c.x as usize] == b'.'
    })
    .unwrap()
}

fn cells<C: Cost>(g: &Grid<C>) -> Vec<Cell> {
    (0..g.node_count()).map(|i| g.node_at(i).unwrap()).collect()
}

/// True cost from every cell to `goal` (Dijkstra on reversed edges, O(V²)).
fn distances_to<C: Cost>(g: &Grid<C>, goal: Cell) -> Vec<Option<C>> {
    let n = g.node_count();
    let mut reverse: Vec<Vec<(usize, C)>> = vec![Vec::new(); n];
    for a in cells(g) {
        let ia = g.node_index(a).unwrap();
        g.successors(a, |b, c| reverse[g.node_index(b).unwrap()].push((ia, c)));
    }
    let mut dist: Vec<Option<C>> = vec![None; n];
    let mut done = vec![false; n];
    if !g.is_passable(goal) {
        return dist;
    }
    dist[g.node_index(goal).unwrap()] = Some(C::zero());
    loop {
        let mut best: Option<usize> = None;
        for i in 0..n {
            if let (false, Some(d)) = (done[i], dist[i])
                && best.is_none_or(|b| d < dist[b].unwrap())
            {
                best = Some(i);
            }
        }
        let Some(u) = best else { break };
        done[u] = true;
        let du = dist[u].unwrap();
        for &(v, c) in &reverse[u] {
            let nd = du + c;
            if dist[v].is_none_or(|old| nd < old) {
                dist[v] = Some(nd);
            }
        }
    }
    dist
}

/// Checks admissibility against true distances and consistency on every edge.
fn check<C: Cost, H: Fn(Cell) -> C>(g: &Grid<C>, goal: Cell, h: H, slack: f64, name: &str) {
    let dist = distances_to(g, goal);
    assert_eq!(h(goal).as_f64(), 0.0, "{name}: h(goal) != 0");
    for a in cells(g) {
        let ha = h(a);
        assert!(ha.is_valid(), "{name}: invalid h at {a:?}");
        if let Some(d) = dist[g.node_index(a).unwrap()] {
            assert!(
                ha.as_f64() <= d.as_f64() + slack,
                "{name}: h({a:?}) = {ha:?} > true {d:?} (goal {goal:?})"
            );
        }
        g.successors(a, |b, c| {
            assert!(
                ha.as_f64() <= c.as_f64() + h(b).as_f64() + slack,
                "{name}: inconsistent on {a:?} -> {b:?} (cost {c:?})"
            );
        });
    }
}

fn goals<C: Cost>(g: &Grid<C>) -> Vec<Cell> {
    cells(g).into_iter().filter(|&c| g.is_passable(c)).collect()
}

fn check_all<C: Cost>(costs: GridCosts<C>, slack: f64, eight: &[&str], four: &[&str]) {
    for rows in MAPS {
        let g8 = grid(rows, Connectivity::Eight, costs);
        for goal in goals(&g8) {
            for name in eight {
                match *name {
                    "manhattan" => check(&g8, goal, manhattan(goal, costs), slack, name),
                    "octile" => check(&g8, goal, octile(goal, costs), slack, name),
                    "chebyshev" => check(&g8, goal, chebyshev(goal, costs), slack, name),
                    "euclidean" => check(&g8, goal, euclidean(goal, costs), slack, name),
                    _ => unreachable!(),
                }
            }
            check(&g8, goal, g8.heuristic(goal), slack, "grid 8");
        }
        let g4 = grid(rows, Connectivity::Four, costs);
        for goal in goals(&g4) {
            for name in four {
                match *name {
                    "manhattan" => check(&g4, goal, manhattan(goal, costs), slack, name),
                    "octile" => check(&g4, goal, octile(goal, costs), slack, name),
                    "chebyshev" => check(&g4, goal, chebyshev(goal, costs), slack, name),
                    "euclidean" => check(&g4, goal, euclidean(goal, costs), slack, name),
                    _ => unreachable!(),
                }
            }
            check(&g4, goal, g4.heuristic(goal), slack, "grid 4");
        }
    }
}

const ALL: &[&str] = &["manhattan", "octile", "chebyshev", "euclidean"];

#[test]
fn exact_octile_u32() {
    check_all(
        GridCosts::<u32>::exact_octile(),
        0.0,
        &["octile", "chebyshev", "euclidean"],
        ALL,
    );
}

#[test]
fn exact_octile_u64() {
    check_all(
        GridCosts::<u64>::exact_octile(),
        0.0,
        &["octile", "chebyshev", "euclidean"],
        ALL,
    );
}

#[test]
fn float_octile() {
    check_all(
        GridCosts::float_octile(),
        1e-9,
        &["octile", "chebyshev", "euclidean"],
        ALL,
    );
    check_all(
        GridCosts::new(1.0f32, core::f32::consts::SQRT_2),
        1e-4,
        &["octile", "chebyshev", "euclidean"],
        ALL,
    );
}

#[test]
fn approximate_integer_costs() {
    // 14 < 10·√2: euclidean is not admissible for 8-connected moves.
    check_all(
        GridCosts::new(10u32, 14),
        0.0,
        &["octile", "chebyshev"],
        ALL,
    );
    check_all(
        GridCosts::new(1u32, 1),
        0.0,
        &["octile", "chebyshev"],
        &["manhattan", "chebyshev", "euclidean"],
    );
}

#[test]
fn unusual_costs_use_a_safe_heuristic() {
    // Diagonal dearer than two straight steps: manhattan is exact.
    check_all(
        GridCosts::new(2u32, 5),
        0.0,
        &["manhattan", "chebyshev", "euclidean"],
        &["manhattan", "chebyshev", "euclidean"],
    );
    // Diagonal cheaper than straight: octile would overestimate (zig-zags).
    check_all(GridCosts::new(5u32, 3), 0.0, &["chebyshev"], ALL);
    let g = Grid::new(5, 1, Connectivity::Eight, GridCosts::new(5u32, 3)).unwrap();
    let o = octile(Cell::new(0, 0), g.costs());
    assert_eq!(o(Cell::new(4, 0)), 20); // but 4 straight steps is the only path here
    let g = Grid::new(5, 3, Connectivity::Eight, GridCosts::new(5u32, 3)).unwrap();
    let d = distances_to(&g, Cell::new(0, 1));
    assert_eq!(d[g.node_index(Cell::new(4, 1)).unwrap()], Some(12)); // 4 diagonals < octile 20
    assert!(g.heuristic(Cell::new(0, 1))(Cell::new(4, 1)) <= 12);
}

#[test]
fn terrain_scaling_keeps_admissibility() {
    for rows in MAPS {
        for conn in [Connectivity::Four, Connectivity::Eight] {
            let mut g = grid(rows, conn, GridCosts::float_octile());
            let mut gi = grid(rows, conn, GridCosts::<u32>::exact_octile());
            for (k, c) in cells(&g).into_iter().enumerate() {
                let w = [1.0, 0.5, 3.0, 0.25, 2.0][k % 5];
                g.set_terrain(c, w).unwrap();
                gi.set_terrain(c, [1, 2, 3, 5][k % 4]).unwrap();
            }
            for goal in goals(&g) {
                check(&g, goal, g.heuristic(goal), 1e-9, "terrain f64");
                check(&gi, goal, gi.heuristic(goal), 0.0, "terrain u32");
            }
        }
    }
    // All weights 2: the heuristic doubles.
    let mut g = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    for c in cells(&g) {
        g.set_terrain(c, 2).unwrap();
    }
    assert_eq!(
        g.heuristic(Cell::new(0, 0))(Cell::new(3, 1)),
        2 * (2 * 2 + 3)
    );
}

#[test]
fn exact_values() {
    let costs = GridCosts::new(2u32, 3);
    let goal = Cell::new(10, 10);
    let at = Cell::new(7, 5); // dx 3, dy 5
    assert_eq!(manhattan(goal, costs)(at), 16);
    assert_eq!(octile(goal, costs)(at), 2 * 2 + 3 * 3);
    assert_eq!(chebyshev(goal, costs)(at), 10);
    assert_eq!(euclidean(goal, costs)(at), 11); // 2·√34 = 11.66
    assert_eq!(euclidean(goal, costs)(Cell::new(7, 6)), 10); // 2·5
    assert_eq!(euclidean(goal, costs)(Cell::new(10, 3)), 14);
    let ex = GridCosts::<u32>::exact_octile();
    assert_eq!(
        octile(Cell::new(0, 0), ex)(Cell::new(2, 1)),
        470_832 + 665_857
    );
    assert_eq!(euclidean(Cell::new(0, 0), ex)(Cell::new(1, 1)), 665_856);
    assert_eq!(euclidean(Cell::new(0, 0), ex)(Cell::new(4, 3)), 5 * 470_832);
    let f = GridCosts::float_octile();
    assert_eq!(euclidean(Cell::new(0, 0), f)(Cell::new(5, 12)), 13.0);
    assert!((euclidean(Cell::new(0, 0), f)(Cell::new(1, 1)) - 2f64.sqrt()).abs() < 1e-15);
    assert_eq!(chebyshev(Cell::new(0, 0), f)(Cell::new(5, 12)), 12.0);
}

#[test]
fn huge_values_saturate() {
    let far = Cell::new(u32::MAX, u32::MAX);
    let o = Cell::new(0, 0);
    let ex = GridCosts::<u32>::exact_octile();
    assert_eq!(manhattan(o, ex)(far), u32::MAX);
    assert_eq!(octile(o, ex)(far), u32::MAX);
    assert_eq!(chebyshev(o, ex)(far), u32::MAX);
    assert_eq!(euclidean(o, ex)(far), u32::MAX);
    let big = GridCosts::new(200u8, 250);
    assert_eq!(octile(o, big)(Cell::new(1, 0)), 200);
    assert_eq!(octile(o, big)(Cell::new(2, 0)), u8::MAX);
    assert_eq!(euclidean(o, big)(Cell::new(3, 3)), u8::MAX);
    let f = GridCosts::new(f64::MAX, f64::MAX);
    assert_eq!(octile(o, f)(far), f64::MAX);
    assert_eq!(euclidean(o, f)(far), f64::MAX);
    let f32c = GridCosts::new(1e30f32, 1e30);
    assert_eq!(euclidean(o, f32c)(far), f32::MAX);
    let u = GridCosts::<u64>::exact_octile();
    let e = euclidean(o, u)(far);
    let exact = 470_832.0 * (2.0f64).sqrt() * u32::MAX as f64;
    assert!((e as f64) <= exact && (e as f64) > exact * (1.0 - 1e-12));
    let zero = GridCosts::new(0u32, 0);
    assert_eq!(octile(o, zero)(far), 0);
    assert_eq!(euclidean(o, zero)(far), 0);
}
