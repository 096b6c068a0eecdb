//! The variant files under `crates/rules/variants/`, embedded at build time.
//! They live inside this crate so that it packages on its own; the
//! top-level `variants` is a link to them.

const BUILTIN: &[(&str, &str)] = &[
    ("chess", include_str!("../../variants/chess.toml")),
    ("chess960", include_str!("../../variants/chess960.toml")),
    ("threecheck", include_str!("../../variants/threecheck.toml")),
    ("euroshogi", include_str!("../../variants/euroshogi.toml")),
    (
        "fourway-teams",
        include_str!("../../variants/fourway-teams.toml"),
    ),
    (
        "fourway-original",
        include_str!("../../variants/fourway-original.toml"),
    ),
    (
        "fourway-ffa",
        include_str!("../../variants/fourway-ffa.toml"),
    ),
    (
        "european-ffa",
        include_str!("../../variants/european-ffa.toml"),
    ),
    (
        "european-teams",
        include_str!("../../variants/european-teams.toml"),
    ),
    (
        "european-koth",
        include_str!("../../variants/european-koth.toml"),
    ),
    (
        "european-koth-teams",
        include_str!("../../variants/european-koth-teams.toml"),
    ),
    (
        "european-checks",
        include_str!("../../variants/european-checks.toml"),
    ),
    (
        "european-checks-teams",
        include_str!("../../variants/european-checks-teams.toml"),
    ),
    (
        "european-lightning",
        include_str!("../../variants/european-lightning.toml"),
    ),
    (
        "european-lightning-teams",
        include_str!("../../variants/european-lightning-teams.toml"),
    ),
    (
        "european-ctf",
        include_str!("../../variants/european-ctf.toml"),
    ),
    (
        "european-ctf-teams",
        include_str!("../../variants/european-ctf-teams.toml"),
    ),
    (
        "european-team-battle",
        include_str!("../../variants/european-team-battle.toml"),
    ),
    (
        "fourway-chesscom-teams",
        include_str!("../../variants/fourway-chesscom-teams.toml"),
    ),
    (
        "fourway-chesscom-ffa",
        include_str!("../../variants/fourway-chesscom-ffa.toml"),
    ),
];

/// The TOML text of a built-in variant.
///
/// ```
/// assert!(tetrarch_rules::variant::builtin("chess").unwrap().contains("castling"));
/// ```
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Names of the built-in variants.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}
