//! Transcripts of the Hub protocol: `dama hub` is started, fed commands
//! on stdin as a Hub GUI or pydraughts would send them, and its replies
//! are checked line by line.

use dama::hub::notation::{hub_names, parse_move, read_position};
use dama::{AnyGame, GameOptions, Variant};
use std::ops::{Deref, DerefMut};
use std::thread;

mod engine;
use engine::Engine;
use std::time::{Duration, Instant};

/// International draughts' start position.
const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

/// A running `dama hub`, with its Hub helpers.
struct Hub(Engine);

impl Deref for Hub {
    type Target = Engine;
    fn deref(&self) -> &Engine {
        &self.0
    }
}

impl DerefMut for Hub {
    fn deref_mut(&mut self) -> &mut Engine {
        &mut self.0
    }
}

impl Hub {
    fn start() -> Self {
        Hub(Engine::start(&["hub"]))
    }

    /// Sends `ping` and returns every line before its `pong`.
    fn sync(&mut self) -> Vec<String> {
        self.send("ping");
        let mut v = self.until("pong");
        v.pop();
        v
    }

    /// `go think` with `level`, and the lines up to `done`.
    fn think(&mut self, level: &str) -> Vec<String> {
        self.send(&format!("level {level}"));
        self.send("go think");
        self.until("done")
    }

    fn quit(mut self) {
        self.send("quit");
        assert!(self.wait().success());
    }
}

/// The value of `name=` in a line (unquoted).
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let at = line.find(&format!(" {name}="))? + name.len() + 2;
    let rest = &line[at..];
    if let Some(q) = rest.strip_prefix('"') {
        q.split('"').next()
    } else {
        rest.split(' ').next()
    }
}

/// The game of a Hub position and moves, for checking replies.
fn game(v: Variant, pos: &str, moves: &[&str]) -> AnyGame {
    let mut g = read_position(v, pos, GameOptions::default()).expect("a good position");
    for m in moves {
        let info = parse_move(&g, m).expect("a legal move");
        g.play_on(&info.text).expect("plays");
    }
    g
}

/// Checks a `done` line: its move is legal in `g`, and its ponder move
/// (if any) after it.
fn check_done(done: &str, g: &AnyGame) -> String {
    assert!(done.starts_with("done move="), "{done}");
    let mv = field(done, "move").expect("a move");
    let m = parse_move(g, mv).unwrap_or_else(|e| panic!("{done}: {e}"));
    if let Some(p) = field(done, "ponder") {
        let mut after = g.clone();
        after.play_on(&m.text).unwrap();
        parse_move(&after, p).unwrap_or_else(|e| panic!("{done}: ponder: {e}"));
    }
    mv.to_string()
}

#[test]
fn handshake_lists_the_parameters_and_init_answers_ready() {
    let mut hub = Hub::start();
    hub.send("hub");
    let lines = hub.until("wait");
    let values = hub_names().join(" ");
    let expected = [
        format!(
            "id name=dama version={} author=\"the dama authors\"",
            env!("CARGO_PKG_VERSION")
        ),
        format!("param name=variant value=normal type=enum values=\"{values}\""),
        "param name=hash value=64 type=int min=1 max=1024".to_string(),
        "param name=threads value=1 type=int min=1 max=64".to_string(),
        "param name=strength value=5 type=int min=1 max=5".to_string(),
        "param name=move-overhead value=30 type=int min=0 max=5000".to_string(),
        "param name=contempt value=0 type=int min=0 max=100".to_string(),
        "wait".to_string(),
    ];
    assert_eq!(lines, expected);
    for scan in ["normal", "killer", "bt", "frisian", "losing"] {
        assert!(values.split(' ').any(|v| v == scan), "{scan} in {values}");
    }
    // PROTOCOL.md shows the same handshake.
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/PROTOCOL.md")).unwrap();
    for l in &expected[1..] {
        assert!(doc.contains(l.as_str()), "PROTOCOL.md lacks '{l}'");
    }
    // Parameters are set before init; the handshake shows their values.
    hub.send("set-param name=hash value=32");
    hub.send("set-param name=variant value=frisian");
    hub.send("init");
    assert_eq!(hub.next(), "ready");
    hub.send("hub");
    let again = hub.until("wait");
    assert!(again.contains(&"param name=hash value=32 type=int min=1 max=1024".to_string()));
    assert!(
        again[1].starts_with("param name=variant value=frisian "),
        "{}",
        again[1]
    );
    assert!(hub.sync().is_empty());
    hub.quit();
}

#[test]
fn pos_level_go_gives_info_lines_and_a_legal_move() {
    let mut hub = Hub::start();
    hub.send("init");
    assert_eq!(hub.next(), "ready");
    hub.send(&format!("pos pos={START} moves=\"32-28 19-23\""));
    let lines = hub.think("depth=5");
    let g = game(Variant::International, START, &["32-28", "19-23"]);
    let (done, info) = lines.split_last().unwrap();
    assert!(!info.is_empty(), "info lines before done");
    for l in info {
        assert!(l.starts_with("info depth="), "{l}");
        let score: f64 = field(l, "score").unwrap().parse().unwrap();
        assert!(score.abs() < 90.0, "{l}");
        field(l, "nodes").unwrap().parse::<u64>().unwrap();
        let pv = field(l, "pv").unwrap();
        // The line plays out from the position.
        let mut after = g.clone();
        for m in pv.split(' ') {
            let m = parse_move(&after, m).unwrap_or_else(|e| panic!("{l}: {e}"));
            after.play_on(&m.text).unwrap();
        }
    }
    // A single legal capture: depth 1 at once, written with its capture.
    assert_eq!(check_done(done, &g), "28x19x23");
    assert_eq!(
        field(done, "ponder"),
        field(&info[info.len() - 1], "pv")
            .unwrap()
            .split(' ')
            .nth(1)
    );

    // The start position: every kind of level.
    for level in [
        "depth=4",
        "nodes=3000",
        "move-time=0.2",
        "time=5 inc=0.1",
        "moves=20 time=3",
    ] {
        hub.send(&format!("pos pos={START}"));
        let t = Instant::now();
        let lines = hub.think(level);
        let g = game(Variant::International, START, &[]);
        check_done(lines.last().unwrap(), &g);
        if level == "depth=4" {
            let depths: Vec<&str> = lines.iter().filter_map(|l| field(l, "depth")).collect();
            assert_eq!(depths.last(), Some(&"4"), "{lines:?}");
        }
        assert!(t.elapsed() < Duration::from_secs(10), "{level}");
    }
    // `pos` without `pos=` is the start position.
    hub.send("pos");
    let lines = hub.think("depth=2");
    check_done(
        lines.last().unwrap(),
        &game(Variant::International, START, &[]),
    );
    hub.quit();
}

/// `W` to move, White's man on 28, Black's on 14 and 23: 28 takes both.
fn capture_position() -> String {
    let mut s: Vec<char> = START[..1].chars().chain("e".repeat(50).chars()).collect();
    s[14] = 'b';
    s[23] = 'b';
    s[28] = 'w';
    s.into_iter().collect()
}

#[test]
fn captures_are_written_from_x_to_x_each_captured_square() {
    let mut hub = Hub::start();
    let pos = capture_position();
    hub.send(&format!("pos pos={pos}"));
    let lines = hub.think("depth=3");
    assert_eq!(lines.last().unwrap(), "done move=28x10x14x23");
    // Captured squares are read in any order; a position with no move
    // left answers a bare `done`.
    hub.send(&format!("pos pos={pos} moves=\"28x10x23x14\""));
    let lines = hub.think("depth=3");
    assert_eq!(lines, ["done"]);
    // A capture's short form (no captured squares) when only one move fits.
    hub.send(&format!("pos pos={pos} moves=28x10"));
    assert!(hub.sync().is_empty());
    hub.quit();
}

#[test]
fn bad_input_is_an_error_and_changes_nothing() {
    let mut hub = Hub::start();
    let pos = capture_position();
    hub.send(&format!("pos pos={pos}"));
    hub.send("level depth=2");
    let long = "x".repeat(70_000);
    let bad = [
        "pos pos=Wbbb".to_string(),
        format!("pos pos={}", pos.replace('W', "X")),
        format!("pos pos={} moves=\"32-28 19-23 28-22\"", START),
        format!("pos pos={} moves=\"32-28 19-23 28x19x24\"", START),
        format!("pos pos={} moves=\"32-28 hello\"", START),
        "pos pos=\"Wbbb".to_string(),
        "pos pos".to_string(),
        "pos moves".to_string(),
        "level depth=abc".to_string(),
        "level move-time=soon".to_string(),
        "level time=nan".to_string(),
        "level nodes".to_string(),
        "level depth=0".to_string(),
        "level depth=-1".to_string(),
        "level nodes=0".to_string(),
        "set-param name=variant value=chess".to_string(),
        "set-param name=hash value=0".to_string(),
        "set-param name=threads value=many".to_string(),
        "set-param name=colour value=red".to_string(),
        "set-param value=3".to_string(),
        "frobnicate".to_string(),
        "= x".to_string(),
        long,
    ];
    for b in &bad {
        hub.send(b);
        let l = hub.next();
        assert!(l.starts_with("error message=\""), "{b:.60} -> {l}");
        assert!(l.len() < 400, "{l}");
        if b == "pos pos=\"Wbbb" {
            assert!(l.contains("pos: a quoted value is not closed"), "{l}");
        }
        // A refused move says why, in Hub's numbers.
        let why = [
            (
                "28-22\"",
                "'28-22' is not a legal move here: the piece on 28 can play 28x19x23",
            ),
            (
                "28x19x24\"",
                "'28x19x24' is not a legal move here: the piece on 28 can play 28x19x23",
            ),
        ];
        for (end, reason) in why {
            if b.ends_with(end) {
                assert_eq!(l, format!("error message=\"pos: move 3: {reason}\""));
            }
        }
        if b == "level depth=-1" {
            assert!(
                l.contains("level: depth must be an integer from 1 up, not '-1'"),
                "{l}"
            );
        }
    }
    // A pass where the game has none.
    hub.send(&format!("pos pos={START} moves=0-0"));
    assert_eq!(
        hub.next(),
        "error message=\"pos: move 1: '0-0' is not a legal move here: this game has no pass\""
    );
    // Blank lines and unknown arguments are ignored; nothing else was said.
    hub.send("");
    hub.send("   ");
    hub.send("level frobs=3");
    assert!(hub.sync().is_empty());
    // The position and the level are the ones set before.
    hub.send("go think");
    let lines = hub.until("done");
    assert_eq!(lines.last().unwrap(), "done move=28x10x14x23");
    assert!(lines
        .iter()
        .all(|l| field(l, "depth").unwrap_or("1") == "1"));
    // A bad level line leaves the level as it was.
    hub.send(&format!("pos pos={START}"));
    hub.send("level depth=3");
    hub.send("level depth=3 nodes=x");
    assert!(hub.next().starts_with("error message="));
    hub.send("go think");
    let lines = hub.until("done");
    let depths: Vec<&str> = lines.iter().filter_map(|l| field(l, "depth")).collect();
    assert_eq!(depths.last(), Some(&"3"), "{lines:?}");
    hub.quit();
}

#[test]
fn stop_ends_an_infinite_search_and_ping_is_answered_meanwhile() {
    let mut hub = Hub::start();
    hub.send(&format!("pos pos={START}"));
    hub.send("level infinite");
    hub.send("go analyze");
    assert!(hub.next().starts_with("info "));
    // Searching: ping is answered, and no `done` comes by itself.
    let before = hub.sync();
    assert!(before.iter().all(|l| l.starts_with("info ")), "{before:?}");
    thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    hub.send("stop");
    let lines = hub.until("done");
    assert!(t.elapsed() < Duration::from_secs(5));
    check_done(
        lines.last().unwrap(),
        &game(Variant::International, START, &[]),
    );
    assert!(hub.sync().is_empty());
    // A refused line does not end a search…
    hub.send("level infinite");
    hub.send("go think");
    assert!(hub.next().starts_with("info "));
    hub.send("pos pos=Wbbb");
    hub.send("set-param name=hash value=big");
    let errors: Vec<String> = hub
        .sync()
        .into_iter()
        .filter(|l| !l.starts_with("info "))
        .collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors.iter().all(|l| l.starts_with("error message=")),
        "{errors:?}"
    );
    hub.send("stop");
    let lines = hub.until("done");
    check_done(
        lines.last().unwrap(),
        &game(Variant::International, START, &[]),
    );
    // …any other command ends it first: its `done` comes before the
    // command's effect.
    hub.send("level infinite");
    hub.send("go think");
    assert!(hub.next().starts_with("info "));
    hub.send("new-game");
    let lines = hub.until("done");
    assert!(lines.last().unwrap().starts_with("done move="));
    assert!(hub.sync().is_empty());
    hub.quit();
}

#[test]
fn ponder_waits_for_ponder_hit_then_keeps_to_its_time() {
    let mut hub = Hub::start();
    hub.send(&format!("pos pos={START} moves=\"32-28\""));
    // 30 s on the clock: about a second for this move.
    hub.send("level time=30");
    hub.send("go ponder");
    let t = Instant::now();
    // Pondering goes past the move's time without an answer…
    while t.elapsed() < Duration::from_millis(1500) {
        if let Some(l) = hub.next_within(Duration::from_millis(100)) {
            assert!(l.starts_with("info "), "{l}");
        }
    }
    // …and ponder-hit, its time spent, answers at once.
    let hit = Instant::now();
    hub.send("ponder-hit");
    let lines = hub.until("done");
    assert!(hit.elapsed() < Duration::from_secs(3));
    check_done(
        lines.last().unwrap(),
        &game(Variant::International, START, &["32-28"]),
    );
    hub.quit();
}

#[test]
fn every_game_by_its_hub_name() {
    let mut hub = Hub::start();
    for name in
        hub_names()
            .into_iter()
            .chain(["standard", "breakthrough", "antidraughts", "american"])
    {
        hub.send(&format!("set-param name=variant value={name}"));
        hub.send("pos");
        let lines = hub.think("depth=2");
        let v = dama::hub::notation::variant_named(name).unwrap();
        let done = lines.last().unwrap();
        let g = AnyGame::new(v, GameOptions::default());
        check_done(done, &g);
    }
    // Russian draughts as pydraughts sends it: the position from b8,
    // the moves numbered from a1.
    hub.send("set-param name=variant value=russian");
    let start = format!("W{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12));
    hub.send(&format!("pos pos={start} moves=\"10-14 23-19\""));
    let lines = hub.think("depth=3");
    let g = game(Variant::Russian, &start, &["10-14", "23-19"]);
    assert_eq!(g.moves(), ["c3-d4", "f6-e5"]);
    check_done(lines.last().unwrap(), &g);
    hub.quit();
}

#[test]
fn end_of_input_ends_the_engine() {
    let mut hub = Hub::start();
    hub.send(&format!("pos pos={START}"));
    hub.send("level infinite");
    hub.send("go think");
    assert!(hub.next().starts_with("info "));
    hub.end_input();
    let lines = hub.until("done");
    assert!(lines.last().unwrap().starts_with("done move="));
    assert!(hub.wait().success());
}
