//! Italian draughts (RULES-MAINSTREAM §9): perft against dctl's table,
//! hand-made positions with their exact legal moves for the rules that
//! set the game apart (the board with `h1` playable, men that never take
//! kings, the four-step precedence), its draw rules and the run-time
//! layer.

mod common;

use common::*;
use dama::rules::italian::Italian;
use dama::search::Limits;
use dama::{perft, AnyGame, AnySearcher, EndRule, GameOptions, Kind, Position, Variant};
use std::sync::atomic::AtomicBool;

type G = Italian;

#[test]
fn perft_agrees_with_dctl() {
    let start = Position::<G>::start();
    let counts: Vec<u64> = (1..=7).map(|d| perft::perft(&start, d, true)).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7361, 36473, 177532]);
}

#[test]
fn the_board_has_h1_playable_numbered_from_a8() {
    use dama::rules::mechanics::square_name;
    assert_eq!(square_name::<G>("a8".parse().unwrap()), "1");
    assert_eq!(square_name::<G>("h1".parse().unwrap()), "32");
    assert_eq!(square_name::<G>("b1".parse().unwrap()), "29");
    assert!("W:Wa1:Bh8".parse::<Position<G>>().is_err());
}

#[test]
fn men_never_capture_kings() {
    // d3 (22) takes the man on e4, not the king on c4.
    assert_moves::<G>("W:Wd3:BKc4,e4", &["22x15"]);
    // Nor later in a chain: after c4 the king on e6 stops it.
    assert_moves::<G>("W:Wb3:Bc4,Ke6", &["21x14"]);
    // A man facing only a king just moves.
    assert_moves::<G>("W:Wd3:BKe4", &["22-18"]);
    // Kings take kings.
    assert_moves::<G>("W:WKd3:BKe4", &["22x15"]);
}

#[test]
fn the_four_step_precedence() {
    // 1. Most pieces.
    assert_moves::<G>("W:Wb3,h3:Bc4,g4,c6", &["21x14x5"]);
    // 2. A king's capture before a man's (one piece each).
    assert_moves::<G>("W:Wb3,Kf3:Bc4,e4", &["23x14"]);
    // 3. Most kings.
    assert_moves::<G>("W:WKd3:Bc4,Ke4", &["22x15"]);
    // 4. The king met earliest: c4 (king) first beats g6 (king) second.
    assert_moves::<G>("W:WKd3:BKc4,c6,e4,Kg6", &["22x13x6"]);
    assert_moves::<G>("W:WKd3:Bc4,c6,e4,g6", &["22x13x6", "22x15x8"]);
}

#[test]
fn a_man_crowned_by_a_capture_stops() {
    // a6 (9) x b7 to c8 (2): crowned, and d7 is not taken.
    assert_eq!(details::<G>("W:Wa6:Bb7,d7", "9x2").1, Some(Kind::King));
    assert_moves::<G>("W:Wa6:Bb7,d7", &["9x2"]);
}

#[test]
fn draw_rules() {
    let o = GameOptions::default();
    let g = game::<G>("W:WKd3,b3:BKe8,g6:H79", o, &["d3-e4"]);
    assert_eq!(outcome(&g).rule, EndRule::NoProgress { plies: 80 });
    let g = game::<G>("W:WKd3,b3:BKe8,g6:H79", o, &["b3-a4"]);
    assert_eq!(g.status(), dama::Status::InPlay);
}

#[test]
fn the_run_time_layer_knows_it() {
    let v: Variant = "italian".parse().unwrap();
    assert_eq!(v.pdn_game_type(), Some(22));
    let g = AnyGame::new(v, GameOptions::default());
    let mut s = AnySearcher::new(v, 1);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &AtomicBool::new(false), &mut |_| {});
    let best = r.best.unwrap();
    assert!(g.legal_moves().iter().any(|m| m.text == best.text));
}

#[test]
fn the_fourth_repetition_draws() {
    let o = GameOptions::default();
    let round = ["d3-e4", "e8-f7", "e4-d3", "f7-e8"];
    let three: Vec<&str> = round.iter().chain(round.iter()).copied().collect();
    let g = game::<G>("W:WKd3,b3:BKe8,g6", o, &three);
    assert_eq!(g.status(), dama::Status::InPlay);
    let four: Vec<&str> = round.iter().cycle().take(12).copied().collect();
    let g = game::<G>("W:WKd3,b3:BKe8,g6", o, &four);
    assert_eq!(outcome(&g).rule, EndRule::Repetition { times: 4 });
    assert_eq!(
        outcome(&g).to_string(),
        "draw: the same position for the fourth time"
    );
}

#[test]
fn positions_and_moves_in_numbers() {
    let g = dama::Game::<G>::new(GameOptions::default());
    assert!(
        g.fen()
            .starts_with("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"),
        "{}",
        g.fen()
    );
    let mut g = g;
    g.play_text("21-17").unwrap();
    assert_eq!(g.position().side(), dama::Color::Black);
}

#[test]
fn refusals_speak_of_the_game_s_rules() {
    assert_eq!(
        refusal::<G>("W:Wd3:BKc4,e4", "22x13"),
        "men do not capture kings"
    );
    assert_eq!(
        refusal::<G>("W:Wb3,Kf3:Bc4,e4", "21x14"),
        "a king can capture, so a king must"
    );
    assert_eq!(
        refusal::<G>("W:WKd3:Bc4,Ke4", "22x13"),
        "you must take the most kings"
    );
    assert_eq!(
        refusal::<G>("W:WKd3:BKc4,c6,e4,Kg6", "22x15x8"),
        "you must take the capture that meets a king first"
    );
}
