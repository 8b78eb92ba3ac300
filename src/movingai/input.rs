//! Reading the input text: whole files, and their lines numbered from 1.

use std::path::Path;

use super::MovingAiError;

/// Lines numbered from 1, with a trailing `\r` (CRLF files) removed.
pub(super) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

pub(super) fn read(path: &Path) -> Result<String, MovingAiError> {
    std::fs::read_to_string(path).map_err(|e| MovingAiError::io(path, e))
}
