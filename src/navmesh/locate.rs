//! Point location: which polygon of a mesh holds a point, through a grid of
//! buckets over the mesh's bounding box.

use super::point::{cross, Point};

/// Buckets over the bounding box, each listing the polygons whose bounding
/// boxes overlap it; a point is looked up in its bucket's polygons only.
#[derive(Clone, Debug, Default)]
pub(crate) struct Locator {
    min: Point,
    /// Buckets per unit of length.
    scale: f64,
    columns: u32,
    rows: u32,
    /// Bucket `b` holds `polygons[start[b]..start[b + 1]]`.
    start: Vec<u32>,
    polygons: Vec<u32>,
}

/// How far outside a polygon's edges a point may lie and still be in it,
/// relative to the edge's length: points on a shared edge or a corner are
/// found in one of the polygons around it.
const TOLERANCE: f64 = 1e-9;

impl Locator {
    /// Buckets for the polygons `0..count`, whose corners `corners(p)` gives.
    pub(crate) fn new<'a>(
        vertices: &[Point],
        count: usize,
        corners: impl Fn(usize) -> &'a [u32],
    ) -> Locator {
        let mut lo = Point::new(f64::INFINITY, f64::INFINITY);
        let mut hi = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
        let mut boxes = Vec::with_capacity(count);
        for p in 0..count {
            let (a, b) = bounds(vertices, corners(p));
            lo = Point::new(lo.x.min(a.x), lo.y.min(a.y));
            hi = Point::new(hi.x.max(b.x), hi.y.max(b.y));
            boxes.push((a, b));
        }
        // About one bucket per polygon, square buckets.
        let (w, h) = ((hi.x - lo.x).max(1e-12), (hi.y - lo.y).max(1e-12));
        let scale = ((count.max(1) as f64) / (w * h)).sqrt();
        let columns = ((w * scale).ceil() as u32).clamp(1, 4096);
        let rows = ((h * scale).ceil() as u32).clamp(1, 4096);
        let mut locator = Locator {
            min: lo,
            scale,
            columns,
            rows,
            start: Vec::new(),
            polygons: Vec::new(),
        };
        // Counting pass, then filling pass.
        let buckets = (columns * rows) as usize;
        let mut counts = vec![0u32; buckets + 1];
        for &(a, b) in &boxes {
            locator.for_buckets(a, b, |i| counts[i] += 1);
        }
        let mut sum = 0u32;
        for c in counts.iter_mut() {
            let here = *c;
            *c = sum;
            sum += here;
        }
        let mut fill = counts.clone();
        let mut polygons = vec![0u32; sum as usize];
        for (p, &(a, b)) in boxes.iter().enumerate() {
            locator.for_buckets(a, b, |i| {
                polygons[fill[i] as usize] = p as u32;
                fill[i] += 1;
            });
        }
        locator.start = counts;
        locator.polygons = polygons;
        locator
    }

    fn bucket_of(&self, x: f64, y: f64) -> (u32, u32) {
        let cx = ((x - self.min.x) * self.scale).floor();
        let cy = ((y - self.min.y) * self.scale).floor();
        (
            (cx.max(0.0) as u32).min(self.columns - 1),
            (cy.max(0.0) as u32).min(self.rows - 1),
        )
    }

    fn for_buckets(&self, a: Point, b: Point, mut f: impl FnMut(usize)) {
        let (x0, y0) = self.bucket_of(a.x, a.y);
        let (x1, y1) = self.bucket_of(b.x, b.y);
        for y in y0..=y1 {
            for x in x0..=x1 {
                f((y * self.columns + x) as usize);
            }
        }
    }

    /// The polygon holding `point` (on its boundary counts), if any.
    pub(crate) fn locate<'a>(
        &self,
        vertices: &[Point],
        corners: impl Fn(usize) -> &'a [u32],
        point: Point,
    ) -> Option<u32> {
        if self.start.is_empty() {
            return None;
        }
        // A point beyond the box by more than rounding is in no bucket.
        let (bx, by) = self.bucket_of(point.x, point.y);
        let b = (by * self.columns + bx) as usize;
        let (from, to) = (self.start[b] as usize, self.start[b + 1] as usize);
        self.polygons[from..to]
            .iter()
            .copied()
            .find(|&p| contains(vertices, corners(p as usize), point))
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        (self.start.capacity() + self.polygons.capacity()) * 4
    }
}

fn bounds(vertices: &[Point], corners: &[u32]) -> (Point, Point) {
    let mut lo = Point::new(f64::INFINITY, f64::INFINITY);
    let mut hi = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
    for &v in corners {
        let p = vertices[v as usize];
        lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    (lo, hi)
}

/// Whether the convex polygon `corners` (positive area) holds `point`, its
/// boundary included (within [`TOLERANCE`] of each edge's length).
pub(crate) fn contains(vertices: &[Point], corners: &[u32], point: Point) -> bool {
    let n = corners.len();
    (0..n).all(|i| {
        let a = vertices[corners[i] as usize];
        let b = vertices[corners[(i + 1) % n] as usize];
        let len = a.distance(b);
        cross(a, b, point) >= -TOLERANCE * len * len.max(1.0)
    })
}
