//! PGN: reading multi-game files into tags and main-line SAN tokens, and
//! writing games back with the seven-tag roster.
//!
//! The reader takes what real files contain: tag pairs with escaped quotes,
//! move numbers (`1.`, `1...`, `1.e4`), `{comments}`, `;` comments to the
//! end of the line, nested `(variations)` (skipped), NAGs (`$1`),
//! annotations (`!?`, `+-`), `%` escape lines and the results `1-0`,
//! `0-1`, `1/2-1/2` and `*`. Moves are not checked here; see
//! [`crate::game::Game::from_pgn`].
//!
//! ```
//! use tetrarch_rules::notation::pgn::PgnReader;
//! let text = "[White \"Morphy\"]\n[Black \"Allies\"]\n\n1. e4 {best} e5 (1... c5) 2. Nf3 $1 1-0\n\n1. d4 *\n";
//! let games: Vec<_> = PgnReader::new(text).collect::<Result<_, _>>().unwrap();
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[0].tag("White"), Some("Morphy"));
//! assert_eq!(games[0].moves, ["e4", "e5", "Nf3"]);
//! assert_eq!(games[0].result.as_deref(), Some("1-0"));
//! assert_eq!(games[1].moves, ["d4"]);
//! ```

use super::cursor::Cursor;
use std::fmt;

/// One game of a PGN file: its tags, its main line and its result.
///
/// Displaying it writes PGN: the seven-tag roster first (`?` for missing
/// values), the other tags in their order, then the movetext wrapped at 80
/// columns. Move numbers start from the `FEN` tag when there is one.
///
/// ```
/// use tetrarch_rules::notation::pgn::PgnGame;
/// let mut game = PgnGame::default();
/// game.set_tag("White", "Anderssen");
/// game.moves = vec!["e4".into(), "e5".into()];
/// game.result = Some("*".into());
/// let text = game.to_string();
/// assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Anderssen\"]\n"));
/// assert!(text.ends_with("\n\n1. e4 e5 *\n"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The main line's moves as written (annotations removed).
    pub moves: Vec<String>,
    /// The game termination marker, if the movetext had one.
    pub result: Option<String>,
}

/// The value of tag `name` in a tag list (first occurrence): PGN and PGN4 share it.
pub(crate) fn tag_in<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Set tag `name` in a tag list, replacing its value or appending it.
pub(crate) fn set_tag_in(tags: &mut Vec<(String, String)>, name: &str, value: &str) {
    match tags.iter_mut().find(|(n, _)| n == name) {
        Some((_, v)) => *v = value.to_string(),
        None => tags.push((name.to_string(), value.to_string())),
    }
}

/// The seven-tag roster, in the order PGN writes it.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl PgnGame {
    /// The value of a tag (first occurrence, name compared exactly).
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn::PgnGame;
    /// let g = PgnGame { tags: vec![("Site".into(), "London".into())], ..Default::default() };
    /// assert_eq!(g.tag("Site"), Some("London"));
    /// assert_eq!(g.tag("Date"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_in(&self.tags, name)
    }

    /// Set a tag, replacing its value if present, appending it otherwise.
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn::PgnGame;
    /// let mut g = PgnGame::default();
    /// g.set_tag("Round", "1");
    /// g.set_tag("Round", "2");
    /// assert_eq!(g.tags, [("Round".to_string(), "2".to_string())]);
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag_in(&mut self.tags, name, value);
    }

    /// The result: the movetext's marker, else the `Result` tag.
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn::PgnGame;
    /// let g = PgnGame { tags: vec![("Result".into(), "0-1".into())], ..Default::default() };
    /// assert_eq!(g.result(), Some("0-1"));
    /// ```
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref().or_else(|| self.tag("Result"))
    }

    /// `White – Black`, from the tags, for messages.
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn::PgnGame;
    /// assert_eq!(PgnGame::default().players(), "? – ?");
    /// ```
    pub fn players(&self) -> String {
        format!(
            "{} – {}",
            self.tag("White").unwrap_or("?"),
            self.tag("Black").unwrap_or("?")
        )
    }

    /// Move number and whether Black moves first, from the `FEN` tag.
    fn first_move(&self) -> (u32, bool) {
        let Some(fen) = self.tag("FEN") else {
            return (1, false);
        };
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let black = fields.get(1) == Some(&"b");
        let number = fields
            .get(5)
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or(1);
        (number, black)
    }

    /// The movetext as numbered tokens, result last.
    fn movetext_tokens(&self) -> Vec<String> {
        let (mut number, mut black) = self.first_move();
        let mut out = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            if !black {
                out.push(format!("{number}."));
            } else if i == 0 {
                out.push(format!("{number}..."));
            }
            if writable_move(m) {
                out.push(m.clone());
            } else {
                out.push(format!("{{{}}}", m.replace(['{', '}'], "")));
            }
            if black {
                number += 1;
            }
            black = !black;
        }
        out.push(self.marker().to_string());
        out
    }
}

/// A tag value as written: escaped, with line breaks (which no tag value
/// may hold) turned into spaces.
pub(crate) fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// A game that PGN cannot hold as it is: what [`PgnGame::to_pgn`] refuses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnWriteError {
    /// A tag name with other than letters, digits and `_`.
    #[error("tag name '{0}' is not letters, digits and '_'")]
    TagName(String),
    /// A tag value with a line break.
    #[error("the value of tag {0} holds a line break")]
    TagValue(String),
    /// A move the reader would read as something else.
    #[error("'{0}' would not read back as a move")]
    Move(String),
    /// A result that is no termination marker.
    #[error("'{0}' is not a result (1-0, 0-1, 1/2-1/2 or *)")]
    Result(String),
}

impl PgnGame {
    /// The game as PGN, refusing anything that would not read back as it
    /// is (displaying the game writes such parts leniently instead).
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn::{PgnGame, PgnWriteError};
    /// let mut g = PgnGame { moves: vec!["e4".into()], ..Default::default() };
    /// assert!(g.to_pgn().is_ok());
    /// g.moves.push("1-0".into());
    /// assert_eq!(g.to_pgn(), Err(PgnWriteError::Move("1-0".into())));
    /// ```
    pub fn to_pgn(&self) -> Result<String, PgnWriteError> {
        check_tags(&self.tags)?;
        if let Some(m) = self.moves.iter().find(|m| !writable_move(m)) {
            return Err(PgnWriteError::Move(m.clone()));
        }
        if let Some(r) = self.result().filter(|r| result_marker(r).is_none()) {
            return Err(PgnWriteError::Result(r.to_string()));
        }
        Ok(self.to_string())
    }

    /// The result as a termination marker: `*` for none or a malformed one.
    fn marker(&self) -> &'static str {
        self.result().and_then(result_marker).unwrap_or("*")
    }
}

impl fmt::Display for PgnGame {
    /// PGN, leniently: tags with malformed names are left out, line breaks
    /// in values become spaces, a malformed result is written `*`, and a
    /// move that would not read back goes in a comment (see
    /// [`PgnGame::to_pgn`] for the strict form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for name in SEVEN_TAG_ROSTER {
            let value = match name {
                "Result" => self.marker(),
                "Date" => self.tag(name).unwrap_or("????.??.??"),
                _ => self.tag(name).unwrap_or("?"),
            };
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        for (name, value) in &self.tags {
            if !SEVEN_TAG_ROSTER.contains(&name.as_str()) && writable_tag_name(name) {
                writeln!(f, "[{name} \"{}\"]", escape(value))?;
            }
        }
        writeln!(f)?;
        let mut line = String::new();
        for tok in self.movetext_tokens() {
            // A line that began with `%` would be an escape line: such a
            // token stays on the line before, however long it gets.
            if !line.is_empty() && line.len() + 1 + tok.len() > 80 && !tok.starts_with('%') {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line += &tok;
        }
        writeln!(f, "{line}")
    }
}

/// What is wrong with a PGN text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnErrorKind {
    /// A `{` with no `}`.
    #[error("comment opened on line {opened} is never closed")]
    UnterminatedComment {
        /// Line of the `{`.
        opened: usize,
    },
    /// A `(` with no `)` before the game ends.
    #[error("variation opened on line {opened} is never closed")]
    UnclosedVariation {
        /// Line of the `(`.
        opened: usize,
    },
    /// A `)` with no `(`.
    #[error("')' closes no variation")]
    UnmatchedParenthesis,
    /// A malformed tag pair.
    #[error("bad tag pair: {0}")]
    BadTag(&'static str),
    /// A character that has no place in movetext.
    #[error("unexpected character '{0}'")]
    UnexpectedChar(char),
}

/// A PGN error, naming the game (from 1) and the line (from 1).
///
/// ```
/// use tetrarch_rules::notation::pgn::PgnReader;
/// let err = PgnReader::new("1. e4 e5 *\n\n1. d4 {oops\n").next_game_error().unwrap();
/// assert_eq!(err.to_string(), "game 2, line 3: comment opened on line 3 is never closed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {kind}")]
pub struct PgnError {
    /// Game number in the file, from 1.
    pub game: usize,
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// Reads the games of a PGN text one by one. After an error it skips to the
/// next line that starts with `[` and goes on from there.
///
/// ```
/// use tetrarch_rules::notation::pgn::PgnReader;
/// let mut r = PgnReader::new("[Event \"a \\\"b\\\"\"]\n1. e4 (1. d4 d5 (1... Nf6)) e5 ; line comment\n%escaped\n2. Nf3 1/2-1/2");
/// let g = r.next().unwrap().unwrap();
/// assert_eq!(g.tag("Event"), Some("a \"b\""));
/// assert_eq!(g.moves, ["e4", "e5", "Nf3"]);
/// assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
/// assert!(r.next().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct PgnReader<'a> {
    cur: Cursor<'a>,
    game: usize,
    /// No `}` follows this offset: an unclosed comment was met here, so
    /// later ones need not search the rest of the text again (which made
    /// reading quadratic in the number of unclosed comments).
    no_close_from: usize,
}

const DELIMITERS: &str = "[]{}();$\"";

/// What separates movetext tokens: ASCII whitespace and the byte-order
/// mark (which some files carry, not always at the very start).
fn is_space(c: char) -> bool {
    c.is_ascii_whitespace() || c == '\u{feff}'
}

impl<'a> PgnReader<'a> {
    /// A reader over a whole PGN text.
    pub fn new(text: &'a str) -> PgnReader<'a> {
        PgnReader {
            cur: Cursor::new(text),
            game: 0,
            no_close_from: usize::MAX,
        }
    }

    /// The first error in the text, if any (for quick validation).
    pub fn next_game_error(&mut self) -> Option<PgnError> {
        self.by_ref().find_map(|g| g.err())
    }

    fn error(&self, line: usize, kind: PgnErrorKind) -> PgnError {
        PgnError {
            game: self.game,
            line,
            kind,
        }
    }

    /// Skip to the next line starting with `[`, after an error.
    fn resync(&mut self) {
        if !self.cur.at_line_start() {
            self.cur.skip_line();
        }
        while self.cur.peek().is_some() && self.cur.peek() != Some('[') {
            self.cur.skip_line();
        }
    }

    /// Read one game; `Ok(None)` at the end of the text.
    fn read_game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        let mut g = PgnGame::default();
        let mut started = false;
        let mut in_movetext = false;
        let mut open: Vec<usize> = Vec::new();
        loop {
            self.skip_space();
            let line = self.cur.line;
            let Some(c) = self.cur.peek() else {
                if let Some(&opened) = open.last() {
                    return Err(self.error(line, PgnErrorKind::UnclosedVariation { opened }));
                }
                return Ok(started.then_some(g));
            };
            match c {
                '[' => {
                    if in_movetext {
                        if let Some(&opened) = open.last() {
                            return Err(
                                self.error(line, PgnErrorKind::UnclosedVariation { opened })
                            );
                        }
                        return Ok(Some(g));
                    }
                    started = true;
                    let tag = self
                        .cur
                        .read_tag()
                        .map_err(|(line, why)| self.error(line, PgnErrorKind::BadTag(why)))?;
                    g.tags.push(tag);
                }
                '{' => {
                    self.skip_comment(line)?;
                    started = true;
                }
                ';' => self.cur.skip_line(),
                '(' => {
                    open.push(line);
                    self.cur.bump();
                    started = true;
                    in_movetext = true;
                }
                ')' => {
                    if open.pop().is_none() {
                        return Err(self.error(line, PgnErrorKind::UnmatchedParenthesis));
                    }
                    self.cur.bump();
                }
                '$' => {
                    self.cur.bump();
                    self.skip_while(|c| c.is_ascii_digit());
                    started = true;
                    in_movetext = true;
                }
                ']' | '}' | '"' => {
                    return Err(self.error(line, PgnErrorKind::UnexpectedChar(c)));
                }
                _ => {
                    let start = self.cur.pos;
                    self.skip_while(|c| !is_space(c) && !DELIMITERS.contains(c));
                    let tok = &self.cur.text[start..self.cur.pos];
                    started = true;
                    in_movetext = true;
                    match classify(tok) {
                        Token::Result(r) => {
                            if open.is_empty() {
                                g.result = Some(r.to_string());
                                return Ok(Some(g));
                            }
                        }
                        Token::Move(m) => {
                            if open.is_empty() {
                                g.moves.push(m.to_string());
                            }
                        }
                        Token::Other => {}
                    }
                }
            }
        }
    }

    /// Skip whitespace and `%` escape lines.
    fn skip_space(&mut self) {
        loop {
            let c = self.cur.peek();
            if self.cur.at_line_start() && c == Some('%') {
                self.cur.skip_line();
            } else if c.is_some_and(is_space) {
                self.cur.bump();
            } else {
                break;
            }
        }
    }

    /// Skip characters while `keep` holds.
    fn skip_while(&mut self, keep: impl Fn(char) -> bool) {
        while self.cur.peek().is_some_and(&keep) {
            self.cur.bump();
        }
    }

    /// Skip a `{...}` comment opened on `opened`. Once a comment is found
    /// unclosed, no later one is searched for its brace again (that search
    /// made unclosed comments quadratic).
    fn skip_comment(&mut self, opened: usize) -> Result<(), PgnError> {
        let close = if self.cur.pos >= self.no_close_from {
            None
        } else {
            self.cur.text[self.cur.pos..].find('}')
        };
        let Some(n) = close else {
            self.no_close_from = self.no_close_from.min(self.cur.pos);
            self.cur.skip_line();
            return Err(self.error(opened, PgnErrorKind::UnterminatedComment { opened }));
        };
        let end = self.cur.pos + n + 1;
        while self.cur.pos < end {
            self.cur.bump();
        }
        Ok(())
    }
}

/// The game termination marker a token stands for, if any.
fn result_marker(t: &str) -> Option<&'static str> {
    match t {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1/2" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// Whether the reader reads `tok` back as exactly this move.
fn writable_move(tok: &str) -> bool {
    !tok.is_empty()
        && !tok.chars().any(|c| is_space(c) || DELIMITERS.contains(c))
        && matches!(classify(tok), Token::Move(m) if m == tok)
}

/// Whether a tag name reads back: letters, digits and `_`.
/// Refuse tags that would not read back as they are: a name the reader
/// does not take, or a value over more than one line.
pub(crate) fn check_tags(tags: &[(String, String)]) -> Result<(), PgnWriteError> {
    for (name, value) in tags {
        if !writable_tag_name(name) {
            return Err(PgnWriteError::TagName(name.clone()));
        }
        if value.contains(['\n', '\r']) {
            return Err(PgnWriteError::TagValue(name.clone()));
        }
    }
    Ok(())
}

pub(crate) fn writable_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

enum Token<'a> {
    Result(&'static str),
    Move(&'a str),
    Other,
}

/// Sort a movetext token into a result, a move, or something to skip.
///
/// Every move it gives reads back as itself (see [`writable_move`]): move
/// numbers are stripped however often they repeat (`1.1.`, `12.34`), and
/// annotation suffixes (`!`, `?`) before anything else is decided, so what
/// is left of `12!` is the bare number it was.
fn classify(tok: &str) -> Token<'_> {
    let mut t = tok;
    loop {
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits == t.len() {
            return Token::Other; // a bare move number, or nothing left
        }
        if digits > 0 && t.as_bytes()[digits] == b'.' {
            t = t[digits..].trim_start_matches('.');
        } else {
            break;
        }
    }
    let t = t.trim_end_matches(['!', '?']);
    // An annotated result (`1-0?`) is still the result, never a move.
    if let Some(r) = result_marker(t) {
        return Token::Result(r);
    }
    match t {
        "" | "e.p." | "ep" => return Token::Other,
        "--" => return Token::Move(t),
        _ => {}
    }
    if t.bytes().all(|c| c.is_ascii_digit()) {
        return Token::Other; // `12!`: a number with an annotation
    }
    if t.chars().all(|c| !c.is_ascii_alphanumeric() && c != '@') {
        return Token::Other; // annotation glyphs: !?, +-, =, ±
    }
    Token::Move(t)
}

impl Iterator for PgnReader<'_> {
    type Item = Result<PgnGame, PgnError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.game += 1;
        match self.read_game() {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => None,
            Err(e) => {
                self.resync();
                Some(Err(e))
            }
        }
    }
}

/// Read every game of a PGN text, stopping at the first error.
///
/// ```
/// use tetrarch_rules::notation::pgn::read_all;
/// assert_eq!(read_all("1. e4 e5 1-0\n1. d4 0-1").unwrap().len(), 2);
/// assert!(read_all("1. e4 (1. d4 1-0").is_err());
/// ```
pub fn read_all(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    PgnReader::new(text).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_text_gives_errors_naming_game_and_line() {
        let e = read_all("[Event \"x\"]\n\n1. e4 ) e5 *").unwrap_err();
        assert_eq!((e.game, e.line), (1, 3));
        assert_eq!(e.kind, PgnErrorKind::UnmatchedParenthesis);
        let e = read_all("1. e4 *\n\n[Event \"x]\n1. d4 *").unwrap_err();
        assert_eq!((e.game, e.line), (2, 3));
        assert!(matches!(e.kind, PgnErrorKind::BadTag(_)));
        let e = read_all("[Event x]\n1. d4 *").unwrap_err();
        assert!(matches!(e.kind, PgnErrorKind::BadTag(_)));
        let e = read_all("1. e4 (1. d4\n\n[Event \"y\"]\n1. c4 *").unwrap_err();
        assert_eq!(e.kind, PgnErrorKind::UnclosedVariation { opened: 1 });
    }

    #[test]
    fn reading_goes_on_after_an_error() {
        let text = "[Event \"a\"]\n1. e4 {never closed\n\n[Event \"b\"]\n1. d4 *\n";
        let all: Vec<_> = PgnReader::new(text).collect();
        assert!(all[0].is_err());
        assert_eq!(all[1].as_ref().unwrap().tag("Event"), Some("b"));
        let text = "[Event \"a\"]\n1. e4 ) *\n\n[Event \"b\"]\n1. d4 *\n";
        let all: Vec<_> = PgnReader::new(text).collect();
        assert!(all[0].is_err());
        assert_eq!(all[1].as_ref().unwrap().moves, ["d4"]);
        assert_eq!(all.len(), 2);
    }

    #[test]
    fn tokens_are_sorted() {
        let g = read_all("1.e4 e5!? 2.Nf3!! $14 Nc6 +- 3.Bb5 a6 4...Nf6 e.p. -- 1/2-1/2")
            .unwrap()
            .remove(0);
        assert_eq!(
            g.moves,
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Nf6", "--"]
        );
        assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
    }

    #[test]
    fn numbers_and_annotations_never_read_as_moves() {
        // Repeated and run-together move numbers, and numbers with
        // annotations, are skipped; what is left of each token is a move
        // that writes and reads back as itself.
        let g = read_all("1.1. e4 20.20. e5 12.34 2.Nf3 12!? 3...3.Nc6 \u{feff}Bb5 1.\u{feff}a6 *")
            .unwrap()
            .remove(0);
        assert_eq!(g.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        for m in &g.moves {
            assert!(writable_move(m), "{m}");
        }
        let back = read_all(&g.to_pgn().unwrap()).unwrap().remove(0);
        assert_eq!(back.moves, g.moves);
        // A move the reader could not give back is refused by the strict
        // writer and kept out of the movetext by the lenient one.
        let bad = PgnGame {
            moves: vec!["e4".into(), "20".into(), "1.".into()],
            ..PgnGame::default()
        };
        assert_eq!(bad.to_pgn(), Err(PgnWriteError::Move("20".into())));
        let lenient = read_all(&bad.to_string()).unwrap().remove(0);
        assert_eq!(lenient.moves, ["e4"]);
    }

    #[test]
    fn movetext_wraps_at_80_columns() {
        let g = PgnGame {
            moves: vec!["Nf3".to_string(); 60],
            tags: vec![("FEN".into(), "8/8/8/8/8/8/8/K1k5 b - - 0 7".into())],
            result: None,
        };
        let text = g.to_string();
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert!(text.contains("\n7... Nf3 8. Nf3 Nf3 9. Nf3"), "{text}");
        let back = read_all(&text).unwrap().remove(0);
        assert_eq!(back.moves, g.moves);
        assert_eq!(back.result.as_deref(), Some("*"));
    }
}
