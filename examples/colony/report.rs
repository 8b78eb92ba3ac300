//! The tally per structure, frame times and resident memory.

/// What is checked, by name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Structure {
    Astar,
    AstarLabels,
    AstarFallback,
    Components,
    Clearance,
    DStar,
    Hpa,
    Field,
    Flow,
    Mesh,
    Grid,
}

pub(crate) const STRUCTURES: [Structure; 11] = [
    Structure::Astar,
    Structure::AstarLabels,
    Structure::AstarFallback,
    Structure::Components,
    Structure::Clearance,
    Structure::DStar,
    Structure::Hpa,
    Structure::Field,
    Structure::Flow,
    Structure::Mesh,
    Structure::Grid,
];

impl Structure {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Structure::Astar => "A* sliced (start/advance)",
            Structure::AstarLabels => "A* within labels",
            Structure::AstarFallback => "A* within labels, fallback",
            Structure::Components => "component labels",
            Structure::Clearance => "clearance, 2x2 units",
            Structure::DStar => "D* Lite, unknown terrain",
            Structure::Hpa => "HPA* plans",
            Structure::Field => "distance fields",
            Structure::Flow => "flow fields",
            Structure::Mesh => "navigation mesh (GridMesh)",
            Structure::Grid => "the grid itself",
        }
    }
}

#[derive(Clone, Copy, Default)]
pub(crate) struct Tally {
    pub(crate) answers: u64,
    pub(crate) refused: u64,
    pub(crate) checks: u64,
    pub(crate) stale: u64,
    pub(crate) illegal: u64,
    /// The frame of the last check, and of the first answer not yet checked.
    pub(crate) last_check: Option<u64>,
    pub(crate) first_unchecked: Option<u64>,
    pub(crate) max_gap: u64,
}

/// Counts and the first failures.
pub(crate) struct Report {
    pub(crate) tally: [Tally; STRUCTURES.len()],
    pub(crate) failures: Vec<String>,
    pub(crate) failure_count: u64,
    pub(crate) seed: u64,
    /// Mesh paths compared with a grid path from the same point, those
    /// longer, and the worst ratio with its query.
    pub(crate) mesh_compared: u64,
    pub(crate) mesh_longer: u64,
    pub(crate) mesh_worst: (f64, String),
}

pub(crate) const KEPT_FAILURES: usize = 50;

impl Report {
    pub(crate) fn new(seed: u64) -> Report {
        Report {
            tally: [Tally::default(); STRUCTURES.len()],
            failures: Vec::new(),
            failure_count: 0,
            seed,
            mesh_compared: 0,
            mesh_longer: 0,
            mesh_worst: (1.0, String::new()),
        }
    }

    pub(crate) fn of(&mut self, s: Structure) -> &mut Tally {
        let i = STRUCTURES.iter().position(|&x| x == s).expect("listed");
        &mut self.tally[i]
    }

    pub(crate) fn answer(&mut self, s: Structure, frame: u64) {
        let t = self.of(s);
        t.answers += 1;
        t.first_unchecked.get_or_insert(frame);
    }

    pub(crate) fn refused(&mut self, s: Structure) {
        self.of(s).refused += 1;
    }

    pub(crate) fn check(&mut self, s: Structure, frame: u64) {
        let t = self.of(s);
        t.checks += 1;
        if let Some(first) = t.first_unchecked.take() {
            t.max_gap = t.max_gap.max(frame - first);
        }
        t.last_check = Some(frame);
    }

    pub(crate) fn fail(&mut self, what: &str, s: Structure, frame: u64, message: String) {
        self.failure_count += 1;
        if self.failures.len() < KEPT_FAILURES {
            self.failures.push(format!(
                "{what} ({}) at frame {frame} (seed {}): {message}",
                s.name(),
                self.seed
            ));
        }
    }

    pub(crate) fn stale(&mut self, s: Structure, frame: u64, message: String) {
        self.of(s).stale += 1;
        self.fail("stale", s, frame, message);
    }

    pub(crate) fn illegal(&mut self, s: Structure, frame: u64, message: String) {
        self.of(s).illegal += 1;
        self.fail("illegal step", s, frame, message);
    }

    pub(crate) fn total(&self, f: impl Fn(&Tally) -> u64) -> u64 {
        self.tally.iter().map(f).sum()
    }

    /// Closes the gaps of answers never checked by the end.
    pub(crate) fn close(&mut self, frames: u64) {
        for t in &mut self.tally {
            if let Some(first) = t.first_unchecked.take() {
                t.max_gap = t.max_gap.max(frames - first);
            }
        }
    }
}

/// Frame times in 5 us buckets up to 1 s, and the largest exactly: no
/// memory grows with the run.
pub(crate) struct Times {
    pub(crate) buckets: Vec<u32>,
    pub(crate) count: u64,
    pub(crate) max_ms: f64,
    pub(crate) sum_ms: f64,
}

pub(crate) const BUCKET_US: f64 = 5.0;

impl Times {
    pub(crate) fn new() -> Times {
        Times {
            buckets: vec![0; 200_000],
            count: 0,
            max_ms: 0.0,
            sum_ms: 0.0,
        }
    }

    pub(crate) fn add(&mut self, ms: f64) {
        let b = ((ms * 1e3 / BUCKET_US) as usize).min(self.buckets.len() - 1);
        self.buckets[b] += 1;
        self.count += 1;
        self.max_ms = self.max_ms.max(ms);
        self.sum_ms += ms;
    }

    /// The `q` quantile in ms (the upper edge of its bucket).
    pub(crate) fn quantile(&self, q: f64) -> f64 {
        let want = ((self.count as f64 * q).ceil() as u64).max(1);
        let mut seen = 0;
        for (i, &n) in self.buckets.iter().enumerate() {
            seen += u64::from(n);
            if seen >= want {
                return ((i + 1) as f64 * BUCKET_US / 1e3).min(self.max_ms);
            }
        }
        self.max_ms
    }
}

/// The process's resident memory in kB (`VmRSS` of /proc/self/status).
pub(crate) fn rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
