//! Brazilian draughts (RULES-MAINSTREAM §6): perft against dctl's
//! table, hand-made positions with their exact legal moves for the
//! rules that set the game apart, its draw rules (FMJD-64, as Russian
//! draughts) and the run-time layer.

mod common;

use common::*;
use dama::rules::brazilian::Brazilian;
use dama::search::Limits;
use dama::{perft, AnyGame, AnySearcher, EndRule, GameOptions, Kind, Position, Variant};
use std::sync::atomic::AtomicBool;

type G = Brazilian;

#[test]
fn perft_agrees_with_dctl() {
    let start = Position::<G>::start();
    let counts: Vec<u64> = (1..=7).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7473, 37628, 187302]);
}

#[test]
fn men_capture_backwards_and_the_most_pieces_must_be_taken() {
    assert_moves::<G>("W:Wd4:Bc3", &["d4xb2"]);
    // Two pieces (d4, f6) beat one (g3).
    assert_moves::<G>("W:Wc3,h2:Bd4,f6,g3", &["c3xe5xg7"]);
    // Kings and men count alike: one king is not worth more than one man.
    assert_moves::<G>("W:Wc3,h2:Bd4,Kg3", &["c3xe5", "h2xf4"]);
}

#[test]
fn kings_fly_and_capture_at_a_distance() {
    assert_moves::<G>("W:WKa1:Bd4", &["a1xe5", "a1xf6", "a1xg7", "a1xh8"]);
    // It must land where it can go on: only e5 leads on, over c7 to b8.
    assert_moves::<G>("W:WKa1:Bd4,c7", &["a1xe5xb8"]);
}

#[test]
fn a_man_passing_the_last_rank_mid_capture_stays_a_man() {
    assert_moves::<G>("W:Wd6:Be7,g7", &["d6xf8xh6"]);
    assert_eq!(details::<G>("W:Wd6:Be7,g7", "d6xf8xh6").1, None);
    assert_eq!(after::<G>("W:Wd6:Be7,g7", "d6xf8xh6"), "B:Wh6:B");
    assert_eq!(details::<G>("W:Wd6:Be7", "d6xf8").1, Some(Kind::King));
}

#[test]
fn draws_as_in_russian_draughts() {
    // 15 moves each of kings only (30 plies), nothing captured.
    let g = game::<G>("W:WKa1,a3:BKh8,h6:H29", GameOptions::default(), &["a1-b2"]);
    assert_eq!(outcome(&g).rule, EndRule::NoProgress { plies: 30 });
    let g = game::<G>("W:WKa1,a3:BKh8,h6:H29", GameOptions::default(), &["a3-b4"]);
    assert_eq!(g.status(), dama::Status::InPlay);
    // Class R1: a lone king against a king and a man, the stronger side's 5th move.
    let g = game::<G>("W:WKa1,c3:BKh8:E9", GameOptions::default(), &["c3-d4"]);
    let o = outcome(&g);
    assert_eq!(
        (o.result, o.rule),
        (DRAW, EndRule::EndgameLimit { plies: 10 })
    );
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "brazilian".parse().unwrap();
    assert_eq!(v.to_string(), "brazilian");
    assert!(Variant::NAMES.contains(&"brazilian"));
    let mut g = AnyGame::new(v, GameOptions::default());
    g.play("c3-d4").unwrap();
    let mut s = AnySearcher::new(v, 1);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &AtomicBool::new(false), &mut |_| {});
    g.play(&r.best.unwrap().text).unwrap();
    assert_eq!(g.len(), 2);
}

#[test]
fn a_kept_endgame_class_reads_back_from_its_fen() {
    // R2 judged with the lone king alone on a1-h8 and kept after it steps
    // off: the FEN writes the class's limit as `L10` (RULES-MAINSTREAM's
    // FMJD-64 classes, as in Russian draughts).
    let o = GameOptions::default();
    let g = game::<G>("B:WKa3,c1,e1:BKd4", o, &["d4-b6"]);
    let fen = g.fen();
    assert_eq!(fen, "W:WKa3,c1,e1:BKb6:H1:C1:E1:L10:F2");
    let back = dama::Game::<G>::from_fen(&fen, o).unwrap();
    assert_eq!(back.counters(), g.counters());
}
