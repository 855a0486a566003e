//! The board as the player sees it: coordinates all round, the player's
//! side at the bottom, the last move and the pieces that must capture
//! marked.
//!
//! Every mark has a plain-text form (brackets, parentheses, an `x`) so
//! the board reads the same in a pipe, a log or a terminal without
//! colour; ANSI colour only adds a checkered board, coloured pieces and
//! highlighted squares on top of it.

use crate::any::AnyGame;
use crate::piece::{Color, Kind, Piece};
use crate::square::Square;
use crate::variant::Variant;

/// What to mark on the board besides the pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The last move's origin and landing squares (drawn `[ ]`).
    pub last: Vec<Square>,
    /// Squares whose pieces the last move captured (drawn `x`).
    pub captured: Vec<Square>,
    /// Pieces of the side to move that must capture (drawn `( )`).
    pub must_capture: Vec<Square>,
    /// Pieces a move shown with `show` would take (drawn `< >`).
    pub taking: Vec<Square>,
}

/// Width of the text the terminal game writes (legends, lists).
pub const WIDTH: usize = 80;

/// Words of `text` filled into lines of at most `width` characters, every
/// line after the first indented by `indent`; each line ends with `\n`.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = indent.to_string();
        } else if len > 0 && !line.ends_with(' ') {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.trim().is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The letter of a piece in game `variant`.
///
/// Games with one or two kinds use the classic `w`/`b` for men
/// (Knight's draughts' knights, Ossetian pieces) and `W`/`B` for kings.
/// A game with more kinds (Medieval battle has four) gets letters that
/// name the kind and the case the side, as in chess: White upper case
/// (`P N C K`), Black lower case.
pub fn symbol(variant: Variant, p: Piece) -> char {
    if kinds(variant).len() > 2 {
        let c = match p.kind {
            Kind::Man => 'P',
            Kind::Knight => 'N',
            Kind::Commander => 'C',
            Kind::King => 'K',
        };
        return match p.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        };
    }
    let c = match p.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    match p.kind {
        Kind::Man => c,
        _ => c.to_ascii_uppercase(),
    }
}

/// The kinds a game uses, in the order of its legend.
fn kinds(variant: Variant) -> Vec<Kind> {
    let used: [bool; 4] = crate::dispatch!(variant, R => <R as crate::rules::Mechanics>::KINDS);
    let order = [Kind::Man, Kind::Knight, Kind::Commander, Kind::King];
    order.into_iter().filter(|k| used[k.index()]).collect()
}

/// The legend of the letters and marks for a game.
pub fn legend(game: &AnyGame) -> String {
    let variant = game.variant();
    let mut names = Vec::new();
    for color in Color::ALL {
        for k in kinds(variant) {
            let p = Piece { color, kind: k };
            names.push(format!(
                "{} {} {}",
                symbol(variant, p),
                color,
                game.kind_name(k)
            ));
        }
    }
    let pieces = wrap(&format!("Pieces: {}.", names.join(", ")), WIDTH, "  ");
    format!(
        "{pieces}Marks: [ ] the last move, x a piece it captured, ( ) a piece that must capture.\n"
    )
}

const RESET: &str = "\x1b[0m";
const LIGHT: &str = "\x1b[48;5;223m";
const DARK: &str = "\x1b[48;5;137m";
const LAST: &str = "\x1b[48;5;107m";
const MUST: &str = "\x1b[48;5;173m";
const WHITE_PIECE: &str = "\x1b[1;38;5;231m";
const BLACK_PIECE: &str = "\x1b[1;38;5;16m";
const CAPTURED: &str = "\x1b[1;38;5;124m";
const EMPTY: &str = "\x1b[38;5;94m";

/// Draws the board with `bottom`'s back rank at the bottom; `ansi` adds
/// colour. Each square is three characters wide.
pub fn draw(game: &AnyGame, bottom: Color, marks: &Marks, ansi: bool) -> String {
    let files = game.files();
    let ranks = game.ranks();
    let variant = game.variant();
    let rank_order: Vec<u8> = match bottom {
        Color::White => (0..ranks).rev().collect(),
        Color::Black => (0..ranks).collect(),
    };
    let file_order: Vec<u8> = match bottom {
        Color::White => (0..files).collect(),
        Color::Black => (0..files).rev().collect(),
    };
    let mut letters = String::from("    ");
    for &f in &file_order {
        letters.push(' ');
        letters.push((b'a' + f) as char);
        letters.push(' ');
    }
    let letters = letters.trim_end().to_string() + "\n";
    let mut out = letters.clone();
    for &r in &rank_order {
        out.push_str(&format!("{:>3} ", r + 1));
        for &f in &file_order {
            let sq = Square::new(f, r).expect("board squares are on a 10x10 board");
            out.push_str(&cell(game, variant, sq, marks, ansi));
        }
        out.push_str(&format!(" {}\n", r + 1));
    }
    out.push_str(&letters);
    out
}

/// One square, three characters (plus colour codes).
fn cell(game: &AnyGame, variant: Variant, sq: Square, marks: &Marks, ansi: bool) -> String {
    let playable = game.is_playable(sq);
    let piece = game.piece_at(sq);
    let captured = piece.is_none() && marks.captured.contains(&sq);
    let glyph = match piece {
        Some(p) => symbol(variant, p),
        None if captured => 'x',
        None if playable => '.',
        None => ' ',
    };
    let (open, close) = if marks.last.contains(&sq) {
        ('[', ']')
    } else if marks.taking.contains(&sq) {
        ('<', '>')
    } else if marks.must_capture.contains(&sq) {
        ('(', ')')
    } else {
        (' ', ' ')
    };
    if !ansi {
        return format!("{open}{glyph}{close}");
    }
    let dark = (sq.file() + sq.rank()) % 2 == 0;
    let bg = if marks.last.contains(&sq) {
        LAST
    } else if marks.taking.contains(&sq) || marks.must_capture.contains(&sq) {
        MUST
    } else if dark {
        DARK
    } else {
        LIGHT
    };
    let fg = match piece {
        Some(p) if p.color == Color::White => WHITE_PIECE,
        Some(_) => BLACK_PIECE,
        None if captured => CAPTURED,
        None => EMPTY,
    };
    format!("{bg}{fg}{open}{glyph}{close}{RESET}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;

    #[test]
    fn czech_start_from_both_sides() {
        let g = AnyGame::new(Variant::Czech, GameOptions::default());
        let white = draw(&g, Color::White, &Marks::default(), false);
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines[0], "     a  b  c  d  e  f  g  h");
        assert_eq!(lines[1], "  8     b     b     b     b  8");
        assert_eq!(lines[8], "  1  w     w     w     w     1");
        let black = draw(&g, Color::Black, &Marks::default(), false);
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines[0], "     h  g  f  e  d  c  b  a");
        assert_eq!(lines[1], "  1     w     w     w     w  1");
        assert_eq!(lines[8], "  8  b     b     b     b     8");
    }

    #[test]
    fn marks_and_medieval_letters() {
        let mut g = AnyGame::new(Variant::Medieval, GameOptions::default());
        g.play("a3-b4").unwrap();
        let marks = Marks {
            last: vec!["a3".parse().unwrap(), "b4".parse().unwrap()],
            captured: vec!["c5".parse().unwrap()],
            must_capture: vec![],
            taking: vec![],
        };
        let board = draw(&g, Color::White, &marks, false);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[1], " 10  .  n  .  n  .  n  .  n  .  n  10");
        assert_eq!(lines[6], "  5  .  .  x  .  .  .  .  .  .  .  5");
        assert_eq!(lines[7], "  4  . [P] .  .  .  .  .  .  .  .  4");
        assert_eq!(lines[8], "  3 [.] .  P  .  P  .  P  .  P  .  3");
        assert_eq!(lines[10], "  1  N  .  N  .  N  .  N  .  N  .  1");
        assert!(legend(&g).contains("N white knight"));
        assert!(legend(&g).contains("c black commander"));
        for line in legend(&g).lines() {
            assert!(line.chars().count() <= WIDTH, "{line}");
        }
    }

    #[test]
    fn wrapping_keeps_words_whole() {
        let text = "one two three four five six";
        assert_eq!(
            wrap(text, 10, "  "),
            "one two\n  three\n  four\n  five six\n"
        );
        assert_eq!(wrap("short", 80, ""), "short\n");
        assert_eq!(wrap("", 80, ""), "");
    }

    #[test]
    fn ansi_only_in_colour_mode() {
        let g = AnyGame::new(Variant::Ossetian, GameOptions::default());
        assert!(!draw(&g, Color::White, &Marks::default(), false).contains('\x1b'));
        assert!(draw(&g, Color::White, &Marks::default(), true).contains('\x1b'));
        assert!(!legend(&g).contains("king"));
    }
}
