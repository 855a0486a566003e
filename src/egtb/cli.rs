//! `dama egtb`: generate, verify and probe the endgame databases.

use super::generate::{self, Event};
use super::probe::Egtb;
use super::{verify, Value, Wdl};
use crate::game::{Game, GameOptions, Status};
use crate::notation::fen::Setup;
use crate::rules::czech::Czech;
use crate::variant::Variant;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `dama egtb`.
#[derive(clap::Args, Debug)]
pub struct EgtbArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: EgtbCommand,
}

/// The `dama egtb` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum EgtbCommand {
    /// Generate every slice of up to N pieces (slices already in the directory are kept).
    Generate {
        /// The game (only czech has databases).
        #[arg(long, default_value = "czech")]
        variant: Variant,
        /// Largest number of pieces on the board (2 to 6).
        #[arg(long)]
        pieces: u32,
        /// Directory of the database files.
        #[arg(long, default_value = "egtb")]
        dir: PathBuf,
        /// Threads, 1 to 64 (default: the machine's processors); the files
        /// are the same whatever the number.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: Option<u16>,
    },
    /// Check every stored value against its successors.
    Verify {
        /// The game (only czech has databases).
        #[arg(long, default_value = "czech")]
        variant: Variant,
        /// Check up to this many pieces, 2 to 6 (default: all the
        /// directory covers).
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=6))]
        pieces: Option<u32>,
        /// Directory of the database files.
        #[arg(long, default_value = "egtb")]
        dir: PathBuf,
        /// Threads, 1 to 64 (default: the machine's processors); the
        /// report is the same whatever the number.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: Option<u16>,
    },
    /// A position's value under perfect play, with the counters of its FEN (H field).
    Probe {
        /// The position (FEN; its `H` field gives the counters).
        fen: String,
        /// Directory of the database files.
        #[arg(long, default_value = "egtb")]
        dir: PathBuf,
    },
    /// Judge the moves of played games (PDN) by the databases: each database win let go and each drawn position lost, and a count per player.
    Audit {
        /// PDN files of Czech games.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Directory of the database files.
        #[arg(long, default_value = "egtb")]
        dir: PathBuf,
        /// Only the count per player, not a line per slip.
        #[arg(long)]
        quiet: bool,
    },
}

fn czech_only(v: Variant) -> Result<(), String> {
    if v == Variant::Czech {
        Ok(())
    } else {
        Err(format!(
            "endgame databases exist for Czech draughts only, not {}",
            v.title()
        ))
    }
}

/// Runs a `dama egtb` command.
pub fn run(args: &EgtbArgs) -> Result<(), String> {
    match &args.command {
        EgtbCommand::Generate {
            variant,
            pieces,
            dir,
            threads,
        } => {
            czech_only(*variant)?;
            run_generate(dir, *pieces, thread_count(*threads))
        }
        EgtbCommand::Verify {
            variant,
            pieces,
            dir,
            threads,
        } => {
            czech_only(*variant)?;
            run_verify(dir, *pieces, thread_count(*threads))
        }
        EgtbCommand::Probe { fen, dir } => run_probe(dir, fen),
        EgtbCommand::Audit { files, dir, quiet } => run_audit(dir, files, *quiet),
    }
}

/// A line above the bar, or plainly when the bar is hidden (not a terminal).
fn say(bar: &ProgressBar, line: String) {
    if bar.is_hidden() {
        println!("{line}");
    } else {
        bar.println(line);
    }
}

fn run_generate(dir: &Path, pieces: u32, threads: usize) -> Result<(), String> {
    let t0 = Instant::now();
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:40} {percent:>3}% {pos}/{len} positions, eta {eta} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let (mut written, mut bytes, mut positions) = (0usize, 0u64, 0u64);
    generate::generate(dir, pieces, threads, &mut |e| match e {
        Event::Plan { slices, positions } => {
            bar.set_length(positions);
            say(
                &bar,
                format!(
                    "{} slices to generate ({} positions) in {}",
                    slices.len(),
                    positions,
                    dir.display()
                ),
            );
        }
        Event::Start(m) => bar.set_message(format!("{m}")),
        Event::Advance(n) => bar.inc(n),
        Event::Loaded(m) => say(&bar, format!("{m}: on disk, loaded")),
        Event::Written {
            mat,
            positions: p,
            bytes: b,
            secs,
        } => {
            written += 1;
            bytes += b;
            positions += p;
            say(
                &bar,
                format!("{mat}: {p} positions, {b} bytes ({secs:.1} s)"),
            );
        }
    })?;
    bar.finish_and_clear();
    println!(
        "done: {written} slices written ({positions} positions, {bytes} bytes) in {:.1} s",
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The `--threads` asked for, or the machine's processors.
fn thread_count(threads: Option<u16>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    )
}

fn run_verify(dir: &Path, pieces: Option<u32>, threads: usize) -> Result<(), String> {
    let t0 = Instant::now();
    let n = match pieces {
        Some(n) => n,
        None => Egtb::open(dir)?.max_pieces(),
    };
    if n < 2 {
        return Err(format!("{}: no complete set of databases", dir.display()));
    }
    let bar = ProgressBar::new_spinner();
    let r = verify::verify(dir, n, threads, &mut |m, c| {
        bar.set_message(format!("{m}: {c} positions checked"));
        bar.tick();
    })?;
    bar.finish_and_clear();
    for e in &r.errors {
        println!("{e}");
    }
    println!(
        "{} slices, {} positions checked, {} disagree ({:.1} s)",
        r.slices,
        r.checked,
        r.bad,
        t0.elapsed().as_secs_f64()
    );
    if r.bad > 0 {
        return Err("verification failed".into());
    }
    Ok(())
}

/// Words for a value.
pub fn describe(v: Value) -> String {
    match v {
        Value::Draw => "draw at any budget".into(),
        Value::Win(w) => format!("win with a budget of {w} plies or more"),
        Value::Loss(0) => "loss (no move)".into(),
        Value::Loss(l) => format!("loss with a budget of {l} plies or more"),
    }
}

fn run_probe(dir: &Path, fen: &str) -> Result<(), String> {
    let setup: Setup = fen.parse().map_err(|e| format!("bad FEN: {e}"))?;
    let game: Game<Czech> =
        Game::from_setup(&setup, GameOptions::default()).map_err(|e| format!("bad FEN: {e}"))?;
    if let Status::Over(o) = game.status() {
        println!("The game is over: {o}.");
        return Ok(());
    }
    let tb = Egtb::open(dir)?;
    let pos = *game.position();
    let counters = game.counters();
    let p = tb
        .probe(&pos, &counters)
        .ok_or_else(|| match tb.unreadable() {
            Some(e) => format!(
                "{e}; dama egtb verify --dir {} checks every file",
                dir.display()
            ),
            None => format!(
                "not in the databases ({} pieces; {} covers {})",
                pos.occupied().count_ones(),
                dir.display(),
                tb.max_pieces()
            ),
        })?;
    let side = pos.side();
    let result = match p.wdl {
        Wdl::Win => format!("{side} wins"),
        Wdl::Loss => format!("{} wins", !side),
        Wdl::Draw => "draw".into(),
    };
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let io = |e: std::io::Error| e.to_string();
    writeln!(out, "{result} ({}; budget {})", describe(p.value), p.budget).map_err(io)?;
    for m in pos.legal_moves().iter() {
        let after = pos.after(m);
        let c = counters.after(m, &after);
        if let Some(q) = tb.probe(&after, &c) {
            let r = match q.wdl {
                Wdl::Win => "loses",
                Wdl::Loss => "wins",
                Wdl::Draw => "draws",
            };
            writeln!(
                out,
                "  {m} {r} (then {}; budget {})",
                describe(q.value),
                q.budget
            )
            .map_err(io)?;
        }
    }
    Ok(())
}

/// What a player let go in the endings, summed over games.
#[derive(Default)]
struct Tally {
    games: usize,
    win_to_draw: usize,
    win_to_loss: usize,
    draw_to_loss: usize,
}

/// `n` things: "1 game", "2 games".
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

fn run_audit(dir: &Path, files: &[PathBuf], quiet: bool) -> Result<(), String> {
    use crate::notation::pdn;
    use std::io::Write;
    let tb = super::open_for_play(dir)?;
    let mut out = std::io::stdout().lock();
    let io = |e: std::io::Error| e.to_string();
    let mut tallies: Vec<(String, Tally)> = Vec::new();
    let (mut games, mut reached, mut skipped) = (0usize, 0usize, 0usize);
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let text = pdn::text_of(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        for r in pdn::replay_each(&text) {
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    writeln!(out, "{}: {e} (skipped)", file.display()).map_err(io)?;
                    skipped += 1;
                    continue;
                }
            };
            let crate::any::AnyGame::Czech(game) = &r.game else {
                writeln!(
                    out,
                    "{}: game {}: {}, not Czech draughts (skipped)",
                    file.display(),
                    r.pdn.number,
                    r.game.variant().title()
                )
                .map_err(io)?;
                skipped += 1;
                continue;
            };
            games += 1;
            let names = [
                r.pdn.tag("White").unwrap_or("?").to_string(),
                r.pdn.tag("Black").unwrap_or("?").to_string(),
            ];
            let a = super::audit::audit(&tb, game);
            for n in &names {
                if !tallies.iter().any(|(m, _)| m == n) {
                    tallies.push((n.clone(), Tally::default()));
                }
                if let Some((_, t)) = tallies.iter_mut().find(|(m, _)| m == n) {
                    t.games += 1;
                }
            }
            if a.reached.is_some() {
                reached += 1;
            }
            for s in &a.slips {
                let who = &names[usize::from(s.side == crate::piece::Color::Black)];
                if let Some((_, t)) = tallies.iter_mut().find(|(m, _)| m == who) {
                    match (s.before, s.after) {
                        (Wdl::Win, Wdl::Draw) => t.win_to_draw += 1,
                        (Wdl::Win, _) => t.win_to_loss += 1,
                        _ => t.draw_to_loss += 1,
                    }
                }
                if !quiet {
                    let dots = if s.side == crate::piece::Color::White {
                        "."
                    } else {
                        "..."
                    };
                    writeln!(
                        out,
                        "game {} ({} - {}, {}): {}{} {} by {who}: {} -> {} ({})",
                        r.pdn.number,
                        names[0],
                        names[1],
                        r.pdn.result.words(),
                        s.number,
                        dots,
                        s.text,
                        word(s.before),
                        word(s.after),
                        s.fen
                    )
                    .map_err(io)?;
                }
            }
        }
    }
    writeln!(
        out,
        "{} of Czech draughts, {reached} reached the databases (up to {} pieces){}",
        count(games, "game"),
        tb.max_pieces(),
        if skipped > 0 {
            format!(", {skipped} skipped (not Czech or not readable)")
        } else {
            String::new()
        }
    )
    .map_err(io)?;
    writeln!(
        out,
        "player: games, wins let go (to a draw, to a loss), draws lost"
    )
    .map_err(io)?;
    for (n, t) in &tallies {
        writeln!(
            out,
            "{n}: {}, {} let go ({}, {}), {} lost",
            count(t.games, "game"),
            count(t.win_to_draw + t.win_to_loss, "win"),
            t.win_to_draw,
            t.win_to_loss,
            count(t.draw_to_loss, "draw")
        )
        .map_err(io)?;
    }
    Ok(())
}

fn word(w: Wdl) -> &'static str {
    match w {
        Wdl::Win => "win",
        Wdl::Draw => "draw",
        Wdl::Loss => "loss",
    }
}
