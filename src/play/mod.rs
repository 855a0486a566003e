//! `dama play`: a game against the engine in the terminal.
//!
//! The loop reads one line at a time: a move in the notation of [`crate::notation`]
//! (the short forms included) or a command. Whenever it is the
//! computer's turn, the engine searches at the chosen level and its move
//! is played and marked on the board. Everything goes through
//! [`AnyGame`] and [`AnySearcher`], so the five games are played the same
//! way.
//!
//! The loop is written against `BufRead` and `Write` rather than the
//! terminal, so it runs the same in a pipe (the tests drive it through
//! stdin) as at a prompt. Only three things depend on the terminal, and
//! [`main`] decides them once: colour (a terminal without `NO_COLOR`),
//! the live progress line while the engine thinks (a terminal), and
//! echoing the input after the prompt (input that is not a terminal, so
//! a piped transcript reads like a session).

pub mod board;
pub mod command;
pub mod save;

use crate::any::{AnyGame, AnySearcher, MoveInfo};
use crate::explain::{Illegal, MoveError};
use crate::game::{EndRule, GameError, GameOptions, GameResult, Status};
use crate::notation::fen::FenError;
use crate::piece::Color;
use crate::search::{Info, Limits, Score};
use crate::variant::Variant;
use board::Marks;
use command::Command;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Longest input line read (longer lines are refused as a whole).
pub const MAX_LINE: usize = 1000;

/// The computer's thinking time per move at levels 1 to 5: short at the
/// low levels, longest at level 5. The engine's level settings may stop
/// it sooner; this is the ceiling.
pub const LEVEL_TIME_MS: [u64; 5] = [200, 500, 1000, 2000, 4000];

/// Thinking time for a hint.
pub const HINT_TIME_MS: u64 = 1000;

/// Which side the player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// White, who moves first.
    White,
    /// Black.
    Black,
    /// Drawn by lot.
    Random,
}

/// The command-line options of `dama play`.
#[derive(Clone, Debug, clap::Args)]
pub struct PlayArgs {
    /// The game (one of [`Variant::NAMES`]) [default: the first].
    #[arg(long, conflicts_with = "resume", help = crate::variant::help_line("The game", " [default: {default}]"))]
    pub variant: Option<Variant>,
    /// Your side [default: white, or the side saved in the --resume file].
    #[arg(long, value_enum)]
    pub color: Option<ColorChoice>,
    /// The computer's strength, 1 (many mistakes) to 5 (strongest)
    /// [default: 3, or the level saved in the --resume file].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    pub level: Option<u8>,
    /// Start from this position (FEN) instead of the start position.
    #[arg(long, conflicts_with = "resume")]
    pub fen: Option<String>,
    /// Continue a game saved with the `save` command (PDN).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<std::path::PathBuf>,
    /// The computer's thinking time per move in milliseconds (instead of the level's).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Plain text even on a terminal (as does a non-empty NO_COLOR).
    #[arg(long)]
    pub no_color: bool,
}

/// Why `dama play` could not start or go on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// The `--fen` position was not readable or does not fit the game.
    #[error("bad --fen: {0}")]
    Fen(#[from] FenError),
    /// The `--resume` file could not be read or replayed.
    #[error("cannot resume {0}")]
    Resume(#[from] save::SaveError),
    /// Reading the input or writing the output failed.
    #[error("input/output: {0}")]
    Io(#[from] io::Error),
    /// The engine gave no move in a position that is still in play.
    #[error("the engine found no move in {0}")]
    NoEngineMove(String),
}

/// How a session behaves, decided before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The player's side; the computer plays the other.
    pub human: Color,
    /// The computer's level, 1 to 5.
    pub level: u8,
    /// Thinking time per computer move, instead of the level's.
    pub movetime: Option<Duration>,
    /// Draw with ANSI colours.
    pub ansi: bool,
    /// Show the engine's progress on one line that is rewritten.
    pub live: bool,
    /// Repeat each input line after the prompt (for piped input).
    pub echo: bool,
}

impl Settings {
    /// Plain settings for a pipe: no colour, no live line, no echo.
    pub fn plain(human: Color, level: u8) -> Self {
        Settings {
            human,
            level: level.clamp(1, 5),
            movetime: None,
            ansi: false,
            live: false,
            echo: false,
        }
    }
}

/// True when colour is wanted: stdout is a terminal, `--no-color` was
/// not given and NO_COLOR is unset or empty (see no-color.org).
pub fn wants_color(no_color_flag: bool) -> bool {
    let env_off = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !no_color_flag && !env_off && io::stdout().is_terminal()
}

/// A side drawn by lot.
fn random_color() -> Color {
    let mut h = RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    if h.finish() & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Runs `dama play` on stdin and stdout.
pub fn main(args: &PlayArgs) -> Result<(), PlayError> {
    let variant = args.variant.unwrap_or_default();
    let options = GameOptions::default();
    let (game, saved_human, saved_level) = match (&args.resume, &args.fen) {
        (Some(path), _) => {
            let saved = save::load(path)?;
            println!(
                "Resuming {}: {} plies played.",
                path.display(),
                saved.game.len()
            );
            (saved.game, saved.human, saved.level)
        }
        (None, Some(fen)) => (AnyGame::from_fen(variant, fen, options)?, None, None),
        (None, None) => (AnyGame::new(variant, options), None, None),
    };
    let human = match args.color {
        Some(ColorChoice::White) => Color::White,
        Some(ColorChoice::Black) => Color::Black,
        Some(ColorChoice::Random) => random_color(),
        None => saved_human.unwrap_or(Color::White),
    };
    let settings = Settings {
        human,
        level: args.level.or(saved_level).unwrap_or(3),
        movetime: args.movetime.map(Duration::from_millis),
        ansi: wants_color(args.no_color),
        live: io::stdout().is_terminal(),
        echo: !io::stdin().is_terminal(),
    };
    run(game, settings, io::stdin().lock(), io::stdout().lock())
}

/// Plays a session on any input and output until `quit` or the end of
/// the input.
pub fn run<R: BufRead, W: Write>(
    game: AnyGame,
    settings: Settings,
    mut input: R,
    out: W,
) -> Result<(), PlayError> {
    let mut s = Session {
        searcher: AnySearcher::new(game.variant(), 16),
        game,
        settings,
        flipped: false,
        hint: None,
        out,
    };
    s.run(&mut input)
}

/// A hint already worked out for one position.
struct Hint {
    len: usize,
    key: u64,
    mv: MoveInfo,
}

struct Session<W: Write> {
    game: AnyGame,
    searcher: AnySearcher,
    settings: Settings,
    flipped: bool,
    hint: Option<Hint>,
    out: W,
}

/// One line of input: `None` at the end, `Err(n)` for a line of `n` bytes
/// that is too long.
fn read_line<R: BufRead>(input: &mut R) -> io::Result<Option<Result<String, usize>>> {
    let mut buf = Vec::new();
    let n = input
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE {
        let mut skipped = buf.len();
        loop {
            let mut rest = Vec::new();
            let k = input.by_ref().take(4096).read_until(b'\n', &mut rest)?;
            skipped += k;
            if k == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
        return Ok(Some(Err(skipped)));
    }
    let text = String::from_utf8_lossy(&buf);
    Ok(Some(Ok(text.trim_end_matches(['\n', '\r']).to_string())))
}

/// A score from the computer's side, in words a player reads.
fn score_words(score: Score) -> String {
    match score.decided() {
        Some(p) if p >= 0 => format!("the computer wins in {p} plies"),
        Some(p) => format!("the computer loses in {} plies", -p),
        None => format!("{:+.2} for the computer", f64::from(score.0) / 100.0),
    }
}

/// The progress line for one search report.
fn progress(info: &Info) -> String {
    format!(
        "thinking: depth {}, {}",
        info.depth,
        score_words(info.score)
    )
}

fn join(squares: &[crate::square::Square]) -> String {
    squares
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl<W: Write> Session<W> {
    fn human(&self) -> Color {
        self.settings.human
    }

    fn in_play(&self) -> bool {
        self.game.status() == Status::InPlay
    }

    fn run<R: BufRead>(&mut self, input: &mut R) -> Result<(), PlayError> {
        self.intro()?;
        let mut show = true;
        let mut announced = false;
        loop {
            if self.in_play() && self.game.side_to_move() != self.human() {
                self.computer_move()?;
                show = true;
                continue;
            }
            if show {
                self.show_board()?;
                show = false;
            }
            match self.game.status() {
                Status::Over(_) if announced => {}
                Status::Over(o) => {
                    let verdict = match o.result {
                        GameResult::Win(c) if c == self.human() => "You win.",
                        GameResult::Win(_) => "The computer wins.",
                        GameResult::Draw => "",
                    };
                    writeln!(
                        self.out,
                        "{}",
                        format!("Game over: {o}. {verdict}").trim_end()
                    )?;
                    writeln!(self.out, "You can still undo, save FILE, or quit.")?;
                    announced = true;
                }
                Status::InPlay => announced = false,
            }
            if self.in_play() {
                write!(self.out, "Your move ({})> ", self.human())?;
            } else {
                write!(self.out, "game over> ")?;
            }
            self.out.flush()?;
            let line = match read_line(input)? {
                None => {
                    writeln!(self.out)?;
                    writeln!(self.out, "End of input. Goodbye.")?;
                    return Ok(());
                }
                Some(Err(n)) => {
                    if self.settings.echo {
                        writeln!(self.out)?;
                    }
                    writeln!(
                        self.out,
                        "That line is too long ({n} bytes, at most {MAX_LINE})."
                    )?;
                    continue;
                }
                Some(Ok(line)) => line,
            };
            if self.settings.echo {
                writeln!(self.out, "{line}")?;
            }
            let cmd = match command::parse(&line) {
                Ok(c) => c,
                Err(e) => {
                    writeln!(self.out, "{}.", upper_first(&e.to_string()))?;
                    continue;
                }
            };
            match cmd {
                Command::Empty => {}
                Command::Quit => {
                    writeln!(self.out, "Goodbye.")?;
                    return Ok(());
                }
                Command::Help => self.help()?,
                Command::Board => show = true,
                Command::Flip => {
                    self.flipped = !self.flipped;
                    show = true;
                }
                Command::Moves => self.list_moves()?,
                Command::Hint => self.hint()?,
                Command::Undo => show = self.undo()?,
                Command::Resign => self.resign()?,
                Command::Save(file) => self.save(&file)?,
                Command::Move(text) => show = self.human_move(&text)?,
            }
        }
    }

    fn intro(&mut self) -> io::Result<()> {
        let computer = !self.human();
        writeln!(
            self.out,
            "dama play: {}. You play {}, the computer plays {} at level {}.",
            self.game.variant().title(),
            self.human(),
            computer,
            self.settings.level
        )?;
        write!(self.out, "{}", board::legend(&self.game))?;
        writeln!(
            self.out,
            "Type a move such as c3-d4 or c3xe5, or help for the commands."
        )
    }

    fn help(&mut self) -> io::Result<()> {
        let text = "\
Moves: a step is origin-destination (c3-d4); a capture lists the origin and
every landing square joined by x (c3xe5xc7). You may shorten a capture to
its origin and destination (c3xc7), adding a landing square in between when
two paths lead there. A player who cannot move types pass (where the game
has passes).
Commands:
  moves      list the legal moves and what they capture
  hint       the piece worth moving; type hint again for the whole move
  undo       take back your last move and the computer's answer
  flip       turn the board round
  board      draw the board again
  resign     give up the game (on your turn)
  save FILE  save the game as PDN (continue it with dama play --resume FILE)
  help       this text
  quit       leave (the end of the input does too)
";
        write!(self.out, "{text}{}", board::legend(&self.game))
    }

    fn marks(&self) -> Marks {
        let mut marks = Marks::default();
        if let Some(m) = self.game.last_move() {
            marks.last.extend(m.from);
            marks.last.extend(m.path.iter().copied());
            marks.captured = m.captured;
        }
        if self.in_play() && self.game.side_to_move() == self.human() {
            marks.must_capture = self.game.must_capture();
        }
        marks
    }

    fn show_board(&mut self) -> io::Result<()> {
        let bottom = if self.flipped {
            !self.human()
        } else {
            self.human()
        };
        let text = board::draw(&self.game, bottom, &self.marks(), self.settings.ansi);
        write!(self.out, "{text}")?;
        if let Some(m) = self.game.last_move() {
            let mover = !self.game.side_to_move();
            writeln!(self.out, "Last move: {mover} {}.", describe(&self.game, &m))?;
        }
        if self.in_play() {
            let must = self.game.must_capture();
            if !must.is_empty() {
                writeln!(
                    self.out,
                    "Capturing is compulsory: you must capture with {}.",
                    join(&must)
                )?;
            } else if self.game.legal_moves().iter().all(MoveInfo::is_pass) {
                writeln!(self.out, "You have no move: type pass.")?;
            }
        }
        Ok(())
    }

    /// Plays the player's move; true when the board should be drawn.
    fn human_move(&mut self, text: &str) -> io::Result<bool> {
        if let Status::Over(o) = self.game.status() {
            writeln!(self.out, "The game is over ({o}).")?;
            return Ok(false);
        }
        match self.game.play(text) {
            Ok(m) => {
                writeln!(self.out, "You play {}.", describe(&self.game, &m))?;
                self.hint = None;
                Ok(true)
            }
            Err(GameError::Move(MoveError::Illegal(Illegal::Ambiguous(v)))) => {
                writeln!(
                    self.out,
                    "Which one? That matches {}; write a landing square in between to choose.",
                    v.join(" and ")
                )?;
                Ok(false)
            }
            Err(GameError::Move(MoveError::Parse(e))) => {
                writeln!(self.out, "I cannot read that move: {e}. Try again.")?;
                Ok(false)
            }
            Err(e) => {
                writeln!(self.out, "Illegal move: {e}. Try again.")?;
                Ok(false)
            }
        }
    }

    fn think_time(&self) -> Duration {
        self.settings.movetime.unwrap_or_else(|| {
            Duration::from_millis(LEVEL_TIME_MS[usize::from(self.settings.level.clamp(1, 5)) - 1])
        })
    }

    fn computer_move(&mut self) -> Result<(), PlayError> {
        let limits = Limits {
            level: Some(self.settings.level),
            movetime: Some(self.think_time()),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let live = self.settings.live;
        let mut last: Option<Info> = None;
        let out = &mut self.out;
        let result = self
            .searcher
            .search(&self.game, &limits, &stop, &mut |info: &Info| {
                if live {
                    let _ = write!(out, "\r\x1b[K{}", progress(info));
                    let _ = out.flush();
                }
                last = Some(info.clone());
            });
        if live {
            write!(self.out, "\r\x1b[K")?;
        } else if let Some(info) = &last {
            writeln!(self.out, "({})", progress(info))?;
        }
        let Some(best) = result.best else {
            return Err(PlayError::NoEngineMove(self.game.fen()));
        };
        let played = self
            .game
            .play(&best.text)
            .map_err(|_| PlayError::NoEngineMove(self.game.fen()))?;
        self.hint = None;
        writeln!(
            self.out,
            "The computer ({}) plays {}.",
            !self.human(),
            describe(&self.game, &played)
        )?;
        Ok(())
    }

    fn list_moves(&mut self) -> io::Result<()> {
        let moves = self.game.legal_moves();
        if !self.in_play() || moves.is_empty() {
            return writeln!(self.out, "The game is over: there are no moves.");
        }
        let captures = moves.iter().any(|m| !m.captured.is_empty());
        writeln!(
            self.out,
            "Legal moves ({}){}:",
            moves.len(),
            if captures {
                ", capturing is compulsory"
            } else {
                ""
            }
        )?;
        let width = moves.iter().map(|m| m.text.len()).max().unwrap_or(0);
        for m in &moves {
            let extra = extras(&self.game, m);
            if extra.is_empty() {
                writeln!(self.out, "  {}", m.text)?;
            } else {
                writeln!(self.out, "  {:width$}  {extra}", m.text)?;
            }
        }
        Ok(())
    }

    fn hint(&mut self) -> io::Result<()> {
        if !self.in_play() {
            return writeln!(self.out, "The game is over: there is nothing to hint.");
        }
        let (len, key) = (self.game.len(), self.game.key());
        if let Some(h) = self.hint.as_ref().filter(|h| h.len == len && h.key == key) {
            if h.mv.is_pass() {
                return writeln!(self.out, "Hint: pass.");
            }
            let text = describe(&self.game, &h.mv);
            return writeln!(self.out, "Hint: play {text}.");
        }
        let limits = Limits {
            movetime: Some(
                self.settings
                    .movetime
                    .unwrap_or(Duration::from_millis(HINT_TIME_MS)),
            ),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let result = self
            .searcher
            .search(&self.game, &limits, &stop, &mut |_: &Info| {});
        let Some(mv) = result.best else {
            return writeln!(self.out, "There is no move to suggest.");
        };
        match mv.from {
            None => writeln!(self.out, "Hint: you have no move; pass.")?,
            Some(from) => writeln!(
                self.out,
                "Hint: the {} on {from} is worth moving (type hint again for the whole move).",
                self.game.kind_name(mv.piece)
            )?,
        }
        self.hint = Some(Hint { len, key, mv });
        Ok(())
    }

    /// Takes back the player's last move and every computer move after
    /// it; true when something changed.
    fn undo(&mut self) -> io::Result<bool> {
        if let Status::Over(o) = self.game.status() {
            if o.rule == EndRule::Resignation {
                // Withdrawing a resignation: no ply to take back.
                self.game.withdraw_resignation();
                writeln!(self.out, "Your resignation is taken back.")?;
                return Ok(true);
            }
        }
        let mut g = self.game.clone();
        let mut taken = Vec::new();
        loop {
            let Some(m) = g.last_move() else {
                writeln!(self.out, "There is no move of yours to take back.")?;
                return Ok(false);
            };
            let mover = !g.side_to_move();
            taken.push(format!(
                "{} {}",
                if mover == self.human() {
                    "your"
                } else {
                    "the computer's"
                },
                m.text
            ));
            if g.undo(1).is_err() {
                writeln!(self.out, "There is no move of yours to take back.")?;
                return Ok(false);
            }
            if mover == self.human() {
                break;
            }
        }
        self.game = g;
        taken.reverse();
        writeln!(self.out, "Taken back: {}.", taken.join(", "))?;
        Ok(true)
    }

    fn resign(&mut self) -> io::Result<()> {
        if let Status::Over(o) = self.game.status() {
            return writeln!(self.out, "The game is already over ({o}).");
        }
        match self.game.resign(self.human()) {
            Ok(()) => Ok(()),
            Err(e) => writeln!(self.out, "You cannot resign now: {e}."),
        }
    }

    fn save(&mut self, file: &str) -> io::Result<()> {
        let path = std::path::Path::new(file);
        match save::save(path, &self.game, self.human(), self.settings.level) {
            Ok(()) => writeln!(
                self.out,
                "Saved {} plies to {file}; continue with: dama play --resume {file}",
                self.game.len()
            ),
            Err(e) => writeln!(self.out, "Not saved: {e}."),
        }
    }
}

/// A move with what it captures and what it becomes, e.g.
/// `c3xe5xc7 (takes d4, d6)`.
fn describe(game: &AnyGame, m: &MoveInfo) -> String {
    let extra = extras(game, m);
    if extra.is_empty() {
        m.text.clone()
    } else {
        format!("{} ({extra})", m.text)
    }
}

/// `takes d4, d6; becomes a king`, or empty.
fn extras(game: &AnyGame, m: &MoveInfo) -> String {
    let mut parts = Vec::new();
    if !m.captured.is_empty() {
        parts.push(format!("takes {}", join(&m.captured)));
    }
    if let Some(k) = m.promotion {
        parts.push(format!("becomes a {}", game.kind_name(k)));
    }
    parts.join("; ")
}

/// The text with its first letter in upper case.
fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
