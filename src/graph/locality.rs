//! Node orders that put nodes near each other in the graph near each other in
//! memory: the orders [`Renumbered`](super::Renumbered) is built from.
//!
//! Each function returns `old_of`: position `i` holds the original id of the
//! node that becomes node `i`.

use super::StaticGraph;
use crate::cost::Cost;

/// Bits per axis of the Hilbert curve's grid: 2^16 x 2^16 cells, so the
/// index fits a `u32` and cells are finer than any road graph's nodes.
const HILBERT_BITS: u32 = 16;

/// The index of cell `(x, y)` along the Hilbert curve over a `2^bits`
/// square grid (`x, y < 2^bits`, `bits <= 16`). Consecutive indices are
/// neighbouring cells, and every aligned square block of `4^k` cells is one
/// run of indices.
pub(crate) fn hilbert_index(mut x: u32, mut y: u32, bits: u32) -> u32 {
    let mut d = 0u32;
    let mut s = 1u32 << bits >> 1;
    while s > 0 {
        let rx = u32::from(x & s != 0);
        let ry = u32::from(y & s != 0);
        // Which quadrant of the current square: 0 lower left, 1 upper
        // left, 2 upper right, 3 lower right.
        d += s * s * ((3 * rx) ^ ry);
        // Turn the quadrant so that the curve inside it starts in its lower
        // left and ends in its lower right, as the whole curve does; only
        // the bits below `s` matter from here on.
        if ry == 0 {
            if rx == 1 {
                x = s.wrapping_sub(1).wrapping_sub(x);
                y = s.wrapping_sub(1).wrapping_sub(y);
            }
            core::mem::swap(&mut x, &mut y);
        }
        s >>= 1;
    }
    d
}

/// The nodes sorted by the Hilbert index of their point (ties by id), the
/// points scaled into a `2^16` square grid by their bounding box. `None`
/// when a coordinate is not finite: the node's id.
pub(crate) fn hilbert_order(points: &[[f64; 2]]) -> Result<Vec<u32>, u32> {
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for (i, p) in points.iter().enumerate() {
        if !(p[0].is_finite() && p[1].is_finite()) {
            return Err(i as u32);
        }
        for a in 0..2 {
            lo[a] = lo[a].min(p[a]);
            hi[a] = hi[a].max(p[a]);
        }
    }
    let side = (hi[0] - lo[0]).max(hi[1] - lo[1]);
    let last = f64::from((1u32 << HILBERT_BITS) - 1);
    // One scale for both axes keeps the cells square.
    let scale = if side > 0.0 && side.is_finite() {
        last / side
    } else {
        0.0
    };
    let cell = |v: f64, a: usize| (((v - lo[a]) * scale).clamp(0.0, last)) as u32;
    let mut keyed: Vec<(u32, u32)> = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let key = hilbert_index(cell(p[0], 0), cell(p[1], 1), HILBERT_BITS);
            (key, i as u32)
        })
        .collect();
    keyed.sort_unstable();
    Ok(keyed.into_iter().map(|(_, i)| i).collect())
}

/// A breadth-first order in the manner of Cuthill and McKee, over the edges
/// taken both ways: each connected part from a node far from where its
/// first node is (the last one a breadth-first search from it reaches), and
/// the new neighbours of each node in order of increasing degree.
pub(crate) fn breadth_first_order<C: Cost>(graph: &StaticGraph<C>) -> Vec<u32> {
    let n = graph.len();
    let reverse = graph.reverse();
    let degree = |v: u32| graph.degree(v) + reverse.degree(v);
    let neighbours = |v: u32| {
        graph
            .edges(v)
            .map(|(t, _)| t)
            .chain(reverse.edges(v).map(|(t, _)| t))
    };
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    let mut probed = vec![false; n];
    let mut queue: Vec<u32> = Vec::new();
    for first in 0..n as u32 {
        if placed[first as usize] {
            continue;
        }
        // The probe: a plain breadth-first search from `first`; its last
        // node roots the order of this part.
        queue.clear();
        queue.push(first);
        probed[first as usize] = true;
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            for v in neighbours(u) {
                if !probed[v as usize] {
                    probed[v as usize] = true;
                    queue.push(v);
                }
            }
        }
        let root = queue.last().copied().unwrap_or(first);
        placed[root as usize] = true;
        let mut head = order.len();
        order.push(root);
        while let Some(&u) = order.get(head) {
            head += 1;
            let fresh = order.len();
            for v in neighbours(u) {
                if !placed[v as usize] {
                    placed[v as usize] = true;
                    order.push(v);
                }
            }
            order[fresh..].sort_unstable_by_key(|&v| (degree(v), v));
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hilbert_walks_the_grid_one_step_at_a_time() {
        for bits in 1..=4 {
            let side = 1u32 << bits;
            let mut cell_at = vec![None; (side * side) as usize];
            for y in 0..side {
                for x in 0..side {
                    let d = hilbert_index(x, y, bits) as usize;
                    assert!(cell_at[d].is_none(), "index {d} twice");
                    cell_at[d] = Some((x, y));
                }
            }
            let cells: Vec<(u32, u32)> = cell_at.into_iter().map(Option::unwrap).collect();
            assert_eq!(cells[0], (0, 0));
            assert_eq!(cells[cells.len() - 1], (side - 1, 0));
            for w in cells.windows(2) {
                let step = w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1);
                assert_eq!(step, 1, "{:?} -> {:?}", w[0], w[1]);
            }
        }
    }

    #[test]
    fn hilbert_order_refuses_non_finite_points() {
        assert_eq!(hilbert_order(&[[0.0, 0.0], [f64::NAN, 1.0]]), Err(1));
        assert_eq!(hilbert_order(&[[f64::INFINITY, 0.0]]), Err(0));
        // All in one point: ties by id.
        assert_eq!(hilbert_order(&[[2.0, 2.0]; 3]), Ok(vec![0, 1, 2]));
        // Quadrants: lower left, upper left, upper right, lower right.
        let points = [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [0.0, 0.0]];
        assert_eq!(hilbert_order(&points), Ok(vec![3, 2, 1, 0]));
    }

    #[test]
    fn breadth_first_covers_every_part_and_starts_at_an_end() {
        // A path 3 - 1 - 0 - 2 given in scrambled ids, and a lone node 4:
        // the probe from 0 ends at 3.
        let g =
            StaticGraph::from_undirected_edges(5, [(1, 0, 1u32), (0, 2, 1), (3, 1, 1)]).unwrap();
        assert_eq!(breadth_first_order(&g), [3, 1, 0, 2, 4]);
        // One-way edges are followed both ways.
        let d = StaticGraph::from_edges(3, [(2, 1, 1u32), (1, 0, 1)]).unwrap();
        assert_eq!(breadth_first_order(&d), [2, 1, 0]);
    }
}
