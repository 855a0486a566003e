//! The non-capturing moves: steps and slides of each kind, built or
//! only counted (perft's bulk count), and the end of a game won by
//! promotion, which leaves a position without moves. Apart from the
//! captures of the parent module because they share nothing with them:
//! a quiet move is one step or one slide, never a chain.

use crate::bitboard::Bits;
use crate::for_dirs;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::mechanics::{Mechanics, Motion, BB};

/// True when the game is over by [`Mechanics::PROMOTION_WINS`]: the
/// opponent of the side to move has a king. Such a position has no moves.
#[inline(always)]
pub fn promotion_won<R: Mechanics>(pos: &Position<R>) -> bool {
    R::PROMOTION_WINS && !pos.pieces(!pos.side(), Kind::King).is_empty()
}

/// The pieces of kind `K` of colour `US` that may move: all of them,
/// but a king the king-move limit holds.
#[inline(always)]
fn movable<R: Mechanics, const US: usize, const K: usize>(pos: &Position<R>) -> BB<R> {
    let mut pieces = pos.pieces(Color::ALL[US], Kind::ALL[K]);
    if R::KING_MOVE_LIMIT > 0 && K == Kind::King.index() {
        pieces &= !pos.restricted_king();
    }
    pieces
}

/// Hands each non-capturing move of kind `K` of colour `US` to `f`.
#[inline(always)]
fn quiet_of_kind<R: Mechanics, const US: usize, const K: usize>(
    pos: &Position<R>,
    f: &mut impl FnMut(Move<R>),
) {
    if !R::KINDS[K] {
        return;
    }
    let k = Kind::ALL[K];
    let pieces = movable::<R, US, K>(pos);
    if pieces.is_empty() {
        return;
    }
    let empty = !pos.occupied() & R::Geo::ALL;
    let last = R::Geo::LAST_RANK[US];
    let promo = R::PROMOTE[K];
    match R::MOTIONS[US][K] {
        Motion::None => {}
        Motion::Step(dirs) => {
            for_dirs!(dirs, d => {
                for t in (R::Geo::step(pieces, d) & empty).iter() {
                    let from = (t as i32 - R::Geo::SHIFT[d]) as u32;
                    let p = if promo.is_some() && last.has(t) { promo } else { None };
                    f(Move::step(from, t, k, p));
                }
            });
        }
        Motion::Slide(dirs) => {
            for b in pieces.iter() {
                for_dirs!(dirs, d => {
                    let mut s = R::Geo::step(BB::<R>::bit(b), d) & empty;
                    while !s.is_empty() {
                        let n = s.lowest();
                        let p = if promo.is_some() && last.has(n) { promo } else { None };
                        f(Move::step(b, n, k, p));
                        s = R::Geo::step(s, d) & empty;
                    }
                });
            }
        }
    }
}

#[inline(always)]
fn quiet_for<R: Mechanics, const US: usize>(pos: &Position<R>, f: &mut impl FnMut(Move<R>)) {
    quiet_of_kind::<R, US, 0>(pos, f);
    quiet_of_kind::<R, US, 1>(pos, f);
    quiet_of_kind::<R, US, 2>(pos, f);
    quiet_of_kind::<R, US, 3>(pos, f);
}

/// Hands each non-capturing move of the side to move to `f`.
#[inline(always)]
fn for_each_quiet<R: Mechanics>(pos: &Position<R>, mut f: impl FnMut(Move<R>)) {
    if promotion_won(pos) {
        return;
    }
    match pos.side() {
        Color::White => quiet_for::<R, 0>(pos, &mut f),
        Color::Black => quiet_for::<R, 1>(pos, &mut f),
    }
}

/// Hands the non-capturing moves of kind `K` of colour `US` to `f` in
/// batches: each batch is a set of destinations all reached from the bit
/// `shift` below them (`from = to - shift`), by a piece of one kind, with
/// one promotion for the whole batch. A step is one batch per direction;
/// a slide one per direction and distance (the rays of different pieces
/// never share a square, so each destination has one origin).
#[inline(always)]
fn quiet_batches_of_kind<R: Mechanics, const US: usize, const K: usize>(
    pos: &Position<R>,
    f: &mut impl FnMut(BB<R>, i32, Kind, Option<Kind>),
) {
    if !R::KINDS[K] {
        return;
    }
    let k = Kind::ALL[K];
    let pieces = movable::<R, US, K>(pos);
    if pieces.is_empty() {
        return;
    }
    let empty = !pos.occupied() & R::Geo::ALL;
    let last = R::Geo::LAST_RANK[US];
    let promo = R::PROMOTE[K];
    let mut batch = |to: BB<R>, shift: i32| {
        if promo.is_some() {
            let crowned = to & last;
            if !crowned.is_empty() {
                f(crowned, shift, k, promo);
            }
            let plain = to & !last;
            if !plain.is_empty() {
                f(plain, shift, k, None);
            }
        } else if !to.is_empty() {
            f(to, shift, k, None);
        }
    };
    match R::MOTIONS[US][K] {
        Motion::None => {}
        Motion::Step(dirs) => {
            for_dirs!(dirs, d => {
                batch(R::Geo::step(pieces, d) & empty, R::Geo::SHIFT[d]);
            });
        }
        Motion::Slide(dirs) => {
            for_dirs!(dirs, d => {
                let mut front = R::Geo::step(pieces, d) & empty;
                let mut shift = R::Geo::SHIFT[d];
                while !front.is_empty() {
                    batch(front, shift);
                    front = R::Geo::step(front, d) & empty;
                    shift += R::Geo::SHIFT[d];
                }
            });
        }
    }
}

#[inline(always)]
fn quiet_batches_for<R: Mechanics, const US: usize>(
    pos: &Position<R>,
    f: &mut impl FnMut(BB<R>, i32, Kind, Option<Kind>),
) {
    quiet_batches_of_kind::<R, US, 0>(pos, f);
    quiet_batches_of_kind::<R, US, 1>(pos, f);
    quiet_batches_of_kind::<R, US, 2>(pos, f);
    quiet_batches_of_kind::<R, US, 3>(pos, f);
}

/// The non-capturing moves of the side to move in batches, for perft's
/// last two plies: `f(to, shift, kind, promotion)` gets a set of
/// destinations whose origins are `shift` bits below them. A callback per
/// batch rather than per move keeps the per-move work (playing the move,
/// counting the replies) in one tight loop of the caller, without a
/// [`Move`] to build and read back.
#[inline(always)]
pub(crate) fn for_each_quiet_batch<R: Mechanics>(
    pos: &Position<R>,
    mut f: impl FnMut(BB<R>, i32, Kind, Option<Kind>),
) {
    if promotion_won(pos) {
        return;
    }
    match pos.side() {
        Color::White => quiet_batches_for::<R, 0>(pos, &mut f),
        Color::Black => quiet_batches_for::<R, 1>(pos, &mut f),
    }
}

/// The non-capturing moves of the side to move (legal only when there is no capture).
pub fn quiet_moves<R: Mechanics>(pos: &Position<R>, out: &mut MoveList<R>) {
    for_each_quiet(pos, |m| out.push(m));
}

#[inline(always)]
fn count_quiet_kind<R: Mechanics, const US: usize, const K: usize>(
    pos: &Position<R>,
    empty: BB<R>,
) -> u32 {
    if !R::KINDS[K] {
        return 0;
    }
    let mut pieces = pos.pieces(Color::ALL[US], Kind::ALL[K]);
    if R::KING_MOVE_LIMIT > 0 && K == Kind::King.index() {
        pieces &= !pos.restricted_king();
    }
    if pieces.is_empty() {
        return 0;
    }
    let mut n = 0;
    match R::MOTIONS[US][K] {
        Motion::None => {}
        Motion::Step(dirs) => {
            for_dirs!(dirs, d => {
                n += (R::Geo::step(pieces, d) & empty).count();
            });
        }
        Motion::Slide(dirs) => {
            for_dirs!(dirs, d => {
                // Rays of different pieces never overlap: each stops
                // at the first occupied square.
                let mut front = R::Geo::step(pieces, d) & empty;
                while !front.is_empty() {
                    n += front.count();
                    front = R::Geo::step(front, d) & empty;
                }
            });
        }
    }
    n
}

#[inline(always)]
fn count_quiet_for<R: Mechanics, const US: usize>(pos: &Position<R>) -> usize {
    let empty = !pos.occupied() & R::Geo::ALL;
    (count_quiet_kind::<R, US, 0>(pos, empty)
        + count_quiet_kind::<R, US, 1>(pos, empty)
        + count_quiet_kind::<R, US, 2>(pos, empty)
        + count_quiet_kind::<R, US, 3>(pos, empty)) as usize
}

/// Number of non-capturing moves, counted set-wise without building them.
#[inline(always)]
pub(super) fn count_quiet<R: Mechanics>(pos: &Position<R>) -> usize {
    if promotion_won(pos) {
        return 0;
    }
    match pos.side() {
        Color::White => count_quiet_for::<R, 0>(pos),
        Color::Black => count_quiet_for::<R, 1>(pos),
    }
}
