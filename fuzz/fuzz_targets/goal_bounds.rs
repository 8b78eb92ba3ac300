//! Goal bounds files (`jump_points::BoundedJumps::from_bytes`): any bytes,
//! read for one fixed small grid (`pathseek_fuzz::goal_bounds_grid`); a
//! table read is written back to the same bytes and answers a search like
//! the table built from the grid; an error says something.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use pathseek::jump_points::BoundedJumps;
use pathseek::{Cell, Grid};
use pathseek_fuzz::goal_bounds_grid;

fn fixture() -> &'static (Grid<u32>, BoundedJumps<u32>) {
    static FIXTURE: OnceLock<(Grid<u32>, BoundedJumps<u32>)> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let grid = goal_bounds_grid();
        let built = BoundedJumps::with_threads(&grid, 1).expect("a grid goal bounds serve");
        (grid, built)
    })
}

fuzz_target!(|data: &[u8]| {
    let (grid, built) = fixture();
    match BoundedJumps::from_bytes(data, grid) {
        Ok(table) => {
            assert_eq!(table.to_bytes(), data);
            let (start, goal) = (Cell::new(0, 0), Cell::new(8, 0));
            let a = pathseek::astar(&table.on(grid).unwrap(), start, goal, grid.heuristic(goal));
            let b = pathseek::astar(&built.on(grid).unwrap(), start, goal, grid.heuristic(goal));
            assert_eq!(a.found().map(|p| p.cost), b.found().map(|p| p.cost));
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
