//! Perft: the number of move sequences of a given length, the standard
//! test of a move generator. Captures that are the same move (same
//! origin, destination and captured set) count once; a pass counts as a
//! move. The last ply is counted in bulk by default: its moves are
//! counted without being played (and quiet moves without being built).

use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Rules;

/// Leaf count at `depth` plies. With `bulk`, the last ply is counted
/// without playing its moves.
pub fn perft<R: Rules>(pos: &Position<R>, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if bulk && depth == 1 {
        return movegen::count_moves(pos) as u64;
    }
    let mut list = MoveList::new();
    movegen::generate(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|m| perft(&pos.after(m), depth - 1, bulk))
        .sum()
}

/// Perft split by root move: each legal move with its leaf count.
pub fn divide<R: Rules>(pos: &Position<R>, depth: u32, bulk: bool) -> Vec<(Move<R>, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|m| (*m, perft(&pos.after(m), depth - 1, bulk)))
        .collect()
}
