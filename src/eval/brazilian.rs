//! Brazilian draughts: material, the advance of the men.
//!
//! - Men gain as they advance and prefer the centre to the edges; a
//!   side whose men have more free squares to step to is better off
//!   (matches preferred mobility to squares here).
//! - Kings fly and are worth three men; men capture backwards too, so the back rank matters less.
//! - Kings prefer the centre and the long diagonal.

use super::shapes::{checkers, CHECKERS};
use super::{Evaluate, Params};
use crate::rules::brazilian::Brazilian;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 300;

impl Evaluate for Brazilian {
    // Tuned by matches (README, "Tuning the evaluation"): the square
    // table at 60 % and a man's mobility 6 (was 100 % and 2).
    const PARAMS: Params = Params {
        mobility: [6, 1, 0, 0],
        ..checkers(MAN, KING, |k, f, r, files, ranks| {
            CHECKERS.value(k, f, r, files, ranks) * 60 / 100
        })
    };
    const BENCH_POSITIONS: &'static [&'static str] =
        &["W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"];
}
