//! English draughts: material, the advance of the men, the back-rank guard.
//!
//! - Men gain as they advance and prefer the centre to the edges.
//! - Kings step one square and are worth about a man and a half; the men on `c1` and `g1` (30 and 32, the bridge) guard the back rank.
//! - Kings prefer the centre and the long diagonal.

use super::shapes::{checkers, Squares, CHECKERS};
use super::{Evaluate, Params};
use crate::rules::english::English;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 160;

/// The 8×8 squares, with the back-rank guard on `c1`, `e1` and `g1`.
const SQUARES: Squares<8> = CHECKERS.guarding([0, 0, 16, 0, 8, 0, 16, 0]);

impl Evaluate for English {
    const PARAMS: Params = checkers(MAN, KING, |k, f, r, files, ranks| {
        SQUARES.value(k, f, r, files, ranks)
    });
    const BENCH_POSITIONS: &'static [&'static str] =
        &["B:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"];
}
