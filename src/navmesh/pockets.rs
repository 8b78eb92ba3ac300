//! Pockets: the parts of a mesh that only one portal joins to the rest (the
//! portal is a bridge of the graph of polygons). A shortest path never
//! enters a pocket that holds neither end of it, since it would have to
//! leave by the portal it came in by, and the straight way along the
//! portal is shorter; the exact search skips them.

use super::mesh::NONE;

/// Per portal, the pocket beyond it if it is a bridge, as a subtree of a
/// depth-first search of the polygons.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pockets {
    /// Per slot: for a bridge, the polygon at the lower end of the bridge
    /// in the search tree (its subtree is one side); otherwise [`NONE`].
    child: Vec<u32>,
    /// Per polygon: its entry and exit times in the search.
    enter: Vec<u32>,
    leave: Vec<u32>,
}

impl Pockets {
    /// The pockets of the polygons `start` / `links` (as the mesh keeps
    /// them: polygon `p`'s slots are `start[p]..start[p + 1]`, `links[s]`
    /// the polygon across slot `s` or [`NONE`]). O(polygons + portals).
    pub(crate) fn new(start: &[u32], links: &[u32], twins: &[u32]) -> Pockets {
        let count = start.len() - 1;
        let mut child = vec![NONE; links.len()];
        let mut enter = vec![NONE; count];
        let mut leave = vec![0u32; count];
        // The lowest entry time reachable from each polygon's subtree by
        // one portal that is not the one it was entered by.
        let mut low = vec![0u32; count];
        let mut time = 0u32;
        // (polygon, slot it was entered by, next slot to look at)
        let mut stack: Vec<(u32, u32, u32)> = Vec::new();
        for root in 0..count as u32 {
            if enter[root as usize] != NONE {
                continue;
            }
            enter[root as usize] = time;
            low[root as usize] = time;
            time += 1;
            stack.push((root, NONE, start[root as usize]));
            while let Some(top) = stack.last_mut() {
                let (p, came, s) = *top;
                if s < start[p as usize + 1] {
                    top.2 += 1;
                    let q = links[s as usize];
                    // Not back across the portal it came in by.
                    if q == NONE || twins[s as usize] == came {
                        continue;
                    }
                    if enter[q as usize] == NONE {
                        enter[q as usize] = time;
                        low[q as usize] = time;
                        time += 1;
                        stack.push((q, s, start[q as usize]));
                    } else {
                        low[p as usize] = low[p as usize].min(enter[q as usize]);
                    }
                    continue;
                }
                stack.pop();
                leave[p as usize] = time;
                if came != NONE {
                    let parent = stack.last().expect("a parent").0 as usize;
                    low[parent] = low[parent].min(low[p as usize]);
                    if low[p as usize] > enter[parent] {
                        // Nothing below `p` reaches above it: a bridge.
                        child[came as usize] = p;
                        child[twins[came as usize] as usize] = p;
                    }
                }
            }
        }
        Pockets {
            child,
            enter,
            leave,
        }
    }

    /// Whether crossing the portal of slot `s` into polygon `q` leads
    /// anywhere a polygon of `targets` can be reached without coming back
    /// across it (always, unless the portal is a bridge).
    #[inline]
    pub(crate) fn leads_to(&self, s: usize, q: u32, targets: &[u32]) -> bool {
        let c = self.child[s];
        if c == NONE {
            return true;
        }
        let (from, to) = (self.enter[c as usize], self.leave[c as usize]);
        let below = |&g: &u32| (from..to).contains(&self.enter[g as usize]);
        if c == q {
            targets.iter().any(below)
        } else {
            !targets.iter().all(below)
        }
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        (self.child.capacity() + self.enter.capacity() + self.leave.capacity()) * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Polygons as a graph: `edges` are portals (pairs of polygons), each
    /// polygon with one slot per portal and one wall. Returns the pockets
    /// and a function's table: the slot of `from` into `to`.
    fn pockets(count: usize, edges: &[(u32, u32)]) -> (Pockets, Vec<u32>, Vec<u32>) {
        let mut start = vec![0u32];
        let mut links = Vec::new();
        for p in 0..count as u32 {
            for &(a, b) in edges {
                if a == p {
                    links.push(b);
                } else if b == p {
                    links.push(a);
                }
            }
            links.push(NONE);
            start.push(links.len() as u32);
        }
        let owner = |s: usize| (0..count).find(|&p| s < start[p + 1] as usize).unwrap() as u32;
        let mut twins = vec![NONE; links.len()];
        for s in 0..links.len() {
            if links[s] != NONE {
                let q = links[s] as usize;
                let back = (start[q]..start[q + 1])
                    .find(|&t| links[t as usize] == owner(s))
                    .unwrap();
                twins[s] = back;
            }
        }
        (Pockets::new(&start, &links, &twins), start, links)
    }

    #[test]
    fn a_pocket_behind_one_portal_is_skipped_unless_it_holds_the_target() {
        // A ring 0-1-2-0, a corridor 2-3-4 off it, and 4-5, 4-6.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (4, 6)];
        let (pockets, start, links) = pockets(7, &edges);
        let into = |from: u32, to: u32| {
            (start[from as usize]..start[from as usize + 1])
                .find(|&s| links[s as usize] == to)
                .unwrap() as usize
        };
        // Ring portals are no bridges.
        assert!(pockets.leads_to(into(0, 1), 1, &[0]));
        assert!(pockets.leads_to(into(2, 0), 0, &[1]));
        // Into the corridor: only for a target there.
        assert!(!pockets.leads_to(into(2, 3), 3, &[1]));
        assert!(pockets.leads_to(into(2, 3), 3, &[5]));
        assert!(!pockets.leads_to(into(4, 5), 5, &[6]));
        assert!(pockets.leads_to(into(4, 5), 5, &[5]));
        // Out of the corridor towards the ring.
        assert!(pockets.leads_to(into(3, 2), 2, &[0]));
        assert!(!pockets.leads_to(into(3, 2), 2, &[4]));
        assert!(!pockets.leads_to(into(5, 4), 4, &[5]));
        // A target on both sides (a goal on the portal itself).
        assert!(pockets.leads_to(into(3, 4), 4, &[3, 4]));
        assert!(pockets.leads_to(into(4, 3), 3, &[3, 4]));
    }
}
