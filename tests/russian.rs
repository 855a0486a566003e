//! Russian draughts (RULES-MAINSTREAM §7): perft against dctl's table,
//! hand-made positions with their exact legal moves for the rules that
//! set the game apart (free choice, promotion in the middle of a capture
//! going on as a king), its draw rules and the run-time layer.

mod common;

use common::*;
use dama::rules::russian::{endgame_class, Russian, R1, R2, R3};
use dama::search::Limits;
use dama::{perft, AnyGame, AnySearcher, EndRule, GameOptions, Kind, Position, Variant};
use std::sync::atomic::AtomicBool;

type G = Russian;

/// Move texts with the game's capture separator as `x` (the tests read
/// the same whichever separator the notation writes).
fn plain(fen: &str) -> Vec<String> {
    moves::<G>(fen)
        .into_iter()
        .map(|m| m.replace(':', "x"))
        .collect()
}

#[test]
fn perft_agrees_with_dctl() {
    let start = Position::<G>::start();
    let counts: Vec<u64> = (1..=7).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7482, 37986, 190146]);
}

#[test]
fn free_choice_among_captures_but_the_chain_is_complete() {
    assert_eq!(plain("W:Wc3,h2:Bd4,f6,g3"), ["c3xe5xg7", "h2xf4"]);
    assert_eq!(plain("W:Wd4:Bc3"), ["d4xb2"]);
}

#[test]
fn a_man_crowned_mid_capture_goes_on_as_a_king() {
    // b6xd8 crowns; from d8 the new king takes f6 at a distance.
    assert_eq!(plain("W:Wb6:Bc7,f6"), ["b6xd8xg5", "b6xd8xh4"]);
    let p = pos::<G>("W:Wb6:Bc7,f6");
    for m in p.legal_moves().iter() {
        assert_eq!(
            (m.kind(), m.promotion(), m.capture_count()),
            (Kind::Man, Some(Kind::King), 2)
        );
        let q = p.after(m);
        assert_eq!(q.piece_at(m.to().unwrap()).unwrap().kind, Kind::King);
    }
    // Crowned on f8, it goes on as a king (backwards, at a distance over h6? no: g7 next to it).
    assert_eq!(plain("W:Wd6:Be7,g7"), ["d6xf8xh6"]);
    assert_eq!(
        pos::<G>("W:Wd6:Be7,g7").legal_moves()[0].promotion(),
        Some(Kind::King)
    );
    // Crowned with nothing more to take: the move ends on the last rank.
    assert_eq!(plain("W:Wd6:Be7"), ["d6xf8"]);
    // A king's long jump after crowning must land where it can go on.
    assert_eq!(plain("W:Wb6:Bc7,f6,d2"), ["b6xd8xg5xc1"]);
}

#[test]
fn endgame_classes() {
    assert_eq!(endgame_class(&pos::<G>("W:WKa1,c3:BKh6")), R1);
    assert_eq!(endgame_class(&pos::<G>("W:WKb2,Kc3:BKh6")), R1);
    assert_eq!(endgame_class(&pos::<G>("W:Wb2,c3:BKh6")), 0);
    // R2: the lone king alone on a1-h8 against three pieces with a king.
    assert_eq!(endgame_class(&pos::<G>("W:WKa3,c1,e1:BKd4")), R2);
    assert_eq!(endgame_class(&pos::<G>("W:WKa3,Kc1,Ke1:BKh8")), R2);
    // Not alone on it: three kings make R3, a king and men no class.
    assert_eq!(endgame_class(&pos::<G>("W:WKa1,c1,e1:BKd4")), 0);
    assert_eq!(endgame_class(&pos::<G>("W:WKa1,Kc1,Ke1:BKd4")), R3);
    assert_eq!(endgame_class(&pos::<G>("W:WKa3,Kc1,Ke1:BKh6")), R3);
    assert_eq!(endgame_class(&pos::<G>("W:WKa3,Kc1,Ke1,Kg1:BKh6")), R3);
    assert_eq!(endgame_class(&pos::<G>("W:WKa3,Kc1,Ke1,g1:BKh6")), 0);
}

#[test]
fn draw_rules() {
    let o = GameOptions::default();
    // 15 moves each of kings only.
    let g = game::<G>("W:WKa1,a3:BKh8,h6:H29", o, &["a1-b2"]);
    assert_eq!(outcome(&g).rule, EndRule::NoProgress { plies: 30 });
    // A man move resets it.
    let g = game::<G>("W:WKa1,a3:BKh8,h6:H29", o, &["a3-b4"]);
    assert_eq!(g.status(), dama::Status::InPlay);
    // R1: drawn after the stronger side's 5th move, a man move included.
    let g = game::<G>("W:WKa1,c3:BKh8:E9", o, &["c3-d4"]);
    assert_eq!(outcome(&g).rule, EndRule::EndgameLimit { plies: 10 });
    let g = game::<G>("W:WKa1,c3:BKh8:E7", o, &["c3-d4"]);
    assert_eq!(g.status(), dama::Status::InPlay);
    // R3: after the stronger side's 15th move.
    let g = game::<G>("W:WKa1,Kc1,Ke1:BKh8:E29", o, &["a1-b2"]);
    assert_eq!(outcome(&g).rule, EndRule::EndgameLimit { plies: 30 });
    // R1 entered by the weaker side's capture: the stronger side's 5th
    // move comes at E = 9.
    let g = game::<G>("B:WKa1,c3:BKh6:E8", o, &["h6-g7"]);
    assert_eq!(g.status(), dama::Status::InPlay);
    let g = game::<G>("W:WKa1,c3:BKh8:E8", o, &["c3-d4"]);
    assert_eq!(outcome(&g).rule, EndRule::EndgameLimit { plies: 10 });
    // Each side with a king, 4 or 5 pieces: 30 moves each without a
    // capture or promotion; 6 or 7 pieces: 60 moves each.
    let g = game::<G>("W:WKa1,c3:BKh8,h6:C59", o, &["c3-d4"]);
    assert_eq!(outcome(&g).rule, EndRule::EndgameLimit { plies: 60 });
    let g = game::<G>("W:WKa1,c3,e3:BKh8,h6,f8:C59", o, &["c3-d4"]);
    assert_eq!(g.status(), dama::Status::InPlay);
    let g = game::<G>("W:WKa1,c3,e3:BKh8,h6,f8:C119", o, &["c3-d4"]);
    assert_eq!(outcome(&g).rule, EndRule::EndgameLimit { plies: 120 });
    // The C counter is written in the FEN.
    assert!(game::<G>("W:WKa1,c3:BKh8,h6:C20", o, &["c3-d4"])
        .fen()
        .contains(":C21"));
    // Third repetition.
    let g = game::<G>(
        "W:WKc1,a3:BKh8,h6",
        o,
        &[
            "c1-d2", "h8-g7", "d2-c1", "g7-h8", "c1-d2", "h8-g7", "d2-c1", "g7-h8",
        ],
    );
    assert_eq!(outcome(&g).rule, EndRule::Repetition { times: 3 });
    // A move that wins on the limit wins.
    let g = game::<G>("W:WKa1,g1:BKd4:E9", o, &["a1xe5"]);
    assert_eq!(outcome(&g).result, win(White));
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "russian".parse().unwrap();
    assert_eq!(v.to_string(), "russian");
    let mut g = AnyGame::new(v, GameOptions::default());
    g.play("c3-d4").unwrap();
    g.play("f6-e5").unwrap();
    let mut s = AnySearcher::new(v, 1);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &AtomicBool::new(false), &mut |_| {});
    g.play(&r.best.unwrap().text).unwrap();
    assert_eq!(g.len(), 3);
}

#[test]
fn a_fen_written_in_a_class_the_board_no_longer_shows_reads_back() {
    // R2 is judged when the material appears (the lone king alone on the
    // long diagonal) and kept; the king stepping off it leaves a board
    // that, read afresh, is in no class: the FEN carries the class's
    // limit as `L10`, and reads back as the same game.
    let o = GameOptions::default();
    let g = game::<G>("B:WKa3,c1,e1:BKd4", o, &["d4-b6"]);
    let fen = g.fen();
    assert_eq!(fen, "W:WKa3,c1,e1:BKb6:H1:C1:E1:L10:F2");
    let back = dama::Game::<G>::from_fen(&fen, o).unwrap();
    assert_eq!(back.counters().class, R2);
    assert_eq!(back.counters().since_class, 1);
    assert_eq!(back.fen(), fen);
    // Drawn after the stronger side's 5th move, read back or not.
    let five = [
        "c1-d2", "b6-a7", "d2-c3", "a7-b6", "e1-d2", "b6-a7", "c3-b4", "a7-b6", "d2-c3",
    ];
    for start in [g, back] {
        let mut g = start;
        for m in five {
            assert_eq!(g.status(), dama::Status::InPlay, "{}", g.fen());
            g.play_text(m).unwrap();
        }
        assert_eq!(outcome(&g).rule, EndRule::EndgameLimit { plies: 10 });
    }
    // Three kings whose lone king was on the diagonal count R2's 5
    // moves, not R3's 15, after it steps off (`L10`); `L30` says R3.
    let g = game::<G>("B:WKa3,Kc1,Ke1:BKh8", o, &["h8-g7", "a3-b4", "g7-h6"]);
    assert!(g.fen().contains(":E3:L10"), "{}", g.fen());
    let r3 = dama::Game::<G>::from_fen("W:WKa3,Kc1,Ke1:BKh6:E3:L30", o).unwrap();
    assert_eq!(r3.counters().class, R3);
    assert_eq!(r3.fen(), "W:WKa3,Kc1,Ke1:BKh6:H0:C0:E3:F1");
    // A king stepping onto the diagonal in a position of no class: `L0`.
    let g = game::<G>("B:WKa3,c1,e1:BKh6", o, &["h6-g7"]);
    assert_eq!(g.counters().class, 0);
    let fen = g.fen();
    assert!(fen.contains(":L0"), "{fen}");
    let back = dama::Game::<G>::from_fen(&fen, o).unwrap();
    assert_eq!(back.counters().class, 0);
    assert_eq!(back.fen(), fen);
    // A limit the material cannot have is refused.
    assert!(dama::Game::<G>::from_fen("W:WKa3,c1,e1:BKc5:L30", o).is_err());
    assert!(dama::Game::<G>::from_fen("W:WKa1,c3:BKh8:L30", o).is_err());
}
