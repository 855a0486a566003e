//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data src/learn/czech-matches.txt src/learn/czech-matches-9.txt --epochs 300 --rate 1 --start weights-6334d01.rs --start-patterns patterns-6334d01.bin --prior 0.0000001 --patterns --pattern-prior 0.00000001 --holdout 10` from 447837 positions
//! (their files' headers say which games); K = 163.8, loss 0.043804 with the
//! start, 0.042653 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 242,
    mob_man: 16,
    mob_king: 4,
    tempo: 4,
    man_squares: [
          13,  51,  61,  68,
          11,  38,  36,  29,
          22,  10,  25,  14,
           5,  25,  16,  17,
          16,  19,  17,   6,
          26,  35,  30,  52,
          25,  51,  52,  62,
           0,   0,   0,  -4,
    ],
    king_squares: [
           3,   0,   7,   3,
          18,   2,  -2,  12,
           6,  18, -11,  -4,
           0,  12,  -6,   7,
           3, -13,  12,   2,
          -5, -14,  19,  -1,
          -1,  -5,   1,  20,
           8,   6,   1,  13,
    ],
};
