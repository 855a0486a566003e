//! A position of one game: where the pieces stand and who is to move.
//!
//! [`Position<R>`] is a handful of bit sets (one per colour, one per
//! kind) plus the side to move and the Zobrist key, kept up to date on
//! every move. It is `Copy`: the game record and the search undo a move
//! by keeping the position from before it ("copy-make"), which is cheaper
//! and simpler than reversing the move. Counters that belong to the game
//! rather than the board (plies without capture and the like) live in
//! [`crate::game::Game`].

use crate::bitboard::Bits;
use crate::geometry::Geometry;
use crate::moves::{Move, MAX_PATH};
use crate::piece::{Color, Kind, Piece};
use crate::rules::mechanics::{Mechanics, BB};
use crate::square::Square;
use crate::zobrist;
use std::marker::PhantomData;

/// Why a setup is not a position of the chosen game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A square beyond the board's files or ranks.
    #[error("{square} is not on the {game} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The game.
        game: &'static str,
    },
    /// A light square on a dark-squares-only board.
    #[error("{square} is a light square; {game} is played on the dark squares only")]
    Unplayable {
        /// The square.
        square: Square,
        /// The game.
        game: &'static str,
    },
    /// Two pieces on one square.
    #[error("{0} is given twice")]
    Duplicate(Square),
    /// A kind the game does not have.
    #[error("{game} has no piece with prefix '{prefix}' (on {square})")]
    KindNotInGame {
        /// The square.
        square: Square,
        /// The prefix letter.
        prefix: char,
        /// The game.
        game: &'static str,
    },
    /// A square number the board does not have.
    #[error("{game} has no square {number} (its squares are numbered 1–{count})")]
    NoSuchNumber {
        /// The number.
        number: u32,
        /// How many squares the board numbers.
        count: u32,
        /// The game.
        game: &'static str,
    },
    /// Neither side has a piece: not a position of any game.
    #[error("neither side has a piece on the board")]
    NoPieces,
    /// More pieces of one colour than [`MAX_PIECES_EACH`]: more than any
    /// game starts with, and more than a capture path can hold.
    #[error("{color} has {count} pieces; a position has at most {most} of a colour, more than any game starts with")]
    TooManyPieces {
        /// The colour.
        color: Color,
        /// How many pieces the setup gives it.
        count: u32,
        /// The most a colour may have ([`MAX_PIECES_EACH`]).
        most: u32,
    },
    /// A piece that would have promoted standing on its last rank.
    #[error("a {name} on {square} stands on its promotion rank and would have promoted")]
    UnpromotedOnLastRank {
        /// The square.
        square: Square,
        /// The kind's name.
        name: &'static str,
    },
    /// A king of the side to move where a king wins at once
    /// ([`Mechanics::PROMOTION_WINS`]): the game would have ended before.
    #[error("a king on {0} of the side to move: the game ended when it was crowned")]
    KingToMove(Square),
    /// An `L` field naming an endgame limit the position cannot have.
    #[error("no endgame limit of {limit} plies applies to this position (field L{limit})")]
    NoSuchLimit {
        /// The limit the field gave.
        limit: u32,
    },
    /// A `C` field where the game would not write it (no endgame limit
    /// applies to the position), or an `E` above 0 in a game without
    /// endgame classes: it would be dropped, so it is refused instead.
    #[error("{}", counter_does_not_apply(*.field, *.value))]
    CounterDoesNotApply {
        /// The field's letter, `C` or `E`.
        field: char,
        /// Its number.
        value: u32,
    },
}

/// The words of [`SetupError::CounterDoesNotApply`].
fn counter_does_not_apply(field: char, value: u32) -> String {
    if field == 'E' {
        format!("the field E{value} counts plies in an endgame class, and this game has none")
    } else {
        format!("the field {field}{value} counts towards an endgame limit, and none applies to this position")
    }
}

/// The most pieces of one colour a position may have. A capture takes a
/// different piece at each jump, so a move's path (its landing squares,
/// [`MAX_PATH`] of them at most) holds a landing for each opposing piece
/// at most: 23. No game starts with more than 21 pieces a side (Ossetian
/// draughts), while set-ups with more than the start, such as the
/// 12-man positions of Thai draughts used to test move generators, stay
/// readable.
pub const MAX_PIECES_EACH: u32 = MAX_PATH as u32;

/// The key of a king run (0 for none): the number of a piece of kind
/// `Knight` on the run's square, turned by its length (games with the
/// king limit have no knights, so these numbers are otherwise unused).
#[inline(always)]
fn run_key(c: usize, r: u16) -> u64 {
    if r == 0 {
        0
    } else {
        zobrist::piece(c, Kind::Knight.index(), u32::from(r & 0xff)).rotate_left(u32::from(r >> 8))
    }
}

/// Pieces on the board and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<R: Mechanics> {
    color: [BB<R>; 2],
    kind: [BB<R>; 4],
    side: Color,
    /// Each side's king run ([`Mechanics::KING_MOVE_LIMIT`]): the bit of
    /// the king that made the side's latest non-capturing moves in the
    /// low byte, their number in the high byte; 0 for none. Always 0 in
    /// games without the limit.
    run: [u16; 2],
    key: u64,
    _r: PhantomData<R>,
}

impl<R: Mechanics> Position<R> {
    /// An empty board with `side` to move.
    pub fn empty(side: Color) -> Self {
        Position {
            color: [BB::<R>::ZERO; 2],
            kind: [BB::<R>::ZERO; 4],
            side,
            run: [0; 2],
            key: if side == Color::Black {
                zobrist::SIDE
            } else {
                0
            },
            _r: PhantomData,
        }
    }

    /// Places pieces on an empty board with `side` to move, checked
    /// against the game: every square on its board and playable, each
    /// kind one the game has, no square twice, no piece that would have
    /// promoted standing on its promotion rank. (From text, see
    /// [`Position::from_setup`]; the game's start, [`Position::start`].)
    ///
    /// ```
    /// use dama::{Color, Czech, Kind, Piece, Position};
    /// let man = Piece { color: Color::White, kind: Kind::Man };
    /// let pos = Position::<Czech>::from_pieces(Color::White, [("c3".parse().unwrap(), man)]).unwrap();
    /// assert_eq!(pos.count(Color::White), 1);
    /// let light = Position::<Czech>::from_pieces(Color::White, [("c4".parse().unwrap(), man)]);
    /// assert!(light.is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the first square that does not fit.
    pub fn from_pieces(
        side: Color,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
    ) -> Result<Self, SetupError> {
        let game = R::VARIANT.title();
        let mut pos = Self::empty(side);
        for (sq, piece) in pieces {
            if sq.file() >= R::Geo::files() || sq.rank() >= R::Geo::ranks() {
                return Err(SetupError::OffBoard { square: sq, game });
            }
            let Some(b) = R::Geo::bit(sq) else {
                return Err(SetupError::Unplayable { square: sq, game });
            };
            if !R::KINDS[piece.kind.index()] {
                return Err(SetupError::KindNotInGame {
                    square: sq,
                    prefix: piece.kind.prefix().unwrap_or('?'),
                    game,
                });
            }
            if pos.occupied().has(b) {
                return Err(SetupError::Duplicate(sq));
            }
            if R::PROMOTE[piece.kind.index()].is_some()
                && R::Geo::LAST_RANK[piece.color.index()].has(b)
            {
                return Err(SetupError::UnpromotedOnLastRank {
                    square: sq,
                    name: R::KIND_NAMES[piece.kind.index()],
                });
            }
            if R::PROMOTION_WINS && piece.kind == Kind::King && piece.color == side {
                return Err(SetupError::KingToMove(sq));
            }
            pos.put(b, piece);
        }
        for c in Color::ALL {
            let count = pos.color[c.index()].count();
            if count > MAX_PIECES_EACH {
                return Err(SetupError::TooManyPieces {
                    color: c,
                    count,
                    most: MAX_PIECES_EACH,
                });
            }
        }
        Ok(pos)
    }

    /// Every piece with its square, White's first, each colour in bit order.
    pub fn piece_list(&self) -> Vec<(Square, Piece)> {
        let mut pieces = Vec::new();
        for c in Color::ALL {
            for b in self.color[c.index()].iter() {
                let kind = self.kind_at(b).expect("coloured bit has a kind");
                pieces.push((R::Geo::square(b), Piece { color: c, kind }));
            }
        }
        pieces
    }

    /// Puts a piece on an empty bit (no checks: the caller builds a
    /// valid position, as the endgame databases do by the million).
    #[inline(always)]
    pub(crate) fn put(&mut self, b: u32, p: Piece) {
        let bit = BB::<R>::bit(b);
        self.color[p.color.index()] |= bit;
        self.kind[p.kind.index()] |= bit;
        self.key ^= zobrist::piece(p.color.index(), p.kind.index(), b);
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Color {
        self.side
    }
    /// The incrementally kept Zobrist key.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }
    /// The pieces of one colour.
    #[inline(always)]
    pub fn color(&self, c: Color) -> BB<R> {
        self.color[c.index()]
    }
    /// The pieces of one kind, both colours.
    #[inline(always)]
    pub fn kind(&self, k: Kind) -> BB<R> {
        self.kind[k.index()]
    }
    /// The pieces of one colour and kind.
    #[inline(always)]
    pub fn pieces(&self, c: Color, k: Kind) -> BB<R> {
        self.color[c.index()] & self.kind[k.index()]
    }
    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> BB<R> {
        self.color[0] | self.color[1]
    }
    /// The kind on a bit, if any.
    #[inline(always)]
    pub fn kind_at(&self, b: u32) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| self.kind[k.index()].has(b))
    }
    /// The piece on a square, if any (`None` also for squares not on this board).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = R::Geo::bit(sq)?;
        let color = if self.color[0].has(b) {
            Color::White
        } else if self.color[1].has(b) {
            Color::Black
        } else {
            return None;
        };
        Some(Piece {
            color,
            kind: self.kind_at(b)?,
        })
    }
    /// Number of pieces of a colour.
    pub fn count(&self, c: Color) -> u32 {
        self.color[c.index()].count()
    }

    /// The key computed from scratch (equals [`Position::key`] unless there is a bug).
    pub fn compute_key(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            zobrist::SIDE
        } else {
            0
        };
        for c in Color::ALL {
            for k in Kind::ALL {
                for b in self.pieces(c, k).iter() {
                    key ^= zobrist::piece(c.index(), k.index(), b);
                }
            }
        }
        for c in 0..2 {
            key ^= run_key(c, self.run[c]);
        }
        key
    }

    /// The king run of colour `c` ([`Mechanics::KING_MOVE_LIMIT`]): the
    /// square of the king that made that side's latest non-capturing
    /// moves, and how many it made in a row. `None` when the side has none.
    pub fn king_run(&self, c: Color) -> Option<(Square, u8)> {
        let r = self.run[c.index()];
        (r != 0).then(|| (R::Geo::square(u32::from(r & 0xff)), (r >> 8) as u8))
    }

    /// The king of the side to move that may not make another
    /// non-capturing move ([`Mechanics::KING_MOVE_LIMIT`]), as a set.
    #[inline(always)]
    pub fn restricted_king(&self) -> BB<R> {
        let r = self.run[self.side.index()];
        if R::KING_MOVE_LIMIT > 0 && (r >> 8) as u8 >= R::KING_MOVE_LIMIT {
            BB::<R>::bit(u32::from(r & 0xff))
        } else {
            BB::<R>::ZERO
        }
    }

    /// Sets the king run of colour `c` (from a FEN's `MW`/`MB` field):
    /// ignored unless the game has the limit, a king of that colour stands
    /// on `sq`, the side has a man and `n` is 1 up to the limit.
    pub fn set_king_run(&mut self, c: Color, run: Option<(Square, u8)>) {
        let i = c.index();
        self.key ^= run_key(i, self.run[i]);
        self.run[i] = 0;
        if let Some((sq, n)) = run {
            let ok = R::KING_MOVE_LIMIT > 0
                && (1..=R::KING_MOVE_LIMIT).contains(&n)
                && self.piece_at(sq)
                    == Some(Piece {
                        color: c,
                        kind: Kind::King,
                    })
                && !self.pieces(c, Kind::Man).is_empty();
            if let (true, Some(b)) = (ok, R::Geo::bit(sq)) {
                self.run[i] = b as u16 | u16::from(n) << 8;
            }
        }
        self.key ^= run_key(i, self.run[i]);
    }

    /// The runs after the move of a `kind` from `from` to `to` taking
    /// `cap` by colour `us` (before the board changes):
    /// a non-capturing king move lengthens the mover's run (or starts
    /// one); anything else ends it; a run ends too when its king is
    /// taken or its side has no man left.
    fn update_runs(&mut self, from: u32, to: u32, cap: BB<R>, kind: Kind, us: usize) {
        let old = self.run;
        let quiet_king = cap.is_empty() && kind == Kind::King;
        let men = self.kind[Kind::Man.index()];
        self.run[us] = if quiet_king && !(self.color[us] & men).is_empty() {
            let r = old[us];
            let n = if r != 0 && u32::from(r & 0xff) == from {
                (r >> 8) + 1
            } else {
                1
            };
            to as u16 | n << 8
        } else {
            0
        };
        let them = us ^ 1;
        let r = old[them];
        if r != 0 && (cap.has(u32::from(r & 0xff)) || (self.color[them] & men & !cap).is_empty()) {
            self.run[them] = 0;
        }
        for (c, (&was, &now)) in old.iter().zip(&self.run).enumerate() {
            if was != now {
                self.key ^= run_key(c, was) ^ run_key(c, now);
            }
        }
    }

    /// Plays a legal move (a pass just hands the turn over).
    ///
    /// Written without indexing the kind sets by a run-time kind: every
    /// kind the game has is updated with masks, so the sets stay in
    /// registers. (Indexed read-modify-writes right after the copy of
    /// `after` stalled on store forwarding and took 40 % of perft.)
    #[inline(always)]
    pub fn play(&mut self, m: &Move<R>) {
        let us = self.side.index();
        self.side = !self.side;
        self.key ^= zobrist::SIDE;
        if m.is_pass() {
            return;
        }
        self.play_parts(
            us,
            m.from_bit(),
            m.to_bit(),
            m.captured_bits(),
            m.kind(),
            m.promotion(),
        );
    }

    /// Plays the move of a `kind` of colour `us` (the side that was to
    /// move; the side is already handed over) from `from` to `to`,
    /// taking `cap`, crowned `promote` if given: [`Position::play`]
    /// without the move value.
    #[inline(always)]
    fn play_parts(
        &mut self,
        us: usize,
        from: u32,
        to: u32,
        cap: BB<R>,
        kind: Kind,
        promote: Option<Kind>,
    ) {
        let them = us ^ 1;
        let k = kind.index();
        let nk = promote.unwrap_or(kind).index();
        let fb = BB::<R>::bit(from);
        let tb = BB::<R>::bit(to);
        if R::KING_MOVE_LIMIT > 0 {
            self.update_runs(from, to, cap, kind, us);
        }
        let (mut c0, mut c1) = (self.color[0], self.color[1]);
        if us == 0 {
            c0 = (c0 & !fb) | tb;
            c1 &= !cap;
        } else {
            c1 = (c1 & !fb) | tb;
            c0 &= !cap;
        }
        self.color = [c0, c1];
        self.key ^= zobrist::piece(us, k, from) ^ zobrist::piece(us, nk, to);
        let mut key = self.key;
        // One kind set in, the new set out; called with constant indices
        // so that each call folds to the few operations its kind needs.
        let mut update = |ki: usize, v: BB<R>| -> BB<R> {
            if !R::KINDS[ki] {
                return v;
            }
            let mut v = v;
            if ki == k {
                v &= !fb;
            }
            let hit = v & cap;
            if !hit.is_empty() {
                v &= !cap;
                for b in hit.iter() {
                    key ^= zobrist::piece(them, ki, b);
                }
            }
            // After the captures: with removal at once a piece may end
            // its move on the square of one it took.
            if ki == nk {
                v |= tb;
            }
            v
        };
        let [k0, k1, k2, k3] = self.kind;
        self.kind = [update(0, k0), update(1, k1), update(2, k2), update(3, k3)];
        self.key = key;
    }

    /// The position after the move of a `kind` from bit `from` to bit
    /// `to` taking `captured` (crowned `promote` when given): the same as
    /// [`Position::after`] with that move, without building it. For
    /// perft, which plays moves straight from the generator's sets.
    #[inline(always)]
    pub(crate) fn after_parts(
        &self,
        from: u32,
        to: u32,
        captured: BB<R>,
        kind: Kind,
        promote: Option<Kind>,
    ) -> Self {
        let mut p = *self;
        p.side = !self.side;
        p.key ^= zobrist::SIDE;
        p.play_parts(self.side.index(), from, to, captured, kind, promote);
        p
    }

    /// The position after a move, this one unchanged.
    #[inline(always)]
    pub fn after(&self, m: &Move<R>) -> Self {
        let mut p = *self;
        p.play(m);
        p
    }

    /// The same board with the other side to move (for "could the opponent move?").
    pub fn with_side(&self, side: Color) -> Self {
        let mut p = *self;
        if p.side != side {
            p.side = side;
            p.key ^= zobrist::SIDE;
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dispatch;
    use crate::variant::Variant;

    /// Every game's start fits [`MAX_PIECES_EACH`], so every position a
    /// game reaches is readable.
    #[test]
    fn every_start_position_fits_the_limit_of_pieces() {
        for v in Variant::ALL {
            let most = dispatch!(v, R => {
                let p = Position::<R>::start();
                Color::ALL.map(|c| p.color[c.index()].count()).into_iter().max()
            });
            assert!(most.is_some_and(|m| m <= MAX_PIECES_EACH), "{v:?}");
        }
    }
}
