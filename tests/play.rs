//! `dama play` driven through stdin, as a player would use it in a pipe:
//! whole games to their result, refused moves with their reasons, hint
//! and undo, saving and resuming, the board from either side, all five
//! games.

use dama::{AnyGame, GameOptions, Variant};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `dama play ARGS` with `input` on stdin; returns stdout after
/// checking that the program exited cleanly with nothing on stderr.
fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .arg("play")
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("input is written");
    let out = child.wait_with_output().expect("dama runs");
    let stdout = String::from_utf8(out.stdout).expect("output is UTF-8");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    assert!(stderr.is_empty(), "stderr: {stderr}");
    stdout
}

/// The boards drawn in a transcript, each as its lines (coordinates included).
fn boards(out: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = out.lines().collect();
    let mut result = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let is_letters = |l: &str| {
            let t = l.trim();
            !t.is_empty()
                && t.split_whitespace()
                    .all(|w| w.len() == 1 && w.as_bytes()[0].is_ascii_lowercase())
        };
        if lines[i].starts_with("    ") && is_letters(lines[i]) {
            let mut j = i + 1;
            while j < lines.len() && !is_letters(lines[j]) {
                j += 1;
            }
            result.push(
                lines[i..=j.min(lines.len() - 1)]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
            );
            i = j + 1;
        } else {
            i += 1;
        }
    }
    result
}

#[test]
fn a_short_game_to_its_result() {
    // White e3, Black h6: after e3-f4 Black's only move is h6-g5, and
    // f4xh6 takes Black's last piece.
    let out = play(&["--fen", "W:We3:Bh6", "--level", "1"], "e3-f4\nf4xh6\n");
    assert!(out.contains("You play e3-f4."), "{out}");
    assert!(out.contains("The computer (black) plays h6-g5."), "{out}");
    assert!(
        out.contains("Capturing is compulsory: you must capture with f4."),
        "{out}"
    );
    assert!(out.contains("You play f4xh6 (takes g5)."), "{out}");
    assert!(
        out.contains("Game over: white wins: black has no pieces left. You win."),
        "{out}"
    );
    let last = boards(&out).pop().expect("a board");
    // The capturing man stands on h6, marked; g5's piece is gone (x).
    assert_eq!(last[3], "  6     .     .     .    [w] 6", "{out}");
    assert_eq!(last[4], "  5  .     .     .     x     5", "{out}");
    assert!(
        out.ends_with("game over> \nEnd of input. Goodbye.\n"),
        "{out}"
    );
}

#[test]
fn the_computer_wins_and_the_rule_is_named() {
    // The player (Black) has one man on b4; its only move is b4xd2, and
    // White's c1xe3 takes it.
    let out = play(
        &["--fen", "B:Wc1,c3:Bb4", "--color", "black", "--level", "1"],
        "b4xd2\n",
    );
    assert!(out.contains("You play b4xd2 (takes c3)."), "{out}");
    assert!(
        out.contains("The computer (white) plays c1xe3 (takes d2)."),
        "{out}"
    );
    assert!(
        out.contains("Game over: white wins: black has no pieces left. The computer wins."),
        "{out}"
    );
}

#[test]
fn an_illegal_move_gets_its_reason_and_the_player_tries_again() {
    let out = play(
        &[
            "--fen",
            "W:Wa1,a3,c1,c3:Bb4,b6,d4,d6,h8",
            "--movetime",
            "50",
        ],
        "c1-b2\na3-a4\nd4-c5\nc3xc7\nplease\nc3xe5xc7\n",
    );
    assert!(
        out.contains("Capturing is compulsory: you must capture with a3, c3."),
        "{out}"
    );
    assert!(
        out.contains("Illegal move: capturing is compulsory: a3, c3 can capture. Try again."),
        "{out}"
    );
    assert!(
        out.contains("Illegal move: a4 is a light square; the game is played on the dark squares. Try again."),
        "{out}"
    );
    assert!(
        out.contains(
            "Illegal move: the piece on d4 is not yours: it is black's and white is to move."
        ),
        "{out}"
    );
    assert!(
        out.contains("Which one? That matches c3xa5xc7 and c3xe5xc7; write a landing square in between to choose."),
        "{out}"
    );
    assert!(
        out.contains("Unknown command 'please' (type help for the commands)."),
        "{out}"
    );
    assert!(out.contains("You play c3xe5xc7 (takes d4, d6)."), "{out}");
    // Nothing was played before the legal move: one "You play" only.
    assert_eq!(
        out.lines().filter(|l| l.starts_with("You play ")).count(),
        1,
        "{out}"
    );
}

#[test]
fn the_short_capture_form_is_accepted() {
    let out = play(&["--fen", "W:Wc3:Bd4,d6,h8", "--movetime", "50"], "c3xc7\n");
    assert!(out.contains("You play c3xe5xc7 (takes d4, d6)."), "{out}");
}

#[test]
fn hint_then_undo() {
    let out = play(&["--movetime", "50"], "hint\nhint\nc3-d4\nundo\nundo\n");
    let first = out
        .lines()
        .find(|l| l.starts_with("Hint: the man on "))
        .unwrap_or_else(|| panic!("a first hint in {out}"));
    let prefix = "Hint: the man on ".len();
    let square = &first[prefix..prefix + 2];
    assert!(["a3", "c3", "e3", "g3"].contains(&square), "{first}");
    assert!(first.ends_with("is worth moving (type hint again for the whole move)."));
    let second = out
        .lines()
        .find(|l| l.starts_with("Hint: play "))
        .unwrap_or_else(|| panic!("a second hint in {out}"));
    let mv = second["Hint: play ".len()..].trim_end_matches('.');
    assert!(mv.starts_with(square), "{first} / {second}");
    let start = AnyGame::new(Variant::Czech, GameOptions::default());
    assert!(start.check_move(mv).is_ok(), "{mv}");

    let taken = out
        .lines()
        .find(|l| l.starts_with("Taken back: "))
        .unwrap_or_else(|| panic!("undo in {out}"));
    assert!(
        taken.starts_with("Taken back: your c3-d4, the computer's "),
        "{taken}"
    );
    assert!(
        out.contains("There is no move of yours to take back."),
        "{out}"
    );
    // The board after undo is the start board again.
    let b = boards(&out);
    assert_eq!(
        b.len(),
        3,
        "start, after the computer's answer, after undo:\n{out}"
    );
    assert_eq!(b[2], b[0], "{out}");
    assert_ne!(b[1], b[0]);
}

#[test]
fn the_board_from_blacks_side_and_flip() {
    let out = play(&["--color", "black", "--movetime", "50"], "flip\n");
    let b = boards(&out);
    assert_eq!(b.len(), 2, "{out}");
    // The computer (White) has moved first; Black's men are at the bottom.
    assert_eq!(b[0][0], "     h  g  f  e  d  c  b  a");
    assert!(b[0][1].starts_with("  1 "), "{out}");
    assert!(b[0][8].starts_with("  8  b     b     b     b"), "{out}");
    assert!(out.contains("The computer (white) plays "), "{out}");
    // flip: White's side at the bottom.
    assert_eq!(b[1][0], "     a  b  c  d  e  f  g  h");
    assert!(b[1][1].starts_with("  8     b     b     b     b"), "{out}");
    assert!(b[1][8].starts_with("  1  w     w     w     w"), "{out}");
}

#[test]
fn every_game_starts_and_shows_its_board() {
    for v in Variant::ALL {
        let out = play(&["--variant", v.name()], "moves\nquit\n");
        let game = AnyGame::new(v, GameOptions::default());
        assert!(
            out.starts_with(&format!("dama play: {}.", v.title())),
            "{out}"
        );
        let b = boards(&out);
        assert_eq!(b.len(), 1, "{out}");
        assert_eq!(b[0].len(), game.ranks() as usize + 2, "{out}");
        assert!(
            out.contains(&format!("Legal moves ({}):", game.legal_moves().len())),
            "{out}"
        );
        assert!(out.ends_with("Goodbye.\n"), "{out}");
    }
    let out = play(&["--variant", "medieval"], "");
    assert!(out.contains("P white pawn, N white knight"), "{out}");
    assert!(
        out.contains("  1  N  .  N  .  N  .  N  .  N  .  1"),
        "{out}"
    );
}

#[test]
fn resign_and_take_it_back() {
    let out = play(&["--movetime", "50"], "resign\nresign\nundo\nquit\n");
    assert!(
        out.contains("Game over: black wins: white resigned. The computer wins."),
        "{out}"
    );
    assert!(
        out.contains("The game is already over (black wins: white resigned)."),
        "{out}"
    );
    assert!(out.contains("Your resignation is taken back."), "{out}");
}

#[test]
fn end_of_input_and_bad_lines_end_or_pass_cleanly() {
    let out = play(&[], "");
    assert!(
        out.ends_with("Your move (white)> \nEnd of input. Goodbye.\n"),
        "{out}"
    );
    let long = "a".repeat(5000);
    let out = play(&[], &format!("{long}\nsave\nflip me\nc3 d4\nhelp\nmoves\n"));
    assert!(
        out.contains("That line is too long (5001 bytes, at most 1000)."),
        "{out}"
    );
    assert!(out.contains("Save needs a file name: save FILE."), "{out}");
    assert!(out.contains("'flip' takes no argument."), "{out}");
    assert!(
        out.contains("'c3 d4': write a move without spaces, like c3-d4 or c3xe5xc7."),
        "{out}"
    );
    assert!(
        out.contains("  undo       take back your last move and the computer's answer"),
        "{out}"
    );
    assert!(out.contains("Legal moves (7):"), "{out}");
}

#[test]
fn bad_options_are_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["play", "--fen", "W:Wz9:Ba7"])
        .stdin(Stdio::null())
        .output()
        .expect("dama runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad --fen"));
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["play", "--level", "6"])
        .stdin(Stdio::null())
        .output()
        .expect("dama runs");
    assert!(!out.status.success());
}

/// A file name in the temporary directory, unique to this test run.
fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("dama-play-{}-{name}", std::process::id()))
}

#[test]
fn save_then_resume_and_finish() {
    let file = temp_file("save.pdn");
    let f = file.to_str().expect("a UTF-8 temporary path");
    let out = play(
        &["--fen", "W:We3:Bh6", "--level", "2", "--color", "white"],
        &format!("e3-f4\nsave {f}\nquit\n"),
    );
    assert!(out.contains("The computer (black) plays h6-g5."), "{out}");
    assert!(
        out.contains(&format!(
            "Saved 2 plies to {f}; continue with: dama play --resume {f}"
        )),
        "{out}"
    );
    let pdn = std::fs::read_to_string(&file).expect("the save file");
    assert!(pdn.contains("[FEN \"W:We3:Bh6:H0:F1\"]"), "{pdn}");
    assert!(pdn.contains("[Player \"white\"]"), "{pdn}");
    assert!(pdn.contains("[Level \"2\"]"), "{pdn}");
    assert!(pdn.contains("1. e3-f4 h6-g5 *"), "{pdn}");

    // Resumed: same game, position, side and level; the game goes on to its end.
    let out = play(&["--resume", f], "f4xh6\n");
    assert!(
        out.starts_with(&format!("Resuming {f}: 2 plies played.\n")),
        "{out}"
    );
    assert!(
        out.contains("You play white, the computer plays black at level 2."),
        "{out}"
    );
    assert!(out.contains("Last move: black h6-g5."), "{out}");
    assert!(out.contains("You play f4xh6 (takes g5)."), "{out}");
    assert!(
        out.contains("Game over: white wins: black has no pieces left. You win."),
        "{out}"
    );

    // A finished game saved and resumed is still over.
    let out = play(&["--resume", f], &format!("f4xh6\nsave {f}\n"));
    assert!(out.contains("Saved 3 plies"), "{out}");
    let pdn = std::fs::read_to_string(&file).expect("the save file");
    assert!(
        pdn.contains("2. f4xh6 {white wins: black has no pieces left} 2-0"),
        "{pdn}"
    );
    let out = play(&["--resume", f], "");
    assert!(
        out.contains("Game over: white wins: black has no pieces left. You win."),
        "{out}"
    );
    let _ = std::fs::remove_file(&file);
}

#[test]
fn resume_refuses_a_bad_file() {
    let file = temp_file("bad.pdn");
    std::fs::write(&file, "[Level \"2\"]\n1. c3-d4 c3-b4 *\n").expect("a file");
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .arg("play")
        .arg("--resume")
        .arg(&file)
        .stdin(Stdio::null())
        .output()
        .expect("dama runs");
    let _ = std::fs::remove_file(&file);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot resume"), "{err}");
    assert!(err.contains("move 1... c3-b4"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["play", "--resume", "/nonexistent/dama/game.pdn"])
        .stdin(Stdio::null())
        .output()
        .expect("dama runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/dama/game.pdn"));
}

#[test]
fn a_draw_names_its_rule() {
    // 29 plies without a man move or a capture: the 30th ends the game.
    let out = play(
        &["--fen", "W:WKa1,Kc1:BKh8,Kf8:H29", "--movetime", "50"],
        "a1-b2\nmoves\n",
    );
    assert!(out.contains("You play a1-b2."), "{out}");
    assert!(
        out.contains(
            "Game over: draw: 15 moves of each player without a man moving and without a capture.\n"
        ),
        "{out}"
    );
    assert!(!out.contains("The computer (black) plays"), "{out}");
    assert!(
        out.contains("The game is over: there are no moves."),
        "{out}"
    );
    // Ossetian draughts: neither side can move.
    let out = play(&["--variant", "ossetian", "--fen", "W:Wa7:Bg1"], "");
    assert!(
        out.contains("Game over: draw: neither side can move, and the count is equal.\n"),
        "{out}"
    );
}
