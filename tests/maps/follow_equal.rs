//! Every structure that follows a map's edit log, fed a tiny log (capacity
//! 1 or 2) and bursts of edits, equals a fresh build after every sync: one
//! driver, [`follow_equals_fresh`], for clearance, precomputed jump tables,
//! the HPA* hierarchy, grid and hex component labels, flow fields and
//! landmarks. Bursts of 0 to 5
//! edits (passability flips, the same cell twice, terrain weights 0 to 3
//! where the structure allows terrain), a map replaced by a clone edited
//! apart, and a sync with nothing to do (which reports that).

use std::fmt::Debug;

use pathseek::components::GridComponents;
use pathseek::graph::FollowMap;
use pathseek::grid::Clearance;
use pathseek::groups::{DistanceField, FlowField};
use pathseek::hex::{HexComponents, HexGrid};
use pathseek::hierarchy::{Hierarchy, HierarchyOptions};
use pathseek::jump_points::PrecomputedJumps;
use pathseek::landmarks::{Landmarks, Selection};
use pathseek::{Cell, Connectivity, DenseIds, Grid, GridCosts};

use crate::common::Lcg;

/// Rounds per seed: a few in the default tier, more with `deep-tests`.
const ROUNDS: usize = if cfg!(feature = "deep-tests") {
    120
} else {
    25
};
/// Seeds per structure.
const SEEDS: u64 = if cfg!(feature = "deep-tests") { 24 } else { 4 };

/// For several seeds: a map from `new_map` (which sets a tiny edit log),
/// the structure `fresh(&map, None)`, then rounds of a burst of 0 to 5
/// edits (`edit(map, node index, choice in 0..8)`; a third of them at the
/// cell edited just before), a [`FollowMap::sync`], and the synced
/// structure compared with `fresh(&map, Some(&synced))` (the second
/// argument only for what a fresh build takes from the old one: the
/// landmark nodes). Every fourth round replaces the map by a clone edited
/// apart from it; after each round a second sync must report `idle`.
fn follow_equals_fresh<M, S>(
    name: &str,
    new_map: impl Fn(&mut Lcg) -> M,
    fresh: impl Fn(&M, Option<&S>) -> S,
    edit: impl Fn(&mut M, usize, u64),
    idle: impl Fn(&S::Synced) -> bool,
) where
    M: DenseIds + Clone,
    S: FollowMap<M> + PartialEq + Debug,
    S::Synced: Debug,
    S::Error: Debug,
{
    for seed in 0..SEEDS {
        let mut rng = Lcg(0x5eed_f011 ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut map = new_map(&mut rng);
        let nodes = map.node_count();
        let mut structure = fresh(&map, None);
        let mut last = 0;
        let mut burst = |map: &mut M, rng: &mut Lcg| {
            for _ in 0..rng.range(0, 5) {
                if rng.next(3) != 0 {
                    last = rng.next(nodes as u64) as usize;
                }
                edit(map, last, rng.next(8));
            }
        };
        for round in 0..ROUNDS {
            let at = format!("{name}, seed {seed}, round {round}");
            if round % 4 == 3 {
                // A clone edited apart: the structure follows the original
                // first, then is handed the clone, whose log never saw
                // the original's edits.
                let mut other = map.clone();
                burst(&mut other, &mut rng);
                burst(&mut map, &mut rng);
                structure.sync(&map).unwrap();
                assert!(structure.check(&map).is_ok(), "{at}: not current");
                assert_eq!(
                    structure,
                    fresh(&map, Some(&structure)),
                    "{at}: before the clone"
                );
                map = other;
            } else {
                burst(&mut map, &mut rng);
            }
            let synced = structure.sync(&map).unwrap();
            assert!(structure.is_current(&map), "{at}: not current ({synced:?})");
            assert!(structure.check(&map).is_ok(), "{at}");
            let expected = fresh(&map, Some(&structure));
            assert_eq!(
                structure, expected,
                "{at}: sync {synced:?} is not a fresh build"
            );
            let again = structure.sync(&map).unwrap();
            assert!(idle(&again), "{at}: a sync with no edits did {again:?}");
            assert_eq!(structure, expected, "{at}: a second sync changed it");
        }
    }
}

/// A `w x h` grid (8 to 24 each way) of `connectivity` (else four- or
/// eight-connected at random) with about a fifth of its cells blocked, some terrain when `terrain`, and an edit log of
/// capacity 1 or 2.
fn small_grid(rng: &mut Lcg, connectivity: Option<Connectivity>, terrain: bool) -> Grid<u32> {
    let connectivity = connectivity.unwrap_or_else(|| any_connectivity(rng));
    let (w, h) = (rng.range(8, 24) as u32, rng.range(8, 24) as u32);
    let mut grid = Grid::from_fn(w, h, connectivity, GridCosts::new(2u32, 3), |_| {
        rng.next(5) != 0
    })
    .unwrap();
    if terrain && rng.next(2) == 0 {
        for _ in 0..rng.range(1, 6) {
            let c = Cell::new(rng.next(w.into()) as u32, rng.next(h.into()) as u32);
            grid.set_terrain(c, rng.next(4) as u32).unwrap();
        }
    }
    grid.set_edit_log_capacity(rng.range(1, 2) as usize);
    grid
}

fn any_connectivity(rng: &mut Lcg) -> Connectivity {
    if rng.next(2) == 0 {
        Connectivity::Four
    } else {
        Connectivity::Eight
    }
}

/// Flips cell `i` (choices 0 to 3, or any choice without `terrain`), else
/// sets its terrain weight to `choice - 4` (0 to 3).
fn edit_grid(grid: &mut Grid<u32>, i: usize, choice: u64, terrain: bool) {
    let cell = grid.node_at(i).unwrap();
    if choice < 4 || !terrain {
        grid.set_passable(cell, !grid.is_passable(cell)).unwrap();
    } else {
        grid.set_terrain(cell, choice as u32 - 4).unwrap();
    }
}

#[test]
fn clearance_follows_like_a_fresh_build() {
    follow_equals_fresh(
        "clearance",
        |rng| small_grid(rng, None, true),
        |grid, _: Option<&Clearance>| Clearance::new(grid, 3).unwrap(),
        |grid, i, choice| edit_grid(grid, i, choice, true),
        |u| !u.full && u.cells == 0,
    );
}

#[test]
fn precomputed_jumps_follow_like_a_fresh_build() {
    follow_equals_fresh(
        "precomputed jumps",
        |rng| small_grid(rng, Some(Connectivity::Eight), false),
        |grid, _: Option<&PrecomputedJumps<u32>>| PrecomputedJumps::new(grid).unwrap(),
        |grid, i, choice| edit_grid(grid, i, choice, false),
        |&changed| changed == 0,
    );
}

#[test]
fn hierarchy_follows_like_a_fresh_build() {
    for merge in [false, true] {
        follow_equals_fresh(
            if merge {
                "hierarchy, merged entrances"
            } else {
                "hierarchy"
            },
            |rng| small_grid(rng, None, true),
            |grid, _: Option<&Hierarchy<u32>>| {
                let options = HierarchyOptions::new(4).merge_entrances(merge);
                Hierarchy::with_options(grid, options).unwrap()
            },
            |grid, i, choice| edit_grid(grid, i, choice, true),
            |r| !r.full && r.borders == 0 && r.clusters == 0,
        );
    }
}

#[test]
fn landmarks_follow_like_a_fresh_build() {
    // Landmarks at the farthest nodes and at (0, 0), which is never walled:
    // a sync leaves out landmarks walled since, and must keep one.
    let corner = Cell::new(0, 0);
    follow_equals_fresh(
        "landmarks",
        |rng| {
            let mut grid = small_grid(rng, None, true);
            grid.set_passable(corner, true).unwrap();
            grid
        },
        |grid, old: Option<&Landmarks<u32>>| {
            let cells: Vec<Cell> = match old {
                None => {
                    let farthest = Landmarks::new(grid, 2, Selection::Farthest).unwrap();
                    let mut cells: Vec<Cell> = farthest
                        .nodes()
                        .iter()
                        .map(|&i| grid.node_at(i).unwrap())
                        .collect();
                    if !cells.contains(&corner) {
                        cells.push(corner);
                    }
                    cells
                }
                // Rebuilt at the same nodes, less those walled since.
                Some(old) => old
                    .nodes()
                    .iter()
                    .map(|&i| grid.node_at(i).unwrap())
                    .collect(),
            };
            assert!(
                cells.iter().all(|&c| grid.is_passable(c)),
                "a walled landmark kept"
            );
            Landmarks::from_nodes(grid, &cells).unwrap()
        },
        |grid, i, choice| {
            let keep = grid.node_at(i) == Some(corner) && choice < 4;
            edit_grid(grid, i, if keep { 4 + choice } else { choice }, true);
        },
        |&rebuilt| !rebuilt,
    );
}

#[test]
fn hex_components_follow_like_a_fresh_build() {
    follow_equals_fresh(
        "hex components",
        |rng| {
            let (w, h) = (rng.range(8, 24) as u32, rng.range(8, 24) as u32);
            let mut grid = HexGrid::from_fn(w, h, 2u32, |_| rng.next(4) != 0).unwrap();
            grid.set_edit_log_capacity(rng.range(1, 2) as usize);
            grid
        },
        |grid, _: Option<&HexComponents>| HexComponents::new(grid).unwrap(),
        |grid: &mut HexGrid<u32>, i, choice| {
            let hex = grid.node_at(i).unwrap();
            if choice < 4 {
                grid.set_passable(hex, !grid.is_passable(hex)).unwrap();
            } else {
                grid.set_terrain(hex, choice as u32 - 4).unwrap();
            }
        },
        |&relabelled| !relabelled,
    );
}

/// A first terrain weight of one is no edit (the version stays), yet a fresh
/// hierarchy of the grid keeps no node fields where the old one keeps its
/// (still exact): the two are equal, and answer alike.
#[test]
fn hierarchy_kept_fields_after_a_weight_of_one_equal_a_fresh_build() {
    let mut grid = Grid::new(12, 12, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    grid.set_passable(Cell::new(5, 3), false).unwrap();
    let mut kept = Hierarchy::new(&grid, 4).unwrap();
    let version = grid.version();
    grid.set_terrain(Cell::new(2, 2), 1).unwrap();
    assert_eq!((grid.version(), grid.has_terrain()), (version, true));
    assert_eq!(kept.sync(&grid).unwrap().clusters, 0);
    let mut fresh = Hierarchy::new(&grid, 4).unwrap();
    assert_eq!(kept, fresh);
    let (from, to) = (Cell::new(0, 0), Cell::new(11, 9));
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let cost = kept.find_path(&grid, from, to, &mut a).unwrap();
    assert_eq!(cost, fresh.find_path(&grid, from, to, &mut b).unwrap());
    assert!(cost.is_some());
}

#[test]
fn grid_components_follow_like_a_fresh_build() {
    follow_equals_fresh(
        "grid components",
        |rng| small_grid(rng, None, true),
        |grid, _: Option<&GridComponents>| GridComponents::new(grid),
        |grid, i, choice| edit_grid(grid, i, choice, true),
        |&relabelled| !relabelled,
    );
}

#[test]
fn flow_fields_follow_like_a_fresh_build() {
    // The goal at (0, 0), never walled (a blocked goal is an error of sync).
    let goal = Cell::new(0, 0);
    follow_equals_fresh(
        "flow field",
        |rng| {
            let mut grid = small_grid(rng, None, true);
            grid.set_passable(goal, true).unwrap();
            grid
        },
        |grid, _: Option<&FlowField<u32>>| {
            let mut field = DistanceField::new();
            field.build_grid(grid, goal, None).unwrap();
            FlowField::from_field(&field, grid)
        },
        |grid, i, choice| {
            let keep = grid.node_at(i) == Some(goal) && choice < 4;
            edit_grid(grid, i, if keep { 4 + choice } else { choice }, true);
        },
        |&rebuilt| !rebuilt,
    );
}
