//! PGN4 (chess.com's four-player records): real chess.com games replay
//! move for move, records round-trip through the writer, random games of
//! the three 4-Way variants round-trip too, and bad input gives errors
//! that name the round, the seat and the entry.

use crate::common;

use common::Rng;
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::pgn4::{
    Pgn4Error, Pgn4Game, Pgn4Move, Pgn4MoveError, Pgn4SyntaxError, read_all,
};
use tetrarch_rules::{DrawReason, Move, MoveKind, Outcome, Position, Seat, Variant, Wide};

type Pos = Position<Wide>;

fn variant(name: &str) -> Variant {
    Variant::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/pgn4/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn record(name: &str) -> Pgn4Game {
    data(name).parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The FEN4 a game's record writes for its final position (the writer
/// avoids a kernel panic of `Position::to_fen`, see the report).
fn final_fen4(game: &Game<Wide>) -> String {
    game.to_pgn4(&[])
        .tag("CurrentPosition")
        .expect("written")
        .to_string()
}

/// Write `game` as PGN4 text, read it back, and check that the same moves
/// lead to the same position.
fn round_trip(game: &Game<Wide>, v: &Variant) {
    let text = game.to_pgn4(&[("Red", "r"), ("Blue", "b")]).to_string();
    let read: Pgn4Game = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    let back = Game::<Wide>::from_pgn4(&read, v).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(back.moves() == game.moves(), "moves differ:\n{text}");
    assert!(
        back.position() == game.position(),
        "positions differ:\n{text}"
    );
    assert!(back.start() == game.start(), "starts differ:\n{text}");
    assert_eq!(final_fen4(&back), final_fen4(game));
    assert_eq!(
        read.tag("CurrentMove"),
        Some(game.moves().len().to_string().as_str())
    );
    // Writing again gives the same text.
    assert_eq!(
        back.to_pgn4(&[("Red", "r"), ("Blue", "b")]).to_string(),
        text
    );
}

#[test]
fn the_chesscom_records_replay_move_for_move_under_the_original_rules() {
    let v = variant("fourway-original");
    for (name, plies) in [("chesscom-teams-2019.pgn4", 80), ("queencheck.pgn4", 12)] {
        let pgn = record(name);
        assert_eq!(pgn.variant(), Some("fourway-original"), "{name}");
        assert_eq!(pgn.entries.len(), plies, "{name}");
        let game = Game::<Wide>::from_pgn4(&pgn, &v).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(game.moves().len(), plies, "{name}");
        assert_eq!(game.outcome(), None, "{name}");
        round_trip(&game, &v);
    }
}

#[test]
fn the_writer_gives_back_chesscoms_own_text() {
    // Captures name the captured piece, O-O-O is Green's castling with
    // the rook on n11, and the checks chess.com marks are marked.
    let v = variant("fourway-original");
    let pgn = record("chesscom-teams-2019.pgn4");
    let game = Game::<Wide>::from_pgn4(&pgn, &v).unwrap();
    let written = game.to_pgn4(&[]);
    let theirs: Vec<&str> = pgn.entries.iter().map(|e| e.text.as_str()).collect();
    let ours: Vec<&str> = written.entries.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(ours, theirs);
    let rounds: Vec<u32> = written.entries.iter().map(|e| e.round).collect();
    let given: Vec<u32> = pgn.entries.iter().map(|e| e.round).collect();
    assert_eq!(rounds, given);
}

#[test]
fn queencheck_reaches_the_position_of_its_current_position_tag() {
    let v = variant("fourway-original");
    let pgn = record("queencheck.pgn4");
    let game = Game::<Wide>::from_pgn4(&pgn, &v).unwrap();
    let tag = pgn.tag("CurrentPosition").expect("the record has one");
    // chess.com's old style counts the cut corners as empty squares.
    let theirs = Pos::from_fen(&v, tag).unwrap_or_else(|e| panic!("{tag}: {e}"));
    let ours = game.position();
    assert_eq!(ours.turn(), theirs.turn(), "side to move");
    assert_eq!(ours.castling_rooks(), theirs.castling_rooks(), "castling");
    assert_eq!(ours.alive_seats(), theirs.alive_seats(), "eliminated flags");
    for cell in v.geometry.playable_cells() {
        assert_eq!(
            ours.piece_at(cell),
            theirs.piece_at(cell),
            "{}",
            v.geometry.square(cell)
        );
    }
    // The same, field by field, as text: every field but the sixth.
    // chess.com's sixth field ("12" here, the number of moves) is not a
    // half-move clock (ours is 1: Yellow's f13-f11 was the last pawn
    // move, then Green's Ql6-l5), and chess.com's tag has no
    // en passant block: ours keeps Red's j3 and Yellow's f12 entries,
    // whose owners have not moved since.
    let ours_text = final_fen4(&game);
    let theirs_text = game_fen4_of(&theirs);
    let fields = |s: &str| -> Vec<String> {
        let head: Vec<String> = s.splitn(7, '-').map(str::to_string).collect();
        let board = s.rsplit('-').next().unwrap_or("").to_string();
        vec![
            head[0].clone(),
            head[1].clone(),
            head[2].clone(),
            head[3].clone(),
            head[4].clone(),
            board,
        ]
    };
    assert_eq!(fields(&ours_text), fields(&theirs_text));
    assert_eq!(fields(tag)[..5], fields(&ours_text)[..5]);
    assert_eq!(
        ours_text.split('-').nth(5),
        Some("1"),
        "our half-move clock"
    );
    assert_eq!(tag.split('-').nth(5), Some("12"), "chess.com's field");
    assert!(
        ours_text.contains("{'enPassant':('j3:j4','','f12:f11','')}"),
        "{ours_text}"
    );
    let sq = |s: &str| v.geometry.cell(s.parse().unwrap());
    assert_eq!(ours.ep_entries(), [sq("j3"), None, sq("f12"), None]);
    // Its last move checks Red's king: the writer marks it.
    let written = game.to_pgn4(&[]);
    assert_eq!(written.entries.last().unwrap().text, "Ql6-l5+");
    assert!(ours.in_check());
}

/// FEN4 of a position without en passant entries (which `to_fen` writes safely).
fn game_fen4_of(pos: &Pos) -> String {
    assert!(pos.ep_entries().iter().all(Option::is_none));
    pos.to_fen()
}

/// What happened in the random games, to check they covered the rules.
#[derive(Default, Debug)]
struct Seen {
    passes: usize,
    swaps: usize,
    promotions: usize,
    en_passant: usize,
    castles: usize,
    removals: usize,
    combined: usize,
    king_captures: usize,
    finished: usize,
    /// Entries the writer marked `#`.
    mate_marks: usize,
}

/// A random game of `v`: random legal moves, biased to captures (but for
/// king captures, which would end regicide games before any pawn gets far)
/// and to pawn moves, until the game ends or `max` moves.
fn random_game(v: &Variant, rng: &mut Rng, max: usize, seen: &mut Seen) -> Game<Wide> {
    let mut game = Game::<Wide>::from_variant(v).unwrap();
    let pawn = v.kind_by_letter('p').unwrap();
    while game.moves().len() < max && game.outcome().is_none() {
        let pos = game.position().clone();
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.kind() == MoveKind::EnPassant
                    || (matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
                        && pos.piece_at(m.to()).is_some_and(|p| !v.piece(p.kind).royal))
            })
            .collect();
        let pawn_moves: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.kind() != MoveKind::Pass && pos.piece_at(m.from()).is_some_and(|p| p.kind == pawn)
            })
            .collect();
        let pool = match rng.below(10) {
            0..=5 if !captures.is_empty() => &captures,
            6..=7 if !pawn_moves.is_empty() => &pawn_moves,
            _ => &legal,
        };
        let m = pool[rng.below(pool.len())];
        match m.kind() {
            MoveKind::Pass => seen.passes += 1,
            MoveKind::Swap => seen.swaps += 1,
            MoveKind::Promotion(_) => seen.promotions += 1,
            MoveKind::EnPassant => seen.en_passant += 1,
            MoveKind::Castle => seen.castles += 1,
            _ => {}
        }
        if pos.moving_seats().count_ones() > 1 {
            seen.combined += 1;
        }
        let king_taken = pos
            .piece_at(m.to())
            .is_some_and(|p| v.piece(p.kind).royal && m.kind() != MoveKind::Swap);
        seen.king_captures += usize::from(king_taken);
        game.play(m).unwrap();
        let after = game.position();
        let lost = (pos.alive_seats() & !after.alive_seats()).count_ones() as usize;
        seen.removals += lost - usize::from(king_taken).min(lost);
    }
    seen.finished += usize::from(game.outcome().is_some());
    let written = game.to_pgn4(&[]);
    seen.mate_marks += written
        .entries
        .iter()
        .filter(|e| e.text.ends_with('#'))
        .count();
    game
}

#[test]
fn random_games_of_the_three_variants_round_trip() {
    let mut rng = Rng::new(0x5047_4e34);
    for name in ["fourway-teams", "fourway-original", "fourway-ffa"] {
        let v = variant(name);
        let mut seen = Seen::default();
        for _ in 0..40 {
            let game = random_game(&v, &mut rng, 700, &mut seen);
            round_trip(&game, &v);
        }
        eprintln!("{name}: {seen:?}");
        assert!(seen.promotions > 0, "{name}: {seen:?}");
        assert!(seen.en_passant > 0, "{name}: {seen:?}");
        assert!(seen.castles > 0, "{name}: {seen:?}");
        assert!(seen.finished > 0, "{name}: {seen:?}");
        match name {
            "fourway-original" => {
                assert!(seen.removals > 0, "{name}: {seen:?}");
                // Every removal by mate is marked on the move that led to it.
                assert_eq!(seen.mate_marks, seen.removals, "{name}: {seen:?}");
                assert!(seen.combined > 0, "{name}: {seen:?}");
                assert!(seen.swaps > 0, "{name}: {seen:?}");
            }
            "fourway-teams" => {
                assert!(seen.passes > 0, "{name}: {seen:?}");
                assert!(seen.swaps > 0, "{name}: {seen:?}");
            }
            _ => assert!(seen.passes > 0, "{name}: {seen:?}"),
        }
        if name != "fourway-original" {
            assert_eq!(seen.mate_marks, 0, "regicide has no marks");
        }
    }
}

#[test]
fn games_from_a_set_up_position_write_and_read_their_start() {
    let v = variant("fourway-teams");
    let mut rng = Rng::new(7);
    let mut seen = Seen::default();
    let opening = random_game(&v, &mut rng, 23, &mut seen);
    let fen4 = final_fen4(&opening);
    let start = Pos::from_fen(&v, &fen4).unwrap();
    let mut game = Game::new(start.clone());
    for _ in 0..30 {
        let legal = game.position().legal_moves();
        game.play(legal[rng.below(legal.len())]).unwrap();
    }
    let pgn = game.to_pgn4(&[]);
    assert_eq!(pgn.tag("StartFen4"), Some(fen4.as_str()));
    // Green moves first here: its round starts with Green's entry.
    assert_eq!(start.turn(), Seat(3));
    assert!(pgn.to_string().contains("\n1. "), "{pgn}");
    round_trip(&game, &v);
}

/// chess.com's `[StartFen4 "4PC"]`: the game starts from its current
/// start, where Blue's king on a7 castles short with the rook on a4 and
/// Red's f-pawn, once moved, pins Blue's b6 pawn under check rules. A game
/// from that start writes the name back.
#[test]
fn the_current_start_is_read_and_written_by_name() {
    let v = variant("fourway-original");
    let text = "[Variant \"Teams\"]\n[StartFen4 \"4PC\"]\n\n\
1. e2-e3 .. Na5-c6 .. e13-e12 .. m5-l5\n\
2. d2-d3 .. b5-c5 .. d13-d12 .. m6-l6\n\
3. h2-h3 .. Ba6-b5 .. h13-h12 .. m7-l7\n\
4. g2-g3 .. O-O *\n";
    let rec: Pgn4Game = text.parse().unwrap();
    let game = Game::<Wide>::from_pgn4(&rec, &v).unwrap();
    let end = game.position();
    let fen4 = end.to_fen();
    let board = fen4.rsplit('-').next().unwrap();
    // Rank 6 holds the rook that castled, rank 5 the king.
    let rows: Vec<&str> = board.split('/').collect();
    assert!(rows[14 - 6].starts_with("bR,"), "{fen4}");
    assert!(rows[14 - 5].starts_with("bK,"), "{fen4}");
    let pgn = game.to_pgn4(&[]);
    assert_eq!(pgn.tag("StartFen4"), Some("4PC"));
    assert!(pgn.to_string().contains("4. g2-g3 .. O-O"), "{pgn}");
    round_trip(&game, &v);

    let pinned = "[StartFen4 \"4PC\"]\n\n1. f2-f3 .. b6-c6 *\n";
    let rec: Pgn4Game = pinned.parse().unwrap();
    assert!(Game::<Wide>::from_pgn4(&rec, &v).is_err());
    assert!(Game::<Wide>::from_pgn4(&rec, &variant("fourway-teams")).is_ok());
}

/// The error of replaying `text` under `variant`.
fn replay_error(variant_name: &str, text: &str) -> Pgn4Error {
    let v = variant(variant_name);
    match text.parse::<Pgn4Game>() {
        Err(e) => e,
        Ok(pgn) => Game::<Wide>::from_pgn4(&pgn, &v)
            .err()
            .unwrap_or_else(|| panic!("{text} was accepted")),
    }
}

/// The reason of a move error, checking its round and seat.
fn move_error(text: &str, round: u32, seat: &str) -> Pgn4MoveError {
    match replay_error("fourway-original", text) {
        Pgn4Error::Move {
            round: r,
            seat: s,
            reason,
            ..
        } => {
            assert_eq!((r, s.as_str()), (round, seat), "{text}");
            reason
        }
        e => panic!("{text}: {e}"),
    }
}

#[test]
fn bad_moves_are_named_by_round_seat_and_text() {
    let e = replay_error(
        "fourway-original",
        "1. h2-h3 .. b7-c7 .. h13-h12 .. m8-k8\n2. h3-h4 .. Qh5-h9",
    );
    assert_eq!(
        e.to_string(),
        "round 2, Blue: 'Qh5-h9': no blue queen on h5"
    );
    let e = replay_error("fourway-original", "1. h2-h3 .. h13-h12");
    assert_eq!(
        e.to_string(),
        "round 1, Blue: 'h13-h12': move for the wrong seat: it is Blue's turn, and a yellow pawn stands on h13"
    );
    let e = replay_error("fourway-original", "1. h2-h5");
    let start = variant("fourway-original").start_fen;
    assert_eq!(
        e.to_string(),
        format!("round 1, Red: 'h2-h5': not a legal move in {start}")
    );
    // A piece letter that does not fit what stands there.
    let e = move_error("1. Nh2-h3", 1, "Red");
    assert_eq!(
        e.to_string(),
        "no red knight on h2 (a red pawn stands there)"
    );
    let e = move_error("1. g1-g2", 1, "Red");
    assert_eq!(
        e.to_string(),
        "no red pawn on g1 (a red queen stands there)"
    );
    let e = move_error("1. h3-h4", 1, "Red");
    assert_eq!(e.to_string(), "no red pawn on h3");
}

#[test]
fn malformed_entries_and_squares_off_the_board_are_refused() {
    let origin =
        "malformed move: the origin must be followed by '-' or 'x' (like h2-h3 or Qa6xQh13)";
    for (text, seat, why) in [
        ("1. h2h3", "Red", origin),
        ("1. e4", "Red", origin),
        ("1. Qz5-h9", "Red", "malformed move: 'z5' is not a square"),
        (
            "1. h2-h3=",
            "Red",
            "malformed move: '=' after h3; only a promotion such as =Q, or a chosen square such as @d1, may follow",
        ),
        ("1. h2-h17", "Red", "malformed move: 'h17' is not a square"),
        ("1. h2-", "Red", "malformed move: '' is not a square"),
        ("1. h2-h15", "Red", "h15 is off the board"),
        ("1. h2-o2", "Red", "o2 is off the board"),
        ("1. a1-a2", "Red", "a1 is a cut corner of the board"),
        ("1. h2-c2", "Red", "c2 is a cut corner of the board"),
        (
            "1. h2-h3 .. Zb7-c7",
            "Blue",
            "'Z' is not a piece of fourway-original",
        ),
    ] {
        assert_eq!(move_error(text, 1, seat).to_string(), why, "{text}");
    }
    // Illegal moves name the position in FEN4.
    let start = variant("fourway-original").start_fen;
    let e = move_error("1. --", 1, "Red").to_string();
    assert_eq!(e, format!("not a legal move in {start}"));
    let e = move_error("1. h2-h3 .. O-O", 1, "Blue").to_string();
    assert!(
        e.starts_with("not a legal move in B-0,0,0,0-1,1,1,1-"),
        "{e}"
    );
}

#[test]
fn a_captured_piece_must_be_what_stands_there() {
    let text = data("chesscom-teams-2019.pgn4");
    // Round 5, Yellow: Bi14xBa6 takes Blue's bishop; name a knight instead.
    let e = replay_error("fourway-original", &text.replace("Bi14xBa6", "Bi14xNa6"));
    assert_eq!(
        e.to_string(),
        "round 5, Yellow: 'Bi14xNa6': the move names a captured knight on a6, but a blue bishop stands there"
    );
    // A capture of nothing.
    let e = replay_error("fourway-original", "1. Nj1xi3");
    assert_eq!(
        e.to_string(),
        "round 1, Red: 'Nj1xi3': the move names a captured pawn on i3, but nothing stands there"
    );
    // A capture written without 'x' is read (chess.com always writes it).
    let lenient = text.replace("Bi14xBa6", "Bi14-a6");
    let pgn: Pgn4Game = lenient.parse().unwrap();
    assert!(Game::<Wide>::from_pgn4(&pgn, &variant("fourway-original")).is_ok());
}

#[test]
fn unbalanced_comments_and_variations_are_syntax_errors() {
    let cases: [(&str, Pgn4SyntaxError, usize); 6] = [
        (
            "1. h2-h3 {never closed\n.. b7-c7",
            Pgn4SyntaxError::UnclosedComment { opened: 1 },
            1,
        ),
        ("1. h2-h3\n} .. b7-c7", Pgn4SyntaxError::UnmatchedBrace, 2),
        (
            "1. h2-h3 (1. h2-h4 {a {nested} comment}\n.. b7-c7",
            Pgn4SyntaxError::UnclosedVariation { opened: 1 },
            1,
        ),
        (
            "1. h2-h3 ) .. b7-c7",
            Pgn4SyntaxError::UnmatchedParenthesis,
            1,
        ),
        (
            "[Variant \"Teams]\n1. h2-h3",
            Pgn4SyntaxError::BadTag("the value's closing quote is missing"),
            1,
        ),
        (
            "1. h2-h3 ] .. b7-c7",
            Pgn4SyntaxError::UnexpectedChar(']'),
            1,
        ),
    ];
    for (text, kind, line) in cases {
        match read_all(text) {
            Err(Pgn4Error::Syntax {
                game: 1,
                line: l,
                kind: k,
            }) => {
                assert_eq!((k, l), (kind, line), "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // Nested comments and variations, NAGs and line comments are skipped.
    let g: Pgn4Game = "1. h2-h3 {a {b} c} .. b7-c7 (1. .. b7-d7 (1. .. b8-c8) {x}) $3 .. h13-h12 ; rest\n.. m8-k8 *"
        .parse()
        .unwrap();
    let texts: Vec<&str> = g.entries.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts, ["h2-h3", "b7-c7", "h13-h12", "m8-k8"]);
    assert_eq!(g.result.as_deref(), Some("*"));
}

#[test]
fn marks_and_chesscom_spellings_are_read() {
    let v = variant("fourway-original");
    let g: Pgn4Game = "1.h2-h3+ .. b7-c7++ ..h13-h12+# .. m8-k8#\n2. Qg1-k5!?"
        .parse()
        .unwrap();
    assert_eq!(g.entries.len(), 5);
    assert_eq!(Game::<Wide>::from_pgn4(&g, &v).unwrap().moves().len(), 5);
    // Castling written as the king's two-square move is read too.
    let fen4 = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,2,rR,x,x,x";
    let pos = Pos::from_fen(&v, fen4).unwrap();
    let castle = "O-O".parse::<Pgn4Move>().unwrap().to_move(&pos).unwrap();
    assert_eq!(castle.kind(), MoveKind::Castle);
    assert_eq!(
        "Kh1-j1".parse::<Pgn4Move>().unwrap().to_move(&pos),
        Ok(castle)
    );
    assert!("O-O-O".parse::<Pgn4Move>().unwrap().to_move(&pos).is_err());
}

/// A fourway-teams position with a red pawn on e13, kings only but for
/// Red's `red_back` back rank.
fn promotion_position(red_back: &str) -> String {
    format!(
        "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,1,rP,6,x,x,x/x,x,x,8,x,x,x/14/14/14/bK,13/13,gK/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,{red_back},x,x,x"
    )
}

#[test]
fn promotions_to_lost_pieces_read_and_write() {
    let v = variant("fourway-teams");
    // Red has lost everything: the pawn must promote; =D is a queen.
    let start = promotion_position("4,rK,3");
    let tagged = |moves: &str| format!("[StartFen4 \"{start}\"]\n\n1. {moves}");
    let e = replay_error("fourway-teams", &tagged("e13-e14"));
    assert_eq!(
        e.to_string(),
        "round 1, Red: 'e13-e14': a pawn reaching e14 must promote: the choices are =N, =B, =R, =Q"
    );
    let pgn: Pgn4Game = tagged("e13-e14=D").parse().unwrap();
    let game = Game::<Wide>::from_pgn4(&pgn, &v).unwrap();
    let queen = v.kind_by_letter('q').unwrap();
    assert_eq!(game.moves()[0].kind(), MoveKind::Promotion(queen));
    let written = game.to_pgn4(&[]);
    assert_eq!(written.entries[0].text, "e13-e14=Q");
    assert_eq!(written.tag("StartFen4"), Some(start.as_str()));
    round_trip(&game, &v);
    // Nothing lost: the pawn stays a pawn, and =Q is refused.
    let full = promotion_position("rR,rN,rB,rQ,rK,rB,rN,rR");
    let e = replay_error(
        "fourway-teams",
        &format!("[StartFen4 \"{full}\"]\n1. e13-e14=Q"),
    );
    assert_eq!(
        e.to_string(),
        "round 1, Red: 'e13-e14=Q': cannot promote to a queen on e14: it stays a pawn (nothing it could promote to is lost yet)"
    );
    // Blue without its king (a knight instead): a frozen army with nothing
    // to capture passes.
    let frozen = full
        .replace("bK,13", "bN,13")
        .replacen("0,0,0,0", "0,1,0,0", 1);
    let pgn: Pgn4Game = format!("[StartFen4 \"{frozen}\"]\n1. e13-e14 .. --")
        .parse()
        .unwrap();
    let game = Game::<Wide>::from_pgn4(&pgn, &v).unwrap();
    assert_eq!(game.moves()[0].kind(), MoveKind::Normal);
    assert_eq!(game.moves()[1].kind(), MoveKind::Pass);
    assert_eq!(game.to_pgn4(&[]).entries[1].text, "--");
    round_trip(&game, &v);
    // A bad StartFen4 is named.
    let e = replay_error("fourway-teams", "[StartFen4 \"R-0,0,0,0\"]\n1. h2-h3");
    assert!(e.to_string().starts_with("StartFen4: invalid FEN"), "{e}");
}

#[test]
fn resignations_end_the_record() {
    let v = variant("fourway-original");
    let pgn: Pgn4Game = "1. h2-h3 .. b7-c7 .. R .. T 1-0".parse().unwrap();
    let game = Game::<Wide>::from_pgn4(&pgn, &v).unwrap();
    assert_eq!(game.moves().len(), 2);
    let retired = pgn.retirements(game.position());
    assert_eq!(retired.len(), 2);
    assert_eq!((retired[0].0, retired[1].0), (Seat(2), Seat(3)));
    let e = replay_error("fourway-original", "1. h2-h3 .. R .. h13-h12");
    assert_eq!(
        e.to_string(),
        "round 1, Yellow: 'h13-h12': the record goes on after Blue resigned; a player cannot leave the game here but by mate or the loss of their king"
    );
}

#[test]
fn repetition_draws_with_four_seats() {
    for name in ["fourway-teams", "fourway-original", "fourway-ffa"] {
        let v = variant(name);
        let out = "1. Nj1-i3 .. Na10-c11 .. Nj14-i12 .. Nn10-l11\n";
        let back = "2. Ni3-j1 .. Nc11-a10 .. Ni12-j14 .. Nl11-n10\n";
        let twice: Pgn4Game = format!("{out}{back}").parse().unwrap();
        let game = Game::<Wide>::from_pgn4(&twice, &v).unwrap();
        assert_eq!(game.repetitions(), 2, "{name}");
        assert_eq!(game.outcome(), None, "{name}");
        let thrice: Pgn4Game = format!("{out}{back}{out}{back}").parse().unwrap();
        let game = Game::<Wide>::from_pgn4(&thrice, &v).unwrap();
        assert_eq!(game.repetitions(), 3, "{name}");
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw(DrawReason::Repetition)),
            "{name}"
        );
        let draw = if name == "fourway-ffa" {
            "1/2-1/2-1/2-1/2"
        } else {
            "1/2-1/2"
        };
        assert_eq!(game.to_pgn4(&[]).result(), Some(draw), "{name}");
        // All knights out with Red to move: the second time.
        let out_again: Pgn4Game = format!("{out}{back}{out}").parse().unwrap();
        let game = Game::<Wide>::from_pgn4(&out_again, &v).unwrap();
        assert_eq!(game.repetitions(), 2, "{name}");
    }
}

#[test]
fn free_for_all_results_give_one_score_per_seat() {
    let v = variant("fourway-ffa");
    let mut rng = Rng::new(99);
    let mut seen = Seen::default();
    for _ in 0..20 {
        let game = random_game(&v, &mut rng, 2000, &mut seen);
        let Some(Outcome::Win { winner, .. }) = game.outcome() else {
            continue;
        };
        let result = game.to_pgn4(&[]).result().unwrap().to_string();
        let scores: Vec<&str> = result.split('-').collect();
        assert_eq!(scores.len(), 4, "{result}");
        assert_eq!(scores[winner.idx()], "1", "{result}");
        return;
    }
    panic!("no free-for-all game was won: {seen:?}");
}

#[test]
fn no_input_makes_the_reader_panic() {
    let v = variant("fourway-original");
    let text = data("chesscom-teams-2019.pgn4");
    let pieces = [
        "{",
        "}",
        "(",
        ")",
        "[",
        "]",
        "\"",
        "..",
        "x",
        "=",
        "=D",
        "O-O",
        "-",
        "R",
        "T",
        "é",
        "1.",
        "\n",
        "99999999999.",
        "a0",
        "a16",
        "p16",
        "+",
        "#",
        "--",
        "Kx",
        "xK",
        "$",
        ";",
        "%",
    ];
    let mut rng = Rng::new(1);
    let chars: Vec<char> = text.chars().collect();
    for _ in 0..3000 {
        let mut t = chars.clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(t.len() + 1);
            match rng.below(3) {
                0 if at < t.len() => {
                    t.remove(at);
                }
                1 => {
                    for c in pieces[rng.below(pieces.len())].chars().rev() {
                        t.insert(at, c);
                    }
                }
                _ => {
                    let len = rng.below(8).min(t.len() - at.min(t.len()));
                    t.drain(at.min(t.len())..at.min(t.len()) + len);
                }
            }
        }
        let text: String = t.into_iter().collect();
        if let Ok(games) = read_all(&text) {
            for g in games {
                if let Ok(game) = Game::<Wide>::from_pgn4(&g, &v) {
                    let _ = game.to_pgn4(&[]).to_string();
                }
            }
        }
    }
}
