//! The rules of each game in a player's words, for the `rules` command
//! (a short form of RULES.md, with the rule options of the game being
//! played).

use super::board::{wrap, WIDTH};
use crate::game::{plies_text, GameOptions};
use crate::variant::Variant;

/// The rules of `variant` with `options`, wrapped to the terminal width.
pub fn text(variant: Variant, options: GameOptions) -> String {
    let no_capture = plies_text(options.no_capture_limit);
    let move_limit = plies_text(options.move_limit);
    let common = [
        "Capturing is compulsory. A capture may be a chain of jumps by one piece; the \
         whole chain is one move, and a piece that can go on capturing must. Captured \
         pieces are removed when the move ends and may not be jumped twice."
            .to_string(),
    ];
    let rules: Vec<String> = match variant {
        Variant::Czech => vec![
            "Czech draughts: an 8x8 board, played on the 32 dark squares; 12 men each. \
             White starts."
                .into(),
            "A man moves one square diagonally forward and captures diagonally forward \
             only, jumping an adjacent piece onto the empty square behind it."
                .into(),
            "A man that ends its move on the last rank becomes a king; a man that \
             reaches it by capturing stops there."
                .into(),
            "A king flies: it moves any number of empty squares along a diagonal, and \
             captures at a distance, landing on any empty square beyond the piece (on \
             one from which it can capture again, if there is one)."
                .into(),
            common[0].clone(),
            "Any capture may be chosen, even a smaller one, except that when a king can \
             capture, a king must capture."
                .into(),
            "A player who has no piece or no move loses. Draws: the same position for \
             the third time; 15 moves of each player without a man moving and without \
             a capture; a lone king holding out against up to three kings for 15 moves \
             of each player (5 against fewer, or on the long diagonal a1-h8)."
                .into(),
        ],
        Variant::Gothic => vec![
            "Gothic draughts: an 8x8 board, all 64 squares; 16 men each on the two edge \
             ranks. White starts."
                .into(),
            "A man moves one square forward, sideways or diagonally forward, and \
             captures by a short jump in the same five directions."
                .into(),
            "A man that ends its move on the last rank becomes a king, which moves and \
             captures like a chess queen, at a distance."
                .into(),
            common[0].clone(),
            "The capture that takes the most pieces must be chosen.".into(),
            "A player who cannot move passes (type pass). Capture every piece to win. \
             After "
                .to_string()
                + &no_capture
                + " without a capture, or when neither side can move, the side with \
                   more pieces wins; equal numbers draw.",
        ],
        Variant::Knights => vec![
            "Knight's draughts: a 10x10 board, all squares; 20 knights each on ranks 3-4 \
             (White) and 7-8 (Black). White starts."
                .into(),
            "A knight jumps like a chess knight, but only forward: one file and two \
             ranks, or two files and one rank. The squares passed over do not matter."
                .into(),
            "A knight that reaches the last rank becomes a king and its move ends \
             there. A king jumps like a chess knight in all eight directions."
                .into(),
            "A capture is two equal jumps in the same direction: onto the opponent's \
             piece, then beyond it onto an empty square."
                .into(),
            common[0].clone(),
            "Capture every piece, or leave the opponent without a move, to win. After \
             "
            .to_string()
                + &move_limit
                + " of the game (counted from the move number of the start position) \
                   the side with more pieces wins; equal numbers draw.",
        ],
        Variant::Ossetian => vec![
            "Ossetian draughts: a 7x7 board, all squares; 21 pieces each on the three \
             edge ranks. White starts."
                .into(),
            "A piece moves one square forward, straight or diagonally, and captures by \
             a short jump in all eight directions. There is no promotion."
                .into(),
            common[0].clone(),
            "A player who cannot move passes (type pass). When neither side can move, \
             the player who captured more pieces wins; equal counts draw. A player \
             left without pieces loses."
                .into(),
        ],
        Variant::Medieval => vec![
            "Medieval battle: a 10x10 board; 10 pawns and 5 knights each. White starts.".into(),
            "A pawn moves one square diagonally forward; a knight one square straight \
             forward or sideways. Both capture by a short jump in the directions they \
             move in."
                .into(),
            "A pawn that ends its move on the last rank becomes a commander, which \
             flies along the diagonals; a knight becomes a king, which flies in all \
             eight directions. Both capture at a distance."
                .into(),
            common[0].clone(),
            "Capture every piece, or leave the opponent without a move, to win. After \
             "
            .to_string()
                + &no_capture
                + " without a capture the stronger army wins (pawn 1, knight 2, \
                   commander 3, king 4); equal strength draws.",
        ],
    };
    let mut out = String::new();
    for r in rules {
        out.push_str(&wrap(&format!("- {r}"), WIDTH, "  "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_rules_within_the_width() {
        for v in Variant::ALL {
            let t = text(v, GameOptions::default());
            assert!(t.starts_with(&format!("- {}", v.title())), "{t}");
            for line in t.lines() {
                assert!(line.chars().count() <= WIDTH, "{line}");
            }
        }
        let t = text(
            Variant::Gothic,
            GameOptions {
                no_capture_limit: 40,
                move_limit: 200,
            },
        );
        assert!(t.contains("40 plies (20 moves of each player)"), "{t}");
    }
}
