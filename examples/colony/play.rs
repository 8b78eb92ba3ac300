//! The game loop: a frame of edits, thinking, walking and checks, and the
//! figures at the end.

use super::*;

/// The game, its units' searches keeping their nodes in `S`.
pub(crate) fn play<S: Store>(
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
            let fits = |c: Cell| clearance_at(&clearance, &map.grid, c) >= LARGE as u8;
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
    let mut live_1000 = 0;
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
        clearance_sync(&mut clearance, &map.grid);
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
                field_sync(&mut g.field, &map.grid).map(|_| ())
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
            live_1000 = alloc::live_kb();
            heap_1000 = heap_kb(&units, &hierarchy, &groups);
        }
        if progress > 0 && frame.is_multiple_of(progress) {
            println!(
                "frame {frame}: edits {} checks {} stale {} illegal {} p99_ms {:.3} rss_kb {} live_kb {}",
                map.edits,
                report.total(|t| t.checks),
                report.total(|t| t.stale),
                report.total(|t| t.illegal),
                game_times.quantile(0.99),
                rss_kb().map_or("?".to_string(), |k| k.to_string()),
                alloc::live_kb()
            );
        }
    }
    report.close(frames);
    let rss_end = rss_kb();
    let live_end = alloc::live_kb();

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
            "live heap (allocated, not freed): {live_1000} kB at frame 1000, {live_end} kB at the end"
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
pub(crate) const PART_NAMES: [&str; 13] = [
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
pub(crate) const PART_EDITS: usize = 0;
pub(crate) const PART_CLEARANCE: usize = 1;
pub(crate) const PART_SENSE: usize = 2;
pub(crate) const PART_FIELDS: usize = 3;

pub(crate) fn kind_slot(kind: Kind) -> usize {
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
pub(crate) fn heap_kb<S>(
    units: &[Unit<S>],
    hierarchy: &Hierarchy<Length>,
    groups: &[Group],
) -> [usize; 3] {
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
pub(crate) fn sense<S>(units: &[Unit<S>], map: &Map, known: &mut Grid<Length>) {
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
