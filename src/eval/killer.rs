//! Killer draughts: International draughts' evaluation. The halt rule
//! makes a king that takes a king easy to take back, but kings are still
//! worth about three men, and men, centre and formation count as in
//! International draughts (see [`super::international`]).

use super::{international, Context, Evaluate, Params};
use crate::position::Position;
use crate::rules::killer::Killer;

impl Evaluate for Killer {
    const PARAMS: Params = international::PARAMS;
    const LEVEL_NODES_PERCENT: u64 = 60;
    const BENCH_DEPTH_CUT: u32 = 2;
    const BENCH_POSITIONS: &'static [&'static str] = &[crate::rules::international::START_FEN];

    #[inline(always)]
    fn adjust(pos: &Position<Self>, white: i32, cx: &Context) -> i32 {
        international::adjust(pos, white, cx)
    }
}
