//! Replay: a PDN game played through the rules core, and a game record
//! written as PDN.

use super::game::{PdnError, PdnGame, PdnResult};
use super::read::read_games;
use crate::any::AnyGame;
use crate::game::{EndRule, GameError, GameOptions, GameResult, Outcome, Status};
use crate::notation::fen::Setup;
use crate::piece::Color;

impl PdnGame {
    /// The record of a game: the standard tags, `FEN` when it did not
    /// start from the start position, rule-option tags when they differ
    /// from the defaults, the moves, and — when the rules have ended it —
    /// the result, a `Termination` tag with the rule's id and a final
    /// comment saying it in words.
    pub fn from_game(game: &AnyGame) -> PdnGame {
        let mut g = PdnGame::new(game.variant());
        if !game.from_start() {
            g.set_tag("FEN", &game.start_fen());
        }
        let o = game.options();
        let d = GameOptions::default();
        if o.no_capture_limit != d.no_capture_limit {
            g.set_tag("NoCaptureLimit", &o.no_capture_limit.to_string());
        }
        if o.move_limit != d.move_limit {
            g.set_tag("MoveLimit", &o.move_limit.to_string());
        }
        g.moves = game.moves();
        if let Status::Over(outcome) = game.status() {
            g.finish(
                PdnResult::of(outcome.result),
                outcome.rule.id(),
                &outcome.to_string(),
            );
        }
        g
    }

    /// Plays the game through the rules core: the game from the tags,
    /// the start position from `FEN`, every move checked; a game whose
    /// `Termination` is `resignation` comes back resigned (when the loser
    /// is the side to move, as a resignation must be). Fails at the
    /// first move that cannot be read, is illegal or comes after the end
    /// of the game, and when the moves end the game by the rules with
    /// another result than the one written.
    ///
    /// ```
    /// use dama::notation::pdn::{read_games, write_game, PdnGame};
    /// use dama::{AnyGame, GameOptions, Variant};
    /// let mut game = AnyGame::from_fen(Variant::Czech, "W:Wc3:Bd4", GameOptions::default()).unwrap();
    /// game.play("c3xe5").unwrap();
    /// let text = write_game(&PdnGame::from_game(&game));
    /// assert!(text.contains("[Result \"2-0\"]") && text.contains("[Termination \"no-pieces\"]"));
    /// let back = read_games(&text).unwrap()[0].replay().unwrap();
    /// assert_eq!(back.fen(), game.fen());
    /// ```
    ///
    /// # Errors
    ///
    /// [`PdnError`]: unknown game or option tags, a bad `FEN` tag, the
    /// first bad move (with its number), or a result the moves contradict.
    pub fn replay(&self) -> Result<AnyGame, PdnError> {
        self.replay_with_warnings().map(|(g, _)| g)
    }

    /// [`PdnGame::replay`], with what it accepted that the rules would
    /// not have: moves played on after the rules drew the game (a
    /// tournament record that went on past an endgame limit). Such moves
    /// are played (each must be legal) and the draw is named in a
    /// [`PdnWarning`]; moves after a won game are still an error.
    ///
    /// # Errors
    ///
    /// As [`PdnGame::replay`].
    pub fn replay_with_warnings(&self) -> Result<(AnyGame, Vec<PdnWarning>), PdnError> {
        match self.replay_until_bad_move()? {
            (_, _, Some(bad)) => Err(bad),
            (game, warnings, None) => Ok((game, warnings)),
        }
    }

    /// [`PdnGame::replay_with_warnings`] that stops at a bad move
    /// instead of failing: the game as far as its moves replay, the
    /// warnings, and the bad move's error if one stopped it (then the
    /// result is not checked and a resignation is not restored), so a
    /// reader can see the position the bad move was written in. A
    /// result the moves contradict comes back the same way, beside the
    /// whole game ([`PdnError::ResultMismatch`]). A bad `FEN` tag is
    /// still an error: there is no board to show.
    ///
    /// # Errors
    ///
    /// As [`PdnGame::replay`], but a bad move or a contradicted result
    /// is returned beside the game.
    #[allow(clippy::type_complexity)]
    pub fn replay_until_bad_move(
        &self,
    ) -> Result<(AnyGame, Vec<PdnWarning>, Option<PdnError>), PdnError> {
        let mut warnings = Vec::new();
        let game_no = self.number;
        let variant = self.variant()?;
        let options = self.options()?;
        let (mut game, mut number) = match self.fen() {
            Some(fen) => {
                let bad = |source| PdnError::BadFen {
                    game: game_no,
                    fen: fen.to_string(),
                    source,
                };
                let setup: Setup = fen.parse().map_err(bad)?;
                let g = AnyGame::from_fen(variant, fen, options).map_err(bad)?;
                (g, setup.fullmove.unwrap_or(1).max(1))
            }
            None => (AnyGame::new(variant, options), 1),
        };
        for text in &self.moves {
            let side = game.side_to_move();
            let played = match game.play(text) {
                Err(GameError::Over(outcome)) if outcome.result == GameResult::Draw => {
                    let on = game.play_on(text).map(|_| ());
                    // Warned only once a move is in fact played on.
                    if on.is_ok() && warnings.is_empty() {
                        warnings.push(PdnWarning {
                            game: game_no,
                            number,
                            side,
                            outcome,
                        });
                    }
                    on
                }
                other => other.map(|_| ()),
            };
            if let Err(source) = played {
                let bad = PdnError::BadMove {
                    game: game_no,
                    number,
                    side,
                    text: text.clone(),
                    source,
                };
                return Ok((game, warnings, Some(bad)));
            }
            if side == Color::Black {
                number = number.saturating_add(1);
            }
        }
        // A game saved after a resignation comes back resigned.
        if let (Some(GameResult::Win(winner)), Some(t), Status::InPlay) =
            (self.result.game_result(), self.termination(), game.status())
        {
            if t.trim() == EndRule::Resignation.id() && game.side_to_move() == !winner {
                let _ = game.resign(!winner);
            }
        }
        if let Status::Over(outcome) = game.status() {
            let actual = PdnResult::of(outcome.result);
            if self.result != PdnResult::Unknown && self.result != actual {
                let bad = PdnError::ResultMismatch {
                    game: game_no,
                    written: self.result,
                    outcome,
                };
                return Ok((game, warnings, Some(bad)));
            }
        }
        Ok((game, warnings, None))
    }
}

/// A game accepted although its moves go on after the rules drew it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnWarning {
    /// The game's number in the file.
    pub game: usize,
    /// The number of the first move played after the draw.
    pub number: u32,
    /// Who played it.
    pub side: Color,
    /// The draw the rules declared before that move.
    pub outcome: Outcome,
}

impl std::fmt::Display for PdnWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dots = match self.side {
            Color::White => ".",
            Color::Black => "...",
        };
        write!(
            f,
            "game {}: the rules drew the game before move {}{} ({}); the moves played on after it are kept",
            self.game, self.number, dots, self.outcome
        )
    }
}

/// A game read and replayed, with its warnings.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game as read.
    pub pdn: PdnGame,
    /// The game as the rules core replayed it.
    pub game: AnyGame,
    /// What the replay accepted that the rules would not have.
    pub warnings: Vec<PdnWarning>,
}

/// Reads every game and replays each through the rules core.
pub fn replay_games(text: &str) -> Result<Vec<(PdnGame, AnyGame)>, PdnError> {
    read_games(text)?
        .into_iter()
        .map(|g| {
            let a = g.replay()?;
            Ok((g, a))
        })
        .collect()
}
