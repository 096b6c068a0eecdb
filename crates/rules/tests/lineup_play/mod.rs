//! Line-ups of nations in play, for the power tests: positions from FEN4,
//! moves as UCI text, pieces by square.

use crate::european_fen::{PLAYED, fen};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Position, Square, Variant};

pub type Pos = Position<u64>;

pub fn lineup(ids: &str) -> Variant {
    Variant::builtin("european-ffa")
        .unwrap()
        .with_lineup(ids, &[])
        .unwrap_or_else(|e| panic!("{ids}: {e}"))
}

pub fn pos(v: &Variant, text: &str) -> Pos {
    Pos::from_fen(v, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn moves(p: &Pos) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|&m| UciMove::from_move(p, m).to_string())
        .collect();
    v.sort();
    v
}

pub fn with_prefix(p: &Pos, prefix: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

pub fn play(p: &Pos, text: &str) -> Pos {
    let m = text
        .parse::<UciMove>()
        .unwrap()
        .to_move(p)
        .unwrap_or_else(|_| panic!("{text} is not legal in {}: {:?}", p.to_fen(), moves(p)));
    p.play(m).unwrap()
}

/// Each move of a line of UCI moves, in turn.
pub fn play_line(p: &Pos, line: &str) -> Pos {
    line.split_whitespace().fold(p.clone(), |p, m| play(&p, m))
}

pub fn piece(p: &Pos, sq: &str) -> Option<(u8, char)> {
    let cell = p.variant().geometry.cell(sq.parse::<Square>().unwrap())?;
    p.piece_at(cell)
        .map(|pc| (pc.seat.0, p.variant().pieces[pc.kind.idx()].letter))
}

pub fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A line-up of `ids` from short rows, red to move, every seat past its
/// opening turns.
pub fn red_to_move(ids: &str, rows: [&str; 8]) -> Pos {
    pos(&lineup(ids), &fen('R', PLAYED, rows))
}

/// A game with chance steps replays exactly without its seed: its steps
/// played again on a game of another seed, and its record read back, give
/// the same moves and the same position; the record holds `mark`.
pub fn assert_replays_with_another_seed(game: &tetrarch_rules::AnyGame, mark: &str) {
    use tetrarch_rules::family::RecordFormat;
    let moves = game.moves();
    let mut replay = tetrarch_rules::AnyGame::new(game.variant());
    replay.set_seed(OTHER_SEED);
    for m in &moves {
        replay.play_step(m).unwrap();
    }
    assert_eq!(replay.position_text(), game.position_text());
    assert_eq!(replay.moves(), moves);
    let record = game.record(&[]);
    assert!(record.contains(mark), "{record}");
    let format = RecordFormat::for_file(None, &record, Some(game.variant())).unwrap();
    let read: Vec<_> = format
        .read(&record, Some(game.variant()))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert_eq!(read[0].game.moves(), moves);
    assert_eq!(read[0].game.position_text(), game.position_text());
}

/// A seed none of the tests' random games uses.
const OTHER_SEED: u64 = 0x5eed_0743;
