//! A learned evaluation for Czech draughts (and region patterns for
//! international draughts, [`features::Learn`]): self-play games that make
//! training positions ([`selfplay`], `dama selfplay`) and a Texel-style
//! tuner ([`tune`], `dama tune`) of the evaluation's linear numbers and
//! of its region patterns ([`crate::eval::regions`]: the men of each
//! 4×4 window of the board as one of 6561 arrangements, each with its
//! learned worth, or two worths, the full board's and the ending's,
//! blended by the pieces left).
//!
//! The data format is text, one position a line:
//!
//! ```text
//! # comment lines start with '#'
//! W:Wa1,a3,c1,c3,d2,e1,f4,g1:Bb8,c5,c7,d6,e7,f8,h6,h8;0.5
//! ```
//!
//! the position's FEN (side to move, White's and Black's pieces, no
//! counters), a `;`, and the result of the game it came from, from
//! White's side: `1` (White won), `0.5` (draw) or `0` (Black won); then,
//! optionally, a `;` and the score the self-play search gave the
//! position, from White's side in hundredths of a man (`dama selfplay`
//! writes it; files without it still read). The
//! positions are quiet (the side to move has no capture), taken after
//! the first plies of each game, and never where the search already saw
//! a forced win.
//!
//! The tuner reads such a file, extracts each position's features once
//! ([`features::Features`]), fits the scale `K` of the
//! sigmoid to the current numbers, then minimises the mean squared
//! error of `sigmoid(eval / K)` against the results (or, with a
//! `lambda` below 1, against a blend of the result and
//! `sigmoid(score / K)`, [`tune::Options::lambda`]) with Adam, and
//! writes the numbers as the Rust file the crate includes
//! (`src/eval/czech_weights.rs`) and the pattern worths as a table of
//! signed bytes (`src/eval/czech_patterns.bin`). The evaluation's `adjust` step
//! (endgame knowledge, draw scaling) stays hand-set: the tuner sees it
//! as a fixed function of each position.

pub mod cli;
pub mod features;
pub mod selfplay;
pub mod tune;

/// A training position's result as written: `1`, `0.5` or `0`.
pub fn result_text(r: f32) -> &'static str {
    if r >= 0.75 {
        "1"
    } else if r <= 0.25 {
        "0"
    } else {
        "0.5"
    }
}

/// One data line read: the position, its game's result and (if the line
/// has one) the search's score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DataLine<'a> {
    /// The FEN, without counters.
    pub fen: &'a str,
    /// The game's result from White's side: 1, 0.5 or 0.
    pub result: f32,
    /// The self-play search's score of the position, from White's side
    /// in hundredths of a man.
    pub score: Option<i32>,
}

/// Reads one data line (`FEN;result` or `FEN;result;score`).
///
/// ```
/// let l = dama::learn::parse_line("W:Wc3:Bd6;0.5").unwrap();
/// assert_eq!((l.fen, l.result, l.score), ("W:Wc3:Bd6", 0.5, None));
/// let l = dama::learn::parse_line("B:Wc3,e3:Bd6;1;-42").unwrap();
/// assert_eq!((l.result, l.score), (1.0, Some(-42)));
/// assert!(dama::learn::parse_line("W:Wc3:Bd6;2").is_err());
/// assert!(dama::learn::parse_line("W:Wc3:Bd6;1;x").is_err());
/// assert!(dama::learn::parse_line("W:Wc3:Bd6;1;3;4").is_err());
/// assert!(dama::learn::parse_line("W:Wc3:Bd6;1;-2147483648").is_err());
/// ```
pub fn parse_line(line: &str) -> Result<DataLine<'_>, String> {
    let mut fields = line.trim().split(';');
    let fen = fields.next().unwrap_or_default().trim();
    let r = fields.next().ok_or_else(|| format!("no ';' in '{line}'"))?;
    let result = match r.trim() {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        other => return Err(format!("result '{other}' is not 1, 0.5 or 0")),
    };
    let score = match fields.next() {
        None => None,
        Some(t) => Some(
            t.trim()
                .parse::<i32>()
                .ok()
                .filter(|s| s.unsigned_abs() < crate::search::Score::WIN_BOUND as u32)
                .ok_or_else(|| {
                    format!(
                        "score '{}' is not a number of hundredths of a man",
                        t.trim()
                    )
                })?,
        ),
    };
    if let Some(extra) = fields.next() {
        return Err(format!("'{extra}' after the score: one ';' too many"));
    }
    Ok(DataLine { fen, result, score })
}
