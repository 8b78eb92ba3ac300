//! The contraction hierarchy rows of `roads_peers`: pathseek's
//! [`ContractionHierarchy`] and [`CustomizableHierarchy`] against
//! `fast_paths` 1.0 on the same graph, the same integer costs and the same
//! pairs, every answer checked against the others.
//!
//! - preparation: `fast_paths::prepare` against `ContractionHierarchy::new`
//!   in a rayon pool of one thread (the same work as without the `rayon`
//!   feature) and in the global pool (every core);
//! - queries: a path (unpacked to the graph's edges) per pair, `fast_paths`'
//!   `PathCalculator::calc_path` against `ChSearch::find_path`, in
//!   interleaved rounds; the customizable hierarchy's queries too;
//! - a distance table of `--table K` sources by K targets: `ChSearch::table`
//!   against K x K queries of each;
//! - live weights: new costs on the same streets (a seeded fifth of the
//!   edges three times slower, as in a traffic jam), `CustomizableHierarchy::customize`
//!   against a fresh `ContractionHierarchy::new` (one thread), both then
//!   answering every pair as a Dijkstra-free cross-check against each other;
//! - the plain search a hierarchy replaces (Dijkstra on a warm `AStar`, the
//!   first 100 pairs, checked too), and after how many queries preparing
//!   pays for itself.

use std::time::Instant;

use pathseek::contraction::{ChSearch, ContractionHierarchy, CustomizableHierarchy};
use pathseek::open_set::BinaryHeap;
use pathseek::store::IndexedStore;
use pathseek::{AStar, Query, StaticGraph};

use crate::common::median;

/// The figures of the contraction rows, for the last line of `roads_peers`.
pub struct Figures {
    /// `fast_paths` query time over pathseek's.
    pub query_ratio: f64,
    /// pathseek's one-thread preparation time over `fast_paths`'.
    pub prep_ratio: f64,
    /// A fresh preparation's time over a customization's.
    pub customize_speedup: f64,
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// A seeded xorshift stream.
fn stream(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}

/// Runs every contraction row on `graph` (every cost at least 1: `fast_paths`
/// drops edges of weight 0) and the `pairs`, printing a table; `Err` when two
/// contenders disagree on any answer. Without `peer`, `fast_paths` is left
/// out (its rows and ratios are NaN): on graphs where its preparation takes
/// too long.
pub fn run(
    graph: &StaticGraph<u64>,
    pairs: &[(u32, u32)],
    repeat: usize,
    table: usize,
    seed: u64,
    peer: bool,
) -> Result<Figures, String> {
    let n = graph.len();
    println!();
    println!(
        "contraction hierarchies: {n} nodes, {} directed edges",
        graph.edge_count()
    );
    let mut input = fast_paths::InputGraph::new();
    for u in 0..n as u32 {
        for (v, c) in graph.edges(u) {
            input.add_edge(u as usize, v as usize, c as usize);
        }
    }
    input.freeze();

    // Preparation, alternately, `repeat` times each (at most 3).
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|e| e.to_string())?;
    let (mut t_fp, mut t_one, mut t_all) = (Vec::new(), Vec::new(), Vec::new());
    let mut fast = None;
    let mut ch = None;
    for _ in 0..repeat.clamp(1, 3) {
        if peer {
            let t = Instant::now();
            fast = Some(fast_paths::prepare(&input));
            t_fp.push(ms(t));
        }
        let t = Instant::now();
        ch = Some(
            one.install(|| ContractionHierarchy::new(graph))
                .map_err(|e| e.to_string())?,
        );
        t_one.push(ms(t));
        let t = Instant::now();
        let all = ContractionHierarchy::new(graph).map_err(|e| e.to_string())?;
        t_all.push(ms(t));
        if Some(&all) != ch.as_ref() {
            return Err("one thread and every thread prepared different hierarchies".into());
        }
    }
    let ch = ch.expect("prepared");
    let t = Instant::now();
    let mut cch = CustomizableHierarchy::new(graph).map_err(|e| e.to_string())?;
    let t_cch = ms(t);
    let prep_fp = if peer { median(&t_fp) } else { f64::NAN };
    let (prep_one, prep_all) = (median(&t_one), median(&t_all));
    println!(
        "prepare: fast_paths {prep_fp:.0} ms ({} shortcuts); pathseek CH {prep_one:.0} ms on one thread, \
         {prep_all:.0} ms on {} ({} shortcuts, {:.1} bytes per node); customizable {t_cch:.0} ms \
         (order, fill-in and first customization, {:.1} bytes per node)",
        fast.as_ref().map_or(0, |f| f.get_num_out_edges() + f.get_num_in_edges() - graph.edge_count()),
        rayon::current_num_threads(),
        ch.shortcut_count(),
        ch.heap_bytes() as f64 / n as f64,
        cch.heap_bytes() as f64 / n as f64
    );

    // Queries: a path per pair, in rounds.
    let mut calc = fast.as_ref().map(fast_paths::create_calculator);
    let mut search = ChSearch::new();
    let mut path = Vec::new();
    let (mut q_fp, mut q_ch, mut q_cch) = (Vec::new(), Vec::new(), Vec::new());
    let mut q_dist = Vec::new();
    let (mut a_fp, mut a_ch, mut a_cch) = (Vec::new(), Vec::new(), Vec::new());
    let mut settled = 0u64;
    for _ in 0..repeat {
        if let (Some(fast), Some(calc)) = (&fast, &mut calc) {
            a_fp.clear();
            let t = Instant::now();
            for &(s, g) in pairs {
                let p = calc.calc_path(fast, s as usize, g as usize);
                a_fp.push(p.map(|p| (p.get_weight() as u64, p.get_nodes().len())));
            }
            q_fp.push(ms(t));
        }
        a_ch.clear();
        settled = 0;
        let t = Instant::now();
        for &(s, g) in pairs {
            let c = search
                .find_path(&ch, graph, s, g, &mut path)
                .map_err(|e| e.to_string())?;
            settled += search.settled();
            a_ch.push(c.map(|c| (c, path.len())));
        }
        q_ch.push(ms(t));
        let t = Instant::now();
        for (&(s, g), a) in pairs.iter().zip(&a_ch) {
            let c = search
                .distance(&ch, graph, s, g)
                .map_err(|e| e.to_string())?;
            if c != a.map(|a| a.0) {
                return Err(format!("{s} -> {g}: distance {c:?}, find_path {a:?}"));
            }
        }
        q_dist.push(ms(t));
        a_cch.clear();
        let t = Instant::now();
        for &(s, g) in pairs {
            let c = search
                .find_path(&cch, graph, s, g, &mut path)
                .map_err(|e| e.to_string())?;
            a_cch.push(c.map(|c| (c, path.len())));
        }
        q_cch.push(ms(t));
    }
    let costs = |a: &[Option<(u64, usize)>]| a.iter().map(|x| x.map(|x| x.0)).collect::<Vec<_>>();
    if (peer && costs(&a_fp) != costs(&a_ch)) || costs(&a_ch) != costs(&a_cch) {
        return Err("contraction rows: costs differ between fast_paths and pathseek".into());
    }
    let per = |t: &[f64]| {
        if t.is_empty() {
            f64::NAN
        } else {
            median(t) * 1e3 / pairs.len().max(1) as f64
        }
    };
    // The plain search the hierarchy replaces: Dijkstra (A* without a
    // heuristic) on a warm engine, on the first 100 pairs.
    let some = &pairs[..pairs.len().min(100)];
    let mut dijkstra = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let mut q_dij = Vec::new();
    for _ in 0..repeat.clamp(1, 3) {
        let t = Instant::now();
        for (k, &(s, g)) in some.iter().enumerate() {
            let c = dijkstra
                .search(graph, Query::new(s, g, |_| 0u64))
                .found()
                .map(|p| p.cost);
            if c != a_ch[k].map(|a| a.0) {
                return Err(format!(
                    "{s} -> {g}: Dijkstra {c:?}, hierarchy {:?}",
                    a_ch[k]
                ));
            }
        }
        q_dij.push(ms(t) * 1e3 / some.len().max(1) as f64);
    }
    let q_dij = median(&q_dij);
    let mut cch_search = ChSearch::new();
    let mut cch_settled = 0;
    for &(s, g) in pairs {
        cch_search
            .distance(&cch, graph, s, g)
            .map_err(|e| e.to_string())?;
        cch_settled += cch_search.settled();
    }
    println!(
        "query (path unpacked): fast_paths {:.1} us, pathseek CH {:.1} us ({:.0} nodes settled a query; \
         {:.1} us for the distance alone), customizable {:.1} us ({:.0} settled)",
        per(&q_fp),
        per(&q_ch),
        settled as f64 / pairs.len().max(1) as f64,
        per(&q_dist),
        per(&q_cch),
        cch_settled as f64 / pairs.len().max(1) as f64
    );
    let gain = q_dij - per(&q_ch);
    let pays = if gain > 0.0 {
        format!("pays for itself after {:.0} queries", prep_one * 1e3 / gain)
    } else {
        "never pays: the hierarchy's query is the slower".to_string()
    };
    println!("plain Dijkstra (warm AStar, no heuristic): {q_dij:.1} us a query; the one-thread preparation {pays}");

    // A K x K table.
    let k = table.min(pairs.len());
    let sources: Vec<u32> = pairs[..k].iter().map(|p| p.0).collect();
    let targets: Vec<u32> = pairs[..k].iter().map(|p| p.1).collect();
    let (mut t_tab, mut t_single, mut t_fp_single) = (Vec::new(), Vec::new(), Vec::new());
    let mut tab = pathseek::contraction::DistanceTable::default();
    let mut single = Vec::with_capacity(k * k);
    let mut fp_single = Vec::with_capacity(k * k);
    for _ in 0..repeat {
        let t = Instant::now();
        search
            .table_into(&ch, graph, &sources, &targets, &mut tab)
            .map_err(|e| e.to_string())?;
        t_tab.push(ms(t));
        single.clear();
        let t = Instant::now();
        for &s in &sources {
            for &g in &targets {
                single.push(
                    search
                        .distance(&ch, graph, s, g)
                        .map_err(|e| e.to_string())?,
                );
            }
        }
        t_single.push(ms(t));
        if let (Some(fast), Some(calc)) = (&fast, &mut calc) {
            fp_single.clear();
            let t = Instant::now();
            for &s in &sources {
                for &g in &targets {
                    let p = calc.calc_path(fast, s as usize, g as usize);
                    fp_single.push(p.map(|p| p.get_weight() as u64));
                }
            }
            t_fp_single.push(ms(t));
        }
    }
    let from_table: Vec<Option<u64>> = (0..k).flat_map(|i| tab.row(i).to_vec()).collect();
    if from_table != single || (peer && single != fp_single) {
        return Err("distance table: entries differ from single queries".into());
    }
    println!(
        "table {k} x {k}: pathseek table {:.1} ms, pathseek {} distance queries {:.1} ms, \
         fast_paths {} path queries {:.1} ms",
        median(&t_tab),
        k * k,
        median(&t_single),
        k * k,
        if peer { median(&t_fp_single) } else { f64::NAN }
    );

    // Live weights: a fifth of the edges three times slower.
    let mut next = stream(seed ^ 0x5EED);
    let slow: Vec<bool> = (0..n).map(|_| next().is_multiple_of(5)).collect();
    let jammed = graph
        .map_costs(|u, v, c| if slow[u.min(v) as usize] { 3 * c } else { c })
        .map_err(|e| e.to_string())?;
    let (mut t_custom, mut t_fresh) = (Vec::new(), Vec::new());
    let mut fresh = None;
    for _ in 0..repeat.clamp(1, 3) {
        let t = Instant::now();
        cch.customize(&jammed).map_err(|e| e.to_string())?;
        t_custom.push(ms(t));
        let t = Instant::now();
        fresh = Some(
            one.install(|| ContractionHierarchy::new(&jammed))
                .map_err(|e| e.to_string())?,
        );
        t_fresh.push(ms(t));
    }
    let fresh = fresh.expect("prepared");
    for &(s, g) in pairs {
        let a = search
            .distance(&cch, &jammed, s, g)
            .map_err(|e| e.to_string())?;
        let b = search
            .distance(&fresh, &jammed, s, g)
            .map_err(|e| e.to_string())?;
        if a != b {
            return Err(format!(
                "after new costs, {s} -> {g}: customized {a:?}, prepared {b:?}"
            ));
        }
    }
    let (custom, fresh_ms) = (median(&t_custom), median(&t_fresh));
    println!(
        "new costs (a fifth of the streets 3x slower): customize {custom:.1} ms, prepare again {fresh_ms:.0} ms (one thread)"
    );
    Ok(Figures {
        query_ratio: per(&q_fp) / per(&q_ch),
        prep_ratio: prep_one / prep_fp,
        customize_speedup: fresh_ms / custom,
    })
}
