//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data src/learn/czech-matches.txt src/learn/czech-matches-9.txt src/learn/czech-matches-10.txt src/learn/czech-matches-11.txt --epochs 300 --rate 1 --start weights-8b3355d.rs --start-patterns patterns-8b3355d.bin --prior 0.0000001 --patterns --pattern-prior 0.00000001 --holdout 10 --lambda 0` from 573021 positions
//! (their files' headers say which games); K = 157.0, loss 0.012969 with the
//! start, 0.012012 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 248,
    mob_man: 13,
    mob_king: 4,
    tempo: 7,
    man_squares: [
          17,  52,  59,  65,
          16,  36,  35,  29,
          22,  13,  25,  15,
           9,  28,  18,  19,
          17,  20,  17,  11,
          26,  33,  29,  45,
          28,  52,  53,  65,
           0,   0,   0,  -4,
    ],
    king_squares: [
           9,   1,   9,   6,
          18,   2,  -1,  14,
           6,  16, -11,  -4,
          -1,  11,  -6,   8,
           4, -13,  11,   1,
          -5, -13,  17,  -1,
          -1,  -5,   1,  20,
           7,   3,  -1,  13,
    ],
};
