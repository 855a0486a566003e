//! A game of any of the five variants, chosen at run time.
//!
//! The protocol, `dama play` and the match runner learn the game from the
//! user, so they hold an [`AnyGame`]: an enum over [`Game<R>`] for each
//! game, speaking squares and text rather than bits. Everything the
//! playing app needs is here: legal moves with paths and captures, the
//! pieces that must capture, the check of one move text with its reason,
//! playing, undo, the status with its rule, FEN and a plain board.

use crate::explain::{self, MoveError};
use crate::game::{Game, GameError, GameOptions, Status};
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::notation::fen::{FenError, Setup};
use crate::piece::{Color, Kind, Piece};
use crate::rules::{Czech, Gothic, Knights, Medieval, Ossetian, Rules};
use crate::search::{Info, Limits, Score, Searcher};
use crate::square::Square;
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;

/// A move described in squares, for any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The canonical notation (`c3xe5xc7`, `pass`).
    pub text: String,
    /// Origin (`None` for a pass).
    pub from: Option<Square>,
    /// Landing squares in order, the destination last.
    pub path: Vec<Square>,
    /// Squares of the captured pieces, file then rank.
    pub captured: Vec<Square>,
    /// The kind of the moving piece.
    pub piece: Kind,
    /// The kind it becomes at the end of the move.
    pub promotion: Option<Kind>,
}

impl MoveInfo {
    /// Describes a move of game `R`.
    pub fn of<R: Rules>(m: &Move<R>) -> Self {
        MoveInfo {
            text: m.to_string(),
            from: m.from(),
            path: m.path(),
            captured: m.captured(),
            piece: m.kind(),
            promotion: m.promotion(),
        }
    }
    /// True for a pass.
    pub fn is_pass(&self) -> bool {
        self.from.is_none()
    }
}

/// A game of a variant chosen at run time.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Czech draughts.
    Czech(Game<Czech>),
    /// Gothic draughts.
    Gothic(Game<Gothic>),
    /// Knight's draughts.
    Knights(Game<Knights>),
    /// Ossetian draughts.
    Ossetian(Game<Ossetian>),
    /// Medieval battle.
    Medieval(Game<Medieval>),
}

macro_rules! with_game {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Czech($g) => $body,
            AnyGame::Gothic($g) => $body,
            AnyGame::Knights($g) => $body,
            AnyGame::Ossetian($g) => $body,
            AnyGame::Medieval($g) => $body,
        }
    };
}

impl AnyGame {
    /// A new game from the start position.
    pub fn new(variant: Variant, options: GameOptions) -> Self {
        match variant {
            Variant::Czech => AnyGame::Czech(Game::new(options)),
            Variant::Gothic => AnyGame::Gothic(Game::new(options)),
            Variant::Knights => AnyGame::Knights(Game::new(options)),
            Variant::Ossetian => AnyGame::Ossetian(Game::new(options)),
            Variant::Medieval => AnyGame::Medieval(Game::new(options)),
        }
    }

    /// A game from a FEN (its `H` and `F` fields become the counters).
    pub fn from_fen(variant: Variant, fen: &str, options: GameOptions) -> Result<Self, FenError> {
        let setup: Setup = fen.parse()?;
        Ok(match variant {
            Variant::Czech => AnyGame::Czech(Game::from_setup(&setup, options)?),
            Variant::Gothic => AnyGame::Gothic(Game::from_setup(&setup, options)?),
            Variant::Knights => AnyGame::Knights(Game::from_setup(&setup, options)?),
            Variant::Ossetian => AnyGame::Ossetian(Game::from_setup(&setup, options)?),
            Variant::Medieval => AnyGame::Medieval(Game::from_setup(&setup, options)?),
        })
    }

    /// Which game this is.
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Czech(_) => Variant::Czech,
            AnyGame::Gothic(_) => Variant::Gothic,
            AnyGame::Knights(_) => Variant::Knights,
            AnyGame::Ossetian(_) => Variant::Ossetian,
            AnyGame::Medieval(_) => Variant::Medieval,
        }
    }
    /// The rule options.
    pub fn options(&self) -> GameOptions {
        with_game!(self, g => g.options())
    }
    /// Changes the rule options.
    pub fn set_options(&mut self, o: GameOptions) {
        with_game!(self, g => g.set_options(o))
    }
    /// The current position with counters, as FEN.
    pub fn fen(&self) -> String {
        with_game!(self, g => g.fen())
    }
    /// The start position with counters, as FEN.
    pub fn start_fen(&self) -> String {
        with_game!(self, g => g.start_fen())
    }
    /// True when the game started from the variant's start position.
    pub fn from_start(&self) -> bool {
        with_game!(self, g => *g.start() == crate::position::Position::start() && g.start_counters().ply == 0)
    }
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        with_game!(self, g => g.position().side())
    }
    /// The current position's Zobrist key.
    pub fn key(&self) -> u64 {
        with_game!(self, g => g.position().key())
    }
    /// Number of files of the board.
    pub fn files(&self) -> u8 {
        crate::dispatch!(self.variant(), R => <R as Rules>::Geo::files())
    }
    /// Number of ranks of the board.
    pub fn ranks(&self) -> u8 {
        crate::dispatch!(self.variant(), R => <R as Rules>::Geo::ranks())
    }
    /// True when pieces can stand on the square.
    pub fn is_playable(&self, sq: Square) -> bool {
        crate::dispatch!(self.variant(), R => <R as Rules>::Geo::bit(sq).is_some())
    }
    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        with_game!(self, g => g.position().piece_at(sq))
    }
    /// The player's name of a kind in this game ("man", "pawn", "knight", …).
    pub fn kind_name(&self, k: Kind) -> &'static str {
        crate::dispatch!(self.variant(), R => <R as Rules>::KIND_NAMES[k.index()])
    }
    /// Every legal move, sorted by notation.
    pub fn legal_moves(&self) -> Vec<MoveInfo> {
        let mut v: Vec<MoveInfo> =
            with_game!(self, g => g.position().legal_moves().iter().map(MoveInfo::of).collect());
        v.sort_by(|a, b| a.text.cmp(&b.text));
        v
    }
    /// The pieces that must capture (empty when no capture is on).
    pub fn must_capture(&self) -> Vec<Square> {
        with_game!(self, g => explain::must_capture(g.position()))
    }
    /// Checks a move text without playing it.
    pub fn check_move(&self, text: &str) -> Result<MoveInfo, MoveError> {
        with_game!(self, g => explain::parse_move(g.position(), text).map(|m| MoveInfo::of(&m)))
    }
    /// Plays a move given in notation.
    pub fn play(&mut self, text: &str) -> Result<MoveInfo, GameError> {
        with_game!(self, g => g.play_text(text).map(|m| MoveInfo::of(&m)))
    }
    /// Takes back `n` plies (nothing changes if fewer were played).
    pub fn undo(&mut self, n: usize) -> Result<(), GameError> {
        with_game!(self, g => g.undo_n(n))
    }
    /// Withdraws a resignation, the moves staying as they are; false if
    /// nobody had resigned.
    pub fn withdraw_resignation(&mut self) -> bool {
        with_game!(self, g => g.withdraw_resignation())
    }
    /// `c` resigns (on its own turn only).
    pub fn resign(&mut self, c: Color) -> Result<(), GameError> {
        with_game!(self, g => g.resign(c))
    }
    /// In play, or the result and its rule.
    pub fn status(&self) -> Status {
        with_game!(self, g => g.status())
    }
    /// The moves played, in notation.
    pub fn moves(&self) -> Vec<String> {
        with_game!(self, g => g.moves().map(|m| m.to_string()).collect())
    }
    /// The last move played.
    pub fn last_move(&self) -> Option<MoveInfo> {
        with_game!(self, g => g.last_move().map(MoveInfo::of))
    }
    /// Number of plies played.
    pub fn len(&self) -> usize {
        with_game!(self, g => g.len())
    }
    /// True when no move has been played.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Perft from the current position.
    pub fn perft(&self, depth: u32, bulk: bool) -> u64 {
        with_game!(self, g => crate::perft::perft(g.position(), depth, bulk))
    }
    /// Perft by root move, sorted by notation.
    pub fn divide(&self, depth: u32, bulk: bool) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = with_game!(self, g => crate::perft::divide(g.position(), depth, bulk)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect());
        v.sort();
        v
    }

    /// The board as plain text, White at the bottom unless `flipped`.
    /// Letters: `w`/`b` men (pawns), `W`/`B` kings, `n`/`N` knights
    /// (white lower, black upper case… see [`piece_char`]), `.` empty
    /// playable square, space for unplayable squares.
    pub fn board_text(&self, flipped: bool) -> String {
        let files = self.files();
        let ranks = self.ranks();
        let mut out = String::new();
        let rank_order: Vec<u8> = if flipped {
            (0..ranks).collect()
        } else {
            (0..ranks).rev().collect()
        };
        let file_order: Vec<u8> = if flipped {
            (0..files).rev().collect()
        } else {
            (0..files).collect()
        };
        for &r in &rank_order {
            out.push_str(&format!("{:>2} ", r + 1));
            for &f in &file_order {
                let sq = Square::new(f, r).expect("on board");
                let c = match self.piece_at(sq) {
                    Some(p) => piece_char(p),
                    None if self.is_playable(sq) => '.',
                    None => ' ',
                };
                out.push(c);
                out.push(' ');
            }
            out.pop();
            out.push('\n');
        }
        out.push_str("   ");
        for &f in &file_order {
            out.push((b'a' + f) as char);
            out.push(' ');
        }
        out.pop();
        out.push('\n');
        out
    }
}

/// One letter per piece: White lower case, Black upper case —
/// `m`/`M` man (pawn, piece), `k`/`K` king, `n`/`N` knight, `c`/`C` commander.
pub fn piece_char(p: Piece) -> char {
    let c = match p.kind {
        Kind::Man => 'm',
        Kind::King => 'k',
        Kind::Knight => 'n',
        Kind::Commander => 'c',
    };
    match p.color {
        Color::White => c,
        Color::Black => c.to_ascii_uppercase(),
    }
}

/// What a search of an [`AnyGame`] found, in squares and text.
#[derive(Clone, Debug)]
pub struct AnyResult {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<MoveInfo>,
    /// Its score.
    pub score: Score,
    /// The principal variation in notation.
    pub pv: Vec<String>,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A searcher for whichever game is being played.
pub enum AnySearcher {
    /// Czech draughts.
    Czech(Searcher<Czech>),
    /// Gothic draughts.
    Gothic(Searcher<Gothic>),
    /// Knight's draughts.
    Knights(Searcher<Knights>),
    /// Ossetian draughts.
    Ossetian(Searcher<Ossetian>),
    /// Medieval battle.
    Medieval(Searcher<Medieval>),
}

macro_rules! with_searcher {
    ($self:expr, $s:ident => $body:expr) => {
        match $self {
            AnySearcher::Czech($s) => $body,
            AnySearcher::Gothic($s) => $body,
            AnySearcher::Knights($s) => $body,
            AnySearcher::Ossetian($s) => $body,
            AnySearcher::Medieval($s) => $body,
        }
    };
}

impl AnySearcher {
    /// A searcher for `variant` with `hash_mb` MiB of transposition table.
    pub fn new(variant: Variant, hash_mb: usize) -> Self {
        match variant {
            Variant::Czech => AnySearcher::Czech(Searcher::new(hash_mb)),
            Variant::Gothic => AnySearcher::Gothic(Searcher::new(hash_mb)),
            Variant::Knights => AnySearcher::Knights(Searcher::new(hash_mb)),
            Variant::Ossetian => AnySearcher::Ossetian(Searcher::new(hash_mb)),
            Variant::Medieval => AnySearcher::Medieval(Searcher::new(hash_mb)),
        }
    }
    /// Which game it searches.
    pub fn variant(&self) -> Variant {
        match self {
            AnySearcher::Czech(_) => Variant::Czech,
            AnySearcher::Gothic(_) => Variant::Gothic,
            AnySearcher::Knights(_) => Variant::Knights,
            AnySearcher::Ossetian(_) => Variant::Ossetian,
            AnySearcher::Medieval(_) => Variant::Medieval,
        }
    }
    /// Forgets what was learned (new game).
    pub fn clear(&mut self) {
        with_searcher!(self, s => s.clear())
    }
    /// Resizes the transposition table to `hash_mb` MiB (its contents are lost).
    pub fn set_hash(&mut self, hash_mb: usize) {
        with_searcher!(self, s => s.set_hash(hash_mb))
    }
    /// The transposition table's size in MiB.
    pub fn hash_mb(&self) -> usize {
        with_searcher!(self, s => s.hash_mb())
    }
    /// Seeds the random choices of the levels.
    pub fn set_seed(&mut self, seed: u64) {
        with_searcher!(self, s => s.set_seed(seed))
    }
    /// Number of principal variations reported (analysis).
    pub fn set_multipv(&mut self, lines: usize) {
        with_searcher!(self, s => s.set_multipv(lines))
    }
    /// Endgame databases for the Czech searcher (the other games have none).
    pub fn set_tablebase(&mut self, tb: Option<std::sync::Arc<crate::egtb::Egtb>>) {
        if let AnySearcher::Czech(s) = self {
            s.set_tablebase(tb.map(|t| t as std::sync::Arc<dyn crate::egtb::Tablebase<Czech>>));
        }
    }
    /// Permille of the transposition table written by the last search.
    pub fn hashfull(&self) -> u32 {
        with_searcher!(self, s => s.hashfull())
    }
    /// Switches to `variant` if needed, keeping the table size and the
    /// number of lines (the table's contents belong to the old game).
    fn follow(&mut self, variant: Variant) {
        if self.variant() != variant {
            let (mb, lines) = with_searcher!(&*self, s => (s.hash_mb(), s.multipv()));
            *self = AnySearcher::new(variant, mb);
            self.set_multipv(lines);
        }
    }
    /// The move the engine recommends at `level` (its budget, without its
    /// deliberate mistakes), for a hint; `None` when the game is over.
    pub fn hint(&mut self, game: &AnyGame, level: u8, stop: &AtomicBool) -> Option<MoveInfo> {
        self.follow(game.variant());
        match (self, game) {
            (AnySearcher::Czech(s), AnyGame::Czech(g)) => {
                s.hint(g, level, stop).as_ref().map(MoveInfo::of)
            }
            (AnySearcher::Gothic(s), AnyGame::Gothic(g)) => {
                s.hint(g, level, stop).as_ref().map(MoveInfo::of)
            }
            (AnySearcher::Knights(s), AnyGame::Knights(g)) => {
                s.hint(g, level, stop).as_ref().map(MoveInfo::of)
            }
            (AnySearcher::Ossetian(s), AnyGame::Ossetian(g)) => {
                s.hint(g, level, stop).as_ref().map(MoveInfo::of)
            }
            (AnySearcher::Medieval(s), AnyGame::Medieval(g)) => {
                s.hint(g, level, stop).as_ref().map(MoveInfo::of)
            }
            _ => unreachable!("the searcher follows the game's variant"),
        }
    }
    /// Searches the game's current position. The searcher's game must
    /// match; if not, a fresh searcher for the right game is used (with
    /// the same table size).
    pub fn search(
        &mut self,
        game: &AnyGame,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> AnyResult {
        self.follow(game.variant());
        macro_rules! go {
            ($s:expr, $g:expr) => {{
                let r = $s.search($g, limits, stop, on_info);
                AnyResult {
                    best: r.best.as_ref().map(MoveInfo::of),
                    score: r.score,
                    pv: r.pv.iter().map(|m| m.to_string()).collect(),
                    depth: r.depth,
                    nodes: r.nodes,
                }
            }};
        }
        match (self, game) {
            (AnySearcher::Czech(s), AnyGame::Czech(g)) => go!(s, g),
            (AnySearcher::Gothic(s), AnyGame::Gothic(g)) => go!(s, g),
            (AnySearcher::Knights(s), AnyGame::Knights(g)) => go!(s, g),
            (AnySearcher::Ossetian(s), AnyGame::Ossetian(g)) => go!(s, g),
            (AnySearcher::Medieval(s), AnyGame::Medieval(g)) => go!(s, g),
            _ => unreachable!("variants were matched above"),
        }
    }
}
