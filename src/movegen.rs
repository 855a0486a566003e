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
//! order). Then the game's switches apply: the king-capture priority
//! (Czech), the majority rule (Gothic), a pass when nothing else is legal
//! (Gothic, Ossetian). All switches are associated constants of
//! [`Rules`], so each game's generator is its own compiled code.

use crate::bitboard::Bits;
use crate::geometry::{DirSet, Geometry};
use crate::moves::{Move, MoveList, MAX_PATH};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::{Capture, Motion, Rules, BB};
use arrayvec::ArrayVec;

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

/// What a capture search of one piece needs to know.
struct Cx<R: Rules> {
    /// Opponent pieces (captured ones are excluded separately).
    opp: BB<R>,
    /// Empty squares, with the moving piece's origin counted as empty.
    empty: BB<R>,
    /// The moving piece's origin bit.
    from: u32,
    /// Its kind.
    kind: Kind,
    /// What it promotes to, if anything.
    promo: Option<Kind>,
    /// Its promotion rank.
    last: BB<R>,
}

type Path = ArrayVec<u8, MAX_PATH>;

impl<R: Rules> Cx<R> {
    #[inline(always)]
    fn emit(&self, path: &Path, captured: BB<R>, out: &mut MoveList<R>) {
        let to = *path.last().expect("a capture lands somewhere") as u32;
        let promote = if self.last.has(to) { self.promo } else { None };
        out.push(Move::from_bits(
            self.from, path, captured, self.kind, promote,
        ));
    }

    /// Short jumps (or knight double leaps) from `at`; true if any exists.
    fn jump(
        &self,
        dirs: DirSet,
        at: u32,
        captured: BB<R>,
        path: &mut Path,
        out: &mut MoveList<R>,
    ) -> bool {
        let mut found = false;
        let targets = self.opp & !captured;
        for d in 0..16 {
            if dirs & (1 << d) == 0 {
                continue;
            }
            let Some(over) = R::Geo::next(at, d) else {
                continue;
            };
            if !targets.has(over) {
                continue;
            }
            let Some(land) = R::Geo::next(over, d) else {
                continue;
            };
            if !self.empty.has(land) {
                continue;
            }
            found = true;
            let cap = captured | BB::<R>::bit(over);
            path.push(land as u8);
            let promoted_now =
                R::PROMOTION_ENDS_CAPTURE && self.promo.is_some() && self.last.has(land);
            if promoted_now || !self.jump(dirs, land, cap, path, out) {
                self.emit(path, cap, out);
            }
            path.pop();
        }
        found
    }

    /// Captures at a distance from `at`; true if any exists.
    fn fly(
        &self,
        dirs: DirSet,
        at: u32,
        captured: BB<R>,
        path: &mut Path,
        out: &mut MoveList<R>,
    ) -> bool {
        let mut found = false;
        let targets = self.opp & !captured;
        for d in 0..16 {
            if dirs & (1 << d) == 0 {
                continue;
            }
            let mut s = at;
            let over = loop {
                match R::Geo::next(s, d) {
                    None => break None,
                    Some(n) if self.empty.has(n) => s = n,
                    Some(n) => break Some(n),
                }
            };
            let Some(over) = over else { continue };
            if !targets.has(over) {
                continue;
            }
            let mut lands: ArrayVec<u8, 12> = ArrayVec::new();
            let mut s = over;
            while let Some(n) = R::Geo::next(s, d) {
                if !self.empty.has(n) {
                    break;
                }
                lands.push(n as u8);
                s = n;
            }
            if lands.is_empty() {
                continue;
            }
            found = true;
            let cap = captured | BB::<R>::bit(over);
            let mut goes_on = false;
            for &l in &lands {
                path.push(l);
                goes_on |= self.fly(dirs, l as u32, cap, path, out);
                path.pop();
            }
            if !goes_on {
                for &l in &lands {
                    path.push(l);
                    self.emit(path, cap, out);
                    path.pop();
                }
            }
        }
        found
    }
}

/// Merges chains of `out[start..]` that are the same move.
fn merge_duplicates<R: Rules>(out: &mut MoveList<R>, start: usize) {
    let mut i = start + 1;
    while i < out.len() {
        if let Some(j) = (start..i).find(|&j| out[j] == out[i]) {
            if out[i].path_key() < out[j].path_key() {
                out[j] = out[i];
            }
            out.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Pieces of `pieces` with a short jump available (a cheap set-wise test).
#[inline(always)]
fn jumpers<R: Rules>(pieces: BB<R>, dirs: DirSet, opp: BB<R>, empty: BB<R>) -> BB<R> {
    let mut any = BB::<R>::ZERO;
    for (d, &back) in OPPOSITE.iter().enumerate() {
        if dirs & (1 << d) == 0 {
            continue;
        }
        any |= R::Geo::step(R::Geo::step(empty, back) & opp, back);
    }
    pieces & any
}

/// All captures by pieces of kind `k` of the side to move, merged, no
/// game-level filter applied.
fn captures_of_kind<R: Rules>(pos: &Position<R>, k: Kind, out: &mut MoveList<R>) {
    let us = pos.side();
    let cap = R::CAPTURES[us.index()][k.index()];
    let pieces = pos.pieces(us, k);
    if pieces.is_empty() {
        return;
    }
    let opp = pos.color(!us);
    let empty = !pos.occupied() & R::Geo::ALL;
    let mut path = Path::new();
    match cap {
        Capture::None => {}
        Capture::Jump(dirs) => {
            for b in jumpers::<R>(pieces, dirs, opp, empty).iter() {
                let cx = Cx::<R> {
                    opp,
                    empty: empty | BB::<R>::bit(b),
                    from: b,
                    kind: k,
                    promo: R::PROMOTE[k.index()],
                    last: R::Geo::LAST_RANK[us.index()],
                };
                let start = out.len();
                cx.jump(dirs, b, BB::<R>::ZERO, &mut path, out);
                if out.len() - start > 1 {
                    merge_duplicates(out, start);
                }
            }
        }
        Capture::Fly(dirs) => {
            for b in pieces.iter() {
                let cx = Cx::<R> {
                    opp,
                    empty: empty | BB::<R>::bit(b),
                    from: b,
                    kind: k,
                    promo: R::PROMOTE[k.index()],
                    last: R::Geo::LAST_RANK[us.index()],
                };
                let start = out.len();
                cx.fly(dirs, b, BB::<R>::ZERO, &mut path, out);
                if out.len() - start > 1 {
                    merge_duplicates(out, start);
                }
            }
        }
    }
}

/// Every capture of the side to move before the game's filters (the
/// king priority and the majority rule). Used to explain refusals.
pub fn all_captures<R: Rules>(pos: &Position<R>, out: &mut MoveList<R>) {
    for k in Kind::ALL {
        if R::KINDS[k.index()] {
            captures_of_kind(pos, k, out);
        }
    }
}

/// The legal captures of the side to move (filters applied). Empty when
/// there is none.
pub fn captures<R: Rules>(pos: &Position<R>, out: &mut MoveList<R>) {
    if R::KING_PRIORITY {
        captures_of_kind(pos, Kind::King, out);
        if !out.is_empty() {
            return;
        }
        for k in Kind::ALL {
            if k != Kind::King && R::KINDS[k.index()] {
                captures_of_kind(pos, k, out);
            }
        }
    } else {
        all_captures(pos, out);
    }
    if R::MAJORITY && out.len() > 1 {
        let most = out.iter().map(|m| m.capture_count()).max().unwrap_or(0);
        out.retain(|m| m.capture_count() == most);
    }
}

/// The non-capturing moves of the side to move (legal only when there is no capture).
pub fn quiet_moves<R: Rules>(pos: &Position<R>, out: &mut MoveList<R>) {
    let us = pos.side();
    let empty = !pos.occupied() & R::Geo::ALL;
    let last = R::Geo::LAST_RANK[us.index()];
    for k in Kind::ALL {
        if !R::KINDS[k.index()] {
            continue;
        }
        let pieces = pos.pieces(us, k);
        if pieces.is_empty() {
            continue;
        }
        let promo = R::PROMOTE[k.index()];
        match R::MOTIONS[us.index()][k.index()] {
            Motion::None => {}
            Motion::Step(dirs) => {
                for d in 0..16 {
                    if dirs & (1 << d) == 0 {
                        continue;
                    }
                    for t in (R::Geo::step(pieces, d) & empty).iter() {
                        let from = (t as i32 - R::Geo::SHIFT[d]) as u32;
                        let p = if last.has(t) { promo } else { None };
                        out.push(Move::from_bits(from, &[t as u8], BB::<R>::ZERO, k, p));
                    }
                }
            }
            Motion::Slide(dirs) => {
                for b in pieces.iter() {
                    for d in 0..16 {
                        if dirs & (1 << d) == 0 {
                            continue;
                        }
                        let mut s = b;
                        while let Some(n) = R::Geo::next(s, d) {
                            if !empty.has(n) {
                                break;
                            }
                            let p = if last.has(n) { promo } else { None };
                            out.push(Move::from_bits(b, &[n as u8], BB::<R>::ZERO, k, p));
                            s = n;
                        }
                    }
                }
            }
        }
    }
}

/// Number of non-capturing moves, counted set-wise without building them.
fn count_quiet<R: Rules>(pos: &Position<R>) -> usize {
    let us = pos.side();
    let empty = !pos.occupied() & R::Geo::ALL;
    let mut n = 0u32;
    for k in Kind::ALL {
        if !R::KINDS[k.index()] {
            continue;
        }
        let pieces = pos.pieces(us, k);
        if pieces.is_empty() {
            continue;
        }
        match R::MOTIONS[us.index()][k.index()] {
            Motion::None => {}
            Motion::Step(dirs) => {
                for d in 0..16 {
                    if dirs & (1 << d) != 0 {
                        n += (R::Geo::step(pieces, d) & empty).count();
                    }
                }
            }
            Motion::Slide(dirs) => {
                for d in 0..16 {
                    if dirs & (1 << d) == 0 {
                        continue;
                    }
                    // Rays of different pieces never overlap: each stops
                    // at the first occupied square.
                    let mut front = R::Geo::step(pieces, d) & empty;
                    while !front.is_empty() {
                        n += front.count();
                        front = R::Geo::step(front, d) & empty;
                    }
                }
            }
        }
    }
    n as usize
}

/// True when the side to move has a capture or a step (a pass not counted).
pub fn can_move<R: Rules>(pos: &Position<R>) -> bool {
    if count_quiet(pos) > 0 {
        return true;
    }
    let mut l = MoveList::new();
    captures(pos, &mut l);
    !l.is_empty()
}

/// True when the side to move must pass: the game has passes, both sides
/// have pieces, the side to move has no move and the opponent has one.
pub fn must_pass<R: Rules>(pos: &Position<R>) -> bool {
    R::PASSES
        && !pos.color(pos.side()).is_empty()
        && !pos.color(!pos.side()).is_empty()
        && !can_move(pos)
        && can_move(&pos.with_side(!pos.side()))
}

/// Fills `out` with every legal move of the position.
pub fn generate<R: Rules>(pos: &Position<R>, out: &mut MoveList<R>) {
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

/// The number of legal moves, without building the quiet ones (perft's bulk count).
pub fn count_moves<R: Rules>(pos: &Position<R>) -> usize {
    let mut l = MoveList::new();
    captures(pos, &mut l);
    if !l.is_empty() {
        return l.len();
    }
    let n = count_quiet(pos);
    if R::PASSES && n == 0 && must_pass(pos) {
        return 1;
    }
    n
}

/// The pieces of the side to move that have a legal capture (the ones a GUI marks).
pub fn capturers<R: Rules>(pos: &Position<R>) -> BB<R> {
    let mut l = MoveList::new();
    captures(pos, &mut l);
    l.iter()
        .fold(BB::<R>::ZERO, |a, m| a | BB::<R>::bit(m.from_bit()))
}

/// The colour's pieces that could capture if it were to move (ignoring filters).
pub fn pieces_that_can_capture<R: Rules>(pos: &Position<R>, c: Color) -> BB<R> {
    let p = pos.with_side(c);
    let mut l = MoveList::new();
    all_captures(&p, &mut l);
    l.iter()
        .fold(BB::<R>::ZERO, |a, m| a | BB::<R>::bit(m.from_bit()))
}
