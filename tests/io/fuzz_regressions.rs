//! Inputs kept from fuzzing (`fuzz/README.md`): every file under
//! `tests/data/fuzz/<target>/` is read by that target's loader, which must
//! return (an error naming a line of the input, or a value) within a small
//! multiple of the file's size in memory.

use std::path::Path;

use pathseek::io::movingai::{read_scenarios, MovingAiMap};
use pathseek::io::{dimacs, metis, LoadError};

use crate::alloc_count::measure;

/// Lines as the loaders count them.
fn line_count(data: &[u8]) -> usize {
    let newlines = data.iter().filter(|&&b| b == b'\n').count();
    newlines + usize::from(!data.is_empty() && !data.ends_with(b"\n"))
}

/// Runs `target`'s loader on `data`: the error's line, if any.
fn load(target: &str, data: &[u8]) -> Result<(), LoadError> {
    match target {
        "map" => MovingAiMap::read(data).map(drop),
        "scen" => read_scenarios(data).map(drop),
        "dimacs_gr" => dimacs::read_gr::<u32, _>(data)
            .map(drop)
            .and(dimacs::read_gr::<f64, _>(data).map(drop)),
        "dimacs_co" => dimacs::read_co(data).map(drop),
        "metis_graph" => metis::read_graph::<u32, _>(data).map(drop),
        "metis_xyz" => metis::read_xyz(data).map(drop),
        "goal_bounds" => {
            // Not a text loader: no line to name. Any answer but a panic.
            let _ = pathseek::jump_points::BoundedJumps::from_bytes(data, &goal_bounds_grid());
            Ok(())
        }
        other => panic!("tests/data/fuzz/{other}: no such fuzz target"),
    }
}

/// The grid of the `goal_bounds` fuzz target (`fuzz/src/lib.rs`), which
/// every input is read for.
fn goal_bounds_grid() -> pathseek::Grid<u32> {
    use pathseek::{Cell, Connectivity, Grid, GridCosts};
    Grid::from_fn(9, 6, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
        !(c.x == 4 && c.y < 4) && c != Cell::new(1, 4)
    })
    .unwrap()
}

#[test]
fn every_kept_fuzz_input_is_read_in_bounded_memory() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz");
    let mut files = 0;
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        let target = dir.file_name().unwrap().to_str().unwrap().to_string();
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            let (result, usage) = measure(|| load(&target, &data));
            if let Err(e) = &result
                && let Some(line) = e.line()
            {
                let lines = line_count(&data);
                assert!((1..=lines + 1).contains(&line), "{}: {e}", path.display());
            }
            let bound = (1 << 20) + 16 * data.len();
            assert!(usage.peak < bound, "{}: {usage:?}", path.display());
            files += 1;
        }
    }
    assert!(files > 0);
}
