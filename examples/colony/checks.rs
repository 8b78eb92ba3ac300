//! The checks: every answer against a fresh reference search, and the whole
//! structures against fresh builds.

use super::*;

/// Everything a check needs.
pub(crate) struct CheckCtx<'a> {
    pub(crate) map: &'a Map,
    pub(crate) known: &'a Grid<Length>,
    pub(crate) hierarchy: &'a mut Hierarchy<Length>,
    pub(crate) report: &'a mut Report,
    pub(crate) frame: u64,
    pub(crate) path: &'a mut Vec<Cell>,
}

/// Checks one unit's current answer against the reference.
pub(crate) fn check<S: Store>(u: &Unit<S>, ctx: &mut CheckCtx) {
    let map = ctx.map;
    let free = |x: i64, y: i64| map.free(x, y);
    let frame = ctx.frame;
    match &u.answer {
        Answer::None => {}
        Answer::Search {
            from,
            goal,
            wanted,
            status,
            connected,
        } => {
            let structure = u.kind.structure();
            let Some(answer) = said(status) else {
                ctx.report.check(structure, frame);
                ctx.report.stale(
                    structure,
                    frame,
                    format!("unit {}: {from:?} -> {goal:?} ended with {status:?}", u.id),
                );
                return;
            };
            let truth = if u.kind == Kind::Large {
                footprint_reference(map, LARGE, *from, *wanted)
            } else {
                reference(&map.grid, &free, *from, *wanted, ctx.report, frame)
            };
            ctx.report.check(structure, frame);
            if let Some(c) = connected {
                ctx.report.check(Structure::Components, frame);
                if *c != truth.is_some() {
                    ctx.report.stale(
                        Structure::Components,
                        frame,
                        format!(
                            "unit {}: connected({from:?}, {wanted:?}) = {c}, the reference says {truth:?}",
                            u.id
                        ),
                    );
                }
            }
            if goal == wanted {
                if answer != truth {
                    ctx.report.stale(
                        structure,
                        frame,
                        format!(
                            "unit {} ({:?}): {from:?} -> {goal:?} answered {status:?}, a fresh search says {truth:?}",
                            u.id, u.kind
                        ),
                    );
                }
            } else {
                // A fallback goal: the real one must be out of reach, and
                // the cost to the fallback exact.
                if truth.is_some() {
                    ctx.report.stale(
                        structure,
                        frame,
                        format!(
                            "unit {}: {from:?} heads for the fallback {goal:?} ({status:?}) while {wanted:?} is reachable at {truth:?}",
                            u.id
                        ),
                    );
                }
                let to_fallback = reference(&map.grid, &free, *from, *goal, ctx.report, frame);
                if answer != to_fallback {
                    ctx.report.stale(
                        structure,
                        frame,
                        format!(
                            "unit {}: {from:?} -> fallback {goal:?} answered {status:?}, a fresh search says {to_fallback:?}",
                            u.id
                        ),
                    );
                }
            }
        }
        Answer::DStar { at, goal, status } => {
            let known = ctx.known;
            let kfree = |x: i64, y: i64| {
                x >= 0
                    && y >= 0
                    && x < i64::from(known.width())
                    && y < i64::from(known.height())
                    && known.is_passable(Cell::new(x as u32, y as u32))
            };
            let truth = reference(known, &kfree, *at, *goal, ctx.report, frame);
            ctx.report.check(Structure::DStar, frame);
            if said(status) != Some(truth) {
                ctx.report.stale(
                    Structure::DStar,
                    frame,
                    format!(
                        "unit {}: {at:?} -> {goal:?} on the known map answered {status:?}, a fresh search says {truth:?}",
                        u.id
                    ),
                );
            }
        }
        Answer::Hpa { at, goal, bound } => {
            let truth = reference(&map.grid, &free, *at, *goal, ctx.report, frame);
            ctx.report.check(Structure::Hpa, frame);
            let ok = match bound {
                Ok(Some(b)) => truth.is_some_and(|t| *b >= t),
                Ok(None) => truth.is_none(),
                // A blocked start or goal is no path.
                Err(_) => {
                    truth.is_none() && (!map.grid.is_passable(*at) || !map.grid.is_passable(*goal))
                }
            };
            if !ok {
                ctx.report.stale(
                    Structure::Hpa,
                    frame,
                    format!(
                        "unit {}: plan {at:?} -> {goal:?} answered {bound:?} (cost bound), a fresh search says {truth:?}",
                        u.id
                    ),
                );
            }
            // The other answers of the same hierarchy, on the same query.
            ctx.report.answer(Structure::Hpa, frame);
            ctx.report.check(Structure::Hpa, frame);
            let exact = ctx.hierarchy.find_exact(&map.grid, *at, *goal, ctx.path);
            let exact_ok = match &exact {
                Ok(c) => {
                    *c == truth
                        && (c.is_none() || path_fault(&free, map.eight, 1, ctx.path).ok() == *c)
                }
                Err(_) => truth.is_none(),
            };
            if !exact_ok {
                ctx.report.stale(
                    Structure::Hpa,
                    frame,
                    format!("unit {}: find_exact {at:?} -> {goal:?} = {exact:?}, a fresh search says {truth:?}", u.id),
                );
            }
            ctx.report.answer(Structure::Hpa, frame);
            ctx.report.check(Structure::Hpa, frame);
            let near = ctx.hierarchy.find_path(&map.grid, *at, *goal, ctx.path);
            let near_ok = match &near {
                Ok(Some(c)) => {
                    truth.is_some_and(|t| *c >= t)
                        && path_fault(&free, map.eight, 1, ctx.path).ok() == Some(*c)
                        && ctx.path.first() == Some(at)
                        && ctx.path.last() == Some(goal)
                }
                Ok(None) | Err(_) => truth.is_none(),
            };
            if !near_ok {
                ctx.report.stale(
                    Structure::Hpa,
                    frame,
                    format!("unit {}: find_path {at:?} -> {goal:?} = {near:?}, a fresh search says {truth:?}", u.id),
                );
            }
        }
        Answer::Group { at, goal, cost } => {
            let structure = u.kind.structure();
            let truth = reference(&map.grid, &free, *at, *goal, ctx.report, frame);
            ctx.report.check(structure, frame);
            let ok = match cost {
                Ok(c) => *c == truth,
                Err(_) => truth.is_none(),
            };
            if !ok {
                ctx.report.stale(
                    structure,
                    frame,
                    format!(
                        "unit {}: cost from {at:?} to {goal:?} answered {cost:?}, a fresh search says {truth:?}",
                        u.id
                    ),
                );
            }
        }
        #[cfg(feature = "navmesh")]
        Answer::Mesh { from, to, length } => mesh::check(u.id, *from, *to, length, ctx),
    }
}

/// The whole structures against fresh ones: clearance, labels, the grid's
/// moves.
pub(crate) fn check_structures(map: &Map, clearance: &Clearance, report: &mut Report, frame: u64) {
    report.answer(Structure::Clearance, frame);
    report.check(Structure::Clearance, frame);
    match Clearance::new(&map.grid, LARGE as u8) {
        Ok(fresh) if fresh == *clearance => {}
        Ok(fresh) => {
            let w = map.width;
            let diff = (0..map.height)
                .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
                .find(|&c| {
                    clearance_at(&fresh, &map.grid, c) != clearance_at(clearance, &map.grid, c)
                });
            report.stale(
                Structure::Clearance,
                frame,
                format!(
                    "the updated clearance map differs from a fresh build (first at {diff:?}; versions {:?} / {:?})",
                    clearance.version(),
                    fresh.version()
                ),
            );
        }
        Err(e) => report.stale(Structure::Clearance, frame, format!("fresh build: {e}")),
    }
    report.answer(Structure::Components, frame);
    report.check(Structure::Components, frame);
    let fresh = GridComponents::new(&map.grid);
    let mut pairing: HashMap<u32, u32> = HashMap::new();
    let mut back: HashMap<u32, u32> = HashMap::new();
    for y in 0..map.height {
        for x in 0..map.width {
            let c = Cell::new(x, y);
            // Labels behind the grid refuse (`MapChanged`): never a stale answer.
            let Ok(a) = map.parts.component(&map.grid, c) else {
                continue;
            };
            let b = fresh.component(&map.grid, c).ok().flatten();
            let ok = match (a, b) {
                (None, None) => true,
                (Some(a), Some(b)) => {
                    *pairing.entry(a.get()).or_insert(b.get()) == b.get()
                        && *back.entry(b.get()).or_insert(a.get()) == a.get()
                }
                _ => false,
            };
            if !ok {
                report.stale(
                    Structure::Components,
                    frame,
                    format!("the kept labels differ from fresh ones at {c:?} ({a:?} / {b:?})"),
                );
                break;
            }
        }
    }
    report.answer(Structure::Grid, frame);
    report.check(Structure::Grid, frame);
    let free = |x: i64, y: i64| map.free(x, y);
    let mut moves = Vec::with_capacity(8);
    'cells: for y in 0..map.height {
        for x in 0..map.width {
            let c = Cell::new(x, y);
            moves.clear();
            map.grid.successors(c, |n, cost| moves.push((n, cost)));
            let mut expected = 0;
            for (k, &(dx, dy)) in STEPS.iter().enumerate() {
                let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
                if nx < 0
                    || ny < 0
                    || (k >= 4 && !map.eight)
                    || !map.free(i64::from(x), i64::from(y))
                {
                    continue;
                }
                let n = Cell::new(nx as u32, ny as u32);
                if step_fault(&free, map.eight, 1, c, n).is_none() {
                    expected += 1;
                    let cost = if k >= 4 {
                        Length::DIAGONAL
                    } else {
                        Length::STRAIGHT
                    };
                    if !moves.contains(&(n, cost)) {
                        report.stale(
                            Structure::Grid,
                            frame,
                            format!("the grid has no move {c:?} -> {n:?} (cost {cost:?})"),
                        );
                        break 'cells;
                    }
                }
            }
            if moves.len() != expected {
                report.stale(
                    Structure::Grid,
                    frame,
                    format!(
                        "the grid has {} moves from {c:?}, the rules {expected}: {moves:?}",
                        moves.len()
                    ),
                );
                break 'cells;
            }
        }
    }
}
