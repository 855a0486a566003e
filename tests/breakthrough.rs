//! Breakthrough draughts (RULES-MAINSTREAM §4): International draughts
//! where a man that ends its move on its last rank wins at once.

mod common;
mod tenten;

use common::{outcome, win, Black, White};
use dama::{perft, AnyGame, Breakthrough, EndRule, Game, GameOptions, Position, Status, Variant};
use tenten::game;

type G = Breakthrough;

#[test]
fn perft_agrees_with_international() {
    let start = Position::<G>::start();
    let counts: Vec<u64> = (1..=6).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [9, 81, 658, 4265, 27117, 167140]);
    assert_eq!(perft::perft(&start, 4, false), 4265);
}

#[test]
fn a_man_ending_on_its_last_rank_wins() {
    let g = game::<G>("W:W7:B45", &["7-1"]);
    assert_eq!(outcome(&g).result, win(White));
    assert_eq!(outcome(&g).rule, EndRule::Breakthrough);
    // The finished position has no moves (perft counts none).
    assert!(g.position().legal_moves().is_empty());
    assert_eq!(perft::perft(g.position(), 1, true), 0);
    assert_eq!(perft::perft(g.position(), 2, false), 0);
    // Black's last rank is rank 1.
    let g = game::<G>("B:W31:B44", &["44-50"]);
    assert_eq!(outcome(&g).result, win(Black));
    // By a capture that ends there, too.
    let g = game::<G>("W:W13:B9,45", &["13x4"]);
    assert_eq!(outcome(&g).rule, EndRule::Breakthrough);
}

#[test]
fn a_man_passing_the_last_rank_mid_capture_does_not_win() {
    let g = game::<G>("W:W13:B9,10,45", &["13x4x15"]);
    assert_eq!(g.status(), Status::InPlay);
}

#[test]
fn set_up_positions_with_a_king() {
    // A king of the side to move: refused.
    assert!(Game::<G>::from_fen("W:WK46:B5", GameOptions::default()).is_err());
    // A king of the other side: that side has won; no moves.
    let g = game::<G>("B:WK46:B5", &[]);
    assert_eq!(outcome(&g).result, win(White));
    assert_eq!(outcome(&g).rule, EndRule::Breakthrough);
    assert_eq!(perft::perft(g.position(), 3, true), 0);
}

#[test]
fn no_moves_loses() {
    let g = game::<G>("W:W41,47,50:B36", &["50-45"]);
    assert_eq!(outcome(&g).result, win(White));
    assert_eq!(outcome(&g).rule, EndRule::NoMoves);
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "breakthrough".parse().unwrap();
    assert_eq!(v.pdn_game_type(), Some(96));
    let g = AnyGame::new(v, GameOptions::default());
    assert_eq!(g.perft(4, true), 4265);
}
