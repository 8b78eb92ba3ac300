//! The true map and the rules of movement: a step is legal on the map as it
//! is; a path is checked step by step; the reference searches.

use super::*;

/// The true map: the crate's grid and labels, and the example's own copy
/// of which cells are free, against which every step is judged.
pub(crate) struct Map {
    pub(crate) grid: Grid<Length>,
    pub(crate) parts: GridComponents,
    pub(crate) shadow: Vec<bool>,
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) eight: bool,
    pub(crate) edits: u64,
}

impl Map {
    pub(crate) fn index(&self, c: Cell) -> usize {
        c.y as usize * self.width as usize + c.x as usize
    }

    pub(crate) fn free(&self, x: i64, y: i64) -> bool {
        free_in(&self.shadow, self.width, self.height, x, y)
    }

    pub(crate) fn fits(&self, c: Cell, size: u32) -> bool {
        fits(
            &|x, y| self.free(x, y),
            i64::from(c.x),
            i64::from(c.y),
            size,
        )
    }

    /// Sets a cell through the labels (so that they follow), on the shadow
    /// too.
    pub(crate) fn set(&mut self, cell: Cell, passable: bool, report: &mut Report, frame: u64) {
        let i = self.index(cell);
        if self.shadow[i] == passable {
            return;
        }
        if let Err(e) = self.parts.set_passable(&mut self.grid, cell, passable) {
            report.stale(
                Structure::Components,
                frame,
                format!("the labels refused an edit of {cell:?}: {e}"),
            );
            self.grid
                .set_passable(cell, passable)
                .expect("inside the map");
            self.parts.rebuild(&self.grid);
        }
        self.shadow[i] = passable;
        self.edits += 1;
        if self.grid.is_passable(cell) != passable {
            report.stale(
                Structure::Grid,
                frame,
                format!("{cell:?} set to passable={passable}, the grid says otherwise"),
            );
        }
    }
}

pub(crate) fn free_in(shadow: &[bool], width: u32, height: u32, x: i64, y: i64) -> bool {
    x >= 0
        && y >= 0
        && x < i64::from(width)
        && y < i64::from(height)
        && shadow[y as usize * width as usize + x as usize]
}

pub(crate) fn fits(free: &impl Fn(i64, i64) -> bool, x: i64, y: i64, size: u32) -> bool {
    let s = i64::from(size);
    (0..s).all(|j| (0..s).all(|i| free(x + i, y + j)))
}

/// Why a unit `size` cells wide may not step from `a` to `b`, if it may not.
pub(crate) fn step_fault(
    free: &impl Fn(i64, i64) -> bool,
    eight: bool,
    size: u32,
    a: Cell,
    b: Cell,
) -> Option<&'static str> {
    let (ax, ay) = (i64::from(a.x), i64::from(a.y));
    let (dx, dy) = (i64::from(b.x) - ax, i64::from(b.y) - ay);
    if dx.abs() > 1 || dy.abs() > 1 {
        return Some("not a move to a neighbour");
    }
    if (dx, dy) == (0, 0) {
        return None;
    }
    if !fits(free, ax + dx, ay + dy, size) {
        return Some(if size == 1 {
            "into a blocked cell"
        } else {
            "onto cells narrower than the unit"
        });
    }
    if dx != 0 && dy != 0 {
        if !eight {
            return Some("a diagonal move on a 4-connected map");
        }
        if !fits(free, ax + dx, ay, size) || !fits(free, ax, ay + dy, size) {
            return Some("cuts a corner");
        }
    }
    None
}

/// The cost of `path` for a unit `size` cells wide, summed by the example
/// (the map has no terrain), or why it is not a path.
pub(crate) fn path_fault(
    free: &impl Fn(i64, i64) -> bool,
    eight: bool,
    size: u32,
    path: &[Cell],
) -> Result<Length, String> {
    let Some(&first) = path.first() else {
        return Err("an empty path".into());
    };
    if !fits(free, i64::from(first.x), i64::from(first.y), size) {
        return Err(format!(
            "it starts on {first:?}, where the unit does not fit"
        ));
    }
    let mut units: u64 = 0;
    for (k, w) in path.windows(2).enumerate() {
        if let Some(why) = step_fault(free, eight, size, w[0], w[1]) {
            return Err(format!("step {k} {:?} -> {:?}: {why}", w[0], w[1]));
        }
        if w[0] == w[1] {
            return Err(format!("step {k} stays on {:?}", w[0]));
        }
        let diagonal = w[0].x != w[1].x && w[0].y != w[1].y;
        units += u64::from(if diagonal {
            Length::DIAGONAL.units()
        } else {
            Length::STRAIGHT.units()
        });
    }
    u32::try_from(units)
        .map(Length::from_units)
        .map_err(|_| "a cost past Length::MAX".into())
}

/// The octile distance as a `Length` (a consistent heuristic on this map).
pub(crate) fn octile(a: Cell, b: Cell) -> Length {
    let dx = a.x.abs_diff(b.x);
    let dy = a.y.abs_diff(b.y);
    let (lo, hi) = (dx.min(dy), dx.max(dy));
    Length::from_units(
        lo.saturating_mul(Length::DIAGONAL.units())
            .saturating_add((hi - lo).saturating_mul(Length::STRAIGHT.units())),
    )
}

/// The reference: a fresh `pathseek::astar` on `grid` as it is, its path
/// checked by the example's rules on `free` (a disagreement is the grid's).
pub(crate) fn reference(
    grid: &Grid<Length>,
    free: &impl Fn(i64, i64) -> bool,
    s: Cell,
    g: Cell,
    report: &mut Report,
    frame: u64,
) -> Option<Length> {
    let result = pathseek::astar(grid, s, g, grid.heuristic(g));
    let path = result.found()?;
    match path_fault(
        free,
        grid.connectivity() == Connectivity::Eight,
        1,
        &path.nodes,
    ) {
        Ok(cost) if cost == path.cost && path.nodes.last() == Some(&g) => {}
        other => report.stale(
            Structure::Grid,
            frame,
            format!(
                "the reference A* {s:?} -> {g:?} says {:?}, its path by the rules: {other:?}",
                path.cost
            ),
        ),
    }
    Some(path.cost)
}

/// The reference for a unit `size` cells wide: `pathseek::astar` on a graph
/// written here from the footprint rule, on the example's copy of the map.
pub(crate) fn footprint_reference(map: &Map, size: u32, s: Cell, g: Cell) -> Option<Length> {
    if !map.fits(s, size) || !map.fits(g, size) {
        return None;
    }
    let free = |x: i64, y: i64| map.free(x, y);
    let eight = map.eight;
    let graph = pathseek::graph::from_fn(|c: Cell, edge: &mut dyn FnMut(Cell, Length)| {
        for (k, &(dx, dy)) in STEPS.iter().enumerate() {
            if k >= 4 && !eight {
                break;
            }
            let (x, y) = (i64::from(c.x) + dx, i64::from(c.y) + dy);
            if x < 0 || y < 0 {
                continue;
            }
            let next = Cell::new(x as u32, y as u32);
            if step_fault(&free, eight, size, c, next).is_none() {
                edge(
                    next,
                    if k >= 4 {
                        Length::DIAGONAL
                    } else {
                        Length::STRAIGHT
                    },
                );
            }
        }
    });
    let result = pathseek::astar(&graph, s, g, |c: Cell| octile(c, g));
    result.found().map(|p| p.cost)
}

/// "Found at cost c", "no path" (an error such as a blocked goal is no path
/// too) or nothing to compare (in progress).
pub(crate) fn said(status: &Status<Cell, Length>) -> Option<Option<Length>> {
    match status {
        Status::Found { cost } => Some(Some(*cost)),
        Status::NoPath => Some(None),
        Status::Error(SearchError::GoalBlocked { .. } | SearchError::StartBlocked { .. }) => {
            Some(None)
        }
        _ => None,
    }
}
