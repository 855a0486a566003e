//! Fuzz target: the command readers that take text from people and
//! programs: a line of the engine protocol, a command of `dama play`,
//! `dama match`'s time control, SPRT parameters, tournament, game names
//! and openings file, the `info` and handshake lines of Hub engines it
//! drives, the `evaltweak` option, a database slice's name and `dama
//! serve`'s durations. Each answers any text with a value or a clean
//! error, never a panic.

#![no_main]

use dama::egtb::index::Material;
use dama::eval::tweak::Tweak;
use dama::matchrunner::hub::Dialect;
use dama::matchrunner::openings::parse_fen_lines;
use dama::matchrunner::stats::Sprt;
use dama::matchrunner::timecontrol::TimeControl;
use dama::matchrunner::Tournament;
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
        let _ = line.parse::<Tournament>();
        let _ = line.parse::<Variant>();
        let _ = line.parse::<Tweak>();
        let _ = Material::parse(line);
        let _ = dama::serve::parse_duration(line);
        for d in [Dialect::Hub2, Dialect::Hub1] {
            let _ = d.parse_info(line);
            let _ = d.id_name(line);
        }
    }
    for v in Variant::ALL {
        let _ = parse_fen_lines(text, v, "fuzz");
    }
});
