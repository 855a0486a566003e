//! Killer draughts (RULES-MAINSTREAM §3): International draughts with
//! the halt rule for kings that capture a king last.

mod common;
mod tenten;

use common::{outcome, DRAW};
use dama::{perft, AnyGame, EndRule, GameOptions, International, Killer, Position, Variant};
use tenten::game;

type G = Killer;

fn assert_moves(numeric: &str, expected: &[&str]) {
    common::assert_moves::<G>(numeric, expected);
}

#[test]
fn perft_agrees_with_dctl() {
    let start = Position::<G>::start();
    let counts: Vec<u64> = (1..=6).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [9, 81, 658, 4265, 27117, 167140]);
    assert_eq!(perft::perft(&start, 4, false), 4265);
}

#[test]
fn a_king_that_takes_a_king_last_stops_right_behind_it() {
    // International: any square beyond 28; Killer: 23 only.
    common::assert_moves::<International>(
        "W:WK46:BK28,3",
        &["46x10", "46x14", "46x19", "46x23", "46x5"],
    );
    assert_moves("W:WK46:BK28,3", &["46x23"]);
    // A man taken last leaves the choice free.
    assert_moves(
        "W:WK46:B28,3",
        &["46x10", "46x14", "46x19", "46x23", "46x5"],
    );
}

#[test]
fn earlier_jumps_are_free_and_the_king_must_still_go_on() {
    // The king on 28 is not the last piece: the king lands on 19 to go
    // on over 13, then stops freely beyond the man (8 or 2)...
    assert_moves("W:WK46:BK28,13", &["46x19x2", "46x19x8"]);
    // ...or right behind it when it is a king.
    assert_moves("W:WK46:BK28,K13", &["46x19x8"]);
    assert_moves("W:WK46,K36:BK28,K13", &["46x19x8"]);
}

#[test]
fn men_are_not_affected() {
    assert_moves("W:W28:BK23", &["28x19"]);
}

#[test]
fn the_fmjd_draw_rules_apply() {
    let g = game::<G>("W:WK46,K47:BK5:E9", &["46-41"]);
    assert_eq!(outcome(&g).result, DRAW);
    assert_eq!(outcome(&g).rule, EndRule::EndgameLimit { plies: 10 });
    let g = game::<G>("W:WK46,50:BK1,6:H49", &["46-41"]);
    assert_eq!(outcome(&g).rule, EndRule::NoProgress { plies: 50 });
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "killer".parse().unwrap();
    assert_eq!(v.pdn_game_type(), None);
    let g = AnyGame::new(v, GameOptions::default());
    assert_eq!(g.legal_moves().len(), 9);
    assert_eq!(g.perft(4, true), 4265);
}
