//! English draughts (RULES-MAINSTREAM §8): perft against dctl's table,
//! hand-made positions with their exact legal moves for the rules that
//! set the game apart (short kings, men capturing forward only, crowning
//! that ends the move, Black moving first), its draw rules and the
//! run-time layer.

mod common;

use common::*;
use dama::rules::english::English;
use dama::search::Limits;
use dama::{
    perft, AnyGame, AnySearcher, Color, EndRule, Game, GameOptions, Kind, Position, Variant,
};
use std::sync::atomic::AtomicBool;

type G = English;

#[test]
fn perft_agrees_with_dctl() {
    let start = Position::<G>::start();
    assert_eq!(start.side(), Color::Black);
    let counts: Vec<u64> = (1..=7).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768, 179740]);
    // The start is colour-symmetric: the same counts with White to move.
    let white = start.with_side(Color::White);
    assert_eq!(perft::perft(&white, 5, true), 7361);
}

#[test]
fn squares_are_numbered_from_b8() {
    let start = Position::<G>::start();
    let mut m: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    m.sort();
    assert_eq!(
        m,
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    assert_eq!(
        dama::rules::mechanics::square_name::<G>("b8".parse().unwrap()),
        "1"
    );
    assert_eq!(
        dama::rules::mechanics::square_name::<G>("g1".parse().unwrap()),
        "32"
    );
}

#[test]
fn men_capture_forward_only_and_kings_jump_short() {
    // c3 (22) cannot take d2 (26) behind it.
    assert_moves::<G>("W:Wc3:Bd2", &["22-17", "22-18"]);
    // A king jumps one square over, in any direction; it does not fly.
    assert_moves::<G>("W:WKc3:Bd4", &["22x15"]);
    assert_moves::<G>("W:WKc3:Bd2", &["22x31"]);
    assert_moves::<G>("W:WKc3:Be5", &["22-17", "22-18", "22-25", "22-26"]);
    // Free choice: one piece or two.
    assert_moves::<G>("W:Wc3:Bb4,d4,d6", &["22x13", "22x15x6"]);
}

#[test]
fn a_man_crowned_by_a_capture_stops() {
    // b6 x c7 lands on d8 (2) and is crowned; e7 is not taken.
    assert_moves::<G>("W:Wb6:Bc7,e7", &["9x2"]);
    assert_eq!(details::<G>("W:Wb6:Bc7,e7", "9x2").1, Some(Kind::King));
}

#[test]
fn black_moves_first_and_move_numbers_follow() {
    let mut g = Game::<G>::new(GameOptions::default());
    assert_eq!(g.position().side(), Color::Black);
    assert!(g.fen().starts_with("B:"));
    assert!(g.fen().ends_with(":F1"), "{}", g.fen());
    g.play_text("f6-e5").unwrap(); // 11-15
                                   // White answers in move 1.
    assert!(g.fen().ends_with(":F1"), "{}", g.fen());
    g.play_text("c3-d4").unwrap(); // 22-18
    assert!(g.fen().ends_with(":F2"), "{}", g.fen());
    // A FEN with Black to move at move 1 is the start of the game.
    let h = Game::<G>::from_fen(
        &Game::<G>::new(GameOptions::default()).fen(),
        GameOptions::default(),
    )
    .unwrap();
    assert_eq!(h.counters().ply, 0);
    let w = Game::<G>::from_fen("W:Wc3:Be5:F1", GameOptions::default()).unwrap();
    assert_eq!(w.counters().ply, 1);
}

#[test]
fn the_forty_move_rule() {
    let o = GameOptions::default();
    let g = game::<G>("W:WKc3,a3:BKh8,h6:H79", o, &["c3-d4"]);
    assert_eq!(outcome(&g).rule, EndRule::NoProgress { plies: 80 });
    let g = game::<G>("W:WKc3,a3:BKh8,h6:H79", o, &["a3-b4"]);
    assert_eq!(g.status(), dama::Status::InPlay);
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "english".parse().unwrap();
    assert_eq!(v.pdn_game_type(), Some(21));
    assert_eq!(v.first_player(), Color::Black);
    let mut g = AnyGame::new(v, GameOptions::default());
    g.play("f6-e5").unwrap();
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
fn positions_in_numbers_and_the_third_repetition() {
    let g = Game::<G>::new(GameOptions::default());
    assert!(g.fen().starts_with("B:W21,22,"), "{}", g.fen());
    let g: Game<G> = "B:W21-32:B1-12".parse().unwrap();
    assert_eq!(g.counters().ply, 0);
    let round = ["22-18", "3-7", "18-22", "7-3"];
    let moves: Vec<&str> = round.iter().cycle().take(8).copied().collect();
    let g = game::<G>("W:WK22,29:BK3,12", GameOptions::default(), &moves);
    assert_eq!(outcome(&g).rule, EndRule::Repetition { times: 3 });
}
