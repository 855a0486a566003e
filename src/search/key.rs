//! What the transposition table sees: the counters that can change a
//! position's value mixed into its key, and mate scores kept relative
//! to the node.

use super::types::Score;
use crate::game::{Counters, GameOptions};
use crate::position::Position;
use crate::rules::Rules;

/// Mate scores are stored relative to the node, so they stay true where
/// the same position turns up at another ply.
#[inline(always)]
pub(super) fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= Score::WIN_BOUND {
        s + ply as i32
    } else if s <= -Score::WIN_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline(always)]
pub(super) fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= Score::WIN_BOUND {
        s - ply as i32
    } else if s <= -Score::WIN_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[inline(always)]
pub(super) fn mix(x: u64) -> u64 {
    let z = (x + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (z ^ (z >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The part of the counters that can change a position's value
/// ([`Rules::counter_key`]), hashed into the key the transposition table
/// sees.
#[inline(always)]
pub(super) fn rule_key<R: Rules>(pos: &Position<R>, c: &Counters, options: &GameOptions) -> u64 {
    match R::counter_key(pos, c, options) {
        Some(x) => mix(x),
        None => 0,
    }
}
