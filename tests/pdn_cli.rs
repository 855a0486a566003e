//! `dama pdn check` and `dama pdn show` from the command line: a file
//! with a broken game among good ones, a UTF-16 file, a board at a move.

use std::process::Command;

mod scratch;
use scratch::TempFile;

/// A file with these bytes in a temporary directory of its own, removed
/// when the test ends.
fn temp(name: &str, bytes: &[u8]) -> TempFile {
    let p = TempFile::new("pdn-cli", name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn dama(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .output()
        .expect("dama runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const GOOD: &str = "[Event \"a\"]\n[Result \"*\"]\n1. c3-d4 f6-g5 2. b2-c3 *\n\n";
const BAD: &str = "[Event \"b\"]\n[Result \"*\"]\n1. c3-d4 d4-e5 *\n\n";
const FROM_FEN: &str =
    "[Event \"c\"]\n[FEN \"B:Wc3:Bd6:F5\"]\n[Result \"*\"]\n5... d6-e5 6. c3-d4 *\n";

#[test]
fn check_names_each_bad_game_and_sums_up() {
    let f = temp("mixed.pdn", format!("{GOOD}{BAD}{FROM_FEN}").as_bytes());
    let name = f.to_str().unwrap();
    let (code, out, _) = dama(&["pdn", "check", name]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        format!(
            "{name}: game 2, move 1... d4-e5: the piece on d4 is not yours: it is white's and black is to move\n3 games in 1 file checked: 2 good, 1 bad\n"
        )
    );
    let g = temp("good.pdn", format!("{GOOD}{FROM_FEN}").as_bytes());
    let (code, out, _) = dama(&["pdn", "check", g.to_str().unwrap(), name]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.ends_with("5 games in 2 files checked: 4 good, 1 bad\n"),
        "{out}"
    );
    let (code, out, _) = dama(&["pdn", "check", g.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "2 games in 1 file checked: 2 good, 0 bad\n");
}

#[test]
fn a_utf16_file_is_named_as_such() {
    let mut bytes = vec![0xFF, 0xFE];
    for u in GOOD.encode_utf16() {
        bytes.extend(u.to_le_bytes());
    }
    let f = temp("utf16.pdn", &bytes);
    let (code, out, _) = dama(&["pdn", "check", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("the file is UTF-16"), "{out}");
    assert!(
        out.ends_with("0 games in 1 file checked: 0 good, 0 bad; 1 file not read\n"),
        "{out}"
    );
    let (code, _, err) = dama(&["pdn", "show", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("the file is UTF-16"), "{err}");
}

#[test]
fn show_draws_a_game_at_a_move() {
    let f = temp("show.pdn", format!("{GOOD}{FROM_FEN}").as_bytes());
    let name = f.to_str().unwrap();
    let (code, out, err) = dama(&["pdn", "show", name, "--move", "1..."]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Game 1: ? - ?, Czech draughts (2 plies played, white to move)\n"),
        "{out}"
    );
    assert!(out.contains("Last move: black f6-g5\n"), "{out}");
    assert!(
        out.ends_with("FEN W:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f8,g5,g7,h6,h8:H0:F2\n"),
        "{out}"
    );
    let (_, out, _) = dama(&["pdn", "show", name, "--game", "2", "--move", "5..."]);
    assert!(out.contains("(1 ply played, white to move)"), "{out}");
    assert!(out.ends_with("FEN W:Wc3:Be5:H0:F6\n"), "{out}");
    let (code, _, err) = dama(&["pdn", "show", name, "--game", "3"]);
    assert_eq!(code, 1);
    assert!(err.contains("there is no game 3 (2 in the file)"), "{err}");
    let (code, _, err) = dama(&["pdn", "show", name, "--move", "9"]);
    assert_eq!(code, 1);
    assert!(err.contains("is not among them"), "{err}");
    let (code, _, err) = dama(&["pdn", "show", name, "--game", "2", "--move", "4"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("move 4 comes before the game's first move, 5..."),
        "{err}"
    );
}

#[test]
fn show_stops_at_a_bad_move_with_the_board_it_was_written_on() {
    let f = temp("bad.pdn", format!("{GOOD}{BAD}").as_bytes());
    let name = f.to_str().unwrap();
    let (code, out, _) = dama(&["pdn", "show", name, "--game", "2"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("Game 2: ? - ?, Czech draughts (1 ply played, black to move)\n"),
        "{out}"
    );
    assert!(out.contains("Last move: white c3-d4\n"), "{out}");
    assert!(
        out.ends_with("Stopped at the bad move: game 2, move 1... d4-e5: the piece on d4 is not yours: it is white's and black is to move\n"),
        "{out}"
    );
    // A move before the bad one is shown, the fault named after it; a
    // move past it is refused.
    let (code, out, _) = dama(&["pdn", "show", name, "--game", "2", "--move", "1"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("(1 ply played, black to move)"), "{out}");
    let (code, _, err) = dama(&["pdn", "show", name, "--game", "2", "--move", "1..."]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "black is to move; the game stops there, after 1 ply, so move 1... is not among them"
        ),
        "{err}"
    );
    // Two good plies, then a bad one: the first is shown, the fault named
    // as coming later.
    let later = "[Event \"e\"]\n[Result \"*\"]\n1. c3-d4 f6-g5 2. a1-b2 *\n";
    let f = temp("later.pdn", later.as_bytes());
    let (code, out, _) = dama(&["pdn", "show", f.to_str().unwrap(), "--move", "1"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("(1 ply played, black to move)"), "{out}");
    assert!(
        out.ends_with("A bad move later: game 1, move 2. a1-b2: the square b2 is occupied\n"),
        "{out}"
    );
}

#[test]
fn show_draws_a_game_whose_moves_contradict_its_result() {
    // White takes Black's last piece, but the record says a draw.
    let wrong = "[Event \"w\"]\n[FEN \"W:Wc3:Bd4\"]\n[Result \"1/2-1/2\"]\n1. c3xe5 1/2-1/2\n";
    let f = temp("wrong.pdn", wrong.as_bytes());
    let (code, out, err) = dama(&["pdn", "show", f.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("(1 ply played, black to move)"), "{out}");
    assert!(out.contains("Last move: white c3xe5\n"), "{out}");
    assert!(
        out.ends_with(
            "The record is wrong: game 1: the result is written as a draw, but the moves end the game: white wins: black has no pieces left\n"
        ),
        "{out}"
    );
    let (code, out, _) = dama(&["pdn", "check", f.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
}

/// Kings only, one ply short of the 15-moves rule: the first move draws,
/// and the record plays on.
const PLAYED_ON: &str = "[Event \"d\"]\n[FEN \"W:WKa1,c3:BKh8,f6:H29\"]\n[Result \"1/2-1/2\"]\n1. a1-b2 h8-g7 2. b2-a1 1/2-1/2\n";

#[test]
fn check_reads_past_a_broken_game_and_warns_of_a_played_on_draw() {
    // A comment left open breaks game 2; games 1, 3 and 4 are still read.
    let broken = "[Event \"b\"]\n[Result \"*\"]\n1. c3-d4 {never closed *\n\n";
    let f = temp(
        "broken.pdn",
        format!("{GOOD}{broken}{FROM_FEN}\n{PLAYED_ON}").as_bytes(),
    );
    let name = f.to_str().unwrap();
    let (code, out, _) = dama(&["pdn", "check", name]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        format!(
            "{name}: game 2, line 7: the comment is not closed with '}}'\n\
             {name}: warning: game 4: the rules drew the game before move 1... (draw: 15 moves of each player without a man moving and without a capture); the moves played on after it are kept\n\
             4 games in 1 file checked: 2 good, 1 accepted with a warning, 1 bad\n"
        )
    );
    // Without the broken game, a warning alone does not fail the check.
    let g = temp("warned.pdn", format!("{GOOD}{PLAYED_ON}").as_bytes());
    let (code, out, _) = dama(&["pdn", "check", g.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.ends_with("2 games in 1 file checked: 1 good, 1 accepted with a warning, 0 bad\n"),
        "{out}"
    );
    // show reaches the games after the broken one.
    let (code, out, err) = dama(&["pdn", "show", name, "--game", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Game 3:"), "{out}");
}

#[test]
fn a_file_of_nuls_is_named_as_such() {
    let f = temp("nul.pdn", &[0u8; 64]);
    let (code, out, _) = dama(&["pdn", "check", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("the file holds NUL bytes"), "{out}");
}
