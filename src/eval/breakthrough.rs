//! Breakthrough draughts: the first man to crown wins, so the race is
//! everything.
//!
//! - Men gain steeply as they near the last rank, far more than in
//!   International draughts: a man two ranks from crowning is a threat
//!   the opponent must meet at once.
//! - The back rank (47, 48, 49) is guarded, since a single man through
//!   ends the game; the centre counts as in International draughts.
//! - `adjust` pays a man that nothing can stop from crowning nearly the
//!   whole game.

use super::{international, Context, Evaluate, Params};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::breakthrough::Breakthrough;
use crate::rules::Rules;

/// Bonus of a man by rank (own back rank first).
const MAN_RANK: [i32; 10] = [0, 1, 3, 6, 10, 16, 26, 45, 80, 0];
/// Back-rank guard by file on rank 1.
const GUARD: [i32; 10] = [2, 0, 10, 0, 14, 0, 10, 0, 4, 0];

fn square(kind: Kind, f: i32, r: i32, _files: i32, _ranks: i32) -> i32 {
    match kind {
        Kind::Man => {
            let mut s = MAN_RANK[r as usize];
            if r == 0 {
                s += GUARD[f as usize];
            }
            s + match f {
                0 | 9 => -4,
                3..=6 if (3..=6).contains(&r) => 5,
                _ => 0,
            }
        }
        _ => 0,
    }
}

/// The Breakthrough numbers (kings never move: the game has ended).
pub const PARAMS: Params = Params {
    material: [100, 0, 0, 0],
    square,
    mobility: [1, 0, 0, 0],
    tempo: 4,
};

/// Unstoppable men, from White's side.
pub fn adjust<R: Rules>(pos: &Position<R>, white: i32, _cx: &Context) -> i32 {
    white
        + 3 * (international::runaways(pos, Color::White)
            - international::runaways(pos, Color::Black))
}

impl Evaluate for Breakthrough {
    const PARAMS: Params = PARAMS;
    const LEVEL_NODES_PERCENT: u64 = 60;
    const BENCH_DEPTH_CUT: u32 = 2;
    const BENCH_POSITIONS: &'static [&'static str] = &[crate::rules::international::START_FEN];

    #[inline(always)]
    fn adjust(pos: &Position<Self>, white: i32, cx: &Context) -> i32 {
        adjust(pos, white, cx)
    }
}
