//! Ossetian draughts (RULES.md §4): hand-made positions with their exact
//! legal moves, one or more for every rule, the refusals a player sees,
//! and every end of the game with its verdict.

mod common;

use common::*;
use dama::{EndRule, GameOptions, Ossetian, Status};

type G = Ossetian;

#[test]
fn a_piece_steps_forward_three_ways() {
    assert_moves::<G>("W:Wd4:Bg7", &["d4-c5", "d4-d5", "d4-e5"]);
    // Black's forward is down the board.
    assert_moves::<G>("B:Wa1:Bd4", &["d4-c3", "d4-d3", "d4-e3"]);
    // On the edge file.
    assert_moves::<G>("W:Wa2:Bg7", &["a2-a3", "a2-b3"]);
}

#[test]
fn captures_go_in_all_eight_directions_backward_and_sideways_included() {
    // Sideways over c4; backwards over d3 and on over e3 (the chain
    // turns); backwards diagonally over e3. Free choice: the single
    // captures are as legal as the double one.
    let fen = "W:Wd4:Bc4,d3,e3";
    assert_moves::<G>(fen, &["d4xb4", "d4xd2xf4", "d4xf2"]);
    assert_eq!(
        details::<G>(fen, "d4xd2xf4"),
        (vec!["d3".into(), "e3".into()], None)
    );
    assert_eq!(
        refusal::<G>(fen, "d4xd2"),
        "the capture must go on from d2: d4xd2xf4"
    );
    // Backward only.
    assert_moves::<G>("W:Wd4:Bd3", &["d4xd2"]);
    // Black takes upwards (its backward).
    assert_moves::<G>("B:Wc4:Bc3", &["c3xc5"]);
}

#[test]
fn a_multiple_capture_turns_and_chains_that_are_one_move_merge() {
    // b2 can go round the four pieces either way and come home: the
    // two chains have the same origin, destination and captured pieces,
    // so they are one move, written with the path that comes first in
    // file-then-rank order (b4 before d2).
    let fen = "W:Wb2:Bb3,c2,c4,d3";
    assert_moves::<G>(fen, &["b2xb4xd4xd2xb2"]);
    assert_eq!(
        details::<G>(fen, "b2xb4xd4xd2xb2").0,
        vec!["b3".to_string(), "c2".into(), "c4".into(), "d3".into()]
    );
    assert_eq!(dama::perft::perft(&pos::<G>(fen), 1, true), 1);
    assert_eq!(after::<G>(fen, "b2xb4xd4xd2xb2"), "B:Wb2:B");
}

#[test]
fn no_promotion() {
    // A piece reaching the last rank stays a piece...
    assert_moves::<G>("W:Wd6:Bg1", &["d6-c7", "d6-d7", "d6-e7"]);
    assert_eq!(details::<G>("W:Wd6:Bg1", "d6-d7"), (vec![], None));
    assert_eq!(after::<G>("W:Wd6:Bg1", "d6-d7"), "B:Wd7:Bg1");
    // ...cannot step any more, but still captures.
    assert_moves::<G>("W:Wd7:Bd6", &["d7xd5"]);
    assert_eq!(details::<G>("W:Wd7:Bd6", "d7xd5").1, None);
}

/// White's pieces stand on their last rank, Black's three of four too.
const WHITE_BLOCKED: &str = "W:Wa7,b7,c7:Ba1,b1,c1,g4";

#[test]
fn a_player_without_a_move_passes() {
    assert_moves::<G>(WHITE_BLOCKED, &["pass"]);
    assert_moves::<G>(&WHITE_BLOCKED.replacen('W', "B", 1), &["g4-f3", "g4-g3"]);
    assert_eq!(
        refusal::<G>(WHITE_BLOCKED, "c7-c6"),
        "you have no move and must pass"
    );
    assert_eq!(
        refusal::<G>("W:Wd4:Bg7", "pass"),
        "you cannot pass: you have a move"
    );
    // Passing goes on until Black runs out of moves too: then the game
    // ends, and Black (21 - 3 = 18 taken against 21 - 4 = 17) wins.
    let line = ["pass", "g4-g3", "pass", "g3-g2", "pass", "g2-g1"];
    let g = game::<G>(WHITE_BLOCKED, GameOptions::default(), &line[..5]);
    assert_eq!(g.status(), Status::InPlay);
    let g = game::<G>(WHITE_BLOCKED, GameOptions::default(), &line);
    assert_moves::<G>(&g.fen(), &[]);
    let o = outcome(&g);
    assert_eq!((o.result, o.rule), (win(Black), EndRule::BothBlocked));
    assert_eq!(dama::perft::perft(&pos::<G>(WHITE_BLOCKED), 2, true), 2);
}

#[test]
fn when_neither_can_move_the_one_who_captured_more_wins() {
    // White has taken 21 - 3 = 18, Black 21 - 2 = 19.
    let o = outcome(&game::<G>(
        "W:Wa7,b7:Ba1,b1,c1",
        GameOptions::default(),
        &[],
    ));
    assert_eq!((o.result, o.rule), (win(Black), EndRule::BothBlocked));
    let o = outcome(&game::<G>(
        "B:Wa7,b7,c7:Ba1,b1",
        GameOptions::default(),
        &[],
    ));
    assert_eq!((o.result, o.rule), (win(White), EndRule::BothBlocked));
    // Equal: a draw.
    let o = outcome(&game::<G>("W:Wa7:Ba1", GameOptions::default(), &[]));
    assert_eq!((o.result, o.rule), (DRAW, EndRule::BothBlocked));
}

#[test]
fn a_player_left_without_pieces_has_lost() {
    let g = game::<G>("W:Wd4:Be5", GameOptions::default(), &["d4xf6"]);
    let o = outcome(&g);
    assert_eq!((o.result, o.rule), (win(White), EndRule::NoPieces));
    // No pass for the side without pieces.
    assert_moves::<G>(&g.fen(), &[]);
}

#[test]
fn refusals_in_the_games_words() {
    assert_eq!(
        refusal::<G>("W:Wd4:Bg7", "d4-d3"),
        "pieces do not move backwards"
    );
    assert_eq!(
        refusal::<G>("W:Wd4:Bg7", "d4-e4"),
        "a piece moves one square forward, straight or diagonally"
    );
    assert_eq!(
        refusal::<G>("W:Wd4:Bg7", "d4-d6"),
        "a piece moves one square forward, straight or diagonally"
    );
    assert_eq!(
        refusal::<G>("W:Wa1,d4:Bc4,d3,e3", "a1-a2"),
        "capturing is compulsory: d4 can capture"
    );
    assert_eq!(
        refusal::<G>("W:Wd4:Bg7", "h1-h2"),
        "h1 is not a square of this board"
    );
}

#[test]
fn the_other_chain_of_a_merged_move_is_accepted() {
    let fen = "W:Wb2:Bb3,c2,c4,d3";
    let m = dama::explain::parse_move(&pos::<G>(fen), "b2xd2xd4xb4xb2");
    assert_eq!(m.map(|m| m.to_string()), Ok("b2xb4xd4xd2xb2".to_string()));
}
