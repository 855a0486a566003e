//! # dama — a draughts engine
//!
//! Czech draughts (Česká dáma) and four historical games from the same
//! rules book (Gothic draughts, Knight's draughts, Ossetian draughts,
//! Medieval battle), with a move generator on bitboards, a game record
//! with every end and draw rule, perft, a search and a line protocol.
//!
//! Data flows one way: text is parsed ([`notation`]) and checked against
//! a game into a [`Position`]; positions generate moves ([`movegen`]);
//! a [`Game`] records moves and decides the result.
//!
//! ```
//! use dama::{Czech, Game, Position};
//! let mut game: Game<Czech> = Game::default();
//! assert_eq!(game.position().legal_moves().len(), 7);
//! game.play_text("c3-d4").unwrap();
//! assert_eq!(game.position().to_string(),
//!     "B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8");
//! ```

pub mod any;
#[cfg(feature = "cli")]
pub mod bench;
pub mod bitboard;
pub mod clock;
pub mod egtb;
pub mod eval;
pub mod explain;
pub mod game;
pub mod games;
pub mod geometry;
#[cfg(feature = "cli")]
pub mod matchrunner;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
#[cfg(feature = "cli")]
pub mod play;
pub mod position;
#[cfg(feature = "protocol")]
pub mod protocol;
pub mod rules;
pub mod search;
#[cfg(feature = "serve")]
pub mod serve;
pub mod square;
pub mod variant;
#[cfg(feature = "wasm")]
pub mod wasm;
pub mod zobrist;

pub use any::{AnyGame, AnyResult, AnySearcher, MoveInfo};
pub use eval::Evaluate;
pub use explain::{Illegal, MoveError};
pub use game::{EndRule, Game, GameOptions, GameResult, Outcome, Status, Tally};
pub use moves::{Move, MoveList};
pub use notation::fen::{FenError, Setup};
pub use notation::movetext::MoveText;
pub use piece::{Color, Kind, Piece};
pub use position::{Position, SetupError};
pub use rules::{Mechanics, Rules};
crate::games!(__game_types {});
pub use square::Square;
pub use variant::Variant;
