//! Readers for graph files: DIMACS shortest-path files and METIS (DIMACS10)
//! graphs, each into a [`StaticGraph`](crate::StaticGraph).
//!
//! (The MovingAI grid formats live in [`movingai`](crate::movingai).)
