//! Czech draughts, RULES.md §1, one test per rule: a hand-made position
//! and its exact list of legal moves (worked out by hand from the rules,
//! written as the notation writes them), then the details of the moves
//! (captured squares, promotion), then the reasons a player is given
//! when a move is refused.

use dama::explain::{self, Illegal, MoveError};
use dama::{Czech, Kind, Mechanics, Move, Position};

fn pos(fen: &str) -> Position<Czech> {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of a position as sorted texts.
fn legal(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = pos(fen)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

#[track_caller]
fn assert_moves(fen: &str, expected: &[&str]) {
    let mut e: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    e.sort();
    assert_eq!(legal(fen), e, "legal moves of {fen}");
}

/// The legal move written `text` (exactly as the notation writes it).
fn the_move(fen: &str, text: &str) -> Move<Czech> {
    *pos(fen)
        .legal_moves()
        .iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {fen}"))
}

fn squares(v: Vec<dama::Square>) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------- men

#[test]
fn a_man_moves_one_square_diagonally_forward() {
    assert_moves("W:Wc3:Bh8", &["c3-b4", "c3-d4"]);
    // On the edge there is one forward diagonal.
    assert_moves("W:Wa3:Bh8", &["a3-b4"]);
    // Black's forward is down the board.
    assert_moves("B:Wa1:Bd6", &["d6-c5", "d6-e5"]);
    // Blocked by its own piece ahead, never backwards (c3 is empty behind b4).
    assert_moves("W:Wb4,c5:Bh8", &["b4-a5", "c5-b6", "c5-d6"]);
    // Blocked by an opponent that cannot be jumped (c7 behind b6 is taken).
    assert_moves("W:Wa5:Bb6,c7", &[]);
}

#[test]
fn a_man_captures_forward_only() {
    // c5 is jumped forward; e3 is behind d4 with f2 empty, but men never capture backwards.
    assert_moves("W:Wd4:Bc5,e3", &["d4xb6"]);
    // Only a backward capture exists: it is no capture, so the man just moves.
    assert_moves("W:Wd4:Bc3", &["d4-c5", "d4-e5"]);
    // The same for Black: forward is down, e5 behind is not taken.
    assert_moves("B:Wc3,e5:Bd4", &["d4xb2"]);
}

#[test]
fn capturing_is_compulsory() {
    // g3 could step to f4 or h4, but c3 can capture, so only the capture is legal.
    assert_moves("W:Wc3,g3:Bd4", &["c3xe5"]);
}

#[test]
fn a_capture_goes_on_while_it_can() {
    // c3 takes d4 and must go on over f6 to g7.
    assert_moves("W:Wc3:Bd4,f6", &["c3xe5xg7"]);
}

#[test]
fn free_choice_among_captures_even_fewer_pieces() {
    // c3 can take two (d4, f6), e1 only one (f2): both are legal.
    assert_moves("W:Wc3,e1:Bd4,f6,f2", &["c3xe5xg7", "e1xg3"]);
}

// ---------------------------------------------------------------- king priority

#[test]
fn if_a_king_can_capture_a_king_must() {
    // The man c3 could take d4, the king h2 can take f4: only the king's captures,
    // landing anywhere beyond f4 (no continuation from any of them).
    assert_moves("W:Wc3,Kh2:Bd4,f4", &["h2xb8", "h2xc7", "h2xd6", "h2xe5"]);
    // The same for Black.
    // Black: the man d6 could take e5, the king a1 can take c3 (and then e5).
    assert_moves("B:We5,c3:Bd6,Ka1", &["a1xd4xf6", "a1xd4xg7", "a1xd4xh8"]);
}

#[test]
fn a_man_captures_when_no_king_can() {
    // The king h2 has no capture: the man's capture is compulsory, the king may not move.
    assert_moves("W:Wc3,Kh2:Bd4", &["c3xe5"]);
}

// ---------------------------------------------------------------- kings

#[test]
fn a_king_flies_along_the_diagonals() {
    // Any number of empty squares in the four directions; b2 (own) and h8
    // (opponent, nothing behind it) stop the rays.
    assert_moves(
        "W:WKd4,b2:Bh8",
        &[
            "b2-a3", "b2-c3", "d4-a7", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f2",
            "d4-f6", "d4-g1", "d4-g7",
        ],
    );
}

#[test]
fn two_pieces_in_a_row_cannot_be_jumped() {
    assert_moves("W:WKa1:Bc3,d4", &["a1-b2"]);
}

#[test]
fn a_king_captures_at_a_distance_and_lands_anywhere_beyond() {
    // Empty b2, c3 before d4, then any of e5..h8.
    assert_moves("W:WKa1:Bd4", &["a1xe5", "a1xf6", "a1xg7", "a1xh8"]);
}

#[test]
fn a_king_must_land_where_it_can_go_on() {
    // After c3 the king may land on d4..h8, but only from f6 can it capture
    // again (g5, landing h4): it must stop on f6.
    assert_moves("W:WKa1:Bc3,g5", &["a1xf6xh4"]);
}

#[test]
fn a_king_captures_again_along_the_same_line() {
    // a1 takes c3, then from d4 or e5 it can take f6; both chains capture
    // {c3, f6} and end on g7 (or h8), so each destination is one move,
    // written with the first path in file-then-rank order (via d4).
    assert_moves("W:WKa1:Bc3,f6", &["a1xd4xg7", "a1xd4xh8"]);
}

// ---------------------------------------------------------------- promotion

#[test]
fn a_man_reaching_the_last_rank_by_a_capture_promotes_and_stops() {
    // d6 takes e7 and lands on f8. As a king it could go on over g7 to h6,
    // but a man promoted in a capture stops there.
    assert_moves("W:Wd6:Be7,g7", &["d6xf8"]);
    let m = the_move("W:Wd6:Be7,g7", "d6xf8");
    assert_eq!(m.kind(), Kind::Man);
    assert_eq!(m.promotion(), Some(Kind::King));
    assert_eq!(squares(m.captured()), ["e7"]);
    let after = pos("W:Wd6:Be7,g7").after(&m);
    assert_eq!(after.to_string(), "B:WKf8:Bg7");
}

#[test]
fn a_man_promotes_at_the_end_of_its_move() {
    assert_moves("W:Wc7:BKa1", &["c7-b8", "c7-d8"]);
    for text in ["c7-b8", "c7-d8"] {
        assert_eq!(the_move("W:Wc7:BKa1", text).promotion(), Some(Kind::King));
    }
    // Black promotes on rank 1.
    assert_moves("B:WKh8:Bb2", &["b2-a1", "b2-c1"]);
    assert_eq!(
        the_move("B:WKh8:Bb2", "b2-c1").promotion(),
        Some(Kind::King)
    );
    // Short of the last rank, no promotion; a king never promotes.
    assert_eq!(the_move("W:Wc3:Bh8", "c3-d4").promotion(), None);
    assert_eq!(the_move("W:WKd4,b2:Bh8", "d4-g7").promotion(), None);
    let after = pos("W:Wc7:BKa1").after(&the_move("W:Wc7:BKa1", "c7-d8"));
    assert_eq!(after.to_string(), "B:WKd8:BKa1");
}

// ---------------------------------------------------------------- blockers

#[test]
fn a_captured_piece_is_not_jumped_twice() {
    // The king's tour of the rectangle e1-h4-d8-a5: it takes f2, g5, b6, b4
    // (either way round) and is back on e1, where f2 (taken, still on the
    // board) lies ahead with g3 empty behind it: it may not be jumped again.
    // Both tours are one move (same origin, destination and captured set),
    // written by the path that comes first in file-then-rank order (via a5).
    assert_moves(
        "W:WKe1:Bb4,b6,f2,g5",
        &[
            "e1xa5xd8xh4xe1",
            "e1xh4xd8xa5xc3",
            "e1xh4xd8xa5xd2",
            "e1xh4xe7xa3",
        ],
    );
    let tour = the_move("W:WKe1:Bb4,b6,f2,g5", "e1xa5xd8xh4xe1");
    assert_eq!(squares(tour.captured()), ["b4", "b6", "f2", "g5"]);
    assert_eq!(tour.capture_count(), 4);
    assert_eq!(tour.promotion(), None);
    assert_eq!(
        pos("W:WKe1:Bb4,b6,f2,g5").after(&tour).to_string(),
        "B:WKe1:B"
    );
}

#[test]
fn a_captured_piece_cannot_be_passed_over() {
    // h2 takes e5 and b6 (via c7, a5) and b4 landing on c3, d2 or e1. From c3
    // the line towards h8 holds g7 with h8 empty behind it, but e5 (taken,
    // still on the board) is in the way: the chain ends there.
    // The other chain takes e5 and b4 via d6 and ends on a3.
    assert_moves(
        "W:WKh2:Be5,b6,b4,g7",
        &["h2xc7xa5xc3", "h2xc7xa5xd2", "h2xc7xa5xe1", "h2xd6xa3"],
    );
    let m = the_move("W:WKh2:Be5,b6,b4,g7", "h2xc7xa5xc3");
    assert_eq!(squares(m.captured()), ["b4", "b6", "e5"]);
}

// ---------------------------------------------------------------- identity of moves

#[test]
fn chains_with_the_same_captured_set_are_one_move() {
    let p = pos("W:WKe1:Bb4,b6,f2,g5");
    let tours: Vec<_> = p
        .legal_moves()
        .iter()
        .filter(|m| m.to().map(|s| s.to_string()) == Some("e1".into()))
        .copied()
        .collect();
    assert_eq!(tours.len(), 1, "the two tours are listed once");
    assert_eq!(
        tours[0]
            .path()
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
        ["a5", "d8", "h4", "e1"]
    );
    // Both written paths read back as that one move.
    for text in ["e1xa5xd8xh4xe1", "e1xh4xd8xa5xe1", "e1:h4:d8:a5:e1"] {
        let m = explain::parse_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.to_string(), "e1xa5xd8xh4xe1", "{text}");
    }
}

#[test]
fn chains_with_different_captured_sets_are_told_apart() {
    // Both chains go from c3 to c7; one takes b4 and b6, the other d4 and d6.
    let fen = "W:Wc3:Bb4,b6,d4,d6";
    assert_moves(fen, &["c3xa5xc7", "c3xe5xc7"]);
    assert_eq!(squares(the_move(fen, "c3xa5xc7").captured()), ["b4", "b6"]);
    assert_eq!(squares(the_move(fen, "c3xe5xc7").captured()), ["d4", "d6"]);
    assert_ne!(the_move(fen, "c3xa5xc7"), the_move(fen, "c3xe5xc7"));
}

#[test]
fn moves_know_their_squares() {
    let m = the_move("W:Wc3,e1:Bd4,f6,f2", "c3xe5xg7");
    assert_eq!(m.from().unwrap().to_string(), "c3");
    assert_eq!(m.to().unwrap().to_string(), "g7");
    assert_eq!(squares(m.path()), ["e5", "g7"]);
    assert_eq!(squares(m.captured()), ["d4", "f6"]);
    assert!(m.is_capture());
    assert_eq!(m.kind(), Kind::Man);
    let q = the_move("W:Wc3:Bh8", "c3-d4");
    assert!(!q.is_capture());
    assert!(q.captured().is_empty());
    assert_eq!(squares(q.path()), ["d4"]);
}

// ---------------------------------------------------------------- explanations

/// The message a player is shown for `text` in `fen`.
fn refusal(fen: &str, text: &str) -> (Illegal, String) {
    match explain::parse_move(&pos(fen), text) {
        Ok(m) => panic!("{text} is legal in {fen} ({m})"),
        Err(MoveError::Illegal(i)) => {
            let msg = i.to_string();
            (i, msg)
        }
        Err(MoveError::Parse(e)) => panic!("{text}: unreadable: {e}"),
    }
}

#[track_caller]
fn assert_refused(fen: &str, text: &str, message: &str) {
    let (_, msg) = refusal(fen, text);
    assert_eq!(msg, message, "{text} in {fen}");
}

#[test]
fn refused_no_piece_there() {
    assert_refused(Czech::START_FEN, "c5-d6", "there is no piece on c5");
    assert!(matches!(
        refusal(Czech::START_FEN, "c5-d6").0,
        Illegal::NoPiece(_)
    ));
}

#[test]
fn refused_not_your_piece() {
    assert_refused(
        Czech::START_FEN,
        "b6-a5",
        "the piece on b6 is not yours: it is black's and white is to move",
    );
}

#[test]
fn refused_occupied() {
    assert_refused(Czech::START_FEN, "b2-c3", "the square c3 is occupied");
    assert_refused("W:WKd4,b2:Bh8", "d4-h8", "the square h8 is occupied");
}

#[test]
fn refused_men_do_not_move_backwards() {
    assert_refused("W:Wd4:Bh8", "d4-c3", "men do not move backwards");
    assert_refused("B:Wa1:Bd6", "d6-e7", "men do not move backwards");
}

#[test]
fn refused_not_diagonal() {
    assert_refused(
        "W:Wc3:Bh8",
        "c3-e3",
        "c3-e3 is not a diagonal move: the pieces move only along the diagonals",
    );
    assert_refused(
        "W:WKd4:Bh8",
        "d4-d6",
        "d4-d6 is not a diagonal move: the pieces move only along the diagonals",
    );
    // A light square is named as such.
    assert_refused(
        "W:Wc3:Bh8",
        "c3-c4",
        "c4 is a light square; the game is played on the dark squares",
    );
}

#[test]
fn refused_too_far_or_blocked() {
    assert_refused(
        "W:Wc3:Bh8",
        "c3-e5",
        "a man moves one square diagonally forward",
    );
    assert_refused(
        "W:WKd4,f6:Bh8",
        "d4-g7",
        "the way from d4 to g7 is blocked on f6",
    );
}

#[test]
fn refused_capture_is_compulsory() {
    assert_refused(
        "W:Wc3,g3:Bd4",
        "g3-h4",
        "capturing is compulsory: c3 can capture",
    );
    // A plain move of a piece that can capture, with two pieces able to.
    assert_refused(
        "W:Wc3,e1:Bd4,f6,f2",
        "c3-b4",
        "capturing is compulsory: c3, e1 can capture",
    );
    assert!(matches!(
        refusal("W:Wc3,e1:Bd4,f6,f2", "c3-b4").0,
        Illegal::CaptureCompulsory(v) if v.len() == 2
    ));
}

#[test]
fn refused_a_king_must_capture() {
    assert_refused(
        "W:Wc3,Kh2:Bd4,f4",
        "c3xe5",
        "a king can capture, so a king must: h2",
    );
    assert_refused(
        "W:Wc3,Kh2:Bd4,f4",
        "c3-b4",
        "a king can capture, so a king must: h2",
    );
    // The king itself, trying a plain move.
    assert_refused(
        "W:Wc3,Kh2:Bd4,f4",
        "h2-g1",
        "capturing is compulsory: h2 can capture",
    );
}

#[test]
fn refused_the_capture_must_go_on() {
    assert_refused(
        "W:Wc3,e1:Bd4,f6,f2",
        "c3xe5",
        "the capture must go on from e5: c3xe5xg7",
    );
    assert_refused(
        "W:WKa1:Bc3,f6",
        "a1xd4",
        "the capture must go on from d4: a1xd4xg7, a1xd4xh8",
    );
}

#[test]
fn refused_no_such_capture_path() {
    assert_refused(
        "W:Wc3,e1:Bd4,f6,f2",
        "c3xa5",
        "there is no such capture from c3; its captures are: c3xe5xg7",
    );
    // The king may not stop on g7: it must land on f6 and go on.
    assert_refused(
        "W:WKa1:Bc3,g5",
        "a1xg7",
        "there is no such capture from a1; its captures are: a1xf6xh4",
    );
    // Nothing at all to capture.
    assert_refused("W:Wc3:Bh8", "c3xe5", "there is nothing to capture");
}

#[test]
fn refused_ambiguous() {
    assert_refused(
        "W:Wc3:Bb4,b6,d4,d6",
        "c3xc7",
        "ambiguous: these moves match: c3xa5xc7, c3xe5xc7",
    );
    // Naming a landing square picks one.
    let p = pos("W:Wc3:Bb4,b6,d4,d6");
    assert_eq!(
        explain::parse_move(&p, "c3xe5xc7").unwrap().to_string(),
        "c3xe5xc7"
    );
}

#[test]
fn short_notation_and_colons() {
    let p = pos("W:Wc3:Bd4,d6");
    for text in [
        "c3xc7",
        "c3:c7",
        "c3:e5:c7",
        "c3xe5xc7",
        " c3XE5xc7 ",
        "c3-c7",
        "c3 e5 c7",
        "c3\u{d7}e5\u{d7}c7",
    ] {
        let m = explain::parse_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.to_string(), "c3xe5xc7", "{text}");
    }
    // A king's capture named by origin and destination only.
    let k = pos("W:WKa1:Bc3,g5");
    assert_eq!(
        explain::parse_move(&k, "a1xh4").unwrap().to_string(),
        "a1xf6xh4"
    );
    assert_eq!(
        explain::parse_move(&k, "a1:f6:h4").unwrap().to_string(),
        "a1xf6xh4"
    );
}

#[test]
fn unreadable_text_is_a_parse_error_not_an_illegal_move() {
    let p = Position::<Czech>::start();
    for text in ["", "c3", "c3-", "z9-a1", "c3-d4xe5", "hello"] {
        assert!(
            matches!(explain::parse_move(&p, text), Err(MoveError::Parse(_))),
            "{text:?}"
        );
    }
}

#[test]
fn pass_is_refused_in_czech() {
    assert_refused("W:Wc3:Bh8", "pass", "you cannot pass: you have a move");
    assert_refused(
        "W:W:Bh8",
        "pass",
        "there is no legal move: the game is over",
    );
}

#[test]
fn refused_a_move_that_stays_put() {
    assert_refused("W:Wc3:Bh8", "c3-c3", "c3-c3 does not move the piece");
    // A king's capture that comes back to its square is a move, though.
    assert_eq!(
        explain::parse_move(&pos("W:WKe1:Bb4,b6,f2,g5"), "e1xe1")
            .unwrap()
            .to_string(),
        "e1xa5xd8xh4xe1"
    );
}
