//! Hex grids (`pathseek::hex`) against a model written without its
//! coordinate code (`common::hex_model`: neighbours are hexagons whose
//! drawn centres touch) and the reference Dijkstra of `common`: costs,
//! paths, reachability and the heuristic on random maps with terrain, for
//! `u32` and `f64`; every open set and node store; the query options, a
//! search over frames through edits, and the errors.

use crate::common::hex_model::{HexCost, HexModel};
use crate::common::{self, Lcg, PairCheck};
use pathseek::components::Reachability;
use pathseek::hex::{Hex, HexComponents, HexError, HexGrid};
use pathseek::open_set::{BinaryHeap, DaryHeap};
use pathseek::store::{HashStore, IndexedStore};
use pathseek::FollowMap;
use pathseek::{AStar, ClosedSet, DenseIds, Graph, Limit, OpenSet, Query, SearchError, Status};
use proptest::prelude::*;

/// A random map: width, height, blocked eighths, terrain, seed.
fn map_case() -> impl Strategy<Value = (usize, usize, u64, bool, u64)> {
    (
        1usize..=11,
        1usize..=11,
        0u64..=3,
        any::<bool>(),
        any::<u64>(),
    )
}

/// Checks `nodes` (a path the library found from `start`) against the
/// model: it starts at `start`, every step goes to a touching open cell,
/// and its moves add up to `cost`. Returns the last cell.
fn check_path<C: HexCost>(model: &HexModel<C>, nodes: &[Hex], start: usize, cost: C) -> usize {
    let cells: Vec<usize> = nodes
        .iter()
        .map(|&h| model.cell(h).expect("path hexagons are on the map"))
        .collect();
    assert_eq!(cells.first(), Some(&start), "the path begins at the start");
    let mut sum = C::zero();
    for pair in cells.windows(2) {
        assert!(model.touch(pair[0], pair[1]), "{pair:?} are neighbours");
        assert!(model.open[pair[1]], "cell {} is passable", pair[1]);
        sum = sum + model.step * model.weight[pair[1]];
    }
    assert!(model.open[cells[0]]);
    assert_eq!(sum, cost, "the moves add up to the cost");
    *cells.last().expect("a path has a cell")
}

/// One random map, checked whole: ids, moves, A* against Dijkstra from
/// several starts, the heuristic against the true distances, and the
/// component labels against Dijkstra's reachability.
fn check_map<C: HexCost>(model: &HexModel<C>, seed: u64) {
    let grid = model.grid();
    let n = model.w * model.h;
    let adj = model.adjacency();
    // Ids and moves agree with the model.
    assert_eq!(grid.node_count(), n);
    for (i, want) in adj.iter().enumerate() {
        let hex = model.hex(i);
        assert_eq!(grid.node_index(hex), Some(i));
        assert_eq!(grid.node_at(i), Some(hex));
        assert_eq!(grid.contains(hex), model.open[i]);
        let mut moves = Vec::new();
        grid.successors(hex, |to, c| moves.push((model.cell(to).unwrap(), c)));
        moves.sort_by_key(|m| m.0);
        assert_eq!(&moves, want, "moves of cell {i}");
    }
    let parts = HexComponents::new(&grid).unwrap();
    let rev = common::reversed(&adj);
    let mut rng = Lcg(seed);
    for _ in 0..4 {
        let (s, g) = (rng.next(n as u64) as usize, rng.next(n as u64) as usize);
        let (start, goal) = (model.hex(s), model.hex(g));
        let dist = common::dijkstra(&adj, s);
        let result = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
        if !model.open[s] {
            assert_eq!(
                result.error(),
                Some(&SearchError::StartBlocked { node: start })
            );
            continue;
        }
        if !model.open[g] {
            assert_eq!(
                result.error(),
                Some(&SearchError::GoalBlocked { node: goal })
            );
            continue;
        }
        match (result.found(), dist[g]) {
            (Some(path), Some(d)) => {
                assert_eq!(path.cost, d, "A* and Dijkstra agree from {s} to {g}");
                assert_eq!(check_path(model, &path.nodes, s, path.cost), g);
            }
            (None, None) => assert!(result.error().is_none()),
            (found, d) => panic!("{s} -> {g}: A* {:?}, Dijkstra {d:?}", found.map(|p| p.cost)),
        }
        // Reachability: the labels say what Dijkstra reached, for every cell.
        for (t, d) in dist.iter().enumerate() {
            let connected = parts.connected(&grid, start, model.hex(t)).unwrap();
            assert_eq!(connected, d.is_some() && model.open[t], "{s} ~ {t}");
            assert_eq!(
                parts.reach(&grid).unwrap().connected(start, model.hex(t)),
                connected
            );
        }
        // The heuristic: never above the true distance, and consistent.
        let to_goal = common::dijkstra(&rev, g);
        let h = grid.heuristic(goal);
        for u in (0..n).filter(|&u| model.open[u]) {
            if let Some(d) = to_goal[u] {
                assert!(
                    h(model.hex(u)) <= d,
                    "h({u}) above the distance {d:?} to {g}"
                );
            }
            for &(v, c) in &adj[u] {
                assert!(
                    h(model.hex(u)) <= c + h(model.hex(v)),
                    "h inconsistent on {u} -> {v}"
                );
            }
        }
    }
}

#[test]
fn hex_searches_equal_dijkstra_u32() {
    common::run_property(
        "hex_searches_equal_dijkstra_u32",
        regressions_file!("hex"),
        map_case(),
        |(w, h, blocked, terrain, seed)| {
            check_map(&HexModel::<u32>::random(w, h, blocked, terrain, seed), seed)
        },
    );
}

#[test]
#[cfg(feature = "deep-tests")]
fn hex_searches_equal_dijkstra_f64() {
    common::run_property(
        "hex_searches_equal_dijkstra_f64",
        regressions_file!("hex"),
        map_case(),
        |(w, h, blocked, terrain, seed)| {
            check_map(&HexModel::<f64>::random(w, h, blocked, terrain, seed), seed)
        },
    );
}

/// A map and one query on it, checked with any open set and node store.
struct EngineCase<C: HexCost> {
    model: HexModel<C>,
    grid: HexGrid<C>,
    start: Hex,
    goal: Hex,
    want: Option<C>,
}

impl<C: HexCost> PairCheck for EngineCase<C> {
    type G = HexGrid<C>;
    fn max_edge(&self) -> C {
        let heaviest = C::WEIGHTS
            .iter()
            .fold(C::one(), |a, &b| if b > a { b } else { a });
        self.model.step * heaviest
    }
    fn check<O, S>(&self, label: &str, make_open: &dyn Fn() -> O, make_store: &dyn Fn() -> S)
    where
        O: OpenSet<C>,
        S: ClosedSet<HexGrid<C>>,
    {
        let mut engine = AStar::new(make_open(), make_store());
        let query = Query::new(self.start, self.goal, self.grid.heuristic(self.goal));
        let result = engine.search(&self.grid, query);
        assert_eq!(result.found().map(|p| p.cost), self.want, "{label}");
        if let Some(path) = result.found() {
            let s = self.model.cell(self.start).unwrap();
            check_path(&self.model, &path.nodes, s, path.cost);
        }
    }
}

fn engine_case<C: HexCost>((w, h, blocked, terrain, seed): (usize, usize, u64, bool, u64)) {
    let mut model = HexModel::<C>::random(w, h, blocked, terrain, seed);
    let n = model.w * model.h;
    let (s, g) = (seed as usize % n, (seed >> 32) as usize % n);
    model.open[s] = true;
    model.open[g] = true;
    let want = common::dijkstra(&model.adjacency(), s)[g];
    let grid = model.grid();
    let (start, goal) = (model.hex(s), model.hex(g));
    common::check_every_pair(&EngineCase {
        model,
        grid,
        start,
        goal,
        want,
    });
}

#[test]
fn hex_searches_agree_on_every_open_set_and_store() {
    common::run_property_with(
        "hex_searches_agree_on_every_open_set_and_store",
        regressions_file!("hex"),
        24,
        map_case(),
        |case| {
            engine_case::<u32>(case);
            engine_case::<f64>(case);
        },
    );
}

/// A 12 x 9 map with a wall down offset column 6, open in the bottom row.
fn walled() -> HexGrid<u32> {
    HexGrid::from_fn(12, 9, 1u32, |h| {
        let (col, row) = h.to_offset().unwrap();
        col != 6 || row == 8
    })
    .unwrap()
}

fn at(col: u32, row: u32) -> Hex {
    Hex::from_offset(col, row).unwrap()
}

#[test]
fn hex_queries_take_the_options_of_square_grids() {
    let grid = walled();
    let (start, goal) = (at(0, 0), at(11, 0));
    let full = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    let best = full.found().unwrap().cost;
    assert!(best > start.distance(goal) as u32, "the wall is in the way");

    // A budget of expansions: a partial path from the start, along moves.
    let limited = pathseek::search(
        &grid,
        Query::new(start, goal, grid.heuristic(goal)).max_expansions(10),
    );
    let (partial, limit) = limited.partial().expect("stopped by the budget");
    assert_eq!(limit, Limit::Expansions);
    assert_eq!(limited.stats.expanded, 10);
    assert_eq!(partial.nodes.first(), Some(&start));
    assert_eq!(
        pathseek::graph::path_cost(&grid, &partial.nodes),
        Some(partial.cost)
    );

    // A cost bound below the best path: no path within it.
    let bounded = pathseek::search(
        &grid,
        Query::new(start, goal, grid.heuristic(goal)).max_cost(best - 1),
    );
    assert_eq!(bounded.partial().map(|p| p.1), Some(Limit::Cost));

    // A second start beyond the wall, joining 2 late, wins.
    let other = at(8, 0);
    let two = pathseek::search(
        &grid,
        Query::new(start, goal, grid.heuristic(goal)).with_start(other, 2),
    );
    assert_eq!(two.found().unwrap().cost, 2 + other.distance(goal) as u32);
    assert_eq!(two.found().unwrap().nodes.first(), Some(&other));

    // A goal test instead of a goal: the first hexagon of the last row.
    let until = pathseek::search(&grid, Query::until(start, |h: Hex| h.r == 8, |_| 0u32));
    assert_eq!(until.found().unwrap().cost, 8);
}

#[test]
fn a_hex_search_over_frames_follows_edits() {
    let mut grid = walled();
    let (start, goal) = (at(0, 4), at(11, 4));
    let query =
        |g: &HexGrid<u32>| Query::new(start, goal, pathseek::hex::HexHeuristic::new(g, goal));
    let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    engine.start(&grid, query(&grid));
    assert_eq!(engine.advance(&grid, 5), Status::InProgress);
    // A door in the wall, right on the way: the search must see it.
    grid.set_passable(at(6, 4), true).unwrap();
    let status = loop {
        match engine.advance(&grid, 5) {
            Status::InProgress => continue,
            s => break s,
        }
    };
    let fresh = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    assert_eq!(
        status,
        Status::Found {
            cost: fresh.found().unwrap().cost
        }
    );
    assert_eq!(fresh.found().unwrap().cost, start.distance(goal) as u32);
    assert!(
        engine.stats().restarts >= 1,
        "the edit touched what it had seen"
    );

    // Blocking the goal mid-search is the usual error.
    let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    engine.start(&grid, query(&grid));
    assert_eq!(engine.advance(&grid, 3), Status::InProgress);
    grid.set_passable(goal, false).unwrap();
    let status = engine.advance(&grid, 1_000);
    assert_eq!(
        status,
        Status::Error(SearchError::GoalBlocked { node: goal })
    );
}

#[test]
fn hex_changed_since_names_the_edited_hexagon_and_its_neighbours() {
    let mut grid = HexGrid::new(5, 5, 1u32).unwrap();
    let v = Graph::version(&grid);
    grid.set_terrain(at(2, 2), 4).unwrap();
    assert_ne!(Graph::version(&grid), v);
    let mut touched = Vec::new();
    assert!(grid.changed_since(v, &mut |h| touched.push(h)));
    touched.sort();
    let mut want: Vec<Hex> = std::iter::once(at(2, 2))
        .chain(at(2, 2).neighbours())
        .collect();
    want.sort();
    assert_eq!(touched, want);
    // A corner has three neighbours on the map.
    let v = Graph::version(&grid);
    grid.set_passable(at(0, 0), false).unwrap();
    let mut touched = 0;
    assert!(grid.changed_since(v, &mut |_| touched += 1));
    assert_eq!(touched, 3);
    // Not this map's version: cannot tell.
    let other = HexGrid::new(5, 5, 1u32).unwrap();
    assert!(!grid.changed_since(Graph::version(&other), &mut |_| {}));
}

#[test]
fn hex_components_refuse_a_changed_map_until_updated() {
    let mut grid = walled();
    let mut parts = HexComponents::new(&grid).unwrap();
    let (a, b) = (at(0, 0), at(11, 0));
    assert_eq!(parts.connected(&grid, a, b), Ok(true));
    grid.set_passable(at(6, 8), false).unwrap(); // close the gap
    assert!(parts.connected(&grid, a, b).is_err());
    assert!(parts.reach(&grid).is_err());
    assert!(parts.component(&grid, a).is_err());
    assert_eq!(parts.sync(&grid), Ok(true));
    assert_eq!(parts.connected(&grid, a, b), Ok(false));
    assert_eq!(parts.count(), 2);
    // Terrain never changes who reaches whom: kept without labelling again.
    grid.set_terrain(a, 9).unwrap();
    assert_eq!(parts.sync(&grid), Ok(false));
    assert_eq!(parts.connected(&grid, a, b), Ok(false));
    // Past the edit log: labelled again.
    grid.set_edit_log_capacity(0);
    grid.set_terrain(a, 2).unwrap();
    assert_eq!(parts.sync(&grid), Ok(true));
    // Within the labels, an unreachable goal costs no expansion.
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let r = engine.search_within(
        &grid,
        &parts.reach(&grid).unwrap(),
        Query::new(a, b, grid.heuristic(b)),
    );
    assert!(r.found().is_none() && r.error().is_none());
    assert_eq!(r.stats.expanded, 0);
}

#[test]
fn hex_landmarks_and_fringe_search_run_on_hex_grids() {
    let grid = walled();
    let (start, goal) = (at(0, 0), at(11, 0));
    let want = pathseek::astar(&grid, start, goal, grid.heuristic(goal))
        .found()
        .unwrap()
        .cost;
    let landmarks = pathseek::landmarks::Landmarks::from_nodes(&grid, &[at(11, 8)]).unwrap();
    let alt = landmarks.heuristic(&grid, goal).unwrap();
    assert_eq!(
        pathseek::search(&grid, Query::new(start, goal, alt))
            .found()
            .unwrap()
            .cost,
        want
    );
    let fringe = pathseek::fringe::search(&grid, Query::new(start, goal, grid.heuristic(goal)));
    assert_eq!(fringe.found().unwrap().cost, want);
}

#[test]
fn bad_hex_input_is_an_error_value() {
    assert_eq!(
        HexGrid::new(0, 4, 1u32).unwrap_err(),
        HexError::InvalidSize {
            width: 0,
            height: 4
        }
    );
    assert!(HexGrid::new(1 << 31, 1, 1u32).is_err());
    assert!(HexGrid::new(70_000, 70_000, 1u32).is_err());
    assert_eq!(
        HexGrid::new(2, 2, f64::NAN).unwrap_err(),
        HexError::InvalidStep
    );
    assert_eq!(
        HexGrid::new(2, 2, f64::INFINITY).unwrap_err(),
        HexError::InvalidStep
    );
    let mut grid = HexGrid::new(3, 3, 2.0).unwrap();
    let v = grid.version();
    let hex = Hex::new(1, 1);
    assert_eq!(
        grid.set_terrain(hex, -1.0),
        Err(HexError::InvalidTerrain { hex })
    );
    assert_eq!(
        grid.set_terrain(hex, f64::NAN),
        Err(HexError::InvalidTerrain { hex })
    );
    assert_eq!(
        grid.set_terrain(hex, f64::MAX),
        Err(HexError::TerrainOverflow { hex })
    );
    let off = Hex::new(-1, 0);
    assert!(matches!(
        grid.set_terrain(off, 1.0),
        Err(HexError::OutOfBounds { .. })
    ));
    assert!(matches!(
        grid.set_passable(Hex::new(i32::MAX, i32::MAX), false),
        Err(HexError::OutOfBounds { .. })
    ));
    assert_eq!(grid.version(), v, "refused edits change nothing");
    // Searches from or to hexagons off the map or blocked: errors, not panics.
    let far = Hex::new(i32::MIN, i32::MAX);
    assert_eq!(
        pathseek::astar(&grid, far, hex, |_| 0.0).error(),
        Some(&SearchError::StartBlocked { node: far })
    );
    assert_eq!(
        pathseek::astar(&grid, hex, far, |_| 0.0).error(),
        Some(&SearchError::GoalBlocked { node: far })
    );
    assert_eq!(grid.node_index(far), None);
    assert_eq!(grid.node_at(9), None);
}
