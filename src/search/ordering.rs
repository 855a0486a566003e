//! Move ordering: which move to try first.
//!
//! Alpha-beta prunes most when the best move comes first. The order is:
//! the move the transposition table remembers; then, when captures are
//! on the board (they are forced, so they are the only moves), the ones
//! that take most and take kings; otherwise the killer moves of this ply
//! (quiet moves that refuted a sibling), promotions, and the rest by
//! history (how often a piece kind going to a square caused a cut-off).

use crate::bitboard::Bits;
use crate::moves::Move;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::Rules;

/// The most plies a search goes down (main search and captures).
pub const MAX_PLY: usize = 128;

const HASH_MOVE: i32 = 1 << 28;
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;
const PROMOTION: i32 = 1 << 21;
/// History values stay within this bound.
const HISTORY_MAX: i32 = 1 << 14;

/// A move reduced to origin and destination (enough for killers).
#[inline(always)]
fn short<R: Rules>(m: &Move<R>) -> u16 {
    if m.is_pass() {
        0xfffe
    } else {
        (m.from_bit() as u16) << 8 | m.to_bit() as u16
    }
}

/// Killers and history, kept between searches of one game.
#[derive(Clone)]
pub struct Heuristics {
    killers: Box<[[u16; 2]; MAX_PLY]>,
    /// By side and kind (side * 4 + kind), then destination bit.
    history: Box<[[i32; 128]; 8]>,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: Box::new([[0xffff; 2]; MAX_PLY]),
            history: Box::new([[0; 128]; 8]),
        }
    }
}

impl Heuristics {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = Heuristics::default();
    }

    /// Ages the history before a new search (keeps the shape, halves the weight).
    pub fn age(&mut self) {
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 2;
            }
        }
        self.killers.fill([0xffff; 2]);
    }

    #[inline(always)]
    fn slot<R: Rules>(pos: &Position<R>, m: &Move<R>) -> (usize, usize) {
        (
            pos.side().index() * 4 + m.kind().index(),
            if m.is_pass() { 0 } else { m.to_bit() as usize },
        )
    }

    /// The history score of a quiet move.
    #[inline(always)]
    pub fn history<R: Rules>(&self, pos: &Position<R>, m: &Move<R>) -> i32 {
        let (a, b) = Self::slot(pos, m);
        self.history[a][b]
    }

    /// A quiet move caused a cut-off at `ply` with `depth` left; the quiet
    /// moves tried before it (`failed`) did not.
    pub fn reward<'m, R: Rules>(
        &mut self,
        pos: &Position<R>,
        m: &Move<R>,
        failed: impl Iterator<Item = &'m Move<R>>,
        depth: i32,
        ply: usize,
    ) {
        let s = short(m);
        let k = &mut self.killers[ply];
        if k[0] != s {
            k[1] = k[0];
            k[0] = s;
        }
        let bonus = (depth * depth).min(400);
        let (a, b) = Self::slot(pos, m);
        Self::bump(&mut self.history[a][b], bonus);
        for f in failed {
            let (a, b) = Self::slot(pos, f);
            Self::bump(&mut self.history[a][b], -bonus);
        }
    }

    #[inline(always)]
    fn bump(h: &mut i32, bonus: i32) {
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Whether `m` is a killer of `ply`.
    #[inline(always)]
    pub fn is_killer<R: Rules>(&self, m: &Move<R>, ply: usize) -> bool {
        let s = short(m);
        self.killers[ply].contains(&s)
    }

    /// Scores every move for ordering (higher first) into `out`, one
    /// key per move: the score in the high bits, the move's index in the
    /// low 16 (see [`pick`]). `hash` is the index of the table's move.
    pub fn order<R: Rules>(
        &self,
        pos: &Position<R>,
        moves: &[Move<R>],
        hash: Option<usize>,
        ply: usize,
        out: &mut Vec<i64>,
    ) {
        out.clear();
        let k = self.killers[ply];
        for (i, m) in moves.iter().enumerate() {
            let score = if Some(i) == hash {
                HASH_MOVE
            } else if m.is_capture() {
                let kings = (m.captured_bits() & !pos.kind(Kind::Man)).count() as i32;
                CAPTURE
                    + 1024 * m.capture_count() as i32
                    + 256 * kings
                    + 128 * i32::from(m.promotion().is_some())
            } else {
                let s = short(m);
                if s == k[0] {
                    KILLER + 1
                } else if s == k[1] {
                    KILLER
                } else if m.promotion().is_some() {
                    PROMOTION
                } else {
                    self.history(pos, m)
                }
            };
            // Equal scores keep generation order (lower index first).
            out.push((score as i64) << 16 | (0xffff - i as i64));
        }
    }
}

/// Moves the highest key of `keys[from..]` to `from` and returns its
/// move index (keys made by [`Heuristics::order`]).
#[inline(always)]
pub fn pick(keys: &mut [i64], from: usize) -> usize {
    let mut best = from;
    for i in from + 1..keys.len() {
        if keys[i] > keys[best] {
            best = i;
        }
    }
    keys.swap(from, best);
    0xffff - (keys[from] & 0xffff) as usize
}
