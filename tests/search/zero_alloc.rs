//! A warm engine searches without touching the heap allocator.
//!
//! A counting global allocator (test-only; the library itself forbids unsafe code)
//! counts allocations made on this thread. After one pass over a MovingAI scenario
//! file has grown every buffer, a second pass through `AStar::search_into` must
//! allocate nothing, for every open set and every node store of the registries,
//! and for jump point search with its path filled in.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell as StdCell;
use std::path::PathBuf;

use pathseek::grid::GridHeuristic;
use pathseek::io::movingai::{self, MovingAiMap, Scenario};
use pathseek::open_set::{
    visit_open_sets, BinaryHeap, DaryHeap, OpenSet, OpenSetVisitor, TwoLevel, OPEN_SET_NAMES,
};
use pathseek::store::{
    visit_closed_sets, ClosedSet, ClosedSetVisitor, HashStore, IndexedStore, CLOSED_SET_NAMES,
};
use pathseek::FollowMap;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};

/// The cost of a search that found its goal (`what` says why it must have).
fn found<C: std::fmt::Debug>(status: Status<Cell, C>, what: &str) -> C {
    match status {
        Status::Found { cost } => cost,
        other => panic!("{what}: {other:?}"),
    }
}

struct Counting;

thread_local! {
    static ALLOCATIONS: StdCell<u64> = const { StdCell::new(0) };
}

fn count() {
    // `try_with` so that allocations during thread teardown are not a problem.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: forwards every call to the system allocator unchanged; it only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

pub(crate) fn allocations() -> u64 {
    ALLOCATIONS.with(|c| c.get())
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Runs every scenario twice; returns the allocations of the second pass.
fn second_pass_allocations<O, S>(
    grid: &Grid<f64>,
    scenarios: &[Scenario],
    mut engine: AStar<O, S, Query<Cell, f64, GridHeuristic<f64>>>,
) -> u64
where
    O: OpenSet<f64>,
    S: ClosedSet<Grid<f64>>,
{
    let mut path: Vec<Cell> = Vec::new();
    let mut costs = Vec::with_capacity(scenarios.len());
    for sc in scenarios {
        let h = GridHeuristic::new(grid, sc.goal);
        let cost = engine.search_into(grid, Query::new(sc.start, sc.goal, h), &mut path);
        costs.push(found(cost, "every den520d scenario has a path"));
    }
    let before = allocations();
    for (sc, &want) in scenarios.iter().zip(&costs) {
        let h = GridHeuristic::new(grid, sc.goal);
        let cost = engine.search_into(grid, Query::new(sc.start, sc.goal, h), &mut path);
        assert_eq!(cost, Status::Found { cost: want });
        assert_eq!(path.last(), Some(&sc.goal));
    }
    allocations() - before
}

/// Runs [`second_pass_allocations`] for the open sets and stores it visits
/// (open sets with the indexed store, stores with the binary heap).
struct SecondPass<'a> {
    grid: &'a Grid<f64>,
    scenarios: &'a [Scenario],
    results: Vec<(String, u64)>,
}

impl OpenSetVisitor<f64> for SecondPass<'_> {
    fn visit<O: OpenSet<f64>>(&mut self, name: &'static str, make: &dyn Fn() -> O) {
        let engine = AStar::new(make(), IndexedStore::new());
        let n = second_pass_allocations(self.grid, self.scenarios, engine);
        self.results.push((format!("{name}+indexed"), n));
    }
}

impl ClosedSetVisitor<Grid<f64>> for SecondPass<'_> {
    fn visit<S: ClosedSet<Grid<f64>>>(&mut self, name: &'static str, make: &dyn Fn() -> S) {
        let engine = AStar::new(BinaryHeap::new(), make());
        let n = second_pass_allocations(self.grid, self.scenarios, engine);
        self.results.push((format!("binary-heap+{name}"), n));
    }
}

#[test]
fn warm_engines_do_not_allocate() {
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    // Every 4th scenario (every 16th in the default tier: the slow open
    // sets take seconds over the rest) still covers every path length.
    let step = if cfg!(feature = "deep-tests") { 4 } else { 16 };
    let scenarios: Vec<Scenario> = scenarios.into_iter().step_by(step).collect();
    let costs = GridCosts::float_octile();
    let grid = map.to_grid(Connectivity::Eight, costs);

    // The counter works: a fresh engine's first searches do allocate.
    let before = allocations();
    let mut fresh = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let _ = fresh.search(
        &grid,
        Query::new(
            scenarios[0].start,
            scenarios[0].goal,
            grid.heuristic(scenarios[0].goal),
        ),
    );
    assert!(allocations() > before, "the counting allocator saw nothing");

    // Every open set of the registry with the indexed store, every store of
    // the registry with the binary heap, and the two-level set with the hash
    // store.
    let mut pass = SecondPass {
        grid: &grid,
        scenarios: &scenarios,
        results: Vec::new(),
    };
    visit_open_sets(&mut pass, costs.diagonal);
    visit_closed_sets(&mut pass);
    pass.results.push((
        "two-level+hash".to_string(),
        second_pass_allocations(
            &grid,
            &scenarios,
            AStar::new(TwoLevel::new(), HashStore::new()),
        ),
    ));
    let results = pass.results;
    assert_eq!(
        results.len(),
        OPEN_SET_NAMES.len() + CLOSED_SET_NAMES.len() + 1
    );
    let allocating: Vec<_> = results.iter().filter(|(_, n)| *n > 0).collect();
    assert!(
        allocating.is_empty(),
        "allocations in the warm pass: {allocating:?}"
    );
}

#[test]
fn warm_jump_point_searches_do_not_allocate() {
    use pathseek::jump_points::{self, JumpPoints};
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let (mut points, mut cells) = (Vec::new(), Vec::new());
    // Two passes; the bookkeeping vectors are made before the count starts.
    let mut passes = [
        Vec::with_capacity(scenarios.len()),
        Vec::with_capacity(scenarios.len()),
    ];
    let mut allocated = 0;
    for (pass, lengths) in passes.iter_mut().enumerate() {
        let before = allocations();
        for sc in &scenarios {
            let jps = JumpPoints::new(&grid).unwrap();
            let h = grid.heuristic(sc.goal);
            let cost = engine.search_into(&jps, Query::new(sc.start, sc.goal, h), &mut points);
            jump_points::fill_path_into(&points, &mut cells);
            lengths.push((found(cost, "a path"), cells.len()));
        }
        if pass == 1 {
            allocated = allocations() - before;
        }
    }
    assert_eq!(passes[0], passes[1]);
    assert_eq!(allocated, 0, "allocations in the warm jump point pass");
}

#[test]
fn warm_sliced_searches_do_not_allocate() {
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    let scenarios: Vec<Scenario> = scenarios.into_iter().step_by(4).collect();
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    // The type a game would keep in a unit's struct.
    type UnitSearch =
        AStar<DaryHeap<u32, 4>, IndexedStore<u32>, Query<Cell, u32, GridHeuristic<u32>>>;
    let mut search: UnitSearch = AStar::new(DaryHeap::new(), IndexedStore::new());
    let mut one_shot = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    let mut path = Vec::new();
    let mut passes = [
        Vec::with_capacity(4 * scenarios.len()),
        Vec::with_capacity(4 * scenarios.len()),
    ];
    let mut allocated = 0;
    for (pass, seen) in passes.iter_mut().enumerate() {
        let before = allocations();
        for sc in &scenarios {
            let h = GridHeuristic::new(&grid, sc.goal);
            // Sliced, with the partial path read after every slice.
            search.start(&grid, Query::new(sc.start, sc.goal, h));
            let status = loop {
                match search.advance(&grid, 64) {
                    Status::InProgress => {
                        let partial = search.path_into(&grid, &mut path);
                        assert_eq!(path.first(), Some(&sc.start));
                        assert!(partial.is_some());
                    }
                    other => break other,
                }
            };
            let Status::Found { cost } = status else {
                panic!("{status:?}")
            };
            assert_eq!(search.path_into(&grid, &mut path), Some(cost));
            seen.push(cost as u64);
            // Limited, sliced: ends with a partial path.
            search.start(&grid, Query::new(sc.start, sc.goal, h).max_expansions(100));
            while search.advance(&grid, 30) == Status::InProgress {}
            seen.push(search.path_into(&grid, &mut path).unwrap() as u64);
            // One-shot through a query, with several starts.
            let q = Query::new(sc.start, sc.goal, h).with_start(sc.goal, 7);
            let status = one_shot.search_into(&grid, q, &mut path);
            assert_eq!(status, Status::Found { cost: 7 });
            seen.push(path.len() as u64);
        }
        if pass == 1 {
            allocated = allocations() - before;
        }
    }
    assert_eq!(passes[0], passes[1]);
    assert_eq!(allocated, 0, "allocations in the warm sliced pass");
}

#[test]
fn warm_distance_fields_flow_fields_and_unit_searches_do_not_allocate() {
    use pathseek::groups::{grid_units_heuristic, DistanceField, FlowField, UnitSearch};
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    let scenarios: Vec<Scenario> = scenarios.into_iter().step_by(97).collect();
    let mut grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    // Terrain: every cell of every fifth row costs three times as much to enter.
    for y in (0..grid.height()).step_by(5) {
        for x in 0..grid.width() {
            grid.set_terrain(Cell::new(x, y), 3).unwrap();
        }
    }
    let mut field = DistanceField::new();
    let mut units = UnitSearch::new();
    field.build_grid(&grid, scenarios[0].goal, None).unwrap();
    let mut flow = FlowField::from_field(&field, &grid);
    let mut path = Vec::new();
    let mut passes = [Vec::new(), Vec::new()];
    for seen in &mut passes {
        seen.reserve(4 * scenarios.len());
    }
    let mut allocated = 0;
    for (pass, seen) in passes.iter_mut().enumerate() {
        let before = allocations();
        for sc in &scenarios {
            field.build_grid(&grid, sc.goal, None).unwrap();
            let cost = field
                .path_into(&grid, sc.start, &mut path)
                .unwrap()
                .unwrap();
            seen.push(u64::from(cost));
            flow.refill(&field, &grid);
            assert_eq!(flow.path_into(&grid, sc.start, &mut path), Ok(Some(cost)));
            let group = [sc.start, sc.goal];
            let h = grid_units_heuristic(&grid, &group);
            units.run_grid(&grid, sc.goal, &group, h).unwrap();
            seen.push(u64::from(
                units.path_into(&grid, 0, &mut path).unwrap().unwrap(),
            ));
            assert_eq!(seen[seen.len() - 1], seen[seen.len() - 2]);
        }
        if pass == 1 {
            allocated = allocations() - before;
        }
    }
    assert_eq!(passes[0], passes[1]);
    assert_eq!(allocated, 0, "allocations in the warm pass");
}

/// Two passes over `scenarios` through a jump point graph of the exact
/// integer grid (reused `DaryHeap<4>`) and, in the deep tier, one of the
/// float grid (reused `BinaryHeap`), every path filled to its cells; checks that the passes
/// agree and returns the allocations of the second. The graphs are built
/// before (that allocates their tables); searches reuse them.
fn second_jump_pass_allocations<G, F>(
    (grid, jps): (&Grid<u32>, &G),
    (float, jps_f): (&Grid<f64>, &F),
    scenarios: &[Scenario],
) -> u64
where
    G: pathseek::DenseIds<Node = Cell, Cost = u32>,
    F: pathseek::DenseIds<Node = Cell, Cost = f64>,
{
    use pathseek::jump_points;
    let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
    #[cfg(feature = "deep-tests")]
    let mut engine_f = AStar::new(BinaryHeap::<f64>::new(), IndexedStore::new());
    #[cfg(not(feature = "deep-tests"))]
    let _ = (float, jps_f);
    let (mut points, mut cells) = (Vec::new(), Vec::new());
    let mut passes = [
        Vec::with_capacity(2 * scenarios.len()),
        Vec::with_capacity(2 * scenarios.len()),
    ];
    let mut allocated = 0;
    for (pass, lengths) in passes.iter_mut().enumerate() {
        let before = allocations();
        for sc in scenarios {
            let cost = engine.search_into(
                jps,
                Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)),
                &mut points,
            );
            jump_points::fill_path_into(&points, &mut cells);
            lengths.push((u64::from(found(cost, "a path")), cells.len()));
            // Float costs in the deep tier: each compiles another search of
            // a jump point graph, and the warm pass allocates the same way.
            #[cfg(feature = "deep-tests")]
            {
                let h = float.heuristic(sc.goal);
                let cost =
                    engine_f.search_into(jps_f, Query::new(sc.start, sc.goal, h), &mut points);
                lengths.push((found(cost, "a path").to_bits(), points.len()));
            }
        }
        if pass == 1 {
            allocated = allocations() - before;
        }
    }
    assert_eq!(passes[0], passes[1]);
    allocated
}

#[test]
fn warm_block_jump_point_searches_do_not_allocate() {
    use pathseek::jump_points::BlockJumpPoints;
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let float = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    let (jps, jps_f) = (
        BlockJumpPoints::new(&grid).unwrap(),
        BlockJumpPoints::new(&float).unwrap(),
    );
    let allocated = second_jump_pass_allocations((&grid, &jps), (&float, &jps_f), &scenarios);
    assert_eq!(
        allocated, 0,
        "allocations in the warm block jump point pass"
    );
}

#[test]
fn warm_precomputed_jump_searches_do_not_allocate() {
    use pathseek::jump_points::PrecomputedJumps;
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let float = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    let (jps, jps_f) = (
        PrecomputedJumps::new(&grid).unwrap(),
        PrecomputedJumps::new(&float).unwrap(),
    );
    let (on, on_f) = (jps.on(&grid).unwrap(), jps_f.on(&float).unwrap());
    let allocated = second_jump_pass_allocations((&grid, &on), (&float, &on_f), &scenarios);
    assert_eq!(
        allocated, 0,
        "allocations in the warm precomputed jump point pass"
    );
}

#[test]
fn precomputed_jump_sync_does_not_allocate() {
    use pathseek::jump_points::PrecomputedJumps;
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let mut grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let mut jps = PrecomputedJumps::new(&grid).unwrap();
    let (mut synced, mut allocated) = (0, 0);
    for i in (0..200u32).chain(0..200) {
        let cell = Cell::new(
            (i * 7919 + 13) % grid.width(),
            (i * 104729 + 29) % grid.height(),
        );
        let open = grid.is_passable(cell);
        grid.set_passable(cell, !open).unwrap();
        let before = allocations();
        synced += jps.sync(&grid).unwrap();
        if synced > 200 {
            allocated += allocations() - before; // the second round: warm
        }
    }
    assert_eq!(synced, 400);
    assert_eq!(allocated, 0, "allocations while syncing 200 warm edits");
    assert!(jps == PrecomputedJumps::new(&grid).unwrap());
}

/// Once the thread's spare engine is warm, a one-shot `astar()` on a grid
/// allocates only the path it returns: one allocation per search.
#[test]
fn warm_one_shot_searches_allocate_only_their_paths() {
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let float = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    let run = |pass: &mut Vec<(u32, usize, f64)>| {
        for sc in &scenarios {
            let r = pathseek::astar(&grid, sc.start, sc.goal, grid.heuristic(sc.goal));
            let p = r.into_path().expect("a path");
            let f = pathseek::astar(&float, sc.start, sc.goal, float.heuristic(sc.goal));
            let q = f.into_path().expect("a path");
            pass.push((p.cost.units(), p.nodes.len(), q.cost));
        }
    };
    let (mut first, mut second) = (Vec::with_capacity(888), Vec::with_capacity(888));
    run(&mut first);
    let before = allocations();
    run(&mut second);
    let allocated = allocations() - before;
    assert_eq!(first, second);
    assert_eq!(
        allocated,
        2 * scenarios.len() as u64,
        "one allocation (the path) per warm one-shot search"
    );
}

/// The bucket queue on the Pell costs it is made for: a warm pass over the
/// den520d scenarios allocates nothing (buckets keep their capacity).
#[test]
fn warm_bucket_queue_searches_do_not_allocate() {
    use pathseek::open_set::BucketQueue;
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    let costs = GridCosts::<u32>::pell_octile();
    let grid = map.to_grid(Connectivity::Eight, costs);
    let mut engine = AStar::new(
        BucketQueue::with_max_edge_cost(costs.diagonal),
        IndexedStore::new(),
    );
    let mut path = Vec::new();
    let mut passes = [Vec::with_capacity(888), Vec::with_capacity(888)];
    let mut allocated = 0;
    for (pass, costs) in passes.iter_mut().enumerate() {
        let before = allocations();
        for sc in &scenarios {
            let cost = engine.search_into(
                &grid,
                Query::new(sc.start, sc.goal, grid.heuristic(sc.goal)),
                &mut path,
            );
            costs.push(found(cost, "a path"));
        }
        if pass == 1 {
            allocated = allocations() - before;
        }
    }
    assert_eq!(passes[0], passes[1]);
    assert_eq!(allocated, 0, "allocations in the warm bucket queue pass");
}

/// Two passes of fringe search over the den520d scenarios with `store`
/// (exact integer costs); checks that they agree and returns the
/// allocations of the second.
fn second_fringe_pass_allocations<S: ClosedSet<Grid<u32>>>(
    grid: &Grid<u32>,
    scenarios: &[Scenario],
    store: S,
) -> u64 {
    let mut fringe = pathseek::fringe::Fringe::new(store);
    let mut path = Vec::new();
    let mut passes = [
        Vec::with_capacity(2 * scenarios.len()),
        Vec::with_capacity(2 * scenarios.len()),
    ];
    let mut allocated = 0;
    for (pass, seen) in passes.iter_mut().enumerate() {
        let before = allocations();
        for sc in scenarios {
            let h = grid.heuristic(sc.goal);
            let cost = fringe.search_into(grid, Query::new(sc.start, sc.goal, h), &mut path);
            seen.push((found(cost, "a path"), path.len()));
            // Limited: a partial path.
            let q = Query::new(sc.start, sc.goal, h).max_expansions(50);
            let status = fringe.search_into(grid, q, &mut path);
            assert!(status.is_finished());
            seen.push((0, path.len()));
        }
        if pass == 1 {
            allocated = allocations() - before;
        }
    }
    assert_eq!(passes[0], passes[1]);
    allocated
}

#[test]
fn warm_fringe_searches_do_not_allocate() {
    struct Stores<'a>(&'a Grid<u32>, &'a [Scenario], Vec<(&'static str, u64)>);
    impl ClosedSetVisitor<Grid<u32>> for Stores<'_> {
        fn visit<S: ClosedSet<Grid<u32>>>(&mut self, name: &'static str, make: &dyn Fn() -> S) {
            let n = second_fringe_pass_allocations(self.0, self.1, make());
            self.2.push((name, n));
        }
    }
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    let scenarios: Vec<Scenario> = scenarios.into_iter().step_by(4).collect();
    let grid = map.to_grid(Connectivity::Eight, GridCosts::<u32>::exact_octile());
    let mut stores = Stores(&grid, &scenarios, Vec::new());
    visit_closed_sets(&mut stores);
    assert_eq!(stores.2.len(), CLOSED_SET_NAMES.len());
    let allocating: Vec<_> = stores.2.iter().filter(|(_, n)| *n > 0).collect();
    assert!(
        allocating.is_empty(),
        "allocations in the warm fringe pass: {allocating:?}"
    );
}

/// Contraction hierarchy queries (both kinds), paths and distance tables,
/// once warm, allocate nothing.
#[test]
fn warm_contraction_hierarchy_queries_do_not_allocate() {
    use pathseek::contraction::{
        ChSearch, ContractionHierarchy, CustomizableHierarchy, DistanceTable,
    };
    // A 40 x 40 street grid with varying costs, one-way rows.
    let at = |x: u32, y: u32| y * 40 + x;
    let mut edges = Vec::new();
    for y in 0..40 {
        for x in 0..40 {
            let c = 1 + (x * 5 + y * 3) % 7;
            if x + 1 < 40 {
                edges.push((at(x, y), at(x + 1, y), c));
                if y % 4 != 0 {
                    edges.push((at(x + 1, y), at(x, y), c));
                }
            }
            if y + 1 < 40 {
                edges.push((at(x, y), at(x, y + 1), c));
                edges.push((at(x, y + 1), at(x, y), c));
            }
        }
    }
    let g = pathseek::StaticGraph::from_edges(1600, edges).unwrap();
    let ch = ContractionHierarchy::new(&g).unwrap();
    let cch = CustomizableHierarchy::new(&g).unwrap();
    let pairs: Vec<(u32, u32)> = (0..200).map(|i| (i * 7 % 1600, i * 13 % 1600)).collect();
    let ends: Vec<u32> = (0..20).map(|i| i * 79 % 1600).collect();
    let mut search = ChSearch::new();
    let (mut path, mut table) = (Vec::new(), DistanceTable::default());
    let mut pass = |search: &mut ChSearch<u32>| {
        let mut sum = 0u64;
        for &(s, t) in &pairs {
            sum += u64::from(search.find_path(&ch, &g, s, t, &mut path).unwrap().unwrap());
            sum += u64::from(
                search
                    .find_path(&cch, &g, s, t, &mut path)
                    .unwrap()
                    .unwrap(),
            );
            sum += u64::from(search.distance(&ch, &g, s, t).unwrap().unwrap());
        }
        search
            .table_into(&ch, &g, &ends, &ends, &mut table)
            .unwrap();
        search
            .table_into(&cch, &g, &ends, &ends, &mut table)
            .unwrap();
        sum
    };
    let first = pass(&mut search);
    let before = allocations();
    let second = pass(&mut search);
    assert_eq!(allocations() - before, 0, "a warm second pass allocated");
    assert_eq!(first, second);
}

#[test]
fn warm_mesh_queries_do_not_allocate() {
    use pathseek::navmesh::{MeshQuery, NavMesh, Point};
    // arena.map's free cells as unit squares; every scenario, both searches.
    let map = MovingAiMap::load(data("arena.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("arena.map.scen")).unwrap();
    let grid: Grid<u32> = map.to_grid(Connectivity::Eight, GridCosts::new(1, 1));
    let (vertices, polygons) = crate::common::cell_mesh::cell_mesh(&grid);
    let mesh = NavMesh::from_polygons(&vertices, &polygons).unwrap();
    let centre = |c: Cell| Point::new(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5);
    let mut query = MeshQuery::new();
    let mut points = Vec::new();
    let mut pass = |query: &mut MeshQuery| {
        let mut sum = 0.0;
        for s in scenarios.iter().filter(|s| !s.expects_no_path()) {
            let (a, b) = (centre(s.start), centre(s.goal));
            sum += query
                .find_path_into(&mesh, a, b, &mut points)
                .unwrap()
                .unwrap();
            sum += query
                .find_exact_path_into(&mesh, a, b, &mut points)
                .unwrap()
                .unwrap();
        }
        sum
    };
    let first = pass(&mut query);
    let before = allocations();
    let second = pass(&mut query);
    assert_eq!(allocations() - before, 0, "a warm second pass allocated");
    assert_eq!(first, second);
}
