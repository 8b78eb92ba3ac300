//! The goal bounds' file: a fixed header naming the map, then the boxes of
//! the passable cells, then a checksum. Little-endian throughout.
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `PSGBOUND` |
//! | 4 | format version (1) |
//! | 4, 4 | width, height |
//! | 1, 1, 2 | size of the cost type in bytes, 1 if it is a float type, 0 |
//! | 8, 8 | straight and diagonal move costs, as `f64` bits |
//! | 8 | the grid's version at the build (a stamp of that process: informative) |
//! | 8 | fingerprint of the passability (and size) |
//! | 8 | number of passable cells |
//! | 64 per passable cell | its eight boxes (row-major cells), each `min_x, min_y, max_x, max_y` as `u16` |
//! | 8 | checksum of everything before it |
//!
//! Loading checks every field against the grid given before it allocates
//! anything (so a hostile header cannot ask for more memory than the grid
//! itself implies), then every box against the grid's moves.

use std::io::{Read, Write};

use super::table::{holds, Box4, EMPTY};
use super::{BoundedJumps, GoalBounds, GoalBoundsError};
use crate::cost::{is_float, Cost};
use crate::grid::{Cell, Grid, STEPS};
use crate::jump_points::PrecomputedJumps;

const MAGIC: &[u8; 8] = b"PSGBOUND";
const FORMAT: u32 = 1;
const HEADER: usize = 64;
const CELL_BYTES: usize = 64;

/// A running 64-bit hash of words (for the checksum and the fingerprint):
/// not cryptographic, it detects damage and another map.
#[derive(Clone, Copy)]
struct Hash(u64);

impl Hash {
    fn new(seed: u64) -> Self {
        Hash(seed ^ 0x243F_6A88_85A3_08D3)
    }

    #[inline(always)]
    fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(23) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn bytes(&mut self, b: &[u8]) {
        let mut chunks = b.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().unwrap_or([0; 8])));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(last) ^ (rest.len() as u64) << 56);
        }
    }

    fn finish(self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The fingerprint of `grid`'s size and passability (64 cells a word).
pub(super) fn fingerprint<C: Cost>(grid: &Grid<C>) -> u64 {
    let mut h = Hash::new(u64::from(grid.width()) << 32 | u64::from(grid.height()));
    let (mut word, mut n) = (0u64, 0);
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            word |= u64::from(grid.is_passable(Cell::new(x, y))) << n;
            n += 1;
            if n == 64 {
                h.word(word);
                (word, n) = (0, 0);
            }
        }
    }
    h.word(word);
    h.finish()
}

/// The header of a table for `grid` of cost type `C`.
fn header<C: Cost>(
    grid_costs: (C, C),
    size: (u32, u32),
    version: u64,
    fp: u64,
    passable: u64,
) -> [u8; HEADER] {
    let mut out = [0u8; HEADER];
    out[0..8].copy_from_slice(MAGIC);
    out[8..12].copy_from_slice(&FORMAT.to_le_bytes());
    out[12..16].copy_from_slice(&size.0.to_le_bytes());
    out[16..20].copy_from_slice(&size.1.to_le_bytes());
    out[20] = core::mem::size_of::<C>().min(255) as u8;
    out[21] = u8::from(is_float::<C>());
    out[24..32].copy_from_slice(&grid_costs.0.as_f64().to_bits().to_le_bytes());
    out[32..40].copy_from_slice(&grid_costs.1.as_f64().to_bits().to_le_bytes());
    out[40..48].copy_from_slice(&version.to_le_bytes());
    out[48..56].copy_from_slice(&fp.to_le_bytes());
    out[56..64].copy_from_slice(&passable.to_le_bytes());
    out
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

impl<C: Cost> BoundedJumps<C> {
    /// Writes the goal bounds in the crate's binary format (see
    /// [`read_from`](Self::read_from)): a 64-byte header naming the map,
    /// 64 bytes per passable cell, an 8-byte checksum.
    ///
    /// # Errors
    /// [`GoalBoundsError::Io`] when `out` fails.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// let grid = Grid::new(6, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let bounded = BoundedJumps::new(&grid).unwrap();
    /// let mut file = Vec::new();
    /// bounded.write_to(&mut file)?;
    /// assert_eq!(file.len(), 64 + 30 * 64 + 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_to<W: Write>(&self, mut out: W) -> Result<(), GoalBoundsError> {
        let bytes = self.to_bytes();
        out.write_all(&bytes)?;
        out.flush()?;
        Ok(())
    }

    /// The bytes [`write_to`](Self::write_to) writes.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// let grid = Grid::new(6, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let bytes = BoundedJumps::new(&grid).unwrap().to_bytes();
    /// assert!(bytes.starts_with(b"PSGBOUND"));
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let (w, h) = self.size();
        let jumps = &self.jumps;
        let passable: Vec<usize> = (0..self.bounds.boxes.len())
            .filter(|&i| jumps.contains_cell(Cell::new(i as u32 % w, i as u32 / w)))
            .collect();
        let mut out = Vec::with_capacity(HEADER + passable.len() * CELL_BYTES + 8);
        let costs = jumps.costs();
        out.extend_from_slice(&header::<C>(
            costs,
            (w, h),
            jumps.built_version(),
            self.fingerprint,
            passable.len() as u64,
        ));
        for &i in &passable {
            for b in &self.bounds.boxes[i] {
                for v in b {
                    out.extend_from_slice(&v.to_le_bytes());
                }
            }
        }
        let mut hash = Hash::new(0);
        hash.bytes(&out);
        out.extend_from_slice(&hash.finish().to_le_bytes());
        out
    }

    /// Reads goal bounds written by [`write_to`](Self::write_to) for `grid`,
    /// and builds its precomputed jumps (O(cells)). Reads exactly the table,
    /// nothing after it.
    ///
    /// # Errors
    /// [`GoalBoundsError::Jumps`] for a grid precomputed jumps refuse; for
    /// the input: [`Truncated`](GoalBoundsError::Truncated),
    /// [`BadMagic`](GoalBoundsError::BadMagic),
    /// [`UnsupportedFormat`](GoalBoundsError::UnsupportedFormat),
    /// [`NotThisMap`](GoalBoundsError::NotThisMap) (a table of another size,
    /// costs, cost type or passability than `grid`),
    /// [`BadBox`](GoalBoundsError::BadBox) (a box no build makes),
    /// [`Checksum`](GoalBoundsError::Checksum),
    /// [`Io`](GoalBoundsError::Io). Nothing is allocated before the header
    /// has been checked against `grid`, and then only what `grid` implies.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::{BoundedJumps, GoalBoundsError};
    /// let mut grid = Grid::new(6, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let bounded = BoundedJumps::new(&grid).unwrap();
    /// let mut file = Vec::new();
    /// bounded.write_to(&mut file)?;
    /// let loaded = BoundedJumps::read_from(file.as_slice(), &grid)?;
    /// assert!(loaded == bounded);
    /// grid.set_passable(Cell::new(2, 2), false)?;
    /// assert!(matches!(
    ///     BoundedJumps::read_from(file.as_slice(), &grid),
    ///     Err(GoalBoundsError::NotThisMap { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_from<R: Read>(mut input: R, grid: &Grid<C>) -> Result<Self, GoalBoundsError> {
        let mut head = [0u8; HEADER];
        input.read_exact(&mut head)?;
        if &head[0..8] != MAGIC {
            return Err(GoalBoundsError::BadMagic);
        }
        let format = u32_at(&head, 8);
        if format != FORMAT {
            return Err(GoalBoundsError::UnsupportedFormat(format));
        }
        let (w, h) = (u32_at(&head, 12), u32_at(&head, 16));
        if (w, h) != (grid.width(), grid.height()) {
            return Err(GoalBoundsError::NotThisMap {
                reason: "another size",
            });
        }
        let jumps = PrecomputedJumps::new(grid)?;
        if w.max(h) >= u32::from(u16::MAX) {
            return Err(GoalBoundsError::GridTooLarge);
        }
        let fp = fingerprint(grid);
        let costs = grid.costs();
        let want = header::<C>(
            (costs.straight, costs.diagonal),
            (w, h),
            0,
            fp,
            grid.passable_count() as u64,
        );
        if head[20..22] != want[20..22] {
            return Err(GoalBoundsError::NotThisMap {
                reason: "another cost type",
            });
        }
        if head[24..40] != want[24..40] {
            return Err(GoalBoundsError::NotThisMap {
                reason: "other move costs",
            });
        }
        if head[56..64] != want[56..64] || head[48..56] != want[48..56] {
            return Err(GoalBoundsError::NotThisMap {
                reason: "another passability",
            });
        }
        if head[22..24] != [0, 0] {
            return Err(GoalBoundsError::BadMagic);
        }
        let mut hash = Hash::new(0);
        hash.bytes(&head);
        let (wu, hu) = (w as usize, h as usize);
        let mut boxes = vec![[EMPTY; 8]; wu * hu];
        let (masks, stride) = grid.move_masks();
        let mut buf = vec![0u8; CELL_BYTES * 1024];
        let mut pending = grid.passable_count();
        let mut cells =
            (0..wu * hu).filter(|&i| grid.is_passable(Cell::new((i % wu) as u32, (i / wu) as u32)));
        while pending > 0 {
            let n = pending.min(1024);
            let chunk = &mut buf[..n * CELL_BYTES];
            input.read_exact(chunk)?;
            hash.bytes(chunk);
            for bytes in chunk.chunks_exact(CELL_BYTES) {
                let Some(i) = cells.next() else {
                    return Err(GoalBoundsError::NotThisMap {
                        reason: "another passability",
                    });
                };
                let (x, y) = (i % wu, i / wu);
                let mask = masks[(y + 1) * stride + x + 1];
                let cell = Cell::new(x as u32, y as u32);
                for (d, out) in boxes[i].iter_mut().enumerate() {
                    let at = d * 8;
                    let b: Box4 = core::array::from_fn(|k| {
                        u16::from_le_bytes([bytes[at + 2 * k], bytes[at + 2 * k + 1]])
                    });
                    if !valid_box(&b, mask, d, (x, y), (wu, hu)) {
                        return Err(GoalBoundsError::BadBox { cell, direction: d });
                    }
                    *out = b;
                }
            }
            pending -= n;
        }
        let mut sum = [0u8; 8];
        input.read_exact(&mut sum)?;
        if u64::from_le_bytes(sum) != hash.finish() {
            return Err(GoalBoundsError::Checksum);
        }
        Ok(BoundedJumps {
            jumps,
            bounds: GoalBounds {
                width: w,
                height: h,
                boxes,
            },
            fingerprint: fp,
        })
    }

    /// [`read_from`](Self::read_from) a byte slice, which must hold the
    /// table and nothing else.
    ///
    /// # Errors
    /// Those of [`read_from`](Self::read_from), and
    /// [`TrailingData`](GoalBoundsError::TrailingData) for bytes after the
    /// table.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::{BoundedJumps, GoalBoundsError};
    /// let grid = Grid::new(6, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let mut bytes = BoundedJumps::new(&grid).unwrap().to_bytes();
    /// assert!(BoundedJumps::from_bytes(&bytes, &grid).is_ok());
    /// bytes.push(0);
    /// assert_eq!(BoundedJumps::from_bytes(&bytes, &grid).unwrap_err(), GoalBoundsError::TrailingData);
    /// let short = &bytes[..bytes.len() - 10];
    /// assert_eq!(BoundedJumps::from_bytes(short, &grid).unwrap_err(), GoalBoundsError::Truncated);
    /// ```
    pub fn from_bytes(bytes: &[u8], grid: &Grid<C>) -> Result<Self, GoalBoundsError> {
        let mut rest = bytes;
        let table = Self::read_from(&mut rest, grid)?;
        if rest.is_empty() {
            Ok(table)
        } else {
            Err(GoalBoundsError::TrailingData)
        }
    }
}

/// Whether `b` can be the box of move `d` of the cell `(x, y)` whose move
/// mask is `mask`, on a grid of `size`: empty for a move the cell does not
/// have; otherwise inside the grid and holding the move's own cell (a
/// single move is always an optimal path to its cell).
fn valid_box(b: &Box4, mask: u8, d: usize, (x, y): (usize, usize), (w, h): (usize, usize)) -> bool {
    if mask & (1 << d) == 0 {
        return *b == EMPTY;
    }
    let (dx, dy) = STEPS[d];
    let (nx, ny) = (
        x.wrapping_add_signed(dx as isize),
        y.wrapping_add_signed(dy as isize),
    );
    b[0] <= b[2]
        && b[1] <= b[3]
        && usize::from(b[2]) < w
        && usize::from(b[3]) < h
        && holds(b, nx as u16, ny as u16)
}
