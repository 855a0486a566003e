//! The `dama` command line: the protocol loop (no subcommand), the Hub
//! protocol (`dama hub`), `perft`, and the other tools.

mod pdn;

use clap::{Parser, Subcommand};
use dama::perft;
use dama::{Game, GameOptions, Position, Rules, Variant};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "dama",
    version,
    about = "A draughts engine: Czech draughts, four historical games and the mainstream games (international, Russian, English, …)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the move sequences of DEPTH plies (perft).
    Perft {
        /// Number of plies, 1 to 20 (as the protocol's `perft`).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=i64::from(dama::protocol::command::MAX_PERFT_DEPTH)))]
        depth: u32,
        /// The game.
        #[arg(long, default_value_t = Variant::default(), help = dama::variant::help_line("The game", ""))]
        variant: Variant,
        /// Start from this position instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// One line per root move: the move and its count.
        #[arg(long)]
        divide: bool,
        /// Play every move of the last ply instead of counting it in bulk.
        #[arg(long)]
        no_bulk: bool,
    },
    /// Speak the Hub protocol (Scan's engine protocol, for Hub GUIs,
    /// lidraughts bots and pydraughts) on stdin and stdout.
    Hub,
    /// Play a game against the engine in the terminal.
    Play(dama::play::PlayArgs),
    /// Serve the playing app in a browser (http://127.0.0.1:8080 by default).
    #[cfg(feature = "serve")]
    Serve(dama::serve::ServeArgs),
    /// Play engines against each other: openings, time controls, Elo, SPRT, PDN.
    Match(Box<dama::matchrunner::cli::MatchArgs>),
    /// Check PDN files, or show a game's board at a move.
    #[command(subcommand)]
    Pdn(pdn::PdnCommand),
    /// Endgame databases (Czech draughts): generate, verify, probe, audit.
    Egtb(dama::egtb::cli::EgtbArgs),
    /// Play the engine against itself and write training positions
    /// (Czech or international; `FEN;result;score` lines), or take them
    /// from the games of `dama match` (--from-pdn).
    Selfplay(dama::learn::cli::SelfplayArgs),
    /// Learn the evaluation from training positions (Texel's method):
    /// Czech's numbers and region patterns, international's patterns.
    Tune(dama::learn::cli::TuneArgs),
    /// Search fixed positions of every game to a fixed depth: nodes (a
    /// signature of the search) and speed.
    Bench {
        /// Bench depth (Czech; the other games go less deep).
        #[arg(long, default_value_t = dama::bench::DEFAULT_DEPTH)]
        depth: u32,
        /// Only this game.
        #[arg(long)]
        variant: Option<Variant>,
        /// Transposition table size in MiB (the speed depends on it).
        #[arg(long, default_value_t = dama::bench::DEFAULT_HASH_MB)]
        hash: usize,
    },
}

fn run_perft<R: Rules>(
    depth: u32,
    fen: Option<&str>,
    divide: bool,
    bulk: bool,
) -> Result<(), String> {
    // Read as a game reads it (an empty board, a counter with nothing
    // to count are refused, as the protocol refuses them).
    let pos: Position<R> = match fen {
        Some(f) => *Game::<R>::from_fen(f, GameOptions::default())
            .map_err(|e| format!("bad --fen: {e}"))?
            .position(),
        None => Position::start(),
    };
    let t = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        let mut lines: Vec<(String, u64)> = perft::divide(&pos, depth, bulk)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        lines.sort_by_key(|(m, _)| natural_key(m));
        for (m, n) in lines {
            println!("{m} {n}");
            total += n;
        }
        total
    } else {
        perft::perft(&pos, depth, bulk)
    };
    let secs = t.elapsed().as_secs_f64();
    let speed = if secs > 0.0 {
        nodes as f64 / secs / 1e6
    } else {
        0.0
    };
    println!("nodes {nodes} time {secs:.3} speed {speed:.1}");
    Ok(())
}

/// A move's text as a sort key with its numbers compared as numbers, so
/// that `9-13` comes before `31-26` and `a2-b3` before `a10-b9`.
fn natural_key(text: &str) -> Vec<(u32, String)> {
    let mut key = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if digits > 0 {
            key.push((rest[..digits].parse().unwrap_or(u32::MAX), String::new()));
            rest = &rest[digits..];
        } else {
            let other = rest
                .find(|c: char| c.is_ascii_digit())
                .unwrap_or(rest.len());
            key.push((0, rest[..other].to_string()));
            rest = &rest[other..];
        }
    }
    key
}

/// Exit status of a match cut short by Ctrl-C or SIGTERM (128 + SIGINT,
/// as shells report an interrupted program), so that scripts can tell it
/// from a finished match (0).
const INTERRUPTED: u8 = 130;

/// `dama match`: Ctrl-C (or SIGTERM) sets the stop flag, so the match
/// ends its engines and writes what is finished, then exits with status
/// 130; a second Ctrl-C quits at once.
fn run_match(args: dama::matchrunner::cli::MatchArgs) -> Result<ExitCode, String> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let handler = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(INTERRUPTED));
        }
        eprintln!("\nstopping: ending the engines and writing the finished games (Ctrl-C again to quit at once)");
    });
    if let Err(e) = handler {
        eprintln!("warning: Ctrl-C will not stop the match cleanly: {e}");
    }
    match dama::matchrunner::cli::run(args, &stop)? {
        dama::matchrunner::StopReason::Interrupted => {
            eprintln!("dama match: interrupted; the finished games and the summary are written");
            Ok(ExitCode::from(INTERRUPTED))
        }
        _ => Ok(ExitCode::SUCCESS),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft {
            depth,
            variant,
            fen,
            divide,
            no_bulk,
        }) => {
            dama::dispatch!(variant, R => run_perft::<R>(depth, fen.as_deref(), divide, !no_bulk))
        }
        Some(Command::Hub) => {
            dama::hub::run_stdio();
            Ok(())
        }
        Some(Command::Play(args)) => dama::play::main(&args).map_err(|e| e.to_string()),
        Some(Command::Pdn(cmd)) => return pdn::run(cmd),
        Some(Command::Match(args)) => match run_match(*args) {
            Ok(code) => return code,
            Err(e) => Err(e),
        },
        Some(Command::Egtb(args)) => dama::egtb::cli::run(&args),
        Some(Command::Selfplay(args)) => dama::learn::cli::selfplay(&args),
        Some(Command::Tune(args)) => dama::learn::cli::tune(&args),
        #[cfg(feature = "serve")]
        Some(Command::Serve(args)) => dama::serve::run(&args),
        None => {
            dama::protocol::run_stdio();
            Ok(())
        }
        Some(Command::Bench {
            depth,
            variant,
            hash,
        }) => dama::bench::run(depth, variant, hash, &mut std::io::stdout())
            .map(|_| ())
            .map_err(|e| e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
