//! Spanish draughts (RULES-MAINSTREAM §10): perft against dctl's table,
//! hand-made positions with their exact legal moves for the rules that
//! set the game apart (the board with `h1` playable numbered from `h1`,
//! flying kings, men capturing forward only, most pieces then most
//! kings), its draw rule and the run-time layer.

mod common;

use common::*;
use dama::rules::spanish::Spanish;
use dama::search::Limits;
use dama::{perft, AnyGame, AnySearcher, GameOptions, Kind, Position, Variant};
use std::sync::atomic::AtomicBool;

type G = Spanish;

#[test]
fn perft_agrees_with_dctl() {
    let start = Position::<G>::start();
    let counts: Vec<u64> = (1..=7).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7361, 36473, 177532]);
}

#[test]
fn squares_are_numbered_from_h1() {
    use dama::rules::mechanics::square_name;
    assert_eq!(square_name::<G>("h1".parse().unwrap()), "1");
    assert_eq!(square_name::<G>("b1".parse().unwrap()), "4");
    assert_eq!(square_name::<G>("a2".parse().unwrap()), "8");
    assert_eq!(square_name::<G>("a8".parse().unwrap()), "32");
    let mut m: Vec<String> = Position::<G>::start()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    m.sort();
    assert_eq!(
        m,
        ["10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"]
    );
}

#[test]
fn most_pieces_then_most_kings() {
    // The king on h1 takes two (f3, c4), the man on d3 one.
    assert_moves::<G>("W:Wd3,Kh1:Bc4,f3", &["1x19x12", "1x19x8"]);
    // One piece each: the king (e4) before the man (c4).
    assert_moves::<G>("W:Wd3:Bc4,Ke4", &["11x18"]);
    // One piece each, no king taken: free choice, king or man.
    assert_moves::<G>(
        "W:Wd3,b3,Kh1:Bc4,f3",
        &["11x20", "12x19", "1x14", "1x19", "1x23", "1x28", "1x32"],
    );
}

#[test]
fn men_capture_forward_only_and_are_crowned_by_a_capture() {
    assert_moves::<G>("W:Wd3:Bc2,e2,g8", &["11-14", "11-15"]);
    assert_moves::<G>("W:Wa6:Bb7,d7", &["24x31"]);
    assert_eq!(details::<G>("W:Wa6:Bb7,d7", "24x31").1, Some(Kind::King));
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "spanish".parse().unwrap();
    assert_eq!(v.pdn_game_type(), Some(24));
    let g = AnyGame::new(v, GameOptions::default());
    let mut s = AnySearcher::new(v, 1);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &AtomicBool::new(false), &mut |_| {});
    let best = r.best.unwrap();
    assert!(g.legal_moves().iter().any(|m| m.text == best.text));
}

#[test]
fn positions_and_moves_in_numbers_and_the_third_repetition() {
    let g = dama::Game::<G>::new(GameOptions::default());
    assert!(
        g.fen().starts_with("W:W1,2,3,4,5,6,7,8,9,10,11,12:B21,22,"),
        "{}",
        g.fen()
    );
    let o = GameOptions::default();
    let round = ["4-8", "32-28", "8-4", "28-32"];
    let moves: Vec<&str> = round.iter().cycle().take(8).copied().collect();
    let g = game::<G>("W:WK4,12:BK32,25", o, &moves);
    assert_eq!(outcome(&g).rule, dama::EndRule::Repetition { times: 3 });
}

#[test]
fn refusals_speak_of_the_precedence() {
    assert_eq!(
        refusal::<G>("W:W11:B15,K14", "11x20"),
        "you must take the most kings"
    );
    assert_eq!(
        refusal::<G>("W:Wd3,Kh1:Bc4,f3", "11x20"),
        "you must take the most pieces: 2"
    );
}
