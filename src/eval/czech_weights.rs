//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data target/learn/czech-1.txt --epochs 600 --rate 1 --prior 0.0000001` from 634901 positions
//! (their files' headers say which games); K = 237.5, loss 0.059863 with the
//! hand-set start, 0.056715 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 266,
    mob_man: 4,
    mob_king: -5,
    tempo: 2,
    man_squares: [
           6,  44,  48,  58,
          -7,  10,  12,   4,
           2,  -3,  13,  -6,
         -15,  12,   1,   5,
           8,  16,  13,  -4,
          25,  31,  32,  27,
          29,  45,  44,  45,
           0,   0,   0,  -4,
    ],
    king_squares: [
          16,   0,  -1,  -5,
          18,   2,  -4,   2,
           1,  29,  -7,  -2,
           1,  23,  -2,   2,
           0, -11,  20,   2,
          -4, -10,  29,   0,
          -1,  -5,   2,  21,
           3,   3,   2,  12,
    ],
};
