//! Static evaluation: how good a position looks without searching, in
//! hundredths of a man, from the side to move's point of view.
//!
//! Every game has its own file with its own numbers: the worth of each
//! kind, a square table per kind (advancement and promotion distance,
//! the back-rank guard, the centre, whatever the game rewards), a weight
//! for mobility, and an `adjust` step for what tables cannot say (draw
//! scaling in Czech endgames, the army count that decides a game at the
//! no-capture limit). The shared machinery here turns those into
//! per-bit tables once ([`Evaluator::new`]) so the evaluation itself is a
//! loop over the pieces and a few set-wise counts.
//!
//! The numbers are meant to be read and tuned by hand: each is a named
//! constant or a short function of file and rank, from White's side
//! (rank 0 is a player's own back rank). Black's tables are the same
//! turned half round the board, the symmetry of every start position.
//! The square tables that several games share (the advance, the guard,
//! the centre, the long diagonals) are terms in [`shapes`]; a game's
//! file gives their numbers.

pub mod antidraughts;
pub mod brazilian;
pub mod breakthrough;
pub mod czech;
pub mod czech_weights;
pub mod english;
pub mod frisian;
pub mod gothic;
pub mod international;
pub mod italian;
pub mod killer;
pub mod knights;
pub mod medieval;
pub mod ossetian;
pub mod pool;
pub mod regions;
pub mod russian;
pub mod shapes;
pub mod spanish;
pub mod thai;
pub mod turkish;
pub mod tweak;
pub mod weights;

use crate::bitboard::Bits;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::{Motion, Rules, BB};

/// The largest evaluation magnitude (well inside the search's win scores).
pub const MAX_EVAL: i32 = 20_000;

/// A game's evaluation numbers.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Worth of each kind, by [`Kind::index`].
    pub material: [i32; 4],
    /// Bonus of a kind on a square (file, rank) for White, on a board of
    /// (files, ranks); rank 0 is the own back rank.
    pub square: fn(kind: Kind, file: i32, rank: i32, files: i32, ranks: i32) -> i32,
    /// Bonus per empty square a kind could move to, by kind.
    pub mobility: [i32; 4],
    /// Bonus for having the move.
    pub tempo: i32,
}

/// What the evaluation learns from the game record: how far away a
/// counter rule is (it changes what material is worth).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// Plies left before a counter rule ends the game (Czech: the
    /// no-progress draw; Gothic, Medieval: the no-capture limit;
    /// Knight's: the move limit). `None` when no such rule applies.
    pub plies_left: Option<u32>,
    /// The full length of that counter rule in plies.
    pub limit: u32,
}

impl Context {
    /// No counter rule in sight.
    pub const NONE: Context = Context {
        plies_left: None,
        limit: 0,
    };

    /// How close the counter rule is, from 0 (just reset) to 256 (now).
    #[inline]
    pub fn urgency(&self) -> i32 {
        match self.plies_left {
            Some(left) if self.limit > 0 => {
                256 - (left.min(self.limit) as i32 * 256 / self.limit as i32)
            }
            _ => 0,
        }
    }
}

/// What the evaluation and the search need of a game beyond its rules:
/// the game's numbers and its own terms. Each game implements it in its
/// evaluation file (`eval/<game>.rs`), so the generic code never asks
/// which game it is.
pub trait Evaluate: Rules {
    /// The game's evaluation numbers.
    const PARAMS: Params;
    /// The node caps of the levels in percent of the table (see
    /// [`crate::search::level::Level::of`]): below 100 for games whose
    /// positions have many more moves than the others.
    const LEVEL_NODES_PERCENT: u64 = 100;
    /// The positions of `dama bench` (FEN): the start position and
    /// middle games reached in the engine's own games.
    const BENCH_POSITIONS: &'static [&'static str];
    /// How many plies less than the bench depth this game is searched
    /// to (at least 1 ply when above 0): games with more moves per
    /// position go less deep.
    const BENCH_DEPTH_CUT: u32 = 0;
    /// Learned region patterns ([`regions`]), for games on a board of
    /// one colour (a table made for that board); `None` (the default)
    /// for none.
    const PATTERNS: Option<regions::Table> = None;
    /// What the patterns weigh in play, in percent of the learned table
    /// (100, the default: as learned). The tuner fits the table to
    /// predict the results of shallow games; how much of it a deeper
    /// search wants is measured in matches.
    const PATTERN_PERCENT: i32 = 100;
    /// How far above beta, per ply of depth, a ProbCut's shallow search
    /// must reach (`search::worker`), in the evaluation's hundredths of
    /// a man.
    const PROBCUT_MARGIN: i32 = 10;

    /// What tables cannot say, from White's side: `white` is the
    /// evaluation so far (material, squares, mobility), `cx` how close a
    /// counter rule is. The default adds nothing.
    #[inline(always)]
    fn adjust(pos: &Position<Self>, white: i32, cx: &Context) -> i32 {
        let _ = (pos, cx);
        white
    }
}

/// The parameters of game `R`.
pub fn params<R: Evaluate>() -> &'static Params {
    &R::PARAMS
}

/// Per-bit tables of one game, material included.
#[derive(Clone)]
pub struct Evaluator<R: Evaluate> {
    table: Box<[[[i16; 128]; 4]; 2]>,
    params: Params,
    /// The game's patterns folded for play at their weight
    /// ([`regions::fold`]); `None` without patterns or at 0 %.
    patterns: Option<regions::Folded>,
    _r: std::marker::PhantomData<R>,
}

impl<R: Evaluate> Default for Evaluator<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Evaluate> std::fmt::Debug for Evaluator<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Evaluator<{}>", R::VARIANT)
    }
}

impl<R: Evaluate> Evaluator<R> {
    /// Builds the tables of game `R` from its own numbers.
    pub fn new() -> Self {
        Self::build(params::<R>(), 100, R::PATTERN_PERCENT)
    }

    /// Builds the tables of game `R` from other numbers, with its
    /// patterns (if any) at the full learned table, as the tuner reads
    /// them (for tuning).
    pub fn with_params(p: &Params) -> Self {
        Self::build(p, 100, 100)
    }

    /// Builds the tables of game `R` from its own numbers, leaving out
    /// its region patterns (what the patterns are learned on top of).
    pub fn without_patterns() -> Self {
        Self::build(params::<R>(), 100, 0)
    }

    /// The tables, with the square bonuses scaled to `squares` percent.
    /// (The square scale is [`tweak::Tweak::squares`].) The patterns,
    /// if the game has them, weigh `patterns` percent of the learned
    /// table.
    fn build(p: &Params, squares: i32, patterns: i32) -> Self {
        let files = R::Geo::files() as i32;
        let ranks = R::Geo::ranks() as i32;
        let mut table = Box::new([[[0i16; 128]; 4]; 2]);
        for b in R::Geo::ALL.iter() {
            let sq = R::Geo::square(b);
            let (f, r) = (sq.file() as i32, sq.rank() as i32);
            for k in Kind::ALL {
                if !R::KINDS[k.index()] {
                    continue;
                }
                let scale = |v: i32| if squares == 100 { v } else { v * squares / 100 };
                let white = p.material[k.index()] + scale((p.square)(k, f, r, files, ranks));
                let black = p.material[k.index()]
                    + scale((p.square)(k, files - 1 - f, ranks - 1 - r, files, ranks));
                table[0][k.index()][b as usize] = white as i16;
                table[1][k.index()][b as usize] = black as i16;
            }
        }
        Evaluator {
            table,
            params: *p,
            patterns: R::PATTERNS
                .filter(|_| patterns != 0)
                .map(|t| regions::fold::<R>(&t, patterns)),
            _r: std::marker::PhantomData,
        }
    }

    /// Material and squares of one side.
    #[inline(always)]
    fn side_sum(&self, pos: &Position<R>, c: Color) -> i32 {
        let t = &self.table[c.index()];
        let mut s = 0i32;
        for k in Kind::ALL {
            if !R::KINDS[k.index()] {
                continue;
            }
            let tk = &t[k.index()];
            for b in pos.pieces(c, k).iter() {
                s += tk[b as usize] as i32;
            }
        }
        s
    }

    /// Material and squares, White's sum minus Black's: the part of the
    /// evaluation a move changes only where it moves and captures, so
    /// the search keeps it up to date with [`Evaluator::psq_delta`].
    pub fn psq(&self, pos: &Position<R>) -> i32 {
        self.side_sum(pos, Color::White) - self.side_sum(pos, Color::Black)
    }

    /// How much [`Evaluator::psq`] changes when `m` is played in `pos`.
    #[inline(always)]
    pub fn psq_delta(&self, pos: &Position<R>, m: &Move<R>) -> i32 {
        if m.is_pass() {
            return 0;
        }
        let us = pos.side();
        let t = &self.table[us.index()];
        let k = m.kind();
        let nk = m.promotion().unwrap_or(k);
        let mut d =
            t[nk.index()][m.to_bit() as usize] as i32 - t[k.index()][m.from_bit() as usize] as i32;
        let caps = m.captured_bits();
        if !caps.is_empty() {
            let th = &self.table[(!us).index()];
            for kind in Kind::ALL {
                if !R::KINDS[kind.index()] {
                    continue;
                }
                for b in (caps & pos.kind(kind)).iter() {
                    d += th[kind.index()][b as usize] as i32;
                }
            }
        }
        match us {
            Color::White => d,
            Color::Black => -d,
        }
    }

    /// The evaluation from White's point of view, before the game's
    /// adjustment, and whether each side has a non-capturing move.
    #[inline]
    pub fn white_raw(&self, pos: &Position<R>) -> (i32, [bool; 2]) {
        self.white_raw_with(pos, self.psq(pos))
    }

    #[inline(always)]
    fn white_raw_with(&self, pos: &Position<R>, psq: i32) -> (i32, [bool; 2]) {
        let empty = !pos.occupied() & R::Geo::ALL;
        let (mw, nw) = mobility(pos, Color::White, empty, &self.params.mobility);
        let (mb, nb) = mobility(pos, Color::Black, empty, &self.params.mobility);
        let mut s = psq + mw - mb;
        if R::PATTERNS.is_some() {
            if let Some(folded) = &self.patterns {
                s += regions::score_folded(folded, pos);
            }
        }
        (s, [nw > 0, nb > 0])
    }

    /// The evaluation from the side to move's point of view.
    #[inline]
    pub fn evaluate(&self, pos: &Position<R>, cx: &Context) -> i32 {
        self.evaluate_and_steps(pos, self.psq(pos), cx).0
    }

    /// The evaluation from the side to move's point of view, given the
    /// position's [`Evaluator::psq`], and whether the side to move has a
    /// non-capturing move (the search needs to know, and mobility counts
    /// them anyway).
    #[inline]
    pub fn evaluate_and_steps(&self, pos: &Position<R>, psq: i32, cx: &Context) -> (i32, bool) {
        let (raw, steps) = self.white_raw_with(pos, psq);
        let white = R::adjust(pos, raw, cx);
        let s = match pos.side() {
            Color::White => white,
            Color::Black => -white,
        } + self.params.tempo;
        (s.clamp(-MAX_EVAL, MAX_EVAL), steps[pos.side().index()])
    }
}

/// The empty squares the pieces of `c` could step or slide to (each
/// square counted once per kind): the weighted sum and the plain count.
#[inline(always)]
pub(crate) fn mobility<R: Rules>(
    pos: &Position<R>,
    c: Color,
    empty: BB<R>,
    w: &[i32; 4],
) -> (i32, u32) {
    // One call per kind, so that each kind's motion is a constant.
    let (s0, n0) = kind_mobility(pos, c, Kind::Man, empty, w);
    let (s1, n1) = kind_mobility(pos, c, Kind::King, empty, w);
    let (s2, n2) = kind_mobility(pos, c, Kind::Knight, empty, w);
    let (s3, n3) = kind_mobility(pos, c, Kind::Commander, empty, w);
    (s0 + s1 + s2 + s3, n0 + n1 + n2 + n3)
}

#[inline(always)]
fn kind_mobility<R: Rules>(
    pos: &Position<R>,
    c: Color,
    k: Kind,
    empty: BB<R>,
    w: &[i32; 4],
) -> (i32, u32) {
    if !R::KINDS[k.index()] {
        return (0, 0);
    }
    let pieces = pos.pieces(c, k);
    if pieces.is_empty() {
        return (0, 0);
    }
    // The distinct empty squares the kind reaches (one count per kind).
    let mut reach = BB::<R>::ZERO;
    match R::MOTIONS[c.index()][k.index()] {
        Motion::None => {}
        Motion::Step(dirs) => {
            for d in 0..16 {
                if dirs & (1 << d) != 0 {
                    reach |= R::Geo::step(pieces, d) & empty;
                }
            }
        }
        Motion::Slide(dirs) => {
            for d in 0..16 {
                if dirs & (1 << d) == 0 {
                    continue;
                }
                let mut front = R::Geo::step(pieces, d) & empty;
                while !front.is_empty() {
                    reach |= front;
                    front = R::Geo::step(front, d) & empty;
                }
            }
        }
    }
    let n = reach.count();
    (n as i32 * w[k.index()], n)
}

/// The plain (unweighted) count of pieces: White's minus Black's.
#[inline]
pub(crate) fn piece_diff<R: Rules>(pos: &Position<R>) -> i32 {
    pos.count(Color::White) as i32 - pos.count(Color::Black) as i32
}

/// Men of `c` that no opponent piece can stop from crowning: the
/// opponent has no king (a flying king catches any man) and no piece in
/// the widening triangle ahead. Each is worth `worth` less 20 a rank it
/// still has to go (never below 0). Looked at only in sparse positions:
/// when the opponent has at most `sparse` pieces.
#[inline]
pub(crate) fn runaways<R: Rules>(pos: &Position<R>, c: Color, sparse: u32, worth: i32) -> i32 {
    let them = pos.color(!c);
    if them.count() > sparse || !(them & pos.kind(Kind::King)).is_empty() {
        return 0;
    }
    // The squares a man of `c` is caught from: the widening cones behind
    // each opponent piece, grown one rank at a time. Set-wise, so the
    // cost does not grow with men times opponents. On a board of one
    // colour a square `d` ranks behind an opponent is dark only `d`,
    // `d - 2`, … files aside, so the cone of diagonal steps is exactly
    // the triangle "at most `d + 1` files aside" of the rule above.
    const {
        assert!(!matches!(
            R::Geo::BOARD.squares,
            crate::geometry::Squares::All
        ))
    };
    let (left, right) = match c {
        Color::White => (crate::geometry::dir::SW, crate::geometry::dir::SE),
        Color::Black => (crate::geometry::dir::NW, crate::geometry::dir::NE),
    };
    let mut front = them;
    let mut caught = BB::<R>::ZERO;
    while !front.is_empty() {
        front = R::Geo::step(front, left) | R::Geo::step(front, right);
        caught |= front;
    }
    let last = R::Geo::ranks() as i32 - 1;
    let mut bonus = 0;
    for m in (pos.pieces(c, Kind::Man) & !caught).iter() {
        let r = R::Geo::square(m).rank() as i32;
        let to_go = match c {
            Color::White => last - r,
            Color::Black => r,
        };
        bonus += (worth - 20 * to_go).max(0);
    }
    bonus
}

/// Evaluates a single position of game `R` with fresh tables (convenient,
/// not fast: the search keeps its [`Evaluator`]).
///
/// ```
/// use dama::{eval::evaluate, Czech, Position};
/// let up: Position<Czech> = "W:Wc3,e3,g3:Bd6,f6".parse().unwrap();
/// assert!(evaluate(&up) > 50); // a man up, from the side to move's view
/// ```
pub fn evaluate<R: Evaluate>(pos: &Position<R>) -> i32 {
    Evaluator::<R>::new().evaluate(pos, &Context::NONE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::international::International;
    use crate::square::Square;
    use crate::{Czech, Gothic, Knights, Medieval, Ossetian};

    fn symmetric_start<R: Evaluate>() {
        let e = Evaluator::<R>::new();
        let pos = Position::<R>::start();
        // Start positions are symmetric: only the turn separates the
        // sides (the tempo, and patterns learned by who is to move), so
        // White to move is worth to White what Black to move would be
        // worth to Black.
        let fen = pos.to_string();
        let black_to_move: Position<R> = format!("B{}", &fen[1..]).parse().unwrap();
        assert_eq!(
            e.white_raw(&pos).0,
            -e.white_raw(&black_to_move).0,
            "{} start should be level",
            R::VARIANT
        );
        assert_eq!(
            e.evaluate(&pos, &Context::NONE),
            e.evaluate(&black_to_move, &Context::NONE),
            "{} start should be level",
            R::VARIANT
        );
    }

    #[test]
    fn start_positions_are_level() {
        symmetric_start::<Czech>();
        symmetric_start::<Gothic>();
        symmetric_start::<Knights>();
        symmetric_start::<Ossetian>();
        symmetric_start::<Medieval>();
    }

    fn deltas_add_up<R: Evaluate>() {
        let e = Evaluator::<R>::new();
        let mut pos = Position::<R>::start();
        let mut psq = e.psq(&pos);
        let mut seed = 7u64;
        for _ in 0..200 {
            let l = pos.legal_moves();
            if l.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = l[(seed >> 33) as usize % l.len()];
            psq += e.psq_delta(&pos, &m);
            pos.play(&m);
            assert_eq!(psq, e.psq(&pos), "{} after {m}", R::VARIANT);
        }
    }

    #[test]
    fn incremental_sums_match() {
        deltas_add_up::<Czech>();
        deltas_add_up::<Gothic>();
        deltas_add_up::<Knights>();
        deltas_add_up::<Ossetian>();
        deltas_add_up::<Medieval>();
    }

    /// The rule of [`runaways`] written square by square, as it reads.
    fn runaways_by_squares<R: Rules>(pos: &Position<R>, c: Color, worth: i32) -> i32 {
        let them = pos.color(!c);
        if !(them & pos.kind(Kind::King)).is_empty() {
            return 0;
        }
        let last = R::Geo::ranks() as i32 - 1;
        let mut bonus = 0;
        for m in pos.pieces(c, Kind::Man).iter() {
            let sq = R::Geo::square(m);
            let (f, r) = (sq.file() as i32, sq.rank() as i32);
            let free = them.iter().all(|b| {
                let o = R::Geo::square(b);
                let d = match c {
                    Color::White => o.rank() as i32 - r,
                    Color::Black => r - o.rank() as i32,
                };
                d <= 0 || (o.file() as i32 - f).abs() > d + 1
            });
            if free {
                let to_go = match c {
                    Color::White => last - r,
                    Color::Black => r,
                };
                bonus += (worth - 20 * to_go).max(0);
            }
        }
        bonus
    }

    /// The set-wise cones find the men the square-by-square rule finds,
    /// in random sparse positions of men and along random games.
    #[test]
    fn runaway_cones_match_the_rule() {
        fn check<R: Rules>(pos: &Position<R>) {
            for c in [Color::White, Color::Black] {
                assert_eq!(
                    runaways(pos, c, 99, 150),
                    runaways_by_squares(pos, c, 150),
                    "{pos} {c:?}"
                );
            }
        }
        let mut seed = 11u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let squares: Vec<Square> = (0..64u8)
            .filter_map(|i| Square::new(i % 8, i / 8))
            .filter(|&sq| crate::geometry::Dark8x8::bit(sq).is_some())
            .collect();
        let (mut parsed, mut found) = (0, 0);
        for _ in 0..2000 {
            let (mut w, mut b) = (Vec::new(), Vec::new());
            for &sq in &squares {
                match next(6) {
                    0 if sq.rank() < 7 => w.push(sq.to_string()),
                    1 if sq.rank() > 0 => b.push(sq.to_string()),
                    _ => {}
                }
            }
            let fen = format!("W:W{}:B{}", w.join(","), b.join(","));
            if let Ok(pos) = fen.parse::<Position<Czech>>() {
                check(&pos);
                parsed += 1;
                found += usize::from(runaways(&pos, Color::White, 99, 150) > 0);
            }
        }
        assert!(
            parsed > 1900 && found > 100,
            "{parsed} positions, {found} with a runaway"
        );
        for game in 0..20 {
            let mut pos = Position::<International>::start();
            for _ in 0..(40 + game * 5) {
                let l = pos.legal_moves();
                if l.is_empty() {
                    break;
                }
                let m = l[next(l.len() as u64) as usize];
                pos.play(&m);
                check(&pos);
            }
        }
    }

    #[test]
    fn a_man_more_is_better() {
        let e = Evaluator::<Czech>::new();
        let up: Position<Czech> = "W:Wc3,e3,g3:Bd6,f6".parse().unwrap();
        let level: Position<Czech> = "W:Wc3,e3:Bd6,f6".parse().unwrap();
        assert!(e.evaluate(&up, &Context::NONE) > e.evaluate(&level, &Context::NONE) + 50);
        // The same from Black's side: worse for Black to move.
        let up_b = up.with_side(Color::Black);
        assert!(e.evaluate(&up_b, &Context::NONE) < -50);
    }
}
