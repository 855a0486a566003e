//! `dama selfplay`: the engine plays itself from random openings and
//! keeps quiet positions with the game's result and the search's score
//! of each (the data format is in [`super`]).
//!
//! Games run in this process, each with its own [`Searcher`] (a fresh
//! table), searched to a fixed number of nodes per move; game *i*'s
//! opening is drawn from the seed and *i*, and the games are written in
//! their order, so a seed gives the same file whatever the concurrency.

use super::features::{has_capture, Learn};
use crate::game::{Game, GameOptions, GameResult, Status};
use crate::matchrunner::openings::SplitMix64;
use crate::piece::Color;
use crate::search::{Limits, Searcher};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Number of games.
    pub games: usize,
    /// Nodes searched per move.
    pub nodes: u64,
    /// Seed of the openings.
    pub seed: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// Random plies of each opening.
    pub random_plies: u32,
    /// Plies of each game (the opening's included) not written.
    pub skip_plies: u32,
    /// Transposition table per game, MiB.
    pub hash_mb: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            games: 100,
            nodes: 2000,
            seed: 1,
            concurrency: 1,
            random_plies: 8,
            skip_plies: 10,
            hash_mb: 4,
        }
    }
}

/// One game's training positions, each with its search score, and the
/// game's result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    /// The quiet positions kept, each with the search's score of it from
    /// White's side (hundredths of a man).
    pub positions: Vec<(String, i32)>,
    /// 1, 0.5 or 0 from White's side.
    pub result: f32,
    /// Plies played.
    pub plies: usize,
}

/// Plays game number `index` of `o`, a game of `R`.
pub fn play_game<R: Learn>(o: &Options, index: usize) -> GameRecord {
    let mut rng = SplitMix64::new(o.seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    // The opening: random plies that do not end the game (redrawn).
    let mut game = Game::<R>::new(GameOptions::default());
    for _ in 0..100 {
        let mut g = Game::<R>::new(GameOptions::default());
        for _ in 0..o.random_plies {
            let legal = g.position().legal_moves();
            if legal.is_empty() || g.status() != Status::InPlay {
                break;
            }
            let m = legal[rng.below(legal.len())];
            if g.play(&m).is_err() {
                break;
            }
        }
        game = g;
        if game.status() == Status::InPlay {
            break;
        }
    }
    let mut searcher = Searcher::<R>::new(o.hash_mb);
    searcher.set_seed(o.seed);
    let limits = Limits {
        nodes: Some(o.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut kept = Vec::new();
    while game.status() == Status::InPlay {
        let r = searcher.search(&game, &limits, &stop, &mut |_| {});
        let Some(best) = r.best else { break };
        let pos = game.position();
        if game.len() >= o.skip_plies as usize && r.score.decided().is_none() && !has_capture(pos) {
            let white = if pos.side() == Color::White {
                r.score.0
            } else {
                -r.score.0
            };
            kept.push((pos.to_string(), white));
        }
        if game.play(&best).is_err() {
            break;
        }
    }
    let result = match game.status() {
        Status::Over(out) => match out.result {
            GameResult::Win(Color::White) => 1.0,
            GameResult::Win(Color::Black) => 0.0,
            GameResult::Draw => 0.5,
        },
        Status::InPlay => 0.5,
    };
    GameRecord {
        positions: kept,
        result,
        plies: game.len(),
    }
}

/// What a run made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games played.
    pub games: usize,
    /// Positions written.
    pub positions: usize,
    /// White wins, draws, Black wins.
    pub results: [usize; 3],
    /// Plies played in all.
    pub plies: usize,
}

/// Plays `o.games` games of `R` and writes their positions to `out` in game
/// order (a header comment first); `progress` hears of each game
/// written.
pub fn run<R: Learn>(
    o: &Options,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&Totals),
) -> std::io::Result<Totals> {
    writeln!(
        out,
        "# dama selfplay --variant {} --games {} --nodes {} --seed {} (random plies {}, skipped plies {}); FEN;result;score (White: 1 win, 0.5 draw, 0 loss; the search's score, White's side)",
        R::VARIANT,
        o.games, o.nodes, o.seed, o.random_plies, o.skip_plies
    )?;
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, GameRecord)>();
    let mut totals = Totals::default();
    std::thread::scope(|s| -> std::io::Result<()> {
        for _ in 0..o.concurrency.max(1) {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= o.games {
                    break;
                }
                if tx.send((i, play_game::<R>(o, i))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut want = 0;
        for (i, rec) in rx {
            pending.insert(i, rec);
            while let Some(rec) = pending.remove(&want) {
                let r = super::result_text(rec.result);
                for (fen, score) in &rec.positions {
                    writeln!(out, "{fen};{r};{score}")?;
                }
                totals.games += 1;
                totals.positions += rec.positions.len();
                totals.plies += rec.plies;
                totals.results[match r {
                    "1" => 0,
                    "0.5" => 1,
                    _ => 2,
                }] += 1;
                progress(&totals);
                want += 1;
            }
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::czech::Czech;

    #[test]
    fn writes_valid_positions_reproducibly() {
        let o = Options {
            games: 4,
            nodes: 300,
            seed: 5,
            concurrency: 2,
            ..Options::default()
        };
        let mut a = Vec::new();
        let t = run::<Czech>(&o, &mut a, &mut |_| {}).unwrap();
        assert_eq!(t.games, 4);
        assert_eq!(t.results.iter().sum::<usize>(), 4);
        let text = String::from_utf8(a.clone()).unwrap();
        let mut n = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let l = crate::learn::parse_line(line).unwrap();
            assert!([0.0, 0.5, 1.0].contains(&l.result));
            let score = l.score.expect("a score");
            assert!(score.abs() < 3000, "{line}");
            let fen = l.fen;
            let pos: Position<Czech> = fen.parse().unwrap();
            assert!(!has_capture(&pos), "{fen} is not quiet");
            assert_eq!(pos.to_string(), fen);
            n += 1;
        }
        assert_eq!(n, t.positions);
        assert!(n > 20, "only {n} positions");
        // The same seed gives the same file, whatever the concurrency.
        let mut b = Vec::new();
        run::<Czech>(
            &Options {
                concurrency: 1,
                ..o
            },
            &mut b,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(a, b);
    }
}
