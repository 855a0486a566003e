//! Medieval battle: pawns and knights that march forward (knights also
//! sideways), commanders and kings that fly, and the no-capture limit
//! that gives the game to the stronger army (pawn 1, knight 2,
//! commander 3, king 4).
//!
//! - Pawns and knights gain as they advance: a knight crowned is a king,
//!   the strongest piece on the board.
//! - As the no-capture limit comes closer the army strength of the rule,
//!   which decides the game there, gains weight.

use super::{Context, Params};
use crate::bitboard::Bits;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::medieval::WEIGHT;
use crate::rules::Rules;

/// Worth of a pawn.
pub const PAWN: i32 = 100;
/// Worth of a knight.
pub const KNIGHT: i32 = 200;
/// Worth of a commander.
pub const COMMANDER: i32 = 330;
/// Worth of a king.
pub const KING: i32 = 480;

fn square(kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
    let fc = (2 * f - (files - 1)).abs(); // 1 ..= 9
    let rc = (2 * r - (ranks - 1)).abs();
    let near_crown = [0, 0, 0, 0, 0, 0, 2, 6, 14, 0][r as usize];
    match kind {
        Kind::Man => 2 * r + near_crown - fc / 3,
        Kind::Knight => 2 * r + 2 * near_crown - fc / 3,
        Kind::King | Kind::Commander => (18 - fc - rc) / 2,
    }
}

/// The Medieval numbers.
pub const PARAMS: Params = Params {
    material: [PAWN, KING, KNIGHT, COMMANDER],
    square,
    mobility: [1, 1, 1, 1],
    tempo: 3,
};

/// The army strength of the no-capture rule, White's minus Black's.
fn strength_diff<R: Rules>(pos: &Position<R>) -> i32 {
    let mut s = 0;
    for k in Kind::ALL {
        let w = WEIGHT[k.index()] as i32;
        s += w
            * (pos.pieces(Color::White, k).count() as i32
                - pos.pieces(Color::Black, k).count() as i32);
    }
    s
}

/// The pull of the no-capture limit, from White's side.
pub fn adjust<R: Rules>(pos: &Position<R>, white: i32, cx: &Context) -> i32 {
    let u = cx.urgency();
    if u == 0 {
        return white;
    }
    white + strength_diff(pos) * 50 * u / 256
}
