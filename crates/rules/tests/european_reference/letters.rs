//! Letters in a line-up, written again from `docs/nations.md`: a nation's
//! kind whose letter an earlier seat's different kind already has is
//! written with the first letter a-z that no kind of the line-up uses
//! (the base's, and every seat's nation's as its file writes them); a
//! later seat's same kind under the same file letter shares it.

use super::RefKind;
use super::nations::RefNation;
use super::powers::RefPower;

/// The nations with their kinds renamed where letters clash, and the
/// line-up's kinds (the base's first).
pub fn settle(mut nations: [RefNation; 4], base: Vec<RefKind>) -> ([RefNation; 4], Vec<RefKind>) {
    let file_letters: Vec<char> = nations
        .iter()
        .flat_map(|n| n.kinds.iter().map(|k| k.letter))
        .collect();
    let mut kinds = base;
    // (file letter, line-up letter) of kinds renamed so far.
    let mut renamed: Vec<(char, char)> = Vec::new();
    for n in nations.iter_mut() {
        let mut map: Vec<(char, char)> = Vec::new();
        for k in &n.kinds {
            let same = |have: &RefKind| {
                let mut k = k.clone();
                k.letter = have.letter;
                *have == k
            };
            let letter = if let Some(have) = kinds.iter().find(|h| {
                same(h) && (h.letter == k.letter || renamed.contains(&(k.letter, h.letter)))
            }) {
                have.letter
            } else if kinds.iter().all(|h| h.letter != k.letter) {
                kinds.push(k.clone());
                k.letter
            } else {
                let free = ('a'..='z')
                    .find(|&l| kinds.iter().all(|h| h.letter != l) && !file_letters.contains(&l))
                    .expect("a free letter");
                renamed.push((k.letter, free));
                kinds.push(RefKind {
                    letter: free,
                    ..k.clone()
                });
                free
            };
            if letter != k.letter {
                map.push((k.letter, letter));
            }
        }
        if !map.is_empty() {
            rename(n, &map);
        }
    }
    (nations, kinds)
}

fn rename(n: &mut RefNation, map: &[(char, char)]) {
    let to = |l: char| map.iter().find(|&&(a, _)| a == l).map_or(l, |&(_, b)| b);
    for k in &mut n.kinds {
        k.letter = to(k.letter);
    }
    n.setup = Box::leak(n.setup.chars().map(to).collect::<String>().into_boxed_str());
    n.promotions.iter_mut().for_each(|l| *l = to(*l));
    n.limits.iter_mut().for_each(|(l, _)| *l = to(*l));
    n.powers.iter_mut().for_each(|p| p.rename(&to));
}

impl RefPower {
    /// The same power naming the kinds by their line-up letters.
    fn rename(&mut self, to: &impl Fn(char) -> char) {
        let all = |v: &mut Vec<char>| v.iter_mut().for_each(|l| *l = to(*l));
        let pairs = |v: &mut Vec<(char, char)>| {
            v.iter_mut().for_each(|(a, b)| {
                *a = to(*a);
                *b = to(*b);
            })
        };
        match self {
            RefPower::Relocate { kinds: Some(k), .. } => all(k),
            RefPower::MoveTwo { kinds, .. } => *kinds = (to(kinds.0), to(kinds.1)),
            RefPower::DestroyAttacked { sources }
            | RefPower::DestroyAdjacent { sources }
            | RefPower::ConvertAdjacent { sources } => all(sources),
            RefPower::NoRevenge { kinds }
            | RefPower::NoLeapTwice { kinds }
            | RefPower::BecomeCaptured { kinds }
            | RefPower::UPath { kinds, .. }
            | RefPower::CaptureRange { kinds, .. } => all(kinds),
            RefPower::Transform { pairs: p, .. } | RefPower::BecomeInArea { pairs: p, .. } => {
                pairs(p)
            }
            RefPower::Place { kind, .. } | RefPower::Militia { kind, .. } => *kind = to(*kind),
            RefPower::Revive { homes, .. } => homes.iter_mut().for_each(|(_, l)| *l = to(*l)),
            RefPower::MoveAgain { near, .. } => all(near),
            RefPower::Deploy { reserve, first, .. } => {
                all(reserve);
                all(first);
            }
            RefPower::Secrecy {
                stand_in, cards, ..
            } => {
                *stand_in = to(*stand_in);
                pairs(cards);
            }
            RefPower::Cargo { kind, cargo } => {
                *kind = to(*kind);
                *cargo = cargo.chars().map(to).collect();
            }
            _ => {}
        }
    }
}
