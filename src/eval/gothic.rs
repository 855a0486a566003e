//! Gothic draughts: sixteen men a side on every square, kings that fly
//! like chess queens, the majority rule, and the no-capture limit that
//! gives the game to whoever has more pieces.
//!
//! - Men gain as they advance; men on the own back rank guard it.
//! - Kings are worth two and a half men in play, but at the no-capture
//!   limit every piece counts one: `adjust` adds the plain piece count
//!   with a weight that grows as the limit comes closer.

use super::shapes::Squares;
use super::{piece_diff, Context, Evaluate, Params};
use crate::position::Position;
use crate::rules::gothic::Gothic;
use crate::rules::Rules;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 250;

const MAN_RANK: [i32; 8] = [4, 0, 3, 7, 12, 20, 32, 0];

/// Men by rank and towards the centre files; kings towards the centre.
const SQUARES: Squares<8> = Squares::centred(MAN_RANK, 2);

/// The Gothic numbers.
pub const PARAMS: Params = Params {
    material: [MAN, KING, 0, 0],
    square: |k, f, r, files, ranks| SQUARES.value(k, f, r, files, ranks),
    mobility: [1, 1, 0, 0],
    tempo: 4,
};

/// The pull of the no-capture limit, from White's side.
pub fn adjust<R: Rules>(pos: &Position<R>, white: i32, cx: &Context) -> i32 {
    white + piece_diff(pos) * 60 * cx.urgency() / 256
}

impl Evaluate for Gothic {
    const PARAMS: Params = PARAMS;
    const BENCH_DEPTH_CUT: u32 = 6;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "W:Wa1,a2,b1,b2,c1,c2,d1,d2,e1,e2,f1,f2,g1,g2,h1,h2:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8",
        "W:Wa1,b1,b3,c1,c3,d1,d2,d3,e1,e3,f1,f3,g1,h1,h3,h4:Ba5,a8,b6,b8,c6,c8,d6,d7,d8,e8,f6,f8,g6,g8,h6,h8",
        "W:Wa1,a4,b1,b2,c1,c3,d1,d3,e1,e3,f1,f4,h1:Ba8,b6,b7,b8,c8,d6,d8,e6,e8,f8,g8,h5,h8",
    ];

    #[inline(always)]
    fn adjust(pos: &Position<Self>, white: i32, cx: &Context) -> i32 {
        adjust(pos, white, cx)
    }
}
