//! Perft's last two plies when the side to move has no capture: the
//! number of replies to each of its quiet moves, summed.
//!
//! Playing each quiet move and counting the replies from scratch costs a
//! whole move generation per move, most of it the same every time: a
//! quiet move changes two squares, and the opponent's men do not move.
//! So when the opponent has men only (no kings, no other kinds), the
//! squares its men would step to and jump over are found once for the
//! position; each move then only asks what its two squares change. A man
//! may step to the square the move left and no longer to the one it took,
//! and whether any jump exists is one shift per direction. Only when a
//! reply captures (the captures then need the game's full rules), or
//! when none exists in a game with passes, is the move played and
//! counted in full ([`super::count_moves`]).
//!
//! After a capture the opponent's men are fewer, so nothing is shared
//! between moves; still, when the opponent has men only, its replies are
//! counted on the three sets the move leaves ([`count_replies`]), without
//! making the position.

use super::{count_men_captures, count_moves, for_each_quiet_batch};
use crate::bitboard::Bits;
use crate::for_dirs;
use crate::geometry::{DirSet, Geometry};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::mechanics::{Capture, Mechanics, Motion, BB};

/// The opponent's men, seen once for all the quiet moves of a position.
/// `THEM` is the opponent's colour index.
struct MenReplies<R: Mechanics, const THEM: usize> {
    /// Where each man would step in each of its step directions (occupied or not).
    steps: [BB<R>; 16],
    /// What each man would jump over in each of its capture directions.
    over: [BB<R>; 16],
    /// The opponent's men.
    men: BB<R>,
    /// The men's steps in the position itself.
    base: u32,
    /// The empty squares of the position.
    empty: BB<R>,
    /// The pieces of the side to move.
    ours: BB<R>,
}

impl<R: Mechanics, const THEM: usize> MenReplies<R, THEM> {
    /// The man's step directions (none when it does not step).
    const STEPS: DirSet = match R::MOTIONS[THEM][0] {
        Motion::Step(d) => d,
        _ => 0,
    };
    /// The man's jump directions.
    const JUMPS: DirSet = match R::CAPTURES[THEM][0] {
        Capture::Jump(d) => d,
        _ => 0,
    };
    /// The game's men qualify: they step (one square, not a slide), they
    /// capture by short jumps or not at all, over any piece, and a crowned
    /// piece does not end the game.
    const APPLIES: bool = R::KINDS[0]
        && matches!(R::MOTIONS[THEM][0], Motion::Step(_))
        && !matches!(R::CAPTURES[THEM][0], Capture::Fly(_))
        && R::PREY[0] == 0b1111
        && !R::PROMOTION_WINS;

    /// The opponent's men of `pos`, if the opponent has nothing else.
    #[inline(always)]
    fn new(pos: &Position<R>) -> Option<Self> {
        if !Self::APPLIES {
            return None;
        }
        let them = Color::ALL[THEM];
        let men = pos.pieces(them, Kind::ALL[0]);
        if men != pos.color(them) {
            return None;
        }
        let empty = !pos.occupied() & R::Geo::ALL;
        let mut steps = [BB::<R>::ZERO; 16];
        let mut over = [BB::<R>::ZERO; 16];
        let mut base = 0;
        for_dirs!(Self::STEPS, d => {
            steps[d] = R::Geo::step(men, d);
            base += (steps[d] & empty).count();
        });
        for_dirs!(Self::JUMPS, d => {
            over[d] = R::Geo::step(men, d);
        });
        Some(MenReplies {
            men,
            steps,
            over,
            base,
            empty,
            ours: pos.color(!them),
        })
    }

    /// The number of replies to the move `from`–`to` taking `captured`
    /// of `pos`, if the opponent is left with men only and the game lets
    /// them be counted on the sets (else `None`).
    #[inline(always)]
    fn count_after(pos: &Position<R>, from: u32, to: u32, captured: BB<R>) -> Option<usize> {
        if !Self::APPLIES {
            return None;
        }
        let them = Color::ALL[THEM];
        let men = pos.pieces(them, Kind::ALL[0]);
        if (pos.color(them) & !men & !captured) != BB::<R>::ZERO {
            return None;
        }
        let men = men & !captured;
        let (fb, tb) = (BB::<R>::bit(from), BB::<R>::bit(to));
        let ours = (pos.color(!them) & !fb) | tb;
        let empty = ((!pos.occupied() & R::Geo::ALL) | fb | captured) & !tb;
        let c = count_men_captures::<R, THEM>(men, ours, empty)?;
        if c > 0 {
            return Some(c);
        }
        let mut n = 0;
        for_dirs!(Self::STEPS, d => {
            n += (R::Geo::step(men, d) & empty).count();
        });
        (!R::PASSES || n > 0).then_some(n as usize)
    }

    /// The number of replies to the quiet move `from`–`to` of `pos`.
    #[inline(always)]
    fn count(
        &self,
        pos: &Position<R>,
        from: u32,
        to: u32,
        kind: Kind,
        promote: Option<Kind>,
    ) -> usize {
        let moved = BB::<R>::bit(from) | BB::<R>::bit(to);
        let empty = self.empty ^ moved;
        let ours = self.ours ^ moved;
        let mut jumps = BB::<R>::ZERO;
        for_dirs!(Self::JUMPS, d => {
            jumps |= R::Geo::step(self.over[d] & ours, d) & empty;
        });
        // A man may now step to `from`, and no longer to `to` (empty
        // before the move, so counted in `base`).
        let (mut gained, mut lost) = (0, 0);
        for_dirs!(Self::STEPS, d => {
            gained += u32::from(self.steps[d].has(from));
            lost += u32::from(self.steps[d].has(to));
        });
        let n = self.base + gained - lost;
        if !jumps.is_empty() {
            // The replies are the men's captures: counted on the sets
            // where the game allows it, else in full.
            if let Some(c) = count_men_captures::<R, THEM>(self.men, ours, empty) {
                return c;
            }
            return count_moves(&pos.after_parts(from, to, BB::<R>::ZERO, kind, promote));
        }
        if R::PASSES && n == 0 {
            return count_moves(&pos.after_parts(from, to, BB::<R>::ZERO, kind, promote));
        }
        n as usize
    }
}

/// The number of replies to the move of a `kind` from `from` to `to`
/// taking `captured` (crowned `promote`): [`count_moves`] of the position
/// after it, on sets alone where the opponent has men only.
#[inline(always)]
pub(crate) fn count_replies<R: Mechanics>(
    pos: &Position<R>,
    from: u32,
    to: u32,
    captured: BB<R>,
    kind: Kind,
    promote: Option<Kind>,
) -> usize {
    let n = match pos.side() {
        Color::White => MenReplies::<R, 1>::count_after(pos, from, to, captured),
        Color::Black => MenReplies::<R, 0>::count_after(pos, from, to, captured),
    };
    n.unwrap_or_else(|| count_moves(&pos.after_parts(from, to, captured, kind, promote)))
}

/// The sum over the quiet moves of `pos` of the number of replies to
/// each (perft's last two plies; the caller has checked that the side
/// to move has no capture), or `None` when it has no quiet move.
#[inline(always)]
pub(crate) fn quiet_replies<R: Mechanics>(pos: &Position<R>) -> Option<u64> {
    match pos.side() {
        Color::White => quiet_replies_to::<R, 1>(pos),
        Color::Black => quiet_replies_to::<R, 0>(pos),
    }
}

#[inline(always)]
fn quiet_replies_to<R: Mechanics, const THEM: usize>(pos: &Position<R>) -> Option<u64> {
    let mut n = 0u64;
    let mut any = false;
    if let Some(men) = MenReplies::<R, THEM>::new(pos) {
        for_each_quiet_batch(pos, |to, shift, kind, promote| {
            any = true;
            for t in to.iter() {
                let from = (t as i32 - shift) as u32;
                n += men.count(pos, from, t, kind, promote) as u64;
            }
        });
    } else {
        for_each_quiet_batch(pos, |to, shift, kind, promote| {
            any = true;
            for t in to.iter() {
                let from = (t as i32 - shift) as u32;
                n += count_moves(&pos.after_parts(from, t, BB::<R>::ZERO, kind, promote)) as u64;
            }
        });
    }
    any.then_some(n)
}
