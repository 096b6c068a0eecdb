//! SAN and PGN: famous games replayed move by move, SAN written and read
//! back for every legal move of many positions (checked against shakmaty),
//! disambiguation, castling, promotion, errors, and game endings through
//! `Game`.

use shakmaty::Position as _;
use tetrarch_rules::game::{Game, GameError};
use tetrarch_rules::notation::pgn::{PgnErrorKind, PgnGame, PgnReader, read_all};
use tetrarch_rules::notation::san::{San, SanError, SanPlus};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{DrawReason, Move, Outcome, Position, Seat, Variant, WinReason};

type Pos = Position<u64>;

/// Whether a PGN error is the expected kind.
type KindTest = fn(&PgnErrorKind) -> bool;

fn chess() -> Variant {
    Variant::builtin("chess").unwrap()
}

fn pos(fen: &str) -> Pos {
    Pos::from_fen(&chess(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn san_of(p: &Pos, uci: &str) -> String {
    let m = uci.parse::<UciMove>().unwrap().to_move(p).unwrap();
    SanPlus::from_move(p, m).to_string()
}

fn read(p: &Pos, san: &str) -> Result<Move, SanError> {
    san.parse::<San>()?.to_move(p)
}

/// The shakmaty position for one of ours.
fn reference(p: &Pos) -> shakmaty::Chess {
    let fen = p.to_fen();
    shakmaty::fen::Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("shakmaty refuses {fen}: {e}"))
}

/// Our move `m` as shakmaty's move in `r`, the same position.
fn reference_move(p: &Pos, r: &shakmaty::Chess, m: Move) -> shakmaty::Move {
    let uci = UciMove::from_move(p, m).to_string();
    shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
        .unwrap()
        .to_move(r)
        .unwrap_or_else(|_| panic!("shakmaty refuses {uci} in {}", p.to_fen()))
}

/// Every legal move of `p` (`r` in shakmaty) written, compared with
/// shakmaty's SAN, and read back.
fn check_round_trip(p: &Pos, r: &shakmaty::Chess) -> usize {
    let moves = p.legal_moves();
    assert_eq!(moves.len(), r.legal_moves().len(), "{}", p.to_fen());
    for &m in moves.iter() {
        let written = SanPlus::from_move(p, m).to_string();
        let expected = shakmaty::san::SanPlus::from_move(r.clone(), reference_move(p, r, m));
        assert_eq!(written, expected.to_string(), "in {}", p.to_fen());
        let back = read(p, &written).unwrap_or_else(|e| panic!("{written} in {}: {e}", p.to_fen()));
        assert_eq!(back, m, "{written} in {}", p.to_fen());
    }
    moves.len()
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn epd_positions() -> Vec<Pos> {
    data("chess.epd")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| pos(l.split(';').next().unwrap().trim()))
        .collect()
}

#[test]
fn san_round_trips_over_every_legal_move_of_many_positions() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut starts = epd_positions();
    starts.push(Pos::start(&chess()));
    let mut positions = 0;
    let mut moves = 0;
    for start in &starts {
        for _ in 0..6 {
            // shakmaty follows along by moves: it checks our FEN only once.
            let (mut p, mut r) = (start.clone(), reference(start));
            for _ in 0..120 {
                moves += check_round_trip(&p, &r);
                positions += 1;
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                r.play_unchecked(reference_move(&p, &r, m));
                p.play_unchecked(m);
            }
        }
    }
    assert!(positions > 1000 && moves > 20_000, "{positions} {moves}");
}

#[test]
fn famous_games_replay_and_are_written_back_as_recorded() {
    let chess = chess();
    let mut total = 0;
    for (file, count) in [("famous.pgn", 8), ("special.pgn", 5)] {
        let text = data(file);
        let games = read_all(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(games.len(), count, "{file}");
        for (i, pgn) in games.iter().enumerate() {
            let who = format!("{file} game {} ({})", i + 1, pgn.players());
            let game = Game::<u64>::from_pgn(pgn, &chess).unwrap_or_else(|e| panic!("{who}: {e}"));
            game.verify_result(pgn.tag("Result"))
                .unwrap_or_else(|e| panic!("{who}: {e}"));
            assert_eq!(pgn.result.as_deref(), pgn.tag("Result"), "{who}");
            // Our writer gives the same SAN, suffixes included, as the transcription.
            let recorded: Vec<String> = pgn
                .moves
                .iter()
                .map(|m| m.parse::<SanPlus>().unwrap().to_string())
                .collect();
            assert_eq!(game.sans(), recorded, "{who}");
            // shakmaty reads the same moves.
            let mut r = reference(game.start());
            for (m, p) in game.moves().iter().zip(game.positions()) {
                let uci = UciMove::from_move(p, *m).to_string();
                let san = shakmaty::san::San::from_ascii(
                    SanPlus::from_move(p, *m).san.to_string().as_bytes(),
                )
                .unwrap();
                let sm = san.to_move(&r).unwrap();
                assert_eq!(
                    shakmaty::uci::UciMove::from_standard(sm).to_string(),
                    uci,
                    "{who}"
                );
                r.play_unchecked(sm);
            }
            total += game.moves().len();
        }
    }
    assert!(total > 300, "{total}");
}

#[test]
fn famous_endings_are_what_history_says() {
    let chess = chess();
    let games = read_all(&data("famous.pgn")).unwrap();
    let end = |i: usize| Game::<u64>::from_pgn(&games[i], &chess).unwrap().outcome();
    let white_mates = Some(Outcome::Win {
        winner: Seat(0),
        reason: WinReason::Checkmate,
    });
    assert_eq!(end(0), white_mates, "Immortal: 23. Be7#");
    assert_eq!(end(2), white_mates, "Opera: 17. Rd8#");
    assert_eq!(
        end(3),
        Some(Outcome::Win {
            winner: Seat(1),
            reason: WinReason::Checkmate
        }),
        "Game of the Century: 41... Rc2#"
    );
    assert_eq!(end(4), None, "Topalov resigned");
    let special = read_all(&data("special.pgn")).unwrap();
    let saavedra = Game::<u64>::from_pgn(&special[1], &chess).unwrap();
    assert_eq!(saavedra.sans()[10], "c8=R");
    let stalemate = Game::<u64>::from_pgn(&special[4], &chess).unwrap();
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    let ep = Game::<u64>::from_pgn(&special[0], &chess).unwrap();
    assert_eq!(
        ep.moves()[4].kind(),
        tetrarch_rules::MoveKind::EnPassant,
        "3. exf6 e.p."
    );
}

#[test]
fn a_wrong_result_or_move_is_reported_with_game_move_and_reason() {
    let chess = chess();
    let text = data("famous.pgn").replace("Rd8# {Mate.} 1-0", "Rd8# {Mate.} 0-1");
    let opera = read_all(&text).unwrap().remove(2);
    let game = Game::<u64>::from_pgn(&opera, &chess).unwrap();
    let err = game.verify_result(opera.result.as_deref()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 17. Rd8#: the game ends in checkmate by white, so the result must be 1-0, not 0-1"
    );
    let text = data("famous.pgn").replace("11. Bxb5+ Nbd7", "11. Bxb5+ Nd7");
    let opera = read_all(&text).unwrap().remove(2);
    let err = Game::<u64>::from_pgn(&opera, &chess).unwrap_err();
    assert!(
        matches!(
            &err,
            GameError::San {
                ply: 21,
                source: SanError::Ambiguous { .. },
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "move 11... Nd7 is ambiguous: it could be Nbd7, Nfd7"
    );
}

#[test]
fn disambiguation_is_minimal() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san_of(&p, "b1d2"), "Nbd2");
    assert_eq!(san_of(&p, "f3d2"), "Nfd2");
    assert_eq!(san_of(&p, "b1c3"), "Nc3");
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&p, "a1a3"), "R1a3");
    assert_eq!(san_of(&p, "a5a3"), "R5a3");
    assert_eq!(san_of(&p, "a1d1"), "Rd1");
    let p = pos("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
    assert_eq!(san_of(&p, "h4e1"), "Qh4e1");
    assert_eq!(san_of(&p, "e4e1"), "Qee1");
    assert_eq!(san_of(&p, "h1e1"), "Q1e1");
    assert_eq!(read(&p, "Qh4e1"), read(&p, "Qh4-e1"));
    assert!(matches!(read(&p, "Qhe1"), Err(SanError::Ambiguous { .. })));
    assert!(matches!(read(&p, "Q4e1"), Err(SanError::Ambiguous { .. })));
    // Needless disambiguation is read.
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(read(&p, "R1d1"), read(&p, "Rd1"));
    assert_eq!(read(&p, "Ra1d1"), read(&p, "Rd1"));
    // Pawn captures name their file; two pawns on one file need the rank.
    let p = pos("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    assert_eq!(san_of(&p, "c4d5"), "cxd5");
    assert_eq!(san_of(&p, "e4d5"), "exd5");
    assert!(matches!(read(&p, "xd5"), Err(SanError::Syntax { .. })));
}

#[test]
fn castling_promotion_en_passant_and_marks() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(&p, "e1g1"), "O-O");
    assert_eq!(san_of(&p, "e1c1"), "O-O-O");
    for (text, uci) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O-O+", "e1c1"),
        ("0-0-0", "e1c1"),
    ] {
        let m = read(&p, text).unwrap();
        assert_eq!(UciMove::from_move(&p, m).to_string(), uci, "{text}");
    }
    let attacked = pos("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert_eq!(
        read(&attacked, "O-O").unwrap_err().to_string(),
        "O-O is not legal: the king would pass through or land on an attacked square"
    );
    assert!(read(&attacked, "O-O-O").is_ok());
    let checked = pos("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert_eq!(
        read(&checked, "O-O").unwrap_err().to_string(),
        "O-O is not legal: the king is in check"
    );
    let no_right = pos("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1");
    assert_eq!(
        read(&no_right, "O-O").unwrap_err().to_string(),
        "O-O is not legal: no castling right on that side"
    );

    let p = pos("3k4/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san_of(&p, "a7a8q"), "a8=Q+");
    assert_eq!(san_of(&p, "a7a8r"), "a8=R+");
    assert_eq!(san_of(&p, "a7a8b"), "a8=B");
    assert_eq!(san_of(&p, "a7a8n"), "a8=N");
    assert_eq!(read(&p, "a8Q"), read(&p, "a8=Q+"));
    assert_eq!(read(&p, "a8=N"), read(&p, "a8N"));
    assert_eq!(
        read(&p, "a8").unwrap_err().to_string(),
        "a8: a pawn reaching a8 must promote (like a8=Q)"
    );
    assert!(matches!(
        read(&p, "a8=K"),
        Err(SanError::BadPromotion { letter: 'K', .. })
    ));
    assert!(matches!(
        read(&p, "a8=X"),
        Err(SanError::BadPromotion { .. })
    ));
    assert!(matches!(
        read(&p, "Ke2=Q"),
        Err(SanError::BadPromotion { .. }) | Err(SanError::NoPiece { .. })
    ));

    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(san_of(&p, "e5f6"), "exf6");
    assert_eq!(read(&p, "exf6 e.p."), read(&p, "exf6"));
    assert_eq!(read(&p, "exf6ep"), read(&p, "exf6"));
    assert_eq!(read(&p, "ef6"), read(&p, "exf6"));
    assert_eq!(
        read(&p, "exd6 e.p.").unwrap_err().to_string(),
        "exd6: no pawn on e can move to d6",
        "only the pawn that just moved two squares can be taken en passant"
    );

    let mut p = Pos::start(&chess());
    let mut written = Vec::new();
    for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6??", "Qxf7#"] {
        let m = read(&p, san).unwrap();
        written.push(SanPlus::from_move(&p, m).to_string());
        p.play_unchecked(m);
    }
    assert_eq!(written, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&p, "a1a8"), "Ra8+");
    // Wrong or missing marks are accepted on reading.
    assert_eq!(read(&p, "Ra8#"), read(&p, "Ra8"));
    assert_eq!(read(&p, "Ra2+"), read(&p, "Ra2"));
}

#[test]
fn bad_san_is_refused_with_the_reason() {
    let start = Pos::start(&chess());
    for (san, message) in [
        ("Nd4", "Nd4: no knight can move to d4"),
        ("Nbd7", "Nbd7: no knight on b can move to d7"),
        ("e5", "e5: no pawn can move to e5"),
        ("Zf3", "Zf3: 'Z' is not a piece of chess"),
        (
            "Nz9",
            "'Nz9' is not SAN: the target is not a square (a1 to p16)",
        ),
        ("Ni9", "Ni9: i9 is not a square of the chess board"),
        ("hello", "'hello' is not SAN: no target square"),
        ("", "'' is not SAN: empty"),
        (
            "O-O",
            "O-O is not legal: pieces stand between king and rook",
        ),
        ("--", "--: passing is not legal here"),
        (
            "N@f3",
            "N@f3 is not legal: no such piece in hand or the square is taken",
        ),
    ] {
        assert_eq!(
            read(&start, san).map_err(|e| e.to_string()),
            Err(message.to_string()),
            "{san}"
        );
    }
    let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        read(&pinned, "Nc3").unwrap_err().to_string(),
        "Nc3 is not legal: leaves king in check"
    );
    let checked = pos("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1");
    assert!(matches!(
        read(&checked, "Ra2"),
        Err(SanError::LeavesCheck { .. })
    ));
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(
        read(&p, "Nd2").unwrap_err().to_string(),
        "Nd2 is ambiguous: it could be Nbd2, Nfd2"
    );
}

#[test]
fn malformed_pgn_is_an_error_not_a_panic() {
    let cases: [(&str, KindTest); 6] = [
        ("[Event \"x\"]\n\n1. e4 {never closed\n", |k| {
            matches!(k, PgnErrorKind::UnterminatedComment { opened: 3 })
        }),
        ("1. e4 (1. d4 d5 *\n", |k| {
            matches!(k, PgnErrorKind::UnclosedVariation { opened: 1 })
        }),
        ("1. e4 e5 ) 2. Nf3 *", |k| {
            matches!(k, PgnErrorKind::UnmatchedParenthesis)
        }),
        ("[Event \"x\"\n1. e4 *", |k| {
            matches!(k, PgnErrorKind::BadTag(_))
        }),
        ("[Event x]\n1. e4 *", |k| {
            matches!(k, PgnErrorKind::BadTag(_))
        }),
        ("[ \"x\"]\n1. e4 *", |k| {
            matches!(k, PgnErrorKind::BadTag(_))
        }),
    ];
    for (text, expected) in cases {
        let err = read_all(text).unwrap_err();
        assert!(expected(&err.kind), "{text:?}: {err}");
        assert_eq!(err.game, 1);
    }
    // Every prefix and many corruptions of a real file: errors or games, never a panic.
    let text = data("famous.pgn");
    let chess = chess();
    let mut rng = Rng(12345);
    for cut in (0..text.len()).step_by(7) {
        if !text.is_char_boundary(cut) {
            continue;
        }
        for g in PgnReader::new(&text[..cut]).flatten() {
            let _ = Game::<u64>::from_pgn(&g, &chess);
        }
    }
    let bytes = text.as_bytes();
    for _ in 0..300 {
        let mut b = bytes.to_vec();
        for _ in 0..5 {
            let i = rng.below(b.len());
            let alphabet = b"{}()[]\";%$!?x+#=-0123456789abcdefghKQRBNP \n";
            b[i] = alphabet[rng.below(alphabet.len())];
        }
        let t = String::from_utf8_lossy(&b);
        for g in PgnReader::new(&t).flatten() {
            let _ = Game::<u64>::from_pgn(&g, &chess);
        }
    }
}

#[test]
fn repetition_counts_castling_rights_and_the_side_to_move() {
    let chess = chess();
    let mut g = Game::<u64>::from_variant(&chess).unwrap();
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        g.play_san(san).unwrap();
        assert_eq!(g.outcome(), None, "{san}");
    }
    assert_eq!(
        g.repetitions(),
        2,
        "after 4. Ng1: the position after 2. Ng1 twice"
    );
    g.play_san("Ng8").unwrap();
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert!(matches!(g.play_san("e4"), Err(GameError::Over(_))));
    g.undo();
    assert_eq!(g.outcome(), None);

    // The king's walk loses the castling rights: same pieces, different position.
    let mut g = Game::<u64>::from_variant(&chess).unwrap();
    for san in ["e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8"] {
        g.play_san(san).unwrap();
    }
    assert_eq!(g.repetitions(), 1);
    for san in ["Ke2", "Ke7", "Ke1", "Ke8"] {
        g.play_san(san).unwrap();
    }
    // Third time these pieces stand so with White to move, but the first had castling rights.
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    g.play_san("Ke2").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_san("Ke7").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn fifty_moves_agreement_and_resignation() {
    let chess = chess();
    let start = pos("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    let mut g = Game::new(start);
    g.play_san("Ra2").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_san("Kd7").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
    assert!(g.play_san("Ra3").is_err());
    // A pawn move resets the count.
    let mut g = Game::new(pos("4k3/8/8/8/8/8/P7/4K3 w - - 99 80"));
    g.play_san("a4").unwrap();
    assert_eq!(g.outcome(), None);

    let mut g = Game::<u64>::from_variant(&chess).unwrap();
    g.play_san("d4").unwrap();
    g.offer_draw(Seat(0)).unwrap();
    assert_eq!(g.accept_draw(Seat(0)), Err(GameError::OwnDrawOffer(0)));
    g.accept_draw(Seat(1)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    assert_eq!(g.to_pgn(&[]).tag("Result"), Some("1/2-1/2"));

    let mut g = Game::<u64>::from_variant(&chess).unwrap();
    g.play_san("e4").unwrap();
    g.resign(Seat(1)).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::Resignation
        })
    );
    assert_eq!(g.to_pgn(&[]).result(), Some("1-0"));
    assert!(matches!(g.offer_draw(Seat(0)), Err(GameError::Over(_))));
}

#[test]
fn pgn_export_reads_back_to_the_same_moves() {
    let chess = chess();
    for file in ["famous.pgn", "special.pgn"] {
        for pgn in read_all(&data(file)).unwrap() {
            let game = Game::<u64>::from_pgn(&pgn, &chess).unwrap();
            let tags: Vec<(&str, &str)> = pgn
                .tags
                .iter()
                .filter(|(n, _)| n != "FEN" && n != "SetUp")
                .map(|(n, v)| (n.as_str(), v.as_str()))
                .collect();
            let out: PgnGame = game.to_pgn(&tags);
            let text = out.to_string();
            assert!(text.lines().all(|l| l.len() <= 80), "{text}");
            let names: Vec<&str> = out.tags.iter().map(|(n, _)| n.as_str()).collect();
            let roster: Vec<&str> = text
                .lines()
                .take(7)
                .map(|l| l[1..].split(' ').next().unwrap())
                .collect();
            assert_eq!(
                roster,
                ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
            );
            assert_eq!(
                names.contains(&"FEN"),
                pgn.tag("FEN").is_some(),
                "FEN tag only for set-up positions"
            );
            let back = read_all(&text).unwrap().remove(0);
            assert_eq!(back.tags, out.tags);
            let replayed = Game::<u64>::from_pgn(&back, &chess).unwrap();
            assert_eq!(replayed.moves(), game.moves(), "{text}");
            assert_eq!(replayed.start(), game.start());
            assert_eq!(back.result(), pgn.tag("Result"));
        }
    }
    // A game starting with Black to move numbers its first move `n...`.
    let mut g = Game::new(pos("4k3/8/8/8/8/8/8/R3K3 b - - 0 40"));
    g.play_san("Kd7").unwrap();
    g.play_san("Ra7+").unwrap();
    let text = g.to_pgn(&[("White", "A \"quoted\" name")]).to_string();
    assert!(text.contains("[White \"A \\\"quoted\\\" name\"]"), "{text}");
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 40\"]"));
    assert!(text.ends_with("\n\n40... Kd7 41. Ra7+ *\n"), "{text}");
    let back = read_all(&text).unwrap().remove(0);
    assert_eq!(back.tag("White"), Some("A \"quoted\" name"));
}

#[test]
fn chess960_castling_is_written_by_wing() {
    let v = Variant::builtin("chess960").unwrap();
    // King on b1, rooks a1 and h1: O-O-O puts the king on c1 and the rook on d1.
    let p = Pos::from_fen(&v, "1k5r/8/8/8/8/8/8/RK5R w AHh - 0 1").unwrap();
    let moves = p.legal_moves();
    let castles: Vec<String> = moves
        .iter()
        .filter(|m| m.kind() == tetrarch_rules::MoveKind::Castle)
        .map(|&m| SanPlus::from_move(&p, m).to_string())
        .collect();
    assert_eq!(castles.len(), 2, "{castles:?}");
    assert!(castles.contains(&"O-O".to_string()));
    assert!(castles.contains(&"O-O-O".to_string()));
    for &m in moves.iter() {
        let s = SanPlus::from_move(&p, m).to_string();
        assert_eq!(read(&p, &s), Ok(m), "{s}");
    }
}
