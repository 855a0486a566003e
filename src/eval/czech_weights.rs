//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data src/learn/czech-matches.txt src/learn/czech-matches-9.txt src/learn/czech-matches-10.txt src/learn/czech-matches-11.txt --epochs 300 --rate 1 --start weights-8b3355d.rs --start-patterns patterns-8b3355d.bin --prior 0.000000001 --patterns --pattern-prior 0.0000000001 --holdout 10 --lambda 0` from 573021 positions
//! (their files' headers say which games); K = 157.0, loss 0.012969 with the
//! start, 0.011075 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 269,
    mob_man: 11,
    mob_king: 4,
    tempo: 8,
    man_squares: [
          34,  72,  76,  85,
          31,  50,  52,  43,
          34,  27,  34,  25,
          21,  42,  35,  33,
          30,  26,  25,  24,
          38,  38,  31,  58,
          46,  71,  77,  92,
           0,   0,   0,  -4,
    ],
    king_squares: [
          39,   9,  19,  27,
          20,   3,   5,  24,
           7,   8, -11,  -3,
         -11,   6,  -8,   9,
           5, -12,   7, -11,
          -5,  -8,   9,   0,
           2,  -4,  -4,  19,
           2,  -7,  -7,  10,
    ],
};
