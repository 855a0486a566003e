//! Gothic draughts (Gotická dáma, Altdeutsche Dame).
//!
//! **Board and pieces.** 8×8, all 64 squares. Sixteen men each on the
//! two edge ranks: White on ranks 1–2, Black on ranks 7–8. White moves
//! first.
//!
//! **Men** step one square forward, sideways or diagonally forward (five
//! directions, never back) and capture by a short jump in the same five
//! directions, turning freely between jumps.
//!
//! **Kings** move like a chess queen over any number of empty squares
//! in all eight directions and capture at a distance in all eight.
//!
//! **Captures** are compulsory, and the capture must take the **most
//! pieces** possible, kings and men alike (precedence `[MostPieces]`);
//! among those the choice is free. A man that ends its move on the last
//! rank becomes a king.
//!
//! **End.** A player who cannot move passes (the only legal move is
//! `pass`); a player with no pieces has lost. When neither side can
//! move, or after the no-capture limit (30 plies by default, the option
//! [`GameOptions::no_capture_limit`](crate::GameOptions::no_capture_limit)),
//! the player with more pieces wins; *Decision:* equal numbers draw.
//!
//! ```
//! use dama::{Game, Gothic};
//! // The majority rule: the man must take two (d3, e4), not one (c4).
//! let game: Game<Gothic> = "W:Wc3:Bc4,d3,e4".parse().unwrap();
//! let moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["c3xe3xe5"]);
//! ```

use crate::geometry::{dir, dirs, Full8x8, QUEEN};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::{Capture, Countdown, Mechanics, Motion, Precedence, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome, Tally};
use crate::variant::Variant;

/// Gothic draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Gothic;

const MAN: u16 = dirs(&[dir::N, dir::NE, dir::NW, dir::E, dir::W]);

impl Mechanics for Gothic {
    type Geo = Full8x8;
    const VARIANT: Variant = Variant::Gothic;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = [
        Motion::Step(MAN),
        Motion::Slide(QUEEN),
        Motion::None,
        Motion::None,
    ];
    const CAPTURE: [Capture; 4] = [
        Capture::Jump(MAN),
        Capture::Fly(QUEEN),
        Capture::None,
        Capture::None,
    ];
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[Precedence::MostPieces];
    const PASSES: bool = true;
    const START_FEN: &'static str = "W:Wa1,a2,b1,b2,c1,c2,d1,d2,e1,e2,f1,f2,g1,g2,h1,h2:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8";
    const KIND_MOVES: [&'static str; 4] = [
        "a man moves one square forward, sideways or diagonally forward",
        "a king moves any number of empty squares in any of the eight directions",
        "",
        "",
    ];
}

impl Rules for Gothic {
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
        if !has_move {
            return Some(more_pieces(pos, EndRule::BothBlocked));
        }
        if c.since_capture >= o.no_capture_limit {
            return Some(more_pieces(
                pos,
                EndRule::NoCaptureLimit {
                    plies: o.no_capture_limit,
                    tally: Tally::Pieces,
                },
            ));
        }
        None
    }
}

/// The side with more pieces wins by `rule`; equal numbers draw.
pub(crate) fn more_pieces<R: Rules>(pos: &Position<R>, rule: EndRule) -> Outcome {
    let w = pos.count(Color::White);
    let b = pos.count(Color::Black);
    match w.cmp(&b) {
        std::cmp::Ordering::Greater => Outcome::win(Color::White, rule),
        std::cmp::Ordering::Less => Outcome::win(Color::Black, rule),
        std::cmp::Ordering::Equal => Outcome::draw(rule),
    }
}
