//! `dama match` end to end: real engine processes (a small Python engine
//! in tests/fixtures that plays random legal Czech moves, or misbehaves
//! on request), the referee, the statistics, the PDN file read back
//! through dama's own reader, Ctrl-C.

use dama::game::{GameResult, Status};
use dama::matchrunner::engine::{EngineSpec, Proto};
use dama::matchrunner::openings::OpeningBook;
use dama::matchrunner::referee::GameRules;
use dama::matchrunner::stats::{Sprt, SprtDecision};
use dama::matchrunner::timecontrol::TimeControl;
use dama::matchrunner::{run_match, MatchConfig, MatchSummary, StopReason, Tournament};
use dama::notation::pdn::{read_games, PdnResult};
use dama::{GameOptions, Variant};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

mod scratch;
use scratch::TempDir;

const DAMA: &str = env!("CARGO_BIN_EXE_dama");

fn fake_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fake_engine.py")
}

/// A scratch directory of its own for each test, removed when the test
/// ends.
fn scratch(name: &str) -> TempDir {
    TempDir::new(&format!("match-{name}"))
}

/// The fake engine: `mode` random/illegal/crash/hang/garbage/none/flood, with extra args.
fn fake(name: &str, mode: &str, seed: u32, extra: &[&str]) -> EngineSpec {
    let mut args: Vec<String> = ["--dama", DAMA, "--mode", mode, "--seed"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.push(seed.to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    EngineSpec {
        name: name.to_string(),
        cmd: fake_path(),
        args,
        dir: None,
        options: vec![],
        proto: Proto::Dama,
    }
}

fn config(engines: Vec<EngineSpec>, games: usize, tc: TimeControl) -> MatchConfig {
    let options = GameOptions::default();
    MatchConfig {
        engines,
        tournament: Tournament::RoundRobin,
        rules: GameRules {
            variant: Variant::Czech,
            options,
            tc,
            margin: Duration::from_millis(300),
            timeout: Duration::from_secs(10),
            adjudication: None,
            max_plies: None,
            event: "test".into(),
        },
        games,
        openings: OpeningBook::new(Variant::Czech, options, vec![], 4, 7),
        concurrency: 2,
        reuse: true,
        sprt: None,
        pdn: None,
        pdn_append: false,
        start_timeout: Duration::from_secs(10),
    }
}

fn run(cfg: &MatchConfig) -> MatchSummary {
    let stop = AtomicBool::new(false);
    let mut updates = 0;
    let s = run_match(cfg, &stop, &mut |_| updates += 1).expect("the match runs");
    assert_eq!(updates, s.finished, "one progress report per counted game");
    s
}

/// The processes whose ids the fake engines wrote into `dir` and that still run.
fn alive(dir: &Path) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let live: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|pid| {
                std::fs::read_to_string(format!("/proc/{pid}/stat"))
                    .map(|s| !s.contains(") Z "))
                    .unwrap_or(false)
            })
            .collect();
        if live.is_empty() || Instant::now() > deadline {
            return live;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_short_match_counts_add_up_and_every_game_replays_from_the_pdn() {
    let dir = scratch("short");
    let pdn = dir.join("games.pdn");
    let mut cfg = config(
        vec![
            fake("alpha", "random", 1, &[]),
            fake("beta", "random", 2, &[]),
        ],
        8,
        TimeControl::MoveTime(Duration::from_millis(3000)),
    );
    cfg.pdn = Some(pdn.clone());
    let s = run(&cfg);
    assert_eq!(s.stopped, StopReason::Completed);
    assert_eq!((s.planned, s.finished, s.abandoned), (8, 8, 0));
    let t = s.pairings[0].tally;
    assert_eq!(t.games(), 8);
    assert_eq!(s.reasons.iter().map(|r| r.count).sum::<u32>(), 8);
    assert!(
        s.reasons.iter().all(|r| r.engine.is_none()),
        "random legal engines never forfeit: {:?}",
        s.reasons
    );

    let text = std::fs::read_to_string(&pdn).unwrap();
    let games = read_games(&text).expect("the PDN file reads");
    assert_eq!(games.len(), 8);
    let (mut alpha_points, mut rounds) = (0.0, Vec::new());
    for g in &games {
        let replayed = g.replay().expect("every game replays legally");
        // Legal engines: every game ends by the rules, as written.
        let Status::Over(o) = replayed.status() else {
            panic!("game {} did not end by the rules", g.number);
        };
        assert_eq!(g.result, PdnResult::of(o.result));
        assert_eq!(g.termination(), Some(o.rule.id()));
        let alpha_white = g.tag("White") == Some("alpha");
        assert_eq!(
            g.tag(if alpha_white { "Black" } else { "White" }),
            Some("beta")
        );
        alpha_points += match o.result {
            GameResult::Draw => 0.5,
            GameResult::Win(c) => {
                if (c == dama::Color::White) == alpha_white {
                    1.0
                } else {
                    0.0
                }
            }
        };
        rounds.push(g.tag("Round").unwrap().parse::<usize>().unwrap());
    }
    assert_eq!(alpha_points, t.points(), "the PDN agrees with the tally");
    rounds.sort();
    assert_eq!(rounds, (1..=8).collect::<Vec<_>>());
    // Each opening twice, colours swapped: rounds 2k+1 and 2k+2 share the
    // first 4 plies and swap the players.
    let by_round = |r: usize| {
        games
            .iter()
            .find(|g| g.tag("Round") == Some(&r.to_string()))
            .unwrap()
    };
    for k in 0..4 {
        let (a, b) = (by_round(2 * k + 1), by_round(2 * k + 2));
        assert_eq!(a.moves[..4], b.moves[..4], "opening {k}");
        assert_eq!(a.tag("White"), b.tag("Black"));
    }
}

#[test]
fn misbehaving_engines_lose_with_the_reason_while_the_match_goes_on() {
    let dir = scratch("faults");
    let pids = dir.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    let p = pids.to_str().unwrap();
    let mut cfg = config(
        vec![
            fake("good", "random", 3, &["--pid-dir", p]),
            fake("illegal", "illegal", 0, &["--after", "1", "--pid-dir", p]),
            fake("crash", "crash", 0, &["--after", "2", "--pid-dir", p]),
            fake(
                "hang",
                "hang",
                0,
                &["--after", "1", "--ignore-quit", "--pid-dir", p],
            ),
            fake("garbage", "garbage", 0, &["--pid-dir", p]),
            fake("none", "none", 0, &["--after", "1", "--pid-dir", p]),
            fake("flood", "flood", 0, &["--after", "1", "--pid-dir", p]),
        ],
        2,
        TimeControl::MoveTime(Duration::from_millis(700)),
    );
    cfg.tournament = Tournament::Gauntlet;
    cfg.pdn = Some(dir.join("faults.pdn"));
    let s = run(&cfg);
    assert_eq!((s.finished, s.abandoned), (12, 0));
    for p in &s.pairings {
        assert_eq!(p.first, "good");
        assert_eq!(
            (p.tally.wins, p.tally.draws, p.tally.losses),
            (2, 0, 0),
            "good against {}",
            p.second
        );
    }
    let mut reasons: Vec<(String, String, u32)> = s
        .reasons
        .iter()
        .map(|r| (r.id.clone(), r.engine.clone().unwrap_or_default(), r.count))
        .collect();
    reasons.sort();
    let expect = |id: &str, e: &str| (id.to_string(), e.to_string(), 2);
    assert_eq!(
        reasons,
        vec![
            expect("crash", "crash"),
            expect("illegal-move", "illegal"),
            expect("illegal-move", "none"),
            expect("time-forfeit", "flood"),
            expect("time-forfeit", "hang"),
            expect("unreadable-reply", "garbage"),
        ]
    );
    // The PDN keeps the legal moves, ends with the forfeit and replays.
    let text = std::fs::read_to_string(dir.join("faults.pdn")).unwrap();
    let games = read_games(&text).unwrap();
    assert_eq!(games.len(), 12);
    for g in &games {
        let game = g.replay().unwrap();
        assert_eq!(game.status(), Status::InPlay, "a forfeit, not a rules end");
        let loser = if g.tag("White") == Some("good") {
            "Black"
        } else {
            "White"
        };
        let bad = g.tag(loser).unwrap();
        let winner = if loser == "White" {
            PdnResult::BlackWins
        } else {
            PdnResult::WhiteWins
        };
        assert_eq!(g.result, winner, "{bad}");
        let last = &g.comments.last().unwrap().1;
        assert!(last.contains(bad), "{last}");
        if bad == "illegal" {
            assert!(last.contains("illegal move 'a1-c3'"), "{last}");
        }
        // A move never sent is lost on time, and the reason names the
        // whole allowance (700 ms a move and the margin), not the last
        // wait between two `info` lines of the flooding engine.
        if bad == "hang" || bad == "flood" {
            let allowed: u128 = number_after(last, "no move within the ");
            let margin: u128 = number_after(last, "movetime 700 ms + margin ");
            assert_eq!(allowed, 700 + margin, "{last}");
        }
    }
    // Every engine process has ended, the one that ignores `quit` too.
    assert!(std::fs::read_dir(&pids).unwrap().count() >= 7);
    assert_eq!(alive(&pids), Vec::<String>::new());
}

#[test]
fn without_a_clock_a_silent_engine_loses_by_no_reply() {
    let mut cfg = config(
        vec![
            fake("good", "random", 4, &[]),
            fake("silent", "hang", 0, &[]),
        ],
        1,
        TimeControl::Depth(3),
    );
    cfg.rules.timeout = Duration::from_millis(800);
    let t = Instant::now();
    let s = run(&cfg);
    assert!(t.elapsed() < Duration::from_secs(8));
    assert_eq!(s.pairings[0].tally.wins, 1);
    assert_eq!(s.reasons[0].id, "no-reply");
    assert_eq!(s.reasons[0].engine.as_deref(), Some("silent"));
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_it_begins() {
    let mut bad = fake("missing", "random", 0, &[]);
    bad.cmd = PathBuf::from("/nonexistent/engine");
    let cfg = config(
        vec![fake("good", "random", 4, &[]), bad],
        2,
        TimeControl::Depth(1),
    );
    let stop = AtomicBool::new(false);
    let e = run_match(&cfg, &stop, &mut |_| {}).unwrap_err();
    assert!(
        e.to_string().starts_with("engine 'missing': cannot start"),
        "{e}"
    );
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let mut cfg = config(
        vec![
            fake("strong", "random", 5, &[]),
            fake("weak", "none", 0, &["--after", "1"]),
        ],
        200,
        TimeControl::MoveTime(Duration::from_millis(3000)),
    );
    cfg.sprt = Some(Sprt::new(0.0, 200.0, 0.05, 0.05).unwrap());
    let s = run(&cfg);
    assert_eq!(s.stopped, StopReason::Sprt(SprtDecision::AcceptH1));
    let sprt = s.sprt.unwrap();
    assert_eq!(sprt.decision, SprtDecision::AcceptH1);
    assert!(sprt.llr >= sprt.sprt.bounds().1);
    // Pairs of two wins: 8 decide (7 give an LLR of 2.93), then the
    // games still running are played out (a few).
    assert!(s.finished < 24, "{} games", s.finished);
    assert_eq!(sprt.decided.map(|d| d.pairs), Some(8));
    assert!(sprt.by_pairs);
    assert_eq!(s.pairings[0].tally.losses, 0);
    assert_eq!(s.pairings[0].pairs.counts[..4], [0, 0, 0, 0]);
    assert!(s
        .text()
        .contains("SPRT (elo0 0, elo1 200, alpha 0.05, beta 0.05)"));
    assert!(s.text().contains("H1 accepted"));
    assert!(
        s.text().contains("Ptnml(0-2): [0, 0, 0, 0, "),
        "{}",
        s.text()
    );

    // The same pairing the other way round rejects H1.
    cfg.engines.reverse();
    let s = run(&cfg);
    assert_eq!(s.stopped, StopReason::Sprt(SprtDecision::AcceptH0));
    assert!(s.finished < 24);
}

#[test]
fn games_running_when_the_sprt_decides_are_played_out_and_counted() {
    let dir = scratch("sprt-running");
    let pdn = dir.join("g.pdn");
    // The weak engine crashes after one move: short games, all won by
    // the strong one.
    let mut cfg = config(
        vec![
            fake("strong", "random", 5, &[]),
            fake("weak", "crash", 0, &["--after", "1"]),
        ],
        200,
        TimeControl::MoveTime(Duration::from_millis(3000)),
    );
    cfg.concurrency = 3;
    cfg.sprt = Some(Sprt::new(0.0, 200.0, 0.05, 0.05).unwrap());
    cfg.pdn = Some(pdn.clone());
    let s = run(&cfg);
    assert_eq!(s.stopped, StopReason::Sprt(SprtDecision::AcceptH1));
    let sprt = s.sprt.unwrap();
    let decided = sprt.decided.expect("the SPRT decided");
    assert_eq!(decided.decision, SprtDecision::AcceptH1);
    assert_eq!(decided.pairs, 8);
    // When the deciding game came in, the two other workers had a game
    // in progress or just finished (with three workers and jobs left,
    // a worker is never idle before the decision): those games are
    // counted, none abandoned.
    assert!(
        s.finished > decided.games,
        "{} games, decided after {}",
        s.finished,
        decided.games
    );
    assert!(s.finished <= decided.games + 5);
    assert_eq!(s.abandoned, 0);
    let t = s.pairings[0].tally;
    assert_eq!(
        (t.wins as usize, t.games() as usize),
        (s.finished, s.finished)
    );
    assert!(s.pairings[0].pairs.pairs() >= decided.pairs);
    assert!(sprt.llr >= decided.llr);
    let games = read_games(&std::fs::read_to_string(&pdn).unwrap()).unwrap();
    assert_eq!(games.len(), s.finished, "every counted game is in the PDN");
    let text = s.text();
    assert!(
        text.contains(&format!(
            "Stopped early: SPRT H1 accepted after {} games (8 pairs)",
            decided.games
        )),
        "{text}"
    );
    assert!(text.contains("running then"), "{text}");
}

#[test]
fn openings_from_a_fen_file_are_each_played_twice() {
    let dir = scratch("fens");
    let fens = [
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8",
        "B:Wc3,e3,g3,b2:Bb6,d6,f6,h6",
    ];
    let file = dir.join("openings.txt");
    std::fs::write(
        &file,
        format!("# test openings\n{}\n\n{}\n", fens[0], fens[1]),
    )
    .unwrap();
    let mut cfg = config(
        vec![fake("a", "random", 6, &[]), fake("b", "random", 7, &[])],
        4,
        TimeControl::MoveTime(Duration::from_millis(3000)),
    );
    let list =
        dama::matchrunner::openings::read_fen_file(file.to_str().unwrap(), Variant::Czech).unwrap();
    cfg.openings = OpeningBook::new(Variant::Czech, GameOptions::default(), list, 0, 1);
    cfg.pdn = Some(dir.join("g.pdn"));
    cfg.reuse = false;
    let s = run(&cfg);
    assert_eq!(s.finished, 4);
    let games = read_games(&std::fs::read_to_string(dir.join("g.pdn")).unwrap()).unwrap();
    let mut starts: Vec<(String, String)> = games
        .iter()
        .map(|g| {
            g.replay().unwrap();
            let fen = g.fen().unwrap().to_string();
            (fen, g.tag("White").unwrap().to_string())
        })
        .collect();
    starts.sort();
    let fen_of = |i: usize| {
        dama::AnyGame::from_fen(Variant::Czech, fens[i], GameOptions::default())
            .unwrap()
            .start_fen()
    };
    let mut expect = vec![
        (fen_of(0), "a".to_string()),
        (fen_of(0), "b".to_string()),
        (fen_of(1), "a".to_string()),
        (fen_of(1), "b".to_string()),
    ];
    expect.sort();
    assert_eq!(starts, expect);
}

#[test]
fn the_command_line_writes_json_and_ctrl_c_keeps_the_finished_games() {
    let dir = scratch("cli");
    let pdn = dir.join("cli.pdn");
    let json = dir.join("summary.json");
    let pids = dir.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    let fake = fake_path();
    let engine = |seed: &str| -> Vec<String> {
        [
            "--engine",
            &format!("cmd={}", fake.display()),
            "arg=--dama",
            &format!("arg={DAMA}"),
            "arg=--seed",
            &format!("arg={seed}"),
            "arg=--pid-dir",
            &format!("arg={}", pids.display()),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let mut child = Command::new(DAMA)
        .arg("match")
        .args(engine("1"))
        .args(engine("2"))
        .args(["--games", "400", "--tc", "movetime=3000", "--quiet"])
        .arg("--pdn")
        .arg(&pdn)
        .arg("--json")
        .arg(&json)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for two finished games, then Ctrl-C.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let n = std::fs::read_to_string(&pdn)
            .map(|t| t.matches("[Event ").count())
            .unwrap_or(0);
        if n >= 2 {
            break;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("no games were finished");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    let exit = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("dama match did not stop on Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Interrupted, not finished: the exit status says so.
    assert_eq!(
        exit.code(),
        Some(130),
        "{exit:?} {stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("Interrupted"), "{stdout}");
    let summary = std::fs::read_to_string(&json).unwrap();
    assert!(summary.contains("\"stopped\":\"interrupted\""), "{summary}");
    let games = read_games(&std::fs::read_to_string(&pdn).unwrap()).unwrap();
    assert!(games.len() >= 2 && games.len() < 400);
    assert!(
        summary.contains(&format!("\"finished\":{},", games.len())),
        "{summary}"
    );
    for g in &games {
        g.replay().unwrap();
    }
    assert_eq!(alive(&pids), Vec::<String>::new());
}

#[test]
fn the_command_line_refuses_a_match_of_one_engine() {
    let out = Command::new(DAMA)
        .args(["match", "--engine", "name=x", "--games", "2"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("at least two engines"), "{err}");
}

#[test]
fn adjudication_when_both_engines_agree_long_enough() {
    use dama::matchrunner::referee::Adjudication;
    // "optimist" always sees itself winning, "pessimist" always losing:
    // they agree that the optimist wins, whatever the colours.
    let mut cfg = config(
        vec![
            fake("optimist", "random", 8, &["--score", "900"]),
            fake("pessimist", "random", 9, &["--score", "-900"]),
        ],
        2,
        TimeControl::MoveTime(Duration::from_millis(3000)),
    );
    cfg.rules.adjudication = Some(Adjudication { cp: 500, moves: 3 });
    let dir = scratch("adjudication");
    cfg.pdn = Some(dir.join("a.pdn"));
    let s = run(&cfg);
    assert_eq!(s.pairings[0].tally.wins, 2);
    assert_eq!(s.reasons.len(), 1);
    assert_eq!(s.reasons[0].id, "adjudication");
    let games = read_games(&std::fs::read_to_string(dir.join("a.pdn")).unwrap()).unwrap();
    for g in &games {
        // The opening's 4 plies, then 3 moves of each engine.
        assert_eq!(g.moves.len(), 4 + 6);
        assert_eq!(g.termination(), Some("adjudication"));
        g.replay().unwrap();
    }

    // Scores below the threshold never adjudicate.
    cfg.rules.adjudication = Some(Adjudication { cp: 1000, moves: 3 });
    let s = run(&cfg);
    assert!(s.reasons.iter().all(|r| r.id != "adjudication"));
}

#[test]
fn a_game_still_in_play_at_the_ply_limit_is_adjudicated_a_draw() {
    let mut cfg = config(
        vec![fake("a", "random", 10, &[]), fake("b", "random", 11, &[])],
        2,
        TimeControl::MoveTime(Duration::from_millis(3000)),
    );
    cfg.rules.max_plies = Some(9);
    let dir = scratch("draw-adjudication");
    cfg.pdn = Some(dir.join("d.pdn"));
    let s = run(&cfg);
    assert_eq!(s.pairings[0].tally.draws, 2);
    assert_eq!(s.reasons.len(), 1);
    assert_eq!(s.reasons[0].id, "adjudication");
    let games = read_games(&std::fs::read_to_string(dir.join("d.pdn")).unwrap()).unwrap();
    for g in &games {
        // Nine plies (four of them the opening's) and a draw.
        assert_eq!(g.moves.len(), 9);
        assert_eq!(g.result, PdnResult::Draw);
        g.replay().unwrap();
    }
}

/// dama itself as the engine, at a level.
fn dama_level(level: u8) -> EngineSpec {
    EngineSpec {
        name: format!("level {level}"),
        cmd: PathBuf::from(DAMA),
        args: vec![],
        dir: None,
        options: vec![("level".into(), level.to_string())],
        proto: Proto::Dama,
    }
}

/// dama's Hub front end (`dama hub`) as the engine, at a strength.
fn dama_hub(level: u8) -> EngineSpec {
    EngineSpec {
        name: format!("hub {level}"),
        cmd: PathBuf::from(DAMA),
        args: vec!["hub".into()],
        dir: None,
        options: vec![("strength".into(), level.to_string())],
        proto: Proto::Hub,
    }
}

#[test]
fn dama_through_the_hub_protocol_plays_dama_in_every_game() {
    let dir = scratch("hub");
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let pdn = dir.join(format!("{v}.pdn"));
        let tc = if i % 2 == 0 {
            TimeControl::MoveTime(Duration::from_millis(20))
        } else {
            "1+0.02".parse().unwrap()
        };
        let mut cfg = config(vec![dama_level(3), dama_hub(3)], 2, tc);
        cfg.rules.variant = v;
        cfg.rules.margin = Duration::from_millis(1000);
        cfg.openings = OpeningBook::new(v, GameOptions::default(), vec![], 2, i as u64);
        cfg.pdn = Some(pdn.clone());
        let s = run(&cfg);
        assert_eq!((s.finished, s.abandoned), (2, 0), "{v}: {:?}", s.reasons);
        assert!(
            s.reasons.iter().all(|r| r.engine.is_none()),
            "{v}: an engine forfeited: {:?}",
            s.reasons
        );
        for g in &read_games(&std::fs::read_to_string(&pdn).unwrap()).unwrap() {
            let game = g.replay().unwrap();
            assert!(matches!(game.status(), Status::Over(_)), "{v}");
        }
    }
}

/// A stand-in for Scan 2.0 (tests/fixtures/fake_hub1.py): the first Hub
/// protocol, played by `dama hub` at a strength.
fn scan2_standin(level: u8) -> EngineSpec {
    EngineSpec {
        name: format!("hub1 {level}"),
        cmd: Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fake_hub1.py"),
        args: vec!["--dama".into(), DAMA.into()],
        dir: None,
        options: vec![("strength".into(), level.to_string())],
        proto: Proto::Hub1,
    }
}

#[test]
fn an_engine_of_the_first_hub_protocol_plays_international_draughts() {
    let dir = scratch("hub1");
    let v = Variant::International;
    let tcs = [
        TimeControl::MoveTime(Duration::from_millis(20)),
        "1+0.02".parse().unwrap(),
        TimeControl::Depth(3),
    ];
    for (i, tc) in tcs.into_iter().enumerate() {
        let pdn = dir.join(format!("{i}.pdn"));
        let mut cfg = config(vec![dama_level(2), scan2_standin(2)], 2, tc);
        cfg.rules.variant = v;
        cfg.rules.margin = Duration::from_millis(1000);
        cfg.openings = OpeningBook::new(v, GameOptions::default(), vec![], 4, i as u64);
        cfg.pdn = Some(pdn.clone());
        let s = run(&cfg);
        assert_eq!((s.finished, s.abandoned), (2, 0), "{tc}: {:?}", s.reasons);
        assert!(
            s.reasons.iter().all(|r| r.engine.is_none()),
            "{tc}: an engine forfeited: {:?}",
            s.reasons
        );
        let text = std::fs::read_to_string(&pdn).unwrap();
        for g in &read_games(&text).unwrap() {
            let game = g.replay().unwrap();
            assert!(matches!(game.status(), Status::Over(_)), "{tc}");
        }
        // The stand-in's scores and depths reach the record.
        assert!(
            text.contains(" d3 ") || !matches!(tc, TimeControl::Depth(3)),
            "{text}"
        );
    }
    // Another game stops the match before it begins.
    let cfg = config(
        vec![dama_level(2), scan2_standin(2)],
        2,
        TimeControl::Depth(1),
    );
    let stop = AtomicBool::new(false);
    let e = run_match(&cfg, &stop, &mut |_| {}).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("plays international draughts only, not Czech draughts"),
        "{e}"
    );
}

#[test]
fn two_levels_of_dama_play_a_short_match_in_every_game() {
    let dir = scratch("levels");
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let pdn = dir.join(format!("{v}.pdn"));
        let mut cfg = config(
            vec![dama_level(3), dama_level(1)],
            4,
            TimeControl::MoveTime(Duration::from_millis(20)),
        );
        cfg.rules.variant = v;
        cfg.rules.margin = Duration::from_millis(1000);
        cfg.openings = OpeningBook::new(v, GameOptions::default(), vec![], 2, i as u64);
        cfg.reuse = i % 2 == 0;
        cfg.pdn = Some(pdn.clone());
        let s = run(&cfg);
        assert_eq!((s.finished, s.abandoned), (4, 0), "{v}");
        assert_eq!(s.pairings[0].tally.games(), 4);
        assert!(
            s.reasons.iter().all(|r| r.engine.is_none()),
            "{v}: dama forfeited: {:?}",
            s.reasons
        );
        let games = read_games(&std::fs::read_to_string(&pdn).unwrap()).unwrap();
        assert_eq!(games.len(), 4);
        for g in &games {
            assert_eq!(g.variant().unwrap(), v);
            let game = g.replay().unwrap();
            let Status::Over(o) = game.status() else {
                panic!("{v}: game {} did not end by the rules", g.number);
            };
            assert_eq!(g.result, PdnResult::of(o.result));
        }
    }
}

#[test]
fn a_slow_engine_loses_on_time_once_its_clock_is_empty() {
    // 180 ms a move at 1+0.01 with a margin of 300 ms: the clock (1 s,
    // 10 ms back per move) is empty after about 6 moves; the margin
    // absorbs lag but is not given back, so a few moves later the slow
    // engine has overdrawn it and loses on time.
    let mut cfg = config(
        vec![
            fake("slow", "random", 1, &["--delay", "180"]),
            fake("quick", "random", 2, &[]),
        ],
        2,
        "1+0.01".parse().unwrap(),
    );
    cfg.rules.margin = Duration::from_millis(300);
    let dir = scratch("slow");
    let pdn = dir.join("slow.pdn");
    cfg.pdn = Some(pdn.clone());
    let s = run(&cfg);
    assert_eq!(s.finished, 2);
    let games = read_games(&std::fs::read_to_string(&pdn).unwrap()).unwrap();
    for g in &games {
        let slow_is_white = g.tag("White") == Some("slow");
        assert_eq!(g.termination(), Some("time-forfeit"), "{g:?}");
        let winner = if slow_is_white { "0-2" } else { "2-0" };
        assert_eq!(g.result.to_string(), winner, "{g:?}");
        // The reason says what was allowed and what was spent: a clock
        // run below zero by the earlier moves, plus the margin.
        let text = dama::notation::pdn::write_game(g);
        assert!(
            text.contains("lost on time (the move took ")
                || text.contains("lost on time (no move within the "),
            "{text}"
        );
        assert!(text.contains(" ms allowed"), "{text}");
        let clock: i64 = number_after(&text, "clock ");
        assert!(clock < 0, "the overdraft is kept: {text}");
        assert!(text.contains(" ms + margin 300 ms)"), "{text}");
        // The slow side made more moves than its clock alone allowed, but
        // not many more: the margin was spent once.
        let slow_moves = g.moves.len() / 2;
        assert!((4..=12).contains(&slow_moves), "{slow_moves} moves: {text}");
    }
}

#[test]
fn a_short_move_time_is_mostly_searched() {
    // movetime=30 with dama's default move overhead of 30 ms: the engine
    // keeps back at most a quarter, so its moves take most of the 30 ms
    // (they took about 1 ms when the whole overhead was kept back).
    let dir = scratch("movetime");
    let pdn = dir.join("movetime.pdn");
    let mut cfg = config(
        vec![dama_level(5), dama_level(5)],
        2,
        TimeControl::MoveTime(Duration::from_millis(30)),
    );
    cfg.rules.margin = Duration::from_millis(1000);
    cfg.pdn = Some(pdn.clone());
    let s = run(&cfg);
    assert_eq!(s.finished, 2);
    let games = read_games(&std::fs::read_to_string(&pdn).unwrap()).unwrap();
    let mut times: Vec<f64> = games
        .iter()
        .flat_map(|g| g.comments.iter())
        .filter_map(|(_, c)| c.split(' ').next_back()?.strip_suffix('s')?.parse().ok())
        .collect();
    assert!(times.len() > 20, "{times:?}");
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    assert!(median >= 0.015, "median {median} s of {times:?}");
}

/// The number written right after the first `phrase` in `text` (up to the
/// next space), as a reason or a comment writes it: "within the 1700 ms".
fn number_after<T: std::str::FromStr>(text: &str, phrase: &str) -> T {
    text.split(phrase)
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number after '{phrase}' in {text}"))
}
