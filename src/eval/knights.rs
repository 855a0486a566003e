//! Knight's draughts: twenty forward-leaping knights a side on 10×10,
//! kings that leap all eight ways, and a move limit after which more
//! pieces wins.
//!
//! - Knights gain as they advance (a king is crowned on the last rank)
//!   and like the centre, where a knight has all its leaps.
//! - As the move limit comes closer the plain piece count, which decides
//!   the game there, gains weight.

use super::{piece_diff, Context, Params};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::Rules;

/// Worth of a knight (the game's man).
pub const KNIGHT: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 200;

fn square(kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
    let fc = (2 * f - (files - 1)).abs(); // 1 ..= 9
    let rc = (2 * r - (ranks - 1)).abs();
    match kind {
        // Two ranks from the crown a knight is nearly a king.
        Kind::Man => 3 * (r - 3).max(0) + [0, 0, 0, 0, 0, 0, 0, 6, 16, 0][r as usize] - fc / 2,
        Kind::King => (18 - fc - rc) / 2,
        _ => 0,
    }
}

/// The Knight's numbers.
pub const PARAMS: Params = Params {
    material: [KNIGHT, KING, 0, 0],
    square,
    mobility: [1, 1, 0, 0],
    tempo: 3,
};

/// The pull of the move limit, from White's side.
pub fn adjust<R: Rules>(pos: &Position<R>, white: i32, cx: &Context) -> i32 {
    white + piece_diff(pos) * 60 * cx.urgency() / 256
}
