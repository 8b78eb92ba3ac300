//! The front-door demo: A* on a grid, printed with its path.
//!
//! ```text
//! cargo run --release --example grid                      # an embedded map
//! cargo run --release --example grid -- --map FILE.map --from X,Y --to X,Y
//! cargo run --release --example grid -- --help
//! ```

mod common;

use common::{Flags, Help};
use pathseek::io::movingai::MovingAiMap;
use pathseek::{Cell, Connectivity, GridCosts};

const EMBEDDED: &str = "type octile
height 12
width 32
map
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
@..............@...............@
@..............@...............@
@....@@@@@@....@.....@@@@@.....@
@.........@....@.........@.....@
@.........@..............@.....@
@.........@..............@.....@
@@@@@@....@....@@@@@@@...@.....@
@.........@....@.........@@@@..@
@.........@....@...............@
@..............@...............@
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
";

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn parse_cell(flag: &str, text: &str) -> Result<Cell, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("--{flag} wants X,Y, got '{text}'"))?;
    let num = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("--{flag}: '{s}' is not a cell coordinate"))
    };
    Ok(Cell::new(num(x)?, num(y)?))
}

fn run() -> Result<(), String> {
    let flags = Flags::parse(&Help {
        about: "A* on an 8-connected grid with octile costs (pathseek::astar), printed \
                with its path (maps up to 200 cells wide) and the search's statistics. \
                Without --map it searches an embedded 32 x 12 map from (2, 9) to (29, 2).",
        usage: "cargo run --release --example grid [-- --map FILE.map --from X,Y --to X,Y]",
        flags: &[
            (
                "--map FILE",
                "a MovingAI map (.map) instead of the embedded one",
            ),
            ("--from X,Y", "the start cell (required with --map)"),
            ("--to X,Y", "the goal cell (required with --map)"),
        ],
        more: "",
    })?;
    let (map, start, goal) = match flags.get("map") {
        Some(path) => {
            let map = MovingAiMap::load(path).map_err(|e| e.to_string())?;
            let from = flags
                .get("from")
                .ok_or("--from X,Y is required with --map")?;
            let to = flags.get("to").ok_or("--to X,Y is required with --map")?;
            (map, parse_cell("from", from)?, parse_cell("to", to)?)
        }
        None => (
            MovingAiMap::parse(EMBEDDED).map_err(|e| e.to_string())?,
            Cell::new(2, 9),
            Cell::new(29, 2),
        ),
    };
    let grid = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let result = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    let stats = result.stats;
    match result.into_result() {
        Ok(Some(path)) => {
            if grid.width() <= 200 {
                print!("{}", grid.render(&path.nodes));
            }
            println!(
                "path from ({}, {}) to ({}, {}): {} cells, cost {:.4}",
                start.x,
                start.y,
                goal.x,
                goal.y,
                path.nodes.len(),
                path.cost
            );
        }
        Ok(None) => println!(
            "no path from ({}, {}) to ({}, {})",
            start.x, start.y, goal.x, goal.y
        ),
        Err(e) => return Err(e.to_string()),
    }
    println!(
        "expanded {} pushed {} reopened {} largest open {} stored {}",
        stats.expanded, stats.pushed, stats.reopened, stats.max_open, stats.stored
    );
    Ok(())
}
