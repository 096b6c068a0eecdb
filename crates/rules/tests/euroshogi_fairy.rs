//! EuroShogi against Fairy-Stockfish (Debian's `fairy-stockfish`, which has
//! the variant): along seeded random games, our perft divide and its
//! `go perft` must list the same moves with the same counts.
//!
//! The test needs the program (`.ci/run` installs it). Without it the test
//! fails, unless `TETRARCH_NO_FAIRY=1` says to skip it on purpose.

use crate::fairy;

use fairy::{fairy_or_skip, ours};
use tetrarch_rules::{Position, Variant};

#[test]
fn random_games_agree_with_fairy_stockfish() {
    let Some(mut fairy) = fairy_or_skip("euroshogi") else {
        return;
    };
    let variant = Variant::builtin("euroshogi").unwrap();
    let mut seed = 0x5EED_0001_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut compared, mut drops, mut promotions) = (0, 0, 0);
    for _game in 0..200 {
        let mut pos = Position::<u64>::start(&variant);
        for ply in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 5 == 0 {
                let fen = pos.to_fen();
                let (a, b) = (ours(&pos, 2), fairy.divide(&fen, 2));
                assert_eq!(a, b, "divide 2 of {fen}");
                compared += 1;
                drops += a.keys().filter(|m| m.contains('@')).count();
                promotions += a.keys().filter(|m| m.ends_with('+')).count();
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
        }
    }
    // The games must have reached what makes EuroShogi different.
    assert!(compared > 5000, "{compared} positions");
    assert!(
        drops > 1000 && promotions > 100,
        "{drops} drops, {promotions} promotions"
    );
}
