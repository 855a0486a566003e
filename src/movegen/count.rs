//! Perft's bulk count: the number of legal moves of a position, or of
//! the captures of a side, without building the moves where the game's
//! rules allow (chains that cannot be the same move twice are counted
//! as they are found; under the majority rule alone only the longest
//! chains' origin, destination and captured set are kept). And the
//! captures of a side with men only handed over as sets, for perft's
//! last two plies. Apart from the generator because none of it builds
//! a [`crate::moves::Move`]: it must agree with the generator, and the
//! perft tests hold it to that.

use super::must_pass;
use super::quiet::count_quiet;
use super::{captures_for, captures_of_kind, jumpers, prey, promotion_won, Cx, OPPOSITE};
use crate::bitboard::Bits;
use crate::for_dirs;
use crate::geometry::Geometry;
use crate::moves::MoveList;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::mechanics::{Capture, Landing, Mechanics, Precedence, BB};
use smallvec::SmallVec;

impl<R: Mechanics, const US: usize, const K: usize, const M: usize> Cx<R, US, K, M> {
    /// Number of complete chains from `at` (0 when no jump is possible),
    /// counted without building moves. Only for [`Self::CHAINS_UNIQUE`].
    fn count_jump(&self, at: u32, captured: BB<R>) -> usize {
        let mut n = 0;
        let targets = self.opp & !captured;
        let here = BB::<R>::bit(at);
        for_dirs!(Self::DIRS, d => {
            if let Some((over, land_bit)) =
                self.one_jump(here, d, targets, self.empty_now(captured))
            {
                let more = if Self::promotion_ends(land_bit) {
                    0
                } else {
                    self.count_jump(land_bit, captured | over)
                };
                n += more.max(1);
            }
        });
        n
    }

    /// The complete chains from `at` (as [`Self::count_jump`]), each
    /// handed to `f` as its landing bit and captured set; true if any.
    /// Only for [`Self::CHAINS_UNIQUE`].
    fn each_jump(&self, at: u32, captured: BB<R>, f: &mut impl FnMut(u32, BB<R>)) -> bool {
        let mut found = false;
        let targets = self.opp & !captured;
        let here = BB::<R>::bit(at);
        for_dirs!(Self::DIRS, d => {
            if let Some((over, land_bit)) =
                self.one_jump(here, d, targets, self.empty_now(captured))
            {
                found = true;
                let cap = captured | over;
                if Self::promotion_ends(land_bit) || !self.each_jump(land_bit, cap, f) {
                    f(land_bit, cap);
                }
            }
        });
        found
    }
}

/// The longest complete capture chains, as perft's bulk count under the
/// majority rule needs them: origin, destination and captured set only
/// (no paths, no moves), and only those taking `best` pieces.
struct Longest<R: Mechanics> {
    best: u32,
    found: SmallVec<[(u32, u32, BB<R>); 16]>,
}

impl<R: Mechanics> Longest<R> {
    #[inline(always)]
    fn add(&mut self, from: u32, to: u32, captured: BB<R>, n: u32) {
        if n > self.best {
            self.best = n;
            self.found.clear();
        }
        if n == self.best {
            self.found.push((from, to, captured));
        }
    }

    /// The number of distinct moves found (same origin, destination and
    /// captured set: one move).
    fn distinct(&mut self) -> usize {
        if self.found.len() > 1 {
            self.found.sort_unstable();
            self.found.dedup();
        }
        self.found.len()
    }
}

impl<R: Mechanics, const US: usize, const K: usize> Cx<R, US, K, K> {
    /// Short jumps from `at` into `out` (as [`Self::jump`], without paths); true if any.
    fn longest_jump(&self, at: u32, captured: BB<R>, n: u32, out: &mut Longest<R>) -> bool {
        let mut found = false;
        let targets = self.opp & !captured;
        let here = BB::<R>::bit(at);
        for_dirs!(Self::DIRS, d => {
            if let Some((over, land_bit)) = self.one_jump(here, d, targets, self.empty) {
                found = true;
                let cap = captured | over;
                if Self::promotion_ends(land_bit) || !self.longest_jump(land_bit, cap, n + 1, out) {
                    out.add(self.from, land_bit, cap, n + 1);
                }
            }
        });
        found
    }

    /// Captures at a distance from `at` into `out` (as [`Self::fly`], without paths); true if any.
    fn longest_fly(&self, at: u32, captured: BB<R>, n: u32, out: &mut Longest<R>) -> bool {
        let mut found = false;
        let targets = self.opp & !captured;
        for_dirs!(Self::DIRS, d => {
            'dir: {
            let mut s = BB::<R>::bit(at);
            let over = loop {
                s = R::Geo::step(s, d);
                if (s & self.empty).is_empty() {
                    break s;
                }
            };
            if (over & targets).is_empty() {
                break 'dir;
            }
            let first = R::Geo::step(over, d) & self.empty;
            if first.is_empty() {
                break 'dir;
            }
            found = true;
            let cap = captured | over;
            let mut goes_on = false;
            let mut l = first;
            while !l.is_empty() {
                goes_on |= self.longest_fly(l.lowest(), cap, n + 1, out);
                l = R::Geo::step(l, d) & self.empty;
            }
            if !goes_on {
                let halt =
                    matches!(R::LANDING, Landing::BehindLastKing) && !(over & self.kings).is_empty();
                let mut l = first;
                while !l.is_empty() {
                    out.add(self.from, l.lowest(), cap, n + 1);
                    if halt {
                        break;
                    }
                    l = R::Geo::step(l, d) & self.empty;
                }
            }
            }
        });
        found
    }
}

/// The captures of kind `K` of colour `US` into `out`, except the single
/// jumps of short-jumping kinds that cannot go on, which are only
/// counted, in `singles` (each is a move of its own).
#[inline(always)]
fn longest_of_kind<R: Mechanics, const US: usize, const K: usize>(
    pos: &Position<R>,
    out: &mut Longest<R>,
    singles: &mut usize,
) {
    if !R::KINDS[K] {
        return;
    }
    let us = Color::ALL[US];
    let pieces = pos.pieces(us, Kind::ALL[K]);
    if pieces.is_empty() {
        return;
    }
    let opp = pos.color(!us);
    let empty = !pos.occupied() & R::Geo::ALL;
    let kings = pos.kind(Kind::King);
    match R::CAPTURES[US][K] {
        Capture::None => {}
        Capture::Jump(_) => {
            // Set-wise: all first jumps in one direction at once; only
            // landing squares with a further jump need a search.
            for_dirs!(Cx::<R, US, K, K>::DIRS, d => {
                let lands = R::Geo::step(R::Geo::step(pieces, d) & opp, d) & empty;
                if !lands.is_empty() {
                    let cont = if R::PROMOTION_ENDS_CAPTURE && Cx::<R, US, K, K>::PROMO.is_some() {
                        jumpers::<R>(lands & !R::Geo::LAST_RANK[US], Cx::<R, US, K, K>::DIRS, opp, empty)
                    } else {
                        jumpers::<R>(lands, Cx::<R, US, K, K>::DIRS, opp, empty)
                    };
                    *singles += (lands & !cont).count() as usize;
                    for l in cont.iter() {
                        let over = R::Geo::step(BB::<R>::bit(l), OPPOSITE[d]);
                        let origin = R::Geo::step(over, OPPOSITE[d]);
                        let cx = Cx::<R, US, K, K> {
                            opp,
                            empty: empty | origin,
                            from: origin.lowest(),
                            kings,
                        };
                        cx.longest_jump(l, over, 1, out);
                    }
                }
            });
        }
        Capture::Fly(_) => {
            for b in pieces.iter() {
                let cx = Cx::<R, US, K, K> {
                    opp,
                    empty: empty | BB::<R>::bit(b),
                    from: b,
                    kings,
                };
                cx.longest_fly(b, BB::<R>::ZERO, 0, out);
            }
        }
    }
}

/// Number of captures by kind `K` of colour `US`, without building them
/// where chains are unique; `scratch` is used otherwise.
#[inline(always)]
fn count_captures_of_kind<R: Mechanics, const US: usize, const K: usize>(
    pos: &Position<R>,
    scratch: &mut MoveList<R>,
) -> usize {
    if !R::KINDS[K] {
        return 0;
    }
    if !Cx::<R, US, K, K>::CHAINS_UNIQUE {
        scratch.clear();
        captures_of_kind::<R, US, K>(pos, scratch);
        return scratch.len();
    }
    let us = Color::ALL[US];
    let pieces = pos.pieces(us, Kind::ALL[K]);
    if pieces.is_empty() {
        return 0;
    }
    let opp = prey::<R, K>(pos, us);
    let empty = !pos.occupied() & R::Geo::ALL;
    count_unique_chains::<R, US, K>(pieces, opp, empty)
}

/// Number of capture chains of `pieces` (of kind `K`, colour `US`, whose
/// chains are unique: [`Cx::CHAINS_UNIQUE`]) over `opp` through `empty`.
#[inline(always)]
fn count_unique_chains<R: Mechanics, const US: usize, const K: usize>(
    pieces: BB<R>,
    opp: BB<R>,
    empty: BB<R>,
) -> usize {
    let mut n = 0;
    // Set-wise: all first jumps in one direction at once. For these kinds
    // the origin and the captured pieces lie behind the landing square,
    // so they never bear on a continuation; only landing squares from
    // which a further jump exists need a search. Which squares have a
    // jump does not depend on the direction just jumped: found once,
    // and only when there is a jump at all (most positions have none).
    let mut lands = [BB::<R>::ZERO; 16];
    let mut all = BB::<R>::ZERO;
    for_dirs!(Cx::<R, US, K, K>::DIRS, d => {
        lands[d] = R::Geo::step(R::Geo::step(pieces, d) & opp, d) & empty;
        all |= lands[d];
    });
    if all.is_empty() {
        return 0;
    }
    let cont = continuations::<R, US, K>(opp, empty);
    for_dirs!(Cx::<R, US, K, K>::DIRS, d => {
        let lands = lands[d];
        n += (lands & !cont).count() as usize;
        for l in (lands & cont).iter() {
            let cx = Cx::<R, US, K, K> {
                opp,
                empty,
                from: l,
                kings: BB::<R>::ZERO,
            };
            let over = R::Geo::step(BB::<R>::bit(l), OPPOSITE[d]);
            n += cx.count_jump(l, over);
        }
    });
    n
}

/// The squares from which a piece of kind `K` of colour `US` that has
/// just jumped there may jump on (none on its last rank where reaching
/// it ends the capture).
#[inline(always)]
fn continuations<R: Mechanics, const US: usize, const K: usize>(opp: BB<R>, empty: BB<R>) -> BB<R> {
    let cont = jumpers::<R>(R::Geo::ALL, Cx::<R, US, K, K>::DIRS, opp, empty);
    if R::PROMOTION_ENDS_CAPTURE && Cx::<R, US, K, K>::PROMO.is_some() {
        cont & !R::Geo::LAST_RANK[US]
    } else {
        cont
    }
}

/// Number of legal captures of a side that has pieces of kind 0 only,
/// from its men, the side's opponents `opp` and the empty squares, if
/// the game's rules let them be counted set-wise (chains unique, no
/// precedence among captures other than the king's). `US` is the
/// capturing side.
#[inline(always)]
pub(super) fn count_men_captures<R: Mechanics, const US: usize>(
    men: BB<R>,
    opp: BB<R>,
    empty: BB<R>,
) -> Option<usize> {
    (Cx::<R, US, 0, 0>::CHAINS_UNIQUE && R::RANKING.is_empty() && R::PREY[0] == 0b1111)
        .then(|| count_unique_chains::<R, US, 0>(men, opp, empty))
}

/// The legal captures of the side to move when it has men (kind 0)
/// only and the game lets them be found set-wise (as
/// [`count_men_captures`]): each handed to `f` as origin, destination,
/// captured set, kind and promotion, without building moves (perft's last two
/// plies). `None`, with nothing handed, where that does not apply; else
/// whether there was any.
#[inline(always)]
pub(crate) fn for_each_men_capture<R: Mechanics>(
    pos: &Position<R>,
    f: impl FnMut(u32, u32, BB<R>, Kind, Option<Kind>),
) -> Option<bool> {
    match pos.side() {
        Color::White => men_captures_for::<R, 0>(pos, f),
        Color::Black => men_captures_for::<R, 1>(pos, f),
    }
}

#[inline(always)]
fn men_captures_for<R: Mechanics, const US: usize>(
    pos: &Position<R>,
    mut f: impl FnMut(u32, u32, BB<R>, Kind, Option<Kind>),
) -> Option<bool> {
    type C<R, const US: usize> = Cx<R, US, 0, 0>;
    if !(C::<R, US>::CHAINS_UNIQUE && R::RANKING.is_empty() && R::PREY[0] == 0b1111)
        || promotion_won(pos)
    {
        return None;
    }
    let us = Color::ALL[US];
    let men = pos.pieces(us, Kind::ALL[0]);
    if men != pos.color(us) {
        return None;
    }
    let opp = pos.color(!us);
    let empty = !pos.occupied() & R::Geo::ALL;
    let promote = |to: u32| {
        if R::Geo::LAST_RANK[US].has(to) {
            C::<R, US>::PROMO
        } else {
            None
        }
    };
    // As in `count_unique_chains`: first jumps set-wise, a search only
    // from landing squares that have a further jump.
    let mut lands = [BB::<R>::ZERO; 16];
    let mut all = BB::<R>::ZERO;
    for_dirs!(C::<R, US>::DIRS, d => {
        lands[d] = R::Geo::step(R::Geo::step(men, d) & opp, d) & empty;
        all |= lands[d];
    });
    if all.is_empty() {
        return Some(false);
    }
    let cont = continuations::<R, US, 0>(opp, empty);
    let kind = Kind::ALL[0];
    for_dirs!(C::<R, US>::DIRS, d => {
        for l in lands[d].iter() {
            let over = R::Geo::step(BB::<R>::bit(l), OPPOSITE[d]);
            let from = R::Geo::step(over, OPPOSITE[d]).lowest();
            let goes_on = cont.has(l) && {
                let cx = C::<R, US> {
                    opp,
                    empty,
                    from: l,
                    kings: BB::<R>::ZERO,
                };
                cx.each_jump(l, over, &mut |to, cap| f(from, to, cap, kind, promote(to)))
            };
            if !goes_on {
                f(from, l, over, kind, promote(l));
            }
        }
    });
    Some(true)
}

/// Number of legal captures (filters applied), for perft's bulk count.
#[inline(always)]
fn count_captures_for<R: Mechanics, const US: usize>(pos: &Position<R>) -> usize {
    if matches!(R::PRECEDENCE, [Precedence::MostPieces])
        && matches!(R::LANDING, Landing::Any)
        && !R::REMOVE_AT_ONCE
        && !R::NO_REVERSAL
        && !R::LAND_NEXT
        && !R::PROMOTION_CONTINUES
        && R::PREY[0] == 0b1111
        && R::PREY[1] == 0b1111
    {
        // The majority rule alone, on plain jumps: count the longest
        // chains without building moves. (Games whose chains follow
        // other rules count the moves they generate.)
        let mut out = Longest {
            best: 0,
            found: SmallVec::new(),
        };
        let mut singles = 0;
        longest_of_kind::<R, US, 0>(pos, &mut out, &mut singles);
        longest_of_kind::<R, US, 1>(pos, &mut out, &mut singles);
        longest_of_kind::<R, US, 2>(pos, &mut out, &mut singles);
        longest_of_kind::<R, US, 3>(pos, &mut out, &mut singles);
        return if out.best > 1 {
            out.distinct()
        } else {
            out.distinct() + singles
        };
    }
    let mut scratch = MoveList::new();
    if !R::RANKING.is_empty() {
        captures_for::<R, US>(pos, &mut scratch);
        return scratch.len();
    }
    if R::KING_FIRST {
        let n = count_captures_of_kind::<R, US, 1>(pos, &mut scratch);
        if n > 0 {
            return n;
        }
        count_captures_of_kind::<R, US, 0>(pos, &mut scratch)
            + count_captures_of_kind::<R, US, 2>(pos, &mut scratch)
            + count_captures_of_kind::<R, US, 3>(pos, &mut scratch)
    } else {
        count_captures_of_kind::<R, US, 0>(pos, &mut scratch)
            + count_captures_of_kind::<R, US, 1>(pos, &mut scratch)
            + count_captures_of_kind::<R, US, 2>(pos, &mut scratch)
            + count_captures_of_kind::<R, US, 3>(pos, &mut scratch)
    }
}

/// The number of legal moves, without building the quiet ones (perft's bulk count).
#[inline(always)]
pub fn count_moves<R: Mechanics>(pos: &Position<R>) -> usize {
    if promotion_won(pos) {
        return 0;
    }
    let c = match pos.side() {
        Color::White => count_captures_for::<R, 0>(pos),
        Color::Black => count_captures_for::<R, 1>(pos),
    };
    if c > 0 {
        return c;
    }
    let n = count_quiet(pos);
    if R::PASSES && n == 0 && must_pass(pos) {
        return 1;
    }
    n
}
