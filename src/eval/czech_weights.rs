//! The Czech evaluation's learned numbers, written by `dama tune`
//! (README, "Learned evaluation (Czech)"); not edited by hand.
//! Made by `dama tune --data czech-matches.txt --epochs 300 --rate 1 --start weights-0cbddf0.rs --start-patterns patterns-0cbddf0.bin --start-patterns-percent 80 --prior 0.0000001 --patterns --pattern-prior 0.00000001 --holdout 10` from 269734 positions
//! (their files' headers say which games); K = 185.4, loss 0.047512 with the
//! start, 0.043430 learned.

use super::weights::Weights;

/// The learned numbers (hundredths of a man; squares from White's
/// side, a row per rank from the own back rank, files a to h).
#[rustfmt::skip]
pub const LEARNED: Weights = Weights {
    man: 100,
    king: 235,
    mob_man: 19,
    mob_king: 5,
    tempo: 4,
    man_squares: [
          11,  50,  61,  67,
           6,  34,  32,  25,
          18,   5,  22,   8,
          -3,  21,  12,  13,
          13,  18,  15,   1,
          26,  35,  30,  50,
          27,  50,  50,  57,
           0,   0,   0,  -4,
    ],
    king_squares: [
          -6,   1,   4,  -1,
          16,   3,  -2,   8,
           4,  19,  -9,  -3,
           1,  14,  -3,   6,
           2, -12,  13,   3,
          -4, -12,  19,   0,
          -1,  -4,   3,  18,
           7,   7,   3,   9,
    ],
};
