//! Structures built on a grid against the grid as it is now: component
//! labels, distance fields and the flow fields packed from them, while the
//! map is edited at random between questions (cells opened and closed, at
//! the goal and the cells asked about too, terrain weights 0 to 3, bursts
//! past a tiny edit log, the map cloned or replaced by another), and
//! brought up to date only now and then. Every answer is the answer of a
//! plain reference (a breadth-first flood, a Dijkstra written without the
//! library's core) on the map as it is, or `MapChanged`: never the old
//! map's answer.

use pathseek::components::GridComponents;
use pathseek::graph::path_cost;
use pathseek::groups::{DistanceField, FlowField};
use pathseek::FollowMap;
use pathseek::{Cell, Connectivity, Grid, GridCosts};

use crate::common::{self, Lcg};

fn random_grid(rng: &mut Lcg, w: u32, h: u32) -> Grid<u32> {
    let connectivity = if rng.next(2) == 0 {
        Connectivity::Four
    } else {
        Connectivity::Eight
    };
    let density = rng.range(5, 35);
    let mut grid = Grid::from_fn(w, h, connectivity, GridCosts::new(2u32, 3), |_| {
        rng.next(100) >= density
    })
    .unwrap();
    for _ in 0..rng.next(8) {
        let c = random_cell(rng, &grid);
        grid.set_terrain(c, rng.next(4) as u32).unwrap();
    }
    match rng.next(4) {
        0 => grid.set_edit_log_capacity(1),
        1 => grid.set_edit_log_capacity(2),
        _ => {}
    }
    grid
}

fn random_cell(rng: &mut Lcg, grid: &Grid<u32>) -> Cell {
    Cell::new(
        rng.next(grid.width().into()) as u32,
        rng.next(grid.height().into()) as u32,
    )
}

/// One edit of `grid`, as a game would make it: `near` are the cells the
/// questions are about (the goal among them).
fn edit(rng: &mut Lcg, grid: &mut Grid<u32>, near: &[Cell]) {
    let c = Some(near[rng.next(near.len() as u64) as usize])
        .filter(|&c| rng.next(3) == 0 && grid.cell_index(c).is_some())
        .unwrap_or_else(|| random_cell(rng, grid));
    if rng.next(3) == 0 {
        grid.set_terrain(c, rng.next(4) as u32).unwrap();
    } else {
        grid.set_passable(c, rng.next(2) == 0).unwrap();
    }
}

/// The reference distances to `goal` on `grid` as it is (`None`: no path;
/// all `None` when the goal is blocked).
fn distances_to(grid: &Grid<u32>, goal: Cell) -> Vec<Option<u32>> {
    let adj = common::reversed(&common::adjacency(grid));
    if !grid.is_passable(goal) {
        return vec![None; adj.len()];
    }
    common::dijkstra(&adj, grid.cell_index(goal).unwrap())
}

#[test]
fn labels_and_fields_answer_for_the_map_as_it_is_or_refuse() {
    let mut rng = Lcg(0xf011_0a5e);
    let cases = common::tier_cases(240);
    let (mut answered, mut refused) = ([0u32; 3], [0u32; 3]);
    for _ in 0..cases {
        let (w, h) = (rng.range(2, 9) as u32, rng.range(1, 9) as u32);
        let mut grid = random_grid(&mut rng, w, h);
        let goal = random_cell(&mut rng, &grid);
        let bound = (rng.next(3) == 0).then(|| rng.range(0, 24) as u32);
        let mut parts = GridComponents::new(&grid);
        let mut field = DistanceField::new();
        let _ = field.build_grid(&grid, goal, bound);
        let mut flow = FlowField::from_field(&field, &grid);
        for _ in 0..30 {
            let (a, b) = (random_cell(&mut rng, &grid), random_cell(&mut rng, &grid));
            let near = [goal, a, b];
            match rng.next(10) {
                0..=2 => edit(&mut rng, &mut grid, &near),
                3 => {
                    // A burst, past a log of one or two.
                    for _ in 0..rng.range(2, 8) {
                        edit(&mut rng, &mut grid, &near);
                    }
                }
                4 => {
                    // Edits through the labels keep them current (refused
                    // when the map changed behind their back).
                    let c = random_cell(&mut rng, &grid);
                    let current = parts.is_current(&grid);
                    let r = parts.set_passable(&mut grid, c, rng.next(2) == 0);
                    assert_eq!(r.is_ok(), current, "{r:?}");
                }
                5 => {
                    // A clone is the same map; then maybe edited.
                    grid = grid.clone();
                    if rng.next(2) == 0 {
                        edit(&mut rng, &mut grid, &near);
                    }
                }
                6 => {
                    // Replaced by another map, mostly of the same size.
                    let (w2, h2) = if rng.next(4) == 0 {
                        (rng.range(2, 9) as u32, rng.range(1, 9) as u32)
                    } else {
                        (w, h)
                    };
                    grid = random_grid(&mut rng, w2, h2);
                }
                7 => {
                    // Brought up to date, as a game would each frame: the
                    // field built again, the flow refilled from it.
                    parts.sync(&grid).unwrap();
                    assert!(parts.is_current(&grid));
                    let _ = field.build_grid(&grid, goal, bound);
                    flow.refill(&field, &grid);
                }
                8 => {
                    // The same, each by its own sync.
                    parts.sync(&grid).unwrap();
                    let _ = field.sync(&grid);
                    let _ = flow.sync(&grid);
                    assert!(parts.is_current(&grid) && field.is_current(&grid));
                    assert!(flow.is_current(&grid) && flow.check(&grid).is_ok());
                    assert_eq!(field.sync(&grid), Ok(false));
                    assert_eq!(flow.sync(&grid), Ok(false));
                }
                _ => {}
            }
            let cells = grid.width() * grid.height();
            // Component labels against a flood from `a`.
            let from_a =
                common::dijkstra(&common::adjacency(&grid), grid.cell_index(a).unwrap_or(0));
            for c in [a, b, goal] {
                let want = grid.cell_index(c).is_some_and(|i| {
                    grid.is_passable(a) && grid.is_passable(c) && from_a[i].is_some()
                });
                match parts.connected(&grid, a, c) {
                    Ok(got) => {
                        answered[0] += 1;
                        assert_eq!(got, want, "connected {a:?} {c:?}");
                        assert!(parts.is_current(&grid));
                        assert_eq!(
                            parts.component(&grid, c).unwrap().is_some(),
                            grid.is_passable(c)
                        );
                    }
                    Err(e) => {
                        refused[0] += 1;
                        assert!(!parts.is_current(&grid) && e.built != e.now);
                    }
                }
            }
            // Fields against a Dijkstra to the goal on the map as it is.
            let dist = distances_to(&grid, goal);
            for i in 0..cells {
                let c = Cell::new(i % grid.width(), i / grid.width());
                let want = dist[i as usize].filter(|&d| bound.is_none_or(|m| d <= m));
                let answers = [
                    (1, field.cost(&grid, c), field.next_step(&grid, c)),
                    (2, flow.cost(&grid, c), flow.next_step(&grid, c)),
                ];
                for (k, cost, next) in answers {
                    let (Ok(cost), Ok(next)) = (cost, next) else {
                        assert!(cost.is_err() && next.is_err());
                        refused[k] += 1;
                        continue;
                    };
                    answered[k] += 1;
                    if field.goal().is_none() {
                        // No field (the goal was blocked when it was
                        // built, on this very map): nothing is reached.
                        assert!(grid.cell_index(goal).is_none() || !grid.is_passable(goal));
                        assert_eq!((cost, next), (None, None));
                        continue;
                    }
                    assert_eq!(cost, want, "{k}: cost of {c:?}");
                    if let (Some(d), Some(n)) = (cost, next) {
                        let step = path_cost(&grid, &[c, n]).expect("a move of the map");
                        let rest = dist[grid.cell_index(n).unwrap()];
                        assert_eq!(Some(step + rest.unwrap()), Some(d), "{k}: step {c:?} {n:?}");
                    }
                }
            }
        }
    }
    // Neither side is empty: questions were answered and refused.
    for k in 0..3 {
        assert!(
            answered[k] > refused[k] / 8 && refused[k] > 0,
            "{k}: {answered:?} {refused:?}"
        );
    }
}

/// Issue "No silent answer at the seams": a distance field whose goal a
/// door closed on forgot its goal, answered "not reached" on every later
/// map (the flow field packed from it too), and `refresh` never built it
/// again once the door opened. Now it answers so on that map only, refuses
/// a changed map, and `refresh` builds again to the same goal.
#[test]
fn a_field_whose_goal_was_blocked_builds_again_once_it_opens() {
    let mut grid = Grid::new(4, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    let (goal, unit) = (Cell::new(0, 0), Cell::new(3, 0));
    let mut field = DistanceField::new();
    field.build_grid(&grid, goal, None).unwrap();
    grid.set_passable(goal, false).unwrap();
    assert!(field.sync(&grid).is_err());
    assert_eq!(field.cost(&grid, unit), Ok(None)); // no path on this map
    let flow = FlowField::from_field(&field, &grid);
    assert_eq!(flow.cost(&grid, unit), Ok(None));
    grid.set_passable(goal, true).unwrap();
    assert!(field.cost(&grid, unit).is_err());
    assert!(flow.cost(&grid, unit).is_err());
    let mut flow = flow;
    assert!(field.sync(&grid).unwrap());
    assert_eq!(field.cost(&grid, unit), Ok(Some(3)));
    assert_eq!(
        FlowField::from_field(&field, &grid).cost(&grid, unit),
        Ok(Some(3))
    );
    // The flow field packed while the goal was blocked keeps its goal: its
    // own sync builds to it once the door opened.
    assert_eq!(flow.sync(&grid), Ok(true));
    assert_eq!(flow.cost(&grid, unit), Ok(Some(3)));
    assert_eq!(flow, FlowField::from_field(&field, &grid));
}
