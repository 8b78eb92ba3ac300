//! Preparing a contraction hierarchy: contract the nodes one after another,
//! least important first, adding a shortcut wherever a contracted node was
//! on the only shortest path between two of its neighbours.
//!
//! Importance is a priority kept per node: the edge difference (shortcuts
//! its contraction would add less the edges it would remove), the number
//! of neighbours already contracted and its depth in the hierarchy so far.
//! Nodes are contracted in rounds: every node whose priority is below all
//! of its neighbours' is contracted in the same round (they share no edge,
//! so their witness searches, which avoid all of them, are independent).
//! With the `rayon` feature a round's witness searches and the priorities
//! recomputed after it run on every core; the hierarchy is the same either
//! way.

use super::upward::{Arc, Upward, ORIGINAL};
use super::witness::{Link, Remaining, Shortcut, Witness};
use super::ContractionError;
use crate::cost::Cost;
use crate::graph::StaticGraph;

/// Nodes each witness search that estimates a priority may settle: few,
/// since estimates are made again for every neighbour after every round
/// (on the Luxembourg roads, 5 gave a faster preparation than 50 and as
/// small a query search space).
const ESTIMATE_LIMIT: usize = 5;
/// Nodes each witness search of a contraction may settle.
const CONTRACT_LIMIT: usize = 1000;
/// Edges all the witness searches for one node may scan together, when
/// estimating and when contracting: a node of many neighbours, in the
/// dense core of a graph that is no road network, must not cost the
/// square of its degree in searches.
const ESTIMATE_BUDGET: usize = 2_000;
/// Past this many (in, out) pairs of neighbours, a priority estimate
/// counts every pair as a shortcut instead of searching for witnesses.
const DENSE: usize = 1_024;
const CONTRACT_BUDGET: usize = 20_000;

/// An arc a node keeps when it is contracted: the other end (dense id),
/// the costs up to it and down from it, and the middles of each (or
/// [`ORIGINAL`]).
type Kept<C> = (u32, C, C, u32, u32);

/// A priority: smaller is contracted sooner.
fn priority(shortcuts: usize, removed: usize, contracted_neighbours: u32, depth: u32) -> i64 {
    2 * (shortcuts as i64 - removed as i64) + i64::from(contracted_neighbours) + i64::from(depth)
}

/// A fixed scramble of node ids that breaks ties between equal priorities
/// (so that neighbours never tie).
#[inline]
fn tie(v: u32) -> u32 {
    v.wrapping_mul(0x9E37_79B9).rotate_left(13) ^ v
}

/// Runs `f` on every item with a witness memory of its own thread, in
/// order of the items.
fn each<C, T, R>(
    items: &[T],
    pool: &mut [Witness<C>],
    f: impl Fn(&mut Witness<C>, &T) -> R + Sync + Send,
) -> Vec<R>
where
    C: Cost + Send + Sync,
    T: Sync,
    R: Send,
{
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        if items.len() > 64 && pool.len() > 1 {
            let chunk = items.len().div_ceil(pool.len());
            let parts: Vec<Vec<R>> = pool
                .par_iter_mut()
                .zip(items.par_chunks(chunk))
                .map(|(w, part)| part.iter().map(|t| f(w, t)).collect())
                .collect();
            return parts.into_iter().flatten().collect();
        }
    }
    let w = &mut pool[0];
    items.iter().map(|t| f(w, t)).collect()
}

/// How many witness memories: one per thread of the pool the preparation
/// runs in.
fn threads() -> usize {
    #[cfg(feature = "rayon")]
    {
        rayon::current_num_threads().max(1)
    }
    #[cfg(not(feature = "rayon"))]
    {
        1
    }
}

/// Contracts every node of `g`, returning the searchable hierarchy.
pub(crate) fn contract<C: Cost + Send + Sync>(
    g: &StaticGraph<C>,
) -> Result<Upward<C>, ContractionError> {
    let n = g.len();
    let mut rest = Remaining {
        out: vec![Vec::new(); n],
        inc: vec![Vec::new(); n],
    };
    for v in 0..n as u32 {
        for (w, c) in g.edges(v) {
            if c >= C::max_value() {
                return Err(ContractionError::CostOverflow);
            }
            if w != v {
                rest.improve(v, w, c, ORIGINAL);
            }
        }
    }
    let mut pool: Vec<Witness<C>> = (0..threads()).map(|_| Witness::new(n)).collect();
    let mut skip = vec![false; n];
    let mut contracted_neighbours = vec![0u32; n];
    let mut depth = vec![0u32; n];
    let mut rank = vec![u32::MAX; n];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    // Every node's arcs to the nodes still there when it was contracted.
    let mut kept: Vec<Vec<Kept<C>>> = vec![Vec::new(); n];

    let estimate = |rest: &Remaining<C>,
                    skip: &[bool],
                    cn: &[u32],
                    depth: &[u32],
                    w: &mut Witness<C>,
                    v: &u32|
     -> Result<i64, ()> {
        let (outs, ins) = (rest.out[*v as usize].len(), rest.inc[*v as usize].len());
        let found = if outs * ins > DENSE {
            // A node of a dense core: its witness searches, even bounded,
            // cost the square of its degree at every estimate; take every
            // pair as a shortcut (what such a core mostly needs).
            outs * ins
        } else {
            let mut found = 0;
            w.shortcuts(rest, *v, skip, ESTIMATE_LIMIT, ESTIMATE_BUDGET, |_| {
                found += 1
            })?;
            found
        };
        let removed = outs + ins;
        Ok(priority(
            found,
            removed,
            cn[*v as usize],
            depth[*v as usize],
        ))
    };
    let all: Vec<u32> = (0..n as u32).collect();
    let mut prio: Vec<i64> = each(&all, &mut pool, |w, v| {
        estimate(&rest, &skip, &contracted_neighbours, &depth, w, v)
    })
    .into_iter()
    .collect::<Result<_, ()>>()
    .map_err(|()| ContractionError::CostOverflow)?;

    let mut left: Vec<u32> = all;
    let mut touched = vec![false; n];
    let mut index = Index::new(n);
    while !left.is_empty() {
        // The round: nodes below all their remaining neighbours.
        let key = |v: u32| (prio[v as usize], tie(v));
        let round: Vec<u32> = left
            .iter()
            .copied()
            .filter(|&v| {
                let k = key(v);
                rest.out[v as usize]
                    .iter()
                    .chain(&rest.inc[v as usize])
                    .all(|l| k < key(l.to))
            })
            .collect();
        for &v in &round {
            skip[v as usize] = true;
        }
        let shortcuts: Vec<Result<Vec<Shortcut<C>>, ()>> = each(&round, &mut pool, |w, &v| {
            let mut found = Vec::new();
            w.shortcuts(&rest, v, &skip, CONTRACT_LIMIT, CONTRACT_BUDGET, |s| {
                found.push(s)
            })?;
            Ok(found)
        });
        let mut neighbours = Vec::new();
        for (&v, found) in round.iter().zip(shortcuts) {
            let found = found.map_err(|()| ContractionError::CostOverflow)?;
            rank[v as usize] = order.len() as u32;
            order.push(v);
            let out = core::mem::take(&mut rest.out[v as usize]);
            let inc = core::mem::take(&mut rest.inc[v as usize]);
            let arcs = &mut kept[v as usize];
            let absent = C::max_value();
            for l in &out {
                arcs.push((l.to, l.cost, absent, l.middle, ORIGINAL));
            }
            index.fill(&out);
            for l in &inc {
                match index.find(l.to) {
                    Some(i) => (arcs[i].2, arcs[i].4) = (l.cost, l.middle),
                    None => arcs.push((l.to, absent, l.cost, ORIGINAL, l.middle)),
                }
            }
            for l in out.iter().chain(&inc) {
                let x = l.to as usize;
                rest.inc[x].retain(|m| m.to != v);
                rest.out[x].retain(|m| m.to != v);
                if !touched[x] {
                    touched[x] = true;
                    neighbours.push(l.to);
                    contracted_neighbours[x] += 1;
                }
                depth[x] = depth[x].max(depth[v as usize] + 1);
            }
            let mut found = found;
            index.add(&mut rest, &mut found, v);
        }
        for &v in &round {
            skip[v as usize] = false;
        }
        for &x in &neighbours {
            touched[x as usize] = false;
        }
        let fresh: Vec<Result<i64, ()>> = each(&neighbours, &mut pool, |w, v| {
            estimate(&rest, &skip, &contracted_neighbours, &depth, w, v)
        });
        for (&x, p) in neighbours.iter().zip(fresh) {
            prio[x as usize] = p.map_err(|()| ContractionError::CostOverflow)?;
        }
        left.retain(|&v| rank[v as usize] == u32::MAX);
    }
    Ok(assemble(kept, rank, order))
}

/// Where each target sits in one node's list, for adding many shortcuts
/// to a node of high degree in time linear in them (not their number
/// times the degree).
struct Index {
    at: Vec<u32>,
    stamp: Vec<u32>,
    now: u32,
}

impl Index {
    fn new(n: usize) -> Self {
        Index {
            at: vec![0; n],
            stamp: vec![0; n],
            now: 0,
        }
    }

    /// Adds or improves every shortcut of `found` (skipping `middle`) in
    /// the out-lists of their sources and the in-lists of their targets.
    fn add<C: Cost>(&mut self, rest: &mut Remaining<C>, found: &mut [Shortcut<C>], middle: u32) {
        found.sort_unstable_by_key(|s| s.0);
        for group in found.chunk_by(|a, b| a.0 == b.0) {
            let list = &mut rest.out[group[0].0 as usize];
            self.fill(list);
            for &(_, w, c) in group {
                Self::set(list, &mut self.at, &mut self.stamp, self.now, w, c, middle);
            }
        }
        found.sort_unstable_by_key(|s| s.1);
        for group in found.chunk_by(|a, b| a.1 == b.1) {
            let list = &mut rest.inc[group[0].1 as usize];
            self.fill(list);
            for &(u, _, c) in group {
                Self::set(list, &mut self.at, &mut self.stamp, self.now, u, c, middle);
            }
        }
    }

    /// Indexes `list` under a fresh stamp.
    fn fill<C>(&mut self, list: &[Link<C>]) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.fill(0);
            self.now = 1;
        }
        for (i, l) in list.iter().enumerate() {
            self.at[l.to as usize] = i as u32;
            self.stamp[l.to as usize] = self.now;
        }
    }

    /// Where `to` is in the list last filled.
    fn find(&self, to: u32) -> Option<usize> {
        (self.stamp[to as usize] == self.now).then(|| self.at[to as usize] as usize)
    }

    /// Adds the link to `to` at `cost`, or lowers the one there.
    fn set<C: Cost>(
        list: &mut Vec<Link<C>>,
        at: &mut [u32],
        stamp: &mut [u32],
        now: u32,
        to: u32,
        cost: C,
        middle: u32,
    ) {
        if stamp[to as usize] == now {
            let l = &mut list[at[to as usize] as usize];
            if cost < l.cost {
                (l.cost, l.middle) = (cost, middle);
            }
        } else {
            stamp[to as usize] = now;
            at[to as usize] = list.len() as u32;
            list.push(Link { to, cost, middle });
        }
    }
}

/// The hierarchy by rank from every node's kept arcs (by dense id).
fn assemble<C: Cost>(kept: Vec<Vec<Kept<C>>>, rank: Vec<u32>, order: Vec<u32>) -> Upward<C> {
    let n = rank.len();
    let mut first = Vec::with_capacity(n + 1);
    let mut arcs = Vec::new();
    let mut middles = Vec::new();
    first.push(0u32);
    let to_rank = |m: u32| {
        if m == ORIGINAL {
            ORIGINAL
        } else {
            rank[m as usize]
        }
    };
    let mut run = Vec::new();
    for &v in &order {
        run.clear();
        run.extend(kept[v as usize].iter().map(|&(x, up, down, mu, md)| {
            (
                Arc {
                    head: rank[x as usize],
                    up,
                    down,
                },
                [to_rank(mu), to_rank(md)],
            )
        }));
        run.sort_unstable_by_key(|a| a.0.head);
        for (a, m) in run.drain(..) {
            arcs.push(a);
            middles.push(m);
        }
        first.push(arcs.len() as u32);
    }
    let mut up = Upward {
        first,
        arcs,
        details: Vec::new(),
        flat: Vec::new(),
        rank,
        node: order,
    };
    up.arcs.shrink_to_fit();
    up.link_halves(&middles);
    up.flatten();
    up
}
