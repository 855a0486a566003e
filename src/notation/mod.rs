//! Text forms: positions (FEN) and moves. Text is parsed into plain
//! values first ([`fen::Setup`], [`movetext::MoveText`]) without knowing
//! the game; checking them against a game and a position is a second
//! step ([`crate::position::Position::from_setup`],
//! [`crate::explain::resolve`]), so a malformed text and an illegal move
//! are different errors.

pub mod fen;
pub mod movetext;
pub mod pdn;
