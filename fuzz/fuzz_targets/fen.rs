//! Fuzz target: the FEN reader. Any bytes, read as text, give a
//! [`Setup`] or a clean error, never a panic; a text that is a position
//! of a game writes back canonically and reads back as the same position,
//! and its moves can be generated.

#![no_main]

use dama::{dispatch, AnyGame, GameOptions, Position, Setup, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(setup) = text.parse::<Setup>() {
        // The canonical form reads back as the same set-up (pieces in canonical order).
        let again: Setup = setup.to_string().parse().expect("canonical FEN reads back");
        assert_eq!(again.to_string(), setup.to_string());
    }
    for v in Variant::ALL {
        dispatch!(v, R => {
            if let Ok(pos) = text.parse::<Position<R>>() {
                let back: Position<R> = pos.to_string().parse().expect("own FEN reads back");
                assert_eq!(back, pos);
                assert_eq!(pos.key(), pos.compute_key());
                for m in pos.legal_moves() {
                    let after = pos.after(&m);
                    assert_eq!(after.key(), after.compute_key());
                }
            }
        });
        let _ = AnyGame::from_fen(v, text, GameOptions::default());
    }
});
