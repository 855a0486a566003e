//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data target/learn/t.txt --epochs 0 --rate 1` from 2445 positions
//! (their files' headers say which games); K = 206.7, loss 0.054458 with the
//! hand-set start, 0.054458 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 300,
    mob_man: 2,
    mob_king: 1,
    tempo: 4,
    man_squares: [
           2,  18,  18,   8,
           0,   0,   0,  -4,
          -1,   7,   7,   3,
           7,  11,  11,   3,
           8,  16,  16,  12,
          20,  24,  24,  16,
          30,  34,  34,  34,
           0,   0,   0,  -4,
    ],
    king_squares: [
          14,   0,   0,   0,
          16,   2,   2,   0,
           0,  18,   4,   2,
           2,  20,   4,   0,
           0,   4,  20,   2,
           2,   4,  18,   0,
           0,   2,   2,  16,
           0,   0,   0,  14,
    ],
};
