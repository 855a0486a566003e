//! The PDN writer.

use super::game::PdnGame;
use crate::notation::fen::Setup;
use crate::piece::Color;
use std::fmt;

fn escape_tag(v: &str) -> String {
    let mut s = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\n' | '\r' | '\t' => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

/// Lines of movetext are wrapped before this many characters.
const LINE_WIDTH: usize = 79;

/// Writes one game: the tags (the `Result` tag set from
/// [`PdnGame::result`], added after the others if missing), an empty
/// line, the movetext with move numbers and comments, the result, and an
/// empty line after.
pub fn write_game(game: &PdnGame) -> String {
    let mut out = String::new();
    let mut wrote_result = false;
    for (k, v) in &game.tags {
        let name: String = k
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        let value = if name.eq_ignore_ascii_case("Result") {
            wrote_result = true;
            game.result.as_str().to_string()
        } else {
            escape_tag(v)
        };
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    if !wrote_result {
        out.push_str(&format!("[Result \"{}\"]\n", game.result));
    }
    out.push('\n');

    // Move numbers count from the FEN's F field; Black may move first.
    // The first player's moves carry the numbers (White's, or Black's
    // in English draughts and pool checkers).
    let first = game.variant().map_or(Color::White, |v| v.first_player());
    let (mut side, mut number) = match game.fen().and_then(|f| f.parse::<Setup>().ok()) {
        Some(s) => (s.side, s.fullmove.unwrap_or(1).max(1)),
        None => (first, 1),
    };
    let mut tokens: Vec<String> = Vec::new();
    let comment = |text: &str| {
        let clean: String = text
            .chars()
            .map(|c| if c == '}' { ')' } else { c })
            .collect();
        format!("{{{}}}", clean.trim())
    };
    let mut need_number = true;
    for (i, mv) in game.moves.iter().enumerate() {
        for (_, c) in game.comments.iter().filter(|(at, _)| *at == i) {
            tokens.push(comment(c));
            need_number = true;
        }
        let mv: String = mv.split_whitespace().collect();
        if side == first {
            tokens.push(format!("{number}. {mv}"));
        } else if need_number {
            tokens.push(format!("{number}... {mv}"));
        } else {
            tokens.push(mv);
        }
        need_number = false;
        if side != first {
            number = number.saturating_add(1);
        }
        side = !side;
    }
    for (_, c) in game
        .comments
        .iter()
        .filter(|(at, _)| *at >= game.moves.len())
    {
        tokens.push(comment(c));
    }
    tokens.push(game.result.as_str().to_string());

    let mut line_len = 0;
    for t in tokens {
        let len = t.chars().count();
        if line_len > 0 && line_len + 1 + len > LINE_WIDTH {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&t);
        line_len += len;
    }
    out.push_str("\n\n");
    out
}

/// Writes several games, one after the other.
pub fn write_games(games: &[PdnGame]) -> String {
    games.iter().map(write_game).collect()
}

impl fmt::Display for PdnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_game(self))
    }
}
