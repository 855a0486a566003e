//! Antidraughts (losing draughts, give-away): International draughts
//! played to lose.
//!
//! **Everything as in International draughts** (see
//! [`international`](super::international)) for the board numbered
//! 1–50, the twenty men a side, moves, captures (men capture forward and
//! backward, kings fly), the majority rule and promotion. Capturing is
//! still compulsory: that is how a player gets rid of his pieces.
//!
//! **The end.** The player to move who has **no legal move** — no
//! pieces left, or all of them blocked — **wins**
//! ([`Rules::NO_MOVE_WINS`]).
//!
//! **Draws:** by repetition only (the same position, with the same side
//! to move, for the third time); no 25-move rule and no endgame classes.
//!
//! ```
//! use dama::{Antidraughts, EndRule, Game, GameResult, Color};
//! // Black's man on 23 must take White's last man (23x32): White wins.
//! let mut game: Game<Antidraughts> = "B:W28:B23,6".parse().unwrap();
//! game.play_text("23x32").unwrap();
//! let o = game.outcome().unwrap();
//! assert_eq!((o.result, o.rule), (GameResult::Win(Color::White), EndRule::NoPiecesWins));
//! ```

use crate::geometry::Dark10x10;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::international::{CAPTURE, KIND_MOVES, MOTION, START_FEN};
use crate::rules::{Capture, Mechanics, Motion, Precedence, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// Antidraughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Antidraughts;

impl Mechanics for Antidraughts {
    type Geo = Dark10x10;
    const VARIANT: Variant = Variant::Antidraughts;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = MOTION;
    const CAPTURE: [Capture; 4] = CAPTURE;
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[Precedence::MostPieces];
    const START_FEN: &'static str = START_FEN;
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
    const KIND_MOVES: [&'static str; 4] = KIND_MOVES;
}

impl Rules for Antidraughts {
    const REPETITIONS: u32 = 3;
    const NO_MOVE_WINS: bool = true;

    fn verdict(
        pos: &Position<Self>,
        _counters: &Counters,
        _options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        (!has_move).then(|| Outcome::win(pos.side(), EndRule::NoMovesWins))
    }
}
