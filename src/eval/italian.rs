//! Italian draughts: material, the advance of the men, the back-rank guard.
//!
//! - Men gain as they advance and prefer the centre to the edges.
//! - Kings step one square, cannot be taken by men and are worth a little more than in English draughts; the men on `b1` and `f1` (29 and 31) guard the back rank.
//! - Kings prefer the centre and the long diagonal.

use super::{Evaluate, Params};
use crate::piece::Kind;
use crate::rules::italian::Italian;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 170;

/// Bonus of a man by rank (own back rank first).
const MAN_RANK: [i32; 8] = [0, 0, 3, 7, 12, 20, 34, 0];

/// Back-rank guard, by file (own back rank).
const GUARD: [i32; 8] = [0, 16, 0, 8, 0, 16, 0, 0];

fn square(kind: Kind, f: i32, r: i32, _files: i32, _ranks: i32) -> i32 {
    match kind {
        Kind::Man => {
            let mut s = MAN_RANK[r as usize];
            if r == 0 {
                s += GUARD[f as usize];
            }
            s + match f {
                0 | 7 => -4,
                2..=5 if (2..=5).contains(&r) => 4,
                _ => 0,
            }
        }
        Kind::King => {
            let diagonal = if f == r || f + r == 7 { 8 } else { 0 };
            let centre = (2 * f - 7).abs().max((2 * r - 7).abs());
            diagonal + (7 - centre)
        }
        _ => 0,
    }
}

impl Evaluate for Italian {
    const PARAMS: Params = Params {
        material: [MAN, KING, 0, 0],
        square,
        mobility: [2, 1, 0, 0],
        tempo: 4,
    };
    const BENCH_POSITIONS: &'static [&'static str] =
        &["W:Wa2,b1,b3,c2,d1,d3,e2,f1,f3,g2,h1,h3:Ba6,a8,b7,c6,c8,d7,e6,e8,f7,g6,g8,h7"];
}
