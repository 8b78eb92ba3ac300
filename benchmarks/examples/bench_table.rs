//! Prints a markdown table of the `open_sets` benchmark medians.
//!
//! ```text
//! cargo bench -p pathseek-benchmarks --bench open_sets            # writes target/criterion/
//! cargo run --release -p pathseek-benchmarks --example bench_table [-- CRITERION_DIR]
//! cargo run --release -p pathseek-benchmarks --example bench_table -- --help
//! ```
//! Reads every `new/benchmark.json` (for the benchmark's id) and
//! `new/estimates.json` (for the median, in nanoseconds) under the directory
//! (default `target/criterion`). Ids `<group>/<rows...>/<structure>` become one
//! row per `<group>/<rows...>` and one column per structure; each cell is the
//! median and its ratio to `binary-heap+indexed` in the same row. Files that
//! cannot be read or parsed are skipped with a message.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pathseek_benchmarks::common::{Flags, Help};

const REFERENCE: &str = "binary-heap+indexed";

fn main() {
    let flags = Flags::parse(&Help {
        about: "Prints a markdown table of the open_sets benchmark medians: one row per \
                benchmark group, one column per open set + store, each cell the median \
                and its ratio to binary-heap+indexed in the same row.",
        usage: "cargo run --release -p pathseek-benchmarks --example bench_table \
                [-- CRITERION_DIR]",
        flags: &[(
            "CRITERION_DIR",
            "criterion's output directory (default: target/criterion of the workspace)",
        )],
        more: "",
    })
    .unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2);
    });
    let root = flags
        .get("CRITERION_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/criterion"));
    let mut dirs = Vec::new();
    find_new_dirs(&root, &mut dirs);
    // row -> structure -> median ns
    let mut rows: BTreeMap<String, BTreeMap<String, f64>> = BTreeMap::new();
    let mut columns: Vec<String> = Vec::new();
    for dir in dirs {
        let (bench, est) = (dir.join("benchmark.json"), dir.join("estimates.json"));
        let (Ok(bench_text), Ok(est_text)) = (
            std::fs::read_to_string(&bench),
            std::fs::read_to_string(&est),
        ) else {
            eprintln!("skipping {}: cannot read its json files", dir.display());
            continue;
        };
        let Some(id) = string_field(&bench_text, "full_id") else {
            eprintln!("skipping {}: no full_id", bench.display());
            continue;
        };
        let Some(median) = median_ns(&est_text) else {
            eprintln!("skipping {}: no median point estimate", est.display());
            continue;
        };
        let Some((row, structure)) = id.rsplit_once('/') else {
            eprintln!("skipping {id}: not <group>/.../<structure>");
            continue;
        };
        if !columns.iter().any(|c| c == structure) {
            columns.push(structure.to_string());
        }
        rows.entry(row.to_string())
            .or_default()
            .insert(structure.to_string(), median);
    }
    if rows.is_empty() {
        eprintln!("no benchmark results under {}", root.display());
        std::process::exit(1);
    }
    columns.sort_by_key(|c| (c != REFERENCE, c.clone()));
    println!("| benchmark | {} |", columns.join(" | "));
    println!("|---|{}", "---|".repeat(columns.len()));
    for (row, cells) in &rows {
        let reference = cells.get(REFERENCE).copied();
        let mut line = format!("| {row} |");
        for c in &columns {
            match (cells.get(c), reference) {
                (Some(&t), Some(r)) if c != REFERENCE => {
                    line += &format!(" {} ({:.2}) |", human(t), t / r)
                }
                (Some(&t), _) => line += &format!(" {} |", human(t)),
                (None, _) => line += " - |",
            }
        }
        println!("{line}");
    }
}

/// Every `.../new` directory below `dir` that holds a `benchmark.json`.
fn find_new_dirs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if !path.is_dir() {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "new") {
            if path.join("benchmark.json").is_file() {
                out.push(path);
            }
        } else {
            find_new_dirs(&path, out);
        }
    }
}

/// The string value of `"key":"..."` (no escapes inside the ids we read).
fn string_field(text: &str, key: &str) -> Option<String> {
    let at = text.find(&format!("\"{key}\""))? + key.len() + 2;
    let rest = text[at..].trim_start().strip_prefix(':')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}

/// `median.point_estimate` from criterion's estimates.json.
fn median_ns(text: &str) -> Option<f64> {
    let at = text.find("\"median\"")?;
    let rest = &text[at..];
    let p = rest.find("\"point_estimate\"")? + "\"point_estimate\"".len();
    let rest = rest[p..].trim_start().strip_prefix(':')?.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || "+-.eE".contains(c)))
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

fn human(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.2} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.1} ms", ns / 1e6)
    } else {
        format!("{:.0} µs", ns / 1e3)
    }
}
