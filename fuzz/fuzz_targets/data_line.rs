//! Fuzz target: the training-data line reader of `dama tune`. Any bytes,
//! read as text, give a line or a clean error, never a panic; a line
//! read writes back (as `dama selfplay` writes it) to the same line.

#![no_main]

use dama::learn::{parse_line, result_text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(l) = parse_line(text) {
        assert!([0.0, 0.5, 1.0].contains(&l.result));
        let mut again = format!("{};{}", l.fen, result_text(l.result));
        if let Some(s) = l.score {
            again.push_str(&format!(";{s}"));
        }
        assert_eq!(parse_line(&again), Ok(l));
    }
});
