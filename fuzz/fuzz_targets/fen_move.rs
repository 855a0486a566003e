//! Fuzz target: a position and moves together. The first byte picks the
//! game, the first line is a FEN, the other lines are moves played one
//! after the other in a [`Game`]. Nothing panics, a refused move leaves
//! the game as it was, and undo goes back through every position.

#![no_main]

use dama::{dispatch, Game, GameOptions, Setup, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut lines = text.lines();
    let Some(Ok(setup)) = lines.next().map(str::parse::<Setup>) else {
        return;
    };
    let v = Variant::ALL[pick as usize % Variant::ALL.len()];
    dispatch!(v, R => {
        let Ok(mut game) = Game::<R>::from_setup(&setup, GameOptions::default()) else {
            return;
        };
        let mut seen = vec![*game.position()];
        for line in lines.take(64) {
            let before = *game.position();
            let len = game.len();
            match game.play_text(line) {
                Ok(m) => {
                    assert_eq!(*game.position(), before.after(&m));
                    assert_eq!(game.position().key(), game.position().compute_key());
                    seen.push(*game.position());
                }
                Err(_) => {
                    assert_eq!(*game.position(), before);
                    assert_eq!(game.len(), len);
                }
            }
            let _ = game.status();
        }
        while game.undo().is_ok() {
            seen.pop();
            assert_eq!(Some(game.position()), seen.last());
        }
    });
});
