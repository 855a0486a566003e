//! The Czech evaluation as a set of learnable numbers ([`Weights`]) and
//! the compact text
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
//! `eval::czech::LEARNED` turns the learned weights back into one.

use super::Params;
use crate::piece::Kind;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_reads_back() {
        let mut w = Weights {
            man: 100,
            king: 280,
            mob_man: 3,
            mob_king: -1,
            tempo: -2,
            man_squares: [5; SQUARES],
            king_squares: [-7; SQUARES],
        };
        w.man_squares[3] = -17;
        let t = w.to_text("from a test\n\n2 lines");
        assert_eq!(Weights::from_text(&t), Ok(w));
        assert_eq!(Weights::from_vec(&w.to_vec()), w);
        assert!(Weights::from_text("= Weights { 1, 2 }").is_err());
    }
}
