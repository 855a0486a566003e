//! Fuzz target: the readers of the Hub protocol (`dama hub`). Each line is
//! read as a Hub command line, its arguments as a `level` line; the whole
//! text and each line as a Hub position of every game Hub names, and each
//! line as a Hub move against the start position of each of those games
//! and against any position that did read. Nothing panics; a position
//! that reads writes back as the same text, and a move that reads is
//! legal and writes back as a move that reads to the same move.

#![no_main]

use dama::hub::engine::Level;
use dama::hub::line;
use dama::hub::notation::{
    hub_names, parse_move, read_position, variant_named, write_move, write_position,
};
use dama::{AnyGame, GameOptions};
use libfuzzer_sys::fuzz_target;

fn check_move(game: &AnyGame, text: &str) {
    let Ok(m) = parse_move(game, text) else {
        return;
    };
    assert!(game.legal_moves().contains(&m), "{text}: not a legal move");
    let written = write_move(game.variant(), &m);
    assert_eq!(
        parse_move(game, &written).ok(),
        Some(m),
        "{text} → {written}"
    );
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines: Vec<&str> = text.lines().take(32).collect();
    let mut level = Level::default();
    for l in &lines {
        if let Ok(Some(hub)) = line::parse(l) {
            if let Ok(next) = level.read(&hub) {
                level = next;
            }
        }
    }
    for name in hub_names() {
        let Some(v) = variant_named(name) else {
            continue;
        };
        let start = AnyGame::new(v, GameOptions::default());
        let mut read = Vec::new();
        for t in std::iter::once(text).chain(lines.iter().copied()) {
            if let Ok(g) = read_position(v, t, GameOptions::default()) {
                if let Some(back) = write_position(&g) {
                    let again = read_position(v, &back, GameOptions::default())
                        .expect("a written position reads");
                    assert_eq!(again.fen(), g.fen(), "{t} → {back}");
                }
                read.push(g);
            }
        }
        for l in &lines {
            check_move(&start, l);
            for g in &read {
                check_move(g, l);
            }
        }
    }
});
