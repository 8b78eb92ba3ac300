//! [`group_paths`]: one path for a group, each unit spliced onto it.

use crate::cost::Cost;
use crate::graph::{cheapest_edge, Expansion, Graph};
use crate::open_set::OpenSet;
use crate::query::Heuristic;
use crate::result::{Path, SearchError};
use crate::store::ClosedSet;
use crate::{AStar, Query, Status};
use num_traits::Zero;

/// The `k` of the documents [`group_paths`] follows: units join the shared
/// path at its tenth node.
pub const DEFAULT_JOIN: usize = 10;

/// The paths [`group_paths`] found: the group's shared path, and for each
/// unit its own short path onto it followed by the shared rest.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupPaths<N, C> {
    /// The unit whose path the group shares (its index in the units given).
    pub leader: usize,
    /// The shared path, from the leader to the goal.
    pub shared: Path<N, C>,
    /// Per unit: its path to the goal, or `None` if it cannot reach it.
    pub paths: Vec<Option<Path<N, C>>>,
    /// Per unit: where it joins the shared path (an index into
    /// `shared.nodes`); `None` for a unit that searched on its own (it
    /// could not reach the joining node) or cannot reach the goal.
    pub joins: Vec<Option<usize>>,
    /// Nodes expanded in all the searches together.
    pub expanded: u64,
}

/// What [`group_paths`] returns for a graph `G`.
type Plan<G> = Result<
    GroupPaths<<G as Graph>::Node, <G as Graph>::Cost>,
    SearchError<<G as Graph>::Node, <G as Graph>::Cost>,
>;

/// The cost of one search of [`group_paths`], `None` for no path.
type Found<G> =
    Result<Option<<G as Graph>::Cost>, SearchError<<G as Graph>::Node, <G as Graph>::Cost>>;

/// One path for a group, each unit spliced onto it: the documents'
/// "find one path for the group, then each unit walks its own short path
/// to `P[k]` and follows `P[k..]`".
///
/// The leader is the unit with the smallest sum of estimates to the other
/// units (the group's middle; ties to the first). Its path `P` to the goal
/// is searched once; every other unit searches only to `P[j]`,
/// `j = min(k, len - 1)` ([`DEFAULT_JOIN`] is the documents' `k`), and
/// follows `P` from there. A unit that cannot
/// reach `P[j]` searches to the goal on its own. With one goal the end of
/// the shared path is every unit's tail (units with goals of their own, in
/// formation, would leave it at `P[len - k]`).
///
/// The paths are valid but not always the cheapest: a unit pays the detour
/// to `P[j]` against its own optimal path, which is what buys the saved
/// searching. `heuristic(target)` gives the heuristic towards a target.
///
/// Graphs whose edges depend on the search work too: over the jump point
/// graphs ([`jump_points`](crate::jump_points)) the paths are jump points,
/// spliced at the jump point `P[j]`; check them with
/// [`jump_points::path_cost`](crate::jump_points::path_cost) and walk them
/// with [`fill_path`](crate::jump_points::fill_path). The shared path's
/// step costs are taken from the edges its search reported (the expansion
/// of `P[i]` after `P[i - 1]`, towards the goal); should a graph not report
/// one of them again, nothing is spliced: every other unit searches to the
/// goal on its own (its `joins` entry `None`).
///
/// # Errors
/// The errors of the searches (a unit or the goal outside the graph, ...).
///
/// # Example
/// ```
/// use pathseek::groups::group_paths;
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
/// use pathseek::{store::IndexedStore, open_set::BinaryHeap};
///
/// let grid = Grid::new(40, 40, Connectivity::Eight, GridCosts::new(2u32, 3))?;
/// let units = [Cell::new(1, 1), Cell::new(2, 2), Cell::new(3, 1)];
/// let goal = Cell::new(38, 30);
/// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
/// let plan = group_paths(&mut engine, &grid, &units, goal, 10, |t| grid.heuristic(t))?;
/// assert_eq!(units[plan.leader], Cell::new(2, 2)); // the middle one
/// for (i, path) in plan.paths.iter().enumerate() {
///     let path = path.as_ref().unwrap();
///     assert_eq!((path.nodes[0], *path.nodes.last().unwrap()), (units[i], goal));
///     assert_eq!(pathseek::graph::path_cost(&grid, &path.nodes), Some(path.cost));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn group_paths<G, O, S, H>(
    engine: &mut AStar<O, S, Query<G::Node, G::Cost, H>>,
    graph: &G,
    units: &[G::Node],
    goal: G::Node,
    k: usize,
    mut heuristic: impl FnMut(G::Node) -> H,
) -> Plan<G>
where
    G: Graph,
    O: OpenSet<G::Cost>,
    S: ClosedSet<G>,
    H: Heuristic<G::Node, G::Cost>,
{
    let empty = GroupPaths {
        leader: 0,
        shared: Path {
            nodes: Vec::new(),
            cost: G::Cost::zero(),
        },
        paths: Vec::new(),
        joins: Vec::new(),
        expanded: 0,
    };
    if units.is_empty() {
        return Ok(empty);
    }
    // The leader: least total estimate to the others.
    let mut leader = 0;
    let mut least = f64::INFINITY;
    for (i, &a) in units.iter().enumerate() {
        let mut h = heuristic(a);
        let total: f64 = units.iter().map(|&b| h.estimate(b).as_f64()).sum();
        if total < least {
            (leader, least) = (i, total);
        }
    }
    let mut expanded = 0;
    let mut search = |engine: &mut AStar<O, S, Query<G::Node, G::Cost, H>>,
                      from: G::Node,
                      to: G::Node,
                      path: &mut Vec<G::Node>|
     -> Found<G> {
        let status = engine.search_into(graph, Query::new(from, to, heuristic(to)), path);
        expanded += engine.stats().expanded;
        match status {
            Status::Found { cost } => Ok(Some(cost)),
            Status::Error(e) => Err(e),
            _ => Ok(None),
        }
    };
    let mut shared = Vec::new();
    let Some(shared_cost) = search(engine, units[leader], goal, &mut shared)? else {
        // The leader cannot reach the goal: each unit on its own.
        let mut plan = GroupPaths { leader, ..empty };
        for &u in units {
            let mut nodes = Vec::new();
            let cost = search(engine, u, goal, &mut nodes)?;
            plan.paths.push(cost.map(|cost| Path { nodes, cost }));
            plan.joins.push(None);
        }
        plan.expanded = expanded;
        return Ok(plan);
    };
    let rest = rest_costs(graph, &shared, goal);
    let j = k.min(shared.len() - 1);
    let mut plan = GroupPaths {
        leader,
        shared: Path {
            nodes: shared.clone(),
            cost: shared_cost,
        },
        paths: Vec::with_capacity(units.len()),
        joins: Vec::with_capacity(units.len()),
        expanded: 0,
    };
    for (i, &u) in units.iter().enumerate() {
        if i == leader {
            plan.paths.push(Some(plan.shared.clone()));
            plan.joins.push(Some(0));
            continue;
        }
        let mut nodes = Vec::new();
        let joined = match &rest {
            Some(rest) => search(engine, u, shared[j], &mut nodes)?.map(|cost| cost + rest[j]),
            None => None,
        };
        match joined {
            Some(cost) => {
                nodes.extend_from_slice(&shared[j + 1..]);
                plan.paths.push(Some(Path { nodes, cost }));
                plan.joins.push(Some(j));
            }
            None => {
                let cost = search(engine, u, goal, &mut nodes)?;
                plan.paths.push(cost.map(|cost| Path { nodes, cost }));
                plan.joins.push(None);
            }
        }
    }
    plan.expanded = expanded;
    Ok(plan)
}

/// The cost of `shared` (the leader's path to `goal`) from each of its nodes
/// to the goal; `None` if a step's cost cannot be recovered.
///
/// Each step's edge is looked for as the leader's search saw it: the
/// expansion of `shared[i]` with parent `shared[i - 1]` (none for the
/// leader) and goal `goal`, so graphs whose edges depend on the search (the
/// rays of the jump point graphs) give theirs; then among the node's
/// [`successors`](Graph::successors).
fn rest_costs<G: Graph>(graph: &G, shared: &[G::Node], goal: G::Node) -> Option<Vec<G::Cost>> {
    let mut rest = vec![G::Cost::zero(); shared.len()];
    for i in (0..shared.len().saturating_sub(1)).rev() {
        let (from, to) = (shared[i], shared[i + 1]);
        let parent = i.checked_sub(1).map(|p| shared[p]);
        let mut cheapest: Option<G::Cost> = None;
        let at = Expansion::new(from)
            .with_parent(parent)
            .with_goal(Some(goal));
        graph.expand(at, &mut |n, c| {
            if n == to && cheapest.is_none_or(|best| c < best) {
                cheapest = Some(c);
            }
        });
        let edge = cheapest.or_else(|| cheapest_edge(graph, from, to))?;
        rest[i] = rest[i + 1].checked_add_valid(edge)?;
    }
    Some(rest)
}
