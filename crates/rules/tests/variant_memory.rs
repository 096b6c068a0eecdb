//! Compiled variants are shared while used and freed after: a long-running
//! process that loads a thousand different variant files (a server taking
//! users' files) keeps memory bounded. Alone in its test binary, so no other
//! test holds compiled rules meanwhile.

use tetrarch_rules::variant::{builtin, live_compiled_rules};
use tetrarch_rules::{Position, Variant, Wide};

/// Resident memory of this process, in KiB (Linux).
fn rss_kib() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4)
}

/// A distinct definition: the same rules under the number `i`.
fn variant(base: &str, name: &str, i: usize) -> Variant {
    let text = base.replacen(
        &format!("name = \"{name}\""),
        &format!("name = \"{name}-{i}\""),
        1,
    );
    Variant::from_toml(&text, &format!("user-{i}.toml")).expect("a valid variant")
}

#[test]
fn loading_a_thousand_variants_keeps_memory_bounded() {
    let chess = builtin("chess").unwrap();
    let fourway = builtin("fourway-teams").unwrap();
    let play = |i: usize| {
        let v = variant(chess, "chess", i);
        let pos = Position::<u64>::start(&v);
        assert_eq!(pos.legal_moves().len(), 20);
        let w = variant(fourway, "fourway-teams", i);
        assert_eq!(Position::<Wide>::start(&w).legal_moves().len(), 20);
    };
    for i in 0..50 {
        play(i);
    }
    let warm = rss_kib();
    for i in 50..1_050 {
        play(i);
        assert!(
            live_compiled_rules() <= 2,
            "compiled rules outlive their variants"
        );
    }
    if let (Some(before), Some(after)) = (warm, rss_kib()) {
        let growth = after.saturating_sub(before);
        println!(
            "resident memory: {before} KiB after 50 loads, {after} KiB after 1,050 (+{growth} KiB)"
        );
        // One leaked compile of these two variants is over a megabyte.
        assert!(
            growth < 64 * 1024,
            "memory grew by {growth} KiB over 1,000 loads"
        );
    }
    // Loads of one definition share one compile.
    let a = Variant::from_toml(chess, "mine.toml").unwrap();
    let b = Variant::from_toml(chess, "mine.toml").unwrap();
    let (pa, pb) = (Position::<u64>::start(&a), Position::<u64>::start(&b));
    assert!(std::sync::Arc::ptr_eq(pa.shared_rules(), pb.shared_rules()));
    assert_eq!(pa, pb, "the same variant loaded twice: the same position");
    drop((a, b, pa, pb));
    assert_eq!(live_compiled_rules(), 0);
}
