//! A cursor over game-record text, shared by the PGN and PGN4 readers:
//! characters with line counting, and the tag pairs both formats share.

/// A position in a text, counting lines from 1.
#[derive(Clone, Debug)]
pub(crate) struct Cursor<'a> {
    pub(crate) text: &'a str,
    pub(crate) pos: usize,
    pub(crate) line: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`.
    pub(crate) fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            pos: 0,
            line: 1,
        }
    }

    /// The next character, not consumed.
    pub(crate) fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// Consume the next character.
    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Whether the cursor stands at the start of a line.
    pub(crate) fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes().get(self.pos - 1) == Some(&b'\n')
    }

    /// Consume the rest of the line, its newline included.
    pub(crate) fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Consume spaces and tabs (not newlines).
    pub(crate) fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\r')) {
            self.bump();
        }
    }

    /// Read a `[Name "value"]` tag pair starting at `[`; on error, the
    /// line it began on and what is wrong.
    pub(crate) fn read_tag(&mut self) -> Result<(String, String), (usize, &'static str)> {
        let line = self.line;
        self.bump(); // '['
        self.skip_blanks();
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        let name = self.text[start..self.pos].to_string();
        if name.is_empty() {
            return Err((line, "no tag name after '['"));
        }
        self.skip_blanks();
        if self.bump() != Some('"') {
            return Err((line, "the value must be in double quotes"));
        }
        let unclosed = (line, "the value's closing quote is missing");
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => return Err(unclosed),
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    None | Some('\n') => return Err(unclosed),
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                },
                Some('"') => break,
                Some(c) => value.push(c),
            }
        }
        self.skip_blanks();
        if self.bump() != Some(']') {
            return Err((line, "missing ']' after the value"));
        }
        Ok((name, value))
    }
}
