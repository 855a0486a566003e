//! What a position shows the evaluation's learnable numbers
//! ([`Features`]), computed once per training position, and the games
//! that can learn ([`Learn`]): Czech draughts its linear numbers and
//! region patterns, international draughts region patterns on top of
//! its hand-set evaluation.

use crate::bitboard::Bits;
use crate::eval::regions::{self, MAX_WINDOWS, STATES};
use crate::eval::weights::{Weights, KING, MAN, MOB_KING, MOB_MAN, N, SQUARES, TEMPO};
use crate::eval::{Context, Evaluate, Evaluator};
use crate::geometry::Geometry;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::czech::Czech;
use crate::rules::international::International;
use crate::rules::Mechanics;

/// A game whose evaluation can be learned: what a position shows the
/// tuner.
pub trait Learn: Evaluate {
    /// Whether the linear numbers ([`Weights`], the 8×8 square tables)
    /// are learned too; otherwise only the region patterns are, on top
    /// of the game's hand-set evaluation.
    const LINEAR: bool;

    /// The features of `pos` (the game's counters unknown: no urgency).
    fn features(pos: &Position<Self>) -> Features;
}

impl Learn for Czech {
    const LINEAR: bool = true;

    fn features(pos: &Position<Self>) -> Features {
        Features::of(pos)
    }
}

impl Learn for International {
    const LINEAR: bool = false;

    /// The hand-set evaluation before `adjust` is the fixed part; the
    /// tempo goes into `b`, so no linear number has a feature.
    fn features(pos: &Position<Self>) -> Features {
        thread_local! {
            static EVAL: Evaluator<International> = Evaluator::without_patterns();
        }
        let fixed = EVAL.with(|e| e.white_raw(pos).0);
        let side = side_sign(pos);
        let (a_pos, a_neg, b) =
            linearise(|v| crate::eval::international::adjust(pos, v, &Context::NONE));
        Features {
            linear: Vec::new(),
            fixed: fixed as f32,
            views: regions::views(pos),
            phase: phase_share(pos),
            windows: regions::layout::<International>().windows as u8,
            side: 0,
            a_pos,
            a_neg,
            b: b + (side * Self::PARAMS.tempo) as f32,
        }
    }
}

/// How far `pos` is into the ending, from 0 to 1 ([`regions::Layout::phase`]).
fn phase_share<R: Evaluate>(pos: &Position<R>) -> f32 {
    regions::layout::<R>().phase_share(pos.occupied().count() as i32)
}

/// 1 with White to move, −1 with Black.
fn side_sign<R: Evaluate>(pos: &Position<R>) -> i32 {
    match pos.side() {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// `adjust` as two slopes and a constant: (above 0, below 0, at 0).
fn linearise(adjust: impl Fn(i32) -> i32) -> (f32, f32, f32) {
    const BIG: i32 = 1 << 20;
    let b = adjust(0);
    let (up, down) = (adjust(BIG), adjust(-BIG));
    (
        ((up - b) as f64 / BIG as f64) as f32,
        ((b - down) as f64 / BIG as f64) as f32,
        b as f32,
    )
}

/// What a position shows the weights: the evaluation from White's side
/// is `adjust(fixed + Σ value × weight + patterns) + side × tempo`, where
/// `adjust` (the hand-set endgame step, kept fixed) is, for the counters
/// unknown, `a_pos × v + b` for `v > 0` and `a_neg × v + b` below, and
/// `patterns` the worth of White's window arrangements less Black's
/// ([`regions`]).
///
/// A weight vector is the [`N`] linear numbers of [`Weights::to_vec`],
/// followed, when the patterns are learned too, by the
/// [`regions::Layout::len`] pattern worths (window by window), or twice
/// as many for a table of two phases (the full board's, then the
/// ending's, blended by `phase`), or four times as many for two phases
/// by who is to move ([`blocks`]: those of the side to move, then those
/// of the side that waits, read by `side`).
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// The non-zero linear features (index of [`Weights::to_vec`], value),
    /// White's count minus Black's; the tempo is not among them.
    pub linear: Vec<(u8, i8)>,
    /// What is not learned of the sum before `adjust` (in Czech the
    /// endgame worth of kings and advanced men, `czech::endgame_phase`; 0 where all of it is).
    pub fixed: f32,
    /// The arrangement of each window from White's side and from
    /// Black's ([`regions::views`]).
    pub views: [[u16; MAX_WINDOWS]; 2],
    /// How far the position is into the ending, from 0 to 1: the share
    /// of a two-phase table's ending worths ([`regions::Layout::phase`]).
    pub phase: f32,
    /// Number of windows of the board.
    pub windows: u8,
    /// 1 with White to move, −1 with Black (0 where the tempo is not
    /// learned, but part of `b`).
    pub side: i8,
    /// The slope of `adjust` above 0.
    pub a_pos: f32,
    /// The slope of `adjust` below 0.
    pub a_neg: f32,
    /// `adjust` of 0 (the men nothing can stop).
    pub b: f32,
}

impl Features {
    /// The features of `pos` (the game's counters unknown: no urgency).
    pub fn of(pos: &Position<Czech>) -> Self {
        let mut dense = [0i32; N];
        for c in Color::ALL {
            let sign = match c {
                Color::White => 1,
                Color::Black => -1,
            };
            for (k, base, worth) in [(Kind::Man, 0, MAN), (Kind::King, SQUARES, KING)] {
                for b in pos.pieces(c, k).iter() {
                    let sq = <Czech as Mechanics>::Geo::square(b);
                    let (mut f, mut r) = (sq.file() as i32, sq.rank() as i32);
                    if c == Color::Black {
                        (f, r) = (7 - f, 7 - r);
                    }
                    dense[base + Weights::index(f, r)] += sign;
                    dense[worth] += sign;
                }
            }
            let empty = !pos.occupied() & <Czech as Mechanics>::Geo::ALL;
            dense[MOB_MAN] += sign * crate::eval::mobility(pos, c, empty, &[1, 0, 0, 0]).0;
            dense[MOB_KING] += sign * crate::eval::mobility(pos, c, empty, &[0, 1, 0, 0]).0;
        }
        let linear = dense
            .iter()
            .enumerate()
            .filter(|(_, &v)| v != 0)
            .map(|(i, &v)| (i as u8, v.clamp(-127, 127) as i8))
            .collect();
        let (a_pos, a_neg, b) = linearise(|v| crate::eval::czech::adjust(pos, v, &Context::NONE));
        Features {
            linear,
            fixed: crate::eval::czech::endgame_phase(pos) as f32,
            views: regions::views(pos),
            phase: phase_share(pos),
            windows: regions::layout::<Czech>().windows as u8,
            side: side_sign(pos) as i8,
            a_pos,
            a_neg,
            b,
        }
    }

    /// The evaluation from White's side by the weights `w` (the linear
    /// numbers, then the pattern worths if any), before rounding.
    pub fn white(&self, w: &[f64]) -> f64 {
        let v = self.linear_sum(w);
        let a = if v > 0.0 { self.a_pos } else { self.a_neg };
        a as f64 * v + self.b as f64 + self.side as f64 * w[TEMPO]
    }

    /// The part before `adjust` and the tempo: the fixed part, the
    /// linear numbers and the patterns (when `w` has them).
    pub fn linear_sum(&self, w: &[f64]) -> f64 {
        let lin: f64 = self
            .linear
            .iter()
            .map(|&(i, v)| v as f64 * w[i as usize])
            .sum();
        self.fixed as f64 + lin + self.pattern_sum(w)
    }

    /// The patterns' part: White's windows less Black's (0 when `w` has
    /// only the linear numbers).
    pub fn pattern_sum(&self, w: &[f64]) -> f64 {
        if w.len() <= N {
            return 0.0;
        }
        pattern_sum(
            &w[N..],
            &self.views,
            self.windows as usize,
            self.phase as f64,
            self.side,
        )
    }
}

/// The patterns' part of an evaluation by the pattern worths `p` (one
/// phase or two, [`Features`]; or four blocks, the two phases of the
/// side to move and then those of the side that waits, see
/// [`blocks`]): White's windows less Black's, the two phases blended at
/// `phase` (0: the full board's, 1: the ending's). `side` is 1 with
/// White to move, −1 with Black (only a table of four blocks reads it).
#[inline]
pub fn pattern_sum(
    p: &[f64],
    views: &[[u16; MAX_WINDOWS]; 2],
    windows: usize,
    phase: f64,
    side: i8,
) -> f64 {
    let len = windows * STATES;
    let [white, black] = views;
    let one = |pw: &[f64], pb: &[f64]| -> f64 {
        (0..windows)
            .map(|i| pw[i * STATES + white[i] as usize] - pb[i * STATES + black[i] as usize])
            .sum()
    };
    let mut sum = 0.0;
    for ((bw, bb), share) in blocks(p.len() / len.max(1), phase, side) {
        if share != 0.0 {
            sum += share * one(&p[bw * len..(bw + 1) * len], &p[bb * len..(bb + 1) * len]);
        }
    }
    sum
}

/// The blocks of a pattern table of `n` blocks that White's and Black's
/// windows read, with the share of each pair: `((White's block, Black's
/// block), share)`. One block: the same worths throughout; two:
/// the full board's and the ending's, at `1 − phase` and `phase`; four:
/// those two for the side to move (blocks 0 and 1) and for the side
/// that waits (2 and 3), so a shape can be worth more to the side whose
/// turn it is (a man that can be attacked at once, a tempo in a locked
/// wing).
#[inline]
pub fn blocks(n: usize, phase: f64, side: i8) -> [((usize, usize), f64); 2] {
    let at = |p| {
        (
            regions::block(n, p, side >= 0),
            regions::block(n, p, side < 0),
        )
    };
    let end = if n == 1 { 0.0 } else { phase };
    [(at(0), 1.0 - end), (at(1), end)]
}

/// Whether the side to move has a capture (positions to train on are
/// quiet: without one).
pub fn has_capture<R: Evaluate>(pos: &Position<R>) -> bool {
    pos.legal_moves().iter().any(|m| m.is_capture())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{czech, Evaluator, Params};

    fn positions() -> Vec<Position<Czech>> {
        let mut out = crate::testkit::random_positions::<Czech>(11, 120, 2000);
        out.push("W:WKa1,Kc3,Ke1:BKh8".parse().unwrap());
        out.push("B:WKa1,c3:BKh8,a7,b8".parse().unwrap());
        out.push("W:We5:BKa1,b8".parse().unwrap());
        out
    }

    /// The features with the numbers of a `Params` (and the shipped
    /// patterns at full weight) give the tuner's view of the evaluation
    /// (`Evaluator::with_params`), exactly; the engine plays the patterns
    /// at `PATTERN_PERCENT`.
    fn features_match(p: &Params, w: &Weights) {
        let e = Evaluator::<Czech>::with_params(p);
        let mut v = w.to_vec().to_vec();
        if let Some(t) = <Czech as crate::eval::Evaluate>::PATTERNS {
            v.extend(t.to_vec().iter().map(|&x| x as f64));
        }
        for pos in positions() {
            let f = Features::of(&pos);
            // A two-phase table's blend is rounded in play, exact here.
            let patterns = f.pattern_sum(&v);
            let played = <Czech as crate::eval::Evaluate>::PATTERNS.map_or(0, |t| t.score(&pos));
            assert!((patterns - played as f64).abs() < 1.0, "{pos}");
            let lin = f.linear_sum(&v) - patterns + played as f64;
            assert_eq!(lin.fract(), 0.0);
            let white = czech::adjust(&pos, lin as i32, &Context::NONE) + f.side as i32 * w.tempo;
            let stm = e.evaluate(&pos, &Context::NONE);
            assert_eq!(white * f.side as i32, stm, "{pos}");
            // The linearised adjust is within rounding of the real one.
            assert!((f.white(&v) - white as f64).abs() <= 1.0 + white.abs() as f64 / 100.0);
        }
    }

    /// A table of four blocks (two phases by who is to move): the
    /// tuner's sum is the engine's read, within the blend's rounding,
    /// with either side to move.
    #[test]
    fn features_read_a_table_by_movers() {
        let len = crate::eval::regions::layout::<Czech>().len();
        let bytes: Vec<u8> = (0..4 * len).map(|i| ((i * 7919) % 251) as u8).collect();
        let table = crate::eval::regions::Table(Box::leak(bytes.into_boxed_slice()));
        let p: Vec<f64> = table.to_vec().iter().map(|&x| x as f64).collect();
        let mut sides = [false; 2];
        for pos in positions() {
            let f = Features::of(&pos);
            sides[usize::from(f.side > 0)] = true;
            let sum = pattern_sum(&p, &f.views, f.windows as usize, f.phase as f64, f.side);
            assert!((sum - table.score(&pos) as f64).abs() < 1.0, "{pos}");
        }
        assert_eq!(sides, [true; 2]);
    }

    #[test]
    fn features_give_the_evaluation() {
        features_match(&czech::HAND, &Weights::from_params(&czech::HAND));
        features_match(&czech::LEARNED, &czech::LEARNED_WEIGHTS);
    }

    /// International: the fixed part, `adjust` linearised and the
    /// shipped patterns (if any) give the engine's evaluation, within the
    /// rounding of the linearised `adjust`; nothing linear is learned.
    /// (Against a lone king `adjust` divides by the sign of a sum near 0,
    /// which two slopes cannot follow: those ends are left out.)
    #[test]
    fn international_features_give_the_evaluation() {
        use crate::rules::international::International;
        let e = Evaluator::<International>::with_params(crate::eval::params::<International>());
        let mut v = vec![0.0; N];
        if let Some(t) = <International as crate::eval::Evaluate>::PATTERNS {
            v.extend(t.to_vec().iter().map(|&x| x as f64));
        }
        let all = crate::testkit::random_positions::<International>(13, 150, 1000);
        let mut n = 0;
        for pos in all
            .into_iter()
            .filter(|p| Color::ALL.into_iter().all(|c| p.color(c).count() > 1))
        {
            n += 1;
            let f = International::features(&pos);
            assert!(f.linear.is_empty() && f.side == 0);
            assert_eq!(f.windows, 16);
            let stm = e.evaluate(&pos, &Context::NONE) as f64;
            let white = match pos.side() {
                Color::White => stm,
                Color::Black => -stm,
            };
            assert!(
                (f.white(&v) - white).abs() <= 1.0 + white.abs() / 100.0,
                "{pos}: {} against {white}",
                f.white(&v)
            );
        }
        assert!(n > 500, "{n} positions");
    }

    #[test]
    fn the_shipped_file_reads_back() {
        let shipped = include_str!("../eval/czech_weights.rs");
        assert_eq!(Weights::from_text(shipped), Ok(czech::LEARNED_WEIGHTS));
    }
}
