//! Landmarks for the exact search: the shortest distance from a few
//! corners of the free space to every vertex, kept in the mesh, so the
//! search can bound a root's remaining distance by the triangle
//! inequality (a differential heuristic, as ALT does on graphs).
//!
//! For a landmark `L`, a root `r` and the goal `t`: `d(r, t) >= d(L, t) -
//! d(L, r)` and `d(r, t) >= d(L, r) - d(L, t)`. `d(L, r)` is read from the
//! table; `d(L, t)` lies within `d(L, v) -+ |v - t|` for each corner `v` of
//! the convex polygon holding `t`. The search takes the larger of this
//! bound and Polyanya's straight estimate: still a lower bound, so paths
//! stay optimal, and far tighter where walls force long detours.

use super::ExactSearch;
use crate::navmesh::mesh::{NavMesh, NONE};

/// Per landmark, its shortest distance to each vertex (NaN: unknown).
#[derive(Clone, Debug, Default)]
pub(crate) struct Landmarks {
    count: usize,
    /// `dist[v * count + i]`: from landmark `i` to vertex `v`.
    dist: Vec<f64>,
}

impl Landmarks {
    /// How many landmarks there are.
    #[inline]
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// The distances from every landmark to vertex `v`.
    #[inline]
    pub(crate) fn of(&self, v: u32) -> &[f64] {
        let at = v as usize * self.count;
        &self.dist[at..at + self.count]
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.dist.capacity() * 8
    }
}

impl NavMesh {
    /// Picks `count` landmarks among the corners of the free space and
    /// keeps each one's shortest distance to every vertex, which
    /// [`find_exact_path`](super::super::MeshQuery::find_exact_path) then
    /// uses to bound how far the goal still is: far fewer search nodes
    /// where walls force long detours (each landmark is one search of the
    /// whole mesh, and 8 bytes per vertex). `0` removes them. Paths are
    /// the same shortest paths either way; [`find_path`](NavMesh::find_path)
    /// does not use them.
    ///
    /// The landmarks are spread out: the first is the corner farthest from
    /// an arbitrary corner, each next one the corner farthest from those
    /// chosen (by shortest path). The mesh cannot change afterwards, so the
    /// table never goes stale.
    ///
    /// # Complexity
    /// `count` exact searches that visit the whole mesh: under a
    /// millisecond each on a 256 x 256 Dragon Age map (about 1,000
    /// polygons), about 0.6 s each on a 512 x 512 map strewn with single
    /// blocked cells (36,691 polygons).
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{MeshQuery, NavMesh, Point};
    /// // Two rooms under a corridor, a block between them: round its top.
    /// let v = [
    ///     [0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0],
    ///     [0.0, 2.0], [1.0, 2.0], [2.0, 2.0], [3.0, 2.0],
    ///     [0.0, 3.0], [3.0, 3.0],
    /// ];
    /// let rooms: [&[u32]; 3] = [&[0, 1, 5, 4], &[2, 3, 7, 6], &[4, 5, 6, 7, 9, 8]];
    /// let mut mesh = NavMesh::from_polygons(&v, &rooms)?;
    /// let mut query = MeshQuery::new();
    /// let plain = query.find_exact_path(&mesh, [0.5, 0.5], [2.5, 0.5])?.unwrap();
    /// mesh.add_landmarks(2);
    /// assert_eq!(mesh.landmark_count(), 2);
    /// let guided = query.find_exact_path(&mesh, [0.5, 0.5], [2.5, 0.5])?.unwrap();
    /// assert_eq!(guided.points, plain.points);
    /// assert_eq!(guided.points[1..3], [Point::new(1.0, 2.0), Point::new(2.0, 2.0)]);
    /// assert!((guided.length - (1.0 + 2.0 * 2.5f64.sqrt())).abs() < 1e-12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_landmarks(&mut self, count: usize) {
        self.landmarks = Landmarks::default();
        if count == 0 {
            return;
        }
        // A polygon of each vertex; the corners a path may bend at.
        let mut polygon_of = vec![u32::MAX; self.vertex_count()];
        for p in 0..self.polygon_count() {
            for s in self.slots(p as u32) {
                polygon_of[self.corners[s] as usize] = p as u32;
            }
        }
        // A vertex where two walls touch (more than the two wall edges of
        // one fan of polygons round it) is reached apart from each side,
        // and a path may not pass from one side to the other there: no
        // single distance holds for it, so it gets none.
        let mut walls = vec![0u8; self.vertex_count()];
        for p in 0..self.polygon_count() as u32 {
            for s in self.slots(p) {
                if self.links[s] == NONE {
                    for v in [self.corners[s], self.corners[self.next_slot(p, s)]] {
                        walls[v as usize] = walls[v as usize].saturating_add(1);
                    }
                }
            }
        }
        let pinch = |v: usize| walls[v] > 2;
        let candidates: Vec<u32> = (0..self.vertex_count() as u32)
            .filter(|&v| {
                self.on_wall[v as usize] && polygon_of[v as usize] != u32::MAX && !pinch(v as usize)
            })
            .collect();
        let Some(&first) = candidates.first() else {
            return;
        };
        let mut search = ExactSearch::default();
        let mut tables: Vec<Vec<f64>> = Vec::new();
        // Per vertex, the distance to the nearest landmark chosen.
        let mut nearest = vec![f64::INFINITY; self.vertex_count()];
        let mut row = Vec::new();
        // The first landmark: the corner farthest from an arbitrary one.
        let mut next = if search.distances(
            self,
            polygon_of[first as usize],
            self.vertices[first as usize],
            &mut row,
        ) {
            farthest(&candidates, &row).unwrap_or(first)
        } else {
            first
        };
        while tables.len() < count {
            let point = self.vertices[next as usize];
            if !search.distances(self, polygon_of[next as usize], point, &mut row) {
                break;
            }
            for (n, &d) in nearest.iter_mut().zip(&row) {
                if d < *n {
                    *n = d;
                }
            }
            tables.push(core::mem::take(&mut row));
            // Landmarks have distance 0 to themselves: never chosen again.
            match farthest(&candidates, &nearest) {
                Some(v) if nearest[v as usize] > 0.0 => next = v,
                _ => break,
            }
        }
        let n = tables.len();
        let mut dist = vec![f64::NAN; self.vertex_count() * n];
        for (i, table) in tables.iter().enumerate() {
            for (v, &d) in table.iter().enumerate() {
                if !pinch(v) {
                    dist[v * n + i] = d;
                }
            }
        }
        self.landmarks = Landmarks { count: n, dist };
    }

    /// How many landmarks the mesh keeps ([`add_landmarks`](NavMesh::add_landmarks)).
    ///
    /// # Example
    /// See [`add_landmarks`](NavMesh::add_landmarks).
    pub fn landmark_count(&self) -> usize {
        self.landmarks.count()
    }
}

/// The candidate with the largest finite distance in `dist` (none reached:
/// `None`).
fn farthest(candidates: &[u32], dist: &[f64]) -> Option<u32> {
    candidates
        .iter()
        .copied()
        .filter(|&v| dist[v as usize].is_finite())
        .max_by(|&a, &b| dist[a as usize].total_cmp(&dist[b as usize]))
}
