//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data czech-3.txt czech-4.txt --epochs 300 --rate 1 --start linear-191a56c.rs --prior 0.0000001 --patterns --pattern-prior 0.000000001 --holdout 10` from 1261755 positions
//! (their files' headers say which games); K = 277.0, loss 0.058744 with the
//! start, 0.052819 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 222,
    mob_man: 24,
    mob_king: 9,
    tempo: 2,
    man_squares: [
          11,  53,  62,  65,
          -3,  21,  21,  11,
           4,   1,  16,  -4,
         -15,  13,   3,   6,
           9,  16,  13,  -5,
          26,  33,  35,  33,
          31,  49,  48,  50,
           0,   0,   0,  -4,
    ],
    king_squares: [
         -15,   0,   1,  -5,
          13,   4,  -2,   3,
           2,  20,  -7,   0,
           3,  16,   0,   4,
           3, -10,  13,   4,
          -3,  -8,  19,   2,
           0,  -2,   5,  15,
           4,   7,   5,   2,
    ],
};
