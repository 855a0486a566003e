//! Time management: how long to think about one move.
//!
//! A search gets two times. The *hard* time is the deadline checked inside
//! the search: when it passes, the search stops at once and plays the best
//! move found so far. The *soft* time is checked between iterations: past
//! it, no new iteration starts. The soft time stretches when the score
//! drops or the best move changes (the position is harder than it looked),
//! but never beyond the hard time.
//!
//! With a clock, a move gets its share of the time left (divided by the
//! moves to go, or by an estimate of the moves the game still lasts) plus
//! most of the increment; the hard time is a few shares but never more
//! than a fraction of the time left, and the move overhead (the time the
//! moves spend travelling between engine and GUI) is always kept back,
//! so the engine does not lose on time.

use super::types::Limits;
use std::time::Duration;

/// The times of one search (from its start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Budget {
    /// Past this, start no new iteration (before stretching).
    pub soft: Option<Duration>,
    /// Past this, stop at once.
    pub hard: Option<Duration>,
}

/// The least the engine gives itself, so that it finds a legal move.
const FLOOR: Duration = Duration::from_millis(1);

/// The budget for the side to move (`us`: 0 White, 1 Black) with `pieces`
/// pieces (both sides) on the board. `level_time` caps both times (a
/// level's time limit); `None` for no cap.
pub fn budget(limits: &Limits, us: usize, pieces: u32, level_time: Option<Duration>) -> Budget {
    if limits.infinite {
        return Budget::default();
    }
    let mut b = Budget::default();
    if let Some(t) = limits.movetime {
        let t = t.saturating_sub(limits.overhead).max(FLOOR);
        b = Budget {
            soft: Some(t),
            hard: Some(t),
        };
    } else if let Some(c) = limits.clock {
        let left = c.time[us];
        let inc = c.inc[us];
        // Keep the overhead back for this move and a little for later ones.
        let usable = left.saturating_sub(limits.overhead * 2);
        let (soft, hard) = match c.moves_to_go {
            Some(1) => {
                let t = usable.mul_f64(0.85);
                (t, t)
            }
            mtg => {
                let moves = mtg.unwrap_or_else(|| moves_left(pieces)).max(1);
                let share = usable / moves + inc.mul_f64(0.75);
                let cap = usable.mul_f64(0.5);
                (share.min(cap), (share * 4).min(cap))
            }
        };
        b = Budget {
            soft: Some(soft.max(FLOOR)),
            hard: Some(hard.max(FLOOR)),
        };
    }
    if let Some(cap) = level_time {
        let cap = cap.max(FLOOR);
        b.soft = Some(b.soft.map_or(cap, |s| s.min(cap)));
        b.hard = Some(b.hard.map_or(cap, |h| h.min(cap)));
    }
    b
}

/// The moves a game with `pieces` pieces on the board is expected still to
/// ask of one side, when the clock does not say: three for every four
/// pieces, but never fewer than ten.
///
/// Piece count rather than move number, because the board empties at
/// very different rates in different games and openings, and because
/// the moves of an ending cost little: forced captures are answered at
/// once and small endings come out of the databases. So the time goes
/// where games are decided, the middlegame. Measured at 10 s + 0.1 s in
/// Czech: the old estimate by move number (30 moves at the start, never
/// fewer than 15) left half of the clock unused. Two in three (at least
/// 8), one in two (at least 8) and a shorter think for a stable best
/// move were tried and not kept (README, "Against b643295").
fn moves_left(pieces: u32) -> u32 {
    (pieces * 3 / 4).max(10)
}

/// How much the soft time stretches after an iteration: more when the
/// score fell since the last iteration, more when the best move changed.
pub fn stretch(prev_score: i32, score: i32, best_changed: bool) -> f64 {
    let drop = prev_score - score;
    let mut f = if drop > 60 {
        2.2
    } else if drop > 25 {
        1.6
    } else {
        1.0
    };
    if best_changed {
        f *= 1.3;
    }
    f
}

#[cfg(test)]
mod tests {
    use super::super::types::Clock;
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        let l = Limits {
            movetime: Some(ms(1000)),
            overhead: ms(50),
            ..Limits::default()
        };
        assert_eq!(budget(&l, 0, 24, None).hard, Some(ms(950)));
        let tiny = Limits {
            movetime: Some(ms(10)),
            overhead: ms(50),
            ..Limits::default()
        };
        assert_eq!(budget(&tiny, 0, 24, None).hard, Some(FLOOR));
    }

    #[test]
    fn clock_shares_and_caps() {
        let l = Limits {
            clock: Some(Clock {
                time: [ms(60_000), ms(1_000)],
                inc: [ms(1_000), ms(0)],
                moves_to_go: None,
            }),
            overhead: ms(30),
            ..Limits::default()
        };
        let w = budget(&l, 0, 24, None);
        let b = budget(&l, 1, 24, None);
        assert!(w.soft.unwrap() > ms(3000) && w.soft.unwrap() < ms(4500));
        assert!(w.hard.unwrap() <= ms(30_000));
        // Black has one second: never more than half of it.
        assert!(b.hard.unwrap() <= ms(470));
        assert!(b.soft.unwrap() <= b.hard.unwrap());
        // A level's cap wins.
        let capped = budget(&l, 0, 24, Some(ms(200)));
        assert_eq!(capped.hard, Some(ms(200)));
        // Infinite ignores everything.
        let inf = Limits {
            infinite: true,
            ..l
        };
        assert_eq!(budget(&inf, 0, 24, Some(ms(5))), Budget::default());
    }

    #[test]
    fn last_move_before_the_control_uses_most_of_the_time() {
        let l = Limits {
            clock: Some(Clock {
                time: [ms(10_000), ms(10_000)],
                inc: [ms(0); 2],
                moves_to_go: Some(1),
            }),
            overhead: ms(100),
            ..Limits::default()
        };
        let b = budget(&l, 0, 24, None);
        assert!(b.hard.unwrap() > ms(8000) && b.hard.unwrap() < ms(9800));
    }

    #[test]
    fn drops_stretch() {
        assert_eq!(stretch(10, 10, false), 1.0);
        assert!(stretch(10, -100, false) > stretch(10, -20, false));
        assert!(stretch(10, 10, true) > 1.0);
    }
}
