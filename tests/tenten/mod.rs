//! Helpers for the tests of the 10×10 games (International, Killer,
//! Breakthrough, Antidraughts): positions written with the square
//! numbers 1–50 of PDN, and games played by move texts as the engine
//! writes them.

#![allow(dead_code)]

use dama::{Game, GameOptions, Rules};

/// The algebraic name of square `n` (1 = `b10`, 46 = `a1`).
pub fn alg(n: u32) -> String {
    let row = (n - 1) / 5;
    let i = (n - 1) % 5;
    let file = if row % 2 == 0 { 2 * i + 1 } else { 2 * i };
    format!("{}{}", (b'a' + file as u8) as char, 10 - row)
}

/// A FEN with numeric squares (`W:W28,K46:B22`) in algebraic squares,
/// which every reader takes.
pub fn fen(numeric: &str) -> String {
    let fields: Vec<String> = numeric
        .split(':')
        .enumerate()
        .map(|(i, f)| {
            let colour = i > 0 && (f.starts_with('W') || f.starts_with('B'));
            if !colour || f.len() == 1 {
                return f.to_string();
            }
            let items: Vec<String> = f[1..]
                .split(',')
                .map(|item| {
                    let (k, n) = item.strip_prefix('K').map_or(("", item), |n| ("K", n));
                    format!("{k}{}", alg(n.parse().unwrap()))
                })
                .collect();
            format!("{}{}", &f[..1], items.join(","))
        })
        .collect();
    fields.join(":")
}

/// A game from a numeric FEN after the moves given as the engine writes them.
pub fn game<R: Rules>(numeric: &str, moves: &[&str]) -> Game<R> {
    let mut g: Game<R> = Game::from_fen(&fen(numeric), GameOptions::default())
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
    assert_eq!(alg(1), "b10");
    assert_eq!(alg(5), "j10");
    assert_eq!(alg(6), "a9");
    assert_eq!(alg(46), "a1");
    assert_eq!(alg(50), "i1");
    assert_eq!(fen("W:W28,K46:B22:H9"), "W:We5,Ka1:Bd6:H9");
}
