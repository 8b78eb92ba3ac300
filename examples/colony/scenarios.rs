//! The scenario file: the units' goals.

use super::*;

pub(crate) struct Scenarios {
    pub(crate) pairs: Vec<(Cell, Cell)>,
    /// Indexes of the longest quarter (HPA* trips).
    pub(crate) long: Vec<usize>,
}

impl Scenarios {
    pub(crate) fn goal(&self, kind: Kind, cursor: usize) -> Cell {
        if kind == Kind::Hpa && !self.long.is_empty() {
            self.pairs[self.long[cursor % self.long.len()]].1
        } else {
            self.pairs[cursor % self.pairs.len()].1
        }
    }

    pub(crate) fn start(&self, kind: Kind, cursor: usize) -> Cell {
        if kind == Kind::Hpa && !self.long.is_empty() {
            self.pairs[self.long[cursor % self.long.len()]].0
        } else {
            self.pairs[cursor % self.pairs.len()].0
        }
    }
}
