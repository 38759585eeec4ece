//! For newcomers: the course of lessons by doing, and the puzzles whose one
//! winning move the solver proved.

pub mod lessons;
pub mod puzzles;
