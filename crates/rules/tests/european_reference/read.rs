//! A reference position from a kernel position: the one place the
//! reference meets the kernel. It reads the board, the commanders, the
//! turns and the powers' state as FEN4 writes them.

use super::{Lineup, Piece, Ref, Sq, squares};
use tetrarch_rules::{Position, Seat, Square};

/// The quoted entries of the FEN4 extra `key`, one per seat (empty when
/// the text has none).
fn entries(text: &str, key: &str) -> Vec<String> {
    let open = format!("'{key}':(");
    let Some(at) = text.find(&open) else {
        return vec![String::new(); 4];
    };
    let rest = &text[at + open.len()..];
    let inner = &rest[..rest.find(')').expect("a closed tuple")];
    inner
        .split(',')
        .map(|e| e.trim().trim_matches('\'').to_string())
        .collect()
}

fn first_square(entry: &str) -> Option<Sq> {
    squares(entry).first().copied()
}

/// The digits of an entry as a bit set.
fn digit_bits(entry: &str) -> u8 {
    entry.bytes().fold(0, |b, d| b | 1 << (d - b'0'))
}

/// The reference position of a kernel position of European Chess;
/// `None` if the reference does not play one of its nations.
pub fn read(p: &Position<u64>) -> Option<Ref> {
    let v = p.variant();
    let ids: Vec<&str> = if v.nations.is_empty() {
        vec!["default"; 4]
    } else {
        v.nations.iter().map(String::as_str).collect()
    };
    let lineup = Lineup::new([ids[0], ids[1], ids[2], ids[3]])?;
    let mut r = Ref::empty(lineup, [0, 1, 2, 3].map(|s| v.seats[s].team as usize));
    for f in 0..8 {
        for r_ in 0..8 {
            let sq: Square = super::square((f, r_)).parse().expect("a square");
            let cell = v.geometry.cell(sq).expect("a cell");
            r.board[f as usize][r_ as usize] = p.piece_at(cell).map(|pc| Piece {
                army: pc.seat.0 as usize,
                kind: v.pieces[pc.kind.idx()].letter,
            });
        }
    }
    r.commander = [0, 1, 2, 3].map(|a| p.commander_of(Seat(a)).0 as usize);
    r.turns = [0, 1, 2, 3].map(|s| p.opening_turns_taken(Seat(s)) as usize);
    r.turn = p.turn().0 as usize;
    let text = p.to_fen();
    let at = |key: &str, s: usize| entries(&text, key)[s].clone();
    r.sheltered = [0, 1, 2, 3].map(|s| first_square(&at("sheltered", s)));
    r.barred = [0, 1, 2, 3].map(|s| first_square(&at("barred", s)));
    r.used = [0, 1, 2, 3].map(|s| digit_bits(&at("powers", s)));
    r.spent = [0, 1, 2, 3].map(|s| digit_bits(&at("spent", s)));
    // A power with uses per game is written once per use.
    r.uses = [0, 1, 2, 3].map(|s| {
        let spent = at("spent", s);
        [0, 1, 2, 3].map(|i| spent.bytes().filter(|&d| d == b'0' + i).count() as u8)
    });
    r.idle = (0..4)
        .flat_map(|s| squares(&at("idle", s)))
        .fold(0, |b, (f, r_)| b | 1 << (f + 8 * r_));
    // The bombs: per seat, nothing or a count and an armed square.
    r.bomb = [0, 1, 2, 3].map(|s| {
        let e = at("bomb", s);
        match e.bytes().next() {
            Some(d) => (d - b'0', first_square(&e[1..])),
            None => (0, None),
        }
    });
    // Ferocity: per seat, its frozen pieces' squares, '/', its guarded
    // ones newest first ('-' for none).
    for s in 0..4 {
        let e = at("freeze", s);
        let Some((frozen, guarded)) = e.split_once('/') else {
            continue;
        };
        for (f, r_) in squares(frozen) {
            r.frozen |= 1 << (f + 8 * r_);
        }
        let mut rest = guarded;
        let mut k = 0;
        while !rest.is_empty() {
            if let Some(more) = rest.strip_prefix('-') {
                rest = more;
            } else {
                r.fierce[s][k] = first_square(&rest[..2]);
                rest = &rest[2..];
            }
            k += 1;
        }
    }
    // Trenches: per seat, the squares of the pawns it moved on its last
    // three turns, newest first ('-' for none).
    for s in 0..4 {
        let e = at("trenches", s);
        let mut rest = e.as_str();
        let mut k = 0;
        while !rest.is_empty() {
            if let Some(more) = rest.strip_prefix('-') {
                rest = more;
            } else {
                r.trench_moves[s][k] = first_square(&rest[..2]);
                rest = &rest[2..];
            }
            k += 1;
        }
    }
    // The militia dying at their commander's next turn end.
    r.militia_old = (0..4)
        .flat_map(|s| squares(&at("militia", s)))
        .fold(0, |b, (f, r_)| b | 1 << (f + 8 * r_));
    // The reserves: per seat, what is left ('-' for nothing; no entry
    // while it is full).
    for s in 0..4 {
        match at("reserve", s).as_str() {
            "" => {}
            "-" => r.left[s].clear(),
            e => r.left[s] = e.chars().collect(),
        }
    }
    r.wall_down = [0, 1, 2, 3].map(|s| at("wall", s) == "down");
    r.continuing = at("continuing", r.turn) == "yes";
    // An assassination: a roll due on a target (and a misfire's chosen
    // piece), or rolled this turn.
    r.dice = [0, 1, 2, 3].map(|s| match at("assassinate", s).as_str() {
        "" => super::dice::Dice::Idle,
        "rolled" => super::dice::Dice::Rolled,
        e => {
            let sq = squares(e);
            super::dice::Dice::Due(sq[0], sq.get(1).copied())
        }
    });
    // Stealth: per seat, the turns in a row its knight is hidden, '+'
    // for the seat to move that hid at this turn's start.
    for s in 0..4 {
        let e = at("stealth", s);
        let digits = e.trim_end_matches('+');
        r.hidden[s] = digits.parse().unwrap_or(0);
        r.hid_now |= e.ends_with('+');
    }
    // Insanity: an ordinary turn, the second roll due, the pieces to
    // name, or the picked pieces still to move (a kind letter once
    // rolled).
    r.insanity = [0, 1, 2, 3].map(|s| {
        use super::insanity::Insanity;
        match at("insanity", s).as_str() {
            "" => Insanity::Fresh,
            "normal" => Insanity::Normal,
            "second" => Insanity::Second,
            e if e.starts_with("pick") => Insanity::Pick(e[4..].parse().expect("a count")),
            e => Insanity::Insane(
                e.split('/')
                    .map(|part| (squares(&part[..2])[0], part[2..].chars().next()))
                    .collect(),
            ),
        }
    });
    // The cargo: per seat with the power, nothing (not packed), '-', or
    // each loaded knight's square and letters.
    for s in 0..4 {
        r.read_cargo(s, &at("cargo", s));
        // The seats that consent to its knights carrying their pieces.
        r.consent[s] = at("consent", s)
            .chars()
            .map(|l| 1 << "rbyg".find(l).expect("a colour letter"))
            .fold(0, |a, b| a | b);
    }
    // Lightning: the draws due.
    r.lightning = v.rules.lightning;
    r.read_draws(&entries(&text, "draws"));
    // Secrecy: per seat with the power, its deal, turns and window; the
    // checks each seat announced.
    for s in 0..4 {
        r.read_secrecy(s, &at("secrecy", s), &at("declared", s));
    }
    // The neutral counts: per seat with the power, a digit for each other
    // seat in turn order.
    for s in 0..4 {
        let others = (0..4).filter(|&o| o != s);
        for (o, d) in others.zip(at("neutral", s).bytes()) {
            r.neutral[s][o] = d - b'0';
        }
    }
    Some(r)
}
