//! The Hub engine's state and what each command does to it.
//!
//! The state is the game, the pending search limits (`level`), the
//! parameters and the searcher, held by the native protocol's
//! [`Worker`]: `go` lends the searcher and a copy of the game to a
//! search thread, so `ping`, `ponder-hit` and `stop` are answered while
//! it thinks. Any other command first ends a running search (its
//! `done` is written), as Scan does. A command is read and checked
//! whole before anything changes: a refused command answers one
//! `error message="…"` line and changes nothing (a search goes on).

use super::line::{self, HubLine};
use super::notation::{self, default_variant, hub_name, hub_names, variant_named};
use super::search::{self, Mode};
use crate::any::{AnyGame, AnySearcher};
use crate::protocol::options::{Kind, Name, Options, SPECS};
use crate::protocol::{Flow, JobFlags, Out, Worker};
use crate::search::{Clock, Limits};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The parameters offered in the handshake: the Hub name and the native
/// option behind it (whose range and default `SPECS` gives).
pub const PARAMS: [(&str, Name); 6] = [
    ("variant", Name::Variant),
    ("hash", Name::Hash),
    ("threads", Name::Threads),
    ("strength", Name::Level),
    ("move-overhead", Name::MoveOverhead),
    ("contempt", Name::Contempt),
];

/// The limits of the next search, as `level` lines set them (they add
/// up; `pos` and `go` clear them, as in Scan).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Level {
    /// `depth=`: plies.
    pub depth: Option<u32>,
    /// `nodes=`.
    pub nodes: Option<u64>,
    /// `move-time=`: seconds for this move.
    pub move_time: Option<Duration>,
    /// `moves=`: moves to the next time control.
    pub moves: Option<u32>,
    /// `time=`: the clock, before this move's increment is added.
    pub time: Option<Duration>,
    /// `inc=`: the increment, added before every move.
    pub inc: Option<Duration>,
    /// `infinite`: until `stop`.
    pub infinite: bool,
}

/// A `go ponder` search that has not had its `ponder-hit` yet.
struct Pondering {
    /// When it started: the thinking time counts from here, as in Scan.
    start: Instant,
    /// The time the search may take once the move is played, if the
    /// limits give one.
    budget: Option<Duration>,
    /// Only one legal move: `ponder-hit` ends the search at once.
    forced: bool,
    flags: JobFlags,
}

/// The Hub engine: state plus the command dispatcher.
pub struct HubEngine {
    out: Out,
    options: Options,
    game: AnyGame,
    level: Level,
    worker: Worker,
    pondering: Option<Pondering>,
}

/// Seconds as written in Hub (a real number); negatives count as 0.
fn seconds(name: &str, text: &str) -> Result<Duration, String> {
    let bad = || format!("level: {name} must be a number of seconds, not '{text}'");
    let s: f64 = text.parse().map_err(|_| bad())?;
    if !s.is_finite() {
        return Err(bad());
    }
    Duration::try_from_secs_f64(s.clamp(0.0, 1e9)).map_err(|_| bad())
}

/// A count of at least `min` (`moves=0` is Scan's "no moves to go";
/// a depth or node count of 0 would search nothing, so those start at 1).
fn integer<T: std::str::FromStr + PartialOrd + From<u8>>(
    name: &str,
    text: &str,
    min: u8,
) -> Result<T, String> {
    text.parse()
        .ok()
        .filter(|n| *n >= T::from(min))
        .ok_or_else(|| format!("level: {name} must be an integer from {min} up, not '{text}'"))
}

impl Level {
    /// Adds the fields of a `level` line; unknown fields are ignored.
    ///
    /// # Errors
    ///
    /// A message naming the first bad value (nothing is changed then).
    pub fn read(&self, l: &HubLine) -> Result<Level, String> {
        let mut n = *self;
        for (name, value) in &l.args {
            let need = || format!("level: {name} needs a value ({name}=…)");
            let v = || value.as_deref().ok_or_else(need);
            match name.as_str() {
                "depth" => n.depth = Some(integer(name, v()?, 1)?),
                "nodes" => n.nodes = Some(integer(name, v()?, 1)?),
                "move-time" => n.move_time = Some(seconds(name, v()?)?),
                "moves" => n.moves = Some(integer(name, v()?, 0)?),
                "time" => n.time = Some(seconds(name, v()?)?),
                "inc" => n.inc = Some(seconds(name, v()?)?),
                "infinite" => n.infinite = true,
                _ => {}
            }
        }
        Ok(n)
    }

    /// The search limits. The clock is `time` plus the increment of this
    /// move (Hub adds it before the move; Scan's default of 30 s when
    /// only `moves` or `inc` is given), the same for both sides.
    pub fn limits(&self, overhead: Duration, strength: Option<u8>) -> Limits {
        let clocked = self.time.is_some() || self.moves.is_some() || self.inc.is_some();
        let inc = self.inc.unwrap_or_default();
        let clock = clocked.then(|| Clock {
            time: [self.time.unwrap_or(Duration::from_secs(30)) + inc; 2],
            inc: [inc; 2],
            moves_to_go: self.moves.filter(|&m| m > 0),
        });
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.move_time,
            clock,
            infinite: self.infinite,
            // A short move time is mostly searched: the overhead kept back
            // is at most a quarter of it (as in the native protocol).
            overhead: self.move_time.map_or(overhead, |t| overhead.min(t / 4)),
            level: strength,
        }
    }
}

impl HubEngine {
    /// A new engine writing its replies to `out`: international draughts
    /// from the start, no limits.
    pub fn new(out: Out) -> Self {
        let options = Options {
            variant: default_variant(),
            ..Options::default()
        };
        HubEngine {
            out,
            game: AnyGame::new(options.variant, options.rules),
            worker: Worker::new(AnySearcher::new(options.variant, options.hash_mb)),
            options,
            level: Level::default(),
            pondering: None,
        }
    }

    /// The current game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The limits the next `go` will use.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Writes `error message="…"`.
    pub fn report(&self, message: &str) {
        self.out.line(&line::error(message));
    }

    /// Ends a running search (its `done` is written), before exit.
    pub fn finish(&mut self) {
        self.pondering = None;
        self.worker.stop();
    }

    /// Handles one input line. A panic inside (a bug) is caught and
    /// reported as an error; the state is then as before the command.
    pub fn handle_line(&mut self, text: &str) -> Flow {
        let l = match line::parse(text) {
            Ok(None) => return Flow::Continue,
            Ok(Some(l)) => l,
            Err(e) => {
                // Named by the command, as the other errors are
                // (`pos: a quoted value is not closed`).
                let message = match text.split_whitespace().next() {
                    Some(word) if line::is_word(word) => {
                        format!("{}: {e}", crate::protocol::command::quote(word))
                    }
                    _ => e.to_string(),
                };
                self.report(&message);
                return Flow::Continue;
            }
        };
        match catch_unwind(AssertUnwindSafe(|| self.dispatch(&l))) {
            Ok(Ok(flow)) => flow,
            Ok(Err(message)) => {
                self.report(&crate::protocol::command::shorten_quotes(&message));
                Flow::Continue
            }
            Err(_) => {
                self.report("internal error: the command failed; the state is unchanged");
                Flow::Continue
            }
        }
    }

    fn dispatch(&mut self, l: &HubLine) -> Result<Flow, String> {
        const KNOWN: [&str; 11] = [
            "hub",
            "set-param",
            "init",
            "new-game",
            "pos",
            "level",
            "go",
            "ping",
            "ponder-hit",
            "stop",
            "quit",
        ];
        let cmd = l.command.as_str();
        if !KNOWN.contains(&cmd) {
            return Err(format!("unknown command '{cmd}'"));
        }
        // Scan ends its search on any command but `ping` and
        // `ponder-hit`; a line refused here changes nothing, so it is
        // checked before.
        match cmd {
            "ping" => self.out.line("pong"),
            "ponder-hit" => self.ponder_hit(),
            "set-param" => {
                let (which, o) = self.read_param(l)?;
                self.finish();
                self.apply_param(which, o);
            }
            "pos" => {
                let g = self.read_pos(l)?;
                self.finish();
                self.game = g;
                self.level = Level::default();
            }
            "level" => {
                let level = self.level.read(l)?;
                self.finish();
                self.level = level;
            }
            _ => {
                self.finish();
                match cmd {
                    "hub" => self.handshake(),
                    "init" => self.out.line("ready"),
                    "new-game" => {
                        if let Some(s) = self.worker.searcher() {
                            s.clear();
                        }
                    }
                    "go" => self.go(l)?,
                    "quit" => return Ok(Flow::Quit),
                    _ => {} // stop: done above
                }
            }
        }
        Ok(Flow::Continue)
    }

    fn handshake(&self) {
        let mut lines = vec![format!(
            "id{}{}{}",
            line::pair("name", "dama"),
            line::pair("version", env!("CARGO_PKG_VERSION")),
            line::pair("author", "the dama authors"),
        )];
        for (hub, name) in PARAMS {
            lines.push(self.param_line(hub, name));
        }
        lines.push("wait".to_string());
        self.out.lines(&lines);
    }

    /// `param name=… value=… type=…`, with the current value.
    fn param_line(&self, hub: &str, name: Name) -> String {
        let o = &self.options;
        let mut s = format!("param{}", line::pair("name", hub));
        match SPECS.iter().find(|s| s.name == name).map(|s| s.kind) {
            Some(Kind::Spin { min, max, .. }) => {
                let value = match name {
                    Name::Hash => o.hash_mb as u64,
                    Name::Threads => o.threads as u64,
                    Name::Level => u64::from(o.level),
                    Name::MoveOverhead => o.overhead_ms,
                    Name::Contempt => o.contempt as u64,
                    _ => min,
                };
                s += &line::pair("value", &value.to_string());
                s += &line::pair("type", "int");
                s += &line::pair("min", &min.to_string());
                s += &line::pair("max", &max.to_string());
            }
            _ => {
                s += &line::pair("value", hub_name(o.variant));
                s += &line::pair("type", "enum");
                s += &line::pair("values", &hub_names().join(" "));
            }
        }
        s
    }

    /// The parameter a `set-param` line names and the options it makes.
    fn read_param(&self, l: &HubLine) -> Result<(Name, Options), String> {
        let name = l
            .value("name")
            .ok_or("set-param: missing name (set-param name=… value=…)")?;
        let value = l.value("value").unwrap_or("");
        let Some(&(hub, which)) = PARAMS.iter().find(|(h, _)| h.eq_ignore_ascii_case(name)) else {
            let names: Vec<&str> = PARAMS.iter().map(|(h, _)| *h).collect();
            return Err(format!(
                "set-param: unknown parameter '{name}' (parameters: {})",
                names.join(", ")
            ));
        };
        let spec = SPECS
            .iter()
            .find(|s| s.name == which)
            .ok_or("set-param: internal error: no such option")?;
        let mut o = self.options;
        if which == Name::Variant {
            let v = variant_named(value).ok_or_else(|| {
                format!(
                    "set-param: variant must be one of {}, not '{value}'",
                    hub_names().join(", ")
                )
            })?;
            o.variant = v;
        } else {
            o.set(spec.wire, value).map_err(|_| {
                format!("set-param: {hub} must be {}, not '{value}'", spec.allowed())
            })?;
        }
        Ok((which, o))
    }

    /// Puts new options in place; a new game or table size takes a new
    /// searcher.
    fn apply_param(&mut self, which: Name, o: Options) {
        match which {
            Name::Variant => {
                self.game = AnyGame::new(o.variant, o.rules);
                self.worker.replace(AnySearcher::new(o.variant, o.hash_mb));
                self.level = Level::default();
            }
            Name::Hash => self.worker.replace(AnySearcher::new(o.variant, o.hash_mb)),
            _ => {}
        }
        self.options = o;
    }

    /// The game of a `pos` line: `pos=<position>` (or the start position
    /// without it, or with the `start` flag), then `moves="…"`.
    fn read_pos(&self, l: &HubLine) -> Result<AnyGame, String> {
        let (variant, rules) = (self.options.variant, self.options.rules);
        let mut g = match l
            .args
            .iter()
            .rev()
            .find(|(n, _)| n == "pos" || n == "start")
        {
            Some((n, Some(text))) if n == "pos" => notation::read_position(variant, text, rules)
                .map_err(|e| format!("pos: bad position: {e}"))?,
            Some((n, None)) if n == "pos" => return Err("pos: pos needs a value (pos=…)".into()),
            _ => AnyGame::new(variant, rules),
        };
        if l.has("moves") && l.value("moves").is_none() {
            return Err("pos: moves needs a value (moves=\"…\")".into());
        }
        let moves = l.value("moves").unwrap_or("");
        for (i, text) in moves.split_whitespace().enumerate() {
            let m =
                notation::parse_move(&g, text).map_err(|e| format!("pos: move {}: {e}", i + 1))?;
            g.play_on(&m.text)
                .map_err(|e| format!("pos: move {} '{text}': {e}", i + 1))?;
        }
        Ok(g)
    }

    fn go(&mut self, l: &HubLine) -> Result<(), String> {
        let mode = if l.has("analyze") {
            Mode::Analyze
        } else if l.has("ponder") {
            Mode::Ponder
        } else {
            Mode::Think
        };
        let overhead = Duration::from_millis(self.options.overhead_ms);
        // Full strength plays within the limits alone; analysis always
        // is at full strength.
        let strength =
            (self.options.level < 5 && mode != Mode::Analyze).then_some(self.options.level);
        let mut limits = self.level.limits(overhead, strength);
        let side = self.game.side_to_move();
        let budget = crate::protocol::search::time_budget(&limits, side);
        if mode == Mode::Ponder {
            // No clock runs while pondering: the time starts to count
            // at `ponder-hit` (from the start of the search, as in Scan).
            limits.infinite = true;
        }
        let (threads, tweak) = (self.options.threads, self.options.tweak);
        let contempt = self.options.contempt;
        if let Some(s) = self.worker.searcher() {
            s.set_threads(threads);
            s.set_tweak(tweak);
            s.set_contempt(contempt);
        }
        let game = self.game.clone();
        let forced = game.legal_moves().len() == 1;
        let (out, out2, game2) = (self.out.clone(), self.out.clone(), game.clone());
        let start = Instant::now();
        self.worker
            .start(
                &self.out,
                false,
                move |searcher, stop| search::think(&game, searcher, &limits, stop, &out),
                move || search::after_panic(&game2, &out2),
            )
            .map_err(|reason| format!("go: cannot start the search thread: {reason}"))?;
        self.level = Level::default();
        if mode == Mode::Ponder {
            self.pondering = self.worker.flags().map(|flags| Pondering {
                start,
                budget,
                forced,
                flags,
            });
        }
        Ok(())
    }

    /// The move pondered on was played: the search now has its time,
    /// counted from its start (or ends at once if it already used it or
    /// if the move is forced).
    fn ponder_hit(&mut self) {
        let Some(p) = self.pondering.take() else {
            return;
        };
        if p.flags.done.load(Ordering::SeqCst) {
            return;
        }
        if p.forced {
            p.flags.stop.store(true, Ordering::SeqCst);
            return;
        }
        let Some(budget) = p.budget else {
            return; // depth or nodes end it, or `stop`
        };
        let deadline = p.start + budget;
        let flags = p.flags;
        // A timer: it ends the search at the deadline, or gives up as
        // soon as the search has ended some other way.
        let timer = std::thread::Builder::new()
            .name("ponder-hit".to_string())
            .spawn(move || loop {
                if flags.done.load(Ordering::SeqCst) || flags.stop.load(Ordering::SeqCst) {
                    return;
                }
                let now = Instant::now();
                if now >= deadline {
                    flags.stop.store(true, Ordering::SeqCst);
                    return;
                }
                std::thread::sleep((deadline - now).min(Duration::from_millis(10)));
            });
        if timer.is_err() {
            // No timer: end the search now rather than never.
            if let Some(f) = self.worker.flags() {
                f.stop.store(true, Ordering::SeqCst);
            }
        }
    }
}
