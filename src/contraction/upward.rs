//! The searchable form of a contraction hierarchy: every node's arcs to
//! higher-ranked nodes, numbered by rank, with the shortcuts' middle nodes
//! kept apart for unpacking.
//!
//! Both kinds of hierarchy ([`ContractionHierarchy`](super::ContractionHierarchy),
//! [`CustomizableHierarchy`](super::CustomizableHierarchy)) hand their
//! queries one of these, so one search, one unpacking and one distance table
//! serve both.

use crate::cost::Cost;

/// No middle node: the arc is an edge of the graph.
pub(crate) const ORIGINAL: u32 = u32::MAX;

/// An arc between a node and a higher-ranked `head`, both ways: `up` is the
/// cost from the node to `head`, `down` from `head` back to the node; an
/// absent direction costs [`Upward::absent`] (the cost type's largest
/// value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Arc<C> {
    pub(crate) head: u32,
    pub(crate) up: C,
    pub(crate) down: C,
}

/// Marks a shortcut unpacked ahead of time: `halves[dir]` is then
/// `[FLAT | start, count]`, the nodes strictly between its ends at
/// `flat[start..start + count]`, in the direction's order.
pub(crate) const FLAT: u32 = 1 << 31;

/// Shortcuts of at most this many edges are kept unpacked.
const FLAT_EDGES: usize = 64;

/// What unpacking an arc needs, in one place (one cache line read per
/// arc unpacked): per direction (up, down) the two arcs a shortcut
/// stands for (or its nodes, see [`FLAT`]), or [`ORIGINAL`] twice for an
/// edge of the graph; and the dense ids of its two ends (the lower node,
/// the head).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Detail {
    pub(crate) halves: [[u32; 2]; 2],
    pub(crate) ends: [u32; 2],
}

/// Arcs by rank, in compressed sparse row form: `first[r]..first[r + 1]`
/// are the arcs of the node of rank `r`, sorted by head.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Upward<C> {
    pub(crate) first: Vec<u32>,
    pub(crate) arcs: Vec<Arc<C>>,
    /// Per arc, how to unpack it.
    pub(crate) details: Vec<Detail>,
    /// The nodes of the shortcuts kept unpacked ([`FLAT`]).
    pub(crate) flat: Vec<u32>,
    /// Dense id -> rank.
    pub(crate) rank: Vec<u32>,
    /// Rank -> dense id.
    pub(crate) node: Vec<u32>,
}

impl<C: Cost> Upward<C> {
    /// The cost of a direction an arc does not have.
    #[inline]
    pub(crate) fn absent() -> C {
        C::max_value()
    }

    pub(crate) fn len(&self) -> usize {
        self.rank.len()
    }

    /// The arcs of the node of rank `r`.
    #[inline]
    pub(crate) fn arcs(&self, r: u32) -> core::ops::Range<usize> {
        self.first[r as usize] as usize..self.first[r as usize + 1] as usize
    }

    /// The index of the arc from rank `low` to the higher rank `high`.
    pub(crate) fn find(&self, low: u32, high: u32) -> Option<usize> {
        let range = self.arcs(low);
        let start = range.start;
        self.arcs[range]
            .binary_search_by_key(&high, |a| a.head)
            .ok()
            .map(|i| start + i)
    }

    /// Details with no shortcut, and the ends of every arc.
    pub(crate) fn plain_details(&self) -> Vec<Detail> {
        let mut details = Vec::with_capacity(self.arcs.len());
        for low in 0..self.len() as u32 {
            for arc in self.arcs(low) {
                details.push(Detail {
                    halves: [[ORIGINAL; 2]; 2],
                    ends: [
                        self.node[low as usize],
                        self.node[self.arcs[arc].head as usize],
                    ],
                });
            }
        }
        details
    }

    /// Fills in the halves of every shortcut from `middles` (per arc, the
    /// middle rank of its up and its down shortcut, or [`ORIGINAL`]).
    pub(crate) fn link_halves(&mut self, middles: &[[u32; 2]]) {
        self.details = self.plain_details();
        for low in 0..self.len() as u32 {
            for arc in self.arcs(low) {
                let head = self.arcs[arc].head;
                for (dir, (from, to)) in [(low, head), (head, low)].into_iter().enumerate() {
                    let middle = middles[arc][dir];
                    if middle != ORIGINAL {
                        let first = self.find(middle, from).expect("a shortcut's first half");
                        let second = self.find(middle, to).expect("a shortcut's second half");
                        self.details[arc].halves[dir] = [first as u32, second as u32];
                    }
                }
            }
        }
    }

    /// Keeps every shortcut of at most [`FLAT_EDGES`] edges unpacked, so
    /// that a path reads its nodes in one run instead of walking the
    /// shortcut's halves (the walk is most of a query's time on roads).
    pub(crate) fn flatten(&mut self) {
        self.flat.clear();
        if self.arcs.len() >= FLAT as usize {
            // Arc indices would reach the tag bit: keep the walk.
            return;
        }
        let (mut nodes, mut rest) = (Vec::new(), Vec::new());
        for arc in 0..self.arcs.len() {
            for dir in 0..2 {
                let [first, _] = self.details[arc].halves[dir];
                if first == ORIGINAL || first & FLAT != 0 {
                    continue;
                }
                nodes.clear();
                if !self.unpack_at_most(arc, dir == 0, FLAT_EDGES, &mut nodes, &mut rest) {
                    continue;
                }
                // The last node is the arc's far end, which `unpack` adds.
                nodes.pop();
                let start = self.flat.len();
                if start >= FLAT as usize {
                    return;
                }
                self.flat.extend_from_slice(&nodes);
                self.details[arc].halves[dir] = [FLAT | start as u32, nodes.len() as u32];
            }
        }
        self.flat.shrink_to_fit();
    }

    /// [`unpack`](Self::unpack) if the arc stands for at most `max` edges:
    /// `false` (and `out` partly filled) otherwise.
    fn unpack_at_most(
        &self,
        arc: usize,
        up: bool,
        max: usize,
        out: &mut Vec<u32>,
        rest: &mut Vec<u32>,
    ) -> bool {
        let (mut arc, mut up) = (arc, up);
        let max = out.len().saturating_add(max);
        rest.clear();
        loop {
            if out.len() > max {
                return false;
            }
            let d = &self.details[arc];
            let [first, second] = d.halves[usize::from(!up)];
            if first == ORIGINAL || first & FLAT != 0 {
                if first != ORIGINAL {
                    let start = (first & !FLAT) as usize;
                    out.extend_from_slice(&self.flat[start..start + second as usize]);
                }
                out.push(d.ends[usize::from(up)]);
                match rest.pop() {
                    Some(next) => (arc, up) = (next as usize, true),
                    None => return out.len() <= max,
                }
                continue;
            }
            rest.push(second);
            (arc, up) = (first as usize, false);
        }
    }

    /// `true` when direction `dir` (0 up, 1 down) of `arc` is a shortcut.
    pub(crate) fn is_shortcut(&self, arc: usize, dir: usize) -> bool {
        self.details[arc].halves[dir][0] != ORIGINAL
    }

    /// Appends to `out` the dense ids of the original path along `arc`,
    /// going up (from its lower node to its head) or down, without its
    /// first node.
    /// `rest` is scratch memory (the halves still to unpack).
    pub(crate) fn unpack(&self, arc: usize, up: bool, out: &mut Vec<u32>, rest: &mut Vec<u32>) {
        self.unpack_at_most(arc, up, usize::MAX, out, rest);
    }

    /// Bytes of heap memory held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.first.capacity() * 4
            + self.arcs.capacity() * core::mem::size_of::<Arc<C>>()
            + self.details.capacity() * core::mem::size_of::<Detail>()
            + self.flat.capacity() * 4
            + (self.rank.capacity() + self.node.capacity()) * 4
    }
}
