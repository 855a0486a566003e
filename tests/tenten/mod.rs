//! Helpers for the tests of the 10×10 games (International, Killer,
//! Breakthrough, Antidraughts): games from a FEN (square numbers 1–50
//! of PDN) played on by move texts as the engine writes them.

#![allow(dead_code)]

use dama::{Game, GameOptions, Rules};

/// A game from a numeric FEN after the moves given as the engine writes them.
pub fn game<R: Rules>(numeric: &str, moves: &[&str]) -> Game<R> {
    let mut g: Game<R> = Game::from_fen(numeric, GameOptions::default())
        .unwrap_or_else(|e| panic!("{numeric}: {e}"));
    for t in moves {
        play(&mut g, t);
    }
    g
}

/// Plays the legal move written `text`.
pub fn play<R: Rules>(g: &mut Game<R>, text: &str) {
    let m = *g
        .position()
        .legal_moves()
        .iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {}", g.fen()));
    g.play(&m).unwrap();
}

#[test]
fn numbers_name_the_squares_of_n2() {
    use dama::{International, Position};
    // 1 = b10, 5 = j10, 6 = a9, 46 = a1, 50 = i1.
    let p: Position<International> = "W:W46,50:B1,5,6".parse().unwrap();
    let alg: Position<International> = "W:Wa1,i1:Bb10,j10,a9".parse().unwrap();
    assert_eq!(p, alg);
    assert_eq!(alg.to_string(), "W:W46,50:B1,5,6");
}
