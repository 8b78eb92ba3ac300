//! Choosing the landmarks: farthest-point, Goldberg and Werneck's "avoid",
//! and random.

use super::{LandmarkError, Prep};
use crate::cost::Cost;

/// How [`Landmarks::new`](super::Landmarks::new) chooses its landmarks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Selection {
    /// Farthest-point (Goldberg and Harrelson 2005): the first landmark is
    /// the node farthest from a random node; each next one the node
    /// farthest from all landmarks so far (a node they do not reach at all
    /// comes first, so every part of a disconnected graph gets one).
    Farthest,
    /// "Avoid" (Goldberg and Werneck 2005): grow a shortest-path tree from a
    /// random root, weigh each node by how much the current landmarks
    /// underestimate its distance from the root, and walk down from the
    /// root into the heaviest subtree that holds no landmark; the leaf
    /// reached is the next landmark. Usually the best of the three for the
    /// same count.
    Avoid,
    /// Seeded random nodes: cheapest to choose, weakest bounds; a baseline.
    Random,
}

/// Distances of one landmark: from it, and to it when the graph is directed.
pub(super) fn columns<C: Cost>(
    prep: &mut Prep<C>,
    id: usize,
    from: &mut Vec<Vec<Option<C>>>,
    to: &mut Vec<Vec<Option<C>>>,
) -> Result<(), LandmarkError> {
    from.push(prep.distances(&[id], false)?);
    if prep.backward.is_some() {
        to.push(prep.distances(&[id], true)?);
    }
    Ok(())
}

/// A landmark list and its distance columns (from, to).
type Chosen<C> = (Vec<usize>, Vec<Vec<Option<C>>>, Vec<Vec<Option<C>>>);

pub(super) fn choose<C: Cost>(
    prep: &mut Prep<C>,
    count: usize,
    selection: Selection,
    seed: u64,
) -> Result<Chosen<C>, LandmarkError> {
    let usable: Vec<usize> = (0..prep.len()).filter(|&v| prep.usable[v]).collect();
    let count = count.clamp(1, usable.len());
    let mut rng = SplitMix(seed);
    let (mut nodes, mut from, mut to) = (Vec::new(), Vec::new(), Vec::new());
    while nodes.len() < count {
        let next = match selection {
            Selection::Random => random_new(&mut rng, &usable, &nodes),
            Selection::Farthest => farthest(prep, &mut rng, &usable, &nodes)?,
            Selection::Avoid => match avoid(prep, &mut rng, &usable, &nodes, &from, &to)? {
                Some(v) => Some(v),
                None => farthest(prep, &mut rng, &usable, &nodes)?,
            },
        };
        let Some(next) = next else {
            break;
        };
        columns(prep, next, &mut from, &mut to)?;
        nodes.push(next);
    }
    Ok((nodes, from, to))
}

/// A usable node that is not a landmark yet, at random.
fn random_new(rng: &mut SplitMix, usable: &[usize], taken: &[usize]) -> Option<usize> {
    if taken.len() >= usable.len() {
        return None;
    }
    loop {
        let v = usable[rng.below(usable.len())];
        if !taken.contains(&v) {
            return Some(v);
        }
    }
}

/// The usable node farthest from the landmarks so far (from a random node
/// for the first): one not reached at all first, else the largest distance
/// (ties: the smaller id).
fn farthest<C: Cost>(
    prep: &mut Prep<C>,
    rng: &mut SplitMix,
    usable: &[usize],
    taken: &[usize],
) -> Result<Option<usize>, LandmarkError> {
    let sources = if taken.is_empty() {
        vec![usable[rng.below(usable.len())]]
    } else {
        taken.to_vec()
    };
    let dist = prep.distances(&sources, false)?;
    let mut best: Option<(usize, Option<C>)> = None;
    for &v in usable {
        if taken.contains(&v) {
            continue;
        }
        let d = dist[v];
        let better = match (best, d) {
            (None, _) => true,
            (Some((_, Some(_))), None) => true,
            (Some((_, Some(b))), Some(d)) => d > b,
            (Some((_, None)), _) => false,
        };
        if better {
            best = Some((v, d));
        }
    }
    Ok(best.map(|(v, _)| v))
}

/// Goldberg and Werneck's "avoid" step; `None` when no root found a
/// subtree free of landmarks with any weight (the caller falls back).
fn avoid<C: Cost>(
    prep: &mut Prep<C>,
    rng: &mut SplitMix,
    usable: &[usize],
    taken: &[usize],
    from: &[Vec<Option<C>>],
    to: &[Vec<Option<C>>],
) -> Result<Option<usize>, LandmarkError> {
    let n = prep.len();
    // Distances to the landmarks: their own columns, or the from columns on
    // a symmetric graph.
    let to = if to.is_empty() { from } else { to };
    for _attempt in 0..8 {
        let Some(root) = random_new(rng, usable, taken) else {
            return Ok(None);
        };
        let dist = prep.distances(&[root], false)?;
        let parents = prep.parents();
        // The landmarks' lower bound on d(root, v), as f64.
        let lower = |v: usize| -> f64 {
            let mut lb = 0f64;
            for k in 0..taken.len() {
                let pair = |col: &[Option<C>], a: usize, b: usize| match (col[a], col[b]) {
                    (Some(x), Some(y)) => x.as_f64() - y.as_f64(),
                    _ => 0.0,
                };
                // d(L, v) - d(L, root) and d(root, L) - d(v, L).
                lb = lb.max(pair(&from[k], v, root)).max(pair(&to[k], root, v));
            }
            lb
        };
        // Children lists of the shortest-path tree, in CSR form.
        let mut start = vec![0u32; n + 1];
        for p in parents.iter().flatten() {
            start[*p as usize + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start[..n].to_vec();
        let mut children = vec![0u32; start[n] as usize];
        for (v, p) in parents.iter().enumerate() {
            if let Some(p) = p {
                children[fill[*p as usize] as usize] = v as u32;
                fill[*p as usize] += 1;
            }
        }
        let kids = |v: usize| &children[start[v] as usize..start[v + 1] as usize];
        // Breadth-first order from the root: parents before children.
        let mut order = vec![root];
        let mut i = 0;
        while i < order.len() {
            order.extend(kids(order[i]).iter().map(|&c| c as usize));
            i += 1;
        }
        // Subtree weights; a subtree holding a landmark weighs 0.
        let mut size = vec![0f64; n];
        let mut holds = vec![false; n];
        for &v in order.iter().rev() {
            let own = dist[v].map_or(0.0, |d| (d.as_f64() - lower(v)).max(0.0));
            holds[v] |= taken.contains(&v);
            size[v] += own;
            if let Some(p) = parents[v] {
                let p = p as usize;
                holds[p] |= holds[v];
                if !holds[v] {
                    size[p] += size[v];
                }
            }
        }
        for &v in &order {
            if holds[v] {
                size[v] = 0.0;
            }
        }
        // Walk down into the heaviest landmark-free child to a leaf.
        let mut at = root;
        loop {
            let heaviest = kids(at)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| size[c] > 0.0)
                .max_by(|&a, &b| size[a].total_cmp(&size[b]).then(b.cmp(&a)));
            match heaviest {
                Some(c) => at = c,
                None => break,
            }
        }
        if at != root && prep.usable[at] && !taken.contains(&at) {
            return Ok(Some(at));
        }
    }
    Ok(None)
}

/// SplitMix64: a small seeded generator for reproducible choices.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}
