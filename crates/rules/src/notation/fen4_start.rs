//! chess.com's named four-player starts, `4PC` and `4PCo`, which its files
//! write where a FEN4 is expected (`[StartFen4 "4PC"]`). They are part of
//! the notation, not of a variant: any variant on the 4-Way Chess board
//! reads them, and one whose board they do not fit says so.

/// chess.com's current start, `4PC`: as the older one, except that Blue
/// has its queen on a8 and king on a7 and Green its king on n8 and queen on
/// n7 (every king then stands to the right of its queen as its player
/// sees it, as White's does in chess).
pub const FEN4_4PC: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/\
bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/\
bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/\
x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

/// chess.com's older start, `4PCo`, which is the seed's 4-Way Chess start:
/// every queen on a light square (Blue K a8 Q a7, Green Q n8 K n7).
pub const FEN4_4PCO: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/\
bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/\
bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/\
x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

/// The named starts: name as chess.com writes it, and its FEN4.
pub const NAMED_STARTS: [(&str, &str); 2] = [("4PC", FEN4_4PC), ("4PCo", FEN4_4PCO)];

/// The FEN4 a start name stands for (case ignored, spaces around it too).
///
/// ```
/// use tetrarch_rules::notation::fen4_start::{FEN4_4PC, named_start};
/// assert_eq!(named_start(" 4PC "), Some(FEN4_4PC));
/// assert!(named_start("4pco").is_some());
/// assert_eq!(named_start("R-0,0,0,0"), None);
/// ```
pub fn named_start(text: &str) -> Option<&'static str> {
    let text = text.trim();
    NAMED_STARTS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(text))
        .map(|&(_, fen4)| fen4)
}

/// The name of a start given as the FEN4 Tetrarch writes, if it is one.
///
/// ```
/// use tetrarch_rules::notation::fen4_start::{FEN4_4PCO, start_name};
/// assert_eq!(start_name(FEN4_4PCO), Some("4PCo"));
/// assert_eq!(start_name("B-0,0,0,0"), None);
/// ```
pub fn start_name(fen4: &str) -> Option<&'static str> {
    NAMED_STARTS
        .iter()
        .find(|(_, text)| *text == fen4.trim())
        .map(|&(name, _)| name)
}
