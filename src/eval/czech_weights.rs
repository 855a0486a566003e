//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data src/learn/czech-matches.txt src/learn/czech-matches-9.txt src/learn/czech-matches-10.txt src/learn/czech-matches-11.txt --epochs 300 --rate 1 --start weights-8b3355d.rs --start-patterns patterns-8b3355d.bin --prior 0.0000001 --patterns --pattern-prior 0.00000001 --holdout 10 --lambda 0.5` from 573021 positions
//! (their files' headers say which games); K = 157.0, loss 0.021185 with the
//! start, 0.020662 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 246,
    mob_man: 14,
    mob_king: 3,
    tempo: 6,
    man_squares: [
          17,  53,  61,  68,
          15,  38,  37,  30,
          23,  13,  26,  16,
           9,  28,  18,  19,
          17,  21,  18,  10,
          27,  34,  29,  49,
          26,  52,  53,  65,
           0,   0,   0,  -4,
    ],
    king_squares: [
           9,   1,   9,   6,
          19,   2,  -1,  15,
           7,  16, -11,  -4,
          -1,  11,  -7,   8,
           4, -13,  11,   1,
          -5, -14,  17,  -1,
          -1,  -5,   0,  21,
           8,   4,   0,  13,
    ],
};
