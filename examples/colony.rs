//! A colony: a headless game on a MovingAI map, the crate's soak test.
//!
//! ```text
//! cargo run --release --example colony                        # rmtst01, embedded, 1,000 frames
//! cargo run --release --example colony -- --frames 100000     # the long run
//! cargo run --release --features navmesh --example colony     # with the navigation mesh units
//! cargo run --release --example colony -- --map FILE.map --scen FILE.map.scen [--units N] [--seed S]
//! cargo run --release --example colony -- --help
//! ```
//!
//! Hundreds of units walk a map whose doors open and close and whose
//! buildings (small blocks of cells) go up and come down every frame, each
//! unit steered by one of the crate's structures, used the way a game would:
//!
//! | units | structure | how |
//! |---|---|---|
//! | A\* | `AStar::start` / `advance` | sliced under a budget of expansions a frame shared by all searches, the partial path walked meanwhile; a search the map changed under restarts by itself, and the unit then starts again from where it stands |
//! | A\* within labels | `GridComponents` + `start_within` / `advance_within` | the labels asked before searching (`connected`); every edit goes through them |
//! | A\* with fallback | the same with `Query::fallback_to_nearest` | a goal cut off: as near as it can |
//! | large (2 x 2) | `Clearance` + sliced A\* on `clearance.unit(&grid, 2)` | the clearance map updated every frame from the edit log |
//! | D\* Lite | `incremental::DStarLite` | in unknown terrain: the colony's shared map of what its scouts have seen (all open at first), each one sensing the true map within a radius every frame |
//! | HPA\* | `hierarchy::Hierarchy::plan` + `Plan::next_stretch` | long trips; planned again whenever the map changed |
//! | groups | `groups::DistanceField` (half the groups) and `FlowField` (the other half) | one field per group and goal, rebuilt under a budget of settled cells a frame; a field the map outran answers `MapChanged` and its units wait |
//! | mesh (feature `navmesh`) | `navmesh::GridMesh` | any-angle walkers, a point anywhere in the free space, 1 cell of distance a frame; the mesh is rebuilt at the first query after an edit, so on maps of many polygons the walkers query every `polygons / 100` frames and walk their last path meanwhile (checking each stretch themselves, and waiting when the map has outrun it) |
//!
//! The searching units keep their engines between frames (a `DaryHeap<4>`
//! and an `IndexedStore`, a record per cell, on maps where that fits in 64
//! MB for all of them; a `PagedStore` on bigger maps, whose memory then
//! grows until each unit has made its widest search). Without the
//! `navmesh` feature the mesh walkers' places go to units within labels.
//!
//! Goals come from the scenario file; a unit that arrives rests a few frames
//! and takes the next one. Every `--storm-every` frames a storm toggles a
//! few cells more times than the grid's edit log holds, so every structure
//! that follows the log must notice it cannot and rebuild.
//!
//! # What is checked
//! - **Every step** a unit takes, on the map as it is, by the example's own
//!   rules on its own copy of the map (not the crate's move masks): a move
//!   to a neighbour, into a free cell, no corner cut (a diagonal needs both
//!   cells beside it free), the whole 2 x 2 footprint free for a large unit
//!   (and at both cells beside a diagonal); for a mesh walker the segment
//!   walked by the GPPC any-angle rules (not through a blocked cell, not
//!   along an edge between two blocked cells, not through a point where two
//!   blocked cells touch). A step that fails is counted in `illegal` and not
//!   taken.
//! - **Every path** a structure hands out, when it is read, by the same
//!   rules, and for the exact structures its cost summed by the example
//!   against the cost the structure said.
//! - **Answers against a fresh reference search** (`pathseek::astar` on the
//!   map as it is now; for D\* Lite, on the map it knows; for large units, on
//!   a graph the example writes from its own footprint rule), on a sample of
//!   answers (`--sample`) and each unit's current answer at least once every
//!   100 frames. An answer is **stale** when it differs from the map as it
//!   is: for the exact structures (A\*, labels, clearance, D\* Lite, fields)
//!   a cost not equal to the reference's, or a path where there is none or
//!   none where there is one; for HPA\* and the mesh, whose paths are near
//!   optimal by design, a path where there is none, none where there is one,
//!   a path illegal on the map, or (HPA\*) a cost below the optimum. HPA\* is
//!   also asked `find_exact` (must equal the optimum) and `find_path` when
//!   checked. A `MapChanged` refusal is never stale.
//! - **Every 100 frames**: the clearance map against a fresh build, the
//!   component labels against fresh ones (the same partition), the grid's
//!   moves from every cell against the example's rules.
//!
//! The mesh's paths are also compared with a grid path from the same point
//! (to a cell's centre, then the octile optimum): longer ones are counted
//! apart, not as stale (the issue's detours).
//!
//! It prints the structures' tally, frame times (the game's work, not the
//! checks: p50, p99, max; on a busy machine preemption shows in p99 and
//! max) and the mean time a frame of each part, resident memory (VmRSS) and
//! the heap the hierarchy, D* Lite plans and fields report at frame 1,000
//! and at the end, and ends with exactly one line:
//! `frames F units U edits E checks C stale S illegal I p99_ms P`.
//! Exit code 1 if anything was stale or illegal (the first failures are on
//! stderr, each with its frame: the run is deterministic for a seed and
//! the sampled checks draw from their own generator, so `--frames` just
//! past it, with `--sample 1` to check every answer, reproduces it), 2 on
//! bad flags or files.

mod common;

use std::collections::HashMap;
use std::time::Instant;

use common::{Flags, Help, Lcg};
use pathseek::components::{GridComponents, GridReach};
use pathseek::grid::{Clearance, GridHeuristic, MapVersion};
use pathseek::groups::{DistanceField, FlowField};
use pathseek::hierarchy::{Hierarchy, HierarchyOptions, Plan};
use pathseek::incremental::DStarLite;
use pathseek::open_set::DaryHeap;
use pathseek::store::{IndexedStore, PagedStore};
use pathseek::{
    AStar, Cell, ClosedSet, Connectivity, Graph, Grid, GridCosts, Length, Query, SearchError,
    Status,
};

const MAP: &str = include_str!("../tests/data/rmtst01.map");
const SCEN: &str = include_str!("../tests/data/rmtst01.map.scen");

/// Frames a unit waits without a step before it gives its goal up.
const PATIENCE: u32 = 60;
/// The size of the large units (cells a side).
const LARGE: u32 = 2;
/// Every answer is checked at least this often (frames), and the whole
/// structures (clearance, labels, the grid's moves) are compared with fresh
/// ones this often.
const CHECK_EVERY: u64 = 100;
/// How far a D* Lite scout sees (cells; a disc).
const SENSE_RADIUS: i64 = 3;
/// D* Lite's expansions per unit and frame.
const DSTAR_LIMIT: u64 = 4_000;
/// Expansions one sliced search gets per frame (out of the frame's budget).
const SLICE: u64 = 2_000;
/// Units per group.
const GROUP_SIZE: usize = 15;
/// Cells the group fields may settle per frame (banked while unused, up to
/// two rebuilds): about one rebuild a frame on the default map.
const FIELD_CREDIT: u64 = 6_000;
/// Mesh polygons rebuilt per frame, on average (the mesh walkers query
/// every `polygons / MESH_POLYGONS_A_FRAME` frames): a rebuild costs 5 us
/// (rmtst01, den520d) to 40 us (512 x 512 maps) a polygon.
#[cfg(feature = "navmesh")]
const MESH_POLYGONS_A_FRAME: usize = 100;
/// Cluster size of the hierarchy.
const CLUSTER: u32 = 16;
/// The eight moves, straight ones first.
const STEPS: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

type Engine<S> = AStar<DaryHeap<Length, 4>, S, Query<Cell, Length, GridHeuristic<Length>>>;

/// The node store of the units' searches, chosen by the map's size: an
/// `IndexedStore` (a record for every cell, allocated at the first search,
/// so memory is flat from then on) while one for every searching unit fits
/// in `INDEXED_BYTES`; a `PagedStore` (the pages each unit's searches have
/// reached, kept for the next) on bigger maps.
trait Store: ClosedSet<Grid<Length>> {
    const NAME: &'static str;
    fn fresh() -> Self;
}

impl Store for IndexedStore<Length> {
    const NAME: &'static str = "IndexedStore";
    fn fresh() -> Self {
        IndexedStore::new()
    }
}

impl Store for PagedStore<Length> {
    const NAME: &'static str = "PagedStore";
    fn fresh() -> Self {
        PagedStore::new()
    }
}

/// The memory the indexed stores of all the searching units may take.
const INDEXED_BYTES: usize = 64 << 20;
type Planner = DStarLite<Grid<Length>, DaryHeap<Length, 4>>;

fn main() {
    common::exit(run())
}

// ---------------------------------------------------------------------------
// The tally

/// What is checked, by name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Structure {
    Astar,
    AstarLabels,
    AstarFallback,
    Components,
    Clearance,
    DStar,
    Hpa,
    Field,
    Flow,
    Mesh,
    Grid,
}

const STRUCTURES: [Structure; 11] = [
    Structure::Astar,
    Structure::AstarLabels,
    Structure::AstarFallback,
    Structure::Components,
    Structure::Clearance,
    Structure::DStar,
    Structure::Hpa,
    Structure::Field,
    Structure::Flow,
    Structure::Mesh,
    Structure::Grid,
];

impl Structure {
    fn name(self) -> &'static str {
        match self {
            Structure::Astar => "A* sliced (start/advance)",
            Structure::AstarLabels => "A* within labels",
            Structure::AstarFallback => "A* within labels, fallback",
            Structure::Components => "component labels",
            Structure::Clearance => "clearance, 2x2 units",
            Structure::DStar => "D* Lite, unknown terrain",
            Structure::Hpa => "HPA* plans",
            Structure::Field => "distance fields",
            Structure::Flow => "flow fields",
            Structure::Mesh => "navigation mesh (GridMesh)",
            Structure::Grid => "the grid itself",
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Tally {
    answers: u64,
    refused: u64,
    checks: u64,
    stale: u64,
    illegal: u64,
    /// The frame of the last check, and of the first answer not yet checked.
    last_check: Option<u64>,
    first_unchecked: Option<u64>,
    max_gap: u64,
}

/// Counts and the first failures.
struct Report {
    tally: [Tally; STRUCTURES.len()],
    failures: Vec<String>,
    failure_count: u64,
    seed: u64,
    /// Mesh paths compared with a grid path from the same point, those
    /// longer, and the worst ratio with its query.
    mesh_compared: u64,
    mesh_longer: u64,
    mesh_worst: (f64, String),
}

const KEPT_FAILURES: usize = 50;

impl Report {
    fn new(seed: u64) -> Report {
        Report {
            tally: [Tally::default(); STRUCTURES.len()],
            failures: Vec::new(),
            failure_count: 0,
            seed,
            mesh_compared: 0,
            mesh_longer: 0,
            mesh_worst: (1.0, String::new()),
        }
    }

    fn of(&mut self, s: Structure) -> &mut Tally {
        let i = STRUCTURES.iter().position(|&x| x == s).expect("listed");
        &mut self.tally[i]
    }

    fn answer(&mut self, s: Structure, frame: u64) {
        let t = self.of(s);
        t.answers += 1;
        t.first_unchecked.get_or_insert(frame);
    }

    fn refused(&mut self, s: Structure) {
        self.of(s).refused += 1;
    }

    fn check(&mut self, s: Structure, frame: u64) {
        let t = self.of(s);
        t.checks += 1;
        if let Some(first) = t.first_unchecked.take() {
            t.max_gap = t.max_gap.max(frame - first);
        }
        t.last_check = Some(frame);
    }

    fn fail(&mut self, what: &str, s: Structure, frame: u64, message: String) {
        self.failure_count += 1;
        if self.failures.len() < KEPT_FAILURES {
            self.failures.push(format!(
                "{what} ({}) at frame {frame} (seed {}): {message}",
                s.name(),
                self.seed
            ));
        }
    }

    fn stale(&mut self, s: Structure, frame: u64, message: String) {
        self.of(s).stale += 1;
        self.fail("stale", s, frame, message);
    }

    fn illegal(&mut self, s: Structure, frame: u64, message: String) {
        self.of(s).illegal += 1;
        self.fail("illegal step", s, frame, message);
    }

    fn total(&self, f: impl Fn(&Tally) -> u64) -> u64 {
        self.tally.iter().map(f).sum()
    }

    /// Closes the gaps of answers never checked by the end.
    fn close(&mut self, frames: u64) {
        for t in &mut self.tally {
            if let Some(first) = t.first_unchecked.take() {
                t.max_gap = t.max_gap.max(frames - first);
            }
        }
    }
}

/// Frame times in 5 us buckets up to 1 s, and the largest exactly: no
/// memory grows with the run.
struct Times {
    buckets: Vec<u32>,
    count: u64,
    max_ms: f64,
    sum_ms: f64,
}

const BUCKET_US: f64 = 5.0;

impl Times {
    fn new() -> Times {
        Times {
            buckets: vec![0; 200_000],
            count: 0,
            max_ms: 0.0,
            sum_ms: 0.0,
        }
    }

    fn add(&mut self, ms: f64) {
        let b = ((ms * 1e3 / BUCKET_US) as usize).min(self.buckets.len() - 1);
        self.buckets[b] += 1;
        self.count += 1;
        self.max_ms = self.max_ms.max(ms);
        self.sum_ms += ms;
    }

    /// The `q` quantile in ms (the upper edge of its bucket).
    fn quantile(&self, q: f64) -> f64 {
        let want = ((self.count as f64 * q).ceil() as u64).max(1);
        let mut seen = 0;
        for (i, &n) in self.buckets.iter().enumerate() {
            seen += u64::from(n);
            if seen >= want {
                return ((i + 1) as f64 * BUCKET_US / 1e3).min(self.max_ms);
            }
        }
        self.max_ms
    }
}

/// The process's resident memory in kB (`VmRSS` of /proc/self/status).
fn rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

// ---------------------------------------------------------------------------
// The map and the rules of movement

/// The true map: the crate's grid and labels, and the example's own copy
/// of which cells are free, against which every step is judged.
struct Map {
    grid: Grid<Length>,
    parts: GridComponents,
    shadow: Vec<bool>,
    width: u32,
    height: u32,
    eight: bool,
    edits: u64,
}

impl Map {
    fn index(&self, c: Cell) -> usize {
        c.y as usize * self.width as usize + c.x as usize
    }

    fn free(&self, x: i64, y: i64) -> bool {
        free_in(&self.shadow, self.width, self.height, x, y)
    }

    fn fits(&self, c: Cell, size: u32) -> bool {
        fits(
            &|x, y| self.free(x, y),
            i64::from(c.x),
            i64::from(c.y),
            size,
        )
    }

    /// Sets a cell through the labels (so that they follow), on the shadow
    /// too.
    fn set(&mut self, cell: Cell, passable: bool, report: &mut Report, frame: u64) {
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

fn free_in(shadow: &[bool], width: u32, height: u32, x: i64, y: i64) -> bool {
    x >= 0
        && y >= 0
        && x < i64::from(width)
        && y < i64::from(height)
        && shadow[y as usize * width as usize + x as usize]
}

fn fits(free: &impl Fn(i64, i64) -> bool, x: i64, y: i64, size: u32) -> bool {
    let s = i64::from(size);
    (0..s).all(|j| (0..s).all(|i| free(x + i, y + j)))
}

/// Why a unit `size` cells wide may not step from `a` to `b`, if it may not.
fn step_fault(
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
fn path_fault(
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
fn octile(a: Cell, b: Cell) -> Length {
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
fn reference(
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
fn footprint_reference(map: &Map, size: u32, s: Cell, g: Cell) -> Option<Length> {
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
fn said(status: &Status<Cell, Length>) -> Option<Option<Length>> {
    match status {
        Status::Found { cost } => Some(Some(*cost)),
        Status::NoPath => Some(None),
        Status::Error(SearchError::GoalBlocked { .. } | SearchError::StartBlocked { .. }) => {
            Some(None)
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Doors, buildings and storms

/// A cell's role in the world's furniture.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reserved {
    None,
    Door,
    Building,
    Rubble,
}

struct Building {
    cells: [Cell; 9],
    len: usize,
}

struct Props {
    doors: Vec<Cell>,
    buildings: Vec<Building>,
    target_buildings: usize,
    reserved: Vec<Reserved>,
    rubble: Vec<Cell>,
    storm_every: u64,
}

impl Props {
    /// Doors: cells of the map that are a one-cell gap in a wall (blocked on
    /// both sides one way, free both ways the other), up to one per 150 open
    /// cells.
    fn new(map: &Map, rng: &mut Lcg, storm_every: u64) -> Props {
        let mut doors = Vec::new();
        for y in 0..map.height {
            for x in 0..map.width {
                let (xi, yi) = (i64::from(x), i64::from(y));
                if !map.free(xi, yi) {
                    continue;
                }
                let ew = map.free(xi - 1, yi) && map.free(xi + 1, yi);
                let ns = map.free(xi, yi - 1) && map.free(xi, yi + 1);
                let ew_wall = !map.free(xi - 1, yi) && !map.free(xi + 1, yi);
                let ns_wall = !map.free(xi, yi - 1) && !map.free(xi, yi + 1);
                if (ew && ns_wall) || (ns && ew_wall) {
                    doors.push(Cell::new(x, y));
                }
            }
        }
        // Shuffled (seeded), then the first ones kept.
        for i in (1..doors.len()).rev() {
            let j = rng.next(i as u64 + 1) as usize;
            doors.swap(i, j);
        }
        let open = map.shadow.iter().filter(|&&f| f).count();
        doors.truncate((open / 150).max(8));
        let mut reserved = vec![Reserved::None; map.shadow.len()];
        for &d in &doors {
            reserved[map.index(d)] = Reserved::Door;
        }
        Props {
            doors,
            buildings: Vec::new(),
            target_buildings: (open / 300).clamp(4, 400),
            reserved,
            rubble: Vec::new(),
            storm_every,
        }
    }

    /// This frame's edits: two doors toggled, a building taken down and one
    /// put up (half of them near a unit), a storm now and then. Never on a
    /// cell a unit stands on.
    fn edit(
        &mut self,
        map: &mut Map,
        occ: &Occupancy,
        near: &[Cell],
        rng: &mut Lcg,
        report: &mut Report,
        frame: u64,
    ) {
        // Last storm's rubble is cleared.
        for c in std::mem::take(&mut self.rubble) {
            let i = map.index(c);
            self.reserved[i] = Reserved::None;
            map.set(c, true, report, frame);
        }
        for _ in 0..2 {
            if self.doors.is_empty() {
                break;
            }
            let d = self.doors[rng.next(self.doors.len() as u64) as usize];
            let i = map.index(d);
            let open = map.shadow[i];
            if open && occ.count[i] > 0 {
                continue;
            }
            map.set(d, !open, report, frame);
        }
        if self.buildings.len() >= self.target_buildings && !self.buildings.is_empty() {
            let k = rng.next(self.buildings.len() as u64) as usize;
            let b = self.buildings.swap_remove(k);
            for &c in &b.cells[..b.len] {
                self.reserved[map.index(c)] = Reserved::None;
                map.set(c, true, report, frame);
            }
        }
        for _ in 0..20 {
            let w = 1 + rng.next(3) as u32;
            let h = 1 + rng.next(3) as u32;
            let corner = if !near.is_empty() && rng.next(2) == 0 {
                let u = near[rng.next(near.len() as u64) as usize];
                let x = i64::from(u.x) + rng.next(13) as i64 - 6;
                let y = i64::from(u.y) + rng.next(13) as i64 - 6;
                if x < 0 || y < 0 {
                    continue;
                }
                Cell::new(x as u32, y as u32)
            } else {
                Cell::new(
                    rng.next(u64::from(map.width)) as u32,
                    rng.next(u64::from(map.height)) as u32,
                )
            };
            if corner.x + w > map.width || corner.y + h > map.height {
                continue;
            }
            let mut b = Building {
                cells: [Cell::new(0, 0); 9],
                len: 0,
            };
            let mut ok = true;
            for y in corner.y..corner.y + h {
                for x in corner.x..corner.x + w {
                    let c = Cell::new(x, y);
                    let i = map.index(c);
                    ok &= map.shadow[i] && occ.count[i] == 0 && self.reserved[i] == Reserved::None;
                    b.cells[b.len] = c;
                    b.len += 1;
                }
            }
            if !ok {
                continue;
            }
            for &c in &b.cells[..b.len] {
                self.reserved[map.index(c)] = Reserved::Building;
                map.set(c, false, report, frame);
            }
            self.buildings.push(b);
            break;
        }
        if self.storm_every > 0 && frame.is_multiple_of(self.storm_every) {
            self.storm(map, occ, rng, report, frame);
        }
    }

    /// More edits in one frame than the edit log holds: up to 32 free cells
    /// blocked and opened again and again, then left blocked (rubble,
    /// cleared next frame).
    fn storm(
        &mut self,
        map: &mut Map,
        occ: &Occupancy,
        rng: &mut Lcg,
        report: &mut Report,
        frame: u64,
    ) {
        let mut cells = Vec::new();
        for _ in 0..2_000 {
            if cells.len() == 32 {
                break;
            }
            let c = Cell::new(
                rng.next(u64::from(map.width)) as u32,
                rng.next(u64::from(map.height)) as u32,
            );
            let i = map.index(c);
            if map.shadow[i] && occ.count[i] == 0 && self.reserved[i] == Reserved::None {
                self.reserved[i] = Reserved::Rubble;
                cells.push(c);
            }
        }
        if cells.is_empty() {
            return;
        }
        let want = map.grid.edit_log_capacity() + 64;
        let rounds = want.div_ceil(2 * cells.len());
        for _ in 0..rounds {
            for &c in &cells {
                map.set(c, false, report, frame);
            }
            for &c in &cells {
                map.set(c, true, report, frame);
            }
        }
        for &c in &cells {
            map.set(c, false, report, frame);
        }
        self.rubble = cells;
    }
}

/// How many units stand on (or over) each cell.
struct Occupancy {
    count: Vec<u16>,
    width: u32,
}

impl Occupancy {
    fn add(&mut self, c: Cell, size: u32, delta: i32) {
        for y in c.y..c.y + size {
            for x in c.x..c.x + size {
                let i = y as usize * self.width as usize + x as usize;
                if let Some(n) = self.count.get_mut(i) {
                    *n = (i32::from(*n) + delta).max(0) as u16;
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Scenarios

struct Scenarios {
    pairs: Vec<(Cell, Cell)>,
    /// Indexes of the longest quarter (HPA* trips).
    long: Vec<usize>,
}

impl Scenarios {
    fn goal(&self, kind: Kind, cursor: usize) -> Cell {
        if kind == Kind::Hpa && !self.long.is_empty() {
            self.pairs[self.long[cursor % self.long.len()]].1
        } else {
            self.pairs[cursor % self.pairs.len()].1
        }
    }

    fn start(&self, kind: Kind, cursor: usize) -> Cell {
        if kind == Kind::Hpa && !self.long.is_empty() {
            self.pairs[self.long[cursor % self.long.len()]].0
        } else {
            self.pairs[cursor % self.pairs.len()].0
        }
    }
}

// ---------------------------------------------------------------------------
// Units

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Plain,
    Labelled,
    Fallback,
    Large,
    DStar,
    Hpa,
    Field,
    Flow,
    Mesh,
}

impl Kind {
    fn structure(self) -> Structure {
        match self {
            Kind::Plain => Structure::Astar,
            Kind::Labelled => Structure::AstarLabels,
            Kind::Fallback => Structure::AstarFallback,
            Kind::Large => Structure::Clearance,
            Kind::DStar => Structure::DStar,
            Kind::Hpa => Structure::Hpa,
            Kind::Field => Structure::Field,
            Kind::Flow => Structure::Flow,
            Kind::Mesh => Structure::Mesh,
        }
    }

    fn size(self) -> u32 {
        if self == Kind::Large {
            LARGE
        } else {
            1
        }
    }
}

/// Unit kinds in order, one unit each, repeated.
const PATTERN: [Kind; 20] = [
    Kind::Plain,
    Kind::Labelled,
    Kind::Fallback,
    Kind::Field,
    Kind::Flow,
    Kind::DStar,
    Kind::Hpa,
    Kind::Large,
    Kind::Mesh,
    Kind::Plain,
    Kind::Labelled,
    Kind::Fallback,
    Kind::Field,
    Kind::Flow,
    Kind::Plain,
    Kind::Labelled,
    Kind::Fallback,
    Kind::Field,
    Kind::Flow,
    Kind::Labelled,
];

/// A sliced A* search a unit keeps.
struct SearchBrain<S> {
    engine: Engine<S>,
    started: bool,
    restarts: u64,
}

struct HpaBrain {
    plan: Option<Plan<Length>>,
    version: Option<MapVersion>,
    /// The cells handed out by the plan, and where the unit is on them.
    stretch: Vec<Cell>,
    pos: usize,
    answer: Option<Result<Option<Length>, String>>,
}

enum Brain<S> {
    Search(Box<SearchBrain<S>>),
    Large(Box<SearchBrain<IndexedStore<Length>>>),
    DStar(Box<(Planner, bool)>),
    Hpa(Box<HpaBrain>),
    Group,
    #[cfg(feature = "navmesh")]
    Mesh(Box<mesh::MeshBrain>),
}

/// What a unit's structure answered this frame, for the checks.
#[derive(Clone, Debug)]
enum Answer {
    None,
    /// A sliced search from `from` for `goal` (the fallback's, or `wanted`).
    Search {
        from: Cell,
        goal: Cell,
        wanted: Cell,
        status: Status<Cell, Length>,
        connected: Option<bool>,
    },
    DStar {
        at: Cell,
        goal: Cell,
        status: Status<Cell, Length>,
    },
    Hpa {
        at: Cell,
        goal: Cell,
        bound: Result<Option<Length>, String>,
    },
    Group {
        at: Cell,
        goal: Cell,
        cost: Result<Option<Length>, String>,
    },
    #[cfg(feature = "navmesh")]
    Mesh {
        from: (f64, f64),
        to: Cell,
        length: Result<Option<f64>, String>,
    },
}

struct Unit<S> {
    id: usize,
    kind: Kind,
    at: Cell,
    goal: Cell,
    cursor: usize,
    group: usize,
    path: Vec<Cell>,
    idle: u32,
    rest: u32,
    last_check: u64,
    answer: Answer,
    brain: Brain<S>,
    trips: u64,
}

/// A group: one goal, one field.
struct Group {
    kind: Kind,
    goal: Cell,
    cursor: usize,
    field: DistanceField<Cell, Length>,
    flow: FlowField<Length>,
    /// The last build's error, with the map's version then.
    error: Option<(String, MapVersion)>,
    members: Vec<usize>,
}

/// Everything a unit thinks with, but the units.
struct Ctx<'a> {
    map: &'a Map,
    reach: Option<GridReach<'a, Length>>,
    clearance: &'a Clearance,
    known: &'a Grid<Length>,
    hierarchy: &'a mut Hierarchy<Length>,
    groups: &'a [Group],
    #[cfg(feature = "navmesh")]
    mesh: Option<&'a mut pathseek::navmesh::GridMesh>,
    #[cfg(feature = "navmesh")]
    mesh_now: bool,
    occ: &'a mut Occupancy,
    report: &'a mut Report,
    budget: u64,
    frame: u64,
    scen: &'a Scenarios,
    rng: &'a mut Lcg,
}

impl<S: Store> Unit<S> {
    /// Steps to `next`, if the step is legal on the map as it is (else
    /// counts it and stays).
    fn step(&mut self, next: Cell, ctx: &mut Ctx) -> bool {
        let map = ctx.map;
        let size = self.kind.size();
        let free = |x: i64, y: i64| map.free(x, y);
        if let Some(why) = step_fault(&free, map.eight, size, self.at, next) {
            ctx.report.illegal(
                self.kind.structure(),
                ctx.frame,
                format!(
                    "unit {} ({:?}) {:?} -> {next:?} (goal {:?}): {why}",
                    self.id, self.kind, self.at, self.goal
                ),
            );
            self.idle += 1;
            return false;
        }
        if next == self.at {
            self.idle += 1;
            return false;
        }
        ctx.occ.add(self.at, size, -1);
        ctx.occ.add(next, size, 1);
        self.at = next;
        self.idle = 0;
        true
    }

    /// The next goal from the scenarios; for a large unit, the cell nearest
    /// it where the unit fits.
    fn next_goal(&mut self, ctx: &mut Ctx) {
        self.cursor += 1;
        let mut goal = ctx.scen.goal(self.kind, self.cursor);
        if self.kind == Kind::Large {
            let clearance = ctx.clearance;
            if let Some(c) = ctx
                .map
                .grid
                .nearest_cell(goal, |c| clearance.get(c) >= LARGE as u8)
            {
                goal = c;
            }
        }
        self.goal = goal;
        self.idle = 0;
        self.forget();
    }

    fn forget(&mut self) {
        match &mut self.brain {
            Brain::Search(b) => b.started = false,
            Brain::Large(b) => b.started = false,
            Brain::DStar(b) => b.1 = false,
            Brain::Hpa(b) => {
                b.plan = None;
                b.version = None;
                b.stretch.clear();
                b.answer = None;
            }
            Brain::Group => {}
            #[cfg(feature = "navmesh")]
            Brain::Mesh(b) => b.forget(self.goal),
        }
        self.path.clear();
    }

    /// This frame's thinking and step.
    fn think(&mut self, ctx: &mut Ctx) {
        self.answer = Answer::None;
        if self.kind != Kind::Field && self.kind != Kind::Flow {
            if self.arrived() {
                if self.rest == 0 {
                    self.trips += 1;
                    self.rest = 1 + ctx.rng.next(4) as u32;
                }
                self.rest -= 1;
                if self.rest == 0 {
                    self.next_goal(ctx);
                }
                return;
            }
            if self.idle >= PATIENCE {
                self.next_goal(ctx);
            }
        }
        match self.kind {
            Kind::Plain | Kind::Labelled | Kind::Fallback | Kind::Large => self.think_search(ctx),
            Kind::DStar => self.think_dstar(ctx),
            Kind::Hpa => self.think_hpa(ctx),
            Kind::Field | Kind::Flow => self.think_group(ctx),
            Kind::Mesh => {
                #[cfg(feature = "navmesh")]
                mesh::think(self, ctx);
            }
        }
    }

    fn arrived(&self) -> bool {
        match &self.brain {
            #[cfg(feature = "navmesh")]
            Brain::Mesh(b) => b.arrived(),
            Brain::Search(b) if self.kind == Kind::Fallback && b.started => {
                self.at == self.goal
                    || matches!(b.engine.status(), Status::Found { .. })
                        && b.engine.goal() == Some(self.at)
            }
            _ => self.at == self.goal,
        }
    }

    fn think_search(&mut self, ctx: &mut Ctx) {
        let map = ctx.map;
        // The brain is taken out while it thinks, so that it and the unit
        // are borrowed apart.
        let mut brain = std::mem::replace(&mut self.brain, Brain::Group);
        match &mut brain {
            Brain::Search(b) => {
                let labelled = matches!(self.kind, Kind::Labelled | Kind::Fallback);
                let reach = if labelled { ctx.reach } else { None };
                if labelled && reach.is_none() {
                    ctx.report.stale(
                        Structure::Components,
                        ctx.frame,
                        "the labels refused the grid (reach)".into(),
                    );
                }
                self.drive(b, &map.grid, reach, ctx);
            }
            Brain::Large(b) => match ctx.clearance.unit(&map.grid, LARGE as u8) {
                Ok(unit_graph) => self.drive(b, &unit_graph, None, ctx),
                Err(e) => ctx.report.stale(
                    Structure::Clearance,
                    ctx.frame,
                    format!("clearance.unit refused after update: {e}"),
                ),
            },
            _ => {}
        }
        self.brain = brain;
    }

    /// A sliced search on `graph` (the grid, or a large unit's graph),
    /// within the labels `reach` if given: started from where the unit
    /// stands, advanced by a slice of the frame's budget, its path walked.
    fn drive<G, T>(
        &mut self,
        b: &mut SearchBrain<T>,
        graph: &G,
        reach: Option<GridReach<'_, Length>>,
        ctx: &mut Ctx,
    ) where
        G: Graph<Node = Cell, Cost = Length>,
        T: ClosedSet<G>,
    {
        let map = ctx.map;
        let grid = &map.grid;
        let structure = self.kind.structure();
        let reach = reach.as_ref();
        if !b.started {
            let mut query = Query::new(self.at, self.goal, GridHeuristic::new(grid, self.goal));
            if self.kind == Kind::Fallback {
                query = query.fallback_to_nearest();
            }
            if let Some(reach) = reach {
                b.engine.start_within(graph, reach, query);
            } else {
                b.engine.start(graph, query);
            }
            b.started = true;
            b.restarts = 0;
        }
        // A slice of the frame's budget while the search runs.
        let running = b.engine.status() == Status::InProgress;
        let slice = if running { ctx.budget.min(SLICE) } else { 0 };
        let expanded = b.engine.stats().expanded;
        let status = match reach {
            Some(reach) => b.engine.advance_within(graph, reach, slice),
            None => b.engine.advance(graph, slice),
        };
        let spent = if status == Status::InProgress {
            slice
        } else {
            b.engine
                .stats()
                .expanded
                .saturating_sub(expanded)
                .min(slice)
        };
        ctx.budget = ctx.budget.saturating_sub(spent);
        let restarts = b.engine.stats().restarts;
        if restarts > b.restarts && !status.is_finished() {
            // The map changed under the search and it started again from
            // where the unit was; start from where it is now.
            b.started = false;
            self.idle += 1;
            return;
        }
        b.restarts = restarts;
        let Some(query) = b.engine.query() else {
            return;
        };
        let from = query.starts().first().map_or(self.at, |s| s.0);
        let goal = b.engine.goal().unwrap_or(self.goal);
        if status.is_finished() {
            ctx.report.answer(structure, ctx.frame);
            // The labels are asked too, as a game asks before searching.
            let connected = reach.map(|_| labels_connected(&map.parts, grid, from, self.goal));
            if connected.is_some() {
                ctx.report.answer(Structure::Components, ctx.frame);
            }
            self.answer = Answer::Search {
                from,
                goal,
                wanted: self.goal,
                status: status.clone(),
                connected,
            };
        }
        // The path offered now (to the goal, or to the best node so far).
        let cost = b.engine.path_into(graph, &mut self.path);
        if let Some(cost) = cost {
            let free = |x: i64, y: i64| map.free(x, y);
            match path_fault(&free, map.eight, self.kind.size(), &self.path) {
                Ok(sum) if sum == cost && self.path.first() == Some(&from) => {}
                other => ctx.report.stale(
                    structure,
                    ctx.frame,
                    format!(
                        "unit {}: path_into {from:?} -> {goal:?} (status {status:?}) says cost {cost:?}, by the rules: {other:?}",
                        self.id
                    ),
                ),
            }
            if matches!(status, Status::Found { .. }) && self.path.last() != Some(&goal) {
                ctx.report.stale(
                    structure,
                    ctx.frame,
                    format!(
                        "unit {}: found path ends at {:?}, not {goal:?}",
                        self.id,
                        self.path.last()
                    ),
                );
            }
        }
        match status {
            Status::Found { .. } | Status::InProgress => {
                match self.path.iter().position(|&c| c == self.at) {
                    Some(k) if k + 1 < self.path.len() => {
                        let next = self.path[k + 1];
                        self.step(next, ctx);
                    }
                    _ => {
                        self.idle += 1;
                        // Found, but not from here (restarted from an older
                        // cell): ask again from here.
                        if status != Status::InProgress {
                            b.started = false;
                        }
                    }
                }
            }
            Status::Error(SearchError::StartBlocked { .. }) => {
                // The cell the search started from is built over: ask again.
                b.started = false;
                self.idle += 1;
            }
            // No path, or the goal blocked: wait for the map to change (the
            // search follows it), or give up after a while.
            _ => self.idle += 1,
        }
    }

    fn think_dstar(&mut self, ctx: &mut Ctx) {
        let Brain::DStar(b) = &mut self.brain else {
            return;
        };
        let (planner, started) = &mut **b;
        let known = ctx.known;
        if !*started {
            if let Err(e) = planner.start(known, self.at, self.goal) {
                ctx.report.answer(Structure::DStar, ctx.frame);
                self.answer = Answer::DStar {
                    at: self.at,
                    goal: self.goal,
                    status: Status::Error(e),
                };
                self.idle += 1;
                return;
            }
            *started = true;
        }
        let status = planner.compute(known);
        if status.is_finished() {
            ctx.report.answer(Structure::DStar, ctx.frame);
            self.answer = Answer::DStar {
                at: self.at,
                goal: self.goal,
                status: status.clone(),
            };
        }
        match status {
            Status::Found { cost } => {
                let pc = planner.path_into(known, &mut self.path);
                let free = |x: i64, y: i64| {
                    x >= 0
                        && y >= 0
                        && x < i64::from(known.width())
                        && y < i64::from(known.height())
                        && known.is_passable(Cell::new(x as u32, y as u32))
                };
                let sum = path_fault(&free, ctx.map.eight, 1, &self.path);
                let ok = pc == Some(cost)
                    && matches!(sum, Ok(s) if s == cost)
                    && self.path.first() == Some(&self.at)
                    && self.path.last() == Some(&self.goal);
                if !ok {
                    ctx.report.stale(
                        Structure::DStar,
                        ctx.frame,
                        format!(
                            "unit {}: compute says Found {{ cost: {cost:?} }} {:?} -> {:?}, path_into gives {pc:?} ({} cells), by the rules {sum:?}",
                            self.id,
                            self.at,
                            self.goal,
                            self.path.len()
                        ),
                    );
                    *started = false;
                    self.idle += 1;
                    return;
                }
                let next = self.path[1];
                if self.step(next, ctx) {
                    let Brain::DStar(b) = &mut self.brain else {
                        return;
                    };
                    if b.0.move_to(known, next).is_err() {
                        b.1 = false;
                    }
                }
            }
            Status::Error(_) => {
                *started = false;
                self.idle += 1;
            }
            _ => self.idle += 1,
        }
    }

    fn think_hpa(&mut self, ctx: &mut Ctx) {
        let Brain::Hpa(b) = &mut self.brain else {
            return;
        };
        let map = ctx.map;
        let grid = &map.grid;
        let free = |x: i64, y: i64| map.free(x, y);
        if b.version != Some(grid.version()) || b.plan.is_none() && b.answer.is_none() {
            // Planned again from where the unit stands: the map changed.
            b.stretch.clear();
            b.pos = 0;
            b.version = Some(grid.version());
            match ctx.hierarchy.plan(grid, self.at, self.goal) {
                Ok(Some(plan)) => {
                    b.answer = Some(Ok(Some(plan.cost_bound())));
                    b.plan = Some(plan);
                }
                Ok(None) => {
                    b.answer = Some(Ok(None));
                    b.plan = None;
                }
                Err(e) => {
                    b.answer = Some(Err(e.to_string()));
                    b.plan = None;
                }
            }
        }
        if let Some(answer) = &b.answer {
            ctx.report.answer(Structure::Hpa, ctx.frame);
            self.answer = Answer::Hpa {
                at: self.at,
                goal: self.goal,
                bound: answer.clone(),
            };
        }
        // More cells from the plan when the unit has walked those it has.
        if let Some(plan) = &mut b.plan {
            while b.pos + 1 >= b.stretch.len() && !plan.is_done() {
                let before = b.stretch.len();
                match plan.next_stretch(ctx.hierarchy, grid, &mut b.stretch) {
                    Ok(_) => {
                        if b.stretch.len() == before {
                            break;
                        }
                        if before == 0 && b.stretch.first() != Some(&self.at) {
                            ctx.report.stale(
                                Structure::Hpa,
                                ctx.frame,
                                format!(
                                    "unit {}: plan {:?} -> {:?}: the first stretch starts at {:?}",
                                    self.id,
                                    self.at,
                                    self.goal,
                                    b.stretch.first()
                                ),
                            );
                        }
                        let from = before.saturating_sub(1);
                        if let Err(why) = path_fault(&free, map.eight, 1, &b.stretch[from..]) {
                            ctx.report.stale(
                                Structure::Hpa,
                                ctx.frame,
                                format!(
                                    "unit {}: plan {:?} -> {:?}, stretch {from}.. illegal: {why}",
                                    self.id, self.at, self.goal
                                ),
                            );
                            b.plan = None;
                            b.stretch.clear();
                            break;
                        }
                    }
                    Err(e) => {
                        ctx.report.stale(
                            Structure::Hpa,
                            ctx.frame,
                            format!("unit {}: next_stretch on the plan's own map: {e}", self.id),
                        );
                        b.plan = None;
                        b.stretch.clear();
                        break;
                    }
                }
            }
        }
        if b.pos + 1 < b.stretch.len() && b.stretch[b.pos] == self.at {
            let next = b.stretch[b.pos + 1];
            if self.step(next, ctx)
                && let Brain::Hpa(b) = &mut self.brain
            {
                b.pos += 1;
            }
        } else {
            self.idle += 1;
        }
    }

    fn think_group(&mut self, ctx: &mut Ctx) {
        let g = &ctx.groups[self.group];
        self.goal = g.goal;
        let grid = &ctx.map.grid;
        let structure = self.kind.structure();
        if let Some((e, version)) = &g.error {
            if *version == grid.version() {
                ctx.report.answer(structure, ctx.frame);
                self.answer = Answer::Group {
                    at: self.at,
                    goal: g.goal,
                    cost: Err(e.clone()),
                };
            } else {
                ctx.report.refused(structure);
            }
            self.idle += 1;
            return;
        }
        if g.field.goal() != Some(g.goal) {
            // Not built for this goal yet: wait for the rebuild (patience
            // counts only frames with an answer).
            return;
        }
        let (cost, next) = if self.kind == Kind::Field {
            (
                g.field.cost(grid, self.at),
                g.field.next_step(grid, self.at),
            )
        } else {
            (g.flow.cost(grid, self.at), g.flow.next_step(grid, self.at))
        };
        match cost {
            Ok(cost) => {
                ctx.report.answer(structure, ctx.frame);
                self.answer = Answer::Group {
                    at: self.at,
                    goal: g.goal,
                    cost: Ok(cost),
                };
            }
            Err(_) => {
                // The map changed since the rebuild: wait for the next one.
                ctx.report.refused(structure);
                return;
            }
        }
        match next {
            Ok(Some(next)) => {
                self.step(next, ctx);
            }
            _ => {
                if self.at != self.goal {
                    self.idle += 1;
                }
            }
        }
    }
}

/// The labels' answer: can `a` reach `b`? (One place to adapt when
/// `GridComponents::connected` takes the grid.)
fn labels_connected(parts: &GridComponents, _grid: &Grid<Length>, a: Cell, b: Cell) -> bool {
    parts.connected(a, b)
}

// ---------------------------------------------------------------------------
// The checks

/// Everything a check needs.
struct CheckCtx<'a> {
    map: &'a Map,
    known: &'a Grid<Length>,
    hierarchy: &'a mut Hierarchy<Length>,
    report: &'a mut Report,
    frame: u64,
    path: &'a mut Vec<Cell>,
}

/// Checks one unit's current answer against the reference.
fn check<S: Store>(u: &Unit<S>, ctx: &mut CheckCtx) {
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
fn check_structures(map: &Map, clearance: &Clearance, report: &mut Report, frame: u64) {
    report.answer(Structure::Clearance, frame);
    report.check(Structure::Clearance, frame);
    match Clearance::new(&map.grid, LARGE as u8) {
        Ok(fresh) if fresh == *clearance => {}
        Ok(fresh) => {
            let w = map.width;
            let diff = (0..map.height)
                .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
                .find(|&c| fresh.get(c) != clearance.get(c));
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
            let (a, b) = (map.parts.component(c), fresh.component(c));
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

// ---------------------------------------------------------------------------
// Navigation mesh walkers (feature `navmesh`)

#[cfg(feature = "navmesh")]
mod mesh {
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
    pub fn polyline_fault(
        free: &impl Fn(i64, i64) -> bool,
        points: &[(f64, f64)],
    ) -> Option<String> {
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
}

// ---------------------------------------------------------------------------
// The game

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "A colony: a headless game on a MovingAI map, the crate's soak test. Hundreds \
                of units walk to goals from the scenario file while doors open and close and \
                buildings go up and come down every frame, each unit steered by one of the \
                crate's structures as a game would use it (sliced A* under a per-frame budget, \
                A* within component labels, with fallback, 2x2 units on the clearance map, D* \
                Lite in unknown terrain, HPA* plans for long trips, distance and flow fields \
                for groups, and with the navmesh feature walkers on a GridMesh). Every step is \
                checked legal on the map as it is, every path handed out is checked, and \
                answers are compared with a fresh A* on a sample and at least once per 100 \
                frames per unit. Without --map: rmtst01 (182 x 50) and its scenarios, embedded.",
        usage: "cargo run --release [--features navmesh] --example colony \
                [-- --map FILE.map --scen FILE.map.scen] [--frames N] [--units N] [--seed S]",
        flags: &[
            (
                "--map FILE",
                "a MovingAI map (.map) instead of the embedded rmtst01",
            ),
            (
                "--scen FILE",
                "its scenarios (.map.scen); needed with --map",
            ),
            ("--frames N", "frames to run (default 1000)"),
            ("--units N", "units (default 200)"),
            (
                "--seed S",
                "seeds the edits, the rests and the sampled checks (default 1)",
            ),
            (
                "--budget N",
                "A* expansions per frame shared by the sliced searches (default 20000)",
            ),
            (
                "--sample N",
                "each answer is also checked with probability 1/N (default 64)",
            ),
            (
                "--storm-every N",
                "frames between storms that outrun the edit log (default 10000; 0: none)",
            ),
            (
                "--progress N",
                "a progress line every N frames (default 10000; 0: none)",
            ),
        ],
        more: "Prints the tally per structure (answers, MapChanged refusals, checks, stale \
               answers, illegal steps, the longest run of frames with an answer and no \
               check), frame times of the game's work (p50, p99, max; the checks not \
               counted), the process's resident memory at frame 1000 and at the end, and \
               last `frames F units U edits E checks C stale S illegal I p99_ms P`. Exit code \
               1 if anything was stale or illegal (the failures on stderr, each with its \
               frame; runs are deterministic for a seed), 2 on bad flags or files.",
    })?;
    let (map_file, scenarios) = common::map_and_scenarios(&flags, MAP, SCEN)?;
    // One record of 16 bytes per cell for each unit with a search engine.
    let cells = map_file.width() as usize * map_file.height() as usize;
    let units = flags.number("units", "200")? as usize;
    let engines = PATTERN
        .iter()
        .cycle()
        .take(units)
        .filter(|k| {
            matches!(
                k,
                Kind::Plain | Kind::Labelled | Kind::Fallback | Kind::Mesh
            )
        })
        .count();
    if cells.saturating_mul(16).saturating_mul(engines) <= INDEXED_BYTES {
        play::<IndexedStore<Length>>(&flags, map_file, scenarios)
    } else {
        play::<PagedStore<Length>>(&flags, map_file, scenarios)
    }
}

/// The game, its units' searches keeping their nodes in `S`.
fn play<S: Store>(
    flags: &Flags,
    map_file: pathseek::io::movingai::MovingAiMap,
    scenarios: Vec<pathseek::io::movingai::Scenario>,
) -> Result<bool, String> {
    let frames = flags.number("frames", "1000")?;
    let unit_count = flags.number("units", "200")? as usize;
    let seed = flags.number("seed", "1")?;
    let budget = flags.number("budget", "20000")?;
    let sample = flags.number("sample", "64")?.max(1);
    let storm_every = flags.number("storm-every", "10000")?;
    let progress = flags.number("progress", "10000")?;
    for (i, sc) in scenarios.iter().enumerate() {
        sc.check_against(&map_file)
            .map_err(|e| format!("scenario line {}: {e}", i + 2))?;
    }
    let name = flags
        .get("map")
        .unwrap_or("rmtst01.map (embedded)")
        .to_string();

    // The map.
    let grid: Grid<Length> = map_file.to_grid(Connectivity::Eight, GridCosts::octile());
    let (width, height) = (grid.width(), grid.height());
    let shadow: Vec<bool> = (0..height)
        .flat_map(|y| (0..width).map(move |x| Cell::new(x, y)))
        .map(|c| grid.is_passable(c))
        .collect();
    let open_cells = shadow.iter().filter(|&&f| f).count();
    if open_cells == 0 {
        return Err("the map has no open cell".into());
    }
    let parts = GridComponents::new(&grid);
    let mut map = Map {
        grid,
        parts,
        shadow,
        width,
        height,
        eight: true,
        edits: 0,
    };
    let mut rng = Lcg(seed ^ 0x5eed_c010_0000_0001);
    // The sampled checks draw from their own generator: the game is the
    // same whatever --sample says.
    let mut check_rng = Lcg(seed ^ 0xc4ec_0000_0000_0002);
    let mut report = Report::new(seed);
    let mut props = Props::new(&map, &mut rng, storm_every);

    // Scenarios: every line with start and goal apart (lines with no path
    // included: their units find none).
    let pairs: Vec<(Cell, Cell)> = scenarios
        .iter()
        .filter(|s| s.start != s.goal)
        .map(|s| (s.start, s.goal))
        .collect();
    if pairs.is_empty() {
        return Err("the scenario file has no line with start and goal apart".into());
    }
    let mut by_length: Vec<usize> = (0..scenarios.len())
        .filter(|&i| scenarios[i].start != scenarios[i].goal)
        .collect();
    by_length.sort_by(|&a, &b| scenarios[b].optimal.total_cmp(&scenarios[a].optimal));
    let long_count = (by_length.len() / 4).max(1);
    let index_of: Vec<usize> = {
        // Index into `pairs` of each scenario line kept.
        let mut k = 0;
        scenarios
            .iter()
            .map(|s| {
                let i = k;
                if s.start != s.goal {
                    k += 1;
                }
                i
            })
            .collect()
    };
    let scen = Scenarios {
        pairs,
        long: by_length[..long_count]
            .iter()
            .map(|&i| index_of[i])
            .collect(),
    };

    // The structures.
    let mut clearance = Clearance::new(&map.grid, LARGE as u8).map_err(|e| e.to_string())?;
    let mut hierarchy = Hierarchy::with_options(&map.grid, HierarchyOptions::new(CLUSTER))
        .map_err(|e| e.to_string())?;
    let mut known: Grid<Length> =
        Grid::new(width, height, Connectivity::Eight, GridCosts::octile())
            .map_err(|e| e.to_string())?;
    #[cfg(feature = "navmesh")]
    let mut grid_mesh = pathseek::navmesh::GridMesh::new(&map.grid).ok();
    #[cfg(feature = "navmesh")]
    let mesh_on = grid_mesh.is_some();
    #[cfg(not(feature = "navmesh"))]
    let mesh_on = false;
    // Mesh queries (and with them the mesh's rebuild after the frame's
    // edits) every frame on small maps; on meshes of many polygons, which
    // take longer to rebuild, every few frames, the walkers going on
    // meanwhile along their paths, which they check themselves.
    #[cfg(feature = "navmesh")]
    let mesh_every = grid_mesh.as_ref().and_then(|m| m.mesh()).map_or(1, |m| {
        m.polygon_count().div_ceil(MESH_POLYGONS_A_FRAME).max(1)
    }) as u64;
    #[cfg(not(feature = "navmesh"))]
    let mesh_every = 1u64;

    // The units.
    let mut units: Vec<Unit<S>> = Vec::with_capacity(unit_count);
    let mut groups: Vec<Group> = Vec::new();
    let mut occ = Occupancy {
        count: vec![0; map.shadow.len()],
        width,
    };
    let mut group_fill: [Option<usize>; 2] = [None, None];
    for id in 0..unit_count {
        let mut kind = PATTERN[id % PATTERN.len()];
        if kind == Kind::Mesh && !mesh_on {
            kind = Kind::Labelled;
        }
        let cursor = id * scen.pairs.len() / unit_count.max(1) + id / scen.pairs.len().max(1);
        let mut at = scen.start(kind, cursor);
        let mut goal = scen.goal(kind, cursor);
        let mut group = 0;
        if matches!(kind, Kind::Field | Kind::Flow) {
            let slot = usize::from(kind == Kind::Flow);
            let gi = match group_fill[slot] {
                Some(g) if groups[g].members.len() < GROUP_SIZE => g,
                _ => {
                    groups.push(Group {
                        kind,
                        goal,
                        cursor,
                        field: DistanceField::new(),
                        flow: FlowField::from_field(&DistanceField::new(), &map.grid),
                        error: None,
                        members: Vec::new(),
                    });
                    group_fill[slot] = Some(groups.len() - 1);
                    groups.len() - 1
                }
            };
            let g = &mut groups[gi];
            // Members stand round the first member's start.
            let first = g.members.first().map(|&m| units[m].at).unwrap_or(at);
            let spots = common::cluster(&map.grid, first, g.members.len() + 1);
            at = spots.last().copied().unwrap_or(first);
            goal = g.goal;
            g.members.push(id);
            group = gi;
        }
        if kind == Kind::Large {
            let fits = |c: Cell| clearance.get(c) >= LARGE as u8;
            at = map.grid.nearest_cell(at, fits).unwrap_or(at);
            goal = map.grid.nearest_cell(goal, fits).unwrap_or(goal);
            if !fits(at) {
                kind = Kind::Labelled;
            }
        }
        let brain = match kind {
            Kind::Plain | Kind::Labelled | Kind::Fallback => Brain::Search(Box::new(SearchBrain {
                engine: AStar::new(DaryHeap::new(), S::fresh()),
                started: false,
                restarts: 0,
            })),
            // Few: their indexed stores (a record per cell) fit any map.
            Kind::Large => Brain::Large(Box::new(SearchBrain {
                engine: AStar::new(DaryHeap::new(), IndexedStore::new()),
                started: false,
                restarts: 0,
            })),
            Kind::DStar => Brain::DStar(Box::new((
                DStarLite::new(DaryHeap::new()).with_max_expansions(DSTAR_LIMIT),
                false,
            ))),
            Kind::Hpa => Brain::Hpa(Box::new(HpaBrain {
                plan: None,
                version: None,
                stretch: Vec::new(),
                pos: 0,
                answer: None,
            })),
            Kind::Field | Kind::Flow => Brain::Group,
            #[cfg(feature = "navmesh")]
            Kind::Mesh => Brain::Mesh(Box::new(mesh::MeshBrain::new(at, goal))),
            #[cfg(not(feature = "navmesh"))]
            Kind::Mesh => unreachable!("no mesh units without the navmesh feature"),
        };
        occ.add(at, kind.size(), 1);
        units.push(Unit {
            id,
            kind,
            at,
            goal,
            cursor,
            group,
            path: Vec::new(),
            idle: 0,
            rest: 0,
            last_check: (id as u64) % CHECK_EVERY,
            answer: Answer::None,
            brain,
            trips: 0,
        });
    }

    let count = |k: Kind| units.iter().filter(|u| u.kind == k).count();
    let group_count = |k: Kind| groups.iter().filter(|g| g.kind == k).count();
    println!(
        "colony: {name}, {width} x {height}, {open_cells} open cells, {} scenarios, seed {seed}",
        scenarios.len()
    );
    println!(
        "units {}: {} A*, {} A* within labels, {} A* with fallback, {} large 2x2 (clearance), \
         {} D* Lite (unknown terrain, radius {SENSE_RADIUS}), {} HPA* (long trips), \
         {} distance field ({} groups), {} flow field ({} groups), {} navmesh{}",
        units.len(),
        count(Kind::Plain),
        count(Kind::Labelled),
        count(Kind::Fallback),
        count(Kind::Large),
        count(Kind::DStar),
        count(Kind::Hpa),
        count(Kind::Field),
        group_count(Kind::Field),
        count(Kind::Flow),
        group_count(Kind::Flow),
        count(Kind::Mesh),
        if cfg!(feature = "navmesh") {
            format!(" (queries every {mesh_every} frames)")
        } else {
            " (feature navmesh off)".to_string()
        }
    );
    println!(
        "world: {} doors, {} buildings standing, a storm of {}+ edits every {} frames; \
         A* budget {budget} expansions a frame (node store {}); checks: 1 answer in {sample}, every unit every {CHECK_EVERY} frames",
        props.doors.len(),
        props.target_buildings,
        map.grid.edit_log_capacity() + 64,
        if storm_every == 0 { "no".to_string() } else { storm_every.to_string() },
        S::NAME
    );

    let mut game_times = Times::new();
    let mut parts_ms = [0.0f64; PART_NAMES.len()];
    let mut check_ms = 0.0f64;
    let mut rss_1000 = None;
    let mut heap_1000 = [0usize; 3];
    let mut field_credit: u64 = 0;
    let mut group_turn = 0usize;
    let mut check_path = Vec::new();
    let mut positions: Vec<Cell> = Vec::with_capacity(units.len());
    let passable_cost = open_cells as u64;

    // Sense once before the first frame.
    sense(&units, &map, &mut known);

    for frame in 1..=frames {
        let t0 = Instant::now();
        // 1. The world changes.
        positions.clear();
        positions.extend(units.iter().map(|u| u.at));
        props.edit(&mut map, &occ, &positions, &mut rng, &mut report, frame);
        parts_ms[PART_EDITS] += t0.elapsed().as_secs_f64() * 1e3;
        // 2. The structures catch up.
        let t = Instant::now();
        clearance.update(&map.grid);
        parts_ms[PART_CLEARANCE] += t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        sense(&units, &map, &mut known);
        parts_ms[PART_SENSE] += t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        field_credit = (field_credit + FIELD_CREDIT).min(2 * passable_cost.max(FIELD_CREDIT));
        for k in 0..groups.len() {
            let gi = (group_turn + k) % groups.len();
            let g = &mut groups[gi];
            let version = map.grid.version();
            let current = match &g.error {
                Some((_, v)) => *v == version,
                None => {
                    g.field.goal() == Some(g.goal)
                        && g.field.version() == Some(Graph::version(&map.grid))
                }
            };
            if current {
                continue;
            }
            let blocked = !map.grid.is_passable(g.goal);
            if field_credit < passable_cost && !blocked {
                continue;
            }
            let r = if g.field.goal() == Some(g.goal) {
                g.field.refresh_grid(&map.grid).map(|_| ())
            } else {
                g.field.build_grid(&map.grid, g.goal, None).map(|_| ())
            };
            if !blocked {
                field_credit = field_credit.saturating_sub(passable_cost);
            }
            match r {
                Ok(()) => {
                    g.error = None;
                    if g.kind == Kind::Flow {
                        g.flow.refill(&g.field, &map.grid);
                    }
                }
                Err(e) => g.error = Some((e.to_string(), version)),
            }
        }
        group_turn += 1;
        parts_ms[PART_FIELDS] += t.elapsed().as_secs_f64() * 1e3;
        // 3. The units think and walk, the budget going round.
        {
            let reach = map.parts.reach(&map.grid).ok();
            let mut ctx = Ctx {
                map: &map,
                reach,
                clearance: &clearance,
                known: &known,
                hierarchy: &mut hierarchy,
                groups: &groups,
                #[cfg(feature = "navmesh")]
                mesh: grid_mesh.as_mut(),
                #[cfg(feature = "navmesh")]
                mesh_now: frame.is_multiple_of(mesh_every),
                occ: &mut occ,
                report: &mut report,
                budget,
                frame,
                scen: &scen,
                rng: &mut rng,
            };
            let n = units.len();
            let first = if n == 0 { 0 } else { (frame as usize * 7) % n };
            for k in 0..n {
                let u = &mut units[(first + k) % n];
                let t = Instant::now();
                u.think(&mut ctx);
                parts_ms[kind_slot(u.kind)] += t.elapsed().as_secs_f64() * 1e3;
            }
        }
        // Groups whose members all arrived (or all gave up) move on.
        for g in &mut groups {
            let done = g.members.iter().all(|&m| {
                let u = &units[m];
                u.at == g.goal || u.idle >= PATIENCE
            });
            if done && !g.members.is_empty() {
                for &m in &g.members {
                    if units[m].at == g.goal {
                        units[m].trips += 1;
                    }
                    units[m].idle = 0;
                }
                g.cursor += 1;
                g.goal = scen.goal(g.kind, g.cursor);
            }
        }
        let game = t0.elapsed().as_secs_f64() * 1e3;
        game_times.add(game);

        // 4. The checks (not timed as the game's).
        let t1 = Instant::now();
        {
            let mut cctx = CheckCtx {
                map: &map,
                known: &known,
                hierarchy: &mut hierarchy,
                report: &mut report,
                frame,
                path: &mut check_path,
            };
            for u in &mut units {
                if matches!(u.answer, Answer::None) {
                    continue;
                }
                if frame - u.last_check >= CHECK_EVERY || check_rng.next(sample) == 0 {
                    check(u, &mut cctx);
                    u.last_check = frame;
                }
            }
        }
        if frame.is_multiple_of(CHECK_EVERY) {
            check_structures(&map, &clearance, &mut report, frame);
        }
        check_ms += t1.elapsed().as_secs_f64() * 1e3;

        if frame == 1_000 {
            rss_1000 = rss_kb();
            heap_1000 = heap_kb(&units, &hierarchy, &groups);
        }
        if progress > 0 && frame.is_multiple_of(progress) {
            println!(
                "frame {frame}: edits {} checks {} stale {} illegal {} p99_ms {:.3} rss_kb {}",
                map.edits,
                report.total(|t| t.checks),
                report.total(|t| t.stale),
                report.total(|t| t.illegal),
                game_times.quantile(0.99),
                rss_kb().map_or("?".to_string(), |k| k.to_string())
            );
        }
    }
    report.close(frames);
    let rss_end = rss_kb();

    // The tally.
    println!();
    println!(
        "| {:<28} | {:>9} | {:>8} | {:>8} | {:>5} | {:>7} | {:>7} |",
        "structure", "answers", "refused", "checks", "stale", "illegal", "max_gap"
    );
    println!(
        "|{:-<30}|{:->11}|{:->10}|{:->10}|{:->7}|{:->9}|{:->9}|",
        "", "", "", "", "", "", ""
    );
    for (s, t) in STRUCTURES.iter().zip(&report.tally) {
        if t.answers == 0 && t.checks == 0 {
            continue;
        }
        println!(
            "| {:<28} | {:>9} | {:>8} | {:>8} | {:>5} | {:>7} | {:>7} |",
            s.name(),
            t.answers,
            t.refused,
            t.checks,
            t.stale,
            t.illegal,
            t.max_gap
        );
    }
    if report.mesh_compared > 0 {
        println!(
            "mesh paths longer than a grid path from the same point (not counted as stale): {} of {}{}",
            report.mesh_longer,
            report.mesh_compared,
            if report.mesh_longer > 0 {
                format!("; worst {:.3}x ({})", report.mesh_worst.0, report.mesh_worst.1)
            } else {
                String::new()
            }
        );
    }
    let trips: u64 = units.iter().map(|u| u.trips).sum();
    println!();
    println!(
        "trips completed {trips}; hierarchy {} nodes; doors {}, buildings {}",
        hierarchy.node_count(),
        props.doors.len(),
        props.buildings.len()
    );
    println!(
        "frame time (the game's work): p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms, mean {:.3} ms; checks {:.3} ms a frame",
        game_times.quantile(0.5),
        game_times.quantile(0.99),
        game_times.max_ms,
        game_times.sum_ms / frames.max(1) as f64,
        check_ms / frames.max(1) as f64
    );
    let per_frame: Vec<String> = PART_NAMES
        .iter()
        .zip(&parts_ms)
        .filter(|(_, ms)| **ms > 0.0)
        .map(|(n, ms)| format!("{n} {:.3}", ms / frames.max(1) as f64))
        .collect();
    println!("mean ms a frame by part: {}", per_frame.join(", "));
    let kb = |k: Option<u64>| k.map_or("unknown".to_string(), |k| format!("{k} kB"));
    let heap_end = heap_kb(&units, &hierarchy, &groups);
    if frames >= 1_000 {
        println!(
            "memory (VmRSS): {} at frame 1000, {} at the end (frame {frames})",
            kb(rss_1000),
            kb(rss_end)
        );
        println!(
            "heap kB the structures report (hierarchy, D* Lite plans, distance fields): \
             {heap_1000:?} at frame 1000, {heap_end:?} at the end"
        );
    } else {
        println!(
            "memory (VmRSS): {} at the end (frame {frames})",
            kb(rss_end)
        );
    }
    if !report.failures.is_empty() {
        eprintln!();
        for f in &report.failures {
            eprintln!("{f}");
        }
        if report.failure_count > report.failures.len() as u64 {
            eprintln!(
                "... and {} more",
                report.failure_count - report.failures.len() as u64
            );
        }
    }
    let stale = report.total(|t| t.stale);
    let illegal = report.total(|t| t.illegal);
    println!(
        "frames {frames} units {} edits {} checks {} stale {stale} illegal {illegal} p99_ms {:.3}",
        units.len(),
        map.edits,
        report.total(|t| t.checks),
        game_times.quantile(0.99)
    );
    Ok(stale == 0 && illegal == 0)
}

/// The parts of a frame timed apart.
const PART_NAMES: [&str; 13] = [
    "edits",
    "clearance update",
    "sensing",
    "field rebuilds",
    "A*",
    "A* labels",
    "A* fallback",
    "large",
    "D* Lite",
    "HPA*",
    "field units",
    "flow units",
    "mesh",
];
const PART_EDITS: usize = 0;
const PART_CLEARANCE: usize = 1;
const PART_SENSE: usize = 2;
const PART_FIELDS: usize = 3;

fn kind_slot(kind: Kind) -> usize {
    4 + match kind {
        Kind::Plain => 0,
        Kind::Labelled => 1,
        Kind::Fallback => 2,
        Kind::Large => 3,
        Kind::DStar => 4,
        Kind::Hpa => 5,
        Kind::Field => 6,
        Kind::Flow => 7,
        Kind::Mesh => 8,
    }
}

/// The heap the structures say they hold, in kB: the hierarchy, the D* Lite
/// plans, the groups' distance fields.
fn heap_kb<S>(units: &[Unit<S>], hierarchy: &Hierarchy<Length>, groups: &[Group]) -> [usize; 3] {
    let dstar: usize = units
        .iter()
        .map(|u| match &u.brain {
            Brain::DStar(b) => b.0.heap_bytes(),
            _ => 0,
        })
        .sum();
    let fields: usize = groups.iter().map(|g| g.field.heap_bytes()).sum();
    [hierarchy.heap_bytes(), dstar, fields].map(|b| b / 1024)
}

/// The D* Lite scouts look round: the colony's map takes the true state of
/// every cell within their sight.
fn sense<S>(units: &[Unit<S>], map: &Map, known: &mut Grid<Length>) {
    let r = SENSE_RADIUS;
    for u in units.iter().filter(|u| u.kind == Kind::DStar) {
        for dy in -r..=r {
            for dx in -r..=r {
                if dx * dx + dy * dy > r * r + r {
                    continue;
                }
                let (x, y) = (i64::from(u.at.x) + dx, i64::from(u.at.y) + dy);
                if x < 0 || y < 0 || x >= i64::from(map.width) || y >= i64::from(map.height) {
                    continue;
                }
                let c = Cell::new(x as u32, y as u32);
                let truth = map.free(x, y);
                if known.is_passable(c) != truth {
                    known.set_passable(c, truth).expect("inside the map");
                }
            }
        }
    }
}
