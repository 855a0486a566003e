//! Thai draughts: eight men a side on the dark squares, men that only
//! go forward, kings that fly but stop right behind what they take, and
//! removal at once.
//!
//! - With so few men, each is worth much, and a king (which cannot
//!   land far beyond its victim) about two and a half men.
//! - Men gain as they advance; men on the own back rank guard the
//!   crowning squares.

use super::shapes::Squares;
use super::{Evaluate, Params};
use crate::rules::thai::Thai;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 250;

const MAN_RANK: [i32; 8] = [6, 0, 3, 7, 12, 20, 30, 0];

/// Men by rank and towards the centre files; kings towards the centre.
const SQUARES: Squares<8> = Squares::centred(MAN_RANK, 2);

/// The Thai numbers.
pub const PARAMS: Params = Params {
    material: [MAN, KING, 0, 0],
    // Tuned by matches (README, "Tuning the evaluation"): the square
    // table at 150 %.
    square: |k, f, r, files, ranks| SQUARES.value(k, f, r, files, ranks) * 150 / 100,
    mobility: [2, 1, 0, 0],
    tempo: 3,
};

impl Evaluate for Thai {
    const PARAMS: Params = PARAMS;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        <Thai as crate::rules::Mechanics>::START_FEN,
        "W:Wa1,c1,c3,e1,f2,g3:Bb6,d8,e5,f8,g7,h6",
    ];
}
