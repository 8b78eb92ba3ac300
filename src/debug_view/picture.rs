//! [`GridPicture`]: the map (floor, terrain, walls), a caption, and the
//! SVG document; the layers drawn over the map are in `layers.rs`.

use core::fmt::Write;

use super::style::{ramp, Rgb};
use super::svg::{escape_into, runs_of, runs_path, Num, Run};
use crate::cost::Cost;
use crate::grid::{Cell, Grid};

/// The floor: passable ground of weight one.
pub(crate) const FLOOR: Rgb = Rgb::new(0xfa, 0xfa, 0xf5);
/// Blocked cells.
pub(crate) const WALL: Rgb = Rgb::new(0x3a, 0x3a, 0x3a);
/// Terrain: from the cheapest weight drawn to the dearest.
const TERRAIN_LIGHT: Rgb = Rgb::new(0xf0, 0xe6, 0xcc);
const TERRAIN_DARK: Rgb = Rgb::new(0xa8, 0x7a, 0x48);
/// Shades of terrain told apart.
const TERRAIN_LEVELS: usize = 8;
/// Caption text, in pixels of the finished picture.
const FONT_PX: f64 = 14.0;
/// The width the picture aims at, in pixels, unless [`GridPicture::scale`]
/// says otherwise.
const TARGET_PX: f64 = 800.0;

/// What a picture has drawn so far, in cells and points: what it shows,
/// for a caption or a check.
///
/// # Example
/// See [`GridPicture`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Drawn {
    /// Cells shaded as expanded (each once, however often it was
    /// expanded), over every expanded layer.
    pub expanded_cells: usize,
    /// Expansions handed to the expanded layers (repeats included).
    pub expansions: usize,
    /// Cells shaded as open.
    pub open_cells: usize,
    /// Points of the paths drawn.
    pub path_points: usize,
    /// Cells outside the map and points not finite, left out.
    pub skipped: usize,
}

/// A picture of a grid search, written as SVG text: the map (floor,
/// terrain weights as shades of brown, darker for dearer, walls), then the
/// layers in the order they are added (the cells expanded shaded by order,
/// the open set, the path, start and goal, or any cell sets, lines,
/// polygons and markers of your own), and a caption under the map.
///
/// Coordinates are in cells ([`Point`](super::Point)): the picture is
/// `width` by `height` units, scaled to about 800 pixels wide
/// ([`scale`](GridPicture::scale) sets pixels per cell). Runs of equal
/// cells in a row are merged into one rectangle and every colour is one
/// `<path>`, so a 256 x 257 map with a search on it takes a few hundred
/// kilobytes. Each layer is a `<g>` whose `class` names it (`expanded`,
/// `open`, `path`, `cells`, ...); `<desc>` gives the counts of
/// [`drawn`](GridPicture::drawn). Text is escaped; cells outside the map
/// and points that are not finite are left out (counted in
/// [`Drawn::skipped`]), never a panic.
///
/// # Example
/// ```
/// use pathseek::debug_view::{GridPicture, Recorder, SearchSets};
/// use pathseek::{open_set::DaryHeap, store::IndexedStore};
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query};
///
/// let grid = Grid::from_fn(24, 12, Connectivity::Eight, GridCosts::octile(), |c| c.x != 12 || c.y > 8)?;
/// let (start, goal) = (Cell::new(2, 2), Cell::new(21, 3));
/// let recorder = Recorder::new(&grid);
/// let mut engine = AStar::new(DaryHeap::<_, 4>::new(), IndexedStore::new());
/// let r = engine.search(&recorder, Query::new(start, goal, grid.heuristic(goal)));
/// let path = r.found().expect("round the wall");
/// let sets = SearchSets::read(&recorder, engine.store());
///
/// let mut picture = GridPicture::new(&grid);
/// picture
///     .title("A*, octile costs")
///     .expanded(recorder.expanded_nodes())
///     .open(sets.open)
///     .path(path.nodes.iter().copied())
///     .endpoints(start, goal);
/// assert_eq!(picture.drawn().expanded_cells as u64, r.stats.expanded);
/// let svg = picture.to_svg();
/// assert!(svg.starts_with("<?xml") && svg.ends_with("</svg>\n"));
/// // std::fs::write("search.svg", svg)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GridPicture {
    pub(crate) width: u32,
    pub(crate) height: u32,
    scale: Option<f64>,
    title: Option<String>,
    notes: Vec<String>,
    /// The map: floor, terrain and walls, as SVG elements.
    base: String,
    /// The layers, as SVG elements, in the order added.
    pub(crate) layers: String,
    /// The labels of the ends of the colour ramp, once a layer used it.
    pub(crate) legend: Option<(String, String)>,
    /// Whether a start or goal marker was drawn (the caption explains them).
    pub(crate) endpoints: bool,
    /// Whether an open set was drawn (the caption explains its colour).
    pub(crate) open_shown: bool,
    pub(crate) drawn: Drawn,
}

impl GridPicture {
    /// A picture of `grid`: its floor, terrain weights (shaded in up to 8
    /// steps between the smallest and largest weight other than one) and
    /// walls.
    ///
    /// # Example
    /// ```
    /// use pathseek::debug_view::GridPicture;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(8, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// grid.set_passable(Cell::new(3, 1), false)?;
    /// grid.set_terrain(Cell::new(5, 2), 4)?;
    /// let svg = GridPicture::new(&grid).to_svg();
    /// assert!(svg.contains("M3 1h1v1h-1z")); // the wall
    /// assert!(svg.contains("M5 2h1v1h-1z")); // the mud
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn new<C: Cost>(grid: &Grid<C>) -> Self {
        let (w, h) = (grid.width(), grid.height());
        let mut picture = GridPicture::blank(w, h);
        let cells = || (0..h).flat_map(move |y| (0..w).map(move |x| Cell::new(x, y)));
        let mut base = String::new();
        if grid.has_terrain() {
            let weight = |c: Cell| grid.terrain(c).as_f64();
            let shaded = || {
                cells()
                    .filter(|&c| grid.is_passable(c) && weight(c).is_finite() && weight(c) != 1.0)
            };
            let (lo, hi) = shaded().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), c| {
                (lo.min(weight(c)), hi.max(weight(c)))
            });
            let level = |c: Cell| {
                if hi > lo {
                    let t = (weight(c) - lo) / (hi - lo) * TERRAIN_LEVELS as f64;
                    (t.floor() as usize).min(TERRAIN_LEVELS - 1)
                } else {
                    TERRAIN_LEVELS - 1
                }
            };
            let mut levels: Vec<Vec<(u32, u32)>> = vec![Vec::new(); TERRAIN_LEVELS];
            for c in shaded() {
                levels[level(c)].push((c.y, c.x));
            }
            for (i, cells) in levels.into_iter().enumerate() {
                let t = i as f64 / (TERRAIN_LEVELS - 1) as f64;
                runs_path(
                    &mut base,
                    TERRAIN_LIGHT.mix(TERRAIN_DARK, t),
                    &runs_of(cells),
                );
            }
        }
        let walls = runs_of(
            cells()
                .filter(|&c| !grid.is_passable(c))
                .map(|c| (c.y, c.x)),
        );
        runs_path(&mut base, WALL, &walls);
        picture.base = base;
        picture
    }

    /// A picture of a `width` by `height` map with nothing on it but floor:
    /// for maps that are not a [`Grid`] (draw their walls with
    /// [`cells`](GridPicture::cells) or [`polygon`](GridPicture::polygon)).
    pub fn blank(width: u32, height: u32) -> Self {
        GridPicture {
            width,
            height,
            scale: None,
            title: None,
            notes: Vec::new(),
            base: String::new(),
            layers: String::new(),
            legend: None,
            endpoints: false,
            open_shown: false,
            drawn: Drawn::default(),
        }
    }

    /// Pixels per cell in the finished picture (a number that is not
    /// positive and finite is ignored). By default the picture is about
    /// 800 pixels wide, and at least 1 and at most 40 pixels per cell. Set
    /// it before adding layers: the sizes the picture chooses itself (the
    /// path's width, the start and goal markers) follow the scale at the
    /// time they are drawn.
    pub fn scale(&mut self, pixels_per_cell: f64) -> &mut Self {
        if pixels_per_cell.is_finite() && pixels_per_cell > 0.0 {
            self.scale = Some(pixels_per_cell);
        }
        self
    }

    /// The picture's title: the SVG `<title>` and the caption's first line.
    pub fn title(&mut self, text: impl Into<String>) -> &mut Self {
        self.title = Some(text.into());
        self
    }

    /// A line of the caption, under the title.
    pub fn note(&mut self, text: impl Into<String>) -> &mut Self {
        self.notes.push(text.into());
        self
    }

    /// What the picture has drawn so far.
    pub fn drawn(&self) -> Drawn {
        self.drawn
    }

    /// Whether `cell` lies on the map.
    pub(crate) fn on_map(&self, x: i64, y: i64) -> bool {
        (0..i64::from(self.width)).contains(&x) && (0..i64::from(self.height)).contains(&y)
    }

    /// A size of `pixels` in the finished picture, in cells, but at least
    /// `cells`: how the picture sizes what it draws on its own (the path's
    /// width, the start and goal), so they look alike on large and small maps.
    pub(crate) fn size(&self, pixels: f64, cells: f64) -> f64 {
        (pixels / self.pixels_per_cell()).max(cells)
    }

    pub(crate) fn pixels_per_cell(&self) -> f64 {
        self.scale
            .unwrap_or_else(|| (TARGET_PX / f64::from(self.width.max(1))).clamp(1.0, 40.0))
    }

    /// The SVG document.
    pub fn to_svg(&self) -> String {
        let scale = self.pixels_per_cell();
        let font = FONT_PX / scale;
        let line = font * 1.5;
        // Lines wrapped at words to the map's width (at about 0.55 em a
        // character), so none runs off the picture.
        let room = ((f64::from(self.width) - font) / (font * 0.55)).max(12.0) as usize;
        let mut lines: Vec<(String, bool)> = Vec::new();
        if let Some(t) = &self.title {
            lines.extend(wrap(t, room).into_iter().map(|l| (l, true)));
        }
        for n in &self.notes {
            lines.extend(wrap(n, room).into_iter().map(|l| (l, false)));
        }
        let mut rows = lines.len();
        if self.legend.is_some() || self.endpoints || self.open_shown {
            rows += 1;
        }
        let caption = if rows == 0 {
            0.0
        } else {
            line * rows as f64 + font * 0.6
        };
        let (w, h) = (f64::from(self.width), f64::from(self.height) + caption);
        let mut out = String::with_capacity(self.base.len() + self.layers.len() + 2048);
        let _ = writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" \
             viewBox=\"0 0 {} {}\" font-family=\"sans-serif\">",
            Num((w * scale).ceil()),
            Num((h * scale).ceil()),
            Num(w),
            Num(h)
        );
        if let Some(t) = &self.title {
            out.push_str("<title>");
            escape_into(&mut out, t);
            out.push_str("</title>\n");
        }
        let d = self.drawn;
        let _ = writeln!(
            out,
            "<desc>expanded-cells {} expansions {} open-cells {} path-points {} skipped {}</desc>",
            d.expanded_cells, d.expansions, d.open_cells, d.path_points, d.skipped
        );
        let _ = writeln!(
            out,
            "<rect class=\"floor\" width=\"{}\" height=\"{}\" fill=\"{FLOOR}\"/>",
            self.width, self.height
        );
        let _ = writeln!(
            out,
            "<g class=\"map\" shape-rendering=\"crispEdges\">\n{}</g>",
            self.base
        );
        out.push_str(&self.layers);
        if rows > 0 {
            self.caption(&mut out, &lines, font, line, caption);
        }
        out.push_str("</svg>\n");
        out
    }

    /// The caption under the map: the title, the notes, and a row with the
    /// colour ramp's legend and the start and goal markers.
    fn caption(
        &self,
        out: &mut String,
        lines: &[(String, bool)],
        font: f64,
        line: f64,
        height: f64,
    ) {
        let top = f64::from(self.height);
        let _ = writeln!(
            out,
            "<g class=\"caption\" font-size=\"{}\" fill=\"#222222\">",
            Num(font)
        );
        let _ = writeln!(
            out,
            "<rect y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            Num(top),
            self.width,
            Num(height)
        );
        let mut y = top + line;
        let x = font * 0.5;
        for (text, bold) in lines {
            let weight = if *bold { " font-weight=\"bold\"" } else { "" };
            let _ = write!(out, "<text x=\"{}\" y=\"{}\"{weight}>", Num(x), Num(y));
            escape_into(out, text);
            out.push_str("</text>\n");
            y += line;
        }
        let mut x = font * 0.5;
        if let Some((first, last)) = &self.legend {
            x = self.legend_row(out, x, y, font, first, last);
        }
        if self.open_shown {
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                Num(x),
                Num(y - font * 0.75),
                Num(font * 0.8),
                Num(font * 0.8),
                super::layers::OPEN
            );
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\">open</text>",
                Num(x + font),
                Num(y)
            );
            x += font * 5.0;
        }
        if self.endpoints {
            for (label, colour) in [
                ("start", super::layers::START),
                ("goal", super::layers::GOAL),
            ] {
                let _ = write!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\"/>",
                    Num(x + font * 0.4),
                    Num(y - font * 0.35),
                    Num(font * 0.4)
                );
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\">{label}</text>",
                    Num(x + font),
                    Num(y)
                );
                x += font * 5.0;
            }
        }
        out.push_str("</g>\n");
    }

    /// The colour ramp from `first` to `last`, at `x` on the baseline `y`;
    /// returns where the row goes on.
    fn legend_row(
        &self,
        out: &mut String,
        x: f64,
        y: f64,
        font: f64,
        first: &str,
        last: &str,
    ) -> f64 {
        let mut x = x;
        let _ = write!(out, "<text x=\"{}\" y=\"{}\">", Num(x), Num(y));
        escape_into(out, first);
        out.push_str("</text>\n");
        x += font * 0.6 * first.chars().count() as f64 + font * 0.5;
        let steps = 24;
        let step = font * 0.6;
        for i in 0..steps {
            let colour = ramp(f64::from(i) / f64::from(steps - 1));
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{colour}\"/>",
                Num(x + step * f64::from(i)),
                Num(y - font * 0.8),
                Num(step + 0.01),
                Num(font)
            );
        }
        out.push('\n');
        x += step * f64::from(steps) + font * 0.5;
        let _ = write!(out, "<text x=\"{}\" y=\"{}\">", Num(x), Num(y));
        escape_into(out, last);
        out.push_str("</text>\n");
        x + font * 0.6 * last.chars().count() as f64 + font * 1.5
    }
}

/// `text` cut at spaces into lines of at most `room` characters (a longer
/// word is a line of its own); at least one line.
fn wrap(text: &str, room: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.len() - 1;
        let line = &mut lines[last];
        if line.is_empty() {
            line.push_str(word);
        } else if line.chars().count() + 1 + word.chars().count() <= room {
            line.push(' ');
            line.push_str(word);
        } else {
            lines.push(word.to_string());
        }
    }
    lines
}

/// Runs of cells, sorted by row then column, each given once.
pub(crate) fn sorted_runs(mut cells: Vec<(u32, u32)>) -> Vec<Run> {
    cells.sort_unstable();
    cells.dedup();
    runs_of(cells)
}
