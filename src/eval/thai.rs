//! Thai draughts: eight men a side on the dark squares, men that only
//! go forward, kings that fly but stop right behind what they take, and
//! removal at once.
//!
//! - With so few men, each is worth much, and a king (which cannot
//!   land far beyond its victim) about two and a half men.
//! - Men gain as they advance; men on the own back rank guard the
//!   crowning squares.

use super::{Evaluate, Params};
use crate::piece::Kind;
use crate::rules::thai::Thai;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 250;

const MAN_RANK: [i32; 8] = [6, 0, 3, 7, 12, 20, 30, 0];

fn square(kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
    let centre = (2 * f - (files - 1)).abs();
    match kind {
        Kind::Man => MAN_RANK[r as usize] + (7 - centre) / 2,
        Kind::King => {
            let rc = (2 * r - (ranks - 1)).abs();
            (14 - centre - rc) / 2
        }
        _ => 0,
    }
}

/// The Thai numbers.
pub const PARAMS: Params = Params {
    material: [MAN, KING, 0, 0],
    square,
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
