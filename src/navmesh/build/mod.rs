//! Building meshes: outlines of the free space, triangulated (constrained
//! Delaunay, by `spade`), triangles merged into convex polygons.

mod grid;
mod grid_mesh;
mod merge;
mod outline;
mod triangulate;

pub use grid_mesh::{GridMesh, GridMeshError};

use super::mesh::NavMesh;
use super::point::Point;
use super::MeshError;
use crate::cost::Cost;
use crate::grid::Grid;

/// How a mesh is built from a map or outlines.
///
/// # Example
/// ```
/// use pathseek::navmesh::{BuildOptions, NavMesh};
/// use pathseek::{Connectivity, Grid, GridCosts};
/// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile())?;
/// let triangles = NavMesh::from_grid_with(&grid, BuildOptions::default().max_corners(3))?;
/// let merged = NavMesh::from_grid(&grid)?;
/// assert_eq!((triangles.polygon_count(), merged.polygon_count()), (2, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildOptions {
    /// The most corners a merged polygon may have; 3 keeps the triangles.
    /// Bigger polygons mean fewer of them, but the search graph gives each
    /// polygon of k corners up to 2k(2k - 1) edges. Default 8.
    pub max_corners: usize,
}

impl BuildOptions {
    /// These options with at most `n` corners a polygon (at least 3).
    ///
    /// # Example
    /// See [`BuildOptions`].
    pub fn max_corners(mut self, n: usize) -> Self {
        self.max_corners = n.max(3);
        self
    }
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions { max_corners: 8 }
    }
}

impl NavMesh {
    /// The mesh of `grid`'s free space, by the rules of the Grid-Based Path
    /// Planning Competition's any-angle track (2023): cell `(x, y)` is the
    /// square `[x, x + 1] x [y, y + 1]`, the free space is the union of the
    /// passable cells' squares, a path may run along a wall but not between
    /// two blocked cells, and not between two blocked cells that touch at a
    /// corner (two free cells meeting only at a corner are not joined there).
    /// Terrain weights are not modelled (a mesh path is priced by length).
    ///
    /// The mesh does not follow later edits of the grid: build it again, or
    /// keep a [`GridMesh`](super::GridMesh), which does.
    ///
    /// Errors: [`MeshError::Empty`] for a grid with no passable cell,
    /// [`MeshError::MapTooLarge`].
    ///
    /// # Complexity
    /// O(cells) to trace the outline, then O(n log n) for its n corners.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{NavMesh, Point};
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(5, 5, Connectivity::Eight, GridCosts::octile())?;
    /// grid.set_passable(Cell::new(2, 2), false)?; // a pillar in the middle
    /// let mesh = NavMesh::from_grid(&grid)?;
    /// let path = mesh.find_path([0.5, 2.5], [4.5, 2.5])?.unwrap();
    /// // Over the pillar's top side, bending at its two corners (2, 2) and (3, 2).
    /// assert_eq!(path.points.len(), 4);
    /// assert!((path.length - (1.0 + 2.0 * 2.5f64.sqrt())).abs() < 1e-12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_grid<C: Cost>(grid: &Grid<C>) -> Result<NavMesh, MeshError> {
        NavMesh::from_grid_with(grid, BuildOptions::default())
    }

    /// [`from_grid`](NavMesh::from_grid) with options.
    ///
    /// # Example
    /// See [`BuildOptions`].
    pub fn from_grid_with<C: Cost>(
        grid: &Grid<C>,
        options: BuildOptions,
    ) -> Result<NavMesh, MeshError> {
        let (points, segments) = grid::outline(grid)?;
        NavMesh::from_segments(points, segments, options)
    }

    /// The mesh of the region inside `outlines`, by the even-odd rule: a
    /// point is inside when a ray from it crosses the outlines an odd number
    /// of times. So an outer boundary and holes (and islands in the holes)
    /// are simply all listed. Each outline is a closed ring of points (the
    /// last joins the first), either way round; outlines may share corners
    /// but not cross or overlap.
    ///
    /// Errors: [`MeshError::BadOutline`] (fewer than three distinct
    /// points), [`MeshError::OutlinesCross`], [`MeshError::NotFinite`],
    /// [`MeshError::CoordinateRange`], [`MeshError::Empty`].
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{MeshError, NavMesh, Point};
    /// let p = |x, y| Point::new(x, y);
    /// let outer = vec![p(0.0, 0.0), p(10.0, 0.0), p(10.0, 10.0), p(0.0, 10.0)];
    /// let hole = vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 6.0), p(4.0, 6.0)];
    /// let mesh = NavMesh::from_outlines(&[outer.clone(), hole])?;
    /// assert_eq!(mesh.locate(p(5.0, 5.0)), None); // in the hole
    /// let path = mesh.find_path(p(5.0, 1.0), p(5.0, 9.0))?.unwrap();
    /// assert_eq!(path.points.len(), 4); // round two corners of the hole
    /// let crossing = vec![p(5.0, -1.0), p(5.0, 11.0), p(6.0, 11.0)];
    /// assert_eq!(NavMesh::from_outlines(&[outer, crossing]).unwrap_err(), MeshError::OutlinesCross);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_outlines(outlines: &[impl AsRef<[Point]>]) -> Result<NavMesh, MeshError> {
        NavMesh::from_outlines_with(outlines, BuildOptions::default())
    }

    /// [`from_outlines`](NavMesh::from_outlines) with options.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{BuildOptions, NavMesh, Point};
    /// let square = [Point::new(0.0, 0.0), Point::new(1.0, 0.0), Point::new(1.0, 1.0), Point::new(0.0, 1.0)];
    /// let mesh = NavMesh::from_outlines_with(&[square], BuildOptions::default().max_corners(3))?;
    /// assert_eq!(mesh.polygon_count(), 2);
    /// # Ok::<(), pathseek::navmesh::MeshError>(())
    /// ```
    pub fn from_outlines_with(
        outlines: &[impl AsRef<[Point]>],
        options: BuildOptions,
    ) -> Result<NavMesh, MeshError> {
        let (points, segments) = outline::segments(outlines)?;
        NavMesh::from_segments(points, segments, options)
    }

    fn from_segments(
        points: Vec<Point>,
        segments: Vec<[usize; 2]>,
        options: BuildOptions,
    ) -> Result<NavMesh, MeshError> {
        if segments.is_empty() {
            return Err(MeshError::Empty);
        }
        let triangles = triangulate::triangulate(&points, segments)?;
        if triangles.is_empty() {
            return Err(MeshError::Empty);
        }
        let polygons = merge::merge(&points, &triangles, options.max_corners.max(3));
        let mut start = Vec::with_capacity(polygons.len() + 1);
        let mut corners = Vec::new();
        start.push(0u32);
        for p in &polygons {
            corners.extend_from_slice(p);
            start.push(corners.len() as u32);
        }
        NavMesh::from_parts(points, start, corners, false)
    }
}
