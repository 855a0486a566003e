//! Ossetian draughts: twenty-one pieces a side on 7×7 that step forward
//! and capture by jumping in all eight directions, never crown, and pass
//! when blocked. The game ends when nobody can move; more pieces wins.
//!
//! Only the count decides, so material is nearly everything. A piece on
//! the edge cannot be jumped across it, and moves in reserve (the side
//! that can still wait need not step into a capture) are worth a little.

use super::{Evaluate, Params};
use crate::piece::Kind;
use crate::rules::ossetian::Ossetian;

/// Worth of a piece.
pub const PIECE: i32 = 100;

fn square(kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
    match kind {
        Kind::Man => {
            let edge = f == 0 || f == files - 1 || r == 0 || r == ranks - 1;
            if edge {
                3
            } else {
                0
            }
        }
        _ => 0,
    }
}

/// The Ossetian numbers.
pub const PARAMS: Params = Params {
    material: [PIECE, 0, 0, 0],
    square,
    mobility: [2, 0, 0, 0],
    tempo: 0,
};

/// Nothing to adjust: the tables say it all.
impl Evaluate for Ossetian {
    const PARAMS: Params = PARAMS;
    const BENCH_DEPTH_CUT: u32 = 4;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3,d1,d2,d3,e1,e2,e3,f1,f2,f3,g1,g2,g3:Ba5,a6,a7,b5,b6,b7,c5,c6,c7,d5,d6,d7,e5,e6,e7,f5,f6,f7,g5,g6,g7",
        "W:Wa2,a3,a4,b3,c1,c2,c3,d1,d2,d3,e1,e2,e3,g2,g3:Ba5,a6,a7,b5,c6,c7,d6,d7,e5,e6,e7,f4,f7,g4,g5,g7",
        "W:Wa1,b1,b3,c1,e1,e3,f1,g1,g2,g4:Ba6,a7,b6,c6,d7,e5,e7,f6,f7,g6,g7",
    ];
}
