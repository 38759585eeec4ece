//! A tier's counts: positions won and lost with each side to move, what
//! its blocks and directory take, and which side's bits it keeps; written
//! beside a tier's work files and into the manifest.

use asalto_core::Side;

/// One tier's counts: positions (both sides to move, mirror images
/// counted) won and lost, and what its blocks take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TierCounts {
    /// The attackers on the board.
    pub attackers: u32,
    /// The side to move whose bits the tier stores: the one whose blocks
    /// and directory take fewer bytes.
    pub side: Side,
    /// Bytes of blocks the other side's bits took (or had taken when
    /// their packing stopped, `other_stopped`).
    pub other: u64,
    /// Whether the other side's packing stopped once it took more than
    /// this side's.
    pub other_stopped: bool,
    /// Positions with the attacker to move that it wins, and loses.
    pub attacker_to_move: (u64, u64),
    /// Positions with the defender to move that it wins, and loses.
    pub defender_to_move: (u64, u64),
    /// Directory entries (blocks and fills).
    pub entries: u64,
    /// Bytes of blocks.
    pub bytes: u64,
}

impl Default for TierCounts {
    fn default() -> TierCounts {
        TierCounts {
            attackers: 0,
            side: Side::Attacker,
            other: 0,
            other_stopped: false,
            attacker_to_move: (0, 0),
            defender_to_move: (0, 0),
            entries: 0,
            bytes: 0,
        }
    }
}

impl TierCounts {
    /// Positions of the tier, both sides to move.
    pub fn positions(&self) -> u64 {
        let (a, d) = (self.attacker_to_move, self.defender_to_move);
        a.0 + a.1 + d.0 + d.1
    }

    /// Bits of blocks a position (both sides to move).
    pub fn bits_a_position(&self) -> f64 {
        self.bytes as f64 * 8.0 / self.positions().max(1) as f64
    }

    pub(super) fn to_text(self) -> String {
        let (a, d) = (self.attacker_to_move, self.defender_to_move);
        let side = u8::from(self.side == Side::Defender);
        format!(
            "{} {side} {} {} {} {} {} {} {} {}\n",
            self.attackers,
            self.other,
            a.0,
            a.1,
            d.0,
            d.1,
            self.entries,
            self.bytes,
            u8::from(self.other_stopped)
        )
    }

    pub(super) fn from_text(text: &str) -> Option<TierCounts> {
        let n: Vec<u64> = text
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        let [
            attackers,
            side,
            other,
            aw,
            al,
            dw,
            dl,
            entries,
            bytes,
            stopped,
        ] = n[..]
        else {
            return None;
        };
        Some(TierCounts {
            attackers: u32::try_from(attackers).ok()?,
            side: [Side::Attacker, Side::Defender]
                [usize::try_from(side).ok().filter(|&s| s < 2)?],
            other,
            other_stopped: stopped == 1,
            attacker_to_move: (aw, al),
            defender_to_move: (dw, dl),
            entries,
            bytes,
        })
    }
}
