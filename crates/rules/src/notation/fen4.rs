//! FEN4, chess.com's notation for four-player positions:
//! `R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-{extras}-board`, read in both the
//! `x`-corner style and the older numeric style, written in the `x` style.
//! Field by field in `docs/rules.md`.

use super::fen::{FenError, FenField, syntax};
use super::fen4_start::named_start;
use crate::attacks::HasSliders;
use crate::piece::{MAX_KINDS, MAX_SEATS, Piece, Seat};
use crate::position::{Position, SetupError};
use crate::power::{SquareKey, StateKey};
use crate::rules::{NONE, Rules};
use crate::square::Square;
use crate::variant::Variant;

/// A seat's colour letter: the first letter of its name (`r` for red).
///
/// ```
/// use tetrarch_rules::{Seat, Variant, notation::fen4::seat_letter};
/// let v = Variant::builtin("fourway-teams").unwrap();
/// assert_eq!(seat_letter(&v, Seat(1)), 'b');
/// ```
pub fn seat_letter(variant: &Variant, seat: Seat) -> char {
    variant.seats[seat.idx()]
        .name
        .chars()
        .next()
        .map_or('?', |c| c.to_ascii_lowercase())
}

/// How many pieces of each kind each seat has in the variant's start position.
pub(crate) fn start_counts(variant: &Variant) -> [[u8; MAX_KINDS]; MAX_SEATS] {
    let mut counts = [[0u8; MAX_KINDS]; MAX_SEATS];
    let text = &variant.start_fen;
    if variant.seat_count() > 2 {
        // A variant file may give its start by name (`start = "4PC"`).
        let text = named_start(text).unwrap_or(text);
        let board = text.rsplit('-').next().unwrap_or("");
        if let Ok(pieces) = read_board(variant, 0, board) {
            for (_, p) in pieces {
                let n = &mut counts[p.seat.idx()][p.kind.idx()];
                *n = n.saturating_add(1);
            }
        }
    } else {
        let board = text.split_whitespace().next().unwrap_or("");
        for c in board.chars().filter(|c| c.is_ascii_alphabetic()) {
            if let Some(k) = variant.kind_by_letter(c) {
                let seat = usize::from(c.is_ascii_lowercase());
                // Counted before the start string is checked: saturate.
                counts[seat][k.idx()] = counts[seat][k.idx()].saturating_add(1);
            }
        }
    }
    counts
}

/// The pieces of a FEN4 board field, which starts at character `at`.
fn read_board(variant: &Variant, at: usize, board: &str) -> Result<Vec<(u8, Piece)>, FenError> {
    let geo = &variant.geometry;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != geo.height() as usize {
        return Err(syntax(
            FenField::Board,
            at,
            format!("{} rows; the board has {}", rows.len(), geo.height()),
        ));
    }
    let mut pieces = Vec::new();
    let mut offset = at;
    for (i, row) in rows.iter().enumerate() {
        let rank = geo.height() - 1 - i as u8;
        let mut file: u32 = 0;
        let mut here = offset;
        for token in row.split(',') {
            let t = token.trim();
            let sq = Square::new(file.min(15) as u8, rank).expect("within 16");
            let past_edge = file >= geo.width() as u32;
            if t.is_empty() {
                return Err(syntax(FenField::Board, here, "an empty square entry"));
            }
            if t.bytes().all(|b| b.is_ascii_digit()) {
                let n: u32 = t.parse().unwrap_or(u32::MAX);
                if n == 0 {
                    return Err(syntax(FenField::Board, here, "an empty-square count of 0"));
                }
                file = file.saturating_add(n);
            } else if past_edge {
                return Err(syntax(
                    FenField::Board,
                    here,
                    format!("rank {} has more than {} files", rank + 1, geo.width()),
                ));
            } else if t == "x" || t == "X" {
                if geo.cell(sq).is_some() {
                    return Err(syntax(
                        FenField::Board,
                        here,
                        format!("'x' marks a cut corner, but {sq} is a square of the board"),
                    ));
                }
                file += 1;
            } else {
                let p = read_piece(variant, t).map_err(|e| syntax(FenField::Board, here, e))?;
                let cell = geo.cell(sq).ok_or_else(|| {
                    syntax(
                        FenField::Board,
                        here,
                        format!("{t} on {sq}, a cut corner of the board"),
                    )
                })?;
                pieces.push((cell, p));
                file += 1;
            }
            here += token.len() + 1;
        }
        if file != geo.width() as u32 {
            return Err(syntax(
                FenField::Board,
                offset,
                format!("rank {} covers {file} files, not {}", rank + 1, geo.width()),
            ));
        }
        offset += row.len() + 1;
    }
    Ok(pieces)
}

/// One piece token such as `rK`.
fn read_piece(variant: &Variant, t: &str) -> Result<Piece, String> {
    let mut cs = t.chars();
    let (Some(colour), Some(letter), None) = (cs.next(), cs.next(), cs.next()) else {
        return Err(format!(
            "'{t}' is not a piece: a colour letter and a piece letter, such as rK"
        ));
    };
    if colour == 'd' {
        return Err(format!(
            "'{t}' is a dead (grey) piece; armies without a king keep their colour here"
        ));
    }
    let seat = (0..variant.seat_count())
        .map(Seat)
        .find(|&s| seat_letter(variant, s) == colour)
        .ok_or_else(|| {
            let known: String = (0..variant.seat_count())
                .map(|s| seat_letter(variant, Seat(s)))
                .collect();
            format!("'{colour}' in '{t}' is not a colour letter (one of {known})")
        })?;
    let kind = variant
        .kind_by_letter(letter)
        .filter(|_| letter.is_ascii_alphabetic())
        .ok_or_else(|| format!("'{letter}' in '{t}' is not a piece of {}", variant.name))?;
    Ok(Piece { seat, kind })
}

/// Four comma-separated values, one per seat.
fn four(field: FenField, at: usize, text: &str) -> Result<Vec<&str>, FenError> {
    let v: Vec<&str> = text.split(',').map(str::trim).collect();
    if v.len() != MAX_SEATS {
        return Err(syntax(
            field,
            at,
            format!("'{text}' has {} values; one per seat (4)", v.len()),
        ));
    }
    Ok(v)
}

/// Four 0/1 flags.
fn flags(field: FenField, at: usize, text: &str) -> Result<[bool; MAX_SEATS], FenError> {
    let mut out = [false; MAX_SEATS];
    for (i, f) in four(field, at, text)?.into_iter().enumerate() {
        out[i] = match f {
            "0" => false,
            "1" => true,
            _ => return Err(syntax(field, at, format!("'{f}' is not 0 or 1"))),
        };
    }
    Ok(out)
}

/// The entries of the tuple `'key':(...)` in an extras block starting at
/// character `at`, and where the key stands.
fn extras_tuple<'a>(
    block: &'a str,
    key: &str,
    at: usize,
) -> Result<Option<(usize, Vec<&'a str>)>, FenError> {
    let quoted = format!("'{key}'");
    let Some(start) = block.find(&quoted) else {
        return Ok(None);
    };
    let key_at = at + start;
    let bad = |why: String| syntax(FenField::Extras, key_at, why);
    let rest = block[start + quoted.len()..]
        .trim_start()
        .strip_prefix(':')
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix('('))
        .ok_or_else(|| bad(format!("{quoted} must be followed by :(")))?;
    let inner = &rest[..rest
        .find(')')
        .ok_or_else(|| bad(format!("{quoted} tuple has no ')'")))?];
    Ok(Some((key_at, four(FenField::Extras, key_at, inner)?)))
}

/// The `'key':value` entries of an extras block `{...}` that starts at
/// character `at`: each key's position, the key and its value text (a
/// tuple keeps its parentheses). A block that is not such pairs is an
/// error naming where it fails.
fn extras_entries(block: &str, at: usize) -> Result<Vec<(usize, &str, &str)>, FenError> {
    let bad = |i: usize, why: String| syntax(FenField::Extras, at + i, why);
    let inner = block
        .strip_prefix('{')
        .and_then(|b| b.strip_suffix('}'))
        .ok_or_else(|| bad(0, "the extras block must be {...}".into()))?;
    let mut entries = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    let mut pieces = Vec::new();
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Err(bad(i + 1, "a ')' without its '('".into())),
            ')' => depth -= 1,
            ',' if depth == 0 => {
                pieces.push((start, &inner[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err(bad(0, "a '(' without its ')'".into()));
    }
    if !inner.trim().is_empty() {
        pieces.push((start, &inner[start..]));
    }
    for (offset, piece) in pieces {
        let (key, value) = piece.split_once(':').ok_or_else(|| {
            bad(
                offset + 1,
                format!("'{}' is not a 'key':value pair", piece.trim()),
            )
        })?;
        let name = unquote(key.trim())
            .filter(|k| !k.is_empty())
            .ok_or_else(|| bad(offset + 1, format!("{} is not a quoted key", key.trim())))?;
        if value.trim().is_empty() {
            return Err(bad(offset + 1, format!("'{name}' has no value")));
        }
        entries.push((at + offset + 1, name, value.trim()));
    }
    Ok(entries)
}

/// The text inside single quotes.
pub(crate) fn unquote(entry: &str) -> Option<&str> {
    entry.strip_prefix('\'')?.strip_suffix('\'')
}

/// The texts of a per-seat extras entry `key` (read at `key_at`),
/// unquoted, each with its seat, those of the first `seats` seats that
/// are not empty; an entry not quoted is an error.
pub(crate) fn seat_texts<'a>(
    entries: &[&'a str],
    seats: u8,
    key: &str,
    key_at: usize,
) -> Result<Vec<(usize, &'a str)>, FenError> {
    let mut texts = Vec::new();
    for (s, entry) in entries.iter().enumerate().take(seats as usize) {
        let text = unquote(entry).ok_or_else(|| {
            syntax(
                FenField::Extras,
                key_at,
                format!("{entry} in '{key}' is not quoted"),
            )
        })?;
        if !text.is_empty() {
            texts.push((s, text));
        }
    }
    Ok(texts)
}

/// The extras entry `'key':('…','…',…)` of one quoted text per seat;
/// `None` when every text is empty (the state is as at the start).
pub(crate) fn seat_tuple(key: &str, entries: &[String]) -> Option<String> {
    if entries.iter().all(String::is_empty) {
        return None;
    }
    let quoted: Vec<String> = entries.iter().map(|e| format!("'{e}'")).collect();
    Some(format!("'{key}':({})", quoted.join(",")))
}

impl<B: HasSliders> Position<B> {
    /// The extras keys of armies that changed hands and of the opening
    /// turn count (see `read_army_extras`); none while neither differs
    /// from the start.
    fn army_extras(&self) -> Vec<String> {
        let r = &*self.rules;
        let seats = r.seats();
        let v = &r.variant;
        let mut keys = Vec::new();
        if (0..seats).any(|a| self.commander[a as usize] != a) {
            let entries: Vec<String> = (0..MAX_SEATS as u8)
                .map(|a| match self.commander[a as usize] {
                    c if a >= seats || c == a => "''".to_string(),
                    c => format!("'{}'", seat_letter(v, Seat(c))),
                })
                .collect();
            keys.push(format!("'commanders':({})", entries.join(",")));
        }
        if self.turns_taken.iter().any(|&t| t > 0) {
            let entries: Vec<String> = self.turns_taken.iter().map(u8::to_string).collect();
            keys.push(format!("'turns':({})", entries.join(",")));
        }
        for key in StateKey::ALL {
            keys.extend(self.powers_extra(key));
        }
        for key in SquareKey::ALL {
            keys.extend(self.square_extra(key));
        }
        keys.extend(self.neutral_extra());
        keys.extend(self.idle_extra());
        keys.extend(self.bomb_extra());
        keys.extend(self.wall_extra());
        keys.extend(self.freeze_extra());
        keys.extend(self.militia_extra());
        keys.extend(self.trenches_extra());
        keys.extend(self.reserve_extra());
        keys.extend(self.fear_extra());
        keys.extend(self.dice_extra());
        keys.extend(self.stealth_extra());
        keys.extend(self.cargo_extra());
        keys.extend(self.consent_extra());
        keys.extend(self.lightning_extras());
        keys.extend(self.insanity_extra());
        keys.extend(self.cards_extra());
        keys.extend(self.secrecy_extra());
        if self.flags != self.default_flag_cells() {
            let geo = &v.geometry;
            let entries: Vec<String> = self
                .flags
                .iter()
                .map(|&c| {
                    if c == NONE {
                        "''".to_string()
                    } else {
                        format!("'{}'", geo.square(c))
                    }
                })
                .collect();
            keys.push(format!("'flags':({})", entries.join(",")));
        }
        if self.declared != 0 {
            let entries: Vec<String> = (0..MAX_SEATS)
                .map(|s| self.declared_of(s))
                .map(|set| {
                    let letters: String = (0..seats)
                        .filter(|&s| set & (1 << s) != 0)
                        .map(|s| seat_letter(v, Seat(s)))
                        .collect();
                    format!("'{letters}'")
                })
                .collect();
            keys.push(format!("'declared':({})", entries.join(",")));
        }
        keys
    }

    /// Read a FEN4 record of a variant of more than two seats, or the name
    /// of one of chess.com's starts (`4PC`, `4PCo`).
    pub(crate) fn from_fen4_unchecked(variant: &Variant, text: &str) -> Result<Self, FenError> {
        match named_start(text) {
            Some(fen4) => Self::read_fen4(variant, fen4).map_err(|e| {
                syntax(
                    FenField::Record,
                    0,
                    format!(
                        "'{}' names a start of chess.com's board, which is not a position of {}: {e}",
                        text.trim(),
                        variant.name
                    ),
                )
            }),
            None => Self::read_fen4(variant, text),
        }
    }

    /// Read a FEN4 record itself.
    fn read_fen4(variant: &Variant, text: &str) -> Result<Self, FenError> {
        if !B::serves(&variant.geometry) {
            return Err(syntax(
                FenField::Record,
                0,
                "this bitboard width does not serve the board (too many cells, or no magics for its shape)",
            ));
        }
        if let Some((at, c)) = text.chars().enumerate().find(|(_, c)| !c.is_ascii()) {
            return Err(syntax(
                FenField::Record,
                at,
                format!("'{c}' is not a FEN4 character"),
            ));
        }
        let rules = Rules::<B>::of(variant);
        let mut pos = Position::empty(rules);
        let text = text.trim();
        // The extras block may hold anything but braces; cut it out first.
        let (head, extras, board_at, board) = match (text.find('{'), text.rfind('}')) {
            (Some(open), Some(close)) if open < close => {
                let head = text[..open].strip_suffix('-').ok_or_else(|| {
                    syntax(FenField::Extras, open, "the '{' block must follow a '-'")
                })?;
                let rest = text[close + 1..].strip_prefix('-').ok_or_else(|| {
                    syntax(
                        FenField::Extras,
                        close,
                        "the '}' block must be followed by '-'",
                    )
                })?;
                (head, Some((open, &text[open..=close])), close + 2, rest)
            }
            (None, None) => {
                let cut = text.rfind('-').ok_or_else(|| {
                    syntax(
                        FenField::Record,
                        0,
                        "no '-': FEN4 is side to move, eliminated, castling, points, clock and board, separated by '-'",
                    )
                })?;
                (&text[..cut], None, cut + 1, &text[cut + 1..])
            }
            _ => return Err(syntax(FenField::Extras, 0, "unbalanced '{' and '}'")),
        };
        let mut fields = Vec::new();
        let mut at = 0;
        for f in head.split('-') {
            fields.push((at, f));
            at += f.len() + 1;
        }
        if fields.len() != 6 {
            return Err(syntax(
                FenField::Record,
                0,
                format!(
                    "{} fields before the board; FEN4 has 6: side to move, eliminated, kingside castling, queenside castling, points, half-move clock",
                    fields.len()
                ),
            ));
        }
        for (cell, p) in read_board(variant, board_at, board)? {
            pos.put(p, cell);
        }
        pos.flags = pos.default_flag_cells();
        let (turn_at, turn) = fields[0];
        let seat = (0..variant.seat_count())
            .map(Seat)
            .find(|&s| {
                turn.len() == 1 && seat_letter(variant, s).to_ascii_uppercase().to_string() == turn
            })
            .ok_or_else(|| {
                syntax(
                    FenField::Turn,
                    turn_at,
                    format!("'{turn}' is not a seat letter (R, B, Y or G)"),
                )
            })?;
        pos.turn = seat;
        let eliminated = flags(FenField::Eliminated, fields[1].0, fields[1].1)?;
        let seats = variant.seat_count() as usize;
        let alive = pos.alive_seats();
        for (s, &out) in eliminated.iter().enumerate().take(seats) {
            // A king, or with flags any piece, keeps a seat in.
            let has_king = alive & (1 << s) != 0;
            // A game won at a goal (a hill's total, flags home) leaves the
            // losers' pieces on the board, grey.
            let goals = pos.rules.hill_wins_at > 0 || pos.rules.flags_to_win > 0;
            if out && (pos.rules.scoring || (goals && has_king)) {
                // Where points are scored, a player out leaves its pieces grey.
                pos.greyed |= 1 << s;
                continue;
            }
            // A seat in by its reserve (`deploy`) is checked once the
            // extras (its turns, its reserve) are read.
            let late = pos.rules.deploy_seats | pos.rules.cargo_seats;
            if out == has_king && late & (1 << s) == 0 {
                let name = &variant.seats[s].name;
                let why = if out {
                    format!("{name} is marked eliminated but has a king")
                } else {
                    format!("{name} has no king but is not marked eliminated")
                };
                return Err(syntax(FenField::Eliminated, fields[1].0, why));
            }
        }
        let kingside = flags(FenField::Castling, fields[2].0, fields[2].1)?;
        let queenside = flags(FenField::Castling, fields[3].0, fields[3].1)?;
        for s in 0..seats {
            for (wants, king_side) in [(kingside[s], true), (queenside[s], false)] {
                // A right whose king could not step past its rook is none.
                if let Some(rook) = pos
                    .castling_rook_cell(Seat(s as u8), king_side)
                    .filter(|&rook| wants && pos.castle_fits(Seat(s as u8), rook))
                {
                    pos.marks |= B::bit(rook);
                }
            }
        }
        pos.read_points(fields[4].0, fields[4].1)?;
        let (clock_at, clock) = fields[5];
        pos.halfmoves = clock.trim().parse().map_err(|_| {
            syntax(
                FenField::Halfmove,
                clock_at,
                format!("'{clock}' is not a number from 0 to 65535"),
            )
        })?;
        if let Some((at, block)) = extras {
            pos.read_extras(at, block)?;
            if pos.rules.transfers {
                pos.read_army_extras(at, block)?;
            }
            if pos.rules.scoring {
                pos.read_scored_extras(at, block)?;
            }
        }
        if pos.rules.transfers {
            pos.check_commanders(extras.map_or(board_at, |(at, _)| at))?;
        }
        let late = pos.rules.deploy_seats | pos.rules.cargo_seats;
        if late != 0 {
            let alive = pos.alive_seats();
            for (s, &out) in eliminated.iter().enumerate().take(seats) {
                if late & (1 << s) != 0 && out == (alive & (1 << s) != 0) {
                    let name = &variant.seats[s].name;
                    let why = if out {
                        format!(
                            "{name} is marked eliminated but has a king, on the board, in reserve or inside a knight"
                        )
                    } else {
                        format!(
                            "{name} has no king, on the board, in reserve or inside a knight, and pieces in play, but is not marked eliminated"
                        )
                    };
                    return Err(syntax(FenField::Eliminated, fields[1].0, why));
                }
            }
        }
        pos.hash = pos.compute_hash();
        pos.settle_turn();
        Ok(pos)
    }

    /// The points field: four numbers, kept where the variant scores
    /// points (each must fit its 16-bit count), read and dropped elsewhere.
    fn read_points(&mut self, at: usize, text: &str) -> Result<(), FenError> {
        let scoring = self.rules.scoring || self.rules.hill_wins_at > 0;
        for (s, p) in four(FenField::Points, at, text)?.into_iter().enumerate() {
            let wide: i64 = p
                .parse()
                .map_err(|_| syntax(FenField::Points, at, format!("'{p}' is not a number")))?;
            if !scoring {
                continue;
            }
            let fits = i16::try_from(wide).map_err(|_| {
                syntax(
                    FenField::Points,
                    at,
                    format!(
                        "'{p}' does not fit: points are from {} to {}",
                        i16::MIN,
                        i16::MAX
                    ),
                )
            })?;
            self.points[s] = fits;
        }
        Ok(())
    }

    /// Where points are scored, the `{...}` block is checked key by key:
    /// `'enPassant'` (read by `read_extras`), `'resigned'` (per seat
    /// `true` for a dead king walking) and `'seed'` (the walking kings'
    /// seed); any other key, or a block that is not `'key':value` pairs,
    /// is refused.
    fn read_scored_extras(&mut self, at: usize, block: &str) -> Result<(), FenError> {
        for (key_at, key, value) in extras_entries(block, at)? {
            let bad = |why: String| syntax(FenField::Extras, key_at, why);
            match key {
                "enPassant" => {}
                "resigned" => self.read_resigned(key_at, value)?,
                "seed" => {
                    self.walk_seed = value.trim().parse().map_err(|_| {
                        bad(format!(
                            "'seed' is {value}, not a number from 0 to {}",
                            u32::MAX
                        ))
                    })?;
                }
                other => {
                    return Err(bad(format!(
                        "'{other}' is not a key of this variant's extras (enPassant, resigned, seed)"
                    )));
                }
            }
        }
        Ok(())
    }

    /// `'resigned':(false,true,false,false)`: the seats that stay as dead
    /// kings walking; each must still have its king.
    fn read_resigned(&mut self, key_at: usize, value: &str) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let inner = value
            .trim()
            .strip_prefix('(')
            .and_then(|v| v.strip_suffix(')'))
            .ok_or_else(|| bad(format!("'resigned' is {value}, not a tuple (...)")))?;
        for (s, entry) in four(FenField::Extras, key_at, inner)?
            .into_iter()
            .enumerate()
        {
            let walking = match entry {
                "true" | "1" => true,
                "false" | "0" => false,
                _ => return Err(bad(format!("'{entry}' in 'resigned' is not true or false"))),
            };
            if !walking {
                continue;
            }
            let seats = self.rules.seats() as usize;
            if s >= seats || self.royals(Seat(s as u8)).is_empty() {
                return Err(bad(format!(
                    "seat {} is marked resigned but has no king to walk",
                    s + 1
                )));
            }
            self.walkers |= 1 << s;
        }
        Ok(())
    }

    /// The extras keys of a game that scores points: dead kings walking
    /// and the seed of their moves, when there are any.
    fn scored_extras(&self) -> Vec<String> {
        let mut keys = Vec::new();
        if self.walkers != 0 {
            let entries: Vec<&str> = (0..MAX_SEATS)
                .map(|s| {
                    if self.walkers & (1 << s) != 0 {
                        "true"
                    } else {
                        "false"
                    }
                })
                .collect();
            keys.push(format!("'resigned':({})", entries.join(",")));
        }
        if self.walk_seed != 0 {
            keys.push(format!("'seed':{}", self.walk_seed));
        }
        keys
    }

    /// The rook cell a castling flag names, if king and rook stand where
    /// that right can still be used: the rook at the end of the back rank
    /// nearer the king for kingside, the farther end for queenside.
    fn castling_rook_cell(&self, seat: Seat, king_side: bool) -> Option<u8> {
        let r = &*self.rules;
        let c = r.variant.rules.castling.as_ref()?;
        let back = r.back_rank[seat.idx()];
        let king = self.pieces(seat, c.king) & back;
        if king.count() != 1 || back.is_empty() {
            return None;
        }
        let (k, lo, hi) = (king.lsb(), back.lsb(), back.msb());
        let (near, far) = if k - lo < hi - k { (lo, hi) } else { (hi, lo) };
        let rook = if king_side { near } else { far };
        self.pieces(seat, c.rook).has(rook).then_some(rook)
    }

    /// The `{...}` block: en passant entries; other keys are skipped.
    fn read_extras(&mut self, at: usize, block: &str) -> Result<(), FenError> {
        let Some(start) = block.find("'enPassant'") else {
            return Ok(());
        };
        let bad = |why: String| syntax(FenField::Extras, at + start, why);
        let rest = &block[start + "'enPassant'".len()..];
        let rest = rest
            .trim_start()
            .strip_prefix(':')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('('))
            .ok_or_else(|| bad("'enPassant' must be followed by :(".into()))?;
        let inner = &rest[..rest
            .find(')')
            .ok_or_else(|| bad("'enPassant' tuple has no ')'".into()))?];
        let geo = &self.rules.variant.geometry;
        for (s, entry) in four(FenField::Extras, at + start, inner)?
            .into_iter()
            .enumerate()
        {
            let entry = entry
                .strip_prefix('\'')
                .and_then(|e| e.strip_suffix('\''))
                .ok_or_else(|| bad(format!("{entry} is not a quoted string")))?;
            if entry.is_empty() {
                continue;
            }
            let seat = Seat(s as u8);
            let name = self.rules.variant.seats[s].name.clone();
            let (target, pawn) = entry.split_once(':').unwrap_or((entry, ""));
            let cell_of = |t: &str| {
                t.parse::<Square>()
                    .ok()
                    .and_then(|sq| geo.cell(sq))
                    .ok_or_else(|| bad(format!("'{t}' in '{entry}' is not a square of the board")))
            };
            let target = cell_of(target)?;
            let victim = self.ep_victim_of(seat, target);
            if !pawn.is_empty() && Some(cell_of(pawn)?) != victim {
                return Err(bad(format!(
                    "'{entry}': {name}'s pawn would stand one step beyond the skipped square"
                )));
            }
            if s >= self.rules.seats() as usize || !self.ep_entry_valid(seat, target) {
                return Err(FenError::Setup(SetupError::EnPassant {
                    square: geo.square(target).to_string(),
                }));
            }
            self.eps[s] = target;
        }
        Ok(())
    }

    /// Where armies change hands, the Tetrarch keys of the `{...}` block:
    /// `'commanders'`, per army the letter of the seat that took it (`''`
    /// for its own seat), and `'turns'`, per seat the turns it has taken
    /// while the opening rule counts them. Left out, no army has changed
    /// hands and no seat has moved yet.
    fn read_army_extras(&mut self, at: usize, block: &str) -> Result<(), FenError> {
        // Lightning: the nations first, whose powers the other keys read.
        let lightning = crate::position::LIGHTNING_KEYS;
        if let Some((key_at, entries)) = extras_tuple(block, lightning[0], at)? {
            self.read_nations_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, lightning[1], at)? {
            self.read_draws_extra(&entries, key_at)?;
        }
        let seats = self.rules.seats();
        if let Some((key_at, entries)) = extras_tuple(block, "commanders", at)? {
            for (army, entry) in entries.iter().enumerate().take(seats as usize) {
                let letter = unquote(entry).ok_or_else(|| {
                    syntax(
                        FenField::Extras,
                        key_at,
                        format!("{entry} is not a quoted seat letter"),
                    )
                })?;
                if letter.is_empty() {
                    continue;
                }
                let seat = (0..seats)
                    .map(Seat)
                    .find(|&s| {
                        letter.len() == 1
                            && seat_letter(&self.rules.variant, s).to_string()
                                == letter.to_ascii_lowercase()
                    })
                    .ok_or_else(|| {
                        syntax(
                            FenField::Extras,
                            key_at,
                            format!("'{letter}' in 'commanders' is not a seat letter"),
                        )
                    })?;
                self.commander[army] = seat.0;
            }
        }
        if let Some((key_at, entries)) = extras_tuple(block, "turns", at)? {
            let limit = self.rules.variant.rules.no_check_turns;
            for (seat, entry) in entries.iter().enumerate().take(seats as usize) {
                let n: u8 = entry.parse().ok().filter(|&n| n <= limit).ok_or_else(|| {
                    syntax(
                        FenField::Extras,
                        key_at,
                        format!("'{entry}' in 'turns' is not a number from 0 to {limit}"),
                    )
                })?;
                self.turns_taken[seat] = n;
            }
        }
        if let Some((key_at, entries)) = extras_tuple(block, "flags", at)? {
            self.read_flags_extra(&entries, key_at)?;
        }
        for key in StateKey::ALL {
            if let Some((key_at, entries)) = extras_tuple(block, key.name(), at)? {
                self.read_powers_extra(key, &entries, key_at)?;
            }
        }
        for key in SquareKey::ALL {
            if let Some((key_at, entries)) = extras_tuple(block, key.name(), at)? {
                self.read_square_extra(key, &entries, key_at)?;
            }
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::NEUTRAL_KEY, at)? {
            self.read_neutral_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::IDLE_KEY, at)? {
            self.read_idle_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::BOMB_KEY, at)? {
            self.read_bomb_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::WALL_KEY, at)? {
            self.read_wall_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::FREEZE_KEY, at)? {
            self.read_freeze_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::MILITIA_KEY, at)? {
            self.read_militia_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::TRENCHES_KEY, at)? {
            self.read_trenches_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::RESERVE_KEY, at)? {
            self.read_reserve_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::CONTINUING_KEY, at)? {
            self.read_fear_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::DICE_KEY, at)? {
            self.read_dice_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::STEALTH_KEY, at)? {
            self.read_stealth_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::CARGO_KEY, at)? {
            self.read_cargo_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::CONSENT_KEY, at)? {
            self.read_consent_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::INSANITY_KEY, at)? {
            self.read_insanity_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::CARDS_KEY, at)? {
            self.read_cards_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, crate::power::SECRECY_KEY, at)? {
            self.read_secrecy_extra(&entries, key_at)?;
        }
        if let Some((key_at, entries)) = extras_tuple(block, "declared", at)? {
            if !self.rules.variant.rules.declare_check && self.rules.secret_seats == 0 {
                let why = "'declared' is only for variants where checks are declared";
                return Err(syntax(FenField::Extras, key_at, why.to_string()));
            }
            for (seat, entry) in entries.iter().enumerate().take(seats as usize) {
                let set = self.declared_set(entry, key_at)?;
                self.put_declared(seat, set);
            }
        }
        Ok(())
    }

    /// Capture the Flag's `'flags':('a1','a8','h8','')`: per seat, the
    /// square of the piece holding its flag (`''`: the flag is gone).
    fn read_flags_extra(&mut self, entries: &[&str], key_at: usize) -> Result<(), FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        if self.rules.flags_to_win == 0 {
            return Err(bad("'flags' is only for variants with flags".into()));
        }
        let geo = &self.rules.variant.geometry;
        let mut cells = [NONE; MAX_SEATS];
        for (seat, entry) in entries.iter().enumerate().take(self.rules.seats() as usize) {
            let square =
                unquote(entry).ok_or_else(|| bad(format!("{entry} in 'flags' is not quoted")))?;
            if square.is_empty() {
                continue;
            }
            let cell = square
                .parse::<Square>()
                .ok()
                .and_then(|sq| geo.cell(sq))
                .ok_or_else(|| {
                    bad(format!(
                        "'{square}' in 'flags' is not a square of the board"
                    ))
                })?;
            if !self.occupied().has(cell) {
                return Err(bad(format!(
                    "'{square}' in 'flags': no piece stands there to hold the flag"
                )));
            }
            cells[seat] = cell;
        }
        self.flags = cells;
        Ok(())
    }

    /// The seats named by the quoted seat letters of `entry`, a bit set.
    fn declared_set(&self, entry: &str, key_at: usize) -> Result<u8, FenError> {
        let bad = |why: String| syntax(FenField::Extras, key_at, why);
        let letters =
            unquote(entry).ok_or_else(|| bad(format!("{entry} in 'declared' is not quoted")))?;
        let v = &self.rules.variant;
        letters.chars().try_fold(0u8, |set, c| {
            (0..self.rules.seats())
                .find(|&s| seat_letter(v, Seat(s)) == c.to_ascii_lowercase())
                .map(|s| set | 1 << s)
                .ok_or_else(|| bad(format!("'{c}' in 'declared' is not a seat letter")))
        })
    }

    /// Armies that changed hands must have done so as play does: an army
    /// with pieces but no king is commanded by a seat that is in and
    /// commands itself; an army with a king commands itself. (An army
    /// left without pieces may name anyone: its commander went out.)
    fn check_commanders(&self, at: usize) -> Result<(), FenError> {
        let v = &self.rules.variant;
        // A king in reserve (`deploy`) is a king the army still has.
        let reserve = self.deploying_seats() | self.carrying_seats();
        // A view's stand-ins (`secrecy`) may hide the King card.
        let stand_ins = self.union_of(crate::power::stand_in_kinds(&self.rules.powers));
        let kingless = |s: u8| {
            self.royals(Seat(s)).is_empty()
                && reserve & (1 << s) == 0
                && (stand_ins & self.by_seat[s as usize]).is_empty()
        };
        for army in 0..self.rules.seats() {
            let name = &v.seats[army as usize].name;
            let boss = self.commander[army as usize];
            let kingless = kingless(army);
            let why = if self.by_seat[army as usize].is_empty() {
                None
            } else if boss == army {
                // With flags an army plays on without its king.
                (kingless && self.rules.flags_to_win == 0).then(|| {
                    format!("{name} has pieces but no king: name the seat that took them in 'commanders'")
                })
            } else if !kingless {
                Some(format!(
                    "{name} still has a king, so no other seat commands it"
                ))
            } else if self.royals(Seat(boss)).is_empty() && reserve & (1 << boss) == 0
                || self.commander[boss as usize] != boss
            {
                let boss_name = &v.seats[boss as usize].name;
                Some(format!("{name} is commanded by {boss_name}, who is out"))
            } else {
                None
            };
            if let Some(why) = why {
                return Err(syntax(FenField::Extras, at, why));
            }
        }
        Ok(())
    }

    /// Write FEN4 in the `x`-corner style.
    pub(crate) fn write_fen4(&self) -> String {
        let r = &*self.rules;
        let v = &r.variant;
        let geo = &v.geometry;
        let seats = r.seats();
        let per_seat = |f: &dyn Fn(Seat) -> String| {
            (0..MAX_SEATS as u8)
                .map(|s| if s < seats { f(Seat(s)) } else { "0".into() })
                .collect::<Vec<_>>()
                .join(",")
        };
        let bit = |b: bool| if b { "1".to_string() } else { "0".to_string() };
        let castles = |seat: Seat, king_side: bool| {
            self.castling_rook_cell(seat, king_side)
                .is_some_and(|c| self.marks.has(c))
        };
        let mut s = String::new();
        s.push(seat_letter(v, self.turn).to_ascii_uppercase());
        s.push('-');
        s += &per_seat(&|seat| bit(self.alive_seats() & (1 << seat.0) == 0));
        s.push('-');
        s += &per_seat(&|seat| bit(castles(seat, true)));
        s.push('-');
        s += &per_seat(&|seat| bit(castles(seat, false)));
        s.push('-');
        s += &per_seat(&|seat| self.points[seat.idx()].to_string());
        s.push('-');
        s += &self.halfmoves.to_string();
        s.push('-');
        let mut extras = self.army_extras();
        extras.extend(self.scored_extras());
        if self.eps.iter().any(|&e| e != NONE) {
            let entries = per_seat(&|seat| {
                let e = self.eps[seat.idx()];
                match (e != NONE).then(|| self.ep_victim_of(seat, e)).flatten() {
                    Some(p) => format!("'{}:{}'", geo.square(e), geo.square(p)),
                    None => "''".into(),
                }
            });
            extras.insert(0, format!("'enPassant':({entries})"));
        }
        if !extras.is_empty() {
            s += &format!("{{{}}}-", extras.join(","));
        }
        for rank in (0..geo.height()).rev() {
            let mut row: Vec<String> = Vec::new();
            let mut empty = 0;
            for file in 0..geo.width() {
                let sq = Square::new(file, rank).expect("on board");
                let token = match geo.cell(sq) {
                    None => Some("x".to_string()),
                    // A face-down card shows as its stand-in ('cards' says what it is).
                    Some(c) => self.shown_piece_at(c).map(|p| {
                        format!(
                            "{}{}",
                            seat_letter(v, p.seat),
                            v.pieces[p.kind.idx()].letter.to_ascii_uppercase()
                        )
                    }),
                };
                match token {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            row.push(empty.to_string());
                            empty = 0;
                        }
                        row.push(t);
                    }
                }
            }
            if empty > 0 {
                row.push(empty.to_string());
            }
            s += &row.join(",");
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }
}
