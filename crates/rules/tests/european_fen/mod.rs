//! FEN4 of European Chess positions written short, for the tests.

/// A FEN4 of the base game: side to move, optional extras, board rows from
/// rank 8 down. The eliminated flags follow the board.
pub fn fen(turn: char, extras: &str, rows: [&str; 8]) -> String {
    let kings: Vec<bool> = ['r', 'b', 'y', 'g']
        .iter()
        .map(|c| !rows.iter().any(|r| r.contains(&format!("{c}K"))))
        .collect();
    let out: Vec<&str> = kings.iter().map(|&o| if o { "1" } else { "0" }).collect();
    let extras = if extras.is_empty() {
        String::new()
    } else {
        format!("{{{extras}}}-")
    };
    // Rows are written short, `1rP` for `1,rP`.
    let row = |r: &str| {
        r.split(',')
            .map(|t| match t.find(|c: char| c.is_ascii_alphabetic()) {
                Some(i) if i > 0 => format!("{},{}", &t[..i], &t[i..]),
                _ => t.to_string(),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{turn}-{}-0,0,0,0-0,0,0,0-0,0,0,0-0-{extras}{}",
        out.join(","),
        rows.map(row).join("/")
    )
}

/// Every seat past its opening turns.
pub const PLAYED: &str = "'turns':(2,2,2,2)";
