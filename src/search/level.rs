//! Playing levels 1–5 and the small random generator behind their mistakes.
//!
//! A level is a search budget (depth, nodes and time caps) plus
//! deliberate errors: the engine picks at random among the root moves
//! that score within a margin of the best, and at the lowest levels now
//! and then plays any legal move at all. Budgets are counted in depth and
//! nodes first, so a level plays the same on a fast and a slow machine;
//! the time cap only keeps slow games short.
//!
//! | level | depth | nodes     | time cap | margin  | any move | meant for |
//! |------:|------:|----------:|---------:|--------:|---------:|-----------|
//! | 1     | 2     | 2 000     | 0.2 s    | 150 cp  | 1 in 4   | children, first games: gives pieces away |
//! | 2     | 3     | 10 000    | 0.5 s    | 70 cp   | 1 in 10  | beginners: sees one-move threats, misses combinations |
//! | 3     | 5     | 60 000    | 1 s      | 30 cp   | 1 in 40  | club players: short combinations |
//! | 4     | 9     | 150 000   | 2 s      | 10 cp   | never    | strong players |
//! | 5     | —     | —         | 5 s¹     | 0       | never    | full strength: thinks longest |
//!
//! ¹ Level 5 uses the clock or the move time it is given, without a cap;
//! the 5 s apply only when `go` names no limit at all. Every level also
//! obeys the limits of the search request when they are smaller.
//! In Knight's draughts the node caps are a quarter of the table's
//! ([`node_percent`]).
//!
//! "time cap": the longest a move may take at that level, and the time
//! it takes when the request names no limit; an infinite search ignores
//! it (but still stops at the level's depth and nodes).
//! "margin": among the root moves whose score is at most this many
//! hundredths of a man below the best, one is chosen at random (better
//! moves more often). "any move": the chance of playing a uniformly
//! random legal move instead.

use crate::eval::Evaluate;
use crate::variant::Variant;
use std::time::Duration;

/// What a level allows the search and how it errs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level number, 1–5.
    pub number: u8,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Maximum time per move (and the time used when no limit is given).
    pub time: Duration,
    /// Whether the time caps searches that have a clock or move time.
    pub time_caps: bool,
    /// Moves within this many hundredths of a man of the best may be chosen.
    pub margin: i32,
    /// One in this many moves is a uniformly random legal move (0: never).
    pub blunder_one_in: u32,
}

/// The five levels, weakest first.
pub const LEVELS: [Level; 5] = [
    Level {
        number: 1,
        depth: Some(2),
        nodes: Some(2_000),
        time: Duration::from_millis(200),
        time_caps: true,
        margin: 150,
        blunder_one_in: 4,
    },
    Level {
        number: 2,
        depth: Some(3),
        nodes: Some(10_000),
        time: Duration::from_millis(500),
        time_caps: true,
        margin: 70,
        blunder_one_in: 10,
    },
    Level {
        number: 3,
        depth: Some(5),
        nodes: Some(60_000),
        time: Duration::from_secs(1),
        time_caps: true,
        margin: 30,
        blunder_one_in: 40,
    },
    Level {
        number: 4,
        depth: Some(9),
        nodes: Some(150_000),
        time: Duration::from_secs(2),
        time_caps: true,
        margin: 10,
        blunder_one_in: 0,
    },
    Level {
        number: 5,
        depth: None,
        nodes: None,
        time: Duration::from_secs(5),
        time_caps: false,
        margin: 0,
        blunder_one_in: 0,
    },
];

impl Level {
    /// Level `n` (values outside 1–5 are clamped), as the table gives it.
    ///
    /// ```
    /// use dama::search::Level;
    /// use dama::{Czech, Knights};
    /// assert_eq!(Level::get(9), Level::get(5));
    /// // Knight's draughts' levels search a quarter of the nodes.
    /// let (c, k) = (Level::of::<Czech>(4), Level::of::<Knights>(4));
    /// assert_eq!(k.nodes.unwrap() * 4, c.nodes.unwrap());
    /// ```
    pub fn get(n: u8) -> Level {
        LEVELS[n.clamp(1, 5) as usize - 1]
    }

    /// Level `n` for game `R`: the table with the node caps scaled by
    /// the game's [`Evaluate::LEVEL_NODES_PERCENT`], so that a level
    /// searches about as deep in every game.
    pub fn of<R: Evaluate>(n: u8) -> Level {
        Self::scaled(n, R::LEVEL_NODES_PERCENT)
    }

    /// Level `n` for a game chosen at run time (see [`Level::of`]).
    pub fn for_game(n: u8, game: Variant) -> Level {
        Self::scaled(n, node_percent(game))
    }

    fn scaled(n: u8, percent: u64) -> Level {
        let mut l = Self::get(n);
        l.nodes = l.nodes.map(|x| x * percent / 100);
        l
    }
}

/// A game's node caps in percent of the table ([`Evaluate::LEVEL_NODES_PERCENT`]).
pub const fn node_percent(game: Variant) -> u64 {
    crate::dispatch!(game, R => <R as Evaluate>::LEVEL_NODES_PERCENT)
}

/// A small, fast, seedable random generator (xorshift64*), so that games
/// can be replayed from a seed and no crate is needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Self {
        // SplitMix64 scrambles the seed so that nearby seeds differ at once.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    /// A seed that differs from run to run (clock and address noise).
    pub fn fresh_seed() -> u64 {
        crate::clock::noise()
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow() {
        for w in LEVELS.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert!(a.number + 1 == b.number);
            assert!(b.margin < a.margin || b.margin == 0);
            assert!(b.time > a.time);
            assert!(b.depth.unwrap_or(u32::MAX) > a.depth.unwrap_or(0));
            assert!(b.nodes.unwrap_or(u64::MAX) > a.nodes.unwrap_or(0));
        }
        assert_eq!(Level::get(0).number, 1);
        assert_eq!(Level::get(9).number, 5);
        assert_eq!(Level::for_game(4, Variant::Czech), Level::get(4));
        assert_eq!(Level::for_game(4, Variant::Knights).nodes, Some(37_500));
        assert_eq!(Level::for_game(5, Variant::Knights), Level::get(5));
    }

    #[test]
    fn rng_is_repeatable_and_spread() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let xs: Vec<u64> = (0..5).map(|_| a.below(10)).collect();
        let ys: Vec<u64> = (0..5).map(|_| b.below(10)).collect();
        assert_eq!(xs, ys);
        let mut counts = [0u32; 4];
        let mut r = Rng::new(1);
        for _ in 0..4000 {
            counts[r.below(4) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
    }
}
