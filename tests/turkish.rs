//! Turkish draughts (RULES-MAINSTREAM §13): perft against kish's
//! published counts, hand-made positions with their exact legal moves for
//! every rule that sets the game apart (orthogonal men and kings, removal
//! at once, no 180° turn, the majority rule, promotion only at the end),
//! and every end and draw rule through the game record.

mod common;

use common::*;
use dama::search::Limits;
use dama::{perft, AnyGame, AnySearcher, EndRule, GameOptions, Kind, Position, Turkish, Variant};
use std::sync::atomic::AtomicBool;

type G = Turkish;

#[test]
fn perft_agrees_with_kish() {
    let start = Position::<G>::start();
    let counts: Vec<u64> = (1..=5).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [8, 64, 708, 7538, 85090]);
    assert_eq!(perft::perft(&start, 4, false), 7538);
}

#[test]
fn a_man_steps_forward_or_sideways_never_back_or_diagonally() {
    assert_moves::<G>("W:Wd4:Bh8", &["d4-c4", "d4-d5", "d4-e4"]);
    assert_moves::<G>("B:Wa1:Be5", &["e5-d5", "e5-e4", "e5-f5"]);
    assert_moves::<G>("W:Wa4:Bh8", &["a4-a5", "a4-b4"]);
}

#[test]
fn a_man_captures_forward_and_sideways_only() {
    // d3 (behind) and e5 (diagonal) cannot be taken.
    assert_moves::<G>("W:Wd4:Bc4,d5,e4,d3,e5", &["d4xb4", "d4xd6", "d4xf4"]);
    // Black's forward is down; d7 is behind, c5 diagonal.
    assert_moves::<G>("B:Wd5,e6,c5,d7:Bd6", &["d6xd4", "d6xf6"]);
}

#[test]
fn a_man_that_reaches_the_last_rank_mid_capture_goes_on_as_a_man() {
    // c6xc8, then sideways over d8 as a man; a king on e8 could take e5.
    assert_moves::<G>("W:Wc6:Bc7,d8,e5", &["c6xc8xe8"]);
    assert_eq!(
        details::<G>("W:Wc6:Bc7,d8,e5", "c6xc8xe8"),
        (vec!["c7".into(), "d8".into()], Some(Kind::King))
    );
    assert_eq!(after::<G>("W:Wc6:Bc7,d8,e5", "c6xc8xe8"), "B:WKe8:Be5");
    assert_eq!(details::<G>("W:Wd7:Ba2", "d7-d8").1, Some(Kind::King));
}

#[test]
fn the_king_moves_and_captures_along_ranks_and_files() {
    assert_moves::<G>(
        "W:WKd4:Bh8",
        &[
            "d4-a4", "d4-b4", "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-d6", "d4-d7",
            "d4-d8", "d4-e4", "d4-f4", "d4-g4", "d4-h4",
        ],
    );
    assert_moves::<G>("W:WKa1:Ba5", &["a1xa6", "a1xa7", "a1xa8"]);
    assert_moves::<G>("W:WKh8:Bd8", &["h8xa8", "h8xb8", "h8xc8"]);
    // Never diagonally.
    assert_moves::<G>(
        "W:WKd4:Bf6,h2",
        &[
            "d4-a4", "d4-b4", "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-d6", "d4-d7",
            "d4-d8", "d4-e4", "d4-f4", "d4-g4", "d4-h4",
        ],
    );
}

#[test]
fn captured_pieces_leave_the_board_at_once() {
    // d3, f6, g4 and then b3: the king crosses d3's square, empty since
    // it was taken. With removal at the end d3 would block and three
    // would be the most.
    let fen = "W:WKd1:Bd3,f6,g4,b3";
    assert_moves::<G>(fen, &["d1xd6xg6xg3xa3"]);
    assert_eq!(
        details::<G>(fen, "d1xd6xg6xg3xa3").0,
        ["b3", "d3", "f6", "g4"]
    );
    assert_eq!(after::<G>(fen, "d1xd6xg6xg3xa3"), "B:WKa3:B");
}

#[test]
fn no_turning_straight_back_between_jumps() {
    // From d6 the king takes e6 or b6; having taken one it may not turn
    // back along the rank for the other (which would take three).
    assert_moves::<G>(
        "W:WKd2:Bd4,e6,b6",
        &["d2xd6xa6", "d2xd6xf6", "d2xd6xg6", "d2xd6xh6"],
    );
    // Turning 90° is allowed.
    assert_moves::<G>(
        "W:WKa1:Ba3,c6",
        &["a1xa6xd6", "a1xa6xe6", "a1xa6xf6", "a1xa6xg6", "a1xa6xh6"],
    );
}

#[test]
fn majority_rule_counts_men_and_kings_alike() {
    let fen = "W:Wa2,h2:Ba3,a5,a7,h3";
    assert_moves::<G>(fen, &["a2xa4xa6xa8"]);
    assert_eq!(
        refusal::<G>(fen, "h2xh4"),
        "you must take the most pieces: 3"
    );
    // One king is worth no more than one man here.
    assert_moves::<G>("W:Wc2,f2:BKc3,f3,f5", &["f2xf4xf6"]);
}

#[test]
fn refusals_in_the_games_words() {
    assert_eq!(
        refusal::<G>("W:Wd4:Bh8", "d4-e5"),
        "a man moves one square straight forward or sideways"
    );
    let r = refusal::<G>("W:Wd4:Bh8", "d4-d3");
    assert!(r.ends_with(" do not move backwards"), "{r}");
}

#[test]
fn a_player_without_moves_loses() {
    let o = outcome(&game::<G>("W:Wa7:Ba8,b7,c7", GameOptions::default(), &[]));
    assert_eq!((o.result, o.rule), (win(Black), EndRule::NoMoves));
    let o = outcome(&game::<G>("W:Wc6:Bc7", GameOptions::default(), &["c6xc8"]));
    assert_eq!((o.result, o.rule), (win(White), EndRule::NoPieces));
}

#[test]
fn king_against_king_draws_after_two_moves_each() {
    let g = game::<G>(
        "W:WKa1:BKh8",
        GameOptions::default(),
        &["a1-a2", "h8-h7", "a2-a3"],
    );
    assert_eq!(g.status(), dama::Status::InPlay);
    let o = outcome(&game::<G>(
        "W:WKa1:BKh8",
        GameOptions::default(),
        &["a1-a2", "h8-h7", "a2-a3", "h7-h6"],
    ));
    assert_eq!(
        (o.result, o.rule),
        (DRAW, EndRule::EndgameLimit { plies: 4 })
    );
    // Counted from the capture that made the material.
    let moves = ["a1xa6", "h8-h7", "a6-b6", "h7-g7", "b6-c6"];
    let g = game::<G>("W:WKa1:BKh8,a5", GameOptions::default(), &moves[..4]);
    assert_eq!(g.status(), dama::Status::InPlay);
    let o = outcome(&game::<G>("W:WKa1:BKh8,a5", GameOptions::default(), &moves));
    assert_eq!(o.result, DRAW);
    // A king against a man is no class: play goes on.
    let g = game::<G>(
        "W:WKa1:Bh7",
        GameOptions::default(),
        &["a1-b1", "h7-h6", "b1-a1", "h6-h5", "a1-b1"],
    );
    assert_eq!(g.status(), dama::Status::InPlay);
}

#[test]
fn threefold_repetition_draws() {
    let loop_ = ["a1-b1", "h8-g8", "b1-a1", "g8-h8"];
    let mut moves: Vec<&str> = loop_.iter().chain(loop_.iter()).copied().collect();
    let o = outcome(&game::<G>(
        "W:WKa1,e2:BKh8,d7",
        GameOptions::default(),
        &moves,
    ));
    assert_eq!((o.result, o.rule), (DRAW, EndRule::Repetition { times: 3 }));
    moves.pop();
    let g = game::<G>("W:WKa1,e2:BKh8,d7", GameOptions::default(), &moves);
    assert_eq!(g.status(), dama::Status::InPlay);
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "turkish".parse().unwrap();
    assert_eq!(v.pdn_game_type(), Some(30));
    let mut g = AnyGame::new(v, GameOptions::default());
    g.play("c3-c4").unwrap();
    let mut s = AnySearcher::new(v, 1);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &AtomicBool::new(false), &mut |_| {});
    g.play(&r.best.unwrap().text).unwrap();
    assert_eq!(g.len(), 2);
}
