//! Perft, table-driven: the published counts from the five start
//! positions (bulk counting and move-by-move), and Czech middle-game and
//! king positions where no table exists, cross-checked four ways: bulk
//! against move-by-move counting, against the sum of the divide lines,
//! and against a naive second implementation of the rules
//! (`common::czech_ref`), root move by root move.

mod common;

use common::czech_ref;
use dama::perft::{divide, perft};
use dama::{dispatch, Czech, Mechanics, Position, Variant};
use std::collections::BTreeMap;

/// Bulk counting of the last ply.
const BULK: bool = true;
/// Every move of the last ply played.
const PLAY: bool = false;

/// (game, depth, bulk, expected) from the start position.
const START: &[(Variant, u32, bool, u64)] = &[
    // Czech draughts: dctl's published table (= English checkers to depth 8).
    (Variant::Czech, 1, BULK, 7),
    (Variant::Czech, 2, BULK, 49),
    (Variant::Czech, 3, BULK, 302),
    (Variant::Czech, 4, BULK, 1469),
    (Variant::Czech, 5, BULK, 7361),
    (Variant::Czech, 6, BULK, 36768),
    (Variant::Czech, 7, BULK, 179740),
    (Variant::Czech, 8, BULK, 845931),
    (Variant::Czech, 9, BULK, 3963671),
    (Variant::Czech, 10, BULK, 18368918),
    (Variant::Czech, 1, PLAY, 7),
    (Variant::Czech, 2, PLAY, 49),
    (Variant::Czech, 3, PLAY, 302),
    (Variant::Czech, 4, PLAY, 1469),
    (Variant::Czech, 5, PLAY, 7361),
    (Variant::Czech, 6, PLAY, 36768),
    (Variant::Czech, 7, PLAY, 179740),
    // Gothic draughts.
    (Variant::Gothic, 1, BULK, 22),
    (Variant::Gothic, 2, BULK, 484),
    (Variant::Gothic, 3, BULK, 12892),
    (Variant::Gothic, 4, BULK, 343396),
    (Variant::Gothic, 3, PLAY, 12892),
    // Knight's draughts.
    (Variant::Knights, 1, BULK, 52),
    (Variant::Knights, 2, BULK, 1080),
    (Variant::Knights, 3, BULK, 6926),
    (Variant::Knights, 4, BULK, 117084),
    (Variant::Knights, 5, BULK, 838000),
    (Variant::Knights, 4, PLAY, 117084),
    // Ossetian draughts.
    (Variant::Ossetian, 1, BULK, 19),
    (Variant::Ossetian, 2, BULK, 51),
    (Variant::Ossetian, 3, BULK, 141),
    (Variant::Ossetian, 4, BULK, 743),
    (Variant::Ossetian, 5, BULK, 3268),
    (Variant::Ossetian, 6, BULK, 17480),
    (Variant::Ossetian, 7, BULK, 99144),
    (Variant::Ossetian, 6, PLAY, 17480),
    // Medieval battle.
    (Variant::Medieval, 1, BULK, 23),
    (Variant::Medieval, 2, BULK, 529),
    (Variant::Medieval, 3, BULK, 11477),
    (Variant::Medieval, 4, BULK, 249001),
    (Variant::Medieval, 3, PLAY, 11477),
];

fn start_perft(v: Variant, depth: u32, bulk: bool) -> u64 {
    dispatch!(v, R => perft(&Position::<R>::start(), depth, bulk))
}

#[test]
fn start_positions() {
    let mut wrong = Vec::new();
    for &(v, depth, bulk, expected) in START {
        let got = start_perft(v, depth, bulk);
        if got != expected {
            wrong.push(format!(
                "{v} depth {depth} bulk {bulk}: expected {expected}, got {got}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The start position's divide lines add up to its perft, and every
/// root move's count agrees between bulk and move-by-move counting.
#[test]
fn start_divide_sums() {
    for v in Variant::ALL {
        dispatch!(v, R => {
            let pos = Position::<R>::start();
            let depth = if v == Variant::Czech { 6 } else { 3 };
            let bulk = divide(&pos, depth, BULK);
            let played = divide(&pos, depth, PLAY);
            assert_eq!(bulk.len(), pos.legal_moves().len(), "{v}");
            for ((m1, n1), (m2, n2)) in bulk.iter().zip(&played) {
                assert_eq!(m1.to_string(), m2.to_string(), "{v}");
                assert_eq!(n1, n2, "{v}: root move {m1}");
            }
            let total: u64 = bulk.iter().map(|(_, n)| n).sum();
            assert_eq!(total, perft(&pos, depth, BULK), "{v}");
        });
    }
}

/// The reference implementation reproduces the published table, so it
/// can be trusted on the positions below.
#[test]
fn reference_rules_match_the_table() {
    let b = czech_ref::Board::from_fen(Czech::START_FEN);
    let expected = [7, 49, 302, 1469, 7361, 36768];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(czech_ref::perft(&b, d as u32 + 1), n, "depth {}", d + 1);
    }
}

/// Czech positions with kings, long capture chains and both kinds
/// capturing: (position, depth).
const CZECH_POSITIONS: &[(&str, u32)] = &[
    // Kings against men in the middle game.
    ("W:WKc1,Kg1,b2,f2,a3,e3:BKb8,Kf8,a5,c5,g5,b6,h6", 6),
    // Kings only: flying moves and captures at a distance.
    ("B:WKa1,Kd4,Kh6:BKe7,Kb2", 6),
    ("W:WKd4,Kf2:BKa7,Kg7,c5,e7", 7),
    // A king next to many men: chains with several landing squares.
    ("W:WKh2,c3,e3,g1:Bb4,d4,f4,b6,d6,f6,Kh8", 8),
    ("W:WKe3,c1,a3,g3:Bb4,b6,c7,f6,g5,Kh8,e7", 7),
    // The rectangle: a king's tour in both directions is one move.
    ("W:WKe1,c1,a3:Bb4,b6,f2,g5,Kh8", 6),
    // Men about to promote on both sides, with captures onto the last rank.
    ("W:Wa5,c5,e5,g7,Kb2,c3:Bb4,d8,f6,h8,Kg3,d2,a7", 7),
    // A crowded middle game.
    (
        "B:Wa1,c1,e1,b2,d2,f2,h2,a3,c3,g3,d4,f4:Ba5,c5,e5,g5,b6,d6,h6,a7,c7,e7,g7,Kf8",
        9,
    ),
];

#[test]
fn czech_positions_four_ways() {
    for &(fen, depth) in CZECH_POSITIONS {
        let pos: Position<Czech> = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let bulk = perft(&pos, depth, BULK);
        let played = perft(&pos, depth, PLAY);
        assert_eq!(bulk, played, "{fen}: bulk against move-by-move");
        let lines: BTreeMap<String, u64> = divide(&pos, depth, BULK)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        assert_eq!(
            lines.values().sum::<u64>(),
            bulk,
            "{fen}: divide lines against perft"
        );
        let board = czech_ref::Board::from_fen(fen);
        let reference: BTreeMap<String, u64> = board
            .legal()
            .iter()
            .map(|m| (m.text(), czech_ref::perft(&board.after(m), depth - 1)))
            .collect();
        assert_eq!(
            lines, reference,
            "{fen}: divide against the reference rules"
        );
        assert!(bulk > 100, "{fen}: a position worth testing ({bulk} nodes)");
    }
}

/// Perft at depth 0 is 1; a position with no move (or no piece) has none.
#[test]
fn edge_depths_and_finished_positions() {
    let start = Position::<Czech>::start();
    assert_eq!(perft(&start, 0, BULK), 1);
    assert!(divide(&start, 0, BULK).is_empty());
    // White's only man is blocked: no move, so nothing below.
    let blocked: Position<Czech> = "W:Wa1:Bb2,c3".parse().unwrap();
    assert_eq!(perft(&blocked, 1, BULK), 0);
    assert_eq!(perft(&blocked, 3, PLAY), 0);
    // No white piece at all.
    let empty: Position<Czech> = "W:W:Bb6".parse().unwrap();
    assert_eq!(perft(&empty, 2, BULK), 0);
}

/// `dama perft --divide` lists the moves with their numbers in order
/// (`9-13` before `10-14`), and a depth outside 1–20 is refused.
#[test]
fn the_command_divides_in_number_order() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(args)
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
        )
    };
    let (ok, text) = run(&["perft", "1", "--variant", "english", "--divide"]);
    assert!(ok, "{text}");
    let moves: Vec<&str> = text.lines().filter_map(|l| l.strip_suffix(" 1")).collect();
    assert_eq!(
        moves,
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"],
        "{text}"
    );
    assert!(!run(&["perft", "0"]).0);
    assert!(!run(&["perft", "21"]).0);
    assert!(!run(&["perft", "1", "--fen", "W:W:B"]).0);
}
