//! What can go wrong making or asking a [`NavMesh`](super::NavMesh).

use core::fmt;

use super::Point;

/// Why a set of polygons (or a map) did not make a [`NavMesh`](super::NavMesh).
///
/// # Example
/// ```
/// use pathseek::navmesh::{MeshError, NavMesh};
/// // A triangle naming a fourth vertex that is not there.
/// let err = NavMesh::from_polygons(&[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]], &[[0u32, 1, 3]]);
/// assert_eq!(err.unwrap_err(), MeshError::VertexOutOfRange { polygon: 0, vertex: 3 });
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum MeshError {
    /// No polygon at all.
    Empty,
    /// A vertex with a NaN or infinite coordinate.
    NotFinite {
        /// Its index.
        vertex: usize,
    },
    /// A polygon names a vertex that is not in the list.
    VertexOutOfRange {
        /// The polygon.
        polygon: usize,
        /// The index it gave.
        vertex: u32,
    },
    /// A polygon has fewer than three corners, names a vertex twice, or has
    /// no area.
    Degenerate {
        /// The polygon.
        polygon: usize,
    },
    /// A polygon is not convex: one of its corners turns the other way.
    NotConvex {
        /// The polygon.
        polygon: usize,
        /// The vertex (an index into the vertex list) where it turns.
        vertex: u32,
    },
    /// An edge is shared by more than two polygons, or by two polygons that
    /// lie on the same side of it (they overlap).
    BadEdge {
        /// One end of the edge (an index into the vertex list).
        a: u32,
        /// The other end.
        b: u32,
    },
    /// Two polygons overlap: their insides share area, though they share
    /// no edge (given to [`from_polygons`](super::NavMesh::from_polygons);
    /// touching along an edge or at a vertex is fine).
    Overlap {
        /// The polygon of the two that comes first in the list.
        first: usize,
        /// The other.
        second: usize,
    },
    /// More vertices, polygons or edges than the mesh's 32-bit ids hold.
    TooLarge,
    /// The outline of a region crosses itself or another outline, so the
    /// inside is not defined (building from polygons).
    OutlinesCross,
    /// An outline has fewer than three distinct points (building from
    /// polygons).
    BadOutline {
        /// Its index: 0 for the outer boundary, 1 and up for the holes.
        outline: usize,
    },
    /// The map is too large for the mesh's 32-bit ids (building from a grid).
    MapTooLarge,
    /// A coordinate too large or too close to zero: a mesh takes zero and
    /// magnitudes from 2^-142 (about 1.8e-43) to 2^201 (about 3.2e60), the
    /// range of the triangulation (`spade`) that builds meshes from
    /// outlines, and one in which the mesh's areas and cross products stay
    /// finite. Checked for every vertex given (to
    /// [`from_polygons`](super::NavMesh::from_polygons): used or not) and,
    /// with the `navmesh` feature, every outline point.
    CoordinateRange,
    /// [`NavMesh::set_portal_nodes`](super::NavMesh::set_portal_nodes) was
    /// given a length that is NaN or negative: it takes a length from `0.0`
    /// (a node on every portal) up to `f64::INFINITY` (corners only). The
    /// mesh is left as it was.
    InvalidPortalLength,
}

impl fmt::Display for MeshError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeshError::Empty => write!(f, "a navigation mesh needs at least one polygon"),
            MeshError::NotFinite { vertex } => {
                write!(
                    f,
                    "vertex {vertex} has a coordinate that is NaN or infinite"
                )
            }
            MeshError::VertexOutOfRange { polygon, vertex } => {
                write!(
                    f,
                    "polygon {polygon} names vertex {vertex}, which is not in the list"
                )
            }
            MeshError::Degenerate { polygon } => write!(
                f,
                "polygon {polygon} has fewer than three corners, a repeated corner, or no area"
            ),
            MeshError::NotConvex { polygon, vertex } => {
                write!(f, "polygon {polygon} is not convex at vertex {vertex}")
            }
            MeshError::BadEdge { a, b } => write!(
                f,
                "the edge between vertices {a} and {b} is shared by more than two polygons, \
                 or by two that overlap"
            ),
            MeshError::Overlap { first, second } => write!(
                f,
                "polygons {first} and {second} overlap: their insides share area"
            ),
            MeshError::TooLarge => write!(f, "too many vertices, polygons or edges for 32-bit ids"),
            MeshError::OutlinesCross => {
                write!(
                    f,
                    "the outlines cross themselves or each other: no inside is defined"
                )
            }
            MeshError::BadOutline { outline } => {
                write!(f, "outline {outline} has fewer than three distinct points")
            }
            MeshError::MapTooLarge => write!(f, "the map is too large for a navigation mesh"),
            MeshError::CoordinateRange => {
                write!(
                    f,
                    "a coordinate is out of the range a mesh takes (zero, or a magnitude from 2^-142 to 2^201)"
                )
            }
            MeshError::InvalidPortalLength => write!(
                f,
                "the portal length for search nodes is NaN or negative (it takes 0 to infinity)"
            ),
        }
    }
}

impl std::error::Error for MeshError {}

/// Why a path query on a [`NavMesh`](super::NavMesh) has no answer.
///
/// # Example
/// ```
/// use pathseek::navmesh::{NavMesh, Point, PointError};
/// let mesh = NavMesh::from_polygons(&[[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]], &[[0u32, 1, 2, 3]])?;
/// let outside = Point::new(5.0, 1.0);
/// assert_eq!(mesh.find_path(Point::new(1.0, 1.0), outside), Err(PointError::Outside { point: outside }));
/// # Ok::<(), pathseek::navmesh::MeshError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum PointError {
    /// The point lies in no polygon of the mesh.
    Outside {
        /// The point.
        point: Point,
    },
    /// The point has a NaN or infinite coordinate.
    NotFinite {
        /// The point.
        point: Point,
    },
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointError::Outside { point } => {
                write!(
                    f,
                    "({}, {}) lies in no polygon of the mesh",
                    point.x, point.y
                )
            }
            PointError::NotFinite { point } => {
                write!(f, "({}, {}) is not a finite point", point.x, point.y)
            }
        }
    }
}

impl std::error::Error for PointError {}
