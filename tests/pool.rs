//! Pool checkers (RULES-MAINSTREAM §11): perft against dctl's table,
//! hand-made positions with their exact legal moves for the rules that
//! set the game apart (flying kings, men capturing backwards, free
//! choice, no crowning mid-capture, Black first), its draw rules and the
//! run-time layer.

mod common;

use common::*;
use dama::rules::pool::{endgame_class, Pool, P};
use dama::search::Limits;
use dama::{perft, AnyGame, AnySearcher, Color, EndRule, GameOptions, Kind, Position, Variant};
use std::sync::atomic::AtomicBool;

type G = Pool;

#[test]
fn perft_agrees_with_dctl() {
    let start = Position::<G>::start();
    assert_eq!(start.side(), Color::Black);
    let counts: Vec<u64> = (1..=7).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7482, 37986, 190146]);
}

#[test]
fn free_choice_men_capture_backwards_kings_fly() {
    // c3 (22): one piece (b4) or two (d4, f6).
    assert_moves::<G>("W:Wc3:Bb4,d4,f6", &["22x13", "22x15x8"]);
    // Backwards: d4 (18) over c3 to b2 (25).
    assert_moves::<G>("W:Wd4:Bc3", &["18x25"]);
    // A king at a distance: a1 (29) over d4 to e5, f6, g7, h8.
    assert_moves::<G>("W:WKa1:Bd4", &["29x15", "29x11", "29x8", "29x4"]);
}

#[test]
fn a_man_passing_the_king_row_mid_capture_stays_a_man() {
    // d6 (10) x e7 to f8 (3), then back over g7 to h6 (12): still a man.
    assert_moves::<G>("W:Wd6:Be7,g7", &["10x3x12"]);
    assert_eq!(details::<G>("W:Wd6:Be7,g7", "10x3x12").1, None);
    assert_eq!(details::<G>("W:Wd6:Be7", "10x3").1, Some(Kind::King));
}

#[test]
fn draw_rules() {
    assert_eq!(endgame_class(&pos::<G>("W:WKa1,Kc1,Ke1:BKh8")), P);
    assert_eq!(endgame_class(&pos::<G>("W:WKa1,Kc1,e1:BKh8")), 0);
    assert_eq!(endgame_class(&pos::<G>("W:WKa1,Kc1:BKh8")), 0);
    let o = GameOptions::default();
    // Class P: the stronger side's 13th move draws (White entered the class,
    // 25 plies ago: 12 White moves made).
    let g = game::<G>("W:WKa1,Kc1,Ke1:BKh6:E25", o, &["a1-b2"]);
    assert_eq!(outcome(&g).rule, EndRule::EndgameLimit { plies: 26 });
    let g = game::<G>("W:WKa1,Kc1,Ke1:BKh6:E23", o, &["a1-b2"]);
    assert_eq!(g.status(), dama::Status::InPlay);
    // 15 moves each of kings only.
    let g = game::<G>("W:WKa1,a3:BKh8,h6:H29", o, &["a1-b2"]);
    assert_eq!(outcome(&g).rule, EndRule::NoProgress { plies: 30 });
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "pool".parse().unwrap();
    assert_eq!(v.pdn_game_type(), Some(23));
    assert_eq!(v.first_player(), Color::Black);
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
