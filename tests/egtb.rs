//! Endgame databases: generation at 3 and 4 pieces with a full
//! verification pass, known positions of Czech endgame theory, and
//! agreement with the game record (its counters and verdicts) by search
//! and by playing games out.

use dama::egtb::generate::{self, Event};
use dama::egtb::{verify, Board, Egtb, Material, Slice, Value, Wdl};
use dama::game::Counters;
use dama::rules::czech::Czech;
use dama::{Game, GameOptions, GameResult, Position};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

mod scratch;
use scratch::{TempDir, TempFile};

/// The databases of up to 4 pieces, made once for this test binary:
/// first 3 pieces, then 4 (so the second run loads the first's files).
/// The directory is removed when the test process ends.
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = TempDir::new("egtb-test").remove_at_exit();
        let t = Instant::now();
        generate::generate(&d, 3, 1, &mut |_| {}).unwrap();
        let mut loaded = 0;
        let mut written = 0;
        generate::generate(&d, 4, 2, &mut |e| match e {
            Event::Loaded(_) => loaded += 1,
            Event::Written { .. } => written += 1,
            _ => {}
        })
        .unwrap();
        assert_eq!(loaded, 16, "the 2- and 3-piece slices are kept");
        assert_eq!(written, 25);
        assert!(t.elapsed().as_secs() < 60, "took {:?}", t.elapsed());
        d
    })
}

fn tb() -> &'static Egtb {
    static TB: OnceLock<Egtb> = OnceLock::new();
    TB.get_or_init(|| Egtb::open(dir()).unwrap())
}

fn pos(fen: &str) -> Position<Czech> {
    fen.parse().unwrap()
}

/// Counters right after the move that produced the material.
fn fresh(p: &Position<Czech>) -> Counters {
    Counters::start(p, 0, 0)
}

#[test]
fn every_value_agrees_with_its_successors() {
    // Two threads load and check each large slice in two runs; one
    // thread must report the same.
    let r = verify::verify(dir(), 4, 2, &mut |_, _| {}).unwrap();
    assert_eq!(r.slices, 41);
    assert!(r.checked > 4_000_000);
    assert_eq!(r.bad, 0, "{:?}", r.errors);
    assert_eq!(tb().max_pieces(), 4);
    assert_eq!(verify::verify(dir(), 4, 1, &mut |_, _| {}).unwrap(), r);
}

#[test]
fn king_against_king_is_a_draw() {
    let s = Slice::new(Material::parse("KvK").unwrap());
    let (mut draws, mut quiet) = (0, 0);
    for i in 0..s.size {
        let b = s.board(i).unwrap();
        let p = b.to_position();
        let r = tb().probe(&p, &fresh(&p)).unwrap();
        if p.legal_moves()[0].is_capture() {
            assert_eq!(r.wdl, Wdl::Win, "{p}");
        } else {
            quiet += 1;
            draws += usize::from(r.value == Value::Draw);
        }
    }
    assert!(draws * 100 > quiet * 98, "{draws} of {quiet}");
    // Except the kings in opposite corners of the main diagonal: the
    // side to move can only step onto the diagonal and be taken.
    let p = pos("W:WKa1:BKh8");
    assert_eq!(tb().probe(&p, &fresh(&p)).unwrap().wdl, Wdl::Loss);
}

/// Share of the quiet positions of a 3-kings-against-king slice (White
/// to move) won with a budget, among those where `pick(white kings on
/// the main diagonal, black king on it)`.
fn kkk_share(pick: impl Fn(bool, bool) -> bool, budget: u32) -> f64 {
    let s = Slice::new(Material::parse("KKKvK").unwrap());
    let diag: u32 = Board::from_position(&pos("W:WKa1,Kb2,Kc3,Kd4,Ke5,Kf6,Kg7,Kh8:B")).wk;
    let (mut won, mut all) = (0, 0);
    for i in 0..s.size {
        let b = s.board(i).unwrap();
        if !pick(b.wk & diag != 0, b.bk & diag != 0) {
            continue;
        }
        let p = b.to_position();
        if p.legal_moves()[0].is_capture() {
            continue;
        }
        all += 1;
        if tb().value(&p).unwrap().at(budget) == Wdl::Win {
            won += 1;
        }
    }
    won as f64 / all as f64
}

#[test]
fn three_kings_against_a_king() {
    // The lone king off the main diagonal and a white king on it: won
    // within the 15 moves from most positions.
    let held = kkk_share(|w, b| w && !b, 30);
    assert!(held > 0.95, "{held}");
    // Off the diagonal with the diagonal free, White to move: the kings
    // take the diagonal first.
    let free = kkk_share(|w, b| !w && !b, 30);
    assert!(free > 0.95, "{free}");
    // The lone king on the main diagonal holds: won only where a shot
    // (a forced capture) catches it at once, about a third of the quiet
    // positions with White to move, and no more with 30 plies than with 10.
    let on = kkk_share(|_, b| b, 10);
    assert!(on < 0.5, "{on}");
    let on_long = kkk_share(|_, b| b, 30);
    assert!(on_long < 0.5, "{on_long}");
    eprintln!("KKKvK won: diagonal held {held:.3}, free {free:.3}, lone king on it {on:.3} (with 30 plies {on_long:.3})");
    // The probe takes the limit from the counters: the same position is
    // won right after the material appeared off the diagonal, drawn
    // with the diagonal mark, and drawn once too few plies are left.
    let p = pos("W:WKa3,Kc1,Ke1:BKh2");
    let r = tb().probe(&p, &fresh(&p)).unwrap();
    assert_eq!(r.wdl, Wdl::Win);
    let Value::Win(w) = r.value else {
        panic!("{r:?}")
    };
    let late = Counters {
        since_material: 30 - u32::from(w) + 1,
        since_progress: 30 - u32::from(w) + 1,
        ..fresh(&p)
    };
    assert_eq!(tb().probe(&p, &late).unwrap().wdl, Wdl::Draw);
    let marked = Counters {
        material_mark: true,
        ..fresh(&p)
    };
    assert_eq!(tb().probe(&p, &marked).unwrap().wdl, Wdl::Draw);
    // A lone king on the diagonal right after the capture: drawn.
    let d = pos("W:WKa3,Kc1,Ke1:BKd4");
    assert_eq!(tb().probe(&d, &fresh(&d)).unwrap().wdl, Wdl::Draw);
}

#[test]
fn king_and_man_against_king() {
    // Two kings (or a king and a man) against a king: drawn when
    // nothing is caught at once.
    for fen in ["W:WKc1,Ke3:BKh8", "W:WKa1,c3:BKh6", "B:WKa1,c3:BKh6"] {
        let p = pos(fen);
        assert_eq!(tb().probe(&p, &fresh(&p)).unwrap().wdl, Wdl::Draw, "{fen}");
    }
    // The lone king must take the man and is taken in turn.
    let p = pos("B:WKa1,c3:BKd4");
    assert_eq!(tb().probe(&p, &fresh(&p)).unwrap().wdl, Wdl::Loss);
    // A man and a king against a man: a win (the king wins the man).
    let p = pos("W:WKa1,c3:Bh6");
    let r = tb().probe(&p, &fresh(&p)).unwrap();
    assert_eq!(r.wdl, Wdl::Win, "{r:?}");
}

#[test]
fn threads_make_the_same_files() {
    // The shared databases were made with 2 threads for the 4-piece
    // slices; one thread must write every file byte for byte the same.
    let d = TempDir::new("egtb-one");
    generate::generate(&d, 4, 1, &mut |_| {}).unwrap();
    let mut compared = 0;
    for m in (2..=4).flat_map(Material::all) {
        let one = std::fs::read(generate::file_of(&d, m)).unwrap();
        let two = std::fs::read(generate::file_of(dir(), m)).unwrap();
        assert!(one == two, "{m}: the files differ");
        compared += 1;
    }
    assert_eq!(compared, 41);
}

/// Databases of up to `pieces` pieces in a new directory, with a byte in
/// the middle of slice `material`'s file flipped (its checksum fails):
/// the directory and that file.
fn damaged(name: &str, pieces: u32, material: &str) -> (TempDir, PathBuf) {
    let d = TempDir::new(name);
    generate::generate(&d, pieces, 1, &mut |_| {}).unwrap();
    let f = generate::file_of(&d, Material::parse(material).unwrap());
    let mut bytes = std::fs::read(&f).unwrap();
    let n = bytes.len();
    bytes[n / 2] ^= 0xFF;
    std::fs::write(&f, &bytes).unwrap();
    (d, f)
}

#[test]
fn probes_outside_the_databases_and_damaged_files() {
    let p = pos("W:WKa1,Kc1,Ke1,Kg1:BKh8");
    assert_eq!(tb().probe(&p, &fresh(&p)), None);
    // A damaged file: the probe says nothing, verify fails, nothing panics.
    let (d, f) = damaged("egtb-bad", 2, "KvK");
    let tb = Egtb::open(&d).unwrap();
    let p = pos("W:WKa1:BKh2");
    assert!(tb.unreadable().is_none(), "nothing read yet");
    assert_eq!(tb.probe(&p, &fresh(&p)), None);
    // ... but it can say why.
    let why = tb.unreadable().unwrap();
    assert!(
        why.contains("czech-KvK.egtb: not a valid database file (checksum)"),
        "{why}"
    );
    assert!(verify::verify(&d, 2, 2, &mut |_, _| {}).is_err());
    std::fs::write(&f, b"short").unwrap();
    assert!(verify::verify(&d, 2, 2, &mut |_, _| {}).is_err());
}

fn flip(w: Wdl) -> Wdl {
    match w {
        Wdl::Win => Wdl::Loss,
        Wdl::Draw => Wdl::Draw,
        Wdl::Loss => Wdl::Win,
    }
}

/// The result by a search that applies the game record's rules at every
/// node (`rules::outcome` on the counters of `Counters::after`), and asks
/// the databases only after a capture or a man move.
fn search(p: &Position<Czech>, c: &Counters) -> Wdl {
    let list = p.legal_moves();
    if let Some(o) = dama::rules::outcome(p, c, &GameOptions::default(), !list.is_empty()) {
        return match o.result {
            GameResult::Win(col) if col == p.side() => Wdl::Win,
            GameResult::Win(_) => Wdl::Loss,
            GameResult::Draw => Wdl::Draw,
        };
    }
    let mut best = Wdl::Loss;
    for m in list.iter() {
        let a = p.after(m);
        let c2 = c.after(m, &a);
        let r = if m.is_capture() || m.kind() == dama::Kind::Man {
            tb().probe(&a, &c2).unwrap().wdl
        } else {
            search(&a, &c2)
        };
        match flip(r) {
            Wdl::Win => return Wdl::Win,
            Wdl::Draw => best = Wdl::Draw,
            Wdl::Loss => {}
        }
    }
    best
}

/// A small deterministic generator for the samples.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

/// Counters that leave `budget` plies, as a game would have them.
fn counters_with(p: &Position<Czech>, budget: u32, mark: bool) -> Counters {
    let mut c = Counters {
        material_mark: mark,
        ..Counters::default()
    };
    match dama::rules::czech::endgame_limit(p, mark) {
        Some(l) => {
            c.since_material = l.saturating_sub(budget);
            c.since_progress = c.since_material;
        }
        None => {
            c.since_progress = 30 - budget;
            c.since_material = c.since_progress;
        }
    }
    c
}

#[test]
fn probes_agree_with_a_search_of_the_game_rules() {
    let mut rng = Lcg(7);
    let mut checked = 0;
    for n in 2..=4 {
        for mat in Material::all(n) {
            let s = Slice::new(mat);
            for _ in 0..12 {
                let Some(b) = s.board(rng.below(s.size)) else {
                    continue;
                };
                let side = if rng.below(2) == 0 {
                    dama::Color::White
                } else {
                    dama::Color::Black
                };
                let p = b.to_position().with_side(side);
                let mark = dama::Rules::material_mark(&p) && rng.below(2) == 0;
                let budget = rng.below(if n == 4 { 3 } else { 5 }) as u32;
                let c = counters_with(&p, budget, mark);
                let want = search(&p, &c);
                let got = tb().probe(&p, &c).unwrap();
                assert_eq!(got.wdl, want, "{p} budget {budget} mark {mark}: {got:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 400, "{checked}");
}

/// Plays a game out from `p` (counters `c`) with moves chosen by the
/// databases: a winner steps to the successor with the least value, a
/// loser to the one with the greatest, a drawn side to a draw. Returns
/// the game record's verdict.
fn play_out(p: Position<Czech>, c: Counters) -> dama::Outcome {
    let mut game: Game<Czech> = Game::from_position(p, c, GameOptions::default());
    for _ in 0..400 {
        if let Some(o) = game.outcome() {
            return o;
        }
        let pos = *game.position();
        let cnt = game.counters();
        let me = tb().probe(&pos, &cnt).unwrap().wdl;
        let list = pos.legal_moves();
        let best = list
            .iter()
            .map(|m| {
                let a = pos.after(m);
                let q = tb().probe(&a, &cnt.after(m, &a)).unwrap();
                let reset = m.is_capture() || m.kind() == dama::Kind::Man;
                // Lower is better for the side to move.
                let key = match (flip(q.wdl), q.value) {
                    (Wdl::Win, Value::Loss(l)) if !reset => i32::from(l),
                    (Wdl::Win, _) => -1,
                    (Wdl::Draw, _) => 100,
                    (Wdl::Loss, Value::Win(w)) if !reset => 200 - i32::from(w),
                    (Wdl::Loss, _) => 200,
                };
                (key, *m)
            })
            .min_by_key(|(k, _)| *k)
            .unwrap();
        let expect = match me {
            Wdl::Win => best.0 < 100,
            Wdl::Draw => best.0 == 100,
            Wdl::Loss => best.0 > 100,
        };
        assert!(expect, "{pos}: {me:?} but the best move scores {}", best.0);
        game.push(best.1);
    }
    panic!("no end after 400 plies from {p}");
}

#[test]
fn database_play_wins_the_wins_and_holds_the_draws() {
    let mut rng = Lcg(11);
    let mut games = [0usize; 3];
    for name in [
        "KKKvK", "KKvKK", "KMvK", "KKMvK", "MMvK", "KMvKM", "KKvKM", "KvKMM",
    ] {
        let s = Slice::new(Material::parse(name).unwrap());
        for _ in 0..15 {
            let Some(b) = s.board(rng.below(s.size)) else {
                continue;
            };
            let p = b.to_position();
            let c = fresh(&p);
            let want = tb().probe(&p, &c).unwrap().wdl;
            let o = play_out(p, c);
            let got = match o.result {
                GameResult::Win(col) if col == p.side() => Wdl::Win,
                GameResult::Win(_) => Wdl::Loss,
                GameResult::Draw => Wdl::Draw,
            };
            assert_eq!(got, want, "{p}: the game ended {o}");
            if want != Wdl::Draw {
                // The winner's values fall every ply: nothing repeats.
                assert!(!matches!(o.rule, dama::EndRule::Repetition { .. }), "{p}");
            }
            games[got as usize] += 1;
        }
    }
    assert!(games[0] > 20 && games[1] > 10, "{games:?}");
}

/// Plays `game` to its end (300 plies at most), each side's move by its
/// searcher within `limits`.
fn search_out(
    game: &mut Game<Czech>,
    sides: &mut [dama::search::Searcher<Czech>; 2],
    limits: &dama::search::Limits,
) -> dama::Outcome {
    let stop = std::sync::atomic::AtomicBool::new(false);
    while game.outcome().is_none() && game.len() < 300 {
        let who = game.position().side().index();
        let r = sides[who].search(game, limits, &stop, &mut |_| {});
        game.push(r.best.unwrap());
    }
    game.outcome().expect("the game ends")
}

#[test]
fn the_search_with_the_databases_converts_wins_and_holds_draws() {
    use dama::search::{Limits, Searcher};
    use std::sync::Arc;
    let egtb = Arc::new(Egtb::open(dir()).unwrap());
    let tb: Arc<dyn dama::search::Tablebase<Czech>> = egtb.clone();
    let mut rng = Lcg(5);
    let mut decided = 0;
    for name in ["KKKvK", "KKMvK", "KMvKM", "KKvKM", "MMvKK"] {
        let s = Slice::new(Material::parse(name).unwrap());
        for _ in 0..4 {
            let Some(b) = s.board(rng.below(s.size)) else {
                continue;
            };
            let p = b.to_position();
            let want = egtb.probe(&p, &fresh(&p)).unwrap().wdl;
            let mut game: Game<Czech> = Game::from_position(p, fresh(&p), GameOptions::default());
            let mut sides = [Searcher::<Czech>::new(1), Searcher::<Czech>::new(1)];
            for s in &mut sides {
                s.set_tablebase(Some(tb.clone()));
                s.set_seed(1);
            }
            let limits = Limits {
                depth: Some(3),
                level: Some(5),
                ..Limits::default()
            };
            let o = search_out(&mut game, &mut sides, &limits);
            let got = match o.result {
                GameResult::Win(c) if c == p.side() => Wdl::Win,
                GameResult::Win(_) => Wdl::Loss,
                GameResult::Draw => Wdl::Draw,
            };
            assert_eq!(got, want, "{p}: {o}");
            decided += usize::from(want != Wdl::Draw);
        }
    }
    assert!(decided >= 5, "{decided}");
}

#[test]
fn dama_play_takes_the_databases_and_refuses_a_directory_without_them() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let run = |dir: &std::path::Path| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(["play", "--fen", "W:WKa1,Kc1:Bh8", "--level", "1", "--egtb"])
            .arg(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"hint\nquit\nyes\n")
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let ok = run(dir());
    let text = String::from_utf8_lossy(&ok.stdout);
    assert!(ok.status.success(), "{text}");
    assert!(text.contains("Hint:") || text.contains("hint"), "{text}");
    let empty = TempDir::new("egtb-none");
    let refused = run(&empty);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("bad --egtb") && err.contains("no endgame databases there"),
        "{err}"
    );
}

#[test]
fn audit_names_the_move_that_lets_a_win_go() {
    use dama::egtb::audit::audit;
    // Three kings against one win from here; c1-g5 offers a king and draws,
    // e1-d2 keeps the win. Of Black's three ways to take it, h4xd8 holds
    // the draw (h4xf6 would lose: the king lands where a1 takes it).
    let start = "W:WKa1,Kc1,Ke1:BKh4:H0:F1";
    let mut thrown: Game<Czech> = Game::from_fen(start, GameOptions::default()).unwrap();
    thrown.play_text("c1-g5").unwrap();
    thrown.play_text("h4xd8").unwrap();
    let a = audit(tb(), &thrown);
    assert_eq!(a.reached, Some(0));
    assert_eq!(a.first, Some(Wdl::Win));
    assert_eq!(a.slips.len(), 1, "{:?}", a.slips);
    let s = &a.slips[0];
    assert_eq!((s.ply, s.number, s.text.as_str()), (0, 1, "c1-g5"));
    assert_eq!((s.before, s.after), (Wdl::Win, Wdl::Draw));
    assert_eq!(s.side, dama::Color::White);
    assert_eq!(s.fen, start);

    let mut kept: Game<Czech> = Game::from_fen(start, GameOptions::default()).unwrap();
    kept.play_text("e1-d2").unwrap();
    assert!(audit(tb(), &kept).slips.is_empty());

    // From the start position the game never reaches the databases.
    let mut opening: Game<Czech> = Game::default();
    opening.play_text("c3-d4").unwrap();
    assert_eq!(audit(tb(), &opening), dama::egtb::audit::Audit::default());
}

#[test]
fn dama_egtb_audit_counts_each_players_slips() {
    use std::process::Command;
    let file = TempFile::new("egtb-audit", "games.pdn");
    std::fs::write(
        &file,
        "[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"*\"]\n[GameType \"29\"]\n\
         [FEN \"W:WKa1,Kc1,Ke1:BKh4:H0:F1\"]\n\n1. c1-g5 h4xd8 *\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["egtb", "audit", "--dir"])
        .arg(dir())
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(
            "game 1 (Alice - Bob, no result (*)): 1. c1-g5 by Alice: win -> draw (W:WKa1,Kc1,Ke1:BKh4:H0:F1)"
        ),
        "{text}"
    );
    assert!(
        text.contains("1 game of Czech draughts, 1 reached the databases (up to 4 pieces)"),
        "{text}"
    );
    assert!(
        text.contains("Alice: 1 game, 1 win let go (1, 0), 0 draws lost"),
        "{text}"
    );
    assert!(
        text.contains("Bob: 1 game, 0 wins let go (0, 0), 0 draws lost"),
        "{text}"
    );
}

/// A won ending that needs men to move: the winner must take the moves
/// that reset the count (a man's step, a capture) when they keep the
/// win, or it can shuffle its king between won positions for ever and
/// draw by repetition. A database search ranks a winning reset first.
#[test]
fn the_search_with_the_databases_moves_its_men_to_win() {
    use dama::search::{Limits, Searcher};
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let tb: Arc<dyn dama::search::Tablebase<Czech>> = Arc::new(Egtb::open(dir()).unwrap());
    // From a match game: g5-f6 (or g5-h6) wins; c3-e5 reaches a position
    // lost in 2, but the winner played it again and again and drew.
    let game: Game<Czech> =
        Game::from_fen("W:Wa5,Kc3,g5:BKc5:H9:F44", GameOptions::default()).unwrap();
    let mut s = Searcher::<Czech>::new(1);
    s.set_tablebase(Some(tb.clone()));
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let best = s
        .search(&game, &limits, &AtomicBool::new(false), &mut |_| {})
        .best
        .unwrap();
    assert!(
        ["g5-f6", "g5-h6"].contains(&best.to_string().as_str()),
        "{best}"
    );
    for fen in [
        "W:Wa5,Kc3,g5:BKc5:H9:F44",
        "W:WKc3,a5,g5:BKc5:H0:F1",
        "W:WKc3,a5,g5:BKc1:H0:F1",
        "W:WKd2,a3,c3:BKf8:H0:F1",
        "W:WKb2,b4,d4:BKg7:H0:F1",
    ] {
        let mut game: Game<Czech> = Game::from_fen(fen, GameOptions::default()).unwrap();
        let want = tb.score(game.position(), &game.counters()).unwrap();
        assert!(want > 20_000, "{fen} is a database win");
        // The loser plays without the databases, as an opponent would.
        let mut sides = [Searcher::<Czech>::new(1), Searcher::<Czech>::new(1)];
        sides[0].set_tablebase(Some(tb.clone()));
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let o = search_out(&mut game, &mut sides, &limits);
        assert_eq!(
            o.result,
            GameResult::Win(dama::Color::White),
            "{fen}: {o} after {}",
            game.fen()
        );
    }
}

#[test]
fn dama_egtb_probe_names_a_finished_game_and_a_damaged_file() {
    use std::process::Command;
    let probe = |dir: &std::path::Path, fen: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(["egtb", "probe", "--dir"])
            .arg(dir)
            .arg(fen)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.success(), text)
    };
    // Two kings against one, the short limit already run out.
    let (ok, text) = probe(dir(), "W:WKa1,Kc1:BKh8:H20");
    assert!(ok, "{text}");
    assert!(text.starts_with("The game is over: draw:"), "{text}");
    // A damaged slice is named, not taken for a missing one.
    let (d, _) = damaged("egtb-probe-bad", 3, "KKvK");
    let (ok, text) = probe(&d, "W:WKa1,Kc1:BKh8");
    assert!(!ok, "{text}");
    assert!(
        text.contains("czech-KKvK.egtb: not a valid database file (checksum)"),
        "{text}"
    );
}

#[test]
fn a_truncated_or_misnamed_file_is_refused_when_the_databases_are_chosen() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let d = TempDir::new("egtb-check");
    generate::generate(&d, 3, 1, &mut |_| {}).unwrap();
    let tb = Egtb::open(&d).unwrap();
    assert_eq!(tb.check_files(), Ok(()));
    // A byte flipped inside the data passes the cheap check (the
    // checksum finds it when the slice is read, as above).
    let (flipped, _) = damaged("egtb-check-flip", 2, "KvK");
    assert_eq!(Egtb::open(&flipped).unwrap().check_files(), Ok(()));
    // A file cut short does not.
    let f = generate::file_of(&d, Material::parse("KKvK").unwrap());
    let bytes = std::fs::read(&f).unwrap();
    std::fs::write(&f, &bytes[..bytes.len() - 1]).unwrap();
    let why = Egtb::open(&d).unwrap().check_files().unwrap_err();
    assert!(
        why.contains("czech-KKvK.egtb: not a valid database file (length); dama egtb verify --dir"),
        "{why}"
    );
    // Nor does another slice's file under this slice's name.
    let other = std::fs::read(generate::file_of(&d, Material::parse("KvKK").unwrap())).unwrap();
    std::fs::write(&f, other).unwrap();
    let why = Egtb::open(&d).unwrap().check_files().unwrap_err();
    assert!(
        why.contains("czech-KKvK.egtb: not a valid database file (material)"),
        "{why}"
    );

    // The protocol refuses the directory and keeps the databases it had.
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |line: String| {
        writeln!(input, "{line}\nisready").unwrap();
        let mut got = Vec::new();
        loop {
            let mut l = String::new();
            output.read_line(&mut l).unwrap();
            let l = l.trim_end().to_string();
            if l == "readyok" {
                return got;
            }
            got.push(l);
        }
    };
    assert!(ask(format!("setoption name egtbpath value {}", dir().display())).is_empty());
    let r = ask(format!("setoption name egtbpath value {}", d.display()));
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(
        r[0].starts_with("error setoption: egtbpath: ")
            && r[0].contains("czech-KKvK.egtb: not a valid database file (material)"),
        "{r:?}"
    );
    // The first directory is still the one probed: a database win.
    assert!(ask("position fen W:WKa1,Kc1,Ke1:BKh8".to_string()).is_empty());
    writeln!(input, "go depth 2").unwrap();
    let mut last_info = String::new();
    loop {
        let mut l = String::new();
        output.read_line(&mut l).unwrap();
        if l.starts_with("bestmove") {
            break;
        }
        last_info = l;
    }
    assert!(last_info.contains("score cp 279"), "{last_info}");
    drop(input);
    child.wait().unwrap();
}
