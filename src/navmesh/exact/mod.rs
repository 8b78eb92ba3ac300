//! STUB (to be replaced by the lead's implementation): the exact any-angle
//! search's public API only; it answers with the approximate search for now.

use super::{MeshPath, MeshQuery, NavMesh, Point, PointError};

impl NavMesh {
    /// The shortest path of all from `from` to `to` (stub).
    pub fn find_exact_path(
        &self,
        from: impl Into<Point>,
        to: impl Into<Point>,
    ) -> Result<Option<MeshPath>, PointError> {
        MeshQuery::new().find_exact_path(self, from, to)
    }
}

impl MeshQuery {
    /// The shortest path of all (stub).
    pub fn find_exact_path(
        &mut self,
        mesh: &NavMesh,
        from: impl Into<Point>,
        to: impl Into<Point>,
    ) -> Result<Option<MeshPath>, PointError> {
        let mut points = Vec::new();
        Ok(self
            .find_exact_path_into(mesh, from, to, &mut points)?
            .map(|length| MeshPath { points, length }))
    }

    /// The shortest path of all, into `points` (stub).
    pub fn find_exact_path_into(
        &mut self,
        mesh: &NavMesh,
        from: impl Into<Point>,
        to: impl Into<Point>,
        points: &mut Vec<Point>,
    ) -> Result<Option<f64>, PointError> {
        self.find_path_into(mesh, from, to, points)
    }
}
