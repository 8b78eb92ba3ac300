//! Tests of the pictures' SVG text: structure, escaping, the counts the
//! shapes add up to, and the recorder and store reading behind them.

use super::svg::{escape_into, Num};
use super::*;
use crate::grid::{Cell, Connectivity, Grid, GridCosts};
use crate::open_set::{BinaryHeap, DaryHeap};
use crate::store::{HashStore, IndexedStore, PagedStore};
use crate::{AStar, Graph, Query};

/// Checks that `svg` is well-formed XML as far as these pictures go: one
/// declaration, then one `<svg>` root; every tag closed in order; every
/// attribute `name="value"` without `<` or `"` inside; `&` only in the
/// five entities. Returns the element names in document order.
fn well_formed(svg: &str) -> Result<Vec<String>, String> {
    let body = svg
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .ok_or("no XML declaration")?;
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = body;
    let mut roots = 0;
    while let Some(open) = rest.find('<') {
        check_text(&rest[..open])?;
        let close = rest[open..].find('>').ok_or("unclosed tag")? + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack.pop().ok_or(format!("</{name}> closes nothing"))?;
            if top != name {
                return Err(format!("</{name}> closes <{top}>"));
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = &tag[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("bad element name in <{tag}>"));
        }
        check_attributes(&tag[name_end..])?;
        if stack.is_empty() {
            roots += 1;
            if name != "svg" {
                return Err(format!("root <{name}>"));
            }
        }
        names.push(name.to_string());
        if !self_closing {
            stack.push(name.to_string());
        }
    }
    check_text(rest)?;
    if !stack.is_empty() {
        return Err(format!("unclosed {stack:?}"));
    }
    if roots != 1 || !rest.trim().is_empty() {
        return Err(format!("{roots} roots, trailing {rest:?}"));
    }
    Ok(names)
}

fn check_text(text: &str) -> Result<(), String> {
    if text.contains('>') {
        return Err(format!("raw '>' in {text:?}"));
    }
    check_entities(text)
}

fn check_entities(text: &str) -> Result<(), String> {
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        rest = &rest[i..];
        let ok = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
            .iter()
            .any(|e| rest.starts_with(e));
        if !ok {
            return Err(format!("bare '&' in {text:?}"));
        }
        rest = &rest[1..];
    }
    Ok(())
}

fn check_attributes(mut attrs: &str) -> Result<(), String> {
    loop {
        attrs = attrs.trim_start();
        if attrs.is_empty() {
            return Ok(());
        }
        let eq = attrs
            .find("=\"")
            .ok_or(format!("attribute without value: {attrs:?}"))?;
        let name = &attrs[..eq];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("bad attribute name {name:?}"));
        }
        let value_start = eq + 2;
        let len = attrs[value_start..].find('"').ok_or("unterminated value")?;
        let value = &attrs[value_start..value_start + len];
        if value.contains('<') {
            return Err(format!("'<' in attribute {name}"));
        }
        check_entities(value)?;
        attrs = &attrs[value_start + len + 1..];
    }
}

/// The text of the first `<g class="{class}"...>` group, up to its `</g>`
/// (groups of these pictures nest one level at most).
fn group<'a>(svg: &'a str, class: &str) -> &'a str {
    let start = svg
        .find(&format!("<g class=\"{class}\""))
        .unwrap_or_else(|| panic!("no {class} group"));
    let body = &svg[start..];
    let mut depth = 0;
    let mut at = 0;
    while let Some(i) = body[at..]
        .find("<g")
        .into_iter()
        .chain(body[at..].find("</g>"))
        .min()
    {
        let i = at + i;
        if body[i..].starts_with("</g>") {
            depth -= 1;
            if depth == 0 {
                return &body[..i];
            }
        } else {
            depth += 1;
        }
        at = i + 2;
    }
    body
}

/// The cells the runs `M x y h len v1 h -len z` of `text` cover, each as
/// `(x, y)`.
fn run_cells(text: &str) -> Vec<(u32, u32)> {
    let mut cells = Vec::new();
    for part in text.split('M').skip(1) {
        let Some((head, _)) = part.split_once("v1h-") else {
            continue;
        };
        let Some((xy, len)) = head.split_once('h') else {
            continue;
        };
        let Some((x, y)) = xy.split_once(' ') else {
            continue;
        };
        let (x, y, len): (u32, u32, u32) =
            (x.parse().unwrap(), y.parse().unwrap(), len.parse().unwrap());
        cells.extend((x..x + len).map(|x| (x, y)));
    }
    cells
}

/// A 40 x 30 grid with a few walls, seeded.
fn test_grid(seed: u64) -> Grid<crate::Length> {
    let mut s = seed;
    Grid::from_fn(40, 30, Connectivity::Eight, GridCosts::octile(), |c| {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let keep = (s >> 33) % 100 >= 20;
        keep || c == Cell::new(1, 1) || c == Cell::new(38, 28)
    })
    .unwrap()
}

#[test]
fn numbers_are_short_and_finite() {
    let shown: Vec<String> = [
        3.0,
        2.5,
        1.0 / 3.0,
        -1.25,
        0.001,
        f64::NAN,
        f64::INFINITY,
        256.0,
    ]
    .iter()
    .map(|&v| Num(v).to_string())
    .collect();
    assert_eq!(shown, ["3", "2.5", "0.33", "-1.25", "0", "0", "0", "256"]);
}

#[test]
fn text_is_escaped() {
    let mut out = String::new();
    escape_into(&mut out, "a<b & \"c\" 'd'>\u{1}\u{7}\tz");
    assert_eq!(out, "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;\tz");

    let mut picture = GridPicture::blank(10, 4);
    picture
        .title("<script>alert('x')</script> & co")
        .note("w < 2 && \"quoted\"\u{0}");
    let svg = picture.to_svg();
    well_formed(&svg).unwrap();
    assert!(!svg.contains("<script"));
    assert!(
        svg.contains("<title>&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; co</title>")
    );
    assert!(svg.contains("w &lt; 2 &amp;&amp; &quot;quoted&quot;</text>"));
}

#[test]
fn the_checker_catches_bad_documents() {
    let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    for bad in [
        "<svg><g></svg>",
        "<svg><g></g>",
        "<svg a=\"1\" b></svg>",
        "<svg>a & b</svg>",
        "<svg><title>x</svg></title>",
        "<svg/><svg/>",
    ] {
        assert!(well_formed(&format!("{head}{bad}")).is_err(), "{bad}");
    }
    assert!(well_formed(&format!("{head}<svg a=\"&amp;\"><g/></svg>\n")).is_ok());
}

#[test]
fn walls_merge_into_runs() {
    // Row 1 blocked from x = 2 to 6, and cell (0, 3).
    let grid = Grid::from_fn(8, 4, Connectivity::Four, GridCosts::new(1u32, 1), |c| {
        !((c.y == 1 && (2..7).contains(&c.x)) || c == Cell::new(0, 3))
    })
    .unwrap();
    let svg = GridPicture::new(&grid).to_svg();
    well_formed(&svg).unwrap();
    let map = group(&svg, "map");
    assert_eq!(run_cells(map).len(), 6);
    assert!(map.contains("M2 1h5v1h-5zM0 3h1v1h-1z"));
}

#[test]
fn terrain_shades_only_weighted_cells_darker_when_dearer() {
    let mut grid = Grid::new(6, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    grid.set_terrain(Cell::new(1, 0), 2).unwrap();
    grid.set_terrain(Cell::new(4, 0), 9).unwrap();
    let svg = GridPicture::new(&grid).to_svg();
    let map = group(&svg, "map");
    assert_eq!(run_cells(map), [(1, 0), (4, 0)]);
    // Two fills, the dearer one darker.
    let fills: Vec<u32> = map
        .split("fill=\"#")
        .skip(1)
        .map(|f| {
            let hex = &f[..6];
            (0..3)
                .map(|i| u32::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
                .sum()
        })
        .collect();
    assert_eq!(fills.len(), 2);
    assert!(fills[1] < fills[0], "{map}");
}

#[test]
fn shaded_cells_are_the_expansions() {
    for seed in 1..6 {
        let grid = test_grid(seed);
        let (start, goal) = (Cell::new(1, 1), Cell::new(38, 28));
        let recorder = Recorder::new(&grid);
        let mut engine = AStar::new(DaryHeap::<_, 4>::new(), IndexedStore::new());
        let r = engine.search(&recorder, Query::new(start, goal, grid.heuristic(goal)));
        let expanded = recorder.expanded_nodes();
        assert_eq!(expanded.len() as u64, r.stats.expanded);
        let sets = SearchSets::read(&recorder, engine.store());
        let mut picture = GridPicture::new(&grid);
        picture
            .expanded(expanded.iter().copied())
            .open(sets.open.iter().copied());
        if let Some(path) = r.found() {
            picture
                .path(path.nodes.iter().copied())
                .endpoints(start, goal);
        }
        let svg = picture.to_svg();
        well_formed(&svg).unwrap();
        // Every expanded cell once, and nothing else.
        let mut shaded = run_cells(group(&svg, "expanded"));
        shaded.sort_unstable();
        let mut want: Vec<(u32, u32)> = expanded.iter().map(|c| (c.x, c.y)).collect();
        want.sort_unstable();
        assert_eq!(shaded, want, "seed {seed}");
        let mut open = run_cells(group(&svg, "open"));
        open.sort_unstable();
        let mut want: Vec<(u32, u32)> = sets.open.iter().map(|c| (c.x, c.y)).collect();
        want.sort_unstable();
        assert_eq!(open, want);
        assert!(svg.contains(&format!(
            "<desc>expanded-cells {} expansions {} open-cells {}",
            r.stats.expanded,
            r.stats.expanded,
            sets.open.len()
        )));
        // The path: its points in order, through the centres.
        if let Some(path) = r.found() {
            let points: Vec<String> = path
                .nodes
                .iter()
                .map(|c| format!("{}.5,{}.5", c.x, c.y))
                .collect();
            assert!(group(&svg, "path").contains(&format!("points=\"{}\"", points.join(" "))));
        }
    }
}

#[test]
fn ramp_runs_from_first_to_last() {
    let mut picture = GridPicture::blank(64, 1);
    picture.expanded((0..64).map(|x| Cell::new(x, 0)));
    let svg = picture.to_svg();
    let g = group(&svg, "expanded");
    // 32 shades of two cells each, from the ramp's first colour to its last.
    assert_eq!(g.matches("<path").count(), 32);
    assert!(g.contains(&format!("<path fill=\"{}\" d=\"M0 0h2v1h-2z\"", ramp(0.0))));
    assert!(g.contains(&format!("<path fill=\"{}\" d=\"M62 0h2v1h-2z\"", ramp(1.0))));
}

#[test]
fn bad_input_is_left_out_not_a_panic() {
    let mut picture = GridPicture::blank(5, 5);
    picture
        .scale(f64::NAN)
        .scale(-2.0)
        .expanded([
            Cell::new(5, 0),
            Cell::new(0, 5),
            Cell::new(u32::MAX, u32::MAX),
            Cell::new(4, 4),
        ])
        .open([Cell::new(7, 7)])
        .cells([Cell::new(9, 0)], Style::fill(Rgb::new(1, 2, 3)))
        .path([
            Point::new(f64::NAN, 1.0),
            Point::new(1.0, f64::INFINITY),
            Point::new(2.0, 2.0),
        ])
        .polyline(
            [Point::new(f64::NEG_INFINITY, 0.0)],
            Style::stroke(Rgb::new(0, 0, 0), f64::NAN),
        )
        .polygon(
            Vec::<Point>::new(),
            Style::fill(Rgb::new(0, 0, 0)).with_opacity(f64::NAN),
        )
        .segments(
            [(Point::new(0.0, 0.0), Point::new(f64::NAN, 0.0))],
            Style::stroke(Rgb::new(0, 0, 0), 1.0),
        )
        .marker(
            Point::new(1e308 * 10.0, 0.0),
            f64::NAN,
            Style::fill(Rgb::new(0, 0, 0)),
        )
        .endpoints(Cell::new(0, 0), Cell::new(99, 99));
    let d = picture.drawn();
    assert_eq!(
        (d.expanded_cells, d.expansions, d.open_cells, d.path_points),
        (1, 4, 0, 1)
    );
    assert_eq!(d.skipped, 3 + 1 + 1 + 2 + 1 + 1 + 1);
    let svg = picture.to_svg();
    well_formed(&svg).unwrap();
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
    // An empty map is a picture too.
    well_formed(&GridPicture::blank(0, 0).to_svg()).unwrap();
}

#[test]
fn dots_and_frames() {
    let mut picture = GridPicture::blank(10, 10);
    picture.expanded_dots([Cell::new(1, 1), Cell::new(5, 5), Cell::new(1, 1)], 0.8);
    picture.segments(
        [(Cell::new(1, 1), Cell::new(5, 5))],
        Style::stroke(Rgb::new(0, 0, 0), 0.2),
    );
    let svg = picture.to_svg();
    well_formed(&svg).unwrap();
    assert_eq!(group(&svg, "expanded").matches("<circle").count(), 2);
    assert!(svg.contains("d=\"M1.5 1.5L5.5 5.5\""));

    let mut picture = GridPicture::blank(10, 1);
    picture.expanded_frames((0..10).map(|x| (Cell::new(x, 0), x / 4)), 0);
    let svg = picture.to_svg();
    well_formed(&svg).unwrap();
    let g = group(&svg, "expanded");
    assert_eq!(g.matches("<path").count(), 3);
    assert!(g.contains(&format!("<path fill=\"{}\" d=\"M8 0h2v1h-2z\"", ramp(1.0))));
    assert!(svg.contains(">frame 2</text>"));
    // The ramp spread over more frames than given: frame 2 of 5 is mid-way.
    let mut picture = GridPicture::blank(10, 1);
    picture.expanded_frames((0..10).map(|x| (Cell::new(x, 0), x / 4)), 5);
    let svg = picture.to_svg();
    assert!(svg.contains(&format!("<path fill=\"{}\" d=\"M8 0h2v1h-2z\"", ramp(0.5))));
    assert!(svg.contains(">frame 4</text>"));
}

#[test]
fn recorder_passes_everything_through() {
    let grid = test_grid(7);
    let (start, goal) = (Cell::new(1, 1), Cell::new(38, 28));
    let query = || Query::new(start, goal, grid.heuristic(goal));
    let plain = crate::search(&grid, query());
    // One-shot (the thread's spare engine, through the recorder's ids),
    // a hash store and a paged store: the same search, logged.
    let recorder = Recorder::new(&grid);
    let one_shot = crate::search(&recorder, query());
    assert_eq!(one_shot, plain);
    assert_eq!(recorder.len() as u64, plain.stats.expanded);
    recorder.clear();
    let mut hashed = AStar::new(BinaryHeap::new(), HashStore::new());
    let r = hashed.search(&recorder, query());
    assert_eq!(r.outcome, plain.outcome);
    assert_eq!(recorder.take().len() as u64, r.stats.expanded);
    let sets = SearchSets::read(&recorder, hashed.store());
    assert!(sets.complete);
    assert_eq!(sets.open.len() + sets.closed.len(), r.stats.stored);
    let mut paged = AStar::new(BinaryHeap::new(), PagedStore::new());
    let r = paged.search(&recorder, query());
    assert_eq!(recorder.len() as u64, r.stats.expanded);
    let sets = SearchSets::read(&recorder, paged.store());
    assert!(sets.complete);
    assert_eq!(sets.open.len() + sets.closed.len(), r.stats.stored);
    assert!(sets.closed.contains(&goal));
    assert_eq!(Graph::version(&recorder), Graph::version(&grid));
    let (_, log) = recorder.into_parts();
    assert_eq!(log.len() as u64, r.stats.expanded);
}

#[test]
fn recorder_without_dense_ids() {
    let line = crate::graph::from_fn(|n: i64, edge: &mut dyn FnMut(i64, u32)| {
        edge(n - 1, 1);
        edge(n + 1, 1);
    });
    let recorder = Recorder::new(&line);
    let r = crate::astar(&recorder, 0, 6, |n: i64| n.abs_diff(6) as u32);
    assert_eq!(r.found().unwrap().cost, 6);
    assert_eq!(recorder.expanded_nodes(), [0, 1, 2, 3, 4, 5]);
    assert_eq!(crate::DenseIds::node_index(&recorder, 3), None);
    // An array-backed store refuses it with an error, not a panic.
    let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    let r = engine.search(
        &recorder,
        Query::new(0i64, 6, |n: i64| n.abs_diff(6) as u32),
    );
    assert!(r.error().is_some(), "{r:?}");
}

#[test]
fn long_caption_lines_wrap_at_words() {
    let mut picture = GridPicture::blank(100, 20);
    picture.scale(4.0); // a font of 3.5 cells: about 50 characters a line
    let note = "word ".repeat(40);
    picture.title("short").note(note.trim());
    let svg = picture.to_svg();
    well_formed(&svg).unwrap();
    let texts: Vec<&str> = svg
        .split("<text ")
        .skip(1)
        .map(|t| &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()])
        .collect();
    assert_eq!(texts[0], "short");
    let words: usize = texts[1..].iter().map(|t| t.split(' ').count()).sum();
    assert_eq!(words, 40);
    assert!(texts.len() > 3, "{texts:?}");
    assert!(texts[1..].iter().all(|t| t.len() <= 50), "{texts:?}");
}
