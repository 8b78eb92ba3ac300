//! Seeded terrain weights for `compare --terrain SEED`, and the engines that
//! run with them.
//!
//! [`Terrain::new`] gives every cell of a map an integer weight 1, 2 or 3,
//! the same for all 64 cells of each 8 x 8 block (blocks aligned on cell
//! `(0, 0)`). The weight of block `(bx, by)` is drawn from splitmix64
//! (Steele, Lea and Flood 2014, the finaliser of Java's `SplittableRandom`):
//!
//! ```text
//! z = seed + (by * blocks_across + bx + 1) * 0x9E3779B97F4A7C15   (wrapping)
//! z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
//! z = (z ^ (z >> 27)) * 0x94D049BB133111EB
//! z =  z ^ (z >> 31)
//! weight = 1 + (z >> 32) % 3
//! ```
//!
//! so a block's weight depends only on the seed, the block and the map's
//! width, never on the order cells are visited: the same seed gives the same
//! weights in every engine and every run.
//!
//! Every engine prices a move the way [`Grid`] does (`src/grid/graph.rs`):
//! entering a cell costs the move's cost (straight or diagonal) times the
//! weight of the cell entered; the cell left does not matter. The pathseek
//! grids get the weights through [`Grid::set_terrain`]
//! ([`Cost::from_count`] of the weight, so `Length` weights are whole cells);
//! the `pathfinding` closure multiplies its exact integer move cost by the
//! weight; `Grid::successors` and the petgraph edges (built from the weighted
//! exact integer grid) carry it already. Weights are at least one, so the
//! plain octile distance the peers use stays an admissible, consistent
//! estimate.

use pathseek::io::movingai::{MovingAiMap, Scenario};
use pathseek::{Cost, Grid};

use crate::peers::{
    exact_costs, octile, Answer, Contender, ExactInt, Family, Solved, World, MOVES,
};
use pathseek::grid::{GridCosts, EXACT_OCTILE_SCALE};

/// The side of a block of cells sharing one weight.
pub const BLOCK: u32 = 8;

/// The heaviest weight drawn (the lightest is one).
pub const MAX_WEIGHT: u32 = 3;

/// One integer weight per cell of a map, row-major.
#[derive(Clone, Debug)]
pub struct Terrain {
    width: u32,
    height: u32,
    seed: u64,
    weights: Vec<u32>,
}

/// The splitmix64 finaliser (see the module documentation).
fn splitmix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Terrain {
    /// The weights of a `width` x `height` map for `seed` (see the module
    /// documentation for the rule).
    pub fn new(width: u32, height: u32, seed: u64) -> Self {
        let across = u64::from(width.div_ceil(BLOCK));
        let mut weights = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height {
            for x in 0..width {
                let block = u64::from(y / BLOCK) * across + u64::from(x / BLOCK) + 1;
                let z = splitmix64(seed.wrapping_add(block.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
                weights.push(1 + ((z >> 32) % u64::from(MAX_WEIGHT)) as u32);
            }
        }
        Terrain {
            width,
            height,
            seed,
            weights,
        }
    }

    /// The seed the weights were drawn with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The weight of cell `(x, y)` (inside the map).
    #[inline]
    pub fn weight(&self, x: u32, y: u32) -> u32 {
        self.weights[(y * self.width + x) as usize]
    }

    /// The weights, row-major.
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// The largest weight present.
    pub fn max_weight(&self) -> u32 {
        self.weights.iter().copied().max().unwrap_or(1)
    }

    /// How many cells have weight 1, 2 and 3.
    pub fn counts(&self) -> [usize; 3] {
        let mut n = [0; 3];
        for &w in &self.weights {
            n[(w - 1) as usize] += 1;
        }
        n
    }

    /// Sets every cell's weight on `grid` with [`Grid::set_terrain`] (weight
    /// `K::from_count(w)`). Errors: a grid of another size, or a weight the
    /// grid refuses (its message).
    pub fn apply<K: Cost>(&self, grid: &mut Grid<K>) -> Result<(), String> {
        if (grid.width(), grid.height()) != (self.width, self.height) {
            return Err(format!(
                "terrain of {} x {} for a grid of {} x {}",
                self.width,
                self.height,
                grid.width(),
                grid.height()
            ));
        }
        for y in 0..self.height {
            for x in 0..self.width {
                let w = K::from_count(u64::from(self.weight(x, y)));
                grid.set_terrain(pathseek::Cell::new(x, y), w)
                    .map_err(|e| e.to_string())?;
            }
        }
        Ok(())
    }
}

/// Whether every `f = g + h` of a search on `map` with weights up to
/// `max_weight` fits a `u32` with exact octile costs: the bound of
/// [`crate::peers::fits_u32`] with the path costs `max_weight` times as
/// large (an optimal weighted path costs at most `max_weight` times the
/// file's optimal length, the plain optimal path priced with weights).
pub fn fits_u32_weighted(map: &MovingAiMap, scenarios: &[Scenario], max_weight: u32) -> bool {
    let longest = scenarios.iter().map(|s| s.optimal).fold(0.0, f64::max);
    let side = f64::from(map.width().max(map.height()));
    let w = f64::from(max_weight);
    let bound = (w * (longest + 3.0) + 1.5 * side) * f64::from(EXACT_OCTILE_SCALE);
    bound < f64::from(u32::MAX)
}

impl<C: ExactInt> World<C> {
    /// The weights of the terrain (all one without terrain), row-major.
    fn weight_table(&self) -> Vec<u32> {
        match &self.terrain {
            Some(t) => t.weights().to_vec(),
            None => vec![1; self.passable.len()],
        }
    }

    /// [`World::pathfinding_closure`] with terrain: the same iterator over the
    /// eight moves (bounds, passability, no corner cutting), each move's exact
    /// integer cost times the weight of the cell it enters.
    pub fn pathfinding_closure_terrain(&self) -> Contender<'_> {
        let GridCosts { straight, diagonal } = exact_costs::<C>();
        let (w, h) = (self.width as i32, self.height as i32);
        let pass = &self.passable[..];
        let weights = self.weight_table();
        let open =
            move |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h && pass[(y * w + x) as usize];
        Contender::new(
            "pathfinding (closure over tiles and weights)",
            C::NAME,
            Family::Pathfinding,
            move |sc| {
                let goal = (sc.goal.x, sc.goal.y);
                let weights = &weights[..];
                let successors = |&(x, y): &(u32, u32)| {
                    let (x, y) = (x as i32, y as i32);
                    MOVES.iter().filter_map(move |&(dx, dy, diag)| {
                        let (nx, ny) = (x + dx, y + dy);
                        let ok = open(nx, ny) && (!diag || (open(nx, y) && open(x, ny)));
                        ok.then(|| {
                            let cost = if diag { diagonal } else { straight };
                            let weight = weights[(ny * w + nx) as usize];
                            (
                                (nx as u32, ny as u32),
                                cost * <C as From<u32>>::from(weight),
                            )
                        })
                    })
                };
                let r = pathfinding::directed::astar::astar(
                    &(sc.start.x, sc.start.y),
                    successors,
                    |&p| octile(p, goal, straight, diagonal),
                    |&p| p == goal,
                );
                Solved {
                    answer: r.map_or(Answer::NoPath, |(_, c)| Answer::Int(c.into())),
                    expanded: None,
                }
            },
        )
    }

    /// The exact integer cost of `scenario` by `pathfinding`'s Dijkstra (no
    /// heuristic) over the successors of
    /// [`World::pathfinding_closure_terrain`]: an anchor for pathseek's
    /// default, independent of its grid, heuristic and open set.
    pub fn dijkstra_terrain(&self, scenario: &Scenario) -> Answer {
        let GridCosts { straight, diagonal } = exact_costs::<C>();
        let (w, h) = (self.width as i32, self.height as i32);
        let pass = &self.passable[..];
        let weights = self.weight_table();
        let open =
            |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h && pass[(y * w + x) as usize];
        let goal = (scenario.goal.x, scenario.goal.y);
        let r = pathfinding::directed::dijkstra::dijkstra(
            &(scenario.start.x, scenario.start.y),
            |&(x, y): &(u32, u32)| {
                let (x, y) = (x as i32, y as i32);
                let mut v = Vec::with_capacity(8);
                for &(dx, dy, diag) in &MOVES {
                    let (nx, ny) = (x + dx, y + dy);
                    if open(nx, ny) && (!diag || (open(nx, y) && open(x, ny))) {
                        let cost = if diag { diagonal } else { straight };
                        let weight = weights[(ny * w + nx) as usize];
                        v.push((
                            (nx as u32, ny as u32),
                            cost * <C as From<u32>>::from(weight),
                        ));
                    }
                }
                v
            },
            |&p| p == goal,
        );
        r.map_or(Answer::NoPath, |(_, c)| Answer::Int(c.into()))
    }

    /// Every engine of the terrain comparison, pathseek's default first: the
    /// engines of [`World::all`] that can run with terrain (all but the jump
    /// point rows, whose graphs refuse weighted grids), the `pathfinding`
    /// closure replaced by [`World::pathfinding_closure_terrain`].
    pub fn all_terrain(&self) -> Vec<Contender<'_>> {
        let mut v = vec![
            self.pathseek_default(),
            self.pathseek_default_reused(),
            self.pathseek_float_one_shot(),
            self.pathseek_hash_one_shot(),
            self.pathfinding_closure_terrain(),
            self.pathfinding_grid(),
            self.petgraph(),
        ];
        v.extend(self.pathseek_candidates());
        v.extend(self.pathseek_pell());
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathseek::{Cell, Connectivity, Graph, GridCosts, Length};

    #[test]
    fn same_seed_same_weights_in_blocks() {
        let a = Terrain::new(20, 17, 7);
        let b = Terrain::new(20, 17, 7);
        assert_eq!(a.weights(), b.weights());
        assert_ne!(a.weights(), Terrain::new(20, 17, 8).weights());
        for y in 0..17 {
            for x in 0..20 {
                let w = a.weight(x, y);
                assert!((1..=MAX_WEIGHT).contains(&w));
                assert_eq!(w, a.weight(x - x % BLOCK, y - y % BLOCK));
            }
        }
        let big = Terrain::new(256, 256, 1);
        assert!(big.counts().iter().all(|&n| n > 0));
    }

    /// The rule the peers follow is the grid's: the move cost times the
    /// weight of the cell entered, in every cost type.
    #[test]
    fn grid_prices_the_cell_entered() {
        let t = Terrain::new(16, 9, 3);
        let mut int = Grid::new(16, 9, Connectivity::Eight, exact_costs::<u32>()).unwrap();
        let mut len = Grid::new(16, 9, Connectivity::Eight, GridCosts::octile()).unwrap();
        t.apply(&mut int).unwrap();
        t.apply(&mut len).unwrap();
        let from = Cell::new(7, 7);
        let mut seen = 0;
        int.successors(from, |c, k| {
            let diag = c.x != from.x && c.y != from.y;
            let base = if diag { 665_857 } else { 470_832 };
            assert_eq!(k, base * t.weight(c.x, c.y));
            seen += 1;
        });
        assert_eq!(seen, 8);
        len.successors(from, |c, k| {
            let diag = c.x != from.x && c.y != from.y;
            let base = if diag {
                Length::DIAGONAL
            } else {
                Length::STRAIGHT
            };
            assert_eq!(k.units(), base.units() * t.weight(c.x, c.y));
        });
        let wrong = Terrain::new(4, 4, 3);
        assert!(wrong.apply(&mut int).is_err());
    }
}
