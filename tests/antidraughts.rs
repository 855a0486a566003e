//! Antidraughts (RULES-MAINSTREAM §5): International draughts where the
//! player who cannot move — no pieces, or all blocked — wins.

mod common;
mod tenten;

use common::{outcome, win, Black, White, DRAW};
use dama::search::Limits;
use dama::Variant;
use dama::{perft, Antidraughts, AnyGame, AnySearcher, EndRule, GameOptions, Position, Status};
use std::sync::atomic::AtomicBool;
use tenten::{game, play};

type G = Antidraughts;

#[test]
fn perft_agrees_with_international() {
    let start = Position::<G>::start();
    let counts: Vec<u64> = (1..=6).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [9, 81, 658, 4265, 27117, 167140]);
}

#[test]
fn captures_are_compulsory_and_the_majority_rule_holds() {
    common::assert_moves::<G>("W:W28:B22,23,14", &["28x19x10"]);
}

#[test]
fn no_pieces_left_wins() {
    let g = game::<G>("B:W28:B23,6", &["23x32"]);
    assert_eq!(outcome(&g).result, win(White));
    assert_eq!(outcome(&g).rule, EndRule::NoPiecesWins);
}

#[test]
fn being_blocked_wins() {
    // Black's man on 36 is shut in by 41 and 47: Black wins.
    let g = game::<G>("W:W41,47,50:B36", &["50-45"]);
    assert_eq!(outcome(&g).result, win(Black));
    assert_eq!(outcome(&g).rule, EndRule::NoMovesWins);
}

#[test]
fn repetition_is_the_only_draw() {
    // No 25-move rule, no endgame classes.
    let g = game::<G>("W:WK46,50:BK1,6:H60", &["46-41"]);
    assert_eq!(g.status(), Status::InPlay);
    let g = game::<G>("W:WK46,K47:BK1:H60", &["46-41"]);
    assert_eq!(g.status(), Status::InPlay);
    let mut g = game::<G>("W:WK46,50:BK1,6", &[]);
    for t in [
        "46-41", "1-7", "41-46", "7-1", "46-41", "1-7", "41-46", "7-1",
    ] {
        play(&mut g, t);
    }
    assert_eq!(outcome(&g).result, DRAW);
    assert_eq!(outcome(&g).rule, EndRule::Repetition { times: 3 });
}

#[test]
fn the_evaluation_wants_to_lose_pieces() {
    let fewer: Position<G> = "W:W28,33:B1,2,3".parse().unwrap();
    let more: Position<G> = "W:W28,33,34:B1,2,3".parse().unwrap();
    assert!(dama::eval::evaluate(&fewer) > dama::eval::evaluate(&more) + 50);
}

#[test]
fn the_search_gives_a_piece_away() {
    // 33-28 offers White's last man to 22, and Black must take it:
    // White is left without pieces and wins. 33-29 offers nothing.
    let v: Variant = "antidraughts".parse().unwrap();
    assert_eq!(v.pdn_game_type(), Some(98));
    let g = AnyGame::from_fen(v, "W:W33:B22,5", GameOptions::default()).unwrap();
    let mut s = AnySearcher::new(v, 1);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &AtomicBool::new(false), &mut |_| {});
    assert_eq!(r.best.unwrap().text, "33-28");
    let _ = White;
}
