//! Reads PGN text into games: the tag pairs, the main line's move tokens, the result.
//!
//! Hand-written rather than taken from the `pgn-reader` crate, which would otherwise fit
//! (it streams SAN tokens to a visitor and reads `--`): that crate is GPL-3.0-or-later,
//! which this MIT project cannot link into its binary, needs Rust 1.88 (the workspace
//! supports 1.85), and hands moves over as the `shakmaty` library's SAN values, which we
//! would write back into text for the engine's own SAN reader, the one that knows the
//! Code's moves (castling without the Rook, a Pawn that remains a Pawn).
//!
//! What is read (PGN standard, section 8, import format): tag pairs with `\"` and `\\`
//! escapes; `{}` and `;` comments; `%` escape lines; variations `( … )`, nested, skipped;
//! NAGs (`$1`) and annotation tokens (`!?`) skipped; move numbers `12.` and `12...`, also
//! glued to the move (`12.e4`); the results `1-0`, `0-1`, `1/2-1/2`, `*`, which end a
//! game; a game without a result ends at the next tag pair. Everything else in the main
//! line is a move token, kept as written (null moves included, see [`super::is_pass`]):
//! whether it is a move is the SAN reader's business. A main-line `{}` comment is kept
//! with the move before it (engines write their scores there: `{+0.35/14 0.148s}`).

use std::fmt;

/// One game as read.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct PgnGame {
    /// The line the game starts on (counted from 1).
    pub line: usize,
    /// The tag pairs, in the order written.
    pub tags: Vec<(String, String)>,
    /// The main line's move tokens as written: SAN, with any `!?+#` marks, and null moves.
    pub moves: Vec<String>,
    /// For each of `moves`, the text inside the first `{}` comment of the main line
    /// that follows it before the next move (past NAGs and variations), if any.
    pub comments: Vec<Option<String>>,
    /// The result token that ended the move text, if any.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of a tag, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }
}

/// What is wrong with PGN text.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum PgnErrorKind {
    /// A `{` comment that is never closed.
    UnterminatedComment,
    /// A tag pair cut off by the end of its line.
    UnterminatedTag,
    /// A tag pair that is not `[Name "value"]`.
    MalformedTag,
    /// A `)` with no variation open.
    UnmatchedParenthesis,
    /// A variation still open where the game ends.
    UnterminatedVariation,
}

/// Why PGN text cannot be read, and where.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PgnError {
    /// The line (counted from 1).
    pub line: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            PgnErrorKind::UnterminatedComment => "a '{' comment is never closed",
            PgnErrorKind::UnterminatedTag => "a tag pair does not end on its line",
            PgnErrorKind::MalformedTag => "a tag pair is not written [Name \"value\"]",
            PgnErrorKind::UnmatchedParenthesis => "a ')' closes no variation",
            PgnErrorKind::UnterminatedVariation => "a '(' variation is never closed",
        };
        write!(f, "line {}: {what}", self.line)
    }
}

impl std::error::Error for PgnError {}

/// The results that end a game's move text.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Bytes that end a move token.
fn ends_token(b: u8) -> bool {
    b.is_ascii_whitespace() || b"{}()[];".contains(&b)
}

/// A cursor over the text, counting lines.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
    line: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        if b == b'\n' {
            self.line += 1;
        }
        Some(b)
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n'
    }

    /// Skips to the end of the line (the newline stays).
    fn skip_line(&mut self) {
        while self.peek().is_some_and(|b| b != b'\n') {
            self.bump();
        }
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|b| b == b' ' || b == b'\t') {
            self.bump();
        }
    }

    /// After a `{`: through the closing `}`; the text between.
    fn comment(&mut self) -> Result<&str, PgnError> {
        let line = self.line;
        let start = self.at;
        loop {
            match self.bump() {
                Some(b'}') => return Ok(&self.text[start..self.at - 1]),
                Some(_) => {}
                None => {
                    return Err(PgnError {
                        line,
                        kind: PgnErrorKind::UnterminatedComment,
                    })
                }
            }
        }
    }

    /// After a `[`: the tag pair through its `]`.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let line = self.line;
        let err = |kind| PgnError { line, kind };
        self.skip_blanks();
        let start = self.at;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.bump();
        }
        let name = self.text[start..self.at].to_string();
        self.skip_blanks();
        if name.is_empty() || self.peek() != Some(b'"') {
            return Err(err(match self.peek() {
                None | Some(b'\n') => PgnErrorKind::UnterminatedTag,
                Some(_) => PgnErrorKind::MalformedTag,
            }));
        }
        self.bump();
        let mut value = Vec::new();
        loop {
            match self.peek() {
                None | Some(b'\n') => return Err(err(PgnErrorKind::UnterminatedTag)),
                Some(b'"') => break,
                Some(b'\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ (b'"' | b'\\')) => value.push(c),
                        _ => return Err(err(PgnErrorKind::MalformedTag)),
                    }
                }
                Some(c) => value.push(c),
            }
            self.bump();
        }
        self.bump();
        self.skip_blanks();
        match self.bump() {
            Some(b']') => {}
            None | Some(b'\n') => return Err(err(PgnErrorKind::UnterminatedTag)),
            Some(_) => return Err(err(PgnErrorKind::MalformedTag)),
        }
        // The bytes between two ASCII quotes of UTF-8 text are UTF-8.
        let value = String::from_utf8(value).map_err(|_| err(PgnErrorKind::MalformedTag))?;
        Ok((name, value))
    }

    /// A token up to the next blank or delimiter.
    fn token(&mut self) -> &str {
        let start = self.at;
        while self.peek().is_some_and(|b| !ends_token(b)) {
            self.bump();
        }
        &self.text[start..self.at]
    }
}

/// The move in a token once a move number is taken off it (`12.` and `12...` give
/// nothing, `12.e4` gives `e4`); `None` for a token that is no move: a number, a NAG, a
/// run of dots, or annotation marks standing alone.
fn move_in(token: &str) -> Option<&str> {
    if token.starts_with('$') || token.chars().all(|c| matches!(c, '.' | '!' | '?')) {
        return None;
    }
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    if digits > 0 && rest.starts_with('.') {
        let mv = rest.trim_start_matches('.');
        return (!mv.is_empty()).then_some(mv);
    }
    // A number without its period (`12`), but never the null move `0000`.
    if rest.is_empty() && token != "0000" {
        return None;
    }
    Some(token)
}

/// Reads every game of a PGN text.
///
/// ```
/// use engine::pgn::read_games;
/// let games = read_games("[Rules \"american-1897\"]\n\n1. e4 {a comment} e5 (1... c5 2. Nf3) 2.Nf3 $1 *\n").unwrap();
/// assert_eq!(games[0].tag("Rules"), Some("american-1897"));
/// assert_eq!(games[0].moves, ["e4", "e5", "Nf3"]);
/// assert_eq!(games[0].result.as_deref(), Some("*"));
/// ```
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut cur = Cursor {
        text,
        at: 0,
        line: 1,
    };
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    // How deep inside variations, and where the outermost one opened.
    let mut depth = 0usize;
    let mut opened = 0usize;
    let mut finish = |game: &mut PgnGame, depth: usize, line: usize| {
        if depth > 0 {
            return Err(PgnError {
                line,
                kind: PgnErrorKind::UnterminatedVariation,
            });
        }
        if !game.is_empty() {
            games.push(std::mem::take(game));
        }
        Ok(())
    };
    while let Some(b) = cur.peek() {
        if game.is_empty() && !b.is_ascii_whitespace() {
            game.line = cur.line;
        }
        match b {
            b'%' if cur.at_line_start() => cur.skip_line(),
            b';' => cur.skip_line(),
            b'{' => {
                cur.bump();
                let text = cur.comment()?;
                if depth == 0 {
                    if let Some(slot @ None) = game.comments.last_mut() {
                        *slot = Some(text.to_string());
                    }
                }
            }
            b'(' => {
                if depth == 0 {
                    opened = cur.line;
                }
                depth += 1;
                cur.bump();
            }
            b')' => {
                if depth == 0 {
                    return Err(PgnError {
                        line: cur.line,
                        kind: PgnErrorKind::UnmatchedParenthesis,
                    });
                }
                depth -= 1;
                cur.bump();
            }
            b'[' => {
                // A tag pair after move text starts the next game.
                if !game.moves.is_empty() || depth > 0 {
                    finish(&mut game, depth, opened)?;
                    game.line = cur.line;
                }
                cur.bump();
                let pair = cur.tag()?;
                game.tags.push(pair);
            }
            b if b.is_ascii_whitespace() || b == b'}' || b == b']' => {
                cur.bump();
            }
            _ => {
                let token = cur.token();
                if depth > 0 {
                    continue;
                }
                if RESULTS.contains(&token) {
                    game.result = Some(token.to_string());
                    finish(&mut game, depth, opened)?;
                } else if let Some(mv) = move_in(token) {
                    game.moves.push(mv.to_string());
                    game.comments.push(None);
                }
            }
        }
    }
    finish(&mut game, depth, opened)?;
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_variations_nags_and_numbers_are_skipped() {
        let text = "% an escape line\n[Event \"a \\\"b\\\" c\\\\\"]\n[Site \"?\"]\n\n\
            1. e4 e5 ; to the end of the line 1. d4\n2.Nf3 {a (brace [3. Bb5} Nc6 (2... d6 (2... f5) 3. d4) \
            3. Bb5 $1 3... a6!? 4. Ba4 !? ?? -- 5. O-O 1/2-1/2\n";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.line, 2);
        assert_eq!(g.tag("Event"), Some("a \"b\" c\\"));
        assert_eq!(
            g.moves,
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6!?", "Ba4", "--", "O-O"]
        );
        assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
    }

    #[test]
    fn a_main_line_comment_is_kept_with_the_move_before_it() {
        let text = "{before any move} 6. h3 {0.1s} a6 (6... a5 {+9.99/1}) {-0.45/13 0.1s} \
            7. a4 {+M7/20 0.3s} {a second} Rb8 $1 {-1.25/14} 8. 0-0 {c} $1 ! 8...Nd4 !? 1-0";
        let games = read_games(text).unwrap();
        let g = &games[0];
        assert_eq!(g.moves, ["h3", "a6", "a4", "Rb8", "0-0", "Nd4"]);
        let comments: Vec<Option<&str>> = g.comments.iter().map(Option::as_deref).collect();
        assert_eq!(
            comments,
            [
                Some("0.1s"),
                Some("-0.45/13 0.1s"),
                Some("+M7/20 0.3s"),
                Some("-1.25/14"),
                Some("c"),
                None
            ]
        );
        let short = read_games("1. e4 e5 {x} 2. Nf3 1/2-1/2").unwrap();
        assert_eq!(short[0].moves, ["e4", "e5", "Nf3"]);
        assert_eq!(short[0].comments, [None, Some("x".to_string()), None]);
    }

    #[test]
    fn games_end_at_their_result_or_at_the_next_tags() {
        let text =
            "[Game \"1\"]\n1. e4 *\n\n[Game \"2\"]\n1. d4 Z0 2. c4\n\n[Game \"3\"]\n\n0-0 0000 0-1";
        let games = read_games(text).unwrap();
        let seen: Vec<String> = games
            .iter()
            .map(|g| {
                let result = g.result.as_deref().unwrap_or("none");
                format!(
                    "{:?} line {}: {} {result}",
                    g.tag("Game"),
                    g.line,
                    g.moves.join(" ")
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                "Some(\"1\") line 1: e4 *",
                "Some(\"2\") line 4: d4 Z0 c4 none",
                "Some(\"3\") line 7: 0-0 0000 0-1",
            ]
        );
        assert!(read_games("  \n\n").unwrap().is_empty());
    }

    #[test]
    fn broken_text_is_a_typed_error_with_its_line() {
        let cases = [
            (
                "1. e4 {never closed\n",
                1,
                PgnErrorKind::UnterminatedComment,
            ),
            (
                "[Event \"x\"]\n[Site \"y]\n",
                2,
                PgnErrorKind::UnterminatedTag,
            ),
            ("[Event x]\n", 1, PgnErrorKind::MalformedTag),
            ("[Event \"x\" y]\n", 1, PgnErrorKind::MalformedTag),
            ("1. e4 e5 )\n", 1, PgnErrorKind::UnmatchedParenthesis),
            ("1. e4\n(1. d4 *\n", 2, PgnErrorKind::UnterminatedVariation),
            (
                "1. e4 (1. d4\n[Event \"x\"]\n",
                1,
                PgnErrorKind::UnterminatedVariation,
            ),
        ];
        for (text, line, kind) in cases {
            assert_eq!(read_games(text), Err(PgnError { line, kind }), "{text}");
        }
        let shown = read_games("1. e4 )").unwrap_err().to_string();
        assert_eq!(shown, "line 1: a ')' closes no variation");
    }
}
