//! Fuzz target: the playing app's messages. Each line is read as a page
//! would send it; the ones that read are applied to a game at a table
//! the way the server applies them (moves by taps, why, undo, resign).
//! Nothing may panic, and a refused action must leave the game as it
//! was (same version, same record).

#![no_main]

use dama::serve::messages::ClientMsg;
use dama::serve::table::Table;
use dama::{Color, Square, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let variant = Variant::ALL[lines.next().map_or(0, str::len) % Variant::ALL.len()];
    let mut table = Table::new(variant);
    for line in lines {
        let Ok(msg) = ClientMsg::parse(line) else {
            continue;
        };
        let side = table.game().side_to_move();
        let (version, record) = (table.version(), table.game().moves());
        let refused = match msg {
            ClientMsg::Move { path } => {
                let squares: Result<Vec<Square>, _> = path.iter().map(|s| s.parse()).collect();
                match squares {
                    Ok(sq) => table.attempt(side, &sq).is_err(),
                    Err(_) => true,
                }
            }
            ClientMsg::Why { square } => {
                if let Ok(sq) = square.parse() {
                    let _ = table.why_not(side, sq);
                }
                true
            }
            ClientMsg::Undo => table.undo_for(Color::White).is_err(),
            ClientMsg::Resign => table.resign(side).is_err(),
            ClientMsg::Resume {
                variant,
                start,
                moves,
                resigned,
                ..
            } => {
                if let Ok(v) = variant.parse::<Variant>() {
                    if let Ok(mut t) = Table::replay(v, start.as_deref(), &moves) {
                        assert_eq!(t.game().moves().len(), moves.len());
                        let by = match resigned.as_deref() {
                            Some("white") => Some(Color::White),
                            Some("black") => Some(Color::Black),
                            _ => None,
                        };
                        if let Some(c) = by {
                            // Refused off turn or after the end, never a panic.
                            let _ = t.resign(c);
                        }
                    }
                }
                true
            }
            _ => true,
        };
        if refused {
            assert_eq!(table.version(), version);
            assert_eq!(table.game().moves(), record);
        }
    }
});
