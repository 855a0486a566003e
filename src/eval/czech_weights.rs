//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data src/learn/czech-matches.txt src/learn/czech-matches-9.txt src/learn/czech-matches-10.txt src/learn/czech-matches-11.txt --epochs 300 --rate 1 --start weights-8b3355d.rs --start-patterns patterns-8b3355d.bin --prior 0.000000001 --patterns --phased --pattern-prior 0.0000000001 --holdout 10 --lambda 0` from 573021 positions
//! (their files' headers say which games); K = 157.0, loss 0.012969 with the
//! start, 0.010523 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 267,
    mob_man: 10,
    mob_king: 4,
    tempo: 8,
    man_squares: [
          43,  81,  84,  91,
          41,  60,  60,  48,
          39,  37,  44,  33,
          30,  51,  42,  39,
          35,  32,  27,  28,
          41,  40,  32,  59,
          47,  65,  72,  87,
           0,   0,   0,  -4,
    ],
    king_squares: [
          35,   8,  19,  26,
          18,   3,   5,  22,
           7,   8,  -9,  -2,
         -10,   4,  -7,  10,
           5, -10,   7, -11,
          -4,  -7,   8,   0,
           2,  -3,  -4,  17,
           2,  -7,  -8,  10,
    ],
};
