//! The square tables several games share, as numbers: a game says how
//! much it pays for each term ([`Men`], [`Kings`]) and the terms are
//! computed here once. A game whose pieces want something else (knights
//! that leap, pieces that cannot be jumped on the edge) keeps its own
//! `square` function in its file.
//!
//! As everywhere in the evaluation, a square is (file, rank) from
//! White's side: rank 0 is the own back rank.

use super::Params;
use crate::piece::Kind;

/// Where a man stands: what it gains by rank, on the own back rank, on
/// the edge files and in the centre.
#[derive(Clone, Copy, Debug)]
pub struct Men<const N: usize> {
    /// Bonus by rank, own back rank first (the advance; a man never
    /// stands on the last rank of a game where it crowns there).
    pub rank: [i32; N],
    /// Bonus on the own back rank by file: the men that guard the
    /// crowning squares.
    pub guard: [i32; N],
    /// Bonus on the two edge files (below 0: a cost).
    pub edge: i32,
    /// The centre block: the files and the ranks from `block[0]` to
    /// `block[1]`.
    pub block: [i32; 2],
    /// Bonus in the centre block.
    pub centre: i32,
    /// Bonus on the two files beside the centre block, on its ranks.
    pub flank: i32,
    /// One point per `centre_div` half-files away from the edge, towards
    /// the centre files (0: no such term).
    pub centre_div: i32,
}

impl<const N: usize> Men<N> {
    /// No bonus anywhere.
    pub const ZERO: Self = Men {
        rank: [0; N],
        guard: [0; N],
        edge: 0,
        block: [0, -1],
        centre: 0,
        flank: 0,
        centre_div: 0,
    };

    /// The bonus of a man on (`f`, `r`) on a board `files` wide.
    pub fn value(&self, f: i32, r: i32, files: i32) -> i32 {
        let mut s = self.rank[r as usize];
        if r == 0 {
            s += self.guard[f as usize];
        }
        let [from, to] = self.block;
        let block_rank = (from..=to).contains(&r);
        s += if f == 0 || f == files - 1 {
            self.edge
        } else if block_rank && (from..=to).contains(&f) {
            self.centre
        } else if block_rank && (f == from - 1 || f == to + 1) {
            self.flank
        } else {
            0
        };
        if self.centre_div > 0 {
            s += (files - 1 - (2 * f - (files - 1)).abs()) / self.centre_div;
        }
        s
    }
}

/// How a king's bonus grows towards the centre of the board.
#[derive(Clone, Copy, Debug)]
pub enum Centre {
    /// It does not.
    None,
    /// One point per ring (of half-squares) in from the edge: `files − 1`
    /// less the larger of the file's and the rank's distance from the
    /// middle, in half-squares.
    Ring,
    /// The file's and the rank's distances from the edge in half-squares,
    /// added, divided by this.
    Sum(i32),
}

/// Where a king stands: on the long diagonals and towards the centre.
#[derive(Clone, Copy, Debug)]
pub struct Kings {
    /// Bonus on the long diagonal `a1`–`h8` (file = rank).
    pub main: i32,
    /// Bonus on the other long diagonal (file + rank = files − 1).
    pub anti: i32,
    /// Bonus beside the long diagonal `a1`–`h8` (file and rank one
    /// apart), off the other one.
    pub beside: i32,
    /// The centre term.
    pub centre: Centre,
}

impl Kings {
    /// No bonus anywhere.
    pub const ZERO: Self = Kings {
        main: 0,
        anti: 0,
        beside: 0,
        centre: Centre::None,
    };

    /// The bonus of a king on (`f`, `r`) on a board of (`files`, `ranks`).
    pub fn value(&self, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
        let line = if f == r {
            self.main
        } else if f + r == files - 1 {
            self.anti
        } else if (f - r).abs() == 1 {
            self.beside
        } else {
            0
        };
        let cf = (2 * f - (files - 1)).abs();
        let cr = (2 * r - (ranks - 1)).abs();
        line + match self.centre {
            Centre::None => 0,
            Centre::Ring => files - 1 - cf.max(cr),
            Centre::Sum(div) => (files - 1 - cf + ranks - 1 - cr) / div,
        }
    }
}

/// The square tables of a game with men and kings (no bonus for other
/// kinds).
#[derive(Clone, Copy, Debug)]
pub struct Squares<const N: usize> {
    /// The men's table.
    pub men: Men<N>,
    /// The kings' table.
    pub kings: Kings,
}

impl<const N: usize> Squares<N> {
    /// The bonus of `kind` on (`f`, `r`), as [`Params::square`] asks.
    pub fn value(&self, kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
        match kind {
            Kind::Man => self.men.value(f, r, files),
            Kind::King => self.kings.value(f, r, files, ranks),
            _ => 0,
        }
    }

    /// Men that gain by rank (`rank`) and towards the centre files, and
    /// kings that gain towards the centre: one point per `div`
    /// half-squares from the edge (for a king, its file's and its
    /// rank's added).
    pub const fn centred(rank: [i32; N], div: i32) -> Self {
        Squares {
            men: Men {
                rank,
                centre_div: div,
                ..Men::ZERO
            },
            kings: Kings {
                centre: Centre::Sum(div),
                ..Kings::ZERO
            },
        }
    }

    /// The same tables with another back-rank guard.
    pub const fn guarding(self, guard: [i32; N]) -> Self {
        Squares {
            men: Men { guard, ..self.men },
            kings: self.kings,
        }
    }
}

/// The squares of the 8×8 games whose men step forward and kings move
/// diagonally (English, Italian, Spanish, pool, Russian, Brazilian and,
/// with its own numbers for the guard and the kings, Czech):
///
/// - Men gain as they advance, most on the last ranks before crowning,
///   prefer the centre block (files `c`–`f`, ranks 3–6) and pay for the
///   edge files. No guard: a game whose back rank matters says which
///   men guard it ([`Squares::guarding`]).
/// - Kings prefer the long diagonals and the centre.
pub const CHECKERS: Squares<8> = Squares {
    men: Men {
        rank: [0, 0, 3, 7, 12, 20, 34, 0],
        edge: -4,
        block: [2, 5],
        centre: 4,
        ..Men::ZERO
    },
    kings: Kings {
        main: 8,
        anti: 8,
        beside: 0,
        centre: Centre::Ring,
    },
};

/// The numbers of an 8×8 game of men and kings that step or fly
/// diagonally ([`CHECKERS`]): a man worth `man`, a king `king`, the
/// squares `square`, mobility 2 for a man's move and 1 for a king's
/// (whose moves are many), and 4 for having the move.
pub const fn checkers(man: i32, king: i32, square: fn(Kind, i32, i32, i32, i32) -> i32) -> Params {
    Params {
        material: [man, king, 0, 0],
        square,
        mobility: [2, 1, 0, 0],
        tempo: 4,
    }
}
