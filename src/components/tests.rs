//! Unit tests of the component labels on small fixed grids; the property tests
//! against a breadth-first reference are in `tests/maps/components.rs`.

use super::grid::GridComponents;
use crate::graph::FollowMap;
use crate::grid::{Cell, Connectivity, Grid, GridCosts};

fn grid(rows: &[&str], connectivity: Connectivity) -> Grid<u32> {
    let h = rows.len() as u32;
    let w = rows[0].len() as u32;
    Grid::from_fn(w, h, connectivity, GridCosts::new(2, 3), |c| {
        rows[c.y as usize].as_bytes()[c.x as usize] == b'.'
    })
    .unwrap()
}

#[test]
fn runs_merge_across_rows() {
    // A U shape: the two arms meet only in the bottom row.
    let g = grid(&[".#.", ".#.", "..."], Connectivity::Four);
    let parts = GridComponents::new(&g);
    assert_eq!(parts.count(), 1);
    assert_eq!(
        parts.connected(&g, Cell::new(0, 0), Cell::new(2, 0)),
        Ok(true)
    );
}

#[test]
fn diagonal_without_both_sides_does_not_connect() {
    let g = grid(&[".#", "#."], Connectivity::Eight);
    assert_eq!(GridComponents::new(&g).count(), 2);
}

#[test]
fn split_and_merge_keep_count() {
    let mut g = grid(&[".....", ".....", "....."], Connectivity::Eight);
    let mut parts = GridComponents::new(&g);
    for y in 0..3 {
        parts.block(&mut g, Cell::new(2, y)).unwrap();
    }
    assert_eq!(parts.count(), 2);
    parts.open(&mut g, Cell::new(2, 1)).unwrap();
    assert_eq!(parts.count(), 1);
    // Blocking an isolated cell removes its component.
    let mut g = grid(&[".#.", "###", "..."], Connectivity::Four);
    let mut parts = GridComponents::new(&g);
    assert_eq!(parts.count(), 3);
    parts.block(&mut g, Cell::new(0, 0)).unwrap();
    assert_eq!(parts.count(), 2);
    parts.open(&mut g, Cell::new(1, 1)).unwrap();
    assert_eq!(parts.count(), 2);
    parts.open(&mut g, Cell::new(2, 1)).unwrap();
    assert_eq!(parts.count(), 1);
    assert!(parts.is_current(&g));
}

#[test]
fn running_out_of_labels_relabels() {
    let mut g = grid(&["...", "...", "..."], Connectivity::Four);
    let mut parts = GridComponents::new(&g);
    parts.block(&mut g, Cell::new(1, 0)).unwrap();
    parts.block(&mut g, Cell::new(1, 2)).unwrap();
    parts.next_label_for_tests(super::grid::LABEL_LIMIT);
    parts.block(&mut g, Cell::new(1, 1)).unwrap();
    assert_eq!(parts.count(), 2);
    assert_eq!(
        parts
            .component(&g, Cell::new(0, 0))
            .unwrap()
            .map(|c| c.get()),
        Some(0)
    );
    assert_eq!(
        parts
            .component(&g, Cell::new(2, 2))
            .unwrap()
            .map(|c| c.get()),
        Some(1)
    );
}
