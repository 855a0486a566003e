//! Frisian draughts (RULES-MAINSTREAM §2): perft against dctl's table,
//! hand-made positions with their exact legal moves for every rule that
//! sets the game apart (captures along ranks and files over playable
//! squares, the capture of highest value, the king restriction), the
//! restriction in the position's identity, and the draw rules.

mod common;

use common::*;
use dama::search::Limits;
use dama::{perft, AnyGame, AnySearcher, EndRule, Frisian, GameOptions, Position, Variant};
use std::sync::atomic::AtomicBool;

type G = Frisian;

/// The legal moves written algebraically (`e5xi5`), sorted.
fn alg_of(p: &Position<G>) -> Vec<String> {
    let mut v: Vec<String> = p
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
    assert_eq!(alg_of(&pos::<G>(fen)), e, "{fen}");
}

#[test]
fn perft_agrees_with_dctl() {
    let start = Position::<G>::start();
    let counts: Vec<u64> = (1..=6).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [9, 81, 658, 3874, 21265, 102431]);
    assert_eq!(perft::perft(&start, 5, false), 21265);
    assert_eq!(
        start.to_string(),
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
    );
}

#[test]
fn men_capture_in_eight_directions() {
    assert_alg("W:We5:Bj10", &["e5-d6", "e5-f6"]);
    // Along the rank and the file: over the next dark square (two files
    // or ranks away) to the one after it.
    assert_alg("W:We5:Bg5", &["e5xi5"]);
    assert_alg("W:We5:Bc5", &["e5xa5"]);
    assert_alg("W:We5:Be7", &["e5xe9"]);
    assert_alg("W:We5:Be3", &["e5xe1"]);
    // Diagonally, forward and backward.
    assert_alg("W:We5:Bf6", &["e5xg7"]);
    assert_alg("W:We5:Bd4", &["e5xc3"]);
    // Landing square taken: no capture.
    assert_alg("W:We5:Bg5,i5", &["e5-d6", "e5-f6"]);
    // Chains turn freely: up the file, then along the rank.
    assert_alg("W:Wa1:Ba3,c5", &["a1xa5xe5"]);
}

#[test]
fn kings_move_diagonally_and_capture_in_eight_directions() {
    assert_alg(
        "W:WKe5:Bj10",
        &[
            "e5-a1", "e5-a9", "e5-b2", "e5-b8", "e5-c3", "e5-c7", "e5-d4", "e5-d6", "e5-f4",
            "e5-f6", "e5-g3", "e5-g7", "e5-h2", "e5-h8", "e5-i1", "e5-i9",
        ],
    );
    // Along rank 1 at a distance, over playable squares only.
    assert_alg("W:WKa1:BKg1", &["a1xi1"]);
    assert_alg("W:WKa1:Ba7", &["a1xa9"]);
}

#[test]
fn the_capture_of_highest_value_is_compulsory() {
    // A king (2) beats a man (1).
    assert_alg("W:We5,j2:BKg5,j4", &["e5xi5"]);
    // Two men (2) beat one king (2 less a little): fewer kings wins.
    assert_alg("W:We5,j2:BKg5,j4,j8", &["j2xj6xj10"]);
    // Equal value: the capture by a king.
    assert_alg("W:Wg1,Kj10:Bg3,d10", &["j10xb10"]);
}

#[test]
fn a_king_may_not_make_a_fourth_quiet_move_in_a_row() {
    // Restricted: only the man moves; it may still capture.
    assert_alg("W:WKe5,j2:Bj10:MW3@e5", &["j2-i3"]);
    assert_eq!(
        refusal::<G>("W:WKe5,j2:Bj10:MW3@e5", "e5-d6"),
        "this king has made 3 moves in a row without capturing; while you have a man, move another piece"
    );
    assert_alg("W:WKe5,j2:Bg7,j10:MW3@e5", &["e5xh8", "e5xi9"]);
    assert_eq!(alg_of(&pos::<G>("W:WKe5,j2:Bj10:MW2@e5")).len(), 17);
    // Without a man the restriction does not apply (the field is dropped).
    assert_eq!(alg_of(&pos::<G>("W:WKe5:Bj10:MW3@e5")).len(), 16);

    // Counted along a game; the runs are part of the position.
    let moves = ["a1-b2", "j8-i7", "b2-a1", "i7-j8", "a1-b2", "j8-i7"];
    let g = game::<G>("W:WKa1,e1:BKj8,j6", GameOptions::default(), &moves);
    let p = *g.position();
    assert_eq!(p.king_run(White), Some(("b2".parse().unwrap(), 3)));
    assert_eq!(p.king_run(Black), Some(("i7".parse().unwrap(), 3)));
    assert_eq!(alg_of(&p), ["e1-d2", "e1-f2"]);
    assert!(p.to_string().ends_with(":MW3@41:MB3@20"), "{p}");
    // The FEN keeps the runs.
    let again: Position<G> = p.to_string().parse().unwrap();
    assert_eq!((again, again.key()), (p, p.key()));
    assert_eq!(p.key(), p.compute_key());
    // The same pieces after four plies are not a repetition: the runs differ.
    let g = game::<G>("W:WKa1,e1:BKj8,j6", GameOptions::default(), &moves[..4]);
    assert_ne!(g.position().key(), pos::<G>("W:WKa1,e1:BKj8,j6").key());
    // A man move ends the run.
    let g = game::<G>(
        "W:WKa1,e1:BKj8,j6",
        GameOptions::default(),
        &["a1-b2", "j8-i7", "e1-d2"],
    );
    assert_eq!(g.position().king_run(White), None);
    // Alternating two kings is allowed indefinitely.
    let moves = [
        "a1-b2", "j8-i7", "g1-h2", "i7-j8", "b2-a1", "j8-i7", "h2-g1", "j6-i5",
    ];
    let g = game::<G>("W:WKa1,Kg1,e1:BKj8,j6", GameOptions::default(), &moves);
    assert_eq!(
        g.position().king_run(White),
        Some(("g1".parse().unwrap(), 1))
    );
}

#[test]
fn two_kings_against_one_and_king_against_king_draw() {
    let g = game::<G>("W:WKa1,Kc1:BKj10:E12", GameOptions::default(), &["c1-d2"]);
    assert_eq!(g.status(), dama::Status::InPlay);
    let o = outcome(&game::<G>(
        "W:WKa1,Kc1:BKj10:E12",
        GameOptions::default(),
        &["c1-d2", "j10-i9"],
    ));
    assert_eq!(
        (o.result, o.rule),
        (DRAW, EndRule::EndgameLimit { plies: 14 })
    );
    let o = outcome(&game::<G>(
        "W:WKc1:BKh10:E2",
        GameOptions::default(),
        &["c1-d2", "h10-g9"],
    ));
    assert_eq!(
        (o.result, o.rule),
        (DRAW, EndRule::EndgameLimit { plies: 4 })
    );
    // Two kings against two: no class.
    let g = game::<G>(
        "W:WKc1,Ka1:BKh10,Kj10:H30",
        GameOptions::default(),
        &["c1-d2"],
    );
    assert_eq!(g.status(), dama::Status::InPlay);
}

#[test]
fn threefold_repetition_draws() {
    let moves = [
        "c1-d2", "h10-g9", "d2-c1", "g9-h10", "c1-d2", "h10-g9", "d2-c1", "g9-h10",
    ];
    let fen = "W:WKa1,Kc1:BKj10,Kh10";
    let o = outcome(&game::<G>(fen, GameOptions::default(), &moves));
    assert_eq!((o.result, o.rule), (DRAW, EndRule::Repetition { times: 3 }));
    let g = game::<G>(fen, GameOptions::default(), &moves[..7]);
    assert_eq!(g.status(), dama::Status::InPlay);
}

#[test]
fn a_player_without_moves_loses() {
    let o = outcome(&game::<G>("W:Wa1:Bb2,c3", GameOptions::default(), &[]));
    assert_eq!((o.result, o.rule), (win(Black), EndRule::NoMoves));
    // A restricted king with nothing else to move: no legal move.
    let o = outcome(&game::<G>(
        "W:WKe5,a1:Bb2,c3,j10:MW3@e5",
        GameOptions::default(),
        &[],
    ));
    assert_eq!((o.result, o.rule), (win(Black), EndRule::NoMoves));
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "frisian".parse().unwrap();
    assert_eq!(v.pdn_game_type(), Some(40));
    let mut g = AnyGame::new(v, GameOptions::default());
    g.play("b4-c5").unwrap();
    let mut s = AnySearcher::new(v, 1);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &AtomicBool::new(false), &mut |_| {});
    g.play(&r.best.unwrap().text).unwrap();
    assert_eq!(g.len(), 2);
}
