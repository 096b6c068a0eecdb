//! How every kind the reference knows moves, written by hand from the
//! facts file's words (section 2A) as steps and counts, not from the
//! nation files' Betza text.

/// How an atom reaches its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    /// Straight there, whatever stands between.
    Leap,
    /// There if every square passed (the step taken fewer times) is empty.
    Lame,
    /// There only over an occupied square (the Hurons' ambush: two steps,
    /// the first onto a piece).
    Jump,
    /// Step after step while the squares are empty, at most this many
    /// steps (0: no limit); the first occupied square may be captured.
    Slide(i32),
}

/// What an atom may do on its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Does {
    Both,
    Move,
    Capture,
}

/// One way of moving: the step `(side, forward)`, in the army's frame,
/// taken `times` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom {
    pub step: (i32, i32),
    pub times: i32,
    pub go: Go,
    pub does: Does,
    /// Only from the army's second row.
    pub initial: bool,
}

/// A kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefKind {
    pub letter: char,
    pub atoms: Vec<Atom>,
    pub pawn: bool,
    pub royal: bool,
    /// Proof against other nations' powers.
    pub immune: bool,
    /// The ordinary piece another nation promotes to in its stead.
    pub plain: Option<char>,
}

/// The step in all eight directions it has (four for a rook's or a
/// bishop's step).
fn all(step: (i32, i32), times: i32, go: Go, does: Does) -> Vec<Atom> {
    let (a, b) = step;
    let mut out: Vec<Atom> = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let atom = Atom {
                step: (x * sx, y * sy),
                times,
                go,
                does,
                initial: false,
            };
            if !out.contains(&atom) {
                out.push(atom);
            }
        }
    }
    out
}

/// The step forward, mirrored to both sides.
fn forward(step: (i32, i32), times: i32, go: Go, does: Does, initial: bool) -> Vec<Atom> {
    let mut out = vec![Atom {
        step,
        times,
        go,
        does,
        initial,
    }];
    if step.0 != 0 {
        out.push(Atom {
            step: (-step.0, step.1),
            ..out[0]
        });
    }
    out
}

fn king() -> Vec<Atom> {
    [
        all((1, 0), 1, Go::Leap, Does::Both),
        all((1, 1), 1, Go::Leap, Does::Both),
    ]
    .concat()
}

fn rook(max: i32) -> Vec<Atom> {
    all((1, 0), 1, Go::Slide(max), Does::Both)
}

fn bishop(max: i32) -> Vec<Atom> {
    all((1, 1), 1, Go::Slide(max), Does::Both)
}

fn knight() -> Vec<Atom> {
    all((1, 2), 1, Go::Leap, Does::Both)
}

/// Two squares straight (`D`) or diagonally (`A`), or three diagonally (`G`).
fn leap(step: (i32, i32), times: i32) -> Vec<Atom> {
    all(step, times, Go::Leap, Does::Both)
}

/// The base game's pawn: one step forward, two from its second row over
/// an empty square, a capture one step diagonally forward.
fn pawn_moves() -> Vec<Atom> {
    [
        forward((0, 1), 1, Go::Leap, Does::Move, false),
        forward((0, 1), 2, Go::Lame, Does::Move, true),
        forward((1, 1), 1, Go::Leap, Does::Capture, false),
    ]
    .concat()
}

fn piece(letter: char, atoms: Vec<Atom>) -> RefKind {
    RefKind {
        letter,
        atoms,
        pawn: false,
        royal: false,
        immune: false,
        plain: None,
    }
}

fn pawn(letter: char, atoms: Vec<Atom>) -> RefKind {
    RefKind {
        pawn: true,
        ..piece(letter, atoms)
    }
}

fn royal(letter: char, atoms: Vec<Atom>) -> RefKind {
    RefKind {
        royal: true,
        ..piece(letter, atoms)
    }
}

fn plain(kind: RefKind, plain: char) -> RefKind {
    RefKind {
        plain: Some(plain),
        ..kind
    }
}

/// A king's steps, as ordinary leaps (Ancient Greece's 2 x 4).
pub fn king_steps() -> Vec<Atom> {
    king()
}

/// A leap of two squares diagonally (Ancient Greece's 3 x 5).
pub fn two_diagonally() -> Vec<Atom> {
    leap((1, 1), 2)
}

/// Mycenae's knight: a knight's leap that never captures (`mN`), the
/// plain knight for others' promotions.
pub fn trojan_horse() -> RefKind {
    plain(piece('h', all((1, 2), 1, Go::Leap, Does::Move)), 'n')
}

/// The base game's kinds: king, rook, bishop, knight, pawn.
pub fn base() -> Vec<RefKind> {
    vec![
        royal('k', king()),
        piece('r', rook(0)),
        piece('b', bishop(0)),
        piece('n', knight()),
        pawn('p', pawn_moves()),
    ]
}

/// A pawn that moves as the base game's, under another letter.
pub fn plain_pawn(letter: char) -> RefKind {
    pawn(letter, pawn_moves())
}

/// Queen and knight (the amazon, Sparta's warrior).
pub fn amazon(letter: char) -> RefKind {
    piece(letter, [rook(0), bishop(0), knight()].concat())
}

/// The queen.
pub fn queen() -> RefKind {
    piece('q', [rook(0), bishop(0)].concat())
}

/// Sparta's warrior: an amazon proof against powers.
pub fn warrior() -> RefKind {
    RefKind {
        immune: true,
        ..amazon('g')
    }
}

/// Britain's minister: king and knight, royal.
pub fn minister() -> RefKind {
    royal('o', [king(), knight()].concat())
}

/// A king that also leaps `times` squares diagonally (Egypt's pharaoh 2,
/// Transylvania's vampire king 3).
pub fn diagonal_leaping_king(letter: char, times: i32) -> RefKind {
    royal(letter, [king(), leap((1, 1), times)].concat())
}

/// Armenia: kings "may also move like a bishop and leap two squares
/// diagonally, but may not capture with these moves".
pub fn armenian_king() -> RefKind {
    royal(
        'h',
        [
            king(),
            all((1, 1), 1, Go::Slide(0), Does::Move),
            all((1, 1), 2, Go::Leap, Does::Move),
        ]
        .concat(),
    )
}

/// The Hurons: every piece may also jump two squares in its own
/// directions over an occupied square.
pub fn hurons() -> Vec<RefKind> {
    let jump = |step| all(step, 2, Go::Jump, Does::Both);
    vec![
        royal('h', [king(), jump((1, 0)), jump((1, 1))].concat()),
        plain(piece('u', [rook(0), jump((1, 0))].concat()), 'r'),
        plain(piece('e', [bishop(0), jump((1, 1))].concat()), 'b'),
        pawn(
            'w',
            [
                pawn_moves(),
                // Two straight ahead onto an empty square, two diagonally
                // forward to capture, over an occupied square.
                forward((0, 1), 2, Go::Jump, Does::Move, false),
                forward((1, 1), 2, Go::Jump, Does::Capture, false),
            ]
            .concat(),
        ),
    ]
}

/// The Incas' delegate: a king's step or two squares orthogonally.
pub fn delegate() -> RefKind {
    piece('d', [king(), leap((1, 0), 2)].concat())
}

/// Medieval Britain's rook and bishop of at most three squares.
pub fn short_pieces() -> Vec<RefKind> {
    vec![
        plain(piece('l', rook(3)), 'r'),
        plain(piece('s', bishop(3)), 'b'),
    ]
}

/// Carthage: the elephant "moves up to 3 squares orthogonally".
pub fn elephant() -> RefKind {
    piece('e', rook(3))
}

/// Medieval Japan: the general (one step diagonally or straight
/// forward), the pawn that takes straight ahead, and the kinged pieces.
pub fn japan() -> Vec<RefKind> {
    vec![
        piece(
            'f',
            [
                all((1, 1), 1, Go::Leap, Does::Both),
                forward((0, 1), 1, Go::Leap, Does::Both, false),
            ]
            .concat(),
        ),
        pawn(
            'j',
            [
                forward((0, 1), 1, Go::Leap, Does::Both, false),
                forward((0, 1), 2, Go::Lame, Does::Move, true),
            ]
            .concat(),
        ),
        piece('m', king()),
        piece('x', [bishop(0), king()].concat()),
        piece('t', [rook(0), king()].concat()),
    ]
}

/// The American Colonies' militia: "moves like a king but captures only
/// diagonally".
pub fn militia() -> RefKind {
    piece(
        'm',
        [
            all((1, 0), 1, Go::Leap, Does::Move),
            all((1, 1), 1, Go::Leap, Does::Both),
        ]
        .concat(),
    )
}

/// The Mongols' pawn: a step orthogonally, a capture diagonally, either
/// in every direction.
pub fn mongol_pawn() -> RefKind {
    pawn(
        'i',
        [
            all((1, 0), 1, Go::Leap, Does::Move),
            all((1, 1), 1, Go::Leap, Does::Capture),
        ]
        .concat(),
    )
}

/// Macedonia's pawn: one or two forward (four from its second row), a
/// capture one or two diagonally forward, the square between empty.
pub fn macedonian_pawn() -> RefKind {
    pawn(
        'a',
        [
            forward((0, 1), 1, Go::Leap, Does::Move, false),
            forward((0, 1), 2, Go::Lame, Does::Move, false),
            forward((0, 1), 4, Go::Lame, Does::Move, true),
            forward((1, 1), 1, Go::Leap, Does::Capture, false),
            forward((1, 1), 2, Go::Lame, Does::Capture, false),
        ]
        .concat(),
    )
}

/// The Papal States' bishop (also two squares diagonally) and archbishop
/// (also one or two orthogonally).
pub fn papal() -> Vec<RefKind> {
    vec![
        plain(piece('c', [bishop(0), leap((1, 1), 2)].concat()), 'b'),
        piece(
            'z',
            [bishop(0), leap((1, 1), 2), leap((1, 0), 1), leap((1, 0), 2)].concat(),
        ),
    ]
}

/// The Soviet Union's cards (docs/nations.md: "the cards are kinds"):
/// the stand-in `u` every other seat sees (`mK`: it attacks nothing), the
/// pawn card `w` (a pawn's moves), the knight card `y`, the bishop card
/// `z` and the King card `x` (royal). A knight or bishop card is the plain
/// knight or bishop for another nation's promotions (Egypt's): "any piece
/// type that has been on the board" names what the pieces are.
pub fn soviet() -> Vec<RefKind> {
    vec![
        piece(
            'u',
            [
                all((1, 0), 1, Go::Leap, Does::Move),
                all((1, 1), 1, Go::Leap, Does::Move),
            ]
            .concat(),
        ),
        pawn('w', pawn_moves()),
        plain(piece('y', knight()), 'n'),
        plain(piece('z', bishop(0)), 'b'),
        royal('x', king()),
    ]
}
