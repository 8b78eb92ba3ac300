//! MovingAI `.map`: any bytes; a map read has `width * height` valid tiles,
//! no more than the input holds, and its grid has the same passable cells.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathseek::grid::{Connectivity, GridCosts};
use pathseek::io::movingai::MovingAiMap;
use pathseek_fuzz::check_error;

fuzz_target!(|data: &[u8]| match MovingAiMap::read(data) {
    Ok(map) => {
        let cells = map.width() as usize * map.height() as usize;
        assert_eq!(map.tiles().len(), cells);
        assert!(cells <= data.len());
        assert!(map.tiles().iter().all(|t| b".GS@OTW".contains(t)));
        let open = map.tiles().iter().filter(|t| b".GS".contains(t)).count();
        let grid = map.to_grid(Connectivity::Eight, GridCosts::new(1u32, 1));
        assert_eq!(grid.passable_count(), open);
        if let Ok(text) = std::str::from_utf8(data) {
            assert_eq!(MovingAiMap::parse(text).unwrap(), map);
        }
    }
    Err(e) => check_error(data, &e),
});
