//! What runs on the search thread for `go`, and the text of its replies:
//! `info depth=… score=… nodes=… time=… nps=… pv="…"` after each
//! completed depth, then `done move=… ponder=…`.
//!
//! The search is the native protocol's ([`single_pv`]); only the words
//! differ. Fields are Scan's (`Search_Output::new_best_move` in Scan's
//! `search.cpp`): the score in men with two decimals (a win in `n`
//! plies is `100 - n/100`, so that pydraughts reads it as a win, a loss
//! its negative), the time in seconds, the speed in millions of nodes a
//! second, the principal variation in Hub's notation.

use super::line::{self, pair};
use super::notation::{write_line, write_move};
use crate::any::{AnyGame, AnySearcher};
use crate::game::Status;
use crate::protocol::search::{checked, single_pv, Progress};
use crate::protocol::Out;
use crate::search::{Limits, Score};
use std::sync::atomic::AtomicBool;

/// How `go` was asked to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `go think`: find the move to play.
    Think,
    /// `go ponder`: think on the opponent's time until `ponder-hit`.
    Ponder,
    /// `go analyze`: full strength, the score and line are what matter.
    Analyze,
}

/// A score as Hub writes it: men with two decimals; a decided game is
/// `±(100 - plies/100)` (Scan's `score::win`), others are kept below 90
/// men so that no evaluation reads as a win.
///
/// ```
/// use dama::hub::search::score_text;
/// use dama::search::Score;
/// assert_eq!(score_text(Score(-1)), "-0.01");
/// assert_eq!(score_text(Score(250)), "2.50");
/// assert_eq!(score_text(Score::win_in(7)), "99.93");
/// assert_eq!(score_text(Score::loss_in(4)), "-99.96");
/// ```
pub fn score_text(s: Score) -> String {
    let hundredths = match s.decided() {
        Some(p) if p >= 0 => 10_000 - p.min(999),
        Some(p) => -10_000 + (-p).min(999),
        None => s.0.clamp(-8_999, 8_999),
    };
    let sign = if hundredths < 0 { "-" } else { "" };
    let a = hundredths.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// One `info` line; fields that are zero are left out, as Scan does.
pub fn info_line(game: &AnyGame, p: &Progress) -> String {
    let mut s = String::from("info");
    if p.depth != 0 {
        s += &pair("depth", &p.depth.to_string());
    }
    s += &pair("score", &score_text(p.score));
    s += &pair("nodes", &p.nodes.to_string());
    let secs = p.time.as_secs_f64();
    if secs >= 0.001 {
        s += &pair("time", &format!("{secs:.3}"));
    }
    if secs >= 0.01 && p.nodes > 0 {
        s += &pair("nps", &format!("{:.1}", p.nodes as f64 / secs / 1e6));
    }
    let pv = write_line(game, p.pv);
    if !pv.is_empty() {
        s += &pair("pv", &pv.join(" "));
    }
    s
}

/// The game to search: the game itself, or when its rules have ended it
/// (a draw by repetition or by a move counter, which the GUI may count
/// otherwise) while moves remain, its current position without the
/// history and counters.
fn searchable(game: &AnyGame) -> AnyGame {
    if game.status() == Status::InPlay || game.legal_moves().is_empty() {
        return game.clone();
    }
    let fen = game.fen();
    let bare: Vec<&str> = fen
        .split(':')
        .filter(|f| !f.starts_with(['H', 'C', 'E', 'F']))
        .collect();
    match AnyGame::from_fen(game.variant(), &bare.join(":"), game.options()) {
        Ok(g) if g.status() == Status::InPlay => g,
        _ => game.clone(),
    }
}

/// Searches and returns the reply: `done move=… [ponder=…]`, or `done`
/// alone when there is no legal move. The `info` lines are written to
/// `out` as the search goes.
pub fn think(
    game: &AnyGame,
    searcher: &mut AnySearcher,
    limits: &Limits,
    stop: &AtomicBool,
    out: &Out,
) -> Vec<String> {
    let game = &searchable(game);
    let legal = game.legal_moves();
    if legal.is_empty() {
        return vec!["done".to_string()];
    }
    let mut last_pv: Vec<String> = Vec::new();
    let best = if game.status() == Status::InPlay {
        single_pv(searcher, game, limits, stop, &mut |p| {
            out.line(&info_line(game, p));
            last_pv = p.pv.to_vec();
        })
    } else {
        // Ended by a rule that the bare position still sees (it has
        // moves, so this is a rule of the position): any move will do.
        legal.first().cloned()
    };
    let best = checked(best, game, &mut |s| out.line(&line::error(s)));
    vec![done_line(game, best.as_ref(), &last_pv)]
}

/// `done move=… ponder=…`: the ponder move is the second move of the
/// last line reported, when that line starts with the move played.
fn done_line(game: &AnyGame, best: Option<&crate::any::MoveInfo>, pv: &[String]) -> String {
    let Some(m) = best else {
        return "done".to_string();
    };
    let mut s = format!("done{}", pair("move", &write_move(game.variant(), m)));
    if pv.first() == Some(&m.text) && pv.len() >= 2 {
        if let Some(reply) = write_line(game, &pv[..2]).get(1) {
            s += &pair("ponder", reply);
        }
    }
    s
}

/// The reply when the search failed (a bug): an error, then the first
/// legal move so the GUI still gets one.
pub fn after_panic(game: &AnyGame, out: &Out) -> Vec<String> {
    out.line(&line::error("internal error: the search failed"));
    let first = game.legal_moves().into_iter().next();
    vec![done_line(game, first.as_ref(), &[])]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;
    use crate::variant::Variant;
    use std::time::Duration;

    #[test]
    fn info_lines_speak_hub() {
        let g = AnyGame::new(Variant::International, GameOptions::default());
        let pv = [
            "32-28".to_string(),
            "19-23".to_string(),
            "28x19".to_string(),
        ];
        let p = Progress {
            multipv: None,
            depth: 3,
            seldepth: 5,
            score: Score(-12),
            nodes: 2_000_000,
            time: Duration::from_millis(500),
            hashfull: 0,
            pv: &pv,
        };
        assert_eq!(
            info_line(&g, &p),
            r#"info depth=3 score=-0.12 nodes=2000000 time=0.500 nps=4.0 pv="32-28 19-23 28x19x23""#
        );
        assert_eq!(
            done_line(&g, g.legal_moves().iter().find(|m| m.text == "32-28"), &pv),
            "done move=32-28 ponder=19-23"
        );
    }
}
