//! The words of `dama play`: plies, scores, moves with what they take,
//! the board's description, columns.

use super::*;

/// A score from the computer's side, in words a player reads.
pub(super) fn score_words(score: Score) -> String {
    match score.decided() {
        Some(p) if p >= 0 => format!("the computer wins in {}", ply_count(p as usize)),
        Some(p) => format!("the computer loses in {}", ply_count((-p) as usize)),
        None => format!("{:+.2} for the computer", f64::from(score.0) / 100.0),
    }
}

/// The progress line for one search report.
pub(super) fn progress(info: &Info) -> String {
    format!(
        "thinking: depth {}, {}",
        info.depth,
        score_words(info.score)
    )
}

/// A square as the player finds it on the board drawn, whose edges are
/// lettered and numbered (`e5`); in a game whose players number the
/// squares (international, English, …) its number comes first, as the
/// moves are written in numbers: `28 (e5)`.
pub(super) fn square_words(game: &AnyGame, sq: crate::square::Square) -> String {
    match game.square_number(sq) {
        Some(n) => format!("{n} ({sq})"),
        None => sq.to_string(),
    }
}

/// Squares in a player's words, separated by commas (see [`square_words`]).
pub(super) fn join(game: &AnyGame, squares: &[crate::square::Square]) -> String {
    squares
        .iter()
        .map(|&s| square_words(game, s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Squares as the game's moves write them (`23`, or `f6` where the game
/// names its squares), separated by commas: for what a move takes,
/// written beside the move itself.
fn join_as_moves(game: &AnyGame, squares: &[crate::square::Square]) -> String {
    squares
        .iter()
        .map(|&s| {
            game.square_number(s)
                .map_or_else(|| s.to_string(), |n| n.to_string())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The board being played in words: `files a–h, ranks 1–8`.
pub(super) fn board_words(game: &AnyGame) -> String {
    format!(
        "files a–{}, ranks 1–{}",
        (b'a' + game.files() - 1) as char,
        game.ranks()
    )
}

/// A move error in a player's words, off-board squares described with
/// the board being played (not every board's a–j and 1–10).
pub(super) fn move_error_words(game: &AnyGame, e: &impl std::fmt::Display) -> String {
    let text = e.to_string();
    let board = board_words(game);
    let text = text.replace(
        "is off every board (files a–j, ranks 1–10)",
        &format!("is off the board ({board})"),
    );
    match text.strip_suffix(" is not a square of this board") {
        Some(sq) => format!("{sq} is off the board ({board})"),
        None => text,
    }
}

/// Cells laid out in as many columns as fit `width`, filled down each
/// column (`ls`-style), so a long list of moves stays a few lines high.
pub(super) fn columns(cells: &[String], width: usize) -> String {
    let cell = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0) + 2;
    let per_row = ((width - 2) / cell.max(1)).max(1);
    let rows = cells.len().div_ceil(per_row);
    let mut out = String::new();
    for r in 0..rows {
        let mut line = String::from("  ");
        for c in 0..per_row {
            if let Some(text) = cells.get(c * rows + r) {
                line.push_str(&format!("{text:cell$}"));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A move with what it captures and what it becomes, e.g.
/// `c3xe5xc7 (takes d4, d6)`.
pub(super) fn describe(game: &AnyGame, m: &MoveInfo) -> String {
    let extra = extras(game, m);
    if extra.is_empty() {
        m.text.clone()
    } else {
        format!("{} ({extra})", m.text)
    }
}

/// `takes d4, d6; becomes a king`, or empty.
pub(super) fn extras(game: &AnyGame, m: &MoveInfo) -> String {
    let mut parts = Vec::new();
    if !m.captured.is_empty() {
        parts.push(format!("takes {}", join_as_moves(game, &m.captured)));
    }
    if let Some(k) = m.promotion {
        parts.push(format!("becomes a {}", game.kind_name(k)));
    }
    parts.join("; ")
}

/// The text with its first letter in upper case.
pub(super) fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
