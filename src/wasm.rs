//! The JavaScript API (feature `wasm`, target `wasm32-unknown-unknown`).
//!
//! One class, `Game`: a game of any variant with its own searcher.
//! Squares are names (`"c3"`), moves are plain objects, and a refused
//! move throws an `Error` whose message is the reason a player is given.
//!
//! ```js
//! import init, { Game } from "./pkg/dama.js";
//! await init();
//! const game = new Game("czech");             // or new Game("czech", fen)
//! for (const m of game.legalMoves()) console.log(m.text, m.from, m.path, m.captured);
//! game.play("c3-d4");                          // throws Error("…") when illegal
//! const reply = game.bestMove(3);              // level 1–5 (or bestMove(undefined, 20000): a node budget)
//! game.play(reply.move.text);
//! console.log(game.fen(), game.status());      // { over: false, … }
//! game.undo(2);
//! ```
//!
//! A move object: `{ text, from, path, captured, piece, promotion }` —
//! `from` a square name (`null` for a pass), `path` the landing squares
//! (the destination last), `captured` the squares of the captured
//! pieces, `piece` the kind's name in the game (`"man"`, `"knight"`, …),
//! `promotion` the kind it becomes, or `null`.
//!
//! A status object: `{ over, result, rule, text }` — `result` is
//! `"white"`, `"black"` or `"draw"` (`null` while in play), `rule` the
//! deciding rule's id (`"no-moves"`, `"repetition"`, …, see
//! [`EndRule::id`](crate::EndRule::id)) and `text` the verdict in words.

use crate::any::{AnyGame, AnySearcher, MoveInfo};
use crate::game::{GameOptions, GameResult, Status};
use crate::search::Limits;
use crate::square::Square;
use crate::variant::Variant;
use js_sys::{Array, Object, Reflect};
use std::sync::atomic::AtomicBool;
use wasm_bindgen::prelude::*;

/// The transposition table of a game's searcher, in MiB.
const HASH_MB: usize = 16;

/// A plain object from name–value pairs.
fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in fields {
        // Setting a property of a fresh plain object cannot fail.
        let _ = Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o.into()
}

fn squares(v: &[Square]) -> JsValue {
    v.iter()
        .map(|s| JsValue::from_str(&s.to_string()))
        .collect::<Array>()
        .into()
}

fn texts(v: &[String]) -> JsValue {
    v.iter()
        .map(|s| JsValue::from_str(s))
        .collect::<Array>()
        .into()
}

/// A game of any variant, with its searcher (the JavaScript class `Game`).
#[wasm_bindgen]
pub struct Game {
    game: AnyGame,
    searcher: AnySearcher,
}

impl Game {
    fn move_object(&self, m: &MoveInfo) -> JsValue {
        let name = |k| JsValue::from_str(self.game.kind_name(k));
        object(&[
            ("text", JsValue::from_str(&m.text)),
            (
                "from",
                m.from
                    .map_or(JsValue::NULL, |s| JsValue::from_str(&s.to_string())),
            ),
            ("path", squares(&m.path)),
            ("captured", squares(&m.captured)),
            ("piece", name(m.piece)),
            ("promotion", m.promotion.map_or(JsValue::NULL, name)),
        ])
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game of `variant` (`"czech"`, `"gothic"`, …) from its start
    /// position, or from `fen` when given.
    ///
    /// # Errors
    ///
    /// An unknown variant, or a FEN that cannot be read or does not fit the game.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>) -> Result<Game, JsError> {
        let v: Variant = variant.parse()?;
        let options = GameOptions::default();
        let game = match fen {
            Some(f) => AnyGame::from_fen(v, &f, options)?,
            None => AnyGame::new(v, options),
        };
        Ok(Game {
            game,
            searcher: AnySearcher::new(v, HASH_MB),
        })
    }

    /// The names of every variant.
    pub fn variants() -> Array {
        Variant::NAMES
            .iter()
            .map(|n| JsValue::from_str(n))
            .collect()
    }

    /// This game's variant name.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.game.variant().name().to_string()
    }

    /// The variant's full name (`"Czech draughts"`).
    #[wasm_bindgen(getter)]
    pub fn title(&self) -> String {
        self.game.variant().title().to_string()
    }

    /// Number of files of the board.
    #[wasm_bindgen(getter)]
    pub fn files(&self) -> u8 {
        self.game.files()
    }

    /// Number of ranks of the board.
    #[wasm_bindgen(getter)]
    pub fn ranks(&self) -> u8 {
        self.game.ranks()
    }

    /// The current position as FEN, with its counters.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// `"white"` or `"black"`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.game.side_to_move().name().to_string()
    }

    /// The piece on a square, as `{ color, kind }`, or `null` (also for
    /// squares that are not on the board or not a square name).
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, square: &str) -> JsValue {
        let Some(p) = square.parse().ok().and_then(|s| self.game.piece_at(s)) else {
            return JsValue::NULL;
        };
        object(&[
            ("color", JsValue::from_str(p.color.name())),
            ("kind", JsValue::from_str(self.game.kind_name(p.kind))),
        ])
    }

    /// True when pieces can stand on the square.
    #[wasm_bindgen(js_name = isPlayable)]
    pub fn is_playable(&self, square: &str) -> bool {
        square.parse().is_ok_and(|s| self.game.is_playable(s))
    }

    /// Every legal move (move objects, sorted by their text).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Array {
        self.game
            .legal_moves()
            .iter()
            .map(|m| self.move_object(m))
            .collect()
    }

    /// The squares of the pieces that must capture (empty when no capture is on).
    #[wasm_bindgen(js_name = mustCapture)]
    pub fn must_capture(&self) -> JsValue {
        squares(&self.game.must_capture())
    }

    /// The move a text means, without playing it.
    ///
    /// # Errors
    ///
    /// The reason the move is refused, in a player's words.
    pub fn check(&self, text: &str) -> Result<JsValue, JsError> {
        let m = self.game.check_move(text)?;
        Ok(self.move_object(&m))
    }

    /// Plays a move given as text (`"c3-d4"`, `"c3xe5xc7"`, or only the
    /// squares that tell it apart); returns the move played.
    ///
    /// # Errors
    ///
    /// The reason the move is refused, or that the game is over.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsError> {
        let m = self.game.play(text)?;
        Ok(self.move_object(&m))
    }

    /// Takes back `plies` plies (one when not given).
    ///
    /// # Errors
    ///
    /// When fewer plies were played (nothing changes then).
    pub fn undo(&mut self, plies: Option<usize>) -> Result<(), JsError> {
        Ok(self.game.undo(plies.unwrap_or(1))?)
    }

    /// The moves played, as text.
    pub fn moves(&self) -> JsValue {
        texts(&self.game.moves())
    }

    /// The status: `{ over, result, rule, text }`.
    pub fn status(&self) -> JsValue {
        match self.game.status() {
            Status::InPlay => object(&[
                ("over", JsValue::FALSE),
                ("result", JsValue::NULL),
                ("rule", JsValue::NULL),
                ("text", JsValue::from_str("in play")),
            ]),
            Status::Over(o) => {
                let result = match o.result {
                    GameResult::Win(c) => c.name(),
                    GameResult::Draw => "draw",
                };
                object(&[
                    ("over", JsValue::TRUE),
                    ("result", JsValue::from_str(result)),
                    ("rule", JsValue::from_str(o.rule.id())),
                    ("text", JsValue::from_str(&o.to_string())),
                ])
            }
        }
    }

    /// The board as text, White at the bottom unless `flipped`.
    pub fn board(&self, flipped: Option<bool>) -> String {
        self.game.board_text(flipped.unwrap_or(false))
    }

    /// The move the engine recommends at `level` (1–5) for a hint, or
    /// `null` when the game is over.
    pub fn hint(&mut self, level: u8) -> JsValue {
        let stop = AtomicBool::new(false);
        match self.searcher.hint(&self.game, level, &stop) {
            Some(m) => self.move_object(&m),
            None => JsValue::NULL,
        }
    }

    /// Searches for a move to play: at `level` (1–5, with the level's
    /// deliberate mistakes), within `nodes` nodes, or both (neither: level
    /// 5). Returns `{ move, score, depth, nodes, pv }` (`move` is `null`
    /// when the game is over; `score` as `"cp 35"`, `"win 7"`, `"loss 4"`).
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(&mut self, level: Option<u8>, nodes: Option<u32>) -> JsValue {
        let level = match (level, nodes) {
            (None, None) => Some(5),
            (l, _) => l,
        };
        let limits = Limits {
            level,
            nodes: nodes.map(u64::from),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let r = self
            .searcher
            .search(&self.game, &limits, &stop, &mut |_| {});
        object(&[
            (
                "move",
                r.best
                    .as_ref()
                    .map_or(JsValue::NULL, |m| self.move_object(m)),
            ),
            ("score", JsValue::from_str(&r.score.to_string())),
            ("depth", JsValue::from(r.depth)),
            ("nodes", JsValue::from(r.nodes as f64)),
            ("pv", texts(&r.pv)),
        ])
    }

    /// Seeds the random choices of the levels (the same seed gives the
    /// same moves when the search is limited by nodes).
    #[wasm_bindgen(js_name = setSeed)]
    pub fn set_seed(&mut self, seed: u32) {
        self.searcher.set_seed(u64::from(seed));
    }
}
