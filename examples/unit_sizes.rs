//! Units of several sizes on one MovingAI map: the clearance map
//! (`pathseek::grid::Clearance`), the scenarios each size can do, and the
//! update after edits against a full rebuild.
//!
//! ```text
//! cargo run --release --example unit_sizes                   # den520d, embedded
//! cargo run --release --example unit_sizes -- --map FILE.map --scen FILE.map.scen
//! cargo run --release --example unit_sizes -- --help
//! ```
//!
//! For each size 1 to `--max-size`, a unit `k` cells wide stands with its
//! top-left cell on a scenario's start and must bring it to the goal: the
//! rows give how many scenarios it can do, its mean path cost over those,
//! how many it cannot start or end (the square does not fit there), and
//! the time of A* over the whole file on its graph (the fastest of
//! `--rounds` runs; the plain grid's A* is timed the same way above the
//! table). Size 1 is checked against the scenario file's optimal lengths.
//!
//! Then `--edits` random cells are toggled (blocked or opened) one at a
//! time, and the clearance map is brought up to date after each: by
//! `update` (the edit's window), and by building it again. Both runs are
//! timed whole, `--rounds` times, the fastest kept. The last line is
//! `build_us B update_us U rebuild_us R speedup S`: B = mean time of a
//! build (100 in a row), U and R = mean time per edit (the grid's edit
//! included) of the update and of the rebuild, S = R / U.
//! Exit code 1 if a check fails, 2 on bad flags or files.

mod common;

use std::time::{Duration, Instant};

use common::{Flags, Help, Lcg};
use pathseek::grid::Clearance;
use pathseek::FollowMap;
use pathseek::{Cell, Connectivity, Grid, GridCosts, Length};

const MAP: &str = include_str!("../tests/data/den520d.map");
const SCEN: &str = include_str!("../tests/data/den520d.map.scen");

fn main() {
    common::exit(run())
}

fn run() -> Result<bool, String> {
    let flags = Flags::parse(&Help {
        about: "Units of several sizes (pathseek::grid::Clearance) on one MovingAI map: \
                per size, the scenarios it can do and its mean path cost; then the \
                clearance update after random edits against a full rebuild. Without \
                --map: den520d (256 x 257) and its scenarios, embedded.",
        usage: "cargo run --release --example unit_sizes [-- --map FILE.map --scen FILE.map.scen] [--max-size N]",
        flags: &[
            ("--map FILE", "a MovingAI map (.map) instead of the embedded den520d"),
            ("--scen FILE", "its scenarios (.map.scen); needed with --map"),
            ("--max-size N", "the largest unit size, 1 to 255 (default 3)"),
            ("--edits N", "random one-cell edits per timed run (default 500)"),
            ("--rounds N", "timed runs of the build and of the edits, the fastest kept (default 5)"),
        ],
        more: "The last line is `build_us B update_us U rebuild_us R speedup S` (see the \
               example's source). Exit code 1 if a check fails, 2 on bad flags or files.",
    })?;
    let (map, scen) = common::map_and_scenarios(&flags, MAP, SCEN)?;
    let max_size = u8::try_from(flags.number("max-size", "3")?)
        .map_err(|_| "--max-size is at most 255".to_string())?;
    let edits = flags.number("edits", "500")?.max(1) as usize;
    let rounds = flags.number("rounds", "5")?.max(1);
    let mut grid: Grid<Length> = map.to_grid(Connectivity::Eight, GridCosts::octile());
    let mut failures = 0usize;
    let mut fail = |what: String| {
        if failures < 20 {
            eprintln!("FAIL {what}");
        }
        failures += 1;
    };

    // The build, timed whole over `builds` builds (the fastest run kept).
    const BUILDS: u32 = 100;
    let mut build = Duration::MAX;
    let mut clearance = Clearance::new(&grid, max_size).map_err(|e| e.to_string())?;
    for _ in 0..rounds {
        let t = Instant::now();
        for _ in 0..BUILDS {
            clearance = Clearance::new(&grid, max_size).map_err(|e| e.to_string())?;
        }
        build = build.min(t.elapsed() / BUILDS);
    }
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "map {} x {}, {} scenarios; clearance map for sizes 1 to {max_size} built in {:.1} us \
         (mean of {BUILDS} builds, fastest of {rounds} runs)",
        grid.width(),
        grid.height(),
        scen.len(),
        us(build)
    );
    // The plain grid's A* over every scenario, timed whole like the units'.
    let mut plain = Duration::MAX;
    for _ in 0..rounds {
        let t = Instant::now();
        for s in &scen {
            let r = pathseek::astar(&grid, s.start, s.goal, grid.heuristic(s.goal));
            std::hint::black_box(r.found().map(|p| p.cost));
        }
        plain = plain.min(t.elapsed());
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("plain grid A* over every scenario: {:.1} ms", ms(plain));
    println!();
    println!(
        "| size | cells it fits on | scenarios done | cannot start or end | no path | mean cost | ms (all scenarios) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for size in 1..=max_size {
        let unit = clearance.unit(&grid, size).map_err(|e| e.to_string())?;
        let fits = (0..grid.height())
            .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
            .filter(|&c| clearance.get(&grid, c).is_ok_and(|v| v >= size))
            .count();
        let (mut done, mut blocked, mut none, mut sum) = (0usize, 0usize, 0usize, 0.0f64);
        for s in &scen {
            let result = pathseek::astar(&unit, s.start, s.goal, unit.heuristic(s.goal));
            match result.found() {
                Some(path) => {
                    done += 1;
                    sum += path.cost.to_f64();
                    if path
                        .nodes
                        .iter()
                        .any(|&c| clearance.get(&grid, c).map_or(true, |v| v < size))
                    {
                        fail(format!("size {size} {s:?}: a path cell is too narrow"));
                    }
                    if size == 1
                        && (path.cost.to_f64() - s.optimal).abs() > 1e-3 * s.optimal.max(1.0)
                    {
                        fail(format!("size 1 {s:?}: cost {}", path.cost));
                    }
                }
                None if result.error().is_some() => blocked += 1,
                None => none += 1,
            }
        }
        let mut time = Duration::MAX;
        for _ in 0..rounds {
            let t = Instant::now();
            for s in &scen {
                let r = pathseek::astar(&unit, s.start, s.goal, unit.heuristic(s.goal));
                std::hint::black_box(r.found().map(|p| p.cost));
            }
            time = time.min(t.elapsed());
        }
        println!(
            "| {size} | {fits} | {done} | {blocked} | {none} | {:.2} | {:.1} |",
            sum / done.max(1) as f64,
            ms(time)
        );
    }

    // Random cells, toggled one at a time; the same list for both runs,
    // each run undone afterwards (untimed).
    let mut rng = Lcg(26);
    let cells: Vec<Cell> = (0..edits)
        .map(|_| {
            Cell::new(
                rng.next(u64::from(grid.width())) as u32,
                rng.next(u64::from(grid.height())) as u32,
            )
        })
        .collect();
    let toggle = |grid: &mut Grid<Length>, c: Cell| {
        let open = !grid.is_passable(c);
        grid.set_passable(c, open).map_err(|e| e.to_string())
    };
    let (mut update, mut rebuild) = (Duration::MAX, Duration::MAX);
    let mut touched = 0usize;
    for _ in 0..rounds {
        let t = Instant::now();
        for &c in &cells {
            toggle(&mut grid, c)?;
            touched += clearance.sync(&grid).map_or(0, |u| u.cells);
        }
        update = update.min(t.elapsed());
        if clearance != Clearance::new(&grid, max_size).map_err(|e| e.to_string())? {
            fail("the updated map differs from a fresh build".into());
        }
        for &c in cells.iter().rev() {
            toggle(&mut grid, c)?;
        }
        let _ = clearance.sync(&grid);
        let t = Instant::now();
        for &c in &cells {
            toggle(&mut grid, c)?;
            clearance = Clearance::new(&grid, max_size).map_err(|e| e.to_string())?;
        }
        rebuild = rebuild.min(t.elapsed());
        for &c in cells.iter().rev() {
            toggle(&mut grid, c)?;
        }
        let _ = clearance.sync(&grid);
    }
    let per = |d: Duration| us(d) / edits as f64;
    println!();
    println!(
        "{edits} one-cell edits, the map brought up to date after each (fastest of {rounds} runs):"
    );
    println!(
        "  update:  {:.2} us per edit ({:.1} cells recomputed per edit)",
        per(update),
        touched as f64 / (edits as f64 * rounds as f64)
    );
    println!("  rebuild: {:.2} us per edit", per(rebuild));
    println!(
        "build_us {:.1} update_us {:.2} rebuild_us {:.2} speedup {:.1}",
        us(build),
        per(update),
        per(rebuild),
        per(rebuild) / per(update)
    );
    if failures > 0 {
        eprintln!("{failures} checks failed");
    }
    Ok(failures == 0)
}
