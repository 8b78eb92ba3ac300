//! The check behind `attach` of a loaded [`DistanceField`](super::DistanceField)
//! or [`FlowField`](super::FlowField): that a field of costs and next steps
//! is the field of cheapest paths to its goal on a given map.

use crate::cost::Cost;
use crate::graph::DenseIds;
use crate::save::SaveError;

fn not_this_map(index: usize, reason: &'static str) -> SaveError {
    SaveError::NotThisMap { index, reason }
}

/// Checks that `entry` (per dense id: `None` for a node not reached, else
/// its cost to the goal and the id of its next step, `None` at the goal)
/// is exactly the field of cheapest paths to `goal` on `graph` within
/// `bound` (`None`: every node that reaches the goal), as a Dijkstra from
/// the goal over the reversed graph leaves it. The one check of every
/// saved field: a distance field and a flow field attach only to the exact
/// map they describe:
///
/// - the goal is a node of the graph, reached at cost zero, without a next step;
/// - every other node reached has a next step that is one of its edges,
///   whose cost plus the next node's is its own, and no edge to a reached
///   node gives it a cheaper cost;
/// - following next steps from any node reached ends at the goal;
/// - the nodes reached are those within the bound: every cost reached is
///   within it, and every node not reached that has an edge to a reached
///   one would cost more than the bound through it.
///
/// Together these make every cost the cheapest path's (by induction along
/// a cheapest path from the goal's end), and every node within the bound
/// reached. O(nodes + edges), `nodes` bytes of scratch.
pub(super) fn verify<G: DenseIds>(
    graph: &G,
    node_count: usize,
    goal: usize,
    entry: impl Fn(usize) -> Option<(G::Cost, Option<usize>)>,
    bound: Option<G::Cost>,
) -> Result<(), SaveError> {
    let zero = <G::Cost as num_traits::Zero>::zero();
    if goal >= node_count {
        return Err(not_this_map(goal, "the goal is not a node of the field"));
    }
    if graph.node_count() != node_count {
        return Err(not_this_map(0, "the map has another number of nodes"));
    }
    match entry(goal) {
        Some((c, None)) if c == zero => {}
        _ => {
            return Err(not_this_map(
                goal,
                "the goal is not reached at cost zero without a next step",
            ))
        }
    }
    let mut max_reached = zero;
    // The cheapest cost through an edge from a node not reached to one
    // reached, and that node.
    let mut boundary: Option<(G::Cost, usize)> = None;
    for u in 0..node_count {
        let here = entry(u);
        let node = graph.node_at(u).filter(|&n| graph.contains(n));
        let Some(node) = node else {
            if here.is_some() {
                return Err(not_this_map(u, "reached, but not a node of the map"));
            }
            continue;
        };
        if u == goal {
            continue;
        }
        let mut cheaper = false;
        let mut next_ok = false;
        graph.successors(node, |s, c| {
            let Some(v) = graph.node_index(s) else {
                return;
            };
            let Some((cv, _)) = entry(v) else {
                return;
            };
            // An overflow is a path dearer than any cost: nothing to check.
            let Some(via) = c.checked_add(cv) else {
                return;
            };
            match here {
                Some((cu, next)) => {
                    cheaper |= via < cu;
                    next_ok |= next == Some(v) && via == cu;
                }
                None => {
                    if boundary.is_none_or(|(b, _)| via < b) {
                        boundary = Some((via, u));
                    }
                }
            }
        });
        if let Some((cu, _)) = here {
            if cheaper {
                return Err(not_this_map(
                    u,
                    "an edge gives a cheaper path than the saved cost",
                ));
            }
            if !next_ok {
                return Err(not_this_map(
                    u,
                    "the next step is not an edge whose cost makes up the saved cost",
                ));
            }
            if cu > max_reached {
                max_reached = cu;
            }
        }
    }
    match (bound, boundary) {
        (_, None) => {}
        (None, Some((_, u))) => {
            return Err(not_this_map(
                u,
                "not reached, but it has a path to the goal",
            ));
        }
        (Some(max), Some((b, u))) if b <= max => {
            return Err(not_this_map(
                u,
                "not reached, but it has a path within the bound",
            ));
        }
        _ => {}
    }
    if let Some(max) = bound
        && max_reached > max
    {
        return Err(SaveError::Inconsistent {
            reason: "a cost is past the field's bound",
        });
    }
    // Every chain of next steps ends at the goal: 0 not seen, 1 on the
    // chain being followed, 2 known to end at the goal.
    let mut state = vec![0u8; node_count];
    state[goal] = 2;
    for u in 0..node_count {
        if state[u] != 0 || entry(u).is_none() {
            continue;
        }
        let mut v = u;
        while state[v] == 0 {
            state[v] = 1;
            match entry(v).and_then(|(_, next)| next) {
                Some(next) if next < node_count => v = next,
                _ => return Err(not_this_map(v, "its next steps do not reach the goal")),
            }
        }
        if state[v] == 1 {
            return Err(not_this_map(v, "its next steps go round in a circle"));
        }
        let mut w = u;
        while state[w] == 1 {
            state[w] = 2;
            match entry(w).and_then(|(_, next)| next) {
                Some(next) => w = next,
                None => break,
            }
        }
    }
    Ok(())
}
