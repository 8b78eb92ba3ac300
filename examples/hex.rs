//! A* on a hex map (`pathseek::hex`), printed with its path.
//!
//! ```text
//! cargo run --release --example hex                      # an embedded map
//! cargo run --release --example hex -- --map FILE --from COL,ROW --to COL,ROW
//! cargo run --release --example hex -- --help
//! ```

mod common;

use common::{Flags, Help};
use pathseek::hex::Hex;
use pathseek::io::hex::HexMap;

/// Pointy-top hexagons, odd rows shifted right; digits are terrain weights.
const EMBEDDED: &str = "type hex
layout odd-r
height 10
width 24
map
........@...............
........@.....33333.....
...@@@@.@.....39993.....
......@.@.....33333.....
......@.@...............
......@.@@@.@@@@@@@.....
......@.........22@.....
..@@@@@.........22@.....
................22@.....
..................@.....
";

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn parse_hex(flag: &str, text: &str) -> Result<Hex, String> {
    let bad = || format!("--{flag} wants COL,ROW (offset coordinates), got '{text}'");
    let (col, row) = text.split_once(',').ok_or_else(bad)?;
    let (col, row) = (
        col.trim().parse().map_err(|_| bad())?,
        row.trim().parse().map_err(|_| bad())?,
    );
    Hex::from_offset(col, row).ok_or_else(bad)
}

fn run() -> Result<(), String> {
    let flags = Flags::parse(&Help {
        about: "A* on a hex map (pointy-top hexagons, six moves, terrain weights as \
                digits), printed with its path (S start, G goal, * path), its cost and \
                the search's statistics. Without --map it searches an embedded 24 x 10 \
                map from offset (0, 9) to (23, 0).",
        usage: "cargo run --release --example hex [-- --map FILE --from COL,ROW --to COL,ROW]",
        flags: &[
            (
                "--map FILE",
                "a hex map in the `type hex` format (pathseek::io::hex)",
            ),
            (
                "--from COL,ROW",
                "the start, in offset coordinates (required with --map)",
            ),
            (
                "--to COL,ROW",
                "the goal, in offset coordinates (required with --map)",
            ),
        ],
        more: "",
    })?;
    let (map, start, goal) = match flags.get("map") {
        Some(path) => {
            let map = HexMap::load(path).map_err(|e| e.to_string())?;
            let from = flags
                .get("from")
                .ok_or("--from COL,ROW is required with --map")?;
            let to = flags
                .get("to")
                .ok_or("--to COL,ROW is required with --map")?;
            (map, parse_hex("from", from)?, parse_hex("to", to)?)
        }
        None => (
            HexMap::parse(EMBEDDED).map_err(|e| e.to_string())?,
            parse_hex("from", "0,9")?,
            parse_hex("to", "23,0")?,
        ),
    };
    let grid = map.to_grid(1u32).map_err(|e| e.to_string())?;
    let result = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    let stats = result.stats;
    match result.into_result() {
        Ok(Some(path)) => {
            if grid.width() <= 100 {
                print!("{}", grid.render(&path.nodes));
            }
            println!(
                "path: {} hexagons, cost {} (hex distance {})",
                path.nodes.len(),
                path.cost,
                start.distance(goal)
            );
        }
        Ok(None) => println!("no path"),
        Err(e) => return Err(e.to_string()),
    }
    println!(
        "expanded {} pushed {} stored {}",
        stats.expanded, stats.pushed, stats.stored
    );
    Ok(())
}
