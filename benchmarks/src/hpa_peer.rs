//! The `hierarchical_pathfinding` crate (0.5, HPA* for grids) as a peer of
//! pathseek, and the methods the `hierarchy_peers` example compares: each is
//! built from a pathseek [`Grid`] loaded from a MovingAI map, answers a query
//! with the full list of cells walked, and is repaired after one edited cell.
//!
//! # The peer's model, and how the MovingAI grid is mapped onto it
//!
//! `hierarchical_pathfinding::PathCache` never holds the grid: every call
//! takes a cost function `(x, y) -> isize`, the cost of *leaving* that tile
//! (a step from `a` to `b` costs `cost(a)` whatever its direction; a negative
//! cost is a solid tile), and a [`Neighborhood`] lists the neighbours of a
//! position and gives the heuristic. Its stock `MooreNeighborhood` lists all
//! eight neighbours inside the map and estimates with the Chebyshev distance.
//!
//! - **Costs.** A passable cell costs 1, a blocked one -1 ([`tile_cost`]).
//!   The model has no way to charge a diagonal step more than a straight
//!   one (the cost belongs to the tile, not to the move), so the peer
//!   minimises the number of moves (king moves), not the octile length, and
//!   among paths with the same number of moves it takes whichever its heaps
//!   give it. No choice of tile costs changes that.
//! - **Corners.** `MooreNeighborhood` allows every diagonal between two open
//!   cells, also past blocked ones (corner cutting), which the MovingAI rule
//!   forbids. [`MovingAiNeighborhood`] is a [`Neighborhood`] of our own that
//!   lists a diagonal only when both orthogonal cells beside it are passable:
//!   the MovingAI rule, exactly. It reads the passability from a table it
//!   shares with the adapter ([`Passability`], atomics so that it is `Sync`,
//!   as the peer requires, in safe code), which the adapter updates before
//!   telling the peer about an edit.
//! - **Repairs.** `tiles_changed` renews the chunks of the tiles it is
//!   given (their nodes and cached paths) and the node rows on the chunk
//!   sides they lie on. With the MovingAI neighbourhood an edited cell also
//!   changes the diagonal moves *past* it, between two of its orthogonal
//!   neighbours, so the adapter names those four cells too
//!   ([`PeerNeighborhood::touched`]); naming the cell alone left
//!   corner-cutting edges between chunk-corner nodes in the peer's graph.
//! - **Paths.** `find_path` returns an `AbstractPath`, an iterator over the
//!   cells after the start (segments inside chunks are cached with
//!   `cache_paths`, the default); the adapter collects it after the start
//!   into a `Vec<Cell>`, so every method hands back the same thing.
//!
//! Whatever the mapping, every path is checked here cell by cell
//! ([`check_path`]) and re-costed with pathseek's own octile costs
//! ([`pathseek::graph::path_cost`] on the grid), never with the peer's.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use hierarchical_pathfinding::neighbors::{MooreNeighborhood, Neighborhood};
use hierarchical_pathfinding::{PathCache, PathCacheConfig};
use pathseek::grid::GridHeuristic;
use pathseek::hierarchy::Hierarchy;
use pathseek::jump_points::{fill_path_into, BlockJumpPoints};
use pathseek::open_set::DaryHeap;
use pathseek::store::IndexedStore;
use pathseek::FollowMap;
use pathseek::{AStar, Cell, Grid, Query, Status};

use crate::peers::ExactInt;

// ---------------------------------------------------------------------------
// Checking a path against the MovingAI rules

/// Why a method's answer is not a valid MovingAI path for its query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No path, but the goal is reachable.
    MissedPath,
    /// A path, but the goal is not reachable.
    PathToUnreachable,
    /// The path is empty, or does not start at the start or end at the goal.
    WrongEnds,
    /// `path[index]` is outside the map.
    OutOfBounds {
        /// Its place in the path.
        index: usize,
    },
    /// `path[index]` is blocked.
    Blocked {
        /// Its place in the path.
        index: usize,
    },
    /// `path[index]` and `path[index + 1]` are not neighbours (or the same cell).
    NotAdjacent {
        /// The place of the step's first cell.
        index: usize,
    },
    /// The diagonal step from `path[index]` passes a blocked orthogonal cell.
    CornerCut {
        /// The place of the step's first cell.
        index: usize,
    },
    /// The path passed every rule here but pathseek's own `path_cost` on the
    /// grid refused it or costed it differently (a bug in this checker).
    CheckerDisagrees,
}

impl Fault {
    /// A short name for tables.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::MissedPath => "missed path",
            Fault::PathToUnreachable => "path to unreachable goal",
            Fault::WrongEnds => "wrong ends",
            Fault::OutOfBounds { .. } => "out of bounds",
            Fault::Blocked { .. } => "blocked cell",
            Fault::NotAdjacent { .. } => "not adjacent",
            Fault::CornerCut { .. } => "corner cut",
            Fault::CheckerDisagrees => "checker disagrees",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::OutOfBounds { index }
            | Fault::Blocked { index }
            | Fault::NotAdjacent { index }
            | Fault::CornerCut { index } => write!(f, "{} at path index {index}", self.kind()),
            _ => f.write_str(self.kind()),
        }
    }
}

/// Checks `path` (every cell walked, start and goal included) against the
/// MovingAI rules on `grid`, and returns its cost under pathseek's octile
/// costs (the grid's `straight` and `diagonal`). The rules: the path starts
/// at `start` and ends at `goal`; every cell is inside the map and passable;
/// consecutive cells are neighbours (one of the eight moves); a diagonal step
/// needs both orthogonal cells beside it passable. The cost is the sum of the
/// moves' costs, cross-checked against `pathseek::graph::path_cost` (the
/// grid's own edges).
pub fn check_path<C: ExactInt>(
    grid: &Grid<C>,
    start: Cell,
    goal: Cell,
    path: &[Cell],
) -> Result<C, Fault> {
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return Err(Fault::WrongEnds);
    }
    let open = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < i64::from(grid.width())
            && y < i64::from(grid.height())
            && grid.is_passable(Cell::new(x as u32, y as u32))
    };
    for (index, c) in path.iter().enumerate() {
        if !grid.in_bounds(*c) {
            return Err(Fault::OutOfBounds { index });
        }
        if !grid.is_passable(*c) {
            return Err(Fault::Blocked { index });
        }
    }
    let costs = grid.costs();
    let mut total = C::zero();
    for (index, step) in path.windows(2).enumerate() {
        let (a, b) = (step[0], step[1]);
        let dx = i64::from(b.x) - i64::from(a.x);
        let dy = i64::from(b.y) - i64::from(a.y);
        if dx.abs() > 1 || dy.abs() > 1 || (dx == 0 && dy == 0) {
            return Err(Fault::NotAdjacent { index });
        }
        let move_cost = if dx != 0 && dy != 0 {
            let (x, y) = (i64::from(a.x), i64::from(a.y));
            if !open(x + dx, y) || !open(x, y + dy) {
                return Err(Fault::CornerCut { index });
            }
            costs.diagonal
        } else {
            costs.straight
        };
        total = total + move_cost;
    }
    match pathseek::graph::path_cost(grid, path) {
        Some(c) if c == total => Ok(total),
        _ => Err(Fault::CheckerDisagrees),
    }
}

// ---------------------------------------------------------------------------
// The methods

/// One way of answering queries on a grid, as the `hierarchy_peers` example
/// measures it: built once (timed), queried many times (timed), repaired
/// after an edited cell (timed).
///
/// `Built<'g>` is what the build makes; it may borrow the grid it was built
/// from (a [`BlockJumpPoints`] does). [`Method::repair`] gets it back
/// together with the edited grid (a different `Grid` value, living as long)
/// and returns the structure for the edited grid: repaired in place, or
/// built anew when that is the method's only way.
///
/// A method adds itself in about twenty lines: [`OwnHierarchy`] is one.
pub trait Method<C: ExactInt> {
    /// What [`Method::build`] makes.
    type Built<'g>
    where
        C: 'g;

    /// The method's name in the table.
    fn name(&self) -> String;

    /// Builds the method's structure for `grid` (timed).
    fn build<'g>(&mut self, grid: &'g Grid<C>) -> Self::Built<'g>;

    /// Answers one query on `grid` (the grid `built` is current for): on a
    /// path, writes every cell walked into `path` (start and goal included)
    /// and returns `true`; returns `false` for no path.
    fn query(
        &mut self,
        built: &mut Self::Built<'_>,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> bool;

    /// Brings `built` up to date with `grid`, which differs from the grid it
    /// was current for in the one cell `changed` (timed).
    fn repair<'g>(
        &mut self,
        built: Self::Built<'g>,
        grid: &'g Grid<C>,
        changed: Cell,
    ) -> Self::Built<'g>;

    /// Queries that panicked inside the method (answered as no path).
    fn crashes(&self) -> u64 {
        0
    }
}

/// A reused A* engine: 4-ary heap, indexed store, the grid's heuristic.
pub type Engine<C> = AStar<DaryHeap<C, 4>, IndexedStore<C>, Query<Cell, C, GridHeuristic<C>>>;

/// pathseek's fastest A* over the full grid (the `compare` example's
/// `pathseek fastest`): a reused engine with a 4-ary heap and an indexed
/// store on the exact integer octile costs. Nothing to build or repair: the
/// engine is made by the build and grows on the first searches.
#[derive(Debug, Default)]
pub struct FullGridAStar;

impl<C: ExactInt> Method<C> for FullGridAStar {
    type Built<'g>
        = Engine<C>
    where
        C: 'g;

    fn name(&self) -> String {
        "pathseek A*, full grid (reused DaryHeap<4> + IndexedStore)".into()
    }

    fn build(&mut self, _grid: &Grid<C>) -> Engine<C> {
        AStar::new(DaryHeap::new(), IndexedStore::new())
    }

    fn query(
        &mut self,
        engine: &mut Engine<C>,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> bool {
        let q = Query::new(start, goal, GridHeuristic::new(grid, goal));
        matches!(engine.search_into(grid, q, path), Status::Found { .. })
    }

    fn repair(&mut self, engine: Engine<C>, _grid: &Grid<C>, _changed: Cell) -> Engine<C> {
        engine
    }
}

/// pathseek's A* over [`BlockJumpPoints`] (the same reused engine as
/// [`FullGridAStar`]); the jump points are filled into cells
/// ([`fill_path_into`]) so that it answers with every cell like the others.
/// Its structure is a bit copy of the grid, so a repair builds it anew.
#[derive(Debug, Default)]
pub struct BlockJps {
    points: Vec<Cell>,
}

impl<C: ExactInt> Method<C> for BlockJps {
    type Built<'g>
        = (BlockJumpPoints<'g, C>, Engine<C>)
    where
        C: 'g;

    fn name(&self) -> String {
        "pathseek A* over BlockJumpPoints (reused DaryHeap<4>)".into()
    }

    fn build<'g>(&mut self, grid: &'g Grid<C>) -> Self::Built<'g> {
        let jps = BlockJumpPoints::new(grid).expect("an 8-connected grid without terrain");
        (jps, AStar::new(DaryHeap::new(), IndexedStore::new()))
    }

    fn query(
        &mut self,
        (jps, engine): &mut Self::Built<'_>,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> bool {
        let q = Query::new(start, goal, GridHeuristic::new(grid, goal));
        let found = matches!(
            engine.search_into(&*jps, q, &mut self.points),
            Status::Found { .. }
        );
        if found {
            fill_path_into(&self.points, path);
        }
        found
    }

    fn repair<'g>(
        &mut self,
        (_, engine): Self::Built<'g>,
        grid: &'g Grid<C>,
        _changed: Cell,
    ) -> Self::Built<'g> {
        let jps = BlockJumpPoints::new(grid).expect("an 8-connected grid without terrain");
        (jps, engine)
    }
}

// ---------------------------------------------------------------------------
// The peer

/// The peer's cost of leaving cell `(x, y)` of `grid`: 1 if passable, -1
/// (solid) if blocked or outside.
#[inline]
pub fn tile_cost<C: ExactInt>(grid: &Grid<C>, (x, y): (usize, usize)) -> isize {
    match (u32::try_from(x), u32::try_from(y)) {
        (Ok(x), Ok(y)) if grid.is_passable(Cell::new(x, y)) => 1,
        _ => -1,
    }
}

/// A passability table shared between the adapter and the peer's
/// [`MovingAiNeighborhood`] (row-major, `width * height`).
pub struct Passability {
    width: usize,
    height: usize,
    open: Vec<AtomicBool>,
}

impl Passability {
    /// The passability of `grid`.
    pub fn of<C: ExactInt>(grid: &Grid<C>) -> Self {
        let (w, h) = (grid.width(), grid.height());
        let mut open = Vec::with_capacity(w as usize * h as usize);
        for y in 0..h {
            for x in 0..w {
                open.push(AtomicBool::new(grid.is_passable(Cell::new(x, y))));
            }
        }
        Passability {
            width: w as usize,
            height: h as usize,
            open,
        }
    }

    /// Whether `(x, y)` is inside and passable (`x`, `y` may be out of range).
    #[inline]
    fn is_open(&self, x: isize, y: isize) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.open[y as usize * self.width + x as usize].load(Ordering::Relaxed)
    }

    /// Copies the passability of `cell` from `grid`.
    pub fn sync<C: ExactInt>(&self, grid: &Grid<C>, cell: Cell) {
        let i = cell.y as usize * self.width + cell.x as usize;
        self.open[i].store(grid.is_passable(cell), Ordering::Relaxed);
    }
}

impl fmt::Debug for Passability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Passability")
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

/// The eight moves of the peer's Moore neighbourhood, with the MovingAI
/// rule: a diagonal is listed only if both orthogonal cells beside it are
/// passable. Straight neighbours are listed when inside the map (the peer
/// itself skips solid ones). The heuristic is the Chebyshev distance (the
/// number of king moves, exact on an open map under the peer's unit costs).
#[derive(Clone, Debug)]
pub struct MovingAiNeighborhood {
    open: Arc<Passability>,
}

impl MovingAiNeighborhood {
    /// A neighbourhood reading `open`.
    pub fn new(open: Arc<Passability>) -> Self {
        MovingAiNeighborhood { open }
    }
}

impl Neighborhood for MovingAiNeighborhood {
    fn get_all_neighbors(&self, (x, y): (usize, usize), target: &mut Vec<(usize, usize)>) {
        let (w, h) = (self.open.width as isize, self.open.height as isize);
        let (x, y) = (x as isize, y as isize);
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (x + dx, y + dy);
            if nx >= 0 && ny >= 0 && nx < w && ny < h {
                target.push((nx as usize, ny as usize));
            }
        }
        for (dx, dy) in [(1, -1), (1, 1), (-1, 1), (-1, -1)] {
            if self.open.is_open(x + dx, y) && self.open.is_open(x, y + dy) {
                let (nx, ny) = (x + dx, y + dy);
                if nx >= 0 && ny >= 0 && nx < w && ny < h {
                    target.push((nx as usize, ny as usize));
                }
            }
        }
    }

    fn heuristic(&self, a: (usize, usize), b: (usize, usize)) -> usize {
        a.0.abs_diff(b.0).max(a.1.abs_diff(b.1))
    }
}

/// A neighbourhood the peer adapter can build for a grid and keep current.
pub trait PeerNeighborhood: Neighborhood + Sync + Send + Sized {
    /// What the table calls it.
    const NAME: &'static str;
    /// The neighbourhood of `grid`.
    fn for_grid<C: ExactInt>(grid: &Grid<C>) -> Self;
    /// Takes in the new state of `cell` of `grid`, before the peer is told.
    fn sync<C: ExactInt>(&self, grid: &Grid<C>, cell: Cell);
    /// The tiles to hand to the peer's `tiles_changed` when `cell` of
    /// `grid` changed: the cells whose moves changed, i.e. the ends of
    /// every move that became allowed or forbidden.
    fn touched<C: ExactInt>(grid: &Grid<C>, cell: Cell) -> Vec<(usize, usize)>;
}

impl PeerNeighborhood for MovingAiNeighborhood {
    const NAME: &'static str = "MovingAI neighbourhood (no corner cutting)";

    fn for_grid<C: ExactInt>(grid: &Grid<C>) -> Self {
        MovingAiNeighborhood::new(Arc::new(Passability::of(grid)))
    }

    fn sync<C: ExactInt>(&self, grid: &Grid<C>, cell: Cell) {
        self.open.sync(grid, cell);
    }

    /// The cell and its four orthogonal neighbours: a diagonal move that
    /// passes `cell` runs between two of them, so its legality changes with
    /// `cell` although neither of its ends did. The peer's repair only
    /// renews the moves of the tiles it is given; told about `cell` alone
    /// it keeps such a diagonal between two chunk-corner nodes, which then
    /// cuts the corner (see the test `the_peer_keeps_a_cut_corner_unless_told_about_the_neighbours`).
    fn touched<C: ExactInt>(grid: &Grid<C>, cell: Cell) -> Vec<(usize, usize)> {
        let (x, y) = (i64::from(cell.x), i64::from(cell.y));
        [(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)]
            .into_iter()
            .map(|(dx, dy)| (x + dx, y + dy))
            .filter(|&(x, y)| {
                x >= 0 && y >= 0 && x < i64::from(grid.width()) && y < i64::from(grid.height())
            })
            .map(|(x, y)| (x as usize, y as usize))
            .collect()
    }
}

impl PeerNeighborhood for MooreNeighborhood {
    const NAME: &'static str = "stock MooreNeighborhood (cuts corners)";

    fn for_grid<C: ExactInt>(grid: &Grid<C>) -> Self {
        MooreNeighborhood::new(grid.width() as usize, grid.height() as usize)
    }

    fn sync<C: ExactInt>(&self, _grid: &Grid<C>, _cell: Cell) {}

    /// The cell alone: with corner cutting allowed, a move's legality
    /// depends on its two ends only.
    fn touched<C: ExactInt>(_grid: &Grid<C>, cell: Cell) -> Vec<(usize, usize)> {
        vec![(cell.x as usize, cell.y as usize)]
    }
}

/// The peer's cache with the neighbourhood it was built with (a handle on
/// the same shared passability, for [`PeerNeighborhood::sync`]).
pub struct PeerCache<N: PeerNeighborhood> {
    /// The peer's structure.
    pub cache: PathCache<N>,
    neighborhood: N,
}

/// `hierarchical_pathfinding`'s `PathCache` as a [`Method`]: built from the
/// grid with chunks of `config.chunk_size` cells, queried with `find_path`,
/// repaired with `tiles_changed` on the tiles [`PeerNeighborhood::touched`]
/// names. With `parallel` the peer's own parallel
/// entry points are used (`PathCache::new`, `tiles_changed`: rayon, on its
/// `parallel` feature, on by default); without, the sequential ones
/// (`new_with_fn_mut`, `tiles_changed_with_fn_mut`), single-threaded like
/// every pathseek method.
pub struct HpaPeer<N> {
    config: PathCacheConfig,
    parallel: bool,
    /// Queries whose `find_path` panicked (answered as no path).
    pub panics: u64,
    neighborhood: std::marker::PhantomData<fn() -> N>,
}

impl<N> HpaPeer<N> {
    /// The peer with `config`.
    pub fn new(config: PathCacheConfig, parallel: bool) -> Self {
        HpaPeer {
            config,
            parallel,
            panics: 0,
            neighborhood: std::marker::PhantomData,
        }
    }
}

impl<C: ExactInt + Sync, N: PeerNeighborhood> Method<C> for HpaPeer<N> {
    type Built<'g>
        = PeerCache<N>
    where
        C: 'g;

    fn name(&self) -> String {
        let c = &self.config;
        format!(
            "hierarchical_pathfinding 0.5, {}, chunk {}{}{}{}",
            N::NAME,
            c.chunk_size,
            if c.perfect_paths {
                ", perfect_paths"
            } else {
                ""
            },
            if c.a_star_fallback {
                ""
            } else {
                ", no A* fallback"
            },
            if self.parallel { ", parallel" } else { "" },
        )
    }

    fn build(&mut self, grid: &Grid<C>) -> PeerCache<N> {
        let neighborhood = N::for_grid(grid);
        let size = (grid.width() as usize, grid.height() as usize);
        let cost = |p| tile_cost(grid, p);
        let cache = if self.parallel {
            PathCache::new(size, cost, neighborhood.clone(), self.config)
        } else {
            PathCache::new_with_fn_mut(size, cost, neighborhood.clone(), self.config)
        };
        PeerCache {
            cache,
            neighborhood,
        }
    }

    fn query(
        &mut self,
        built: &mut PeerCache<N>,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> bool {
        let s = (start.x as usize, start.y as usize);
        let g = (goal.x as usize, goal.y as usize);
        let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            built.cache.find_path(s, g, |p| tile_cost(grid, p))
        }));
        let found = match found {
            Ok(found) => found,
            Err(_) => {
                self.panics += 1;
                None
            }
        };
        let Some(cells) = found else {
            return false;
        };
        path.clear();
        path.push(start);
        // The iterator yields the cells after the start (the start itself
        // once when start == goal).
        path.extend(cells.map(|(x, y)| Cell::new(x as u32, y as u32)));
        if start == goal && path.len() == 2 && path[1] == start {
            path.truncate(1);
        }
        true
    }

    fn repair(&mut self, mut built: PeerCache<N>, grid: &Grid<C>, changed: Cell) -> PeerCache<N> {
        built.neighborhood.sync(grid, changed);
        let tiles = N::touched(grid, changed);
        let cost = |p| tile_cost(grid, p);
        if self.parallel {
            built.cache.tiles_changed(&tiles, cost);
        } else {
            built.cache.tiles_changed_with_fn_mut(&tiles, cost);
        }
        built
    }

    fn crashes(&self) -> u64 {
        self.panics
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peers::exact_costs;
    use pathseek::Connectivity;

    /// A 12 x 12 grid with a wall at x = 5 (rows 0..=9 blocked, 10 and 11 open)
    /// and a blocked pair of diagonal cells at (8, 3) and (9, 4).
    fn grid() -> Grid<u32> {
        Grid::from_fn(12, 12, Connectivity::Eight, exact_costs::<u32>(), |c| {
            !((c.x == 5 && c.y <= 9) || c == Cell::new(8, 3) || c == Cell::new(9, 4))
        })
        .unwrap()
    }

    #[test]
    fn checker_finds_each_fault() {
        let g = grid();
        let (s, d) = (g.costs().straight, g.costs().diagonal);
        let (a, b) = (Cell::new(0, 0), Cell::new(2, 1));
        let ok = [a, Cell::new(1, 0), b];
        assert_eq!(check_path(&g, a, b, &ok), Ok(s + d));
        assert_eq!(check_path(&g, a, b, &ok[..2]), Err(Fault::WrongEnds));
        assert_eq!(
            check_path(&g, a, b, &[a, b]),
            Err(Fault::NotAdjacent { index: 0 })
        );
        let through = [Cell::new(4, 0), Cell::new(5, 0), Cell::new(6, 0)];
        assert_eq!(
            check_path(&g, through[0], through[2], &through),
            Err(Fault::Blocked { index: 1 })
        );
        // (8, 4) -> (9, 3) passes the blocked (8, 3) and (9, 4).
        let cut = [Cell::new(8, 4), Cell::new(9, 3)];
        assert_eq!(
            check_path(&g, cut[0], cut[1], &cut),
            Err(Fault::CornerCut { index: 0 })
        );
    }

    #[test]
    fn moving_ai_neighbourhood_never_cuts_corners() {
        let g = grid();
        let n = MovingAiNeighborhood::for_grid(&g);
        let mut out = Vec::new();
        n.get_all_neighbors((8, 4), &mut out);
        assert!(!out.contains(&(9, 3)));
        out.clear();
        MooreNeighborhood::for_grid(&g).get_all_neighbors((8, 4), &mut out);
        assert!(out.contains(&(9, 3)));
    }

    /// Whether the peer's graph has an edge between the nodes at `a` and `b`.
    fn edge<N: PeerNeighborhood>(
        cache: &PathCache<N>,
        a: (usize, usize),
        b: (usize, usize),
    ) -> bool {
        cache
            .inspect_nodes()
            .any(|n| n.pos() == a && n.connected().any(|(m, _)| m.pos() == b))
    }

    #[test]
    fn the_peer_keeps_a_cut_corner_unless_told_about_the_neighbours() {
        // An open 12 x 12 map in chunks of 4: (3, 4) is a corner node of the
        // chunk left of (4, 4)'s, (4, 3) one of the chunk above it, joined
        // by a diagonal edge past (3, 3) and (4, 4).
        let open = Grid::from_fn(12, 12, Connectivity::Eight, exact_costs::<u32>(), |_| true);
        let open = open.unwrap();
        let mut edited = open.clone();
        let wall = Cell::new(4, 4);
        edited.set_passable(wall, false).unwrap();
        let config = PathCacheConfig::with_chunk_size(4);
        let mut peer = HpaPeer::<MovingAiNeighborhood>::new(config, false);
        let (a, b) = ((3, 4), (4, 3));

        // Told about (4, 4) alone, the peer keeps the edge, now a cut corner
        // (whether a query takes it depends on the peer's hash order).
        let mut built = peer.build(&open);
        assert!(edge(&built.cache, a, b));
        built.neighborhood.sync(&edited, wall);
        built
            .cache
            .tiles_changed_with_fn_mut(&[(4, 4)], |p| tile_cost(&edited, p));
        assert!(edge(&built.cache, a, b));

        // Built anew on the edited map, or repaired by the adapter (which
        // names the four neighbours too), it has no such edge.
        assert!(!edge(&peer.build(&edited).cache, a, b));
        let fresh = peer.build(&open);
        let repaired = peer.repair(fresh, &edited, wall);
        assert!(!edge(&repaired.cache, a, b));
    }

    #[test]
    fn peer_paths_are_walks_and_repairs_see_the_edit() {
        let g = grid();
        let mut peer =
            HpaPeer::<MovingAiNeighborhood>::new(PathCacheConfig::with_chunk_size(4), false);
        let mut built = peer.build(&g);
        let (start, goal) = (Cell::new(0, 0), Cell::new(11, 0));
        let mut path = Vec::new();
        assert!(peer.query(&mut built, &g, start, goal, &mut path));
        check_path(&g, start, goal, &path).unwrap();
        // Close the gap under the wall: no way round any more.
        let mut edited = g.clone();
        edited.set_passable(Cell::new(5, 10), false).unwrap();
        edited.set_passable(Cell::new(5, 11), false).unwrap();
        let built = peer.repair(built, &edited, Cell::new(5, 10));
        let mut built = peer.repair(built, &edited, Cell::new(5, 11));
        assert!(!peer.query(&mut built, &edited, start, goal, &mut path));
        assert_eq!(peer.panics, 0);
    }
}

/// pathseek's own HPA\* ([`Hierarchy`]): `find_path` (refined and smoothed),
/// clusters of `cluster` cells, the other options at their defaults; a
/// repair is its `update` from the grid's edit log.
#[derive(Debug)]
pub struct OwnHierarchy {
    /// The cluster size.
    pub cluster: u32,
}

impl<C: ExactInt> Method<C> for OwnHierarchy {
    type Built<'g>
        = Hierarchy<C>
    where
        C: 'g;

    fn name(&self) -> String {
        format!("pathseek Hierarchy (HPA*), cluster {}", self.cluster)
    }

    fn build(&mut self, grid: &Grid<C>) -> Hierarchy<C> {
        Hierarchy::new(grid, self.cluster).expect("a cluster size from 2 to 4096")
    }

    fn query(
        &mut self,
        h: &mut Hierarchy<C>,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
        path: &mut Vec<Cell>,
    ) -> bool {
        matches!(h.find_path(grid, start, goal, path), Ok(Some(_)))
    }

    fn repair(&mut self, mut h: Hierarchy<C>, grid: &Grid<C>, _changed: Cell) -> Hierarchy<C> {
        h.sync(grid).expect("a repair of a grid edited by one cell");
        h
    }
}
