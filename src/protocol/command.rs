//! Command lines parsed into a typed [`Command`].
//!
//! Parsing looks only at the text: it checks the command word, the
//! keywords and that numbers are numbers within their ranges. Whether a
//! move is legal or an option exists is decided later against the
//! engine's state, so that this step can be tested (and fuzzed) alone
//! and every syntax error is reported the same way, before anything
//! changes.

use std::fmt;

/// Deepest search a command may ask for: the search's own limit, so
/// `go depth N`, `hint depth N` and `go infinite` end at the same depth.
pub const MAX_DEPTH: u32 = crate::search::MAX_DEPTH;
/// Deepest perft / divide a command may ask for.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPos {
    /// The game's start position.
    Start,
    /// A FEN string (its tokens joined by single spaces).
    Fen(String),
}

/// The limits of a `go` or `hint`, as given (times in milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth N`: plies.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS`.
    pub movetime: Option<u64>,
    /// `wtime MS` (negative values count as 0).
    pub wtime: Option<u64>,
    /// `btime MS`.
    pub btime: Option<u64>,
    /// `winc MS` (0 or more).
    pub winc: Option<u64>,
    /// `binc MS`.
    pub binc: Option<u64>,
    /// `movestogo N`.
    pub movestogo: Option<u32>,
    /// `infinite`: until `stop`.
    pub infinite: bool,
    /// `ponder`: think on the opponent's time about the position given
    /// (the one after the move the engine expects); the limits count from
    /// `ponderhit`, and `bestmove` waits for `ponderhit` or `stop`.
    pub ponder: bool,
}

impl GoParams {
    /// True when any clock word was given.
    pub fn has_clock(&self) -> bool {
        self.wtime.is_some()
            || self.btime.is_some()
            || self.winc.is_some()
            || self.binc.is_some()
            || self.movestogo.is_some()
    }
    /// True when no limit at all was given (the level decides).
    pub fn is_bare(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && !self.has_clock()
            && !self.infinite
    }
}

/// One command of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `dama`: the handshake.
    Dama,
    /// `isready`.
    IsReady,
    /// `setoption name <name> value <value>`.
    SetOption {
        /// The option's name as written.
        name: String,
        /// The value as written.
        value: String,
    },
    /// `newgame`.
    NewGame,
    /// `position startpos|fen <FEN> [moves m1 m2 …]`.
    Position {
        /// Where to start.
        start: StartPos,
        /// Moves to play from there.
        moves: Vec<String>,
    },
    /// `go [limits]`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`: the move pondered on was played; the `go ponder`
    /// search goes on with its limits, counted from now.
    PonderHit,
    /// `quit`.
    Quit,
    /// `moves`: the legal moves.
    Moves,
    /// `mustcapture`: the pieces that must capture.
    MustCapture,
    /// `check <move>`: is this move legal?
    Check(String),
    /// `play m1 [m2 …]`: play moves on the current game.
    Play(Vec<String>),
    /// `undo [N]`: take back N plies (default 1).
    Undo(usize),
    /// `status`: in play, or the result and its rule.
    Status,
    /// `board [flip]`: the board drawn for a person.
    Board {
        /// Black at the bottom.
        flipped: bool,
    },
    /// `fen`: the current position.
    Fen,
    /// `hint [depth N] [nodes N] [movetime MS]`.
    Hint(GoParams),
    /// `perft D`.
    Perft(u32),
    /// `divide D`.
    Divide(u32),
    /// `help`.
    Help,
}

/// Why a command line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The first word is not a command.
    #[error("unknown command '{0}' (send 'help' for the list of commands)")]
    Unknown(String),
    /// The words after the command do not fit its syntax.
    #[error("{command}: {problem} (usage: {usage})")]
    Syntax {
        /// The command.
        command: &'static str,
        /// What is wrong.
        problem: String,
        /// Its syntax.
        usage: &'static str,
    },
    /// A number that is not a number or out of its range.
    #[error("{command}: {field} must be an integer from {min} to {max}, not '{text}'")]
    Number {
        /// The command.
        command: &'static str,
        /// The field.
        field: &'static str,
        /// As written.
        text: String,
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
}

/// A user's text shortened for an error message, its control
/// characters written as escapes (`\u{1b}`), so that a reply never
/// carries a terminal's escape sequence, a NUL or an invisible byte
/// order mark back to the client.
pub fn quote(text: &str) -> String {
    const MAX: usize = 40;
    let mut s = visible(&text.chars().take(MAX).collect::<String>());
    if text.chars().nth(MAX).is_some() {
        s.push('…');
    }
    s
}

/// `text` with its control characters, byte order marks and the
/// invisible marks that reorder or hide text (zero-width spaces and
/// joiners, direction marks, embeddings and isolates) escaped.
fn visible(text: &str) -> String {
    let hidden = |c: char| matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}');
    text.chars()
        .map(|c| {
            if c.is_control() || hidden(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A message with every quoted user text in it (`'…'`, a single word)
/// shortened as [`quote`] does, so that a reason never repeats a long
/// input in full. Apostrophes inside words (`black's`) are left alone:
/// a quote opens after a space, `(` or the start, and its text has no
/// white space.
pub fn shorten_quotes(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len());
    let mut at = 0;
    while let Some(i) = msg[at..].find('\'').map(|i| at + i) {
        let opens = !matches!(msg[..i].chars().next_back(), Some(c) if c != ' ' && c != '(');
        let inner = &msg[i + 1..];
        let end = inner.find(|c: char| c == '\'' || c.is_whitespace());
        out.push_str(&msg[at..=i]);
        match end {
            Some(j) if opens && inner[j..].starts_with('\'') => {
                out.push_str(&quote(&inner[..j]));
                out.push('\'');
                at = i + 1 + j + 1;
            }
            _ => at = i + 1,
        }
    }
    out.push_str(&msg[at..]);
    visible(&out)
}

/// The syntax of every command, for `help` and error messages.
pub const USAGE: &[(&str, &str)] = &[
    ("dama", "dama"),
    ("isready", "isready"),
    ("setoption", "setoption name <name> value <value>"),
    ("newgame", "newgame"),
    ("position", "position startpos|fen <FEN> [moves <m1> <m2> …]"),
    (
        "go",
        "go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [infinite] [ponder]",
    ),
    ("stop", "stop"),
    ("ponderhit", "ponderhit"),
    ("quit", "quit"),
    ("moves", "moves"),
    ("mustcapture", "mustcapture"),
    ("check", "check <move>"),
    ("play", "play <m1> [<m2> …]"),
    ("undo", "undo [N]"),
    ("status", "status"),
    ("board", "board [flip]"),
    ("fen", "fen"),
    ("hint", "hint [depth N] [nodes N] [movetime MS]"),
    ("perft", "perft <depth>"),
    ("divide", "divide <depth>"),
    ("help", "help"),
];

fn usage(command: &str) -> &'static str {
    USAGE
        .iter()
        .find(|(c, _)| *c == command)
        .map_or("", |(_, u)| u)
}

struct Words<'a> {
    command: &'static str,
    words: std::iter::Peekable<std::str::SplitWhitespace<'a>>,
}

impl<'a> Words<'a> {
    fn syntax(&self, problem: impl fmt::Display) -> ParseError {
        ParseError::Syntax {
            command: self.command,
            problem: problem.to_string(),
            usage: usage(self.command),
        }
    }
    fn next(&mut self) -> Option<&'a str> {
        self.words.next()
    }
    fn end(&mut self) -> Result<(), ParseError> {
        match self.words.next() {
            None => Ok(()),
            Some(w) => Err(self.syntax(format_args!("unexpected '{}'", quote(w)))),
        }
    }
    fn number(&mut self, field: &'static str, min: u64, max: u64) -> Result<u64, ParseError> {
        let Some(text) = self.words.next() else {
            return Err(self.syntax(format_args!("{field} needs a number")));
        };
        number(self.command, field, text, min, max)
    }
}

fn number(
    command: &'static str,
    field: &'static str,
    text: &str,
    min: u64,
    max: u64,
) -> Result<u64, ParseError> {
    match text.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(ParseError::Number {
            command,
            field,
            text: quote(text),
            min,
            max,
        }),
    }
}

/// A time in milliseconds; GUIs send negative clock times when a
/// player has overstepped, so those count as 0.
fn millis(command: &'static str, field: &'static str, text: &str) -> Result<u64, ParseError> {
    if let Some(neg) = text.strip_prefix('-') {
        if !neg.is_empty() && neg.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(0);
        }
    }
    number(command, field, text, 0, u64::MAX / 2)
}

/// An increment in milliseconds: 0 or more (unlike a clock time, a
/// negative increment is an error).
fn increment(command: &'static str, field: &'static str, text: &str) -> Result<u64, ParseError> {
    number(command, field, text, 0, u64::MAX / 2)
}

/// Fills `slot` with the value after keyword `name`, once.
fn take<T>(
    w: &mut Words<'_>,
    slot: &mut Option<T>,
    name: &'static str,
    read: impl FnOnce(&'static str, &'static str, &str) -> Result<T, ParseError>,
) -> Result<(), ParseError> {
    if slot.is_some() {
        return Err(w.syntax(format_args!("'{name}' is given twice")));
    }
    let Some(text) = w.next() else {
        return Err(w.syntax(format_args!("'{name}' needs a number")));
    };
    *slot = Some(read(w.command, name, text)?);
    Ok(())
}

fn depth(c: &'static str, f: &'static str, t: &str) -> Result<u32, ParseError> {
    number(c, f, t, 1, u64::from(MAX_DEPTH)).map(|n| n as u32)
}

fn count(c: &'static str, f: &'static str, t: &str) -> Result<u64, ParseError> {
    number(c, f, t, 1, u64::MAX / 2)
}

fn moves_to_go(c: &'static str, f: &'static str, t: &str) -> Result<u32, ParseError> {
    number(c, f, t, 1, 10_000).map(|n| n as u32)
}

fn parse_limits(w: &mut Words<'_>, clock_allowed: bool) -> Result<GoParams, ParseError> {
    let mut p = GoParams::default();
    while let Some(word) = w.next() {
        match word {
            "depth" => take(w, &mut p.depth, "depth", depth)?,
            "nodes" => take(w, &mut p.nodes, "nodes", count)?,
            "movetime" => take(w, &mut p.movetime, "movetime", count)?,
            "wtime" if clock_allowed => take(w, &mut p.wtime, "wtime", millis)?,
            "btime" if clock_allowed => take(w, &mut p.btime, "btime", millis)?,
            "winc" if clock_allowed => take(w, &mut p.winc, "winc", increment)?,
            "binc" if clock_allowed => take(w, &mut p.binc, "binc", increment)?,
            "movestogo" if clock_allowed => take(w, &mut p.movestogo, "movestogo", moves_to_go)?,
            "infinite" if clock_allowed => {
                if p.infinite {
                    return Err(w.syntax("'infinite' is given twice"));
                }
                p.infinite = true;
            }
            "ponder" if clock_allowed => {
                if p.ponder {
                    return Err(w.syntax("'ponder' is given twice"));
                }
                p.ponder = true;
            }
            other => return Err(w.syntax(format_args!("unknown limit '{}'", quote(other)))),
        }
    }
    if p.ponder && p.infinite {
        return Err(w.syntax("'ponder' and 'infinite' exclude each other"));
    }
    Ok(p)
}

fn parse_position(w: &mut Words<'_>) -> Result<Command, ParseError> {
    let start = match w.next() {
        Some("startpos") => StartPos::Start,
        Some("fen") => {
            let mut parts = Vec::new();
            while let Some(&t) = w.words.peek() {
                if t == "moves" {
                    break;
                }
                parts.push(t);
                w.next();
            }
            if parts.is_empty() {
                return Err(w.syntax("'fen' needs a position"));
            }
            StartPos::Fen(parts.join(" "))
        }
        Some(other) => {
            return Err(w.syntax(format_args!(
                "expected 'startpos' or 'fen', not '{}'",
                quote(other)
            )))
        }
        None => return Err(w.syntax("expected 'startpos' or 'fen'")),
    };
    let mut moves = Vec::new();
    match w.next() {
        None => {}
        Some("moves") => moves.extend(w.words.by_ref().map(str::to_string)),
        Some(other) => {
            return Err(w.syntax(format_args!("expected 'moves', not '{}'", quote(other))))
        }
    }
    Ok(Command::Position { start, moves })
}

fn parse_setoption(w: &mut Words<'_>) -> Result<Command, ParseError> {
    if w.next() != Some("name") {
        return Err(w.syntax("expected 'name'"));
    }
    let mut name = Vec::new();
    let mut found_value = false;
    for t in w.words.by_ref() {
        if t == "value" {
            found_value = true;
            break;
        }
        name.push(t);
    }
    if name.is_empty() {
        return Err(w.syntax("the option name is missing"));
    }
    if !found_value {
        return Err(w.syntax("expected 'value'"));
    }
    let value: Vec<&str> = w.words.by_ref().collect();
    if value.is_empty() {
        return Err(w.syntax("the value is missing"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value: value.join(" "),
    })
}

/// Parses one line. A blank line gives `Ok(None)`: it is ignored, as in UCI.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    // A byte order mark, as some editors and Windows tools put before
    // the first line, is no part of the command.
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    let mut words = line.split_whitespace().peekable();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let Some(&(command, _)) = USAGE.iter().find(|(c, _)| *c == first) else {
        return Err(ParseError::Unknown(quote(first)));
    };
    let mut w = Words { command, words };
    let cmd = match command {
        "dama" => Command::Dama,
        "isready" => Command::IsReady,
        "setoption" => return parse_setoption(&mut w).map(Some),
        "newgame" => Command::NewGame,
        "position" => return parse_position(&mut w).map(Some),
        "go" => return parse_limits(&mut w, true).map(|p| Some(Command::Go(p))),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "moves" => Command::Moves,
        "mustcapture" => Command::MustCapture,
        "check" => {
            let Some(m) = w.next() else {
                return Err(w.syntax("the move is missing"));
            };
            w.end()?;
            return Ok(Some(Command::Check(m.to_string())));
        }
        "play" => {
            let moves: Vec<String> = w.words.by_ref().map(str::to_string).collect();
            if moves.is_empty() {
                return Err(w.syntax("no move given"));
            }
            return Ok(Some(Command::Play(moves)));
        }
        "undo" => {
            let n = if w.words.peek().is_some() {
                w.number("the number of plies", 1, 100_000)? as usize
            } else {
                1
            };
            Command::Undo(n)
        }
        "status" => Command::Status,
        "board" => match w.next() {
            None => Command::Board { flipped: false },
            Some("flip") => Command::Board { flipped: true },
            Some(other) => {
                return Err(w.syntax(format_args!("expected 'flip', not '{}'", quote(other))))
            }
        },
        "fen" => Command::Fen,
        "hint" => return parse_limits(&mut w, false).map(|p| Some(Command::Hint(p))),
        "perft" => Command::Perft(w.number("depth", 1, u64::from(MAX_PERFT_DEPTH))? as u32),
        "divide" => Command::Divide(w.number("depth", 1, u64::from(MAX_PERFT_DEPTH))? as u32),
        "help" => Command::Help,
        _ => unreachable!("every name in USAGE is handled"),
    };
    w.end()?;
    Ok(Some(cmd))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    #[test]
    fn core_commands() {
        assert_eq!(ok("dama"), Command::Dama);
        assert_eq!(ok("  isready  "), Command::IsReady);
        assert_eq!(parse("   ").unwrap(), None);
        assert_eq!(
            ok("setoption name level value 3"),
            Command::SetOption {
                name: "level".into(),
                value: "3".into()
            }
        );
        assert_eq!(
            ok("position startpos moves c3-d4 f6-e5"),
            Command::Position {
                start: StartPos::Start,
                moves: vec!["c3-d4".into(), "f6-e5".into()]
            }
        );
        assert_eq!(
            ok("position fen W:Wa1:Bh8 moves a1-b2"),
            Command::Position {
                start: StartPos::Fen("W:Wa1:Bh8".into()),
                moves: vec!["a1-b2".into()]
            }
        );
        let Command::Go(p) = ok("go wtime 1000 btime -20 winc 10 binc 10 movestogo 5") else {
            panic!("not a go")
        };
        assert_eq!(p.wtime, Some(1000));
        assert_eq!(p.btime, Some(0));
        assert_eq!(p.movestogo, Some(5));
        assert!(!p.is_bare());
        let Command::Go(p) = ok("go") else { panic!() };
        assert!(p.is_bare());
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(
            parse("frobnicate now").unwrap_err().to_string(),
            "unknown command 'frobnicate' (send 'help' for the list of commands)"
        );
        assert_eq!(
            parse("go depth 0").unwrap_err().to_string(),
            "go: depth must be an integer from 1 to 100, not '0'"
        );
        assert!(parse("go depth 3 depth 4")
            .unwrap_err()
            .to_string()
            .contains("'depth' is given twice"));
        assert!(parse("go sideways")
            .unwrap_err()
            .to_string()
            .contains("unknown limit 'sideways'"));
        assert!(parse("hint infinite").is_err());
        assert_eq!(
            parse("go wtime 100 winc -1").unwrap_err().to_string(),
            "go: winc must be an integer from 0 to 9223372036854775807, not '-1'"
        );
        assert!(parse("go btime 100 binc -5").is_err());
        assert!(parse("go depth 100").is_ok());
        assert!(parse("go depth 101").is_err());
        for (_, usage) in USAGE {
            assert!(!usage.contains("..."), "{usage}");
        }
        assert!(parse("isready now")
            .unwrap_err()
            .to_string()
            .contains("unexpected 'now'"));
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position startpos c3-d4").is_err());
        assert!(parse("setoption name level").is_err());
        assert!(parse("setoption name value 3").is_err());
        assert!(parse("perft 21").is_err());
        assert!(parse("undo 0").is_err());
        assert!(parse("check").is_err());
        assert!(parse("check a b").is_err());
        assert!(parse("play").is_err());
        assert_eq!(parse("\u{feff}isready"), Ok(Some(Command::IsReady)));
    }

    #[test]
    fn quoted_words_in_reasons_are_shortened() {
        let long = "a".repeat(60);
        let msg = format!(
            "in '{long}': '{long}1' is not a square (a name like c3, or a square's number)"
        );
        let cut = format!("{}…", "a".repeat(40));
        assert_eq!(
            shorten_quotes(&msg),
            format!("in '{cut}': '{cut}' is not a square (a name like c3, or a square's number)")
        );
        let plain = "the piece on d4 is not yours: it is black's and white is to move";
        assert_eq!(shorten_quotes(plain), plain);
        assert_eq!(shorten_quotes("'x' and 'y'"), "'x' and 'y'");
        assert_eq!(shorten_quotes("it's 'é'"), "it's 'é'");
        // Control characters and a byte order mark come back as escapes.
        assert_eq!(
            shorten_quotes("unknown command '\u{feff}isready'"),
            "unknown command '\\u{feff}isready'"
        );
        assert_eq!(
            shorten_quotes("in 'a3\u{1b}[31m-b4': no\0"),
            "in 'a3\\u{1b}[31m-b4': no\\u{0}"
        );
        assert_eq!(quote("x\ty"), "x\\ty");
        assert_eq!(quote("a\u{202e}b"), "a\\u{202e}b");
    }

    #[test]
    fn long_words_are_shortened_in_messages() {
        let long = "x".repeat(5000);
        let e = parse(&long).unwrap_err().to_string();
        assert!(e.len() < 200, "{e}");
    }
}
