//! Fuzz target: the command readers that take text from people and
//! programs: a line of the engine protocol, a command of `dama play`, and
//! `dama match`'s time control, SPRT parameters and openings file. Each
//! answers any text with a value or a clean error, never a panic.

#![no_main]

use dama::matchrunner::openings::parse_fen_lines;
use dama::matchrunner::stats::Sprt;
use dama::matchrunner::timecontrol::TimeControl;
use dama::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines() {
        let _ = dama::protocol::parse(line);
        let _ = dama::play::command::parse(line);
        let _ = line.parse::<TimeControl>();
        let _ = line.parse::<Sprt>();
    }
    for v in Variant::ALL {
        let _ = parse_fen_lines(text, v, "fuzz");
    }
});
