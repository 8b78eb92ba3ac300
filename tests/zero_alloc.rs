//! A warm engine searches without touching the heap allocator.
//!
//! A counting global allocator (test-only; the library itself forbids unsafe code)
//! counts allocations made on this thread. After one pass over a MovingAI scenario
//! file has grown every buffer, a second pass through `AStar::search_into` must
//! allocate nothing, for every open set and both node stores, and for jump point
//! search with its path filled in.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell as StdCell;
use std::path::PathBuf;

use pathseek::closed_set::{ClosedSet, HashStore, IndexedStore, PagedStore};
use pathseek::movingai::{self, MovingAiMap, Scenario};
use pathseek::open_set::*;
use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};

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

fn allocations() -> u64 {
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
    mut engine: AStar<O, S>,
) -> u64
where
    O: OpenSet<f64>,
    S: ClosedSet<Grid<f64>>,
{
    let mut path: Vec<Cell> = Vec::new();
    let mut costs = Vec::with_capacity(scenarios.len());
    for sc in scenarios {
        let cost = engine.search_into(grid, sc.start, sc.goal, grid.heuristic(sc.goal), &mut path);
        costs.push(cost.unwrap().expect("every den520d scenario has a path"));
    }
    let before = allocations();
    for (sc, &want) in scenarios.iter().zip(&costs) {
        let cost = engine.search_into(grid, sc.start, sc.goal, grid.heuristic(sc.goal), &mut path);
        assert_eq!(cost, Ok(Some(want)));
        assert_eq!(path.last(), Some(&sc.goal));
    }
    allocations() - before
}

#[test]
fn warm_engines_do_not_allocate() {
    let map = MovingAiMap::load(data("den520d.map")).unwrap();
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    // Every 4th scenario keeps the test quick while covering every path length.
    let scenarios: Vec<Scenario> = scenarios.into_iter().step_by(4).collect();
    let costs = GridCosts::<f64>::octile();
    let grid = map.to_grid(Connectivity::Eight, costs);

    // The counter works: a fresh engine's first searches do allocate.
    let before = allocations();
    let mut fresh = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let _ = fresh.search(
        &grid,
        scenarios[0].start,
        scenarios[0].goal,
        grid.heuristic(scenarios[0].goal),
    );
    assert!(allocations() > before, "the counting allocator saw nothing");

    let mut results = Vec::new();
    macro_rules! check {
        ($name:expr, $engine:expr) => {
            results.push(($name, second_pass_allocations(&grid, &scenarios, $engine)));
        };
    }
    check!(
        "binary-heap+indexed",
        AStar::new(BinaryHeap::new(), IndexedStore::new())
    );
    check!(
        "binary-heap+paged",
        AStar::new(BinaryHeap::new(), PagedStore::new())
    );
    check!(
        "binary-heap+hash",
        AStar::new(BinaryHeap::new(), HashStore::new())
    );
    check!(
        "binary-heap-lazy+indexed",
        AStar::new(LazyBinaryHeap::new(), IndexedStore::new())
    );
    check!(
        "dary-heap-4+indexed",
        AStar::new(DaryHeap::<_, 4>::new(), IndexedStore::new())
    );
    check!(
        "hot-queue+indexed",
        AStar::new(
            HotQueue::with_max_edge_cost(costs.diagonal),
            IndexedStore::new()
        )
    );
    check!(
        "bucket-queue+indexed",
        AStar::new(RadixHeap::new(), IndexedStore::new())
    );
    check!(
        "sorted-vec+indexed",
        AStar::new(SortedVec::new(), IndexedStore::new())
    );
    check!(
        "unsorted-vec+indexed",
        AStar::new(UnsortedVec::new(), IndexedStore::new())
    );
    check!(
        "splay-tree+indexed",
        AStar::new(SplayTree::new(), IndexedStore::new())
    );
    check!(
        "indexed-array+indexed",
        AStar::new(IndexedArray::new(), IndexedStore::new())
    );
    check!(
        "two-level+indexed",
        AStar::new(TwoLevel::new(), IndexedStore::new())
    );
    check!(
        "two-level+hash",
        AStar::new(TwoLevel::new(), HashStore::new())
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
            let cost = engine.search_into(&jps, sc.start, sc.goal, h, &mut points);
            jump_points::fill_path_into(&points, &mut cells);
            lengths.push((cost.unwrap().expect("a path"), cells.len()));
        }
        if pass == 1 {
            allocated = allocations() - before;
        }
    }
    assert_eq!(passes[0], passes[1]);
    assert_eq!(allocated, 0, "allocations in the warm jump point pass");
}
