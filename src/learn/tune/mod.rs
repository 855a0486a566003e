//! `dama tune`: Texel-style tuning of the Czech evaluation's linear
//! numbers ([`Weights`]) and, with `--patterns`, its region patterns
//! ([`crate::eval::regions`]) on training positions; in international
//! draughts, of the region patterns alone ([`Learn`]).
//!
//! The loss is the mean squared error between `sigmoid(eval / K)` and
//! the game results (White's side). `K` is fitted first, with the
//! starting numbers, and then kept. A game's result is one label for
//! all its positions, most of which were not yet decided; the search's
//! score of each position (which `dama selfplay` writes beside it) is a
//! label of that position alone, so with a `lambda` below 1 the target
//! is `lambda × result + (1 − lambda) × sigmoid(score / K)`. The
//! numbers are then moved by Adam
//! on the whole data set at each step (full batch: the features are a
//! few dozen small integers a position, so an epoch over a million
//! positions takes well under a second).
//!
//! The patterns are 59 049 numbers (104 976 on 10×10; twice as many in
//! two phases, four times by who is to move as well), most of them
//! seen in few positions: they are pulled towards their start, 0 or a
//! given table (`pattern_prior`),
//! and a share of the positions can be kept out of the training
//! (`holdout`) to see whether what was learned holds on positions it
//! did not see.

use super::features::{blocks, pattern_sum, Features, Learn};
use crate::bitboard::Bits;
use crate::eval::regions::{self, MAX_WINDOWS, STATES};
use crate::eval::weights::{Weights, N, TEMPO};
use crate::piece::{Color, Kind};
use crate::position::Position;

/// Training positions with their features extracted once.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    index: Vec<u8>,
    value: Vec<i8>,
    samples: Vec<Sample>,
    /// Windows of the board the positions are on (0 while empty).
    windows: usize,
}

#[derive(Clone, Copy, Debug)]
struct Sample {
    start: u32,
    len: u16,
    fixed: f32,
    views: [[u16; MAX_WINDOWS]; 2],
    phase: f32,
    side: i8,
    a_pos: f32,
    a_neg: f32,
    b: f32,
    result: f32,
    /// The search's score from White's side, NaN where the line had none.
    score: f32,
    /// The first position of its game in the data (`smoothed` reads
    /// no further than its game).
    new_game: bool,
}

impl Dataset {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a position's features with a result (White's side).
    pub fn push_features(&mut self, f: &Features, result: f32) {
        self.push_scored(f, result, None);
    }

    /// Adds a position's features with a result and the search's score
    /// (both White's side), as a game of its own ([`Dataset::smoothed`]
    /// leaves its score as it is).
    pub fn push_scored(&mut self, f: &Features, result: f32, score: Option<i32>) {
        self.push_position(f, result, score, true);
    }

    /// Adds a position as [`Dataset::push_scored`] does, saying whether
    /// it starts a new game (or follows the position before it in one).
    pub fn push_position(&mut self, f: &Features, result: f32, score: Option<i32>, new_game: bool) {
        debug_assert!(self.samples.is_empty() || self.windows == f.windows as usize);
        self.windows = f.windows as usize;
        self.samples.push(Sample {
            start: self.index.len() as u32,
            len: f.linear.len() as u16,
            fixed: f.fixed,
            views: f.views,
            phase: f.phase,
            side: f.side,
            a_pos: f.a_pos,
            a_neg: f.a_neg,
            b: f.b,
            result,
            score: score.map_or(f32::NAN, |s| s as f32),
            new_game,
        });
        for &(i, v) in &f.linear {
            self.index.push(i);
            self.value.push(v);
        }
    }

    /// Reads a data file's text of game `R` ([`super`] has the format);
    /// a bad line is an error naming it.
    ///
    /// The file has no marks between games, so a line starts a new game
    /// where it could not follow the line before: another result, or a
    /// side with more men, or more pieces, than it had there.
    pub fn from_text<R: Learn>(text: &str) -> Result<Self, String> {
        let mut d = Dataset::new();
        let mut before: Option<(f32, [[u32; 2]; 2])> = None;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let l = super::parse_line(line).map_err(|e| format!("line {}: {e}", n + 1))?;
            let pos: Position<R> = l
                .fen
                .parse()
                .map_err(|e| format!("line {}: bad FEN '{}': {e}", n + 1, l.fen))?;
            let material = [Color::White, Color::Black]
                .map(|c| [pos.pieces(c, Kind::Man).count(), pos.count(c)]);
            let new_game = match before {
                None => true,
                Some((result, was)) => {
                    let mut pairs = material.iter().flatten().zip(was.iter().flatten());
                    result != l.result || pairs.any(|(now, then)| now > then)
                }
            };
            before = Some((l.result, material));
            d.push_position(&R::features(&pos), l.result, l.score, new_game);
        }
        Ok(d)
    }

    /// Adds the positions of `other` (of the same game).
    pub fn append(&mut self, other: Dataset) {
        let base = self.index.len() as u32;
        if !other.is_empty() {
            self.windows = other.windows;
        }
        self.index.extend(other.index);
        self.value.extend(other.value);
        self.samples
            .extend(other.samples.into_iter().map(|s| Sample {
                start: s.start + base,
                ..s
            }));
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Number of pattern weights of the positions' board, one phase.
    pub fn pattern_len(&self) -> usize {
        self.windows * STATES
    }

    /// Whether there is no position.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// How many positions have no search score.
    pub fn unscored(&self) -> usize {
        self.samples.iter().filter(|s| s.score.is_nan()).count()
    }

    /// The same positions with `lambda × result + (1 − lambda) ×
    /// sigmoid(score / k)` as their targets; a position without a score
    /// keeps its result.
    pub fn blended(&self, lambda: f64, k: f64) -> Dataset {
        let mut d = self.clone();
        for s in &mut d.samples {
            if !s.score.is_nan() {
                let p = sigmoid(s.score as f64 / k);
                s.result = (lambda * s.result as f64 + (1.0 - lambda) * p) as f32;
            }
        }
        d
    }

    /// The same positions with each search score replaced by the mean,
    /// in `sigmoid(score / k)`, of its own and those of the next
    /// `window − 1` positions of its game (fewer at the game's end): the
    /// searches a few plies on along the game's line see further than
    /// the one at the position, and their mean is a smoother label
    /// (`window` 1: the scores as they are). A position without a score
    /// keeps none; one whose followers lack scores uses those it has.
    pub fn smoothed(&self, window: usize, k: f64) -> Dataset {
        let mut d = self.clone();
        if window <= 1 {
            return d;
        }
        let n = self.samples.len();
        for (i, s) in d.samples.iter_mut().enumerate() {
            if s.score.is_nan() {
                continue;
            }
            let (mut sum, mut count) = (0.0, 0);
            for (j, t) in self.samples[i..n.min(i + window)].iter().enumerate() {
                if j > 0 && t.new_game {
                    break;
                }
                if !t.score.is_nan() {
                    sum += sigmoid(t.score as f64 / k);
                    count += 1;
                }
            }
            let p = (sum / count as f64).clamp(1e-9, 1.0 - 1e-9);
            s.score = (k * (p / (1.0 - p)).ln()) as f32;
        }
        d
    }

    /// Splits off the last `1/parts` of the positions (0: none) as a set
    /// to check the learning on: (the rest, the positions split off).
    /// Positions of one game lie together in a data file, so the check is
    /// on games the training did not see (but for the one game at the
    /// cut), not on neighbours of positions it saw.
    pub fn split(self, parts: usize) -> (Dataset, Dataset) {
        let (mut keep, mut out) = (Dataset::new(), Dataset::new());
        (keep.windows, out.windows) = (self.windows, self.windows);
        let cut = match parts {
            0 => self.samples.len(),
            p => self.samples.len() - self.samples.len() / p,
        };
        for (n, s) in self.samples.iter().enumerate() {
            let d = if n >= cut { &mut out } else { &mut keep };
            let (a, b) = (s.start as usize, s.start as usize + s.len as usize);
            d.samples.push(Sample {
                start: d.index.len() as u32,
                ..*s
            });
            d.index.extend_from_slice(&self.index[a..b]);
            d.value.extend_from_slice(&self.value[a..b]);
        }
        (keep, out)
    }

    /// The evaluation of sample `s` from White's side, and the factor of
    /// the linear features in it (the slope of `adjust`).
    #[inline]
    fn eval(&self, s: &Sample, w: &[f64]) -> (f64, f64) {
        let (a, b) = (s.start as usize, s.start as usize + s.len as usize);
        let mut v = s.fixed as f64;
        for (&i, &x) in self.index[a..b].iter().zip(&self.value[a..b]) {
            v += x as f64 * w[i as usize];
        }
        if w.len() > N {
            v += pattern_sum(&w[N..], &s.views, self.windows, s.phase as f64, s.side);
        }
        let slope = if v > 0.0 { s.a_pos } else { s.a_neg } as f64;
        (slope * v + s.b as f64 + s.side as f64 * w[TEMPO], slope)
    }

    /// The mean squared error of `sigmoid(eval / k)` against the results.
    pub fn loss(&self, w: &[f64], k: f64) -> f64 {
        let mut sum = 0.0;
        for s in &self.samples {
            let e = sigmoid(self.eval(s, w).0 / k) - s.result as f64;
            sum += e * e;
        }
        sum / self.samples.len().max(1) as f64
    }

    /// The loss and its gradient in the numbers.
    pub fn gradient(&self, w: &[f64], k: f64) -> (f64, Vec<f64>) {
        let mut g = vec![0.0; w.len()];
        let mut sum = 0.0;
        for s in &self.samples {
            let (e, slope) = self.eval(s, w);
            let p = sigmoid(e / k);
            let err = p - s.result as f64;
            sum += err * err;
            // d(err²)/d(eval)
            let d = 2.0 * err * p * (1.0 - p) / k;
            let dl = d * slope;
            let (a, b) = (s.start as usize, s.start as usize + s.len as usize);
            for (&i, &x) in self.index[a..b].iter().zip(&self.value[a..b]) {
                g[i as usize] += dl * x as f64;
            }
            g[TEMPO] += d * s.side as f64;
            if w.len() > N {
                let [white, black] = &s.views;
                let len = self.pattern_len();
                // One phase, the full board's worths at 1 − phase and the
                // ending's at phase, or those by who is to move.
                for ((bw, bb), share) in blocks((w.len() - N) / len, s.phase as f64, s.side) {
                    let d = dl * share;
                    if d == 0.0 {
                        continue;
                    }
                    let (bw, bb) = (N + bw * len, N + bb * len);
                    for i in 0..self.windows {
                        g[bw + i * STATES + white[i] as usize] += d;
                        g[bb + i * STATES + black[i] as usize] -= d;
                    }
                }
            }
        }
        let n = self.samples.len().max(1) as f64;
        for x in &mut g {
            *x /= n;
        }
        (sum / n, g)
    }

    /// The `K` of least loss for the numbers `w` (golden-section search
    /// between 10 and 2000).
    pub fn fit_k(&self, w: &[f64]) -> f64 {
        let (mut lo, mut hi) = (10.0f64, 2000.0f64);
        let phi = (5f64.sqrt() - 1.0) / 2.0;
        let mut a = hi - phi * (hi - lo);
        let mut b = lo + phi * (hi - lo);
        let (mut fa, mut fb) = (self.loss(w, a), self.loss(w, b));
        while hi - lo > 0.5 {
            if fa < fb {
                hi = b;
                b = a;
                fb = fa;
                a = hi - phi * (hi - lo);
                fa = self.loss(w, a);
            } else {
                lo = a;
                a = b;
                fa = fb;
                b = lo + phi * (hi - lo);
                fb = self.loss(w, b);
            }
        }
        (lo + hi) / 2.0
    }
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// How to train.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Adam steps over the whole data set.
    pub epochs: usize,
    /// Adam's step size, in hundredths of a man.
    pub rate: f64,
    /// Numbers that stay as they start: the man's worth (the unit of the
    /// scale, which the sigmoid's `K` fixes otherwise) when true.
    pub fix_man: bool,
    /// Weight of a pull towards the starting numbers: `prior × Σ (w −
    /// start)²` (hundredths of a man) is added to the loss (0: none).
    pub prior: f64,
    /// Learn the region patterns too.
    pub patterns: bool,
    /// The patterns' phases: 1 (one worth for the whole game) or 2 (the
    /// full board's and the ending's, [`crate::eval::regions::Table`]);
    /// a one-phase start is copied into both.
    pub phases: usize,
    /// The patterns by who is to move (two phases for the side to move,
    /// then two for the side that waits; [`blocks`]): 1 or 2. A start of
    /// two phases is copied into both.
    pub movers: usize,
    /// Weight of a pull of the patterns towards their starting worths
    /// (0 unless a table is given to start from): `pattern_prior × Σ
    /// (p − start)²` is added to the loss. Pulled towards 0 from a
    /// table, every arrangement the data does not show would drift to
    /// 0 (Adam moves by the sign of even a tiny gradient).
    pub pattern_prior: f64,
    /// Share of the game's result in the training target; the rest is
    /// the search's score, `sigmoid(score / K)` (1: results only). The
    /// loss on the positions held out is always against the results.
    pub lambda: f64,
    /// Each training position's score is the mean, in `sigmoid(score /
    /// K)`, of its own and those of the next `smooth − 1` positions of
    /// its game ([`Dataset::smoothed`]; 1: its own alone). Only with a
    /// `lambda` below 1 (the results alone have no scores to smooth).
    /// The positions held out keep their own scores.
    pub smooth: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            epochs: 500,
            rate: 1.0,
            fix_man: true,
            prior: 0.0,
            patterns: false,
            phases: 1,
            movers: 1,
            pattern_prior: 0.0,
            lambda: 1.0,
            smooth: 1,
        }
    }
}

/// What a training run did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Report {
    /// The sigmoid's scale.
    pub k: f64,
    /// Loss of the starting numbers.
    pub start_loss: f64,
    /// Loss of the learned numbers, rounded as written.
    pub end_loss: f64,
    /// On the positions kept out of the training (if any): the loss of
    /// the starting numbers and of the learned ones.
    pub check: Option<(f64, f64)>,
    /// The same against the held-out positions' search scores (`sigmoid(score
    /// / K)`), where every one of them has a score: a label of each
    /// position rather than of its game, so it tells two close fits apart
    /// on far fewer positions.
    pub check_scores: Option<(f64, f64)>,
}

/// What was learned: the linear numbers and the pattern worths (empty
/// unless learned or given at the start).
#[derive(Clone, Debug, PartialEq)]
pub struct Learned {
    /// The linear numbers.
    pub weights: Weights,
    /// The pattern worths, rounded as the crate keeps them
    /// ([`Dataset::pattern_len`] of them a block: one, two phases, or
    /// four blocks by movers; or none).
    pub patterns: Vec<f64>,
}

/// Learns numbers from `start` (and the pattern worths from
/// `start_patterns`, zeros if empty) on `data` (`k`: the sigmoid's
/// scale, or `None` to fit it to the start first), checking on `check`
/// (may be empty); `progress` hears (epoch, loss, loss on `check`) now
/// and then.
pub fn train(
    data: &Dataset,
    check: &Dataset,
    start: &Weights,
    start_patterns: &[f64],
    k: Option<f64>,
    o: &Options,
    progress: &mut dyn FnMut(usize, f64, Option<f64>),
) -> (Learned, Report) {
    let mut w = start.to_vec().to_vec();
    if o.patterns || !start_patterns.is_empty() {
        let len = data.pattern_len();
        let n_blocks = if o.movers == 2 { 4 } else { o.phases };
        if start_patterns.is_empty() {
            w.resize(N + n_blocks * len, 0.0);
        } else {
            assert!(
                [1, 2, 4].map(|b| b * len).contains(&start_patterns.len()),
                "a whole pattern table"
            );
            // Each block missing from the start copies the block it
            // refines: one phase into both, two phases into both movers.
            let mut p = start_patterns.to_vec();
            if n_blocks >= 2 && p.len() == len {
                p.extend_from_within(..);
            }
            if n_blocks == 4 && p.len() == 2 * len {
                p.extend_from_within(..);
            }
            w.extend_from_slice(&p);
        }
    }
    let w0 = w.clone();
    let k = k.unwrap_or_else(|| data.fit_k(&w));
    let blend;
    let data = if o.lambda < 1.0 {
        blend = if o.smooth > 1 {
            data.smoothed(o.smooth, k).blended(o.lambda, k)
        } else {
            data.blended(o.lambda, k)
        };
        &blend
    } else {
        data
    };
    let start_loss = data.loss(&w, k);
    let check_loss = |w: &[f64]| (!check.is_empty()).then(|| check.loss(w, k));
    let check_start = check_loss(&w);
    let scored = (!check.is_empty() && check.unscored() == 0).then(|| check.blended(0.0, k));
    let scores_loss = |w: &[f64]| scored.as_ref().map(|c| c.loss(w, k));
    let scores_start = scores_loss(&w);
    let (b1, b2, eps) = (0.9, 0.999, 1e-12);
    let learn = if o.patterns { w.len() } else { N };
    let mut m = vec![0.0; learn];
    let mut v = vec![0.0; learn];
    for t in 1..=o.epochs {
        let (loss, mut g) = data.gradient(&w, k);
        for i in 0..N {
            g[i] += 2.0 * o.prior * (w[i] - w0[i]);
        }
        for i in N..learn {
            g[i] += 2.0 * o.pattern_prior * (w[i] - w0[i]);
        }
        if t == 1 || t % 50 == 0 {
            progress(t, loss, check_loss(&w));
        }
        for i in 0..learn {
            if o.fix_man && i == crate::eval::weights::MAN {
                continue;
            }
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= o.rate * mh / (vh.sqrt() + eps);
        }
    }
    let weights = Weights::from_vec(w[..N].try_into().expect("N numbers"));
    let patterns: Vec<f64> = regions::to_bytes(&w[N..])
        .iter()
        .map(|&b| b as i8 as f64)
        .collect();
    let mut rounded = weights.to_vec().to_vec();
    rounded.extend_from_slice(&patterns);
    let end_loss = data.loss(&rounded, k);
    let check = check_start.zip(check_loss(&rounded));
    let check_scores = scores_start.zip(scores_loss(&rounded));
    (
        Learned { weights, patterns },
        Report {
            k,
            start_loss,
            end_loss,
            check,
            check_scores,
        },
    )
}

#[cfg(test)]
mod tests;
