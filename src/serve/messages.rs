//! The messages between the page and the server, one JSON object per
//! WebSocket text message, told apart by the field `t`.
//!
//! A client message is read in two steps, as every input of dama is:
//! its size and JSON shape first ([`ClientMsg::parse`]), then each
//! field against the game (square names, game names, levels) where it
//! is used. A message that fails either step gets an `error` reply and
//! changes nothing.

use crate::any::MoveInfo;
use crate::piece::Color;
use crate::square::Square;
use serde::{Deserialize, Serialize};

/// Longest client message accepted, in bytes.
pub const MAX_MESSAGE: usize = 8 * 1024;

/// What the page asks.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMsg {
    /// A new game against the computer.
    New {
        /// The game's name (`czech`, …).
        variant: String,
        /// The computer's level, 1–5.
        level: u8,
        /// The player's colour: `white`, `black` or `random`.
        color: String,
    },
    /// A game against the computer saved in the browser, replayed.
    Resume {
        /// The game's name.
        variant: String,
        /// The computer's level.
        level: u8,
        /// The player's colour.
        human: String,
        /// The start FEN, when not the game's start position.
        #[serde(default)]
        start: Option<String>,
        /// The moves played, in notation.
        moves: Vec<String>,
        /// The colour that resigned the game, if it ended so.
        #[serde(default)]
        resigned: Option<String>,
    },
    /// Play the move the taps describe: origin, then landing squares (no
    /// squares: pass, where the game has passes and the player no move).
    Move {
        /// Square names.
        path: Vec<String>,
    },
    /// Why can the piece on this square not move?
    Why {
        /// A square name.
        square: String,
    },
    /// The move worth playing.
    Hint,
    /// Take back the player's last move and the reply.
    Undo,
    /// Resign (on one's own turn).
    Resign,
    /// A room to play a friend by code.
    Create {
        /// The game's name.
        variant: String,
    },
    /// Enter a room by code, with the seat's token when returning.
    Join {
        /// The room code.
        code: String,
        /// The secret of a seat taken before.
        #[serde(default)]
        token: Option<String>,
    },
    /// Leave the current game or room (the seat stays the player's).
    Leave,
    /// Keep the connection alive.
    Ping,
}

impl ClientMsg {
    /// Reads one message; the error says what was wrong.
    pub fn parse(text: &str) -> Result<ClientMsg, String> {
        if text.len() > MAX_MESSAGE {
            return Err(format!(
                "the message is too long ({} bytes, at most {MAX_MESSAGE})",
                text.len()
            ));
        }
        serde_json::from_str(text).map_err(|e| format!("the message cannot be read: {e}"))
    }
}

/// A piece on the board.
#[derive(Clone, Debug, Serialize)]
pub struct PieceView {
    /// Its square.
    pub sq: String,
    /// `white` or `black`.
    pub color: &'static str,
    /// The game's name of its kind (`man`, `king`, `knight`, `pawn`, …).
    pub kind: &'static str,
}

/// A move as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// Its notation.
    pub text: String,
    /// Origin (`None` for a pass).
    pub from: Option<String>,
    /// Landing squares, the destination last.
    pub path: Vec<String>,
    /// Squares of the pieces it takes.
    pub captured: Vec<String>,
    /// What the piece becomes, if it is promoted.
    pub promotion: Option<&'static str>,
}

impl MoveView {
    /// The view of a move of a game whose kinds are named by `name`.
    pub fn of(m: &MoveInfo, name: impl Fn(crate::piece::Kind) -> &'static str) -> Self {
        MoveView {
            text: m.text.clone(),
            from: m.from.map(|s| s.to_string()),
            path: names(&m.path),
            captured: names(&m.captured),
            promotion: m.promotion.map(name),
        }
    }
}

/// Square names.
pub fn names(v: &[Square]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// The result of a finished game.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: &'static str,
    /// The winner, if any.
    pub winner: Option<&'static str>,
    /// The deciding rule's identifier (`no-moves`, `repetition`, …).
    pub rule: &'static str,
    /// The result and the rule in words.
    pub text: String,
}

/// One seat of a room.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// Someone has taken the seat.
    pub taken: bool,
    /// Its player is connected now.
    pub present: bool,
    /// The computer is moving for the absent player.
    pub computer: bool,
    /// Seconds until the computer moves for the absent player.
    pub takeover_in: Option<u64>,
}

/// What the page needs to know of a room.
#[derive(Clone, Debug, Serialize)]
pub struct RoomView {
    /// The code a friend joins with.
    pub code: String,
    /// The seats, White then Black.
    pub seats: [SeatView; 2],
    /// The wait before the computer moves for an absent player, in seconds.
    pub wait: u64,
}

/// The whole state of a game as one player sees it.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    /// The version of the game (changes with every move).
    pub version: u64,
    /// `solo` (against the computer) or `room` (a friend).
    pub mode: &'static str,
    /// The game's name.
    pub variant: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// Board files.
    pub files: u8,
    /// Board ranks.
    pub ranks: u8,
    /// The squares pieces stand on (all of them, or the dark ones).
    pub playable: Vec<String>,
    /// On a numbered board, the number of each square of `playable`
    /// (same order), drawn on the squares; empty where the game names
    /// its squares (`c3`), whose board shows letters and digits on the edges.
    pub numbers: Vec<u32>,
    /// The pieces.
    pub pieces: Vec<PieceView>,
    /// Whose turn it is.
    pub turn: &'static str,
    /// The viewer's colour; `None` for a spectator.
    pub you: Option<&'static str>,
    /// The viewer's legal moves (empty unless it is the viewer's turn).
    pub moves: Vec<MoveView>,
    /// The pieces that must capture (viewer's turn only).
    pub must_capture: Vec<String>,
    /// The last move played.
    pub last: Option<MoveView>,
    /// The result, once the game is over.
    pub result: Option<ResultView>,
    /// The computer's level (solo), or the level it plays an absent player at.
    pub level: u8,
    /// The computer is thinking.
    pub thinking: bool,
    /// The start FEN when not the game's start position (for saving).
    pub start: Option<String>,
    /// The moves played (for saving).
    pub record: Vec<String>,
    /// Moves of the viewer that may be taken back.
    pub can_undo: bool,
    /// The room, in a friend game.
    pub room: Option<RoomView>,
}

/// What the server says.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The game as the viewer sees it.
    State(Box<StateView>),
    /// A move or action was refused; `square` is the piece to shake.
    Refused {
        /// The reason in words.
        reason: String,
        /// The piece concerned.
        square: Option<String>,
    },
    /// The hint for the position of `version`.
    Hint {
        /// The position it belongs to.
        version: u64,
        /// The move.
        #[serde(rename = "move")]
        mv: MoveView,
    },
    /// A room was made or entered: the seat's secret for this browser.
    Seat {
        /// The room code.
        code: String,
        /// The seat's colour, `None` for a spectator.
        color: Option<&'static str>,
        /// The seat's secret (`None` for a spectator).
        token: Option<String>,
        /// The join link.
        link: String,
    },
    /// A message could not be read or is not allowed now.
    Error {
        /// What was wrong.
        message: String,
    },
    /// Answer to `ping`.
    Pong,
    /// Answer to `leave`: no state of the game left follows.
    Left,
}

impl ServerMsg {
    /// The JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|_| r#"{"t":"error","message":"internal"}"#.into())
    }
}

/// `white` or `black`.
pub fn color_name(c: Color) -> &'static str {
    c.name()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_message() {
        assert_eq!(
            ClientMsg::parse(r#"{"t":"move","path":["c3","d4"]}"#).unwrap(),
            ClientMsg::Move {
                path: vec!["c3".into(), "d4".into()]
            }
        );
        assert_eq!(
            ClientMsg::parse(r#"{"t":"hint"}"#).unwrap(),
            ClientMsg::Hint
        );
        assert_eq!(
            ClientMsg::parse(r#"{"t":"join","code":"ABC234"}"#).unwrap(),
            ClientMsg::Join {
                code: "ABC234".into(),
                token: None
            }
        );
    }

    #[test]
    fn refuses_bad_messages_with_a_reason() {
        assert!(ClientMsg::parse("").unwrap_err().contains("cannot be read"));
        assert!(ClientMsg::parse(r#"{"t":"fly"}"#)
            .unwrap_err()
            .contains("fly"));
        assert!(ClientMsg::parse(r#"{"t":"move","path":"c3"}"#).is_err());
        assert!(
            ClientMsg::parse(r#"{"t":"new","variant":"czech","level":300,"color":"w"}"#).is_err()
        );
        let long = format!(r#"{{"t":"why","square":"{}"}}"#, "a".repeat(MAX_MESSAGE));
        assert!(ClientMsg::parse(&long).unwrap_err().contains("too long"));
    }
}
