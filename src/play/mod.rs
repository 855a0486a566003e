//! `dama play`: a game against the engine in the terminal.
//!
//! The loop reads one line at a time: a move in the notation of [`crate::notation`]
//! (the short forms included) or a command. Whenever it is the
//! computer's turn, the engine searches at the chosen level and its move
//! is played and marked on the board. Everything goes through
//! [`AnyGame`] and [`AnySearcher`], so the five games are played the same
//! way. With `--two-players` two people play each other at one terminal
//! and the computer only gives hints.
//!
//! The loop is written against a [`LineSource`] and `Write` rather than
//! the terminal, so it runs the same in a pipe (the tests drive it
//! through stdin) as at a prompt. What depends on the terminal is
//! decided once in [`main`]: line editing and history (rustyline, when
//! the input is a terminal; plain lines from a pipe), colour (a terminal
//! without `NO_COLOR`), the live progress line while the engine thinks
//! (a terminal; nothing is printed for it in a pipe), and echoing the
//! input after the prompt (input that is not a terminal, so a piped
//! transcript reads like a session).

mod actions;
pub mod board;
pub mod command;
pub mod input;
pub mod rules;
pub mod save;
mod words;

pub use input::{Input, LineSource, Piped, Terminal};
use words::*;

use crate::any::{AnyGame, AnySearcher, MoveInfo};
use crate::explain::{Illegal, MoveError};
use crate::game::{ply_count, EndRule, GameError, GameOptions, GameResult, Status};
use crate::notation::fen::FenError;
use crate::piece::Color;
use crate::search::{Info, Limits, Score};
use crate::variant::Variant;
use board::Marks;
use command::Command;
use save::Players;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufRead, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// Seed of the computer's deliberate mistakes (levels 1-4) and of
    /// --color random, so that a game can be played again move for move.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Two players at one terminal: you type the moves of both sides
    /// (the computer only gives hints).
    #[arg(long, conflicts_with = "color")]
    pub two_players: bool,
    /// Plain text even on a terminal (as does a non-empty NO_COLOR).
    #[arg(long)]
    pub no_color: bool,
    /// A directory of Czech endgame databases (`dama egtb generate`):
    /// the computer and the hints play them perfectly.
    #[arg(long, value_name = "DIR")]
    pub egtb: Option<std::path::PathBuf>,
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
    /// The `--egtb` directory holds no databases.
    #[error("bad --egtb: {0}")]
    Egtb(String),
    /// The engine gave no move in a position that is still in play.
    #[error("the engine found no move in {0}")]
    NoEngineMove(String),
}

/// How a session behaves, decided before it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Seed of the computer's random choices (`None`: from the clock).
    pub seed: Option<u64>,
    /// Two people play; the computer only gives hints.
    pub two_players: bool,
    /// How the program was started (`dama`, `./target/release/dama`), to
    /// name the command that resumes a saved game.
    pub program: String,
    /// Czech endgame databases for the computer and the hints.
    pub egtb: Option<std::path::PathBuf>,
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
            seed: None,
            two_players: false,
            program: "dama".to_string(),
            egtb: None,
        }
    }
}

/// True when colour is wanted: stdout is a terminal, `--no-color` was
/// not given and NO_COLOR is unset or empty (see no-color.org).
pub fn wants_color(no_color_flag: bool) -> bool {
    let env_off = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !no_color_flag && !env_off && io::stdout().is_terminal()
}

/// A side drawn by lot (from `seed` when given).
fn random_color(seed: Option<u64>) -> Color {
    let bits = match seed {
        Some(s) => crate::search::Rng::new(s).below(2),
        None => {
            let mut h = RandomState::new().build_hasher();
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            h.finish()
        }
    };
    if bits & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Set by Ctrl-C while the computer thinks: the search stops and the
/// session ends.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// True while the computer thinks (Ctrl-C then stops the search rather
/// than the program).
static THINKING: AtomicBool = AtomicBool::new(false);

/// Ctrl-C: while the computer thinks, stop it and end the session
/// cleanly; otherwise (waiting for piped input) leave at once. Either
/// way the shell's prompt starts on a line of its own. At a terminal
/// prompt, line editing reads Ctrl-C itself (see [`Terminal`]).
fn on_ctrl_c() {
    if THINKING.load(Ordering::SeqCst) {
        INTERRUPTED.store(true, Ordering::SeqCst);
    } else {
        // stdout may be locked by the session: the line end goes to
        // stderr, which shares the terminal.
        let _ = writeln!(io::stderr());
        std::process::exit(130);
    }
}

/// A word of a shell command, quoted when it needs to be.
fn shell_word(w: &str) -> String {
    let plain = !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:+,@%".contains(c));
    if plain {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

/// Runs `dama play` on stdin and stdout.
pub fn main(args: &PlayArgs) -> Result<(), PlayError> {
    let variant = args.variant.unwrap_or_default();
    let options = GameOptions::default();
    let (game, saved_human, saved_level, saved_two) = match (&args.resume, &args.fen) {
        (Some(path), _) => {
            let saved = save::load(path)?;
            let which = if saved.games > 1 {
                format!(
                    " (the first of its {} games; save will not write over it)",
                    saved.games
                )
            } else {
                String::new()
            };
            println!(
                "Resuming {}{which}: {} played.",
                path.display(),
                ply_count(saved.game.len())
            );
            (saved.game, saved.human, saved.level, saved.two_players)
        }
        (None, Some(fen)) => (AnyGame::from_fen(variant, fen, options)?, None, None, false),
        (None, None) => (AnyGame::new(variant, options), None, None, false),
    };
    let human = match args.color {
        Some(ColorChoice::White) => Color::White,
        Some(ColorChoice::Black) => Color::Black,
        Some(ColorChoice::Random) => random_color(args.seed),
        None => saved_human.unwrap_or(Color::White),
    };
    let terminal = io::stdin().is_terminal();
    let settings = Settings {
        human,
        level: args.level.or(saved_level).unwrap_or(3),
        movetime: args.movetime.map(Duration::from_millis),
        ansi: wants_color(args.no_color),
        live: io::stdout().is_terminal(),
        echo: !terminal,
        seed: args.seed,
        two_players: args.two_players || (saved_two && args.color.is_none()),
        program: std::env::args()
            .next()
            .map_or("dama".to_string(), |p| shell_word(&p)),
        egtb: args.egtb.clone(),
    };
    if let Err(e) = ctrlc::set_handler(on_ctrl_c) {
        eprintln!("warning: Ctrl-C will not end the game cleanly: {e}");
    }
    let saved = args.resume.as_ref().map(|_| game.len());
    let mut editor = None;
    if terminal {
        match rustyline::DefaultEditor::new() {
            Ok(e) => editor = Some(Terminal { editor: e }),
            Err(e) => eprintln!("warning: no line editing ({e}); reading plain lines"),
        }
    }
    let result = match editor {
        Some(mut source) => run_from(game, settings, &mut source, io::stdout().lock(), saved),
        None => {
            let mut source = Piped {
                input: io::stdin().lock(),
                echo: settings.echo,
            };
            run_from(game, settings, &mut source, io::stdout().lock(), saved)
        }
    };
    if INTERRUPTED.load(Ordering::SeqCst) {
        // Ctrl-C while the computer thought: the session said goodbye;
        // the status tells a script it was interrupted.
        let _ = io::stdout().flush();
        std::process::exit(130);
    }
    result
}

/// Plays a session on any input and output until `quit` or the end of
/// the input.
pub fn run<R: BufRead, W: Write>(
    game: AnyGame,
    settings: Settings,
    input: R,
    out: W,
) -> Result<(), PlayError> {
    let mut source = Piped {
        input,
        echo: settings.echo,
    };
    run_from(game, settings, &mut source, out, None)
}

/// Plays a session reading from `source`. `saved`: the number of plies
/// already in a file (a resumed game), so `quit` knows what is unsaved.
pub fn run_from<W: Write>(
    game: AnyGame,
    settings: Settings,
    source: &mut dyn LineSource,
    out: W,
    saved: Option<usize>,
) -> Result<(), PlayError> {
    let mut searcher = AnySearcher::new(game.variant(), 64);
    if let Some(seed) = settings.seed {
        searcher.set_seed(seed);
    }
    if let Some(dir) = &settings.egtb {
        let tb = crate::egtb::open_for_play(dir).map_err(PlayError::Egtb)?;
        crate::egtb::attach(&mut searcher, Some(std::sync::Arc::new(tb)));
    }
    let mut s = Session {
        searcher,
        saved: saved.unwrap_or(game.len()),
        game,
        settings,
        flipped: false,
        hint: None,
        pending: None,
        example_shown: false,
        out,
    };
    s.run(source)
}

/// A hint already worked out for one position.
struct Hint {
    len: usize,
    key: u64,
    mv: MoveInfo,
}

/// A question waiting for its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// Leave although the game is not saved?
    Quit,
    /// Resign?
    Resign,
}

struct Session<W: Write> {
    game: AnyGame,
    searcher: AnySearcher,
    settings: Settings,
    flipped: bool,
    hint: Option<Hint>,
    /// Plies of the game in a file (saved or resumed).
    saved: usize,
    pending: Option<Pending>,
    /// The example move was shown at the first prompt.
    example_shown: bool,
    out: W,
}

impl<W: Write> Session<W> {
    fn human(&self) -> Color {
        self.settings.human
    }

    fn two(&self) -> bool {
        self.settings.two_players
    }

    fn in_play(&self) -> bool {
        self.game.status() == Status::InPlay
    }

    /// True when the computer is to move.
    fn computer_to_move(&self) -> bool {
        !self.two() && self.in_play() && self.game.side_to_move() != self.human()
    }

    /// The side at the bottom of the board before `flip`.
    fn own_side(&self) -> Color {
        if self.two() {
            Color::White
        } else {
            self.human()
        }
    }

    fn run(&mut self, source: &mut dyn LineSource) -> Result<(), PlayError> {
        self.intro()?;
        let mut show = true;
        let mut announced = false;
        loop {
            if self.computer_to_move() {
                if !self.computer_move()? {
                    self.clear_live()?;
                    writeln!(self.out, "Interrupted. Goodbye.")?;
                    return Ok(());
                }
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
                        _ if self.two() => "",
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
            if self.in_play() && !self.example_shown {
                self.example()?;
            }
            let prompt = if !self.in_play() {
                "game over> ".to_string()
            } else if self.two() {
                format!("{} to move> ", upper_first(self.game.side_to_move().name()))
            } else {
                format!("Your move ({})> ", self.human())
            };
            let line = match source.read(&prompt, &mut self.out)? {
                Input::End => {
                    writeln!(self.out)?;
                    writeln!(self.out, "End of input. Goodbye.")?;
                    return Ok(());
                }
                Input::Interrupted => {
                    // Ctrl-C at the prompt: as `quit`, on a line of its own.
                    writeln!(self.out)?;
                    "quit".to_string()
                }
                Input::TooLong(n) => {
                    writeln!(
                        self.out,
                        "That line is too long ({n} bytes, at most {MAX_LINE})."
                    )?;
                    continue;
                }
                Input::Line(line) => line,
            };
            let cmd = match command::parse(&line) {
                Ok(c) => c,
                Err(e) => {
                    self.pending = None;
                    writeln!(self.out, "{}.", upper_first(&e.to_string()))?;
                    continue;
                }
            };
            // A question asked by the last command is answered by this one.
            let pending = self.pending.take();
            match (pending, &cmd) {
                (Some(Pending::Quit), Command::Quit | Command::Yes) => {
                    writeln!(self.out, "Goodbye.")?;
                    return Ok(());
                }
                (Some(Pending::Resign), Command::Resign | Command::Yes) => {
                    self.resign()?;
                    continue;
                }
                (Some(Pending::Quit), Command::No) => {
                    writeln!(self.out, "Then play on.")?;
                    continue;
                }
                (Some(Pending::Resign), Command::No) => {
                    writeln!(self.out, "Not resigned: play on.")?;
                    continue;
                }
                _ => {}
            }
            match cmd {
                Command::Empty => {}
                Command::Yes | Command::No => {
                    writeln!(self.out, "There is no question to answer.")?;
                }
                Command::Quit => {
                    if self.in_play() && self.game.len() > self.saved {
                        writeln!(
                            self.out,
                            "The game is not saved. Type quit again to leave without saving, or save FILE first."
                        )?;
                        self.pending = Some(Pending::Quit);
                    } else {
                        writeln!(self.out, "Goodbye.")?;
                        return Ok(());
                    }
                }
                Command::Help => self.help()?,
                Command::Rules => {
                    let text = rules::text(self.game.variant(), self.game.options());
                    write!(self.out, "{text}")?;
                }
                Command::Board => show = true,
                Command::Flip => {
                    self.flipped = !self.flipped;
                    show = true;
                }
                Command::Show(text) => self.show_move(&text)?,
                Command::Moves => self.list_moves()?,
                Command::Hint => self.hint()?,
                Command::Undo => show = self.undo()?,
                Command::Resign => {
                    if let Status::Over(o) = self.game.status() {
                        writeln!(self.out, "The game is already over ({o}).")?;
                    } else {
                        let who = if self.two() {
                            format!("{} resigns", self.game.side_to_move())
                        } else {
                            "You resign".to_string()
                        };
                        writeln!(
                            self.out,
                            "{who} and the game is lost: type resign again (or yes) to confirm."
                        )?;
                        self.pending = Some(Pending::Resign);
                    }
                }
                Command::Save(file) => self.save(&file)?,
                Command::Move(text) => show = self.human_move(&text)?,
            }
        }
    }

    fn intro(&mut self) -> io::Result<()> {
        let title = self.game.variant().title();
        if self.two() {
            writeln!(
                self.out,
                "dama play: {title}. Two players: type the moves of both sides."
            )?;
        } else {
            let computer = !self.human();
            let banner = format!(
                "dama play: {title}. You play {}, the computer plays {} at level {}.",
                self.human(),
                computer,
                self.settings.level
            );
            write!(self.out, "{}", board::wrap(&banner, board::WIDTH, ""))?;
        }
        write!(self.out, "{}", board::legend(&self.game))
    }

    /// The first prompt's example: a move that is legal right now.
    fn example(&mut self) -> io::Result<()> {
        self.example_shown = true;
        let moves = crate::protocol::engine::sorted_moves(&self.game);
        let step = moves.iter().find(|m| !m.is_pass() && m.captured.is_empty());
        let Some(m) = step.or(moves.first()) else {
            return Ok(());
        };
        if m.is_pass() {
            return writeln!(
                self.out,
                "Type pass (there is no other move), or help for the commands."
            );
        }
        writeln!(
            self.out,
            "Type a move such as {}, or help for the commands.",
            m.text
        )
    }

    fn help(&mut self) -> io::Result<()> {
        let undo = if self.two() {
            "take back the last move"
        } else {
            "take back your last move and the computer's answer"
        };
        let resign = if self.two() {
            "give up the game (the side to move; asks first)"
        } else {
            "give up the game (on your turn; asks first)"
        };
        let text = format!(
            "\
Moves: a step is origin-destination (c3-d4); a capture lists the origin and
every landing square joined by x (c3xe5xc7). You may shorten a capture to
its origin and destination (c3xc7), adding a landing square in between when
two paths lead there. A player who cannot move types pass (where the game
has passes). The board is {board}.
Commands:
  moves      list the legal moves and what they capture
  show MOVE  the board with the move's path and the pieces it takes, not played
  hint       the piece worth moving; type hint again for the whole move
  undo       {undo}
  flip       turn the board round
  board      draw the board again
  rules      the rules of this game
  resign     {resign}
  save FILE  save the game as PDN (continue it later with play --resume FILE;
             it replaces an earlier save, no other file)
  help       this text
  quit       leave (asks first when the game is not saved)
",
            board = board_words(&self.game),
        );
        write!(self.out, "{text}{}", board::legend(&self.game))
    }

    fn marks(&self) -> Marks {
        let mut marks = Marks::default();
        if let Some(m) = self.game.last_move() {
            marks.last.extend(m.from);
            marks.last.extend(m.path.iter().copied());
            marks.captured = m.captured;
        }
        if self.in_play() && !self.computer_to_move() {
            marks.must_capture = self.game.must_capture();
        }
        marks
    }

    fn bottom(&self) -> Color {
        if self.flipped {
            !self.own_side()
        } else {
            self.own_side()
        }
    }

    fn show_board(&mut self) -> io::Result<()> {
        let text = board::draw(&self.game, self.bottom(), &self.marks(), self.settings.ansi);
        write!(self.out, "{text}")?;
        if let Some(m) = self.game.last_move() {
            let mover = !self.game.side_to_move();
            writeln!(self.out, "Last move: {mover} {}.", describe(&self.game, &m))?;
        }
        if self.in_play() {
            let must = self.game.must_capture();
            let you = if self.two() {
                self.game.side_to_move().name().to_string()
            } else {
                "you".to_string()
            };
            if !must.is_empty() {
                writeln!(
                    self.out,
                    "Capturing is compulsory: {you} must capture with {}.",
                    join(&self.game, &must)
                )?;
            } else if self.game.legal_moves().iter().all(MoveInfo::is_pass) {
                let have = if self.two() { "has" } else { "have" };
                writeln!(self.out, "{} {have} no move: type pass.", upper_first(&you))?;
            }
        }
        Ok(())
    }
}
