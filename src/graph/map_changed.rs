//! The error of a structure used on a map that has changed since it was
//! built, when it cannot bring itself up to date.

use core::fmt;

/// A structure built from a graph (a distance field, precomputed jumps, ...)
/// was asked about the graph after an edit it cannot follow: build it again
/// (each structure's docs name the call). Holds the graph's
/// [`version`](crate::Graph::version) when the structure was built and now.
///
/// # Example
/// ```
/// use pathseek::graph::MapChanged;
/// let e = MapChanged { built: 3, now: 7 };
/// assert!(e.to_string().contains("changed"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MapChanged {
    /// The graph's version the structure was built for.
    pub built: u64,
    /// The graph's version now.
    pub now: u64,
}

impl fmt::Display for MapChanged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the map changed since this was built (version {} then, {} now): build it again",
            self.built, self.now
        )
    }
}

impl std::error::Error for MapChanged {}

/// `Ok(())` when `graph` still has version `built`, else the error.
#[inline]
pub(crate) fn check_version<G: crate::Graph + ?Sized>(
    graph: &G,
    built: u64,
) -> Result<(), MapChanged> {
    let now = graph.version();
    if now == built {
        Ok(())
    } else {
        Err(MapChanged { built, now })
    }
}
