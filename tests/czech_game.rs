//! Czech draughts games to their end, RULES.md §1: losing with no piece
//! or no move, the draws (threefold repetition, 15 moves of each player
//! without progress, the endgame limits against a lone king), which rule
//! decided and how the result reads, resignation, undo, and the FEN
//! counters.
//!
//! The long games below are kings walking round short cycles chosen so
//! that nothing can ever be captured and no position comes up three
//! times: a cycle of 3 squares for one side and of 4 for the other
//! repeat together only every 24 plies.

use dama::game::{Counters, GameError};
use dama::rules::czech::pdn_result;
use dama::{
    Color, Czech, EndRule, Game, GameOptions, GameResult, Outcome, Position, Setup, Status,
};

fn game(fen: &str) -> Game<Czech> {
    let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    Game::from_setup(&setup, GameOptions::default()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[track_caller]
fn play(g: &mut Game<Czech>, text: &str) {
    if let Err(e) = g.play_text(text) {
        panic!(
            "{text} after {:?}: {e}",
            g.moves().map(|m| m.to_string()).collect::<Vec<_>>()
        );
    }
}

fn over(g: &Game<Czech>) -> Outcome {
    match g.status() {
        Status::Over(o) => o,
        Status::InPlay => panic!("the game should be over: {}", g.fen()),
    }
}

#[track_caller]
fn assert_in_play(g: &Game<Czech>) {
    assert_eq!(
        g.status(),
        Status::InPlay,
        "after {} plies: {}",
        g.len(),
        g.fen()
    );
}

/// A king walking round `squares` (each step a legal king move).
struct Walk {
    squares: &'static [&'static str],
    at: usize,
}

impl Walk {
    fn new(squares: &'static [&'static str]) -> Self {
        Walk { squares, at: 0 }
    }
    fn step(&mut self) -> String {
        let from = self.squares[self.at];
        self.at = (self.at + 1) % self.squares.len();
        format!("{from}-{}", self.squares[self.at])
    }
}

/// Plays `plies` plies, each side walking its king round its cycle.
fn walk(g: &mut Game<Czech>, white: &mut Walk, black: &mut Walk, plies: usize) {
    for _ in 0..plies {
        let text = match g.position().side() {
            Color::White => white.step(),
            Color::Black => black.step(),
        };
        play(g, &text);
    }
}

// ---------------------------------------------------------------- losing

#[test]
fn no_pieces_left_loses() {
    let mut g = game("W:Wc3:Bd4");
    assert_in_play(&g);
    play(&mut g, "c3xe5");
    let o = over(&g);
    assert_eq!(o, Outcome::win(Color::White, EndRule::NoPieces));
    assert_eq!(o.to_string(), "white wins: black has no pieces left");
    assert_eq!(o.result.score(), "1-0");
    assert_eq!(pdn_result(o.result), "2-0");
    // A position given without pieces for the side to move is lost at once.
    let g = game("B:WKc3:B");
    assert_eq!(over(&g), Outcome::win(Color::White, EndRule::NoPieces));
    // So is one where the side to move has no opponent left: won at once.
    let g = game("W:Wc3:B");
    assert_eq!(over(&g), Outcome::win(Color::White, EndRule::NoPieces));
    assert_eq!(
        g.position().legal_moves().len(),
        2,
        "the board still has its moves"
    );
}

#[test]
fn no_legal_move_loses() {
    // White's man a1 is blocked by b2 (c3 behind it is taken).
    let g = game("W:Wa1:Bb2,c3");
    let o = over(&g);
    assert_eq!(o, Outcome::win(Color::Black, EndRule::NoMoves));
    assert_eq!(o.to_string(), "black wins: white cannot move");
    assert_eq!(pdn_result(o.result), "0-2");
    // Blocking the last black man by a move.
    let mut g = game("W:WKa1,c1:Ba3");
    play(&mut g, "a1-b2");
    assert_eq!(over(&g), Outcome::win(Color::White, EndRule::NoMoves));
}

#[test]
fn no_move_after_the_game_is_over() {
    let mut g = game("W:Wc3:Bd4");
    play(&mut g, "c3xe5");
    let err = g.play_text("e5-d6").unwrap_err();
    assert!(matches!(err, GameError::Over(_)));
    assert_eq!(
        err.to_string(),
        "the game is over (white wins: black has no pieces left)"
    );
    assert_eq!(g.len(), 1, "a refused move changes nothing");
}

// ---------------------------------------------------------------- repetition

#[test]
fn threefold_repetition_draws() {
    let mut g = game("W:WKa1,Kc1:BKh8,Kf8");
    for round in 1..=2 {
        for text in ["c1-d2", "f8-e7", "d2-c1", "e7-f8"] {
            assert_in_play(&g);
            play(&mut g, text);
        }
        assert_eq!(g.repetitions(), round + 1);
    }
    let o = over(&g);
    assert_eq!(o, Outcome::draw(EndRule::Repetition { times: 3 }));
    assert_eq!(o.to_string(), "draw: the same position for the third time");
    assert_eq!(o.result.score(), "1/2-1/2");
    assert_eq!(pdn_result(o.result), "1-1");
}

#[test]
fn repetition_needs_the_same_side_to_move() {
    // The white king goes round c1-d2-e3 (three moves), Black's shuttles:
    // after five plies the pieces stand as at the start but Black is to move.
    let mut g = game("W:WKa1,Kc1:BKh8,Kf8");
    for text in ["c1-d2", "f8-e7", "d2-e3", "e7-f8", "e3-c1"] {
        play(&mut g, text);
    }
    assert_eq!(g.position().to_setup().pieces, g.start().to_setup().pieces);
    assert_eq!(g.repetitions(), 1);
    // Five more plies bring the same pieces with White to move: the second time.
    for text in ["f8-e7", "c1-d2", "e7-f8", "d2-e3", "f8-e7"] {
        play(&mut g, text);
    }
    for text in ["e3-c1", "e7-f8"] {
        play(&mut g, text);
    }
    assert_eq!(g.position(), g.start());
    assert_eq!(g.repetitions(), 2);
    assert_in_play(&g);
}

// ---------------------------------------------------------------- 15 moves without progress

/// Men on g1 and h6 that never move and can never be taken; kings walking.
const NO_PROGRESS: &str = "W:WKa1,g1:BKd8,h6";
const WHITE_3: &[&str] = &["a1", "b2", "c3"];
const BLACK_4: &[&str] = &["d8", "e7", "g5", "h4"];

#[test]
fn fifteen_moves_each_without_a_man_move_or_capture_draw() {
    let mut g = game(NO_PROGRESS);
    let (mut w, mut b) = (Walk::new(WHITE_3), Walk::new(BLACK_4));
    walk(&mut g, &mut w, &mut b, 29);
    assert_in_play(&g);
    assert_eq!(g.counters().since_progress, 29);
    walk(&mut g, &mut w, &mut b, 1);
    let o = over(&g);
    assert_eq!(o, Outcome::draw(EndRule::NoProgress { plies: 30 }));
    assert_eq!(
        o.to_string(),
        "draw: 15 moves of each player without a man moving and without a capture"
    );
}

#[test]
fn a_man_move_restarts_the_count() {
    let mut g = game(NO_PROGRESS);
    let (mut w, mut b) = (Walk::new(WHITE_3), Walk::new(BLACK_4));
    walk(&mut g, &mut w, &mut b, 20);
    play(&mut g, "g1-h2"); // ply 21, a man moves
    assert_eq!(g.counters().since_progress, 0);
    walk(&mut g, &mut w, &mut b, 29); // ply 50
    assert_in_play(&g);
    walk(&mut g, &mut w, &mut b, 1); // ply 51: 30 plies after the man move
    assert_eq!(over(&g).rule, EndRule::NoProgress { plies: 30 });
}

// ---------------------------------------------------------------- endgame limits

/// Plays until just before `limit` and checks the draw comes exactly at it.
fn assert_limit(
    fen: &str,
    white: &'static [&'static str],
    black: &'static [&'static str],
    limit: u32,
) {
    let mut g = game(fen);
    let (mut w, mut b) = (Walk::new(white), Walk::new(black));
    walk(&mut g, &mut w, &mut b, limit as usize - 1);
    assert_in_play(&g);
    walk(&mut g, &mut w, &mut b, 1);
    let o = over(&g);
    assert_eq!(
        o,
        Outcome::draw(EndRule::EndgameLimit { plies: limit }),
        "{fen}"
    );
    assert_eq!(
        o.to_string(),
        format!(
            "draw: the lone king held out for {} moves of each player",
            limit / 2
        )
    );
}

#[test]
fn lone_king_against_three_kings_thirty_plies() {
    assert_limit("W:WKa1,Ka7,Kb8:BKd8", WHITE_3, BLACK_4, 30);
}

#[test]
fn lone_king_against_two_kings_ten_plies() {
    assert_limit("W:WKa1,Ka7:BKd8", WHITE_3, BLACK_4, 10);
}

#[test]
fn lone_king_against_king_and_man_ten_plies() {
    assert_limit("W:WKa1,g1:BKd8", WHITE_3, BLACK_4, 10);
}

#[test]
fn lone_king_against_one_king_ten_plies() {
    assert_limit("W:WKa1:BKd8", WHITE_3, BLACK_4, 10);
}

#[test]
fn no_limit_with_more_material() {
    // Two kings and a man against a lone king: no endgame limit, only the 30-ply rule.
    let mut g = game("W:WKa1,Ka7,g1:BKd8");
    let (mut w, mut b) = (Walk::new(WHITE_3), Walk::new(BLACK_4));
    walk(&mut g, &mut w, &mut b, 29);
    assert_in_play(&g);
    walk(&mut g, &mut w, &mut b, 1);
    assert_eq!(over(&g).rule, EndRule::NoProgress { plies: 30 });
}

/// Black's lone king takes the fourth white king (g5) from h4, landing on
/// f6 (on the main diagonal a1–h8) or e7 (off it).
const BEFORE_CAPTURE: &str = "B:WKa7,Kb8,Kg5,Ke1:BKh4";
const WHITE_E1: &[&str] = &["e1", "f2", "g3"];

#[test]
fn three_kings_and_the_lone_king_on_the_main_diagonal_ten_plies() {
    let mut g = game(BEFORE_CAPTURE);
    assert_eq!(g.position().legal_moves().len(), 3, "h4xf6, h4xe7, h4xd8");
    play(&mut g, "h4xf6");
    assert_eq!(g.counters().since_material, 0);
    assert!(g.counters().material_mark);
    // The lone king leaves the diagonal at once; what counts is where it
    // stood right after the capture (RULES.md, Decision).
    let (mut w, mut b) = (Walk::new(WHITE_E1), Walk::new(&["f6", "e7", "f8", "g7"]));
    walk(&mut g, &mut w, &mut b, 9);
    assert_in_play(&g);
    walk(&mut g, &mut w, &mut b, 1);
    assert_eq!(g.position().to_string(), "W:WKa7,Kb8,Kg3:BKe7");
    assert_eq!(over(&g), Outcome::draw(EndRule::EndgameLimit { plies: 10 }));
}

#[test]
fn three_kings_and_the_lone_king_off_the_diagonal_thirty_plies() {
    let mut g = game(BEFORE_CAPTURE);
    play(&mut g, "h4xe7");
    assert!(!g.counters().material_mark);
    // Now it walks onto the main diagonal (f6, g7) and off again: still 30.
    let (mut w, mut b) = (Walk::new(WHITE_E1), Walk::new(&["e7", "f6", "g7", "f8"]));
    walk(&mut g, &mut w, &mut b, 29);
    assert_in_play(&g);
    walk(&mut g, &mut w, &mut b, 1);
    assert_eq!(over(&g), Outcome::draw(EndRule::EndgameLimit { plies: 30 }));
}

#[test]
fn a_capture_restarts_the_endgame_count() {
    // Lone king against three kings (30 plies) for 16 plies; then White
    // puts the king b8 en prise on d6 and the lone king takes it: two kings
    // now, 10 plies counted from that capture.
    let mut g = game(BEFORE_CAPTURE);
    play(&mut g, "h4xe7");
    let (mut w, mut b) = (Walk::new(WHITE_E1), Walk::new(&["e7", "f6", "g7", "f8"]));
    walk(&mut g, &mut w, &mut b, 16);
    assert_eq!(g.counters().since_material, 16);
    play(&mut g, "b8-d6");
    play(&mut g, "e7xa3");
    assert_eq!(g.counters().since_material, 0);
    let mut b = Walk::new(&["a3", "b2"]);
    walk(&mut g, &mut w, &mut b, 9);
    assert_in_play(&g);
    walk(&mut g, &mut w, &mut b, 1);
    assert_eq!(over(&g), Outcome::draw(EndRule::EndgameLimit { plies: 10 }));
}

#[test]
fn a_promotion_restarts_the_endgame_count() {
    // King and man against a lone king: 10 plies. The man promotes on ply 7
    // (two kings: still 10, counted again from there), so the draw comes on
    // ply 17, not 10.
    let mut g = game("W:WKa1,h6:BKa7");
    for text in ["a1-b2", "a7-b8", "b2-c3", "b8-a7", "h6-g7", "a7-b8"] {
        play(&mut g, text);
    }
    assert_eq!(g.counters().since_material, 6);
    play(&mut g, "g7-h8");
    assert_eq!(g.counters().since_material, 0);
    let (mut w, mut b) = (Walk::new(&["c3", "a1", "b2"]), Walk::new(&["b8", "a7"]));
    walk(&mut g, &mut w, &mut b, 9);
    assert_eq!(g.len(), 16);
    assert_in_play(&g);
    walk(&mut g, &mut w, &mut b, 1);
    assert_eq!(over(&g), Outcome::draw(EndRule::EndgameLimit { plies: 10 }));
}

/// Every FEN written on the way gives the same game back: reloaded, it
/// has the same counters and ends by the same rule on the same ply.
fn assert_fens_round_trip(g: &Game<Czech>) {
    let mut replay = g.clone();
    replay.undo_n(g.len()).unwrap();
    let moves: Vec<_> = g.moves().copied().collect();
    for (i, m) in moves.iter().enumerate() {
        let fen = replay.fen();
        let back = game(&fen);
        let (a, b) = (replay.counters(), back.counters());
        assert_eq!(
            (a.since_progress, a.since_material, a.material_mark),
            (b.since_progress, b.since_material, b.material_mark),
            "ply {i}: {fen}"
        );
        assert_eq!(back.fen(), fen);
        let mut rest = back.clone();
        for m in &moves[i..] {
            rest.push(*m);
        }
        assert_eq!(rest.status(), g.status(), "from ply {i}: {fen}");
        replay.push(*m);
    }
}

#[test]
fn a_fen_in_an_ending_carries_the_endgame_count_and_its_limit() {
    // Three kings, the lone king off the diagonal when the material
    // appeared (30 plies), later on it: L30, since the king's square alone
    // would say 10.
    let mut g = game(BEFORE_CAPTURE);
    play(&mut g, "h4xe7");
    let (mut w, mut b) = (Walk::new(WHITE_E1), Walk::new(&["e7", "f6", "g7", "f8"]));
    walk(&mut g, &mut w, &mut b, 2);
    assert_eq!(g.fen(), "W:WKa7,Kb8,Kf2:BKf6:H2:L30:F3");
    walk(&mut g, &mut w, &mut b, 28);
    assert_eq!(over(&g), Outcome::draw(EndRule::EndgameLimit { plies: 30 }));
    assert_fens_round_trip(&g);

    // And the other way: on the diagonal after the capture (10 plies),
    // off it now.
    let mut g = game(BEFORE_CAPTURE);
    play(&mut g, "h4xf6");
    let (mut w, mut b) = (Walk::new(WHITE_E1), Walk::new(&["f6", "e7", "f8", "g7"]));
    walk(&mut g, &mut w, &mut b, 2);
    assert_eq!(g.fen(), "W:WKa7,Kb8,Kf2:BKe7:H2:L10:F3");
    walk(&mut g, &mut w, &mut b, 8);
    assert_eq!(over(&g), Outcome::draw(EndRule::EndgameLimit { plies: 10 }));
    assert_fens_round_trip(&g);

    // King and man against a king: a man move restarts the 15-moves count
    // but not the endgame count, so C is written beside H.
    let mut g = game("W:WKa1,h6:BKa7");
    for text in ["a1-b2", "a7-b8", "b2-c3", "b8-a7", "h6-g7", "a7-b8"] {
        play(&mut g, text);
    }
    assert_eq!(g.fen(), "W:WKc3,g7:BKb8:H1:C6:F4");
    play(&mut g, "c3-d4");
    play(&mut g, "b8-a7");
    play(&mut g, "d4-c3");
    play(&mut g, "a7-b8");
    assert_eq!(over(&g), Outcome::draw(EndRule::EndgameLimit { plies: 10 }));
    assert_eq!(g.fen(), "W:WKc3,g7:BKb8:H5:C10:F6");
    assert_eq!(game(&g.fen()).status(), g.status());
    assert_fens_round_trip(&g);
}

#[test]
fn a_fen_with_a_limit_the_position_cannot_have_is_refused() {
    let setup: Setup = "W:WKa1,Ka7:BKd8:L30".parse().unwrap();
    let err = Game::<Czech>::from_setup(&setup, GameOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "no endgame limit of 30 plies applies to this position (field L30)"
    );
    let setup: Setup = "W:WKa1,Ka7,Kb8:BKd8:L10".parse().unwrap();
    let g = Game::<Czech>::from_setup(&setup, GameOptions::default()).unwrap();
    assert!(g.counters().material_mark, "three kings counting to 10");
    assert_eq!(g.fen(), "W:WKa1,Ka7,Kb8:BKd8:H0:L10:F1");
}

#[test]
fn a_counter_with_nothing_to_count_is_refused_not_dropped() {
    let refused = |fen: &str| {
        let setup: Setup = fen.parse().unwrap();
        Game::<Czech>::from_setup(&setup, GameOptions::default())
            .unwrap_err()
            .to_string()
    };
    // Men on both sides: no endgame limit, so `C` other than `H` counts nothing.
    assert_eq!(
        refused("W:Wa1,c3:Bh8:H2:C5"),
        "the field C5 counts towards an endgame limit, and none applies to this position"
    );
    assert_eq!(game("W:Wa1,c3:Bh8:H2:C2").fen(), "W:Wa1,c3:Bh8:H2:F1");
    // Czech draughts has no endgame classes: any `E` above 0 is refused.
    assert_eq!(
        refused("W:WKa1,Kc1,Ke1:BKh8:E10"),
        "the field E10 counts plies in an endgame class, and this game has none"
    );
    assert_eq!(game("W:Wa1:Bh8:E0").fen(), "W:Wa1:Bh8:H0:F1");
    // Against a lone king `C` counts, and comes back as written.
    assert_eq!(
        game("W:WKa1,Kc1:BKh8:H0:C3").fen(),
        "W:WKa1,Kc1:BKh8:H0:C3:F1"
    );
}

// ---------------------------------------------------------------- a win beats a limit

#[test]
fn a_win_on_the_ply_that_reaches_the_limit_is_a_win() {
    // 29 plies without progress; White's 30th blocks Black's last man.
    let mut g = game("W:WKa1,c1:Ba3:H29");
    play(&mut g, "a1-b2");
    assert_eq!(g.counters().since_progress, 30);
    assert_eq!(over(&g), Outcome::win(Color::White, EndRule::NoMoves));
    // The other king move leaves Black a move: the draw.
    let mut g = game("W:WKa1,c1:Ba3:H29");
    play(&mut g, "a1-c3");
    assert_eq!(over(&g), Outcome::draw(EndRule::NoProgress { plies: 30 }));
}

#[test]
fn a_blocked_lone_king_loses_even_at_the_endgame_limit() {
    // The lone king on a1 behind b2 and c3, the short limit already reached.
    let pos: Position<Czech> = "B:WKb2,Kc3,Kd4:BKa1".parse().unwrap();
    let at_limit = Counters {
        ply: 40,
        since_capture: 10,
        since_progress: 10,
        since_material: 10,
        material_mark: true,
        ..Counters::default()
    };
    let g = Game::from_position(pos, at_limit, GameOptions::default());
    assert_eq!(over(&g), Outcome::win(Color::White, EndRule::NoMoves));
    // With a move left, the same counters draw.
    let pos: Position<Czech> = "B:WKb2,Kc3,Kd4:BKh8".parse().unwrap();
    let g = Game::from_position(pos, at_limit, GameOptions::default());
    assert_eq!(over(&g), Outcome::draw(EndRule::EndgameLimit { plies: 10 }));
}

// ---------------------------------------------------------------- resignation

#[test]
fn resign_only_on_your_own_turn() {
    let mut g: Game<Czech> = Game::default();
    let err = g.resign(Color::Black).unwrap_err();
    assert_eq!(err, GameError::NotYourTurn(Color::Black));
    assert_eq!(err.to_string(), "black can resign only on black's own turn");
    assert_in_play(&g);
    g.resign(Color::White).unwrap();
    let o = over(&g);
    assert_eq!(o, Outcome::win(Color::Black, EndRule::Resignation));
    assert_eq!(o.to_string(), "black wins: white resigned");
    assert!(matches!(g.play_text("c3-d4"), Err(GameError::Over(_))));
    assert!(matches!(g.resign(Color::White), Err(GameError::Over(_))));
}

// ---------------------------------------------------------------- undo

#[test]
fn undo_restores_position_counters_and_status() {
    let mut g = game("W:Wa1,c3:Bf6:H7:F12");
    let mut seen = vec![(*g.position(), g.counters(), g.status(), g.fen())];
    for text in ["c3-d4", "f6-e5", "d4xf6"] {
        play(&mut g, text);
        seen.push((*g.position(), g.counters(), g.status(), g.fen()));
    }
    assert_eq!(over(&g), Outcome::win(Color::White, EndRule::NoPieces));
    while let Some((pos, counters, status, fen)) = seen.pop() {
        assert_eq!(*g.position(), pos);
        assert_eq!(g.position().key(), pos.key());
        assert_eq!(g.counters(), counters);
        assert_eq!(g.status(), status);
        assert_eq!(g.fen(), fen);
        if seen.is_empty() {
            break;
        }
        g.undo().unwrap();
    }
    assert!(g.is_empty());
    assert_eq!(g.fen(), "W:Wa1,c3:Bf6:H7:F12");
    assert_eq!(g.undo().unwrap_err(), GameError::NothingToUndo);
}

#[test]
fn undo_of_a_drawn_game_and_undo_n() {
    let mut g = game("W:WKa1,Kc1:BKh8,Kf8");
    for _ in 0..2 {
        for text in ["c1-d2", "f8-e7", "d2-c1", "e7-f8"] {
            play(&mut g, text);
        }
    }
    assert_eq!(over(&g).rule, EndRule::Repetition { times: 3 });
    assert_eq!(g.undo_n(9).unwrap_err(), GameError::NothingToUndo);
    assert_eq!(g.len(), 8, "a failed undo_n changes nothing");
    g.undo_n(2).unwrap();
    assert_in_play(&g);
    assert_eq!(g.repetitions(), 2, "as after ply 2");
    g.undo_n(6).unwrap();
    assert_eq!(g.position(), g.start());
    // After a resignation, undo takes back the resignation with the last move.
    play(&mut g, "c1-d2");
    g.resign(Color::Black).unwrap();
    g.undo().unwrap();
    assert_in_play(&g);
    assert!(g.is_empty());
    // A resignation can also be withdrawn alone.
    play(&mut g, "c1-d2");
    assert!(!g.withdraw_resignation(), "nobody has resigned");
    g.resign(Color::Black).unwrap();
    assert!(g.withdraw_resignation());
    assert_in_play(&g);
    assert_eq!(g.len(), 1);
}

// ---------------------------------------------------------------- FEN counters

#[test]
fn fen_counters_feed_the_game() {
    let mut g = game("W:WKa1,g1:BKd8,h6:H12:F20");
    assert_eq!(g.counters().since_progress, 12);
    assert_eq!(g.counters().ply, 38);
    assert_eq!(g.fen(), "W:WKa1,g1:BKd8,h6:H12:F20");
    play(&mut g, "a1-b2");
    assert_eq!(g.fen(), "B:WKb2,g1:BKd8,h6:H13:F20");
    play(&mut g, "d8-e7");
    assert_eq!(g.fen(), "W:WKb2,g1:BKe7,h6:H14:F21");
    play(&mut g, "g1-h2");
    assert_eq!(g.fen(), "B:WKb2,h2:BKe7,h6:H0:F21");
    // Without the fields the counters start at zero.
    let g = game("W:WKa1,g1:BKd8,h6");
    assert_eq!(g.counters(), Counters::start(g.position(), 0, 0));
    assert_eq!(g.fen(), "W:WKa1,g1:BKd8,h6:H0:F1");
}

#[test]
fn fen_h_counts_towards_the_draws() {
    // 28 plies without progress already: two more draw.
    let mut g = game("W:WKa1,g1:BKd8,h6:H28");
    let (mut w, mut b) = (Walk::new(WHITE_3), Walk::new(BLACK_4));
    walk(&mut g, &mut w, &mut b, 1);
    assert_in_play(&g);
    walk(&mut g, &mut w, &mut b, 1);
    assert_eq!(over(&g).rule, EndRule::NoProgress { plies: 30 });
    // Kings only: H is also the count since the material changed, so a
    // saved and resumed endgame keeps its count (8 of 10 plies gone).
    let mut g = game("W:WKa1,Ka7:BKd8:H8");
    let (mut w, mut b) = (Walk::new(WHITE_3), Walk::new(BLACK_4));
    walk(&mut g, &mut w, &mut b, 1);
    assert_in_play(&g);
    walk(&mut g, &mut w, &mut b, 1);
    assert_eq!(over(&g).rule, EndRule::EndgameLimit { plies: 10 });
}

#[test]
fn a_game_saved_and_resumed_goes_on_the_same() {
    let mut g = game("W:WKa1,Ka7,Kb8:BKd8");
    let (mut w, mut b) = (Walk::new(WHITE_3), Walk::new(BLACK_4));
    walk(&mut g, &mut w, &mut b, 17);
    let mut resumed = game(&g.fen());
    assert_eq!(resumed.position(), g.position());
    for _ in 0..13 {
        let text = match g.position().side() {
            Color::White => w.step(),
            Color::Black => b.step(),
        };
        play(&mut g, &text);
        play(&mut resumed, &text);
        assert_eq!(g.status(), resumed.status(), "after {text}");
    }
    assert_eq!(over(&resumed).rule, EndRule::EndgameLimit { plies: 30 });
}

#[test]
fn results_read_well() {
    let cases = [
        (
            Outcome::win(Color::White, EndRule::NoPieces),
            "white wins: black has no pieces left",
        ),
        (
            Outcome::win(Color::Black, EndRule::NoMoves),
            "black wins: white cannot move",
        ),
        (
            Outcome::draw(EndRule::EndgameLimit { plies: 10 }),
            "draw: the lone king held out for 5 moves of each player",
        ),
    ];
    for (o, text) in cases {
        assert_eq!(o.to_string(), text);
    }
    assert_eq!(GameResult::Win(Color::Black).score(), "0-1");
}

#[test]
fn huge_fen_counters_do_not_overflow() {
    // F near the top of u32: the ply count saturates instead of overflowing.
    let mut g = game("W:Wc3:Bh8:F4294967295");
    play(&mut g, "c3-d4");
    assert_in_play(&g);
    assert!(g.fen().starts_with("B:Wd4:Bh8:H0:F"));
    // H at the top: the 15-moves rule has long been reached.
    let g = game("W:WKc3:Bh8:H4294967295");
    assert_eq!(over(&g).rule, EndRule::NoProgress { plies: 30 });
}
