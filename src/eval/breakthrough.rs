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

use super::shapes::{Kings, Men, Squares};
use super::{international, Context, Evaluate, Params};
use crate::piece::Color;
use crate::position::Position;
use crate::rules::breakthrough::Breakthrough;
use crate::rules::Rules;

/// The squares of the men (kings never move: the game has ended).
const SQUARES: Squares<10> = Squares {
    men: Men {
        rank: [0, 1, 3, 6, 10, 16, 26, 45, 80, 0],
        // The back rank: 47, 48, 49 most.
        guard: [2, 0, 10, 0, 14, 0, 10, 0, 4, 0],
        edge: -4,
        block: [3, 6],
        centre: 5,
        flank: 0,
        centre_div: 0,
    },
    kings: Kings::ZERO,
};

/// The Breakthrough numbers (kings never move: the game has ended).
pub const PARAMS: Params = Params {
    material: [100, 0, 0, 0],
    square: |k, f, r, files, ranks| SQUARES.value(k, f, r, files, ranks),
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
