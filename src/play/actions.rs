//! What a player's line does to the game in `dama play`: show a move,
//! play one, let the computer answer, list the moves, hint, undo,
//! resign, save.

use super::*;

impl<W: Write> Session<W> {
    /// `show MOVE`: the board with the move's path and what it takes.
    pub(super) fn show_move(&mut self, text: &str) -> io::Result<()> {
        if let Status::Over(o) = self.game.status() {
            return writeln!(self.out, "The game is over ({o}).");
        }
        let m = match self.game.check_move(text) {
            Ok(m) => m,
            Err(MoveError::Illegal(Illegal::Ambiguous(v))) => {
                return writeln!(
                    self.out,
                    "Which one? That matches {}; write a landing square in between to choose.",
                    v.join(" and ")
                )
            }
            Err(e @ MoveError::Parse(_)) => {
                let words = move_error_words(&self.game, &e);
                return writeln!(self.out, "I cannot read that move: {words}.");
            }
            Err(MoveError::Illegal(i)) => {
                let words = move_error_words(&self.game, &i.with_square_names());
                return writeln!(self.out, "Illegal move: {words}.");
            }
        };
        if m.is_pass() {
            return writeln!(self.out, "pass: the side to move does not move.");
        }
        let marks = Marks {
            last: m.from.iter().chain(&m.path).copied().collect(),
            captured: Vec::new(),
            must_capture: Vec::new(),
            taking: m.captured.clone(),
        };
        let text = board::draw(&self.game, self.bottom(), &marks, self.settings.ansi);
        write!(self.out, "{text}")?;
        writeln!(
            self.out,
            "Not played: {}. [ ] its path, < > the pieces it takes.",
            describe(&self.game, &m)
        )
    }

    /// Plays the player's move; true when the board should be drawn.
    pub(super) fn human_move(&mut self, text: &str) -> io::Result<bool> {
        if let Status::Over(o) = self.game.status() {
            writeln!(self.out, "The game is over ({o}).")?;
            return Ok(false);
        }
        let mover = self.game.side_to_move();
        match self.game.play(text) {
            Ok(m) => {
                if self.two() {
                    writeln!(
                        self.out,
                        "{} plays {}.",
                        upper_first(mover.name()),
                        describe(&self.game, &m)
                    )?;
                } else {
                    writeln!(self.out, "You play {}.", describe(&self.game, &m))?;
                }
                self.hint = None;
                Ok(true)
            }
            Err(GameError::Move(MoveError::Illegal(Illegal::Ambiguous(v)))) => {
                writeln!(
                    self.out,
                    "Which one? That matches {}; write a landing square in between to choose.",
                    v.join(" and ")
                )?;
                Ok(false)
            }
            Err(GameError::Move(e @ MoveError::Parse(_))) => {
                let words = move_error_words(&self.game, &e);
                writeln!(self.out, "I cannot read that move: {words}. Try again.")?;
                Ok(false)
            }
            Err(GameError::Move(MoveError::Illegal(i))) => {
                let words = move_error_words(&self.game, &i.with_square_names());
                writeln!(self.out, "Illegal move: {words}. Try again.")?;
                Ok(false)
            }
            Err(e) => {
                let words = move_error_words(&self.game, &e);
                writeln!(self.out, "Illegal move: {words}. Try again.")?;
                Ok(false)
            }
        }
    }

    pub(super) fn think_time(&self) -> Duration {
        self.settings.movetime.unwrap_or_else(|| {
            Duration::from_millis(LEVEL_TIME_MS[usize::from(self.settings.level.clamp(1, 5)) - 1])
        })
    }

    pub(super) fn clear_live(&mut self) -> io::Result<()> {
        if self.settings.live {
            write!(self.out, "\r\x1b[K")?;
        }
        Ok(())
    }

    /// The computer's move; false when Ctrl-C interrupted its thinking.
    pub(super) fn computer_move(&mut self) -> Result<bool, PlayError> {
        let limits = Limits {
            level: Some(self.settings.level),
            movetime: Some(self.think_time()),
            ..Limits::default()
        };
        let live = self.settings.live;
        let out = &mut self.out;
        THINKING.store(true, Ordering::SeqCst);
        let result = self
            .searcher
            .search(&self.game, &limits, &INTERRUPTED, &mut |info: &Info| {
                // The progress line is for a terminal only: a pipe gets
                // the move, not the thinking.
                if live {
                    let _ = write!(out, "\r\x1b[K{}", progress(info));
                    let _ = out.flush();
                }
            });
        THINKING.store(false, Ordering::SeqCst);
        self.clear_live()?;
        if INTERRUPTED.load(Ordering::SeqCst) {
            return Ok(false);
        }
        let Some(best) = result.best else {
            return Err(PlayError::NoEngineMove(self.game.fen()));
        };
        let played = self
            .game
            .play(&best.text)
            .map_err(|_| PlayError::NoEngineMove(self.game.fen()))?;
        self.hint = None;
        writeln!(
            self.out,
            "The computer ({}) plays {}.",
            !self.human(),
            describe(&self.game, &played)
        )?;
        Ok(true)
    }

    pub(super) fn list_moves(&mut self) -> io::Result<()> {
        let moves = crate::protocol::engine::sorted_moves(&self.game);
        if !self.in_play() || moves.is_empty() {
            return writeln!(self.out, "The game is over: there are no moves.");
        }
        let captures = moves.iter().any(|m| !m.captured.is_empty());
        writeln!(
            self.out,
            "Legal moves ({}){}:",
            moves.len(),
            if captures {
                ", capturing is compulsory"
            } else {
                ""
            }
        )?;
        let cells: Vec<String> = moves
            .iter()
            .map(|m| {
                let extra = extras(&self.game, m);
                if extra.is_empty() {
                    m.text.clone()
                } else {
                    format!("{} ({extra})", m.text)
                }
            })
            .collect();
        write!(self.out, "{}", columns(&cells, board::WIDTH))
    }

    pub(super) fn hint(&mut self) -> io::Result<()> {
        if !self.in_play() {
            return writeln!(self.out, "The game is over: there is nothing to hint.");
        }
        let (len, key) = (self.game.len(), self.game.key());
        if let Some(h) = self.hint.as_ref().filter(|h| h.len == len && h.key == key) {
            if h.mv.is_pass() {
                return writeln!(self.out, "Hint: pass.");
            }
            let text = describe(&self.game, &h.mv);
            return writeln!(self.out, "Hint: play {text}.");
        }
        let limits = Limits {
            movetime: Some(
                self.settings
                    .movetime
                    .unwrap_or(Duration::from_millis(HINT_TIME_MS)),
            ),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let result = self
            .searcher
            .search(&self.game, &limits, &stop, &mut |_: &Info| {});
        let Some(mv) = result.best else {
            return writeln!(self.out, "There is no move to suggest.");
        };
        match mv.from {
            None => writeln!(self.out, "Hint: you have no move; pass.")?,
            Some(from) => writeln!(
                self.out,
                "Hint: the {} on {} is worth moving (type hint again for the whole move).",
                self.game.kind_name(mv.piece),
                square_words(&self.game, from)
            )?,
        }
        self.hint = Some(Hint { len, key, mv });
        Ok(())
    }

    /// Takes back the player's last move and every computer move after
    /// it (in a two-player game: the last move); true when something
    /// changed.
    pub(super) fn undo(&mut self) -> io::Result<bool> {
        if let Status::Over(o) = self.game.status() {
            if o.rule == EndRule::Resignation {
                // Withdrawing a resignation: no ply to take back.
                self.game.withdraw_resignation();
                let whose = if self.two() { "The" } else { "Your" };
                writeln!(self.out, "{whose} resignation is taken back.")?;
                return Ok(true);
            }
        }
        let mut g = self.game.clone();
        let mut taken = Vec::new();
        loop {
            let Some(m) = g.last_move() else {
                writeln!(self.out, "There is no move of yours to take back.")?;
                return Ok(false);
            };
            let mover = !g.side_to_move();
            let whose = if self.two() {
                format!("{mover}'s")
            } else if mover == self.human() {
                "your".to_string()
            } else {
                "the computer's".to_string()
            };
            taken.push(format!("{whose} {}", m.text));
            if g.undo(1).is_err() {
                writeln!(self.out, "There is no move of yours to take back.")?;
                return Ok(false);
            }
            if self.two() || mover == self.human() {
                break;
            }
        }
        self.game = g;
        taken.reverse();
        writeln!(self.out, "Taken back: {}.", taken.join(", "))?;
        Ok(true)
    }

    pub(super) fn resign(&mut self) -> io::Result<()> {
        if let Status::Over(o) = self.game.status() {
            return writeln!(self.out, "The game is already over ({o}).");
        }
        let side = if self.two() {
            self.game.side_to_move()
        } else {
            self.human()
        };
        match self.game.resign(side) {
            Ok(()) => Ok(()),
            Err(e) => writeln!(self.out, "You cannot resign now: {e}."),
        }
    }

    pub(super) fn save(&mut self, file: &str) -> io::Result<()> {
        let path = std::path::Path::new(file);
        let players = if self.two() {
            Players::TwoPlayers
        } else {
            Players::Computer {
                human: self.human(),
                level: self.settings.level,
            }
        };
        match save::save_of(path, &self.game, players) {
            Ok(()) => {
                self.saved = self.game.len();
                writeln!(
                    self.out,
                    "Saved {} to {file}; continue with: {} play --resume {}",
                    ply_count(self.game.len()),
                    self.settings.program,
                    shell_word(file)
                )
            }
            Err(e) => writeln!(self.out, "Not saved: {e}."),
        }
    }
}
