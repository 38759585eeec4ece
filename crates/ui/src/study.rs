//! Looking at a game: the move list beside the board, what an author wrote
//! about it, a review by the computer and its graph.

pub mod graph;
pub mod move_list;
pub mod notes;
pub mod review;
