//! What the player types: a move or one of the commands.
//!
//! A line is a command when its first word is a command name; otherwise
//! it is taken as a move if it looks like one (it names a square or is
//! `pass`), so a mistyped command gets "unknown command" rather than a
//! puzzling complaint about square names.

/// One line of the player's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move in notation (checked later against the position).
    Move(String),
    /// List the legal moves.
    Moves,
    /// The piece worth moving; asked again, the whole move.
    Hint,
    /// Take back the player's last move and the computer's answer.
    Undo,
    /// Turn the board round.
    Flip,
    /// Draw the board again.
    Board,
    /// Draw the board with a move's path and the pieces it would take,
    /// without playing it (`show MOVE`).
    Show(String),
    /// The rules of the game being played.
    Rules,
    /// Confirms the question just asked (`yes`).
    Yes,
    /// Declines the question just asked (`no`).
    No,
    /// Give up the game.
    Resign,
    /// Save the game as PDN.
    Save(String),
    /// The commands and the legend.
    Help,
    /// Leave the program.
    Quit,
    /// An empty line.
    Empty,
}

/// Why a line is neither a command nor a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// Not a command name and not shaped like a move.
    #[error("unknown command '{0}' (type help for the commands)")]
    Unknown(String),
    /// `save` without a file name.
    #[error("save needs a file name: save FILE")]
    MissingFile,
    /// A move written with spaces in it.
    #[error("'{0}': write a move without spaces, like c3-d4 or c3xe5xc7")]
    Spaces(String),
    /// A command that takes no argument was given one.
    #[error("'{0}' takes no argument")]
    Argument(String),
}

/// Reads one line of input.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Command::Empty);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let lower = word.to_ascii_lowercase();
    let simple = match lower.as_str() {
        "moves" | "legal" | "list" => Some(Command::Moves),
        "hint" => Some(Command::Hint),
        "undo" | "back" | "takeback" => Some(Command::Undo),
        "flip" => Some(Command::Flip),
        "board" => Some(Command::Board),
        "show" => {
            return Ok(if rest.is_empty() {
                Command::Board
            } else if rest.contains(char::is_whitespace) {
                return Err(CommandError::Spaces(rest.to_string()));
            } else {
                Command::Show(rest.to_string())
            })
        }
        "rules" => Some(Command::Rules),
        "yes" | "y" => Some(Command::Yes),
        "no" | "n" => Some(Command::No),
        "resign" => Some(Command::Resign),
        "help" | "?" => Some(Command::Help),
        "quit" | "exit" => Some(Command::Quit),
        "save" => {
            return if rest.is_empty() {
                Err(CommandError::MissingFile)
            } else {
                Ok(Command::Save(rest.to_string()))
            }
        }
        _ => None,
    };
    if let Some(c) = simple {
        return if rest.is_empty() {
            Ok(c)
        } else {
            Err(CommandError::Argument(lower))
        };
    }
    if looks_like_move(line) {
        Ok(Command::Move(line.to_string()))
    } else if looks_like_move(word) {
        Err(CommandError::Spaces(line.to_string()))
    } else {
        Err(CommandError::Unknown(word.to_string()))
    }
}

/// A move names squares (a letter then a digit somewhere) or is `pass`.
fn looks_like_move(text: &str) -> bool {
    if text.eq_ignore_ascii_case("pass") {
        return true;
    }
    let b = text.as_bytes();
    // A named square (c3), or numbered squares joined by a separator
    // (32-28, 28x19, 9:13).
    let numbered = b.first().is_some_and(u8::is_ascii_digit)
        && b.iter().any(|c| matches!(c, b'-' | b'x' | b'X' | b':'))
        && b.iter()
            .all(|c| c.is_ascii_digit() || matches!(c, b'-' | b'x' | b'X' | b':'));
    !text.contains(char::is_whitespace)
        && (numbered
            || b.windows(2)
                .any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_moves() {
        assert_eq!(parse("  hint "), Ok(Command::Hint));
        assert_eq!(parse("UNDO"), Ok(Command::Undo));
        assert_eq!(parse("32-28"), Ok(Command::Move("32-28".into())));
        assert_eq!(parse("28x19x10"), Ok(Command::Move("28x19x10".into())));
        assert_eq!(
            parse("save my game.pdn"),
            Ok(Command::Save("my game.pdn".into()))
        );
        assert_eq!(parse("save"), Err(CommandError::MissingFile));
        assert_eq!(
            parse("flip now"),
            Err(CommandError::Argument("flip".into()))
        );
        assert_eq!(parse("c3-d4"), Ok(Command::Move("c3-d4".into())));
        assert_eq!(parse("c3xc7"), Ok(Command::Move("c3xc7".into())));
        assert_eq!(parse("Pass"), Ok(Command::Move("Pass".into())));
        assert_eq!(parse("z9-a1"), Ok(Command::Move("z9-a1".into())));
        assert_eq!(parse("hnit"), Err(CommandError::Unknown("hnit".into())));
        assert_eq!(parse(""), Ok(Command::Empty));
        assert_eq!(parse("c3 d4"), Err(CommandError::Spaces("c3 d4".into())));
        assert_eq!(parse("show"), Ok(Command::Board));
        assert_eq!(parse("show c3xe5"), Ok(Command::Show("c3xe5".into())));
        assert_eq!(
            parse("show c3 e5"),
            Err(CommandError::Spaces("c3 e5".into()))
        );
        assert_eq!(parse("Rules"), Ok(Command::Rules));
        assert_eq!(parse("yes"), Ok(Command::Yes));
        assert_eq!(parse("n"), Ok(Command::No));
    }
}
