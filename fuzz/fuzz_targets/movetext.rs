//! Fuzz target: the move reader. Any text gives a [`MoveText`] or a
//! clean error; resolved against positions of every game it gives a
//! legal move or a typed reason, never a panic.

#![no_main]

use dama::{dispatch, explain, MoveText, Position, Variant};
use libfuzzer_sys::fuzz_target;

/// Czech positions with kings and long captures, where resolving has
/// the most to do.
const CZECH: &[&str] = &[
    "W:WKe1:Bb4,b6,f2,g5",
    "W:WKh2:Be5,b6,b4,g7",
    "W:Wc3:Bb4,b6,d4,d6",
    "W:Wc3,Kh2:Bd4,f4",
    "B:Wa1:Bd6",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(t) = text.parse::<MoveText>() {
        let again: MoveText = t.to_string().parse().expect("written move reads back");
        assert_eq!(again, t);
    }
    for v in Variant::ALL {
        dispatch!(v, R => {
            let pos = Position::<R>::start();
            if let Ok(m) = explain::parse_move(&pos, text) {
                assert!(pos.legal_moves().contains(&m));
            }
        });
    }
    for fen in CZECH {
        let pos: Position<dama::Czech> = fen.parse().expect("fixed position");
        if let Ok(m) = explain::parse_move(&pos, text) {
            assert!(pos.legal_moves().contains(&m));
        }
    }
});
