//! The one line reader of every loader: any [`BufRead`], line by line into
//! one reused buffer, counting lines and bytes.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use super::error::{oom_at, LoadError, LoadErrorKind};

/// Reads an input line by line into one reused buffer, counting lines and
/// bytes. Memory: the longest line read.
pub(crate) struct Lines<R> {
    reader: R,
    buf: String,
    number: usize,
    bytes: u64,
    ends_with_newline: bool,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(reader: R) -> Self {
        Lines {
            reader,
            buf: String::new(),
            number: 0,
            bytes: 0,
            ends_with_newline: false,
        }
    }

    /// The next line's number and text (line end included), or `None` at the
    /// end of the input. Input that is not UTF-8 is an
    /// [`Io`](super::LoadErrorKind::Io) error of kind `InvalidData`.
    pub(crate) fn next_line(&mut self) -> Result<Option<(usize, &str)>, LoadError> {
        self.buf.clear();
        match self.reader.read_line(&mut self.buf) {
            Ok(0) => Ok(None),
            Ok(n) => {
                self.number += 1;
                self.bytes += n as u64;
                self.ends_with_newline = self.buf.ends_with('\n');
                Ok(Some((self.number, &self.buf)))
            }
            Err(e) => Err(LoadError::io(Some(self.number + 1), e)),
        }
    }

    /// The next line without its line end (`\n`, `\r\n`, or a final `\r`).
    pub(crate) fn next_trimmed(&mut self) -> Result<Option<(usize, &str)>, LoadError> {
        Ok(self.next_line()?.map(|(no, text)| {
            let text = text.strip_suffix('\n').unwrap_or(text);
            (no, text.strip_suffix('\r').unwrap_or(text))
        }))
    }

    /// The `height` rows of `width` tile characters that end a grid map
    /// (MovingAI's and the hex format's), each character checked by
    /// `is_tile`; blank lines after the last row are allowed. The tiles grow
    /// with the rows read, never ahead of them, whatever size the header
    /// gave; a refused allocation is an out-of-memory error.
    pub(crate) fn tile_rows(
        &mut self,
        width: u32,
        height: u32,
        is_tile: impl Fn(char) -> bool,
    ) -> Result<Vec<u8>, LoadError> {
        use LoadErrorKind as K;
        let mut tiles: Vec<u8> = Vec::new();
        let mut rows = 0u32;
        while let Some((n, line)) = self.next_trimmed()? {
            if rows == height {
                if line.trim().is_empty() {
                    continue; // trailing blank lines
                }
                return Err(LoadError::new(n, K::TooManyRows { expected: height }));
            }
            let found = line.chars().count();
            if found != width as usize {
                let kind = K::RowLength {
                    found,
                    expected: width,
                };
                return Err(LoadError::new(n, kind));
            }
            // The row is `width` characters long, all read already.
            tiles.try_reserve(line.len()).map_err(oom_at(n))?;
            for (column, ch) in line.chars().enumerate() {
                if !is_tile(ch) {
                    let kind = K::UnknownTile {
                        column: column + 1,
                        found: ch,
                    };
                    return Err(LoadError::new(n, kind));
                }
                tiles.push(ch as u8);
            }
            rows += 1;
        }
        if rows < height {
            return Err(LoadError::lineless(K::TooFewRows {
                found: rows,
                expected: height,
            }));
        }
        Ok(tiles)
    }

    /// The number of the line after the last one read: where errors found at
    /// the end of the input are reported.
    pub(crate) fn end(&self) -> usize {
        self.number + 1
    }

    /// The bytes read so far.
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// `true` if the input read so far is not empty and ends with a newline.
    pub(crate) fn ended_with_newline(&self) -> bool {
        self.ends_with_newline
    }
}

/// Opens a file for [`Lines`]; the error carries the path.
pub(crate) fn open(path: &Path) -> Result<BufReader<File>, LoadError> {
    File::open(path)
        .map(BufReader::new)
        .map_err(|e| LoadError::io(None, e).with_path(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lines_and_bytes_and_trims_line_ends() {
        let mut lines = Lines::new(&b"a\r\nbc\n\nd\r"[..]);
        let mut seen = Vec::new();
        while let Some((no, text)) = lines.next_trimmed().unwrap() {
            seen.push((no, text.to_string()));
        }
        assert_eq!(
            seen,
            [
                (1, "a".into()),
                (2, "bc".into()),
                (3, String::new()),
                (4, "d".into())
            ]
        );
        assert_eq!((lines.end(), lines.bytes()), (5, 9));
        assert!(!lines.ended_with_newline());
    }

    #[test]
    fn invalid_utf8_is_an_io_error_on_its_line() {
        let mut lines = Lines::new(&b"ok\n\xff\n"[..]);
        assert!(lines.next_line().unwrap().is_some());
        let e = lines.next_line().unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(matches!(e.kind(), super::super::LoadErrorKind::Io { .. }));
    }
}
