//! The referee's words for an engine speaking a Hub protocol
//! ([`Proto::Hub`](super::engine::Proto), [`Proto::Hub1`](super::engine::Proto)):
//! the handshake's parameters, the request for a move, its `info` lines
//! and its reply, in Hub's notation ([`crate::hub::notation`]), translated
//! to and from the game's own.
//!
//! Two dialects ([`Dialect`]): Hub 2, the protocol of Scan 3.x, `dama
//! hub` and pydraughts (`name=value` arguments), and the first Hub
//! protocol, Scan 2.0's (positional arguments). They differ as follows;
//! the rest (`hub` … `wait`, `init` … `ready`, `ping` … `pong`, `quit`,
//! the notation of moves and positions) is the same.
//!
//! | | Hub 2 | the first Hub (Scan 2.0) |
//! |---|---|---|
//! | engine's name | `id name=<name> …` | `name <name>` |
//! | parameter | `set-param name=<k> value=<v>` | `set <k> <v>` |
//! | game | `set-param name=variant value=<game>` | none: international draughts only |
//! | new game | `new-game` | `new` |
//! | position | `pos [pos=<position>] [moves="<m> …"]` | `start` or `pos <position>` (side to move `w`/`b`), then `move <m>` a move |
//! | limits | `level move-time=<s>`, `level time=<s> inc=<s>`, `level depth=<n>`, `level nodes=<n>` | `time <ms>` (sent less a quarter, at most 0.1 s: Scan 2.0 keeps nothing back for lag), `level <moves> <ms> <inc ms>`, `depth <n>`; no node limit |
//! | search | `go think` | `go` |
//! | reply | `done move=<m> ponder=<m>` | `move <m> [<ponder>]` |
//! | `info` | `depth=<n> score=<men> …` | `<depth> <mean depth> <score in hundredths> <nodes> <s> <Mnps> <pv…>`; a win in *n* plies 2000 − *n* |

use super::referee::{EngineScore, Fault};
use super::timecontrol::Clocks;
use crate::any::AnyGame;
use crate::hub::line;
use crate::hub::notation::{default_variant, hub_name, parse_move, write_line, write_position};
use crate::variant::Variant;

/// A dialect of the Hub protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Hub 2: Scan 3.x, `dama hub`, pydraughts (`proto=hub`).
    Hub2,
    /// The first Hub protocol: Scan 2.0 (`proto=hub1`).
    Hub1,
}

impl Dialect {
    /// The engine's name from a line of the handshake, if it is the
    /// line that gives it.
    pub fn id_name(self, text: &str) -> Option<String> {
        match self {
            Dialect::Hub2 => match line::parse(text) {
                Ok(Some(l)) if l.command == "id" => l.value("name").map(str::to_string),
                _ => None,
            },
            Dialect::Hub1 => text
                .strip_prefix("name ")
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty()),
        }
    }

    /// The parameters for the match's own options `extra`: in Hub 2 the
    /// game (`variant`) alone, by its Hub name (Hub has no rule options);
    /// the first Hub protocol plays Hub's default game alone
    /// ([`default_variant`], international draughts) and has no parameter
    /// for the game.
    ///
    /// # Errors
    ///
    /// The reason, in the first Hub protocol, for another game.
    pub fn game_params(self, extra: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
        let games = extra
            .iter()
            .filter(|(k, _)| k == "variant")
            .filter_map(|(_, v)| v.parse::<Variant>().ok());
        match self {
            Dialect::Hub2 => Ok(games
                .map(|v| ("variant".to_string(), hub_name(v).to_string()))
                .collect()),
            Dialect::Hub1 => match games.into_iter().find(|&v| v != default_variant()) {
                Some(v) => Err(format!(
                    "the first Hub protocol (proto=hub1, Scan 2.0) plays international draughts only, not {}",
                    v.title()
                )),
                None => Ok(Vec::new()),
            },
        }
    }

    /// The line setting a parameter.
    pub fn set_param(self, name: &str, value: &str) -> String {
        match self {
            Dialect::Hub2 => format!(
                "set-param{}{}",
                line::pair("name", name),
                line::pair("value", value)
            ),
            Dialect::Hub1 => format!("set {name} {value}"),
        }
    }

    /// The line telling that a new game begins.
    pub fn new_game(self) -> &'static str {
        match self {
            Dialect::Hub2 => "new-game",
            Dialect::Hub1 => "new",
        }
    }

    /// The first word of the final reply: `done`, or `move`.
    pub fn reply_word(self) -> &'static str {
        match self {
            Dialect::Hub2 => "done",
            Dialect::Hub1 => "move",
        }
    }

    /// The lines asking for a move. Hub 2: `pos` with the game's start
    /// position and its moves (the start position of the game is left
    /// out: Hub then takes the game's own), the `level` of the clock, `go
    /// think`. The first Hub: `start` or `pos <position>`, a `move` line a
    /// move, the limit ([`Clocks::hub1_level`]), `go`.
    ///
    /// # Errors
    ///
    /// The reason when the start position cannot be written in Hub (a game
    /// with pieces other than men and kings, from another position), or
    /// the limit not in the dialect.
    pub fn request(self, game: &AnyGame, clocks: &Clocks) -> Result<Vec<String>, String> {
        let start = AnyGame::from_fen(game.variant(), &game.start_fen(), game.options())
            .map_err(|e| format!("the start position cannot be read back: {e}"))?;
        let position = if game.from_start() {
            None
        } else {
            Some(write_position(&start).ok_or_else(|| {
                format!(
                    "the Hub protocol cannot write this start position of {}",
                    game.variant().title()
                )
            })?)
        };
        let moves = write_line(&start, &game.moves());
        if moves.len() != game.len() {
            return Err("the game's moves cannot be written in Hub's notation".to_string());
        }
        let mover = game.side_to_move().index();
        match self {
            Dialect::Hub2 => {
                let mut pos = "pos".to_string();
                if let Some(p) = position {
                    pos += &line::pair("pos", &p);
                }
                if !moves.is_empty() {
                    pos += &line::pair("moves", &moves.join(" "));
                }
                Ok(vec![pos, clocks.hub_level(mover), "go think".to_string()])
            }
            Dialect::Hub1 => {
                // Scan 2.0 writes the side to move in lower case.
                let mut lines = vec![match position {
                    Some(p) => format!("pos {}{}", p[..1].to_ascii_lowercase(), &p[1..]),
                    None => "start".to_string(),
                }];
                lines.extend(moves.iter().map(|m| format!("move {m}")));
                lines.push(clocks.hub1_level(mover)?);
                lines.push("go".to_string());
                Ok(lines)
            }
        }
    }

    /// True for the final reply, `done …` (`move …`).
    pub fn is_reply(self, text: &str) -> bool {
        let word = self.reply_word();
        text.strip_prefix(word)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    }

    /// The score and depth of an `info` line. Hub 2: `score=` in men (a
    /// win in *n* plies is 100 − *n*/100, Scan's convention), `depth=`.
    /// The first Hub: the depth and the score (in hundredths of a man; a
    /// win in *n* plies is 2000 − *n*) are the first and the third field;
    /// a depth of 0 (a move from the book, or the only move) is no search
    /// and gives neither.
    ///
    /// ```
    /// use dama::matchrunner::hub::Dialect;
    /// use dama::matchrunner::referee::EngineScore;
    /// let hub2 = Dialect::Hub2;
    /// assert_eq!(hub2.parse_info("info depth=7 score=-0.35 pv=\"32-28\""), (Some(EngineScore::Cp(-35)), Some(7)));
    /// assert_eq!(hub2.parse_info("info score=99.93"), (Some(EngineScore::Win(7)), None));
    /// assert_eq!(hub2.parse_info("info score=-99.96 depth=x"), (Some(EngineScore::Loss(4)), None));
    /// let hub1 = Dialect::Hub1;
    /// assert_eq!(hub1.parse_info("info 13 16.1 -2 301426 0.10 2.9 34-30 21-26"), (Some(EngineScore::Cp(-2)), Some(13)));
    /// assert_eq!(hub1.parse_info("info 15 9.0 1993 8812 0.02 0.4 28x19"), (Some(EngineScore::Win(7)), Some(15)));
    /// assert_eq!(hub1.parse_info("info 0 0.0 0 0 0.00 0.0 28x19"), (None, None));
    /// ```
    pub fn parse_info(self, text: &str) -> (Option<EngineScore>, Option<u32>) {
        match self {
            Dialect::Hub2 => {
                let Ok(Some(l)) = line::parse(text) else {
                    return (None, None);
                };
                let depth = l.value("depth").and_then(|d| d.parse().ok());
                let score = l
                    .value("score")
                    .and_then(|s| s.parse::<f64>().ok())
                    .filter(|s| s.is_finite() && s.abs() <= 100.0)
                    .map(|s| score_of((s * 100.0).round() as i32, 10_000, 9_000));
                (score, depth)
            }
            Dialect::Hub1 => {
                let fields: Vec<&str> = text.split_whitespace().collect();
                let depth = fields.get(1).and_then(|d| d.parse::<u32>().ok());
                if fields.first() != Some(&"info") || !matches!(depth, Some(d) if d > 0) {
                    return (None, None);
                }
                let score = fields
                    .get(3)
                    .and_then(|s| s.parse::<i32>().ok())
                    .filter(|s| s.abs() <= 2_000)
                    .map(|s| score_of(s, 2_000, 1_900));
                (score, depth)
            }
        }
    }

    /// The reply as the referee reads a native one: `bestmove <move in
    /// the game's notation>`, or `bestmove none` for a reply without a
    /// move.
    ///
    /// # Errors
    ///
    /// The fault: an unreadable line, or a move that is not legal here.
    pub fn translate(self, game: &AnyGame, text: &str) -> Result<String, Fault> {
        let unreadable = |reason: String| Fault::Unreadable {
            line: text.to_string(),
            reason,
        };
        let mv = match self {
            Dialect::Hub2 => {
                let l = line::parse(text)
                    .map_err(|e| unreadable(e.to_string()))?
                    .ok_or_else(|| unreadable("an empty line".into()))?;
                if !l.has("move") {
                    return Ok("bestmove none".to_string());
                }
                l.value("move")
                    .ok_or_else(|| unreadable("no move after 'move='".into()))?
                    .to_string()
            }
            Dialect::Hub1 => match text.split_whitespace().nth(1) {
                Some(m) => m.to_string(),
                None => return Ok("bestmove none".to_string()),
            },
        };
        match parse_move(game, &mv) {
            Ok(m) => Ok(format!("bestmove {}", m.text)),
            Err(e) => Err(Fault::IllegalMove {
                text: mv,
                reason: e.to_string(),
            }),
        }
    }
}

/// A score in `unit`s of a win: above `near` (below −`near`) a win (loss)
/// in `unit` − |score| plies.
fn score_of(s: i32, unit: i32, near: i32) -> EngineScore {
    if s > near {
        EngineScore::Win(unit - s)
    } else if s < -near {
        EngineScore::Loss(unit + s)
    } else {
        EngineScore::Cp(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;
    use crate::matchrunner::timecontrol::TimeControl;
    use std::time::Duration;

    #[test]
    fn requests_and_replies() {
        let o = GameOptions::default();
        let clocks = Clocks::new(TimeControl::Depth(3));
        let mut g = AnyGame::new(Variant::International, o);
        assert_eq!(
            Dialect::Hub2.request(&g, &clocks).unwrap(),
            ["pos", "level depth=3", "go think"]
        );
        g.play("32-28").unwrap();
        g.play("19-23").unwrap();
        assert_eq!(
            Dialect::Hub2.request(&g, &clocks).unwrap()[0],
            r#"pos moves="32-28 19-23""#
        );
        assert_eq!(
            Dialect::Hub2
                .translate(&g, "done move=28x19x23 ponder=14x23x19")
                .unwrap(),
            "bestmove 28x19"
        );
        assert_eq!(
            Dialect::Hub2.translate(&g, "done").unwrap(),
            "bestmove none"
        );
        assert!(matches!(
            Dialect::Hub2.translate(&g, "done move=28-22"),
            Err(Fault::IllegalMove { .. })
        ));
        assert!(matches!(
            Dialect::Hub2.translate(&g, "done move=\"x"),
            Err(Fault::Unreadable { .. })
        ));
        // From a position: its string, then the moves.
        let f = AnyGame::from_fen(Variant::International, "W:W28:B23,14", o).unwrap();
        let r = Dialect::Hub2
            .request(
                &f,
                &Clocks::new(TimeControl::MoveTime(Duration::from_millis(100))),
            )
            .unwrap();
        assert!(r[0].starts_with("pos pos=W"), "{r:?}");
        assert_eq!(r[1], "level move-time=0.100");
        // A capture as the record writes it and as the search does.
        let c = after_double_capture(&from_fen_34_50());
        let r = Dialect::Hub2.request(&c, &clocks).unwrap();
        assert!(
            r[0].ends_with(" moves=34x14x19x29"),
            "{r:?} {:?}",
            c.moves()
        );
    }

    /// White men on 34 and 50 against 29, 19 and 5: a double capture.
    fn from_fen_34_50() -> AnyGame {
        let o = GameOptions::default();
        AnyGame::from_fen(Variant::International, "W:W34,50:B29,19,5", o).unwrap()
    }

    /// `g` after its capture of two pieces.
    fn after_double_capture(g: &AnyGame) -> AnyGame {
        let mut c = g.clone();
        let m = c
            .legal_moves()
            .into_iter()
            .find(|m| m.captured.len() == 2)
            .unwrap();
        c.play(&m.text).unwrap();
        c
    }

    #[test]
    fn the_first_hub_protocol_as_scan_2_speaks_it() {
        let o = GameOptions::default();
        let h = Dialect::Hub1;
        let clocks = Clocks::new(TimeControl::MoveTime(Duration::from_millis(100)));
        let mut g = AnyGame::new(Variant::International, o);
        assert_eq!(h.request(&g, &clocks).unwrap(), ["start", "time 75", "go"]);
        g.play("32-28").unwrap();
        g.play("19-23").unwrap();
        assert_eq!(
            h.request(&g, &clocks).unwrap(),
            ["start", "move 32-28", "move 19-23", "time 75", "go"]
        );
        // Scan 2.0's replies, as it wrote them in a game.
        assert!(h.is_reply("move 28x19x23 14x23x19"));
        assert!(h.is_reply("move"));
        assert!(!h.is_reply("moves 1"));
        assert!(!h.is_reply("info 0 0.0 0 0 0.00 0.0 28x19"));
        assert!(!h.is_reply("input \"ping\""));
        assert_eq!(
            h.translate(&g, "move 28x19x23 14x23x19").unwrap(),
            "bestmove 28x19"
        );
        assert_eq!(h.translate(&g, "move 28x19").unwrap(), "bestmove 28x19");
        assert_eq!(h.translate(&g, "move").unwrap(), "bestmove none");
        assert!(matches!(
            h.translate(&g, "move 28-22 17-22"),
            Err(Fault::IllegalMove { .. })
        ));
        // From a position: its string with the side to move in lower
        // case, then the moves; a capture with every captured square.
        let f = from_fen_34_50();
        let c = after_double_capture(&f);
        let r = h
            .request(&c, &Clocks::new("10+0.1".parse().unwrap()))
            .unwrap();
        assert_eq!(r.len(), 4, "{r:?}");
        assert_eq!(r[0].len(), "pos ".len() + 51, "{r:?}");
        let p = write_position(&f).unwrap();
        assert!(p.starts_with('W'), "{p}");
        assert_eq!(r[0], format!("pos w{}", &p[1..]));
        assert_eq!(r[1], "move 34x14x19x29");
        assert_eq!(r[2], "level 0 9900 100");
        assert_eq!(r[3], "go");
        assert!(h
            .request(&c, &Clocks::new(TimeControl::Nodes(100)))
            .is_err());
        // The handshake.
        assert_eq!(h.id_name("name Scan 2.0").as_deref(), Some("Scan 2.0"));
        assert_eq!(h.id_name("Scan 2.0 by Fabien Letouzey"), None);
        assert_eq!(h.set_param("tt-size", "20"), "set tt-size 20");
        assert_eq!(h.new_game(), "new");
        let game = |v: &str| [("variant".to_string(), v.to_string())];
        assert_eq!(h.game_params(&game("international")), Ok(vec![]));
        assert!(h.game_params(&game("czech")).is_err());
        let hub2 = Dialect::Hub2;
        assert_eq!(
            hub2.game_params(&game("international")),
            Ok(vec![("variant".to_string(), "normal".to_string())])
        );
        assert_eq!(hub2.set_param("hash", "8"), "set-param name=hash value=8");
        assert_eq!(
            hub2.id_name("id name=dama version=0.1.0").as_deref(),
            Some("dama")
        );
    }
}
