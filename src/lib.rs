//! # dama — a draughts engine, as a library
//!
//! Play a game and ask the engine for a move:
//!
//! ```
//! use dama::search::{Limits, Searcher};
//! use dama::{Czech, Game, Status};
//! use std::sync::atomic::AtomicBool;
//!
//! let mut game: Game<Czech> = Game::default();          // Czech draughts, from the start
//! game.play_text("c3-d4").unwrap();                      // a move in notation (checked)
//! let mut engine = Searcher::new(16);                    // a 16 MiB transposition table
//! let limits = Limits { depth: Some(6), ..Limits::default() };
//! let reply = engine.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
//! let best = reply.best.unwrap();
//! println!("the engine answers {best} ({})", reply.score);
//! game.play(&best).unwrap();
//! assert_eq!((game.len(), game.status()), (2, Status::InPlay));
//! ```
//!
//! Where the game is chosen at run time (a user names it), the same with
//! [`AnyGame`] and [`AnySearcher`], which speak squares and text:
//!
//! ```
//! use dama::search::Limits;
//! use dama::{AnyGame, AnySearcher, GameOptions, Variant};
//! use std::sync::atomic::AtomicBool;
//!
//! let variant: Variant = "medieval".parse().unwrap();
//! let mut game = AnyGame::new(variant, GameOptions::default());
//! let mut engine = AnySearcher::new(variant, 16);
//! let limits = Limits { nodes: Some(5_000), ..Limits::default() };
//! let reply = engine.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
//! let m = game.play(&reply.best.unwrap().text).unwrap();
//! println!("{} from {:?} along {:?}", m.text, m.from, m.path);
//! ```
//!
//! ## The games
//!
//! Czech draughts (Česká dáma) and four historical games from the same
//! rules book: Gothic draughts, Knight's draughts, Ossetian draughts and
//! Medieval battle; and the mainstream games: international, Frisian,
//! killer, breakthrough and antidraughts on 10×10, Brazilian, Russian,
//! English, Italian, Spanish, pool, Thai and Turkish on 8×8. Each game's rules are written out in the docs of its
//! module under [`rules`]; the registry, [`games`], lists them.
//!
//! ## How it fits together
//!
//! Each layer names only the ones below it:
//!
//! - primitives: [`square`], [`bitboard`], [`geometry`] (boards and
//!   their bit layouts), [`piece`], [`zobrist`], [`variant`];
//! - the game's mechanics ([`rules::Mechanics`]): board, kinds, moves,
//!   captures, precedence, promotion;
//! - [`position`] and [`movegen`] (and [`moves`], [`perft`]), generic over
//!   the mechanics and compiled once per game;
//! - the rest of the rules ([`Rules`]: verdict, counters) and the game
//!   record ([`game`]), move texts and why a move is refused ([`explain`]);
//! - [`notation`]: FEN, move text, PDN;
//! - [`eval`] and [`search`], generic over [`Evaluate`];
//! - the run-time layer ([`AnyGame`], [`AnySearcher`], [`dispatch!`]) and
//!   the edges: the line protocol, `dama play`, `dama match`, the
//!   JavaScript API.
//!
//! ## Features
//!
//! - `cli` (default): the `dama` program and its tools (`play`, `match`,
//!   `bench`); implies `protocol`.
//! - `protocol`: the line protocol engine (PROTOCOL.md).
//! - `wasm`: a JavaScript API through wasm-bindgen (`wasm` module), for
//!   `wasm32-unknown-unknown`.
//!
//! With `default-features = false` the crate is the core alone: no
//! clap, no ctrlc, no threads, and it builds for WebAssembly.

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
#[cfg(feature = "protocol")]
pub mod hub;
#[cfg(feature = "cli")]
pub mod learn;
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
#[cfg(test)]
mod testkit;
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
pub use position::{Position, SetupError, MAX_PIECES_EACH};
pub use rules::{Mechanics, Rules};
crate::games!(__game_types {});
pub use square::{Square, SquareText};
pub use variant::Variant;
