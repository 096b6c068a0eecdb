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
            out.push(m.clone());
            if black {
                number += 1;
            }
            black = !black;
        }
        out.push(self.result().unwrap_or("*").to_string());
        out
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

impl fmt::Display for PgnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for name in SEVEN_TAG_ROSTER {
            let value = match name {
                "Result" => self.result().unwrap_or("*"),
                "Date" => self.tag(name).unwrap_or("????.??.??"),
                _ => self.tag(name).unwrap_or("?"),
            };
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        for (name, value) in &self.tags {
            if !SEVEN_TAG_ROSTER.contains(&name.as_str()) {
                writeln!(f, "[{name} \"{}\"]", escape(value))?;
            }
        }
        writeln!(f)?;
        let mut line = String::new();
        for tok in self.movetext_tokens() {
            if !line.is_empty() && line.len() + 1 + tok.len() > 80 {
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
}

const DELIMITERS: &str = "[]{}();$\"";

impl<'a> PgnReader<'a> {
    /// A reader over a whole PGN text.
    pub fn new(text: &'a str) -> PgnReader<'a> {
        PgnReader {
            cur: Cursor::new(text),
            game: 0,
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
            // Whitespace and `%` escape lines.
            loop {
                let c = self.cur.peek();
                if self.cur.at_line_start() && c == Some('%') {
                    self.cur.skip_line();
                } else if c.is_some_and(|c| c.is_ascii_whitespace() || c == '\u{feff}') {
                    self.cur.bump();
                } else {
                    break;
                }
            }
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
                    let opened = line;
                    match self.cur.text[self.cur.pos..].find('}') {
                        Some(n) => {
                            let end = self.cur.pos + n + 1;
                            while self.cur.pos < end {
                                self.cur.bump();
                            }
                        }
                        None => {
                            self.cur.skip_line();
                            return Err(
                                self.error(opened, PgnErrorKind::UnterminatedComment { opened })
                            );
                        }
                    }
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
                    while self.cur.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.cur.bump();
                    }
                    started = true;
                    in_movetext = true;
                }
                ']' | '}' | '"' => {
                    return Err(self.error(line, PgnErrorKind::UnexpectedChar(c)));
                }
                _ => {
                    let start = self.cur.pos;
                    while self
                        .cur
                        .peek()
                        .is_some_and(|c| !c.is_ascii_whitespace() && !DELIMITERS.contains(c))
                    {
                        self.cur.bump();
                    }
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
                                g.moves.push(m.trim_end_matches(['!', '?']).to_string());
                            }
                        }
                        Token::Other => {}
                    }
                }
            }
        }
    }
}

enum Token<'a> {
    Result(&'static str),
    Move(&'a str),
    Other,
}

/// Sort a movetext token into a result, a move, or something to skip.
fn classify(tok: &str) -> Token<'_> {
    let digits = tok.bytes().take_while(|c| c.is_ascii_digit()).count();
    let mut t = tok;
    if digits > 0 && tok.as_bytes().get(digits) == Some(&b'.') {
        t = tok[digits..].trim_start_matches('.');
    } else if digits == tok.len() {
        return Token::Other; // a bare move number
    }
    match t {
        "1-0" => return Token::Result("1-0"),
        "0-1" => return Token::Result("0-1"),
        "1/2-1/2" | "½-½" | "1/2" => return Token::Result("1/2-1/2"),
        "*" => return Token::Result("*"),
        "" | "e.p." | "ep" => return Token::Other,
        "--" => return Token::Move(t),
        _ => {}
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
