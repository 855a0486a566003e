//! Small helpers shared by the per-game tests: legal moves as sorted
//! texts, the reason a move is refused, and games from a FEN.

#![allow(dead_code)]

pub mod czech_ref;

use dama::explain::parse_move;
use dama::{Game, GameOptions, GameResult, Kind, Outcome, Position, Rules, Status};

/// The position of a FEN (panics with the FEN on error: test data).
pub fn pos<R: Rules>(fen: &str) -> Position<R> {
    fen.parse()
        .unwrap_or_else(|e| panic!("{} rejects {fen}: {e}", R::VARIANT))
}

/// The legal moves of a FEN, as sorted notation.
pub fn moves<R: Rules>(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = pos::<R>(fen)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

/// Asserts the exact legal moves of a FEN.
pub fn assert_moves<R: Rules>(fen: &str, expected: &[&str]) {
    let mut e: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    e.sort();
    assert_eq!(moves::<R>(fen), e, "{} {fen}", R::VARIANT);
}

/// The captured squares and the promotion of the legal move written `text`.
pub fn details<R: Rules>(fen: &str, text: &str) -> (Vec<String>, Option<Kind>) {
    let p = pos::<R>(fen);
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {fen}"));
    (
        m.captured().iter().map(|s| s.to_string()).collect(),
        m.promotion(),
    )
}

/// The FEN after playing the legal move written `text` (full path).
pub fn after<R: Rules>(fen: &str, text: &str) -> String {
    let p = pos::<R>(fen);
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {fen}"));
    p.after(&m).to_string()
}

/// The message a player gets for the move text, which must be refused.
pub fn refusal<R: Rules>(fen: &str, text: &str) -> String {
    match parse_move(&pos::<R>(fen), text) {
        Ok(m) => panic!("{text} was accepted as {m} in {fen}"),
        Err(e) => e.to_string(),
    }
}

/// A game from a FEN with options, after the given moves.
pub fn game<R: Rules>(fen: &str, options: GameOptions, moves: &[&str]) -> Game<R> {
    let setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut g = Game::<R>::from_setup(&setup, options).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", g.fen()));
    }
    g
}

/// The outcome of a finished game (panics while it is in play).
pub fn outcome<R: Rules>(g: &Game<R>) -> Outcome {
    match g.status() {
        Status::Over(o) => o,
        Status::InPlay => panic!("the game {} is still in play", g.fen()),
    }
}

/// Shorthands for results.
#[allow(unused_imports)]
pub use dama::Color::{Black, White};
/// A win for a side.
pub fn win(c: dama::Color) -> GameResult {
    GameResult::Win(c)
}
/// A draw.
pub const DRAW: GameResult = GameResult::Draw;
