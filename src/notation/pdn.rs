//! Portable Draughts Notation: whole games as text, several to a file.
//!
//! A PDN file is a list of games. Each game is a tag section followed by
//! movetext:
//!
//! ```text
//! [Event "dama match"]
//! [Date "2024.05.01"]
//! [White "dama level 4"]
//! [Black "dama level 3"]
//! [Result "2-0"]
//! [GameType "29"]
//! [Termination "no-moves"]
//!
//! 1. c3-d4 b6-a5 2. d4-c5 d6xb4 3. a3xc5 ... {white wins: black cannot move} 2-0
//! ```
//!
//! Reading and checking are two steps, as for FEN and moves: [`read_games`]
//! splits text into [`PdnGame`]s (tags, move texts, comments, result)
//! without knowing the rules, and [`PdnGame::replay`] plays every move
//! through the rules core, so a file with a typo and a file with an
//! illegal move give different errors, each naming the game (its number
//! in the file, from 1) and, for a move, its move number and text.
//!
//! # Conventions
//!
//! - **Games.** `GameType` 29 is Czech draughts, as in the PDN standard.
//!   The other four games have no standard number; dama uses its own,
//!   outside the range the standard assigns, and writes a `Variant` tag
//!   with the name from RULES.md beside it:
//!
//!   | game | `GameType` | `Variant` |
//!   |---|---|---|
//!   | Czech draughts | 29 | (none written; `czech` is read) |
//!   | Gothic draughts | 101 | `gothic` |
//!   | Knight's draughts | 102 | `knights` |
//!   | Ossetian draughts | 103 | `ossetian` |
//!   | Medieval battle | 104 | `medieval` |
//!
//!   On reading, `Variant` wins over `GameType` (a `GameType` may carry
//!   the standard's extra fields, `29,W,8,8,A0,0`; only the number is
//!   used); the two must not disagree. Without either the game is Czech.
//! - **Results** are written the draughts way, White's score first:
//!   `2-0` White won, `0-2` Black won, `1-1` draw, `*` unknown or
//!   unfinished. The chess forms `1-0`, `0-1`, `1/2-1/2` (and `½-½`) are
//!   read as well; `0-0` (no result) is read as `*`.
//! - **Start position.** A `FEN` tag in RULES.md's extended FEN when the
//!   game did not start from the start position. Move numbers count from
//!   its `F` field; a game where Black moves first begins `1... b6-a5`.
//! - **How the game ended**: a `Termination` tag. For an end by the rules
//!   it is the rule's id (`no-pieces`, `no-moves`, `repetition`,
//!   `no-progress`, `endgame-limit`, `no-capture-limit`, `move-limit`,
//!   `both-blocked`, `resignation`, see [`crate::game::EndRule::id`]);
//!   the match runner adds its own (`illegal-move`, `time-forfeit`,
//!   `crash`, …). A final comment says it in words.
//! - **Rule options** that differ from the defaults are kept in
//!   `NoCaptureLimit` and `MoveLimit` tags (plies), so that a game played
//!   with other limits replays the same way.
//!
//! The reader is lenient about layout: any spacing and line breaks, move
//! numbers present or missing, right or wrong, attached (`1.c3-d4`) or
//! not, `1...` or `1…`, comments `{…}` and `; …` anywhere, variations
//! `( … )` (skipped), annotation marks (`!`, `?`, `$3`), `%` escape lines,
//! CR LF line ends and a byte order mark. It never panics on any input.

use crate::any::AnyGame;
use crate::game::{EndRule, GameError, GameOptions, GameResult, Outcome, Status};
use crate::notation::fen::{FenError, Setup};
use crate::piece::Color;
use crate::variant::Variant;
use std::fmt;

/// The `GameType` number dama writes for a game.
pub const fn game_type(v: Variant) -> u32 {
    match v {
        Variant::Czech => 29,
        Variant::Gothic => 101,
        Variant::Knights => 102,
        Variant::Ossetian => 103,
        Variant::Medieval => 104,
    }
}

/// The game a `GameType` number stands for, if dama knows it.
pub fn variant_of_game_type(n: u32) -> Option<Variant> {
    Variant::ALL.into_iter().find(|v| game_type(*v) == n)
}

/// The result of a game as PDN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PdnResult {
    /// `2-0`.
    WhiteWins,
    /// `0-2`.
    BlackWins,
    /// `1-1`.
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    #[default]
    Unknown,
}

impl PdnResult {
    /// The text dama writes: `2-0`, `0-2`, `1-1` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PdnResult::WhiteWins => "2-0",
            PdnResult::BlackWins => "0-2",
            PdnResult::Draw => "1-1",
            PdnResult::Unknown => "*",
        }
    }
    /// Reads a result in either convention (`2-0`/`1-0`, `0-2`/`0-1`,
    /// `1-1`/`1/2-1/2`/`½-½`, `*`/`0-0`); `None` if `s` is not a result.
    pub fn parse(s: &str) -> Option<PdnResult> {
        Some(match s {
            "2-0" | "1-0" => PdnResult::WhiteWins,
            "0-2" | "0-1" => PdnResult::BlackWins,
            "1-1" | "1/2-1/2" | "½-½" => PdnResult::Draw,
            "*" | "0-0" => PdnResult::Unknown,
            _ => return None,
        })
    }
    /// The result of a finished game.
    pub const fn of(r: GameResult) -> PdnResult {
        match r {
            GameResult::Win(Color::White) => PdnResult::WhiteWins,
            GameResult::Win(Color::Black) => PdnResult::BlackWins,
            GameResult::Draw => PdnResult::Draw,
        }
    }
    /// The game result, if known.
    pub const fn game_result(self) -> Option<GameResult> {
        match self {
            PdnResult::WhiteWins => Some(GameResult::Win(Color::White)),
            PdnResult::BlackWins => Some(GameResult::Win(Color::Black)),
            PdnResult::Draw => Some(GameResult::Draw),
            PdnResult::Unknown => None,
        }
    }
    /// A win for `c`.
    pub const fn win(c: Color) -> PdnResult {
        match c {
            Color::White => PdnResult::WhiteWins,
            Color::Black => PdnResult::BlackWins,
        }
    }
}

impl fmt::Display for PdnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One game of a PDN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// The tags in file order, name and value (the `Result` tag among
    /// them; [`write_game`] writes [`PdnGame::result`] into it).
    pub tags: Vec<(String, String)>,
    /// The moves as written, without move numbers and annotation marks.
    pub moves: Vec<String>,
    /// Comments, each with the number of moves (plies) before it: 0 is
    /// before the first move, `moves.len()` after the last.
    pub comments: Vec<(usize, String)>,
    /// The result (from the movetext, else from the `Result` tag).
    pub result: PdnResult,
    /// The game's number in the file it was read from (1 for the first);
    /// 1 for a game built in code. Errors name the game by it.
    pub number: usize,
    /// The line of the file where the game starts (1-based; 0 if built in code).
    pub line: usize,
}

/// Why a PDN text could not be read or replayed. Every error names the
/// game by its number in the file (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// A tag that does not read as `[Name "value"]`.
    #[error("game {game}, line {line}: bad tag '{text}' (expected [Name \"value\"])")]
    BadTag {
        /// The game's number.
        game: usize,
        /// The line.
        line: usize,
        /// The tag as written (shortened).
        text: String,
    },
    /// A `[` tag without its `]`, or a `"` without its closing `"`.
    #[error("game {game}, line {line}: the tag is not closed")]
    UnclosedTag {
        /// The game's number.
        game: usize,
        /// The line where the tag starts.
        line: usize,
    },
    /// A `{` comment without its `}`.
    #[error("game {game}, line {line}: the comment is not closed with '}}'")]
    UnclosedComment {
        /// The game's number.
        game: usize,
        /// The line where the comment starts.
        line: usize,
    },
    /// A `(` variation without its `)`.
    #[error("game {game}, line {line}: the variation is not closed with ')'")]
    UnclosedVariation {
        /// The game's number.
        game: usize,
        /// The line where the variation starts.
        line: usize,
    },
    /// A `)` without its `(`.
    #[error("game {game}, line {line}: ')' without '('")]
    StrayParen {
        /// The game's number.
        game: usize,
        /// The line.
        line: usize,
    },
    /// A `Variant` or `GameType` tag naming a game dama does not play.
    #[error("game {game}: unknown game in the {tag} tag: '{value}' (dama plays czech (GameType 29), gothic (101), knights (102), ossetian (103), medieval (104))")]
    UnknownVariant {
        /// The game's number.
        game: usize,
        /// `Variant` or `GameType`.
        tag: &'static str,
        /// The value as written.
        value: String,
    },
    /// `Variant` and `GameType` name different games.
    #[error("game {game}: the Variant tag says {variant} but GameType {game_type} is {other}")]
    VariantConflict {
        /// The game's number.
        game: usize,
        /// From the `Variant` tag.
        variant: Variant,
        /// The `GameType` number.
        game_type: u32,
        /// The game it stands for.
        other: Variant,
    },
    /// A rule-option tag that is not a number.
    #[error("game {game}: the {tag} tag must be a number of plies, not '{value}'")]
    BadOptionTag {
        /// The game's number.
        game: usize,
        /// The tag's name.
        tag: &'static str,
        /// The value.
        value: String,
    },
    /// The `FEN` tag cannot be read or does not fit the game.
    #[error("game {game}: bad FEN tag '{fen}': {source}")]
    BadFen {
        /// The game's number.
        game: usize,
        /// The FEN as written.
        fen: String,
        /// Why.
        source: FenError,
    },
    /// A move that is unreadable or illegal, or comes after the end.
    #[error("game {game}, move {number}{dots} {text}: {source}", dots = move_dots(.side))]
    BadMove {
        /// The game's number.
        game: usize,
        /// The move number (counted from the FEN's `F` field).
        number: u32,
        /// Who was to move.
        side: Color,
        /// The move as written.
        text: String,
        /// Why it was refused.
        source: GameError,
    },
    /// The movetext ends with one result and the `Result` tag says another.
    #[error("game {game}: the Result tag says {tag} but the moves end with {movetext}")]
    ResultConflict {
        /// The game's number.
        game: usize,
        /// From the tag.
        tag: PdnResult,
        /// From the movetext.
        movetext: PdnResult,
    },
    /// The moves end the game by the rules, with another result than written.
    #[error(
        "game {game}: the result is written as {written}, but the moves end the game: {outcome}"
    )]
    ResultMismatch {
        /// The game's number.
        game: usize,
        /// The result in the file.
        written: PdnResult,
        /// How the rules ended the game.
        outcome: Outcome,
    },
}

/// `.` after a White move number, `...` after a Black one.
fn move_dots(side: &Color) -> &'static str {
    match side {
        Color::White => ".",
        Color::Black => "...",
    }
}

impl PdnGame {
    /// An empty game of `variant` with the standard tags (`Event`,
    /// `Site`, `Date` today, `Round`, `White`, `Black`, `Result`,
    /// `GameType` and, except for Czech draughts, `Variant`).
    pub fn new(variant: Variant) -> PdnGame {
        let mut g = PdnGame {
            number: 1,
            ..PdnGame::default()
        };
        for (k, v) in [
            ("Event", "?".to_string()),
            ("Site", "?".to_string()),
            ("Date", today()),
            ("Round", "?".to_string()),
            ("White", "?".to_string()),
            ("Black", "?".to_string()),
            ("Result", "*".to_string()),
            ("GameType", game_type(variant).to_string()),
        ] {
            g.tags.push((k.to_string(), v));
        }
        if variant != Variant::Czech {
            g.set_tag("Variant", variant.name());
        }
        g
    }

    /// The record of a game: the standard tags, `FEN` when it did not
    /// start from the start position, rule-option tags when they differ
    /// from the defaults, the moves, and — when the rules have ended it —
    /// the result, a `Termination` tag with the rule's id and a final
    /// comment saying it in words.
    pub fn from_game(game: &AnyGame) -> PdnGame {
        let mut g = PdnGame::new(game.variant());
        if !game.from_start() {
            g.set_tag("FEN", &game.start_fen());
        }
        let o = game.options();
        let d = GameOptions::default();
        if o.no_capture_limit != d.no_capture_limit {
            g.set_tag("NoCaptureLimit", &o.no_capture_limit.to_string());
        }
        if o.move_limit != d.move_limit {
            g.set_tag("MoveLimit", &o.move_limit.to_string());
        }
        g.moves = game.moves();
        if let Status::Over(outcome) = game.status() {
            g.finish(
                PdnResult::of(outcome.result),
                outcome.rule.id(),
                &outcome.to_string(),
            );
        }
        g
    }

    /// Sets the result, the `Termination` tag and a final comment (when
    /// `comment` is not empty).
    pub fn finish(&mut self, result: PdnResult, termination: &str, comment: &str) {
        self.result = result;
        self.set_tag("Result", result.as_str());
        self.set_tag("Termination", termination);
        if !comment.is_empty() {
            self.comments.push((self.moves.len(), comment.to_string()));
        }
    }

    /// The value of a tag (names compare without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing its value or adding it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The `FEN` tag, if any.
    pub fn fen(&self) -> Option<&str> {
        self.tag("FEN").map(str::trim).filter(|s| !s.is_empty())
    }

    /// The `Termination` tag, if any.
    pub fn termination(&self) -> Option<&str> {
        self.tag("Termination")
    }

    /// The game, from the `Variant` and `GameType` tags (Czech draughts
    /// without either).
    pub fn variant(&self) -> Result<Variant, PdnError> {
        let game = self.number;
        let from_type = match self.tag("GameType") {
            Some(t) => {
                let first = t.split(',').next().unwrap_or("").trim();
                let v = first
                    .parse::<u32>()
                    .ok()
                    .and_then(|n| variant_of_game_type(n).map(|v| (n, v)));
                match v {
                    Some(x) => Some(x),
                    None => {
                        return Err(PdnError::UnknownVariant {
                            game,
                            tag: "GameType",
                            value: t.to_string(),
                        })
                    }
                }
            }
            None => None,
        };
        let from_name = match self.tag("Variant") {
            Some(name) => match name.trim().parse::<Variant>() {
                Ok(v) => Some(v),
                Err(_) => {
                    return Err(PdnError::UnknownVariant {
                        game,
                        tag: "Variant",
                        value: name.to_string(),
                    })
                }
            },
            None => None,
        };
        match (from_name, from_type) {
            (Some(v), Some((n, other))) if v != other => Err(PdnError::VariantConflict {
                game,
                variant: v,
                game_type: n,
                other,
            }),
            (Some(v), _) => Ok(v),
            (None, Some((_, v))) => Ok(v),
            (None, None) => Ok(Variant::Czech),
        }
    }

    /// The rule options from the `NoCaptureLimit` and `MoveLimit` tags
    /// (the defaults where absent).
    pub fn options(&self) -> Result<GameOptions, PdnError> {
        let mut o = GameOptions::default();
        for (tag, field) in [
            ("NoCaptureLimit", &mut o.no_capture_limit),
            ("MoveLimit", &mut o.move_limit),
        ] {
            if let Some(v) = self.tag(tag) {
                *field = v.trim().parse().map_err(|_| PdnError::BadOptionTag {
                    game: self.number,
                    tag,
                    value: v.to_string(),
                })?;
            }
        }
        Ok(o)
    }

    /// Plays the game through the rules core: the game from the tags,
    /// the start position from `FEN`, every move checked; a game whose
    /// `Termination` is `resignation` comes back resigned (when the loser
    /// is the side to move, as a resignation must be). Fails at the
    /// first move that cannot be read, is illegal or comes after the end
    /// of the game, and when the moves end the game by the rules with
    /// another result than the one written.
    pub fn replay(&self) -> Result<AnyGame, PdnError> {
        let game_no = self.number;
        let variant = self.variant()?;
        let options = self.options()?;
        let (mut game, mut number) = match self.fen() {
            Some(fen) => {
                let bad = |source| PdnError::BadFen {
                    game: game_no,
                    fen: fen.to_string(),
                    source,
                };
                let setup: Setup = fen.parse().map_err(bad)?;
                let g = AnyGame::from_fen(variant, fen, options).map_err(bad)?;
                (g, setup.fullmove.unwrap_or(1).max(1))
            }
            None => (AnyGame::new(variant, options), 1),
        };
        for text in &self.moves {
            let side = game.side_to_move();
            if let Err(source) = game.play(text) {
                return Err(PdnError::BadMove {
                    game: game_no,
                    number,
                    side,
                    text: text.clone(),
                    source,
                });
            }
            if side == Color::Black {
                number = number.saturating_add(1);
            }
        }
        // A game saved after a resignation comes back resigned.
        if let (Some(GameResult::Win(winner)), Some(t), Status::InPlay) =
            (self.result.game_result(), self.termination(), game.status())
        {
            if t.trim() == EndRule::Resignation.id() && game.side_to_move() == !winner {
                let _ = game.resign(!winner);
            }
        }
        if let Status::Over(outcome) = game.status() {
            let actual = PdnResult::of(outcome.result);
            if self.result != PdnResult::Unknown && self.result != actual {
                return Err(PdnError::ResultMismatch {
                    game: game_no,
                    written: self.result,
                    outcome,
                });
            }
        }
        Ok(game)
    }
}

impl fmt::Display for PdnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_game(self))
    }
}

/// Today's date as PDN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Year, month, day of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

fn escape_tag(v: &str) -> String {
    let mut s = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\n' | '\r' | '\t' => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

/// Lines of movetext are wrapped before this many characters.
const LINE_WIDTH: usize = 79;

/// Writes one game: the tags (the `Result` tag set from
/// [`PdnGame::result`], added after the others if missing), an empty
/// line, the movetext with move numbers and comments, the result, and an
/// empty line after.
pub fn write_game(game: &PdnGame) -> String {
    let mut out = String::new();
    let mut wrote_result = false;
    for (k, v) in &game.tags {
        let name: String = k
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        let value = if name.eq_ignore_ascii_case("Result") {
            wrote_result = true;
            game.result.as_str().to_string()
        } else {
            escape_tag(v)
        };
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    if !wrote_result {
        out.push_str(&format!("[Result \"{}\"]\n", game.result));
    }
    out.push('\n');

    // Move numbers count from the FEN's F field; Black may move first.
    let (mut side, mut number) = match game.fen().and_then(|f| f.parse::<Setup>().ok()) {
        Some(s) => (s.side, s.fullmove.unwrap_or(1).max(1)),
        None => (Color::White, 1),
    };
    let mut tokens: Vec<String> = Vec::new();
    let comment = |text: &str| {
        let clean: String = text
            .chars()
            .map(|c| if c == '}' { ')' } else { c })
            .collect();
        format!("{{{}}}", clean.trim())
    };
    let mut need_number = true;
    for (i, mv) in game.moves.iter().enumerate() {
        for (_, c) in game.comments.iter().filter(|(at, _)| *at == i) {
            tokens.push(comment(c));
            need_number = true;
        }
        let mv: String = mv.split_whitespace().collect();
        match side {
            Color::White => tokens.push(format!("{number}. {mv}")),
            Color::Black if need_number => tokens.push(format!("{number}... {mv}")),
            Color::Black => tokens.push(mv),
        }
        need_number = false;
        if side == Color::Black {
            number = number.saturating_add(1);
        }
        side = !side;
    }
    for (_, c) in game
        .comments
        .iter()
        .filter(|(at, _)| *at >= game.moves.len())
    {
        tokens.push(comment(c));
    }
    tokens.push(game.result.as_str().to_string());

    let mut line_len = 0;
    for t in tokens {
        let len = t.chars().count();
        if line_len > 0 && line_len + 1 + len > LINE_WIDTH {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&t);
        line_len += len;
    }
    out.push_str("\n\n");
    out
}

/// Writes several games, one after the other.
pub fn write_games(games: &[PdnGame]) -> String {
    games.iter().map(write_game).collect()
}

/// One piece of PDN text.
enum Token {
    Tag(String, String),
    Comment(String),
    Word(String),
    Open,
    Close,
}

/// Splits PDN text into tokens with their lines.
struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    at_line_start: bool,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer {
            chars: text.chars().peekable(),
            line: 1,
            at_line_start: true,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.at_line_start = true;
        } else if !c.is_whitespace() {
            self.at_line_start = false;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// The next token and the line it starts on; `game` is only for errors.
    fn next(&mut self, game: usize) -> Result<Option<(Token, usize)>, PdnError> {
        loop {
            let Some(&c) = self.chars.peek() else {
                return Ok(None);
            };
            if c.is_whitespace() {
                self.bump();
                continue;
            }
            if c == '%' && self.at_line_start {
                self.skip_line();
                continue;
            }
            let line = self.line;
            return match c {
                '[' => self.tag(game, line).map(|t| Some((t, line))),
                '{' => {
                    self.bump();
                    let mut s = String::new();
                    loop {
                        match self.bump() {
                            Some('}') => break,
                            Some(c) => s.push(c),
                            None => return Err(PdnError::UnclosedComment { game, line }),
                        }
                    }
                    Ok(Some((Token::Comment(s.trim().to_string()), line)))
                }
                ';' => {
                    self.bump();
                    let mut s = String::new();
                    while let Some(&c) = self.chars.peek() {
                        if c == '\n' {
                            break;
                        }
                        s.push(c);
                        self.bump();
                    }
                    Ok(Some((Token::Comment(s.trim().to_string()), line)))
                }
                '(' => {
                    self.bump();
                    Ok(Some((Token::Open, line)))
                }
                ')' => {
                    self.bump();
                    Ok(Some((Token::Close, line)))
                }
                _ => {
                    let mut s = String::new();
                    while let Some(&c) = self.chars.peek() {
                        if c.is_whitespace() || "[]{}();".contains(c) {
                            break;
                        }
                        s.push(c);
                        self.bump();
                    }
                    if s.is_empty() {
                        // A lone ']' : skip it as noise.
                        self.bump();
                        continue;
                    }
                    Ok(Some((Token::Word(s), line)))
                }
            };
        }
    }

    /// Reads `[Name "value"]` (the `[` not yet consumed).
    fn tag(&mut self, game: usize, line: usize) -> Result<Token, PdnError> {
        self.bump();
        let mut raw = String::from("[");
        let mut name = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() {
                self.bump();
                raw.push(' ');
                if !name.is_empty() {
                    break;
                }
            } else if c.is_ascii_alphanumeric() || c == '_' {
                name.push(c);
                raw.push(c);
                self.bump();
            } else {
                break;
            }
        }
        while matches!(self.chars.peek(), Some(c) if c.is_whitespace()) {
            self.bump();
        }
        let bad = |raw: &str, line| PdnError::BadTag {
            game,
            line,
            text: raw.chars().take(40).collect(),
        };
        match self.chars.peek() {
            Some('"') => {
                self.bump();
            }
            None => return Err(PdnError::UnclosedTag { game, line }),
            Some(&c) => {
                raw.push(c);
                return Err(bad(&raw, line));
            }
        }
        if name.is_empty() {
            return Err(bad(&raw, line));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    Some(c) => value.push(c),
                    None => return Err(PdnError::UnclosedTag { game, line }),
                },
                Some('"') => break,
                Some('\n') => return Err(PdnError::UnclosedTag { game, line }),
                Some(c) => value.push(c),
                None => return Err(PdnError::UnclosedTag { game, line }),
            }
        }
        while matches!(self.chars.peek(), Some(c) if c.is_whitespace()) {
            self.bump();
        }
        match self.bump() {
            Some(']') => Ok(Token::Tag(name, value)),
            _ => Err(PdnError::UnclosedTag { game, line }),
        }
    }
}

/// What a word of movetext is.
enum Word<'a> {
    Result(PdnResult),
    /// A move number, a NAG or an annotation alone: nothing to keep.
    Skip,
    Move(&'a str),
}

fn classify(word: &str) -> Word<'_> {
    if let Some(r) = PdnResult::parse(word) {
        return Word::Result(r);
    }
    if word.starts_with('$') {
        return Word::Skip;
    }
    // Move numbers: digits, then dots (or an ellipsis), maybe the move
    // glued on; several in a row (`1.1.c3-d4`) are all skipped, so that a
    // kept move never starts with a number and reads back the same.
    let mut rest = word;
    loop {
        if let Some(r) = PdnResult::parse(rest) {
            return Word::Result(r);
        }
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            break;
        }
        let after_digits = &rest[digits..];
        let after = after_digits.trim_start_matches(['.', '…']);
        if after.len() == after_digits.len() && !after_digits.is_empty() {
            // Digits followed by something other than dots: not a move
            // number (dama has no numeric squares); keep it as a move so
            // that replay reports it.
            return Word::Move(rest.trim_end_matches(['!', '?']));
        }
        rest = after;
    }
    let rest = rest.trim_end_matches(['!', '?']);
    if rest.is_empty() {
        Word::Skip
    } else if let Some(r) = PdnResult::parse(rest) {
        Word::Result(r)
    } else {
        Word::Move(rest)
    }
}

/// Reads every game of a PDN text. Checks the layout only; call
/// [`PdnGame::replay`] on each game to check the moves (or use
/// [`replay_games`]). Text with no game gives an empty list.
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut lexer = Lexer::new(text);
    let mut games = Vec::new();
    let mut cur = PdnGame {
        number: 1,
        ..PdnGame::default()
    };
    let mut has_movetext = false;
    let mut has_content = false;
    let mut tag_result: Option<PdnResult> = None;
    let mut text_result: Option<PdnResult> = None;
    let mut depth = 0usize;
    let mut depth_line = 0usize;

    fn close(
        cur: &mut PdnGame,
        games: &mut Vec<PdnGame>,
        tag_result: &mut Option<PdnResult>,
        text_result: &mut Option<PdnResult>,
    ) -> Result<(), PdnError> {
        let number = cur.number;
        if let (Some(t), Some(m)) = (*tag_result, *text_result) {
            if t != m {
                return Err(PdnError::ResultConflict {
                    game: number,
                    tag: t,
                    movetext: m,
                });
            }
        }
        cur.result = text_result.or(*tag_result).unwrap_or_default();
        let done = std::mem::replace(
            cur,
            PdnGame {
                number: number + 1,
                ..PdnGame::default()
            },
        );
        games.push(done);
        *tag_result = None;
        *text_result = None;
        Ok(())
    }

    while let Some((tok, line)) = lexer.next(cur.number)? {
        if depth > 0 {
            match tok {
                Token::Open => depth += 1,
                Token::Close => depth -= 1,
                _ => {}
            }
            continue;
        }
        match tok {
            Token::Tag(name, value) => {
                if has_movetext {
                    close(&mut cur, &mut games, &mut tag_result, &mut text_result)?;
                    has_movetext = false;
                    has_content = false;
                }
                if !has_content {
                    cur.line = line;
                }
                has_content = true;
                if name.eq_ignore_ascii_case("Result") {
                    tag_result = Some(PdnResult::parse(value.trim()).unwrap_or_default());
                }
                cur.tags.push((name, value));
            }
            Token::Comment(c) => {
                if !has_content {
                    cur.line = line;
                }
                cur.comments.push((cur.moves.len(), c));
            }
            Token::Open => {
                depth = 1;
                depth_line = line;
            }
            Token::Close => {
                return Err(PdnError::StrayParen {
                    game: cur.number,
                    line,
                })
            }
            Token::Word(w) => {
                if !has_content {
                    cur.line = line;
                }
                has_content = true;
                match classify(&w) {
                    Word::Skip => {}
                    Word::Result(r) => {
                        text_result = Some(r);
                        close(&mut cur, &mut games, &mut tag_result, &mut text_result)?;
                        has_movetext = false;
                        has_content = false;
                    }
                    Word::Move(m) => {
                        has_movetext = true;
                        cur.moves.push(m.to_string());
                    }
                }
            }
        }
    }
    if depth > 0 {
        return Err(PdnError::UnclosedVariation {
            game: cur.number,
            line: depth_line,
        });
    }
    if has_content {
        close(&mut cur, &mut games, &mut tag_result, &mut text_result)?;
    } else if let Some(last) = games.last_mut() {
        // Comments after the last result belong to the last game.
        let n = last.moves.len();
        last.comments
            .extend(cur.comments.into_iter().map(|(_, c)| (n, c)));
    }
    Ok(games)
}

/// Reads every game and replays each through the rules core.
pub fn replay_games(text: &str) -> Result<Vec<(PdnGame, AnyGame)>, PdnError> {
    read_games(text)?
        .into_iter()
        .map(|g| {
            let a = g.replay()?;
            Ok((g, a))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EndRule;

    fn played(variant: Variant, fen: Option<&str>, moves: &[&str]) -> AnyGame {
        let mut g = match fen {
            Some(f) => AnyGame::from_fen(variant, f, GameOptions::default()).unwrap(),
            None => AnyGame::new(variant, GameOptions::default()),
        };
        for m in moves {
            g.play(m).unwrap();
        }
        g
    }

    /// Plays the first legal move until the game ends or `max` plies.
    fn autoplay(variant: Variant, max: usize) -> AnyGame {
        let mut g = AnyGame::new(variant, GameOptions::default());
        let mut i = 0usize;
        while g.status() == Status::InPlay && g.len() < max {
            let moves = g.legal_moves();
            let m = &moves[i % moves.len()];
            g.play(&m.text).unwrap();
            i = i.wrapping_mul(31).wrapping_add(7);
        }
        g
    }

    #[test]
    fn writes_move_numbers_tags_and_result() {
        let g = played(Variant::Czech, None, &["c3-d4", "b6-a5", "d4-c5"]);
        let mut p = PdnGame::from_game(&g);
        p.set_tag("Date", "2024.05.01");
        p.set_tag("White", "Alice \"A\"");
        let text = write_game(&p);
        assert_eq!(
            text,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"2024.05.01\"]\n[Round \"?\"]\n\
             [White \"Alice \\\"A\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"29\"]\n\n\
             1. c3-d4 b6-a5 2. d4-c5 *\n\n"
        );
        let back = read_games(&text).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].tag("White"), Some("Alice \"A\""));
        assert_eq!(back[0].moves, vec!["c3-d4", "b6-a5", "d4-c5"]);
        assert_eq!(back[0].replay().unwrap().fen(), g.fen());
    }

    #[test]
    fn black_first_from_fen_starts_with_ellipsis() {
        let fen = "B:Wc3,g3:Bd6,f6:H0:F12";
        let g = played(Variant::Czech, Some(fen), &["d6-c5", "c3-d4", "c5xe3"]);
        let p = PdnGame::from_game(&g);
        assert_eq!(p.fen(), Some(g.start_fen().as_str()));
        let text = write_game(&p);
        assert!(
            text.contains("12... d6-c5 13. c3-d4 c5xe3"),
            "movetext was:\n{text}"
        );
        let back = &read_games(&text).unwrap()[0];
        assert_eq!(back.replay().unwrap().fen(), g.fen());
    }

    #[test]
    fn finished_games_carry_result_termination_and_comment() {
        for v in Variant::ALL {
            let g = autoplay(v, 400);
            let Status::Over(outcome) = g.status() else {
                panic!("{v}: the game did not end in 400 plies");
            };
            let p = PdnGame::from_game(&g);
            assert_eq!(p.result, PdnResult::of(outcome.result));
            assert_eq!(p.termination(), Some(outcome.rule.id()));
            let text = write_game(&p);
            assert!(
                text.contains(&format!("{{{outcome}}} {}", p.result)),
                "{text}"
            );
            if v == Variant::Czech {
                assert!(text.contains("[GameType \"29\"]") && !text.contains("[Variant"));
            } else {
                assert!(text.contains(&format!("[GameType \"{}\"]", game_type(v))));
                assert!(text.contains(&format!("[Variant \"{}\"]", v.name())));
            }
            let back = read_games(&text).unwrap();
            assert_eq!(back.len(), 1);
            assert_eq!(back[0].variant().unwrap(), v);
            let replayed = back[0].replay().unwrap();
            assert_eq!(replayed.status(), Status::Over(outcome));
            assert_eq!(replayed.moves(), g.moves());
        }
    }

    #[test]
    fn several_games_in_one_file_keep_their_order() {
        let games: Vec<PdnGame> = Variant::ALL
            .into_iter()
            .map(|v| PdnGame::from_game(&autoplay(v, 30)))
            .collect();
        let text = write_games(&games);
        let back = read_games(&text).unwrap();
        assert_eq!(back.len(), 5);
        for (i, (a, b)) in games.iter().zip(&back).enumerate() {
            assert_eq!(b.number, i + 1);
            assert_eq!(a.moves, b.moves);
            assert_eq!(a.tags, b.tags);
            assert_eq!(a.result, b.result);
            assert_eq!(a.comments, b.comments);
            b.replay().unwrap();
        }
    }

    #[test]
    fn lenient_layout() {
        let text = "\u{feff}% produced by hand\r\n[Event \"x\"]  [White\t\"w\"]\r\n\
            1.c3-d4 {a comment {with a brace} 1...b6-a5! $1 ( 1... b6-c5 2. d4xb6 )\n\
            2 d4-c5 ; rest of line\n d6xb4 3… a3xc5 1/2-1/2\n\n\
            c3-b4 f6-g5 *";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("white"), Some("w"));
        assert_eq!(
            games[0].moves,
            vec!["c3-d4", "b6-a5", "d4-c5", "d6xb4", "a3xc5"]
        );
        assert_eq!(games[0].comments[0], (1, "a comment {with a brace".into()));
        assert_eq!(games[0].comments[1], (3, "rest of line".into()));
        assert_eq!(games[0].result, PdnResult::Draw);
        assert_eq!(games[0].line, 2);
        assert_eq!(games[1].moves, vec!["c3-b4", "f6-g5"]);
        assert_eq!(games[1].number, 2);
        assert_eq!(games[1].line, 7);
        games[0].replay().unwrap();
        games[1].replay().unwrap();
    }

    #[test]
    fn results_in_both_conventions() {
        for (s, r) in [
            ("2-0", PdnResult::WhiteWins),
            ("1-0", PdnResult::WhiteWins),
            ("0-2", PdnResult::BlackWins),
            ("0-1", PdnResult::BlackWins),
            ("1-1", PdnResult::Draw),
            ("1/2-1/2", PdnResult::Draw),
            ("*", PdnResult::Unknown),
        ] {
            let g = read_games(&format!("[Result \"{s}\"]\n1. c3-d4 {s}")).unwrap();
            assert_eq!(g[0].result, r, "{s}");
        }
        // A game ended by the tag only (no result in the movetext).
        let g = read_games("[Result \"0-1\"]\n1. c3-d4\n[Event \"2\"]\n1. c3-b4").unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].result, PdnResult::BlackWins);
        assert_eq!(g[1].result, PdnResult::Unknown);
    }

    #[test]
    fn errors_name_the_game_and_the_move() {
        let ok = "[Event \"1\"]\n1. c3-d4 b6-a5 *\n\n";
        let e = read_games(&format!(
            "{ok}[Event \"2\"]\n1. c3-d4 b6-a5 2. d4-d5 f6-g5 *"
        ))
        .unwrap()
        .into_iter()
        .map(|g| g.replay())
        .find_map(Result::err)
        .unwrap();
        match &e {
            PdnError::BadMove {
                game: 2,
                number: 2,
                side: Color::White,
                text,
                ..
            } if text == "d4-d5" => {}
            other => panic!("unexpected {other:?}"),
        }
        assert!(e.to_string().starts_with("game 2, move 2. d4-d5: "), "{e}");

        let e = replay_games(&format!("{ok}{ok}1. c3-d4 b6-a5 2. d4-c5 f6-g5 *")).unwrap_err();
        assert!(
            e.to_string().starts_with("game 3, move 2... f6-g5: "),
            "{e}"
        );
        let e = replay_games("1. c3-d4 zz9 *").unwrap_err();
        assert!(e.to_string().starts_with("game 1, move 1... zz9: "), "{e}");

        assert_eq!(
            read_games(&format!("{ok}[Event \"2\"\n1. c3-d4")).unwrap_err(),
            PdnError::UnclosedTag { game: 2, line: 4 }
        );
        assert_eq!(
            read_games(&format!("{ok}1. c3-d4 {{ oops")).unwrap_err(),
            PdnError::UnclosedComment { game: 2, line: 4 }
        );
        assert_eq!(
            read_games("1. c3-d4 ( b6-a5").unwrap_err(),
            PdnError::UnclosedVariation { game: 1, line: 1 }
        );
        assert!(matches!(
            read_games("[Result \"2-0\"] 1. c3-d4 0-2").unwrap_err(),
            PdnError::ResultConflict { game: 1, .. }
        ));
        assert!(matches!(
            read_games("[Event x]").unwrap_err(),
            PdnError::BadTag {
                game: 1,
                line: 1,
                ..
            }
        ));
        // Tag names are ASCII: a letter from elsewhere is refused rather
        // than kept and later written without it (found by the fuzzer:
        // "Gam\u{762}eType" came back as "GameType").
        assert!(matches!(
            read_games("[Event \"x\"]\n[Gam\u{762}eType \"2\"]").unwrap_err(),
            PdnError::BadTag {
                game: 1,
                line: 2,
                ..
            }
        ));
    }

    #[test]
    fn tags_are_checked_on_replay() {
        let e = replay_games("[GameType \"20\"] 1. c3-d4 *").unwrap_err();
        assert!(matches!(
            e,
            PdnError::UnknownVariant {
                tag: "GameType",
                ..
            }
        ));
        let e = replay_games("[Variant \"chess\"] *").unwrap_err();
        assert!(matches!(e, PdnError::UnknownVariant { tag: "Variant", .. }));
        let e = replay_games("[GameType \"29\"][Variant \"gothic\"] *").unwrap_err();
        assert!(matches!(e, PdnError::VariantConflict { .. }));
        let g = replay_games("[GameType \"103,W,8,8,A0,0\"] *").unwrap();
        assert_eq!(g[0].1.variant(), Variant::Ossetian);
        let e = replay_games("[FEN \"W:Wz9:Ba7\"] *").unwrap_err();
        assert!(matches!(e, PdnError::BadFen { game: 1, .. }), "{e:?}");
        let e = replay_games("[MoveLimit \"lots\"] *").unwrap_err();
        assert!(matches!(e, PdnError::BadOptionTag { .. }));
    }

    #[test]
    fn options_tags_round_trip() {
        let mut g = AnyGame::new(
            Variant::Knights,
            GameOptions {
                move_limit: 4,
                ..GameOptions::default()
            },
        );
        while g.status() == Status::InPlay {
            let m = g.legal_moves()[0].text.clone();
            g.play(&m).unwrap();
        }
        assert_eq!(g.len(), 4);
        let p = PdnGame::from_game(&g);
        assert_eq!(p.tag("MoveLimit"), Some("4"));
        let back = &replay_games(&write_game(&p)).unwrap()[0].1;
        assert!(matches!(
            back.status(),
            Status::Over(Outcome {
                rule: EndRule::MoveLimit { plies: 4 },
                ..
            })
        ));
    }

    #[test]
    fn moves_after_the_end_and_wrong_results_are_refused() {
        // Black has one man, White takes it: the game is over after 1. ...
        let fen = "W:Wc3:Bd4";
        let text = format!("[FEN \"{fen}\"] 1. c3xe5 f6-g5 2-0");
        let e = replay_games(&text).unwrap_err();
        assert!(
            matches!(
                &e,
                PdnError::BadMove {
                    number: 1,
                    side: Color::Black,
                    source: GameError::Over(_),
                    ..
                }
            ),
            "{e:?}"
        );
        let e = replay_games(&format!("[FEN \"{fen}\"] 1. c3xe5 0-2")).unwrap_err();
        assert!(
            matches!(e, PdnError::ResultMismatch { game: 1, .. }),
            "{e:?}"
        );
        replay_games(&format!("[FEN \"{fen}\"] 1. c3xe5 2-0")).unwrap();
        // A game still in play may have any result (resignation, time).
        replay_games("1. c3-d4 0-2").unwrap();
    }

    #[test]
    fn a_resigned_game_comes_back_resigned() {
        let mut g = played(Variant::Czech, None, &["c3-d4", "b6-a5"]);
        g.resign(Color::White).unwrap();
        let p = PdnGame::from_game(&g);
        assert_eq!(p.result, PdnResult::BlackWins);
        assert_eq!(p.termination(), Some("resignation"));
        let back = &replay_games(&write_game(&p)).unwrap()[0].1;
        assert_eq!(back.status(), g.status());
        assert_eq!(back.moves(), g.moves());
        // Without the tag the game is simply in play with a result.
        let text = write_game(&p).replace("[Termination \"resignation\"]\n", "");
        let back = &replay_games(&text).unwrap()[0].1;
        assert_eq!(back.status(), Status::InPlay);
    }

    #[test]
    fn empty_text_has_no_games() {
        assert!(read_games("").unwrap().is_empty());
        assert!(read_games("  \n% only an escape line\n")
            .unwrap()
            .is_empty());
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_844), (2024, 5, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(today().len(), 10);
    }

    proptest::proptest! {
        #[test]
        fn never_panics(s in "\\PC{0,200}") {
            if let Ok(games) = read_games(&s) {
                for g in games {
                    let _ = g.replay();
                    let _ = read_games(&write_game(&g));
                }
            }
        }

        #[test]
        fn never_panics_on_pdn_like_text(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::strategy::Just("[".to_string()),
                    proptest::strategy::Just("]".to_string()),
                    proptest::strategy::Just("\"".to_string()),
                    proptest::strategy::Just("{".to_string()),
                    proptest::strategy::Just("}".to_string()),
                    proptest::strategy::Just("(".to_string()),
                    proptest::strategy::Just(")".to_string()),
                    proptest::strategy::Just("1.".to_string()),
                    proptest::strategy::Just("1...".to_string()),
                    proptest::strategy::Just("c3-d4".to_string()),
                    proptest::strategy::Just("b6-a5".to_string()),
                    proptest::strategy::Just("[FEN \"B:Wc3:Bd4\"]".to_string()),
                    proptest::strategy::Just("[GameType \"103\"]".to_string()),
                    proptest::strategy::Just("2-0".to_string()),
                    proptest::strategy::Just("\\".to_string()),
                    proptest::strategy::Just("\n".to_string()),
                    proptest::strategy::Just(" ".to_string()),
                    "[a-z0-9x:-]{1,6}",
                ],
                0..40,
            )
        ) {
            let s = parts.concat();
            if let Ok(games) = read_games(&s) {
                for g in games {
                    let _ = g.replay();
                    let again = read_games(&write_game(&g));
                    proptest::prop_assert!(again.is_ok(), "rewritten game does not read: {:?}", again);
                }
            }
        }
    }
}
