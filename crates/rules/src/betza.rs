//! Betza notation: a piece's movement written as atoms (`W`, `F`, `N`, ...)
//! with direction and mode modifiers, parsed into single-direction steps.

use std::fmt;
use std::str::FromStr;

/// One direction a piece may move in, in the piece's own frame (forward is `+dy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Files moved per step.
    pub dx: i8,
    /// Ranks moved per step, forward positive.
    pub dy: i8,
    /// Steps taken at most: 1 for a leap, 0 for an unlimited ride.
    pub range: u8,
    /// May end on an empty square.
    pub moves: bool,
    /// May end on an enemy piece, capturing it.
    pub captures: bool,
    /// Only from the piece's initial ranks (a pawn's double step).
    pub initial: bool,
    /// A leap that is blocked by a piece on the squares it passes (`nD`).
    pub lame: bool,
    /// A leap that must pass over pieces: every square it passes is
    /// occupied (`jD`, the Hurons' ambush).
    pub hop: bool,
}

impl Step {
    /// Whether this step is an unlimited orthogonal or diagonal ride that
    /// both moves and captures: what magic bitboards serve.
    pub fn is_line_ride(&self) -> bool {
        self.range == 0
            && self.moves
            && self.captures
            && !self.initial
            && !self.lame
            && !self.hop
            && self.dx.abs() <= 1
            && self.dy.abs() <= 1
    }
    /// Whether this is a plain leap: one jump, from anywhere.
    pub fn is_plain_leap(&self) -> bool {
        self.range == 1 && !self.initial && !self.lame && !self.hop
    }
}

/// A piece's movement: the union of its steps.
///
/// ```
/// use tetrarch_rules::Movement;
/// let pawn: Movement = "fmWfcFifmnD".parse().unwrap();
/// assert_eq!(pawn.steps.len(), 4);
/// let knight: Movement = "N".parse().unwrap();
/// assert_eq!(knight.steps.len(), 8);
/// let queen: Movement = "Q".parse().unwrap();
/// assert!(queen.steps.iter().all(|s| s.is_line_ride()));
/// assert!("fmX".parse::<Movement>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    /// Every single-direction step, deduplicated.
    pub steps: Vec<Step>,
    source: String,
}

/// What is wrong with a Betza string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Betza '{text}' at character {at}: {reason}")]
pub struct BetzaError {
    /// The whole string.
    pub text: String,
    /// 1-based character position of the problem.
    pub at: usize,
    /// What is wrong there.
    pub reason: String,
}

fn atom(c: char) -> Option<&'static [(i8, i8, bool)]> {
    // (a, b, rides): the leap (a, b) with all its symmetries; true for the
    // atoms that are riders by themselves (R, B, Q).
    Some(match c {
        'W' => &[(1, 0, false)],
        'F' => &[(1, 1, false)],
        'D' => &[(2, 0, false)],
        'N' => &[(2, 1, false)],
        'A' => &[(2, 2, false)],
        'H' => &[(3, 0, false)],
        'C' | 'L' => &[(3, 1, false)],
        'Z' | 'J' => &[(3, 2, false)],
        'G' => &[(3, 3, false)],
        'K' => &[(1, 0, false), (1, 1, false)],
        'R' => &[(1, 0, true)],
        'B' => &[(1, 1, true)],
        'Q' => &[(1, 0, true), (1, 1, true)],
        _ => return None,
    })
}

fn symmetries(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let p = (x * sx, y * sy);
                if !v.contains(&p) {
                    v.push(p);
                }
            }
        }
    }
    v
}

/// Whether `(dx, dy)` lies in the direction named by `token`.
fn in_direction(token: &str, dx: i8, dy: i8) -> bool {
    let (ax, ay) = (dx.abs(), dy.abs());
    match token {
        "f" => dy > 0,
        "b" => dy < 0,
        "l" => dx < 0,
        "r" => dx > 0,
        "v" => dx == 0 || ay > ax,
        "s" => dy == 0 || ax > ay,
        "ff" | "fv" => dy > 0 && ay > ax,
        "bb" | "bv" => dy < 0 && ay > ax,
        "ll" | "ls" => dx < 0 && ax > ay,
        "rr" | "rs" => dx > 0 && ax > ay,
        "fs" => dy > 0 && ax > ay,
        "bs" => dy < 0 && ax > ay,
        "fl" | "lf" => dy > 0 && dx < 0,
        "fr" | "rf" => dy > 0 && dx > 0,
        "bl" | "lb" => dy < 0 && dx < 0,
        "br" | "rb" => dy < 0 && dx > 0,
        _ => false,
    }
}

impl FromStr for Movement {
    type Err = BetzaError;

    fn from_str(text: &str) -> Result<Movement, BetzaError> {
        let err = |at: usize, reason: &str| BetzaError {
            text: text.to_string(),
            at: at + 1,
            reason: reason.to_string(),
        };
        let chars: Vec<char> = text.chars().collect();
        if chars.is_empty() {
            return Err(err(0, "empty movement"));
        }
        let mut steps: Vec<Step> = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let start = i;
            let before = steps.len();
            let mut dirs = String::new();
            let (mut m, mut c, mut initial, mut lame) = (false, false, false, false);
            let mut hop = false;
            while i < chars.len() && chars[i].is_ascii_lowercase() {
                match chars[i] {
                    'f' | 'b' | 'l' | 'r' | 'v' | 's' => dirs.push(chars[i]),
                    'm' => m = true,
                    'c' => c = true,
                    'i' => initial = true,
                    'n' => lame = true,
                    'j' => hop = true,
                    other => return Err(err(i, &format!("unknown modifier '{other}'"))),
                }
                i += 1;
            }
            let Some(&letter) = chars.get(i) else {
                return Err(err(start, "modifiers without an atom"));
            };
            let Some(parts) = atom(letter) else {
                return Err(err(i, &format!("unknown atom '{letter}'")));
            };
            i += 1;
            let mut range = None;
            if chars.get(i) == Some(&letter) {
                range = Some(0);
                i += 1;
            } else {
                let digits: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                if !digits.is_empty() {
                    let n: u8 = digits
                        .parse()
                        .ok()
                        .filter(|n| (1..=16).contains(n))
                        .ok_or_else(|| err(i, "range must be 1 to 16"))?;
                    range = Some(n);
                    i += digits.len();
                }
            }
            let (moves, captures) = match (m, c) {
                (false, false) => (true, true),
                mc => mc,
            };
            for &(a, b, rides) in parts {
                let oblique = a != b && b != 0;
                let diagonal = a == b;
                if lame && hop {
                    return Err(err(start, "'n' and 'j' contradict each other"));
                }
                // `nW4`: a lame leap of four single steps, as `nD` is of two.
                let unit_length = range.filter(|_| a == 1 && !rides);
                if (lame || hop) && (oblique || (a == 1 && unit_length.is_none_or(|n| n < 2))) {
                    let m = if lame { 'n' } else { 'j' };
                    return Err(err(
                        start,
                        &format!(
                            "'{m}' applies only to straight leaps such as D or A, or W and F with a length (nW4)"
                        ),
                    ));
                }
                let tokens = direction_tokens(&dirs, oblique || diagonal);
                for (dx, dy) in symmetries(a, b) {
                    if !tokens.is_empty() && !tokens.iter().any(|t| in_direction(t, dx, dy)) {
                        continue;
                    }
                    let (dx, dy, unit) = if lame || hop {
                        let g = a.max(b);
                        (dx / g, dy / g, unit_length.unwrap_or(g as u8))
                    } else {
                        (dx, dy, 1)
                    };
                    let step = Step {
                        dx,
                        dy,
                        range: if lame || hop {
                            unit
                        } else {
                            range.unwrap_or(if rides { 0 } else { 1 })
                        },
                        moves,
                        captures,
                        initial,
                        lame,
                        hop,
                    };
                    if !steps.contains(&step) {
                        steps.push(step);
                    }
                }
            }
            if steps.len() == before && !parts.is_empty() && dirs.is_empty() {
                // Every direction was already listed: a repeat, harmless.
            } else if steps.len() == before {
                return Err(err(start, "the modifiers leave no direction"));
            }
        }
        Ok(Movement {
            steps,
            source: text.to_string(),
        })
    }
}

/// Split direction letters into tokens: pairs where the atom can take them.
fn direction_tokens(dirs: &str, pairs: bool) -> Vec<String> {
    let b = dirs.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if i + 1 < b.len() {
            let pair = &dirs[i..i + 2];
            let doubled = b[i] == b[i + 1];
            if doubled || (pairs && in_direction_known(pair)) {
                out.push(pair.to_string());
                i += 2;
                continue;
            }
        }
        out.push(dirs[i..i + 1].to_string());
        i += 1;
    }
    out
}

fn in_direction_known(pair: &str) -> bool {
    matches!(
        pair,
        "fv" | "bv"
            | "ls"
            | "rs"
            | "fs"
            | "bs"
            | "fl"
            | "lf"
            | "fr"
            | "rf"
            | "bl"
            | "lb"
            | "br"
            | "rb"
    )
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(m: &str) -> Vec<(i8, i8, u8)> {
        let mut v: Vec<_> = m
            .parse::<Movement>()
            .unwrap()
            .steps
            .iter()
            .map(|s| (s.dx, s.dy, s.range))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn atoms_and_modifiers() {
        assert_eq!(dirs("K").len(), 8);
        assert_eq!(dirs("fW"), vec![(0, 1, 1)]);
        assert_eq!(dirs("sW"), vec![(-1, 0, 1), (1, 0, 1)]);
        assert_eq!(dirs("fF"), vec![(-1, 1, 1), (1, 1, 1)]);
        assert_eq!(dirs("ffN"), vec![(-1, 2, 1), (1, 2, 1)]);
        assert_eq!(dirs("frF"), vec![(1, 1, 1)]);
        assert_eq!(dirs("WW"), dirs("R"));
        assert_eq!(
            dirs("R4").iter().map(|d| d.2).collect::<Vec<_>>(),
            vec![4; 4]
        );
        assert_eq!(dirs("NN").iter().filter(|d| d.2 == 0).count(), 8);
        // The EuroShogi general: one step orthogonally or diagonally forward.
        assert_eq!(dirs("WfF").len(), 6);
    }

    #[test]
    fn pawn_modes() {
        let pawn: Movement = "fmWfcFifmnD".parse().unwrap();
        let push = pawn
            .steps
            .iter()
            .find(|s| s.range == 1 && s.dx == 0)
            .unwrap();
        assert!(push.moves && !push.captures);
        let double = pawn.steps.iter().find(|s| s.initial).unwrap();
        assert_eq!((double.dx, double.dy, double.range), (0, 1, 2));
        assert!(double.lame && !double.captures);
        assert!(
            pawn.steps
                .iter()
                .filter(|s| s.dx != 0)
                .all(|s| s.captures && !s.moves)
        );
    }

    #[test]
    fn jumps_must_pass_over_a_piece() {
        let m: Movement = "jDmfjA".parse().unwrap();
        assert_eq!(m.steps.len(), 6);
        assert!(m.steps.iter().all(|s| s.hop && !s.lame && s.range == 2));
        assert!(m.steps.iter().all(|s| s.dx.abs() <= 1 && s.dy.abs() <= 1));
        let diagonal: Vec<_> = m.steps.iter().filter(|s| s.dx != 0 && s.dy != 0).collect();
        assert_eq!(diagonal.len(), 2);
        assert!(diagonal.iter().all(|s| s.dy == 1 && s.moves && !s.captures));
        assert!(
            !m.steps
                .iter()
                .any(|s| s.is_plain_leap() || s.is_line_ride())
        );
        let e = "jN".parse::<Movement>().unwrap_err();
        assert!(e.reason.contains("'j' applies only"), "{e:?}");
        assert!("jW".parse::<Movement>().is_err());
        let four: Movement = "ifmnW4".parse().unwrap();
        assert_eq!(four.steps.len(), 1);
        let s = four.steps[0];
        assert_eq!(
            (s.dx, s.dy, s.range, s.lame, s.initial),
            (0, 1, 4, true, true)
        );
        assert!("nW".parse::<Movement>().is_err());
        assert!("nW1".parse::<Movement>().is_err());
        let e = "njD".parse::<Movement>().unwrap_err();
        assert!(e.reason.contains("contradict"), "{e:?}");
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = "fmWx".parse::<Movement>().unwrap_err();
        assert_eq!(e.at, 4);
        assert!(
            "fm".parse::<Movement>()
                .unwrap_err()
                .reason
                .contains("without an atom")
        );
        assert!("W0".parse::<Movement>().is_err());
        assert!("nN".parse::<Movement>().is_err());
        assert!("".parse::<Movement>().is_err());
    }
}
