//! Pictures of one MovingAI query searched by each method, as SVG files:
//! what each search expanded (shaded from the first expansion to the
//! last), its open set at the end, its path, start and goal.
//!
//! ```text
//! cargo run --release --example pictures                  # den520d, into docs/
//! cargo run --release --example pictures -- --map FILE.map --scen FILE.map.scen --query 400 --out /tmp/pics
//! cargo run --release --example pictures -- --help
//! cargo run --release --features navmesh --example pictures   # also navmesh-exact.svg
//! ```
//!
//! One picture per method, all on the same query (octile `Length` costs,
//! `DaryHeap<4>` + `IndexedStore`, the graph wrapped in a
//! `debug_view::Recorder` that logs the expansions):
//!
//! * `astar.svg`: plain A* with the octile heuristic;
//! * `jump-points.svg`, `block-jump-points.svg`: A* over `JumpPoints` and
//!   `BlockJumpPoints` (the expanded jump points as dots, each jump as a
//!   line from the jump point it came from, bent where the grid's route
//!   turns from diagonal to straight: `jump_points::corner_path`);
//! * `weighted-2.svg`: weighted A*, `Query::weighted(2)` (closed nodes
//!   reopened when reached more cheaply, the default), and
//!   `weighted-2-once.svg`, the same `.without_reopening()`;
//! * `alt-N.svg`: A* with the ALT heuristic of `N` landmarks
//!   (`landmarks::Landmarks`, `Selection::Avoid`, seed 1), the landmarks
//!   marked;
//! * `theta-star.svg`: Theta* (`grid::AnyAngle`, `f64` costs), its
//!   any-angle path drawn through its far-apart points;
//! * `hierarchy.svg`: HPA\* (`hierarchy::Hierarchy`, clusters of 16): the
//!   cluster borders, the abstract graph (its nodes and edges, drawn
//!   straight), the abstract path and the smoothed cell path; its count is
//!   the hierarchy's own (`QueryStats`: cells expanded joining start and
//!   goal, refining and smoothing, plus abstract nodes expanded), since its
//!   searches run inside it;
//! * `sliced.svg`: the plain A* search spread over frames of `--budget`
//!   expansions (`AStar::start` / `advance`), coloured by frame, with the
//!   path to the best node after each frame dashed (where a unit would be
//!   walking meanwhile); `--every-frame` also writes `sliced-frame-NN.svg`,
//!   the search as it stood after each frame (open set read between frames);
//! * `navmesh-exact.svg`, only with `--features navmesh`: the exact
//!   any-angle search over the map's navigation mesh
//!   (`NavMesh::from_grid`, `MeshQuery::find_exact_path`, cell centre to
//!   cell centre): the mesh's polygons, every interval the search made
//!   (`MeshQuery::exact_intervals`, each a segment of a polygon edge in
//!   sight of its root, coloured from the first made to the last), the
//!   roots, faintly the cones (root to interval) the path runs through,
//!   the exact path, and the approximate `find_path` path dashed where it
//!   differs. Its length is checked to lie between the straight line and
//!   the octile optimum, and not above the approximate path's.
//!
//! Per picture it prints the file, the expansions it drew (equal to the
//! search's `Stats::expanded`; the cells shaded, if fewer, because some were
//! expanded twice), the path cost and the file's size. Every optimal
//! method's cost is checked against the scenario's optimal length, weighted
//! A* against twice it, and the sliced search against the one-shot one.
//! Exit code 1 if a check fails, 2 on bad flags or files.

mod common;

use std::path::{Path, PathBuf};

use common::{Flags, Help};
use pathseek::debug_view::{Expanded, GridPicture, Recorder, Rgb, SearchSets, Style};
use pathseek::grid::AnyAngle;
use pathseek::hierarchy::Hierarchy;
use pathseek::io::movingai::{load_scenarios, MovingAiMap, Scenario};
use pathseek::jump_points::{corner_path, BlockJumpPoints, JumpPoints};
use pathseek::landmarks::{Landmarks, Selection};
use pathseek::open_set::DaryHeap;
use pathseek::query::Weight;
use pathseek::store::IndexedStore;
use pathseek::{
    AStar, Cell, Connectivity, Cost, DenseIds, Graph, Grid, GridCosts, Heuristic, Length, Query,
    SearchResult, Status,
};

/// The scenario drawn by default: line 800 of den520d.map.scen (0-based,
/// not counting the version line), a long path round several rooms.
const DEFAULT_QUERY: &str = "800";

fn main() {
    common::exit(run())
}

/// A search's result and what the picture needs of it.
struct Searched<C = Length> {
    result: SearchResult<Cell, C>,
    log: Vec<Expanded<Cell>>,
    open: Vec<Cell>,
}

/// Runs `query` on `graph` wrapped in a recorder, with a fresh engine.
fn search<G, C, H>(graph: &G, query: Query<Cell, C, H>) -> Searched<C>
where
    G: Graph<Node = Cell, Cost = C> + DenseIds,
    C: Cost,
    H: Heuristic<Cell, C>,
{
    let recorder = Recorder::new(graph);
    let mut engine = AStar::new(DaryHeap::<C, 4>::new(), IndexedStore::new());
    let result = engine.search(&recorder, query);
    let open = SearchSets::read(&recorder, engine.store()).open;
    Searched {
        result,
        log: recorder.take(),
        open,
    }
}

/// What every picture shares: the map, the scenario, where they go.
struct Scene<'a> {
    grid: &'a Grid<Length>,
    scenario: &'a Scenario,
    /// `den520d.map, scenario 800`.
    label: String,
    out: PathBuf,
    failures: Vec<String>,
    /// The size of the dots and lines drawn here, in cells: 1 on a map 256
    /// cells wide, in proportion on others, so they look alike.
    unit: f64,
}

impl Scene<'_> {
    /// The picture of `searched` with its title and caption, before the
    /// method's own layers.
    fn picture<C: Cost>(&self, title: &str, searched: &Searched<C>) -> GridPicture {
        let mut picture = GridPicture::new(self.grid);
        let s = self.scenario;
        let stats = searched.result.stats;
        let cost = searched.result.found().map_or("no path".to_string(), |p| {
            format!("path cost {:.3}", p.cost.as_f64())
        });
        let reopened = if stats.reopened > 0 {
            format!("; reopened {} times", stats.reopened)
        } else {
            String::new()
        };
        picture
            .title(format!("{title}: {} expansions", stats.expanded))
            .note(format!(
                "{}: ({}, {}) to ({}, {}), optimal length {:.3}",
                self.label, s.start.x, s.start.y, s.goal.x, s.goal.y, s.optimal,
            ))
            .note(format!(
                "{cost}; open at the end {}{reopened}",
                searched.open.len()
            ));
        picture
    }

    /// Adds the path (with `jumps`, a jump point path: through its
    /// corners) and the endpoints, writes the picture to `file` and prints
    /// what it drew.
    fn finish<C: Cost>(
        &mut self,
        file: &str,
        mut picture: GridPicture,
        searched: &Searched<C>,
        jumps: bool,
    ) -> Result<(), String> {
        if let Some(path) = searched.result.found() {
            if jumps {
                picture.path(corner_path(&path.nodes));
            } else {
                picture.path(path.nodes.iter().copied());
            }
        }
        picture.endpoints(self.scenario.start, self.scenario.goal);
        let svg = picture.to_svg();
        let path = self.out.join(file);
        std::fs::write(&path, &svg).map_err(|e| format!("{}: {e}", path.display()))?;
        let drawn = picture.drawn();
        let expanded = searched.result.stats.expanded;
        if drawn.expansions as u64 != expanded {
            self.failures.push(format!(
                "{file}: drew {} expansions, the search made {expanded}",
                drawn.expansions
            ));
        }
        let cells = if drawn.expanded_cells == drawn.expansions {
            String::new()
        } else {
            format!(" ({} cells)", drawn.expanded_cells)
        };
        let cost = searched.result.found().map_or("no path".to_string(), |p| {
            format!("cost {:.3}", p.cost.as_f64())
        });
        println!(
            "{}: {} expansions drawn{cells}, {cost}, {:.1} KB",
            path.display(),
            drawn.expansions,
            svg.len() as f64 / 1024.0
        );
        Ok(())
    }

    /// Checks `searched`'s cost: optimal, or within `factor` of it.
    fn check<C: Cost>(&mut self, name: &str, searched: &Searched<C>, factor: f64) {
        let optimal = self.scenario.optimal;
        match searched.result.found() {
            Some(p) if factor == 1.0 && self.scenario.matches(p.cost.as_f64()) => {}
            Some(p) if factor > 1.0 && p.cost.as_f64() <= factor * optimal + 1e-6 => {}
            other => self.failures.push(format!(
                "{name}: {:?}, the scenario's optimal length is {optimal}",
                other.map(|p| p.cost.as_f64())
            )),
        }
    }
}

fn run() -> Result<bool, String> {
    let default_map = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/den520d.map");
    let default_out = concat!(env!("CARGO_MANIFEST_DIR"), "/docs");
    let map_help = format!("the MovingAI map (default {default_map})");
    let out_help = format!("where the pictures go (default {default_out})");
    let flags = Flags::parse(&Help {
        about: "Draws one MovingAI query as searched by plain A*, jump points (two kinds), \
                weighted A* (w = 2), ALT landmarks, Theta*, HPA* (hierarchy) and a search spread over frames: one SVG \
                per method, showing the cells expanded (shaded from first to last), the open \
                set at the end, the path, start and goal. Built with `--features navmesh`, \
                also navmesh-exact.svg: the exact any-angle search over the map's navigation \
                mesh, its polygons, the intervals it made and their roots, its path, and the \
                approximate mesh path where it differs.",
        usage: "pictures [--map FILE.map] [--scen FILE.map.scen] [--query N] [--out DIR] \
                [--budget B] [--landmarks K] [--every-frame]",
        flags: &[
            ("--map FILE", &map_help),
            (
                "--scen FILE",
                "its scenarios (default FILE.scen next to the map)",
            ),
            (
                "--query N",
                "the scenario drawn: its line in the file, from 0, not counting the version \
                 line (default 800)",
            ),
            ("--out DIR", &out_help),
            (
                "--budget B",
                "expansions per frame of the sliced search (default: a tenth of plain A*'s, \
                 rounded up to a hundred)",
            ),
            ("--landmarks K", "landmarks of the ALT picture (default 8)"),
            (
                "--every-frame",
                "also write sliced-frame-NN.svg, the sliced search after each frame",
            ),
        ],
        more: "Prints, per picture, the file written, the expansions it drew (the search's \
               Stats::expanded), the path cost and the file's size. Exit code 1 if a cost is \
               wrong (optimal methods against the scenario's length, weighted A* within twice \
               it, the sliced search against the one-shot one, the exact mesh path between \
               the straight line and the octile optimum), 2 on bad flags or files.",
    })?;
    let map_path = PathBuf::from(flags.get_or("map", default_map));
    let scen_path = flags.get("scen").map_or_else(
        || PathBuf::from(format!("{}.scen", map_path.display())),
        PathBuf::from,
    );
    let index = flags.number("query", DEFAULT_QUERY)? as usize;
    let out = PathBuf::from(flags.get_or("out", default_out));
    let landmarks = flags.number("landmarks", "8")? as usize;
    if landmarks == 0 {
        return Err("--landmarks needs a positive number".to_string());
    }

    let map = MovingAiMap::load(&map_path).map_err(|e| e.to_string())?;
    let scenarios = load_scenarios(&scen_path).map_err(|e| e.to_string())?;
    let scenario = scenarios.get(index).ok_or_else(|| {
        format!(
            "--query {index}: {} has {} scenarios",
            scen_path.display(),
            scenarios.len()
        )
    })?;
    scenario
        .check_against(&map)
        .map_err(|e| format!("scenario {index}: {e}"))?;
    if scenario.expects_no_path() {
        return Err(format!(
            "scenario {index} has no path: choose another --query"
        ));
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let (start, goal) = (scenario.start, scenario.goal);
    let mut scene = Scene {
        grid: &grid,
        scenario,
        label: format!("{}, scenario {index}", common::file_name(&map_path)),
        out,
        failures: Vec::new(),
        unit: (f64::from(grid.width().max(grid.height())) / 256.0).clamp(0.25, 4.0),
    };
    let octile = || Query::new(start, goal, grid.heuristic(goal));

    // Plain A*.
    let plain = search(&grid, octile());
    scene.check("A*", &plain, 1.0);
    let mut picture = scene.picture("A*, octile heuristic", &plain);
    picture
        .expanded(plain.log.iter().map(|e| e.node))
        .open(plain.open.iter().copied());
    scene.finish("astar.svg", picture, &plain, false)?;

    // Jump points: the jump points expanded, and the jumps that reached them.
    let jps = JumpPoints::new(&grid).map_err(|e| e.to_string())?;
    let online = search(&jps, octile());
    scene.check("JumpPoints", &online, 1.0);
    jump_picture(&mut scene, "jump-points.svg", "A* over JumpPoints", &online)?;
    let block = BlockJumpPoints::new(&grid).map_err(|e| e.to_string())?;
    let blocked = search(&block, octile());
    scene.check("BlockJumpPoints", &blocked, 1.0);
    jump_picture(
        &mut scene,
        "block-jump-points.svg",
        "A* over BlockJumpPoints",
        &blocked,
    )?;

    // Weighted A*.
    let w = Weight::new(2.0).map_err(|e| e.to_string())?;
    let weighted = search(&grid, octile().weighted(w));
    scene.check("weighted A*", &weighted, 2.0);
    let mut picture = scene.picture("Weighted A*, w = 2", &weighted);
    picture
        .expanded(weighted.log.iter().map(|e| e.node))
        .open(weighted.open.iter().copied());
    scene.finish("weighted-2.svg", picture, &weighted, false)?;
    let once = search(&grid, octile().weighted(w).without_reopening());
    scene.check("weighted A* without reopening", &once, 2.0);
    let mut picture = scene.picture("Weighted A*, w = 2, without reopening", &once);
    picture
        .expanded(once.log.iter().map(|e| e.node))
        .open(once.open.iter().copied());
    scene.finish("weighted-2-once.svg", picture, &once, false)?;

    // ALT landmarks.
    let lm = Landmarks::new(&grid, landmarks, Selection::Avoid).map_err(|e| e.to_string())?;
    let alt = search(
        &grid,
        Query::new(
            start,
            goal,
            lm.heuristic(&grid, goal).map_err(|e| e.to_string())?,
        ),
    );
    scene.check("ALT", &alt, 1.0);
    let mut picture = scene.picture(&format!("A*, ALT heuristic ({} landmarks)", lm.len()), &alt);
    picture
        .note("landmarks: purple")
        .expanded(alt.log.iter().map(|e| e.node))
        .open(alt.open.iter().copied());
    let purple = Style::fill(Rgb::new(0x7b, 0x2c, 0xbf))
        .with_stroke(Rgb::new(0xff, 0xff, 0xff), 0.6 * scene.unit);
    for &id in lm.nodes() {
        if let Some(cell) = grid.node_at(id) {
            picture.marker(cell, 3.0 * scene.unit, purple);
        }
    }
    scene.finish(&format!("alt-{}.svg", lm.len()), picture, &alt, false)?;

    // Theta*: any-angle paths, whose points are far apart.
    let float = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
    let any_angle = AnyAngle::new(&float).map_err(|e| e.to_string())?;
    let theta = search(
        &any_angle,
        Query::new(start, goal, any_angle.heuristic(goal)),
    );
    let straight = f64::from(start.x.abs_diff(goal.x)).hypot(f64::from(start.y.abs_diff(goal.y)));
    match theta.result.found() {
        Some(p) if p.cost <= scenario.optimal + 1e-6 && p.cost >= straight - 1e-6 => {}
        other => scene.failures.push(format!(
            "Theta*: {:?}, not between the straight line {straight} and the octile optimum",
            other.map(|p| p.cost)
        )),
    }
    let mut picture = scene.picture("Theta* (grid::AnyAngle)", &theta);
    picture
        .note("any-angle path: straight lines between the points where it turns")
        .expanded(theta.log.iter().map(|e| e.node))
        .open(theta.open.iter().copied());
    scene.finish("theta-star.svg", picture, &theta, false)?;

    // HPA*: the clusters, the abstract graph, the abstract path and the
    // cell path refined from it (no cell-by-cell log: its searches run
    // inside the hierarchy; the counts are its own).
    hierarchy_picture(&mut scene)?;

    // The same A* spread over frames.
    let default_budget = plain
        .result
        .stats
        .expanded
        .div_ceil(10)
        .div_ceil(100)
        .max(1)
        * 100;
    let budget = flags.number("budget", &default_budget.to_string())?.max(1);
    sliced(&mut scene, budget, &plain, flags.is_set("every-frame"))?;

    // The exact any-angle search over a navigation mesh, with its intervals.
    #[cfg(feature = "navmesh")]
    mesh::exact_picture(&mut scene)?;

    Ok(common::report_checks(
        &[],
        &scene.failures,
        "CHECK FAILED: ",
        "",
        "checks failed",
    ))
}

/// The picture of a jump point search: its jump points as dots, and each
/// jump (from the jump point it came from) as a thin line.
fn jump_picture(
    scene: &mut Scene,
    file: &str,
    title: &str,
    searched: &Searched,
) -> Result<(), String> {
    let mut picture = scene.picture(title, searched);
    // Each jump as the grid walks it: diagonal moves, then straight ones.
    let jumps = searched
        .log
        .iter()
        .filter_map(|e| Some(corner_path(&[e.parent?, e.node])));
    let segments: Vec<(Cell, Cell)> = jumps
        .flat_map(|corners| corners.windows(2).map(|w| (w[0], w[1])).collect::<Vec<_>>())
        .collect();
    picture
        .note("dots: the jump points expanded; lines: the jumps that reached them")
        .segments(
            segments,
            Style::stroke(Rgb::new(0x55, 0x55, 0x77), 0.3 * scene.unit),
        )
        .expanded_dots(searched.log.iter().map(|e| e.node), 1.4 * scene.unit)
        .open_dots(searched.open.iter().copied(), scene.unit);
    scene.finish(file, picture, searched, true)
}

/// The search as it stood after one frame.
struct Frame {
    /// Expansions so far (the first entries of the log).
    expanded: usize,
    open: Vec<Cell>,
    /// The path it offered (to the goal once found, else to the best node).
    so_far: Vec<Cell>,
    status: Status<Cell, Length>,
}

/// The sliced search: the same query as `plain`, `budget` expansions per
/// frame, drawn coloured by frame with the path so far after each frame.
fn sliced(
    scene: &mut Scene,
    budget: u64,
    plain: &Searched,
    every_frame: bool,
) -> Result<(), String> {
    let grid = scene.grid;
    let (start, goal) = (scene.scenario.start, scene.scenario.goal);
    let recorder = Recorder::new(grid);
    let mut engine = AStar::new(DaryHeap::<Length, 4>::new(), IndexedStore::new());
    engine.start(&recorder, Query::new(start, goal, grid.heuristic(goal)));
    let mut frames: Vec<Frame> = Vec::new();
    loop {
        let status = engine.advance(&recorder, budget);
        let mut so_far = Vec::new();
        engine.path_into(&recorder, &mut so_far);
        let open = if every_frame {
            SearchSets::read(&recorder, engine.store()).open
        } else {
            Vec::new()
        };
        let done = status != Status::InProgress;
        frames.push(Frame {
            expanded: recorder.len(),
            open,
            so_far,
            status,
        });
        if done {
            break;
        }
        recorder.next_frame();
    }
    let result = engine.finish(&recorder);
    let count = frames.len() as u32;
    let searched = Searched {
        result,
        log: recorder.take(),
        open: SearchSets::read(&recorder, engine.store()).open,
    };
    let same = searched.result.outcome == plain.result.outcome
        && searched.result.stats.expanded == plain.result.stats.expanded;
    if !same {
        scene
            .failures
            .push("the sliced search differs from the one-shot search".to_string());
    }
    if every_frame {
        for (i, frame) in frames.iter().enumerate() {
            frame_picture(scene, &searched.log, frame, i, count)?;
        }
    }
    let mut picture = scene.picture(
        &format!("A* in {count} frames of {budget} expansions"),
        &searched,
    );
    picture
        .note("dashed: the path to the best node after each frame, ringed")
        .expanded_frames(searched.log.iter().map(|e| (e.node, e.frame)), count)
        .open(searched.open.iter().copied());
    let ink = Rgb::new(0x20, 0x20, 0x20);
    // Every frame but the last, which found the path.
    for frame in &frames[..frames.len() - 1] {
        picture.polyline(
            frame.so_far.iter().copied(),
            Style::stroke(ink, 0.45 * scene.unit).dashed(),
        );
        if let Some(&end) = frame.so_far.last() {
            picture.marker(end, 1.2 * scene.unit, Style::stroke(ink, 0.45 * scene.unit));
        }
    }
    scene.finish("sliced.svg", picture, &searched, false)
}

/// Frame `i` of `count` of the sliced search (`log`: the whole search's):
/// what it had expanded by the end of the frame, its open set then, and
/// the path it offered.
fn frame_picture(
    scene: &mut Scene,
    log: &[Expanded<Cell>],
    frame: &Frame,
    i: usize,
    count: u32,
) -> Result<(), String> {
    let log = &log[..frame.expanded.min(log.len())];
    let mut picture = GridPicture::new(scene.grid);
    picture
        .title(format!(
            "Frame {i} of {count}: {} expansions so far, {:?}",
            log.len(),
            frame.status
        ))
        .note(format!("{}; open now {}", scene.label, frame.open.len()))
        .expanded_frames(log.iter().map(|e| (e.node, e.frame)), count)
        .open(frame.open.iter().copied())
        .path(frame.so_far.iter().copied())
        .endpoints(scene.scenario.start, scene.scenario.goal);
    let path: &Path = &scene.out.join(format!("sliced-frame-{i:02}.svg"));
    std::fs::write(path, picture.to_svg()).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("{}: {} expansions so far", path.display(), log.len());
    Ok(())
}

/// The picture of an HPA* query: cluster borders, the abstract graph, the
/// abstract path (dashed) and the cell path.
fn hierarchy_picture(scene: &mut Scene<'_>) -> Result<(), String> {
    let grid = scene.grid;
    let (start, goal) = (scene.scenario.start, scene.scenario.goal);
    let cluster = 16;
    let mut h = Hierarchy::new(grid, cluster).map_err(|e| e.to_string())?;
    let plan = h.plan(grid, start, goal).map_err(|e| e.to_string())?;
    let waypoints = plan.map(|p| p.waypoints().to_vec()).unwrap_or_default();
    let mut path = Vec::new();
    let cost = h
        .find_path(grid, start, goal, &mut path)
        .map_err(|e| e.to_string())?;
    let q = h.last_query();
    let Some(cost) = cost else {
        scene.failures.push("hierarchy: no path".into());
        return Ok(());
    };
    let optimal = scene.scenario.optimal;
    if cost.as_f64() < optimal - 1e-6 || cost.as_f64() > 1.10 * optimal {
        scene
            .failures
            .push(format!("hierarchy: cost {cost:?}, optimal {optimal}"));
    }
    let s = scene.scenario;
    let expansions = q.insert_expanded + q.abstract_expanded + q.cell_expanded;
    let mut picture = GridPicture::new(grid);
    picture
        .title(format!(
            "HPA* (hierarchy::Hierarchy, clusters of {cluster}): {} abstract + {} cell expansions",
            q.abstract_expanded,
            q.insert_expanded + q.cell_expanded
        ))
        .note(format!(
            "{}: ({}, {}) to ({}, {}), optimal length {:.3}",
            scene.label, s.start.x, s.start.y, s.goal.x, s.goal.y, s.optimal,
        ))
        .note(format!(
            "path cost {:.3}; abstract graph: {} nodes, {} edges; abstract path dashed",
            cost.as_f64(),
            h.node_count(),
            h.edge_count()
        ));
    let (w, hgt) = (f64::from(grid.width()), f64::from(grid.height()));
    let k = f64::from(cluster);
    let borders = (1..grid.width().div_ceil(cluster))
        .map(|i| ((f64::from(i) * k, 0.0), (f64::from(i) * k, hgt)))
        .chain(
            (1..grid.height().div_ceil(cluster))
                .map(|i| ((0.0, f64::from(i) * k), (w, f64::from(i) * k))),
        );
    picture.segments(
        borders,
        Style::stroke(Rgb::new(0x90, 0x90, 0x90), 0.3 * scene.unit),
    );
    let edges: Vec<(Cell, Cell)> = h
        .abstract_edges()
        .map(|(a, b, _)| (a, b))
        .filter(|(a, b)| a < b)
        .collect();
    picture.segments(
        edges.iter().copied(),
        Style::stroke(Rgb::new(0x4a, 0x90, 0xd9), 0.35 * scene.unit).with_opacity(0.6),
    );
    let node = Style::fill(Rgb::new(0x1f, 0x5f, 0xa8));
    let mut nodes: Vec<Cell> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    nodes.sort_unstable();
    nodes.dedup();
    for &cell in &nodes {
        picture.marker(cell, 0.9 * scene.unit, node);
    }
    picture.polyline(
        waypoints.iter().copied(),
        Style::stroke(Rgb::new(0xe0, 0x7b, 0x00), 1.2 * scene.unit).dashed(),
    );
    picture.path(path.iter().copied());
    picture.endpoints(start, goal);
    let svg = picture.to_svg();
    let file = scene.out.join("hierarchy.svg");
    std::fs::write(&file, &svg).map_err(|e| format!("{}: {e}", file.display()))?;
    println!(
        "{}: {expansions} expansions ({} abstract, {} joining start and goal, {} refining and smoothing), cost {:.3}, {:.1} KB",
        file.display(),
        q.abstract_expanded,
        q.insert_expanded,
        q.cell_expanded,
        cost.as_f64(),
        svg.len() as f64 / 1024.0
    );
    Ok(())
}

/// The picture of the exact any-angle search over a navigation mesh
/// (feature `navmesh`): `navmesh-exact.svg`.
#[cfg(feature = "navmesh")]
mod mesh {
    use pathseek::debug_view::{ramp, GridPicture, Point as At, Rgb, Style};
    use pathseek::navmesh::{MeshQuery, NavMesh, Point};
    use pathseek::Cell;

    use super::Scene;

    /// Bands of the colour ramp the intervals are drawn in, from the first
    /// made to the last (one `<path>` each).
    const BANDS: usize = 16;

    fn centre(c: Cell) -> Point {
        Point::new(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5)
    }

    fn at(p: Point) -> At {
        At::new(p.x, p.y)
    }

    /// Which side of the line `a`-`b` the point `p` is on: the sign of the
    /// cross product, 0 within a small tolerance.
    fn side(a: Point, b: Point, p: Point) -> i8 {
        let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        let scale = (b.x - a.x).hypot(b.y - a.y) * (p.x - a.x).hypot(p.y - a.y);
        if cross.abs() <= 1e-9 * scale.max(1e-12) {
            0
        } else if cross > 0.0 {
            1
        } else {
            -1
        }
    }

    /// Whether segments `a`-`b` and `c`-`d` meet (touching counts).
    fn meet(a: Point, b: Point, c: Point, d: Point) -> bool {
        side(a, b, c) * side(a, b, d) <= 0 && side(c, d, a) * side(c, d, b) <= 0
    }

    /// The mesh of the scene's grid (`NavMesh::from_grid`: polygons of at
    /// most 8 corners), the scenario searched exactly from cell centre to
    /// cell centre: the polygons (thin grey), every interval the search
    /// made (coloured from the first made to the last), the cone from its
    /// root of each interval the path runs through (faint), the roots,
    /// the approximate `find_path` path (dashed, if it differs) and the
    /// exact path.
    pub(super) fn exact_picture(scene: &mut Scene<'_>) -> Result<(), String> {
        let grid = scene.grid;
        let s = scene.scenario;
        let mesh = NavMesh::from_grid(grid).map_err(|e| e.to_string())?;
        let (from, to) = (centre(s.start), centre(s.goal));
        let mut query = MeshQuery::new();
        let exact = query
            .find_exact_path(&mesh, from, to)
            .map_err(|e| e.to_string())?;
        let intervals: Vec<[Point; 3]> = query.exact_intervals().collect();
        let expanded = query.stats().expanded;
        let approx = query
            .find_path(&mesh, from, to)
            .map_err(|e| e.to_string())?;
        let (Some(exact), Some(approx)) = (exact, approx) else {
            scene
                .failures
                .push("navmesh: no path (exact or approximate)".into());
            return Ok(());
        };
        // Any-angle: no longer than the octile optimum or the approximate
        // path, no shorter than the straight line.
        let straight = from.distance(to);
        let (length, optimal) = (exact.length, s.optimal);
        if !(length >= straight - 1e-6
            && length <= optimal + 1e-6
            && length <= approx.length + 1e-9)
        {
            scene.failures.push(format!(
                "navmesh exact: length {length}, not between the straight line {straight} and \
                 the octile optimum {optimal} or above the approximate {}",
                approx.length
            ));
        }

        let mut picture = GridPicture::new(grid);
        picture
            .title(format!(
                "Exact any-angle path over a navigation mesh: length {length:.3}, {} intervals \
                 made ({expanded} expanded)",
                intervals.len()
            ))
            .note(format!(
                "{}: ({}, {}) to ({}, {}), cell centres; octile optimal length {optimal:.3}",
                scene.label, s.start.x, s.start.y, s.goal.x, s.goal.y,
            ))
            .note(format!(
                "{} polygons (grey); intervals coloured from the first made (dark blue) to the \
                 last (yellow); their roots purple; faint: the cones the path runs through",
                mesh.polygon_count()
            ));
        if approx.points == exact.points {
            picture.note(format!(
                "find_path (approximate, over a graph of corners) finds the same path, length {:.3}",
                approx.length
            ));
        } else {
            picture.note(format!(
                "dashed: find_path (approximate, over a graph of corners), length {:.3}",
                approx.length
            ));
        }

        // Each polygon edge once.
        let mut edges: Vec<(u32, u32)> = Vec::new();
        for p in 0..mesh.polygon_count() {
            let corners = mesh.polygon_corners(p);
            for (i, &a) in corners.iter().enumerate() {
                let b = corners[(i + 1) % corners.len()];
                edges.push((a.min(b), a.max(b)));
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let v = mesh.vertices();
        picture.segments(
            edges
                .iter()
                .map(|&(a, b)| (at(v[a as usize]), at(v[b as usize]))),
            Style::stroke(Rgb::new(0xa8, 0xa8, 0xa8), 0.15 * scene.unit),
        );

        // The cones of the intervals the path runs through: rooted at one
        // of its points, crossed by the leg that leaves it.
        let cone = Style::fill(Rgb::new(0x7b, 0x2c, 0xbf)).with_opacity(0.08);
        for leg in exact.points.windows(2) {
            for iv in intervals.iter().filter(|iv| iv[0] == leg[0]) {
                if meet(leg[0], leg[1], iv[1], iv[2]) {
                    picture.polygon(iv.iter().map(|&p| at(p)), cone);
                }
            }
        }

        let n = intervals.len().max(1);
        for band in 0..BANDS {
            let made = intervals
                .iter()
                .enumerate()
                .filter(|(i, _)| i * BANDS / n == band)
                .map(|(_, iv)| (at(iv[1]), at(iv[2])));
            picture.segments(
                made,
                Style::stroke(ramp(band as f64 / (BANDS - 1) as f64), 0.5 * scene.unit),
            );
        }
        let mut roots: Vec<(u64, u64)> = intervals
            .iter()
            .map(|iv| (iv[0].x.to_bits(), iv[0].y.to_bits()))
            .collect();
        roots.sort_unstable();
        roots.dedup();
        let purple = Style::fill(Rgb::new(0x7b, 0x2c, 0xbf));
        for &(x, y) in &roots {
            picture.marker(
                At::new(f64::from_bits(x), f64::from_bits(y)),
                0.9 * scene.unit,
                purple,
            );
        }
        if approx.points != exact.points {
            picture.polyline(
                approx.points.iter().map(|&p| at(p)),
                Style::stroke(Rgb::new(0x20, 0x20, 0x20), 0.6 * scene.unit).dashed(),
            );
        }
        picture.path(exact.points.iter().map(|&p| at(p)));
        picture.endpoints(s.start, s.goal);
        let svg = picture.to_svg();
        let file = scene.out.join("navmesh-exact.svg");
        std::fs::write(&file, &svg).map_err(|e| format!("{}: {e}", file.display()))?;
        println!(
            "{}: {} intervals drawn ({expanded} expanded, {} roots), length {length:.3} \
             (approximate {:.3}), {:.1} KB",
            file.display(),
            intervals.len(),
            roots.len(),
            approx.length,
            svg.len() as f64 / 1024.0
        );
        Ok(())
    }
}
