//! Perft: the number of move sequences of a given length, the standard
//! test of a move generator. Captures that are the same move (same
//! origin, destination and captured set) count once; a pass counts as a
//! move. The last ply is counted in bulk by default: its moves are
//! counted without being played (and quiet moves without being built),
//! and the ply before it plays its moves straight from the generator,
//! without a move list, where the game allows (see
//! [`crate::movegen`]'s `replies` and `count` modules: the replies to a
//! quiet move are counted from what its two squares change).

use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Rules;

/// Leaf count at `depth` plies. With `bulk`, the last ply is counted
/// without playing its moves.
///
/// ```
/// use dama::{perft::perft, Czech, Position};
/// let start = Position::<Czech>::start();
/// assert_eq!(perft(&start, 4, true), 1_469);
/// assert_eq!(perft(&start, 4, false), 1_469);
/// ```
pub fn perft<R: Rules>(pos: &Position<R>, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if bulk && depth == 1 {
        return movegen::count_moves(pos) as u64;
    }
    if bulk && depth == 2 {
        return perft2(pos);
    }
    let mut list = MoveList::new();
    movegen::generate(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    if bulk && depth == 3 {
        return list.iter().map(|m| perft2(&pos.after(m))).sum();
    }
    list.iter()
        .map(|m| perft(&pos.after(m), depth - 1, bulk))
        .sum()
}

/// The last two plies in bulk: moves are played straight from the
/// generator where it can ([`movegen::for_each_men_capture`],
/// [`movegen::quiet_replies`]), else from a list, and each child's
/// moves are counted set-wise.
#[inline(never)]
fn perft2<R: Rules>(pos: &Position<R>) -> u64 {
    let mut n = 0u64;
    let captured = movegen::for_each_men_capture(pos, |from, to, cap, kind, promote| {
        n += movegen::count_replies(pos, from, to, cap, kind, promote) as u64;
    });
    match captured {
        Some(true) => return n,
        Some(false) => {}
        None => {
            if let Some(n) = perft2_captures(pos) {
                return n;
            }
        }
    }
    match movegen::quiet_replies(pos) {
        Some(n) => n,
        None if R::PASSES && movegen::must_pass(pos) => {
            movegen::count_moves(&pos.after(&Move::pass())) as u64
        }
        None => 0,
    }
}

/// The captures of [`perft2`] from a move list, `None` if there are
/// none. Apart, so that the list's room on the stack is only taken
/// where it is needed.
#[inline(never)]
fn perft2_captures<R: Rules>(pos: &Position<R>) -> Option<u64> {
    let mut list = MoveList::new();
    movegen::captures(pos, &mut list);
    (!list.is_empty()).then(|| {
        list.iter()
            .map(|m| movegen::count_moves(&pos.after(m)) as u64)
            .sum()
    })
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
