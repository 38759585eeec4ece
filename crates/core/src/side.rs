//! The two sides: attackers (rebels) and defenders (officers).

use crate::names::named_enum;

named_enum! {
    /// One of the two sides.
    pub enum Side as "side" {
        /// The many pieces that try to fill the fortress or trap the defenders.
        Attacker = "attacker",
        /// The few pieces that capture by jumping.
        Defender = "defender",
    }
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }
}
