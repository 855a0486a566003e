//! Ossetian draughts: twenty-one pieces a side on 7×7 that step forward
//! and capture by jumping in all eight directions, never crown, and pass
//! when blocked. The game ends when nobody can move; more pieces wins.
//!
//! Only the count decides, so material is nearly everything. A piece on
//! the edge cannot be jumped across it, and moves in reserve (the side
//! that can still wait need not step into a capture) are worth a little.

use super::{Context, Params};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::Rules;

/// Worth of a piece.
pub const PIECE: i32 = 100;

fn square(kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
    match kind {
        Kind::Man => {
            let edge = f == 0 || f == files - 1 || r == 0 || r == ranks - 1;
            if edge {
                3
            } else {
                0
            }
        }
        _ => 0,
    }
}

/// The Ossetian numbers.
pub const PARAMS: Params = Params {
    material: [PIECE, 0, 0, 0],
    square,
    mobility: [2, 0, 0, 0],
    tempo: 0,
};

/// Nothing to add: the tables say it all.
pub fn adjust<R: Rules>(_pos: &Position<R>, white: i32, _cx: &Context) -> i32 {
    white
}
