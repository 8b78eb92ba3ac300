//! The navigation mesh: convex polygons sharing edges (portals), with the
//! graph its searches run on and the buckets that locate points.

use std::collections::HashMap;

use super::exact::Landmarks;
use super::graph::NodeGraph;
use super::locate::Locator;
use super::overlap::check_overlaps;
use super::pockets::Pockets;
use super::point::{check_coordinate_range, cross, Point};
use super::MeshError;

/// No polygon (across a wall edge), no node.
pub(crate) const NONE: u32 = u32::MAX;

/// Portals longer than this get a search node at their middle: see
/// [`NavMesh::set_portal_nodes`].
pub const DEFAULT_PORTAL_NODES: f64 = 8.0;

/// A 2D navigation mesh: convex polygons that share whole edges. The free
/// space is the union of the polygons; two polygons are neighbours when
/// they share an edge (the same two vertices), and a path may cross from
/// one into the other only there (a *portal*). Edges of one polygon only
/// are walls.
///
/// Make one from your own convex polygons ([`from_polygons`](NavMesh::from_polygons),
/// for instance exported from an editor), or, with the `navmesh` feature,
/// from a MovingAI grid map or from an outline with holes (`from_grid`,
/// `from_outline`). Ask for paths with [`find_path`](NavMesh::find_path), or through a
/// kept [`MeshQuery`](super::MeshQuery) that reuses its memory.
///
/// # Example
/// An L of three squares; the path from one arm to the other bends at the
/// inner corner `(1, 1)`:
/// ```
/// use pathseek::navmesh::{NavMesh, Point};
/// let vertices = [
///     [0.0, 0.0], [1.0, 0.0], [2.0, 0.0],
///     [0.0, 1.0], [1.0, 1.0], [2.0, 1.0],
///     [0.0, 2.0], [1.0, 2.0],
/// ];
/// let squares = [[0u32, 1, 4, 3], [1, 2, 5, 4], [3, 4, 7, 6]];
/// let mesh = NavMesh::from_polygons(&vertices, &squares)?;
/// assert_eq!((mesh.polygon_count(), mesh.portal_count()), (3, 2));
/// let path = mesh.find_path(Point::new(1.9, 0.5), Point::new(0.5, 1.9))?.unwrap();
/// assert_eq!(path.points, [Point::new(1.9, 0.5), Point::new(1.0, 1.0), Point::new(0.5, 1.9)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct NavMesh {
    pub(crate) vertices: Vec<Point>,
    /// Polygon `p`'s corners are `corners[start[p]..start[p + 1]]`, in the
    /// order of positive signed area; a *slot* is a position in `corners`.
    pub(crate) start: Vec<u32>,
    pub(crate) corners: Vec<u32>,
    /// The polygon across the edge from slot `s` to the next slot, or [`NONE`].
    pub(crate) links: Vec<u32>,
    /// The slot of the same edge in the polygon across (the edge `b -> a`
    /// of the neighbour for the edge `a -> b` here), or [`NONE`] at a wall.
    pub(crate) twins: Vec<u32>,
    /// Per vertex, whether it lies on a wall (an edge of one polygon only):
    /// the only points where a shortest path may bend.
    pub(crate) on_wall: Vec<bool>,
    /// Each polygon's corners twice round, with their slots: polygon `p`'s
    /// run is `twice_round[2 * start[p]..2 * start[p + 1]]`, so the corners from
    /// any slot on, once round, are one slice (the exact search reads them
    /// so at every expansion).
    pub(crate) twice_round: Vec<(Point, u32)>,
    /// The parts only one portal joins to the rest (a polygon with one
    /// neighbour among them).
    pub(crate) pockets: Pockets,
    pub(crate) graph: NodeGraph,
    pub(crate) locator: Locator,
    portal_nodes: f64,
    /// Shortest-path lengths from landmarks to the vertices, for the exact
    /// search's heuristic ([`NavMesh::add_landmarks`]); empty by default.
    pub(crate) landmarks: Landmarks,
}

impl NavMesh {
    /// A mesh of the convex `polygons`, each a list of indices into
    /// `vertices` going once round the polygon (either way round: the mesh
    /// puts them in the order of positive signed area). Polygons that share
    /// an edge (the same two vertex indices) become neighbours; collinear
    /// corners are allowed.
    ///
    /// Errors: [`MeshError::Empty`], [`NotFinite`](MeshError::NotFinite),
    /// [`CoordinateRange`](MeshError::CoordinateRange) (a vertex, used or
    /// not, with a coordinate other than zero of a magnitude beyond 2^201 or
    /// under 2^-142: the range of `NavMesh::from_outlines` (feature `navmesh`)),
    /// [`VertexOutOfRange`](MeshError::VertexOutOfRange),
    /// [`Degenerate`](MeshError::Degenerate) (fewer than 3 corners, a
    /// repeated corner, no area), [`NotConvex`](MeshError::NotConvex),
    /// [`BadEdge`](MeshError::BadEdge) (an edge of more than two polygons,
    /// or of two on the same side), [`Overlap`](MeshError::Overlap) (two
    /// polygons whose insides share area; sharing an edge or a vertex, or
    /// touching along part of an edge, is fine), [`TooLarge`](MeshError::TooLarge).
    ///
    /// # Complexity
    /// O(V + E log E) for V vertices and E polygon edges, plus the search
    /// graph: O(k²) edges for a polygon of k corners. The overlap check
    /// sorts the polygons into buckets of a grid over the mesh (about one a
    /// polygon) and tests two polygons only when their bounding boxes meet:
    /// near-linear when the polygons are of similar sizes, quadratic at
    /// worst (many polygons each spanning much of the mesh).
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{MeshError, NavMesh};
    /// let v = [[0.0, 0.0], [2.0, 0.0], [1.0, 0.5], [1.0, 2.0]];
    /// // The quadrilateral 0 1 2 3 dents in at vertex 2.
    /// assert_eq!(
    ///     NavMesh::from_polygons(&v, &[[0u32, 1, 2, 3]]).unwrap_err(),
    ///     MeshError::NotConvex { polygon: 0, vertex: 2 }
    /// );
    /// let mesh = NavMesh::from_polygons(&v, &[[0u32, 1, 3], [0, 3, 2]]);
    /// assert!(mesh.is_err()); // the second lies on top of the first
    /// let mesh = NavMesh::from_polygons(&v, &[[0u32, 2, 1]])?;
    /// assert_eq!(mesh.polygon(0).count(), 3);
    /// # Ok::<(), MeshError>(())
    /// ```
    pub fn from_polygons<P, L>(vertices: &[P], polygons: &[L]) -> Result<NavMesh, MeshError>
    where
        P: Copy + Into<Point>,
        L: AsRef<[u32]>,
    {
        let vertices: Vec<Point> = vertices.iter().map(|&p| p.into()).collect();
        if let Some(v) = vertices.iter().position(|p| !p.is_finite()) {
            return Err(MeshError::NotFinite { vertex: v });
        }
        check_coordinate_range(&vertices)?;
        if polygons.is_empty() {
            return Err(MeshError::Empty);
        }
        let total: usize = polygons.iter().map(|p| p.as_ref().len()).sum();
        if vertices.len() >= NONE as usize / 2 || total >= NONE as usize / 4 {
            return Err(MeshError::TooLarge);
        }
        let mut start = Vec::with_capacity(polygons.len() + 1);
        let mut corners = Vec::with_capacity(total);
        start.push(0u32);
        for (p, polygon) in polygons.iter().enumerate() {
            let ring = polygon.as_ref();
            if let Some(&v) = ring.iter().find(|&&v| v as usize >= vertices.len()) {
                return Err(MeshError::VertexOutOfRange {
                    polygon: p,
                    vertex: v,
                });
            }
            let from = corners.len();
            corners.extend_from_slice(ring);
            normalise(&vertices, &mut corners[from..], p)?;
            start.push(corners.len() as u32);
        }
        NavMesh::from_parts(vertices, start, corners, true)
    }

    /// A mesh from checked parts: positive-area convex polygons; checked
    /// for overlaps if `overlaps` (the builders' triangulation has none).
    pub(crate) fn from_parts(
        vertices: Vec<Point>,
        start: Vec<u32>,
        corners: Vec<u32>,
        overlaps: bool,
    ) -> Result<NavMesh, MeshError> {
        let count = start.len() - 1;
        // Link the slots: a directed edge a -> b of one polygon meets b -> a
        // of its neighbour; the same directed edge twice means an overlap.
        let mut by_edge: HashMap<(u32, u32), u32> = HashMap::with_capacity(corners.len());
        for p in 0..count {
            let (from, to) = (start[p] as usize, start[p + 1] as usize);
            for s in from..to {
                let next = if s + 1 == to { from } else { s + 1 };
                let (a, b) = (corners[s], corners[next]);
                if by_edge.insert((a, b), s as u32).is_some() {
                    return Err(MeshError::BadEdge { a, b });
                }
            }
        }
        let mut links = vec![NONE; corners.len()];
        let mut twins = vec![NONE; corners.len()];
        let mut owner = vec![0u32; corners.len()];
        for p in 0..count {
            for s in start[p]..start[p + 1] {
                owner[s as usize] = p as u32;
            }
        }
        for (&(a, b), &s) in &by_edge {
            if let Some(&t) = by_edge.get(&(b, a)) {
                links[s as usize] = owner[t as usize];
                twins[s as usize] = t;
            }
        }
        let mut on_wall = vec![false; vertices.len()];
        for (&(a, b), &s) in &by_edge {
            if links[s as usize] == NONE {
                on_wall[a as usize] = true;
                on_wall[b as usize] = true;
            }
        }
        if overlaps {
            check_overlaps(&vertices, &start, &corners)?;
        }
        let graph = NodeGraph::new(&vertices, &start, &corners, &links, DEFAULT_PORTAL_NODES)?;
        let locator = Locator::new(&vertices, count, |p| {
            &corners[start[p] as usize..start[p + 1] as usize]
        });
        let pockets = Pockets::new(&start, &links, &twins);
        let mut twice_round = Vec::with_capacity(2 * corners.len());
        for p in 0..count {
            let slots = start[p]..start[p + 1];
            for s in slots.clone().chain(slots) {
                twice_round.push((vertices[corners[s as usize] as usize], s));
            }
        }
        Ok(NavMesh {
            vertices,
            start,
            corners,
            links,
            twins,
            on_wall,
            twice_round,
            pockets,
            graph,
            locator,
            portal_nodes: DEFAULT_PORTAL_NODES,
            landmarks: Landmarks::default(),
        })
    }

    /// Sets the length beyond which a portal gets a search node at its
    /// middle (default [`DEFAULT_PORTAL_NODES`], 8, in the mesh's units:
    /// cells for a mesh built from a grid), and rebuilds the search graph.
    /// The search's other nodes are the corners of the free space; a route
    /// across a wide polygon can then go straight through the middle of a
    /// wide portal rather than by a far corner, which keeps it on the right
    /// side of obstacles. `f64::INFINITY` means corners only (the fastest
    /// search), `0.0` a node on every portal.
    ///
    /// Errors: [`MeshError::InvalidPortalLength`] for a NaN or negative
    /// length (`-0.0` is `0.0`); [`MeshError::TooLarge`] when the graph
    /// outgrows 32-bit ids. Either way the mesh is left as it was.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{MeshError, NavMesh};
    /// let v = [[0.0, 0.0], [20.0, 0.0], [20.0, 20.0], [0.0, 20.0]];
    /// let mut mesh = NavMesh::from_polygons(&v, &[[0u32, 1, 2], [0, 2, 3]])?;
    /// assert_eq!(mesh.portal_nodes(), 8.0);
    /// mesh.set_portal_nodes(f64::INFINITY)?;
    /// let path = mesh.find_path([1.0, 10.0], [19.0, 10.0])?.unwrap();
    /// assert_eq!(path.length, 18.0);
    /// assert_eq!(mesh.set_portal_nodes(f64::NAN), Err(MeshError::InvalidPortalLength));
    /// assert_eq!(mesh.portal_nodes(), f64::INFINITY);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_portal_nodes(&mut self, min_length: f64) -> Result<(), MeshError> {
        if min_length.is_nan() || min_length < 0.0 {
            return Err(MeshError::InvalidPortalLength);
        }
        // -0.0 is 0.0 (a node on every portal), and reads back as 0.0.
        let long = min_length + 0.0;
        self.graph = NodeGraph::new(
            &self.vertices,
            &self.start,
            &self.corners,
            &self.links,
            long,
        )?;
        self.portal_nodes = long;
        Ok(())
    }

    /// The length beyond which a portal has a search node at its middle
    /// (see [`set_portal_nodes`](NavMesh::set_portal_nodes)).
    ///
    /// # Example
    /// See [`set_portal_nodes`](NavMesh::set_portal_nodes).
    pub fn portal_nodes(&self) -> f64 {
        self.portal_nodes
    }

    /// The number of polygons.
    ///
    /// # Example
    /// See [`NavMesh`].
    pub fn polygon_count(&self) -> usize {
        self.start.len() - 1
    }

    /// The number of vertices (every vertex given, used or not).
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::NavMesh;
    /// let mesh = NavMesh::from_polygons(&[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]], &[[0u32, 1, 2]])?;
    /// assert_eq!(mesh.vertex_count(), 3);
    /// # Ok::<(), pathseek::navmesh::MeshError>(())
    /// ```
    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    /// The number of portals: edges shared by two polygons.
    ///
    /// # Example
    /// See [`NavMesh`].
    pub fn portal_count(&self) -> usize {
        self.links.iter().filter(|&&q| q != NONE).count() / 2
    }

    /// The vertices.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{NavMesh, Point};
    /// let mesh = NavMesh::from_polygons(&[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]], &[[0u32, 1, 2]])?;
    /// assert_eq!(mesh.vertices()[1], Point::new(1.0, 0.0));
    /// # Ok::<(), pathseek::navmesh::MeshError>(())
    /// ```
    pub fn vertices(&self) -> &[Point] {
        &self.vertices
    }

    /// The vertex indices of polygon `p`'s corners, in the order of positive
    /// signed area (counter-clockwise with the y axis up, clockwise on a
    /// screen whose y axis points down). Empty for a polygon that does not
    /// exist.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::NavMesh;
    /// let v = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]];
    /// let mesh = NavMesh::from_polygons(&v, &[[0u32, 2, 1]])?; // given the other way round
    /// assert_eq!(mesh.polygon_corners(0), [1, 2, 0]);
    /// assert!(mesh.polygon_corners(7).is_empty());
    /// # Ok::<(), pathseek::navmesh::MeshError>(())
    /// ```
    pub fn polygon_corners(&self, p: usize) -> &[u32] {
        if p >= self.polygon_count() {
            return &[];
        }
        &self.corners[self.start[p] as usize..self.start[p + 1] as usize]
    }

    /// Polygon `p`'s corners as points (see
    /// [`polygon_corners`](NavMesh::polygon_corners)).
    ///
    /// # Example
    /// See [`from_polygons`](NavMesh::from_polygons).
    pub fn polygon(&self, p: usize) -> impl Iterator<Item = Point> + '_ {
        self.polygon_corners(p)
            .iter()
            .map(|&v| self.vertices[v as usize])
    }

    /// The polygons across polygon `p`'s edges: entry `i` is the neighbour
    /// across the edge from corner `i` to corner `i + 1` (wrapping round),
    /// `None` for a wall.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::NavMesh;
    /// let v = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
    /// let mesh = NavMesh::from_polygons(&v, &[[0u32, 1, 2], [0, 2, 3]])?;
    /// let across: Vec<_> = mesh.neighbours(0).collect();
    /// assert_eq!(across, [None, None, Some(1)]); // edge 2 -> 0 is the shared one
    /// # Ok::<(), pathseek::navmesh::MeshError>(())
    /// ```
    pub fn neighbours(&self, p: usize) -> impl Iterator<Item = Option<usize>> + '_ {
        let slots = if p < self.polygon_count() {
            self.start[p] as usize..self.start[p + 1] as usize
        } else {
            0..0
        };
        self.links[slots]
            .iter()
            .map(|&q| (q != NONE).then_some(q as usize))
    }

    /// The polygon holding `point` (a point on an edge or corner shared by
    /// several is in one of them), or `None` outside the mesh.
    ///
    /// # Complexity
    /// A bucket look-up, then a containment test of the few polygons whose
    /// bounding boxes overlap the bucket (about one bucket per polygon).
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{NavMesh, Point};
    /// let v = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
    /// let mesh = NavMesh::from_polygons(&v, &[[0u32, 1, 2], [0, 2, 3]])?;
    /// assert_eq!(mesh.locate(Point::new(0.9, 0.1)), Some(0));
    /// assert_eq!(mesh.locate(Point::new(0.1, 0.9)), Some(1));
    /// assert_eq!(mesh.locate(Point::new(1.5, 0.5)), None);
    /// # Ok::<(), pathseek::navmesh::MeshError>(())
    /// ```
    pub fn locate(&self, point: Point) -> Option<usize> {
        if !point.is_finite() {
            return None;
        }
        self.locator
            .locate(
                &self.vertices,
                |p| &self.corners[self.start[p] as usize..self.start[p + 1] as usize],
                point,
            )
            .map(|p| p as usize)
    }

    /// The bytes this mesh holds on the heap: polygons, search graph and
    /// point buckets.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::NavMesh;
    /// let mesh = NavMesh::from_polygons(&[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]], &[[0u32, 1, 2]])?;
    /// assert!(mesh.heap_bytes() > 0);
    /// # Ok::<(), pathseek::navmesh::MeshError>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.vertices.capacity() * core::mem::size_of::<Point>()
            + (self.start.capacity()
                + self.corners.capacity()
                + self.links.capacity()
                + self.twins.capacity())
                * 4
            + self.on_wall.capacity()
            + self.twice_round.capacity() * core::mem::size_of::<(Point, u32)>()
            + self.pockets.heap_bytes()
            + self.graph.heap_bytes()
            + self.locator.heap_bytes()
            + self.landmarks.heap_bytes()
    }

    /// The slots of polygon `p`.
    #[inline]
    pub(crate) fn slots(&self, p: u32) -> core::ops::Range<usize> {
        self.start[p as usize] as usize..self.start[p as usize + 1] as usize
    }

    /// The slot after `s` in its polygon `p`.
    #[inline]
    pub(crate) fn next_slot(&self, p: u32, s: usize) -> usize {
        if s + 1 == self.start[p as usize + 1] as usize {
            self.start[p as usize] as usize
        } else {
            s + 1
        }
    }
}

/// Checks one polygon's corners (distinct, convex, with area) and turns them
/// into the order of positive signed area.
fn normalise(vertices: &[Point], ring: &mut [u32], polygon: usize) -> Result<(), MeshError> {
    let n = ring.len();
    if n < 3 {
        return Err(MeshError::Degenerate { polygon });
    }
    for i in 0..n {
        if ring[i + 1..].contains(&ring[i]) {
            return Err(MeshError::Degenerate { polygon });
        }
    }
    let at = |i: usize| vertices[ring[i % n] as usize];
    let mut area = 0.0;
    let mut scale = 0.0f64;
    for i in 0..n {
        let (a, b) = (at(i), at(i + 1));
        area += a.x * b.y - b.x * a.y;
        scale = scale.max(a.distance(b));
    }
    if area.abs() <= 1e-12 * scale * scale {
        return Err(MeshError::Degenerate { polygon });
    }
    if area < 0.0 {
        ring.reverse();
    }
    // Every corner on the inner side of every edge: convex, and once round
    // (a star's corners all turn left, but lie outside some edges).
    let at = |i: usize| vertices[ring[i % n] as usize];
    for i in 0..n {
        let (a, b) = (at(i), at(i + 1));
        let len = a.distance(b);
        for j in 0..n {
            let c = at(j);
            if cross(a, b, c) < -1e-9 * len * len.max(a.distance(c)) {
                // Report the corner where the boundary turns the wrong way.
                let k = (0..n)
                    .find(|&k| cross(at(k + n - 1), at(k), at(k + 1)) < 0.0)
                    .unwrap_or(j);
                return Err(MeshError::NotConvex {
                    polygon,
                    vertex: ring[k],
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `twice_round` holds each polygon's corners twice round, slot by slot, so
    /// the exact search reads the corners from any slot on as one slice.
    #[test]
    fn twice_round_holds_each_polygon_twice_round() {
        // A hexagon, a triangle and a square: runs of three lengths.
        let v = [
            [0.0, 0.0],
            [2.0, 0.0],
            [3.0, 1.0],
            [2.0, 2.0],
            [0.0, 2.0],
            [-1.0, 1.0],
            [4.0, 0.0],
            [4.0, 2.0],
            [6.0, 0.0],
        ];
        let polygons = [vec![0u32, 1, 2, 3, 4, 5], vec![1, 6, 2], vec![6, 8, 7, 2]];
        let mesh = NavMesh::from_polygons(&v, &polygons).unwrap();
        assert_eq!(mesh.twice_round.len(), 2 * mesh.corners.len());
        for p in 0..mesh.polygon_count() as u32 {
            let slots = mesh.slots(p);
            let k = slots.len();
            for e in 0..k {
                let from = 2 * slots.start + e;
                for (i, &(at, s)) in mesh.twice_round[from..from + k].iter().enumerate() {
                    let want = slots.start + (e + i) % k;
                    assert_eq!(s as usize, want, "polygon {p}, from slot {e}");
                    assert_eq!(at, mesh.vertices[mesh.corners[want] as usize]);
                }
            }
        }
    }

    /// A square of side 1e155: its area overflows to infinity, and
    /// `from_polygons` called it `Degenerate` ("no area") where
    /// `from_outlines` said `CoordinateRange` for the same square (issue "No
    /// silent answer at the seams"). Now both say `CoordinateRange`, by the
    /// same check, before any area is computed.
    #[test]
    fn a_square_of_side_1e155_is_out_of_coordinate_range() {
        let s = 1e155;
        let v = [[0.0, 0.0], [s, 0.0], [s, s], [0.0, s]];
        assert_eq!(
            NavMesh::from_polygons(&v, &[[0u32, 1, 2, 3]]).unwrap_err(),
            MeshError::CoordinateRange
        );
        // Any vertex, used or not (as for `NotFinite`); and the tiny end.
        let unused = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [s, 0.0]];
        assert_eq!(
            NavMesh::from_polygons(&unused, &[[0u32, 1, 2]]).unwrap_err(),
            MeshError::CoordinateRange
        );
        let tiny = [[0.0, 0.0], [1.0, 0.0], [0.0, 1e-300]];
        assert_eq!(
            NavMesh::from_polygons(&tiny, &[[0u32, 1, 2]]).unwrap_err(),
            MeshError::CoordinateRange
        );
        // NaN and infinity are still `NotFinite`; the range's ends are taken.
        let inf = [[0.0, 0.0], [f64::INFINITY, 0.0], [0.0, 1.0]];
        assert_eq!(
            NavMesh::from_polygons(&inf, &[[0u32, 1, 2]]).unwrap_err(),
            MeshError::NotFinite { vertex: 1 }
        );
        let big = 2f64.powi(201);
        let v = [[0.0, 0.0], [big, 0.0], [big, big], [0.0, big]];
        assert!(NavMesh::from_polygons(&v, &[[0u32, 1, 2, 3]]).is_ok());
        let small = 2f64.powi(-142);
        let v = [[0.0, 0.0], [small, 0.0], [0.0, small]];
        assert!(NavMesh::from_polygons(&v, &[[0u32, 1, 2]]).is_ok());
    }

    /// The same square as outlines: the same error, from the same check.
    #[cfg(feature = "navmesh")]
    #[test]
    fn outlines_of_side_1e155_are_out_of_coordinate_range_too() {
        let s = 1e155;
        let square = [
            Point::new(0.0, 0.0),
            Point::new(s, 0.0),
            Point::new(s, s),
            Point::new(0.0, s),
        ];
        assert_eq!(
            NavMesh::from_outlines(&[square]).unwrap_err(),
            MeshError::CoordinateRange
        );
    }

    /// `set_portal_nodes(NaN)` was taken as infinity, silently (issue "No
    /// silent answer at the seams"); a negative length was taken as zero.
    /// Both are refused now, and the mesh is left as it was.
    #[test]
    fn set_portal_nodes_refuses_nan_and_negative_lengths() {
        let v = [[0.0, 0.0], [20.0, 0.0], [20.0, 20.0], [0.0, 20.0]];
        let mut mesh = NavMesh::from_polygons(&v, &[[0u32, 1, 2], [0, 2, 3]]).unwrap();
        mesh.set_portal_nodes(3.0).unwrap();
        let nodes = mesh.graph.positions.len();
        for bad in [
            f64::NAN,
            -f64::NAN,
            -1.0,
            -f64::MIN_POSITIVE,
            f64::NEG_INFINITY,
        ] {
            assert_eq!(
                mesh.set_portal_nodes(bad),
                Err(MeshError::InvalidPortalLength),
                "{bad}"
            );
            assert_eq!(mesh.portal_nodes(), 3.0);
            assert_eq!(mesh.graph.positions.len(), nodes);
        }
        // The documented ends are taken; -0.0 is 0.0.
        mesh.set_portal_nodes(f64::INFINITY).unwrap();
        assert_eq!(mesh.portal_nodes(), f64::INFINITY);
        mesh.set_portal_nodes(-0.0).unwrap();
        assert!(mesh.portal_nodes() == 0.0 && mesh.portal_nodes().is_sign_positive());
        assert_eq!(mesh.graph.positions.len(), nodes);
    }
}
