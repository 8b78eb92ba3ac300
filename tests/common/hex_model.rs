//! A hex map model for the hex tests, written without `pathseek::hex`'s
//! coordinate code: hexagons are odd-r offset cells `(col, row)`, and two
//! are neighbours when their centres, drawn pointy-top, lie one hexagon
//! width (`sqrt 3`) apart. Its adjacency feeds the reference Dijkstra of
//! `common`.

use pathseek::hex::{Hex, HexGrid};
use pathseek::Cost;

use super::{Adjacency, Lcg};

/// A cost type of the hex properties: a few terrain weights and step costs
/// whose sums are exact (integers; dyadic floats).
pub trait HexCost: Cost {
    /// Terrain weights, the first being plain ground (1); zero included.
    const WEIGHTS: [Self; 5];
    /// Step costs.
    const STEPS: [Self; 3];
}

impl HexCost for u32 {
    const WEIGHTS: [u32; 5] = [1, 2, 3, 7, 0];
    const STEPS: [u32; 3] = [1, 3, 10];
}

impl HexCost for f64 {
    const WEIGHTS: [f64; 5] = [1.0, 0.5, 1.5, 2.0, 3.25];
    const STEPS: [f64; 3] = [1.0, 0.25, 2.5];
}

/// A random hex map: `open[i]` and `weight[i]` for cell `i = row * w + col`.
#[derive(Clone, Debug)]
pub struct HexModel<C> {
    pub w: usize,
    pub h: usize,
    pub step: C,
    pub open: Vec<bool>,
    pub weight: Vec<C>,
}

impl<C: HexCost> HexModel<C> {
    /// `w x h` cells, blocked with probability `blocked / 8`, with terrain
    /// when `terrain`.
    pub fn random(w: usize, h: usize, blocked: u64, terrain: bool, seed: u64) -> Self {
        let mut rng = Lcg(seed);
        let step = C::STEPS[rng.next(3) as usize];
        let mut open = Vec::new();
        let mut weight = Vec::new();
        for _ in 0..w * h {
            open.push(rng.next(8) >= blocked);
            let code = if terrain && rng.next(2) == 0 {
                rng.range(1, 4) as usize
            } else {
                0
            };
            weight.push(C::WEIGHTS[code]);
        }
        HexModel {
            w,
            h,
            step,
            open,
            weight,
        }
    }

    /// The same map as a `HexGrid`, built through its public API.
    pub fn grid(&self) -> HexGrid<C> {
        let mut grid = HexGrid::from_fn(self.w as u32, self.h as u32, self.step, |hex| {
            self.open[self.cell(hex).expect("the grid asks for its own cells")]
        })
        .expect("a valid size and step");
        for i in 0..self.w * self.h {
            if self.weight[i] != C::one() {
                grid.set_terrain(self.hex(i), self.weight[i])
                    .expect("a valid weight");
            }
        }
        grid
    }

    /// The centre of cell `i`, pointy-top hexagons of side 1.
    fn centre(&self, i: usize) -> (f64, f64) {
        let (col, row) = (i % self.w, i / self.w);
        let shift = if row % 2 == 1 { 0.5 } else { 0.0 };
        (3f64.sqrt() * (col as f64 + shift), 1.5 * row as f64)
    }

    /// Whether cells `a` and `b` touch: centres `sqrt 3` apart.
    pub fn touch(&self, a: usize, b: usize) -> bool {
        let ((ax, ay), (bx, by)) = (self.centre(a), self.centre(b));
        ((ax - bx).hypot(ay - by) - 3f64.sqrt()).abs() < 1e-9
    }

    /// Every move: from each open cell to each open cell it touches, at
    /// `step * weight(entered)`.
    pub fn adjacency(&self) -> Adjacency<C> {
        let n = self.w * self.h;
        (0..n)
            .map(|a| {
                if !self.open[a] {
                    return Vec::new();
                }
                (0..n)
                    .filter(|&b| self.open[b] && self.touch(a, b))
                    .map(|b| (b, self.step * self.weight[b]))
                    .collect()
            })
            .collect()
    }

    /// Cell `i` as a `Hex`: axial `q = col - floor(row / 2)`, `r = row`.
    pub fn hex(&self, i: usize) -> Hex {
        let (col, row) = ((i % self.w) as i32, (i / self.w) as i32);
        Hex::new(col - row.div_euclid(2), row)
    }

    /// The cell of `hex`, if on the map.
    pub fn cell(&self, hex: Hex) -> Option<usize> {
        let (q, r) = (i64::from(hex.q), i64::from(hex.r));
        let col = q + r.div_euclid(2);
        ((0..self.w as i64).contains(&col) && (0..self.h as i64).contains(&r))
            .then(|| r as usize * self.w + col as usize)
    }
}
