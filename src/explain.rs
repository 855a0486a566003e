//! Which legal move a text means, and why a move is refused.
//!
//! [`resolve`] matches a [`MoveText`] against the legal moves of a
//! position: the origin and destination must agree and the landing
//! squares written in between must appear in the move's path in order
//! (so `c3xc7` works when only one capture from c3 ends on c7). A chain
//! written in full that is another way round of a merged move (same
//! origin, destination and captured pieces, but not the path the
//! notation writes) is recognised by walking it on the board, so a player
//! who draws either tour of a king gets the move. When nothing matches,
//! it works out the reason a player would be given, as an [`Illegal`]
//! value whose message is the text the playing app shows: it names the
//! squares, and where a capture is refused it lists the captures that
//! are possible instead.

use crate::bitboard::Bits;
use crate::geometry::{Geometry, Squares, DIRS};
use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::notation::movetext::{MoveText, MoveTextError};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::mechanics::{locate, Mechanics, Motion, Precedence};
use crate::square::{Square, SquareNames};
use smallvec::SmallVec;

/// A square in a refusal, named as the game names it: `c3`, or `32` on
/// a numbered board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spot {
    square: Square,
    /// The square's number in the game's notation (0: it names it).
    number: u16,
    /// Whether a numbered square also shows its name (`26 (a5)`), for
    /// a reader who sees the board lettered at its edges.
    named: bool,
}

impl Spot {
    /// The square in game `R`'s names.
    pub fn of<R: Mechanics>(square: Square) -> Spot {
        let number = match R::SQUARE_NAMES {
            SquareNames::Numeric(corner) => R::Geo::BOARD
                .number(i32::from(square.file()), i32::from(square.rank()), corner)
                .map_or(0, |n| n as u16),
            SquareNames::Algebraic => 0,
        };
        Spot {
            square,
            number,
            named: false,
        }
    }
    /// The same square, written `26 (a5)` on a numbered board (as
    /// `dama play` names squares beside its lettered board).
    pub fn named(self) -> Spot {
        Spot {
            named: true,
            ..self
        }
    }
    /// The square.
    pub fn square(self) -> Square {
        self.square
    }
}

impl PartialEq<Square> for Spot {
    fn eq(&self, other: &Square) -> bool {
        self.square == *other
    }
}

impl std::ops::Deref for Spot {
    type Target = Square;
    fn deref(&self) -> &Square {
        &self.square
    }
}

impl std::fmt::Display for Spot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.number > 0 && self.named {
            write!(f, "{} ({})", self.number, self.square)
        } else if self.number > 0 {
            write!(f, "{}", self.number)
        } else {
            write!(f, "{}", self.square)
        }
    }
}

/// Why a readable move is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The square is not part of this game's board.
    #[error("{0} is not a square of this board")]
    NotOnBoard(Spot),
    /// A square number the board does not have.
    #[error("this board has no square {0}")]
    NoSuchNumber(String),
    /// A square of the colour not played on (boards of one colour).
    #[error("{0} is a light square; the game is played on the dark squares")]
    LightSquare(Spot),
    /// Empty origin.
    #[error("there is no piece on {0}")]
    NoPiece(Spot),
    /// The opponent's piece.
    #[error("the piece on {square} is not yours: it is {owner}'s and {side} is to move")]
    NotYourPiece {
        /// The origin.
        square: Spot,
        /// Whose piece it is.
        owner: Color,
        /// Who is to move.
        side: Color,
    },
    /// Origin and destination are the same square (a plain move that stays put).
    #[error("{0}-{0} does not move the piece")]
    SameSquare(Spot),
    /// The destination is taken.
    #[error("the square {0} is occupied")]
    Occupied(Spot),
    /// A man stepping back (the kind's name, singular).
    #[error("{} do not move backwards", plural(.0))]
    Backwards(&'static str),
    /// Off the diagonals, on a board of one colour.
    #[error("{from}-{to} is not a diagonal move: the pieces move only along the diagonals")]
    NotDiagonal {
        /// Origin.
        from: Spot,
        /// Destination.
        to: Spot,
    },
    /// A move the kind cannot make, in the game's words.
    #[error("{0}")]
    NotHowItMoves(&'static str),
    /// A sliding move through a piece.
    #[error("the way from {from} to {to} is blocked on {at}")]
    Blocked {
        /// Origin.
        from: Spot,
        /// Destination.
        to: Spot,
        /// The first piece in the way.
        at: Spot,
    },
    /// A plain move while a capture exists.
    #[error("capturing is compulsory: {} can capture", list(.0))]
    CaptureCompulsory(Vec<Spot>),
    /// A man's capture while a king can capture (Czech).
    #[error("a king can capture, so a king must: {}", list(.0))]
    KingMustCapture(Vec<Spot>),
    /// The chain stops while it could go on.
    #[error("the capture must go on from {at}: {}", .moves.join(", "))]
    CaptureMustGoOn {
        /// Where the written chain stops.
        at: Spot,
        /// The legal captures that pass there and go on.
        moves: Vec<String>,
    },
    /// Fewer pieces than the most possible (majority rule).
    #[error("you must take the most pieces: {0}")]
    MustTakeMost(u32),
    /// A capture the game's precedence puts behind another (Italian,
    /// Spanish), in the game's words.
    #[error("{0}")]
    Precedence(&'static str),
    /// A jump over a piece of a kind the mover may not capture (Italian
    /// men and kings): "men do not capture kings".
    #[error("{mover} do not capture {prey}")]
    MayNotCapture {
        /// The moving kind, plural.
        mover: String,
        /// The kind it may not take, plural.
        prey: String,
    },
    /// A capture path that does not exist, from a piece that can capture.
    #[error("there is no such capture from {from}; its captures are: {}", .moves.join(", "))]
    NoSuchCapture {
        /// The origin.
        from: Spot,
        /// The legal captures from there.
        moves: Vec<String>,
    },
    /// Written as a capture where nothing can be captured.
    #[error("there is nothing to capture")]
    NothingToCapture,
    /// A king that has made the most non-capturing moves in a row its
    /// game allows ([`Mechanics::KING_MOVE_LIMIT`]).
    #[error("this king has made {0} moves in a row without capturing; while you have a man, move another piece")]
    KingMoveLimit(u8),
    /// The text matches several legal moves.
    #[error("ambiguous: these moves match: {}", .0.join(", "))]
    Ambiguous(Vec<String>),
    /// A pass while a move exists (or in a game without passes).
    #[error("you cannot pass: you have a move")]
    CannotPass,
    /// The only legal move is a pass.
    #[error("you have no move and must pass")]
    MustPass,
    /// No move at all (the game is over).
    #[error("there is no legal move: the game is over")]
    NoMoves,
    /// Anything else.
    #[error("{0} is not a legal move here")]
    NoSuchMove(String),
}

impl Illegal {
    /// The same refusal with every square it names on its own written
    /// `26 (a5)` on a numbered board ([`Spot::named`]), for a reader who
    /// sees the board lettered at its edges; squares inside a move
    /// (`31-32`, the moves listed) stay as the moves write them.
    #[must_use]
    pub fn with_square_names(mut self) -> Illegal {
        match &mut self {
            Illegal::LightSquare(s) | Illegal::NoPiece(s) | Illegal::Occupied(s) => *s = s.named(),
            Illegal::NotYourPiece { square, .. } => *square = square.named(),
            Illegal::Blocked { from, to, at } => {
                *from = from.named();
                *to = to.named();
                *at = at.named();
            }
            Illegal::CaptureCompulsory(v) | Illegal::KingMustCapture(v) => {
                v.iter_mut().for_each(|s| *s = s.named());
            }
            Illegal::CaptureMustGoOn { at, .. } => *at = at.named(),
            Illegal::NoSuchCapture { from, .. } => *from = from.named(),
            _ => {}
        }
        self
    }
}

/// "men", "kings", "pieces": the plural of a kind's name.
fn plural(name: &str) -> String {
    match name {
        "man" => "men".to_string(),
        _ => format!("{name}s"),
    }
}

fn list(v: &[Spot]) -> String {
    v.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A move text that could not be read, or a legal-looking one that is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is malformed.
    #[error(transparent)]
    Parse(#[from] MoveTextError),
    /// The move is not legal here.
    #[error(transparent)]
    Illegal(#[from] Illegal),
}

/// Reads and resolves a move text in one go: the legal move the text
/// means (a capture may be written by its origin, destination and any of
/// the squares in between that tell it apart).
///
/// ```
/// use dama::{explain::parse_move, Gothic, Position};
/// let pos: Position<Gothic> = "W:Wc3:Bc4,d3,e4".parse().unwrap();
/// assert_eq!(parse_move(&pos, "c3xe5").unwrap().to_string(), "c3xe3xe5");
/// let refused = parse_move(&pos, "c3xc5").unwrap_err();
/// assert_eq!(refused.to_string(), "you must take the most pieces: 2");
/// ```
///
/// # Errors
///
/// [`MoveError::Parse`] when the text is not a move, [`MoveError::Illegal`]
/// with the reason when no legal move matches (or several do).
pub fn parse_move<R: Mechanics>(pos: &Position<R>, text: &str) -> Result<Move<R>, MoveError> {
    let t: MoveText = text.parse()?;
    Ok(resolve(pos, &t)?)
}

fn sorted_texts(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn sorted(mut v: Vec<Square>) -> Vec<Square> {
    v.sort_by_key(|s| s.file_rank_key());
    v
}

/// True when `inner` appears in `path` in order.
fn subsequence(inner: &[Square], path: &[Square]) -> bool {
    let mut it = path.iter();
    inner.iter().all(|s| it.any(|p| p == s))
}

fn matches<R: Mechanics>(m: &Move<R>, squares: &[Square], capture: bool) -> bool {
    if m.is_pass() || m.from() != Some(squares[0]) || m.to() != squares.last().copied() {
        return false;
    }
    if capture && !m.is_capture() {
        return false;
    }
    let path = m.path();
    subsequence(&squares[1..squares.len() - 1], &path[..path.len() - 1])
}

/// The legal move a text means, or why there is none.
pub fn resolve<R: Mechanics>(pos: &Position<R>, text: &MoveText) -> Result<Move<R>, Illegal> {
    let legal = pos.legal_moves();
    let (squares, capture) = match text {
        MoveText::Pass => {
            return match legal.first() {
                Some(m) if m.is_pass() => Ok(*m),
                Some(_) => Err(Illegal::CannotPass),
                None => Err(Illegal::NoMoves),
            }
        }
        MoveText::Path { squares, capture } => (squares.as_slice(), *capture),
    };
    let mut located: SmallVec<[Square; 8]> = SmallVec::new();
    for &t in squares {
        let Some(s) = locate::<R>(t) else {
            return Err(Illegal::NoSuchNumber(t.to_string()));
        };
        located.push(s);
    }
    let squares = located.as_slice();
    for &s in squares {
        if s.file() >= R::Geo::files() || s.rank() >= R::Geo::ranks() {
            return Err(Illegal::NotOnBoard(Spot::of::<R>(s)));
        }
        if R::Geo::bit(s).is_none() {
            return Err(Illegal::LightSquare(Spot::of::<R>(s)));
        }
    }
    let found: Vec<&Move<R>> = legal
        .iter()
        .filter(|m| matches(m, squares, capture))
        .collect();
    match found.len() {
        1 => return Ok(*found[0]),
        0 => {
            // Another chain of a move that is written by its first path
            // (same origin, destination and captured pieces).
            if let Some(taken) = trace(pos, squares) {
                if let Some(m) = legal.iter().find(|m| {
                    m.from() == Some(squares[0])
                        && m.to() == squares.last().copied()
                        && m.captured() == taken
                }) {
                    return Ok(*m);
                }
            }
        }
        _ => {
            if let Some(m) = found.iter().find(|m| m.path() == squares[1..]) {
                return Ok(**m);
            }
            let mut v: Vec<String> = found.iter().map(|m| m.to_string()).collect();
            v.sort();
            return Err(Illegal::Ambiguous(v));
        }
    }
    Err(explain(pos, &legal, squares, capture))
}

/// The pieces a capture written in full jumps, walking the board leg by
/// leg: each leg goes along a line (diagonal or orthogonal) and passes
/// exactly one opponent piece not jumped before, over otherwise empty
/// squares, onto an empty square (the mover's origin counts as empty,
/// jumped pieces stay and block). `None` when the text is not such a
/// chain. The captured squares come back in file-then-rank order.
fn trace<R: Mechanics>(pos: &Position<R>, squares: &[Square]) -> Option<Vec<Square>> {
    let us = pos.side();
    let from = squares[0];
    let empty = |s: Square| s == from || pos.piece_at(s).is_none();
    let mut taken: Vec<Square> = Vec::new();
    for leg in squares.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        let df = i32::from(b.file()) - i32::from(a.file());
        let dr = i32::from(b.rank()) - i32::from(a.rank());
        if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return None;
        }
        let (sf, sr) = (df.signum(), dr.signum());
        let mut jumped = None;
        let (mut f, mut r) = (i32::from(a.file()) + sf, i32::from(a.rank()) + sr);
        while (f, r) != (i32::from(b.file()), i32::from(b.rank())) {
            let sq = Square::new(u8::try_from(f).ok()?, u8::try_from(r).ok()?)?;
            if !empty(sq) {
                let opponent = pos.piece_at(sq).is_some_and(|p| p.color != us);
                if !opponent || taken.contains(&sq) || jumped.is_some() {
                    return None;
                }
                jumped = Some(sq);
            }
            f += sf;
            r += sr;
        }
        if !empty(b) {
            return None;
        }
        taken.push(jumped?);
    }
    Some(sorted(taken))
}

/// Which step of the game's precedence puts the capture written
/// `squares` behind another, if one does.
fn outranked<R: Mechanics>(
    pos: &Position<R>,
    all: &MoveList<R>,
    squares: &[Square],
    capture: bool,
) -> Option<Illegal> {
    let mut left: Vec<Move<R>> = all.iter().copied().collect();
    for &step in R::RANKING {
        let best = left
            .iter()
            .map(|m| movegen::precedence_key(pos, m, step))
            .max()?;
        let mine = left
            .iter()
            .filter(|m| matches(*m, squares, capture))
            .map(|m| movegen::precedence_key(pos, m, step))
            .max()?;
        if mine < best {
            return Some(match step {
                Precedence::MostPieces => Illegal::MustTakeMost(best as u32),
                Precedence::ByKing => Illegal::Precedence("a king can capture, so a king must"),
                Precedence::MostKings => Illegal::Precedence("you must take the most kings"),
                Precedence::FewestKings => Illegal::Precedence("you must take the fewest kings"),
                Precedence::EarliestKing => {
                    Illegal::Precedence("you must take the capture that meets a king first")
                }
                Precedence::MostValue { .. } => {
                    Illegal::Precedence("you must take the capture of the highest value")
                }
            });
        }
        left.retain(|m| movegen::precedence_key(pos, m, step) == best);
    }
    None
}

/// A capture written over a piece the moving kind may not take
/// ([`Mechanics::PREY`]): the first jump of the text, a short one.
fn forbidden_prey<R: Mechanics>(
    pos: &Position<R>,
    squares: &[Square],
    mover: Kind,
) -> Option<Illegal> {
    let (a, b) = (squares[0], squares[1]);
    let (df, dr) = (
        b.file() as i32 - a.file() as i32,
        b.rank() as i32 - a.rank() as i32,
    );
    if df.abs() != 2 || dr.abs() != 2 {
        return None;
    }
    let mid = Square::new(
        (a.file() as i32 + df / 2) as u8,
        (a.rank() as i32 + dr / 2) as u8,
    )?;
    let p = pos.piece_at(mid)?;
    if p.color == pos.side() || R::PREY[mover.index()] & (1 << p.kind.index()) != 0 {
        return None;
    }
    Some(Illegal::MayNotCapture {
        mover: plural(R::KIND_NAMES[mover.index()]),
        prey: plural(R::KIND_NAMES[p.kind.index()]),
    })
}

/// The reason no legal move matches.
fn explain<R: Mechanics>(
    pos: &Position<R>,
    legal: &MoveList<R>,
    squares: &[Square],
    capture: bool,
) -> Illegal {
    let from = squares[0];
    let to = *squares.last().expect("at least two squares");
    let us = pos.side();
    let spot = Spot::of::<R>;
    let spots = |v: Vec<Square>| v.into_iter().map(Spot::of::<R>).collect::<Vec<_>>();
    let Some(piece) = pos.piece_at(from) else {
        return Illegal::NoPiece(spot(from));
    };
    if piece.color != us {
        return Illegal::NotYourPiece {
            square: spot(from),
            owner: piece.color,
            side: us,
        };
    }
    if legal.first().is_some_and(|m| m.is_pass()) {
        return Illegal::MustPass;
    }
    if capture || squares.len() > 2 {
        if let Some(why) = forbidden_prey(pos, squares, piece.kind) {
            return why;
        }
    }
    let captures_exist = legal.first().is_some_and(|m| m.is_capture());
    if captures_exist {
        // Would the move be a capture before the game's filters?
        let mut all = MoveList::new();
        movegen::all_captures(pos, &mut all);
        if all.iter().any(|m| matches(m, squares, capture)) {
            if R::KING_FIRST && piece.kind != Kind::King {
                let kings = legal.iter().filter_map(|m| m.from()).collect::<Vec<_>>();
                let mut k = sorted(kings);
                k.dedup();
                return Illegal::KingMustCapture(spots(k));
            }
            if let Some(why) = outranked(pos, &all, squares, capture) {
                return why;
            }
        }
        // A chain that stops early: the text is the start of a longer capture.
        let goes_on: Vec<String> = legal
            .iter()
            .filter(|m| {
                if m.from() != Some(from) {
                    return false;
                }
                let path = m.path();
                path.iter().position(|&p| p == to).is_some_and(|i| {
                    i + 1 < path.len() && subsequence(&squares[1..squares.len() - 1], &path[..i])
                })
            })
            .map(|m| m.to_string())
            .collect();
        if !goes_on.is_empty() {
            return Illegal::CaptureMustGoOn {
                at: spot(to),
                moves: sorted_texts(goes_on),
            };
        }
        let mine: Vec<String> = legal
            .iter()
            .filter(|m| m.from() == Some(from))
            .map(|m| m.to_string())
            .collect();
        // A capture written as such but not possible: show this piece's captures.
        // (A plain move while a capture is on gets the compulsory-capture reason.)
        if !mine.is_empty() && (capture || squares.len() > 2) {
            return Illegal::NoSuchCapture {
                from: spot(from),
                moves: sorted_texts(mine),
            };
        }
        let mut who: Vec<Square> = legal.iter().filter_map(|m| m.from()).collect();
        who = sorted(who);
        who.dedup();
        if R::KING_FIRST && legal.iter().all(|m| m.kind() == Kind::King) {
            let men_can = all.iter().any(|m| m.kind() != Kind::King);
            if men_can && piece.kind != Kind::King {
                return Illegal::KingMustCapture(spots(who));
            }
        }
        return Illegal::CaptureCompulsory(spots(who));
    }
    if capture || squares.len() > 2 {
        return Illegal::NothingToCapture;
    }
    if from == to {
        return Illegal::SameSquare(spot(from));
    }
    if pos.piece_at(to).is_some() {
        return Illegal::Occupied(spot(to));
    }
    if R::KING_MOVE_LIMIT > 0
        && R::Geo::single(from).is_some_and(|b| !(b & pos.restricted_king()).is_empty())
    {
        return Illegal::KingMoveLimit(R::KING_MOVE_LIMIT);
    }
    // A move the piece cannot make: say how it moves.
    let df = to.file() as i32 - from.file() as i32;
    let mut dr = to.rank() as i32 - from.rank() as i32;
    if us == Color::Black {
        dr = -dr;
    }
    if R::Geo::BOARD.squares != Squares::All && df.abs() != dr.abs() {
        return Illegal::NotDiagonal {
            from: spot(from),
            to: spot(to),
        };
    }
    let k = piece.kind.index();
    let motion = R::MOTION[k];
    let dirs = match motion {
        Motion::Step(d) | Motion::Slide(d) => d,
        Motion::None => 0,
    };
    let any_backward = (0..16).any(|d| dirs & (1 << d) != 0 && DIRS[d].1 < 0);
    if dr < 0 && !any_backward {
        return Illegal::Backwards(R::KIND_NAMES[k]);
    }
    if let Motion::Slide(d) = motion {
        // On a line of the piece's directions: then something is in the way.
        let g = gcd(df.unsigned_abs(), dr.unsigned_abs()) as i32;
        if g > 0 {
            let (sf, sr) = (df / g, dr / g);
            let on_line = (0..8).any(|i| d & (1 << i) != 0 && DIRS[i] == (sf as i8, sr as i8));
            if on_line && (sf.abs() <= 1 && sr.abs() <= 1) {
                let rs = if us == Color::Black { -sr } else { sr };
                let mut f = from.file() as i32 + sf;
                let mut r = from.rank() as i32 + rs;
                while (f, r) != (to.file() as i32, to.rank() as i32) {
                    let s = Square::new(f as u8, r as u8).expect("between two squares");
                    if pos.piece_at(s).is_some() {
                        return Illegal::Blocked {
                            from: spot(from),
                            to: spot(to),
                            at: spot(s),
                        };
                    }
                    f += sf;
                    r += rs;
                }
            }
        }
    }
    let text = R::KIND_MOVES[k];
    if text.is_empty() {
        Illegal::NoSuchMove(format!("{}-{}", spot(from), spot(to)))
    } else {
        Illegal::NotHowItMoves(text)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The pieces of the side to move that must capture (empty when no capture is on).
pub fn must_capture<R: Mechanics>(pos: &Position<R>) -> Vec<Square> {
    sorted(R::Geo::squares(movegen::capturers(pos)))
}

#[allow(dead_code)]
fn _assert_bits<B: Bits>() {}
