//! Gothic draughts (RULES.md §2): hand-made positions with their exact
//! legal moves, one or more for every rule, the refusals a player sees,
//! and every end of the game with its verdict.

mod common;

use common::*;
use dama::{EndRule, GameOptions, Gothic, Kind, Tally};

type G = Gothic;

#[test]
fn a_man_steps_forward_sideways_and_diagonally_forward_never_back() {
    assert_moves::<G>("W:Wd4:Bh8", &["d4-c4", "d4-c5", "d4-d5", "d4-e4", "d4-e5"]);
    // Black's forward is down the board.
    assert_moves::<G>("B:Wa1:Be5", &["e5-d4", "e5-d5", "e5-e4", "e5-f4", "e5-f5"]);
    // On the edge: no square beyond it.
    assert_moves::<G>("W:Wa1:Bh8", &["a1-a2", "a1-b1", "a1-b2"]);
}

#[test]
fn a_man_captures_in_five_directions_and_changes_direction() {
    // Forward, then diagonally forward, then sideways: one move.
    assert_moves::<G>("W:Wc3:Bc4,d6,f7", &["c3xc5xe7xg7"]);
    assert_eq!(
        details::<G>("W:Wc3:Bc4,d6,f7", "c3xc5xe7xg7"),
        (vec!["c4".into(), "d6".into(), "f7".into()], None)
    );
    // Sideways both ways; the piece behind (d3) cannot be taken.
    assert_moves::<G>("W:Wd4:Bc4,d3,e4", &["d4xb4", "d4xf4"]);
}

#[test]
fn a_man_that_reaches_the_last_rank_mid_capture_goes_on_as_a_man() {
    // c6xc8 touches the last rank; it goes on sideways over d8 as a man
    // and is crowned only at the end. A king on c8 could take f5 at a
    // distance, a man cannot.
    assert_moves::<G>("W:Wc6:Bc7,d8,f5", &["c6xc8xe8"]);
    assert_eq!(
        details::<G>("W:Wc6:Bc7,d8,f5", "c6xc8xe8"),
        (vec!["c7".into(), "d8".into()], Some(Kind::King))
    );
    assert_eq!(after::<G>("W:Wc6:Bc7,d8,f5", "c6xc8xe8"), "B:WKe8:Bf5");
    // A plain step onto the last rank crowns too.
    assert_eq!(details::<G>("W:Wd7:Ba8", "d7-d8").1, Some(Kind::King));
}

#[test]
fn the_king_moves_like_a_queen() {
    // 26 squares from d4; h8 holds a black man with nothing beyond it.
    assert_moves::<G>(
        "W:WKd4:Bh8",
        &[
            "d4-a1", "d4-a4", "d4-a7", "d4-b2", "d4-b4", "d4-b6", "d4-c3", "d4-c4", "d4-c5",
            "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-d6", "d4-d7", "d4-d8", "d4-e3", "d4-e4",
            "d4-e5", "d4-f2", "d4-f4", "d4-f6", "d4-g1", "d4-g4", "d4-g7", "d4-h4",
        ],
    );
}

#[test]
fn the_king_captures_at_a_distance_in_eight_directions() {
    // Straight up the file: any landing square beyond.
    assert_moves::<G>("W:WKa1:Ba5", &["a1xa6", "a1xa7", "a1xa8"]);
    // Along a diagonal.
    assert_moves::<G>("W:WKb2:Be5", &["b2xf6", "b2xg7", "b2xh8"]);
    // Backwards along a rank and a diagonal (a king has no forward).
    assert_moves::<G>("W:WKh8:Bd8", &["h8xa8", "h8xb8", "h8xc8"]);
    assert_moves::<G>("W:WKh8:Bd4", &["h8xa1", "h8xb2", "h8xc3"]);
    // Each of the eight directions from d4, one empty square before the man.
    let cases: [(&str, &[&str]); 8] = [
        ("W:WKd4:Bd6", &["d4xd7", "d4xd8"]),
        ("W:WKd4:Bf6", &["d4xg7", "d4xh8"]),
        ("W:WKd4:Bf4", &["d4xg4", "d4xh4"]),
        ("W:WKd4:Bf2", &["d4xg1"]),
        ("W:WKd4:Bd2", &["d4xd1"]),
        ("W:WKd4:Bb2", &["d4xa1"]),
        ("W:WKd4:Bb4", &["d4xa4"]),
        ("W:WKd4:Bb6", &["d4xa7"]),
    ];
    for (fen, expected) in cases {
        assert_moves::<G>(fen, expected);
    }
}

#[test]
fn the_king_must_land_where_it_can_go_on() {
    // After a4 the king may land on a5-a8; from a5 it can take c7
    // diagonally and from a7 along the rank, from a6 and a8 it cannot:
    // so it must land on a5 or a7 and go on.
    assert_moves::<G>(
        "W:WKa1:Ba4,c7",
        &[
            "a1xa5xd8", "a1xa7xd7", "a1xa7xe7", "a1xa7xf7", "a1xa7xg7", "a1xa7xh7",
        ],
    );
    assert_eq!(
        refusal::<G>("W:WKa1:Ba4,c7", "a1xa6"),
        "there is no such capture from a1; its captures are: a1xa5xd8, a1xa7xd7, a1xa7xe7, a1xa7xf7, a1xa7xg7, a1xa7xh7"
    );
    assert_eq!(
        refusal::<G>("W:WKa1:Ba4,c7", "a1xa5"),
        "the capture must go on from a5: a1xa5xd8"
    );
}

#[test]
fn chains_taking_different_pieces_to_the_same_square_are_different_moves() {
    // d1 reaches d5 over c2, c4 or over d2, d4 (a man cannot go back to
    // take d4 from d5); d1xd3xb5 takes a third pair. All take two.
    let fen = "W:Wd1:Bc2,c4,d2,d4";
    assert_moves::<G>(fen, &["d1xb3xd5", "d1xd3xb5", "d1xd3xd5"]);
    assert_eq!(
        details::<G>(fen, "d1xb3xd5").0,
        vec!["c2".to_string(), "c4".into()]
    );
    assert_eq!(
        details::<G>(fen, "d1xd3xd5").0,
        vec!["d2".to_string(), "d4".into()]
    );
    assert_eq!(
        refusal::<G>(fen, "d1xd5"),
        "ambiguous: these moves match: d1xb3xd5, d1xd3xd5"
    );
}

#[test]
fn majority_rule_counts_men_and_kings_alike() {
    // The king takes one (a1xc3, d4 stops it there), the man g4 takes
    // two and is crowned: only the man's capture is legal.
    let fen = "W:WKa1,d4,g4:Bb2,g5,g7";
    assert_moves::<G>(fen, &["g4xg6xg8"]);
    assert_eq!(details::<G>(fen, "g4xg6xg8").1, Some(Kind::King));
    assert_eq!(
        refusal::<G>(fen, "a1xc3"),
        "you must take the most pieces: 2"
    );
    // The other way round: the king's two (b2 then c5; c7 stops it on
    // c6) beat the men's single captures.
    let fen = "W:WKa1,c7,d4,e4:Bb2,c5,e5";
    assert_moves::<G>(fen, &["a1xc3xc6"]);
    assert_eq!(
        refusal::<G>(fen, "d4xb6"),
        "you must take the most pieces: 2"
    );
    assert_eq!(
        refusal::<G>(fen, "e4xe6"),
        "you must take the most pieces: 2"
    );
}

#[test]
fn refusals_in_the_games_words() {
    // The exact wording ("men", not "mans") is checked by the ignored
    // test below until explain.rs learns the plural.
    for back in ["d4-d3", "d4-c3"] {
        let r = refusal::<G>("W:Wd4:Bh8", back);
        assert!(r.ends_with(" do not move backwards"), "{r}");
    }
    assert_eq!(
        refusal::<G>("W:Wd4:Bh8", "d4-d6"),
        "a man moves one square forward, sideways or diagonally forward"
    );
    assert_eq!(
        refusal::<G>("W:WKd4,d6:Bh8", "d4-d8"),
        "the way from d4 to d8 is blocked on d6"
    );
    assert_eq!(
        refusal::<G>("W:WKd4:Bh8", "d4-e6"),
        "a king moves any number of empty squares in any of the eight directions"
    );
    // Three against one: the example of the issue.
    let fen = "W:Wa2,h2:Ba3,a5,a7,h3";
    assert_moves::<G>(fen, &["a2xa4xa6xa8"]);
    assert_eq!(
        refusal::<G>(fen, "h2xh4"),
        "you must take the most pieces: 3"
    );
    assert_eq!(
        refusal::<G>(fen, "h2-g2"),
        "capturing is compulsory: a2 can capture"
    );
    assert_eq!(
        refusal::<G>(fen, "a2xa4"),
        "the capture must go on from a4: a2xa4xa6xa8"
    );
    // The short form names origin and destination.
    assert_eq!(
        dama::explain::parse_move(&pos::<G>(fen), "a2xa8")
            .unwrap()
            .to_string(),
        "a2xa4xa6xa8"
    );
}

#[test]
fn backward_step_refused_with_the_plural_men() {
    assert_eq!(
        refusal::<G>("W:Wd4:Bh8", "d4-d3"),
        "men do not move backwards"
    );
}

/// White (a1, b1) is walled in by Black; Black's kings can move.
const WHITE_BLOCKED: &str = "W:Wa1,b1:Ba2,a3,b2,b3,c2,c3,d3,Kc1,Kd1";

#[test]
fn a_blocked_player_passes() {
    assert_moves::<G>(WHITE_BLOCKED, &["pass"]);
    assert_eq!(
        refusal::<G>(WHITE_BLOCKED, "a1-a2"),
        "you have no move and must pass"
    );
    // Black may not pass while it can move.
    let black = WHITE_BLOCKED.replacen('W', "B", 1);
    assert!(!moves::<G>(&black).contains(&"pass".to_string()));
    assert_eq!(
        refusal::<G>(&black, "pass"),
        "you cannot pass: you have a move"
    );
    // The pass is a ply of the game: Black moves next, the game goes on.
    let g = game::<G>(WHITE_BLOCKED, GameOptions::default(), &["pass", "d1-e2"]);
    assert_eq!(g.position().side(), White);
    assert_eq!(g.status(), dama::Status::InPlay);
    assert_eq!(g.counters().since_capture, 2);
    // Perft counts the pass as one move.
    assert_eq!(dama::perft::perft(&pos::<G>(WHITE_BLOCKED), 1, true), 1);
}

#[test]
fn no_pass_when_both_are_blocked_and_the_count_decides() {
    // A full jam of equal numbers needs more than 16 men a side (24
    // against 24: ranks 1, 6, 7 against 2, 3, 8), which no game reaches
    // and which is more than a position may have; refused. With 16 a
    // side at most, the jam below is the bottom wall.
    let rank =
        |r: u8| -> Vec<String> { (b'a'..=b'h').map(|f| format!("{}{r}", f as char)).collect() };
    let white = [rank(1), rank(6), rank(7)].concat();
    let black = [rank(2), rank(3), rank(8)].concat();
    let jam = format!("W:W{}:B{}", white.join(","), black.join(","));
    let e = jam.parse::<dama::Position<G>>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "white has 24 pieces; a position has at most 23 of a colour, more than any game starts with"
    );
    // Only the bottom wall: 8 against 16, Black has more pieces.
    let fen = "W:Wa1,b1,c1,d1,e1,f1,g1,h1:Ba2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3";
    assert_moves::<G>(fen, &[]);
    let o = outcome(&game::<G>(fen, GameOptions::default(), &[]));
    assert_eq!((o.result, o.rule), (win(Black), EndRule::BothBlocked));
}

#[test]
fn no_capture_limit_more_pieces_wins_equal_draws() {
    let opts = GameOptions::default();
    assert_eq!(opts.no_capture_limit, 30);
    // 29 plies without capture; one more ends it. Two against one.
    let fen = "W:Wa1,b1:Bh8:H29";
    let g = game::<G>(fen, opts, &[]);
    assert_eq!(g.status(), dama::Status::InPlay);
    let g = game::<G>(fen, opts, &["a1-a2"]);
    let o = outcome(&g);
    assert_eq!(
        (o.result, o.rule),
        (
            win(White),
            EndRule::NoCaptureLimit {
                plies: 30,
                tally: Tally::Pieces
            }
        )
    );
    assert_eq!(
        o.to_string(),
        "white wins: 30 plies (15 moves of each player) without a capture, more pieces wins"
    );
    // Equal numbers: a draw.
    let o = outcome(&game::<G>("W:Wa1:Bh8:H29", opts, &["a1-a2"]));
    assert_eq!(
        (o.result, o.rule),
        (
            DRAW,
            EndRule::NoCaptureLimit {
                plies: 30,
                tally: Tally::Pieces
            }
        )
    );
    assert_eq!(
        o.to_string(),
        "draw: 30 plies (15 moves of each player) without a capture, equal numbers of pieces"
    );
    // Black ahead.
    let o = outcome(&game::<G>("B:Wa1:Bg8,h8:H29", opts, &["h8-h7"]));
    assert_eq!(o.result, win(Black));
    // A capture resets the count.
    let g = game::<G>("W:Wa1,b1:Ba2,h8:H29", opts, &["a1xa3"]);
    assert_eq!(g.status(), dama::Status::InPlay);
    assert_eq!(g.counters().since_capture, 0);
}

#[test]
fn the_no_capture_limit_is_an_option() {
    let opts = GameOptions {
        no_capture_limit: 4,
        ..GameOptions::default()
    };
    let g = game::<G>("W:Wa1,b1:Bh8", opts, &["a1-a2", "h8-h7", "a2-a3"]);
    assert_eq!(g.status(), dama::Status::InPlay);
    let g = game::<G>("W:Wa1,b1:Bh8", opts, &["a1-a2", "h8-h7", "a2-a3", "h7-h6"]);
    let o = outcome(&g);
    assert_eq!(
        (o.result, o.rule),
        (
            win(White),
            EndRule::NoCaptureLimit {
                plies: 4,
                tally: Tally::Pieces
            }
        )
    );
    // With the default the same game goes on.
    let g = game::<G>(
        "W:Wa1,b1:Bh8",
        GameOptions::default(),
        &["a1-a2", "h8-h7", "a2-a3", "h7-h6"],
    );
    assert_eq!(g.status(), dama::Status::InPlay);
}

#[test]
fn taking_the_last_piece_wins() {
    let g = game::<G>("W:Wa1:Ba2", GameOptions::default(), &["a1xa3"]);
    let o = outcome(&g);
    assert_eq!((o.result, o.rule), (win(White), EndRule::NoPieces));
    // No pass for a player without pieces.
    assert_moves::<G>(&g.fen(), &[]);
}
