//! The board on the canvas: its geometry (pixel ↔ point), a move entered
//! point by point from the core's legal moves, the keyboard's cursor along
//! the lines, what the board marks and what each side threatens.

pub mod cursor;
pub mod layout;
pub mod threats;
