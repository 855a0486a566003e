//! Knight's draughts (RULES.md §3): hand-made positions with their exact
//! legal moves, one or more for every rule, the refusals a player sees,
//! and every end of the game with its verdict.

mod common;

use common::*;
use dama::{EndRule, GameOptions, Kind, Knights, Status};

type G = Knights;

#[test]
fn a_knight_has_the_four_forward_leaps() {
    assert_moves::<G>("W:We5:Bj10", &["e5-c6", "e5-d7", "e5-f7", "e5-g6"]);
    // Black's forward is down the board.
    assert_moves::<G>("B:Wa3:Be6", &["e6-c5", "e6-d4", "e6-f4", "e6-g5"]);
    // Near the edge some leaps leave the board.
    assert_moves::<G>("W:Wa9:Bj10", &["a9-c10"]);
}

#[test]
fn a_leap_passes_over_anything_and_needs_an_empty_landing_square() {
    // e5 is hemmed in by black pieces but leaps over them; c6 (own
    // piece) is not a landing square for e5.
    assert_moves::<G>(
        "W:Wc6,e5:Bd5,d6,e6,f5,f6,j10",
        &[
            "c6-a7", "c6-b8", "c6-d8", "c6-e7", "e5-d7", "e5-f7", "e5-g6",
        ],
    );
}

#[test]
fn a_king_has_all_eight_leaps() {
    assert_moves::<G>(
        "W:WKe5:Bj10",
        &[
            "e5-c4", "e5-c6", "e5-d3", "e5-d7", "e5-f3", "e5-f7", "e5-g4", "e5-g6",
        ],
    );
    assert_moves::<G>("W:WKa1:Bj10", &["a1-b3", "a1-c2"]);
}

#[test]
fn a_capture_is_two_equal_leaps_over_the_piece() {
    // c3 leaps onto d5 and on to e7, or onto b5 and on to a7; onto e4
    // it cannot go on (g5 is taken), a4 is empty. c4 and d4, leapt over,
    // stay.
    let fen = "W:Wc3,g5:Bb5,c4,d4,d5,e4";
    assert_moves::<G>(fen, &["c3xa7", "c3xe7"]);
    assert_eq!(details::<G>(fen, "c3xe7"), (vec!["d5".into()], None));
    assert_eq!(details::<G>(fen, "c3xa7"), (vec!["b5".into()], None));
    assert_eq!(after::<G>(fen, "c3xe7"), "B:We7,g5:Bb5,c4,d4,e4");
    assert_eq!(
        refusal::<G>(fen, "g5-h7"),
        "capturing is compulsory: c3 can capture"
    );
    assert_eq!(
        refusal::<G>(fen, "c3xg5"),
        "there is no such capture from c3; its captures are: c3xa7, c3xe7"
    );
}

#[test]
fn a_knight_goes_on_capturing() {
    assert_moves::<G>("W:Wc3:Bd5,g8", &["c3xe7xi9"]);
    assert_eq!(
        details::<G>("W:Wc3:Bd5,g8", "c3xe7xi9"),
        (vec!["d5".into(), "g8".into()], None)
    );
    assert_eq!(
        refusal::<G>("W:Wc3:Bd5,g8", "c3xe7"),
        "the capture must go on from e7: c3xe7xi9"
    );
}

#[test]
fn promotion_ends_the_chain() {
    // a6 takes b8 and lands on c10: it is a king at once and its move
    // ends there, although a king on c10 could take e9 (onto e9, on to g8).
    let fen = "W:Wa6:Bb8,e9";
    assert_moves::<G>(fen, &["a6xc10"]);
    assert_eq!(
        details::<G>(fen, "a6xc10"),
        (vec!["b8".into()], Some(Kind::King))
    );
    assert_eq!(after::<G>(fen, "a6xc10"), "B:WKc10:Be9");
    assert_eq!(
        refusal::<G>(fen, "a6xc10xg8"),
        "there is no such capture from a6; its captures are: a6xc10"
    );
    // A plain leap onto the last rank crowns too.
    assert_eq!(
        details::<G>("W:Wa9:Bj10", "a9-c10"),
        (vec![], Some(Kind::King))
    );
}

#[test]
fn a_king_goes_on_capturing_in_any_direction() {
    // Onto d5 and on to e7, then backwards-right onto g6 and on to i5.
    assert_moves::<G>("W:WKc3:Bd5,g6", &["c3xe7xi5"]);
    assert_eq!(
        details::<G>("W:WKc3:Bd5,g6", "c3xe7xi5"),
        (vec!["d5".into(), "g6".into()], None)
    );
}

#[test]
fn refusals_in_the_games_words() {
    assert_eq!(
        refusal::<G>("W:We5:Bj10", "e5-e6"),
        "a knight moves like a chess knight, but only forward"
    );
    assert_eq!(
        refusal::<G>("W:We5:Bj10", "e5-d3"),
        "knights do not move backwards"
    );
    assert_eq!(
        refusal::<G>("W:WKe5:Bj10", "e5-e7"),
        "a king moves like a chess knight, in any of the eight directions"
    );
    assert_eq!(
        refusal::<G>("W:Wc6,e5:Bj10", "e5-c6"),
        "the square c6 is occupied"
    );
    assert_eq!(
        refusal::<G>("W:We5:Bj10", "e5xg6"),
        "there is nothing to capture"
    );
    assert_eq!(
        refusal::<G>("W:We5:Bj10", "pass"),
        "you cannot pass: you have a move"
    );
}

#[test]
fn the_move_limit_decides_by_the_number_of_pieces() {
    let opts = GameOptions::default();
    assert_eq!(opts.move_limit, 200);
    // Move 100, Black to move: 199 plies played.
    let g = game::<G>("B:Wa3,b3:Bj8:F100", opts, &[]);
    assert_eq!(g.counters().ply, 199);
    assert_eq!(g.status(), Status::InPlay);
    let o = outcome(&game::<G>("B:Wa3,b3:Bj8:F100", opts, &["j8-i6"]));
    assert_eq!(
        (o.result, o.rule),
        (win(White), EndRule::MoveLimit { plies: 200 })
    );
    let o = outcome(&game::<G>("B:Wa3:Bj8:F100", opts, &["j8-i6"]));
    assert_eq!(
        (o.result, o.rule),
        (DRAW, EndRule::MoveLimit { plies: 200 })
    );
    let o = outcome(&game::<G>("B:Wa3:Bi8,j8:F100", opts, &["j8-i6"]));
    assert_eq!(o.result, win(Black));
}

#[test]
fn the_move_limit_is_an_option() {
    let opts = GameOptions {
        move_limit: 4,
        ..GameOptions::default()
    };
    let line = ["a3-b5", "j8-i6", "b5-c7", "i6-h4"];
    let g = game::<G>("W:Wa3:Bj8", opts, &line[..3]);
    assert_eq!(g.status(), Status::InPlay);
    let o = outcome(&game::<G>("W:Wa3:Bj8", opts, &line));
    assert_eq!((o.result, o.rule), (DRAW, EndRule::MoveLimit { plies: 4 }));
    // The default lets the same game go on.
    let g = game::<G>("W:Wa3:Bj8", GameOptions::default(), &line);
    assert_eq!(g.status(), Status::InPlay);
}

#[test]
fn no_pieces_or_no_move_loses() {
    let o = outcome(&game::<G>("W:Wc3:Bd5", GameOptions::default(), &["c3xe7"]));
    assert_eq!((o.result, o.rule), (win(White), EndRule::NoPieces));
    // Black's knight on a2 has no leap: off the board, or onto c1 with
    // nothing beyond. No pass in this game: Black has lost.
    assert_moves::<G>("B:Wc1:Ba2", &[]);
    let o = outcome(&game::<G>("B:Wc1:Ba2", GameOptions::default(), &[]));
    assert_eq!((o.result, o.rule), (win(White), EndRule::NoMoves));
}
