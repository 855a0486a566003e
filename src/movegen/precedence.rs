//! Capture precedence: which of the captures found a game's rules let
//! the player choose ([`Mechanics::PRECEDENCE`], an ordering of steps
//! applied in turn), and the merging of chains that are the same move
//! (origin, destination and captured set), keeping the path written
//! first.

use crate::bitboard::Bits;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::mechanics::{Mechanics, Precedence};

/// True when a step of the precedence looks at the order of the jumps
/// ([`Precedence::EarliestKing`]): then chains that are the same move may
/// rank differently, so they are merged only after the ranking.
pub(super) const fn order_matters(steps: &[Precedence]) -> bool {
    let mut i = 0;
    while i < steps.len() {
        if matches!(steps[i], Precedence::EarliestKing) {
            return true;
        }
        i += 1;
    }
    false
}

/// Merges chains of `out[start..]` that are the same move: sorted by
/// destination, captured set and written path, so that equal moves are
/// neighbours and the first of each run has the path to keep.
pub(super) fn merge_duplicates<R: Mechanics>(out: &mut MoveList<R>, start: usize) {
    let block = &mut out[start..];
    block.sort_unstable_by(|a, b| {
        (a.from_bit(), a.to_bit(), a.captured_bits())
            .cmp(&(b.from_bit(), b.to_bit(), b.captured_bits()))
            .then_with(|| a.path_cmp(b))
    });
    let mut keep = start;
    for i in start..out.len() {
        if i == start || out[i] != out[keep] {
            if i != start {
                keep += 1;
            }
            out[keep] = out[i];
        }
    }
    out.truncate(keep + 1);
}

/// How a capture ranks by one step of the precedence (higher first).
#[inline(always)]
pub(crate) fn precedence_key<R: Mechanics>(
    pos: &Position<R>,
    m: &Move<R>,
    step: Precedence,
) -> i32 {
    let kings = || (m.captured_bits() & pos.kind(Kind::King)).count() as i32;
    match step {
        Precedence::ByKing => i32::from(m.kind() == Kind::King),
        Precedence::MostPieces => m.capture_count() as i32,
        Precedence::MostKings => kings(),
        Precedence::FewestKings => -kings(),
        Precedence::EarliestKing => earliest_king(pos, m),
        Precedence::MostValue { man, king } => {
            let k = kings();
            (m.capture_count() as i32 - k) * i32::from(man) + k * i32::from(king)
        }
    }
}

/// When the kings of a capture are taken, as a number that is higher
/// the earlier the first king falls (then the second, …): bit `31 - j`
/// is set when the `j`-th jump takes a king.
fn earliest_king<R: Mechanics>(pos: &Position<R>, m: &Move<R>) -> i32 {
    let kings = m.captured_bits() & pos.kind(Kind::King);
    if kings.is_empty() {
        return 0;
    }
    let mut key: u32 = 0;
    let mut prev = R::Geo::square(m.from_bit());
    for (j, &b) in m.path_bits().iter().enumerate() {
        let next = R::Geo::square(b as u32);
        let (df, dr) = (
            (next.file() as i32 - prev.file() as i32).signum(),
            (next.rank() as i32 - prev.rank() as i32).signum(),
        );
        let (mut f, mut r) = (prev.file() as i32 + df, prev.rank() as i32 + dr);
        while (f, r) != (next.file() as i32, next.rank() as i32) {
            let hit = crate::square::Square::new(f as u8, r as u8)
                .and_then(R::Geo::bit)
                .is_some_and(|x| kings.has(x));
            if hit {
                key |= 1 << (30 - j.min(30));
            }
            f += df;
            r += dr;
        }
        prev = next;
    }
    key as i32
}

/// Keeps the captures that rank highest by each step of `steps` in turn.
#[inline(always)]
pub(super) fn rank<R: Mechanics>(pos: &Position<R>, out: &mut MoveList<R>, steps: &[Precedence]) {
    for &step in steps {
        if out.len() < 2 {
            break;
        }
        let best = out
            .iter()
            .map(|m| precedence_key(pos, m, step))
            .max()
            .unwrap_or(0);
        out.retain(|m| precedence_key(pos, m, step) == best);
    }
}
