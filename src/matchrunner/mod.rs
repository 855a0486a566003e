//! Engine-against-engine matches: the library behind `dama match`.
//!
//! A match is a set of *pairings* of engines (two engines; or several in
//! a round robin, a gauntlet or a ladder). Each pairing plays the same
//! openings, each opening twice with colours swapped. Games are
//! independent jobs taken by `concurrency` worker threads; every worker
//! owns its engine processes (started fresh for each game, or kept and
//! reused until one misbehaves). The main thread collects finished
//! games, appends each to the PDN file at once (so an interrupted match
//! loses nothing finished), keeps the score — per game (W/D/L) and per
//! complete colour-swapped pair (the pentanomial counts) — reports
//! progress through a callback, and runs the SPRT, which may end the
//! match early: once it decides, no new game starts, and the games then
//! running are played out and counted like the others.
//!
//! The runner never trusts an engine: the [`referee`] holds the game and
//! checks each move; every wait has a deadline; a stop flag (set by the
//! caller on Ctrl-C) ends all waits within ~20 ms, abandoning the games
//! in progress, and engines are always ended — `quit`, then killed.
//!
//! Modules: [`cli`] (`dama match` options), [`engine`] (processes), [`timecontrol`], [`openings`],
//! [`referee`] (one game), [`stats`] (Elo, LOS, SPRT), [`report`]
//! (summary as text and JSON, progress line).

pub mod cli;
pub mod engine;
pub mod hub;
pub mod openings;
pub mod referee;
pub mod report;
pub mod stats;
pub mod timecontrol;

use engine::{EngineError, EngineProcess, EngineSpec};
use openings::OpeningBook;
use referee::{Ending, GameJob, GameRecord, GameRules};
use stats::{Pentanomial, Sprt, SprtDecision, Tally};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

pub use report::MatchSummary;

/// Who plays whom when more than two engines take part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tournament {
    /// Every engine against every other (with two engines: one match).
    #[default]
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
    /// Each engine against the one before it (engine 2 vs 1, 3 vs 2, …):
    /// for measuring a ladder of levels.
    Ladder,
}

impl std::str::FromStr for Tournament {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "round-robin" | "roundrobin" | "match" => Ok(Tournament::RoundRobin),
            "gauntlet" => Ok(Tournament::Gauntlet),
            "ladder" => Ok(Tournament::Ladder),
            _ => Err(format!(
                "unknown tournament '{s}' (expected round-robin, gauntlet or ladder)"
            )),
        }
    }
}

impl Tournament {
    /// The pairings of `n` engines, the first engine of each pair being
    /// the one whose score is reported.
    pub fn pairings(self, n: usize) -> Vec<(usize, usize)> {
        match self {
            Tournament::RoundRobin => (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect(),
            Tournament::Gauntlet => (1..n).map(|b| (0, b)).collect(),
            Tournament::Ladder => (1..n).map(|b| (b, b - 1)).collect(),
        }
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engines (at least two).
    pub engines: Vec<EngineSpec>,
    /// How they are paired.
    pub tournament: Tournament,
    /// Game, time control, margins, adjudication, event name.
    pub rules: GameRules,
    /// Games per pairing (each opening twice; an odd count plays the
    /// last opening once).
    pub games: usize,
    /// Where games start.
    pub openings: OpeningBook,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Keep engine processes between games (a misbehaving one is always replaced).
    pub reuse: bool,
    /// Stop early by SPRT (one pairing only).
    pub sprt: Option<Sprt>,
    /// Write every finished game here.
    pub pdn: Option<PathBuf>,
    /// Append to the PDN file instead of replacing it.
    pub pdn_append: bool,
    /// Time an engine has to start and answer `damaok` / `readyok`.
    pub start_timeout: Duration,
}

/// Why a match could not be run.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// Fewer than two engines.
    #[error("a match needs at least two engines")]
    TooFewEngines,
    /// SPRT with several pairings.
    #[error("SPRT needs exactly one pairing (two engines), not {0}")]
    SprtPairings(usize),
    /// No games to play.
    #[error("the match has no games to play")]
    NoGames,
    /// An engine failed its trial start.
    #[error("engine '{name}': {source}")]
    Engine {
        /// The engine's name.
        name: String,
        /// What happened.
        source: EngineError,
    },
    /// The PDN file cannot be created.
    #[error("cannot write the PDN file '{path}': {source}")]
    Pdn {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// The state of a running match, for progress reports.
#[derive(Clone, Debug)]
pub struct MatchState {
    /// Games planned.
    pub planned: usize,
    /// Games finished (counted).
    pub finished: usize,
    /// Games abandoned (not counted).
    pub abandoned: usize,
    /// Per pairing: the names and the first engine's tally.
    pub pairings: Vec<((String, String), Tally)>,
    /// Per pairing: the first engine's scores on complete pairs.
    pub pairs: Vec<Pentanomial>,
    /// The pairing of the game that just finished.
    pub last_pairing: usize,
    /// The SPRT's log likelihood ratio and bounds, if one runs.
    pub llr: Option<(f64, (f64, f64))>,
    /// When the SPRT decided, if it has (the match then finishes the
    /// games in progress).
    pub sprt_decided: Option<report::SprtDecided>,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Every planned game was played.
    Completed,
    /// The SPRT decided.
    Sprt(SprtDecision),
    /// The stop flag was set from outside (Ctrl-C).
    Interrupted,
}

/// The options every engine gets before the user's: the game, and the
/// rule options where they differ from the defaults (named as dama's
/// protocol names them).
fn variant_option(rules: &GameRules) -> Vec<(String, String)> {
    let mut v = vec![("variant".to_string(), rules.variant.name().to_string())];
    let d = crate::game::GameOptions::default();
    if rules.options.no_capture_limit != d.no_capture_limit {
        v.push((
            "nocapturelimit".into(),
            rules.options.no_capture_limit.to_string(),
        ));
    }
    if rules.options.move_limit != d.move_limit {
        v.push(("movelimit".into(), rules.options.move_limit.to_string()));
    }
    v
}

/// Plays games from the queue until it is empty or `no_more` is set
/// (the game in progress is still played out), or at once when `stop` is
/// set (the game in progress is abandoned).
fn worker(
    cfg: &MatchConfig,
    jobs: &[GameJob],
    next: &AtomicUsize,
    no_more: &AtomicBool,
    stop: &AtomicBool,
    tx: mpsc::Sender<GameRecord>,
) {
    let extra = variant_option(&cfg.rules);
    let mut kept: HashMap<usize, EngineProcess> = HashMap::new();
    let grace = Duration::from_millis(300);
    while !stop.load(Ordering::Relaxed) && !no_more.load(Ordering::Relaxed) {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.get(i).cloned() else {
            break;
        };
        let mut procs: [Option<EngineProcess>; 2] = [None, None];
        let mut failed: [Option<String>; 2] = [None, None];
        for c in 0..2 {
            let p = job.players[c];
            procs[c] = match kept.remove(&p) {
                Some(e) => Some(e),
                None => match EngineProcess::start(
                    &cfg.engines[p],
                    &extra,
                    cfg.start_timeout,
                    stop,
                    false,
                ) {
                    Ok(e) => Some(e),
                    Err(EngineError::Stopped) => return,
                    Err(e) => {
                        failed[c] = Some(e.to_string());
                        None
                    }
                },
            };
        }
        let record = match procs {
            [Some(mut w), Some(mut b)] => {
                let rec = referee::play_game(&cfg.rules, job, [&mut w, &mut b], stop);
                let culprit = rec.ending.culprit();
                let abandoned = matches!(rec.ending, Ending::Abandoned { .. });
                for (c, e) in [w, b].into_iter().enumerate() {
                    let faulted = culprit.map(|x| x.index()) == Some(c);
                    if cfg.reuse && !faulted && !abandoned {
                        kept.insert(rec.job.players[c], e);
                    } else {
                        e.shutdown(grace);
                    }
                }
                rec
            }
            [w, b] => {
                for (c, e) in [w, b].into_iter().enumerate() {
                    if let Some(e) = e {
                        if cfg.reuse {
                            kept.insert(job.players[c], e);
                        } else {
                            e.shutdown(grace);
                        }
                    }
                }
                referee::forfeit_before_start(&cfg.rules, job, failed)
            }
        };
        if tx.send(record).is_err() {
            break;
        }
    }
    for (_, e) in kept {
        e.shutdown(grace);
    }
}

/// Builds the list of games: for each opening, each pairing, both colours.
fn schedule(cfg: &MatchConfig) -> Vec<GameJob> {
    let pairings = cfg.tournament.pairings(cfg.engines.len());
    let mut jobs = Vec::new();
    let openings = cfg.games.div_ceil(2);
    for k in 0..openings {
        let opening = cfg.openings.get(k);
        for (p, &(a, b)) in pairings.iter().enumerate() {
            for swap in 0..2 {
                if 2 * k + swap >= cfg.games {
                    continue;
                }
                let players = if swap == 0 { [a, b] } else { [b, a] };
                jobs.push(GameJob {
                    index: jobs.len(),
                    pairing: p,
                    players,
                    names: players.map(|i| cfg.engines[i].name.clone()),
                    opening_index: k,
                    opening: opening.clone(),
                });
            }
        }
    }
    jobs
}

/// Runs a match. `stop` ends it early from outside (Ctrl-C): games in
/// progress are abandoned, engines ended, and the summary covers the
/// finished games. When the SPRT decides, no new game starts but the
/// games in progress are finished and counted. `on_progress` is called
/// after every counted game.
pub fn run_match(
    cfg: &MatchConfig,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&MatchState),
) -> Result<MatchSummary, MatchError> {
    if cfg.engines.len() < 2 {
        return Err(MatchError::TooFewEngines);
    }
    let pairings = cfg.tournament.pairings(cfg.engines.len());
    if cfg.sprt.is_some() && pairings.len() != 1 {
        return Err(MatchError::SprtPairings(pairings.len()));
    }
    let jobs = schedule(cfg);
    if jobs.is_empty() {
        return Err(MatchError::NoGames);
    }
    // A trial start of each engine, so that a wrong command or a refused
    // option stops the match before it begins.
    let extra = variant_option(&cfg.rules);
    for spec in &cfg.engines {
        match EngineProcess::start(spec, &extra, cfg.start_timeout, stop, false) {
            Ok(e) => e.shutdown(Duration::from_millis(300)),
            Err(source) => {
                return Err(MatchError::Engine {
                    name: spec.name.clone(),
                    source,
                })
            }
        }
    }
    let mut pdn_file = match &cfg.pdn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .write(true)
                .append(cfg.pdn_append)
                .truncate(!cfg.pdn_append)
                .open(path)
                .map_err(|source| MatchError::Pdn {
                    path: path.display().to_string(),
                    source,
                })?,
        ),
        None => None,
    };

    let names: Vec<(String, String)> = pairings
        .iter()
        .map(|&(a, b)| (cfg.engines[a].name.clone(), cfg.engines[b].name.clone()))
        .collect();
    let mut state = MatchState {
        planned: jobs.len(),
        finished: 0,
        abandoned: 0,
        pairings: names
            .iter()
            .map(|n| (n.clone(), Tally::default()))
            .collect(),
        pairs: vec![Pentanomial::default(); names.len()],
        last_pairing: 0,
        llr: None,
        sprt_decided: None,
    };
    // Pairs with one game counted: (pairing, opening) → the first
    // engine's half points in it.
    let mut half_pairs: HashMap<(usize, usize), usize> = HashMap::new();
    let mut reasons: BTreeMap<(String, Option<String>), u32> = BTreeMap::new();
    let mut plies_total = 0usize;
    let mut pdn_error: Option<String> = None;
    // Set on Ctrl-C: abandon the games in progress. Set when the SPRT
    // decides: start no new game.
    let internal_stop = AtomicBool::new(false);
    let no_more = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let workers = cfg.concurrency.clamp(1, jobs.len());

    thread::scope(|s| {
        let (tx, rx) = mpsc::channel::<GameRecord>();
        for _ in 0..workers {
            let tx = tx.clone();
            let (jobs, next, no_more, internal_stop) = (&jobs, &next, &no_more, &internal_stop);
            s.spawn(move || worker(cfg, jobs, next, no_more, internal_stop, tx));
        }
        drop(tx);
        loop {
            if stop.load(Ordering::Relaxed) {
                internal_stop.store(true, Ordering::Relaxed);
            }
            let rec = match rx.recv_timeout(Duration::from_millis(20)) {
                Ok(r) => r,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            if let Ending::Abandoned { .. } = rec.ending {
                state.abandoned += 1;
                continue;
            }
            // Games that end after the SPRT decided are counted too: the
            // decision is not revised, but no finished game is lost.
            let (a, _) = pairings[rec.job.pairing];
            let tally = &mut state.pairings[rec.job.pairing].1;
            let half_points = match rec.ending.result().game_result() {
                Some(crate::game::GameResult::Win(c)) => {
                    if rec.job.players[c.index()] == a {
                        tally.wins += 1;
                        Some(2)
                    } else {
                        tally.losses += 1;
                        Some(0)
                    }
                }
                Some(crate::game::GameResult::Draw) => {
                    tally.draws += 1;
                    Some(1)
                }
                None => None,
            };
            if let Some(h) = half_points {
                let key = (rec.job.pairing, rec.job.opening_index);
                match half_pairs.remove(&key) {
                    Some(other) => state.pairs[rec.job.pairing].add(h + other),
                    None => {
                        half_pairs.insert(key, h);
                    }
                }
            }
            state.finished += 1;
            state.last_pairing = rec.job.pairing;
            plies_total += rec.plies;
            let culprit = rec
                .ending
                .culprit()
                .map(|c| rec.job.names[c.index()].clone());
            *reasons
                .entry((rec.ending.id().to_string(), culprit))
                .or_insert(0) += 1;
            if let Some(f) = &mut pdn_file {
                let mut g = rec.pdn.clone();
                g.number = state.finished;
                let text = crate::notation::pdn::write_game(&g);
                if let Err(e) = f.write_all(text.as_bytes()).and_then(|_| f.flush()) {
                    pdn_error.get_or_insert_with(|| e.to_string());
                }
            }
            if let Some(sprt) = &cfg.sprt {
                let llr = sprt.llr_of(&state.pairings[0].1, &state.pairs[0]);
                state.llr = Some((llr, sprt.bounds()));
                let d = sprt.decision(llr);
                if d != SprtDecision::Continue && state.sprt_decided.is_none() {
                    state.sprt_decided = Some(report::SprtDecided {
                        decision: d,
                        games: state.finished,
                        pairs: state.pairs[0].pairs(),
                        llr,
                    });
                    no_more.store(true, Ordering::Relaxed);
                }
            }
            on_progress(&state);
        }
    });

    let stopped = match state.sprt_decided {
        Some(d) => StopReason::Sprt(d.decision),
        None if stop.load(Ordering::Relaxed) => StopReason::Interrupted,
        None => StopReason::Completed,
    };
    let mut reasons: Vec<report::Reason> = reasons
        .into_iter()
        .map(|((id, engine), count)| report::Reason { id, engine, count })
        .collect();
    reasons.sort_by(|x, y| y.count.cmp(&x.count).then_with(|| x.id.cmp(&y.id)));
    Ok(MatchSummary {
        variant: cfg.rules.variant,
        tc: cfg.rules.tc,
        pairings: state
            .pairings
            .iter()
            .zip(&state.pairs)
            .map(|(((first, second), tally), pairs)| report::PairingSummary {
                first: first.clone(),
                second: second.clone(),
                tally: *tally,
                pairs: *pairs,
            })
            .collect(),
        sprt: cfg.sprt.map(|s| {
            let (t, p) = (&state.pairings[0].1, &state.pairs[0]);
            let llr = s.llr_of(t, p);
            report::SprtSummary {
                sprt: s,
                llr,
                by_pairs: p.pairs() > 0,
                decision: match state.sprt_decided {
                    Some(d) => d.decision,
                    None => s.decision(llr),
                },
                decided: state.sprt_decided,
            }
        }),
        planned: state.planned,
        finished: state.finished,
        abandoned: state.abandoned,
        mean_plies: if state.finished > 0 {
            plies_total as f64 / state.finished as f64
        } else {
            0.0
        },
        reasons,
        stopped,
        pdn: cfg.pdn.clone(),
        pdn_error,
    })
}
