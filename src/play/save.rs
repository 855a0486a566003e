//! Saving a game to PDN and resuming it.
//!
//! A saved game is an ordinary PDN game (see [`crate::notation::pdn`]):
//! the game, the start position when it was not the usual one, the moves
//! played and, when it is over, the result. Two extra tags remember the
//! session: `Player` (the side the player took, or `both` for two players
//! at one terminal) and `Level` (the computer's level), so `--resume`
//! continues as it was; the `White` and `Black` tags name the players for
//! other PDN readers. Resuming replays
//! every move through the rules core, so a hand-edited file with an
//! illegal move is refused with the move's number and the reason.
//! Resuming a collection of games takes the first; saving never writes
//! over anything but an earlier save (or a blank file), so a
//! collection resumed from is not lost by saving to its name.

use crate::any::AnyGame;
use crate::game::{EndRule, GameResult, Status};
use crate::notation::pdn::{read_games, write_game, PdnError, PdnGame};
use crate::piece::Color;
use std::path::{Path, PathBuf};

/// Largest save file read (a long game is a few kilobytes).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Why a game could not be saved or resumed.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The file is larger than a saved game can be.
    #[error("{}: the file is too large for a saved game ({size} bytes, at most {MAX_FILE_BYTES})", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
    },
    /// The file holds no game.
    #[error("{}: there is no game in the file", path.display())]
    NoGame {
        /// The file.
        path: PathBuf,
    },
    /// The PDN could not be read, or a move does not replay.
    #[error("{}: {source}", path.display())]
    Pdn {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        source: Box<PdnError>,
    },
    /// The file is there and holds something other than a saved game,
    /// which saving would destroy.
    #[error("{} {what}; save to another file (a save replaces only an earlier save)", path.display())]
    WouldReplace {
        /// The file.
        path: PathBuf,
        /// What is in the way: `is a directory`, `already holds 2 games`…
        what: String,
    },
    /// A `Player` or `Level` tag with a value that makes no sense.
    #[error("{}: the {tag} tag must be {expected}, not '{value}'", path.display())]
    BadTag {
        /// The file.
        path: PathBuf,
        /// `Player` or `Level`.
        tag: &'static str,
        /// What it may be.
        expected: &'static str,
        /// What it was.
        value: String,
    },
}

/// A game read back from a save file, with the session it came from.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The game, every move replayed.
    pub game: AnyGame,
    /// The player's side, from the `Player` tag.
    pub human: Option<Color>,
    /// The computer's level, from the `Level` tag.
    pub level: Option<u8>,
    /// Two players at one terminal (`Player "both"`).
    pub two_players: bool,
    /// How many games the file holds (the first is resumed).
    pub games: usize,
}

/// Who plays the game being saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// A person (`human`) against the computer at `level`.
    Computer {
        /// The person's side.
        human: Color,
        /// The computer's level.
        level: u8,
    },
    /// Two people at one terminal.
    TwoPlayers,
}

/// The PDN text of a game played by `players`.
pub fn to_pdn_of(game: &AnyGame, players: Players) -> String {
    let mut pdn = PdnGame::from_game(game);
    pdn.set_tag("Event", "dama play");
    match players {
        Players::Computer { human, level } => {
            let computer = format!("dama level {level}");
            let (white, black) = match human {
                Color::White => ("Player", computer.as_str()),
                Color::Black => (computer.as_str(), "Player"),
            };
            pdn.set_tag("White", white);
            pdn.set_tag("Black", black);
            pdn.set_tag("Player", human.name());
            pdn.set_tag("Level", &level.to_string());
        }
        Players::TwoPlayers => {
            pdn.set_tag("White", "Player 1");
            pdn.set_tag("Black", "Player 2");
            pdn.set_tag("Player", "both");
        }
    }
    write_game(&pdn)
}

/// The PDN text of a game played by `human` against the computer at `level`.
pub fn to_pdn(game: &AnyGame, human: Color, level: u8) -> String {
    to_pdn_of(game, Players::Computer { human, level })
}

/// Writes the game to `path` as PDN.
pub fn save(path: &Path, game: &AnyGame, human: Color, level: u8) -> Result<(), SaveError> {
    save_of(path, game, Players::Computer { human, level })
}

/// Writes the game played by `players` to `path` as PDN. A file that is
/// there already is replaced only if it holds one game saved by `dama
/// play` (an earlier save of this or another game) or nothing but blanks:
/// a PDN collection or any other file is left as it was, with
/// [`SaveError::WouldReplace`].
pub fn save_of(path: &Path, game: &AnyGame, players: Players) -> Result<(), SaveError> {
    if let Some(what) = not_a_save(path) {
        return Err(SaveError::WouldReplace {
            path: path.to_path_buf(),
            what,
        });
    }
    std::fs::write(path, to_pdn_of(game, players)).map_err(|source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads the first game of a PDN text (`path` only names it in errors).
pub fn from_pdn(text: &str, path: &Path) -> Result<Saved, SaveError> {
    let pdn_err = |source| SaveError::Pdn {
        path: path.to_path_buf(),
        source: Box::new(source),
    };
    let games = read_games(text).map_err(pdn_err)?;
    let count = games.len();
    let Some(pdn) = games.into_iter().next() else {
        return Err(SaveError::NoGame {
            path: path.to_path_buf(),
        });
    };
    let mut game = pdn.replay().map_err(pdn_err)?;
    // A resignation is not a move: restore it from the tags.
    if pdn.termination() == Some(EndRule::Resignation.id()) && game.status() == Status::InPlay {
        if let Some(GameResult::Win(winner)) = pdn.result.game_result() {
            // Resigning is only possible on one's own turn, so the loser
            // is the side to move; anything else is left in play.
            let _ = game.resign(!winner);
        }
    }
    let mut two_players = false;
    let human = match pdn.tag("Player").map(str::trim) {
        None => None,
        Some(v) if v.eq_ignore_ascii_case("white") => Some(Color::White),
        Some(v) if v.eq_ignore_ascii_case("black") => Some(Color::Black),
        Some(v) if v.eq_ignore_ascii_case("both") => {
            two_players = true;
            None
        }
        Some(v) => {
            return Err(SaveError::BadTag {
                path: path.to_path_buf(),
                tag: "Player",
                expected: "white, black or both",
                value: v.to_string(),
            })
        }
    };
    let level = match pdn.tag("Level").map(str::trim) {
        None => None,
        Some(v) => match v.parse::<u8>() {
            Ok(n @ 1..=5) => Some(n),
            _ => {
                return Err(SaveError::BadTag {
                    path: path.to_path_buf(),
                    tag: "Level",
                    expected: "a level from 1 to 5",
                    value: v.to_string(),
                })
            }
        },
    };
    Ok(Saved {
        game,
        human,
        level,
        two_players,
        games: count,
    })
}

/// Why saving to a file that is there would lose something (`None`: no
/// such file, an empty or blank one, or one game saved by `dama play`).
fn not_a_save(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_dir() {
        return Some("is a directory".into());
    }
    // A device or a pipe (`/dev/stdout`) holds nothing to lose, and
    // reading it could wait for ever.
    if !meta.is_file() {
        return None;
    }
    let text = match read_text(path) {
        Ok(text) => text,
        Err(SaveError::TooLarge { size, .. }) => {
            return Some(format!("is larger than a saved game ({size} bytes)"))
        }
        Err(_) => return Some("cannot be read to see what it holds".into()),
    };
    if text.trim().is_empty() {
        return None;
    }
    match read_games(&text) {
        Ok(games) if games.len() == 1 && games[0].tag("Event") == Some("dama play") => None,
        Ok(games) if games.len() > 1 => Some(format!("already holds {} games", games.len())),
        Ok(games) if games.len() == 1 => Some("already holds a game not saved by dama play".into()),
        _ => Some("already holds something that is not a saved game".into()),
    }
}

/// The text of a file no larger than a saved game can be.
fn read_text(path: &Path) -> Result<String, SaveError> {
    let io_err = |source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    let size = std::fs::metadata(path).map_err(io_err)?.len();
    if size > MAX_FILE_BYTES {
        return Err(SaveError::TooLarge {
            path: path.to_path_buf(),
            size,
        });
    }
    let bytes = std::fs::read(path).map_err(io_err)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Reads a save file.
pub fn load(path: &Path) -> Result<Saved, SaveError> {
    from_pdn(&read_text(path)?, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;
    use crate::variant::Variant;

    #[test]
    fn a_game_comes_back_as_it_was_saved() {
        let mut g = AnyGame::from_fen(Variant::Gothic, "W:Wa1,c2:Bh8,d7", GameOptions::default())
            .expect("a Gothic position");
        g.play("c2-c3").unwrap();
        g.play("d7-d6").unwrap();
        let text = to_pdn(&g, Color::Black, 2);
        assert!(text.contains("[Player \"black\"]"), "{text}");
        assert!(text.contains("[White \"dama level 2\"]"), "{text}");
        let back = from_pdn(&text, Path::new("t.pdn")).unwrap();
        assert_eq!(back.game.variant(), Variant::Gothic);
        assert_eq!(back.game.fen(), g.fen());
        assert_eq!(back.game.moves(), g.moves());
        assert_eq!(back.human, Some(Color::Black));
        assert_eq!(back.level, Some(2));
    }

    #[test]
    fn a_two_player_game_comes_back_as_one() {
        let mut g = AnyGame::new(Variant::Czech, GameOptions::default());
        g.play("c3-d4").unwrap();
        let text = to_pdn_of(&g, Players::TwoPlayers);
        assert!(text.contains("[Player \"both\"]"), "{text}");
        let back = from_pdn(&text, Path::new("t.pdn")).unwrap();
        assert!(back.two_players);
        assert_eq!(back.human, None);
        assert_eq!(back.game.moves(), g.moves());
    }

    #[test]
    fn a_resignation_comes_back() {
        let mut g = AnyGame::new(Variant::Czech, GameOptions::default());
        g.play("c3-d4").unwrap();
        g.resign(Color::Black).unwrap();
        let back = from_pdn(&to_pdn(&g, Color::Black, 3), Path::new("t.pdn")).unwrap();
        assert_eq!(back.game.status(), g.status());
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        let p = Path::new("t.pdn");
        let e = from_pdn("", p).unwrap_err().to_string();
        assert_eq!(e, "t.pdn: there is no game in the file");
        let e = from_pdn("[Level \"9\"]\n1. c3-d4 *\n", p)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "t.pdn: the Level tag must be a level from 1 to 5, not '9'"
        );
        let e = from_pdn("1. c3-d4 d4-e5 *\n", p).unwrap_err().to_string();
        assert!(e.starts_with("t.pdn: game 1, move 1... d4-e5: "), "{e}");
    }
}
