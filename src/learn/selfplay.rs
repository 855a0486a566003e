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

/// The score a `dama match` comment gives the position before its move,
/// from the mover's side: `{cp 19 d17 0.098s}` reads as 19. `None` for
/// other comments, for a move played without a search (depth 1: the
/// only legal move) and for a win or loss found by the search or the
/// endgame databases.
pub fn comment_score(comment: &str) -> Option<i32> {
    let mut words = comment.split_whitespace();
    if words.next() != Some("cp") {
        return None;
    }
    let score: i32 = words.next()?.parse().ok()?;
    let depth: u32 = words.next()?.strip_prefix('d')?.parse().ok()?;
    // Database wins score from `TB_WIN` down by the plies they need,
    // the search's own from `Score::WIN`, higher still.
    (depth > 1 && score.unsigned_abs() < (crate::egtb::TB_WIN - 1_000).unsigned_abs())
        .then_some(score)
}

/// The training positions of the games of a PDN text, as `dama match`
/// writes them (each move's comment holds the score its engine's search
/// gave the position before it, see [`comment_score`]): the quiet
/// positions with a score, from ply `skip_plies` on, with at least
/// `min_pieces` pieces on the board. Games of another game than `R`,
/// games that do not replay and unfinished games are left out; the
/// second number counts them.
pub fn records_from_pdn<R: Learn>(
    text: &str,
    skip_plies: u32,
    min_pieces: u32,
) -> (Vec<GameRecord>, usize) {
    use crate::bitboard::Bits;
    use crate::notation::pdn;
    let mut records = Vec::new();
    let mut left_out = 0;
    for r in pdn::replay_each(text) {
        let Ok(r) = r else {
            left_out += 1;
            continue;
        };
        let result = match r.pdn.result.game_result() {
            Some(GameResult::Win(Color::White)) => 1.0,
            Some(GameResult::Win(Color::Black)) => 0.0,
            Some(GameResult::Draw) => 0.5,
            None => {
                left_out += 1;
                continue;
            }
        };
        if r.game.variant() != R::VARIANT {
            left_out += 1;
            continue;
        }
        let Ok(mut game) = Game::<R>::from_fen(&r.game.start_fen(), r.game.options()) else {
            left_out += 1;
            continue;
        };
        let texts = r.game.moves();
        // The score after move i (the comment with i + 1 plies before
        // it) is the mover's of the position before the move.
        let mut scores = vec![None; texts.len() + 1];
        for (n, c) in &r.pdn.comments {
            if let (Some(slot @ None), Some(s)) = (scores.get_mut(*n), comment_score(c)) {
                *slot = Some(s);
            }
        }
        let mut positions = Vec::new();
        for (i, text) in texts.iter().enumerate() {
            let pos = *game.position();
            let score = scores[i + 1];
            if let Some(s) = score {
                if i >= skip_plies as usize
                    && Bits::count(pos.occupied()) >= min_pieces
                    && !has_capture(&pos)
                {
                    let white = if pos.side() == Color::White { s } else { -s };
                    positions.push((pos.to_string(), white));
                }
            }
            if game.play_on(text).is_err() {
                break;
            }
        }
        records.push(GameRecord {
            positions,
            result,
            plies: texts.len(),
        });
    }
    (records, left_out)
}

/// Writes a game's positions as data lines and counts them in `totals`.
pub fn write_record(
    out: &mut dyn Write,
    rec: &GameRecord,
    totals: &mut Totals,
) -> std::io::Result<()> {
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
    Ok(())
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
                write_record(out, &rec, &mut totals)?;
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
    fn reads_the_scored_quiet_positions_of_match_games() {
        let pdn = "[GameType \"29\"]\n[Result \"1-1\"]\n\n\
            1. c3-d4 {opening 1} {cp 10 d5 0.1s} 1... f6-e5 {cp -3 d6 0.1s} \
            2. d4xf6 {cp 4 d1 0.000s} 2... g7xe5 {cp 30 d9 0.1s} 3. b2-c3 {cp 27999 d12 0.1s} 1-1\n\n\
            [GameType \"20\"]\n[Result \"2-0\"]\n\n1. 32-28 {cp 5 d4 0.1s} 2-0\n\n\
            [GameType \"29\"]\n[Result \"*\"]\n\n1. c3-d4 {cp 10 d5 0.1s} *\n";
        let (records, left_out) = records_from_pdn::<Czech>(pdn, 0, 0);
        // The international game and the unfinished one are left out.
        assert_eq!((records.len(), left_out), (1, 2));
        let start = Position::<Czech>::start().to_string();
        assert_eq!(records[0].result, 0.5);
        assert_eq!(records[0].plies, 5);
        // The captures (plies 2 and 3) are not quiet; the fifth move's
        // score is a database win. Black's -3 is White's +3.
        let first = &records[0].positions;
        assert_eq!(first.len(), 2, "{first:?}");
        assert_eq!(first[0], (start, 10));
        assert!(first[1].0.starts_with("B:"), "{first:?}");
        assert_eq!(first[1].1, 3);
        let (records, _) = records_from_pdn::<Czech>(pdn, 1, 0);
        assert_eq!(records[0].positions.len(), 1);
        let (records, _) = records_from_pdn::<Czech>(pdn, 0, 25);
        assert!(records[0].positions.is_empty());
        assert_eq!(comment_score("cp -12 d3 0.5s"), Some(-12));
        assert_eq!(comment_score("cp 12 d1 0.000s"), None);
        assert_eq!(comment_score("opening 4"), None);
        assert_eq!(comment_score("cp x d4"), None);
    }

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
