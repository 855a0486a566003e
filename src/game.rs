//! The game record: a start position, the moves played, the counters the
//! end rules need, and the verdict.
//!
//! [`Game<R>`] keeps one entry per ply (the move, the position after it
//! and the counters after it), so undo is a pop and repetition is a scan
//! of keys. What ends a game differs from game to game and lives in each
//! game's [`Rules::verdict`]; the record supplies the counters, checks
//! repetition where the game has that rule, and handles resignation.
//!
//! ```
//! use dama::{Game, Gothic, GameOptions};
//! // Gothic draughts with a no-capture limit of 10 plies instead of 30:
//! let options = GameOptions { no_capture_limit: 10, ..GameOptions::default() };
//! let mut game = Game::<Gothic>::new(options);
//! game.play_text("a2-a3").unwrap();
//! assert_eq!(game.counters().since_capture, 1);
//! assert_eq!(game.fen(), "B:Wa1,a3,b1,b2,c1,c2,d1,d2,e1,e2,f1,f2,g1,g2,h1,h2:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8:H1:F1");
//! ```

use crate::explain::{self, MoveError};
use crate::moves::Move;
use crate::notation::fen::{FenError, Setup};
use crate::piece::Color;
use crate::position::{Position, SetupError};
pub use crate::rules::outcome::{plies_text, ply_count, EndRule, GameResult, Outcome, Tally};
pub use crate::rules::{Counters, GameOptions};

use crate::rules::Rules;

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move has a move and no rule has ended the game.
    InPlay,
    /// The game is over.
    Over(Outcome),
}

/// Why a game refused an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move text was unreadable or the move is not legal.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The game has ended.
    #[error("the game is over ({0})")]
    Over(Outcome),
    /// Resigning is allowed only on one's own turn.
    #[error("{0} can resign only on {0}'s own turn")]
    NotYourTurn(Color),
    /// Nothing to undo.
    #[error("there is no move to take back")]
    NothingToUndo,
    /// The start position did not fit the game.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

#[derive(Clone, Debug)]
struct Entry<R: Rules> {
    mv: Move<R>,
    pos: Position<R>,
    counters: Counters,
}

/// A game of `R`: a start position and the moves played from it.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    start: Position<R>,
    start_counters: Counters,
    options: GameOptions,
    entries: Vec<Entry<R>>,
    resigned: Option<Color>,
}

impl<R: Rules> Default for Game<R> {
    fn default() -> Self {
        Self::new(GameOptions::default())
    }
}

impl<R: Rules> Game<R> {
    /// A game from the start position.
    pub fn new(options: GameOptions) -> Self {
        Self::from_position(Position::start(), Counters::default(), options)
    }

    /// A game from a position with given counters.
    pub fn from_position(start: Position<R>, counters: Counters, options: GameOptions) -> Self {
        let mut c = counters;
        c.material_mark = R::material_mark(&start);
        c.class = R::endgame_class(&start);
        if c.class == 0 {
            c.since_class = 0;
        }
        Game {
            start,
            start_counters: c,
            options,
            entries: Vec::new(),
            resigned: None,
        }
    }

    /// A game from a parsed FEN (its `H` and `F` fields become the counters).
    /// A board without any piece is refused: it is no game's position.
    ///
    /// # Errors
    ///
    /// [`SetupError`] when a piece does not fit the game, or there is none;
    /// when an `L` field names a limit the position cannot have
    /// ([`SetupError::NoSuchLimit`]); when a `C` field other than `H` or
    /// an `E` above 0 has nothing to count ([`SetupError::CounterDoesNotApply`]:
    /// `C` where the game would not write it, `E` in a game without
    /// endgame classes).
    pub fn from_setup(setup: &Setup, options: GameOptions) -> Result<Self, SetupError> {
        if setup.pieces.is_empty() {
            return Err(SetupError::NoPieces);
        }
        let pos = Position::from_setup(setup)?;
        // A FEN without `F` is at move 1 (so a game set up with the second
        // player to move writes `F2` after its first move, as from `F1`).
        let ply = (setup.fullmove.unwrap_or(1).max(1) - 1)
            .saturating_mul(2)
            .saturating_add(u32::from(setup.side != R::FIRST));
        let mut counters = Counters::start(&pos, setup.counter.unwrap_or(0), ply);
        // A `C` or `E` the position has no use for would be lost without
        // a word (the FEN written back leaves it out): refused instead.
        // `C` equal to its default (`H`) and `E0` say nothing, and pass;
        // an `E` is refused only by a game without endgame classes (see
        // `Rules::ENDGAME_CLASSES`: the engine may write one on any board
        // of a game that has them).
        if let Some(c) = setup.since_material {
            let default = counters.since_material;
            counters.since_material = c;
            if c != default && !R::writes_since_material(&pos, &counters) {
                return Err(SetupError::CounterDoesNotApply {
                    field: 'C',
                    value: c,
                });
            }
        }
        counters.since_class = setup.since_class.unwrap_or(0);
        if counters.since_class > 0 && !R::ENDGAME_CLASSES {
            return Err(SetupError::CounterDoesNotApply {
                field: 'E',
                value: counters.since_class,
            });
        }
        let since_class = counters.since_class;
        let mut game = Self::from_position(pos, counters, options);
        if let Some(limit) = setup.limit {
            let c = &mut game.start_counters;
            if let Some(mark) = R::mark_for_limit(&pos, limit) {
                c.material_mark = mark;
            } else if let Some(class) = R::class_for_limit(&pos, limit) {
                // The class kept since the material appeared, which the
                // board no longer shows: its count goes on from `E`.
                c.class = class;
                c.since_class = if class == 0 { 0 } else { since_class };
            } else {
                return Err(SetupError::NoSuchLimit { limit });
            }
        }
        Ok(game)
    }

    /// A game from a FEN (its `H` and `F` fields become the counters).
    ///
    /// ```
    /// use dama::{Czech, Game, GameOptions};
    /// let game = Game::<Czech>::from_fen("B:Wc3:Bd6:H4:F12", GameOptions::default()).unwrap();
    /// assert_eq!(game.counters().ply, 23);
    /// assert_eq!(game.fen(), "B:Wc3:Bd6:H4:F12");
    /// ```
    ///
    /// # Errors
    ///
    /// [`FenError`] when the text is not a FEN or does not fit the game.
    pub fn from_fen(fen: &str, options: GameOptions) -> Result<Self, FenError> {
        let setup: Setup = fen.parse()?;
        Self::from_setup(&setup, options).map_err(FenError::Setup)
    }

    /// The rule options in force.
    pub fn options(&self) -> GameOptions {
        self.options
    }
    /// Changes the rule options.
    pub fn set_options(&mut self, o: GameOptions) {
        self.options = o;
    }
    /// The start position.
    pub fn start(&self) -> &Position<R> {
        &self.start
    }
    /// The counters at the start position.
    pub fn start_counters(&self) -> Counters {
        self.start_counters
    }
    /// The current position.
    pub fn position(&self) -> &Position<R> {
        self.entries.last().map_or(&self.start, |e| &e.pos)
    }
    /// The current counters.
    pub fn counters(&self) -> Counters {
        self.entries
            .last()
            .map_or(self.start_counters, |e| e.counters)
    }
    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = &Move<R>> + '_ {
        self.entries.iter().map(|e| &e.mv)
    }
    /// Number of plies played.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    /// True when no move has been played.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    /// The moves played as the game's records write them
    /// ([`write_move`](crate::notation::movetext::write_move): the short
    /// form of a capture on a numbered board where it is unambiguous).
    pub fn move_texts(&self) -> Vec<String> {
        let before = std::iter::once(&self.start).chain(self.entries.iter().map(|e| &e.pos));
        before
            .zip(self.entries.iter())
            .map(|(p, e)| crate::notation::movetext::write_move(p, &e.mv))
            .collect()
    }
    /// The last move played.
    pub fn last_move(&self) -> Option<&Move<R>> {
        self.entries.last().map(|e| &e.mv)
    }
    /// Keys of every position of the game so far, the start first.
    pub fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::once(self.start.key()).chain(self.entries.iter().map(|e| e.pos.key()))
    }

    /// How often the current position has occurred (same side to move).
    pub fn repetitions(&self) -> usize {
        let k = self.position().key();
        self.keys().filter(|&x| x == k).count()
    }

    /// The game's status, with the rule that ended it.
    ///
    /// ```
    /// use dama::{Czech, EndRule, Game, Status};
    /// let mut game: Game<Czech> = "W:Wc3:Bd4".parse().unwrap();
    /// assert_eq!(game.status(), Status::InPlay);
    /// game.play_text("c3xe5").unwrap();
    /// let Status::Over(o) = game.status() else { unreachable!() };
    /// assert_eq!(o.rule, EndRule::NoPieces);
    /// assert_eq!(o.to_string(), "white wins: black has no pieces left");
    /// ```
    pub fn status(&self) -> Status {
        if let Some(c) = self.resigned {
            return Status::Over(Outcome::win(!c, EndRule::Resignation));
        }
        let pos = self.position();
        let has_move = !pos.legal_moves().is_empty();
        if let Some(o) = crate::rules::outcome(pos, &self.counters(), &self.options, has_move) {
            return Status::Over(o);
        }
        if R::REPETITIONS > 0 && self.repetitions() >= R::REPETITIONS as usize {
            return Status::Over(Outcome::draw(EndRule::Repetition {
                times: R::REPETITIONS,
            }));
        }
        Status::InPlay
    }

    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::InPlay => None,
            Status::Over(o) => Some(o),
        }
    }

    /// Plays a move of the current position (checked for legality).
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] after the end, [`GameError::Move`] when the
    /// move is not legal here.
    pub fn play(&mut self, m: &Move<R>) -> Result<(), GameError> {
        if let Status::Over(o) = self.status() {
            return Err(GameError::Over(o));
        }
        let pos = *self.position();
        let legal = pos.legal_moves();
        let Some(found) = legal.iter().find(|x| *x == m && x.is_pass() == m.is_pass()) else {
            return Err(GameError::Move(MoveError::Illegal(
                explain::Illegal::NoSuchMove(m.to_string()),
            )));
        };
        self.push(*found);
        Ok(())
    }

    /// Reads a move in notation, checks it and plays it; returns the move.
    ///
    /// ```
    /// use dama::{Czech, Game};
    /// let mut game: Game<Czech> = Game::default();
    /// let m = game.play_text("c3-d4").unwrap();
    /// assert_eq!((m.from().unwrap().to_string(), m.is_capture()), ("c3".into(), false));
    /// // A refused move says why, in a player's words:
    /// let e = game.play_text("d4-e5").unwrap_err();
    /// assert_eq!(e.to_string(), "the piece on d4 is not yours: it is white's and black is to move");
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] after the end; [`GameError::Move`] when the
    /// text cannot be read or the move is not legal, with the reason.
    pub fn play_text(&mut self, text: &str) -> Result<Move<R>, GameError> {
        if let Status::Over(o) = self.status() {
            return Err(GameError::Over(o));
        }
        let m = explain::parse_move(self.position(), text)?;
        self.push(m);
        Ok(m)
    }

    /// Plays a move text even though the rules have ended the game: for
    /// records that played on past a draw the rules would have declared
    /// (the move must still be legal in the position).
    ///
    /// # Errors
    ///
    /// [`GameError::Move`] when the text cannot be read or the move is illegal.
    pub fn play_on(&mut self, text: &str) -> Result<Move<R>, GameError> {
        let m = explain::parse_move(self.position(), text)?;
        self.push(m);
        Ok(m)
    }

    /// Appends a move known to be legal (no check).
    pub fn push(&mut self, m: Move<R>) {
        let before = self.position();
        let after = before.after(&m);
        let counters = self.counters().after(&m, &after);
        self.entries.push(Entry {
            mv: m,
            pos: after,
            counters,
        });
    }

    /// Takes back the last ply (and a resignation, if any; to withdraw
    /// only the resignation, see [`Game::withdraw_resignation`]).
    ///
    /// ```
    /// use dama::{Czech, Game};
    /// let mut game: Game<Czech> = Game::default();
    /// game.play_text("c3-d4").unwrap();
    /// assert_eq!(game.undo().unwrap().to_string(), "c3-d4");
    /// assert!(game.undo().is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NothingToUndo`] when no move was played.
    pub fn undo(&mut self) -> Result<Move<R>, GameError> {
        self.resigned = None;
        self.entries
            .pop()
            .map(|e| e.mv)
            .ok_or(GameError::NothingToUndo)
    }

    /// Takes back `n` plies; fails without changing anything if fewer were played.
    ///
    /// # Errors
    ///
    /// [`GameError::NothingToUndo`] when fewer than `n` plies were played.
    pub fn undo_n(&mut self, n: usize) -> Result<(), GameError> {
        if n > self.entries.len() {
            return Err(GameError::NothingToUndo);
        }
        for _ in 0..n {
            self.entries.pop();
        }
        self.resigned = None;
        Ok(())
    }

    /// Withdraws a resignation, the moves staying as they are; false if
    /// nobody had resigned.
    pub fn withdraw_resignation(&mut self) -> bool {
        self.resigned.take().is_some()
    }

    /// `c` resigns (only on its own turn, and only while the game is on).
    ///
    /// ```
    /// use dama::{Color, Czech, Game, Status};
    /// let mut game: Game<Czech> = Game::default();
    /// assert!(game.resign(Color::Black).is_err());
    /// game.resign(Color::White).unwrap();
    /// let Status::Over(o) = game.status() else { unreachable!() };
    /// assert_eq!(o.to_string(), "black wins: white resigned");
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] after the end, [`GameError::NotYourTurn`] when
    /// it is the other side's turn.
    pub fn resign(&mut self, c: Color) -> Result<(), GameError> {
        if let Status::Over(o) = self.status() {
            return Err(GameError::Over(o));
        }
        if self.position().side() != c {
            return Err(GameError::NotYourTurn(c));
        }
        self.resigned = Some(c);
        Ok(())
    }

    /// The start position's FEN with its counters (for saving).
    pub fn start_fen(&self) -> String {
        fen_with(&self.start, &self.start_counters)
    }

    /// The current position's FEN with its counters: every field a reader
    /// needs to get the same game back (`H`, and `C`, `E` and `L` where
    /// the game's draw rules need them, then `F`).
    pub fn fen(&self) -> String {
        fen_with(self.position(), &self.counters())
    }
}

/// The FEN of a position with its counters.
fn fen_with<R: Rules>(pos: &Position<R>, c: &Counters) -> String {
    let mut s = pos.to_setup();
    s.counter = Some(if R::REPETITIONS > 0 {
        c.since_progress
    } else {
        c.since_capture
    });
    if R::writes_since_material(pos, c) {
        s.since_material = Some(c.since_material);
    }
    s.limit = R::fen_limit(pos, c);
    if c.class != 0 && c.since_class > 0 {
        s.since_class = Some(c.since_class);
    }
    s.fullmove = Some(c.ply / 2 + 1);
    s.to_string()
}

impl<R: Rules> std::str::FromStr for Game<R> {
    type Err = FenError;
    /// A game from a FEN with the default rule options (see [`Game::from_fen`]).
    fn from_str(s: &str) -> Result<Self, FenError> {
        Self::from_fen(s, GameOptions::default())
    }
}
