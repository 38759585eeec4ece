//! The six boards, drawn.
//!
//! Each board is a picture on a grid of 4 columns and 2 rows per point, read
//! by [`crate::board`], which names each board's picture:
//!
//! * on even rows, `F` is a fortress point and `o` any other point, every 4
//!   columns; `---` between two points is a line, `...` a marked line;
//! * on odd rows, `|` under a point is a vertical line, and between two
//!   columns `\` and `/` are diagonals and `X` is both.
//!
//! The pictures follow boards.md §1–7, where each board is drawn the same way.

/// boards.md §1–2: the cross with alternate diagonals and 22 marked horizontals.
pub(crate) const STANDARD: &str = "
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
pub(crate) const SIMPLIFIED: &str = "
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
pub(crate) const FUCHS_UND_HENNE: &str = "
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
pub(crate) const CONTRA_20: &str = "
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
pub(crate) const GROSSES: &str = "
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
pub(crate) const ROYAL_DIAGONALS: &str = "
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
