//! Spanish draughts: material, the advance of the men, the back-rank guard.
//!
//! - Men gain as they advance and prefer the centre to the edges.
//! - Kings fly and are worth three men; the men on `b1` and `f1` (4 and 2) guard the back rank.
//! - Kings prefer the centre and the long diagonal.

use super::shapes::{checkers, Squares, CHECKERS};
use super::{Evaluate, Params};
use crate::rules::spanish::Spanish;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 300;

/// The 8×8 squares, with the back-rank guard on `b1`, `d1` and `f1`.
const SQUARES: Squares<8> = CHECKERS.guarding([0, 16, 0, 8, 0, 16, 0, 0]);

impl Evaluate for Spanish {
    const PARAMS: Params = checkers(MAN, KING, |k, f, r, files, ranks| {
        SQUARES.value(k, f, r, files, ranks)
    });
    const BENCH_POSITIONS: &'static [&'static str] =
        &["W:Wa2,b1,b3,c2,d1,d3,e2,f1,f3,g2,h1,h3:Ba6,a8,b7,c6,c8,d7,e6,e8,f7,g6,g8,h7"];
}
