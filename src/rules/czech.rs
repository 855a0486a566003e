//! Czech draughts (Česká dáma), the main game: the rules of the Czech
//! Draughts Federation.
//!
//! **Board and pieces.** 8×8, played on the 32 dark squares (`a1` is
//! dark). Twelve men each: White on the dark squares of ranks 1–3, Black
//! on those of ranks 6–8. White moves first.
//!
//! **Men** step one square diagonally forward and capture diagonally
//! forward only, by a short jump (an adjacent opponent piece with an
//! empty square right behind it). They never move or capture backwards.
//!
//! **Kings** fly: they move diagonally, forward or back, over any number
//! of empty squares, and capture at a distance (empty squares, the
//! piece, then any empty square beyond it). A king that can go on
//! capturing from some of its landing squares must land on one of them.
//!
//! **Captures** are compulsory and a capturing piece goes on while it
//! can; captured pieces leave the board when the move ends. The choice
//! among captures is free — even one that takes fewer pieces — except
//! that **if a king can capture, a king must** (precedence
//! `[ByKing]`).
//!
//! **Promotion.** A man that ends its move on the last rank becomes a
//! king; one that reaches it by capturing is crowned after the move and
//! captures no further in it.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! The game is drawn at once by:
//! 1. the same position, with the same side to move, for the third time;
//! 2. 15 moves of each player (30 plies) without a man moving and
//!    without a capture ([`NO_PROGRESS_PLIES`]);
//! 3. the endgame limits against a lone king, counted from the move that
//!    made the material: against at most three kings, 30 plies
//!    ([`LONG_LIMIT`]); against at most two kings, a king and a man, one
//!    king, or three kings while the lone king stands on the main
//!    diagonal `a1`–`h8`, 10 plies ([`SHORT_LIMIT`]). *Decision:* "stands
//!    on the main diagonal" is judged right after the move that made the
//!    material. A move that wins on the ply a limit is reached wins.
//!
//! Resigning is allowed on one's own turn only.
//!
//! ```
//! use dama::{Czech, EndRule, Game, Status};
//! // A king and a man against a lone king: the short limit, 10 plies
//! // (the FEN's H field says 9 have passed since the material changed).
//! let mut game: Game<Czech> = "W:Wc3,Ka1:BKh8:H9".parse().unwrap();
//! assert_eq!(game.status(), Status::InPlay);
//! game.play_text("a1-b2").unwrap();
//! assert_eq!(game.outcome().unwrap().rule, EndRule::EndgameLimit { plies: 10 });
//! ```

use crate::bitboard::Bits;
use crate::geometry::{dir, dirs, long_diagonal, Dark8x8, DIAGONALS};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::{Capture, Countdown, Mechanics, Motion, Precedence, Rules};
use crate::rules::{Counters, EndRule, GameOptions, GameResult, Outcome};
use crate::variant::Variant;

/// Czech draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Czech;

const FORWARD: u16 = dirs(&[dir::NE, dir::NW]);

/// Plies without a man move and without a capture that draw (15 moves of each player).
pub const NO_PROGRESS_PLIES: u32 = 30;
/// The long endgame limit: lone king against at most three kings.
pub const LONG_LIMIT: u32 = 30;
/// The short endgame limit (at most two kings, king and man, one king, or three kings with the lone king on the main diagonal).
pub const SHORT_LIMIT: u32 = 10;

impl Mechanics for Czech {
    type Geo = Dark8x8;
    const VARIANT: Variant = Variant::Czech;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = [
        Motion::Step(FORWARD),
        Motion::Slide(DIAGONALS),
        Motion::None,
        Motion::None,
    ];
    const CAPTURE: [Capture; 4] = [
        Capture::Jump(FORWARD),
        Capture::Fly(DIAGONALS),
        Capture::None,
        Capture::None,
    ];
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[Precedence::ByKing];
    const START_FEN: &'static str =
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
    const KIND_MOVES: [&'static str; 4] = [
        "a man moves one square diagonally forward",
        "a king moves diagonally over any number of empty squares",
        "",
        "",
    ];
}

impl Rules for Czech {
    const REPETITIONS: u32 = 3;
    fn material_mark(pos: &Position<Self>) -> bool {
        Color::ALL.into_iter().any(|c| {
            let own = pos.color(c);
            own.count() == 1
                && !(own & pos.kind(Kind::King)).is_empty()
                && !(own & long_diagonal::<Dark8x8>()).is_empty()
        })
    }

    /// `C` only against a lone king, and only where it differs from `H`
    /// (a reader takes `C` = `H` when it is missing).
    fn writes_since_material(pos: &Position<Self>, c: &Counters) -> bool {
        c.since_material != c.since_progress && endgame_limit(pos, c.material_mark).is_some()
    }

    /// Three kings against a lone king count to 10 or 30 plies by where
    /// the lone king stood when the material appeared; `L` is written
    /// when the king has left the main diagonal since, or come onto it.
    fn fen_limit(pos: &Position<Self>, c: &Counters) -> Option<u32> {
        let now = Self::material_mark(pos);
        if c.material_mark == now {
            return None;
        }
        let limit = endgame_limit(pos, c.material_mark)?;
        (endgame_limit(pos, now) != Some(limit)).then_some(limit)
    }

    fn mark_for_limit(pos: &Position<Self>, limit: u32) -> Option<bool> {
        let now = Self::material_mark(pos);
        [now, !now]
            .into_iter()
            .find(|&m| endgame_limit(pos, m) == Some(limit))
    }

    /// The 15-moves rule: every advantage fades as it comes close.
    #[inline(always)]
    fn countdown(c: &Counters, _options: &GameOptions) -> Option<Countdown> {
        Some(Countdown {
            left: NO_PROGRESS_PLIES.saturating_sub(c.since_progress),
            limit: NO_PROGRESS_PLIES,
        })
    }

    /// The no-progress count; against a lone king also the endgame
    /// count and the diagonal mark.
    #[inline(always)]
    fn counter_key(pos: &Position<Self>, c: &Counters, _options: &GameOptions) -> Option<u64> {
        let mut x = c.since_progress as u64;
        if pos.count(Color::White) == 1 || pos.count(Color::Black) == 1 {
            x |= (c.since_material.min(63) as u64 + 1) << 8 | u64::from(c.material_mark) << 16;
        }
        Some(x)
    }

    fn verdict(
        pos: &Position<Self>,
        counters: &Counters,
        _options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        let us = pos.side();
        if !has_move {
            return Some(Outcome::win(!us, EndRule::NoMoves));
        }
        // The endgame limit first: against a lone king it is the more
        // specific rule (with kings only, both counters run together and
        // the 30-ply limit would otherwise always be reported as the
        // 15-moves rule).
        if let Some(limit) = endgame_limit(pos, counters.material_mark) {
            if counters.since_material >= limit {
                return Some(Outcome::draw(EndRule::EndgameLimit { plies: limit }));
            }
        }
        if counters.since_progress >= NO_PROGRESS_PLIES {
            return Some(Outcome::draw(EndRule::NoProgress {
                plies: NO_PROGRESS_PLIES,
            }));
        }
        None
    }
}

/// The endgame limit in plies that applies to this material, if any.
/// `on_diagonal` says whether a lone king stood on the main diagonal right
/// after the move that produced the material (a decision, see the
/// module docs).
pub fn endgame_limit(pos: &Position<Czech>, on_diagonal: bool) -> Option<u32> {
    let kings = pos.kind(Kind::King);
    let men = pos.kind(Kind::Man);
    let mut best: Option<u32> = None;
    for lone in Color::ALL {
        let l = pos.color(lone);
        if l.count() != 1 || (l & kings) == 0 {
            continue;
        }
        let o = pos.color(!lone);
        let ok = (o & kings).count();
        let om = (o & men).count();
        let limit = match (ok, om) {
            (1..=2, 0) | (1, 1) => Some(SHORT_LIMIT),
            (3, 0) if on_diagonal => Some(SHORT_LIMIT),
            (3, 0) => Some(LONG_LIMIT),
            _ => None,
        };
        if let Some(x) = limit {
            best = Some(best.map_or(x, |b: u32| b.min(x)));
        }
    }
    best
}

/// The result word for the Czech rules' PDN (`2-0`, `0-2`, `1-1`).
pub fn pdn_result(r: GameResult) -> &'static str {
    match r {
        GameResult::Win(Color::White) => "2-0",
        GameResult::Win(Color::Black) => "0-2",
        GameResult::Draw => "1-1",
    }
}
