//! The layers of a [`GridPicture`]: the search's (expanded cells, open set,
//! path, start and goal) and general ones (cell sets, lines, polygons,
//! markers) for whatever else is to be shown.

use core::fmt::Write;

use super::picture::{sorted_runs, GridPicture};
use super::style::{positive_or, ramp, Point, Rgb, Style};
use super::svg::{runs_of, runs_path, runs_path_styled, style_attrs, Num};
use crate::grid::Cell;

/// Start marker.
pub(crate) const START: Rgb = Rgb::new(0x1a, 0x9e, 0x3a);
/// Goal marker.
pub(crate) const GOAL: Rgb = Rgb::new(0xd0, 0x10, 0x2c);
/// The open set.
pub(crate) const OPEN: Rgb = Rgb::new(0xf2, 0x8c, 0xc8);
/// The path and its halo.
const PATH: Rgb = Rgb::new(0xd0, 0x10, 0x2c);
const HALO: Rgb = Rgb::new(0xff, 0xff, 0xff);
/// Colours of the ramp an expanded layer is shaded in: neighbours in a row
/// with the same colour merge into one rectangle.
const SHADES: u64 = 32;

impl GridPicture {
    /// The cells expanded, in the order given (first first), shaded from
    /// the start of the colour ramp to its end ([`ramp`]) in 32 steps; a
    /// cell given more than once (reopened) is shaded by its first time.
    /// Feed it [`Recorder::expanded_nodes`](super::Recorder::expanded_nodes).
    ///
    /// # Example
    /// ```
    /// use pathseek::debug_view::GridPicture;
    /// use pathseek::Cell;
    /// let mut picture = GridPicture::blank(4, 1);
    /// picture.expanded([Cell::new(0, 0), Cell::new(1, 0), Cell::new(1, 0), Cell::new(9, 9)]);
    /// let d = picture.drawn();
    /// assert_eq!((d.expanded_cells, d.expansions, d.skipped), (2, 4, 1));
    /// ```
    pub fn expanded(&mut self, cells: impl IntoIterator<Item = Cell>) -> &mut Self {
        let cells: Vec<Cell> = cells.into_iter().collect();
        let n = cells.len() as u64;
        let shade = |i: u64| i.saturating_mul(SHADES) / n.max(1);
        let items = cells.iter().enumerate().map(|(i, &c)| (c, shade(i as u64)));
        self.shade(
            "expanded",
            items,
            |s| ramp(s as f64 / (SHADES - 1) as f64),
            None,
        );
        self.ramp_legend("first expanded", "last expanded");
        self
    }

    /// [`expanded`](GridPicture::expanded) drawn as dots of `radius` cells
    /// at the cells' centres instead of whole cells: for searches that
    /// expand few, far-apart nodes (jump points), which single cells would
    /// hide. A radius that is not positive and finite becomes 1.
    pub fn expanded_dots(
        &mut self,
        cells: impl IntoIterator<Item = Cell>,
        radius: f64,
    ) -> &mut Self {
        let cells: Vec<Cell> = cells.into_iter().collect();
        let n = cells.len() as u64;
        let shade = |i: u64| i.saturating_mul(SHADES) / n.max(1);
        let items = cells.iter().enumerate().map(|(i, &c)| (c, shade(i as u64)));
        let radius = positive_or(radius, 1.0);
        self.shade(
            "expanded",
            items,
            |s| ramp(s as f64 / (SHADES - 1) as f64),
            Some(radius),
        );
        self.ramp_legend("first expanded", "last expanded");
        self
    }

    /// The cells expanded, each with the frame it was expanded in (a
    /// search spread over frames: [`Expanded::frame`](super::Expanded::frame)),
    /// one colour per frame along the ramp from frame 0 to frame
    /// `frames - 1` (or to the last frame given, if later: pass 0 to fit the
    /// ramp to the frames given; pass the search's frame count to draw
    /// every frame's picture in the same colours). A cell given more than
    /// once is shaded by its first time.
    ///
    /// # Example
    /// ```
    /// use pathseek::debug_view::GridPicture;
    /// use pathseek::Cell;
    /// let mut picture = GridPicture::blank(4, 1);
    /// picture.expanded_frames([(Cell::new(0, 0), 0), (Cell::new(1, 0), 0), (Cell::new(2, 0), 1)], 0);
    /// let svg = picture.to_svg();
    /// assert!(svg.contains("M0 0h2v1h-2z")); // frame 0: one run of two cells
    /// assert!(svg.contains("M2 0h1v1h-1z")); // frame 1
    /// ```
    pub fn expanded_frames(
        &mut self,
        cells: impl IntoIterator<Item = (Cell, u32)>,
        frames: u32,
    ) -> &mut Self {
        let cells: Vec<(Cell, u32)> = cells.into_iter().collect();
        let given = cells.iter().map(|&(_, f)| f).max().unwrap_or(0);
        let last = given.max(frames.saturating_sub(1));
        let colour = |f: u64| {
            ramp(if last == 0 {
                0.0
            } else {
                f as f64 / f64::from(last)
            })
        };
        self.shade(
            "expanded",
            cells.iter().map(|&(c, f)| (c, u64::from(f))),
            colour,
            None,
        );
        self.ramp_legend("frame 0", &format!("frame {last}"));
        self
    }

    /// The open set: each cell shaded pink. Feed it
    /// [`SearchSets::open`](super::SearchSets::open).
    pub fn open(&mut self, cells: impl IntoIterator<Item = Cell>) -> &mut Self {
        self.open_layer(cells, None)
    }

    /// [`open`](GridPicture::open) drawn as pink dots of `radius` cells (a
    /// radius that is not positive and finite becomes 1): for searches whose
    /// open nodes are few and far apart (jump points).
    pub fn open_dots(&mut self, cells: impl IntoIterator<Item = Cell>, radius: f64) -> &mut Self {
        self.open_layer(cells, Some(positive_or(radius, 1.0)))
    }

    fn open_layer(
        &mut self,
        cells: impl IntoIterator<Item = Cell>,
        dots: Option<f64>,
    ) -> &mut Self {
        let cells = self.on_map_cells(cells);
        let runs = sorted_runs(cells);
        let count: usize = runs.iter().map(|r| r.len as usize).sum();
        self.drawn.open_cells += count;
        self.open_shown = true;
        match dots {
            None => {
                self.layers
                    .push_str("<g class=\"open\" shape-rendering=\"crispEdges\">\n");
                runs_path(&mut self.layers, OPEN, &runs);
            }
            Some(r) => {
                let _ = writeln!(
                    self.layers,
                    "<g class=\"open\" fill=\"{OPEN}\" stroke=\"{}\" stroke-width=\"{}\">",
                    Rgb::new(0x90, 0x20, 0x60),
                    Num(r * 0.25)
                );
                for run in &runs {
                    for x in run.x..run.x + run.len {
                        self.write_circle(Point::from(Cell::new(x, run.y)), r, "");
                    }
                }
            }
        }
        self.layers.push_str("</g>\n");
        self
    }

    /// Any set of cells in `style` (its fill, else its stroke's colour, else
    /// grey): a region, a cluster of a hierarchy, the cells a method
    /// scanned. Cells given twice are drawn once.
    ///
    /// # Example
    /// ```
    /// use pathseek::debug_view::{GridPicture, Rgb, Style};
    /// use pathseek::Cell;
    /// let mut picture = GridPicture::blank(8, 8);
    /// let room = (2..5).flat_map(|y| (1..7).map(move |x| Cell::new(x, y)));
    /// picture.cells(room, Style::fill(Rgb::new(120, 200, 255)).with_opacity(0.5));
    /// assert!(picture.to_svg().contains("M1 2h6v1h-6zM1 3h6v1h-6zM1 4h6v1h-6z"));
    /// ```
    pub fn cells(&mut self, cells: impl IntoIterator<Item = Cell>, style: Style) -> &mut Self {
        let cells = self.on_map_cells(cells);
        let runs = sorted_runs(cells);
        let fill = style
            .fill
            .or(style.stroke.map(|(c, _)| c))
            .unwrap_or(Rgb::new(0x80, 0x80, 0x80));
        let style = Style {
            fill: Some(fill),
            stroke: None,
            ..style
        };
        self.layers
            .push_str("<g class=\"cells\" shape-rendering=\"crispEdges\">\n");
        runs_path_styled(&mut self.layers, &style, &runs);
        self.layers.push_str("</g>\n");
        self
    }

    /// The path: a red line with a white edge through the points (cell
    /// centres for [`Cell`]s), however far apart (any-angle paths, jump
    /// points); when the points are on average more than 1.5 cells apart,
    /// each is also marked with a dot.
    ///
    /// # Example
    /// ```
    /// use pathseek::debug_view::GridPicture;
    /// use pathseek::Cell;
    /// let mut picture = GridPicture::blank(40, 10);
    /// picture.path([Cell::new(1, 1), Cell::new(30, 8), Cell::new(38, 2)]);
    /// assert!(picture.to_svg().contains("points=\"1.5,1.5 30.5,8.5 38.5,2.5\""));
    /// assert_eq!(picture.drawn().path_points, 3);
    /// ```
    pub fn path<P: Into<Point>>(&mut self, points: impl IntoIterator<Item = P>) -> &mut Self {
        let points = self.finite(points);
        self.drawn.path_points += points.len();
        if points.is_empty() {
            return self;
        }
        let length: f64 = points
            .windows(2)
            .map(|w| (w[1].x - w[0].x).hypot(w[1].y - w[0].y))
            .sum();
        let sparse = points.len() > 1 && length / (points.len() - 1) as f64 > 1.5;
        self.layers.push_str("<g class=\"path\">\n");
        let (halo, line) = (self.size(3.5, 0.6), self.size(1.75, 0.3));
        self.write_polyline(&points, &Style::stroke(HALO, halo), false);
        self.write_polyline(&points, &Style::stroke(PATH, line), false);
        if sparse || points.len() == 1 {
            let _ = writeln!(self.layers, "<g fill=\"{PATH}\">");
            for p in &points {
                self.write_circle(*p, self.size(2.8, 0.3), "");
            }
            self.layers.push_str("</g>\n");
        }
        self.layers.push_str("</g>\n");
        self
    }

    /// A line through `points` in `style` (not closed): a partial path,
    /// the route over a hierarchy's abstract nodes, a corridor's middle.
    pub fn polyline<P: Into<Point>>(
        &mut self,
        points: impl IntoIterator<Item = P>,
        style: Style,
    ) -> &mut Self {
        let points = self.finite(points);
        self.layers.push_str("<g class=\"polyline\">\n");
        self.write_polyline(&points, &style, false);
        self.layers.push_str("</g>\n");
        self
    }

    /// A closed polygon through `points` in `style`: a navigation mesh's
    /// polygon, a region's outline.
    ///
    /// # Example
    /// ```
    /// use pathseek::debug_view::{GridPicture, Point, Rgb, Style};
    /// let mut picture = GridPicture::blank(10, 10);
    /// let triangle = [Point::new(1.0, 1.0), Point::new(9.0, 1.0), Point::new(5.0, 8.25)];
    /// picture.polygon(triangle, Style::fill(Rgb::new(255, 200, 0)).with_stroke(Rgb::new(0, 0, 0), 0.1));
    /// assert!(picture.to_svg().contains("<polygon points=\"1,1 9,1 5,8.25\""));
    /// ```
    pub fn polygon<P: Into<Point>>(
        &mut self,
        points: impl IntoIterator<Item = P>,
        style: Style,
    ) -> &mut Self {
        let points = self.finite(points);
        self.layers.push_str("<g class=\"polygon\">\n");
        self.write_polyline(&points, &style, true);
        self.layers.push_str("</g>\n");
        self
    }

    /// Straight segments in `style`, one `<path>` for all: a search tree
    /// (each expanded node to its parent: [`Expanded::parent`](super::Expanded::parent)),
    /// the jumps of jump point search, a graph's edges.
    pub fn segments<P: Into<Point>>(
        &mut self,
        segments: impl IntoIterator<Item = (P, P)>,
        style: Style,
    ) -> &mut Self {
        let mut d = String::new();
        for (a, b) in segments {
            let (a, b) = (a.into(), b.into());
            if !(a.is_finite() && b.is_finite()) {
                self.drawn.skipped += 1;
                continue;
            }
            let _ = write!(d, "M{} {}L{} {}", Num(a.x), Num(a.y), Num(b.x), Num(b.y));
        }
        self.layers.push_str("<g class=\"segments\">\n");
        if !d.is_empty() {
            self.layers.push_str("<path");
            style_attrs(
                &mut self.layers,
                &Style {
                    fill: None,
                    ..style
                },
            );
            let _ = writeln!(self.layers, " d=\"{d}\"/>");
        }
        self.layers.push_str("</g>\n");
        self
    }

    /// A round marker of `radius` cells at `at` in `style`: a landmark, a
    /// portal, a unit.
    pub fn marker(&mut self, at: impl Into<Point>, radius: f64, style: Style) -> &mut Self {
        let at = at.into();
        if !at.is_finite() {
            self.drawn.skipped += 1;
            return self;
        }
        let mut attrs = String::new();
        style_attrs(&mut attrs, &style);
        self.layers.push_str("<g class=\"marker\">\n");
        self.write_circle(at, positive_or(radius, 1.0), &attrs);
        self.layers.push_str("</g>\n");
        self
    }

    /// The start (green) and the goal (red) as round markers with a white
    /// edge, explained in the caption.
    pub fn endpoints(&mut self, start: Cell, goal: Cell) -> &mut Self {
        let _ = writeln!(
            self.layers,
            "<g class=\"endpoints\" stroke=\"#ffffff\" stroke-width=\"{}\">",
            Num(self.size(1.6, 0.12))
        );
        let radius = self.size(6.25, 0.6);
        for (cell, colour) in [(start, START), (goal, GOAL)] {
            self.write_circle(Point::from(cell), radius, &format!(" fill=\"{colour}\""));
        }
        self.layers.push_str("</g>\n");
        self.endpoints = true;
        self
    }

    /// The cells of `items` on the map, each once (its first time), shaded
    /// by `colour(key)`: one `<path>` of runs per key, or with `dots`, one
    /// circle of that radius per cell.
    fn shade(
        &mut self,
        class: &str,
        items: impl Iterator<Item = (Cell, u64)>,
        colour: impl Fn(u64) -> Rgb,
        dots: Option<f64>,
    ) {
        let mut cells: Vec<(u32, u32, u64)> = Vec::new();
        for (c, key) in items {
            self.drawn.expansions += 1;
            if self.on_map(i64::from(c.x), i64::from(c.y)) {
                cells.push((c.y, c.x, key));
            } else {
                self.drawn.skipped += 1;
            }
        }
        // A stable sort keeps each cell's first time first.
        cells.sort_by_key(|&(y, x, _)| (y, x));
        cells.dedup_by_key(|&mut (y, x, _)| (y, x));
        self.drawn.expanded_cells += cells.len();
        cells.sort_unstable_by_key(|&(y, x, key)| (key, y, x));
        let render = if dots.is_some() {
            ""
        } else {
            " shape-rendering=\"crispEdges\""
        };
        let _ = writeln!(self.layers, "<g class=\"{class}\"{render}>");
        for group in cells.chunk_by(|a, b| a.2 == b.2) {
            let shade = colour(group[0].2);
            match dots {
                None => runs_path(
                    &mut self.layers,
                    shade,
                    &runs_of(group.iter().map(|&(y, x, _)| (y, x))),
                ),
                Some(r) => {
                    let _ = writeln!(self.layers, "<g fill=\"{shade}\">");
                    for &(y, x, _) in group {
                        self.write_circle(Point::from(Cell::new(x, y)), r, "");
                    }
                    self.layers.push_str("</g>\n");
                }
            }
        }
        self.layers.push_str("</g>\n");
    }

    /// Shows the colour ramp in the caption, from `first` to `last` (the
    /// first layer that uses it names its ends).
    fn ramp_legend(&mut self, first: &str, last: &str) {
        if self.legend.is_none() {
            self.legend = Some((first.to_string(), last.to_string()));
        }
    }

    /// The cells of `cells` on the map, as `(y, x)`; the others counted as
    /// skipped.
    fn on_map_cells(&mut self, cells: impl IntoIterator<Item = Cell>) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for c in cells {
            if self.on_map(i64::from(c.x), i64::from(c.y)) {
                out.push((c.y, c.x));
            } else {
                self.drawn.skipped += 1;
            }
        }
        out
    }

    /// The finite points of `points`; the others counted as skipped.
    fn finite<P: Into<Point>>(&mut self, points: impl IntoIterator<Item = P>) -> Vec<Point> {
        let mut out = Vec::new();
        for p in points {
            let p = p.into();
            if p.is_finite() {
                out.push(p);
            } else {
                self.drawn.skipped += 1;
            }
        }
        out
    }

    fn write_polyline(&mut self, points: &[Point], style: &Style, closed: bool) {
        if points.is_empty() {
            return;
        }
        let tag = if closed { "polygon" } else { "polyline" };
        let _ = write!(self.layers, "<{tag} points=\"");
        for (i, p) in points.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(self.layers, "{sep}{},{}", Num(p.x), Num(p.y));
        }
        self.layers.push('"');
        let style = if closed {
            *style
        } else {
            Style {
                fill: None,
                ..*style
            }
        };
        style_attrs(&mut self.layers, &style);
        self.layers.push_str("/>\n");
    }

    fn write_circle(&mut self, at: Point, radius: f64, attrs: &str) {
        let _ = writeln!(
            self.layers,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{attrs}/>",
            Num(at.x),
            Num(at.y),
            Num(radius)
        );
    }
}
