//! How a game ended: who won and by which rule.
//!
//! These types sit below the game record so that each game's rules
//! ([`crate::rules::Rules::verdict`]) can name them.

use crate::piece::Color;
use std::fmt;

/// Who won, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2` (the winner's side first, chess style).
    pub fn score(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// The rule that ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndRule {
    /// The side to move has no pieces left.
    NoPieces,
    /// The side to move has no legal move.
    NoMoves,
    /// The same position with the same side to move for the `times`-th
    /// time (the third in most games, the fourth in Italian draughts).
    Repetition {
        /// How many times the position stood on the board.
        times: u32,
    },
    /// Czech: 15 moves of each player without a man move and without a capture.
    NoProgress {
        /// The limit in plies.
        plies: u32,
    },
    /// Czech: the endgame limit against a lone king.
    EndgameLimit {
        /// The limit in plies.
        plies: u32,
    },
    /// Gothic, Medieval: plies without a capture; the stronger side wins.
    NoCaptureLimit {
        /// The limit in plies.
        plies: u32,
        /// What "stronger" counts: pieces (Gothic) or army strength (Medieval).
        tally: Tally,
    },
    /// Knight's draughts: the agreed number of plies; more pieces wins.
    MoveLimit {
        /// The limit in plies.
        plies: u32,
    },
    /// Neither side can move (Gothic, Ossetian); decided by material or captures.
    BothBlocked,
    /// A player resigned.
    Resignation,
    /// Antidraughts: the side to move has no pieces left, and wins.
    NoPiecesWins,
    /// Antidraughts: the side to move has no legal move, and wins.
    NoMovesWins,
    /// Breakthrough: a man ended its move on its last rank, and its side wins.
    Breakthrough,
}

impl EndRule {
    /// A short identifier for protocols and files (`no-pieces`, `repetition`, …).
    pub fn id(self) -> &'static str {
        match self {
            EndRule::NoPieces => "no-pieces",
            EndRule::NoMoves => "no-moves",
            EndRule::Repetition { .. } => "repetition",
            EndRule::NoProgress { .. } => "no-progress",
            EndRule::EndgameLimit { .. } => "endgame-limit",
            EndRule::NoCaptureLimit { .. } => "no-capture-limit",
            EndRule::MoveLimit { .. } => "move-limit",
            EndRule::BothBlocked => "both-blocked",
            EndRule::Resignation => "resignation",
            EndRule::NoPiecesWins => "no-pieces-wins",
            EndRule::NoMovesWins => "no-moves-wins",
            EndRule::Breakthrough => "breakthrough",
        }
    }
}

/// What a limit rule compares to name the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tally {
    /// The number of pieces (Gothic draughts).
    Pieces,
    /// Army strength: pawn 1, knight 2, commander 3, king 4 (Medieval battle).
    Strength,
}

/// The end of a game: the result and the rule that decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won.
    pub result: GameResult,
    /// Why.
    pub rule: EndRule,
}

impl Outcome {
    /// A win for `c` by `rule`.
    pub fn win(c: Color, rule: EndRule) -> Self {
        Outcome {
            result: GameResult::Win(c),
            rule,
        }
    }
    /// A draw by `rule`.
    pub fn draw(rule: EndRule) -> Self {
        Outcome {
            result: GameResult::Draw,
            rule,
        }
    }
}

impl fmt::Display for Outcome {
    /// For example `white wins: black has no pieces left` or
    /// `draw: the same position for the third time`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loser = match self.result {
            GameResult::Win(c) => {
                write!(f, "{c} wins: ")?;
                !c
            }
            GameResult::Draw => {
                f.write_str("draw: ")?;
                Color::White
            }
        };
        match self.rule {
            EndRule::NoPieces => write!(f, "{loser} has no pieces left"),
            EndRule::NoMoves => write!(f, "{loser} cannot move"),
            EndRule::Repetition { times } => {
                write!(f, "the same position for the {} time", ordinal(times))
            }
            EndRule::NoProgress { plies } => write!(
                f,
                "{} moves of each player without a man moving and without a capture",
                plies / 2
            ),
            EndRule::EndgameLimit { plies } => write!(
                f,
                "the lone king held out for {} moves of each player",
                plies / 2
            ),
            EndRule::NoCaptureLimit { plies, tally } => {
                let span = plies_text(plies);
                match (self.result, tally) {
                    (GameResult::Draw, Tally::Pieces) => {
                        write!(f, "{span} without a capture, equal numbers of pieces")
                    }
                    (_, Tally::Pieces) => {
                        write!(f, "{span} without a capture, more pieces wins")
                    }
                    (GameResult::Draw, Tally::Strength) => {
                        write!(f, "{span} without a capture, armies of equal strength")
                    }
                    (_, Tally::Strength) => {
                        write!(f, "{span} without a capture, the stronger army wins")
                    }
                }
            }
            EndRule::MoveLimit { plies } => {
                let span = plies_text(plies);
                match self.result {
                    GameResult::Draw => {
                        write!(f, "the limit of {span}, equal numbers of pieces")
                    }
                    _ => write!(f, "the limit of {span}, more pieces wins"),
                }
            }
            EndRule::BothBlocked => match self.result {
                GameResult::Draw => f.write_str("neither side can move, and the count is equal"),
                _ => f.write_str("neither side can move, and the count decides"),
            },
            EndRule::Resignation => write!(f, "{loser} resigned"),
            EndRule::NoPiecesWins => write!(f, "{} has no pieces left", !loser),
            EndRule::NoMovesWins => write!(f, "{} cannot move", !loser),
            EndRule::Breakthrough => write!(f, "{}'s man reached the last rank", !loser),
        }
    }
}

/// `third`, `fourth`…: how many times a position stood on the board, as
/// the repetition rule's message says it.
fn ordinal(n: u32) -> String {
    match n {
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        n => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

/// A count of plies as a player reads it: `30 plies (15 moves of each
/// player)`, `1 ply`, `7 plies`.
pub fn plies_text(plies: u32) -> String {
    match plies {
        n if n % 2 == 0 => {
            let each = n / 2;
            let moves = if each == 1 { "move" } else { "moves" };
            format!("{n} plies ({each} {moves} of each player)")
        }
        n => ply_count(n as usize),
    }
}

/// A count of plies, plainly: `1 ply`, `0 plies`, `7 plies`.
pub fn ply_count(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn ordinals_read_as_words_then_with_suffixes() {
        let got: Vec<String> = [3, 4, 6, 11, 12, 13, 21, 22, 23, 111].map(ordinal).into();
        assert_eq!(
            got,
            ["third", "fourth", "6th", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"]
        );
    }
}
