//! The referee's words for an engine speaking the Hub protocol
//! ([`Proto::Hub`](super::engine::Proto)): the request for a move, its
//! `info` lines and its `done` reply, in Hub's notation
//! ([`crate::hub::notation`]), translated to and from the game's own.

use super::referee::{EngineScore, Fault};
use super::timecontrol::Clocks;
use crate::any::AnyGame;
use crate::hub::line;
use crate::hub::notation::{parse_move, write_line, write_position};

/// The lines asking for a move: `pos` with the game's start position
/// and its moves (the start position of the game is left out: Hub then
/// takes the game's own), the `level` of the clock, `go think`.
///
/// # Errors
///
/// The reason when the start position cannot be written in Hub (a game
/// with pieces other than men and kings, from another position).
pub fn request(game: &AnyGame, clocks: &Clocks) -> Result<Vec<String>, String> {
    let start = AnyGame::from_fen(game.variant(), &game.start_fen(), game.options())
        .map_err(|e| format!("the start position cannot be read back: {e}"))?;
    let mut pos = "pos".to_string();
    if !game.from_start() {
        let text = write_position(&start).ok_or_else(|| {
            format!(
                "the Hub protocol cannot write this start position of {}",
                game.variant().title()
            )
        })?;
        pos += &line::pair("pos", &text);
    }
    let moves = write_line(&start, &game.moves());
    if moves.len() != game.len() {
        return Err("the game's moves cannot be written in Hub's notation".to_string());
    }
    if !moves.is_empty() {
        pos += &line::pair("moves", &moves.join(" "));
    }
    let mover = game.side_to_move().index();
    Ok(vec![pos, clocks.hub_level(mover), "go think".to_string()])
}

/// True for the final reply, `done …`.
pub fn is_reply(line: &str) -> bool {
    line == "done" || line.starts_with("done ")
}

/// The score and depth of a Hub `info` line: `score=` in men (a win
/// in *n* plies is 100 − *n*/100, Scan's convention), `depth=`.
///
/// ```
/// use dama::matchrunner::hub::parse_info;
/// use dama::matchrunner::referee::EngineScore;
/// assert_eq!(parse_info("info depth=7 score=-0.35 pv=\"32-28\""), (Some(EngineScore::Cp(-35)), Some(7)));
/// assert_eq!(parse_info("info score=99.93"), (Some(EngineScore::Win(7)), None));
/// assert_eq!(parse_info("info score=-99.96 depth=x"), (Some(EngineScore::Loss(4)), None));
/// ```
pub fn parse_info(text: &str) -> (Option<EngineScore>, Option<u32>) {
    let Ok(Some(l)) = line::parse(text) else {
        return (None, None);
    };
    let depth = l.value("depth").and_then(|d| d.parse().ok());
    let score = l
        .value("score")
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && s.abs() <= 100.0)
        .map(|s| {
            let h = (s * 100.0).round() as i32;
            if h > 9000 {
                EngineScore::Win(10_000 - h)
            } else if h < -9000 {
                EngineScore::Loss(10_000 + h)
            } else {
                EngineScore::Cp(h)
            }
        });
    (score, depth)
}

/// The `done` line as the referee reads a native reply: `bestmove
/// <move in the game's notation>`, or `bestmove none` for a bare `done`.
///
/// # Errors
///
/// The fault: an unreadable line, or a move that is not legal here.
pub fn translate(game: &AnyGame, text: &str) -> Result<String, Fault> {
    let unreadable = |reason: String| Fault::Unreadable {
        line: text.to_string(),
        reason,
    };
    let l = line::parse(text)
        .map_err(|e| unreadable(e.to_string()))?
        .ok_or_else(|| unreadable("an empty line".into()))?;
    if !l.has("move") {
        return Ok("bestmove none".to_string());
    }
    let mv = l
        .value("move")
        .ok_or_else(|| unreadable("no move after 'move='".into()))?;
    match parse_move(game, mv) {
        Ok(m) => Ok(format!("bestmove {}", m.text)),
        Err(e) => Err(Fault::IllegalMove {
            text: mv.to_string(),
            reason: e.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;
    use crate::matchrunner::timecontrol::TimeControl;
    use crate::variant::Variant;
    use std::time::Duration;

    #[test]
    fn requests_and_replies() {
        let o = GameOptions::default();
        let clocks = Clocks::new(TimeControl::Depth(3));
        let mut g = AnyGame::new(Variant::International, o);
        assert_eq!(
            request(&g, &clocks).unwrap(),
            ["pos", "level depth=3", "go think"]
        );
        g.play("32-28").unwrap();
        g.play("19-23").unwrap();
        assert_eq!(
            request(&g, &clocks).unwrap()[0],
            r#"pos moves="32-28 19-23""#
        );
        assert_eq!(
            translate(&g, "done move=28x19x23 ponder=14x23x19").unwrap(),
            "bestmove 28x19"
        );
        assert_eq!(translate(&g, "done").unwrap(), "bestmove none");
        assert!(matches!(
            translate(&g, "done move=28-22"),
            Err(Fault::IllegalMove { .. })
        ));
        assert!(matches!(
            translate(&g, "done move=\"x"),
            Err(Fault::Unreadable { .. })
        ));
        // From a position: its string, then the moves.
        let f = AnyGame::from_fen(Variant::International, "W:W28:B23,14", o).unwrap();
        let r = request(
            &f,
            &Clocks::new(TimeControl::MoveTime(Duration::from_millis(100))),
        )
        .unwrap();
        assert!(r[0].starts_with("pos pos=W"), "{r:?}");
        assert_eq!(r[1], "level move-time=0.100");
        // A capture as the record writes it and as the search does.
        let mut c = AnyGame::from_fen(Variant::International, "W:W34,50:B29,19,5", o).unwrap();
        let m = c
            .legal_moves()
            .into_iter()
            .find(|m| m.captured.len() == 2)
            .unwrap();
        c.play(&m.text).unwrap();
        let r = request(&c, &clocks).unwrap();
        assert!(
            r[0].ends_with(" moves=34x14x19x29"),
            "{r:?} {:?}",
            c.moves()
        );
    }
}
