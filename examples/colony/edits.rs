//! Doors, buildings and storms: the edits the world makes every frame, and
//! where the units stand.

use super::*;

/// A cell's role in the world's furniture.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reserved {
    None,
    Door,
    Building,
    Rubble,
}

pub(crate) struct Building {
    pub(crate) cells: [Cell; 9],
    pub(crate) len: usize,
}

pub(crate) struct Props {
    pub(crate) doors: Vec<Cell>,
    pub(crate) buildings: Vec<Building>,
    pub(crate) target_buildings: usize,
    pub(crate) reserved: Vec<Reserved>,
    pub(crate) rubble: Vec<Cell>,
    pub(crate) storm_every: u64,
}

impl Props {
    /// Doors: cells of the map that are a one-cell gap in a wall (blocked on
    /// both sides one way, free both ways the other), up to one per 150 open
    /// cells.
    pub(crate) fn new(map: &Map, rng: &mut Lcg, storm_every: u64) -> Props {
        let mut doors = Vec::new();
        for y in 0..map.height {
            for x in 0..map.width {
                let (xi, yi) = (i64::from(x), i64::from(y));
                if !map.free(xi, yi) {
                    continue;
                }
                let ew = map.free(xi - 1, yi) && map.free(xi + 1, yi);
                let ns = map.free(xi, yi - 1) && map.free(xi, yi + 1);
                let ew_wall = !map.free(xi - 1, yi) && !map.free(xi + 1, yi);
                let ns_wall = !map.free(xi, yi - 1) && !map.free(xi, yi + 1);
                if (ew && ns_wall) || (ns && ew_wall) {
                    doors.push(Cell::new(x, y));
                }
            }
        }
        // Shuffled (seeded), then the first ones kept.
        for i in (1..doors.len()).rev() {
            let j = rng.next(i as u64 + 1) as usize;
            doors.swap(i, j);
        }
        let open = map.shadow.iter().filter(|&&f| f).count();
        doors.truncate((open / 150).max(8));
        let mut reserved = vec![Reserved::None; map.shadow.len()];
        for &d in &doors {
            reserved[map.index(d)] = Reserved::Door;
        }
        Props {
            doors,
            buildings: Vec::new(),
            target_buildings: (open / 300).clamp(4, 400),
            reserved,
            rubble: Vec::new(),
            storm_every,
        }
    }

    /// This frame's edits: two doors toggled, a building taken down and one
    /// put up (half of them near a unit), a storm now and then. Never on a
    /// cell a unit stands on.
    pub(crate) fn edit(
        &mut self,
        map: &mut Map,
        occ: &Occupancy,
        near: &[Cell],
        rng: &mut Lcg,
        report: &mut Report,
        frame: u64,
    ) {
        // Last storm's rubble is cleared.
        for c in std::mem::take(&mut self.rubble) {
            let i = map.index(c);
            self.reserved[i] = Reserved::None;
            map.set(c, true, report, frame);
        }
        for _ in 0..2 {
            if self.doors.is_empty() {
                break;
            }
            let d = self.doors[rng.next(self.doors.len() as u64) as usize];
            let i = map.index(d);
            let open = map.shadow[i];
            if open && occ.count[i] > 0 {
                continue;
            }
            map.set(d, !open, report, frame);
        }
        if self.buildings.len() >= self.target_buildings && !self.buildings.is_empty() {
            let k = rng.next(self.buildings.len() as u64) as usize;
            let b = self.buildings.swap_remove(k);
            for &c in &b.cells[..b.len] {
                self.reserved[map.index(c)] = Reserved::None;
                map.set(c, true, report, frame);
            }
        }
        for _ in 0..20 {
            let w = 1 + rng.next(3) as u32;
            let h = 1 + rng.next(3) as u32;
            let corner = if !near.is_empty() && rng.next(2) == 0 {
                let u = near[rng.next(near.len() as u64) as usize];
                let x = i64::from(u.x) + rng.next(13) as i64 - 6;
                let y = i64::from(u.y) + rng.next(13) as i64 - 6;
                if x < 0 || y < 0 {
                    continue;
                }
                Cell::new(x as u32, y as u32)
            } else {
                Cell::new(
                    rng.next(u64::from(map.width)) as u32,
                    rng.next(u64::from(map.height)) as u32,
                )
            };
            if corner.x + w > map.width || corner.y + h > map.height {
                continue;
            }
            let mut b = Building {
                cells: [Cell::new(0, 0); 9],
                len: 0,
            };
            let mut ok = true;
            for y in corner.y..corner.y + h {
                for x in corner.x..corner.x + w {
                    let c = Cell::new(x, y);
                    let i = map.index(c);
                    ok &= map.shadow[i] && occ.count[i] == 0 && self.reserved[i] == Reserved::None;
                    b.cells[b.len] = c;
                    b.len += 1;
                }
            }
            if !ok {
                continue;
            }
            for &c in &b.cells[..b.len] {
                self.reserved[map.index(c)] = Reserved::Building;
                map.set(c, false, report, frame);
            }
            self.buildings.push(b);
            break;
        }
        if self.storm_every > 0 && frame.is_multiple_of(self.storm_every) {
            self.storm(map, occ, rng, report, frame);
        }
    }

    /// More edits in one frame than the edit log holds: up to 32 free cells
    /// blocked and opened again and again, then left blocked (rubble,
    /// cleared next frame).
    pub(crate) fn storm(
        &mut self,
        map: &mut Map,
        occ: &Occupancy,
        rng: &mut Lcg,
        report: &mut Report,
        frame: u64,
    ) {
        let mut cells = Vec::new();
        for _ in 0..2_000 {
            if cells.len() == 32 {
                break;
            }
            let c = Cell::new(
                rng.next(u64::from(map.width)) as u32,
                rng.next(u64::from(map.height)) as u32,
            );
            let i = map.index(c);
            if map.shadow[i] && occ.count[i] == 0 && self.reserved[i] == Reserved::None {
                self.reserved[i] = Reserved::Rubble;
                cells.push(c);
            }
        }
        if cells.is_empty() {
            return;
        }
        let want = map.grid.edit_log_capacity() + 64;
        let rounds = want.div_ceil(2 * cells.len());
        for _ in 0..rounds {
            for &c in &cells {
                map.set(c, false, report, frame);
            }
            for &c in &cells {
                map.set(c, true, report, frame);
            }
        }
        for &c in &cells {
            map.set(c, false, report, frame);
        }
        self.rubble = cells;
    }
}

/// How many units stand on (or over) each cell.
pub(crate) struct Occupancy {
    pub(crate) count: Vec<u16>,
    pub(crate) width: u32,
}

impl Occupancy {
    pub(crate) fn add(&mut self, c: Cell, size: u32, delta: i32) {
        for y in c.y..c.y + size {
            for x in c.x..c.x + size {
                let i = y as usize * self.width as usize + x as usize;
                if let Some(n) = self.count.get_mut(i) {
                    *n = (i32::from(*n) + delta).max(0) as u16;
                }
            }
        }
    }
}
