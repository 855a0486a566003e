//! `dama play` driven through stdin, as a player would use it in a pipe:
//! whole games to their result, refused moves with their reasons, hint
//! and undo, saving and resuming, the board from either side, all five
//! games of the Czech rules book, and the square names of a numbered one.

use dama::{AnyGame, Color, GameOptions, Variant};
use std::io::Write;
use std::process::{Command, Stdio};

mod scratch;
use scratch::TempFile;

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
    // resign asks first; `no` keeps playing, `resign` again (or `yes`) confirms.
    let out = play(
        &["--movetime", "50"],
        "resign\nno\nresign\nresign\nresign\nundo\nquit\n",
    );
    assert!(
        out.contains(
            "Your move (white)> resign\nYou resign and the game is lost: type resign again (or yes) to confirm.\nYour move (white)> no\nNot resigned: play on.\n"
        ),
        "{out}"
    );
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

/// A file name in a temporary directory of its own, unique to this test
/// run and removed when the test ends.
fn temp_file(name: &str) -> TempFile {
    TempFile::new("play", name)
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
    // The command to continue is named the way dama was started.
    assert!(
        out.contains(&format!(
            "Saved 2 plies to {f}; continue with: {} play --resume {f}",
            env!("CARGO_BIN_EXE_dama")
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
fn save_keeps_a_file_that_is_not_a_save_and_resume_says_which_game() {
    // A PDN collection of two games: resumed, the first game, and the
    // player is told so.
    let file = temp_file("two.pdn");
    let f = file.to_str().expect("a UTF-8 temporary path");
    let two = "[Event \"a\"]\n1. c3-d4 *\n\n[Event \"b\"]\n1. c3-b4 *\n";
    std::fs::write(&file, two).expect("a file");
    let out = play(&["--resume", f], &format!("save {f}\nquit\nquit\n"));
    assert!(
        out.starts_with(&format!(
            "Resuming {f} (the first of its 2 games; save will not write over it): 1 ply played.\n"
        )),
        "{out}"
    );
    // Saving over it would lose the second game: refused, file kept.
    assert!(
        out.contains(&format!(
            "Not saved: {f} already holds 2 games; save to another file (a save replaces only an earlier save)."
        )),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&file).expect("the file"), two);

    // Any other file is kept too; an earlier save is replaced.
    let other = temp_file("notes.txt");
    let o = other.to_str().expect("a UTF-8 temporary path");
    std::fs::write(&other, "not a game").expect("a file");
    let save = temp_file("save.pdn");
    let s = save.to_str().expect("a UTF-8 temporary path");
    let out = play(
        &["--two-players"],
        &format!("c3-d4\nsave {o}\nsave {s}\nf6-g5\nsave {s}\n"),
    );
    assert!(
        out.contains(&format!("Not saved: {o} already holds")),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(&other).expect("the file"),
        "not a game"
    );
    assert!(out.contains(&format!("Saved 1 ply to {s}")), "{out}");
    assert!(out.contains(&format!("Saved 2 plies to {s}")), "{out}");

    // A directory is named as one; a blank file is replaced.
    let dir = temp_file("dir");
    std::fs::create_dir_all(&dir).expect("a directory");
    let d = dir.to_str().expect("a UTF-8 temporary path");
    let blank = temp_file("blank.pdn");
    std::fs::write(&blank, "\n  \n").expect("a file");
    let b = blank.to_str().expect("a UTF-8 temporary path");
    let out = play(&["--two-players"], &format!("c3-d4\nsave {d}\nsave {b}\n"));
    assert!(
        out.contains(&format!(
            "Not saved: {d} is a directory; save to another file"
        )),
        "{out}"
    );
    assert!(out.contains(&format!("Saved 1 ply to {b}")), "{out}");
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

// ---------------------------------------------------------------------
// What a new player hits (issue 15): the messages, the terminal game's
// new commands and options.
// ---------------------------------------------------------------------

/// The move in "Type a move such as X, or help for the commands."
fn example_move(out: &str) -> String {
    let line = out
        .lines()
        .find(|l| l.starts_with("Type a move such as "))
        .unwrap_or_else(|| panic!("no example in {out}"));
    line["Type a move such as ".len()..]
        .split(',')
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn the_example_move_is_legal_in_the_game_being_played() {
    for v in Variant::ALL {
        let out = play(&["--variant", v.name()], "");
        let ex = example_move(&out);
        let mut g = AnyGame::new(v, GameOptions::default());
        if v.first_player() != Color::White {
            // The computer (the first player) has moved before the example.
            let first = out
                .lines()
                .find_map(|l| l.strip_prefix("Last move: black "))
                .unwrap_or_else(|| panic!("{v}: no first move in {out}"));
            g.play(first.trim_end_matches('.')).unwrap();
        }
        assert!(g.check_move(&ex).is_ok(), "{v}: {ex} is not legal\n{out}");
        // Played as shown, it is accepted.
        let out = play(
            &["--variant", v.name(), "--movetime", "20"],
            &format!("{ex}\n"),
        );
        assert!(out.contains(&format!("You play {ex}")), "{v}: {out}");
    }
    // Black's example comes after the computer's first move, legal then.
    let out = play(&["--color", "black", "--level", "1", "--seed", "1"], "");
    let ex = example_move(&out);
    assert!(ex.starts_with(|c: char| c.is_ascii_lowercase()), "{out}");
    let first = out
        .lines()
        .find_map(|l| l.strip_prefix("The computer (white) plays "))
        .expect("the computer moves first");
    let mut g = AnyGame::new(Variant::Czech, GameOptions::default());
    g.play(first.trim_end_matches('.')).unwrap();
    assert!(g.check_move(&ex).is_ok(), "{ex} after {first}\n{out}");
}

#[test]
fn an_off_board_square_is_described_with_the_board_being_played() {
    let out = play(&["--movetime", "20"], "c9-d10\nz9-a1\n");
    assert!(
        out.contains("Illegal move: c9 is off the board (files a–h, ranks 1–8). Try again."),
        "{out}"
    );
    assert!(
        out.contains("'z9' is off the board (files a–h, ranks 1–8). Try again."),
        "{out}"
    );
    assert!(!out.contains("a–j"), "{out}");
    let out = play(&["--variant", "ossetian"], "a8-a9\n");
    assert!(out.contains("(files a–g, ranks 1–7)"), "{out}");
}

#[test]
fn limits_are_counted_the_way_a_player_counts() {
    // Gothic draughts, 29 plies without a capture: one more ends it.
    let out = play(
        &["--variant", "gothic", "--fen", "W:Wa1,b1:Bh8:H29"],
        "a1-a2\n",
    );
    assert!(
        out.contains("Game over: white wins: 30 plies (15 moves of each player) without a capture, more pieces wins. You win."),
        "{out}"
    );
    // Knight's draughts: the limit counts plies too.
    let out = play(
        &[
            "--variant",
            "knights",
            "--fen",
            "W:Wa3,b3:Bj8:F100:H0",
            "--level",
            "1",
        ],
        "a3-b5\n",
    );
    assert!(
        out.contains("the limit of 200 plies (100 moves of each player), more pieces wins"),
        "{out}"
    );
    // One ply is "1 ply".
    let file = temp_file("one-ply.pdn");
    let f = file.to_str().unwrap();
    let out = play(&["--two-players"], &format!("c3-d4\nsave {f}\n"));
    assert!(out.contains(&format!("Saved 1 ply to {f};")), "{out}");
    let out = play(&["--resume", f], "");
    assert!(
        out.starts_with(&format!("Resuming {f}: 1 ply played.")),
        "{out}"
    );
}

#[test]
fn a_pipe_gets_the_moves_not_the_thinking() {
    let out = play(&["--movetime", "100"], "c3-d4\n");
    assert!(out.contains("The computer (black) plays "), "{out}");
    assert!(!out.contains("thinking"), "{out}");
    assert!(!out.contains('\x1b'), "{out}");
}

#[test]
fn quit_asks_first_when_the_game_is_not_saved() {
    let out = play(&["--movetime", "20"], "c3-d4\nquit\nmoves\nquit\nyes\n");
    assert!(
        out.contains("quit\nThe game is not saved. Type quit again to leave without saving, or save FILE first.\n"),
        "{out}"
    );
    // Another command cancels the question; quit asks again, yes leaves.
    assert!(out.contains("Legal moves ("), "{out}");
    assert_eq!(out.matches("The game is not saved.").count(), 2, "{out}");
    assert!(out.ends_with("> yes\nGoodbye.\n"), "{out}");
    // quit twice leaves too; nothing played or all saved: no question.
    let out = play(&["--movetime", "20"], "c3-d4\nquit\nquit\n");
    assert!(out.ends_with("> quit\nGoodbye.\n"), "{out}");
    let out = play(&[], "quit\n");
    assert!(!out.contains("not saved"), "{out}");
}

#[test]
fn knights_moves_come_in_columns_and_every_line_fits_80_characters() {
    let out = play(&["--variant", "knights"], "moves\nhelp\nrules\n");
    let list: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Legal moves (52):"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(list.len() <= 10, "{list:?}");
    assert_eq!(
        list.iter()
            .map(|l| l.split_whitespace().count())
            .sum::<usize>(),
        52
    );
    for v in Variant::ALL {
        let out = play(&["--variant", v.name()], "help\nrules\nmoves\n");
        for l in out.lines() {
            assert!(
                l.chars().count() <= 80,
                "{v}: {} characters: {l}",
                l.chars().count()
            );
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_moves() {
    // Level 1 picks among near-best moves and sometimes any move: with a
    // seed, the same choices again.
    let first_moves = |seed: &str| -> Vec<String> {
        let out = play(&["--color", "black", "--level", "1", "--seed", seed], "");
        out.lines()
            .filter(|l| l.starts_with("The computer (white) plays "))
            .map(String::from)
            .collect()
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in ["1", "2", "3", "4", "5", "6", "7", "8"] {
        let a = first_moves(seed);
        assert_eq!(a.len(), 1);
        assert_eq!(a, first_moves(seed), "seed {seed}");
        seen.insert(a[0].clone());
    }
    assert!(seen.len() > 1, "every seed played {seen:?}");
}

#[test]
fn two_players_at_one_terminal() {
    let out = play(
        &["--two-players", "--fen", "W:We3:Bh6"],
        "e3-f4\nundo\ne3-f4\nh6-g5\nhint\nf4xh6\n",
    );
    assert!(
        out.contains("dama play: Czech draughts. Two players: type the moves of both sides."),
        "{out}"
    );
    assert!(
        out.contains("White to move> e3-f4\nWhite plays e3-f4."),
        "{out}"
    );
    assert!(out.contains("Taken back: white's e3-f4."), "{out}");
    assert!(
        out.contains("Black to move> h6-g5\nBlack plays h6-g5."),
        "{out}"
    );
    assert!(
        out.contains("Capturing is compulsory: white must capture with f4."),
        "{out}"
    );
    assert!(out.contains("Hint: the man on f4 is worth moving"), "{out}");
    assert!(
        out.contains("Game over: white wins: black has no pieces left.\n"),
        "{out}"
    );
    assert!(!out.contains("computer"), "{out}");
    // Saved and resumed, it is still a game of two players.
    let file = temp_file("two.pdn");
    let f = file.to_str().unwrap();
    let out = play(&["--two-players"], &format!("c3-d4\nsave {f}\n"));
    assert!(out.contains("Saved 1 ply"), "{out}");
    let pdn = std::fs::read_to_string(&file).unwrap();
    assert!(pdn.contains("[Player \"both\"]"), "{pdn}");
    let out = play(&["--resume", f], "f6-g5\n");
    assert!(
        out.contains("Black to move> f6-g5\nBlack plays f6-g5."),
        "{out}"
    );
}

#[test]
fn show_draws_a_capture_before_it_is_played() {
    let out = play(
        &["--fen", "W:Wc3,a1:Bd4,f6,h8", "--movetime", "20"],
        "show c3xg7\nshow c3-b4\nmoves\n",
    );
    let shown = boards(&out)[1].clone();
    // The path c3, e5, g7 in brackets, the men it takes on d4 and f6 in < >.
    assert_eq!(shown[3], "  6     .     .    <b>    .  6", "{out}");
    assert_eq!(shown[4], "  5  .     .    [.]    .     5", "{out}");
    assert_eq!(shown[5], "  4     .    <b>    .     .  4", "{out}");
    assert_eq!(shown[6], "  3  .    [w]    .     .     3", "{out}");
    assert!(
        out.contains("Not played: c3xe5xg7 (takes d4, f6). [ ] its path, < > the pieces it takes."),
        "{out}"
    );
    assert!(
        out.contains("Illegal move: capturing is compulsory: c3 can capture."),
        "{out}"
    );
    // Nothing was played.
    assert!(
        out.contains("Legal moves (1), capturing is compulsory:"),
        "{out}"
    );
    assert!(!out.contains("You play c3"), "{out}");
}

#[test]
fn rules_prints_the_rules_of_the_game_being_played() {
    // The same page the app shows at /rules/medieval, as text.
    let out = play(&["--variant", "medieval"], "rules\n");
    assert!(out.contains("Medieval battle\n==============="), "{out}");
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("30 moves without a capture: if 30 moves in a row (15 of each player)"),
        "{out}"
    );
    assert!(
        words.contains("pawn 1, knight 2, commander 3, king 4"),
        "{out}"
    );
    assert!(!out.contains('<'), "{out}");
    let out = play(&[], "rules\n");
    assert!(out.contains("Czech draughts\n=============="), "{out}");
}

/// Starts `dama play ARGS`, waits until its output contains `marker`,
/// sends SIGINT; returns the exit code, stdout and stderr.
fn interrupt_when(args: &[&str], marker: &str) -> (Option<i32>, String, String) {
    use std::io::Read;
    use std::sync::{Arc, Mutex};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama starts");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut stdout = child.stdout.take().unwrap();
    let buf = Arc::clone(&seen);
    let reader = std::thread::spawn(move || {
        let mut chunk = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut chunk) {
            if n == 0 {
                break;
            }
            buf.lock().unwrap().extend_from_slice(&chunk[..n]);
        }
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !String::from_utf8_lossy(&seen.lock().unwrap()).contains(marker) {
        assert!(std::time::Instant::now() < deadline, "no '{marker}'");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // The handler is installed before the game starts; give the session
    // a moment to reach the state the marker announces.
    std::thread::sleep(std::time::Duration::from_millis(100));
    // `wait` closes the child's stdin: keep it open until the child has
    // ended, or a slow signal would come after the end of the input.
    let stdin = child.stdin.take();
    let ok = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
    let t = std::time::Instant::now();
    let status = child.wait().unwrap();
    assert!(t.elapsed() < std::time::Duration::from_secs(5));
    reader.join().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let out = String::from_utf8_lossy(&seen.lock().unwrap()).into_owned();
    drop(stdin);
    (status.code(), out, err)
}

#[test]
fn ctrl_c_leaves_the_prompt_on_a_line_of_its_own() {
    // While the computer thinks: the search stops, the session says so
    // on a new line, the status is 130.
    let (code, out, _) = interrupt_when(
        &["--color", "black", "--level", "5", "--movetime", "20000"],
        "Marks:",
    );
    assert_eq!(code, Some(130), "{out}");
    assert!(out.ends_with("\nInterrupted. Goodbye.\n"), "{out}");
    // Waiting for input: the program leaves at once, ending the line.
    let (code, out, err) = interrupt_when(&[], "Your move (white)> ");
    assert_eq!(code, Some(130), "{out}");
    assert!(out.ends_with("Your move (white)> "), "{out}");
    assert_eq!(err, "\n");
}

/// In a game whose players number the squares, the board drawn is still
/// lettered at its edges: a square named in a sentence gives its number
/// (as the moves are written) and its place on the board drawn, and what
/// a move takes is written in numbers, beside the move.
#[test]
fn numbered_games_name_squares_by_number_and_board_place() {
    let out = play(
        &[
            "--variant",
            "international",
            "--fen",
            "W:W28,48:B23,1",
            "--level",
            "1",
        ],
        "48-42\n37-32\nshow 48-42\nhint\nhint\n28x19\nquit\nyes\n",
    );
    assert!(
        out.contains("Capturing is compulsory: you must capture with 28 (e5)."),
        "{out}"
    );
    // A refusal names its squares the same way; the move itself stays
    // in numbers.
    assert!(
        out.contains("Illegal move: capturing is compulsory: 28 (e5) can capture. Try again."),
        "{out}"
    );
    assert!(
        out.contains("Illegal move: there is no piece on 37 (c3). Try again."),
        "{out}"
    );
    assert!(
        out.contains("Illegal move: capturing is compulsory: 28 (e5) can capture.\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "Hint: the man on 28 (e5) is worth moving (type hint again for the whole move)."
        ),
        "{out}"
    );
    assert!(out.contains("Hint: play 28x19 (takes 23)."), "{out}");
    assert!(out.contains("You play 28x19 (takes 23)."), "{out}");
}
