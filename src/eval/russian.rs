//! Russian draughts: material, the advance of the men.
//!
//! - Men gain as they advance and prefer the centre to the edges.
//! - Kings fly and are worth three men; men capture backwards too, so the back rank matters less.
//! - Kings prefer the centre and the long diagonal.

use super::{Evaluate, Params};
use crate::piece::Kind;
use crate::rules::russian::Russian;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 300;

/// Bonus of a man by rank (own back rank first).
const MAN_RANK: [i32; 8] = [0, 0, 3, 7, 12, 20, 34, 0];

fn square(kind: Kind, f: i32, r: i32, _files: i32, _ranks: i32) -> i32 {
    match kind {
        Kind::Man => {
            let s = MAN_RANK[r as usize];
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

impl Evaluate for Russian {
    const PARAMS: Params = Params {
        material: [MAN, KING, 0, 0],
        square,
        mobility: [2, 1, 0, 0],
        tempo: 4,
    };
    const BENCH_POSITIONS: &'static [&'static str] =
        &["W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"];
}
