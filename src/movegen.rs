//! Move generation shared by all five games.
//!
//! Quiet moves are generated set-wise: every piece of a kind steps in one
//! direction with a single shift. Captures are searched piece by piece,
//! depth first, with the rules of Common ground built in: the moving
//! piece's origin counts as empty, captured pieces stay on the board as
//! blockers until the move ends (so they cannot be jumped twice, passed
//! over or landed on), a piece that can go on capturing must, and a
//! flying piece must land where it can continue if it can continue from
//! any of its landing squares (the technique of Scan's king-capture
//! recursion, on our padded or ghost-bit layouts).
//!
//! After the search of one piece, chains that agree in origin,
//! destination and captured set are merged into one move (the written
//! path is the one whose landing squares come first in file-then-rank
//! order). Then the game's capture precedence applies, step by step (the
//! king-capture priority of Czech draughts, the majority rule of Gothic
//! draughts), and a pass where nothing else is legal (Gothic, Ossetian). All switches are associated constants of
//! [`Mechanics`], so each game's generator is its own compiled code.

use crate::bitboard::Bits;
use crate::for_dirs;
use crate::geometry::{DirSet, Geometry};
use crate::moves::{Move, MoveList, Path};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::mechanics::{Capture, Landing, Mechanics, BB};
use arrayvec::ArrayVec;

mod count;
mod precedence;
mod quiet;
mod replies;
use count::count_men_captures;
pub use count::count_moves;
pub(crate) use count::for_each_men_capture;
pub(crate) use precedence::precedence_key;
use precedence::{merge_duplicates, order_matters, rank};
use quiet::count_quiet;
use quiet::for_each_quiet_batch;
pub use quiet::{promotion_won, quiet_moves};
pub(crate) use replies::{count_replies, quiet_replies};

/// The opposite of each direction (a step back).
const OPPOSITE: [usize; 16] = {
    let mut o = [0usize; 16];
    let mut d = 0;
    while d < 16 {
        let (df, dr) = crate::geometry::DIRS[d];
        let mut e = 0;
        while e < 16 {
            if crate::geometry::DIRS[e].0 == -df && crate::geometry::DIRS[e].1 == -dr {
                o[d] = e;
            }
            e += 1;
        }
        d += 1;
    }
    o
};

/// What a capture search of one piece needs to know. `US` is the colour
/// index and `K` the kind index, both compile-time, so the directions
/// and the kind of capture are constants inside the search. `M` is the
/// kind of the piece that started the move: `K` itself, except after a
/// man was crowned in the middle of a capture and goes on as a king
/// ([`Mechanics::PROMOTION_CONTINUES`]).
struct Cx<R: Mechanics, const US: usize, const K: usize, const M: usize> {
    /// Opponent pieces (captured ones are excluded separately).
    opp: BB<R>,
    /// Empty squares, with the moving piece's origin counted as empty.
    empty: BB<R>,
    /// The moving piece's origin bit.
    from: u32,
    /// The kings on the board (for [`Landing::BehindLastKing`]).
    kings: BB<R>,
}

impl<R: Mechanics, const US: usize, const K: usize, const M: usize> Cx<R, US, K, M> {
    const KIND: Kind = Kind::ALL[M];
    const PROMO: Option<Kind> = R::PROMOTE[K];
    /// Crowned earlier in this capture (then the move promotes wherever it ends).
    const CROWNED: bool = K != M;
    const DIRS: DirSet = match R::CAPTURES[US][K] {
        Capture::None => 0,
        Capture::Jump(d) | Capture::Fly(d) => d,
    };

    /// Chains of this kind can never be the same move: every jump goes one
    /// rank forward over the piece and lands two ranks further, so the
    /// captured set fixes the order of the jumps (Czech men, Medieval
    /// pawns). Then perft may count chains without building moves.
    const CHAINS_UNIQUE: bool = match R::CAPTURES[0][K] {
        Capture::Jump(d) => forward_steps_only(d) && !Self::CONTINUES,
        _ => false,
    };

    /// A man of this game crowned on the last rank mid-capture goes on as a king.
    const CONTINUES: bool = R::PROMOTION_CONTINUES && K == 0 && M == 0 && Self::PROMO.is_some();

    #[inline(always)]
    fn last() -> BB<R> {
        R::Geo::LAST_RANK[US]
    }

    #[inline(always)]
    fn emit(&self, path: &Path, captured: BB<R>, out: &mut MoveList<R>) {
        let to = path.last() as u32;
        let promote = if Self::CROWNED {
            R::PROMOTE[M]
        } else if Self::PROMO.is_some() && Self::last().has(to) {
            Self::PROMO
        } else {
            None
        };
        out.push(Move::capture(
            self.from,
            path,
            captured,
            Self::KIND,
            promote,
        ));
    }

    /// The jump from `here` in direction `d` over one of `targets`, if
    /// the square beyond is empty: the piece jumped and the landing bit.
    #[inline(always)]
    fn one_jump(
        &self,
        here: BB<R>,
        d: usize,
        targets: BB<R>,
        empty: BB<R>,
    ) -> Option<(BB<R>, u32)> {
        let over = R::Geo::step(here, d) & targets;
        if over.is_empty() {
            return None;
        }
        let land = R::Geo::step(over, d) & empty;
        (!land.is_empty()).then(|| (over, land.lowest()))
    }

    /// The empty squares in the middle of a chain: with removal at once
    /// ([`Mechanics::REMOVE_AT_ONCE`]) the pieces taken so far are gone.
    #[inline(always)]
    fn empty_now(&self, captured: BB<R>) -> BB<R> {
        if R::REMOVE_AT_ONCE {
            self.empty | captured
        } else {
            self.empty
        }
    }

    /// False when jumping on in `d` after a jump in `prev` reverses the
    /// direction and the game forbids it ([`Mechanics::NO_REVERSAL`]).
    #[inline(always)]
    fn turn_ok(prev: usize, d: usize) -> bool {
        !R::NO_REVERSAL || prev >= 16 || OPPOSITE[prev] != d
    }

    /// True when landing on `b` promotes and the game ends the capture there.
    #[inline(always)]
    fn promotion_ends(b: u32) -> bool {
        R::PROMOTION_ENDS_CAPTURE && Self::PROMO.is_some() && Self::last().has(b)
    }

    /// Short jumps (or knight double leaps) from `at`; true if any exists.
    /// `prev` is the direction of the jump that led here (16 at the start).
    fn jump(
        &self,
        at: u32,
        prev: usize,
        captured: BB<R>,
        path: &mut Path,
        out: &mut MoveList<R>,
    ) -> bool {
        let mut found = false;
        let targets = self.opp & !captured;
        let empty = self.empty_now(captured);
        let here = BB::<R>::bit(at);
        for_dirs!(Self::DIRS, d => {
            let jump = if Self::turn_ok(prev, d) {
                self.one_jump(here, d, targets, empty)
            } else {
                None
            };
            if let Some((over, land_bit)) = jump {
                found = true;
                let cap = captured | over;
                path.push(land_bit as u8);
                let goes_on = if Self::CONTINUES && Self::last().has(land_bit) {
                    self.as_king().fly(land_bit, d, cap, path, out)
                } else {
                    !Self::promotion_ends(land_bit) && self.jump(land_bit, d, cap, path, out)
                };
                if !goes_on {
                    self.emit(path, cap, out);
                }
                path.pop();
            }
        });
        found
    }

    /// The same search for the man crowned mid-capture, going on as a king.
    #[inline(always)]
    fn as_king(&self) -> Cx<R, US, 1, M> {
        Cx {
            opp: self.opp,
            empty: self.empty,
            from: self.from,
            kings: self.kings,
        }
    }
    /// Captures at a distance from `at`; true if any exists. `prev` is
    /// the direction of the jump that led here (16 at the start).
    fn fly(
        &self,
        at: u32,
        prev: usize,
        captured: BB<R>,
        path: &mut Path,
        out: &mut MoveList<R>,
    ) -> bool {
        let mut found = false;
        let targets = self.opp & !captured;
        let empty = self.empty_now(captured);
        for_dirs!(Self::DIRS, d => {
            'dir: {
            if !Self::turn_ok(prev, d) {
                break 'dir;
            }
            let mut s = BB::<R>::bit(at);
            let over = loop {
                s = R::Geo::step(s, d);
                if (s & empty).is_empty() {
                    break s;
                }
            };
            if (over & targets).is_empty() {
                break 'dir;
            }
            let mut lands: ArrayVec<u8, 12> = ArrayVec::new();
            let mut s = R::Geo::step(over, d) & empty;
            while !s.is_empty() {
                lands.push(s.lowest() as u8);
                if R::LAND_NEXT {
                    break;
                }
                s = R::Geo::step(s, d) & empty;
            }
            if lands.is_empty() {
                break 'dir;
            }
            found = true;
            let cap = captured | over;
            let mut goes_on = false;
            for &l in &lands {
                path.push(l);
                goes_on |= self.fly(l as u32, d, cap, path, out);
                path.pop();
            }
            if !goes_on {
                if matches!(R::LANDING, Landing::BehindLastKing) && !(over & self.kings).is_empty() {
                    // The halt rule: right behind the king jumped last.
                    path.push(lands[0]);
                    self.emit(path, cap, out);
                    path.pop();
                    break 'dir;
                }
                for &l in &lands {
                    path.push(l);
                    self.emit(path, cap, out);
                    path.pop();
                }
            }
            }
        });
        found
    }
}

/// True when every direction of the set is one step with rank delta +1.
const fn forward_steps_only(d: DirSet) -> bool {
    let mut i = 0;
    while i < 16 {
        if d & (1 << i) != 0 {
            let (df, dr) = crate::geometry::DIRS[i];
            if dr != 1 || df < -1 || df > 1 {
                return false;
            }
        }
        i += 1;
    }
    d != 0
}

/// The opponent pieces kind `K` of colour `us` may capture ([`Mechanics::PREY`]).
#[inline(always)]
fn prey<R: Mechanics, const K: usize>(pos: &Position<R>, us: Color) -> BB<R> {
    let opp = pos.color(!us);
    if R::PREY[K] & 0b1111 == 0b1111 {
        return opp;
    }
    let mut allowed = BB::<R>::ZERO;
    for k in Kind::ALL {
        if R::KINDS[k.index()] && R::PREY[K] & (1 << k.index()) != 0 {
            allowed |= pos.kind(k);
        }
    }
    opp & allowed
}

/// Pieces of `pieces` with a short jump available (a cheap set-wise test).
#[inline(always)]
fn jumpers<R: Mechanics>(pieces: BB<R>, dirs: DirSet, opp: BB<R>, empty: BB<R>) -> BB<R> {
    let mut any = BB::<R>::ZERO;
    for_dirs!(dirs, d => {
        let back = OPPOSITE[d];
        any |= R::Geo::step(R::Geo::step(empty, back) & opp, back);
    });
    pieces & any
}

/// All captures by pieces of kind `K` of colour `US` (to move), merged,
/// no game-level filter applied.
#[inline(always)]
fn captures_of_kind<R: Mechanics, const US: usize, const K: usize>(
    pos: &Position<R>,
    out: &mut MoveList<R>,
) {
    if !R::KINDS[K] {
        return;
    }
    let us = Color::ALL[US];
    let pieces = pos.pieces(us, Kind::ALL[K]);
    if pieces.is_empty() {
        return;
    }
    let opp = prey::<R, K>(pos, us);
    let empty = !pos.occupied() & R::Geo::ALL;
    let mut path = Path::new();
    match R::CAPTURES[US][K] {
        Capture::None => {}
        Capture::Jump(dirs) => {
            for b in jumpers::<R>(pieces, dirs, opp, empty).iter() {
                let cx = Cx::<R, US, K, K> {
                    opp,
                    empty: empty | BB::<R>::bit(b),
                    from: b,
                    kings: pos.kind(Kind::King),
                };
                let start = out.len();
                cx.jump(b, 16, BB::<R>::ZERO, &mut path, out);
                if out.len() - start > 1 && !order_matters(R::RANKING) {
                    merge_duplicates(out, start);
                }
            }
        }
        Capture::Fly(_) => {
            for b in pieces.iter() {
                let cx = Cx::<R, US, K, K> {
                    opp,
                    empty: empty | BB::<R>::bit(b),
                    from: b,
                    kings: pos.kind(Kind::King),
                };
                let start = out.len();
                cx.fly(b, 16, BB::<R>::ZERO, &mut path, out);
                if out.len() - start > 1 && !order_matters(R::RANKING) {
                    merge_duplicates(out, start);
                }
            }
        }
    }
}

#[inline(always)]
fn all_captures_for<R: Mechanics, const US: usize>(pos: &Position<R>, out: &mut MoveList<R>) {
    captures_of_kind::<R, US, 0>(pos, out);
    captures_of_kind::<R, US, 1>(pos, out);
    captures_of_kind::<R, US, 2>(pos, out);
    captures_of_kind::<R, US, 3>(pos, out);
}

/// Every capture of the side to move before the game's filters (the
/// king priority and the majority rule). Used to explain refusals.
pub fn all_captures<R: Mechanics>(pos: &Position<R>, out: &mut MoveList<R>) {
    let start = out.len();
    match pos.side() {
        Color::White => all_captures_for::<R, 0>(pos, out),
        Color::Black => all_captures_for::<R, 1>(pos, out),
    }
    if order_matters(R::RANKING) && out.len() - start > 1 {
        merge_duplicates(out, start);
    }
}

#[inline(always)]
fn captures_for<R: Mechanics, const US: usize>(pos: &Position<R>, out: &mut MoveList<R>) {
    if R::KING_FIRST {
        captures_of_kind::<R, US, 1>(pos, out);
        if !out.is_empty() {
            return;
        }
        captures_of_kind::<R, US, 0>(pos, out);
        captures_of_kind::<R, US, 2>(pos, out);
        captures_of_kind::<R, US, 3>(pos, out);
    } else {
        all_captures_for::<R, US>(pos, out);
    }
    if !R::RANKING.is_empty() {
        rank(pos, out, R::RANKING);
        if order_matters(R::RANKING) && out.len() > 1 {
            merge_duplicates(out, 0);
        }
    }
}

/// The legal captures of the side to move (filters applied). Empty when
/// there is none.
pub fn captures<R: Mechanics>(pos: &Position<R>, out: &mut MoveList<R>) {
    if promotion_won(pos) {
        return;
    }
    match pos.side() {
        Color::White => captures_for::<R, 0>(pos, out),
        Color::Black => captures_for::<R, 1>(pos, out),
    }
}

/// True when the side to move has a capture or a step (a pass not counted).
pub fn can_move<R: Mechanics>(pos: &Position<R>) -> bool {
    if count_quiet(pos) > 0 {
        return true;
    }
    let mut l = MoveList::new();
    captures(pos, &mut l);
    !l.is_empty()
}

/// True when the side to move must pass: the game has passes, both sides
/// have pieces, the side to move has no move and the opponent has one.
pub fn must_pass<R: Mechanics>(pos: &Position<R>) -> bool {
    R::PASSES
        && !pos.color(pos.side()).is_empty()
        && !pos.color(!pos.side()).is_empty()
        && !can_move(pos)
        && can_move(&pos.with_side(!pos.side()))
}

/// Fills `out` with every legal move of the position.
pub fn generate<R: Mechanics>(pos: &Position<R>, out: &mut MoveList<R>) {
    out.clear();
    captures(pos, out);
    if !out.is_empty() {
        return;
    }
    quiet_moves(pos, out);
    if R::PASSES && out.is_empty() && must_pass(pos) {
        out.push(Move::pass());
    }
}

/// The pieces of the side to move that have a legal capture (the ones a GUI marks).
pub fn capturers<R: Mechanics>(pos: &Position<R>) -> BB<R> {
    let mut l = MoveList::new();
    captures(pos, &mut l);
    l.iter()
        .fold(BB::<R>::ZERO, |a, m| a | BB::<R>::bit(m.from_bit()))
}

/// The colour's pieces that could capture if it were to move (ignoring filters).
pub fn pieces_that_can_capture<R: Mechanics>(pos: &Position<R>, c: Color) -> BB<R> {
    let p = pos.with_side(c);
    let mut l = MoveList::new();
    all_captures(&p, &mut l);
    l.iter()
        .fold(BB::<R>::ZERO, |a, m| a | BB::<R>::bit(m.from_bit()))
}

/// Move generation as methods of the position.
impl<R: Mechanics> Position<R> {
    /// Every legal move (captures merged as the game's rules say; `pass`
    /// where the game has it).
    ///
    /// ```
    /// use dama::{Czech, Position};
    /// let pos: Position<Czech> = "W:Wc3:Bd4,f6".parse().unwrap();
    /// let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["c3xe5xg7"]);
    /// ```
    pub fn legal_moves(&self) -> MoveList<R> {
        let mut l = MoveList::new();
        generate(self, &mut l);
        l
    }
}
