//! The six boards, drawn.
//!
//! Each board is a picture on a grid of 4 columns and 2 rows per point, read
//! by [`crate::board`]:
//!
//! * on even rows, `F` is a fortress point and `o` any other point, every 4
//!   columns; `---` between two points is a line, `...` a marked line;
//! * on odd rows, `|` under a point is a vertical line, and between two
//!   columns `\` and `/` are diagonals and `X` is both.
//!
//! The pictures follow boards.md §1–7, where each board is drawn the same way.

use crate::board::BoardId;

/// The picture of `board`.
pub(crate) fn art(board: BoardId) -> &'static str {
    match board {
        BoardId::Standard => STANDARD,
        BoardId::Simplified => SIMPLIFIED,
        BoardId::FuchsUndHenne => FUCHS_UND_HENNE,
        BoardId::Contra20 => CONTRA_20,
        BoardId::Grosses => GROSSES,
        BoardId::RoyalDiagonals => ROYAL_DIAGONALS,
    }
}

/// boards.md §1–2: the cross with alternate diagonals and 22 marked horizontals.
const STANDARD: &str = "
        F...F...F
        | \\ | / |
        F...F...F
        | / | \\ |
o---o---F...F...F---o---o
| \\ | / | \\ | / | \\ | / |
o...o...o...o...o...o...o
| / | \\ | / | \\ | / | \\ |
o...o...o...o...o...o...o
        | \\ | / |
        o...o...o
        | / | \\ |
        o...o...o";

/// boards.md §3: diagonals only inside the fortress, the same marked lines.
const SIMPLIFIED: &str = "
        F...F...F
        | \\ | / |
        F...F...F
        | / | \\ |
o---o---F...F...F---o---o
|   |   |   |   |   |   |
o...o...o...o...o...o...o
|   |   |   |   |   |   |
o...o...o...o...o...o...o
        |   |   |
        o...o...o
        |   |   |
        o...o...o";

/// boards.md §4: Fuchs und Henne, side diamonds open as the figure draws them.
const FUCHS_UND_HENNE: &str = "
        F---F---F
        |   |   |
        F---F---F
        | / | \\ |
o---o---F---F---F---o---o
| X | X | X | X | X | X |
o---o---o---o---o---o---o
| / | X | X | X | X | \\ |
o---o---o---o---o---o---o
        | X | X |
        o---o---o
        | / | \\ |
        o---o---o";

/// boards.md §5: 2 Contra 20, every diagonal inside the cross.
const CONTRA_20: &str = "
        F---F---F
        | X | X |
        F---F---F
        | X | X |
o---o---F---F---F---o---o
| X | X | X | X | X | X |
o---o---o---o---o---o---o
| X | X | X | X | X | X |
o---o---o---o---o---o---o
        | X | X |
        o---o---o
        | X | X |
        o---o---o";

/// boards.md §6: the 67-point board with a 17-point fortress and two horns.
const GROSSES: &str = "
    F---F---F---F---F---F---F
      \\ | \\ | / | \\ | / | /
        F---F---F---F---F
        | / | \\ | / | \\ |
o---o---F---F---F---F---F---o---o
| \\ | / | \\ | / | \\ | / | \\ | / |
o---o---o---o---o---o---o---o---o
| / | \\ | / | \\ | / | \\ | / | \\ |
o---o---o---o---o---o---o---o---o
| \\ | / | \\ | / | \\ | / | \\ | / |
o---o---o---o---o---o---o---o---o
| / | \\ | / | \\ | / | \\ | / | \\ |
o---o---o---o---o---o---o---o---o
        | \\ | / | \\ | / |
        o---o---o---o---o
        | / | \\ | / | \\ |
        o---o---o---o---o";

/// boards.md §7 with the four row-1 horizontals the figure omits (RULES.md §1).
const ROYAL_DIAGONALS: &str = "
    F---F---F---F---F---F---F
      \\ | X | X | X | X | /
        F---F---F---F---F
        | X | X | X | X |
o---o---F---F---F---F---F---o---o
| X | X | X | X | X | X | X | X |
o---o---o---o---o---o---o---o---o
| X | X | X | X | X | X | X | X |
o---o---o---o---o---o---o---o---o
| X | X | X | X | X | X | X | X |
o---o---o---o---o---o---o---o---o
| X | X | X | X | X | X | X | X |
o---o---o---o---o---o---o---o---o
      \\ | X | X | X | X | /
        o---o---o---o---o
        | X | X | X | X |
        o---o---o---o---o";
