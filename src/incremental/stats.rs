//! [`ReplanStats`]: the counters of an incremental planner.

/// The counters of [`DStarLite`](super::DStarLite): of the last replan
/// ([`stats`](super::DStarLite::stats)) or since [`start`](super::DStarLite::start)
/// ([`total`](super::DStarLite::total)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReplanStats {
    /// Live entries taken from the open set and expanded (D* Lite's
    /// expansions: a cell settled, or raised to infinity); re-keys are
    /// counted in [`rekeyed`](Self::rekeyed).
    pub expanded: u64,
    /// Of those, the underconsistent ones (`g < rhs`: `g` raised to infinity
    /// and the neighbours that relied on it recomputed).
    pub raised: u64,
    /// `UpdateVertex` calls: the cells whose `rhs` was (re)computed and
    /// whose place in the queue was checked.
    pub updated: u64,
    /// Live entries taken from the open set with a key made from an older
    /// start of the unit (a smaller `k_m`), pushed again with their current
    /// key and not expanded.
    pub rekeyed: u64,
    /// Entries pushed into the open set (new keys, raised keys, put-backs).
    pub pushed: u64,
    /// Stale entries popped and skipped (lazy deletion).
    pub stale: u64,
    /// The largest number of entries the open set held (stale ones included).
    pub max_open: usize,
}

impl ReplanStats {
    pub(crate) fn add(&mut self, other: &ReplanStats) {
        self.expanded += other.expanded;
        self.raised += other.raised;
        self.updated += other.updated;
        self.rekeyed += other.rekeyed;
        self.pushed += other.pushed;
        self.stale += other.stale;
        self.max_open = self.max_open.max(other.max_open);
    }
}
