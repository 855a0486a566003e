//! Frisian draughts: twenty men a side on the 10×10 dark squares, men
//! and kings that capture along ranks and files as well as diagonals,
//! the capture of highest value, and the limit on king moves.
//!
//! - A king is worth much (it captures in eight directions) but is
//!   bound by the limit while men remain: about three and a half men.
//! - Men gain as they advance; the back rank guards the crowning squares,
//!   and men in the centre files have more captures.

use super::shapes::Squares;
use super::{Evaluate, Params};
use crate::rules::frisian::Frisian;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 350;

const MAN_RANK: [i32; 10] = [5, 0, 1, 3, 6, 10, 15, 22, 32, 0];

/// Men by rank and towards the centre files; kings towards the centre.
const SQUARES: Squares<10> = Squares::centred(MAN_RANK, 3);

/// The Frisian numbers.
pub const PARAMS: Params = Params {
    material: [MAN, KING, 0, 0],
    square: |k, f, r, files, ranks| SQUARES.value(k, f, r, files, ranks),
    mobility: [1, 1, 0, 0],
    tempo: 3,
};

impl Evaluate for Frisian {
    const PARAMS: Params = PARAMS;
    const BENCH_DEPTH_CUT: u32 = 2;
    const BENCH_POSITIONS: &'static [&'static str] =
        &[<Frisian as crate::rules::Mechanics>::START_FEN];
}
