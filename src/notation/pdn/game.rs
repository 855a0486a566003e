//! A PDN game as data: its tags, moves, comments and result, and the
//! errors of reading and replaying it.

use crate::game::GameError;
use crate::game::{GameOptions, GameResult, Outcome};
use crate::notation::fen::FenError;
use crate::piece::Color;
use crate::variant::Variant;
use std::fmt;

/// The `GameType` number dama writes for a game (`None`: no tag).
pub const fn game_type(v: Variant) -> Option<u32> {
    v.pdn_game_type()
}

/// The game a `GameType` number stands for, if dama knows it.
pub fn variant_of_game_type(n: u32) -> Option<Variant> {
    Variant::ALL
        .into_iter()
        .find(|v| v.pdn_game_type() == Some(n))
}

/// The games dama plays, for a message: `czech (GameType 29), gothic (101), …`.
fn games_played() -> String {
    let mut first = true;
    let mut parts = Vec::new();
    for v in Variant::ALL {
        parts.push(match v.pdn_game_type() {
            Some(n) if first => format!("{v} (GameType {n})"),
            Some(n) => format!("{v} ({n})"),
            None => v.to_string(),
        });
        first &= v.pdn_game_type().is_none();
    }
    parts.join(", ")
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
    /// The result in words, the same whichever convention a file
    /// writes it in (`2-0` or `1-0`): "white wins", "black wins", "a
    /// draw", "no result (*)".
    pub const fn words(self) -> &'static str {
        match self {
            PdnResult::WhiteWins => "white wins",
            PdnResult::BlackWins => "black wins",
            PdnResult::Draw => "a draw",
            PdnResult::Unknown => "no result (*)",
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
    /// them; [`write_game`](super::write_game) writes [`PdnGame::result`] into it).
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
    #[error("game {game}: unknown game in the {tag} tag: '{value}' (dama plays {games})", games = games_played())]
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
    #[error(
        "game {game}: the Result tag says {} but the moves end with {}",
        .tag.words(),
        .movetext.words()
    )]
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
        "game {game}: the result is written as {}, but the moves end the game: {outcome}",
        .written.words()
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
    /// `GameType` where the game has a number and, except for the
    /// default game (Czech draughts), `Variant`).
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
        ] {
            g.tags.push((k.to_string(), v));
        }
        if let Some(n) = game_type(variant) {
            g.set_tag("GameType", &n.to_string());
        }
        if variant != Variant::default() {
            g.set_tag("Variant", variant.name());
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

    /// The game, from the `Variant` and `GameType` tags (the default
    /// game, Czech draughts, without either).
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
            (None, None) => Ok(Variant::default()),
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
}

/// Today's date as PDN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    let secs = crate::clock::unix_seconds();
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Year, month, day of a day count since 1970-01-01 (H. Hinnant's algorithm).
pub(super) fn civil_from_days(z: i64) -> (i64, u32, u32) {
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
