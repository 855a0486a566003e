//! Fuzz target: the PDN reader. Any bytes, read as text, give games or a
//! clean error, never a panic. Every game that reads is replayed against
//! the rules (a clean error for an illegal move), and a game that
//! replays writes back as PDN that reads and replays to the same
//! position.

#![no_main]

use dama::notation::pdn::{read_games, write_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = read_games(text) else {
        return;
    };
    for g in &games {
        let Ok(replayed) = g.replay() else {
            continue;
        };
        let written = write_game(g);
        let again = read_games(&written).expect("own PDN reads back");
        assert_eq!(again.len(), 1, "one game written, one read: {written}");
        let replayed_again = again[0].replay().expect("own PDN replays");
        assert_eq!(replayed_again.fen(), replayed.fen(), "{written}");
    }
});
