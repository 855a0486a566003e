//! The rules of each game in a player's words, for the `rules` command.
//!
//! The text is the game's rules page (`src/games/<name>.html`, the same
//! page the browser app shows at `/rules/<name>`), turned into wrapped
//! lines for the terminal: one text for both, written once per game. The
//! rule options the player changed for this game are added at the end.

use super::board::{wrap, WIDTH};
use crate::game::{plies_text, GameOptions};
use crate::variant::Variant;

/// The rules of `variant` with `options`, wrapped to the terminal width.
pub fn text(variant: Variant, options: GameOptions) -> String {
    let mut out = html_to_text(variant.rules_html(), WIDTH);
    let default = GameOptions::default();
    let mut changed = Vec::new();
    if options.no_capture_limit != default.no_capture_limit {
        changed.push(format!(
            "the limit without a capture is {}",
            plies_text(options.no_capture_limit)
        ));
    }
    if options.move_limit != default.move_limit {
        changed.push(format!(
            "the move limit is {}",
            plies_text(options.move_limit)
        ));
    }
    if !changed.is_empty() {
        out.push('\n');
        out.push_str(&wrap(
            &format!("In this game: {}.", changed.join("; ")),
            WIDTH,
            "",
        ));
    }
    out
}

/// Plain text of a small HTML fragment (headings, paragraphs, lists,
/// inline tags), wrapped to `width`: `<h1>` and `<h2>` become heading
/// lines, `<li>` a `- ` item, `<p>` a paragraph.
pub fn html_to_text(html: &str, width: usize) -> String {
    let mut out = String::new();
    let mut block = String::new();
    let mut kind = "p";
    let flush = |out: &mut String, block: &mut String, kind: &str| {
        let text = decode(block.trim());
        block.clear();
        if text.is_empty() {
            return;
        }
        match kind {
            "h1" => {
                out.push_str(&text);
                out.push('\n');
                out.push_str(&"=".repeat(text.chars().count().min(width)));
                out.push('\n');
            }
            "h2" | "h3" => {
                out.push('\n');
                out.push_str(&text);
                out.push('\n');
            }
            "li" => out.push_str(&wrap(&format!("- {text}"), width, "  ")),
            _ => out.push_str(&wrap(&text, width, "")),
        }
    };
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        block.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let name = tag
            .trim_start_matches('/')
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match name.as_str() {
            "h1" | "h2" | "h3" | "p" | "li" | "ul" | "ol" | "br" => {
                flush(&mut out, &mut block, kind);
                kind = if tag.starts_with('/') {
                    "p"
                } else {
                    leak(&name)
                };
            }
            _ => block.push(' '),
        }
    }
    block.push_str(rest);
    flush(&mut out, &mut block, kind);
    out
}

/// The block kinds by name (a fixed set, so no allocation survives).
fn leak(name: &str) -> &'static str {
    match name {
        "h1" => "h1",
        "h2" => "h2",
        "h3" => "h3",
        "li" => "li",
        _ => "p",
    }
}

/// The few character references the pages use.
fn decode(s: &str) -> String {
    let s = s
        .replace("&nbsp;", " ")
        .replace("&ndash;", "–")
        .replace("&mdash;", "—")
        .replace("&times;", "×")
        .replace("&rsquo;", "’")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    // Spaces left where inline tags stood before punctuation.
    let mut out = String::with_capacity(s.len());
    for w in s.split_whitespace() {
        if !out.is_empty()
            && !out.ends_with('(')
            && !w.starts_with(['.', ',', ';', ':', ')', '!', '?'])
        {
            out.push(' ');
        }
        out.push_str(w);
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
            assert!(t.starts_with(v.title()), "{t}");
            assert!(t.contains("\n- "), "lists become items: {t}");
            assert!(!t.contains('<'), "no tags left: {t}");
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

    #[test]
    fn inline_tags_leave_no_gaps() {
        let t = html_to_text(
            "<h1>T</h1><p>A <code>c3</code>, then <strong>d4</strong>.</p>",
            80,
        );
        assert_eq!(t, "T\n=\nA c3, then d4.\n");
    }
}
