//! The `serde` feature: grids, cells, lengths, paths, component labels,
//! distance and flow fields survive a round trip through JSON; a loaded
//! structure answers for no map until attached, and attaching checks it
//! against the map (another map, the map after an edit, or a tampered save
//! is refused); inconsistent or mangled input is an error, never a panic
//! or a broken grid.

use pathseek::components::GridComponents;
use pathseek::groups::{DistanceField, FlowField};
use pathseek::io::movingai::{self, MovingAiMap};
use pathseek::save::SaveError;
use pathseek::FollowMap;
use pathseek::{Cell, Connectivity, Cost, Graph, Grid, GridCosts, Length, Limit, Path, Stats};
use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;

use crate::common::{data, Lcg};

fn round_trip<T: Serialize + DeserializeOwned>(value: &T) -> T {
    load(value)
}

/// `value` saved, and loaded as a `T`.
fn load<T: DeserializeOwned>(value: &impl Serialize) -> T {
    let json = serde_json::to_string(value).expect("serializes");
    serde_json::from_str(&json).expect("deserializes")
}

/// A random grid: walls at `density` percent, terrain on some cells.
fn random_grid<C: Cost>(rng: &mut Lcg, costs: GridCosts<C>, weight: impl Fn(u64) -> C) -> Grid<C> {
    let (w, h) = (rng.range(1, 40) as u32, rng.range(1, 40) as u32);
    let density = rng.range(0, 40);
    let connectivity = if rng.next(2) == 0 {
        Connectivity::Four
    } else {
        Connectivity::Eight
    };
    let mut grid = Grid::from_fn(w, h, connectivity, costs, |_| rng.next(100) >= density).unwrap();
    if rng.next(3) > 0 {
        for _ in 0..rng.range(1, 30) {
            let cell = Cell::new(rng.next(w as u64) as u32, rng.next(h as u64) as u32);
            grid.set_terrain(cell, weight(rng.range(1, 5))).unwrap();
        }
    }
    grid
}

/// Everything a grid answers, cell by cell, is the same on `a` and `b`.
fn assert_same_grid<C: Cost>(a: &Grid<C>, b: &Grid<C>) {
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    assert_eq!(a.connectivity(), b.connectivity());
    assert_eq!(a.costs(), b.costs());
    assert_eq!(a.passable_count(), b.passable_count());
    assert_eq!(a.has_terrain(), b.has_terrain());
    assert_eq!(a.min_terrain(), b.min_terrain());
    assert_eq!(a.edit_log_capacity(), b.edit_log_capacity());
    for y in 0..a.height() {
        for x in 0..a.width() {
            let c = Cell::new(x, y);
            assert_eq!(a.is_passable(c), b.is_passable(c), "{c:?}");
            assert_eq!(a.terrain(c), b.terrain(c), "{c:?}");
            let (mut ea, mut eb) = (Vec::new(), Vec::new());
            a.successors(c, |n, k| ea.push((n, k)));
            b.successors(c, |n, k| eb.push((n, k)));
            assert_eq!(ea, eb, "{c:?}");
        }
    }
}

#[test]
fn grids_survive_a_round_trip() {
    let mut rng = Lcg(0x5a7e);
    for _ in 0..30 {
        let mut grid = random_grid(&mut rng, GridCosts::new(10u32, 14), |w| w as u32);
        grid.set_edit_log_capacity(rng.range(0, 100) as usize);
        let loaded = round_trip(&grid);
        assert_same_grid(&grid, &loaded);
        // A loaded grid is a new map: a fresh version, no edits known.
        assert_ne!(loaded.version(), grid.version());
        assert!(loaded.edits_since(grid.version()).is_none());
        assert_eq!(
            loaded.edits_since(loaded.version()).map(|e| e.len()),
            Some(0)
        );
        let floats = random_grid(&mut rng, GridCosts::float_octile(), |w| w as f64 * 0.75);
        assert_same_grid(&floats, &round_trip(&floats));
        let lengths = random_grid(&mut rng, GridCosts::octile(), |w| {
            Length::from_f64(w as f64 * 0.5).unwrap()
        });
        assert_same_grid(&lengths, &round_trip(&lengths));
    }
}

#[test]
fn a_loaded_movingai_grid_gives_the_same_paths() {
    let grid = MovingAiMap::load(data("den520d.map"))
        .unwrap()
        .to_grid(Connectivity::Eight, GridCosts::octile());
    let loaded = round_trip(&grid);
    assert_same_grid(&grid, &loaded);
    let scenarios = movingai::load_scenarios(data("den520d.map.scen")).unwrap();
    for sc in scenarios.iter().step_by(20) {
        let a = pathseek::astar(&grid, sc.start, sc.goal, grid.heuristic(sc.goal));
        let b = pathseek::astar(&loaded, sc.start, sc.goal, loaded.heuristic(sc.goal));
        assert_eq!(a.outcome, b.outcome);
        let path = b.into_path().unwrap();
        assert_eq!(round_trip(&path), path);
    }
}

#[test]
fn small_types_survive_a_round_trip() {
    assert_eq!(round_trip(&Cell::new(7, 9)), Cell::new(7, 9));
    for units in [0, 1, 19_601, u32::MAX] {
        let l = Length::from_units(units);
        assert_eq!(round_trip(&l), l);
        // Saved as its units: exact.
        assert_eq!(serde_json::to_string(&l).unwrap(), units.to_string());
    }
    let p = Path {
        nodes: vec![Cell::new(0, 0), Cell::new(1, 1)],
        cost: Length::DIAGONAL,
    };
    assert_eq!(round_trip(&p), p);
    let r = pathseek::astar(
        &Grid::new(9, 9, Connectivity::Eight, GridCosts::octile()).unwrap(),
        Cell::new(0, 0),
        Cell::new(8, 3),
        |_| Length::ZERO,
    );
    assert_eq!(round_trip(&r.stats), r.stats);
    assert_ne!(r.stats, Stats::default());
    for limit in [Limit::Expansions, Limit::Cost, Limit::Stopped] {
        assert_eq!(round_trip(&limit), limit);
    }
}

/// Deserializes `value` as a grid, which must be refused.
fn refused_grid(value: &Value) -> String {
    match serde_json::from_value::<Grid<u32>>(value.clone()) {
        Ok(g) => panic!("accepted: {g:?} from {value}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn inconsistent_grids_are_refused() {
    let mut grid = Grid::from_fn(4, 3, Connectivity::Eight, GridCosts::new(10u32, 14), |c| {
        c.x != 2
    })
    .unwrap();
    grid.set_terrain(Cell::new(1, 1), 3).unwrap();
    let good = serde_json::to_value(&grid).unwrap();
    assert_same_grid(&grid, &serde_json::from_value(good.clone()).unwrap());
    let with = |key: &str, v: Value| {
        let mut bad = good.clone();
        bad[key] = v;
        bad
    };
    let e = refused_grid(&with("rows", serde_json::json!(["..@.", "..@."])));
    assert!(e.contains("rows: 2 where 3 were expected"), "{e}");
    let e = refused_grid(&with("rows", serde_json::json!(["..@.", "..@", "..@."])));
    assert!(e.contains("row: 3 where 4 were expected"), "{e}");
    let e = refused_grid(&with("rows", serde_json::json!(["..@.", "..x.", "..@."])));
    assert!(e.contains("(2, 1)"), "{e}");
    // Multi-byte characters are not cells either.
    refused_grid(&with("rows", serde_json::json!(["..@.", "é@.", "..@."])));
    let e = refused_grid(&with("width", serde_json::json!(0)));
    assert!(e.contains("not supported"), "{e}");
    // A huge size with few rows: refused before anything that size is made.
    let e = refused_grid(&with("height", serde_json::json!(4_000_000_000u32)));
    assert!(e.contains("not supported") || e.contains("rows"), "{e}");
    let e = refused_grid(&with("width", serde_json::json!(1_000_000)));
    assert!(e.contains("where 1000000 were expected"), "{e}");
    let e = refused_grid(&with("terrain", serde_json::json!([1, 1, 1])));
    assert!(
        e.contains("terrain weights: 3 where 12 were expected"),
        "{e}"
    );
    let mut huge = vec![1u32; 12];
    huge[5] = u32::MAX; // times 10 overflows
    let e = refused_grid(&with("terrain", serde_json::json!(huge)));
    assert!(e.contains("(1, 1)") && e.contains("overflows"), "{e}");
    refused_grid(&with("connectivity", serde_json::json!("Six")));
    refused_grid(&with("rows", serde_json::json!(null)));
    // Negative float terrain.
    let mut floats = Grid::new(2, 2, Connectivity::Four, GridCosts::float_octile()).unwrap();
    floats.set_terrain(Cell::new(0, 0), 2.0).unwrap();
    let mut bad = serde_json::to_value(&floats).unwrap();
    bad["terrain"][3] = serde_json::json!(-1.0);
    let e = serde_json::from_value::<Grid<f64>>(bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("(1, 1)") && e.contains("negative"), "{e}");
}

#[test]
fn mangled_saves_give_errors_or_whole_grids() {
    let mut rng = Lcg(0xbad5);
    for _ in 0..300 {
        let grid = random_grid(&mut rng, GridCosts::new(2u32, 3), |w| w as u32);
        let mut bytes = serde_json::to_vec(&grid).unwrap();
        for _ in 0..rng.range(1, 4) {
            let i = rng.next(bytes.len() as u64) as usize;
            bytes[i] = b"0123456789.@,[]{}\"x-"[rng.next(20) as usize];
        }
        // Whatever it was mangled into: an error, or a grid that holds
        // together (its counts are those of its cells, searches run).
        if let Ok(g) = serde_json::from_slice::<Grid<u32>>(&bytes) {
            let mut open = 0;
            for y in 0..g.height() {
                for x in 0..g.width() {
                    open += usize::from(g.is_passable(Cell::new(x, y)));
                }
            }
            assert_eq!(open, g.passable_count());
            let far = Cell::new(g.width() - 1, g.height() - 1);
            let _ = pathseek::astar(&g, Cell::new(0, 0), far, g.heuristic(far));
        }
    }
}

#[test]
fn component_labels_survive_a_round_trip_and_attach_to_their_map_only() {
    let mut rng = Lcg(0xc0c0);
    for _ in 0..30 {
        let mut grid = random_grid(&mut rng, GridCosts::new(2u32, 3), |w| w as u32);
        let mut parts = GridComponents::new(&grid);
        // Edits through the labels leave them sparse: loading must keep them.
        for _ in 0..10 {
            let c = Cell::new(
                rng.next(grid.width() as u64) as u32,
                rng.next(grid.height() as u64) as u32,
            );
            if rng.next(2) == 0 {
                parts.block(&mut grid, c).unwrap();
            } else {
                parts.open(&mut grid, c).unwrap();
            }
        }
        let (loaded_grid, mut loaded): (Grid<u32>, GridComponents) = load(&(&grid, &parts));
        assert_eq!(loaded.count(), parts.count());
        // Current for no grid until attached.
        assert!(!loaded.is_current(&loaded_grid) && !loaded.is_current(&grid));
        assert!(loaded.reach(&loaded_grid).is_err());
        assert!(loaded.component(&loaded_grid, Cell::new(0, 0)).is_err());
        loaded.attach(&loaded_grid).unwrap();
        assert!(loaded.is_current(&loaded_grid) && loaded.reach(&loaded_grid).is_ok());
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let c = Cell::new(x, y);
                assert_eq!(loaded.component(&loaded_grid, c), parts.component(&grid, c));
            }
        }
        // The map edited behind the save's back: refused when it changed
        // the components (blocking a passable cell always changes labels).
        let mut edited = loaded_grid.clone();
        if let Some(c) = (0..edited.width())
            .flat_map(|x| (0..edited.height()).map(move |y| Cell::new(x, y)))
            .find(|&c| edited.is_passable(c))
        {
            edited.set_passable(c, false).unwrap();
            let mut again: GridComponents = round_trip(&parts);
            assert!(matches!(
                again.attach(&edited),
                Err(SaveError::NotThisMap { .. })
            ));
            assert!(!again.is_current(&edited));
        }
    }
}

#[test]
fn tampered_component_labels_are_refused() {
    // Two rooms split by a wall down column 3.
    let grid = Grid::from_fn(7, 4, Connectivity::Four, GridCosts::new(1u32, 1), |c| {
        c.x != 3
    })
    .unwrap();
    let parts = GridComponents::new(&grid);
    assert_eq!(parts.count(), 2);
    let good = serde_json::to_value(&parts).unwrap();
    let load = |v: &Value| serde_json::from_value::<GridComponents>(v.clone());
    let mut bad = good.clone();
    bad["labels"].as_array_mut().unwrap().pop();
    assert!(load(&bad)
        .unwrap_err()
        .to_string()
        .contains("labels: 27 where 28"));
    let mut bad = good.clone();
    bad["labels"][0] = serde_json::json!(7); // not below next_label (2)
    assert!(load(&bad).is_err());
    let mut bad = good.clone();
    bad["count"] = serde_json::json!(3);
    assert!(load(&bad).is_err());
    // Loads, but does not describe the grid: one label for both rooms.
    let mut merged = good.clone();
    for l in merged["labels"].as_array_mut().unwrap() {
        if l == 1 {
            *l = serde_json::json!(0);
        }
    }
    merged["count"] = serde_json::json!(1);
    let mut parts = load(&merged).unwrap();
    let e = parts.attach(&grid).unwrap_err();
    assert!(e.to_string().contains("no path joins"), "{e}");
    // One room split in two labels.
    let mut split = good.clone();
    split["labels"][0] = serde_json::json!(1);
    let mut parts = load(&split).unwrap();
    assert_eq!(
        parts.attach(&grid),
        Err(SaveError::NotThisMap {
            index: 0,
            reason: "a move joins cells with different labels"
        })
    );
}

/// Every cell's cost and next step, as `field` answers on `grid`.
fn field_answers(
    field: &DistanceField<Cell, u32>,
    grid: &Grid<u32>,
) -> Vec<(Option<u32>, Option<Cell>)> {
    let mut out = Vec::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let c = Cell::new(x, y);
            out.push((
                field.cost(grid, c).unwrap(),
                field.next_step(grid, c).unwrap(),
            ));
        }
    }
    out
}

#[test]
fn distance_fields_survive_a_round_trip_and_attach_to_their_map_only() {
    let mut rng = Lcg(0xf1e1d);
    let mut checked = 0;
    while checked < 40 {
        let grid = random_grid(&mut rng, GridCosts::new(2u32, 3), |w| w as u32);
        let goal = Cell::new(
            rng.next(grid.width() as u64) as u32,
            rng.next(grid.height() as u64) as u32,
        );
        let bound = (rng.next(2) == 0).then(|| rng.range(0, 40) as u32);
        let mut field = DistanceField::new();
        if field.build_grid(&grid, goal, bound).is_err() {
            continue; // a blocked goal
        }
        checked += 1;
        let want = field_answers(&field, &grid);
        let (loaded_grid, mut loaded): (Grid<u32>, DistanceField<Cell, u32>) =
            load(&(&grid, &field));
        assert_eq!(loaded.goal(), Some(goal));
        assert_eq!(loaded.version(), None);
        // Answers for no map until attached: neither the old nor the loaded.
        assert!(loaded.cost(&grid, goal).is_err());
        assert!(loaded.next_step(&loaded_grid, goal).is_err());
        loaded.attach(&loaded_grid).unwrap();
        assert_eq!(loaded.version(), Some(Graph::version(&loaded_grid)));
        assert_eq!(field_answers(&loaded, &loaded_grid), want);
        // The map after an edit that changes some cost: refused.
        let mut edited = loaded_grid.clone();
        let mut fresh = DistanceField::new();
        for y in 0..edited.height() {
            for x in 0..edited.width() {
                let c = Cell::new(x, y);
                if c == goal || !edited.is_passable(c) {
                    continue;
                }
                let mut trial = edited.clone();
                trial.set_terrain(c, 7).unwrap();
                fresh.build_grid(&trial, goal, bound).unwrap();
                if field_answers(&fresh, &trial) != want {
                    edited = trial;
                    break;
                }
            }
        }
        if edited.version() != loaded_grid.version() {
            let mut again: DistanceField<Cell, u32> = round_trip(&field);
            assert!(matches!(
                again.attach(&edited),
                Err(SaveError::NotThisMap { .. })
            ));
            assert!(again.cost(&edited, goal).is_err());
            // Refresh rebuilds a field attached to nothing.
            assert!(again.sync(&edited).unwrap());
            assert_eq!(
                field_answers(&again, &edited),
                field_answers(&fresh, &edited)
            );
        }
        // The flow field packed from it: the same round trip.
        let flow = FlowField::from_field(&field, &grid);
        let mut loaded_flow: FlowField<u32> = round_trip(&flow);
        assert!(loaded_flow.next_step(&loaded_grid, goal).is_err());
        loaded_flow.attach(&loaded_grid).unwrap();
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let c = Cell::new(x, y);
                assert_eq!(loaded_flow.cost(&loaded_grid, c), flow.cost(&grid, c));
                assert_eq!(
                    loaded_flow.next_step(&loaded_grid, c),
                    flow.next_step(&grid, c)
                );
            }
        }
        if edited.version() != loaded_grid.version() {
            let mut again: FlowField<u32> = round_trip(&flow);
            assert!(again.attach(&edited).is_err());
        }
    }
}

#[test]
fn tampered_distance_fields_are_refused() {
    let grid = Grid::from_fn(6, 5, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        c != Cell::new(2, 2)
    })
    .unwrap();
    let goal = Cell::new(5, 4);
    let mut field = DistanceField::new();
    field.build_grid(&grid, goal, None).unwrap();
    let good = serde_json::to_value(&field).unwrap();
    let load = |v: &Value| serde_json::from_value::<DistanceField<Cell, u32>>(v.clone());
    let attach = |v: &Value| load(v).unwrap().attach(&grid);
    attach(&good).unwrap();
    let i = grid.cell_index(Cell::new(0, 0)).unwrap();
    // A cost one dearer: its next step no longer makes it up.
    let mut bad = good.clone();
    let c = bad["nodes"][i][0].as_u64().unwrap();
    bad["nodes"][i][0] = serde_json::json!(c + 1);
    assert!(matches!(attach(&bad), Err(SaveError::NotThisMap { index, .. }) if index == i));
    // A cost one cheaper with a next step that makes it up is still refused
    // if an edge of the map cannot: lower the goal's neighbour.
    let n = grid.cell_index(Cell::new(4, 4)).unwrap();
    let mut bad = good.clone();
    bad["nodes"][n][0] = serde_json::json!(1);
    assert!(attach(&bad).is_err());
    // A node left out although it reaches the goal (nothing steps through
    // the corner (0, 0)).
    let mut bad = good.clone();
    bad["nodes"][i] = Value::Null;
    assert!(matches!(attach(&bad), Err(SaveError::NotThisMap { .. })));
    // A next step that is not a move: (0, 0) to (0, 2).
    let mut bad = good.clone();
    bad["nodes"][i][1] = serde_json::json!(grid.cell_index(Cell::new(0, 2)).unwrap());
    assert!(attach(&bad).is_err());
    // Load-time checks: lengths, next ids, the goal.
    let mut bad = good.clone();
    bad["nodes"].as_array_mut().unwrap().pop();
    assert!(load(&bad).is_err());
    let mut bad = good.clone();
    bad["nodes"][i][1] = serde_json::json!(10_000);
    assert!(load(&bad).is_err());
    let mut bad = good.clone();
    bad["nodes"][i][1] = Value::Null; // a second goal
    assert!(load(&bad).is_err());
    let mut bad = good.clone();
    bad["node_count"] = serde_json::json!(4);
    assert!(load(&bad).is_err());
    // A field of another map with as many nodes.
    let other = Grid::new(6, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    assert!(load(&good).unwrap().attach(&other).is_err());
    // Bounded: a field built within 6 attaches, and is refused once its
    // bound says it must have reached more.
    field.build_grid(&grid, goal, Some(6)).unwrap();
    let bounded = serde_json::to_value(&field).unwrap();
    attach(&bounded).unwrap();
    let mut bad = bounded.clone();
    bad["max_cost"] = serde_json::json!(9);
    assert!(attach(&bad).is_err());
}

#[test]
fn tampered_flow_fields_are_refused() {
    let grid = Grid::new(5, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    let mut field = DistanceField::new();
    field.build_grid(&grid, Cell::new(2, 2), None).unwrap();
    let good = serde_json::to_value(FlowField::from_field(&field, &grid)).unwrap();
    let load = |v: &Value| serde_json::from_value::<FlowField<u32>>(v.clone());
    load(&good).unwrap().attach(&grid).unwrap();
    let mut bad = good.clone();
    bad["directions"][0] = serde_json::json!(0); // north from the top row: off the grid
    assert!(load(&bad).is_err());
    let mut bad = good.clone();
    bad["directions"][0] = serde_json::json!(9); // no direction
    assert!(load(&bad).is_err());
    let mut bad = good.clone();
    bad["costs"].as_array_mut().unwrap().pop();
    assert!(load(&bad).is_err());
    let mut bad = good.clone();
    bad["directions"][0] = serde_json::json!(255); // a corner left out: reaches the goal
    assert!(load(&bad).unwrap().attach(&grid).is_err());
    let mut bad = good.clone();
    bad["costs"][0] = serde_json::json!(1);
    assert!(load(&bad).unwrap().attach(&grid).is_err());
}

#[test]
fn a_field_of_a_map_made_cheaper_elsewhere_is_refused() {
    // 3 x 3, four moves, a swamp in the middle: from (0, 1) to the goal
    // (2, 1) the way round (4) beats the way across (5 + 1).
    let mut grid = Grid::new(3, 3, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    grid.set_terrain(Cell::new(1, 1), 5).unwrap();
    let goal = Cell::new(2, 1);
    let mut field = DistanceField::new();
    field.build_grid(&grid, goal, None).unwrap();
    assert_eq!(field.cost(&grid, Cell::new(0, 1)).unwrap(), Some(4));
    let saved = serde_json::to_string(&field).unwrap();
    let mut loaded: DistanceField<Cell, u32> = serde_json::from_str(&saved).unwrap();
    loaded.attach(&grid).unwrap();
    // The swamp drained: every saved next step still adds up, but (0, 1)
    // now has a cheaper way, across.
    grid.set_terrain(Cell::new(1, 1), 1).unwrap();
    let mut loaded: DistanceField<Cell, u32> = serde_json::from_str(&saved).unwrap();
    assert_eq!(
        loaded.attach(&grid),
        Err(SaveError::NotThisMap {
            index: grid.cell_index(Cell::new(0, 1)).unwrap(),
            reason: "an edge gives a cheaper path than the saved cost"
        })
    );
}

/// A flow field saved before a door opened is refused by the map after it,
/// as the distance field it was packed from is (issue "No silent answer at
/// the seams": the flow field was attached and answered `cost = None` where
/// a fresh field gives 3).
#[test]
fn a_flow_field_saved_before_a_door_opened_is_refused() {
    // One row, four moves: the goal at x = 0, a closed door at x = 3.
    let mut grid = Grid::from_fn(6, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| {
        c.x != 3
    })
    .unwrap();
    let goal = Cell::new(0, 0);
    let mut field = DistanceField::new();
    field.build_grid(&grid, goal, None).unwrap();
    let saved_field = serde_json::to_string(&field).unwrap();
    let saved_flow = serde_json::to_string(&FlowField::from_field(&field, &grid)).unwrap();
    // On the map as saved, both attach.
    let mut flow: FlowField<u32> = serde_json::from_str(&saved_flow).unwrap();
    flow.attach(&grid).unwrap();
    assert_eq!(flow.cost(&grid, Cell::new(2, 0)), Ok(Some(2)));

    grid.set_passable(Cell::new(3, 0), true).unwrap();
    field.build_grid(&grid, goal, None).unwrap();
    assert_eq!(field.cost(&grid, Cell::new(3, 0)), Ok(Some(3)));
    let mut loaded: DistanceField<Cell, u32> = serde_json::from_str(&saved_field).unwrap();
    assert!(matches!(
        loaded.attach(&grid),
        Err(SaveError::NotThisMap { .. })
    ));
    let mut flow: FlowField<u32> = serde_json::from_str(&saved_flow).unwrap();
    assert_eq!(
        flow.attach(&grid),
        Err(SaveError::NotThisMap {
            index: 3,
            reason: "not reached, but it has a path to the goal"
        })
    );
    assert!(flow.cost(&grid, Cell::new(3, 0)).is_err());

    // A field built within a bound keeps it in the save: the cells past it
    // are left out on purpose, and it attaches.
    field.build_grid(&grid, goal, Some(2)).unwrap();
    let bounded: FlowField<u32> = load(&FlowField::from_field(&field, &grid));
    let mut flow = bounded.clone();
    flow.attach(&grid).unwrap();
    assert_eq!(flow.cost(&grid, Cell::new(3, 0)), Ok(None));
    assert_eq!(flow.cost(&grid, Cell::new(2, 0)), Ok(Some(2)));
    // The bound raised in the file: the cell at 3 should have been reached.
    let mut value = serde_json::to_value(&bounded).unwrap();
    value["max_cost"] = serde_json::json!(3);
    let mut flow: FlowField<u32> = serde_json::from_value(value).unwrap();
    assert!(flow.attach(&grid).is_err());
}

/// Saves against edits: a distance field and the flow field packed from it
/// are saved, the map is edited at random (cells opened and closed, the
/// goal's neighbourhood, terrain weights 0 to 3, bursts, or nothing), and
/// both are attached to the map as it is then. Both attach or both are
/// refused (one check), and when they attach every cost they give is the
/// cost of a plain Dijkstra on the edited map (within the bound), and every
/// step a move of the map that makes it up: never an answer for the old map.
#[test]
fn saved_fields_attach_only_to_the_map_as_it_is_after_edits() {
    let mut rng = Lcg(0x5eed_f1e1d);
    let cases = crate::common::tier_cases(800);
    let (mut attached, mut refused) = (0, 0);
    for _ in 0..cases {
        let (w, h) = (rng.range(2, 10) as u32, rng.range(1, 10) as u32);
        let connectivity = if rng.next(2) == 0 {
            Connectivity::Four
        } else {
            Connectivity::Eight
        };
        let mut grid = Grid::from_fn(w, h, connectivity, GridCosts::new(2u32, 3), |_| {
            rng.next(100) >= 20
        })
        .unwrap();
        let cell =
            |rng: &mut Lcg| Cell::new(rng.next(u64::from(w)) as u32, rng.next(u64::from(h)) as u32);
        let goal = cell(&mut rng);
        grid.set_passable(goal, true).unwrap();
        let bound = (rng.next(3) == 0).then(|| rng.range(0, 30) as u32);
        let mut field = DistanceField::new();
        field.build_grid(&grid, goal, bound).unwrap();
        let saved_field = serde_json::to_string(&field).unwrap();
        let saved_flow = serde_json::to_string(&FlowField::from_field(&field, &grid)).unwrap();
        // The edits.
        match rng.next(5) {
            0 => {} // none: both attach
            1 => {
                let c = cell(&mut rng);
                if c != goal {
                    grid.set_passable(c, !grid.is_passable(c)).unwrap();
                }
            }
            2 => {
                let c = cell(&mut rng);
                grid.set_terrain(c, rng.next(4) as u32).unwrap();
            }
            3 => {
                for _ in 0..rng.range(2, 6) {
                    let c = cell(&mut rng);
                    if c != goal {
                        grid.set_passable(c, rng.next(2) == 0).unwrap();
                    }
                }
            }
            _ => {
                // Next to the goal.
                let (dx, dy) = (rng.range(0, 3) as i64 - 1, rng.range(0, 3) as i64 - 1);
                let (x, y) = (i64::from(goal.x) + dx, i64::from(goal.y) + dy);
                if (dx, dy) != (0, 0) && x >= 0 && y >= 0 && x < w.into() && y < h.into() {
                    let c = Cell::new(x as u32, y as u32);
                    grid.set_passable(c, !grid.is_passable(c)).unwrap();
                }
            }
        }
        let mut loaded: DistanceField<Cell, u32> = serde_json::from_str(&saved_field).unwrap();
        let mut flow: FlowField<u32> = serde_json::from_str(&saved_flow).unwrap();
        let (a, b) = (loaded.attach(&grid), flow.attach(&grid));
        assert_eq!(a.is_ok(), b.is_ok(), "one check: {a:?} {b:?}");
        if a.is_err() {
            refused += 1;
            assert!(loaded.cost(&grid, goal).is_err() && flow.cost(&grid, goal).is_err());
            continue;
        }
        attached += 1;
        // Dijkstra from the goal over the edited map (its moves are
        // reversible with the same cost read from the cell entered, so
        // turn them round).
        let adj = crate::common::reversed(&crate::common::adjacency(&grid));
        let dist = crate::common::dijkstra(&adj, grid.cell_index(goal).unwrap());
        for y in 0..h {
            for x in 0..w {
                let c = Cell::new(x, y);
                let want =
                    dist[grid.cell_index(c).unwrap()].filter(|&d| bound.is_none_or(|b| d <= b));
                assert_eq!(loaded.cost(&grid, c), Ok(want), "{c:?}");
                assert_eq!(flow.cost(&grid, c), Ok(want), "{c:?}");
                if let (Some(cost), Some(next)) = (want, flow.next_step(&grid, c).unwrap()) {
                    let step = pathseek::graph::path_cost(&grid, &[c, next]).expect("a move");
                    assert_eq!(
                        Some(step + dist[grid.cell_index(next).unwrap()].unwrap()),
                        Some(cost)
                    );
                }
            }
        }
    }
    assert!(
        attached > cases / 8 && refused > cases / 8,
        "{attached} {refused}"
    );
}

/// A loaded flow field keeps its goal, also one saved while the goal was
/// blocked (no cell reached, so the goal is in no direction byte): its
/// `sync` builds to that goal once the map is another. A saved goal that
/// is not the cell at the goal, or off the grid, is refused on load; a save
/// without a goal takes the cell at the goal.
#[test]
fn a_loaded_flow_field_syncs_to_its_goal() {
    let mut grid = Grid::new(4, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    let (goal, unit) = (Cell::new(0, 0), Cell::new(3, 0));
    grid.set_passable(goal, false).unwrap();
    let mut field = DistanceField::new();
    assert!(field.build_grid(&grid, goal, None).is_err());
    let saved = serde_json::to_value(FlowField::from_field(&field, &grid)).unwrap();
    grid.set_passable(goal, true).unwrap();
    let mut flow: FlowField<u32> = serde_json::from_value(saved).unwrap();
    assert!(flow.cost(&grid, unit).is_err()); // not attached
    assert_eq!(flow.sync(&grid), Ok(true));
    assert_eq!(flow.cost(&grid, unit), Ok(Some(3)));

    let good = serde_json::to_value(&flow).unwrap();
    let mut bad = good.clone();
    bad["goal"] = serde_json::json!({"x": 1, "y": 0});
    assert!(serde_json::from_value::<FlowField<u32>>(bad).is_err());
    let mut bad = good.clone();
    bad["goal"] = serde_json::json!({"x": 9, "y": 0});
    assert!(serde_json::from_value::<FlowField<u32>>(bad).is_err());
    let mut old = good.clone();
    old.as_object_mut().unwrap().remove("goal");
    let mut old: FlowField<u32> = serde_json::from_value(old).unwrap();
    grid.set_passable(Cell::new(2, 0), false).unwrap();
    assert_eq!(old.sync(&grid), Ok(true));
    assert_eq!(old.cost(&grid, Cell::new(1, 0)), Ok(Some(1)));
    assert_eq!(old.cost(&grid, unit), Ok(None)); // cut off by the new wall
}
