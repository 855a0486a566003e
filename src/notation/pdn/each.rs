//! PDN files as they come: bytes that may not be text, and files in
//! which one game is broken among good ones.
//!
//! [`read_games`] is strict: the first game it cannot read stops it,
//! which is right for a file dama wrote and wrong for a tournament's
//! archive, where one mistyped comment would cost every game after it.
//! [`read_each`] reads every game it can and returns one result per
//! game, so a program (and `dama pdn check`) reports each bad game and
//! keeps the rest. [`text_of`] says what a file is when it is not text
//! dama can read: UTF-16, or full of NUL bytes.

use super::game::{PdnError, PdnGame};
use super::read::read_games;
use super::replay::Replayed;

/// Why bytes are not a PDN text dama can read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnTextError {
    /// A UTF-16 byte-order mark at the start.
    #[error(
        "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8 or ASCII"
    )]
    Utf16,
    /// NUL bytes: a binary file, or UTF-16 without its mark.
    #[error("the file holds NUL bytes: it is not a text file (or it is UTF-16 without a byte-order mark)")]
    Nul,
    /// Bytes that are not UTF-8.
    #[error("the file is not UTF-8 text (the first bad byte is at offset {0}); save it as UTF-8")]
    NotUtf8(usize),
}

/// The text of a PDN file's bytes: UTF-8 (a byte-order mark at the start
/// is dropped) or ASCII.
///
/// ```
/// use dama::notation::pdn::{text_of, PdnTextError};
/// assert_eq!(text_of(b"\xEF\xBB\xBF1. c3-d4 *").unwrap(), "1. c3-d4 *");
/// assert_eq!(text_of(b"\xFF\xFE1\x00.\x00"), Err(PdnTextError::Utf16));
/// assert_eq!(text_of(b"1\x00.\x00"), Err(PdnTextError::Nul));
/// ```
///
/// # Errors
///
/// [`PdnTextError`] saying what the bytes are instead.
pub fn text_of(bytes: &[u8]) -> Result<String, PdnTextError> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(PdnTextError::Utf16);
    }
    if bytes.contains(&0) {
        return Err(PdnTextError::Nul);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| PdnTextError::NotUtf8(e.valid_up_to()))?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text).to_string())
}

/// Reads every game of a PDN text, one result per game in file order:
/// a game that cannot be read is an error naming its number and line,
/// and the games after it are still read. (A file that reads well gives
/// the games [`read_games`] gives.)
///
/// ```
/// use dama::notation::pdn::read_each;
/// let text = "[Event \"a\"]\n1. c3-d4 *\n\n[Event \"b\"]\n1. c3-d4 {oops *\n\n[Event \"c\"]\n1. e3-f4 *\n";
/// let games = read_each(text);
/// assert_eq!(games.len(), 3);
/// assert!(games[0].is_ok() && games[2].is_ok());
/// assert_eq!(games[1].as_ref().unwrap_err().to_string(), "game 2, line 5: the comment is not closed with '}'");
/// assert_eq!(games[2].as_ref().unwrap().number, 3);
/// ```
pub fn read_each(text: &str) -> Vec<Result<PdnGame, PdnError>> {
    if let Ok(games) = read_games(text) {
        return games.into_iter().map(Ok).collect();
    }
    let mut out: Vec<Result<PdnGame, PdnError>> = Vec::new();
    for (first_line, chunk) in chunks(text) {
        let number = out.len() + 1;
        match read_games(chunk) {
            Ok(games) => {
                for (i, mut g) in games.into_iter().enumerate() {
                    g.number = number + i;
                    g.line += first_line - 1;
                    out.push(Ok(g));
                }
            }
            Err(e) => out.push(Err(moved(e, number, first_line - 1))),
        }
    }
    out
}

/// Reads and replays every game: one result per game, each game with
/// the warnings its replay gave (see [`PdnGame::replay_with_warnings`]).
pub fn replay_each(text: &str) -> Vec<Result<Replayed, PdnError>> {
    read_each(text)
        .into_iter()
        .map(|g| {
            let pdn = g?;
            let (game, warnings) = pdn.replay_with_warnings()?;
            Ok(Replayed {
                pdn,
                game,
                warnings,
            })
        })
        .collect()
}

/// The text cut into games by its tag sections: a tag line after lines
/// of moves begins the next game. Each piece comes with the number of
/// its first line.
fn chunks(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut start_line = 1;
    let mut seen_moves = false;
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim_start();
        if t.starts_with('[') {
            if seen_moves {
                out.push((start_line, &text[start..offset]));
                start = offset;
                start_line = i + 1;
                seen_moves = false;
            }
        } else if !t.trim().is_empty() {
            seen_moves = true;
        }
        offset += line.len();
    }
    if start < text.len() {
        out.push((start_line, &text[start..]));
    }
    out
}

/// A reading error of a piece of the text, renamed to the game's number
/// in the whole file and its lines shifted to the file's.
fn moved(e: PdnError, game: usize, lines: usize) -> PdnError {
    match e {
        PdnError::BadTag { line, text, .. } => PdnError::BadTag {
            game,
            line: line + lines,
            text,
        },
        PdnError::UnclosedTag { line, .. } => PdnError::UnclosedTag {
            game,
            line: line + lines,
        },
        PdnError::UnclosedComment { line, .. } => PdnError::UnclosedComment {
            game,
            line: line + lines,
        },
        PdnError::UnclosedVariation { line, .. } => PdnError::UnclosedVariation {
            game,
            line: line + lines,
        },
        PdnError::StrayParen { line, .. } => PdnError::StrayParen {
            game,
            line: line + lines,
        },
        PdnError::ResultConflict { tag, movetext, .. } => PdnError::ResultConflict {
            game,
            tag,
            movetext,
        },
        other => other,
    }
}
