//! Medieval battle: pawns and knights that march forward (knights also
//! sideways), commanders and kings that fly, and the no-capture limit
//! that gives the game to the stronger army (pawn 1, knight 2,
//! commander 3, king 4).
//!
//! - Pawns and knights gain as they advance: a knight crowned is a king,
//!   the strongest piece on the board.
//! - As the no-capture limit comes closer the army strength of the rule,
//!   which decides the game there, gains weight.

use super::{Context, Evaluate, Params};
use crate::bitboard::Bits;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::medieval::Medieval;
use crate::rules::medieval::WEIGHT;
use crate::rules::Rules;

/// Worth of a pawn.
pub const PAWN: i32 = 100;
/// Worth of a knight.
pub const KNIGHT: i32 = 200;
/// Worth of a commander.
pub const COMMANDER: i32 = 330;
/// Worth of a king.
pub const KING: i32 = 480;

fn square(kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
    let fc = (2 * f - (files - 1)).abs(); // 1 ..= 9
    let rc = (2 * r - (ranks - 1)).abs();
    let near_crown = [0, 0, 0, 0, 0, 0, 2, 6, 14, 0][r as usize];
    match kind {
        Kind::Man => 2 * r + near_crown - fc / 3,
        Kind::Knight => 2 * r + 2 * near_crown - fc / 3,
        Kind::King | Kind::Commander => (18 - fc - rc) / 2,
    }
}

/// The Medieval numbers.
pub const PARAMS: Params = Params {
    material: [PAWN, KING, KNIGHT, COMMANDER],
    square,
    mobility: [1, 1, 1, 1],
    tempo: 3,
};

/// The army strength of the no-capture rule, White's minus Black's.
fn strength_diff<R: Rules>(pos: &Position<R>) -> i32 {
    let mut s = 0;
    for k in Kind::ALL {
        let w = WEIGHT[k.index()] as i32;
        s += w
            * (pos.pieces(Color::White, k).count() as i32
                - pos.pieces(Color::Black, k).count() as i32);
    }
    s
}

/// The pull of the no-capture limit, from White's side.
pub fn adjust<R: Rules>(pos: &Position<R>, white: i32, cx: &Context) -> i32 {
    let u = cx.urgency();
    if u == 0 {
        return white;
    }
    white + strength_diff(pos) * 50 * u / 256
}

impl Evaluate for Medieval {
    const PARAMS: Params = PARAMS;
    const BENCH_DEPTH_CUT: u32 = 5;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "W:WNa1,a3,b2,Nc1,c3,d2,Ne1,e3,f2,Ng1,g3,h2,Ni1,i3,j2:Ba9,b8,Nb10,c9,d8,Nd10,e9,f8,Nf10,g9,h8,Nh10,i9,j8,Nj10",
        "W:WNa1,a5,b2,b4,Nc1,d2,d4,Ne1,f4,Ng1,g3,h2,h4,Ni1,i3:Ba7,Nb10,c7,c9,Nd10,e7,e9,f8,Nf10,g9,h6,h8,Nh10,i9,Nj10",
        "W:WNa1,b2,b4,Nc1,c5,d2,d4,Ne1,e5,Ng1,h2,h4,Ni1:Ba7,a9,b8,c7,Nc10,Nd9,e7,f6,Nf10,g7,g9,Nh10,Nj10",
    ];

    #[inline(always)]
    fn adjust(pos: &Position<Self>, white: i32, cx: &Context) -> i32 {
        adjust(pos, white, cx)
    }
}
