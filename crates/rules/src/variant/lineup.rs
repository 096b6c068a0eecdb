//! A line-up: a four-seat variant with one nation per seat, made into an
//! ordinary [`Variant`]. The seats' armies are replaced by the nations'
//! setups turned to each seat's corner, the piece kinds are the base's plus
//! every nation's own, and each pawn kind promotes to what the nations that
//! field it promote to. Everything above the kernel (move generation, FEN4,
//! the engine, the server) sees a variant like any other.

use super::nation::{Nation, NationKind, builtin_nation_ids};
use super::{Compiled, Forward, Variant, VariantError, check};
use crate::piece::{Kind, MAX_KINDS, PieceInfo};

/// A line-up's board: per cell `(file, rank)` from 0, the seat and letter.
type Board = Vec<Vec<Option<(usize, char)>>>;

impl Variant {
    /// This variant with the nations `ids` (comma separated, one per seat
    /// in turn order), each found among `files` (a user's nation files)
    /// first, then the built-in nations.
    ///
    /// ```
    /// use tetrarch_rules::Variant;
    /// let base = Variant::builtin("european-ffa").unwrap();
    /// let v = base.with_lineup("default,default,default,default", &[]).unwrap();
    /// assert_eq!(v.nations, ["default"; 4]);
    /// assert_eq!(v.start_fen, base.start_fen);
    /// let e = base.with_lineup("default,atlantis,default,default", &[]).unwrap_err();
    /// assert!(e.to_string().contains("unknown nation 'atlantis'"), "{e}");
    /// ```
    pub fn with_lineup(&self, ids: &str, files: &[Nation]) -> Result<Variant, VariantError> {
        let nations = ids
            .split(',')
            .map(|id| nation_named(id.trim(), files))
            .collect::<Result<Vec<_>, _>>()?;
        self.with_nations(&nations)
    }

    /// This variant with `nations`, one per seat in turn order.
    pub fn with_nations(&self, nations: &[Nation]) -> Result<Variant, VariantError> {
        let here = |reason: String| super::load::field_error(&self.origin, "nations", reason);
        fits(self, nations).map_err(here)?;
        super::lightning::in_deck(self, nations).map_err(here)?;
        let base_kinds = self.pieces.len();
        let mut pieces = self.pieces.clone();
        let mut renamed = Vec::with_capacity(nations.len());
        let mut all_renames = Vec::new();
        for n in nations {
            let renames = add_kinds(&mut pieces, base_kinds, n, nations, &all_renames)?;
            all_renames.extend_from_slice(&renames);
            renamed.push(n.with_letters(&renames));
        }
        let seat_letters: Vec<Vec<(char, char)>> = nations
            .iter()
            .zip(&renamed)
            .map(|(n, r)| {
                let pairs = n.kinds.iter().zip(&r.kinds);
                pairs
                    .map(|(a, b)| (a.letter, b.letter))
                    .filter(|(a, b)| a != b)
                    .collect()
            })
            .collect();
        let nations = &renamed[..];
        if pieces.len() > MAX_KINDS {
            return Err(here(format!(
                "{} piece kinds in all; at most {MAX_KINDS}",
                pieces.len()
            )));
        }
        let from_board = board_kinds(&pieces, nations)?;
        let mut seat_promotions = Vec::with_capacity(nations.len());
        let mut seat_promotion_limits = Vec::with_capacity(nations.len());
        for (seat, n) in nations.iter().enumerate() {
            let letters = Letters::of(&pieces, base_kinds, n);
            let reserve_royal = n.powers.iter().flat_map(|p| p.reserve()).any(|&l| {
                letters
                    .kind(crate::variant::renamed_letter(&seat_letters[seat], l))
                    .is_some_and(|k| pieces[k.idx()].royal)
            });
            check_setup(&pieces, &letters, n, reserve_royal)?;
            let choices = promotions(&mut pieces, &letters, n, &from_board)?;
            seat_promotion_limits.push(promotion_limits(&letters, &choices, n)?);
            seat_promotions.push(choices);
            check_power_letters(&letters, n, &seat_letters[seat])?;
        }
        let board = board(self, nations).map_err(here)?;
        let mut v = self.clone();
        v.start_fen = start_fen(self, &board).map_err(here)?;
        v.pieces = pieces;
        v.nations = nations.iter().map(|n| n.id.clone()).collect();
        v.powers = nations.iter().map(|n| n.powers.clone()).collect();
        v.seat_letters = seat_letters;
        v.seat_promotions = seat_promotions;
        v.seat_promotion_limits = seat_promotion_limits;
        v.seat_promotion_areas = nations.iter().map(|n| n.promotion_areas.clone()).collect();
        v.power_proof_kinds = power_proof_kinds(&v.pieces, nations);
        v.power_proof_seats = (0..nations.len())
            .filter(|&s| nations[s].immune)
            .fold(0, |m, s| m | 1 << s);
        if self.rules.lightning {
            v.lineup_base = Some(Box::new(self.clone()));
        }
        v.compiled = Compiled::default();
        v.stamp();
        check::variant(&v)?;
        v.with_width(super::CheckStart)
            .map_err(|e| here(format!("the line-up's start: {e}")))?;
        Ok(v)
    }
}

/// The nation `id`: a user's file of that id, else a built-in one.
fn nation_named(id: &str, files: &[Nation]) -> Result<Nation, VariantError> {
    if let Some(n) = files.iter().find(|n| n.id == id) {
        return Ok(n.clone());
    }
    Nation::builtin(id).map_err(|e| match e {
        VariantError::UnknownNation { name, .. } => {
            let mut known: Vec<String> = builtin_nation_ids().map(str::to_string).collect();
            known.extend(files.iter().map(|n| n.id.clone()));
            VariantError::UnknownNation {
                name,
                known: known.join(", "),
            }
        }
        e => e,
    })
}

/// Whether the variant can take nations at all, and this many.
fn fits(v: &Variant, nations: &[Nation]) -> Result<(), String> {
    if !v.nations.is_empty() {
        return Err(format!("already a line-up ({})", v.nations.join(",")));
    }
    if nations.len() != v.seats.len() {
        return Err(format!(
            "{} nations for {} seats; give one per seat, in turn order",
            nations.len(),
            v.seats.len()
        ));
    }
    let (w, h) = (v.geometry.width(), v.geometry.height());
    if v.seats.len() != 4 || w != h {
        return Err("nations sit in the corners of a square four-seat board".into());
    }
    if (0..v.seats.len()).any(|a| (0..a).any(|b| v.seats[a].forward == v.seats[b].forward)) {
        return Err(
            "nations sit one in each corner, each seat its own way (here two seats share a direction)".into(),
        );
    }
    if v.rules.flags_to_win > 0 {
        return Err(
            "Capture the Flag is played with the default armies (powers that move, swap or take over pieces would carry flags no rule gives)".into(),
        );
    }
    // A power that counts the seat's turns needs the opening-turn count.
    let needed = nations
        .iter()
        .flat_map(|n| &n.powers)
        .map(|p| p.turns_counted())
        .max()
        .unwrap_or(0);
    if needed > v.rules.no_check_turns {
        return Err(format!(
            "a power of the line-up counts {needed} turns of its seat; this base variant counts {} (rules.no_check_turns)",
            v.rules.no_check_turns
        ));
    }
    // Powers keep marks on pieces where other variants keep castling rights.
    if v.rules.castling.is_some() {
        return Err("nations play without castling; this base variant castles".into());
    }
    Ok(())
}

/// Add a nation's own kinds; one another nation of the line-up already
/// brought (same letter or the same renamed letter, same definition) is
/// shared. A kind whose letter another nation's different kind already
/// has takes the first letter no kind of the line-up uses: every letter
/// a-z names some nation's kind, but a line-up fields few of them. The
/// renames, from the nation file's letter to the line-up's, are returned.
fn add_kinds(
    pieces: &mut Vec<PieceInfo>,
    base: usize,
    n: &Nation,
    lineup: &[Nation],
    earlier: &[(char, char)],
) -> Result<Vec<(char, char)>, VariantError> {
    let mut renames = Vec::new();
    for (i, k) in n.kinds.iter().enumerate() {
        let f = format!("pieces[{i}].letter");
        let err = |reason: String| super::load::field_error(&n.origin, &f, reason);
        if pieces[..base].iter().any(|p| p.letter == k.letter) {
            return Err(err(format!(
                "'{}' is a piece of the base variant; a nation's own kind needs a letter of its own",
                k.letter
            )));
        }
        // The same kind, brought by an earlier seat under this letter or
        // renamed from it.
        let shared = pieces[base..].iter().find(|p| {
            same_kind(p, k) && (p.letter == k.letter || earlier.contains(&(k.letter, p.letter)))
        });
        let letter = match shared {
            Some(p) => p.letter,
            None if !pieces.iter().any(|p| p.letter == k.letter) => {
                pieces.push(piece_info(k, pieces.len(), k.letter));
                k.letter
            }
            None => {
                let taken = |l: char| {
                    pieces.iter().any(|p| p.letter == l)
                        || lineup.iter().flat_map(|n| &n.kinds).any(|k| k.letter == l)
                };
                let free = ('a'..='z').find(|&l| !taken(l)).ok_or_else(|| {
                    err(format!(
                        "'{}' is also another nation's kind in this line-up, and no letter is free for it",
                        k.letter
                    ))
                })?;
                pieces.push(piece_info(k, pieces.len(), free));
                free
            }
        };
        if letter != k.letter {
            renames.push((k.letter, letter));
        }
    }
    Ok(renames)
}

fn same_kind(p: &PieceInfo, k: &NationKind) -> bool {
    p.movement.to_string() == k.betza
        && p.royal == k.royal
        && p.pawn == k.pawn
        && p.initial_ranks == k.initial_ranks
}

fn piece_info(k: &NationKind, index: usize, letter: char) -> PieceInfo {
    PieceInfo {
        name: k.name.clone(),
        letter,
        promoted: false,
        demoted: Kind(index as u8),
        movement: k.betza.parse().expect("checked when the nation was read"),
        royal: k.royal,
        pawn: k.pawn,
        promotions: Vec::new(),
        initial_ranks: k.initial_ranks.clone(),
    }
}

/// The kinds a nation may name: the base's (unpromoted) and its own.
struct Letters(Vec<(char, Kind)>);

impl Letters {
    fn of(pieces: &[PieceInfo], base: usize, n: &Nation) -> Letters {
        let own = |p: &PieceInfo| n.kinds.iter().any(|k| k.letter == p.letter);
        Letters(
            pieces
                .iter()
                .enumerate()
                .filter(|(i, p)| (*i < base && !p.promoted) || own(p))
                .map(|(i, p)| (p.letter, Kind(i as u8)))
                .collect(),
        )
    }

    fn kind(&self, letter: char) -> Option<Kind> {
        self.0.iter().find(|(l, _)| *l == letter).map(|&(_, k)| k)
    }

    fn list(&self) -> String {
        self.0.iter().map(|(l, _)| *l).collect()
    }
}

/// Every setup letter is a kind the nation may name, and it has a royal piece.
fn check_setup(
    pieces: &[PieceInfo],
    letters: &Letters,
    n: &Nation,
    reserve_royal: bool,
) -> Result<(), VariantError> {
    // A royal piece held in reserve (`deploy`) comes onto the board later.
    let mut royal = reserve_royal;
    for &((f, r), l) in &n.setup {
        let sq = format!("setup.{}{}", (b'a' + f) as char, r + 1);
        let kind = letters.kind(l).ok_or_else(|| {
            super::load::field_error(
                &n.origin,
                &sq,
                format!(
                    "'{l}' is no piece of the base variant nor of this nation ({})",
                    letters.list()
                ),
            )
        })?;
        royal |= pieces[kind.idx()].royal;
    }
    if !royal {
        // The kernel reads an army without a royal piece as one taken over.
        return Err(super::load::field_error(
            &n.origin,
            "setup",
            "no royal piece; nations without one are not played yet",
        ));
    }
    Ok(())
}

/// The nation's promotion choices, for every pawn its army holds (its own,
/// and any it takes over by a power). A pawn kind no nation has set yet
/// takes them as its own choices too, so that the kernel knows it promotes.
fn promotions(
    pieces: &mut [PieceInfo],
    letters: &Letters,
    n: &Nation,
    from_board: &[Kind],
) -> Result<Vec<Kind>, VariantError> {
    let err = |reason: String| super::load::field_error(&n.origin, "promotions", reason);
    let started: Vec<Kind> = n
        .setup
        .iter()
        .filter_map(|&(_, l)| letters.kind(l))
        .collect();
    let choices: Vec<Kind> = match &n.promotions {
        None if n.promotions_from_board => from_board.to_vec(),
        Some(ls) => ls
            .iter()
            .map(|&l| {
                letters.kind(l).ok_or_else(|| {
                    err(format!(
                        "'{l}' is not a kind of this nation ({})",
                        letters.list()
                    ))
                })
            })
            .collect::<Result<_, _>>()?,
        // Every kind it starts with but pawns and the king, in the order
        // the setup first names them (the default army: r, b, n as the
        // base file writes them).
        None => started
            .iter()
            .enumerate()
            .filter(|&(i, k)| !started[..i].contains(k))
            .map(|(_, &k)| k)
            .filter(|k| !pieces[k.idx()].pawn && !pieces[k.idx()].royal)
            .collect(),
    };
    // A royal kind of the nation's own that is not its king (Britain's
    // minister) is a promotion choice: "any piece type except a king".
    let king = |k: &Kind| {
        let letter = pieces[k.idx()].letter;
        pieces[k.idx()].royal && !n.kinds.iter().any(|nk| nk.letter == letter && !nk.king)
    };
    if let Some(k) = choices.iter().find(|k| pieces[k.idx()].pawn || king(k)) {
        return Err(err(format!(
            "'{}': pawns promote to no pawn or king",
            pieces[k.idx()].letter
        )));
    }
    let pawns: Vec<Kind> = started
        .iter()
        .copied()
        .filter(|k| pieces[k.idx()].pawn)
        .collect();
    if !pawns.is_empty() && choices.is_empty() {
        return Err(err("its pawns have nothing to promote to".into()));
    }
    for pawn in pawns {
        let p = &mut pieces[pawn.idx()];
        if p.promotions.is_empty() {
            p.promotions = choices.clone();
        }
    }
    Ok(choices)
}

/// Every kind the line-up's setups hold but pawns and royal pieces, in
/// seat and setup order, a kind with a `plain` kind taken as that kind
/// (for a nation whose pawns promote to any of them, Egypt's).
fn board_kinds(pieces: &[PieceInfo], nations: &[Nation]) -> Result<Vec<Kind>, VariantError> {
    let mut kinds = Vec::new();
    for n in nations {
        for &(_, letter) in &n.setup {
            let own = n.kinds.iter().position(|k| k.letter == letter);
            let plain = own.and_then(|i| n.kinds[i].plain.map(|p| (i, p)));
            let letter = plain.map_or(letter, |(_, p)| p);
            let Some(at) = pieces.iter().position(|p| p.letter == letter) else {
                // An unknown setup letter is the setup's error, told later.
                let Some((i, p)) = plain else {
                    continue;
                };
                return Err(super::load::field_error(
                    &n.origin,
                    &format!("pieces[{i}].plain"),
                    format!("'{p}' is no kind of this line-up"),
                ));
            };
            let kind = Kind(at as u8);
            if !pieces[at].pawn && !pieces[at].royal && !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
    }
    Ok(kinds)
}

/// The kinds no other nation's power moves or destroys, as a bit set.
fn power_proof_kinds(pieces: &[PieceInfo], nations: &[Nation]) -> u16 {
    nations
        .iter()
        .flat_map(|n| n.kinds.iter().filter(|k| k.immune))
        .filter_map(|k| pieces.iter().position(|p| p.letter == k.letter))
        .fold(0, |m, at| m | 1 << at)
}

/// The nation's promotion limits, each on one of its promotion `choices`.
fn promotion_limits(
    letters: &Letters,
    choices: &[Kind],
    n: &Nation,
) -> Result<Vec<(Kind, u8)>, VariantError> {
    n.promotion_limits
        .iter()
        .map(|&(l, count)| match letters.kind(l) {
            Some(k) if choices.contains(&k) => Ok((k, count)),
            _ => Err(super::load::field_error(
                &n.origin,
                &format!("promotion_limits.{l}"),
                format!("'{l}' is not one of the kinds its pawns promote to"),
            )),
        })
        .collect()
}

/// Every letter a nation's powers name is a kind the nation fields.
fn check_power_letters(
    letters: &Letters,
    n: &Nation,
    renames: &[(char, char)],
) -> Result<(), VariantError> {
    for (i, p) in n.powers.iter().enumerate() {
        if let Some((field, l)) = p
            .letters()
            .into_iter()
            .find(|&(_, l)| letters.kind(renamed(renames, l)).is_none())
        {
            return Err(super::load::field_error(
                &n.origin,
                &format!("powers[{i}].{field}"),
                format!(
                    "'{l}' is not a piece of this nation; it has {}",
                    letters.list()
                ),
            ));
        }
    }
    Ok(())
}

/// `letter` in the line-up, after the nation's `renames`.
pub(crate) fn renamed(renames: &[(char, char)], letter: char) -> char {
    renames
        .iter()
        .find(|&&(from, _)| from == letter)
        .map_or(letter, |&(_, to)| to)
}

/// Where the a1 setup square `(f, r)` lands for a seat whose pawns go
/// `forward`, on an `n` x `n` board: the facts file's rotation table
/// (section 1.2), which is the turn that takes north to the seat's forward.
pub fn rotate(forward: Forward, (f, r): (u8, u8), n: u8) -> (u8, u8) {
    let m = n - 1;
    match forward {
        Forward::North => (f, r),
        // a1 -> a8: (file f, rank r) becomes (file a+(r-1), rank 9-f).
        Forward::East => (r, m - f),
        Forward::South => (m - f, m - r),
        // a1 -> h1: (f, r) becomes (file h-(r-1), rank f).
        Forward::West => (m - r, f),
    }
}

/// Every nation's setup turned to its seat's corner; two on one square is
/// an error.
fn board(v: &Variant, nations: &[Nation]) -> Result<Board, String> {
    let n = v.geometry.width();
    let mut board: Board = vec![vec![None; n as usize]; n as usize];
    for (seat, nation) in nations.iter().enumerate() {
        let forward = v.seats[seat].forward;
        for &(at, letter) in &nation.setup {
            if at.0 >= n || at.1 >= n {
                return Err(format!("'{}' places a piece off this board", nation.id));
            }
            let (f, r) = rotate(forward, at, n);
            let cell = &mut board[f as usize][r as usize];
            if let Some((other, _)) = *cell {
                return Err(format!(
                    "'{}' ({}) and '{}' ({}) both place a piece on {}{}",
                    nations[other].id,
                    v.seats[other].name,
                    nation.id,
                    v.seats[seat].name,
                    (b'a' + f) as char,
                    r + 1
                ));
            }
            *cell = Some((seat, letter));
        }
    }
    Ok(board)
}

/// The base's start text with its board replaced: FEN4 ranks from the top,
/// cells comma separated, runs of empty cells as numbers.
fn start_fen(v: &Variant, board: &Board) -> Result<String, String> {
    let Some((head, _)) = v.start_fen.rsplit_once('-') else {
        return Err("the base's start is not FEN4".into());
    };
    let n = board.len();
    let ranks: Vec<String> = (0..n)
        .rev()
        .map(|r| {
            let mut cells: Vec<String> = Vec::new();
            let mut empty = 0;
            for column in board {
                match column[r] {
                    None => empty += 1,
                    Some((seat, l)) => {
                        if empty > 0 {
                            cells.push(empty.to_string());
                            empty = 0;
                        }
                        let s =
                            crate::notation::fen4::seat_letter(v, crate::piece::Seat(seat as u8));
                        cells.push(format!("{s}{}", l.to_ascii_uppercase()));
                    }
                }
            }
            if empty > 0 {
                cells.push(empty.to_string());
            }
            cells.join(",")
        })
        .collect();
    Ok(format!("{head}-{}", ranks.join("/")))
}
