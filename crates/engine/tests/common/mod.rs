//! Helpers shared by the engine's tests (each test file uses some of them).
#![allow(dead_code)]

/// A FEN4 position from `(square, piece)` pairs such as `("h1", "rK")`,
/// `turn` one of `R B Y G`. Seats without a king are flagged eliminated (a
/// frozen army under Regicide, a removed player under the Original rules).
pub fn fen4(turn: char, pieces: &[(&str, &str)]) -> String {
    let mut board = [[None::<&str>; 14]; 14];
    for &(sq, p) in pieces {
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse().unwrap();
        assert!(board[rank - 1][file].is_none(), "{sq} twice");
        board[rank - 1][file] = Some(p);
    }
    let corner = |f: usize, r: usize| !(3..=10).contains(&f) && !(3..=10).contains(&r);
    let mut rows = Vec::new();
    for (r, row) in board.iter().enumerate().rev() {
        let mut cells = Vec::new();
        let mut empty = 0;
        for (f, &piece) in row.iter().enumerate() {
            let cell = if corner(f, r) { Some("x") } else { piece };
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        cells.push(empty.to_string());
                        empty = 0;
                    }
                    cells.push(c.to_string());
                }
            }
        }
        if empty > 0 {
            cells.push(empty.to_string());
        }
        rows.push(cells.join(","));
    }
    let elim: Vec<&str> = "rbyg"
        .chars()
        .map(|c| {
            let king = format!("{c}K");
            if pieces.iter().any(|&(_, p)| p == king) {
                "0"
            } else {
                "1"
            }
        })
        .collect();
    format!(
        "{turn}-{}-0,0,0,0-0,0,0,0-0,0,0,0-0-{}",
        elim.join(","),
        rows.join("/")
    )
}

/// The output lines of a UCI session fed `input`.
pub fn session(input: &str) -> Vec<String> {
    let out =
        tetrarch_engine::uci::run(input.as_bytes(), Vec::new()).expect("the loop ends cleanly");
    String::from_utf8(out)
        .expect("UTF-8 output")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The moves of the `bestmove` lines.
pub fn bestmoves(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect()
}

/// The `info string error:` lines.
pub fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .collect()
}
