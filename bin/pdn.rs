//! `dama pdn check` and `dama pdn show`: PDN files checked and looked
//! into without writing Rust. A thin layer over the public functions of
//! `dama::notation::pdn` (`read_each`, `replay_each`, `text_of`): what they
//! accept and report is what these commands accept and report.

use dama::game::ply_count;
use dama::notation::pdn::{self, PdnError, PdnGame};
use dama::play::board::{draw, Marks};
use dama::{AnyGame, Color, Setup, Status};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `dama pdn …`.
#[derive(clap::Subcommand)]
pub enum PdnCommand {
    /// Read and replay every game of the files: a line per bad game and a
    /// summary; the exit status is 1 when a game is bad.
    Check {
        /// PDN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// The board and FEN of a game at a move (the end of the game without
    /// --move; a game with a bad move stops before it, and one whose
    /// moves contradict its result is shown with that fault: exit status 1).
    Show {
        /// A PDN file.
        file: PathBuf,
        /// The game's number in the file, from 1.
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// After this move: `12` after White's 12th move, `12...` after Black's.
        #[arg(long)]
        r#move: Option<String>,
    },
}

/// Reads a file as text, with a message that says what is wrong.
fn text_of(path: &Path) -> Result<String, String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
    pdn::text_of(&bytes).map_err(|e| format!("{name}: {e}"))
}

/// Runs a `dama pdn` command.
pub fn run(cmd: PdnCommand) -> ExitCode {
    let result = match cmd {
        PdnCommand::Check { files } => check(&files),
        PdnCommand::Show { file, game, r#move } => show(&file, game, r#move.as_deref()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `dama pdn check`: true when every game of every file is good (or
/// accepted with a warning).
fn check(files: &[PathBuf]) -> Result<bool, String> {
    let (mut good, mut warned, mut bad, mut unreadable) = (0usize, 0usize, 0usize, 0usize);
    for path in files {
        let name = path.display();
        let text = match text_of(path) {
            Ok(t) => t,
            Err(e) => {
                println!("{e}");
                unreadable += 1;
                continue;
            }
        };
        for game in pdn::replay_each(&text) {
            match game {
                Ok(r) if r.warnings.is_empty() => good += 1,
                Ok(r) => {
                    for w in &r.warnings {
                        println!("{name}: warning: {w}");
                    }
                    warned += 1;
                }
                Err(e) => {
                    println!("{name}: {e}");
                    bad += 1;
                }
            }
        }
    }
    let count = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let games = count(good + warned + bad, "game", "games");
    let files = count(files.len(), "file", "files");
    let warned = if warned > 0 {
        format!(", {warned} accepted with a warning")
    } else {
        String::new()
    };
    // A file that cannot be read has no games to count: it is named above
    // and counted apart, and fails the check as a bad game does.
    let unread = if unreadable > 0 {
        format!("; {} not read", count(unreadable, "file", "files"))
    } else {
        String::new()
    };
    println!("{games} in {files} checked: {good} good{warned}, {bad} bad{unread}");
    Ok(bad == 0 && unreadable == 0)
}

/// The number of plies of `game` after move `mv` (`12` or `12...`).
fn plies_at(start: &AnyGame, mv: &str) -> Result<usize, String> {
    let bad = || format!("--move takes a move number like 12 or 12..., not '{mv}'");
    let (number, black) = match mv.strip_suffix("...") {
        Some(n) => (n, true),
        None => (mv.strip_suffix('.').unwrap_or(mv), false),
    };
    let number: usize = number.trim().parse().map_err(|_| bad())?;
    let setup: Setup = start.start_fen().parse().map_err(|_| bad())?;
    let first = setup.fullmove.unwrap_or(1).max(1) as usize;
    let black_starts = setup.side == Color::Black;
    // Plies from the start to the end of White's move `first` (0 when
    // Black starts, whose move `first` is then ply 1).
    let white_move = |n: usize| -> Option<usize> {
        (2 * n.checked_sub(first)? + 1).checked_sub(usize::from(black_starts))
    };
    let plies = if black {
        white_move(number).map(|p| p + 1)
    } else {
        white_move(number).filter(|_| !(black_starts && number == first))
    };
    plies.ok_or_else(|| {
        let dots = if black_starts { "..." } else { "" };
        format!("move {mv} comes before the game's first move, {first}{dots}")
    })
}

/// `dama pdn show`.
fn show(path: &Path, number: usize, mv: Option<&str>) -> Result<bool, String> {
    let text = text_of(path)?;
    // Every game is read, so a broken one does not hide the others.
    let games = pdn::read_each(&text);
    let count = games.len();
    let pdn: &PdnGame = number
        .checked_sub(1)
        .and_then(|i| games.get(i))
        .ok_or_else(|| {
            format!(
                "{}: there is no game {number} ({count} in the file)",
                path.display()
            )
        })?
        .as_ref()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    // A bad move stops the replay: the board is shown as it stood when
    // the move was written, and the move's fault after it.
    let (mut game, warnings, bad) = pdn
        .replay_until_bad_move()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    for w in &warnings {
        eprintln!("{}: warning: {w}", path.display());
    }
    let replayed = game.len();
    if let Some(mv) = mv {
        let plies = plies_at(&game, mv)?;
        if plies > replayed {
            return Err(match &bad {
                None | Some(PdnError::ResultMismatch { .. }) => format!(
                    "game {number} has {}; move {mv} is not among them",
                    ply_count(replayed)
                ),
                Some(e) => format!(
                    "{}: {e}; the game stops there, after {}, so move {mv} is not among them",
                    path.display(),
                    ply_count(replayed)
                ),
            });
        }
        // The status at that move, not at the end of the game.
        game.undo(replayed - plies).map_err(|e| e.to_string())?;
    }
    let mut marks = Marks::default();
    if let Some(m) = game.last_move() {
        marks.last.extend(m.from);
        marks.last.extend(m.path.iter().copied());
        marks.captured = m.captured;
    }
    let white = pdn.tag("White").unwrap_or("?");
    let black = pdn.tag("Black").unwrap_or("?");
    let plies = ply_count(game.len());
    println!(
        "Game {number}: {white} - {black}, {} ({plies} played, {} to move)",
        game.variant().title(),
        game.side_to_move()
    );
    print!("{}", draw(&game, Color::White, &marks, false));
    if let Some(m) = game.last_move() {
        println!("Last move: {} {}", !game.side_to_move(), m.text);
    }
    println!("FEN {}", game.fen());
    if let Status::Over(o) = game.status() {
        println!("Game over: {o}.");
    }
    // The game is bad all the same (exit status 1, as `check` says).
    match bad {
        Some(e @ PdnError::ResultMismatch { .. }) => {
            println!("The record is wrong: {e}");
            Ok(false)
        }
        Some(e) if game.len() == replayed => {
            println!("Stopped at the bad move: {e}");
            Ok(false)
        }
        Some(e) => {
            println!("A bad move later: {e}");
            Ok(false)
        }
        None => Ok(true),
    }
}
