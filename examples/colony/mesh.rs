//! Walkers on a `GridMesh`: a point anywhere in the free space, 1 cell
//! of distance a frame along the mesh's any-angle path.

use super::{Answer, Brain, CheckCtx, Ctx, Structure, Unit};
use pathseek::navmesh::Point;
use pathseek::Cell;

/// How far a walker goes in a frame.
const SPEED: f64 = 1.0;
const EPS: f64 = 1e-9;

pub struct MeshBrain {
    pub pos: (f64, f64),
    pub target: (f64, f64),
    /// The polyline being walked, from `pos`.
    pub path: Vec<(f64, f64)>,
}

impl MeshBrain {
    pub fn new(at: Cell, goal: Cell) -> MeshBrain {
        MeshBrain {
            pos: centre(at),
            target: centre(goal),
            path: Vec::new(),
        }
    }

    pub fn arrived(&self) -> bool {
        self.pos == self.target
    }

    pub fn forget(&mut self, goal: Cell) {
        self.path.clear();
        self.target = centre(goal);
    }
}

pub fn centre(c: Cell) -> (f64, f64) {
    (f64::from(c.x) + 0.5, f64::from(c.y) + 0.5)
}

fn integral(v: f64) -> bool {
    (v - v.round()).abs() < EPS
}

/// The cells whose closed squares hold `p` (one, two or four).
pub fn cells_at(p: (f64, f64), mut f: impl FnMut(i64, i64)) {
    let xs: &[i64] = &if integral(p.0) {
        [p.0.round() as i64 - 1, p.0.round() as i64]
    } else {
        [p.0.floor() as i64, i64::MIN]
    };
    let ys: &[i64] = &if integral(p.1) {
        [p.1.round() as i64 - 1, p.1.round() as i64]
    } else {
        [p.1.floor() as i64, i64::MIN]
    };
    for &y in ys {
        for &x in xs {
            if x != i64::MIN && y != i64::MIN {
                f(x, y);
            }
        }
    }
}

/// Whether the point `p` is in the free space (some cell holding it free).
fn point_free(free: &impl Fn(i64, i64) -> bool, p: (f64, f64)) -> bool {
    let mut any = false;
    cells_at(p, |x, y| any |= free(x, y));
    any
}

/// At a grid corner `v` where two blocked cells touch diagonally, the two
/// free wedges; `back` and `on` (directions from `v`) must lie in one.
fn pinch(
    free: &impl Fn(i64, i64) -> bool,
    v: (i64, i64),
    back: (f64, f64),
    on: (f64, f64),
) -> bool {
    let (x, y) = v;
    let (tl, tr, bl, br) = (
        free(x - 1, y - 1),
        free(x, y - 1),
        free(x - 1, y),
        free(x, y),
    );
    let zero = |d: f64| d.abs() < EPS;
    let le = |d: f64| d < 0.0 || zero(d);
    let ge = |d: f64| d > 0.0 || zero(d);
    if tl && br && !tr && !bl {
        let side = |d: (f64, f64)| le(d.0) && le(d.1);
        side(back) != side(on)
    } else if tr && bl && !tl && !br {
        let side = |d: (f64, f64)| ge(d.0) && le(d.1);
        side(back) != side(on)
    } else {
        false
    }
}

/// Why the segment `a` to `b` leaves the free space (GPPC any-angle
/// rules: cells are unit squares, a path may run along a wall but not
/// between two blocked cells, nor through a corner where two blocked
/// cells touch), if it does.
pub fn segment_fault(
    free: &impl Fn(i64, i64) -> bool,
    a: (f64, f64),
    b: (f64, f64),
) -> Option<String> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let mut ts: Vec<f64> = vec![0.0, 1.0];
    for (from, d) in [(a.0, dx), (a.1, dy)] {
        if d.abs() < EPS {
            continue;
        }
        let (lo, hi) = if d > 0.0 {
            (from, from + d)
        } else {
            (from + d, from)
        };
        let mut k = lo.ceil();
        while k <= hi {
            let t = (k - from) / d;
            if t > 0.0 && t < 1.0 {
                ts.push(t);
            }
            k += 1.0;
        }
    }
    ts.sort_by(f64::total_cmp);
    let at = |t: f64| (a.0 + t * dx, a.1 + t * dy);
    for w in ts.windows(2) {
        if w[1] - w[0] < 1e-12 {
            continue;
        }
        let (mx, my) = at((w[0] + w[1]) / 2.0);
        let ok = match (integral(mx), integral(my)) {
            (false, false) => free(mx.floor() as i64, my.floor() as i64),
            (true, false) => {
                let (k, r) = (mx.round() as i64, my.floor() as i64);
                free(k - 1, r) || free(k, r)
            }
            (false, true) => {
                let (c, k) = (mx.floor() as i64, my.round() as i64);
                free(c, k - 1) || free(c, k)
            }
            (true, true) => true,
        };
        if !ok {
            return Some(format!("({mx:.3}, {my:.3}) on {a:?} -> {b:?} is not free"));
        }
    }
    // Through a corner inside the segment.
    for &t in &ts[1..ts.len() - 1] {
        let p = at(t);
        if integral(p.0) && integral(p.1) {
            let v = (p.0.round() as i64, p.1.round() as i64);
            if pinch(free, v, (-dx, -dy), (dx, dy)) {
                return Some(format!("{a:?} -> {b:?} squeezes through the corner {v:?}"));
            }
        }
    }
    None
}

/// Why the polyline leaves the free space, if it does.
pub fn polyline_fault(free: &impl Fn(i64, i64) -> bool, points: &[(f64, f64)]) -> Option<String> {
    let first = points.first()?;
    if !point_free(free, *first) {
        return Some(format!("it starts at {first:?}, outside the free space"));
    }
    for (k, w) in points.windows(2).enumerate() {
        if let Some(why) = segment_fault(free, w[0], w[1]) {
            return Some(format!("leg {k}: {why}"));
        }
    }
    for w in points.windows(3) {
        let v = w[1];
        if integral(v.0) && integral(v.1) {
            let c = (v.0.round() as i64, v.1.round() as i64);
            let back = (w[0].0 - v.0, w[0].1 - v.1);
            let on = (w[2].0 - v.0, w[2].1 - v.1);
            if pinch(free, c, back, on) {
                return Some(format!(
                    "it turns through the corner {c:?} between two blocked cells"
                ));
            }
        }
    }
    None
}

/// The walker's frame: a new path from the mesh (on query frames), then
/// up to `SPEED` along it.
pub fn think<S: super::Store>(u: &mut Unit<S>, ctx: &mut Ctx) {
    let Brain::Mesh(b) = &mut u.brain else {
        return;
    };
    b.target = centre(u.goal);
    let map = ctx.map;
    let free = |x: i64, y: i64| map.free(x, y);
    let fresh = ctx.mesh_now || b.path.is_empty();
    if fresh {
        let Some(mesh) = ctx.mesh.as_deref_mut() else {
            return;
        };
        let from = Point::new(b.pos.0, b.pos.1);
        let to = Point::new(b.target.0, b.target.1);
        let result = mesh.find_path(&map.grid, from, to);
        ctx.report.answer(Structure::Mesh, ctx.frame);
        b.path.clear();
        let length = match result {
            Ok(Some(p)) => {
                b.path.extend(p.points.iter().map(|q| (q.x, q.y)));
                let ends = b.path.first() == Some(&b.pos) && b.path.last() == Some(&b.target);
                if let Some(why) = polyline_fault(&free, &b.path).or_else(|| {
                    (!ends).then(|| "it does not run from the walker to its goal".to_string())
                }) {
                    ctx.report.stale(
                        Structure::Mesh,
                        ctx.frame,
                        format!(
                            "unit {}: find_path {:?} -> {:?}: {why}; path {:?}",
                            u.id, b.pos, b.target, b.path
                        ),
                    );
                    b.path.clear();
                }
                Ok(Some(p.length))
            }
            Ok(None) => Ok(None),
            Err(e) => Err(e.to_string()),
        };
        u.answer = Answer::Mesh {
            from: b.pos,
            to: u.goal,
            length,
        };
    }
    // Walk up to SPEED along the path.
    if b.path.len() < 2 {
        u.idle += 1;
        return;
    }
    let mut left = SPEED;
    let mut walked = vec![b.pos];
    let mut k = 1;
    let mut end = b.pos;
    while k < b.path.len() {
        let next = b.path[k];
        let d = ((next.0 - end.0).powi(2) + (next.1 - end.1).powi(2)).sqrt();
        if d <= left {
            left -= d;
            end = next;
            walked.push(next);
            k += 1;
            if left < EPS {
                break;
            }
        } else {
            let t = left / d;
            end = (end.0 + t * (next.0 - end.0), end.1 + t * (next.1 - end.1));
            walked.push(end);
            break;
        }
    }
    // Never stop exactly on a grid corner (a point on two wedges).
    if end != b.target && integral(end.0) && integral(end.1) && walked.len() >= 2 {
        let prev = walked[walked.len() - 2];
        let d = ((end.0 - prev.0).powi(2) + (end.1 - prev.1).powi(2)).sqrt();
        if d > 1e-3 {
            let old = end;
            let t = 1e-3 / d;
            end = (end.0 - t * (end.0 - prev.0), end.1 - t * (end.1 - prev.1));
            *walked.last_mut().expect("two points") = end;
            if k > 1 && b.path.get(k - 1) == Some(&old) {
                k -= 1;
            }
        }
    }
    if let Some(why) = polyline_fault(&free, &walked) {
        if fresh {
            ctx.report.illegal(
                Structure::Mesh,
                ctx.frame,
                format!("unit {}: walk {walked:?}: {why}", u.id),
            );
        }
        // An old path the map has outrun: wait for the next query.
        b.path.clear();
        u.idle += 1;
        return;
    }
    // Occupancy: the cells round the old point left, those round the
    // new one entered.
    let width = i64::from(map.width);
    let height = i64::from(map.height);
    let mut bump = |p: (f64, f64), delta: i32| {
        cells_at(p, |x, y| {
            if x >= 0 && y >= 0 && x < width && y < height {
                ctx.occ.add(Cell::new(x as u32, y as u32), 1, delta);
            }
        })
    };
    bump(b.pos, -1);
    bump(end, 1);
    b.pos = end;
    // The rest of the path, from the new point.
    let rest: Vec<(f64, f64)> = b.path[k.min(b.path.len())..].to_vec();
    b.path.clear();
    b.path.push(end);
    b.path.extend(rest.into_iter().filter(|&q| q != end));
    if b.path.len() == 1 && end != b.target {
        b.path.clear();
    }
    u.at = Cell::new(end.0.floor().max(0.0) as u32, end.1.floor().max(0.0) as u32);
    u.idle = 0;
}

/// The walker's answer against the reference: a path exactly when one of
/// the cells holding its point reaches the goal cell.
pub fn check(
    id: usize,
    from: (f64, f64),
    to: Cell,
    length: &Result<Option<f64>, String>,
    ctx: &mut CheckCtx,
) {
    let map = ctx.map;
    let free = |x: i64, y: i64| map.free(x, y);
    let mut starts = Vec::new();
    cells_at(from, |x, y| {
        if free(x, y) {
            starts.push(Cell::new(x as u32, y as u32));
        }
    });
    // The shortest grid path from the point: to the centre of a cell
    // holding it, then the octile optimum (a legal any-angle path too).
    let mut truth: Option<f64> = None;
    for s in starts {
        if let Some(c) = super::reference(&map.grid, &free, s, to, ctx.report, ctx.frame) {
            let (cx, cy) = centre(s);
            let via = c.to_f64() + ((from.0 - cx).powi(2) + (from.1 - cy).powi(2)).sqrt();
            truth = Some(truth.map_or(via, |t: f64| t.min(via)));
        }
    }
    if let (Ok(Some(length)), Some(grid)) = (length, truth) {
        let r = &mut *ctx.report;
        r.mesh_compared += 1;
        if *length > grid + 1e-6 {
            r.mesh_longer += 1;
            let ratio = length / grid.max(1e-9);
            if ratio > r.mesh_worst.0 {
                r.mesh_worst = (
                    ratio,
                    format!("frame {}, unit {id}, {from:?} -> centre of {to:?}: {length:.3} against {grid:.3}", ctx.frame),
                );
            }
        }
    }
    ctx.report.check(Structure::Mesh, ctx.frame);
    let ok = match length {
        Ok(Some(_)) => truth.is_some(),
        Ok(None) => truth.is_none(),
        Err(_) => truth.is_none() && !map.grid.is_passable(to),
    };
    if !ok {
        ctx.report.stale(
            Structure::Mesh,
            ctx.frame,
            format!("unit {id}: find_path {from:?} -> centre of {to:?} answered {length:?}, a fresh grid search says {truth:?}"),
        );
    }
}
