//! D* Lite on a graph that is not a grid, implemented outside the crate
//! (`Replannable`, `Graph::version`, `Graph::changed_since`), against the
//! reference Dijkstra of `common`.
//!
//! The property: a random directed graph (nodes on a line, every edge costs
//! at least the distance between its ends, so that distance is a consistent
//! estimate), a random start and goal, then random steps: the unit walks
//! one node along its path (`move_to`), or one to three edges are
//! re-weighted, removed or added. One graph in three has edges of cost 0
//! to 2 and no estimate (zero-cost cycles, where a plan's costs could hold
//! each other up). The graph either keeps a short change log
//! (the plan reads it by itself, and starts over when the log has dropped
//! what it needs) or has none (the test tells the plan with
//! `nodes_changed`). After every step and its `compute`, the cost equals
//! Dijkstra's from the unit's node to the goal on the graph as it is, and
//! the path is a path of the graph of that cost.

use crate::common;

use common::Lcg;
use pathseek::graph::{DenseIds, EdgeSink, Graph};
use pathseek::incremental::{DStarLite, Replannable};
use pathseek::open_set::{BinaryHeap, LazyDaryHeap, OpenSet, SplayTree};
use pathseek::{Heuristic, SearchError, Status};
use proptest::prelude::*;

/// Where node `n` sits on the line (a fixed function of the id, so the
/// estimate is `Copy`).
fn position(n: u32) -> u32 {
    (n * 37) % 101
}

/// The distance on the line from one node: a consistent estimate, since
/// every edge costs at least the distance between its ends (times `scale`:
/// 0 on a graph with zero-cost edges).
#[derive(Clone, Copy, PartialEq, Debug)]
struct Line {
    from: u32,
    scale: u32,
}

impl Heuristic<u32, u32> for Line {
    fn estimate(&mut self, to: u32) -> u32 {
        self.from.abs_diff(position(to)) * self.scale
    }
}

/// A directed graph whose edges change, with an optional bounded change log.
struct Live {
    out: Vec<Vec<(u32, u32)>>,
    logged: bool,
    /// Edges of cost 0 to 2, and no estimate.
    zero: bool,
    version: u64,
    /// `(version after the edit, node whose out-edges changed)`.
    log: Vec<(u64, u32)>,
    /// The oldest version the log can answer from.
    log_from: u64,
}

const LOG_CAPACITY: usize = 6;

impl Live {
    fn edge_cost(&self, rng: &mut Lcg, from: u32, to: u32) -> u32 {
        if self.zero {
            return rng.next(3) as u32;
        }
        position(from).abs_diff(position(to)) + rng.next(6) as u32
    }

    /// Sets, adds or (with `None`) removes the edge `from -> to`.
    fn set_edge(&mut self, from: u32, to: u32, cost: Option<u32>) {
        let list = &mut self.out[from as usize];
        list.retain(|&(t, _)| t != to);
        if let Some(c) = cost {
            list.push((to, c));
        }
        if self.logged {
            self.version += 1;
            self.log.push((self.version, from));
            if self.log.len() > LOG_CAPACITY {
                let (dropped, _) = self.log.remove(0);
                self.log_from = dropped;
            }
        }
    }
}

impl Graph for Live {
    type Node = u32;
    type Cost = u32;

    fn successors(&self, node: u32, mut edge: impl FnMut(u32, u32)) {
        for &(to, c) in &self.out[node as usize] {
            edge(to, c);
        }
    }

    fn contains(&self, node: u32) -> bool {
        (node as usize) < self.out.len()
    }

    fn dense_ids(&self) -> Option<&impl DenseIds<Node = u32, Cost = u32>> {
        Some(self)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn changed_since(&self, since: u64, changed: &mut dyn FnMut(u32)) -> bool {
        if since < self.log_from {
            return since == self.version;
        }
        for &(v, node) in &self.log {
            if v > since {
                changed(node);
            }
        }
        true
    }
}

impl DenseIds for Live {
    fn node_count(&self) -> usize {
        self.out.len()
    }
    fn node_index(&self, n: u32) -> Option<usize> {
        ((n as usize) < self.out.len()).then_some(n as usize)
    }
    fn node_at(&self, i: usize) -> Option<u32> {
        (i < self.out.len()).then_some(i as u32)
    }
}

impl Replannable for Live {
    type Estimate = Line;

    fn predecessors(&self, node: u32, edges: &mut impl EdgeSink<u32, u32>) {
        for (from, list) in self.out.iter().enumerate() {
            for &(to, c) in list {
                if to == node {
                    edges.edge(from as u32, c);
                }
            }
        }
    }

    fn estimate_from(&self, from: u32) -> Line {
        Line {
            from: position(from),
            scale: u32::from(!self.zero),
        }
    }
}

#[derive(Clone, Debug)]
struct Case {
    nodes: u32,
    /// Edges per node, on average.
    degree: u64,
    logged: bool,
    zero: bool,
    steps: usize,
    open: usize,
    seed: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (
        2u32..40,
        1u64..5,
        any::<bool>(),
        1usize..40,
        0usize..3,
        any::<u64>(),
    )
        .prop_map(|(nodes, degree, logged, steps, open, seed)| Case {
            nodes,
            degree,
            logged,
            zero: seed % 3 == 0,
            steps,
            open,
            seed,
        })
}

fn check<O: OpenSet<u32>>(
    dstar: &mut DStarLite<Live, O>,
    graph: &Live,
    start: u32,
    goal: u32,
    path: &mut Vec<u32>,
    what: &str,
) {
    let status = dstar.compute(graph);
    let expected = common::dijkstra(&common::adjacency(graph), start as usize)[goal as usize];
    match (&status, expected) {
        (Status::Found { cost }, Some(e)) => assert_eq!(*cost, e, "{what}"),
        (Status::NoPath, None) => {}
        (s, e) => panic!("{what}: D* Lite says {s:?}, Dijkstra {e:?}"),
    }
    let cost = dstar.path_into(graph, path);
    assert_eq!(cost, expected, "{what}: path {path:?}");
    let next = dstar.next_step(graph).map(|(n, _)| n);
    assert_eq!(next, path.get(1).copied(), "{what}: next_step");
    if let Some(c) = cost {
        assert_eq!(path.first(), Some(&start), "{what}");
        assert_eq!(path.last(), Some(&goal), "{what}");
        let mut sum = 0;
        for step in path.windows(2) {
            let edge = graph.out[step[0] as usize]
                .iter()
                .find(|&&(t, _)| t == step[1]);
            sum += edge.unwrap_or_else(|| panic!("{what}: no edge {step:?}")).1;
        }
        assert_eq!(sum, c, "{what}: path {path:?}");
    } else {
        assert!(path.is_empty(), "{what}");
    }
}

fn run<O: OpenSet<u32>>(case: &Case, open: O) {
    let mut rng = Lcg(case.seed);
    let n = case.nodes;
    let mut graph = Live {
        out: vec![Vec::new(); n as usize],
        logged: case.logged,
        zero: case.zero,
        version: 0,
        log: Vec::new(),
        log_from: 0,
    };
    for from in 0..n {
        for _ in 0..rng.next(2 * case.degree + 1) {
            let to = rng.next(u64::from(n)) as u32;
            if to != from {
                let c = graph.edge_cost(&mut rng, from, to);
                graph.set_edge(from, to, Some(c));
            }
        }
    }
    let mut start = rng.next(u64::from(n)) as u32;
    let goal = rng.next(u64::from(n)) as u32;

    let mut dstar = DStarLite::new(open);
    dstar.start(&graph, start, goal).unwrap();
    let mut path = Vec::new();
    check(&mut dstar, &graph, start, goal, &mut path, "first compute");
    for step in 0..case.steps {
        if rng.next(3) == 0 && path.len() >= 2 {
            start = path[1];
            dstar.move_to(&graph, start).unwrap();
            let what = format!("step {step}: moved to {start}");
            check(&mut dstar, &graph, start, goal, &mut path, &what);
            continue;
        }
        let mut sources = Vec::new();
        for _ in 0..rng.range(1, 4) {
            let from = rng.next(u64::from(n)) as u32;
            let to = rng.next(u64::from(n)) as u32;
            if from == to {
                continue;
            }
            let cost = match rng.next(3) {
                0 => None,
                _ => Some(graph.edge_cost(&mut rng, from, to)),
            };
            graph.set_edge(from, to, cost);
            sources.push(from);
        }
        if !case.logged {
            // No log: the plan sees nothing unless told.
            assert_eq!(dstar.nodes_changed(&graph, sources.iter().copied()), 0);
        }
        let what = format!("step {step}: edges from {sources:?} changed");
        check(&mut dstar, &graph, start, goal, &mut path, &what);
    }
}

#[test]
fn replans_on_graphs_match_dijkstra() {
    common::run_property(
        "replans_on_graphs_match_dijkstra",
        regressions_file!("dstar_lite_graphs"),
        case(),
        |case| {
            let open: Box<dyn OpenSet<u32>> = match case.open {
                0 => Box::new(BinaryHeap::new()),
                1 => Box::new(LazyDaryHeap::<u32, 4>::new()),
                _ => Box::new(SplayTree::new()),
            };
            run(&case, open)
        },
    );
}

/// A node id out of range is refused with an error value, and an edge cost
/// that is not valid stops the plan with one.
#[test]
fn bad_nodes_and_costs_are_errors() {
    let mut graph = Live {
        out: vec![Vec::new(); 3],
        logged: true,
        zero: false,
        version: 0,
        log: Vec::new(),
        log_from: 0,
    };
    graph.set_edge(0, 1, Some(position(1).abs_diff(position(0))));
    graph.set_edge(1, 2, Some(position(2).abs_diff(position(1))));
    let mut dstar = DStarLite::new(BinaryHeap::new());
    assert_eq!(
        dstar.start(&graph, 7, 2),
        Err(SearchError::StartBlocked { node: 7 })
    );
    assert_eq!(
        dstar.start(&graph, 0, 9),
        Err(SearchError::GoalBlocked { node: 9 })
    );
    dstar.start(&graph, 0, 2).unwrap();
    assert!(matches!(dstar.compute(&graph), Status::Found { .. }));
    assert_eq!(
        dstar.move_to(&graph, 5),
        Err(SearchError::StartBlocked { node: 5 })
    );
    assert_eq!(dstar.nodes_changed(&graph, [1, 8, 9]), 2);
}

/// Floats: a NaN or negative edge cost is an error value, not a wrong path.
#[test]
fn invalid_float_costs_are_errors() {
    struct Bad(f64);
    impl Graph for Bad {
        type Node = u32;
        type Cost = f64;
        fn successors(&self, n: u32, mut edge: impl FnMut(u32, f64)) {
            if n == 0 {
                edge(1, self.0);
            }
        }
    }
    impl DenseIds for Bad {
        fn node_count(&self) -> usize {
            2
        }
        fn node_index(&self, n: u32) -> Option<usize> {
            (n < 2).then_some(n as usize)
        }
        fn node_at(&self, i: usize) -> Option<u32> {
            (i < 2).then_some(i as u32)
        }
    }
    #[derive(Clone, Copy, PartialEq)]
    struct Zero;
    impl Heuristic<u32, f64> for Zero {
        fn estimate(&mut self, _: u32) -> f64 {
            0.0
        }
    }
    impl Replannable for Bad {
        type Estimate = Zero;
        fn predecessors(&self, n: u32, edges: &mut impl EdgeSink<u32, f64>) {
            if n == 1 {
                edges.edge(0, self.0);
            }
        }
        fn estimate_from(&self, _: u32) -> Zero {
            Zero
        }
    }
    for cost in [f64::NAN, -1.0] {
        let graph = Bad(cost);
        let mut dstar = DStarLite::new(BinaryHeap::new());
        dstar.start(&graph, 0, 1).unwrap();
        match dstar.compute(&graph) {
            Status::Error(SearchError::InvalidEdgeCost { from: 0, to: 1, .. }) => {}
            other => panic!("cost {cost}: {other:?}"),
        }
    }
    let graph = Bad(2.5);
    let mut dstar = DStarLite::new(BinaryHeap::new());
    dstar.start(&graph, 0, 1).unwrap();
    assert_eq!(dstar.compute(&graph), Status::Found { cost: 2.5 });
}
