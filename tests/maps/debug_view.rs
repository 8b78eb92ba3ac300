//! `debug_view` on den520d: a search over a `Recorder` is the search over
//! the graph it wraps (the same result and counters), its log has exactly
//! `Stats::expanded` entries, for every method the pictures show (plain
//! A*, the three jump point graphs, weighted A* with and without
//! reopening, ALT landmarks, Theta*, fringe search, a search spread over
//! frames); the store's open and closed sets add up to the nodes stored;
//! and a picture of each shades as many cells as were expanded and draws
//! every point of the path.

use crate::common;
use pathseek::debug_view::{GridPicture, Recorder, SearchSets};
use pathseek::fringe::Fringe;
use pathseek::grid::AnyAngle;
use pathseek::io::movingai::Scenario;
use pathseek::jump_points::{corner_path, JumpPoints};
use pathseek::landmarks::{Landmarks, Selection};
use pathseek::open_set::DaryHeap;
use pathseek::query::Weight;
use pathseek::store::IndexedStore;
use pathseek::{
    AStar, Cell, Connectivity, Cost, DenseIds, Graph, Grid, GridCosts, Heuristic, Length, Query,
    Status,
};

/// Every 80th reachable scenario of den520d.
fn scenarios() -> (Grid<Length>, Vec<Scenario>) {
    let (map, all) = common::load_movingai("den520d");
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let picked = all
        .into_iter()
        .filter(|s| !s.expects_no_path())
        .step_by(80)
        .collect();
    (grid, picked)
}

/// Searches `query` on `graph` bare and through a recorder; checks they
/// agree, the log, the sets, and a picture of it. Returns the expansions.
fn check<G, C, H>(grid: &Grid<Length>, graph: &G, query: Query<Cell, C, H>, jumps: bool) -> u64
where
    G: Graph<Node = Cell, Cost = C> + DenseIds,
    C: Cost,
    H: Heuristic<Cell, C> + Clone,
{
    let mut bare = AStar::new(DaryHeap::<C, 4>::new(), IndexedStore::new());
    let want = bare.search(graph, query.clone());
    let recorder = Recorder::new(graph);
    let mut engine = AStar::new(DaryHeap::<C, 4>::new(), IndexedStore::new());
    let got = engine.search(&recorder, query);
    assert_eq!(got, want);
    let log = recorder.expansions();
    assert_eq!(log.len() as u64, got.stats.expanded);
    let sets = SearchSets::read(&recorder, engine.store());
    assert!(sets.complete);
    assert_eq!(sets.open.len() + sets.closed.len(), got.stats.stored);

    let path = got.found().expect("a reachable scenario");
    let points = if jumps {
        corner_path(&path.nodes)
    } else {
        path.nodes.clone()
    };
    let mut picture = GridPicture::new(grid);
    picture
        .expanded(log.iter().map(|e| e.node))
        .open(sets.open.iter().copied())
        .path(points.iter().copied());
    let drawn = picture.drawn();
    assert_eq!(drawn.expansions as u64, got.stats.expanded);
    let mut distinct: Vec<Cell> = log.iter().map(|e| e.node).collect();
    distinct.sort_unstable_by_key(|c| (c.y, c.x));
    distinct.dedup();
    assert_eq!(drawn.expanded_cells, distinct.len());
    assert_eq!(drawn.open_cells, sets.open.len());
    assert_eq!((drawn.path_points, drawn.skipped), (points.len(), 0));
    let svg = picture.to_svg();
    let listed: Vec<String> = points
        .iter()
        .map(|c| format!("{}.5,{}.5", c.x, c.y))
        .collect();
    assert!(svg.contains(&format!("points=\"{}\"", listed.join(" "))));
    got.stats.expanded
}

#[test]
fn every_method_is_logged_as_it_runs() {
    let (grid, scenarios) = scenarios();
    let float = {
        let (map, _) = common::load_movingai("den520d");
        map.to_grid(Connectivity::Eight, GridCosts::float_octile())
    };
    let online = JumpPoints::new(&grid).unwrap();
    #[cfg(feature = "deep-tests")]
    let block = pathseek::jump_points::BlockJumpPoints::new(&grid).unwrap();
    #[cfg(feature = "deep-tests")]
    let tables = pathseek::jump_points::PrecomputedJumps::new(&grid).unwrap();
    let any_angle = AnyAngle::new(&float).unwrap();
    let landmarks = Landmarks::new(&grid, 8, Selection::Avoid).unwrap();
    let w = Weight::new(2.0).unwrap();
    let mut totals = [0u64; 7];
    assert!(scenarios.len() >= 10);
    for s in &scenarios {
        let (start, goal) = (s.start, s.goal);
        let octile = || Query::new(start, goal, grid.heuristic(goal));
        let plain = check(&grid, &grid, octile(), false);
        totals[0] += plain;
        totals[1] += check(&grid, &online, octile(), true);
        // The other two jump point graphs in the deep tier: each adds two
        // compiled searches of a jump point graph (bare and recorded), the
        // costliest code of the test build; the recorder is the same.
        #[cfg(feature = "deep-tests")]
        {
            totals[2] += check(&grid, &block, octile(), true);
            totals[3] += check(&grid, &tables.on(&grid).unwrap(), octile(), true);
        }
        totals[4] += check(&grid, &grid, octile().weighted(w), false);
        check(
            &grid,
            &grid,
            octile().weighted(w).without_reopening(),
            false,
        );
        let alt = landmarks.heuristic(&grid, goal).unwrap();
        totals[5] += check(&grid, &grid, Query::new(start, goal, alt), false);
        // Theta*: its points are far apart, drawn through their centres.
        totals[6] += check(
            &grid,
            &any_angle,
            Query::new(start, goal, any_angle.heuristic(goal)),
            false,
        );
        // Fringe search calls `expand` once per expansion too.
        let recorder = Recorder::new(&grid);
        let r = Fringe::new(IndexedStore::new()).search(&recorder, octile());
        assert_eq!(recorder.len() as u64, r.stats.expanded);
        assert!(r.found().is_some());
        assert!(plain > 0);
    }
    // The faster methods expand fewer nodes over the set (the point of the
    // pictures); jump points far fewer.
    assert!(
        totals[1] * 5 < totals[0] && (totals[2] * 5 < totals[0] || !cfg!(feature = "deep-tests")),
        "{totals:?}"
    );
    assert!(totals[5] < totals[0], "{totals:?}");
}

#[test]
fn frames_split_the_log_as_the_budgets_do() {
    let (grid, scenarios) = scenarios();
    for s in scenarios.iter().take(6) {
        let query = Query::new(s.start, s.goal, grid.heuristic(s.goal));
        let whole = pathseek::search(&grid, query.clone());
        let recorder = Recorder::new(&grid);
        let mut engine = AStar::new(DaryHeap::<Length, 4>::new(), IndexedStore::new());
        engine.start(&recorder, query);
        let budget = 250;
        let mut frames = 1;
        while engine.advance(&recorder, budget) == Status::InProgress {
            // Between frames the store holds the search so far.
            let sets = SearchSets::read(&recorder, engine.store());
            assert_eq!(sets.closed.len(), recorder.len());
            recorder.next_frame();
            frames += 1;
        }
        let r = engine.finish(&recorder);
        assert_eq!(r, whole);
        let log = recorder.expansions();
        assert_eq!(log.len() as u64, whole.stats.expanded);
        assert_eq!(recorder.frame() + 1, frames);
        for (i, e) in log.iter().enumerate() {
            assert_eq!(e.frame as usize, i / budget as usize);
        }
        let mut picture = GridPicture::new(&grid);
        picture.expanded_frames(log.iter().map(|e| (e.node, e.frame)), frames);
        assert_eq!(picture.drawn().expanded_cells as u64, whole.stats.expanded);
        let svg = picture.to_svg();
        assert!(svg.contains(&format!(">frame {}</text>", frames - 1)));
    }
}
