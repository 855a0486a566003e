//! Test material shared by the unit tests of several modules (compiled
//! for tests only, with or without the command-line feature).

use crate::position::Position;
use crate::rules::Rules;

/// Positions of random games of `R` from the start (`plies` plies a game
/// at most), at least `at_least` of them, the same for the same `seed`.
pub(crate) fn random_positions<R: Rules>(
    seed: u64,
    plies: usize,
    at_least: usize,
) -> Vec<Position<R>> {
    let mut out = Vec::new();
    let mut seed = seed;
    while out.len() < at_least {
        let mut pos = Position::start();
        for _ in 0..plies {
            let l = pos.legal_moves();
            if l.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.play(&l[(seed >> 33) as usize % l.len()]);
            out.push(pos);
        }
    }
    out
}
