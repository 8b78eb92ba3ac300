//! The graph a mesh is searched on: a node at every corner of the free
//! space and at the middle of every long portal, an edge between any two
//! nodes of one polygon (a straight segment inside it, convex), plus the
//! query's start and goal points.

use std::sync::Arc;

use super::mesh::NONE;
use super::point::Point;
use super::MeshError;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};

/// The search graph of a mesh. Nodes `0..corner_count` are *corners*: a
/// vertex as seen from one fan of polygons around it (a vertex where two
/// regions touch at a point, such as two grid cells meeting diagonally
/// between two walls, is two corners, so no path passes through the
/// touching point). Nodes from `corner_count` on are the middles of
/// portals longer than the mesh's `portal_nodes` length: without them a
/// route across a wide open polygon must go by one of its far corners, and
/// may choose the wrong way round an obstacle (Boston_0_512: worst length
/// 1.36 of the octile optimum with corners only, 1.024 with middles of
/// portals over 8 cells; a middle on every portal made den520d's search 2.3
/// times slower for no better routes: `examples/navmesh.rs`).
#[derive(Clone, Debug, Default)]
pub(crate) struct NodeGraph {
    pub(crate) positions: Arc<[Point]>,
    pub(crate) corner_count: u32,
    /// The corner node at each slot's vertex.
    pub(crate) slot_corner: Vec<u32>,
    /// The portal node on each slot's edge (to the next slot), or [`NONE`].
    pub(crate) slot_portal: Vec<u32>,
    /// Edges of node `n`: `edge_start[n]..edge_start[n + 1]`.
    edge_start: Vec<u32>,
    edge_to: Vec<u32>,
    edge_cost: Vec<f64>,
    /// The polygon each edge runs through.
    edge_polygon: Vec<u32>,
}

impl NodeGraph {
    pub(crate) fn new(
        vertices: &[Point],
        start: &[u32],
        corners: &[u32],
        links: &[u32],
        long: f64,
    ) -> Result<NodeGraph, MeshError> {
        let count = start.len() - 1;
        let slots = corners.len();
        let next = |p: usize, s: usize| {
            if s + 1 == start[p + 1] as usize {
                start[p] as usize
            } else {
                s + 1
            }
        };
        // Corners: the slots at one vertex joined across each portal.
        let mut parent: Vec<u32> = (0..slots as u32).collect();
        fn find(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                let up = parent[parent[x as usize] as usize];
                parent[x as usize] = up;
                x = up;
            }
            x
        }
        // The slot of polygon q whose edge runs b -> a.
        let slot_from = |q: u32, b: u32| -> Option<usize> {
            (start[q as usize] as usize..start[q as usize + 1] as usize).find(|&t| corners[t] == b)
        };
        // Each portal once, as the slots at its ends: p's slot s (at a) and
        // n (at b), q's slot t (at b) and u (at a), for the edge a -> b of p.
        let mut portals: Vec<[usize; 4]> = Vec::new();
        for p in 0..count {
            for s in start[p] as usize..start[p + 1] as usize {
                let q = links[s];
                if q == NONE || q < p as u32 {
                    continue;
                }
                let n = next(p, s);
                let Some(t) = slot_from(q, corners[n]) else {
                    continue;
                };
                let u = next(q as usize, t);
                debug_assert_eq!(corners[u], corners[s]);
                portals.push([s, n, t, u]);
            }
        }
        for &[s, n, t, u] in &portals {
            for (x, y) in [(s, u), (n, t)] {
                let (rx, ry) = (find(&mut parent, x as u32), find(&mut parent, y as u32));
                if rx != ry {
                    parent[rx as usize] = ry;
                }
            }
        }
        let mut positions = Vec::new();
        let mut slot_corner = vec![NONE; slots];
        let mut root_node = vec![NONE; slots];
        for s in 0..slots {
            let r = find(&mut parent, s as u32) as usize;
            if root_node[r] == NONE {
                root_node[r] = positions.len() as u32;
                positions.push(vertices[corners[s] as usize]);
            }
            slot_corner[s] = root_node[r];
        }
        let corner_count = positions.len() as u32;
        let mut slot_portal = vec![NONE; slots];
        for &[s, n, t, _] in &portals {
            let (pa, pb) = (vertices[corners[s] as usize], vertices[corners[n] as usize]);
            if pa.distance(pb) <= long {
                continue;
            }
            let id = positions.len() as u32;
            positions.push(Point::new((pa.x + pb.x) * 0.5, (pa.y + pb.y) * 0.5));
            slot_portal[s] = id;
            slot_portal[t] = id;
        }
        if positions.len() >= (NONE - 2) as usize {
            return Err(MeshError::TooLarge);
        }
        // Edges: every pair of nodes on one polygon, through it.
        let mut pairs: Vec<(u32, u32, u32)> = Vec::new();
        let mut nodes: Vec<u32> = Vec::new();
        for p in 0..count {
            nodes.clear();
            nodes.extend_from_slice(&slot_corner[start[p] as usize..start[p + 1] as usize]);
            nodes.extend(
                slot_portal[start[p] as usize..start[p + 1] as usize]
                    .iter()
                    .filter(|&&x| x != NONE),
            );
            for &a in &nodes {
                for &b in &nodes {
                    if a != b {
                        pairs.push((a, b, p as u32));
                    }
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup_by(|x, y| x.0 == y.0 && x.1 == y.1);
        if pairs.len() >= NONE as usize {
            return Err(MeshError::TooLarge);
        }
        let n = positions.len();
        let mut edge_start = vec![0u32; n + 1];
        for &(a, _, _) in &pairs {
            edge_start[a as usize + 1] += 1;
        }
        for i in 0..n {
            edge_start[i + 1] += edge_start[i];
        }
        let edge_to = pairs.iter().map(|e| e.1).collect();
        let edge_cost = pairs
            .iter()
            .map(|e| positions[e.0 as usize].distance(positions[e.1 as usize]))
            .collect();
        let edge_polygon = pairs.iter().map(|e| e.2).collect();
        Ok(NodeGraph {
            positions: positions.into(),
            corner_count,
            slot_corner,
            slot_portal,
            edge_start,
            edge_to,
            edge_cost,
            edge_polygon,
        })
    }

    /// The edges of node `n`: `(to, cost, polygon)`.
    #[inline]
    pub(crate) fn edges(&self, n: u32) -> impl Iterator<Item = (u32, f64, u32)> + '_ {
        let r = self.edge_start[n as usize] as usize..self.edge_start[n as usize + 1] as usize;
        self.edge_to[r.clone()]
            .iter()
            .zip(&self.edge_cost[r.clone()])
            .zip(&self.edge_polygon[r])
            .map(|((&t, &c), &p)| (t, c, p))
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.positions.len() * core::mem::size_of::<Point>()
            + (self.slot_corner.capacity()
                + self.edge_start.capacity()
                + self.edge_to.capacity()
                + self.edge_polygon.capacity())
                * 4
            + self.edge_cost.capacity() * 8
    }
}

/// The graph of one query: the mesh's nodes, then the start point (node
/// `n`) and the goal point (node `n + 1`).
pub(crate) struct QueryGraph<'q> {
    pub(crate) graph: &'q NodeGraph,
    pub(crate) start: Point,
    /// The nodes the start joins (see `fill_nodes`), with how.
    pub(crate) start_nodes: &'q [(u32, u32)],
    pub(crate) goal: Point,
    /// The nodes the goal joins, sorted by node, with how.
    pub(crate) goal_nodes: &'q [(u32, u32)],
    /// Whether start and goal share a polygon.
    pub(crate) same_polygon: bool,
}

impl QueryGraph<'_> {
    #[inline]
    pub(crate) fn start_node(&self) -> u32 {
        self.graph.positions.len() as u32
    }

    #[inline]
    pub(crate) fn goal_node(&self) -> u32 {
        self.graph.positions.len() as u32 + 1
    }

    #[inline]
    pub(crate) fn position(&self, n: u32) -> Point {
        match self.graph.positions.get(n as usize) {
            Some(&p) => p,
            None if n == self.start_node() => self.start,
            None => self.goal,
        }
    }
}

impl Graph for QueryGraph<'_> {
    type Node = u32;
    type Cost = f64;

    fn successors(&self, node: u32, mut edge: impl FnMut(u32, f64)) {
        self.expand(Expansion::new(node), &mut edge)
    }

    #[inline]
    fn expand(&self, at: Expansion<u32>, edges: &mut impl EdgeSink<u32, f64>) {
        let node = at.node;
        let goal = self.goal_node();
        if node == self.start_node() {
            for &(m, _) in self.start_nodes {
                let cost = self.start.distance(self.graph.positions[m as usize]);
                edges.indexed_edge(m, m as usize, cost);
            }
            if self.same_polygon {
                edges.indexed_edge(goal, goal as usize, self.start.distance(self.goal));
            }
            return;
        }
        if node == goal {
            return;
        }
        for (m, cost, _) in self.graph.edges(node) {
            edges.indexed_edge(m, m as usize, cost);
        }
        if self.goal_nodes.binary_search_by_key(&node, |e| e.0).is_ok() {
            let cost = self.graph.positions[node as usize].distance(self.goal);
            edges.indexed_edge(goal, goal as usize, cost);
        }
    }

    fn contains(&self, node: u32) -> bool {
        (node as usize) < self.graph.positions.len() + 2
    }

    fn dense_ids(&self) -> Option<&impl DenseIds<Node = u32, Cost = f64>> {
        Some(self)
    }
}

impl DenseIds for QueryGraph<'_> {
    fn node_count(&self) -> usize {
        self.graph.positions.len() + 2
    }

    fn node_index(&self, node: u32) -> Option<usize> {
        ((node as usize) < self.node_count()).then_some(node as usize)
    }

    fn node_at(&self, index: usize) -> Option<u32> {
        (index < self.node_count()).then_some(index as u32)
    }
}
