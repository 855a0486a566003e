//! A game of any of the five variants, chosen at run time.
//!
//! The protocol, `dama play` and the match runner learn the game from the
//! user, so they hold an [`AnyGame`]: an enum over [`Game<R>`] for each
//! game, speaking squares and text rather than bits. Everything the
//! playing app needs is here: legal moves with paths and captures, the
//! pieces that must capture, the check of one move text with its reason,
//! playing, undo, the status with its rule, FEN and a plain board.

use crate::eval::tweak::Tweak;
use crate::eval::Evaluate;
use crate::explain::{self, MoveError};
use crate::game::{Game, GameError, GameOptions, Status};
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::notation::fen::{FenError, Setup};
use crate::piece::{Color, Kind, Piece};
use crate::rules::{Mechanics, Rules};
use crate::search::{Info, Limits, Score, Searcher};
use crate::square::Square;
use crate::variant::Variant;
use std::any::Any;
use std::sync::atomic::AtomicBool;

/// A move described in squares, for any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The canonical notation (`c3xe5xc7`, `pass`).
    pub text: String,
    /// Origin (`None` for a pass).
    pub from: Option<Square>,
    /// Landing squares in order, the destination last.
    pub path: Vec<Square>,
    /// Squares of the captured pieces, file then rank.
    pub captured: Vec<Square>,
    /// The kind of the moving piece.
    pub piece: Kind,
    /// The kind it becomes at the end of the move.
    pub promotion: Option<Kind>,
}

impl MoveInfo {
    /// Describes a move of game `R`.
    pub fn of<R: Rules>(m: &Move<R>) -> Self {
        MoveInfo {
            text: m.to_string(),
            from: m.from(),
            path: m.path(),
            captured: m.captured(),
            piece: m.kind(),
            promotion: m.promotion(),
        }
    }
    /// True for a pass.
    pub fn is_pass(&self) -> bool {
        self.from.is_none()
    }
}

/// Generates [`AnyGame`] from the registry's lines: one variant per
/// game, `From<Game<R>>` for each, and the arms of `with_game!`.
#[doc(hidden)]
#[macro_export]
macro_rules! __any_game {
    ({} $($(#[$meta:meta])* $module:ident :: $game:ident, $name:literal, $title:literal, $pdn:expr;)*) => {
        /// A game of a variant chosen at run time (one variant per game
        /// of the registry, [`crate::games`]).
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($(#[$meta])* $game($crate::game::Game<$crate::rules::$module::$game>),)*
        }

        $(impl From<$crate::game::Game<$crate::rules::$module::$game>> for AnyGame {
            fn from(g: $crate::game::Game<$crate::rules::$module::$game>) -> Self {
                AnyGame::$game(g)
            }
        })*
    };
    ({ ($self_:expr) $g:ident ($body:expr) }
     $($(#[$meta:meta])* $module:ident :: $game:ident, $name:literal, $title:literal, $pdn:expr;)*) => {
        match $self_ {
            $($crate::any::AnyGame::$game($g) => $body,)*
        }
    };
}

crate::games!(__any_game {});

/// Runs `$body` with `$g` bound to the typed [`Game`] inside an [`AnyGame`].
macro_rules! with_game {
    ($self_:expr, $g:ident => $body:expr) => {
        crate::games!(__any_game { ($self_) $g ($body) })
    };
}

#[allow(unused_imports)] // used by the protocol, a feature
pub(crate) use with_game;

/// The variant of a typed game.
fn variant_of<R: Rules>(_: &Game<R>) -> Variant {
    R::VARIANT
}

impl AnyGame {
    /// A new game from the start position.
    ///
    /// ```
    /// use dama::{AnyGame, GameOptions, Variant};
    /// let g = AnyGame::new(Variant::Medieval, GameOptions::default());
    /// assert_eq!((g.files(), g.ranks()), (10, 10));
    /// assert_eq!(g.legal_moves().len(), 23);
    /// ```
    pub fn new(variant: Variant, options: GameOptions) -> Self {
        crate::dispatch!(variant, R => AnyGame::from(Game::<R>::new(options)))
    }

    /// A game from a FEN (its `H` and `F` fields become the counters).
    ///
    /// # Errors
    ///
    /// [`FenError`] when the FEN cannot be read or does not fit the game
    /// (a square off its board, a kind it does not have, …).
    pub fn from_fen(variant: Variant, fen: &str, options: GameOptions) -> Result<Self, FenError> {
        let setup: Setup = fen.parse()?;
        Self::from_setup(variant, &setup, options)
    }

    /// A game from a position read but not yet checked (its counters, if
    /// any, become the game's).
    ///
    /// # Errors
    ///
    /// [`FenError::Setup`] when the position does not fit the game.
    pub fn from_setup(
        variant: Variant,
        setup: &Setup,
        options: GameOptions,
    ) -> Result<Self, FenError> {
        Ok(crate::dispatch!(variant, R => AnyGame::from(Game::<R>::from_setup(setup, options)?)))
    }

    /// Which game this is.
    pub fn variant(&self) -> Variant {
        with_game!(self, g => variant_of(g))
    }
    /// The rule options.
    pub fn options(&self) -> GameOptions {
        with_game!(self, g => g.options())
    }
    /// Changes the rule options.
    pub fn set_options(&mut self, o: GameOptions) {
        with_game!(self, g => g.set_options(o))
    }
    /// The current position with counters, as FEN.
    pub fn fen(&self) -> String {
        with_game!(self, g => g.fen())
    }
    /// The start position with counters, as FEN.
    pub fn start_fen(&self) -> String {
        with_game!(self, g => g.start_fen())
    }
    /// True when the game started from the variant's start position.
    pub fn from_start(&self) -> bool {
        with_game!(self, g => *g.start() == crate::position::Position::start() && g.start_counters().ply == 0)
    }
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        with_game!(self, g => g.position().side())
    }
    /// The current position's Zobrist key.
    pub fn key(&self) -> u64 {
        with_game!(self, g => g.position().key())
    }
    /// Number of files of the board.
    pub fn files(&self) -> u8 {
        crate::dispatch!(self.variant(), R => <R as Mechanics>::Geo::files())
    }
    /// Number of ranks of the board.
    pub fn ranks(&self) -> u8 {
        crate::dispatch!(self.variant(), R => <R as Mechanics>::Geo::ranks())
    }
    /// True when pieces can stand on the square.
    pub fn is_playable(&self, sq: Square) -> bool {
        crate::dispatch!(self.variant(), R => <R as Mechanics>::Geo::bit(sq).is_some())
    }
    /// The square's number in the game's notation on a numbered board
    /// (international `1`–`50`, English `1`–`32`, …); `None` where the
    /// game names its squares (`c3`) or the square is not played on.
    pub fn square_number(&self, sq: Square) -> Option<u32> {
        crate::dispatch!(self.variant(), R => match <R as Mechanics>::SQUARE_NAMES {
            crate::square::SquareNames::Numeric(corner) => <R as Mechanics>::Geo::bit(sq)
                .and_then(|_| <R as Mechanics>::Geo::BOARD.number(
                    i32::from(sq.file()),
                    i32::from(sq.rank()),
                    corner,
                )),
            crate::square::SquareNames::Algebraic => None,
        })
    }
    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        with_game!(self, g => g.position().piece_at(sq))
    }
    /// The player's name of a kind in this game ("man", "pawn", "knight", …).
    pub fn kind_name(&self, k: Kind) -> &'static str {
        crate::dispatch!(self.variant(), R => <R as Mechanics>::KIND_NAMES[k.index()])
    }
    /// Every legal move, sorted by notation.
    pub fn legal_moves(&self) -> Vec<MoveInfo> {
        let mut v: Vec<MoveInfo> =
            with_game!(self, g => g.position().legal_moves().iter().map(MoveInfo::of).collect());
        v.sort_by(|a, b| a.text.cmp(&b.text));
        v
    }
    /// The pieces that must capture (empty when no capture is on).
    pub fn must_capture(&self) -> Vec<Square> {
        with_game!(self, g => explain::must_capture(g.position()))
    }
    /// Checks a move text without playing it.
    ///
    /// ```
    /// use dama::{AnyGame, GameOptions, Variant};
    /// let g = AnyGame::from_fen(Variant::Czech, "W:Wc3,e3:Bd4,f4", GameOptions::default()).unwrap();
    /// assert_eq!(g.must_capture().len(), 2);
    /// let m = g.check_move("c3xe5").unwrap();
    /// assert_eq!(m.captured[0].to_string(), "d4");
    /// assert_eq!(g.check_move("c3-b4").unwrap_err().to_string(), "capturing is compulsory: c3, e3 can capture");
    /// ```
    ///
    /// # Errors
    ///
    /// [`MoveError`]: the text cannot be read, or the reason the move is refused.
    pub fn check_move(&self, text: &str) -> Result<MoveInfo, MoveError> {
        with_game!(self, g => explain::parse_move(g.position(), text).map(|m| MoveInfo::of(&m)))
    }
    /// Plays a move given in notation.
    ///
    /// ```
    /// use dama::{AnyGame, GameOptions, Status, Variant};
    /// let mut g = AnyGame::new(Variant::Czech, GameOptions::default());
    /// let m = g.play("c3-d4").unwrap();
    /// assert_eq!((m.from.unwrap().to_string(), m.path.len()), ("c3".into(), 1));
    /// assert_eq!(g.moves(), ["c3-d4"]);
    /// assert_eq!(g.status(), Status::InPlay);
    /// assert!(g.play("a1-b2").is_err()); // Black is to move
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError`]: the game is over, or the move is unreadable or not
    /// legal (with the reason).
    pub fn play(&mut self, text: &str) -> Result<MoveInfo, GameError> {
        with_game!(self, g => g.play_text(text).map(|m| MoveInfo::of(&m)))
    }
    /// Plays a legal move although the rules have ended the game (see
    /// [`Game::play_on`]).
    ///
    /// # Errors
    ///
    /// [`GameError::Move`] when the text cannot be read or the move is illegal.
    pub fn play_on(&mut self, text: &str) -> Result<MoveInfo, GameError> {
        with_game!(self, g => g.play_on(text).map(|m| MoveInfo::of(&m)))
    }
    /// Takes back `n` plies (nothing changes if fewer were played).
    ///
    /// # Errors
    ///
    /// [`GameError::NothingToUndo`] when fewer than `n` plies were played.
    pub fn undo(&mut self, n: usize) -> Result<(), GameError> {
        with_game!(self, g => g.undo_n(n))
    }
    /// Withdraws a resignation, the moves staying as they are; false if
    /// nobody had resigned.
    pub fn withdraw_resignation(&mut self) -> bool {
        with_game!(self, g => g.withdraw_resignation())
    }
    /// `c` resigns (on its own turn only).
    ///
    /// # Errors
    ///
    /// [`GameError`]: the game is over, or it is the other side's turn.
    pub fn resign(&mut self, c: Color) -> Result<(), GameError> {
        with_game!(self, g => g.resign(c))
    }
    /// In play, or the result and its rule.
    pub fn status(&self) -> Status {
        with_game!(self, g => g.status())
    }
    /// The moves played, in notation.
    pub fn moves(&self) -> Vec<String> {
        with_game!(self, g => g.move_texts())
    }
    /// The last move played.
    pub fn last_move(&self) -> Option<MoveInfo> {
        with_game!(self, g => g.last_move().map(MoveInfo::of))
    }
    /// Number of plies played.
    pub fn len(&self) -> usize {
        with_game!(self, g => g.len())
    }
    /// True when no move has been played.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Perft from the current position.
    pub fn perft(&self, depth: u32, bulk: bool) -> u64 {
        with_game!(self, g => crate::perft::perft(g.position(), depth, bulk))
    }
    /// Perft by root move, sorted by notation.
    pub fn divide(&self, depth: u32, bulk: bool) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = with_game!(self, g => crate::perft::divide(g.position(), depth, bulk)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect());
        v.sort();
        v
    }

    /// The board as plain text, White at the bottom unless `flipped`.
    /// Letters: `w`/`b` men (pawns), `W`/`B` kings, `n`/`N` knights
    /// (white lower, black upper case… see [`piece_char`]), `.` empty
    /// playable square, space for unplayable squares.
    pub fn board_text(&self, flipped: bool) -> String {
        let files = self.files();
        let ranks = self.ranks();
        let mut out = String::new();
        let rank_order: Vec<u8> = if flipped {
            (0..ranks).collect()
        } else {
            (0..ranks).rev().collect()
        };
        let file_order: Vec<u8> = if flipped {
            (0..files).rev().collect()
        } else {
            (0..files).collect()
        };
        for &r in &rank_order {
            out.push_str(&format!("{:>2} ", r + 1));
            for &f in &file_order {
                let sq = Square::new(f, r).expect("on board");
                let c = match self.piece_at(sq) {
                    Some(p) => piece_char(p),
                    None if self.is_playable(sq) => '.',
                    None => ' ',
                };
                out.push(c);
                out.push(' ');
            }
            out.pop();
            out.push('\n');
        }
        out.push_str("   ");
        for &f in &file_order {
            out.push((b'a' + f) as char);
            out.push(' ');
        }
        out.pop();
        out.push('\n');
        out
    }
}

/// One letter per piece: White lower case, Black upper case —
/// `m`/`M` man (pawn, piece), `k`/`K` king, `n`/`N` knight, `c`/`C` commander.
pub fn piece_char(p: Piece) -> char {
    let c = match p.kind {
        Kind::Man => 'm',
        Kind::King => 'k',
        Kind::Knight => 'n',
        Kind::Commander => 'c',
    };
    match p.color {
        Color::White => c,
        Color::Black => c.to_ascii_uppercase(),
    }
}

/// What a search of an [`AnyGame`] found, in squares and text.
#[derive(Clone, Debug)]
pub struct AnyResult {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<MoveInfo>,
    /// Its score.
    pub score: Score,
    /// The principal variation in notation.
    pub pv: Vec<String>,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A searcher for whichever game is being played: a [`Searcher`] of
/// the game's type, made afresh (with the same table size and number of
/// lines) when it is handed a game of another variant.
pub struct AnySearcher {
    inner: Box<dyn ErasedSearcher>,
}

/// What [`AnySearcher`] asks of a searcher without knowing its game.
trait ErasedSearcher: Send {
    fn variant(&self) -> Variant;
    fn clear(&mut self);
    fn set_hash(&mut self, hash_mb: usize);
    fn hash_mb(&self) -> usize;
    fn set_seed(&mut self, seed: u64);
    fn set_multipv(&mut self, lines: usize);
    fn multipv(&self) -> usize;
    fn set_threads(&mut self, threads: usize);
    fn threads(&self) -> usize;
    fn set_tweak(&mut self, t: Tweak);
    fn tweak(&self) -> Tweak;
    fn set_contempt(&mut self, contempt: i32);
    fn contempt(&self) -> i32;
    fn hashfull(&self) -> u32;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<R: Evaluate> ErasedSearcher for Searcher<R> {
    fn variant(&self) -> Variant {
        R::VARIANT
    }
    fn clear(&mut self) {
        Searcher::clear(self)
    }
    fn set_hash(&mut self, hash_mb: usize) {
        Searcher::set_hash(self, hash_mb)
    }
    fn hash_mb(&self) -> usize {
        Searcher::hash_mb(self)
    }
    fn set_seed(&mut self, seed: u64) {
        Searcher::set_seed(self, seed)
    }
    fn set_multipv(&mut self, lines: usize) {
        Searcher::set_multipv(self, lines)
    }
    fn set_threads(&mut self, threads: usize) {
        Searcher::set_threads(self, threads)
    }
    fn threads(&self) -> usize {
        Searcher::threads(self)
    }
    fn set_tweak(&mut self, t: Tweak) {
        Searcher::set_tweak(self, t)
    }
    fn tweak(&self) -> Tweak {
        Searcher::tweak(self)
    }
    fn set_contempt(&mut self, contempt: i32) {
        Searcher::set_contempt(self, contempt)
    }
    fn contempt(&self) -> i32 {
        Searcher::contempt(self)
    }
    fn multipv(&self) -> usize {
        Searcher::multipv(self)
    }
    fn hashfull(&self) -> u32 {
        Searcher::hashfull(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// What the run-time layer knows of a game from its rules (kept here,
/// above the rules, so that `Variant` stays a plain name below them).
impl Variant {
    /// The side that moves first from the game's start position (and
    /// whose moves carry the move numbers).
    pub fn first_player(self) -> Color {
        crate::dispatch!(self, R => <R as crate::rules::Mechanics>::FIRST)
    }
}

impl AnySearcher {
    /// A searcher for `variant` with `hash_mb` MiB of transposition table.
    pub fn new(variant: Variant, hash_mb: usize) -> Self {
        crate::dispatch!(variant, R => AnySearcher {
            inner: Box::new(Searcher::<R>::new(hash_mb)),
        })
    }
    /// Which game it searches.
    pub fn variant(&self) -> Variant {
        self.inner.variant()
    }
    /// Forgets what was learned (new game).
    pub fn clear(&mut self) {
        self.inner.clear()
    }
    /// Resizes the transposition table to `hash_mb` MiB (its contents are lost).
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.inner.set_hash(hash_mb)
    }
    /// The transposition table's size in MiB.
    pub fn hash_mb(&self) -> usize {
        self.inner.hash_mb()
    }
    /// Seeds the random choices of the levels.
    pub fn set_seed(&mut self, seed: u64) {
        self.inner.set_seed(seed)
    }
    /// Number of principal variations reported (analysis).
    pub fn set_multipv(&mut self, lines: usize) {
        self.inner.set_multipv(lines)
    }
    /// Threads of a search (Lazy SMP over the shared table; see
    /// [`Searcher::set_threads`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.inner.set_threads(threads)
    }
    /// Evaluates with the game's numbers changed by `t` (for tuning by
    /// matches; see [`Tweak`]); kept when the searcher changes game.
    pub fn set_tweak(&mut self, t: Tweak) {
        self.inner.set_tweak(t)
    }
    /// Contempt for a draw, in hundredths of a man (see
    /// [`Searcher::set_contempt`]); kept when the searcher changes game.
    pub fn set_contempt(&mut self, contempt: i32) {
        self.inner.set_contempt(contempt)
    }
    /// The searcher of game `R` if this one searches `R` (nothing is replaced).
    pub fn as_typed<R: Evaluate>(&mut self) -> Option<&mut Searcher<R>> {
        self.inner.as_any_mut().downcast_mut::<Searcher<R>>()
    }
    /// Permille of the transposition table written by the last search.
    pub fn hashfull(&self) -> u32 {
        self.inner.hashfull()
    }
    /// The searcher of game `R`: this one if it searches `R`, else a
    /// fresh one in its place, with the same table size and number of
    /// lines (the table's contents belong to the old game).
    pub fn typed<R: Evaluate>(&mut self) -> &mut Searcher<R> {
        if !self.inner.as_any().is::<Searcher<R>>() {
            let (mb, lines) = (self.inner.hash_mb(), self.inner.multipv());
            let (threads, tweak) = (self.inner.threads(), self.inner.tweak());
            let contempt = self.inner.contempt();
            let mut s = Searcher::<R>::new(mb);
            s.set_multipv(lines);
            s.set_threads(threads);
            s.set_tweak(tweak);
            s.set_contempt(contempt);
            self.inner = Box::new(s);
        }
        self.inner
            .as_any_mut()
            .downcast_mut()
            .expect("the searcher was just made for R")
    }
    /// The move the engine recommends at `level` (its budget, without its
    /// deliberate mistakes), for a hint; `None` when the game is over.
    pub fn hint(&mut self, game: &AnyGame, level: u8, stop: &AtomicBool) -> Option<MoveInfo> {
        with_game!(game, g => self.typed().hint(g, level, stop).as_ref().map(MoveInfo::of))
    }
    /// Searches the game's current position (with a fresh searcher of the
    /// game's type if this one searched another game, see [`AnySearcher::typed`]).
    ///
    /// ```
    /// use dama::{AnyGame, AnySearcher, GameOptions, Variant};
    /// use dama::search::Limits;
    /// use std::sync::atomic::AtomicBool;
    /// let game = AnyGame::new(Variant::Ossetian, GameOptions::default());
    /// let mut searcher = AnySearcher::new(Variant::Czech, 1); // follows the game
    /// let limits = Limits { depth: Some(3), ..Limits::default() };
    /// let r = searcher.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
    /// assert!(game.check_move(&r.best.unwrap().text).is_ok());
    /// assert_eq!(searcher.variant(), Variant::Ossetian);
    /// ```
    pub fn search(
        &mut self,
        game: &AnyGame,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> AnyResult {
        with_game!(game, g => {
            let r = self.typed().search(g, limits, stop, on_info);
            AnyResult {
                best: r.best.as_ref().map(MoveInfo::of),
                score: r.score,
                pv: r.pv.iter().map(|m| m.to_string()).collect(),
                depth: r.depth,
                nodes: r.nodes,
            }
        })
    }
}
