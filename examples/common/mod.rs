//! Shared by the examples and the benchmark tools: command-line flags (with
//! `--help`), the engine named by `--open-set` and `--closed-set` (picked from
//! the library's registries), and running a MovingAI scenario file through
//! one engine.
#![allow(dead_code)]

use std::time::Instant;

use pathseek::components::GridComponents;
use pathseek::io::movingai::Scenario;
use pathseek::open_set::{visit_open_sets, OpenSetVisitor, OPEN_SET_NAMES};
use pathseek::store::{visit_closed_sets, ClosedSetVisitor, CLOSED_SET_NAMES};
use pathseek::{AStar, Cell, ClosedSet, Cost, DenseIds, Graph, Grid, OpenSet, Query};

/// The `--cost` names: the grid's cost type.
pub const COSTS: &[&str] = &["f64", "u32", "length"];

/// Checks `name` against `known`, or explains the choice.
pub fn check_name(flag: &str, name: &str, known: &[&str]) -> Result<(), String> {
    if known.contains(&name) {
        Ok(())
    } else {
        Err(format!(
            "unknown {flag} '{name}'; known: {}",
            known.join(", ")
        ))
    }
}

// ---------------------------------------------------------------------------
// Flags

/// What `--help` prints, and the flags a program accepts.
pub struct Help<'a> {
    /// What the program does, in a sentence or two.
    pub about: &'a str,
    /// How to call it (the part after `usage: `).
    pub usage: &'a str,
    /// `(spec, description)` per flag, e.g. `("--map FILE", "the map")`: a
    /// flag takes one value, except a spec of the name alone
    /// (`("--precheck", "...")`), a switch ([`Flags::is_set`]). A spec without
    /// `--` is a positional argument (`("DIR", "...")`), taken in order.
    pub flags: &'a [(&'a str, &'a str)],
    /// Printed after the flag list (empty: nothing); paragraphs are separated
    /// by blank lines, and those of one line are wrapped.
    pub more: &'a str,
}

impl Help<'_> {
    /// The flag or positional name of a spec: `--map FILE` -> `map`.
    fn name_of(spec: &str) -> &str {
        let first = spec.split_whitespace().next().unwrap_or(spec);
        first.strip_prefix("--").unwrap_or(first)
    }

    fn is_flag(spec: &str) -> bool {
        spec.starts_with("--")
    }

    fn is_switch(spec: &str) -> bool {
        Self::is_flag(spec) && !spec.contains(char::is_whitespace)
    }

    /// The help text.
    pub fn render(&self) -> String {
        let mut out = format!("{}\n\nusage: {}\n", wrap(self.about, 0, 80), self.usage);
        let rows: Vec<(&str, &str)> = self
            .flags
            .iter()
            .copied()
            .chain([("--help", "print this help and exit")])
            .collect();
        let width = rows.iter().map(|(s, _)| s.len()).max().unwrap_or(0);
        for (title, positional) in [("arguments", true), ("flags", false)] {
            let mine: Vec<_> = rows
                .iter()
                .filter(|(s, _)| Self::is_flag(s) != positional)
                .collect();
            if mine.is_empty() {
                continue;
            }
            out += &format!("\n{title}:\n");
            for (spec, text) in mine {
                out += &format!("  {spec:width$}  {}\n", wrap(text, width + 4, 80));
            }
        }
        // Paragraphs of one line are wrapped; others are printed as written.
        for paragraph in self.more.trim_end().split("\n\n") {
            if paragraph.is_empty() {
                continue;
            }
            if paragraph.contains('\n') {
                out += &format!("\n{paragraph}\n");
            } else {
                out += &format!("\n{}\n", wrap(paragraph, 0, 80));
            }
        }
        out
    }
}

/// `text` wrapped to `columns`, continuation lines indented by `indent`.
fn wrap(text: &str, indent: usize, columns: usize) -> String {
    let room = columns.saturating_sub(indent).max(20);
    // Paragraphs (blank-line separated) are wrapped one by one.
    if text.contains("\n\n") {
        let paragraphs: Vec<String> = text
            .split("\n\n")
            .map(|p| wrap(p, indent, columns))
            .collect();
        return paragraphs.join(&format!("\n\n{}", " ".repeat(indent)));
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > room {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    lines.push(line);
    lines.join(&format!("\n{}", " ".repeat(indent)))
}

/// A tiny flag parser: `--name value` pairs and positional arguments, as a
/// [`Help`] lists them; `--help` (or `-h`) prints the help and exits 0.
pub struct Flags {
    pairs: Vec<(String, String)>,
}

impl Flags {
    /// Parses `std::env::args`; on `--help` prints the help and exits 0.
    pub fn parse(help: &Help) -> Result<Flags, String> {
        match Self::parse_from(help, std::env::args().skip(1))? {
            Some(flags) => Ok(flags),
            None => {
                print!("{}", help.render());
                std::process::exit(0);
            }
        }
    }

    /// Parses `args`: `None` when help was asked for.
    pub fn parse_from(
        help: &Help,
        args: impl IntoIterator<Item = String>,
    ) -> Result<Option<Flags>, String> {
        let names: Vec<&str> = help
            .flags
            .iter()
            .filter(|(s, _)| Help::is_flag(s))
            .map(|(s, _)| Help::name_of(s))
            .collect();
        let mut positionals = help
            .flags
            .iter()
            .filter(|(s, _)| !Help::is_flag(s))
            .map(|(s, _)| Help::name_of(s));
        let mut args = args.into_iter();
        let mut pairs = Vec::new();
        while let Some(a) = args.next() {
            if a == "--help" || a == "-h" {
                return Ok(None);
            }
            let Some(name) = a.strip_prefix("--") else {
                match positionals.next() {
                    Some(p) => {
                        pairs.push((p.to_string(), a));
                        continue;
                    }
                    None => return Err(format!("unexpected argument '{a}' (see --help)")),
                }
            };
            if !names.contains(&name) {
                let known = if names.is_empty() {
                    "none".to_string()
                } else {
                    format!("--{}", names.join(", --"))
                };
                return Err(format!(
                    "unknown flag --{name}; known: {known} (see --help)"
                ));
            }
            let switch = help
                .flags
                .iter()
                .any(|(s, _)| Help::is_switch(s) && Help::name_of(s) == name);
            let value = if switch {
                "on".to_string()
            } else {
                args.next()
                    .ok_or_else(|| format!("--{name} needs a value (see --help)"))?
            };
            pairs.push((name.to_string(), value));
        }
        Ok(Some(Flags { pairs }))
    }

    /// The value of `--name` (or of the positional argument `name`), if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether the switch `--name` was given.
    pub fn is_set(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The value of `--name`, or `default`.
    pub fn get_or<'a>(&'a self, name: &str, default: &'a str) -> &'a str {
        self.get(name).unwrap_or(default)
    }

    /// The value of `--name` read as a `T`, if given: `Err` when it does
    /// not read as one.
    pub fn parsed<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        self.get(name)
            .map(|text| {
                text.parse()
                    .map_err(|_| format!("--{name} {text}: not a number"))
            })
            .transpose()
    }

    /// The value of `--name` (or `default`) as a whole number.
    pub fn number(&self, name: &str, default: &str) -> Result<u64, String> {
        self.get_or(name, default)
            .parse()
            .map_err(|_| format!("--{name} needs a whole number"))
    }
}

/// The map and scenarios named by `--map FILE --scen FILE`, or, without
/// either flag, the embedded ones (`map`, `scen`: the files' text); one
/// flag without the other is an error.
pub fn map_and_scenarios(
    flags: &Flags,
    map: &str,
    scen: &str,
) -> Result<(pathseek::io::movingai::MovingAiMap, Vec<Scenario>), String> {
    use pathseek::io::movingai::{self, MovingAiMap};
    match (flags.get("map"), flags.get("scen")) {
        (Some(m), Some(s)) => Ok((
            MovingAiMap::load(m).map_err(|e| e.to_string())?,
            movingai::load_scenarios(s).map_err(|e| e.to_string())?,
        )),
        (None, None) => Ok((
            MovingAiMap::parse(map).map_err(|e| e.to_string())?,
            movingai::parse_scenarios(scen).map_err(|e| e.to_string())?,
        )),
        _ => Err("--map and --scen go together".into()),
    }
}

/// Ends a tool the way every example here ends: exit code 0 when `result`
/// is `Ok(true)`, 1 when the run found wrong answers (`Ok(false)`), 2 with
/// the message on an error (bad flags or files).
pub fn exit(result: Result<bool, String>) -> ! {
    match result {
        Ok(true) => std::process::exit(0),
        Ok(false) => std::process::exit(1),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}

/// Ends the output of a tool that checks its answers: the `notes` on stdout
/// (a blank line, then a `note:` line each), then, if any check failed, on
/// stderr a blank line, the first 50 `failures` as `{tag}{failure}`, a
/// `{more_tag}... and N more` line for the rest and `N {counted}`. Returns
/// whether every check passed: the `Ok` for [`exit`] (`false` exits with 1).
pub fn report_checks(
    notes: &[String],
    failures: &[String],
    tag: &str,
    more_tag: &str,
    counted: &str,
) -> bool {
    if !notes.is_empty() {
        println!();
        for n in notes {
            println!("note: {n}");
        }
    }
    if failures.is_empty() {
        return true;
    }
    eprintln!();
    for f in failures.iter().take(50) {
        eprintln!("{tag}{f}");
    }
    if failures.len() > 50 {
        eprintln!("{more_tag}... and {} more", failures.len() - 50);
    }
    eprintln!("{} {counted}", failures.len());
    false
}

/// A small deterministic generator (64-bit LCG, high bits out).
pub struct Lcg(pub u64);

impl Lcg {
    /// A number in `0..bound` (`bound > 0`).
    pub fn next(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }
}

/// The `.map` files of `dir`, sorted; `None` if it cannot be read.
pub fn map_files(dir: &std::path::Path) -> Option<Vec<std::path::PathBuf>> {
    let entries = std::fs::read_dir(dir).ok()?;
    let mut files: Vec<std::path::PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "map"))
        .collect();
    files.sort();
    Some(files)
}

/// The file name of `path` (the whole path if it has none).
pub fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The `count` open cells nearest `centre` in breadth-first order over the
/// grid's moves (the centre first; fewer if its region is smaller, none if
/// it is blocked): a group of units standing together.
pub fn cluster<C: Cost>(grid: &Grid<C>, centre: Cell, count: usize) -> Vec<Cell> {
    let mut seen = vec![false; grid.node_count()];
    let mut out = Vec::new();
    let Some(first) = grid.node_index(centre).filter(|_| grid.contains(centre)) else {
        return out;
    };
    seen[first] = true;
    out.push(centre);
    let mut i = 0;
    while i < out.len() && out.len() < count {
        grid.successors(out[i], |c, _| match grid.node_index(c) {
            Some(id) if !seen[id] && out.len() < count => {
                seen[id] = true;
                out.push(c);
            }
            _ => {}
        });
        i += 1;
    }
    out
}

// ---------------------------------------------------------------------------
// The engine, by name

/// The help of `--open-set`: the registry's names.
pub fn open_set_help() -> String {
    format!(
        "the open set (default binary-heap): {}",
        OPEN_SET_NAMES.join(", ")
    )
}

/// The help of `--closed-set`: the registry's names.
pub fn closed_set_help() -> String {
    format!(
        "the node store (default indexed): {}",
        CLOSED_SET_NAMES.join(", ")
    )
}

/// What to do with the engine [`with_engine`] builds.
pub trait EngineJob<G: Graph> {
    /// What the job returns.
    type Output;
    /// Runs the job on an engine of `open` and `store` (`AStar::new(open, store)`).
    fn run<O: OpenSet<G::Cost>, S: ClosedSet<G>>(self, open: O, store: S) -> Self::Output;
}

/// Builds the engine of the open set named `open` and the node store named
/// `store` (names of the library's registries, `OPEN_SET_NAMES` and
/// `CLOSED_SET_NAMES`) and runs `job` on it; `max_edge`, the graph's largest
/// edge cost, tunes the HOT queue. An unknown name is an error listing the
/// known ones.
pub fn with_engine<G: DenseIds, J: EngineJob<G>>(
    open: &str,
    store: &str,
    max_edge: G::Cost,
    job: J,
) -> Result<J::Output, String> {
    check_name("open set", open, OPEN_SET_NAMES)?;
    check_name("closed set", store, CLOSED_SET_NAMES)?;
    let mut pick = PickOpenSet::<G, J> {
        open,
        store,
        job: Some(job),
        out: None,
        graph: std::marker::PhantomData,
    };
    visit_open_sets(&mut pick, max_edge);
    pick.out
        .ok_or_else(|| format!("open set '{open}' or closed set '{store}' was not visited"))
}

/// Picks the open set named `open` from the registry, then the store.
struct PickOpenSet<'a, G: DenseIds, J: EngineJob<G>> {
    open: &'a str,
    store: &'a str,
    job: Option<J>,
    out: Option<J::Output>,
    graph: std::marker::PhantomData<fn(&G)>,
}

impl<G: DenseIds, J: EngineJob<G>> OpenSetVisitor<G::Cost> for PickOpenSet<'_, G, J> {
    fn visit<O: OpenSet<G::Cost> + 'static>(&mut self, name: &'static str, make: &dyn Fn() -> O) {
        if name != self.open {
            return;
        }
        let Some(job) = self.job.take() else {
            return;
        };
        // The open set is called through a `Box<dyn OpenSet>`: one compiled
        // search per store instead of one per open set and store keeps the
        // examples' build short. The criterion benches (benchmarks/) time
        // every structure without the indirection.
        let open: Box<dyn OpenSet<G::Cost>> = Box::new(make());
        let mut pick = PickStore::<G, J, Box<dyn OpenSet<G::Cost>>> {
            name: self.store,
            open: Some(open),
            job: Some(job),
            out: None,
            graph: std::marker::PhantomData,
        };
        visit_closed_sets(&mut pick);
        self.out = pick.out;
    }
}

/// Picks the store named `name` from the registry and runs the job.
struct PickStore<'a, G: Graph, J: EngineJob<G>, O> {
    name: &'a str,
    open: Option<O>,
    job: Option<J>,
    out: Option<J::Output>,
    graph: std::marker::PhantomData<fn(&G)>,
}

impl<G: Graph, J: EngineJob<G>, O: OpenSet<G::Cost>> ClosedSetVisitor<G>
    for PickStore<'_, G, J, O>
{
    fn visit<S: ClosedSet<G>>(&mut self, name: &'static str, make: &dyn Fn() -> S) {
        if name != self.name {
            return;
        }
        if let (Some(open), Some(job)) = (self.open.take(), self.job.take()) {
            self.out = Some(job.run(open, make()));
        }
    }
}

// ---------------------------------------------------------------------------
// Scenario files

/// The result of one scenario.
pub struct ScenarioRun {
    /// 1-based line in the `.scen` file.
    pub line: usize,
    /// Path cost as a length in grid units, if a path was found.
    pub length: Option<f64>,
    /// An error message, if the search failed.
    pub error: Option<String>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Largest open set.
    pub max_open: usize,
    /// Wall time of the search alone, in seconds.
    pub seconds: f64,
}

/// An [`EngineJob`] that runs every scenario on `graph` (the grid, or a graph
/// over it such as its jump points) with the grid's heuristic; `scale` turns
/// a cost into a length.
pub struct RunScenarios<'a, C, G> {
    /// The grid (for the heuristic).
    pub grid: &'a Grid<C>,
    /// The graph searched.
    pub graph: &'a G,
    /// The scenarios, in file order.
    pub scenarios: &'a [Scenario],
    /// Cost units per grid unit.
    pub scale: f64,
    /// Component labels of `grid`: when given, every scenario runs within
    /// them (`AStar::search_within`), so an unreachable goal costs no expansion.
    pub precheck: Option<&'a GridComponents>,
}

impl<C: Cost, G: Graph<Node = Cell, Cost = C>> EngineJob<G> for RunScenarios<'_, C, G> {
    type Output = Vec<ScenarioRun>;

    fn run<O: OpenSet<C>, S: ClosedSet<G>>(self, open: O, store: S) -> Vec<ScenarioRun> {
        let mut engine = AStar::new(open, store);
        let reach = self
            .precheck
            .map(|parts| parts.reach(self.grid).map_err(|e| e.to_string()));
        self.scenarios
            .iter()
            .enumerate()
            .map(|(i, sc)| {
                let h = self.grid.heuristic(sc.goal);
                let t = Instant::now();
                let query = Query::new(sc.start, sc.goal, h);
                let r = match &reach {
                    Some(Ok(reach)) => engine.search_within(self.graph, reach, query),
                    Some(Err(e)) => {
                        return ScenarioRun {
                            line: i + 2,
                            length: None,
                            error: Some(e.clone()),
                            expanded: 0,
                            max_open: 0,
                            seconds: 0.0,
                        };
                    }
                    None => engine.search(self.graph, query),
                };
                let seconds = t.elapsed().as_secs_f64();
                ScenarioRun {
                    line: i + 2,
                    length: r.found().map(|p| p.cost.as_f64() / self.scale),
                    error: r.error().map(|e| e.to_string()),
                    expanded: r.stats.expanded,
                    max_open: r.stats.max_open,
                    seconds,
                }
            })
            .collect()
    }
}

/// The median of `values` (the mean of the middle two for an even count); `NaN`
/// when empty.
pub fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}
