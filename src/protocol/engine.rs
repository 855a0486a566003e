//! The engine's state and what each command does to it.
//!
//! The state is the game ([`AnyGame`]), the searcher ([`AnySearcher`],
//! held by a [`Worker`]) and the [`Options`]. A `go` or `hint` lends a
//! copy of the game and the searcher to a search thread, so the command
//! loop stays free to answer `isready`, `stop`, `quit` and the read-only
//! queries while it thinks; commands that would change the state are
//! refused until the search has ended. Every change is built on a copy and swapped in only
//! when it has fully succeeded: a refused command leaves nothing
//! changed.

use super::command::{self, Command, GoParams, StartPos, USAGE};
use super::options::{Name, OptionError, Options, SPECS};
use super::search::{self, Task};
use super::worker::{JobFlags, Worker};
use super::{Out, PROTOCOL_VERSION};
use crate::any::{AnyGame, AnySearcher, MoveInfo};
use crate::explain::MoveError;
use crate::game::{GameError, GameResult, Status};
use crate::notation::fen::FenError;
use crate::piece::Color;
use crate::search::{Clock, Limits};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why a command was refused; printed as `error <message>`.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The line could not be parsed.
    #[error(transparent)]
    Parse(#[from] command::ParseError),
    /// `setoption` refused.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A line above the length limit.
    #[error(
        "input: a line of {len} bytes is longer than the limit of {limit} bytes; it was ignored"
    )]
    TooLong {
        /// Its length.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// A line that is not UTF-8.
    #[error("input: the line is not valid UTF-8 (bad byte at offset {0}); it was ignored")]
    NotUtf8(usize),
    /// A command that changes the state while a search runs.
    #[error("{0}: a search is running; send 'stop' first")]
    Busy(&'static str),
    /// A FEN that cannot be read or does not fit the game.
    #[error("position: bad FEN '{text}': {source}")]
    Fen {
        /// The FEN as given (shortened).
        text: String,
        /// Why.
        source: FenError,
    },
    /// A move of a list that cannot be played.
    #[error("{command}: move {index} '{text}' {}", move_problem(.source))]
    Move {
        /// `position` or `play`.
        command: &'static str,
        /// Its place in the list, from 1.
        index: usize,
        /// As written (shortened).
        text: String,
        /// Why.
        source: GameError,
    },
    /// More plies to undo than were played.
    #[error("undo: cannot take back {}: {} played since the position was set", crate::game::ply_count(*.asked), were_played(*.played))]
    Undo {
        /// Plies asked for.
        asked: usize,
        /// Plies played.
        played: usize,
    },
    /// `go` with clock times but none for the side to move.
    #[error("go: '{0}' is needed: it is the clock of the side to move")]
    Clock(&'static str),
    /// `ponderhit` without a `go ponder` search waiting for it.
    #[error("ponderhit: no 'go ponder' search is waiting for it")]
    NotPondering,
    /// The search thread could not be started.
    #[error("{command}: cannot start the search thread: {reason}")]
    Thread {
        /// `go` or `hint`.
        command: &'static str,
        /// The system's reason.
        reason: String,
    },
}

fn move_problem(e: &GameError) -> String {
    match e {
        GameError::Move(MoveError::Parse(p)) => format!("is unreadable: {p}"),
        GameError::Move(MoveError::Illegal(i)) => format!("is illegal: {i}"),
        GameError::Over(o) => format!("cannot be played: the game is over ({o})"),
        other => format!("cannot be played: {other}"),
    }
}

/// Whether the command loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received.
    Quit,
}

/// The engine: state plus the command dispatcher.
pub struct Engine {
    out: Out,
    options: Options,
    game: AnyGame,
    /// The searcher, and the search thread that may have borrowed it.
    worker: Worker,
    /// The endgame databases of the `egtbpath` option.
    egtb: Option<Arc<crate::egtb::Egtb>>,
    /// A `go ponder` search waiting for `ponderhit`.
    pondering: Option<Pondering>,
}

/// A `go ponder` search: it runs without a time limit until
/// `ponderhit`, which gives it the time of its limits from then on.
struct Pondering {
    /// The time the search may take after `ponderhit` (`None`: depth or
    /// nodes end it).
    budget: Option<Duration>,
    flags: JobFlags,
}

impl Engine {
    /// A new engine writing its replies to `out`, Czech draughts from the start.
    pub fn new(out: Out) -> Self {
        let options = Options::default();
        Engine {
            out,
            game: AnyGame::new(options.variant, options.rules),
            worker: Worker::new(AnySearcher::new(options.variant, options.hash_mb)),
            options,
            egtb: None,
            pondering: None,
        }
    }

    /// The current game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The current options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// True while a search runs.
    pub fn searching(&mut self) -> bool {
        self.worker.busy()
    }

    /// Reports an error as one `error …` line.
    pub fn report(&self, e: &EngineError) {
        self.out.line(&format!(
            "error {}",
            command::shorten_quotes(&e.to_string())
        ));
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        match command::parse(line) {
            Ok(None) => Flow::Continue,
            Ok(Some(cmd)) => self.execute(cmd),
            Err(e) => {
                self.report(&e.into());
                Flow::Continue
            }
        }
    }

    /// Executes one command. A panic inside (a bug) is caught and
    /// reported as one `error internal: …` line; since every change is
    /// swapped in at the end, the state is as before the command (a
    /// searcher lost in it is made anew by the [`Worker`]).
    pub fn execute(&mut self, cmd: Command) -> Flow {
        match catch_unwind(AssertUnwindSafe(|| self.dispatch(cmd))) {
            Ok(Ok(flow)) => flow,
            Ok(Err(e)) => {
                self.report(&e);
                Flow::Continue
            }
            Err(panic) => {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown".to_string());
                self.out.line(&format!(
                    "error internal: the command failed ({}); the state is unchanged",
                    command::quote(&what)
                ));
                Flow::Continue
            }
        }
    }

    /// Ends a running search (its `bestmove` is printed) before exit.
    pub fn finish(&mut self) {
        self.worker.stop();
    }

    fn idle(&mut self, command: &'static str) -> Result<(), EngineError> {
        if self.searching() {
            Err(EngineError::Busy(command))
        } else {
            Ok(())
        }
    }

    fn dispatch(&mut self, cmd: Command) -> Result<Flow, EngineError> {
        match cmd {
            Command::Dama => self.handshake(),
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => {
                self.idle("setoption")?;
                self.set_option(&name, &value)?;
            }
            Command::NewGame => {
                self.idle("newgame")?;
                self.game = AnyGame::new(self.options.variant, self.options.rules);
                if let Some(s) = self.worker.searcher() {
                    s.clear();
                }
            }
            Command::Position { start, moves } => {
                self.idle("position")?;
                self.game = self.build_position(&start, &moves)?;
            }
            Command::Go(p) => {
                self.idle("go")?;
                self.go(&p)?;
            }
            Command::Stop => {
                self.pondering = None;
                self.worker.stop();
            }
            Command::PonderHit => self.ponder_hit()?,
            Command::Quit => {
                self.worker.stop();
                return Ok(Flow::Quit);
            }
            Command::Moves => {
                // A finished game offers no move, whatever rule ended it.
                let moves = match self.game.status() {
                    Status::InPlay => sorted_moves(&self.game),
                    Status::Over(_) => Vec::new(),
                };
                let mut lines: Vec<String> =
                    moves.iter().map(|m| self.describe("move", m)).collect();
                lines.push(format!("movesok {}", moves.len()));
                self.out.lines(&lines);
            }
            Command::MustCapture => {
                let v = match self.game.status() {
                    Status::InPlay => self.game.must_capture(),
                    Status::Over(_) => Vec::new(),
                };
                self.out.line(&format!("mustcapture {}", squares(&v)));
            }
            Command::Check(text) => {
                let reply = match (self.game.status(), self.game.check_move(&text)) {
                    (Status::Over(o), _) => format!(
                        "illegal {} reason the game is over ({o})",
                        command::quote(&text)
                    ),
                    (Status::InPlay, Ok(m)) => self.describe("legal", &m),
                    (Status::InPlay, Err(e)) => format!(
                        "illegal {} reason {}",
                        command::quote(&text),
                        command::shorten_quotes(&e.to_string())
                    ),
                };
                self.out.line(&reply);
            }
            Command::Play(moves) => {
                self.idle("play")?;
                let mut g = self.game.clone();
                play_all(&mut g, &moves, "play")?;
                self.game = g;
            }
            Command::Undo(n) => {
                self.idle("undo")?;
                let mut g = self.game.clone();
                g.undo(n).map_err(|_| EngineError::Undo {
                    asked: n,
                    played: self.game.len(),
                })?;
                self.game = g;
            }
            Command::Status => self.out.line(&status_line(&self.game)),
            Command::Board { flipped } => {
                let mut lines: Vec<String> = self
                    .game
                    .board_text(flipped)
                    .lines()
                    .map(|l| format!("board {}", l.trim_end()))
                    .collect();
                lines.push(format!("boardok {} to move", self.game.side_to_move()));
                self.out.lines(&lines);
            }
            Command::Fen => self.out.line(&format!("fen {}", self.game.fen())),
            Command::Hint(p) => {
                self.idle("hint")?;
                if self.game.status() != Status::InPlay {
                    self.out.line("hint none");
                } else {
                    let limits = self.limits(&p)?;
                    self.start(Task::Hint { limits }, "hint")?;
                }
            }
            Command::Perft(depth) => {
                self.idle("perft")?;
                self.start(Task::Perft { depth }, "perft")?;
            }
            Command::Divide(depth) => {
                self.idle("divide")?;
                self.start(Task::Divide { depth }, "divide")?;
            }
            Command::Help => {
                let mut lines: Vec<String> =
                    USAGE.iter().map(|(_, u)| format!("help {u}")).collect();
                lines.push("helpok".to_string());
                self.out.lines(&lines);
            }
        }
        Ok(Flow::Continue)
    }

    fn handshake(&self) {
        let mut lines = vec![
            format!("id name dama {}", env!("CARGO_PKG_VERSION")),
            "id author the dama authors".to_string(),
            format!("id protocol {PROTOCOL_VERSION}"),
        ];
        lines.extend(SPECS.iter().map(|s| s.line()));
        lines.push("damaok".to_string());
        self.out.lines(&lines);
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let mut o = self.options;
        let which = o.set(name, value)?;
        match which {
            Name::Variant => {
                self.game = AnyGame::new(o.variant, o.rules);
                self.worker.replace(AnySearcher::new(o.variant, o.hash_mb));
            }
            Name::Hash => self.worker.replace(AnySearcher::new(o.variant, o.hash_mb)),
            Name::NoCaptureLimit | Name::MoveLimit => self.game.set_options(o.rules),
            Name::Level
            | Name::MoveOverhead
            | Name::MultiPv
            | Name::Threads
            | Name::EvalTweak
            | Name::Contempt => {}
            Name::EgtbPath => self.egtb = open_egtb(value)?,
        }
        self.options = o;
        Ok(())
    }

    fn build_position(&self, start: &StartPos, moves: &[String]) -> Result<AnyGame, EngineError> {
        let (variant, rules) = (self.options.variant, self.options.rules);
        let mut g = match start {
            StartPos::Start => AnyGame::new(variant, rules),
            StartPos::Fen(f) => {
                AnyGame::from_fen(variant, f, rules).map_err(|source| EngineError::Fen {
                    text: command::quote(f),
                    source,
                })?
            }
        };
        play_all(&mut g, moves, "position")?;
        Ok(g)
    }

    /// One line describing a move: `<tag> <move> piece <kind> from <sq>
    /// path <sq…> captured <sq…|-> promotion <kind|->`.
    fn describe(&self, tag: &str, m: &MoveInfo) -> String {
        if m.is_pass() {
            return format!("{tag} pass piece - from - path - captured - promotion -");
        }
        format!(
            "{tag} {} piece {} from {} path {} captured {} promotion {}",
            m.text,
            self.game.kind_name(m.piece),
            m.from.map_or("-".to_string(), |s| s.to_string()),
            squares(&m.path),
            squares(&m.captured),
            m.promotion.map_or("-", |k| self.game.kind_name(k)),
        )
    }

    fn limits(&self, p: &GoParams) -> Result<Limits, EngineError> {
        let ms = Duration::from_millis;
        let mut overhead = ms(self.options.overhead_ms);
        if let Some(t) = p.movetime {
            // A short move time is mostly searched: the overhead kept
            // back is at most a quarter of it.
            overhead = overhead.min(ms(t) / 4);
        }
        let mut l = Limits {
            depth: p.depth,
            nodes: p.nodes,
            movetime: p.movetime.map(ms),
            clock: None,
            infinite: p.infinite,
            overhead,
            level: Some(self.options.level),
        };
        if p.has_clock() {
            let (mine, name) = match self.game.side_to_move() {
                Color::White => (p.wtime, "wtime"),
                Color::Black => (p.btime, "btime"),
            };
            if mine.is_none() {
                return Err(EngineError::Clock(name));
            }
            l.clock = Some(Clock {
                time: [ms(p.wtime.unwrap_or(0)), ms(p.btime.unwrap_or(0))],
                inc: [ms(p.winc.unwrap_or(0)), ms(p.binc.unwrap_or(0))],
                moves_to_go: p.movestogo,
            });
        }
        Ok(l)
    }

    fn go(&mut self, p: &GoParams) -> Result<(), EngineError> {
        let mut limits = self.limits(p)?;
        let mut budget = None;
        if p.ponder {
            // No clock runs while pondering: the search goes on without
            // a time limit (depth and nodes still end it), and its reply
            // waits for `ponderhit` or `stop`.
            budget = search::time_budget(&limits, self.game.side_to_move());
            if budget.is_none() && p.is_bare() {
                // Bare `go ponder`: the level's own time, as a bare `go`.
                let level = self.options.level;
                budget = Some(crate::dispatch!(self.game.variant(), R => {
                    crate::search::Level::of::<R>(level).time
                }));
            }
            limits.infinite = true;
        }
        let task = Task::Go {
            limits,
            multipv: self.options.multipv,
        };
        self.start(task, "go")?;
        self.pondering = if p.ponder {
            self.worker.flags().map(|flags| Pondering { budget, flags })
        } else {
            None
        };
        Ok(())
    }

    /// The move pondered on was played: the search goes on with its
    /// time counted from now, and answers when it is used up (at once if
    /// the search has already ended).
    fn ponder_hit(&mut self) -> Result<(), EngineError> {
        let Some(p) = self.pondering.take() else {
            return Err(EngineError::NotPondering);
        };
        if p.flags.done.load(Ordering::SeqCst) {
            return Err(EngineError::NotPondering);
        }
        let deadline = p.budget.map(|b| Instant::now() + b);
        let flags = p.flags;
        // A timer: it ends the search at the deadline or as soon as the
        // search has ended on its own, and gives up once it has replied.
        let timer = std::thread::Builder::new()
            .name("ponderhit".to_string())
            .spawn(move || loop {
                if flags.done.load(Ordering::SeqCst) || flags.stop.load(Ordering::SeqCst) {
                    return;
                }
                let now = Instant::now();
                if flags.searched.load(Ordering::SeqCst) || deadline.is_some_and(|d| now >= d) {
                    flags.stop.store(true, Ordering::SeqCst);
                    return;
                }
                let wait = deadline.map_or(Duration::from_millis(5), |d| {
                    (d - now).min(Duration::from_millis(5))
                });
                std::thread::sleep(wait);
            });
        if timer.is_err() {
            // No timer: answer now rather than never.
            self.worker.stop();
        }
        Ok(())
    }

    fn start(&mut self, task: Task, command: &'static str) -> Result<(), EngineError> {
        let (egtb, threads) = (self.egtb.clone(), self.options.threads);
        let (tweak, contempt) = (self.options.tweak, self.options.contempt);
        if let Some(searcher) = self.worker.searcher() {
            crate::egtb::attach(searcher, egtb);
            searcher.set_threads(threads);
            searcher.set_tweak(tweak);
            searcher.set_contempt(contempt);
        }
        let game = self.game.clone();
        let out = self.out.clone();
        let (task2, game2, out2) = (task.clone(), game.clone(), out.clone());
        // `go infinite` answers only after `stop` (as in UCI), even when
        // the search has ended on its own.
        let waits = task.waits_for_stop();
        self.worker
            .start(
                &self.out,
                waits,
                move |searcher, stop| search::run(&task, &game, searcher, stop, &out),
                move || {
                    out2.line("info string internal error: the search failed");
                    let first = game2.legal_moves().into_iter().next();
                    match task2 {
                        Task::Go { .. } => vec![format!(
                            "bestmove {}",
                            first.map_or("none".to_string(), |m| m.text)
                        )],
                        Task::Hint { .. } => vec!["hint none".to_string()],
                        Task::Perft { depth } => vec![format!("perft stopped depth {depth}")],
                        Task::Divide { depth } => {
                            vec![format!("divideok stopped depth {depth}")]
                        }
                    }
                },
            )
            .map_err(|reason| EngineError::Thread { command, reason })
    }
}

/// Plays `moves` in order on `g`; the first failure names the move.
fn play_all(g: &mut AnyGame, moves: &[String], command: &'static str) -> Result<(), EngineError> {
    for (i, m) in moves.iter().enumerate() {
        g.play(m).map_err(|source| EngineError::Move {
            command,
            index: i + 1,
            text: command::quote(m),
            source,
        })?;
    }
    Ok(())
}

/// The legal moves in square order: by origin, then by the landing
/// squares in turn, each square by file then rank (the order of FEN and
/// of `captured`), so that `a2-b4` comes before `a10-b8`.
pub fn sorted_moves(g: &AnyGame) -> Vec<MoveInfo> {
    let mut v = g.legal_moves();
    v.sort_by(by_squares);
    v
}

/// The order of [`sorted_moves`]: origin, then landing squares, each by
/// file then rank; a pass first.
pub fn by_squares(a: &MoveInfo, b: &MoveInfo) -> std::cmp::Ordering {
    let key = |squares: &mut dyn Iterator<Item = &crate::square::Square>| -> Vec<(u8, u8)> {
        squares.map(|s| (s.file(), s.rank())).collect()
    };
    key(&mut a.from.iter().chain(&a.path))
        .cmp(&key(&mut b.from.iter().chain(&b.path)))
        .then_with(|| key(&mut a.captured.iter()).cmp(&key(&mut b.captured.iter())))
}

/// Squares separated by spaces, or `-` for none.
fn squares(v: &[crate::square::Square]) -> String {
    if v.is_empty() {
        return "-".to_string();
    }
    v.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `status inplay side white` or
/// `status over result 1-0 winner white rule no-pieces text white wins: …`.
pub fn status_line(g: &AnyGame) -> String {
    match g.status() {
        Status::InPlay => format!("status inplay side {}", g.side_to_move()),
        Status::Over(o) => {
            let winner = match o.result {
                GameResult::Win(c) => c.name(),
                GameResult::Draw => "none",
            };
            format!(
                "status over result {} winner {winner} rule {} text {o}",
                o.result.score(),
                o.rule.id()
            )
        }
    }
}

/// The databases of an `egtbpath` value (`<empty>`: none); a directory
/// without a complete set of 2-piece databases, or with a file whose
/// header or length is wrong, is refused.
fn open_egtb(value: &str) -> Result<Option<Arc<crate::egtb::Egtb>>, EngineError> {
    if value == "<empty>" {
        return Ok(None);
    }
    let bad = || {
        EngineError::Option(OptionError::BadValue {
            option: "egtbpath",
            allowed: "a directory of Czech endgame databases, or <empty>".to_string(),
            value: command::quote(value),
        })
    };
    let tb = crate::egtb::Egtb::open(std::path::Path::new(value)).map_err(|_| bad())?;
    if tb.max_pieces() < 2 {
        return Err(bad());
    }
    tb.check_files()
        .map_err(|e| EngineError::Option(OptionError::Egtb(e)))?;
    Ok(Some(Arc::new(tb)))
}

/// `none was`, `only 1 was`, `only 2 were`.
fn were_played(n: usize) -> String {
    match n {
        0 => "none was".to_string(),
        1 => "only 1 was".to_string(),
        n => format!("only {n} were"),
    }
}
