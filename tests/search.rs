//! The search as a player sees it: combinations found, legal moves in
//! every game, limits obeyed, the draw and end rules respected, levels.

use dama::game::Counters;
use dama::search::{Info, Limits, Score, SearchResult, Searcher};
use dama::*;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn game<R: Rules>(fen: &str) -> Game<R> {
    let setup: Setup = fen.parse().expect("test FEN parses");
    Game::from_setup(&setup, GameOptions::default()).expect("test FEN fits the game")
}

fn search<R: Evaluate>(g: &Game<R>, limits: Limits) -> SearchResult<R> {
    let stop = AtomicBool::new(false);
    Searcher::<R>::new(4).search(g, &limits, &stop, &mut |_| {})
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn text<R: Rules>(line: &[Move<R>]) -> Vec<String> {
    line.iter().map(|m| m.to_string()).collect()
}

/// A tiny generator for random playouts (tests only).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn czech_two_for_one_shot() {
    // b4-c5 gives a man: b6xd4 is forced, then c3xe5xg7 takes two.
    let g = game::<Czech>("W:Wa1,b2,b4,c3,e1,g3,h2:Ba7,b6,d8,f6,h6");
    let r = search(&g, depth(5));
    assert_eq!(r.best.unwrap().to_string(), "b4-c5", "pv {:?}", text(&r.pv));
    let pv = text(&r.pv);
    assert_eq!(pv[1..3], ["b6xd4", "c3xe5xg7"]);
    assert!(r.score.0 > 150, "{}", r.score);
}

#[test]
fn czech_king_takes_three_at_a_distance() {
    // Any waiting move forces e5xc3, which opens the long diagonal: the
    // king on a1 flies over c3, d6 and b6.
    let g = game::<Czech>("W:WKa1,a3,d4,g1:Bb6,d6,e5,f6,f4,h8,d8");
    let r = search(&g, depth(6));
    assert!(
        r.pv.iter()
            .any(|m| m.kind() == Kind::King && m.capture_count() == 3),
        "no triple king capture in {:?}",
        text(&r.pv)
    );
    assert_eq!(r.pv[1].to_string(), "e5xc3");
    assert!(r.score.0 > 0, "{}", r.score);
}

#[test]
fn forced_win_reported_in_plies() {
    // White king against a lone black man that must walk into it.
    let g = game::<Czech>("W:WKa1,c1:Bh4");
    let r = search(&g, depth(12));
    let plies = r.score.decided().expect("a forced win");
    assert!(plies > 0 && plies <= 12, "{}", r.score);
    assert!(r.score.to_string().starts_with("win "));
}

fn random_playouts_stay_legal<R: Evaluate>(seed: u64) {
    let mut rng = Lcg(seed);
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::<R>::new(2);
    for game_no in 0..4 {
        let mut g: Game<R> = Game::default();
        let plies = 4 + rng.below(40);
        for _ in 0..plies {
            if g.status() != Status::InPlay {
                break;
            }
            let l = g.position().legal_moves();
            g.push(l[rng.below(l.len())]);
        }
        let limits = Limits {
            nodes: Some(3_000),
            ..Limits::default()
        };
        let r = searcher.search(&g, &limits, &stop, &mut |_| {});
        match g.status() {
            Status::Over(_) => assert!(r.best.is_none()),
            Status::InPlay => {
                let best = r.best.expect("a move while the game is on");
                let legal = g.position().legal_moves();
                assert!(
                    legal
                        .iter()
                        .any(|m| *m == best && m.to_string() == best.to_string()),
                    "{} game {game_no}: {best} not legal in {}",
                    R::VARIANT,
                    g.fen()
                );
                // The whole line is playable.
                let mut p = g.clone();
                for m in &r.pv {
                    if p.status() != Status::InPlay {
                        break;
                    }
                    p.play(m).unwrap_or_else(|e| {
                        panic!("{}: pv move {m} illegal in {}: {e}", R::VARIANT, p.fen())
                    });
                }
                assert_eq!(r.pv.first(), Some(&best));
            }
        }
        assert!(r.nodes <= 3_000);
    }
}

#[test]
fn best_move_is_legal_in_every_game() {
    for seed in 1..4 {
        random_playouts_stay_legal::<Czech>(seed);
        random_playouts_stay_legal::<Gothic>(seed);
        random_playouts_stay_legal::<Knights>(seed);
        random_playouts_stay_legal::<Ossetian>(seed);
        random_playouts_stay_legal::<Medieval>(seed);
    }
}

#[test]
fn depth_limit_is_exact() {
    let g: Game<Czech> = Game::default();
    let stop = AtomicBool::new(false);
    let mut depths = Vec::new();
    let r = Searcher::<Czech>::new(4)
        .search(&g, &depth(7), &stop, &mut |i: &Info| depths.push(i.depth));
    assert_eq!(r.depth, 7);
    assert_eq!(depths, (1..=7).collect::<Vec<_>>());
}

#[test]
fn node_limit_is_exact() {
    let g: Game<Gothic> = Game::default();
    let limits = Limits {
        nodes: Some(12_345),
        ..Limits::default()
    };
    let r = search(&g, limits);
    assert_eq!(r.nodes, 12_345);
    assert!(r.best.is_some());
    // And the same search gives the same answer (the bench relies on it).
    let again = search(&g, limits);
    assert_eq!(again.best, r.best);
    assert_eq!(again.nodes, r.nodes);
}

#[test]
fn single_legal_move_returns_at_once() {
    // Black must take: a7xc5 is the only move.
    let g = game::<Czech>("B:Wb6,h2:Ba7,h8");
    assert_eq!(g.position().legal_moves().len(), 1);
    let t = Instant::now();
    let r = search(
        &g,
        Limits {
            movetime: Some(Duration::from_secs(20)),
            ..Limits::default()
        },
    );
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    assert_eq!(r.best.unwrap().to_string(), "a7xc5");
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    let g: Game<Czech> = Game::default();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let t = Instant::now();
    let r = std::thread::scope(|s| {
        let h = s.spawn(|| Searcher::<Czech>::new(4).search(&g, &limits, &stop, &mut |_| {}));
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        h.join().unwrap()
    });
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    assert!(g.position().legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn movetime_is_kept() {
    let g: Game<Medieval> = Game::default();
    let t = Instant::now();
    let r = search(
        &g,
        Limits {
            movetime: Some(Duration::from_millis(300)),
            overhead: Duration::from_millis(100),
            ..Limits::default()
        },
    );
    // 200 ms of thinking; a loaded test machine may add some.
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    assert!(r.best.is_some());
}

/// Black to move; the kings shuffle so that White, to move after seven
/// plies, can bring back the start position for the third time with h2-g1.
fn shuffled<R: Rules>(fen: &str) -> Game<R> {
    let mut g = game::<R>(fen);
    for m in [
        "b8-a7", "g1-h2", "a7-b8", "h2-g1", "b8-a7", "g1-h2", "a7-b8",
    ] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.status(), Status::InPlay);
    g
}

#[test]
fn repetition_is_taken_when_losing() {
    // White's lone king against a king and two men: h2-g1 repeats the
    // position for the third time, a draw. Anything else loses slowly.
    let g = shuffled::<Czech>("B:WKg1:BKb8,f8,h6");
    let r = search(&g, depth(8));
    assert_eq!(r.best.unwrap().to_string(), "h2-g1", "pv {:?}", text(&r.pv));
    assert_eq!(r.score, Score::DRAW);
    let mut after = g.clone();
    after.play(&r.best.unwrap()).unwrap();
    assert_eq!(
        after.outcome().map(|o| o.rule),
        Some(EndRule::Repetition { times: 3 })
    );
}

#[test]
fn repetition_is_avoided_when_winning() {
    let g = shuffled::<Czech>("B:WKg1,a3,c1:BKb8");
    let r = search(&g, depth(8));
    assert_ne!(r.best.unwrap().to_string(), "h2-g1");
    assert!(r.score.0 > 50, "{}", r.score);
}

#[test]
fn czech_endgame_limit_is_a_draw() {
    // Two kings against one: the short limit (10 plies) is two plies away.
    let pos: Position<Czech> = "W:WKa3,Kc1:BKh8".parse().unwrap();
    let counters = Counters {
        since_material: 8,
        since_progress: 8,
        ..Counters::default()
    };
    let g = Game::from_position(pos, counters, GameOptions::default());
    let r = search(&g, depth(6));
    assert_eq!(r.score, Score::DRAW);
}

#[test]
fn gothic_no_capture_limit_wins_for_the_bigger_army() {
    // One ply before the limit; White has more pieces and nothing can be taken.
    let g = game::<Gothic>("W:Wa1,b1,c1:Bg8,h8:H29");
    let r = search(&g, depth(4));
    assert_eq!(r.score, Score::win_in(1), "{}", r.score);
    // With one piece fewer it is a loss.
    let g = game::<Gothic>("W:Wa1:Bg8,h8:H29");
    assert_eq!(search(&g, depth(4)).score, Score::loss_in(1));
}

#[test]
fn medieval_no_capture_limit_counts_army_strength() {
    // One knight (2) against two pawns (1 + 1): equal, so a draw; a
    // second knight makes it a win.
    let g = game::<Medieval>("W:WNa1:Bj9,h9:H29");
    assert_eq!(search(&g, depth(4)).score, Score::DRAW);
    let g = game::<Medieval>("W:WNa1,Nc1:Bj9,h9:H29");
    assert_eq!(search(&g, depth(4)).score, Score::win_in(1));
}

#[test]
fn knights_move_limit_decides() {
    // Move 100 with White to move: ply 198 of 200.
    let g = game::<Knights>("W:Wa3,c3,e3:Bj8,h8:F100");
    assert_eq!(search(&g, depth(5)).score, Score::win_in(2));
}

#[test]
fn gothic_blocked_player_passes() {
    // Every square the man could step or jump to is taken.
    let g = game::<Gothic>("W:Wa1:BKa2,a3,Kb1,b2,Kc1,c3,h8");
    let r = search(&g, depth(3));
    assert!(r.best.unwrap().is_pass());
}

#[test]
fn finished_game_has_no_best_move() {
    // White's only man is stuck: b2 is taken and so is c3 behind it.
    let g = game::<Czech>("W:Wa1:Bb2,c3");
    assert!(matches!(g.status(), Status::Over(_)));
    let r = search(&g, depth(3));
    assert!(r.best.is_none());
    assert_eq!(r.score, Score::loss_in(0));
}

#[test]
fn levels_make_mistakes_by_seed() {
    let g: Game<Czech> = Game::default();
    let stop = AtomicBool::new(false);
    let at = |level: u8, seed: u64| {
        let mut s = Searcher::<Czech>::new(2);
        s.set_seed(seed);
        let limits = Limits {
            level: Some(level),
            depth: Some(8),
            ..Limits::default()
        };
        s.search(&g, &limits, &stop, &mut |_| {})
            .best
            .unwrap()
            .to_string()
    };
    // The same seed gives the same choice.
    assert_eq!(at(1, 42), at(1, 42));
    // Level 1 varies its opening move with the seed; level 5 does not.
    let one: std::collections::HashSet<String> = (0..12).map(|s| at(1, s)).collect();
    assert!(one.len() >= 3, "level 1 played only {one:?}");
    let five: std::collections::HashSet<String> = (0..3).map(|s| at(5, s)).collect();
    assert_eq!(five.len(), 1, "level 5 played {five:?}");
}

#[test]
fn level_one_blunders_level_five_does_not() {
    // The two-for-one shot: level 5 always finds it; level 1 misses it
    // in a good share of tries.
    let g = game::<Czech>("W:Wa1,b2,b4,c3,e1,g3,h2:Ba7,b6,d8,f6,h6");
    let stop = AtomicBool::new(false);
    let mut missed = 0;
    for seed in 0..20 {
        let mut s = Searcher::<Czech>::new(2);
        s.set_seed(seed);
        let one = Limits {
            level: Some(1),
            ..Limits::default()
        };
        if s.search(&g, &one, &stop, &mut |_| {})
            .best
            .unwrap()
            .to_string()
            != "b4-c5"
        {
            missed += 1;
        }
    }
    assert!(
        missed >= 3,
        "level 1 missed the shot only {missed} times in 20"
    );
    let five = Limits {
        level: Some(5),
        depth: Some(6),
        ..Limits::default()
    };
    assert_eq!(search(&g, five).best.unwrap().to_string(), "b4-c5");
}

#[test]
fn several_lines_are_reported() {
    let g: Game<Czech> = Game::default();
    let stop = AtomicBool::new(false);
    let mut s = Searcher::<Czech>::new(4);
    s.set_multipv(3);
    let mut last = Vec::new();
    s.search(&g, &depth(6), &stop, &mut |i: &Info| {
        if i.depth == 6 {
            last.push(i.clone())
        }
    });
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert!(last[0].score >= last[1].score && last[1].score >= last[2].score);
    assert!(
        last.iter().all(|i| i.score.decided().is_none()),
        "real scores: {:?}",
        last.iter().map(|i| i.score).collect::<Vec<_>>()
    );
    let firsts: std::collections::HashSet<&String> = last.iter().map(|i| &i.pv[0]).collect();
    assert_eq!(firsts.len(), 3, "three different first moves");
}

#[test]
fn hint_is_a_legal_move() {
    let g: Game<Ossetian> = Game::default();
    let stop = AtomicBool::new(false);
    let m = Searcher::<Ossetian>::new(2).hint(&g, 3, &stop).unwrap();
    assert!(g.position().legal_moves().contains(&m));
}

#[test]
fn czech_winning_side_moves_a_man_before_the_fifteen_moves_rule() {
    // 28 plies without a man move or capture: a king move now lets Black
    // draw with a king move of its own; moving the man resets the count.
    let g = game::<Czech>("W:WKa1,Kc1,g3:BKh8,a7:H28");
    assert_eq!(g.counters().since_progress, 28);
    let r = search(&g, depth(6));
    let best = r.best.unwrap();
    assert_eq!(
        best.kind(),
        Kind::Man,
        "played {best}, pv {:?}",
        text(&r.pv)
    );
    assert!(r.score.0 > 100, "{}", r.score);
}

#[test]
fn czech_losing_side_takes_the_fifteen_moves_draw() {
    // The same count with Black to move and behind: a king move ends the
    // game drawn at once.
    let g = game::<Czech>("B:WKa1,Kc1,g3:BKh8,a7:H29");
    let r = search(&g, depth(6));
    assert_eq!(r.score, Score::DRAW, "pv {:?}", text(&r.pv));
    assert_eq!(r.best.unwrap().kind(), Kind::King);
}

#[test]
fn threads_share_the_table_and_find_the_same_shot() {
    // Lazy SMP with three threads: the same tactic as one thread, and an
    // answer to `stop`.
    let g = game::<Czech>("W:Wa1,b2,b4,c3,e1,g3,h2:Ba7,b6,d8,f6,h6");
    let mut s = Searcher::<Czech>::new(8);
    s.set_threads(3);
    assert_eq!(s.threads(), 3);
    let r = s.search(&g, &depth(7), &AtomicBool::new(false), &mut |_| {});
    assert_eq!(r.best.unwrap().to_string(), "b4-c5");
    // (Node counts are not compared: a short search may end before the
    // helper threads have started.)
    let stop = AtomicBool::new(true);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &stop, &mut |_| {});
    assert!(r.best.is_some());
    s.set_threads(1000);
    assert_eq!(s.threads(), 64);
}
