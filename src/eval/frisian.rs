//! Frisian draughts: twenty men a side on the 10×10 dark squares, men
//! and kings that capture along ranks and files as well as diagonals,
//! the capture of highest value, and the limit on king moves.
//!
//! - A king is worth much (it captures in eight directions) but is
//!   bound by the limit while men remain: about three and a half men.
//! - Men gain as they advance; the back rank guards the crowning squares,
//!   and men in the centre files have more captures.

use super::{Evaluate, Params};
use crate::piece::Kind;
use crate::rules::frisian::Frisian;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 350;

const MAN_RANK: [i32; 10] = [5, 0, 1, 3, 6, 10, 15, 22, 32, 0];

fn square(kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
    let centre = (2 * f - (files - 1)).abs(); // 1 (centre) ..= 9 (edge)
    match kind {
        Kind::Man => MAN_RANK[r as usize] + (9 - centre) / 3,
        Kind::King => {
            let rc = (2 * r - (ranks - 1)).abs();
            (18 - centre - rc) / 3
        }
        _ => 0,
    }
}

/// The Frisian numbers.
pub const PARAMS: Params = Params {
    material: [MAN, KING, 0, 0],
    square,
    mobility: [1, 1, 0, 0],
    tempo: 3,
};

impl Evaluate for Frisian {
    const PARAMS: Params = PARAMS;
    const BENCH_DEPTH_CUT: u32 = 2;
    const BENCH_POSITIONS: &'static [&'static str] =
        &[<Frisian as crate::rules::Mechanics>::START_FEN];
}
