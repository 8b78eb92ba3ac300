//! The SVG text itself: escaping, numbers, attributes, and runs of cells
//! merged into one path per colour, so a map of 66,000 cells stays small.

use core::fmt::{self, Write};

use super::style::{Rgb, Style};

/// Appends `text` to `out` escaped for XML text and attribute values
/// (`& < > " '`), leaving out the characters XML 1.0 forbids (control
/// characters other than tab, line feed and carriage return, and the
/// non-characters U+FFFE and U+FFFF).
pub(crate) fn escape_into(out: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
}

/// A coordinate or length as the SVG text gives it: two decimals at most,
/// no trailing zeros (`3`, `2.5`, `0.33`), `0` for anything not finite.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Num(pub f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = if self.0.is_finite() { self.0 } else { 0.0 };
        let hundredths = (v * 100.0).round();
        if hundredths == 0.0 {
            return f.write_str("0");
        }
        if hundredths % 100.0 == 0.0 {
            return write!(f, "{}", hundredths / 100.0);
        }
        let mut s = format!("{:.2}", hundredths / 100.0);
        while s.ends_with('0') {
            s.pop();
        }
        f.write_str(&s)
    }
}

/// Appends the presentation attributes of `style` (each with a leading
/// space): `fill`, `stroke`, `stroke-width`, `opacity`, dashes.
pub(crate) fn style_attrs(out: &mut String, style: &Style) {
    match style.fill {
        Some(c) => {
            let _ = write!(out, " fill=\"{c}\"");
        }
        None => out.push_str(" fill=\"none\""),
    }
    if let Some((c, width)) = style.stroke {
        let _ = write!(
            out,
            " stroke=\"{c}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"",
            Num(width)
        );
        if style.dashed {
            let _ = write!(
                out,
                " stroke-dasharray=\"{} {}\"",
                Num(width * 3.0),
                Num(width * 2.0)
            );
        }
    }
    if style.opacity < 1.0 {
        let _ = write!(out, " opacity=\"{}\"", Num(style.opacity));
    }
}

/// A run of `len` cells of row `y` from column `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Run {
    pub y: u32,
    pub x: u32,
    pub len: u32,
}

/// Merges cells, sorted by row then column and without repeats, into runs.
pub(crate) fn runs_of(cells: impl IntoIterator<Item = (u32, u32)>) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for (y, x) in cells {
        match runs.last_mut() {
            Some(r) if r.y == y && u64::from(r.x) + u64::from(r.len) == u64::from(x) => {
                r.len += 1;
            }
            _ => runs.push(Run { y, x, len: 1 }),
        }
    }
    runs
}

/// Appends `<path fill="colour" d="..."/>` drawing `runs` (nothing for no
/// runs): each run a rectangle one cell high, `M x y h len v1 h -len z`.
pub(crate) fn runs_path(out: &mut String, colour: Rgb, runs: &[Run]) {
    runs_path_styled(out, &Style::fill(colour), runs)
}

/// [`runs_path`] in any [`Style`].
pub(crate) fn runs_path_styled(out: &mut String, style: &Style, runs: &[Run]) {
    if runs.is_empty() {
        return;
    }
    out.push_str("<path");
    style_attrs(out, style);
    out.push_str(" d=\"");
    for r in runs {
        let _ = write!(out, "M{} {}h{}v1h-{}z", r.x, r.y, r.len, r.len);
    }
    out.push_str("\"/>\n");
}
