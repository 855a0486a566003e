//! Openings: where the games of a match start.
//!
//! A match of the same two engines from the same position would repeat
//! itself, so each pair of games starts from its own opening: a position
//! (the start position or one from a file of FENs) followed by K random
//! legal plies. Each opening is played twice, with colours swapped, so
//! neither engine profits from a lopsided one.
//!
//! Random plies come from a tiny SplitMix64 generator seeded by the
//! match seed and the opening's number, so opening *k* is the same
//! whatever the concurrency and order in which games are played, and a
//! match can be repeated exactly. (A crate such as `rand` would add
//! nothing here: the sequence only has to be spread and reproducible.)

use crate::any::AnyGame;
use crate::game::{GameOptions, Status};
use crate::variant::Variant;

/// A SplitMix64 pseudo-random generator (Steele, Lea and Flood).
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n` > 0), without modulo bias worth noticing
    /// for the small `n` of move lists (Lemire's multiply-shift).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// Where a pair of games starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The start position, `None` for the variant's start position.
    pub fen: Option<String>,
    /// Moves played from it before the engines take over.
    pub moves: Vec<String>,
}

impl Opening {
    /// The game after the opening.
    pub fn game(&self, variant: Variant, options: GameOptions) -> Result<AnyGame, OpeningError> {
        let mut g = match &self.fen {
            Some(f) => AnyGame::from_fen(variant, f, options).map_err(|e| OpeningError::Fen {
                fen: f.clone(),
                reason: e.to_string(),
            })?,
            None => AnyGame::new(variant, options),
        };
        for m in &self.moves {
            g.play(m).map_err(|e| OpeningError::Move {
                text: m.clone(),
                reason: e.to_string(),
            })?;
        }
        Ok(g)
    }
}

/// An opening that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// The openings file cannot be read.
    #[error("cannot read the openings file '{path}': {reason}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// A line of the file is not a position of the game.
    #[error("openings file line {line}: {reason}")]
    Line {
        /// The line (from 1).
        line: usize,
        /// Why.
        reason: String,
    },
    /// The file has no position.
    #[error("the openings file '{0}' has no position")]
    Empty(String),
    /// A FEN that does not fit the game.
    #[error("bad opening position '{fen}': {reason}")]
    Fen {
        /// The FEN.
        fen: String,
        /// Why.
        reason: String,
    },
    /// A move that does not fit.
    #[error("bad opening move '{text}': {reason}")]
    Move {
        /// The move.
        text: String,
        /// Why.
        reason: String,
    },
}

/// Reads a file of positions, one FEN a line (empty lines and lines
/// starting with `#` are skipped). Each must be a position of `variant`
/// where the game is still on.
pub fn read_fen_file(path: &str, variant: Variant) -> Result<Vec<String>, OpeningError> {
    let text = std::fs::read_to_string(path).map_err(|e| OpeningError::Io {
        path: path.to_string(),
        reason: e.to_string(),
    })?;
    parse_fen_lines(&text, variant, path)
}

/// The positions of an openings text (see [`read_fen_file`]).
pub fn parse_fen_lines(
    text: &str,
    variant: Variant,
    name: &str,
) -> Result<Vec<String>, OpeningError> {
    let mut fens = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let g = AnyGame::from_fen(variant, l, GameOptions::default()).map_err(|e| {
            OpeningError::Line {
                line: i + 1,
                reason: e.to_string(),
            }
        })?;
        if let Status::Over(o) = g.status() {
            return Err(OpeningError::Line {
                line: i + 1,
                reason: format!("the game is already over there ({o})"),
            });
        }
        fens.push(l.to_string());
    }
    if fens.is_empty() {
        return Err(OpeningError::Empty(name.to_string()));
    }
    Ok(fens)
}

/// Makes the openings of a match.
#[derive(Clone, Debug)]
pub struct OpeningBook {
    variant: Variant,
    options: GameOptions,
    fens: Vec<String>,
    plies: u32,
    seed: u64,
}

impl OpeningBook {
    /// Openings from `fens` in turn (the start position if empty), each
    /// followed by `plies` random plies drawn from `seed`.
    pub fn new(
        variant: Variant,
        options: GameOptions,
        fens: Vec<String>,
        plies: u32,
        seed: u64,
    ) -> Self {
        OpeningBook {
            variant,
            options,
            fens,
            plies,
            seed,
        }
    }

    /// Opening number `k` (from 0). Random plies never end the game:
    /// a draw that would is redrawn (up to 100 times, then fewer plies).
    pub fn get(&self, k: usize) -> Opening {
        let fen = if self.fens.is_empty() {
            None
        } else {
            Some(self.fens[k % self.fens.len()].clone())
        };
        let base = Opening {
            fen: fen.clone(),
            moves: Vec::new(),
        };
        let Ok(start) = base.game(self.variant, self.options) else {
            return base;
        };
        let mut rng = SplitMix64::new(
            self.seed
                ^ (k as u64)
                    .wrapping_add(1)
                    .wrapping_mul(0xD1B5_4A32_D192_ED03),
        );
        let mut best: Vec<String> = Vec::new();
        for _ in 0..100 {
            let mut g = start.clone();
            let mut moves = Vec::new();
            while moves.len() < self.plies as usize {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())].text.clone();
                if g.play(&m).is_err() {
                    break;
                }
                if g.status() != Status::InPlay {
                    break;
                }
                moves.push(m);
            }
            if moves.len() == self.plies as usize {
                return Opening { fen, moves };
            }
            if moves.len() > best.len() {
                best = moves;
            }
        }
        Opening { fen, moves: best }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_openings_are_legal_reproducible_and_varied() {
        for v in Variant::ALL {
            let book = OpeningBook::new(v, GameOptions::default(), vec![], 6, 42);
            let a: Vec<Opening> = (0..8).map(|k| book.get(k)).collect();
            let b: Vec<Opening> = (0..8).rev().map(|k| book.get(k)).collect();
            let b: Vec<Opening> = b.into_iter().rev().collect();
            assert_eq!(a, b, "{v}: opening k must not depend on order");
            for o in &a {
                assert_eq!(o.moves.len(), 6);
                let g = o.game(v, GameOptions::default()).unwrap();
                assert_eq!(g.status(), Status::InPlay);
            }
            let distinct: std::collections::HashSet<_> = a.iter().map(|o| &o.moves).collect();
            assert!(distinct.len() >= 6, "{v}: too few distinct openings");
            let other = OpeningBook::new(v, GameOptions::default(), vec![], 6, 43);
            assert_ne!(other.get(0), a[0]);
        }
    }

    #[test]
    fn fen_files_are_checked_line_by_line() {
        let text = "# two positions\n\nW:Wc3,e3:Bd6,f6\n  B:Wc3:Bd6,h8  \n";
        let fens = parse_fen_lines(text, Variant::Czech, "t").unwrap();
        assert_eq!(fens, vec!["W:Wc3,e3:Bd6,f6", "B:Wc3:Bd6,h8"]);
        let book = OpeningBook::new(Variant::Czech, GameOptions::default(), fens, 0, 1);
        assert_eq!(book.get(3).fen.as_deref(), Some("B:Wc3:Bd6,h8"));
        assert!(book.get(3).moves.is_empty());
        let e = parse_fen_lines("W:Wc3:Bd6\nW:Wz1:Bd6\n", Variant::Czech, "t").unwrap_err();
        assert!(matches!(e, OpeningError::Line { line: 2, .. }), "{e}");
        let e = parse_fen_lines("B:Wc3:B\n", Variant::Czech, "t").unwrap_err();
        assert!(matches!(e, OpeningError::Line { line: 1, .. }), "{e}");
        assert!(matches!(
            parse_fen_lines("# none\n", Variant::Czech, "t"),
            Err(OpeningError::Empty(_))
        ));
    }

    #[test]
    fn rng_below_stays_in_range() {
        let mut r = SplitMix64::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..1000 {
            seen[r.below(5)] += 1;
        }
        assert!(seen.iter().all(|&c| c > 150), "{seen:?}");
    }
}
