//! Fuzz target: the PDN reader. Any bytes, read as text, give games or a
//! clean error, never a panic. Every game that reads is replayed against
//! the rules (a clean error for an illegal move), and a game that
//! replays writes back as PDN that reads and replays to the same
//! position. The training positions `dama selfplay --from-pdn` takes
//! from the same text are quiet positions that read back as FEN.

#![no_main]

use dama::learn::selfplay::records_from_pdn;
use dama::notation::pdn::{read_games, write_game};
use dama::position::Position;
use dama::rules::czech::Czech;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (records, _) = records_from_pdn::<Czech>(text, 0, 0);
    for r in &records {
        for (fen, _) in &r.positions {
            let pos: Position<Czech> = fen.parse().expect("a position's own FEN reads");
            assert_eq!(&pos.to_string(), fen);
        }
    }
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
