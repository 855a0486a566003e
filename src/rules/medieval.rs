//! Medieval battle (Středověká bitva).
//!
//! **Board and pieces.** 10×10, all 100 squares. Each player has ten
//! pawns and five knights. *Decision* (the original picture is lost):
//! White's knights on `a1 c1 e1 g1 i1`, pawns on `b2 d2 f2 h2 j2 a3 c3
//! e3 g3 i3`; Black's knights on `b10 d10 f10 h10 j10`, pawns on `a9 c9
//! e9 g9 i9 b8 d8 f8 h8 j8`. White moves first.
//!
//! **Pawns** step one square diagonally forward; **knights** one square
//! straight forward or sideways (not back). Both capture any opponent
//! piece by a short jump, only in the directions they move in, turning
//! between jumps.
//!
//! **Promotion.** A pawn that ends its move on the last rank becomes a
//! **commander**, which flies along the four diagonals (moves and
//! captures at a distance); a knight becomes a **king**, which flies in
//! all eight directions.
//!
//! **Captures** are compulsory, the choice among captures free, and a
//! piece that can go on capturing must.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! After the no-capture limit (30 plies by default, the option
//! [`GameOptions::no_capture_limit`](crate::GameOptions::no_capture_limit))
//! the stronger army wins, counting pawn 1, knight 2, commander 3, king 4
//! ([`WEIGHT`], [`strength`]); *Decision:* equal strength draws.
//!
//! ```
//! use dama::{Color, Medieval, Position};
//! let start = Position::<Medieval>::start();
//! assert_eq!(dama::rules::medieval::strength(&start, Color::White), 20);
//! ```

use crate::bitboard::Bits;
use crate::geometry::{dir, dirs, Full10x10, DIAGONALS, QUEEN};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::{Capture, Countdown, Mechanics, Motion, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome, Tally};
use crate::variant::Variant;

/// Medieval battle.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Medieval;

const PAWN: u16 = dirs(&[dir::NE, dir::NW]);
const KNIGHT: u16 = dirs(&[dir::N, dir::E, dir::W]);

/// Strength of each kind for the no-capture verdict.
pub const WEIGHT: [u32; 4] = [1, 4, 2, 3];

impl Mechanics for Medieval {
    type Geo = Full10x10;
    const VARIANT: Variant = Variant::Medieval;
    const KINDS: [bool; 4] = [true, true, true, true];
    const MOTION: [Motion; 4] = [
        Motion::Step(PAWN),
        Motion::Slide(QUEEN),
        Motion::Step(KNIGHT),
        Motion::Slide(DIAGONALS),
    ];
    const CAPTURE: [Capture; 4] = [
        Capture::Jump(PAWN),
        Capture::Fly(QUEEN),
        Capture::Jump(KNIGHT),
        Capture::Fly(DIAGONALS),
    ];
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::Commander), None, Some(Kind::King), None];
    const START_FEN: &'static str = "W:WNa1,a3,b2,Nc1,c3,d2,Ne1,e3,f2,Ng1,g3,h2,Ni1,i3,j2:Ba9,b8,Nb10,c9,d8,Nd10,e9,f8,Nf10,g9,h8,Nh10,i9,j8,Nj10";
    const KIND_NAMES: [&'static str; 4] = ["pawn", "king", "knight", "commander"];
    const KIND_MOVES: [&'static str; 4] = [
        "a pawn moves one square diagonally forward",
        "a king moves any number of empty squares in any of the eight directions",
        "a knight moves only forward or sideways, one square",
        "a commander moves diagonally over any number of empty squares",
    ];
}

impl Rules for Medieval {
    /// The no-capture limit, where the count decides.
    #[inline(always)]
    fn countdown(c: &Counters, o: &GameOptions) -> Option<Countdown> {
        Some(Countdown {
            left: o.no_capture_limit.saturating_sub(c.since_capture),
            limit: o.no_capture_limit.max(1),
        })
    }

    /// Plies since the last capture (the no-capture limit).
    #[inline(always)]
    fn counter_key(_pos: &Position<Self>, c: &Counters, _o: &GameOptions) -> Option<u64> {
        Some(c.since_capture as u64)
    }

    fn verdict(
        pos: &Position<Self>,
        c: &Counters,
        o: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        let us = pos.side();
        if !has_move {
            return Some(Outcome::win(!us, EndRule::NoMoves));
        }
        if c.since_capture >= o.no_capture_limit {
            let rule = EndRule::NoCaptureLimit {
                plies: o.no_capture_limit,
                tally: Tally::Strength,
            };
            let w = strength(pos, Color::White);
            let b = strength(pos, Color::Black);
            return Some(match w.cmp(&b) {
                std::cmp::Ordering::Greater => Outcome::win(Color::White, rule),
                std::cmp::Ordering::Less => Outcome::win(Color::Black, rule),
                std::cmp::Ordering::Equal => Outcome::draw(rule),
            });
        }
        None
    }
}

/// The strength of a side's army (pawn 1, knight 2, commander 3, king 4).
pub fn strength(pos: &Position<Medieval>, c: Color) -> u32 {
    Kind::ALL
        .into_iter()
        .map(|k| pos.pieces(c, k).count() * WEIGHT[k.index()])
        .sum()
}
