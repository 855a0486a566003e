//! Antidraughts: the player who gets rid of all his pieces (or gets
//! them all blocked) wins, so everything is turned round.
//!
//! - Material counts **against** its owner: a man is worth −100, a king
//!   −150 (a flying king is hard to give away when the opponent has few
//!   pieces left to take it with, and a promotion is rarely wanted).
//! - Mobility counts against too: a side with fewer moves is closer to
//!   being blocked, which wins.
//! - Men that have advanced are easier to offer and to have taken:
//!   a small bonus by rank; the edges, where a man cannot be taken, are
//!   worth less.

use super::shapes::{Kings, Men, Squares};
use super::{Evaluate, Params};
use crate::rules::antidraughts::Antidraughts;

/// Two points a rank (the last two alike) and a cost on the edge files.
const SQUARES: Squares<10> = Squares {
    men: Men {
        rank: [0, 2, 4, 6, 8, 10, 12, 14, 16, 16],
        edge: -6,
        ..Men::ZERO
    },
    kings: Kings::ZERO,
};

/// The Antidraughts numbers.
pub const PARAMS: Params = Params {
    material: [-100, -150, 0, 0],
    square: |k, f, r, files, ranks| SQUARES.value(k, f, r, files, ranks),
    mobility: [-2, -1, 0, 0],
    tempo: 0,
};

impl Evaluate for Antidraughts {
    const PARAMS: Params = PARAMS;
    const LEVEL_NODES_PERCENT: u64 = 60;
    const BENCH_DEPTH_CUT: u32 = 2;
    const BENCH_POSITIONS: &'static [&'static str] = &[crate::rules::international::START_FEN];
}
