//! Thai draughts (RULES-MAINSTREAM §12): perft against dctl's table from
//! the 12-man position, hand-made positions with their exact legal moves
//! for every rule that sets the game apart (kings that land right behind
//! the piece taken, removal at once, men crowned at the end of a capture,
//! free choice), the numeric notation, and the end rules.

mod common;

use common::*;
use dama::search::Limits;
use dama::{perft, AnyGame, AnySearcher, EndRule, GameOptions, Kind, Position, Thai, Variant};
use std::sync::atomic::AtomicBool;

type G = Thai;

/// The legal moves written algebraically (`a1xd4xg7`), sorted: the
/// rules tests below are about which moves exist, not how they are written.
fn alg(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = pos::<G>(fen)
        .legal_moves()
        .iter()
        .map(|m| {
            let sep = if m.is_capture() { "x" } else { "-" };
            let mut t = m.from().unwrap().to_string();
            for s in m.path() {
                t.push_str(sep);
                t.push_str(&s.to_string());
            }
            t
        })
        .collect();
    v.sort();
    v
}

fn assert_alg(fen: &str, expected: &[&str]) {
    let mut e: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    e.sort();
    assert_eq!(alg(fen), e, "{fen}");
}

/// The 12-man position of dctl's Thai table (squares 21–32 and 1–12).
const TWELVE: &str = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";

#[test]
fn perft_from_the_twelve_man_position_agrees_with_dctl() {
    let p: Position<G> = TWELVE.parse().unwrap();
    let counts: Vec<u64> = (1..=7).map(|d| perft::perft(&p, d, true)).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768, 179740]);
    assert_eq!(perft::perft(&p, 5, false), 7361);
}

#[test]
fn the_start_position() {
    let p = Position::<G>::start();
    assert_eq!(p.to_string(), "W:W25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8");
    let counts: Vec<u64> = (1..=4).map(|d| perft::perft(&p, d, true)).collect();
    assert_eq!(counts, [7, 49, 392, 3136]);
}

#[test]
fn men_move_and_capture_forward_only() {
    assert_alg("W:Wd4:Bh8", &["d4-c5", "d4-e5"]);
    // c3 behind cannot be taken; e5 forward can.
    assert_alg("W:Wd4:Bc3,e5", &["d4xf6"]);
    assert_alg("B:We3,c3:Bd4", &["d4xb2", "d4xf2"]);
}

#[test]
fn a_man_reaching_the_last_rank_is_crowned_and_stops() {
    // A king on d8 could go on over e7; the new king stops.
    assert_alg("W:Wb6:Bc7,e7", &["b6xd8"]);
    assert_eq!(
        pos::<G>("W:Wb6:Bc7,e7").legal_moves()[0].promotion(),
        Some(Kind::King)
    );
}

#[test]
fn the_king_flies_when_it_moves() {
    assert_alg(
        "W:WKd4:Bh8",
        &[
            "d4-a1", "d4-a7", "d4-b2", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f2",
            "d4-f6", "d4-g1", "d4-g7",
        ],
    );
}

#[test]
fn the_king_lands_right_behind_the_piece_it_takes() {
    assert_alg("W:WKa1:Bc3", &["a1xd4"]);
    // From e5 the king could take g3; it may not stop there.
    assert_alg("W:WKa1:Bc3,g3", &["a1xd4"]);
    assert_alg("W:WKa1:Bc3,f6,h8", &["a1xd4xg7"]);
    // Nothing right behind: no capture.
    assert_alg("W:WKa1:Bc3,d4", &["a1-b2"]);
}

#[test]
fn captured_pieces_leave_at_once_and_the_king_may_turn_back() {
    // a1xd4 (c3 gone), then b6: back across c5... and straight back over
    // c3's empty square is allowed too.
    assert_alg("W:WKa1:Bc3,c5", &["a1xd4xb6"]);
    // c3xf6 (e5 gone), then straight back over e5's and c3's squares
    // for b2; or b2 first, then e5.
    assert_alg("W:WKc3:Be5,b2", &["c3xa1xf6", "c3xf6xa1"]);
    assert_alg("W:WKh8:Bg7,e5,b2", &["h8xf6xd4xa1"]);
}

#[test]
fn free_choice_among_captures() {
    // One piece or two: both legal.
    assert_alg("W:Wa3,e3:Bb4,d6,f4", &["a3xc5xe7", "e3xg5"]);
}

#[test]
fn a_player_without_moves_loses() {
    let o = outcome(&game::<G>("W:Wa1:Bb2,c3", GameOptions::default(), &[]));
    assert_eq!((o.result, o.rule), (win(Black), EndRule::NoMoves));
}

#[test]
fn threefold_repetition_draws() {
    let g0 = "W:WKa1,c1:BKf8,h8";
    let moves = [
        "a1-b2", "f8-e7", "b2-a1", "e7-f8", "a1-b2", "f8-e7", "b2-a1", "e7-f8",
    ];
    let o = outcome(&game::<G>(g0, GameOptions::default(), &moves));
    assert_eq!((o.result, o.rule), (DRAW, EndRule::Repetition { times: 3 }));
    let g = game::<G>(g0, GameOptions::default(), &moves[..7]);
    assert_eq!(g.status(), dama::Status::InPlay);
}

#[test]
fn numeric_squares_and_captures_written_with_a_dash() {
    let p = pos::<G>("W:WKa1:Bc3,f6,h8");
    let m = p.legal_moves()[0];
    assert_eq!(m.to_string(), "29-18-8");
    // The reader takes the game's own form, or `x`.
    assert_eq!(
        moves::<G>("W:W29,K30:B22-23"),
        moves::<G>("W:Wa1,Kc1:Bc3,e3")
    );
    let mut g = game::<G>("W:WKa1:Bc3,f6,h8", GameOptions::default(), &["29-18-8"]);
    assert!(g.play_text("x").is_err());
    let g2 = game::<G>("W:WKa1:Bc3,f6,h8", GameOptions::default(), &["29x8"]);
    assert_eq!(g2.fen(), g.fen());
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "thai".parse().unwrap();
    assert_eq!(v.pdn_game_type(), Some(31));
    let mut g = AnyGame::new(v, GameOptions::default());
    g.play("b2-c3").unwrap();
    let mut s = AnySearcher::new(v, 1);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &AtomicBool::new(false), &mut |_| {});
    g.play(&r.best.unwrap().text).unwrap();
    assert_eq!(g.len(), 2);
}
