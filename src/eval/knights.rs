//! Knight's draughts: twenty forward-leaping knights a side on 10×10,
//! kings that leap all eight ways, and a move limit after which more
//! pieces wins.
//!
//! - Knights gain as they advance (a king is crowned on the last rank)
//!   and like the centre, where a knight has all its leaps.
//! - As the move limit comes closer the plain piece count, which decides
//!   the game there, gains weight.

use super::{piece_diff, Context, Evaluate, Params};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::knights::Knights;
use crate::rules::Rules;

/// Worth of a knight (the game's man).
pub const KNIGHT: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 200;

fn square(kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
    let fc = (2 * f - (files - 1)).abs(); // 1 ..= 9
    let rc = (2 * r - (ranks - 1)).abs();
    match kind {
        // Two ranks from the crown a knight is nearly a king.
        Kind::Man => 3 * (r - 3).max(0) + [0, 0, 0, 0, 0, 0, 0, 6, 16, 0][r as usize] - fc / 2,
        Kind::King => (18 - fc - rc) / 2,
        _ => 0,
    }
}

/// The Knight's numbers.
pub const PARAMS: Params = Params {
    material: [KNIGHT, KING, 0, 0],
    square,
    mobility: [1, 1, 0, 0],
    tempo: 3,
};

/// The pull of the move limit, from White's side.
pub fn adjust<R: Rules>(pos: &Position<R>, white: i32, cx: &Context) -> i32 {
    white + piece_diff(pos) * 60 * cx.urgency() / 256
}

impl Evaluate for Knights {
    const PARAMS: Params = PARAMS;
    /// Knight's draughts has several times as many moves per position
    /// as the other games (knights leap to up to eight squares on a 10×10
    /// board), so the same node budget buys about one ply less; at the
    /// table's caps its level 4 came within a tenth of a ply of level 5
    /// and the ladder could not tell them apart. A quarter of the nodes
    /// restores the steps between the levels.
    const LEVEL_NODES_PERCENT: u64 = 25;
    const BENCH_DEPTH_CUT: u32 = 7;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "W:Wa3,a4,b3,b4,c3,c4,d3,d4,e3,e4,f3,f4,g3,g4,h3,h4,i3,i4,j3,j4:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8,i7,i8,j7,j8",
        "W:Wa4,b3,c3,c9,d3,f3,f4,f8,g3,h4,i4,j4:Ba7,b7,b8,c2,c8,d2,d8,e3,e7,e8,g8,h3,h8,i3,i7,j7",
        "W:Wa4,c4,e3,e4,f4,g3,Kg8,h3,j3,j4,j8:BKa5,b7,b8,Kc1,c2,c6,c8,d8,Ke1,f8,g7,h8,i7,Kj1,j7",
    ];

    #[inline(always)]
    fn adjust(pos: &Position<Self>, white: i32, cx: &Context) -> i32 {
        adjust(pos, white, cx)
    }
}
