//! Medieval battle (RULES.md §5): hand-made positions with their exact
//! legal moves, one or more for every rule, the refusals a player sees,
//! and every end of the game with its verdict.

mod common;

use common::*;
use dama::{EndRule, GameOptions, Kind, Medieval, Status, Tally};

type G = Medieval;

#[test]
fn a_pawn_steps_and_captures_diagonally_forward() {
    assert_moves::<G>("W:We5:Bj9", &["e5-d6", "e5-f6"]);
    assert_moves::<G>("B:Wa1:Be5", &["e5-d4", "e5-f4"]);
    assert_moves::<G>("W:We5:Bd6,f6", &["e5xc7", "e5xg7"]);
    // Never backwards, not even to capture.
    assert_moves::<G>("W:We5:Bd4,f4,j9", &["e5-d6", "e5-f6"]);
    // Any piece can be taken, and the chain turns.
    assert_moves::<G>("W:Wc3:Bd4,Nd6", &["c3xe5xc7"]);
    assert_eq!(
        details::<G>("W:Wc3:Bd4,Nd6", "c3xe5xc7").0,
        vec!["d4".to_string(), "d6".into()]
    );
}

#[test]
fn a_knight_steps_and_captures_forward_or_sideways() {
    assert_moves::<G>("W:WNe5:Bj9", &["e5-d5", "e5-e6", "e5-f5"]);
    assert_moves::<G>("B:Wa1:BNe5", &["e5-d5", "e5-e4", "e5-f5"]);
    // A sideways capture.
    assert_moves::<G>("W:WNe5:Bd5", &["e5xc5"]);
    // Sideways, then forward.
    assert_moves::<G>("W:WNe5:Bf5,Ng6", &["e5xg5xg7"]);
    assert_eq!(
        details::<G>("W:WNe5:Bf5,Ng6", "e5xg5xg7"),
        (vec!["f5".into(), "g6".into()], None)
    );
    // Not backwards.
    assert_moves::<G>("W:WNe5:Be4,j9", &["e5-d5", "e5-e6", "e5-f5"]);
}

#[test]
fn the_commander_flies_on_the_diagonals_and_captures_at_a_distance() {
    assert_moves::<G>(
        "W:WCe5:Bj9",
        &[
            "e5-a1", "e5-a9", "e5-b2", "e5-b8", "e5-c3", "e5-c7", "e5-d4", "e5-d6", "e5-f4",
            "e5-f6", "e5-g3", "e5-g7", "e5-h2", "e5-h8", "e5-i1", "e5-i9", "e5-j10",
        ],
    );
    // The king on e5 is taken from b2 across two empty squares; b5 on
    // the file is out of the commander's reach.
    let fen = "W:WCb2:Bb5,Ke5";
    assert_moves::<G>(fen, &["b2xf6", "b2xg7", "b2xh8", "b2xi9", "b2xj10"]);
    assert_eq!(details::<G>(fen, "b2xj10"), (vec!["e5".into()], None));
}

#[test]
fn the_king_captures_at_a_distance_in_all_eight_directions() {
    let cases: [(&str, &[&str]); 8] = [
        ("W:WKe5:Be7", &["e5xe8", "e5xe9", "e5xe10"]),
        ("W:WKe5:Bg7", &["e5xh8", "e5xi9", "e5xj10"]),
        ("W:WKe5:BNg5", &["e5xh5", "e5xi5", "e5xj5"]),
        ("W:WKe5:BCg3", &["e5xh2", "e5xi1"]),
        ("W:WKe5:BKe3", &["e5xe1", "e5xe2"]),
        ("W:WKe5:Bc3", &["e5xa1", "e5xb2"]),
        ("W:WKe5:Bc5", &["e5xa5", "e5xb5"]),
        ("W:WKe5:Bc7", &["e5xa9", "e5xb8"]),
    ];
    for (fen, expected) in cases {
        assert_moves::<G>(fen, expected);
    }
}

#[test]
fn promotion_happens_at_the_end_of_the_move_only() {
    // Pawn to commander, by a step or a capture.
    assert_moves::<G>("W:Wd9:Bj2", &["d9-c10", "d9-e10"]);
    assert_eq!(details::<G>("W:Wd9:Bj2", "d9-c10").1, Some(Kind::Commander));
    assert_eq!(after::<G>("W:Wd9:Bj2", "d9-c10"), "B:WCc10:Bj2");
    assert_eq!(
        details::<G>("W:Wc8:Bd9", "c8xe10"),
        (vec!["d9".into()], Some(Kind::Commander))
    );
    // Knight to king; sideways on the last rank it stays a knight.
    assert_moves::<G>("W:WNe9:Bj2", &["e9-d9", "e9-e10", "e9-f9"]);
    assert_eq!(details::<G>("W:WNe9:Bj2", "e9-e10").1, Some(Kind::King));
    assert_eq!(details::<G>("W:WNe9:Bj2", "e9-f9").1, None);
    // The knight reaches e10 mid-capture and goes on as a knight (a king
    // on e10 could take b7 at a distance), crowned on g10 at the end.
    let fen = "W:WNe8:Bb7,e9,Nf10";
    assert_moves::<G>(fen, &["e8xe10xg10"]);
    assert_eq!(
        details::<G>(fen, "e8xe10xg10"),
        (vec!["e9".into(), "f10".into()], Some(Kind::King))
    );
    assert_eq!(after::<G>(fen, "e8xe10xg10"), "B:WKg10:Bb7");
    // Black promotes on rank 1.
    assert_eq!(details::<G>("B:Wj9:Bc2", "c2-b1").1, Some(Kind::Commander));
}

#[test]
fn free_choice_among_captures() {
    // No majority rule: the pawn's single capture is as legal as the
    // knight's double one.
    let fen = "W:Wa3,j2,Nh5:Bb4,f6,g5";
    assert_moves::<G>(fen, &["a3xc5", "h5xf5xf7"]);
    assert_eq!(
        refusal::<G>(fen, "j2-i3"),
        "capturing is compulsory: a3, h5 can capture"
    );
}

#[test]
fn a_plain_step_of_a_piece_that_must_capture_is_refused_as_such() {
    assert_eq!(
        refusal::<G>("W:Wa3,j2,Nh5:Bb4,f6,g5", "h5-i5"),
        "capturing is compulsory: a3, h5 can capture"
    );
}

#[test]
fn refusals_in_the_games_words() {
    assert_eq!(
        refusal::<G>("W:WNe5:Bj9", "e5-f6"),
        "a knight moves only forward or sideways, one square"
    );
    assert_eq!(
        refusal::<G>("W:WNe5:Bj9", "e5-e7"),
        "a knight moves only forward or sideways, one square"
    );
    assert_eq!(
        refusal::<G>("W:WNe5:Bj9", "e5-e4"),
        "knights do not move backwards"
    );
    assert_eq!(
        refusal::<G>("W:We5:Bj9", "e5-e6"),
        "a pawn moves one square diagonally forward"
    );
    assert_eq!(
        refusal::<G>("W:We5:Bj9", "e5-d4"),
        "pawns do not move backwards"
    );
    assert_eq!(
        refusal::<G>("W:WCe5:Bj9", "e5-e7"),
        "a commander moves diagonally over any number of empty squares"
    );
    assert_eq!(
        refusal::<G>("W:WCe5,g7:Bj9", "e5-h8"),
        "the way from e5 to h8 is blocked on g7"
    );
    assert_eq!(
        refusal::<G>("W:WKe5:Bj9", "e5-f7"),
        "a king moves any number of empty squares in any of the eight directions"
    );
    assert_eq!(
        refusal::<G>("W:WNe5:Bf5,Ng6", "e5xg5"),
        "the capture must go on from g5: e5xg5xg7"
    );
}

#[test]
fn no_capture_limit_the_stronger_army_wins() {
    let opts = GameOptions::default();
    assert_eq!(opts.no_capture_limit, 30);
    let end = |fen: &str, mv: &str| outcome(&game::<G>(fen, opts, &[mv]));
    let limit = EndRule::NoCaptureLimit {
        plies: 30,
        tally: Tally::Strength,
    };
    // King 4 against two knights 2 + 2: equal strength, a draw.
    let o = end("W:WKa1:BNa10,Nb10:H29", "a1-b1");
    assert_eq!((o.result, o.rule), (DRAW, limit));
    assert_eq!(
        o.to_string(),
        "draw: 30 plies (15 moves of each player) without a capture, armies of equal strength"
    );
    // King 4 against commander 3, one piece each: White is stronger.
    let o = end("W:WKa1:BCj9:H29", "a1-b1");
    assert_eq!((o.result, o.rule), (win(White), limit));
    assert_eq!(
        o.to_string(),
        "white wins: 30 plies (15 moves of each player) without a capture, the stronger army wins"
    );
    // Three pawns against a king: more pieces, weaker army.
    let o = end("W:Wa3,b3,c3:BKj10:H29", "a3-b4");
    assert_eq!((o.result, o.rule), (win(Black), limit));
    // Pawn 1 + commander 3 against a king 4: a draw.
    let o = end("W:Wa3,Cc1:BKj10:H29", "a3-b4");
    assert_eq!(o.result, DRAW);
    // One ply earlier the game goes on.
    let g = game::<G>("W:WKa1:BCj9:H28", opts, &["a1-b1"]);
    assert_eq!(g.status(), Status::InPlay);
}

#[test]
fn the_no_capture_limit_is_an_option() {
    let opts = GameOptions {
        no_capture_limit: 2,
        ..GameOptions::default()
    };
    let g = game::<G>("W:WKa1:BCj9", opts, &["a1-b1"]);
    assert_eq!(g.status(), Status::InPlay);
    let o = outcome(&game::<G>("W:WKa1:BCj9", opts, &["a1-b1", "j9-i8"]));
    assert_eq!(
        (o.result, o.rule),
        (
            win(White),
            EndRule::NoCaptureLimit {
                plies: 2,
                tally: Tally::Strength
            }
        )
    );
}

#[test]
fn no_pieces_or_no_move_loses() {
    let o = outcome(&game::<G>("W:Wc3:Bd4", GameOptions::default(), &["c3xe5"]));
    assert_eq!((o.result, o.rule), (win(White), EndRule::NoPieces));
    // Black's pawn on a2 can neither step nor jump over b1.
    assert_moves::<G>("B:WNb1:Ba2", &[]);
    let o = outcome(&game::<G>("B:WNb1:Ba2", GameOptions::default(), &[]));
    assert_eq!((o.result, o.rule), (win(White), EndRule::NoMoves));
}
