//! The Czech evaluation as a set of learnable numbers ([`Weights`]), the
//! features a position shows them ([`Features`]), and the compact text
//! they are kept in (`src/eval/czech_weights.rs`, written by `dama tune`
//! and read back by [`Weights::from_text`]).
//!
//! The evaluation before its `adjust` step is linear in these numbers:
//! the worth of a man and of a king, a bonus per playable square for
//! each kind (White's view, Black's the same turned half round the
//! board), the mobility weights of men and kings, and the bonus for
//! having the move. That is exactly what [`super::Evaluator`] computes
//! from [`super::Params`]; [`Weights::from_params`] reads a `Params`
//! into this form (the hand-set numbers are the tuner's start), and
//! [`super::czech::LEARNED`] turns the learned weights back into one.

use super::{Context, Params};
use crate::bitboard::Bits;
use crate::geometry::Geometry;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::czech::Czech;
use crate::rules::Mechanics;

/// Playable squares of the 8×8 board: four a rank.
pub const SQUARES: usize = 32;
/// Number of learnable numbers: a square table of men and of kings, the
/// worth of a man and of a king, two mobility weights and the tempo.
pub const N: usize = 2 * SQUARES + 5;
/// Index of the man's worth in [`Weights::to_vec`].
pub const MAN: usize = 2 * SQUARES;
/// Index of the king's worth.
pub const KING: usize = MAN + 1;
/// Index of the men's mobility weight.
pub const MOB_MAN: usize = MAN + 2;
/// Index of the kings' mobility weight.
pub const MOB_KING: usize = MAN + 3;
/// Index of the tempo.
pub const TEMPO: usize = MAN + 4;

/// The learnable numbers of the Czech evaluation, in hundredths of a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Worth of a man.
    pub man: i32,
    /// Worth of a king.
    pub king: i32,
    /// Bonus per empty square the men can step to.
    pub mob_man: i32,
    /// Bonus per empty square the kings can reach.
    pub mob_king: i32,
    /// Bonus for having the move.
    pub tempo: i32,
    /// Bonus of a man by square ([`Weights::index`]), from White's side.
    pub man_squares: [i32; SQUARES],
    /// Bonus of a king by square, from White's side.
    pub king_squares: [i32; SQUARES],
}

impl Weights {
    /// The index of the dark square (`f`, `r`) (`a1` is dark): rank by
    /// rank from White's back rank, four squares a rank from file `a`.
    pub const fn index(f: i32, r: i32) -> usize {
        (r * 4 + f / 2) as usize
    }

    /// The bonus of `kind` on (`f`, `r`), from White's side.
    pub const fn square(&self, kind: Kind, f: i32, r: i32) -> i32 {
        match kind {
            Kind::Man => self.man_squares[Self::index(f, r)],
            Kind::King => self.king_squares[Self::index(f, r)],
            _ => 0,
        }
    }

    /// The numbers of `p` (a game of men and kings on the 8×8 dark
    /// squares) in this form.
    pub fn from_params(p: &Params) -> Self {
        let mut w = Weights {
            man: p.material[Kind::Man.index()],
            king: p.material[Kind::King.index()],
            mob_man: p.mobility[Kind::Man.index()],
            mob_king: p.mobility[Kind::King.index()],
            tempo: p.tempo,
            man_squares: [0; SQUARES],
            king_squares: [0; SQUARES],
        };
        for r in 0..8 {
            for f in (r % 2..8).step_by(2) {
                let i = Self::index(f, r);
                w.man_squares[i] = (p.square)(Kind::Man, f, r, 8, 8);
                w.king_squares[i] = (p.square)(Kind::King, f, r, 8, 8);
            }
        }
        w
    }

    /// The numbers as one vector: men's squares, kings' squares, then
    /// [`MAN`], [`KING`], [`MOB_MAN`], [`MOB_KING`], [`TEMPO`].
    pub fn to_vec(&self) -> [f64; N] {
        let mut v = [0.0; N];
        for i in 0..SQUARES {
            v[i] = self.man_squares[i] as f64;
            v[SQUARES + i] = self.king_squares[i] as f64;
        }
        v[MAN] = self.man as f64;
        v[KING] = self.king as f64;
        v[MOB_MAN] = self.mob_man as f64;
        v[MOB_KING] = self.mob_king as f64;
        v[TEMPO] = self.tempo as f64;
        v
    }

    /// The vector of [`Weights::to_vec`] rounded to whole numbers.
    pub fn from_vec(v: &[f64; N]) -> Self {
        let r = |x: f64| x.round() as i32;
        let mut w = Weights {
            man: r(v[MAN]),
            king: r(v[KING]),
            mob_man: r(v[MOB_MAN]),
            mob_king: r(v[MOB_KING]),
            tempo: r(v[TEMPO]),
            man_squares: [0; SQUARES],
            king_squares: [0; SQUARES],
        };
        for i in 0..SQUARES {
            w.man_squares[i] = r(v[i]);
            w.king_squares[i] = r(v[SQUARES + i]);
        }
        w
    }

    /// The weights as the Rust file the crate includes
    /// (`src/eval/czech_weights.rs`), with `about` (lines of text: where
    /// they came from) in its module docs.
    pub fn to_text(&self, about: &str) -> String {
        let mut s = String::new();
        s.push_str("//! The Czech evaluation's learned numbers, written by `dama tune`\n");
        s.push_str("//! (README, \"Learned evaluation (Czech)\"); not edited by hand.\n");
        for line in about.lines() {
            s.push_str("//!");
            if !line.is_empty() {
                s.push(' ');
                s.push_str(line);
            }
            s.push('\n');
        }
        s.push_str("\nuse super::weights::Weights;\n\n");
        s.push_str("/// The learned numbers (hundredths of a man; squares from White's\n");
        s.push_str("/// side, a row per rank from the own back rank, files a to h).\n");
        s.push_str("#[rustfmt::skip]\npub const LEARNED: Weights = Weights {\n");
        for (name, v) in [
            ("man", self.man),
            ("king", self.king),
            ("mob_man", self.mob_man),
            ("mob_king", self.mob_king),
            ("tempo", self.tempo),
        ] {
            s.push_str(&format!("    {name}: {v},\n"));
        }
        for (name, t) in [
            ("man_squares", &self.man_squares),
            ("king_squares", &self.king_squares),
        ] {
            s.push_str(&format!("    {name}: [\n"));
            for rank in t.chunks(4) {
                let row: Vec<String> = rank.iter().map(|v| format!("{v:4}")).collect();
                s.push_str(&format!("        {},\n", row.join(",")));
            }
            s.push_str("    ],\n");
        }
        s.push_str("};\n");
        s
    }

    /// Reads the text of [`Weights::to_text`] back (comments ignored;
    /// the numbers in the order written).
    pub fn from_text(text: &str) -> Result<Self, String> {
        let body = text
            .split_once("= Weights {")
            .ok_or("no `= Weights {` in the weights file")?
            .1;
        let mut nums = Vec::new();
        for line in body.lines() {
            let line = line.split("//").next().unwrap_or("");
            for tok in line.split(|c: char| !(c.is_ascii_digit() || c == '-')) {
                if !tok.is_empty() {
                    nums.push(
                        tok.parse::<i32>()
                            .map_err(|e| format!("bad number '{tok}': {e}"))?,
                    );
                }
            }
        }
        if nums.len() != N {
            return Err(format!(
                "{} numbers in the weights file, not {N}",
                nums.len()
            ));
        }
        let mut w = Weights {
            man: nums[0],
            king: nums[1],
            mob_man: nums[2],
            mob_king: nums[3],
            tempo: nums[4],
            man_squares: [0; SQUARES],
            king_squares: [0; SQUARES],
        };
        w.man_squares.copy_from_slice(&nums[5..5 + SQUARES]);
        w.king_squares.copy_from_slice(&nums[5 + SQUARES..]);
        Ok(w)
    }
}

/// What a position shows the weights: the evaluation from White's side
/// is `adjust(Σ value × weight) + side × tempo`, where `adjust` (the
/// hand-set endgame step, kept fixed) is, for the counters unknown,
/// `a_pos × v + b` for `v > 0` and `a_neg × v + b` below.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// The non-zero linear features (index of [`Weights::to_vec`], value),
    /// White's count minus Black's; the tempo is not among them.
    pub linear: Vec<(u8, i8)>,
    /// 1 with White to move, −1 with Black.
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
            dense[MOB_MAN] += sign * super::mobility(pos, c, empty, &[1, 0, 0, 0]).0;
            dense[MOB_KING] += sign * super::mobility(pos, c, empty, &[0, 1, 0, 0]).0;
        }
        let linear = dense
            .iter()
            .enumerate()
            .filter(|(_, &v)| v != 0)
            .map(|(i, &v)| (i as u8, v.clamp(-127, 127) as i8))
            .collect();
        const BIG: i32 = 1 << 20;
        let cx = Context::NONE;
        let b = super::czech::adjust(pos, 0, &cx);
        let up = super::czech::adjust(pos, BIG, &cx);
        let down = super::czech::adjust(pos, -BIG, &cx);
        Features {
            linear,
            side: match pos.side() {
                Color::White => 1,
                Color::Black => -1,
            },
            a_pos: ((up - b) as f64 / BIG as f64) as f32,
            a_neg: ((b - down) as f64 / BIG as f64) as f32,
            b: b as f32,
        }
    }

    /// The evaluation from White's side by the weights `w` (a vector of
    /// [`Weights::to_vec`]), before rounding.
    pub fn white(&self, w: &[f64; N]) -> f64 {
        let v = self.linear_sum(w);
        let a = if v > 0.0 { self.a_pos } else { self.a_neg };
        a as f64 * v + self.b as f64 + self.side as f64 * w[TEMPO]
    }

    /// The linear part, before `adjust` and the tempo.
    pub fn linear_sum(&self, w: &[f64; N]) -> f64 {
        self.linear
            .iter()
            .map(|&(i, v)| v as f64 * w[i as usize])
            .sum()
    }
}

/// Whether the side to move has a capture (positions to train on are
/// quiet: without one).
pub fn has_capture(pos: &Position<Czech>) -> bool {
    pos.legal_moves().iter().any(|m| m.is_capture())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{czech, Evaluator};

    fn positions() -> Vec<Position<Czech>> {
        let mut out = Vec::new();
        let mut seed = 11u64;
        for _ in 0..20 {
            let mut pos = Position::<Czech>::start();
            for _ in 0..120 {
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
        out.push("W:WKa1,Kc3,Ke1:BKh8".parse().unwrap());
        out.push("B:WKa1,c3:BKh8,a7,b8".parse().unwrap());
        out.push("W:We5:BKa1,b8".parse().unwrap());
        out
    }

    /// The features with the numbers of a `Params` give the engine's
    /// own evaluation, exactly.
    fn features_match(p: &Params, w: &Weights) {
        let e = Evaluator::<Czech>::with_params(p);
        let v = w.to_vec();
        for pos in positions() {
            let f = Features::of(&pos);
            let lin = f.linear_sum(&v);
            assert_eq!(lin.fract(), 0.0);
            let white = czech::adjust(&pos, lin as i32, &Context::NONE) + f.side as i32 * w.tempo;
            let stm = e.evaluate(&pos, &Context::NONE);
            assert_eq!(white * f.side as i32, stm, "{pos}");
            // The linearised adjust is within rounding of the real one.
            assert!((f.white(&v) - white as f64).abs() <= 1.0 + white.abs() as f64 / 100.0);
        }
    }

    #[test]
    fn features_give_the_evaluation() {
        features_match(&czech::HAND, &Weights::from_params(&czech::HAND));
        features_match(&czech::LEARNED, &czech::LEARNED_WEIGHTS);
    }

    #[test]
    fn text_reads_back() {
        let mut w = Weights::from_params(&czech::HAND);
        w.man_squares[3] = -17;
        w.tempo = -2;
        let t = w.to_text("from a test\n\n2 lines");
        assert_eq!(Weights::from_text(&t), Ok(w));
        assert_eq!(Weights::from_vec(&w.to_vec()), w);
        let shipped = include_str!("czech_weights.rs");
        assert_eq!(Weights::from_text(shipped), Ok(czech::LEARNED_WEIGHTS));
        assert!(Weights::from_text("= Weights { 1, 2 }").is_err());
    }
}
