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
//! max) and the mean time a frame of each part, resident memory (VmRSS),
//! the live heap (bytes allocated and not freed, counted by the example's
//! allocator: memory the game holds, where VmRSS also counts what the
//! allocator keeps for reuse) and the heap the hierarchy, D* Lite plans and
//! fields report, at frame 1,000 and at the end, and ends with exactly one line:
//! `frames F units U edits E checks C stale S illegal I p99_ms P`.
//! Exit code 1 if anything was stale or illegal (the first failures are on
//! stderr, each with its frame: the run is deterministic for a seed and
//! the sampled checks draw from their own generator, so `--frames` just
//! past it, with `--sample 1` to check every answer, reproduces it), 2 on
//! bad flags or files.

#[path = "../common/mod.rs"]
mod common;

mod alloc;
mod checks;
mod dstar;
mod edits;
mod follow;
mod group;
mod hpa;
mod map;
#[cfg(feature = "navmesh")]
mod mesh;
mod play;
mod report;
mod scenarios;
mod search;
mod units;

use checks::*;
use edits::*;
use follow::*;
use map::*;
use play::*;
use report::*;
use scenarios::*;
use units::*;

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

const MAP: &str = include_str!("../../tests/data/rmtst01.map");
const SCEN: &str = include_str!("../../tests/data/rmtst01.map.scen");

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
               counted), the process's resident memory and its live heap (allocated, not \
               freed) at frame 1000 and at the end, and last `frames F units U edits E checks C stale S illegal I p99_ms P`. Exit code \
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
