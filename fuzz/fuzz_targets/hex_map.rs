//! Hex maps (`io::hex`): any bytes; a map read has `width * height` valid
//! tiles, no more than the input holds; its grid has the same passable
//! hexagons, and written and read back it is the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathseek::io::hex::HexMap;
use pathseek_fuzz::check_error;

fuzz_target!(|data: &[u8]| match HexMap::read(data) {
    Ok(map) => {
        let cells = map.width() as usize * map.height() as usize;
        assert_eq!(map.tiles().len(), cells);
        assert!(cells <= data.len());
        assert!(map.tiles().iter().all(|t| b".@T0123456789".contains(t)));
        let open = map.tiles().iter().filter(|t| !b"@T".contains(t)).count();
        let grid = map.to_grid(1u32).expect("digits times 1 fit a u32");
        assert_eq!(grid.passable_count(), open);
        let written = HexMap::from_grid(&grid).expect("digit weights are written");
        let again = HexMap::parse(&written.to_string()).expect("written maps read");
        assert_eq!(again, written);
    }
    Err(e) => check_error(data, &e),
});
