//! Transcripts of the line protocol: the `dama` binary is started with
//! no subcommand, fed commands on stdin, and its replies are checked
//! line by line, as a GUI or tournament runner would see them.

use dama::{AnyGame, GameOptions, Variant};
use std::ops::{Deref, DerefMut};
use std::process::ExitStatus;
use std::thread;
use std::time::{Duration, Instant};

mod engine;
use engine::Engine;

/// The native protocol's engine, with its question-and-answer helpers.
struct Dama(Engine);

impl Deref for Dama {
    type Target = Engine;
    fn deref(&self) -> &Engine {
        &self.0
    }
}

impl DerefMut for Dama {
    fn deref_mut(&mut self) -> &mut Engine {
        &mut self.0
    }
}

impl Dama {
    fn start() -> Self {
        Dama(Engine::start(&[]))
    }

    /// Sends `line` and then `isready`; returns what came before `readyok`.
    fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut v = self.until("readyok");
        v.pop();
        v
    }

    /// The one line `line` answers.
    fn ask1(&mut self, line: &str) -> String {
        let v = self.ask(line);
        assert_eq!(v.len(), 1, "one reply to '{line}', got {v:?}");
        v[0].clone()
    }

    fn fen(&mut self) -> String {
        self.ask1("fen")
    }

    /// Closes stdin and returns the remaining output and the exit status.
    fn close(self) -> (Vec<String>, ExitStatus) {
        self.0.close()
    }
}

/// The words after `key` up to the next keyword of a `move`/`legal` line.
fn field<'a>(line: &'a str, key: &str) -> Vec<&'a str> {
    const KEYS: [&str; 5] = ["piece", "from", "path", "captured", "promotion"];
    let words: Vec<&str> = line.split(' ').collect();
    let Some(i) = words.iter().position(|w| *w == key) else {
        return Vec::new();
    };
    words[i + 1..]
        .iter()
        .take_while(|w| !KEYS.contains(w))
        .copied()
        .collect()
}

fn bestmove(lines: &[String]) -> String {
    let b: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(b.len(), 1, "exactly one bestmove in {lines:?}");
    // `bestmove M [ponder R]`: the move.
    b[0]["bestmove ".len()..]
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn handshake_names_the_engine_and_lists_options_as_documented() {
    let mut e = Dama::start();
    e.send("dama");
    let lines = e.until("damaok");
    assert_eq!(
        lines[0],
        format!("id name dama {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(lines[1].starts_with("id author "));
    assert_eq!(lines[2], "id protocol 1");
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
    assert_eq!(
        options,
        [
            "option name variant type combo default czech var czech var gothic var knights var ossetian var medieval var international var killer var breakthrough var antidraughts var brazilian var russian var english var italian var spanish var pool var turkish var thai var frisian",
            "option name level type spin default 5 min 1 max 5",
            "option name hash type spin default 64 min 1 max 1024",
            "option name moveoverhead type spin default 30 min 0 max 5000",
            "option name nocapturelimit type spin default 30 min 1 max 1000",
            "option name movelimit type spin default 200 min 1 max 10000",
            "option name multipv type spin default 1 min 1 max 64",
            "option name egtbpath type string default <empty>",
            "option name threads type spin default 1 min 1 max 64",
            "option name evaltweak type string default <empty>",
            "option name contempt type spin default 0 min 0 max 100",
        ]
    );
    assert_eq!(lines.len(), 3 + options.len() + 1);
    // PROTOCOL.md shows the same lines, so the reference cannot drift.
    let doc = include_str!("../PROTOCOL.md");
    for o in options {
        assert!(doc.contains(o.as_str()), "PROTOCOL.md lacks '{o}'");
    }
    assert!(doc.contains("Protocol version 1"));
    e.send("isready");
    assert_eq!(e.next(), "readyok");
}

#[test]
fn position_with_moves_then_go_depth_gives_one_legal_bestmove() {
    let mut e = Dama::start();
    assert!(e
        .ask("position startpos moves c3-d4 f6-g5 b2-c3 g7-f6")
        .is_empty());
    e.send("go depth 3");
    let lines = e.until("bestmove");
    for l in &lines[..lines.len() - 1] {
        let w: Vec<&str> = l.split(' ').collect();
        // info depth D seldepth S score cp|win|loss N nodes N nps N time MS hashfull N pv ...
        let keys: Vec<&str> = [0, 1, 3, 5, 8, 10, 12, 14, 16]
            .iter()
            .map(|&i| w[i])
            .collect();
        assert_eq!(
            keys,
            ["info", "depth", "seldepth", "score", "nodes", "nps", "time", "hashfull", "pv"],
            "{l}"
        );
        assert!(["cp", "win", "loss"].contains(&w[6]), "{l}");
        for i in [2, 4, 7, 9, 11, 13, 15] {
            assert!(w[i].parse::<i64>().is_ok(), "a number at {i} in {l}");
        }
    }
    let m = bestmove(&lines);
    let mut g = AnyGame::new(Variant::Czech, GameOptions::default());
    for m in ["c3-d4", "f6-g5", "b2-c3", "g7-f6"] {
        g.play(m).unwrap();
    }
    assert!(g.legal_moves().iter().any(|l| l.text == m), "{m} is legal");
    assert!(e
        .ask1(&format!("check {m}"))
        .starts_with(&format!("legal {m} ")));
}

/// The score of the last `info` line of `go depth 1`.
fn depth1_score(e: &mut Dama) -> i64 {
    score_at(e, 1)
}

/// The score of the last `info` line of `go depth <depth>`.
fn score_at(e: &mut Dama, depth: u32) -> i64 {
    e.send(&format!("go depth {depth}"));
    let lines = e.until("bestmove");
    let info = lines.iter().rev().find(|l| l.starts_with("info ")).unwrap();
    let w: Vec<&str> = info.split(' ').collect();
    assert_eq!(w[6], "cp", "{info}");
    w[7].parse().unwrap()
}

#[test]
fn contempt_scores_a_draw_below_zero_for_the_engine_whichever_side_it_plays() {
    let mut e = Dama::start();
    // King against king away from the corners: a dead draw, which the
    // search sees by the endgame limit well within 12 plies.
    for fen in ["W:WKc1:BKf6", "B:WKc1:BKf6"] {
        assert!(e.ask(&format!("position fen {fen}")).is_empty());
        assert!(e.ask("setoption name contempt value 0").is_empty());
        assert_eq!(score_at(&mut e, 12), 0, "{fen}");
        assert!(e.ask("setoption name contempt value 35").is_empty());
        assert_eq!(score_at(&mut e, 12), -35, "{fen}");
    }
    assert_eq!(
        e.ask1("setoption name contempt value 101"),
        "error setoption: contempt must be an integer from 0 to 100, not '101'"
    );
    assert_eq!(score_at(&mut e, 12), -35, "a refused value changes nothing");
}

#[test]
fn evaltweak_changes_the_evaluation_and_refuses_bad_items() {
    let mut e = Dama::start();
    // White has a king more than Black: its worth shows in the score.
    let fen = "W:WKa1,c1,e1:Bb8,d8";
    assert!(e.ask(&format!("position fen {fen}")).is_empty());
    let plain = depth1_score(&mut e);
    assert!(e.ask("setoption name evaltweak value king=900").is_empty());
    let dearer = depth1_score(&mut e);
    assert!(dearer > plain + 400, "{plain} -> {dearer}");
    let err = e.ask1("setoption name evaltweak value queen=3");
    assert_eq!(
        err,
        "error setoption: evaltweak: 'queen=3' is not a tweak (expected key=value with key man, king, mobman, mobking, tempo, squares or patterns)"
    );
    // The item at fault is named, with the range of its value.
    assert_eq!(
        e.ask1("setoption name evaltweak value king=800,man=5000"),
        "error setoption: evaltweak: 'man=5000': the value must be an integer from -1000 to 1000"
    );
    assert_eq!(
        depth1_score(&mut e),
        dearer,
        "a refused tweak changes nothing"
    );
    assert!(e.ask("setoption name evaltweak value <empty>").is_empty());
    assert_eq!(depth1_score(&mut e), plain);
    // The Czech region patterns: a middle game scores otherwise without
    // them, and the same again with them back.
    let middle = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f4,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h8,h6";
    assert!(e.ask(&format!("position fen {middle}")).is_empty());
    let with = depth1_score(&mut e);
    assert!(e
        .ask("setoption name evaltweak value patterns=0")
        .is_empty());
    let without = depth1_score(&mut e);
    assert_ne!(with, without);
    assert!(e
        .ask("setoption name evaltweak value patterns=100")
        .is_empty());
    assert_eq!(depth1_score(&mut e), with);
}

#[test]
fn legal_moves_carry_paths_captures_and_promotion() {
    let mut e = Dama::start();
    // White: men c3, g3, b6 and a king a1; Black men d4, d6, f6, c7, h4.
    assert!(e
        .ask("position fen W:Wc3,g3,b6,Ka1:Bd4,d6,f6,c7,h4")
        .is_empty());
    assert_eq!(
        e.ask("moves"),
        [
            "move b6xd8 piece man from b6 path d8 captured c7 promotion king",
            "move c3xe5xg7 piece man from c3 path e5 g7 captured d4 f6 promotion -",
            "movesok 2",
        ]
    );
    assert_eq!(e.ask1("mustcapture"), "mustcapture b6 c3");
    // The short form names the canonical move with its whole path.
    assert_eq!(
        e.ask1("check c3xg7"),
        "legal c3xe5xg7 piece man from c3 path e5 g7 captured d4 f6 promotion -"
    );
    assert_eq!(
        e.ask1("check a1-b2"),
        "illegal a1-b2 reason capturing is compulsory: b6, c3 can capture"
    );
    assert_eq!(
        e.ask1("check c3-d5"),
        "illegal c3-d5 reason d5 is a light square; the game is played on the dark squares"
    );
    assert_eq!(
        e.ask1("check zz"),
        "illegal zz reason in 'zz': 'zz' is not a square (a name like c3, or a square's number)"
    );

    // From the start: seven plain steps, each a man moving one square.
    assert!(e.ask("position startpos").is_empty());
    let start = e.ask("moves");
    assert_eq!(start.len(), 8);
    for m in &start[..7] {
        assert_eq!(field(m, "piece"), ["man"], "{m}");
        assert_eq!(field(m, "path").len(), 1, "{m}");
        assert_eq!(field(m, "captured"), ["-"], "{m}");
        assert_eq!(field(m, "promotion"), ["-"], "{m}");
    }

    // A flying king captures at a distance and must land where it can go on.
    assert!(e.ask("position fen W:WKa1:Bc3,e7").is_empty());
    assert_eq!(
        e.ask("moves"),
        [
            "move a1xf6xd8 piece king from a1 path f6 d8 captured c3 e7 promotion -",
            "movesok 1"
        ]
    );
    assert_eq!(
        e.ask1("check a1xd8"),
        "legal a1xf6xd8 piece king from a1 path f6 d8 captured c3 e7 promotion -"
    );

    // Czech: when a king can capture, a king must.
    assert!(e.ask("position fen W:WKa1,c1:Bc3,d2").is_empty());
    assert_eq!(e.ask1("mustcapture"), "mustcapture a1");
    assert_eq!(
        e.ask1("check c1xe3"),
        "illegal c1xe3 reason a king can capture, so a king must: a1"
    );
    assert_eq!(
        e.ask1("check b2-c3"),
        "illegal b2-c3 reason there is no piece on b2"
    );
}

#[test]
fn an_illegal_move_is_named_and_the_position_stays() {
    let mut e = Dama::start();
    assert!(e.ask("position startpos moves c3-d4 f6-e5").is_empty());
    let before = e.fen();
    assert_eq!(
        e.ask("position startpos moves c3-d4 f6-e5 e3-f4"),
        ["error position: move 3 'e3-f4' is illegal: capturing is compulsory: d4 can capture"]
    );
    assert_eq!(e.fen(), before);
    assert_eq!(
        e.ask("position startpos moves c3-d4 f6-e5 d4xf6 g7xe5 b2-c3 e5-d3"),
        ["error position: move 6 'e5-d3' is illegal: d3 is a light square; the game is played on the dark squares"]
    );
    assert_eq!(
        e.ask("position startpos moves c3-d4 h6-g5 b2xc3"),
        ["error position: move 3 'b2xc3' is illegal: there is nothing to capture"]
    );
    assert_eq!(
        e.ask("position startpos moves c3-d4 d4"),
        ["error position: move 2 'd4' is unreadable: 'd4' names only one square; write the origin and the destination, like c3-d4"]
    );
    let back = e.ask1("position startpos moves a3-b4 b6-a5 b4-a3");
    assert!(
        back.starts_with("error position: move 3 'b4-a3' is illegal: ")
            && back.ends_with(" do not move backwards"),
        "{back}"
    );
    assert_eq!(e.fen(), before);
    // `play` is as careful: all or nothing.
    assert_eq!(
        e.ask("play d4xf6 g7xe5 e3-e5"),
        ["error play: move 3 'e3-e5' is illegal: the square e5 is occupied"]
    );
    assert_eq!(e.fen(), before);
    assert!(e.ask("play d4xf6 g7xe5").is_empty());
    assert_ne!(e.fen(), before);
    assert!(e.ask("undo 2").is_empty());
    assert_eq!(e.fen(), before);
    assert_eq!(
        e.ask("undo 3"),
        ["error undo: cannot take back 3 plies: only 2 were played since the position was set"]
    );
    assert_eq!(e.fen(), before);
    assert_eq!(
        e.ask("position fen W:Wa1:Bb2,b3"),
        ["error position: bad FEN 'W:Wa1:Bb2,b3': b3 is a light square; Czech draughts is played on the dark squares only"]
    );
    assert_eq!(e.fen(), before);
}

#[test]
fn a_setup_with_more_pieces_than_a_position_may_have_is_refused() {
    // 28 black men on the 7×7 board of Ossetian draughts, each a white
    // man could jump: more captures in one move than a path holds (and
    // more pieces than any game starts with). Refused, the position kept
    // as it was.
    let mut e = Dama::start();
    assert!(e.ask("setoption name variant value ossetian").is_empty());
    let before = e.fen();
    let black =
        "b1,d1,f1,b3,d3,f3,b5,d5,f5,b7,d7,f7,a2,a4,a6,c2,c4,c6,e2,e4,e6,g2,g4,g6,b2,f2,f6,b6";
    let r = e.ask1(&format!("position fen W:Wa1:B{black}"));
    assert!(
        r.starts_with("error position: bad FEN 'W:Wa1:Bb1,")
            && r.ends_with("': black has 28 pieces; a position has at most 23 of a colour, more than any game starts with"),
        "{r}"
    );
    assert_eq!(e.fen(), before);
    // 23 is fine: here a trail of 23 short jumps takes every black man,
    // a path of 23 landings, as long as a move's path may be.
    let black23 = "b1,d1,f1,g2,f3,d3,b3,a4,b5,d5,f5,g6,f7,d7,b7,a6,b6,c6,c4,c2,d2,e4,e6";
    assert!(e.ask(&format!("position fen W:Wa1:B{black23}")).is_empty());
    let moves = e.ask("moves");
    let most = moves
        .iter()
        .filter(|m| m.starts_with("move "))
        .map(|m| field(m, "captured").len())
        .max();
    assert_eq!(most, Some(23), "{moves:?}");
    e.send("go depth 1");
    let m = bestmove(&e.until("bestmove"));
    assert!(e.ask1(&format!("check {m}")).starts_with("legal "));
}

/// The status after setting `fen` and playing `moves`.
fn status_after(e: &mut Dama, fen: &str, moves: &str) -> String {
    let cmd = format!("position fen {fen} moves {moves}");
    assert!(e.ask(&cmd).is_empty(), "{cmd} is accepted");
    e.ask1("status")
}

#[test]
fn status_tells_the_result_and_the_rule() {
    let mut e = Dama::start();
    assert_eq!(e.ask1("status"), "status inplay side white");
    // A win: the last black piece is captured.
    assert_eq!(
        status_after(&mut e, "W:Wc3:Bd4", "c3xe5"),
        "status over result 1-0 winner white rule no-pieces text white wins: black has no pieces left"
    );
    // A win: the side to move is blocked.
    assert_eq!(
        status_after(&mut e, "W:Wa1,g1:Bh2", "a1-b2"),
        "status over result 1-0 winner white rule no-moves text white wins: black cannot move"
    );
    // Draw 1: the same position for the third time (kings shuffle back and forth).
    let shuffle = "c1-d2 f8-e7 d2-c1 e7-f8";
    assert_eq!(
        status_after(
            &mut e,
            "W:WKa1,Kc1:BKf8,Kh8",
            &format!("{shuffle} c1-d2 f8-e7 d2-c1")
        ),
        "status inplay side black"
    );
    assert_eq!(
        status_after(&mut e, "W:WKa1,Kc1:BKf8,Kh8", &format!("{shuffle} {shuffle}")),
        "status over result 1/2-1/2 winner none rule repetition text draw: the same position for the third time"
    );
    // Draw 2: 15 moves of each player without a man moving or a capture
    // (26 such plies before the FEN, 4 more here).
    assert_eq!(
        status_after(&mut e, "W:WKa1,Kc1:BKf8,Kh8:H26", "c1-d2 f8-e7 d2-e3"),
        "status inplay side black"
    );
    assert_eq!(
        status_after(&mut e, "W:WKa1,Kc1:BKf8,Kh8:H26", "c1-d2 f8-e7 d2-e3 e7-d6"),
        "status over result 1/2-1/2 winner none rule no-progress text draw: 15 moves of each player without a man moving and without a capture"
    );
    // Draw 3: two kings against a lone king, not won within 5 moves of each player.
    let ten = "a1-b2 h2-g1 b2-a3 g1-h2 c1-d2 h2-g1 d2-c3 g1-h2 c3-d4 h2-g1";
    let nine = &ten[..ten.len() - " h2-g1".len()];
    assert_eq!(
        status_after(&mut e, "W:WKa1,Kc1:BKh2", nine),
        "status inplay side black"
    );
    assert_eq!(
        status_after(&mut e, "W:WKa1,Kc1:BKh2", ten),
        "status over result 1/2-1/2 winner none rule endgame-limit text draw: the lone king held out for 5 moves of each player"
    );
    // A finished game takes no more moves and searches to `bestmove none`.
    assert_eq!(
        e.ask("play d4-e5"),
        ["error play: move 1 'd4-e5' cannot be played: the game is over (draw: the lone king held out for 5 moves of each player)"]
    );
    e.send("go depth 5");
    let lines = e.until("bestmove");
    assert_eq!(
        lines,
        [
            "info string the game is over: draw: the lone king held out for 5 moves of each player",
            "bestmove none"
        ]
    );
    assert_eq!(e.ask1("hint"), "hint none");
}

/// Sends raw bytes (ending in a newline) and returns the replies before `readyok`.
fn ask_bytes(e: &mut Dama, bytes: &[u8]) -> Vec<String> {
    e.send_bytes(bytes);
    e.send("isready");
    let mut v = e.until("readyok");
    v.pop();
    v
}

#[test]
fn bad_input_gets_one_error_line_and_changes_nothing() {
    let mut e = Dama::start();
    assert!(e.ask("setoption name level value 2").is_empty());
    assert!(e.ask("position startpos moves c3-d4 f6-g5").is_empty());
    let before = e.fen();
    let board = e.ask("board");
    let bad: [&[u8]; 20] = [
        b"frobnicate\n",
        b"DAMA\n",
        b"go depth\n",
        b"go depth 0\n",
        b"go depth 3 depth 4\n",
        b"go sideways\n",
        b"position\n",
        b"position fen\n",
        b"position fen W:Wz9:Bb8\n",
        b"position startpos c3-d4\n",
        b"setoption name level value 6\n",
        b"setoption name level value two\n",
        b"setoption name variant value chess\n",
        b"setoption name colour value red\n",
        b"setoption level 3\n",
        b"undo 0\n",
        b"perft 99\n",
        b"isready please\n",
        b"go \xff\xfe depth 3\n",
        b"\xc3\x28\n",
    ];
    for b in bad {
        let r = ask_bytes(&mut e, b);
        assert_eq!(
            r.len(),
            1,
            "one reply to {:?}: {r:?}",
            String::from_utf8_lossy(b)
        );
        assert!(r[0].starts_with("error "), "{r:?}");
    }
    assert_eq!(
        ask_bytes(&mut e, b"setoption name level value 6\n"),
        ["error setoption: level must be an integer from 1 to 5, not '6'"]
    );
    assert_eq!(
        ask_bytes(&mut e, b"setoption name colour value red\n"),
        ["error setoption: unknown option 'colour' (options: variant, level, hash, moveoverhead, nocapturelimit, movelimit, multipv, egtbpath, threads, evaltweak, contempt)"]
    );
    assert_eq!(
        ask_bytes(&mut e, b"setoption name variant value chess\n"),
        [format!(
            "error setoption: variant must be one of {}, not 'chess'",
            Variant::NAMES.join(", ")
        )]
    );
    // Overlong lines, also one far beyond the limit and with no newline for a while.
    for len in [64 * 1024 + 1, 1 << 20] {
        let mut line = b"position startpos moves ".to_vec();
        line.resize(len, b'x');
        line.push(b'\n');
        let r = ask_bytes(&mut e, &line);
        assert_eq!(
            r,
            [format!("error input: a line of {len} bytes is longer than the limit of 65536 bytes; it was ignored")]
        );
    }
    // A line exactly at the limit is read (and here rejected for its content).
    let mut line = b"check ".to_vec();
    line.resize(64 * 1024, b'a');
    line.push(b'\n');
    let r = ask_bytes(&mut e, &line);
    assert_eq!(r.len(), 1);
    assert!(r[0].starts_with("illegal aaaa"), "{r:?}");
    assert_eq!(
        ask_bytes(&mut e, b"\xc3\x28 go\n"),
        ["error input: the line is not valid UTF-8 (bad byte at offset 0); it was ignored"]
    );
    // Blank lines and CR LF line ends are fine.
    assert!(ask_bytes(&mut e, b"\n   \n\r\n").is_empty());
    assert_eq!(ask_bytes(&mut e, b"fen\r\n"), std::slice::from_ref(&before));
    // Nothing changed: the position, the board, the options still work.
    assert_eq!(e.fen(), before);
    assert_eq!(e.ask("board"), board);
    e.send("go depth 2");
    let m = bestmove(&e.until("bestmove"));
    assert!(e.ask1(&format!("check {m}")).starts_with("legal "));
}

#[test]
fn stop_ends_an_infinite_search_with_exactly_one_bestmove() {
    let mut e = Dama::start();
    assert!(e.ask("position startpos moves c3-d4 f6-g5").is_empty());
    e.send("go infinite");
    // The first progress line shows the search is under way.
    assert!(e.next().starts_with("info depth 1 "));
    // Questions are answered while it thinks; state changes are refused.
    let quiet = |v: Vec<String>| -> Vec<String> {
        v.into_iter().filter(|l| !l.starts_with("info ")).collect()
    };
    e.send("isready");
    assert_eq!(quiet(e.until("readyok")), ["readyok"]);
    let mut g = AnyGame::new(Variant::Czech, GameOptions::default());
    g.play("c3-d4").unwrap();
    g.play("f6-g5").unwrap();
    let n = g.legal_moves().len();
    let moves = quiet(e.ask("moves"));
    assert_eq!(moves.len(), n + 1);
    assert_eq!(moves.last().unwrap(), &format!("movesok {n}"));
    assert_eq!(
        quiet(e.ask("position startpos")),
        ["error position: a search is running; send 'stop' first"]
    );
    thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    e.send("stop");
    let lines = e.until("bestmove");
    let waited = t.elapsed();
    // 10 ms is the engine's promise; the bound here allows for a busy test machine.
    assert!(waited < Duration::from_millis(500), "stop took {waited:?}");
    let m = bestmove(&lines);
    assert!(e.ask1(&format!("check {m}")).starts_with("legal "));
    // No second bestmove, and a second stop is ignored.
    assert!(e.ask("stop").is_empty());
    assert!(e.next_within(Duration::from_millis(300)).is_none());
    // The engine searches again after that.
    e.send("go depth 2");
    bestmove(&e.until("bestmove"));
    let (rest, status) = e.close();
    assert!(rest.is_empty(), "{rest:?}");
    assert!(status.success());
}

#[test]
fn pondering_waits_for_ponderhit_then_takes_its_time_from_there() {
    let mut e = Dama::start();
    let quiet = |v: Vec<String>| -> Vec<String> {
        v.into_iter().filter(|l| !l.starts_with("info ")).collect()
    };
    // Nothing to ponder on: a clear error, nothing changes.
    assert_eq!(
        e.ask("ponderhit"),
        ["error ponderhit: no 'go ponder' search is waiting for it"]
    );
    assert!(e
        .ask1("go ponder infinite")
        .starts_with("error go: 'ponder' and 'infinite' exclude each other"));
    // A ponder search with a clock: no bestmove while the opponent thinks
    // (far beyond the 300 ms its clock would give it) …
    assert!(e.ask("position startpos moves c3-d4").is_empty());
    e.send("go ponder wtime 3000 btime 3000 movestogo 10");
    thread::sleep(Duration::from_millis(800));
    e.send("isready");
    let lines = quiet(e.until("readyok"));
    assert_eq!(lines, ["readyok"], "no bestmove before ponderhit");
    // … then its time counts from ponderhit.
    let t = Instant::now();
    e.send("ponderhit");
    let lines = e.until("bestmove");
    let waited = t.elapsed();
    assert!(waited < Duration::from_millis(2500), "took {waited:?}");
    let last = lines.last().unwrap();
    let words: Vec<&str> = last.split(' ').collect();
    assert!(e.ask1(&format!("check {}", words[1])).starts_with("legal "));
    // The ponder move is the reply the engine expects: legal after its move.
    assert_eq!(words.get(2), Some(&"ponder"), "{last}");
    let mut g = AnyGame::new(Variant::Czech, GameOptions::default());
    g.play("c3-d4").unwrap();
    g.play(words[1]).unwrap();
    assert!(g.check_move(words[3]).is_ok(), "{last}");
    // A search that ends on its own while pondering answers at ponderhit.
    e.send("go ponder depth 2");
    thread::sleep(Duration::from_millis(300));
    e.send("isready");
    assert_eq!(quiet(e.until("readyok")), ["readyok"]);
    let t = Instant::now();
    e.send("ponderhit");
    bestmove(&e.until("bestmove"));
    assert!(t.elapsed() < Duration::from_millis(500));
    // `stop` ends a ponder search with its bestmove; ponderhit after it
    // is refused.
    e.send("go ponder movetime 100");
    assert!(e.next().starts_with("info "));
    e.send("stop");
    bestmove(&e.until("bestmove"));
    assert_eq!(
        e.ask("ponderhit"),
        ["error ponderhit: no 'go ponder' search is waiting for it"]
    );
    let (rest, status) = e.close();
    assert!(rest.is_empty(), "{rest:?}");
    assert!(status.success());
}

#[test]
fn end_of_input_mid_search_prints_the_bestmove_and_exits_cleanly() {
    let mut e = Dama::start();
    e.send("go infinite");
    assert!(e.next().starts_with("info "));
    let (rest, status) = e.close();
    assert_eq!(
        rest.iter().filter(|l| l.starts_with("bestmove ")).count(),
        1,
        "{rest:?}"
    );
    assert!(rest.last().unwrap().starts_with("bestmove "));
    assert!(status.success());
}

#[test]
fn quit_mid_search_prints_the_bestmove_and_exits() {
    let mut e = Dama::start();
    e.send("go infinite");
    assert!(e.next().starts_with("info "));
    e.send("quit");
    let lines = e.until("bestmove");
    bestmove(&lines);
    let (rest, status) = e.close();
    assert!(rest.is_empty(), "{rest:?}");
    assert!(status.success());
}

#[test]
fn every_game_can_be_chosen_listed_and_searched() {
    let mut e = Dama::start();
    for v in Variant::ALL {
        assert!(e
            .ask(&format!("setoption name variant value {v}"))
            .is_empty());
        let g = AnyGame::new(v, GameOptions::default());
        assert_eq!(
            e.fen(),
            format!("fen {}", g.fen()),
            "{v} starts from its start position"
        );
        let moves = e.ask("moves");
        assert_eq!(
            moves.last().unwrap(),
            &format!("movesok {}", g.legal_moves().len())
        );
        // One move in, then a search by depth and by time.
        let first = g.legal_moves()[0].text.clone();
        assert!(e
            .ask(&format!("position startpos moves {first}"))
            .is_empty());
        for go in [
            "go depth 2",
            "go movetime 100",
            "go wtime 2000 btime 2000 winc 10 binc 10",
        ] {
            e.send(go);
            let m = bestmove(&e.until("bestmove"));
            assert!(
                e.ask1(&format!("check {m}"))
                    .starts_with(&format!("legal {m} ")),
                "{v}: {go} gave {m}"
            );
        }
        let mut after = g.clone();
        after.play(&first).unwrap();
        let side = format!("status inplay side {}", after.side_to_move());
        assert!(e.ask1("status").starts_with(&side), "{v}");
    }
}

#[test]
fn pass_is_the_bestmove_where_the_game_has_passes() {
    let mut e = Dama::start();
    assert!(e.ask("setoption name variant value ossetian").is_empty());
    // Black's piece on a1 can neither step forward nor capture: it must pass.
    assert!(e.ask("position fen B:Wc3:Ba1").is_empty());
    assert_eq!(
        e.ask("moves"),
        [
            "move pass piece - from - path - captured - promotion -",
            "movesok 1"
        ]
    );
    assert_eq!(
        e.ask1("check pass"),
        "legal pass piece - from - path - captured - promotion -"
    );
    e.send("go depth 4");
    assert_eq!(bestmove(&e.until("bestmove")), "pass");
    e.send("hint");
    assert_eq!(e.next(), "hint pass");
}

#[test]
fn hint_names_the_piece_then_the_move() {
    let mut e = Dama::start();
    assert!(e
        .ask("position fen W:Wc3,g3,b6,Ka1:Bd4,d6,f6,c7,h4")
        .is_empty());
    e.send("hint depth 3");
    let piece = e.next();
    let mv = e.next();
    let sq = piece.strip_prefix("hint piece ").expect("hint piece line");
    let m = mv.strip_prefix("hint move ").expect("hint move line");
    assert!(m.starts_with(sq), "{piece} / {mv}");
    assert!(e
        .ask1(&format!("check {m}"))
        .starts_with(&format!("legal {m} ")));
    // A hint changes nothing.
    assert_eq!(e.fen(), "fen W:WKa1,b6,c3,g3:Bc7,d4,d6,f6,h4:H0:F1");
}

#[test]
fn multipv_reports_ranked_lines_for_analysis() {
    let mut e = Dama::start();
    assert!(e.ask("setoption name multipv value 3").is_empty());
    assert!(e
        .ask("position fen W:Wc3,g3,b6,Ka1:Bd4,d6,f6,c7,h4")
        .is_empty());
    e.send("go depth 3");
    let lines = e.until("bestmove");
    let best = bestmove(&lines);
    // Two legal moves: two lines per depth, ranked by score.
    let last: Vec<&String> = lines.iter().filter(|l| l.contains(" depth 3 ")).collect();
    assert_eq!(last.len(), 2, "{lines:?}");
    assert!(last[0].starts_with("info multipv 1 depth 3 "));
    assert!(last[1].starts_with("info multipv 2 depth 3 "));
    let score = |l: &str| -> i64 {
        let w: Vec<&str> = l.split(' ').collect();
        let i = w.iter().position(|x| *x == "score").unwrap();
        let n: i64 = w[i + 2].parse().unwrap();
        match w[i + 1] {
            "cp" => n,
            "win" => 100_000 - n,
            _ => -100_000 + n,
        }
    };
    assert!(score(last[0]) >= score(last[1]));
    let pv1 = field_after(last[0], "pv");
    assert_eq!(pv1[0], best);
    let mut pv_moves: Vec<&str> = last.iter().map(|l| field_after(l, "pv")[0]).collect();
    pv_moves.sort();
    assert_eq!(pv_moves, ["b6xd8", "c3xe5xg7"]);
}

fn field_after<'a>(line: &'a str, key: &str) -> Vec<&'a str> {
    let words: Vec<&str> = line.split(' ').collect();
    let i = words.iter().position(|w| *w == key).expect("key present");
    words[i + 1..].to_vec()
}

#[test]
fn perft_and_divide_count_as_the_library_does() {
    let mut e = Dama::start();
    let g = AnyGame::new(Variant::Czech, GameOptions::default());
    // perft and divide run like a search: their reply comes when the
    // count is done (it may follow a `readyok`).
    e.send("perft 4");
    let r = e.until("perft");
    let r = r.last().unwrap();
    assert!(
        r.starts_with(&format!("perft depth 4 nodes {} time ", g.perft(4, true))),
        "{r}"
    );
    e.send("divide 2");
    let lines = e.until("divideok");
    let want = g.divide(2, true);
    assert_eq!(lines.len(), want.len() + 1);
    for ((m, n), l) in want.iter().zip(&lines) {
        assert_eq!(l, &format!("divide {m} {n}"));
    }
    let total: u64 = want.iter().map(|(_, n)| n).sum();
    assert_eq!(
        lines.last().unwrap(),
        &format!("divideok depth 2 moves {} nodes {total}", want.len())
    );
}

#[test]
fn board_fen_help_and_newgame() {
    let mut e = Dama::start();
    assert!(e.ask("position startpos moves c3-d4").is_empty());
    let board = e.ask("board");
    assert_eq!(board.len(), 10);
    assert_eq!(board[0], "board  8   M   M   M   M");
    assert_eq!(board[4], "board  4   .   m   .   .");
    assert_eq!(board[8], "board    a b c d e f g h");
    assert_eq!(board[9], "boardok black to move");
    let flipped = e.ask("board flip");
    assert_eq!(flipped[0], "board  1   m   m   m   m");
    let help = e.ask("help");
    assert_eq!(help.last().unwrap(), "helpok");
    assert!(help
        .iter()
        .any(|l| l.starts_with("help position startpos|fen")));
    assert!(e.ask("newgame").is_empty());
    assert_eq!(
        e.fen(),
        "fen W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8:H0:F1"
    );
}

#[test]
fn rule_options_reach_the_game() {
    let mut e = Dama::start();
    assert!(e.ask("setoption name variant value knights").is_empty());
    assert!(e.ask("setoption name movelimit value 2").is_empty());
    let g = AnyGame::new(Variant::Knights, GameOptions::default());
    let first = g.legal_moves()[0].text.clone();
    let mut g1 = g.clone();
    g1.play(&first).unwrap();
    let second = g1.legal_moves()[0].text.clone();
    assert!(e
        .ask(&format!("position startpos moves {first} {second}"))
        .is_empty());
    let s = e.ask1("status");
    assert!(
        s.starts_with("status over result ") && s.contains(" rule move-limit text "),
        "{s}"
    );
    assert!(e.ask("setoption name movelimit value 200").is_empty());
    assert_eq!(e.ask1("status"), "status inplay side white");
}

#[test]
fn go_infinite_holds_its_bestmove_until_stop() {
    let mut e = Dama::start();
    // One legal move, and a finished game: the search has nothing to do.
    for (setup, want) in [("W:Wc3:Bd4", "c3xe5"), ("W:Wc3:Bd4 moves c3xe5", "none")] {
        assert!(e.ask(&format!("position fen {setup}")).is_empty());
        e.send("go infinite");
        thread::sleep(Duration::from_millis(200));
        e.send("isready");
        let before: Vec<String> = e.until("readyok");
        assert!(
            before.iter().all(|l| !l.starts_with("bestmove")),
            "{before:?}"
        );
        e.send("stop");
        let m = bestmove(&e.until("bestmove"));
        assert_eq!(m, want);
    }
}

/// Random input into the reader, the parser and the engine itself.
mod fuzz {
    use dama::protocol::{parse, Engine, Line, LineReader, Out};
    use proptest::prelude::*;
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    /// A writer whose bytes the test can read back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn len(&self) -> usize {
            self.0.lock().unwrap().len()
        }
        fn since(&self, at: usize) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()[at..]).into_owned()
        }
    }

    const WORDS: &[&str] = &[
        "dama",
        "isready",
        "setoption",
        "name",
        "value",
        "newgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "movestogo",
        "infinite",
        "stop",
        "moves",
        "mustcapture",
        "check",
        "play",
        "undo",
        "status",
        "board",
        "flip",
        "hint",
        "perft",
        "divide",
        "help",
        "level",
        "variant",
        "hash",
        "multipv",
        "movelimit",
        "czech",
        "gothic",
        "knights",
        "ossetian",
        "medieval",
        "c3-d4",
        "f6-g5",
        "d4xf6",
        "g7xe5",
        "c3xe5xg7",
        "a1-b2",
        "pass",
        "W:Wc3:Bd4",
        "W:WKa1,Kc1:BKh2",
        "B:W:B",
        "0",
        "1",
        "2",
        "3",
        "-5",
        "65",
        "99999999999999999999999",
        "x",
        ":",
        "é",
        "\u{0}",
    ];

    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::collection::vec(prop::sample::select(WORDS), 0..8).prop_map(|w| w.join(" ")),
            "\\PC{0,30}",
            (prop::sample::select(WORDS), "\\PC{0,12}").prop_map(|(w, r)| format!("{w} {r}")),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn random_bytes_never_break_the_reader_or_the_parser(
            bytes in prop::collection::vec(any::<u8>(), 0..300),
        ) {
            let mut r = LineReader::new(&bytes[..], 40);
            loop {
                match r.next_line().unwrap() {
                    Line::Eof => break,
                    Line::Text(s) => {
                        let _ = parse(&s);
                    }
                    Line::TooLong { len } => prop_assert!(len > 40),
                    Line::NotUtf8 { .. } => {}
                }
            }
        }

        #[test]
        fn random_commands_never_panic_and_errors_change_nothing(
            lines in prop::collection::vec(line(), 1..12),
        ) {
            let buf = Shared::default();
            let mut e = Engine::new(Out::new(buf.clone()));
            for l in &lines {
                let (fen, moves, options) = (e.game().fen(), e.game().moves(), *e.options());
                let at = buf.len();
                e.handle_line(l);
                let out = buf.since(at);
                prop_assert!(!out.contains("error internal"), "{l:?} -> {out}");
                // Lines of a search running meanwhile are not this command's reply.
                let reply: Vec<&str> = out
                    .lines()
                    .filter(|r| !r.starts_with("info ") && !r.starts_with("bestmove ")
                        && !r.starts_with("hint "))
                    .collect();
                if reply.iter().any(|r| r.starts_with("error ")) {
                    prop_assert_eq!(reply.len(), 1, "{:?} -> {:?}", l, reply);
                    prop_assert_eq!(e.game().fen(), fen);
                    prop_assert_eq!(e.game().moves(), moves);
                    prop_assert_eq!(*e.options(), options);
                }
            }
            e.finish();
        }
    }
}

// ---------------------------------------------------------------------
// The fine print: where the engine and PROTOCOL.md must agree to the
// letter (issue 15).
// ---------------------------------------------------------------------

/// Lines up to the first that starts with `prefix`, with the time it took.
fn timed_until(e: &Dama, prefix: &str) -> (Vec<String>, Duration) {
    let t = Instant::now();
    let lines = e.until(prefix);
    (lines, t.elapsed())
}

#[test]
fn help_and_usage_write_the_ellipsis_of_the_document() {
    let mut e = Dama::start();
    let help = e.ask("help");
    assert_eq!(help.last().map(String::as_str), Some("helpok"));
    let doc = include_str!("../PROTOCOL.md");
    for l in &help[..help.len() - 1] {
        assert!(!l.contains("..."), "{l}");
        let syntax = l.strip_prefix("help ").expect("a help line");
        assert!(doc.contains(syntax), "PROTOCOL.md lacks '{syntax}'");
    }
    assert!(help.contains(&"help position startpos|fen <FEN> [moves <m1> <m2> …]".to_string()));
    let err = e.ask1("position");
    assert!(
        err.ends_with("(usage: position startpos|fen <FEN> [moves <m1> <m2> …])"),
        "{err}"
    );
    let err = e.ask1("play");
    assert!(err.ends_with("(usage: play <m1> [<m2> …])"), "{err}");
}

#[test]
fn increments_below_zero_are_refused_clock_times_below_zero_count_as_zero() {
    let mut e = Dama::start();
    for (line, field) in [
        ("go wtime 1000 winc -1", "winc"),
        ("go btime 1000 binc -5", "binc"),
    ] {
        assert_eq!(
            e.ask(line),
            [format!(
                "error go: {field} must be an integer from 0 to 9223372036854775807, not '-{}'",
                if field == "winc" { 1 } else { 5 }
            )],
            "{line}"
        );
    }
    // No search was started by the refused lines; a negative clock is 0.
    e.send("go wtime -20 btime 1000 winc 10");
    let lines = e.until("bestmove");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
}

/// The longest run of `c` in `s`.
fn longest_run(s: &str, c: char) -> usize {
    s.split(|x| x != c)
        .map(|r| r.chars().count())
        .max()
        .unwrap_or(0)
}

#[test]
fn a_long_input_is_quoted_at_forty_characters_also_in_the_reason() {
    let mut e = Dama::start();
    let long = "a".repeat(60);
    let cut = format!("{}…", "a".repeat(40));
    let r = e.ask1(&format!("check {long}"));
    assert!(r.starts_with(&format!("illegal {cut} reason ")), "{r}");
    assert_eq!(longest_run(&r, 'a'), 40, "{r}");
    let r = e.ask1(&format!("position startpos moves c3-d4 {long}"));
    assert!(
        r.starts_with(&format!("error position: move 2 '{cut}' is unreadable: ")),
        "{r}"
    );
    assert_eq!(longest_run(&r, 'a'), 40, "{r}");
    let r = e.ask1(&format!("check c3-d4{long}"));
    assert!(longest_run(&r, 'a') <= 40, "{r}");
    let r = e.ask1(&format!("position fen W:Wa1:Bh8,{long}"));
    assert!(longest_run(&r, 'a') <= 40, "{r}");
    // Short texts are quoted whole, and apostrophes in words stay.
    assert_eq!(
        e.ask1("check d6-c5"),
        "illegal d6-c5 reason the piece on d6 is not yours: it is black's and white is to move"
    );
}

#[test]
fn a_finished_game_offers_no_move_in_any_query() {
    let mut e = Dama::start();
    // Two kings each, the 15-moves rule reached by moves played: a draw
    // with moves still on the board.
    assert!(e
        .ask("position fen W:WKa1,Kc1:BKd8,Kf8:H28 moves a1-b2 d8-c7")
        .is_empty());
    let status = e.ask1("status");
    assert!(
        status.starts_with("status over result 1/2-1/2 winner none rule no-progress "),
        "{status}"
    );
    let text = status.split(" text ").nth(1).unwrap().to_string();
    assert_eq!(e.ask("moves"), ["movesok 0"]);
    assert_eq!(e.ask1("mustcapture"), "mustcapture -");
    assert_eq!(
        e.ask1("check b2-c3"),
        format!("illegal b2-c3 reason the game is over ({text})")
    );
    assert_eq!(
        e.ask1("play b2-c3"),
        format!("error play: move 1 'b2-c3' cannot be played: the game is over ({text})")
    );
    e.send("hint");
    assert_eq!(e.until("hint"), ["hint none"]);
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove none");
    // Taken back, the game is in play and offers its moves again.
    assert!(e.ask("undo").is_empty());
    assert_eq!(e.ask1("status"), "status inplay side black");
    let moves = e.ask("moves");
    assert!(moves.len() > 1, "{moves:?}");
    assert!(e.ask1("check d8-c7").starts_with("legal d8-c7 "));
}

/// The (file, rank) pairs of a move's squares: origin, then the path.
fn square_key(text: &str) -> Vec<(u8, u8)> {
    text.split(['-', 'x'])
        .map(|s| {
            let b = s.as_bytes();
            (b[0] - b'a', s[1..].parse::<u8>().unwrap())
        })
        .collect()
}

#[test]
fn ten_by_ten_move_lists_are_in_square_order() {
    let mut e = Dama::start();
    assert!(e.ask("setoption name variant value knights").is_empty());
    assert!(e.ask("position fen W:WKa2,Ka10,Kb3:Bj9").is_empty());
    let moves: Vec<String> = e
        .ask("moves")
        .iter()
        .filter_map(|l| {
            l.strip_prefix("move ")
                .map(|r| r.split(' ').next().unwrap().to_string())
        })
        .collect();
    assert_eq!(
        &moves[..5],
        ["a2-b4", "a2-c1", "a2-c3", "a10-b8", "a10-c9"],
        "{moves:?}"
    );
    let keys: Vec<Vec<(u8, u8)>> = moves.iter().map(|m| square_key(m)).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    // divide lists the root moves in the same order.
    e.send("divide 1");
    let divided: Vec<String> = e
        .until("divideok")
        .iter()
        .filter_map(|l| {
            l.strip_prefix("divide ")
                .map(|r| r.split(' ').next().unwrap().to_string())
        })
        .collect();
    assert_eq!(divided, moves);
    // Medieval battle, from the start: the same order.
    assert!(e.ask("setoption name variant value medieval").is_empty());
    let moves: Vec<Vec<(u8, u8)>> = e
        .ask("moves")
        .iter()
        .filter_map(|l| {
            l.strip_prefix("move ")
                .map(|r| square_key(r.split(' ').next().unwrap()))
        })
        .collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
}

#[test]
fn the_last_info_line_before_bestmove_shows_the_move_played() {
    let mut e = Dama::start();
    let positions = [
        "position startpos",
        "position startpos moves c3-d4 f6-g5",
        "position startpos moves c3-d4 f6-e5 d4xf6 g7xe5 b2-c3 h6-g5",
        "position fen W:Wa1,c1,e1,g1,b2,d2,f2,h2,c3,e5:Ba7,c7,e7,g7,b8,d8,f8,h8,d6,f6",
    ];
    for level in [5, 2] {
        assert!(e
            .ask(&format!("setoption name level value {level}"))
            .is_empty());
        for p in positions {
            for nodes in [1, 40, 700, 5_000, 20_000] {
                assert!(e.ask(p).is_empty());
                e.send(&format!("go nodes {nodes}"));
                let lines = e.until("bestmove");
                let best = bestmove(&lines);
                let last_info = lines
                    .iter()
                    .rfind(|l| l.starts_with("info ") && l.contains(" pv "))
                    .unwrap_or_else(|| panic!("no info line: {p} nodes {nodes}: {lines:?}"));
                let first = last_info
                    .split(" pv ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap();
                assert_eq!(
                    first, best,
                    "level {level}, {p}, go nodes {nodes}: {lines:?}"
                );
            }
        }
    }
}

#[test]
fn go_depth_and_go_infinite_end_at_the_same_depth() {
    let mut e = Dama::start();
    assert_eq!(
        e.ask1("go depth 101"),
        "error go: depth must be an integer from 1 to 100, not '101'"
    );
    assert_eq!(
        e.ask1("hint depth 101"),
        "error hint: depth must be an integer from 1 to 100, not '101'"
    );
    // A king each: a draw, every depth is quick, so the limit is reached.
    assert!(e.ask("position fen W:WKa1:BKc7").is_empty());
    e.send("go depth 100");
    let lines = e.until("bestmove");
    let depth = |l: &str| -> u32 { l.split(' ').nth(2).unwrap().parse().unwrap() };
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(depth(infos.last().unwrap()), 100, "{infos:?}");
    e.send("go infinite");
    let infos = e.until("info depth 100 ");
    assert!(infos
        .iter()
        .all(|l| !l.starts_with("info depth") || depth(l) <= 100));
    // Nothing deeper comes; the bestmove waits for stop.
    assert_eq!(e.next_within(Duration::from_millis(300)), None);
    e.send("stop");
    assert!(e.next().starts_with("bestmove "));
}

#[test]
fn perft_and_divide_run_like_a_search() {
    let mut e = Dama::start();
    // A count that would take hours: isready is answered meanwhile,
    // state changes are refused, and stop ends it.
    e.send("perft 20");
    e.send("isready");
    let (r, t) = timed_until(&e, "readyok");
    assert_eq!(r, ["readyok"]);
    assert!(t < Duration::from_secs(2), "{t:?}");
    assert_eq!(
        e.ask1("position startpos moves c3-d4"),
        "error position: a search is running; send 'stop' first"
    );
    assert_eq!(
        e.ask1("go depth 2"),
        "error go: a search is running; send 'stop' first"
    );
    assert_eq!(e.ask1("status"), "status inplay side white");
    e.send("stop");
    let (r, t) = timed_until(&e, "perft");
    assert_eq!(r, ["perft stopped depth 20"]);
    assert!(t < Duration::from_secs(2), "{t:?}");
    // The state is as before; a new count runs.
    e.send("divide 20");
    assert_eq!(e.ask1("fen").split(':').next(), Some("fen W"));
    e.send("stop");
    assert_eq!(e.until("divideok"), ["divideok stopped depth 20"]);
    e.send("perft 3");
    let r = e.until("perft");
    assert!(r[0].starts_with("perft depth 3 nodes 302 "), "{r:?}");
    // quit ends a count and the engine.
    e.send("perft 20");
    e.send("quit");
    let (rest, status) = e.close();
    assert_eq!(rest, ["perft stopped depth 20"]);
    assert!(status.success());
    // So does the end of the input.
    let mut e = Dama::start();
    e.send("divide 20");
    let (rest, status) = e.close();
    assert_eq!(rest, ["divideok stopped depth 20"]);
    assert!(status.success());
}

#[test]
fn a_board_without_pieces_is_refused() {
    let mut e = Dama::start();
    assert!(e.ask("position startpos moves c3-d4").is_empty());
    let before = e.fen();
    for fen in ["W:W:B", "B:W:B:H3:F7"] {
        assert_eq!(
            e.ask1(&format!("position fen {fen}")),
            format!("error position: bad FEN '{fen}': neither side has a piece on the board")
        );
    }
    assert_eq!(e.fen(), before);
}

#[test]
fn lenient_input_is_read_as_documented() {
    let mut e = Dama::start();
    // Upper-case moves, `:` for `x`, a lower-case FEN in quotes with a
    // trailing `.`, F0 read as the first move.
    assert!(e
        .ask("position startpos moves C3-D4 F6-E5 D4:F6")
        .is_empty());
    assert!(e.fen().starts_with("fen B:"));
    assert!(e.ask("position fen \"w:wa1,c3:bh8.\"").is_empty());
    assert_eq!(e.fen(), "fen W:Wa1,c3:Bh8:H0:F1");
    assert!(e.ask("position fen W:Wa1,c3:Bh8:F0").is_empty());
    assert_eq!(e.fen(), "fen W:Wa1,c3:Bh8:H0:F1");
    // The whole FEN in lower case: kings, counters and all.
    assert!(e.ask("position fen w:wka1,c3:bkh8,kg7:h3:f12").is_empty());
    assert_eq!(e.fen(), "fen W:WKa1,c3:BKg7,Kh8:H3:F12");
    // A capture written in full selects itself.
    assert!(e.ask("position fen W:WKa1:Bc3,e5,f6,d4").is_empty());
    let all = e.ask("moves");
    for l in &all[..all.len() - 1] {
        let m = l.split(' ').nth(1).unwrap();
        assert!(e
            .ask1(&format!("check {m}"))
            .starts_with(&format!("legal {m} ")));
    }
    // Board lines carry no trailing spaces.
    for l in e.ask("board") {
        assert_eq!(l, l.trim_end());
    }
}

#[test]
fn the_knights_move_limit_counts_plies_from_the_fen_move_number() {
    let mut e = Dama::start();
    assert!(e.ask("setoption name variant value knights").is_empty());
    assert!(e.ask("setoption name movelimit value 6").is_empty());
    // Move 3 with White to move: 4 plies are behind; two more reach 6.
    assert!(e.ask("position fen W:Wa3,b3:Bj8:F3 moves a3-b5").is_empty());
    assert_eq!(e.ask1("status"), "status inplay side black");
    assert!(e.ask("play j8-i6").is_empty());
    assert_eq!(
        e.ask1("status"),
        "status over result 1-0 winner white rule move-limit text white wins: the limit of 6 plies (3 moves of each player), more pieces wins"
    );
}

#[test]
fn a_short_move_time_is_mostly_searched() {
    let mut e = Dama::start();
    // The default moveoverhead is 30 ms: a 40 ms move must still search
    // for most of its time, not 10 ms.
    for _ in 0..3 {
        assert!(e.ask("position startpos").is_empty());
        e.send("go movetime 40");
        let (lines, t) = timed_until(&e, "bestmove");
        assert!(t >= Duration::from_millis(25), "{t:?} {lines:?}");
    }
}

#[test]
fn threads_option_searches_with_more_threads() {
    let mut e = Dama::start();
    assert!(e.ask("setoption name threads value 2").is_empty());
    assert!(e
        .ask("position fen W:Wa1,b2,b4,c3,e1,g3,h2:Ba7,b6,d8,f6,h6")
        .is_empty());
    e.send("go depth 7");
    let lines = e.until("bestmove");
    assert_eq!(bestmove(&lines), "b4-c5", "{lines:?}");
    assert_eq!(
        e.ask1("setoption name threads value 0"),
        "error setoption: threads must be an integer from 1 to 64, not '0'"
    );
}
