//! Portable Draughts Notation: whole games as text, several to a file.
//!
//! A PDN file is a list of games. Each game is a tag section followed by
//! movetext:
//!
//! ```text
//! [Event "dama match"]
//! [Date "2024.05.01"]
//! [White "dama level 4"]
//! [Black "dama level 3"]
//! [Result "2-0"]
//! [GameType "29"]
//! [Termination "no-moves"]
//!
//! 1. c3-d4 b6-a5 2. d4-c5 d6xb4 3. a3xc5 ... {white wins: black cannot move} 2-0
//! ```
//!
//! Reading and checking are two steps, as for FEN and moves: [`read_games`]
//! splits text into [`PdnGame`]s (tags, move texts, comments, result)
//! without knowing the rules, and [`PdnGame::replay`] plays every move
//! through the rules core, so a file with a typo and a file with an
//! illegal move give different errors, each naming the game (its number
//! in the file, from 1) and, for a move, its move number and text.
//!
//! # Conventions
//!
//! - **Games.** `GameType` 29 is Czech draughts, as in the PDN standard.
//!   The other four games have no standard number; dama uses its own,
//!   outside the range the standard assigns, and writes a `Variant` tag
//!   with the game's name beside it:
//!
//!   | game | `GameType` | `Variant` |
//!   |---|---|---|
//!   | Czech draughts | 29 | (none written; `czech` is read) |
//!   | Gothic draughts | 101 | `gothic` |
//!   | Knight's draughts | 102 | `knights` |
//!   | Ossetian draughts | 103 | `ossetian` |
//!   | Medieval battle | 104 | `medieval` |
//!
//!   On reading, `Variant` wins over `GameType` (a `GameType` may carry
//!   the standard's extra fields, `29,W,8,8,A0,0`; only the number is
//!   used); the two must not disagree. Without either the game is Czech.
//! - **Results** are written the draughts way, White's score first:
//!   `2-0` White won, `0-2` Black won, `1-1` draw, `*` unknown or
//!   unfinished. The chess forms `1-0`, `0-1`, `1/2-1/2` (and `½-½`) are
//!   read as well; `0-0` (no result) is read as `*`.
//! - **Start position.** A `FEN` tag in the extended FEN of
//!   [`crate::notation::fen`] when the
//!   game did not start from the start position. Move numbers count from
//!   its `F` field; a game where Black moves first begins `1... b6-a5`.
//! - **How the game ended**: a `Termination` tag. For an end by the rules
//!   it is the rule's id (`no-pieces`, `no-moves`, `repetition`,
//!   `no-progress`, `endgame-limit`, `no-capture-limit`, `move-limit`,
//!   `both-blocked`, `resignation`, see [`crate::game::EndRule::id`]);
//!   the match runner adds its own (`illegal-move`, `time-forfeit`,
//!   `crash`, …). A final comment says it in words.
//! - **Rule options** that differ from the defaults are kept in
//!   `NoCaptureLimit` and `MoveLimit` tags (plies), so that a game played
//!   with other limits replays the same way.
//!
//! The reader is lenient about layout: any spacing and line breaks, move
//! numbers present or missing, right or wrong, attached (`1.c3-d4`) or
//! not, `1...` or `1…`, comments `{…}` and `; …` anywhere, variations
//! `( … )` (skipped), annotation marks (`!`, `?`, `$3`), `%` escape lines,
//! CR LF line ends and a byte order mark. It never panics on any input.
//!
//! Files from the real world: [`read_each`] reads every game it can, one
//! result per game, so one broken game does not cost the rest;
//! [`text_of`] says when a file's bytes are UTF-16, NULs or not UTF-8;
//! [`PdnGame::replay_with_warnings`] keeps a game whose moves go on after
//! the rules drew it (a tournament record past an endgame limit) and
//! names the move in a [`PdnWarning`].
//! [`PdnGame::replay_until_bad_move`] stops at a bad move instead of
//! failing, with the game as far as it goes (what `dama pdn show` draws).

mod each;
mod game;
mod read;
mod replay;
#[cfg(test)]
mod tests;
mod write;

pub use each::{read_each, replay_each, text_of, PdnTextError};
pub use game::{game_type, today, variant_of_game_type, PdnError, PdnGame, PdnResult};
pub use read::read_games;
pub use replay::{replay_games, PdnWarning, Replayed};
pub use write::{write_game, write_games};
