//! The game as one player's page sees it: pieces, legal moves with their
//! paths and captures, the last move, the result and its rule.
//!
//! Each viewer gets its own view: legal moves and the pieces that must
//! capture go only to the player whose turn it is, and a seat's secret
//! never appears in a view, so the same state can be sent to a
//! spectator.

use super::messages::{names, MoveView, PieceView, ResultView, RoomView, StateView};
use super::table::Table;
use crate::game::{GameResult, Status};
use crate::piece::Color;
use crate::square::Square;

/// What a view needs besides the table.
#[derive(Clone, Debug)]
pub struct Context {
    /// `solo` or `room`.
    pub mode: &'static str,
    /// The viewer's colour, `None` for a spectator.
    pub viewer: Option<Color>,
    /// The computer's level.
    pub level: u8,
    /// The computer is thinking.
    pub thinking: bool,
    /// The viewer may take back a move.
    pub can_undo: bool,
    /// The viewer may move now (false while waiting for a friend).
    pub may_move: bool,
    /// The room, in a friend game.
    pub room: Option<RoomView>,
}

/// The view of `table` for one viewer.
pub fn state(table: &Table, cx: Context) -> StateView {
    let g = table.game();
    let name = |k| g.kind_name(k);
    let mut playable = Vec::new();
    let mut numbers = Vec::new();
    let mut pieces = Vec::new();
    for r in 0..g.ranks() {
        for f in 0..g.files() {
            let Some(sq) = Square::new(f, r) else {
                continue;
            };
            if !g.is_playable(sq) {
                continue;
            }
            playable.push(sq.to_string());
            numbers.extend(g.square_number(sq));
            if let Some(p) = g.piece_at(sq) {
                pieces.push(PieceView {
                    sq: sq.to_string(),
                    color: p.color.name(),
                    kind: name(p.kind),
                });
            }
        }
    }
    let turn = g.side_to_move();
    let in_play = table.in_play();
    let mine = in_play && cx.may_move && cx.viewer == Some(turn);
    let (moves, must_capture) = if mine {
        (
            g.legal_moves()
                .iter()
                .map(|m| MoveView::of(m, name))
                .collect(),
            names(&g.must_capture()),
        )
    } else {
        (Vec::new(), Vec::new())
    };
    let result = match g.status() {
        Status::InPlay => None,
        Status::Over(o) => Some(ResultView {
            score: o.result.score(),
            winner: match o.result {
                GameResult::Win(c) => Some(c.name()),
                GameResult::Draw => None,
            },
            rule: o.rule.id(),
            text: o.to_string(),
        }),
    };
    StateView {
        version: table.version(),
        mode: cx.mode,
        variant: g.variant().name(),
        title: g.variant().title(),
        files: g.files(),
        ranks: g.ranks(),
        playable,
        numbers,
        pieces,
        turn: turn.name(),
        you: cx.viewer.map(Color::name),
        moves,
        must_capture,
        last: g.last_move().map(|m| MoveView::of(&m, name)),
        result,
        level: cx.level,
        thinking: cx.thinking,
        start: table.start_fen(),
        record: g.moves(),
        can_undo: cx.can_undo,
        room: cx.room,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn cx(viewer: Option<Color>) -> Context {
        Context {
            mode: "solo",
            viewer,
            level: 1,
            thinking: false,
            can_undo: false,
            may_move: true,
            room: None,
        }
    }

    #[test]
    fn the_start_as_white_sees_it() {
        let t = Table::new(Variant::Czech);
        let v = state(&t, cx(Some(Color::White)));
        assert_eq!((v.files, v.ranks), (8, 8));
        assert_eq!(v.playable.len(), 32);
        assert_eq!(v.pieces.len(), 24);
        assert_eq!(v.moves.len(), 7);
        assert_eq!(v.turn, "white");
        assert!(v.result.is_none());
        // Black and spectators see no moves.
        assert!(state(&t, cx(Some(Color::Black))).moves.is_empty());
        assert!(state(&t, cx(None)).moves.is_empty());
    }

    #[test]
    fn a_capture_shows_path_and_captured_pieces() {
        let t = Table::replay(Variant::Czech, None, &["c3-d4".into(), "f6-e5".into()]).unwrap();
        let v = state(&t, cx(Some(Color::White)));
        assert_eq!(v.must_capture, vec!["d4"]);
        assert_eq!(v.moves.len(), 1);
        assert_eq!(v.moves[0].text, "d4xf6");
        assert_eq!(v.moves[0].path, vec!["f6"]);
        assert_eq!(v.moves[0].captured, vec!["e5"]);
        assert_eq!(v.last.as_ref().unwrap().text, "f6-e5");
    }

    #[test]
    fn each_game_names_its_own_pieces() {
        let v = state(&Table::new(Variant::Knights), cx(None));
        assert!(v.pieces.iter().all(|p| p.kind == "knight"));
        let v = state(&Table::new(Variant::Medieval), cx(None));
        for k in ["pawn", "knight"] {
            assert!(v.pieces.iter().any(|p| p.kind == k), "{k}");
        }
        let v = state(&Table::new(Variant::Gothic), cx(None));
        assert_eq!(v.playable.len(), 64);
    }
}
