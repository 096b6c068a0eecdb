//! Four-player search: king captures (Regicide teams and free-for-all),
//! mates under the Original rules (hand-made FEN4 positions, checked by
//! brute force), legality over random positions of every four-player
//! variant, and terminal positions.

use tetrarch_engine::search::{FfaStrategy, Limits, Score, Searcher};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::variant::TeamOut;
use tetrarch_rules::{Outcome, Position, Seat, Variant, Wide};

use crate::common;
use common::fen4;

fn pos(variant: &str, fen: &str) -> Position<Wide> {
    let v = Variant::builtin(variant).unwrap();
    Position::<Wide>::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn uci(p: &Position<Wide>, m: tetrarch_rules::Move) -> String {
    UciMove::from_move(p, m).to_string()
}

fn legal(p: &Position<Wide>) -> Vec<String> {
    p.legal_moves().iter().map(|&m| uci(p, m)).collect()
}

fn limits(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// The best move (UCI) and reported score of a search to `depth` plies.
fn best(variant: &str, fen: &str, depth: u32, ffa: FfaStrategy) -> (String, Score) {
    let v = Variant::builtin(variant).unwrap();
    let p = pos(variant, fen);
    let mut s = Searcher::<Position<Wide>>::new(&v, 4);
    s.ffa_strategy = ffa;
    let r = s.search(&p, &[], &limits(depth), &mut |_| {});
    let m = r.best.unwrap_or_else(|| panic!("{fen}: no move"));
    assert!(p.legal_moves().contains(&m), "{fen}: illegal {m:?}");
    (uci(&p, m), s.score(r.score))
}

/// Whether the team of seat `us` can force a win within `n` of its own
/// moves, the other side moving in between (brute force over legal moves).
fn forced_win(p: &Position<Wide>, us: Seat, n: u32) -> bool {
    match p.outcome() {
        Some(Outcome::Win { winner, .. }) => return p.allied(winner, us),
        Some(Outcome::Draw(_)) => return false,
        None => {}
    }
    if n == 0 {
        return false;
    }
    let moves = p.legal_moves();
    let ours = p.allied(p.turn(), us);
    let mut child = |&m: &tetrarch_rules::Move| {
        let mut c = p.clone();
        c.play_unchecked(m);
        forced_win(&c, us, if ours { n - 1 } else { n })
    };
    if ours {
        moves.iter().any(&mut child)
    } else {
        moves.iter().all(&mut child)
    }
}

/// Red rook on e3 can take Blue's king on e8 or Blue's queen on k3.
const KING_OR_QUEEN: [(&str, &str); 5] = [
    ("h1", "rK"),
    ("e3", "rR"),
    ("e8", "bK"),
    ("k3", "bQ"),
    ("g14", "yK"),
];

#[test]
fn teams_king_capture_in_one() {
    // Green's king is on the board: taking Blue's freezes Blue, no win yet.
    let mut pieces = KING_OR_QUEEN.to_vec();
    pieces.push(("n7", "gK"));
    let fen = fen4('R', &pieces);
    assert!(legal(&pos("fourway-teams", &fen)).contains(&"e3k3".to_string()));
    for depth in [1, 2, 4] {
        let (m, _) = best("fourway-teams", &fen, depth, FfaStrategy::default());
        assert_eq!(m, "e3e8", "depth {depth}");
    }
    // Green's king already taken (a frozen rook left): taking Blue's wins.
    pieces.pop();
    pieces.push(("n7", "gR"));
    let fen = fen4('R', &pieces);
    let p = pos("fourway-teams", &fen);
    assert_eq!(p.alive_seats(), 0b0111);
    let (m, score) = best("fourway-teams", &fen, 3, FfaStrategy::default());
    assert_eq!((m.as_str(), score), ("e3e8", Score::Mate(1)));
}

#[test]
fn ffa_king_capture_in_one() {
    let mut pieces = KING_OR_QUEEN.to_vec();
    pieces.push(("n7", "gK"));
    let fen = fen4('R', &pieces);
    for ffa in [FfaStrategy::Paranoid, FfaStrategy::BestReply] {
        for depth in [1, 2, 4] {
            let (m, _) = best("fourway-ffa", &fen, depth, ffa);
            assert_eq!(m, "e3e8", "{ffa:?} depth {depth}");
        }
    }
    // Yellow and Green are frozen: Blue's king is the last one but Red's.
    let pieces = [
        ("h1", "rK"),
        ("e3", "rR"),
        ("e8", "bK"),
        ("k3", "bQ"),
        ("g13", "yP"),
        ("m7", "gP"),
    ];
    let fen = fen4('R', &pieces);
    for ffa in [FfaStrategy::Paranoid, FfaStrategy::BestReply] {
        let (m, score) = best("fourway-ffa", &fen, 3, ffa);
        assert_eq!((m.as_str(), score), ("e3e8", Score::Mate(1)), "{ffa:?}");
    }
    // Blue to move takes Red's king in a free-for-all too.
    let pieces = [
        ("h1", "rK"),
        ("h9", "bR"),
        ("k1", "rQ"),
        ("g14", "yK"),
        ("n7", "gK"),
        ("a8", "bK"),
    ];
    let fen = fen4('B', &pieces);
    for ffa in [FfaStrategy::Paranoid, FfaStrategy::BestReply] {
        let (m, _) = best("fourway-ffa", &fen, 2, ffa);
        assert_eq!(m, "h9h1", "{ffa:?}");
    }
}

/// Blue is out; Red and Yellow move as one army (written `R`) against
/// Green alone, whose king is boxed in by its own pawns.
fn original_mate_in_one() -> String {
    fen4(
        'R',
        &[
            ("h1", "rK"),
            ("h4", "rR"),
            ("g14", "yK"),
            ("n7", "gK"),
            ("m6", "gP"),
            ("m7", "gP"),
            ("m8", "gP"),
        ],
    )
}

/// As above with Green's king free: two rooks need two moves.
fn original_mate_in_two() -> String {
    fen4(
        'R',
        &[
            ("h1", "rK"),
            ("d4", "rR"),
            ("d11", "rR"),
            ("g14", "yK"),
            ("n7", "gK"),
        ],
    )
}

#[test]
fn original_positions_are_what_they_claim() {
    let p = pos("fourway-original", &original_mate_in_one());
    assert_eq!(p.moving_seats(), 0b0101, "the combined army moves");
    assert!(legal(&p).contains(&"h4n4".to_string()));
    assert!(
        legal(&p).contains(&"g14g13".to_string()),
        "Yellow's king too"
    );
    assert!(forced_win(&p, Seat(0), 1));
    let p = pos("fourway-original", &original_mate_in_two());
    assert_eq!(p.moving_seats(), 0b0101);
    assert!(!forced_win(&p, Seat(0), 1));
    assert!(forced_win(&p, Seat(0), 2));
}

#[test]
fn original_mate_in_one_and_two() {
    let fen = original_mate_in_one();
    let (m, score) = best("fourway-original", &fen, 2, FfaStrategy::default());
    assert_eq!((m.as_str(), score), ("h4n4", Score::Mate(1)));
    let fen = original_mate_in_two();
    let (m, score) = best("fourway-original", &fen, 4, FfaStrategy::default());
    assert_eq!(score, Score::Mate(2), "{m}");
    // The move keeps a forced win in one more move.
    let mut p = pos("fourway-original", &fen);
    let mv = m.parse::<UciMove>().unwrap().to_move(&p).unwrap();
    p.play_unchecked(mv);
    assert!(forced_win(&p, Seat(0), 1), "{m}");
}

#[test]
fn original_mate_removes_the_next_player() {
    // All four in; Red mates Blue (next to move) on the a-file: Blue is
    // removed at once; Yellow has its own turn, then Green, then Red and
    // Yellow move together.
    let fen = fen4(
        'R',
        &[
            ("h1", "rK"),
            ("h4", "rR"),
            ("a8", "bK"),
            ("b7", "bP"),
            ("b8", "bP"),
            ("b9", "bP"),
            ("g14", "yK"),
            ("n7", "gK"),
            ("m6", "gP"),
            ("m8", "gP"),
        ],
    );
    let (m, _) = best("fourway-original", &fen, 3, FfaStrategy::default());
    assert_eq!(m, "h4a4");
    let mut p = pos("fourway-original", &fen);
    p.play_unchecked("h4a4".parse::<UciMove>().unwrap().to_move(&p).unwrap());
    assert_eq!(p.alive_seats(), 0b1101, "Blue is out");
    assert_eq!((p.turn(), p.moving_seats()), (Seat(2), 0b0100));
}

/// chess.com's Teams: a mate ends the game, so Red mates Blue (next to
/// move) on the a-file and the search scores it as a win in one; the
/// position after it is decided, with no move to search.
#[test]
fn chesscom_teams_mate_in_one_wins() {
    let fen = fen4(
        'R',
        &[
            ("h1", "rK"),
            ("e10", "rR"),
            ("a4", "bK"),
            ("b4", "bP"),
            ("b5", "bP"),
            ("g14", "yK"),
            ("n8", "gK"),
        ],
    );
    let (m, score) = best("fourway-chesscom-teams", &fen, 3, FfaStrategy::default());
    assert_eq!((m.as_str(), score), ("e10a10", Score::Mate(1)));
    let mut p = pos("fourway-chesscom-teams", &fen);
    p.play_unchecked(m.parse::<UciMove>().unwrap().to_move(&p).unwrap());
    let v = Variant::builtin("fourway-chesscom-teams").unwrap();
    let mut s = Searcher::<Position<Wide>>::new(&v, 1);
    assert!(s.search(&p, &[], &limits(2), &mut |_| {}).best.is_none());
}

#[test]
fn decided_games_have_no_move() {
    // Both enemy kings taken (their armies frozen): the game is over.
    let fen = fen4(
        'B',
        &[("h1", "rK"), ("g14", "yK"), ("a8", "bR"), ("n7", "gR")],
    );
    for variant in ["fourway-teams", "fourway-ffa"] {
        let v = Variant::builtin(variant).unwrap();
        let p = pos(variant, &fen);
        let mut s = Searcher::<Position<Wide>>::new(&v, 1);
        let r = s.search(&p, &[], &limits(2), &mut |_| {});
        let decided = p.teams_decided();
        assert_eq!(r.best.is_none(), decided, "{variant}");
    }
}

/// Random playouts of every length, searched at small limits: the move
/// returned is always legal, and `None` only when nothing can be played.
fn playouts(variant: &str, games: usize, seed: u64) {
    let v = Variant::builtin(variant).unwrap();
    let mut rng = seed;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut s = Searcher::<Position<Wide>>::new(&v, 2);
    let (mut searched, mut decided, mut frozen, mut won) = (0, 0, 0, 0);
    for g in 0..games {
        let mut p = Position::<Wide>::start(&v);
        let plies = next() % 400;
        let mut history = Vec::new();
        for _ in 0..plies {
            if p.teams_decided() {
                break;
            }
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Two games in three prefer captures, to reach late positions.
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| {
                    p.piece_at(m.to())
                        .is_some_and(|x| !p.allied(x.seat, p.turn()))
                })
                .collect();
            let m = if g % 3 != 0 && !captures.is_empty() && next() % 4 != 0 {
                captures[(next() % captures.len() as u64) as usize]
            } else {
                moves[(next() % moves.len() as u64) as usize]
            };
            let mut c = p.clone();
            c.play_unchecked(m);
            if c.teams_decided() && next() % 4 != 0 {
                // Mostly search the position before the deciding move.
                break;
            }
            history.push(p.hash());
            p = c;
        }
        s.ffa_strategy = if g % 2 == 0 {
            FfaStrategy::Paranoid
        } else {
            FfaStrategy::BestReply
        };
        let limits = Limits {
            depth: Some(1 + (g % 4) as u32),
            nodes: Some(1_000),
            ..Limits::default()
        };
        let r = s.search(&p, &history, &limits, &mut |_| {});
        let legal = p.legal_moves();
        if p.alive_seats().count_ones() < 4 {
            frozen += 1;
        }
        let wins = |m: tetrarch_rules::Move| {
            let mut c = p.clone();
            c.play_unchecked(m);
            matches!(c.outcome(), Some(Outcome::Win { winner, .. }) if p.allied(winner, p.turn()))
        };
        match r.best {
            Some(m) => {
                assert!(
                    legal.contains(&m),
                    "{variant}: illegal {m:?} in {}",
                    p.to_fen()
                );
                if r.depth >= 1 && legal.iter().any(|&w| wins(w)) {
                    assert!(wins(m), "{variant}: missed a win in {}", p.to_fen());
                    won += 1;
                }
            }
            None => {
                assert!(
                    legal.is_empty() || p.teams_decided(),
                    "{variant}: no move in {}",
                    p.to_fen()
                );
                decided += 1;
            }
        }
        searched += 1;
    }
    assert_eq!(searched, games);
    eprintln!("{variant}: {frozen} positions with a king gone, {decided} over, {won} won in one");
    // The playouts reach the late game: kings gone (where a lost king
    // ends the game, games over and wins in one instead), games over.
    let late = if v.rules.team_out == TeamOut::OneSeat {
        decided + won
    } else {
        frozen
    };
    assert!(
        late > games / 20,
        "{variant}: {frozen} with a king gone, {decided} over, {won} won in one"
    );
    assert!(decided > 0, "{variant}: no finished game");
}

#[test]
fn never_plays_an_illegal_move_in_fourway_teams() {
    playouts("fourway-teams", 300, 0x1234_5678);
}

#[test]
fn never_plays_an_illegal_move_in_fourway_original() {
    playouts("fourway-original", 300, 0x9abc_def1);
}

#[test]
fn never_plays_an_illegal_move_in_fourway_chesscom_teams() {
    playouts("fourway-chesscom-teams", 300, 0x5eed_4c0c);
}

#[test]
fn never_plays_an_illegal_move_in_fourway_ffa() {
    playouts("fourway-ffa", 300, 0x0fed_cba9);
}
