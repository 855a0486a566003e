//! The `dama match` command line: options, engine specs, progress line,
//! summary output, and the level ladder.
//!
//! Engines are given as `--engine key=value …` (as in cutechess-cli):
//! `cmd=PATH` (the running dama when left out), `name=NAME`, `arg=ARG`
//! (repeatable), `dir=DIR`, `option.NAME=VALUE` for `setoption`, and
//! `proto=hub` for an engine speaking the Hub protocol (Scan 3.x, `dama
//! hub`) instead of dama's, `proto=hub1` for the first Hub protocol
//! (Scan 2.0).
//! `--ladder` builds the engines itself: dama at each level of
//! `--levels`, each level playing the one below.

use super::engine::{EngineSpec, Proto};
use super::openings::{read_fen_file, OpeningBook};
use super::referee::{Adjudication, GameRules};
use super::report::{progress_line, MatchSummary};
use super::stats::Sprt;
use super::timecontrol::TimeControl;
use super::{run_match, MatchConfig, MatchState, StopReason, Tournament};
use crate::game::GameOptions;
use crate::variant::Variant;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Options of `dama match`.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// An engine: key=value items: cmd=PATH (default: this dama), name=NAME,
    /// arg=ARG (repeatable), dir=DIR, option.NAME=VALUE (repeatable),
    /// proto=dama|hub|hub1 (hub: the Hub protocol of Scan 3.x; `dama hub` is
    /// `arg=hub proto=hub`; hub1: the first Hub protocol, Scan 2.0's,
    /// international draughts only). Give two or more.
    #[arg(long, num_args = 1.., action = clap::ArgAction::Append, value_name = "KEY=VALUE")]
    engine: Vec<String>,
    /// Measure the level ladder: dama at each of --levels against the
    /// level below (ignores --engine, except a single one's cmd/args/options
    /// as the template).
    #[arg(long)]
    ladder: bool,
    /// Levels for --ladder.
    #[arg(long, value_delimiter = ',', default_value = "1,2,3,4,5")]
    levels: Vec<u8>,
    /// Pairing of several engines: round-robin, gauntlet (first vs the
    /// others) or ladder (each vs the one before).
    #[arg(long, default_value = "round-robin")]
    tournament: Tournament,
    /// The game(s): one of [`Variant::NAMES`], a comma-separated list,
    /// or all (one match per game, in turn).
    #[arg(long, default_value_t = Variant::default().to_string(), help = crate::variant::help_line("The game(s)", ", a comma-separated list, or all (one match per game, in turn)"))]
    variant: String,
    /// Games per pairing (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Time control: BASE+INC in seconds (10+0.1), movetime=MS, depth=N or nodes=N.
    #[arg(long, default_value = "movetime=100")]
    tc: TimeControl,
    /// Milliseconds a clock may run below zero (process and pipe lag)
    /// before a time forfeit; time taken from the margin is not given back.
    #[arg(long, default_value_t = 200)]
    margin: u64,
    /// Longest wait in milliseconds for a move without a clock (depth, nodes).
    #[arg(long, default_value_t = 60_000)]
    timeout: u64,
    /// Milliseconds an engine has to start and answer.
    #[arg(long, default_value_t = 10_000)]
    start_timeout: u64,
    /// A file of start positions, one FEN a line.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Random plies played after each start position (default 6 without
    /// --openings, 0 with).
    #[arg(long)]
    plies: Option<u32>,
    /// Seed of the random openings (default: from the clock; printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Start every engine afresh for each game (default: reuse processes).
    #[arg(long)]
    fresh: bool,
    /// SPRT: elo0,elo1[,alpha,beta] (alpha and beta 0.05 by default).
    #[arg(long)]
    sprt: Option<Sprt>,
    /// Adjudicate a win when both engines report at least this score (cp) …
    #[arg(long)]
    adjudicate_score: Option<i32>,
    /// … for this many consecutive moves each.
    #[arg(long, default_value_t = 4)]
    adjudicate_moves: u32,
    /// Adjudicate a draw when a game is still in play after this many
    /// plies (for games without a move limit, such as Spanish draughts)
    #[arg(long)]
    adjudicate_draw: Option<usize>,
    /// Gothic draughts and Medieval battle: plies without capture that end the game.
    #[arg(long, default_value_t = 30)]
    no_capture_limit: u32,
    /// Knight's draughts: plies after which the game ends.
    #[arg(long, default_value_t = 200)]
    move_limit: u32,
    /// Write every finished game to this PDN file.
    #[arg(long)]
    pdn: Option<PathBuf>,
    /// Write the summary as JSON: to stdout (no value) or to a file.
    #[arg(long, num_args = 0..=1, default_missing_value = "-", value_name = "FILE")]
    json: Option<String>,
    /// The PDN Event tag.
    #[arg(long, default_value = "dama match")]
    event: String,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
}

/// Splits the raw command line into one item list per `--engine`
/// (clap gives the items of all engines as one list). `flat` is clap's
/// list; the split must give back exactly those items.
pub fn engine_groups(raw: &[String], flat: &[String]) -> Result<Vec<Vec<String>>, String> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    let start = raw.iter().position(|a| a == "match").map_or(0, |i| i + 1);
    let mut in_engine = false;
    for a in &raw[start..] {
        if a == "--" {
            break;
        }
        if a == "--engine" {
            groups.push(Vec::new());
            in_engine = true;
        } else if let Some(v) = a.strip_prefix("--engine=") {
            groups.push(vec![v.to_string()]);
            in_engine = true;
        } else if a.starts_with('-') {
            in_engine = false;
        } else if in_engine {
            if let Some(g) = groups.last_mut() {
                g.push(a.clone());
            }
        }
    }
    if groups.concat() != flat {
        return Err(
            "cannot tell the --engine items apart; write each engine as --engine key=value key=value ..."
                .into(),
        );
    }
    Ok(groups)
}

/// Reads one `--engine` spec.
fn engine_spec(items: &[String], default_cmd: &std::path::Path) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec {
        name: String::new(),
        cmd: default_cmd.to_path_buf(),
        args: Vec::new(),
        dir: None,
        options: Vec::new(),
        proto: Proto::Dama,
    };
    for item in items {
        let Some((k, v)) = item.split_once('=') else {
            return Err(format!(
                "bad engine item '{item}' (expected key=value: cmd=, name=, arg=, dir=, option.NAME=, proto=)"
            ));
        };
        match k {
            "cmd" => spec.cmd = PathBuf::from(v),
            "name" => spec.name = v.to_string(),
            "arg" => spec.args.push(v.to_string()),
            "dir" => spec.dir = Some(PathBuf::from(v)),
            "proto" => {
                spec.proto = match v {
                    "dama" => Proto::Dama,
                    "hub" => Proto::Hub,
                    "hub1" => Proto::Hub1,
                    _ => {
                        return Err(format!(
                            "unknown protocol '{v}' in '{item}' (dama, hub or hub1)"
                        ))
                    }
                }
            }
            _ => match k.strip_prefix("option.") {
                Some(o) if !o.is_empty() => spec.options.push((o.to_string(), v.to_string())),
                _ => return Err(format!("unknown engine key '{k}' in '{item}'")),
            },
        }
    }
    if spec.name.is_empty() {
        let base = spec
            .cmd
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "engine".into());
        let opts: Vec<String> = spec
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        spec.name = if opts.is_empty() {
            base
        } else {
            format!("{base} {}", opts.join(" "))
        };
    }
    Ok(spec)
}

/// Makes engine names unique (`name`, `name #2`, …).
fn unique_names(specs: &mut [EngineSpec]) {
    for i in 1..specs.len() {
        let mut n = 2;
        let base = specs[i].name.clone();
        while specs[..i].iter().any(|s| s.name == specs[i].name) {
            specs[i].name = format!("{base} #{n}");
            n += 1;
        }
    }
}

fn variants(s: &str) -> Result<Vec<Variant>, String> {
    if s.eq_ignore_ascii_case("all") {
        return Ok(Variant::ALL.to_vec());
    }
    s.split(',')
        .map(|v| v.trim().parse::<Variant>().map_err(|e| e.to_string()))
        .collect()
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

/// Prints progress to stderr: an updating line on a terminal, otherwise
/// a line every few games.
struct Progress {
    tty: bool,
    quiet: bool,
    shown: bool,
}

impl Progress {
    fn show(&mut self, s: &MatchState) {
        if self.quiet {
            return;
        }
        let line = progress_line(s);
        let mut err = std::io::stderr().lock();
        if self.tty {
            let _ = write!(err, "\r{line}\x1b[K");
            self.shown = true;
        } else {
            let step = (s.planned / 50).max(1);
            let done = s.finished + s.abandoned;
            if done % step == 0 || done == s.planned {
                let _ = writeln!(err, "{line}");
            }
        }
        let _ = err.flush();
    }
    fn end(&mut self) {
        if self.shown {
            eprintln!();
            self.shown = false;
        }
    }
}

/// Runs `dama match`. `stop` is set on Ctrl-C by the caller. Returns how
/// the match ended ([`StopReason::Interrupted`] when `stop` cut it short,
/// so the caller can exit with a status that says so).
pub fn run(args: MatchArgs, stop: &AtomicBool) -> Result<StopReason, String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot find the dama program: {e}"))?;
    let raw: Vec<String> = std::env::args().collect();
    let given: Vec<EngineSpec> = engine_groups(&raw, &args.engine)?
        .iter()
        .map(|items| engine_spec(items, &me))
        .collect::<Result<_, _>>()?;
    let (mut engines, tournament) = if args.ladder {
        let template = match given.as_slice() {
            [one] => one.clone(),
            [] => engine_spec(&[], &me)?,
            _ => return Err("--ladder takes at most one --engine (as the template)".into()),
        };
        if args.levels.len() < 2 {
            return Err("--ladder needs at least two levels".into());
        }
        let specs = args
            .levels
            .iter()
            .map(|l| {
                let mut s = template.clone();
                s.options.retain(|(k, _)| !k.eq_ignore_ascii_case("level"));
                s.options.push(("level".into(), l.to_string()));
                s.name = format!("level {l}");
                s
            })
            .collect();
        (specs, Tournament::Ladder)
    } else {
        (given, args.tournament)
    };
    if engines.len() < 2 {
        return Err("give at least two engines (--engine ... --engine ...), or --ladder".into());
    }
    unique_names(&mut engines);
    let variants = variants(&args.variant)?;
    let options = GameOptions {
        no_capture_limit: args.no_capture_limit,
        move_limit: args.move_limit,
    };
    let seed = args.seed.unwrap_or_else(seed_from_clock);
    let mut progress = Progress {
        tty: std::io::stderr().is_terminal(),
        quiet: args.quiet,
        shown: false,
    };
    let mut summaries: Vec<MatchSummary> = Vec::new();
    let mut ended = StopReason::Completed;
    for (i, &variant) in variants.iter().enumerate() {
        let fens = match &args.openings {
            Some(p) => {
                read_fen_file(&p.display().to_string(), variant).map_err(|e| e.to_string())?
            }
            None => Vec::new(),
        };
        let plies = args
            .plies
            .unwrap_or(if args.openings.is_some() { 0 } else { 6 });
        let cfg = MatchConfig {
            engines: engines.clone(),
            tournament,
            rules: GameRules {
                variant,
                options,
                tc: args.tc,
                margin: Duration::from_millis(args.margin),
                timeout: Duration::from_millis(args.timeout),
                adjudication: args.adjudicate_score.map(|cp| Adjudication {
                    cp,
                    moves: args.adjudicate_moves,
                }),
                max_plies: args.adjudicate_draw,
                event: args.event.clone(),
            },
            games: args.games,
            openings: OpeningBook::new(variant, options, fens, plies, seed),
            concurrency: args.concurrency.max(1),
            reuse: !args.fresh,
            sprt: args.sprt,
            pdn: args.pdn.clone(),
            pdn_append: i > 0,
            start_timeout: Duration::from_millis(args.start_timeout),
        };
        if !args.quiet {
            eprintln!(
                "{}: {} engines, {} games per pairing, {}, seed {seed}, concurrency {}",
                variant.title(),
                cfg.engines.len(),
                cfg.games,
                cfg.rules.tc,
                cfg.concurrency
            );
        }
        let summary =
            run_match(&cfg, stop, &mut |s| progress.show(s)).map_err(|e| e.to_string())?;
        progress.end();
        if args.json.as_deref() != Some("-") {
            print!("{}", summary.text());
        }
        let interrupted = summary.stopped == StopReason::Interrupted;
        ended = summary.stopped;
        summaries.push(summary);
        if interrupted {
            break;
        }
    }
    if args.ladder && args.json.as_deref() != Some("-") {
        print!("{}", ladder_table(&summaries));
    }
    match args.json.as_deref() {
        None => {}
        Some(target) => {
            let json = if summaries.len() == 1 {
                summaries[0].json()
            } else {
                let parts: Vec<String> = summaries
                    .iter()
                    .map(|s| s.json().trim_end().to_string())
                    .collect();
                format!("[{}]\n", parts.join(","))
            };
            if target == "-" {
                print!("{json}");
            } else {
                std::fs::write(target, json)
                    .map_err(|e| format!("cannot write the JSON summary to '{target}': {e}"))?;
            }
        }
    }
    Ok(ended)
}

/// The ladder as a Markdown table for the README: one row per step.
pub fn ladder_table(summaries: &[MatchSummary]) -> String {
    let mut o = String::from(
        "\n| game | step | games | +W =D -L | Elo (95% interval) | LOS |\n|---|---|---|---|---|---|\n",
    );
    for s in summaries {
        for p in &s.pairings {
            let t = &p.tally;
            let (lo, hi) = p.elo_interval();
            let f = |x: f64| {
                if x.is_finite() {
                    format!("{x:+.0}")
                } else if x > 0.0 {
                    "+inf".into()
                } else {
                    "-inf".into()
                }
            };
            o.push_str(&format!(
                "| {} | {} vs {} | {} | +{} ={} -{} | {} ({} .. {}) | {:.1}% |\n",
                s.variant.title(),
                p.first,
                p.second,
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                f(p.elo()),
                f(lo),
                f(hi),
                t.los() * 100.0
            ));
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        let me = PathBuf::from("/usr/bin/dama");
        let s = engine_spec(
            &[
                "option.level=3".into(),
                "arg=-x".into(),
                "option.hash=8".into(),
            ],
            &me,
        )
        .unwrap();
        assert_eq!(s.cmd, me);
        assert_eq!(s.name, "dama level=3 hash=8");
        assert_eq!(s.args, vec!["-x"]);
        assert_eq!(
            s.options,
            vec![("level".into(), "3".into()), ("hash".into(), "8".into())]
        );
        assert_eq!(s.proto, Proto::Dama);
        let h = engine_spec(&["arg=hub".into(), "proto=hub".into()], &me).unwrap();
        assert_eq!(
            (h.proto, h.args.clone()),
            (Proto::Hub, vec!["hub".to_string()])
        );
        let s2 = engine_spec(&["arg=hub".into(), "proto=hub1".into()], &me).unwrap();
        assert_eq!(s2.proto, Proto::Hub1);
        assert!(engine_spec(&["proto=uci".into()], &me).is_err());
        assert!(engine_spec(&["level=3".into()], &me).is_err());
        assert!(engine_spec(&["cmd".into()], &me).is_err());
        let mut v = vec![s.clone(), s.clone(), s];
        unique_names(&mut v);
        assert_eq!(v[1].name, "dama level=3 hash=8 #2");
        assert_eq!(v[2].name, "dama level=3 hash=8 #3");
    }

    #[test]
    fn engine_groups_from_the_command_line() {
        let raw: Vec<String> =
            "dama match --engine cmd=a option.level=1 --games 4 --engine=name=b arg=x --tc depth=2"
                .split(' ')
                .map(String::from)
                .collect();
        let flat: Vec<String> = ["cmd=a", "option.level=1", "name=b", "arg=x"]
            .map(String::from)
            .to_vec();
        let g = engine_groups(&raw, &flat).unwrap();
        assert_eq!(g, vec![flat[..2].to_vec(), flat[2..].to_vec()]);
        assert!(engine_groups(&raw, &flat[..3]).is_err());
    }

    #[test]
    fn variant_lists() {
        assert_eq!(variants("all").unwrap().len(), Variant::ALL.len());
        assert_eq!(
            variants("czech, gothic").unwrap(),
            vec![Variant::Czech, Variant::Gothic]
        );
        assert!(variants("chess").is_err());
    }
}
