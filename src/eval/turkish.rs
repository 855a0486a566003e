//! Turkish draughts: sixteen men a side that step forward and sideways,
//! kings that fly along ranks and files, the majority rule and removal
//! at once.
//!
//! - A king sweeps whole ranks and files and is worth far more than a
//!   man (about four): the race to the last rank dominates.
//! - Men gain as they advance, most on the last ranks before promotion;
//!   men kept on the two start ranks hold the formation together, and a
//!   man in the centre files has more room to step sideways.

use super::shapes::{Kings, Squares};
use super::{Evaluate, Params};
use crate::rules::turkish::Turkish;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 400;

/// Bonus of a man by rank (rank 0 is the own back rank, empty at the start).
const MAN_RANK: [i32; 8] = [0, 2, 2, 5, 10, 18, 30, 0];

/// Men by rank and towards the centre files; a king, which sweeps whole
/// ranks and files, is worth the same anywhere.
const SQUARES: Squares<8> = Squares {
    kings: Kings::ZERO,
    ..Squares::centred(MAN_RANK, 3)
};

/// The Turkish numbers.
pub const PARAMS: Params = Params {
    material: [MAN, KING, 0, 0],
    // Tuned by matches (README, "Tuning the evaluation"): the square
    // table at 60 %.
    square: |k, f, r, files, ranks| SQUARES.value(k, f, r, files, ranks) * 60 / 100,
    mobility: [1, 1, 0, 0],
    tempo: 3,
};

impl Evaluate for Turkish {
    const PARAMS: Params = PARAMS;
    const BENCH_DEPTH_CUT: u32 = 2;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        <Turkish as crate::rules::Mechanics>::START_FEN,
        "W:Wa2,a3,b2,b4,c2,c3,d3,e2,e4,f2,f3,g2,h2,h3:Ba6,a7,b6,b7,c5,c7,d6,e6,e7,f7,g6,g7,h6,h7",
    ];
}
