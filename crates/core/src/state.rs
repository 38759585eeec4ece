//! What a [`Position`] holds: the pieces, the side to move and the rules
//! in force, as the move generator (`movegen`) reads them; `position`
//! gives it its methods.

use crate::point::PointSet;
use crate::rules::{Capture, Chain};
use crate::side::Side;
use crate::tables::Tables;

/// A legal position: the pieces, the side to move and the rules in force.
///
/// ```
/// use asalto_core::{Position, Rules, Side};
/// let pos = Position::new(&Rules::default())?;
/// assert_eq!(pos.turn(), Side::Attacker);
/// assert_eq!(pos.legal_moves().len(), 1); // only d4-d5 in `assault`
/// # Ok::<_, asalto_core::RulesError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Position {
    pub(crate) attackers: PointSet,
    pub(crate) defenders: PointSet,
    pub(crate) turn: Side,
    pub(crate) to_place: u8,
    pub(crate) first: Side,
    pub(crate) capture: Capture,
    pub(crate) max_capture: bool,
    pub(crate) chain: Chain,
    pub(crate) threshold: u8,
    pub(crate) tables: &'static Tables,
}
