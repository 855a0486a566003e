//! Match statistics: Elo difference with its 95 % interval, likelihood of
//! superiority, and the sequential probability ratio test.
//!
//! Two tallies describe a pairing, from its first engine's side, in the
//! logistic Elo model (an expected score `s` means an Elo difference of
//! `-400 log10(1/s - 1)`):
//!
//! - [`Tally`], the trinomial counts of single games (wins, draws,
//!   losses), every counted game;
//! - [`Pentanomial`], the scores of complete colour-swapped *pairs* (the
//!   same opening played once with each colour): 0, ½, 1, 1½ or 2 points
//!   a pair. Only pairs whose two games both counted are in it. Pairs
//!   are the independent observations of a match that plays each opening
//!   twice: the two games of a pair share the opening's bias, which the
//!   trinomial model treats as independent noise, so its variance is
//!   usually too large and its interval too wide.
//!
//! The formulas, with `x` an outcome's score per game (a game: 0, ½, 1;
//! a pair: 0, ¼, ½, ¾, 1, its points halved), `N` the observations
//! (games or pairs), `m` the mean of `x` and `v = Σ pᵢ (xᵢ − m)²` its
//! variance per observation:
//!
//! - The interval is the normal approximation `m ± 1.96 √(v/N)`, mapped
//!   to Elo. A pairing reports it from the pairs when it has any
//!   ([`Pentanomial::elo_interval`]), else from the games.
//! - LOS is `Φ((W − L) / √(W + L))` on the games, draws carrying no
//!   information.
//! - The SPRT is the generalized SPRT of Michel Van den Bergh (used by
//!   fishtest and fastchess): for each hypothesis (`elo0`, `elo1`, with
//!   expected scores `s0`, `s1`) the maximum likelihood distribution over
//!   the outcomes with that mean, `pᵢ = qᵢ / (1 + λ (xᵢ − s))` for the
//!   observed frequencies `qᵢ`; the log likelihood ratio of the
//!   observations between the two is `N Σ qᵢ ln(p1ᵢ / p0ᵢ)`. Outcomes never
//!   seen get a count of 0.001, so that the maximum exists. It is
//!   computed on the pairs when there are any ([`Sprt::llr_pairs`]),
//!   else on the games ([`Sprt::llr`]), and stops when the ratio leaves
//!   `[ln(β/(1−α)), ln((1−β)/α)]`. For close hypotheses it is about
//!   `N (s1 − s0)(2m − s0 − s1) / (2v)` (the normal approximation: each
//!   observation's score normal with variance `v`, the log of the ratio
//!   of the two normal densities summed); the exact form is used because
//!   it stays right for wide hypotheses and lopsided results.

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The two-sided 95 % quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    /// Points (a win 1, a draw ½).
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
    /// The mean score per game (0.5 with no games).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / n as f64,
        }
    }
    /// The same games from the other side.
    pub fn flipped(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }
    /// The Elo difference the score stands for (infinite for a 100 % or 0 % score).
    pub fn elo(&self) -> f64 {
        elo_of_score(self.score())
    }
    /// The 95 % confidence interval of the Elo difference, from the
    /// per-game variance (bounds may be infinite).
    pub fn elo_interval(&self) -> (f64, f64) {
        interval(self.score(), self.variance(), self.games())
    }
    /// Half the width of the 95 % interval, the `±` of a report (infinite
    /// when a bound is).
    pub fn elo_error(&self) -> f64 {
        let (lo, hi) = self.elo_interval();
        (hi - lo) / 2.0
    }
    /// Likelihood of superiority: the probability that the first side is
    /// the stronger, from wins and losses.
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

/// The scores of colour-swapped pairs of games (the same opening, once
/// with each colour), from the first side: `counts[i]` pairs scored `i/2`
/// points, as fastchess prints `Ptnml(0-2)`. A win and a loss and two
/// draws both score 1 and share `counts[2]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs that scored 0, ½, 1, 1½ and 2 points.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Pair scores per game, the outcomes of the pentanomial model.
    const SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

    /// Complete pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
    /// Counts a pair that scored `half_points / 2` points (0 to 4 halves).
    ///
    /// # Panics
    /// If `half_points` is above 4.
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points] += 1;
    }
    /// The mean score per game over the pairs (0.5 with no pairs).
    pub fn score(&self) -> f64 {
        match self.pairs() {
            0 => 0.5,
            n => {
                let sum: f64 = (0..5)
                    .map(|i| self.counts[i] as f64 * Self::SCORES[i])
                    .sum();
                sum / n as f64
            }
        }
    }
    /// The variance of a pair's score per game (¼ of the variance of its
    /// points).
    fn variance(&self) -> f64 {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let m = self.score();
        (0..5)
            .map(|i| self.counts[i] as f64 * (Self::SCORES[i] - m).powi(2))
            .sum::<f64>()
            / n
    }
    /// The Elo difference the pairs' score stands for.
    pub fn elo(&self) -> f64 {
        elo_of_score(self.score())
    }
    /// The 95 % confidence interval of the Elo difference, from the
    /// variance of the pair scores (bounds may be infinite).
    pub fn elo_interval(&self) -> (f64, f64) {
        interval(self.score(), self.variance(), self.pairs())
    }
    /// Half the width of the 95 % interval (infinite when a bound is).
    pub fn elo_error(&self) -> f64 {
        let (lo, hi) = self.elo_interval();
        (hi - lo) / 2.0
    }
}

/// The 95 % interval in Elo of a mean score `m` over `n` observations of
/// variance `v` each (the whole line with no observations).
fn interval(m: f64, v: f64, n: u32) -> (f64, f64) {
    if n == 0 {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    let margin = Z95 * (v / n as f64).sqrt();
    (elo_of_score(m - margin), elo_of_score(m + margin))
}

/// The Elo difference of an expected score (±∞ at 1 and 0).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns the -0 of an even score into 0.
        -400.0 * (1.0 / s - 1.0).log10() + 0.0
    }
}

/// The expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, to 1.2e-7 (Numerical Recipes' Chebyshev fit of erfc).
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}

/// The parameters of a sequential probability ratio test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The false positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// Keep playing.
    Continue,
    /// H1 accepted: the difference is at least `elo1` rather than `elo0`.
    AcceptH1,
    /// H0 accepted (H1 rejected): the difference is at most `elo0`.
    AcceptH0,
}

impl SprtDecision {
    /// `continue`, `H1 accepted` or `H0 accepted (H1 rejected)`.
    pub fn text(self) -> &'static str {
        match self {
            SprtDecision::Continue => "no decision yet",
            SprtDecision::AcceptH1 => "H1 accepted",
            SprtDecision::AcceptH0 => "H0 accepted (H1 rejected)",
        }
    }
}

/// Why SPRT parameters are refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// elo1 must be above elo0.
    #[error("SPRT needs elo0 < elo1 (got {0} and {1})")]
    Order(f64, f64),
    /// alpha and beta must be probabilities strictly between 0 and 0.5.
    #[error("SPRT alpha and beta must be between 0 and 0.5 (got {0} and {1})")]
    Rates(f64, f64),
    /// Text that does not read as `elo0,elo1[,alpha,beta]`.
    #[error("bad SPRT '{0}' (expected elo0,elo1[,alpha,beta], e.g. 0,10,0.05,0.05)")]
    Syntax(String),
}

impl std::str::FromStr for Sprt {
    type Err = SprtError;
    /// `elo0,elo1[,alpha,beta]`, alpha and beta 0.05 by default; each
    /// item may be written `name=value` (`elo0=0,elo1=10,alpha=0.05,beta=0.05`).
    fn from_str(s: &str) -> Result<Sprt, SprtError> {
        let bad = || SprtError::Syntax(s.to_string());
        let vals: Vec<f64> = s
            .split(',')
            .map(|item| {
                let v = item.rsplit('=').next().unwrap_or("").trim();
                v.parse::<f64>().map_err(|_| bad())
            })
            .collect::<Result<_, _>>()?;
        let (elo0, elo1, alpha, beta) = match vals[..] {
            [a, b] => (a, b, 0.05, 0.05),
            [a, b, c, d] => (a, b, c, d),
            _ => return Err(bad()),
        };
        Sprt::new(elo0, elo1, alpha, beta)
    }
}

impl Sprt {
    /// Checked parameters.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError::Order(elo0, elo1));
        }
        let ok = |p: f64| p > 0.0 && p < 0.5;
        if !(ok(alpha) && ok(beta)) {
            return Err(SprtError::Rates(alpha, beta));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
    /// The lower and upper bounds of the log likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }
    /// The log likelihood ratio of H1 against H0 after the games of `t`
    /// (trinomial).
    pub fn llr(&self, t: &Tally) -> f64 {
        let counts = [t.losses, t.draws, t.wins].map(|c| c as f64);
        self.gsprt(&counts, &[0.0, 0.5, 1.0])
    }
    /// The log likelihood ratio of H1 against H0 after the pairs of `p`
    /// (pentanomial: each pair one observation, its score per game).
    pub fn llr_pairs(&self, p: &Pentanomial) -> f64 {
        let counts = p.counts.map(|c| c as f64);
        self.gsprt(&counts, &Pentanomial::SCORES)
    }
    /// The log likelihood ratio the match goes by: from the pairs of `p`
    /// when there is one, else from the games of `t`.
    pub fn llr_of(&self, t: &Tally, p: &Pentanomial) -> f64 {
        if p.pairs() > 0 {
            self.llr_pairs(p)
        } else {
            self.llr(t)
        }
    }
    /// The GSPRT log likelihood ratio of observations with `counts[i]`
    /// of outcome score `x[i]` (see the module documentation).
    fn gsprt(&self, counts: &[f64], x: &[f64]) -> f64 {
        let n: f64 = counts.iter().sum();
        if n == 0.0 {
            return 0.0;
        }
        // Regularize: a category never seen gets a tiny count, so that
        // the constrained maximum likelihood exists (as fishtest does).
        let reg: Vec<f64> = counts.iter().map(|&c| c.max(1e-3)).collect();
        let total: f64 = reg.iter().sum();
        let q: Vec<f64> = reg.iter().map(|c| c / total).collect();
        let s0 = score_of_elo(self.elo0);
        let s1 = score_of_elo(self.elo1);
        let l0 = mle_lambda(&q, x, s0);
        let l1 = mle_lambda(&q, x, s1);
        // p_i(s) = q_i / (1 + λ (x_i − s)); the ratio per observation:
        let per_obs: f64 = (0..x.len())
            .map(|i| q[i] * ((1.0 + l0 * (x[i] - s0)) / (1.0 + l1 * (x[i] - s1))).ln())
            .sum();
        n * per_obs
    }
    /// The decision a log likelihood ratio calls for.
    pub fn decision(&self, llr: f64) -> SprtDecision {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtDecision::AcceptH1
        } else if llr <= lo {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
    /// Whether to stop, after the games of `t` (trinomial).
    pub fn decide(&self, t: &Tally) -> SprtDecision {
        self.decision(self.llr(t))
    }
}

/// The Lagrange multiplier of the maximum likelihood distribution with
/// mean `s` near the empirical `q` over outcomes `x`: the root of
/// `Σ q_i (x_i − s) / (1 + λ (x_i − s)) = 0`, found by bisection (the
/// sum falls as λ grows, and every `1 + λ (x_i − s)` must stay positive).
fn mle_lambda(q: &[f64], x: &[f64], s: f64) -> f64 {
    let mut lo = f64::NEG_INFINITY;
    let mut hi = f64::INFINITY;
    for &xi in x {
        let d = xi - s;
        if d > 0.0 {
            lo = lo.max(-1.0 / d);
        } else if d < 0.0 {
            hi = hi.min(-1.0 / d);
        }
    }
    let f = |l: f64| -> f64 {
        q.iter()
            .zip(x)
            .map(|(&qi, &xi)| qi * (xi - s) / (1.0 + l * (xi - s)))
            .sum()
    };
    let (mut a, mut b) = (lo, hi);
    for _ in 0..200 {
        let m = (a + b) / 2.0;
        if f(m) > 0.0 {
            a = m;
        } else {
            b = m;
        }
    }
    (a + b) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(w: u32, d: u32, l: u32) -> Tally {
        Tally {
            wins: w,
            draws: d,
            losses: l,
        }
    }

    #[test]
    fn elo_and_interval() {
        assert_eq!(t(10, 0, 10).elo(), 0.0);
        assert!(t(10, 0, 10).elo().is_sign_positive());
        // 75 % is 190.8 Elo.
        assert!((t(3, 0, 1).elo() - 190.85).abs() < 0.01);
        assert!((elo_of_score(score_of_elo(123.0)) - 123.0).abs() < 1e-9);
        assert_eq!(t(5, 0, 0).elo(), f64::INFINITY);
        // 60-20-20 (score 0.7): interval about +120 .. +176 ... check symmetry in score.
        let x = t(60, 20, 20);
        let (lo, hi) = x.elo_interval();
        assert!(lo < x.elo() && x.elo() < hi);
        let sd = (x.variance() / 100.0).sqrt();
        assert!((score_of_elo(hi) - 0.7 - Z95 * sd).abs() < 1e-9);
        // More games, narrower interval.
        assert!(t(600, 200, 200).elo_error() < x.elo_error() / 3.0);
    }

    #[test]
    fn los_values() {
        assert_eq!(t(0, 7, 0).los(), 0.5);
        assert!((t(10, 0, 10).los() - 0.5).abs() < 1e-6);
        // W-L = 10 over 50 decisive games: Φ(10/√50) = Φ(1.414) ≈ 0.921.
        assert!((t(30, 5, 20).los() - 0.9214).abs() < 1e-3);
        assert!(t(20, 5, 30).los() < 0.1);
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
        assert!((erf(-0.5) + 0.520_499_88).abs() < 1e-6);
    }

    #[test]
    fn sprt_parameters() {
        assert_eq!(
            "0,10".parse::<Sprt>().unwrap(),
            Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap()
        );
        assert_eq!(
            "elo0=-5,elo1=5,alpha=0.1,beta=0.2".parse::<Sprt>().unwrap(),
            Sprt::new(-5.0, 5.0, 0.1, 0.2).unwrap()
        );
        assert!(matches!("10,0".parse::<Sprt>(), Err(SprtError::Order(..))));
        assert!(matches!(
            "0,10,0,0.05".parse::<Sprt>(),
            Err(SprtError::Rates(..))
        ));
        assert!(matches!("0,x".parse::<Sprt>(), Err(SprtError::Syntax(_))));
        let (lo, hi) = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap().bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
    }

    #[test]
    fn sprt_decides_lopsided_results_and_waits_on_even_ones() {
        let s = Sprt::new(0.0, 200.0, 0.05, 0.05).unwrap();
        assert_eq!(s.decide(&t(0, 0, 0)), SprtDecision::Continue);
        assert_eq!(s.decide(&t(2, 0, 0)), SprtDecision::Continue);
        assert_eq!(s.decide(&t(12, 0, 0)), SprtDecision::AcceptH1);
        assert_eq!(s.decide(&t(0, 0, 12)), SprtDecision::AcceptH0);
        assert_eq!(s.decide(&t(3, 4, 3)), SprtDecision::Continue);
        // The ratio grows with evidence for H1 and falls with evidence against.
        assert!(s.llr(&t(8, 2, 2)) > s.llr(&t(6, 2, 4)));
        // An exact value: all wins, N log(s1/s0) in the limit of regularization.
        let s1 = score_of_elo(200.0);
        let expect = 10.0 * (s1 / 0.5).ln();
        assert!(
            (s.llr(&t(10, 0, 0)) - expect).abs() < 0.05,
            "{}",
            s.llr(&t(10, 0, 0))
        );
        // Close hypotheses need many games even for a good result.
        let close = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        assert_eq!(close.decide(&t(55, 10, 35)), SprtDecision::Continue);
        assert_eq!(close.decide(&t(5500, 1000, 3500)), SprtDecision::AcceptH1);
    }

    fn pt(c: [u32; 5]) -> Pentanomial {
        Pentanomial { counts: c }
    }

    #[test]
    fn pentanomial_score_and_interval() {
        let p = pt([10, 30, 60, 40, 20]);
        assert_eq!(p.pairs(), 160);
        // Mean (0·10 + ¼·30 + ½·60 + ¾·40 + 1·20) / 160 = 87.5 / 160.
        assert!((p.score() - 0.546_875).abs() < 1e-12);
        // Variance per pair: Σ (x − m)² counts / 160, by hand 0.072021484375.
        assert!((p.variance() - 0.072_021_484_375).abs() < 1e-12);
        // m ± 1.96 √(v/160) = 0.546875 ± 0.041585: +32.67 Elo in +3.68 .. +62.12.
        assert!((p.elo() - 32.668).abs() < 1e-3, "{}", p.elo());
        let (lo, hi) = p.elo_interval();
        assert!(
            (lo - 3.677).abs() < 1e-3 && (hi - 62.121).abs() < 1e-3,
            "{lo} {hi}"
        );
        // Openings that decide the game: ten pairs each won by the side
        // with the good colour. As single games, 10 wins and 10 losses
        // are noise (±163 Elo); as pairs, ten even results, no doubt left.
        let won_by_colour = pt([0, 0, 10, 0, 0]);
        assert_eq!(won_by_colour.elo_interval(), (0.0, 0.0));
        assert!(
            (t(10, 0, 10).elo_error() - 163.3).abs() < 0.1,
            "{}",
            t(10, 0, 10).elo_error()
        );
        // No pairs: no information.
        assert_eq!(pt([0; 5]).score(), 0.5);
        assert_eq!(pt([0; 5]).elo_interval().0, f64::NEG_INFINITY);
        let mut q = Pentanomial::default();
        q.add(4);
        q.add(2);
        assert_eq!(q.counts, [0, 0, 1, 0, 1]);
        assert_eq!(q.score(), 0.75);
    }

    #[test]
    fn pentanomial_llr() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let p = pt([10, 30, 60, 40, 20]);
        // The normal approximation by hand: s0 = 0.5, s1 = 0.514387,
        // N (s1 − s0)(2m − s0 − s1) / (2v)
        //   = 160 · 0.014387 · 0.079363 / 0.144043 = 1.2683.
        let s1 = score_of_elo(10.0);
        let approx = 160.0 * (s1 - 0.5) * (2.0 * p.score() - 0.5 - s1) / (2.0 * p.variance());
        assert!((approx - 1.2683).abs() < 1e-4, "{approx}");
        // The exact GSPRT (solved independently in Python by bisection
        // for λ) is 1.2411, within 2 % of the approximation.
        let llr = s.llr_pairs(&p);
        assert!((llr - 1.2411).abs() < 1e-3, "{llr}");
        assert_eq!(s.llr_of(&t(1, 0, 0), &p), llr);
        assert_eq!(s.llr_of(&t(1, 0, 0), &pt([0; 5])), s.llr(&t(1, 0, 0)));
        // Both forms agree closely for close hypotheses on many pairs.
        let big = pt([400, 1800, 3600, 2200, 500]);
        let n = big.pairs() as f64;
        let approx = n * (s1 - 0.5) * (2.0 * big.score() - 0.5 - s1) / (2.0 * big.variance());
        let exact = s.llr_pairs(&big);
        assert!((exact / approx - 1.0).abs() < 0.01, "{exact} {approx}");
        // Two wins a pair, every pair: N ln(s1/s0) in the limit, pairs
        // being the observations (8 pairs decide 0 vs 200, 7 do not).
        let wide = Sprt::new(0.0, 200.0, 0.05, 0.05).unwrap();
        let per_pair = (score_of_elo(200.0) / 0.5).ln();
        let eight = wide.llr_pairs(&pt([0, 0, 0, 0, 8]));
        assert!((eight - 8.0 * per_pair).abs() < 0.01, "{eight}");
        assert_eq!(wide.decision(eight), SprtDecision::AcceptH1);
        let seven = wide.llr_pairs(&pt([0, 0, 0, 0, 7]));
        assert_eq!(wide.decision(seven), SprtDecision::Continue);
        assert_eq!(
            wide.decision(wide.llr_pairs(&pt([8, 0, 0, 0, 0]))),
            SprtDecision::AcceptH0
        );
        // Evidence for H1 raises the ratio.
        assert!(s.llr_pairs(&pt([1, 2, 4, 3, 2])) > s.llr_pairs(&pt([2, 3, 4, 2, 1])));
        assert_eq!(s.llr_pairs(&pt([0; 5])), 0.0);
    }
}
