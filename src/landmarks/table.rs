//! The landmark distance table: for every node, its distance from each
//! landmark (and, on a directed graph, to each), node by node, so one node's
//! bounds share a cache line or two.

use crate::cost::Cost;

/// The marker of a node a landmark does not reach (or that cannot reach it).
pub(crate) const UNREACHED: u32 = u32::MAX;

/// Distances in the narrowest exact form: `u32` when every finite distance is
/// a whole number below `u32::MAX` that converts back to the same cost,
/// otherwise the cost type itself (unreached: `None` per entry is avoided by
/// a `max_value()` sentinel, which no search distance reaches).
#[derive(Clone, Debug)]
pub(crate) enum Table<C> {
    Narrow(Vec<u32>),
    Wide(Vec<C>),
}

impl<C: Cost> Table<C> {
    /// Packs `columns` (one per landmark and direction, each indexed by
    /// dense id, `None` for unreached) node by node.
    pub(crate) fn pack(columns: &[Vec<Option<C>>], node_count: usize) -> Self {
        let width = columns.len();
        let narrow = columns.iter().flatten().flatten().all(|&d| fits_u32(d));
        if narrow {
            let mut out = vec![UNREACHED; node_count * width];
            for (k, col) in columns.iter().enumerate() {
                for (v, d) in col.iter().enumerate() {
                    if let Some(d) = d {
                        out[v * width + k] = num_traits::cast::<C, u32>(*d).unwrap_or(UNREACHED);
                    }
                }
            }
            Table::Narrow(out)
        } else {
            let mut out = vec![C::max_value(); node_count * width];
            for (k, col) in columns.iter().enumerate() {
                for (v, d) in col.iter().enumerate() {
                    if let Some(d) = d {
                        out[v * width + k] = *d;
                    }
                }
            }
            Table::Wide(out)
        }
    }

    /// Bytes per stored distance: 4 (narrow) or `size_of::<C>()`.
    pub(crate) fn entry_bytes(&self) -> usize {
        match self {
            Table::Narrow(_) => 4,
            Table::Wide(_) => core::mem::size_of::<C>(),
        }
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        match self {
            Table::Narrow(v) => v.capacity() * 4,
            Table::Wide(v) => v.capacity() * core::mem::size_of::<C>(),
        }
    }

    /// Entry `i` as a cost, `None` when unreached.
    pub(crate) fn get(&self, i: usize) -> Option<C> {
        match self {
            Table::Narrow(v) => match v[i] {
                UNREACHED => None,
                d => num_traits::cast::<u32, C>(d),
            },
            Table::Wide(v) => {
                let d = v[i];
                (d != C::max_value()).then_some(d)
            }
        }
    }
}

/// `true` when `d` is stored exactly as a `u32` below [`UNREACHED`].
fn fits_u32<C: Cost>(d: C) -> bool {
    match num_traits::cast::<C, u32>(d) {
        Some(n) if n != UNREACHED => num_traits::cast::<u32, C>(n) == Some(d),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_only_when_exact() {
        let t = Table::pack(&[vec![Some(3u64), None, Some(7)]], 3);
        assert!(matches!(t, Table::Narrow(_)));
        assert_eq!((t.get(0), t.get(1), t.get(2)), (Some(3), None, Some(7)));
        let t = Table::pack(&[vec![Some(1.5f64), Some(2.0)]], 2);
        assert!(matches!(t, Table::Wide(_)));
        assert_eq!(t.get(0), Some(1.5));
        let t = Table::pack(&[vec![Some(2.0f64), None]], 2);
        assert!(matches!(t, Table::Narrow(_)));
        let t = Table::pack(&[vec![Some(u64::from(u32::MAX))]], 1);
        assert!(matches!(t, Table::Wide(_)));
        assert_eq!(t.get(0), Some(u64::from(u32::MAX)));
        let t = Table::pack(&[vec![Some(-1i32)]], 1);
        assert!(matches!(t, Table::Wide(_)));
    }
}
