//! The command lines of `dama selfplay` and `dama tune`.

use super::features::Learn;
use super::{selfplay, tune};
use crate::eval::regions;
use crate::eval::weights::Weights;
use crate::rules::czech::Czech;
use crate::rules::international::International;
use crate::variant::Variant;
use std::io::Write;
use std::time::Instant;

/// Options of `dama selfplay`.
#[derive(clap::Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// The game: czech or international (the games that learn).
    #[arg(long, default_value_t = Variant::Czech)]
    pub variant: Variant,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Seed of the random openings (the same seed, the same file).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (threads).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// Plies of each game not written (the opening's included).
    #[arg(long, default_value_t = 10)]
    pub skip_plies: u32,
    /// The data file to write (`FEN;result;score` lines).
    #[arg(long)]
    pub out: String,
    /// Play no games: take the positions of the games in these PDN files
    /// of `dama match`, with the scores its engines wrote beside their
    /// moves (`{cp 19 d17 0.098s}`); --skip-plies applies, --games,
    /// --nodes, --seed, --random-plies and --concurrency do not.
    #[arg(long, num_args = 1..)]
    pub from_pdn: Vec<String>,
    /// With --from-pdn: only positions with at least this many pieces (6
    /// leaves out what 5-piece databases decided in the games).
    #[arg(long, default_value_t = 0)]
    pub min_pieces: u32,
}

/// Options of `dama tune`.
#[derive(clap::Args, Debug, Clone)]
pub struct TuneArgs {
    /// The game: czech or international (the games that learn).
    #[arg(long, default_value_t = Variant::Czech)]
    pub variant: Variant,
    /// Data files of `dama selfplay` (repeatable).
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<String>,
    /// Adam steps over the whole data.
    #[arg(long, default_value_t = 500)]
    pub epochs: usize,
    /// Adam's step size (hundredths of a man).
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// The sigmoid's scale K (default: fitted to the starting numbers).
    #[arg(long)]
    pub k: Option<f64>,
    /// Start from this weights file instead of the hand-set numbers.
    #[arg(long)]
    pub start: Option<String>,
    /// Learn the man's worth too (by default it stays the unit, 100).
    #[arg(long)]
    pub free_man: bool,
    /// Pull towards the starting numbers: PRIOR × Σ (w − start)² is
    /// added to the loss (0: none).
    #[arg(long, default_value_t = 0.0)]
    pub prior: f64,
    /// The weights file to write (the crate's is src/eval/czech_weights.rs);
    /// needed in czech, not in international (patterns only).
    #[arg(long)]
    pub out: Option<String>,
    /// Learn the region patterns too (written to --patterns-out).
    #[arg(long, requires = "patterns_out")]
    pub patterns: bool,
    /// Learn the patterns in two phases, the full board's worths and the
    /// ending's, blended by the number of pieces (a one-phase
    /// --start-patterns table starts both); the table written is twice
    /// the size of one phase.
    #[arg(long, requires = "patterns")]
    pub phased: bool,
    /// Learn the patterns by who is to move as well: two phases for the
    /// side to move and two for the side that waits (implies --phased;
    /// the table written is four times the size of one phase).
    #[arg(long, requires = "patterns")]
    pub movers: bool,
    /// Pull of the patterns towards their start (0, or the table of
    /// --start-patterns as --start-patterns-percent scales it):
    /// PATTERN_PRIOR × Σ (p − start)² is added to the loss.
    #[arg(long, default_value_t = 0.0)]
    pub pattern_prior: f64,
    /// Start the patterns from this table (one signed byte a weight, as
    /// src/eval/czech_patterns.bin) instead of zeros; without
    /// --patterns they are kept as they are while the rest is learned.
    #[arg(long)]
    pub start_patterns: Option<String>,
    /// The table of --start-patterns scaled to this percent first (each
    /// worth rounded): a game that plays its table below 100 %
    /// (Czech's `PATTERN_PERCENT`) starts from what it plays.
    #[arg(long, default_value_t = 100, requires = "start_patterns", value_parser = clap::value_parser!(u32).range(0..=500))]
    pub start_patterns_percent: u32,
    /// The pattern table to write (the crate's are
    /// src/eval/czech_patterns.bin and src/eval/international_patterns.bin).
    #[arg(long)]
    pub patterns_out: Option<String>,
    /// Keep the last 1/N of the positions (whole games) out of the
    /// training and report the loss on them (0: train on all).
    #[arg(long, default_value_t = 0)]
    pub holdout: usize,
    /// Share of the game's result in each position's target, from 0 to
    /// 1; the rest is the self-play search's score of the position,
    /// sigmoid(score / K) (1: results only; below 1 every line needs a
    /// score).
    #[arg(long, default_value_t = 1.0)]
    pub lambda: f64,
    /// Each position's score in the target is the mean, in sigmoid(score
    /// / K), of its own and those of the next SMOOTH − 1 positions of its
    /// game (the searches further on along the game; 1: its own alone);
    /// the positions held out keep their own scores. Needs --lambda
    /// below 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub smooth: u32,
}

/// The games that learn, or an error naming them.
fn unknown(v: Variant) -> Result<(), String> {
    Err(format!(
        "{v} has no learned evaluation: --variant czech or international"
    ))
}

/// `dama selfplay`.
pub fn selfplay(a: &SelfplayArgs) -> Result<(), String> {
    match a.variant {
        Variant::Czech => selfplay_in::<Czech>(a),
        Variant::International => selfplay_in::<International>(a),
        v => unknown(v),
    }
}

fn selfplay_in<R: Learn>(a: &SelfplayArgs) -> Result<(), String> {
    if !a.from_pdn.is_empty() {
        return from_pdn::<R>(a);
    }
    let o = selfplay::Options {
        games: a.games,
        nodes: a.nodes,
        seed: a.seed,
        concurrency: a.concurrency.max(1),
        random_plies: a.random_plies,
        skip_plies: a.skip_plies,
        ..selfplay::Options::default()
    };
    let file = std::fs::File::create(&a.out).map_err(|e| format!("{}: {e}", a.out))?;
    let mut out = std::io::BufWriter::new(file);
    let t = Instant::now();
    let step = (a.games / 20).max(1);
    let totals = selfplay::run::<R>(&o, &mut out, &mut |t2| {
        if t2.games % step == 0 {
            eprintln!(
                "{} games, {} positions, {:.0} s",
                t2.games,
                t2.positions,
                t.elapsed().as_secs_f64()
            );
        }
    })
    .map_err(|e| format!("{}: {e}", a.out))?;
    let [w, d, l] = totals.results;
    println!(
        "games {} positions {} plies {} white +{w} ={d} -{l} time {:.1} s",
        totals.games,
        totals.positions,
        totals.plies,
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `dama selfplay --from-pdn`: the positions of games already played.
fn from_pdn<R: Learn>(a: &SelfplayArgs) -> Result<(), String> {
    let file = std::fs::File::create(&a.out).map_err(|e| format!("{}: {e}", a.out))?;
    let mut out = std::io::BufWriter::new(file);
    let io = |e: std::io::Error| format!("{}: {e}", a.out);
    writeln!(
        out,
        "# dama selfplay --variant {} --from-pdn {} --skip-plies {} --min-pieces {}; FEN;result;score (White: 1 win, 0.5 draw, 0 loss; the engine's score, White's side)",
        R::VARIANT,
        a.from_pdn.join(" "),
        a.skip_plies,
        a.min_pieces
    )
    .map_err(io)?;
    let mut totals = selfplay::Totals::default();
    let mut left_out = 0;
    for path in &a.from_pdn {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let text = crate::notation::pdn::text_of(&bytes).map_err(|e| format!("{path}: {e}"))?;
        let (records, skipped) = selfplay::records_from_pdn::<R>(&text, a.skip_plies, a.min_pieces);
        left_out += skipped;
        for rec in &records {
            selfplay::write_record(&mut out, rec, &mut totals).map_err(io)?;
        }
    }
    out.flush().map_err(io)?;
    let [w, d, l] = totals.results;
    println!(
        "games {} positions {} plies {} white +{w} ={d} -{l} left out {left_out}",
        totals.games, totals.positions, totals.plies
    );
    Ok(())
}

/// `dama tune`.
pub fn tune(a: &TuneArgs) -> Result<(), String> {
    match a.variant {
        Variant::Czech => tune_in::<Czech>(a),
        Variant::International => tune_in::<International>(a),
        v => unknown(v),
    }
}

fn tune_in<R: Learn>(a: &TuneArgs) -> Result<(), String> {
    if R::LINEAR && a.out.is_none() {
        return Err(format!(
            "{}: --out (the weights file) is needed",
            R::VARIANT
        ));
    }
    if !R::LINEAR && (a.out.is_some() || a.start.is_some()) {
        return Err(format!(
            "{} learns only region patterns: --patterns --patterns-out, no --out or --start",
            R::VARIANT
        ));
    }
    if !R::LINEAR && a.patterns_out.is_none() {
        return Err(format!("{}: --patterns --patterns-out FILE", R::VARIANT));
    }
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err(format!("--lambda {}: a share from 0 to 1", a.lambda));
    }
    if a.smooth > 1 && a.lambda >= 1.0 {
        return Err(format!(
            "--smooth {} needs --lambda below 1 (it smooths the scores)",
            a.smooth
        ));
    }
    let t = Instant::now();
    let mut data = tune::Dataset::new();
    for path in &a.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let d = tune::Dataset::from_text::<R>(&text).map_err(|e| format!("{path}: {e}"))?;
        data.append(d);
    }
    if data.is_empty() {
        return Err("no positions in the data".into());
    }
    let unscored = data.unscored();
    if a.lambda < 1.0 && unscored > 0 {
        return Err(format!(
            "--lambda {}: {unscored} of the {} positions have no score (files of an older dama selfplay)",
            a.lambda,
            data.len()
        ));
    }
    eprintln!(
        "{} positions read in {:.1} s",
        data.len(),
        t.elapsed().as_secs_f64()
    );
    let start = match &a.start {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"))?;
            Weights::from_text(&text).map_err(|e| format!("{p}: {e}"))?
        }
        None => Weights::from_params(&crate::eval::czech::HAND),
    };
    let start_patterns = match &a.start_patterns {
        Some(p) => {
            let bytes = std::fs::read(p).map_err(|e| format!("{p}: {e}"))?;
            let len = regions::layout::<R>().len();
            if ![len, 2 * len, 4 * len].contains(&bytes.len()) {
                return Err(format!(
                    "{p}: {} bytes, not the {len} of a pattern table for {} (or {} for two phases, {} by movers)",
                    bytes.len(),
                    R::VARIANT,
                    2 * len,
                    4 * len
                ));
            }
            let scale = f64::from(a.start_patterns_percent) / 100.0;
            bytes
                .iter()
                .map(|&b| (f64::from(b as i8) * scale).round().clamp(-127.0, 127.0))
                .collect()
        }
        None => Vec::new(),
    };
    let movers = a.movers || start_patterns.len() > 2 * regions::layout::<R>().len();
    if !R::LINEAR && movers {
        return Err(format!(
            "{}: patterns by movers (--movers, or a start table of four blocks) need the side to move among the features, which only czech has",
            R::VARIANT
        ));
    }
    let o = tune::Options {
        epochs: a.epochs,
        rate: a.rate,
        fix_man: !a.free_man,
        prior: a.prior,
        patterns: a.patterns,
        phases: if a.phased || a.movers || start_patterns.len() > regions::layout::<R>().len() {
            2
        } else {
            1
        },
        movers: if movers { 2 } else { 1 },
        pattern_prior: a.pattern_prior,
        lambda: a.lambda,
        smooth: a.smooth as usize,
    };
    let (data, check) = data.split(a.holdout);
    let (learned, r) = tune::train(
        &data,
        &check,
        &start,
        &start_patterns,
        a.k,
        &o,
        &mut |e, loss, held| {
            let held = held
                .map(|h| format!(", held out {h:.6}"))
                .unwrap_or_default();
            eprintln!(
                "epoch {e} loss {loss:.6}{held} ({:.0} s)",
                t.elapsed().as_secs_f64()
            )
        },
    );
    let mut flags = String::new();
    for (on, text) in [
        (
            a.start.is_some(),
            format!(" --start {}", a.start.clone().unwrap_or_default()),
        ),
        (
            a.start_patterns.is_some(),
            format!(
                " --start-patterns {}",
                a.start_patterns.clone().unwrap_or_default()
            ),
        ),
        (
            a.start_patterns_percent != 100,
            format!(" --start-patterns-percent {}", a.start_patterns_percent),
        ),
        (a.k.is_some(), format!(" --k {}", a.k.unwrap_or_default())),
        (a.free_man, " --free-man".into()),
        (a.prior > 0.0, format!(" --prior {}", a.prior)),
        (a.patterns, " --patterns".into()),
        (a.phased, " --phased".into()),
        (a.movers, " --movers".into()),
        (
            a.pattern_prior > 0.0,
            format!(" --pattern-prior {}", a.pattern_prior),
        ),
        (a.holdout > 0, format!(" --holdout {}", a.holdout)),
        (a.lambda < 1.0, format!(" --lambda {}", a.lambda)),
        (a.smooth > 1, format!(" --smooth {}", a.smooth)),
    ] {
        if on {
            flags.push_str(&text);
        }
    }
    let about = format!(
        "Made by `dama tune --data {} --epochs {} --rate {}{flags}` from {} positions\n\
         (their files' headers say which games); K = {:.1}, loss {:.6} with the\n\
         start, {:.6} learned.",
        a.data.join(" "),
        a.epochs,
        a.rate,
        data.len(),
        r.k,
        r.start_loss,
        r.end_loss
    );
    if let Some(out) = &a.out {
        let mut f = std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
        f.write_all(learned.weights.to_text(&about).as_bytes())
            .map_err(|e| format!("{out}: {e}"))?;
    }
    if let Some(p) = &a.patterns_out {
        if learned.patterns.is_empty() {
            return Err(format!("{p}: no patterns to write (add --patterns)"));
        }
        std::fs::write(p, regions::to_bytes(&learned.patterns)).map_err(|e| format!("{p}: {e}"))?;
    }
    let held = r
        .check
        .map(|(s, e)| format!(" held out {s:.6} -> {e:.6} ({} positions)", check.len()))
        .unwrap_or_default();
    let held = held
        + &r.check_scores
            .map(|(s, e)| format!(", against their scores {s:.6} -> {e:.6}"))
            .unwrap_or_default();
    println!(
        "positions {} K {:.1} loss {:.6} -> {:.6}{held} time {:.1} s",
        data.len(),
        r.k,
        r.start_loss,
        r.end_loss,
        t.elapsed().as_secs_f64()
    );
    Ok(())
}
