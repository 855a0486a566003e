//! The referee: one game between two engine processes.
//!
//! The referee holds the game record itself ([`AnyGame`]). Before each
//! move it sends the engine to move the whole game (`position … moves
//! …`) and a `go` for the time control, then waits for `bestmove` no
//! longer than the clock allows (in Hub: `pos … moves="…"`, `level`,
//! `go think`, `done`, or the first Hub's words; see [`super::hub`]).
//! Every move is checked against the rules core before it is played; the game ends when the rules end it
//! ([`AnyGame::status`]), when an engine forfeits (illegal move,
//! unreadable reply, crash, time, no reply), when both engines agree on
//! a decisive score long enough (optional adjudication), or when the
//! match is stopped (the game is then abandoned and not counted).

use super::engine::{EngineError, EngineProcess};
use super::openings::Opening;
use super::timecontrol::{Allowance, Clocks, TimeControl};
use crate::any::AnyGame;
use crate::explain::MoveError;
use crate::game::{GameError, GameOptions, Outcome, Status};
use crate::notation::pdn::{PdnGame, PdnResult};
use crate::piece::Color;
use crate::variant::Variant;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A score as an engine reports it in `info … score …`, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// Hundredths of a man.
    Cp(i32),
    /// A win in this many plies.
    Win(i32),
    /// A loss in this many plies.
    Loss(i32),
}

impl fmt::Display for EngineScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineScore::Cp(c) => write!(f, "cp {c}"),
            EngineScore::Win(p) => write!(f, "win {p}"),
            EngineScore::Loss(p) => write!(f, "loss {p}"),
        }
    }
}

/// Reads `score cp N` / `score win N` / `score loss N` and `depth N`
/// from an `info` line.
fn parse_info(line: &str) -> (Option<EngineScore>, Option<u32>) {
    let toks: Vec<&str> = line.split_whitespace().collect();
    let mut score = None;
    let mut depth = None;
    for (i, t) in toks.iter().enumerate() {
        match *t {
            "score" => {
                let kind = toks.get(i + 1).copied();
                let n = toks.get(i + 2).and_then(|v| v.parse::<i32>().ok());
                score = match (kind, n) {
                    (Some("cp"), Some(n)) => Some(EngineScore::Cp(n)),
                    (Some("win"), Some(n)) => Some(EngineScore::Win(n)),
                    (Some("loss"), Some(n)) => Some(EngineScore::Loss(n)),
                    _ => score,
                };
            }
            "depth" => depth = toks.get(i + 1).and_then(|v| v.parse().ok()).or(depth),
            _ => {}
        }
    }
    (score, depth)
}

/// How an engine lost a game outside the rules of draughts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A move that is not legal in the position.
    IllegalMove {
        /// The move as sent.
        text: String,
        /// Why it is illegal.
        reason: String,
    },
    /// A reply that is not a move at all.
    Unreadable {
        /// The line as sent.
        line: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The engine exited or stopped reading.
    Crash {
        /// What was seen.
        detail: String,
    },
    /// The move came too late (or never, under a clock).
    TimeForfeit {
        /// The time the move was allowed, margin included.
        allowed_ms: u128,
        /// The time it took, when it came at all.
        used_ms: Option<u128>,
        /// What the allowance was made of (`clock 30 ms + margin 200 ms`).
        budget: String,
    },
    /// No reply within the timeout (searches without a clock, setup).
    NoReply {
        /// What was awaited.
        awaiting: &'static str,
        /// How long.
        waited_ms: u128,
    },
    /// The engine could not be started or set up.
    StartFailure {
        /// Why.
        detail: String,
    },
}

impl Fault {
    /// The id written in the PDN `Termination` tag and the summary.
    pub fn id(&self) -> &'static str {
        match self {
            Fault::IllegalMove { .. } => "illegal-move",
            Fault::Unreadable { .. } => "unreadable-reply",
            Fault::Crash { .. } => "crash",
            Fault::TimeForfeit { .. } => "time-forfeit",
            Fault::NoReply { .. } => "no-reply",
            Fault::StartFailure { .. } => "start-failure",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::IllegalMove { text, reason } => write!(f, "illegal move '{text}': {reason}"),
            Fault::Unreadable { line, reason } => write!(f, "unreadable reply '{line}': {reason}"),
            Fault::Crash { detail } => write!(f, "crashed: {detail}"),
            Fault::TimeForfeit {
                allowed_ms,
                used_ms: Some(used),
                budget,
            } => write!(
                f,
                "lost on time (the move took {used} ms, more than the {allowed_ms} ms allowed: {budget})"
            ),
            Fault::TimeForfeit {
                allowed_ms,
                used_ms: None,
                budget,
            } => write!(
                f,
                "lost on time (no move within the {allowed_ms} ms allowed: {budget})"
            ),
            Fault::NoReply {
                awaiting,
                waited_ms,
            } => write!(f, "no {awaiting} within {waited_ms} ms"),
            Fault::StartFailure { detail } => write!(f, "could not start: {detail}"),
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules of the game.
    Rules(Outcome),
    /// An engine forfeited.
    Forfeit {
        /// The side whose engine failed.
        loser: Color,
        /// How.
        fault: Fault,
    },
    /// Both engines reported a decisive score for long enough.
    Adjudicated {
        /// The side both engines saw winning.
        winner: Color,
    },
    /// Still in play after the runner's ply limit: a draw.
    DrawAdjudicated {
        /// The limit.
        plies: usize,
    },
    /// Not finished: the match was stopped, or both engines failed to start.
    Abandoned {
        /// Why.
        reason: String,
    },
}

impl Ending {
    /// The PDN result.
    pub fn result(&self) -> PdnResult {
        match self {
            Ending::Rules(o) => PdnResult::of(o.result),
            Ending::Forfeit { loser, .. } => PdnResult::win(!*loser),
            Ending::Adjudicated { winner } => PdnResult::win(*winner),
            Ending::DrawAdjudicated { .. } => PdnResult::Draw,
            Ending::Abandoned { .. } => PdnResult::Unknown,
        }
    }
    /// The `Termination` id: the rule's id, the fault's id, `adjudication` or `abandoned`.
    pub fn id(&self) -> &'static str {
        match self {
            Ending::Rules(o) => o.rule.id(),
            Ending::Forfeit { fault, .. } => fault.id(),
            Ending::Adjudicated { .. } | Ending::DrawAdjudicated { .. } => "adjudication",
            Ending::Abandoned { .. } => "abandoned",
        }
    }
    /// The colour of the engine at fault, for forfeits.
    pub fn culprit(&self) -> Option<Color> {
        match self {
            Ending::Forfeit { loser, .. } => Some(*loser),
            _ => None,
        }
    }
}

/// Optional adjudication: both engines see the same side winning by at
/// least `cp` (or a forced win) for `moves` moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// The score threshold in hundredths of a man.
    pub cp: i32,
    /// Consecutive moves of each engine.
    pub moves: u32,
}

/// What every game of a match shares.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// The game.
    pub variant: Variant,
    /// Rule options.
    pub options: GameOptions,
    /// The time control.
    pub tc: TimeControl,
    /// Extra time allowed beyond the clock for lag.
    pub margin: Duration,
    /// Longest wait without a clock (fixed depth or nodes; setup replies).
    pub timeout: Duration,
    /// Optional score adjudication.
    pub adjudication: Option<Adjudication>,
    /// Optional draw adjudication: a game still in play after this many
    /// plies is a draw (for games without a move limit of their own).
    pub max_plies: Option<usize>,
    /// The PDN `Event` tag.
    pub event: String,
}

/// One scheduled game.
#[derive(Clone, Debug)]
pub struct GameJob {
    /// The game's number in the match (from 0).
    pub index: usize,
    /// Which pairing it belongs to.
    pub pairing: usize,
    /// The players (indexes into the match's engines), White first.
    pub players: [usize; 2],
    /// The players' names, White first.
    pub names: [String; 2],
    /// The opening's number.
    pub opening_index: usize,
    /// The opening.
    pub opening: Opening,
}

/// A game played (or abandoned).
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The job.
    pub job: GameJob,
    /// How it ended.
    pub ending: Ending,
    /// The game as PDN (finished games only are written).
    pub pdn: PdnGame,
    /// Plies played, the opening included.
    pub plies: usize,
}

/// The `position` command for a game so far.
pub fn position_command(game: &AnyGame) -> String {
    let mut s = if game.from_start() {
        "position startpos".to_string()
    } else {
        format!("position fen {}", game.start_fen())
    };
    let moves = game.moves();
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(&m);
        }
    }
    s
}

fn engine_fault(e: EngineError, awaiting: &'static str, timed: bool) -> Result<Fault, String> {
    Ok(match e {
        EngineError::Stopped => return Err("the match was stopped".into()),
        EngineError::Timeout(ms) if timed => Fault::TimeForfeit {
            allowed_ms: ms,
            used_ms: None,
            budget: String::new(),
        },
        EngineError::Timeout(ms) => Fault::NoReply {
            awaiting,
            waited_ms: ms,
        },
        EngineError::Exited(s) => Fault::Crash {
            detail: format!("exited{s}"),
        },
        EngineError::Write(e) => Fault::Crash {
            detail: format!("closed its input ({e})"),
        },
        EngineError::Spawn { .. } | EngineError::Refused(_) | EngineError::Unsupported(_) => {
            Fault::StartFailure {
                detail: e.to_string(),
            }
        }
    })
}

/// A game that ended before it began (an engine failed to start).
pub fn forfeit_before_start(
    rules: &GameRules,
    job: GameJob,
    failed: [Option<String>; 2],
) -> GameRecord {
    let game = job
        .opening
        .game(rules.variant, rules.options)
        .unwrap_or_else(|_| AnyGame::new(rules.variant, rules.options));
    let ending = match failed {
        [Some(a), Some(b)] => Ending::Abandoned {
            reason: format!("neither engine started (white: {a}; black: {b})"),
        },
        [Some(d), None] => Ending::Forfeit {
            loser: Color::White,
            fault: Fault::StartFailure { detail: d },
        },
        [None, Some(d)] => Ending::Forfeit {
            loser: Color::Black,
            fault: Fault::StartFailure { detail: d },
        },
        [None, None] => Ending::Abandoned {
            reason: "no failure given".into(),
        },
    };
    finish(rules, job, game, Vec::new(), ending)
}

fn finish(
    rules: &GameRules,
    job: GameJob,
    game: AnyGame,
    move_comments: Vec<(usize, String)>,
    ending: Ending,
) -> GameRecord {
    let mut pdn = PdnGame::from_game(&game);
    pdn.set_tag("Event", &rules.event);
    pdn.set_tag("Round", &(job.index + 1).to_string());
    pdn.set_tag("White", &job.names[0]);
    pdn.set_tag("Black", &job.names[1]);
    pdn.set_tag("TimeControl", &rules.tc.to_string());
    let opening_plies = job.opening.moves.len();
    let mut comments = Vec::new();
    if opening_plies > 0 {
        comments.push((opening_plies, format!("opening {}", job.opening_index + 1)));
    }
    comments.extend(move_comments);
    pdn.comments = comments;
    let words = match &ending {
        Ending::Rules(o) => o.to_string(),
        Ending::Forfeit { loser, fault } => {
            let name = &job.names[loser.index()];
            format!("{} wins: {loser} ({name}) {fault}", !*loser)
        }
        Ending::Adjudicated { winner } => {
            format!("{winner} wins: both engines agree {winner} is winning")
        }
        Ending::DrawAdjudicated { plies } => {
            format!("draw: still in play after {plies} plies (the match's limit)")
        }
        Ending::Abandoned { reason } => format!("abandoned: {reason}"),
    };
    pdn.finish(ending.result(), ending.id(), &words);
    GameRecord {
        plies: game.len(),
        job,
        ending,
        pdn,
    }
}

/// Plays one game; `engines` are White's and Black's, ready for a new
/// game. On return an engine that faulted must not be reused (see
/// [`GameRecord::ending`]'s culprit).
pub fn play_game(
    rules: &GameRules,
    job: GameJob,
    engines: [&mut EngineProcess; 2],
    stop: &AtomicBool,
) -> GameRecord {
    let mut game = match job.opening.game(rules.variant, rules.options) {
        Ok(g) => g,
        Err(e) => {
            let g = AnyGame::new(rules.variant, rules.options);
            return finish(
                rules,
                job,
                g,
                Vec::new(),
                Ending::Abandoned {
                    reason: e.to_string(),
                },
            );
        }
    };
    let mut comments: Vec<(usize, String)> = Vec::new();
    let [white, black] = engines;
    let mut engines = [white, black];

    // A new game for both; a failure here is that engine's loss.
    for (i, e) in engines.iter_mut().enumerate() {
        let r = e.new_game(rules.timeout, stop);
        if let Err(err) = r {
            let ending = match engine_fault(err, e.sync_reply(), false) {
                Ok(fault) => Ending::Forfeit {
                    loser: Color::ALL[i],
                    fault,
                },
                Err(reason) => Ending::Abandoned { reason },
            };
            return finish(rules, job, game, comments, ending);
        }
    }

    let mut clocks = Clocks::new(rules.tc);
    let mut streak: (Option<Color>, u32) = (None, 0);
    let ending = loop {
        if let Status::Over(o) = game.status() {
            break Ending::Rules(o);
        }
        let side = game.side_to_move();
        let mover = side.index();
        let e = &mut *engines[mover];
        let allowance = clocks.allowance(mover, rules.margin, rules.timeout);
        let (limit, timed) = match allowance {
            Allowance::Timed(d) => (d, true),
            Allowance::Untimed(d) => (d, false),
        };
        let hub = e.proto().hub();
        let request = match hub {
            None => vec![position_command(&game), clocks.go_command()],
            Some(d) => match d.request(&game, &clocks) {
                Ok(lines) => lines,
                Err(reason) => break Ending::Abandoned { reason },
            },
        };
        let sent = request.iter().try_for_each(|l| e.send(l));
        let start = Instant::now();
        let deadline = start + limit;
        let mut score = None;
        let mut depth = None;
        let reply: Result<String, EngineError> = sent.and_then(|_| loop {
            let line = e.recv(deadline, stop).map_err(|x| x.waited(limit))?;
            let t = line.trim();
            if t.starts_with("info") {
                let (s, d) = match hub {
                    None => parse_info(t),
                    Some(d) => d.parse_info(t),
                };
                score = s.or(score);
                depth = d.or(depth);
            } else if match hub {
                None => t == "bestmove" || t.starts_with("bestmove "),
                Some(d) => d.is_reply(t),
            } {
                break Ok(t.to_string());
            }
        });
        let used = start.elapsed();
        let budget = clocks.describe(mover, rules.margin);
        let awaited = match hub {
            None => "bestmove",
            Some(d) => d.reply_word(),
        };
        let line = match reply {
            Ok(l) => l,
            Err(err) => match engine_fault(err, awaited, timed) {
                Ok(Fault::TimeForfeit {
                    allowed_ms,
                    used_ms,
                    ..
                }) => {
                    break Ending::Forfeit {
                        loser: side,
                        fault: Fault::TimeForfeit {
                            allowed_ms,
                            used_ms,
                            budget,
                        },
                    }
                }
                Ok(fault) => break Ending::Forfeit { loser: side, fault },
                Err(reason) => break Ending::Abandoned { reason },
            },
        };
        if timed && used > limit {
            break Ending::Forfeit {
                loser: side,
                fault: Fault::TimeForfeit {
                    allowed_ms: limit.as_millis(),
                    used_ms: Some(used.as_millis()),
                    budget,
                },
            };
        }
        clocks.charge(mover, used);
        // A Hub reply, read as the native one it means.
        let line = match hub {
            None => line,
            Some(d) => match d.translate(&game, &line) {
                Ok(l) => l,
                Err(fault) => break Ending::Forfeit { loser: side, fault },
            },
        };
        let text = line
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_string();
        if text.is_empty() {
            break Ending::Forfeit {
                loser: side,
                fault: Fault::Unreadable {
                    line,
                    reason: "no move after 'bestmove'".into(),
                },
            };
        }
        if text == "none" {
            break Ending::Forfeit {
                loser: side,
                fault: Fault::IllegalMove {
                    reason: format!(
                        "the engine claims no legal move, but {side} has {} ({})",
                        game.legal_moves().len(),
                        game.legal_moves()
                            .iter()
                            .take(3)
                            .map(|m| m.text.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    text,
                },
            };
        }
        match game.play(&text) {
            Ok(_) => {}
            Err(GameError::Move(MoveError::Parse(e))) => {
                break Ending::Forfeit {
                    loser: side,
                    fault: Fault::Unreadable {
                        line,
                        reason: e.to_string(),
                    },
                }
            }
            Err(e) => {
                break Ending::Forfeit {
                    loser: side,
                    fault: Fault::IllegalMove {
                        text,
                        reason: e.to_string(),
                    },
                }
            }
        }
        let mut c = String::new();
        if let Some(s) = score {
            c.push_str(&s.to_string());
        }
        if let Some(d) = depth {
            c.push_str(&format!(" d{d}"));
        }
        c.push_str(&format!(" {:.3}s", used.as_secs_f64()));
        comments.push((game.len(), c.trim().to_string()));

        if let Some(adj) = rules.adjudication {
            let verdict = match score {
                Some(EngineScore::Win(_)) => Some(side),
                Some(EngineScore::Loss(_)) => Some(!side),
                Some(EngineScore::Cp(c)) if c >= adj.cp => Some(side),
                Some(EngineScore::Cp(c)) if c <= -adj.cp => Some(!side),
                _ => None,
            };
            streak = match (verdict, streak) {
                (Some(w), (Some(prev), n)) if w == prev => (Some(w), n + 1),
                (Some(w), _) => (Some(w), 1),
                (None, _) => (None, 0),
            };
            if let (Some(w), n) = streak {
                if n >= 2 * adj.moves.max(1) && game.status() == Status::InPlay {
                    break Ending::Adjudicated { winner: w };
                }
            }
        }
        if let Some(plies) = rules.max_plies {
            if game.len() >= plies && game.status() == Status::InPlay {
                break Ending::DrawAdjudicated { plies };
            }
        }
    };
    finish(rules, job, game, comments, ending)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines() {
        assert_eq!(
            parse_info("info depth 7 seldepth 9 score cp -35 nodes 100 pv c3-d4"),
            (Some(EngineScore::Cp(-35)), Some(7))
        );
        assert_eq!(
            parse_info("info score win 5 depth 3"),
            (Some(EngineScore::Win(5)), Some(3))
        );
        assert_eq!(parse_info("info string hello score"), (None, None));
        assert_eq!(parse_info("info score loss x"), (None, None));
    }

    #[test]
    fn time_forfeits_say_what_was_allowed_and_what_was_spent() {
        let late = Fault::TimeForfeit {
            allowed_ms: 230,
            used_ms: Some(251),
            budget: "clock 30 ms + margin 200 ms".into(),
        };
        assert_eq!(
            late.to_string(),
            "lost on time (the move took 251 ms, more than the 230 ms allowed: clock 30 ms + margin 200 ms)"
        );
        let silent = Fault::TimeForfeit {
            allowed_ms: 97,
            used_ms: None,
            budget: "clock -203 ms + margin 300 ms".into(),
        };
        assert_eq!(
            silent.to_string(),
            "lost on time (no move within the 97 ms allowed: clock -203 ms + margin 300 ms)"
        );
    }

    #[test]
    fn position_commands() {
        let mut g = AnyGame::new(Variant::Czech, GameOptions::default());
        assert_eq!(position_command(&g), "position startpos");
        g.play("c3-d4").unwrap();
        g.play("b6-a5").unwrap();
        assert_eq!(position_command(&g), "position startpos moves c3-d4 b6-a5");
        let f = AnyGame::from_fen(Variant::Czech, "B:Wc3:Bd6", GameOptions::default()).unwrap();
        assert_eq!(
            position_command(&f),
            format!("position fen {}", f.start_fen())
        );
    }
}
