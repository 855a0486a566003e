//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data czech-matches.txt --epochs 300 --rate 1 --start w0.rs --start-patterns p0.bin --prior 0.0000001 --patterns --phased --pattern-prior 0.00000001 --holdout 10` from 269734 positions
//! (their files' headers say which games); K = 163.3, loss 0.043139 with the
//! start, 0.041944 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 239,
    mob_man: 15,
    mob_king: 3,
    tempo: 4,
    man_squares: [
          15,  52,  61,  68,
          12,  39,  36,  30,
          22,   9,  25,  14,
           5,  26,  17,  18,
          16,  20,  18,   6,
          26,  35,  27,  51,
          24,  50,  51,  61,
           0,   0,   0,  -4,
    ],
    king_squares: [
           2,   1,   7,   3,
          19,   2,  -2,  12,
           6,  18, -11,  -6,
           0,  13,  -6,   7,
           1, -13,  14,   2,
          -5, -15,  19,  -2,
          -2,  -6,   1,  20,
           8,   6,   1,  12,
    ],
};
