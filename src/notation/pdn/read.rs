//! The PDN reader: text into [`PdnGame`]s, without the rules.

use super::game::{PdnError, PdnGame, PdnResult};

/// One piece of PDN text.
enum Token {
    Tag(String, String),
    Comment(String),
    Word(String),
    Open,
    Close,
}

/// Splits PDN text into tokens with their lines.
struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    at_line_start: bool,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer {
            chars: text.chars().peekable(),
            line: 1,
            at_line_start: true,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.at_line_start = true;
        } else if !c.is_whitespace() {
            self.at_line_start = false;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// The next token and the line it starts on; `game` is only for errors.
    fn next(&mut self, game: usize) -> Result<Option<(Token, usize)>, PdnError> {
        loop {
            let Some(&c) = self.chars.peek() else {
                return Ok(None);
            };
            if c.is_whitespace() {
                self.bump();
                continue;
            }
            if c == '%' && self.at_line_start {
                self.skip_line();
                continue;
            }
            let line = self.line;
            return match c {
                '[' => self.tag(game, line).map(|t| Some((t, line))),
                '{' => {
                    self.bump();
                    let mut s = String::new();
                    loop {
                        match self.bump() {
                            Some('}') => break,
                            Some(c) => s.push(c),
                            None => return Err(PdnError::UnclosedComment { game, line }),
                        }
                    }
                    Ok(Some((Token::Comment(s.trim().to_string()), line)))
                }
                ';' => {
                    self.bump();
                    let mut s = String::new();
                    while let Some(&c) = self.chars.peek() {
                        if c == '\n' {
                            break;
                        }
                        s.push(c);
                        self.bump();
                    }
                    Ok(Some((Token::Comment(s.trim().to_string()), line)))
                }
                '(' => {
                    self.bump();
                    Ok(Some((Token::Open, line)))
                }
                ')' => {
                    self.bump();
                    Ok(Some((Token::Close, line)))
                }
                _ => {
                    let mut s = String::new();
                    while let Some(&c) = self.chars.peek() {
                        if c.is_whitespace() || "[]{}();".contains(c) {
                            break;
                        }
                        s.push(c);
                        self.bump();
                    }
                    if s.is_empty() {
                        // A lone ']' : skip it as noise.
                        self.bump();
                        continue;
                    }
                    Ok(Some((Token::Word(s), line)))
                }
            };
        }
    }

    /// Reads `[Name "value"]` (the `[` not yet consumed).
    fn tag(&mut self, game: usize, line: usize) -> Result<Token, PdnError> {
        self.bump();
        let mut raw = String::from("[");
        let mut name = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() {
                self.bump();
                raw.push(' ');
                if !name.is_empty() {
                    break;
                }
            } else if c.is_ascii_alphanumeric() || c == '_' {
                name.push(c);
                raw.push(c);
                self.bump();
            } else {
                break;
            }
        }
        while matches!(self.chars.peek(), Some(c) if c.is_whitespace()) {
            self.bump();
        }
        let bad = |raw: &str, line| PdnError::BadTag {
            game,
            line,
            text: raw.chars().take(40).collect(),
        };
        match self.chars.peek() {
            Some('"') => {
                self.bump();
            }
            None => return Err(PdnError::UnclosedTag { game, line }),
            Some(&c) => {
                raw.push(c);
                return Err(bad(&raw, line));
            }
        }
        if name.is_empty() {
            return Err(bad(&raw, line));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    Some(c) => value.push(c),
                    None => return Err(PdnError::UnclosedTag { game, line }),
                },
                Some('"') => break,
                Some('\n') => return Err(PdnError::UnclosedTag { game, line }),
                Some(c) => value.push(c),
                None => return Err(PdnError::UnclosedTag { game, line }),
            }
        }
        while matches!(self.chars.peek(), Some(c) if c.is_whitespace()) {
            self.bump();
        }
        match self.bump() {
            Some(']') => Ok(Token::Tag(name, value)),
            _ => Err(PdnError::UnclosedTag { game, line }),
        }
    }
}

/// What a word of movetext is.
enum Word<'a> {
    Result(PdnResult),
    /// A move number, a NAG or an annotation alone: nothing to keep.
    Skip,
    Move(&'a str),
}

fn classify(word: &str) -> Word<'_> {
    if let Some(r) = PdnResult::parse(word) {
        return Word::Result(r);
    }
    if word.starts_with('$') {
        return Word::Skip;
    }
    // Move numbers: digits, then dots (or an ellipsis), maybe the move
    // glued on; several in a row (`1.1.c3-d4`) are all skipped, so that a
    // kept move never starts with a number and reads back the same.
    let mut rest = word;
    loop {
        if let Some(r) = PdnResult::parse(rest) {
            return Word::Result(r);
        }
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            break;
        }
        let after_digits = &rest[digits..];
        let after = after_digits.trim_start_matches(['.', '…']);
        if after.len() == after_digits.len() && !after_digits.is_empty() {
            // Digits followed by something other than dots: not a move
            // number (dama has no numeric squares); keep it as a move so
            // that replay reports it.
            return Word::Move(rest.trim_end_matches(['!', '?']));
        }
        rest = after;
    }
    let rest = rest.trim_end_matches(['!', '?']);
    if rest.is_empty() {
        Word::Skip
    } else if let Some(r) = PdnResult::parse(rest) {
        Word::Result(r)
    } else {
        Word::Move(rest)
    }
}

/// Reads every game of a PDN text. Checks the layout only; call
/// [`PdnGame::replay`] on each game to check the moves (or use
/// [`replay_games`](super::replay_games)). Text with no game gives an empty list.
///
/// ```
/// use dama::notation::pdn::{read_games, PdnResult};
/// use dama::Variant;
/// let text = "[GameType \"101\"]\n\n1. a2-a3 h7-h6 {a quiet start} *\n";
/// let games = read_games(text).unwrap();
/// assert_eq!(games[0].moves, ["a2-a3", "h7-h6"]);
/// assert_eq!(games[0].variant().unwrap(), Variant::Gothic);
/// assert_eq!(games[0].result, PdnResult::Unknown);
/// let game = games[0].replay().unwrap();
/// assert_eq!(game.len(), 2);
/// ```
///
/// # Errors
///
/// [`PdnError`] naming the game (by its number in the text) and the line
/// of the first tag, comment or variation that is not closed or not well formed.
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut lexer = Lexer::new(text);
    let mut games = Vec::new();
    let mut cur = PdnGame {
        number: 1,
        ..PdnGame::default()
    };
    let mut has_movetext = false;
    let mut has_content = false;
    let mut tag_result: Option<PdnResult> = None;
    let mut text_result: Option<PdnResult> = None;
    let mut depth = 0usize;
    let mut depth_line = 0usize;

    fn close(
        cur: &mut PdnGame,
        games: &mut Vec<PdnGame>,
        tag_result: &mut Option<PdnResult>,
        text_result: &mut Option<PdnResult>,
    ) -> Result<(), PdnError> {
        let number = cur.number;
        if let (Some(t), Some(m)) = (*tag_result, *text_result) {
            if t != m {
                return Err(PdnError::ResultConflict {
                    game: number,
                    tag: t,
                    movetext: m,
                });
            }
        }
        cur.result = text_result.or(*tag_result).unwrap_or_default();
        let done = std::mem::replace(
            cur,
            PdnGame {
                number: number + 1,
                ..PdnGame::default()
            },
        );
        games.push(done);
        *tag_result = None;
        *text_result = None;
        Ok(())
    }

    while let Some((tok, line)) = lexer.next(cur.number)? {
        if depth > 0 {
            match tok {
                Token::Open => depth += 1,
                Token::Close => depth -= 1,
                _ => {}
            }
            continue;
        }
        match tok {
            Token::Tag(name, value) => {
                if has_movetext {
                    close(&mut cur, &mut games, &mut tag_result, &mut text_result)?;
                    has_movetext = false;
                    has_content = false;
                }
                if !has_content {
                    cur.line = line;
                }
                has_content = true;
                if name.eq_ignore_ascii_case("Result") {
                    tag_result = Some(PdnResult::parse(value.trim()).unwrap_or_default());
                }
                cur.tags.push((name, value));
            }
            Token::Comment(c) => {
                if !has_content {
                    cur.line = line;
                }
                cur.comments.push((cur.moves.len(), c));
            }
            Token::Open => {
                depth = 1;
                depth_line = line;
            }
            Token::Close => {
                return Err(PdnError::StrayParen {
                    game: cur.number,
                    line,
                })
            }
            Token::Word(w) => {
                if !has_content {
                    cur.line = line;
                }
                has_content = true;
                match classify(&w) {
                    Word::Skip => {}
                    Word::Result(r) => {
                        text_result = Some(r);
                        close(&mut cur, &mut games, &mut tag_result, &mut text_result)?;
                        has_movetext = false;
                        has_content = false;
                    }
                    Word::Move(m) => {
                        has_movetext = true;
                        cur.moves.push(m.to_string());
                    }
                }
            }
        }
    }
    if depth > 0 {
        return Err(PdnError::UnclosedVariation {
            game: cur.number,
            line: depth_line,
        });
    }
    if has_content {
        close(&mut cur, &mut games, &mut tag_result, &mut text_result)?;
    } else if let Some(last) = games.last_mut() {
        // Comments after the last result belong to the last game.
        let n = last.moves.len();
        last.comments
            .extend(cur.comments.into_iter().map(|(_, c)| (n, c)));
    }
    Ok(games)
}
