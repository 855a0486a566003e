//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data /tmp/learn/czech-3.txt --epochs 300 --rate 1 --prior 0.0000001 --patterns --pattern-prior 0.000000003 --holdout 10` from 498349 positions
//! (their files' headers say which games); K = 286.9, loss 0.059557 with the
//! start, 0.053547 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 219,
    mob_man: 20,
    mob_king: 11,
    tempo: 2,
    man_squares: [
           9,  54,  68,  65,
          -4,  23,  25,   9,
           3,   2,  18,  -6,
         -16,  13,   1,   6,
           8,  16,  12,  -6,
          25,  35,  36,  38,
          31,  51,  49,  50,
           0,   0,   0,  -4,
    ],
    king_squares: [
         -16,   1,  -1,  -5,
          15,   4,  -2,   4,
           1,  20,  -7,   0,
           3,  15,   0,   5,
           4, -11,  12,   5,
          -3, -10,  20,   2,
          -1,   0,   4,  13,
           5,   7,   3,   1,
    ],
};
