//! Perft: counting move sequences, the standard check of a move generator.

use crate::moves::Move;
use crate::position::Position;
use crate::side::Side;

/// The number of move sequences of length `depth` from `pos` (RULES.md §9):
/// a finished game has no moves, and repetition is ignored.
///
/// ```
/// use asalto_core::{perft, Position, Rules};
/// let start = Position::new(&Rules::default())?;
/// assert_eq!(perft(&start, 5), 358);
/// # Ok::<_, asalto_core::RulesError>(())
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize];
    perft_with(pos, depth, &mut buffers)
}

fn perft_with(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        2 if pos.turn() == Side::Attacker && pos.to_place() == 0 => pos.count_replies_to_steps(),
        _ => {
            let Some((moves, deeper)) = buffers.split_first_mut() else {
                return 0;
            };
            moves.clear();
            pos.append_legal_moves(moves);
            moves
                .iter()
                .map(|m| {
                    let mut next = *pos;
                    next.play_unchecked(m);
                    perft_with(&next, depth - 1, deeper)
                })
                .sum()
        }
    }
}
