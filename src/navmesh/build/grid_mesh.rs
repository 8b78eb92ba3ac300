//! A mesh that follows its grid: rebuilt when the grid has changed since.

use super::BuildOptions;
use crate::cost::Cost;
use crate::grid::{Grid, MapVersion};
use crate::navmesh::{MeshError, MeshPath, MeshQuery, NavMesh, Point, PointError};

/// A [`NavMesh`] kept for one grid: each query names the grid, and a grid
/// edited since the mesh was built (its [`MapVersion`] differs, or it is
/// another grid) has its mesh built again first, so an answer is never for
/// a map that has changed. Holds its own [`MeshQuery`].
///
/// # Example
/// ```
/// use pathseek::navmesh::{GridMesh, Point};
/// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
/// let mut grid = Grid::new(5, 3, Connectivity::Eight, GridCosts::octile())?;
/// let mut mesh = GridMesh::new(&grid)?;
/// let (a, b) = (Point::new(0.5, 1.5), Point::new(4.5, 1.5));
/// assert_eq!(mesh.find_path(&grid, a, b)?.unwrap().length, 4.0);
/// // Wall off the middle column: the mesh is rebuilt for the next query.
/// for y in 0..3 {
///     grid.set_passable(Cell::new(2, y), false)?;
/// }
/// assert!(!mesh.is_current(&grid));
/// assert_eq!(mesh.find_path(&grid, a, b)?, None);
/// assert_eq!(mesh.rebuilds(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct GridMesh {
    mesh: Option<NavMesh>,
    version: MapVersion,
    options: BuildOptions,
    query: MeshQuery,
    rebuilds: u64,
}

/// Why a [`GridMesh`] query has no answer.
///
/// # Example
/// ```
/// use pathseek::navmesh::{GridMesh, GridMeshError, PointError, Point};
/// use pathseek::{Connectivity, Grid, GridCosts};
/// let grid = Grid::new(2, 2, Connectivity::Eight, GridCosts::octile())?;
/// let mut mesh = GridMesh::new(&grid)?;
/// let far = Point::new(7.0, 7.0);
/// assert_eq!(
///     mesh.find_path(&grid, [0.5, 0.5], far),
///     Err(GridMeshError::Point(PointError::Outside { point: far }))
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GridMeshError {
    /// A point is outside the free space or not finite.
    Point(PointError),
    /// The grid, rebuilt, made no mesh (no passable cell left, or too large).
    Mesh(MeshError),
}

impl core::fmt::Display for GridMeshError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GridMeshError::Point(e) => write!(f, "{e}"),
            GridMeshError::Mesh(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GridMeshError {}

impl From<PointError> for GridMeshError {
    fn from(e: PointError) -> Self {
        GridMeshError::Point(e)
    }
}

impl From<MeshError> for GridMeshError {
    fn from(e: MeshError) -> Self {
        GridMeshError::Mesh(e)
    }
}

impl GridMesh {
    /// The mesh of `grid` ([`NavMesh::from_grid`]).
    ///
    /// # Example
    /// See [`GridMesh`].
    pub fn new<C: Cost>(grid: &Grid<C>) -> Result<GridMesh, MeshError> {
        GridMesh::with_options(grid, BuildOptions::default())
    }

    /// The mesh of `grid` built with `options`.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{BuildOptions, GridMesh};
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::octile())?;
    /// let mesh = GridMesh::with_options(&grid, BuildOptions::default().max_corners(3))?;
    /// assert_eq!(mesh.mesh().unwrap().polygon_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_options<C: Cost>(
        grid: &Grid<C>,
        options: BuildOptions,
    ) -> Result<GridMesh, MeshError> {
        Ok(GridMesh {
            mesh: Some(NavMesh::from_grid_with(grid, options)?),
            version: grid.version(),
            options,
            query: MeshQuery::new(),
            rebuilds: 0,
        })
    }

    /// The shortest path found from `from` to `to` on `grid` (see
    /// [`MeshQuery`]), after bringing the mesh up to date.
    ///
    /// # Example
    /// See [`GridMesh`].
    pub fn find_path<C: Cost>(
        &mut self,
        grid: &Grid<C>,
        from: impl Into<Point>,
        to: impl Into<Point>,
    ) -> Result<Option<MeshPath>, GridMeshError> {
        crate::graph::FollowMap::sync(self, grid)?;
        let mesh = self.mesh.as_ref().expect("updated above");
        Ok(self.query.find_path(mesh, from, to)?)
    }

    /// The mesh as last built (`None` after a rebuild that failed).
    ///
    /// # Example
    /// See [`with_options`](GridMesh::with_options).
    pub fn mesh(&self) -> Option<&NavMesh> {
        self.mesh.as_ref()
    }

    /// How many times the mesh was built again after an edit.
    ///
    /// # Example
    /// See [`GridMesh`].
    pub fn rebuilds(&self) -> u64 {
        self.rebuilds
    }
}

impl<C: Cost> crate::graph::FollowMap<Grid<C>> for GridMesh {
    type Synced = ();
    type Error = MeshError;

    #[inline]
    fn map_version(&self) -> u64 {
        self.version.get()
    }

    /// Whether the mesh describes `grid` as it is now.
    ///
    /// # Example
    /// See [`GridMesh`].
    #[inline]
    fn is_current(&self, grid: &Grid<C>) -> bool {
        self.mesh.is_some() && self.version == grid.version()
    }

    /// Builds the mesh again if `grid` is not the grid it describes.
    ///
    /// # Errors
    /// The grid makes no mesh (then the next query tries again).
    ///
    /// # Example
    /// See [`GridMesh`].
    fn sync(&mut self, grid: &Grid<C>) -> Result<(), MeshError> {
        if self.is_current(grid) {
            return Ok(());
        }
        self.mesh = None;
        self.rebuilds += 1;
        let mesh = NavMesh::from_grid_with(grid, self.options)?;
        self.mesh = Some(mesh);
        self.version = grid.version();
        Ok(())
    }
}
