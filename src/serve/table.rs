//! One game at a table: the record, who plays which side, and the
//! actions a player may take on it.
//!
//! Everything here is synchronous and free of input and output, so the
//! rules of the app (whose turn, what undo takes back, when resigning
//! is allowed, why a piece cannot move) are tested without a network.
//! Every rule of the game itself comes from the library through
//! [`AnyGame`]: the page never decides legality.

use crate::any::{AnyGame, MoveInfo};
use crate::game::{EndRule, GameOptions, Status};
use crate::piece::Color;
use crate::square::Square;
use crate::variant::Variant;

/// Longest tap path a client may send: an origin and up to 31 landings
/// (longer than any capture on a 10×10 board).
pub const MAX_PATH: usize = 32;

/// Most plies a saved game may replay (a client's record or the store).
pub const MAX_PLIES: usize = 4_000;

/// A game and its version counter (bumped on every change, so a search
/// started before a change knows its answer is stale).
#[derive(Clone, Debug)]
pub struct Table {
    game: AnyGame,
    version: u64,
}

/// Why an action was refused: the text the page shows.
pub type Refusal = String;

impl Table {
    /// A new game from the start position of `variant`.
    pub fn new(variant: Variant) -> Self {
        Table {
            game: AnyGame::new(variant, GameOptions::default()),
            version: 0,
        }
    }

    /// A game replayed from a start (FEN, or the variant's start
    /// position) and moves in notation. Stops with the reason at the
    /// first move that cannot be played.
    pub fn replay(
        variant: Variant,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<Self, Refusal> {
        if moves.len() > MAX_PLIES {
            return Err(format!("the game has more than {MAX_PLIES} plies"));
        }
        let mut game = match start {
            Some(fen) => AnyGame::from_fen(variant, fen, GameOptions::default())
                .map_err(|e| format!("the start position cannot be read: {e}"))?,
            None => AnyGame::new(variant, GameOptions::default()),
        };
        for (i, m) in moves.iter().enumerate() {
            game.play(m)
                .map_err(|e| format!("move {} ({}) cannot be played: {e}", i + 1, clip(m)))?;
        }
        // Versions go on from the record's length, so that a page that
        // saw the game before a restart of the server sees a change.
        let version = moves.len() as u64;
        Ok(Table { game, version })
    }

    /// The game record.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The version: it changes whenever the game does.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The start FEN when the game did not start from the variant's start.
    pub fn start_fen(&self) -> Option<String> {
        (!self.game.from_start()).then(|| self.game.start_fen())
    }

    /// True while the game goes on.
    pub fn in_play(&self) -> bool {
        self.game.status() == Status::InPlay
    }

    fn bump(&mut self) {
        self.version += 1;
    }

    /// `by` plays the move its taps describe: the origin, then the
    /// landing squares tapped (the destination last, earlier landings
    /// only where two paths reach the same square). The move is read
    /// as the notation reads `c3-d4` or `c3xe5xc7` and resolved by the
    /// library; a refusal says why in the rules' words.
    pub fn attempt(&mut self, by: Color, path: &[Square]) -> Result<MoveInfo, Refusal> {
        self.playable_by(by)?;
        let text = path_text(path)?;
        let played = self.game.play(&text).map_err(|e| e.to_string())?;
        self.bump();
        Ok(played)
    }

    /// Plays a move in notation for `by` (the computer's moves).
    pub fn play_text(&mut self, by: Color, text: &str) -> Result<MoveInfo, Refusal> {
        self.playable_by(by)?;
        let played = self.game.play(text).map_err(|e| e.to_string())?;
        self.bump();
        Ok(played)
    }

    fn playable_by(&self, by: Color) -> Result<(), Refusal> {
        if let Status::Over(o) = self.game.status() {
            return Err(format!("the game is over ({o})"));
        }
        let side = self.game.side_to_move();
        if side != by {
            return Err(format!("it is {side}'s turn"));
        }
        Ok(())
    }

    /// Why the piece on `sq` cannot be moved by `by` now (the page asks
    /// when a player picks a piece that has no legal move), or `None`
    /// when it can move.
    pub fn why_not(&self, by: Color, sq: Square) -> Option<Refusal> {
        if let Err(e) = self.playable_by(by) {
            return Some(e);
        }
        let moves = self.game.legal_moves();
        if moves.iter().any(|m| m.from == Some(sq)) {
            return None;
        }
        let Some(piece) = self.game.piece_at(sq) else {
            return Some(format!("there is no piece on {sq}"));
        };
        if piece.color != by {
            return Some(format!("the piece on {sq} is not yours"));
        }
        if moves.first().is_some_and(|m| m.is_pass()) {
            return Some("you have no move and must pass".to_string());
        }
        // A capture elsewhere: the library's own reason for a move of
        // this piece (capture compulsory, a king must capture).
        if moves.iter().any(|m| !m.captured.is_empty()) {
            if let Some(reason) = self.reason_for_any_step(sq) {
                return Some(reason);
            }
        }
        let name = self.game.kind_name(piece.kind);
        Some(format!("the {name} on {sq} has no move"))
    }

    /// The library's reason for moving the piece on `sq` to a
    /// neighbouring square (used only when another piece must capture).
    fn reason_for_any_step(&self, sq: Square) -> Option<Refusal> {
        let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
        for (df, dr) in [
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
            (0, 1),
            (1, 0),
            (-1, 0),
            (0, -1),
        ] {
            let (Ok(nf), Ok(nr)) = (u8::try_from(f + df), u8::try_from(r + dr)) else {
                continue;
            };
            let Some(to) = Square::new(nf, nr) else {
                continue;
            };
            if nf >= self.game.files() || nr >= self.game.ranks() || !self.game.is_playable(to) {
                continue;
            }
            if let Err(e) = self.game.check_move(&format!("{sq}-{to}")) {
                return Some(e.to_string());
            }
        }
        None
    }

    /// Takes back `human`'s last move and every move after it (the
    /// computer's reply), or withdraws `human`'s resignation. Returns
    /// the number of plies taken back.
    pub fn undo_for(&mut self, human: Color) -> Result<usize, Refusal> {
        if let Status::Over(o) = self.game.status() {
            if o.rule == EndRule::Resignation {
                self.game.withdraw_resignation();
                self.bump();
                return Ok(0);
            }
        }
        let mut g = self.game.clone();
        let mut n = 0;
        loop {
            if g.is_empty() {
                return Err("there is no move of yours to take back".to_string());
            }
            let mover = !g.side_to_move();
            g.undo(1)
                .map_err(|_| "there is no move of yours to take back".to_string())?;
            n += 1;
            if mover == human {
                break;
            }
        }
        self.game = g;
        self.bump();
        Ok(n)
    }

    /// True when [`Table::undo_for`] would take something back for `human`.
    pub fn can_undo(&self, human: Color) -> bool {
        if let Status::Over(o) = self.game.status() {
            if o.rule == EndRule::Resignation {
                return true;
            }
        }
        let n = self.game.len();
        let start_side = if n % 2 == 0 {
            self.game.side_to_move()
        } else {
            !self.game.side_to_move()
        };
        n >= if start_side == human { 1 } else { 2 }
    }

    /// `by` resigns; allowed only on one's own turn while the game goes on.
    pub fn resign(&mut self, by: Color) -> Result<(), Refusal> {
        self.playable_by(by)
            .map_err(|e| format!("you can resign only on your own turn: {e}"))?;
        self.game.resign(by).map_err(|e| e.to_string())?;
        self.bump();
        Ok(())
    }
}

/// The notation of a tap path: `c3-d4` for two squares, `c3xe5xc7` for
/// more (the library reads a `-` move as matching a capture with those
/// squares too, so two taps serve steps and captures alike), and `pass`
/// for none (the page's Pass button, in the games where a player without
/// a move passes; the library refuses it elsewhere, or with a move).
pub fn path_text(path: &[Square]) -> Result<String, Refusal> {
    if path.is_empty() {
        return Ok("pass".to_string());
    }
    if path.len() < 2 {
        return Err("a move needs a piece and a square to go to".to_string());
    }
    if path.len() > MAX_PATH {
        return Err(format!("a move has at most {MAX_PATH} squares"));
    }
    let sep = if path.len() == 2 { "-" } else { "x" };
    Ok(path
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(sep))
}

/// A client's text cut to 40 characters for an error message.
pub fn clip(s: &str) -> String {
    if s.chars().count() <= 40 {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(40).collect();
        t.push('…');
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_step_then_a_refusal_in_the_rules_words() {
        let mut t = Table::new(Variant::Czech);
        let m = t.attempt(Color::White, &[sq("c3"), sq("d4")]).unwrap();
        assert_eq!(m.text, "c3-d4");
        assert_eq!(t.version(), 1);
        let e = t.attempt(Color::White, &[sq("e3"), sq("f4")]).unwrap_err();
        assert_eq!(e, "it is black's turn");
        let e = t.attempt(Color::Black, &[sq("f6"), sq("f4")]).unwrap_err();
        assert!(e.contains("not a diagonal move"), "{e}");
        assert_eq!(t.version(), 1, "a refusal changes nothing");
    }

    #[test]
    fn capture_compulsory_is_the_reason_for_another_piece() {
        let mut t = Table::replay(Variant::Czech, None, &["c3-d4".into(), "f6-e5".into()]).unwrap();
        assert_eq!(
            t.why_not(Color::White, sq("a3")).unwrap(),
            "capturing is compulsory: d4 can capture"
        );
        assert_eq!(t.why_not(Color::White, sq("d4")), None);
        let e = t.attempt(Color::White, &[sq("a3"), sq("b4")]).unwrap_err();
        assert_eq!(e, "capturing is compulsory: d4 can capture");
        assert_eq!(
            t.why_not(Color::White, sq("a1")).unwrap(),
            "capturing is compulsory: d4 can capture"
        );
    }

    #[test]
    fn an_empty_path_passes_where_the_player_has_no_move() {
        // Ossetian: White's man on a7 cannot move, Black's can.
        let mut t = Table::replay(Variant::Ossetian, Some("W:Wa7:Bd4"), &[]).unwrap();
        assert_eq!(
            t.why_not(Color::White, sq("a7")).unwrap(),
            "you have no move and must pass"
        );
        let v = t.version();
        t.attempt(Color::White, &[]).unwrap();
        assert_eq!(t.game().side_to_move(), Color::Black);
        assert_eq!(t.version(), v + 1);
        // Where a move exists, or in a game without passes, it is refused.
        let mut t = Table::replay(Variant::Ossetian, Some("W:Wd4:Bg7"), &[]).unwrap();
        assert_eq!(
            t.attempt(Color::White, &[]).unwrap_err(),
            "you cannot pass: you have a move"
        );
        let mut t = Table::new(Variant::Czech);
        assert!(t.attempt(Color::White, &[]).is_err());
        assert!(t.game().is_empty());
    }

    #[test]
    fn a_blocked_man_has_no_move() {
        let t = Table::new(Variant::Czech);
        assert_eq!(
            t.why_not(Color::White, sq("a1")).unwrap(),
            "the man on a1 has no move"
        );
        assert_eq!(
            t.why_not(Color::White, sq("b6")).unwrap(),
            "the piece on b6 is not yours"
        );
        assert_eq!(
            t.why_not(Color::White, sq("d4")).unwrap(),
            "there is no piece on d4"
        );
    }

    #[test]
    fn undo_takes_back_the_players_move_and_the_reply() {
        let mut t = Table::replay(Variant::Czech, None, &["c3-d4".into(), "f6-e5".into()]).unwrap();
        assert_eq!(t.undo_for(Color::White).unwrap(), 2);
        assert!(t.game().is_empty());
        assert!(t.undo_for(Color::White).is_err());
        // Black's last move alone when White has replied yet.
        let mut t = Table::replay(Variant::Czech, None, &["c3-d4".into()]).unwrap();
        assert_eq!(
            t.undo_for(Color::Black).unwrap_err(),
            "there is no move of yours to take back"
        );
        assert_eq!(t.undo_for(Color::White).unwrap(), 1);
    }

    #[test]
    fn resign_only_on_ones_turn_and_undo_withdraws_it() {
        let mut t = Table::new(Variant::Czech);
        assert!(t.resign(Color::Black).is_err());
        t.resign(Color::White).unwrap();
        assert!(!t.in_play());
        assert_eq!(t.undo_for(Color::White).unwrap(), 0);
        assert!(t.in_play());
    }

    #[test]
    fn replay_stops_at_a_bad_move_with_its_number() {
        let e = Table::replay(Variant::Czech, None, &["c3-d4".into(), "c3-d4".into()]).unwrap_err();
        assert!(e.starts_with("move 2 (c3-d4) cannot be played"), "{e}");
        let e = Table::replay(Variant::Czech, Some("nonsense"), &[]).unwrap_err();
        assert!(e.starts_with("the start position cannot be read"), "{e}");
    }

    #[test]
    fn two_paths_to_one_square_need_the_first_landing() {
        // The king on d8 reaches h4 by two captures that take different pieces.
        let fen = "W:WKd8:Bd2,e3,g3,c7";
        let mut t = Table::replay(Variant::Czech, Some(fen), &[]).unwrap();
        let e = t.attempt(Color::White, &[sq("d8"), sq("h4")]).unwrap_err();
        assert_eq!(e, "ambiguous: these moves match: d8xa5xe1xh4, d8xb6xf2xh4");
        let m = t
            .attempt(Color::White, &[sq("d8"), sq("b6"), sq("h4")])
            .unwrap();
        assert_eq!(m.text, "d8xb6xf2xh4");
    }
}
