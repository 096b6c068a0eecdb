//! Bulk-counting perft of the reference crates cozy-chess and shakmaty,
//! written the idiomatic fast way for each, so `tetrarch bench perft` and
//! the criterion bench compare tetrarch against the same code.

/// cozy-chess perft, counting the last ply by `PieceMoves::len`.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// shakmaty perft, counting the last ply by the length of the move list.
pub fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    match depth {
        0 => 1,
        1 => pos.legal_moves().len() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                shakmaty_perft(&child, depth - 1)
            })
            .sum(),
    }
}
